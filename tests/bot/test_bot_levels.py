"""Bot levels players understand (``easy``, ``medium``, ``hard``; the older ``greedy`` and ``search``
still accepted) in the Host and the records, and one person against bots (:meth:`Host.solo`)."""

from __future__ import annotations

import copy
from datetime import timedelta
from typing import Any

import pytest
from fakegame import GAME
from hosthelpers import CH, dump
from sqlalchemy import select, update

from bot.host import TAKEOVER_LEVEL, Host
from bot.host.records import RecordsService
from bot.records import queries, ratings
from bot.records.models import GameResult, PlayerRating
from bot.store import Store, utcnow
from engine.core.bots import LEVELS

RESULT, RATING = GameResult.__table__, PlayerRating.__table__


def drive(host: Host, channel: str = CH, limit: int = 3000) -> None:
    """Play the table to its end: bots through ``bot_step``, people spend one pip then bank."""
    for _ in range(limit):
        data = host.status(channel).data
        if data.status != "running":
            return
        user = data.to_act
        if data.players[data.to_act_seat].get("bot"):
            reply = host.bot_step(channel)
        else:
            choices = [n for n, _ in host.legal(channel, user).choices]
            reply = host.move(channel, user, "move 1" if "move 1" in choices else "bank")
        assert reply.ok, reply.private
    raise AssertionError("the game did not end")


def _players(host: Host, channel: str = CH, lang: str | None = None) -> list[dict[str, Any]]:
    return host.status(channel, lang=lang).data.players


def test_levels_and_their_older_names_seat_bots_under_the_canonical_level(host: Host) -> None:
    assert host.new_table(CH, "u1", "Ann", GAME.name, {"players": 4}, 7).ok
    for level in ("easy", "greedy", "SEARCH"):
        assert host.add_bot(CH, "u1", level).ok
    players = _players(host)
    assert [p["bot"] for p in players] == [None, "easy", "medium", "hard"]
    assert [p["name"] for p in players][1:] == ["Bot 1 (easy)", "Bot 2 (medium)", "Bot 3 (hard)"]
    assert LEVELS == ("easy", "medium", "hard") and TAKEOVER_LEVEL == "medium"


@pytest.mark.parametrize(
    ("lang", "words"),
    [("en", ["easy", "medium", "hard"]), ("pl", ["łatwy", "średni", "trudny"]),
     ("ru", ["лёгкий", "средний", "сложный"]), ("de", ["leicht", "mittel", "schwer"])],
)
def test_an_unknown_level_is_refused_with_the_levels_in_the_players_language(
        host: Host, store: Store, lang: str, words: list[str]) -> None:
    assert host.new_table(CH, "u1", "Ann", GAME.name, {"players": 3}, 7, language=lang).ok
    before = dump(store)
    reply = host.add_bot(CH, "u1", "expert", lang=lang)
    assert not reply.ok and dump(store) == before
    for level, word in zip(LEVELS, words, strict=True):
        assert level in (reply.private or "") and word in (reply.private or "")
    added = host.add_bot(CH, "u1", "hard", lang=lang)
    assert added.ok and f"({words[2]})" in (added.public or "")
    if lang != "en":
        assert "(hard)" not in (added.public or "")


def test_a_seat_stored_under_an_older_name_is_shown_and_played_as_its_level(host: Host, store: Store) -> None:
    assert host.new_table(CH, "u1", "Ann", GAME.name, {"players": 2}, 7).ok
    assert host.add_bot(CH, "u1", "hard").ok
    assert host.start(CH, "u1").ok
    with store.engine.begin() as conn:  # a database from before the levels were renamed
        conn.execute(update(store_seat_table()).values(bot_level="greedy").where(
            store_seat_table().c.user_id == "bot:1"))
    players = _players(host)
    assert players[1]["bot"] == "medium" and players[1]["name"] == "Bot 1 (medium)"
    assert (_players(host, lang="pl")[1]["name"]) == "Bot 1 (średni)"
    drive(host)
    moves = host.export(CH).data.moves
    assert {m["bot"] for m in moves if m["kind"] == "choice" and m["seat"] == 1} == {"medium"}
    with store.unit_of_work(write=False) as repo:
        keys = {r.user_id for r in repo.session.execute(select(RESULT))}
    assert keys == {"u1", "bot:medium"}


def store_seat_table() -> Any:
    from bot.store import Seat

    return Seat.__table__


def test_a_take_over_bot_plays_at_medium(host: Host) -> None:
    assert host.new_table(CH, "u1", "Ann", GAME.name, {"players": 2}, 7).ok
    assert host.join(CH, "u2", "Bob").ok
    assert host.start(CH, "u1").ok
    assert host.set_timeout(CH, "u1", 1).ok
    [due] = host.due_takeovers(utcnow() + timedelta(hours=3))
    assert host.take_over(due["table_id"], due["last_seq"]).ok
    seat = _players(host)[due["seat"]]
    assert seat["bot"] == "medium"
    step = host.bot_step(CH)
    assert step.ok and step.data.level == "medium"


def test_old_bot_rating_keys_read_as_their_level_and_rerate_merges_them(host: Host, store: Store) -> None:
    for n, level in enumerate(("medium", "hard", "medium")):
        channel = f"c{n}"
        assert host.new_table(channel, "u1", "Ann", GAME.name, {"players": 2}, n).ok
        assert host.add_bot(channel, "u1", level).ok
        assert host.start(channel, "u1").ok
        drive(host, channel)
    with store.engine.begin() as conn:  # rows written before the rename: the first two games' bots
        for old, new in (("bot:greedy", "bot:medium"), ("bot:search", "bot:hard")):
            conn.execute(update(RESULT).values(user_id=old, bot_level=old[4:]).where(
                RESULT.c.user_id == new, RESULT.c.table_id < 3))
        conn.execute(update(RATING).values(player="bot:search").where(RATING.c.player == "bot:hard"))
    with store.unit_of_work(write=False) as repo:
        shown = [r.player for r in queries.bot_ratings(repo.session, GAME.name)]
    assert sorted(shown) == ["bot:hard", "bot:medium"]
    records = RecordsService(store, min_games=1)
    assert records.rerate() == 3
    with store.unit_of_work(write=False) as repo:
        rated = {r.player: r.games for r in ratings.ratings(repo.session, GAME.name) if r.player.startswith("bot:")}
    assert rated == {"bot:medium": 2, "bot:hard": 1}
    board = records.leaderboard(GAME.name, None, lang="pl")
    assert "bot (średni)" in (board.private or "") and "greedy" not in (board.private or "")


# --- one person against bots ------------------------------------------------------------------
def _narrow(counts: tuple[int, ...]) -> Any:
    """A lookup of the dice race with other player counts (a game bots can't fill at every size)."""
    game = copy.copy(GAME)
    game.player_counts = counts  # type: ignore[attr-defined]
    return lambda name: game if name == GAME.name else GAME


@pytest.mark.parametrize(
    ("kwargs", "english", "polish"),
    [
        ({"bots": 0, "game": "nippon"}, "Choose 1 to 3 bots.", "Wybierz od 1 do 3 botów."),
        ({"bots": 4}, "Choose 1 to 3 bots.", "Wybierz od 1 do 3 botów."),
        ({"bots": 2, "level": "expert"}, "Choose a bot level: easy, medium, hard.", "średni"),
        ({"bots": 2, "narrow": (1, 2)}, "can't be played by 3 players; choose 1 bots",
         "nie da się rozegrać w 3 graczy"),
    ],
)
@pytest.mark.parametrize("lang", ["en", "pl"])
def test_bad_solo_bots_are_refused_and_nothing_changes(store: Store, kwargs: dict[str, Any], english: str,
                                                       polish: str, lang: str) -> None:
    kwargs = dict(kwargs)
    narrow = kwargs.pop("narrow", None)
    host = Host(store, games=_narrow(narrow)) if narrow else Host(store)
    game = kwargs.pop("game", GAME.name)
    before = dump(store)
    reply = host.solo(CH, "u1", "Ann", game, lang=lang, **kwargs)
    assert not reply.ok and dump(store) == before
    assert (english if lang == "en" else polish) in (reply.private or ""), reply.private


def test_one_person_against_two_easy_bots_plays_to_the_end_and_is_recorded(store: Store) -> None:
    host = Host(store, bot_time_limit=0.05)
    reply = host.solo(CH, "u1", "Ann", GAME.name, {"target": 12}, 5, bots=2, level="easy", language="pl")
    assert reply.ok, reply.private
    assert reply.data.bots == 2 and reply.data.level == "easy"
    players = _players(host)
    assert [(p["user"], p["bot"]) for p in players] == [("u1", None), ("bot:1", "easy"), ("bot:2", "easy")]
    assert [p["name"] for p in _players(host, lang="pl")][1:] == ["Bot 1 (łatwy)", "Bot 2 (łatwy)"]
    for _turn in range(500):
        data = host.status(CH).data
        if data.status != "running":
            break
        if data.to_act == "u1":
            choices = [n for n, _ in host.legal(CH, "u1").choices]
            assert host.move(CH, "u1", "bank" if "bank" in choices else choices[0]).ok
        else:
            assert [r.ok for r in host.play_bots(CH)]
    assert host.status(CH).data.status == "finished"
    with store.unit_of_work(write=False) as repo:
        rows = sorted((r.user_id, r.place) for r in repo.session.execute(select(RESULT)))
        rated = {r.player for r in ratings.ratings(repo.session, GAME.name)}
    assert [key for key, _place in rows] == ["bot:easy", "bot:easy", "u1"]
    assert sorted(place for _key, place in rows)[0] == 1
    assert rated == {"u1", "bot:easy"}


def test_a_game_without_a_solo_mode_gets_one_bot_by_default(store: Store) -> None:
    host = Host(store, games=_narrow((2, 3, 4)), bot_time_limit=0.05)
    reply = host.solo(CH, "u1", "Ann", GAME.name, None, 5)
    assert reply.ok, reply.private
    assert [p["bot"] for p in _players(host)] == [None, "medium"]
