"""Cost of the option previews: the time to compute every option's preview at each prompt.

Run:  python benchmarks/preview_bench.py [--players 4] [--seeds 7 8] [--game NAME ...]

Plays seeded random games of every game with the Ledger capability (or the ``--game`` ones) and,
at every player decision, times :func:`engine.core.preview.previews` for all legal options from
the acting seat's view (what a host does for the terminal list, ``hand`` and autocomplete; the
public buttons cost the same once more). Prints per game the number of prompts and the mean,
median, 90th and 99th percentile and maximum in milliseconds.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from engine.core import CHANCE, builtin_game_names, get_game, registry
from engine.core.preview import previews


def prompt_times(name: str, players: int, seed: int) -> list[float]:
    """Seconds per prompt of a seeded random game of ``name``."""
    game = get_game(name)
    state = game.setup({"players": players}, seed)
    rng = random.Random(seed)
    times: list[float] = []
    while (decision := game.decision(state)).seat is not None:
        if decision.seat == CHANCE:
            outcomes = game.chance_outcomes(state)
            action = rng.choices([o.action for o in outcomes], weights=[o.weight for o in outcomes])[0]
        else:
            legal = game.legal_actions(state)
            start = time.perf_counter()
            previews(game, state, legal, decision.seat)
            times.append(time.perf_counter() - start)
            action = rng.choice(legal)
        state, _events = game.apply(state, action)
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--seeds", type=int, nargs="+", default=[7, 8])
    parser.add_argument("--game", nargs="+", default=None)
    args = parser.parse_args()
    names = args.game or [n for n in builtin_game_names() if registry.ledger(get_game(n)) is not None]
    for name in names:
        times = sorted(t * 1000 for seed in args.seeds for t in prompt_times(name, args.players, seed))
        n = len(times)
        print(f"{name} {args.players}p: {n} prompts; mean {statistics.fmean(times):.1f} ms, median "
              f"{times[n // 2]:.1f}, p90 {times[int(n * 0.9)]:.1f}, p99 {times[int(n * 0.99)]:.1f}, "
              f"max {times[-1]:.1f}")


if __name__ == "__main__":
    main()
