"""Use case: a player's review of a finished game — their three key moments, where the move they
chose lost the most winning chance against the best alternative, and the mean chance lost per
decision (:mod:`engine.core.review`).

The review uses the caller's own view only (their hidden cards, never another's) and is sent to the
caller alone, in their language. Computing it replays the game and rates every legal move at each of
the caller's decisions; front ends run it off their event loop (a worker thread), within
:data:`BUDGET` seconds.
"""

from __future__ import annotations

from babel.numbers import format_percent

from engine.core import i18n, registry
from engine.core.i18n import tr
from engine.core.review import Moment, Review, review_game
from engine.core.revisions import stored_options

from ..store import FINISHED
from ..words import _
from .base import TableLoader
from .core import Refusal, Reply, _clean, _guarded, _title, effective_moves
from .data import MomentRow, ReviewData
from .seats import _seat_of

#: Seconds a review may spend judging decisions (later decisions are left out once spent).
BUDGET = 9.0


def percent(value: float, *, signed: bool = False, digits: int = 1) -> str:
    """``value`` (0–1) as a percentage in the current language ("35 %", "35%", "3,2 %"), to
    ``digits`` decimals at most; ``signed`` puts "+" before a positive value."""
    lang = i18n.current()
    text = str(format_percent(round(value, 2 + digits), locale=lang, decimal_quantization=False))
    return f"+{text}" if signed and value > 0 else text


class ReviewService:
    """:meth:`review`: a player's key moments of a finished table, over the table loader ``tables``."""

    def __init__(self, tables: TableLoader, *, budget: float = BUDGET) -> None:
        self.tables = tables
        #: Seconds one review may spend (see :data:`BUDGET`).
        self.budget = budget

    @_guarded
    def review(self, channel: str, user: str, table_id: int | None = None) -> Reply[ReviewData]:
        """The caller's review of a finished table of ``channel`` (default: the channel's latest).

        ``Reply.private`` (the caller's language): a heading, one line per key moment (its round or
        move number, what the caller did, what would have been better and the difference in %) and
        the mean winning chance lost per decision. ``data`` (:class:`~bot.host.data.ReviewData`):
        the same as numbers (chances 0–1), each moment with its replay position. Refused for a
        table of another channel, a game that is not over, a caller who did not play it, and a game
        without an evaluation.
        """
        channel, user = _clean(channel, "channel id"), _clean(user, "user id")
        with self.tables.store.unit_of_work(write=False) as repo:
            table = self.tables.chosen(repo, channel, table_id)
            seats = repo.seats(table.id)
            moves = repo.moves(table.id)
            if table.status == FINISHED:
                self.tables.use_data(repo, table)
        if table.status != FINISHED:
            raise Refusal(_("A game is reviewed once it is over."), table.version)
        me = _seat_of(seats, user)
        if me is None:
            raise Refusal(_("You did not play at this table; a review tells a player their own moves."),
                          table.version)
        game = self.tables.game(table.game)
        if registry.evaluation(game) is None:
            raise Refusal(_("{game} has no evaluation, so its games are not reviewed.", game=_title(table.game)),
                          table.version)
        notations = [m.notation for m in effective_moves(moves)]
        review = review_game(game, stored_options(game, table.options), table.seed or 0, notations, me.seat,
                             budget=self.budget)
        rows = [self._row(m) for m in review.moments]
        return Reply(ok=True, private="\n".join(self._lines(review, rows, table.game)), version=table.version,
                     data=ReviewData(table_id=table.id, seat=me.seat, decisions=review.decisions,
                                     mean_loss=review.mean_loss, moments=rows))

    @staticmethod
    def _row(moment: Moment) -> MomentRow:
        """One key moment in words (current language) and numbers."""
        chosen, best = str(tr(moment.chosen.label)), str(tr(moment.best.label))
        when = (_("Round {round}", round=moment.round) if moment.round is not None
                else _("Move {index}", index=moment.position + 1))
        line = _("{when}: you chose “{chosen}” ({before}); “{best}” was better ({after}), "
                 "{loss} more winning chance.", when=when, chosen=chosen, before=percent(moment.chosen.chance),
                 best=best, after=percent(moment.best.chance), loss=percent(moment.loss))
        return {"position": moment.position, "round": moment.round, "chosen": chosen, "best": best,
                "chosen_chance": round(moment.chosen.chance, 4), "best_chance": round(moment.best.chance, 4),
                "loss": round(moment.loss, 4), "line": line}

    @staticmethod
    def _lines(review: Review, rows: list[MomentRow], game: str) -> list[str]:
        """The review told: a heading, the moments numbered, the summary."""
        lines = [_("{game}: your key moments", game=_title(game))]
        if rows:
            lines += [f"{n}. {row['line']}" for n, row in enumerate(rows, start=1)]
        else:
            lines.append(_("None of your moves gave away winning chance against the best alternative."))
        lines.append(_("On average you gave away {loss} winning chance per decision ({count} decisions judged).",
                       loss=percent(review.mean_loss), count=review.decisions))
        return lines
