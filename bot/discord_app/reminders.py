"""Turn reminders: a per-table interval, recomputed from the database on every check.

``/game remind hours:N`` stores ``reminder_hours`` on the table (``0`` switches reminders off).
Every few minutes the bot asks :func:`due_reminders` which players have had a decision waiting
longer than ``N`` hours (``2N``, ``3N`` … for repeats, at most :data:`MAX_REMINDERS` per
decision), and records each reminder as a ``system`` entry of the table's log before sending it
(:func:`claim_reminder`). Both the waiting time (the time of the last log entry that changed the
game) and the reminders already sent (system entries after it) come from the log, so a
restarted bot neither forgets nor repeats a reminder: nothing authoritative is kept in memory.

The Host has no reminder API yet, so these helpers work through the store's repository (plain
records, one unit of work each). They are blocking; call them through ``asyncio.to_thread``.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import TYPE_CHECKING

from bot.store import CHANCE_KIND, CHOICE, OPEN, RUNNING, SYSTEM, UNDO, MoveRec, VersionConflict, utcnow

if TYPE_CHECKING:
    from bot.host import Host, Reply

log = logging.getLogger(__name__)

#: Reminders per waiting decision (after N, 2N and 3N hours).
MAX_REMINDERS = 3
MAX_HOURS = 72
REMINDER_NOTE = "reminder"
_GAME_KINDS = (CHOICE, CHANCE_KIND, UNDO)


@dataclass(frozen=True, slots=True)
class DueReminder:
    """A reminder to send now: ``user_id`` has waited since ``since`` at table ``table_id``."""

    table_id: int
    channel: str
    guild: str | None
    game: str
    user_id: str
    user_name: str
    prompt: str | None
    since: datetime
    number: int
    last_seq: int

    def text(self) -> str:
        """The direct message sent to the player."""
        hours = max(1, int((utcnow() - self.since).total_seconds() // 3600))
        where = f"<#{self.channel}>" if self.channel.isdigit() else "the game's channel"
        link = (
            f"\nhttps://discord.com/channels/{self.guild}/{self.channel}"
            if self.guild and self.guild.isdigit() and self.channel.isdigit()
            else ""
        )
        prompt = f": {self.prompt}" if self.prompt else "."
        return (
            f"⏰ Your {self.game} game (table #{self.table_id}) in {where} has been waiting for you for "
            f"about {hours} hour{'s' if hours != 1 else ''}{prompt}\nPlay with `/move` there.{link}"
        )


def _reply(ok: bool, public: str | None = None, private: str | None = None, version: int | None = None) -> Reply:
    from bot.host import Reply

    return Reply(ok=ok, public=public, private=private, version=version)


def set_reminder(host: Host, channel: str, user: str, hours: int, is_admin: bool = False) -> Reply:
    """Store the reminder interval of the channel's active table (``0`` = off).

    Seated players, the table's creator and admins may change it. Returns a :class:`Reply` like
    the Host's own calls (``ok=False`` with a reason in ``private``; nothing saved then). The
    table's version goes up (the store only writes through its version check).
    """
    if not isinstance(hours, int) or isinstance(hours, bool) or not 0 <= hours <= MAX_HOURS:
        return _reply(False, private=f"Choose 1 to {MAX_HOURS} hours, or 0 to switch reminders off.")
    try:
        with host.store.unit_of_work() as repo:
            table = repo.active_table(str(channel))
            if table is None:
                return _reply(False, private="There is no game in this channel. Open one with `/game new`.")
            seated = any(s.user_id == str(user) for s in repo.seats(table.id))
            if not (seated or is_admin or table.creator == str(user)):
                return _reply(
                    False,
                    private="Only the table's players or a server admin can change its reminders.",
                    version=table.version,
                )
            try:
                version = repo.bump_version(table.id, table.version, reminder_hours=hours or None)
            except VersionConflict:
                return _reply(False, private="The game moved on while you were choosing; try again.")
            repo.commit()
    except Exception:
        log.exception("setting reminders in channel %s failed", channel)
        return _reply(False, private="Something went wrong; the game is unchanged.")
    if hours:
        text = (
            f"Turn reminders are on: a player whose move has waited {hours} hour{'s' if hours != 1 else ''} "
            f"gets a direct message (at most {MAX_REMINDERS} per move)."
        )
    else:
        text = "Turn reminders are off for this table."
    return _reply(True, public=text, version=version)


def _waiting(moves: list[MoveRec]) -> tuple[int, datetime | None, int]:
    """``(last game seq, its time, reminders sent since)`` from a table's log."""
    last_seq, since, sent = 0, None, 0
    for m in moves:
        if m.kind in _GAME_KINDS:
            last_seq, since, sent = m.seq, m.created_at, 0
        elif m.kind == SYSTEM and m.notation.startswith(REMINDER_NOTE):
            sent += 1
    return last_seq, since, sent


def due_reminders(host: Host, now: datetime | None = None) -> list[DueReminder]:
    """Reminders due at ``now`` (default: the current time) for every running table."""
    now = now or utcnow()
    candidates = []
    with host.store.unit_of_work(write=False) as repo:
        for table in repo.tables([RUNNING]):
            if not table.reminder_hours or table.reminder_hours <= 0:
                continue
            last_seq, since, sent = _waiting(repo.moves(table.id))
            since = since or table.updated_at
            if sent >= MAX_REMINDERS:
                continue
            if now < since + timedelta(hours=table.reminder_hours * (sent + 1)):
                continue
            candidates.append((table, last_seq, since, sent, repo.seats(table.id)))
    due = []
    for table, last_seq, since, sent, seats in candidates:
        status = host.status(table.channel)  # the decision needs the game state
        data = status.data or {}
        if not status.ok or data.get("table_id") != table.id or data.get("status") != RUNNING:
            continue
        user = data.get("to_act")
        if not user:
            continue
        name = next((s.user_name for s in seats if s.user_id == user), str(user))
        due.append(
            DueReminder(
                table_id=table.id,
                channel=table.channel,
                guild=table.guild,
                game=table.game,
                user_id=str(user),
                user_name=name,
                prompt=data.get("prompt"),
                since=since,
                number=sent + 1,
                last_seq=last_seq,
            )
        )
    return due


def claim_reminder(host: Host, reminder: DueReminder) -> bool:
    """Record ``reminder`` in the table's log; ``False`` if the game moved on or it was sent already."""
    try:
        with host.store.unit_of_work() as repo:
            table = repo.table(reminder.table_id)
            if table is None or table.status != RUNNING:
                return False
            moves = repo.moves(table.id)
            last_seq, _since, sent = _waiting(moves)
            if last_seq != reminder.last_seq or sent + 1 != reminder.number:
                return False
            seq = (moves[-1].seq if moves else 0) + 1
            note = f"{REMINDER_NOTE} {reminder.number} sent to {reminder.user_name}"
            repo.append_moves([MoveRec(table.id, seq, None, None, SYSTEM, note[:200])])
            repo.commit()
            return True
    except Exception:  # e.g. a move took the same seq at the same moment: skip this round
        log.warning("recording a reminder for table %s failed", reminder.table_id, exc_info=True)
        return False


def reminder_hours(host: Host, channel: str) -> int | None:
    """The reminder interval of the channel's active table (``None`` if off or no table)."""
    with host.store.unit_of_work(write=False) as repo:
        table = repo.active_table(str(channel))
        if table is None or table.status not in (OPEN, RUNNING):
            return None
        return table.reminder_hours
