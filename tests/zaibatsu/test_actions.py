"""The nine actions (§2.5) and taking a worker (§2.3), driven through notation.

Positions are built with ``scenario.puzzle`` (a clean 2-player board at Purple's first turn; the
hiring spaces hold H1 grey/red/blue, H2 black/white/yellow, H3 red/blue/white, H4 black/grey/yellow,
H5 white/blue/red; markets M1..M8 show demand tiles DT1..DT8 unturned). Numbers come from the rules
digest (§2) and the data files (engine/zaibatsu/data/*.json, cited as "data: file").
"""

from __future__ import annotations

import pytest

from engine.core import IllegalAction

from .scenario import (
    add_factory,
    add_ship,
    add_train,
    place_token,
    player_json,
    puzzle,
    set_market,
    set_workforce,
)

# data: hiring_spaces.json — H1 trains/ships, H2 mining/machines, H3 factory/investments,
# H4 R&D/production, H5 local markets.
RD = "take 4 rd black"
MINING = "take 2 mining black"
FACTORY = "take 3 factory red"
MACHINES = "take 2 machines white"
PRODUCTION = "take 4 production grey"
SHIPS = "take 1 ships grey"
TRAINS = "take 1 trains grey"
MARKETS = "take 5 markets white"
INVEST = "take 3 investments blue"


def me(**values):
    """Edit: set Purple's (seat 0) plain fields."""
    return lambda d: player_json(d, 0, **values)


def refused(t, move):
    """Assert ``move`` raises IllegalAction and leaves the state JSON unchanged; return the reason."""
    before = t.json()
    with pytest.raises(IllegalAction) as exc:
        t.apply(move)
    assert t.json() == before
    return exc.value.reason


# ------------------------------------------------------------------------------------------------
# Taking a worker (§2.3 a, E-1)
# ------------------------------------------------------------------------------------------------


def test_take_worker_goes_to_lowest_empty_slot():
    t = puzzle(2, me(money=5), lambda d: set_workforce(d, 0, ["red", "blue"]))
    t.play(RD)
    assert t.state.hiring[3] == ["grey", "yellow"]  # one black worker left H4
    assert [w.colour for w in t.player(0).workforce] == ["red", "blue", "black"]
    assert t.decision.kind == "activation"


def test_only_actions_of_the_chosen_space_and_present_colours():
    t = puzzle(2, me(money=5))
    reason = refused(t, "take 4 rd red")
    assert "no red worker" in reason
    reason = refused(t, "take 5 rd white")
    assert "Hiring space 5 offers" in reason


def test_full_workforce_must_consolidate():
    # §2.3: no action with a full workforce (6 workers); consolidation is the only move.
    t = puzzle(2, me(money=50, iron=9), lambda d: set_workforce(d, 0, ["red"] * 2 + ["blue"] * 2 + ["white"] * 2))
    assert t.legal() == ["consolidate"]


def test_action_needs_one_possible_activation():
    # §2.3: only an action you can activate at least once. Money 0: no R&D, Mining, Machines,
    # Ships, Trains; no goods: no Markets or Investments; no factory: no Production.
    t = puzzle(2, lambda d: set_workforce(d, 0, ["red"]))
    assert t.legal() == ["consolidate"]
    t2 = puzzle(2, me(money=1))
    assert {m.split()[2] for m in t2.legal() if m.startswith("take")} == {"rd", "mining"}


# ------------------------------------------------------------------------------------------------
# R&D and Mining (§2.5.1, §2.5.2): 1/3/6 money for +1/+2/+3
# ------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(("steps", "cost"), [(1, 1), (2, 3), (3, 6)])
def test_rd_costs(steps, cost):
    # Start on R&D 5 (already past the bonuses on 3 and 5); spaces 6 (none), 7 (any department),
    # 8 (Finance +1) — data: tracks.json.
    t = puzzle(2, me(money=10, rd=5))
    t.play(RD, f"rd {steps}")
    if steps >= 2:  # space 7: any department bonus → choose one
        assert t.decision.kind == "dept_any"
        t.play("dept blue")  # blue normal: 3 money (§2.6)
    p = t.player(0)
    assert p.rd == 5 + steps
    assert p.money == 10 - cost + (3 if steps >= 2 else 0)
    assert p.finance == (2 if steps == 3 else 1)


def test_rd_only_affordable_steps_offered_and_silk_converts():
    t = puzzle(2, me(money=3))
    t.play(RD)
    assert t.legal() == ["rd 1", "rd 2"]
    # §2.4: 1 silk → 1 money at any time of your turn: money 1 + silk 2 pays the 3 of "+2".
    t2 = puzzle(2, me(money=1, silk=2))
    t2.play(RD, "rd 2")
    p = t2.player(0)
    assert (p.money, p.silk, p.rd) == (0, 0, 3)
    assert p.coal == 2  # R&D space 3: black department bonus, 2 coal (data: tracks.json)


def test_rd_at_track_end():
    # §2.4: markers never move past the last space; excess movement is lost.
    t = puzzle(2, me(money=10, rd=9))
    t.play(RD, "rd 3")
    p = t.player(0)
    assert (p.rd, p.money) == (10, 4)
    assert p.vp == 2  # space 10: yellow department bonus, 2 VP (data: tracks.json)
    # On the last space the action may still be taken (S-DE: "nothing happens instead"): the cost
    # is paid, the marker stays and the space's bonus is not gained again.
    t2 = puzzle(2, me(money=10, rd=10))
    t2.play(RD, "rd 1")
    p = t2.player(0)
    assert (p.rd, p.money, p.vp) == (10, 9, 0)


@pytest.mark.parametrize(("steps", "cost"), [(1, 1), (2, 3), (3, 6)])
def test_mining_costs(steps, cost):
    # Mining 5 → 6/7/8: space 7 has an any-department bonus (data: tracks.json).
    t = puzzle(2, me(money=10, mining=5))
    t.play(MINING, f"mine {steps}")
    if steps >= 2:
        t.play("dept black")  # 2 coal
    p = t.player(0)
    assert p.mining == 5 + steps
    assert p.money == 10 - cost
    assert p.coal == (2 if steps >= 2 else 0)


def test_mining_at_track_end():
    t = puzzle(2, me(money=10, mining=10))
    t.play(MINING, "mine 2")
    p = t.player(0)
    assert (p.mining, p.money, p.finance) == (10, 7, 1)  # space 10's Finance +1 is not gained again


# ------------------------------------------------------------------------------------------------
# Factory (§2.5.3)
# ------------------------------------------------------------------------------------------------


def display(*sides):
    def edit(d):
        d["display"] = list(sides)
    return edit


MOD_DISPLAY = display("cotton3A", "paper3A", "bento3A", "lenses3A", "bulbs3A", "clocks3A")


@pytest.mark.parametrize(("rd", "buildable"), [
    (1, set()),
    (2, {"cotton3A", "paper3A"}),
    (3, {"cotton3A", "paper3A"}),
    (4, {"cotton3A", "paper3A", "bento3A", "lenses3A"}),
    (6, {"cotton3A", "paper3A", "bento3A", "lenses3A", "bulbs3A", "clocks3A"}),
])
def test_factory_rd_requirement(rd, buildable):
    # Level 1 needs R&D 2, level 2 R&D 4, level 3 R&D 6 (§2.5.3, data: goods.json).
    t = puzzle(2, me(money=6, rd=rd), MOD_DISPLAY)
    if not buildable:
        assert FACTORY not in t.legal()
        return
    t.play(FACTORY)
    assert {m.split()[1] for m in t.legal()} == buildable


def test_silk_boost_is_for_this_build_only():
    # §2.4: 1/3/6 silk raise R&D by +1/+2/+3 for that build; the marker does not move.
    t = puzzle(2, me(money=6, rd=3, silk=6), MOD_DISPLAY)
    t.play(FACTORY)
    legal = t.legal()
    assert "factory bento3A silk1" in legal and "factory bento3A" not in legal
    assert "factory bulbs3A silk6" in legal and "factory bulbs3A silk3" not in legal
    t.play("factory bulbs3A silk6")
    p = t.player(0)
    assert (p.rd, p.silk, p.money) == (3, 0, 0)
    assert [f.side for f in p.factories] == ["bulbs3A"]


def test_t23_level3_factory_with_rd4_and_3_silk():
    # T-23: R&D 4, silk 3: a level-3 factory for 3 silk (+2) is legal; R&D stays on 4.
    t = puzzle(2, me(money=6, rd=4, silk=3), MOD_DISPLAY)
    t.play(FACTORY, "factory clocks3A silk3")
    p = t.player(0)
    assert (p.rd, p.silk, p.money) == (4, 0, 0)


def test_factory_cost_and_slots():
    t = puzzle(2, me(money=13, rd=2), MOD_DISPLAY)
    t.play(FACTORY, "factory paper3A")
    p = t.player(0)
    assert p.money == 7  # 6 money (§2.5.3)
    assert "paper3A" not in t.state.display
    # second factory: next (leftmost empty) slot
    t2 = puzzle(2, me(money=6, rd=2), MOD_DISPLAY, lambda d: add_factory(d, 0, "cotton1A"))
    t2.play(FACTORY, "factory paper3A")
    assert [f.side for f in t2.player(0).factories] == ["cotton1A", "paper3A"]


def test_factory_shortfall_paid_with_silk():
    t = puzzle(2, me(money=5, silk=1, rd=2), MOD_DISPLAY)
    t.play(FACTORY, "factory cotton3A")
    assert (t.player(0).money, t.player(0).silk) == (0, 0)


def test_factory_not_affordable():
    t = puzzle(2, me(money=5, rd=2), MOD_DISPLAY)
    assert FACTORY not in t.legal()


def test_a8_cheaper_factory():
    # Start tile A8: the Factory action costs 2 money less (4).
    t = puzzle(2, me(money=4, rd=2, start_a="A8"), MOD_DISPLAY)
    t.play(FACTORY, "factory cotton3A")
    assert t.player(0).money == 0


def test_no_empty_factory_slot():
    # G-2: with all 6 factory slots filled (data: rule_numbers factory_slots) no Factory action.
    def six(d):
        for side in ("cotton1A", "cotton2A", "paper1A", "paper2A", "bento1A", "bento2A"):
            add_factory(d, 0, side)
    t = puzzle(2, me(money=20, rd=6), MOD_DISPLAY, six)
    assert FACTORY not in t.legal()


def test_factory_not_in_display_refused():
    t = puzzle(2, me(money=6, rd=2), MOD_DISPLAY)
    t.play(FACTORY)
    reason = refused(t, "factory cotton1A")
    assert "not in the factory display" in reason


# ------------------------------------------------------------------------------------------------
# Machines (§2.5.4)
# ------------------------------------------------------------------------------------------------


def two_factories(d):
    add_factory(d, 0, "cotton3A")
    add_factory(d, 0, "paper3A")


def test_machine_left_and_right_slot_costs():
    # Left slot 5 money; right slot 5 money + 1 iron (data: rule_numbers machine_right_slot_extra).
    t = puzzle(2, me(money=10, iron=1), two_factories)
    t.play(MACHINES)
    assert set(t.legal()) == {"machine 1 L", "machine 1 R", "machine 2 L", "machine 2 R"}
    t.play("machine 1 R")
    p = t.player(0)
    assert (p.money, p.iron, p.machines) == (5, 0, 1)
    assert p.factories[0].machines == [False, True]
    # next activation: a different factory; no iron left, so only the left slot
    assert t.legal() == ["machine 2 L", "done"]
    t.play("machine 2 L")
    p = t.player(0)
    assert p.money == 0 and p.machines == 2 and p.factories[1].machines == [True, False]
    assert t.decision.kind == "turn" and t.decision.seat == 1


def test_right_slot_needs_iron():
    t = puzzle(2, me(money=10), two_factories)
    t.play(MACHINES)
    assert set(t.legal()) == {"machine 1 L", "machine 2 L"}
    assert "cannot pay" in refused(t, "machine 1 R")


def test_machines_up_to_three_different_factories():
    def three(d):
        for side in ("cotton3A", "paper3A", "bento3A"):
            add_factory(d, 0, side)
    t = puzzle(2, me(money=30, iron=3), three)
    t.play(MACHINES, "machine 1 L")
    assert "different factory" in refused(t, "machine 1 R")
    t.play("machine 2 L", "machine 3 R")
    p = t.player(0)
    assert p.machines == 3 and p.money == 15 and p.iron == 2
    assert t.decision.seat == 1  # the limit of 3 activations ends the action


def test_full_factory_and_old_factory_take_no_machine():
    # A factory with both machine slots used cannot be chosen; the old factory has no machine
    # slots (G-10).
    def edit(d):
        add_factory(d, 0, "old", goods=1, goods_kind="paper")
        add_factory(d, 0, "cotton3A", machines=(True, True))
    t = puzzle(2, me(money=10, iron=1), edit)
    assert MACHINES not in t.legal()


def test_machine_area_bonus_column_1():
    # E-5 / §2.4: the bonus between ship slot 1 and machine slot 1 (Finance +1, data:
    # area_bonuses.json) is gained when both slots are empty: here the first ship was built before.
    t = puzzle(2, me(money=5), two_factories, lambda d: add_ship(d, 0, "berlin"))
    t.play(MACHINES, "machine 1 L")
    assert t.player(0).finance == 2
    # without a ship built, the first machine gains nothing
    t2 = puzzle(2, me(money=5), two_factories)
    t2.play(MACHINES, "machine 1 L")
    assert t2.player(0).finance == 1


# ------------------------------------------------------------------------------------------------
# Production (§2.5.5)
# ------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(("side", "coal"), [("cotton1A", 2), ("bento1A", 3), ("bulbs1A", 4)])
def test_production_cost_by_level(side, coal):
    # 2/3/4 coal for a level 1/2/3 factory; 1 + machines goods (data: goods.json).
    t = puzzle(2, me(coal=5), lambda d: add_factory(d, 0, side, machines=(True, True)))
    t.play(PRODUCTION, "produce 1")
    p = t.player(0)
    assert p.coal == 5 - coal
    assert p.factories[0].goods == 3


def test_production_needs_the_coal():
    t = puzzle(2, me(coal=3), lambda d: add_factory(d, 0, "bulbs3A"))
    assert PRODUCTION not in t.legal()


def test_production_four_goods_cap():
    # 4 goods slots per factory; goods that do not fit are discarded.
    t = puzzle(2, me(coal=2), lambda d: add_factory(d, 0, "cotton3A", goods=3, machines=(True, True)))
    t.play(PRODUCTION, "produce 1")
    assert t.player(0).factories[0].goods == 4


def test_production_different_factories_and_old_factory():
    def edit(d):
        add_factory(d, 0, "old", goods=1, goods_kind="cotton")
        add_factory(d, 0, "cotton3A")
        add_factory(d, 0, "paper3A", machines=(True, False))
    t = puzzle(2, me(coal=10), edit)
    t.play(PRODUCTION)
    assert set(t.legal()) == {"produce 2", "produce 3"}  # §2.2.3 A5: the old factory never produces
    assert "old factory never produces" in refused(t, "produce 1")
    t.play("produce 3")
    assert "different factory" in refused(t, "produce 3")
    t.play("produce 2")
    p = t.player(0)
    assert [f.goods for f in p.factories] == [1, 1, 2]
    assert p.coal == 6
    assert t.decision.seat == 1  # nothing left to produce in: the action ends


def test_production_uses_a7_coal():
    # Start tile A7: the 3 protected coal may be spent normally.
    t = puzzle(2, me(protected_coal=3, start_a="A7"), lambda d: add_factory(d, 0, "cotton3A"))
    t.play(PRODUCTION, "produce 1")
    p = t.player(0)
    assert (p.coal, p.protected_coal, p.factories[0].goods) == (0, 1, 1)


# ------------------------------------------------------------------------------------------------
# Ships (§2.5.6)
# ------------------------------------------------------------------------------------------------


def test_ship_pay_iron_or_money_take_expert_and_upgrade():
    t = puzzle(2, me(iron=4, money=5))
    t.play(SHIPS)
    legal = t.legal()
    assert "ship berlin iron" in legal and "ship berlin money" in legal
    t.play("ship berlin iron")
    p = t.player(0)
    assert p.iron == 1 and p.ships == 1
    assert [(w.colour, w.expert) for w in p.workforce] == [("grey", None), ("white", "berlin")]
    assert t.state.experts["berlin"] is False
    assert "white" in p.upgraded and t.state.upgrades["berlin"] == 1  # 2 tiles at 2 players
    assert t.state.ships["berlin"] == [0]
    assert "ship berlin money" not in t.legal()  # a different destination each activation
    t.play("ship paris money")  # 5 money + 1 iron
    p = t.player(0)
    assert (p.money, p.iron, p.ships) == (0, 0, 2)
    assert "grey" in p.upgraded


def test_ship_already_upgraded_takes_no_tile():
    t = puzzle(2, me(iron=3, upgraded=["white"]))
    t.play(SHIPS, "ship berlin iron")
    assert t.state.upgrades["berlin"] == 2
    assert t.player(0).upgraded == ["white"]


def test_ship_no_upgrade_tile_left():
    t = puzzle(2, me(iron=3), lambda d: d["upgrades"].update(berlin=0))
    t.play(SHIPS, "ship berlin iron")
    assert t.player(0).upgraded == []
    assert t.player(0).workforce[-1].expert == "berlin"


def test_ship_needs_expert_on_destination():
    t = puzzle(2, me(iron=3), lambda d: set_workforce(d, 1, ["white@berlin"]))
    t.play(SHIPS)
    assert not [m for m in t.legal() if "berlin" in m]
    assert "no expert" in refused(t, "ship berlin iron")


def test_ship_slots_per_player_count():
    # 2 players: 2 ship slots per destination (§2.2.4).
    def edit(d):
        add_ship(d, 1, "berlin")
        add_ship(d, 1, "berlin")
    t = puzzle(2, me(iron=3), edit)
    t.play(SHIPS)
    assert not [m for m in t.legal() if "berlin" in m]
    t3 = puzzle(3, me(iron=3), edit)
    t3.play(SHIPS)
    assert "ship berlin iron" in t3.legal()  # 3 players: 3 slots


def test_t20_no_ships_with_five_workers():
    # T-20: 5 workers: after the action worker no slot is left for the expert.
    t = puzzle(2, me(iron=9, money=10), lambda d: set_workforce(d, 0, ["red", "red", "blue", "blue", "white"]))
    legal = t.legal()
    assert not [m for m in legal if " ships " in m]
    assert [m for m in legal if " trains " in m]
    assert "Ships even once" in refused(t, SHIPS)


def test_four_workers_allow_exactly_one_ship():
    t = puzzle(2, me(iron=9), lambda d: set_workforce(d, 0, ["red", "red", "blue", "blue"]))
    t.play(SHIPS, "ship berlin iron")
    p = t.player(0)
    assert len(p.workforce) == 6 and p.ships == 1 and p.iron == 6
    assert t.decision.seat == 1  # no second ship: no workforce slot for another expert


def test_ships_limit_three_activations():
    t = puzzle(2, me(iron=12))
    t.play(SHIPS, "ship berlin iron", "ship paris iron", "ship london iron")
    p = t.player(0)
    assert p.ships == 3 and p.iron == 3 and len(p.workforce) == 4
    assert t.decision.seat == 1


# ------------------------------------------------------------------------------------------------
# Trains (§2.5.7)
# ------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(("slot", "gain"), [(1, {"iron": 1}), (2, {"silk": 1}), (3, {})])
def test_train_slot_bonus(slot, gain):
    # data: train_slots.json — slot 1: 1 iron, slot 2: 1 silk, slot 3: nothing.
    t = puzzle(2, me(iron=3))
    t.play(TRAINS, f"train R2 {slot} iron")
    assert t.decision.seat == 1  # no iron for a 2nd train: the action ends
    p = t.player(0)
    assert p.trains == 1 and t.state.trains["R2"][slot - 1] == 0
    assert (p.iron, p.silk) == (gain.get("iron", 0), gain.get("silk", 0))


@pytest.mark.parametrize(("players", "slots"), [(2, [1, 2, 3]), (3, [1, 2, 3, 4, 5]), (4, [1, 2, 3, 4, 5, 6, 7])])
def test_train_slots_per_player_count(players, slots):
    t = puzzle(players, me(iron=3))
    t.play(TRAINS)
    assert sorted({int(m.split()[2]) for m in t.legal() if m.startswith("train R1")}) == slots


def test_trains_different_regions_and_occupied_slots():
    t = puzzle(2, me(iron=9, money=10), lambda d: add_train(d, 1, "R1", 1))
    t.play(TRAINS)
    assert not [m for m in t.legal() if m.startswith("train R1 1 ")]
    t.play("train R1 2 iron")
    assert not [m for m in t.legal() if m.startswith("train R1")]
    assert "different region" in refused(t, "train R1 3 iron")
    t.play("train R3 1 money", "train R4 3 iron")
    p = t.player(0)
    # iron 9 − 3 − 1 − 3 + 1 (slot 1 bonus); silk +1 (slot 2); money 10 − 5
    assert (p.iron, p.silk, p.money, p.trains) == (3, 1, 5, 3)
    assert t.decision.seat == 1  # limit 3


def test_train_area_bonus_machines_trains_column_1():
    # data: area_bonuses.json machines-trains column 1 = grey department bonus (2 iron, §2.6):
    # gained when machine slot 1 and train slot 1 are both empty.
    t = puzzle(2, me(iron=3), lambda d: add_factory(d, 0, "cotton3A", machines=(True, False)))
    t.play(TRAINS, "train R2 3 iron")
    assert t.player(0).iron == 2


# ------------------------------------------------------------------------------------------------
# Local Markets (§2.5.8)
# ------------------------------------------------------------------------------------------------
# M1 shows DT1 unturned: N cotton, E bento, S paper, W light bulbs (data: demand_tiles.json).


def goods_factories(d):
    add_factory(d, 0, "cotton3A", goods=3)
    add_factory(d, 0, "bento3A", goods=3)
    add_factory(d, 0, "bulbs3A", goods=3)


@pytest.mark.parametrize(("slot", "source", "value"), [
    ("N", "1", 1), ("N", "1.1", 2), ("N", "1.1.1", 3),  # level 1: 1/2/3
    ("E", "2", 3), ("E", "2.2", 4), ("E", "2.2.2", 5),  # level 2: 3/4/5
    ("W", "3", 5), ("W", "3.3", 6), ("W", "3.3.3", 7),  # level 3: 5/6/7
])
def test_market_value_table(slot, source, value):
    # §2.5.8 value table (data: influence_values.json); the goods leave their factory.
    t = puzzle(2, goods_factories)
    t.play(MARKETS, f"market M1 {slot} {source} vp", "done")
    p = t.player(0)
    m1 = t.state.markets[0]
    assert m1.slots["NESW".index(slot)] == [0, value]
    assert p.tokens == [v for v in range(1, 8) if v != value]  # that exact token left the supply
    n = len(source.split("."))
    assert sum(f.goods for f in p.factories) == 9 - n
    assert p.vp == 2  # the 2 VP alternative reward


def test_market_goods_must_match_the_adjacent_side():
    t = puzzle(2, goods_factories)
    t.play(MARKETS)
    assert not [m for m in t.legal() if m.startswith("market M1 S ")]  # paper: none
    assert "not allowed" in refused(t, "market M1 N 2 vp")  # bento beside a cotton slot


def test_market_rotation_turns_the_goods():
    # A tile turned one quarter clockwise shows its N good beside slot E (§2.2.1 step 2).
    t = puzzle(2, goods_factories, lambda d: set_market(d, "M1", "DT1", 1))
    t.play(MARKETS)
    legal = t.legal()
    assert "market M1 E 1 vp" in legal  # cotton (N side) now beside E
    assert "market M1 S 2 vp" in legal  # bento (E side) now beside S
    assert "market M1 N 3 vp" in legal  # light bulbs (W side) now beside N


def test_t15_exact_token_value():
    # T-15: level-2 goods only and token 4 not available → 2 bento cannot be spent.
    def edit(d):
        add_factory(d, 0, "bento3A", goods=2)
        place_token(d, "M8", "W", 0, 4)
    t = puzzle(2, edit)
    t.play(MARKETS)
    legal = t.legal()
    assert "market M1 E 1 vp" in legal  # 1 bento → token 3
    assert not [m for m in legal if " 1.1 " in m]
    refused(t, "market M1 E 1.1 vp")


def test_t14_replace_strictly_higher():
    # T-14: a slot holding a 5: placing a 5 is illegal; a 6 is legal and the 5 returns to its owner.
    def edit(d):
        add_factory(d, 0, "bulbs3A", goods=3)
        place_token(d, "M1", "W", 1, 5)
    t = puzzle(2, edit)
    t.play(MARKETS)
    refused(t, "market M1 W 1 vp")  # 1 bulb = token 5, equal
    t.play("market M1 W 1.1 bonus")
    assert t.state.markets[0].slots[3] == [0, 6]
    assert t.player(1).tokens == [1, 2, 3, 4, 5, 6, 7]
    assert t.player(0).iron == 2  # region R1 bonus: 2 iron (data: regions.json)


def test_market_limit_two_players_t12_t13():
    # 2 players: at most 2 tokens per market (§2.2.4). T-12: A's 2 and B's 4 in the market;
    # A places a 3 on an empty slot → legal, A's 2 (the lowest) returns to A.
    def edit(d):
        add_factory(d, 0, "cotton3A", goods=3)
        place_token(d, "M1", "S", 0, 2)
        place_token(d, "M1", "E", 1, 4)
    t = puzzle(2, edit)
    t.play(MARKETS)
    legal = t.legal()
    # T-13: a 2 on an empty slot is illegal (not greater than the minimum 2); a 1 neither.
    assert "market M1 N 1.1 vp" not in legal and "market M1 N 1 vp" not in legal
    assert "market M1 N 1.1.1 vp evict S" in legal
    t.play("market M1 N 1.1.1 vp evict S")
    m1 = t.state.markets[0]
    assert m1.slots == [[0, 3], [1, 4], None, None]
    assert t.player(0).tokens == [1, 2, 4, 5, 6, 7]


def test_market_limit_choice_among_lowest():
    # Two tokens tie for the lowest: the placer chooses which one returns (§2.5.8, D-5).
    def edit(d):
        add_factory(d, 0, "cotton3A", goods=3)
        place_token(d, "M1", "S", 0, 2)
        place_token(d, "M1", "E", 1, 2)
    t = puzzle(2, edit)
    t.play(MARKETS)
    options = [m for m in t.legal() if m.startswith("market M1 N 1.1.1 vp")]
    assert sorted(options) == ["market M1 N 1.1.1 vp evict E", "market M1 N 1.1.1 vp evict S"]
    t.play("market M1 N 1.1.1 vp evict E")
    assert t.state.markets[0].slots == [[0, 3], None, [0, 2], None]
    assert 2 in t.player(1).tokens


def test_market_limit_three_players():
    # 3 players: 3 tokens per market; a 4th token must beat the lowest, which returns.
    def edit(d):
        add_factory(d, 0, "cotton3A", goods=3)
        place_token(d, "M1", "S", 1, 1)
        place_token(d, "M1", "E", 2, 4)
        place_token(d, "M1", "W", 1, 6)
    t = puzzle(3, edit)
    t.play(MARKETS)
    legal = t.legal()
    assert "market M1 N 1 vp" not in legal  # 1 is not above the lowest 1
    t.play("market M1 N 1.1 vp evict S")
    assert t.state.markets[0].slots == [[0, 2], [2, 4], None, [1, 6]]
    assert 1 in t.player(1).tokens
    # below the limit, an empty slot needs no comparison
    t2 = puzzle(3, lambda d: (add_factory(d, 0, "cotton3A", goods=1), place_token(d, "M1", "E", 1, 7)))
    t2.play(MARKETS)
    assert "market M1 N 1 vp" in t2.legal()


def test_market_own_token_replaced_and_single_region():
    def edit(d):
        add_factory(d, 0, "cotton3A", goods=3)
        add_factory(d, 0, "bento3A", goods=1)
    t = puzzle(2, edit)
    t.play(MARKETS, "market M1 N 1 bonus")
    # the rest of the action stays in region R1 (M1, M2)
    assert {m.split()[1] for m in t.legal() if m != "done"} <= {"M1", "M2"}
    assert "one region" in refused(t, "market M3 N 1 vp")
    t.play("market M1 N 1.1 bonus")  # own 1 replaced by 2
    m1 = t.state.markets[0]
    assert m1.slots[0] == [0, 2]
    p = t.player(0)
    assert 1 in p.tokens and 2 not in p.tokens
    assert p.iron == 4  # 2 × region R1 bonus (2 iron)


def test_market_goods_from_two_factories_of_one_type():
    # G-3: goods of one type may come from two factories of that type.
    def edit(d):
        add_factory(d, 0, "cotton3A", goods=1)
        add_factory(d, 0, "cotton1A", goods=1)
    t = puzzle(2, edit)
    t.play(MARKETS, "market M1 N 1.2 vp")
    assert t.state.markets[0].slots[0] == [0, 2]
    assert [f.goods for f in t.player(0).factories] == [0, 0]


# ------------------------------------------------------------------------------------------------
# Investments & Contracts (§2.5.9)
# ------------------------------------------------------------------------------------------------


def invest_factories(d):
    add_factory(d, 0, "cotton3A", goods=4)  # slot 1: cotton (level 1)
    add_factory(d, 0, "bento3A", goods=4)  # slot 2: bento (level 2)
    add_factory(d, 0, "clocks3A", goods=4)  # slot 3: clocks (level 3)


def test_investment_goods_count_and_types():
    t = puzzle(2, invest_factories, me(finance=1))
    t.play(INVEST)
    assert {len(m.split()[1].split(".")) for m in t.legal()} == {1}
    t.play("invest 1 finance")
    assert t.player(0).finance == 3  # Finance +2
    # activation 2: 2 goods of a type not used before (T-21)
    assert {m.split()[1] for m in t.legal() if m != "done"} == {"2.2", "3.3"}
    reason = refused(t, "invest 1.1 finance")
    assert "type not used" in reason
    assert "exactly 2 goods" in refused(t, "invest 2 finance")
    t.play("invest 2.2 finance")
    assert {m.split()[1] for m in t.legal() if m != "done"} == {"3.3.3"}
    t.play("invest 3.3.3 finance")
    p = t.player(0)
    assert p.finance == 7  # spaces 5 (blue: 3 money) and 7 (token 7) passed (data: tracks.json)
    assert p.money == 3 and p.tokens.count(7) == 2
    assert [f.goods for f in p.factories] == [3, 2, 1]
    assert t.decision.seat == 1


@pytest.mark.parametrize(("contract", "field", "gain"), [
    ("C1", "coal", 2), ("C2", "silk", 2), ("C3", "iron", 2), ("C4", "money", 3), ("C6", "vp", 2),
])
def test_contract_department_bonus(contract, field, gain):
    # data: contracts.json C1–C6 give the black/red/grey/blue/white/yellow department bonus (§2.6).
    t = puzzle(2, invest_factories)
    t.play(INVEST, f"invest 1 {contract}", "done")
    p = t.player(0)
    assert getattr(p, field) == gain
    assert p.contracts_done == [contract] and contract not in p.contracts


def test_contract_white_department_choice():
    t = puzzle(2, invest_factories)
    t.play(INVEST, "invest 1 C5")
    assert t.decision.kind == "white"
    t.play("white mining", "done")
    assert t.player(0).mining == 2


def test_contract_slots_fill_left_to_right_and_never_twice():
    t = puzzle(2, invest_factories)
    t.play(INVEST, "invest 1 C4", "invest 2.2 C1")
    assert "C4" not in " ".join(t.legal())
    t.play("invest 3.3.3 C3")
    assert t.player(0).contracts_done == ["C4", "C1", "C3"]


def test_special_contracts_c7_c8():
    # C7 needs a level-2 good, C8 a level-3 good, among the goods spent in this action (earlier
    # activations included, G-11). Each gives any department bonus.
    t = puzzle(2, invest_factories)
    t.play(INVEST)
    legal = t.legal()
    assert "invest 1 C7" not in legal and "invest 1 C8" not in legal  # cotton only
    assert "invest 2 C7" in legal and "invest 2 C8" not in legal
    assert "invest 3 C8" in legal and "invest 3 C7" not in legal
    t.play("invest 2 finance")  # 1 bento
    assert "invest 1.1 C7" in t.legal()  # the bento of activation 1 counts
    t.play("invest 1.1 C7")
    assert t.decision.kind == "dept_any"
    t.play("dept yellow")
    assert t.player(0).vp == 2
    t.play("invest 3.3.3 C8", "dept grey")
    p = t.player(0)
    assert p.iron == 2 and p.contracts_done == ["C7", "C8"]


def test_investment_with_no_goods_not_offered():
    t = puzzle(2, lambda d: add_factory(d, 0, "cotton3A", goods=0))
    assert INVEST not in t.legal()
