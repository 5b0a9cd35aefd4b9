"""Table settings and reminders (:class:`SettingsService`; no version bump: open buttons stay valid):
the reminder interval (and the take-over timeout's shared implementation, :meth:`SettingsService.set_interval`),
the table's language, due reminders and their claims, and the stored board message.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from typing import Any

from engine.core import i18n
from engine.core.i18n import LANGUAGE_NAMES, LANGUAGES, normalise, tr

from ..store import MAX_URL, RUNNING, Repository, TableRec, utcnow
from ..words import _, _n
from .base import TableLoader
from .core import (
    MAX_REMINDER_HOURS,
    MAX_REMINDERS,
    MAX_TIMEOUT_HOURS,
    Refusal,
    Reply,
    _clean,
    _guarded,
    _own_context,
    language_code,
    log,
    table_language,
)
from .data import BoardMessageData, IntervalData, LanguageData
from .seats import _may_change_settings


class SettingsService:
    """Settings use cases: ``set_reminder`` (and the shared :meth:`set_interval`), ``set_language``,
    ``due_reminders``, ``mark_reminded`` and ``set_board_message``, over the table loader ``tables``."""

    def __init__(self, tables: TableLoader) -> None:
        self.tables = tables

    def set_reminder(self, channel: str, user: str, hours: int, is_admin: bool = False, *,
                     lang: str | None = None) -> Reply[IntervalData]:
        """Set the reminder interval of the channel's open or running table (``0`` = off).

        Seated players, the table's creator and admins may change it. The table's version does not
        change (the game is not touched), so buttons on the board stay valid.
        """

        def words(n: int) -> str:
            if not n:
                return _("Turn reminders are off for this table.")
            return _n(
                "Turn reminders are on: a player whose move has waited {n} hour gets a direct message "
                "(at most {max} per move).",
                "Turn reminders are on: a player whose move has waited {n} hours gets a direct message "
                "(at most {max} per move).",
                n, max=MAX_REMINDERS,
            )

        return self.set_interval(channel, user, hours, is_admin, timeout=False, words=words, lang=lang)

    @_guarded
    def set_interval(
        self, channel: str, user: str, hours: int, is_admin: bool = False, *, timeout: bool,
        words: Callable[[int], str], check: Callable[[TableRec], None] | None = None,
    ) -> Reply[IntervalData]:
        """Set the reminder interval (or with ``timeout`` the take-over timeout) of the channel's open
        or running table to ``hours`` (``0`` = off; at most :data:`MAX_REMINDER_HOURS` or
        :data:`MAX_TIMEOUT_HOURS`).

        Seated players, the table's creator and admins may change it; ``check(table)`` (for a
        setting other than off) may refuse it for the table. The version does not change. The public
        confirmation is ``words(hours)`` in the table's language.
        """
        channel, user = _clean(channel, "channel id"), _clean(user, "user id")
        limit = MAX_TIMEOUT_HOURS if timeout else MAX_REMINDER_HOURS
        if not isinstance(hours, int) or isinstance(hours, bool) or not 0 <= hours <= limit:
            if timeout:
                raise Refusal(_("Choose 1 to {max} hours, or 0 to switch the timeout off.", max=limit))
            raise Refusal(_("Choose 1 to {max} hours, or 0 to switch reminders off.", max=limit))
        with self.tables.store.unit_of_work() as repo:
            table = self.tables.active(repo, channel)
            if not _may_change_settings(repo, table, user, is_admin):
                if timeout:
                    raise Refusal(_("Only the table's players or a server admin can change its timeout."),
                                  table.version)
                raise Refusal(_("Only the table's players or a server admin can change its reminders."), table.version)
            if hours and check is not None:
                check(table)
            if timeout:
                repo.set_fields(table.id, timeout_hours=hours or None)
            else:
                repo.set_fields(table.id, reminder_hours=hours or None)
            repo.commit()
        with i18n.language(table_language(table)) as public_language:
            text = words(hours)
        data = IntervalData(timeout_hours=hours or None) if timeout else IntervalData(reminder_hours=hours or None)
        return Reply(ok=True, public=text, version=table.version, data=data, language=public_language)

    @_guarded
    def set_language(self, channel: str, user: str, language: str, is_admin: bool = False) -> Reply[LanguageData]:
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
        with self.tables.store.unit_of_work() as repo:
            table = self.tables.active(repo, channel)
            if not _may_change_settings(repo, table, user, is_admin):
                raise Refusal(_("Only the table's players or a server admin can change its language."), table.version)
            repo.set_fields(table.id, language=code)
            repo.commit()
        with i18n.language(code):
            text = _("From now on this table's messages are in {language}.", language=LANGUAGE_NAMES[code])
        return Reply(ok=True, public=text, version=table.version, data=LanguageData(table_id=table.id, language=code),
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
        with self.tables.store.unit_of_work(write=False) as repo:
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
        game = self.tables.game(table.game)
        decision = game.decision(self.tables.state(repo, table, game))
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
            with self.tables.store.unit_of_work() as repo:
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
    def set_board_message(
        self, channel: str, message_id: str, url: str, *, table_id: int | None = None
    ) -> Reply[BoardMessageData]:
        """Remember the latest public board message of the channel's open or running table.

        The link survives restarts: :meth:`new_table` refusals and :meth:`status` (``board_url``)
        carry it. ``table_id`` (optional) makes sure a late call can't land on a newer table. The
        version does not change. A Discord link of a server's table that names no server
        (``…/channels/@me/…``: a follow-up message carries no guild) is stored as the server's link.
        """
        channel = _clean(channel, "channel id")
        message_id = _clean(message_id, "message id")
        url = _clean(url, "message link", MAX_URL)
        with self.tables.store.unit_of_work() as repo:
            table = self.tables.active(repo, channel)
            if table_id is not None and table.id != table_id:
                raise Refusal(_("That message belongs to another table."), table.version)
            url = server_link(url, table.guild)
            repo.set_fields(table.id, board_message_id=message_id, board_url=url)
            repo.commit()
        return Reply(ok=True, version=table.version, data=BoardMessageData(table_id=table.id, board_url=url))


#: The place part of a Discord message link of a direct conversation.
_DM_PLACE = "/channels/@me/"


def server_link(url: str, guild: str | None) -> str:
    """``url`` with a direct-conversation place (``/channels/@me/``) replaced by the server ``guild``.

    ``https://discord.com/channels/@me/C/M`` → ``https://discord.com/channels/G/C/M`` when
    ``guild`` is a server id; any other link (or no server) is returned unchanged.
    """
    guild = str(guild or "").strip()
    if not guild.isdigit() or _DM_PLACE not in url:
        return url
    return url.replace(_DM_PLACE, f"/channels/{guild}/", 1)
