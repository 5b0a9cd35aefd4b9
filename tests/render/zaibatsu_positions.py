"""Positions of fixed-seed random Nippon: Zaibatsu games for the render tests."""

from __future__ import annotations

import random
from typing import Any

from engine.core import CHANCE, sample_chance
from engine.zaibatsu import GAME


def play(players: int | dict[str, Any], seed: int, plies: int, viewer: int | None = None) -> dict[str, Any]:
    """View of a seeded random game after about ``plies`` moves, at the next player decision
    (or at the end of the game). ``players`` is a count or a full options dict."""
    options = players if isinstance(players, dict) else {"players": players}
    state = GAME.setup(options, seed)
    rng = random.Random(seed)
    ply = 0
    while (d := GAME.decision(state)).seat is not None and (ply < plies or d.seat == CHANCE):
        if d.seat == CHANCE:
            action = sample_chance(GAME, state, seed, ply)
        else:
            action = rng.choice(GAME.legal_actions(state))
        state, _ = GAME.apply(state, action)
        ply += 1
    return GAME.view(state, viewer)
