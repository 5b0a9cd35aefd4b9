"""The shared plumbing of the slash commands: deferring, calling the Host off the event loop, private
answers, posting an accepted change publicly (with its options), and reporting errors.
"""

from __future__ import annotations

import asyncio
import io
import logging
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, TypeVar

import discord

from bot.host import Host, Reply
from bot.words import _
from engine.core.i18n import language, tr

from ..accounts import account_text, has_account
from ..autoplay import BotRunner, Outbox, Post
from ..components import MAX_BUTTONS, TurnOptions, option_lines, turn_options, turn_view, with_board_button
from ..delivery import (
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
from ..messages import (
    GAME_COMMAND_NAMES,
    GENERIC_ERROR,
    MESSAGE_LIMIT,
    NO_MENTIONS,
    SOLO_COMMAND_NAMES,
    USER_MENTIONS,
    code,
    first_line,
    fit,
    mention_text,
    slash,
    user_language,
)
from ..pictures import board_file
from ..solo import ENGINE_SOLO_END_KINDS, goal_check, is_solo_step, solo_message

#: One logger for every command module (records named ``bot.discord_app.commands``, as before).
log = logging.getLogger("bot.discord_app.commands")

R = TypeVar("R")

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


class CommandsCore:
    """The plumbing every command group shares: deferring, the Host call off the event loop,
    private answers, the public post of an accepted change, errors (see :class:`TableCommands`)."""

    def __init__(self, host: Host, client: discord.Client | None = None, *, messenger: Messenger | None = None,
                 outbox: Outbox | None = None) -> None:
        self.host = host
        self.messenger = messenger or Messenger(client)
        #: The latest interaction per channel: a fall-back route for posts while its token lives.
        self.recent: dict[str, discord.Interaction] = {}
        self.outbox = outbox or Outbox(Messenger(client, sleep=self.messenger.sleep, delays=(), gone=self.messenger.gone),
                                       recent=self.recent.get, sleep=self.messenger.sleep)
        self.outbox.on_posted = self._outbox_posted
        self.outbox.on_failed = self._outbox_failed
        self.bots: BotRunner[Outcome] = BotRunner(self, self.outbox, background=client is not None)
        #: Interactions whose change was committed: a later failure must never say "unchanged".
        self._saved: dict[int, str] = {}

    def host_for(self, interaction: discord.Interaction, solo: bool = False) -> Host:
        """The Host with this context's command names: ``/solo …`` for solo commands and DMs."""
        dm = interaction.guild_id is None
        return self.host.with_command_names(SOLO_COMMAND_NAMES if solo or dm else GAME_COMMAND_NAMES)

    async def run(self, fn: Callable[..., R], *args: Any, **kwargs: Any) -> R:
        """Run a blocking Host call off the event loop."""
        return await asyncio.to_thread(fn, *args, **kwargs)

    @staticmethod
    async def defer(interaction: discord.Interaction) -> None:
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

    async def private(self, interaction: discord.Interaction, text: str | None) -> bool:
        """An ephemeral answer (refusals, acknowledgements, private views) in the user's language:
        a follow-up, else an edit of the command's first answer. False when neither got through."""
        with language(user_language(interaction)):
            hint = slash("solo" if interaction.guild_id is None else "game", "log")
            text = fit(text or _("Done."), log_hint=hint)
        return await self.messenger.private(interaction, text)

    @staticmethod
    def ids(interaction: discord.Interaction) -> tuple[str, str]:
        channel = interaction.channel_id
        return ("" if channel is None else str(channel)), str(interaction.user.id)

    @staticmethod
    def guild_of(interaction: discord.Interaction) -> str | None:
        return None if interaction.guild_id is None else str(interaction.guild_id)

    @staticmethod
    def name_of(interaction: discord.Interaction) -> str:
        user = interaction.user
        return str(getattr(user, "display_name", None) or getattr(user, "name", None) or user.id)[:100]

    @staticmethod
    def is_admin(interaction: discord.Interaction) -> bool:
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
    def with_options(host: Host, fn: Callable[..., Reply], *args: Any, **kwargs: Any) -> Outcome:
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

    async def publish(
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

        A message with a picture (the turn picture after a move) or with options (every follow-up
        choice) gets a "Full board" button unless ``board_button`` is false (the message already is
        the board).

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
        channel, user = self.ids(interaction)
        ulang = user_language(interaction)
        if kind != "view":
            self._saved[interaction.id] = kind
        if channel:
            self.recent[channel] = interaction
        table_lang = reply.language or ulang

        before: Problem | None = None
        lacking = missing_permissions(interaction, files=True, channel_post=False)
        if lacking and (reply.png or attach_text):
            before = Problem("permissions", channel, tuple(lacking))  # then the text goes without its picture

        def build(picture: bool) -> tuple[str, dict[str, Any]]:
            return self.public_message(outcome, solo, table_lang, content=content, attach_text=attach_text,
                                       board_button=board_button, picture=picture and before is None)

        private = "\n".join(p for p in (ack, reply.private) if p)
        acked = await self.private(interaction, private)
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
            if data.get("finished"):
                await self.post_story(channel, data.get("table_id"), table_lang)
            await self.bots.kick(channel, solo, ulang)

    async def refuse_without_permissions(self, interaction: discord.Interaction) -> bool:
        """Refuse (ephemerally, naming them) when the bot lacks what a table needs in this channel."""
        lacking = missing_permissions(interaction, files=True, channel_post=interaction.guild_id is not None)
        if not lacking:
            return False
        channel, _user = self.ids(interaction)
        with language(user_language(interaction)):
            text = _("I can't host a table here: {reason} Ask a server admin to grant it, or start the game in "
                     "another channel.", reason=permission_sentence(lacking, channel))
        log.info("table refused in channel %s: missing %s", channel, ", ".join(lacking))
        await self.private(interaction, text)
        return True

    def refusal_with_link(self, interaction: discord.Interaction, reply: Reply) -> str:
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

    async def bot_turn(self, channel: str, lang: str) -> Outcome | None:
        """Play the turn of the bot to act at the channel's table (committed; ``None`` when no bot is to act)."""
        outcome = await self.run(self.with_options, self.host, self.host.bot_step, channel, lang=lang)
        return outcome if outcome.reply.ok else None

    async def play_bots(self, channel: str, solo: bool, lang: str) -> int:
        """Play every bot turn due now at the channel's table, each posted through the outbox
        (in order, retried with back-off without holding the bots up). Returns how many were played."""
        return await self.bots.play(channel, solo, lang)

    async def post_story(self, channel: str, table_id: Any, lang: str) -> None:
        """After a game's final score, its story chart (:meth:`bot.host.Host.story`): computed off
        the event loop, then posted through the channel's outbox, after the final score. A game
        that tells no story, or a failure, costs only the chart (logged)."""
        tid = table_id if isinstance(table_id, int) else None
        try:
            reply = await self.run(self.host.story, channel, None, tid)
        except Exception:
            log.exception("the story of table %s failed", tid)
            return
        if not reply.ok:
            return
        outcome = Outcome(reply)
        post_lang = reply.language or lang

        def build(picture: bool) -> tuple[str, dict[str, Any]]:
            return self.public_message(outcome, False, post_lang, board_button=False, picture=picture)

        await self.outbox.post(channel, Post(build, f"story of table {tid}", tid, post_lang))

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
            mentions = mention_text(reply.mention)
            view = turn_view(outcome.options)
            lines: list[str] = []
            if view is not None and outcome.options and len(outcome.options.choices) <= MAX_BUTTONS:
                lines += option_lines(outcome.options)
            if outcome.options is not None and outcome.options.hidden:
                # Decided from public information only (Host.turn): never says what is in a hand.
                lines.append(_hidden_hint(outcome.options, solo))
            extra = "\n".join(lines)
            # Every decision keeps the full board at hand: a message with a picture or with options
            # (a follow-up choice such as a market or train slot) carries the "Full board" button.
            if board_button and (reply.png or view is not None) and isinstance(data.get("table_id"), int):
                view = with_board_button(view, int(data["table_id"]))
            hint = slash("solo", "log") if solo else slash("game", "log")
            room = MESSAGE_LIMIT - len(extra) - 1 if extra else MESSAGE_LIMIT
            if content is not None:
                body = content
            elif has_account(data):
                body = self._turn_body(reply, solo, room - len(mentions) - 1, hint)
            elif is_solo_step(reply):
                body = solo_message(reply)
            else:
                body = reply.public or ""
            parts = [p for p in (mentions, body) if p]
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

    @staticmethod
    def _turn_body(reply: Reply, solo: bool, room: int, hint: Any) -> str:
        """The text of a turn message: the accounts of the whole turn (and what followed it), then
        whose turn it is or the end (a solo game's goal check); at most ``room`` characters, in the
        current language. A start keeps its first line ("The game has started …") on top."""
        data = reply.data or {}
        head = [] if "step" in data else [first_line(reply.public)]
        if solo and data.get("finished"):
            tail = goal_check(data.get("result"))
        else:
            tail = [str(data.get("next") or "")]
        head_text = "\n".join(h for h in head if h)
        accounts = data.get("account") or []
        if solo and data.get("finished"):
            # The goal check replaces the engine's own end-of-solo lines (ENGINE_SOLO_END_KINDS).
            ended = {str(e.get("text")) for e in data.get("events") or [] if e.get("kind") in ENGINE_SOLO_END_KINDS}
            accounts = [{**a, "lines": [line for line in a.get("lines", []) if line not in ended]} for a in accounts]
        body = account_text(accounts, tail, limit=room - len(head_text) - 1, log_hint=hint)
        return "\n".join(p for p in (head_text, body) if p)

    async def _remember_message(self, interaction: discord.Interaction, sent: Any, table_id: Any) -> None:
        """Store the posted message as the table's latest board (never fails the command)."""
        channel, _user = self.ids(interaction)
        await self._remember_sent(channel, sent, table_id, user_language(interaction), self.guild_of(interaction))

    async def _remember_sent(self, channel: str, sent: Any, table_id: Any, lang: str, guild: str | None = None) -> None:
        """Store ``sent`` as the table's latest board message. Its link is built from the server
        ``guild`` where there is one (a follow-up's ``jump_url`` names no server: ``@me``); the Host
        corrects any server table's ``@me`` link as well."""
        url, message_id = getattr(sent, "jump_url", None), getattr(sent, "id", None)
        if message_id is None or not channel:
            return
        if guild is not None and str(guild).isdigit():
            url = f"https://discord.com/channels/{guild}/{channel}/{message_id}"
        if not isinstance(url, str):
            return
        try:
            await self.run(
                self.host.set_board_message, channel, str(message_id), url,
                table_id=table_id if isinstance(table_id, int) else None, lang=lang,
            )
        except Exception:
            log.exception("storing the board message of channel %s failed", channel)

    async def answer(self, interaction: discord.Interaction, outcome: Outcome, ack: str, kind: str = "change") -> None:
        if not outcome.reply.ok:
            await self.private(interaction, outcome.reply.private or _error(interaction))
            return
        await self.publish(interaction, outcome, ack=ack, kind=kind)

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
