"""The story of a finished game (engine.core.story): chances, turning points, public only."""

from __future__ import annotations

import random
from functools import cache
from typing import Any

import pytest

from engine.core import CHANCE, builtin_game_names, get_game, sample_chance
from engine.core.bots import bot_view, make_policy
from engine.core.story import (
    TURNING_POINTS,
    _evaluations,
    final_chances,
    game_story,
    has_story,
    temperature_k,
    win_chances,
)
from engine.core.winprob import win_probabilities


@cache
def finished(name: str, players: int, seed: int) -> tuple[dict[str, Any], int, tuple[Any, ...]]:
    """A finished greedy game: ``(options, seed, moves)``."""
    game = get_game(name)
    options = {"players": players}
    state = game.setup(options, seed)
    policies = [make_policy(game, "greedy", s, width=2) for s in range(players)]
    moves = []
    for ply in range(1, 6000):
        seat = game.decision(state).seat
        if seat is None:
            return options, seed, tuple(moves)
        if seat == CHANCE:
            action = sample_chance(game, state, seed, ply)
        else:
            action = policies[seat].choose(bot_view(game, state, seat, seed + ply), game.legal_actions(state))
        moves.append(action)
        state, _ = game.apply(state, action)
    raise AssertionError("the game did not end")


def test_win_chances_are_a_distribution_that_favours_the_leader() -> None:
    p = win_chances([10.0, 4.0, 4.0], 3.0)
    assert sum(p) == pytest.approx(1.0)
    assert p[0] > p[1] == pytest.approx(p[2])
    # A colder temperature is more certain.
    assert win_chances([10.0, 4.0, 4.0], 1.0)[0] > p[0]


def test_final_chances_share_a_tied_first_place() -> None:
    assert final_chances([1, 2, 1]) == (0.5, 0.0, 0.5)
    assert final_chances([2, 1]) == (0.0, 1.0)


def test_every_game_tells_a_story_with_a_fitted_temperature() -> None:
    for name in builtin_game_names():
        assert has_story(get_game(name))
        assert 0 < temperature_k(name) <= 3


@pytest.mark.parametrize("name", ["nippon", "zaibatsu"])
def test_a_story_follows_the_game_to_its_result(name: str) -> None:
    game = get_game(name)
    options, seed, moves = finished(name, 2, 3)
    story = game_story(game, options, seed, moves, chance_of=win_probabilities)
    points = story.points
    assert points[0].turn == 0 and points[0].seat is None
    assert points[-1].last == len(moves) - 1
    # Turns cover the log without gaps, in order.
    for before, after in zip(points[1:], points[2:], strict=False):
        assert after.first == before.last + 1
    for p in points:
        assert sum(p.chances) == pytest.approx(1.0)
        assert len(p.scores) == story.seats == 2
    result = game.result(__import__("engine.core", fromlist=["replay"]).replay(game, options, seed, moves))
    ranks = {line.seat: line.rank for line in result.players}
    assert points[-1].chances == final_chances([ranks[0], ranks[1]])
    assert list(points[-1].scores) == [next(line.score for line in result.players if line.seat == s) for s in (0, 1)]
    # Up to three turning points, in the order played, at least one orbit apart, never the set-up
    # or the final scoring, each a real swing.
    assert 1 <= len(story.turning) <= TURNING_POINTS
    assert list(story.turning) == sorted(story.turning)
    assert all(0 < i < len(points) - 1 for i in story.turning)
    assert all(b - a >= 2 for a, b in zip(story.turning, story.turning[1:], strict=False))
    assert all(story.swing(i) > 0 for i in story.turning)
    # The biggest swing outside the first orbit is among them.
    biggest = max(range(3, len(points) - 1), key=story.swing)
    assert any(abs(biggest - i) < max(2, len(points) // 15) for i in story.turning)


def test_a_story_needs_a_finished_game() -> None:
    game = get_game("nippon")
    options, seed, moves = finished("nippon", 2, 3)
    with pytest.raises(ValueError, match="not over"):
        game_story(game, options, seed, moves[: len(moves) // 2], chance_of=win_probabilities)


def test_hidden_cards_never_change_the_chances() -> None:
    """Two positions a spectator cannot tell apart (Yokohama's hands re-dealt) get the same
    evaluations: the story is a function of the public record."""
    game = get_game("yokohama")
    state = game.setup({"players": 3}, 11)
    rng = random.Random(5)
    for ply in range(1, 120):
        seat = game.decision(state).seat
        if seat is None:
            break
        action = sample_chance(game, state, 11, ply) if seat == CHANCE else rng.choice(game.legal_actions(state))
        state, _ = game.apply(state, action)
    other = game.sample_hidden(state, None, random.Random(99))
    assert game.view(other, None) == game.view(state, None)
    assert _evaluations(game, other, 3, 120) == _evaluations(game, state, 3, 120)
