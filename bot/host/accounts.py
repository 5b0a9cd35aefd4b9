"""Turn accounts (:mod:`engine.core.narration`) of a table: the readable story of each whole turn,
rebuilt from the stored move log by replay (events are deterministic), public events only.

:meth:`AccountService.accounts` lists a table's accounts (the log, the hot-seat catch-up); every
committed move, bot turn and start carries ``data["account"]``: the accounts of the turn just
played (from its first step) and of the chance runs and automated turns that followed it.
An account is ``{"seat": int | None, "who": str, "lines": [str, …], "automa": bool, "first": int,
"last": int}``: ``who`` names the acting seat ("" for the game's own steps), ``automa`` marks an
automated opponent's account (a seat no player sits in), ``first``/``last`` are the ``seq`` of its
first and last log entries; texts are in the table's language.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine.core import CHANCE, Game, IllegalAction, i18n, replay
from engine.core.i18n import tr
from engine.core.narration import Account, Step, group_accounts
from engine.core.revisions import stored_options

from ..store import CHOICE, SYSTEM, MoveRec, Repository, SeatRec, TableRec
from ..words import _
from .core import TURN_START, Refusal, Reply, _clean, _guarded, _reason, effective_moves, log, table_language
from .replies import HostReplies
from .seats import _seat_of, _who

#: The most accounts one :meth:`AccountService.accounts` call returns.
MAX_ACCOUNTS = 500


def format_accounts(accounts: Sequence[dict[str, Any]]) -> str:
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


class AccountService(HostReplies):
    """Accounts of a table: ``accounts`` and the ``data["account"]`` of committed changes."""

    @_guarded
    def accounts(
        self, channel: str, user: str | None = None, *, since_seat_turn: bool = False, last: int | None = None,
        in_caller_language: bool = False,
    ) -> Reply:
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
        with self.store.unit_of_work(write=False) as repo:
            table = self._latest(repo, channel)
            seats = repo.seats(table.id)
            moves = repo.moves(table.id)
            if table.seed is not None and moves:
                self._use_data(repo, table)
        if table.seed is None or not moves:
            raise Refusal(_("Table #{table} has not started yet.", table=table.id), table.version)
        game = self._game(table.game)
        seats = self._labelled(seats, game)
        me = _seat_of(seats, str(user)) if user is not None else None
        if since_seat_turn and me is None:
            raise Refusal(_("You are not playing at this table."), table.version)
        effective = effective_moves(moves)
        shown_language = i18n.current() if in_caller_language else table_language(table)
        with i18n.language(shown_language) as public_language:
            state, accounts = self._log_accounts(table, game, effective)
            items = self._account_dicts(game, state, seats, accounts, effective)
            if since_seat_turn and me is not None:
                mine = [i for i, a in enumerate(items) if a["seat"] == me.seat]
                if mine:
                    items = items[mine[-1] + 1:]
            if last is not None:
                items = items[-last:]
            text = format_accounts(items) or _("Nothing has happened yet.")
        return Reply(ok=True, public=text, version=table.version, data={"table_id": table.id, "accounts": items},
                     language=public_language)

    def _log_accounts(
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
        return state, accounts

    def _account_dicts(
        self, game: Game, state: Any, seats: Sequence[SeatRec], accounts: Sequence[Account],
        effective: Sequence[MoveRec],
    ) -> list[dict[str, Any]]:
        """Accounts as dicts in the current language (``first``/``last`` as log ``seq``)."""
        names: dict[int, str] = {}
        out = []
        for a in accounts:
            who = ""
            if a.seat is not None:
                if a.seat not in names:
                    names[a.seat] = self._seat_word(game, state, seats, a.seat)
                who = names[a.seat]
            out.append({"seat": a.seat, "who": who, "lines": list(a.lines),
                        "automa": a.seat is not None and not 0 <= a.seat < len(seats),
                        "first": effective[a.first].seq, "last": effective[a.last].seq})
        return out

    def _seat_word(self, game: Game, state: Any, seats: Sequence[SeatRec], seat: int) -> str:
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
        return self._name(seat, seats)

    def _recent_accounts(
        self, table: TableRec, game: Game, state: Any, seats: Sequence[SeatRec], first_seq: int
    ) -> list[dict[str, Any]]:
        """``data["account"]`` of a change committed from log entry ``first_seq`` on: the accounts of
        the turn it belongs to (from the turn's first step) and of everything after it, in the
        current language. ``state`` is the state after the change (the names of the seats).

        Replays from the exact snapshot before the turn's first step when there is one (walking
        back over the seat's earlier steps of the same turn), else the whole log.
        """
        with self.store.unit_of_work(write=False) as repo:
            moves = repo.moves(table.id)
            effective = effective_moves(moves)
            k = next((i for i, m in enumerate(effective) if m.seq >= first_seq), None)
            if k is None:
                return []
            begin, before = self._turn_begin(repo, table, game, moves, effective, k)
        final, accounts = self._log_accounts(table, game, effective, begin, before)
        accounts = [a for a in accounts if a.last >= k]
        return self._account_dicts(game, final if state is None else state, seats, accounts, effective)

    def _start_account(
        self, game: Game, state: Any, seats: Sequence[SeatRec], events: Sequence[Any], count: int
    ) -> list[dict[str, Any]]:
        """``data["account"]`` of a start: the set-up's chance run (``count`` log entries from seq 1)
        as accounts in the current language."""
        accounts = group_accounts(game, [(None, list(events))])
        return [{"seat": a.seat, "who": self._seat_word(game, state, seats, a.seat) if a.seat is not None else "",
                 "lines": list(a.lines), "automa": a.seat is not None and not 0 <= a.seat < len(seats), "first": 1,
                 "last": max(count, 1)} for a in accounts]

    def _attach_account(
        self, reply: Reply, table: TableRec, game: Game, state: Any, seats: Sequence[SeatRec], first_seq: int,
        language: str,
    ) -> None:
        """Set ``reply.data["account"]`` (:meth:`_recent_accounts` in ``language``); a failure is
        logged and leaves an empty account (the change stands)."""
        try:
            with i18n.language(language):
                account = self._recent_accounts(table, game, state, seats, first_seq)
        except Exception:
            log.exception("table %s: building the turn account failed", table.id)
            account = []
        if reply.data is None:
            reply.data = {}
        reply.data["account"] = account

    def _turn_begin(
        self, repo: Repository, table: TableRec, game: Game, moves: Sequence[MoveRec],
        effective: Sequence[MoveRec], k: int,
    ) -> tuple[int, Any]:
        """``(index, state before it)`` of the first step of the turn holding ``effective[k]``;
        ``(0, None)`` when some state is not at hand (the caller replays the whole log)."""
        j = k
        if effective[j].kind != CHOICE:  # a start: the set-up run
            return 0, None
        seat = effective[j].seat
        while True:
            before = self._exact_before(repo, table, game, moves, effective[j].seq)
            if before is None:
                return 0, None
            decision = game.decision(before)
            previous = next((p for p in range(j - 1, -1, -1) if effective[p].kind == CHOICE), None)
            if (decision.kind == TURN_START or decision.seat in (None, CHANCE) or previous is None
                    or effective[previous].seat != seat):
                return j, before
            j = previous

    def _exact_before(
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
