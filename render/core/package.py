"""The contract of a game's picture package, and how :mod:`render` finds it.

A game declares where its pictures are drawn with the capability
:class:`engine.core.capabilities.Pictures` (``picture_package``: a dotted module path,
``"render.<game>"`` for the shipped games, any importable module for a game installed elsewhere,
e.g. a test's fake game). :func:`picture_package` imports that module and checks it against
:class:`PicturePackage`; a module that misses a member is refused with a ``TypeError`` naming it,
so a misspelt hook fails loudly instead of turning a picture off.
"""

from __future__ import annotations

import importlib
import threading
from collections.abc import Mapping
from typing import Any, Protocol, cast

from engine.core import registry

from .cards import ScoreCard, TurnCard
from .palette import RGB


class PicturePackage(Protocol):
    """What a game's picture package provides (all in the current language, pure functions of a view).

    The game ships its own colours (``render/<game>/colours.py`` for the shipped games):
    ``PLAYER_RGB`` maps every player colour name its views use to its drawing colour (look names
    up with :func:`colour`, which refuses unknown ones) and ``KEY_RGB`` lists every piece colour a
    palette PNG of the game keeps exactly (players, workers, neutral pieces …).
    """

    PLAYER_RGB: Mapping[str, RGB]
    KEY_RGB: tuple[RGB, ...]

    def render(self, view: dict[str, Any]) -> bytes:
        """The board picture of ``view`` (PNG bytes)."""
        ...

    def alt_text(self, view: dict[str, Any]) -> str:
        """One-paragraph description of the board picture (a file description)."""
        ...

    def turn_card(self, view: dict[str, Any], last: dict[str, Any] | None) -> TurnCard:
        """The facts of the turn picture after the move ``last`` (``None`` at the start)."""
        ...

    def final_card(self, view: dict[str, Any]) -> ScoreCard:
        """The scoring breakdown of a finished game's ``view``."""
        ...

    def seat_colours(self, view: dict[str, Any]) -> list[RGB]:
        """Every seat's drawing colour in ``view``, by seat (the story chart's lines)."""
        ...


_DATA = ("PLAYER_RGB", "KEY_RGB")
_MEMBERS = (*_DATA, "render", "alt_text", "turn_card", "final_card", "seat_colours")
_LOADED: dict[str, PicturePackage] = {}
_LOCK = threading.Lock()


def check_package(module: object, path: str) -> PicturePackage:
    """``module`` typed as a :class:`PicturePackage`; ``TypeError`` naming what it misses."""
    missing = [m for m in _MEMBERS if getattr(module, m, None) is None
               or (m not in _DATA and not callable(getattr(module, m)))]
    if missing:
        raise TypeError(f"picture package {path!r} misses {', '.join(missing)} (render.core.package.PicturePackage)")
    return cast(PicturePackage, module)


def picture_package(game: str) -> PicturePackage | None:
    """The checked picture package of the registered game ``game``, or ``None`` when the game is
    unknown or declares no pictures. Raises ``ImportError`` or ``TypeError`` for a declared package
    that does not import or does not implement :class:`PicturePackage`."""
    path = registry.picture_package(game)
    if path is None:
        return None
    with _LOCK:
        found = _LOADED.get(path)
    if found is None:
        found = check_package(importlib.import_module(path), path)
        with _LOCK:
            _LOADED[path] = found
    return found


class ColourTable:
    """A game's drawing colours by name, called like a function: ``table("red") -> (r, g, b)``
    (0–255 ints); any other name raises ``KeyError`` naming the known ones (see :func:`colour`).

    Each game's ``colours`` module makes its ``player_colour`` (and ``worker_colour``) from its
    colour dictionaries with this one class instead of repeating the lookup."""

    def __init__(self, colours: Mapping[str, RGB], what: str) -> None:
        self.colours = colours
        self.__doc__ = f"The drawing colour of the {what} colour ``name``; ``KeyError`` for any other name."

    def __call__(self, name: str) -> RGB:
        return colour(self.colours, name)


def colour(colours: Mapping[str, RGB], name: str) -> RGB:
    """The drawing colour called ``name`` in a game's ``colours``; ``KeyError`` naming the known
    ones for any other name (an unknown colour is a bug, never drawn grey)."""
    try:
        return colours[name]
    except KeyError:
        raise KeyError(f"unknown colour {name!r} (known: {', '.join(sorted(colours))})") from None
