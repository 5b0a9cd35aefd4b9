"""Soak test of a game engine: many random full games, every move checked.

Run:  python benchmarks/soak.py [--game NAME] --games 10000 [--workers 2] [--seed 0] [--json FILE]

Game ``i`` uses seed ``SEED + i`` and the configuration ``CONFIGS[i % len(CONFIGS)]``, built from
the game's facts: every player count with every combination of its modules (none, each, all …),
and solo at every difficulty if the game has a solo mode (solo takes no modules); for a game with
a first-game set-up every second pass over the multiplayer configurations uses it. Seats choose
among the legal actions with the game's ``selfplay_weights``, as ``meiji selfplay`` does; chance decisions are sampled with ``engine.core.sample_chance(GAME, state, seed, ply)`` with
``ply`` = the log position, exactly as the host does.

After every move: ``parse(format(a)) == a`` for the move's notation and
``GAME.check_invariants(state) == []``. After every game: ``GAME.result`` exists and the
notation log replayed from scratch (``engine.core.replay``) gives a byte-identical
``GAME.to_json``. Games run in a ``multiprocessing`` pool (``--workers``, default: every core).

Prints one line per configuration and a summary line::

    soak: games=10000 moves=… violations=0 replay_mismatches=0 notation_mismatches=0 errors=0 …

Exit status 1 when any violation, mismatch or error was seen (the first few are printed with
their seed and configuration so they can be replayed), 0 otherwise.
"""

from __future__ import annotations

import argparse
import copy
import json
import multiprocessing
import os
import sys
import time
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

import itertools  # noqa: E402

from bot.selfplay import play_one  # noqa: E402
from engine.core import default_game, game_info, get_game  # noqa: E402

MAX_MOVES = 20_000
#: The game under test (``--game``; :func:`use_game` sets it before the worker processes fork).
GAME: Any = get_game(default_game())


def _short(module: str) -> str:
    return "".join(word[0] for word in module.split("_"))


def _configs() -> list[tuple[str, dict[str, Any]]]:
    info = game_info(GAME)
    module_sets = [c for k in range(len(info.modules) + 1) for c in itertools.combinations(info.modules, k)]
    out: list[tuple[str, dict[str, Any]]] = []
    for players in info.player_counts:
        for mods in module_sets:
            name = f"{players}p" + "".join(f"+{_short(m)}" for m in mods)
            out.append((name, {"players": players, **({"modules": list(mods)} if mods else {})}))
    for difficulty in info.solo_levels:
        out.append((f"solo-{difficulty}", {"players": 1, "difficulty": difficulty}))
    return out


CONFIGS = _configs()


def use_game(name: str | None) -> None:
    """Soak the game called ``name`` (default: the default game); rebuilds :data:`CONFIGS`."""
    global GAME, CONFIGS
    GAME = get_game(name or default_game())
    CONFIGS = _configs()


def config_for(index: int) -> tuple[str, dict[str, Any]]:
    """Name and options of game ``index`` (cycles through :data:`CONFIGS`; odd passes use first_game)."""
    name, options = CONFIGS[index % len(CONFIGS)]
    options = copy.deepcopy(options)
    first = getattr(GAME, "first_game_setup", False)
    if first and options["players"] > 1 and (index // len(CONFIGS)) % 2 == 1:
        options["first_game"] = True
        name += "/first"
    return name, options


@dataclass
class GameOutcome:
    """What one soak game found."""

    index: int
    seed: int
    config: str
    options: dict[str, Any]
    moves: int = 0
    seconds: float = 0.0
    violations: int = 0
    notation_mismatches: int = 0
    replay_mismatch: bool = False
    error: str | None = None
    problems: list[str] = field(default_factory=list)


def play(index: int, base_seed: int = 0) -> GameOutcome:
    """Play game ``index`` to its end with every check (``bot.selfplay.play_one``); never raises.

    ``play_one`` checks invariants and the notation round trip after every move, and the JSON
    round trip and a replay of the notation log at the end; its first finding is sorted into the
    soak's counters here.
    """
    name, options = config_for(index)
    seed = base_seed + index
    out = GameOutcome(index, seed, name, options)
    start = time.perf_counter()
    record = play_one(GAME, options, seed, check=True, max_moves=MAX_MOVES)
    out.moves = record.moves
    out.seconds = time.perf_counter() - start
    if record.error:
        if "invariant broken" in record.error:
            out.violations += 1
        elif "parses to" in record.error:
            out.notation_mismatches += 1
        elif "replaying the log" in record.error:
            out.replay_mismatch = True
        else:
            out.error = record.error[:500]
        out.problems.append(record.error[:300])
    return out


def _play_star(args: tuple[int, int]) -> GameOutcome:
    return play(*args)


@dataclass
class SoakReport:
    """Totals of a soak run."""

    games: int
    moves: int
    violations: int
    replay_mismatches: int
    notation_mismatches: int
    errors: int
    seconds: float
    workers: int
    seed: int
    by_config: dict[str, dict[str, float]]
    failures: list[dict[str, Any]]

    @property
    def games_per_second(self) -> float:
        """Throughput of the whole run (all workers)."""
        return self.games / self.seconds if self.seconds > 0 else 0.0

    @property
    def ok(self) -> bool:
        """No violation, mismatch or error."""
        return not (self.violations or self.replay_mismatches or self.notation_mismatches or self.errors)

    def summary(self) -> str:
        """The one-line summary."""
        return (
            f"soak: games={self.games} moves={self.moves} violations={self.violations} "
            f"replay_mismatches={self.replay_mismatches} notation_mismatches={self.notation_mismatches} "
            f"errors={self.errors} seconds={self.seconds:.1f} games/s={self.games_per_second:.2f} "
            f"moves/s={self.moves / self.seconds if self.seconds else 0:.0f} workers={self.workers} seed={self.seed}"
        )


def run_soak(games: int, workers: int | None = None, seed: int = 0, progress: bool = False) -> SoakReport:
    """Play ``games`` soak games on ``workers`` processes and total the outcomes."""
    workers = max(1, workers or os.cpu_count() or 1)
    jobs = [(i, seed) for i in range(games)]
    outcomes: list[GameOutcome] = []
    start = time.perf_counter()
    if workers == 1:
        iterator: Any = map(_play_star, jobs)
        pool = None
    else:
        ctx = multiprocessing.get_context("fork" if sys.platform.startswith("linux") else "spawn")
        pool = ctx.Pool(workers)
        chunk = max(1, min(25, games // (workers * 8) or 1))
        iterator = pool.imap_unordered(_play_star, jobs, chunksize=chunk)
    try:
        step = max(1, games // 20)
        for done, outcome in enumerate(iterator, start=1):
            outcomes.append(outcome)
            if progress and done % step == 0:
                rate = done / (time.perf_counter() - start)
                print(f"  {done}/{games} games ({rate:.1f} games/s)", file=sys.stderr, flush=True)
    finally:
        if pool is not None:
            pool.close()
            pool.join()
    seconds = time.perf_counter() - start
    by_config: dict[str, dict[str, float]] = {}
    for o in outcomes:
        row = by_config.setdefault(o.config, {"games": 0, "moves": 0, "cpu_seconds": 0.0, "problems": 0})
        row["games"] += 1
        row["moves"] += o.moves
        row["cpu_seconds"] += o.seconds
        row["problems"] += o.violations + o.notation_mismatches + int(o.replay_mismatch) + int(o.error is not None)
    failures = [
        {k: v for k, v in asdict(o).items() if k != "seconds"}
        for o in sorted(outcomes, key=lambda o: o.index)
        if o.violations or o.notation_mismatches or o.replay_mismatch or o.error
    ]
    return SoakReport(
        games=len(outcomes),
        moves=sum(o.moves for o in outcomes),
        violations=sum(o.violations for o in outcomes),
        replay_mismatches=sum(1 for o in outcomes if o.replay_mismatch),
        notation_mismatches=sum(o.notation_mismatches for o in outcomes),
        errors=sum(1 for o in outcomes if o.error),
        seconds=seconds,
        workers=workers,
        seed=seed,
        by_config=dict(sorted(by_config.items())),
        failures=failures,
    )


def main(argv: list[str] | None = None) -> int:
    """Command line: run the soak and print the report."""
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--game", default=None, help="game name (default: the default game)")
    ap.add_argument("--games", type=int, default=1000, help="number of games (default: %(default)s)")
    ap.add_argument("--workers", type=int, default=None, help="processes (default: every core)")
    ap.add_argument("--seed", type=int, default=0, help="seed of game 0; game i uses seed+i (default: %(default)s)")
    ap.add_argument("--json", metavar="FILE", help="also write the full report as JSON")
    ap.add_argument("--quiet", action="store_true", help="only the summary line (and failures)")
    ap.add_argument("--progress", action="store_true", help="progress lines on stderr")
    args = ap.parse_args(argv)
    if args.games < 1:
        ap.error("--games must be at least 1")
    use_game(args.game)
    report = run_soak(args.games, args.workers, args.seed, progress=args.progress)
    if not args.quiet:
        print(f"{'config':<16} {'games':>6} {'moves/game':>10} {'ms/game':>8} {'problems':>8}")
        for name, row in report.by_config.items():
            g = row["games"] or 1
            print(
                f"{name:<16} {row['games']:>6.0f} {row['moves'] / g:>10.1f} "
                f"{1000 * row['cpu_seconds'] / g:>8.0f} {row['problems']:>8.0f}"
            )
    for failure in report.failures[:10]:
        print(f"FAIL game {failure['index']} seed {failure['seed']} {failure['config']} {failure['options']}: "
              f"{failure['error'] or '; '.join(failure['problems'])}")
    if len(report.failures) > 10:
        print(f"… and {len(report.failures) - 10} more failing games")
    print(report.summary())
    if args.json:
        data = {**asdict(report), "games_per_second": report.games_per_second, "ok": report.ok}
        Path(args.json).write_text(json.dumps(data, indent=2) + "\n", encoding="utf-8")
    return 0 if report.ok else 1


if __name__ == "__main__":
    sys.exit(main())
