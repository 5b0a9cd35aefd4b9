"""Turn flow: refills (Puste Pole Akcji, Pusty Rząd Robotników), the scoring marker, the final
turns (T-19) and the end of the game."""

from __future__ import annotations

from engine.nippon import GAME

from .scenario import player, puzzle, set_supply


def test_an_emptied_space_takes_the_topmost_non_empty_row():
    t = puzzle(3, lambda d: set_supply(d, [["red"], ["blue"], ["blue"], ["grey"], ["white"]],
                                        [[], ["black", "red", "yellow"], ["grey", "grey", "blue"]]),
               lambda d: player(d, 0, money=10))
    t.play("take 1 knowledge red", "up", "done")
    s = t.state
    assert s.spaces[0] == ["black", "red", "yellow"] and s.rows == [[], [], ["grey", "grey", "blue"]]
    assert s.marker == 0
    assert t.texts("refill") == ["Action space 1 takes the workers of row 2."]


def test_a_space_that_is_not_empty_is_not_refilled():
    t = puzzle(3, lambda d: player(d, 0, money=10))
    t.play("take 1 knowledge red", "up", "done")
    assert t.state.spaces[0] == ["red", "blue"] and len(t.state.rows[0]) == 3


def test_global_refill_tops_up_every_space_fills_the_rows_and_moves_the_marker():
    t = puzzle(2, lambda d: set_supply(d, [["red"], ["blue", "blue"], [], ["grey"], ["white", "white", "white"]],
                                        [[], []]), lambda d: player(d, 0, money=10))
    t.play("take 1 knowledge red", "up", "done")
    s = t.state
    assert [len(x) for x in s.spaces] == [3, 3, 3, 3, 3] and [len(r) for r in s.rows] == [2, 2]
    assert s.marker == 1 and t.texts("marker") == ["The scoring marker moves to space 2."]
    assert not GAME.check_invariants(s)


def test_t19_three_final_turns_each_then_the_third_scoring():
    # 3 players; Yellow's turn causes the global refill that puts the marker on the first golden space.
    t = puzzle(3, lambda d: d.update(marker=4, scorings=2) and None,
               lambda d: set_supply(d, [["red"], [], [], [], []], [[], [], []]), lambda d: player(d, 0, money=10))
    t.play("take 1 knowledge red", "up", "done")
    s = t.state
    assert s.final and s.marker == 5 and [p.final_turns for p in s.players] == [0, 0, 0]
    assert t.decision.seat == 1
    markers = []
    for _ in range(8):
        t.apply("consolidate")
        markers.append(t.state.marker)
    assert markers == [5, 5, 6, 6, 6, 7, 7, 7]
    assert not t.state.over and t.decision.seat == 0
    t.apply("consolidate")  # Yellow's third final turn ends the game
    s = t.state
    assert s.over and s.scorings == 3 and [p.final_turns for p in s.players] == [3, 3, 3]
    assert GAME.result(s) is not None
    assert s.players[0].last_turn == max(p.last_turn for p in s.players)


def test_global_refill_during_the_final_turns_does_not_move_the_marker():
    def edit(d):
        d.update(final=True, marker=5, scorings=2)
        set_supply(d, [["red"], [], [], [], []], [[], [], [], []])
        player(d, 0, money=10)

    t = puzzle(4, edit)
    t.play("take 1 knowledge red", "up", "done")
    s = t.state
    assert s.marker == 5 and [len(x) for x in s.spaces] == [3] * 5 and s.players[0].final_turns == 1


def test_game_over_refuses_every_move_and_decision_is_none():
    t = puzzle(2, lambda d: d.update(final=True, marker=7, scorings=2) and None,
               lambda d: player(d, 0, final_turns=2), lambda d: player(d, 1, final_turns=3))
    t.apply("consolidate")
    assert t.state.over and GAME.decision(t.state).seat is None and GAME.legal_actions(t.state) == []
    import pytest

    from engine.core import IllegalAction

    with pytest.raises(IllegalAction):
        t.apply("consolidate")
