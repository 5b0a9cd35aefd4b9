"""Consolidation (§2.8): A prestige tile, B taxes, C departments and income, D payday and cleanup.

Incomes are PROPOSED data (data: tracks.json): Mining income 2/2/3/3/4/4/5/5/6/6 coal on spaces
1–10, Finance income 9 + space money. Department yields §2.6.
"""

from __future__ import annotations

from collections import Counter

import pytest

from .scenario import (
    add_factory,
    final_turn,
    player_json,
    position,
    puzzle,
    run_out,
    set_workforce,
)


def workforce(*colours, seat=0):
    return lambda d: set_workforce(d, seat, list(colours))


def me(**values):
    return lambda d: player_json(d, 0, **values)


def test_e11_consolidation():
    # E-11: 4 workers of 2 colours, bottom white, top blue; level-1 stack beside slot 4; white and
    # blue not upgraded; Mining 1 (income 2 after one more step); Finance 3 (income 12).
    t = puzzle(2, me(money=4, coal=3, silk=1, iron=2, mining=1, finance=3),
               workforce("white", "white", "blue", "blue"))
    bag = dict(t.state.bag)
    t.play("consolidate")
    # A: the topmost worker is in slot 4: a level-1 tile (no higher level offered)
    assert {m.split()[1] for m in t.legal()} == {"1"}
    assert len(t.legal()) == 8  # any empty goal slot
    t.play("prestige 1 rd")
    # B happened (money and coal gone); C1: the white (bottom) bonus is a choice
    assert t.decision.kind == "white"
    p = t.player(0)
    assert (p.money, p.coal, p.silk, p.iron) == (0, 0, 1, 2)
    t.play("white mining")
    # C2: blue (top, 4 workers, other colour) +3; C3: 2 coal; C4: 12 money → 15
    assert t.decision.kind == "payday"
    p = t.player(0)
    assert (p.mining, p.money, p.coal) == (2, 15, 2)
    t.play("pay")
    # D: 2 colours × 3 = 6 → money 9; VP unchanged; workers back to the bag
    p = t.player(0)
    assert (p.money, p.coal, p.vp) == (9, 2, 0)
    assert p.goals == {"rd": 1} and p.prestige == [2, 3, 3]
    assert p.workforce == []
    assert t.state.bag["white"] == bag["white"] + 2 and t.state.bag["blue"] == bag["blue"] + 2
    assert t.decision.seat == 1


def at_payday(colours, **values):
    """Consolidate with ``colours`` (1-3 workers: no prestige tile, white never bottom), then
    set the money/silk at the payday decision."""
    t = puzzle(2, workforce(*colours))
    t.play("consolidate")
    assert t.decision.kind == "payday"
    return position(t, me(**values))


@pytest.mark.parametrize(("money", "colours", "after", "vp"), [
    (5, ("red", "blue", "grey"), 1, -5),  # T-1: due 9, payable 4
    (0, ("red", "blue"), 0, -6),  # T-2
    (10, ("red", "blue", "grey"), 1, 0),  # T-3: pays 9
    (9, ("red", "blue", "grey"), 1, -1),  # T-4: pays 8
    (1, ("red",), 1, -3),  # never the last money
])
def test_payday_t1_to_t4(money, colours, after, vp):
    t = at_payday(colours, money=money, silk=0)
    t.play("pay")
    p = t.player(0)
    assert (p.money, p.vp) == (after, vp)


def test_payday_experts_count_as_colours():
    # §2.8: experts count as workers of their colour (red expert + red worker = 1 colour).
    t = puzzle(2, workforce("red", "red@san_francisco", "grey"))
    t.play("consolidate")
    p = t.player(0)
    money = p.money  # income after C: 10 (Finance 1) + red bonus is silk
    assert money == 10 and p.silk == 2
    t.play("pay")
    assert t.player(0).money == 4  # 2 colours × 3


def test_payday_convert_silk_first():
    t = at_payday(("red", "blue"), money=2, silk=3)
    assert t.legal() == ["pay", "convert 1", "convert 2", "convert 3"]
    t.play("convert 3")
    p = t.player(0)
    assert (p.money, p.silk) == (5, 0)
    assert t.decision.kind == "payday"
    t.play("pay")
    p = t.player(0)
    assert (p.money, p.vp) == (1, -2)  # due 6, payable 4


def test_t5_top_worker_in_grey_slot_gives_nothing():
    # T-5: 3 workers (bottom white, top blue): only the white bonus.
    t = puzzle(2, workforce("white", "red", "blue"))
    t.play("consolidate")
    assert t.decision.kind == "white"
    t.play("white rd")
    assert t.decision.kind == "payday"
    p = t.player(0)
    assert p.money == 10 and p.rd == 2 and p.silk == 0  # no blue +3


def test_t6_same_colour_top_and_bottom_once():
    # T-6: 4 workers, bottom blue, top blue: one blue bonus.
    t = puzzle(2, workforce("blue", "red", "grey", "blue"))
    t.play("consolidate", "prestige 1 ships")
    assert t.player(0).money == 13


def test_top_and_bottom_bonus_with_four_workers():
    t = puzzle(2, workforce("grey", "red", "red", "black"))
    t.play("consolidate", "prestige 1 ships")
    p = t.player(0)
    assert (p.iron, p.coal) == (2, 2 + 2)  # grey bottom; black top; Mining income 2


def test_t7_five_workers_level_2_or_1():
    t = puzzle(2, workforce("grey", "red", "red", "black", "black"))
    t.play("consolidate")
    assert {m.split()[1] for m in t.legal()} == {"1", "2"}
    t.play("prestige 2 machines")
    p = t.player(0)
    assert p.goals == {"machines": 2} and p.prestige == [3, 2, 3]


def test_six_workers_level_3_and_empty_stacks():
    six = workforce("grey", "red", "red", "black", "black", "blue")
    t = puzzle(2, six)
    t.play("consolidate")
    assert {m.split()[1] for m in t.legal()} == {"1", "2", "3"}
    # an empty stack: take a tile from a lower stack instead
    t2 = puzzle(2, six, me(prestige=[3, 0, 0]))
    t2.play("consolidate")
    assert {m.split()[1] for m in t2.legal()} == {"1"}
    # G-4: no empty goal slot → no tile
    full = {g: 1 for g in ("ships", "machines", "trains", "rd", "mining", "finance", "factories", "contracts")}
    t3 = puzzle(2, six, me(goals=full, prestige=[1, 3, 3]))
    t3.play("consolidate")
    assert t3.decision.kind == "payday"


def test_three_workers_take_no_tile():
    t = puzzle(2, workforce("grey", "red", "blue"))
    t.play("consolidate")
    assert t.decision.kind == "payday"
    assert t.player(0).goals == {}


def test_taxes_keep_silk_iron_and_protected_coal():
    t = puzzle(2, me(money=20, coal=7, silk=4, iron=5, protected_coal=3, start_a="A7"), workforce("red"))
    t.play("consolidate")
    p = t.player(0)
    assert (p.coal, p.silk, p.iron, p.protected_coal) == (2, 4 + 2, 5, 3)
    assert p.money == 10


def test_paper3b_keeps_up_to_three_money_or_coal():
    t = puzzle(2, me(money=5, coal=4), workforce("grey"), lambda d: add_factory(d, 0, "paper3B"))
    t.play("consolidate")
    assert t.decision.kind == "protect"
    assert t.legal() == ["keep 0 3", "keep 1 2", "keep 2 1", "keep 3 0"]
    t.play("keep 1 2")
    p = t.player(0)
    assert (p.money, p.coal) == (1 + 10, 2 + 2)


def test_experts_return_to_mission_and_workers_to_bag():
    t = puzzle(2, workforce("grey", "white@berlin", "red@san_francisco"))
    bag = Counter(t.state.bag)
    assert t.state.experts["berlin"] is False
    t.play("consolidate")
    t.play("white rd") if t.decision.kind == "white" else None
    t.play("pay")
    assert t.state.experts["berlin"] and t.state.experts["san_francisco"]
    # only the grey worker goes to the bag; experts are not workers of the bag
    assert Counter(t.state.bag) - bag == Counter({"grey": 1})
    assert t.player(0).workforce == []


def test_consolidation_needs_a_worker():
    # §2.3 (b): allowed only with ≥ 1 worker, unless no action is possible (G-1 house rule).
    t = puzzle(2, me(money=5))
    assert "consolidate" not in t.legal()
    t2 = puzzle(2)
    assert t2.legal() == ["consolidate"]
    t2.play("consolidate", "pay")
    assert t2.player(0).money == 10  # an empty consolidation still gives income


def test_t32_final_consolidation_silk_conversion():
    # T-32: silk 2, money 0 during the final consolidation's step D with due 3: convert 2 silk →
    # money 2, payable 1 → money 1, VP −2. Purple's final consolidation (one red worker, Finance
    # income 10) — the payday is reached first, so the money is set at that decision.
    t = final_turn(2, workforce("red", seat=0))
    t.play("consolidate", "pay")  # Green's last turn: a normal consolidation
    assert t.decision.kind == "payday" and t.decision.seat == 0
    t = position(t, me(money=0, silk=2))
    t.play("convert 2")
    assert t.player(0).money == 2
    t.play("pay")
    p = t.player(0)
    assert (p.money, p.vp, p.silk) == (1, -2, 0)
    run_out(t)
    assert t.state.over
