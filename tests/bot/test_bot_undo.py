"""Undo: own steps inside one's own turn only; an appended log entry, never a deletion."""

from __future__ import annotations

import pytest
from fakegame import GAME
from hosthelpers import CH, current_state, dump, started, to_act, version

from bot.host import Host, TableLoader, effective_moves
from bot.store import Store

#: Every test with a store runs on SQLite and, when the run has a server, on PostgreSQL.
pytestmark = pytest.mark.all_databases


def _state_json(host: Host) -> str:
    return GAME.to_json(current_state(host))


def _first_turn_with_pips(host: Host, need: int = 2) -> str:
    """Bank until the player to act has at least ``need`` pips; return that user."""
    for _ in range(200):
        user = to_act(host)
        if current_state(host).remaining >= need:
            return user
        assert host.move(CH, user, "bank").ok
    raise AssertionError("no roll high enough")


def test_undo_own_step_within_turn(host: Host, store: Store) -> None:
    started(host)
    user = _first_turn_with_pips(host)
    before = _state_json(host)
    board_before = host.board(CH).data.text
    moved = host.move(CH, user, "move 1")
    assert moved.ok
    reply = host.undo(CH, user)
    assert reply.ok, reply.private
    assert "took back 'move 1'" in (reply.public or "")
    assert reply.version == (moved.version or 0) + 1
    assert _state_json(host) == before
    assert host.board(CH).data.text == board_before
    # the log keeps both entries; the undo names the seq it takes back
    moves = host.export(CH).data.moves
    assert [m["kind"] for m in moves[-2:]] == ["choice", "undo"]
    assert moves[-1]["notation"] == str(moves[-2]["seq"])
    assert moves[-2] not in effective_moves(moves)


def test_undo_several_steps_back_to_turn_start_then_refused(host: Host, store: Store) -> None:
    started(host)
    user = _first_turn_with_pips(host, need=3)
    start = _state_json(host)
    assert host.move(CH, user, "move 1").ok
    after_one = _state_json(host)
    assert host.move(CH, user, "move 2").ok
    assert host.undo(CH, user).ok
    assert _state_json(host) == after_one
    assert host.undo(CH, user).ok
    assert _state_json(host) == start
    before = dump(store)
    reply = host.undo(CH, user)
    assert not reply.ok and "random outcome" in (reply.private or "")
    assert dump(store) == before


def test_redo_after_undo_and_snapshot_free_replay_agree(host: Host, store: Store) -> None:
    started(host)
    user = _first_turn_with_pips(host)
    assert host.move(CH, user, "move 1").ok
    assert host.undo(CH, user).ok
    assert host.move(CH, user, "move 2").ok
    assert host.move(CH, user, "bank").ok
    from sqlalchemy import text

    board = host.board(CH).public
    with store.engine.begin() as conn:
        conn.execute(text("DELETE FROM snapshot"))
    assert host.board(CH).public == board  # the effective log replays to the same state


def test_undo_refused_across_chance(host: Host, store: Store) -> None:
    started(host)
    user = to_act(host)
    before = dump(store)
    reply = host.undo(CH, user)  # the only entries so far are chance outcomes
    assert not reply.ok and "random outcome" in (reply.private or "")
    assert dump(store) == before


def test_undo_refused_after_roll_again(host: Host, store: Store) -> None:
    started(host, seed=2)
    for _ in range(300):
        user = to_act(host)
        state = current_state(host)
        if state.remaining > 0:
            assert host.move(CH, user, f"move {state.remaining}").ok
            continue
        # all pips spent: roll again, then try to take the roll back
        assert host.move(CH, user, "again").ok
        if to_act(host) != user:
            continue  # busted: the turn passed
        before = dump(store)
        reply = host.undo(CH, user)
        assert not reply.ok and "random outcome" in (reply.private or "")
        assert dump(store) == before
        return
    raise AssertionError("never rolled again without busting")


def test_undo_refused_after_turn_ended(host: Host, store: Store) -> None:
    started(host)
    user = to_act(host)
    assert host.move(CH, user, "bank").ok
    before = dump(store)
    reply = host.undo(CH, user)
    assert not reply.ok
    assert "your own turn" in (reply.private or "") or "turn is over" in (reply.private or "")
    assert dump(store) == before


def test_undo_refused_for_other_seat_and_non_player(host: Host, store: Store) -> None:
    started(host)
    user = _first_turn_with_pips(host)
    assert host.move(CH, user, "move 1").ok
    other = "u2" if user == "u1" else "u1"
    before = dump(store)
    reply = host.undo(CH, other)
    assert not reply.ok and "your own turn" in (reply.private or "")
    assert not host.undo(CH, "stranger").ok
    assert dump(store) == before


def test_undo_refused_across_another_seats_move_without_chance(host: Host, store: Store) -> None:
    started(host, modules=["relay"])
    user = to_act(host)
    assert host.move(CH, user, "relay").ok  # hands the die over: no chance entry in between
    nxt = to_act(host)
    assert nxt != user
    before = dump(store)
    reply = host.undo(CH, nxt)
    assert not reply.ok and "other players' moves can't be undone" in (reply.private or "")
    reply = host.undo(CH, user)
    assert not reply.ok and "turn is over" in (reply.private or "")
    assert dump(store) == before


def test_undo_refused_after_revealing_step(host: Host, store: Store) -> None:
    started(host, modules=["peek"])
    user = to_act(host)
    assert host.move(CH, user, "peek").ok
    before = dump(store)
    reply = host.undo(CH, user)
    assert not reply.ok and "can't be undone" in (reply.private or "")
    assert dump(store) == before


def test_undo_with_stale_expected_version_is_refused(host: Host, store: Store) -> None:
    started(host)
    user = _first_turn_with_pips(host)
    assert host.move(CH, user, "move 1").ok
    before = dump(store)
    reply = host.undo(CH, user, expected_version=version(host) - 1)
    assert not reply.ok and "moved on" in (reply.private or "")
    assert dump(store) == before


def test_undo_without_snapshot_replays(host: Host, store: Store) -> None:
    started(host)
    user = _first_turn_with_pips(host)
    before = _state_json(host)
    assert host.move(CH, user, "move 1").ok
    from sqlalchemy import text

    with store.engine.begin() as conn:
        conn.execute(text("DELETE FROM snapshot"))
    assert host.undo(CH, user).ok
    assert _state_json(host) == before
    assert GAME.to_json(GAME.from_json(_state_json(host))) == before


def test_undo_refused_across_the_start_of_the_same_seats_next_turn(store: Store) -> None:
    """A decision of kind "turn" starts a turn: no undo reaches back past it, even without chance."""
    import dataclasses

    from fakegame import DiceRace

    class EndlessThrees(DiceRace):
        """Solo variant: banking starts the next turn at once with a fixed 3 (no chance entry)."""

        def apply(self, state, action):  # noqa: ANN001, ANN201
            new, events = super().apply(state, action)
            if action.kind == "bank" and new.phase == "roll":
                new = dataclasses.replace(new, phase="choose", die=3, remaining=3)
            return new, events

    game = EndlessThrees()
    host = Host(store, games=lambda name: game)
    started(host, players=1)
    assert host.move("chan-1", "u1", "move 1").ok
    assert host.move("chan-1", "u1", "bank").ok
    assert host.status("chan-1").data.to_act == "u1"
    before = dump(store)
    reply = host.undo("chan-1", "u1")
    assert not reply.ok and "new turn has begun" in (reply.private or "")
    assert dump(store) == before
    # inside the new turn undo works again
    assert host.move("chan-1", "u1", "move 2").ok
    assert host.undo("chan-1", "u1").ok


def test_system_notes_do_not_disturb_undo_or_snapshots(host: Host, store: Store, monkeypatch) -> None:
    """Front ends may append system notes (e.g. reminders) between moves."""
    from bot.store import SYSTEM, MoveRec

    started(host)
    user = _first_turn_with_pips(host)
    before = _state_json(host)

    def note() -> None:
        with store.unit_of_work() as repo:
            table = repo.active_table(CH)
            assert table is not None
            repo.append_moves([MoveRec(table.id, repo.last_seq(table.id) + 1, None, None, SYSTEM, "reminder sent")])
            repo.commit()

    note()
    assert host.move(CH, user, "move 1").ok
    note()
    loads: list[str] = []
    original = type(GAME).from_json
    monkeypatch.setattr(type(GAME), "from_json", lambda self, text: loads.append(text) or original(self, text))
    replays: list[int] = []
    original_replay = TableLoader.replay
    monkeypatch.setattr(
        TableLoader, "replay", staticmethod(lambda *a: replays.append(1) or original_replay(*a))
    )
    assert host.undo(CH, user).ok
    assert replays == []  # the snapshot before the step was used, notes notwithstanding
    assert _state_json(host) == before
    assert "— reminder sent" in (host.log(CH, 20).public or "")
