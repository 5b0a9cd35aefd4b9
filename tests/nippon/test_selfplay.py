"""Random self-play: 210 whole games over 2/3/4 players on the in-place hot path, checking after
every move the invariants, and on a sample of moves the notation and JSON round-trips; every game
ends with 3 scorings and exactly 3 final turns each, its result ranks by VP with the last-turn
tie-break; a copying game replays identically through engine.core.replay."""

from __future__ import annotations

import pytest

from engine.core import replay
from engine.nippon import GAME

from .driver import random_game


def watch(state, action, ply: int) -> None:
    """Per-move checks of a self-play game."""
    broken = GAME.check_invariants(state)
    assert not broken, f"ply {ply} after {GAME.format_action(state, action)}: {broken}"
    if ply % 23 == 0:
        assert GAME.parse_action(state, GAME.format_action(state, action)) == action
        text = GAME.to_json(state)
        assert GAME.to_json(GAME.from_json(text)) == text


def assert_finished(state) -> None:
    """A finished game: three scorings, three final turns each, a consistent ranking."""
    assert GAME.decision(state).seat is None and state.over and state.marker == 7
    assert [entry["scoring"] for entry in state.scoring_log] == [1, 2, 3]
    assert {p.final_turns for p in state.players} == {3}
    ranking = GAME.result(state).players
    assert [r.rank for r in ranking] == list(range(1, len(state.players) + 1))
    assert sorted(r.seat for r in ranking) == list(range(len(state.players)))
    order = [(state.players[r.seat].vp, state.players[r.seat].last_turn) for r in ranking]
    assert order == sorted(order, reverse=True) and len({lt for _, lt in order}) == len(order)
    for r in ranking:
        parts = state.scores[str(r.seat)]
        assert r.score == parts["total"] == parts["in_game"] + parts["payday_vp"] + sum(parts["achievements"].values())


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.slow
def test_seventy_random_games_per_player_count(players: int) -> None:
    for seed in range(70):
        state, _ = random_game(players, 10_000 + 100 * players + seed, after=watch)
        assert_finished(state)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_copying_apply_and_replay_agree(players: int) -> None:
    seed = 90 + players
    state, log = random_game(players, seed, copying=True)
    assert_finished(state)
    rebuilt = replay(GAME, {"players": players}, seed, log)
    assert GAME.to_json(rebuilt) == GAME.to_json(state) and GAME.result(rebuilt) == GAME.result(state)
    hot, _ = random_game(players, seed)
    assert GAME.to_json(hot) == GAME.to_json(state)
