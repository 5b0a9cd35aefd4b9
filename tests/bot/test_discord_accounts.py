"""Turn accounts in Discord and the issue's Discord fixes, driven through the real discord.py over a
fake Discord on 127.0.0.1 (tests/bot/discord_wire.py) where it matters: server links, one language
per reply, the log in words, ``/game hand`` after the end, bots' turns told in sentences, the
"Full board" button at every decision, and long accounts trimmed within Discord's limit."""

from __future__ import annotations

from typing import Any

import pytest
from discord_fakes import PNG, run
from discord_wire import ANN, BOB, CHANNEL, GUILD, Wire, command_payload, wire
from hosthelpers import play_to_end
from renderer_doubles import FixedPictureRendererDouble, composed

from bot.discord_app.accounts import account_text, latest_accounts_text
from bot.discord_app.messages import MESSAGE_LIMIT
from bot.host import Host
from bot.store import Store

CH = str(CHANNEL)


def picture_host(store: Store) -> Host:
    """A host whose renderer returns a (fake) PNG for every picture."""
    return composed(store, FixedPictureRendererDouble(PNG)).host


async def open_table(w: Wire, *, humans: int = 2, bots: int = 0, language: str | None = None) -> None:
    """Ann opens a dice-race table, Bob joins (``humans=2``), bots fill the rest, Ann starts."""
    await w.send(command_payload("game", {"game": "dicerace", "players": humans + bots}, sub="new"))
    if language is not None:
        await w.send(command_payload("game", {"language": language}, sub="language"))  # a choice value: the code
    if humans > 1:
        await w.send(command_payload("game", {}, sub="join", user=BOB))
    for _bot in range(bots):
        await w.send(command_payload("game", {"level": "medium"}, sub="add-bot"))
    await w.send(command_payload("game", {}, sub="start"))


def status(host: Host) -> dict[str, Any]:
    return host.status(CH).data or {}


def move_payload(host: Host, user: int, **kwargs: Any) -> dict[str, Any]:
    legal = [n for n, _label in host.legal(CH, str(user)).choices]
    assert legal, "not this user's turn"
    return command_payload("move", {"action": "bank" if "bank" in legal else legal[0]}, user=user, **kwargs)


# ----------------------------------------------------------------------------------------------
# Links
# ----------------------------------------------------------------------------------------------
def test_the_stored_board_link_of_a_server_game_is_a_server_link(store: Store, monkeypatch: pytest.MonkeyPatch) -> None:
    host = picture_host(store)

    async def scenario() -> None:
        async with wire(host, monkeypatch) as w:
            await open_table(w)
            await w.send(move_payload(host, int(status(host)["to_act"])))
            url = status(host)["board_url"]
            # a follow-up message carries no guild, so its own jump_url would be an @me link
            assert url and url.startswith(f"https://discord.com/channels/{GUILD}/{CHANNEL}/"), url
            assert "@me" not in url
            answer = await w.send(command_payload("game", {}, sub="status"))
            assert any(f"channels/{GUILD}/{CHANNEL}/" in t for t in answer.private), answer.private
            refused = await w.send(command_payload("game", {"game": "dicerace", "players": 2}, sub="new"))
            told = " ".join(refused.private)
            assert "already running" in told and f"channels/{GUILD}/{CHANNEL}/" in told and "@me" not in told

    run(scenario())


def test_an_at_me_link_stored_for_a_server_table_is_read_back_as_a_server_link(host: Host) -> None:
    assert host.new_table(CH, "u1", "Ann", "dicerace", {"players": 1}, 7, guild=str(GUILD)).ok
    assert host.start(CH, "u1").ok
    reply = host.set_board_message(CH, "999", f"https://discord.com/channels/@me/{CHANNEL}/999")
    assert reply.ok and reply.data["board_url"] == f"https://discord.com/channels/{GUILD}/{CHANNEL}/999"
    assert status(host)["board_url"] == f"https://discord.com/channels/{GUILD}/{CHANNEL}/999"


# ----------------------------------------------------------------------------------------------
# One language per reply
# ----------------------------------------------------------------------------------------------
def test_status_is_all_in_the_users_language(store: Store, monkeypatch: pytest.MonkeyPatch) -> None:
    host = picture_host(store)

    async def scenario() -> None:
        async with wire(host, monkeypatch) as w:
            await open_table(w, language="pl")
            answer = await w.send(command_payload("game", {}, sub="status", locale="ru"))
            [text] = [t for t in answer.private if "dicerace" in t]
            assert "Игроки:" in text  # the summary in Russian, as the lines around it
            assert "Gracze" not in text and "tura" not in text.lower()

    run(scenario())


def test_the_log_tells_the_turns_in_words_in_the_users_language(store: Store, monkeypatch: pytest.MonkeyPatch) -> None:
    host = picture_host(store)

    async def scenario() -> None:
        async with wire(host, monkeypatch) as w:
            await open_table(w, language="pl")
            mover = int(status(host)["to_act"])
            await w.send(move_payload(host, mover))
            answer = await w.send(command_payload("game", {"n": 5}, sub="log", user=mover, locale="en-US"))
            text = "\n".join(answer.private)
            assert "banked" in text  # the account's sentence (the fake game's events are English)
            assert "#" not in text and ": bank" not in text  # no log numbers, no notation

    run(scenario())


# ----------------------------------------------------------------------------------------------
# /game hand after the end
# ----------------------------------------------------------------------------------------------
def test_hand_after_the_game_ended_answers_about_the_finished_game(host: Host) -> None:
    assert host.new_table(CH, "u1", "Ann", "dicerace", {"players": 2, "target": 3}, 7).ok
    assert host.join(CH, "u2", "Bob").ok
    assert host.start(CH, "u1").ok
    play_to_end(host, CH)
    assert status(host)["status"] == "finished"
    reply = host.hand(CH, "u1")
    assert reply.ok, reply.private
    assert "The game is over." in reply.private and "Final result" in reply.private
    assert reply.choices == [] and not reply.data["to_act"]
    assert not host.hand(CH, "stranger").ok


def test_hand_command_after_the_end_in_discord(store: Store, monkeypatch: pytest.MonkeyPatch) -> None:
    host = picture_host(store)

    async def scenario() -> None:
        async with wire(host, monkeypatch) as w:
            await w.send(command_payload("game", {"game": "dicerace", "players": 2, "target": 3}, sub="new"))
            await w.send(command_payload("game", {}, sub="join", user=BOB))
            await w.send(command_payload("game", {}, sub="start"))
            play_to_end(host, CH)  # the moves themselves are not what this test is about
            assert status(host)["status"] == "finished"
            answer = await w.send(command_payload("game", {}, sub="hand", user=ANN))
            text = " ".join(answer.private)
            assert "no game" not in text.lower() and "Final result" in text

    run(scenario())


# ----------------------------------------------------------------------------------------------
# Bots' turns and the turn message
# ----------------------------------------------------------------------------------------------
def test_a_bots_turn_is_told_in_sentences_not_notation(store: Store, monkeypatch: pytest.MonkeyPatch) -> None:
    host = picture_host(store)

    async def scenario() -> None:
        async with wire(host, monkeypatch) as w:
            await open_table(w, humans=1, bots=1)
            if status(host)["to_act"] == str(ANN):
                await w.send(move_payload(host, ANN))
            bot_posts = [m["content"] for m in w.fake.public() if "**Bot 1" in m["content"]]
            assert bot_posts, w.fake.texts()
            for text in bot_posts:
                assert "moved" in text or "banked" in text or "rolled" in text
                # the old message was "Bot 1 (medium) (…): move 1; bank"
                assert "): move" not in text and "; bank" not in text

    run(scenario())


def test_the_turn_message_covers_the_whole_turn(store: Store, monkeypatch: pytest.MonkeyPatch) -> None:
    host = picture_host(store)

    async def scenario() -> None:
        async with wire(host, monkeypatch) as w:
            await open_table(w)
            mover = int(status(host)["to_act"])
            seat = status(host)["to_act_seat"]
            await w.send(command_payload("move", {"action": "move 1"}, user=mover))
            if str(mover) == status(host)["to_act"]:
                await w.send(command_payload("move", {"action": "bank"}, user=mover))
            last = w.fake.public()[-1]["content"]
            # the message after the turn's last step still tells its first step
            assert f"Seat {seat + 1} moved 1." in last and f"Seat {seat + 1} banked" in last
            assert last.rstrip().split("\n")[-1]  # whose turn it is closes the message

    run(scenario())


def test_hand_options_keep_the_full_board_button(store: Store, monkeypatch: pytest.MonkeyPatch) -> None:
    host = picture_host(store)
    sent: list[Any] = []

    async def scenario() -> None:
        async with wire(host, monkeypatch) as w:
            await open_table(w)
            mover = int(status(host)["to_act"])
            import discord.webhook.async_ as hooks

            original = hooks.Webhook.send

            async def spy(self: Any, *args: Any, **kwargs: Any) -> Any:
                sent.append(kwargs.get("view"))
                return await original(self, *args, **kwargs)

            monkeypatch.setattr(hooks.Webhook, "send", spy)
            await w.send(command_payload("game", {}, sub="hand", user=mover))
            views = [v for v in sent if v is not None]
            assert views
            ids = [getattr(c, "custom_id", "") for c in views[-1].children]
            assert any(str(i).startswith("mt:board:") for i in ids), ids

    run(scenario())


# ----------------------------------------------------------------------------------------------
# Trimming
# ----------------------------------------------------------------------------------------------
def test_a_long_account_is_trimmed_within_the_limit_and_keeps_the_closing_line() -> None:
    long = [{"seat": 0, "who": "Ann (purple)", "lines": [f"Line {i} " + "x" * 60 for i in range(80)]},
            {"seat": None, "who": "", "lines": ["Round 2 begins."]}]
    text = account_text(long, ["Bob (green) to play: choose a worker."], limit=MESSAGE_LIMIT,
                        log_hint="/game log")
    assert len(text) <= MESSAGE_LIMIT
    assert text.startswith("**Ann (purple)**\nLine 0 ")
    assert "…and " in text and " more, see /game log" in text
    assert "Round 2 begins." in text  # the short account is not cut for the long one
    assert text.endswith("Bob (green) to play: choose a worker.")
    shown = sum(1 for line in text.split("\n") if line.startswith("Line "))
    assert f"…and {80 - shown} more" in text


def test_the_log_keeps_the_latest_turns_first() -> None:
    accounts = [{"seat": i % 2, "who": f"P{i % 2}", "lines": [f"Turn {i} " + "y" * 300]} for i in range(20)]
    text = latest_accounts_text(accounts, limit=MESSAGE_LIMIT)
    assert len(text) <= MESSAGE_LIMIT and "Turn 19 " in text and "Turn 0 " not in text
