"""Option buttons and menus: custom ids, restart-proof dispatch, stale boards, client wiring."""

from __future__ import annotations

import re
from types import SimpleNamespace
from typing import Any
from unittest.mock import AsyncMock, MagicMock

import discord
import pytest
from discord_fakes import (
    CH,
    EVE,
    assert_accepted,
    assert_refused,
    make_interaction,
    other,
    public,
    run,
    sent,
    snapshot_db,
    started_dice,
    to_act,
)
from renderer_doubles import FunctionRendererDouble

import render
from bot.discord_app import client as client_module
from bot.discord_app.client import MeijiBot, run_bot, sync_commands
from bot.discord_app.commands import TableCommands
from bot.discord_app.components import (
    ChoiceButton,
    ChoiceMenu,
    TurnOptions,
    button_id,
    menu_id,
    parse_custom_id,
    turn_options,
    turn_view,
)
from bot.host import MOVED_ON, Host, Renderer
from bot.store import Store


def options(n: int, table: int = 3, version: int = 12) -> TurnOptions:
    """Synthetic options with ``n`` choices."""
    return TurnOptions(table, version, "1001", "Choose", tuple((f"move {i}", f"Move {i} steps") for i in range(n)))


def fake_client(tables: TableCommands) -> Any:
    """What a component callback needs from the client."""
    return SimpleNamespace(tables=tables)


# ---------------------------------------------------------------------------------------------
# Custom ids
# ---------------------------------------------------------------------------------------------
def test_custom_id_round_trip() -> None:
    for table, version, index in [(1, 1, 0), (42, 917, 4), (10**17, 10**17, 24)]:
        custom_id = button_id(table, version, index)
        assert len(custom_id) <= 100 and custom_id == f"mt:{table}:{version}:{index}"
        assert parse_custom_id(custom_id) == (table, version, index)
        assert ChoiceButton.__discord_ui_compiled_template__.fullmatch(custom_id)
        assert not ChoiceMenu.__discord_ui_compiled_template__.fullmatch(custom_id)
    menu = menu_id(7, 9)
    assert menu == "mt:7:9:menu" and parse_custom_id(menu) == (7, 9, None)
    for bad in ["mt:1:2", "mt:a:2:3", "xx:1:2:3", "mt:1:2:3:4", "mt:1:2:-1", "mt:1:2:menuX", ""]:
        assert parse_custom_id(bad) is None


def test_from_custom_id_rebuilds_the_items() -> None:
    async def rebuild() -> tuple[ChoiceButton, ChoiceMenu]:
        original = ChoiceButton(5, 8, 2, "bank")
        match = ChoiceButton.__discord_ui_compiled_template__.fullmatch(original.custom_id)
        assert match is not None
        button = await ChoiceButton.from_custom_id(MagicMock(), original.item, match)
        menu_item = ChoiceMenu(5, 8, [discord.SelectOption(label="a", value="0")])
        match = ChoiceMenu.__discord_ui_compiled_template__.fullmatch(menu_item.custom_id)
        assert match is not None
        menu = await ChoiceMenu.from_custom_id(MagicMock(), menu_item.item, match)
        return button, menu

    button, menu = run(rebuild())
    assert (button.table_id, button.version, button.index) == (5, 8, 2)
    assert button.item.label == "bank" and button.custom_id == "mt:5:8:2"
    assert (menu.table_id, menu.version) == (5, 8) and menu.custom_id == "mt:5:8:menu"


# ---------------------------------------------------------------------------------------------
# Views
# ---------------------------------------------------------------------------------------------
def test_turn_view_buttons_menu_or_nothing() -> None:
    async def views() -> dict[int, discord.ui.View | None]:
        return {n: turn_view(options(n)) for n in (0, 1, 5, 6, 25, 26)}

    built = run(views())
    assert built[0] is None and built[26] is None
    for n in (1, 5):
        view = built[n]
        assert view is not None and len(view.children) == n
        assert all(isinstance(c, ChoiceButton) for c in view.children)
        assert [c.custom_id for c in view.children] == [f"mt:3:12:{i}" for i in range(n)]
        assert view.timeout is None and view.is_persistent()
    for n in (6, 25):
        view = built[n]
        assert view is not None and len(view.children) == 1
        [menu] = view.children
        assert isinstance(menu, ChoiceMenu) and menu.custom_id == "mt:3:12:menu"
        assert [o.value for o in menu.item.options] == [str(i) for i in range(n)]
        assert all(len(o.label) <= 100 and (o.description is None or len(o.description) <= 100) for o in menu.item.options)
    assert turn_view(None) is None


def test_long_labels_are_cut_to_discords_limits() -> None:
    long = TurnOptions(1, 1, "1", "p" * 300, tuple((f"x{i}" * 60, "y" * 300) for i in range(8)))

    async def build() -> discord.ui.View | None:
        return turn_view(long)

    view = run(build())
    assert view is not None
    [menu] = view.children
    assert len(menu.item.placeholder or "") <= 150
    assert all(len(o.label) <= 100 and len(o.description or "") <= 100 for o in menu.item.options)
    few = TurnOptions(1, 1, "1", None, (("z" * 200, ""),))

    async def build_few() -> discord.ui.View | None:
        return turn_view(few)

    [button] = run(build_few()).children  # type: ignore[union-attr]
    assert len(button.item.label) <= 80


def test_turn_options_follow_the_host(host: Host) -> None:
    assert turn_options(host, CH) is None
    started_dice(host, seed=11)
    opts = turn_options(host, CH)
    assert opts is not None
    assert opts.user_id == str(to_act(host))
    assert list(opts.choices) == host.legal(CH, opts.user_id).choices
    assert opts.version == host.status(CH).version


# ---------------------------------------------------------------------------------------------
# Clicks
# ---------------------------------------------------------------------------------------------
def click(tables: TableCommands, user: int, custom_id: str, values: list[str] | None = None) -> Any:
    """Dispatch a click like discord.py does: rebuild the item from its id, then call back."""
    parsed = parse_custom_id(custom_id)
    assert parsed is not None
    data: dict[str, Any] = {"custom_id": custom_id, "component_type": 3 if values is not None else 2}
    if values is not None:
        data["values"] = values
    interaction = make_interaction(user, client=fake_client(tables), data=data)

    async def go() -> None:
        if values is None:
            match = ChoiceButton.__discord_ui_compiled_template__.fullmatch(custom_id)
            item = await ChoiceButton.from_custom_id(interaction, discord.ui.Button(custom_id=custom_id), match)
        else:
            match = ChoiceMenu.__discord_ui_compiled_template__.fullmatch(custom_id)
            base = discord.ui.Select(custom_id=custom_id, options=[discord.SelectOption(label="a", value="0")])
            item = await ChoiceMenu.from_custom_id(interaction, base, match)
        await item.callback(interaction)

    run(go())
    return interaction


def test_button_click_plays_the_option(host: Host) -> None:
    host.render = FunctionRendererDouble(lambda game, view: b"\x89PNG fake")
    tables = TableCommands(host)
    started_dice(host, seed=11)
    opts = turn_options(host, CH)
    assert opts is not None
    index = [n for n, _ in opts.choices].index("bank")
    inter = click(tables, int(opts.user_id), button_id(opts.table_id, opts.version, index))
    message = assert_accepted(inter)
    assert "bank" in message.content and message.files
    assert host.status(CH).version == opts.version + 1 or host.status(CH).version > opts.version


def test_stale_button_is_refused_and_changes_nothing(host: Host, store: Store) -> None:
    tables = TableCommands(host)
    started_dice(host, seed=11)
    opts = turn_options(host, CH)
    assert opts is not None
    assert host.move(CH, opts.user_id, "bank").ok  # the game moves on (e.g. via /move)
    before = snapshot_db(store)
    for custom_id in (button_id(opts.table_id, opts.version, 0), button_id(opts.table_id + 1, opts.version + 1, 0)):
        inter = click(tables, to_act(host), custom_id)
        assert assert_refused(inter, "moved on") == MOVED_ON
    assert snapshot_db(store) == before


def test_click_by_wrong_player_or_stranger_is_refused(host: Host, store: Store) -> None:
    tables = TableCommands(host)
    started_dice(host, seed=11)
    opts = turn_options(host, CH)
    assert opts is not None
    before = snapshot_db(store)
    custom_id = button_id(opts.table_id, opts.version, 0)
    assert_refused(click(tables, other(int(opts.user_id)), custom_id), "not your turn")
    assert_refused(click(tables, EVE, custom_id), "not playing")
    assert snapshot_db(store) == before


def test_menu_click_plays_the_selected_index(host: Host) -> None:
    tables = TableCommands(host)
    started_dice(host, seed=11)
    opts = turn_options(host, CH)
    assert opts is not None
    index = [n for n, _ in opts.choices].index("move 1")
    inter = click(tables, int(opts.user_id), menu_id(opts.table_id, opts.version), [str(index)])
    assert "move 1" in assert_accepted(inter).content
    bad = click(tables, to_act(host), menu_id(opts.table_id, opts.version + 1), ["x"])
    assert_refused(bad)


def test_clicks_survive_a_restart(store: Store) -> None:
    started_dice(Host(store), seed=11)
    opts = turn_options(Host(store), CH)
    assert opts is not None
    restarted = TableCommands(Host(store))  # a new process: nothing in memory
    inter = click(restarted, int(opts.user_id), button_id(opts.table_id, opts.version, 0))
    assert_accepted(inter)


def test_exception_in_a_click_is_reported_ephemerally(
    host: Host, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    tables = TableCommands(host)
    started_dice(host, seed=11)
    opts = turn_options(host, CH)
    assert opts is not None

    def explode(*args: Any, **kwargs: Any) -> Any:
        raise RuntimeError("kaboom")

    monkeypatch.setattr(host, "choose", explode)
    inter = click(tables, int(opts.user_id), button_id(opts.table_id, opts.version, 0))
    answers = sent(inter)
    assert [a.content for a in answers] == ["Something went wrong; the game is unchanged."]
    assert answers[0].ephemeral and public(inter) == []
    assert any("button" in r.getMessage() and r.exc_info for r in caplog.records)


def test_turn_message_after_a_move_carries_the_next_options(host: Host) -> None:
    tables = TableCommands(host)
    started_dice(host, seed=11)
    actor = to_act(host)
    inter = make_interaction(actor)
    run(tables.move(inter, "move 1"))
    message = assert_accepted(inter)
    opts = turn_options(host, CH)
    assert opts is not None and message.view is not None
    ids = [getattr(c, "custom_id", None) for c in message.view.children]
    # the options, and the "Full board" button that every decision keeps
    assert all(re.fullmatch(rf"mt:{opts.table_id}:{opts.version}:(\d+|menu)", i or "")
               for i in ids if i != f"mt:board:{opts.table_id}")
    assert f"mt:board:{opts.table_id}" in ids
    if len(opts.choices) <= 5:
        assert all(f"**{n}**" in message.content for n, _ in opts.choices)


# ---------------------------------------------------------------------------------------------
# Client wiring
# ---------------------------------------------------------------------------------------------
def test_setup_hook_registers_dynamic_items_and_syncs_only_when_asked(host: Host) -> None:
    async def go(sync: bool, guild: int | None) -> tuple[MeijiBot, AsyncMock]:
        bot = MeijiBot(host, sync=sync, dev_guild_id=guild)
        bot.tree.sync = AsyncMock(return_value=[])  # type: ignore[method-assign]
        bot.reminder_loop.start = MagicMock()  # type: ignore[method-assign]
        await bot.setup_hook()
        return bot, bot.tree.sync

    bot, synced = run(go(False, None))
    patterns = {p.pattern for p in bot._connection._view_store._dynamic_items}
    assert ChoiceButton.__discord_ui_compiled_template__.pattern in patterns
    assert ChoiceMenu.__discord_ui_compiled_template__.pattern in patterns
    synced.assert_not_awaited()
    bot.reminder_loop.start.assert_called_once()
    _bot, synced = run(go(True, 4242))
    synced.assert_awaited_once()
    assert synced.call_args.kwargs["guild"].id == 4242


def test_sync_commands_globally(host: Host) -> None:
    async def go() -> AsyncMock:
        bot = MeijiBot(host)
        bot.tree.sync = AsyncMock(return_value=["x"])  # type: ignore[method-assign]
        assert await sync_commands(bot, None) == ["x"]
        return bot.tree.sync

    run(go()).assert_awaited_once_with()


def test_run_bot_wires_store_host_and_flags(monkeypatch: pytest.MonkeyPatch) -> None:
    seen: dict[str, Any] = {}

    def fake_run(self: MeijiBot, token: str, **kwargs: Any) -> None:
        seen.update(bot=self, token=token, kwargs=kwargs)

    monkeypatch.setattr(MeijiBot, "run", fake_run)
    run_bot("not-a-real-token", "sqlite://", 1234, True)
    bot = seen["bot"]
    assert seen["token"] == "not-a-real-token" and seen["kwargs"] == {"log_handler": None}
    assert bot.sync_on_start is True and bot.dev_guild_id == 1234
    assert isinstance(bot.host, Host) and bot.tables.host is bot.host
    # the production renderer: one implementation with every method of the Renderer Protocol
    assert isinstance(bot.host.render, render.Pictures) and isinstance(bot.host.render, Renderer)
    assert client_module.REMINDER_CHECK_MINUTES == 5.0
