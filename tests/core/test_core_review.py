"""The post-game review (engine.core.review): one step ahead over the legal moves, the three
largest losses, the mean loss; a seat's view and a spectator's."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from engine.core import CHANCE, get_game
from engine.core.review import KEY_MOMENTS, option_chances, review_game
from engine.core.winprob import win_probabilities

FIXTURES = Path(__file__).parents[1] / "fixtures"


def _log(name: str) -> dict:
    return json.loads((FIXTURES / name).read_text(encoding="utf-8"))


@pytest.mark.parametrize("fixture", ["nippon-2p.json", "zaibatsu-2p.json"])
def test_the_key_moments_are_the_largest_losses_against_the_best_move(fixture: str) -> None:
    log = _log(fixture)
    game = get_game(log["game"])
    review = review_game(game, log["options"], log["seed"], log["moves"], 0)
    assert review.seat == 0 and review.viewer == 0 and review.decisions > 10
    assert 1 <= len(review.moments) <= KEY_MOMENTS
    assert [m.step for m in review.moments] == sorted(m.step for m in review.moments)
    for m in review.moments:
        assert m.best.chance - m.chosen.chance == pytest.approx(m.loss) and m.loss > 0
        assert m.best.action != m.chosen.action
    # Recomputed by hand at the first moment: the same chances one step ahead.
    first = review.moments[0]
    state = game.setup(log["options"], log["seed"])
    for move in log["moves"][:first.step]:
        state, _ = game.apply(state, game.parse_action(state, move))
    assert game.decision(state).seat == 0
    rated = option_chances(game, state, 0, 0, first.step, must=first.chosen.action)
    assert rated[0].chance == pytest.approx(first.best.chance)
    chosen = next(r for r in rated if r.action == first.chosen.action)
    after, _ = game.apply(state, first.chosen.action)
    assert chosen.chance == pytest.approx(win_probabilities(game, after, 0, first.step)[0])
    # The mean loss is at most the largest; every moment's loss is at least the mean.
    assert 0 < review.mean_loss <= max(m.loss for m in review.moments)


def test_a_spectator_review_and_the_budget() -> None:
    log = _log("yokohama-2p.json")
    game = get_game(log["game"])
    spectator = review_game(game, log["options"], log["seed"], log["moves"], 1, viewer=None)
    assert spectator.viewer is None and spectator.decisions > 0
    cut = review_game(game, log["options"], log["seed"], log["moves"], 1, budget=0.0)
    assert cut.decisions == 0 and cut.moments == () and cut.mean_loss == 0.0


def test_option_chances_rate_at_most_the_limit_and_keep_the_chosen_move() -> None:
    log = _log("zaibatsu-2p.json")
    game = get_game(log["game"])
    state = game.setup(log["options"], log["seed"])
    for move in log["moves"]:
        decision = game.decision(state)
        if decision.seat not in (None, CHANCE) and len(game.legal_actions(state)) > 6:
            break
        state, _ = game.apply(state, game.parse_action(state, move))
    legal = game.legal_actions(state)
    seat = game.decision(state).seat
    rated = option_chances(game, state, seat, seat, 0, limit=4, must=legal[-1])
    assert len(rated) == 4 and legal[-1] in [r.action for r in rated]
    assert [r.chance for r in rated] == sorted((r.chance for r in rated), reverse=True)


def test_a_budget_cut_keeps_decisions_from_the_whole_game() -> None:
    from engine.core.review import spread_order

    assert spread_order(8) == [0, 4, 2, 6, 1, 5, 3, 7]
    assert sorted(spread_order(13)) == list(range(13))
    # The first quarter of the order already reaches into the last quarter of the range.
    assert max(spread_order(100)[:25]) >= 75
