"""Random self-play: ≥ 200 full games over 2/3/4 players with the invariants checked after every
move (pieces conserved, no negative stock), the game always ends, and the result ranks players by
VP with the later-last-turn tie-break (§2.11 step 3). Plus a hypothesis property over seeds."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.core import CHANCE, sample_chance
from engine.zaibatsu import GAME

MAX_PLIES = 6000  # a random game takes 300–600 plies; this only guards against a hang


def play_random(players, seed, checked=False):
    """Play a random game (uniform over legal moves; chance from the seed). Returns the state."""
    state = GAME.setup({"players": players, "first_game": seed % 3 == 0}, seed)
    rng = random.Random(seed)
    for ply in range(MAX_PLIES):
        d = GAME.decision(state)
        if d.seat is None:
            return state
        if d.seat == CHANCE:
            action = sample_chance(GAME, state, seed, ply)
        else:
            legal = GAME.legal_actions(state)
            assert legal, f"seed {seed} ply {ply}: no legal move for seat {d.seat} ({d.kind})"
            action = rng.choice(legal)
        if checked:
            state, _ = GAME.apply(state, action)
        else:
            GAME.apply_unchecked(state, action)
        problems = GAME.check_invariants(state)
        assert not problems, f"seed {seed} ply {ply} after {GAME.format_action(state, action)}: {problems}"
    raise AssertionError(f"seed {seed}: no end after {MAX_PLIES} plies")


def check_result(state):
    assert state.over and GAME.decision(state).seat is None
    result = GAME.result(state)
    assert result is not None and result.solo is None
    n = len(state.players)
    assert sorted(pr.seat for pr in result.players) == list(range(n))
    assert [pr.rank for pr in result.players] == list(range(1, n + 1))
    for pr in result.players:
        p = state.players[pr.seat]
        assert pr.score == p.vp == state.scores[str(pr.seat)]["total"]
        s = state.scores[str(pr.seat)]
        assert s["total"] == s["in_game"] + sum(s["prestige"].values()) + s["leftovers"] + s["money"]
    keys = [(state.players[pr.seat].vp, state.players[pr.seat].last_turn) for pr in result.players]
    assert keys == sorted(keys, reverse=True)  # most VP first; ties: later last turn first
    assert len({p.last_turn for p in state.players}) == n
    assert all(p.final_turns == 3 for p in state.players)
    assert [e["period"] for e in state.period_log] == [1, 2, 3]


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.slow
def test_random_games(players):
    # 70 games per player count (210 in all).
    for seed in range(70):
        state = play_random(players, 1000 * players + seed)
        check_result(state)


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(players=st.integers(min_value=2, max_value=4), seed=st.integers(min_value=0, max_value=2**31 - 1))
@pytest.mark.slow
def test_property_random_game_checked_apply(players, seed):
    # Through the checked GAME.apply (copy + legality) rather than the in-place hot path.
    check_result(play_random(players, seed, checked=True))
