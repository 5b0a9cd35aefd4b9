"""Turn reminders: the direct message a waiting player gets, over the Host's reminder API.

``/game remind hours:N`` stores the interval with :meth:`bot.host.Host.set_reminder` (``0`` =
off; the table's version does not change). Every few minutes the bot asks
:meth:`~bot.host.Host.due_reminders` which players have had a decision waiting longer than ``N``
hours (``2N``, ``3N`` for repeats, at most three per decision), claims each one with
:meth:`~bot.host.Host.mark_reminded` and only then sends it. Both the waiting time and the
reminders already sent come from the database (the ``reminder_state`` table, not the move log),
so a restarted bot neither forgets nor repeats a reminder.

The direct message is in the language the Host gives with the reminder (``language``; its
``prompt`` is already in it).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any

from bot.store import utcnow
from bot.words import _, _n
from engine.core.i18n import language, normalise

from .messages import code, slash


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
    language: str = "en"

    @classmethod
    def from_host(cls, item: dict[str, Any]) -> DueReminder:
        """Build from one item of :meth:`bot.host.Host.due_reminders`."""
        return cls(
            table_id=int(item["table_id"]),
            channel=str(item["channel"]),
            guild=None if item.get("guild") is None else str(item["guild"]),
            game=str(item["game"]),
            user_id=str(item["to_act"]),
            user_name=str(item["user_name"]),
            prompt=item.get("prompt"),
            since=item["since"],
            number=int(item["number"]),
            last_seq=int(item["last_seq"]),
            language=normalise(item.get("language")),
        )

    def text(self, now: datetime | None = None) -> str:
        """The direct message sent to the player (in :attr:`language`; a link to the game where Discord has one)."""
        hours = max(1, int(((now or utcnow()) - self.since).total_seconds() // 3600))
        in_server = bool(self.guild and self.guild.isdigit() and self.channel.isdigit())
        link = f"\nhttps://discord.com/channels/{self.guild}/{self.channel}" if in_server else ""
        with language(self.language):
            where = _("in {channel}", channel=f"<#{self.channel}>") if in_server else _("in our direct messages")
            if self.prompt:
                waiting = _n(
                    "⏰ Your {game} game (table #{table}) {where} has been waiting for you for about {n} hour: {prompt}",
                    "⏰ Your {game} game (table #{table}) {where} has been waiting for you for about {n} hours: {prompt}",
                    hours, game=self.game, table=self.table_id, where=where, prompt=self.prompt,
                )
            else:
                waiting = _n(
                    "⏰ Your {game} game (table #{table}) {where} has been waiting for you for about {n} hour.",
                    "⏰ Your {game} game (table #{table}) {where} has been waiting for you for about {n} hours.",
                    hours, game=self.game, table=self.table_id, where=where,
                )
            play = _("Play with {command} there.", command=code(slash("move")))
        return f"{waiting}\n{play}{link}"
