"""The story chart of a finished game through the host (bot.host.story)."""

from __future__ import annotations

import io
import re

import pytest
from PIL import Image

from bot.app import compose
from bot.host import Host
from bot.store import Store

CH = "story-1"


def _bot_game(host: Host, game: str, players: int, seed: int, lang: str = "en") -> None:
    reply = host.new_table(CH, "u1", "Ann", game, {"players": players}, seed, lang=lang)
    assert reply.ok, reply.private
    # The creator seats the bots and gives its own seat to the last one (the terminal's demo game).
    for _ in range(players - 1):
        assert host.add_bot(CH, "u1", "medium").ok
    assert host.leave(CH, "u1").ok
    assert host.add_bot(CH, "u1", "medium").ok
    reply = host.start(CH, "u1")
    assert reply.ok, reply.private
    host.play_bots(CH, limit=5000)
    assert host.status(CH).data["status"] == "finished"


@pytest.fixture
def finished_host(tmp_path) -> Host:
    store = Store.open(f"sqlite:///{tmp_path / 'story.db'}")
    host = compose(store=store).host
    _bot_game(host, "nippon", 2, 4, lang="pl")
    return host


@pytest.mark.slow
def test_story_of_a_finished_game(finished_host: Host) -> None:
    reply = finished_host.story(CH, "u9")
    assert reply.ok, reply.private
    assert reply.language == "pl"
    lines = reply.public.splitlines()
    assert lines[0].startswith("Nippon")
    # Three turning points, each told in words, numbered, with their turn.
    assert len(lines) == 4
    for n, line in enumerate(lines[1:], start=1):
        assert re.match(rf"{n}\. \d+\. tura: ", line), line
        assert "×" not in line and "[" not in line
    image = Image.open(io.BytesIO(reply.png))
    assert image.width == 1100 and len(reply.png) < 150_000
    assert reply.alt and "PZ" in reply.alt and "Punkty zwycięstwa" in reply.alt
    data = reply.data
    assert data["points"][-1]["chances"] in ([1.0, 0.0], [0.0, 1.0], [0.5, 0.5])
    assert [t["line"] for t in data["turning"]] == [line.split(". ", 1)[1] for line in lines[1:]]


@pytest.mark.slow
def test_story_is_the_same_for_everybody(finished_host: Host) -> None:
    a, b = finished_host.story(CH, "u1"), finished_host.story(CH, "someone-else")
    assert a.public == b.public and a.png == b.png


def test_story_is_refused_before_the_end(tmp_path) -> None:
    store = Store.open(f"sqlite:///{tmp_path / 'story.db'}")
    host = compose(store=store).host
    reply = host.new_table(CH, "u1", "Ann", "nippon", {"players": 2}, 3)
    assert reply.ok
    assert host.join(CH, "u2", "Bob").ok and host.start(CH, "u1").ok
    before = host.status(CH).version
    reply = host.story(CH, "u1")
    assert not reply.ok and "over" in reply.private
    assert host.status(CH).version == before
    assert not host.story("other-channel", "u1").ok


def test_a_turning_point_is_told_in_one_line_without_repeating_its_subject() -> None:
    from bot.host.story import _joined

    assert _joined(["Blue builds a shop.", "Blue gains 2 VP (Church).", "Red loses 1 yen."]) == \
        "Blue builds a shop; gains 2 VP (Church); Red loses 1 yen"
    assert _joined(["Zielony dokonuje Konsolidacji."]) == "Zielony dokonuje Konsolidacji"
