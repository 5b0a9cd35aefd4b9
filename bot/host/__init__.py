"""The transport-agnostic table service (DESIGN.md, "Hosting").

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
whether the player is also pointed to a private route (``data["hidden_choices"]``) is decided from
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
the texts in ``data`` are in the *table's* language (``TableRec.language``, chosen at
:meth:`Host.new_table` and changed with :meth:`Host.set_language`), named by ``Reply.language``.
Engine texts (:class:`~engine.core.i18n.Msg`) are translated with ``tr`` where they are shown.

Layout: one module per use case group, each a mixin of :class:`Host` over the shared base
(:class:`~bot.host.base.HostCore`: construction and the unit-of-work helpers;
:class:`~bot.host.replies.HostReplies`: texts, pictures and data shared by replies):

* :mod:`bot.host.core` — :class:`Reply`, :class:`Refusal`, the guard of every call, constants and helpers;
* :mod:`bot.host.seats` — seat names and labels, the final result, who may change settings;
* :mod:`bot.host.lobby` — new table, join, leave, start, solo, abandon;
* :mod:`bot.host.play` — move, choose, undo;
* :mod:`bot.host.views` — board, replay, status, turn, hand, log, legal, export;
* :mod:`bot.host.accounts` — turn accounts (:meth:`Host.accounts`, ``data["account"]`` of every
  committed move, bot turn and start);
* :mod:`bot.host.bots` — add-bot, bot steps, timeouts, take-over, return, hint;
* :mod:`bot.host.settings` — reminders, language, the board message;
* :mod:`bot.host.story` — the story chart of a finished game.

The Discord commands and the terminal call the same :class:`Host`; everything other modules use
is importable from :mod:`bot.host`.
"""

from __future__ import annotations

from engine.core.hidden import public_form

from .accounts import AccountService, format_accounts
from .base import HostCore
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
from .lobby import LobbyService
from .play import PlayService
from .renderer import Picture, Renderer
from .replies import HostReplies
from .seats import SeatLabel, format_result, is_bot_user, label_text, seat_name
from .settings import SettingsService
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
    "HostCore",
    "HostReplies",
    "LobbyService",
    "PlayService",
    "Picture",
    "Refusal",
    "Renderer",
    "Reply",
    "SeatLabel",
    "SettingsService",
    "StoryService",
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


class Host(LobbyService, PlayService, ViewService, BotService, SettingsService, StoryService):
    """Table service over a :class:`~bot.store.Store` (see the package docstring).

    ``render(game_name, view)`` is optional and returns PNG bytes or ``(png, alt_text)``; it runs
    after the commit and a failing renderer only costs the picture. ``games`` looks a game up by
    name (default: the registry). ``command_names`` maps the commands the texts mention (``new``,
    ``join``, ``start``, ``undo``, ``board``, ``log``) to the front end's spelling.
    ``bot_time_limit`` (seconds) caps every bot decision instead of its level's budget.

    Component data (:mod:`engine.core.components`): a game starts with the shipped data corrected
    by the owner's override folder ``data_dir`` (default: the ``MEIJI_DATA_DIR`` environment
    variable); the table stores that data set's digest and the store keeps the data set, and every
    later call on the table selects it again (a table from before digests: the game's legacy data),
    so a correction never changes a game in progress. A table whose data set is not available is
    refused with a message saying so.
    """
