"""The host's units of work (issue 31): one ``/move`` is one write transaction and nothing else, and a
solo game is opened, seated and started in one transaction that leaves nothing behind on failure."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest
from hosthelpers import CH, started, to_act

from bot.host import Host, Picture, Renderer
from bot.host.bots import BotService
from bot.host.lobby import LobbyService
from bot.store import Repository, Store
from engine.core import get_game
from engine.core.registry import game_names


class CountingStore:
    """Counts the units of work a :class:`~bot.store.Store` opens (``writes``, ``reads``) by wrapping
    its ``unit_of_work`` on the instance; the store itself is unchanged."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self.writes = 0
        self.reads = 0
        original = store.unit_of_work

        @contextmanager
        def counted(write: bool = True) -> Iterator[Repository]:
            if write:
                self.writes += 1
            else:
                self.reads += 1
            with original(write) as repo:
                yield repo

        store.unit_of_work = counted  # type: ignore[method-assign]  # counting wrapper on this instance

    def reset(self) -> None:
        self.writes = self.reads = 0


class RecordingRendererDouble:
    """A renderer double implementing the :class:`~bot.host.renderer.Renderer` Protocol that records
    the views it was asked to draw."""

    def __init__(self) -> None:
        self.views: list[dict[str, Any]] = []

    def board(self, game: str, view: dict[str, Any]) -> Picture:
        self.views.append(view)
        return b"\x89PNG board", "board"

    def turn(self, game: str, view: dict[str, Any], last: dict[str, Any] | None = None) -> Picture:
        self.views.append(view)
        return b"\x89PNG turn", "turn"

    def final(self, game: str, view: dict[str, Any]) -> Picture:
        self.views.append(view)
        return b"\x89PNG final", "final"

    def story(self, game: str, view: dict[str, Any], told: Any, *, names: Any, title: str, marks: Any) -> Picture:
        return b"\x89PNG story", "story"


@pytest.fixture
def counting(store: Store) -> CountingStore:
    return CountingStore(store)


def test_one_move_is_one_write_transaction_and_no_read(store: Store, counting: CountingStore) -> None:
    drawn = RecordingRendererDouble()
    assert isinstance(drawn, Renderer)
    host = Host(store, render=drawn)
    started(host)
    user = to_act(host)
    before = host.turn(CH)
    notation = before.choices[0][0]
    counting.reset()
    reply = host.move(CH, user, notation, before.version)
    assert reply.ok, reply.private
    assert (counting.writes, counting.reads) == (1, 0)
    data = reply.data
    assert data is not None and data.step == notation
    # the account of the turn, the options that follow and the picture, all from the new state
    assert data.account and any(a["lines"] for a in data.account)
    turn = host.turn(CH)
    assert data.options is not None and turn.data is not None
    assert data.options == turn.data and data.options.version == reply.version == turn.version
    assert data.options.choices == tuple(turn.choices)
    with store.unit_of_work(write=False) as repo:
        table = repo.active_table(CH)
        assert table is not None
        state = host.tables.state(repo, table, get_game(table.game))
    assert reply.png == b"\x89PNG turn" and drawn.views[-1] == get_game(table.game).view(state, None)


def test_a_clicked_option_is_one_write_transaction(store: Store, counting: CountingStore) -> None:
    host = Host(store)
    started(host)
    user = to_act(host)
    turn = host.turn(CH)
    assert turn.data is not None and turn.version is not None
    counting.reset()
    reply = host.choose(CH, user, turn.data.table_id, turn.version, 0)
    assert reply.ok, reply.private
    assert (counting.writes, counting.reads) == (1, 0)


@pytest.mark.parametrize("name", game_names())
def test_moves_of_every_game_are_one_write_transaction(name: str, store: Store, counting: CountingStore) -> None:
    """Each registered game: the first moves (turn starts and follow-up steps of a turn) each open
    one write unit of work, and the reply's account and options equal what the host reads after."""
    host = Host(store)
    players = max(2, min(n for n in _counts(name) if n >= 2))
    assert host.new_table(CH, "u1", "Ann", name, {"players": players}, 11).ok
    for k in range(2, players + 1):
        assert host.join(CH, f"u{k}", f"P{k}").ok
    assert host.start(CH, "u1").ok
    for _step in range(6):
        turn = host.turn(CH)
        if not turn.ok or turn.data is None or turn.data.to_act is None or not turn.choices:
            break
        counting.reset()
        reply = host.choose(CH, turn.data.to_act, turn.data.table_id, turn.version or 0, 0)
        assert reply.ok, reply.private
        assert (counting.writes, counting.reads) == (1, 0)
        data = reply.data
        assert data is not None and data.account is not None
        after = host.turn(CH)
        assert data.finished or data.options == after.data
        # the account equals the one the log tells afterwards for the same turn (the move's own
        # sentences, ``new``, come on top: the log tells whole turns)
        told = host.accounts(CH).data
        assert told is not None and data.account
        mine = {k: v for k, v in data.account[-1].items() if k != "new"}
        assert mine == told.accounts[-1]


def _counts(name: str) -> tuple[int, ...]:
    from engine.core.registry import game_info

    return tuple(game_info(get_game(name)).player_counts)


def test_solo_against_bots_is_one_write_transaction(store: Store, counting: CountingStore) -> None:
    host = Host(store)
    reply = host.solo(CH, "u1", "Ann", "dicerace", bots=2, level="easy")
    assert reply.ok, reply.private
    assert counting.writes == 1
    data = reply.data
    assert data is not None and data.bots == 2 and data.level == "easy"
    status = host.status(CH).data
    assert status is not None and status.status == "running"
    assert [p["bot"] for p in status.players] == [None, "easy", "easy"]


def _nothing_left(store: Store) -> None:
    with store.unit_of_work(write=False) as repo:
        assert repo.active_table(CH) is None and repo.latest_table(CH) is None


def test_a_failure_while_seating_the_bots_leaves_nothing(store: Store, monkeypatch: pytest.MonkeyPatch) -> None:
    host = Host(store)
    seated: list[int] = []
    original = BotService.seat_bot

    def fail_second(self: BotService, repo: Repository, table: Any, seats: Any, level: str) -> Any:
        seated.append(1)
        if len(seated) == 2:
            raise RuntimeError("injected failure while seating the second bot")
        return original(self, repo, table, seats, level)

    monkeypatch.setattr(BotService, "seat_bot", fail_second)
    reply = host.solo(CH, "u1", "Ann", "dicerace", bots=3)
    assert not reply.ok and len(seated) == 2
    _nothing_left(store)
    monkeypatch.undo()
    assert host.solo(CH, "u1", "Ann", "dicerace", bots=3).ok  # the channel is free


def test_a_failure_at_the_start_leaves_nothing(store: Store, monkeypatch: pytest.MonkeyPatch) -> None:
    host = Host(store)

    def broken(*args: Any, **kwargs: Any) -> Any:
        raise RuntimeError("injected failure at the start")

    monkeypatch.setattr(LobbyService, "_begin", broken)
    reply = host.solo(CH, "u1", "Ann", "dicerace", bots=1)
    assert not reply.ok
    _nothing_left(store)
    reply = host.solo(CH, "u1", "Ann", "dicerace")  # a game played alone: the same transaction
    assert not reply.ok
    _nothing_left(store)


def test_a_refused_solo_leaves_nothing(store: Store) -> None:
    host = Host(store)
    reply = host.solo(CH, "u1", "Ann", "dicerace", bots=1, level="no-such-level")
    assert not reply.ok
    _nothing_left(store)
