"""Statistics and leaderboards from the results and ratings tables, as plain data.

Only finished games count (abandoned tables have no results). Multiplayer figures (games, wins,
scores, ratings) come from games of two or more seats; solo games against an automa are kept
apart (:class:`SoloStats`). Bots are never on a leaderboard; their ratings are listed apart
(:func:`bot_ratings`).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy import and_, case, exists, func, not_, select
from sqlalchemy.orm import Session

from engine.core import game_info, get_game

from ..sqlcore import core_table
from ..store import ABANDONED, GameTable, Move, Seat
from .models import BOT_KEY, GameResult, PlayerRating, canonical_key
from .ratings import RatingRec
from .results import ResultRec, to_rec

RESULT = core_table(GameResult)
RATING = core_table(PlayerRating)
GAME_TABLE, SEAT, MOVE = core_table(GameTable), core_table(Seat), core_table(Move)
#: Up to this many members the leaderboard's member filter runs in SQL (an ``IN`` list), beyond in Python.
MAX_IN_SQL = 1000


@dataclass(frozen=True, slots=True)
class GameStats:
    """A player's multiplayer figures in one game (``mean_score`` is ``None`` without games)."""

    game: str
    games: int
    wins: int
    mean_score: float | None
    best_score: int | None
    rating: RatingRec | None
    abandoned: int = 0

    @property
    def win_rate(self) -> float:
        """Wins per finished game (0 without games)."""
        return self.wins / self.games if self.games else 0.0


@dataclass(frozen=True, slots=True)
class SoloStats:
    """A player's solo games against a game's automa: games, wins, the hardest difficulty won
    (``None``: none won) and the best rating reached (term data, see
    :func:`bot.records.results.term_msg`) with its score."""

    game: str
    games: int
    wins: int
    best_difficulty: str | None
    best_rating: Any
    best_score: int | None

    @property
    def win_rate(self) -> float:
        """Wins per solo game (0 without games)."""
        return self.wins / self.games if self.games else 0.0


@dataclass(frozen=True, slots=True)
class UserStats:
    """Everything ``/stats`` shows of one user: per-game figures, solo figures, last games."""

    user: str
    name: str | None
    games: tuple[GameStats, ...]
    solo: tuple[SoloStats, ...]
    last: tuple[ResultRec, ...]


@dataclass(frozen=True, slots=True)
class LeaderRow:
    """One line of a leaderboard: a user's figures in the period and their rating."""

    user: str
    name: str
    games: int
    wins: int
    mean_score: float
    best_score: int
    rating: RatingRec | None

    @property
    def win_rate(self) -> float:
        """Wins per game in the period."""
        return self.wins / self.games if self.games else 0.0

    @property
    def ordinal(self) -> float:
        """The sort key: the rating's ``mu - 3 sigma`` (unrated: below everyone)."""
        return self.rating.ordinal if self.rating is not None else float("-inf")


def user_stats(session: Session, user: str, game: str | None = None, last: int = 5) -> UserStats:
    """The figures of ``user`` (in ``game``, or every game played), with the ``last`` games."""
    where = [RESULT.c.user_id == user]
    if game is not None:
        where.append(RESULT.c.game == game)
    multi = session.execute(
        select(RESULT.c.game, func.count(), func.sum(case((RESULT.c.place == 1, 1), else_=0)),
               func.avg(RESULT.c.score), func.max(RESULT.c.score))
        .where(*where, RESULT.c.players >= 2).group_by(RESULT.c.game).order_by(RESULT.c.game)
    ).all()
    rated = {r.game: RatingRec(r.game, r.player, r.mu, r.sigma, r.games) for r in session.execute(
        select(RATING).where(RATING.c.player == user, *([RATING.c.game == game] if game else [])))}
    abandoned = _abandoned(session, user, game)
    games = [GameStats(g, n, int(w or 0), float(m) if m is not None else None, b, rated.get(g), abandoned.get(g, 0))
             for g, n, w, m, b in multi]
    for g in sorted(set(abandoned) - {s.game for s in games}):
        games.append(GameStats(g, 0, 0, None, None, rated.get(g), abandoned[g]))
    solo_rows = session.execute(
        select(RESULT.c.game, RESULT.c.score, RESULT.c.solo).where(*where, RESULT.c.players == 1)
        .order_by(RESULT.c.finished_at)).all()
    solo = [_solo_stats(g, [r for r in solo_rows if r.game == g]) for g in sorted({r.game for r in solo_rows})]
    recent = session.execute(select(RESULT).where(*where).order_by(RESULT.c.finished_at.desc(), RESULT.c.id.desc())
                             .limit(max(0, last))).all()
    name = recent[0].name if recent else None
    return UserStats(user, name, tuple(games), tuple(solo), tuple(to_rec(r) for r in recent))


def users_named(session: Session, name: str) -> list[str]:
    """The player ids stored under ``name`` (any case): the id itself when it has a seat or a result,
    else every id whose name at a table (its seats, its results) is ``name``; sorted."""
    key = name.strip()
    ids = {r for (r,) in session.execute(select(RESULT.c.user_id).where(RESULT.c.user_id == key).limit(1))}
    ids |= {r for (r,) in session.execute(select(SEAT.c.user_id).where(SEAT.c.user_id == key).limit(1))}
    if ids:
        return sorted(ids)
    low = key.casefold()
    ids = {r for (r,) in session.execute(select(RESULT.c.user_id).where(func.lower(RESULT.c.name) == low).distinct())}
    ids |= {r for (r,) in session.execute(select(SEAT.c.user_id).where(func.lower(SEAT.c.user_name) == low).distinct())}
    return sorted(ids)


def _abandoned(session: Session, user: str, game: str | None) -> dict[str, int]:
    """Started games abandoned with ``user`` seated, per game (from the tables' status)."""
    t, s, m = GAME_TABLE, SEAT, MOVE
    query = (select(t.c.game, func.count()).select_from(t.join(s, s.c.table_id == t.c.id))
             .where(s.c.user_id == user, t.c.status == ABANDONED,
                    exists().where(m.c.table_id == t.c.id, m.c.kind.in_(("choice", "chance"))))
             .group_by(t.c.game))
    if game is not None:
        query = query.where(t.c.game == game)
    return {g: int(n) for g, n in session.execute(query)}


def _solo_stats(game: str, rows: list[Any]) -> SoloStats:
    levels = _solo_levels(game)
    won = [r for r in rows if (r.solo or {}).get("won")]
    hardest = max((str((r.solo or {}).get("difficulty")) for r in won),
                  key=lambda d: levels.index(d) if d in levels else -1, default=None)
    best = max(won, key=lambda r: r.score, default=None)
    return SoloStats(game, len(rows), len(won), hardest, (best.solo or {}).get("rating") if best else None,
                     best.score if best else None)


def _solo_levels(game: str) -> tuple[str, ...]:
    try:
        return game_info(get_game(game)).solo_levels
    except KeyError:
        return ()


def leaderboard(session: Session, game: str, guild: str | None, *, since: datetime | None = None,
                min_games: int = 3, members: Mapping[str, str] | None = None) -> list[LeaderRow]:
    """The players of ``game`` with at least ``min_games`` finished multiplayer games (in the
    server ``guild``; ``None``: everywhere) since ``since``, best rating first (then wins).

    ``members`` (user id → display name) keeps only the server's members and names them; ``None``
    keeps everyone under their stored names. Bots are never listed.
    """
    where = [RESULT.c.game == game, RESULT.c.players >= 2, not_(RESULT.c.user_id.startswith(BOT_KEY))]
    if guild is not None:
        where.append(RESULT.c.guild == guild)
    if since is not None:
        where.append(RESULT.c.finished_at >= since)
    if members is not None and len(members) <= MAX_IN_SQL:
        where.append(RESULT.c.user_id.in_(list(members)))  # a larger server is filtered below
    # aggregate first, then look the ratings of the remaining players up (one index probe each)
    agg = (
        select(RESULT.c.user_id.label("user_id"), func.max(RESULT.c.name).label("name"), func.count().label("n"),
               func.sum(case((RESULT.c.place == 1, 1), else_=0)).label("wins"),
               func.avg(RESULT.c.score).label("mean"), func.max(RESULT.c.score).label("best"))
        .where(*where).group_by(RESULT.c.user_id).having(func.count() >= max(1, min_games))
    ).subquery()
    query = select(agg.c.user_id, agg.c.name, agg.c.n, agg.c.wins, agg.c.mean, agg.c.best,
                   RATING.c.mu, RATING.c.sigma, RATING.c.games).select_from(
        agg.outerjoin(RATING, and_(RATING.c.game == game, RATING.c.player == agg.c.user_id)))
    rows = []
    for user, name, n, wins, mean, best, mu, sigma, rated in session.execute(query):
        if members is not None and user not in members:
            continue
        rating = RatingRec(game, user, mu, sigma, rated) if mu is not None else None
        shown = members[user] if members is not None else name
        rows.append(LeaderRow(user, shown, int(n), int(wins or 0), float(mean), int(best), rating))
    return sorted(rows, key=lambda r: (-r.ordinal, -r.wins, r.user))


def candidates(session: Session, game: str, guild: str | None, *, since: datetime | None = None,
               min_games: int = 3) -> list[str]:
    """The user ids :func:`leaderboard` would list before the member filter (for a front end to
    look up which of them are members)."""
    return [r.user for r in leaderboard(session, game, guild, since=since, min_games=min_games)]


def bot_ratings(session: Session, game: str) -> list[RatingRec]:
    """The ratings of the bot levels in ``game``, best first, keyed by the canonical level: a rating
    stored under a level's older name (``bot:greedy``, from before ``meiji records rerate``) reads as
    its level's (``bot:medium``); when both are stored, the one of more games counts."""
    rows = session.execute(select(RATING).where(RATING.c.game == game, RATING.c.player.startswith(BOT_KEY)))
    best: dict[str, RatingRec] = {}
    for r in rows:
        rec = RatingRec(r.game, canonical_key(r.player), r.mu, r.sigma, r.games)
        if rec.player not in best or rec.games > best[rec.player].games:
            best[rec.player] = rec
    return sorted(best.values(), key=lambda r: (-r.ordinal, r.player))
