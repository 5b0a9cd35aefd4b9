"""Ratings per game with openskill's Plackett–Luce model (docs/records.md, "Ratings").

Every finished game with two or more seats updates the ratings of its seats' players in the
same unit of work as its results: each seat is a team of one, ranked by its place (equal places
are a tie). Human players are keyed by their user id; bots added to the table by ``bot:<level>``,
so a bot level carries a rating like anyone (rows written under a level's older name, ``bot:greedy``
or ``bot:search``, count as ``bot:medium`` and ``bot:hard``). When one key holds several seats of a
game (two ``medium`` bots) every seat is rated from the same prior and the key gets the mean of their new
values. Solo games against an automa never touch the ratings.

The ratings are a function of the results: :func:`rerate` recomputes them all, in the order the
games finished (then by table id), and gives the values the live updates gave.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from openskill.models import PlackettLuce
from sqlalchemy import bindparam, delete, select, update
from sqlalchemy.dialects.postgresql import insert as pg_insert
from sqlalchemy.dialects.sqlite import insert as sqlite_insert
from sqlalchemy.orm import Session

from ..sqlcore import core_table
from .models import GameResult, PlayerRating, canonical_key

#: The model every rating uses (openskill's defaults: μ = 25, σ = 25/3).
MODEL = PlackettLuce()
RATING = core_table(PlayerRating)
RESULT = core_table(GameResult)


@dataclass(frozen=True, slots=True)
class RatingRec:
    """A player's rating in a game: ``mu`` (skill), ``sigma`` (uncertainty), rated ``games``."""

    game: str
    player: str
    mu: float
    sigma: float
    games: int

    @property
    def ordinal(self) -> float:
        """The conservative estimate ``mu - 3 sigma`` leaderboards sort by."""
        return self.mu - 3 * self.sigma


def new_ratings(
    priors: dict[str, tuple[float, float]], seats: Sequence[tuple[str, int]]
) -> dict[str, tuple[float, float]]:
    """The ratings after one game: ``priors`` maps each key to ``(mu, sigma)`` (missing: the
    model's default), ``seats`` lists ``(key, place)`` per seat (place 1 = winner; equal places
    tie). Returns ``{key: (mu, sigma)}`` for every key of ``seats``. Pure; raises ``ValueError``
    for fewer than two seats."""
    if len(seats) < 2:
        raise ValueError("a rated game needs two or more seats")
    teams = []
    for key, _place in seats:
        mu, sigma = priors.get(key, (MODEL.mu, MODEL.sigma))
        teams.append([MODEL.rating(mu=mu, sigma=sigma)])
    rated = MODEL.rate(teams, ranks=[float(place) for _key, place in seats])
    sums: dict[str, list[float]] = defaultdict(lambda: [0.0, 0.0, 0.0])
    for (key, _place), team in zip(seats, rated, strict=True):
        acc = sums[key]
        acc[0] += team[0].mu
        acc[1] += team[0].sigma
        acc[2] += 1
    return {key: (mu / n, sigma / n) for key, (mu, sigma, n) in sums.items()}


def rate_game(session: Session, game: str, seats: Sequence[tuple[str, int]], when: datetime,
              *, lock: bool = False) -> dict[str, tuple[float, float]]:
    """Update the stored ratings of ``game`` for one finished game (``seats``: ``(key, place)``).

    Missing rows are inserted first (``INSERT … ON CONFLICT DO NOTHING``, so two games finishing at
    once never fail), then read — with ``lock`` (a PostgreSQL writing unit) ``FOR UPDATE``, so
    concurrent games of the same players queue up — and written back. Returns the new values.
    """
    keys = sorted({key for key, _ in seats})
    insert_fn = pg_insert if session.get_bind().dialect.name == "postgresql" else sqlite_insert
    session.execute(
        insert_fn(RATING).values([
            {"game": game, "player": k, "mu": MODEL.mu, "sigma": MODEL.sigma, "games": 0, "updated_at": when}
            for k in keys
        ]).on_conflict_do_nothing(index_elements=["game", "player"])
    )
    query = select(RATING.c.player, RATING.c.mu, RATING.c.sigma, RATING.c.games).where(
        RATING.c.game == game, RATING.c.player.in_(keys)).order_by(RATING.c.player)
    if lock:
        query = query.with_for_update()
    rows = session.execute(query).all()
    priors = {r.player: (r.mu, r.sigma) for r in rows}
    counts = {r.player: r.games for r in rows}
    values = new_ratings(priors, seats)
    session.execute(
        update(RATING).where(RATING.c.game == bindparam("g"), RATING.c.player == bindparam("p"))
        .values(mu=bindparam("m"), sigma=bindparam("s"), games=bindparam("n"), updated_at=bindparam("t")),
        [{"g": game, "p": k, "m": mu, "s": sigma, "n": counts.get(k, 0) + 1, "t": when}
         for k, (mu, sigma) in sorted(values.items())],
    )
    return values


def ratings(session: Session, game: str | None = None, players: Iterable[str] | None = None) -> list[RatingRec]:
    """Stored ratings (of ``game`` and ``players`` when given), best ordinal first."""
    query = select(RATING)
    if game is not None:
        query = query.where(RATING.c.game == game)
    if players is not None:
        query = query.where(RATING.c.player.in_(list(players)))
    recs = [RatingRec(r.game, r.player, r.mu, r.sigma, r.games) for r in session.execute(query)]
    return sorted(recs, key=lambda r: (-r.ordinal, r.player))


def rerate(session: Session, game: str | None = None) -> int:
    """Recompute the ratings (of ``game``, or all) from the results table; returns how many games
    were rated. Deterministic: games in order of ``finished_at`` then table id. A bot level's rows
    under its older name are rated as its canonical level (:func:`~bot.records.models.canonical_key`)."""
    query = select(RESULT.c.table_id, RESULT.c.game, RESULT.c.user_id, RESULT.c.place, RESULT.c.finished_at,
                   RESULT.c.players).where(RESULT.c.players >= 2)
    if game is not None:
        query = query.where(RESULT.c.game == game)
    games: dict[int, dict[str, Any]] = {}
    for row in session.execute(query.order_by(RESULT.c.finished_at, RESULT.c.table_id, RESULT.c.seat)):
        entry = games.setdefault(row.table_id, {"game": row.game, "when": row.finished_at, "seats": []})
        entry["seats"].append((canonical_key(row.user_id), row.place))
    state: dict[tuple[str, str], list[Any]] = {}
    rated = 0
    for entry in games.values():
        if len(entry["seats"]) < 2:
            continue
        g = entry["game"]
        priors = {k: (state[(g, k)][0], state[(g, k)][1]) for k, _ in entry["seats"] if (g, k) in state}
        for key, (mu, sigma) in new_ratings(priors, entry["seats"]).items():
            old = state.get((g, key))
            state[(g, key)] = [mu, sigma, (old[2] if old else 0) + 1, entry["when"]]
        rated += 1
    wipe = delete(RATING) if game is None else delete(RATING).where(RATING.c.game == game)
    session.execute(wipe)
    if state:
        session.execute(RATING.insert(), [
            {"game": g, "player": k, "mu": v[0], "sigma": v[1], "games": v[2], "updated_at": v[3]}
            for (g, k), v in sorted(state.items())
        ])
    return rated
