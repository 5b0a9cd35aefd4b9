"""Turn accounts: grouping logged steps into whole turns (engine.core.narration) and the Host's
``data["account"]`` / :meth:`Host.accounts` built from the stored log by replay."""

from __future__ import annotations

from typing import Any

import pytest
from fakegame import GAME
from hosthelpers import CH, started, to_act

from bot.host import Host, format_accounts
from engine.core import CHANCE, Event
from engine.core.capabilities import Narration
from engine.core.narration import AUTOMA_EVENT, account_lines, group_accounts

pytestmark = pytest.mark.all_databases


def ev(text: str, seat: int | None = None, kind: str = "x", **data: Any) -> Event:
    return Event(kind, seat, text, data)


# ---------------------------------------------------------------------------------------------
# group_accounts
# ---------------------------------------------------------------------------------------------
def test_a_turn_is_the_run_of_one_seats_steps_with_the_chance_steps_inside_it() -> None:
    steps = [
        (None, [ev("Set-up draw 1.")]),
        (CHANCE, [ev("Set-up draw 2.")]),
        (0, [ev("Red takes a worker.")], True),
        (CHANCE, [ev("A card is drawn for Red.")]),  # inside Red's turn: Red acts again next
        (0, [ev("Red pays 3 money.")]),
        (CHANCE, [ev("Round 2 begins: black is drawn.")]),  # between turns: its own account
        (1, [ev("Blue takes a worker.")], True),
    ]
    accounts = group_accounts(None, steps)
    assert [(a.seat, a.first, a.last) for a in accounts] == [(None, 0, 1), (0, 2, 4), (None, 5, 5), (1, 6, 6)]
    assert accounts[1].lines == ["Red takes a worker.", "A card is drawn for Red.", "Red pays 3 money."]
    assert accounts[2].lines == ["Round 2 begins: black is drawn."]


def test_a_new_turn_of_the_same_seat_is_a_new_account_and_silent_chance_is_left_out() -> None:
    steps = [
        (0, [ev("Turn one.")], True),
        (CHANCE, []),  # a silent chance step (a shuffle): no account
        (0, [ev("Turn two.")], True),
        (0, [ev("Still turn two.")]),
    ]
    accounts = group_accounts(None, steps)
    assert [(a.seat, a.lines) for a in accounts] == [(0, ["Turn one."]), (0, ["Turn two.", "Still turn two."])]


def test_private_events_never_reach_an_account() -> None:
    steps = [(0, [ev("Red keeps one order."), ev("Red keeps order O7 (Silk).", private=True)], True)]
    [account] = group_accounts(None, steps)
    assert account.lines == ["Red keeps one order."]
    assert all("O7" not in line for line in account.lines)


def test_an_automated_opponents_turn_is_an_account_of_its_own() -> None:
    steps = [
        (0, [ev("Purple takes a worker.")], True),
        (0, [ev("Purple ends the turn.")]),
        (CHANCE, [ev("Takatoshi takes the red worker from space 5.", 1, AUTOMA_EVENT), ev("After his turn.")]),
        (0, [ev("Purple again.")], True),
    ]
    accounts = group_accounts(None, steps)
    assert [(a.seat, a.lines) for a in accounts] == [
        (0, ["Purple takes a worker.", "Purple ends the turn."]),
        (1, ["Takatoshi takes the red worker from space 5."]),
        (None, ["After his turn."]),
        (0, ["Purple again."]),
    ]


class _Hooked:
    """A game whose ``account_lines`` (its Narration capability) merges draws into one sentence."""

    capabilities = (Narration,)

    def account_lines(self, events: list[Event]) -> list[str]:
        draws = [e.data["colour"] for e in events if e.kind == "draw"]
        rest = [e.text for e in events if e.kind != "draw"]
        return ([f"Drawn: {', '.join(draws)}."] if draws else []) + rest


class _Broken:
    capabilities = (Narration,)

    def account_lines(self, events: list[Event]) -> list[str]:
        raise RuntimeError("boom")


def test_the_games_hook_words_the_account_and_a_broken_hook_falls_back_to_the_event_texts() -> None:
    events = [ev("A black worker is drawn.", kind="draw", colour="black"),
              ev("A red worker is drawn.", kind="draw", colour="red"), ev("Round 2 begins.")]
    assert account_lines(_Hooked(), events) == ["Drawn: black, red.", "Round 2 begins."]
    assert account_lines(_Broken(), events) == [e.text for e in events]
    assert account_lines(None, [*events, ev("hidden", private=True)]) == [e.text for e in events]


# ---------------------------------------------------------------------------------------------
# Host
# ---------------------------------------------------------------------------------------------
def _play_turn(host: Host, user: str) -> Any:
    """Spend the die in one-pip steps, then bank; returns the last reply."""
    reply = None
    while True:
        status = host.status(CH).data or {}
        if status.get("to_act") != user:
            return reply
        legal = [n for n, _label in host.legal(CH, user).choices]
        reply = host.move(CH, user, "move 1" if "move 1" in legal else "bank")
        assert reply.ok, reply.private


def test_every_committed_move_carries_the_account_of_the_whole_turn_so_far(host: Host) -> None:
    started(host)
    start = host.status(CH).data or {}
    assert start["status"] == "running"
    user = to_act(host)
    seat = start["to_act_seat"]
    first = host.move(CH, user, "move 1")
    assert first.ok
    [account] = [a for a in first.data["account"] if a["seat"] == seat]
    assert account["lines"] == [f"Seat {seat + 1} moved 1."] and account["who"].startswith(("Ann", "P2"))
    last = _play_turn(host, user)
    accounts = last.data["account"]
    mine = accounts[0]
    assert mine["seat"] == seat
    # the whole turn: every step since its start, not only the last one
    assert mine["lines"][0] == f"Seat {seat + 1} moved 1." and mine["lines"][-1].startswith(f"Seat {seat + 1} banked")
    assert len(mine["lines"]) >= 2
    # the next player's die roll (a chance step between turns) follows as its own account
    assert accounts[1]["seat"] is None and "rolled" in accounts[1]["lines"][0]
    assert all("move 1" not in line and line != "bank" for a in accounts for line in a["lines"])


def test_a_bots_turn_is_narrated_by_its_account(host: Host) -> None:
    assert host.new_table(CH, "u1", "Ann", GAME.name, {"players": 2}, 7).ok
    assert host.add_bot(CH, "u1", "medium").ok
    assert host.start(CH, "u1").ok
    if to_act(host) == "u1":
        _play_turn(host, "u1")
    reply = host.bot_step(CH)
    assert reply.ok and reply.data["bot"]
    bot_accounts = [a for a in reply.data["account"] if a["seat"] == reply.data["seat"]]
    assert bot_accounts and bot_accounts[0]["who"].startswith("Bot 1")
    assert any("banked" in line for line in bot_accounts[0]["lines"])


def test_the_start_carries_the_set_up_account(host: Host) -> None:
    from hosthelpers import open_table

    open_table(host)
    reply = host.start(CH, "u1")
    assert reply.ok
    assert reply.data["account"][0]["seat"] is None
    assert any("starts" in line for line in reply.data["account"][0]["lines"])


def test_accounts_lists_the_tables_turns_and_the_catch_up_since_the_seats_own_turn(host: Host) -> None:
    started(host)
    first_user = to_act(host)
    _play_turn(host, first_user)
    second_user = to_act(host)
    assert second_user != first_user
    _play_turn(host, second_user)
    everything = host.accounts(CH)
    assert everything.ok and everything.public
    seats_in_order = [a["seat"] for a in everything.data["accounts"] if a["seat"] is not None]
    assert len(seats_in_order) == 2 and seats_in_order[0] != seats_in_order[1]
    catch_up = host.accounts(CH, first_user, since_seat_turn=True).data["accounts"]
    # what the first player missed: the second player's turn (and the rolls around it), not their own
    assert [a["seat"] for a in catch_up if a["seat"] is not None] == [seats_in_order[1]]
    assert host.accounts(CH, second_user, since_seat_turn=True).data["accounts"][-1]["seat"] is None
    assert len(host.accounts(CH, last=1).data["accounts"]) == 1
    assert not host.accounts(CH, "stranger", since_seat_turn=True).ok
    assert not host.accounts(CH, last=0).ok


def test_taken_back_steps_are_not_in_the_accounts(host: Host) -> None:
    started(host)
    user = to_act(host)
    assert host.move(CH, user, "move 2").ok
    assert host.undo(CH, user).ok
    reply = host.move(CH, user, "move 1")
    lines = [line for a in reply.data["account"] for line in a["lines"]]
    assert not any("moved 2" in line for line in lines) and any("moved 1" in line for line in lines)
    assert not any("moved 2" in line for a in host.accounts(CH).data["accounts"] for line in a["lines"])


def test_accounts_are_in_the_tables_language_and_format_as_text(host: Host) -> None:
    assert host.new_table(CH, "u1", "Ann", "zaibatsu", {"players": 2}, 7, language="pl").ok
    assert host.join(CH, "u2", "Bob").ok
    assert host.start(CH, "u1").ok
    reply = host.accounts(CH, lang="ru")  # the caller's language does not change the table's texts
    assert reply.ok and reply.language == "pl"
    text = format_accounts(reply.data["accounts"])
    assert text == reply.public
    assert "Fabryki" in text or "fabryk" in text.lower()


def test_the_solo_opponents_turn_is_an_account_under_his_name(host: Host) -> None:
    assert host.solo(CH, "u1", "Ann", "zaibatsu", {}, 3).ok
    seen = []
    for _ in range(40):
        status = host.status(CH).data or {}
        if status.get("status") != "running":
            break
        reply = host.choose(CH, "u1", status["table_id"], status["version"], 0)
        assert reply.ok, reply.private
        seen += [a for a in reply.data["account"] if a["seat"] == 1]
        if seen:
            break
    assert seen, "no automa turn in 40 moves"
    assert seen[0]["who"] == "Takatoshi" and seen[0]["lines"]
