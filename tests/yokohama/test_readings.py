"""Five readings of the Polish rulebook (2024 Polish edition) settled in
docs/rules-notes.md, "Readings settled from the rulebook text" (issue 21, part 5):

1. ``pass`` at the Church, Customs House, Laboratory and Port, step 3 being mandatory (Y-22);
2. Mining Technology: one extra copper per gain, not per copper (Y-14);
3. the Station move needs your assistant in the station's area (Y-13);
4. University and Spinning Mill in the additional-action phases only (Y-23, engine default);
5. placement option A with no assistant at all (Y-1).
"""

from __future__ import annotations

from .scenario import new_game

BLUE, PINK, PURPLE, YELLOW = 0, 1, 2, 3
LAYOUT = {0: "bank", 1: "laba", 2: "canal", 3: "copper1", 4: "fish1", 5: "silk1", 6: "agency", 7: "tea1",
          8: "church", 9: "customs", 10: "chinatown", 11: "porta", 12: "silk2", 13: "tea2", 14: "copper2"}


def table4():
    return new_game(4, layout=LAYOUT)


def agent_at(area: str, power: int, seat: int = PURPLE):
    """``seat`` has ``power`` assistants in ``area`` (no president, no token there) and a foreign
    agent; it is their phase A."""
    table = table4()
    table.assistants(seat, area, power).agent(seat, "uk").token(area, None)
    table.turn(seat, "A").check()
    return table


def prompt(table) -> str:
    return str(table.decision.prompt)


# --- 1. pass at the Church, Customs House, Laboratory and Port (docs/rules-notes.md Y-22) -----------------


def test_church_space_within_the_power_faith_must_be_taken():
    # Power 2 gives faith 2: the first space (faith 2) is free, so step 3 leaves no "pass".
    table = agent_at("church", 2).give(PURPLE, copper=1, silk=1, yen=2)
    table.play("agent church")
    assert table.decision.kind == "church"
    assert "church 1 area" in table.legal() and "church 2 area copper silk" in table.legal()
    assert "pass" not in table.legal()
    assert "area action is mandatory" in table.refuse("pass")
    assert not prompt(table).endswith("or pass")
    table.play("church 1 area")
    assert table.state.church[0] == PURPLE


def test_church_may_pass_when_only_a_paid_space_is_free():
    # Space 1 taken: space 2 (faith 4) needs two payments; paying is the player's choice.
    table = agent_at("church", 2).give(PURPLE, copper=1, silk=1, tea=0, fish=0, ig=0, yen=0).church(1, BLUE)
    table.play("agent church")
    assert "church 2 area copper silk" in table.legal() and "pass" in table.legal()
    assert prompt(table).endswith("or pass")
    table.play("pass")
    assert table.state.church[1:] == [None] * 7
    assert (table.p(PURPLE).copper, table.p(PURPLE).silk) == (1, 1)


def test_church_in_the_main_action_is_mandatory_too():
    table = table4().assistants(PURPLE, "church", 1).president(PURPLE, None).token("church", None)
    table.turn(PURPLE, "move").check()
    table.play("go church")  # president + 1 assistant: power 2, faith 2
    assert "pass" not in table.legal()


def test_customs_space_that_can_be_paid_for_must_be_taken():
    table = agent_at("customs", 2).give(PURPLE, ig=1)
    table.play("agent customs")
    assert table.legal() == ["customs 1 area", "customs 1 hand", "customs 2 area", "customs 2 hand"]
    assert "area action is mandatory" in table.refuse("pass")
    assert not prompt(table).endswith("or pass")
    table.play("customs 1 area")
    assert table.p(PURPLE).ig == 0 and table.state.customs[0] == PURPLE


def test_customs_pass_when_no_space_can_be_paid_for():
    table = agent_at("customs", 3).give(PURPLE, ig=0)
    table.play("agent customs")
    assert table.legal() == ["pass"]
    assert prompt(table).endswith("or pass")
    # Spaces for 1 imported good taken: with 1 imported good nothing can be paid for either.
    full = agent_at("customs", 3).give(PURPLE, ig=1).customs(1, BLUE).customs(2, PINK)
    full.play("agent customs")
    assert full.legal() == ["pass"]


def test_laboratory_card_paid_by_the_power_alone_must_be_taken():
    # Stock Exchange (2) on the first space (no surcharge) at power 3: no yen needed.
    table = agent_at("laba", 3).lab_card("laba", 1, "T07").give(PURPLE, yen=0, ig=0)
    table.play("agent laba")
    assert "tech 1 0 -" in table.legal() and "pass" not in table.legal()
    assert "area action is mandatory" in table.refuse("pass")
    assert not prompt(table).endswith("or pass")
    table.play("tech 1 0 -")
    assert table.p(PURPLE).technologies == ["T07"]


def test_laboratory_may_pass_when_every_card_needs_yen():
    # Power 1 pays 1 production value; every card costs at least 2.
    table = agent_at("laba", 1).give(PURPLE, yen=10)
    table.play("agent laba")
    assert [m for m in table.legal() if m.startswith("tech ")] and "pass" in table.legal()
    table.play("pass")
    assert table.p(PURPLE).technologies == [] and table.p(PURPLE).yen == 10


def test_laboratory_fourth_card_surcharge_keeps_the_pass():
    # With 3 technologies every card costs 2 yen or 1 imported good more: none is paid by power alone.
    table = agent_at("laba", 5).lab_card("laba", 1, "T07").tech(PURPLE, "ball", "winery", "printing")
    table.give(PURPLE, yen=2)
    table.play("agent laba")
    assert "tech 1 0 yen" in table.legal() and "pass" in table.legal()


def test_port_may_always_be_declined():
    # "Możesz wziąć": taking an order is optional even when one is free.
    table = agent_at("porta", 4).port_cards("porta", ["L01", "M01", "H01", "L02"]).orders(PURPLE)
    table.play("agent porta")
    assert "port 1" in table.legal() and "pass" in table.legal()
    assert prompt(table).endswith("or pass")
    table.play("pass")
    assert table.p(PURPLE).orders == [] and table.state.ports["porta"] == ["L01", "M01", "H01", "L02"]


# --- 2. Mining Technology: once per gain (docs/rules-notes.md Y-14) --------------------------------------


def test_mining_technology_adds_one_copper_per_gain_not_per_copper():
    # Power 5 at the Copper Mine gives 3 copper: 1 more, not 3 more.
    table = agent_at("copper1", 5).tech(PURPLE, "mining_technology").give(PURPLE, copper=0)
    table.play("agent copper1")
    assert table.p(PURPLE).copper == 3 + 1


def test_mining_technology_once_per_chinatown_action():
    table = agent_at("chinatown", 3).give(PURPLE, yen=6, copper=0).tech(PURPLE, "mining_technology")
    table.play("agent chinatown", "buy copper", "buy copper", "buy copper")
    assert table.p(PURPLE).copper == 3 + 1 and table.p(PURPLE).yen == 0


# --- 3. Station move and your assistant (docs/rules-notes.md Y-13) ----------------------------------------


def test_station_move_needs_your_assistant_even_past_presidents():
    table = table4().tech(PURPLE, "station").station("tea2").president(BLUE, "tea2").give(PURPLE, yen=0)
    table.president(PURPLE, "bank").turn(PURPLE, "move").check()
    assert "station" not in table.legal()
    assert "holds your assistant" in table.refuse("station")
    table.assistants(PURPLE, "tea2", 1).check()
    assert "station" in table.legal()
    table.play("station")
    assert table.p(PURPLE).president == "tea2" and table.p(PURPLE).yen == 0 and table.p(BLUE).yen == 3


# --- 4. University and Spinning Mill: phases A and C (docs/rules-notes.md Y-23) ---------------------------


def test_university_and_spinning_mill_only_in_the_additional_action_phases():
    table = table4().tech(PURPLE, "university", "spinning_mill").give(PURPLE, yen=3, silk=1)
    table.assistants(PURPLE, "tea1", 1).president(PURPLE, None).token("tea1", None).turn(PURPLE, "A").check()
    assert {"university", "spin"} <= set(table.legal())
    table.play("main")
    assert table.decision.kind == "place"
    assert not {"university", "spin"} & set(table.legal())
    assert "not possible here" in table.refuse("spin")
    table.play("skip")
    assert table.decision.kind == "move" and not {"university", "spin"} & set(table.legal())
    table.play("go tea1")
    assert table.decision.kind == "phase" and table.state.stack[-1]["phase"] == "C"
    assert {"university", "spin"} <= set(table.legal())


# --- 5. Placing no assistant (docs/rules-notes.md Y-1) -------------------------------------------------------


def test_placement_of_no_assistant_is_legal():
    table = table4().turn(PURPLE, "place")
    table.check()
    hand = table.p(PURPLE).hand_assistants
    assert hand > 0 and "skip" in table.legal()
    table.play("skip")
    assert table.p(PURPLE).hand_assistants == hand
    assert table.texts("place_none") == ["Purple places no assistant."]
    assert table.decision.kind == "move"


def test_placement_with_an_empty_hand_offers_only_skip():
    table = table4().hand(PURPLE, 0).turn(PURPLE, "place")
    table.check()
    assert table.legal() == ["skip"]
