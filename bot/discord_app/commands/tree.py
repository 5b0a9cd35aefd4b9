"""The command tree: its global error handler, and the ``/game`` group, ``/move`` and ``/hint`` as discord.py
application commands bound to a :class:`~bot.discord_app.commands.TableCommands`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands

from bot.words import _
from engine.core import builtin_game_names, game_info, get_game
from engine.core.bots import LEVELS, bots_supported
from engine.core.i18n import LANGUAGE_NAMES, LANGUAGES, language

from ..messages import user_language
from .base import MAX_NOTATION, CommandsCore, _error, log, send_error

if TYPE_CHECKING:
    from . import TableCommands


#: Games offered by ``/game new`` and ``/game rules``: every installed game under its published
#: title (a proper name), in menu order (the Host decides what it accepts).
GAME_CHOICES = [
    app_commands.Choice(name=game_info(get_game(name)).title, value=name) for name in builtin_game_names()
]

#: Games offered by ``/solo new``: those with an automated opponent or with bot players.
SOLO_GAME_CHOICES = [
    app_commands.Choice(name=game_info(get_game(name)).title, value=name) for name in builtin_game_names()
    if game_info(get_game(name)).solo_levels or bots_supported(get_game(name))
]

#: Languages of ``/game language``, each under its own name (never translated).
LANGUAGE_CHOICES = [app_commands.Choice(name=LANGUAGE_NAMES[lang], value=lang) for lang in LANGUAGES]

#: What each bot level does, as its choice name in /game add-bot and /solo new (translated with the
#: command tree; the value is the level of :data:`engine.core.bots.LEVELS`).
BOT_LEVEL_NAMES = {
    "easy": "easy — looks one step ahead and slips now and then",
    "medium": "medium — plans its whole turn",
    "hard": "hard — searches ahead and thinks longest",
}
BOT_LEVEL_CHOICES = [app_commands.Choice(name=BOT_LEVEL_NAMES.get(level, level), value=level) for level in LEVELS]


class MeijiTree(app_commands.CommandTree):
    """The command tree with a global error handler: logs with context, replies ephemerally."""

    async def on_error(self, interaction: discord.Interaction, error: app_commands.AppCommandError) -> None:
        """Log ``error`` with the command, user and channel and tell the user (in their language)
        what happened: "unchanged" only when nothing was committed (:meth:`TableCommands.report_error`)."""
        command = interaction.command.qualified_name if interaction.command is not None else "?"
        with language(user_language(interaction)):
            if isinstance(error, app_commands.NoPrivateMessage):
                await send_error(interaction, _("Use this command in a server channel."))
                return
            if isinstance(error, app_commands.CheckFailure):
                log.info("/%s refused by a check for user %s: %s", command, interaction.user.id, error)
                await send_error(interaction, _("You can't use this command here."))
                return
        original = error.original if isinstance(error, app_commands.CommandInvokeError) else error
        tables = getattr(self.client, "tables", None)
        if isinstance(tables, CommandsCore):
            await tables.report_error(interaction, original, f"/{command}")
            return
        log.error(
            "/%s failed (user %s, channel %s, guild %s)",
            command,
            interaction.user.id,
            interaction.channel_id,
            interaction.guild_id,
            exc_info=(type(original), original, original.__traceback__),
        )
        await send_error(interaction, _error(interaction))


def build_commands(tables: TableCommands) -> tuple[app_commands.Group, app_commands.Command[Any, ..., Any]]:
    """The ``/game`` group and the ``/move`` command, bound to ``tables``."""
    group = app_commands.Group(
        name="game", description="Play a board game at a table in this channel", guild_only=True
    )

    @group.command(name="new", description="Open a table in this channel (you take the first seat)")
    @app_commands.describe(
        game="The game to play",
        players="Number of players (2–4)",
        first_game="Use the rulebook's first-game setup",
        modules="Optional modules of the chosen game (pick from the list)",
    )
    @app_commands.choices(game=GAME_CHOICES)
    async def game_new(
        interaction: discord.Interaction,
        game: str,
        players: app_commands.Range[int, 2, 4],
        first_game: bool = False,
        modules: str | None = None,
    ) -> None:
        """/game new (see :class:`TableCommands`)."""
        await tables.new(interaction, game, players, first_game, modules)

    @game_new.autocomplete("modules")
    async def game_new_modules(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        """Autocomplete of the modules: those of the game chosen in the same command."""
        return tables.modules_autocomplete(interaction, current)

    @group.command(name="join", description="Take a seat at the open table")
    async def game_join(interaction: discord.Interaction) -> None:
        """/game join (see :class:`TableCommands`)."""
        await tables.join(interaction)

    @group.command(name="leave", description="Give up your seat (before the game starts)")
    async def game_leave(interaction: discord.Interaction) -> None:
        """/game leave (see :class:`TableCommands`)."""
        await tables.leave(interaction)

    @group.command(name="start", description="Start the game with the players seated")
    async def game_start(interaction: discord.Interaction) -> None:
        """/game start (see :class:`TableCommands`)."""
        await tables.start(interaction)

    @group.command(name="status", description="Who is playing and whose turn it is")
    async def game_status(interaction: discord.Interaction) -> None:
        """/game status (see :class:`TableCommands`)."""
        await tables.status(interaction)

    @group.command(name="board", description="Post the current board again")
    async def game_board(interaction: discord.Interaction) -> None:
        """/game board (see :class:`TableCommands`)."""
        await tables.board(interaction)

    @group.command(name="log", description="The last turns of this table, told in words (only you see it)")
    @app_commands.describe(n="How many turns (1–200)")
    async def game_log(interaction: discord.Interaction, n: app_commands.Range[int, 1, 200] = 10) -> None:
        """/game log (see :class:`TableCommands`)."""
        await tables.log(interaction, n)

    @group.command(name="undo", description="Take back your latest step of this turn")
    async def game_undo(interaction: discord.Interaction) -> None:
        """/game undo (see :class:`TableCommands`)."""
        await tables.undo(interaction)

    @group.command(name="replay", description="Step through a game of this channel, move by move (only you see it)")
    @app_commands.describe(table="Table number (default: this channel's latest)")
    async def game_replay(interaction: discord.Interaction,
                          table: app_commands.Range[int, 1, 999_999_999_999] | None = None) -> None:
        """/game replay (see :class:`TableCommands`)."""
        await tables.replay(interaction, table)

    @group.command(name="export", description="The move log of this channel's game as files (only you see it)")
    async def game_export(interaction: discord.Interaction) -> None:
        """/game export (see :class:`TableCommands`)."""
        await tables.export(interaction)

    @group.command(name="hand", description="Your hand and private view (only you see it)")
    async def game_hand(interaction: discord.Interaction) -> None:
        """/game hand (see :class:`TableCommands`)."""
        await tables.hand(interaction)

    @group.command(name="abandon", description="Close this table (creator or Manage Channels)")
    async def game_abandon(interaction: discord.Interaction) -> None:
        """/game abandon (see :class:`TableCommands`)."""
        await tables.abandon(interaction)

    @group.command(name="rules", description="A short rules answer, citing the rulebook")
    @app_commands.describe(topic="What do you want to know?", game="The game (default: this channel's)")
    @app_commands.choices(game=GAME_CHOICES)
    async def game_rules(interaction: discord.Interaction, topic: str, game: str | None = None) -> None:
        """/game rules (see :class:`TableCommands`)."""
        await tables.rules(interaction, topic, game)

    @game_rules.autocomplete("topic")
    async def game_rules_topic(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        """Autocomplete of the rules topic."""
        return await tables.rules_autocomplete(interaction, current)

    @group.command(name="remind", description="DM players whose move has waited this many hours (0 = off)")
    @app_commands.describe(hours="1–72 hours, or 0 to switch reminders off")
    async def game_remind(interaction: discord.Interaction, hours: app_commands.Range[int, 0, 72]) -> None:
        """/game remind (see :class:`TableCommands`)."""
        await tables.remind(interaction, hours)

    @group.command(name="language", description="Set the language of this table's messages")
    @app_commands.describe(language="The language of the public messages")
    @app_commands.choices(language=LANGUAGE_CHOICES)
    async def game_language(interaction: discord.Interaction, language: str) -> None:
        """/game language (see :class:`TableCommands`)."""
        await tables.set_language(interaction, language)

    @group.command(name="add-bot", description="Seat a bot at the open table (its turns follow automatically)")
    @app_commands.describe(level="How well the bot plays (default: medium)")
    @app_commands.choices(level=BOT_LEVEL_CHOICES)
    async def game_add_bot(interaction: discord.Interaction, level: str = "medium") -> None:
        """/game add-bot (see :class:`TableCommands`)."""
        await tables.add_bot(interaction, level)

    @group.command(name="timeout", description="After this many hours without a move: remind; after twice: a bot plays")
    @app_commands.describe(hours="1–168 hours, or 0 to switch the timeout off")
    async def game_timeout(interaction: discord.Interaction, hours: app_commands.Range[int, 0, 168]) -> None:
        """/game timeout (see :class:`TableCommands`)."""
        await tables.timeout(interaction, hours)

    @group.command(name="return", description="Take your seat back from the bot that played it")
    async def game_return(interaction: discord.Interaction) -> None:
        """/game return (see :class:`TableCommands`)."""
        await tables.return_seat(interaction)

    @app_commands.command(name="move", description="Play your move (type to see the legal moves)")
    @app_commands.describe(action="A move in notation, e.g. 'take 3 factory red' (pick from the list)")
    @app_commands.allowed_contexts(guilds=True, dms=True, private_channels=True)
    @app_commands.allowed_installs(guilds=True, users=True)
    async def move(interaction: discord.Interaction, action: app_commands.Range[str, 1, MAX_NOTATION]) -> None:
        """/move (see :class:`TableCommands`)."""
        await tables.move(interaction, action)

    @move.autocomplete("action")
    async def move_action(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        """Autocomplete of the move."""
        return await tables.move_autocomplete(interaction, current)

    return group, move


def build_hint_command(tables: TableCommands) -> app_commands.Command[Any, ..., Any]:
    """``/hint``: the caller's three best moves now (ephemeral), in servers and DMs."""

    @app_commands.command(name="hint", description="Your three best moves now, with a reason each (only you see it)")
    @app_commands.allowed_contexts(guilds=True, dms=True, private_channels=True)
    @app_commands.allowed_installs(guilds=True, users=True)
    async def hint(interaction: discord.Interaction) -> None:
        """/hint (see :class:`TableCommands`)."""
        await tables.hint(interaction)

    return hint
