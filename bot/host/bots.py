"""Bots and time-outs (:class:`BotService`): bot seats and their turns, the take-over of absent
players, their return, and hints."""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from typing import Any

from engine.core import Event, i18n
from engine.core.hidden import public_form
from engine.core.i18n import normalise, tr
from engine.core.registry import game_info

from ..records.results import record_finished
from ..store import CHOICE, FINISHED, OPEN, RUNNING, SYSTEM, MoveRec, Repository, SeatRec, TableRec, utcnow
from ..words import _, _n
from .accounts import AccountService
from .base import TableLoader
from .core import (
    BOT_PREFIX,
    MAX_BOT_STEPS,
    MOVED_ON,
    RETURN_NOTE,
    TAKEOVER_LEVEL,
    TAKEOVER_NOTE,
    Refusal,
    Reply,
    _clean,
    _guarded,
    _own_context,
    _title,
    bot_level,
    log,
    table_language,
)
from .data import IdleData, IntervalData, ReturnData, SeatData, StepData, TakeOverData
from .replies import ReplyBuilder
from .review import percent
from .seats import _seat_of, _who, is_bot_user, seat_name
from .settings import SettingsService
from .stall import BotWatches


def _stored_level(level: str) -> str:
    """The canonical level of a seat's stored ``bot_level`` (older names: their level; an unknown
    name, which no version ever stored, plays as the take-over level)."""
    from engine.core.bots import level_name

    try:
        return level_name(level)
    except ValueError:
        log.warning("unknown stored bot level %r played as %s", level, TAKEOVER_LEVEL)
        return TAKEOVER_LEVEL


class BotService:
    """Bot use cases: ``add_bot``, ``bot_step``, ``play_bots``, ``set_timeout``, ``due_takeovers``,
    ``take_over``, ``return_seat`` and ``hint``; and :meth:`seat_bot`, the seating of a bot inside a
    caller's unit of work (the lobby's solo game).

    Built with the table loader ``tables``, the reply builder ``replies``, the turn ``accounts`` of
    each bot turn and the table ``settings`` (the timeout is an interval like the reminders').
    ``time_limit`` (seconds) caps every bot decision instead of its level's budget.
    """

    def __init__(self, tables: TableLoader, replies: ReplyBuilder, accounts: AccountService,
                 settings: SettingsService, *, time_limit: float | None = None,
                 watches: BotWatches | None = None) -> None:
        self.tables = tables
        self.replies = replies
        self.accounts = accounts
        self.settings = settings
        #: Seconds a bot may think per decision, overriding each level's own budget
        #: (:data:`engine.core.bots.LEVEL_BUDGETS`); ``None`` keeps the levels' budgets.
        self.time_limit = time_limit
        #: What the bots remember of each table's game (their repetition guards, the stall count).
        self.watches = watches if watches is not None else BotWatches()

    @_guarded
    def add_bot(self, channel: str, user: str, level: str = "medium") -> Reply[SeatData]:
        """Seat a bot of ``level`` (``easy``, ``medium`` or ``hard``; the older ``greedy`` and
        ``search`` are ``medium`` and ``hard``) at the channel's open table.

        Any seated player (or the creator) may add one while a seat is free; the game must have
        bot players (:func:`engine.core.bots.bots_supported`). The bot's user id is ``bot:N`` and
        its seat stores the canonical level. Its turns are played by :meth:`bot_step` once the
        game runs. An unknown level is refused with the list of levels.
        """
        channel, user = _clean(channel, "channel id"), _clean(user, "user id")
        level = bot_level(level)
        with self.tables.store.unit_of_work() as repo:
            table = self.tables.table(repo, channel, OPEN)
            seats = repo.seats(table.id)
            if _seat_of(seats, user) is None and user != table.creator:
                raise Refusal(_("Only a seated player can add a bot."), table.version)
            seat, table = self.seat_bot(repo, table, seats, level)
            repo.commit()
        want = table.options.get("players")
        count = len(seats) + 1
        with i18n.language(table_language(table)) as public_language:
            text = _("{who} joined ({count}/{want}).", who=seat_name(seat), count=count, want=want or count)
            if want is not None and count == want:
                text += " " + _("The table is full; start the game with {start}.", start=self.tables.cmd("start"))
        return Reply(ok=True, public=text, version=table.version, data=SeatData(seat=seat.seat, level=level),
                     language=public_language)

    def seat_bot(
        self, repo: Repository, table: TableRec, seats: list[SeatRec], level: str
    ) -> tuple[SeatRec, TableRec]:
        """Seat a bot of the canonical ``level`` at the open ``table`` (whose seats are ``seats``) in
        the caller's unit of work ``repo``, and bump the version; nothing is committed.

        Returns the bot's seat and the table at its new version. Refused when the game has no bot
        players (:func:`engine.core.bots.bots_supported`) or the table is full.
        """
        from engine.core.bots import bots_supported

        game = self.tables.game(table.game)
        if not bots_supported(game):
            raise Refusal(_("{game} has no bot players yet.", game=_title(game.name)), table.version)
        want = table.options.get("players")
        limit = want if want is not None else max(game_info(game).player_counts)
        if len(seats) >= limit:
            raise Refusal(_n("The table is full ({n} player).", "The table is full ({n} players).", limit),
                          table.version)
        number = 1 + max((int(s.user_id[len(BOT_PREFIX):]) for s in seats if is_bot_user(s.user_id)), default=0)
        seat = repo.add_seat(table.id, f"{BOT_PREFIX}{number}", f"Bot {number}", bot_level=level)
        version = self.tables.bump(repo, table)
        return seat, dataclasses.replace(table, version=version)

    def _bot_limits(self) -> dict[str, Any]:
        """The policy settings this host overrides (``time_limit``: :attr:`time_limit`)."""
        return {} if self.time_limit is None else {"time_limit": float(self.time_limit)}

    @_guarded
    def bot_step(self, channel: str) -> Reply[StepData]:
        """Play the turn of the bot whose seat is to act at the channel's running table.

        The bot plays decisions of its seat until another seat (or chance followed by another
        seat) is to act or the game ends; the turn is committed as one change (each decision a
        ``choice`` entry whose ``actor`` is ``bot:<level>``). The bot sees only its seat's view
        (:func:`engine.core.bots.bot_view`) and is seeded from the table's seed and the log
        position, so its choices are reproducible. It thinks outside any transaction and
        commits only if nobody changed the table meanwhile (else "the game moved on").
        Refused (``data``: :class:`~bot.host.data.IdleData`) when no bot is to act. The public text is one line of
        narration, the events and whose turn it is; the picture is the turn picture.
        """
        from engine.core.bots import bot_view, make_policy
        from engine.core.progress import RepetitionGuard, table_marks

        from .stall import note_bot_turn

        channel = _clean(channel, "channel id")
        with self.tables.store.unit_of_work(write=False) as repo:
            table = self.tables.table(repo, channel, RUNNING)
            seats = repo.seats(table.id)
            game = self.tables.game(table.game)
            state = self.tables.state(repo, table, game)
            first_seq = repo.last_seq(table.id) + 1
        decision = game.decision(state)
        bot = seats[decision.seat] if decision.seat is not None and 0 <= decision.seat < len(seats) else None
        if bot is None or not bot.bot_level:
            raise Refusal(_("No bot is to play now."), table.version, IdleData())
        level = _stored_level(bot.bot_level)
        actor = f"{BOT_PREFIX}{level}"
        entries: list[MoveRec] = []
        events: list[Event] = []
        steps: list[str] = []
        seq, current = first_seq, state
        watch = self.watches.of(table.id)
        guards = watch.guards if watch.guards is not None else {}
        guard = guards.setdefault(bot.seat, RepetitionGuard(game))  # the seat's memory of this game
        while game.decision(current).seat == bot.seat and len(steps) < MAX_BOT_STEPS:
            seed = random.Random(f"bot:{table.seed}:{seq}").getrandbits(62)
            legal = game.legal_actions(current)
            action = make_policy(game, level, seed, guard=guard, **self._bot_limits()).choose(
                bot_view(game, current, bot.seat, seed), legal)
            notation = game.format_action(current, action)
            entry = MoveRec(table.id, seq, actor, bot.seat, CHOICE, notation, None,
                            public_form(game, current, action, notation))
            current, step_events = game.apply(current, action)
            current, chance, chance_events = self.tables.resolve_chance(game, current, table.id, table.seed or 0, seq + 1)
            entries += [entry, *chance]
            events += step_events + chance_events
            steps.append(entry.shown)
            seq = entries[-1].seq + 1
        over = game.decision(current).seat is None
        stalled = not over and note_bot_turn(watch, first_seq, seq, table_marks(game, current), len(seats))
        if over:
            self.watches.forget(table.id)
        with self.tables.store.unit_of_work() as repo:
            fresh = repo.table(table.id)
            if fresh is None or fresh.version != table.version or repo.last_seq(table.id) + 1 != first_seq:
                raise Refusal(tr(MOVED_ON), fresh.version if fresh is not None else None)
            version = self.tables.bump(repo, fresh, **({"status": FINISHED} if over else {}))
            repo.append_moves(entries)
            repo.save_snapshot(table.id, entries[-1].seq, game.version, game.to_json(current))
            if over:
                repo.prune_snapshots(table.id, keep_from_seq=entries[-1].seq)
                record_finished(repo, fresh, game, current)  # results and ratings, in this transaction
            turn = self.accounts.turn_log(repo, table, game, entries[0].seq, at_hand=(entries[0].seq, state))
            repo.commit()
        public_language = table_language(table)
        seats = self.tables.labelled(seats, game)
        me = seats[bot.seat]
        shown = "; ".join(steps)
        with i18n.language(public_language):
            first = f"{_who(me)}: {shown}"

        def build() -> Reply[StepData]:
            reply = self.replies.step_reply(game, current, seats, table, me.seat, first, shown, steps[-1], events,
                                            None, version, public_language)
            account = self.accounts.attach(table, game, current, seats, turn, public_language)
            if stalled:
                log.warning("table %s: a whole round of bot turns changed nothing", table.id)
                with i18n.language(public_language):
                    note = _("Only bots have played for a whole round and neither a score nor a supply changed: "
                             "the game may not end on its own.")
                reply.public = f"{reply.public}\n{note}" if reply.public else note
            if reply.data is not None:
                reply.data = reply.data.but(bot=True, seat=me.seat, level=level, account=account, stalled=stalled)
            return reply

        return self.replies.after_commit(build, first, version, public_language)

    def play_bots(self, channel: str, *, lang: str | None = None, limit: int = 1000) -> list[Reply[StepData]]:
        """Every bot turn due now at the channel's table, in order (each a :meth:`bot_step` reply).

        Stops when a person is to act, the game ends, a turn is refused (the game moved on) or
        after ``limit`` turns. For front ends that print all at once (the terminal, tests);
        Discord posts each reply as it comes.
        """
        replies: list[Reply[StepData]] = []
        for _turn in range(limit):
            reply = self.bot_step(channel, lang=lang)
            if not reply.ok:
                break
            replies.append(reply)
            if reply.data is not None and reply.data.finished:
                break
        return replies

    def set_timeout(self, channel: str, user: str, hours: int, is_admin: bool = False, *,
                    lang: str | None = None) -> Reply[IntervalData]:
        """Set the take-over timeout of the channel's open or running table (``0`` = off).

        After ``hours`` without a move the waiting player is reminded (as with a reminder
        interval); after twice that a bot (:data:`TAKEOVER_LEVEL`) takes the seat over until the
        player comes back with :meth:`return_seat`. Seated players, the creator and admins may set
        it; the version does not change (:meth:`SettingsService.set_interval`).
        """
        from engine.core.bots import bots_supported

        def check(table: TableRec) -> None:
            if not bots_supported(self.tables.game(table.game)):
                raise Refusal(_("{game} has no bot players yet, so no bot can take a seat over.",
                                game=_title(table.game)), table.version)

        def words(n: int) -> str:
            if not n:
                return _("The timeout is off for this table.")
            return _n(
                "Timeout: a player whose move has waited {n} hour is reminded; after {twice} hours a bot "
                "plays their seat until they come back with {back}.",
                "Timeout: a player whose move has waited {n} hours is reminded; after {twice} hours a bot "
                "plays their seat until they come back with {back}.",
                n, twice=2 * n, back=self.tables.cmd("return"),
            )

        return self.settings.set_interval(channel, user, hours, is_admin, timeout=True, check=check, words=words,
                                          lang=lang)

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
        with self.tables.store.unit_of_work(write=False) as repo:
            for table in repo.tables([RUNNING]):
                if not table.timeout_hours or (serves is not None and not serves(table.guild)):
                    continue
                try:
                    last = repo.last_game_move(table.id)
                    since = (last.created_at if last is not None else None) or table.updated_at
                    if now < since + timedelta(hours=2 * table.timeout_hours):
                        continue
                    game = self.tables.game(table.game)
                    seat_index = game.decision(self.tables.state(repo, table, game)).seat
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
    def take_over(self, table_id: int, last_seq: int) -> Reply[TakeOverData]:
        """Let a bot play the waiting seat of table ``table_id`` (an item of :meth:`due_takeovers`).

        Claimed once across processes: the change is conditional on the table's version and on
        the log still ending at ``last_seq``; a stale or repeated claim is refused. Appends a
        ``system`` note and bumps the version (the absent player's buttons go stale). The public
        text (in the table's language) says who was taken over and how to come back.
        """
        from engine.core.bots import bots_supported

        with self.tables.store.unit_of_work() as repo:
            table = repo.table(int(table_id))
            if table is None or table.status != RUNNING or not table.timeout_hours:
                raise Refusal(_("That table no longer waits for anybody."))
            last = repo.last_game_move(table.id)
            if (last.seq if last is not None else 0) != last_seq:
                raise Refusal(tr(MOVED_ON), table.version)
            game = self.tables.game(table.game)
            seat_index = game.decision(self.tables.state(repo, table, game)).seat
            seats = repo.seats(table.id)
            if (seat_index is None or not 0 <= seat_index < len(seats) or seats[seat_index].bot_level
                    or not bots_supported(game)):
                raise Refusal(_("That table no longer waits for anybody."), table.version)
            repo.set_bot_level(table.id, seat_index, TAKEOVER_LEVEL)
            version = self.tables.bump(repo, table)
            repo.append_moves([MoveRec(table.id, repo.last_seq(table.id) + 1, None, seat_index, SYSTEM,
                                       TAKEOVER_NOTE.format(seat=seat_index + 1))])
            repo.commit()
        seats = self.tables.labelled(seats, game)
        gone = seats[seat_index]
        with i18n.language(table_language(table)) as public_language:
            text = _n(
                "{name} has not moved for {n} hour: a bot plays their seat now. {name} can take it back with {back}.",
                "{name} has not moved for {n} hours: a bot plays their seat now. {name} can take it back with {back}.",
                2 * table.timeout_hours, name=_who(gone), back=self.tables.cmd("return"),
            )
        return Reply(ok=True, public=text, version=version, language=public_language,
                     data=TakeOverData(table_id=table.id, channel=table.channel, seat=seat_index, user_id=gone.user_id))

    @_guarded
    def return_seat(self, channel: str, user: str) -> Reply[ReturnData]:
        """Take back the caller's seat from the bot that took it over (``/game return``)."""
        channel, user = _clean(channel, "channel id"), _clean(user, "user id")
        with self.tables.store.unit_of_work() as repo:
            table = self.tables.table(repo, channel, RUNNING)
            seats = repo.seats(table.id)
            me = _seat_of(seats, user)
            if me is None:
                raise Refusal(_("You are not playing at this table."), table.version)
            if not me.bot_level:
                raise Refusal(_("You are playing your own seat already."), table.version)
            repo.set_bot_level(table.id, me.seat, None)
            version = self.tables.bump(repo, table)
            repo.append_moves([MoveRec(table.id, repo.last_seq(table.id) + 1, user, me.seat, SYSTEM,
                                       RETURN_NOTE.format(seat=me.seat + 1))])
            repo.commit()
        game = self.tables.game(table.game)
        me = self.tables.labelled([me], game)[0]
        with i18n.language(table_language(table)) as public_language:
            text = _("{name} is back and plays their own seat again.", name=_who(dataclasses.replace(me, bot_level=None)))
        return Reply(ok=True, public=text, version=version, language=public_language,
                     mention=[], data=ReturnData(table_id=table.id, seat=me.seat))

    @_guarded
    def hint(self, channel: str, user: str, n: int = 3) -> Reply[None]:
        """The caller's ``n`` best moves now, with why (private, the caller's language).

        The greedy bot (medium level, within its budget) proposes its best moves with a one-line
        reason each; every legal move (up to :data:`engine.core.review.MAX_OPTIONS`, the bot's
        proposals always among them) is then rated one step ahead by
        :func:`engine.core.winprob.win_probabilities` as the caller may see it (their own hidden cards,
        never another's). The suggested move is the best rated one, named with the winning chance it
        adds against the next best. Only the player to act may ask. ``choices`` holds
        ``(notation, reason)`` pairs, best first; nothing is saved.
        """
        from engine.core.bots import LEVEL_BUDGETS, GreedyPolicy, bot_view, bots_supported
        from engine.core.review import MAX_OPTIONS, option_chances

        channel, user = _clean(channel, "channel id"), _clean(user, "user id")
        with self.tables.store.unit_of_work(write=False) as repo:
            table = self.tables.table(repo, channel, RUNNING)
            seats, me, game, state, _decision = self.tables.my_decision(repo, table, user)
        if not bots_supported(game):
            raise Refusal(_("{game} has no bot players yet, so there are no hints.", game=_title(game.name)),
                          table.version)
        if me.bot_level:
            raise Refusal(_("A bot plays your seat now; take it back with {back}.", back=self.tables.cmd("return")),
                          table.version)
        seed = random.Random(f"hint:{table.seed}:{table.version}").getrandbits(62)
        legal = game.legal_actions(state)
        # A hint thinks like the medium level and within its budget (a host's bot_time_limit caps it too).
        limit = self.time_limit if self.time_limit is not None else LEVEL_BUDGETS["medium"]
        ranked = GreedyPolicy(game, seed, time_limit=limit).rank(bot_view(game, state, me.seat, seed), legal, n)
        reasons = {r.action: str(tr(r.reason)) for r in ranked}
        proposed = [r.action for r in ranked]
        # The bot's proposals first, so a long list cut to MAX_OPTIONS keeps them.
        pool = proposed + [a for a in legal if a not in reasons]
        rated = option_chances(game, state, me.seat, me.seat, table.version, pool[:max(len(proposed), MAX_OPTIONS)])
        if not rated:
            raise Refusal(_("There is nothing to choose now."), table.version)
        shown = rated[:n]
        choices = [(game.format_action(state, r.action), reasons.get(r.action) or str(tr(r.label))) for r in shown]
        best = rated[0]
        lines = [_("Suggested: {move}.", move=str(tr(best.label)))]
        if len(rated) > 1:
            lines.append(_("It adds {gain} winning chance against the next best, {other} ({chance} → {best}).",
                           gain=percent(best.chance - rated[1].chance, signed=True), other=str(tr(rated[1].label)),
                           chance=percent(rated[1].chance), best=percent(best.chance)))
        else:
            lines.append(_("It is the only move now."))
        lines.append(_("Suggested moves (best first):"))
        # In words (the game's labels); the notation of each is in ``choices`` (what one types).
        for i, r in enumerate(shown, start=1):
            why = reasons.get(r.action)
            lines.append(_("{index}. {move} — winning chance {chance}; {reason}", index=i, move=str(tr(r.label)),
                           chance=percent(r.chance), reason=why) if why else
                         _("{index}. {move} — winning chance {chance}", index=i, move=str(tr(r.label)),
                           chance=percent(r.chance)))
        return Reply(ok=True, private="\n".join(lines), version=table.version, choices=choices)
