"""``/game``: a table in a server channel, one declaration per subcommand.

:class:`GameCommands` is the ``/game`` group (discord.py's ``app_commands.Group`` subclass): each
subcommand is one decorated method. The commands only ``/game`` has (``new``, ``join``, ``leave``,
``start``, ``rules``, ``remind``, ``language``, ``add-bot``, ``timeout``, ``return``) are handled
right there; those ``/solo`` shares (``status``, ``board``, ``log``, ``undo``, ``replay``, ``review``,
``export``, ``hand``, ``abandon``) are handled by the :class:`~bot.discord_app.commands.table.TableCommands`
the group is built with, which also serves the buttons.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable
from typing import Any

import discord
from discord import app_commands

from bot.host import Host, Reply
from bot.words import _
from engine.core import default_game, game_info, get_game, i18n, registry
from engine.core.i18n import LANGUAGE_NAMES, tr

from ..messages import GAME_COMMAND_NAMES, SOLO_COMMAND_NAMES, server_language, user_language
from ..rules_topics import find_topic, game_topics, search_topics, topic_label, topic_text
from .base import MAX_AUTOCOMPLETE, CommandsCore, Outcome, _error, log
from .choices import BOT_LEVEL_CHOICES, GAME_CHOICES, LANGUAGE_CHOICES
from .table import TableCommands


class GameCommands(app_commands.Group, name="game", description="Play a board game at a table in this channel",
                   guild_only=True):
    """The ``/game`` group over ``tables`` (the plumbing and the handlers ``/solo`` shares)."""

    def __init__(self, tables: TableCommands) -> None:
        super().__init__()
        self.tables = tables

    # -- the lobby --------------------------------------------------------------------------------
    @app_commands.command(name="new", description="Open a table in this channel (you take the first seat)")
    @app_commands.describe(
        game="The game to play",
        players="Number of players (2–4)",
        first_game="Use the rulebook's first-game setup",
        modules="Optional modules of the chosen game (pick from the list)",
    )
    @app_commands.choices(game=GAME_CHOICES)
    async def new(self, interaction: discord.Interaction, game: str, players: app_commands.Range[int, 2, 4],
                  first_game: bool = False, modules: str | None = None) -> None:
        """``/game new``: open a table in this channel (in the server's language); the creator takes the first seat.

        Refused, naming the permissions, where the interaction says the bot can't post pictures
        in this channel (each turn's picture, the bots' turns and take-overs go there).
        """
        core = self.tables
        await core.defer(interaction)
        channel, user = core.ids(interaction)
        lang = user_language(interaction)
        if await core.refuse_without_permissions(interaction):
            return
        options: dict[str, Any] = {"players": players}
        if first_game:  # only when asked: a game without a first-game set-up says so
            options["first_game"] = True
        if modules:
            options["modules"] = [m for m in str(modules).split(",") if m][:5]
        host = core.host_for(interaction)
        reply = await core.run(
            host.new_table, channel, user, core.name_of(interaction), str(game)[:40], options,
            guild=core.guild_of(interaction), language=server_language(interaction), lang=lang,
        )
        if not reply.ok:
            await core.private(interaction, core.refusal_with_link(interaction, reply))
            return
        with i18n.language(lang):
            ack = _("Your table is open.")
        await core.publish(interaction, Outcome(reply), ack=ack)

    @new.autocomplete("modules")
    async def new_modules(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        """Autocomplete of ``/game new modules`` (:func:`modules_choices`)."""
        return modules_choices(interaction, current)

    @app_commands.command(name="join", description="Take a seat at the open table")
    async def join(self, interaction: discord.Interaction) -> None:
        """``/game join``: take the next free seat at the open table."""
        core = self.tables
        await core.defer(interaction)
        channel, user = core.ids(interaction)
        lang = user_language(interaction)
        reply = await core.run(core.host_for(interaction).join, channel, user, core.name_of(interaction), lang=lang)
        with i18n.language(lang):
            ack = _("You have a seat.")
        await core.answer(interaction, Outcome(reply), ack)

    @app_commands.command(name="leave", description="Give up your seat (before the game starts)")
    async def leave(self, interaction: discord.Interaction) -> None:
        """``/game leave``: give up your seat before the game starts."""
        core = self.tables
        await core.defer(interaction)
        channel, user = core.ids(interaction)
        lang = user_language(interaction)
        reply = await core.run(core.host_for(interaction).leave, channel, user, lang=lang)
        with i18n.language(lang):
            ack = _("You left the table.")
        await core.answer(interaction, Outcome(reply), ack)

    @app_commands.command(name="start", description="Start the game with the players seated")
    async def start(self, interaction: discord.Interaction) -> None:
        """``/game start``: start the open table (the seats decide the player count)."""
        core = self.tables
        await core.defer(interaction)
        channel, user = core.ids(interaction)
        lang = user_language(interaction)
        host = core.host_for(interaction)
        # Random colours (docs/architecture.md: start shuffles the seats); the start player is the game's chance.
        outcome = await core.run(core.with_options, host, host.start, channel, user, shuffle_seats=True, lang=lang)
        with i18n.language(lang):
            ack = _("The game has started.")
        await core.answer(interaction, outcome, ack)

    # -- shared with /solo --------------------------------------------------------------------------
    @app_commands.command(name="status", description="Who is playing and whose turn it is")
    async def status(self, interaction: discord.Interaction) -> None:
        """``/game status`` (:meth:`~.views.ViewCommands.status`)."""
        await self.tables.status(interaction)

    @app_commands.command(name="board", description="Post the current board again")
    async def board(self, interaction: discord.Interaction) -> None:
        """``/game board`` (:meth:`~.views.ViewCommands.board`)."""
        await self.tables.board(interaction)

    @app_commands.command(name="log", description="The last turns of this table, told in words (only you see it)")
    @app_commands.describe(n="How many turns (1–200)")
    async def log(self, interaction: discord.Interaction, n: app_commands.Range[int, 1, 200] = 10) -> None:
        """``/game log`` (:meth:`~.views.ViewCommands.log`)."""
        await self.tables.log(interaction, n)

    @app_commands.command(name="undo", description="Take back your latest step of this turn")
    async def undo(self, interaction: discord.Interaction) -> None:
        """``/game undo`` (:meth:`~.play.PlayCommands.undo`)."""
        await self.tables.undo(interaction)

    @app_commands.command(name="replay", description="Step through a game of this channel, move by move (only you see it)")
    @app_commands.describe(table="Table number (default: this channel's latest)")
    async def replay(self, interaction: discord.Interaction,
                     table: app_commands.Range[int, 1, 999_999_999_999] | None = None) -> None:
        """``/game replay`` (:meth:`~.views.ViewCommands.replay`)."""
        await self.tables.replay(interaction, table)

    @app_commands.command(name="review", description="Your key moments of a finished game: where a better move was (only you)")
    @app_commands.describe(table="Table number (default: this channel's latest)")
    async def review(self, interaction: discord.Interaction,
                     table: app_commands.Range[int, 1, 999_999_999_999] | None = None) -> None:
        """``/game review`` (:meth:`~.views.ViewCommands.review`)."""
        await self.tables.review(interaction, table)

    @app_commands.command(name="export", description="The move log of this channel's game as files (only you see it)")
    async def export(self, interaction: discord.Interaction) -> None:
        """``/game export`` (:meth:`~.views.ViewCommands.export`)."""
        await self.tables.export(interaction)

    @app_commands.command(name="hand", description="Your hand and private view (only you see it)")
    async def hand(self, interaction: discord.Interaction) -> None:
        """``/game hand`` (:meth:`~.views.ViewCommands.hand`)."""
        await self.tables.hand(interaction)

    @app_commands.command(name="abandon", description="Close this table (creator or Manage Channels)")
    async def abandon(self, interaction: discord.Interaction) -> None:
        """``/game abandon`` (:meth:`~.play.PlayCommands.abandon`)."""
        await self.tables.abandon(interaction)

    # -- rules and settings -------------------------------------------------------------------------
    @app_commands.command(name="rules", description="A short rules answer, citing the rulebook")
    @app_commands.describe(topic="What do you want to know?", game="The game (default: this channel's)")
    @app_commands.choices(game=GAME_CHOICES)
    async def rules(self, interaction: discord.Interaction, topic: str, game: str | None = None) -> None:
        """``/game rules``: a short rules answer citing the rulebook section (only to you).

        The topics are the game's (``game`` option, else the game of this channel's table, else
        :func:`~engine.core.registry.default_game`), in the user's language.
        """
        core = self.tables
        await core.defer(interaction)
        lang = user_language(interaction)
        name = game or await table_game(core, interaction)
        topics = game_topics(name)
        solo = interaction.guild_id is None
        with i18n.language(lang):
            found = find_topic(topics, topic or "")
            if found is not None:
                text = topic_text(found, SOLO_COMMAND_NAMES if solo else GAME_COMMAND_NAMES)
            elif topics:
                names = ", ".join(t.key for t in topics)
                text = _("I don't know that topic. Try one of: {topics}.", topics=names)
            else:
                text = _("There are no rules topics for {game}.", game=name or default_game())
        await core.private(interaction, text)

    @rules.autocomplete("topic")
    async def rules_topic(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        """Autocomplete of ``/game rules topic`` (:func:`rules_choices`)."""
        return await rules_choices(self.tables, interaction, current)

    @app_commands.command(name="remind", description="DM players whose move has waited this many hours (0 = off)")
    @app_commands.describe(hours="1–72 hours, or 0 to switch reminders off")
    async def remind(self, interaction: discord.Interaction, hours: app_commands.Range[int, 0, 72]) -> None:
        """``/game remind``: DM a player whose move has waited ``hours`` (0 = off)."""
        await self._save_interval(interaction, hours, lambda host: host.set_reminder, lambda: _("Reminder setting saved."))

    async def _save_interval(self, interaction: discord.Interaction, hours: int,
                             setter: Callable[[Host], Callable[..., Reply[Any]]], ack: Callable[[], str]) -> None:
        """The shared handler of ``/game remind`` and ``/game timeout``: ``setter(host)`` (the host's
        ``set_reminder`` or ``set_timeout``) with ``hours``; ``ack()`` is the confirmation, built in
        the caller's language."""
        core = self.tables
        await core.defer(interaction)
        channel, user = core.ids(interaction)
        lang = user_language(interaction)
        save = setter(core.host_for(interaction))
        reply = await core.run(save, channel, user, hours, core.is_admin(interaction), lang=lang)
        # The setting does not change the table's version: the buttons already posted stay valid.
        with i18n.language(lang):
            text = ack()
        await core.answer(interaction, Outcome(reply), text)

    @app_commands.command(name="language", description="Set the language of this table's messages")
    @app_commands.describe(language="The language of the public messages")
    @app_commands.choices(language=LANGUAGE_CHOICES)
    async def language(self, interaction: discord.Interaction, language: str) -> None:
        """``/game language``: the language of the table's public messages (a player, or Manage Channels)."""
        core = self.tables
        choice = language
        await core.defer(interaction)
        channel, user = core.ids(interaction)
        lang = user_language(interaction)
        host = core.host_for(interaction)
        reply = await core.run(
            host.set_language, channel, user, str(choice)[:20], core.is_admin(interaction), lang=lang
        )
        if not reply.ok:
            await core.private(interaction, reply.private or _error(interaction))
            return
        with i18n.language(lang):
            ack = _("The table's language is now {language}.", language=LANGUAGE_NAMES.get(
                reply.language or str(choice), str(choice)))
        if not reply.public:  # nothing to announce (the language did not change)
            await core.private(interaction, "\n".join(p for p in (ack, reply.private) if p))
            return
        # The setting does not change the table's version: the buttons already posted stay valid.
        await core.publish(interaction, Outcome(reply), ack=ack)

    # -- bots -------------------------------------------------------------------------------------
    @app_commands.command(name="add-bot", description="Seat a bot at the open table (its turns follow automatically)")
    @app_commands.describe(level="How well the bot plays (default: medium)")
    @app_commands.choices(level=BOT_LEVEL_CHOICES)
    async def add_bot(self, interaction: discord.Interaction, level: str = "medium") -> None:
        """``/game add-bot``: seat a bot of ``level`` (``easy``, ``medium``, ``hard``; the older
        ``greedy`` and ``search`` too) at the open table (its turns follow automatically)."""
        core = self.tables
        await core.defer(interaction)
        channel, user = core.ids(interaction)
        lang = user_language(interaction)
        reply = await core.run(core.host_for(interaction).add_bot, channel, user, level, lang=lang)
        with i18n.language(lang):
            ack = _("Bot added.")
        await core.answer(interaction, Outcome(reply), ack)

    @app_commands.command(name="timeout", description="After this many hours without a move: remind; after twice: a bot plays")
    @app_commands.describe(hours="1–168 hours, or 0 to switch the timeout off")
    async def timeout(self, interaction: discord.Interaction, hours: app_commands.Range[int, 0, 168]) -> None:
        """``/game timeout``: remind after ``hours`` without a move, let a bot play the seat after twice that."""
        await self._save_interval(interaction, hours, lambda host: host.set_timeout, lambda: _("Timeout saved."))

    @app_commands.command(name="return", description="Take your seat back from the bot that played it")
    async def return_seat(self, interaction: discord.Interaction) -> None:
        """``/game return``: take your seat back from the bot that took it over."""
        core = self.tables
        await core.defer(interaction)
        channel, user = core.ids(interaction)
        lang = user_language(interaction)
        host = core.host_for(interaction)
        outcome = await core.run(core.with_options, host, host.return_seat, channel, user, lang=lang)
        with i18n.language(lang):
            ack = _("Welcome back: your seat is yours again.")
        await core.answer(interaction, outcome, ack)


def modules_choices(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
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
    named = registry.module_names(game)
    names = named.module_names() if named is not None else {}
    wanted = str(current or "").lower()[:100]
    out: list[app_commands.Choice[str]] = []
    with i18n.language(user_language(interaction)):
        for size in range(1, len(ids) + 1):
            for combo in itertools.combinations(ids, size):
                label = " + ".join(str(tr(names.get(m, m.replace("_", " ")))) for m in combo)
                value = ",".join(combo)
                if wanted in f"{label.lower()} {value}":
                    out.append(app_commands.Choice(name=label[:100], value=value))
    return out[:MAX_AUTOCOMPLETE]


async def table_game(core: CommandsCore, interaction: discord.Interaction) -> str | None:
    """The game of this channel's latest table (``None`` if there is none or it can't be read)."""
    channel, _user = core.ids(interaction)
    if not channel:
        return None
    try:
        reply = await core.run(core.host.status, channel, lang=user_language(interaction))
    except Exception:
        log.exception("reading the game of channel %s failed", channel)
        return None
    return reply.data.game if reply.ok and reply.data is not None else None


async def rules_choices(core: CommandsCore, interaction: discord.Interaction,
                        current: str) -> list[app_commands.Choice[str]]:
    """Autocomplete of ``/game rules topic``: topics matching the typed words (user's language), of
    the game chosen in the same command, else of this channel's table."""
    chosen = getattr(getattr(interaction, "namespace", None), "game", None)
    name = chosen if isinstance(chosen, str) and chosen else await table_game(core, interaction)
    topics = game_topics(name)
    with i18n.language(user_language(interaction)):
        return [
            app_commands.Choice(name=topic_label(t), value=t.key)
            for t in search_topics(topics, str(current)[:100], MAX_AUTOCOMPLETE)
        ]
