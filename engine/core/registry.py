"""Registry of the games this distribution hosts, by name."""

from __future__ import annotations

from .game import Game

_GAMES: dict[str, Game] = {}


def register(game: Game) -> Game:
    """Register ``game`` under ``game.name`` and return it."""
    _GAMES[game.name] = game
    return game


def get_game(name: str) -> Game:
    """Return the registered game called ``name``; raises ``KeyError`` with the known names."""
    _load_builtin()
    try:
        return _GAMES[name]
    except KeyError:
        known = ", ".join(sorted(_GAMES)) or "none"
        raise KeyError(f"unknown game {name!r} (known: {known})") from None


def game_names() -> list[str]:
    """Names of all registered games."""
    _load_builtin()
    return sorted(_GAMES)


def _load_builtin() -> None:
    if "zaibatsu" not in _GAMES:
        from engine import zaibatsu  # noqa: F401  (registers itself)
