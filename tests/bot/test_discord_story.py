"""The story chart in Discord: posted after the final score, and in the replay viewer."""

from __future__ import annotations

import io
from typing import Any

import discord
import pytest
from discord_fakes import ANN, EVE, Commands, make_interaction, public, run, sent
from PIL import Image

from bot.app import compose
from bot.discord_app.components import StoryButton, replay_view
from bot.host import Host
from bot.store import Store

CH = "555"


def _buttons(view: discord.ui.View) -> list[Any]:
    return [item.item if hasattr(item, "item") else item for item in view.children]


def _all_bots(host: Host, game: str = "nippon", seed: int = 4) -> None:
    """Ann opens a table, seats two bots and gives her own seat to the second (a bots' game)."""
    assert host.new_table(CH, str(ANN), "Ann", game, {"players": 2}, seed).ok
    assert host.add_bot(CH, str(ANN), "medium").ok
    assert host.leave(CH, str(ANN)).ok
    assert host.add_bot(CH, str(ANN), "medium").ok


def _click(tables: Any, user: int, custom_id: str) -> Any:
    interaction = make_interaction(user, client=type("C", (), {"tables": tables})(),
                                   data={"custom_id": custom_id, "component_type": 2})

    async def go() -> None:
        match = StoryButton.__discord_ui_compiled_template__.fullmatch(custom_id)
        assert match is not None, custom_id
        item = await StoryButton.from_custom_id(interaction, discord.ui.Button(custom_id=custom_id), match)
        await item.callback(interaction)

    run(go())
    return interaction


@pytest.mark.slow
def test_the_story_follows_the_final_score_and_is_in_the_replay_viewer(store: Store) -> None:
    host = compose(store=store).host
    cmds = Commands(host)
    _all_bots(host)
    started = cmds.as_user("start", ANN)
    assert host.status(CH).data["status"] == "finished"
    posts = public(started)
    # After the final score comes the story: its title, three turning points, the chart.
    final, story = posts[-2], posts[-1]
    assert "how the game went" not in final.content
    lines = story.content.splitlines()
    assert lines[0] == "Nippon: how the game went" and len(lines) == 4
    assert [line[:3] for line in lines[1:]] == ["1. ", "2. ", "3. "]
    [chart] = story.files
    data = chart.fp.read()
    assert len(data) < 150_000 and Image.open(io.BytesIO(data)).width == 1100
    assert sum("how the game went" in p.content for p in posts) == 1
    # The replay viewer of a finished game offers the story, only to the clicker.
    viewer = cmds.as_user("replay", EVE)
    [answer] = [s for s in sent(viewer)]
    labels = [b.label for b in _buttons(answer.view)]
    assert "How the game went" in labels
    custom_id = next(b.custom_id for b in _buttons(answer.view) if b.label == "How the game went")
    clicked = _click(cmds.tables, EVE, custom_id)
    [shown] = sent(clicked)
    assert shown.ephemeral and shown.content.startswith("Nippon: how the game went")
    [chart] = shown.files
    image = Image.open(io.BytesIO(chart.fp.read()))
    assert image.width == 1100
    assert not public(clicked)


def test_the_story_button_only_for_finished_games() -> None:
    async def build() -> tuple[list[str], list[str]]:
        running = [b.label for b in _buttons(replay_view(3, 5, 5))]
        done = [b.custom_id for b in _buttons(replay_view(3, 5, 5, finished=True))]
        return running, done

    running, done = run(build())
    assert "How the game went" not in running
    assert "mt:story:3" in done and len(set(done)) == len(done)


def test_the_story_of_a_running_game_is_refused_privately(store: Store) -> None:
    host = compose(store=store).host
    cmds = Commands(host)
    assert host.new_table(CH, "u1", "Ann", "nippon", {"players": 2}, 3).ok
    assert host.join(CH, "u2", "Bob").ok and host.start(CH, "u1").ok
    table_id = host.status(CH).data["table_id"]
    before = host.status(CH).version
    clicked = _click(cmds.tables, EVE, f"mt:story:{table_id}")
    [answer] = sent(clicked)
    assert answer.ephemeral and "over" in answer.content
    assert host.status(CH).version == before


@pytest.mark.slow
def test_the_story_chart_follows_the_final_score_in_the_bot_meiji_run_builds(
    store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Through discord.py against the fake Discord, with the bot composed exactly as ``meiji run``
    composes it (:func:`bot.app.compose`, :func:`bot.discord_app.client.discord_bot`): a finished
    game's final score is followed by the story chart, attached as a picture."""
    import asyncio

    from discord_wire import command_payload, wire

    app = compose(store=store)

    async def scenario() -> list[dict[str, Any]]:
        async with wire(app, monkeypatch) as w:
            await w.send(command_payload("game", {"game": "nippon", "players": 2}, sub="new"))
            await w.send(command_payload("game", {"level": "medium"}, sub="add-bot"))
            await w.send(command_payload("game", {}, sub="leave"))
            await w.send(command_payload("game", {"level": "medium"}, sub="add-bot"))
            await w.send(command_payload("game", {}, sub="start"))
            for _ in range(200):  # the bots' loop plays the game to its end
                if app.host.status(str(CHANNEL)).data["status"] == "finished":
                    break
                await asyncio.sleep(0.05)
                await w.settle()
            await w.settle()
            return w.fake.public()

    from discord_wire import CHANNEL

    posts = run(scenario())
    assert app.host.status(str(CHANNEL)).data["status"] == "finished"
    titles = [i for i, p in enumerate(posts) if p["content"].startswith("Nippon: how the game went")]
    assert len(titles) == 1, [p["content"][:60] for p in posts[-4:]]
    story = posts[titles[0]]
    final = posts[titles[0] - 1]
    assert "Final result:" in final["content"], final["content"][:200]
    assert [a["filename"].endswith(".png") for a in story["attachments"]] == [True]
    assert story is posts[-1]
