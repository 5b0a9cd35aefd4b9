"""Views of seeded random Nippon games for the render tests (chance by ``sample_chance``, players
pick uniformly among the legal actions)."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

from engine.core import CHANCE, sample_chance
from engine.nippon import GAME


def walk(players: int, seed: int) -> Iterator[tuple[int, Any]]:
    """``(ply, state)`` before every move of one seeded random game, then its final state."""
    state = GAME.setup({"players": players}, seed)
    pick = random.Random(seed).choice
    for ply in range(10_000):
        seat = GAME.decision(state).seat
        yield ply, state
        if seat is None:
            return
        move = sample_chance(GAME, state, seed, ply) if seat == CHANCE else pick(GAME.legal_actions(state))
        state, _events = GAME.apply(state, move)
    raise AssertionError("a random Nippon game did not end in 10,000 moves")


def view_at(players: int, seed: int, plies: int, viewer: int | None = None) -> dict[str, Any]:
    """The view at the first player decision from move ``plies`` on (or at the end of the game)."""
    for ply, state in walk(players, seed):
        seat = GAME.decision(state).seat
        if seat is None or (ply >= plies and seat != CHANCE):
            return GAME.view(state, viewer)
    raise AssertionError("unreachable")


def chance_view(players: int, seed: int) -> dict[str, Any]:
    """The view right after setup, while a random event (the first player) is pending."""
    state = GAME.setup({"players": players}, seed)
    assert GAME.decision(state).seat == CHANCE
    return GAME.view(state, None)


def every_view(players: int, seed: int, step: int = 1) -> list[dict[str, Any]]:
    """Views at every ``step``-th move of one game (random events included) and at its end."""
    out = []
    last: Any = None
    for ply, state in walk(players, seed):
        last = state
        if ply % step == 0:
            out.append(GAME.view(state, None))
    out.append(GAME.view(last, None))
    return out
