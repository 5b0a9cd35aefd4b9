"""Additional Action phases (Faza akcji dodatkowej): a foreign agent once per turn across phases A and
C, achievements (Płytki osiągnięć), orders and country pairs (Pasujące symbole krajów); the
technologies' effects (Karty technologii); and the mini-expansions' reward tokens and free agents."""

from __future__ import annotations

from .scenario import BOTH_MODULES, new_game

BLUE, PINK, PURPLE, YELLOW = 0, 1, 2, 3
LAYOUT = {0: "bank", 1: "laba", 2: "canal", 3: "copper1", 4: "fish1", 5: "silk1", 6: "agency", 7: "tea1",
          8: "church", 9: "customs", 10: "chinatown", 11: "porta", 12: "silk2", 13: "tea2", 14: "copper2"}


def table4(modules=(), **kw):
    return new_game(4, modules, layout=LAYOUT, **kw)


# --- foreign agents ------------------------------------------------------------------------------------


def e5():
    """Worked example E5: 2 purple assistants and purple's trading house on the Copper Mine."""
    table = table4()
    table.assistants(PURPLE, "copper1", 2).house(PURPLE, "copper1").agent(PURPLE, "uk").agent(PURPLE, "us")
    table.president(PURPLE, "bank").turn(PURPLE, "A").check()
    return table


def test_worked_example_e5_agent_action_on_the_copper_mine():
    table = e5()
    hand = table.p(PURPLE).hand_assistants
    table.play("agent copper1")
    p = table.p(PURPLE)
    assert p.agents == ["uk", "us"] and p.agents_used == ["uk"]
    assert [e.data["power"] for e in table.events if e.kind == "area_action"] == [3]
    assert p.copper == 1 + 1
    assert p.hand_assistants == hand + 2 and table.state.areas["copper1"].assistants[PURPLE] == 0
    assert [table.p(s).yen for s in range(4)] == [3, 4, 4, 4]
    # No 5-power bonus and no build below power 4: straight back to phase A.
    assert table.decision.kind == "phase" and table.state.stack[-1]["phase"] == "A"


def test_worked_example_e5_with_mining_technology_two_copper():
    table = e5().tech(PURPLE, "mining_technology")
    table.play("agent copper1")
    assert table.p(PURPLE).copper == 1 + 2


def test_worked_example_e5_second_agent_in_the_same_turn_refused():
    table = e5().assistants(PURPLE, "tea1", 1)
    table.play("agent copper1")
    assert not [m for m in table.legal() if m.startswith("agent")]
    assert "only one agent per turn" in table.refuse("agent tea1")


def test_agent_once_per_turn_across_phases_a_and_c():
    table = e5().assistants(PURPLE, "tea1", 1).assistants(PURPLE, "fish1", 1).president(PURPLE, None)
    table.play("agent copper1", "main", "skip", "go fish1")
    assert table.decision.kind == "phase" and table.state.stack[-1]["phase"] == "C"
    assert "only one agent per turn" in table.refuse("agent tea1")
    # The next turn allows an agent again.
    table.turn(PURPLE, "A")
    assert "agent tea1" in table.legal()


def test_agent_unused_in_phase_a_may_act_in_phase_c():
    table = e5().assistants(PURPLE, "fish1", 1).president(PURPLE, None)
    table.play("main", "skip", "go fish1")
    assert "agent copper1" in table.legal()
    table.play("agent copper1")
    assert table.p(PURPLE).copper == 2


def test_agent_area_needs_an_assistant_and_not_the_own_president():
    table = e5().assistants(PURPLE, "bank", 1)
    assert "agent bank" not in table.legal() and "agent tea1" not in table.legal()
    assert "holds your assistant but not your president" in table.refuse("agent bank")
    assert "holds your assistant but not your president" in table.refuse("agent tea1")


def test_agent_in_an_area_with_another_president_pays_nothing():
    table = e5().president(BLUE, "copper1")
    table.play("agent copper1")
    assert table.p(PURPLE).yen == 4 and table.p(BLUE).yen == 3


def test_agent_without_an_unused_agent_refused():
    table = table4()
    table.assistants(PURPLE, "copper1", 2).agent(PURPLE, "uk", used=True).turn(PURPLE, "A")
    assert "no unused foreign agent" in table.refuse("agent copper1")


def test_free_agent_shares_the_once_per_turn_limit():
    table = table4(BOTH_MODULES)
    table.assistants(PURPLE, "copper1", 3).assistants(PURPLE, "tea1", 1).agent(PURPLE, "uk")
    table.state.players[PURPLE].free_agents = 1
    table.turn(PURPLE, "A").check()
    assert "free-agent copper1" in table.legal() and "agent copper1" in table.legal()
    table.play("free-agent copper1")
    assert table.p(PURPLE).free_agents_used == 1 and table.p(PURPLE).agents_used == []
    assert "only one agent per turn" in table.refuse("agent tea1")


def test_free_agent_from_a_five_power_token():
    table = table4(BOTH_MODULES)
    table.assistants(PURPLE, "tea1", 5).token("tea1", "X01").agent(PURPLE, "uk").hand_pieces(PURPLE, shops=0)
    table.turn(PURPLE, "A").check()
    table.play("agent tea1", "token")
    p = table.p(PURPLE)
    assert p.free_agents == 1 and p.power_tokens == ["X01"]
    table.turn(PURPLE, "A").assistants(PURPLE, "tea1", 1)
    table.play("free-agent tea1")
    assert table.p(PURPLE).free_agents_used == 1 and table.p(PURPLE).tea == 1 + 5 + 1


# --- achievements ------------------------------------------------------------------------------------


def test_worked_example_e6_later_finisher_scores_the_lower_value():
    table = table4()
    table.achieved("A1", PINK).achieved("A1", YELLOW).give(PURPLE, copper=5).turn(PURPLE, "A")
    hand = table.p(PURPLE).hand_assistants
    assert "achieve A1" in table.legal()
    table.play("achieve A1")
    p = table.p(PURPLE)
    assert table.state.achievement_spaces["A1"] == [PINK, YELLOW, PURPLE]
    assert p.vp == 6 and p.copper == 5 and p.hand_assistants == hand - 1
    assert "already fulfilled the achievement “Hold 5 copper”" in table.refuse("achieve A1")
    table.check()


def test_first_finisher_scores_the_upper_value():
    table = table4().give(PURPLE, copper=5).turn(PURPLE, "A")
    table.play("achieve A1")
    assert table.p(PURPLE).vp == 9 and table.state.achievement_spaces["A1"] == [PURPLE]


def test_achievement_condition_and_assistant_needed():
    table = table4().give(PURPLE, copper=4).turn(PURPLE, "A")
    assert "do not meet the condition" in table.refuse("achieve A1")
    table.give(PURPLE, copper=5).hand(PURPLE, 0)
    assert "needs an assistant in your hand" in table.refuse("achieve A1")
    assert "not in play" in table.refuse("achieve A2")


def test_achievement_b_counts_technologies():
    table = table4().tech(PURPLE, "ball", "winery", "printing").turn(PURPLE, "A")
    assert "achieve B1" not in table.legal()
    table.tech(PURPLE, "telephone")
    table.play("achieve B1")
    assert table.p(PURPLE).vp == 10 and len(table.p(PURPLE).technologies) == 4


def test_achievement_c_counts_each_area_once():
    table = table4()
    table.shop(PURPLE, "copper1").house(PURPLE, "copper1").shop(PURPLE, "tea1").turn(PURPLE, "A")
    assert "achieve C1" not in table.legal()
    table.shop(PURPLE, "fish1")
    table.play("achieve C1")
    assert table.p(PURPLE).vp == 9
    # Two Copper Mines are two areas.
    other = table4().shop(BLUE, "copper1").shop(BLUE, "copper2").shop(BLUE, "bank").turn(BLUE, "A")
    assert "achieve C1" not in other.legal()
    other.house(BLUE, "tea2")
    assert "achieve C1" in other.legal()


# --- orders and country pairs ------------------------------------------------------------------------


def test_order_pays_goods_and_gives_its_reward():
    table = table4().orders(PURPLE, "L09").give(PURPLE, copper=2).turn(PURPLE, "A")
    table.play("order L09")
    p = table.p(PURPLE)
    assert p.orders == [] and p.fulfilled == ["L09"] and p.copper == 0 and p.vp == 3 and p.yen == 4 + 1
    assert p.agents == []


def test_order_without_its_goods_or_not_in_hand_refused():
    table = table4().orders(PURPLE, "L09").give(PURPLE, copper=1).turn(PURPLE, "A")
    assert "do not have the goods" in table.refuse("order L09")
    assert "not in your hand" in table.refuse("order L10")


def test_worked_example_e7_second_british_symbol_takes_a_british_agent():
    table = table4().fulfilled(PURPLE, "L01").orders(PURPLE, "L03").give(PURPLE, copper=1, silk=1)
    table.turn(PURPLE, "A")
    table.play("order L03")
    assert table.p(PURPLE).agents == ["uk"] and table.state.agent_supply["uk"] == 2
    assert table.texts("agent_gained") == ["Purple completes a pair of United Kingdom symbols and takes a foreign agent."]


def test_pair_made_while_sold_out_never_pays_later():
    table = table4().fulfilled(PURPLE, "L01").orders(PURPLE, "L03", "L02").give(PURPLE, copper=2, silk=1, tea=2)
    for seat in (BLUE, BLUE, PINK):
        table.agent(seat, "uk")
    table.turn(PURPLE, "A")
    table.play("order L03")
    assert table.p(PURPLE).agents == [] and table.state.agent_supply["uk"] == 0
    # The third British symbol makes no pair.
    table.play("order L02")
    assert table.p(PURPLE).agents == []


def test_fourth_symbol_makes_a_second_pair():
    table = table4().fulfilled(PURPLE, "L01", "L02").tech(PURPLE, "T24").orders(PURPLE, "L03")
    table.give(PURPLE, copper=1, silk=1).turn(PURPLE, "A")
    table.play("order L03")
    assert table.p(PURPLE).agents == ["uk"]


def test_pairs_mix_technologies_and_orders():
    table = table4().tech(PURPLE, "T25").orders(PURPLE, "L09").give(PURPLE, copper=2).turn(PURPLE, "A")
    table.play("order L09")
    assert table.p(PURPLE).agents == ["de"]


def test_ball_and_language_school_on_every_order():
    table = table4().tech(PURPLE, "ball", "language_school").orders(PURPLE, "L09", "L12")
    table.give(PURPLE, copper=2, silk=2).turn(PURPLE, "A")
    table.play("order L09", "order L12")
    p = table.p(PURPLE)
    assert p.vp == (3 + 2) * 2 and p.yen == 4 + (1 + 1) * 2


def test_order_rewards_with_a_choice_and_the_warehouse():
    table = table4().orders(PURPLE, "L08", "L06").give(PURPLE, silk=1, tea=4, fish=1).turn(PURPLE, "A")
    wh = table.p(PURPLE).wh_assistants
    table.play("order L08")
    assert table.decision.kind == "good"
    table.play("good copper", "order L06")
    p = table.p(PURPLE)
    assert p.copper == 2 and p.vp == 3 + 2 and p.wh_assistants == wh - 1


# --- once-per-turn technologies ----------------------------------------------------------------------


def test_university_once_per_turn():
    table = table4().tech(PURPLE, "university").turn(PURPLE, "A")
    hand, wh = table.p(PURPLE).hand_assistants, table.p(PURPLE).wh_assistants
    table.play("university")
    p = table.p(PURPLE)
    assert (p.yen, p.hand_assistants, p.wh_assistants) == (3, hand + 1, wh - 1)
    assert "university" not in table.legal()
    assert "once per turn" in table.refuse("university")
    assert "do not own the University" in table4().turn(BLUE, "A").refuse("university")


def test_spinning_mill_once_per_turn():
    table = table4().tech(PURPLE, "spinning_mill").give(PURPLE, silk=2).turn(PURPLE, "A")
    table.play("spin")
    assert (table.p(PURPLE).silk, table.p(PURPLE).yen) == (1, 6)
    assert "once per turn" in table.refuse("spin")


def test_spinning_mill_may_use_silk_gained_this_turn():
    table = table4().tech(PURPLE, "spinning_mill").give(PURPLE, silk=0)
    table.assistants(PURPLE, "silk1", 2).president(PURPLE, None).turn(PURPLE, "move")
    table.play("go silk1")
    assert table.p(PURPLE).silk == 2
    table.play("spin")
    assert (table.p(PURPLE).silk, table.p(PURPLE).yen) == (1, 6)


def stock_exchange(yen: int):
    table = table4().tech(PURPLE, "stock_exchange").give(PURPLE, yen=yen).turn(PINK, "C")
    table.play("end")
    assert table.decision.seat == PURPLE
    return table.p(PURPLE).yen


def test_derived_check_d11_stock_exchange():
    assert stock_exchange(0) == 2
    assert stock_exchange(1) == 2
    assert stock_exchange(2) == 2
    assert stock_exchange(5) == 5


# --- technologies gained -------------------------------------------------------------------------------


def take_tech(table, card: str, seat: int = PURPLE):
    """``seat`` takes ``card`` from Laboratory A's first space at power 5 with an agent (no cost)."""
    table.lab_card("laba", 1, card).assistants(seat, "laba", 5).token("laba", None).hand_pieces(seat, shops=0)
    table.state.players[seat].agents_used = []
    if not table.state.players[seat].agents:
        table.agent(seat, "nl")
    table.turn(seat, "A").check()
    extra = "yen" if len(table.state.players[seat].technologies) >= 3 else "-"
    table.play("agent laba", f"tech 1 0 {extra}")
    return table


def test_derived_check_d12_patent_system_pays_for_later_technologies():
    table = table4().give(PURPLE, yen=10)
    take_tech(table, "T16")
    assert table.p(PURPLE).vp == 0
    take_tech(table, "T01")
    take_tech(table, "T29")
    assert table.p(PURPLE).vp == 4


def test_printing_pays_one_yen_for_later_technologies():
    table = table4().give(PURPLE, yen=0)
    take_tech(table, "T26")
    assert table.p(PURPLE).yen == 0
    take_tech(table, "T01")
    assert table.p(PURPLE).yen == 1


def test_exhibition_gives_ten_vp():
    table = take_tech(table4(), "T30")
    assert table.p(PURPLE).vp == 10


def test_station_token_goes_on_any_area_but_the_canal():
    table = take_tech(table4(), "T15")
    assert table.decision.kind == "station"
    assert "station canal" not in table.legal() and "station bank" in table.legal()
    assert len(table.legal()) == 17
    assert "any area but the Canal" in table.refuse("station canal")
    table.play("station tea2")
    assert table.state.station == "tea2"
    # The token adds 1 power for every player acting there.
    table.assistants(BLUE, "tea2", 2).agent(BLUE, "us").turn(BLUE, "A")
    table.play("agent tea2")
    assert table.p(BLUE).tea == 1 + 3


def test_mining_technology_on_a_shop_reward():
    table = table4(tiles={"tea1": "B01"}).tech(PURPLE, "mining_technology")
    table.assistants(PURPLE, "tea1", 4).agent(PURPLE, "uk").turn(PURPLE, "A")
    table.play("agent tea1")
    assert table.decision.kind == "build"
    table.play("shop 2")
    assert table.p(PURPLE).copper == 1 + 1 + 1


def test_gas_and_electric_lighting_on_building():
    table = table4(tiles={"tea1": "B01", "fish1": "B10"}).tech(PURPLE, "gas_lighting", "electric_lighting")
    table.hand_pieces(PURPLE, houses=1)
    table.assistants(PURPLE, "tea1", 4).agent(PURPLE, "uk").turn(PURPLE, "A")
    table.play("agent tea1", "shop 1")
    assert table.p(PURPLE).vp == 2 + 2
    table.assistants(PURPLE, "fish1", 4).turn(PURPLE, "A")
    table.state.players[PURPLE].agents_used = []
    table.play("agent fish1", "house")
    assert table.p(PURPLE).vp == 4 + 5 + 3


# --- mini-expansion 1 ---------------------------------------------------------------------------------


def test_all_three_achievements_take_a_reward_token_with_its_country_and_free_agent():
    table = table4(("achievement_rewards",))
    tokens = list(table.state.reward_tokens)
    table.achieved("A1", PURPLE).achieved("B1", PURPLE).shop(PURPLE, "copper1").shop(PURPLE, "tea1")
    table.shop(PURPLE, "fish1").turn(PURPLE, "A")
    table.play("achieve C1")
    assert table.decision.kind == "reward_token"
    assert table.legal() == [f"reward {r}" for r in tokens]
    table.fulfilled(PURPLE, "L04")  # a US order
    table.play("reward R1")
    p = table.p(PURPLE)
    assert p.reward_token == "R1" and p.free_agents == 1 and p.agents == ["us"]
    assert "R1" not in table.state.reward_tokens and len(table.state.reward_tokens) == 3
