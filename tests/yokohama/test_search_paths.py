"""The engine's paths for searching bots give exactly what the checked, copying apply gives.

* ``GAME.apply_quiet`` (in place, unchecked, no events) leaves the same state as
  ``GAME.apply_unchecked`` and as the checked ``GAME.apply``, move after move, over seeded random
  games of 2–4 players with and without the mini-expansions and at both rules revisions;
* ``GAME.copy_state`` (the copy behind ``GAME.apply``) is a deep copy equal to a pickle round trip:
  equal values and types, no mutable part shared with the original, parts shared inside the state
  still shared in the copy; it copies every field of the state that can change.
"""

from __future__ import annotations

import dataclasses
import pickle
import random
from typing import Any

import pytest

from engine.core import CHANCE, sample_chance
from engine.yokohama import GAME
from engine.yokohama.state import COPIED_FIELDS, YState, copy_state

CONFIGS = [
    {"players": 4},
    {"players": 3, "modules": ["achievement_rewards"]},
    {"players": 2, "modules": ["achievement_rewards", "free_agents"]},
    {"players": 4, "modules": ["free_agents"], "rules_revision": 1},
    {"players": 2, "rules_revision": 1},
]


def _moves(options: dict[str, Any], seed: int):
    """The moves of a random game: ``(state before, action)`` pairs (the state is the live one)."""
    state = GAME.setup(options, seed)
    rng = random.Random(seed)
    ply = 0
    while GAME.decision(state).seat is not None:
        d = GAME.decision(state)
        action = sample_chance(GAME, state, seed, ply) if d.seat == CHANCE else rng.choice(GAME.legal_actions(state))
        yield state, action
        GAME.apply_unchecked(state, action)
        ply += 1


def _same_structure(a: Any, b: Any, pairs: dict[int, Any], seen: set[int]) -> str | None:
    """``None`` when ``b`` is a deep copy of ``a`` that keeps ``a``'s sharing, else what differs."""
    if type(a) is not type(b):
        return f"{type(a).__name__} vs {type(b).__name__}"
    if isinstance(a, (list, dict)) or dataclasses.is_dataclass(a):
        if a is b:
            return f"a {type(a).__name__} is shared with the original"
        if id(a) in pairs:
            return None if pairs[id(a)] is b else "a part shared in the original is not shared in the copy"
        if id(b) in seen:
            return "the copy shares a part the original does not"
        pairs[id(a)] = b
        seen.add(id(b))
    if dataclasses.is_dataclass(a):
        a, b = a.__dict__, b.__dict__
    if isinstance(a, dict):
        if list(a) != list(b):
            return f"keys {list(a)} vs {list(b)}"
        for k in a:
            if (r := _same_structure(a[k], b[k], pairs, seen)) is not None:
                return f"{k}: {r}"
        return None
    if isinstance(a, (list, tuple)):
        if len(a) != len(b):
            return f"length {len(a)} vs {len(b)}"
        for i, (x, y) in enumerate(zip(a, b, strict=True)):
            if (r := _same_structure(x, y, pairs, seen)) is not None:
                return f"[{i}] {r}"
        return None
    return None if a == b else f"{a!r} vs {b!r}"


def _check_quiet_apply(options: dict[str, Any], seed: int) -> None:
    """Play one random game three ways (checked apply, quiet apply, copy + unchecked apply) and
    compare the states after every move."""
    quiet = GAME.setup(options, seed)
    checked = GAME.setup(options, seed)
    moves = 0
    for n, (state, action) in enumerate(_moves(options, seed)):
        checked, _ = GAME.apply(checked, action)
        GAME.apply_quiet(quiet, action)
        after = GAME.copy_state(state)
        GAME.apply_unchecked(after, action)
        assert quiet == after == checked, (options, seed, n, action)
        if n % 50 == 0:
            assert GAME.to_json(quiet) == GAME.to_json(after) == GAME.to_json(checked)
        moves += 1
    assert quiet.over and checked.over and moves > 100
    assert GAME.to_json(quiet) == GAME.to_json(checked)


@pytest.mark.parametrize("options", CONFIGS, ids=lambda o: "-".join(f"{k}={v}" for k, v in o.items()))
def test_quiet_apply_gives_the_same_states(options: dict[str, Any]) -> None:
    _check_quiet_apply(options, 0)


@pytest.mark.slow
@pytest.mark.parametrize("options", CONFIGS, ids=lambda o: "-".join(f"{k}={v}" for k, v in o.items()))
def test_quiet_apply_gives_the_same_states_in_more_games(options: dict[str, Any]) -> None:
    for seed in range(1, 5):
        _check_quiet_apply(options, seed)


@pytest.mark.parametrize("options", CONFIGS[:3], ids=lambda o: "-".join(f"{k}={v}" for k, v in o.items()))
def test_copy_state_is_a_deep_copy_like_a_pickle_round_trip(options: dict[str, Any]) -> None:
    for n, (state, _) in enumerate(_moves(options, 7)):
        if n % 5:
            continue
        copy = copy_state(state)
        assert copy == state == pickle.loads(pickle.dumps(state))
        assert _same_structure(state, copy, {}, set()) is None, n


def test_copy_state_knows_every_mutable_field() -> None:
    """A new mutable field of the state must be added to :func:`copy_state`'s lists."""
    state = GAME.setup({"players": 3}, 2)
    for f in dataclasses.fields(YState):
        value = getattr(state, f.name)
        if not isinstance(value, (int, str, bool, type(None))):
            assert f.name in COPIED_FIELDS, f.name


def test_copy_state_keeps_lists_that_frames_share() -> None:
    state = GAME.setup({"players": 2}, 1)
    shared: list[Any] = ["silk1"]
    state.stack.append({"k": "place_a", "seat": 0, "areas": shared})
    state.stack.append({"k": "place_a", "seat": 0, "areas": shared})
    copy = copy_state(state)
    assert copy.stack[-1]["areas"] is copy.stack[-2]["areas"]
    assert copy.stack[-1]["areas"] is not shared
    assert _same_structure(state, copy, {}, set()) is None


def test_a_copy_plays_on_without_touching_the_original() -> None:
    moves = list((GAME.copy_state(s), a) for s, a in _moves({"players": 4}, 3))
    for before, action in moves[::40]:
        frozen = pickle.dumps(before)
        copy = GAME.copy_state(before)
        GAME.apply_quiet(copy, action)
        assert pickle.dumps(before) == frozen
