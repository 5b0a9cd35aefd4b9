"""Nippon (2015) through the shared host, the terminal table and the CLI — no special case."""

from __future__ import annotations

import io
import random
from pathlib import Path

import pytest

from bot.__main__ import main
from bot.host import Host, effective_moves
from bot.store import Store
from engine.core import builtin_game_names, get_game, replay

NIPPON = get_game("nippon")
CH = "n-chan"
PNG_MAGIC = b"\x89PNG\r\n\x1a\n"


def _replayed(host: Host, channel: str) -> str:
    data = host.export(channel).data
    assert data is not None
    moves = [m["notation"] for m in effective_moves(data.moves)]
    return NIPPON.to_json(replay(NIPPON, data.options, data.seed, moves))


def _play_random(host: Host, channel: str, seed: int, *, pictures: bool) -> int:
    rng = random.Random(seed)
    moves = 0
    while (status := host.status(channel).data).status == "running":
        user = status.to_act
        choices = host.legal(channel, user).choices
        assert choices, "a running game always offers a move"
        reply = host.move(channel, user, rng.choice(choices)[0])
        assert reply.ok, reply.private
        if pictures:
            assert reply.png is not None and reply.png[:8] == PNG_MAGIC and reply.alt
            assert len(reply.png) < 2_000_000
        moves += 1
        assert moves < 5000
    return moves


def test_nippon_is_offered_with_its_facts() -> None:
    from engine.core import game_info

    assert "nippon" in builtin_game_names()
    info = game_info(NIPPON)
    assert info.title == "Nippon" and info.player_counts == (2, 3, 4)
    assert info.modules == () and info.solo_levels == ()


@pytest.mark.slow
def test_a_full_three_player_game_through_the_host_with_a_picture_every_turn() -> None:
    from bot.app import compose  # what the bot posts: turn pictures, then the final score

    store = Store.open("sqlite://")
    host = compose(store=store).host
    opened = host.new_table(CH, "a", "Ann", "nippon", {"players": 3}, seed=31)
    assert opened.ok and "Nippon" in (opened.public or "")
    assert host.join(CH, "b", "Bob").ok and host.join(CH, "c", "Cat").ok
    started = host.start(CH, "a")
    assert started.ok and started.png is not None and started.png[:8] == PNG_MAGIC
    moves = _play_random(host, CH, 5, pictures=True)
    status = host.status(CH).data
    assert moves > 50 and status.status == "finished"
    # the stored snapshot is the replay of the log
    replayed = _replayed(host, CH)
    with store.unit_of_work(write=False) as repo:
        snap = repo.latest_snapshot(status.table_id)
    assert snap is not None and snap.state == replayed
    assert NIPPON.result(NIPPON.from_json(replayed)) is not None
    store.dispose()


def test_undo_log_and_bad_input_on_a_nippon_table() -> None:
    store = Store.open("sqlite://")
    host = Host(store)
    assert host.new_table(CH, "a", "Ann", "nippon", {"players": 2}, seed=8).ok
    assert host.join(CH, "b", "Bob").ok
    assert host.start(CH, "a").ok
    user = host.status(CH).data.to_act
    other = "b" if user == "a" else "a"
    version = host.status(CH).data.version
    for bad in ("", "fly to the moon", "take 9 9 9", "x" * 300):
        reply = host.move(CH, user, bad)
        assert not reply.ok and reply.private
        assert host.status(CH).data.version == version
    refused = host.move(CH, other, host.legal(CH, user).choices[0][0])
    assert not refused.ok and host.status(CH).data.version == version
    first = host.legal(CH, user).choices[0][0]
    assert host.move(CH, user, first).ok
    log = host.log(CH, 5)
    assert log.ok and first in (log.public or log.private or "")
    store.dispose()


def test_nippon_options_are_checked() -> None:
    store = Store.open("sqlite://")
    host = Host(store)
    for options in ({"players": 5}, {"players": 1}, {"players": 2, "modules": ["common-goals"]}):
        reply = host.new_table(CH, "a", "Ann", "nippon", options, seed=1)
        assert not reply.ok and reply.private
        assert host.status(CH).data is None
    store.dispose()


class RandomTypist(io.TextIOBase):
    """A terminal user: answers the game and player questions, then types a random legal move.

    It reads the legal moves of the seat to act from its own :class:`Host` on the same database.
    """

    def __init__(self, url: str, answers: list[str], seed: int) -> None:
        self.url, self.answers, self.rng = url, list(answers), random.Random(seed)
        self.typed = 0

    def readable(self) -> bool:
        return True

    def readline(self, size: int | None = -1) -> str:  # noqa: D102 - TextIO
        if self.answers:
            return self.answers.pop(0) + "\n"
        store = Store(self.url)
        try:
            host = Host(store)
            status = host.status("terminal").data
            if status is None or status.status != "running" or self.typed > 5000:
                return ""
            choices = host.legal("terminal", status.to_act).choices
        finally:
            store.dispose()
        self.typed += 1
        return self.rng.choice(choices)[0] + "\n"


@pytest.mark.slow
def test_a_two_player_game_at_the_terminal_from_the_readme_command(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path,
) -> None:
    """``meiji`` without a token opens the terminal table: choose Nippon, 2 players, play to the end."""
    url = f"sqlite:///{tmp_path / 'meiji.db'}"
    monkeypatch.setenv("DATABASE_URL", url)
    monkeypatch.delenv("DISCORD_TOKEN", raising=False)
    monkeypatch.chdir(tmp_path)
    number = list(builtin_game_names()).index("nippon") + 1
    typist = RandomTypist(url, [str(number), "2"], seed=4)
    monkeypatch.setattr("sys.stdin", typist)
    assert main([]) == 0
    out = capsys.readouterr().out
    assert "Which game?" in out and "Nippon" in out
    assert typist.typed > 50
    store = Store(url)
    try:
        status = Host(store).status("terminal").data
        assert status is not None and status.status == "finished"
    finally:
        store.dispose()
    assert any(p.suffix == ".png" for p in (tmp_path / "snapshots").rglob("*.png"))  # one folder per game
