"""The command tree: its global error handler, and :func:`install_commands`, which adds every command —
the ``/game`` and ``/solo`` groups, ``/move``, ``/hint``, ``/stats`` and ``/leaderboard`` — each
declared once where it is handled (``app_commands.Group`` subclasses with decorated methods, and the
top-level commands of :class:`~bot.discord_app.commands.play.PlayCommands`).
"""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands

from bot.host.records import RecordsService
from bot.words import _
from engine.core.i18n import language

from ..messages import user_language
from .base import CommandsCore, _error, log, send_error
from .game_group import GameCommands
from .records import RecordsCommands
from .solo_group import SoloCommands
from .table import TableCommands


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


def command_list(tables: TableCommands, records: RecordsService) -> list[Any]:
    """Every top-level command and group, over ``tables`` and ``records``."""
    shown = RecordsCommands(records)
    return [GameCommands(tables), *tables.top_level_commands(), SoloCommands(tables), *shown.commands()]


def install_commands(tree: app_commands.CommandTree, tables: TableCommands) -> None:
    """Add ``/game``, ``/move``, ``/hint``, ``/solo``, ``/stats`` and ``/leaderboard`` to ``tree``."""
    for command in command_list(tables, RecordsService(tables.host.store)):
        tree.add_command(command)
