"""Slash commands driven through their real callbacks with fake interactions (no network)."""

from __future__ import annotations

import logging
from typing import Any

import discord
import pytest
from discord import app_commands
from discord_fakes import (
    ANN,
    BOB,
    CAT,
    CH,
    CHANNEL,
    DICE,
    EVE,
    GUILD,
    NAMES,
    PNG,
    Commands,
    assert_accepted,
    assert_refused,
    fake_png,
    make_interaction,
    open_dice,
    other,
    private,
    public,
    run,
    sent,
    snapshot_db,
    started_dice,
    to_act,
)
from renderer_doubles import FunctionRendererDouble, composed

from bot.discord_app.client import MeijiBot
from bot.discord_app.commands import MeijiTree, filter_choices, modules_choices
from bot.host import Host, Reply
from bot.store import Store


@pytest.fixture
def cmds(host: Host) -> Commands:
    """Commands over a Host without pictures."""
    return Commands(host)


@pytest.fixture
def pic_cmds(store: Store) -> Commands:
    """Commands over a Host whose renderer returns a fake PNG with alt text."""
    renderer = FunctionRendererDouble(lambda game, view: (PNG, f"Dice race board, turn {view.get('turn')}"))
    return Commands(composed(store, renderer).host)


# ---------------------------------------------------------------------------------------------
# The tree
# ---------------------------------------------------------------------------------------------
def test_tree_has_game_group_move_and_solo(host: Host) -> None:
    async def build() -> MeijiBot:
        return MeijiBot(host)

    bot = run(build())
    names = sorted(c.name for c in bot.tree.get_commands())
    assert names == ["game", "hint", "leaderboard", "move", "solo", "stats"]
    group = bot.tree.get_command("game")
    assert isinstance(group, app_commands.Group)
    assert sorted(c.name for c in group.commands) == sorted(
        ["new", "join", "leave", "start", "status", "board", "hand", "log", "undo", "abandon", "rules", "remind",
         "language", "replay", "review", "export", "add-bot", "timeout", "return"]
    )
    payload = group.to_dict(bot.tree)
    new = next(o for o in payload["options"] if o["name"] == "new")
    options = {o["name"]: o for o in new["options"]}
    assert "zaibatsu" in [c["value"] for c in options["game"]["choices"]]
    assert (options["players"]["min_value"], options["players"]["max_value"]) == (2, 4)
    assert options["modules"]["autocomplete"] is True  # the chosen game's modules
    assert options["first_game"]["required"] is False
    move = bot.tree.get_command("move").to_dict(bot.tree)
    assert move["options"][0]["autocomplete"] is True
    assert move["options"][0]["max_length"] == 200
    assert payload["dm_permission"] is False  # /game is for servers only
    # /move also plays the solo game in a DM: guild (0), bot DM (1), private channel (2)
    assert sorted(move["contexts"]) == [0, 1, 2] and sorted(move["integration_types"]) == [0, 1]
    hint = bot.tree.get_command("hint").to_dict(bot.tree)  # /hint too: a solo player may ask in a DM
    assert sorted(hint["contexts"]) == [0, 1, 2] and hint["options"] == []


def test_bot_uses_no_privileged_intents(host: Host) -> None:
    async def build() -> MeijiBot:
        return MeijiBot(host)

    bot = run(build())
    assert not bot.intents.message_content
    assert not bot.intents.members
    assert not bot.intents.presences
    assert bot.intents.guilds


# ---------------------------------------------------------------------------------------------
# /game new
# ---------------------------------------------------------------------------------------------
def test_new_opens_a_table_publicly(cmds: Commands, host: Host) -> None:
    inter = cmds.call("new", make_interaction(ANN), game="zaibatsu", players=2)
    message = assert_accepted(inter)
    assert "Ann opened a Nippon: Zaibatsu table for 2 players" in message.content
    assert "`/game join`" in message.content  # the Host's wording, as slash commands
    data = host.status(CH).data
    assert data is not None and data.status == "open" and data.options["players"] == 2
    assert "first_game" not in data.options  # only sent when asked for
    assert data.players[0]["user"] == str(ANN)


def test_new_passes_first_game_and_guild(cmds: Commands, host: Host) -> None:
    cmds.call("new", make_interaction(ANN), game="zaibatsu", players=3, first_game=True)
    export = host.export(CH).data
    assert export is not None and export.options["first_game"] is True
    with host.store.unit_of_work(write=False) as repo:
        table = repo.active_table(CH)
        assert table is not None and table.guild == str(GUILD)


def test_new_refused_while_a_game_runs_links_to_its_latest_board(cmds: Commands, host: Host, store: Store) -> None:
    first = cmds.call("new", make_interaction(ANN), game="zaibatsu", players=2)
    assert_accepted(first)
    url = host.status(CH).data.board_url
    assert url and url.startswith(f"https://discord.com/channels/{GUILD}/{CHANNEL}/")
    before = snapshot_db(store)
    inter = cmds.call("new", make_interaction(BOB), game="zaibatsu", players=2)
    text = assert_refused(inter, "already open here", "table #1")
    assert f"Latest board: {url}" in text
    assert snapshot_db(store) == before
    restarted = Commands(Host(store))  # the link comes from the database, not from memory
    text = assert_refused(restarted.call("new", make_interaction(BOB), game="zaibatsu", players=2))
    assert f"Latest board: {url}" in text


def test_every_public_message_becomes_the_latest_board(cmds: Commands, host: Host) -> None:
    open_dice(host)
    assert host.status(CH).data.board_url is None  # opened without Discord
    assert_accepted(cmds.as_user("start", ANN))
    first = host.status(CH).data.board_url
    assert_accepted(cmds.call("move", make_interaction(to_act(host)), action="bank"))
    second = host.status(CH).data.board_url
    assert first and second and first != second
    with host.store.unit_of_work(write=False) as repo:
        table = repo.active_table(CH)
    assert table is not None and table.board_url == second and second.endswith(f"/{table.board_message_id}")


def test_new_refusal_links_to_channel_after_restart(host: Host, store: Store) -> None:
    open_dice(host)
    fresh = Commands(Host(store))  # no board message was ever stored for this table
    text = assert_refused(fresh.call("new", make_interaction(BOB), game="zaibatsu", players=2), f"<#{CHANNEL}>")
    assert f"https://discord.com/channels/{GUILD}/{CHANNEL}" in text


def test_new_unknown_game_refused(cmds: Commands, host: Host, store: Store) -> None:
    before = snapshot_db(store)
    assert_refused(cmds.call("new", make_interaction(ANN), game="chess", players=2), "unknown game")
    assert snapshot_db(store) == before


def test_new_unknown_module_refused_with_the_hosts_message(cmds: Commands, store: Store) -> None:
    before = snapshot_db(store)
    inter = cmds.call("new", make_interaction(ANN), game=DICE, players=2, modules="bogus")
    assert_refused(inter, "unknown module")
    assert snapshot_db(store) == before


def test_new_passes_modules_to_the_host(cmds: Commands, host: Host) -> None:
    assert_accepted(cmds.call("new", make_interaction(ANN), game=DICE, players=2, modules="peek"))
    assert host.status(CH).data.options["modules"] == ["peek"]


def test_new_zaibatsu_modules_follow_the_host(cmds: Commands, host: Host, store: Store) -> None:
    before = snapshot_db(store)
    inter = cmds.call(
        "new", make_interaction(ANN), game="zaibatsu", players=2, modules="modern_factories,common_goals"
    )
    if public(inter):  # the engine supports the modules
        assert host.status(CH).data.options["modules"] == ["modern_factories", "common_goals"]
    else:  # the engine refuses them (with its own reason), nothing saved
        assert_refused(inter, "module")
        assert snapshot_db(store) == before


def test_new_bad_player_count_refused(cmds: Commands, store: Store) -> None:
    before = snapshot_db(store)
    assert_refused(cmds.call("new", make_interaction(ANN), game="zaibatsu", players=7), "2 to 4 players")
    assert snapshot_db(store) == before


# ---------------------------------------------------------------------------------------------
# join / leave / start
# ---------------------------------------------------------------------------------------------
def test_join_then_join_twice(cmds: Commands, host: Host, store: Store) -> None:
    host.new_table(CH, str(ANN), "Ann", DICE, {"players": 3}, 1)
    message = assert_accepted(cmds.as_user("join", CAT))
    assert "Cat joined (2/3)" in message.content
    before = snapshot_db(store)
    assert_refused(cmds.as_user("join", CAT), "already have a seat")
    assert snapshot_db(store) == before


def test_join_full_table_refused(cmds: Commands, host: Host, store: Store) -> None:
    open_dice(host, players=2)
    before = snapshot_db(store)
    assert_refused(cmds.as_user("join", EVE), "full")
    assert snapshot_db(store) == before


def test_join_without_table_refused(cmds: Commands) -> None:
    assert_refused(cmds.as_user("join", ANN), "no game in this channel", "/game new")


def test_leave_before_start_and_refused_after(cmds: Commands, host: Host, store: Store) -> None:
    open_dice(host, players=2)
    assert "Bob left" in assert_accepted(cmds.as_user("leave", BOB)).content
    host.join(CH, str(BOB), "Bob")
    host.start(CH, str(ANN))
    before = snapshot_db(store)
    assert_refused(cmds.as_user("leave", BOB), "started")
    assert snapshot_db(store) == before


def test_start_with_too_few_players_refused(cmds: Commands, host: Host, store: Store) -> None:
    host.new_table(CH, str(ANN), "Ann", DICE, {"players": 3}, 5)
    host.join(CH, str(BOB), "Bob")
    before = snapshot_db(store)
    assert_refused(cmds.as_user("start", ANN), "waiting for 1 more")
    assert snapshot_db(store) == before


def test_start_posts_board_mention_and_options(pic_cmds: Commands, store: Store) -> None:
    open_dice(pic_cmds.host, players=2, seed=3)
    message = assert_accepted(pic_cmds.as_user("start", ANN))
    actor = to_act(pic_cmds.host)
    assert "has started" in message.content
    if actor != ANN:  # the Host mentions the next player unless they started the game themselves
        assert f"<@{actor}>" in message.content
    files = message.files
    assert len(files) == 1 and isinstance(files[0], discord.File)
    assert files[0].filename == "board.png"
    assert files[0].description and files[0].description.startswith("Dice race board")
    assert message.view is not None and message.view.children
    mentions = message.kwargs["allowed_mentions"]
    assert mentions.everyone is False and mentions.roles is False


# ---------------------------------------------------------------------------------------------
# /move
# ---------------------------------------------------------------------------------------------
def test_move_accepted_posts_one_public_message(pic_cmds: Commands) -> None:
    host = pic_cmds.host
    started_dice(host, seed=11)
    actor = to_act(host)
    inter = pic_cmds.call("move", make_interaction(actor), action="bank")
    message = assert_accepted(inter)
    assert "bank" in message.content
    nxt = to_act(host)
    assert nxt != actor and f"<@{nxt}>" in message.content
    assert [f.filename for f in message.files] == ["board.png"]
    assert private(inter)[0].content.startswith("Played.") and "`bank`" not in private(inter)[0].content


@pytest.mark.parametrize(
    ("who", "action", "fragment"),
    [
        ("other", "bank", "not your turn"),
        ("stranger", "bank", "not playing"),
        ("actor", "fly away", "can't read"),
        ("actor", "x" * 5000, "too long"),
        ("actor", "   ", "type a move"),
        ("actor", "move 99", "only"),
    ],
)
def test_bad_moves_refused_and_nothing_changes(
    cmds: Commands, host: Host, store: Store, who: str, action: str, fragment: str
) -> None:
    started_dice(host, seed=11)
    actor = to_act(host)
    user = {"actor": actor, "other": other(actor), "stranger": EVE}[who]
    before = snapshot_db(store)
    text = assert_refused(cmds.call("move", make_interaction(user), action=action), fragment)
    assert len(text) < 400  # never echoes a huge input
    assert snapshot_db(store) == before


def test_move_where_no_game_runs(cmds: Commands, store: Store) -> None:
    before = snapshot_db(store)
    assert_refused(cmds.call("move", make_interaction(ANN), action="bank"), "no game in this channel")
    open_dice(cmds.host)
    assert_refused(cmds.call("move", make_interaction(ANN), action="bank"), "hasn't started", "/game start")
    assert snapshot_db(store) != before  # (the table above was opened directly)


def test_move_in_another_channel_does_not_touch_this_game(cmds: Commands, store: Store) -> None:
    started_dice(cmds.host, seed=11)
    before = snapshot_db(store)
    inter = make_interaction(to_act(cmds.host), channel_id=999)
    assert_refused(cmds.call("move", inter, action="bank"), "no game in this channel")
    assert snapshot_db(store) == before


# ---------------------------------------------------------------------------------------------
# Autocomplete
# ---------------------------------------------------------------------------------------------
def test_move_autocomplete_lists_legal_moves_filtered(cmds: Commands, host: Host) -> None:
    started_dice(host, seed=11)
    actor = to_act(host)
    choices = run(cmds.tables.move_autocomplete(make_interaction(actor), ""))
    legal = [n for n, _ in host.legal(CH, str(actor)).choices]
    assert [c.value for c in choices] == legal[:25]
    assert all(isinstance(c, app_commands.Choice) and len(c.name) <= 100 for c in choices)
    banked = run(cmds.tables.move_autocomplete(make_interaction(actor), "BAN"))
    assert [c.value for c in banked] == ["bank"]
    assert banked[0].name.startswith("bank — Bank")
    assert run(cmds.tables.move_autocomplete(make_interaction(actor), "zzz")) == []


def test_move_autocomplete_empty_for_others(cmds: Commands, host: Host) -> None:
    started_dice(host, seed=11)
    actor = to_act(host)
    assert run(cmds.tables.move_autocomplete(make_interaction(other(actor)), "")) == []
    assert run(cmds.tables.move_autocomplete(make_interaction(EVE), "")) == []
    assert run(cmds.tables.move_autocomplete(make_interaction(actor, channel_id=999), "")) == []


def test_move_autocomplete_on_a_real_zaibatsu_turn(cmds: Commands, host: Host) -> None:
    host.new_table(CH, str(ANN), "Ann", "zaibatsu", {"players": 2}, 4)
    host.join(CH, str(BOB), "Bob")
    host.start(CH, str(ANN))
    for _ in range(40):  # play the draft and the free choices until a "take" turn
        actor = str(to_act(host))
        legal = host.legal(CH, actor).choices
        if any(n.startswith("take ") for n, _ in legal):
            break
        assert host.move(CH, actor, legal[0][0]).ok
    choices = run(cmds.tables.move_autocomplete(make_interaction(int(actor)), ""))
    assert [c.value for c in choices] == [n for n, _ in legal][:25]
    takes = run(cmds.tables.move_autocomplete(make_interaction(int(actor)), "take"))
    assert takes and all(c.value.startswith("take ") for c in takes)
    assert all(len(c.value) <= 100 and len(c.name) <= 100 for c in choices)
    assert "Take a" in takes[0].name  # label and notation


def test_move_autocomplete_caps_at_25(cmds: Commands, host: Host, monkeypatch: pytest.MonkeyPatch) -> None:
    started_dice(host, seed=11)
    actor = to_act(host)
    many = [(f"market M{i % 8 + 1} N {i}", "x" * 150) for i in range(60)]
    monkeypatch.setattr(host, "legal", lambda channel, user, lang=None: Reply(ok=True, choices=many, version=1))
    choices = run(cmds.tables.move_autocomplete(make_interaction(actor), ""))
    assert len(choices) == 25 and all(len(c.name) <= 100 for c in choices)
    narrowed = run(cmds.tables.move_autocomplete(make_interaction(actor), "M3"))
    assert narrowed and all("M3" in c.value for c in narrowed)


def test_filter_choices_prefix_first_and_words() -> None:
    pairs = [("move 1", "Move 1 step"), ("bank", "Bank 3 points"), ("take 1 rd red", "Take red → R&D")]
    assert filter_choices(pairs, "points") == [("bank", "Bank 3 points")]
    assert filter_choices(pairs, "red rd") == [("take 1 rd red", "Take red → R&D")]
    assert filter_choices(pairs, "1") == [("move 1", "Move 1 step"), ("take 1 rd red", "Take red → R&D")]
    more = [*pairs, ("rd 1", "R&D +1 for 1 money")]
    assert filter_choices(more, "RD") == [("rd 1", "R&D +1 for 1 money"), ("take 1 rd red", "Take red → R&D")]
    assert len(filter_choices([(f"m {i}", "") for i in range(100)], "")) == 25
    assert filter_choices(pairs, "x" * 5000) == []


# ---------------------------------------------------------------------------------------------
# undo / abandon / status / log / board
# ---------------------------------------------------------------------------------------------
def test_undo_own_step(cmds: Commands, host: Host, store: Store) -> None:
    started_dice(host, seed=11)
    actor = to_act(host)
    assert host.move(CH, str(actor), "move 1").ok
    message = assert_accepted(cmds.as_user("undo", actor))
    assert "took back 'move 1'" in message.content
    before = snapshot_db(store)
    assert_refused(cmds.as_user("undo", other(actor)))
    assert snapshot_db(store) == before


def test_abandon_needs_creator_or_manage_channels(cmds: Commands, host: Host, store: Store) -> None:
    started_dice(host)
    before = snapshot_db(store)
    assert_refused(cmds.as_user("abandon", BOB), "only the table's creator")
    assert_refused(cmds.as_user("abandon", EVE), "only the table's creator")
    assert snapshot_db(store) == before
    message = assert_accepted(cmds.as_user("abandon", EVE, manage_channels=True))
    assert "abandoned" in message.content
    assert host.status(CH).data.status == "abandoned"


def test_abandon_by_creator(cmds: Commands, host: Host) -> None:
    open_dice(host)
    assert_accepted(cmds.as_user("abandon", ANN))
    assert_refused(cmds.as_user("abandon", ANN), "no game")


def test_status_is_private(cmds: Commands, host: Host) -> None:
    started_dice(host)
    inter = cmds.as_user("status", EVE)
    assert public(inter) == []
    [answer] = private(inter)
    assert "dicerace table #1" in answer.content and f"<@{to_act(host)}>" in answer.content
    assert answer.kwargs["allowed_mentions"].users is False  # a status never pings


def test_status_without_game(cmds: Commands) -> None:
    assert_refused(cmds.as_user("status", ANN), "no game")


def test_log_is_private_code_block(cmds: Commands, host: Host) -> None:
    started_dice(host, seed=11)
    actor = to_act(host)
    host.move(CH, str(actor), "bank")
    inter = cmds.as_user("log", ANN, n=5)
    assert public(inter) == []
    [answer] = private(inter)
    # the log tells the turns in sentences (the notation stays in /game export)
    assert "banked" in answer.content and "```" not in answer.content
    assert_refused(cmds.as_user("log", ANN, n=0), "1 to 200")


def test_board_reposts_picture_with_alt_text_and_options(pic_cmds: Commands) -> None:
    started_dice(pic_cmds.host, seed=11)
    message = assert_accepted(pic_cmds.as_user("board", EVE))
    assert message.content.startswith("dicerace — ")
    [picture] = message.files
    assert picture.description and picture.description.startswith("Dice race board")
    assert message.view is not None


def test_board_without_picture_sends_text(cmds: Commands, host: Host) -> None:
    started_dice(host, seed=11)
    message = assert_accepted(cmds.as_user("board", ANN))
    assert "```" in message.content and "Dice race to" in message.content
    assert message.files == []


def test_long_zaibatsu_board_text_is_attached(cmds: Commands, host: Host) -> None:
    host.new_table(CH, str(ANN), "Ann", "zaibatsu", {"players": 2}, 4)
    host.join(CH, str(BOB), "Bob")
    assert host.start(CH, str(ANN)).ok
    assert len(host.board(CH).data.text) > 2000  # the text board is long …
    message = assert_accepted(cmds.as_user("board", ANN))
    assert [f.filename for f in message.files] == ["board.txt"]
    assert len(message.content) <= 2000


def test_long_start_message_is_shortened_keeping_next_player(cmds: Commands, host: Host) -> None:
    host.new_table(CH, str(ANN), "Ann", "zaibatsu", {"players": 4}, 4)
    for uid in (BOB, CAT, EVE):
        host.join(CH, str(uid), NAMES[uid])
    message = assert_accepted(cmds.as_user("start", ANN))
    assert len(message.content) <= 2000
    assert "see /game log" in message.content
    assert "to play:" in message.content  # the next player's line survives the shortening


def test_board_without_game(cmds: Commands) -> None:
    assert_refused(cmds.as_user("board", ANN), "no game")


# ---------------------------------------------------------------------------------------------
# Errors
# ---------------------------------------------------------------------------------------------
def test_host_exception_reaches_the_error_handler_and_the_player_sees_no_traceback(
    host: Host, store: Store, caplog: pytest.LogCaptureFixture, monkeypatch: pytest.MonkeyPatch
) -> None:
    async def build() -> MeijiBot:
        return MeijiBot(host)

    bot = run(build())
    assert isinstance(bot.tree, MeijiTree)

    def explode(*args: Any, **kwargs: Any) -> Any:
        raise RuntimeError("database on fire")

    monkeypatch.setattr(host, "join", explode)
    command = bot.tree.get_command("game").get_command("join")  # type: ignore[union-attr]
    inter = make_interaction(BOB)
    with pytest.raises(RuntimeError):
        run(command.callback(command.binding, inter))  # a method of the /game group
    inter.command = command
    error = app_commands.CommandInvokeError(command, RuntimeError("database on fire"))
    with caplog.at_level(logging.ERROR):
        run(bot.tree.on_error(inter, error))
    [answer] = sent(inter)
    assert answer.ephemeral and answer.content == "Something went wrong; the game is unchanged."
    record = next(r for r in caplog.records if "failed" in r.getMessage())
    assert "/game join" in record.getMessage() and str(BOB) in record.getMessage() and str(CHANNEL) in record.getMessage()
    assert record.exc_info is not None


def test_error_handler_before_any_response(host: Host) -> None:
    async def build() -> MeijiBot:
        return MeijiBot(host)

    bot = run(build())
    inter = make_interaction(ANN)
    run(bot.tree.on_error(inter, app_commands.AppCommandError("boom")))
    inter.response.send_message.assert_awaited_once()
    assert inter.response.send_message.call_args.kwargs["ephemeral"] is True
    inter2 = make_interaction(ANN)
    run(bot.tree.on_error(inter2, app_commands.NoPrivateMessage()))
    assert "server channel" in sent(inter2)[0].content


def test_every_handler_defers_ephemerally_first(cmds: Commands, host: Host) -> None:
    started_dice(host, seed=11)
    calls: list[tuple[str, dict[str, Any]]] = [
        ("join", {}), ("leave", {}), ("start", {}), ("status", {}), ("board", {}), ("hand", {}), ("log", {"n": 3}),
        ("undo", {}), ("abandon", {}), ("rules", {"topic": "silk"}), ("remind", {"hours": 2}),
        ("new", {"game": "zaibatsu", "players": 2}), ("move", {"action": "bank"}),
    ]
    for name, kwargs in calls:
        inter = cmds.call(name, make_interaction(EVE), **kwargs)
        inter.response.defer.assert_awaited_once_with(ephemeral=True, thinking=True)
        assert sent(inter), name


def test_reply_alt_text_becomes_the_file_description(store: Store) -> None:
    long_alt = "Dice race board. " + "A very detailed description of the race track. " * 40

    def render(game: str, view: dict[str, Any]) -> tuple[bytes, str]:
        return PNG, long_alt

    cmds = Commands(composed(store, FunctionRendererDouble(render)).host)
    started_dice(cmds.host, seed=11)
    message = assert_accepted(cmds.call("move", make_interaction(to_act(cmds.host)), action="bank"))
    [picture] = message.files
    assert picture.description is not None and len(picture.description) <= 1024  # Discord's limit
    assert picture.description.startswith("Dice race board. A very detailed") and picture.description.endswith("…")


def test_picture_without_alt_text_gets_a_summary(store: Store) -> None:
    cmds = Commands(composed(store, FunctionRendererDouble(fake_png)).host)
    started_dice(cmds.host, seed=11)
    message = assert_accepted(cmds.as_user("board", EVE))
    [picture] = message.files
    assert picture.description == f"Game board. {message.content}"


# --- games and modules come from the registry -------------------------------------------------
def test_game_choices_list_every_installed_game_by_title() -> None:
    from bot.discord_app.commands import GAME_CHOICES
    from engine.core import builtin_game_names, game_info, get_game

    assert [c.value for c in GAME_CHOICES] == list(builtin_game_names())
    assert [c.name for c in GAME_CHOICES] == [game_info(get_game(n)).title for n in builtin_game_names()]


def test_modules_autocomplete_follows_the_chosen_game(cmds: Commands) -> None:
    inter = make_interaction()
    inter.namespace.game = "zaibatsu"
    choices = modules_choices(inter, "")
    assert [c.value for c in choices] == ["modern_factories", "common_goals", "modern_factories,common_goals"]
    assert choices[0].name == "Modern Factories" and choices[2].name == "Modern Factories + Common Goals"
    assert [c.value for c in modules_choices(inter, "goal")] == [
        "common_goals", "modern_factories,common_goals"]
    inter.namespace.game = DICE  # a game without modules offers none
    assert modules_choices(inter, "") == []
    inter.namespace.game = "no-such-game"
    assert modules_choices(inter, "") == []


def test_modules_autocomplete_speaks_the_users_language(cmds: Commands) -> None:
    inter = make_interaction(locale=discord.Locale.polish)
    inter.namespace.game = "zaibatsu"
    names = [c.name for c in modules_choices(inter, "")]
    assert names[0] == "Moduł Zaawansowanych Fabryk"
