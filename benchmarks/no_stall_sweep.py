"""Every bot game ends: whole games between bots, many seeds per game, each within a ply limit.

Run:  python benchmarks/no_stall_sweep.py [--games yokohama nippon zaibatsu] [--seeds 1000]
          [--first 0] [--hard-seeds 50] [--records FILE] [--workers 1]

Seed ``s`` of a game seats ``2 + s mod 3`` bots (2 to 4 players) whose levels (``easy`` or
``medium``) are drawn from the seed; each of the first ``--hard-seeds`` seeds also plays one game
with a ``hard`` bot in seat ``s mod players`` against ``medium`` bots. Bots decide without a time
limit (``easy`` and ``medium``; ``hard`` keeps its budget on the CPU clock), so a game is a pure
function of its seed. A game that is not over after :data:`MAX_PLIES` plies (decisions and chance
draws) fails the sweep. Chance is drawn from the game's seed as a host does
(``engine.core.sample_chance``); every bot gets ``engine.core.bots.bot_view``.

``--records FILE`` appends one JSON line per finished game (game, seed, levels, plies, CPU
seconds, ended) and skips the games already in it, so the full sweep (1,000 seeds per game) can be
run in parts and resumed. The exit status is 1 if any game (in this run or the records) did not
end. The slow test ``tests/robustness/test_no_stall.py`` plays the first ``MEIJI_NOSTALL_SEEDS``
seeds of the same games.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import random
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bot.train_eval import play as play_record  # noqa: E402

#: The ply limit of one game (decisions and chance draws): about five times the longest game seen
#: (Yokohama, 4 players: about 1,300 plies).
MAX_PLIES = 6000
GAMES = ("yokohama", "nippon", "zaibatsu")


def seating(game_name: str, seed: int, hard: bool = False) -> list[str]:
    """The bot levels of seed ``seed``: 2 to 4 seats of ``easy``/``medium`` drawn from the seed; with
    ``hard``, one ``hard`` bot in seat ``seed mod players`` and ``medium`` bots in the others."""
    players = 2 + seed % 3
    if hard:
        labels = ["medium"] * players
        labels[seed % players] = "hard"
        return labels
    rng = random.Random(f"no-stall:{game_name}:{seed}")
    return [rng.choice(("easy", "medium")) for _ in range(players)]


def play(game_name: str, seed: int, labels: list[str], max_plies: int = MAX_PLIES,
         hard_budget: float | None = None, moves: bool = False) -> dict[str, Any]:
    """Play one game of bots ``labels`` from ``seed``; its record (``ended``: the game is over within
    ``max_plies``; ``plies``; ``cpu`` seconds of this process). ``hard_budget`` (CPU seconds per
    decision) replaces the hard level's own budget. With ``moves`` the record also holds the game's
    move log (``moves``: notations, chance outcomes included, replayable with
    :func:`engine.core.replay` from ``{"players": len(labels)}`` and ``seed``). The loop is
    :func:`bot.train_eval.play`, so the sweep's records are exactly the games training plays."""
    return play_record(game_name, seed, labels, max_plies=max_plies, hard_budget=hard_budget, moves=moves)


def _play(spec: tuple[str, int, list[str], float | None, bool]) -> dict[str, Any]:
    name, seed, labels, hard_budget, moves = spec
    return play(name, seed, labels, hard_budget=hard_budget, moves=moves)


def specs(games: list[str], first: int, seeds: int, hard_seeds: int) -> list[tuple[str, int, list[str]]]:
    """The games of a sweep: per game, seeds ``first`` … ``first + seeds - 1`` of easy/medium bots and
    the first ``hard_seeds`` of them again with a hard bot."""
    out = []
    for name in games:
        out += [(name, s, seating(name, s)) for s in range(first, first + seeds)]
        out += [(name, s, seating(name, s, hard=True)) for s in range(first, first + hard_seeds)]
    return out


def main(argv: list[str] | None = None) -> int:
    """Run the sweep (module docstring); 0 when every game ended."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", nargs="+", default=list(GAMES))
    ap.add_argument("--seeds", type=int, default=1000)
    ap.add_argument("--first", type=int, default=0)
    ap.add_argument("--hard-seeds", type=int, default=50)
    ap.add_argument("--records", default=None, help="JSON lines file: appended to, and games in it are skipped")
    ap.add_argument("--workers", type=int, default=1)
    ap.add_argument("--hard-budget", type=float, default=None,
                    help="CPU seconds per decision of the hard bot (default: its level's budget)")
    ap.add_argument("--moves", action="store_true",
                    help="keep each game's move log in its record (self-play positions for training)")
    args = ap.parse_args(argv)
    done: dict[tuple[str, int, str], dict[str, Any]] = {}
    if args.records and Path(args.records).exists():
        for line in Path(args.records).read_text(encoding="utf-8").splitlines():
            if line.strip():
                rec = json.loads(line)
                done[(rec["game"], rec["seed"], ",".join(rec["labels"]))] = rec
    todo = [(*s, args.hard_budget, args.moves) for s in specs(args.games, args.first, args.seeds, args.hard_seeds)
            if (s[0], s[1], ",".join(s[2])) not in done]
    print(f"{len(done)} games in the records, {len(todo)} to play", file=sys.stderr, flush=True)
    pool = multiprocessing.get_context("spawn").Pool(args.workers) if args.workers > 1 else None
    results = pool.imap_unordered(_play, todo) if pool is not None else map(_play, todo)
    try:
        for n, rec in enumerate(results, start=1):
            done[(rec["game"], rec["seed"], ",".join(rec["labels"]))] = rec
            if args.records:
                with open(args.records, "a", encoding="utf-8") as out:
                    out.write(json.dumps(rec) + "\n")
            if not rec["ended"]:
                brief = {k: v for k, v in rec.items() if k != "moves"}
                print(f"NOT ENDED: {brief}", file=sys.stderr, flush=True)
            if n % 20 == 0 or n == len(todo):
                print(f"  {n}/{len(todo)} games", file=sys.stderr, flush=True)
    finally:
        if pool is not None:
            pool.close()
            pool.join()
    for name in args.games:
        recs = [r for r in done.values() if r["game"] == name]
        if recs:
            cpu = [r["cpu"] for r in recs if "hard" not in r["labels"]]
            print(f"{name}: {len(recs)} games, {sum(not r['ended'] for r in recs)} not ended, longest "
                  f"{max(r['plies'] for r in recs)} plies, CPU s per easy/medium game "
                  f"{sum(cpu) / max(1, len(cpu)):.2f}")
    return 1 if any(not r["ended"] for r in done.values()) else 0


if __name__ == "__main__":
    sys.exit(main())
