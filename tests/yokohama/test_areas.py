"""Area actions (Krok akcji obszaru, Szczegółowy opis obszarów): power and its cap, the production
tables of every area, Bank, Chinatown, Church, Customs House, Employment Agency, Laboratory, Port;
recovery (Krok odzyskania) with Telephone; the 5-power bonus (Krok premii 5-krotnej siły); and the
trading-house income of the other players (Krok akcji obszaru)."""

from __future__ import annotations

import pytest

from engine.core import IllegalAction

from .scenario import new_game

BLUE, PINK, PURPLE, YELLOW = 0, 1, 2, 3
LAYOUT = {0: "bank", 1: "laba", 2: "canal", 3: "copper1", 4: "fish1", 5: "silk1", 6: "agency", 7: "tea1",
          8: "church", 9: "customs", 10: "chinatown", 11: "porta"}


def table4(**kw):
    return new_game(4, layout=LAYOUT, **kw)


def agent_at(area: str, power: int, seat: int = PURPLE, *, shops: int = 0):
    """``seat`` has ``power`` assistants in ``area``, a foreign agent, no token there, ``shops`` shops
    in hand, and it is their phase A."""
    table = table4()
    table.assistants(seat, area, power).agent(seat, "uk").token(area, None).hand_pieces(seat, shops=shops)
    table.turn(seat, "A").check()
    return table


def president_at(area: str, assistants: int, seat: int = PURPLE):
    """``seat`` has ``assistants`` in ``area`` and the president in hand, at the movement step."""
    table = table4()
    table.assistants(seat, area, assistants).president(seat, None).turn(seat, "move")
    table.check()
    return table


def powers(table) -> list[int]:
    return [e.data["power"] for e in table.events if e.kind == "area_action"]


# --- power, production, recovery ---------------------------------------------------------------------


def test_worked_example_e3_power_five_on_the_silk_mill_gives_four_silk():
    table = president_at("silk1", 3).shop(PURPLE, "silk1").token("silk1", None).hand_pieces(PURPLE, shops=0)
    table.play("go silk1")
    assert powers(table) == [5]
    assert table.p(PURPLE).silk == 1 + 4
    assert [table.p(s).yen for s in range(4)] == [3, 4, 4, 4]


def test_worked_example_e3_extension_another_player_trading_house_pays_one_yen():
    table = president_at("silk1", 3).shop(PURPLE, "silk1").house(PINK, "silk1").token("silk1", None)
    table.hand_pieces(PURPLE, shops=0)
    table.play("go silk1")
    assert table.p(PINK).yen == 4 + 1 and table.p(PURPLE).silk == 1 + 4
    assert table.texts("house_income") == ["Pink earns 1 yen from the trading house in Silk Mill (1)."]


def test_worked_example_e3_extension_own_trading_house_pays_nobody():
    table = president_at("silk1", 3).shop(PURPLE, "silk1").house(PURPLE, "silk1").token("silk1", None)
    table.hand_pieces(PURPLE, shops=0)
    table.play("go silk1")
    assert [table.p(s).yen for s in range(4)] == [3, 4, 4, 4]
    assert table.texts("house_income") == []


def test_worked_example_e4_recovery_returns_the_assistants_not_the_president_or_shop():
    table = president_at("silk1", 3).shop(PURPLE, "silk1").token("silk1", None).hand_pieces(PURPLE, shops=0)
    hand = table.p(PURPLE).hand_assistants
    table.play("go silk1")
    area = table.state.areas["silk1"]
    assert area.assistants[PURPLE] == 0 and table.p(PURPLE).hand_assistants == hand + 3
    assert table.p(PURPLE).president == "silk1" and area.shops.count(PURPLE) == 1
    assert table.texts("recover") == ["Purple takes 3 assistants back from Silk Mill (1)."]


def test_worked_example_e4_telephone_leaves_one_assistant():
    table = president_at("silk1", 3).shop(PURPLE, "silk1").token("silk1", None).hand_pieces(PURPLE, shops=0)
    table.tech(PURPLE, "telephone")
    hand = table.p(PURPLE).hand_assistants
    table.play("go silk1")
    assert table.decision.kind == "recover" and table.legal() == ["leave", "all"]
    table.play("leave")
    assert table.state.areas["silk1"].assistants[PURPLE] == 1 and table.p(PURPLE).hand_assistants == hand + 2
    other = president_at("silk1", 2).tech(PURPLE, "telephone")
    other.play("go silk1", "all")
    assert other.state.areas["silk1"].assistants[PURPLE] == 0


def test_derived_check_d7_power_is_capped_at_five():
    table = president_at("fish1", 4).shop(PURPLE, "fish1").house(PURPLE, "fish1").station("fish1")
    table.token("fish1", None).hand_pieces(PURPLE, shops=0)
    table.play("go fish1")
    assert powers(table) == [5]
    assert table.p(PURPLE).fish == 1 + 5


PRODUCTION = {
    "copper1": ("copper", [0, 0, 1, 2, 3]),
    "fish1": ("fish", [1, 2, 3, 4, 5]),
    "silk1": ("silk", [0, 1, 2, 3, 4]),
    "tea1": ("tea", [1, 2, 3, 4, 5]),
    "bank": ("yen", [1, 2, 3, 4, 5]),
}


@pytest.mark.parametrize("power", [1, 2, 3, 4, 5])
@pytest.mark.parametrize("area", list(PRODUCTION))
def test_production_tables_for_every_power(area, power):
    good, table_ = PRODUCTION[area]
    table = agent_at(area, power)
    before = getattr(table.p(PURPLE), good)
    table.play(f"agent {area}")
    assert powers(table) == [power]
    assert getattr(table.p(PURPLE), good) - before == table_[power - 1]
    assert table.state.areas[area].assistants[PURPLE] == 0
    assert table.decision.kind == "phase"


@pytest.mark.parametrize(("power", "copper"), [(2, 0), (3, 2), (4, 3), (5, 4)])
def test_mining_technology_adds_one_copper_at_the_copper_mine(power, copper):
    table = agent_at("copper1", power).tech(PURPLE, "mining_technology")
    table.play("agent copper1")
    assert table.p(PURPLE).copper == 1 + copper


# --- 5-power bonus ------------------------------------------------------------------------------------


def test_five_power_token_is_taken_at_power_five_and_its_reward_gained():
    table = agent_at("tea1", 5).token("tea1", "P13")
    table.play("agent tea1")
    assert table.decision.kind == "bonus" and table.legal() == ["token", "skip"]
    table.play("token")
    p = table.p(PURPLE)
    assert p.power_tokens == ["P13"] and p.vp == 1 and p.yen == 4 + 2 and p.tea == 1 + 5
    assert table.state.areas["tea1"].token is None


def test_five_power_token_may_be_declined_and_stays():
    table = agent_at("tea1", 5).token("tea1", "P13")
    table.play("agent tea1", "skip")
    assert table.p(PURPLE).power_tokens == [] and table.state.areas["tea1"].token == "P13"


def test_no_five_power_bonus_below_power_five():
    table = agent_at("tea1", 4).token("tea1", "P13")
    table.play("agent tea1")
    assert table.decision.kind == "phase" and table.state.areas["tea1"].token == "P13"


def test_five_power_token_with_moves_and_any_good():
    table = agent_at("tea1", 5).token("tea1", "P14")
    table.play("agent tea1", "token")
    assert table.decision.kind == "good"
    table.play("good silk")
    assert table.p(PURPLE).silk == 2 and table.p(PURPLE).vp == 1
    moves = agent_at("bank", 5).token("bank", "P17").assistants(PURPLE, "fish1", 1)
    moves.play("agent bank", "token")
    assert moves.decision.kind == "shift"
    moves.play("shift fish1 tea1", "shift hand tea1")
    assert moves.state.areas["tea1"].assistants[PURPLE] == 2 and moves.state.areas["fish1"].assistants[PURPLE] == 0
    assert moves.decision.kind == "phase"


def test_move_reward_never_targets_the_canal():
    table = agent_at("bank", 5).token("bank", "P17")
    table.play("agent bank", "token")
    assert not [m for m in table.legal() if m.endswith(" canal")]
    assert "ever be placed on the Canal" in table.refuse("shift hand canal")


def test_mining_technology_adds_one_copper_to_a_token():
    table = agent_at("tea1", 5).token("tea1", "P07").tech(PURPLE, "mining_technology")
    table.play("agent tea1", "token")
    assert table.p(PURPLE).copper == 1 + 2 + 1


# --- Chinatown ------------------------------------------------------------------------------------------


def test_derived_check_d4_chinatown_three_exchanges():
    table = agent_at("chinatown", 3)
    table.give(PURPLE, yen=0, copper=0, silk=1, tea=0, fish=0)
    table.play("agent chinatown")
    assert table.decision.kind == "exchange"
    assert table.legal() == ["sell silk", "done"]
    table.play("sell silk")
    assert "buy ig" not in table.legal()
    table.play("buy tea", "buy fish")
    p = table.p(PURPLE)
    assert (p.yen, p.copper, p.silk, p.tea, p.fish, p.ig) == (0, 0, 0, 1, 1, 0)
    assert table.decision.kind == "phase"


def test_chinatown_prices_and_imported_goods():
    table = agent_at("chinatown", 5)
    table.give(PURPLE, yen=4, copper=1, silk=0, tea=1, fish=1)
    table.play("agent chinatown", "buy ig")
    assert table.p(PURPLE).ig == 1 and table.p(PURPLE).yen == 0
    table.play("sell copper", "sell tea", "sell fish")
    assert table.p(PURPLE).yen == 2 + 1 + 1
    table.play("buy copper")
    assert table.p(PURPLE).yen == 2 and table.p(PURPLE).copper == 1
    assert table.decision.kind == "phase"


def test_chinatown_imported_goods_are_never_sold():
    table = agent_at("chinatown", 2).give(PURPLE, ig=2)
    table.play("agent chinatown")
    with pytest.raises(IllegalAction) as info:
        table.play("sell ig")
    assert "Unknown good" in str(info.value.reason)
    assert "sell ig" not in table.legal()


def test_chinatown_buying_needs_the_price():
    table = agent_at("chinatown", 2).give(PURPLE, yen=1)
    table.play("agent chinatown")
    assert "cannot make that exchange" in table.refuse("buy copper")


def test_chinatown_mining_technology_adds_one_copper_per_action():
    table = agent_at("chinatown", 3).give(PURPLE, yen=6, copper=0).tech(PURPLE, "mining_technology")
    table.play("agent chinatown", "buy copper", "buy copper")
    assert table.p(PURPLE).copper == 3 and table.p(PURPLE).yen == 2


# --- Church ---------------------------------------------------------------------------------------------


def church_e8():
    """Worked example E8: president and 2 assistants on the Church (power 3)."""
    table = president_at("church", 2).give(PURPLE, yen=2, copper=1, silk=1, tea=0, fish=0, ig=0)
    table.token("church", None).hand_pieces(PURPLE, shops=0)
    table.play("go church")
    assert table.decision.kind == "church"
    return table


def test_worked_example_e8_church_faith_six_space_three():
    table = church_e8()
    hand = table.p(PURPLE).hand_assistants
    assert "church 3 hand copper silk yen" in table.legal()
    table.play("church 3 hand copper silk yen")
    p = table.p(PURPLE)
    assert (p.yen, p.copper, p.silk, p.vp) == (0, 0, 0, 5)
    assert table.state.church[2] == PURPLE
    assert p.hand_assistants == hand - 1
    assert table.texts("church") == ["Purple pays 1 copper, 1 raw silk, 2 yen, reaches 6 faith and places an assistant on Church "
                                    "space 3."]
    # Two assistant moves, resolved at once.
    assert table.decision.kind == "shift"
    table.play("shift hand bank", "shift church bank")
    assert table.state.areas["bank"].assistants[PURPLE] == 2
    # Recovery then returns the one assistant left on the Church area.
    assert table.state.areas["church"].assistants[PURPLE] == 0
    assert table.p(PURPLE).hand_assistants == hand - 1 - 1 + 1
    assert table.decision.kind == "phase"
    table.check()


def test_worked_example_e8_payments_in_any_order():
    table = church_e8()
    table.play("church 3 area yen silk copper")
    assert table.state.church[2] == PURPLE and table.p(PURPLE).vp == 5


def test_worked_example_e8_each_payment_type_at_most_once():
    table = church_e8().give(PURPLE, copper=2)
    assert "each of copper" in table.refuse("church 3 hand copper copper")


def test_church_faith_must_reach_the_space():
    table = church_e8()
    # Space 4 needs faith 7: power 3 and only three payment types held.
    assert not [m for m in table.legal() if m.startswith("church 4 ")]
    assert "faith" in table.refuse("church 4 hand copper silk yen")
    table.give(PURPLE, ig=1)
    # With an imported good too, four payments reach faith 7.
    assert "church 4 hand copper silk ig yen" in table.legal()


def test_church_space_within_power_needs_no_payment_and_occupied_space_refused():
    table = president_at("church", 2).token("church", None).hand_pieces(PURPLE, shops=0)
    table.church(1, BLUE)
    table.play("go church")
    assert "church 1 hand" not in table.legal()
    assert "Church" in table.refuse("church 1 hand")
    table.play("church 2 area copper")
    assert table.state.church[:2] == [BLUE, PURPLE] and table.p(PURPLE).vp == 3 and table.p(PURPLE).copper == 0
    assert table.decision.kind == "shift"


def test_church_assistant_from_the_area_or_the_hand():
    table = church_e8()
    table.play("church 3 area copper silk yen", "stop")
    assert table.state.church[2] == PURPLE
    assert table.state.areas["church"].assistants[PURPLE] == 0


def test_church_pass_when_nothing_fits():
    table = president_at("church", 1).give(PURPLE, yen=0, copper=0, silk=0, tea=0, fish=0, ig=0)
    table.token("church", None).hand_pieces(PURPLE, shops=0)
    table.church(1, BLUE)
    table.play("go church")
    assert table.legal() == ["pass"]
    table.play("pass")
    assert table.state.church[1:] == [None] * 7


def test_winery_adds_three_vp_on_the_church_board():
    table = church_e8().tech(PURPLE, "winery")
    table.play("church 3 hand copper silk yen", "stop")
    assert table.p(PURPLE).vp == 5 + 3


# --- Customs House ----------------------------------------------------------------------------------------


def customs_e9(ig: int = 1):
    """Worked example E9: president and 1 assistant on the Customs House (power 2)."""
    table = president_at("customs", 1).give(PURPLE, ig=ig).token("customs", None)
    table.play("go customs")
    return table


def test_worked_example_e9_customs_one_imported_good_space_two():
    table = customs_e9()
    # Step 3 is mandatory (docs/rules-notes.md Y-22): a space that can be paid for leaves no "pass".
    assert table.legal() == ["customs 1 area", "customs 1 hand", "customs 2 area", "customs 2 hand"]
    table.play("customs 2 hand")
    p = table.p(PURPLE)
    assert (p.ig, p.vp, p.yen) == (0, 4, 4 + 2)
    assert table.state.customs[1] == PURPLE


def test_worked_example_e9_two_imported_goods_refused_at_power_two():
    table = customs_e9(ig=2)
    reason = table.refuse("customs 3 hand")
    assert "at power 2 you may pay up to 1 imported good" in reason


def test_customs_up_to_the_power_limit():
    table = agent_at("customs", 5).give(PURPLE, ig=4)
    table.play("agent customs")
    spaces = sorted({m.split()[1] for m in table.legal() if m.startswith("customs")})
    assert spaces == ["1", "2", "3", "4", "5", "6", "7", "8"]
    table.play("customs 7 area")
    assert table.p(PURPLE).ig == 0 and table.p(PURPLE).vp == 17
    low = agent_at("customs", 3).give(PURPLE, ig=4)
    low.play("agent customs")
    assert sorted({m.split()[1] for m in low.legal() if m.startswith("customs")}) == ["1", "2", "3", "4"]


def test_customs_power_one_has_no_effect():
    table = agent_at("customs", 1).give(PURPLE, ig=3)
    table.play("agent customs")
    assert table.decision.kind == "phase" and table.p(PURPLE).ig == 3


def test_brickworks_adds_four_vp_on_the_customs_board():
    table = customs_e9().tech(PURPLE, "brickworks")
    table.play("customs 1 area")
    assert table.p(PURPLE).vp == 4 + 4


# --- Employment Agency ----------------------------------------------------------------------------------


def test_derived_check_d5_employment_agency_prices():
    table = president_at("agency", 4).give(PURPLE, yen=11).token("agency", None).hand_pieces(PURPLE, shops=0)
    wh = table.p(PURPLE).wh_assistants
    table.play("go agency")
    assert table.legal() == ["hire assistant", "hire shop", "hire house", "done"]
    table.play("hire house", "hire house", "hire shop", "hire assistant")
    p = table.p(PURPLE)
    assert p.yen == 0
    assert (p.hand_houses, p.wh_houses, p.houses_taken) == (2, 2, 2)
    assert (p.hand_shops, p.wh_shops) == (1, 7)
    assert p.wh_assistants == wh - 1
    # Four items at power 5 end the hiring; the shop just taken may be built at once (power 4+).
    assert table.decision.kind == "build"


@pytest.mark.parametrize(("taken", "price"), [(0, 4), (1, 5), (2, 6), (3, 7)])
def test_trading_house_price_counts_every_house_taken_before(taken, price):
    table = agent_at("agency", 2).give(PURPLE, yen=price)
    p = table.p(PURPLE)
    p.wh_houses, p.hand_houses, p.houses_taken = 4 - taken, taken, taken
    table.check()
    table.play("agent agency", "hire house")
    assert table.p(PURPLE).yen == 0 and table.p(PURPLE).houses_taken == taken + 1


def test_employment_agency_power_sets_the_number_of_items():
    for power, items in ((1, 0), (2, 1), (3, 2), (4, 3)):
        table = agent_at("agency", power)
        table.play("agent agency")
        n = 0
        while table.decision.kind == "hire":
            table.play("hire assistant")
            n += 1
        assert n == items


def test_employment_agency_cannot_take_what_is_unaffordable():
    table = agent_at("agency", 3).give(PURPLE, yen=3)
    table.play("agent agency")
    assert table.legal() == ["hire assistant", "hire shop", "done"]
    assert "cannot pay" in table.refuse("hire house")


# --- Laboratory -----------------------------------------------------------------------------------------


def lab_e10(yen: int = 2, owned: tuple[str, ...] = (), ig: int = 0):
    """Worked example E10: Tram on Laboratory A's 3rd space; president, 3 assistants and a shop there."""
    table = president_at("laba", 3).shop(PURPLE, "laba").lab_card("laba", 3, "T25").token("laba", None)
    table.hand_pieces(PURPLE, shops=0).give(PURPLE, yen=yen, ig=ig)
    table.tech(PURPLE, *owned)
    table.check()
    table.play("go laba")
    assert table.decision.kind == "lab"
    return table


def test_worked_example_e10_tram_with_the_space_surcharge():
    table = lab_e10()
    assert table.state.labs["laba"] == ["T01", "T02", "T25", "T04", "T05", "T06"]
    assert "tech 3 0 -" in table.legal()
    table.play("tech 3 0 -")
    p = table.p(PURPLE)
    assert p.technologies == ["T25"] and p.yen == 0
    # The cards slide left and a new card is drawn into the rightmost space.
    assert table.state.labs["laba"] == ["T01", "T02", "T04", "T05", "T06", "T13"]
    assert [str(e.text) for e in table.events if e.kind == "tech" and e.seat == PURPLE] == [
        "Purple takes Tram (5 production value) and pays 2 yen."]


def test_worked_example_e10_pair_check_follows():
    table = lab_e10()
    table.fulfilled(PURPLE, "L09")  # a German order
    table.play("tech 3 0 -")
    assert table.p(PURPLE).agents == ["de"] and table.state.agent_supply["de"] == 1


def test_worked_example_e10_variant_fourth_card_surcharge():
    table = lab_e10(yen=2, owned=("ball", "winery", "printing"))
    assert not [m for m in table.legal() if m.startswith("tech 3")]
    assert "2 yen or 1 imported good more" in table.refuse("tech 3 0 -")
    assert "cannot pay" in table.refuse("tech 3 0 yen")
    rich = lab_e10(yen=4, owned=("ball", "winery", "stagecoach"))
    assert [m for m in rich.legal() if m.startswith("tech 3")] == ["tech 3 0 yen"]
    rich.play("tech 3 0 yen")
    assert rich.p(PURPLE).yen == 0 and len(rich.p(PURPLE).technologies) == 4
    ig = lab_e10(yen=2, owned=("ball", "winery", "stagecoach"), ig=1)
    assert [m for m in ig.legal() if m.startswith("tech 3")] == ["tech 3 1 yen", "tech 3 0 ig"]
    ig.play("tech 3 0 ig")
    assert (ig.p(PURPLE).yen, ig.p(PURPLE).ig) == (0, 0)


def test_laboratory_payment_mixes_power_yen_and_imported_goods():
    table = lab_e10(yen=2, ig=2)
    # Tram costs 6: 5 from power, the last 1 in yen (2) or 1 imported good.
    assert [m for m in table.legal() if m.startswith("tech 3")] == ["tech 3 0 -", "tech 3 1 -"]
    table.play("tech 3 1 -")
    assert (table.p(PURPLE).yen, table.p(PURPLE).ig) == (2, 1)


def test_laboratory_first_three_cards_have_no_surcharge():
    table = lab_e10(yen=4)
    assert "no surcharge" in table.refuse("tech 3 0 yen")


def test_laboratory_duplicate_name_refused():
    table = president_at("laba", 3).lab_card("laba", 3, "T01").token("laba", None).hand_pieces(PURPLE, shops=0)
    table.tech(PURPLE, "T02")  # the other Ball
    table.play("go laba")
    assert not [m for m in table.legal() if m.startswith("tech 3 ")]
    assert "already own a technology with that name" in table.refuse("tech 3 0 -")


def test_laboratory_power_gives_at_most_its_value():
    # Power 2 from an agent: Brickworks (3) on space 1 costs 1 more PV = 2 yen.
    table = agent_at("laba", 2).lab_card("laba", 1, "T03").give(PURPLE, yen=1)
    table.play("agent laba")
    assert "cannot pay" in table.refuse("tech 1 0 -")
    table.give(PURPLE, yen=2)
    table.play("tech 1 0 -")
    assert table.p(PURPLE).yen == 0 and table.p(PURPLE).technologies == ["T03"]


def test_laboratory_empty_deck_leaves_the_space_empty():
    table = lab_e10()
    table.state.tech_deck = []
    for card in ("T03",) + tuple(f"T{i}" for i in range(7, 25)) + tuple(f"T{i}" for i in range(26, 31)):
        table.state.players[BLUE].technologies.append(card)
    table.play("tech 3 0 -")
    assert table.state.labs["laba"] == ["T01", "T02", "T04", "T05", "T06", None]
    assert not table.state.end_triggered


# --- Port ------------------------------------------------------------------------------------------------


def port_e11(hand: tuple[str, ...] = ("L12",), assistants: int = 2, yen: int = 2, ig: int = 0):
    """Worked example E11: president and 2 assistants on Port A (power 3)."""
    table = president_at("porta", assistants).port_cards("porta", ["L01", "M01", "H01", "L02"])
    table.orders(PURPLE, *hand).give(PURPLE, yen=yen, ig=ig).token("porta", None).hand_pieces(PURPLE, shops=0)
    table.check()
    table.play("go porta")
    return table


def test_worked_example_e11_two_orders_for_two_yen():
    table = port_e11()
    deck = list(table.state.order_deck)
    table.play("port 2 1 yen")
    p = table.p(PURPLE)
    assert p.orders == ["L12", "L01", "M01"] and p.yen == 0 and p.vp == 0
    assert table.state.ports["porta"] == ["H01", "L02", deck[0], deck[1]]
    assert not table.state.end_triggered


def test_worked_example_e11_high_order_refused_at_power_three():
    table = port_e11()
    assert "port 3" not in table.legal()
    assert "up to level mid" in table.refuse("port 3")
    assert "up to level mid" in table.refuse("port 1 3 yen")


def test_worked_example_e11_two_cards_with_two_in_hand_refused():
    table = port_e11(hand=("L12", "L11"))
    assert "you hold 2" in table.refuse("port 1 2 yen")
    table.play("port 2")
    assert table.p(PURPLE).orders == ["L12", "L11", "M01"]


def test_worked_example_e11_refill_failure_triggers_the_end():
    table = president_at("porta", 2).port_cards("porta", ["L01", "M01", "H01", "L02"]).order_deck(["L03"])
    table.orders(PURPLE).give(PURPLE, yen=2).token("porta", None)
    table.check()
    table.play("go porta", "port 1 2 yen")
    assert table.state.end_triggered and table.state.final_round == table.state.rounds + 1
    assert table.state.ports["porta"] == ["H01", "L02", "L03", None]


def test_port_levels_by_power():
    allowed = {1: [], 2: ["low"], 3: ["low", "mid"], 4: ["low", "mid", "high"], 5: ["low", "mid", "high"]}
    for power, levels in allowed.items():
        table = agent_at("porta", power).port_cards("porta", ["L01", "M01", "H01", "L02"]).orders(PURPLE)
        table.play("agent porta")
        singles = [m for m in table.legal() if m.startswith("port ") and len(m.split()) == 2]
        level = {"1": "low", "2": "mid", "3": "high", "4": "low"}
        assert sorted({level[m.split()[1]] for m in singles}) == sorted(levels), power


def test_port_power_five_gives_three_vp():
    table = agent_at("porta", 5).port_cards("porta", ["L01", "M01", "H01", "L02"]).orders(PURPLE)
    table.play("agent porta")
    assert table.p(PURPLE).vp == 3
    table.play("port 3")
    assert table.p(PURPLE).orders == ["H01"]


def test_derived_check_d6_port_power_five_to_the_hand_limit():
    table = agent_at("porta", 5).port_cards("porta", ["L01", "M01", "H01", "L02"]).orders(PURPLE, "L12")
    table.give(PURPLE, ig=1, yen=0)
    table.play("agent porta", "port 1 3 ig")
    p = table.p(PURPLE)
    assert p.vp == 3 and p.ig == 0 and p.orders == ["L12", "L01", "H01"]
    # Next Port action: the 3 VP of power 5 still come, but no card.
    table.turn(PURPLE, "A")
    table.state.players[PURPLE].agents_used = []
    table.assistants(PURPLE, "porta", 5)
    table.play("agent porta")
    assert table.p(PURPLE).vp == 6
    assert table.legal() == ["pass"]
    assert "at most 3 orders; you hold 3" in table.refuse("port 1")


def test_port_two_orders_for_one_imported_good_or_refused_without_payment():
    table = port_e11(yen=1, ig=0)
    assert not [m for m in table.legal() if len(m.split()) == 4]
    assert "2 yen or 1 imported good" in table.refuse("port 1 2 yen")
    table2 = port_e11(yen=0, ig=1)
    table2.play("port 1 2 ig")
    assert table2.p(PURPLE).ig == 0 and len(table2.p(PURPLE).orders) == 3


# --- trading-house income ----------------------------------------------------------------------------


def test_trading_house_income_on_an_agent_action():
    table = agent_at("copper1", 3).house(PINK, "copper1")
    table.play("agent copper1")
    assert table.p(PINK).yen == 5
    assert table.p(PURPLE).copper == 2


def test_trading_house_income_even_without_an_effect():
    table = agent_at("copper1", 1).house(YELLOW, "copper1")
    table.play("agent copper1")
    assert table.p(YELLOW).yen == 5 and table.p(PURPLE).copper == 1
