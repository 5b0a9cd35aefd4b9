"""Regional scoring (Podliczanie Punktów), final scoring and achievements (Pomoc Gracza,
Finałowe Podliczanie), the tie-break: worked examples T-23..T-27.

Seats at 4 players: 0 Yellow, 1 Red, 2 Purple, 3 Blue. Region R1 has cities M1 and M2; each city's
influence spaces N, E, S, W carry the printed foreign values 0, 1, 2, 3 (data, order PROPOSED).
A scoring is triggered through the engine: the scoring marker stands before the symbol, every
worker row is empty and Yellow takes the last worker of action space 1 (Knowledge).
"""

from __future__ import annotations

from engine.nippon import GAME

from .scenario import (
    add_factory,
    add_transport,
    give_workers,
    place_tile,
    player,
    puzzle,
    set_supply,
    take_reward,
)


def trigger(marker: int):
    """An edit: the marker at ``marker`` and a global refill due after Yellow's next action."""

    def edit(d):
        d["marker"] = marker
        set_supply(d, [["red"], [], [], [], []], [[], [], [], []])
        player(d, 0, money=10)

    return edit


def score(t):
    t.play("take 1 knowledge red", "up", "done")
    return t


def test_t23_first_scoring_tie_splits_10_and_7():
    def edit(d):
        place_tile(d, "M1", "W", 2, 6)  # Purple 6
        place_tile(d, "M2", "W", 1, 6)  # Red 6
        place_tile(d, "M1", "S", 3, 3)  # Blue 3 + 1 = 4
        place_tile(d, "M2", "S", 3, 1)
        for seat in (1, 2, 3):
            add_transport(d, "R1", "ship", seat)

    t = score(puzzle(4, trigger(1), edit))
    s = t.state
    assert s.marker == 2 and s.scorings == 1
    r1 = s.scoring_log[0]["regions"]["R1"]
    assert r1["influence"] == {"1": 6, "2": 6, "3": 4, "-1": 2}
    assert r1["awards"] == {"2": 8, "1": 8, "3": 5, "-1": 0}
    assert r1["ships"] == {"1": 2, "2": 2}
    assert [p.vp for p in s.players] == [10, 11 + 8 + 2, 12 + 8 + 2, 13 + 5]
    line = next(x for x in t.texts("scoring") if "Region 1" in x)
    assert line == ("Scoring 1, Region 1: Red 6, Purple 6, Blue 4, foreign companies 2; VP Red +8 +2 ships, "
                    "Purple +8 +2 ships, Blue +5")


def test_t24_second_scoring_foreign_first_trains_need_a_tile():
    def edit(d):
        place_tile(d, "M1", "N", 2, 1)  # Purple 1 + 2 + 3 = 6
        place_tile(d, "M1", "S", 2, 2)
        place_tile(d, "M2", "N", 2, 3)
        place_tile(d, "M2", "E", 3, 1)  # Blue 1 (+ 2 trains of +2 = 5)
        place_tile(d, "M2", "S", 0, 1)  # Yellow 1 (4th: no VP); uncovered printed 3 + 3 + 1 = 7
        add_transport(d, "R1", "train", 3)
        add_transport(d, "R1", "train", 3)
        add_transport(d, "R1", "train", 1)  # Red: trains but no tile -> 0
        add_transport(d, "R1", "train", 1)
        add_transport(d, "R1", "ship", 2)

    t = score(puzzle(4, trigger(3), edit))
    s = t.state
    assert s.marker == 4 and s.scorings == 2
    r1 = s.scoring_log[0]["regions"]["R1"]
    assert r1["influence"] == {"0": 1, "2": 6, "3": 5, "-1": 7}
    assert r1["awards"]["2"] == 11 and r1["awards"]["3"] == 8 and r1["awards"]["0"] == 0
    assert r1["ships"] == {"2": 2}
    assert [p.vp for p in s.players] == [10, 11, 12 + 11 + 2, 13 + 8]
    assert GAME.view(s, None)["influence"]["R1"] == [1, 0, 6, 5]


def test_t25_three_way_tie_all_score_their_ships():
    def edit(d):
        place_tile(d, "M1", "E", 2, 7)  # Purple 7 + 1 = 8
        place_tile(d, "M1", "W", 2, 1)
        place_tile(d, "M2", "E", 3, 7)  # Blue 7 + 1 = 8
        place_tile(d, "M2", "S", 3, 1)
        place_tile(d, "M2", "W", 1, 6)  # Red 6 + train 2 = 8; foreign: 0 + 2 + 0 = 2
        add_transport(d, "R1", "train", 1)
        for seat in (1, 2, 3):
            add_transport(d, "R1", "ship", seat)

    t = score(puzzle(4, trigger(1), edit))
    r1 = t.state.scoring_log[0]["regions"]["R1"]
    assert r1["influence"] == {"1": 8, "2": 8, "3": 8, "-1": 2}
    assert {k: v for k, v in r1["awards"].items() if k != "-1"} == {"1": 7, "2": 7, "3": 7}
    assert r1["ships"] == {"1": 2, "2": 2, "3": 2}
    t = score(puzzle(4, trigger(3), edit))
    r1 = t.state.scoring_log[0]["regions"]["R1"]
    assert {k: v for k, v in r1["awards"].items() if k != "-1"} == {"1": 11, "2": 11, "3": 11}


def test_no_scoring_before_the_first_symbol():
    t = score(puzzle(4, trigger(0)))
    assert t.state.marker == 1 and t.state.scorings == 0 and t.state.scoring_log == []


def last_turn_position(extra):
    """Yellow (seat 0) is about to take the very last turn of the game (3rd final round)."""

    def edit(d):
        d["final"] = True
        d["marker"] = 7
        d["scorings"] = 2
        d["turn_no"] = 13
        for seat, last in ((1, 10), (2, 11), (3, 12)):
            player(d, seat, final_turns=3, last_turn=last)
        player(d, 0, final_turns=2, last_turn=9)
        extra(d)

    return edit


def test_t26_achievements_at_final_scoring():
    def edit(d):
        p = player(d, 1, money_pos=2, knowledge_pos=9)  # money 14,000; 4 knowledge stars
        p["contracts"] = ["K5", "K6", "K7", "K8"]
        p["contracts_done"] = ["K1", "K2", "K3", "K4"]
        give_workers(d, 1, ["red", "blue"])
        for tile in ("BE-1", "LE-1", "CL-1", "LB-1"):
            add_factory(d, 1, tile, machine=1)
        for r in ("R1", "R2", "R3", "R4", "R1"):
            add_transport(d, r, "ship", 1)
        for r in ("R2", "R3", "R4"):
            add_transport(d, r, "train", 1)
        take_reward(d, 1, "3:coal", "A4")
        take_reward(d, 1, "2:coal", "A5")
        take_reward(d, 1, "2:money", "A7")
        take_reward(d, 1, "4:coal", "A8")

    t = puzzle(4, last_turn_position(edit))
    t.apply("consolidate")
    s = t.state
    assert s.over and s.scorings == 3 and GAME.decision(s).seat is None
    sc = s.scores["1"]
    assert sc["money"] == 8
    assert sc["achievements"] == {"A1": 0, "A2": 4, "A3": 0, "A4": 12, "A5": 0, "A6": 1, "A7": 6, "A8": 4, "A9": 0}
    assert sc["total"] == 11 + 27 == s.players[1].vp


def test_star_factory_tiles_count_for_a2_and_a3():
    def edit(d):
        add_factory(d, 2, "PA-2")
        add_factory(d, 2, "BE-2")
        take_reward(d, 2, "2:coal", "A3")
        player(d, 2, coal_pos=4)  # 1 coal star

    t = puzzle(4, last_turn_position(edit))
    t.apply("consolidate")
    ach = t.state.scores["2"]["achievements"]
    assert ach["A2"] == 1 and ach["A3"] == 2 * 2


def test_final_payday_and_a9_regions():
    def edit(d):
        give_workers(d, 3, ["white", "yellow", "black", "red", "grey"])  # 15,000 due
        place_tile(d, "M1", "N", 3, 1)
        place_tile(d, "M3", "N", 3, 2)
        take_reward(d, 3, "5:coal", "A9")
        player(d, 3, money=40)

    t = puzzle(4, last_turn_position(edit))
    t.apply("consolidate")
    sc = t.state.scores["3"]
    # Yen reset to the money track (12), 4 colours paid, 1 unpaid: -2 VP; A9: 2 regions x 5.
    assert sc["money"] == 0 and sc["payday_vp"] == -2 and sc["achievements"]["A9"] == 10


def test_t27_tie_break_last_turn_then_counter_clockwise():
    def tie_with_last(d):
        player(d, 0, vp=30)
        player(d, 2, vp=30)

    t = puzzle(4, last_turn_position(tie_with_last))
    t.apply("consolidate")
    res = GAME.result(t.state)
    assert t.state.players[0].vp == t.state.players[2].vp
    assert [pr.seat for pr in res.players][:2] == [0, 2]  # Yellow took the very last turn

    def tie_without_last(d):
        player(d, 1, vp=30)
        player(d, 2, vp=30)

    t = puzzle(4, last_turn_position(tie_without_last))
    t.apply("consolidate")
    res = GAME.result(t.state)
    # Counter-clockwise from the last player (Yellow): Blue, Purple, Red -> Purple beats Red.
    assert [pr.seat for pr in res.players][:2] == [2, 1] and [pr.rank for pr in res.players] == [1, 2, 3, 4]
