"""The game-agnostic helpers Nippon shares through engine.core (majority.py, workers.py)."""

from __future__ import annotations

import pytest

from engine.core.majority import influence_value, placement, rank_groups, split_places
from engine.core.workers import refill_from_top_row


def test_split_places_ties_share_and_round_down():
    assert split_places([("purple", 6), ("red", 6), ("blue", 4)], [10, 7, 5]) == {"purple": 8, "red": 8, "blue": 5}
    assert split_places([("a", 8), ("b", 8), ("c", 8), ("f", 2)], [10, 7, 5]) == {"a": 7, "b": 7, "c": 7, "f": 0}
    assert split_places([("f", 7), ("p", 6), ("b", 5), ("y", 1)], [15, 11, 8]) == {"f": 15, "p": 11, "b": 8, "y": 0}
    assert split_places([], [10, 7, 5]) == {}


def test_rank_groups_places():
    assert rank_groups([("a", 3), ("b", 5), ("c", 3), ("d", 1)]) == [(0, ["b"]), (1, ["a", "c"]), (3, ["d"])]


def test_influence_value_table():
    assert [[influence_value(level, n) for n in (1, 2, 3)] for level in (1, 2, 3)] == [[1, 2, 3], [3, 4, 5], [5, 6, 7]]
    with pytest.raises(ValueError):
        influence_value(4, 1)
    with pytest.raises(ValueError):
        influence_value(1, 0)


def test_placement_strictly_higher_and_city_limit():
    assert placement([None, 5, None, None], 1, 7, 4) == (True, ())
    assert placement([None, 5, None, None], 1, 5, 4) == (False, ())
    assert placement([None, 5, None, None], 0, 1, 4) == (True, ())
    assert placement([3, 6, None, None], 2, 5, 2) == (True, (0,))
    assert placement([3, 6, None, None], 2, 3, 2) == (False, ())
    assert placement([3, None, 3, None], 1, 4, 2) == (True, (0, 2))
    assert placement([3, 6, None, None], 0, 4, 2) == (True, ())  # replacing keeps the count


def test_refill_from_top_row():
    space: list[str] = []
    rows = [[], ["a", "b"], ["c"]]
    assert refill_from_top_row(space, rows) == 1 and space == ["a", "b"] and rows == [[], [], ["c"]]
    assert refill_from_top_row(space := [], [[], []]) is None and space == []
