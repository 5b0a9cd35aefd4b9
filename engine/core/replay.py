"""Rebuild a game from its move log (the log is the source of truth; docs/architecture.md, "Chance and the move log")."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from .game import Action, Game, IllegalAction


def replay(game: Game, options: dict[str, Any], seed: int, moves: Iterable[Action | str]) -> Any:
    """Return the state reached by applying ``moves`` to ``game.setup(options, seed)``.

    ``moves`` are :class:`Action` objects or notation strings (chance outcomes included, so no RNG
    is used). Raises :class:`IllegalAction` naming the move number if a move does not apply.
    """
    state = game.setup(options, seed)
    for index, move in enumerate(moves, start=1):
        try:
            action = game.parse_action(state, move) if isinstance(move, str) else move
            state, _ = game.apply(state, action)
        except IllegalAction as exc:
            raise IllegalAction(f"move {index} ({move}): {exc.reason}") from exc
    return state
