"""The two modules (reference §2.13, §2.2.1 steps 10 and 12, §4.7, §4.12, D-14, G-7).

* Modern factories: 3/4/5 random number-5 factories (2/3/4 players) join the display, random
  side; they are built like other factories of their level; effects from §4.7 (PROPOSED data).
* Common goals: 1/2/3 random goals per period (2/3/4 players), resolved after all regions of the
  period are scored; leaders alone or tied are rewarded (periods I–II: each chooses one reward,
  ``reward N``; period III: the slot's fixed reward); nobody leads with 0 (G-7).

Positions: a real game with the modules is set up, its JSON edited (``scenario.position``) and
driven with notation moves only. Rewards are PROPOSED data (common_goal_rewards.json): periods
I–II choose from 1 any department bonus, 2 R&D +2, 3 Mining +2, 4 Finance +2, 5 3 VP; period III
gives 6 VP per slot.
"""

from __future__ import annotations

from collections import Counter
from functools import cache
from typing import Any

import pytest

from engine.core import CHANCE
from engine.zaibatsu import GAME

from .scenario import Table, add_factory, add_ship, add_train, blank_player, place_token, position

COLOURS = ("black", "red", "grey", "blue", "white", "yellow")
MODERN = ("cotton5", "paper5", "bento5", "lenses5", "bulbs5", "clocks5")
PAIRS = [["A8", "B1"], ["A7", "B2"], ["A4", "B3"], ["A1", "B4"], ["A8", "B5"]]


@cache
def base_json(players: int, modules: tuple[str, ...], seed: int = 3) -> str:
    """A game with ``modules`` at its first turn; start tiles that put no piece on the board."""
    options = {"players": players, "modules": list(modules)}
    t = Table(GAME.setup(options, seed), seed=seed, options=options)
    t.resolve_chance([])
    t = position(t, lambda d: d.update(start_pairs=[list(p) for p in PAIRS[: players + 1]]))
    while t.decision.kind != "turn":
        t.play(t.legal()[0])
    return t.json()


def rebalance(d: dict[str, Any]) -> None:
    per = {2: 6, 3: 7, 4: 8}[d["options"]["players"]]
    used = Counter(c for space in d["hiring"] for c in space)
    used.update(c for row in d["waiting"] for c in row)
    for p in d["players"]:
        used.update(w["colour"] for w in p["workforce"] if not w["expert"])
    for c in COLOURS:
        assert used[c] <= per, c
        d["bag"][c] = per - used[c]


def game(players: int, modules: tuple[str, ...], *edits, turn: int = 0) -> Table:
    """Blank boards, ``edits``, then seat ``turn`` to move."""

    def edit(d: dict[str, Any]) -> None:
        for seat in range(players):
            blank_player(d, seat)
            d["players"][seat]["start_a"] = None
        d["hiring"] = [["grey", "red"], ["black", "white"], ["blue", "yellow"], ["red", "black"], ["white", "grey"]]
        for e in edits:
            e(d)
        rebalance(d)
        d["current"] = turn
        d["stack"] = [{"k": "turn", "seat": turn}]

    return position(Table(GAME.from_json(base_json(players, modules))), edit)


def setp(seat: int, **values: Any):
    return lambda d: d["players"][seat].update(values)


def finish(t: Table) -> list:
    """Play the remaining decisions with the first legal move (chance sampled)."""
    events = []
    while t.decision.seat is not None:
        if t.decision.seat == CHANCE:
            events += t.play()
        else:
            events += t.play(t.legal()[0])
    return events


# ------------------------------------------------------------------------------------------------
# Options
# ------------------------------------------------------------------------------------------------


def test_unknown_module_refused():
    with pytest.raises(ValueError):
        GAME.setup({"players": 2, "modules": ["expansion"]}, 1)


def test_both_modules_together_allowed():
    t = Table(GAME.setup({"players": 3, "modules": ["modern_factories", "common_goals"]}, 4), seed=4)
    t.resolve_chance([])
    s = t.state
    assert s.options.modules == ["modern_factories", "common_goals"]
    assert sum(1 for side in s.display if side[:-1] in MODERN) == 4
    assert {k: len(v) for k, v in s.common_goals.items()} == {"1": 2, "2": 2, "3": 2}
    assert GAME.check_invariants(s) == []


def test_no_module_no_extras():
    t = Table(GAME.setup({"players": 4}, 4), seed=4)
    t.resolve_chance([])
    assert not any(side[:-1] in MODERN for side in t.state.display)
    assert t.state.common_goals == {}


# ------------------------------------------------------------------------------------------------
# Modern factories (§2.13.1, §4.7)
# ------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("players,modern,normal", [(2, 3, 12), (3, 4, 18), (4, 5, 24)])
def test_modern_factories_setup(players, modern, normal):
    sides = Counter()
    for seed in range(12):
        t = Table(GAME.setup({"players": players, "modules": ["modern_factories"]}, seed), seed=seed)
        t.resolve_chance([])
        display = t.state.display
        new = [side for side in display if side[:-1] in MODERN]
        assert len(new) == modern and len({side[:-1] for side in new}) == modern  # one copy each
        assert len(display) == normal + modern
        sides.update(side[-1] for side in new)
    assert set(sides) == {"A", "B"}  # random sides


def build(t: Table, side: str, colour: str = "blue") -> list:
    """Seat 0 takes a worker from H3 (Factory) and builds ``side``."""
    return t.play(f"take 3 factory {colour}", f"factory {side}")


def display(*sides: str):
    def edit(d: dict[str, Any]) -> None:
        for side in sides:
            if side not in d["display"]:
                d["display"].append(side)
        # the other side of the same tile leaves the display (a tile shows one side)
        d["display"] = [x for x in d["display"] if not any(x[:-1] == s[:-1] and x != s for s in sides)]

    return edit


MF = ("modern_factories",)


def test_modern_factory_built_like_its_level():
    # Clocks are level 3: R&D 6 needed (silk may boost it), 6 money.
    t = game(2, MF, display("clocks5A"), setp(0, rd=5, money=6))
    t.play("take 3 factory blue")
    assert "factory clocks5A" not in t.legal()
    t = game(2, MF, display("clocks5A"), setp(0, rd=6, money=6))
    t.play("take 3 factory blue")
    assert "factory clocks5A" in t.legal()
    t.play("factory clocks5A")
    assert "clocks5A" not in t.state.display and "clocks5B" not in t.state.display
    assert t.state.players[0].factories[-1].side == "clocks5A"
    assert t.state.players[0].money == 0


@pytest.mark.parametrize("machines,gain", [(0, 0), (1, 2), (3, 6), (4, 8), (5, 8)])
def test_bulbs_5A_money_per_machine_max_8(machines, gain):
    def factories(d):
        left = machines
        for side in ("cotton1A", "paper1A", "bento1A"):
            m = (left >= 1, left >= 2)
            left -= sum(m)
            add_factory(d, 0, side, machines=m)

    t = game(2, MF, display("bulbs5A"), factories, setp(0, rd=6, money=6))
    build(t, "bulbs5A")
    assert t.state.players[0].machines == machines
    assert t.state.players[0].money == gain


def test_cotton_5B_two_vp_per_factory_type():
    def factories(d):
        add_factory(d, 0, "paper1A")
        add_factory(d, 0, "bento1A")
        add_factory(d, 0, "bento2A")

    t = game(2, MF, display("cotton5B"), factories, setp(0, rd=2, money=6))
    build(t, "cotton5B")
    # paper, bento and the new cotton: 3 types → 6 VP.
    assert t.state.players[0].vp == 6


def thresholds(d):
    p = d["players"][0]
    # R&D 9 = upper (and lower), Mining 6 = lower, Finance 13 = upper; ships 4 = lower.
    p.update(rd=9, mining=6, finance=13, money=6)
    for dest in ("berlin", "san_francisco", "new_york", "paris"):
        add_ship(d, 0, dest)


@pytest.mark.parametrize("side,vp", [
    ("clocks5A", 2 * 4),  # lower thresholds of the six areas: R&D, Mining, Finance, ships
    ("clocks5B", 2 * 5),  # thresholds on the three tracks: R&D 2, Mining 1, Finance 2
])
def test_clocks_5_threshold_vp(side, vp):
    t = game(2, MF, display(side), thresholds)
    build(t, side)
    assert t.state.players[0].vp == vp


def test_clocks_5B_max_12():
    def tracks(d):
        d["players"][0].update(rd=10, mining=10, finance=13, money=6)

    t = game(2, MF, display("clocks5B"), tracks)
    build(t, "clocks5B")
    assert t.state.players[0].vp == 12


def test_lenses_5A_trains_give_3_influence():
    def board(d):
        for seat in (0, 1):
            add_train(d, seat, "R2", 1 + seat)
            place_token(d, "M3", "NE"[seat], seat, 1 + seat)
        add_train(d, 0, "R2", 3)
        add_factory(d, 0, "lenses5A")

    t = game(2, MF, board)
    v = GAME.view(t.state, 0)["influence"]["R2"]
    assert v == [1 + 2 * 3, 2 + 2]  # your 2 trains × 3; the other player's train × 2
    t = game(2, MF, board, lambda d: d["players"][0]["factories"].clear())
    assert GAME.view(t.state, 0)["influence"]["R2"] == [1 + 2 * 2, 2 + 2]


# ------------------------------------------------------------------------------------------------
# Common goals (§2.13.2, D-14, G-7)
# ------------------------------------------------------------------------------------------------

CG = ("common_goals",)


@pytest.mark.parametrize("players,per_period", [(2, 1), (3, 2), (4, 3)])
def test_common_goals_setup(players, per_period):
    for seed in range(5):
        t = Table(GAME.setup({"players": players, "modules": ["common_goals"]}, seed), seed=seed)
        t.resolve_chance([])
        goals = t.state.common_goals
        assert sorted(goals) == ["1", "2", "3"]
        assert all(len(v) == per_period for v in goals.values())
        flat = [g for v in goals.values() for g in v]
        assert len(set(flat)) == len(flat) and set(flat) <= {f"CG{i}" for i in range(1, 10)}


def end_of_period_I(goals: list[str]):
    """Round 2 (last of period I): seat 0's R&D action takes the last worker of H4 and ends it."""

    def edit(d: dict[str, Any]) -> None:
        d["common_goals"]["1"] = list(goals)
        d["round"] = 2
        d["hiring"] = [["grey"], ["black"], ["blue"], ["red"], ["white"]]
        d["waiting"] = [[] for _ in d["waiting"]]
        d["players"][0]["money"] = 1

    return edit


def test_common_goals_resolved_after_all_regions_tied_leaders_choose():
    # 3 players, period I goals: CG6 (Finance) and CG8 (contracts). Seats 1 and 2 tie on Finance
    # (space 3 = 2 steps); nobody has a contract → nobody is rewarded for CG8 (G-7).
    t = game(3, CG, end_of_period_I(["CG6", "CG8"]), setp(1, finance=3), setp(2, finance=3),
             setp(0, finance=2))
    events = t.play("take 4 rd red", "rd 1")
    kinds = [e.kind for e in events]
    scoring = [i for i, k in enumerate(kinds) if k == "scoring"]
    goals = [i for i, k in enumerate(kinds) if k == "common_goal"]
    assert len(scoring) == 4 and len(goals) == 2 and max(scoring) < min(goals)  # D-14
    texts = [events[i].text for i in goals]
    assert texts == ["Common goal (Furthest on the Finance track.): Green, Orange.",
                     "Common goal (Most contracts fulfilled.): no leader."]
    # Each tied leader chooses one of the period's rewards, in seat order.
    assert t.decision.seat == 1 and t.decision.kind == "reward"
    assert t.legal() == [f"reward {i}" for i in range(1, 6)]
    vp1 = t.state.players[1].vp
    t.play("reward 5")  # 3 VP
    assert t.state.players[1].vp == vp1 + 3
    assert t.decision.seat == 2 and t.decision.kind == "reward"
    t.play("reward 4")  # Finance +2
    assert t.state.players[2].finance == 5
    assert t.decision.seat == 1 and t.decision.kind == "turn"  # play continues to the left
    assert t.state.players[0].vp == 0  # seat 0 got nothing
    assert GAME.check_invariants(t.state) == []


def test_common_goal_sole_leader_any_department_reward():
    t = game(2, CG, end_of_period_I(["CG3"]), lambda d: add_train(d, 1, "R1", 1))
    t.play("take 4 rd red", "rd 1")
    assert t.decision.seat == 1 and t.decision.kind == "reward"
    money = t.state.players[1].money
    t.play("reward 1")  # any department bonus
    assert t.decision.seat == 1
    assert "dept blue" in t.legal()
    t.play("dept blue")  # blue (normal) = 3 money
    assert t.state.players[1].money == money + 3
    assert t.decision.kind == "turn"


def test_common_goal_nobody_with_zero_G7():
    # Every track at the start space, no ships, machines, trains, factories, contracts or tokens.
    goals = [f"CG{i}" for i in (1, 2, 3)]
    t = game(4, CG, end_of_period_I(goals))
    events = t.play("take 4 rd red", "rd 1")
    texts = [e.text for e in events if e.kind == "common_goal"]
    assert len(texts) == 3 and all(x.endswith("no leader.") for x in texts)
    assert t.decision.kind == "turn"  # no reward choice


def test_common_goal_track_goal_counts_steps_beyond_start():
    # Seat 0's own R&D action moves it to space 2 before the period ends: sole R&D leader.
    t = game(2, CG, end_of_period_I(["CG4"]))
    events = t.play("take 4 rd red", "rd 1")
    assert [e.text for e in events if e.kind == "common_goal"] == [
        "Common goal (Furthest on the R&D track.): Purple."]
    assert t.decision.seat == 0 and t.decision.kind == "reward"


def test_common_goal_most_tokens_on_the_board():
    def board(d):
        place_token(d, "M1", "N", 0, 1)
        place_token(d, "M3", "N", 1, 1)
        place_token(d, "M5", "N", 1, 2)

    t = game(2, CG, end_of_period_I(["CG9"]), board)
    events = t.play("take 4 rd red", "rd 1")
    assert [e.text for e in events if e.kind == "common_goal"][0].endswith(": Green.")


def test_common_goals_period_III_fixed_reward_before_final_scoring():
    def last_turn(d):
        d["common_goals"]["3"] = ["CG1"]
        d["round"] = 8
        d["final"] = True
        d["marker2"] = 0
        d["players"][0]["final_turns"] = 3
        d["players"][1]["final_turns"] = 2
        d["players"][1]["money"] = 1
        add_ship(d, 1, "berlin")
        add_ship(d, 1, "paris")
        add_ship(d, 0, "paris")

    t = game(2, CG, last_turn, turn=1)
    events = t.play("take 4 rd red", "rd 1")
    # Period III scoring, then the goal: no choice, the slot's fixed reward (6 VP) — all before
    # the final consolidation starts.
    period3 = t.state.period_log[-1]["regions"]
    won = {s: sum(r["awards"].get(str(s), 0) for r in period3.values()) for s in (0, 1)}
    assert t.state.players[1].vp == won[1] + 6
    assert t.state.players[0].vp == won[0]
    assert [e.text for e in events if e.kind == "common_goal"] == [
        "Common goal (Most ships built.): Green."]
    events += finish(t)
    kinds = [e.kind for e in events]
    assert kinds.index("common_goal") < kinds.index("payday") < kinds.index("final_score")
    assert "reward" not in [e.kind for e in events]
    assert GAME.result(t.state) is not None
    assert GAME.check_invariants(t.state) == []


def test_modern_factories_in_a_first_game_show_side_a() -> None:
    # §2.2.1 step 9 / D-17: side A for every factory in a first game; the modern tiles join the
    # display the same way (no side is drawn for them).
    from engine.core import sample_chance

    state = GAME.setup({"players": 2, "first_game": True, "modules": ["modern_factories"]}, 11)
    ply = 0
    while GAME.decision(state).seat == CHANCE:
        assert GAME.decision(state).prompt != "random event: side"
        state, _ = GAME.apply(state, sample_chance(GAME, state, 11, ply))
        ply += 1
    modern = [f for f in state.display if f[-2] == "5"]
    assert len(modern) == 3 and all(f.endswith("A") for f in modern)
    assert all(f.endswith("A") for f in state.display)


def test_both_modules_are_allowed_with_the_rulebooks_warning() -> None:
    # §2.13.1: Modern Factories are "not recommended together with Common Goals" — allowed, with advice.
    opts = {"players": 3, "modules": ["modern_factories", "common_goals"]}
    GAME.setup(opts, 1)  # not refused
    warnings = GAME.option_warnings(opts)
    assert len(warnings) == 1 and "not recommend" in warnings[0]
    assert GAME.option_warnings({"players": 3, "modules": ["common_goals"]}) == []
    assert "first game" in GAME.option_warnings({"players": 2, "modules": ["common_goals"], "first_game": True})[0]
