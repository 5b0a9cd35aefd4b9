"""Host over in-memory SQLite with the dice race: seats, turns, chance, bad input, concurrency, restart."""

from __future__ import annotations

import threading
from dataclasses import replace

import pytest
from fakegame import GAME, DiceRace
from hosthelpers import CH, current_state, dump, open_table, play_to_end, started, to_act, version
from renderer_doubles import FunctionRendererDouble
from sqlalchemy import text

from bot.host import MAX_INPUT, MOVED_ON, Host, Reply, effective_moves
from bot.store import Store
from engine.core import CHANCE, IllegalAction, sample_chance

#: Every test with a store runs on SQLite and, when the run has a server, on PostgreSQL.
pytestmark = pytest.mark.all_databases


# ---------------------------------------------------------------------------------------------
# Lobby and seats
# ---------------------------------------------------------------------------------------------
def test_new_table_seats_creator_and_join_order(host: Host) -> None:
    reply = host.new_table(CH, "u1", "Ann", "dicerace", {"players": 3})
    assert reply.ok and reply.version == 1 and "Ann" in (reply.public or "")
    assert host.join(CH, "u2", "Bob").ok
    assert host.join(CH, 333, "Cy").ok  # ids may be ints (Discord); stored as text
    data = host.status(CH).data
    assert data is not None
    assert [(p["seat"], p["user"], p["name"]) for p in data["players"]] == [
        (0, "u1", "Ann"), (1, "u2", "Bob"), (2, "333", "Cy")
    ]
    assert data["status"] == "open" and data["version"] == 3


def test_leave_renumbers_seats_and_passes_creator(host: Host) -> None:
    open_table(host, players=3)
    assert host.leave(CH, "u1").ok
    data = host.status(CH).data
    assert data is not None
    assert [(p["seat"], p["user"]) for p in data["players"]] == [(0, "u2"), (1, "u3")]
    # the new creator may abandon
    assert host.abandon(CH, "u2").ok


def test_last_player_leaving_closes_the_table(host: Host) -> None:
    assert host.new_table(CH, "u1", "Ann", "dicerace", {"players": 2}).ok
    reply = host.leave(CH, "u1")
    assert reply.ok and "closed" in (reply.public or "")
    assert not host.join(CH, "u2", "Bob").ok
    assert host.new_table(CH, "u2", "Bob", "dicerace", {"players": 2}).ok


def test_start_labels_seats_and_resolves_opening_chance(host: Host) -> None:
    started(host, players=3, seed=11)
    data = host.export(CH).data
    assert data is not None
    assert [p["label"] for p in data["players"]] == ["red", "blue", "green"]
    moves = data["moves"]
    # start player and first roll are chance entries (no actor, seat CHANCE)
    assert [m["kind"] for m in moves] == ["chance", "chance"]
    assert moves[0]["notation"].startswith("first ") and moves[1]["notation"].startswith("roll ")
    assert all(m["seat"] == CHANCE for m in moves)
    assert data["options"]["players"] == 3 and data["seed"] == 11


def test_start_without_seed_draws_one(host: Host) -> None:
    started(host, seed=None)
    data = host.export(CH).data
    assert data is not None and isinstance(data["seed"], int)


def test_start_without_players_option_uses_seat_count(host: Host) -> None:
    assert host.new_table(CH, "u1", "Ann", "dicerace", {}).ok
    assert host.join(CH, "u2", "Bob").ok
    assert host.join(CH, "u3", "Cy").ok
    assert host.start(CH, "u2").ok
    assert len(GAME.seat_labels(current_state(host))) == 3


def test_solo_creates_and_starts(host: Host) -> None:
    reply = host.solo(CH, "u1", "Ann", "dicerace")
    assert reply.ok, reply.private
    data = host.status(CH).data
    assert data is not None and data["status"] == "running" and data["to_act"] == "u1"


def test_tables_in_different_channels_are_independent(host: Host) -> None:
    started(host, channel="a")
    started(host, channel="b", seed=3)
    assert host.status("a").data["table_id"] != host.status("b").data["table_id"]  # type: ignore[index]


# ---------------------------------------------------------------------------------------------
# Turns, chance, moves
# ---------------------------------------------------------------------------------------------
def test_move_appends_choice_then_chance_and_snapshot(host: Host, store: Store) -> None:
    started(host)
    user = to_act(host)
    v = version(host)
    first = host.move(CH, user, "bank")
    assert first.ok and first.version == v + 1
    assert "bank" in (first.public or "")
    data = host.export(CH).data
    assert data is not None
    kinds = [(m["kind"], m["seat"]) for m in data["moves"]]
    assert kinds[2][0] == "choice" and kinds[3] == ("chance", CHANCE)
    with store.engine.connect() as conn:
        seqs = [r[0] for r in conn.execute(text("SELECT seq FROM snapshot ORDER BY seq"))]
    assert seqs == [2, 4]


def test_chance_outcomes_are_sampled_at_ply_equal_to_seq(host: Host) -> None:
    started(host, seed=99)
    play_to_end(host)
    data = host.export(CH).data
    assert data is not None
    state = GAME.setup(data["options"], data["seed"])
    for m in effective_moves(data["moves"]):
        if m["kind"] == "chance":
            expected = sample_chance(GAME, state, data["seed"], m["seq"])
            assert GAME.format_action(state, expected) == m["notation"]
        state, _ = GAME.apply(state, GAME.parse_action(state, m["notation"]))
    assert GAME.result(state) is not None


def test_canonical_notation_is_stored(host: Host) -> None:
    started(host)
    user = to_act(host)
    assert host.move(CH, user, "  BANK ").ok
    data = host.export(CH).data
    assert data is not None and data["moves"][2]["notation"] == "bank"


def test_move_reply_mentions_next_player(host: Host) -> None:
    started(host)
    user = to_act(host)
    reply = host.move(CH, user, "bank")
    other = "u2" if user == "u1" else "u1"
    assert reply.mention == [other]
    assert "to play" in (reply.public or "")


def test_legal_lists_notation_and_labels(host: Host) -> None:
    started(host)
    user = to_act(host)
    reply = host.legal(CH, user)
    assert reply.ok and ("bank", "Bank 0 point(s) and end the turn") in reply.choices
    assert all(isinstance(n, str) and isinstance(label, str) for n, label in reply.choices)
    other = "u2" if user == "u1" else "u1"
    refused = host.legal(CH, other)
    assert not refused.ok and "not your turn" in (refused.private or "")


def test_full_game_finishes_with_result(host: Host) -> None:
    started(host, players=3, seed=5, first_game=True)
    play_to_end(host)
    data = host.status(CH).data
    assert data is not None and data["status"] == "finished"
    board = host.board(CH)
    assert board.ok and "Dice race" in (board.public or "")
    assert not host.move(CH, "u1", "bank").ok  # no running game any more
    assert host.export(CH).ok  # the finished log is still there
    # a new table may be opened in the channel now
    assert host.new_table(CH, "u1", "Ann", "dicerace", {"players": 2}).ok


def test_last_move_reply_carries_result_and_mentions_everyone(host: Host) -> None:
    started(host, players=2, seed=5, first_game=True)
    last: Reply | None = None
    while host.status(CH).data["status"] == "running":  # type: ignore[index]
        user = to_act(host)
        choices = [n for n, _ in host.legal(CH, user).choices]
        last = host.move(CH, user, "move 1" if "move 1" in choices else "bank")
        assert last.ok
    assert last is not None
    assert "Final result" in (last.public or "") and sorted(last.mention) == ["u1", "u2"]


def test_board_gives_private_seat_text_only_when_different(host: Host) -> None:
    started(host)
    reply = host.board(CH, "u1")
    assert reply.ok and reply.private is None  # everything is public in the dice race
    assert reply.data is not None and reply.data["text"] in (reply.public or "")


def test_log_marks_entries(host: Host) -> None:
    started(host)
    user = to_act(host)
    assert host.move(CH, user, "move 1").ok
    assert host.undo(CH, user).ok
    lines = (host.log(CH, 50).public or "").splitlines()
    assert lines[0].startswith("#1 chance: first")
    assert lines[2].endswith("move 1 (taken back)")
    assert "took back #3 (move 1)" in lines[3]
    assert len((host.log(CH, 2).public or "").splitlines()) == 2


def test_render_is_called_after_commit_and_failures_cost_only_the_picture(store: Store) -> None:
    calls: list[tuple[str, dict]] = []

    def render(name: str, view: dict) -> bytes:
        calls.append((name, view))
        return b"\x89PNG fake"

    host = Host(store, render=FunctionRendererDouble(render))
    started(host)
    reply = host.move(CH, to_act(host), "bank")
    assert reply.png == b"\x89PNG fake" and calls[-1][0] == "dicerace"

    def broken(name: str, view: dict) -> bytes:
        raise RuntimeError("no fonts")

    host2 = Host(store, render=FunctionRendererDouble(broken))
    reply = host2.move(CH, to_act(host2), "bank")
    assert reply.ok and reply.png is None


# ---------------------------------------------------------------------------------------------
# Bad input: refused, explained, nothing written
# ---------------------------------------------------------------------------------------------
def _refused(store: Store, call, *needles: str) -> Reply:
    before = dump(store)
    reply = call()
    assert isinstance(reply, Reply)
    assert reply.ok is False
    assert reply.private, "a refusal must say why"
    for needle in needles:
        assert needle.lower() in reply.private.lower(), reply.private
    assert dump(store) == before
    return reply


def test_bad_lobby_input_changes_nothing(host: Host, store: Store) -> None:
    _refused(store, lambda: host.new_table(CH, "u1", "Ann", "chess", {"players": 2}), "unknown game")
    _refused(store, lambda: host.new_table(CH, "u1", "Ann", "dicerace", {"players": 9}), "1 to 4 players")
    _refused(store, lambda: host.new_table(CH, "u1", "Ann", "dicerace", {"modules": ["x"]}), "module")
    _refused(store, lambda: host.new_table(CH, "u1", "Ann", "dicerace", {"players": "two"}), "players")
    _refused(store, lambda: host.new_table(CH, "u1", "Ann", "dicerace", {"x": object()}), "json")
    _refused(store, lambda: host.new_table(CH, "u1", "A" * 300, "dicerace", {}), "too long")
    _refused(store, lambda: host.new_table(CH, "u1", "Ann", "dicerace", {}, seed=-1), "seed")
    _refused(store, lambda: host.join(CH, "u2", "Bob"), "no game in this channel")
    _refused(store, lambda: host.start(CH, "u2"), "no game in this channel")
    _refused(store, lambda: host.move(CH, "u2", "bank"), "no game in this channel")
    _refused(store, lambda: host.undo(CH, "u2"), "no game in this channel")
    _refused(store, lambda: host.legal(CH, "u2"), "no game in this channel")
    _refused(store, lambda: host.board(CH), "no game in this channel")
    _refused(store, lambda: host.log(CH), "no game in this channel")
    _refused(store, lambda: host.export(CH), "no game in this channel")
    _refused(store, lambda: host.abandon(CH, "u1"), "no game in this channel")
    _refused(store, lambda: host.leave(CH, "u1"), "no game in this channel")

    open_table(host, players=2)
    assert host.leave(CH, "u2").ok
    _refused(store, lambda: host.new_table(CH, "u9", "Zed", "dicerace", {}), "already open here", "table #1")
    _refused(store, lambda: host.join(CH, "u1", "Ann"), "already have a seat")
    _refused(store, lambda: host.start(CH, "u1"), "for 2 players", "waiting for 1 more")
    _refused(store, lambda: host.start(CH, "u7"), "seated player")
    _refused(store, lambda: host.move(CH, "u1", "bank"), "hasn't started")
    _refused(store, lambda: host.leave(CH, "u7"), "no seat")
    assert host.join(CH, "u2", "Bob").ok
    _refused(store, lambda: host.join(CH, "u3", "Cy"), "full")


def test_bad_play_input_changes_nothing(host: Host, store: Store) -> None:
    started(host)
    user = to_act(host)
    other = "u2" if user == "u1" else "u1"
    _refused(store, lambda: host.move(CH, "u9", "bank"), "not playing")
    _refused(store, lambda: host.move(CH, other, "bank"), "not your turn")
    _refused(store, lambda: host.move(CH, user, "fly away"), "can't read")
    _refused(store, lambda: host.move(CH, user, "move 9"), "pip")
    _refused(store, lambda: host.move(CH, user, "roll 6"), "not possible")
    _refused(store, lambda: host.move(CH, user, "   "), "type a move")
    _refused(store, lambda: host.move(CH, user, 12345), "must be text")  # type: ignore[arg-type]
    _refused(store, lambda: host.move(CH, user, "bank", expected_version=1), "moved on")
    _refused(store, lambda: host.move(CH, user, "bank", table_id=999), "earlier game")
    _refused(store, lambda: host.start(CH, user), "already started")
    _refused(store, lambda: host.join(CH, "u5", "Eve"), "already started")
    _refused(store, lambda: host.leave(CH, user), "has started")
    _refused(store, lambda: host.abandon(CH, "u2"), "only the table's creator (ann)")
    _refused(store, lambda: host.log(CH, 0), "1 to 200")
    _refused(store, lambda: host.undo(CH, "u9"), "not playing")


def test_oversized_input_is_refused_before_parsing(host: Host, store: Store, monkeypatch) -> None:
    started(host)
    user = to_act(host)
    calls: list[str] = []
    original = DiceRace.parse_action

    def spy(self, state, text):  # noqa: ANN001
        calls.append(text)
        return original(self, state, text)

    monkeypatch.setattr(DiceRace, "parse_action", spy)
    _refused(store, lambda: host.move(CH, user, "b" * (MAX_INPUT + 1)), "too long", "200")
    assert calls == []
    # the move is parsed once; the turn account then replays the log (the same notation again)
    assert host.move(CH, user, "bank").ok and calls[0] == "bank" and set(calls) <= {"bank"} | {
        m["notation"] for m in host.export(CH).data["moves"]}


def test_admin_may_abandon_and_abandoned_table_frees_the_channel(host: Host) -> None:
    started(host)
    reply = host.abandon(CH, "someone", is_admin=True)
    assert reply.ok
    assert host.status(CH).data["status"] == "abandoned"  # type: ignore[index]
    log = host.export(CH).data["moves"]  # type: ignore[index]
    assert log[-1]["kind"] == "system" and log[-1]["notation"] == "abandoned"
    assert host.new_table(CH, "u1", "Ann", "dicerace", {}).ok


def test_engine_bug_is_contained(store: Store) -> None:
    class Exploding(DiceRace):
        def apply(self, state, action):  # noqa: ANN001, ANN201
            if action.kind == "bank":
                raise RuntimeError("boom")
            return super().apply(state, action)

    game = Exploding()
    host = Host(store, games=lambda name: game)
    started(host)
    before = dump(store)
    reply = host.move(CH, to_act(host), "bank")
    assert not reply.ok and "nothing was changed" in (reply.private or "")
    assert dump(store) == before


# ---------------------------------------------------------------------------------------------
# Concurrency and restart (file databases)
# ---------------------------------------------------------------------------------------------
def test_two_racing_moves_with_same_version_exactly_one_wins(db_url: str) -> None:
    url = db_url
    store = Store.open(url)
    host = Host(store)
    started(host)
    user = to_act(host)
    v = version(host)
    entries_before = len(host.export(CH).data["moves"])  # type: ignore[index]
    barrier = threading.Barrier(2)
    replies: list[Reply] = []

    def play(notation: str) -> None:
        own = Host(Store(url))  # separate engine and connections, like two processes
        barrier.wait()
        replies.append(own.move(CH, user, notation, expected_version=v))

    threads = [threading.Thread(target=play, args=(n,)) for n in ("bank", "move 1")]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert sorted(r.ok for r in replies) == [False, True]
    loser = next(r for r in replies if not r.ok)
    assert loser.private == MOVED_ON
    assert version(host) == v + 1
    moves = host.export(CH).data["moves"]  # type: ignore[index]
    assert len([m for m in moves[entries_before:] if m["kind"] == "choice"]) == 1
    store.dispose()


def test_racing_without_expected_version_serialises(db_url: str) -> None:
    url = db_url
    store = Store.open(url)
    host = Host(store)
    started(host, seed=3)
    user = to_act(host)
    remaining = current_state(host).remaining
    barrier = threading.Barrier(4)
    replies: list[Reply] = []

    def play() -> None:
        own = Host(Store(url))
        barrier.wait()
        replies.append(own.move(CH, user, "move 1"))

    threads = [threading.Thread(target=play) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    # no lost update: each accepted step saw the state left by the previous one
    accepted = sum(r.ok for r in replies)
    assert accepted == min(4, remaining)
    assert current_state(host).pending == accepted
    store.dispose()


def test_version_conflict_at_update_time_saves_nothing(host: Host, store: Store, monkeypatch) -> None:
    started(host)
    user = to_act(host)
    from bot import store as store_module

    real = store_module.Repository.bump_version

    def stale(self, table_id, expected, **changes):  # noqa: ANN001, ANN202
        return real(self, table_id, expected - 1, **changes)  # as if someone else got there first

    monkeypatch.setattr(store_module.Repository, "bump_version", stale)
    _refused(store, lambda: host.move(CH, user, "bank"), "moved on")


def test_restart_resumes_from_the_database(db_url: str) -> None:
    url = db_url
    store = Store.open(url)
    host = Host(store)
    started(host, seed=21)
    for _ in range(5):
        user = to_act(host)
        choices = [n for n, _ in host.legal(CH, user).choices]
        assert host.move(CH, user, "move 1" if "move 1" in choices else "bank").ok
    before = host.status(CH)
    board = host.board(CH).public
    store.dispose()

    store2 = Store.open(url)  # a new process: nothing carried over in memory
    host2 = Host(store2)
    after = host2.status(CH)
    assert after.data == before.data and host2.board(CH).public == board
    play_to_end(host2)
    assert host2.status(CH).data["status"] == "finished"  # type: ignore[index]
    store2.dispose()


def test_missing_or_stale_snapshots_fall_back_to_replay(host: Host, store: Store) -> None:
    started(host)
    for _ in range(3):
        user = to_act(host)
        choices = [n for n, _ in host.legal(CH, user).choices]
        assert host.move(CH, user, "move 1" if "move 1" in choices else "bank").ok
    board = host.board(CH).public
    with store.engine.begin() as conn:
        conn.execute(text("DELETE FROM snapshot"))
    assert host.board(CH).public == board
    user = to_act(host)
    assert host.move(CH, user, "bank").ok


def test_snapshot_of_another_engine_version_is_not_trusted(store: Store) -> None:
    host = Host(store)
    started(host)
    user = to_act(host)
    assert host.move(CH, user, "bank").ok
    board = host.board(CH).public

    newer = DiceRace()
    newer.version = "test-2"
    loads: list[str] = []
    original = DiceRace.from_json

    def spy(self, text):  # noqa: ANN001, ANN202
        loads.append(text)
        return original(self, text)

    newer.from_json = spy.__get__(newer)  # type: ignore[method-assign]
    host2 = Host(store, games=lambda name: newer)
    assert host2.board(CH).public == board
    assert loads == []  # replayed from the log, not loaded from the old snapshot


def test_unreplayable_log_is_reported(store: Store) -> None:
    host = Host(store)
    started(host)
    assert host.move(CH, to_act(host), "bank").ok
    with store.engine.begin() as conn:
        conn.execute(text("DELETE FROM snapshot"))
        conn.execute(text("UPDATE move SET notation = 'move 9' WHERE kind = 'choice'"))
    reply = host.board(CH)
    assert not reply.ok and "no longer replays" in (reply.private or "")


def test_records_are_plain_dataclasses(store: Store) -> None:
    host = Host(store)
    started(host)
    with store.unit_of_work(write=False) as repo:
        table = repo.active_table(CH)
        seats = repo.seats(table.id)  # type: ignore[union-attr]
        moves = repo.moves(table.id)  # type: ignore[union-attr]
    # usable after the session closed, and immutable
    assert table is not None and table.status == "running" and seats[0].user_id == "u1"
    assert replace(moves[0], notation="x").notation == "x"
    with pytest.raises(AttributeError):
        table.status = "x"  # type: ignore[misc]


def test_parse_errors_from_the_game_are_refusals(host: Host) -> None:
    started(host)
    user = to_act(host)
    reply = host.move(CH, user, "99")
    assert not reply.ok and "no move number 99" in (reply.private or "")
    with pytest.raises(IllegalAction):
        GAME.parse_action(current_state(host), "nonsense")


def test_failure_after_commit_keeps_the_move(host: Host, monkeypatch) -> None:
    started(host)
    user = to_act(host)

    def broken_next(self, game, state, seats):  # noqa: ANN001, ANN202
        raise RuntimeError("summary broke")

    monkeypatch.setattr(Host, "_next_line", broken_next)
    reply = host.move(CH, user, "bank")
    assert reply.ok and "Saved, but the summary could not be shown" in (reply.public or "")
    assert host.export(CH).data["moves"][2]["notation"] == "bank"  # type: ignore[index]


def test_solo_result_text() -> None:
    from bot.host import format_result
    from bot.store import SeatRec
    from engine.core import PlayerResult, Result

    text = format_result(
        Result((PlayerResult(0, 30, 1),), solo={"won": False, "goals": {"x": 1}, "rating": "Novice"}),
        [SeatRec(1, 0, "u1", "Ann", "purple")],
    )
    assert text.splitlines() == ["Final result:", "1. Ann (purple) — 30 points", "Solo: won: no, rating: Novice"]
