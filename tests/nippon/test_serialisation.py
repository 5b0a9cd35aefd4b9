"""JSON round-trip, validation of state files, the published schema and views."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from engine.nippon import GAME

from .scenario import base_game, new_game, player, position

DOC = Path(__file__).resolve().parents[2] / "docs" / "nippon-state.schema.json"


def test_published_schema_matches_engine():
    assert json.loads(DOC.read_text(encoding="utf-8")) == GAME.json_schema(), "regenerate docs/nippon-state.schema.json"


def test_schema_describes_players_and_stack():
    schema = GAME.json_schema()
    assert {"Player", "Factory", "CityState", "Transport", "Options"} <= set(schema["$defs"])
    assert "vp" in schema["$defs"]["Player"]["properties"] and "stack" in schema["properties"]


def test_json_round_trip_mid_game():
    t = new_game(3, seed=4)
    for _ in range(6):
        t.play(t.legal()[0])
    text = GAME.to_json(t.state)
    back = GAME.from_json(text)
    assert GAME.to_json(back) == text and back == t.state


@pytest.mark.parametrize("edit", [
    lambda d: player(d, 0, money=-1),
    lambda d: d["bag"].update(red=d["bag"]["red"] + 1),
    lambda d: d["players"][0]["influence"].pop(),
    lambda d: d["display"].pop(),
    lambda d: player(d, 0, ships=5),
    lambda d: player(d, 0, knowledge_pos=12),
    lambda d: d["players"][0]["contracts"].pop(),
    lambda d: d["rewards"].update({"2:coal": 5}),
])
def test_inconsistent_states_are_refused(edit):
    with pytest.raises(ValueError):
        position(base_game(2), edit)


def test_invalid_json_is_refused():
    with pytest.raises(ValueError):
        GAME.from_json("{}")
    with pytest.raises(ValueError):
        GAME.from_json("not json")


def test_view_is_json_and_public():
    t = base_game(4)
    view = GAME.view(t.state, 1)
    json.dumps(view)
    assert view["viewer"] == 1 and view["decision"]["seat"] == 0
    assert [str(s["name"]) for s in view["seats"]] == ["Yellow", "Red", "Purple", "Blue"]
    assert set(view["influence"]) == {"R1", "R2", "R3", "R4"} and view["foreign"]["R1"] == 12
    assert "stack" not in view and view["players"][2]["influence"]
    assert GAME.view(t.state, None)["viewer"] is None


def test_apply_copies_and_apply_unchecked_mutates():
    t = base_game(2)
    before = GAME.to_json(t.state)
    action = GAME.legal_actions(t.state)[0]
    new, events = GAME.apply(t.state, action)
    assert GAME.to_json(t.state) == before and new is not t.state and events
    GAME.apply_unchecked(t.state, action)
    assert GAME.to_json(t.state) == GAME.to_json(new)
