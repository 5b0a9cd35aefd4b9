"""Seats and results in words: player names, seat labels in the table's language, the final result,
and who may change a table's settings.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, TypeGuard

from engine.core import Result
from engine.core.i18n import DEFAULT_LANGUAGE, current, tr

from ..store import Repository, SeatRec, TableRec
from ..words import _, _n
from .core import BOT_PREFIX, SOLO_FACTS, level_word


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


def is_bot_user(user: str | None) -> TypeGuard[str]:
    """Whether ``user`` is the id of a bot seat added before the start (``bot:N``)."""
    return bool(user) and str(user).startswith(BOT_PREFIX)


def seat_name(seat: SeatRec) -> str:
    """The seat's player name in the current language: an added bot is "Bot N (level)" (a level
    stored under its older name is named as its canonical level)."""
    if is_bot_user(seat.user_id):
        level = level_word(seat.bot_level)
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
