"""Random selfplay of the solo mode and the modules: every game ends, invariants hold after every move.

200 solo games (all difficulties, some with the strict D-27 option), 200 games with Modern
Factories, 200 with Common Goals and 60 with both (2–4 players). The human / players choose
uniformly among the legal moves; chance outcomes come from ``engine.core.sample_chance``. Moves
are applied in place (``GAME.apply_unchecked``) and ``GAME.check_invariants`` runs after each one,
plus the solo / module invariants below. The whole file runs in well under a minute.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest

from engine.core import CHANCE, sample_chance
from engine.zaibatsu import GAME

pytestmark = pytest.mark.slow

COLOURS = {"black", "red", "grey", "blue", "white", "yellow"}
ROWS = [[1, 2, 3], [3, 4, 5], [5, 6, 7, 7]]
MODERN = {"cotton5", "paper5", "bento5", "lenses5", "bulbs5", "clocks5"}
RATINGS = {"Emperor's Pride", "Brilliant", "Remarkable", "Acceptable", "Mediocre"}
MAX_PLIES = 20_000


def solo_checks(state: Any, stats: Counter, set_up: bool) -> list[str]:
    """Solo-only invariants (§2.12): board limits, his rows taken leftmost first, priority row."""
    problems = []
    a = state.automa
    for region, slots in state.trains.items():
        if any(s is not None for s in slots[3:]):
            problems.append(f"train beyond the 3 solo slots in {region}")
    for m in state.markets:
        if sum(s is not None for s in m.slots) > 2:
            problems.append(f"{m.id} holds more than 2 tokens")
        if any(s is not None and s[0] not in (0, 1) for s in m.slots):
            problems.append(f"unknown seat on {m.id}")
    for i, row in enumerate(a.rows):
        if row != ROWS[i][len(ROWS[i]) - len(row):]:
            problems.append(f"row {i + 1} not taken leftmost first: {row}")
    if set_up:
        # Complete once set up, except while step D redraws the row (chance, after an empty stack).
        redraw = bool(state.stack) and state.stack[-1].get("what") == "priority"
        if not redraw and sorted(a.priority) != sorted(COLOURS):
            problems.append(f"priority row {a.priority}")
        if len(set(a.region_colours.values())) != 4:
            problems.append("region colours")
    stats["his trains"] = max(stats["his trains"], 6 - a.trains)
    stats["his tokens"] = max(stats["his tokens"], sum(
        1 for m in state.markets for s in m.slots if s is not None and s[0] == 1))
    stats["boxed"] = max(stats["boxed"], len(a.boxed))
    return problems


def modern_checks(state: Any, players: int) -> list[str]:
    """Each modern tile exists once: in the display or in one factory slot (P + 1 in play)."""
    shown = [s[:-1] for s in state.display if s[:-1] in MODERN]
    built = [f.side[:-1] for p in state.players for f in p.factories if f.side[:-1] in MODERN]
    if len(shown) + len(built) != players + 1 or len(set(shown + built)) != players + 1:
        return [f"modern factories shown {shown} built {built}"]
    return []


def play(options: dict[str, Any], seed: int, stats: Counter) -> Any:
    state = GAME.setup(options, seed)
    rng = random.Random(seed * 7919 + 1)
    solo = options["players"] == 1
    modern = "modern_factories" in options.get("modules", [])
    ply = 0
    set_up = False
    while True:
        d = GAME.decision(state)
        if d.seat is None:
            break
        if d.seat == CHANCE:
            action = sample_chance(GAME, state, seed, ply)
        else:
            set_up = True
            legal = GAME.legal_actions(state)
            assert legal, f"seed {seed}: no legal move at {d}"
            action = rng.choice(legal)
            stats[action.kind] += 1
        GAME.apply_unchecked(state, action)
        ply += 1
        problems = GAME.check_invariants(state)
        if solo:
            problems += solo_checks(state, stats, set_up)
        if modern and set_up:
            problems += modern_checks(state, options["players"])
        assert not problems, f"{options} seed {seed} ply {ply}: {problems}"
        assert ply < MAX_PLIES, f"{options} seed {seed}: game does not end"
    assert state.over
    result = GAME.result(state)
    assert result is not None
    if solo:
        s = result.solo
        assert s is not None and set(s["goals"]) == {"easy": {"green"}, "medium": {"green", "yellow"},
                                                     "hard": {"green", "yellow", "red"}}[options["difficulty"]]
        assert s["won"] == all(g["met"] for g in s["goals"].values())
        if s["won"]:
            stats["won"] += 1
            assert s["score"] == state.players[0].vp == result.players[0].score and s["rating"] in RATINGS
        else:
            stats["lost"] += 1
            assert "score" not in s and state.scores == {}
        assert len(result.players) == 1
    else:
        assert result.solo is None and len(result.players) == options["players"]
        assert sorted(p.seat for p in result.players) == list(range(options["players"]))
    if "common_goals" in options.get("modules", []):
        per = {2: 1, 3: 2, 4: 3}[options["players"]]
        assert {k: len(v) for k, v in state.common_goals.items()} == {"1": per, "2": per, "3": per}
        assert len(state.period_log) == 3
    if modern:
        stats["modern built"] += sum(1 for p in state.players for f in p.factories if f.side[:-1] in MODERN)
    return state


@pytest.mark.parametrize("difficulty,seeds", [("easy", range(0, 67)), ("medium", range(67, 134)),
                                              ("hard", range(134, 200))])
def test_solo_selfplay(difficulty, seeds):
    stats: Counter = Counter()
    for seed in seeds:
        options: dict[str, Any] = {"players": 1, "difficulty": difficulty}
        if seed % 4 == 0:
            options["automa_strict_markets"] = True
        play(options, seed, stats)
    # The games exercise Takatoshi: trains, tokens; you sometimes box one of his tokens.
    assert stats["his trains"] > 0 and stats["his tokens"] > 0
    assert stats["won"] + stats["lost"] == len(seeds)
    if difficulty == "easy":
        assert stats["won"] > 0 and stats["lost"] > 0


@pytest.mark.parametrize("players,seeds", [(2, range(0, 67)), (3, range(67, 134)), (4, range(134, 200))])
def test_modern_factories_selfplay(players, seeds):
    stats: Counter = Counter()
    for seed in seeds:
        play({"players": players, "modules": ["modern_factories"]}, seed, stats)
    assert stats["modern built"] > 0


@pytest.mark.parametrize("players,seeds", [(2, range(0, 67)), (3, range(67, 134)), (4, range(134, 200))])
def test_common_goals_selfplay(players, seeds):
    stats: Counter = Counter()
    for seed in seeds:
        play({"players": players, "modules": ["common_goals"]}, seed, stats)
    assert stats["reward"] > 0  # period I–II leaders chose rewards


def test_both_modules_selfplay():
    stats: Counter = Counter()
    for seed in range(60):
        play({"players": 2 + seed % 3, "modules": ["modern_factories", "common_goals"]}, seed, stats)
    assert stats["modern built"] > 0 and stats["reward"] > 0
