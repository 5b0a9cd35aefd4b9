"""What the services say and show (:class:`ReplyBuilder`): the texts, pictures and structured data of
replies that several use cases share (event lines, whose turn, the turn picture, step data, replies
after a commit).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, TypeVar

from engine.core import Action, Event, Game, i18n
from engine.core.hidden import offered
from engine.core.i18n import tr
from engine.core.preview import previews, with_preview

from ..store import ABANDONED, FINISHED, SeatRec, TableRec
from ..words import _
from .base import TableLoader
from .core import AUTOMA_EVENT, STATUS_WORDS, Reply, _title, hidden_choices, log
from .data import EventRow, ResultRow, StepData, TurnData
from .renderer import Renderer
from .seats import _who, format_result, is_bot_user, seat_name

#: The data record of a reply built after a commit.
R = TypeVar("R")


class ReplyBuilder:
    """Reply building shared by the use cases (texts, mentions, pictures, step data).

    ``tables`` names seats and commands; ``render`` (optional) is the :class:`~bot.host.renderer.Renderer`
    (board, turn, final and story pictures); it runs after the commit and a failing renderer only
    costs the picture.
    """

    def __init__(self, tables: TableLoader, render: Renderer | None = None) -> None:
        self.tables = tables
        self.render = render

    @staticmethod
    def event_lines(events: Sequence[Event], seat: int | None) -> tuple[list[str], list[str]]:
        """``(public, private)`` event texts in the current language (private: ``seat``'s own)."""
        public: list[str] = []
        private: list[str] = []
        for e in events:
            if e.data.get("private"):
                if seat is not None and e.seat == seat:
                    private.append(str(tr(e.text)))
            else:
                public.append(str(tr(e.text)))
        return public, private

    @staticmethod
    def choices(game: Game, state: Any, legal: Sequence[Action] | None = None,
                viewer: int | None = None) -> list[tuple[str, str]]:
        """The legal actions (or ``legal``) as ``(notation, label)``, labels in the current language.

        Each label ends with the option's preview (what it gives and costs the acting player,
        :func:`engine.core.preview.previews`, after :data:`~engine.core.preview.MARK`) computed
        from what ``viewer`` may see: the acting seat for its private lists, ``None`` (the
        spectator) for options shown under a public message. Front ends shorten a label with
        :func:`engine.core.preview.fit`, which keeps the preview.
        """
        actions = list(game.legal_actions(state) if legal is None else legal)
        shown = previews(game, state, actions, viewer)
        return [(game.format_action(state, a), with_preview(str(tr(game.describe(state, a))), p.text()))
                for a, p in zip(actions, shown, strict=True)]

    def next_line(self, game: Game, state: Any, seats: Sequence[SeatRec]) -> str:
        decision = game.decision(state)
        if decision.seat is None:
            return _("The game is over.") + "\n" + format_result(game.result(state), seats)
        return _("{who} to play: {prompt}", who=self.tables.name(decision.seat, seats), prompt=tr(decision.prompt))

    def status_line(self, game: Game, state: Any, seats: Sequence[SeatRec], table: TableRec) -> str:
        if table.status == ABANDONED:
            return str(tr(STATUS_WORDS[ABANDONED]))
        decision = game.decision(state)
        if decision.seat is None:
            return str(tr(STATUS_WORDS[FINISHED]))
        return _("{who} to play: {prompt}", who=self.tables.name(decision.seat, seats), prompt=tr(decision.prompt))

    def lobby_text(self, table: TableRec, seats: Sequence[SeatRec]) -> str:
        want = table.options.get("players")
        names = ", ".join(seat_name(s) for s in seats) or _("nobody")
        count = f"{len(seats)}/{want}" if want else str(len(seats))
        if table.status == ABANDONED:
            return _("The last {game} table here was abandoned before it started.", game=_title(table.game))
        return _("{game} table #{table} is open ({count} seated: {names}). Join with {join}.",
                 game=_title(table.game), table=table.id, count=count, names=names, join=self.tables.cmd("join"))

    def to_mention(self, game: Game, state: Any, seats: Sequence[SeatRec], actor: str | None) -> list[str]:
        """Who to ping: the player to act (not a bot's seat), or every player once the game is over."""
        decision = game.decision(state)
        if decision.seat is None:
            return [s.user_id for s in seats if not is_bot_user(s.user_id)]
        if 0 <= decision.seat < len(seats):
            seat = seats[decision.seat]
            if seat.user_id != actor and not seat.bot_level:
                return [seat.user_id]
        return []

    @staticmethod
    def after_commit(build: Callable[[], Reply[R]], saved: str, version: int, public_language: str) -> Reply[R]:
        """Build the reply of a committed change; if that fails the change still stands."""
        try:
            return build()
        except Exception:
            log.exception("building the reply failed after the commit")
            with i18n.language(public_language):
                note = _("(Saved, but the summary could not be shown.)")
            return Reply(ok=True, public=f"{saved}\n{note}", version=version, language=public_language)

    def picture(self, game: Game, state: Any, seat: int | None = None) -> tuple[bytes | None, str | None]:
        """``(png, alt)`` of ``seat``'s view (default: the spectator's); ``(None, None)`` without a
        renderer or on failure.

        Public pictures are always the spectator view; a seat's view is only for that seat's
        private answers (:meth:`hand`). Call it inside ``with language(<language>)``: the renderer
        draws its words in the current language (:func:`engine.core.i18n.current`).
        """
        if self.render is None:
            return None, None
        try:
            out = self.render.board(game.name, game.view(state, seat))
        except Exception:
            log.exception("rendering %s failed", game.name)
            return None, None
        return self.unpack(out)

    def turn_picture(
        self,
        game: Game,
        state: Any,
        seat: int | None = None,
        move: str | None = None,
        events: Sequence[Event] = (),
        *,
        viewer: int | None = None,
    ) -> tuple[bytes | None, str | None]:
        """``(png, alt)`` of the picture posted with a step: the final-score picture once the game
        is over, else the turn picture after ``move`` (public form) by ``seat`` with its public
        ``events`` (``move=None``: the start of the game). Drawn from ``viewer``'s view (default: the
        spectator's). When drawing it fails the board is tried; ``(None, None)`` when that fails too.
        """
        if self.render is None:
            return None, None
        view = game.view(state, viewer)
        over = game.decision(state).seat is None
        last = None
        if move is not None:
            last = {
                "seat": seat,
                "move": move,
                "events": [{"kind": e.kind, "seat": e.seat, "text": str(tr(e.text)), "data": dict(e.data)}
                           for e in events if not e.data.get("private")],
            }
        try:
            out = self.render.final(game.name, view) if over else self.render.turn(game.name, view, last)
        except Exception:
            log.exception("drawing the %s picture of %s failed", "final" if over else "turn", game.name)
            return self.picture(game, state, viewer)
        return self.unpack(out)

    @staticmethod
    def unpack(out: Any) -> tuple[bytes | None, str | None]:
        """A renderer's answer (PNG bytes, ``(png, alt)`` or ``None``) as ``(png, alt)``."""
        if isinstance(out, tuple):
            png, alt = (out + (None, None))[:2]
        else:
            png, alt = out, None
        if not isinstance(png, bytes | bytearray) or not png:
            return None, None
        return bytes(png), (str(alt) if alt else None)

    def step_data(
        self,
        game: Game,
        state: Any,
        seats: Sequence[SeatRec],
        events: Sequence[Event],
        next_line: str,
        table: TableRec,
    ) -> StepData:
        """The structured facts of a start, move or undo for front ends (:class:`~bot.host.data.StepData`).

        ``events`` become the public events in order (``automa``: the texts of :data:`AUTOMA_EVENT`
        events), ``next`` is ``next_line``, ``result`` the final result once the game is over, ``solo``
        whether this is a one-player table. Texts are in the current language (the table's: call it
        inside ``with language(...)``); ``result["solo"]`` keeps the game's values.
        """
        public = [e for e in events if not e.data.get("private")]
        finished = game.decision(state).seat is None
        result = game.result(state) if finished else None
        names = {s.seat: _who(s) for s in seats}
        rows: list[EventRow] = [{"kind": e.kind, "seat": e.seat, "text": str(tr(e.text))} for e in public]
        final: ResultRow | None = None if result is None else {
            "players": [
                {"seat": p.seat, "name": names.get(p.seat) or _("Seat {n}", n=p.seat + 1), "score": p.score,
                 "rank": p.rank}
                for p in result.players
            ],
            "solo": dict(result.solo) if result.solo else None,
        }
        return StepData(
            table_id=table.id,
            next=next_line,
            finished=finished,
            solo=len(seats) == 1,
            events=rows,
            automa=[str(tr(e.text)) for e in public if e.kind == AUTOMA_EVENT],
            result=final,
        )

    def turn_data(self, game: Game, state: Any, seats: Sequence[SeatRec], table_id: int, version: int | None) -> TurnData:
        """The decision ``state`` waits for, with the public options (:class:`~bot.host.data.TurnData`),
        in the current language.

        Options that would name hidden information are never among ``choices``; whether a private
        route is offered (``hidden_choices``) is decided from public information only.
        """
        decision = game.decision(state)
        prompt = str(tr(decision.prompt))
        if decision.seat is None or not 0 <= decision.seat < len(seats):
            return TurnData(table_id=table_id, version=version, prompt=prompt)
        seat = seats[decision.seat]
        # Public buttons: only the options anyone may see, numbered before any private one.
        actions, n_public = offered(game, state)
        return TurnData(
            table_id=table_id, version=version, to_act=seat.user_id, to_act_seat=decision.seat,
            bot=seat.bot_level, prompt=prompt, hidden_choices=hidden_choices(game, state),
            choices=tuple(self.choices(game, state, actions[:n_public])),
        )

    def step_reply(
        self, game: Game, state: Any, seats: Sequence[SeatRec], table: TableRec, seat: int, first: str,
        shown: str, last: str, events: Sequence[Event], actor: str | None, version: int, public_language: str,
        private: Sequence[str] = (),
    ) -> Reply[StepData]:
        """The reply of an accepted step or bot turn: ``first`` line, public events, whose turn, the
        turn picture of ``last`` (the step shown on it) and the structured ``data``."""
        with i18n.language(public_language):
            public = self.event_lines(events, seat)[0]
            next_line = self.next_line(game, state, seats)
            png, alt = self.turn_picture(game, state, seat, last, events)
            data = self.step_data(game, state, seats, events, next_line, table).but(step=shown)
        return Reply(
            ok=True,
            public="\n".join([first, *public, next_line]),
            private="\n".join(private) or None,
            png=png,
            alt=alt,
            mention=self.to_mention(game, state, seats, actor),
            version=version,
            data=data,
            language=public_language,
        )
