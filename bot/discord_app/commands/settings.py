"""Table settings: ``/game remind`` (turn reminders) and ``/game language``."""

from __future__ import annotations

import discord

from bot.words import _
from engine.core.i18n import LANGUAGE_NAMES, language

from ..messages import user_language
from .base import CommandsCore, Outcome, _error


class SettingsCommands(CommandsCore):
    """``/game remind`` and ``/game language``."""

    async def remind(self, interaction: discord.Interaction, hours: int) -> None:
        """``/game remind``: DM a player whose move has waited ``hours`` (0 = off)."""
        await self._defer(interaction)
        channel, user = self._ids(interaction)
        lang = user_language(interaction)
        host = self.host_for(interaction)
        reply = await self._run(host.set_reminder, channel, user, hours, self._is_admin(interaction), lang=lang)
        # The setting does not change the table's version: the buttons already posted stay valid.
        with language(lang):
            ack = _("Reminder setting saved.")
        await self._answer(interaction, Outcome(reply), ack)

    async def set_language(self, interaction: discord.Interaction, choice: str) -> None:
        """``/game language``: the language of the table's public messages (a player, or Manage Channels)."""
        await self._defer(interaction)
        channel, user = self._ids(interaction)
        lang = user_language(interaction)
        host = self.host_for(interaction)
        reply = await self._run(
            host.set_language, channel, user, str(choice)[:20], self._is_admin(interaction), lang=lang
        )
        if not reply.ok:
            await self._private(interaction, reply.private or _error(interaction))
            return
        with language(lang):
            ack = _("The table's language is now {language}.", language=LANGUAGE_NAMES.get(
                reply.language or str(choice), str(choice)))
        if not reply.public:  # nothing to announce (the language did not change)
            await self._private(interaction, "\n".join(p for p in (ack, reply.private) if p))
            return
        # The setting does not change the table's version: the buttons already posted stay valid.
        await self._publish(interaction, Outcome(reply), ack=ack)
