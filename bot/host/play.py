"""Playing (:class:`PlayService`): a typed move, a clicked option and taking back a step, each one
transaction and no other store access: the reply (its picture, the turn account and the options that
follow) is built from the state the step produced and what the transaction read.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.core import Action, Game, IllegalAction, i18n
from engine.core.hidden import offered, public_form, reveals
from engine.core.i18n import tr

from ..records.results import record_finished
from ..store import ABANDONED, CHANCE_KIND, CHOICE, FINISHED, RUNNING, UNDO, MoveRec, Repository
from ..words import _
from .accounts import AccountService
from .base import TableLoader
from .core import (
    INPUTS,
    MAX_INPUT,
    MOVED_ON,
    TURN_START,
    Refusal,
    Reply,
    _clean,
    _guarded,
    _reason,
    effective_moves,
    log,
    table_language,
)
from .data import StepData
from .replies import ReplyBuilder
from .seats import _seat_of, _who


class PlayService:
    """Play use cases: ``move``, ``choose`` and ``undo``, over the table loader ``tables``, the reply
    builder ``replies`` and the turn ``accounts`` of each step."""

    def __init__(self, tables: TableLoader, replies: ReplyBuilder, accounts: AccountService) -> None:
        self.tables = tables
        self.replies = replies
        self.accounts = accounts

    @_guarded
    def move(
        self,
        channel: str,
        user: str,
        notation: str,
        expected_version: int | None = None,
        *,
        table_id: int | None = None,
    ) -> Reply[StepData]:
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
    def choose(self, channel: str, user: str, table_id: int, version: int, index: int) -> Reply[StepData]:
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
    ) -> Reply[StepData]:
        """The transaction of :meth:`move` and :meth:`choose`: ``pick`` names the action to apply.

        One write unit of work and nothing else: it also reads what the turn account needs, and the
        reply is built from the new state after the commit."""
        with self.tables.store.unit_of_work() as repo:
            if button:
                self._check_board(repo, channel, table_id)
            table = self.tables.table(repo, channel, RUNNING)
            if table_id is not None and table_id != table.id:
                raise Refusal(_("That board belongs to an earlier game in this channel."), table.version)
            if expected_version is not None and expected_version != table.version:
                raise Refusal(tr(MOVED_ON), table.version)
            seats, me, game, state, decision = self.tables.my_decision(repo, table, user)
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
            new_state, chance, chance_events = self.tables.resolve_chance(game, new_state, table.id, table.seed or 0, seq + 1)
            entries += chance
            over = game.decision(new_state).seat is None
            version = self.tables.bump(repo, table, **({"status": FINISHED} if over else {}))
            repo.append_moves(entries)
            repo.save_snapshot(table.id, entries[-1].seq, game.version, game.to_json(new_state))
            if over:
                # A finished game is never undone: keep only its final snapshot (the log rebuilds the rest).
                repo.prune_snapshots(table.id, keep_from_seq=entries[-1].seq)
                record_finished(repo, table, game, new_state)  # results and ratings, in this transaction
            turn = self.accounts.turn_log(repo, table, game, entries[0].seq, at_hand=(entries[0].seq, state))
            repo.commit()
        shown = entries[0].shown  # the public form when the choice hides something
        public_language = table_language(table)
        seats = self.tables.labelled(seats, game)
        me = seats[me.seat] if 0 <= me.seat < len(seats) else me
        with i18n.language(public_language):
            first = f"{_who(me)}: {shown}"

        def build() -> Reply[StepData]:
            all_events = events + chance_events
            private = self.replies.event_lines(all_events, me.seat)[1]  # the caller's language
            reply = self.replies.step_reply(game, new_state, seats, table, me.seat, first, shown, shown, all_events,
                                            user, version, public_language, private)
            account = self.accounts.attach(table, game, new_state, seats, turn, public_language)
            with i18n.language(public_language):
                options = None if over else self.replies.turn_data(game, new_state, seats, table.id, version)
            if reply.data is not None:
                reply.data = reply.data.but(account=account, options=options)
            return reply

        return self.replies.after_commit(build, first, version, public_language)

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
    def undo(self, channel: str, user: str, expected_version: int | None = None) -> Reply[StepData]:
        """Take back the caller's latest step of the current turn (appends an ``undo`` entry).

        Refused across another seat's move, a chance outcome, the end of the caller's turn or a
        step that revealed hidden information (:func:`engine.core.hidden.reveals`: the game's
        ``reveals`` hook or an event with ``undo_barrier``).
        """
        channel, user = _clean(channel, "channel id"), _clean(user, "user id")
        with self.tables.store.unit_of_work() as repo:
            table = self.tables.table(repo, channel, RUNNING)
            if expected_version is not None and expected_version != table.version:
                raise Refusal(tr(MOVED_ON), table.version)
            seats = repo.seats(table.id)
            me = _seat_of(seats, user)
            if me is None:
                raise Refusal(_("You are not playing at this table."), table.version)
            game = self.tables.game(table.game)
            moves = repo.moves(table.id)
            state = self.tables.state(repo, table, game, moves)
            seats = self.tables.labelled(seats, game)
            decision = game.decision(state)
            effective = effective_moves(moves)
            last = effective[-1] if effective else None
            if decision.seat != me.seat:
                if last is not None and last.kind == CHOICE and last.seat == me.seat:
                    raise Refusal(
                        _("Your turn is over ({who} is to play), so it can't be undone.",
                          who=self.tables.name(decision.seat, seats)),
                        table.version,
                    )
                raise Refusal(
                    _("You can only undo your own steps during your own turn; it is {who}'s turn.",
                      who=self.tables.name(decision.seat, seats)),
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
                      move=last.shown, who=self.tables.name(last.seat, seats)),
                    table.version,
                )
            if decision.kind == TURN_START:
                raise Refusal(
                    _("A new turn has begun since that step, so it can't be undone."), table.version
                )
            before = self.tables.state_before(repo, table, game, moves, effective)
            try:
                action = game.parse_action(before, last.notation)
                _before, events = game.apply(before, action)
            except (IllegalAction, ValueError):
                log.warning("table %s: step #%s does not re-apply; undo refused", table.id, last.seq)
                raise Refusal(_("That step can't be undone (the log does not replay cleanly)."),
                              table.version) from None
            # Undo never crosses revealed hidden information (docs/architecture.md, "Hosting": what the other
            # players saw can't be unseen); the game declares which steps reveal (engine.core.hidden).
            if reveals(game, before, action, events):
                raise Refusal(
                    _("'{move}' revealed information or can't be taken back for another reason; "
                      "it can't be undone.", move=last.shown),
                    table.version,
                )
            seq = repo.last_seq(table.id) + 1
            version = self.tables.bump(repo, table)
            repo.append_moves([MoveRec(table.id, seq, user, me.seat, UNDO, str(last.seq))])
            repo.save_snapshot(table.id, seq, game.version, game.to_json(before))
            repo.commit()
        public_language = table_language(table)
        me = seats[me.seat] if 0 <= me.seat < len(seats) else me
        with i18n.language(public_language):
            first = _("{who} took back '{move}'.", who=_who(me), move=last.shown)

        def build() -> Reply[StepData]:
            with i18n.language(public_language):
                next_line = self.replies.next_line(game, before, seats)
                taken_back = _("took back '{move}'", move=last.shown)
                png, alt = self.replies.turn_picture(game, before, me.seat, taken_back)
                data = self.replies.step_data(game, before, seats, [], next_line, table)
            return Reply(
                ok=True,
                public="\n".join([first, next_line]),
                png=png,
                alt=alt,
                version=version,
                data=data,
                language=public_language,
            )

        return self.replies.after_commit(build, first, version, public_language)
