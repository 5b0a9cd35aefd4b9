"""Final scoring (Punktacja końcowa): Church and Customs House majorities with the rightmost-piece tie
break, the technology bonus with the turn-order tie break, country sets, leftovers, and the winner
(Zwycięstwo: a tie goes to the player nearest the start player's left, the start player first)."""

from __future__ import annotations

from engine.yokohama import GAME
from engine.yokohama.state import NEUTRAL

from .scenario import new_game

BLUE, PINK, PURPLE, YELLOW = 0, 1, 2, 3


def bare(players: int = 4, start: int = 0):
    """A game whose players hold nothing that scores at the end (no goods, 1 yen, no IG)."""
    table = new_game(players, start=start)
    for s in range(players):
        table.give(s, yen=1, copper=0, silk=0, tea=0, fish=0, ig=0)
    return table


def finish(table):
    """Make the current round the last one and end the last player's turn: final scoring runs."""
    s = table.state
    s.end_triggered, s.final_round = True, s.rounds
    table.turn((s.start_player - 1) % s.options.players, "C").check()
    table.play("end")
    assert s is not table.state and table.state.over
    return table.state.scores


def test_worked_example_e12_church_majority_tie_goes_to_the_rightmost_piece():
    table = bare()
    for space, seat in enumerate([YELLOW, PURPLE, PURPLE, BLUE, BLUE], start=1):
        table.church(space, seat)
    scores = finish(table)
    assert [scores[str(s)]["church"] for s in (BLUE, PINK, PURPLE, YELLOW)] == [6, 0, 3, 0]


def test_worked_example_e13_customs_majority_second_place_tie():
    table = bare()
    for space, seat in enumerate([PURPLE, BLUE, YELLOW, BLUE, BLUE], start=1):
        table.customs(space, seat)
    scores = finish(table)
    assert [scores[str(s)]["customs"] for s in (BLUE, PINK, PURPLE, YELLOW)] == [8, 0, 0, 4]


def test_worked_example_e14_technology_bonus_tie_by_turn_order():
    # Turn order Jacek (start, purple) > Ewelina (yellow) > Tomek (blue) > Monika (pink).
    table = bare(start=PURPLE)
    table.tech(PURPLE, "T06", "T09", "T16")           # 4 + 4 + 4 = 12
    table.tech(YELLOW, "T30", "T15", "T25", "T05")    # 6 + 5 + 5 + 4 = 20
    table.tech(BLUE, "T10", "T22", "T17")             # 4 + 4 + 4 = 12
    table.tech(PINK, "T23", "T01", "T03")             # 4 + 3 + 3 = 10
    scores = finish(table)
    assert {s: scores[str(s)]["technology"] for s in range(4)} == {PURPLE: 5, YELLOW: 10, BLUE: 0, PINK: 0}


def test_worked_example_e15_country_sets_sixteen_vp():
    table = bare()
    # UK x3, US x2, FR x2, DE x1, NL x1 from technologies and fulfilled orders.
    table.tech(PURPLE, "T02", "T04", "T12")             # UK, US, FR
    table.fulfilled(PURPLE, "L01", "L02", "L04", "L07", "L09", "L11")  # UK, UK, US, FR, DE, NL
    scores = finish(table)
    assert scores[str(PURPLE)]["countries"] == 12 + 4 + 0


def test_country_set_table():
    for fulfilled, vp in ((("L01",), 0), (("L01", "L04"), 2), (("L01", "L04", "L07"), 4),
                          (("L01", "L04", "L07", "L09"), 8), (("L01", "L04", "L07", "L09", "L11"), 12),
                          (("L01", "L02", "L03"), 0), (("L01", "L02", "L04", "L05"), 4)):
        table = bare()
        table.fulfilled(PINK, *fulfilled)
        assert finish(table)[str(PINK)]["countries"] == vp, fulfilled


def test_worked_example_e16_leftovers_four_vp():
    table = bare()
    table.give(PURPLE, ig=1, yen=3, copper=2, silk=1, tea=1, fish=3)
    table.agent(PURPLE, "fr", used=True)
    scores = finish(table)[str(PURPLE)]
    assert (scores["agents"], scores["ig"], scores["yen"], scores["goods"]) == (0, 1, 1, 2)
    assert scores["total"] == 4


def test_unused_foreign_agents_score_one_each_and_free_agents_nothing():
    table = bare()
    table.agent(PINK, "uk").agent(PINK, "us").agent(PINK, "de", used=True)
    table.state.players[PINK].free_agents = 2
    scores = finish(table)[str(PINK)]
    assert scores["agents"] == 2


def test_derived_check_d13_lone_player_gets_only_the_first_bonus():
    table = bare()
    table.church(1, PINK).church(2, PINK).customs(1, PINK).tech(PINK, "T01")
    scores = finish(table)
    assert (scores[str(PINK)]["church"], scores[str(PINK)]["customs"], scores[str(PINK)]["technology"]) == (6, 8, 10)
    for s in (BLUE, PURPLE, YELLOW):
        assert (scores[str(s)]["church"], scores[str(s)]["customs"], scores[str(s)]["technology"]) == (0, 0, 0)


def test_two_player_neutral_pieces_never_score():
    table = bare(players=2)
    assert table.state.church[3] == NEUTRAL and table.state.customs[2] == NEUTRAL
    table.church(1, 1).customs(1, 0).customs(2, 1)
    scores = finish(table)
    assert (scores["0"]["church"], scores["1"]["church"]) == (0, 6)
    # Customs: 1 each, seat 1's piece further right.
    assert (scores["0"]["customs"], scores["1"]["customs"]) == (4, 8)


def test_derived_check_d14_final_tie_goes_to_the_earlier_turn_order():
    table = bare(start=PINK)
    # Turn order: pink, purple, yellow, blue. Purple (2nd) and blue (4th) tie on 20 VP.
    for seat, vp in ((PINK, 12), (PURPLE, 20), (YELLOW, 15), (BLUE, 20)):
        table.give(seat, vp=vp)
    finish(table)
    result = GAME.result(table.state)
    assert [(r.seat, r.score, r.rank) for r in result.players] == [
        (PURPLE, 20, 1), (BLUE, 20, 2), (YELLOW, 15, 3), (PINK, 12, 4)]
    assert [str(e.text) for e in table.events if e.kind == "winner"] == ["Purple wins with 20 VP."]


def test_final_scoring_adds_every_part_to_the_total():
    table = bare()
    table.give(BLUE, vp=30, yen=5, copper=3, ig=2).church(1, BLUE).customs(1, BLUE).tech(BLUE, "T30")
    scores = finish(table)[str(BLUE)]
    assert scores == {"before": 30, "church": 6, "customs": 8, "technology": 10, "countries": 0, "agents": 0,
                      "ig": 2, "yen": 2, "goods": 1, "total": 59}
    assert table.p(BLUE).vp == 59
    assert GAME.result(table.state).players[0].details == scores
