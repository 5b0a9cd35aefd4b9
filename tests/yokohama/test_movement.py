"""Movement step (Krok ruchu, Zasady ruchu prezesa): walking through areas with your assistants,
1 yen to each opponent's president passed, the Canal crossed for 1 yen but never a stop, no return
to the start area, option B (president and any assistants back to the hand, steps 3-6 skipped), and
the movement technologies Tram, Station, Postal System and Stagecoach (Karty technologii)."""

from __future__ import annotations

from .scenario import new_game

BLUE, PINK, PURPLE, YELLOW = 0, 1, 2, 3
#: Cell 0 touches 1 and 6; 1 touches 0, 2, 6, 7; 2 touches 1, 3, 7, 8; 3 touches 2, 4, 8, 9;
#: 6 touches 0, 1, 7, 11; 7 touches 1, 2, 6, 8, 11, 12; 8 touches 2, 3, 7, 9, 12, 13.
LAYOUT = {0: "bank", 1: "laba", 2: "canal", 3: "copper1", 4: "fish1", 6: "agency", 7: "silk1", 8: "tea1",
          11: "church", 12: "customs", 13: "porta", 17: "tea2"}


def board(yen: int = 4):
    """4 players, purple to move; every president in hand, no assistant on the board."""
    table = new_game(4, layout=LAYOUT)
    table.give(PURPLE, yen=yen)
    return table


def move(table, start: str | None):
    table.president(PURPLE, start).turn(PURPLE, "move")
    table.check()
    return table


def test_worked_example_e2_walk_through_blue_president_pays_one_yen():
    table = board(yen=1)
    table.assistants(PURPLE, "agency", 1).assistants(PURPLE, "silk1", 1).president(BLUE, "agency")
    move(table, "bank")
    # Through Laboratory A is no way (no assistant there); the Employment Agency has blue's president.
    assert table.legal() == ["go silk1", "home"]
    table.play("go silk1")
    assert table.p(PURPLE).president == "silk1"
    assert table.p(PURPLE).yen == 0 and table.p(BLUE).yen == 3 + 1
    assert table.texts("move") == ["Purple moves the president to Silk Mill (1). Pays 1 yen to Blue for passing "
                                  "their presidents."]
    # Area action at power 2 (president + 1 assistant): 1 raw silk; the assistant returns.
    assert table.p(PURPLE).silk == 1 + 1
    assert table.state.areas["silk1"].assistants[PURPLE] == 0
    assert table.decision.kind == "phase" and table.state.stack[-1]["phase"] == "C"
    table.check()


def test_worked_example_e2_stop_on_blue_president_and_lab_without_assistant_refused():
    table = board(yen=1)
    table.assistants(PURPLE, "agency", 1).assistants(PURPLE, "silk1", 1).president(BLUE, "agency")
    move(table, "bank")
    assert "Another president stands in Employment Agency" in table.refuse("go agency")
    assert "holds one of your assistants" in table.refuse("go laba")


def test_walk_needs_the_fee_for_each_president_passed():
    table = board(yen=0)
    table.assistants(PURPLE, "agency", 1).assistants(PURPLE, "silk1", 1).president(BLUE, "agency")
    move(table, "bank")
    # Derived check D2: with no legal destination only option B is offered.
    assert table.legal() == ["home"]
    assert "pay the fees" in table.refuse("go silk1")


def test_two_presidents_passed_cost_one_yen_each():
    table = board(yen=2)
    table.assistants(PURPLE, "agency", 1).assistants(PURPLE, "silk1", 1)
    table.president(BLUE, "agency").president(PINK, "agency")
    move(table, "bank")
    table.play("go silk1")
    assert table.p(PURPLE).yen == 0 and table.p(BLUE).yen == 4 and table.p(PINK).yen == 5


def test_cheapest_walk_is_taken():
    table = board(yen=3)
    # Laboratory A → Canal → Copper Mine costs 1 yen; Laboratory A → Silk Mill → Tea Plantation →
    # Copper Mine costs nothing.
    for area in ("silk1", "tea1", "copper1"):
        table.assistants(PURPLE, area, 1)
    move(table, "laba")
    table.play("go copper1")
    assert table.p(PURPLE).yen == 3


def test_derived_check_d1_canal_crossing_costs_one_yen_to_the_bank():
    table = board(yen=1)
    table.assistants(PURPLE, "copper1", 1)
    move(table, "laba")
    assert table.legal() == ["go copper1", "home"]
    assert "never stop on it" in table.refuse("go canal")
    table.play("go copper1")
    assert table.p(PURPLE).yen == 0
    assert sum(p.yen for p in table.state.players) == 3 + 4 + 0 + 4


def test_canal_crossing_unaffordable():
    table = board(yen=0)
    table.assistants(PURPLE, "copper1", 1)
    move(table, "laba")
    assert table.legal() == ["home"]


def test_canal_then_a_president_costs_both():
    table = board(yen=2)
    table.assistants(PURPLE, "copper1", 1).assistants(PURPLE, "fish1", 1).president(YELLOW, "copper1")
    move(table, "laba")
    assert table.legal() == ["go fish1", "home"]
    table.play("go fish1")
    assert table.p(PURPLE).yen == 0 and table.p(YELLOW).yen == 5


def test_derived_check_d2_no_return_to_the_start_area():
    table = board()
    table.assistants(PURPLE, "bank", 2).assistants(PURPLE, "laba", 1)
    move(table, "bank")
    assert table.legal() == ["go laba", "home"]
    assert "different area than the one it started from" in table.refuse("go bank")


def test_president_from_hand_goes_straight_to_any_legal_area():
    table = board(yen=0)
    table.assistants(PURPLE, "tea2", 1).assistants(PURPLE, "bank", 1).assistants(PURPLE, "agency", 1)
    table.president(BLUE, "agency")
    move(table, None)
    assert table.legal() == ["go bank", "go tea2", "home"]
    table.play("go tea2")
    assert table.p(PURPLE).president == "tea2" and table.p(PURPLE).yen == 0
    # Power 2 on the Tea Plantation: 2 tea.
    assert table.p(PURPLE).tea == 1 + 2


def test_derived_check_d3_option_b_recalls_any_assistants_and_skips_steps_3_to_6():
    table = board()
    table.assistants(PURPLE, "bank", 2).assistants(PURPLE, "tea1", 1).assistants(PURPLE, "laba", 1)
    table.church(1, PURPLE).customs(1, PURPLE).achieved("A1", PURPLE)
    move(table, "bank")
    hand = table.p(PURPLE).hand_assistants
    table.play("home")
    assert table.p(PURPLE).president is None
    assert table.decision.kind == "recall"
    assert table.legal() == ["recall bank", "recall laba", "recall tea1", "done"]
    table.play("recall bank", "recall tea1", "done")
    s = table.state
    assert table.p(PURPLE).hand_assistants == hand + 2
    assert [s.areas[a].assistants[PURPLE] for a in ("bank", "tea1", "laba")] == [1, 0, 1]
    # The Church, Customs House and achievement pieces stay.
    assert s.church[0] == PURPLE and s.customs[0] == PURPLE and s.achievement_spaces["A1"] == [PURPLE]
    # No area action: no yen from the Bank; phase C follows.
    assert table.p(PURPLE).yen == 4
    assert table.decision.kind == "phase" and s.stack[-1]["phase"] == "C"
    assert not [e for e in table.events if e.kind == "area_action"]
    table.check()


def test_option_b_with_the_president_already_in_hand():
    table = board()
    move(table, None)
    assert table.legal() == ["home"]
    table.play("home", "done")
    assert table.decision.kind == "phase"


def test_tram_jumps_to_any_area_with_an_assistant_without_fees():
    table = board(yen=0)
    table.tech(PURPLE, "tram")
    table.assistants(PURPLE, "tea2", 1).assistants(PURPLE, "customs", 1).president(BLUE, "customs")
    move(table, "bank")
    assert table.legal() == ["tram tea2", "home"]
    table.play("tram tea2")
    assert table.p(PURPLE).president == "tea2" and table.p(PURPLE).yen == 0
    assert table.p(PURPLE).tea == 1 + 2


def test_tram_without_the_card_is_refused():
    table = board()
    table.assistants(PURPLE, "tea2", 1)
    move(table, "bank")
    assert "Tram" in table.refuse("tram tea2")


def test_tram_with_postal_system_pays_the_presidents_there():
    table = board(yen=2)
    table.tech(PURPLE, "tram", "postal_system")
    table.assistants(PURPLE, "customs", 1).president(BLUE, "customs").president(PINK, "customs")
    move(table, "bank")
    assert "tram customs" in table.legal()
    table.play("tram customs")
    assert table.p(PURPLE).yen == 0 and table.p(BLUE).yen == 4 and table.p(PINK).yen == 5


def test_tram_with_postal_system_and_stagecoach_pays_nobody():
    table = board(yen=0)
    table.tech(PURPLE, "tram", "postal_system", "stagecoach")
    table.assistants(PURPLE, "customs", 1).president(BLUE, "customs")
    move(table, "bank")
    table.play("tram customs")
    assert table.p(PURPLE).yen == 0 and table.p(BLUE).yen == 3


def test_station_move_goes_straight_to_the_station_past_presidents_for_free():
    table = board(yen=0)
    table.tech(PURPLE, "station")
    table.station("tea2").assistants(PURPLE, "tea2", 1).president(BLUE, "tea2").president(PINK, "tea2")
    move(table, "bank")
    assert table.legal() == ["station", "home"]
    table.play("station")
    assert table.p(PURPLE).president == "tea2" and table.p(PURPLE).yen == 0
    assert table.p(BLUE).yen == 3 and table.p(PINK).yen == 4
    # Power 3: president, assistant and the station token.
    assert table.p(PURPLE).tea == 1 + 3


def test_station_move_needs_an_assistant_there():
    table = board()
    table.tech(PURPLE, "station")
    table.station("tea2")
    move(table, "bank")
    assert table.legal() == ["home"]
    assert "station token on another area that holds your assistant" in table.refuse("station")


def test_station_move_without_the_card_is_refused():
    table = board()
    table.station("tea2").assistants(PURPLE, "tea2", 1)
    move(table, "bank")
    assert "Station" in table.refuse("station")


def test_postal_system_lets_the_president_stop_among_presidents_and_pay_them():
    table = board(yen=1)
    table.tech(PURPLE, "postal_system")
    table.assistants(PURPLE, "agency", 1).president(BLUE, "agency")
    move(table, "bank")
    assert table.legal() == ["go agency", "home"]
    table.play("go agency")
    assert table.p(PURPLE).president == "agency" and table.p(PURPLE).yen == 0 and table.p(BLUE).yen == 4


def test_postal_system_from_hand_pays_the_presidents_there():
    table = board(yen=1)
    table.tech(PURPLE, "postal_system")
    table.assistants(PURPLE, "agency", 1).president(BLUE, "agency")
    move(table, None)
    table.play("go agency")
    assert table.p(PURPLE).yen == 0 and table.p(BLUE).yen == 4


def test_stagecoach_passes_presidents_for_free_but_cannot_stop_among_them():
    table = board(yen=0)
    table.tech(PURPLE, "stagecoach")
    table.assistants(PURPLE, "agency", 1).assistants(PURPLE, "silk1", 1).president(BLUE, "agency")
    move(table, "bank")
    assert table.legal() == ["go silk1", "home"]
    assert "only the Postal System" in table.refuse("go agency")
    table.play("go silk1")
    assert table.p(PURPLE).yen == 0 and table.p(BLUE).yen == 3


def test_stagecoach_still_pays_the_canal():
    table = board(yen=0)
    table.tech(PURPLE, "stagecoach")
    table.assistants(PURPLE, "copper1", 1)
    move(table, "laba")
    assert table.legal() == ["home"]
    table.give(PURPLE, yen=1)
    assert table.legal() == ["go copper1", "home"]


def test_postal_and_stagecoach_stop_among_presidents_for_free():
    table = board(yen=0)
    table.tech(PURPLE, "postal_system", "stagecoach")
    table.assistants(PURPLE, "agency", 1).president(BLUE, "agency")
    move(table, "bank")
    table.play("go agency")
    assert table.p(PURPLE).yen == 0 and table.p(BLUE).yen == 3
