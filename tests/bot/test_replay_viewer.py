"""The replay viewer (``Host.replay``, ``/game replay``), the turn and final-score pictures the Host
posts, the "Full board" button, ``/game export`` and ``meiji replay FILE --pictures DIR``."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any
from unittest.mock import AsyncMock

import discord
from discord_fakes import (
    ANN,
    BOB,
    CH,
    EVE,
    Commands,
    assert_accepted,
    make_interaction,
    run,
)
from discord_fakes import sent as answers_of
from fakegame import DiceRace
from hosthelpers import play_to_end
from PIL import Image
from renderer_doubles import FunctionRendererDouble

from bot.__main__ import main
from bot.discord_app.commands import TableCommands
from bot.discord_app.components import REPLAY_STEPS, BoardButton, ReplayButton, replay_view
from bot.host import Host, effective_moves
from bot.store import CHOICE, Store
from engine.core import register, replay
from render import PICTURES
from tests.robustness.secretgame import GAME as SECRET

register(DiceRace())
register(SECRET)


class ViewPicturesRendererDouble:
    """A renderer double (``bot.host.Renderer``) whose pictures carry what they were drawn from: the board's bytes are the view
    as JSON, the turn picture's alt text the view and the move shown, the final picture's ``final``."""

    def board(self, game: str, view: dict[str, Any]) -> tuple[bytes, str]:
        return json.dumps(view, sort_keys=True).encode(), "board " + json.dumps(view)

    def story(self, game: str, view: dict[str, Any], told: Any, *, names: Any, title: str,
              marks: Any) -> tuple[bytes, str]:
        return b"story", "story " + json.dumps(view)

    def turn(self, game: str, view: dict[str, Any], last: dict[str, Any] | None = None) -> tuple[bytes, str]:
        return b"turn", "turn " + json.dumps({"view": view, "last": last})

    def final(self, game: str, view: dict[str, Any]) -> tuple[bytes, str]:
        return b"final", "final " + json.dumps(view)


def to_act(host: Host, channel: str = CH) -> str:
    """The user id (as the Host knows it) whose turn it is."""
    return str(host.status(channel).data["to_act"])


def _step(host: Host, channel: str = CH) -> None:
    """Play one move of the dice race: spend a pip when possible, else bank."""
    user = to_act(host, channel)
    choices = [n for n, _ in host.legal(channel, user).choices]
    assert host.move(channel, user, "move 1" if "move 1" in choices else "bank").ok


def _dice(host: Host, channel: str = CH, seed: int = 7) -> None:
    assert host.new_table(channel, str(ANN), "Ann", "dicerace", {"players": 2}, seed).ok
    assert host.join(channel, str(BOB), "Bob").ok
    assert host.start(channel, str(ANN)).ok


def _notations(host: Host, channel: str = CH) -> tuple[Any, list[Any]]:
    with host.store.unit_of_work(write=False) as repo:
        table = repo.active_table(channel)
        assert table is not None
        return table, effective_moves(repo.moves(table.id))


# ---------------------------------------------------------------------------------------------
# Pictures posted by the Host
# ---------------------------------------------------------------------------------------------
def test_moves_post_the_turn_picture_with_the_move_and_its_public_events(store: Store) -> None:
    host = Host(store, render=ViewPicturesRendererDouble())
    _dice(host)
    user = to_act(host)
    seat = host.status(CH).data["to_act_seat"]
    reply = host.move(CH, user, "move 1")
    assert reply.ok and reply.png == b"turn"
    drawn = json.loads(reply.alt.removeprefix("turn "))
    assert drawn["last"]["move"] == "move 1" and drawn["last"]["seat"] == seat
    assert drawn["last"]["events"] and all({"kind", "seat", "text", "data"} <= set(e) for e in drawn["last"]["events"])
    assert drawn["view"] == json.loads(host.board(CH).png)  # the spectator's view of the new position


def test_start_and_undo_post_the_turn_picture(store: Store) -> None:
    host = Host(store, render=ViewPicturesRendererDouble())
    assert host.new_table(CH, str(ANN), "Ann", "dicerace", {"players": 2}, 7).ok
    assert host.join(CH, str(BOB), "Bob").ok
    started = host.start(CH, str(ANN))
    assert started.png == b"turn" and json.loads(started.alt.removeprefix("turn "))["last"] is None
    user = to_act(host)
    assert host.move(CH, user, "move 1").ok
    undone = host.undo(CH, user)
    assert undone.ok and undone.png == b"turn"
    last = json.loads(undone.alt.removeprefix("turn "))["last"]
    assert last["move"] == "took back 'move 1'" and last["events"] == []


def test_the_last_move_posts_the_final_score_picture(store: Store) -> None:
    host = Host(store, render=ViewPicturesRendererDouble())
    _dice(host)
    last = None
    for _ in range(2000):
        data = host.status(CH).data
        if data["status"] != "running":
            break
        user = data["to_act"]
        choices = [n for n, _ in host.legal(CH, user).choices]
        last = host.move(CH, user, "move 1" if "move 1" in choices else "bank")
    assert last is not None and last.ok and last.data["finished"]
    assert last.png == b"final" and last.alt.startswith("final ")


def test_a_renderer_without_turn_pictures_posts_the_board(store: Store) -> None:
    calls: list[str] = []

    def board_only(game: str, view: dict[str, Any]) -> bytes:
        calls.append(game)
        return b"board"

    host = Host(store, render=FunctionRendererDouble(board_only))
    _dice(host)
    assert host.move(CH, to_act(host), "move 1").png == b"board" and calls


def test_a_failing_turn_picture_falls_back_to_the_board(store: Store) -> None:
    class Broken(ViewPicturesRendererDouble):
        def turn(self, game: str, view: dict[str, Any], last: dict[str, Any] | None = None) -> tuple[bytes, str]:
            raise RuntimeError("boom")

    host = Host(store, render=Broken())
    _dice(host)
    reply = host.move(CH, to_act(host), "move 1")
    assert reply.ok and reply.alt.startswith("board ")


# ---------------------------------------------------------------------------------------------
# Host.replay
# ---------------------------------------------------------------------------------------------
def test_replay_positions_rebuild_the_game_move_by_move(store: Store) -> None:
    host = Host(store, render=ViewPicturesRendererDouble())
    _dice(host)
    for _ in range(7):
        _step(host)
    table, effective = _notations(host)
    choices = [i for i, m in enumerate(effective) if m.kind == CHOICE]
    latest = host.replay(CH, str(EVE))
    assert latest.ok and latest.data["count"] == len(choices) == latest.data["position"]
    # the latest board of the replay is the current board
    assert host.replay(CH, str(EVE), board=True).png == host.board(CH).png
    for position in range(len(choices) + 1):
        reply = host.replay(CH, str(EVE), table.id, position, board=True)
        end = choices[position] if position < len(choices) else len(effective)
        state = replay(DiceRace(), table.options, table.seed, [m.notation for m in effective[:end]])
        assert json.loads(reply.png) == json.loads(json.dumps(DiceRace().view(state, None), sort_keys=True))
        assert reply.data["position"] == position
        if position:
            assert reply.data["move"].endswith(effective[choices[position - 1]].notation)
            turn = json.loads(host.replay(CH, str(EVE), table.id, position).alt.removeprefix("turn "))
            assert turn["last"]["move"] == effective[choices[position - 1]].notation
    assert host.replay(CH, str(EVE), table.id, 10_000).data["position"] == len(choices)  # beyond the end: the end
    assert host.replay(CH, str(EVE), table.id, -1).data["position"] == len(choices)
    assert host.replay(CH, str(EVE), table.id, -2).data["position"] == len(choices) - 1


def test_replay_skips_undone_steps(store: Store) -> None:
    host = Host(store, render=ViewPicturesRendererDouble())
    _dice(host)
    user = to_act(host)
    assert host.move(CH, user, "move 1").ok
    assert host.undo(CH, user).ok
    assert host.replay(CH, user).data["count"] == 0
    assert host.move(CH, user, "bank").ok
    assert host.replay(CH, user).data["move"].endswith("bank")


def test_replay_of_a_finished_game_and_of_an_earlier_table(store: Store) -> None:
    host = Host(store, render=ViewPicturesRendererDouble())
    _dice(host)
    first = host.status(CH).data["table_id"]
    play_to_end(host, CH)
    end = host.replay(CH, str(EVE), first)
    assert end.ok and end.png == b"final" and end.data["status"] == "finished"
    _dice(host, seed=8)  # a new table in the same channel: the old one can still be replayed
    assert host.replay(CH, str(EVE), first, 1).ok
    assert host.replay(CH, str(EVE)).data["table_id"] != first


def test_replay_refusals_change_nothing(store: Store) -> None:
    host = Host(store, render=ViewPicturesRendererDouble())
    assert not host.replay(CH, str(ANN)).ok  # no table at all
    assert host.new_table(CH, str(ANN), "Ann", "dicerace", {"players": 2}, 7).ok
    refused = host.replay(CH, str(ANN))
    assert not refused.ok and "has not started" in refused.private
    assert host.join(CH, str(BOB), "Bob").ok and host.start(CH, str(ANN)).ok
    table_id = host.status(CH).data["table_id"]
    other = host.replay("another-channel", str(ANN), table_id)
    assert not other.ok and f"no table #{table_id} in this channel" in other.private
    assert not host.replay(CH, str(ANN), 999_999).ok
    assert host.status(CH).version == host.replay(CH, str(ANN)).version


def test_replay_never_shows_another_players_hidden_cards(store: Store) -> None:
    host = Host(store, render=ViewPicturesRendererDouble())
    assert host.new_table("sec", "ann", "Ann", SECRET.name, {"players": 2, "target": 30, "modules": ["cards"]}, 5).ok
    assert host.join("sec", "bob", "Bob").ok and host.start("sec", "ann").ok
    for _ in range(40):
        data = host.status("sec").data
        if data["status"] != "running":
            break
        user = data["to_act"]
        hand = host.hand("sec", user)
        notation = hand.choices[0][0] if hand.choices else host.legal("sec", user).choices[0][0]
        assert host.move("sec", user, notation).ok
    table_id = host.status("sec").data["table_id"]
    with host.store.unit_of_work(write=False) as repo:
        table = repo.table(table_id)
        moves = effective_moves(repo.moves(table_id))
    starts = [i for i, m in enumerate(moves) if m.kind == CHOICE]
    count = host.replay("sec", "eve").data["count"]
    assert count == len(starts) > 5
    for position in range(count + 1):
        cut = starts[position] if position < count else len(moves)
        state = replay(SECRET, table.options, table.seed or 0, [m.notation for m in moves[:cut]])
        cards = [c for v in state.secrets for c in (v + 100000, v + 200000)]
        public = json.dumps(SECRET.view(state, None))
        hidden = [c for c in cards if str(c) not in public]
        for board in (False, True):
            stranger = host.replay("sec", "eve", table_id, position, board=board)
            blob = f"{stranger.alt} {stranger.private} {stranger.png.decode()}"
            assert [c for c in hidden if str(c) in blob] == [], position
        # a player of the table sees their own seat's view
        mine = host.replay("sec", "ann", table_id, position, board=True)
        assert json.loads(mine.png) == json.loads(json.dumps(SECRET.view(state, 0), sort_keys=True))


# ---------------------------------------------------------------------------------------------
# Discord
# ---------------------------------------------------------------------------------------------
def _buttons(view: discord.ui.View | None) -> list[discord.ui.Button]:
    """The buttons of a message's components (dynamic items unwrapped)."""
    items = [getattr(c, "item", c) for c in (view.children if view is not None else [])]
    return [i for i in items if isinstance(i, discord.ui.Button)]


def _click(tables: TableCommands, user: int, custom_id: str, cls: type) -> Any:
    interaction = make_interaction(user, client=type("C", (), {"tables": tables})(),
                                   data={"custom_id": custom_id, "component_type": 2})
    interaction.edit_original_response = AsyncMock()

    async def go() -> None:
        match = cls.__discord_ui_compiled_template__.fullmatch(custom_id)
        assert match is not None, custom_id
        item = await cls.from_custom_id(interaction, discord.ui.Button(custom_id=custom_id), match)
        await item.callback(interaction)

    run(go())
    return interaction


def test_game_replay_opens_an_ephemeral_viewer_that_steps(store: Store) -> None:
    host = Host(store, render=ViewPicturesRendererDouble())
    cmds = Commands(host)
    _dice(host)
    for _ in range(12):
        _step(host)
    count = host.replay(CH, str(EVE)).data["count"]
    [sent] = answers_of(cmds.as_user("replay", EVE))
    assert sent.ephemeral and f"position {count} of {count}" in sent.content
    labels = [c.label for c in _buttons(sent.view)]
    assert labels[:6] == [label for _key, label, _step in REPLAY_STEPS] and labels[6] == "Full board"
    ids = {c.label: c.custom_id for c in _buttons(sent.view)}
    assert [c.disabled for c in _buttons(sent.view)][3:6] == [True, True, True]  # at the end: no way forward
    back = _click(cmds.tables, EVE, ids["−10"], ReplayButton)
    shown = back.edit_original_response.call_args.kwargs
    assert f"position {count - 10} of {count}" in shown["content"] and shown["attachments"]
    forward = [c for c in _buttons(shown["view"]) if c.label == "+1 ▶"][0]
    step = _click(cmds.tables, EVE, forward.custom_id, ReplayButton).edit_original_response.call_args.kwargs
    assert f"position {count - 9} of {count}" in step["content"]
    switch = [c for c in _buttons(step["view"]) if c.label == "Full board"][0]
    full = _click(cmds.tables, EVE, switch.custom_id, ReplayButton).edit_original_response.call_args.kwargs
    assert [c.label for c in _buttons(full["view"])][-1] == "Turn picture"
    first = _click(cmds.tables, EVE, ids["⏮"], ReplayButton).edit_original_response.call_args.kwargs
    assert f"position 0 of {count}" in first["content"]


def test_replay_view_buttons_are_restart_proof_and_bounded() -> None:
    view = replay_view(12, 0, 3)
    ids = [c.custom_id for c in _buttons(view)]
    assert len(set(ids)) == len(ids) and all(len(i) <= 100 for i in ids)
    assert [c.disabled for c in _buttons(view)][:3] == [True, True, True]  # at the start: no way back
    for custom_id in ids:
        assert ReplayButton.__discord_ui_compiled_template__.fullmatch(custom_id)


def test_replay_step_of_a_table_elsewhere_is_refused(store: Store) -> None:
    host = Host(store, render=ViewPicturesRendererDouble())
    cmds = Commands(host)
    _dice(host, channel="elsewhere")
    table_id = host.status("elsewhere").data["table_id"]
    refused = _click(cmds.tables, EVE, f"mt:rp:{table_id}:0:0:f", ReplayButton)
    [answer] = answers_of(refused)
    assert answer.ephemeral and f"There is no table #{table_id} in this channel" in answer.content
    refused.edit_original_response.assert_not_awaited()


def test_turn_messages_carry_a_full_board_button_that_answers_privately(store: Store) -> None:
    host = Host(store, render=ViewPicturesRendererDouble())
    cmds = Commands(host)
    assert host.new_table(CH, str(ANN), "Ann", "dicerace", {"players": 2}, 7).ok
    assert host.join(CH, str(BOB), "Bob").ok
    message = assert_accepted(cmds.as_user("start", ANN))
    [button] = [c for c in _buttons(message.view) if c.label == "Full board"]
    board = _click(cmds.tables, EVE, button.custom_id, BoardButton)
    [answer] = [c for c in board.followup.send.call_args_list]
    assert answer.kwargs["ephemeral"] is True
    [picture] = answer.kwargs["files"]
    assert picture.fp.read() == host.board(CH).png
    # /game board is the board itself: no second "Full board" button under it
    again = assert_accepted(cmds.as_user("board", EVE))
    assert not [c for c in _buttons(again.view) if c.label == "Full board"]


def test_game_export_attaches_the_log_as_json_and_text(store: Store) -> None:
    host = Host(store, render=ViewPicturesRendererDouble())
    cmds = Commands(host)
    _dice(host)
    for _ in range(3):
        _step(host)
    [sent] = answers_of(cmds.as_user("export", EVE))
    assert sent.ephemeral
    files = {f.filename: f for f in sent.files}
    table_id = host.status(CH).data["table_id"]
    data = json.loads(files[f"meiji-table-{table_id}.json"].fp.read())
    assert data == host.export(CH).data
    lines = files[f"meiji-table-{table_id}.txt"].fp.read().decode().splitlines()
    assert lines[0].startswith("# dicerace · running") and len(lines) == 1 + len(data["moves"])
    assert [line.split()[-1] for line in lines[1:]] == [m["notation"].split()[-1] for m in data["moves"]]


# ---------------------------------------------------------------------------------------------
# meiji replay FILE --pictures DIR
# ---------------------------------------------------------------------------------------------
def test_cli_replay_writes_every_board_and_turn_picture(store: Store, tmp_path: Path) -> None:
    host = Host(store)
    assert host.new_table(CH, str(ANN), "Ann", "zaibatsu", {"players": 2}, 4).ok
    assert host.join(CH, str(BOB), "Bob").ok and host.start(CH, str(ANN)).ok
    for _ in range(3):
        user = to_act(host)
        assert host.move(CH, user, host.legal(CH, user).choices[0][0]).ok
    export = tmp_path / "game.json"
    export.write_text(json.dumps(host.export(CH).data))
    out = tmp_path / "pictures"
    assert main(["replay", str(export), "--pictures", str(out)]) == 0
    names = sorted(p.name for p in out.iterdir())
    count = host.replay(CH, str(EVE)).data["count"]
    assert names == sorted([f"{i:03d}-board.png" for i in range(count + 1)] + [f"{i:03d}-turn.png" for i in range(count + 1)])
    with Image.open(out / f"{count:03d}-board.png") as board:
        assert board.width == 1400
    with Image.open(out / f"{count:03d}-turn.png") as turn:
        assert turn.width == 1100
    assert (out / f"{count:03d}-board.png").read_bytes() == PICTURES.board("zaibatsu", _zaibatsu_view(host))[0]


def _zaibatsu_view(host: Host) -> dict[str, Any]:
    with host.store.unit_of_work(write=False) as repo:
        table = repo.active_table(CH)
        moves = effective_moves(repo.moves(table.id))
    from engine.core import get_game

    game = get_game("zaibatsu")
    return game.view(replay(game, table.options, table.seed, [m.notation for m in moves]), None)


def test_cli_replay_pictures_refuses_an_unwritable_folder(tmp_path: Path, capsys: Any) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("x")
    export = tmp_path / "game.json"
    export.write_text(json.dumps({"game": "zaibatsu", "options": {"players": 2}, "seed": 4, "moves": []}))
    assert main(["replay", str(export), "--pictures", str(blocker / "sub")]) != 0
    assert "cannot create" in capsys.readouterr().err
