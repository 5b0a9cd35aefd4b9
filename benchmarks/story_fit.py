"""Fit the story's temperature constant ``k`` per game from greedy self-play (engine.core.story).

Plays ``--games`` games per game with greedy bots at every seat (2–4 players, rotating), records
every seat's evaluation after each turn and who won, and picks the ``k`` on a grid that maximises
the mean log-likelihood of the actual winner under the story's softmax model. Prints one JSON
record per game, ready for ``engine/core/data/story_calibration.json``.

    python3 benchmarks/story_fit.py --games 12
"""

from __future__ import annotations

import argparse
import json
import math
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from engine.core import CHANCE, builtin_game_names, get_game, sample_chance  # noqa: E402
from engine.core.bots import bot_view, make_policy  # noqa: E402
from engine.core.story import _evaluations, win_chances  # noqa: E402

GRID = [0.02, 0.05, 0.08, 0.12, 0.16, 0.2, 0.25, 0.3, 0.4, 0.5, 0.7, 1.0, 1.4, 2.0, 3.0]


def play(name: str, players: int, seed: int, max_steps: int = 4000) -> tuple[list[tuple[float, list[float]]], list[int], list[int]] | None:
    """One greedy game: ``(samples, ranks, finals)``; samples are ``(t, evaluations)`` per turn."""
    game = get_game(name)
    state = game.setup({"players": players}, seed)
    policies = [make_policy(game, "greedy", seed * 10 + s, width=4) for s in range(players)]
    marks: list[tuple[int, Any]] = []
    last_seat = None
    for ply in range(1, max_steps + 1):
        seat = game.decision(state).seat
        if seat is None:
            break
        if seat == CHANCE:
            action = sample_chance(game, state, seed, ply)
        else:
            if seat != last_seat and last_seat is not None:
                marks.append((ply - 1, state))
            last_seat = seat
            action = policies[seat].choose(bot_view(game, state, seat, seed + ply), game.legal_actions(state))
        state, _ = game.apply(state, action)
    else:
        return None
    result = game.result(state)
    ranks = [0] * players
    finals = [0] * players
    for line in result.players:
        if line.seat < players:
            ranks[line.seat], finals[line.seat] = line.rank, line.score
    total = ply
    samples = [(step / total, _evaluations(game, st, players, step)) for step, st in marks]
    return samples, ranks, finals


def fit(records: list[tuple[list[tuple[float, list[float]]], list[int], list[int]]]) -> tuple[float, dict[float, float]]:
    """The best ``k`` on :data:`GRID` and the mean log-likelihood of each."""
    scores: dict[float, float] = {}
    for k in GRID:
        ll, n = 0.0, 0
        for samples, ranks, finals in records:
            scale = max(1.0, sum(finals) / len(finals))
            winners = [i for i, r in enumerate(ranks) if r == 1]
            for t, values in samples:
                p = win_chances(values, max(1.0, k * scale * (1 - t)))
                ll += math.log(max(1e-9, sum(p[i] for i in winners)))
                n += 1
        scores[k] = ll / max(1, n)
    best = max(scores, key=scores.__getitem__)
    return best, scores


def main() -> None:
    """Command line: ``--games N`` per game, ``--game`` to fit one game only."""
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--games", type=int, default=12)
    ap.add_argument("--game", action="append")
    args = ap.parse_args()
    for name in args.game or builtin_game_names():
        started = time.perf_counter()
        records = []
        for i in range(args.games):
            rec = play(name, 2 + i % 3, 1000 + i)
            if rec is not None:
                records.append(rec)
        k, scores = fit(records)
        print(json.dumps({"game": name, "k": k, "games": len(records),
                          "log_likelihood": round(scores[k], 4),
                          "seconds": round(time.perf_counter() - started, 1)}))


if __name__ == "__main__":
    main()
