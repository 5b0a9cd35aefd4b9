"""Worker processes that play random legal moves through the Host on one shared database.

Shared by ``benchmarks/load_bench.py`` (throughput, latency and size figures) and
``tests/robustness/test_multiprocess.py`` (nothing lost, nothing duplicated, exactly one winner
of simultaneous moves). Each worker is a separate OS process started with the ``spawn`` context,
with a :class:`~bot.store.Store` (engine, connection pool) and a :class:`~bot.host.Host` of its own
and no renderer, like separate bot processes sharing a database.

A worker, given a :class:`WorkerSpec`:

1. opens, fills and starts the tables of ``spec.setup`` (:func:`open_table`; the caller has
   migrated the database already);
2. waits at the shared start barrier (every worker), so the timed part starts together;
3. plays ``spec.race_rounds`` *race rounds* on ``spec.race_channel``: every worker reads the table's
   version and the legal moves of the player to act, waits at the barrier, then all submit a random
   legal move with that same ``expected_version`` at once; another barrier ends the round (exactly
   one should win, every other one should get :data:`~bot.host.MOVED_ON`);
4. plays random legal moves of whoever is to act on its tables until ``spec.seconds`` have passed or
   ``spec.max_moves`` moves were accepted (``spec.finish``: until every one of its tables is over):
   each step picks one of ``spec.channels`` (or, with probability ``spec.shared_share``, one of
   ``spec.shared``, which every worker touches), asks :meth:`Host.legal` for the player to act and
   plays one of the choices with :meth:`Host.move` and the version ``legal`` returned. Like a
   Discord button that carries the version, a worker remembers who acts next from its own accepted
   move (``Reply.mention``) and asks :meth:`Host.status` only when it does not know.

Every accepted move is *acknowledged* (``acks``: channel, table id, user, notation, the table's
version after it); each :meth:`Host.move` is timed. The result is a JSON-ready dict written to
``result_path`` (:func:`worker_main`); :func:`run_workers` starts the processes and collects them,
:func:`log_problems` checks the acknowledged moves against the database afterwards and
:func:`consistency_problems` the logs themselves.
"""

from __future__ import annotations

import json
import math
import multiprocessing
import random
import sys
import time
import traceback
from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

#: The Host's answer when anything went wrong on its side (a failure, never a normal refusal).
GENERIC_ERROR = "Something went wrong on our side"
#: How long a worker waits at a barrier during the timed part before giving up.
BARRIER_TIMEOUT = 120.0


@dataclass(frozen=True)
class TableSpec:
    """A table to open in ``channel``: ``game`` for ``players`` seats, dealt from ``seed``."""

    channel: str
    game: str = "zaibatsu"
    players: int = 2
    seed: int = 0


@dataclass(frozen=True)
class WorkerSpec:
    """What one worker process does (see the module docstring)."""

    url: str
    worker: int
    setup: tuple[TableSpec, ...] = ()
    channels: tuple[str, ...] = ()
    shared: tuple[str, ...] = ()
    shared_share: float = 0.0
    seconds: float = 5.0
    max_moves: int | None = None
    seed: int = 0
    race_channel: str | None = None
    race_rounds: int = 0
    finish: bool = False
    setup_timeout: float = 900.0


@dataclass
class WorkerResult:
    """What one worker reports (``asdict`` of it is written as JSON)."""

    worker: int
    moves: int = 0
    conflicts: int = 0
    failed: int = 0
    stale: int = 0
    reads: int = 0
    errors: list[str] = field(default_factory=list)
    failures: list[str] = field(default_factory=list)
    latencies_ms: list[float] = field(default_factory=list)
    refused_latencies_ms: list[float] = field(default_factory=list)
    acks: list[list[Any]] = field(default_factory=list)
    races: list[dict[str, Any]] = field(default_factory=list)
    finished_tables: list[int] = field(default_factory=list)
    setup_seconds: float = 0.0
    play_seconds: float = 0.0
    play_cpu_seconds: float = 0.0


def user_of(channel: str, seat: int) -> str:
    """The user id of seat ``seat`` at the table of ``channel`` (``<channel>-p<seat>``)."""
    return f"{channel}-p{seat}"


def open_table(host: Any, table: TableSpec) -> str | None:
    """Open, fill and start ``table`` through ``host``; ``None``, or why it failed."""
    creator = user_of(table.channel, 0)
    reply = host.new_table(table.channel, creator, "P0", table.game, {"players": table.players}, table.seed)
    if not reply.ok:
        return f"{table.channel}: new_table refused: {reply.private}"
    for seat in range(1, table.players):
        reply = host.join(table.channel, user_of(table.channel, seat), f"P{seat}")
        if not reply.ok:
            return f"{table.channel}: join refused: {reply.private}"
    reply = host.start(table.channel, creator)
    return None if reply.ok else f"{table.channel}: start refused: {reply.private}"


class _Player:
    """The playing part of one worker: its Host, its random source and what it remembers."""

    def __init__(self, host: Any, spec: WorkerSpec, result: WorkerResult) -> None:
        from bot.host import MOVED_ON

        self.host = host
        self.spec = spec
        self.result = result
        self.rng = random.Random(f"loadplay:{spec.seed}:{spec.worker}")
        self.moved_on = MOVED_ON
        self.to_act: dict[str, str] = {}  # channel -> the user to act, from our own last accepted move
        self.done: set[str] = set()

    def _failure(self, text: str) -> None:
        self.result.failed += 1
        if len(self.result.failures) < 20:
            self.result.failures.append(text)

    def _who(self, channel: str) -> str | None:
        """The user to act at ``channel`` (remembered, else from :meth:`Host.status`)."""
        user = self.to_act.get(channel)
        if user is not None:
            return user
        status = self.host.status(channel)
        self.result.reads += 1
        if not status.ok:
            self._failure(f"{channel}: status refused: {status.private}")
            return None
        data = status.data
        if data.status != "running" or data.to_act is None:
            self.done.add(channel)
            return None
        return str(data.to_act)

    def step(self, channel: str) -> None:
        """One random legal move of whoever is to act at ``channel`` (timed, acknowledged)."""
        user = self._who(channel)
        if user is None:
            return
        legal = self.host.legal(channel, user)
        self.result.reads += 1
        if not legal.ok or not legal.choices:
            # Someone else moved since we last looked: the remembered player may not be to act.
            self.to_act.pop(channel, None)
            if GENERIC_ERROR in (legal.private or ""):
                self._failure(f"{channel}: legal failed: {legal.private}")
            else:
                self.result.stale += 1
            return
        notation = self.rng.choice(legal.choices)[0]
        started = time.perf_counter()
        reply = self.host.move(channel, user, notation, expected_version=legal.version)
        elapsed = (time.perf_counter() - started) * 1000
        self._record(channel, user, notation, reply, elapsed)

    def _record(self, channel: str, user: str, notation: str, reply: Any, elapsed_ms: float) -> bool:
        """Count and acknowledge one :meth:`Host.move` reply; True when it was accepted."""
        if reply.ok:
            data = reply.data
            self.result.moves += 1
            self.result.latencies_ms.append(round(elapsed_ms, 3))
            self.result.acks.append([channel, data.table_id, user, notation, reply.version])
            if data.finished:
                self.done.add(channel)
                self.to_act.pop(channel, None)
                self.result.finished_tables.append(int(data.table_id or 0))
            elif len(reply.mention) <= 1:
                self.to_act[channel] = reply.mention[0] if reply.mention else user
            else:
                self.to_act.pop(channel, None)
            return True
        self.to_act.pop(channel, None)
        self.result.refused_latencies_ms.append(round(elapsed_ms, 3))
        if reply.private == self.moved_on:
            self.result.conflicts += 1
        else:
            self._failure(f"{channel}: {notation!r} by {user} refused: {reply.private}")
        return False

    def race(self, barrier: Any, round_: int) -> None:
        """One race round on ``spec.race_channel`` (every worker takes part, see the module docstring)."""
        channel = self.spec.race_channel or ""
        barrier.wait(BARRIER_TIMEOUT)  # everybody's previous move is done
        status = self.host.status(channel)
        data = status.data
        user = data.to_act
        legal = self.host.legal(channel, user) if status.ok and user else None
        barrier.wait(BARRIER_TIMEOUT)  # everybody has read the same version: go
        if legal is None or not legal.ok or not legal.choices:
            self.result.races.append({"round": round_, "skipped": True, "why": status.private or "no player to act"})
            return
        notation = self.rng.choice(legal.choices)[0]
        started = time.perf_counter()
        reply = self.host.move(channel, str(user), notation, expected_version=status.version)
        elapsed = (time.perf_counter() - started) * 1000
        accepted = self._record(channel, str(user), notation, reply, elapsed)
        self.result.races.append({
            "round": round_, "skipped": False, "version": status.version, "notation": notation, "ok": accepted,
            "moved_on": reply.private == self.moved_on, "private": None if accepted else reply.private,
            "new_version": reply.version,
        })

    def play(self) -> None:
        """Random moves until time, the move budget or (``finish``) every own table is over."""
        spec = self.spec
        deadline = time.monotonic() + spec.seconds
        own = list(spec.channels)
        shared = list(spec.shared)
        while time.monotonic() < deadline:
            if spec.max_moves is not None and self.result.moves >= spec.max_moves:
                break
            own = [c for c in own if c not in self.done]
            shared = [c for c in shared if c not in self.done]
            if not own and not shared:
                break
            if shared and (not own or self.rng.random() < spec.shared_share):
                channel = self.rng.choice(shared)
            else:
                channel = self.rng.choice(own)
            self.step(channel)


def play(spec: WorkerSpec, barrier: Any = None) -> WorkerResult:
    """Run one worker in this process (set-up, start barrier, race rounds, random play)."""
    from bot.host import Host
    from bot.store import Store

    result = WorkerResult(worker=spec.worker)
    store = Store(spec.url)  # the caller migrated the database; every worker has its own engine
    try:
        host = Host(store)
        started = time.perf_counter()
        for table in spec.setup:
            problem = open_table(host, table)
            if problem:
                result.errors.append(problem)
        result.setup_seconds = time.perf_counter() - started
        if barrier is not None:
            barrier.wait(spec.setup_timeout)
        player = _Player(host, spec, result)
        started, cpu = time.perf_counter(), time.process_time()
        for round_ in range(spec.race_rounds):
            player.race(barrier, round_)
        player.play()
        result.play_seconds = time.perf_counter() - started
        result.play_cpu_seconds = time.process_time() - cpu
    finally:
        store.dispose()
    return result


def worker_main(spec: WorkerSpec, barrier: Any, result_path: str) -> None:
    """Process entry point: :func:`play`, then write its result (or the error) as JSON."""
    try:
        result = play(spec, barrier)
    except BaseException:
        result = WorkerResult(worker=spec.worker, errors=[traceback.format_exc()])
        if barrier is not None:
            barrier.abort()  # the others must not wait for this worker at the next barrier
    Path(result_path).write_text(json.dumps(asdict(result)), encoding="utf-8")


def run_workers(specs: Sequence[WorkerSpec], folder: str | Path, *, timeout: float = 600.0) -> list[WorkerResult]:
    """Start one ``spawn`` process per spec (sharing one barrier), wait, and return their results.

    A worker that crashed, hung past ``timeout`` seconds or wrote no result comes back as a
    :class:`WorkerResult` with an error.
    """
    context = multiprocessing.get_context("spawn")
    barrier = context.Barrier(len(specs))
    folder = Path(folder)
    folder.mkdir(parents=True, exist_ok=True)
    paths = [folder / f"worker-{spec.worker}.json" for spec in specs]
    for path in paths:
        path.unlink(missing_ok=True)
    processes = [
        context.Process(target=worker_main, args=(spec, barrier, str(path)), name=f"loadplay-{spec.worker}")
        for spec, path in zip(specs, paths)
    ]
    for process in processes:
        process.start()
    deadline = time.monotonic() + timeout
    for process in processes:
        process.join(max(0.0, deadline - time.monotonic()))
    results = []
    for spec, process, path in zip(specs, processes, paths):
        if process.is_alive():
            process.kill()
            process.join(10)
            results.append(WorkerResult(worker=spec.worker, errors=[f"worker {spec.worker} hung; killed"]))
        elif path.exists():
            results.append(WorkerResult(**json.loads(path.read_text(encoding="utf-8"))))
        else:
            results.append(WorkerResult(worker=spec.worker,
                                        errors=[f"worker {spec.worker} exited {process.exitcode} without a result"]))
    return results


def log_problems(store: Any, acks: Iterable[Sequence[Any]]) -> list[str]:
    """Differences between the acknowledged moves and the database's logs (empty: none).

    For every table the acknowledged moves, ordered by the version they produced, must have distinct
    and consecutive versions ending at the table's version, and the log's choices must be exactly
    them — same user, same notation, same order, each once. A table without acknowledged moves
    must have no choices at all.
    """
    from bot.store import CHOICE

    by_table: dict[int, list[Sequence[Any]]] = defaultdict(list)
    problems: list[str] = []
    for ack in acks:
        if ack[1] is None or ack[4] is None:
            problems.append(f"an accepted move without a table id or version: {list(ack)}")
            continue
        by_table[int(ack[1])].append(ack)
    with store.unit_of_work(write=False) as repo:
        for table in repo.tables():
            mine = sorted(by_table.pop(table.id, []), key=lambda a: int(a[4]))
            versions = [int(a[4]) for a in mine]
            if len(set(versions)) != len(versions):
                problems.append(f"table {table.id}: two acknowledged moves produced one version: {versions}")
            elif versions and versions != list(range(versions[0], versions[0] + len(versions))):
                problems.append(f"table {table.id}: acknowledged versions are not consecutive: {versions}")
            if versions and versions[-1] != table.version:
                problems.append(f"table {table.id}: version {table.version}, last acknowledged {versions[-1]}")
            logged = [(m.actor, m.notation) for m in repo.moves(table.id) if m.kind == CHOICE]
            acked = [(str(a[2]), str(a[3])) for a in mine]
            if logged != acked:
                lost = len([a for a in acked if a not in logged])
                problems.append(f"table {table.id}: log has {len(logged)} choices, {len(acked)} acknowledged "
                                f"({lost} acknowledged missing); first difference at "
                                f"{next((i for i, (x, y) in enumerate(zip(logged, acked)) if x != y), None)}")
    for table_id in by_table:
        problems.append(f"table {table_id}: acknowledged moves but no such table")
    return problems


def consistency_problems(store: Any) -> list[str]:
    """Every table: ``seq`` contiguous from 1, latest snapshot equal to the replay of the log."""
    from bot.host import effective_moves
    from engine.core import get_game, replay

    problems: list[str] = []
    with store.unit_of_work(write=False) as repo:
        for table in repo.tables():
            moves = repo.moves(table.id)
            if [m.seq for m in moves] != list(range(1, len(moves) + 1)):
                problems.append(f"table {table.id}: seq not contiguous")
                continue
            snap = repo.latest_snapshot(table.id)
            if snap is None:
                if table.status not in ("open", "abandoned"):
                    problems.append(f"table {table.id}: {table.status} without a snapshot")
                continue
            game = get_game(table.game)
            state = replay(game, table.options, table.seed or 0, [m.notation for m in effective_moves(moves)])
            if game.to_json(game.from_json(snap.state)) != game.to_json(state):
                problems.append(f"table {table.id}: latest snapshot differs from the replay of the log")
    return problems


def percentile(values: Sequence[float], fraction: float) -> float:
    """The ``fraction`` quantile (nearest rank) of ``values``; 0.0 when empty."""
    if not values:
        return 0.0
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, math.ceil(fraction * len(ordered)) - 1))]
