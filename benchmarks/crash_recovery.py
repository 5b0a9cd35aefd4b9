"""Crash recovery: SIGKILL a process that is playing through the Host, restart it, lose nothing.

Run:  python benchmarks/crash_recovery.py --kills 100 [--seed 0] [--dir DIR] [--game NAME] [--url URL]

A child process (this script with ``--child``) opens the database with ``Store.open``
(migrations included): a SQLite file in the work directory, or ``--url`` (e.g. an empty
PostgreSQL database), and plays Nippon: Zaibatsu through :class:`bot.host.Host`:
it opens a 2-player table in channel ``crash`` if there is none, seats both players, starts it
and then plays random legal moves (``Host.legal`` → ``Host.move``) as fast as it can, opening a
new table whenever a game ends. Around every move it appends to a side log (``acks.log``):

* ``P table version notation`` before calling ``Host.move`` (fsync'ed);
* ``A table version notation`` *after* the Host returned ``ok`` (fsync'ed): an acknowledged move.

The parent starts the child, waits until it is playing (or, for one kill in ten, not at all, to
hit start-up and migrations), sleeps a random 0–0.5 s and kills it with SIGKILL — mostly in the
middle of a move, since that is what the child spends its time on. Then, with the child dead:

1. the database's own check must pass: SQLite's ``PRAGMA integrity_check`` returns ``ok``; on
   PostgreSQL ``amcheck``'s ``bt_index_check`` passes for every index of the tables;
2. for every table, the ``seq`` numbers of the log are contiguous (1, 2, …, n);
3. a move in flight at the kill (a ``P`` without its ``A``) is either entirely in the database or
   entirely absent; if present the parent records it (``C`` line) as committed-but-unacknowledged;
4. the choices in the database are exactly the acknowledged (and committed in-flight) moves, in
   order — nothing lost, nothing duplicated — and the table's version is the last acknowledged one;
5. the latest snapshot equals the replay of the effective log (the restarted process will load it).

Then the next child resumes the same games from the database. Exit status 1 on any problem.
Process kills only (of the client; a PostgreSQL server stays up and rolls back the killed
connection's open transaction): ``synchronous=NORMAL`` in WAL mode keeps every committed transaction across a
process crash, but an OS crash or power loss may lose the last transactions (that would need
``synchronous=FULL``), which this script does not simulate.
"""

from __future__ import annotations

import argparse
import os
import random
import signal
import sqlite3
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

CHANNEL = "crash"
PLAYERS = ("p1", "p2")


# ---------------------------------------------------------------------------------------------
# Child: play through the Host and acknowledge every accepted move
# ---------------------------------------------------------------------------------------------
def _append(fd: int, line: str) -> None:
    os.write(fd, (line + "\n").encode("utf-8"))
    os.fsync(fd)


def child(url: str, acks: Path, seed: int, game: str) -> int:
    """Play forever (until killed) through a Host on the database ``url``; acknowledge moves in ``acks``."""
    from bot.host import Host
    from bot.store import Store

    rng = random.Random(seed)
    store = Store.open(url)
    host = Host(store)
    fd = os.open(acks, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o644)
    ready = False
    while True:
        status = host.status(CHANNEL)
        data = status.data if status.ok else None
        state = data.status if data is not None else None
        if state not in ("open", "running"):
            options: dict[str, Any] = {"players": 2}
            reply = host.new_table(CHANNEL, PLAYERS[0], "One", game, options, rng.randrange(2**40))
            if not reply.ok:
                raise SystemExit(f"new_table refused: {reply.private}")
            continue
        if state == "open":
            seated = {p["user"] for p in data.players} if data is not None else set()
            for user in PLAYERS:
                if user not in seated:
                    host.join(CHANNEL, user, user.upper())
            reply = host.start(CHANNEL, PLAYERS[0])
            if not reply.ok:
                raise SystemExit(f"start refused: {reply.private}")
            continue
        assert data is not None
        table_id, version, user = data.table_id, status.version, data.to_act
        if not ready:
            _append(fd, f"R {table_id} {version}")
            ready = True
        if user is None:
            raise SystemExit(f"running table {table_id} without a player to act")
        legal = host.legal(CHANNEL, user)
        if not legal.ok or not legal.choices:
            raise SystemExit(f"legal refused: {legal.private}")
        notations = [n for n, _ in legal.choices]
        weights = [0.05 if n.startswith("convert") else 1.0 for n in notations]
        notation = rng.choices(notations, weights=weights, k=1)[0]
        _append(fd, f"P {table_id} {version} {notation}")
        reply = host.move(CHANNEL, user, notation, version)
        if reply.ok:
            step = (reply.data.step if reply.data is not None else None) or notation
            _append(fd, f"A {table_id} {reply.version} {step}")
        else:
            _append(fd, f"X {table_id} {version} {notation} | {reply.private}")


# ---------------------------------------------------------------------------------------------
# Parent: kill, check, restart
# ---------------------------------------------------------------------------------------------
@dataclass
class Tally:
    """What the crash test saw."""

    kills: int = 0
    early_kills: int = 0
    in_flight: int = 0
    in_flight_committed: int = 0
    acknowledged: int = 0
    refused: int = 0
    lost: int = 0
    duplicated: int = 0
    problems: list[str] = field(default_factory=list)
    tables: int = 0
    finished_tables: int = 0
    seconds: float = 0.0

    def summary(self) -> str:
        """One-line summary."""
        return (
            f"crash_recovery: kills={self.kills} (early {self.early_kills}) in_flight={self.in_flight} "
            f"(committed {self.in_flight_committed}) acknowledged={self.acknowledged} lost={self.lost} "
            f"duplicated={self.duplicated} problems={len(self.problems)} refused={self.refused} "
            f"tables={self.tables} finished={self.finished_tables} seconds={self.seconds:.1f}"
        )


def _read_acks(path: Path) -> list[list[str]]:
    if not path.exists():
        return []
    out = []
    for raw in path.read_text(encoding="utf-8").splitlines():
        kind, _, rest = raw.partition(" ")
        if kind in ("P", "A", "C"):
            table, version, notation = rest.split(" ", 2)
            out.append([kind, table, version, notation])
        elif kind:
            out.append([kind, rest])
    return out


def _integrity(url: str) -> str:
    """``ok`` or the database's complaint (SQLite ``integrity_check``; PostgreSQL ``amcheck``)."""
    from sqlalchemy import create_engine, make_url, text

    u = make_url(url)
    if u.get_backend_name() == "sqlite":
        conn = sqlite3.connect(u.database or "", timeout=30)
        try:
            return "; ".join(r[0] for r in conn.execute("PRAGMA integrity_check"))
        finally:
            conn.close()
    engine = create_engine(url)
    try:
        with engine.begin() as conn:
            conn.execute(text("CREATE EXTENSION IF NOT EXISTS amcheck"))
            indexes = conn.execute(text(
                "SELECT c.relname FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid "
                "JOIN pg_namespace n ON n.oid = c.relnamespace JOIN pg_am a ON a.oid = c.relam "
                "WHERE n.nspname = 'public' AND a.amname = 'btree'"
            )).scalars().all()
            for name in indexes:
                conn.execute(text("SELECT bt_index_check(CAST(:name AS regclass), true)"), {"name": name})
        return "ok" if indexes else "no indexes found"
    except Exception as exc:  # amcheck reports corruption as an error
        return f"{type(exc).__name__}: {str(exc).splitlines()[0]}"
    finally:
        engine.dispose()


def _db_facts(url: str) -> tuple[str, dict[int, dict[str, Any]]]:
    from sqlalchemy import create_engine, text

    integrity = _integrity(url)
    engine = create_engine(url)
    try:
        with engine.connect() as conn:
            tables: dict[int, dict[str, Any]] = {}
            rows = conn.execute(text("SELECT id, version, status FROM game_table ORDER BY id")).all()
            for tid, version, status in rows:
                moves = [tuple(m) for m in conn.execute(
                    text("SELECT seq, kind, notation FROM move WHERE table_id = :t ORDER BY seq"), {"t": tid}
                )]
                tables[tid] = {"version": version, "status": status, "moves": moves}
        return integrity, tables
    finally:
        engine.dispose()


def _snapshot_matches(url: str, table_id: int) -> str | None:
    """None if the latest snapshot of ``table_id`` equals the replay of its effective log."""
    from bot.host import effective_moves
    from bot.store import Store
    from engine.core import get_game, replay

    store = Store(url)
    try:
        with store.unit_of_work(write=False) as repo:
            table = repo.table(table_id)
            snap = repo.latest_snapshot(table_id)
            moves = repo.moves(table_id)
        if table is None or snap is None:
            return None
        game = get_game(table.game)
        state = replay(game, table.options, table.seed or 0, [m.notation for m in effective_moves(moves)])
        problems = game.check_invariants(state)
        if problems:
            return f"table {table_id}: invariants broken after replay: {problems[:3]}"
        if game.to_json(game.from_json(snap.state)) != game.to_json(state):
            return f"table {table_id}: snapshot #{snap.seq} differs from the replay of the log"
        return None
    finally:
        store.dispose()


def check(url: str, acks: Path, tally: Tally) -> None:
    """Check the database ``url`` against the acknowledgement log after a kill (child is dead)."""
    integrity, tables = _db_facts(url)
    if integrity != "ok":
        tally.problems.append(f"integrity_check: {integrity}")
    lines = _read_acks(acks)
    # a move in flight at the kill: the last P/A line is a P
    last_move = next((line for line in reversed(lines) if line[0] in ("P", "A", "C")), None)
    expected: dict[int, list[str]] = {}
    last_version: dict[int, int] = {}
    for line in lines:
        if line[0] in ("A", "C"):
            tid = int(line[1])
            expected.setdefault(tid, []).append(line[3])
            last_version[tid] = int(line[2])
    if last_move is not None and last_move[0] == "P":
        tally.in_flight += 1
        tid, notation = int(last_move[1]), last_move[3]
        have = [m[2] for m in tables.get(tid, {}).get("moves", []) if m[1] == "choice"]
        want = expected.get(tid, [])
        if len(have) == len(want) + 1 and have[-1] == notation:
            tally.in_flight_committed += 1
            with open(acks, "a", encoding="utf-8") as f:
                f.write(f"C {tid} {int(last_move[2]) + 1} {notation}\n")
            expected.setdefault(tid, []).append(notation)
            last_version[tid] = int(last_move[2]) + 1
    for tid, facts in tables.items():
        seqs = [m[0] for m in facts["moves"]]
        if seqs != list(range(1, len(seqs) + 1)):
            tally.problems.append(f"table {tid}: seq numbers not contiguous: {seqs[:5]}…")
        have = [m[2] for m in facts["moves"] if m[1] == "choice"]
        want = expected.get(tid, [])
        if have != want:
            common = sum(1 for _ in zip(have, want, strict=False))
            first = next((i for i in range(common) if have[i] != want[i]), common)
            if len(have) < len(want):
                tally.lost += len(want) - len(have)
            elif len(have) > len(want):
                tally.duplicated += len(have) - len(want)
            tally.problems.append(
                f"table {tid}: log differs from the acknowledged moves at choice {first + 1} "
                f"(database {len(have)} choices, acknowledged {len(want)})"
            )
        if tid in last_version and facts["version"] != last_version[tid]:
            tally.problems.append(
                f"table {tid}: version {facts['version']} but the last acknowledged move left {last_version[tid]}"
            )
    for tid in tables:
        problem = _snapshot_matches(url, tid)
        if problem:
            tally.problems.append(problem)
    tally.acknowledged = sum(len(v) for v in expected.values()) - tally.in_flight_committed
    tally.refused = sum(1 for line in lines if line[0] == "X")
    tally.tables = len(tables)
    tally.finished_tables = sum(1 for f in tables.values() if f["status"] == "finished")


def _wait_ready(acks: Path, offset: int, proc: subprocess.Popen[bytes], timeout: float = 60.0) -> bool:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            return False
        if acks.exists():
            with open(acks, "rb") as f:
                f.seek(offset)
                if b"\nR " in b"\n" + f.read():
                    return True
        time.sleep(0.01)
    return False


def run(
    kills: int, seed: int, workdir: Path, game: str | None = None, verbose: bool = True, url: str | None = None
) -> Tally:
    """Kill and restart the child ``kills`` times in ``workdir``; check after every kill.

    ``game`` defaults to the default game (:func:`engine.core.default_game`); ``url`` to the
    SQLite file ``crash.db`` in ``workdir``.
    """
    from engine.core import default_game

    game = game or default_game()
    rng = random.Random(seed)
    acks = workdir / "acks.log"
    url = url or f"sqlite:///{workdir / 'crash.db'}"
    tally = Tally()
    start = time.perf_counter()
    env = {**os.environ, "LOG_LEVEL": "ERROR", "PYTHONPATH": str(ROOT)}
    for k in range(kills):
        offset = acks.stat().st_size if acks.exists() else 0
        cmd = [sys.executable, str(Path(__file__).resolve()), "--child", "--url", url, "--acks", str(acks),
               "--seed", str(rng.randrange(2**31)), "--game", game]
        proc = subprocess.Popen(cmd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        early = k > 0 and rng.random() < 0.1
        if early:
            tally.early_kills += 1
            time.sleep(rng.uniform(0.0, 1.5))
        elif not _wait_ready(acks, offset, proc):
            err = proc.stderr.read().decode(errors="replace") if proc.poll() is not None and proc.stderr else ""
            proc.kill()
            proc.wait()
            tally.problems.append(f"kill {k + 1}: the child did not start playing: {err.strip()[-500:]}")
            break
        else:
            time.sleep(rng.uniform(0.0, 0.5))
        exited = proc.poll()
        if exited is not None:
            err = proc.stderr.read().decode(errors="replace") if proc.stderr else ""
            tally.problems.append(f"kill {k + 1}: the child exited by itself ({exited}): {err.strip()[-500:]}")
            break
        os.kill(proc.pid, signal.SIGKILL)
        proc.wait()
        if proc.stderr:
            proc.stderr.close()
        tally.kills += 1
        with open(acks, "a", encoding="utf-8") as f:
            f.write(f"K {k + 1}\n")
        before = len(tally.problems)
        check(url, acks, tally)
        tally.seconds = time.perf_counter() - start
        if verbose and (len(tally.problems) > before or (k + 1) % 10 == 0 or k + 1 == kills):
            print(f"  after {k + 1} kills: {tally.summary()}", flush=True)
            for p in tally.problems[before:]:
                print(f"  PROBLEM: {p}", flush=True)
    tally.seconds = time.perf_counter() - start
    return tally


def main(argv: list[str] | None = None) -> int:
    """Command line (parent by default; ``--child`` is the victim process)."""
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--kills", type=int, default=100, help="number of SIGKILLs (default: %(default)s)")
    ap.add_argument("--seed", type=int, default=0, help="seed of the kill timing and the players (default: %(default)s)")
    ap.add_argument("--dir", default=None, help="work directory (default: a temporary one, removed afterwards)")
    ap.add_argument("--game", default=None, help="game to play (default: the default game)")
    ap.add_argument("--url", default=None,
                    help="database URL (default: the SQLite file crash.db in the work directory)")
    ap.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    ap.add_argument("--acks", help=argparse.SUPPRESS)
    args = ap.parse_args(argv)
    if args.child:
        from engine.core import default_game

        return child(args.url, Path(args.acks), args.seed, args.game or default_game())
    if args.kills < 1:
        ap.error("--kills must be at least 1")
    if args.dir:
        workdir = Path(args.dir)
        workdir.mkdir(parents=True, exist_ok=True)
        tally = run(args.kills, args.seed, workdir, args.game, url=args.url)
    else:
        with tempfile.TemporaryDirectory(prefix="meiji-crash-") as tmp:
            tally = run(args.kills, args.seed, Path(tmp), args.game, url=args.url)
    print(tally.summary())
    return 1 if tally.problems or tally.lost or tally.duplicated else 0


if __name__ == "__main__":
    sys.exit(main())
