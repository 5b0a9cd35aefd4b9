"""Hosting figures: persist time per move, end-to-end move latency, memory and database size.

Run:  python benchmarks/host_bench.py [--players 2 4] [--seed 1] [--stored 1000] [--live 100]
                                      [--live-moves 20] [--profile] [--json FILE] [--dir DIR]

Everything runs on a file SQLite database (WAL, ``synchronous=NORMAL``) created by
``Store.open`` in a temporary directory (or ``--dir``), on one process:

1. **Bare commit**: plain ``sqlite3`` on a file in the same directory, WAL + ``synchronous=NORMAL``,
   one ``INSERT`` of a 100-byte row + ``COMMIT`` per iteration (p50/p99 over 2,000).
2. **A full game through the Host** per ``--players``: random legal moves (``Host.legal``, not
   timed) played with ``Host.move`` on a Host built with the real pictures (``render.PICTURES``:
   the turn picture after each move, the final-score picture at the end). Per move the time is split by wrapping
   (not editing) the code: ``Repository`` reads, ``Repository`` writes (version bump, log append,
   snapshot), the commit, the engine (the game object's methods: JSON, parse, apply, chance,
   view …), the renderer, and the rest (host logic, SQLAlchemy sessions). **Persist** = writes +
   commit. **End-to-end** = the whole ``Host.move`` call (parse + apply + persist + render).
   The same game is replayed without a renderer to show the host's own latency.
3. **Memory and size**: the finished game's rows are cloned (plain SQL) until the database holds
   ``--stored`` finished tables, then ``--live`` tables are opened, started and played
   ``--live-moves`` moves each through the Host; then one more move at every live table is timed
   with ``tracemalloc`` on. Reports the database size (after a WAL checkpoint), bytes per stored
   game (log vs snapshots), RSS (``/proc/self/status``) and the Python heap.
4. ``--profile``: cProfile of 100 ``Host.move`` calls (no renderer), top functions by own time.

Targets: end-to-end p99 ≤ 50 ms at 4 players with the turn picture (issue 11); persist ≤ 2 × the
bare commit. Prints a table and a
verdict per target; ``--json`` writes every figure.
"""

from __future__ import annotations

import argparse
import cProfile
import functools
import gc
import io
import json
import os
import pstats
import random
import sqlite3
import statistics
import sys
import tempfile
import time
import tracemalloc
from collections import defaultdict
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from bot.host import Host  # noqa: E402
from bot.store import Repository, Store  # noqa: E402
from engine.core import default_game, get_game  # noqa: E402

#: The game under test (``--game``; :func:`main` sets it).
GAME: Any = get_game(default_game())

E2E_TARGET_MS = 50.0  # issue 11: 4 players, with the turn picture
PERSIST_FACTOR = 2.0

READS = ("active_table", "latest_table", "table", "tables", "seats", "moves", "last_seq", "last_game_move",
         "latest_snapshot", "snapshot_before", "reminder_state")
WRITES = ("bump_version", "append_moves", "save_snapshot", "add_seat", "remove_seat", "set_seat_labels",
          "create_table", "set_fields", "record_reminder", "prune_snapshots")
ENGINE = ("from_json", "to_json", "apply", "parse_action", "format_action", "decision", "legal_actions",
          "chance_outcomes", "view", "text", "describe", "result", "seat_labels", "check_invariants", "setup")


# ---------------------------------------------------------------------------------------------
# Timing by wrapping (nothing in bot/ or engine/ is edited)
# ---------------------------------------------------------------------------------------------
class Meter:
    """Accumulates seconds per bucket while ``active``; nested calls of one bucket count once."""

    def __init__(self) -> None:
        self.buckets: dict[str, float] = defaultdict(float)
        self.active = False
        self._depth: dict[str, int] = defaultdict(int)

    def wrap(self, bucket: str, fn: Callable[..., Any]) -> Callable[..., Any]:
        @functools.wraps(fn)
        def timed(*args: Any, **kwargs: Any) -> Any:
            if not self.active or self._depth[bucket]:
                return fn(*args, **kwargs)
            self._depth[bucket] += 1
            t0 = time.perf_counter()
            try:
                return fn(*args, **kwargs)
            finally:
                self.buckets[bucket] += time.perf_counter() - t0
                self._depth[bucket] -= 1

        return timed

    def take(self) -> dict[str, float]:
        out = dict(self.buckets)
        self.buckets.clear()
        return out


@contextmanager
def instrumented(meter: Meter) -> Iterator[None]:
    """Wrap Repository reads/writes/commit and the Zaibatsu game object's methods."""
    saved_repo = {name: getattr(Repository, name) for name in (*READS, *WRITES, "commit") if hasattr(Repository, name)}
    saved_game = {name: getattr(GAME, name) for name in ENGINE if hasattr(GAME, name)}
    try:
        for name, fn in saved_repo.items():
            bucket = "commit" if name == "commit" else "db_read" if name in READS else "db_write"
            setattr(Repository, name, meter.wrap(bucket, fn))
        for name, fn in saved_game.items():
            setattr(GAME, name, meter.wrap("engine", fn))
        yield
    finally:
        for name, fn in saved_repo.items():
            setattr(Repository, name, fn)
        for name in saved_game:
            delattr(GAME, name)  # instance attributes shadowed the class methods


def pct(values: list[float], q: float) -> float:
    """The q-quantile (0–1) of ``values`` (nearest rank)."""
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, int(round(q * (len(ordered) - 1)))))]


def ms(seconds: float) -> float:
    return round(seconds * 1000, 3)


# ---------------------------------------------------------------------------------------------
# 1. Bare commit
# ---------------------------------------------------------------------------------------------
def bare_commit(path: Path, n: int = 2000) -> dict[str, float]:
    """p50/p99/mean of one INSERT + COMMIT with plain sqlite3 (WAL, synchronous=NORMAL)."""
    conn = sqlite3.connect(path, isolation_level=None)
    try:
        conn.execute("PRAGMA journal_mode=WAL")
        conn.execute("PRAGMA synchronous=NORMAL")
        conn.execute("CREATE TABLE IF NOT EXISTS t (id INTEGER PRIMARY KEY, a TEXT NOT NULL)")
        row = "x" * 100
        times = []
        for _ in range(n):
            t0 = time.perf_counter()
            conn.execute("BEGIN")
            conn.execute("INSERT INTO t (a) VALUES (?)", (row,))
            conn.execute("COMMIT")
            times.append(time.perf_counter() - t0)
    finally:
        conn.close()
    return {"n": n, "p50_ms": ms(pct(times, 0.5)), "p99_ms": ms(pct(times, 0.99)), "mean_ms": ms(statistics.mean(times))}


def bare_equivalent(db: Path, n: int = 500) -> dict[str, float]:
    """The Host's write set of one move with plain sqlite3, on a copy of a played database.

    ``BEGIN IMMEDIATE``; the versioned ``UPDATE`` of the table row; one ``INSERT`` into the log;
    one ``INSERT`` of a snapshot as large as the game's last one; ``COMMIT``. This is what the
    persist step costs without SQLAlchemy: the floor any ORM-side optimisation can reach.
    """
    scratch = db.with_name(db.stem + "-bare-equivalent.db")
    src = sqlite3.connect(db)
    dst = sqlite3.connect(scratch)
    src.backup(dst)
    src.close()
    dst.close()
    conn = sqlite3.connect(scratch, isolation_level=None)
    try:
        conn.execute("PRAGMA journal_mode=WAL")
        conn.execute("PRAGMA synchronous=NORMAL")
        tid, version = conn.execute("SELECT id, version FROM game_table ORDER BY id LIMIT 1").fetchone()
        seq = conn.execute("SELECT MAX(seq) FROM move WHERE table_id = ?", (tid,)).fetchone()[0] or 0
        state, engine = conn.execute(
            "SELECT state, engine_version FROM snapshot WHERE table_id = ? ORDER BY seq DESC LIMIT 1", (tid,)
        ).fetchone()
        times = []
        for _ in range(n):
            seq += 1
            now = time.strftime("%Y-%m-%d %H:%M:%S.000000")
            t0 = time.perf_counter()
            conn.execute("BEGIN IMMEDIATE")
            cur = conn.execute(
                "UPDATE game_table SET version = ?, updated_at = ? WHERE id = ? AND version = ?",
                (version + 1, now, tid, version),
            )
            assert cur.rowcount == 1
            conn.execute(
                "INSERT INTO move (table_id, seq, actor, seat, kind, notation, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)",
                (tid, seq, "p1", 0, "choice", "take 1 rd red", now),
            )
            conn.execute(
                "INSERT INTO snapshot (table_id, seq, engine_version, state, created_at) VALUES (?, ?, ?, ?, ?)",
                (tid, seq, engine, state, now),
            )
            conn.execute("COMMIT")
            times.append(time.perf_counter() - t0)
            version += 1
    finally:
        conn.close()
        for suffix in ("", "-wal", "-shm"):
            Path(f"{scratch}{suffix}").unlink(missing_ok=True)
    return {"n": n, "snapshot_bytes": len(state), "p50_ms": ms(pct(times, 0.5)), "p99_ms": ms(pct(times, 0.99)),
            "mean_ms": ms(statistics.mean(times))}


# ---------------------------------------------------------------------------------------------
# 2. A full game through the Host
# ---------------------------------------------------------------------------------------------
class Timed:
    """A timing wrapper of the production renderer (``bot.host.Renderer``) whose board, turn and final pictures (``render.PICTURES``) are each
    timed into the meter's ``render`` bucket."""

    def __init__(self, pictures: Any, wrap: Callable[[str, Callable[..., Any]], Callable[..., Any]]) -> None:
        self.board = wrap("render", pictures.board)
        self.turn = wrap("render", pictures.turn)
        self.final = wrap("render", pictures.final)
        self.story = wrap("render", pictures.story)


def real_renderer() -> tuple[Any, str]:
    """``render.PICTURES`` (board, turn picture after a move, final-score picture) as the Host's
    render callback, if the renderer is importable."""
    try:
        import render

        if not render.has_renderer(GAME.name):
            return None, f"no {GAME.name} renderer"
        return render.PICTURES, "render.PICTURES (turn picture after each move)"
    except Exception as exc:  # pragma: no cover - depends on the render package
        return None, f"renderer unavailable: {type(exc).__name__}: {exc}"


def open_game(host: Host, channel: str, players: int, seed: int) -> list[str]:
    users = [f"{channel}-p{i + 1}" for i in range(players)]
    assert host.new_table(channel, users[0], "P1", GAME.name, {"players": players}, seed).ok
    for i, u in enumerate(users[1:], start=2):
        assert host.join(channel, u, f"P{i}").ok
    reply = host.start(channel, users[0])
    assert reply.ok, reply.private
    return users


def play_moves(
    host: Host, channel: str, rng: random.Random, meter: Meter | None, limit: int | None = None
) -> list[dict[str, float]]:
    """Play random legal moves (until the end or ``limit``); per move: total and bucket seconds."""
    rows: list[dict[str, float]] = []
    while limit is None or len(rows) < limit:
        status = host.status(channel)
        data = status.data or {}
        if data.get("status") != "running":
            break
        user = data["to_act"]
        choices = [n for n, _ in host.legal(channel, user).choices]
        weights = [0.05 if n.startswith("convert") else 1.0 for n in choices]
        notation = rng.choices(choices, weights=weights, k=1)[0]
        if meter is not None:
            meter.take()
            meter.active = True
        t0 = time.perf_counter()
        reply = host.move(channel, user, notation, status.version)
        total = time.perf_counter() - t0
        if meter is not None:
            meter.active = False
        if not reply.ok:
            raise RuntimeError(f"{notation!r} refused: {reply.private}")
        row = {"total": total, **(meter.take() if meter is not None else {})}
        row["png"] = 1.0 if reply.png else 0.0
        rows.append(row)
    return rows


def summarise(rows: list[dict[str, float]]) -> dict[str, Any]:
    def col(name: str) -> list[float]:
        return [r.get(name, 0.0) for r in rows]

    persist = [r.get("db_write", 0.0) + r.get("commit", 0.0) for r in rows]
    host_only = [r["total"] - r.get("engine", 0.0) - r.get("render", 0.0) for r in rows]
    out: dict[str, Any] = {"moves": len(rows), "pictures": int(sum(col("png")))}
    for name, values in [("end_to_end", col("total")), ("engine", col("engine")), ("render", col("render")),
                         ("db_read", col("db_read")), ("db_write", col("db_write")), ("commit", col("commit")),
                         ("persist", persist), ("move_minus_engine_and_render", host_only)]:
        out[name] = {"p50_ms": ms(pct(values, 0.5)), "p99_ms": ms(pct(values, 0.99)),
                     "mean_ms": ms(statistics.mean(values)) if values else 0.0, "max_ms": ms(max(values, default=0.0))}
    return out


def full_game(workdir: Path, players: int, seed: int, renderer: Callable[..., bytes] | None) -> tuple[dict, Path]:
    """One full game through a Host (with the renderer) on a fresh file DB; per-move split."""
    db = workdir / f"game{players}.db"
    store = Store.open(f"sqlite:///{db}")
    meter = Meter()
    render_cb = None
    if renderer is not None:
        render_cb = Timed(renderer, meter.wrap)
    host = Host(store, render=render_cb)
    try:
        open_game(host, "bench", players, seed)
        with instrumented(meter):
            rows = play_moves(host, "bench", random.Random(seed), meter)
        return summarise(rows), db
    finally:
        store.dispose()


def without_renderer(workdir: Path, players: int, seed: int) -> dict[str, Any]:
    """The same game again without a renderer (the host's own latency)."""
    db = workdir / f"norender{players}.db"
    store = Store.open(f"sqlite:///{db}")
    try:
        host = Host(store)
        open_game(host, "bench", players, seed)
        rows = play_moves(host, "bench", random.Random(seed), None)
        return summarise(rows)
    finally:
        store.dispose()


# ---------------------------------------------------------------------------------------------
# 3. Memory and database size
# ---------------------------------------------------------------------------------------------
def rss_kib() -> dict[str, int]:
    """VmRSS and VmHWM of this process in KiB (Linux), else empty."""
    out: dict[str, int] = {}
    try:
        for line in Path("/proc/self/status").read_text().splitlines():
            key, _, value = line.partition(":")
            if key in ("VmRSS", "VmHWM"):
                out[key] = int(value.split()[0])
    except OSError:
        pass
    return out


def db_bytes(db: Path) -> dict[str, int]:
    conn = sqlite3.connect(db)
    try:
        conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        page = conn.execute("PRAGMA page_size").fetchone()[0]
        pages = conn.execute("PRAGMA page_count").fetchone()[0]
        snap = conn.execute("SELECT COALESCE(SUM(LENGTH(state)), 0), COUNT(*) FROM snapshot").fetchone()
        moves = conn.execute("SELECT COALESCE(SUM(LENGTH(notation)), 0), COUNT(*) FROM move").fetchone()
        tables = conn.execute("SELECT status, COUNT(*) FROM game_table GROUP BY status").fetchall()
    finally:
        conn.close()
    wal = Path(f"{db}-wal")
    return {
        "file_bytes": db.stat().st_size,
        "wal_bytes": wal.stat().st_size if wal.exists() else 0,
        "pages_bytes": page * pages,
        "snapshot_rows": snap[1],
        "snapshot_state_bytes": snap[0],
        "move_rows": moves[1],
        "move_notation_bytes": moves[0],
        **{f"tables_{status}": count for status, count in tables},
    }


def clone_finished(db: Path, copies: int) -> None:
    """Copy the finished table of ``db`` (its seats, log and snapshots) until there are ``copies``."""
    conn = sqlite3.connect(db, isolation_level=None)
    try:
        conn.execute("BEGIN IMMEDIATE")
        src = conn.execute("SELECT id FROM game_table WHERE status = 'finished' ORDER BY id LIMIT 1").fetchone()[0]
        have = conn.execute("SELECT COUNT(*) FROM game_table WHERE status = 'finished'").fetchone()[0]

        def cols(table: str, skip: tuple[str, ...]) -> list[str]:
            return [r[1] for r in conn.execute(f"PRAGMA table_info({table})") if r[1] not in skip]

        tcols = cols("game_table", ("id", "channel"))
        children = [(t, cols(t, ("id", "table_id"))) for t in ("seat", "move", "snapshot")]
        for k in range(have, copies):
            cur = conn.execute(
                f"INSERT INTO game_table (channel, {', '.join(tcols)}) "
                f"SELECT ?, {', '.join(tcols)} FROM game_table WHERE id = ?",
                (f"stored-{k}", src),
            )
            new = cur.lastrowid
            for table, ccols in children:
                conn.execute(
                    f"INSERT INTO {table} (table_id, {', '.join(ccols)}) "
                    f"SELECT ?, {', '.join(ccols)} FROM {table} WHERE table_id = ?",
                    (new, src),
                )
        conn.execute("COMMIT")
    finally:
        conn.close()


def memory_and_size(db: Path, stored: int, live: int, live_moves: int, players: int, seed: int) -> dict[str, Any]:
    """Clone to ``stored`` finished tables, open ``live`` running ones, measure a round of moves."""
    one_game = db_bytes(db)
    t0 = time.perf_counter()
    clone_finished(db, stored)
    clone_seconds = time.perf_counter() - t0
    gc.collect()
    rss_before = rss_kib()
    store = Store.open(f"sqlite:///{db}")
    host = Host(store)
    rng = random.Random(seed)
    try:
        t0 = time.perf_counter()
        for i in range(live):
            open_game(host, f"live-{i}", players, seed + i)
            play_moves(host, f"live-{i}", rng, None, limit=live_moves)
        setup_seconds = time.perf_counter() - t0
        gc.collect()
        rss_live = rss_kib()
        times = []  # one move at every live table, timed (tracemalloc off: it slows Python down)
        for i in range(live):
            times += [r["total"] for r in play_moves(host, f"live-{i}", rng, None, limit=1)]
        tracemalloc.start()  # then another round, with a board each, for the Python heap
        base_current, _ = tracemalloc.get_traced_memory()
        tracemalloc.reset_peak()
        for i in range(live):
            play_moves(host, f"live-{i}", rng, None, limit=1)
            host.board(f"live-{i}", f"live-{i}-p1")
        current, peak = tracemalloc.get_traced_memory()
        tracemalloc.stop()
        gc.collect()
        rss_after = rss_kib()
    finally:
        store.dispose()
    size = db_bytes(db)
    finished = max(1, one_game.get("tables_finished", 1))
    return {
        "stored_tables": stored,
        "live_tables": live,
        "live_moves_each": live_moves,
        "clone_seconds": round(clone_seconds, 1),
        "live_setup_seconds": round(setup_seconds, 1),
        "one_finished_game": {
            "moves": one_game["move_rows"] // finished,
            "snapshots": one_game["snapshot_rows"] // finished,
            "snapshot_bytes": one_game["snapshot_state_bytes"] // finished,
            "log_bytes": one_game["move_notation_bytes"] // finished,
            "db_bytes": one_game["pages_bytes"],
        },
        "db": size,
        "round_of_moves_at_live_tables": {
            "p50_ms": ms(pct(times, 0.5)), "p99_ms": ms(pct(times, 0.99)), "moves": len(times)
        },
        "python_heap_during_round": {
            "retained_kib": round((current - base_current) / 1024, 1),
            "peak_kib": round((peak - base_current) / 1024, 1),
        },
        "rss_kib": {"before_live": rss_before, "live_open": rss_live, "after_round": rss_after},
    }


# ---------------------------------------------------------------------------------------------
# What if: the store's writes as SQLAlchemy Core statements (benchmark-only patch, bot/ untouched)
# ---------------------------------------------------------------------------------------------
@contextmanager
def core_writes() -> Iterator[None]:
    """Replace ``Repository`` writes by Core ``INSERT``/``UPDATE`` statements, without ORM objects.

    ``append_moves`` and ``save_snapshot`` become one ``insert(table)`` each (no ORM instances, no
    ``flush``); ``bump_version`` a Core ``update(table)``. Same rows, same checks; this measures
    what the recommendation in docs/performance.md would save (since commit 87568fa the store
    already inserts with Core, so the difference left is the version bump).
    """
    from sqlalchemy import insert, update

    from bot.store import MOVE_KINDS, GameTable, Move, Snapshot, VersionConflict, utcnow

    moves_t, snaps_t, tables_t = Move.__table__, Snapshot.__table__, GameTable.__table__

    def append_moves(self: Repository, moves: Any) -> None:
        now = utcnow()
        rows = []
        for m in moves:
            if m.kind not in MOVE_KINDS:
                raise ValueError(f"unknown move kind {m.kind!r}")
            rows.append({"table_id": m.table_id, "seq": m.seq, "actor": m.actor, "seat": m.seat, "kind": m.kind,
                         "notation": m.notation, "created_at": m.created_at or now})
        if rows:
            self._s.execute(insert(moves_t), rows)

    def save_snapshot(self: Repository, table_id: int, seq: int, engine_version: str, state: str) -> None:
        self._s.execute(insert(snaps_t), [{"table_id": table_id, "seq": seq, "engine_version": engine_version,
                                           "state": state, "created_at": utcnow()}])

    def bump_version(self: Repository, table_id: int, expected: int, **changes: Any) -> int:
        if "options" in changes:
            changes["options"] = dict(changes["options"])
        result = self._s.execute(
            update(tables_t).where(tables_t.c.id == table_id, tables_t.c.version == expected)
            .values(version=expected + 1, updated_at=utcnow(), **changes)
        )
        if result.rowcount != 1:
            raise VersionConflict(f"table {table_id} is no longer at version {expected}")
        return expected + 1

    saved = {n: getattr(Repository, n) for n in ("append_moves", "save_snapshot", "bump_version")}
    Repository.append_moves = append_moves  # type: ignore[method-assign]
    Repository.save_snapshot = save_snapshot  # type: ignore[method-assign]
    Repository.bump_version = bump_version  # type: ignore[method-assign]
    try:
        yield
    finally:
        for name, fn in saved.items():
            setattr(Repository, name, fn)


# ---------------------------------------------------------------------------------------------
# 4. Profile
# ---------------------------------------------------------------------------------------------
def profile_moves(workdir: Path, players: int, seed: int, n: int = 100, renderer: Any = None) -> str:
    name = f"profile{players}{'-render' if renderer is not None else ''}.db"
    store = Store.open(f"sqlite:///{workdir / name}")
    try:
        host = Host(store, render=renderer)
        open_game(host, "prof", players, seed)
        rng = random.Random(seed)
        play_moves(host, "prof", rng, None, limit=20)  # warm caches
        profiler = cProfile.Profile()
        move = host.move

        def profiled_move(*a: Any, **k: Any) -> Any:  # only Host.move is profiled, not the driver
            profiler.enable()
            try:
                return move(*a, **k)
            finally:
                profiler.disable()

        host.move = profiled_move  # type: ignore[method-assign]
        play_moves(host, "prof", rng, None, limit=n)
    finally:
        store.dispose()
    buf = io.StringIO()
    stats = pstats.Stats(profiler, stream=buf)
    stats.sort_stats("tottime").print_stats(25)
    buf.write("\n--- by cumulative time ---\n")
    stats.sort_stats("cumulative").print_stats(45)
    return buf.getvalue()


# ---------------------------------------------------------------------------------------------
def main(argv: list[str] | None = None) -> int:
    """Command line."""
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--game", default=None, help="game name (default: the default game)")
    ap.add_argument("--players", type=int, nargs="+", default=[2, 4], help="player counts (default: 2 4)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--stored", type=int, default=1000, help="finished tables in the size test (default 1000)")
    ap.add_argument("--live", type=int, default=100, help="running tables in the memory test (default 100)")
    ap.add_argument("--live-moves", type=int, default=20, help="moves played at each live table (default 20)")
    ap.add_argument("--no-render", action="store_true", help="don't use the real renderer")
    ap.add_argument("--profile", action="store_true", help="cProfile 100 moves (with and without the renderer)")
    ap.add_argument("--what-if", action="store_true",
                    help="also measure persist with the store's writes as SQLAlchemy Core statements "
                         "(3 interleaved runs each, medians)")
    ap.add_argument("--json", metavar="FILE", help="write every figure as JSON")
    ap.add_argument("--dir", help="work directory (default: a temporary one)")
    args = ap.parse_args(argv)
    global GAME
    GAME = get_game(args.game or default_game())

    tmp = None
    if args.dir:
        workdir = Path(args.dir)
        workdir.mkdir(parents=True, exist_ok=True)
    else:
        tmp = tempfile.TemporaryDirectory(prefix="meiji-bench-")
        workdir = Path(tmp.name)
    try:
        renderer, how = (None, "disabled") if args.no_render else real_renderer()
        figures: dict[str, Any] = {"renderer": how, "cpus": os.cpu_count(), "python": sys.version.split()[0],
                                   "sqlite": sqlite3.sqlite_version}
        figures["bare_commit"] = bare_commit(workdir / "bare.db")
        print(f"bare sqlite3 commit (WAL, NORMAL): p50 {figures['bare_commit']['p50_ms']} ms, "
              f"p99 {figures['bare_commit']['p99_ms']} ms")
        games: dict[str, Any] = {}
        last_db = None
        for players in args.players:
            summary, last_db = full_game(workdir, players, args.seed, renderer)
            summary["no_render"] = without_renderer(workdir, players, args.seed)
            summary["bare_equivalent"] = bare_equivalent(last_db)
            games[f"{players}p"] = summary
            print(f"\nfull {players}-player game through Host.move ({summary['moves']} moves, renderer: {how}, "
                  f"{summary['pictures']} pictures)")
            print(f"  {'part':<30} {'p50 ms':>9} {'p99 ms':>9} {'mean ms':>9} {'max ms':>9}")
            for name in ("end_to_end", "engine", "render", "db_read", "db_write", "commit", "persist",
                         "move_minus_engine_and_render"):
                f = summary[name]
                print(f"  {name:<30} {f['p50_ms']:>9.2f} {f['p99_ms']:>9.2f} {f['mean_ms']:>9.2f} {f['max_ms']:>9.2f}")
            f = summary["no_render"]["end_to_end"]
            print(f"  {'end_to_end without renderer':<30} {f['p50_ms']:>9.2f} {f['p99_ms']:>9.2f} "
                  f"{f['mean_ms']:>9.2f} {f['max_ms']:>9.2f}")
            f = summary["bare_equivalent"]
            print(f"  {'same writes, plain sqlite3':<30} {f['p50_ms']:>9.2f} {f['p99_ms']:>9.2f} "
                  f"{f['mean_ms']:>9.2f} {'':>9}  (snapshot {f['snapshot_bytes']} bytes)")
        figures["games"] = games
        if last_db is not None and args.stored > 0:
            mem = memory_and_size(last_db, args.stored, args.live, args.live_moves, args.players[-1], args.seed)
            figures["memory_and_size"] = mem
            one = mem["one_finished_game"]
            print(f"\nstorage: one finished {args.players[-1]}-player game = {one['moves']} log rows "
                  f"({one['log_bytes'] / 1024:.0f} KiB of notation), {one['snapshots']} snapshots "
                  f"({one['snapshot_bytes'] / 1024 / 1024:.2f} MiB of state JSON), db {one['db_bytes'] / 1024 / 1024:.2f} MiB")
            db = mem["db"]
            print(f"database with {args.stored} stored + {args.live} live tables: "
                  f"{db['pages_bytes'] / 1024 / 1024:.0f} MiB ({db['move_rows']} log rows, {db['snapshot_rows']} snapshots)")
            r = mem["round_of_moves_at_live_tables"]
            print(f"one move at each live table (big database): p50 {r['p50_ms']} ms, p99 {r['p99_ms']} ms")
            h = mem["python_heap_during_round"]
            print(f"python heap over that round: retained {h['retained_kib']} KiB, peak {h['peak_kib']} KiB; "
                  f"RSS {mem['rss_kib']}")
        # verdicts
        bare = figures["bare_commit"]["p50_ms"]
        verdicts = []
        for name, g in games.items():
            e2e = g["end_to_end"]["p99_ms"]
            persist = g["persist"]["p50_ms"]
            same = g["bare_equivalent"]["p50_ms"]
            verdicts.append(f"{name}: end-to-end p99 {e2e:.1f} ms {'≤' if e2e <= E2E_TARGET_MS else '>'} "
                            f"{E2E_TARGET_MS:.0f} ms ({'met' if e2e <= E2E_TARGET_MS else 'MISSED'}); "
                            f"persist p50 {persist:.2f} ms = {persist / bare:.1f} × bare commit "
                            f"({'met' if persist <= PERSIST_FACTOR * bare else 'MISSED'}, target ≤ {PERSIST_FACTOR:.0f} ×; "
                            f"the same writes with plain sqlite3: {same:.2f} ms = {same / bare:.1f} × bare commit)")
        figures["verdicts"] = verdicts
        print("\n" + "\n".join(verdicts))
        if args.what_if:
            players = args.players[-1]
            runs: dict[str, list[dict[str, Any]]] = {"current": [], "core": []}
            for k in range(3):  # interleaved pairs, medians: the machine may be shared
                for label in ("current", "core"):
                    where = workdir / f"what-if-{label}-{k}"
                    where.mkdir(exist_ok=True)
                    if label == "core":
                        with core_writes():
                            result, _ = full_game(where, players, args.seed, None)
                    else:
                        result, _ = full_game(where, players, args.seed, None)
                    runs[label].append(result)

            def median(label: str, name: str, q: str) -> float:
                return statistics.median(r[name][q] for r in runs[label])

            figures["what_if_core_writes"] = {
                label: {name: {q: median(label, name, q) for q in ("p50_ms", "p99_ms")}
                        for name in ("db_write", "commit", "persist", "move_minus_engine_and_render")}
                for label in runs
            }
            print(f"\nwhat if the store wrote with Core statements ({players} players, no renderer; "
                  f"medians of 3 interleaved runs each):")
            for name in ("db_write", "commit", "persist", "move_minus_engine_and_render"):
                print(f"  {name:<30} p50 {median('current', name, 'p50_ms'):.2f} -> "
                      f"{median('core', name, 'p50_ms'):.2f} ms, p99 {median('current', name, 'p99_ms'):.2f} -> "
                      f"{median('core', name, 'p99_ms'):.2f} ms")
        if args.profile:
            players = args.players[-1]
            text = profile_moves(workdir, players, args.seed)
            figures["profile_no_render"] = text
            print(f"\ncProfile of 100 Host.move calls, {players} players, no renderer:\n{text}")
            if renderer is not None:
                text = profile_moves(workdir, players, args.seed, renderer=renderer)
                figures["profile_render"] = text
                print(f"\ncProfile of 100 Host.move calls, {players} players, with the renderer:\n{text}")
        if args.json:
            Path(args.json).write_text(json.dumps(figures, indent=2, default=str) + "\n", encoding="utf-8")
    finally:
        if tmp is not None:
            tmp.cleanup()
    return 0


if __name__ == "__main__":
    sys.exit(main())
