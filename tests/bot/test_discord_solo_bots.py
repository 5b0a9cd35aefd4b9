"""Bot levels and one person against bots in Discord: ``/game add-bot level:…``, ``/solo new game:…
bots:… level:…`` (a DM or a channel), refusals in the player's language, and every bot decision in
a worker thread (the event loop stays free while a bot thinks)."""

from __future__ import annotations

import asyncio
import threading
from typing import Any

import pytest
from discord_fakes import (
    ANN,
    CHANNEL,
    DM_ANN,
    PNG,
    Commands,
    assert_accepted,
    assert_refused,
    make_interaction,
    private,
    public,
    run,
    snapshot_db,
)
from renderer_doubles import FixedPictureRendererDouble, composed

from bot.discord_app.commands import BOT_LEVEL_CHOICES, SOLO_GAME_CHOICES, SoloCommands, TableCommands
from bot.host import Host, Reply
from bot.store import Store
from engine.core.bots import LEVELS

DM = str(DM_ANN)
CH = str(CHANNEL)


def quick_host(store: Store) -> Host:
    """A host with a fake picture per turn and bots that think 50 ms a decision."""
    return composed(store, FixedPictureRendererDouble(PNG), bot_time_limit=0.05).host


def solo_in_dm(cmds: Commands, locale: str = "en-US", **options: Any) -> Any:
    interaction = make_interaction(ANN, channel_id=DM_ANN, guild_id=None, locale=locale)
    return cmds.call("solo new", interaction, **options)


def test_the_level_choices_are_the_levels_with_a_word_each(host: Host) -> None:
    cmds = Commands(host)
    assert [c.value for c in BOT_LEVEL_CHOICES] == list(LEVELS)
    assert all(c.name.startswith(c.value + " — ") for c in BOT_LEVEL_CHOICES)
    params = cmds.command("solo new")._params
    assert [c.value for c in params["level"].choices] == list(LEVELS)
    assert {c.value for c in params["game"].choices} == {c.value for c in SOLO_GAME_CHOICES}
    assert {"zaibatsu", "nippon", "yokohama"} <= {c.value for c in SOLO_GAME_CHOICES}
    assert (params["bots"].min_value, params["bots"].max_value) == (1, 3)
    assert not params["difficulty"].required and not params["game"].required


@pytest.mark.parametrize(("level", "shown"), [("greedy", "medium"), ("search", "hard"), ("easy", "easy")])
def test_add_bot_takes_the_levels_and_their_older_names(host: Host, level: str, shown: str) -> None:
    cmds = Commands(host)
    assert_accepted(cmds.as_user("new", ANN, game="dicerace", players=2))
    message = assert_accepted(cmds.as_user("add-bot", ANN, level=level))
    assert f"Bot 1 ({shown}) joined" in message.content
    assert (host.status(CH).data or {})["players"][1]["bot"] == shown


def test_add_bot_in_polish_names_the_level_in_polish(host: Host) -> None:
    cmds = Commands(host)
    assert_accepted(cmds.as_user("new", ANN, game="dicerace", players=3, locale="pl", guild_locale="pl"))
    message = assert_accepted(cmds.as_user("add-bot", ANN, level="hard", locale="pl", guild_locale="pl"))
    print(message.content)
    assert "Bot 1 (trudny)" in message.content
    text = assert_refused(cmds.as_user("add-bot", ANN, level="expert", locale="pl"))
    print(text)
    assert "łatwy" in text and "średni" in text and "trudny" in text


def test_solo_against_two_bots_of_nippon_in_a_dm(store: Store) -> None:
    host = quick_host(store)
    cmds = Commands(host)
    interaction = solo_in_dm(cmds, "pl", game="nippon", bots=2, level="easy")
    answers = private(interaction)
    print("\n---\n".join(a.content for a in answers + public(interaction)))
    assert answers[0].content.startswith("Twoja gra Nippon przeciw 2 botom (łatwy) się rozpoczęła.")
    data = host.status(DM).data or {}
    assert [(p["user"], p["bot"]) for p in data["players"]] == [(str(ANN), None), ("bot:1", "easy"),
                                                               ("bot:2", "easy")]
    assert data["to_act"] == str(ANN)  # the bots played up to Ann's turn
    messages = public(interaction)
    assert messages and all(len(m.files) == 1 for m in messages)  # one picture each (start and bot turns)
    bot_posts = 0
    for _move in range(40):  # Ann's moves: each turn of hers followed at once by the bots' turns
        before = host.status(DM).data or {}
        legal = [n for n, _ in host.legal(DM, str(ANN)).choices]
        moved = cmds.in_dm("move", action="done" if "done" in legal else legal[0])
        posts = public(moved)
        assert posts and all(len(m.files) == 1 for m in posts)  # one message and one picture each
        bot_posts += sum(1 for m in posts if "**Bot " in m.content)
        after = host.status(DM).data or {}
        assert after["version"] > before["version"]
        assert after["status"] != "running" or after["to_act"] == str(ANN)
        if bot_posts >= 2:
            break
    assert bot_posts >= 2
    status = cmds.in_dm("solo status")
    text = "\n".join(s.content for s in public(status) + private(status))
    assert "Bot 1 (easy)" in text and "Bot 2 (easy)" in text
    log = "\n".join(s.content for s in private(cmds.in_dm("solo log", n=5)))
    assert "**Bot 1 (easy)" in log or "Bot 1 (easy)" in log
    board = cmds.in_dm("solo board")
    assert [len(m.files) for m in public(board)] == [1]
    hand = "\n".join(s.content for s in private(cmds.in_dm("solo hand")))
    assert hand and "went wrong" not in hand


def test_solo_bots_in_a_channel_of_zaibatsu_seat_bots_instead_of_the_automa(store: Store) -> None:
    host = quick_host(store)
    cmds = Commands(host)
    interaction = cmds.as_user("solo new", ANN, game="zaibatsu", bots=1, manage_channels=True)
    assert private(interaction)[0].content.startswith("Your Nippon: Zaibatsu game against 1 bot (medium) has started.")
    data = host.status(CH).data or {}
    assert [p["bot"] for p in data["players"]] == [None, "medium"]
    assert "difficulty" not in (host.export(CH).data or {})["options"]


@pytest.mark.parametrize(
    ("options", "english", "polish"),
    [
        ({"game": "nippon", "bots": 0}, "Choose 1 to 3 bots.", "Wybierz od 1 do 3 botów."),
        ({"game": "nippon", "bots": 4}, "Choose 1 to 3 bots.", "Wybierz od 1 do 3 botów."),
        ({"game": "yokohama", "bots": 2, "level": "expert"}, "Choose a bot level: easy, medium, hard.",
         "Wybierz poziom bota: easy (łatwy), medium (średni), hard (trudny)."),
        ({"game": "nippon", "bots": 1, "difficulty": "hard"}, "The difficulty is for the game against",
         "Poziom trudności dotyczy tylko gry przeciw"),
        ({"game": "chess", "bots": 1}, "Unknown game", "chess"),
    ],
)
@pytest.mark.parametrize("locale", ["en-US", "pl"])
def test_bad_solo_bots_are_refused_in_the_players_language(store: Store, options: dict[str, Any], english: str,
                                                           polish: str, locale: str) -> None:
    host = quick_host(store)
    cmds = Commands(host)
    before = snapshot_db(store)
    text = assert_refused(solo_in_dm(cmds, locale, **options))
    print(text)
    assert (english if locale == "en-US" else polish) in text
    assert snapshot_db(store) == before


def test_a_game_without_an_automated_opponent_gets_one_bot_by_default(store: Store) -> None:
    host = quick_host(store)
    cmds = Commands(host)
    interaction = solo_in_dm(cmds, game="yokohama")
    assert private(interaction)[0].content.startswith("Your Yokohama game against 1 bot (medium) has started.")
    assert len((host.status(DM).data or {})["players"]) == 2


# --- decisions off the event loop ---------------------------------------------------------------
class BlockingHost:
    """Wraps the Host calls a bot decision runs in so that each blocks on ``release`` (a thread
    event) before it answers: run on the event loop, it would freeze it and nothing else could set it."""

    def __init__(self, host: Host, release: threading.Event) -> None:
        self.release = release
        for name in ("bot_step", "hint", "solo", "take_over"):
            real = getattr(host, name)
            setattr(host, name, self._blocking(real))

    def _blocking(self, real: Any) -> Any:
        def call(*args: Any, **kwargs: Any) -> Reply:
            assert self.release.wait(10), "nobody released the bot: the event loop was blocked"
            return real(*args, **kwargs)

        return call


async def _while_thinking(release: threading.Event, work: Any) -> list[str]:
    """Run ``work`` while another coroutine on the same loop notes that it ran, then releases the bot."""
    order: list[str] = []

    async def other() -> None:
        await asyncio.sleep(0.05)
        order.append("other coroutine ran")
        release.set()

    async def decide() -> None:
        await work
        order.append("bot decided")

    await asyncio.wait_for(asyncio.gather(decide(), other()), 20)
    return order


@pytest.mark.parametrize("call", ["bot turn", "hint", "solo new", "take-over"])
def test_every_bot_decision_runs_in_a_worker_thread(store: Store, call: str) -> None:
    from datetime import timedelta

    from bot.discord_app.client import MeijiBot
    from bot.store import utcnow

    host = quick_host(store)
    if call in ("bot turn", "hint", "take-over"):
        assert host.new_table(CH, str(ANN), "Ann", "dicerace", {"players": 2}, 7, guild="777").ok
        if call == "bot turn":
            assert host.add_bot(CH, str(ANN), "easy").ok
        else:
            assert host.join(CH, "1002", "Bob").ok
        assert host.start(CH, str(ANN)).ok
        while call == "bot turn" and (host.status(CH).data or {})["to_act"] == str(ANN):
            assert host.move(CH, str(ANN), "bank").ok
    release = threading.Event()
    BlockingHost(host, release)
    tables = TableCommands(host)
    if call == "bot turn":
        work = tables.bot_turn(CH, "en")
    elif call == "hint":
        to_act = int((host.status(CH).data or {})["to_act"])
        work = tables.hint(make_interaction(to_act))
    elif call == "solo new":
        interaction = make_interaction(ANN, channel_id=DM_ANN, guild_id=None)
        solo = SoloCommands(tables)
        work = solo.new.callback(solo, interaction, None, "dicerace", 1, "easy")
    else:
        assert host.set_timeout(CH, str(ANN), 1).ok
        bot = MeijiBot.__new__(MeijiBot)
        bot.host, bot.tables, bot.shard_plan = host, tables, None
        work = bot.take_over_absent(utcnow() + timedelta(hours=3))
    order = run(_while_thinking(release, work))
    assert order == ["other coroutine ran", "bot decided"]
