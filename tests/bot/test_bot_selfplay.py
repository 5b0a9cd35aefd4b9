"""Random selfplay driver."""

from __future__ import annotations

import pytest
from fakegame import GAME, DiceRace

from bot.selfplay import play_one, policy_weights, run_selfplay
from engine.core import Action


def test_selfplay_is_deterministic_per_seed() -> None:
    a = run_selfplay("dicerace", players=3, games=5, seed=10)
    b = run_selfplay("dicerace", players=3, games=5, seed=10)
    assert [(r.moves, r.scores) for r in a.records] == [(r.moves, r.scores) for r in b.records]
    assert not a.errors and len(a.finished) == 5
    assert a.mean_moves > 0 and len(a.mean_scores()) == 3
    assert [r.seed for r in a.records] == [10, 11, 12, 13, 14]


def test_scores_are_by_seat() -> None:
    record = play_one(GAME, {"players": 2}, 3)
    assert record.error is None and len(record.scores) == 2 and max(record.scores) >= 20


def test_move_limit_is_an_error() -> None:
    record = play_one(GAME, {"players": 2}, 3, max_moves=5)
    assert record.error is not None and "no end after 5 moves" in record.error


def test_engine_exceptions_are_findings() -> None:
    class Crashy(DiceRace):
        def apply(self, state, action):  # noqa: ANN001, ANN201
            if action.kind == "bank" and state.pending > 3:
                raise KeyError("missing table")
            return super().apply(state, action)

    record = play_one(Crashy(), {"players": 2}, 1)
    assert record.error is not None and "KeyError" in record.error and "(bank)" in record.error


def test_notation_round_trip_is_checked() -> None:
    class Sloppy(DiceRace):
        def parse_action(self, state, text):  # noqa: ANN001, ANN201
            action = super().parse_action(state, text)
            return Action("move", (1,)) if action.kind == "move" else action

    record = play_one(Sloppy(), {"players": 2}, 2)
    assert record.error is not None and "parses to" in record.error


def test_replay_mismatch_is_checked() -> None:
    class Leaky(DiceRace):
        """Setup depends on how often it was called: a replay can't rebuild the game."""

        calls = 0

        def setup(self, options, seed):  # noqa: ANN001, ANN201
            self.calls += 1
            return super().setup({**options, "target": 20 + self.calls}, seed)

    record = play_one(Leaky(), {"players": 2}, 4)
    assert record.error is not None and "replaying the log does not rebuild" in record.error


def test_missing_result_is_an_error() -> None:
    class NoResult(DiceRace):
        def result(self, state):  # noqa: ANN001, ANN201
            return None

    record = play_one(NoResult(), {"players": 2}, 1)
    assert record.error is not None and "result() is None" in record.error


def test_invalid_options_fail_once() -> None:
    with pytest.raises(ValueError):
        run_selfplay("dicerace", players=8, games=3)
    with pytest.raises(KeyError):
        run_selfplay("no-such-game")


def test_report_lines_and_progress() -> None:
    seen: list[int] = []
    report = run_selfplay("dicerace", solo=True, games=3, progress=lambda i, r: seen.append(i))
    assert seen == [0, 1, 2]
    lines = report.lines()
    assert lines[0] == "selfplay dicerace: 3 games, 1 player(s)"
    assert any(line.startswith("solo wins: ") for line in lines)


def test_policy_weights_come_from_the_game() -> None:
    from engine.core import get_game

    assert policy_weights(get_game("zaibatsu")) == {"convert": 0.05}  # silk conversions made rare
    assert policy_weights(get_game("dicerace")) == {}  # a game without weights: uniform
