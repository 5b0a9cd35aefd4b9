"""Regenerate tests/fixtures/yokohama-*.json, the move logs test_fixture_logs.py replays.

Run by hand after an intended rules or data change (``python -m tests.yokohama.make_fixture_logs``)
and say so in the change: the logs exist to notice changes that alter old games.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

from engine.core import CHANCE, RandomPolicy, sample_chance
from engine.yokohama import GAME

FIXTURE_DIR = Path(__file__).resolve().parents[1] / "fixtures"
#: Fixture name -> (player count, modules, seed).
GAMES: dict[str, tuple[int, tuple[str, ...], int]] = {
    "yokohama-2p": (2, (), 301),
    "yokohama-3p": (3, (), 302),
    "yokohama-4p": (4, (), 303),
    "yokohama-modules-3p": (3, ("achievement_rewards", "free_agents"), 304),
}
#: A random game takes a few thousand plies; the bound only stops a hang.
PLY_LIMIT = 20_000


def options_of(players: int, modules: tuple[str, ...]) -> dict[str, Any]:
    """The table options of a fixture, with the rules revision pinned as a table stores it."""
    return {"players": players, "modules": list(modules), "rules_revision": GAME.rules_revision}


def random_game(players: int, modules: tuple[str, ...], seed: int) -> tuple[Any, list[str]]:
    """One whole game: chance from the table seed (as the host samples it), players with the
    selfplay policy (``RandomPolicy`` with the game's weights). Returns ``(final state, log)``."""
    state = GAME.setup(options_of(players, modules), seed)
    policy = RandomPolicy(seed, GAME.selfplay_weights)
    log: list[str] = []
    while (seat := GAME.decision(state).seat) is not None:
        ply = len(log) + 1
        assert ply < PLY_LIMIT, f"seed {seed}: still running after {PLY_LIMIT} plies"
        if seat == CHANCE:
            action = sample_chance(GAME, state, seed, ply)
        else:
            action = policy.choose({"seat": seat}, GAME.legal_actions(state))
        log.append(GAME.format_action(state, action))
        state, _ = GAME.apply(state, action)
    return state, log


def state_digest(state: object) -> str:
    """The SHA-256 of a state file: equal digests mean equal states."""
    return hashlib.sha256(GAME.to_json(state).encode()).hexdigest()


def record(players: int, modules: tuple[str, ...], seed: int) -> dict[str, Any]:
    """One finished random game as a fixture record (the host's export format plus the outcome)."""
    state, moves = random_game(players, modules, seed)
    ranking = GAME.result(state)
    assert ranking is not None
    outcome = {"digest": state_digest(state), "scores": {str(r.seat): r.score for r in ranking.players}}
    return {"game": GAME.name, "engine_version": GAME.version, "options": options_of(players, modules),
            "seed": seed, "moves": moves, "final": outcome}


if __name__ == "__main__":
    FIXTURE_DIR.mkdir(exist_ok=True)
    for fixture, (players, modules, seed) in GAMES.items():
        text = json.dumps(record(players, modules, seed), indent=1) + "\n"
        (FIXTURE_DIR / f"{fixture}.json").write_text(text, encoding="utf-8")
