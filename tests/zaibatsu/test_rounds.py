"""Hiring refills, rounds, periods and the final rounds (§2.9), game end (§2.11).

Round track (data: round_track.json, periods.json — PROPOSED boundaries): rounds 1–2 period I,
3–5 period II, final rounds 6–8 period III; place values I 10/8/6/2, II 18/14/10/3, III 26/20/14/4.
"""

from __future__ import annotations

import pytest

from engine.core import CHANCE, IllegalAction
from engine.zaibatsu import GAME

from .scenario import place_token, player_json, puzzle, run_out, set_hiring, set_turn, set_workforce

STD = [["grey", "red", "blue"], ["black", "white", "yellow"], ["red", "blue", "white"], ["black", "grey", "yellow"],
       ["white", "blue", "red"]]


def hiring(spaces, waiting=None):
    return lambda d: set_hiring(d, spaces, waiting)


def money(seat, amount):
    return lambda d: player_json(d, seat, money=amount)


def test_t16_waiting_row_moves_to_empty_space():
    # T-16: a hiring space empties at the end of a turn; the top row is empty, the second row holds
    # 3 workers → they move onto that space.
    spaces = [list(s) for s in STD]
    spaces[3] = ["black"]
    t = puzzle(2, money(0, 1), hiring(spaces, [[], ["grey", "yellow", "white"]]))
    t.play("take 4 rd black", "rd 1")
    assert t.state.hiring[3] == ["grey", "yellow", "white"]
    assert t.state.waiting == [[], []]
    assert t.state.round == 1
    assert GAME.decision(t.state).seat == 1


def test_top_row_first():
    spaces = [list(s) for s in STD]
    spaces[3] = ["black"]
    t = puzzle(2, money(0, 1), hiring(spaces, [["red", "red", "red"], ["grey", "yellow", "white"]]))
    t.play("take 4 rd black", "rd 1")
    assert t.state.hiring[3] == ["red", "red", "red"]
    assert t.state.waiting == [[], ["grey", "yellow", "white"]]


def test_t17_t18_round_end_refills():
    # T-17: a hiring space empties and every waiting row is empty → the round ends.
    # T-18: step 3 adds exactly 1 worker to each space with ≤ 2: [0, 1, 2, 3, 4] → [1, 2, 3, 3, 4].
    spaces = [[], ["black", "white"], ["red", "blue"], ["black", "grey", "yellow"], ["white", "blue", "red", "red"]]
    t = puzzle(2, money(0, 1), hiring(spaces, [[], []]))
    t.play("take 2 mining black", auto_chance=False)
    t.play("mine 1", auto_chance=False)
    # the refills are random draws (chance decisions)
    assert GAME.decision(t.state).seat == CHANCE
    draws = ["~grey", "~yellow", "~blue", "~white", "~black", "~grey", "~yellow", "~yellow", "~blue"]
    t.play(chance=draws)
    assert [len(h) for h in t.state.hiring] == [1, 2, 3, 3, 4]
    assert t.state.hiring[0] == ["grey"] and t.state.hiring[1] == ["white", "yellow"]
    assert t.state.hiring[2] == ["red", "blue", "blue"]
    # step 4: the waiting area refilled (2 players: top section, 2 rows of 3)
    assert t.state.waiting == [["white", "black", "grey"], ["yellow", "yellow", "blue"]]
    assert t.state.round == 2
    assert GAME.decision(t.state).seat == 1  # step 5: the player to the left continues
    assert GAME.check_invariants(t.state) == []


def test_round_end_with_short_bag_g5():
    # G-5: the bag runs short: hiring spaces first (left to right), then waiting rows top-down.
    def edit(d):
        set_workforce(d, 1, ["red", "red", "red", "blue", "blue", "blue"])
        set_workforce(d, 0, ["grey", "grey", "grey", "white", "white"])
        set_hiring(d, [[], ["black", "black"], ["yellow"] * 6, ["black"] * 4 + ["white"] * 2,
                       ["white", "white", "grey", "grey", "grey", "red"]], [[], []])
    t = puzzle(2, money(0, 1), edit)
    assert sum(t.state.bag.values()) == 5
    t.play("take 2 mining black", "mine 1", chance=["~red", "~blue", "~red", "~blue", "~blue"])
    assert t.state.hiring[0] == ["red"] and t.state.hiring[1] == ["black", "blue"]
    assert t.state.waiting == [["red", "blue", "blue"], []]
    assert sum(t.state.bag.values()) == 0
    assert t.legal() == ["consolidate"]  # Green's workforce is full


def period_position(round_no, players=2):
    """Round ``round_no`` ends on Purple's turn (H1 empties; no waiting workers). Purple has a 7 on
    M1 W (printed 0): 7 influence against the foreign companies' 12 in region R1."""
    spaces = [["grey"]] + [list(s) for s in STD[1:]]
    waiting = [[] for _ in range({2: 2, 3: 3, 4: 5}[players])]

    def edit(d):
        d["round"] = round_no
        place_token(d, "M1", "W", 0, 7)
        player_json(d, 0, iron=3)
        set_hiring(d, spaces, waiting)

    return puzzle(players, edit)


@pytest.mark.parametrize(("round_no", "period", "vp"), [(1, None, 0), (2, 1, 6), (3, None, 0), (4, None, 0), (5, 2, 10)])
def test_period_scoring_at_period_end(round_no, period, vp):
    # §2.10: influence scoring when round marker 1 is on the last space of a period (rounds 2, 5).
    # 2 players: foreign 12 first (1st value), Purple 7 second → the 3rd value (6 / 10).
    t = period_position(round_no)
    t.play("take 1 trains grey", "train R2 3 iron")
    assert t.state.round == round_no + 1
    assert [e["period"] for e in t.state.period_log] == ([period] if period else [])
    assert t.player(0).vp == vp
    assert t.state.final == (round_no == 5)


def test_final_rounds_start_after_round_5_refills_as_usual():
    # FAQ: the end of round 5 refills hiring spaces and the waiting area as usual.
    t = period_position(5)
    t.play("take 1 trains grey", "train R2 3 iron")
    assert [len(h) for h in t.state.hiring] == [1, 3, 3, 3, 3]  # exactly 1 added to the empty H1
    assert [len(r) for r in t.state.waiting] == [3, 3]
    assert t.state.final and t.state.round == 6 and t.state.marker2 == 1


@pytest.mark.parametrize(("players", "ender"), [(3, 1), (2, 0), (4, 3), (4, 1)])
def test_t19_exactly_three_more_turns_each(players, ender):
    # T-19: round 5 ends on seat ``ender``'s turn: the next player takes round marker 2 and the
    # final rounds start with them; every player has exactly 3 more turns, then the game ends.
    def edit(d):
        d["round"] = 5
        set_hiring(d, [["grey"]] + [list(s) for s in STD[1:]], [[] for _ in d["waiting"]])
        for seat in range(players):
            player_json(d, seat, money=30, iron=3)
        set_turn(d, ender)

    t = puzzle(players, edit)
    t.play("take 1 trains grey", "train R2 3 iron")
    first = (ender + 1) % players
    assert t.state.final and t.state.marker2 == first
    turns = []
    rounds = []
    while not t.state.over:
        d = t.decision
        if d.kind == "turn":
            turns.append(d.seat)
            rounds.append(t.state.round)
            legal = t.legal()
            move = "consolidate" if "consolidate" in legal else next(m for m in legal if m.startswith("take 4 rd"))
            t.play(move)
        else:
            legal = t.legal()
            t.play("pay" if "pay" in legal else "done" if "done" in legal else legal[0])
    expected = [(first + i) % players for i in range(3 * players)]
    assert turns == expected
    assert rounds == [6] * players + [7] * players + [8] * players
    assert [e["period"] for e in t.state.period_log] == [2, 3]  # round 5 closed period II


def test_g6_final_rounds_no_refill_no_early_round_end():
    # During the final rounds an empty hiring space stays empty when the waiting area is exhausted;
    # the round does not end early and no worker is drawn (§2.9.3, G-6).
    def edit(d):
        d["round"] = 6
        d["final"] = True
        d["marker2"] = 0
        set_hiring(d, [["grey"]] + [list(s) for s in STD[1:]], [[], []])
        player_json(d, 0, iron=3)

    t = puzzle(2, edit)
    bag = dict(t.state.bag)
    t.play("take 1 trains grey", "train R2 3 iron")
    assert t.state.hiring[0] == []
    assert t.state.bag == bag
    assert t.state.round == 6 and t.decision.seat == 1 and t.decision.kind == "turn"
    # nobody can take from the empty space
    assert not [m for m in t.legal() if m.startswith("take 1 ")]


def test_game_end_is_final():
    t = puzzle(2, lambda d: (d.update(round=8, final=True, marker2=0), [p.update(final_turns=3) for p in d["players"]],
                             set_turn(d, 1), d["players"][1].update(final_turns=2)))
    t.play("consolidate", "pay")  # Green's last turn (empty consolidation, G-1)
    run_out(t)
    assert t.state.over
    assert GAME.decision(t.state).seat is None
    assert GAME.legal_actions(t.state) == []
    before = t.json()
    with pytest.raises(IllegalAction) as exc:
        t.apply("consolidate")
    assert "over" in exc.value.reason
    assert t.json() == before
    assert GAME.result(t.state) is not None


def test_random_game_ends_after_final_rounds():
    from .scenario import new_game

    t = new_game(3, seed=21)
    import random

    rng = random.Random(4)
    while not t.state.over:
        t.play(rng.choice(t.legal()))
    # every player took exactly 3 turns in the final rounds
    assert [p.final_turns for p in t.state.players] == [3, 3, 3]
    assert [e["period"] for e in t.state.period_log] == [1, 2, 3]
    assert t.state.round == 8


def test_final_rounds_hiring_check_still_moves_rows():
    # §2.9.3: in the final rounds the end-of-turn hiring check still moves a waiting row onto an
    # empty hiring space (only the round-end refills are skipped).
    def edit(d):
        d["round"] = 6
        d["final"] = True
        d["marker2"] = 0
        set_hiring(d, [["grey"]] + [list(s) for s in STD[1:]], [[], ["red", "red", "yellow"]])
        player_json(d, 0, iron=3)

    t = puzzle(2, edit)
    t.play("take 1 trains grey", "train R2 3 iron")
    assert t.state.hiring[0] == ["red", "red", "yellow"]
    assert t.state.waiting == [[], []]
    assert t.state.round == 6 and t.decision.seat == 1
