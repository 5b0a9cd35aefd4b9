"""Bots and time-outs: ``/game add-bot``, ``timeout`` and ``return``, ``/hint``, and the bots' turns
played for the bot runner.
"""

from __future__ import annotations

import discord

from bot.words import _
from engine.core.i18n import language

from ..messages import user_language
from .base import CommandsCore, Outcome, _error


class BotCommands(CommandsCore):
    """``add-bot``, ``timeout``, ``return``, ``/hint`` and the bots' turns."""

    async def add_bot(self, interaction: discord.Interaction, level: str = "medium") -> None:
        """``/game add-bot``: seat a bot of ``level`` (``easy``, ``medium``, ``hard``; the older
        ``greedy`` and ``search`` too) at the open table (its turns follow automatically)."""
        await self._defer(interaction)
        channel, user = self._ids(interaction)
        lang = user_language(interaction)
        reply = await self._run(self.host_for(interaction).add_bot, channel, user, level, lang=lang)
        with language(lang):
            ack = _("Bot added.")
        await self._answer(interaction, Outcome(reply), ack)

    async def timeout(self, interaction: discord.Interaction, hours: int) -> None:
        """``/game timeout``: remind after ``hours`` without a move, let a bot play the seat after twice that."""
        await self._defer(interaction)
        channel, user = self._ids(interaction)
        lang = user_language(interaction)
        host = self.host_for(interaction)
        reply = await self._run(host.set_timeout, channel, user, hours, self._is_admin(interaction), lang=lang)
        with language(lang):
            ack = _("Timeout saved.")
        await self._answer(interaction, Outcome(reply), ack)

    async def return_seat(self, interaction: discord.Interaction) -> None:
        """``/game return``: take your seat back from the bot that took it over."""
        await self._defer(interaction)
        channel, user = self._ids(interaction)
        lang = user_language(interaction)
        host = self.host_for(interaction)
        outcome = await self._run(self._with_options, host, host.return_seat, channel, user, lang=lang)
        with language(lang):
            ack = _("Welcome back: your seat is yours again.")
        await self._answer(interaction, outcome, ack)

    async def hint(self, interaction: discord.Interaction) -> None:
        """``/hint``: your three best moves now, by the medium bot's planning, with a reason each (only you see it)."""
        await self._defer(interaction)
        channel, user = self._ids(interaction)
        reply = await self._run(self.host_for(interaction).hint, channel, user, lang=user_language(interaction))
        await self._private(interaction, reply.private or _error(interaction))

    async def play_bots(self, channel: str, solo: bool, lang: str) -> int:
        """Play every bot turn due now at the channel's table, each posted through the outbox
        (in order, retried with back-off without holding the bots up). Returns how many were played."""
        return await self.bots.play(channel, solo, lang)
