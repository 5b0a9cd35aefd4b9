"""Bots in Discord: /game add-bot, bots' turns posted one message and one picture each, /game timeout
with the take-over and /game return, and /hint (ephemeral)."""

from __future__ import annotations

import random
from datetime import timedelta
from typing import Any
from unittest.mock import AsyncMock, MagicMock

import discord
import pytest
from discord_fakes import (
    ANN,
    BOB,
    CHANNEL,
    PNG,
    Commands,
    assert_accepted,
    assert_refused,
    private,
    public,
    run,
)
from renderer_doubles import FixedPictureRendererDouble, composed

from bot.discord_app.client import MeijiBot
from bot.host import Host
from bot.store import Store, utcnow

CH = str(CHANNEL)


def picture_host(store: Store) -> Host:
    """A host whose renderer returns a (fake) PNG for every picture."""
    return composed(store, FixedPictureRendererDouble(PNG)).host


def _legal(host: Host, user: int) -> list[str]:
    return [n for n, _label in host.legal(CH, str(user)).choices]


@pytest.mark.slow
def test_one_person_and_three_bots_play_a_whole_game_with_one_picture_per_turn(store: Store) -> None:
    """The issue's example: a table of 1 human + 3 bots plays a full game of Nippon: Zaibatsu."""
    host = picture_host(store)
    cmds = Commands(host)
    assert_accepted(cmds.as_user("new", ANN, game="zaibatsu", players=4))
    for number in (1, 2, 3):
        message = assert_accepted(cmds.as_user("add-bot", ANN, level="medium"))
        assert f"Bot {number} (medium) joined" in message.content
    rng = random.Random(4)
    interaction = cmds.as_user("start", ANN)
    bot_messages = person_messages = stories = 0
    for _step in range(2000):
        for message in public(interaction):
            if message.content.startswith("Nippon: Zaibatsu: how the game went"):
                stories += 1  # the story after the final score (this fake renderer draws no chart)
                continue
            assert len(message.files) == 1, message.content  # one picture per turn message
            header = next((line for line in message.content.splitlines() if line.startswith("**")), "")
            if header.startswith("**Bot "):  # a bot's turn, told under its name in bold
                bot_messages += 1
                assert f"<@{ANN}>" not in header
            else:
                person_messages += 1
        status = host.status(CH).data
        if status.status != "running":
            break
        assert status.to_act == str(ANN)  # after every message, the bots have played up to Ann's turn
        interaction = cmds.as_user("move", ANN, action=rng.choice(_legal(host, ANN)))
    assert host.status(CH).data.status == "finished"
    assert stories == 1
    assert bot_messages >= 3 * 10 and person_messages >= 10
    export = host.export(CH).data
    by_seat = {(m["seat"], m["bot"]) for m in export.moves if m["kind"] == "choice"}
    # the log marks the bots' moves: three seats played by bots, one by Ann
    assert sorted(bot or "" for _seat, bot in by_seat) == ["", "medium", "medium", "medium"]
    assert len({seat for seat, _bot in by_seat}) == 4
    log = host.log(CH, 200).public or ""
    assert "Bot 1 (medium)" in log and "Ann" in log


def test_add_bot_refusals_are_private(host: Host) -> None:
    cmds = Commands(host)
    assert_refused(cmds.as_user("add-bot", ANN, level="medium"), "no game")
    assert_accepted(cmds.as_user("new", ANN, game="dicerace", players=2))
    assert_refused(cmds.as_user("add-bot", BOB, level="medium"), "Only a seated player")
    assert_accepted(cmds.as_user("add-bot", ANN, level="hard"))
    assert_refused(cmds.as_user("add-bot", ANN, level="medium"), "full")


def test_hint_answers_only_the_player_to_act_ephemerally(host: Host) -> None:
    cmds = Commands(host)
    assert_accepted(cmds.as_user("new", ANN, game="dicerace", players=2))
    assert_accepted(cmds.as_user("join", BOB))
    cmds.as_user("start", ANN)
    to_act = int(host.status(CH).data.to_act)
    other = BOB if to_act == ANN else ANN
    interaction = cmds.as_user("hint", to_act)
    assert public(interaction) == []
    [answer] = private(interaction)
    assert answer.content.startswith("Suggested: ") and "winning chance" in answer.content
    assert "Suggested moves (best first):\n1. " in answer.content
    assert_refused(cmds.as_user("hint", other), "not your turn")


def test_timeout_take_over_and_return_in_a_channel(host: Host) -> None:
    cmds = Commands(host)
    assert_accepted(cmds.as_user("new", ANN, game="dicerace", players=2))
    assert_accepted(cmds.as_user("join", BOB))
    cmds.as_user("start", ANN)
    message = assert_accepted(cmds.as_user("timeout", BOB, hours=3))
    assert "after 6 hours a bot plays their seat" in message.content and "/game return" in message.content
    absent = host.status(CH).data.to_act
    channel = MagicMock(spec_set=discord.TextChannel)
    posted: list[str] = []

    async def send(content: str | None = None, **kwargs: Any) -> MagicMock:
        posted.append(content or "")
        sent = MagicMock()
        sent.id, sent.jump_url = len(posted), f"https://discord.com/channels/777/{CHANNEL}/{len(posted)}"
        return sent

    channel.send = AsyncMock(side_effect=send)

    async def go(now: Any) -> int:
        bot = MeijiBot(host)
        bot.get_channel = MagicMock(return_value=channel)  # type: ignore[method-assign]
        return await bot.take_over_absent(now)

    assert run(go(utcnow() + timedelta(hours=5))) == 0 and posted == []
    assert run(go(utcnow() + timedelta(hours=6, minutes=1))) == 1
    assert "has not moved for 6 hours" in posted[0] and "/game return" in posted[0]
    assert len(posted) >= 2 and "'s bot" in posted[1]  # the bot's turn follows in the channel
    assert run(go(utcnow() + timedelta(hours=1))) == 0  # the other player's turn has just begun
    back = cmds.as_user("return", int(absent))
    assert any("is back" in m.content for m in public(back))
    assert_refused(cmds.as_user("return", int(absent)), "own seat already")


@pytest.mark.parametrize("hours", [-1, 169])
def test_timeout_out_of_range_is_refused(host: Host, hours: int) -> None:
    cmds = Commands(host)
    assert_accepted(cmds.as_user("new", ANN, game="dicerace", players=2))
    interaction = cmds.as_user("timeout", ANN, hours=hours)
    assert_refused(interaction, "1 to 168")


def test_the_new_commands_are_in_the_tree(host: Host) -> None:
    cmds = Commands(host)
    for name in ("add-bot", "timeout", "return", "hint"):
        assert cmds.command(name).description
    levels = [c.value for c in cmds.command("add-bot")._params["level"].choices]
    assert levels == ["easy", "medium", "hard"]
