"""Random play of whole Nippon games, shared by the self-play test and the fixture-log writer.

Chance outcomes come from the table seed (:func:`engine.core.sample_chance` at each ply), player
moves from ``random.Random(seed)`` uniformly over the legal actions, so a seed is one game.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from engine.core import CHANCE, Action, sample_chance
from engine.nippon import GAME

#: A random game takes 300-600 plies; the bound only stops a hang.
PLY_LIMIT = 5000


def random_game(players: int, seed: int, *, copying: bool = False,
                after: Callable[[Any, Action, int], None] | None = None) -> tuple[Any, list[str]]:
    """Play seed ``seed`` at ``players`` to the end; returns ``(final state, notation log)``.

    ``copying`` plays through the checked, copying ``GAME.apply`` instead of the in-place hot path;
    ``after(state, action, ply)`` is called after every move (assertions go there).
    """
    state = GAME.setup({"players": players}, seed)
    chooser = random.Random(seed)
    log: list[str] = []
    while (seat := GAME.decision(state).seat) is not None:
        ply = len(log)
        assert ply < PLY_LIMIT, f"seed {seed}: still running after {PLY_LIMIT} plies"
        if seat == CHANCE:
            action = sample_chance(GAME, state, seed, ply)
        else:
            options = GAME.legal_actions(state)
            assert options, f"seed {seed} ply {ply}: seat {seat} has no legal move"
            action = chooser.choice(options)
        log.append(GAME.format_action(state, action))
        if copying:
            state = GAME.apply(state, action)[0]
        else:
            GAME.apply_unchecked(state, action)
        if after is not None:
            after(state, action, ply)
    return state, log
