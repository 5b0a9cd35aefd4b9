"""A table where only bots play and nothing changes: noticed after a whole round.

The bots' own guard (``engine.core.progress.RepetitionGuard``) makes them prefer progress; this is
the host's backstop. After each bot turn the host calls :func:`note_bot_turn` with the game's
:func:`~engine.core.progress.table_marks` (scores, buildings, supplies): when a whole round of
turns (one per seat), all played by bots one after the other, left them unchanged, the table is
stalled and the host reports it. A person's move in between starts the count again.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass
from typing import Any


@dataclass
class BotWatch:
    """One table's bot turns since the progress marks last changed.

    ``next_seq`` is the log position the next bot turn must start at to follow this one directly
    (anything else in between, a person's move or an undo, restarts the count); ``marks`` the
    progress marks after the last bot turn; ``still`` the bot turns in a row that left them as they
    were; ``guards`` each bot seat's repetition guard, kept across its turns.
    """

    next_seq: int = -1
    marks: str | None = None
    still: int = 0
    guards: dict[int, Any] | None = None


def note_bot_turn(watch: BotWatch, first_seq: int, next_seq: int, marks: str, seats: int) -> bool:
    """Count one bot turn (log entries ``first_seq`` to ``next_seq - 1``, progress ``marks`` after
    it) at a table of ``seats`` seats; ``True`` exactly when this turn completes a whole round of
    bot turns in a row that changed no mark (reported once per stall; a change starts again)."""
    if first_seq != watch.next_seq or marks != watch.marks:
        watch.still = 0
    else:
        watch.still += 1
    watch.next_seq, watch.marks = next_seq, marks
    return watch.still == max(1, seats)


class BotWatches:
    """Every table's :class:`BotWatch` in this process, shared by a host and its siblings
    (:meth:`bot.host.Host.with_command_names`); bot turns run in worker threads, so access is locked.
    A finished game's watch is dropped (:meth:`forget`)."""

    def __init__(self) -> None:
        self._watches: dict[int, BotWatch] = {}
        self._lock = threading.Lock()

    def of(self, table_id: int) -> BotWatch:
        """The watch of ``table_id`` (a new one the first time)."""
        with self._lock:
            return self._watches.setdefault(table_id, BotWatch(guards={}))

    def forget(self, table_id: int) -> None:
        """Drop the watch of ``table_id`` (its game is over: nothing more to watch)."""
        with self._lock:
            self._watches.pop(table_id, None)

    def __len__(self) -> int:
        with self._lock:
            return len(self._watches)

