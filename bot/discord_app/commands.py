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
"""

from __future__ import annotations

import asyncio
import io
import itertools
import json
import logging
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, TypeVar

import discord
from discord import app_commands

from bot.host import Host, Reply
from bot.words import _
from engine.core import builtin_game_names, default_game, game_info, get_game
from engine.core.i18n import LANGUAGE_NAMES, LANGUAGES, language, tr

from .autoplay import BotRunner, Outbox, Post
from .components import (
    MAX_BUTTONS,
    TurnOptions,
    option_lines,
    replay_view,
    turn_options,
    turn_view,
    with_board_button,
)
from .delivery import (
    Messenger,
    Posted,
    Problem,
    error_code,
    is_expected,
    log_failure,
    missing_permissions,
    permission_sentence,
    token_gone,
)
from .messages import (
    GAME_COMMAND_NAMES,
    GENERIC_ERROR,
    MESSAGE_LIMIT,
    NO_MENTIONS,
    SOLO_COMMAND_NAMES,
    USER_MENTIONS,
    code,
    code_block,
    first_line,
    fit,
    last_lines,
    mention_text,
    server_language,
    slash,
    user_language,
)
from .pictures import board_file
from .rules_topics import find_topic, game_topics, search_topics, topic_label, topic_text
from .solo import (
    DIFFICULTIES,
    DIFFICULTY_CHOICES,
    DIFFICULTY_NAMES,
    SOLO_GAME,
    is_solo_step,
    opponent_name,
    solo_message,
)

log = logging.getLogger(__name__)

R = TypeVar("R")

#: Games offered by ``/game new`` and ``/game rules``: every installed game under its published
#: title (a proper name), in menu order (the Host decides what it accepts).
GAME_CHOICES = [
    app_commands.Choice(name=game_info(get_game(name)).title, value=name) for name in builtin_game_names()
]
#: Languages of ``/game language``, each under its own name (never translated).
LANGUAGE_CHOICES = [app_commands.Choice(name=LANGUAGE_NAMES[lang], value=lang) for lang in LANGUAGES]
#: The bot levels of /game add-bot (the choice names are translated with the command tree).
BOT_LEVEL_CHOICES = [app_commands.Choice(name="greedy", value="greedy"), app_commands.Choice(name="search", value="search")]
#: Discord's limit of autocomplete choices.
MAX_AUTOCOMPLETE = 25
#: Longest notation accepted from a slash option (the Host refuses longer text as well).
MAX_NOTATION = 200


class InteractionGone(Exception):
    """Discord no longer knows the interaction (10062: it arrived too late, e.g. replayed after a
    gateway RESUME): nothing was done and nobody can be answered through it."""


@dataclass(frozen=True, slots=True)
class Outcome:
    """A Host reply plus the options of the decision that follows it (for the buttons)."""

    reply: Reply
    options: TurnOptions | None = None


class TableCommands:
    """The handlers behind the slash commands and the option buttons (one per bot).

    ``host`` is the table service; each interaction works through :meth:`host_for`, a sibling of
    it whose texts name this context's commands.

    ``client`` (the running bot) gives the routes besides an interaction's own: ``channel.send``
    and direct messages (:class:`~bot.discord_app.delivery.Messenger`), and runs the bots' turns in
    tasks of their own (:class:`~bot.discord_app.autoplay.BotRunner`). Without it (tests with fake
    interactions) bots' turns are played before the handler returns and posted as follow-ups.
    ``messenger`` and ``outbox`` replace the defaults (e.g. with shorter back-off).
    """

    def __init__(self, host: Host, client: discord.Client | None = None, *, messenger: Messenger | None = None,
                 outbox: Outbox | None = None) -> None:
        self.host = host
        self.messenger = messenger or Messenger(client)
        #: The latest interaction per channel: a fall-back route for posts while its token lives.
        self.recent: dict[str, discord.Interaction] = {}
        self.outbox = outbox or Outbox(Messenger(client, sleep=self.messenger.sleep, delays=()),
                                       recent=self.recent.get, sleep=self.messenger.sleep)
        self.outbox.on_posted = self._outbox_posted
        self.outbox.on_failed = self._outbox_failed
        self.bots = BotRunner(self, self.outbox, background=client is not None)
        #: Interactions whose change was committed: a later failure must never say "unchanged".
        self._saved: dict[int, str] = {}

    # ------------------------------------------------------------------------------------------
    # Plumbing
    # ------------------------------------------------------------------------------------------
    def host_for(self, interaction: discord.Interaction, solo: bool = False) -> Host:
        """The Host with this context's command names: ``/solo …`` for solo commands and DMs."""
        dm = interaction.guild_id is None
        return self.host.with_command_names(SOLO_COMMAND_NAMES if solo or dm else GAME_COMMAND_NAMES)

    async def _run(self, fn: Callable[..., R], *args: Any, **kwargs: Any) -> R:
        """Run a blocking Host call off the event loop."""
        return await asyncio.to_thread(fn, *args, **kwargs)

    @staticmethod
    async def _defer(interaction: discord.Interaction) -> None:
        """Acknowledge at once (ephemeral, "thinking"); :class:`InteractionGone` when Discord no
        longer knows the interaction (then nothing is done at all)."""
        if interaction.response.is_done():
            return
        try:
            await interaction.response.defer(ephemeral=True, thinking=True)
        except discord.HTTPException as exc:
            if token_gone(exc):
                raise InteractionGone(f"interaction {interaction.id}: {error_code(exc)}") from exc
            raise

    async def _private(self, interaction: discord.Interaction, text: str | None) -> bool:
        """An ephemeral answer (refusals, acknowledgements, private views) in the user's language:
        a follow-up, else an edit of the command's first answer. False when neither got through."""
        with language(user_language(interaction)):
            hint = slash("solo" if interaction.guild_id is None else "game", "log")
            text = fit(text or _("Done."), log_hint=hint)
        return await self.messenger.private(interaction, text)

    @staticmethod
    def _ids(interaction: discord.Interaction) -> tuple[str, str]:
        channel = interaction.channel_id
        return ("" if channel is None else str(channel)), str(interaction.user.id)

    @staticmethod
    def _guild(interaction: discord.Interaction) -> str | None:
        return None if interaction.guild_id is None else str(interaction.guild_id)

    @staticmethod
    def _name(interaction: discord.Interaction) -> str:
        user = interaction.user
        return str(getattr(user, "display_name", None) or getattr(user, "name", None) or user.id)[:100]

    @staticmethod
    def _is_admin(interaction: discord.Interaction) -> bool:
        perms = interaction.permissions
        return bool(interaction.guild_id is not None and perms is not None and (perms.manage_channels or perms.administrator))

    @staticmethod
    def _alt_text(reply: Reply) -> str:
        """The picture's description: the renderer's alt text, else a one-line summary (current language)."""
        if reply.alt:
            return reply.alt
        summary = first_line((reply.data or {}).get("header")) or first_line(reply.public)
        return _("Game board. {summary}", summary=summary).strip()

    @staticmethod
    def _with_options(host: Host, fn: Callable[..., Reply], *args: Any, **kwargs: Any) -> Outcome:
        """Call the Host, then read the next decision's options (in the table's language) if accepted."""
        reply = fn(*args, **kwargs)
        options = None
        if reply.ok:
            channel = str(args[0])
            try:
                options = turn_options(host, channel, reply.language)
            except Exception:
                log.exception("reading the options of channel %s failed", channel)
        return Outcome(reply, options)

    async def _publish(
        self,
        interaction: discord.Interaction,
        outcome: Outcome,
        *,
        ack: str,
        content: str | None = None,
        attach_text: str | None = None,
        board_button: bool = True,
        kind: str = "change",
    ) -> None:
        """Acknowledge privately, then post the public message of an accepted change.

        A message with a picture (the turn picture after a move) gets a "Full board" button unless
        ``board_button`` is false (the message already is the board).

        ``ack`` is in the user's language; the public message (``content`` or the reply's own
        text), its picture description and its buttons are in the table's (``Reply.language``).

        ``kind`` says what the Host did: ``move`` or ``change`` (something was committed) or
        ``view`` (nothing was). Once something was committed, no failure below says "unchanged":
        whatever did not reach the channel is named to the player — the missing permission in
        that channel (known beforehand from the interaction, or from a 403), a Discord error —
        with the command that posts the board again, and the players it would have pinged get a
        direct message. The post goes by the first route that works (the follow-up, else the
        channel, else without its picture). Then the bots' turns follow in their own loop.
        """
        reply = outcome.reply
        data = reply.data or {}
        solo = bool(data.get("solo")) or interaction.guild_id is None
        channel, user = self._ids(interaction)
        ulang = user_language(interaction)
        if kind != "view":
            self._saved[interaction.id] = kind
        if channel:
            self.recent[channel] = interaction
        table_lang = reply.language or ulang

        def build(picture: bool) -> tuple[str, dict[str, Any]]:
            return self.public_message(outcome, solo, table_lang, content=content, attach_text=attach_text,
                                       board_button=board_button, picture=picture)

        before: Problem | None = None
        lacking = missing_permissions(interaction, files=True, channel_post=False)
        if lacking and (reply.png or attach_text):
            before = Problem("permissions", channel, tuple(lacking))

            def build(picture: bool, full: Any = build) -> tuple[str, dict[str, Any]]:  # noqa: F811
                return full(False)

        private = "\n".join(p for p in (ack, reply.private) if p)
        acked = await self._private(interaction, private)
        # Unanswered, the first follow-up would replace the ephemeral "thinking" answer (and be
        # private too): then the public message goes through the channel only.
        posted = await self.messenger.public(interaction if acked else None, channel, build)
        if posted.ok:
            await self._remember_message(interaction, posted.message, data.get("table_id"))
        problem = before or posted.note()
        if problem is not None:
            with language(ulang):
                note = self._failure_note(interaction, problem, kind)
            # a view (nothing saved) says only what failed; a change keeps its acknowledgement
            full = note if kind == "view" else f"{private}\n{note}"
            told = await self.messenger.private(interaction, full, edit_first=acked)
            if not told:
                await self.messenger.dm(user, self._dm_text(interaction, full))
        elif not acked:
            await self.messenger.dm(user, self._dm_text(interaction, private))
        if not posted.ok and kind != "view":
            await self._notify_by_dm(reply, channel, problem, exclude=user)
        if reply.ok and channel and kind != "view":
            await self.bots.kick(channel, solo, ulang)

    def _failure_note(self, interaction: discord.Interaction, problem: Problem, kind: str) -> str:
        """What did not reach the channel and what to do, in the current language."""
        command = code(slash("solo" if interaction.guild_id is None else "game", "board"))
        reason = problem.text()
        if kind == "move":
            return _("Your move counted, but I could not post the board here: {reason} {command} posts it again.",
                     reason=reason, command=command)
        if kind == "change":
            return _("This is saved, but I could not post the message here: {reason} {command} posts the board "
                     "again.", reason=reason, command=command)
        return _("I could not post the board here: {reason}", reason=reason)

    def _dm_text(self, interaction: discord.Interaction, text: str) -> str:
        """``text`` for a direct message: where it is about (the user's language)."""
        channel = interaction.channel_id
        with language(user_language(interaction)):
            if interaction.guild_id is not None and channel is not None:
                where = _("About your game in {channel}:", channel=f"<#{channel}>")
                link = f"https://discord.com/channels/{interaction.guild_id}/{channel}"
                return fit(f"{where}\n{text}\n{link}")
            return fit(_("About your game here:") + "\n" + text)

    async def _notify_by_dm(self, reply: Reply, channel: str, problem: Problem | None, exclude: str | None) -> None:
        """Tell the players ``reply`` would have pinged, by direct message, that it is their turn."""
        table = (reply.data or {}).get("table_id")
        for user_id in dict.fromkeys(reply.mention):
            if user_id == exclude or not str(user_id).isdigit():
                continue
            with language(reply.language or "en"):
                where = f"<#{channel}>" if channel.isdigit() else channel
                text = _("It's your turn at table #{table} in {channel}.", table=table or "?", channel=where)
                if problem is not None:
                    text += "\n" + _("The board could not be posted there: {reason}", reason=problem.text())
            await self.messenger.dm(user_id, text)

    async def bot_turn(self, channel: str, lang: str) -> Outcome | None:
        """Play the turn of the bot to act at the channel's table (committed; ``None`` when no bot is to act)."""
        outcome = await self._run(self._with_options, self.host, self.host.bot_step, channel, lang=lang)
        return outcome if outcome.reply.ok else None

    async def play_bots(self, channel: str, solo: bool, lang: str) -> int:
        """Play every bot turn due now at the channel's table, each posted through the outbox
        (in order, retried with back-off without holding the bots up). Returns how many were played."""
        return await self.bots.play(channel, solo, lang)

    async def _outbox_posted(self, channel: str, message: Any, item: Post) -> None:
        await self._remember_sent(channel, message, item.table_id, item.lang)

    async def _outbox_failed(self, channel: str, item: Post, posted: Posted) -> None:
        reply = Reply(ok=True, mention=list(item.mention), language=item.lang,
                      data={"table_id": item.table_id} if item.table_id is not None else None)
        await self._notify_by_dm(reply, channel, posted.note(), exclude=None)

    def public_message(
        self,
        outcome: Outcome,
        solo: bool,
        lang: str,
        *,
        content: str | None = None,
        attach_text: str | None = None,
        board_button: bool = True,
        picture: bool = True,
    ) -> tuple[str, dict[str, Any]]:
        """The public message of an accepted change: its text and the ``send`` keyword arguments.

        The text, picture description and buttons are in ``lang`` (the table's language).
        ``picture=False`` leaves out every attachment (the bot may not attach files there).
        """
        reply = outcome.reply
        data = reply.data or {}
        with language(lang):
            if content is not None:
                body = content
            elif is_solo_step(reply):
                body = solo_message(reply)
            else:
                body = reply.public or ""
            mentions = mention_text(reply.mention)
            view = turn_view(outcome.options)
            lines: list[str] = []
            if view is not None and outcome.options and len(outcome.options.choices) <= MAX_BUTTONS:
                lines += option_lines(outcome.options)
            if outcome.options is not None and outcome.options.hidden:
                # Decided from public information only (Host.turn): never says what is in a hand.
                lines.append(_hidden_hint(outcome.options, solo))
            extra = "\n".join(lines)
            if board_button and reply.png and isinstance(data.get("table_id"), int):
                view = with_board_button(view, int(data["table_id"]))
            parts = [p for p in (mentions, body) if p]
            hint = slash("solo", "log") if solo else slash("game", "log")
            room = MESSAGE_LIMIT - len(extra) - 1 if extra else MESSAGE_LIMIT
            message = fit("\n".join(parts), room, log_hint=hint)
            if extra:
                message = f"{message}\n{extra}"[:MESSAGE_LIMIT]
            files = []
            image = board_file(reply.png, self._alt_text(reply)) if reply.png and picture else None
            if image is not None:
                files.append(image)
            if attach_text and picture:
                described = _("The board as text")
                files.append(discord.File(_text_io(attach_text), filename="board.txt", description=described))
        kwargs: dict[str, Any] = {"allowed_mentions": USER_MENTIONS}
        if files:
            kwargs["files"] = files
        if view is not None:
            kwargs["view"] = view
        return message or "\u200b", kwargs

    async def _remember_message(self, interaction: discord.Interaction, sent: Any, table_id: Any) -> None:
        """Store the posted message as the table's latest board (never fails the command)."""
        channel, _user = self._ids(interaction)
        await self._remember_sent(channel, sent, table_id, user_language(interaction))

    async def _remember_sent(self, channel: str, sent: Any, table_id: Any, lang: str) -> None:
        url, message_id = getattr(sent, "jump_url", None), getattr(sent, "id", None)
        if not isinstance(url, str) or message_id is None or not channel:
            return
        try:
            await self._run(
                self.host.set_board_message, channel, str(message_id), url,
                table_id=table_id if isinstance(table_id, int) else None, lang=lang,
            )
        except Exception:
            log.exception("storing the board message of channel %s failed", channel)

    async def _answer(self, interaction: discord.Interaction, outcome: Outcome, ack: str, kind: str = "change") -> None:
        if not outcome.reply.ok:
            await self._private(interaction, outcome.reply.private or _error(interaction))
            return
        await self._publish(interaction, outcome, ack=ack, kind=kind)

    def error_text(self, interaction: discord.Interaction) -> str:
        """What to tell the user after an unexpected error, in their language: "unchanged" only
        when nothing of this interaction was committed."""
        kind = self._saved.get(interaction.id)
        if kind is None:
            return _error(interaction)
        with language(user_language(interaction)):
            command = code(slash("solo" if interaction.guild_id is None else "game", "board"))
            if kind == "move":
                return _("Your move counted, but something went wrong afterwards. {command} posts the board again.",
                         command=command)
            return _("This is saved, but something went wrong afterwards. {command} posts the board again.",
                     command=command)

    async def report_error(self, interaction: discord.Interaction, error: BaseException, where: str) -> None:
        """Log ``error`` with its context and tell the user, ephemerally, what happened.

        An expected Discord error (an interaction that arrived too late, a deleted message) is
        logged without a traceback and answered only where it can be; anything else is an ERROR
        with its traceback. The answer says "unchanged" only when nothing was committed.
        """
        if isinstance(error, InteractionGone) or is_expected(error):
            log.info("%s: %s (user %s, channel %s)", where, error, getattr(interaction.user, "id", "?"),
                     interaction.channel_id)
            if isinstance(error, InteractionGone) or token_gone(error):
                return
        else:
            log.error(
                "%s failed (user %s, channel %s, guild %s)",
                where,
                getattr(interaction.user, "id", "?"),
                interaction.channel_id,
                interaction.guild_id,
                exc_info=(type(error), error, error.__traceback__),
            )
        await send_error(interaction, self.error_text(interaction))

    # ------------------------------------------------------------------------------------------
    # Lobby
    # ------------------------------------------------------------------------------------------
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
        data = reply.data or {}
        if not data.get("table_id") or data.get("board_url"):
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

    async def add_bot(self, interaction: discord.Interaction, level: str = "greedy") -> None:
        """``/game add-bot``: seat a bot of ``level`` at the open table (its turns follow automatically)."""
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
        """``/hint``: your three best moves now, by the greedy bot, with a reason each (only you see it)."""
        await self._defer(interaction)
        channel, user = self._ids(interaction)
        reply = await self._run(self.host_for(interaction).hint, channel, user, lang=user_language(interaction))
        await self._private(interaction, reply.private or _error(interaction))

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

    # ------------------------------------------------------------------------------------------
    # Solo
    # ------------------------------------------------------------------------------------------
    async def solo_new(self, interaction: discord.Interaction, difficulty: str = "medium") -> None:
        """``/solo new``: start a solo game against the automated opponent here (a DM or a channel)."""
        await self._defer(interaction)
        channel, user = self._ids(interaction)
        lang = user_language(interaction)
        level = str(difficulty or "").strip().lower()
        if SOLO_GAME is None:
            await self._private(interaction, str(tr(_("No installed game has a solo mode."), lang)))
            return
        if level not in DIFFICULTIES:
            with language(lang):
                names = ", ".join(_difficulty_choice(d) for d in DIFFICULTIES)
                text = _("Choose a difficulty: {levels}.", levels=names)
            await self._private(interaction, text)
            return
        if interaction.guild_id is not None and await self._refuse_without_permissions(interaction):
            return
        host = self.host_for(interaction, solo=True)
        outcome = await self._run(
            self._with_options, host, host.solo, channel, user, self._name(interaction), SOLO_GAME,
            {"difficulty": level}, guild=self._guild(interaction), language=server_language(interaction), lang=lang,
        )
        if not outcome.reply.ok:
            await self._private(interaction, self._refusal_with_link(interaction, outcome.reply))
            return
        with language(lang):
            ack = _("Your solo game against {opponent} ({difficulty}) has started.", opponent=opponent_name(),
                    difficulty=DIFFICULTY_NAMES.get(level, level))
        await self._publish(interaction, outcome, ack=ack)

    # ------------------------------------------------------------------------------------------
    # Looking
    # ------------------------------------------------------------------------------------------
    async def status(self, interaction: discord.Interaction, *, solo: bool = False) -> None:
        """``/game status`` and ``/solo status``: a summary of this channel's table (only to you)."""
        await self._defer(interaction)
        channel, _user = self._ids(interaction)
        lang = user_language(interaction)
        reply = await self._run(self.host_for(interaction, solo).status, channel, lang=lang)
        if not reply.ok:
            await self._private(interaction, reply.private or _error(interaction))
            return
        text = reply.private or reply.public or ""
        data = reply.data or {}
        difficulty = (data.get("options") or {}).get("difficulty")
        running = data.get("status") in ("open", "running")
        with language(lang):
            if data.get("solo") and difficulty:
                name = DIFFICULTY_NAMES.get(difficulty, difficulty)
                text += "\n" + _("Solo against {opponent}, difficulty {difficulty}.", opponent=opponent_name(),
                                  difficulty=name)
            if data.get("reminder_hours") and running:
                text += "\n" + _("Turn reminders after {hours} h.", hours=data["reminder_hours"])
            if data.get("to_act") and str(data["to_act"]).isdigit():
                text += "\n" + _("To act: {player}", player=f"<@{data['to_act']}>")
            if data.get("board_url") and running:
                text += "\n" + _("Latest board: {url}", url=data["board_url"])
        await self._private(interaction, text)

    async def board(self, interaction: discord.Interaction, *, solo: bool = False) -> None:
        """``/game board`` and ``/solo board``: post the current board again (picture, summary, options)."""
        await self._defer(interaction)
        channel, user = self._ids(interaction)
        lang = user_language(interaction)
        host = self.host_for(interaction, solo)
        outcome = await self._run(self._with_options, host, host.board, channel, user, lang=lang)
        reply = outcome.reply
        if not reply.ok:
            await self._private(interaction, reply.private or _error(interaction))
            return
        data = reply.data or {}
        with language(reply.language or lang):
            header = str(data.get("header") or first_line(reply.public))
            if reply.png:
                content, attach = header, None
            elif data.get("text") and len(header) + len(str(data["text"])) + 10 > MESSAGE_LIMIT:
                content, attach = header + "\n" + _("(The board as text is attached.)"), str(data["text"])
            elif data.get("text"):
                content, attach = f"{header}\n{code_block(str(data['text']), MESSAGE_LIMIT - len(header) - 1)}", None
            else:
                content, attach = reply.public or header, None
        private = reply.private
        shown = Outcome(
            Reply(ok=True, public=None, png=reply.png, alt=reply.alt, mention=[], data=reply.data,
                  language=reply.language),
            outcome.options,
        )
        with language(lang):
            ack = _("Here is the board.")
            if private:
                ack += "\n" + _("Your view:") + "\n" + code_block(private, 1800)
        await self._publish(interaction, shown, ack=ack, content=content, attach_text=attach, board_button=False,
                            kind="view")

    async def replay(self, interaction: discord.Interaction, table: int | None = None, *, solo: bool = False) -> None:
        """``/game replay [table]``: the replay viewer, only to you — the latest position of a table
        of this channel with buttons to step through its game (first / −10 / −1 / +1 / +10 / last)
        and to switch between the turn picture and the full board. Rebuilt from the log; another
        player's hidden cards never show (the Host draws the spectator's view, or your own seat's)."""
        await self._defer(interaction)
        channel, user = self._ids(interaction)
        lang = user_language(interaction)
        reply = await self._run(self.host_for(interaction, solo).replay, channel, user, table, None, lang=lang)
        await self._send_replay(interaction, reply, lang, edit=False)

    async def replay_step(self, interaction: discord.Interaction, table_id: int, position: int, board: bool) -> None:
        """A click in the replay viewer: show ``position`` (``-1``: the latest) of ``table_id`` in
        the same ephemeral message."""
        if not interaction.response.is_done():
            await interaction.response.defer()
        channel, user = self._ids(interaction)
        lang = user_language(interaction)
        host = self.host_for(interaction, interaction.guild_id is None)
        reply = await self._run(host.replay, channel, user, table_id, position, board=board, lang=lang)
        await self._send_replay(interaction, reply, lang, edit=True, board=board)

    async def _send_replay(self, interaction: discord.Interaction, reply: Reply, lang: str, *, edit: bool,
                           board: bool = False) -> None:
        if not reply.ok:
            await self._private(interaction, reply.private or _error(interaction))
            return
        data = reply.data or {}
        with language(lang):
            view = replay_view(int(data["table_id"]), int(data["position"]), int(data["count"]), board)
            content = fit(reply.private or "", MESSAGE_LIMIT)
            picture = board_file(reply.png, self._alt_text(reply)) if reply.png else None
        if edit:
            try:
                await interaction.edit_original_response(content=content or "\u200b",
                                                         attachments=[picture] if picture else [], view=view)
            except discord.NotFound as exc:  # the viewer's message was deleted (10008) or the token is gone
                log_failure(log, f"replay viewer of table {data.get('table_id')}", exc)
                if not token_gone(exc):
                    with language(lang):
                        gone = _("That replay message is gone. {command} opens a new one.",
                                 command=code(slash("solo" if interaction.guild_id is None else "game", "replay")))
                    await self._private(interaction, gone)
            return
        kwargs: dict[str, Any] = {"ephemeral": True, "allowed_mentions": NO_MENTIONS, "view": view}
        if picture is not None:
            kwargs["files"] = [picture]
        await interaction.followup.send(content or "\u200b", **kwargs)

    async def full_board(self, interaction: discord.Interaction, table_id: int) -> None:
        """The "Full board" button under a turn picture: the detailed board of that table now,
        only to the clicker and in their language (their own seat's view if they play there)."""
        await self._defer(interaction)
        channel, user = self._ids(interaction)
        lang = user_language(interaction)
        host = self.host_for(interaction, interaction.guild_id is None)
        reply = await self._run(host.replay, channel, user, table_id, None, board=True, lang=lang)
        if not reply.ok:
            await self._private(interaction, reply.private or _error(interaction))
            return
        with language(lang):
            picture = board_file(reply.png, self._alt_text(reply)) if reply.png else None
        kwargs: dict[str, Any] = {"ephemeral": True, "allowed_mentions": NO_MENTIONS}
        if picture is not None:
            kwargs["files"] = [picture]
        await interaction.followup.send(fit(reply.private or "", MESSAGE_LIMIT) or "\u200b", **kwargs)

    async def export(self, interaction: discord.Interaction, *, solo: bool = False) -> None:
        """``/game export``: the move log of this channel's latest table as two attachments, only to
        you — ``meiji-table-N.json`` (the export ``meiji replay`` reads) and ``meiji-table-N.txt``
        (one move per line in notation). A running game with hidden information exports only
        public forms and no seed."""
        await self._defer(interaction)
        channel, _user = self._ids(interaction)
        lang = user_language(interaction)
        reply = await self._run(self.host_for(interaction, solo).export, channel, lang=lang)
        if not reply.ok or not reply.data:
            await self._private(interaction, reply.private or _error(interaction))
            return
        data = reply.data
        name = f"meiji-table-{data.get('table_id', 'log')}"
        lines = [f"# {data['game']} · {data['status']} · seed {data['seed'] if data['seed'] is not None else '-'}"]
        lines += [f"{m['seq']:>4} {m['kind']:<6} {'' if m['seat'] is None else 'seat ' + str(m['seat'] + 1):<7} "
                  f"{m['notation']}" for m in data["moves"]]
        with language(lang):
            files = [
                discord.File(io.BytesIO(json.dumps(data, indent=1, ensure_ascii=False).encode()),
                             filename=f"{name}.json", description=_("Move log (JSON, for meiji replay)")),
                discord.File(io.BytesIO("\n".join(lines).encode()), filename=f"{name}.txt",
                             description=_("Move log (one move per line)")),
            ]
        await interaction.followup.send(reply.private or "\u200b", files=files, ephemeral=True,
                                        allowed_mentions=NO_MENTIONS)

    async def hand(self, interaction: discord.Interaction, *, solo: bool = False) -> None:
        """``/game hand`` and ``/solo hand``: your own view, picture and options (only to you).

        Everything is in the user's language and ephemeral: the seat's view as text, the picture
        of that view, and — when it is your turn — your options as buttons or a menu (the same
        components as under a public board, played through ``Host.choose``; the public message
        of the step shows only its public form).
        """
        await self._defer(interaction)
        channel, user = self._ids(interaction)
        lang = user_language(interaction)
        reply = await self._run(self.host_for(interaction, solo).hand, channel, user, lang=lang)
        if not reply.ok:
            await self._private(interaction, reply.private or _error(interaction))
            return
        data = reply.data or {}
        options = None
        if reply.choices and reply.version is not None and isinstance(data.get("table_id"), int):
            options = TurnOptions(
                table_id=int(data["table_id"]), version=int(reply.version), user_id=user,
                prompt=str(data.get("prompt") or "") or None,
                choices=tuple((str(n), str(label)) for n, label in reply.choices),
            )
        with language(lang):
            view = turn_view(options)
            text = str(data.get("text") or "")
            turn = str(data.get("turn") or "")
            tail: list[str] = [turn] if turn else []
            if options is not None and view is not None and len(options.choices) <= MAX_BUTTONS:
                tail += option_lines(options)
            elif options is not None and view is None:
                tail.append(_("You have too many options for buttons: play with {command}, which lists them as you "
                              "type.", command=code(slash("move"))))
            head = _("Your view:")
            room = MESSAGE_LIMIT - len(head) - sum(len(t) + 1 for t in tail) - 2
            parts = [head, code_block(text, max(room, 100))] if text else []
            content = fit("\n".join([*parts, *tail]), MESSAGE_LIMIT, log_hint=slash("solo" if solo else "game", "log"))
            picture = board_file(reply.png, self._alt_text(reply)) if reply.png else None
        kwargs: dict[str, Any] = {"ephemeral": True, "allowed_mentions": NO_MENTIONS}
        if picture is not None:
            kwargs["files"] = [picture]
        if view is not None:
            kwargs["view"] = view
        await interaction.followup.send(content or "\u200b", **kwargs)

    async def log(self, interaction: discord.Interaction, n: int = 10, *, solo: bool = False) -> None:
        """``/game log`` and ``/solo log``: the last ``n`` log entries (only to you)."""
        await self._defer(interaction)
        channel, _user = self._ids(interaction)
        lang = user_language(interaction)
        reply = await self._run(self.host_for(interaction, solo).log, channel, n, lang=lang)
        if not reply.ok:
            await self._private(interaction, reply.private or _error(interaction))
            return
        text = reply.private or reply.public
        if not text:
            with language(lang):
                text = _("The log is empty.")
        await interaction.followup.send(code_block(last_lines(text)), ephemeral=True, allowed_mentions=NO_MENTIONS)

    async def rules(self, interaction: discord.Interaction, topic: str, game: str | None = None) -> None:
        """``/game rules``: a short rules answer citing the rulebook section (only to you).

        The topics are the game's (``game`` option, else the game of this channel's table, else
        :func:`~engine.core.registry.default_game`), in the user's language.
        """
        await self._defer(interaction)
        lang = user_language(interaction)
        name = game or await self._table_game(interaction)
        topics = game_topics(name)
        solo = interaction.guild_id is None
        with language(lang):
            found = find_topic(topics, topic or "")
            if found is not None:
                text = topic_text(found, SOLO_COMMAND_NAMES if solo else GAME_COMMAND_NAMES)
            elif topics:
                names = ", ".join(t.key for t in topics)
                text = _("I don't know that topic. Try one of: {topics}.", topics=names)
            else:
                text = _("There are no rules topics for {game}.", game=name or default_game())
        await self._private(interaction, text)

    async def _table_game(self, interaction: discord.Interaction) -> str | None:
        """The game of this channel's latest table (``None`` if there is none or it can't be read)."""
        channel, _user = self._ids(interaction)
        if not channel:
            return None
        try:
            reply = await self._run(self.host.status, channel, lang=user_language(interaction))
        except Exception:
            log.exception("reading the game of channel %s failed", channel)
            return None
        game = (reply.data or {}).get("game") if reply.ok else None
        return game if isinstance(game, str) else None

    async def rules_autocomplete(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        """Autocomplete of ``/game rules topic``: topics matching the typed words (user's language)."""
        chosen = getattr(getattr(interaction, "namespace", None), "game", None)
        name = chosen if isinstance(chosen, str) and chosen else await self._table_game(interaction)
        topics = game_topics(name)
        with language(user_language(interaction)):
            return [
                app_commands.Choice(name=topic_label(t), value=t.key)
                for t in search_topics(topics, str(current)[:100], MAX_AUTOCOMPLETE)
            ]

    # ------------------------------------------------------------------------------------------
    # Playing
    # ------------------------------------------------------------------------------------------
    async def move(self, interaction: discord.Interaction, action: str) -> None:
        """``/move``: play ``action`` (notation, or the number of a listed move)."""
        await self._defer(interaction)
        channel, user = self._ids(interaction)
        lang = user_language(interaction)
        host = self.host_for(interaction)
        outcome = await self._run(self._with_options, host, host.move, channel, user, action, lang=lang)
        await self._answer(interaction, outcome, _played(outcome.reply, lang), kind="move")

    async def undo(self, interaction: discord.Interaction, *, solo: bool = False) -> None:
        """``/game undo`` and ``/solo undo``: take back your latest step of this turn."""
        await self._defer(interaction)
        channel, user = self._ids(interaction)
        lang = user_language(interaction)
        host = self.host_for(interaction, solo)
        outcome = await self._run(self._with_options, host, host.undo, channel, user, lang=lang)
        with language(lang):
            ack = _("Step taken back.")
        await self._answer(interaction, outcome, ack)

    async def move_autocomplete(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        """Autocomplete of ``/move action``: your legal moves matching the typed text (≤ 25).

        The labels are in the user's language; the typed words match the notation or the label.
        Only the player to act gets suggestions (``Host.legal`` refuses everybody else): the
        suggestions are seen by the typing user alone, and may hold that seat's hidden options.
        """
        channel, user = self._ids(interaction)
        if not channel:
            return []
        try:
            reply = await self._run(self.host.legal, channel, user, lang=user_language(interaction))
        except Exception:
            log.exception("autocomplete of /move failed (channel %s)", channel)
            return []
        if not reply.ok:
            return []
        return [
            app_commands.Choice(name=_choice_name(notation, label), value=notation[:100])
            for notation, label in filter_choices(reply.choices, current)
        ]

    async def choose(self, interaction: discord.Interaction, table_id: int, version: int, index: int) -> None:
        """A click on an option button or menu: the Host plays option ``index`` of that board."""
        await self._defer(interaction)
        channel, user = self._ids(interaction)
        lang = user_language(interaction)
        host = self.host_for(interaction)
        outcome = await self._run(
            self._with_options, host, host.choose, channel, user, table_id, version, index, lang=lang
        )
        await self._answer(interaction, outcome, _played(outcome.reply, lang), kind="move")


def filter_choices(
    choices: list[tuple[str, str]] | tuple[tuple[str, str], ...], current: str, limit: int = MAX_AUTOCOMPLETE
) -> list[tuple[str, str]]:
    """The ``(notation, label)`` pairs matching ``current`` (every typed word), best first, ≤ ``limit``.

    A word matches the notation or the label (in any language), case-insensitively. Notations
    starting with the typed text come first, then the other matches in list order.
    """
    typed = " ".join(str(current).casefold().split())[:MAX_NOTATION]
    words = typed.split()
    prefix, other = [], []
    for notation, label in choices:
        hay = f"{notation} {label}".casefold()
        if not all(w in hay for w in words):
            continue
        (prefix if typed and notation.casefold().startswith(typed) else other).append((notation, label))
    return (prefix + other)[:limit]


def _error(interaction: discord.Interaction) -> str:
    """The generic "something went wrong" in the user's language."""
    return str(tr(GENERIC_ERROR, user_language(interaction)))


def _hidden_hint(options: TurnOptions, solo: bool) -> str:
    """The public line of a decision where the player may have private options: they choose them
    with ``/game hand`` ("may also", when public buttons are offered too).

    In the current language (the table's); ``solo`` names ``/solo hand`` (solo tables and DMs).
    """
    player = f"<@{options.user_id}>" if options.user_id.isdigit() else options.user_id
    command = code(slash("solo" if solo else "game", "hand"))
    if options.choices:
        return _("{player} may also choose privately with {command}.", player=player, command=command)
    return _("{player} chooses privately with {command}.", player=player, command=command)


def _difficulty_choice(level: str) -> str:
    """``level`` as the option value to type, with its name in the current language if that differs."""
    name = str(tr(DIFFICULTY_NAMES.get(level, level)))
    return level if name == level else f"{level} ({name})"


def _played(reply: Reply, lang: str) -> str:
    """The private acknowledgement of a move in ``lang``: the step as the log stores it."""
    step = str((reply.data or {}).get("step") or "").strip()
    with language(lang):
        return _("Played {step}.", step=f"`{step[:100]}`") if step else _("Played.")


def _choice_name(notation: str, label: str) -> str:
    name = notation if not label or label == notation else f"{notation} — {label}"
    return name if len(name) <= 100 else name[:99] + "…"


def _text_io(text: str) -> io.BytesIO:
    return io.BytesIO(text.encode("utf-8"))


async def send_error(interaction: discord.Interaction, text: str | None = None) -> None:
    """Tell the user ``text`` (default: the generic error in their language) ephemerally, answered or not."""
    text = text or _error(interaction)
    try:
        if interaction.response.is_done():
            await interaction.followup.send(text, ephemeral=True, allowed_mentions=NO_MENTIONS)
        else:
            await interaction.response.send_message(text, ephemeral=True, allowed_mentions=NO_MENTIONS)
    except discord.HTTPException as exc:
        log_failure(log, f"sending the error message for interaction {getattr(interaction, 'id', '?')}", exc)


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
        if isinstance(tables, TableCommands):
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

    @group.command(name="log", description="The last moves of this table")
    @app_commands.describe(n="How many entries (1–200)")
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
    @app_commands.describe(level="greedy: quick and sensible; search: stronger, thinks up to 2 seconds a step")
    @app_commands.choices(level=BOT_LEVEL_CHOICES)
    async def game_add_bot(interaction: discord.Interaction, level: str = "greedy") -> None:
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


def build_solo_commands(tables: TableCommands) -> app_commands.Group:
    """The top-level ``/solo`` group, allowed in servers, DMs with the bot and private channels.

    Discord ignores context and install settings on subcommands, so they are set on the group.
    """
    group = app_commands.Group(name="solo", description="Play a solo game against the automated opponent (DMs too)")
    app_commands.allowed_contexts(guilds=True, dms=True, private_channels=True)(group)
    app_commands.allowed_installs(guilds=True, users=True)(group)

    @group.command(name="new", description="Start a solo game here")
    @app_commands.describe(difficulty="How hard the opponent plays")
    @app_commands.choices(difficulty=DIFFICULTY_CHOICES)
    async def solo_new(interaction: discord.Interaction, difficulty: str) -> None:
        """/solo new (see :class:`TableCommands`)."""
        await tables.solo_new(interaction, difficulty)

    @group.command(name="status", description="Your solo game: whose turn, difficulty")
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

    @group.command(name="log", description="The last moves of your solo game")
    @app_commands.describe(n="How many entries (1–200)")
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
