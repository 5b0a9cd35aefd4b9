"""The strength benchmark's statistics (benchmarks/strength_bench.py): Wilson intervals, the lone
bot's wins with shared places split, and its head-to-head rate."""

from __future__ import annotations

import pytest

from benchmarks.strength_bench import GameRecord, head_to_head, specs, summarise, wilson


def _record(seed: int, labels: list[str], scores: list[int], ranks: list[int]) -> GameRecord:
    winners = [s for s, r in enumerate(ranks) if r == 1]
    shares = [1.0 / len(winners) if s in winners else 0.0 for s in range(len(labels))]
    return GameRecord("search-greedy", seed, labels, scores, shares, ranks)


def test_wilson_interval() -> None:
    lo, hi = wilson(200, 200)
    assert hi == 1.0 and lo == pytest.approx(0.9812, abs=1e-4)
    lo, hi = wilson(50, 100)
    assert lo == pytest.approx(0.4038, abs=1e-4) and hi == pytest.approx(0.5962, abs=1e-4)
    assert wilson(0, 0) == (0.0, 1.0)


def test_the_lone_bot_rotates_through_the_seats() -> None:
    games = specs("search-greedy", "zaibatsu", 8, 100, {})
    lone = [g["labels"].index("search") for g in games]
    assert lone == [0, 1, 2, 3, 0, 1, 2, 3]
    assert all(g["labels"].count("greedy") == 3 for g in games)
    assert [g["seed"] for g in games] == list(range(100, 108))


def test_wins_split_shared_places_and_head_to_head_counts_pairs() -> None:
    records = [
        # The search bot first alone: ahead of all three.
        _record(1, ["search", "greedy", "greedy", "greedy"], [90, 80, 70, 60], [1, 2, 3, 4]),
        # Shares first place with one opponent: half a win; pairs 0.5 + 1 + 1.
        _record(2, ["greedy", "search", "greedy", "greedy"], [90, 90, 70, 60], [1, 1, 3, 4]),
        # Last: no win, behind everyone.
        _record(3, ["greedy", "greedy", "search", "greedy"], [90, 80, 10, 60], [1, 2, 4, 3]),
    ]
    summary = summarise("search-greedy", records)
    row = next(r for r in summary["rows"] if r["policy"] == "search")
    assert row["wins"] == 1.5 and row["win_rate"] == pytest.approx(0.5)
    h2h = row["head_to_head"]
    assert h2h["games"] == 3
    assert h2h["rate"] == pytest.approx((1.0 + 2.5 / 3 + 0.0) / 3)
    assert 0.0 <= h2h["ci95"][0] < h2h["rate"] < h2h["ci95"][1] <= 1.0
    greedy = next(r for r in summary["rows"] if r["policy"] == "greedy")
    assert greedy["seats_per_game"] == 3 and "head_to_head" not in greedy
    # Solo games have no pairs.
    assert head_to_head([_record(4, ["search"], [100], [1])]) is None
