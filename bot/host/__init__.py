"""The transport-agnostic table service (docs/architecture.md, "Hosting").

A :class:`Host` owns the tables of every channel. The Discord adapter and the terminal table are
thin front ends over it: each call takes plain ids and strings and returns a :class:`Reply`.
Bad input never raises: it comes back as ``Reply(ok=False, private=<reason>)`` and nothing in
the database changes. Nothing is kept in memory between calls; every call reads the database, so
a restarted process resumes every game.

The log is append-only. Each accepted move appends the player's choice, then every chance
outcome that follows it (sampled from the table's seed at ply = the entry's ``seq``), then a
snapshot of the new state, and bumps the table's version with an optimistic check. An undo is
an appended ``undo`` entry whose notation is the ``seq`` of the choice it takes back; the
*effective* log (:func:`effective_moves`) is the log without undo entries, system notes and the
choices they took back, and replaying it rebuilds the state.

Conventions games may use: a decision of kind ``"turn"`` (:data:`TURN_START`) is the first
decision of a player's turn, so an undo that would go back past it is refused; an
:class:`~engine.core.Event` whose ``data`` has ``undo_barrier: True`` makes the step that produced
it impossible to undo (e.g. it revealed hidden information); one with ``private: True`` is shown
only to the acting player; events of kind ``"automa"`` (:data:`AUTOMA_EVENT`) narrate one turn of
an automated solo opponent in one line; a hook ``seat_label_text(label)`` names a stored seat label
(e.g. ``purple``) in words, shown in languages other than English (:class:`SeatLabel`).

Hidden information (:mod:`engine.core.hidden`): a game's ``public_notation(state, action)``
(:func:`public_form`) gives the public form of a move that hides something; logs, running exports
and public texts show only that. Options that would name hidden information are never offered
publicly: :meth:`Host.turn` lists only the public ones (numbered before any private one), and
whether the player is also pointed to a private route (``data.hidden_choices``) is decided from
public information only (:func:`hidden_choices`); the player sees every option privately with
:meth:`Host.hand` (their own view as text and picture, and their options in their language) or
:meth:`Host.legal`. A step that revealed hidden information is never undone, and a taken-back step
that names a card hidden again is shown without its notation.

Texts that name a command (``Join it with 'join'``) use the front end's spelling from
``command_names`` (:data:`DEFAULT_COMMAND_NAMES`; :meth:`Host.with_command_names` gives a sibling
host with other names, e.g. for Discord DMs). Reminder bookkeeping (:meth:`Host.due_reminders`,
:meth:`Host.mark_reminded`) lives in its own table, never in the move log.

Languages (docs/i18n.md): every public method that returns a :class:`Reply` takes a keyword-only
``lang`` (the caller's language: a Discord locale, a POSIX ``LANG`` value or a code; ``None`` keeps
the current context's language, English by default). Refusals and ``Reply.private`` are in
``lang``; ``Reply.public``, the picture and its alt text, the ``choices`` of :meth:`Host.turn` and
the texts in ``data`` (a typed record, :mod:`bot.host.data`) are in the *table's* language (``TableRec.language``, chosen at
:meth:`Host.new_table` and changed with :meth:`Host.set_language`), named by ``Reply.language``.
Engine texts (:class:`~engine.core.i18n.Msg`) are translated with ``tr`` where they are shown.

Composition: :class:`Host` is a thin facade that front ends call; every method delegates to one
service, and each service is its own class that takes what it uses in its constructor, so its
dependencies show (who builds what, in :meth:`Host.__init__`)::

    TableLoader(store, games, command_names, data_dir)      bot.host.base
      └─ ReplyBuilder(tables, render)                       bot.host.replies
           ├─ AccountService(tables, replies)               bot.host.accounts
           ├─ SettingsService(tables)                       bot.host.settings
           ├─ BotService(tables, replies, accounts, settings)          bot.host.bots
           ├─ LobbyService(tables, replies, accounts, bots)            bot.host.lobby
           ├─ PlayService(tables, replies, accounts)                   bot.host.play
           ├─ ViewService(tables, replies)                  bot.host.views
           ├─ StoryService(tables, replies)                 bot.host.story
           └─ ReviewService(tables)                         bot.host.review

* :mod:`bot.host.core` — :class:`Reply`, :class:`Refusal`, the guard of every call, constants and helpers;
* :mod:`bot.host.data` — the typed records of ``Reply.data`` (:class:`~bot.host.data.StepData` …);
* :mod:`bot.host.base` — :class:`TableLoader`: the store, the game lookup, command names, component
  data, and the unit-of-work helpers (find a channel's table, its state, bump its version);
* :mod:`bot.host.replies` — :class:`ReplyBuilder`: texts, pictures and data shared by replies;
* :mod:`bot.host.seats` — seat names and labels, the final result, who may change settings;
* :mod:`bot.host.lobby` — new table, join, leave, start, solo (one unit of work: the table, its bots
  and the start), abandon;
* :mod:`bot.host.play` — move, choose, undo (one write unit of work each, nothing more);
* :mod:`bot.host.views` — board, replay, status, turn, hand, log, legal, export;
* :mod:`bot.host.accounts` — turn accounts (:meth:`Host.accounts`, ``data.account`` of every
  committed move, bot turn and start);
* :mod:`bot.host.bots` — add-bot (and seating a bot in the lobby's unit of work), bot steps,
  timeouts, take-over, return, hint;
* :mod:`bot.host.settings` — reminders and timeouts (one shared implementation), language, the
  board message;
* :mod:`bot.host.story` — the story chart of a finished game;
* :mod:`bot.host.review` — a player's review of their key moments in a finished game.

The Discord commands and the terminal call the same :class:`Host`; everything other modules use
is importable from :mod:`bot.host`.
"""

from __future__ import annotations

import copy
import os
from collections.abc import Callable, Mapping
from datetime import datetime
from typing import Any

from engine.core import get_game
from engine.core.hidden import public_form

from ..store import Store
from .accounts import AccountService, format_accounts
from .base import TableLoader
from .bots import BotService
from .core import (
    ABANDONED_NOTE,
    AUTOMA_EVENT,
    BOT_LEVEL_WORDS,
    BOT_PREFIX,
    DEFAULT_COMMAND_NAMES,
    HIDDEN_NOTATION,
    INPUTS,
    LANGUAGE_ALIASES,
    MAX_BOT_STEPS,
    MAX_CHANCE_CHAIN,
    MAX_INPUT,
    MAX_REMINDER_HOURS,
    MAX_REMINDERS,
    MAX_SOLO_BOTS,
    MAX_TIMEOUT_HOURS,
    MIN_SOLO_BOTS,
    MOVED_ON,
    RETURN_NOTE,
    SOLO_FACTS,
    STATUS_WORDS,
    TAKEOVER_LEVEL,
    TAKEOVER_NOTE,
    TURN_START,
    GameLookup,
    Refusal,
    Reply,
    bot_level,
    effective_moves,
    hidden_choices,
    language_code,
    level_list,
    level_word,
    table_language,
)
from .data import (
    AccountsData,
    BoardData,
    BoardMessageData,
    ExportData,
    HandData,
    IntervalData,
    LanguageData,
    OpenedData,
    ReplayData,
    ReplyData,
    ReturnData,
    ReviewData,
    SeatData,
    StatusData,
    StepData,
    StoryData,
    TakeOverData,
    TurnData,
)
from .lobby import LobbyService
from .play import PlayService
from .renderer import Picture, Renderer
from .replies import ReplyBuilder
from .review import ReviewService
from .seats import SeatLabel, format_result, is_bot_user, label_text, seat_name
from .settings import SettingsService
from .stall import BotWatches
from .story import StoryService
from .views import ViewService

__all__ = [
    "ABANDONED_NOTE",
    "AUTOMA_EVENT",
    "BOT_LEVEL_WORDS",
    "BOT_PREFIX",
    "DEFAULT_COMMAND_NAMES",
    "HIDDEN_NOTATION",
    "INPUTS",
    "LANGUAGE_ALIASES",
    "MAX_BOT_STEPS",
    "MAX_CHANCE_CHAIN",
    "MAX_INPUT",
    "MAX_REMINDERS",
    "MAX_REMINDER_HOURS",
    "MAX_SOLO_BOTS",
    "MAX_TIMEOUT_HOURS",
    "MIN_SOLO_BOTS",
    "MOVED_ON",
    "RETURN_NOTE",
    "SOLO_FACTS",
    "STATUS_WORDS",
    "TAKEOVER_LEVEL",
    "TAKEOVER_NOTE",
    "TURN_START",
    "AccountService",
    "BotService",
    "GameLookup",
    "Host",
    "LobbyService",
    "PlayService",
    "Picture",
    "Refusal",
    "Renderer",
    "Reply",
    "ReplyBuilder",
    "ReplyData",
    "SeatLabel",
    "SettingsService",
    "StepData",
    "ReviewService",
    "StoryService",
    "TableLoader",
    "TurnData",
    "ViewService",
    "bot_level",
    "effective_moves",
    "format_accounts",
    "format_result",
    "hidden_choices",
    "is_bot_user",
    "label_text",
    "language_code",
    "level_list",
    "level_word",
    "public_form",
    "seat_name",
    "table_language",
]



class Host:
    """The table service front ends call (see the package docstring): a facade over the composed
    services, with one method per use case that delegates to the service owning it.

    ``render`` (optional) is the :class:`~bot.host.renderer.Renderer` (board, turn, final and story
    pictures, built by the composition root :func:`bot.app.compose`); it runs after the commit and a
    failing renderer only costs the picture. ``games`` looks a game up by
    name (default: the registry). ``command_names`` maps the commands the texts mention (``new``,
    ``join``, ``start``, ``undo``, ``board``, ``log``) to the front end's spelling.
    ``bot_time_limit`` (seconds) caps every bot decision instead of its level's budget.

    Component data (:mod:`engine.core.components`): a game starts with the shipped data corrected
    by the owner's override folder ``data_dir`` (default: the ``MEIJI_DATA_DIR`` environment
    variable); the table stores that data set's digest and the store keeps the data set, and every
    later call on the table selects it again (a table from before digests: the game's legacy data),
    so a correction never changes a game in progress. A table whose data set is not available is
    refused with a message saying so.

    Every method that returns a :class:`Reply` takes a keyword-only ``lang`` (the caller's
    language) and never raises: a refusal is ``Reply(ok=False, private=<reason>)``.
    """

    def __init__(
        self,
        store: Store,
        render: Renderer | None = None,
        *,
        games: GameLookup = get_game,
        command_names: Mapping[str, str] | None = None,
        data_dir: str | os.PathLike[str] | None = None,
        bot_time_limit: float | None = None,
    ) -> None:
        self._compose(TableLoader(store, games=games, command_names=command_names, data_dir=data_dir), render,
                      bot_time_limit, BotWatches())

    def _compose(self, tables: TableLoader, render: Renderer | None, bot_time_limit: float | None,
                 watches: BotWatches) -> None:
        """Build the services over ``tables`` (the composition the package docstring draws);
        ``watches`` is what the bots remember of each game, shared with every sibling host."""
        self.tables = tables
        self.replies = ReplyBuilder(self.tables, render)
        self.account_service = AccountService(self.tables, self.replies)
        self.settings_service = SettingsService(self.tables)
        self.bot_service = BotService(self.tables, self.replies, self.account_service, self.settings_service,
                                      time_limit=bot_time_limit, watches=watches)
        self.lobby_service = LobbyService(self.tables, self.replies, self.account_service, self.bot_service)
        self.play_service = PlayService(self.tables, self.replies, self.account_service)
        self.view_service = ViewService(self.tables, self.replies)
        self.story_service = StoryService(self.tables, self.replies)
        self.review_service = ReviewService(self.tables)

    # --- construction ---------------------------------------------------------------------------
    @property
    def store(self) -> Store:
        """The database every service works on."""
        return self.tables.store

    @property
    def render(self) -> Renderer | None:
        """The renderer of the pictures (``None``: no pictures); settable."""
        return self.replies.render

    @render.setter
    def render(self, render: Renderer | None) -> None:
        self.replies.render = render

    @property
    def command_names(self) -> dict[str, str]:
        """How the texts spell the commands they mention."""
        return self.tables.command_names

    @property
    def data_dir(self) -> Any:
        """The owner's component corrections for new games (``None``: none)."""
        return self.tables.data_dir

    @property
    def bot_time_limit(self) -> float | None:
        """Seconds a bot may think per decision (``None``: each level's own budget)."""
        return self.bot_service.time_limit

    def with_command_names(self, command_names: Mapping[str, str]) -> Host:
        """A host over the same store and renderer whose texts name commands as ``command_names``.

        Front ends with several command sets (Discord's ``/game`` in servers and ``/solo`` in
        DMs) keep one such sibling per set; nothing else differs, both see the same tables.
        """
        tables = copy.copy(self.tables)
        tables.command_names = {**self.command_names, **command_names}
        sibling = copy.copy(self)  # (keeps what a caller set on this host, e.g. a test's wrapper)
        sibling._compose(tables, self.render, self.bot_time_limit, self.bot_service.watches)
        return sibling

    def with_renderer(self, render: Renderer | None) -> Host:
        """A host over the same store, command names and bots' memory that draws with ``render``
        (e.g. the terminal draws a final picture of a game played without pictures)."""
        sibling = copy.copy(self)
        sibling._compose(copy.copy(self.tables), render, self.bot_time_limit, self.bot_service.watches)
        return sibling

    # --- lobby (LobbyService) -------------------------------------------------------------------
    def new_table(
        self, channel: str, user: str, user_name: str, game: str, options: dict[str, Any] | None = None,
        seed: int | None = None, *, guild: str | None = None, reminder_hours: int | None = None,
        language: str | None = None, lang: str | None = None,
    ) -> Reply[OpenedData]:
        """:meth:`LobbyService.new_table`."""
        return self.lobby_service.new_table(channel, user, user_name, game, options, seed, guild=guild,
                                            reminder_hours=reminder_hours, language=language, lang=lang)

    def join(self, channel: str, user: str, user_name: str, *, lang: str | None = None) -> Reply[SeatData]:
        """:meth:`LobbyService.join`."""
        return self.lobby_service.join(channel, user, user_name, lang=lang)

    def leave(self, channel: str, user: str, *, lang: str | None = None) -> Reply[None]:
        """:meth:`LobbyService.leave`."""
        return self.lobby_service.leave(channel, user, lang=lang)

    def start(self, channel: str, user: str, *, shuffle_seats: bool = False, lang: str | None = None) -> Reply[StepData]:
        """:meth:`LobbyService.start`."""
        return self.lobby_service.start(channel, user, shuffle_seats=shuffle_seats, lang=lang)

    def solo(
        self, channel: str, user: str, user_name: str, game: str, options: dict[str, Any] | None = None,
        seed: int | None = None, *, guild: str | None = None, language: str | None = None,
        bots: int | None = None, level: str | None = None, lang: str | None = None,
    ) -> Reply[StepData]:
        """:meth:`LobbyService.solo`."""
        return self.lobby_service.solo(channel, user, user_name, game, options, seed, guild=guild, language=language,
                                       bots=bots, level=level, lang=lang)

    def abandon(self, channel: str, user: str, is_admin: bool = False, *, lang: str | None = None) -> Reply[None]:
        """:meth:`LobbyService.abandon`."""
        return self.lobby_service.abandon(channel, user, is_admin, lang=lang)

    # --- play (PlayService) ---------------------------------------------------------------------
    def move(
        self, channel: str, user: str, notation: str, expected_version: int | None = None, *,
        table_id: int | None = None, lang: str | None = None,
    ) -> Reply[StepData]:
        """:meth:`PlayService.move`."""
        return self.play_service.move(channel, user, notation, expected_version, table_id=table_id, lang=lang)

    def choose(
        self, channel: str, user: str, table_id: int, version: int, index: int, *, lang: str | None = None
    ) -> Reply[StepData]:
        """:meth:`PlayService.choose`."""
        return self.play_service.choose(channel, user, table_id, version, index, lang=lang)

    def undo(
        self, channel: str, user: str, expected_version: int | None = None, *, lang: str | None = None
    ) -> Reply[StepData]:
        """:meth:`PlayService.undo`."""
        return self.play_service.undo(channel, user, expected_version, lang=lang)

    # --- views (ViewService, AccountService, StoryService) --------------------------------------
    def board(self, channel: str, user: str | None = None, *, lang: str | None = None) -> Reply[BoardData]:
        """:meth:`ViewService.board`."""
        return self.view_service.board(channel, user, lang=lang)

    def replay(
        self, channel: str, user: str, table_id: int | None = None, position: int | None = None, *,
        board: bool = False, lang: str | None = None,
    ) -> Reply[ReplayData]:
        """:meth:`ViewService.replay`."""
        return self.view_service.replay(channel, user, table_id, position, board=board, lang=lang)

    def status(self, channel: str, *, lang: str | None = None) -> Reply[StatusData]:
        """:meth:`ViewService.status`."""
        return self.view_service.status(channel, lang=lang)

    def turn(self, channel: str, *, lang: str | None = None) -> Reply[TurnData]:
        """:meth:`ViewService.turn`."""
        return self.view_service.turn(channel, lang=lang)

    def hand(self, channel: str, user: str, *, lang: str | None = None) -> Reply[HandData]:
        """:meth:`ViewService.hand`."""
        return self.view_service.hand(channel, user, lang=lang)

    def log(self, channel: str, n: int = 10, *, lang: str | None = None) -> Reply[None]:
        """:meth:`ViewService.log`."""
        return self.view_service.log(channel, n, lang=lang)

    def legal(self, channel: str, user: str, *, lang: str | None = None) -> Reply[None]:
        """:meth:`ViewService.legal`."""
        return self.view_service.legal(channel, user, lang=lang)

    def export(self, channel: str, *, lang: str | None = None) -> Reply[ExportData]:
        """:meth:`ViewService.export`."""
        return self.view_service.export(channel, lang=lang)

    def accounts(
        self, channel: str, user: str | None = None, *, since_seat_turn: bool = False, last: int | None = None,
        in_caller_language: bool = False, lang: str | None = None,
    ) -> Reply[AccountsData]:
        """:meth:`AccountService.accounts`."""
        return self.account_service.accounts(channel, user, since_seat_turn=since_seat_turn, last=last,
                                             in_caller_language=in_caller_language, lang=lang)

    def story(
        self, channel: str, user: str | None = None, table_id: int | None = None, *, mine: bool = False,
        lang: str | None = None,
    ) -> Reply[StoryData]:
        """:meth:`StoryService.story`."""
        return self.story_service.story(channel, user, table_id, mine=mine, lang=lang)

    def review(self, channel: str, user: str, table_id: int | None = None, *,
               lang: str | None = None) -> Reply[ReviewData]:
        """:meth:`ReviewService.review`."""
        return self.review_service.review(channel, user, table_id, lang=lang)

    # --- bots (BotService) ----------------------------------------------------------------------
    def add_bot(self, channel: str, user: str, level: str = "medium", *, lang: str | None = None) -> Reply[SeatData]:
        """:meth:`BotService.add_bot`."""
        return self.bot_service.add_bot(channel, user, level, lang=lang)

    def bot_step(self, channel: str, *, lang: str | None = None) -> Reply[StepData]:
        """:meth:`BotService.bot_step`."""
        return self.bot_service.bot_step(channel, lang=lang)

    def play_bots(self, channel: str, *, lang: str | None = None, limit: int = 1000) -> list[Reply[StepData]]:
        """:meth:`BotService.play_bots`."""
        return self.bot_service.play_bots(channel, lang=lang, limit=limit)

    def set_timeout(
        self, channel: str, user: str, hours: int, is_admin: bool = False, *, lang: str | None = None
    ) -> Reply[IntervalData]:
        """:meth:`BotService.set_timeout`."""
        return self.bot_service.set_timeout(channel, user, hours, is_admin, lang=lang)

    def due_takeovers(
        self, now: datetime | None = None, serves: Callable[[str | None], bool] | None = None
    ) -> list[dict[str, Any]]:
        """:meth:`BotService.due_takeovers`."""
        return self.bot_service.due_takeovers(now, serves)

    def take_over(self, table_id: int, last_seq: int, *, lang: str | None = None) -> Reply[TakeOverData]:
        """:meth:`BotService.take_over`."""
        return self.bot_service.take_over(table_id, last_seq, lang=lang)

    def return_seat(self, channel: str, user: str, *, lang: str | None = None) -> Reply[ReturnData]:
        """:meth:`BotService.return_seat`."""
        return self.bot_service.return_seat(channel, user, lang=lang)

    def hint(self, channel: str, user: str, n: int = 3, *, lang: str | None = None) -> Reply[None]:
        """:meth:`BotService.hint`."""
        return self.bot_service.hint(channel, user, n, lang=lang)

    # --- settings (SettingsService) -------------------------------------------------------------
    def set_reminder(
        self, channel: str, user: str, hours: int, is_admin: bool = False, *, lang: str | None = None
    ) -> Reply[IntervalData]:
        """:meth:`SettingsService.set_reminder`."""
        return self.settings_service.set_reminder(channel, user, hours, is_admin, lang=lang)

    def set_language(
        self, channel: str, user: str, language: str, is_admin: bool = False, *, lang: str | None = None
    ) -> Reply[LanguageData]:
        """:meth:`SettingsService.set_language`."""
        return self.settings_service.set_language(channel, user, language, is_admin, lang=lang)

    def due_reminders(
        self, now: datetime | None = None, serves: Callable[[str | None], bool] | None = None
    ) -> list[dict[str, Any]]:
        """:meth:`SettingsService.due_reminders`."""
        return self.settings_service.due_reminders(now, serves)

    def mark_reminded(self, table_id: int, last_seq: int, number: int) -> bool:
        """:meth:`SettingsService.mark_reminded`."""
        return self.settings_service.mark_reminded(table_id, last_seq, number)

    def set_board_message(
        self, channel: str, message_id: str, url: str, *, table_id: int | None = None, lang: str | None = None
    ) -> Reply[BoardMessageData]:
        """:meth:`SettingsService.set_board_message`."""
        return self.settings_service.set_board_message(channel, message_id, url, table_id=table_id, lang=lang)
