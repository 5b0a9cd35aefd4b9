"""The engine's fast existence checks agree with the full enumeration they shortcut."""

import random

from engine.core import CHANCE, sample_chance
from engine.zaibatsu import GAME, rules
from engine.zaibatsu.data import ACTIONS


def test_can_activate_matches_activations_over_random_games() -> None:
    checked = 0
    for seed, players in ((1, 2), (2, 3), (3, 4), (4, 1)):
        opts = {"players": players} if players > 1 else {"players": 1, "difficulty": "hard"}
        state = GAME.setup(opts, seed)
        rng = random.Random(seed)
        ply = 0
        while GAME.decision(state).seat is not None:
            d = GAME.decision(state)
            if d.seat == CHANCE:
                action = sample_chance(GAME, state, seed, ply)
            else:
                frame = rules.top(state)
                p = state.players[d.seat]
                if frame["k"] == "turn":
                    for act in ACTIONS:
                        probe = rules.new_act_frame(p.seat, act, "")
                        fast = rules.can_activate(state, p, probe, extra_workers=1)
                        assert fast == bool(rules.activations(state, p, probe, extra_workers=1)), (seed, ply, act)
                        checked += 1
                elif frame["k"] == "act":
                    assert rules.can_activate(state, p, frame) == bool(rules.activations(state, p, frame))
                    checked += 1
                action = rng.choice(GAME.legal_actions(state))
            GAME.apply_unchecked(state, action)
            ply += 1
    assert checked > 1000
