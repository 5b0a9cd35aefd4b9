"""Several OS processes play the same tables on one database (SQLite file, or PostgreSQL).

Three worker processes (``spawn``), each with a Store (engine, connection pool) and a Host of its
own like separate bot processes, play the same Nippon: Zaibatsu tables (2, 3 and 4 players) through
:class:`~bot.host.Host` — the worker is ``benchmarks/loadplay.py``, shared with the load benchmark:

* **race rounds**: all three read the version of one table, meet at a barrier and submit a move
  with that same ``expected_version`` at once; exactly one wins, the others are told the game moved on;
* **random play** for a few seconds: random legal moves of whoever is to act, every process on every
  table, so moves collide all the time.

Every accepted move is acknowledged by its process (table, user, notation, resulting version).
Afterwards each table's log holds exactly the acknowledged choices, in order, each once; versions
are consecutive; ``seq`` is contiguous and the latest snapshot equals the replay of the log.
"""

from __future__ import annotations

from collections import defaultdict
from pathlib import Path
from typing import Any

import pytest

from benchmarks.loadplay import TableSpec, WorkerSpec, log_problems, open_table, run_workers
from bot.host import MOVED_ON, Host
from bot.store import CHOICE, Store

from .test_fuzz_host import check_consistent

#: Every test with a database runs on SQLite and, when the run has a server, on PostgreSQL.
pytestmark = [pytest.mark.all_databases, pytest.mark.slow]

PROCESSES = 3
RACE_ROUNDS = 6
SECONDS = 3.0
TABLES = (
    TableSpec("mp-2", "zaibatsu", 2, seed=21),
    TableSpec("mp-3", "zaibatsu", 3, seed=31),
    TableSpec("mp-4", "zaibatsu", 4, seed=41),
    TableSpec("mp-2b", "zaibatsu", 2, seed=22),
)
RACE = TableSpec("mp-race", "zaibatsu", 3, seed=7)


def _acked_by_table(acks: list[list[Any]]) -> dict[int, list[tuple[str, str, int]]]:
    """table id -> [(user, notation, version)] ordered by version."""
    out: dict[int, list[tuple[str, str, int]]] = defaultdict(list)
    for _channel, table_id, user, notation, version in acks:
        out[int(table_id)].append((str(user), str(notation), int(version)))
    return {t: sorted(rows, key=lambda r: r[2]) for t, rows in out.items()}


def test_processes_playing_the_same_tables_lose_and_duplicate_nothing(db_url: str, tmp_path: Path) -> None:
    store = Store.open(db_url)
    try:
        host = Host(store)
        for table in (*TABLES, RACE):
            assert open_table(host, table) is None
        channels = tuple(t.channel for t in TABLES)
        specs = [
            WorkerSpec(url=db_url, worker=w, channels=channels, seconds=SECONDS, seed=w,
                       race_channel=RACE.channel, race_rounds=RACE_ROUNDS)
            for w in range(PROCESSES)
        ]
        results = run_workers(specs, tmp_path / "results", timeout=120)

        for r in results:
            assert not r.errors, r.errors
            assert r.failed == 0, r.failures
            assert r.moves > 0, f"worker {r.worker} played nothing"

        # Simultaneous moves with the same expected version: exactly one wins, the others moved on.
        rounds: dict[int, list[dict[str, Any]]] = defaultdict(list)
        for r in results:
            for race in r.races:
                rounds[race["round"]].append(race)
        assert sorted(rounds) == list(range(RACE_ROUNDS))
        for number, entries in rounds.items():
            assert len(entries) == PROCESSES and not any(e["skipped"] for e in entries), entries
            assert len({e["version"] for e in entries}) == 1, entries
            winners = [e for e in entries if e["ok"]]
            losers = [e for e in entries if not e["ok"]]
            assert len(winners) == 1, (number, entries)
            assert all(e["moved_on"] and e["private"] == MOVED_ON for e in losers), (number, entries)
            assert winners[0]["new_version"] == winners[0]["version"] + 1
        assert sum(r.conflicts for r in results) >= RACE_ROUNDS * (PROCESSES - 1)

        # No acknowledged move lost or duplicated: each log holds exactly the acknowledged choices, in order.
        acks = [ack for r in results for ack in r.acks]
        acked = _acked_by_table(acks)
        with store.unit_of_work(write=False) as repo:
            tables = {t.channel: t for t in repo.tables()}
            assert set(tables) == {*channels, RACE.channel}
            for channel, table in tables.items():
                rows = acked.get(table.id, [])
                versions = [v for _u, _n, v in rows]
                assert len(set(versions)) == len(versions), (channel, versions)
                assert versions == list(range(versions[0], versions[0] + len(versions))), (channel, versions)
                assert versions[-1] == table.version, (channel, versions[-1], table.version)
                choices = [(m.actor, m.notation) for m in repo.moves(table.id) if m.kind == CHOICE]
                assert choices == [(u, n) for u, n, _v in rows], channel
        assert len(acks) == sum(r.moves for r in results)
        race_rows = {v: n for _u, n, v in acked[tables[RACE.channel].id]}
        assert len(race_rows) == RACE_ROUNDS  # only the race rounds played there
        for entries in rounds.values():
            winner = next(e for e in entries if e["ok"])
            assert race_rows[winner["new_version"]] == winner["notation"]

        # The shared checker agrees, and notices a lost or a duplicated acknowledgement.
        assert log_problems(store, acks) == []
        assert log_problems(store, acks[1:])
        assert log_problems(store, [*acks, acks[0]])

        # seq contiguous from 1, latest snapshot == replay of the log, invariants hold.
        check_consistent(store)
    finally:
        store.dispose()
