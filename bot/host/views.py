"""Looking at a table without changing it (:class:`ViewService`): board, replay, status, turn, hand,
log, legal moves and export, each in at most one read-only unit of work."""

from __future__ import annotations

import contextlib
import dataclasses
from collections.abc import Sequence
from typing import Any

from engine.core import IllegalAction, components, i18n, replay
from engine.core.hidden import has_hidden_options, offered, reveals
from engine.core.i18n import tr
from engine.core.registry import game_info
from engine.core.revisions import stored_options

from ..store import ABANDONED, CHANCE_KIND, CHOICE, FINISHED, OPEN, RUNNING, UNDO, MoveRec, SeatRec, TableRec
from ..words import _, _n, _t
from .base import TableLoader
from .core import (
    ABANDONED_NOTE,
    BOT_PREFIX,
    HIDDEN_NOTATION,
    RETURN_NOTE,
    TAKEOVER_NOTE,
    Refusal,
    Reply,
    _clean,
    _guarded,
    _title,
    effective_moves,
    hidden_choices,
    table_language,
)
from .data import (
    BoardData,
    ExportData,
    ExportMove,
    ExportPlayer,
    HandData,
    PlayerRow,
    ReplayData,
    StatusData,
    TurnData,
)
from .replies import ReplyBuilder
from .seats import _seat_of, _who, is_bot_user, label_text, seat_name
from .settings import server_link


class ViewService:
    """Read-only use cases: ``board``, ``replay``, ``status``, ``turn``, ``hand``, ``log``, ``legal`` and
    ``export``, over the table loader ``tables`` and the reply builder ``replies``."""

    def __init__(self, tables: TableLoader, replies: ReplyBuilder) -> None:
        self.tables = tables
        self.replies = replies

    @_guarded
    def board(self, channel: str, user: str | None = None) -> Reply[BoardData]:
        """The current board (public text and picture; the caller's own view privately)."""
        channel = _clean(channel, "channel id")
        with self.tables.store.unit_of_work(write=False) as repo:
            table = self.tables.latest(repo, channel)
            seats = repo.seats(table.id)
            public_language = table_language(table)
            if table.status == OPEN or (table.status == ABANDONED and repo.latest_snapshot(table.id) is None):
                # never started (a seed chosen at creation does not mean the game was set up)
                with i18n.language(public_language):
                    lobby = self.replies.lobby_text(table, seats)
                return Reply(ok=True, public=lobby, version=table.version, language=public_language)
            game = self.tables.game(table.game)
            state = self.tables.state(repo, table, game)
        seats = self.tables.labelled(seats, game)
        private = None
        me = _seat_of(seats, str(user)) if user is not None else None
        if me is not None:  # the caller's own view, in the caller's language, if it shows more
            own = str(tr(game.text(state, me.seat)))
            if own != str(tr(game.text(state, None))):
                private = own
        with i18n.language(public_language):
            header = f"{_title(table.game)} — {self.replies.status_line(game, state, seats, table)}"
            spectator = str(tr(game.text(state, None)))
            png, alt = self.replies.picture(game, state)
        return Reply(
            ok=True,
            public=f"{header}\n{spectator}",
            private=private,
            png=png,
            alt=alt,
            version=table.version,
            data=BoardData(table_id=table.id, header=header, text=spectator, seat_text=private),
            language=public_language,
        )

    @_guarded
    def replay(
        self, channel: str, user: str, table_id: int | None = None, position: int | None = None, *,
        board: bool = False,
    ) -> Reply[ReplayData]:
        """One position of a table's game for the replay viewer, rebuilt from its log (private).

        ``table_id`` is a table of this channel (default: the channel's latest); ``position`` 0 is
        the set-up (with its random draws), ``n`` the position after the n-th player move and the
        random draws that followed it, ``None`` or beyond the end the latest (negative values count
        from the end, ``-1`` = the latest). The picture is the turn picture of that position (the
        move that led to it highlighted; the final-score picture at the end of a finished game),
        or with ``board`` the full board. Hidden information follows the seats: a player of the
        table sees their own seat's view and the full notation of their own moves; everybody else
        sees the spectator's view and the public forms. ``data``: ``table_id``, ``position``,
        ``count`` (the last position), ``status``, ``move`` (the text of the move shown). Refused
        for a table of another channel and for a game that has not started.
        """
        channel, user = _clean(channel, "channel id"), _clean(user, "user id")
        with self.tables.store.unit_of_work(write=False) as repo:
            table = self.tables.chosen(repo, channel, table_id, active_first=True)
            seats = repo.seats(table.id)
            moves = repo.moves(table.id)
            if table.status != OPEN and table.seed is not None:
                self.tables.use_data(repo, table)
        if table.status == OPEN or table.seed is None:
            raise Refusal(_("Table #{table} has not started yet.", table=table.id), table.version)
        game = self.tables.game(table.game)
        seats = self.tables.labelled(seats, game)
        me = _seat_of(seats, user)
        viewer = me.seat if me is not None else None
        effective = effective_moves(moves)
        starts = [i for i, m in enumerate(effective) if m.kind == CHOICE]
        count = len(starts)
        if position is None or position > count:
            position = count
        elif position < 0:
            position = max(0, count + 1 + position)
        end = starts[position] if position < count else len(effective)
        begin = starts[position - 1] if position > 0 else 0
        state, events = self.tables.replay_events(table, game, effective[:end], begin)
        shown_move: str | None = None
        actor: int | None = None
        if position > 0:
            m = effective[begin]
            actor = m.seat
            shown_move = m.notation if (viewer is not None and m.seat == viewer) else m.shown
        if board:
            png, alt = self.replies.picture(game, state, viewer)
        else:
            png, alt = self.replies.turn_picture(game, state, actor, shown_move, events, viewer=viewer)
        who = self.tables.name(actor, seats) if position > 0 else ""
        where = _("Table #{table} ({game}), position {n} of {count}", table=table.id, game=_title(table.game),
                  n=position, count=count)
        what = f"{who}: {shown_move}" if shown_move is not None else _("the set-up")
        return Reply(
            ok=True,
            private=f"{where}: {what}",
            png=png,
            alt=alt,
            version=table.version,
            data=ReplayData(table_id=table.id, position=position, count=count, status=table.status, move=what),
        )

    @_guarded
    def status(self, channel: str) -> Reply[StatusData]:
        """A summary of the channel's latest table; ``data`` (:class:`~bot.host.data.StatusData`) holds
        the same facts for front ends.

        ``data.language`` is the table's public language (that of ``public`` and ``prompt``);
        ``private`` is the same summary in the caller's language (``lang``), for an answer only the
        caller sees;
        each ``players`` row also has ``label_text``, its label (if any) in that language.
        ``data.hidden_information`` is the game's fact of that name (:class:`~engine.core.registry.GameInfo`):
        players hold information the others must not see (a hot-seat front end hides the screen).
        """
        channel = _clean(channel, "channel id")
        with self.tables.store.unit_of_work(write=False) as repo:
            table = self.tables.latest(repo, channel)
            seats = repo.seats(table.id)
            moves = repo.moves(table.id)
            state = None
            game = self.tables.game(table.game)
            started = table.status in (RUNNING, FINISHED) or (table.status == ABANDONED and bool(moves))
            if started:
                state = self.tables.state(repo, table, game, moves)
        language = table_language(table)
        count = len(effective_moves(moves))
        stored = list(seats)
        seats = self.tables.labelled(seats, game)

        def summary() -> str:
            if state is None:
                return self.replies.lobby_text(table, seats)
            text = _("{game} table #{table} — {status}", game=_title(table.game), table=table.id,
                     status=self.replies.status_line(game, state, seats, table))
            return text + "\n" + _n("Players: {players} · {n} move", "Players: {players} · {n} moves", count,
                                    players=", ".join(_who(s) for s in seats))

        to_act: str | None = None
        to_act_seat: int | None = None
        prompt: str | None = None
        kind: str | None = None
        names = [seat_name(s) for s in stored]  # the caller's language, as before the table's texts
        with i18n.language(language):
            players: list[PlayerRow] = [
                {"seat": s.seat, "user": s.user_id, "name": name, "label": s.label, "bot": s.bot_level,
                 "label_text": label_text(labelled.label)}
                for s, name, labelled in zip(stored, names, seats, strict=False)
            ]
            if state is not None:
                decision = game.decision(state)
                if table.status == RUNNING and decision.seat is not None and 0 <= decision.seat < len(seats):
                    to_act = seats[decision.seat].user_id
                    to_act_seat = decision.seat
                    prompt = str(tr(decision.prompt))
                    kind = decision.kind
            text = summary()
        private = summary()  # the same summary in the caller's language (for an answer only they see)
        data = StatusData(
            table_id=table.id,
            game=table.game,
            title=_title(table.game),
            status=table.status,
            version=table.version,
            options=table.options,
            players=players,
            moves=count,
            solo=len(seats) == 1 and table.options.get("players", 1) == 1,
            reminder_hours=table.reminder_hours,
            timeout_hours=table.timeout_hours,
            board_url=server_link(table.board_url, table.guild) if table.board_url else None,
            language=language,
            hidden_information=game_info(game).hidden_information,
            to_act=to_act,
            to_act_seat=to_act_seat,
            prompt=prompt,
            kind=kind,
        )
        return Reply(ok=True, public=text, private=private, version=table.version, data=data, language=language)

    @_guarded
    def turn(self, channel: str) -> Reply[TurnData]:
        """The running game's current decision in one read, for a front end's option buttons.

        ``data`` (:class:`~bot.host.data.TurnData`) holds ``table_id``, ``to_act`` (a user id; ``None``
        if no seated player is to act), ``to_act_seat``, ``bot`` (the level of the bot that plays that
        seat, else ``None``), ``prompt``, ``hidden_choices`` and the ``choices``; ``choices`` are that player's
        *public* legal moves as ``(notation, label)`` (their indices are what :meth:`choose`
        takes); ``version`` is the version they belong to. Options that would name hidden
        information (:func:`engine.core.hidden.is_private`) are never among ``choices``; when the
        player may have such options (:func:`hidden_choices`, decided from public information
        only) ``hidden_choices`` is ``True`` and the player finds them with :meth:`hand` (or
        :meth:`legal`), never under a public message.
        """
        channel = _clean(channel, "channel id")
        with self.tables.store.unit_of_work(write=False) as repo:
            table = self.tables.table(repo, channel, RUNNING)
            seats = repo.seats(table.id)
            game = self.tables.game(table.game)
            state = self.tables.state(repo, table, game)
        with i18n.language(table_language(table)) as public_language:
            data = self.replies.turn_data(game, state, seats, table.id, table.version)
        return Reply(ok=True, version=table.version, choices=list(data.choices), data=data, language=public_language)

    @_guarded
    def hand(self, channel: str, user: str) -> Reply[HandData]:
        """The caller's own view of the running game, only for them (their hand, their secrets).

        ``private`` is ``game.text(state, seat)`` in the caller's language, followed by whose
        turn it is; ``png``/``alt`` are the picture of ``game.view(state, seat)``, drawn in the
        caller's language. When the caller is to act, ``choices`` are their legal moves as
        ``(notation, label)`` in the caller's language, in the order :meth:`choose` takes (hidden
        or not). ``data`` holds ``table_id``, ``seat``, ``to_act`` (whether the caller is to act),
        ``prompt``, ``hidden_choices``, ``text`` (the view) and ``turn`` (the closing line: "Your
        turn: …", whose turn it is, or the final result), in the caller's language. ``version`` is the
        version the choices belong to. After the game ended (or was abandoned) it answers about that
        table like :meth:`status`, :meth:`log` and :meth:`export` do (the caller's final view, no
        choices). Refused when no game here has started and to a caller without a seat.
        """
        channel, user = _clean(channel, "channel id"), _clean(user, "user id")
        with self.tables.store.unit_of_work(write=False) as repo:
            table = self.tables.latest(repo, channel)
            if table.status == OPEN or (table.status == ABANDONED and repo.latest_snapshot(table.id) is None):
                table = self.tables.table(repo, channel, RUNNING)  # refused: the game has not started
            seats = repo.seats(table.id)
            me = _seat_of(seats, user)
            if me is None:
                raise Refusal(_("You are not playing at this table."), table.version)
            game = self.tables.game(table.game)
            state = self.tables.state(repo, table, game)
        seats = self.tables.labelled(seats, game)
        decision = game.decision(state)
        mine = decision.seat == me.seat and table.status == RUNNING
        view = str(tr(game.text(state, me.seat)))
        choices: list[tuple[str, str]] = []
        hidden = False
        if mine:
            hidden = hidden_choices(game, state)
            choices = self.replies.choices(game, state, offered(game, state)[0], me.seat)
            turn_line = _("Your turn: {prompt}", prompt=tr(decision.prompt))
        elif decision.seat is None:  # a finished game: the final result, as the board and status show it
            turn_line = self.replies.next_line(game, state, seats)
        else:
            turn_line = self.replies.status_line(game, state, seats, table)
        png, alt = self.replies.picture(game, state, me.seat)
        return Reply(
            ok=True,
            private=f"{view}\n{turn_line}",
            png=png,
            alt=alt,
            version=table.version,
            choices=choices,
            data=HandData(table_id=table.id, seat=me.seat, to_act=mine, prompt=str(tr(decision.prompt)),
                          hidden_choices=hidden, text=view, turn=turn_line),
        )

    @_guarded
    def log(self, channel: str, n: int = 10) -> Reply[None]:
        """The last ``n`` log entries (1–200) as text; taken-back steps are marked."""
        channel = _clean(channel, "channel id")
        if not isinstance(n, int) or isinstance(n, bool) or not 1 <= n <= 200:
            raise Refusal(_("Ask for 1 to 200 log entries."))
        with self.tables.store.unit_of_work(write=False) as repo:
            table = self.tables.latest(repo, channel)
            seats = repo.seats(table.id)
            moves = repo.moves(table.id)
        with contextlib.suppress(KeyError):  # a game no longer installed: its log still reads
            seats = self.tables.labelled(seats, self.tables.lookup(table.game))
        with i18n.language(table_language(table)) as public_language:
            if not moves:
                return Reply(ok=True, public=_("The log is empty."), version=table.version, language=public_language)
            undone = {m.seq for m in moves if m.seq not in {e.seq for e in effective_moves(moves)}}
            concealed = self._concealed(table, moves)
            hidden_step = str(_("a step that showed hidden information"))
            by_seq = {m.seq: m for m in moves}
            lines = []
            for m in moves[-n:]:
                if m.kind == CHOICE:
                    line = f"#{m.seq} {self._mover(m, seats)}: {hidden_step if m.seq in concealed else m.shown}"
                    if m.seq in undone:
                        line = _("{entry} (taken back)", entry=line)
                elif m.kind == CHANCE_KIND:
                    line = _("#{seq} chance: {move}", seq=m.seq, move=m.shown)
                elif m.kind == UNDO:
                    target = by_seq.get(int(m.notation)) if m.notation.isdigit() else None
                    shown = hidden_step if target is not None and target.seq in concealed else (target and target.shown)
                    what = f"#{m.notation} ({shown})" if target else f"#{m.notation}"
                    line = _("#{seq} {who} took back {what}", seq=m.seq, who=self.tables.name(m.seat, seats), what=what)
                else:
                    line = f"#{m.seq} — {self._note(m, seats)}"
                lines.append(line)
        return Reply(ok=True, public="\n".join(lines), version=table.version, language=public_language)

    @_guarded
    def legal(self, channel: str, user: str) -> Reply[None]:
        """The caller's legal moves as ``choices`` = ``[(notation, label), …]`` (for autocomplete)."""
        channel, user = _clean(channel, "channel id"), _clean(user, "user id")
        with self.tables.store.unit_of_work(write=False) as repo:
            table = self.tables.table(repo, channel, RUNNING)
            _seats, _me, game, state, decision = self.tables.my_decision(repo, table, user)
        # The caller is the seat to act: previews from that seat's own view.
        choices = self.replies.choices(game, state, offered(game, state)[0], decision.seat)
        return Reply(ok=True, private=str(tr(decision.prompt)), choices=choices, version=table.version)

    @_guarded
    def export(self, channel: str) -> Reply[ExportData]:
        """The channel's latest table as a move log in ``data`` (:class:`~bot.host.data.ExportData`;
        ``data.as_json()`` is the JSON document, see docs/hosting.md)."""
        channel = _clean(channel, "channel id")
        with self.tables.store.unit_of_work(write=False) as repo:
            table = self.tables.latest(repo, channel)
            seats = repo.seats(table.id)
            moves = repo.moves(table.id)
        # The seed decides every random draw: while a game with hidden information runs, it would
        # reveal the hands (and the removed cards), so only a finished game's export carries it.
        secret = table.status == RUNNING and game_info(self.tables.game(table.game)).hidden_information
        # A taken-back step that had revealed a card shows no notation while the game runs: the card
        # may be back in a hidden hand.
        concealed = self._concealed(table, moves) if table.status == RUNNING else set()
        players: list[ExportPlayer] = [{"seat": s.seat, "user": s.user_id, "name": s.user_name, "label": s.label,
                                        "bot": s.bot_level} for s in seats]
        # A running game's export shows only public forms (hidden draws stay hidden until the end).
        entries: list[ExportMove] = [
            {"seq": m.seq, "kind": m.kind, "seat": m.seat,
             "notation": m.notation if table.status != RUNNING else (HIDDEN_NOTATION if m.seq in concealed else m.shown),
             "bot": m.actor[len(BOT_PREFIX):] if m.kind == CHOICE and is_bot_user(m.actor) else None}
            for m in moves
        ]
        data = ExportData(
            game=table.game,
            table_id=table.id,
            engine_version=table.engine_version,
            # the component data the game was played with (engine.core.components; None: none yet)
            data_digest=self._data_digest(table),
            options=table.options,
            seed=None if secret else table.seed,
            status=table.status,
            players=players,
            moves=entries,
            complete=table.status != RUNNING or (not concealed and all(m.public is None for m in moves)),
        )
        return Reply(
            ok=True,
            private=_n("Move log of {game} table #{table} ({n} entry).", "Move log of {game} table #{table} ({n} entries).",
                       len(moves), game=_title(table.game), table=table.id),
            version=table.version,
            data=data,
        )

    def _mover(self, move: MoveRec, seats: Sequence[SeatRec]) -> str:
        """Who made a logged choice: the seat's player, or the bot that played it (``actor`` ``bot:…``)."""
        if move.seat is None or not 0 <= move.seat < len(seats):
            return self.tables.name(move.seat, seats)
        seat = seats[move.seat]
        by_bot = move.actor[len(BOT_PREFIX):] if is_bot_user(move.actor) else None
        return _who(dataclasses.replace(seat, bot_level=by_bot or (seat.bot_level if is_bot_user(seat.user_id) else None)))

    def _note(self, move: MoveRec, seats: Sequence[SeatRec]) -> str:
        """A ``system`` log entry in words (abandon, take-over, return; other notes as stored)."""
        if move.notation == ABANDONED_NOTE:
            return str(_t("log note", "abandoned"))
        if move.seat is not None and 0 <= move.seat < len(seats):
            name = seat_name(seats[move.seat])
            if move.notation == TAKEOVER_NOTE.format(seat=move.seat + 1):
                return _("a bot takes over {name}'s seat", name=name)
            if move.notation == RETURN_NOTE.format(seat=move.seat + 1):
                return _("{name} takes their seat back", name=name)
        return move.notation

    def _concealed(self, table: TableRec, moves: Sequence[MoveRec]) -> set[int]:
        """The ``seq`` of every taken-back choice that had revealed hidden information.

        Such a step named a card that is hidden again once taken back (logs from before undo
        refused reveals may hold them), so public outputs show it without its notation. Found by
        walking the log once (undo entries restore the state before their step); a log that does
        not replay conceals every taken-back step.
        """
        undone = {int(m.notation) for m in moves if m.kind == UNDO and m.notation.isdigit()}
        try:
            game = self.tables.game(table.game)
        except Refusal:
            return undone
        if not undone or not has_hidden_options(game):
            return set()
        found: set[int] = set()
        try:
            state = replay(game, stored_options(game, table.options), table.seed or 0, [])
            before: list[Any] = []
            for m in moves:
                if m.kind in (CHOICE, CHANCE_KIND):
                    action = game.parse_action(state, m.notation)
                    after, events = game.apply(state, action)
                    if m.kind == CHOICE and m.seq in undone and reveals(game, state, action, events):
                        found.add(m.seq)
                    before.append(state)
                    state = after
                elif m.kind == UNDO and before:
                    state = before.pop()
        except (IllegalAction, ValueError):
            return undone
        return found

    @staticmethod
    def _data_digest(table: TableRec) -> str | None:
        """The digest of the component data ``table`` plays with (a table from before digests: its
        game's legacy data; ``None``: not started, or a game without component data)."""
        if table.data_digest:
            return table.data_digest
        return None if table.status == OPEN else components.legacy_digest(table.game)
