"""Every bot game ends (issue 34): whole games between bots of every level, many seeds per game.

The seeds and seatings are those of ``benchmarks/no_stall_sweep.py`` (2–4 ``easy``/``medium``
bots drawn from the seed, no time limit, so each game is a pure function of its seed; a ``hard`` bot
against ``medium`` ones for the first seeds). ``MEIJI_NOSTALL_SEEDS`` seeds per game
(default :data:`SEEDS`: about 9.8 CPU seconds per seed of all three games, some 12 CPU minutes,
within the slow run's budget on two cores) and ``MEIJI_NOSTALL_HARD_SEEDS`` with a ``hard`` bot (default :data:`HARD_SEEDS`); the full sweep
(1,000 seeds per game, 50 with ``hard``) is run in parts with the benchmark's ``--records``.
Every game must be over within :data:`~no_stall_sweep.MAX_PLIES` plies.

Also Yokohama seed 70005 of the strength benchmark (``hard`` in seat 2 against three ``medium``
bots, the benchmark's seating and clocks): it repeated the same turns for more than 8 CPU minutes.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))

from no_stall_sweep import MAX_PLIES, play, seating  # noqa: E402

from benchmarks.strength_bench import play_game  # noqa: E402

#: Seeds per game in the slow run (the sweep script plays the rest).
SEEDS = int(os.environ.get("MEIJI_NOSTALL_SEEDS", "70"))
#: Of those, seeds also played with a hard bot (its budget cut to :data:`HARD_BUDGET` here).
HARD_SEEDS = int(os.environ.get("MEIJI_NOSTALL_HARD_SEEDS", "2"))
#: The hard bot's CPU seconds per decision in the slow run (the search and its guard still run).
HARD_BUDGET = 0.05
GAMES = ("yokohama", "nippon", "zaibatsu")


@pytest.mark.slow
@pytest.mark.parametrize("game_name", GAMES)
def test_every_bot_game_ends_within_the_ply_limit(game_name: str) -> None:
    stuck = []
    for seed in range(SEEDS):
        record = play(game_name, seed, seating(game_name, seed))
        if not record["ended"]:
            stuck.append(record)
    for seed in range(HARD_SEEDS):
        record = play(game_name, seed, seating(game_name, seed, hard=True), hard_budget=HARD_BUDGET)
        if not record["ended"]:
            stuck.append(record)
    assert not stuck, f"not over after {MAX_PLIES} plies: {stuck}"


@pytest.mark.slow
def test_yokohama_seed_70005_hard_against_three_medium_ends() -> None:
    labels = ["medium", "hard", "medium", "medium"]  # game 5 of a run from seed 70000: hard in seat 2
    record = play_game({"matchup": "hard-medium", "game": "yokohama", "options": {"players": 4},
                        "seed": 70005, "labels": labels, "budget": {}, "clock": "cpu"})
    assert sorted(record.ranks)[0] == 1 and any(record.scores), record
