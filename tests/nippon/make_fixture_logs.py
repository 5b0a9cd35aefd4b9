"""Regenerate tests/fixtures/nippon-{2,3,4}p.json, the move logs test_fixture_logs.py replays.

Run by hand after an intended rules or data change (``python -m tests.nippon.make_fixture_logs``)
and say so in the change: the logs exist to notice changes that alter old games. Each log records
the digest of the component data it was played with (``data_digest``, as a host's export does) and
replays with that data set. After a change of the shipped data files, keep the data set shipped
before in ``engine/nippon/data/history`` (:func:`engine.core.components.write_history`) so the games
played with it still replay; tests/fixtures/legacy/ holds logs of the data set of tables stored
before digests existed (``LEGACY_DIGEST``: Invest with Mines, Export with Ships).
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

from engine.core import components
from engine.nippon import GAME

from .driver import random_game

FIXTURE_DIR = Path(__file__).resolve().parents[1] / "fixtures"
#: Logs of games played before data digests (no ``data_digest``: the legacy data set).
LEGACY_DIR = FIXTURE_DIR / "legacy"
#: Fixture name -> (player count, seed).
GAMES = {"nippon-2p": (2, 201), "nippon-3p": (3, 202), "nippon-4p": (4, 203)}


def state_digest(state: object) -> str:
    """The SHA-256 of a state file: equal digests mean equal states."""
    return hashlib.sha256(GAME.to_json(state).encode()).hexdigest()


def record(players: int, seed: int) -> dict:
    """One finished random game with the data in use, as a fixture record (the host's export format
    plus the outcome)."""
    state, moves = random_game(players, seed, copying=True)
    ranking = GAME.result(state)
    assert ranking is not None
    outcome = {"digest": state_digest(state), "scores": {str(r.seat): r.score for r in ranking.players},
               "solo": ranking.solo}
    return {"game": GAME.name, "engine_version": GAME.version, "data_digest": components.active(GAME.name).digest,
            "options": {"players": players}, "seed": seed, "moves": moves, "final": outcome}


if __name__ == "__main__":
    FIXTURE_DIR.mkdir(exist_ok=True)
    for fixture, (players, seed) in GAMES.items():
        text = json.dumps(record(players, seed), indent=1) + "\n"
        (FIXTURE_DIR / f"{fixture}.json").write_text(text, encoding="utf-8")
