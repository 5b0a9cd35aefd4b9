"""A whole-game fingerprint of Nippon: Zaibatsu: one hash of everything a run of seeded random games
produces, so that a change meant to make the engine faster can be shown to change nothing else.

Per move the hash takes the decision (seat, kind, prompt), the legal actions in order (for a chance
decision: the weighted outcomes), the action chosen (a chance outcome from ``sample_chance``, else
a uniform random choice), and after it the events (kind, seat, text, message id, data) and the
state as JSON. The *quiet* fingerprint plays the same games through ``apply_quiet`` (no events), the
*events* fingerprint through ``apply_unchecked``; ``checked`` also applies every move through the
checked, copying ``apply`` and hashes its events and state too.

Run as a script to print the fingerprints of :data:`CONFIGS` for a range of seeds:
``python -m tests.zaibatsu.fingerprint 0 20``.
"""

from __future__ import annotations

import hashlib
import json
import random
import sys
from typing import Any

from engine.core import CHANCE, sample_chance
from engine.zaibatsu import GAME

#: Table options covering every player count, the first game, both modules and solo difficulties.
CONFIGS: list[dict[str, Any]] = [
    {"players": 4},
    {"players": 3},
    {"players": 2},
    {"players": 3, "first_game": True},
    {"players": 4, "modules": ["common_goals"]},
    {"players": 3, "modules": ["modern_factories"]},
    {"players": 2, "modules": ["modern_factories", "common_goals"]},
    {"players": 1, "difficulty": "hard"},
    {"players": 1, "difficulty": "easy"},
]


def _event_text(event: Any) -> str:
    """An event as stable text (its message id and arguments included when it has them)."""
    msgid = getattr(event.text, "msgid", None)
    return repr((event.kind, event.seat, str(event.text), msgid,
                 json.dumps(event.data, sort_keys=True, default=repr)))


def game_fingerprint(options: dict[str, Any], seed: int, mode: str = "events") -> str:
    """The hex fingerprint of one seeded random game; ``mode`` is ``quiet``, ``events`` or ``checked``."""
    h = hashlib.blake2b(digest_size=16)
    state = GAME.setup(options, seed)
    checked = GAME.copy_state(state) if mode == "checked" else None
    h.update(GAME.to_json(state).encode())
    rng = random.Random(seed)
    ply = 0
    while True:
        d = GAME.decision(state)
        h.update(repr((d.seat, d.kind, str(d.prompt))).encode())
        if d.seat is None:
            break
        if d.seat == CHANCE:
            h.update(repr([(o.action, o.weight) for o in GAME.chance_outcomes(state)]).encode())
            action = sample_chance(GAME, state, seed, ply)
        else:
            legal = GAME.legal_actions(state)
            h.update(repr(legal).encode())
            action = rng.choice(legal)
        h.update(repr(action).encode())
        if mode == "quiet":
            GAME.apply_quiet(state, action)
        else:
            for event in GAME.apply_unchecked(state, action):
                h.update(_event_text(event).encode())
        if checked is not None:
            checked, events = GAME.apply(checked, action)
            for event in events:
                h.update(_event_text(event).encode())
            h.update(GAME.to_json(checked).encode())
        h.update(GAME.to_json(state).encode())
        ply += 1
    h.update(repr(GAME.result(state)).encode())
    return h.hexdigest()


def fingerprint(seeds: range, mode: str = "events") -> str:
    """One hex fingerprint of every game of every :data:`CONFIGS` entry for ``seeds``."""
    h = hashlib.blake2b(digest_size=16)
    for options in CONFIGS:
        for seed in seeds:
            h.update(game_fingerprint(options, seed, mode).encode())
    return h.hexdigest()


if __name__ == "__main__":
    lo, hi = (int(x) for x in sys.argv[1:3])
    for m in ("quiet", "events"):
        print(m, fingerprint(range(lo, hi), m))
