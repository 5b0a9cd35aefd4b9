"""Bot decision times: p50 / p99 / slowest decision of every bot level, per game.

Run:  python benchmarks/decision_bench.py [--games zaibatsu nippon yokohama] [--levels easy medium hard]
          [--tables 1] [--seed 0] [--clock cpu|wall] [--json FILE]

For every game and level it plays ``--tables`` 4-player games in which one bot of that level (the
seat rotating with the table) plays against three ``easy`` bots (``easy`` tables are four ``easy``
bots), exactly as ``benchmarks/strength_bench.py`` plays them (its ``play_game``: each bot sees only
its seat's view, chance is sampled from the seed like a host samples it). Every decision of the
level's bots with a choice (two or more legal actions) is timed on ``--clock``: ``cpu`` (default) is
the deciding thread's CPU time, the fair figure on a machine shared with other jobs; ``wall`` is the
wall clock, what a player waits for, meaningful on an otherwise idle machine. Each level's budget
(``engine.core.bots.LEVEL_BUDGETS``) is counted on the same clock.

Prints one line per game and level: tables, timed decisions, p50, p99 and the slowest decision
(seconds), against the targets p99 ≤ 1.0 s and slowest ≤ 2.5 s (docs/bots.md, "Decision times"), and
exits 1 if a target is missed. Not a test: figures go into docs/bots.md.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.strength_bench import play_game  # noqa: E402
from engine.core import get_game, registry  # noqa: E402
from engine.core.bots import LEVEL_BUDGETS, LEVELS  # noqa: E402

#: Targets per level and game (seconds on ``--clock``): the 99th percentile and the slowest decision.
P99_TARGET = 1.0
MAX_TARGET = 2.5


def quantile(values: list[float], q: float) -> float:
    """The ``q`` quantile (0–1) of non-empty ``values``, nearest rank (p99 of 50 values is the
    largest: a small sample never hides its tail)."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, math.ceil(q * len(ordered)) - 1))]


def table_specs(game: str, level: str, tables: int, seed: int, clock: str) -> list[dict[str, Any]]:
    """The 4-player tables timing ``level`` in ``game``: one bot of ``level`` in seat ``i mod 4`` of
    table ``i`` and ``easy`` bots elsewhere (seeds ``seed``, ``seed + 1``, …)."""
    out = []
    for i in range(tables):
        labels = ["easy"] * 4
        labels[i % 4] = level
        out.append({"matchup": f"{level}-easy", "game": game, "options": {"players": 4}, "seed": seed + i,
                    "labels": labels, "budget": {}, "clock": clock})
    return out


def measure(game: str, level: str, tables: int, seed: int, clock: str) -> dict[str, Any]:
    """Play the tables of :func:`table_specs`; the level's decision times and their summary
    (``decisions``, ``p50``, ``p99``, ``max`` in seconds, ``met``)."""
    times: list[float] = []
    start = time.perf_counter()
    for spec in table_specs(game, level, tables, seed, clock):
        times.extend(play_game(spec).times.get(level, []))
    summary: dict[str, Any] = {"game": game, "level": level, "tables": tables, "seed": seed, "clock": clock,
                               "budget": LEVEL_BUDGETS[level], "decisions": len(times),
                               "seconds": time.perf_counter() - start}
    if times:
        summary.update(p50=quantile(times, 0.5), p99=quantile(times, 0.99), max=max(times))
        summary["met"] = summary["p99"] <= P99_TARGET and summary["max"] <= MAX_TARGET
    else:
        summary.update(p50=None, p99=None, max=None, met=True)
    return summary


def main() -> None:
    """Measure every game and level given and print the table."""
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--games", nargs="+", default=[g for g in registry.game_names()])
    ap.add_argument("--levels", nargs="+", default=list(LEVELS), choices=list(LEVELS))
    ap.add_argument("--tables", type=int, default=1, help="4-player games per game and level")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--clock", choices=("cpu", "wall"), default="cpu")
    ap.add_argument("--json", default=None, help="append one JSON line per game and level to this file")
    args = ap.parse_args()
    print(f"decision times ({args.clock} clock, seconds; targets p99 <= {P99_TARGET}, slowest <= {MAX_TARGET})")
    print(f"{'game':10} {'level':6} {'budget':>6} {'tables':>6} {'decisions':>9} {'p50':>6} {'p99':>6} "
          f"{'max':>6}  met")
    missed = False
    for game in args.games:
        get_game(game)  # an unknown name fails before any table is played
        for level in args.levels:
            s = measure(game, level, args.tables, args.seed, args.clock)
            missed |= not s["met"]
            figures = " ".join(f"{s[k]:6.3f}" if s[k] is not None else f"{'-':>6}" for k in ("p50", "p99", "max"))
            print(f"{game:10} {level:6} {s['budget']:6.2f} {s['tables']:6} {s['decisions']:9} {figures}  "
                  f"{'yes' if s['met'] else 'NO'}", flush=True)
            if args.json:
                with open(args.json, "a", encoding="utf-8") as out:
                    out.write(json.dumps(s) + "\n")
    raise SystemExit(1 if missed else 0)


if __name__ == "__main__":
    main()
