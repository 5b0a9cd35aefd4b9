"""The colours Nippon's pictures draw its pieces in, chosen to stay apart for colour-blind readers.

The players' yellow, red, purple and blue and the workers' black, red, grey, blue, white and
yellow (a player and a worker of the same name are the rulebook's same colour, told apart by
shape and badge). Every pair a reader must tell apart keeps the CIEDE2000 minimums of docs/colours.md in normal
vision and the three colour-blindness simulations (``tests/render/test_identity.py``). Colours are
``(r, g, b)`` tuples of 0–255 ints; an unknown colour name is an error (:func:`player_colour`),
never drawn grey.
"""

from __future__ import annotations

from render.core.package import ColourTable
from render.core.palette import RGB

#: Player colours by the name the game's views use, as drawn.
PLAYER_RGB: dict[str, RGB] = {
    "yellow": (255, 216, 0),
    "red": (180, 0, 0),
    "purple": (147, 78, 222),
    "blue": (3, 0, 147),
}
#: Worker (and department / expert) colours by name, as drawn.
WORKER_RGB: dict[str, RGB] = {
    "black": (0, 0, 0),
    "red": (177, 9, 0),
    "grey": (171, 171, 171),
    "blue": (12, 21, 132),
    "white": (255, 255, 255),
    "yellow": (255, 252, 144),
}
#: Every piece colour a palette PNG of the game keeps exactly (``render.core.draw.palette_png``).
KEY_RGB: tuple[RGB, ...] = tuple(dict.fromkeys((*PLAYER_RGB.values(), *WORKER_RGB.values())))

#: The drawing colour of a player colour name (``KeyError`` for any other name).
player_colour = ColourTable(PLAYER_RGB, "player")
#: The drawing colour of a worker (department, expert) colour name (``KeyError`` for any other name).
worker_colour = ColourTable(WORKER_RGB, "worker")
