"""The shared colours of the interface, for every game's pictures.

Each game ships the colours of its own pieces (``render/<game>/colours.py``: player and worker
colours keep the rulebooks' names and stay apart for colour-blind readers, docs/colours.md) and
declares them in its picture package (:class:`render.core.package.PicturePackage`); this module
keeps only what no game owns: the Okabe–Ito colours and the neutral, high-contrast interface.
Hue never carries information alone: pieces have different shapes and every piece carries its
badge, which each game gives in the current language (``engine/<game>/badges.py``). Colours are
``(r, g, b)`` tuples of 0–255 ints.
"""

from __future__ import annotations

RGB = tuple[int, int, int]

#: The eight Okabe–Ito colours.
OKABE_ITO: dict[str, RGB] = {
    "black": (0, 0, 0),
    "orange": (230, 159, 0),
    "sky_blue": (86, 180, 233),
    "bluish_green": (0, 158, 115),
    "yellow": (240, 228, 66),
    "blue": (0, 114, 178),
    "vermillion": (213, 94, 0),
    "reddish_purple": (204, 121, 167),
}

# Interface colours (neutral, high contrast).
BACKGROUND: RGB = (246, 244, 238)
PANEL: RGB = (255, 255, 255)
PANEL_ALT: RGB = (238, 236, 230)
TITLE_BAR: RGB = (58, 62, 70)
TITLE_TEXT: RGB = (255, 255, 255)
INK: RGB = (20, 20, 20)
MUTED: RGB = (95, 95, 95)
BORDER: RGB = (70, 70, 70)
GRID: RGB = (175, 175, 175)
UNAVAILABLE: RGB = (200, 200, 200)
HIGHLIGHT: RGB = OKABE_ITO["sky_blue"]
THRESHOLD: RGB = (255, 226, 150)
FINAL_ROUND: RGB = (226, 232, 240)
NORMAL_ROUND: RGB = (88, 96, 110)


def luminance(c: RGB) -> float:
    """Relative luminance (WCAG 2, 0 = black … 1 = white) of an sRGB colour."""

    def chan(v: int) -> float:
        s = v / 255
        return s / 12.92 if s <= 0.03928 else ((s + 0.055) / 1.055) ** 2.4

    r, g, b = c
    return 0.2126 * chan(r) + 0.7152 * chan(g) + 0.0722 * chan(b)


def text_on(c: RGB) -> RGB:
    """Black or white, whichever contrasts more with the background ``c``."""
    lum = luminance(c)
    return INK if (lum + 0.05) / 0.05 >= 1.05 / (lum + 0.05) else (255, 255, 255)


def tint(c: RGB, amount: float) -> RGB:
    """``c`` mixed with white: ``amount`` 0 = ``c``, 1 = white."""
    return tuple(round(v + (255 - v) * amount) for v in c)  # type: ignore[return-value]  # as many channels as c
