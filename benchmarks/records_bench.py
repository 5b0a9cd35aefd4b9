"""Players' records benchmark: rating updates and leaderboards on a database of 100,000 results.

Run:  python benchmarks/records_bench.py [--results 100000] [--database sqlite|postgresql|both]
                                         [--url URL] [--updates 300] [--queries 200] [--json FILE]

For each database (SQLite: a file in a temporary folder, WAL as in production; PostgreSQL: a new
database on the server of ``--url``, or without it on a throw-away PostgreSQL server started with
``tests.pgserver``, bound to 127.0.0.1) the script migrates a fresh database and fills it with
``--results`` result rows: finished 4-seat tables of the three games, 2,000 players over 5
servers, spread over a year, plus a few bot seats; the ratings are random values for every player (with ``--rerate``
they are computed from the results with ``meiji records rerate``'s code, and that is timed). It measures:

* **rating update**: what the final move of a game adds (:func:`bot.records.results.record_finished`'s
  writes): four result rows and the openskill update of four players' ratings, in one unit of
  work with its commit — ``--updates`` games;
* **leaderboard**: :meth:`bot.host.records.RecordsService.leaderboard` of one server (page 1,
  members filter of 400 members, periods ``all`` and ``month`` in turn) — ``--queries`` calls;
* **stats**: :meth:`~bot.host.records.RecordsService.stats` of one player — ``--queries`` calls.

Prints one line per database and a Markdown table (p50 / p99 / max in ms). Exit status 1 when a
p99 is above the 50 ms target.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sys
import tempfile
import time
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from sqlalchemy import insert  # noqa: E402

from benchmarks.loadplay import percentile  # noqa: E402
from bot.host.records import RecordsService  # noqa: E402
from bot.records import ratings  # noqa: E402
from bot.records.models import GameResult, PlayerRating  # noqa: E402
from bot.store import FINISHED, GameTable, Store  # noqa: E402
from engine.core import builtin_game_names  # noqa: E402

GAMES = builtin_game_names()
GUILDS = tuple(f"guild-{n}" for n in range(5))
USERS = 2_000
RATING = PlayerRating.__table__
TARGET_MS = 50.0


def fill(store: Store, results: int, seed: int = 1) -> tuple[int, float]:
    """Insert finished 4-seat tables with ``results`` result rows; returns (tables, seconds)."""
    rng = random.Random(seed)
    start = time.perf_counter()
    now = datetime.now(UTC)
    tables = results // 4
    table_rows, result_rows = [], []
    for t in range(1, tables + 1):
        game, guild = GAMES[t % len(GAMES)], GUILDS[t % len(GUILDS)]
        when = now - timedelta(minutes=rng.randrange(365 * 24 * 60))
        table_rows.append({"id": t, "channel": f"ch-{t}", "guild": guild, "game": game, "options": {"players": 4},
                           "seed": t, "status": FINISHED, "version": 200, "engine_version": "bench",
                           "creator": "u0", "created_at": when, "updated_at": when})
        users = rng.sample(range(USERS), 4)
        seats = [f"u{u}" for u in users]
        if t % 10 == 0:
            seats[3] = "bot:greedy"
        scores = sorted((rng.randrange(40, 180) for _ in range(4)), reverse=True)
        for place, (user, score) in enumerate(zip(seats, scores, strict=True), start=1):
            result_rows.append({"table_id": t, "seat": place - 1, "user_id": user, "name": user.upper(),
                                "bot_level": "greedy" if user.startswith("bot:") else None, "game": game,
                                "players": 4, "modules": [], "place": place, "score": score,
                                "breakdown": {"total": score}, "solo": None, "guild": guild, "finished_at": when})
    with store.engine.begin() as conn:
        for i in range(0, len(table_rows), 5_000):
            conn.execute(insert(GameTable.__table__), table_rows[i:i + 5_000])
        for i in range(0, len(result_rows), 20_000):
            conn.execute(insert(GameResult.__table__), result_rows[i:i + 20_000])
        if conn.dialect.name == "postgresql":
            conn.exec_driver_sql("SELECT setval('game_table_id_seq', (SELECT MAX(id) FROM game_table))")
            conn.exec_driver_sql("ANALYZE")
    return tables, time.perf_counter() - start


def timed(fn: Callable[[int], Any], n: int) -> list[float]:
    """Milliseconds of ``n`` calls ``fn(i)``."""
    out = []
    for i in range(n):
        t0 = time.perf_counter()
        fn(i)
        out.append((time.perf_counter() - t0) * 1000)
    return out


def figures(values: list[float]) -> dict[str, float]:
    """p50, p99 and max of ``values`` (ms)."""
    return {"p50": round(percentile(values, 0.5), 2), "p99": round(percentile(values, 0.99), 2),
            "max": round(max(values), 2)}


def bench(url: str, database: str, results: int, updates: int, queries: int,
          rerate: bool = False) -> dict[str, Any]:
    """Fill and measure one database; returns the figures."""
    store = Store.open(url)
    tables, fill_s = fill(store, results)
    rated, rerate_s = 0, 0.0
    if rerate:
        with store.unit_of_work() as repo:
            t0 = time.perf_counter()
            rated = ratings.rerate(repo.session)
            repo.commit()
            rerate_s = time.perf_counter() - t0
    else:  # every player rated, without the minutes a full re-rating takes on a shared machine
        rng0 = random.Random(3)
        with store.engine.begin() as conn:
            conn.execute(insert(RATING), [
                {"game": g, "player": f"u{u}", "mu": rng0.uniform(15, 35), "sigma": rng0.uniform(1, 8), "games": 10,
                 "updated_at": datetime.now(UTC)} for g in GAMES for u in range(USERS)])
            if conn.dialect.name == "postgresql":
                conn.exec_driver_sql("ANALYZE")
    rng = random.Random(2)
    # the tables the timed updates finish (the final move's own writes are not timed here)
    extra = []
    now = datetime.now(UTC)
    with store.engine.begin() as conn:
        for i in range(updates):
            extra.append(conn.execute(insert(GameTable.__table__).values(
                channel=f"x-{i}", guild=GUILDS[0], game="zaibatsu", options={"players": 4}, seed=i, status=FINISHED,
                version=1, engine_version="bench", creator="u0", created_at=now, updated_at=now,
            ).returning(GameTable.__table__.c.id)).scalar_one())

    def update(i: int) -> None:
        users = [f"u{u}" for u in rng.sample(range(USERS), 4)]
        when = datetime.now(UTC)
        with store.unit_of_work() as repo:
            repo.session.execute(insert(GameResult.__table__), [
                {"table_id": extra[i], "seat": s, "user_id": u, "name": u.upper(), "bot_level": None,
                 "game": "zaibatsu", "players": 4, "modules": [], "place": s + 1, "score": 100 - s,
                 "breakdown": {"total": 100 - s}, "solo": None, "guild": GUILDS[0], "finished_at": when}
                for s, u in enumerate(users)])
            ratings.rate_game(repo.session, "zaibatsu", [(u, s + 1) for s, u in enumerate(users)], when,
                              lock=repo.locks_rows)
            repo.commit()

    service = RecordsService(store)
    members = {f"u{u}": f"Member {u}" for u in range(0, USERS, 5)}  # 400 members of the server

    def board(i: int) -> None:
        reply = service.leaderboard(GAMES[i % len(GAMES)], GUILDS[i % len(GUILDS)], "all" if i % 2 else "month",
                                    members=members)
        assert reply.ok, reply.private

    def stats(i: int) -> None:
        assert service.stats(f"u{i * 7 % USERS}").ok

    timed(board, 5)  # warm the caches
    out = {
        "database": database, "results": results, "tables": tables, "fill_s": round(fill_s, 1),
        "rerate_s": round(rerate_s, 2), "rated_games": rated,
        "rating_update_ms": figures(timed(update, updates)),
        "leaderboard_ms": figures(timed(board, queries)),
        "stats_ms": figures(timed(stats, queries)),
        "load_average": [round(x, 2) for x in os.getloadavg()],
    }
    store.dispose()
    return out


def main(argv: list[str] | None = None) -> int:
    """Run the benchmark; exit status 1 when a p99 misses the target."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--results", type=int, default=100_000)
    parser.add_argument("--database", choices=["sqlite", "postgresql", "both"], default="both")
    parser.add_argument("--url", default=None, help="a PostgreSQL server's database URL (default: start one)")
    parser.add_argument("--updates", type=int, default=200)
    parser.add_argument("--queries", type=int, default=100)
    parser.add_argument("--rerate", action="store_true", help="rate every game from the results (slow) instead "
                        "of inserting random ratings")
    parser.add_argument("--json", default=None)
    args = parser.parse_args(argv)
    runs: list[dict[str, Any]] = []
    with tempfile.TemporaryDirectory() as folder:
        if args.database in ("sqlite", "both"):
            runs.append(bench(f"sqlite:///{Path(folder) / 'records.db'}", "sqlite", args.results, args.updates,
                              args.queries, args.rerate))
        if args.database in ("postgresql", "both"):
            from sqlalchemy import create_engine, make_url

            server = None
            url = args.url
            if url is None:
                from tests.pgserver import start

                server = start()
                url = server.url
            admin = create_engine(url, isolation_level="AUTOCOMMIT")
            with admin.connect() as conn:
                conn.exec_driver_sql("DROP DATABASE IF EXISTS meiji_records_bench WITH (FORCE)")
                conn.exec_driver_sql("CREATE DATABASE meiji_records_bench")
            try:
                runs.append(bench(make_url(url).set(database="meiji_records_bench").render_as_string(
                    hide_password=False), "postgresql", args.results, args.updates, args.queries,
                    args.rerate))
            finally:
                with admin.connect() as conn:
                    conn.exec_driver_sql("DROP DATABASE IF EXISTS meiji_records_bench WITH (FORCE)")
                admin.dispose()
                if server is not None:
                    server.stop()
    ok = True
    for run in runs:
        print("records_bench: " + " ".join(
            f"{k}={v}" for k, v in run.items() if not isinstance(v, dict)) + " " + " ".join(
            f"{k}_p50={v['p50']} {k}_p99={v['p99']}" for k, v in run.items() if isinstance(v, dict)))
        ok &= all(v["p99"] <= TARGET_MS for k, v in run.items() if isinstance(v, dict))
    print("\n| figure | " + " | ".join(r["database"] for r in runs) + " |")
    print("|---" * (len(runs) + 1) + "|")
    for key, label in [("rating_update_ms", "rating update (4 results + 4 ratings, commit)"),
                       ("leaderboard_ms", "`/leaderboard` (one server, 400 members)"),
                       ("stats_ms", "`/stats` (one player)")]:
        print(f"| {label} p50 / p99 / max (ms) | " + " | ".join(
            f"{r[key]['p50']} / **{r[key]['p99']}** / {r[key]['max']}" for r in runs) + " |")
    print("| fill (s) / re-rate of every game (s; with --rerate) | " + " | ".join(
        f"{r['fill_s']} / {r['rerate_s']}" for r in runs) + " |")
    if args.json:
        Path(args.json).write_text(json.dumps(runs, indent=2))
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
