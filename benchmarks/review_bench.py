"""Time of the post-game review: one player's key moments of a finished 4-player game.

For each game, reviews every seat of its stored 4-player fixture game (``tests/fixtures/<game>-4p.json``)
and of ``--games`` more greedy 4-player games (:func:`engine.core.review.review_game`: replay the log,
rate every legal move of each of the seat's decisions one step ahead with
:func:`engine.core.winprob.win_probabilities`, at most :data:`engine.core.review.MAX_OPTIONS` per
decision), without a time budget. Prints per game the decisions judged per seat and the time of one
seat's review: p50 and max (the host gives a review :data:`bot.host.review.BUDGET` seconds).

    python3 benchmarks/review_bench.py [--games 0] [--game NAME]
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

from tqdm import tqdm

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from benchmarks.story_bench import finished_game, percentile  # noqa: E402
from engine.core import builtin_game_names, get_game  # noqa: E402
from engine.core.review import review_game  # noqa: E402

FIXTURES = ROOT / "tests" / "fixtures"


def games_of(name: str, extra: int) -> list[tuple[dict[str, object], int, list[object]]]:
    """``(options, seed, moves)`` of the game's 4-player fixture and ``extra`` greedy 4-player games."""
    out: list[tuple[dict[str, object], int, list[object]]] = []
    fixture = FIXTURES / f"{name}-4p.json"
    if fixture.exists():
        log = json.loads(fixture.read_text(encoding="utf-8"))
        out.append((log["options"], log["seed"], log["moves"]))
    seed = 900
    while len(out) < extra + (1 if fixture.exists() else 0) and seed < 940:
        moves = finished_game(name, 4, seed)
        if moves is not None:
            out.append(({"players": 4}, seed, moves))
        seed += 1
    return out


def main() -> None:
    """Command line: ``--games N`` greedy games beyond the fixture, ``--game NAME`` (repeatable)."""
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--games", type=int, default=0)
    ap.add_argument("--game", action="append")
    args = ap.parse_args()
    rows = []
    for name in args.game or builtin_game_names():
        game = get_game(name)
        times: list[float] = []
        decisions: list[int] = []
        for options, seed, moves in games_of(name, args.games):
            for seat in tqdm(range(4), desc=f"{name} seed {seed}", unit="seat", leave=False):
                started = time.perf_counter()
                review = review_game(game, options, seed, moves, seat)
                times.append(time.perf_counter() - started)
                decisions.append(review.decisions)
        if times:
            rows.append((name, len(times), sum(decisions) / len(decisions), percentile(times, 50), max(times)))
    print("game       seats  decisions/seat  review p50 s  max s")
    for name, seats, per_seat, p50, top in rows:
        print(f"{name:<10} {seats:>5}  {per_seat:>14.0f}  {p50:>12.2f}  {top:>5.2f}")


if __name__ == "__main__":
    main()
