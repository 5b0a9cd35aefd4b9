"""State files: ``to_json``/``from_json`` round-trip at every kind of decision, and ``from_json``
refuses a file whose pieces or cards are not conserved."""

from __future__ import annotations

import json

import pytest

from engine.yokohama import GAME

from .scenario import BOTH_MODULES, new_game, random_game


def test_round_trip_of_a_fresh_game_and_of_set_up_steps():
    state = GAME.setup({"players": 3, "modules": list(BOTH_MODULES)}, 4)
    text = GAME.to_json(state)
    again = GAME.from_json(text)
    assert GAME.to_json(again) == text and again == state


def test_round_trip_through_a_whole_game():
    kinds: set[str] = set()

    def after(state, action, ply):
        if ply % 5 == 0:
            text = GAME.to_json(state)
            loaded = GAME.from_json(text)
            assert loaded == state and GAME.to_json(loaded) == text
            assert GAME.legal_actions(loaded) == GAME.legal_actions(state)
            kinds.add(GAME.decision(state).kind)

    state, _ = random_game(4, 21, BOTH_MODULES, after=after)
    assert state.over
    text = GAME.to_json(state)
    assert GAME.to_json(GAME.from_json(text)) == text
    assert {"turn", "phase", "place", "move"} <= kinds


def edited(change) -> str:
    table = new_game(3)
    data = json.loads(GAME.to_json(table.state))
    change(data)
    return json.dumps(data)


def test_unedited_state_loads():
    assert GAME.from_json(edited(lambda d: None)).options.players == 3


@pytest.mark.parametrize(("change", "problem"), [
    (lambda d: d["players"][0].update(hand_assistants=9), "seat 0 assistants not conserved"),
    (lambda d: d["players"][1].update(wh_shops=7), "seat 1 shops not conserved"),
    (lambda d: d["players"][2].update(yen=-1), "seat 2 has -1 yen"),
    (lambda d: d["players"][0].update(orders=["L01", "L02", "L03", "L04"]), "seat 0 holds 4 orders"),
    (lambda d: d["order_deck"].pop(), "order cards not conserved"),
    (lambda d: d["tech_deck"].append("T01"), "technology cards not conserved"),
    (lambda d: d["agent_supply"].update(uk=4), "foreign agents not conserved"),
    (lambda d: d["players"][0].update(president="canal"), "seat 0 president on the Canal"),
    (lambda d: d["areas"]["canal"]["assistants"].__setitem__(0, 1), "assistants on the Canal"),
])
def test_from_json_refuses_a_broken_invariant(change, problem):
    with pytest.raises(ValueError) as info:
        GAME.from_json(edited(change))
    assert problem in str(info.value)


def test_from_json_refuses_a_malformed_file():
    with pytest.raises(ValueError) as info:
        GAME.from_json('{"options": {"players": 3}}')
    assert "not a valid Yokohama state file" in str(info.value)
    with pytest.raises(ValueError):
        GAME.from_json("not json")
