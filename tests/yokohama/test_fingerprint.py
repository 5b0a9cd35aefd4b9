"""Speed work must not change the game: a fingerprint of random games stays what it was.

The hash covers, at every move of seeded random games (2–4 players, with and without the
mini-expansions, both rules revisions): the pending decision (seat, kind, prompt), the legal
actions in order, the chance outcomes, the action taken, every event (kind, seat, text, message id
and data) and the state file every 50 moves and at the end. The expected hashes were recorded on
the engine before its speed work (issue 25); a change of any rule, list order or text shows here.
"""

from __future__ import annotations

import hashlib
import random
from typing import Any

import pytest

from engine.core import CHANCE, sample_chance
from engine.yokohama import GAME


def _configs(n: int) -> list[tuple[dict[str, Any], int]]:
    """``n`` game set-ups ``(options, seed)``, cycling player counts, modules and revisions."""
    modules = ([], ["achievement_rewards"], ["free_agents"], ["achievement_rewards", "free_agents"])
    out = []
    for i in range(n):
        options: dict[str, Any] = {"players": (2, 3, 4)[i % 3], "modules": modules[i % 4]}
        if i % 5 == 4:
            options["rules_revision"] = 1
        out.append((options, 1000 + i))
    return out


def fingerprint(games: list[tuple[dict[str, Any], int]]) -> str:
    """The sha256 of everything the games show (see the module docstring)."""
    h = hashlib.sha256()
    for options, seed in games:
        state = GAME.setup(options, seed)
        rng = random.Random(seed)
        ply = 0
        while True:
            d = GAME.decision(state)
            h.update(repr((d.seat, d.kind, str(d.prompt))).encode())
            if d.seat is None:
                break
            legal = GAME.legal_actions(state)
            h.update(repr(legal).encode())
            if d.seat == CHANCE:
                h.update(repr(GAME.chance_outcomes(state)).encode())
                action = sample_chance(GAME, state, seed, ply)
            else:
                action = rng.choice(legal)
            h.update(repr(action).encode())
            for e in GAME.apply_unchecked(state, action):
                h.update(repr((e.kind, e.seat, str(e.text), getattr(e.text, "msgid", None), e.data)).encode())
            ply += 1
            if ply % 50 == 0:
                h.update(GAME.to_json(state).encode())
        h.update(GAME.to_json(state).encode())
        h.update(repr(GAME.result(state)).encode())
    return h.hexdigest()


#: Recorded on the engine before the speed work; re-recorded when the additional-action prompts named
#: the main action and the end of the turn in words (a text change, no rule change).
QUICK = "742265204ac093b45b541c092ff91ad7a1d4e8f4e8946e0eda1321919f754fef"
FULL = "412577ea31ed3842cc9bb1913b06566c74b925e2e3bc0f5d40626042c9778b4c"


def test_fingerprint_of_a_few_games_is_unchanged() -> None:
    assert fingerprint([({"players": 2}, 7), ({"players": 3, "modules": ["free_agents"]}, 8)]) == QUICK


@pytest.mark.slow
def test_fingerprint_of_thirty_games_is_unchanged() -> None:
    assert fingerprint(_configs(30)) == FULL
