"""Players' records as host use cases: ``stats``, ``leaderboard``, ``forget``, and the back-fill and
re-rating of the terminal's ``meiji records`` (docs/records.md).

Like :class:`~bot.host.Host`, every public call takes plain ids and a keyword-only ``lang`` and
returns a :class:`~bot.host.core.Reply`; bad input is a refusal that changes nothing. All texts are
in the caller's language (they are private answers; a front end may post them on request).
The figures come from :mod:`bot.records`; this module checks input, pages and words them.
"""

from __future__ import annotations

import contextvars
import math
import os
from collections.abc import Callable, Mapping
from datetime import datetime, timedelta
from typing import Any

from babel.dates import format_date
from babel.numbers import format_decimal, format_percent
from sqlalchemy import exists, select

from engine.core import game_info, get_game
from engine.core.i18n import current, tr
from engine.core.registry import game_names, solo_opponent

from ..records import queries, ratings
from ..records.models import BOT_KEY, GameResult, canonical_key
from ..records.results import forget, forgotten_since, is_bot_key, player_key, record_finished, term_msg
from ..store import FINISHED, GameTable, Store, utcnow
from ..words import T, _, _n
from .base import TableLoader
from .core import BOT_LEVEL_WORDS, Refusal, Reply, _clean, _guarded, _title, log
from .data import ForgetData, LeaderboardData, StatsData

#: Leaderboard periods: id → days back (``None``: all time).
PERIODS: Mapping[str, int | None] = {"all": None, "week": 7, "month": 30, "year": 365}
#: Words for the periods.
PERIOD_WORDS = {
    "all": T("leaderboard period", "all time"),
    "week": T("leaderboard period", "the last 7 days"),
    "month": T("leaderboard period", "the last 30 days"),
    "year": T("leaderboard period", "the last 365 days"),
}
#: Environment variable with the fewest finished games a leaderboard lists a player with.
MIN_GAMES_ENV = "MEIJI_LEADERBOARD_MIN_GAMES"
DEFAULT_MIN_GAMES = 3
#: Lines per leaderboard page, and games listed under "last games".
PAGE_SIZE = 10
LAST_GAMES = 5
#: Words for the usual solo difficulty ids (others are shown as they are).
DIFFICULTY_WORDS = {"easy": T("difficulty", "easy"), "medium": T("difficulty", "medium"),
                    "hard": T("difficulty", "hard")}
#: Words for the bot levels on the leaderboard's footer and in ``/stats`` (older names included).
BOT_WORDS = BOT_LEVEL_WORDS


def min_games_setting(value: Any = None) -> int:
    """The leaderboard's minimum of finished games: ``value``, else ``MEIJI_LEADERBOARD_MIN_GAMES``,
    else 3. Raises ``ValueError`` for anything but a whole number from 1 to 1000."""
    raw = value if value is not None else (os.environ.get(MIN_GAMES_ENV) or "").strip() or DEFAULT_MIN_GAMES
    number = int(raw)
    if not 1 <= number <= 1000:
        raise ValueError(f"{MIN_GAMES_ENV} must be from 1 to 1000, not {number}")
    return number


def _num(value: float, digits: int = 1) -> str:
    return format_decimal(round(value, digits), format="#,##0." + "0" * digits if digits else "#,##0",
                          locale=current())


def _pct(value: float) -> str:
    return format_percent(value, format="#,##0%", locale=current())


def _rating(r: ratings.RatingRec | None) -> str:
    if r is None:
        return _("not rated yet")
    return _("{mu} ± {sigma}", mu=_num(r.mu), sigma=_num(r.sigma))


def _bot_name(key: str) -> str:
    level = canonical_key(key)[len(BOT_KEY):]
    word = BOT_WORDS.get(level)
    return _("bot ({level})", level=tr(word) if word is not None else level)


class RecordsService:
    """``stats``, ``leaderboard`` and ``forget`` over a :class:`~bot.store.Store` (see the module).

    ``min_games`` is the leaderboard's minimum (default :func:`min_games_setting`); ``clock`` gives
    the current UTC time (for the periods; tests pass their own).
    """

    def __init__(self, store: Store, *, min_games: int | None = None, page_size: int = PAGE_SIZE,
                 clock: Callable[[], datetime] = utcnow) -> None:
        self.store = store
        self.min_games = min_games_setting(min_games)
        self.page_size = page_size
        self.clock = clock

    # --- input ------------------------------------------------------------------------------
    @staticmethod
    def _game(name: str | None) -> str | None:
        if name is None or not str(name).strip():
            return None
        key = str(name).strip().lower()
        try:
            return get_game(key).name
        except KeyError:
            raise Refusal(_("Unknown game '{name}' (known: {known}).", name=str(name)[:40],
                            known=", ".join(game_names()))) from None

    def _since(self, period: str) -> datetime | None:
        key = str(period or "all").strip().lower()
        if key not in PERIODS:
            raise Refusal(_("Unknown period '{period}' (known: {known}).", period=str(period)[:20],
                            known=", ".join(PERIODS)))
        days = PERIODS[key]
        return None if days is None else self.clock() - timedelta(days=days)

    # --- names ------------------------------------------------------------------------------
    def resolve_user(self, text: str) -> list[str]:
        """The player ids ``text`` may mean: an id as stored (``seat1``, a Discord id), else the
        name a table shows (any case: ``Anna``, a terminal seat's ``Seat 1`` in any language).
        Empty: nobody; several: the name is ambiguous (the caller lists them)."""
        with self.store.unit_of_work(write=False) as repo:
            found = queries.users_named(repo.session, text)
        if found:
            return found
        from engine.core.i18n import LANGUAGES, language

        key = text.strip().casefold()
        for lang in LANGUAGES:  # a terminal seat's name, typed in any language
            with language(lang):
                for n in range(1, 7):
                    if _("Seat {n}", n=n).casefold() == key:
                        return [f"seat{n}"]
        return []

    # --- /stats -------------------------------------------------------------------------------
    @_guarded
    def stats(self, user: str, game: str | None = None, *, name: str | None = None) -> Reply[StatsData]:
        """The records of ``user`` (in ``game``, or every game they finished): games, wins, win rate,
        mean and best score, rating (μ ± σ) per game, solo games apart, and the last games.
        ``name`` is how to call them (default: their name in their latest game).
        ``data.stats`` holds the :class:`~bot.records.queries.UserStats`."""
        user = _clean(user, "user id")
        wanted = self._game(game)
        with self.store.unit_of_work(write=False) as repo:
            found = queries.user_stats(repo.session, user, wanted, LAST_GAMES)
            bots = {g.game: queries.bot_ratings(repo.session, g.game) for g in found.games}
        who = name or found.name or user
        if not found.games and not found.solo:
            if wanted:
                text = _("{name} has no finished {game} games yet.", name=who, game=_title(wanted))
            else:
                text = _("{name} has no finished games yet.", name=who)
            return Reply(ok=True, private=text, data=StatsData(stats=found))
        lines = [_("Records of {name}", name=who)]
        for g in found.games:
            lines.append(f"**{_title(g.game)}**")
            if g.games:
                lines.append("• " + _n("{n} game", "{n} games", g.games) + " · " +
                             _n("{n} win", "{n} wins", g.wins) + f" ({_pct(g.win_rate)})")
                lines.append("• " + _("mean score {mean}, best {best}", mean=_num(g.mean_score or 0),
                                      best=_num(g.best_score or 0, 0)))
            lines.append("• " + _("rating {rating}", rating=_rating(g.rating)))
            if g.abandoned:
                lines.append("• " + _n("{n} game abandoned", "{n} games abandoned", g.abandoned))
            levels = bots.get(g.game) or []
            if levels:
                lines.append("• " + _("bots: {list}", list=", ".join(
                    f"{_bot_name(b.player)} {_rating(b)}" for b in levels)))
        for s in found.solo:
            solo = solo_opponent(get_game(s.game)) if s.game in game_names() else None
            opponent = solo.solo_opponent if solo is not None else None
            lines.append("**" + _("{game} solo against {opponent}", game=_title(s.game),
                                  opponent=tr(opponent) if opponent else _("the automated opponent")) + "**")
            lines.append("• " + _n("{n} game", "{n} games", s.games) + " · " +
                         _n("{n} won", "{n} won", s.wins) + f" ({_pct(s.win_rate)})")
            if s.best_difficulty:
                word = DIFFICULTY_WORDS.get(s.best_difficulty)
                lines.append("• " + _("hardest difficulty won: {level}",
                                      level=tr(word) if word is not None else s.best_difficulty))
            if s.best_rating:
                lines.append("• " + _("best rating reached: {rating} ({score} points)",
                                      rating=tr(term_msg(s.best_rating)), score=_num(s.best_score or 0, 0)))
        if found.last:
            lines.append("**" + _("Last games") + "**")
            for r in found.last:
                day = format_date(r.finished_at.date(), format="medium", locale=current())
                if r.players == 1:
                    place = _("solo, won") if (r.solo or {}).get("won") else _("solo, lost")
                else:
                    place = _("place {place} of {players}", place=r.place, players=r.players)
                lines.append("• " + _("{date} · {game} · {place} · {score} points · table #{table}", date=day,
                                      game=_title(r.game), place=place, score=_num(r.score, 0), table=r.table_id))
        return Reply(ok=True, private="\n".join(lines), data=StatsData(stats=found))

    # --- /leaderboard -------------------------------------------------------------------------
    def candidates(self, game: str, guild: str | None, period: str = "all") -> list[str]:
        """The user ids a leaderboard of ``game`` in ``guild`` could list (before the member check),
        so a front end can look up which are members; empty for a game or period it would refuse."""
        try:
            wanted, since = self._game(game), self._since(period)
        except Refusal:
            return []
        if wanted is None:
            return []
        with self.store.unit_of_work(write=False) as repo:
            return queries.candidates(repo.session, wanted, guild, since=since, min_games=self.min_games)

    @_guarded
    def leaderboard(self, game: str, guild: str | None, period: str = "all", page: int = 1,
                    members: Mapping[str, str] | None = None) -> Reply[LeaderboardData]:
        """Page ``page`` (from 1) of the ``game`` leaderboard of server ``guild`` (``None``: every
        table) over ``period`` (:data:`PERIODS`): the players with at least ``min_games`` finished
        games there, best rating (μ − 3σ) first. ``members`` (user id → display name) keeps only the
        server's members; ``None`` lists everyone (the terminal). ``data``: ``page``, ``pages``,
        ``rows`` (:class:`~bot.records.queries.LeaderRow`)."""
        wanted = self._game(game)
        if wanted is None:
            raise Refusal(_("Name the game of the leaderboard (known: {known}).", known=", ".join(game_names())))
        since = self._since(period)
        key = str(period or "all").strip().lower()
        if not isinstance(page, int) or isinstance(page, bool) or page < 1:
            raise Refusal(_("Pages are numbered from 1."))
        with self.store.unit_of_work(write=False) as repo:
            rows = queries.leaderboard(repo.session, wanted, guild, since=since, min_games=self.min_games,
                                       members=members)
            bots = queries.bot_ratings(repo.session, wanted)
        pages = max(1, math.ceil(len(rows) / self.page_size))
        if page > pages:
            raise Refusal(_n("There is no page {page}: the leaderboard has {n} page.",
                             "There is no page {page}: the leaderboard has {n} pages.", pages, page=page))
        shown = rows[(page - 1) * self.page_size: page * self.page_size]
        title = _("{game} leaderboard ({period})", game=_title(wanted), period=tr(PERIOD_WORDS[key]))
        lines = [f"**{title}**" + (" — " + _("page {page} of {pages}", page=page, pages=pages) if pages > 1 else "")]
        if not rows:
            lines.append(_n("Nobody has finished {n} game of {game} here yet.",
                            "Nobody has finished {n} games of {game} here yet.", self.min_games,
                            game=_title(wanted)))
        for rank, row in enumerate(shown, start=(page - 1) * self.page_size + 1):
            lines.append(_("{rank}. {name} — rating {rating} · {games} · {wins} ({rate}) · mean score {mean}",
                           rank=rank, name=row.name, rating=_rating(row.rating),
                           games=_n("{n} game", "{n} games", row.games), wins=_n("{n} win", "{n} wins", row.wins),
                           rate=_pct(row.win_rate), mean=_num(row.mean_score)))
        footer = _n("Players with at least {n} finished game here.", "Players with at least {n} finished games here.",
                    self.min_games)
        if bots:
            footer += " " + _("Bots: {list}.", list=", ".join(f"{_bot_name(b.player)} {_rating(b)}" for b in bots))
        lines.append(footer)
        return Reply(ok=True, private="\n".join(lines), data=LeaderboardData(page=page, pages=pages, rows=shown))

    # --- /stats forget ------------------------------------------------------------------------
    @_guarded
    def forget(self, user: str) -> Reply[ForgetData]:
        """Delete every result and rating of ``user`` (after the front end's confirmation); a later
        back-fill leaves their older games out. ``data.deleted``: rows deleted."""
        user = _clean(user, "user id")
        if is_bot_key(user):
            raise Refusal(_("Bots' records can't be forgotten."))
        with self.store.unit_of_work() as repo:
            deleted = forget(repo, user)
            repo.commit()
        return Reply(ok=True, private=_("Your results and ratings are deleted; finished games from now on count "
                                        "again."), data=ForgetData(deleted=deleted))

    # --- terminal: back-fill and re-rating ----------------------------------------------------
    def backfill(self, progress: Callable[[int], None] | None = None) -> tuple[int, int]:
        """Write the results (and rate) every finished game without results, rebuilt from its log,
        oldest first; idempotent. Returns ``(games recorded, games that could not be read)``.
        ``progress`` is called with the number of games to do, then with ``-1`` after each game
        (a front end's progress bar)."""
        result = GameResult.metadata.tables[GameResult.__tablename__]
        table = GameTable.metadata.tables[GameTable.__tablename__]
        with self.store.unit_of_work(write=False) as repo:
            ids = list(repo.session.execute(
                select(table.c.id).where(table.c.status == FINISHED,
                                         ~exists().where(result.c.table_id == table.c.id))
                .order_by(table.c.updated_at, table.c.id)).scalars())
        core = TableLoader(self.store)
        done = failed = 0
        if progress is not None:
            progress(len(ids))
        for table_id in ids:
            try:
                if contextvars.copy_context().run(self._backfill_one, core, table_id):
                    done += 1
            except Exception as exc:  # a log that no longer replays: leave it, say so
                log.warning("records back-fill: table %s skipped: %s", table_id, getattr(exc, "reason", exc))
                failed += 1
            if progress is not None:
                progress(-1)
        return done, failed

    @staticmethod
    def _backfill_one(core: TableLoader, table_id: int) -> bool:
        with core.store.unit_of_work() as repo:
            table = repo.table(table_id)
            if table is None or table.status != FINISHED:
                return False
            game = get_game(table.game)
            state = core.state(repo, table, game)
            leave_out = set()
            for seat in repo.seats(table.id):
                since = forgotten_since(repo, player_key(seat))
                if since is not None and since >= table.updated_at:
                    leave_out.add(player_key(seat))
            rows = record_finished(repo, table, game, state, finished_at=table.updated_at, leave_out=leave_out)
            repo.commit()
        return bool(rows)

    def rerate(self, game: str | None = None) -> int:
        """Recompute the ratings (of ``game``, or all) from the results; returns the games rated."""
        with self.store.unit_of_work() as repo:
            count = ratings.rerate(repo.session, game)
            repo.commit()
        return count


def known_game_titles() -> dict[str, str]:
    """Every installed game's id and published title (for front ends' menus)."""
    return {name: game_info(get_game(name)).title for name in game_names()}
