"""Build step (Krok budowania sklepu i domu towarowego): at power 4 or more, one shop from the hand on
an empty shop space (one per player per building tile) or the trading house on its empty space, each
with the space's reward; building adds power in that area (Krok akcji obszaru)."""

from __future__ import annotations

from .scenario import new_game

BLUE, PINK, PURPLE, YELLOW = 0, 1, 2, 3
LAYOUT = {0: "bank", 1: "laba", 3: "copper1", 4: "fish1", 5: "silk1", 6: "agency", 7: "tea1"}


def builder(power: int = 4, tile: str = "B01", shops: int = 2, houses: int = 1):
    """Purple acts with an agent on the Tea Plantation (building tile ``tile``) at ``power``."""
    table = new_game(4, layout=LAYOUT, tiles={"tea1": tile})
    table.assistants(PURPLE, "tea1", power).agent(PURPLE, "uk").token("tea1", None)
    table.hand_pieces(PURPLE, shops=shops, houses=houses).turn(PURPLE, "A").check()
    return table


def test_build_offers_every_empty_shop_space_and_the_trading_house():
    table = builder()
    table.play("agent tea1")
    assert table.decision.kind == "build"
    assert table.legal() == ["shop 1", "shop 2", "shop 3", "house", "skip"]


def test_shop_rewards_of_each_space():
    for space, (vp, copper, yen) in {1: (2, 1, 4), 2: (0, 2, 4), 3: (0, 1, 6)}.items():
        table = builder()
        table.play("agent tea1", f"shop {space}")
        p = table.p(PURPLE)
        assert (p.vp, p.copper, p.yen) == (vp, copper, yen)
        assert table.state.areas["tea1"].shops[space - 1] == PURPLE and p.hand_shops == 1
        table.check()


def test_trading_house_reward():
    table = builder()
    table.play("agent tea1", "house")
    p = table.p(PURPLE)
    assert p.vp == 4 and p.hand_houses == 0 and table.state.areas["tea1"].house == PURPLE
    assert table.texts("build") == ["Purple builds a trading house from the hand in Tea Plantation (1)."]


def test_derived_check_d8_second_shop_on_one_tile_refused():
    table = builder()
    table.shop(PURPLE, "tea1", 1)
    table.play("agent tea1")
    assert table.legal() == ["house", "skip"]
    assert "already have a shop on this building tile" in table.refuse("shop 2")


def test_derived_check_d8_trading_house_on_a_taken_space_refused():
    table = builder()
    table.house(BLUE, "tea1")
    table.play("agent tea1")
    assert "house" not in table.legal()
    assert "trading house space of this building tile is taken" in table.refuse("house")


def test_occupied_shop_space_refused():
    table = builder()
    table.shop(BLUE, "tea1", 2)
    table.play("agent tea1")
    assert table.legal() == ["shop 1", "shop 3", "house", "skip"]
    assert "not empty" in table.refuse("shop 2")


def test_build_only_from_the_hand():
    table = builder(shops=0, houses=0)
    table.play("agent tea1")
    # Nothing to build: the step is passed over.
    assert table.decision.kind == "phase"
    table2 = builder(shops=0, houses=1)
    table2.play("agent tea1")
    assert table2.legal() == ["house", "skip"]
    assert "no shop in your hand" in table2.refuse("shop 1")


def test_no_build_below_power_four():
    table = builder(power=3)
    table.play("agent tea1")
    assert table.decision.kind == "phase"
    assert table.state.areas["tea1"].shops == [None, None, None]


def test_build_is_optional():
    table = builder()
    table.play("agent tea1", "skip")
    assert table.state.areas["tea1"].shops == [None, None, None] and table.state.areas["tea1"].house is None
    assert table.p(PURPLE).hand_shops == 2


def test_build_after_the_five_power_bonus():
    table = builder(power=5).token("tea1", "P01")
    table.play("agent tea1")
    assert table.decision.kind == "bonus"
    table.play("token")
    assert table.decision.kind == "build"
    table.play("shop 1")
    assert table.p(PURPLE).vp == 3 + 2


def test_buildings_add_power_in_their_area():
    table = builder(power=2)
    table.shop(PURPLE, "tea1", 1).house(PURPLE, "tea1")
    table.play("agent tea1")
    assert [e.data["power"] for e in table.events if e.kind == "area_action"] == [4]
    assert table.p(PURPLE).tea == 1 + 4
    # Its own shop and trading house already stand there: nothing left to build.
    assert table.decision.kind == "phase"


def test_one_trading_house_per_tile_and_one_build_per_action():
    table = builder(houses=1)
    table.play("agent tea1", "shop 1")
    assert table.decision.kind == "phase"
    assert table.p(PURPLE).hand_houses == 1
