"""The host's shared core: the reply and refusal types, the guard every service call runs in, the
host's constants and the small helpers (input checks, effective log, languages) every use case needs.
"""

from __future__ import annotations

import contextvars
import functools
import logging
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from engine.core import Game, IllegalAction, get_game, i18n
from engine.core.hidden import private_route
from engine.core.i18n import LANGUAGE_NAMES, LANGUAGES, Msg, current, normalise, tr
from engine.core.registry import game_info, normalise_option_name

from ..store import ABANDONED, CHANCE_KIND, CHOICE, FINISHED, OPEN, RUNNING, UNDO, TableRec
from ..words import M, T, _

#: One logger for the whole host (its records are named ``bot.host``, as before the split).
log = logging.getLogger("bot.host")

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
TAKEOVER_LEVEL = "medium"
#: Safety net: the most decisions one bot turn may take before it is committed.
MAX_BOT_STEPS = 400
#: Words for the bot levels of :data:`engine.core.bots.LEVELS`, and for their older names
#: (:data:`engine.core.bots.LEVEL_ALIASES`: a seat stored as ``greedy`` is shown as ``medium``).
BOT_LEVEL_WORDS: Mapping[str, Msg] = {
    "easy": T("bot level", "easy"),
    "medium": T("bot level", "medium"),
    "hard": T("bot level", "hard"),
    "greedy": T("bot level", "medium"),
    "search": T("bot level", "hard"),
}
#: Fewest and most bots of a solo table against bots (:meth:`Host.solo`).
MIN_SOLO_BOTS, MAX_SOLO_BOTS = 1, 3
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
    def wrapper(self: Any, *args: Any, lang: str | None = None, **kwargs: Any) -> Reply:
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


#: Whether the player to act is shown a private route to their options (``/game hand``): decided
#: from public information only (:func:`engine.core.hidden.private_route`), never from which hidden
#: cards there are. The Host's name for it, kept for its callers.
hidden_choices = private_route


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


def bot_level(level: Any) -> str:
    """The canonical bot level ``level`` names (:func:`engine.core.bots.level_name`: ``easy``,
    ``medium`` or ``hard``; the older ``greedy`` and ``search`` too, any case); a refusal listing
    the levels of :data:`engine.core.bots.LEVELS` in the current language otherwise."""
    from engine.core.bots import level_name

    try:
        return level_name(str(level))
    except ValueError:
        raise Refusal(_("Choose a bot level: {levels}.", levels=level_list())) from None


def level_list() -> str:
    """The bot levels of :data:`engine.core.bots.LEVELS` as the value to type with its word in the
    current language (``easy (łatwy), medium (średni), hard (trudny)``), weakest first."""
    from engine.core.bots import LEVELS

    out = []
    for level in LEVELS:
        word = str(tr(BOT_LEVEL_WORDS[level]))
        out.append(level if word == level else f"{level} ({word})")
    return ", ".join(out)


def level_word(level: str | None) -> str:
    """A stored bot level in words in the current language (an older name as its canonical level;
    an unknown one as it is)."""
    return str(tr(BOT_LEVEL_WORDS.get(str(level or "").lower(), str(level or ""))))


def _reason(exc: BaseException) -> str:
    """The reason an engine gave (an IllegalAction's or a ValueError's), in the current language."""
    if isinstance(exc, IllegalAction):
        return str(tr(exc.reason))
    if len(exc.args) == 1 and isinstance(exc.args[0], Msg):
        return str(tr(exc.args[0]))
    return str(exc)
