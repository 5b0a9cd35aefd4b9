"""One person against bots, through the Host as a DM plays it: every bot decision timed.

Run:  python benchmarks/solo_bots_bench.py [--game yokohama] [--bots 3] [--level hard] [--games 1]
          [--seed 11] [--person medium]

Opens a solo table with ``--bots`` bots of ``--level`` (``Host.solo(..., bots=N, level=...)``, the
call behind ``/solo new game:… bots:… level:…``) in a DM channel of an SQLite file database, and
plays it to the end: the person's moves are chosen by a policy of level ``--person`` from the
person's own view (``engine.core.bots.bot_view``), the bots' turns by ``Host.play_bots`` with the
level's own budget on the wall clock, exactly as the Discord adapter's worker thread runs them.
Every bot decision with a choice is timed (wall clock and the thread's CPU time) by wrapping the
policies the Host builds. Prints per game: moves, bot turns, result, and the decision times'
p50/p99/max against the level's budget (``LEVEL_BUDGETS``); then the same over all games.
Not a test: figures go into docs/bots.md.
"""

from __future__ import annotations

import argparse
import math
import random
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from sqlalchemy import select  # noqa: E402

from bot.host import Host  # noqa: E402
from bot.records.models import GameResult  # noqa: E402
from bot.store import Store  # noqa: E402
from engine.core import bots as bots_module  # noqa: E402
from engine.core import get_game  # noqa: E402

#: Every bot decision with a choice: (wall seconds, CPU seconds).
TIMES: list[tuple[float, float]] = []


def _timed_make_policy(original: Any) -> Any:
    """``make_policy`` whose policies time each ``choose`` with two or more legal actions."""

    def make(game: Any, level: str, seed: int = 0, **kwargs: Any) -> Any:
        policy = original(game, level, seed, **kwargs)
        choose = policy.choose

        def timed(view: dict[str, Any], legal: Any) -> Any:
            w0, c0 = time.perf_counter(), time.thread_time()
            action = choose(view, legal)
            if len(legal) > 1:
                TIMES.append((time.perf_counter() - w0, time.thread_time() - c0))
            return action

        policy.choose = timed
        return policy

    return make


def _q(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, math.ceil(q * len(ordered)) - 1))] if ordered else float("nan")


def play(game_name: str, bots: int, level: str, seed: int, person: str, folder: Path) -> dict[str, Any]:
    """One game to the end; its facts (moves, bot turns, places, decision times)."""
    store = Store.open(f"sqlite:///{folder / f'solo{seed}.db'}")
    host = Host(store)
    channel, me = f"dm-{seed}", "person"
    start = len(TIMES)
    reply = host.solo(channel, me, "Ann", game_name, None, seed, bots=bots, level=level)
    if not reply.ok:
        raise SystemExit(f"could not start: {reply.private or reply.public}")
    game = get_game(game_name)
    thinker = bots_module.make_policy(game, person, seed)
    moves = turns = 0
    started = time.perf_counter()
    for _ in range(20_000):
        with store.unit_of_work(write=False) as repo:
            table = repo.latest_table(channel)
            people = {s.seat for s in repo.seats(table.id) if s.user_id == me}
            state = host.tables.state(repo, table, game)  # the real state: the person's view is built from it
        seat = game.decision(state).seat
        if seat is None:
            break
        if seat in people:
            legal = game.legal_actions(state)
            action = thinker.choose(bots_module.bot_view(game, state, seat, moves), legal) if len(legal) > 1 else legal[0]
            answer = host.move(channel, me, game.format_action(state, action))
            if not answer.ok:
                raise SystemExit(f"the person's move was refused: {answer.private}")
            moves += 1
        else:
            played = host.play_bots(channel)
            if not played:
                raise SystemExit("no bot could play")
            turns += len(played)
    data = host.status(channel).data
    with store.unit_of_work(write=False) as repo:
        rows = sorted(repo.session.execute(select(GameResult.__table__)), key=lambda r: r.place)
        places = [f"{r.place}. {r.name} {r.score}" for r in rows]
    store.dispose()
    times = TIMES[start:]
    return {"seed": seed, "status": data.status, "moves": moves, "bot_turns": turns,
            "places": places, "seconds": time.perf_counter() - started, "times": times}


def report(label: str, times: list[tuple[float, float]], budget: float) -> None:
    """Decision-time quantiles (wall and CPU) against ``budget``."""
    wall = [w for w, _ in times]
    cpu = [c for _, c in times]
    print(f"{label}: {len(times)} bot decisions with a choice; wall p50 {_q(wall, .5):.3f} s, p99 {_q(wall, .99):.3f} s, "
          f"max {max(wall, default=float('nan')):.3f} s; CPU p50 {_q(cpu, .5):.3f} s, p99 {_q(cpu, .99):.3f} s, "
          f"max {max(cpu, default=float('nan')):.3f} s; budget {budget:.2f} s, "
          f"{sum(w > budget for w in wall)} over it by the wall clock")


def main() -> None:
    """Parse the options, play the games, print the figures."""
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--game", default="yokohama")
    ap.add_argument("--bots", type=int, default=3)
    ap.add_argument("--level", default="hard")
    ap.add_argument("--person", default="medium", help="the level of the policy that plays the person's moves")
    ap.add_argument("--games", type=int, default=1)
    ap.add_argument("--seed", type=int, default=11)
    args = ap.parse_args()
    bots_module.make_policy = _timed_make_policy(bots_module.make_policy)  # type: ignore[assignment]
    budget = bots_module.LEVEL_BUDGETS[bots_module.level_name(args.level)]
    with tempfile.TemporaryDirectory() as folder:
        for i in range(args.games):
            facts = play(args.game, args.bots, args.level, args.seed + i, args.person, Path(folder))
            places = ", ".join(facts["places"])
            print(f"game {facts['seed']}: {facts['status']} after {facts['moves']} moves of the person and "
                  f"{facts['bot_turns']} bot turns in {facts['seconds']:.0f} s; {places}")
            report("  this game", facts["times"], budget)
    report(f"all games ({args.game}, 1 person + {args.bots} {args.level} bots)", TIMES, budget)


if __name__ == "__main__":
    random.seed(0)
    main()
