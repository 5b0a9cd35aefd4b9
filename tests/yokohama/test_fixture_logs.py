"""The stored Yokohama move logs (tests/fixtures/yokohama-*.json) still replay to their recorded
final state and scores. A failure after an *intended* rules/data change: regenerate them with
``python -m tests.yokohama.make_fixture_logs``."""

from __future__ import annotations

import json

import pytest

from engine.core import replay
from engine.yokohama import GAME

from .make_fixture_logs import FIXTURE_DIR, GAMES, options_of, state_digest


@pytest.mark.parametrize("fixture", sorted(GAMES))
def test_stored_log_replays_exactly(fixture: str) -> None:
    stored = json.loads((FIXTURE_DIR / f"{fixture}.json").read_text(encoding="utf-8"))
    players, modules, seed = GAMES[fixture]
    assert (stored["game"], stored["options"], stored["seed"]) == ("yokohama", options_of(players, modules), seed)
    assert stored["engine_version"] == GAME.version
    final = replay(GAME, stored["options"], stored["seed"], stored["moves"])
    ranking = GAME.result(final)
    assert ranking is not None and ranking.solo is None
    assert {str(r.seat): r.score for r in ranking.players} == stored["final"]["scores"]
    assert state_digest(final) == stored["final"]["digest"]
    assert len(stored["moves"]) > 200


def test_no_stray_yokohama_fixtures() -> None:
    assert {p.stem for p in FIXTURE_DIR.glob("yokohama-*.json")} == set(GAMES)
