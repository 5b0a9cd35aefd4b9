"""The stored Nippon move logs (tests/fixtures/nippon-*.json) still replay to their recorded final
state and scores, each with the component data it was played with (its ``data_digest``). A failure
after an *intended* rules change: regenerate them with ``python -m tests.nippon.make_fixture_logs``;
after a change of the data files, keep the data set shipped before in the history (see there).

tests/fixtures/legacy/ holds the same games as played before the action-space correction (no
``data_digest``: the legacy data set, Invest with Mines and Export with Ships): stored games of
that time must keep replaying.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from engine.core import components, replay
from engine.nippon import GAME
from engine.nippon.data import LEGACY_DIGEST

from .make_fixture_logs import FIXTURE_DIR, GAMES, LEGACY_DIR, state_digest


def _replays(path: Path, players: int, seed: int) -> dict:
    stored = json.loads(path.read_text(encoding="utf-8"))
    assert (stored["game"], stored["options"], stored["seed"]) == ("nippon", {"players": players}, seed)
    assert stored["engine_version"] == GAME.version
    digest = stored.get("data_digest") or components.legacy_digest("nippon")
    assert components.available("nippon", digest), (
        f"{path.name}: its data set {digest} is neither shipped nor kept in engine/nippon/data/history")
    with components.using("nippon", digest):
        final = replay(GAME, stored["options"], stored["seed"], stored["moves"])
        ranking = GAME.result(final)
        assert ranking is not None and ranking.solo is None
        assert {str(r.seat): r.score for r in ranking.players} == stored["final"]["scores"]
        assert state_digest(final) == stored["final"]["digest"]
    assert len(stored["moves"]) > 200
    return stored


@pytest.mark.parametrize("fixture", sorted(GAMES))
def test_stored_log_replays_exactly(fixture: str) -> None:
    stored = _replays(FIXTURE_DIR / f"{fixture}.json", *GAMES[fixture])
    assert stored["data_digest"] == components.shipped("nippon").digest  # played with today's data


@pytest.mark.parametrize("fixture", sorted(GAMES))
def test_logs_from_before_data_digests_replay_with_the_legacy_data(fixture: str) -> None:
    stored = _replays(LEGACY_DIR / f"{fixture}.json", *GAMES[fixture])
    assert "data_digest" not in stored and components.legacy_digest("nippon") == LEGACY_DIGEST
    assert any(m.startswith("take 2 invest") for m in stored["moves"])  # the old pairing
    with pytest.raises(ValueError):  # … which today's data refuses
        replay(GAME, stored["options"], stored["seed"], stored["moves"])


def test_no_stray_nippon_fixtures() -> None:
    assert {p.stem for p in FIXTURE_DIR.glob("nippon-*.json")} == set(GAMES)
    assert {p.stem for p in LEGACY_DIR.glob("nippon-*.json")} == set(GAMES)
