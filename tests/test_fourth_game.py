"""A fourth game that only the test package knows (tests/fourthgame) runs through every layer.

It is registered like a shipped game and declares its pictures through its capability, so the host,
the terminal table, the pictures, the records and the story chart all take it without an edit to a
shared file (``tests/core/test_game_names_guard.py`` checks that the shared code names no game).
"""

from __future__ import annotations

import io
from collections.abc import Iterator
from typing import Any

import pytest
from PIL import Image
from sqlalchemy import select

import render
from bot.console import Console
from bot.host import Host
from bot.records.models import GameResult, PlayerRating
from bot.store import FINISHED, Store
from engine.core import game_info, game_names, get_game, registry
from engine.core.bots import bots_supported
from engine.core.story import game_story, has_story
from engine.core.winprob import win_probabilities
from tests.fourthgame import GAME, register_fake, unregister_fake

CH = "fourth-1"
PNG = b"\x89PNG\r\n\x1a\n"


@pytest.fixture(autouse=True)
def _registered() -> Iterator[None]:
    register_fake()
    yield
    unregister_fake()


@pytest.fixture
def store() -> Iterator[Store]:
    s = Store("sqlite://")
    s.create_all()
    yield s
    s.dispose()


def _png_size(data: bytes | None) -> tuple[int, int]:
    assert data is not None and data.startswith(PNG)
    with Image.open(io.BytesIO(data)) as image:
        return image.size


def _play_to_the_end(host: Host, channel: str = CH) -> list[Any]:
    """Every person plays their first legal choice until the game is over; the move replies."""
    replies = []
    for _ in range(40):
        data = host.status(channel).data
        assert data is not None
        if data.status != "running":
            return replies
        user = str(data.to_act)
        first = host.legal(channel, user).choices[0][0]
        reply = host.move(channel, user, first)
        assert reply.ok, reply.private
        replies.append(reply)
    raise AssertionError("the game did not end")


def test_the_registry_offers_the_fourth_game_with_its_capabilities() -> None:
    assert GAME.name in game_names() and get_game(GAME.name) is GAME
    assert game_info(GAME).title == "Pebbles" and game_info(GAME).player_counts == (2, 3)
    assert bots_supported(GAME) and has_story(GAME)
    assert registry.picture_package(GAME.name) == "tests.fourthgame.pictures"
    assert render.has_renderer(GAME.name)


def test_host_table_moves_pictures_records_and_story(store: Store) -> None:
    host = Host(store, render=render.Pictures())
    reply = host.new_table(CH, "u1", "Ann", GAME.name, {"players": 2}, 5, guild="g-1")
    assert reply.ok, reply.private
    assert host.join(CH, "u2", "Bob").ok
    assert host.start(CH, "u1").ok
    replies = _play_to_the_end(host)
    assert host.status(CH).data.status == FINISHED
    # a picture with every move, the final-score picture with the last one
    assert all(_png_size(r.png)[0] > 0 for r in replies)
    assert replies[-1].alt and "wins with" in replies[-1].alt
    # the result is recorded and rated
    with store.engine.connect() as conn:
        results = conn.execute(select(GameResult.__table__).where(GameResult.__table__.c.game == GAME.name)).all()
        rated = conn.execute(select(PlayerRating.__table__).where(PlayerRating.__table__.c.game == GAME.name)).all()
    assert sorted(r.user_id for r in results) == ["u1", "u2"] and {r.place for r in results} <= {1, 2}
    assert sum(r.score for r in results) == 9 + 2  # every pebble and the last-pebble bonus
    assert len(rated) == 2
    # the story chart of the finished game
    story = host.story(CH, "u9")
    assert story.ok, story.private
    assert _png_size(story.png)[0] > 0 and story.alt
    points = story.data.points
    assert points[0]["scores"] == [0, 0] and len(story.data.turning) <= 3
    assert abs(sum(points[-1]["chances"]) - 1) < 1e-6 and sum(points[-1]["scores"]) == 11


def test_the_terminal_plays_it_with_scripted_input(store: Store) -> None:
    host = Host(store)
    out = io.StringIO()
    console = Console(host, stdin=io.StringIO("1\n" * 30 + "quit\n"), stdout=out, lang="en")
    assert console.open(GAME.name, 2, {}, seed=3) == 0
    text = out.getvalue()
    assert "Pile: 9" in text and "takes 1 and scores" in text
    with store.engine.connect() as conn:
        results = conn.execute(select(GameResult.__table__).where(GameResult.__table__.c.game == GAME.name)).all()
    assert len(results) == 2 and sum(r.score for r in results) == 11


def test_its_pictures_are_drawn_from_its_own_package_and_colours() -> None:
    state = GAME.setup({"players": 3}, 1)
    while GAME.decision(state).seat is not None:
        state, _events = GAME.apply(state, GAME.legal_actions(state)[-1])
    view = GAME.view(state, None)
    board, alt = render.picture(GAME.name, view) or (None, "")
    assert _png_size(board)[0] == 320 and alt.startswith("Pebbles:")
    turn = render.turn(GAME.name, view, {"seat": 0, "move": "take 3", "events": []})
    final = render.final(GAME.name, view)
    assert turn is not None and final is not None and "wins with" in final[1]
    options, seed = {"players": 3}, 1
    moves = _log(options, seed)
    told = game_story(GAME, options, seed, moves, chance_of=win_probabilities)
    chart = render.story(GAME.name, view, told, names=["Ann", "Bob", "Cy"], title="Pebbles", marks=[])
    assert chart is not None and _png_size(chart[0])[0] > 0
    # an unknown colour is an error, never a grey seat
    view["players"][0]["colour"] = "grey"
    with pytest.raises(KeyError, match="unknown colour 'grey'"):
        render.picture(GAME.name, view)


def _log(options: dict[str, Any], seed: int) -> list[str]:
    state = GAME.setup(options, seed)
    moves = []
    while GAME.decision(state).seat is not None:
        action = GAME.legal_actions(state)[0]
        moves.append(GAME.format_action(state, action))
        state, _events = GAME.apply(state, action)
    return moves


def test_its_options_carry_previews_from_its_ledger(store: Store) -> None:
    """The previews come from the game's own Ledger, through the host, with no shared edit."""
    host = Host(store)
    assert host.new_table(CH, "u1", "Ann", "pebbles", {"players": 2, "pile": 4}, seed=1).ok
    assert host.join(CH, "u2", "Bob").ok
    assert host.start(CH, "u1").ok
    labels = dict(host.turn(CH).choices)
    assert labels["take 1"] == "Take 1 pebble(s) ⇒ +1 point"
    assert labels["take 3"] == "Take 3 pebble(s) ⇒ +3 points"
    host.move(CH, host.status(CH).data.to_act, "take 3")
    assert dict(host.turn(CH).choices)["take 1"] == "Take 1 pebble(s) ⇒ +3 points; 2 more for the last pebble"
