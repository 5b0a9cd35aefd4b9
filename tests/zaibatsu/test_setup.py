"""Setup (§2.2): common setup, player setup, player-count table (§2.2.4), start-tile draft."""

from __future__ import annotations

from collections import Counter

import pytest

from engine.core import CHANCE, IllegalAction
from engine.zaibatsu import GAME

from .scenario import Table, new_game, setup_chance

# §2.2.4 player-count table: workers in the bag, waiting rows (PROPOSED 3 workers per row; top 2
# rows, middle 1, bottom 2 → 2/3/5 rows), factories per type, upgrade tiles per colour, pairs.
COUNTS = {
    2: {"bag": 36, "rows": 2, "per_type": 2, "upgrades": 2, "pairs": 3},
    3: {"bag": 42, "rows": 3, "per_type": 3, "upgrades": 3, "pairs": 4},
    4: {"bag": 48, "rows": 5, "per_type": 4, "upgrades": 4, "pairs": 5},
}
GOODS = ("cotton", "paper", "bento", "lenses", "bulbs", "clocks")


@pytest.mark.parametrize("players", [2, 3, 4])
def test_common_setup_counts(players):
    t = new_game(players, seed=11)
    s = t.state
    c = COUNTS[players]
    # step 7: 3 workers on each of the 5 hiring spaces; step 8: waiting rows filled (3 per row).
    assert [len(h) for h in s.hiring] == [3] * 5
    assert [len(r) for r in s.waiting] == [3] * c["rows"]
    # step 6: the bag held 36/42/48 workers, 8 minus 2/1/0 of each colour.
    in_play = Counter(s.bag)
    for h in s.hiring:
        in_play.update(h)
    for r in s.waiting:
        in_play.update(r)
    for p in s.players:  # A6 (worker of choice) may have moved one into a workforce
        in_play.update(w.colour for w in p.workforce if not w.expert)
    assert sum(in_play.values()) == c["bag"]
    assert set(in_play.values()) == {c["bag"] // 6}
    assert sum(s.bag.values()) == c["bag"] - 15 - 3 * c["rows"] - sum(
        1 for p in s.players for w in p.workforce if not w.expert)
    # step 2: 8 of the 9 demand tiles, one per city, each turned 0-3 quarter turns.
    tiles = [m.tile for m in s.markets]
    assert len(tiles) == 8 and len(set(tiles)) == 8 and set(tiles) <= {f"DT{i}" for i in range(1, 10)}
    assert all(m.rotation in (0, 1, 2, 3) for m in s.markets)
    assert all(m.slots == [None] * 4 for m in s.markets)
    # steps 4-5: every expert on its destination, N upgrade tiles per destination (N = players),
    # minus one for each A2 ship built in the draft.
    a2 = [p for p in s.players if p.start_a == "A2"]
    assert sum(s.upgrades.values()) == 6 * c["upgrades"] - len(a2)
    assert sum(not present for present in s.experts.values()) == len(a2)
    # step 9: P random factories per goods type (first game: side A).
    shown = Counter(side.rstrip("AB").rstrip("0123456789") for side in s.display)
    assert shown == dict.fromkeys(GOODS, c["per_type"])
    assert all(side.endswith("A") for side in s.display)
    # step 3: round marker 1 on the first dark space.
    assert s.round == 1 and not s.final


@pytest.mark.parametrize("players", [2, 3, 4])
def test_player_setup(players):
    # §2.2.2: tracks on their first space, tokens 1-7 available, 3/5/7 locked on the flag,
    # 8 contracts, 3 prestige tiles of each level; pieces on the board (nothing built).
    t = new_game(players, seed=3, moves=[])
    # before the draft resolves anything, every board is fresh
    s = t.state
    assert GAME.decision(s).kind == "draft"
    for p in s.players:
        assert (p.rd, p.mining, p.finance) == (1, 1, 1)
        assert p.tokens == [1, 2, 3, 4, 5, 6, 7]
        assert p.locked == [3, 5, 7]
        assert p.contracts == [f"C{i}" for i in range(1, 9)] and p.contracts_done == []
        assert p.prestige == [3, 3, 3]
        assert (p.ships, p.machines, p.trains) == (0, 0, 0)
        assert p.factories == [] and p.workforce == [] and p.vp == 0


@pytest.mark.parametrize("players", [2, 3, 4])
def test_start_pairs_and_draft_order(players):
    # §2.2.3: P+1 random pairs (one A, one B); the player to the right of the first player chooses
    # first and the draft goes counter-clockwise, so the first player chooses last.
    first = 2 if players > 2 else 1  # 1-based seat number
    t = new_game(players, chance=setup_chance(players, first=first))
    s = t.state
    assert len(s.start_pairs) == COUNTS[players]["pairs"]
    assert all(a.startswith("A") and b.startswith("B") for a, b in s.start_pairs)
    order = []
    while t.decision.kind != "turn":
        if t.decision.kind == "draft":
            order.append(t.decision.seat)
        t.play("1")  # move number 1: the first listed pair (or the first choice a tile A asks for)
    f = first - 1
    assert order == [(f - 1 - i) % players for i in range(players)]
    assert order[-1] == f
    # one pair is left over and goes back to the box; play starts with the first player
    assert t.decision.seat == f and t.decision.kind == "turn"
    taken = [(p.start_a, p.start_b) for p in t.state.players]
    assert len(set(taken)) == players
    assert len(t.state.start_pairs) == 1


def test_first_game_false_draws_a_side_per_factory():
    # §2.2.1 step 9 / D-17: outside a first game each displayed factory's side is random.
    t = new_game(2, first_game=False, seed=5)
    s = t.state
    assert len(s.display) == 12
    sides = {d[-1] for d in s.display}
    assert sides <= {"A", "B"}
    # the side decision is a chance decision with outcomes A and B
    t2 = Table(GAME.setup({"players": 2, "first_game": False}, 0))
    t2.play(*setup_chance(2)[:16], "~cotton1+cotton3", auto_chance=False)
    assert GAME.decision(t2.state).seat == CHANCE
    assert sorted(GAME.format_action(t2.state, o.action) for o in GAME.chance_outcomes(t2.state)) == ["~A", "~B"]
    t2.play(chance=["~B", "~A"] + [None] * 200)
    assert "cotton1B" in t2.state.display and "cotton3A" in t2.state.display


def test_forced_setup_outcomes_are_used():
    chance = setup_chance(
        2, demand=("DT9", "DT8", "DT7", "DT6", "DT5", "DT4", "DT3", "DT2"), rotations=(1, 2, 3, 0, 1, 2, 3, 0),
        factories={"cotton": (3, 4)}, hiring=[["red"] * 3, ["blue"] * 3, ["white"] * 3, ["black"] * 3, ["grey"] * 3],
        waiting=[["yellow"] * 3, ["yellow", "red", "blue"]], first=2, pairs=[("A5", "B1"), ("A6", "B2"), ("A3", "B3")],
    )
    t = new_game(2, chance=chance)
    s = t.state
    assert [m.tile for m in s.markets] == ["DT9", "DT8", "DT7", "DT6", "DT5", "DT4", "DT3", "DT2"]
    assert [m.rotation for m in s.markets] == [1, 2, 3, 0, 1, 2, 3, 0]
    assert [d for d in s.display if d.startswith("cotton")] == ["cotton3A", "cotton4A"]
    assert s.hiring[0] == ["red"] * 3 and s.waiting[1] == ["yellow", "red", "blue"]
    assert s.first_player == 1
    assert s.bag == {"black": 3, "red": 2, "grey": 3, "blue": 2, "white": 3, "yellow": 2}
    assert [list(p) for p in s.start_pairs] == [["A5", "B1"], ["A6", "B2"], ["A3", "B3"]]
    assert t.decision.seat == 0  # the player to the right of seat 1 (2 players: seat 0) drafts first


@pytest.mark.parametrize("options", [
    {"players": 0}, {"players": 5}, {"players": "2"}, {"players": 2, "modules": ["x"]},
    {"players": 3, "difficulty": "hard"},  # difficulty is a solo option
])
def test_invalid_options(options):
    with pytest.raises(ValueError):
        GAME.setup(options, 0)


def test_setup_chance_outcomes_weighted_by_bag():
    # A worker draw is weighted by how many workers of each colour are in the bag (§2.2.1 step 7).
    t2 = Table(GAME.setup({"players": 2, "first_game": True}, 0))
    reds = setup_chance(2, hiring=[["red", "red", "red"], ["red", "red", "red"]] + [[]] * 3)[:28]
    t2.play(*reds, auto_chance=False)  # demand tiles, factories, 6 red workers on H1 and H2
    outs = {GAME.format_action(t2.state, o.action): o.weight for o in GAME.chance_outcomes(t2.state)}
    assert "~red" not in outs  # all 6 red workers of a 2-player bag are out
    assert outs == {"~black": 6, "~grey": 6, "~blue": 6, "~white": 6, "~yellow": 6}
    assert GAME.decision(t2.state).seat == CHANCE
    # a drawn colour the bag no longer holds is refused
    before = t2.json()
    with pytest.raises(IllegalAction):
        t2.play("~red", auto_chance=False)
    assert t2.json() == before
