"""The published JSON Schema of a Zaibatsu state file stays in sync with the engine."""

import json
from pathlib import Path

from engine.zaibatsu import GAME

DOC = Path(__file__).resolve().parents[2] / "docs" / "zaibatsu-state.schema.json"


def test_published_schema_matches_engine() -> None:
    published = json.loads(DOC.read_text(encoding="utf-8"))
    assert published == GAME.json_schema(), "regenerate docs/zaibatsu-state.schema.json (see docs/README)"


def test_schema_describes_players_and_stack() -> None:
    schema = GAME.json_schema()
    defs = schema["$defs"]
    assert {"Player", "Factory", "MarketState", "Options", "Worker"} <= set(defs)
    assert "vp" in defs["Player"]["properties"] and "stack" in schema["properties"]
