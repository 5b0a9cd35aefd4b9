"""Playing: ``/move`` with its autocomplete, ``/hint``, the option buttons and menus, ``undo`` and
``abandon`` (the last two shared by ``/game`` and ``/solo``).

``/move`` and ``/hint`` are top-level commands: each is declared once, by its method here (the
options, contexts and installs) and :meth:`PlayCommands.top_level_commands` (its name and
description), and bound to the handlers it runs on.
"""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands

from bot.host import Reply
from bot.words import _
from engine.core.i18n import language
from engine.core.preview import fit

from ..messages import user_language
from .base import MAX_AUTOCOMPLETE, MAX_NOTATION, CommandsCore, Outcome, _error, log


class PlayCommands(CommandsCore):
    """``/move`` (and its autocomplete), ``/hint``, option clicks, ``undo`` and ``abandon``."""

    def top_level_commands(self) -> list[app_commands.Command[Any, ..., Any]]:
        """``/move`` (its ``action`` completed by :meth:`move_autocomplete`) and ``/hint`` as application
        commands bound to these handlers."""
        move: app_commands.Command[Any, ..., None] = app_commands.Command(
            name="move", description="Play your move (type to see the legal moves)", callback=self.move)
        move.autocomplete("action")(self.move_autocomplete)
        hint: app_commands.Command[Any, ..., None] = app_commands.Command(
            name="hint", description="The move to play now and the winning chance it adds (only you see it)",
            callback=self.hint)
        return [move, hint]

    async def move_autocomplete(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        """Autocomplete of ``/move action``: your legal moves matching the typed text (≤ 25).

        The labels are in the user's language; the typed words match the notation or the label.
        Only the player to act gets suggestions (``Host.legal`` refuses everybody else): the
        suggestions are seen by the typing user alone, and may hold that seat's hidden options.
        """
        channel, user = self.ids(interaction)
        if not channel:
            return []
        try:
            reply = await self.run(self.host.legal, channel, user, lang=user_language(interaction))
        except Exception:
            log.exception("autocomplete of /move failed (channel %s)", channel)
            return []
        if not reply.ok:
            return []
        return [
            app_commands.Choice(name=_choice_name(notation, label), value=notation[:100])
            for notation, label in filter_choices(reply.choices, current)
        ]

    @app_commands.describe(action="A move in notation, e.g. 'take 3 factory red' (pick from the list)")
    @app_commands.allowed_contexts(guilds=True, dms=True, private_channels=True)
    @app_commands.allowed_installs(guilds=True, users=True)
    async def move(self, interaction: discord.Interaction, action: app_commands.Range[str, 1, MAX_NOTATION]) -> None:
        """``/move``: play ``action`` (notation, or the number of a listed move)."""
        await self.defer(interaction)
        channel, user = self.ids(interaction)
        lang = user_language(interaction)
        host = self.host_for(interaction)
        outcome = await self.run(self.with_options, host, host.move, channel, user, action, lang=lang)
        await self.answer(interaction, outcome, _played(outcome.reply, lang), kind="move")

    async def undo(self, interaction: discord.Interaction, *, solo: bool = False) -> None:
        """``/game undo`` and ``/solo undo``: take back your latest step of this turn."""
        await self.defer(interaction)
        channel, user = self.ids(interaction)
        lang = user_language(interaction)
        host = self.host_for(interaction, solo)
        outcome = await self.run(self.with_options, host, host.undo, channel, user, lang=lang)
        with language(lang):
            ack = _("Step taken back.")
        await self.answer(interaction, outcome, ack)

    async def abandon(self, interaction: discord.Interaction, *, solo: bool = False) -> None:
        """``/game abandon`` and ``/solo abandon``: close the table (its creator, or Manage Channels)."""
        await self.defer(interaction)
        channel, user = self.ids(interaction)
        lang = user_language(interaction)
        host = self.host_for(interaction, solo)
        reply = await self.run(host.abandon, channel, user, self.is_admin(interaction), lang=lang)
        with language(lang):
            ack = _("The table is closed.")
        await self.answer(interaction, Outcome(reply), ack)

    @app_commands.allowed_contexts(guilds=True, dms=True, private_channels=True)
    @app_commands.allowed_installs(guilds=True, users=True)
    async def hint(self, interaction: discord.Interaction) -> None:
        """``/hint``: the suggested move with the winning chance it adds against the next best, and your
        three best moves with a reason each (only you see it; computed off the event loop)."""
        await self.defer(interaction)
        channel, user = self.ids(interaction)
        reply = await self.run(self.host_for(interaction).hint, channel, user, lang=user_language(interaction))
        await self.private(interaction, reply.private or _error(interaction))

    async def choose(self, interaction: discord.Interaction, table_id: int, version: int, index: int) -> None:
        """A click on an option button or menu: the Host plays option ``index`` of that board."""
        await self.defer(interaction)
        channel, user = self.ids(interaction)
        lang = user_language(interaction)
        host = self.host_for(interaction)
        outcome = await self.run(
            self.with_options, host, host.choose, channel, user, table_id, version, index, lang=lang
        )
        await self.answer(interaction, outcome, _played(outcome.reply, lang), kind="move")


def filter_choices(
    choices: list[tuple[str, str]] | tuple[tuple[str, str], ...], current: str, limit: int = MAX_AUTOCOMPLETE
) -> list[tuple[str, str]]:
    """The ``(notation, label)`` pairs matching ``current`` (every typed word), best first, ≤ ``limit``.

    A word matches the notation or the label (in any language), case-insensitively. Notations
    starting with the typed text come first, then the other matches in list order.
    """
    typed = " ".join(str(current).casefold().split())[:MAX_NOTATION]
    words = typed.split()
    prefix: list[tuple[str, str]] = []
    other: list[tuple[str, str]] = []
    for notation, label in choices:
        hay = f"{notation} {label}".casefold()
        if not all(w in hay for w in words):
            continue
        (prefix if typed and notation.casefold().startswith(typed) else other).append((notation, label))
    return (prefix + other)[:limit]


def _played(reply: Reply, lang: str) -> str:
    """The private acknowledgement of a move in ``lang``. It names no notation: the public message
    tells the whole turn in words, and your own private lines (a kept card) follow this one."""
    with language(lang):
        return _("Played.")


def _choice_name(notation: str, label: str) -> str:
    """An autocomplete entry (≤ 100 characters): the notation, then the label shortened so that
    its preview stays whole (:func:`engine.core.preview.fit`)."""
    if not label or label == notation:
        return fit(notation, 100)
    return f"{notation} — {fit(label, max(100 - len(notation) - 3, 20))}"[:100]
