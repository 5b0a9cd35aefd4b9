"""Players' records: results written with the final move, ratings, stats, leaderboards, forget,
back-fill (docs/records.md). Every test with a store runs on SQLite and, when given, PostgreSQL."""

from __future__ import annotations

from collections import defaultdict
from typing import Any

import pytest
from fakegame import GAME
from hosthelpers import dump
from sqlalchemy import delete, select, text

from bot.host import Host
from bot.host.records import RecordsService, min_games_setting
from bot.records import ratings
from bot.records.models import GameResult, PlayerRating, RecordsForgotten
from bot.records.results import user_hash
from bot.store import Store

pytestmark = pytest.mark.all_databases

GUILD = "g-1"
RESULT, RATING = GameResult.__table__, PlayerRating.__table__


def drive(host: Host, channel: str, limit: int = 3000) -> None:
    """Play the table at ``channel`` to its end: bots through ``bot_step``, people spend one pip
    at a time then bank."""
    for _ in range(limit):
        data = host.status(channel).data
        assert data is not None
        if data.status != "running":
            return
        user = data.to_act
        if str(user).startswith("bot:"):
            reply = host.bot_step(channel)
        else:
            choices = [n for n, _ in host.legal(channel, user).choices]
            reply = host.move(channel, user, "move 1" if "move 1" in choices else "bank")
        assert reply.ok, reply.private
    raise AssertionError("the game did not end")


def bot_game(host: Host, channel: str, people: list[str], bots: list[str], seed: int,
             guild: str | None = GUILD) -> None:
    """A finished dice race with ``people`` (u-ids; the first opens it) and bots of ``bots`` levels."""
    first, *others = people
    reply = host.new_table(channel, first, first.upper(), GAME.name, {"players": len(people) + len(bots)}, seed,
                           guild=guild)
    assert reply.ok, reply.private
    for user in others:
        assert host.join(channel, user, user.upper()).ok
    for level in bots:
        assert host.add_bot(channel, first, level).ok
    assert host.start(channel, first).ok
    drive(host, channel)


#: Ten games on one server: who sits, which bots, which seed.
TEN = [
    (["u1", "u2"], ["medium"], 1), (["u1", "u3"], ["medium"], 2), (["u2", "u3"], ["hard"], 3),
    (["u1", "u2", "u3"], [], 4), (["u1"], ["medium", "medium"], 5), (["u2", "u4"], [], 6),
    (["u1", "u4"], ["medium"], 7), (["u3", "u4"], ["medium"], 8), (["u1", "u2"], [], 9),
    (["u2", "u3", "u4"], ["medium"], 10),
]


@pytest.fixture
def ten(store: Store) -> Host:
    """A host whose store holds the ten finished games of :data:`TEN`."""
    host = Host(store)
    for n, (people, bots, seed) in enumerate(TEN):
        bot_game(host, f"c{n}", people, bots, seed)
    return host


def hand_count(store: Store) -> dict[str, dict[str, Any]]:
    """Per user, counted by hand from the raw rows of the results table."""
    counts: dict[str, dict[str, Any]] = defaultdict(lambda: {"games": 0, "wins": 0, "scores": []})
    with store.engine.connect() as conn:
        rows = conn.execute(text("SELECT user_id, place, score, players FROM game_result")).all()
    for user, place, score, players in rows:
        if players >= 2:
            c = counts[user]
            c["games"] += 1
            c["wins"] += place == 1
            c["scores"].append(score)
    return dict(counts)


def test_ten_bot_games_give_a_leaderboard_and_stats_that_match_a_hand_count(ten: Host, store: Store) -> None:
    with store.engine.connect() as conn:
        assert conn.execute(text("SELECT COUNT(DISTINCT table_id) FROM game_result")).scalar_one() == 10
        seats = conn.execute(text("SELECT COUNT(*) FROM game_result")).scalar_one()
    assert seats == sum(len(p) + len(b) for p, b, _ in TEN)
    counted = hand_count(store)
    records = RecordsService(store, min_games=3, page_size=50)
    members = {"u1": "Ann", "u2": "Bob", "u3": "Cat", "u4": "Dan"}
    reply = records.leaderboard(GAME.name, GUILD, members=members)
    assert reply.ok, reply.private
    rows = reply.data.rows
    listed = {r.user: r for r in rows}
    assert set(listed) == {u for u, c in counted.items() if c["games"] >= 3 and not u.startswith("bot:")}
    for user, row in listed.items():
        c = counted[user]
        assert (row.games, row.wins, row.best_score) == (c["games"], c["wins"], max(c["scores"]))
        assert row.mean_score == pytest.approx(sum(c["scores"]) / len(c["scores"]))
        assert row.name == members[user]
    ordinals = [r.rating.ordinal for r in rows]
    assert ordinals == sorted(ordinals, reverse=True)
    for user, c in counted.items():
        if user.startswith("bot:"):
            continue
        stats = records.stats(user, GAME.name).data.stats
        (g,) = stats.games
        assert (g.games, g.wins, g.best_score) == (c["games"], c["wins"], max(c["scores"]))
        assert g.rating is not None and g.rating.games == c["games"]
        assert len(stats.last) == min(5, c["games"])
    # the bot levels carry ratings too (two medium bots at one table count as one game)
    with store.unit_of_work(write=False) as repo:
        bots = {r.player: r for r in ratings.ratings(repo.session, GAME.name) if r.player.startswith("bot:")}
    assert set(bots) == {"bot:medium", "bot:hard"}
    assert bots["bot:medium"].games == sum(1 for _, b, _ in TEN if "medium" in b)
    assert "bot (medium)" in reply.private


def test_a_leaderboard_lists_only_members_of_the_server(ten: Host, store: Store) -> None:
    records = RecordsService(store, min_games=1)
    everyone = {r.user for r in records.leaderboard(GAME.name, GUILD, members=None).data.rows}
    assert "u4" in everyone and not any(u.startswith("bot:") for u in everyone)
    some = records.leaderboard(GAME.name, GUILD, members={"u1": "Ann", "u2": "Bob"}).data.rows
    assert {r.user for r in some} == {"u1", "u2"}
    # another server's leaderboard has none of these games
    other = records.leaderboard(GAME.name, "g-2", members={"u1": "Ann"})
    assert other.ok and other.data.rows == []
    assert set(records.candidates(GAME.name, GUILD)) == everyone


def test_leaderboard_pages_and_the_minimum_of_games(ten: Host, store: Store) -> None:
    records = RecordsService(store, min_games=1, page_size=2)
    first = records.leaderboard(GAME.name, GUILD)
    assert first.data.pages == 2 and len(first.data.rows) == 2
    second = records.leaderboard(GAME.name, GUILD, page=2)
    assert {r.user for r in first.data.rows}.isdisjoint({r.user for r in second.data.rows})
    strict = RecordsService(store, min_games=7).leaderboard(GAME.name, GUILD)
    counted = hand_count(store)
    assert {r.user for r in strict.data.rows} == {u for u, c in counted.items()
                                                     if c["games"] >= 7 and not u.startswith("bot:")}


def test_out_of_range_options_are_refused_and_change_nothing(ten: Host, store: Store) -> None:
    records = RecordsService(store, min_games=1, page_size=2)
    before = dump(store)
    for call, fragment in [
        (lambda: records.leaderboard("chess", GUILD), "Unknown game"),
        (lambda: records.leaderboard("", GUILD), "Name the game"),
        (lambda: records.leaderboard(GAME.name, GUILD, "decade"), "Unknown period"),
        (lambda: records.leaderboard(GAME.name, GUILD, page=0), "from 1"),
        (lambda: records.leaderboard(GAME.name, GUILD, page=99), "no page 99"),
        (lambda: records.stats("u1", "chess"), "Unknown game"),
        (lambda: records.stats("x" * 500), "too long"),
        (lambda: records.forget("bot:medium"), "Bots"),
    ]:
        reply = call()
        assert not reply.ok and fragment in (reply.private or ""), reply.private
    assert dump(store) == before
    assert records.candidates("chess", GUILD) == []
    with pytest.raises(ValueError):
        min_games_setting(0)
    assert min_games_setting() == 3


def test_forget_leaves_nothing_of_the_user(ten: Host, store: Store) -> None:
    records = RecordsService(store, min_games=1)
    reply = records.forget("u1")
    assert reply.ok and reply.data.deleted > 0
    with store.engine.connect() as conn:
        for table in (RESULT, RATING, RecordsForgotten.__table__):
            for row in conn.execute(select(table)).all():
                assert "u1" not in [str(v) for v in row], (table.name, row)
        assert conn.execute(select(RecordsForgotten.__table__.c.user_hash)).scalars().all() == [user_hash("u1")]
    assert records.stats("u1").data.stats.games == ()
    assert "u1" not in {r.user for r in records.leaderboard(GAME.name, GUILD).data.rows}
    # a back-fill does not bring the old games back
    assert records.backfill() == (0, 0)
    with store.engine.connect() as conn:
        conn.execute(delete(RESULT))
        conn.commit()
    assert records.backfill() == (10, 0)
    with store.engine.connect() as conn:
        assert conn.execute(select(RESULT).where(RESULT.c.user_id == "u1")).all() == []
    # games finished after the request count again
    bot_game(ten, "later", ["u1", "u2"], [], 11)
    assert records.stats("u1").data.stats.games[0].games == 1


def test_the_results_are_written_with_the_final_move_or_not_at_all(store: Store, monkeypatch: Any) -> None:
    host = Host(store)
    reply = host.new_table("c", "u1", "Ann", GAME.name, {"players": 2, "target": 3}, 4, guild=GUILD)
    assert reply.ok and host.join("c", "u2", "Bob").ok and host.start("c", "u1").ok
    calls = {"n": 0}
    real = ratings.rate_game

    def failing(*args: Any, **kwargs: Any) -> Any:
        calls["n"] += 1
        raise RuntimeError("the disk is gone")  # after the result rows, before the commit

    monkeypatch.setattr(ratings, "rate_game", failing)
    for _ in range(500):
        data = host.status("c").data
        user = data.to_act
        before = dump(store)
        choices = [n for n, _ in host.legal("c", user).choices]
        reply = host.move("c", user, "move 1" if "move 1" in choices else "bank")
        if calls["n"]:
            break
        assert reply.ok
    assert calls["n"] == 1 and not reply.ok
    # nothing of that move is in the database: no results, the game still running, the log as it was
    assert dump(store) == before
    assert host.status("c").data.status == "running"
    monkeypatch.setattr(ratings, "rate_game", real)
    assert host.move("c", user, "move 1" if "move 1" in choices else "bank").ok
    assert host.status("c").data.status == "finished"
    with store.engine.connect() as conn:
        assert conn.execute(text("SELECT COUNT(*) FROM game_result")).scalar_one() == 2
        assert conn.execute(text("SELECT COUNT(*) FROM player_rating")).scalar_one() == 2


def test_abandoned_games_are_no_results(store: Store) -> None:
    host = Host(store)
    host.new_table("c", "u1", "Ann", GAME.name, {"players": 2}, 4, guild=GUILD)
    host.join("c", "u2", "Bob")
    host.start("c", "u1")
    assert host.abandon("c", "u1").ok
    with store.engine.connect() as conn:
        assert conn.execute(text("SELECT COUNT(*) FROM game_result")).scalar_one() == 0
        assert conn.execute(text("SELECT status FROM game_table")).scalar_one() == "abandoned"
    stats = RecordsService(store).stats("u1", lang="en")
    (g,) = stats.data.stats.games
    assert (g.games, g.abandoned) == (0, 1)
    assert "1 game abandoned" in stats.private


def test_solo_games_are_kept_apart_from_the_ratings(store: Store) -> None:
    host = Host(store)
    for n in range(3):
        host.new_table(f"s{n}", "u1", "Ann", GAME.name, {"players": 1, "target": 5 + 20 * (n == 2)}, n)
        assert host.start(f"s{n}", "u1").ok
        drive(host, f"s{n}")
    records = RecordsService(store)
    stats = records.stats("u1").data.stats
    assert stats.games == ()
    (solo,) = stats.solo
    with store.engine.connect() as conn:
        wins = sum(bool((s or {}).get("won")) for s in conn.execute(select(RESULT.c.solo)).scalars())
        assert conn.execute(text("SELECT COUNT(*) FROM player_rating")).scalar_one() == 0
    assert (solo.games, solo.wins) == (3, wins)


def test_backfill_rebuilds_the_results_from_the_logs_and_is_idempotent(ten: Host, store: Store) -> None:
    columns = [c for c in RESULT.c if c.name not in ("id", "finished_at")]
    with store.unit_of_work(write=False) as repo:
        live_rows = sorted(tuple(r) for r in repo.session.execute(select(*columns)).all())
        live = {(r.game, r.player): r for r in ratings.ratings(repo.session)}
    with store.engine.connect() as conn:  # a database from before revision 0007
        conn.execute(delete(RESULT))
        conn.execute(delete(RATING))
        conn.commit()
    records = RecordsService(store)
    assert records.backfill() == (10, 0)
    assert records.backfill() == (0, 0)
    with store.unit_of_work(write=False) as repo:
        assert sorted(tuple(r) for r in repo.session.execute(select(*columns)).all()) == live_rows
        again = {(r.game, r.player): r for r in ratings.ratings(repo.session)}
    assert set(again) == set(live)
    for key, r in live.items():
        assert (again[key].mu, again[key].sigma, again[key].games) == pytest.approx((r.mu, r.sigma, r.games))
    # and the ratings are a function of the results
    assert records.rerate() == 10
    with store.unit_of_work(write=False) as repo:
        rerated = {(r.game, r.player): r for r in ratings.ratings(repo.session)}
    for key, r in live.items():
        assert (rerated[key].mu, rerated[key].sigma) == pytest.approx((r.mu, r.sigma))


def test_ties_share_the_rating_update() -> None:
    values = ratings.new_ratings({}, [("a", 1), ("b", 1), ("c", 3)])
    assert values["a"] == pytest.approx(values["b"])
    assert values["a"][0] > 25 > values["c"][0]
    with pytest.raises(ValueError):
        ratings.new_ratings({}, [("a", 1)])


def test_stats_read_well_in_polish_and_russian(ten: Host, store: Store) -> None:
    records = RecordsService(store, min_games=1)
    pl = records.stats("u1", lang="pl").private
    ru = records.leaderboard(GAME.name, GUILD, lang="ru").private
    for text_ in (pl, ru):
        for english in ("games", "wins", "rating", "Last games", "mean score", "leaderboard"):
            assert english not in text_, (english, text_)


def test_the_terminal_commands(tmp_path: Any, capsys: Any) -> None:
    from bot.__main__ import main

    url = f"sqlite:///{tmp_path / 'meiji.db'}"
    store = Store.open(url)
    host = Host(store)
    for n in range(3):
        bot_game(host, f"c{n}", ["u1", "u2"], ["medium"], n, guild=None)
    store.dispose()
    assert main(["stats", "--db", url, "--user", "u1", "--game", GAME.name]) == 0
    out = capsys.readouterr().out
    assert "Records of U1" in out and "3 games" in out and "**" not in out
    assert main(["stats", "--db", url, "--leaderboard", "--game", GAME.name]) == 0
    out = capsys.readouterr().out
    assert "U1" in out and "U2" in out and "bot (medium)" in out
    assert main(["stats", "--db", url, "--leaderboard", "--game", GAME.name, "--page", "5"]) == 2
    assert main(["records", "backfill", "--db", url]) == 0
    assert "0 finished game(s)" in capsys.readouterr().out
    assert main(["records", "rerate", "--db", url]) == 0
    assert "3 rated game(s)" in capsys.readouterr().out


def test_stats_at_the_terminal_take_the_names_the_table_shows_and_lang(tmp_path: Any, capsys: Any) -> None:
    from bot.__main__ import main

    url = f"sqlite:///{tmp_path / 'meiji.db'}"
    store = Store.open(url)
    host = Host(store)
    for n in range(2):
        bot_game(host, f"c{n}", ["u1", "u2"], ["medium"], n, guild=None)
    records = RecordsService(store)
    assert records.resolve_user("u1") == ["u1"]  # an id as stored
    assert records.resolve_user("U2") == ["u2"]  # the name the table shows, any case
    assert records.resolve_user("Gracz 1") == ["seat1"]  # a terminal seat's name in Polish
    assert records.resolve_user("Spieler 3") == ["seat3"]
    assert records.resolve_user("Nobody") == []
    store.dispose()
    assert main(["stats", "--db", url, "--user", "U1", "--lang", "pl"]) == 0
    out = capsys.readouterr().out
    assert "Osiągnięcia: U1" in out and "Records of" not in out
    assert main(["stats", "--db", url, "--user", "Nobody", "--lang", "en"]) == 2
    assert "No player is called 'Nobody' here." in capsys.readouterr().out
