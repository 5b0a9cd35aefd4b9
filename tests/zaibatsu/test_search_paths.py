"""The engine's paths for searching bots give exactly what the checked, copying apply gives.

* ``GAME.apply_quiet`` (in place, unchecked, no events) leaves the same state as
  ``GAME.apply_unchecked`` and as the checked ``GAME.apply``, move after move;
* ``GAME.copy_state`` (the copy behind ``GAME.apply``) is a deep copy equal to a pickle round trip:
  equal values and types, no mutable part shared with the original, parts shared inside the state
  (a list two decision frames hold) still shared in the copy;
* the shortcuts ``advance`` takes (a choice without options, a forced chance outcome) agree with the
  full enumeration they stand for.
"""

from __future__ import annotations

import dataclasses
import pickle
import random
from typing import Any

import pytest

from engine.core import CHANCE, sample_chance
from engine.zaibatsu import GAME, rules
from engine.zaibatsu.rules import gameplay
from engine.zaibatsu.state import copy_state

CONFIGS = [
    {"players": 4},
    {"players": 3, "first_game": True},
    {"players": 2, "modules": ["modern_factories", "common_goals"]},
    {"players": 1, "difficulty": "hard"},
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


@pytest.mark.parametrize("options", CONFIGS, ids=lambda o: "-".join(f"{k}={v}" for k, v in o.items()))
def test_quiet_apply_gives_the_same_states(options: dict[str, Any]) -> None:
    for seed in range(3):
        quiet = GAME.setup(options, seed)
        checked = GAME.setup(options, seed)
        for n, (state, action) in enumerate(_moves(options, seed)):
            checked, _ = GAME.apply(checked, action)
            GAME.apply_quiet(quiet, action)
            after = GAME.copy_state(state)
            GAME.apply_unchecked(after, action)
            assert quiet == after == checked, (options, seed, n, action)
            if n % 25 == 0:
                assert GAME.to_json(quiet) == GAME.to_json(after) == GAME.to_json(checked)


@pytest.mark.parametrize("options", CONFIGS, ids=lambda o: "-".join(f"{k}={v}" for k, v in o.items()))
def test_copy_state_is_a_deep_copy_like_a_pickle_round_trip(options: dict[str, Any]) -> None:
    for n, (state, _) in enumerate(_moves(options, 7)):
        if n % 3:
            continue
        copy = copy_state(state)
        assert copy == state == pickle.loads(pickle.dumps(state))
        assert _same_structure(state, copy, {}, set()) is None, n


def test_copy_state_keeps_lists_that_frames_share() -> None:
    state = GAME.setup({"players": 2}, 1)
    built: list[Any] = ["R1"]
    state.stack.append({"k": "ops", "seat": 0, "ops": [], "ctx": {"built": built}})
    state.stack.append({"k": "ops", "seat": 0, "ops": [], "ctx": {"built": built}})
    copy = copy_state(state)
    assert copy.stack[-1]["ctx"]["built"] is copy.stack[-2]["ctx"]["built"]
    assert copy.stack[-1]["ctx"]["built"] is not built
    assert _same_structure(state, copy, {}, set()) is None


def test_a_copy_plays_on_without_touching_the_original() -> None:
    moves = list((GAME.copy_state(s), a) for s, a in _moves({"players": 4}, 3))
    for before, action in moves[::40]:
        frozen = pickle.dumps(before)
        copy = GAME.copy_state(before)
        GAME.apply_quiet(copy, action)
        assert pickle.dumps(before) == frozen


def test_advance_shortcuts_agree_with_the_full_enumeration(monkeypatch: pytest.MonkeyPatch) -> None:
    checked = {"choice": 0, "chance": 0}
    has_choice, forced_chance = rules.has_choice, rules.forced_chance

    def checked_has_choice(state: Any, f: dict[str, Any]) -> bool:
        answer = has_choice(state, f)
        assert answer == bool(rules.legal_actions(state)), f
        checked["choice"] += 1
        return answer

    def checked_forced_chance(state: Any, f: dict[str, Any]) -> bool:
        answer = forced_chance(state, f)
        assert answer == (len(rules.chance_outcomes(state)) == 1), f
        checked["chance"] += 1
        return answer

    # ``advance`` (rules chapter Gameplay) looks the shortcuts up in its own module.
    monkeypatch.setattr(gameplay, "has_choice", checked_has_choice)
    monkeypatch.setattr(gameplay, "forced_chance", checked_forced_chance)
    for options in CONFIGS:
        for _ in _moves(options, 11):
            pass
    assert checked["choice"] > 100 and checked["chance"] > 100


def test_sample_chance_draws_what_the_pinned_generator_draws() -> None:
    """``sample_chance`` skips building a ``random.Random``; its draws stay those of
    ``pick_outcome(outcomes, rng_for(seed, ply))``, with which stored games were sampled."""
    from engine.core.chance import pick_outcome, rng_for

    checked = 0
    for options in CONFIGS:
        for seed in (5, 2**40 + 3):
            for ply, (state, action) in enumerate(_moves(options, seed)):
                if GAME.decision(state).seat == CHANCE:
                    outcomes = GAME.chance_outcomes(state)
                    assert action == pick_outcome(outcomes, rng_for(seed, ply)), (options, seed, ply)
                    checked += len(outcomes) > 1
    assert checked > 300


def test_a_taken_action_is_activatable_at_once() -> None:
    """``apply_quiet`` does not run the frame loop after a worker is taken: the action's first
    activation is the next decision, as the loop would find (the checks it skips hold)."""
    checked = 0
    for options in CONFIGS:
        for state, action in _moves(options, 13):
            if action.kind == "take":
                after = GAME.copy_state(state)
                GAME.apply_quiet(after, action)
                frame = after.stack[-1]
                assert frame["k"] == "act" and rules.can_activate(after, after.players[frame["seat"]], frame)
                checked += 1
    assert checked > 100
