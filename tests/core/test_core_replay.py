"""Replay: the move log alone rebuilds the exact state, without an RNG."""

from __future__ import annotations

import pytest
from fakegame import GAME
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.core import CHANCE, Action, IllegalAction, RandomPolicy, replay, sample_chance


def _random_game(seed: int, players: int = 2, limit: int = 400) -> tuple[list[Action], object]:
    state = GAME.setup({"players": players}, seed)
    policy = RandomPolicy(seed)
    actions: list[Action] = []
    while GAME.decision(state).seat is not None and len(actions) < limit:
        decision = GAME.decision(state)
        if decision.seat == CHANCE:
            action = sample_chance(GAME, state, seed, len(actions) + 1)
        else:
            action = policy.choose(GAME.view(state, decision.seat), GAME.legal_actions(state))
        state, _ = GAME.apply(state, action)
        actions.append(action)
    return actions, state


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**40), players=st.integers(1, 4))
def test_replay_of_notation_rebuilds_the_state(seed: int, players: int) -> None:
    actions, final = _random_game(seed, players)
    state = GAME.setup({"players": players}, seed)
    notations = []
    for action in actions:
        notation = GAME.format_action(state, action)
        assert GAME.parse_action(state, notation) == action  # parse(format(a)) == a
        notations.append(notation)
        state, _ = GAME.apply(state, action)
    assert GAME.to_json(replay(GAME, {"players": players}, seed, notations)) == GAME.to_json(final)
    assert GAME.to_json(replay(GAME, {"players": players}, seed, actions)) == GAME.to_json(final)


def test_replay_needs_no_rng() -> None:
    """The seed given to replay does not matter: chance outcomes come from the log."""
    actions, final = _random_game(17)
    assert GAME.to_json(replay(GAME, {"players": 2}, 999_999, actions)) == GAME.to_json(final)


def test_replay_mixes_actions_and_notation() -> None:
    moves = [Action("first", (1,)), "roll 4", Action("move", (2,)), "bank"]
    state = replay(GAME, {"players": 2}, 0, moves)
    assert state.scores == (0, 2) and state.phase == "roll"


def test_replay_names_the_failing_move() -> None:
    with pytest.raises(IllegalAction, match=r"move 3 \(move 5\): You have only 2 pip"):
        replay(GAME, {"players": 2}, 0, ["first 1", "roll 2", "move 5"])
    with pytest.raises(IllegalAction, match=r"move 1 \(fly\)"):
        replay(GAME, {"players": 2}, 0, ["fly"])


def test_illegal_apply_leaves_state_unchanged() -> None:
    state = replay(GAME, {"players": 2}, 0, ["first 1", "roll 2"])
    before = GAME.to_json(state)
    with pytest.raises(IllegalAction):
        GAME.apply(state, Action("move", (6,)))
    assert GAME.to_json(state) == before


def test_json_round_trip_and_validation() -> None:
    _, final = _random_game(5)
    text = GAME.to_json(final)
    assert GAME.to_json(GAME.from_json(text)) == text
    with pytest.raises(ValueError):
        GAME.from_json('{"players": 2}')
