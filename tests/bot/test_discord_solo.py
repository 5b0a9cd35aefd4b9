"""``/solo`` in Discord: a DM with the bot (no guild) or a server channel, Takatoshi's narrated turns."""

from __future__ import annotations

import random
import re
from types import SimpleNamespace
from typing import Any

import discord
import pytest
from discord import app_commands
from discord_fakes import (
    ANN,
    BOB,
    CH,
    DM_ANN,
    DM_BOB,
    EVE,
    GUILD,
    Commands,
    Sent,
    assert_accepted,
    assert_refused,
    make_interaction,
    private,
    public,
    run,
    snapshot_db,
    started_dice,
)
from renderer_doubles import FixedPictureRendererDouble, composed

from bot.discord_app.client import MeijiBot
from bot.discord_app.components import ChoiceButton, turn_options
from bot.discord_app.solo import OPPONENT_MARK, goal_check, solo_message
from bot.host import Host, Reply
from bot.host.data import StepData
from bot.store import Store
from engine.core import CHANCE, get_game

try:
    get_game("zaibatsu")
except Exception as exc:  # the game is developed alongside; its absence is not an adapter failure
    pytest.skip(f"zaibatsu not loadable: {exc}", allow_module_level=True)

DM = str(DM_ANN)


@pytest.fixture
def cmds(host: Host) -> Commands:
    """Commands over the test Host (no pictures)."""
    return Commands(host)


def start_solo(cmds: Commands, difficulty: str = "easy", seed: int = 3) -> Sent:
    """Ann starts a solo game in her DM (a fixed seed for repeatable games)."""
    real = cmds.host.solo

    def seeded(*args: Any, **kwargs: Any) -> Reply:
        return real(*args[:5], seed, **kwargs)

    cmds.host.solo = seeded  # type: ignore[method-assign]  # the command itself never passes a seed
    try:
        return assert_accepted(cmds.in_dm("solo new", difficulty=difficulty))
    finally:
        del cmds.host.solo


def actor_choices(host: Host, channel: str = DM) -> list[str]:
    """Ann's legal moves."""
    return [n for n, _ in host.legal(channel, str(ANN)).choices]


def play_until_takatoshi_moves(cmds: Commands, limit: int = 60) -> Any:
    """Play Ann's first choices through /move in the DM until a reply narrates Takatoshi's turn."""
    for _ in range(limit):
        move = actor_choices(cmds.host)[0]
        message = assert_accepted(cmds.in_dm("move", action=move))
        if OPPONENT_MARK in message.content:
            return message, move
    raise AssertionError("Takatoshi never moved")


# ---------------------------------------------------------------------------------------------
# The command group
# ---------------------------------------------------------------------------------------------
def test_solo_group_is_allowed_in_dms_and_installs(host: Host) -> None:
    async def build() -> MeijiBot:
        return MeijiBot(host)

    bot = run(build())
    group = bot.tree.get_command("solo")
    assert isinstance(group, app_commands.Group)
    assert sorted(c.name for c in group.commands) == ["abandon", "board", "export", "hand", "log", "new", "replay", "review",
                                                      "status", "undo"]
    payload = group.to_dict(bot.tree)
    assert sorted(payload["contexts"]) == [0, 1, 2]  # guild, bot DM, private channel
    assert sorted(payload["integration_types"]) == [0, 1]  # guild install and user install
    assert payload.get("dm_permission", True) is True
    new = next(o for o in payload["options"] if o["name"] == "new")
    options = {o["name"]: o for o in new["options"]}
    assert sorted(options) == ["bots", "difficulty", "game", "level"]
    assert not any(o.get("required") for o in options.values())  # the default: the automa game, medium
    assert [c["value"] for c in options["difficulty"]["choices"]] == ["easy", "medium", "hard"]
    assert [c["value"] for c in options["level"]["choices"]] == ["easy", "medium", "hard"]
    assert (options["bots"]["min_value"], options["bots"]["max_value"]) == (1, 3)


# ---------------------------------------------------------------------------------------------
# /solo new
# ---------------------------------------------------------------------------------------------
def test_solo_new_in_a_dm_starts_a_game_in_that_dm(cmds: Commands, host: Host) -> None:
    message = start_solo(cmds, "hard")
    assert message.content.startswith("The Nippon: Zaibatsu solo game has started.")
    assert "Ann (purple) to play:" in message.content
    # The set-up is told in a few lines; were it cut, the hint would name the DM's command.
    assert len(message.content) <= 2000
    assert "see /game log" not in message.content
    assert message.view is not None and message.view.children  # the start-tile pairs as buttons
    data = host.status(DM).data
    assert data is not None and data.status == "running" and data.solo is True
    assert data.options == {"difficulty": "hard", "players": 1}
    assert data.to_act == str(ANN) and [p["user"] for p in data.players] == [str(ANN)]
    with host.store.unit_of_work(write=False) as repo:
        table = repo.active_table(DM)
    assert table is not None and table.guild is None
    assert table.board_url and table.board_url.startswith(f"https://discord.com/channels/@me/{DM_ANN}/")
    ack = private(cmds.in_dm("solo status"))[0].content
    assert "difficulty hard" in ack and f"<@{ANN}>" in ack


def test_second_solo_game_in_the_same_dm_is_refused_with_a_link(cmds: Commands, host: Host, store: Store) -> None:
    start_solo(cmds)
    url = host.status(DM).data.board_url
    before = snapshot_db(store)
    text = assert_refused(cmds.in_dm("solo new", difficulty="medium"), "already running here", "table #1")
    assert f"Latest board: {url}" in text
    assert snapshot_db(store) == before
    # another DM is another channel: Bob may play his own game at the same time
    assert_accepted(cmds.in_dm("solo new", user_id=BOB, channel_id=DM_BOB, difficulty="easy"))
    assert host.status(str(DM_BOB)).data.to_act == str(BOB)


@pytest.mark.parametrize("difficulty", ["nightmare", "", "EASY ", "x" * 500])
def test_bad_difficulty_is_refused(cmds: Commands, store: Store, difficulty: str) -> None:
    before = snapshot_db(store)
    inter = cmds.in_dm("solo new", difficulty=difficulty)
    if difficulty.strip().lower() == "easy":  # case and spaces are forgiven
        assert_accepted(inter)
        return
    assert_refused(inter, "choose a difficulty", "easy, medium, hard")
    assert snapshot_db(store) == before


def test_the_engine_refusal_reaches_the_player(cmds: Commands, store: Store, monkeypatch: pytest.MonkeyPatch) -> None:
    """A difficulty the adapter lets through but the engine refuses is explained, nothing saved."""
    monkeypatch.setattr("bot.discord_app.commands.solo_group.DIFFICULTIES", ("easy", "medium", "hard", "insane"))
    before = snapshot_db(store)
    assert_refused(cmds.in_dm("solo new", difficulty="insane"), "difficulty is easy, medium or hard")
    assert snapshot_db(store) == before


def test_solo_new_in_a_server_channel_with_a_table_is_refused(cmds: Commands, host: Host, store: Store) -> None:
    started_dice(host)
    before = snapshot_db(store)
    text = assert_refused(cmds.call("solo new", make_interaction(EVE), difficulty="easy"), "already running here")
    assert f"https://discord.com/channels/{GUILD}/{CH}" in text
    assert snapshot_db(store) == before


def test_solo_in_a_server_channel_only_the_player_moves(cmds: Commands, host: Host, store: Store) -> None:
    assert_accepted(cmds.call("solo new", make_interaction(ANN), difficulty="medium"))
    assert host.status(CH).data.solo is True
    before = snapshot_db(store)
    move = actor_choices(host, CH)[0]
    assert_refused(cmds.call("move", make_interaction(BOB), action=move), "not playing")
    assert snapshot_db(store) == before
    assert_accepted(cmds.call("move", make_interaction(ANN), action=move))


# ---------------------------------------------------------------------------------------------
# Playing in the DM
# ---------------------------------------------------------------------------------------------
def test_move_in_a_dm_without_a_game_is_refused(cmds: Commands, store: Store) -> None:
    before = snapshot_db(store)
    assert_refused(cmds.in_dm("move", action="pair 1"), "no game in this channel", "/solo new")
    assert_refused(cmds.in_dm("solo board"), "no game", "/solo new")
    assert_refused(cmds.in_dm("solo undo"), "no game", "/solo new")
    assert_refused(cmds.in_dm("solo abandon"), "no game", "/solo new")
    assert_refused(cmds.in_dm("solo status"), "no game", "/solo new")
    assert snapshot_db(store) == before
    assert run(cmds.tables.move_autocomplete(make_interaction(ANN, channel_id=DM_ANN, guild_id=None), "")) == []


def test_takatoshi_moves_after_the_player_and_is_narrated_in_one_line_per_turn(cmds: Commands, host: Host) -> None:
    start_solo(cmds)
    message, move = play_until_takatoshi_moves(cmds)
    lines = message.content.split("\n")
    # the account of Ann's whole turn under her name (sentences, not the notation), then his turns
    assert lines[0] == "**Ann (purple)**" and f": {move}" not in message.content
    automa = [line for line in lines if line.startswith(OPPONENT_MARK)]
    assert automa and all(line == f"{OPPONENT_MARK} **Takatoshi**" for line in automa)
    # one account per turn: each of his turns is one revealed action tile (a chance entry "~AT…")
    data = host.export(DM).data
    last_choice = max(m["seq"] for m in data.moves if m["kind"] == "choice")
    tiles = [m for m in data.moves if m["seq"] > last_choice and m["notation"].startswith("~AT")]
    assert len(automa) == len(tiles) >= 1
    assert "Ann (purple) to play:" in lines[-1] or lines[-1].startswith("**")
    assert not any("~" in line for line in lines)  # chance outcomes are told in words, never as notation
    assert host.status(DM).data.to_act == str(ANN)  # it is Ann's turn again


def test_buttons_work_in_the_dm(cmds: Commands, host: Host) -> None:
    start_solo(cmds)
    opts = turn_options(host, DM)
    assert opts is not None and opts.user_id == str(ANN)
    client = SimpleNamespace(tables=cmds.tables)
    inter = make_interaction(ANN, channel_id=DM_ANN, guild_id=None, client=client)

    async def click() -> None:
        button = ChoiceButton(opts.table_id, opts.version, 0, opts.choices[0][0])
        await button.callback(inter)

    run(click())
    message = assert_accepted(inter)
    assert message.content.startswith("**Ann (purple)**\n")
    assert host.status(DM).version == opts.version + 1 or host.status(DM).version > opts.version  # type: ignore[operator]


def test_solo_board_status_log_undo_and_abandon_in_the_dm(cmds: Commands, host: Host) -> None:
    start_solo(cmds)
    board = assert_accepted(cmds.in_dm("solo board"))
    assert board.content.startswith("Nippon: Zaibatsu — ")
    [log] = private(cmds.in_dm("solo log", n=5))
    assert "Demand tile" in log.content and "```" not in log.content  # the set-up's account, in words
    for _ in range(40):  # find a step that can be taken back (inside Ann's turn)
        move = actor_choices(host)[0]
        assert_accepted(cmds.in_dm("move", action=move))
        inter = cmds.in_dm("solo undo")
        if public(inter):
            assert f"took back '{move}'" in public(inter)[0].content
            break
    else:
        pytest.fail("no step could be undone")
    refused = assert_refused(cmds.in_dm("solo abandon", user_id=EVE, channel_id=DM_ANN), "only the table's creator")
    assert "admin" in refused
    assert "abandoned" in assert_accepted(cmds.in_dm("solo abandon")).content
    assert host.status(DM).data.status == "abandoned"
    start_solo(cmds)  # the DM is free again


@pytest.mark.slow
def test_a_whole_solo_game_ends_with_the_goal_check(cmds: Commands, host: Host) -> None:
    start_solo(cmds, "easy", seed=3)
    rng = random.Random(1)
    message = None
    for _ in range(400):
        if host.status(DM).data.status != "running":
            break
        interaction = cmds.in_dm("move", action=rng.choice(actor_choices(host)))
        if host.status(DM).data.status == "running":
            message = assert_accepted(interaction)
        else:  # the last move: the goal check, then the story of the game (its VP turn by turn)
            final, story = public(interaction)
            assert story.content.startswith("Nippon: Zaibatsu: how the game went")
            message = final
    assert message is not None and host.status(DM).data.status == "finished"
    text = message.content
    assert "**The game is over.**" in text and "Solo goals:" in text
    goals = re.findall(r"^(✅|❌) (.+) — (met|not met)$", text, re.M)
    result = host.export(DM).data
    assert goals and result is not None
    won = "🏆 You win" in text
    assert won or "You lose: not every solo goal was met." in text
    assert all((mark == "✅") == (state == "met") for mark, _, state in goals)
    assert not re.search(r"^Goal \(", text, re.M)  # the engine's own goal lines are not repeated
    assert f"<@{ANN}>" in text  # the end pings the player


# ---------------------------------------------------------------------------------------------
# The message texts
# ---------------------------------------------------------------------------------------------
def _step(events: list[dict[str, Any]], *, finished: bool = False, result: Any = None) -> Reply:
    return Reply(
        ok=True,
        public="Ann (purple): take 1 ships yellow\n(everything else)",
        data=StepData(
            table_id=1, solo=True, step="take 1 ships yellow", finished=finished, events=events,
            next="Ann (purple) to play: Purple: Ships — activation 1", result=result,
        ),
    )


def test_solo_message_orders_step_takatoshi_and_next() -> None:
    events = [
        {"kind": "take", "seat": 0, "text": "Purple takes a yellow worker."},
        {"kind": "draw", "seat": CHANCE, "text": "A red worker is drawn onto hiring 1."},
        {"kind": "automa", "seat": 1, "text": "Takatoshi reveals AT1: builds a railway in R4."},
        {"kind": "automa", "seat": 1, "text": "Takatoshi reveals AT7: H5 is empty."},
    ]
    assert solo_message(_step(events)).split("\n") == [
        "Ann (purple): take 1 ships yellow",
        "Purple takes a yellow worker.",
        f"{OPPONENT_MARK} Takatoshi reveals AT1: builds a railway in R4.",
        f"{OPPONENT_MARK} Takatoshi reveals AT7: H5 is empty.",
        "Ann (purple) to play: Purple: Ships — activation 1",
    ]


def test_solo_message_at_a_win_shows_goals_score_and_rating() -> None:
    result = {
        "players": [{"seat": 0, "name": "Ann (purple)", "score": 187, "rank": 1}],
        "solo": {
            "won": True, "score": 187, "rating": "Remarkable",
            "goals": {"green": {"met": True, "text": "Build 4 ships (4/4)"}, "blue": {"met": True, "text": "R&D (1/1)"}},
        },
    }
    events = [
        {"kind": "solo_goal", "seat": 0, "text": "Goal (green): Build 4 ships (4/4) — met."},
        {"kind": "final_score", "seat": 0, "text": "Purple: 170 + prestige 9 + leftovers 3 + money 5 = 187 VP."},
        {"kind": "solo_end", "seat": 0, "text": "You win with 187 VP: Remarkable."},
    ]
    lines = solo_message(_step(events, finished=True, result=result)).split("\n")
    assert lines == [
        "Ann (purple): take 1 ships yellow",
        "Purple: 170 + prestige 9 + leftovers 3 + money 5 = 187 VP.",
        "**The game is over.**",
        "Solo goals:",
        "✅ green: Build 4 ships (4/4) — met",
        "✅ blue: R&D (1/1) — met",
        "🏆 You win with 187 points — rating: **Remarkable**.",
    ]


def test_goal_check_of_a_loss_and_of_odd_results() -> None:
    lost = goal_check({"players": [], "solo": {"won": False, "goals": {"red": {"met": False, "text": "x (1/3)"}}}})
    assert lost[-2:] == ["❌ red: x (1/3) — not met", "You lose: not every solo goal was met."]
    assert goal_check(None) == ["The game is over."]
    plain = goal_check({"players": [{"seat": 0, "name": "Ann", "score": 12, "rank": 1}], "solo": None})
    assert plain[-1] == "1. Ann — 12 points"
    bare = goal_check({"players": [{"seat": 0, "score": 40}], "solo": {"won": True, "goals": {"g": True}}})
    assert bare[-2:] == ["✅ g — met", "🏆 You win with 40 points."]


def test_a_multiplayer_move_keeps_the_full_text(cmds: Commands, host: Host) -> None:
    started_dice(host, seed=11)
    data = host.status(CH).data
    message = assert_accepted(cmds.call("move", make_interaction(int(data.to_act)), action="bank"))
    assert OPPONENT_MARK not in message.content and "banked" in message.content


def test_files_carry_alt_text_in_the_dm(store: Store) -> None:
    host = composed(store, FixedPictureRendererDouble(b"\x89PNG", "Nippon: Zaibatsu board, solo")).host
    cmds = Commands(host)
    message = start_solo(cmds)
    [picture] = message.files
    assert isinstance(picture, discord.File) and picture.description == "Nippon: Zaibatsu board, solo"
