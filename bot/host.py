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
"""

from __future__ import annotations

import contextlib
import contextvars
import copy
import dataclasses
import functools
import json
import logging
import os
import random
import secrets
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from typing import Any

from sqlalchemy.exc import IntegrityError

from engine.core import (
    CHANCE,
    Action,
    Event,
    Game,
    IllegalAction,
    Result,
    components,
    get_game,
    i18n,
    replay,
    sample_chance,
)
from engine.core.hidden import has_hidden_options, offered, private_route, public_form, reveals
from engine.core.i18n import DEFAULT_LANGUAGE, LANGUAGE_NAMES, LANGUAGES, Msg, current, normalise, tr
from engine.core.registry import game_info, game_names, normalise_option_name
from engine.core.revisions import pinned_options, stored_options

from .store import (
    ABANDONED,
    CHANCE_KIND,
    CHOICE,
    FINISHED,
    MAX_URL,
    OPEN,
    RUNNING,
    SYSTEM,
    UNDO,
    MoveRec,
    Repository,
    SeatRec,
    Store,
    TableRec,
    VersionConflict,
    utcnow,
)
from .words import M, T, _, _n, _t

log = logging.getLogger(__name__)

#: Longest accepted user input (notation, names), checked before anything is parsed.
MAX_INPUT = 200
#: Safety net against a game that never stops asking for chance outcomes.
MAX_CHANCE_CHAIN = 10_000
#: The notation a running game's export shows for a step whose notation is hidden again.
HIDDEN_NOTATION = "?"
#: Decision kind that marks the first decision of a player's turn (an undo never crosses it).
TURN_START = "turn"
#: The refusal of a stale click or move (a :class:`~engine.core.i18n.Msg`: English as a ``str``).
MOVED_ON = M("The game moved on while you were choosing; look at the board again and retry.")
#: Event kind of an automated solo opponent's turn (one line of narration per turn).
AUTOMA_EVENT = "automa"
#: Reminders per waiting decision (after N, 2N and 3N hours) and the longest interval.
MAX_REMINDERS = 3
MAX_REMINDER_HOURS = 72
#: User ids of bot seats added before the start: ``bot:1``, ``bot:2`` … (never a Discord id).
BOT_PREFIX = "bot:"
#: The longest take-over timeout (a week) and the level of the bot that takes a seat over.
MAX_TIMEOUT_HOURS = 168
TAKEOVER_LEVEL = "greedy"
#: Safety net: the most decisions one bot turn may take before it is committed.
MAX_BOT_STEPS = 400
#: Words for the bot levels of :data:`engine.core.bots.LEVELS`.
BOT_LEVEL_WORDS: Mapping[str, Msg] = {
    "greedy": T("bot level", "greedy"),
    "search": T("bot level", "search"),
}
#: Log notes of a take-over and of a player's return (``system`` entries: no game change).
TAKEOVER_NOTE = "bot takes over seat {seat}"
RETURN_NOTE = "player returns to seat {seat}"
#: How the Host's texts name commands by default (the terminal's words).
DEFAULT_COMMAND_NAMES: Mapping[str, str] = {
    "new": "'new'",
    "join": "'join'",
    "start": "'start'",
    "undo": "'undo'",
    "board": "'board'",
    "log": "'log'",
    "return": "'return'",
}
#: Words for the facts of a solo result (``Result.solo`` keys); other keys are shown as they are.
SOLO_FACTS: Mapping[str, Msg] = {
    "won": T("solo result", "won"),
    "win": T("solo result", "won"),
    "score": T("solo result", "score"),
    "rating": T("solo result", "rating"),
    "turns": T("solo result", "turns"),
}
#: Words for the table statuses (``open``, ``running``, ``finished``, ``abandoned``).
STATUS_WORDS: Mapping[str, Msg] = {
    OPEN: T("table status", "open"),
    RUNNING: T("table status", "running"),
    FINISHED: T("table status", "finished"),
    ABANDONED: T("table status", "abandoned"),
}
#: The system note an abandoned table's log ends with (stored in English, shown translated).
ABANDONED_NOTE = "abandoned"
#: Other names accepted for a language (besides its code, a locale and its own name).
LANGUAGE_ALIASES: Mapping[str, str] = {"english": "en", "polish": "pl", "russian": "ru", "german": "de"}

#: ``render(game_name, view)``: PNG bytes, ``(png, alt_text)``, or ``None`` for no picture.
Renderer = Callable[[str, dict[str, Any]], bytes | tuple[bytes, str | None] | None]
GameLookup = Callable[[str], Game]


@dataclass
class Reply:
    """The answer to one host call.

    ``public`` goes to the channel, ``private`` only to the caller (errors always come here),
    ``png`` is an optional rendered board and ``alt`` its text description (when the renderer
    gives one), ``mention`` lists user ids to ping and ``version`` is the table's version after
    the call (for buttons and ``expected_version``). ``choices`` holds ``(notation, label)`` pairs
    (from :meth:`Host.legal`, :meth:`Host.turn` and :meth:`Host.hand`) and ``data`` structured
    facts for front ends (status, export, the events of a move …). ``language`` is the language of
    ``public`` (and of the picture, ``data`` texts and :meth:`Host.turn`'s ``choices``): the table's
    language, or ``None`` when the reply carries no public content (refusals, private answers such
    as :meth:`Host.hand`, whose picture and texts are in the caller's language).
    """

    ok: bool
    public: str | None = None
    private: str | None = None
    png: bytes | None = None
    alt: str | None = None
    mention: list[str] = field(default_factory=list)
    version: int | None = None
    choices: list[tuple[str, str]] = field(default_factory=list)
    data: dict[str, Any] | None = None
    language: str | None = None


class Refusal(Exception):
    """Internal: a call is refused with a reason for the caller (nothing is saved)."""

    def __init__(self, reason: str, version: int | None = None, data: dict[str, Any] | None = None) -> None:
        super().__init__(reason)
        self.reason = reason
        self.version = version
        self.data = data


def _guarded(method: Callable[..., Reply]) -> Callable[..., Reply]:
    """Turn refusals and unexpected errors into ``Reply(ok=False)``; never raise to the caller.

    The wrapped method also takes a keyword-only ``lang`` (the caller's language, normalised;
    ``None`` keeps the current context's) and runs inside ``with language(lang)``, so refusals and
    private texts are in the caller's language.
    """

    @functools.wraps(method)
    def wrapper(self: Host, *args: Any, lang: str | None = None, **kwargs: Any) -> Reply:
        with i18n.language(current() if lang is None else str(lang)):
            try:
                return method(self, *args, **kwargs)
            except Refusal as refusal:
                return Reply(ok=False, private=refusal.reason, version=refusal.version, data=refusal.data)
            except Exception:
                log.exception("Host.%s failed", method.__name__)
                return Reply(
                    ok=False,
                    private=_("Something went wrong on our side and nothing was changed. The error has been logged."),
                )

    return _own_context(wrapper)


def _own_context(method: Callable[..., Any]) -> Callable[..., Any]:
    """Run ``method`` in a copy of the caller's context: the component data a call selects for the
    table it loads (:meth:`Host._use_data`) stays inside the call."""

    @functools.wraps(method)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        return contextvars.copy_context().run(method, *args, **kwargs)

    return wrapper


def language_code(value: Any) -> str | None:
    """The supported language ``value`` names, else ``None``.

    Accepts a code (``"pl"``), a locale (``"pl-PL"``, ``"ru_RU.UTF-8"``), a language's own name
    (``"Polski"``) or its English name (``"Polish"``), case-insensitively.
    """
    text = str(value if value is not None else "").strip().lower()
    if not text:
        return None
    for code, name in LANGUAGE_NAMES.items():
        if text == name.lower():
            return code
    if text in LANGUAGE_ALIASES:
        return LANGUAGE_ALIASES[text]
    base = text.replace("_", "-").split(".")[0].split("@")[0].split("-")[0]
    return base if base in LANGUAGES else None


def table_language(table: TableRec) -> str:
    """The language of ``table``'s public texts: its own, else the current (caller's) language."""
    return normalise(table.language) if table.language else current()


def hidden_choices(game: Game, state: Any, actions: Sequence[Action] | None = None) -> bool:
    """Whether the player to act at ``state`` is shown a private route to their options.

    A function of public information only (:func:`engine.core.hidden.private_route`): never of
    which hidden cards there are, so the route a table shows (public buttons alone, or buttons
    and "choose privately with /game hand") says nothing about a hand. ``actions`` is accepted for
    compatibility and not used.
    """
    del actions
    return private_route(game, state)


def effective_moves(moves: Iterable[Any]) -> list[Any]:
    """The log entries that make the current state: choices and chance outcomes, minus undone ones.

    ``moves`` are :class:`~bot.store.MoveRec` objects or dicts with ``seq``, ``kind`` and
    ``notation`` (an exported log). Undo entries name the ``seq`` they take back.
    """
    items = list(moves)

    def get(m: Any, key: str) -> Any:
        return m[key] if isinstance(m, dict) else getattr(m, key)

    undone = {int(str(get(m, "notation")).lstrip("#")) for m in items if get(m, "kind") == UNDO}
    return [m for m in items if get(m, "kind") in (CHOICE, CHANCE_KIND) and get(m, "seq") not in undone]


def format_result(result: Result | None, seats: Sequence[SeatRec]) -> str:
    """The final result as text lines in the current language (``seats`` supply the names).

    Solo facts (``Result.solo``) with a known key (:data:`SOLO_FACTS`) are named in words;
    yes/no values and :class:`~engine.core.i18n.Msg` values are translated.
    """
    if result is None:
        return _("The game is not over yet.")
    names = {s.seat: _who(s) for s in seats}
    lines = [_("Final result:")]
    for p in result.players:
        who = names.get(p.seat) or _("Seat {n}", n=p.seat + 1)
        if isinstance(p.score, int) and not isinstance(p.score, bool):
            lines.append(_n("{rank}. {who} — {n} point", "{rank}. {who} — {n} points", p.score, rank=p.rank, who=who))
        else:
            lines.append(_("{rank}. {who} — {score} points", rank=p.rank, who=who, score=p.score))
    if result.solo:
        facts = [
            f"{tr(SOLO_FACTS.get(k, k))}: {_yes_no(v)}"
            for k, v in result.solo.items() if isinstance(v, str | int | float | bool)
        ]
        if facts:
            lines.append(_("Solo: {facts}", facts=", ".join(facts)))
    return "\n".join(lines)


def _yes_no(value: Any) -> Any:
    if isinstance(value, bool):
        return _("yes") if value else _("no")
    return tr(value)


class SeatLabel(str):
    """A stored seat label (its ``str`` value, e.g. ``purple``) with the game's term for it.

    :func:`label_text` shows the term in languages other than English and the stored label in
    English, so English texts read as they always did.
    """

    __slots__ = ("term",)

    term: Any

    def __new__(cls, label: str, term: Any) -> SeatLabel:
        self = super().__new__(cls, label)
        self.term = term
        return self


def label_text(label: str | None) -> str | None:
    """A seat label in the current language (see :class:`SeatLabel`)."""
    if isinstance(label, SeatLabel) and current() != DEFAULT_LANGUAGE:
        return str(tr(label.term))
    return None if label is None else str(tr(label))


def is_bot_user(user: str | None) -> bool:
    """Whether ``user`` is the id of a bot seat added before the start (``bot:N``)."""
    return bool(user) and str(user).startswith(BOT_PREFIX)


def seat_name(seat: SeatRec) -> str:
    """The seat's player name in the current language: an added bot is "Bot N (level)"."""
    if is_bot_user(seat.user_id):
        level = tr(BOT_LEVEL_WORDS.get(seat.bot_level or "", seat.bot_level or ""))
        return _("Bot {n} ({level})", n=seat.user_id[len(BOT_PREFIX):], level=level)
    return seat.user_name


def _who(seat: SeatRec) -> str:
    """``Name (label)`` in the current language; a seat taken over by a bot says so."""
    name = seat_name(seat)
    if seat.bot_level and not is_bot_user(seat.user_id):
        name = _("{name}'s bot", name=name)
    return f"{name} ({label_text(seat.label)})" if seat.label else name


def _seat_of(seats: Sequence[SeatRec], user: str) -> SeatRec | None:
    return next((s for s in seats if s.user_id == user), None)


def _may_change_settings(repo: Repository, table: TableRec, user: str, is_admin: bool) -> bool:
    """Whether ``user`` may change a table setting (reminders, timeout, language): a seated
    player, the table's creator or a server admin."""
    return is_admin or user == table.creator or _seat_of(repo.seats(table.id), user) is not None


#: Names of the inputs :func:`_clean` checks (words for its refusals).
INPUTS: Mapping[str, Msg] = {
    "channel id": T("input", "channel id"),
    "user id": T("input", "user id"),
    "name": T("input", "name"),
    "game name": T("input", "game name"),
    "message id": T("input", "message id"),
    "message link": T("input", "message link"),
    "table id": T("input", "table id"),
    "version": T("input", "version"),
    "option": T("input", "option"),
}


def _clean(value: Any, what: str, limit: int = 100) -> str:
    text = str(value).strip()
    name = tr(INPUTS.get(what, what))
    if not text:
        raise Refusal(_("The {what} is empty.", what=name))
    if len(text) > limit:
        raise Refusal(_("The {what} is too long ({n} characters; the limit is {limit}).",
                        what=name, n=len(text), limit=limit))
    return text


class Host:
    """Table service over a :class:`~bot.store.Store` (see the module docstring).

    ``render(game_name, view)`` is optional and returns PNG bytes or ``(png, alt_text)``; it runs
    after the commit and a failing renderer only costs the picture. ``games`` looks a game up by
    name (default: the registry). ``command_names`` maps the commands the texts mention (``new``,
    ``join``, ``start``, ``undo``, ``board``, ``log``) to the front end's spelling.

    Component data (:mod:`engine.core.components`): a game starts with the shipped data corrected
    by the owner's override folder ``data_dir`` (default: the ``MEIJI_DATA_DIR`` environment
    variable); the table stores that data set's digest and the store keeps the data set, and every
    later call on the table selects it again (a table from before digests: the game's legacy data),
    so a correction never changes a game in progress. A table whose data set is not available is
    refused with a message saying so.
    """

    def __init__(
        self,
        store: Store,
        render: Renderer | None = None,
        *,
        games: GameLookup = get_game,
        command_names: Mapping[str, str] | None = None,
        data_dir: str | os.PathLike[str] | None = None,
    ) -> None:
        self.store = store
        self.render = render
        self._games = games
        #: The owners' component corrections for new games (``DIR/<game>/<file>.json``; default:
        #: ``MEIJI_DATA_DIR``); a started table keeps the data it started with (:meth:`_use_data`).
        self.data_dir = components.override_folder(
            data_dir if data_dir is not None else os.environ.get(components.ENV_VAR))
        self.command_names: dict[str, str] = {**DEFAULT_COMMAND_NAMES, **(command_names or {})}

    def with_command_names(self, command_names: Mapping[str, str]) -> Host:
        """A host over the same store and renderer whose texts name commands as ``command_names``.

        Front ends with several command sets (Discord's ``/game`` in servers and ``/solo`` in
        DMs) keep one such sibling per set; nothing else differs, both see the same tables.
        """
        sibling = copy.copy(self)
        sibling.command_names = {**self.command_names, **command_names}
        return sibling

    def _cmd(self, name: str) -> str:
        """How the front end spells command ``name`` (e.g. ``'join'`` or ```/game join```)."""
        return self.command_names.get(name, f"'{name}'")

    # ------------------------------------------------------------------------------------------
    # Lobby
    # ------------------------------------------------------------------------------------------
    @_guarded
    def new_table(
        self,
        channel: str,
        user: str,
        user_name: str,
        game: str,
        options: dict[str, Any] | None = None,
        seed: int | None = None,
        *,
        guild: str | None = None,
        reminder_hours: int | None = None,
        language: str | None = None,
    ) -> Reply:
        """Open a table for ``game`` in ``channel``; the creator takes the first seat.

        ``language`` is the language of the table's public messages (normalised; default: the
        caller's ``lang``). Refused while the channel has an open or running table; that refusal's
        ``data`` holds ``table_id``, ``game``, ``status`` and ``board_url`` (the table's latest
        public board message, if a front end stored one with :meth:`set_board_message`).
        """
        channel, user = _clean(channel, "channel id"), _clean(user, "user id")
        user_name = _clean(user_name, "name")
        g = self._game(_clean(game, "game name", 40))
        self._select_new_data(g)  # the options are checked against the data a game would start with
        options = self._check_options(g, options)
        if seed is not None and (not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed < 2**63):
            raise Refusal(_("The seed must be a whole number from 0 to 2^63 − 1."))
        public_language = normalise(language) if language else current()
        table: TableRec | None = None
        with self.store.unit_of_work() as repo:
            existing = repo.active_table(channel)
            if existing:
                raise self._busy(existing)
            try:
                table = repo.create_table(
                    channel=channel,
                    guild=None if guild is None else str(guild),
                    game=g.name,
                    options=options,
                    seed=seed,
                    engine_version=g.version,
                    creator=user,
                    reminder_hours=reminder_hours,
                    language=public_language,
                )
                repo.add_seat(table.id, user, user_name)
                repo.commit()
            except IntegrityError:
                # One open or running table per channel is a unique index of the database: another
                # process opened one here at the same moment and won (PostgreSQL; SQLite's
                # BEGIN IMMEDIATE queues the second opener behind the first instead).
                table = None
        if table is None:
            with self.store.unit_of_work(write=False) as repo:
                existing = repo.active_table(channel)
            if existing:
                raise self._busy(existing)
            raise Refusal(tr(MOVED_ON))
        want = options.get("players")
        warn = getattr(g, "option_warnings", None)
        with i18n.language(public_language):
            if want:
                opened = _n("{name} opened a {game} table for {n} player.", "{name} opened a {game} table for {n} players.",
                            want, name=user_name, game=_title(g.name))
            else:
                opened = _("{name} opened a {game} table.", name=user_name, game=_title(g.name))
            lines = [opened + " " + _("Join it with {join}; start it with {start}.",
                                      join=self._cmd("join"), start=self._cmd("start"))]
            lines += [_("Note: {warning}", warning=tr(w)) for w in (warn(options) if warn else [])]
        return Reply(
            ok=True,
            public="\n".join(lines),
            version=table.version,
            data={"table_id": table.id, "language": public_language},
            language=public_language,
        )

    @_guarded
    def join(self, channel: str, user: str, user_name: str) -> Reply:
        """Take the next free seat at the open table of ``channel``."""
        channel, user = _clean(channel, "channel id"), _clean(user, "user id")
        user_name = _clean(user_name, "name")
        with self.store.unit_of_work() as repo:
            table = self._table(repo, channel, OPEN)
            seats = repo.seats(table.id)
            if _seat_of(seats, user):
                raise Refusal(_("You already have a seat at this table."), table.version)
            want = table.options.get("players")
            if want is not None and len(seats) >= want:
                raise Refusal(_n("The table is full ({n} player).", "The table is full ({n} players).", want),
                              table.version)
            seat = repo.add_seat(table.id, user, user_name)
            version = self._bump(repo, table)
            repo.commit()
        count = len(seats) + 1
        with i18n.language(table_language(table)) as public_language:
            if want:
                text = _("{name} joined ({count}/{want}).", name=user_name, count=count, want=want)
            else:
                text = _("{name} joined ({count} seated).", name=user_name, count=count)
            if want is not None and count == want:
                text += " " + _("The table is full; start the game with {start}.", start=self._cmd("start"))
        return Reply(ok=True, public=text, version=version, data={"seat": seat.seat}, language=public_language)

    @_guarded
    def leave(self, channel: str, user: str) -> Reply:
        """Give up a seat before the game starts (an empty table is abandoned)."""
        channel, user = _clean(channel, "channel id"), _clean(user, "user id")
        with self.store.unit_of_work() as repo:
            table = self._active(repo, channel)
            seats = repo.seats(table.id)
            me = _seat_of(seats, user)
            if me is None:
                raise Refusal(_("You have no seat at this table."), table.version)
            if table.status != OPEN:
                raise Refusal(
                    _("The game has started; you can't leave now (the creator or an admin can abandon it)."),
                    table.version,
                )
            repo.remove_seat(table.id, user)
            rest = [s for s in seats if s.user_id != user]
            people = [s for s in rest if not is_bot_user(s.user_id)]
            changes: dict[str, Any] = {}
            if not rest:
                changes["status"] = ABANDONED
            elif table.creator == user and people:
                changes["creator"] = people[0].user_id
            # (only bots left: the leaving creator stays the creator, and may still start or abandon)
            version = self._bump(repo, table, **changes)
            repo.commit()
        with i18n.language(table_language(table)) as public_language:
            text = _("{name} left the table.", name=me.user_name)
            if not rest:
                text += " " + _("Nobody is left, so the table is closed.")
        return Reply(ok=True, public=text, version=version, language=public_language)

    @_guarded
    def start(self, channel: str, user: str, *, shuffle_seats: bool = False) -> Reply:
        """Start the open table: set up the game and resolve the opening chance decisions.

        With ``shuffle_seats`` the seated players are put in a random order first (derived from the
        table's seed and stored), so colours are random; the start player is the game's own chance.
        """
        channel, user = _clean(channel, "channel id"), _clean(user, "user id")
        with self.store.unit_of_work() as repo:
            table = self._active(repo, channel)
            if table.status != OPEN:
                raise Refusal(_("The game has already started."), table.version)
            seats = repo.seats(table.id)
            if _seat_of(seats, user) is None and user != table.creator:
                raise Refusal(_("Only a seated player can start the game."), table.version)
            want = table.options.get("players")
            if want is not None and len(seats) < want:
                missing = want - len(seats)
                raise Refusal(
                    _n("This table is for {want} players and {n} is seated; waiting for {missing} more.",
                       "This table is for {want} players and {n} are seated; waiting for {missing} more.",
                       len(seats), want=want, missing=missing),
                    table.version,
                )
            game = self._game(table.game)
            # The table keeps the rules it starts with (engine.core.revisions).
            options = pinned_options(game, {**table.options, "players": len(seats)})
            seed = table.seed if table.seed is not None else secrets.randbits(62)
            if shuffle_seats and len(seats) > 1:
                order = [s.user_id for s in seats]
                random.Random(f"seats:{seed}").shuffle(order)
                repo.reorder_seats(table.id, order)
            data = self._select_new_data(game, table.version)  # the table keeps this data set
            try:
                state = game.setup(options, seed)
            except (ValueError, IllegalAction) as exc:
                raise Refusal(_("The game can't start: {reason}", reason=_reason(exc)), table.version) from None
            state, entries, events = self._resolve_chance(game, state, table.id, seed, 1)
            over = game.decision(state).seat is None
            if data is not None:
                repo.save_component_data(data.digest, data.game, data.to_json())
            version = self._bump(
                repo, table, status=FINISHED if over else RUNNING, options=options, seed=seed,
                data_digest=data.digest if data is not None else None,
            )
            repo.set_seat_labels(table.id, game.seat_labels(state))
            repo.append_moves(entries)
            repo.save_snapshot(table.id, entries[-1].seq if entries else 0, game.version, game.to_json(state))
            seats = repo.seats(table.id)
            repo.commit()
        public_language = table_language(table)
        seats = self._labelled(seats, game)
        with i18n.language(public_language):
            if len(seats) == 1:
                first = _("The {game} solo game has started.", game=_title(game.name))
            else:
                first = _n("The {game} game has started with {n} player.", "The {game} game has started with {n} players.",
                           len(seats), game=_title(game.name))

        def build() -> Reply:
            with i18n.language(public_language):
                next_line = self._next_line(game, state, seats)
                lines = [first, *self._event_lines(events, None)[0], next_line]
                png, alt = self._turn_picture(game, state)
                data = self._step_data(game, state, seats, events, next_line, table)
            return Reply(
                ok=True,
                public="\n".join(lines),
                png=png,
                alt=alt,
                mention=self._to_mention(game, state, seats, user),
                version=version,
                data=data,
                language=public_language,
            )

        return self._after_commit(build, first, version, public_language)

    @_guarded
    def solo(
        self, channel: str, user: str, user_name: str, game: str, options: dict[str, Any] | None = None,
        seed: int | None = None, *, guild: str | None = None, language: str | None = None,
    ) -> Reply:
        """Open and start a one-player table in one call (refusals and ``language`` as :meth:`new_table`)."""
        opts = {**(options or {}), "players": 1}
        lang = current()
        opened = self.new_table(channel, user, user_name, game, opts, seed, guild=guild, language=language, lang=lang)
        if not opened.ok:
            return opened
        started = self.start(channel, user, lang=lang)
        if not started.ok:
            self.abandon(channel, user, lang=lang)
        return started

    @_guarded
    def abandon(self, channel: str, user: str, is_admin: bool = False) -> Reply:
        """Close the channel's open or running table (its creator or an admin only)."""
        channel, user = _clean(channel, "channel id"), _clean(user, "user id")
        with self.store.unit_of_work() as repo:
            table = self._active(repo, channel)
            if user != table.creator and not is_admin:
                creator = _seat_of(repo.seats(table.id), table.creator)
                if creator is None:
                    raise Refusal(_("Only the table's creator or a server admin can abandon this game."),
                                  table.version)
                raise Refusal(
                    _("Only the table's creator ({name}) or a server admin can abandon this game.",
                      name=creator.user_name),
                    table.version,
                )
            version = self._bump(repo, table, status=ABANDONED)
            seq = repo.last_seq(table.id) + 1
            repo.append_moves([MoveRec(table.id, seq, user, None, SYSTEM, ABANDONED_NOTE)])
            repo.commit()
        with i18n.language(table_language(table)) as public_language:
            text = _("The {game} table was abandoned.", game=_title(table.game))
        return Reply(ok=True, public=text, version=version, language=public_language)

    # ------------------------------------------------------------------------------------------
    # Playing
    # ------------------------------------------------------------------------------------------
    @_guarded
    def move(
        self,
        channel: str,
        user: str,
        notation: str,
        expected_version: int | None = None,
        *,
        table_id: int | None = None,
    ) -> Reply:
        """Play ``notation`` for ``user``: one transaction, chance resolved, optimistic version check.

        ``expected_version`` (e.g. from a button) must match the table's version; ``table_id``
        guards against a board left over from an earlier game in the channel.
        """
        channel, user = _clean(channel, "channel id"), _clean(user, "user id")
        if not isinstance(notation, str):
            raise Refusal(_("A move must be text."))
        if len(notation) > MAX_INPUT:
            raise Refusal(_("That move is too long ({n} characters; the limit is {limit}).",
                            n=len(notation), limit=MAX_INPUT))
        text = notation.strip()
        if not text:
            raise Refusal(_("Type a move (ask for the legal moves if you're unsure)."))

        def parse(game: Game, state: Any) -> Action:
            try:
                return game.parse_action(state, text)
            except IllegalAction:
                raise
            except ValueError as exc:
                raise Refusal(_("Can't read '{text}': {reason}", text=text, reason=_reason(exc))) from None

        return self._play(channel, user, parse, expected_version, table_id)

    @_guarded
    def choose(self, channel: str, user: str, table_id: int, version: int, index: int) -> Reply:
        """Play option ``index`` (0-based) of the offered actions of table ``table_id`` at ``version``.

        For buttons and menus: the option is resolved against the legal actions in the order of
        :meth:`legal`, :meth:`hand` and :meth:`turn` (:func:`engine.core.hidden.offered`: public
        options first, so a public button's index never depends on a hidden card) and played in the same transaction. A board of an older
        version or another table is refused with "the game moved on"; nothing is saved then.
        """
        channel, user = _clean(channel, "channel id"), _clean(user, "user id")
        for value, what in ((table_id, "table id"), (version, "version"), (index, "option")):
            if not isinstance(value, int) or isinstance(value, bool):
                raise Refusal(_("The {what} must be a whole number.", what=tr(INPUTS[what])))

        def pick(game: Game, state: Any) -> Action:
            legal = offered(game, state)[0]
            if not 0 <= index < len(legal):
                raise Refusal(_("That option isn't on the board any more; look at the latest board."))
            return legal[index]

        return self._play(channel, user, pick, version, table_id, button=True)

    def _play(
        self,
        channel: str,
        user: str,
        pick: Callable[[Game, Any], Action],
        expected_version: int | None,
        table_id: int | None,
        *,
        button: bool = False,
    ) -> Reply:
        """The transaction of :meth:`move` and :meth:`choose`: ``pick`` names the action to apply."""
        with self.store.unit_of_work() as repo:
            if button:
                self._check_board(repo, channel, table_id)
            table = self._table(repo, channel, RUNNING)
            if table_id is not None and table_id != table.id:
                raise Refusal(_("That board belongs to an earlier game in this channel."), table.version)
            if expected_version is not None and expected_version != table.version:
                raise Refusal(tr(MOVED_ON), table.version)
            seats, me, game, state, decision = self._my_decision(repo, table, user)
            try:
                action = pick(game, state)
                new_state, events = game.apply(state, action)
            except IllegalAction as exc:
                raise Refusal(_reason(exc), table.version) from None
            except Refusal as refusal:
                raise Refusal(refusal.reason, table.version) from None
            except ValueError as exc:
                raise Refusal(_("That move can't be played: {reason}", reason=_reason(exc)), table.version) from None
            canonical = game.format_action(state, action)
            seq = repo.last_seq(table.id) + 1
            entries = [MoveRec(table.id, seq, user, me.seat, CHOICE, canonical, None,
                               public_form(game, state, action, canonical))]
            new_state, chance, chance_events = self._resolve_chance(game, new_state, table.id, table.seed or 0, seq + 1)
            entries += chance
            over = game.decision(new_state).seat is None
            version = self._bump(repo, table, **({"status": FINISHED} if over else {}))
            repo.append_moves(entries)
            repo.save_snapshot(table.id, entries[-1].seq, game.version, game.to_json(new_state))
            if over:
                # A finished game is never undone: keep only its final snapshot (the log rebuilds the rest).
                repo.prune_snapshots(table.id, keep_from_seq=entries[-1].seq)
            repo.commit()
        shown = entries[0].shown  # the public form when the choice hides something
        public_language = table_language(table)
        seats = self._labelled(seats, game)
        me = seats[me.seat] if 0 <= me.seat < len(seats) else me
        with i18n.language(public_language):
            first = f"{_who(me)}: {shown}"

        def build() -> Reply:
            all_events = events + chance_events
            private = self._event_lines(all_events, me.seat)[1]  # the caller's language
            return self._step_reply(game, new_state, seats, table, me.seat, first, shown, shown, all_events,
                                    user, version, public_language, private)

        return self._after_commit(build, first, version, public_language)

    def _step_reply(
        self, game: Game, state: Any, seats: Sequence[SeatRec], table: TableRec, seat: int, first: str,
        shown: str, last: str, events: Sequence[Event], actor: str | None, version: int, public_language: str,
        private: Sequence[str] = (),
    ) -> Reply:
        """The reply of an accepted step or bot turn: ``first`` line, public events, whose turn, the
        turn picture of ``last`` (the step shown on it) and the structured ``data``."""
        with i18n.language(public_language):
            public = self._event_lines(events, seat)[0]
            next_line = self._next_line(game, state, seats)
            png, alt = self._turn_picture(game, state, seat, last, events)
            data = self._step_data(game, state, seats, events, next_line, table)
        data["step"] = shown
        return Reply(
            ok=True,
            public="\n".join([first, *public, next_line]),
            private="\n".join(private) or None,
            png=png,
            alt=alt,
            mention=self._to_mention(game, state, seats, actor),
            version=version,
            data=data,
            language=public_language,
        )

    @staticmethod
    def _check_board(repo: Repository, channel: str, table_id: int | None) -> None:
        """A click on a board of a table that is no longer this channel's running game is refused."""
        table = repo.active_table(channel)
        if table is not None and table.id == table_id:
            return
        old = repo.table(table_id) if table_id is not None else None
        if old is not None and old.channel == channel and old.status == FINISHED:
            raise Refusal(_("That game is over."))
        if old is not None and old.channel == channel and old.status == ABANDONED:
            raise Refusal(_("That game was abandoned."))
        raise Refusal(tr(MOVED_ON), table.version if table is not None else None)

    @_guarded
    def undo(self, channel: str, user: str, expected_version: int | None = None) -> Reply:
        """Take back the caller's latest step of the current turn (appends an ``undo`` entry).

        Refused across another seat's move, a chance outcome, the end of the caller's turn or a
        step that revealed hidden information (:func:`engine.core.hidden.reveals`: the game's
        ``reveals`` hook or an event with ``undo_barrier``).
        """
        channel, user = _clean(channel, "channel id"), _clean(user, "user id")
        with self.store.unit_of_work() as repo:
            table = self._table(repo, channel, RUNNING)
            if expected_version is not None and expected_version != table.version:
                raise Refusal(tr(MOVED_ON), table.version)
            seats = repo.seats(table.id)
            me = _seat_of(seats, user)
            if me is None:
                raise Refusal(_("You are not playing at this table."), table.version)
            game = self._game(table.game)
            moves = repo.moves(table.id)
            state = self._state(repo, table, game, moves)
            seats = self._labelled(seats, game)
            decision = game.decision(state)
            effective = effective_moves(moves)
            last = effective[-1] if effective else None
            if decision.seat != me.seat:
                if last is not None and last.kind == CHOICE and last.seat == me.seat:
                    raise Refusal(
                        _("Your turn is over ({who} is to play), so it can't be undone.",
                          who=self._name(decision.seat, seats)),
                        table.version,
                    )
                raise Refusal(
                    _("You can only undo your own steps during your own turn; it is {who}'s turn.",
                      who=self._name(decision.seat, seats)),
                    table.version,
                )
            if last is None:
                raise Refusal(_("There is nothing to undo."), table.version)
            if last.kind == CHANCE_KIND:
                raise Refusal(
                    _("The last entry is a random outcome ({move}); nothing before it can be undone.",
                      move=last.shown),
                    table.version,
                )
            if last.seat != me.seat:
                raise Refusal(
                    _("You haven't taken a step in this turn yet; the last move ({move}) was {who}'s, "
                      "and other players' moves can't be undone.",
                      move=last.shown, who=self._name(last.seat, seats)),
                    table.version,
                )
            if decision.kind == TURN_START:
                raise Refusal(
                    _("A new turn has begun since that step, so it can't be undone."), table.version
                )
            before = self._state_before(repo, table, game, moves, effective)
            try:
                action = game.parse_action(before, last.notation)
                _before, events = game.apply(before, action)
            except (IllegalAction, ValueError):
                log.warning("table %s: step #%s does not re-apply; undo refused", table.id, last.seq)
                raise Refusal(_("That step can't be undone (the log does not replay cleanly)."),
                              table.version) from None
            # Undo never crosses revealed hidden information (DESIGN.md, Hosting: what the other
            # players saw can't be unseen); the game declares which steps reveal (engine.core.hidden).
            if reveals(game, before, action, events):
                raise Refusal(
                    _("'{move}' revealed information or can't be taken back for another reason; "
                      "it can't be undone.", move=last.shown),
                    table.version,
                )
            seq = repo.last_seq(table.id) + 1
            version = self._bump(repo, table)
            repo.append_moves([MoveRec(table.id, seq, user, me.seat, UNDO, str(last.seq))])
            repo.save_snapshot(table.id, seq, game.version, game.to_json(before))
            repo.commit()
        public_language = table_language(table)
        me = seats[me.seat] if 0 <= me.seat < len(seats) else me
        with i18n.language(public_language):
            first = _("{who} took back '{move}'.", who=_who(me), move=last.shown)

        def build() -> Reply:
            with i18n.language(public_language):
                next_line = self._next_line(game, before, seats)
                taken_back = _("took back '{move}'", move=last.shown)
                png, alt = self._turn_picture(game, before, me.seat, taken_back)
                data = self._step_data(game, before, seats, [], next_line, table)
            return Reply(
                ok=True,
                public="\n".join([first, next_line]),
                png=png,
                alt=alt,
                version=version,
                data=data,
                language=public_language,
            )

        return self._after_commit(build, first, version, public_language)

    # ------------------------------------------------------------------------------------------
    # Looking
    # ------------------------------------------------------------------------------------------
    @_guarded
    def board(self, channel: str, user: str | None = None) -> Reply:
        """The current board (public text and picture; the caller's own view privately)."""
        channel = _clean(channel, "channel id")
        with self.store.unit_of_work(write=False) as repo:
            table = self._latest(repo, channel)
            seats = repo.seats(table.id)
            public_language = table_language(table)
            if table.status == OPEN or (table.status == ABANDONED and repo.latest_snapshot(table.id) is None):
                # never started (a seed chosen at creation does not mean the game was set up)
                with i18n.language(public_language):
                    lobby = self._lobby_text(table, seats)
                return Reply(ok=True, public=lobby, version=table.version, language=public_language)
            game = self._game(table.game)
            state = self._state(repo, table, game)
        seats = self._labelled(seats, game)
        private = None
        me = _seat_of(seats, str(user)) if user is not None else None
        if me is not None:  # the caller's own view, in the caller's language, if it shows more
            own = str(tr(game.text(state, me.seat)))
            if own != str(tr(game.text(state, None))):
                private = own
        with i18n.language(public_language):
            header = f"{_title(table.game)} — {self._status_line(game, state, seats, table)}"
            spectator = str(tr(game.text(state, None)))
            png, alt = self._render(game, state)
        return Reply(
            ok=True,
            public=f"{header}\n{spectator}",
            private=private,
            png=png,
            alt=alt,
            version=table.version,
            data={"header": header, "text": spectator, "seat_text": private, "table_id": table.id},
            language=public_language,
        )

    @_guarded
    def replay(
        self, channel: str, user: str, table_id: int | None = None, position: int | None = None, *,
        board: bool = False,
    ) -> Reply:
        """One position of a table's game for the replay viewer, rebuilt from its log (private).

        ``table_id`` is a table of this channel (default: the channel's latest); ``position`` 0 is
        the set-up (with its random draws), ``n`` the position after the n-th player move and the
        random draws that followed it, ``None`` or beyond the end the latest (negative values count
        from the end, ``-1`` = the latest). The picture is the turn picture of that position (the
        move that led to it highlighted; the final-score picture at the end of a finished game),
        or with ``board`` the full board. Hidden information follows the seats: a player of the
        table sees their own seat's view and the full notation of their own moves; everybody else
        sees the spectator's view and the public forms. ``data``: ``table_id``, ``position``,
        ``count`` (the last position), ``status``, ``move`` (the text of the move shown). Refused
        for a table of another channel and for a game that has not started.
        """
        channel, user = _clean(channel, "channel id"), _clean(user, "user id")
        with self.store.unit_of_work(write=False) as repo:
            if table_id is None:
                table = self._latest(repo, channel)
            else:
                found = repo.table(int(table_id))
                if found is None or found.channel != channel:
                    raise Refusal(_("There is no table #{table} in this channel.", table=table_id))
                table = found
            seats = repo.seats(table.id)
            moves = repo.moves(table.id)
            if table.status != OPEN and table.seed is not None:
                self._use_data(repo, table)
        if table.status == OPEN or table.seed is None:
            raise Refusal(_("Table #{table} has not started yet.", table=table.id), table.version)
        game = self._game(table.game)
        seats = self._labelled(seats, game)
        me = _seat_of(seats, user)
        viewer = me.seat if me is not None else None
        effective = effective_moves(moves)
        starts = [i for i, m in enumerate(effective) if m.kind == CHOICE]
        count = len(starts)
        if position is None or position > count:
            position = count
        elif position < 0:
            position = max(0, count + 1 + position)
        end = starts[position] if position < count else len(effective)
        begin = starts[position - 1] if position > 0 else 0
        state, events = self._replay_events(table, game, effective[:end], begin)
        shown_move: str | None = None
        actor: int | None = None
        if position > 0:
            m = effective[begin]
            actor = m.seat
            shown_move = m.notation if (viewer is not None and m.seat == viewer) else m.shown
        if board:
            png, alt = self._render(game, state, viewer)
        else:
            png, alt = self._turn_picture(game, state, actor, shown_move, events, viewer=viewer)
        who = self._name(actor, seats) if position > 0 else ""
        where = _("Table #{table} ({game}), position {n} of {count}", table=table.id, game=_title(table.game),
                  n=position, count=count)
        what = f"{who}: {shown_move}" if shown_move is not None else _("the set-up")
        return Reply(
            ok=True,
            private=f"{where}: {what}",
            png=png,
            alt=alt,
            version=table.version,
            data={"table_id": table.id, "position": position, "count": count, "status": table.status,
                  "move": what},
        )

    @_guarded
    def status(self, channel: str) -> Reply:
        """A summary of the channel's latest table; ``data`` holds the same facts for front ends.

        ``data["language"]`` is the table's public language (that of ``public`` and ``prompt``);
        each ``players`` row also has ``label_text``, its label (if any) in that language.
        ``data["hidden_information"]`` is the game's fact of that name (:class:`~engine.core.registry.GameInfo`):
        players hold information the others must not see (a hot-seat front end hides the screen).
        """
        channel = _clean(channel, "channel id")
        with self.store.unit_of_work(write=False) as repo:
            table = self._latest(repo, channel)
            seats = repo.seats(table.id)
            moves = repo.moves(table.id)
            state = None
            game = self._game(table.game)
            started = table.status in (RUNNING, FINISHED) or (table.status == ABANDONED and bool(moves))
            if started:
                state = self._state(repo, table, game, moves)
        data: dict[str, Any] = {
            "table_id": table.id,
            "game": table.game,
            "title": _title(table.game),
            "status": table.status,
            "version": table.version,
            "options": table.options,
            "players": [
                {"seat": s.seat, "user": s.user_id, "name": seat_name(s), "label": s.label, "bot": s.bot_level}
                for s in seats
            ],
            "moves": len(effective_moves(moves)),
            "to_act": None,
            "to_act_seat": None,
            "prompt": None,
            "solo": len(seats) == 1 and table.options.get("players", 1) == 1,
            "reminder_hours": table.reminder_hours,
            "timeout_hours": table.timeout_hours,
            "board_url": table.board_url,
            "language": table_language(table),
            "hidden_information": game_info(game).hidden_information,
        }
        seats = self._labelled(seats, game)
        with i18n.language(data["language"]):
            for row, seat in zip(data["players"], seats, strict=False):
                row["label_text"] = label_text(seat.label)
            if state is None:
                text = self._lobby_text(table, seats)
            else:
                decision = game.decision(state)
                if table.status == RUNNING and decision.seat is not None and 0 <= decision.seat < len(seats):
                    data["to_act"] = seats[decision.seat].user_id
                    data["to_act_seat"] = decision.seat
                    data["prompt"] = str(tr(decision.prompt))
                    data["kind"] = decision.kind
                text = _("{game} table #{table} — {status}", game=_title(table.game), table=table.id,
                         status=self._status_line(game, state, seats, table))
                text += "\n" + _n("Players: {players} · {n} move", "Players: {players} · {n} moves", data["moves"],
                                  players=", ".join(_who(s) for s in seats))
        return Reply(ok=True, public=text, version=table.version, data=data, language=data["language"])

    @_guarded
    def turn(self, channel: str) -> Reply:
        """The running game's current decision in one read, for a front end's option buttons.

        ``data`` holds ``table_id``, ``to_act`` (a user id; ``None`` if no seated player is to
        act), ``to_act_seat``, ``prompt`` and ``hidden_choices``; ``choices`` are that player's
        *public* legal moves as ``(notation, label)`` (their indices are what :meth:`choose`
        takes); ``version`` is the version they belong to. Options that would name hidden
        information (:func:`engine.core.hidden.is_private`) are never among ``choices``; when the
        player may have such options (:func:`hidden_choices`, decided from public information
        only) ``hidden_choices`` is ``True`` and the player finds them with :meth:`hand` (or
        :meth:`legal`), never under a public message.
        """
        channel = _clean(channel, "channel id")
        with self.store.unit_of_work(write=False) as repo:
            table = self._table(repo, channel, RUNNING)
            seats = repo.seats(table.id)
            game = self._game(table.game)
            state = self._state(repo, table, game)
        decision = game.decision(state)
        with i18n.language(table_language(table)) as public_language:
            data: dict[str, Any] = {
                "table_id": table.id, "to_act": None, "to_act_seat": None, "prompt": str(tr(decision.prompt)),
                "hidden_choices": False,
            }
            choices: list[tuple[str, str]] = []
            if decision.seat is not None and 0 <= decision.seat < len(seats):
                data["to_act"] = seats[decision.seat].user_id
                data["to_act_seat"] = decision.seat
                # Public buttons: only the options anyone may see, numbered before any private one;
                # whether a private route is offered too depends on public information only.
                data["hidden_choices"] = hidden_choices(game, state)
                actions, n_public = offered(game, state)
                choices = self._choices(game, state, actions[:n_public])
        return Reply(ok=True, version=table.version, choices=choices, data=data, language=public_language)

    @_guarded
    def hand(self, channel: str, user: str) -> Reply:
        """The caller's own view of the running game, only for them (their hand, their secrets).

        ``private`` is ``game.text(state, seat)`` in the caller's language, followed by whose
        turn it is; ``png``/``alt`` are the picture of ``game.view(state, seat)``, drawn in the
        caller's language. When the caller is to act, ``choices`` are their legal moves as
        ``(notation, label)`` in the caller's language, in the order :meth:`choose` takes (hidden
        or not). ``data`` holds ``table_id``, ``seat``, ``to_act`` (whether the caller is to act),
        ``prompt``, ``hidden_choices``, ``text`` (the view) and ``turn`` (the closing line: "Your
        turn: …" or whose turn it is), in the caller's language. ``version`` is the version the
        choices belong to. Refused without a running game here and to a caller without a seat.
        """
        channel, user = _clean(channel, "channel id"), _clean(user, "user id")
        with self.store.unit_of_work(write=False) as repo:
            table = self._table(repo, channel, RUNNING)
            seats = repo.seats(table.id)
            me = _seat_of(seats, user)
            if me is None:
                raise Refusal(_("You are not playing at this table."), table.version)
            game = self._game(table.game)
            state = self._state(repo, table, game)
        seats = self._labelled(seats, game)
        decision = game.decision(state)
        mine = decision.seat == me.seat
        view = str(tr(game.text(state, me.seat)))
        choices: list[tuple[str, str]] = []
        hidden = False
        if mine:
            hidden = hidden_choices(game, state)
            choices = self._choices(game, state, offered(game, state)[0])
            turn_line = _("Your turn: {prompt}", prompt=tr(decision.prompt))
        else:
            turn_line = self._status_line(game, state, seats, table)
        png, alt = self._render(game, state, me.seat)
        return Reply(
            ok=True,
            private=f"{view}\n{turn_line}",
            png=png,
            alt=alt,
            version=table.version,
            choices=choices,
            data={
                "table_id": table.id,
                "seat": me.seat,
                "to_act": mine,
                "prompt": str(tr(decision.prompt)),
                "hidden_choices": hidden,
                "text": view,
                "turn": turn_line,
            },
        )

    @_guarded
    def log(self, channel: str, n: int = 10) -> Reply:
        """The last ``n`` log entries (1–200) as text; taken-back steps are marked."""
        channel = _clean(channel, "channel id")
        if not isinstance(n, int) or isinstance(n, bool) or not 1 <= n <= 200:
            raise Refusal(_("Ask for 1 to 200 log entries."))
        with self.store.unit_of_work(write=False) as repo:
            table = self._latest(repo, channel)
            seats = repo.seats(table.id)
            moves = repo.moves(table.id)
        with contextlib.suppress(KeyError):  # a game no longer installed: its log still reads
            seats = self._labelled(seats, self._games(table.game))
        with i18n.language(table_language(table)) as public_language:
            if not moves:
                return Reply(ok=True, public=_("The log is empty."), version=table.version, language=public_language)
            undone = {m.seq for m in moves if m.seq not in {e.seq for e in effective_moves(moves)}}
            concealed = self._concealed(table, moves)
            hidden_step = str(_("a step that showed hidden information"))
            by_seq = {m.seq: m for m in moves}
            lines = []
            for m in moves[-n:]:
                if m.kind == CHOICE:
                    line = f"#{m.seq} {self._mover(m, seats)}: {hidden_step if m.seq in concealed else m.shown}"
                    if m.seq in undone:
                        line = _("{entry} (taken back)", entry=line)
                elif m.kind == CHANCE_KIND:
                    line = _("#{seq} chance: {move}", seq=m.seq, move=m.shown)
                elif m.kind == UNDO:
                    target = by_seq.get(int(m.notation)) if m.notation.isdigit() else None
                    shown = hidden_step if target is not None and target.seq in concealed else (target and target.shown)
                    what = f"#{m.notation} ({shown})" if target else f"#{m.notation}"
                    line = _("#{seq} {who} took back {what}", seq=m.seq, who=self._name(m.seat, seats), what=what)
                else:
                    line = f"#{m.seq} — {self._note(m, seats)}"
                lines.append(line)
        return Reply(ok=True, public="\n".join(lines), version=table.version, language=public_language)

    @_guarded
    def legal(self, channel: str, user: str) -> Reply:
        """The caller's legal moves as ``choices`` = ``[(notation, label), …]`` (for autocomplete)."""
        channel, user = _clean(channel, "channel id"), _clean(user, "user id")
        with self.store.unit_of_work(write=False) as repo:
            table = self._table(repo, channel, RUNNING)
            _seats, _me, game, state, decision = self._my_decision(repo, table, user)
        return Reply(ok=True, private=str(tr(decision.prompt)), choices=self._choices(game, state, offered(game, state)[0]),
                     version=table.version)

    @_guarded
    def export(self, channel: str) -> Reply:
        """The channel's latest table as a JSON-ready move log in ``data`` (see docs/hosting.md)."""
        channel = _clean(channel, "channel id")
        with self.store.unit_of_work(write=False) as repo:
            table = self._latest(repo, channel)
            seats = repo.seats(table.id)
            moves = repo.moves(table.id)
        # The seed decides every random draw: while a game with hidden information runs, it would
        # reveal the hands (and the removed cards), so only a finished game's export carries it.
        secret = table.status == RUNNING and game_info(self._game(table.game)).hidden_information
        # A taken-back step that had revealed a card shows no notation while the game runs: the card
        # may be back in a hidden hand.
        concealed = self._concealed(table, moves) if table.status == RUNNING else set()
        data = {
            "game": table.game,
            "table_id": table.id,
            "engine_version": table.engine_version,
            # the component data the game was played with (engine.core.components; None: none yet)
            "data_digest": self._data_digest(table),
            "options": table.options,
            "seed": None if secret else table.seed,
            "status": table.status,
            "players": [{"seat": s.seat, "user": s.user_id, "name": s.user_name, "label": s.label,
                         "bot": s.bot_level} for s in seats],
            # A running game's export shows only public forms (hidden draws stay hidden until the end).
            "moves": [
                {"seq": m.seq, "kind": m.kind, "seat": m.seat,
                 "notation": m.notation if table.status != RUNNING else (HIDDEN_NOTATION if m.seq in concealed else m.shown),
                 "bot": m.actor[len(BOT_PREFIX):] if m.kind == CHOICE and is_bot_user(m.actor) else None}
                for m in moves
            ],
            "complete": table.status != RUNNING or (not concealed and all(m.public is None for m in moves)),
        }
        return Reply(
            ok=True,
            private=_n("Move log of {game} table #{table} ({n} entry).", "Move log of {game} table #{table} ({n} entries).",
                       len(moves), game=_title(table.game), table=table.id),
            version=table.version,
            data=data,
        )

    # ------------------------------------------------------------------------------------------
    # Table settings and reminders (no version bump: open buttons stay valid)
    # ------------------------------------------------------------------------------------------
    @_guarded
    def set_reminder(self, channel: str, user: str, hours: int, is_admin: bool = False) -> Reply:
        """Set the reminder interval of the channel's open or running table (``0`` = off).

        Seated players, the table's creator and admins may change it. The table's version does not
        change (the game is not touched), so buttons on the board stay valid.
        """
        channel, user = _clean(channel, "channel id"), _clean(user, "user id")
        if not isinstance(hours, int) or isinstance(hours, bool) or not 0 <= hours <= MAX_REMINDER_HOURS:
            raise Refusal(_("Choose 1 to {max} hours, or 0 to switch reminders off.", max=MAX_REMINDER_HOURS))
        with self.store.unit_of_work() as repo:
            table = self._active(repo, channel)
            if not _may_change_settings(repo, table, user, is_admin):
                raise Refusal(_("Only the table's players or a server admin can change its reminders."), table.version)
            repo.set_fields(table.id, reminder_hours=hours or None)
            repo.commit()
        with i18n.language(table_language(table)) as public_language:
            if hours:
                text = _n(
                    "Turn reminders are on: a player whose move has waited {n} hour gets a direct message "
                    "(at most {max} per move).",
                    "Turn reminders are on: a player whose move has waited {n} hours gets a direct message "
                    "(at most {max} per move).",
                    hours, max=MAX_REMINDERS,
                )
            else:
                text = _("Turn reminders are off for this table.")
        return Reply(ok=True, public=text, version=table.version, data={"reminder_hours": hours or None},
                     language=public_language)

    # ------------------------------------------------------------------------------------------
    # Bots: seats played by a policy, take-over of absent players, hints
    # ------------------------------------------------------------------------------------------
    @_guarded
    def add_bot(self, channel: str, user: str, level: str = "greedy") -> Reply:
        """Seat a bot of ``level`` (``greedy`` or ``search``) at the channel's open table.

        Any seated player (or the creator) may add one while a seat is free; the game must have
        bot players (:func:`engine.core.bots.bots_supported`). The bot's user id is ``bot:N``.
        Its turns are played by :meth:`bot_step` once the game runs.
        """
        from engine.core.bots import LEVELS, bots_supported

        channel, user = _clean(channel, "channel id"), _clean(user, "user id")
        level = str(level).strip().lower()
        if level not in LEVELS:
            raise Refusal(_("Choose a bot level: {levels}.",
                            levels=", ".join(str(tr(BOT_LEVEL_WORDS.get(v, v))) for v in LEVELS)))
        with self.store.unit_of_work() as repo:
            table = self._table(repo, channel, OPEN)
            seats = repo.seats(table.id)
            if _seat_of(seats, user) is None and user != table.creator:
                raise Refusal(_("Only a seated player can add a bot."), table.version)
            game = self._game(table.game)
            if not bots_supported(game):
                raise Refusal(_("{game} has no bot players yet.", game=_title(game.name)), table.version)
            want = table.options.get("players")
            limit = want if want is not None else max(game_info(game).player_counts)
            if len(seats) >= limit:
                raise Refusal(_n("The table is full ({n} player).", "The table is full ({n} players).", limit),
                              table.version)
            number = 1 + max((int(s.user_id[len(BOT_PREFIX):]) for s in seats if is_bot_user(s.user_id)), default=0)
            seat = repo.add_seat(table.id, f"{BOT_PREFIX}{number}", f"Bot {number}", bot_level=level)
            version = self._bump(repo, table)
            repo.commit()
        count = len(seats) + 1
        with i18n.language(table_language(table)) as public_language:
            text = _("{who} joined ({count}/{want}).", who=seat_name(seat), count=count, want=want or count)
            if want is not None and count == want:
                text += " " + _("The table is full; start the game with {start}.", start=self._cmd("start"))
        return Reply(ok=True, public=text, version=version, data={"seat": seat.seat, "level": level},
                     language=public_language)

    @_guarded
    def bot_step(self, channel: str) -> Reply:
        """Play the turn of the bot whose seat is to act at the channel's running table.

        The bot plays decisions of its seat until another seat (or chance followed by another
        seat) is to act or the game ends; the turn is committed as one change (each decision a
        ``choice`` entry whose ``actor`` is ``bot:<level>``). The bot sees only its seat's view
        (:func:`engine.core.bots.bot_view`) and is seeded from the table's seed and the log
        position, so its choices are reproducible. It thinks outside any transaction and
        commits only if nobody changed the table meanwhile (else "the game moved on").
        Refused (``data["idle"]``) when no bot is to act. The public text is one line of
        narration, the events and whose turn it is; the picture is the turn picture.
        """
        from engine.core.bots import bot_view, make_policy

        channel = _clean(channel, "channel id")
        with self.store.unit_of_work(write=False) as repo:
            table = self._table(repo, channel, RUNNING)
            seats = repo.seats(table.id)
            game = self._game(table.game)
            state = self._state(repo, table, game)
            first_seq = repo.last_seq(table.id) + 1
        decision = game.decision(state)
        bot = seats[decision.seat] if decision.seat is not None and 0 <= decision.seat < len(seats) else None
        if bot is None or not bot.bot_level:
            raise Refusal(_("No bot is to play now."), table.version, {"idle": True})
        level, actor = bot.bot_level, f"{BOT_PREFIX}{bot.bot_level}"
        entries: list[MoveRec] = []
        events: list[Event] = []
        steps: list[str] = []
        seq, current = first_seq, state
        while game.decision(current).seat == bot.seat and len(steps) < MAX_BOT_STEPS:
            seed = random.Random(f"bot:{table.seed}:{seq}").getrandbits(62)
            legal = game.legal_actions(current)
            action = make_policy(game, level, seed).choose(bot_view(game, current, bot.seat, seed), legal)
            notation = game.format_action(current, action)
            entry = MoveRec(table.id, seq, actor, bot.seat, CHOICE, notation, None,
                            public_form(game, current, action, notation))
            current, step_events = game.apply(current, action)
            current, chance, chance_events = self._resolve_chance(game, current, table.id, table.seed or 0, seq + 1)
            entries += [entry, *chance]
            events += step_events + chance_events
            steps.append(entry.shown)
            seq = entries[-1].seq + 1
        over = game.decision(current).seat is None
        with self.store.unit_of_work() as repo:
            fresh = repo.table(table.id)
            if fresh is None or fresh.version != table.version or repo.last_seq(table.id) + 1 != first_seq:
                raise Refusal(tr(MOVED_ON), fresh.version if fresh is not None else None)
            version = self._bump(repo, fresh, **({"status": FINISHED} if over else {}))
            repo.append_moves(entries)
            repo.save_snapshot(table.id, entries[-1].seq, game.version, game.to_json(current))
            if over:
                repo.prune_snapshots(table.id, keep_from_seq=entries[-1].seq)
            repo.commit()
        public_language = table_language(table)
        seats = self._labelled(seats, game)
        me = seats[bot.seat]
        shown = "; ".join(steps)
        with i18n.language(public_language):
            first = f"{_who(me)}: {shown}"

        def build() -> Reply:
            reply = self._step_reply(game, current, seats, table, me.seat, first, shown, steps[-1], events,
                                     None, version, public_language)
            (reply.data or {}).update(bot=True, seat=me.seat, level=level)
            return reply

        return self._after_commit(build, first, version, public_language)

    def play_bots(self, channel: str, *, lang: str | None = None, limit: int = 1000) -> list[Reply]:
        """Every bot turn due now at the channel's table, in order (each a :meth:`bot_step` reply).

        Stops when a person is to act, the game ends, a turn is refused (the game moved on) or
        after ``limit`` turns. For front ends that print all at once (the terminal, tests);
        Discord posts each reply as it comes.
        """
        replies: list[Reply] = []
        for _turn in range(limit):
            reply = self.bot_step(channel, lang=lang)
            if not reply.ok:
                break
            replies.append(reply)
            if (reply.data or {}).get("finished"):
                break
        return replies

    @_guarded
    def set_timeout(self, channel: str, user: str, hours: int, is_admin: bool = False) -> Reply:
        """Set the take-over timeout of the channel's open or running table (``0`` = off).

        After ``hours`` without a move the waiting player is reminded (as with a reminder
        interval); after twice that a bot (:data:`TAKEOVER_LEVEL`) takes the seat over until the
        player comes back with :meth:`return_seat`. Seated players, the creator and admins may set
        it; the version does not change.
        """
        from engine.core.bots import bots_supported

        channel, user = _clean(channel, "channel id"), _clean(user, "user id")
        if not isinstance(hours, int) or isinstance(hours, bool) or not 0 <= hours <= MAX_TIMEOUT_HOURS:
            raise Refusal(_("Choose 1 to {max} hours, or 0 to switch the timeout off.", max=MAX_TIMEOUT_HOURS))
        with self.store.unit_of_work() as repo:
            table = self._active(repo, channel)
            if not _may_change_settings(repo, table, user, is_admin):
                raise Refusal(_("Only the table's players or a server admin can change its timeout."), table.version)
            if hours and not bots_supported(self._game(table.game)):
                raise Refusal(_("{game} has no bot players yet, so no bot can take a seat over.",
                                game=_title(table.game)), table.version)
            repo.set_fields(table.id, timeout_hours=hours or None)
            repo.commit()
        with i18n.language(table_language(table)) as public_language:
            if hours:
                text = _n(
                    "Timeout: a player whose move has waited {n} hour is reminded; after {twice} hours a bot "
                    "plays their seat until they come back with {back}.",
                    "Timeout: a player whose move has waited {n} hours is reminded; after {twice} hours a bot "
                    "plays their seat until they come back with {back}.",
                    hours, twice=2 * hours, back=self._cmd("return"),
                )
            else:
                text = _("The timeout is off for this table.")
        return Reply(ok=True, public=text, version=table.version, data={"timeout_hours": hours or None},
                     language=public_language)

    @_own_context  # each table's component data is selected inside this call only
    def due_takeovers(
        self, now: datetime | None = None, serves: Callable[[str | None], bool] | None = None
    ) -> list[dict[str, Any]]:
        """Seats whose player has let the decision wait twice the table's timeout at ``now``.

        Each item has ``table_id, channel, guild, seat, user_id, last_seq, language``; claim it
        with :meth:`take_over`. ``serves`` limits the check to this process's servers (as in
        :meth:`due_reminders`). A table that fails to load is logged and skipped.
        """
        now = now or utcnow()
        if now.tzinfo is None:
            now = now.replace(tzinfo=UTC)
        due: list[dict[str, Any]] = []
        with self.store.unit_of_work(write=False) as repo:
            for table in repo.tables([RUNNING]):
                if not table.timeout_hours or (serves is not None and not serves(table.guild)):
                    continue
                try:
                    last = repo.last_game_move(table.id)
                    since = (last.created_at if last is not None else None) or table.updated_at
                    if now < since + timedelta(hours=2 * table.timeout_hours):
                        continue
                    game = self._game(table.game)
                    seat_index = game.decision(self._state(repo, table, game)).seat
                    seats = repo.seats(table.id)
                    if seat_index is None or not 0 <= seat_index < len(seats) or seats[seat_index].bot_level:
                        continue
                    due.append({
                        "table_id": table.id, "channel": table.channel, "guild": table.guild, "seat": seat_index,
                        "user_id": seats[seat_index].user_id, "last_seq": last.seq if last is not None else 0,
                        "language": normalise(table.language),
                    })
                except Exception:
                    log.exception("checking the timeout of table %s failed", table.id)
        return due

    @_guarded
    def take_over(self, table_id: int, last_seq: int) -> Reply:
        """Let a bot play the waiting seat of table ``table_id`` (an item of :meth:`due_takeovers`).

        Claimed once across processes: the change is conditional on the table's version and on
        the log still ending at ``last_seq``; a stale or repeated claim is refused. Appends a
        ``system`` note and bumps the version (the absent player's buttons go stale). The public
        text (in the table's language) says who was taken over and how to come back.
        """
        from engine.core.bots import bots_supported

        with self.store.unit_of_work() as repo:
            table = repo.table(int(table_id))
            if table is None or table.status != RUNNING or not table.timeout_hours:
                raise Refusal(_("That table no longer waits for anybody."))
            last = repo.last_game_move(table.id)
            if (last.seq if last is not None else 0) != last_seq:
                raise Refusal(tr(MOVED_ON), table.version)
            game = self._game(table.game)
            seat_index = game.decision(self._state(repo, table, game)).seat
            seats = repo.seats(table.id)
            if (seat_index is None or not 0 <= seat_index < len(seats) or seats[seat_index].bot_level
                    or not bots_supported(game)):
                raise Refusal(_("That table no longer waits for anybody."), table.version)
            repo.set_bot_level(table.id, seat_index, TAKEOVER_LEVEL)
            version = self._bump(repo, table)
            repo.append_moves([MoveRec(table.id, repo.last_seq(table.id) + 1, None, seat_index, SYSTEM,
                                       TAKEOVER_NOTE.format(seat=seat_index + 1))])
            repo.commit()
        seats = self._labelled(seats, game)
        gone = seats[seat_index]
        with i18n.language(table_language(table)) as public_language:
            text = _n(
                "{name} has not moved for {n} hour: a bot plays their seat now. {name} can take it back with {back}.",
                "{name} has not moved for {n} hours: a bot plays their seat now. {name} can take it back with {back}.",
                2 * table.timeout_hours, name=_who(gone), back=self._cmd("return"),
            )
        return Reply(ok=True, public=text, version=version, language=public_language,
                     data={"table_id": table.id, "channel": table.channel, "seat": seat_index,
                           "user_id": gone.user_id})

    @_guarded
    def return_seat(self, channel: str, user: str) -> Reply:
        """Take back the caller's seat from the bot that took it over (``/game return``)."""
        channel, user = _clean(channel, "channel id"), _clean(user, "user id")
        with self.store.unit_of_work() as repo:
            table = self._table(repo, channel, RUNNING)
            seats = repo.seats(table.id)
            me = _seat_of(seats, user)
            if me is None:
                raise Refusal(_("You are not playing at this table."), table.version)
            if not me.bot_level:
                raise Refusal(_("You are playing your own seat already."), table.version)
            repo.set_bot_level(table.id, me.seat, None)
            version = self._bump(repo, table)
            repo.append_moves([MoveRec(table.id, repo.last_seq(table.id) + 1, user, me.seat, SYSTEM,
                                       RETURN_NOTE.format(seat=me.seat + 1))])
            repo.commit()
        game = self._game(table.game)
        me = self._labelled([me], game)[0]
        with i18n.language(table_language(table)) as public_language:
            text = _("{name} is back and plays their own seat again.", name=_who(dataclasses.replace(me, bot_level=None)))
        return Reply(ok=True, public=text, version=version, language=public_language,
                     mention=[], data={"table_id": table.id, "seat": me.seat})

    @_guarded
    def hint(self, channel: str, user: str, n: int = 3) -> Reply:
        """The caller's ``n`` best moves now, by the greedy bot, with a one-line reason each (private).

        Only the player to act may ask; the bot sees only that player's view. ``choices`` holds
        ``(notation, reason)`` pairs, best first; nothing is saved.
        """
        from engine.core.bots import GreedyPolicy, bot_view, bots_supported

        channel, user = _clean(channel, "channel id"), _clean(user, "user id")
        with self.store.unit_of_work(write=False) as repo:
            table = self._table(repo, channel, RUNNING)
            seats, me, game, state, _decision = self._my_decision(repo, table, user)
        if not bots_supported(game):
            raise Refusal(_("{game} has no bot players yet, so there are no hints.", game=_title(game.name)),
                          table.version)
        if me.bot_level:
            raise Refusal(_("A bot plays your seat now; take it back with {back}.", back=self._cmd("return")),
                          table.version)
        seed = random.Random(f"hint:{table.seed}:{table.version}").getrandbits(62)
        legal = game.legal_actions(state)
        ranked = GreedyPolicy(game, seed).rank(bot_view(game, state, me.seat, seed), legal, n)
        choices = [(game.format_action(state, r.action), str(tr(r.reason))) for r in ranked]
        lines = [_("Suggested moves (best first):")]
        lines += [f"{i}. {notation} — {reason}" for i, (notation, reason) in enumerate(choices, start=1)]
        return Reply(ok=True, private="\n".join(lines), version=table.version, choices=choices)

    @_guarded
    def set_language(self, channel: str, user: str, language: str, is_admin: bool = False) -> Reply:
        """Set the language of the public messages of the channel's open or running table.

        ``language`` is one of :data:`~engine.core.i18n.LANGUAGES` (a code, a locale such as
        ``pl-PL`` or a language's name; see :func:`language_code`). Seated players, the table's
        creator and admins may change it. The confirmation is public, in the new language. Like
        the reminder interval it is an unversioned field: the version does not change, so buttons
        on the board stay valid (the next board is drawn in the new language).
        """
        channel, user = _clean(channel, "channel id"), _clean(user, "user id")
        code = language_code(language)
        if code is None:
            known = ", ".join(f"{c} ({LANGUAGE_NAMES[c]})" for c in LANGUAGES)
            raise Refusal(_("The table can't speak '{language}'. Choose one of: {languages}.",
                            language=str(language)[:40], languages=known))
        with self.store.unit_of_work() as repo:
            table = self._active(repo, channel)
            if not _may_change_settings(repo, table, user, is_admin):
                raise Refusal(_("Only the table's players or a server admin can change its language."), table.version)
            repo.set_fields(table.id, language=code)
            repo.commit()
        with i18n.language(code):
            text = _("From now on this table's messages are in {language}.", language=LANGUAGE_NAMES[code])
        return Reply(ok=True, public=text, version=table.version, data={"table_id": table.id, "language": code},
                     language=code)

    @_own_context  # each table's component data is selected inside this call only
    def due_reminders(
        self, now: datetime | None = None, serves: Callable[[str | None], bool] | None = None
    ) -> list[dict[str, Any]]:
        """Reminders due at ``now`` (default: the current time), computed from the database.

        A running table with a reminder interval of N hours (else a take-over timeout of N hours)
        is due when its decision — a person's, not a bot's — has waited since the last choice,
        chance outcome or undo for N hours (then 2N, 3N; at most
        :data:`MAX_REMINDERS` per decision). Each item has ``table_id, channel, guild, game,
        to_act, user_name, prompt, since, number, last_seq, hours, language``: ``language`` is the
        table's (English for tables from before languages) and ``prompt`` is in it. Claim an item
        with :meth:`mark_reminded` before sending. A table that fails to load is logged and skipped.
        ``serves(guild)`` (a process's shard plan, :meth:`bot.sharding.ShardPlan.serves`) limits the
        check to the tables of the servers this process serves; the claim stays exactly-once anyway.
        """
        now = now or utcnow()
        if now.tzinfo is None:
            now = now.replace(tzinfo=UTC)
        due: list[dict[str, Any]] = []
        with self.store.unit_of_work(write=False) as repo:
            for table in repo.tables([RUNNING]):
                if not (table.reminder_hours or table.timeout_hours):
                    continue
                if serves is not None and not serves(table.guild):
                    continue  # another process's shard serves this table's server
                try:
                    item = self._due(repo, table, now)
                except Exception:
                    log.exception("checking reminders of table %s failed", table.id)
                    continue
                if item is not None:
                    due.append(item)
        return due

    def _due(self, repo: Repository, table: TableRec, now: datetime) -> dict[str, Any] | None:
        last = repo.last_game_move(table.id)
        last_seq = last.seq if last is not None else 0
        since = (last.created_at if last is not None else None) or table.updated_at
        state_rec = repo.reminder_state(table.id)
        sent = state_rec.sent if state_rec is not None and state_rec.last_seq == last_seq else 0
        # the reminder interval, else the take-over timeout (reminded after one period)
        hours = table.reminder_hours or table.timeout_hours or 0
        if sent >= MAX_REMINDERS or now < since + timedelta(hours=hours * (sent + 1)):
            return None
        game = self._game(table.game)
        decision = game.decision(self._state(repo, table, game))
        seats = repo.seats(table.id)
        if decision.seat is None or not 0 <= decision.seat < len(seats) or seats[decision.seat].bot_level:
            return None  # nobody to remind: the game is over, or a bot plays the seat
        seat = seats[decision.seat]
        lang = normalise(table.language)
        return {
            "table_id": table.id,
            "channel": table.channel,
            "guild": table.guild,
            "game": table.game,
            "to_act": seat.user_id,
            "user_name": seat.user_name,
            "language": lang,
            "prompt": str(tr(decision.prompt, lang)),
            "since": since,
            "number": sent + 1,
            "last_seq": last_seq,
            "hours": hours,
        }

    def mark_reminded(self, table_id: int, last_seq: int, number: int) -> bool:
        """Record reminder ``number`` for the decision waiting since log entry ``last_seq``.

        ``True`` means the caller should send it now; ``False`` that it is out of date (the game
        moved on, the table is no longer running) or already recorded (by this or another
        process). Never raises.
        """
        try:
            with self.store.unit_of_work() as repo:
                table = repo.table(int(table_id))
                if table is None or table.status != RUNNING or not (table.reminder_hours or table.timeout_hours):
                    return False
                last = repo.last_game_move(table.id)
                if (last.seq if last is not None else 0) != last_seq:
                    return False
                previous = repo.reminder_state(table.id)
                sent = previous.sent if previous is not None and previous.last_seq == last_seq else 0
                if number != sent + 1 or number > MAX_REMINDERS:
                    return False
                if not repo.record_reminder(table.id, last_seq, number, previous):
                    return False
                repo.commit()
                return True
        except Exception:  # e.g. two processes inserting the first row at once: skip this round
            log.warning("recording reminder %s of table %s failed", number, table_id, exc_info=True)
            return False

    @_guarded
    def set_board_message(self, channel: str, message_id: str, url: str, *, table_id: int | None = None) -> Reply:
        """Remember the latest public board message of the channel's open or running table.

        The link survives restarts: :meth:`new_table` refusals and :meth:`status` (``board_url``)
        carry it. ``table_id`` (optional) makes sure a late call can't land on a newer table. The
        version does not change.
        """
        channel = _clean(channel, "channel id")
        message_id = _clean(message_id, "message id")
        url = _clean(url, "message link", MAX_URL)
        with self.store.unit_of_work() as repo:
            table = self._active(repo, channel)
            if table_id is not None and table.id != table_id:
                raise Refusal(_("That message belongs to another table."), table.version)
            repo.set_fields(table.id, board_message_id=message_id, board_url=url)
            repo.commit()
        return Reply(ok=True, version=table.version, data={"table_id": table.id, "board_url": url})

    # ------------------------------------------------------------------------------------------
    # Internals
    # ------------------------------------------------------------------------------------------
    def _mover(self, move: MoveRec, seats: Sequence[SeatRec]) -> str:
        """Who made a logged choice: the seat's player, or the bot that played it (``actor`` ``bot:…``)."""
        if move.seat is None or not 0 <= move.seat < len(seats):
            return self._name(move.seat, seats)
        seat = seats[move.seat]
        by_bot = move.actor[len(BOT_PREFIX):] if is_bot_user(move.actor) else None
        return _who(dataclasses.replace(seat, bot_level=by_bot or (seat.bot_level if is_bot_user(seat.user_id) else None)))

    def _note(self, move: MoveRec, seats: Sequence[SeatRec]) -> str:
        """A ``system`` log entry in words (abandon, take-over, return; other notes as stored)."""
        if move.notation == ABANDONED_NOTE:
            return str(_t("log note", "abandoned"))
        if move.seat is not None and 0 <= move.seat < len(seats):
            name = seat_name(seats[move.seat])
            if move.notation == TAKEOVER_NOTE.format(seat=move.seat + 1):
                return _("a bot takes over {name}'s seat", name=name)
            if move.notation == RETURN_NOTE.format(seat=move.seat + 1):
                return _("{name} takes their seat back", name=name)
        return move.notation

    def _concealed(self, table: TableRec, moves: Sequence[MoveRec]) -> set[int]:
        """The ``seq`` of every taken-back choice that had revealed hidden information.

        Such a step named a card that is hidden again once taken back (logs from before undo
        refused reveals may hold them), so public outputs show it without its notation. Found by
        walking the log once (undo entries restore the state before their step); a log that does
        not replay conceals every taken-back step.
        """
        undone = {int(m.notation) for m in moves if m.kind == UNDO and m.notation.isdigit()}
        try:
            game = self._game(table.game)
        except Refusal:
            return undone
        if not undone or not (has_hidden_options(game) or getattr(game, "reveals", None) is not None):
            return set()
        found: set[int] = set()
        try:
            state = replay(game, stored_options(game, table.options), table.seed or 0, [])
            before: list[Any] = []
            for m in moves:
                if m.kind in (CHOICE, CHANCE_KIND):
                    action = game.parse_action(state, m.notation)
                    after, events = game.apply(state, action)
                    if m.kind == CHOICE and m.seq in undone and reveals(game, state, action, events):
                        found.add(m.seq)
                    before.append(state)
                    state = after
                elif m.kind == UNDO and before:
                    state = before.pop()
        except (IllegalAction, ValueError):
            return undone
        return found

    @staticmethod
    def _busy(existing: TableRec) -> Refusal:
        """The refusal of a new table while ``existing`` is open or running in the channel."""
        if existing.status == OPEN:
            busy = _("A {game} game is already open here (table #{table}). Finish or abandon it first.",
                     game=_title(existing.game), table=existing.id)
        else:
            busy = _("A {game} game is already running here (table #{table}). Finish or abandon it first.",
                     game=_title(existing.game), table=existing.id)
        if existing.board_url:
            busy += " " + _("Latest board: {url}", url=existing.board_url)
        data = {"table_id": existing.id, "game": existing.game, "status": existing.status,
                "board_url": existing.board_url}
        return Refusal(busy, existing.version, data)

    def _game(self, name: str) -> Game:
        try:
            return self._games(name)
        except KeyError:
            if self._games is get_game:
                raise Refusal(_("Unknown game '{name}' (known: {known}).", name=name,
                                known=", ".join(game_names()))) from None
            raise Refusal(_("Unknown game '{name}'.", name=name)) from None

    def _check_options(self, game: Game, options: dict[str, Any] | None) -> dict[str, Any]:
        options = _normalise_options(options)
        try:
            encoded = json.dumps(options)
        except (TypeError, ValueError):
            raise Refusal(_("The options must be plain JSON data.")) from None
        if len(encoded) > 2000:
            raise Refusal(_("The options are too long."))
        players = options.get("players")
        if players is not None and (not isinstance(players, int) or isinstance(players, bool) or players < 1):
            raise Refusal(_("The number of players must be a whole number of at least 1."))
        try:
            game.setup(options, 0)  # validates player count, modules …
        except (ValueError, IllegalAction) as exc:
            raise Refusal(_("Those options don't work for {game}: {reason}", game=_title(game.name),
                                    reason=_reason(exc))) from None
        return options

    def _select_new_data(self, game: Game, version: int | None = None) -> components.DataSet | None:
        """Select (for the rest of this call) and return the component data a game of ``game``
        starts with now: the shipped data with the owner's corrections (:attr:`data_dir`); ``None``
        for a game without component data. Invalid corrections refuse the call (logged in full)."""
        if not components.has_data(game.name):
            return None
        try:
            data = components.effective(game.name, self.data_dir)
        except components.DataError as exc:
            log.error("the component data corrections in %s are invalid: %s", self.data_dir, exc)
            raise Refusal(_("This bot's corrections of the {game} components are invalid, so no {game} game can "
                            "start; the bot's owner has to fix them (the error is in the bot's log).",
                            game=_title(game.name)), version) from None
        components.select(game.name, data.digest)
        return data

    @staticmethod
    def _data_digest(table: TableRec) -> str | None:
        """The digest of the component data ``table`` plays with (a table from before digests: its
        game's legacy data; ``None``: not started, or a game without component data)."""
        if table.data_digest:
            return table.data_digest
        return None if table.status == OPEN else components.legacy_digest(table.game)

    def _use_data(self, repo: Repository, table: TableRec) -> None:
        """Select the component data ``table`` started with for the rest of this call: a data set the
        engine knows, else the one kept in the store, else this host's corrections if they are that
        data set; refused when none has it."""
        digest = table.data_digest or components.legacy_digest(table.game)
        if digest is None:
            return  # a game without component data
        if not components.available(table.game, digest):
            stored = repo.component_data(digest)
            if stored is None and self.data_dir is not None:
                with contextlib.suppress(components.DataError):  # the owner put the corrections back
                    if components.effective(table.game, self.data_dir).digest == digest:
                        stored = components.get(table.game, digest).to_json()
            if stored is None:
                log.error("table %s: component data %s (%s) is not available", table.id, digest, table.game)
                raise Refusal(_("Table #{table} was started with component data {digest} that is not available "
                                "here, so the game can't be loaded. The bot's owner can restore that data "
                                "(see 'Correcting components' in the hosting guide).",
                                table=table.id, digest=digest[:12]), table.version)
            try:
                components.from_json(table.game, stored, digest)
            except components.DataError as exc:
                log.error("table %s: the stored component data %s does not load: %s", table.id, digest, exc)
                raise Refusal(_("Table #{table}'s component data {digest} no longer loads with this version of "
                                "the bot, so the game can't be loaded (the error is in the bot's log).",
                                table=table.id, digest=digest[:12]), table.version) from None
        components.select(table.game, digest)

    def _no_game(self) -> Refusal:
        return Refusal(_("There is no game in this channel. Open one with {new}.", new=self._cmd("new")))

    def _active(self, repo: Repository, channel: str) -> TableRec:
        table = repo.active_table(channel)
        if table is None:
            raise self._no_game()
        return table

    def _table(self, repo: Repository, channel: str, status: str) -> TableRec:
        table = self._active(repo, channel)
        if table.status != status:
            if status == RUNNING:
                raise Refusal(_("The game hasn't started yet; start it with {start}.", start=self._cmd("start")),
                              table.version)
            raise Refusal(_("The game has already started."), table.version)
        return table

    def _latest(self, repo: Repository, channel: str) -> TableRec:
        table = repo.active_table(channel) or repo.latest_table(channel)
        if table is None:
            raise self._no_game()
        return table

    @staticmethod
    def _bump(repo: Repository, table: TableRec, **changes: Any) -> int:
        try:
            return repo.bump_version(table.id, table.version, **changes)
        except VersionConflict:
            raise Refusal(tr(MOVED_ON)) from None

    def _state(
        self, repo: Repository, table: TableRec, game: Game, moves: list[MoveRec] | None = None
    ) -> Any:
        """The current state: the latest snapshot if it is current, else a replay of the log."""
        self._use_data(repo, table)
        snap = repo.latest_snapshot(table.id)
        last = repo.last_seq(table.id, (CHOICE, CHANCE_KIND, UNDO))
        if snap is not None and snap.seq >= last and snap.engine_version == game.version:
            try:
                return game.from_json(snap.state)
            except ValueError:
                log.warning("table %s: snapshot #%s does not load; replaying the log", table.id, snap.seq)
        return self._replay(table, game, effective_moves(moves if moves is not None else repo.moves(table.id)))

    def _state_before(
        self, repo: Repository, table: TableRec, game: Game, moves: list[MoveRec], effective: list[MoveRec]
    ) -> Any:
        """The state just before the last effective entry (snapshot if exact, else replay).

        The latest snapshot before that entry is exact when only system notes lie between them.
        """
        self._use_data(repo, table)
        target = effective[-1]
        snap = repo.snapshot_before(table.id, target.seq)
        exact = snap is not None and all(m.kind == SYSTEM for m in moves if snap.seq < m.seq < target.seq)
        if snap is not None and exact and snap.engine_version == game.version:
            try:
                return game.from_json(snap.state)
            except ValueError:
                log.warning("table %s: snapshot #%s does not load; replaying the log", table.id, snap.seq)
        return self._replay(table, game, effective[:-1])

    @staticmethod
    def _replay(table: TableRec, game: Game, moves: Sequence[MoveRec]) -> Any:
        return Host._replay_events(table, game, moves, len(moves))[0]

    @staticmethod
    def _replay_events(
        table: TableRec, game: Game, moves: Sequence[MoveRec], events_from: int
    ) -> tuple[Any, list[Event]]:
        """The state after ``moves`` and the events of ``moves[events_from:]``; refused when the
        log no longer replays with this engine."""
        try:
            state = replay(game, stored_options(game, table.options), table.seed or 0,
                           [m.notation for m in moves[:events_from]])
            events: list[Event] = []
            for number, m in enumerate(moves[events_from:], start=events_from + 1):
                try:
                    state, step = game.apply(state, game.parse_action(state, m.notation))
                except IllegalAction as exc:
                    raise IllegalAction(f"move {number} ({m.notation}): {exc.reason}") from exc
                events += step
            return state, events
        except (IllegalAction, ValueError) as exc:
            raise Refusal(
                _("This game's log no longer replays with {game} {version} (it was started with {old}): {reason}",
                  game=game.name, version=game.version, old=table.engine_version, reason=_reason(exc)),
                table.version,
            ) from None

    @staticmethod
    def _resolve_chance(
        game: Game, state: Any, table_id: int, seed: int, first_seq: int
    ) -> tuple[Any, list[MoveRec], list[Event]]:
        """Sample and apply chance outcomes (ply = each entry's seq) until a player must act."""
        entries: list[MoveRec] = []
        events: list[Event] = []
        seq = first_seq
        while game.decision(state).seat == CHANCE:
            if len(entries) >= MAX_CHANCE_CHAIN:
                raise RuntimeError(f"{game.name}: more than {MAX_CHANCE_CHAIN} chance decisions in a row")
            action: Action = sample_chance(game, state, seed, seq)
            notation = game.format_action(state, action)
            shown = public_form(game, state, action, notation)
            state, evs = game.apply(state, action)
            entries.append(MoveRec(table_id, seq, None, CHANCE, CHANCE_KIND, notation, None, shown))
            events.extend(evs)
            seq += 1
        return state, entries, events

    def _my_decision(self, repo: Repository, table: TableRec, user: str) -> tuple[Any, ...]:
        """``(seats, my seat, game, state, decision)`` when ``user`` is seated and must act now;
        otherwise a :class:`Refusal` saying why."""
        seats = repo.seats(table.id)
        me = _seat_of(seats, user)
        if me is None:
            raise Refusal(_("You are not playing at this table."), table.version)
        game = self._game(table.game)
        state = self._state(repo, table, game)
        seats = self._labelled(seats, game)
        me = seats[me.seat] if 0 <= me.seat < len(seats) else me
        decision = game.decision(state)
        if me.bot_level:
            raise Refusal(_("A bot plays your seat now; take it back with {back}.", back=self._cmd("return")),
                          table.version)
        if decision.seat != me.seat:
            raise Refusal(self._not_your_turn(decision.seat, decision.prompt, seats), table.version)
        return seats, me, game, state, decision

    @staticmethod
    def _event_lines(events: Sequence[Event], seat: int | None) -> tuple[list[str], list[str]]:
        """``(public, private)`` event texts in the current language (private: ``seat``'s own)."""
        public: list[str] = []
        private: list[str] = []
        for e in events:
            if e.data.get("private"):
                if seat is not None and e.seat == seat:
                    private.append(str(tr(e.text)))
            else:
                public.append(str(tr(e.text)))
        return public, private

    @staticmethod
    def _labelled(seats: Sequence[SeatRec], game: Game | None) -> list[SeatRec]:
        """``seats`` whose stored labels carry the game's words for them (see :class:`SeatLabel`).

        A game may name its seat labels with a hook ``seat_label_text(label) -> Msg`` (e.g. the
        colour ``purple`` → the term "Purple"); without it labels are shown as stored.
        """
        hook = getattr(game, "seat_label_text", None) if game is not None else None
        if hook is None:
            return list(seats)
        out = []
        for s in seats:
            if not s.label or isinstance(s.label, SeatLabel):
                out.append(s)
                continue
            try:
                term = hook(s.label)
            except Exception:
                log.warning("%s: no words for seat label %r", game.name if game else "?", s.label, exc_info=True)
                out.append(s)
                continue
            out.append(dataclasses.replace(s, label=SeatLabel(s.label, term)))
        return out

    @staticmethod
    def _choices(game: Game, state: Any, legal: Sequence[Action] | None = None) -> list[tuple[str, str]]:
        """The legal actions (or ``legal``) as ``(notation, label)``, labels in the current language."""
        actions = game.legal_actions(state) if legal is None else legal
        return [(game.format_action(state, a), str(tr(game.describe(state, a)))) for a in actions]

    @staticmethod
    def _name(seat: int | None, seats: Sequence[SeatRec]) -> str:
        if seat is None:
            return _("nobody")
        if seat == CHANCE:
            return _("chance")
        if 0 <= seat < len(seats):
            return _who(seats[seat])
        return _("seat {n}", n=seat + 1)

    def _not_your_turn(self, seat: int | None, prompt: str, seats: Sequence[SeatRec]) -> str:
        if seat is None:
            return _("The game is over.")
        return _("It's not your turn: waiting for {who} ({prompt})", who=self._name(seat, seats), prompt=tr(prompt))

    def _next_line(self, game: Game, state: Any, seats: Sequence[SeatRec]) -> str:
        decision = game.decision(state)
        if decision.seat is None:
            return _("The game is over.") + "\n" + format_result(game.result(state), seats)
        return _("{who} to play: {prompt}", who=self._name(decision.seat, seats), prompt=tr(decision.prompt))

    def _status_line(self, game: Game, state: Any, seats: Sequence[SeatRec], table: TableRec) -> str:
        if table.status == ABANDONED:
            return str(tr(STATUS_WORDS[ABANDONED]))
        decision = game.decision(state)
        if decision.seat is None:
            return str(tr(STATUS_WORDS[FINISHED]))
        return _("{who} to play: {prompt}", who=self._name(decision.seat, seats), prompt=tr(decision.prompt))

    def _lobby_text(self, table: TableRec, seats: Sequence[SeatRec]) -> str:
        want = table.options.get("players")
        names = ", ".join(seat_name(s) for s in seats) or _("nobody")
        count = f"{len(seats)}/{want}" if want else str(len(seats))
        if table.status == ABANDONED:
            return _("The last {game} table here was abandoned before it started.", game=_title(table.game))
        return _("{game} table #{table} is open ({count} seated: {names}). Join with {join}.",
                 game=_title(table.game), table=table.id, count=count, names=names, join=self._cmd("join"))

    def _to_mention(self, game: Game, state: Any, seats: Sequence[SeatRec], actor: str | None) -> list[str]:
        """Who to ping: the player to act (not a bot's seat), or every player once the game is over."""
        decision = game.decision(state)
        if decision.seat is None:
            return [s.user_id for s in seats if not is_bot_user(s.user_id)]
        if 0 <= decision.seat < len(seats):
            seat = seats[decision.seat]
            if seat.user_id != actor and not seat.bot_level:
                return [seat.user_id]
        return []

    @staticmethod
    def _after_commit(build: Callable[[], Reply], saved: str, version: int, public_language: str) -> Reply:
        """Build the reply of a committed change; if that fails the change still stands."""
        try:
            return build()
        except Exception:
            log.exception("building the reply failed after the commit")
            with i18n.language(public_language):
                note = _("(Saved, but the summary could not be shown.)")
            return Reply(ok=True, public=f"{saved}\n{note}", version=version, language=public_language)

    def _render(self, game: Game, state: Any, seat: int | None = None) -> tuple[bytes | None, str | None]:
        """``(png, alt)`` of ``seat``'s view (default: the spectator's); ``(None, None)`` without a
        renderer or on failure.

        Public pictures are always the spectator view; a seat's view is only for that seat's
        private answers (:meth:`hand`). Call it inside ``with language(<language>)``: the renderer
        draws its words in the current language (:func:`engine.core.i18n.current`).
        """
        if self.render is None:
            return None, None
        try:
            out = self.render(game.name, game.view(state, seat))
        except Exception:
            log.exception("rendering %s failed", game.name)
            return None, None
        return self._unpack(out)

    def _turn_picture(
        self,
        game: Game,
        state: Any,
        seat: int | None = None,
        move: str | None = None,
        events: Sequence[Event] = (),
        *,
        viewer: int | None = None,
    ) -> tuple[bytes | None, str | None]:
        """``(png, alt)`` of the picture posted with a step: the final-score picture once the game
        is over, else the turn picture after ``move`` (public form) by ``seat`` with its public
        ``events`` (``move=None``: the start of the game). Drawn from ``viewer``'s view (default: the
        spectator's). A renderer without turn or final pictures (``render.turn``/``render.final``)
        gives its board; ``(None, None)`` on failure.
        """
        if self.render is None:
            return None, None
        view = game.view(state, viewer)
        over = game.decision(state).seat is None
        drawer = getattr(self.render, "final" if over else "turn", None)
        if not callable(drawer):
            return self._render(game, state, viewer)
        last = None
        if move is not None:
            last = {
                "seat": seat,
                "move": move,
                "events": [{"kind": e.kind, "seat": e.seat, "text": str(tr(e.text)), "data": dict(e.data)}
                           for e in events if not e.data.get("private")],
            }
        try:
            out = drawer(game.name, view) if over else drawer(game.name, view, last)
        except Exception:
            log.exception("drawing the %s picture of %s failed", "final" if over else "turn", game.name)
            return self._render(game, state, viewer)
        return self._unpack(out)

    @staticmethod
    def _unpack(out: Any) -> tuple[bytes | None, str | None]:
        """A renderer's answer (PNG bytes, ``(png, alt)`` or ``None``) as ``(png, alt)``."""
        if isinstance(out, tuple):
            png, alt = (out + (None, None))[:2]
        else:
            png, alt = out, None
        if not isinstance(png, bytes | bytearray) or not png:
            return None, None
        return bytes(png), (str(alt) if alt else None)

    def _step_data(
        self,
        game: Game,
        state: Any,
        seats: Sequence[SeatRec],
        events: Sequence[Event],
        next_line: str,
        table: TableRec,
    ) -> dict[str, Any]:
        """Structured facts of a start, move or undo for front ends.

        ``events`` are the public events as ``{"kind", "seat", "text"}`` in order (``automa``
        lists the texts of :data:`AUTOMA_EVENT` events), ``next`` the closing line, ``finished``
        whether the game is over, ``result`` the final result (``players`` and ``solo``) once it
        is, ``solo`` whether this is a one-player table. Texts are in the current language (the
        table's: call it inside ``with language(...)``); ``result["solo"]`` keeps the game's values.
        """
        public = [e for e in events if not e.data.get("private")]
        finished = game.decision(state).seat is None
        result = game.result(state) if finished else None
        names = {s.seat: _who(s) for s in seats}
        return {
            "table_id": table.id,
            "next": next_line,
            "finished": finished,
            "solo": len(seats) == 1,
            "events": [{"kind": e.kind, "seat": e.seat, "text": str(tr(e.text))} for e in public],
            "automa": [str(tr(e.text)) for e in public if e.kind == AUTOMA_EVENT],
            "result": None if result is None else {
                "players": [
                    {"seat": p.seat, "name": names.get(p.seat) or _("Seat {n}", n=p.seat + 1), "score": p.score,
                     "rank": p.rank}
                    for p in result.players
                ],
                "solo": dict(result.solo) if result.solo else None,
            },
        }


def _title(name: str) -> str:
    """The published title of the game called ``name`` (a proper name), or ``name`` if unknown."""
    try:
        return game_info(get_game(name)).title
    except KeyError:
        return name


def _normalise_options(options: dict[str, Any] | None) -> dict[str, Any]:
    """Option keys and module ids as games spell them (``common-goals`` → ``common_goals``)."""
    out: dict[str, Any] = {}
    for key, value in dict(options or {}).items():
        key = normalise_option_name(key) if isinstance(key, str) else key
        if key == "modules" and isinstance(value, list | tuple):
            value = [normalise_option_name(m) if isinstance(m, str) else m for m in value]
        out[key] = value
    return out


def _reason(exc: BaseException) -> str:
    """The reason an engine gave (an IllegalAction's or a ValueError's), in the current language."""
    if isinstance(exc, IllegalAction):
        return str(tr(exc.reason))
    if len(exc.args) == 1 and isinstance(exc.args[0], Msg):
        return str(tr(exc.args[0]))
    return str(exc)
