"""Engine speed: random selfplay games/s and per-move legal_actions + apply time.

Run:  python benchmarks/engine_bench.py [--game NAME] [--games 50] [--players 2 3 4] [--seed 0] [--repeat 1]
      python benchmarks/engine_bench.py --baseline REV [--game NAME] [--players 4] [--games 20] [--pairs 6]

Prints, per player count:

* *games/s*: full random games on one core (one process), each move applied in place without
  checks by the game's fastest path: ``apply_quiet`` (no events: what a searching bot plays) when the
  game has it, else ``apply_unchecked``; *CPU games/s* is the same run per second of this process's
  CPU time (steadier than the wall clock on a machine shared with other jobs);
* *with events*: the same games through ``apply_unchecked`` (in place, events built: the selfplay
  path), shown when the game has ``apply_quiet``;
* the p50/p99 of one ``legal_actions`` + ``apply`` (the checked, copying apply that hosts use) per
  decision, by the wall clock and (*CPU*) by this thread's CPU time: on a machine shared with other
  jobs the wall-clock tail is mostly the scheduler handing the core to another process.

Chance outcomes are sampled as the hosts sample them (``sample_chance``), players choose uniformly
at random; the games (and so the moves) are the same whichever apply is measured. With
``--repeat N`` every figure is the best of N runs. The header gives the load average. Not a test:
figures go into docs/performance.md.

``--baseline REV`` compares the engine of this tree with the engine of git revision ``REV`` side by
side, on the same machine in the same run: ``REV`` is exported (``git archive``) into a temporary
directory, and the quiet-path games/s (CPU time) of each tree is measured in its own subprocess
(this script, the same games, only ``PYTHONPATH`` differs), the two trees alternating for
``--pairs`` pairs (the baseline first in odd pairs, second in even ones). Prints every pair, the
ratio (this tree ÷ baseline) of each pair, their median, and the ratio of each tree's best run (other
load only slows a run down, so the best runs are the least disturbed).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from engine.core import CHANCE, default_game, get_game, registry, sample_chance

#: The game under test (``--game``; set in :func:`main`).
GAME: Any = None


def fast_apply(events: bool = False) -> Callable[[Any, Any], Any] | None:
    """The in-place apply a fast game uses: ``apply_quiet`` (or, with ``events``, ``apply_unchecked``);
    ``None`` when the game has only the copying ``apply``."""
    fast = registry.in_place_search(GAME)
    if fast is None:
        return None
    return fast.apply_unchecked if events else fast.apply_quiet


def play_fast(players: int, seed: int, events: bool = False) -> int:
    """Play one random game in place (see :func:`fast_apply`); return its moves."""
    state = GAME.setup({"players": players}, seed)
    fast = fast_apply(events)
    decision, legal_actions = GAME.decision, GAME.legal_actions
    rng = random.Random(seed)
    ply = 0
    while True:
        d = decision(state)
        if d.seat is None:
            return ply
        if d.seat == CHANCE:
            action = sample_chance(GAME, state, seed, ply)
        else:
            action = rng.choice(legal_actions(state))
        if fast is not None:
            fast(state, action)
        else:
            state, _ = GAME.apply(state, action)
        ply += 1


def games_per_second(players: int, games: int, seed: int, events: bool = False) -> tuple[float, float, list[int]]:
    """``(games/s by the wall clock, games/s by CPU time, moves per game)`` of ``games`` random games."""
    c0, t0 = time.process_time(), time.perf_counter()
    moves = [play_fast(players, seed + i, events) for i in range(games)]
    return games / (time.perf_counter() - t0), games / max(time.process_time() - c0, 1e-9), moves


def per_move_times(players: int, seed: int) -> tuple[list[float], list[float]]:
    """Seconds for legal_actions + checked apply, for every player decision of one game:
    ``(wall-clock times, CPU times of this thread)``."""
    state = GAME.setup({"players": players}, seed)
    rng = random.Random(seed)
    ply = 0
    times, cpu_times = [], []
    while GAME.decision(state).seat is not None:
        d = GAME.decision(state)
        if d.seat == CHANCE:
            state, _ = GAME.apply(state, sample_chance(GAME, state, seed, ply))
        else:
            c0, t0 = time.thread_time(), time.perf_counter()
            legal = GAME.legal_actions(state)
            state, _ = GAME.apply(state, rng.choice(legal))
            times.append(time.perf_counter() - t0)
            cpu_times.append(time.thread_time() - c0)
        ply += 1
    return times, cpu_times


#: The root of this tree (the directory holding ``engine/``).
ROOT = Path(__file__).resolve().parent.parent


def export_revision(rev: str, into: Path) -> Path:
    """Export the files of git revision ``rev`` of this repository into the directory ``into``
    (``git archive``); the directory to put on ``PYTHONPATH``. Raises ``CalledProcessError`` for an
    unknown revision."""
    archive = subprocess.run(["git", "-C", str(ROOT), "archive", "--format=tar", rev],
                             check=True, capture_output=True).stdout
    subprocess.run(["tar", "-x", "-C", str(into)], input=archive, check=True)
    return into


def measure_tree(tree: Path, game: str, players: int, games: int, seed: int) -> dict[str, float]:
    """Quiet-path games/s of the engine in ``tree``, measured by this script in a fresh subprocess:
    ``{"rate": games per wall-clock second, "cpu_rate": games per CPU second, "moves": mean moves}``."""
    env = {**os.environ, "PYTHONPATH": str(tree)}
    out = subprocess.run(
        [sys.executable, str(Path(__file__).resolve()), "--worker", "--game", game, "--players", str(players),
         "--games", str(games), "--seed", str(seed)],
        cwd=str(tree), env=env, check=True, capture_output=True, text=True).stdout
    return dict(json.loads(out.strip().splitlines()[-1]))


def worker(game: str, players: int, games: int, seed: int) -> None:
    """``--worker``: one quiet-path measurement of the engine on ``PYTHONPATH``, as one JSON line."""
    global GAME
    GAME = get_game(game)
    play_fast(players, seed)  # warm caches and imports outside the timing
    rate, cpu_rate, moves = games_per_second(players, games, seed)
    import engine
    print(json.dumps({"rate": rate, "cpu_rate": cpu_rate, "moves": statistics.mean(moves),
                      "engine": str(Path(engine.__file__).resolve().parent)}))


def compare(baseline: str, game: str, players: int, games: int, seed: int, pairs: int) -> float:
    """``--baseline``: this tree against revision ``baseline``, alternating; returns the median ratio
    of CPU games/s (this tree ÷ baseline)."""
    load = ", ".join(f"{x:.2f}" for x in os.getloadavg())
    with tempfile.TemporaryDirectory(prefix="engine-bench-") as tmp:
        base = export_revision(baseline, Path(tmp))
        print(f"{game}: {players} players, {games} games per run, quiet path, CPU games/s; "
              f"baseline {baseline} against this tree (load average {load})")
        print("pair  baseline  this tree  ratio")
        ratios, best = [], {"base": 0.0, "new": 0.0}
        for i in range(pairs):
            order = [("base", base), ("new", ROOT)] if i % 2 == 0 else [("new", ROOT), ("base", base)]
            got = {label: measure_tree(tree, game, players, games, seed) for label, tree in order}
            if got["base"]["moves"] != got["new"]["moves"]:
                raise SystemExit(f"the trees played different games: {got}")
            ratio = got["new"]["cpu_rate"] / got["base"]["cpu_rate"]
            ratios.append(ratio)
            for label in best:
                best[label] = max(best[label], got[label]["cpu_rate"])
            print(f"{i + 1:4}  {got['base']['cpu_rate']:8.1f}  {got['new']['cpu_rate']:9.1f}  {ratio:5.2f}x",
                  flush=True)
    median = statistics.median(ratios)
    print(f"median ratio {median:.2f}x (min {min(ratios):.2f}x, max {max(ratios):.2f}x, {pairs} pairs); "
          f"best runs {best['base']:.1f} and {best['new']:.1f} CPU games/s: {best['new'] / best['base']:.2f}x")
    return median


def main() -> None:
    """Run the benchmark and print a table."""
    global GAME
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--game", default=None, help="game name (default: the default game)")
    ap.add_argument("--games", type=int, default=50)
    ap.add_argument("--players", type=int, nargs="+", default=[2, 3, 4])
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--repeat", type=int, default=1, help="best of this many runs of every figure")
    ap.add_argument("--baseline", metavar="REV", default=None,
                    help="compare with git revision REV side by side (quiet path, CPU time)")
    ap.add_argument("--pairs", type=int, default=6, help="with --baseline: alternating pairs of runs")
    ap.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    args = ap.parse_args()
    game_name = args.game or default_game()
    if args.worker:
        worker(game_name, args.players[0], args.games, args.seed)
        return
    if args.baseline is not None:
        for n in args.players:
            compare(args.baseline, game_name, n, args.games, args.seed, args.pairs)
        return
    GAME = get_game(game_name)
    quiet = hasattr(GAME, "apply_quiet")
    load = ", ".join(f"{x:.2f}" for x in os.getloadavg())
    print(f"{GAME.name}: one core, in-place random games (load average {load})")
    print("players  games  games/s  CPU games/s  with events  moves/game  move p50 (ms)  move p99 (ms)"
          "  CPU p50 (ms)  CPU p99 (ms)")
    for n in args.players:
        GAME.setup({"players": n}, args.seed)  # warm caches outside the timing
        runs = [games_per_second(n, args.games, args.seed) for _ in range(args.repeat)]
        rate, cpu_rate, moves = max(r[0] for r in runs), max(r[1] for r in runs), runs[0][2]
        with_events = "-"
        if quiet:
            best = max(games_per_second(n, args.games, args.seed, events=True)[0] for _ in range(args.repeat))
            with_events = f"{best:.1f}"
        quantiles, cpu_quantiles = [], []
        for _ in range(args.repeat):
            times, cpu_times = [], []
            for i in range(max(3, args.games // 10)):
                wall, cpu = per_move_times(n, args.seed + i)
                times.extend(wall)
                cpu_times.extend(cpu)
            quantiles.append(statistics.quantiles(times, n=100))
            cpu_quantiles.append(statistics.quantiles(cpu_times, n=100))
        p50 = min(q[49] for q in quantiles)
        p99 = min(q[98] for q in quantiles)
        cpu50 = min(q[49] for q in cpu_quantiles)
        cpu99 = min(q[98] for q in cpu_quantiles)
        print(f"{n:7}  {args.games:5}  {rate:7.1f}  {cpu_rate:11.1f}  {with_events:>11}  "
              f"{statistics.mean(moves):10.0f}  {p50 * 1e3:13.3f}  {p99 * 1e3:13.3f}  {cpu50 * 1e3:12.3f}"
              f"  {cpu99 * 1e3:12.3f}")


if __name__ == "__main__":
    main()
