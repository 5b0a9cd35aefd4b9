"""Stored move logs replay to the same final state (docs/architecture.md, "Chance and the move log": a rules change that alters an old
game is noticed). After an *intended* rules or data change, regenerate them with
``python -m tests.zaibatsu.make_fixture_logs`` and say so in the change."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from engine.core import replay
from engine.zaibatsu import GAME

from .make_fixture_logs import digest

FIXTURES = sorted((Path(__file__).resolve().parents[1] / "fixtures").glob("zaibatsu-*.json"))


def test_there_are_fixture_logs_for_every_mode() -> None:
    names = {p.stem for p in FIXTURES}
    assert {"zaibatsu-2p", "zaibatsu-3p", "zaibatsu-4p", "zaibatsu-solo-hard", "zaibatsu-modules-3p"} <= names


@pytest.mark.parametrize("path", FIXTURES, ids=lambda p: p.stem)
def test_fixture_log_replays_to_the_recorded_final_state(path: Path) -> None:
    log = json.loads(path.read_text(encoding="utf-8"))
    state = replay(GAME, log["options"], log["seed"], log["moves"])
    result = GAME.result(state)
    assert result is not None, "the logged game must reach its end"
    assert {str(p.seat): p.score for p in result.players} == log["final"]["scores"]
    assert result.solo == log["final"]["solo"]
    assert digest(state) == log["final"]["digest"]
