"""The fast evaluation of Nippon positions (engine/nippon/bot.py) gives exactly what the evaluation
before issue 25 gave (tests/nippon/reference_evaluation.py): the same score and the same reasons,
float for float, for every seat of 30 seeded positions per player count (random games, every phase:
set-up draws, actions under way, consolidations, final turns, the end), and ``evaluate_all`` gives
every seat's score at once.
"""

from __future__ import annotations

import random

import pytest

from engine.core import CHANCE, sample_chance
from engine.nippon import GAME
from engine.nippon.bot import evaluate, evaluate_all
from engine.nippon.state import NState

from .reference_evaluation import evaluate as reference


def _positions(players: int, count: int) -> list[NState]:
    """``count`` positions of seeded random games, spread over whole games (and their last one)."""
    out: list[NState] = []
    seed = 100 * players
    while len(out) < count:
        state = GAME.setup({"players": players}, seed)
        rng = random.Random(seed)
        ply = 0
        while GAME.decision(state).seat is not None:
            d = GAME.decision(state)
            action = sample_chance(GAME, state, seed, ply) if d.seat == CHANCE else rng.choice(GAME.legal_actions(state))
            if rng.random() < 0.04:
                out.append(GAME.copy_state(state))
            GAME.apply_quiet(state, action)
            ply += 1
        out.append(state)
        seed += 1
    return out[:count - 1] + [out[-1]]


@pytest.fixture(scope="module", params=[2, 3, 4])
def positions(request: pytest.FixtureRequest) -> list[NState]:
    return _positions(request.param, 30)


def test_the_fast_evaluation_equals_the_reference(positions: list[NState]) -> None:
    kinds = set()
    for state in positions:
        kinds.add(GAME.decision(state).kind)
        for seat in range(len(state.players)):
            fast, slow = evaluate(state, seat), reference(state, seat)
            assert fast.score == slow.score, (seat, fast.score, slow.score)
            assert fast.reasons == slow.reasons, seat
            assert [type(r.value) for r in fast.reasons] == [type(r.value) for r in slow.reasons]
    assert positions[-1].over and len(kinds) >= 3


def test_evaluate_all_gives_every_seats_score(positions: list[NState]) -> None:
    for state in positions:
        assert evaluate_all(state) == GAME.evaluate_all(state) == [reference(state, s).score for s in range(len(state.players))]


def test_the_fast_evaluation_equals_the_reference_in_consolidations() -> None:
    """Positions inside a consolidation (a reward to choose or place) and with an action or free
    pieces under way, from whole games: the rarer branches of the workers and pending parts."""
    found = {"reward": 0, "place": 0, "act": 0, "free": 0}
    pick = random.Random(0)
    # Seeds 5 (2 players) and 4 (4 players) have free pieces of a factory bonus to place.
    for players, seed in [(2, 0), (2, 5), (3, 0), (3, 1), (4, 0), (4, 4)]:
        state = GAME.setup({"players": players}, seed)
        rng = random.Random(seed)
        ply = 0
        while GAME.decision(state).seat is not None:
            top = state.stack[-1]
            if top["k"] in found and found[top["k"]] < 30 * (players - 1) and pick.random() < 0.5:
                found[top["k"]] += 1
                for seat in range(players):
                    assert evaluate(state, seat) == reference(state, seat), (players, seed, ply, seat)
                assert evaluate_all(state) == [reference(state, s).score for s in range(players)]
            d = GAME.decision(state)
            choices = GAME.legal_actions(state)
            GAME.apply_quiet(state, sample_chance(GAME, state, seed, ply) if d.seat == CHANCE
                             else rng.choice(choices))
            ply += 1
    assert all(found.values()), found
