"""Colour-blind-safe palette (Okabe & Ito 2008) and the letters printed on coloured pieces.

Every coloured piece also carries a letter (worker initials ``K R G B W Y``, player initials
``Pu G O Pi``) and players, workers and experts have different shapes (square, circle, diamond),
so no information is carried by hue alone. Colours are ``(r, g, b)`` tuples of 0–255 ints.
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

#: Worker (and department / expert) colours of the game mapped to drawable hues.
WORKER_COLOURS: dict[str, RGB] = {
    "black": (0, 0, 0),
    "red": OKABE_ITO["vermillion"],
    "grey": (150, 150, 150),
    "blue": OKABE_ITO["blue"],
    "white": (255, 255, 255),
    "yellow": OKABE_ITO["yellow"],
}

#: One-letter worker initials (K for black, as in CMYK, so B can mean blue).
WORKER_INITIALS: dict[str, str] = {
    "black": "K", "red": "R", "grey": "G", "blue": "B", "white": "W", "yellow": "Y",
}

#: Player colours of the game mapped to Okabe–Ito hues (purple: a dark violet, darker than pink).
PLAYER_COLOURS: dict[str, RGB] = {
    "purple": (110, 64, 170),
    "green": OKABE_ITO["bluish_green"],
    "orange": OKABE_ITO["orange"],
    "pink": OKABE_ITO["reddish_purple"],
}

#: Player initials; purple and pink take two letters so neither is mistaken for the other.
PLAYER_INITIALS: dict[str, str] = {"purple": "Pu", "green": "G", "orange": "O", "pink": "Pi"}

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


def worker_colour(name: str) -> RGB:
    """Drawable colour of a worker colour name (unknown names: mid grey)."""
    return WORKER_COLOURS.get(name, (128, 128, 128))


def worker_initial(name: str) -> str:
    """Letter printed on a worker of colour ``name`` (``?`` when unknown)."""
    return WORKER_INITIALS.get(name, name[:1].upper() or "?")


def player_colour(name: str) -> RGB:
    """Drawable colour of a player colour name (unknown names: mid grey)."""
    return PLAYER_COLOURS.get(name, (128, 128, 128))


def player_initial(name: str) -> str:
    """Initials printed on a player's pieces (``?`` when unknown)."""
    return PLAYER_INITIALS.get(name, name[:2].title() or "?")


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
    return tuple(round(v + (255 - v) * amount) for v in c)  # type: ignore[return-value]
