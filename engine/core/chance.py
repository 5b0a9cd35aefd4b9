"""Sampling chance outcomes from a table's seed.

The seed never enters the rules: a driver (host, selfplay) asks :func:`sample_chance` for the
outcome of the chance decision at move number ``ply`` and applies it as an ordinary action. The
sample depends only on ``(seed, ply)`` and the weighted outcomes, so the same table samples the
same outcome at the same point (undo can never re-roll) and the log replays without any RNG.
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Sequence
from typing import Any

from .game import CHANCE, Action, Game, IllegalAction, Outcome


def rng_for(seed: int, ply: int) -> random.Random:
    """Return a ``random.Random`` seeded from ``(seed, ply)`` (stable across Python versions)."""
    digest = hashlib.blake2b(f"{seed}:{ply}".encode(), digest_size=8).digest()
    return random.Random(int.from_bytes(digest, "big"))


def sample_chance(game: Game, state: Any, seed: int, ply: int) -> Action:
    """Sample the outcome of the current chance decision.

    Raises :class:`IllegalAction` if the current decision is not a chance decision.
    """
    if game.decision(state).seat != CHANCE:
        raise IllegalAction("No random event is pending.")
    outcomes = game.chance_outcomes(state)
    if not outcomes:
        raise IllegalAction("The random event has no possible outcome.")
    return pick_outcome(outcomes, rng_for(seed, ply))


def pick_outcome(outcomes: Sequence[Outcome], rng: random.Random) -> Action:
    """One of ``outcomes`` (non-empty), drawn by weight with one ``rng.random()``."""
    total = sum(o.weight for o in outcomes)
    pick = rng.random() * total
    acc = 0.0
    for outcome in outcomes:
        acc += outcome.weight
        if pick < acc:
            return outcome.action
    return outcomes[-1].action


def resolve_chance(game: Game, state: Any, seed: int, ply: int) -> tuple[Any, list[Action], list]:
    """Apply chance outcomes until a player (or nobody) must act.

    Returns ``(state, actions, events)`` where ``actions`` are the sampled outcomes in order
    (to be appended to the move log) and ``events`` all events they produced. ``ply`` is the move
    number of the first sampled outcome.
    """
    actions: list[Action] = []
    events: list = []
    while game.decision(state).seat == CHANCE:
        action = sample_chance(game, state, seed, ply + len(actions))
        state, evs = game.apply(state, action)
        actions.append(action)
        events.extend(evs)
    return state, actions, events
