"""The badges of Yokohama: the letters printed on the players' pieces, in text and pictures.

A player's badge is two letters of their colour's name in the current language (``Bl`` Blue,
``Ni`` Niebieski, ``Си`` Синий); the neutral pieces of the 2-player game carry one letter (``N``).
In each language no badge equals another, nor a goods, country or other abbreviation of the legend
(``tests/render/test_identity.py``); the scheme is in docs/colours.md.
"""

from __future__ import annotations

from engine.core.i18n import tr

from .words import T

#: A player's badge per colour (the game's blue, pink, purple and yellow).
PLAYER_BADGES = {
    # i18n: Short code of a player colour ("Bl2" = two blue assistants); the four codes must differ.
    "blue": T("colour code", "Bl"),
    "pink": T("colour code", "Pk"),
    "purple": T("colour code", "Pu"),
    "yellow": T("colour code", "Ye"),
}
# i18n: letter on the neutral pieces of the 2-player game (grey): one letter of "neutral" in this
# language, different from the players' codes and every abbreviation of the legend.
NEUTRAL_BADGE = T("colour code", "N")


def player_badge(colour: str) -> str:
    """A player colour's badge in the current language (``"blue"`` -> ``"Bl"``; unknown: ``?``)."""
    term = PLAYER_BADGES.get(colour)
    return str(tr(term)) if term is not None else "?"


def neutral_badge() -> str:
    """The neutral pieces' letter in the current language (``"N"``)."""
    return str(tr(NEUTRAL_BADGE))
