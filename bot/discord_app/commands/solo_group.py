"""``/solo``: a game for one person, in a DM or a channel, one declaration per subcommand.

:class:`SoloCommands` is the ``/solo`` group (an ``app_commands.Group`` subclass, allowed in
servers, DMs with the bot and private channels; Discord ignores those settings on subcommands, so
they are set on the group). ``/solo new`` is handled here; the rest are the handlers ``/game``
shares, on the :class:`~bot.discord_app.commands.table.TableCommands` the group is built with.
"""

from __future__ import annotations

import discord
from discord import app_commands

from bot.host import MAX_SOLO_BOTS, MIN_SOLO_BOTS, level_word
from bot.words import _, _n
from engine.core import game_info, get_game
from engine.core.i18n import language, tr

from ..messages import server_language, user_language
from ..solo import DIFFICULTIES, DIFFICULTY_CHOICES, DIFFICULTY_NAMES, SOLO_GAME, opponent_name
from .choices import BOT_LEVEL_CHOICES, SOLO_GAME_CHOICES
from .table import TableCommands


@app_commands.allowed_contexts(guilds=True, dms=True, private_channels=True)
@app_commands.allowed_installs(guilds=True, users=True)
class SoloCommands(app_commands.Group, name="solo",
                   description="Play alone: against the automated opponent or bots (DMs too)"):
    """The ``/solo`` group over ``tables`` (the plumbing and the handlers ``/game`` shares)."""

    def __init__(self, tables: TableCommands) -> None:
        super().__init__()
        self.tables = tables

    @app_commands.command(name="new", description="Start a game for one: against the automated opponent or against bots")
    @app_commands.describe(
        difficulty="How hard the automated opponent plays",
        game="The game (default: the one with an automated opponent)",
        bots="How many bots play with you (1–3; a game without an automated opponent: 1)",
        level="How well the bots play (default: medium)",
    )
    @app_commands.choices(difficulty=DIFFICULTY_CHOICES, game=SOLO_GAME_CHOICES, level=BOT_LEVEL_CHOICES)
    async def new(self, interaction: discord.Interaction, difficulty: str | None = None, game: str | None = None,
                  bots: app_commands.Range[int, 1, 3] | None = None, level: str | None = None) -> None:
        """``/solo new``: start a game for one person here (a DM or a channel).

        Against the automated opponent of :data:`SOLO_GAME` (its ``difficulty``), or against 1–3
        bots of ``level`` (``easy``, ``medium``, ``hard``): ``game`` defaults to the automa game; a
        game without a solo mode gets 1 bot unless ``bots`` says more, and for the automa game
        ``bots`` (or ``level``) seats bots instead of its automated opponent. The bots' turns
        follow each move at once, one message and one picture each.
        """
        core = self.tables
        await core.defer(interaction)
        channel, user = core.ids(interaction)
        lang = user_language(interaction)
        name = str(game or SOLO_GAME or "").strip().lower()
        if not name:
            await core.private(interaction, str(tr(_("No installed game has a solo mode."), lang)))
            return
        automa = name == SOLO_GAME and bots is None and level is None
        if automa:
            chosen = DIFFICULTIES[len(DIFFICULTIES) // 2] if difficulty is None else str(difficulty).strip().lower()
            if chosen not in DIFFICULTIES:
                with language(lang):
                    names = ", ".join(_difficulty_choice(d) for d in DIFFICULTIES)
                    text = _("Choose a difficulty: {levels}.", levels=names)
                await core.private(interaction, text)
                return
        elif difficulty is not None:
            with language(lang):
                text = _("The difficulty is for the game against {opponent}; bots have a level instead. "
                         "Choose one of them.", opponent=opponent_name())
            await core.private(interaction, text)
            return
        elif bots is not None and not MIN_SOLO_BOTS <= bots <= MAX_SOLO_BOTS:
            with language(lang):
                text = _("Choose {low} to {high} bots.", low=MIN_SOLO_BOTS, high=MAX_SOLO_BOTS)
            await core.private(interaction, text)
            return
        if interaction.guild_id is not None and await core.refuse_without_permissions(interaction):
            return
        host = core.host_for(interaction, solo=True)
        call = dict(guild=core.guild_of(interaction), language=server_language(interaction), lang=lang)
        if automa:
            outcome = await core.run(core.with_options, host, host.solo, channel, user, core.name_of(interaction),
                                      name, {"difficulty": chosen}, **call)
        else:
            outcome = await core.run(core.with_options, host, host.solo, channel, user, core.name_of(interaction),
                                      name, None, bots=bots, level=level, **call)
        if not outcome.reply.ok:
            await core.private(interaction, core.refusal_with_link(interaction, outcome.reply))
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
        await core.publish(interaction, outcome, ack=ack)


    @app_commands.command(name="status", description="Your solo game: whose turn, who plays")
    async def status(self, interaction: discord.Interaction) -> None:
        """``/solo status`` (:meth:`~.views.ViewCommands.status`)."""
        await self.tables.status(interaction, solo=True)

    @app_commands.command(name="board", description="Post the current board again")
    async def board(self, interaction: discord.Interaction) -> None:
        """``/solo board`` (:meth:`~.views.ViewCommands.board`)."""
        await self.tables.board(interaction, solo=True)

    @app_commands.command(name="hand", description="Your hand and private view (only you see it)")
    async def hand(self, interaction: discord.Interaction) -> None:
        """``/solo hand`` (:meth:`~.views.ViewCommands.hand`)."""
        await self.tables.hand(interaction, solo=True)

    @app_commands.command(name="review", description="Your key moments of your finished solo game (only you see it)")
    async def review(self, interaction: discord.Interaction) -> None:
        """``/solo review`` (:meth:`~.views.ViewCommands.review`)."""
        await self.tables.review(interaction, None, solo=True)

    @app_commands.command(name="replay", description="Step through your solo game, move by move")
    async def replay(self, interaction: discord.Interaction) -> None:
        """``/solo replay`` (:meth:`~.views.ViewCommands.replay`)."""
        await self.tables.replay(interaction, None, solo=True)

    @app_commands.command(name="export", description="The move log of your solo game as files")
    async def export(self, interaction: discord.Interaction) -> None:
        """``/solo export`` (:meth:`~.views.ViewCommands.export`)."""
        await self.tables.export(interaction, solo=True)

    @app_commands.command(name="undo", description="Take back your latest step of this turn")
    async def undo(self, interaction: discord.Interaction) -> None:
        """``/solo undo`` (:meth:`~.play.PlayCommands.undo`)."""
        await self.tables.undo(interaction, solo=True)

    @app_commands.command(name="log", description="The last turns of your solo game, told in words")
    @app_commands.describe(n="How many turns (1–200)")
    async def log(self, interaction: discord.Interaction, n: app_commands.Range[int, 1, 200] = 10) -> None:
        """``/solo log`` (:meth:`~.views.ViewCommands.log`)."""
        await self.tables.log(interaction, n, solo=True)

    @app_commands.command(name="abandon", description="Give up your solo game")
    async def abandon(self, interaction: discord.Interaction) -> None:
        """``/solo abandon`` (:meth:`~.play.PlayCommands.abandon`)."""
        await self.tables.abandon(interaction, solo=True)


def _difficulty_choice(level: str) -> str:
    """``level`` as the option value to type, with its name in the current language if that differs."""
    name = str(tr(DIFFICULTY_NAMES.get(level, level)))
    return level if name == level else f"{level} ({name})"

