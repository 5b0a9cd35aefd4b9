"""Turn accounts (:mod:`engine.core.narration`) of a table: the readable story of each whole turn,
rebuilt from the stored move log by replay (events are deterministic), public events only.

:meth:`AccountService.accounts` lists a table's accounts (the log, the hot-seat catch-up); every
committed move, bot turn and start carries ``data.account`` (:class:`~bot.host.data.StepData`): the accounts of the turn just
played (from its first step) and of the chance runs and automated turns that followed it.
An account is an :class:`~bot.host.data.AccountRow` ``{"seat": int | None, "who": str, "lines":
[str, …], "automa": bool, "first": int, "last": int}``: ``who`` names the acting seat ("" for the game's own steps), ``automa`` marks an
automated opponent's account (a seat no player sits in), ``first``/``last`` are the ``seq`` of its
first and last log entries; texts are in the table's language.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from engine.core import CHANCE, Game, IllegalAction, i18n, replay
from engine.core.i18n import tr
from engine.core.narration import Account, Step, account_lines, group_accounts
from engine.core.revisions import stored_options

from ..store import CHOICE, SYSTEM, MoveRec, Repository, SeatRec, TableRec
from ..words import _
from .base import TableLoader
from .core import TURN_START, Refusal, Reply, _clean, _guarded, _reason, effective_moves, log, table_language
from .data import AccountRow, AccountsData
from .replies import ReplyBuilder
from .seats import _seat_of, _who

#: The most accounts one :meth:`AccountService.accounts` call returns.
MAX_ACCOUNTS = 500


def format_accounts(accounts: Sequence[AccountRow]) -> str:
    """Accounts (dicts as in the module docstring) as plain text: per account a ``who:`` line (for
    a seat) followed by its sentences, one per line; accounts separated by a blank line."""
    blocks = []
    for account in accounts:
        lines = list(account.get("lines") or [])
        if not lines:
            continue
        who = account.get("who")
        blocks.append("\n".join(([f"{who}:"] if who else []) + [f"  {line}" if who else line for line in lines]))
    return "\n\n".join(blocks)


def _steps(game: Game, state: Any, entries: Sequence[MoveRec]) -> tuple[Any, list[Step]]:
    """Replay ``entries`` (effective log entries) from ``state``: the final state and one
    ``(seat, events, starts_turn)`` step per entry (``seat`` ``None`` for chance entries)."""
    steps: list[Step] = []
    for m in entries:
        decision = game.decision(state)
        action = game.parse_action(state, m.notation)
        state, events = game.apply(state, action)
        player = m.kind == CHOICE
        steps.append((m.seat if player else None, events, player and decision.kind == TURN_START))
    return state, steps


@dataclass
class TurnLog:
    """What the accounts of a change need from the store, read inside the change's own unit of work:
    the effective log, the index ``k`` of the change's first entry in it (``None``: not in it), and
    the index and state where its turn began (``(0, None)``: replay the whole log)."""

    effective: list[MoveRec]
    k: int | None
    begin: int
    before: Any


class AccountService:
    """Accounts of a table: the use case ``accounts`` and the ``data.account`` of committed changes.

    Built with the table loader ``tables`` (units of work, seat names) and ``replies``.
    """

    def __init__(self, tables: TableLoader, replies: ReplyBuilder) -> None:
        self.tables = tables
        self.replies = replies

    @_guarded
    def accounts(
        self, channel: str, user: str | None = None, *, since_seat_turn: bool = False, last: int | None = None,
        in_caller_language: bool = False,
    ) -> Reply[AccountsData]:
        """The turn accounts of the channel's latest table (running or over), oldest first.

        ``data["accounts"]`` is the list of account dicts (see the module docstring; texts in the
        table's language, as ``public``, which is them as text). With ``since_seat_turn`` only the
        accounts after ``user``'s own latest turn (all of them if they have not played yet; refused
        for a user without a seat) — what a hot-seat player missed. ``last`` keeps only the last
        ``last`` accounts (1–500). With ``in_caller_language`` the texts are in the caller's language
        (``lang``; for an answer only the caller sees, such as Discord's ``/game log``) and
        ``language`` names it. Refused for a table that has not started.
        """
        channel = _clean(channel, "channel id")
        if last is not None and (not isinstance(last, int) or isinstance(last, bool) or not 1 <= last <= MAX_ACCOUNTS):
            raise Refusal(_("Ask for 1 to {max} turns.", max=MAX_ACCOUNTS))
        with self.tables.store.unit_of_work(write=False) as repo:
            table = self.tables.latest(repo, channel)
            seats = repo.seats(table.id)
            moves = repo.moves(table.id)
            if table.seed is not None and moves:
                self.tables.use_data(repo, table)
        if table.seed is None or not moves:
            raise Refusal(_("Table #{table} has not started yet.", table=table.id), table.version)
        game = self.tables.game(table.game)
        seats = self.tables.labelled(seats, game)
        me = _seat_of(seats, str(user)) if user is not None else None
        if since_seat_turn and me is None:
            raise Refusal(_("You are not playing at this table."), table.version)
        effective = effective_moves(moves)
        shown_language = i18n.current() if in_caller_language else table_language(table)
        with i18n.language(shown_language) as public_language:
            state, accounts = self.log_accounts(table, game, effective)
            items = self.account_dicts(game, state, seats, accounts, effective)
            if since_seat_turn and me is not None:
                mine = [i for i, a in enumerate(items) if a["seat"] == me.seat]
                if mine:
                    items = items[mine[-1] + 1:]
            if last is not None:
                items = items[-last:]
            text = format_accounts(items) or _("Nothing has happened yet.")
        return Reply(ok=True, public=text, version=table.version, data=AccountsData(table_id=table.id, accounts=items),
                     language=public_language)

    def log_accounts(
        self, table: TableRec, game: Game, effective: Sequence[MoveRec], start: int = 0, state: Any = None
    ) -> tuple[Any, list[Account]]:
        """Accounts of ``effective[start:]`` replayed from ``state`` (default: the set-up; refused when
        the log no longer replays) in the current language, and the final state. Account indices are
        made absolute (positions in ``effective``)."""
        try:
            if state is None:
                state = replay(game, stored_options(game, table.options), table.seed or 0, [])
                start = 0
            state, steps = _steps(game, state, effective[start:])
        except (IllegalAction, ValueError) as exc:
            raise Refusal(
                _("This game's log no longer replays with {game} {version} (it was started with {old}): {reason}",
                  game=game.name, version=game.version, old=table.engine_version, reason=_reason(exc)),
                table.version,
            ) from None
        accounts = group_accounts(game, steps)
        for a in accounts:
            a.first += start
            a.last += start
            a.origins = [i + start for i in a.origins]
        return state, accounts

    def account_dicts(
        self, game: Game, state: Any, seats: Sequence[SeatRec], accounts: Sequence[Account],
        effective: Sequence[MoveRec],
    ) -> list[AccountRow]:
        """Accounts as rows in the current language (``first``/``last`` as log ``seq``)."""
        names: dict[int, str] = {}
        out: list[AccountRow] = []
        for a in accounts:
            who = ""
            if a.seat is not None:
                if a.seat not in names:
                    names[a.seat] = self.seat_word(game, state, seats, a.seat)
                who = names[a.seat]
            out.append({"seat": a.seat, "who": who, "lines": list(a.lines),
                        "automa": a.seat is not None and not 0 <= a.seat < len(seats),
                        "first": effective[a.first].seq, "last": effective[a.last].seq})
        return out

    def seat_word(self, game: Game, state: Any, seats: Sequence[SeatRec], seat: int) -> str:
        """Who plays ``seat``: the seated player, else the name the game's view gives the seat (a
        solo opponent), else a numbered seat."""
        if 0 <= seat < len(seats):
            return _who(seats[seat])
        try:
            for row in game.view(state, None).get("seats") or []:
                if isinstance(row, dict) and row.get("seat") == seat and row.get("name"):
                    return str(tr(row["name"]))
        except Exception:
            log.warning("%s: no name for seat %s", game.name, seat, exc_info=True)
        return self.tables.name(seat, seats)

    def turn_log(
        self, repo: Repository, table: TableRec, game: Game, first_seq: int, at_hand: tuple[int, Any] | None = None
    ) -> TurnLog:
        """Read, in the caller's unit of work ``repo``, what the accounts of a change committed from log
        entry ``first_seq`` on need (:class:`TurnLog`): the turn's first step is found walking back
        over the seat's earlier steps of the same turn from exact snapshots. ``at_hand`` is
        ``(seq, state)``: the state just before log entry ``seq`` when the caller already has it."""
        moves = repo.moves(table.id)
        effective = effective_moves(moves)
        k = next((i for i, m in enumerate(effective) if m.seq >= first_seq), None)
        if k is None:
            return TurnLog(effective, None, 0, None)
        begin, before = self.turn_begin(repo, table, game, moves, effective, k, at_hand)
        return TurnLog(effective, k, begin, before)

    def recent(
        self, table: TableRec, game: Game, state: Any, seats: Sequence[SeatRec], turn: TurnLog
    ) -> list[AccountRow]:
        """``data.account`` of a change: the accounts of the turn it belongs to (from the turn's first
        step) and of everything after it, in the current language, replayed from ``turn``
        (:meth:`turn_log`; no store access). ``state`` is the state after the change (the names of
        the seats). An account begun before the change also carries ``new``: the sentences of the
        change's own entries alone (:func:`engine.core.narration.account_lines`), printed live by a
        front end that already showed the earlier steps."""
        if turn.k is None:
            return []
        k = turn.k
        final, accounts = self.log_accounts(table, game, turn.effective, turn.begin, turn.before)
        accounts = [a for a in accounts if a.last >= k]
        rows = self.account_dicts(game, final if state is None else state, seats, accounts, turn.effective)
        for a, row in zip(accounts, rows, strict=True):
            if a.first < k:
                row["new"] = account_lines(game, a.events_from(k))
        return rows

    def start_account(
        self, game: Game, state: Any, seats: Sequence[SeatRec], events: Sequence[Any], count: int
    ) -> list[AccountRow]:
        """``data["account"]`` of a start: the set-up's chance run (``count`` log entries from seq 1)
        as accounts in the current language."""
        accounts = group_accounts(game, [(None, list(events))])
        return [{"seat": a.seat, "who": self.seat_word(game, state, seats, a.seat) if a.seat is not None else "",
                 "lines": list(a.lines), "automa": a.seat is not None and not 0 <= a.seat < len(seats), "first": 1,
                 "last": max(count, 1)} for a in accounts]

    def attach(
        self, table: TableRec, game: Game, state: Any, seats: Sequence[SeatRec], turn: TurnLog, language: str,
    ) -> list[AccountRow]:
        """:meth:`recent` in ``language``; a failure is logged and gives an empty account (the change
        stands)."""
        try:
            with i18n.language(language):
                return self.recent(table, game, state, seats, turn)
        except Exception:
            log.exception("table %s: building the turn account failed", table.id)
            return []

    def turn_begin(
        self, repo: Repository, table: TableRec, game: Game, moves: Sequence[MoveRec],
        effective: Sequence[MoveRec], k: int, at_hand: tuple[int, Any] | None = None,
    ) -> tuple[int, Any]:
        """``(index, state before it)`` of the first step of the turn holding ``effective[k]``;
        ``(0, None)`` when some state is not at hand (the caller replays the whole log)."""
        j = k
        if effective[j].kind != CHOICE:  # a start: the set-up run
            return 0, None
        seat = effective[j].seat
        while True:
            if at_hand is not None and at_hand[0] == effective[j].seq:
                before = at_hand[1]
            else:
                before = self.exact_before(repo, table, game, moves, effective[j].seq)
            if before is None:
                return 0, None
            decision = game.decision(before)
            previous = next((p for p in range(j - 1, -1, -1) if effective[p].kind == CHOICE), None)
            if (decision.kind == TURN_START or decision.seat in (None, CHANCE) or previous is None
                    or effective[previous].seat != seat):
                return j, before
            j = previous

    def exact_before(
        self, repo: Repository, table: TableRec, game: Game, moves: Sequence[MoveRec], seq: int
    ) -> Any:
        """The state just before log entry ``seq`` from a snapshot, or ``None`` when no snapshot is
        exact (a log entry other than a system note lies between)."""
        snap = repo.snapshot_before(table.id, seq)
        if snap is None or snap.engine_version != game.version:
            return None
        if any(m.kind != SYSTEM for m in moves if snap.seq < m.seq < seq):
            return None
        try:
            return game.from_json(snap.state)
        except ValueError:
            return None
