"""The lobby commands: ``/game new`` (with its modules autocomplete), ``join``, ``leave``, ``start``
and ``abandon`` (also ``/solo abandon``).
"""

from __future__ import annotations

import itertools
from typing import Any

import discord
from discord import app_commands

from bot.host import Reply
from bot.host.data import BusyData
from bot.words import _
from engine.core import default_game, game_info, get_game
from engine.core.i18n import language, tr

from ..delivery import missing_permissions, permission_sentence
from ..messages import server_language, user_language
from .base import MAX_AUTOCOMPLETE, CommandsCore, Outcome, _error, log


class LobbyCommands(CommandsCore):
    """``/game new``, ``join``, ``leave``, ``start``, ``abandon`` and the modules autocomplete."""

    async def new(
        self,
        interaction: discord.Interaction,
        game: str,
        players: int,
        first_game: bool = False,
        modules: str | None = None,
    ) -> None:
        """``/game new``: open a table in this channel (in the server's language); the creator takes the first seat.

        Refused, naming the permissions, where the interaction says the bot can't post pictures
        in this channel (each turn's picture, the bots' turns and take-overs go there).
        """
        await self._defer(interaction)
        channel, user = self._ids(interaction)
        lang = user_language(interaction)
        if await self._refuse_without_permissions(interaction):
            return
        options: dict[str, Any] = {"players": players}
        if first_game:  # only when asked: a game without a first-game set-up says so
            options["first_game"] = True
        if modules:
            options["modules"] = [m for m in str(modules).split(",") if m][:5]
        host = self.host_for(interaction)
        reply = await self._run(
            host.new_table, channel, user, self._name(interaction), str(game)[:40], options,
            guild=self._guild(interaction), language=server_language(interaction), lang=lang,
        )
        if not reply.ok:
            await self._private(interaction, self._refusal_with_link(interaction, reply))
            return
        with language(lang):
            ack = _("Your table is open.")
        await self._publish(interaction, Outcome(reply), ack=ack)

    async def _refuse_without_permissions(self, interaction: discord.Interaction) -> bool:
        """Refuse (ephemerally, naming them) when the bot lacks what a table needs in this channel."""
        lacking = missing_permissions(interaction, files=True, channel_post=interaction.guild_id is not None)
        if not lacking:
            return False
        channel, _user = self._ids(interaction)
        with language(user_language(interaction)):
            text = _("I can't host a table here: {reason} Ask a server admin to grant it, or start the game in "
                     "another channel.", reason=permission_sentence(lacking, channel))
        log.info("table refused in channel %s: missing %s", channel, ", ".join(lacking))
        await self._private(interaction, text)
        return True

    def _refusal_with_link(self, interaction: discord.Interaction, reply: Reply) -> str:
        """A "game already here" refusal links to the game when the Host has no stored board link."""
        reason = reply.private or _error(interaction)
        data = reply.data
        if not isinstance(data, BusyData) or not data.table_id or data.board_url:
            return reason  # the Host's text already carries the stored link (or it is another refusal)
        channel = str(interaction.channel_id)
        with language(user_language(interaction)):
            if interaction.guild_id is not None:
                url = f"https://discord.com/channels/{interaction.guild_id}/{channel}"
                return reason + "\n" + _("It's in {channel} — {url}", channel=f"<#{channel}>", url=url)
            url = f"https://discord.com/channels/@me/{channel}"
            return reason + "\n" + _("It's in this conversation: {url}", url=url)

    async def join(self, interaction: discord.Interaction) -> None:
        """``/game join``: take the next free seat at the open table."""
        await self._defer(interaction)
        channel, user = self._ids(interaction)
        lang = user_language(interaction)
        reply = await self._run(self.host_for(interaction).join, channel, user, self._name(interaction), lang=lang)
        with language(lang):
            ack = _("You have a seat.")
        await self._answer(interaction, Outcome(reply), ack)

    async def leave(self, interaction: discord.Interaction) -> None:
        """``/game leave``: give up your seat before the game starts."""
        await self._defer(interaction)
        channel, user = self._ids(interaction)
        lang = user_language(interaction)
        reply = await self._run(self.host_for(interaction).leave, channel, user, lang=lang)
        with language(lang):
            ack = _("You left the table.")
        await self._answer(interaction, Outcome(reply), ack)

    async def start(self, interaction: discord.Interaction) -> None:
        """``/game start``: start the open table (the seats decide the player count)."""
        await self._defer(interaction)
        channel, user = self._ids(interaction)
        lang = user_language(interaction)
        host = self.host_for(interaction)
        # Random colours (DESIGN: start shuffles the seats); the start player is the game's chance.
        outcome = await self._run(self._with_options, host, host.start, channel, user, shuffle_seats=True, lang=lang)
        with language(lang):
            ack = _("The game has started.")
        await self._answer(interaction, outcome, ack)

    async def abandon(self, interaction: discord.Interaction, *, solo: bool = False) -> None:
        """``/game abandon`` and ``/solo abandon``: close the table (its creator, or Manage Channels)."""
        await self._defer(interaction)
        channel, user = self._ids(interaction)
        lang = user_language(interaction)
        host = self.host_for(interaction, solo)
        reply = await self._run(host.abandon, channel, user, self._is_admin(interaction), lang=lang)
        with language(lang):
            ack = _("The table is closed.")
        await self._answer(interaction, Outcome(reply), ack)

    def modules_autocomplete(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        """The modules of the game chosen in the same ``/game new`` (each, and every combination).

        Names come from the game's ``module_names()`` in the user's language; the value is the
        comma-separated module ids the Host expects. No game or a game without modules: no choices.
        """
        name = str(getattr(interaction.namespace, "game", None) or default_game())
        try:
            game = get_game(name)
        except KeyError:
            return []
        ids = game_info(game).modules
        hook = getattr(game, "module_names", None)
        names = hook() if callable(hook) else {}
        wanted = str(current or "").lower()[:100]
        out: list[app_commands.Choice[str]] = []
        with language(user_language(interaction)):
            for size in range(1, len(ids) + 1):
                for combo in itertools.combinations(ids, size):
                    label = " + ".join(str(tr(names.get(m, m.replace("_", " ")))) for m in combo)
                    value = ",".join(combo)
                    if wanted in f"{label.lower()} {value}":
                        out.append(app_commands.Choice(name=label[:100], value=value))
        return out[:MAX_AUTOCOMPLETE]
