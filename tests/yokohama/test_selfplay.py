"""Random self-play: 200 whole games over 2, 3 and 4 players, with and without the mini-expansions.
After every move the invariants hold and no hand holds more than 3 orders; every game ends after the
trigger with the same number of turns for everybody; a sample of moves round-trips through notation
and JSON; every tenth move the spectator's view and one seat's view show no card hidden from them; games played through the checked ``GAME.apply`` never refuse a legal action, and their move
log replays to the same state."""

from __future__ import annotations

import json
import re

import pytest

from engine.core import replay
from engine.yokohama import GAME

from .scenario import BOTH_MODULES, random_game

#: Games per player count (2 players are the quickest).
GAMES = {2: 110, 3: 55, 4: 35}


def modules_for(seed: int) -> tuple[str, ...]:
    return ((), ("achievement_rewards",), ("free_agents",), BOTH_MODULES)[seed % 4]


def watch(state, action, ply: int) -> None:
    """Checks after every move of a self-play game."""
    broken = GAME.check_invariants(state)
    assert not broken, f"ply {ply} after {GAME.format_action(state, action)}: {broken}"
    assert all(len(p.orders) <= 3 for p in state.players)
    if ply % 10 == 0:
        for viewer in (None, ply % state.options.players):
            hidden = GAME.hidden_tokens(state, viewer)
            shown = hidden.intersection(re.findall(r"\w+", json.dumps(GAME.view(state, viewer), default=str)))
            assert not shown, f"ply {ply}: the view of {viewer} shows hidden cards {shown}"
    if ply % 97 == 0:
        assert GAME.parse_action(state, GAME.format_action(state, action)) == action
        text = GAME.to_json(state)
        assert GAME.to_json(GAME.from_json(text)) == text


def assert_finished(state, log: list[str]) -> None:
    """A finished game: triggered, over, everybody had the same number of turns, ranked by VP."""
    assert state.over and state.end_triggered and GAME.decision(state).seat is None
    assert GAME.legal_actions(state) == []
    n = state.options.players
    assert state.rounds == state.final_round + 1
    assert state.turn_no == n * state.rounds
    result = GAME.result(state)
    assert [r.rank for r in result.players] == list(range(1, n + 1))
    assert sorted(r.seat for r in result.players) == list(range(n))
    vps = [r.score for r in result.players]
    assert vps == sorted(vps, reverse=True)
    for r in result.players:
        parts = state.scores[str(r.seat)]
        assert r.score == parts["total"] == sum(v for k, v in parts.items() if k != "total")
    assert sum(1 for m in log if m == "main") <= state.turn_no


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.slow
def test_random_games(players: int) -> None:
    for seed in range(GAMES[players]):
        state, log = random_game(players, 1000 * players + seed, modules_for(seed), after=watch)
        assert_finished(state, log)


@pytest.mark.parametrize(("players", "seed"), [(2, 7), (3, 8), (4, 9)])
@pytest.mark.slow
def test_checked_apply_and_replay_agree(players: int, seed: int) -> None:
    modules = BOTH_MODULES if seed % 2 else ()
    state, log = random_game(players, seed, modules, copying=True)
    assert_finished(state, log)
    rebuilt = replay(GAME, {"players": players, "modules": list(modules)}, seed, log)
    assert GAME.to_json(rebuilt) == GAME.to_json(state)
    assert GAME.result(rebuilt) == GAME.result(state)
    hot, hot_log = random_game(players, seed, modules)
    assert hot_log == log and GAME.to_json(hot) == GAME.to_json(state)
