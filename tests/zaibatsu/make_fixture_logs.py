"""Write the fixture move logs replayed by test_fixture_logs.py (run by hand after an intended
rules change: ``python -m tests.zaibatsu.make_fixture_logs``)."""

from __future__ import annotations

import hashlib
import json
import random
from pathlib import Path

from engine.core import CHANCE, sample_chance
from engine.zaibatsu import GAME

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"
CASES = {
    "zaibatsu-2p": ({"players": 2, "first_game": True}, 101),
    "zaibatsu-3p": ({"players": 3}, 102),
    "zaibatsu-4p": ({"players": 4}, 103),
    "zaibatsu-solo-hard": ({"players": 1, "difficulty": "hard"}, 104),
    "zaibatsu-modules-3p": ({"players": 3, "modules": ["modern_factories", "common_goals"]}, 105),
}


def digest(state: object) -> str:
    """SHA-256 of a state's JSON."""
    return hashlib.sha256(GAME.to_json(state).encode()).hexdigest()


def play(options: dict, seed: int) -> dict:
    """Play one random game and return its log record."""
    state = GAME.setup(options, seed)
    rng = random.Random(seed)
    moves = []
    while GAME.decision(state).seat is not None:
        d = GAME.decision(state)
        action = sample_chance(GAME, state, seed, len(moves)) if d.seat == CHANCE else rng.choice(GAME.legal_actions(state))
        moves.append(GAME.format_action(state, action))
        state, _ = GAME.apply(state, action)
    result = GAME.result(state)
    return {
        "game": GAME.name, "engine_version": GAME.version, "options": options, "seed": seed, "moves": moves,
        "final": {"digest": digest(state), "scores": {str(p.seat): p.score for p in result.players},
                  "solo": result.solo},
    }


def main() -> None:
    """Regenerate every fixture log."""
    FIXTURES.mkdir(exist_ok=True)
    for name, (options, seed) in CASES.items():
        (FIXTURES / f"{name}.json").write_text(json.dumps(play(options, seed), indent=1) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
