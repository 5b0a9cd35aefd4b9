"""Drawing primitives over a Pillow image, with cached text and piece sprites.

Rendering text through FreeType costs ~0.1 ms a call; pasting a cached sprite ~0.01 ms. The
:class:`Canvas` therefore renders every (text, size, style, colour) once per process into an RGBA
sprite and pastes it afterwards; pieces (circles, squares, diamonds with a letter) likewise, drawn
4× larger and scaled down once for smooth edges. Coordinates are pixels, ``(0, 0)`` top-left.

Texts are translated, so their length is not known in advance: a text drawn in a bounded box
(``max_width``, :meth:`Canvas.text_in`, :meth:`Canvas.text_box`) is fitted by :func:`fit_text`,
first in the condensed face, then one pixel smaller at a time down to :data:`MIN_TEXT`, and only
then cut with an ellipsis. Every cut (or a text running off the picture) is recorded as an
:class:`Overflow` in :attr:`Canvas.overflows` and in the active :func:`overflow_probe`, so tests
can prove that no label of any language is truncated.
"""

from __future__ import annotations

import io
import math
import threading
from collections.abc import Callable, Hashable, Iterator, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from functools import lru_cache

from PIL import Image, ImageDraw, ImageFont

from . import fonts
from . import palette as pal
from .layout import Rect
from .palette import BORDER, INK, MUTED, PANEL, RGB, TITLE_BAR, TITLE_TEXT, text_on

#: Smallest text size used anywhere (pixels); Discord previews stay legible above it.
MIN_TEXT = 18
ELLIPSIS = "…"
_SUPERSAMPLE = 4
# FreeType faces are not safe to share between threads while rendering; sprites are made under
# this lock (a cache miss is rare, so renders in worker threads hardly ever wait on it).
_FT_LOCK = threading.RLock()


# Pillow's fallback font lacks a few symbols the pictures use; they are spelt in ASCII with it.
_ASCII = str.maketrans({"▶": ">", "—": "-", "–": "-", "≥": ">=", "≤": "<=", "…": "...", "✓": "(ok)",
                        "←": "<-", "→": "->", "×": "x"})


def _shown(text: str, f: fonts.Font) -> str:
    return text.translate(_ASCII) if fonts.is_fallback(f) else text


#: The narrower face tried for each style before a text is drawn smaller.
CONDENSED: dict[str, str] = {"regular": "condensed", "bold": "condensed_bold", "condensed": "condensed",
                             "condensed_bold": "condensed_bold"}


@dataclass(frozen=True, slots=True)
class Overflow:
    """A text that did not fit its room even at the smallest size (so it was cut) or ran off the picture.

    ``text`` is what should have been drawn, ``shown`` what was drawn (``""``: dropped), ``width``
    its width at the smallest size tried and ``room`` the pixels it had.
    """

    text: str
    shown: str
    width: int
    room: int


@dataclass(frozen=True, slots=True)
class Fitted:
    """How a text is drawn to fit a width: the (possibly cut) ``text``, its ``size``, ``style``
    and ``width``; ``truncated`` when even the smallest condensed size was too wide."""

    text: str
    size: int
    style: str
    width: int
    truncated: bool


_PROBE: ContextVar[list[Overflow] | None] = ContextVar("render_overflow_probe", default=None)
_TEXTS: ContextVar[list[str] | None] = ContextVar("render_text_probe", default=None)


@contextmanager
def overflow_probe() -> Iterator[list[Overflow]]:
    """Collect the :class:`Overflow` of every canvas drawn on inside the ``with`` block.

    Static layers are cached: clear the renderer's caches inside the block to see their labels too.
    """
    found: list[Overflow] = []
    token = _PROBE.set(found)
    try:
        yield found
    finally:
        _PROBE.reset(token)


@contextmanager
def text_probe() -> Iterator[list[str]]:
    """Collect every text a :class:`Canvas` draws inside the ``with`` block, as drawn (after any
    fitting: a cut text ends with :data:`ELLIPSIS`), in drawing order: the words of a picture, so
    tests can check that a sentence was drawn whole (its wrapped lines follow each other).

    Static layers are cached: clear the renderer's caches inside the block to see their texts too.
    """
    found: list[str] = []
    token = _TEXTS.set(found)
    try:
        yield found
    finally:
        _TEXTS.reset(token)


@lru_cache(maxsize=4096)
def text_width(text: str, size: int = MIN_TEXT, style: str = "regular") -> int:
    """Advance width of ``text`` in pixels (rounded up)."""
    with _FT_LOCK:
        f = fonts.font(size, style)
        return math.ceil(f.getlength(_shown(text, f)))


@lru_cache(maxsize=64)
def line_height(size: int = MIN_TEXT, style: str = "regular") -> int:
    """Height of a text line box (ascent + descent) in pixels.

    Pillow's bitmap default font (a Pillow without FreeType, :func:`fonts.font`'s last fallback) has no
    metrics: its line box is the height of its tallest glyphs.
    """
    with _FT_LOCK:
        f = fonts.font(size, style)
        if not isinstance(f, ImageFont.FreeTypeFont):
            _left, top, _right, bottom = f.getbbox("Agjy|")
            return int(bottom - top)
        ascent, descent = f.getmetrics()
    return ascent + descent


@lru_cache(maxsize=8192)
def _text_sprite(text: str, size: int, style: str, fill: RGB, alpha_steps: int = 0) -> Image.Image:
    with _FT_LOCK:
        f = fonts.font(size, style)
        w = text_width(text, size, style) + 2
        h = line_height(size, style)
        mask = Image.new("L", (max(1, w), max(1, h)), 0)
        ImageDraw.Draw(mask).text((1, 0), _shown(text, f), font=f, fill=255, anchor="la")
    if alpha_steps >= 2:
        mask = mask.point(_alpha_table(alpha_steps))
    sprite = Image.new("RGBA", mask.size, (*fill, 0))
    sprite.putalpha(mask)
    return sprite


@lru_cache(maxsize=8)
def _alpha_table(steps: int) -> list[int]:
    """A lookup table snapping 0–255 coverage to ``steps`` evenly spaced levels."""
    return [round(round(a * (steps - 1) / 255) * 255 / (steps - 1)) for a in range(256)]


@lru_cache(maxsize=1024)
def _piece_sprite(
    shape: str, w: int, h: int, fill: RGB, outline: RGB, outline_w: int, letter: str, letter_fill: RGB,
    size: int,
) -> Image.Image:
    s = _SUPERSAMPLE
    big = Image.new("RGBA", (w * s, h * s), (*fill, 0))
    d = ImageDraw.Draw(big)
    box = (0, 0, w * s - 1, h * s - 1)
    ow = max(1, outline_w * s)
    if shape == "circle":
        d.ellipse(box, fill=fill, outline=outline, width=ow)
    elif shape == "diamond":
        pts = [(w * s / 2, 0), (w * s - 1, h * s / 2), (w * s / 2, h * s - 1), (0, h * s / 2)]
        d.polygon(pts, fill=outline)
        inset = ow * 1.45
        inner = [(w * s / 2, inset), (w * s - 1 - inset, h * s / 2), (w * s / 2, h * s - 1 - inset), (inset, h * s / 2)]
        d.polygon(inner, fill=fill)
    else:  # square: rounded corners
        d.rounded_rectangle(box, radius=min(w, h) * s // 5, fill=fill, outline=outline, width=ow)
    sprite = big.resize((w, h), Image.Resampling.LANCZOS)
    if letter:
        style = "bold" if text_width(letter, size, "bold") <= w - 2 else "condensed_bold"
        t = _text_sprite(letter, size, style, letter_fill)
        sprite.alpha_composite(t, ((w - t.width) // 2, max(0, (h - t.height) // 2)))
    return sprite


class Canvas:
    """An RGB image plus cached drawing helpers. ``canvas.image`` is the picture;
    ``text_alpha_steps`` limits the anti-aliasing levels of its text (0 = smooth)."""

    def __init__(self, image: Image.Image, *, text_alpha_steps: int = 0) -> None:
        self.image = image
        #: Anti-aliasing levels of text (0: all 256). A dense picture with much small text, saved
        #: as a palette PNG, is smaller and quicker to deflate with a few levels (e.g. 3).
        self.text_alpha_steps = text_alpha_steps
        self.draw = ImageDraw.Draw(image)
        #: Texts cut to fit or running off the picture (see :class:`Overflow`).
        self.overflows: list[Overflow] = []

    def record_overflow(self, item: Overflow) -> None:
        """Record ``item`` (a text cut or left out by a drawing helper) in :attr:`overflows` and in the
        active :func:`overflow_probe`."""
        self._overflow(item)

    def _overflow(self, item: Overflow) -> None:
        self.overflows.append(item)
        probe = _PROBE.get()
        if probe is not None:
            probe.append(item)

    # -- text -----------------------------------------------------------------------------
    def text(
        self,
        x: float,
        y: float,
        text: str,
        *,
        size: int = MIN_TEXT,
        style: str = "regular",
        fill: RGB = INK,
        anchor: str = "lt",
        max_width: int | None = None,
        record: bool = True,
    ) -> int:
        """Draw one line of ``text``; returns its width in pixels.

        ``anchor`` is two letters: horizontal ``l``/``m``/``r`` (left, middle, right of the text)
        and vertical ``t``/``m``/``b`` (top, middle, bottom of the line box) placed at ``(x, y)``.
        ``max_width`` fits the text with :func:`fit_text` (condensed, smaller, and only then cut
        with an ellipsis, which is recorded in :attr:`overflows` unless ``record`` is false).
        ``size`` is raised to :data:`MIN_TEXT`.
        """
        if not text:
            return 0
        size = max(size, MIN_TEXT)
        if max_width is not None:
            fitted = fit_text(text, max(0, int(max_width)), size, style)
            if fitted.truncated and record:
                self._overflow(Overflow(text, fitted.text, text_width(text, fitted.size, fitted.style),
                                        int(max_width)))
            text, size, style = fitted.text, fitted.size, fitted.style
            if not text:
                return 0
        texts = _TEXTS.get()
        if texts is not None:
            texts.append(text)
        sprite = _text_sprite(text, size, style, fill, self.text_alpha_steps)
        w, h = sprite.size
        ha, va = anchor[0], anchor[1] if len(anchor) > 1 else "t"
        px = x - 1 if ha == "l" else x - w / 2 if ha == "m" else x - w + 1
        py = y if va == "t" else y - h / 2 if va == "m" else y - h
        if round(px) + 1 < 0 or round(px) + w - 1 > self.image.width:
            self._overflow(Overflow(text, text, w - 2, self.image.width))
        self.image.paste(sprite, (round(px), round(py)), sprite)
        return w - 2

    def text_box(self, rect: Rect, text: str, *, size: int = MIN_TEXT, style: str = "regular", fill: RGB = INK,
                 align: str = "l", valign: str = "m", pad: int = 4, max_lines: int | None = None,
                 line_h: int | None = None, record: bool = True) -> int:
        """Draw ``text`` word-wrapped inside ``rect`` in as few lines as possible (at most
        ``max_lines``, default as many as fit); returns the lines used.

        For each number of lines the text is fitted like :func:`fit_text` (as it is, condensed,
        then smaller down to :data:`MIN_TEXT`) before one more line is tried; what does not fit in
        the last line is cut with an ellipsis (an :class:`Overflow` unless ``record`` is false:
        for free text such as a log line, not a label). ``align`` is ``l``/``m``/``r``, ``valign``
        ``t``/``m``/``b``; ``line_h`` is the line pitch (default: the font's line height).
        """
        if not text:
            return 0
        size = max(size, MIN_TEXT)
        room = max(1, rect.w - 2 * pad)
        narrow = CONDENSED.get(style, style)
        most = max_lines or max(1, (rect.h - 2 * pad) // (line_h or line_height(MIN_TEXT, narrow)))
        chosen: tuple[list[str], int, str] | None = None
        for count in range(1, most + 1):
            for s in range(size, MIN_TEXT - 1, -1):
                for st in dict.fromkeys((style, narrow)):
                    lines = wrap(text, room, s, st)
                    if len(lines) <= count and all(text_width(ln, s, st) <= room for ln in lines):
                        chosen = (lines, s, st)
                        break
                if chosen:
                    break
            if chosen:
                break
        cut = chosen is None
        if chosen is None:  # too long even small and condensed: the last line is cut
            lines = wrap(text, room, MIN_TEXT, narrow)
            chosen = (lines[: most - 1] + [" ".join(lines[most - 1:])], MIN_TEXT, narrow)
        lines, s, st = chosen
        pitch = line_h or line_height(s, st)
        total = len(lines) * pitch
        if valign == "t":
            y0: float = rect.y + pad
        elif valign == "b":
            y0 = rect.y2 - pad - total
        else:
            y0 = rect.y + (rect.h - total) / 2
        x = rect.x + pad if align == "l" else rect.cx if align == "m" else rect.x2 - pad
        before = len(self.overflows)
        for i, ln in enumerate(lines):
            self.text(x, y0 + i * pitch + pitch / 2, ln, size=s, style=st, fill=fill, anchor=align + "m",
                      max_width=room, record=record)
        if cut and record and len(self.overflows) == before:
            self._overflow(Overflow(text, " ".join(lines), text_width(text, s, st), room * most))
        return len(lines)

    def text_in(self, rect: Rect, text: str, *, size: int = MIN_TEXT, style: str = "regular",
                fill: RGB = INK, align: str = "l", pad: int = 4) -> int:
        """Draw ``text`` vertically centred in ``rect``, aligned ``l``/``m``/``r``, truncated to fit."""
        x = rect.x + pad if align == "l" else rect.cx if align == "m" else rect.x2 - pad
        return self.text(x, rect.y + rect.h / 2, text, size=size, style=style, fill=fill,
                         anchor=align + "m", max_width=max(1, rect.w - 2 * pad))

    def runs(self, x: float, y: float, parts: Sequence[tuple[str, str]], *, size: int = MIN_TEXT,
             fill: RGB = INK, gap: int = 0, anchor_v: str = "t", max_x: float | None = None,
             record: bool = True) -> float:
        """Draw ``(text, style)`` runs left to right from ``(x, y)``; returns the x after the last.

        When the runs would pass ``max_x`` they are all drawn condensed; a run that still does not
        fit is fitted (:func:`fit_text`) in the room left and later runs are dropped. Cut and
        dropped runs are recorded in :attr:`overflows` unless ``record`` is false.
        """
        full = False
        if max_x is not None and parts:
            natural = sum(text_width(t, size, st) for t, st in parts) + gap * (len(parts) - 1)
            narrow = [(t, CONDENSED.get(st, st)) for t, st in parts]
            if natural > max_x - x:
                parts = narrow  # the condensed face keeps as much of the line as possible
        for text, style in parts:
            if max_x is not None:
                room = int(max_x - x)
                if full or (text_width(text, size, style) > room and room <= text_width(ELLIPSIS, size, style)):
                    full = True
                    if text.strip() and record:
                        self._overflow(Overflow(text, "", text_width(text, size, style), max(0, room)))
                    continue
                w = self.text(x, y, text, size=size, style=style, fill=fill, anchor="l" + anchor_v, max_width=room,
                              record=record)
            else:
                w = self.text(x, y, text, size=size, style=style, fill=fill, anchor="l" + anchor_v)
            x += w + gap
        return x

    # -- shapes -------------------------------------------------------------------------
    def rect(self, rect: Rect, *, fill: RGB | None = None, outline: RGB | None = None, width: int = 1) -> None:
        """Fill and/or outline ``rect`` (outline drawn inside the rectangle)."""
        self.draw.rectangle(rect.box, fill=fill, outline=outline, width=width)

    def line(self, points: Sequence[tuple[float, float]], *, fill: RGB = BORDER, width: int = 1) -> None:
        """A polyline through ``points``."""
        self.draw.line(list(points), fill=fill, width=width)

    def panel(self, rect: Rect, title: str | None = None, *, fill: RGB = PANEL, outline: RGB = BORDER,
              title_fill: RGB = TITLE_BAR, title_h: int = 28, title_size: int = MIN_TEXT,
              title_right: str | None = None, title_reserve: int = 0) -> Rect:
        """A labelled box: outline, optional title strip; returns the content rectangle below it.

        ``title_right`` is drawn right-aligned in the strip, in the room the title leaves;
        ``title_reserve`` keeps that many pixels at the right of the strip free (for text drawn later).
        Both texts are fitted (:func:`fit_text`), the title first.
        """
        self.rect(rect, fill=fill, outline=outline, width=1)
        if not title:
            return rect.inset(1)
        bar, body = rect.take_top(title_h)
        self.rect(bar, fill=title_fill)
        tcol = TITLE_TEXT if title_fill == TITLE_BAR else text_on(title_fill)
        tw = self.text(bar.x + 8, bar.cy, title, size=title_size, style="bold", fill=tcol, anchor="lm",
                       max_width=bar.w - 16 - title_reserve)
        if title_right:
            self.text(bar.x2 - 8 - title_reserve, bar.cy, title_right, size=title_size, style="regular",
                      fill=tcol, anchor="rm", max_width=bar.w - 16 - title_reserve - tw - 24)
        return Rect(body.x + 1, body.y, body.w - 2, body.h - 1)

    def piece(self, cx: float, cy: float, w: int, h: int | None = None, *, fill: RGB, letter: str = "",
              shape: str = "circle", outline: RGB = BORDER, outline_w: int = 2, letter_fill: RGB | None = None,
              size: int = MIN_TEXT) -> None:
        """A game piece centred at ``(cx, cy)``: ``shape`` circle | square | diamond, ``w`` × ``h`` px,
        with ``letter`` (one or two characters) printed in a contrasting colour."""
        h = w if h is None else h
        lf = text_on(fill) if letter_fill is None else letter_fill
        sprite = _piece_sprite(shape, w, h, fill, outline, outline_w, letter, lf, max(size, MIN_TEXT))
        self.image.paste(sprite, (round(cx - w / 2), round(cy - h / 2)), sprite)

    def hollow(self, cx: float, cy: float, w: int, h: int | None = None, *, letter: str = "",
               shape: str = "circle", outline: RGB = MUTED) -> None:
        """An empty place for a piece: an outline with an optional grey letter."""
        self.piece(cx, cy, w, h, fill=PANEL, letter=letter, shape=shape, outline=outline, outline_w=1,
                   letter_fill=MUTED)

    def table(self, x: int, y: int, rows: Sequence[Sequence[str]], widths: Sequence[int], *, row_h: int = 24,
              size: int = MIN_TEXT, header: bool = True, aligns: str | None = None, fill: RGB = INK,
              grid: RGB | None = None) -> Rect:
        """A small text table; first row bold when ``header``. ``aligns`` per column (``l``/``m``/``r``).

        Returns the rectangle it covers.
        """
        aligns = aligns or "l" * len(widths)
        for r, row in enumerate(rows):
            cx = x
            for c, cell in enumerate(row):
                cell_rect = Rect(cx, y + r * row_h, widths[c], row_h)
                style = "bold" if header and r == 0 else "regular"
                self.text_in(cell_rect, str(cell), size=size, style=style, fill=fill, align=aligns[c], pad=3)
                cx += widths[c]
            if grid is not None and r < len(rows) - 1:
                yy = y + (r + 1) * row_h
                self.draw.line([(x, yy), (x + sum(widths) - 1, yy)], fill=grid, width=1)
        return Rect(x, y, sum(widths), row_h * len(rows))


def fit(text: str, max_width: int, size: int = MIN_TEXT, style: str = "regular") -> str:
    """``text`` cut with an ellipsis so that it is at most ``max_width`` pixels wide."""
    if text_width(text, size, style) <= max_width:
        return text
    lo, hi = 0, len(text)
    while lo < hi:  # longest prefix that fits with the ellipsis
        mid = (lo + hi + 1) // 2
        if text_width(text[:mid].rstrip() + ELLIPSIS, size, style) <= max_width:
            lo = mid
        else:
            hi = mid - 1
    return text[:lo].rstrip() + ELLIPSIS if lo else ""


@lru_cache(maxsize=8192)
def fit_text(text: str, max_width: int, size: int = MIN_TEXT, style: str = "regular",
             min_size: int = MIN_TEXT) -> Fitted:
    """Fit ``text`` into ``max_width`` pixels: as it is, else condensed, else one pixel smaller at a
    time (each size plain, then condensed) down to ``min_size`` (never below :data:`MIN_TEXT`);
    only then cut with an ellipsis at the smallest condensed size (``truncated``)."""
    min_size = max(MIN_TEXT, min(min_size, size))
    size = max(size, min_size)
    narrow = CONDENSED.get(style, style)
    for s in range(size, min_size - 1, -1):
        for st in dict.fromkeys((style, narrow)):
            w = text_width(text, s, st)
            if w <= max_width:
                return Fitted(text, s, st, w, False)
    cut = fit(text, max_width, min_size, narrow)
    return Fitted(cut, min_size, narrow, text_width(cut, min_size, narrow) if cut else 0, True)


def wrap(text: str, max_width: int, size: int = MIN_TEXT, style: str = "regular") -> list[str]:
    """Greedy word wrap of ``text`` into lines of at most ``max_width`` pixels."""
    lines: list[str] = []
    cur = ""
    for word in text.split():
        cand = f"{cur} {word}" if cur else word
        if cur and text_width(cand, size, style) > max_width:
            lines.append(cur)
            cur = word
        else:
            cur = cand
    if cur:
        lines.append(cur)
    return lines


class LayerCache:
    """A small LRU of pre-drawn static layers (backgrounds, frames, labels) keyed by anything hashable.

    :meth:`get` returns a fresh copy (the cached image is never drawn on).
    """

    def __init__(self, maxsize: int = 8) -> None:
        self.maxsize = maxsize
        self._items: dict[Hashable, Image.Image] = {}
        self._lock = threading.Lock()

    def get(self, key: Hashable, build: Callable[[], Image.Image]) -> Image.Image:
        """A copy of the layer for ``key``, building it with ``build()`` on a miss."""
        with self._lock:
            img = self._items.pop(key, None)
            if img is not None:
                self._items[key] = img  # most recently used last
        if img is None:
            img = build()
            with self._lock:
                self._items[key] = img
                while len(self._items) > self.maxsize:
                    self._items.pop(next(iter(self._items)))
        return img.copy()

    def clear(self) -> None:
        """Drop every cached layer."""
        with self._lock:
            self._items.clear()


def clear_caches() -> None:
    """Forget cached fonts, text widths and sprites (after the font search changes)."""
    fonts.clear_cache()
    text_width.cache_clear()
    fit_text.cache_clear()
    line_height.cache_clear()
    _text_sprite.cache_clear()
    _piece_sprite.cache_clear()


def png_bytes(img: Image.Image, compress_level: int) -> bytes:
    """``img`` encoded as PNG at ``compress_level`` (never ``optimize``: it is slow)."""
    buf = io.BytesIO()
    img.save(buf, format="PNG", compress_level=compress_level)
    return buf.getvalue()


#: Colours a palette PNG always keeps exactly: the interface's (a palette chosen from the picture
#: alone can shift a colour that covers few pixels); a game adds its pieces' colours (its
#: ``KEY_RGB``, e.g. ``palette_png(img, keep=(*KEY_RGB, *KEY_COLOURS))``).
KEY_COLOURS: tuple[RGB, ...] = tuple(dict.fromkeys((
    *pal.OKABE_ITO.values(),
    pal.BACKGROUND, pal.PANEL, pal.PANEL_ALT, pal.TITLE_BAR, pal.INK, pal.MUTED, pal.BORDER, pal.GRID,
    pal.UNAVAILABLE, pal.HIGHLIGHT, pal.THRESHOLD,
)))


def palette_png(img: Image.Image, *, colours: int = 64, compress_level: int = 3,
                keep: Sequence[RGB] = KEY_COLOURS) -> bytes:
    """``img`` as a palette PNG of at most ``colours`` colours, deflated at ``compress_level``.

    The palette is ``keep`` (exact: the player, worker and interface colours) plus the colours
    that best cover a small copy of the image (so equal pictures give equal bytes); every pixel
    takes its nearest palette colour, without dithering. A palette PNG holds a third of the raw
    bytes of an RGB one and needs no per-row filter search, so it is both smaller and several
    times faster to write (docs/rendering.md has the figures).
    """
    fixed = list(dict.fromkeys(tuple(c) for c in keep))[: max(0, colours - 8)]
    found = img.reduce(8).quantize(colours - len(fixed), method=Image.Quantize.FASTOCTREE,
                                   dither=Image.Dither.NONE)
    extra = found.getpalette() or []
    flat = [v for c in fixed for v in c] + extra[: 3 * (colours - len(fixed))]
    palette = Image.new("P", (1, 1))
    palette.putpalette(flat)  # no padding: the nearest-colour search looks at these entries only
    indexed = img.quantize(palette=palette, dither=Image.Dither.NONE)
    buf = io.BytesIO()
    indexed.save(buf, format="PNG", compress_level=compress_level)
    return buf.getvalue()
