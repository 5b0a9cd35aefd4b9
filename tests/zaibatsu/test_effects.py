"""Effects (§2.4, §2.6, §2.7): factory instant effects, action modifiers (one per action),
track bonuses reached or passed, area bonuses, department yields, start tiles A1–A8 and B.

Factory effects and bonus positions are PROPOSED component data (data: factories.json,
tracks.json, area_bonuses.json, start_tiles.json); the rules under test are how they apply.
"""

from __future__ import annotations

import pytest

from engine.zaibatsu import GAME

from .scenario import (
    BASE_HIRING,
    BASE_WAITING_2P,
    add_factory,
    add_ship,
    add_train,
    new_game,
    player_json,
    position,
    puzzle,
    set_workforce,
    setup_chance,
)
from .test_actions import FACTORY, INVEST, MACHINES, MINING, PRODUCTION, RD, TRAINS, me


def display(*sides):
    def edit(d):
        d["display"] = list(sides)
    return edit


def build(side, **player):
    """A position where Purple can build ``side`` (R&D 6, 6 money) and the Factory action taken."""
    values = {"money": 6, "rd": 6, **player}
    t = puzzle(2, me(**values), display(side))
    t.play(FACTORY)
    return t


# ------------------------------------------------------------------------------------------------
# Instant effects (applied once, right after the tile is placed, §2.7)
# ------------------------------------------------------------------------------------------------


def test_cotton1a_rd_plus_2():
    t = build("cotton1A", rd=2)
    t.play("factory cotton1A")
    p = t.player(0)
    assert p.rd == 4 and p.coal == 2  # R&D 2 → 4 passes space 3: black bonus (2 coal)


def test_cotton2a_three_silk():
    t = build("cotton2A")
    t.play("factory cotton2A")
    assert t.player(0).silk == 3


def test_cotton2b_red_or_white_choice():
    t = build("cotton2B")
    t.play("factory cotton2B")
    assert sorted(t.legal()) == ["dept red", "dept white"]
    t.play("dept red")
    assert t.player(0).silk == 2  # red normal yield (§2.6)


def test_paper1a_iron_and_finance():
    t = build("paper1A")
    t.play("factory paper1A")
    p = t.player(0)
    assert (p.iron, p.finance) == (3, 2)


def test_paper2b_department_of_the_worker_taken():
    # FACTORY takes a red worker from H3: red department → 2 silk.
    t = build("paper2B")
    t.play("factory paper2B")
    assert t.player(0).silk == 2


def test_bento1a_mining_plus_3_passes_grey_bonus():
    t = build("bento1A")
    t.play("factory bento1A")
    p = t.player(0)
    assert p.mining == 4 and p.iron == 2  # Mining space 3: grey bonus, 2 iron (data: tracks.json)


def test_bento1b_optional_trade():
    t = build("bento1B", finance=5)
    t.play("factory bento1B")
    # Mining +2 (1 → 3: grey bonus, 2 iron), then: Finance −2 for Mining +2 — or not
    assert t.legal() == ["trade yes", "trade no"]
    t.play("trade yes")
    p = t.player(0)
    assert (p.mining, p.finance, p.iron) == (5, 3, 2)
    assert p.tokens.count(5) == 2  # Mining space 5 unlocks token 5


def test_bento2b_stored_coal_escapes_taxes():
    t = build("bento2B")
    t.play("factory bento2B")
    assert t.player(0).factories[0].coal == 3
    # Green's turn, then Purple consolidates: the 3 coal on the factory stay (§2.8 B)
    t2 = puzzle(2, me(coal=4), lambda d: add_factory(d, 0, "bento2B", coal=3),
                lambda d: set_workforce(d, 0, ["grey"]))
    t2.play("consolidate", "pay")
    p = t2.player(0)
    assert p.factories[0].coal == 3
    assert p.coal == 2  # the 4 coal are taxed; Mining 1 income: 2 coal
    assert p.iron == 2


def test_bulbs1a_goods_in_three_factories_incl_old():
    def edit(d):
        add_factory(d, 0, "old", goods=1, goods_kind="paper")
        add_factory(d, 0, "cotton1A")
    t = puzzle(2, me(money=6, rd=6), display("bulbs1A"), edit)
    t.play(FACTORY, "factory bulbs1A")
    assert t.legal() == ["spread 1.2.3"]
    t.play("spread 1.2.3")
    assert [f.goods for f in t.player(0).factories] == [2, 1, 1]


def test_bulbs1b_two_goods_here():
    t = build("bulbs1B")
    t.play("factory bulbs1B")
    assert t.player(0).factories[0].goods == 2


def test_lenses1a_free_train_not_modified_by_trains_modifier():
    # Factory effects are not actions: the Trains modifier of lenses3B never applies (§2.4, §2.7).
    t = puzzle(2, me(money=6, rd=6), display("lenses1A"), lambda d: add_factory(d, 0, "lenses3B"))
    t.play(FACTORY, "factory lenses1A")
    assert "train R2 2 free" in t.legal()
    t.play("train R2 2 free")
    p = t.player(0)
    assert p.trains == 1 and t.state.trains["R2"][1] == 0
    assert p.silk == 1  # slot 2 bonus only; no red bonus for the red worker (no modifier)
    assert p.finance == 2 and p.money == 0 and p.iron == 0


def test_clocks2a_free_ship_then_optional_paid_ship():
    t = build("clocks2A", iron=1)
    t.play("factory clocks2A", "ship london free")
    assert "skip" in t.legal() and "ship paris extra" in t.legal()
    t.play("ship paris extra")
    p = t.player(0)
    assert p.ships == 2 and p.iron == 0
    assert sorted(p.upgraded) == ["black", "grey"]
    assert [w.expert for w in p.workforce] == [None, "london", "paris"]


def test_clocks1a_free_ship_and_finance_3():
    t = build("clocks1A")
    t.play("factory clocks1A", "ship berlin free")
    p = t.player(0)
    assert p.ships == 1 and p.finance == 4 and "white" in p.upgraded


# ------------------------------------------------------------------------------------------------
# Action modifiers (§2.5: at most once per action, one modifier per action)
# ------------------------------------------------------------------------------------------------


def test_rd_modifier_extra_step():
    t = puzzle(2, me(money=1), lambda d: add_factory(d, 0, "cotton3A"))
    t.play(RD)
    assert t.legal() == ["rd 1 +f1"]
    t.play("rd 1 +f1")
    assert t.player(0).rd == 3 and t.player(0).coal == 2


def test_mining_modifier():
    t = puzzle(2, me(money=1), lambda d: add_factory(d, 0, "bento3A"))
    t.play(MINING, "mine 1 +f1")
    p = t.player(0)
    assert (p.mining, p.iron) == (3, 1 + 2)  # +1 +1 → 3 (grey bonus 2 iron) and 1 iron


@pytest.mark.parametrize(("side", "field", "gain"), [("bulbs4A", "money", 4), ("cotton4A", "rd", 2)])
def test_machines_modifier_only_on_its_factory(side, field, gain):
    def edit(d):
        add_factory(d, 0, "cotton1A")
        add_factory(d, 0, side)
    t = puzzle(2, me(money=10), edit)
    t.play(MACHINES)
    assert "machine 1 L" in t.legal() and "machine 2 L +f2" in t.legal()
    t.play("machine 1 L")  # no modifier on factory 1
    assert (t.player(0).money, t.player(0).rd) == (5, 1)
    t.play("machine 2 L +f2")
    p = t.player(0)
    # money: 10 − 2 × 5 (+4 with bulbs4A); R&D 1 (+2 with cotton4A)
    assert (p.money, p.rd) == ((0, 1 + gain) if field == "rd" else (gain, 1))


def test_production_modifiers_and_t22_only_one():
    # T-22: two factories with Production modifiers; Production on both → only one modifier.
    def edit(d):
        add_factory(d, 0, "cotton4B")  # +1 good here
        add_factory(d, 0, "paper4A")  # 2 iron when producing here
    t = puzzle(2, me(coal=4), edit)
    t.play(PRODUCTION)
    assert sorted(t.legal()) == ["produce 1", "produce 1 +f1", "produce 2", "produce 2 +f2"]
    t.play("produce 1 +f1")
    assert t.legal() == ["produce 2", "done"]  # the action's modifier is used
    t.play("produce 2")
    p = t.player(0)
    assert [f.goods for f in p.factories] == [2, 1]
    assert p.iron == 0 and p.coal == 0


def test_reduce_production_coal_modifier():
    t = puzzle(2, me(coal=2), lambda d: add_factory(d, 0, "bento4B", goods=0))
    t.play(PRODUCTION, "produce 1 +f1")
    assert t.player(0).coal == 0  # bento costs 3 coal, 1 less
    assert t.player(0).factories[0].goods == 1


@pytest.mark.parametrize(("side", "expect_iron", "expect_goods"), [("paper4B", 2, [1, 1, 0]), ("bulbs3B", 0, [2, 2, 0])])
def test_action_end_modifiers(side, expect_iron, expect_goods):
    # Modifiers that count the factories produced in this action apply once, at the action's end.
    def edit(d):
        add_factory(d, 0, "cotton1A")
        add_factory(d, 0, "paper1A")
        add_factory(d, 0, side)
    t = puzzle(2, me(coal=4), edit)
    t.play(PRODUCTION, "produce 1", "produce 2")
    p = t.player(0)
    assert p.iron == expect_iron
    assert [f.goods for f in p.factories] == expect_goods


def test_lenses3a_region_bonus_of_a_train_region():
    t = puzzle(2, me(iron=6), lambda d: add_factory(d, 0, "lenses3A"))
    t.play(TRAINS, "train R1 3 iron", "train R4 3 iron")
    assert t.decision.kind == "region"
    assert sorted(t.legal()) == ["region R1", "region R4"]
    t.play("region R4")
    assert t.player(0).money == 3  # R4 region bonus: 3 money (data: regions.json)


def test_lenses3b_department_of_the_worker():
    t = puzzle(2, me(iron=3), lambda d: add_factory(d, 0, "lenses3B"))
    t.play("take 1 trains red", "train R1 3 iron +f1")
    assert t.player(0).silk == 2  # red worker → red department (2 silk)


def test_paper3a_once_per_action():
    def edit(d):
        add_factory(d, 0, "paper3A", goods=2)
        add_factory(d, 0, "cotton1A", goods=1)
        add_factory(d, 0, "bento1A", goods=3)
    t = puzzle(2, edit, me(finance=2))
    t.play(INVEST)
    assert "invest 2 C1 +f1" in t.legal() and "invest 2 C1" not in t.legal()
    assert "invest 2 finance" in t.legal()  # no contract: the modifier does not trigger
    t.play("invest 2 C1 +f1", "invest 1.1 C4", "invest 3.3.3 C3")
    p = t.player(0)
    assert p.finance == 4  # +2 once, not per contract
    assert (p.coal, p.money, p.iron) == (2, 3, 2)


@pytest.mark.parametrize("side", ["bulbs4B", "clocks4B"])
def test_first_activation_contract_modifiers(side):
    def edit(d):
        add_factory(d, 0, side, goods=1)
        add_factory(d, 0, "cotton1A", goods=2)
    t = puzzle(2, edit)
    t.play(INVEST, "invest 1 C2 +f1")
    if side == "bulbs4B":
        assert t.decision.kind == "build"
        t.play("machine 2 L")
        assert t.player(0).machines == 1
    else:
        t.play("ship berlin free")
        assert t.player(0).ships == 1
    assert t.player(0).silk == 2


# ------------------------------------------------------------------------------------------------
# Track bonuses (§2.4: reached or passed), departments (§2.6)
# ------------------------------------------------------------------------------------------------


def test_track_bonuses_passed_in_one_move():
    # R&D 4 → 7: passes 5 (unlock token 3) and reaches 7 (any department) — data: tracks.json.
    t = puzzle(2, me(money=6, rd=4))
    t.play(RD, "rd 3")
    assert t.decision.kind == "dept_any"
    t.play("dept yellow")
    p = t.player(0)
    assert p.rd == 7 and p.vp == 2
    assert p.locked == [5, 7] and p.tokens.count(3) == 2


def test_finance_bonuses():
    # Finance 4 → 6 passes space 5: blue department bonus (3 money; 5 when upgraded).
    t = puzzle(2, me(finance=4, upgraded=["blue"]), lambda d: add_factory(d, 0, "cotton1A", goods=1))
    t.play(INVEST, "invest 1 finance")
    assert t.player(0).money == 5


@pytest.mark.parametrize(("contract", "colour", "field", "normal", "upgraded"), [
    ("C1", "black", "coal", 2, 3), ("C2", "red", "silk", 2, 3), ("C3", "grey", "iron", 2, 3),
    ("C4", "blue", "money", 3, 5), ("C6", "yellow", "vp", 2, 4),
])
def test_department_yields(contract, colour, field, normal, upgraded):
    # §2.6: normal and upgraded yields.
    for up, expect in ((False, normal), (True, upgraded)):
        t = puzzle(2, me(upgraded=[colour] if up else []), lambda d: add_factory(d, 0, "cotton1A", goods=1))
        t.play(INVEST, f"invest 1 {contract}")
        assert getattr(t.player(0), field) == expect


def test_white_department_normal_and_upgraded_t31():
    # T-31: normal white: R&D +1 or Mining +1; upgraded: R&D +2, Mining +2, or +1 on each.
    t = puzzle(2, lambda d: add_factory(d, 0, "cotton1A", goods=1))
    t.play(INVEST, "invest 1 C5")
    assert sorted(t.legal()) == ["white mining", "white rd"]
    t.play("white rd")
    assert t.player(0).rd == 2
    for choice, rd, mining in (("rd2", 3, 1), ("mining2", 1, 3), ("both", 2, 2)):
        t = puzzle(2, me(upgraded=["white"]), lambda d: add_factory(d, 0, "cotton1A", goods=1))
        t.play(INVEST, "invest 1 C5")
        assert sorted(t.legal()) == ["white both", "white mining2", "white rd2"]
        t.play(f"white {choice}")
        p = t.player(0)
        assert (p.rd, p.mining) == (rd, mining)
        if mining == 3:
            assert p.iron == 2  # Mining space 3: grey bonus


def test_dept_any_offers_every_department():
    t = puzzle(2, lambda d: add_factory(d, 0, "bento1A", goods=1))
    t.play(INVEST, "invest 1 C7")
    assert sorted(t.legal()) == sorted(f"dept {c}" for c in ("black", "red", "grey", "blue", "white", "yellow"))


# ------------------------------------------------------------------------------------------------
# Area bonuses (§2.4: gained when both slots are empty; each once)
# ------------------------------------------------------------------------------------------------


def test_ships_machines_column_2_red_bonus():
    def edit(d):
        add_factory(d, 0, "cotton1A", machines=(True, False))
        add_factory(d, 0, "paper1A")
        add_ship(d, 0, "london")
        add_ship(d, 0, "washington")
    t = puzzle(2, me(money=5), edit)
    t.play(MACHINES, "machine 2 L")
    assert t.player(0).silk == 2  # column 2: red department bonus (data: area_bonuses.json)
    assert t.player(0).finance == 1  # column 1 was gained earlier, not again


def test_machines_trains_column_1_when_the_machine_comes_second():
    def edit(d):
        add_factory(d, 0, "cotton1A")
        add_train(d, 0, "R1", 3)
    t = puzzle(2, me(money=5), edit)
    t.play(MACHINES, "machine 1 L")
    assert t.player(0).iron == 2  # grey department bonus


# ------------------------------------------------------------------------------------------------
# Start tiles (§2.2.3): tile A effect + starting VP, tile B bonuses
# ------------------------------------------------------------------------------------------------


def draft_chance(pairs):
    """Setup outcomes with the standard hiring spaces (scenario.BASE_HIRING) and ``pairs``."""
    return setup_chance(2, hiring=BASE_HIRING, waiting=BASE_WAITING_2P, first=1, pairs=pairs)


def draft(pair_seat0, pair_seat1=("A8", "B8"), third=("A7", "B7")):
    """A 2-player game where seat 1 drafts ``pair_seat1`` first and seat 0 ``pair_seat0`` last."""
    pairs = [pair_seat0, pair_seat1, third]
    chance = draft_chance(pairs)
    t = new_game(2, chance=chance, moves=[f"pair {pair_seat1[0]} {pair_seat1[1]}"])
    t.play(f"pair {pair_seat0[0]} {pair_seat0[1]}")
    return t


def test_b_tile_bonuses_and_start_vp():
    # B4: 6 money, 2 coal, R&D +1; A8 starting VP 3 (data: start_tiles.json).
    t = draft(("A8", "B4"), ("A7", "B8"), ("A6", "B1"))
    p = t.player(0)
    assert (p.money, p.coal, p.rd, p.vp) == (6, 2, 2, 3)
    assert (p.start_a, p.start_b) == ("A8", "B4")
    q = t.player(1)  # A7 (8 VP) + B8: 7 money, 1 silk, R&D +1; 3 coal on the tile
    assert (q.money, q.silk, q.rd, q.vp, q.protected_coal) == (7, 1, 2, 8, 3)


def test_a1_machine_in_reserve_goes_on_first_factory():
    t = draft(("A1", "B1"))
    p = t.player(0)
    assert p.machine_reserve and p.machines == 1 and p.vp == 6
    assert t.state.players[0].factories == []
    # Purple builds a factory later: the machine goes on its left slot
    t3 = position(t, lambda d: (player_json(d, 0, rd=2), d.update(display=["cotton1A", "paper1A"])))
    t3.play(FACTORY, "factory paper1A")
    p = t3.player(0)
    assert p.factories[0].machines == [True, False] and not p.machine_reserve and p.machines == 1


def test_a2_free_ship_with_expert_and_upgrade():
    pairs = [("A2", "B1"), ("A8", "B8"), ("A7", "B7")]
    t = new_game(2, chance=draft_chance(pairs), moves=["pair A8 B8", "pair A2 B1"])
    assert t.decision.kind == "build"
    t.play("ship san_francisco free")
    p = t.player(0)
    assert p.ships == 1 and "red" in p.upgraded
    assert [(w.colour, w.expert) for w in p.workforce] == [("red", "san_francisco")]
    assert p.money == 8 and p.vp == 2  # no ship cost


def test_a3_free_train_with_slot_bonus():
    pairs = [("A3", "B1"), ("A8", "B8"), ("A7", "B7")]
    t = new_game(2, chance=draft_chance(pairs), moves=["pair A8 B8", "pair A3 B1"])
    t.play("train R3 2 free")
    p = t.player(0)
    assert p.trains == 1 and p.silk == 1 and p.vp == 5 and p.money == 8


def test_a4_two_goods_go_to_first_factory():
    t = draft(("A4", "B1"))
    assert t.player(0).goods_reserve == 2
    t2 = position(t, lambda d: (player_json(d, 0, rd=2), d.update(display=["cotton3A"])))
    t2.play(FACTORY, "factory cotton3A")
    p = t2.player(0)
    assert p.factories[0].goods == 2 and p.goods_reserve == 0


def test_a5_old_factory():
    pairs = [("A5", "B1"), ("A8", "B8"), ("A7", "B7")]
    t = new_game(2, chance=draft_chance(pairs), moves=["pair A8 B8", "pair A5 B1"])
    assert sorted(t.legal()) == ["side cotton", "side paper"]
    t.play("side cotton")
    p = t.player(0)
    assert len(p.factories) == 1
    f = p.factories[0]
    assert (f.side, f.goods_type, f.goods) == ("old", "cotton", 1)
    assert p.vp == 4


def test_a6_worker_of_choice():
    pairs = [("A6", "B1"), ("A8", "B8"), ("A7", "B7")]
    t = new_game(2, chance=draft_chance(pairs), moves=["pair A8 B8", "pair A6 B1"])
    bag_before = dict(t.state.bag)
    assert t.decision.kind == "a6"
    t.play("worker yellow")
    p = t.player(0)
    assert [w.colour for w in p.workforce] == ["yellow"]
    assert t.state.bag["yellow"] == bag_before["yellow"] - 1
    assert p.vp == 8


def test_a7_protected_coal_survives_taxes():
    t = draft(("A7", "B1"), ("A8", "B8"), ("A6", "B7"))
    p = t.player(0)
    assert p.protected_coal == 3 and p.coal == 2
    t2 = position(t, lambda d: set_workforce(d, 0, ["blue"]) or d["bag"].update(blue=d["bag"]["blue"] - 1))
    t2.play("consolidate", "pay")
    p = t2.player(0)
    assert p.protected_coal == 3  # never discarded in step B
    assert p.coal == 2  # the 2 B1 coal were taxed; Mining income 2


def test_game_json_of_draft_is_consistent():
    t = draft(("A1", "B1"))
    assert GAME.check_invariants(t.state) == []
