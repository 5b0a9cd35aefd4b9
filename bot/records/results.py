"""Results of finished games: one ``game_result`` row per seat, written in the unit of work of
the final move (docs/records.md, "Results"), and a user's "forget me".

:func:`record_finished` is the one call the hosts make where a game ends (the final move, a bot's
final step, a game that ends at its start); it writes the rows and updates the ratings in the
caller's transaction, so the game's ``finished`` status, its last moves, its results and the new
ratings are committed together or not at all.
"""

from __future__ import annotations

import hashlib
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import delete, func, select
from sqlalchemy.dialects.postgresql import insert as pg_insert
from sqlalchemy.dialects.sqlite import insert as sqlite_insert

from engine.core import Game
from engine.core.i18n import Msg, Number

from ..sqlcore import core_table, rowcount
from ..store import Repository, SeatRec, TableRec, utcnow
from . import ratings
from .models import BOT_KEY, GameResult, PlayerRating, RecordsForgotten, canonical_key

RESULT = core_table(GameResult)
FORGOTTEN = core_table(RecordsForgotten)


@dataclass(frozen=True, slots=True)
class ResultRec:
    """One seat's result as plain data (see :class:`~bot.records.models.GameResult`)."""

    table_id: int
    seat: int
    user_id: str
    name: str
    bot_level: str | None
    game: str
    players: int
    modules: tuple[str, ...]
    place: int
    score: int
    breakdown: dict[str, Any]
    solo: dict[str, Any] | None
    guild: str | None
    finished_at: datetime


def player_key(seat: SeatRec) -> str:
    """The results and ratings key of a seat: ``bot:<level>`` for a bot added to the table
    (its user id starts with ``bot:``; the canonical level, ``bot:medium`` for a seat stored as
    ``greedy``), else the player's user id (also when a bot took over)."""
    if seat.user_id.startswith(BOT_KEY) and seat.bot_level:
        return canonical_key(f"{BOT_KEY}{seat.bot_level}")
    return seat.user_id


def is_bot_key(key: str) -> bool:
    """Whether a results key names a bot level (``bot:medium``) rather than a user."""
    return key.startswith(BOT_KEY)


def user_hash(user: str) -> str:
    """The SHA-256 (hex) of a user id, as kept in ``records_forgotten``."""
    return hashlib.sha256(str(user).encode()).hexdigest()


def jsonable(value: Any) -> Any:
    """``value`` as plain JSON data: texts (:class:`Msg`) as their English string, numbers as
    numbers, tuples and sets as lists, mapping keys as strings."""
    if isinstance(value, Msg):
        return str(value)
    if isinstance(value, Number):
        return int(value)
    if isinstance(value, bool | int | float | str) or value is None:
        return value
    if isinstance(value, Mapping):
        return {str(k): jsonable(v) for k, v in value.items()}
    if isinstance(value, list | tuple | set | frozenset):
        return [jsonable(v) for v in value]
    return str(value)


def term_data(value: Any) -> Any:
    """A term (:class:`Msg` without arguments) as ``{"domain", "context", "msgid"}`` so it can be
    shown translated later (:func:`term_msg`); any other value as :func:`jsonable` gives it."""
    if isinstance(value, Msg) and not value.args:
        return {"domain": value.domain, "context": value.context, "msgid": value.msgid}
    return jsonable(value)


def term_msg(data: Any) -> Any:
    """The :class:`Msg` that :func:`term_data` stored (other values unchanged)."""
    if isinstance(data, Mapping) and {"domain", "msgid"} <= set(data):
        return Msg(str(data["domain"]), str(data["msgid"]), context=data.get("context"))
    return data


def result_rows(table: TableRec, seats: Sequence[SeatRec], game: Game, state: Any,
                finished_at: datetime) -> list[ResultRec]:
    """The result rows of a finished game (empty while it is running). Seats the result names that
    the table does not have (an automa) are left out; the automa's outcome is in ``solo``."""
    result = game.result(state)
    if result is None:
        return []
    modules = tuple(sorted(str(m) for m in (table.options.get("modules") or ())))
    solo = None
    if result.solo is not None:
        won = result.solo.get("won", result.solo.get("win"))
        solo = {"won": bool(won), "difficulty": table.options.get("difficulty"),
                "rating": term_data(result.solo.get("rating"))}
    rows = []
    for line in result.players:
        if not 0 <= line.seat < len(seats):
            continue
        seat = seats[line.seat]
        rows.append(ResultRec(
            table.id, line.seat, player_key(seat), seat.user_name[:100], seat.bot_level, table.game, len(seats),
            modules, int(line.rank), int(line.score), jsonable(line.details or {}), solo, table.guild, finished_at,
        ))
    return rows


def record_finished(repo: Repository, table: TableRec, game: Game, state: Any,
                    *, finished_at: datetime | None = None, leave_out: Collection[str] = ()) -> list[ResultRec]:
    """Write the results of the finished game at ``table`` (final ``state``) and update the ratings,
    in ``repo``'s unit of work (nothing is committed here). Idempotent: a table that has results
    already gets none again. ``leave_out``: player keys not to record (a back-fill's forgotten
    users). Returns the rows written."""
    session = repo.session
    if session.execute(select(func.count()).select_from(RESULT).where(RESULT.c.table_id == table.id)).scalar_one():
        return []
    when = finished_at or utcnow()
    rows = [r for r in result_rows(table, repo.seats(table.id), game, state, when) if r.user_id not in leave_out]
    if not rows:
        return []
    session.execute(RESULT.insert(), [_row_values(r) for r in rows])
    if len(rows) >= 2:
        ratings.rate_game(session, table.game, [(r.user_id, r.place) for r in rows], when, lock=repo.locks_rows)
    return rows


def _row_values(r: ResultRec) -> dict[str, Any]:
    return {
        "table_id": r.table_id, "seat": r.seat, "user_id": r.user_id, "name": r.name, "bot_level": r.bot_level,
        "game": r.game, "players": r.players, "modules": list(r.modules), "place": r.place, "score": r.score,
        "breakdown": r.breakdown, "solo": r.solo, "guild": r.guild, "finished_at": r.finished_at,
    }


def to_rec(r: Any) -> ResultRec:
    """A ``game_result`` row as a :class:`ResultRec`."""
    when = r.finished_at if r.finished_at.tzinfo else r.finished_at.replace(tzinfo=UTC)
    level = canonical_key(BOT_KEY + r.bot_level)[len(BOT_KEY):] if r.bot_level else r.bot_level
    return ResultRec(r.table_id, r.seat, canonical_key(r.user_id), r.name, level, r.game, r.players,
                     tuple(r.modules or ()), r.place, r.score, dict(r.breakdown or {}), r.solo, r.guild, when)


def forget(repo: Repository, user: str) -> int:
    """Delete every result and rating of ``user`` and remember (by hash) that they asked, so a
    back-fill of older games leaves them out. Returns how many rows were deleted."""
    session = repo.session
    gone = rowcount(session.execute(delete(RESULT).where(RESULT.c.user_id == user))) or 0
    table = core_table(PlayerRating)
    gone += rowcount(session.execute(delete(table).where(table.c.player == user))) or 0
    insert_fn = pg_insert if session.get_bind().dialect.name == "postgresql" else sqlite_insert
    now = utcnow()
    session.execute(insert_fn(FORGOTTEN).values(user_hash=user_hash(user), forgotten_at=now)
                    .on_conflict_do_update(index_elements=["user_hash"], set_={"forgotten_at": now}))
    return int(gone)


def forgotten_since(repo: Repository, user: str) -> datetime | None:
    """When ``user`` last asked to be forgotten (``None``: never)."""
    value = repo.session.execute(
        select(FORGOTTEN.c.forgotten_at).where(FORGOTTEN.c.user_hash == user_hash(user))).scalar_one_or_none()
    if value is not None and value.tzinfo is None:
        value = value.replace(tzinfo=UTC)
    return value
