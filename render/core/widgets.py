"""Small composite widgets shared by game pictures: the decision box of a header, a player panel's
title strip, a badge, and a legend laid out in a few lines.

Every text is fitted to its room (:func:`render.core.draw.fit_text`), so translated words never
run over their neighbours; a legend leaves out the entries that do not fit its lines instead of
cutting them.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from . import palette as pal
from .draw import MIN_TEXT, Canvas, Overflow, fit_text, text_width
from .layout import Rect

#: Draws a legend entry's symbol centred at ``(x, y)``.
Marker = Callable[[Canvas, float, float], None]


def fitted_width(text: str, room: int, size: int = MIN_TEXT, style: str = "bold") -> int:
    """Width of ``text`` once fitted into ``room`` pixels (what :meth:`Canvas.text` draws with
    ``max_width=room``)."""
    return fit_text(text, max(1, room), size, style).width


def prompt_box(c: Canvas, box: Rect, text: str, fill: pal.RGB, *, piece: tuple[pal.RGB, str] | None = None,
               size: int = 20) -> None:
    """A header box holding a decision or a result: ``fill`` background, an optional player
    square (colour, letters) at the left, ``text`` in bold in up to two lines."""
    c.rect(box, fill=fill, outline=pal.PANEL, width=2)
    line_h = (box.h - 2) // 2
    if piece is None:
        c.text_box(box, text, size=size, style="bold", pad=10, max_lines=2, line_h=line_h)
        return
    colour, letters = piece
    c.piece(box.x + 24, box.cy, 34, 28, fill=colour, letter=letters, shape="square")
    c.text_box(Rect(box.x + 44, box.y, box.w - 44, box.h), text, size=size, style="bold", pad=6, max_lines=2,
               line_h=line_h)


def player_header(c: Canvas, strip: Rect, colour: pal.RGB, letters: str, name: str, name_room: int = 200) -> int:
    """A player panel's title strip: tinted background, a colour bar, the player's square and name.
    Returns the x where the strip's free room starts (after the name)."""
    c.rect(strip, fill=pal.tint(colour, 0.6), outline=pal.BORDER)
    c.rect(Rect(strip.x, strip.y, 8, strip.h), fill=colour)
    c.piece(strip.x + 32, strip.cy, 32, 28, fill=colour, letter=letters, shape="square")
    return strip.x + 54 + c.text(strip.x + 54, strip.cy, name, style="bold", anchor="lm", max_width=name_room)


def badge(c: Canvas, strip: Rect, right: int, label: str, room: int = 160) -> int:
    """A dark label box ending at ``right`` inside ``strip`` (e.g. "▶ TO ACT"); returns its left x."""
    w = fitted_width(label, room) + 16
    box = Rect(right - w, strip.y + 5, w, strip.h - 10)
    c.rect(box, fill=pal.INK)
    c.text_in(box, label, style="bold", fill=pal.TITLE_TEXT, align="m")
    return box.x


def legend(c: Canvas, r: Rect, entries: Sequence[tuple[Marker | None, str]], *, max_lines: int = 2,
           line_h: int = 24, sep: str = "   |   ") -> int:
    """Legend entries left to right in at most ``max_lines`` lines of ``r`` (condensed text).

    An entry is ``(marker, text)``: a marker draws its symbol in a 30-px place before the text;
    entries without one are separated from the previous text by ``sep``. Entries that no longer fit
    the last line are left out (a legend is never cut mid-word). Returns how many were drawn.
    """
    room = r.w - 8

    def width(entry: tuple[Marker | None, str], first: bool) -> int:
        marker, text = entry
        if marker is not None:
            return 34 + text_width(text, MIN_TEXT, "condensed") + 14
        return text_width(text if first else sep + text, MIN_TEXT, "condensed")

    lines: list[list[tuple[Marker | None, str]]] = [[]]
    used = 0
    for entry in entries:
        w = width(entry, not lines[-1])
        if lines[-1] and used + w > room:
            if len(lines) == max_lines:
                c.record_overflow(Overflow(entry[1], "", w, room))  # left out: a test names it
                continue
            lines.append([])
            w = width(entry, True)
            used = 0
        lines[-1].append(entry)
        used += w
    top = r.cy - len(lines) * line_h / 2
    for i, line in enumerate(lines):
        cy = top + i * line_h + line_h / 2
        x = r.x + 4
        for k, (marker, text) in enumerate(line):
            if marker is not None:
                marker(c, x + 15, cy)
                x += 34
                x += c.text(x, cy, text, style="condensed", anchor="lm", max_width=r.x2 - 4 - x) + 14
            else:
                shown = text if k == 0 or line[k - 1][0] is not None else sep + text
                x += c.text(x, cy, shown, style="condensed", anchor="lm", max_width=r.x2 - 4 - x)
    return sum(len(line) for line in lines)
