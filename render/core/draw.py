"""Drawing primitives over a Pillow image, with cached text and piece sprites.

Rendering text through FreeType costs ~0.1 ms a call; pasting a cached sprite ~0.01 ms. The
:class:`Canvas` therefore renders every (text, size, style, colour) once per process into an RGBA
sprite and pastes it afterwards; pieces (circles, squares, diamonds with a letter) likewise, drawn
4× larger and scaled down once for smooth edges. Coordinates are pixels, ``(0, 0)`` top-left.
"""

from __future__ import annotations

import math
import threading
from collections.abc import Callable, Hashable, Sequence
from functools import lru_cache

from PIL import Image, ImageDraw

from . import fonts
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


@lru_cache(maxsize=4096)
def text_width(text: str, size: int = MIN_TEXT, style: str = "regular") -> int:
    """Advance width of ``text`` in pixels (rounded up)."""
    with _FT_LOCK:
        f = fonts.font(size, style)
        return math.ceil(f.getlength(_shown(text, f)))


@lru_cache(maxsize=64)
def line_height(size: int = MIN_TEXT, style: str = "regular") -> int:
    """Height of a text line box (ascent + descent) in pixels."""
    with _FT_LOCK:
        ascent, descent = fonts.font(size, style).getmetrics()
    return ascent + descent


@lru_cache(maxsize=8192)
def _text_sprite(text: str, size: int, style: str, fill: RGB) -> Image.Image:
    with _FT_LOCK:
        f = fonts.font(size, style)
        w = text_width(text, size, style) + 2
        h = line_height(size, style)
        mask = Image.new("L", (max(1, w), max(1, h)), 0)
        ImageDraw.Draw(mask).text((1, 0), _shown(text, f), font=f, fill=255, anchor="la")
    sprite = Image.new("RGBA", mask.size, (*fill, 0))
    sprite.putalpha(mask)
    return sprite


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
    """An RGB image plus cached drawing helpers. ``canvas.image`` is the picture."""

    def __init__(self, image: Image.Image) -> None:
        self.image = image
        self.draw = ImageDraw.Draw(image)

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
    ) -> int:
        """Draw one line of ``text``; returns its width in pixels.

        ``anchor`` is two letters: horizontal ``l``/``m``/``r`` (left, middle, right of the text)
        and vertical ``t``/``m``/``b`` (top, middle, bottom of the line box) placed at ``(x, y)``.
        ``max_width`` truncates with an ellipsis. ``size`` is raised to :data:`MIN_TEXT`.
        """
        if not text:
            return 0
        size = max(size, MIN_TEXT)
        if max_width is not None:
            text = fit(text, max_width, size, style)
        sprite = _text_sprite(text, size, style, fill)
        w, h = sprite.size
        ha, va = anchor[0], anchor[1] if len(anchor) > 1 else "t"
        px = x - 1 if ha == "l" else x - w / 2 if ha == "m" else x - w + 1
        py = y if va == "t" else y - h / 2 if va == "m" else y - h
        self.image.paste(sprite, (round(px), round(py)), sprite)
        return w - 2

    def text_in(self, rect: Rect, text: str, *, size: int = MIN_TEXT, style: str = "regular",
                fill: RGB = INK, align: str = "l", pad: int = 4) -> int:
        """Draw ``text`` vertically centred in ``rect``, aligned ``l``/``m``/``r``, truncated to fit."""
        x = rect.x + pad if align == "l" else rect.cx if align == "m" else rect.x2 - pad
        return self.text(x, rect.y + rect.h / 2, text, size=size, style=style, fill=fill,
                         anchor=align + "m", max_width=max(1, rect.w - 2 * pad))

    def runs(self, x: float, y: float, parts: Sequence[tuple[str, str]], *, size: int = MIN_TEXT,
             fill: RGB = INK, gap: int = 0, anchor_v: str = "t", max_x: float | None = None) -> float:
        """Draw ``(text, style)`` runs left to right from ``(x, y)``; returns the x after the last.

        Runs that would pass ``max_x`` are truncated (and later runs dropped).
        """
        for text, style in parts:
            if max_x is not None:
                room = int(max_x - x)
                if room <= text_width(ELLIPSIS, size, style):
                    break
                w = self.text(x, y, text, size=size, style=style, fill=fill, anchor="l" + anchor_v, max_width=room)
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

        ``title_right`` is drawn right-aligned in the strip; ``title_reserve`` keeps that many pixels
        at the right of the strip free (for text drawn later) by truncating the title.
        """
        self.rect(rect, fill=fill, outline=outline, width=1)
        if not title:
            return rect.inset(1)
        bar, body = rect.take_top(title_h)
        self.rect(bar, fill=title_fill)
        tcol = TITLE_TEXT if title_fill == TITLE_BAR else text_on(title_fill)
        right_w = title_reserve
        if title_right:
            right_w = self.text(bar.x2 - 8, bar.cy, title_right, size=title_size, style="regular",
                                fill=tcol, anchor="rm") + 12 + title_reserve
        self.text(bar.x + 8, bar.cy, title, size=title_size, style="bold", fill=tcol, anchor="lm",
                  max_width=bar.w - 16 - right_w)
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
    line_height.cache_clear()
    _text_sprite.cache_clear()
    _piece_sprite.cache_clear()
