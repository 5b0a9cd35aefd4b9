"""Period (influence) scoring (§2.10), final scoring (§2.11) and the winner.

Markets print foreign influence N 3 / E 2 / S 1 / W 0 (data: markets.json), 12 per region.
Period I place values 10 / 8 / 6 / 2 (data: periods.json; 8/6/2 confirmed by E-12); 2 players use
the 1st, 3rd and 4th values only.
"""

from __future__ import annotations

import pytest

from engine.zaibatsu import GAME

from .scenario import (
    add_factory,
    add_ship,
    add_train,
    final_turn,
    place_token,
    player_json,
    puzzle,
    run_out,
    set_hiring,
    set_workforce,
)

STD = [["grey", "red", "blue"], ["black", "white", "yellow"], ["red", "blue", "white"], ["black", "grey", "yellow"],
       ["white", "blue", "red"]]


def score_period_1(players, tokens=(), trains=()):
    """End round 2 (period I) on Purple's turn with the given tokens (market, slot, seat, value)
    and region R1 trains (seat, slot); returns (VP gained per seat, the period record, the view)."""

    def edit(d):
        d["round"] = 2
        set_hiring(d, [["grey"]] + [list(s) for s in STD[1:]], [[] for _ in d["waiting"]])
        player_json(d, 0, iron=3)
        for market, slot, seat, value in tokens:
            place_token(d, market, slot, seat, value)
        for seat, slot in trains:
            add_train(d, seat, "R1", slot)

    t = puzzle(players, edit)
    view = GAME.view(t.state, None)
    t.play("take 1 trains grey", "train R4 3 iron")  # no influence in R4: changes nothing
    record = t.state.period_log[0]
    assert record["period"] == 1
    return [p.vp for p in t.state.players], record["regions"]["R1"], view


PURPLE, GREEN, ORANGE, PINK = 0, 1, 2, 3


def test_e12_four_players_tie_for_second():
    # E-12: Purple 3, Pink 5, Green 5, Orange 0 (a train but no token), foreign 6.
    vp, r1, view = score_period_1(4, tokens=[("M1", "N", PINK, 5), ("M1", "E", GREEN, 5), ("M1", "S", PURPLE, 3)],
                                  trains=[(ORANGE, 4)])
    assert view["influence"]["R1"] == [3, 5, 0, 5]
    assert r1["influence"]["-1"] == 6  # M1 W (0) + M2 (3+2+1+0)
    # foreign 1st (its VP discarded); Pink and Green share 2nd+3rd: (8+6)//2 = 7; Purple 4th: 2
    assert vp == [2, 7, 0, 7]
    assert str(ORANGE) not in r1["influence"]


def test_t8_two_players_ladder_skips_second_value():
    # T-8: foreign 12, A 9 (token 7 + 1 train), B 4 → A gets the 3rd value (6), B the 4th (2).
    vp, r1, _ = score_period_1(2, tokens=[("M1", "W", 0, 7), ("M2", "W", 1, 4)], trains=[(0, 1)])
    assert r1["influence"] == {"0": 9, "1": 4, "-1": 12}
    assert vp == [6, 2]


def test_t9_two_players_tie_share_third_and_fourth():
    # T-9: foreign 12, A 9, B 9 → (6 + 2) // 2 = 4 each.
    vp, _, _ = score_period_1(2, tokens=[("M1", "W", 0, 7), ("M2", "W", 1, 7)], trains=[(0, 1), (1, 2)])
    assert vp == [4, 4]


def test_t10_two_tied_first():
    # T-10: A 10, B 10, foreign 7, C 3 → A, B (10+8)//2 = 9 each; foreign 3rd; C 4th: 2.
    vp, r1, _ = score_period_1(4, tokens=[("M1", "N", 0, 7), ("M1", "W", 0, 3), ("M2", "S", 1, 7), ("M2", "W", 1, 3),
                                          ("M1", "S", 2, 3)])
    assert r1["influence"] == {"0": 10, "1": 10, "2": 3, "-1": 7}
    assert vp == [9, 9, 2, 0]


def test_t11_fifth_place_pays_nothing():
    # T-11: A 8, foreign 6, B 5, C 3, D 3 → A 10; B 6 (3rd); C and D share the 4th: 2//2 = 1.
    vp, r1, _ = score_period_1(4, tokens=[("M1", "N", 0, 6), ("M2", "N", 1, 5), ("M2", "W", 2, 3), ("M1", "W", 3, 1)],
                               trains=[(0, 1), (3, 2)])
    assert r1["influence"] == {"0": 8, "1": 5, "2": 3, "3": 3, "-1": 6}
    assert vp == [10, 6, 1, 1]


def test_t24_t25_trains_count_only_with_a_token():
    # T-24: 2 trains, no token → influence 0, no part in the scoring.
    vp, r1, view = score_period_1(2, trains=[(0, 1), (0, 2)])
    assert view["influence"]["R1"] == [0, 0]
    assert r1["influence"] == {"-1": 12} and vp == [0, 0]
    # T-25: 2 trains and a token of value 1 (on a W slot) → 1 + 2 × 2 = 5.
    vp, r1, view = score_period_1(2, tokens=[("M1", "W", 0, 1)], trains=[(0, 1), (0, 2)])
    assert view["influence"]["R1"] == [5, 0]
    assert r1["influence"] == {"0": 5, "-1": 12}
    assert vp == [6, 0]


def test_g12_foreign_with_nothing_uncovered_takes_no_place():
    # All 8 slots of R1 covered (4 players): foreign influence 0 → not a participant; the players
    # take 1st.. places.
    tokens = [("M1", "N", 0, 7), ("M1", "E", 0, 1), ("M1", "S", 1, 1), ("M1", "W", 1, 2),
              ("M2", "N", 2, 1), ("M2", "E", 2, 2), ("M2", "S", 3, 1), ("M2", "W", 3, 3)]
    vp, r1, _ = score_period_1(4, tokens=tokens)
    assert "-1" not in r1["influence"]
    assert r1["influence"] == {"0": 8, "1": 3, "2": 3, "3": 4}
    assert vp == [10, 4, 4, 8]  # 1st 10; 2nd 8; 3rd and 4th tie: (6+2)//2 = 4


# ------------------------------------------------------------------------------------------------
# Final scoring (§2.11)
# ------------------------------------------------------------------------------------------------


def e13_board(d):
    """E-13 with the PROPOSED data: R&D L2 lower (8), ships L3 upper (20), machines L2 upper (16),
    Mining L1 lower (5), contracts L1 on slot 8 (10; E-13 used Finance L1 upper, which a Finance
    income of 11 cannot reach), factories L3 with the rightmost factory in slot 5 (14)."""
    player_json(d, 0, vp=109, rd=6, mining=6, finance=2, silk=6,
                goals={"rd": 2, "ships": 3, "machines": 2, "mining": 1, "contracts": 1, "factories": 3},
                prestige=[1, 1, 1], contracts=[], contracts_done=[f"C{i}" for i in range(1, 9)])
    add_factory(d, 0, "cotton1A", goods=3, machines=(True, True))
    add_factory(d, 0, "paper1A", machines=(True, True))
    add_factory(d, 0, "bento1A", machines=(True, True))
    add_factory(d, 0, "lenses1A")
    add_factory(d, 0, "bulbs1A")
    for dest in ("berlin", "san_francisco", "new_york", "paris", "london", "washington"):
        add_ship(d, 0, dest)


def test_e13_final_scoring_188():
    # E-13: after the final consolidation: 109 VP, prestige 8+20+16+5+10+14 = 73, leftovers
    # 4 coal (Mining 6 income) + 6 silk + 3 goods = 13 → 4, money 11 (Finance 2 income) → 2.
    t = final_turn(2, e13_board)
    t.play("consolidate")
    run_out(t)  # 'pay' at paydays, 'done' (keep the silk) after the final consolidation
    s = t.state.scores["0"]
    assert s["in_game"] == 109
    assert s["prestige"] == {"rd": 8, "ships": 20, "machines": 16, "mining": 5, "contracts": 10, "factories": 14}
    assert s["leftovers"] == 4 and s["money"] == 2
    assert s["total"] == 188 and t.player(0).vp == 188
    result = GAME.result(t.state)
    assert result.players[0].seat == 0 and result.players[0].score == 188 and result.players[0].rank == 1


@pytest.mark.parametrize(("ships", "vp"), [(2, 0), (4, 8), (6, 16)])
def test_t28_ships_prestige_thresholds(ships, vp):
    # T-28: a level-2 tile on ships: lower threshold (4 built) 8 VP, upper (6 built) 16, else 0.
    def edit(d):
        player_json(d, 0, goals={"ships": 2}, prestige=[3, 2, 3])
        for dest in ("berlin", "san_francisco", "new_york", "paris", "london", "washington")[:ships]:
            add_ship(d, 0, dest)

    t = final_turn(2, edit)
    t.play("consolidate")
    run_out(t)
    assert t.state.scores["0"]["prestige"] == {"ships": vp}


@pytest.mark.parametrize(("goal", "level", "field", "pos", "vp"), [
    ("rd", 1, "rd", 5, 0), ("rd", 1, "rd", 6, 5), ("rd", 3, "rd", 9, 20),
    ("mining", 2, "mining", 6, 8), ("finance", 3, "finance", 13, 20), ("finance", 1, "finance", 9, 5),
])
def test_track_prestige_thresholds(goal, level, field, pos, vp):
    # §2.11 A: tracks: lower 5/8/10, upper 10/16/20 (levels 1/2/3); thresholds: R&D 6/9, Mining
    # 6/9, Finance 9/13 (data: tracks.json).
    stacks = [3, 3, 3]
    stacks[level - 1] -= 1
    t = final_turn(2, lambda d: player_json(d, 0, goals={goal: level}, prestige=stacks, **{field: pos}))
    t.play("consolidate")
    run_out(t)
    assert t.state.scores["0"]["prestige"] == {goal: vp}


def test_factories_prestige_counts_the_old_factory_and_none_scores_zero():
    def edit(d):
        player_json(d, 0, goals={"factories": 1, "contracts": 2}, prestige=[2, 2, 3])
        add_factory(d, 0, "old", goods=1, goods_kind="paper")
        add_factory(d, 0, "cotton1A")
    t = final_turn(2, edit)
    t.play("consolidate")
    run_out(t)
    # 2 factories (old included, D-7): slot 2 level-1 value 2; no contract: 0
    assert t.state.scores["0"]["prestige"] == {"factories": 2, "contracts": 0}


def test_t29_leftovers_and_money():
    # T-29: coal 2, silk 2, iron 1, goods 0, money 14 → ⌊5/3⌋ + ⌊14/5⌋ = 3. After the final
    # consolidation: coal = Mining 1 income (2), money = Finance 5 income (14).
    t = final_turn(2, lambda d: player_json(d, 0, silk=2, iron=1, finance=5, money=40, coal=9))
    t.play("consolidate")
    run_out(t)
    s = t.state.scores["0"]
    assert (s["leftovers"], s["money"], s["total"]) == (1, 2, 3)


def test_t27_vp_past_99():
    # T-27: VP 98, gain 5 → 103 (the 0/100 disc flips; the engine keeps an integer). The 5 VP:
    # final money 26 = Finance 15 income 24 + upgraded blue bottom worker 5 − payday 3.
    t = final_turn(2, lambda d: player_json(d, 0, vp=98, finance=15, upgraded=["blue"]),
                   lambda d: set_workforce(d, 0, ["blue"]))
    t.play("consolidate")
    run_out(t)
    s = t.state.scores["0"]
    assert s["money"] == 5 and s["total"] == 103


@pytest.mark.parametrize("last", [0, 1])
def test_t30_tie_goes_to_the_later_last_turn(last):
    # T-30: equal VP → the player who took their last turn later wins.
    t = final_turn(2, last=last)
    t.play("consolidate")
    run_out(t)
    result = GAME.result(t.state)
    assert result.players[0].score == result.players[1].score
    assert [pr.seat for pr in result.players] == [last, 1 - last]
    assert [pr.rank for pr in result.players] == [1, 2]


def test_result_ranks_follow_vp():
    t = final_turn(3, lambda d: player_json(d, 1, vp=30), lambda d: player_json(d, 0, vp=20))
    t.play("consolidate")
    run_out(t)
    result = GAME.result(t.state)
    assert [pr.seat for pr in result.players] == [1, 0, 2]
    assert [pr.score for pr in result.players] == [32, 22, 2]  # + 10 money income → 2 VP each


def test_result_none_while_running():
    t = puzzle(2)
    assert GAME.result(t.state) is None


def test_period_three_scoring_before_final_consolidation():
    # §2.11: after the 3rd final round: Period III scoring (26/20/14/4), then final consolidation.
    t = final_turn(2, lambda d: place_token(d, "M3", "W", 0, 7))
    t.play("consolidate")
    run_out(t)
    assert [e["period"] for e in t.state.period_log] == [3]
    assert t.state.scores["0"]["in_game"] == 14  # 2 players: foreign 1st (26), Purple the 3rd value
