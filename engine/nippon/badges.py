"""The badges of Nippon: the letters printed on the players' pieces and on the workers.

A player's badge is two letters of their colour's name in the current language (``Ye`` Yellow,
``Żó`` Żółty, ``Жё`` Жёлтый), a worker's one or two letters of its colour (``Y`` yellow, ``Ż``
żółty): the Red player's badge never reads like a red worker. In each language no badge equals
another, nor a worker's letters, nor a goods abbreviation (``tests/render/test_identity.py``); the
scheme is in docs/colours.md. Text and pictures use the same badges, and the legends explain them.
"""

from __future__ import annotations

from engine.core.i18n import tr

from .words import T

#: A player's badge per colour (the game's yellow, red, purple and blue).
PLAYER_BADGES = {
    # i18n: badge of the Yellow player: two letters of the colour's name in this language, printed
    # on their pieces. It must differ from every other badge, worker letter and goods abbreviation
    # (the yellow worker's letter too).
    "yellow": T("player badge", "Ye"),
    # i18n: badge of the Red player (two letters of "Red"; see the Yellow player's badge).
    "red": T("player badge", "Re"),
    # i18n: badge of the Purple player (two letters of "Purple"; see the Yellow player's badge).
    "purple": T("player badge", "Pu"),
    # i18n: badge of the Blue player (two letters of "Blue"; see the Yellow player's badge).
    "blue": T("player badge", "Bl"),
}
#: A worker's letters per colour (K for black, as in CMYK, so that B can be blue).
WORKER_BADGES = {
    # i18n: letter on a black worker (one letter, two if one is taken): unique among the six
    # worker letters and different from the players' badges; the legend explains it.
    "black": T("worker badge", "K"),
    # i18n: letter on a red worker (see the black worker's letter).
    "red": T("worker badge", "R"),
    # i18n: letter on a grey worker (see the black worker's letter).
    "grey": T("worker badge", "G"),
    # i18n: letter on a blue worker (see the black worker's letter).
    "blue": T("worker badge", "B"),
    # i18n: letter on a white worker (see the black worker's letter).
    "white": T("worker badge", "W"),
    # i18n: letter on a yellow worker (see the black worker's letter).
    "yellow": T("worker badge", "Y"),
}


def player_badge(colour: str) -> str:
    """A player colour's badge in the current language (``"yellow"`` -> ``"Ye"``; unknown: ``?``)."""
    term = PLAYER_BADGES.get(colour)
    return str(tr(term)) if term is not None else "?"


def worker_badge(colour: str) -> str:
    """A worker colour's letters in the current language (``"black"`` -> ``"K"``; unknown: ``?``)."""
    term = WORKER_BADGES.get(colour)
    return str(tr(term)) if term is not None else "?"
