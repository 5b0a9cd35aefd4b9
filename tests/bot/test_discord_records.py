"""``/stats`` and ``/leaderboard`` through fake Discord interactions (no network)."""

from __future__ import annotations

from typing import Any
from unittest.mock import AsyncMock, MagicMock

import discord
from discord_fakes import ANN, BOB, CAT, GUILD, make_interaction, make_user, run, sent
from fakegame import GAME
from sqlalchemy import text
from test_records import bot_game

from bot.discord_app.commands.records import ForgetConfirmation, LeaderboardPages, RecordsCommands
from bot.host import Host
from bot.host.records import RecordsService
from bot.store import Store

PEOPLE = [str(ANN), str(BOB), str(CAT)]


def played(store: Store, games: int = 4) -> None:
    """``games`` finished dice races on the fake server between Ann, Bob and Cat."""
    host = Host(store)
    for n in range(games):
        bot_game(host, f"c{n}", PEOPLE, ["medium"], n, guild=str(GUILD))


def guild_with(members: list[int]) -> MagicMock:
    """A guild whose cache knows ``members``; everyone else is not found by the API either."""
    guild = MagicMock(spec_set=discord.Guild)
    known = {m: make_user(m) for m in members}
    guild.get_member = MagicMock(side_effect=lambda uid: known.get(uid))
    response = MagicMock(status=404, reason="Not Found")
    guild.fetch_member = AsyncMock(side_effect=discord.NotFound(response, "Unknown Member"))
    return guild


def with_guild(interaction: MagicMock, guild: MagicMock) -> MagicMock:
    interaction.guild = guild
    return interaction


def test_stats_are_ephemeral_unless_asked_to_be_public(store: Store) -> None:
    played(store)
    commands = RecordsCommands(RecordsService(store))
    quiet = make_interaction(ANN)
    run(commands.stats(quiet, None, GAME.name))
    (answer,) = sent(quiet)
    assert answer.ephemeral and "Records of Ann" in answer.content and "4 games" in answer.content
    loud = make_interaction(ANN)
    run(commands.stats(loud, make_user(BOB), None, public=True))
    (answer,) = sent(loud)
    assert not answer.ephemeral and "Records of Bob" in answer.content
    refused = make_interaction(ANN)
    run(commands.stats(refused, None, "chess", public=True))
    (answer,) = sent(refused)
    assert answer.ephemeral and "Unknown game" in answer.content


def test_the_leaderboard_shows_only_members_of_the_server(store: Store) -> None:
    played(store)
    commands = RecordsCommands(RecordsService(store, min_games=1))
    interaction = with_guild(make_interaction(ANN), guild_with([ANN, BOB]))
    run(commands.leaderboard(interaction, GAME.name))
    (answer,) = sent(interaction)
    assert answer.ephemeral
    assert "Ann" in answer.content and "Bob" in answer.content and "Cat" not in answer.content
    assert answer.view is None  # one page: no buttons


def test_leaderboard_pages_turn_with_buttons_only_for_the_caller(store: Store) -> None:
    played(store)
    records = RecordsService(store, min_games=1, page_size=1)
    interaction = with_guild(make_interaction(ANN), guild_with([ANN, BOB, CAT]))
    run(RecordsCommands(records).leaderboard(interaction, GAME.name, "week", public=True))
    (answer,) = sent(interaction)
    assert not answer.ephemeral
    view = answer.view
    assert isinstance(view, LeaderboardPages) and view.pages == 3 and view.previous.disabled

    stranger = make_interaction(CAT)
    assert run(view.interaction_check(stranger)) is False
    press = make_interaction(ANN)
    press.response.edit_message = AsyncMock()
    assert run(view.interaction_check(press)) is True
    run(view.turn(press, 2))
    content = press.response.edit_message.call_args.kwargs["content"]
    assert "page 2 of 3" in content and view.page == 2 and not view.previous.disabled


def test_forget_asks_first_and_then_leaves_nothing(store: Store) -> None:
    played(store, 2)
    records = RecordsService(store)
    interaction = make_interaction(ANN)
    run(RecordsCommands(records).forget(interaction))
    (question,) = sent(interaction)
    assert question.ephemeral and isinstance(question.view, ForgetConfirmation)
    with store.engine.connect() as conn:  # nothing deleted before the confirmation
        assert conn.execute(text(f"SELECT COUNT(*) FROM game_result WHERE user_id = '{ANN}'")).scalar_one() == 2

    async def cancel_then_confirm(view: Any) -> tuple[str, str]:
        cancel, confirm = make_interaction(ANN), make_interaction(ANN)
        cancel.response.edit_message = AsyncMock()
        confirm.response.edit_message = AsyncMock()
        await view.cancel(cancel)
        await view.confirm(confirm)
        return (cancel.response.edit_message.call_args.kwargs["content"],
                confirm.response.edit_message.call_args.kwargs["content"])

    cancelled, done = run(cancel_then_confirm(question.view))
    assert "nothing was changed" in cancelled and "deleted" in done
    with store.engine.connect() as conn:
        assert conn.execute(text(f"SELECT COUNT(*) FROM game_result WHERE user_id = '{ANN}'")).scalar_one() == 0
        assert conn.execute(text(f"SELECT COUNT(*) FROM player_rating WHERE player = '{ANN}'")).scalar_one() == 0
