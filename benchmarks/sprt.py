"""Sequential probability ratio test (SPRT) of a bot's per-game head-to-head score.

The strength benchmark (``strength_bench.py --sprt``) scores each game of the tested bot by its
*head-to-head rate*: the share of its pairings with the other seats in which it finished ahead, ties
one half (hard in one seat against three medium bots: 0, 1/6, …, 1; a solo game or a 2-player game:
0, ½ or 1). The test is between

* H0: the expected per-game score is ``s0`` (55 %), and
* H1: it is ``s1`` (65 %),

with error rates ``alpha`` (accepting H1 when H0 holds) and ``beta`` (accepting H0 when H1 holds),
both 0.05 by default. Like Stockfish's fishtest (``server/fishtest/stats/LLRcalc.py`` and
``sprt.py``, after M. Van den Bergh's notes on the generalised SPRT and the multinomial maximum
likelihood estimate) the per-game scores are treated as draws of a *multinomial* distribution on the
values seen, whose shape is not assumed: the log-likelihood ratio (LLR) is the generalised one,

    LLR = N · Σ_j p̂_j · ln( p1_j / p0_j ),      p_s,j = p̂_j / (1 + λ_s (a_j − s)),

where ``a_j`` are the distinct scores seen, ``p̂_j`` their observed frequencies over the ``N`` games
and ``p_s`` the distribution closest to the observed one (maximum likelihood) whose mean is ``s``;
``λ_s`` solves the secular equation ``Σ_j p̂_j (a_j − s) / (1 + λ_s (a_j − s)) = 0`` on the interval
where every ``1 + λ_s (a_j − s)`` is positive (Van den Bergh, Proposition 1.1; fishtest's
``MLE_expected``). Frequencies are regularised as fishtest does: the extreme scores 0 and 1 count
with a tiny weight (:data:`EPSILON` games) when never seen, so ``s0`` and ``s1`` lie inside the range
and the LLR is defined from the first game. For a 2-valued score (win or loss) this is exactly the
Bernoulli SPRT, ``LLR = W ln(s1/s0) + L ln((1−s1)/(1−s0))``; for large ``N`` it approaches the normal
approximation ``N (s1 − s0)(2 x̄ − s0 − s1) / (2 σ̂²)`` (:func:`llr_normal`).

Wald's bounds: the test stops with H1 accepted when ``LLR ≥ ln((1 − beta) / alpha)`` (2.944 for
0.05/0.05) and with H0 accepted when ``LLR ≤ ln(beta / (1 − alpha))`` (−2.944); in between it
goes on. (Fishtest also corrects the bounds for the overshoot of the discrete steps; this one does
not, which keeps its error rates at or slightly below ``alpha`` and ``beta``.)
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

#: The weight (in games) given to the extreme scores 0 and 1 when they were never seen.
EPSILON = 1e-3


def bounds(alpha: float = 0.05, beta: float = 0.05) -> tuple[float, float]:
    """Wald's ``(lower, upper)`` LLR bounds for error rates ``alpha`` and ``beta`` (both in (0, 1))."""
    if not (0 < alpha < 1 and 0 < beta < 1):
        raise ValueError("alpha and beta must lie in (0, 1)")
    return math.log(beta / (1 - alpha)), math.log((1 - beta) / alpha)


def _count(counts: Counter[float], x: float) -> None:
    """Count one per-game score ``x`` (in [0, 1]; ``ValueError`` otherwise)."""
    if not 0.0 <= x <= 1.0:
        raise ValueError(f"a per-game score must lie in [0, 1], not {x}")
    counts[round(float(x), 9)] += 1.0


def _pdf(counts: Counter[float]) -> list[tuple[float, float]]:
    """The regularised empirical distribution of the scores ``counts`` counts: ``(value, weight)``
    pairs, ascending, weights summing to 1 (see :data:`EPSILON`)."""
    weights = {**{0.0: EPSILON, 1.0: EPSILON}, **counts}
    total = sum(weights.values())
    return [(a, n / total) for a, n in sorted(weights.items())]


def mle(pdf: Sequence[tuple[float, float]], s: float) -> list[float]:
    """The maximum-likelihood distribution on ``pdf``'s values with mean ``s`` (their weights, in
    ``pdf``'s order): ``p_j / (1 + λ (a_j − s))`` with ``λ`` found by bisection of the secular
    equation. ``ValueError`` unless ``s`` lies strictly between the smallest and largest value."""
    lo_a, hi_a = pdf[0][0], pdf[-1][0]
    if not lo_a < s < hi_a:
        raise ValueError(f"the mean {s} must lie strictly inside [{lo_a}, {hi_a}]")

    def secular(lam: float) -> float:
        return sum(p * (a - s) / (1 + lam * (a - s)) for a, p in pdf)

    # 1 + λ (a − s) > 0 for every a: λ in (−1 / (hi − s), 1 / (s − lo)); the function decreases.
    lo, hi = -1 / (hi_a - s), 1 / (s - lo_a)
    lo, hi = lo + 1e-12 * (hi - lo), hi - 1e-12 * (hi - lo)
    for _ in range(100):  # far below a double's precision of λ
        mid = (lo + hi) / 2
        if secular(mid) > 0:
            lo = mid
        else:
            hi = mid
    lam = (lo + hi) / 2
    weights = [p / (1 + lam * (a - s)) for a, p in pdf]
    total = sum(weights)
    return [w / total for w in weights]


def llr(scores: Sequence[float], s0: float = 0.55, s1: float = 0.65) -> float:
    """The generalised log-likelihood ratio of H1 (mean ``s1``) against H0 (mean ``s0``) for the
    per-game ``scores`` (module docstring); 0 for no games."""
    counts: Counter[float] = Counter()
    for x in scores:
        _count(counts, x)
    return _llr(counts, s0, s1)


def _llr(counts: Counter[float], s0: float, s1: float) -> float:
    """:func:`llr` of the scores ``counts`` counts."""
    n = sum(counts.values())
    if not n:
        return 0.0
    pdf = _pdf(counts)
    p0, p1 = mle(pdf, s0), mle(pdf, s1)
    return n * sum(p * math.log(b / a) for (_, p), a, b in zip(pdf, p0, p1, strict=True) if p > 0)


def llr_normal(scores: Sequence[float], s0: float = 0.55, s1: float = 0.65) -> float:
    """The normal approximation of :func:`llr`: ``N (s1 − s0)(2 x̄ − s0 − s1) / (2 σ̂²)`` (σ̂² the
    population variance of the scores; 0 when it is 0 or there are fewer than 2 games)."""
    n = len(scores)
    if n < 2:
        return 0.0
    mean = sum(scores) / n
    var = sum((x - mean) ** 2 for x in scores) / n
    return 0.0 if var <= 0 else n * (s1 - s0) * (2 * mean - s0 - s1) / (2 * var)


@dataclass(frozen=True)
class Verdict:
    """The state of an SPRT: ``llr`` and its ``lower``/``upper`` bounds, the ``games`` counted, their
    ``mean`` score, and ``decision``: ``"H1"`` (accepted: at least ``s1``), ``"H0"`` (accepted: at
    most ``s0``) or ``None`` (go on)."""

    llr: float
    lower: float
    upper: float
    games: int
    mean: float
    decision: str | None


def sprt(scores: Iterable[float], s0: float = 0.55, s1: float = 0.65, alpha: float = 0.05,
         beta: float = 0.05) -> Verdict:
    """Run the SPRT over ``scores`` in order, stopping at the first game whose LLR leaves the
    bounds (the games after it are not counted: a run in parts that went on past a decision does not
    change it)."""
    lower, upper = bounds(alpha, beta)
    counts: Counter[float] = Counter()
    n, total, value = 0, 0.0, 0.0
    for x in scores:
        _count(counts, x)
        n, total = n + 1, total + float(x)
        value = _llr(counts, s0, s1)
        if value >= upper or value <= lower:
            return Verdict(value, lower, upper, n, total / n, "H1" if value >= upper else "H0")
    return Verdict(value, lower, upper, n, total / n if n else 0.0, None)
