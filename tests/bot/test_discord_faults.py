"""The bot under the real discord.py with Discord failing below it (tests/bot/discord_wire.py).

Each scenario injects faults into the REST answers or the gateway of a fake Discord on
127.0.0.1 and checks what the store holds against what people were told: moves committed =
moves acknowledged, no turn posted twice, no answer left "thinking…", no false "the game is
unchanged", the missing permission named, every bot seat playing on, and no ERROR traceback for
the errors Discord is expected to give.
"""

from __future__ import annotations

import logging
from datetime import timedelta
from typing import Any

import discord
import pytest
from discord_fakes import PNG, run
from discord_wire import (
    ALL_PERMISSIONS,
    ANN,
    BOB,
    CHANNEL,
    Answer,
    Wire,
    click_payload,
    command_payload,
    wire,
)
from renderer_doubles import FixedPictureRendererDouble, composed

from bot.host import Host
from bot.store import Store, utcnow

CH = str(CHANNEL)
UNCHANGED = "the game is unchanged"


def picture_host(store: Store) -> Host:
    """A host whose renderer returns a (fake) PNG for every picture."""
    return composed(store, FixedPictureRendererDouble(PNG)).host


async def open_table(w: Wire, *, humans: int = 2, bots: int = 0) -> None:
    """Ann opens a dice-race table, Bob joins (``humans=2``), bots fill the rest, Ann starts."""
    await w.send(command_payload("game", {"game": "dicerace", "players": humans + bots}, sub="new"))
    if humans > 1:
        await w.send(command_payload("game", {}, sub="join", user=BOB))
    for _bot in range(bots):
        await w.send(command_payload("game", {"level": "medium"}, sub="add-bot"))
    await w.send(command_payload("game", {}, sub="start"))


def status(host: Host) -> dict[str, Any]:
    """The table's status data."""
    return host.status(CH).data or {}


def human_moves(host: Host) -> list[dict[str, Any]]:
    """The choices people made (not bots, not chance), from the log."""
    moves = (host.export(CH).data or {}).get("moves") or []
    return [m for m in moves if m["kind"] == "choice" and not m.get("bot")]


def bot_moves(host: Host) -> list[dict[str, Any]]:
    """The choices bots made, from the log."""
    moves = (host.export(CH).data or {}).get("moves") or []
    return [m for m in moves if m["kind"] == "choice" and m.get("bot")]


def move_payload(host: Host, user: int, **kwargs: Any) -> dict[str, Any]:
    """``/move`` of ``user``'s next step: ``bank`` when it can (ends the turn), else the first option."""
    legal = [n for n, _label in host.legal(CH, str(user)).choices]
    assert legal, "not this user's turn"
    action = "bank" if "bank" in legal else legal[0]
    return command_payload("move", {"action": action}, user=user, **kwargs)


def to_act(host: Host) -> int:
    """Who is to act (a Discord id)."""
    return int(status(host)["to_act"])


def acknowledged(w: Wire, answer: Answer) -> bool:
    """The player was told the move counted: in the answer, or by direct message."""
    texts = answer.private + w.fake.dms.get(answer.user, [])
    return any("Played" in t or "Your move counted" in t for t in texts)


def assert_truthful(w: Wire, host: Host, answers: list[Answer], caplog: pytest.LogCaptureFixture) -> None:
    """The scenario's common promises (see the module's docstring)."""
    assert len(human_moves(host)) == sum(acknowledged(w, a) for a in answers)
    for answer in answers:
        told = answer.private + w.fake.dms.get(answer.user, [])
        assert not any(UNCHANGED in t for t in told), told
        assert not answer.loading or any("Played" in t for t in w.fake.dms.get(answer.user, [])), answer
    ids = [m["id"] for m in w.fake.public()]
    assert len(ids) == len(set(ids))
    texts = w.fake.texts()
    repeats = [a for a, b in zip(texts, texts[1:], strict=False) if a == b]
    assert not repeats, repeats  # no message posted twice (a repeated post follows its original)
    errors = [r for r in caplog.records if r.levelno >= logging.ERROR]
    assert not errors, [r.getMessage() for r in errors]


def only_the_text_was_posted(w: Wire, before: int) -> list[dict[str, Any]]:
    """The public messages since ``before``; none of them carries a picture."""
    new = w.fake.public()[before:]
    assert new and all(not m["attachments"] for m in new)
    return new


# ----------------------------------------------------------------------------------------------
# Truth after commit
# ----------------------------------------------------------------------------------------------
@pytest.mark.parametrize("status_code", [502, 503])
def test_turn_picture_upload_failing_on_every_try_says_the_move_counted(
    store: Store, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture, status_code: int
) -> None:
    host = picture_host(store)

    async def scenario() -> None:
        async with wire(host, monkeypatch) as w:
            await open_table(w)
            mover = to_act(host)
            w.fake.fail("followup", status_code, files=True)
            w.fake.fail("channel_post", status_code, files=True)
            before = len(w.fake.public())
            answer = await w.send(move_payload(host, mover))
            assert any("Your move counted" in t and f"({status_code})" in t and "/game board" in t
                       for t in answer.private), answer.private
            posted = only_the_text_was_posted(w, before)
            assert any(f"<@{to_act(host)}>" in m["content"] for m in posted)  # the next player still pinged
            assert_truthful(w, host, [answer], caplog)

    run(scenario())


@pytest.mark.parametrize("code", [50013, 50001])
def test_picture_refused_for_permissions_names_the_permission_and_posts_the_text(
    store: Store, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture, code: int
) -> None:
    host = picture_host(store)

    async def scenario() -> None:
        async with wire(host, monkeypatch) as w:
            await open_table(w)
            w.fake.fail("followup", 403, code, files=True)
            w.fake.fail("channel_post", 403, code, files=True)
            before = len(w.fake.public())
            answer = await w.send(move_payload(host, to_act(host)))
            note = next(t for t in answer.private if "Your move counted" in t)
            expected = "**Attach Files**" if code == 50013 else "**View Channels**"
            assert expected in note and f"<#{CHANNEL}>" in note, note
            only_the_text_was_posted(w, before)
            assert_truthful(w, host, [answer], caplog)

    run(scenario())


def test_missing_attach_files_known_from_the_interaction_is_named_before_posting(
    store: Store, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    host = picture_host(store)
    no_files = discord.Permissions(ALL_PERMISSIONS.value)
    no_files.attach_files = False

    async def scenario() -> None:
        async with wire(host, monkeypatch) as w:
            await open_table(w)
            before, calls = len(w.fake.public()), len(w.fake.calls)
            answer = await w.send(move_payload(host, to_act(host), permissions=no_files))
            assert any("Your move counted" in t and "**Attach Files**" in t for t in answer.private), answer.private
            only_the_text_was_posted(w, before)
            assert not [c for c in w.fake.calls[calls:] if c.files]  # no upload was even tried
            board = await w.send(command_payload("game", {}, sub="board", permissions=no_files))
            assert board.private and "Attach Files" in board.private[-1], board.private
            assert not any(t.strip() == "Here is the board." for t in board.private)
            assert_truthful(w, host, [answer], caplog)

    run(scenario())


def test_rate_limit_without_the_proxy_header_tells_the_truth_and_dms_the_next_player(
    store: Store, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    host = picture_host(store)

    async def scenario() -> None:
        async with wire(host, monkeypatch) as w:
            await open_table(w)
            mover = to_act(host)
            w.fake.fail("followup", 429, ephemeral=False, via=False)
            w.fake.fail("channel_post", 429, channel=CHANNEL, via=False)
            before = len(w.fake.public())
            answer = await w.send(move_payload(host, mover))
            assert any("Your move counted" in t and "limiting" in t for t in answer.private), answer.private
            assert len(w.fake.public()) == before
            nxt = to_act(host)
            if nxt != mover:
                assert any("It's your turn" in t for t in w.fake.dms.get(nxt, [])), w.fake.dms
            assert_truthful(w, host, [answer], caplog)

    run(scenario())


def test_rate_limit_with_the_proxy_header_is_retried_by_the_library(
    store: Store, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    host = picture_host(store)

    async def scenario() -> None:
        async with wire(host, monkeypatch) as w:
            await open_table(w)
            w.fake.fail("followup", 429, ephemeral=False, times=1, via=True)
            before = len(w.fake.public())
            answer = await w.send(move_payload(host, to_act(host)))
            assert len(w.fake.public()) == before + 1 and w.fake.public()[-1]["attachments"]
            assert not any("Your move counted" in t for t in answer.private)
            assert 0.25 in w.delays  # discord.py waited retry_after
            assert_truthful(w, host, [answer], caplog)

    run(scenario())


@pytest.mark.parametrize(("status_code", "code"), [(503, 0), (403, 50013), (401, 50027)])
def test_acknowledgement_failing_on_every_try_leaves_no_reply_thinking(
    store: Store, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture, status_code: int, code: int
) -> None:
    host = picture_host(store)

    async def scenario() -> None:
        async with wire(host, monkeypatch) as w:
            await open_table(w)
            mover = to_act(host)
            payload = move_payload(host, mover)
            w.fake.fail("followup", status_code, code, ephemeral=True, interaction=int(payload["id"]))
            if status_code == 401:  # the token itself is bad: editing the answer fails too
                w.fake.fail("edit_original", status_code, code, interaction=int(payload["id"]))
            before = len(w.fake.public())
            answer = await w.send(payload)
            assert acknowledged(w, answer)
            if status_code == 401:
                assert any("Played" in t and f"<#{CHANNEL}>" in t for t in w.fake.dms[mover])
            else:
                assert not answer.loading and any("Played" in t for t in answer.private)
            assert len(w.fake.public()) == before + 1  # the turn reached the channel all the same
            assert_truthful(w, host, [answer], caplog)

    run(scenario())


def test_an_ambiguous_502_after_the_post_was_created_does_not_post_the_turn_twice(
    store: Store, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    host = picture_host(store)

    async def scenario() -> None:
        async with wire(host, monkeypatch) as w:
            await open_table(w)
            w.fake.fail("followup", 502, ephemeral=False, times=1, after_create=True)
            before = len(w.fake.public())
            answer = await w.send(move_payload(host, to_act(host)))
            assert len(w.fake.public()) == before + 1
            assert not any("Your move counted" in t for t in answer.private)  # it did arrive
            assert_truthful(w, host, [answer], caplog)

    run(scenario())


def test_an_ambiguous_502_on_a_channel_post_is_deduplicated_by_its_nonce(
    store: Store, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    host = picture_host(store)

    async def scenario() -> None:
        async with wire(host, monkeypatch) as w:
            await open_table(w, humans=1, bots=1)
            w.fake.fail("channel_post", 502, channel=CHANNEL, times=1, after_create=True)
            mover = to_act(host)
            answer = await w.send(move_payload(host, mover))
            bot_posts = [t for t in w.fake.texts() if "Bot 1 (medium) (" in t]
            assert bot_posts and len(bot_posts) == len(set(bot_posts))
            assert_truthful(w, host, [answer], caplog)

    run(scenario())


# ----------------------------------------------------------------------------------------------
# Permissions at /game new
# ----------------------------------------------------------------------------------------------
@pytest.mark.parametrize(("lacking", "named"), [
    ("attach_files", "**Attach Files**"),
    ("send_messages", "**Send Messages**"),
    ("view_channel", "**View Channels**"),
])
def test_game_new_refuses_a_channel_where_the_bot_cannot_post_pictures(
    store: Store, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture, lacking: str, named: str
) -> None:
    host = picture_host(store)
    perms = discord.Permissions(ALL_PERMISSIONS.value)
    setattr(perms, lacking, False)

    async def scenario() -> None:
        async with wire(host, monkeypatch) as w:
            answer = await w.send(command_payload("game", {"game": "dicerace", "players": 2}, sub="new",
                                                  permissions=perms))
            [text] = answer.private
            assert "can't host a table here" in text and named in text and f"<#{CHANNEL}>" in text, text
            assert not host.status(CH).ok and w.fake.public() == []
            assert not answer.loading
            pl = await w.send(command_payload("game", {"game": "dicerace", "players": 2}, sub="new",
                                              permissions=perms, locale="pl"))
            assert "can't host" not in pl.private[0] and named not in pl.private[0]  # Polish, Polish names
            assert not [r for r in caplog.records if r.levelno >= logging.ERROR]

    run(scenario())


# ----------------------------------------------------------------------------------------------
# Bots and take-overs
# ----------------------------------------------------------------------------------------------
@pytest.mark.parametrize(("status_code", "code"), [(403, 50013), (503, 0)])
def test_take_over_announcement_failing_never_keeps_the_bot_from_playing(
    store: Store, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture, status_code: int, code: int
) -> None:
    host = picture_host(store)

    async def scenario() -> None:
        async with wire(host, monkeypatch) as w:
            await open_table(w)
            await w.send(command_payload("game", {"hours": 1}, sub="timeout"))
            absent = to_act(host)
            times = None if status_code == 403 else 2
            w.fake.fail("channel_post", status_code, code, channel=CHANNEL, files=False, times=times)
            if status_code == 503:  # the fall-back route (the latest interaction's follow-up) fails too
                w.fake.fail("followup", status_code, code, ephemeral=False, files=False, times=times)
            taken = await w.bot.take_over_absent(utcnow() + timedelta(hours=3))
            await w.settle()
            assert taken == 1
            assert bot_moves(host), "the bot did not play the absent seat"
            assert to_act(host) != absent or status(host)["status"] != "running"
            texts = w.fake.texts()
            announced = [t for t in texts if "has not moved for 2 hours" in t]
            if status_code == 503:
                assert len(announced) == 1  # retried with back-off, posted once
                assert 1.0 in w.delays and 2.0 in w.delays
                assert texts.index(announced[0]) < max(i for i, t in enumerate(texts) if "'s bot" in t)
            assert not [r for r in caplog.records if r.levelno >= logging.ERROR]

    run(scenario())


def test_bot_turn_picture_failing_on_every_try_still_announces_the_turn(
    store: Store, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    host = picture_host(store)

    async def scenario() -> None:
        async with wire(host, monkeypatch) as w:
            await open_table(w, humans=1, bots=1)
            w.fake.fail("channel_post", 502, channel=CHANNEL, files=True)
            w.fake.fail("followup", 502, ephemeral=False, files=True)
            answers = []
            for _round in range(3):
                if status(host)["status"] != "running":
                    break
                answers.append(await w.send(move_payload(host, ANN)))
            bot_posts = [t for t in w.fake.texts() if "Bot 1 (medium) (" in t]
            turns = {m["seq"] for m in bot_moves(host)}
            assert turns and bot_posts, "the bot's committed turns were never announced"
            assert len(bot_posts) >= len(answers) - 1
            assert_truthful(w, host, answers, caplog)

    run(scenario())


@pytest.mark.parametrize(("status_code", "code"), [(401, 50027), (404, 10015)])
def test_expired_token_mid_chain_every_bot_turn_is_still_posted(
    store: Store, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture, status_code: int, code: int
) -> None:
    """The issue's example: 1 person + 3 bots; each of the person's tokens dies after the answer
    and the turn's post, and every bot turn still reaches the channel."""
    host = picture_host(store)

    async def scenario() -> None:
        async with wire(host, monkeypatch) as w:
            await open_table(w, humans=1, bots=3)
            answers = []
            for _round in range(4):
                if status(host)["status"] != "running" or to_act(host) != ANN:
                    break
                payload = move_payload(host, ANN)
                w.fake.fail("followup", status_code, code, interaction=int(payload["id"]), skip=2)
                answers.append(await w.send(payload))
            assert answers
            bot_turns = len({(m["seat"], m["seq"]) for m in bot_moves(host)})
            bot_posts = [t for t in w.fake.texts() if "(medium) (" in t]
            played_in_turns = len(bot_posts)
            assert played_in_turns >= 3 * (len(answers) - 1) + 1 and bot_turns >= played_in_turns
            if status(host)["status"] == "running":
                assert to_act(host) == ANN  # the bots played up to the person again
                assert f"<@{ANN}>" in w.fake.texts()[-1]
            assert_truthful(w, host, answers, caplog)

    run(scenario())


# ----------------------------------------------------------------------------------------------
# Expected Discord errors and the gateway
# ----------------------------------------------------------------------------------------------
def test_replay_click_on_a_deleted_message_is_answered_without_a_traceback(
    store: Store, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    host = picture_host(store)

    async def scenario() -> None:
        async with wire(host, monkeypatch) as w:
            await open_table(w)
            await w.send(move_payload(host, to_act(host)))
            table = status(host)["table_id"]
            message = {"id": "1", "channel_id": str(CHANNEL), "author": {"id": "4242", "username": "Meiji Table",
                       "discriminator": "0", "avatar": None}, "content": "", "timestamp": "2025-01-01T00:00:00+00:00",
                       "edited_timestamp": None, "tts": False, "mention_everyone": False, "mentions": [],
                       "mention_roles": [], "attachments": [], "embeds": [], "pinned": False, "type": 0, "flags": 64,
                       "components": []}
            caplog.clear()
            answer = await w.send(click_payload(f"mt:rp:{table}:0:0:f", message))
            assert any("replay message is gone" in t for t in answer.private), answer.private
            assert not any(UNCHANGED in t for t in answer.private)
            assert not [r for r in caplog.records if r.levelno >= logging.ERROR or r.exc_info]

    run(scenario())


def test_an_interaction_delivered_late_after_a_resume_is_not_an_error(
    store: Store, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    host = picture_host(store)

    async def scenario() -> None:
        async with wire(host, monkeypatch) as w:
            await w.fake.close_gateway(1001)
            late = command_payload("game", {"game": "dicerace", "players": 2}, sub="new")
            w.fake.fail("callback", 404, 10062, interaction=int(late["id"]))
            await w.fake.interact(late)  # held back until the client resumes
            await w.wait_connected()
            await w.settle()
            assert w.fake.resumes == 1
            assert not host.status(CH).ok  # nothing was done for it
            assert not [r for r in caplog.records if r.levelno >= logging.ERROR or r.exc_info]

    run(scenario())


@pytest.mark.parametrize("drop", ["close-1001", "close-4009", "op-7"])
def test_moves_and_bots_survive_gateway_reconnects(
    store: Store, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture, drop: str
) -> None:
    host = picture_host(store)

    async def scenario() -> None:
        async with wire(host, monkeypatch) as w:
            await open_table(w, humans=1, bots=1)
            answers = [await w.send(move_payload(host, ANN))]
            if drop == "op-7":
                await w.fake.reconnect_op()
            else:  # 4009: the session timed out, so the RESUME is refused and the client identifies again
                await w.fake.close_gateway(int(drop.split("-")[1]), resumable=drop != "close-4009")
            await w.wait_connected()
            if drop == "close-4009":
                assert w.fake.identifies == 2
            else:
                assert w.fake.resumes == 1
            for _round in range(2):
                if status(host)["status"] != "running":
                    break
                answers.append(await w.send(move_payload(host, ANN)))
            assert bot_moves(host)
            if status(host)["status"] == "running":
                assert to_act(host) == ANN
            assert_truthful(w, host, answers, caplog)

    run(scenario())


def test_a_take_over_post_refused_for_a_permission_is_posted_once_when_it_is_back(
    store: Store, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    """Hours after the last command (no interaction token of the table is valid any more) a bot
    takes a seat over, but the bot may not post in the channel; the permission is given back.
    The next reminder tick delivers the take-over and the bot's turn, each exactly once, in order,
    and the ticks after it post nothing again."""
    host = picture_host(store)

    async def scenario() -> None:
        async with wire(host, monkeypatch) as w:
            await open_table(w)
            await w.send(command_payload("game", {"hours": 1}, sub="timeout"))
            for answer in w.fake.answers.values():
                answer.expired = True
            absent = to_act(host)
            fault = w.fake.fail("channel_post", 403, 50013, channel=CHANNEL)
            before = len(w.fake.public())
            assert await w.bot.take_over_absent(utcnow() + timedelta(hours=3)) == 1
            await w.settle()
            turn = bot_moves(host)
            assert turn, "the bot did not play the absent seat"
            assert len(w.fake.public()) == before  # nothing got through
            assert w.bot.tables.outbox.held(CH) == 2  # the take-over and the bot's turn, kept for later
            assert any("Send Messages" in t for t in w.fake.dms.get(to_act(host), []))  # the next player is told
            w.fake.faults.remove(fault)  # the permission is given back
            for _tick in range(3):
                await w.bot.reminder_loop()  # nothing due: only the held posts go out
                await w.settle()
            texts = w.fake.texts()[before:]
            assert len(texts) == 2, texts
            assert "has not moved for 2 hours" in texts[0]
            assert texts[1].count("'s bot") == 1 and f"<@{to_act(host)}>" in texts[1]
            assert bot_moves(host) == turn and to_act(host) != absent  # nothing else was played
            assert w.bot.tables.outbox.held() == 0
            assert_truthful(w, host, [], caplog)

    run(scenario())


def test_the_outbox_posts_one_message_per_step_key() -> None:
    """A second post of the same committed step (same key) is not taken, queued or held."""
    from bot.discord_app.autoplay import Outbox, Post
    from bot.discord_app.delivery import Posted

    class MessengerDouble:
        def __init__(self) -> None:
            self.sent: list[str] = []

        async def public(self, interaction: Any, channel: str | None, build: Any, *, nonce: str | None = None,
                         channel_first: bool = False) -> Posted:
            text, _kwargs = build(True)
            self.sent.append(text)
            return Posted(message=object())

    async def scenario() -> list[str]:
        messenger = MessengerDouble()
        outbox = Outbox(messenger, delays=())  # type: ignore[arg-type]  # the double has Messenger's one route
        for text in ("turn 1", "turn 1 again", "turn 2"):
            key = "bot step of table 1 at version 2" if text.startswith("turn 1") else "bot step of table 1 at version 3"
            await outbox.post(CH, Post(lambda _p, t=text: (t, {}), text, 1, key=key))
        await outbox.post(CH, Post(lambda _p: ("no key", {}), "no key", 1))
        await outbox.drain()
        return messenger.sent

    assert run(scenario()) == ["turn 1", "turn 2", "no key"]


def test_an_expired_token_reaches_the_player_another_way_and_is_logged_once(
    store: Store, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    """One person and a bot; the move's interaction token expires right after the "thinking…"
    answer (401 50027 on every follow-up and edit) while the channel answers 503 a few times: the
    player's turn and the bot's still reach the channel (retried there), the player learns by
    direct message that the move counted, and the log says once that the token expired — not
    once per try of every post."""
    host = picture_host(store)

    async def scenario() -> None:
        async with wire(host, monkeypatch) as w:
            await open_table(w, humans=1, bots=1)
            assert to_act(host) == ANN
            payload = move_payload(host, ANN)
            for kind in ("followup", "edit_original"):
                w.fake.fail(kind, 401, 50027, interaction=int(payload["id"]))
            w.fake.fail("channel_post", 503, channel=CHANNEL, times=3)
            before = len(w.fake.public())
            caplog.clear()
            with caplog.at_level(logging.DEBUG, logger="bot"):
                answer = await w.send(payload)
            assert len(human_moves(host)) == 1 and bot_moves(host)
            posted = [m["content"] for m in w.fake.public()[before:]]
            assert any("Bot 1 (medium) (" in t for t in posted), posted  # the bot's turn reached the channel
            assert any("Played" in t or "Your move counted" in t for t in w.fake.dms.get(ANN, [])), w.fake.dms
            expired = [r.getMessage() for r in caplog.records if "50027" in r.getMessage()]
            assert len(expired) == 1, expired
            assert "token" in expired[0] and str(payload["id"]) in expired[0]
            assert_truthful(w, host, [answer], caplog)

    run(scenario())
