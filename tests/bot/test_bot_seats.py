"""Bot seats through the Host: add-bot, bot turns, take-over after the timeout, return, hints.

The dice race (tests/bot/fakegame.py, with a bot evaluation) keeps these fast; whole games of the
real games with bots are in tests/bot/test_bot_seats_games.py. Runs on SQLite and PostgreSQL.
"""

from __future__ import annotations

import re
from datetime import timedelta

import pytest
from hosthelpers import CH, dump

from bot.host import BOT_PREFIX, MAX_TIMEOUT_HOURS, TAKEOVER_LEVEL, Host, effective_moves
from bot.store import Store, utcnow
from engine.core import get_game, replay

pytestmark = pytest.mark.all_databases


def _open(host: Host, players: int = 3, seed: int = 5, **options: object) -> None:
    assert host.new_table(CH, "u1", "Ann", "dicerace", {"players": players, "target": 12, **options}, seed).ok


def _moves(store: Store) -> list:
    with store.unit_of_work(write=False) as repo:
        table = repo.active_table(CH) or repo.latest_table(CH)
        assert table is not None
        return repo.moves(table.id)


def _to_act(host: Host) -> tuple[str, bool]:
    data = host.status(CH).data
    row = data.players[data.to_act_seat]
    return row["user"], bool(row["bot"])


def _play_human(host: Host, user: str) -> None:
    choices = [n for n, _label in host.legal(CH, user).choices]
    reply = host.move(CH, user, "bank" if "bank" in choices and len(choices) < 4 else choices[-1])
    assert reply.ok, reply.private


# ---------------------------------------------------------------------------------------------
# add-bot
# ---------------------------------------------------------------------------------------------
def test_add_bot_seats_bots_with_their_level(host: Host, store: Store) -> None:
    _open(host)
    first = host.add_bot(CH, "u1", "medium")
    assert first.ok and "Bot 1 (medium) joined (2/3)" in (first.public or "")
    second = host.add_bot(CH, "u1", "hard")
    assert second.ok and "Bot 2 (hard) joined (3/3)" in (second.public or "") and "full" in (second.public or "")
    players = host.status(CH).data.players
    assert [(p["user"], p["bot"]) for p in players] == [("u1", None), ("bot:1", "medium"), ("bot:2", "hard")]
    assert [p["name"] for p in players][1:] == ["Bot 1 (medium)", "Bot 2 (hard)"]


@pytest.mark.parametrize(
    ("user", "level", "words"),
    [
        ("u9", "medium", "Only a seated player can add a bot"),
        ("u1", "expert", "Choose a bot level: easy, medium, hard"),
        ("u1", "", "Choose a bot level"),
    ],
)
def test_add_bot_refusals_change_nothing(host: Host, store: Store, user: str, level: str, words: str) -> None:
    _open(host)
    before = dump(store)
    reply = host.add_bot(CH, user, level)
    assert not reply.ok and words in (reply.private or "")
    assert dump(store) == before


def test_add_bot_refused_when_full_or_started_or_no_table(host: Host, store: Store) -> None:
    assert "no game" in (host.add_bot(CH, "u1").private or "").lower()
    _open(host, players=2)
    assert host.add_bot(CH, "u1").ok
    before = dump(store)
    full = host.add_bot(CH, "u1")
    assert not full.ok and "full" in (full.private or "") and dump(store) == before
    assert host.start(CH, "u1").ok
    started = host.add_bot(CH, "u1")
    assert not started.ok and dump(store) != before


def test_a_table_of_one_person_and_bots_plays_to_the_end_and_replays(host: Host, store: Store) -> None:
    _open(host, players=4, seed=11)
    for _ in range(3):
        assert host.add_bot(CH, "u1", "medium").ok
    start = host.start(CH, "u1")
    assert start.ok
    bot_turns = 0
    for _step in range(500):
        status = host.status(CH).data
        if status.status != "running":
            break
        user, is_bot = _to_act(host)
        if is_bot:
            reply = host.bot_step(CH)
            assert reply.ok, reply.private
            data = reply.data
            assert data.bot and data.level == "medium"
            assert (reply.public or "").splitlines()[0].startswith(f"Bot {user[len(BOT_PREFIX):]} (medium)")
            assert user not in reply.mention  # a bot is never pinged
            bot_turns += 1
        else:
            assert user == "u1"
            idle = host.bot_step(CH)
            assert not idle.ok and idle.data.idle  # not a bot's turn: nothing happens
            _play_human(host, user)
    assert host.status(CH).data.status == "finished"
    assert bot_turns > 3
    moves = _moves(store)
    assert {m.actor for m in moves if m.kind == "choice" and m.seat != 0} == {"bot:medium"}  # marked in the log
    assert {m.actor for m in moves if m.kind == "choice" and m.seat == 0} == {"u1"}
    with store.unit_of_work(write=False) as repo:
        table = repo.latest_table(CH)
        assert table is not None
        snap = repo.latest_snapshot(table.id)
    game = get_game("dicerace")
    replayed = replay(game, table.options, table.seed or 0, [m.notation for m in effective_moves(moves)])
    assert snap is not None and game.to_json(replayed) == game.to_json(game.from_json(snap.state))


def test_bots_are_seeded_from_the_table(db_url: str) -> None:
    """Two tables with the same seed and the same human moves get the same bot moves."""
    logs = []
    for _run in range(2):
        store = Store.open(db_url)
        host = Host(store)
        _open(host, players=2, seed=21)
        assert host.add_bot(CH, "u1").ok and host.start(CH, "u1").ok
        for _step in range(40):
            if host.status(CH).data.status != "running":
                break
            user, is_bot = _to_act(host)
            if is_bot:
                assert host.bot_step(CH).ok
            else:
                _play_human(host, user)
        logs.append([(m.actor, m.notation) for m in _moves(store)])
        assert host.abandon(CH, "u1").ok or host.status(CH).data.status == "finished"
        store.dispose()
    assert logs[0] == logs[1][: len(logs[0])] or logs[0][: len(logs[1])] == logs[1]


def test_a_bot_turn_computed_on_a_stale_table_is_not_saved(host: Host, store: Store, monkeypatch) -> None:
    _open(host, players=2, seed=3)
    assert host.add_bot(CH, "u1").ok and host.start(CH, "u1").ok
    while not _to_act(host)[1]:
        _play_human(host, "u1")
    from engine.core import bots

    real = bots.bot_view
    abandoned: list[bool] = []

    def meanwhile(game, state, seat, seed):  # noqa: ANN001, ANN202
        # someone changes the table while the bot thinks: its creator abandons it
        if not abandoned:
            abandoned.append(host.abandon(CH, "u1").ok)
        return real(game, state, seat, seed)

    monkeypatch.setattr(bots, "bot_view", meanwhile)
    before = len(_moves(store))
    reply = host.bot_step(CH)
    assert abandoned == [True]
    assert not reply.ok and "moved on" in (reply.private or "")
    assert len(_moves(store)) == before + 1  # only the abandon note


# ---------------------------------------------------------------------------------------------
# timeout, take-over and return
# ---------------------------------------------------------------------------------------------
def _two_people(host: Host, seed: int = 9) -> None:
    _open(host, players=2, seed=seed)
    assert host.join(CH, "u2", "Bob").ok
    assert host.start(CH, "u1").ok


def test_set_timeout_bounds_and_permissions(host: Host, store: Store) -> None:
    _two_people(host)
    before = dump(store)
    for hours in (-1, MAX_TIMEOUT_HOURS + 1, True, "5"):
        reply = host.set_timeout(CH, "u1", hours)  # type: ignore[arg-type]
        assert not reply.ok and "1 to 168" in (reply.private or "")
    stranger = host.set_timeout(CH, "u9", 4)
    assert not stranger.ok and "players or a server admin" in (stranger.private or "")
    assert dump(store) == before
    version = host.status(CH).version
    ok = host.set_timeout(CH, "u2", 4)
    assert ok.ok and "after 8 hours a bot" in (ok.public or "") and "'return'" in (ok.public or "")
    assert host.status(CH).version == version  # no version change: buttons stay valid
    assert host.status(CH).data.timeout_hours == 4
    assert host.set_timeout(CH, "u9", 0, is_admin=True).ok
    assert host.status(CH).data.timeout_hours is None


def test_the_absent_player_is_reminded_then_taken_over_and_returns(host: Host, store: Store) -> None:
    _two_people(host)
    assert host.set_timeout(CH, "u1", 2).ok
    waiting, _bot = _to_act(host)
    start = utcnow()
    assert host.due_takeovers(start + timedelta(hours=1)) == []
    [reminder] = host.due_reminders(start + timedelta(hours=2, minutes=1))  # after one period: a reminder
    assert reminder["to_act"] == waiting and reminder["hours"] == 2
    assert host.due_takeovers(start + timedelta(hours=3)) == []
    [due] = host.due_takeovers(start + timedelta(hours=4, minutes=1))  # after two: a take-over
    assert due["user_id"] == waiting
    version = host.status(CH).version
    taken = host.take_over(due["table_id"], due["last_seq"])
    assert taken.ok and "has not moved for 4 hours" in (taken.public or "") and "'return'" in (taken.public or "")
    assert not host.take_over(due["table_id"], due["last_seq"]).ok  # claimed once
    assert host.status(CH).version == version + 1  # the absent player's old buttons are stale now
    assert host.due_takeovers(start + timedelta(hours=9)) == []
    assert host.due_reminders(start + timedelta(hours=9)) == []  # nobody reminds a bot
    row = next(p for p in host.status(CH).data.players if p["user"] == waiting)
    assert row["bot"] == TAKEOVER_LEVEL
    # the player can't move while the bot has the seat; hints are refused too
    refused = host.move(CH, waiting, "bank")
    assert not refused.ok and "A bot plays your seat now" in (refused.private or "")
    bot_turn = host.bot_step(CH)
    assert bot_turn.ok and (bot_turn.public or "").startswith(f"{'Ann' if waiting == 'u1' else 'Bob'}'s bot")
    assert any(m.actor == f"bot:{TAKEOVER_LEVEL}" and m.kind == "choice" for m in _moves(store))
    notes = [m.notation for m in _moves(store) if m.kind == "system"]
    assert any(n.startswith("bot takes over seat") for n in notes)
    # back again
    back = host.return_seat(CH, waiting)
    assert back.ok and "is back" in (back.public or "")
    again = host.return_seat(CH, waiting)
    assert not again.ok and "own seat already" in (again.private or "")
    row = next(p for p in host.status(CH).data.players if p["user"] == waiting)
    assert row["bot"] is None
    assert any(m.notation.startswith("player returns to seat") for m in _moves(store) if m.kind == "system")
    stranger = host.return_seat(CH, "u9")
    assert not stranger.ok and "not playing" in (stranger.private or "")


def test_a_move_after_the_claim_was_read_makes_the_take_over_stale(host: Host) -> None:
    _two_people(host)
    assert host.set_timeout(CH, "u1", 1).ok
    [due] = host.due_takeovers(utcnow() + timedelta(hours=2, minutes=1))
    _play_human(host, due["user_id"])  # the player moves just in time
    late = host.take_over(due["table_id"], due["last_seq"])
    assert not late.ok and "moved on" in (late.private or "")


def test_take_overs_are_split_by_shard(host: Host) -> None:
    assert host.new_table(CH, "u1", "Ann", "dicerace", {"players": 2, "target": 12}, 9, guild=str(5 << 22)).ok
    assert host.join(CH, "u2", "Bob").ok and host.start(CH, "u1").ok
    assert host.set_timeout(CH, "u1", 1).ok
    later = utcnow() + timedelta(hours=3)
    assert len(host.due_takeovers(later, lambda guild: guild == str(5 << 22))) == 1
    assert host.due_takeovers(later, lambda guild: False) == []


# ---------------------------------------------------------------------------------------------
# hints
# ---------------------------------------------------------------------------------------------
def test_hint_lists_up_to_three_legal_moves_with_reasons(host: Host, store: Store) -> None:
    _two_people(host)
    user, _bot = _to_act(host)
    before = dump(store)
    reply = host.hint(CH, user)
    assert reply.ok and reply.public is None and reply.private
    legal = {n for n, _label in host.legal(CH, user).choices}
    assert 1 <= len(reply.choices) <= 3
    assert all(n in legal and reason for n, reason in reply.choices)
    assert len({n for n, _r in reply.choices}) == len(reply.choices)
    lines = reply.private.splitlines()
    # The suggested move named, with the winning chance it adds against the next best (one step ahead).
    labels = dict(host.legal(CH, user).choices)
    assert lines[0] == f"Suggested: {labels[reply.choices[0][0]]}."
    assert re.fullmatch(r"It adds \+?[0-9.]+% winning chance against the next best, .+ \([0-9.]+% → [0-9.]+%\)\.",
                        lines[1]) or lines[1] == "It is the only move now.", lines[1]
    assert lines[2] == "Suggested moves (best first):"
    assert all(re.fullmatch(rf"{i}\. \S.* — winning chance [0-9.]+%(; \S.*)?", line)
               for i, line in enumerate(lines[3:], 1)), lines
    assert [line.split(" — ")[0] for line in lines[3:]] == [
        f"{i}. {labels[n]}" for i, (n, _r) in enumerate(reply.choices, start=1)]
    assert dump(store) == before  # a hint saves nothing
    other = "u2" if user == "u1" else "u1"
    refused = host.hint(CH, other)
    assert not refused.ok and "not your turn" in (refused.private or "")
    assert not host.hint(CH, "u9").ok
    assert not host.hint("nowhere", user).ok
