"""Chance sampling: a pure function of (seed, ply) and the weighted outcomes."""

from __future__ import annotations

from collections import Counter

import pytest
from fakegame import GAME, DiceRace
from hypothesis import given
from hypothesis import strategies as st

from engine.core import CHANCE, Action, IllegalAction, Outcome, resolve_chance, rng_for, sample_chance


def _rolling_state(seed: int = 1):
    """A state whose decision is a die roll (after the start player)."""
    state = GAME.setup({"players": 2}, seed)
    state, _ = GAME.apply(state, Action("first", (0,)))
    assert GAME.decision(state).seat == CHANCE
    return state


def test_rng_is_pinned() -> None:
    """The derivation must not change silently: stored games were sampled with it."""
    assert rng_for(1, 1).random() == pytest.approx(0.3456506083237645, abs=0)
    assert rng_for(2**62, 12345).random() == pytest.approx(0.6684334795059282, abs=0)


@given(seed=st.integers(0, 2**62), ply=st.integers(0, 10_000))
def test_same_seed_and_ply_same_outcome(seed: int, ply: int) -> None:
    state = _rolling_state()
    assert sample_chance(GAME, state, seed, ply) == sample_chance(GAME, state, seed, ply)
    assert sample_chance(GAME, state, seed, ply) in GAME.legal_actions(state)


def test_outcomes_vary_with_ply_and_are_roughly_uniform() -> None:
    state = _rolling_state()
    counts = Counter(sample_chance(GAME, state, 42, ply).args[0] for ply in range(6000))
    assert set(counts) == {1, 2, 3, 4, 5, 6}
    assert all(800 < c < 1200 for c in counts.values()), counts


def test_seed_changes_the_sequence() -> None:
    state = _rolling_state()
    a = [sample_chance(GAME, state, 1, p) for p in range(30)]
    b = [sample_chance(GAME, state, 2, p) for p in range(30)]
    assert a != b


def test_weights_are_respected() -> None:
    class LoadedDie(DiceRace):
        def chance_outcomes(self, state):  # noqa: ANN001, ANN201
            if state.phase == "roll":
                return [Outcome(Action("roll", (6,)), 9.0), Outcome(Action("roll", (1,)), 1.0)]
            return super().chance_outcomes(state)

    game = LoadedDie()
    state = _rolling_state()
    counts = Counter(sample_chance(game, state, 3, ply).args[0] for ply in range(5000))
    assert set(counts) == {1, 6}
    assert 0.87 < counts[6] / 5000 < 0.93


def test_sampling_outside_a_chance_decision_is_refused() -> None:
    state, _ = GAME.apply(_rolling_state(), Action("roll", (4,)))
    assert GAME.decision(state).seat == 0
    with pytest.raises(IllegalAction):
        sample_chance(GAME, state, 1, 1)


def test_no_outcomes_is_refused() -> None:
    class Empty(DiceRace):
        def chance_outcomes(self, state):  # noqa: ANN001, ANN201
            return []

    with pytest.raises(IllegalAction, match="no possible outcome"):
        sample_chance(Empty(), _rolling_state(), 1, 1)


def test_resolve_chance_numbers_plies_from_the_first() -> None:
    state = GAME.setup({"players": 3}, 8)
    final, actions, events = resolve_chance(GAME, state, 8, 5)
    assert [a.kind for a in actions] == ["first", "roll"]
    assert GAME.decision(final).seat not in (None, CHANCE)
    # each action is what sample_chance gives at ply 5, 6, …
    replayed = state
    for i, action in enumerate(actions):
        assert sample_chance(GAME, replayed, 8, 5 + i) == action
        replayed, _ = GAME.apply(replayed, action)
    assert GAME.to_json(replayed) == GAME.to_json(final)
    assert [e.kind for e in events] == ["start", "roll"]


def test_resolve_chance_without_chance_is_a_no_op() -> None:
    state, _ = GAME.apply(_rolling_state(), Action("roll", (2,)))
    final, actions, events = resolve_chance(GAME, state, 1, 1)
    assert final is state and actions == [] and events == []
