"""Slash commands of Meiji Table: ``/game …``, ``/move`` and ``/solo …``, thin handlers over :class:`bot.host.Host`.

Every handler follows the same pattern:

1. defer at once, ephemerally and "thinking" (Discord wants an answer within 3 seconds);
2. call the Host in a worker thread (``asyncio.to_thread``): database and rendering never run on
   the event loop;
3. a refusal is one ephemeral followup with the Host's reason; an accepted change gets a short
   ephemeral acknowledgement (plus anything private) and then one public followup: what happened,
   who is next (a mention), the board picture with its alt text (``Reply.alt``), and the options
   of the next decision as buttons or a select menu. The link to that message is stored with
   ``Host.set_board_message``, so "a game is already running here" can link to it after a restart.

Languages (docs/i18n.md): every Host call gets ``lang`` = the user's language (their Discord
locale), so refusals and private texts come back in it, and so does everything the adapter says
ephemerally. Public messages are in the table's language (``Reply.language``): set from the
server's locale (a DM: the user's) by ``/game new`` and ``/solo new``, changed with
``/game language``. The option buttons and menus under a public message use the table's language.

The Host's texts name commands through ``command_names``: ``/game …`` in server channels, ``/solo …``
for the solo commands and in DMs (:meth:`TableCommands.host_for`); each name is shown in the
language of the text it is in. ``/solo`` and ``/move`` are allowed in DMs and private channels;
``/game`` is for servers only.

The handlers live on :class:`TableCommands` (plain async methods, easy to test with fake
interactions); :func:`build_commands` and :func:`build_solo_commands` wrap them into discord.py
application commands.

The handlers are grouped by use case, one module each (discord.py's cog style), all mixins of
:class:`TableCommands` over :class:`~bot.discord_app.commands.base.CommandsCore` (the shared
plumbing): :mod:`.lobby` (``/game new``, ``join``, ``leave``, ``start``, ``abandon``), :mod:`.play`
(``/move`` and its autocomplete, option clicks, ``undo``), :mod:`.views` (``status``, ``board``,
``replay``, ``export``, ``hand``, ``log``, ``rules``), :mod:`.bots` (``add-bot``, ``timeout``,
``return``, ``/hint``, the bots' turns) and :mod:`.settings` (``remind``, ``language``);
:mod:`.tree` holds the command tree and the ``/game``, ``/move`` and ``/hint`` commands. The
``/solo`` group lives here, next to :class:`TableCommands`. Every name other modules use is
importable from :mod:`bot.discord_app.commands`.
"""

from __future__ import annotations

import logging

import discord
from discord import app_commands

from bot.host import MAX_SOLO_BOTS, MIN_SOLO_BOTS, level_word
from bot.host.records import RecordsService
from bot.words import _, _n
from engine.core import game_info, get_game
from engine.core.i18n import language, tr

from ..messages import server_language, user_language
from ..solo import DIFFICULTIES, DIFFICULTY_CHOICES, DIFFICULTY_NAMES, SOLO_GAME, opponent_name
from .base import MAX_AUTOCOMPLETE, MAX_NOTATION, CommandsCore, InteractionGone, Outcome, send_error
from .bots import BotCommands
from .lobby import LobbyCommands
from .play import PlayCommands, filter_choices
from .records import install_records_commands
from .settings import SettingsCommands
from .tree import (
    BOT_LEVEL_CHOICES,
    GAME_CHOICES,
    LANGUAGE_CHOICES,
    SOLO_GAME_CHOICES,
    MeijiTree,
    build_commands,
    build_hint_command,
)
from .views import ViewCommands

__all__ = [
    "BOT_LEVEL_CHOICES",
    "SOLO_GAME_CHOICES",
    "GAME_CHOICES",
    "LANGUAGE_CHOICES",
    "MAX_AUTOCOMPLETE",
    "MAX_NOTATION",
    "BotCommands",
    "CommandsCore",
    "InteractionGone",
    "LobbyCommands",
    "MeijiTree",
    "Outcome",
    "PlayCommands",
    "SettingsCommands",
    "TableCommands",
    "ViewCommands",
    "build_commands",
    "build_hint_command",
    "build_solo_commands",
    "filter_choices",
    "install_commands",
    "send_error",
]

#: The commands' logger (``bot.discord_app.commands``).
log = logging.getLogger(__name__)


class TableCommands(LobbyCommands, PlayCommands, ViewCommands, BotCommands, SettingsCommands):
    """The handlers behind the slash commands and the option buttons (one per bot).

    ``host`` is the table service; each interaction works through :meth:`host_for`, a sibling of
    it whose texts name this context's commands.

    ``client`` (the running bot) gives the routes besides an interaction's own: ``channel.send``
    and direct messages (:class:`~bot.discord_app.delivery.Messenger`), and runs the bots' turns in
    tasks of their own (:class:`~bot.discord_app.autoplay.BotRunner`). Without it (tests with fake
    interactions) bots' turns are played before the handler returns and posted as follow-ups.
    ``messenger`` and ``outbox`` replace the defaults (e.g. with shorter back-off).
    """

    async def solo_new(self, interaction: discord.Interaction, difficulty: str | None = None, game: str | None = None,
                       bots: int | None = None, level: str | None = None) -> None:
        """``/solo new``: start a game for one person here (a DM or a channel).

        Against the automated opponent of :data:`SOLO_GAME` (its ``difficulty``), or against 1–3
        bots of ``level`` (``easy``, ``medium``, ``hard``): ``game`` defaults to the automa game; a
        game without a solo mode gets 1 bot unless ``bots`` says more, and for the automa game
        ``bots`` (or ``level``) seats bots instead of its automated opponent. The bots' turns
        follow each move at once, one message and one picture each.
        """
        await self._defer(interaction)
        channel, user = self._ids(interaction)
        lang = user_language(interaction)
        name = str(game or SOLO_GAME or "").strip().lower()
        if not name:
            await self._private(interaction, str(tr(_("No installed game has a solo mode."), lang)))
            return
        automa = name == SOLO_GAME and bots is None and level is None
        if automa:
            chosen = DIFFICULTIES[len(DIFFICULTIES) // 2] if difficulty is None else str(difficulty).strip().lower()
            if chosen not in DIFFICULTIES:
                with language(lang):
                    names = ", ".join(_difficulty_choice(d) for d in DIFFICULTIES)
                    text = _("Choose a difficulty: {levels}.", levels=names)
                await self._private(interaction, text)
                return
        elif difficulty is not None:
            with language(lang):
                text = _("The difficulty is for the game against {opponent}; bots have a level instead. "
                         "Choose one of them.", opponent=opponent_name())
            await self._private(interaction, text)
            return
        elif bots is not None and not MIN_SOLO_BOTS <= bots <= MAX_SOLO_BOTS:
            with language(lang):
                text = _("Choose {low} to {high} bots.", low=MIN_SOLO_BOTS, high=MAX_SOLO_BOTS)
            await self._private(interaction, text)
            return
        if interaction.guild_id is not None and await self._refuse_without_permissions(interaction):
            return
        host = self.host_for(interaction, solo=True)
        call = dict(guild=self._guild(interaction), language=server_language(interaction), lang=lang)
        if automa:
            outcome = await self._run(self._with_options, host, host.solo, channel, user, self._name(interaction),
                                      name, {"difficulty": chosen}, **call)
        else:
            outcome = await self._run(self._with_options, host, host.solo, channel, user, self._name(interaction),
                                      name, None, bots=bots, level=level, **call)
        if not outcome.reply.ok:
            await self._private(interaction, self._refusal_with_link(interaction, outcome.reply))
            return
        with language(lang):
            if automa:
                ack = _("Your solo game against {opponent} ({difficulty}) has started.", opponent=opponent_name(),
                        difficulty=DIFFICULTY_NAMES.get(chosen, chosen))
            else:
                data, title = outcome.reply.data, game_info(get_game(name)).title
                if data is not None and data.bots:
                    ack = _n("Your {game} game against {n} bot ({level}) has started.",
                             "Your {game} game against {n} bots ({level}) has started.", data.bots,
                             game=title, level=level_word(data.level))
                else:  # a game played alone
                    ack = _("The {game} solo game has started.", game=title)
        await self._publish(interaction, outcome, ack=ack)


def _difficulty_choice(level: str) -> str:
    """``level`` as the option value to type, with its name in the current language if that differs."""
    name = str(tr(DIFFICULTY_NAMES.get(level, level)))
    return level if name == level else f"{level} ({name})"


def build_solo_commands(tables: TableCommands) -> app_commands.Group:
    """The top-level ``/solo`` group, allowed in servers, DMs with the bot and private channels.

    Discord ignores context and install settings on subcommands, so they are set on the group.
    """
    group = app_commands.Group(name="solo", description="Play alone: against the automated opponent or bots (DMs too)")
    app_commands.allowed_contexts(guilds=True, dms=True, private_channels=True)(group)
    app_commands.allowed_installs(guilds=True, users=True)(group)

    @group.command(name="new", description="Start a game for one: against the automated opponent or against bots")
    @app_commands.describe(
        difficulty="How hard the automated opponent plays",
        game="The game (default: the one with an automated opponent)",
        bots="How many bots play with you (1–3; a game without an automated opponent: 1)",
        level="How well the bots play (default: medium)",
    )
    @app_commands.choices(difficulty=DIFFICULTY_CHOICES, game=SOLO_GAME_CHOICES, level=BOT_LEVEL_CHOICES)
    async def solo_new(interaction: discord.Interaction, difficulty: str | None = None, game: str | None = None,
                       bots: app_commands.Range[int, 1, 3] | None = None, level: str | None = None) -> None:
        """/solo new (see :class:`TableCommands`)."""
        await tables.solo_new(interaction, difficulty, game, bots, level)

    @group.command(name="status", description="Your solo game: whose turn, who plays")
    async def solo_status(interaction: discord.Interaction) -> None:
        """/solo status (see :class:`TableCommands`)."""
        await tables.status(interaction, solo=True)

    @group.command(name="board", description="Post the current board again")
    async def solo_board(interaction: discord.Interaction) -> None:
        """/solo board (see :class:`TableCommands`)."""
        await tables.board(interaction, solo=True)

    @group.command(name="hand", description="Your hand and private view (only you see it)")
    async def solo_hand(interaction: discord.Interaction) -> None:
        """/solo hand (see :class:`TableCommands`)."""
        await tables.hand(interaction, solo=True)

    @group.command(name="replay", description="Step through your solo game, move by move")
    async def solo_replay(interaction: discord.Interaction) -> None:
        """/solo replay (see :class:`TableCommands`)."""
        await tables.replay(interaction, None, solo=True)

    @group.command(name="export", description="The move log of your solo game as files")
    async def solo_export(interaction: discord.Interaction) -> None:
        """/solo export (see :class:`TableCommands`)."""
        await tables.export(interaction, solo=True)

    @group.command(name="undo", description="Take back your latest step of this turn")
    async def solo_undo(interaction: discord.Interaction) -> None:
        """/solo undo (see :class:`TableCommands`)."""
        await tables.undo(interaction, solo=True)

    @group.command(name="log", description="The last turns of your solo game, told in words")
    @app_commands.describe(n="How many turns (1–200)")
    async def solo_log(interaction: discord.Interaction, n: app_commands.Range[int, 1, 200] = 10) -> None:
        """/solo log (see :class:`TableCommands`)."""
        await tables.log(interaction, n, solo=True)

    @group.command(name="abandon", description="Give up your solo game")
    async def solo_abandon(interaction: discord.Interaction) -> None:
        """/solo abandon (see :class:`TableCommands`)."""
        await tables.abandon(interaction, solo=True)

    return group


def install_commands(tree: app_commands.CommandTree, tables: TableCommands) -> None:
    """Add ``/game``, ``/move`` and ``/solo`` to ``tree``."""
    group, move = build_commands(tables)
    tree.add_command(group)
    tree.add_command(move)
    tree.add_command(build_hint_command(tables))
    tree.add_command(build_solo_commands(tables))
    install_records_commands(tree, RecordsService(tables.host.store))  # /stats and /leaderboard
