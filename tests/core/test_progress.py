"""Every bot game ends (issue 34): the bots' repetition guard and the position keys it compares
(engine.core.progress), on a position double and on the built-in games."""

from __future__ import annotations

import random
import sys
from pathlib import Path
from typing import Any

import pytest

from engine.core import CHANCE, get_game, sample_chance
from engine.core.bots import bot_view, make_policy
from engine.core.progress import RepetitionGuard, position_key, progress_marks

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))

from no_stall_sweep import play  # noqa: E402

from engine.core.capabilities import Progress


class PositionsFake:
    """The two hooks the guard reads, on positions that are plain dicts: ``position_key`` is the
    position without its ``turn`` counter, ``progress_marks`` its ``score``."""

    name = "positionsfake"
    capabilities = (Progress,)  # the guard reads the Progress capability through the registry

    def position_key(self, state: dict[str, Any], seat: int | None) -> dict[str, Any]:
        """The position without whose turn it is."""
        return {k: v for k, v in state.items() if k != "turn"}

    def progress_marks(self, state: dict[str, Any]) -> Any:
        """The score alone."""
        return state["score"]


def test_a_turn_that_changes_nothing_loses_to_the_best_one_that_does() -> None:
    guard = RepetitionGuard(PositionsFake())
    here = {"turn": 1, "score": 0, "gold": 3}
    guard.note(here, 0)
    ranked = [("nothing", {"turn": 2, "score": 0, "gold": 3}), ("mine", {"turn": 2, "score": 0, "gold": 4}),
              ("build", {"turn": 2, "score": 1, "gold": 1})]
    assert guard.pick(here, 0, ranked, lambda c: c[1])[0] == "mine"
    # Where every candidate repeats, the best as ranked is played.
    assert guard.pick(here, 0, ranked[:1], lambda c: c[1])[0] == "nothing"
    # A position the bot decided at before also counts as a repetition.
    guard.note({"turn": 5, "score": 0, "gold": 4}, 0)
    assert guard.pick(here, 0, ranked, lambda c: c[1])[0] == "build"


def test_after_turns_without_progress_the_bot_plays_the_best_move_that_makes_some() -> None:
    guard = RepetitionGuard(PositionsFake(), patience=2)  # (bots: PATIENCE turns)
    ranked = [("mine", None), ("build", {"turn": 9, "score": 2, "gold": 0})]
    ends = {"mine": lambda gold: {"turn": 9, "score": 0, "gold": gold + 1}}
    picks = []
    for turn in range(4):  # the gold grows every turn: no position repeats, but the score never moves
        here = {"turn": turn, "score": 0, "gold": turn}
        options = [("mine", ends["mine"](turn)), ranked[1]]
        guard.note(here, 0, turn_start=True)
        picks.append(guard.pick(here, 0, options, lambda c: c[1])[0])
    assert picks == ["mine", "mine", "build", "build"]
    assert guard.stalled()


def test_a_long_stall_that_no_turn_ends_is_left_by_playing_the_candidates_in_turn() -> None:
    # Income turn after turn (the gold grows, the score never moves), and no candidate changes the
    # score within the turn: the best ("mine") until the stall has lasted explore_after turns, then
    # each new candidate in turn, so a plan that pays off a turn later gets played.
    guard = RepetitionGuard(PositionsFake(), patience=2, explore_after=4)
    picks = []
    for turn in range(9):
        here = {"turn": turn, "score": 0, "gold": turn}
        options = [(name, {"turn": turn + 1, "score": 0, "gold": turn + 1, "plan": name})
                   for name in ("mine", "hire", "move")]
        guard.note(here, 0, turn_start=True)
        picks.append(guard.pick(here, 0, options, lambda c: c[1])[0])
    assert picks == ["mine"] * 5 + ["hire", "move", "mine", "hire"]
    # A candidate that changes the score is still played first; without a stall nothing changes.
    ranked = [("mine", {"turn": 20, "score": 0, "gold": 30}), ("build", {"turn": 20, "score": 1, "gold": 0})]
    assert guard.pick({"turn": 19, "score": 0, "gold": 29}, 0, ranked, lambda c: c[1])[0] == "build"
    fresh = RepetitionGuard(PositionsFake(), explore_after=1)
    fresh.note({"turn": 0, "score": 0, "gold": 0}, 0, turn_start=True)
    assert fresh.pick({"turn": 0, "score": 0, "gold": 0}, 0, ranked[:1] * 2, lambda c: c[1])[0] == "mine"


def _yokohama_first_turn() -> tuple[Any, Any, int]:
    """A 2-player Yokohama game at the first decision of a player's first turn (president in hand)."""
    game = get_game("yokohama")
    state = game.setup({"players": 2}, 3)
    policy = make_policy(game, "medium", 1, time_limit=None)
    for ply in range(200):
        d = game.decision(state)
        if d.seat == CHANCE:
            state, _ = game.apply(state, sample_chance(game, state, 3, ply))
            continue
        if d.kind == "turn":
            return game, state, int(d.seat)
        state, _ = game.apply(state, policy.choose(bot_view(game, state, d.seat, ply), game.legal_actions(state)))
    raise AssertionError("no turn reached")


def test_yokohama_an_empty_turn_leads_back_to_the_key_it_started_from() -> None:
    game, state, seat = _yokohama_first_turn()
    start = position_key(game, state, seat)
    marks = progress_marks(game, state)
    # The turn seed 5's blue bot played for ever: no assistant placed, the president (already in
    # the hand) "returned" to the hand, nothing recalled.
    after = state
    for text in ("main", "skip", "home", "done", "end"):
        if game.decision(after).seat != seat:
            break
        after, _ = game.apply(after, game.parse_action(after, text))
    assert game.decision(after).seat != seat
    assert position_key(game, after, seat) == start
    assert progress_marks(game, after) == marks
    # The medium bot's turn from here goes somewhere else.
    policy = make_policy(game, "medium", 2, time_limit=None)
    played = state
    while game.decision(played).seat == seat:
        action = policy.choose(bot_view(game, played, seat, 9), game.legal_actions(played))
        played, _ = game.apply(played, action)
    assert position_key(game, played, seat) != start


def test_the_key_reads_only_what_the_seat_sees() -> None:
    game, state, seat = _yokohama_first_turn()
    other = 1 - seat
    keys = {position_key(game, game.sample_hidden(state, seat, random.Random(r)), seat) for r in range(6)}
    assert keys == {position_key(game, state, seat)}
    # The samples do differ in the other hand (so the check above proves something).
    hands = {tuple(game.sample_hidden(state, seat, random.Random(r)).players[other].orders) for r in range(6)}
    assert len(hands) > 1


@pytest.mark.parametrize("game_name", ["nippon", "zaibatsu"])
def test_without_a_hook_the_key_leaves_out_the_turn_counters(game_name: str) -> None:
    game = get_game(game_name)
    state = game.setup({"players": 2}, 1)
    view = game.view(state, 0)
    assert "turn_no" in view
    bumped = game.from_json(game.to_json(state))
    bumped.turn_no += 3
    assert position_key(game, bumped, 0) == position_key(game, state, 0)


def test_nippon_two_bots_no_longer_consolidate_for_ever() -> None:
    """Nippon seed 0, an easy and a medium bot: both consolidated turn after turn (a turn that changed
    nothing but the turn counters) until the guard saw it."""
    record = play("nippon", 0, ["easy", "medium"], max_plies=2000)
    assert record["ended"], record


def test_the_host_watches_scores_while_the_bots_guard_does_not() -> None:
    """VP alone are not progress for the bots' guard (Yokohama pays a seat's own shops at every
    visit: two bots farmed VP for thousands of plies), but the host's backstop still sees a round
    whose scores moved as a live table (no false "nothing changed" report)."""
    from engine.core import get_game
    from engine.core.bots import copy_state
    from engine.core.progress import progress_marks, table_marks

    game = get_game("yokohama")
    state = game.setup({"players": 2}, 3)
    richer = copy_state(game, state)
    richer.players[0].vp += 3
    assert progress_marks(game, richer) == progress_marks(game, state)
    assert table_marks(game, richer) != table_marks(game, state)
