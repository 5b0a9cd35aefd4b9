"""End of the game (Warunki zakończenia): all 4 trading houses or all 8 shops built, a Port board not
refilled, the Church or Customs House board holding 5/5/6 assistants (2 players: neutral pieces
count); then the round is finished and one more full round is played, so everybody has the same
number of turns."""

from __future__ import annotations

import pytest

from engine.yokohama.state import NEUTRAL

from .scenario import new_game

BLUE, PINK, PURPLE, YELLOW = 0, 1, 2, 3
LAYOUT = {0: "bank", 1: "laba", 3: "copper1", 4: "fish1", 5: "silk1", 6: "agency", 7: "tea1", 8: "church",
          9: "customs"}
#: A turn that changes nothing: no placement, president back to the hand, no recall.
IDLE = ("main", "skip", "home", "done", "end")


def fresh_turns(table) -> list[int]:
    """Seats of the turns begun, from the events seen (a turn begins at phase A)."""
    return [e.seat for e in table.events if e.kind == "main"]


def last_house(seat: int, players: int = 4, start: int = 0):
    """``seat`` has built 3 trading houses and holds the 4th; 4 assistants and an agent on the Tea
    Plantation, whose trading-house space is free."""
    layout = LAYOUT if players == 4 else {}
    table = new_game(players, layout=layout, start=start)
    p = table.p(seat)
    built = [a for a in ("bank", "copper1", "fish1") if a in table.state.areas]
    for area in built:
        table.house(seat, area)
    p.wh_houses, p.hand_houses, p.houses_taken = 0, 1, 4
    table.assistants(seat, "tea1", 4).agent(seat, "uk").token("tea1", None).hand_pieces(seat, shops=0)
    table.check()
    return table


def test_derived_check_d9_fourth_trading_house_mid_round():
    table = last_house(PINK)
    table.play(*IDLE)  # blue's turn
    table.play("agent tea1", "house")
    assert table.state.end_triggered and table.state.final_round == 1 and table.state.rounds == 0
    assert table.texts("end_triggered") == [
        "The end of the game is triggered: this round is finished, then one more full round is played."]
    table.play(*IDLE[:-1], "end")
    # Purple and yellow finish this round, then one more full round.
    for _ in range(2 + 4):
        assert not table.state.over
        table.play(*IDLE)
    assert table.state.over and table.decision.seat is None
    assert fresh_turns(table) == [BLUE, PINK, PURPLE, YELLOW] + [BLUE, PINK, PURPLE, YELLOW]


def test_trigger_in_the_last_turn_of_a_round_still_plays_one_full_round():
    table = last_house(YELLOW)
    table.play(*IDLE, *IDLE, *IDLE)
    table.play("agent tea1", "house", *IDLE)
    assert table.state.end_triggered and table.state.rounds == 1
    for _ in range(3):
        table.play(*IDLE)
    assert not table.state.over
    table.play(*IDLE)
    assert table.state.over
    assert fresh_turns(table) == [BLUE, PINK, PURPLE, YELLOW] * 2


@pytest.mark.parametrize("start", [0, 1, 2])
def test_every_player_gets_the_same_number_of_turns(start):
    trigger = (start + 1) % 3
    table = last_house(trigger, players=3, start=start)
    while table.decision.seat != trigger:
        table.play(*IDLE)
    table.play("agent tea1", "house")
    while not table.state.over:
        table.play(*IDLE)
    turns = fresh_turns(table)
    assert sorted(turns.count(s) for s in range(3)) == [2, 2, 2]
    assert turns[0] == start and turns[-1] == (start - 1) % 3


def test_eighth_shop_triggers_the_end():
    table = new_game(4, layout=LAYOUT, tiles={"tea1": "B01"})
    for area in ("bank", "copper1", "fish1", "silk1", "agency", "laba", "church"):
        table.shop(PINK, area)
    table.hand_pieces(PINK, shops=1)
    table.assistants(PINK, "tea1", 4).agent(PINK, "uk").token("tea1", None).turn(PINK, "A").check()
    table.play("agent tea1")
    assert not table.state.end_triggered
    table.play("shop 1")
    assert table.state.end_triggered


def test_seven_shops_do_not_trigger():
    table = new_game(4, layout=LAYOUT)
    for area in ("bank", "copper1", "fish1", "silk1", "agency", "laba"):
        table.shop(PINK, area)
    table.hand_pieces(PINK, shops=1)
    table.assistants(PINK, "tea1", 4).agent(PINK, "uk").token("tea1", None).turn(PINK, "A").check()
    table.play("agent tea1", "shop 1")
    assert not table.state.end_triggered


def church_move(space: int) -> str:
    """The Church move onto ``space`` at power 5 from the area, paying just enough faith (space 1:
    faith 2, 2: 4, 3: 6, 4: 7, 5: 8, 6: 9)."""
    faith = {1: 2, 2: 4, 3: 6, 4: 7, 5: 8, 6: 9}[space]
    pays = ["copper", "silk", "tea", "fish", "ig"][:max(0, faith - 5)]
    return " ".join(["church", str(space), "area", *pays])


def church_player(players: int, filled: list[int], seat: int = 0):
    """``seat`` at power 5 on the Church (agent), Church spaces 1.. taken by ``filled`` seats."""
    table = new_game(players, layout=LAYOUT if players == 4 else {})
    for i, s in enumerate(filled):
        table.church(i + 1, s)
    table.assistants(seat, "church", 5).agent(seat, "uk").token("church", None).hand_pieces(seat, shops=0)
    table.give(seat, yen=10, copper=1, silk=1, tea=1, fish=1, ig=1)
    table.turn(seat, "A").check()
    table.play("agent church")
    return table


def test_derived_check_d10_two_players_neutral_piece_counts():
    table = church_player(2, [0, 1, 0])
    assert table.state.church[:5] == [0, 1, 0, NEUTRAL, None]
    assert not table.state.end_triggered
    table.play(church_move(5))
    assert table.state.church[:5] == [0, 1, 0, NEUTRAL, 0]
    assert table.state.end_triggered


@pytest.mark.parametrize(("players", "before"), [(3, [0, 1, 2, 0]), (4, [0, 1, 2, 3, 0])])
def test_church_board_full_triggers_the_end(players, before):
    table = church_player(players, before[:-1])
    table.play(church_move(len(before)))
    assert sum(1 for s in table.state.church if s is not None) == len(before)
    assert not table.state.end_triggered
    table = church_player(players, before)
    table.play(church_move(len(before) + 1))
    assert sum(1 for s in table.state.church if s is not None) == len(before) + 1
    assert table.state.end_triggered


def customs_player(players: int, filled: list[int], seat: int = 0):
    table = new_game(players, layout=LAYOUT if players == 4 else {})
    for i, s in enumerate(filled):
        if table.state.customs[i] is None:
            table.customs(i + 1, s)
    table.assistants(seat, "customs", 5).agent(seat, "uk").token("customs", None).hand_pieces(seat, shops=0)
    table.give(seat, ig=4).turn(seat, "A").check()
    table.play("agent customs")
    return table


def test_customs_board_full_triggers_the_end_two_players_with_neutral():
    table = customs_player(2, [0, 1, NEUTRAL, 1])
    assert table.state.customs[:4] == [0, 1, NEUTRAL, 1] and not table.state.end_triggered
    table.play("customs 5 area")
    assert table.state.end_triggered


@pytest.mark.parametrize(("players", "filled"), [(3, [0, 1, 2, 0]), (4, [0, 1, 2, 3, 0])])
def test_customs_board_full_by_player_count(players, filled):
    table = customs_player(players, filled)
    assert not table.state.end_triggered
    table.play(f"customs {len(filled) + 1} area")
    assert table.state.end_triggered
    short = customs_player(players, filled[:-1])
    short.play(f"customs {len(filled)} area")
    assert not short.state.end_triggered


def test_port_refill_failure_ends_after_the_next_round():
    table = new_game(2, start=1)
    table.orders(1).port_cards("porta", ["L01", "L02", "L03", "L04"]).order_deck([])
    table.assistants(1, "porta", 2).agent(1, "uk").token("porta", None).turn(1, "A").check()
    table.play("agent porta", "port 1")
    assert table.state.end_triggered and table.state.ports["porta"] == ["L02", "L03", "L04", None]
    # Start player's turn: blue finishes the round, then one more round of both players.
    table.play(*IDLE)
    for _ in range(3):
        assert not table.state.over
        table.play(*IDLE)
    assert table.state.over
    assert fresh_turns(table) == [1, 0, 1, 0]
