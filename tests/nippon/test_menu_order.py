"""Nippon's menu order (issue 32): at a Local market space, a placement that pays more goods for no
more influence is offered after the better ones (``market M1 W 2 1`` after ``market M1 W 1 1`` and
``market M1 W 2 2``); the offered options are the legal ones, and ``legal_actions`` keeps its order."""

from __future__ import annotations

import random

from engine.core import CHANCE, sample_chance
from engine.core.hidden import offered
from engine.nippon import GAME


def _market_decision():
    """The first decision of a seeded random 3-player game that offers several placements on one space."""
    state = GAME.setup({"players": 3}, 1)
    rng = random.Random(1)
    for ply in range(2000):
        d = GAME.decision(state)
        legal = GAME.legal_actions(state)
        if d.seat != CHANCE and sum(1 for a in legal if a.kind == "market" and a.args[:2] == ("M1", "W")) >= 3:
            return state
        action = sample_chance(GAME, state, 1, ply) if d.seat == CHANCE else rng.choice(legal)
        state, _events = GAME.apply(state, action)
    raise AssertionError("no market decision in the seeded game")


def test_a_dominated_market_placement_is_offered_after_the_better_ones() -> None:
    state = _market_decision()
    legal = [GAME.format_action(state, a) for a in GAME.legal_actions(state)]
    shown = [GAME.format_action(state, a) for a in offered(GAME, state)[0]]
    assert sorted(shown) == sorted(legal)
    assert legal.index("market M1 W 2 1") < legal.index("market M1 W 2 2")  # the rules' order is kept
    assert shown.index("market M1 W 1 1") < shown.index("market M1 W 2 1")
    assert shown.index("market M1 W 2 2") < shown.index("market M1 W 2 1")
    # The labels say why: the same influence for more goods, or less influence for the same goods.
    labels = {GAME.format_action(state, a): str(GAME.describe(state, a)) for a in GAME.legal_actions(state)}
    assert "→ influence 1" in labels["market M1 W 2 1"] and "→ influence 2" in labels["market M1 W 2 2"]
