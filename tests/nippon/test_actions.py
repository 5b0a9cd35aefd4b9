"""The nine actions (Dostępne Akcje) with costs, limits and "perform in full": worked examples
T-03..T-18, T-28, T-29 of the digest, set up through notation and JSON positions.

Base position (scenario.base_game, 4 players, Yellow = seat 0 to play): action spaces
1 Knowledge/Produce [red red blue], 2 Invest/Mines [white white grey], 3 Export/Ships
[black yellow yellow], 4 Mechanization/Trains [grey blue white], 5 Local market [red black yellow];
cities M1..M8 hold C1..C8 unturned (M1 = C1: N lenses, E paper, S silk, W bulbs).
"""

from __future__ import annotations

import pytest

from engine.core import IllegalAction
from engine.nippon import GAME

from .scenario import add_factory, add_transport, place_tile, player, puzzle


def refused(t, move: str) -> None:
    """``move`` is refused with a reason and the state is unchanged."""
    before = GAME.to_json(t.state)
    with pytest.raises(IllegalAction) as info:
        t.apply(move)
    assert str(info.value.reason)
    assert GAME.to_json(t.state) == before


# ---------------------------------------------------------------------------------------- blueprints
def test_t03_blueprints_count_by_value_and_convert_three_for_one_space():
    t = puzzle(4, lambda d: player(d, 0, blueprints=4))  # e.g. tiles {2, 2}
    assert "bp knowledge" in t.legal() and "bp money" in t.legal() and "bp coal" in t.legal()
    t.apply("bp knowledge")
    p = t.player(0)
    assert p.blueprints == 1 and p.knowledge_pos == 1
    assert not any(m.startswith("bp") for m in t.legal())
    refused(t, "bp money")


def test_blueprint_conversion_is_offered_inside_an_action_only_if_it_can_still_complete():
    # Knowledge level 3 (pos 3), 3 blueprints, Silk and Paper owned: only level-2 tiles are left
    # to build, each needing 1 blueprint. Converting now would leave 0 blueprints (and knowledge +1
    # space is still level 3): the action could not be completed, so no conversion is offered.
    t2 = puzzle(4, lambda d: player(d, 0, blueprints=3, knowledge_pos=3, money=10),
                lambda d: add_factory(d, 0, "SI-1"), lambda d: add_factory(d, 0, "PA-1"))
    t2.apply("take 2 invest white")
    assert "factory BE-1" in t2.legal()
    # bp knowledge: pos 4 is still level 3, 0 blueprints left -> nothing buildable -> not offered.
    assert "bp knowledge" not in t2.legal() and "bp money" not in t2.legal()
    refused(t2, "bp money")


# ---------------------------------------------------------------------------------------- knowledge
def test_t04_knowledge_level_between_numbers_is_the_lower():
    t = puzzle(4, lambda d: player(d, 0, knowledge_pos=4))
    assert GAME.view(t.state, 0)["tracks"][0]["knowledge"] == 3
    t = puzzle(4, lambda d: player(d, 0, knowledge_pos=5))
    assert GAME.view(t.state, 0)["tracks"][0]["knowledge"] == 4


def test_t10_knowledge_prices_are_marginal_1_2_3():
    t = puzzle(4, lambda d: player(d, 0, money=10))
    t.apply("take 1 knowledge red")
    assert t.legal() == ["up", "bp money", "bp coal", "bp knowledge"][:1]
    t.apply("up")
    assert t.player(0).money == 9 and "done" in t.legal()
    t.apply("up")
    assert t.player(0).money == 7
    t.apply("up")  # third space: +3 -> 6,000 in all
    p = t.player(0)
    assert p.money == 4 and p.knowledge_pos == 3
    assert t.decision.seat == 1  # three repetitions end the action and the turn


def test_t10_done_after_two_spaces_costs_3000():
    t = puzzle(4, lambda d: player(d, 0, money=10))
    t.play("take 1 knowledge red", "up", "up", "done")
    assert t.player(0).money == 7 and t.player(0).knowledge_pos == 2


def test_t10_paper_star_tile_prices_0_2_4():
    t = puzzle(4, lambda d: player(d, 0, money=10), lambda d: add_factory(d, 0, "PA-2"))
    t.play("take 1 knowledge red", "up", "up", "up")
    assert t.player(0).money == 6 and t.player(0).knowledge_pos == 3


def test_t10_paper_extra_space_two_chosen_moves_three():
    t = puzzle(4, lambda d: player(d, 0, money=10), lambda d: add_factory(d, 0, "PA-1"))
    t.play("take 1 knowledge red", "up", "up", "done")
    assert t.player(0).money == 7 and t.player(0).knowledge_pos == 3


def test_t10_more_spaces_than_remain_is_illegal_and_the_extra_space_is_lost():
    # Knowledge track has 12 spaces (0..11); at 10 only one space remains.
    t = puzzle(4, lambda d: player(d, 0, money=10, knowledge_pos=10), lambda d: add_factory(d, 0, "PA-1"))
    t.apply("take 1 knowledge red")
    t.apply("up")
    assert t.player(0).knowledge_pos == 11 and t.decision.seat == 1 and t.player(0).money == 9
    t = puzzle(4, lambda d: player(d, 0, money=10, knowledge_pos=11))
    refused(t, "take 1 knowledge red")


def test_mines_move_the_coal_track_with_bento_bonuses():
    t = puzzle(4, lambda d: player(d, 0, money=10), lambda d: add_factory(d, 0, "BE-2"))
    t.play("take 3 mines yellow", "up", "up", "done")
    assert t.player(0).coal_pos == 2 and t.player(0).money == 8
    t = puzzle(4, lambda d: player(d, 0, money=10), lambda d: add_factory(d, 0, "BE-3"))
    t.play("take 3 mines yellow", "up", "done")
    assert t.player(0).coal_pos == 2 and t.player(0).money == 9


# ---------------------------------------------------------------------------------------- invest
def test_t05_invest_with_knowledge_shortfall_pays_blueprints():
    t = puzzle(4, lambda d: player(d, 0, money=10, blueprints=2, knowledge_pos=3))
    t.apply("take 2 invest white")
    t.apply("factory BE-1")
    p = t.player(0)
    assert (p.money, p.blueprints, p.knowledge_pos) == (4, 1, 3)
    assert [f.tile for f in p.factories] == ["BE-1"] and "BE-1" not in t.state.display


def test_t05_without_blueprints_the_level_2_factory_is_not_buildable():
    t = puzzle(4, lambda d: player(d, 0, money=10, blueprints=0, knowledge_pos=3))
    t.apply("take 2 invest white")
    assert not any(m.startswith("factory BE") for m in t.legal())
    assert "factory SI-1" in t.legal()
    refused(t, "factory BE-1")


def test_t06_one_factory_per_good():
    t = puzzle(4, lambda d: player(d, 0, money=10, knowledge_pos=11), lambda d: add_factory(d, 0, "SI-1"))
    t.apply("take 2 invest white")
    assert not any(m.startswith("factory SI") for m in t.legal())
    assert len([m for m in t.legal() if m.startswith("factory")]) == 20
    refused(t, "factory SI-2")


def test_t29_full_action_rule():
    t = puzzle(4, lambda d: player(d, 0, money=4))
    refused(t, "take 2 invest white")  # 4,000 yen, no cost reduction
    refused(t, "take 5 market red")  # 0 goods
    assert not any(m.startswith("take 5") or m.startswith("take 2 invest") for m in t.legal())
    assert "take 3 mines yellow" in t.legal()


def test_t28_local_market_only_from_the_rightmost_space():
    t = puzzle(4, lambda d: add_factory(d, 0, "SI-1", stored=2))
    assert [m for m in t.legal() if " market " in m] == ["take 5 market yellow", "take 5 market black",
                                                        "take 5 market red"]
    refused(t, "take 1 market red")


# ---------------------------------------------------------------------------------------- produce
def test_t07_produce_with_storage_cap():
    t = puzzle(4, lambda d: player(d, 0, coal=2), lambda d: add_factory(d, 0, "SI-1", machine=2, stored=2))
    t.apply("take 1 produce red")
    assert t.legal() == ["produce silk"]
    t.apply("produce silk")
    p = t.player(0)
    assert p.coal == 0 and p.factories[0].stored == 4
    assert t.decision.seat == 1  # no other factory can run: the action ends


def test_t07_a_full_factory_never_runs_and_each_factory_once_per_turn():
    t = puzzle(4, lambda d: player(d, 0, coal=10), lambda d: add_factory(d, 0, "SI-1", stored=4))
    refused(t, "take 1 produce red")
    t = puzzle(4, lambda d: player(d, 0, coal=10), lambda d: add_factory(d, 0, "SI-1"),
               lambda d: add_factory(d, 0, "PA-1"))
    t.play("take 1 produce red", "produce silk")
    assert t.legal() == ["produce paper", "done"]
    refused(t, "produce silk")
    t.apply("produce paper")
    assert [f.stored for f in t.player(0).factories] == [1, 1] and t.player(0).coal == 6


def test_production_coal_by_level_and_cheap_factories():
    t = puzzle(4, lambda d: player(d, 0, coal=20), lambda d: add_factory(d, 0, "BE-3"),
               lambda d: add_factory(d, 0, "CL-2"), lambda d: add_factory(d, 0, "LE-1"))
    t.play("take 1 produce red", "produce bento", "produce clocks", "produce lenses")
    assert t.player(0).coal == 20 - 3 - 4 - 2
    t = puzzle(4, lambda d: player(d, 0, coal=20), lambda d: add_factory(d, 0, "BE-1"),
               lambda d: add_factory(d, 0, "CL-1"), lambda d: add_factory(d, 0, "LB-1"))
    t.play("take 1 produce red", "produce bento", "produce clocks", "produce bulbs")
    assert t.player(0).coal == 20 - 2 - 3 - 3


def test_lb3_extra_good_still_limited_by_storage():
    t = puzzle(4, lambda d: player(d, 0, coal=8), lambda d: add_factory(d, 0, "LB-3", machine=1, stored=1))
    t.play("take 1 produce red", "produce bulbs")
    assert t.player(0).factories[0].stored == 4  # 1 + 1 + 1 = 3 made, storage 4
    t = puzzle(4, lambda d: player(d, 0, coal=8), lambda d: add_factory(d, 0, "LB-3", machine=2, stored=2))
    t.play("take 1 produce red", "produce bulbs")
    assert t.player(0).factories[0].stored == 4


# ---------------------------------------------------------------------------------------- mechanize
def test_t08_install_and_upgrade_in_one_action():
    t = puzzle(4, lambda d: player(d, 0, money=10), lambda d: add_factory(d, 0, "SI-1"))
    t.play("take 4 mechanize grey", "machine silk", "machine silk")
    p = t.player(0)
    assert p.money == 0 and p.factories[0].machine == 2 and t.decision.seat == 1


def test_t09_stored_machines_go_on_the_next_factory():
    t = puzzle(4, lambda d: player(d, 0, money=15), lambda d: add_factory(d, 0, "SI-1", machine=1))
    t.apply("take 4 mechanize grey")
    assert t.legal() == ["machine silk"]  # an upgrade is mandatory while possible
    t.apply("machine silk")
    assert t.legal() == ["machine supply", "done"]
    t.play("machine supply", "machine supply")
    p = t.player(0)
    assert p.money == 0 and p.machines == 2 and p.factories[0].machine == 2
    t2 = puzzle(4, lambda d: player(d, 0, money=6, knowledge_pos=1, machines=2),
                lambda d: add_factory(d, 0, "SI-1", machine=2))
    t2.play("take 2 invest white", "factory PA-1")
    p = t2.player(0)
    assert p.machines == 0 and p.factories[1].machine == 2
    t3 = puzzle(4, lambda d: player(d, 0, money=6, knowledge_pos=1, machines=3))
    t3.play("take 2 invest white", "factory PA-1")
    assert t3.player(0).machines == 1 and t3.player(0).factories[0].machine == 2


def test_lb4_and_lb2_mechanization_bonuses():
    t = puzzle(4, lambda d: player(d, 0, money=12), lambda d: add_factory(d, 0, "LB-4"),
               lambda d: add_factory(d, 0, "SI-1"))
    t.play("take 4 mechanize grey", "machine bulbs", "machine bulbs", "machine silk")
    assert t.player(0).money == 0
    # LB-2: 2 free upgrades, after the stored machine is installed (rules-notes N-6).
    t = puzzle(4, lambda d: player(d, 0, money=6, knowledge_pos=11, machines=1),
               lambda d: add_factory(d, 0, "SI-1"))
    t.play("take 2 invest white", "factory LB-2")
    p = t.player(0)
    assert p.factories[1].machine == 1 and p.money == 0
    assert t.decision.kind == "free" and "machine bulbs" in t.legal() and "done" in t.legal()
    t.play("machine bulbs", "machine silk")
    p = t.player(0)
    assert p.factories[1].machine == 2 and p.factories[0].machine == 1 and p.money == 0
    assert t.decision.seat == 1


# ---------------------------------------------------------------------------------------- trains/ships
def test_t11_three_trains_in_three_regions():
    t = puzzle(4, lambda d: player(d, 0, money=15))
    t.play("take 4 trains grey", "train R1")
    refused(t, "train R1")  # two trains of one action in one region
    t.play("train R2", "train R3")
    p = t.player(0)
    assert p.money == 0 and p.trains == 3
    assert [(x.kind, x.seat, x.value) for r in ("R1", "R2", "R3") for x in t.state.transport[r]] == [
        ("train", 0, 2)] * 3


def test_region_capacity_is_shared_by_trains_and_ships():
    def fill(d):
        for seat in (1, 2, 3):
            add_transport(d, "R1", "ship", seat)
            add_transport(d, "R1", "train", seat)
        add_transport(d, "R1", "ship", 1)
        add_transport(d, "R1", "ship", 2)

    t = puzzle(4, lambda d: player(d, 0, money=15), fill)
    t.apply("take 4 trains grey")
    assert "train R1" not in t.legal() and "train R2" in t.legal()


def test_t12_money_icon_uncovered_moves_the_money_marker():
    # PROPOSED icons: under columns 2/4/6, revealed when ship and train space of the column are empty.
    t = puzzle(4, lambda d: player(d, 0, money=10), lambda d: add_transport(d, "R1", "ship", 0),
               lambda d: add_transport(d, "R2", "ship", 0), lambda d: add_transport(d, "R1", "train", 0))
    t.play("take 4 trains grey", "train R2")
    assert t.player(0).money_pos == 1
    assert any("money icon" in x for x in t.texts("icon"))


def test_si3_doubles_icons_and_applies_retroactively():
    def edit(d):
        player(d, 0, money=10, knowledge_pos=1)
        for r in ("R1", "R2"):
            add_transport(d, r, "ship", 0)
            add_transport(d, r, "train", 0)
        player(d, 0, money_pos=1)  # the icon already paid its 1 space

    t = puzzle(4, edit)
    t.play("take 2 invest white", "factory SI-3")
    assert t.player(0).money_pos == 2  # +1 retroactively for the icon uncovered before
    t2 = puzzle(4, lambda d: player(d, 0, money=10), lambda d: add_factory(d, 0, "SI-3"),
                lambda d: add_transport(d, "R1", "ship", 0), lambda d: add_transport(d, "R2", "ship", 0),
                lambda d: add_transport(d, "R1", "train", 0))
    t2.play("take 4 trains grey", "train R3")
    assert t2.player(0).money_pos == 2


def test_lenses_and_clocks_ship_train_bonuses():
    t = puzzle(4, lambda d: player(d, 0, money=12), lambda d: add_factory(d, 0, "LE-4"))
    t.play("take 3 ships black", "ship R1", "ship R2", "ship R3")
    assert t.player(0).money == 0 and t.player(0).ships == 3
    t = puzzle(4, lambda d: player(d, 0, money=7), lambda d: add_factory(d, 0, "CL-4"))
    t.play("take 4 trains grey", "train R1", "train R2")
    assert t.player(0).money == 0
    # LE-2 / CL-2: pieces still on the board turn over; those already built keep their side.
    t = puzzle(4, lambda d: player(d, 0, money=6, knowledge_pos=11), lambda d: add_transport(d, "R1", "ship", 0))
    t.play("take 2 invest white", "factory LE-2")
    assert t.player(0).ship_value == 3 and t.state.transport["R1"][0].value == 2
    t = puzzle(4, lambda d: player(d, 0, money=6, knowledge_pos=11))
    t.play("take 2 invest white", "factory CL-2")
    assert t.player(0).train_value == 3


def test_le3_cl3_free_pieces_in_different_regions_optional():
    t = puzzle(4, lambda d: player(d, 0, money=6, knowledge_pos=11))
    t.play("take 2 invest white", "factory LE-3")
    assert t.decision.kind == "free" and "done" in t.legal()
    t.apply("ship R2")
    assert "ship R2" not in t.legal()
    t.apply("ship R4")
    p = t.player(0)
    assert p.ships == 4 and p.money == 0 and t.decision.seat == 1
    t = puzzle(4, lambda d: player(d, 0, money=6, knowledge_pos=11))
    t.play("take 2 invest white", "factory CL-3", "train R1", "done")
    assert t.player(0).trains == 5 and t.decision.seat == 1


# ---------------------------------------------------------------------------------------- export
def test_t13_export_contract_two_plus_one():
    t = puzzle(4, lambda d: player(d, 0, money=0), lambda d: add_factory(d, 0, "SI-1", stored=2),
               lambda d: add_factory(d, 0, "PA-1", stored=1))
    t.apply("take 2 export white")
    assert "export K4 silk paper" in t.legal() and "export K4 paper silk" not in t.legal()
    refused(t, "export K4 paper silk")  # 2 paper needed, only 1
    t.apply("export K4 silk paper")
    p = t.player(0)
    assert [f.stored for f in p.factories] == [0, 0]
    assert p.money == 3 and p.money_pos == 2
    assert p.contracts_done == ["K4"] and "K4" not in p.contracts
    assert t.decision.seat == 1


def test_export_up_to_three_contracts_equal_requirements_in_goods_order():
    t = puzzle(4, lambda d: add_factory(d, 0, "SI-1", stored=4), lambda d: add_factory(d, 0, "PA-1", stored=4),
               lambda d: add_factory(d, 0, "BE-1", stored=4))
    t.apply("take 2 export white")
    assert "export K5 silk paper bento" in t.legal() and "export K5 paper silk bento" not in t.legal()
    t.play("export K1 silk", "export K2 paper bento", "export K3 bento")
    p = t.player(0)
    assert sorted(p.contracts_done) == ["K1", "K2", "K3"] and t.decision.seat == 1
    assert p.vp == 10 + 1 + 2 and p.money == 12 + 2


# ---------------------------------------------------------------------------------------- market
def test_t14_city_demand_and_the_adjacent_space():
    t = puzzle(4, lambda d: add_factory(d, 0, "SI-1", stored=1))
    t.apply("take 5 market red")
    m1 = [m for m in t.legal() if m.startswith("market M1")]
    assert m1 == ["market M1 S 1 1"]  # C1: lenses N, paper E, silk S, bulbs W
    t = puzzle(4, lambda d: add_factory(d, 0, "SI-1", stored=1), rotations=(1,) + (0,) * 7)
    t.apply("take 5 market red")
    assert [m for m in t.legal() if m.startswith("market M1")] == ["market M1 W 1 1"]


def test_t15_influence_values():
    t = puzzle(4, lambda d: add_factory(d, 0, "PA-1", stored=3), lambda d: add_factory(d, 0, "CL-1", stored=2))
    t.apply("take 5 market red")
    paper = [m for m in t.legal() if m.startswith("market M1 E 3")]
    assert paper == ["market M1 E 3 1", "market M1 E 3 2", "market M1 E 3 3"]
    refused(t, "market M1 E 3 4")
    clocks = [m for m in t.legal() if m.startswith("market M3 S 2")]  # M3 = C3: clocks on S
    assert clocks[-1] == "market M3 S 2 6"
    refused(t, "market M3 S 2 7")


def test_t16_split_cubes_two_tiles_one_region_bonus_twice():
    t = puzzle(4, lambda d: player(d, 0, coal=0), lambda d: add_factory(d, 0, "CL-1", stored=3))
    t.play("take 5 market red", "market M3 S 1 5")
    refused(t, "market M5 N 1 5")  # another region in the same action
    t.apply("market M4 W 2 6")  # M4 = C4: clocks on W
    p = t.player(0)
    assert p.factories[0].stored == 0 and p.coal == 4  # Region 2 bonus: 2 coal, twice
    assert t.state.cities[2].slots[2] == [0, 5] and t.state.cities[3].slots[3] == [0, 6]
    assert t.decision.seat == 1


def test_t17_strictly_higher_replaces_and_returns_the_tile():
    t = puzzle(4, lambda d: place_tile(d, "M3", "S", 2, 5), lambda d: add_factory(d, 0, "CL-1", stored=3))
    t.apply("take 5 market red")
    refused(t, "market M3 S 1 5")  # equal value: not available
    t.apply("market M3 S 3 7")
    assert t.state.cities[2].slots[2] == [0, 7]
    assert sorted(t.player(2).influence) == [1, 2, 3, 3, 4, 5, 5, 6, 7, 7]
    assert 7 in t.player(0).influence  # the other 7 is still unused


def test_t18_two_player_city_limit_and_eviction():
    # 2 players: a city holds at most 2 tiles. M1 (C1) holds Red 3 (E, paper) and Yellow 6 (W, bulbs).
    def edit(d):
        place_tile(d, "M1", "E", 1, 3)
        place_tile(d, "M1", "W", 0, 6)
        add_factory(d, 0, "LE-1", stored=3)

    t = puzzle(2, edit)
    t.apply("take 5 market red")
    assert "market M1 N 3 5" in t.legal()
    assert not any(m.startswith("market M1 N") and m.endswith(" 3") for m in t.legal())
    refused(t, "market M1 N 1 3")
    t.apply("market M1 N 3 5")
    assert t.state.cities[0].slots == [[0, 5], None, None, [0, 6]]
    assert sorted(t.player(1).influence) == [1, 2, 3, 3, 4, 5, 5, 6, 7, 7]


def test_full_city_with_tied_lowest_names_the_evicted_tile():
    def edit(d):
        place_tile(d, "M1", "E", 1, 3)
        place_tile(d, "M1", "W", 0, 3)
        add_factory(d, 0, "LE-1", stored=2)

    t = puzzle(2, edit)
    t.apply("take 5 market red")
    assert [m for m in t.legal() if m.startswith("market M1 N 2 4")] == ["market M1 N 2 4 evict E",
                                                                       "market M1 N 2 4 evict W"]
    t.apply("market M1 N 2 4 evict E")
    assert t.state.cities[0].slots == [[0, 4], None, None, [0, 3]]
    assert 3 in t.player(1).influence


@pytest.mark.parametrize(("tile", "field", "before", "after"), [
    ("SI-4", "money", 6, 6),  # pays 6,000, gains 6,000
    ("PA-3", "knowledge_pos", 5, 7),
    ("PA-4", "blueprints", 1, 3),
    ("BE-4", "coal_pos", 0, 2),
])
def test_one_time_factory_bonuses(tile, field, before, after):
    def edit(d):
        player(d, 0, money=6, knowledge_pos=9 if field != "knowledge_pos" else 5, blueprints=1)
        player(d, 0, **{field: before})

    t = puzzle(4, edit)
    t.play("take 2 invest white", f"factory {tile}")
    assert getattr(t.player(0), field) == after
    assert t.decision.seat == 1


def test_pa3_knowledge_bonus_stops_at_the_top():
    t = puzzle(4, lambda d: player(d, 0, money=6, knowledge_pos=10))
    t.play("take 2 invest white", "factory PA-3")
    assert t.player(0).knowledge_pos == 11
