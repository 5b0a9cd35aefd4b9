"""Turn reminders: ``/game remind``, due times from the database, DMs, restarts."""

from __future__ import annotations

from datetime import timedelta
from typing import Any
from unittest.mock import AsyncMock, MagicMock

import discord
import pytest
from discord_fakes import (
    ANN,
    BOB,
    CH,
    CHANNEL,
    EVE,
    GUILD,
    Commands,
    assert_accepted,
    assert_refused,
    open_dice,
    private,
    run,
    snapshot_db,
    started_dice,
    to_act,
)

from bot.discord_app import reminders
from bot.discord_app.client import MeijiBot
from bot.host import Host
from bot.store import utcnow


def hours_of(host: Host) -> int | None:
    """The stored reminder interval of the channel's table."""
    return reminders.reminder_hours(host, CH)


@pytest.fixture
def cmds(host: Host) -> Commands:
    """Commands over the test Host."""
    return Commands(host)


def test_remind_command_stores_the_interval(cmds: Commands, host: Host) -> None:
    started_dice(host, seed=11)
    message = assert_accepted(cmds.as_user("remind", BOB, hours=12))
    assert "12 hours" in message.content
    assert hours_of(host) == 12
    assert message.view is not None  # the version went up: fresh option buttons
    message = assert_accepted(cmds.as_user("remind", ANN, hours=0))
    assert "off" in message.content and hours_of(host) is None


def test_remind_refusals_change_nothing(cmds: Commands, host: Host, store: Any) -> None:
    assert_refused(cmds.as_user("remind", ANN, hours=3), "no game")
    started_dice(host, seed=11)
    before = snapshot_db(store)
    assert_refused(cmds.as_user("remind", EVE, hours=3), "only the table's players")
    assert_refused(cmds.as_user("remind", ANN, hours=73), "1 to 72")
    assert_refused(cmds.as_user("remind", ANN, hours=-1), "1 to 72")
    assert snapshot_db(store) == before
    assert_accepted(cmds.as_user("remind", EVE, hours=3, manage_channels=True))


def test_remind_works_on_an_open_table_and_status_shows_it(cmds: Commands, host: Host) -> None:
    open_dice(host)
    assert_accepted(cmds.as_user("remind", ANN, hours=6))
    host.start(CH, str(ANN))
    assert hours_of(host) == 6
    [answer] = private(cmds.as_user("status", ANN))
    assert "reminders after 6 h" in answer.content


def test_nothing_due_without_interval_or_before_it(host: Host) -> None:
    started_dice(host, seed=11)
    assert reminders.due_reminders(host, utcnow() + timedelta(days=30)) == []
    reminders.set_reminder(host, CH, str(ANN), 2)
    assert reminders.due_reminders(host, utcnow() + timedelta(hours=1)) == []


def test_due_after_interval_then_repeats_and_stops(host: Host) -> None:
    started_dice(host, seed=11)
    assert reminders.set_reminder(host, CH, str(ANN), 2).ok
    now = utcnow()
    [due] = reminders.due_reminders(host, now + timedelta(hours=2, minutes=1))
    assert due.user_id == str(to_act(host)) and due.number == 1 and due.channel == CH
    assert due.guild == str(GUILD) and due.prompt
    assert reminders.claim_reminder(host, due)
    assert not reminders.claim_reminder(host, due)  # twice: refused
    assert reminders.due_reminders(host, now + timedelta(hours=3)) == []  # next after 4 h
    [second] = reminders.due_reminders(host, now + timedelta(hours=4, minutes=1))
    assert second.number == 2 and reminders.claim_reminder(host, second)
    [third] = reminders.due_reminders(host, now + timedelta(hours=6, minutes=1))
    assert reminders.claim_reminder(host, third)
    assert reminders.due_reminders(host, now + timedelta(days=10)) == []  # at most 3 per move


def test_reminders_are_recomputed_after_restart(host: Host, store: Any) -> None:
    started_dice(host, seed=11)
    reminders.set_reminder(host, CH, str(ANN), 1)
    later = utcnow() + timedelta(hours=1, minutes=5)
    [due] = reminders.due_reminders(host, later)
    assert reminders.claim_reminder(host, due)
    restarted = Host(store)  # a new process: only the database is left
    assert reminders.due_reminders(restarted, later) == []
    [again] = reminders.due_reminders(restarted, later + timedelta(hours=1))
    assert again.number == 2


def test_a_move_resets_the_clock_and_reminders_do_not_disturb_the_game(host: Host) -> None:
    started_dice(host, seed=11)
    reminders.set_reminder(host, CH, str(ANN), 1)
    [due] = reminders.due_reminders(host, utcnow() + timedelta(hours=2))
    assert reminders.claim_reminder(host, due)
    actor = str(to_act(host))
    version = host.status(CH).version
    assert host.move(CH, actor, "move 1").ok  # a system entry in the log does not break moves …
    assert host.undo(CH, actor).ok  # … nor undo
    assert host.status(CH).version == (version or 0) + 2
    log = host.log(CH, 20).public or ""
    assert "reminder 1 sent to" in log
    assert reminders.due_reminders(host, utcnow() + timedelta(minutes=30)) == []
    assert reminders.due_reminders(host, utcnow() + timedelta(hours=1, minutes=1))[0].number == 1
    assert not reminders.claim_reminder(host, due)  # the old reminder is out of date


def test_finished_or_abandoned_tables_get_no_reminders(host: Host) -> None:
    started_dice(host, seed=11)
    reminders.set_reminder(host, CH, str(ANN), 1)
    host.abandon(CH, str(ANN))
    assert reminders.due_reminders(host, utcnow() + timedelta(days=1)) == []


def test_bot_sends_due_reminders_by_dm(host: Host) -> None:
    started_dice(host, seed=11)
    reminders.set_reminder(host, CH, str(ANN), 1)
    user = MagicMock(spec_set=discord.User)
    user.send = AsyncMock()

    async def go() -> tuple[int, int, MeijiBot]:
        bot = MeijiBot(host)
        bot.get_user = MagicMock(return_value=None)  # type: ignore[method-assign]
        bot.fetch_user = AsyncMock(return_value=user)  # type: ignore[method-assign]
        later = utcnow() + timedelta(hours=1, minutes=1)
        return await bot.send_reminders(later), await bot.send_reminders(later), bot

    first, second, bot = run(go())
    assert (first, second) == (1, 0)
    bot.fetch_user.assert_awaited_once_with(to_act(host))
    text = user.send.call_args.args[0]
    assert f"<#{CHANNEL}>" in text and "/move" in text and f"channels/{GUILD}/{CHANNEL}" in text


def test_closed_dms_are_logged_not_retried(host: Host, caplog: pytest.LogCaptureFixture) -> None:
    started_dice(host, seed=11)
    reminders.set_reminder(host, CH, str(ANN), 1)
    user = MagicMock(spec_set=discord.User)
    user.send = AsyncMock(side_effect=discord.Forbidden(MagicMock(status=403, reason="Forbidden"), "closed"))

    async def go() -> tuple[int, int]:
        bot = MeijiBot(host)
        bot.get_user = MagicMock(return_value=user)  # type: ignore[method-assign]
        later = utcnow() + timedelta(hours=1, minutes=1)
        return await bot.send_reminders(later), await bot.send_reminders(later)

    assert run(go()) == (0, 0)
    assert user.send.await_count == 1
    assert any("could not DM" in r.getMessage() for r in caplog.records)


def test_reminder_text_mentions_channel_and_prompt(host: Host) -> None:
    started_dice(host, seed=11)
    reminders.set_reminder(host, CH, str(ANN), 1)
    [due] = reminders.due_reminders(host, utcnow() + timedelta(hours=3))
    text = due.text()
    assert "dicerace" in text and "table #1" in text and (due.prompt or "") in text
