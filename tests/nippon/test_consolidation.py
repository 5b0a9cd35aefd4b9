"""Konsolidacja: budget (krok 1), Emperor's reward (krok 2), workforce payday (krok 3) and the
row top-up after a short global refill: worked examples T-20, T-21, T-22."""

from __future__ import annotations

import pytest

from engine.core import IllegalAction
from engine.nippon import GAME, rules

from .scenario import (
    add_factory,
    empty_rewards,
    free_rows,
    give_workers,
    player,
    puzzle,
    set_supply,
    take_reward,
)


def test_t21_budget_discards_and_takes_the_track_values():
    # Money marker on 16 (index 4), coal marker on an unnumbered space above 5 (index 7).
    t = puzzle(4, lambda d: player(d, 0, money=3, coal=1, money_pos=4, coal_pos=7))
    t.apply("consolidate")
    p = t.player(0)
    assert (p.money, p.coal) == (16, 5)
    assert t.decision.seat == 1


def test_si1_and_si2_consolidation_bonuses():
    t = puzzle(4, lambda d: player(d, 0, money=3, coal=3, money_pos=13), lambda d: add_factory(d, 0, "SI-1"))
    t.apply("consolidate")
    assert t.player(0).money == 25 + 2  # even with the marker at the top of the money track
    t = puzzle(4, lambda d: player(d, 0, coal=3), lambda d: add_factory(d, 0, "SI-2"))
    t.apply("consolidate")
    assert t.player(0).coal == 1 + 2
    t = puzzle(4, lambda d: player(d, 0, coal=0), lambda d: add_factory(d, 0, "SI-2"))
    t.apply("consolidate")
    assert t.player(0).coal == 2


def test_t20_payday_three_colours_costs_9000():
    t = puzzle(4, lambda d: give_workers(d, 0, ["red", "red", "blue", "white"]))
    t.apply("consolidate")
    assert t.decision.kind == "reward"  # 4 workers: level 3
    t.play("reward 2 coal", "place A3")
    p = t.player(0)
    assert p.money == 12 - 9 and p.vp == 10 and p.workers == []
    assert sum(t.state.bag.values()) == 48 - 15 - 12


def test_t20_unpaid_colours_cost_2_vp_each():
    # Engine path: 6 colours (18,000 due) and 12,000 yen: 4 colours paid, 2 unpaid -> -4 VP.
    t = puzzle(4, lambda d: give_workers(d, 0, ["white", "yellow", "black", "red", "grey", "blue"]),
               lambda d: empty_rewards(d), lambda d: d.update(multipliers=0) and None,
               lambda d: d["players"][0]["rewards"].extend(["x2"] * 4))
    t.apply("consolidate")
    p = t.player(0)
    assert p.money == 0 and p.vp == 10 - 4
    # The digest's arithmetic: 3 colours with 7,000 yen -> pay 2 colours (6,000), lose 2 VP.
    s = t.state
    q = s.players[1]
    q.money, q.workers, q.vp = 7, ["red", "blue", "grey"], 11
    for c in q.workers:
        s.bag[c] -= 1
    rules.payday(s, q, [])
    assert (q.money, q.vp, q.workers) == (1, 9, [])


def test_t22_emperors_reward_by_the_rightmost_worker():
    t = puzzle(4, free_rows, lambda d: give_workers(d, 0, ["red", "red", "red", "red"]))
    t.apply("consolidate")
    legal = t.legal()
    assert {m for m in legal if m.startswith("reward")} == {f"reward {m} {k}" for m in (2, 3)
                                                           for k in ("blueprints", "coal", "money")}
    with pytest.raises(IllegalAction):
        t.apply("reward 4 coal")
    t.apply("reward 3 money")
    p = t.player(0)
    assert p.money == 12 + 5  # the bonus is gained at once
    assert t.decision.kind == "place"
    t.apply("place A4")
    assert t.player(0).achievements == {"A4": 3} and t.state.rewards["3:money"] == 1
    assert t.player(0).money == 17 - 3  # then the payday of 1 colour


def test_t22_only_higher_tiles_left_gives_nothing():
    def edit(d):
        free_rows(d)
        give_workers(d, 0, ["red", "red", "red", "red"])
        for m in (2, 3):
            for k in ("blueprints", "coal", "money"):
                while d["rewards"][f"{m}:{k}"]:
                    take_reward(d, 1, f"{m}:{k}", None)

    t = puzzle(4, edit)
    t.apply("consolidate")
    assert t.decision.seat == 1 and t.player(0).achievements == {}
    assert any("no Emperor's reward" in x for x in t.texts("reward"))


def test_t22_empty_reward_area_gives_a_2x_multiplier_tile():
    t = puzzle(4, lambda d: give_workers(d, 0, ["red", "red", "red"]), empty_rewards)
    t.apply("consolidate")
    assert t.decision.kind == "place" and t.state.multipliers == 3
    t.apply("place A1")
    assert t.player(0).achievements == {"A1": 2} and t.player(0).money == 12 - 3


def test_t22_two_workers_no_reward_step():
    t = puzzle(4, lambda d: give_workers(d, 0, ["red", "blue"]))
    t.apply("consolidate")
    assert t.decision.seat == 1 and t.player(0).money == 6 and t.player(0).rewards == []


def test_full_achievement_spaces_discard_the_tile_but_keep_the_bonus():
    def edit(d):
        free_rows(d)
        give_workers(d, 0, ["red"] * 5 + ["grey"])
        for i, key in enumerate(["2:coal", "2:money", "2:blueprints", "3:coal", "3:money", "3:blueprints",
                                 "4:coal", "4:money", "4:blueprints"]):
            take_reward(d, 0, key, f"A{i + 1}")

    t = puzzle(4, edit)
    t.apply("consolidate")
    t.apply("reward 5 coal")
    p = t.player(0)
    assert p.coal == 2 + 2 and len(p.achievements) == 9 and p.money == 12 - 6 and "5:coal" in p.rewards
    assert t.decision.seat == 1


def test_consolidating_with_no_worker_is_allowed():
    t = puzzle(4)
    assert "consolidate" in t.legal()
    t.apply("consolidate")
    assert t.player(0).money == 12 and t.decision.seat == 1


def test_six_workers_force_consolidation():
    t = puzzle(4, free_rows, lambda d: give_workers(d, 0, ["red"] * 5 + ["grey"]))
    assert [m for m in t.legal() if not m.startswith("bp")] == ["consolidate"]


def test_short_global_refill_owes_workers_to_the_rows_until_a_consolidation():
    # 4 players: seats 1-3 hold 6 workers, seat 0 holds 5; action space 1 has its last worker.
    def edit(d):
        give_workers(d, 1, ["white"] * 6)
        give_workers(d, 2, ["yellow"] * 6)
        give_workers(d, 3, ["black"] * 6)
        give_workers(d, 0, ["grey", "grey", "grey", "grey", "grey"])
        set_supply(d, [["red"], ["blue"] * 3, ["blue"] * 3, ["red", "red", "white"], ["red", "red", "yellow"]],
                   [[], [], [], []])
        player(d, 0, money=10)

    t = puzzle(4, edit)
    assert sum(t.state.bag.values()) == 12
    t.play("take 1 knowledge red", "up", "done")
    s = t.state
    assert [len(x) for x in s.spaces] == [3, 3, 3, 3, 3]
    assert [len(r) for r in s.rows] == [3, 3, 3, 0] and s.row_short == [0, 0, 0, 3]
    assert sum(s.bag.values()) == 0 and s.marker == 1
    t.play("consolidate", "reward 5 coal", "place A1")  # seat 1: six workers back, rows topped up
    s = t.state
    assert [len(r) for r in s.rows] == [3, 3, 3, 3] and s.row_short == [0, 0, 0, 0]
    assert sum(s.bag.values()) == 3
    assert not GAME.check_invariants(s)
