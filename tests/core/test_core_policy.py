"""RandomPolicy, the registry and the Game protocol."""

from __future__ import annotations

from collections import Counter

import pytest
from fakegame import GAME

from engine.core import Action, Game, Policy, RandomPolicy, game_names, get_game, register

LEGAL = [Action("move", (n,)) for n in range(1, 5)] + [Action("convert"), Action("bank")]


def test_random_policy_is_deterministic_per_seed() -> None:
    p1, p2 = RandomPolicy(7), RandomPolicy(7)
    assert [p1.choose({}, LEGAL) for _ in range(50)] == [p2.choose({}, LEGAL) for _ in range(50)]


def test_random_policy_only_picks_legal_actions_and_covers_them() -> None:
    policy = RandomPolicy(1)
    picks = Counter(policy.choose({}, LEGAL) for _ in range(3000))
    assert set(picks) == set(LEGAL)
    assert all(350 < c < 650 for c in picks.values()), picks


def test_random_policy_weights_by_kind() -> None:
    policy = RandomPolicy(2, weights={"convert": 0.05})
    picks = Counter(policy.choose({}, LEGAL).kind for _ in range(6000))
    # convert has weight 0.05 against 5 actions of weight 1: about 1 %
    assert 0 < picks["convert"] < 150
    assert picks["move"] > 4000


def test_random_policy_with_one_choice() -> None:
    assert RandomPolicy(3, weights={"bank": 0.5}).choose({}, [Action("bank")]) == Action("bank")


def test_random_policy_satisfies_policy_protocol() -> None:
    policy: Policy = RandomPolicy()
    assert policy.choose({}, LEGAL) in LEGAL


def test_fake_game_satisfies_the_game_protocol() -> None:
    assert isinstance(GAME, Game)


def test_registry() -> None:
    register(GAME)
    assert get_game("dicerace") is GAME
    assert "dicerace" in game_names()
    with pytest.raises(KeyError, match="unknown game 'nope'.*dicerace"):
        get_game("nope")
