"""Font lookup by file name over the standard system font folders, cached, never fatal.

:func:`font` returns DejaVu Sans (regular, bold, condensed) when a file of that name is found
under one of :data:`FONT_DIRS`; otherwise Pillow's own scalable default font
(``ImageFont.load_default(size=…)``). A missing font therefore never breaks a render; it only
changes the look — but Pillow's default font has no Polish or Cyrillic letters (they come out as
boxes), so falling back logs a warning once. DejaVu Sans covers Latin (Polish, German) and
Cyrillic (Russian). Sizes are pixel heights (the em size FreeType is asked for).
"""

from __future__ import annotations

import logging
import os
from functools import cache
from pathlib import Path

from PIL import Image, ImageDraw, ImageFont

Font = ImageFont.FreeTypeFont | ImageFont.ImageFont

log = logging.getLogger(__name__)
_warned = False

#: Font file names tried, in order, for each style.
FONT_FILES: dict[str, tuple[str, ...]] = {
    "regular": ("DejaVuSans.ttf", "DejaVu Sans.ttf", "NotoSans-Regular.ttf", "LiberationSans-Regular.ttf"),
    "bold": ("DejaVuSans-Bold.ttf", "DejaVu Sans Bold.ttf", "NotoSans-Bold.ttf", "LiberationSans-Bold.ttf"),
    "condensed": ("DejaVuSansCondensed.ttf", "DejaVuSans.ttf", "NotoSans-Regular.ttf"),
    "condensed_bold": ("DejaVuSansCondensed-Bold.ttf", "DejaVuSans-Bold.ttf", "NotoSans-Bold.ttf"),
}


def _font_dirs() -> list[Path]:
    dirs = [Path(d, "fonts") for d in os.environ.get("XDG_DATA_DIRS", "/usr/local/share:/usr/share").split(":") if d]
    dirs += [
        Path("/usr/share/fonts"),
        Path("/usr/local/share/fonts"),
        Path.home() / ".local/share/fonts",
        Path.home() / ".fonts",
        Path("/Library/Fonts"),
        Path("/System/Library/Fonts"),
        Path.home() / "Library/Fonts",
    ]
    windir = os.environ.get("WINDIR")
    if windir:
        dirs.append(Path(windir, "Fonts"))
    seen: list[Path] = []
    for d in dirs:
        if d not in seen:
            seen.append(d)
    return seen


#: Standard system font folders searched (recursively) for the files of :data:`FONT_FILES`.
FONT_DIRS: list[Path] = _font_dirs()


@cache
def _index() -> dict[str, Path]:
    """File name -> first path found under :data:`FONT_DIRS` (one walk per process)."""
    found: dict[str, Path] = {}
    wanted = {n for names in FONT_FILES.values() for n in names}
    for root in FONT_DIRS:
        if not root.is_dir():
            continue
        for dirpath, _dirs, files in os.walk(root):
            for f in files:
                if f in wanted and f not in found:
                    found[f] = Path(dirpath, f)
    return found


def find_font_file(name: str) -> Path | None:
    """Path of the font file called ``name`` in a standard font folder, or ``None``."""
    return _index().get(name)


@cache
def font(size: int, style: str = "regular") -> Font:
    """A font of pixel ``size`` (int ≥ 1) in ``style`` (a key of :data:`FONT_FILES`).

    Falls back to Pillow's default font at that size when no file is found or loadable (and logs
    a warning once: that font draws Polish and Russian letters as boxes).
    """
    global _warned
    for name in FONT_FILES.get(style, FONT_FILES["regular"]):
        path = find_font_file(name)
        if path is None:
            continue
        try:
            return ImageFont.truetype(str(path), size, layout_engine=ImageFont.Layout.BASIC)
        except OSError:
            continue
    if not _warned:
        _warned = True
        log.warning("no TrueType font found (tried %s under %s); using Pillow's default font, which has no "
                    "Polish or Cyrillic letters: install DejaVu Sans (fonts-dejavu-core)",
                    ", ".join(FONT_FILES.get(style, FONT_FILES["regular"])), ", ".join(map(str, FONT_DIRS)))
    return ImageFont.load_default(size=size)


def covers(text: str, size: int = 18, style: str = "regular") -> bool:
    """True when the font of ``style`` draws every letter of ``text`` (none comes out as the
    empty box of a missing glyph)."""
    f = font(size, style)
    missing = _glyph(f, "\U0010fffd", size)  # a private-use code point: the "missing" glyph
    return all(ch.isspace() or _glyph(f, ch, size) != missing for ch in text)


def _glyph(f: Font, ch: str, size: int) -> bytes:
    img = Image.new("L", (3 * size, 2 * size), 0)
    ImageDraw.Draw(img).text((0, 0), ch, font=f, fill=255)
    return img.tobytes()


def is_fallback(f: Font) -> bool:
    """True when ``f`` is Pillow's built-in default rather than a found system font."""
    path = getattr(f, "path", None)
    return not isinstance(path, str) or not any(path.endswith(n) for names in FONT_FILES.values() for n in names)


def clear_cache() -> None:
    """Forget found font files and loaded fonts (tests, or after installing fonts); warn again."""
    global _warned
    _warned = False
    _index.cache_clear()
    font.cache_clear()
