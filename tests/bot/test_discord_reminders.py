"""Turn reminders in Discord: ``/game remind``, the reminder loop's DMs, restarts.

The bookkeeping itself (due times, at most three per decision, no log entries) is tested on the
Host in test_bot_reminders.py; here the adapter's side.
"""

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

from bot.discord_app.client import MeijiBot
from bot.discord_app.reminders import DueReminder
from bot.host import Host
from bot.store import utcnow


def hours_of(host: Host) -> int | None:
    """The stored reminder interval of the channel's table."""
    data = host.status(CH).data
    assert data is not None
    return data.reminder_hours


@pytest.fixture
def cmds(host: Host) -> Commands:
    """Commands over the test Host."""
    return Commands(host)


def test_remind_command_stores_the_interval_without_moving_the_game_on(cmds: Commands, host: Host) -> None:
    started_dice(host, seed=11)
    version = host.status(CH).version
    message = assert_accepted(cmds.as_user("remind", BOB, hours=12))
    assert "12 hours" in message.content
    assert hours_of(host) == 12
    assert message.view is None  # the version did not change: the posted buttons stay valid
    assert host.status(CH).version == version
    message = assert_accepted(cmds.as_user("remind", ANN, hours=0))
    assert "off" in message.content and hours_of(host) is None


def test_remind_refusals_change_nothing(cmds: Commands, host: Host, store: Any) -> None:
    assert_refused(cmds.as_user("remind", ANN, hours=3), "no game", "/game new")
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


def test_bot_sends_due_reminders_by_dm(host: Host) -> None:
    started_dice(host, seed=11)
    assert host.set_reminder(CH, str(ANN), 1).ok
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
    assert "about 1 hour" in text
    assert "reminder" not in (host.log(CH, 50).public or "")  # nothing written into the move log


def test_reminders_survive_a_restart_of_the_bot(store: Any) -> None:
    started_dice(Host(store), seed=11)
    Host(store).set_reminder(CH, str(ANN), 1)
    user = MagicMock(spec_set=discord.User)
    user.send = AsyncMock()
    later = utcnow() + timedelta(hours=1, minutes=1)

    async def once(now: Any) -> int:
        bot = MeijiBot(Host(store))  # a new process each time: only the database is left
        bot.get_user = MagicMock(return_value=user)  # type: ignore[method-assign]
        return await bot.send_reminders(now)

    assert run(once(later)) == 1
    assert run(once(later)) == 0  # not repeated after the restart …
    assert run(once(later + timedelta(hours=1))) == 1  # … and the next one comes on time
    assert user.send.await_count == 2


def test_closed_dms_are_logged_not_retried(host: Host, caplog: pytest.LogCaptureFixture) -> None:
    started_dice(host, seed=11)
    host.set_reminder(CH, str(ANN), 1)
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
    host.set_reminder(CH, str(ANN), 1)
    now = utcnow() + timedelta(hours=3)
    [item] = host.due_reminders(now)
    due = DueReminder.from_host(item)
    text = due.text(now)
    assert "dicerace" in text and "table #1" in text and (due.prompt or "") in text
    assert "about 3 hours" in text and f"<#{CHANNEL}>" in text


def test_reminder_text_of_a_dm_game_has_no_server_link() -> None:
    due = DueReminder(7, "9001", None, "zaibatsu", "1001", "Ann", "Purple: take a worker", utcnow(), 1, 12)
    text = due.text()
    assert "our direct messages" in text and "<#" not in text and "discord.com/channels" not in text
