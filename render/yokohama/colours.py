"""The colours Yokohama's pictures draw its pieces in, chosen to stay apart for colour-blind readers.

The players' blue, pink, purple and yellow and the light grey of the 2-player game's neutral
pieces. Every pair a reader must tell apart keeps the CIEDE2000 minimums of docs/colours.md in normal
vision and the three colour-blindness simulations (``tests/render/test_identity.py``). Colours are
``(r, g, b)`` tuples of 0–255 ints; an unknown colour name is an error (:func:`player_colour`),
never drawn grey.
"""

from __future__ import annotations

from render.core.package import ColourTable
from render.core.palette import RGB

#: Player colours by the name the game's views use, as drawn.
PLAYER_RGB: dict[str, RGB] = {
    "blue": (3, 0, 147),
    "pink": (249, 12, 105),
    "purple": (147, 78, 222),
    "yellow": (255, 216, 0),
}
#: The neutral pieces of the 2-player game: a light grey.
NEUTRAL_RGB: RGB = (186, 186, 186)
#: Every piece colour a palette PNG of the game keeps exactly (``render.core.draw.palette_png``).
KEY_RGB: tuple[RGB, ...] = tuple(dict.fromkeys((*PLAYER_RGB.values(), NEUTRAL_RGB)))

#: The drawing colour of a player colour name (``KeyError`` for any other name).
player_colour = ColourTable(PLAYER_RGB, "player")
