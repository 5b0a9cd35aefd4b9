"""The engine's paths for searching bots give exactly what the checked, copying apply gives.

* ``GAME.apply_quiet`` (in place, unchecked, no events) leaves the same state as
  ``GAME.apply_unchecked`` and as the checked ``GAME.apply``, move after move, in random games of
  2, 3 and 4 players;
* ``GAME.copy_state`` (the copy behind ``GAME.apply``) is a deep copy equal to a pickle round trip:
  equal values and types, no mutable part shared with the original, parts shared inside the state
  still shared in the copy.
"""

from __future__ import annotations

import dataclasses
import pickle
import random
from collections.abc import Iterator
from typing import Any

import pytest

from engine.core import CHANCE, Action, sample_chance
from engine.nippon import GAME
from engine.nippon.state import NState, copy_state


def _moves(players: int, seed: int) -> Iterator[tuple[NState, Action]]:
    """The moves of a random game: ``(state before, action)`` pairs (the state is the live one)."""
    state = GAME.setup({"players": players}, seed)
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


@pytest.mark.parametrize("players", [2, 3, 4])
def test_quiet_apply_gives_the_same_states(players: int) -> None:
    """A seeded random game per player count: after every move the quiet, the unchecked and the
    checked apply leave equal states, and equal state files (``to_json``)."""
    moves = 0
    for seed in range(1):
        quiet = GAME.setup({"players": players}, seed)
        checked = GAME.setup({"players": players}, seed)
        for n, (state, action) in enumerate(_moves(players, seed)):
            checked, _ = GAME.apply(checked, action)
            assert GAME.apply_quiet(quiet, action) is None
            after = GAME.copy_state(state)
            GAME.apply_unchecked(after, action)
            assert quiet == after == checked, (players, seed, n, action)
            assert GAME.to_json(quiet) == GAME.to_json(after) == GAME.to_json(checked), (players, seed, n)
            moves += 1
        assert quiet.over and GAME.result(quiet) == GAME.result(checked)
    assert moves > 200


@pytest.mark.slow
@pytest.mark.parametrize("players", [2, 3, 4])
def test_quiet_apply_gives_the_same_states_in_many_games(players: int) -> None:
    """Like the test above over 13 more games per player count (state files compared every move)."""
    for seed in range(1, 14):
        quiet = GAME.setup({"players": players}, seed)
        for n, (state, action) in enumerate(_moves(players, seed)):
            after = GAME.copy_state(state)
            GAME.apply_unchecked(after, action)
            GAME.apply_quiet(quiet, action)
            assert GAME.to_json(quiet) == GAME.to_json(after), (players, seed, n, action)


@pytest.mark.parametrize("players", [2, 4])
def test_copy_state_is_a_deep_copy_like_a_pickle_round_trip(players: int) -> None:
    for n, (state, _) in enumerate(_moves(players, 7)):
        if n % 5:
            continue
        copy = copy_state(state)
        assert copy == state == pickle.loads(pickle.dumps(state))
        assert _same_structure(state, copy, {}, set()) is None, n


def test_copy_state_keeps_lists_that_frames_share() -> None:
    state = GAME.setup({"players": 2}, 1)
    used: list[Any] = ["R1"]
    state.stack.append({"k": "free", "seat": 0, "piece": "ship", "left": 1, "used": used})
    state.stack.append({"k": "free", "seat": 0, "piece": "ship", "left": 1, "used": used})
    copy = copy_state(state)
    assert copy.stack[-1]["used"] is copy.stack[-2]["used"]
    assert copy.stack[-1]["used"] is not used
    assert _same_structure(state, copy, {}, set()) is None


def test_a_copy_plays_on_without_touching_the_original() -> None:
    moves = [(GAME.copy_state(s), a) for s, a in _moves(4, 3)]
    for before, action in moves[::20]:
        frozen = pickle.dumps(before)
        copy = GAME.copy_state(before)
        GAME.apply_quiet(copy, action)
        assert pickle.dumps(before) == frozen


def test_the_quiet_apply_builds_no_text(monkeypatch: pytest.MonkeyPatch) -> None:
    """No message is even formatted on the quiet path (that was most of an apply's time)."""
    from engine.nippon.rules import basics

    def no_event(*_: Any, **__: Any) -> None:
        raise AssertionError("an event was built on the quiet path")

    moves = [(GAME.copy_state(s), a) for s, a in _moves(3, 5)]
    monkeypatch.setattr(basics.Event, "__init__", no_event)
    monkeypatch.setattr(basics, "M", no_event)
    for state, action in moves:
        GAME.apply_quiet(state, action)
    assert moves[-1][0].over


def test_can_start_agrees_with_the_full_enumeration() -> None:
    """``turn_actions`` asks ``can_start`` whether a worker may be taken for an action; at every
    decision of random games, for every seat and action, it answers as the first repetition does."""
    from engine.nippon.rules import actions
    from engine.nippon.tables import tables

    names = list(tables().actions)
    checked = {True: 0, False: 0}
    for players, seed in [(2, 21), (3, 22), (4, 23)]:
        for n, (state, _) in enumerate(_moves(players, seed)):
            if n % 3:
                continue
            for p in state.players:
                for action in names:
                    first = next(actions.repetitions(state, p, actions.new_act_frame(p.seat, action, 0)), None)
                    answer = actions.can_start(state, p, action, 0)
                    assert answer == (first is not None), (players, seed, n, p.seat, action)
                    checked[answer] += 1
    assert min(checked.values()) > 1000, checked
