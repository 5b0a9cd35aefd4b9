"""Whole games of one person against bots: Yokohama with three bots through the Host (replayed from
its log), and Nippon with two bots at the terminal (``meiji local --solo --game nippon --bots 2``)."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from sqlalchemy import select

from bot.__main__ import main
from bot.host import Host, effective_moves
from bot.records.models import GameResult
from bot.store import Store
from engine.core import components, get_game, replay
from engine.core.revisions import stored_options

RESULT = GameResult.__table__


@pytest.mark.slow
def test_one_person_against_three_yokohama_bots_plays_to_the_end_and_replays(store: Store) -> None:
    host = Host(store, bot_time_limit=0.02)
    channel, me = "solo-y", "u1"
    reply = host.solo(channel, me, "Ann", "yokohama", None, 11, bots=3, level="easy")
    assert reply.ok, reply.private
    for _turn in range(5_000):
        data = host.status(channel).data
        if data.status != "running":
            break
        if data.to_act == me:  # the person: the best move the greedy policy sees from their own view
            hint = host.hint(channel, me, n=1)
            assert hint.ok, hint.private
            assert host.move(channel, me, hint.choices[0][0]).ok
        else:
            played = host.play_bots(channel)
            assert played and all(r.ok for r in played)
    data = host.status(channel).data
    assert data.status == "finished"
    assert [p["bot"] for p in data.players] == [None, "easy", "easy", "easy"]
    # the result ranks the person among the bots, and is recorded like any game
    with store.unit_of_work(write=False) as repo:
        rows = sorted((r.seat, r.user_id, r.place) for r in repo.session.execute(select(RESULT)))
        table = repo.latest_table(channel)
        snap = repo.latest_snapshot(table.id)
    assert [(seat, key) for seat, key, _ in rows] == [(0, me), (1, "bot:easy"), (2, "bot:easy"), (3, "bot:easy")]
    assert sorted(place for *_, place in rows)[0] == 1
    # the final state rebuilds from the exported log
    export = host.export(channel).data
    game = get_game("yokohama")
    with components.using(game.name, table.data_digest) if table.data_digest else _nothing():
        state = replay(game, stored_options(game, dict(export.options)), int(export.seed),
                       [str(m["notation"]) for m in effective_moves(export.moves)])
        assert game.result(state) is not None
        assert game.to_json(state) == game.to_json(game.from_json(snap.state))


class _nothing:
    def __enter__(self) -> None:
        return None

    def __exit__(self, *exc: object) -> None:
        return None


@pytest.mark.slow
def test_nippon_against_two_bots_at_the_terminal_plays_to_the_end(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                                  capsys: pytest.CaptureFixture[str]) -> None:
    db = f"sqlite:///{tmp_path / 'n.db'}"
    monkeypatch.setattr("sys.stdin", io.StringIO("1\n" * 3000))
    code = main(["local", "--solo", "--game", "nippon", "--bots", "2", "--bot-level", "easy", "--seed", "5",
                 "--no-pictures", "--db", db, "--lang", "pl"])
    out = capsys.readouterr().out
    assert code == 0, out[-2000:]
    assert "Gra Nippon rozpoczęła się z 3 graczami." in out
    assert "Bot 1 (łatwy)" in out and "Bot 2 (łatwy)" in out
    store = Store.open(db)
    try:
        with store.unit_of_work(write=False) as repo:
            keys = sorted(r.user_id for r in repo.session.execute(select(RESULT)))
    finally:
        store.dispose()
    assert keys == ["bot:easy", "bot:easy", "seat1"]
