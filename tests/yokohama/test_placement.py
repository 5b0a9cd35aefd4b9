"""Placement step (Krok umieszczania, Zasady umieszczania): option A (up to 3 assistants in different
areas; Newspaper 4), option B (2 assistants in one area; Telegraph one more next to it), the fee of
1 yen per assistant to each opponent's president, never on the Canal, and zero assistants allowed."""

from __future__ import annotations

from .scenario import new_game

BLUE, PINK, PURPLE, YELLOW = 0, 1, 2, 3
#: Cells 0 and 7 do not touch; 7 touches 1, 2, 6, 8, 11 and 12.
LAYOUT = {0: "bank", 1: "laba", 2: "canal", 3: "copper1", 6: "agency", 7: "silk1", 8: "tea1", 11: "church",
          12: "customs"}


def jacek(yen: int = 2, hand: int = 8):
    """4 players; purple (Jacek) to place. Blue's president on the Employment Agency, pink's and
    yellow's on Laboratory A (worked example E1)."""
    table = new_game(4, layout=LAYOUT)
    table.president(BLUE, "agency").president(PINK, "laba").president(YELLOW, "laba")
    table.give(PURPLE, yen=yen).hand(PURPLE, hand).turn(PURPLE, "place")
    table.check()
    return table


def test_worked_example_e1_fees_over_budget_are_refused():
    table = jacek()
    table.play("put copper1", "put agency")
    assert table.p(PURPLE).yen == 1 and table.p(BLUE).yen == 3 + 1
    reason = table.refuse("put laba")
    assert "costs 2 yen" in reason and "you have 1 yen" in reason
    # Laboratory A alone would have been affordable: 1 yen to pink and 1 yen to yellow.
    alone = jacek()
    alone.play("put laba")
    assert alone.p(PURPLE).yen == 0 and alone.p(PINK).yen == 5 and alone.p(YELLOW).yen == 5


def test_worked_example_e1_legal_placement_pays_blue_one_yen():
    table = jacek()
    table.play("put copper1", "put agency", "put silk1", "done")
    s = table.state
    assert table.p(PURPLE).yen == 1
    assert table.p(BLUE).yen == 3 + 1
    assert table.p(PINK).yen == 4 and table.p(YELLOW).yen == 4
    assert [s.areas[a].assistants[PURPLE] for a in ("copper1", "agency", "silk1")] == [1, 1, 1]
    assert table.p(PURPLE).hand_assistants == 5
    assert table.decision.kind == "move"
    assert table.texts("place")[1] == "Purple places 1 assistant in Employment Agency, paying 1 yen to Blue."
    table.check()


def test_option_a_areas_must_differ():
    table = jacek()
    table.play("put copper1")
    assert "different area" in table.refuse("put copper1")


def test_option_a_places_at_most_three():
    table = jacek()
    table.play("put copper1", "put silk1", "put tea1")
    assert table.legal() == ["done"]
    assert "at most 3" in table.refuse("put bank")


def test_newspaper_allows_four_in_option_a():
    table = jacek()
    table.tech(PURPLE, "newspaper")
    table.play("put copper1", "put silk1", "put tea1", "put bank")
    assert table.p(PURPLE).hand_assistants == 4
    assert "at most 4" in table.refuse("put fish1")
    table.play("done")
    assert table.decision.kind == "move"


def test_option_b_places_two_in_one_area_and_pays_per_assistant():
    table = jacek(yen=2)
    table.play("double agency")
    assert table.state.areas["agency"].assistants[PURPLE] == 2
    assert table.p(PURPLE).yen == 0 and table.p(BLUE).yen == 5
    assert table.decision.kind == "move"


def test_option_b_needs_two_assistants_and_both_fees():
    table = jacek(yen=1)
    assert "costs 2 yen" in table.refuse("double agency")
    assert "costs 4 yen" in table.refuse("double laba")
    short = jacek(hand=1)
    assert "1 assistant in hand" in short.refuse("double bank")
    assert "double bank" not in short.legal()


def test_own_president_costs_nothing():
    table = jacek(yen=0)
    table.president(PURPLE, "bank")
    table.play("double bank")
    assert table.state.areas["bank"].assistants[PURPLE] == 2 and table.p(PURPLE).yen == 0


def test_telegraph_adds_one_assistant_next_to_option_b_area():
    table = jacek(yen=3)
    table.tech(PURPLE, "telegraph")
    table.play("double silk1")
    assert table.decision.kind == "telegraph"
    assert sorted(table.legal()) == ["done", "put agency", "put church", "put customs", "put laba", "put tea1"]
    assert "next to Silk Mill (1)" in table.refuse("put bank")
    assert "Canal" in table.refuse("put canal")
    table.play("put laba")
    # Pink's and yellow's presidents on Laboratory A: 1 yen each.
    assert table.p(PURPLE).yen == 1 and table.p(PINK).yen == 5 and table.p(YELLOW).yen == 5
    assert table.state.areas["silk1"].assistants[PURPLE] == 2
    assert table.state.areas["laba"].assistants[PURPLE] == 1
    assert table.decision.kind == "move"


def test_telegraph_does_nothing_with_option_a():
    table = jacek()
    table.tech(PURPLE, "telegraph")
    table.play("put silk1", "done")
    assert table.decision.kind == "move"


def test_derived_check_d1_the_canal_is_never_a_placement():
    table = jacek()
    assert "put canal" not in table.legal() and "double canal" not in table.legal()
    assert "ever be placed on the Canal" in table.refuse("put canal")
    assert "ever be placed on the Canal" in table.refuse("double canal")


def test_option_a_with_zero_assistants_is_a_placement():
    table = jacek()
    table.play("skip")
    assert table.p(PURPLE).hand_assistants == 8 and table.p(PURPLE).yen == 2
    assert table.decision.kind == "move"
    assert table.texts("place_none") == ["Purple places no assistant."]
    table2 = jacek()
    table2.play("put bank", "done")
    assert table2.decision.kind == "move"


def test_placement_needs_an_assistant_in_hand():
    table = jacek(hand=0)
    assert table.legal() == ["skip"]
    assert "0 assistants in hand" in table.refuse("put bank")


def test_board_not_in_play_is_refused():
    table = new_game(2)
    table.turn(0, "place")
    assert "not in play" in table.refuse("put chinatown")
