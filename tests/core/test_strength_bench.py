"""The strength benchmark's statistics (benchmarks/strength_bench.py): Wilson intervals, the lone
bot's wins with shared places split, and its head-to-head rate."""

from __future__ import annotations

import math
import random
from pathlib import Path

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


# -- the sequential test (benchmarks/sprt.py) --------------------------------------------------------


def test_sprt_bounds_are_walds() -> None:
    from benchmarks.sprt import bounds

    lower, upper = bounds(0.05, 0.05)
    assert upper == pytest.approx(math.log(0.95 / 0.05)) == pytest.approx(2.944439, abs=1e-6)
    assert lower == pytest.approx(-upper)
    lower, upper = bounds(0.01, 0.10)
    assert (lower, upper) == (pytest.approx(math.log(0.10 / 0.99)), pytest.approx(math.log(0.90 / 0.01)))
    with pytest.raises(ValueError):
        bounds(0.0, 0.05)


def test_the_llr_of_wins_and_losses_is_the_bernoulli_sprts() -> None:
    from benchmarks.sprt import llr

    scores = [1.0] * 13 + [0.0] * 7
    bernoulli = 13 * math.log(0.65 / 0.55) + 7 * math.log(0.35 / 0.45)
    assert llr(scores) == pytest.approx(bernoulli, abs=2e-3)  # the regularisation's tiny weight only
    assert llr([]) == 0.0


def test_the_llr_of_head_to_head_rates_matches_the_normal_approximation_for_many_games() -> None:
    from benchmarks.sprt import llr, llr_normal, mle

    # Four-player games: the lone bot's rate is k/6 (three pairings, ties one half). The normal
    # approximation is of second order: close, not equal, for a skewed distribution.
    for ks, sign in (([1, 2, 3, 4, 5, 5, 6, 6], 1), ([0, 1, 2, 3, 3, 4, 5, 6], -1)):
        rng = random.Random(3)
        scores = [rng.choice(ks) / 6 for _ in range(600)]
        assert sign * llr(scores) > 30
        assert llr(scores) == pytest.approx(llr_normal(scores), rel=0.1)
    # The maximum-likelihood distribution has the asked mean and sums to 1.
    pdf = [(0.0, 0.2), (0.5, 0.3), (1.0, 0.5)]
    weights = mle(pdf, 0.55)
    assert sum(weights) == pytest.approx(1.0)
    assert sum(a * w for (a, _), w in zip(pdf, weights, strict=True)) == pytest.approx(0.55, abs=1e-9)
    with pytest.raises(ValueError):
        mle(pdf, 1.0)


def test_the_sprt_accepts_h1_for_a_strong_bot_and_h0_for_an_equal_one() -> None:
    from benchmarks.sprt import sprt

    rng = random.Random(7)
    strong = [rng.choice([2, 3, 4, 5, 6, 6]) / 6 for _ in range(2000)]  # mean 72 %
    equal = [rng.choice([0, 1, 2, 3, 4, 5, 6]) / 6 for _ in range(2000)]  # mean 50 %
    verdict = sprt(strong)
    assert verdict.decision == "H1" and verdict.llr >= verdict.upper and verdict.games < 2000
    verdict = sprt(equal)
    assert verdict.decision == "H0" and verdict.llr <= verdict.lower and verdict.games < 2000
    # Games after the decision are not counted; too few games decide nothing.
    assert sprt(strong[: verdict.games] + [0.0] * 50).games <= verdict.games + 50
    assert sprt([1.0] * 5).decision is None
    # Every game won: H1 after ln(19) / ln(0.65 / 0.55) ≈ 17.6, so at the 18th game.
    assert sprt([1.0] * 40).games == 18


def test_the_sprt_errs_about_as_often_as_alpha_and_beta_say() -> None:
    from benchmarks.sprt import sprt

    rng = random.Random(11)

    def draws(p: float) -> list[float]:  # a 2-player game: ahead (1), tie (½) or behind (0)
        return [1.0 if (u := rng.random()) < p - 0.05 else 0.5 if u < p + 0.05 else 0.0 for _ in range(3000)]

    wrong_h1 = sum(sprt(draws(0.55)).decision == "H1" for _ in range(30))
    wrong_h0 = sum(sprt(draws(0.65)).decision == "H0" for _ in range(30))
    assert wrong_h1 <= 6 and wrong_h0 <= 6  # 5 % of 30 is 1.5; a generous margin for chance


def test_an_sprt_run_resumes_from_its_records(tmp_path: Path) -> None:
    from benchmarks.strength_bench import load_records, run_sprt

    file = tmp_path / "sprt.jsonl"
    first, verdict = run_sprt("nippon", "easy-random", 40, {}, "cpu", records_file=str(file), games=1, max_games=8)
    assert [r.seed for r in first] == [40] and verdict.games == 1 and verdict.decision is None
    # The second part plays the next game only (the first is read back, not played again).
    both, again = run_sprt("nippon", "easy-random", 40, {}, "cpu", records_file=str(file), games=1, max_games=8)
    assert [r.seed for r in both] == [40, 41] and again.games == 2
    assert len(file.read_text(encoding="utf-8").splitlines()) == 2
    assert both[0].labels.index("easy") == 0 and both[1].labels.index("easy") == 1  # seats rotate
    assert both[0].ranks == first[0].ranks
    # A part of no games just reads the verdict back.
    read, same = run_sprt("nippon", "easy-random", 40, {}, "cpu", records_file=str(file), games=0, max_games=8)
    assert [r.seed for r in read] == [40, 41] and same == again
    assert load_records(str(file), "nippon", "hard-medium") == []
