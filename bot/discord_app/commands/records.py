"""Players' records on Discord: ``/stats show``, ``/stats forget`` and ``/leaderboard``, thin handlers
over :class:`bot.host.records.RecordsService` (docs/records.md).

Discord commands cannot be a command and a group at once, so ``/stats`` is a group: ``show [user]
[game] [public]`` and ``forget``. Answers are ephemeral unless ``public`` is set. ``/leaderboard``
lists only members of the server: the service names the candidates, this adapter keeps those the
guild knows (its member cache, else one ``fetch_member`` each, at most :data:`MAX_LOOKUPS`), so
the members intent is not required. Its pages turn with buttons that only the caller may press.
"""

from __future__ import annotations

import asyncio
import logging
from typing import Any

import discord
from discord import app_commands

from bot.host import Reply
from bot.host.records import RecordsService
from bot.words import _
from engine.core.i18n import language

from ..messages import user_language
from .choices import GAME_CHOICES

log = logging.getLogger(__name__)

#: Periods of ``/leaderboard`` (the choice names are translated with the command tree).
PERIOD_CHOICES = [
    app_commands.Choice(name="all time", value="all"),
    app_commands.Choice(name="last 7 days", value="week"),
    app_commands.Choice(name="last 30 days", value="month"),
    app_commands.Choice(name="last 365 days", value="year"),
]
#: The most members looked up through the API for one leaderboard (the rest must be cached).
MAX_LOOKUPS = 100
#: Discord's longest message.
MAX_MESSAGE = 2000
#: How long the page and confirmation buttons work (seconds).
BUTTON_TIMEOUT = 600


def _fit(text: str | None) -> str:
    text = text or ""
    return text if len(text) <= MAX_MESSAGE else text[:MAX_MESSAGE - 1] + "…"


class _OwnerView(discord.ui.View):
    """Buttons only the person who asked may press."""

    def __init__(self, owner: int) -> None:
        super().__init__(timeout=BUTTON_TIMEOUT)
        self.owner = owner

    async def interaction_check(self, interaction: discord.Interaction) -> bool:
        """Refuse everyone but the owner, ephemerally and in their language."""
        if interaction.user.id == self.owner:
            return True
        with language(user_language(interaction)):
            await interaction.response.send_message(_("Only the person who asked can use these buttons."),
                                                    ephemeral=True)
        return False


class LeaderboardPages(_OwnerView):
    """« and » under a leaderboard: each press shows the previous or next page in place."""

    def __init__(self, records: RecordsService, owner: int, lang: str, args: dict[str, Any], page: int,
                 pages: int) -> None:
        super().__init__(owner)
        self.records, self.lang, self.args, self.page, self.pages = records, lang, args, page, pages
        with language(lang):
            self.previous: discord.ui.Button[discord.ui.View] = discord.ui.Button(label=_("Previous"), style=discord.ButtonStyle.secondary)
            self.next: discord.ui.Button[discord.ui.View] = discord.ui.Button(label=_("Next"), style=discord.ButtonStyle.secondary)
        self.previous.callback = self._previous  # type: ignore[method-assign]
        self.next.callback = self._next  # type: ignore[method-assign]
        self.add_item(self.previous)
        self.add_item(self.next)
        self._enable()

    def _enable(self) -> None:
        self.previous.disabled = self.page <= 1
        self.next.disabled = self.page >= self.pages

    async def _previous(self, interaction: discord.Interaction) -> None:
        await self.turn(interaction, self.page - 1)

    async def _next(self, interaction: discord.Interaction) -> None:
        await self.turn(interaction, self.page + 1)

    async def turn(self, interaction: discord.Interaction, page: int) -> None:
        """Show ``page`` in the same message (a refusal, e.g. the page vanished, ephemerally)."""
        reply = await asyncio.to_thread(self.records.leaderboard, **self.args, page=page, lang=self.lang)
        if not reply.ok:
            await interaction.response.send_message(_fit(reply.private), ephemeral=True)
            return
        self.page, self.pages = (reply.data or {})["page"], (reply.data or {})["pages"]
        self._enable()
        await interaction.response.edit_message(content=_fit(reply.private), view=self)


class ForgetConfirmation(_OwnerView):
    """"Forget me" / "Cancel" under ``/stats forget``'s question."""

    def __init__(self, records: RecordsService, owner: int, lang: str) -> None:
        super().__init__(owner)
        self.records, self.lang = records, lang
        with language(lang):
            confirm: discord.ui.Button[discord.ui.View] = discord.ui.Button(label=_("Forget me"), style=discord.ButtonStyle.danger)
            cancel: discord.ui.Button[discord.ui.View] = discord.ui.Button(label=_("Cancel"), style=discord.ButtonStyle.secondary)
        confirm.callback = self.confirm  # type: ignore[method-assign]
        cancel.callback = self.cancel  # type: ignore[method-assign]
        self.add_item(confirm)
        self.add_item(cancel)

    async def confirm(self, interaction: discord.Interaction) -> None:
        """Delete the owner's results and ratings, and say so in place."""
        reply = await asyncio.to_thread(self.records.forget, str(self.owner), lang=self.lang)
        self.stop()
        await interaction.response.edit_message(content=_fit(reply.private), view=None)

    async def cancel(self, interaction: discord.Interaction) -> None:
        """Change nothing."""
        self.stop()
        with language(self.lang):
            text = _("Cancelled; nothing was changed.")
        await interaction.response.edit_message(content=text, view=None)


class RecordsCommands:
    """The handlers of ``/stats`` and ``/leaderboard`` (plain async methods, testable with fakes), each
    declared once: its options on the method, its name in :meth:`commands`."""

    def __init__(self, records: RecordsService) -> None:
        self.records = records

    def commands(self) -> list[app_commands.Group | app_commands.Command[Any, ..., Any]]:
        """The ``/stats`` group (``show``, ``forget``) and the ``/leaderboard`` command, bound to these handlers."""
        stats = app_commands.Group(name="stats", description="Players' records: results, wins and ratings")
        app_commands.allowed_contexts(guilds=True, dms=True, private_channels=True)(stats)
        stats.add_command(app_commands.Command(
            name="show", description="Games, wins, scores, rating and last games (only you see it)",
            callback=self.stats))
        stats.add_command(app_commands.Command(name="forget", description="Delete your results and ratings (asks first)",
                                               callback=self.forget))
        leaderboard: app_commands.Command[Any, ..., None] = app_commands.Command(name="leaderboard", description="This server's best players of a game",
                                           callback=self.leaderboard)
        return [stats, leaderboard]

    @staticmethod
    async def defer(interaction: discord.Interaction, public: bool) -> None:
        if not interaction.response.is_done():
            await interaction.response.defer(ephemeral=not public, thinking=True)

    @staticmethod
    async def _send(interaction: discord.Interaction, reply: Reply, public: bool, **kwargs: Any) -> None:
        ephemeral = not (public and reply.ok)
        await interaction.followup.send(_fit(reply.private), ephemeral=ephemeral,
                                        allowed_mentions=discord.AllowedMentions.none(), **kwargs)

    @app_commands.describe(user="Whose records (default: yours)", game="Only this game",
                           public="Post the answer in the channel")
    @app_commands.choices(game=GAME_CHOICES)
    async def stats(self, interaction: discord.Interaction, user: discord.User | None = None,
                    game: str | None = None, public: bool = False) -> None:
        """``/stats show``: the records of ``user`` (default: the caller), in ``game`` or all games."""
        await self.defer(interaction, public)
        who = user or interaction.user
        name = str(getattr(who, "display_name", None) or getattr(who, "name", None) or who.id)[:100]
        reply = await asyncio.to_thread(self.records.stats, str(who.id), game, name=name,
                                        lang=user_language(interaction))
        await self._send(interaction, reply, public)

    async def members(self, guild: discord.Guild | None, users: list[str]) -> dict[str, str]:
        """Which of ``users`` are members of ``guild``, with their display names."""
        found: dict[str, str] = {}
        if guild is None:
            return found
        lookups = 0
        for uid in users:
            if not uid.isdigit():
                continue
            member = guild.get_member(int(uid))
            if member is None and lookups < MAX_LOOKUPS:
                lookups += 1
                try:
                    member = await guild.fetch_member(int(uid))
                except discord.NotFound:
                    member = None
                except discord.HTTPException as exc:
                    log.info("leaderboard: member %s not looked up: %s", uid, exc)
                    member = None
            if member is not None:
                found[uid] = str(member.display_name)[:100]
        return found

    @app_commands.describe(game="The game", period="Which finished games count",
                           public="Post the answer in the channel")
    @app_commands.choices(game=GAME_CHOICES, period=PERIOD_CHOICES)
    @app_commands.guild_only()
    async def leaderboard(self, interaction: discord.Interaction, game: str, period: str = "all",
                          public: bool = False) -> None:
        """``/leaderboard``: this server's best players of ``game`` over ``period``, paged."""
        await self.defer(interaction, public)
        lang = user_language(interaction)
        guild = None if interaction.guild_id is None else str(interaction.guild_id)
        candidates = await asyncio.to_thread(self.records.candidates, game, guild, period)
        members = await self.members(interaction.guild, candidates)
        args = {"game": game, "guild": guild, "period": period, "members": members}
        reply = await asyncio.to_thread(self.records.leaderboard, **args, lang=lang)
        extra: dict[str, Any] = {}
        pages = int((reply.data or {}).get("pages", 1))
        if reply.ok and pages > 1:
            extra["view"] = LeaderboardPages(self.records, interaction.user.id, lang, args, 1, pages)
        await self._send(interaction, reply, public, **extra)

    async def forget(self, interaction: discord.Interaction) -> None:
        """``/stats forget``: ask, with a confirmation button, before deleting the caller's records."""
        await self.defer(interaction, False)
        lang = user_language(interaction)
        with language(lang):
            question = _("Delete all your results and ratings? Your finished games stay in their tables' logs; "
                         "this can't be undone.")
        await interaction.followup.send(question, ephemeral=True,
                                        view=ForgetConfirmation(self.records, interaction.user.id, lang))
