"""Engine speed: random selfplay games/s and per-move legal_actions + apply time.

Run:  python benchmarks/engine_bench.py [--game NAME] [--games 50] [--players 2 3 4] [--seed 0]

Prints, per player count: games/s of full random games (in-place apply, no checks, one process =
one core) and the p50/p99 of one ``legal_actions`` + ``apply`` (the checked, copying apply that
hosts use) per decision. Not a test: figures go into docs/performance.md.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from typing import Any

from engine.core import CHANCE, default_game, get_game, sample_chance

#: The game under test (``--game``; set in :func:`main`).
GAME: Any = None


def play_fast(players: int, seed: int) -> int:
    """Play one random game in place (``apply_unchecked`` when the game has it); return its moves."""
    state = GAME.setup({"players": players}, seed)
    fast = getattr(GAME, "apply_unchecked", None)
    rng = random.Random(seed)
    ply = 0
    while True:
        d = GAME.decision(state)
        if d.seat is None:
            return ply
        if d.seat == CHANCE:
            action = sample_chance(GAME, state, seed, ply)
        else:
            legal = GAME.legal_actions(state)
            action = rng.choice(legal)
        if fast is not None:
            fast(state, action)
        else:
            state, _ = GAME.apply(state, action)
        ply += 1


def per_move_times(players: int, seed: int) -> list[float]:
    """Seconds for legal_actions + checked apply, for every player decision of one game."""
    state = GAME.setup({"players": players}, seed)
    rng = random.Random(seed)
    ply = 0
    times = []
    while GAME.decision(state).seat is not None:
        d = GAME.decision(state)
        if d.seat == CHANCE:
            state, _ = GAME.apply(state, sample_chance(GAME, state, seed, ply))
        else:
            t0 = time.perf_counter()
            legal = GAME.legal_actions(state)
            state, _ = GAME.apply(state, rng.choice(legal))
            times.append(time.perf_counter() - t0)
        ply += 1
    return times


def main() -> None:
    """Run the benchmark and print a table."""
    global GAME
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--game", default=None, help="game name (default: the default game)")
    ap.add_argument("--games", type=int, default=50)
    ap.add_argument("--players", type=int, nargs="+", default=[2, 3, 4])
    ap.add_argument("--seed", type=int, default=0)
    args = ap.parse_args()
    GAME = get_game(args.game or default_game())
    print(f"{GAME.name}: one core, in-place random games")
    print("players  games  games/s  moves/game  move p50 (ms)  move p99 (ms)")
    for n in args.players:
        t0 = time.perf_counter()
        moves = [play_fast(n, args.seed + i) for i in range(args.games)]
        rate = args.games / (time.perf_counter() - t0)
        times = []
        for i in range(max(3, args.games // 10)):
            times.extend(per_move_times(n, args.seed + i))
        q = statistics.quantiles(times, n=100)
        print(f"{n:7}  {args.games:5}  {rate:7.1f}  {statistics.mean(moves):10.0f}  {q[49] * 1e3:13.3f}  {q[98] * 1e3:13.3f}")


if __name__ == "__main__":
    main()
