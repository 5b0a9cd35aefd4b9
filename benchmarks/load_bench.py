"""Load benchmark: several bot processes playing many live tables on one database.

Run:  python benchmarks/load_bench.py [--tables 1000] [--processes 4] [--seconds 60]
                                      [--database sqlite|postgresql|both] [--url URL] [--game NAME]
                                      [--players 2,3,4] [--hot 8] [--hot-share 0.1] [--finish-games 8]
                                      [--seed 1] [--dir DIR] [--json FILE] [--no-verify] [--keep]

For each database (SQLite: a file in ``--dir`` or a temporary folder, WAL as in production;
PostgreSQL: a new database on the server of ``--url`` — any database URL of it, e.g. its
``postgres`` maintenance database — or, without ``--url``, on a throw-away server started with
``tests.pgserver``), the script:

1. **Live tables.** Migrates a fresh database and starts ``--processes`` worker processes
   (``benchmarks/loadplay.py``: each its own Store and ``Host(store)`` — no renderer). Together they
   open, fill and start ``--tables`` tables (player counts cycle through ``--players``), table
   ``i`` by worker ``i mod processes``. After a common start barrier each worker plays random legal
   moves of whoever is to act for ``--seconds``: on one of its own tables, or, with probability
   ``--hot-share``, on one of the first ``--hot`` tables, which every worker plays, so moves
   collide and conflicts are measured. Reports accepted moves per second (all processes together,
   over the longest worker's playing time), the p50/p99 latency of accepted ``Host.move`` calls,
   moves refused because another process moved first (``conflicts``: the Host's "The game moved
   on…"), stale reads (``Host.legal`` refused because another process moved since the worker last
   looked), failed moves (any other refusal) and errors (crashed or hung workers, failed set-ups,
   problems found by the checks below). Each step is ``Host.legal`` + ``Host.move``, plus
   ``Host.status`` when the worker does not know who is to act; the reading calls per accepted
   move are reported too, and the workers' CPU time per accepted move (``time.process_time``; for
   PostgreSQL the server's own work is not in it, for SQLite all database work is).
2. **Checks** (unless ``--no-verify``): every table's log holds exactly the acknowledged moves, in
   order, each once, with consecutive versions (``log_problems``); ``seq`` is contiguous and the
   latest snapshot equals the replay of the log (``consistency_problems``).
3. **Size per finished game.** In a second fresh database (migrated, then compacted) the workers
   play ``--finish-games`` tables (same ``--players`` cycle) to the end. ``bytes_per_finished_game``
   = (database size after − size before) ÷ games, as normal operation leaves it: the snapshots a
   running game keeps (one per choice) are deleted when it ends, but their space stays in the file
   (SQLite free pages, PostgreSQL dead rows) until later writes reuse it;
   ``compacted_bytes_per_finished_game`` = the same after compaction (PostgreSQL ``VACUUM FULL``,
   SQLite ``VACUUM``): the live data a finished game keeps (its log, seats and final snapshot). Sizes are ``pg_database_size`` (PostgreSQL; ``pg_total_relation_size`` per table in the
   JSON) and the file size after ``PRAGMA wal_checkpoint(TRUNCATE)`` (SQLite).

Prints the load average (``os.getloadavg``) around each run, one summary line per database::

    load_bench: database=sqlite tables=1000 processes=4 seconds=60.0 moves=… moves_per_s=…
    move_p50_ms=… move_p99_ms=… conflicts=… stale=… failed=0 errors=0 log_problems=0
    finished_games=8 bytes_per_finished_game=… compacted_bytes_per_finished_game=…

(one line each) and a Markdown table. ``--json`` writes every figure. Exit status 1 when any move
failed or any error or check problem was seen.
"""

from __future__ import annotations

import argparse
import itertools
import json
import os
import shutil
import sqlite3
import sys
import tempfile
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from benchmarks.loadplay import (  # noqa: E402
    TableSpec,
    WorkerResult,
    WorkerSpec,
    consistency_problems,
    log_problems,
    percentile,
    run_workers,
)

SQLITE, POSTGRESQL = "sqlite", "postgresql"


# ---------------------------------------------------------------------------------------------
# Databases
# ---------------------------------------------------------------------------------------------
class Database:
    """Fresh databases of one back end for a run: create, measure, compact, drop."""

    def __init__(self, backend: str, folder: Path, server_url: str | None, keep: bool) -> None:
        self.backend = backend
        self.folder = folder
        self.server_url = server_url
        self.keep = keep
        self.created: list[str] = []

    def create(self, name: str) -> str:
        """A new, migrated database called ``name``; its URL."""
        from bot.store import Store

        if self.backend == SQLITE:
            path = self.folder / f"{name}.db"
            for suffix in ("", "-wal", "-shm"):
                Path(f"{path}{suffix}").unlink(missing_ok=True)
            url = f"sqlite:///{path}"
        else:
            from sqlalchemy import create_engine, make_url, text

            assert self.server_url
            admin = create_engine(self.server_url, isolation_level="AUTOCOMMIT")
            with admin.connect() as conn:
                conn.execute(text(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)"))
                conn.execute(text(f"CREATE DATABASE {name}"))
            admin.dispose()
            url = make_url(self.server_url).set(database=name).render_as_string(hide_password=False)
            self.created.append(name)
        Store.open(url).dispose()
        return url

    def size(self, url: str) -> int:
        """Bytes the database takes now (PostgreSQL: ``pg_database_size``; SQLite: file after checkpoint)."""
        if self.backend == SQLITE:
            path = url.removeprefix("sqlite:///")
            with sqlite3.connect(path) as conn:
                conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
            return sum(os.path.getsize(p) for p in (path, f"{path}-wal") if os.path.exists(p))
        from sqlalchemy import create_engine, text

        engine = create_engine(url)
        with engine.connect() as conn:
            size = int(conn.execute(text("SELECT pg_database_size(current_database())")).scalar_one())
        engine.dispose()
        return size

    def relation_sizes(self, url: str) -> dict[str, int]:
        """PostgreSQL: ``pg_total_relation_size`` (table + indexes + TOAST) of every table; SQLite: ``{}``."""
        if self.backend == SQLITE:
            return {}
        from sqlalchemy import create_engine, text

        engine = create_engine(url)
        with engine.connect() as conn:
            rows = conn.execute(text(
                "SELECT relname, pg_total_relation_size(oid) FROM pg_class "
                "WHERE relkind = 'r' AND relnamespace = 'public'::regnamespace ORDER BY relname"
            )).all()
        engine.dispose()
        return {str(name): int(size) for name, size in rows}

    def compact(self, url: str) -> None:
        """Give back the space of deleted rows (PostgreSQL ``VACUUM FULL``, SQLite ``VACUUM``)."""
        if self.backend == SQLITE:
            with sqlite3.connect(url.removeprefix("sqlite:///"), isolation_level=None) as conn:
                conn.execute("VACUUM")
            return
        from sqlalchemy import create_engine, text

        engine = create_engine(url, isolation_level="AUTOCOMMIT")
        with engine.connect() as conn:
            conn.execute(text("VACUUM FULL"))
        engine.dispose()

    def drop_all(self) -> None:
        """Drop the PostgreSQL databases made by :meth:`create` (unless ``keep``)."""
        if self.backend == SQLITE or self.keep or not self.created:
            return
        from sqlalchemy import create_engine, text

        admin = create_engine(self.server_url or "", isolation_level="AUTOCOMMIT")
        with admin.connect() as conn:
            for name in self.created:
                conn.execute(text(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)"))
        admin.dispose()


@contextmanager
def postgres_server(url: str | None) -> Iterator[str]:
    """``url``, or the URL of a throw-away server (``tests.pgserver``) stopped afterwards."""
    if url:
        yield url
        return
    from tests.pgserver import start

    server = start()
    try:
        yield server.url
    finally:
        server.stop()


# ---------------------------------------------------------------------------------------------
# One run
# ---------------------------------------------------------------------------------------------
def _tables(count: int, players: Sequence[int], game: str, seed: int, prefix: str) -> list[TableSpec]:
    cycle = itertools.cycle(players)
    return [TableSpec(f"{prefix}-{i}", game, next(cycle), seed * 1_000_003 + i) for i in range(count)]


def _load() -> str:
    return " ".join(f"{x:.2f}" for x in os.getloadavg())


def _live_specs(url: str, args: argparse.Namespace) -> list[WorkerSpec]:
    tables = _tables(args.tables, args.players, args.game, args.seed, "load")
    hot = tuple(t.channel for t in tables[: args.hot])
    specs = []
    for w in range(args.processes):
        mine = [t for i, t in enumerate(tables) if i % args.processes == w]
        specs.append(WorkerSpec(
            url=url, worker=w, setup=tuple(mine), channels=tuple(t.channel for t in mine if t.channel not in hot),
            shared=hot, shared_share=args.hot_share if hot else 0.0, seconds=args.seconds, seed=args.seed,
        ))
    return specs


def _finish_specs(url: str, args: argparse.Namespace) -> list[WorkerSpec]:
    tables = _tables(args.finish_games, args.players, args.game, args.seed + 1, "finish")
    specs = []
    for w in range(min(args.processes, len(tables))):
        mine = tuple(t for i, t in enumerate(tables) if i % args.processes == w)
        specs.append(WorkerSpec(url=url, worker=w, setup=mine, channels=tuple(t.channel for t in mine),
                                seconds=args.finish_timeout, seed=args.seed, finish=True))
    return specs


def run_database(backend: str, args: argparse.Namespace, folder: Path, server_url: str | None) -> dict[str, Any]:
    """Measure one back end (see the module docstring); every figure in a dict."""
    from bot.store import Store

    db = Database(backend, folder, server_url, args.keep)
    tag = f"meiji_load_{os.getpid()}"
    out: dict[str, Any] = {"database": backend, "tables": args.tables, "processes": args.processes,
                           "seconds": args.seconds, "game": args.game, "players": list(args.players)}
    try:
        url = db.create(tag)
        empty = db.size(url)
        out["load_before"] = _load()
        print(f"[{backend}] load average before: {out['load_before']}", flush=True)
        specs = _live_specs(url, args)
        timeout = specs[0].setup_timeout + args.seconds + 300
        results = run_workers(specs, folder / f"results-{backend}", timeout=timeout)
        out["load_after"] = _load()
        out.update(_figures(results))
        print(f"[{backend}] set-up {out['setup_seconds']:.1f} s, played {out['play_seconds']:.1f} s; "
              f"load average after: {out['load_after']}", flush=True)
        problems: list[str] = []
        if not args.no_verify:
            store = Store(url)
            try:
                problems = log_problems(store, [a for r in results for a in r.acks])
                out["log_problems"] = len(problems)
                consistency = consistency_problems(store)
                problems += consistency
                out["consistency_problems"] = len(consistency)
            finally:
                store.dispose()
        else:
            out["log_problems"] = out["consistency_problems"] = None
        out["errors"] += len(problems)
        out["problems"] = problems[:20]
        out["size_after_run"] = db.size(url)
        out["growth_during_run"] = out["size_after_run"] - empty
        out.update(_finished_game_size(db, args, tag))
        return out
    finally:
        db.drop_all()


def _figures(results: Sequence[WorkerResult]) -> dict[str, Any]:
    latencies = [x for r in results for x in r.latencies_ms]
    refused = [x for r in results for x in r.refused_latencies_ms]
    play = max((r.play_seconds for r in results), default=0.0)
    moves = sum(r.moves for r in results)
    errors = [e for r in results for e in r.errors]
    return {
        "moves": moves,
        "play_seconds": play,
        "setup_seconds": max((r.setup_seconds for r in results), default=0.0),
        "moves_per_s": moves / play if play else 0.0,
        "move_p50_ms": percentile(latencies, 0.50),
        "move_p99_ms": percentile(latencies, 0.99),
        "move_max_ms": max(latencies, default=0.0),
        "refused_p50_ms": percentile(refused, 0.50),
        "conflicts": sum(r.conflicts for r in results),
        "stale": sum(r.stale for r in results),
        "reads": sum(r.reads for r in results),
        "worker_cpu_ms_per_move": 1000 * sum(r.play_cpu_seconds for r in results) / moves if moves else 0.0,
        "failed": sum(r.failed for r in results),
        "failures": [f for r in results for f in r.failures][:20],
        "errors": len(errors),
        "error_texts": errors[:5],
        "moves_per_process": [r.moves for r in results],
    }


def _finished_game_size(db: Database, args: argparse.Namespace, tag: str) -> dict[str, Any]:
    """Play ``--finish-games`` games to the end in a fresh database; size per finished game."""
    if args.finish_games <= 0:
        return {"finished_games": 0, "bytes_per_finished_game": None, "compacted_bytes_per_finished_game": None}
    url = db.create(f"{tag}_finish")
    db.compact(url)  # the migrations leave dead catalogue rows (PostgreSQL): start from a compact database
    empty = db.size(url)
    specs = _finish_specs(url, args)
    results = run_workers(specs, db.folder / f"results-{db.backend}-finish",
                          timeout=specs[0].setup_timeout + args.finish_timeout + 300)
    finished = sum(len(r.finished_tables) for r in results)
    raw = db.size(url)
    relations = db.relation_sizes(url)
    db.compact(url)
    compacted = db.size(url)
    games = max(finished, 1)
    moves = sum(r.moves for r in results)
    out = {
        "finished_games": finished,
        "finish_errors": sum(len(r.errors) for r in results) + sum(r.failed for r in results),
        "choices_per_finished_game": moves / games,
        "empty_database_bytes": empty,
        "bytes_per_finished_game": (raw - empty) / games,
        "compacted_bytes_per_finished_game": (compacted - empty) / games,
        "relation_bytes_before_compaction": relations,
    }
    if finished != args.finish_games:
        out["finish_errors"] += 1
    return out


# ---------------------------------------------------------------------------------------------
# Report
# ---------------------------------------------------------------------------------------------
def summary_line(f: dict[str, Any]) -> str:
    """The one-line summary of a run (parsed by the smoke test)."""

    def num(value: Any, digits: int = 1) -> str:
        return "-" if value is None else f"{value:.{digits}f}"

    errors = f["errors"] + f.get("finish_errors", 0)
    return (
        f"load_bench: database={f['database']} tables={f['tables']} processes={f['processes']} "
        f"seconds={f['seconds']:.1f} moves={f['moves']} moves_per_s={f['moves_per_s']:.1f} "
        f"move_p50_ms={f['move_p50_ms']:.2f} move_p99_ms={f['move_p99_ms']:.2f} conflicts={f['conflicts']} "
        f"stale={f['stale']} failed={f['failed']} errors={errors} "
        f"log_problems={'-' if f['log_problems'] is None else f['log_problems']} "
        f"finished_games={f['finished_games']} bytes_per_finished_game={num(f['bytes_per_finished_game'], 0)} "
        f"compacted_bytes_per_finished_game={num(f['compacted_bytes_per_finished_game'], 0)}"
    )


def markdown(rows: Sequence[dict[str, Any]]) -> str:
    """The figures of every run as a Markdown table (one column per database)."""

    def kib(value: Any) -> str:
        return "–" if value is None else f"{value / 1024:,.0f} KiB"

    lines = [
        "| figure | " + " | ".join(r["database"] for r in rows) + " |",
        "|---|" + "---|" * len(rows),
    ]
    table = [
        ("load average before / after", lambda r: f"{r['load_before']} / {r['load_after']}"),
        ("set-up of the tables", lambda r: f"{r['setup_seconds']:.1f} s"),
        ("accepted moves (all processes)", lambda r: f"{r['moves']:,}"),
        ("**moves/s**", lambda r: f"**{r['moves_per_s']:.1f}**"),
        ("moves per process", lambda r: " / ".join(str(m) for m in r["moves_per_process"])),
        ("reading calls (`Host.status`, `Host.legal`) per accepted move",
         lambda r: f"{r['reads'] / max(r['moves'], 1):.2f}"),
        ("worker CPU per accepted move (PostgreSQL's own work not included)",
         lambda r: f"{r['worker_cpu_ms_per_move']:.1f} ms"),
        ("`Host.move` p50 / p99 (accepted)", lambda r: f"{r['move_p50_ms']:.1f} / {r['move_p99_ms']:.1f} ms"),
        ("`Host.move` max (accepted)", lambda r: f"{r['move_max_ms']:.0f} ms"),
        ("conflicts (MOVED_ON), refusal p50", lambda r: f"{r['conflicts']} ({r['refused_p50_ms']:.1f} ms)"),
        ("stale reads (`Host.legal` after another process moved)", lambda r: str(r["stale"])),
        ("failed moves / errors", lambda r: f"{r['failed']} / {r['errors'] + r.get('finish_errors', 0)}"),
        ("log and consistency problems",
         lambda r: "not checked" if r["log_problems"] is None else str(r["log_problems"] + r["consistency_problems"])),
        ("database size after the run (growth during it)",
         lambda r: f"{kib(r['size_after_run'])} ({kib(r['growth_during_run'])})"),
        ("finished games (choices per game)",
         lambda r: f"{r['finished_games']} ({r.get('choices_per_finished_game', 0):.0f})"),
        ("size per finished game, as left / compacted",
         lambda r: f"{kib(r['bytes_per_finished_game'])} / {kib(r['compacted_bytes_per_finished_game'])}"),
    ]
    for name, cell in table:
        lines.append(f"| {name} | " + " | ".join(cell(r) for r in rows) + " |")
    return "\n".join(lines)


def _players(text: str) -> list[int]:
    values = [int(x) for x in text.replace(" ", "").split(",") if x]
    if not values or any(not 1 <= v <= 4 for v in values):
        raise argparse.ArgumentTypeError("players: comma-separated counts from 1 to 4")
    return values


def parse_args(argv: Sequence[str] | None = None) -> argparse.Namespace:
    """The command line (see the module docstring)."""
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--tables", type=int, default=1000, help="live tables (default: %(default)s)")
    ap.add_argument("--processes", type=int, default=4, help="worker processes (default: %(default)s)")
    ap.add_argument("--seconds", type=float, default=60.0, help="timed play per database (default: %(default)s)")
    ap.add_argument("--database", choices=[SQLITE, POSTGRESQL, "both"], default="both",
                    help="back end(s) to measure (default: %(default)s)")
    ap.add_argument("--url", default=None,
                    help="PostgreSQL server URL (any database on it; the script creates and drops its own); "
                         "default: start a throw-away server")
    ap.add_argument("--game", default="zaibatsu", help="game to play (default: %(default)s)")
    ap.add_argument("--players", type=_players, default=[2, 3, 4],
                    help="player counts, cycled over the tables (default: 2,3,4)")
    ap.add_argument("--hot", type=int, default=8,
                    help="tables that every process plays (conflicts); default: %(default)s")
    ap.add_argument("--hot-share", type=float, default=0.1,
                    help="probability that a step goes to a hot table (default: %(default)s)")
    ap.add_argument("--finish-games", type=int, default=8,
                    help="games played to the end for the size per finished game; 0 skips (default: %(default)s)")
    ap.add_argument("--finish-timeout", type=float, default=900.0,
                    help="longest time for the finished games (default: %(default)s s)")
    ap.add_argument("--seed", type=int, default=1, help="seed of the tables and the players (default: %(default)s)")
    ap.add_argument("--dir", default=None, help="work folder (default: a temporary one, removed afterwards)")
    ap.add_argument("--json", default=None, help="write every figure to this file")
    ap.add_argument("--no-verify", action="store_true", help="skip the log and consistency checks")
    ap.add_argument("--keep", action="store_true", help="keep the PostgreSQL databases")
    args = ap.parse_args(argv)
    if args.tables < 1 or args.processes < 1 or args.seconds <= 0:
        ap.error("--tables, --processes and --seconds must be positive")
    args.hot = max(0, min(args.hot, args.tables))
    return args


def main(argv: Sequence[str] | None = None) -> int:
    """Run the benchmark; exit status 1 on any failed move, error or check problem."""
    args = parse_args(argv)
    backends = [SQLITE, POSTGRESQL] if args.database == "both" else [args.database]
    folder = Path(args.dir) if args.dir else Path(tempfile.mkdtemp(prefix="meiji-load-"))
    folder.mkdir(parents=True, exist_ok=True)
    rows: list[dict[str, Any]] = []
    try:
        for backend in backends:
            if backend == POSTGRESQL:
                with postgres_server(args.url) as server_url:
                    rows.append(run_database(backend, args, folder, server_url))
            else:
                rows.append(run_database(backend, args, folder, None))
            print(summary_line(rows[-1]), flush=True)
            for text in rows[-1]["failures"][:5] + rows[-1]["error_texts"][:5] + rows[-1]["problems"][:5]:
                print(f"  {text}", flush=True)
    finally:
        if not args.dir:
            shutil.rmtree(folder, ignore_errors=True)
    print()
    print(markdown(rows))
    if args.json:
        Path(args.json).write_text(json.dumps(rows, indent=2), encoding="utf-8")
    bad = any(r["failed"] or r["errors"] or r.get("finish_errors") for r in rows)
    return 1 if bad else 0


if __name__ == "__main__":
    raise SystemExit(main())
