"""The post-game review in Discord: ``/game review`` (ephemeral, the caller's own seat, one button
per key moment opening the replay viewer there) and "Your key moments" in the replay viewer."""

from __future__ import annotations

from typing import Any

import discord
import pytest
from discord_fakes import ANN, EVE, Commands, run, sent
from discord_wire import CHANNEL, click_payload, command_payload, wire

from bot.app import compose
from bot.discord_app.components import ReviewButton, replay_view, review_view
from bot.host import Host
from bot.store import Store

CH = str(CHANNEL)


def _finished(host: Host) -> int:
    """Ann against a medium bot in a dice race to 10, Ann banking at once every turn; the table id."""
    assert host.new_table(CH, str(ANN), "Ann", "dicerace", {"players": 2, "target": 10}, 5).ok
    assert host.add_bot(CH, str(ANN), "medium").ok
    assert host.start(CH, str(ANN)).ok
    for _step in range(400):
        data = host.status(CH).data
        if data.status != "running":
            return data.table_id
        if data.to_act == str(ANN):
            choices = host.legal(CH, str(ANN)).choices
            assert host.move(CH, str(ANN), choices[-1][0]).ok
        else:
            host.play_bots(CH)
    raise AssertionError("the game did not end")


def _buttons(view: discord.ui.View | None) -> list[Any]:
    return [] if view is None else [item.item if hasattr(item, "item") else item for item in view.children]


def test_game_review_answers_the_caller_alone_with_a_button_per_moment(store: Store) -> None:
    host = compose(store=store).host
    table = _finished(host)
    cmds = Commands(host)
    asked = cmds.as_user("review", ANN)
    [answer] = sent(asked)
    assert answer.ephemeral and answer.content.startswith("dicerace: your key moments")
    moments = host.review(CH, str(ANN)).data.moments
    assert moments and answer.content.count(" more winning chance.") == len(moments)
    buttons = _buttons(answer.view)
    # One button per moment, each opening the replay viewer at the board of that decision.
    assert [b.custom_id for b in buttons] == [f"mt:rp:{table}:{m['position']}:0:{k}"
                                              for m, k in zip(moments, ("ma", "mb", "mc"), strict=False)]
    assert all(b.label.startswith(("①", "②", "③")) and "Move " in b.label for b in buttons)
    # Somebody who did not play is told so, privately; nothing is posted.
    [refused] = sent(cmds.as_user("review", EVE))
    assert refused.ephemeral and "did not play" in refused.content


def test_the_replay_viewer_of_a_finished_game_offers_the_review() -> None:
    async def build() -> tuple[list[str], list[str], list[str]]:
        running = [b.custom_id for b in _buttons(replay_view(3, 5, 5))]
        done = [b.custom_id for b in _buttons(replay_view(3, 5, 5, finished=True))]
        moments = [b.label for b in _buttons(review_view(3, [(4, "Round 2"), (9, "Round 5")]))]
        return running, done, moments

    running, done, moments = run(build())
    assert "mt:review:3" not in running and "mt:review:3" in done and len(set(done)) == len(done)
    assert moments == ["① Round 2", "② Round 5"]
    assert ReviewButton.__discord_ui_compiled_template__.fullmatch("mt:review:3")


def test_game_review_through_discord_py_and_a_jump_to_a_moment(store: Store, monkeypatch: pytest.MonkeyPatch) -> None:
    """Through discord.py against the fake Discord, the bot composed as ``meiji run`` composes it:
    ``/game review`` is answered ephemerally (computed in a worker thread); a moment's button turns
    the message into the replay viewer at that board."""
    app = compose(store=store)
    table = _finished(app.host)
    moments = app.host.review(CH, str(ANN)).data.moments
    assert moments

    async def scenario() -> tuple[list[str], list[str], list[str]]:
        async with wire(app, monkeypatch) as w:
            asked = await w.send(command_payload("game", {}, sub="review"))
            await w.settle()
            message = {"id": "1", "channel_id": CH, "author": {"id": "4242", "username": "Meiji Table",
                       "discriminator": "0", "avatar": None}, "content": "", "timestamp": "2025-01-01T00:00:00+00:00",
                       "edited_timestamp": None, "tts": False, "mention_everyone": False, "mentions": [],
                       "mention_roles": [], "attachments": [], "embeds": [], "pinned": False, "type": 0, "flags": 64,
                       "components": []}
            position = moments[0]["position"]
            jumped = await w.send(click_payload(f"mt:rp:{table}:{position}:0:ma", message))
            await w.settle()
            return asked.private, jumped.private, w.fake.texts()

    told, jumped, public_texts = run(scenario())
    assert any(t.startswith("dicerace: your key moments") for t in told), told
    assert not any("your key moments" in t for t in public_texts)
    assert not any("went wrong" in t for t in jumped), jumped
