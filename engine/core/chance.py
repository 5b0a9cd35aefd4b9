"""Sampling chance outcomes from a table's seed.

The seed never enters the rules: a driver (host, selfplay) asks :func:`sample_chance` for the
outcome of the chance decision at move number ``ply`` and applies it as an ordinary action. The
sample depends only on ``(seed, ply)`` and the weighted outcomes, so the same table samples the
same outcome at the same point (undo can never re-roll) and the log replays without any RNG.
"""

from __future__ import annotations

import hashlib
import random
from _random import Random as _CRandom
from collections.abc import Sequence
from typing import Any

from .game import CHANCE, Action, Event, Game, IllegalAction, Outcome


def _seed_for(seed: int, ply: int) -> int:
    """The integer that seeds the generator of the draw at ``(seed, ply)`` (a 64-bit hash)."""
    if type(seed) is int and type(ply) is int:
        key = b"%d:%d" % (seed, ply)  # the same bytes as the text below, formatted faster
    else:
        key = f"{seed}:{ply}".encode()
    return int.from_bytes(_blake2b(key, digest_size=8).digest(), "big")


_blake2b = hashlib.blake2b


def rng_for(seed: int, ply: int) -> random.Random:
    """Return a ``random.Random`` seeded from ``(seed, ply)`` (stable across Python versions)."""
    return random.Random(_seed_for(seed, ply))


def sample_chance(game: Game, state: Any, seed: int, ply: int) -> Action:
    """Sample the outcome of the current chance decision.

    Raises :class:`IllegalAction` if the current decision is not a chance decision.
    """
    if game.decision(state).seat != CHANCE:
        raise IllegalAction("No random event is pending.")
    outcomes = game.chance_outcomes(state)
    if not outcomes:
        raise IllegalAction("The random event has no possible outcome.")
    if len(outcomes) == 1:
        return outcomes[0].action  # the only outcome, whatever the draw
    # The draw of :func:`pick_outcome` with ``rng_for(seed, ply)``, without building a
    # ``random.Random``: its C base class seeded with the same integer gives the same first
    # ``random()`` (a ``random.Random`` seeds an int through it unchanged).
    return _pick(outcomes, _CRandom(_seed_for(seed, ply)).random())


def pick_outcome(outcomes: Sequence[Outcome], rng: random.Random) -> Action:
    """One of ``outcomes`` (non-empty), drawn by weight with one ``rng.random()``."""
    return _pick(outcomes, rng.random())


def _pick(outcomes: Sequence[Outcome], draw: float) -> Action:
    """The outcome that ``draw`` (in [0, 1)) falls on, the outcomes laid end to end by weight."""
    pick = draw * sum([o.weight for o in outcomes])
    acc = 0.0
    for outcome in outcomes:
        acc += outcome.weight
        if pick < acc:
            return outcome.action
    return outcomes[-1].action


def resolve_chance(game: Game, state: Any, seed: int, ply: int) -> tuple[Any, list[Action], list[Event]]:
    """Apply chance outcomes until a player (or nobody) must act.

    Returns ``(state, actions, events)`` where ``actions`` are the sampled outcomes in order
    (to be appended to the move log) and ``events`` all events they produced. ``ply`` is the move
    number of the first sampled outcome.
    """
    actions: list[Action] = []
    events: list[Event] = []
    while game.decision(state).seat == CHANCE:
        action = sample_chance(game, state, seed, ply + len(actions))
        state, evs = game.apply(state, action)
        actions.append(action)
        events.extend(evs)
    return state, actions, events
