"""Host calls for front ends: turn, choose, alt text, board messages, command names, step data."""

from __future__ import annotations

import threading
from typing import Any

import pytest
from fakegame import GAME
from hosthelpers import CH, current_state, dump, open_table, play_to_end, started, to_act, version
from renderer_doubles import FunctionRendererDouble

from bot.host import AUTOMA_EVENT, MOVED_ON, Host, Reply
from bot.store import Store
from engine.core import Event

#: Every test with a store runs on SQLite and, when the run has a server, on PostgreSQL.
pytestmark = pytest.mark.all_databases


# ---------------------------------------------------------------------------------------------
# turn
# ---------------------------------------------------------------------------------------------
def test_turn_gives_the_decision_and_the_options_in_one_read(host: Host) -> None:
    started(host)
    reply = host.turn(CH)
    assert reply.ok and reply.version == version(host)
    data = reply.data or {}
    assert set(data) >= {"table_id", "to_act", "prompt"}
    status = host.status(CH).data or {}
    assert data["to_act"] == status["to_act"] and data["prompt"] == status["prompt"]
    assert data["table_id"] == status["table_id"] and data["to_act_seat"] == status["to_act_seat"]
    assert reply.choices == host.legal(CH, data["to_act"]).choices and reply.choices


def test_turn_refuses_without_a_running_game(host: Host) -> None:
    assert not host.turn(CH).ok and "no game" in (host.turn(CH).private or "")
    open_table(host)
    assert "hasn't started" in (host.turn(CH).private or "")
    host.start(CH, "u1")
    play_to_end(host)
    assert not host.turn(CH).ok


# ---------------------------------------------------------------------------------------------
# choose
# ---------------------------------------------------------------------------------------------
def test_choose_plays_the_option_at_that_index(host: Host) -> None:
    started(host)
    turn = host.turn(CH)
    user = (turn.data or {})["to_act"]
    index = [n for n, _ in turn.choices].index("move 1")
    reply = host.choose(CH, user, (turn.data or {})["table_id"], turn.version, index)  # type: ignore[arg-type]
    assert reply.ok, reply.private
    assert reply.public and reply.public.splitlines()[0].endswith(": move 1")
    assert (reply.data or {})["step"] == "move 1"
    assert reply.version == (turn.version or 0) + 1
    assert host.export(CH).data["moves"][-1]["notation"] == "move 1"  # type: ignore[index]


def test_choose_with_a_stale_version_or_table_is_refused_and_saves_nothing(host: Host, store: Store) -> None:
    started(host)
    turn = host.turn(CH)
    data = turn.data or {}
    user, table_id, old = data["to_act"], data["table_id"], turn.version
    assert host.move(CH, user, "move 1").ok  # the game moves on (e.g. through /move)
    before = dump(store)
    for args in ((table_id, old, 0), (table_id + 1, (old or 0) + 1, 0), (table_id, (old or 0) + 5, 0)):
        reply = host.choose(CH, to_act(host), *args)
        assert not reply.ok and reply.private == MOVED_ON
    assert dump(store) == before


def test_choose_refuses_wrong_player_stranger_bad_index_and_junk(host: Host, store: Store) -> None:
    started(host)
    turn = host.turn(CH)
    data = turn.data or {}
    tid, v = data["table_id"], turn.version
    other = "u2" if data["to_act"] == "u1" else "u1"
    before = dump(store)
    assert "not your turn" in (host.choose(CH, other, tid, v, 0).private or "")  # type: ignore[arg-type]
    assert "not playing" in (host.choose(CH, "u9", tid, v, 0).private or "")  # type: ignore[arg-type]
    for index in (len(turn.choices), -1, 999):
        reply = host.choose(CH, data["to_act"], tid, v, index)  # type: ignore[arg-type]
        assert not reply.ok and "isn't on the board" in (reply.private or "")
    for bad in ("0", 1.0, True, None):
        reply = host.choose(CH, data["to_act"], tid, v, bad)  # type: ignore[arg-type]
        assert not reply.ok and "whole number" in (reply.private or "")
    assert dump(store) == before


def test_choose_on_the_board_of_a_finished_or_abandoned_game(host: Host) -> None:
    started(host)
    turn = host.turn(CH)
    data = turn.data or {}
    play_to_end(host)
    reply = host.choose(CH, data["to_act"], data["table_id"], turn.version, 0)  # type: ignore[arg-type]
    assert not reply.ok and reply.private == "That game is over."
    started(host, seed=3)  # a new game in the same channel: the old board is still refused
    reply = host.choose(CH, to_act(host), data["table_id"], turn.version, 0)  # type: ignore[arg-type]
    assert reply.private == "That game is over."
    new = host.turn(CH)
    host.abandon(CH, "u1")
    reply = host.choose(CH, "u1", (new.data or {})["table_id"], new.version, 0)  # type: ignore[arg-type]
    assert reply.private == "That game was abandoned."


def test_two_racing_clicks_on_one_board_exactly_one_wins(db_url: str) -> None:
    url = db_url
    store = Store.open(url)
    host = Host(store)
    started(host)
    turn = host.turn(CH)
    data = turn.data or {}
    results: list[Reply] = []
    barrier = threading.Barrier(2)

    def click() -> None:
        h = Host(Store(url))  # each click in its own process-like host
        barrier.wait()
        results.append(h.choose(CH, data["to_act"], data["table_id"], turn.version, 0))  # type: ignore[arg-type]
        h.store.dispose()

    threads = [threading.Thread(target=click) for _ in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert sorted(r.ok for r in results) == [False, True]
    assert next(r for r in results if not r.ok).private == MOVED_ON
    assert version(host) == (turn.version or 0) + 1
    store.dispose()


# ---------------------------------------------------------------------------------------------
# Pictures and alt text
# ---------------------------------------------------------------------------------------------
def test_alt_text_comes_with_the_picture(store: Store) -> None:
    host = Host(store, render=FunctionRendererDouble(lambda game, view: (b"\x89PNG one", f"{game} board, turn {view.get('turn')}")))
    open_table(host)
    start = host.start(CH, "u1")
    assert start.png == b"\x89PNG one" and start.alt and start.alt.startswith("dicerace board")
    move = host.move(CH, to_act(host), "move 1")
    assert move.png and move.alt
    undo = host.undo(CH, to_act(host))
    assert undo.png and undo.alt
    board = host.board(CH)
    assert board.png and board.alt and board.alt.startswith("dicerace board")


@pytest.mark.parametrize(
    ("returned", "png", "alt"),
    [
        (b"\x89PNG bytes only", b"\x89PNG bytes only", None),
        ((b"\x89PNG", None), b"\x89PNG", None),
        ((b"\x89PNG", ""), b"\x89PNG", None),
        (None, None, None),
        ((b"", "alt of nothing"), None, None),
        ("not bytes", None, None),
    ],
)
def test_render_callback_may_return_bytes_or_a_pair(store: Store, returned: Any, png: Any, alt: Any) -> None:
    host = Host(store, render=FunctionRendererDouble(lambda game, view: returned))
    started(host)
    reply = host.board(CH)
    assert reply.ok and reply.png == png and reply.alt == alt


def test_a_failing_renderer_costs_picture_and_alt_only(store: Store) -> None:
    def broken(game: str, view: dict[str, Any]) -> tuple[bytes, str]:
        raise RuntimeError("no fonts")

    host = Host(store, render=FunctionRendererDouble(broken))
    started(host)
    reply = host.move(CH, to_act(host), "bank")
    assert reply.ok and reply.png is None and reply.alt is None


# ---------------------------------------------------------------------------------------------
# Board messages
# ---------------------------------------------------------------------------------------------
def test_set_board_message_is_unversioned_and_survives_restart(db_url: str) -> None:
    url = db_url
    store = Store.open(url)
    host = Host(store)
    started(host)
    v = version(host)
    link = "https://discord.com/channels/1/2/3"
    reply = host.set_board_message(CH, "3", link)
    assert reply.ok and reply.version == v and version(host) == v
    assert host.status(CH).data["board_url"] == link  # type: ignore[index]
    store.dispose()
    host2 = Host(Store.open(url))
    refusal = host2.new_table(CH, "u5", "Eve", "dicerace", {"players": 2})
    assert not refusal.ok and f"Latest board: {link}" in (refusal.private or "")
    assert refusal.data == {"table_id": 1, "game": "dicerace", "status": "running", "board_url": link}
    host2.store.dispose()


def test_set_board_message_refusals(host: Host, store: Store) -> None:
    assert "no game" in (host.set_board_message(CH, "1", "https://x").private or "")
    started(host)
    before = dump(store)
    assert "another table" in (host.set_board_message(CH, "1", "https://x", table_id=99).private or "")
    assert "too long" in (host.set_board_message(CH, "1", "https://" + "x" * 400).private or "")
    assert "empty" in (host.set_board_message(CH, "", "https://x").private or "")
    assert dump(store) == before


# ---------------------------------------------------------------------------------------------
# Command names and step data
# ---------------------------------------------------------------------------------------------
def test_command_names_given_to_the_constructor(store: Store) -> None:
    host = Host(store, command_names={"new": "«open»", "join": "«sit»", "start": "«go»"})
    assert host.status(CH).private == "There is no game in this channel. Open one with «open»."
    reply = host.new_table(CH, "u1", "Ann", "dicerace", {"players": 2})
    assert "Join it with «sit»; start it with «go»." in (reply.public or "")
    assert "start it with «go»" in (host.move(CH, "u1", "bank").private or "")
    assert "Join with «sit»" in (host.status(CH).public or "")


def test_move_data_carries_events_next_and_result(host: Host) -> None:
    started(host)
    reply = host.move(CH, to_act(host), "bank")
    data = reply.data or {}
    assert data["step"] == "bank" and data["finished"] is False and data["result"] is None
    assert data["solo"] is False and data["automa"] == []
    assert data["events"] and all(set(e) == {"kind", "seat", "text"} for e in data["events"])
    assert [e["text"] for e in data["events"]] == (reply.public or "").splitlines()[1:-1]
    assert data["next"] == (reply.public or "").splitlines()[-1]


def test_finished_solo_data_has_the_result(host: Host) -> None:
    assert host.solo(CH, "u1", "Ann", "dicerace", seed=4).ok
    assert host.status(CH).data["solo"] is True  # type: ignore[index]
    last = None
    for _ in range(500):
        if host.status(CH).data["status"] != "running":  # type: ignore[index]
            break
        last = host.move(CH, "u1", "move 1" if "move 1" in [n for n, _ in host.legal(CH, "u1").choices] else "bank")
        assert last.ok
    assert last is not None
    data = last.data or {}
    assert data["finished"] is True and data["solo"] is True
    result = data["result"]
    assert result["players"][0]["name"] == "Ann (red)" and result["players"][0]["rank"] == 1
    assert result["players"][0]["score"] == current_state(host).scores[0]


def test_automa_events_are_listed(host: Host, monkeypatch: pytest.MonkeyPatch) -> None:
    """Events of kind "automa" (an automated opponent's turn) are picked out for front ends."""
    started(host)
    original = type(GAME).apply

    def apply(self: Any, state: Any, action: Any) -> Any:
        new, events = original(self, state, action)
        if action.kind == "bank":
            events = [*events, Event(AUTOMA_EVENT, 1, "The robot rolls a 5 and banks it.")]
        return new, events

    monkeypatch.setattr(type(GAME), "apply", apply)
    reply = host.move(CH, to_act(host), "bank")
    data = reply.data or {}
    assert data["automa"] == ["The robot rolls a 5 and banks it."]
    assert {"kind": AUTOMA_EVENT, "seat": 1, "text": "The robot rolls a 5 and banks it."} in data["events"]
