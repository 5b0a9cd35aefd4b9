"""Reminder bookkeeping on the Host: set_reminder, due_reminders, mark_reminded (no log entries)."""

from __future__ import annotations

from datetime import datetime, timedelta

import pytest
from hosthelpers import CH, dump, open_table, started, to_act, version

from bot.host import MAX_REMINDERS, Host
from bot.store import RUNNING, SYSTEM, MoveRec, Store, utcnow

#: Every test with a store runs on SQLite and, when the run has a server, on PostgreSQL.
pytestmark = pytest.mark.all_databases

KEYS = {"table_id", "channel", "guild", "game", "to_act", "user_name", "prompt", "since", "number", "last_seq", "hours",
        "language"}


def moves_rows(store: Store) -> list[tuple]:
    """The move log rows (reminders must never add any)."""
    return dump(store)["move"]


# ---------------------------------------------------------------------------------------------
# set_reminder
# ---------------------------------------------------------------------------------------------
def test_set_reminder_does_not_change_the_version(host: Host, store: Store) -> None:
    started(host)
    before = version(host)
    moves = moves_rows(store)
    reply = host.set_reminder(CH, "u2", 12)
    assert reply.ok and "12 hours" in (reply.public or "") and reply.version == before
    assert version(host) == before
    assert host.status(CH).data.reminder_hours == 12
    assert moves_rows(store) == moves
    off = host.set_reminder(CH, "u1", 0)
    assert off.ok and "off" in (off.public or "")
    assert host.status(CH).data.reminder_hours is None  # 0 is stored as NULL
    assert version(host) == before


def test_set_reminder_permissions_and_bounds(host: Host, store: Store) -> None:
    assert "no game" in (host.set_reminder(CH, "u1", 3).private or "")
    open_table(host)
    before = dump(store)
    for hours in (-1, 73, True, "5", 2.5):
        reply = host.set_reminder(CH, "u1", hours)  # type: ignore[arg-type]
        assert not reply.ok and "1 to 72" in (reply.private or "")
    stranger = host.set_reminder(CH, "u9", 3)
    assert not stranger.ok and "only the table's players" in (stranger.private or "").lower()
    assert dump(store) == before
    assert host.set_reminder(CH, "u9", 3, is_admin=True).ok  # an admin may
    assert host.set_reminder(CH, "u2", 72).ok  # any seated player may, on an open table too
    assert host.start(CH, "u1").ok
    assert host.status(CH).data.reminder_hours == 72


# ---------------------------------------------------------------------------------------------
# due_reminders / mark_reminded
# ---------------------------------------------------------------------------------------------
def test_nothing_due_without_interval_or_before_it(host: Host) -> None:
    started(host)
    assert host.due_reminders(utcnow() + timedelta(days=30)) == []
    host.set_reminder(CH, "u1", 2)
    assert host.due_reminders(utcnow() + timedelta(hours=1)) == []


def test_due_after_interval_then_repeats_and_stops(host: Host, store: Store) -> None:
    started(host)
    host.set_reminder(CH, "u1", 2)
    moves = moves_rows(store)
    now = utcnow()
    [due] = host.due_reminders(now + timedelta(hours=2, minutes=1))
    assert set(due) == KEYS
    assert due["to_act"] == to_act(host) and due["number"] == 1 and due["channel"] == CH
    assert due["user_name"] in ("Ann", "P2") and due["prompt"] and due["game"] == "dicerace"
    assert due["since"] <= utcnow() and due["hours"] == 2
    assert host.mark_reminded(due["table_id"], due["last_seq"], 1)
    assert not host.mark_reminded(due["table_id"], due["last_seq"], 1)  # twice: refused
    assert host.due_reminders(now + timedelta(hours=3)) == []  # the next one after 4 h
    [second] = host.due_reminders(now + timedelta(hours=4, minutes=1))
    assert second["number"] == 2 and host.mark_reminded(second["table_id"], second["last_seq"], 2)
    [third] = host.due_reminders(now + timedelta(hours=6, minutes=1))
    assert third["number"] == MAX_REMINDERS == 3
    assert host.mark_reminded(third["table_id"], third["last_seq"], 3)
    assert host.due_reminders(now + timedelta(days=10)) == []  # at most 3 per decision
    assert not host.mark_reminded(third["table_id"], third["last_seq"], 4)
    assert moves_rows(store) == moves  # the move log is untouched


def test_mark_reminded_refuses_out_of_order_or_unknown(host: Host) -> None:
    started(host)
    host.set_reminder(CH, "u1", 1)
    [due] = host.due_reminders(utcnow() + timedelta(hours=5))
    assert not host.mark_reminded(due["table_id"], due["last_seq"], 2)  # number 1 first
    assert not host.mark_reminded(due["table_id"], due["last_seq"] - 1, 1)  # not the waiting decision
    assert not host.mark_reminded(404, 1, 1)
    assert host.mark_reminded(due["table_id"], due["last_seq"], 1)


def test_a_move_or_an_undo_resets_the_clock(host: Host) -> None:
    started(host)
    host.set_reminder(CH, "u1", 1)
    [due] = host.due_reminders(utcnow() + timedelta(hours=2))
    assert host.mark_reminded(due["table_id"], due["last_seq"], 1)
    user = to_act(host)
    assert host.move(CH, user, "move 1").ok
    assert not host.mark_reminded(due["table_id"], due["last_seq"], 2)  # the old decision is gone
    assert host.due_reminders(utcnow() + timedelta(minutes=30)) == []
    [fresh] = host.due_reminders(utcnow() + timedelta(hours=1, minutes=1))
    assert fresh["number"] == 1 and fresh["last_seq"] > due["last_seq"]
    assert host.undo(CH, user).ok
    [after_undo] = host.due_reminders(utcnow() + timedelta(hours=1, minutes=1))
    assert after_undo["last_seq"] > fresh["last_seq"] and after_undo["number"] == 1


def test_finished_or_abandoned_tables_get_no_reminders(host: Host) -> None:
    started(host)
    host.set_reminder(CH, "u1", 1)
    [due] = host.due_reminders(utcnow() + timedelta(days=1))
    host.abandon(CH, "u1")
    assert host.due_reminders(utcnow() + timedelta(days=1)) == []
    assert not host.mark_reminded(due["table_id"], due["last_seq"], 1)


def test_naive_now_is_read_as_utc(host: Host) -> None:
    started(host)
    host.set_reminder(CH, "u1", 1)
    naive = (utcnow() + timedelta(hours=2)).replace(tzinfo=None)
    assert isinstance(naive, datetime) and len(host.due_reminders(naive)) == 1


def test_old_system_reminder_entries_are_read_harmlessly(host: Host, store: Store) -> None:
    """Logs written before revision 0002 hold 'reminder … sent' system entries; they stay readable."""
    started(host)
    host.set_reminder(CH, "u1", 1)
    with store.unit_of_work() as repo:
        table = repo.active_table(CH)
        assert table is not None
        seq = repo.last_seq(table.id) + 1
        repo.append_moves([MoveRec(table.id, seq, None, None, SYSTEM, "reminder 1 sent to Ann")])
        repo.commit()
    assert "— reminder 1 sent to Ann" in (host.log(CH, 5).public or "")
    [due] = host.due_reminders(utcnow() + timedelta(hours=1, minutes=1))
    assert due["number"] == 1 and due["last_seq"] == seq - 1  # counted from reminder_state only
    assert host.mark_reminded(due["table_id"], due["last_seq"], 1)
    assert host.move(CH, to_act(host), "bank").ok


def test_a_broken_table_is_skipped_not_fatal(host: Host, store: Store, caplog: pytest.LogCaptureFixture) -> None:
    started(host, channel="good")
    host.set_reminder("good", "u1", 1)
    with store.unit_of_work() as repo:
        bad = repo.create_table(
            channel="bad", guild=None, game="no-such-game", options={}, seed=1, engine_version="x", creator="u1",
            reminder_hours=1,
        )
        repo.bump_version(bad.id, bad.version, status=RUNNING)
        repo.commit()
    due = host.due_reminders(utcnow() + timedelta(hours=2))
    assert [d["channel"] for d in due] == ["good"]
    assert any("reminders of table" in r.getMessage() for r in caplog.records)


def test_due_reminders_after_restart_from_a_file_database(db_url: str) -> None:
    url = db_url
    store = Store.open(url)
    host = Host(store)
    started(host)
    host.set_reminder(CH, "u1", 1)
    start = utcnow()
    [due] = host.due_reminders(start + timedelta(hours=1, minutes=1))
    assert host.mark_reminded(due["table_id"], due["last_seq"], 1)
    store.dispose()

    store2 = Store.open(url)  # a new process
    host2 = Host(store2)
    assert host2.due_reminders(start + timedelta(hours=1, minutes=30)) == []  # no repeat
    [again] = host2.due_reminders(start + timedelta(hours=2, minutes=1))
    assert again["number"] == 2 and again["since"] == due["since"] and again["to_act"] == due["to_act"]
    assert host2.mark_reminded(again["table_id"], again["last_seq"], 2)
    store2.dispose()
