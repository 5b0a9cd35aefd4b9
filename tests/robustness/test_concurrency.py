"""Concurrency: many tables at once, and racing moves inside one table.

* Many tables advance at once: one thread per channel plays moves through one shared Host on a
  file SQLite database, while reader threads keep asking for status, boards and logs. Nothing
  may be refused or fail ("database is locked" included), and every table's log stays
  consistent.
* Racing moves inside one table: two threads submit the same current move with the same
  expected version; exactly one wins, the other is told the game moved on, and the log holds
  the move once. Also through buttons (``Host.choose``) and with two *different* moves.
* The same races through the asyncio Discord adapter: ``asyncio.gather`` of two ``/move``
  callbacks (and of two button clicks) with fake interactions; exactly one public turn message.
"""

from __future__ import annotations

import asyncio
import random
import threading
from collections.abc import Iterator
from functools import partial
from typing import Any

import pytest
from discord_fakes import ANN, BOB, Commands, make_interaction, private, public

from bot.host import MOVED_ON, Host, Reply
from bot.store import Store

from .test_fuzz_host import check_consistent

MOVED_ON_WORDS = "moved on"
#: Every test with a database runs on SQLite and, when the run has a server, on PostgreSQL.
pytestmark = pytest.mark.all_databases


@pytest.fixture
def file_store(db_url: str) -> Iterator[Store]:
    """A migrated database as in production: a SQLite file (WAL), or PostgreSQL."""
    store = Store.open(db_url)
    yield store
    store.dispose()


def _open_and_start(host: Host, channel: str, game: str = "zaibatsu", seed: int = 1, **options: Any) -> None:
    assert host.new_table(channel, f"{channel}-a", "Ann", game, {"players": 2, **options}, seed).ok
    assert host.join(channel, f"{channel}-b", "Bob").ok
    reply = host.start(channel, f"{channel}-a")
    assert reply.ok, reply.private


def _choice_count(store: Store, channel: str) -> int:
    with store.unit_of_work(write=False) as repo:
        table = repo.active_table(channel) or repo.latest_table(channel)
        assert table is not None
        return sum(1 for m in repo.moves(table.id) if m.kind == "choice")


def _race(calls: list[Any]) -> list[Reply]:
    """Run the callables at the same instant on their own threads; their replies in order."""
    barrier = threading.Barrier(len(calls))
    replies: list[Reply | None] = [None] * len(calls)
    errors: list[BaseException] = []

    def worker(i: int) -> None:
        try:
            barrier.wait()
            replies[i] = calls[i]()
        except BaseException as exc:  # pragma: no cover - reported below
            errors.append(exc)

    threads = [threading.Thread(target=worker, args=(i,)) for i in range(len(calls))]
    for t in threads:
        t.start()
    for t in threads:
        t.join(60)
    assert not errors, errors
    assert all(r is not None for r in replies)
    return replies  # type: ignore[return-value]


# ---------------------------------------------------------------------------------------------
# Many tables at once
# ---------------------------------------------------------------------------------------------
@pytest.mark.slow
def test_many_tables_advance_at_once_on_a_file_database(file_store: Store) -> None:
    host = Host(file_store)
    channels = [f"chan-{i}" for i in range(8)]
    for i, channel in enumerate(channels):
        _open_and_start(host, channel, seed=100 + i, modules=["common_goals"] if i % 2 else [])
    moves_each = 20
    failures: list[str] = []
    done = threading.Event()
    barrier = threading.Barrier(len(channels) + 2)

    def player(channel: str, seed: int) -> None:
        rng = random.Random(seed)
        barrier.wait()
        for _ in range(moves_each):
            status = host.status(channel)
            user = (status.data or {}).get("to_act")
            if not status.ok or user is None:
                failures.append(f"{channel}: status {status.private}")
                return
            legal = host.legal(channel, user)
            if not legal.ok:
                failures.append(f"{channel}: legal {legal.private}")
                return
            notation = rng.choice([n for n, _ in legal.choices])
            reply = host.move(channel, user, notation, status.version)
            if not reply.ok:
                failures.append(f"{channel}: {notation!r} refused: {reply.private}")
                return

    def reader(seed: int) -> None:
        rng = random.Random(seed)
        barrier.wait()
        while not done.is_set():
            channel = rng.choice(channels)
            for reply in (host.status(channel), host.board(channel, f"{channel}-a"), host.log(channel, 5)):
                if not reply.ok:
                    failures.append(f"reader {channel}: {reply.private}")

    players = [threading.Thread(target=player, args=(c, i)) for i, c in enumerate(channels)]
    readers = [threading.Thread(target=reader, args=(s,)) for s in (1, 2)]
    for t in players + readers:
        t.start()
    for t in players:
        t.join(120)
    done.set()
    for t in readers:
        t.join(30)
    assert not failures, failures[:5]
    for channel in channels:
        assert _choice_count(file_store, channel) == moves_each
    check_consistent(file_store)


def test_separate_stores_on_one_file_act_like_separate_processes(db_url: str) -> None:
    """Two Store objects (two connection pools, like two bot processes) sharing one database."""
    url = db_url
    first, second = Store.open(url), Store.open(url)
    try:
        hosts = [Host(first), Host(second)]
        _open_and_start(hosts[0], "shared", game="dicerace", seed=3, target=500)
        wins = 0
        for _ in range(15):
            status = hosts[0].status("shared")
            user, version = status.data["to_act"], status.version
            replies = _race([partial(h.move, "shared", user, "bank", version) for h in hosts])
            assert sum(r.ok for r in replies) == 1, [r.private for r in replies]
            loser = next(r for r in replies if not r.ok)
            assert loser.private == MOVED_ON
            wins += 1
        assert _choice_count(first, "shared") == wins
        check_consistent(first)
    finally:
        first.dispose()
        second.dispose()


# ---------------------------------------------------------------------------------------------
# Racing moves inside one table (Host from threads)
# ---------------------------------------------------------------------------------------------
@pytest.mark.parametrize("kind", ["file", "memory"])
def test_two_identical_moves_with_the_same_version_exactly_one_wins(kind: str, db_url: str) -> None:
    store = Store.open(db_url) if kind == "file" else Store("sqlite://")
    if kind == "memory":
        store.create_all()
    host = Host(store)
    try:
        _open_and_start(host, "race", seed=5)
        for round_ in range(12):
            status = host.status("race")
            user, version = status.data["to_act"], status.version
            options = host.legal("race", user).choices
            notation = options[round_ % len(options)][0]
            before = _choice_count(store, "race")
            replies = _race([partial(host.move, "race", user, notation, version)] * 2)
            winners = [r for r in replies if r.ok]
            losers = [r for r in replies if not r.ok]
            assert len(winners) == 1 and len(losers) == 1, [(r.ok, r.private) for r in replies]
            assert losers[0].private == MOVED_ON
            assert MOVED_ON_WORDS in losers[0].private
            assert winners[0].version == version + 1
            assert _choice_count(store, "race") == before + 1
        check_consistent(store)
    finally:
        store.dispose()


def test_two_different_moves_and_two_button_clicks_race(file_store: Store) -> None:
    host = Host(file_store)
    _open_and_start(host, "race2", seed=9)
    for round_ in range(8):
        status = host.status("race2")
        user, version, table_id = status.data["to_act"], status.version, status.data["table_id"]
        choices = [n for n, _ in host.legal("race2", user).choices]
        before = _choice_count(file_store, "race2")
        if round_ % 2 == 0 and len(choices) > 1:
            calls = [partial(host.move, "race2", user, n, version) for n in choices[:2]]
        else:
            calls = [partial(host.choose, "race2", user, table_id, version, 0)] * 2
        replies = _race(calls)
        assert sum(r.ok for r in replies) == 1, [(r.ok, r.private) for r in replies]
        assert next(r for r in replies if not r.ok).private == MOVED_ON
        assert _choice_count(file_store, "race2") == before + 1
    check_consistent(file_store)


def test_a_move_racing_an_undo_and_an_abandon(file_store: Store) -> None:
    """Whatever wins, the loser is refused cleanly and the log stays consistent."""
    host = Host(file_store)
    _open_and_start(host, "race3", game="dicerace", seed=2, target=500)
    for _ in range(10):
        status = host.status("race3")
        user, version = status.data["to_act"], status.version
        assert host.move("race3", user, "move 1", version).ok  # something to undo
        version += 1
        replies = _race([partial(host.move, "race3", user, "bank", version), partial(host.undo, "race3", user, version)])
        assert sum(r.ok for r in replies) == 1, [(r.ok, r.private) for r in replies]
        check_consistent(file_store)
    status = host.status("race3")
    user, version = status.data["to_act"], status.version
    replies = _race([partial(host.move, "race3", user, "bank", version), partial(host.abandon, "race3", "race3-a")])
    assert replies[1].ok
    assert host.status("race3").data["status"] == "abandoned"
    check_consistent(file_store)


def test_lobby_races(file_store: Store) -> None:
    """Two tables opened at once in one channel, two joins for the last seat, two starts."""
    host = Host(file_store)
    for round_ in range(5):
        channel = f"lobby-{round_}"
        opened = _race([partial(host.new_table, channel, u, u, "zaibatsu", {"players": 2}, 1) for u in ("a", "b")])
        assert sum(r.ok for r in opened) == 1, [r.private for r in opened]
        loser = next(r for r in opened if not r.ok)  # the database's unique index decides, then a clear word
        assert "already open here" in (loser.private or ""), loser.private
        creator = "a" if opened[0].ok else "b"
        joined = _race([partial(host.join, channel, u, u) for u in ("c", "d")])
        assert sum(r.ok for r in joined) == 1, [r.private for r in joined]
        assert len(host.status(channel).data["players"]) == 2
        started = _race([partial(host.start, channel, creator)] * 2)
        assert sum(r.ok for r in started) == 1, [r.private for r in started]
    with file_store.unit_of_work(write=False) as repo:
        assert len(repo.tables()) == 5
    check_consistent(file_store)


# ---------------------------------------------------------------------------------------------
# The same races through the asyncio Discord adapter
# ---------------------------------------------------------------------------------------------
def _discord_table(host: Host, channel: str) -> None:
    assert host.new_table(channel, str(ANN), "Ann", "dicerace", {"players": 2, "target": 500}, 4).ok
    assert host.join(channel, str(BOB), "Bob").ok
    assert host.start(channel, str(ANN)).ok


def test_two_move_commands_gathered_post_exactly_one_turn_message(file_store: Store) -> None:
    host = Host(file_store)
    cmds = Commands(host)
    channel = 4242
    _discord_table(host, str(channel))
    for _ in range(10):
        to_act = int(host.status(str(channel)).data["to_act"])
        before = _choice_count(file_store, str(channel))
        first, second = (make_interaction(to_act, channel_id=channel) for _ in range(2))

        async def both(a: Any = first, b: Any = second) -> None:
            await asyncio.gather(cmds.invoke("move", a, action="bank"), cmds.invoke("move", b, action="bank"))

        asyncio.run(both())
        posted = public(first) + public(second)
        assert len(posted) == 1, [s.content for s in posted]
        loser = second if public(first) else first
        refusal = private(loser)
        assert len(refusal) == 1 and refusal[0].content, [s.content for s in refusal]
        assert _choice_count(file_store, str(channel)) == before + 1
    check_consistent(file_store)


def test_two_button_clicks_gathered_post_exactly_one_turn_message(file_store: Store) -> None:
    host = Host(file_store)
    cmds = Commands(host)
    channel = 4343
    _discord_table(host, str(channel))
    for _ in range(10):
        status = host.status(str(channel))
        to_act, version, table_id = int(status.data["to_act"]), status.version, status.data["table_id"]
        before = _choice_count(file_store, str(channel))
        first, second = (make_interaction(to_act, channel_id=channel) for _ in range(2))

        async def both(a: Any = first, b: Any = second, v: int = version, t: int = table_id) -> None:
            await asyncio.gather(cmds.tables.choose(a, t, v, 0), cmds.tables.choose(b, t, v, 0))

        asyncio.run(both())
        posted = public(first) + public(second)
        assert len(posted) == 1, [s.content for s in posted]
        loser = second if public(first) else first
        refusal = private(loser)
        assert len(refusal) == 1 and MOVED_ON_WORDS in refusal[0].content.lower(), [s.content for s in refusal]
        assert _choice_count(file_store, str(channel)) == before + 1
    check_consistent(file_store)
