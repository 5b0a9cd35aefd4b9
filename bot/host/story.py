"""Use case: the story of a finished game — every player's victory points and winning chances turn
by turn, with the three turns that changed the chances most told in one line each: whose chance
moved, from and to, and the turn that moved it (:mod:`engine.core.story`, drawn by the renderer's
``story``). The chances are the spectator's, from :func:`engine.core.winprob.win_probabilities`.

It is computed from the public record only (the log, the table's options and seed, the spectator's
view), so it is the same for everybody and is posted publicly after the final score. Computing it
replays the game and evaluates every turn; front ends run it off their event loop.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine.core import Event, Game, i18n, replay
from engine.core.narration import account_lines
from engine.core.revisions import stored_options
from engine.core.story import Story, game_story, has_story
from engine.core.winprob import win_probabilities

from ..store import FINISHED, SeatRec
from ..words import _
from .base import TableLoader
from .core import Refusal, Reply, _clean, _guarded, _title, effective_moves, log
from .data import PointRow, StoryData, TurningRow
from .replies import ReplyBuilder
from .review import percent
from .seats import _who, is_bot_user, label_text


class StoryService:
    """:meth:`story`: the finished game told in a chart, over the table loader ``tables`` and the
    reply builder ``replies`` (whose renderer draws the chart)."""

    def __init__(self, tables: TableLoader, replies: ReplyBuilder) -> None:
        self.tables = tables
        self.replies = replies

    @_guarded
    def story(self, channel: str, user: str | None = None, table_id: int | None = None, *,
              mine: bool = False) -> Reply[StoryData]:
        """The story chart of a finished table of ``channel`` (default: the channel's latest).

        ``Reply.public``: a title line and one line per turning point, in the table's language (with
        ``mine``, ``Reply.private`` instead, in the caller's language: the replay viewer's button);
        ``png``/``alt``: the chart (``None`` without a renderer or when drawing failed);
        ``data`` (:class:`~bot.host.data.StoryData`): ``table_id``, ``turning`` (a list of ``{"turn", "round", "seat", "line"}``),
        ``points`` (per turn: ``turn``, ``seat``, ``round``, ``scores`` in VP, ``chances`` 0–1).
        Refused for a table of another channel, a game that is not finished, and a game that tells
        no story (no ``public_scores``/``evaluate`` hooks).
        """
        channel = _clean(channel, "channel id")
        with self.tables.store.unit_of_work(write=False) as repo:
            table = self.tables.chosen(repo, channel, table_id)
            seats = self.tables.labelled(repo.seats(table.id), self.tables.game(table.game))
            moves = repo.moves(table.id)
            if table.status == FINISHED:
                self.tables.use_data(repo, table)
        if table.status != FINISHED:
            raise Refusal(_("The story of a game is told once it is over."), table.version)
        game = self.tables.game(table.game)
        if not has_story(game):
            raise Refusal(_("This game does not tell its story in a chart."), table.version)
        notations = [m.notation for m in effective_moves(moves)]
        told = game_story(game, stored_options(game, table.options), table.seed or 0, notations,
                          chance_of=win_probabilities)
        public_language = i18n.current() if mine else table.language
        with i18n.language(public_language):
            names = [_chart_name(seats[s]) if s < len(seats) else self.tables.name(s, seats)
                     for s in range(told.seats)]
            marks = [self._mark(game, told, i, seats) for i in told.turning]
            title = _("{game}: how the game went", game=_title(table.game))
            png, alt = self._story_picture(game, table, told, names, title, marks, notations)
        lines = [title] + [f"{n}. {m}" for n, m in enumerate(marks, start=1)]
        turning: list[TurningRow] = [
            {"turn": told.points[i].turn, "round": told.points[i].round, "seat": told.points[i].seat, "line": m}
            for i, m in zip(told.turning, marks, strict=True)
        ]
        points: list[PointRow] = [
            {"turn": p.turn, "seat": p.seat, "round": p.round, "scores": list(p.scores),
             "chances": [round(c, 4) for c in p.chances]}
            for p in told.points
        ]
        return Reply(
            ok=True,
            public=None if mine else "\n".join(lines),
            private="\n".join(lines) if mine else None,
            png=png,
            alt=alt,
            version=table.version,
            language=None if mine else public_language,
            data=StoryData(table_id=table.id, turning=turning, points=points),
        )

    def _mark(self, game: Game, told: Story, index: int, seats: Sequence[SeatRec]) -> str:
        """One line for a turning point: whose chance moved, from and to, and the turn that moved it
        ("Round 4: Purple 35% → 72% — Blue builds …"), whole (a picture wraps it, never cuts it)."""
        point = told.points[index]
        lines = _told_lines(game, point.events)
        what = _joined(_main(lines)) if lines else self.tables.name(point.seat, seats)
        seat, before, after = told.moved(index)
        who = _colour(seats[seat]) if seat < len(seats) else None
        moved = _("{who} {before} → {after} — {what}", who=who or self.tables.name(seat, seats),
                  before=percent(before, digits=0), after=percent(after, digits=0), what=what)
        if point.round is not None:
            return _("Round {round}: {what}", round=point.round, what=moved)
        return _("Turn {turn}: {what}", turn=point.turn, what=moved)

    def _story_picture(self, game: Game, table: Any, told: Story, names: Sequence[str], title: str,
                       marks: Sequence[str], notations: Sequence[str]) -> tuple[bytes | None, str | None]:
        """``(png, alt)`` of the chart in the current language; ``(None, None)`` without a renderer
        that draws stories, or when drawing fails (the text still tells the story)."""
        render = self.replies.render
        if render is None:
            return None, None
        try:
            final = replay(game, stored_options(game, table.options), table.seed or 0, notations)
            out = render.story(game.name, game.view(final, None), told, names=names, title=title, marks=marks)
        except Exception:
            log.exception("drawing the story of table %s failed", table.id)
            return None, None
        return self.replies.unpack(out)


def _colour(seat: SeatRec) -> str | None:
    """The seat's label in words, capitalised ("Purple"), as the turn accounts name a seat; ``None``
    for a seat without a label."""
    text = label_text(seat.label)
    return text[:1].upper() + text[1:] if text else None


def _chart_name(seat: SeatRec) -> str:
    """A seat as the chart's legend names it: a person "Ann (purple)", a bot seat by its label
    alone ("Purple": the level is in the final score), short enough for the legend to fit a row."""
    colour = _colour(seat)
    if is_bot_user(seat.user_id) and colour:
        return colour
    return _who(seat)


#: A turning point tells its turn's first sentences up to this many characters (at least the first).
MOVE_CHARS = 80


def _main(lines: Sequence[str]) -> list[str]:
    """The sentences that tell the move of a turn: its first one, and the next ones while the whole
    stays within :data:`MOVE_CHARS` (the rest of the turn, payments and gains, is in ``/game log``)."""
    out = [lines[0]]
    for line in lines[1:]:
        if sum(len(x) + 2 for x in out) + len(line) > MOVE_CHARS:
            break
        out.append(line)
    return out


def _joined(lines: Sequence[str]) -> str:
    """A turn's sentences as one line: joined with "; ", the subject of the first sentence left out
    of the following ones that repeat it ("Blue builds …; Blue gains 2 VP" → "Blue builds …; gains 2 VP")."""
    first = lines[0].split(" ", 1)[0]
    parts = [lines[0].rstrip(".")]
    for line in lines[1:]:
        word, _sep, rest = line.partition(" ")
        parts.append((rest if word == first and rest else line).rstrip("."))
    return "; ".join(parts)


def _told_lines(game: Game, events: Sequence[Event]) -> list[str]:
    """A turn's public events as sentences in the current language: the game's ``account_lines``
    (its Narration capability) when it has one (it merges and summarises), else one line per event."""
    return account_lines(game, events)
