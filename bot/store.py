"""Persistent storage of tables, seats, the move log and state snapshots (docs/architecture.md, "Storage").

SQLModel tables over SQLAlchemy. SQLite is the default (a file, or ``sqlite://`` in memory for
tests); any SQLAlchemy URL works through ``DATABASE_URL``. For SQLite every connection gets WAL,
``synchronous=NORMAL``, a busy timeout and foreign keys, and SQLAlchemy (not the ``sqlite3``
driver) emits ``BEGIN``: ``BEGIN IMMEDIATE`` for writing units of work, a deferred ``BEGIN`` for
reads (SQLAlchemy's documented pysqlite "serializable isolation / savepoint" recipe).

Callers work through :meth:`Store.unit_of_work`, which yields a :class:`Repository`. Nothing is
written unless :meth:`Repository.commit` is called; everything the repository returns is a plain
frozen dataclass (``TableRec``, ``SeatRec``, ``MoveRec``, ``SnapshotRec``, ``ReminderRec``), never
an ORM object, so results can leave the session (and the worker thread) safely.

Besides the versioned game data, a table has a few *unversioned* fields that front ends set without
disturbing the game (no version bump, so open buttons stay valid): the reminder interval, the
latest public board message and the language of the public messages (:data:`UNVERSIONED_FIELDS`).
Reminder bookkeeping lives in its own table (``reminder_state``), never in the move log. A started
table names the component data it plays with (``data_digest``); the data sets themselves are kept
in ``component_data``, keyed by digest (see :mod:`engine.core.components`).
"""

from __future__ import annotations

import logging
import os
import threading
from collections.abc import Iterator, Sequence
from contextlib import contextmanager, nullcontext
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from sqlalchemy import (
    JSON,
    BigInteger,
    Column,
    DateTime,
    ForeignKey,
    Index,
    Integer,
    String,
    Text,
    UniqueConstraint,
    delete,
    event,
    func,
    insert,
    make_url,
    select,
    text,
    update,
)
from sqlalchemy.dialects.postgresql import insert as pg_insert
from sqlalchemy.dialects.sqlite import insert as sqlite_insert
from sqlalchemy.engine import Engine
from sqlalchemy.orm import Session
from sqlalchemy.pool import StaticPool
from sqlmodel import Field, SQLModel, col, create_engine

from bot.sqlcore import core_table, rowcount
from engine.core.bots import LEVEL_ALIASES

log = logging.getLogger(__name__)

DEFAULT_DATABASE_URL = "sqlite:///./meiji.db"
MIGRATIONS_DIR = Path(__file__).resolve().parent / "migrations"

#: Table statuses.
OPEN, RUNNING, FINISHED, ABANDONED = "open", "running", "finished", "abandoned"
ACTIVE_STATUSES = (OPEN, RUNNING)
#: Move kinds.
CHOICE, CHANCE_KIND, UNDO, SYSTEM = "choice", "chance", "undo", "system"
MOVE_KINDS = (CHOICE, CHANCE_KIND, UNDO, SYSTEM)

_ACTIVE_WHERE = text("status IN ('open', 'running')")
#: Table fields a front end may change without bumping the version (see :meth:`Repository.set_fields`).
UNVERSIONED_FIELDS = frozenset({"reminder_hours", "board_message_id", "board_url", "language", "timeout_hours"})
#: Longest stored board message URL.
MAX_URL = 300


def utcnow() -> datetime:
    """The current time in UTC (timezone-aware)."""
    return datetime.now(UTC)


# ---------------------------------------------------------------------------------------------
# ORM tables (private to this module: callers get the dataclasses below)
# ---------------------------------------------------------------------------------------------
class GameTable(SQLModel, table=True):
    """One game table in one channel. ``version`` increases with every accepted change."""

    __tablename__ = "game_table"
    __table_args__ = (
        # At most one open or running table per channel (partial unique index).
        Index(
            "ux_game_table_active_channel",
            "channel",
            unique=True,
            sqlite_where=_ACTIVE_WHERE,
            postgresql_where=_ACTIVE_WHERE,
        ),
    )

    id: int | None = Field(default=None, primary_key=True)
    channel: str = Field(sa_column=Column(String(100), nullable=False, index=True))
    guild: str | None = Field(default=None, sa_column=Column(String(100), nullable=True))
    game: str = Field(sa_column=Column(String(40), nullable=False))
    options: dict[str, Any] = Field(default_factory=dict, sa_column=Column(JSON, nullable=False))
    seed: int | None = Field(default=None, sa_column=Column(BigInteger, nullable=True))
    status: str = Field(default=OPEN, sa_column=Column(String(16), nullable=False))
    version: int = Field(default=0, sa_column=Column(Integer, nullable=False))
    engine_version: str = Field(sa_column=Column(String(40), nullable=False))
    creator: str = Field(sa_column=Column(String(100), nullable=False))
    created_at: datetime = Field(sa_column=Column(DateTime(timezone=True), nullable=False))
    updated_at: datetime = Field(sa_column=Column(DateTime(timezone=True), nullable=False))
    reminder_hours: int | None = Field(default=None, sa_column=Column(Integer, nullable=True))
    board_message_id: str | None = Field(default=None, sa_column=Column(String(100), nullable=True))
    board_url: str | None = Field(default=None, sa_column=Column(String(MAX_URL), nullable=True))
    # revision 0004: the language of the table's public messages (None: from before languages, English)
    language: str | None = Field(default=None, sa_column=Column(String(16), nullable=True))
    # revision 0005: hours without a move before a reminder, twice that before a bot takes over
    timeout_hours: int | None = Field(default=None, sa_column=Column(Integer, nullable=True))
    # revision 0006: the digest of the component data the game started with (None: from before
    # digests, or not started yet); the data itself is in component_data
    data_digest: str | None = Field(default=None, sa_column=Column(String(64), nullable=True))


class Seat(SQLModel, table=True):
    """A player's seat at a table (0-based ``seat`` index, in join order)."""

    __tablename__ = "seat"
    __table_args__ = (
        UniqueConstraint("table_id", "seat", name="uq_seat_table_seat"),
        UniqueConstraint("table_id", "user_id", name="uq_seat_table_user"),
    )

    id: int | None = Field(default=None, primary_key=True)
    table_id: int = Field(
        sa_column=Column(Integer, ForeignKey("game_table.id", ondelete="CASCADE"), nullable=False, index=True)
    )
    seat: int = Field(sa_column=Column(Integer, nullable=False))
    user_id: str = Field(sa_column=Column(String(100), nullable=False))
    user_name: str = Field(sa_column=Column(String(100), nullable=False))
    label: str | None = Field(default=None, sa_column=Column(String(40), nullable=True))
    # revision 0005: the bot level playing this seat (an added bot, or a seat taken over)
    bot_level: str | None = Field(default=None, sa_column=Column(String(16), nullable=True))


class Move(SQLModel, table=True):
    """One append-only entry of a table's log: a choice, a chance outcome, an undo or a note."""

    __tablename__ = "move"
    __table_args__ = (UniqueConstraint("table_id", "seq", name="uq_move_table_seq"),)

    id: int | None = Field(default=None, primary_key=True)
    table_id: int = Field(
        sa_column=Column(Integer, ForeignKey("game_table.id", ondelete="CASCADE"), nullable=False, index=True)
    )
    seq: int = Field(sa_column=Column(Integer, nullable=False))
    actor: str | None = Field(default=None, sa_column=Column(String(100), nullable=True))
    seat: int | None = Field(default=None, sa_column=Column(Integer, nullable=True))
    kind: str = Field(sa_column=Column(String(16), nullable=False))
    notation: str = Field(sa_column=Column(Text, nullable=False))
    created_at: datetime = Field(sa_column=Column(DateTime(timezone=True), nullable=False))
    public: str | None = Field(default=None, sa_column=Column(Text, nullable=True))  # revision 0003


class Snapshot(SQLModel, table=True):
    """A cached state (engine JSON) after log entry ``seq``; the log stays the source of truth."""

    __tablename__ = "snapshot"
    __table_args__ = (UniqueConstraint("table_id", "seq", name="uq_snapshot_table_seq"),)

    id: int | None = Field(default=None, primary_key=True)
    table_id: int = Field(
        sa_column=Column(Integer, ForeignKey("game_table.id", ondelete="CASCADE"), nullable=False, index=True)
    )
    seq: int = Field(sa_column=Column(Integer, nullable=False))
    engine_version: str = Field(sa_column=Column(String(40), nullable=False))
    state: str = Field(sa_column=Column(Text, nullable=False))
    created_at: datetime = Field(sa_column=Column(DateTime(timezone=True), nullable=False))


class ReminderState(SQLModel, table=True):
    """Reminders sent for a table's waiting decision (one row per table, replaced per decision).

    ``last_seq`` is the log entry the decision has waited since (the last choice, chance outcome
    or undo); ``sent`` how many reminders went out for it.
    """

    __tablename__ = "reminder_state"

    table_id: int = Field(
        sa_column=Column(Integer, ForeignKey("game_table.id", ondelete="CASCADE"), primary_key=True)
    )
    last_seq: int = Field(sa_column=Column(Integer, nullable=False))
    sent: int = Field(sa_column=Column(Integer, nullable=False))
    sent_at: datetime = Field(sa_column=Column(DateTime(timezone=True), nullable=False))


class ComponentData(SQLModel, table=True):
    """A game's component data set (canonical JSON) by its SHA-256: the data of the tables whose
    ``data_digest`` names it, kept so they replay after the shipped data or an owner's correction
    changes (revision 0006). Rows are only ever added."""

    __tablename__ = "component_data"

    sha256: str = Field(sa_column=Column(String(64), primary_key=True))
    game: str = Field(sa_column=Column(String(40), nullable=False))
    data: str = Field(sa_column=Column(Text, nullable=False))
    created_at: datetime = Field(sa_column=Column(DateTime(timezone=True), nullable=False))


metadata = SQLModel.metadata
#: The Core tables of the Core statements below (no ORM unit of work).
MOVE, SNAPSHOT, REMINDER_STATE, COMPONENT_DATA = (
    core_table(m) for m in (Move, Snapshot, ReminderState, ComponentData))


# ---------------------------------------------------------------------------------------------
# Plain records returned to callers
# ---------------------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class TableRec:
    """A game table as plain data."""

    id: int
    channel: str
    guild: str | None
    game: str
    options: dict[str, Any]
    seed: int | None
    status: str
    version: int
    engine_version: str
    creator: str
    created_at: datetime
    updated_at: datetime
    reminder_hours: int | None
    board_message_id: str | None = None
    board_url: str | None = None
    language: str | None = None
    timeout_hours: int | None = None
    data_digest: str | None = None


@dataclass(frozen=True, slots=True)
class SeatRec:
    """A seat as plain data; ``bot_level`` is set while a bot plays the seat (its canonical level:
    an older stored name reads as its level, :data:`engine.core.bots.LEVEL_ALIASES`)."""

    table_id: int
    seat: int
    user_id: str
    user_name: str
    label: str | None = None
    bot_level: str | None = None


@dataclass(frozen=True, slots=True)
class MoveRec:
    """A log entry as plain data (``seq`` is 1-based and gap-free within a table)."""

    table_id: int
    seq: int
    actor: str | None
    seat: int | None
    kind: str
    notation: str
    created_at: datetime | None = None
    public: str | None = None  # the public form when the notation holds hidden information

    @property
    def shown(self) -> str:
        """What anyone may see of this entry."""
        return self.public if self.public is not None else self.notation


@dataclass(frozen=True, slots=True)
class SnapshotRec:
    """A snapshot as plain data."""

    table_id: int
    seq: int
    engine_version: str
    state: str


@dataclass(frozen=True, slots=True)
class ReminderRec:
    """Reminders sent for the decision waiting since log entry ``last_seq``."""

    table_id: int
    last_seq: int
    sent: int
    sent_at: datetime


def _aware(value: datetime | None) -> datetime | None:
    """SQLite hands back naive datetimes; everything we store is UTC."""
    if value is not None and value.tzinfo is None:
        return value.replace(tzinfo=UTC)
    return value


def _table_rec(row: GameTable) -> TableRec:
    return TableRec(
        id=row.id or 0,
        channel=row.channel,
        guild=row.guild,
        game=row.game,
        options=dict(row.options or {}),
        seed=row.seed,
        status=row.status,
        version=row.version,
        engine_version=row.engine_version,
        creator=row.creator,
        created_at=_aware(row.created_at) or utcnow(),
        updated_at=_aware(row.updated_at) or utcnow(),
        reminder_hours=row.reminder_hours,
        board_message_id=row.board_message_id,
        board_url=row.board_url,
        language=row.language,
        timeout_hours=row.timeout_hours,
        data_digest=row.data_digest,
    )


def _seat_rec(row: Seat) -> SeatRec:
    level = LEVEL_ALIASES.get(row.bot_level, row.bot_level) if row.bot_level else row.bot_level
    return SeatRec(row.table_id, row.seat, row.user_id, row.user_name, row.label, level)


def _move_rec(row: Move) -> MoveRec:
    return MoveRec(
        row.table_id, row.seq, row.actor, row.seat, row.kind, row.notation, _aware(row.created_at), row.public
    )


class VersionConflict(Exception):
    """The table's version was not the expected one (someone else changed it first)."""


# ---------------------------------------------------------------------------------------------
# Repository (one unit of work)
# ---------------------------------------------------------------------------------------------
class Repository:
    """Reads and writes of one unit of work; returns plain records. Commit explicitly."""

    def __init__(self, session: Session, *, lock_rows: bool = False) -> None:
        self._s = session
        self.committed = False
        # PostgreSQL writing units lock the table rows they read (SELECT … FOR UPDATE), so a
        # read-check-write on one table waits for the other writer of that table and then sees
        # its result, as SQLite's BEGIN IMMEDIATE gives for the whole file.
        self._lock_rows = lock_rows

    @property
    def session(self) -> Session:
        """This unit of work's session, for the records' own tables (:mod:`bot.records`)."""
        return self._s

    @property
    def locks_rows(self) -> bool:
        """Whether reads of this unit lock rows (a PostgreSQL writing unit)."""
        return self._lock_rows

    def _locking(self, query: Any) -> Any:
        return query.with_for_update() if self._lock_rows else query

    # --- tables ----------------------------------------------------------------------------
    def active_table(self, channel: str) -> TableRec | None:
        """The open or running table of ``channel``, if any (row-locked in a PostgreSQL writing unit)."""
        row = self._s.execute(self._locking(
            select(GameTable).where(col(GameTable.channel) == channel, col(GameTable.status).in_(ACTIVE_STATUSES))
        )).scalars().first()
        return _table_rec(row) if row else None

    def latest_table(self, channel: str) -> TableRec | None:
        """The most recently created table of ``channel`` (any status; row-locked like :meth:`active_table`)."""
        row = self._s.execute(self._locking(
            select(GameTable).where(col(GameTable.channel) == channel).order_by(col(GameTable.id).desc()).limit(1)
        )).scalars().first()
        return _table_rec(row) if row else None

    def table(self, table_id: int) -> TableRec | None:
        """A table by id (row-locked like :meth:`active_table`)."""
        row = self._s.execute(self._locking(select(GameTable).where(col(GameTable.id) == table_id))).scalars().first()
        return _table_rec(row) if row else None

    def tables(self, status: Sequence[str] | None = None) -> list[TableRec]:
        """All tables (optionally with one of ``status``), oldest first."""
        query = select(GameTable).order_by(col(GameTable.id))
        if status:
            query = query.where(col(GameTable.status).in_(list(status)))
        return [_table_rec(r) for r in self._s.execute(query).scalars()]

    def create_table(
        self,
        *,
        channel: str,
        guild: str | None,
        game: str,
        options: dict[str, Any],
        seed: int | None,
        engine_version: str,
        creator: str,
        reminder_hours: int | None = None,
        language: str | None = None,
    ) -> TableRec:
        """Insert a new open table (version 1); ``language`` is that of its public messages."""
        now = utcnow()
        row = GameTable(
            channel=channel,
            guild=guild,
            game=game,
            options=dict(options),
            seed=seed,
            status=OPEN,
            version=1,
            engine_version=engine_version,
            creator=creator,
            created_at=now,
            updated_at=now,
            reminder_hours=reminder_hours,
            language=language,
        )
        self._s.add(row)
        self._s.flush()
        return _table_rec(row)

    def bump_version(self, table_id: int, expected: int, **changes: Any) -> int:
        """Set ``version = expected + 1`` (and ``changes``) only if the version is ``expected``.

        ``changes`` may hold ``status``, ``options`` (a new dict), ``seed``, ``creator``,
        ``reminder_hours`` or ``data_digest``. Returns the new version; raises
        :class:`VersionConflict` when the row was changed by someone else (nothing is written then).
        """
        allowed = {"status", "options", "seed", "creator", "reminder_hours", "data_digest"}
        bad = set(changes) - allowed
        if bad:
            raise ValueError(f"cannot change {sorted(bad)}")
        if "options" in changes:
            changes["options"] = dict(changes["options"])  # always a new dict for the JSON column
        result = self._s.execute(
            update(GameTable)
            .where(col(GameTable.id) == table_id, col(GameTable.version) == expected)
            .values(version=expected + 1, updated_at=utcnow(), **changes)
            .execution_options(synchronize_session=False)
        )
        if rowcount(result) != 1:
            raise VersionConflict(f"table {table_id} is no longer at version {expected}")
        return expected + 1

    def set_fields(self, table_id: int, **changes: Any) -> bool:
        """Change unversioned fields (:data:`UNVERSIONED_FIELDS`) of a table; the version stays.

        Returns ``False`` if the table does not exist.
        """
        bad = set(changes) - UNVERSIONED_FIELDS
        if bad:
            raise ValueError(f"cannot change {sorted(bad)} without a version check")
        result = self._s.execute(
            update(GameTable)
            .where(col(GameTable.id) == table_id)
            .values(**changes)
            .execution_options(synchronize_session=False)
        )
        return rowcount(result) == 1

    # --- component data -------------------------------------------------------------------
    def component_data(self, digest: str) -> str | None:
        """The stored component data set with ``digest`` (canonical JSON), or ``None``."""
        return self._s.execute(
            select(COMPONENT_DATA.c.data).where(COMPONENT_DATA.c.sha256 == digest)
        ).scalar_one_or_none()

    def has_component_data(self, digest: str) -> bool:
        """Whether the component data set with ``digest`` is stored (without reading it)."""
        return self._s.execute(
            select(func.count()).select_from(ComponentData).where(COMPONENT_DATA.c.sha256 == digest)
        ).scalar_one() > 0

    def save_component_data(self, digest: str, game: str, data: str) -> bool:
        """Keep the component data set ``data`` (canonical JSON) under ``digest`` unless it is there.

        ``INSERT … ON CONFLICT DO NOTHING`` on both databases, so two processes storing the same data
        set at once never fail; returns whether this call stored it.
        """
        if self.has_component_data(digest):
            return False
        dialect = self._s.get_bind().dialect.name
        insert_fn = pg_insert if dialect == "postgresql" else sqlite_insert
        result = self._s.execute(
            insert_fn(COMPONENT_DATA)
            .values(sha256=digest, game=game, data=data, created_at=utcnow())
            .on_conflict_do_nothing(index_elements=["sha256"])
            .returning(COMPONENT_DATA.c.sha256)
        )
        return result.first() is not None

    # --- reminders -------------------------------------------------------------------------
    def reminder_state(self, table_id: int) -> ReminderRec | None:
        """The reminder bookkeeping of a table, if any reminder was ever sent."""
        row = self._s.get(ReminderState, table_id)
        if row is None:
            return None
        return ReminderRec(row.table_id, row.last_seq, row.sent, _aware(row.sent_at) or utcnow())

    def record_reminder(self, table_id: int, last_seq: int, sent: int, previous: ReminderRec | None) -> bool:
        """Store that ``sent`` reminders went out for the decision waiting since ``last_seq``.

        ``previous`` is the state read before (``None``: no row yet). The write is conditional on
        it (a compare-and-set), so two processes can't both record the same reminder; returns
        ``False`` when the row changed in between.
        """
        now = utcnow()
        if previous is None:
            # INSERT … ON CONFLICT DO NOTHING (SQLite and PostgreSQL): when another process inserted
            # the first row in between, nothing is written and the claim is lost, without an error
            # that would abort a PostgreSQL transaction.
            dialect = self._s.get_bind().dialect.name
            insert_fn = pg_insert if dialect == "postgresql" else sqlite_insert
            result = self._s.execute(
                insert_fn(REMINDER_STATE)
                .values(table_id=table_id, last_seq=last_seq, sent=sent, sent_at=now)
                .on_conflict_do_nothing(index_elements=["table_id"])
                .returning(REMINDER_STATE.c.table_id)  # rowcount is not reliable here
            )
            return result.first() is not None
        result = self._s.execute(
            update(ReminderState)
            .where(
                col(ReminderState.table_id) == table_id,
                col(ReminderState.last_seq) == previous.last_seq,
                col(ReminderState.sent) == previous.sent,
            )
            .values(last_seq=last_seq, sent=sent, sent_at=now)
            .execution_options(synchronize_session=False)
        )
        return rowcount(result) == 1

    # --- seats -----------------------------------------------------------------------------
    def seats(self, table_id: int) -> list[SeatRec]:
        """Seats of a table in seat order."""
        rows = self._s.execute(select(Seat).where(col(Seat.table_id) == table_id).order_by(col(Seat.seat))).scalars()
        return [_seat_rec(r) for r in rows]

    def add_seat(self, table_id: int, user_id: str, user_name: str, bot_level: str | None = None) -> SeatRec:
        """Seat a user (or, with ``bot_level``, a bot) at the next free index."""
        count = self._s.execute(select(func.count()).select_from(Seat).where(col(Seat.table_id) == table_id)).scalar_one()
        row = Seat(table_id=table_id, seat=count, user_id=user_id, user_name=user_name, bot_level=bot_level)
        self._s.add(row)
        self._s.flush()
        return _seat_rec(row)

    def remove_seat(self, table_id: int, user_id: str) -> None:
        """Remove a user's seat and close the gap (later seats move down by one)."""
        rows = list(self._s.execute(select(Seat).where(col(Seat.table_id) == table_id).order_by(col(Seat.seat))).scalars())
        gone = next((r for r in rows if r.user_id == user_id), None)
        if gone is None:
            return
        self._s.delete(gone)
        self._s.flush()
        for row in rows:
            if row.seat > gone.seat:
                row.seat -= 1
                self._s.flush()

    def reorder_seats(self, table_id: int, user_ids: Sequence[str]) -> None:
        """Give the seated users the seat indexes 0.. in the order of ``user_ids`` (same set)."""
        rows = {r.user_id: r for r in self._s.execute(select(Seat).where(col(Seat.table_id) == table_id)).scalars()}
        if set(rows) != set(user_ids):
            raise ValueError("reorder_seats needs exactly the seated users")
        for i, uid in enumerate(user_ids):  # park on negative indexes first (unique seat per table)
            rows[uid].seat = -1 - i
        self._s.flush()
        for i, uid in enumerate(user_ids):
            rows[uid].seat = i
        self._s.flush()

    def set_bot_level(self, table_id: int, seat: int, level: str | None) -> bool:
        """Let a bot of ``level`` play seat ``seat`` (``None``: its player again); ``False`` if no such seat."""
        result = self._s.execute(
            update(Seat).where(col(Seat.table_id) == table_id, col(Seat.seat) == seat).values(bot_level=level)
            .execution_options(synchronize_session=False)
        )
        return rowcount(result) == 1

    def set_seat_labels(self, table_id: int, labels: Sequence[str]) -> None:
        """Store each seat's label (e.g. the player colour)."""
        rows = self._s.execute(select(Seat).where(col(Seat.table_id) == table_id)).scalars()
        for row in rows:
            if row.seat < len(labels):
                row.label = str(labels[row.seat])[:40]
        self._s.flush()

    # --- moves and snapshots ----------------------------------------------------------------
    def moves(self, table_id: int) -> list[MoveRec]:
        """The whole log of a table in order."""
        rows = self._s.execute(select(Move).where(col(Move.table_id) == table_id).order_by(col(Move.seq))).scalars()
        return [_move_rec(r) for r in rows]

    def last_seq(self, table_id: int, kinds: Sequence[str] = MOVE_KINDS) -> int:
        """The highest ``seq`` among entries of ``kinds`` (0 if none)."""
        query = select(func.max(Move.seq)).where(col(Move.table_id) == table_id)
        if set(kinds) != set(MOVE_KINDS):  # all kinds: MAX(seq) straight from the (table_id, seq) index
            query = query.where(col(Move.kind).in_(list(kinds)))
        value = self._s.execute(query).scalar_one()
        return int(value or 0)

    def last_game_move(self, table_id: int) -> MoveRec | None:
        """The latest entry that changed the game: a choice, a chance outcome or an undo."""
        row = self._s.execute(
            select(Move)
            .where(col(Move.table_id) == table_id, col(Move.kind).in_([CHOICE, CHANCE_KIND, UNDO]))
            .order_by(col(Move.seq).desc())
            .limit(1)
        ).scalars().first()
        return _move_rec(row) if row else None

    def append_moves(self, moves: Sequence[MoveRec]) -> None:
        """Append log entries (their ``seq`` must continue the log).

        Written as one Core ``INSERT`` (no ORM instances, no flush): the ORM unit of work cost
        ~0.6 ms per move (benchmarks/host_bench.py profile).
        """
        now = utcnow()
        rows = []
        for m in moves:
            if m.kind not in MOVE_KINDS:
                raise ValueError(f"unknown move kind {m.kind!r}")
            rows.append({
                "table_id": m.table_id, "seq": m.seq, "actor": m.actor, "seat": m.seat, "kind": m.kind,
                "notation": m.notation, "created_at": m.created_at or now, "public": m.public,
            })
        if rows:
            self._s.execute(insert(MOVE), rows)

    def save_snapshot(self, table_id: int, seq: int, engine_version: str, state: str) -> None:
        """Store the state JSON reached after log entry ``seq`` (one Core ``INSERT``)."""
        self._s.execute(insert(SNAPSHOT).values(
            table_id=table_id, seq=seq, engine_version=engine_version, state=state, created_at=utcnow()
        ))

    def prune_snapshots(self, table_id: int, keep_from_seq: int) -> int:
        """Delete the snapshots of a table taken before log entry ``keep_from_seq``; returns how many."""
        result = self._s.execute(delete(SNAPSHOT).where(SNAPSHOT.c.table_id == table_id, SNAPSHOT.c.seq < keep_from_seq))
        return int(rowcount(result) or 0)

    def latest_snapshot(self, table_id: int) -> SnapshotRec | None:
        """The snapshot with the highest ``seq``."""
        row = self._s.execute(
            select(Snapshot).where(col(Snapshot.table_id) == table_id).order_by(col(Snapshot.seq).desc()).limit(1)
        ).scalars().first()
        return SnapshotRec(row.table_id, row.seq, row.engine_version, row.state) if row else None

    def snapshot_before(self, table_id: int, seq: int) -> SnapshotRec | None:
        """The latest snapshot taken strictly before log entry ``seq``."""
        row = self._s.execute(
            select(Snapshot)
            .where(col(Snapshot.table_id) == table_id, col(Snapshot.seq) < seq)
            .order_by(col(Snapshot.seq).desc())
            .limit(1)
        ).scalars().first()
        return SnapshotRec(row.table_id, row.seq, row.engine_version, row.state) if row else None

    # --- transaction -------------------------------------------------------------------------
    def commit(self) -> None:
        """Commit the unit of work."""
        self._s.commit()
        self.committed = True

    def rollback(self) -> None:
        """Throw away everything done in this unit of work."""
        self._s.rollback()


# ---------------------------------------------------------------------------------------------
# Engine and store
# ---------------------------------------------------------------------------------------------
def is_memory_url(url: str) -> bool:
    """True for an in-memory SQLite URL (``sqlite://``, ``sqlite:///:memory:``)."""
    u = make_url(url)
    return u.get_backend_name() == "sqlite" and (
        u.database in (None, "", ":memory:") or "mode=memory" in str(u.query)
    )


def make_engine(url: str, *, echo: bool = False) -> Engine:
    """Create the SQLAlchemy engine for ``url`` with the SQLite settings of docs/architecture.md ("Storage")."""
    u = make_url(url)
    if u.get_backend_name() != "sqlite":
        return create_engine(url, echo=echo, pool_pre_ping=True)
    memory = is_memory_url(url)
    kwargs: dict[str, Any] = {"connect_args": {"check_same_thread": False, "timeout": 30}}
    if memory:
        kwargs["poolclass"] = StaticPool
    engine = create_engine(url, echo=echo, **kwargs)

    @event.listens_for(engine, "connect")
    def _on_connect(dbapi_conn: Any, _record: Any) -> None:
        dbapi_conn.isolation_level = None  # SQLAlchemy emits BEGIN itself (see _on_begin)
        cur = dbapi_conn.cursor()
        if not memory:
            cur.execute("PRAGMA journal_mode=WAL")
        cur.execute("PRAGMA synchronous=NORMAL")
        cur.execute("PRAGMA busy_timeout=30000")
        cur.execute("PRAGMA foreign_keys=ON")
        cur.close()

    @event.listens_for(engine, "begin")
    def _on_begin(conn: Any) -> None:
        mode = conn.get_execution_options().get("sqlite_begin", "IMMEDIATE")
        conn.exec_driver_sql("BEGIN" if mode == "DEFERRED" else "BEGIN IMMEDIATE")

    return engine


class Store:
    """The database: engine, schema management and units of work.

    ``Store()`` reads ``DATABASE_URL`` (default ``sqlite:///./meiji.db``); ``Store("sqlite://")``
    is an in-memory database for tests (one shared connection, calls serialised by a lock).
    Call :meth:`migrate` once before use (``Store.open`` does it).
    """

    def __init__(self, url: str | None = None, *, echo: bool = False) -> None:
        self.url = url or os.environ.get("DATABASE_URL") or DEFAULT_DATABASE_URL
        self.memory = is_memory_url(self.url)
        self.engine = make_engine(self.url, echo=echo)
        self._sqlite = self.engine.dialect.name == "sqlite"
        # An in-memory database is one shared connection: serialise units of work on it.
        self._lock = threading.RLock() if self.memory else None

    @classmethod
    def open(cls, url: str | None = None) -> Store:
        """Create a store and bring its schema up to date."""
        store = cls(url)
        store.migrate()
        return store

    def create_all(self) -> None:
        """Create the tables directly from the models (in-memory databases and tests)."""
        metadata.create_all(self.engine)

    def migrate(self) -> None:
        """Bring the schema to the newest revision: alembic ``upgrade head`` (create_all in memory)."""
        if self.memory:
            self.create_all()
            return
        from alembic import command

        cfg = self.alembic_config()
        with self.engine.begin() as conn:
            cfg.attributes["connection"] = conn
            command.upgrade(cfg, "head")

    def alembic_config(self) -> Any:
        """An alembic ``Config`` built in code (no .ini needed; works from an installed package)."""
        from alembic.config import Config

        cfg = Config()
        cfg.set_main_option("script_location", str(MIGRATIONS_DIR))
        cfg.set_main_option("sqlalchemy.url", self.url.replace("%", "%%"))
        return cfg

    @contextmanager
    def unit_of_work(self, write: bool = True) -> Iterator[Repository]:
        """A transaction as a :class:`Repository`; rolled back unless ``commit()`` is called.

        ``write=True`` starts SQLite transactions with ``BEGIN IMMEDIATE`` (the write lock is
        taken up front, so read-check-write sequences cannot interleave); on PostgreSQL (READ
        COMMITTED) it makes the repository lock every ``game_table`` row it reads, so writers of
        one table queue up and writers of different tables run in parallel. ``write=False`` uses
        a deferred ``BEGIN`` and locks nothing.
        """
        guard = self._lock if self._lock is not None else nullcontext()
        with guard, Session(self.engine, expire_on_commit=False) as session:
            if self._sqlite:
                session.connection(execution_options={"sqlite_begin": "IMMEDIATE" if write else "DEFERRED"})
            repo = Repository(session, lock_rows=write and not self._sqlite)
            try:
                yield repo
            except BaseException:
                session.rollback()
                raise
            else:
                if not repo.committed:
                    session.rollback()

    def dispose(self) -> None:
        """Close every pooled connection."""
        self.engine.dispose()


# The players' records tables (revision 0007) live on this metadata too.
from .records import models as _records_models  # noqa: E402,F401
