"""Registry of the games this distribution hosts, by name.

Every sub-package of :mod:`engine` other than ``core`` is a game that registers itself when it is
imported (``engine/<game>/__init__.py`` calls :func:`register`); the registry finds them with
:mod:`pkgutil`, so no shared code names a game. Tests may register more games (doubles).
"""

from __future__ import annotations

import importlib
import logging
import pkgutil
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from .game import Game

_GAMES: dict[str, Game] = {}
#: Game packages that failed to import (name -> error text); :func:`builtin_game_names` skips them.
BROKEN: dict[str, str] = {}
log = logging.getLogger(__name__)


@dataclass(frozen=True, slots=True)
class GameInfo:
    """What a host needs to offer a game in menus, read from the game object (defaults if absent).

    ``title`` is the published name (a proper name, never translated); ``player_counts`` the seat
    counts of a multiplayer table; ``modules`` the ids of optional modules; ``solo_levels`` the
    difficulty ids of a solo game against an automated opponent (empty: no solo mode);
    ``order`` sorts menus (lower first; the first is the default game); ``hidden_information``
    says that players hold information the others must not see (e.g. a hand of cards), so a
    hot-seat host hides each seat's private view from the next player.
    """

    name: str
    title: str
    player_counts: tuple[int, ...]
    modules: tuple[str, ...]
    solo_levels: tuple[str, ...]
    order: int
    hidden_information: bool = False


def register(game: Game) -> Game:
    """Register ``game`` under ``game.name`` and return it."""
    _GAMES[game.name] = game
    return game


@lru_cache(maxsize=1)
def builtin_game_names() -> tuple[str, ...]:
    """Names of the games shipped in :mod:`engine` (its sub-packages except ``core``), menu order.

    Importing each package registers it. Sorted by :attr:`GameInfo.order`, then name. A package
    that fails to import is logged, listed in :data:`BROKEN` and left out, so one broken game does
    not stop a host from offering the others (a test asserts :data:`BROKEN` stays empty).
    """
    import engine

    names = []
    for module in pkgutil.iter_modules(engine.__path__):
        if not module.ispkg or module.name == "core" or module.name.startswith("_"):
            continue
        try:
            importlib.import_module(f"engine.{module.name}")
        except Exception as exc:  # noqa: BLE001 - any import error of one game package
            BROKEN[module.name] = f"{type(exc).__name__}: {exc}"
            log.error("game package engine.%s failed to import: %s", module.name, exc)
            continue
        if module.name in _GAMES:
            names.append(module.name)
    return tuple(sorted(names, key=lambda n: (game_info(_GAMES[n]).order, n)))


def get_game(name: str) -> Game:
    """Return the registered game called ``name``; raises ``KeyError`` with the known names."""
    builtin_game_names()
    try:
        return _GAMES[name]
    except KeyError:
        known = ", ".join(sorted(_GAMES)) or "none"
        raise KeyError(f"unknown game {name!r} (known: {known})") from None


def game_names() -> list[str]:
    """Names of all registered games (built-in ones and any registered by tests), sorted."""
    builtin_game_names()
    return sorted(_GAMES)


def default_game() -> str:
    """The game a command uses when none is named: the first built-in game in menu order."""
    names = builtin_game_names()
    if not names:
        raise KeyError("no game is installed")
    return names[0]


def game_info(game: Game | Any) -> GameInfo:
    """The menu facts of ``game`` (a game object), with defaults for a game that omits them."""
    counts = tuple(getattr(game, "player_counts", ()) or ())
    return GameInfo(
        name=game.name,
        title=str(getattr(game, "title", game.name)),
        player_counts=counts or (1, 2, 3, 4),
        modules=tuple(getattr(game, "modules", ()) or ()),
        solo_levels=tuple(getattr(game, "solo_levels", ()) or ()),
        order=int(getattr(game, "order", 100)),
        hidden_information=bool(getattr(game, "hidden_information", False)),
    )


def solo_game() -> str | None:
    """The first built-in game with a solo mode (an automated opponent), or ``None``."""
    return next((n for n in builtin_game_names() if game_info(_GAMES[n]).solo_levels), None)


def normalise_option_name(name: str) -> str:
    """An option or module id as games spell it: lower case, ``-`` and spaces read as ``_``.

    ``common-goals``, ``Common Goals`` and ``common_goals`` are the same module.
    """
    return "_".join(str(name).strip().lower().replace("-", " ").replace("_", " ").split())
