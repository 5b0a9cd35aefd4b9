"""Several bot processes: shard plans, ``meiji run --shards/--shard-ids``, ``meiji migrate``, reminders once.

The reminder and migration tests run on SQLite and, when the run has a server, on PostgreSQL.
"""

from __future__ import annotations

import asyncio
import threading
from datetime import timedelta
from typing import Any
from unittest.mock import AsyncMock, MagicMock

import discord
import pytest
from hosthelpers import CH, started

from bot.__main__ import main
from bot.discord_app.client import MeijiBot
from bot.host import Host
from bot.sharding import MAX_SHARDS, ShardPlan, parse_shard_ids, shard_of
from bot.store import Store, utcnow

pytestmark = pytest.mark.all_databases

#: A guild id whose creation-time part (above bit 22) is 5: shard 5 % N.
GUILD_ON_5 = (5 << 22) + 123_456


# ---------------------------------------------------------------------------------------------
# Shard arithmetic
# ---------------------------------------------------------------------------------------------
def test_shard_of_follows_discords_formula() -> None:
    assert shard_of(GUILD_ON_5, 1) == 0
    assert shard_of(GUILD_ON_5, 2) == 1 and shard_of(GUILD_ON_5, 4) == 1 and shard_of(GUILD_ON_5, 8) == 5
    assert shard_of(str(GUILD_ON_5), 3) == 2  # guild ids are stored as text
    assert shard_of(None, 4) == 0 and shard_of("", 4) == 0  # direct messages: shard 0
    real = 81384788765712384  # a real Discord server id (Discord API's documentation server)
    assert shard_of(real, 16) == (real >> 22) % 16
    with pytest.raises(ValueError):
        shard_of(GUILD_ON_5, 0)


def test_parse_shard_ids() -> None:
    assert parse_shard_ids("0,1") == (0, 1)
    assert parse_shard_ids("0 1") == (0, 1)
    assert parse_shard_ids("4-7") == (4, 5, 6, 7)
    assert parse_shard_ids("0, 2-3") == (0, 2, 3)
    for bad in ("", "a", "1-", "3-1", "1.5", ","):
        with pytest.raises(ValueError):
            parse_shard_ids(bad)


def test_shard_plan_checks_and_serves() -> None:
    plan = ShardPlan(4, (1, 3))
    assert plan.local_ids == (1, 3) and ShardPlan(3).local_ids == (0, 1, 2)
    assert plan.serves(GUILD_ON_5)  # 5 % 4 == 1
    assert not plan.serves(None)  # DMs belong to shard 0's process
    assert ShardPlan(4, (0,)).serves(None)
    for count, ids in ((0, None), (MAX_SHARDS + 1, None), (4, (4,)), (4, (-1,)), (4, ()), (4, (1, 1))):
        with pytest.raises(ValueError):
            ShardPlan(count, ids)


# ---------------------------------------------------------------------------------------------
# meiji run --shards / --shard-ids
# ---------------------------------------------------------------------------------------------
def _capture_run_bot(monkeypatch: pytest.MonkeyPatch) -> list[tuple[tuple[Any, ...], dict[str, Any]]]:
    import bot.discord_app as adapter

    calls: list[tuple[tuple[Any, ...], dict[str, Any]]] = []
    monkeypatch.setattr(adapter, "run_bot", lambda *a, **k: calls.append((a, k)))
    monkeypatch.setenv("DISCORD_TOKEN", "x.y.z")
    return calls


def test_run_passes_the_shard_plan(monkeypatch: pytest.MonkeyPatch) -> None:
    calls = _capture_run_bot(monkeypatch)
    assert main(["run", "--shards", "4", "--shard-ids", "2-3"]) == 0
    assert calls[-1][1] == {"shards": ShardPlan(4, (2, 3))}
    assert main(["run", "--shards", "2"]) == 0
    assert calls[-1][1] == {"shards": ShardPlan(2, None)}
    assert main(["run"]) == 0
    assert calls[-1][1] == {}  # no flag: Discord's recommended count, every shard here


@pytest.mark.parametrize(
    ("argv", "words"),
    [
        (["run", "--shard-ids", "0"], "needs --shards"),
        (["run", "--shards", "2", "--shard-ids", "2"], "from 0 to 1"),
        (["run", "--shards", "0"], "from 1 to"),
        (["run", "--shards", "2", "--shard-ids", "x"], "not a shard id"),
        (["run", "--shards", "2", "--shard-ids", "1,1"], "twice"),
    ],
)
def test_run_refuses_bad_shard_flags_before_starting(
    argv: list[str], words: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    calls = _capture_run_bot(monkeypatch)
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert words in err and err.count("\n") == 1 and "Traceback" not in err
    assert calls == []


def test_the_client_runs_the_planned_shards(host: Host) -> None:
    async def go() -> tuple[MeijiBot, MeijiBot]:
        return MeijiBot(host, shards=ShardPlan(4, (1, 3))), MeijiBot(host)

    sharded, plain = asyncio.run(go())
    assert isinstance(sharded, discord.AutoShardedClient)
    assert sharded.shard_count == 4 and sharded.shard_ids == [1, 3]
    assert plain.shard_count is None and plain.shard_ids is None  # Discord's recommendation


def test_only_the_shard_0_process_syncs_commands(host: Host) -> None:
    async def go(plan: ShardPlan) -> AsyncMock:
        bot = MeijiBot(host, sync=True, shards=plan)
        bot.tree.sync = AsyncMock(return_value=[])  # type: ignore[method-assign]
        bot.reminder_loop.start = MagicMock()  # type: ignore[method-assign]
        await bot.setup_hook()
        return bot.tree.sync

    asyncio.run(go(ShardPlan(2, (1,)))).assert_not_awaited()
    asyncio.run(go(ShardPlan(2, (0,)))).assert_awaited_once()


# ---------------------------------------------------------------------------------------------
# Reminders: each process looks at its own servers; a reminder is claimed exactly once
# ---------------------------------------------------------------------------------------------
def _table_in_guild(host: Host, channel: str, guild: int | None) -> None:
    # numeric user ids, as Discord's (the client fetches the user to DM)
    assert host.new_table(channel, "1001", "Ann", "dicerace", {"players": 2}, 7,
                          guild=None if guild is None else str(guild)).ok
    assert host.join(channel, "1002", "Bob").ok
    assert host.start(channel, "1001").ok
    assert host.set_reminder(channel, "1001", 1).ok


def test_due_reminders_are_split_by_shard(host: Host) -> None:
    _table_in_guild(host, "on-shard-1", GUILD_ON_5)
    _table_in_guild(host, "on-shard-0", 4 << 22)
    _table_in_guild(host, "in-a-dm", None)
    later = utcnow() + timedelta(hours=1, minutes=1)
    channels = {d["channel"] for d in host.due_reminders(later)}
    assert channels == {"on-shard-1", "on-shard-0", "in-a-dm"}
    first, second = ShardPlan(2, (0,)), ShardPlan(2, (1,))
    assert {d["channel"] for d in host.due_reminders(later, first.serves)} == {"on-shard-0", "in-a-dm"}
    assert {d["channel"] for d in host.due_reminders(later, second.serves)} == {"on-shard-1"}


def test_the_shard_process_sends_only_its_servers_reminders(host: Host) -> None:
    _table_in_guild(host, "on-shard-1", GUILD_ON_5)
    _table_in_guild(host, "on-shard-0", 4 << 22)
    user = MagicMock(spec_set=discord.User)
    user.send = AsyncMock()
    later = utcnow() + timedelta(hours=1, minutes=1)

    async def go(plan: ShardPlan) -> int:
        bot = MeijiBot(host, shards=plan)
        bot.get_user = MagicMock(return_value=user)  # type: ignore[method-assign]
        return await bot.send_reminders(later)

    assert asyncio.run(go(ShardPlan(2, (1,)))) == 1
    assert "on-shard-1" not in {d["channel"] for d in host.due_reminders(later)}  # claimed
    assert asyncio.run(go(ShardPlan(2, (1,)))) == 0
    assert asyncio.run(go(ShardPlan(2, (0,)))) == 1
    assert user.send.await_count == 2


def test_racing_processes_claim_each_reminder_exactly_once(db_url: str) -> None:
    """Four hosts with their own connection pools (like four processes) race for the same reminders."""
    setup = Store.open(db_url)
    host = Host(setup)
    started(host)
    assert host.set_reminder(CH, "u1", 1).ok
    start = utcnow()
    hosts = [Host(Store(db_url)) for _ in range(4)]
    try:
        for hours, number in ((1, 1), (2, 2), (3, 3)):
            now = start + timedelta(hours=hours, minutes=1)
            barrier = threading.Barrier(len(hosts))
            claims: list[bool] = []

            def claim(h: Host, at: Any = now, gate: Any = barrier, out: list[bool] = claims) -> None:
                [due] = h.due_reminders(at)
                gate.wait()
                out.append(h.mark_reminded(due["table_id"], due["last_seq"], due["number"]))

            threads = [threading.Thread(target=claim, args=(h,)) for h in hosts]
            for t in threads:
                t.start()
            for t in threads:
                t.join(60)
            assert sorted(claims) == [False, False, False, True], (number, claims)
            with setup.unit_of_work(write=False) as repo:
                table = repo.active_table(CH)
                assert table is not None
                rec = repo.reminder_state(table.id)
            assert rec is not None and rec.sent == number
    finally:
        for h in hosts:
            h.store.dispose()
        setup.dispose()


# ---------------------------------------------------------------------------------------------
# meiji migrate
# ---------------------------------------------------------------------------------------------
def test_migrate_brings_an_empty_database_to_the_newest_revision(
    empty_db_url: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["migrate", "--db", empty_db_url]) == 0
    out = capsys.readouterr().out
    assert "migrated from an empty database to revision 0007" in out
    assert main(["migrate", "--db", empty_db_url]) == 0
    assert "already at revision 0007" in capsys.readouterr().out
    store = Store.open(empty_db_url)
    host = Host(store)
    started(host)  # a usable database
    store.dispose()


def test_migrate_from_database_url(empty_db_url: str, monkeypatch: pytest.MonkeyPatch,
                                   capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setenv("DATABASE_URL", empty_db_url)
    assert main(["migrate"]) == 0
    assert "revision 0007" in capsys.readouterr().out


def test_migrate_refuses_a_bad_url_in_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["migrate", "--db", "nosuchdb://x/y"]) == 1
    err = capsys.readouterr().err
    assert "cannot open the database" in err and err.count("\n") == 1 and "Traceback" not in err


def test_migrate_hides_the_password_of_a_failing_server(capsys: pytest.CaptureFixture[str]) -> None:
    # port 9 (discard) on loopback: nothing listens, the connection is refused at once
    assert main(["migrate", "--db", "postgresql+psycopg://meiji:s3cret-pw@127.0.0.1:9/meiji"]) == 1
    err = capsys.readouterr().err
    assert "failed" in err and "s3cret-pw" not in err and "Traceback" not in err
