"""Set-up by player count (Wstępne Przygotowanie): T-01, T-02, random events as CHANCE decisions."""

from __future__ import annotations

from collections import Counter

import pytest

from engine.core import CHANCE, Action, IllegalAction, game_info
from engine.core.i18n import Msg
from engine.nippon import GAME

from .scenario import base_game, new_game, setup_chance


def test_t01_start_positions_four_players():
    t = base_game(4, first=1)
    ps = t.state.players
    assert [p.vp for p in ps] == [10, 11, 12, 13]
    for p in ps:
        assert (p.money, p.coal, p.blueprints) == (12, 2, 1)
        assert (p.money_pos, p.coal_pos, p.knowledge_pos) == (0, 0, 0)
        assert GAME.view(t.state, None)["tracks"][p.seat] == {"money": 12, "coal": 2, "knowledge": 1}
        assert (p.ships, p.trains, p.ship_value, p.train_value) == (6, 6, 2, 2)
        assert p.contracts == [f"K{i}" for i in range(1, 9)] and p.contracts_done == []
        assert sorted(p.influence) == [1, 2, 3, 3, 4, 5, 5, 6, 7, 7]
    assert t.decision.seat == 0 and t.decision.kind == "turn"
    assert t.state.marker == 0 and len(t.state.display) == 24


def test_start_vp_follow_turn_order_from_the_first_player():
    t = base_game(3, first=2)
    assert t.state.first_player == 1
    assert [p.vp for p in t.state.players] == [12, 10, 11]
    assert t.decision.seat == 1


@pytest.mark.parametrize(("players", "bag", "rows", "size", "rewards", "spaces", "limit"), [
    (2, 36, 2, 2, 16, 4, 2), (3, 42, 3, 3, 20, 6, 3), (4, 48, 4, 3, 24, 8, 4)])
def test_t02_player_count_setup(players, bag, rows, size, rewards, spaces, limit):
    t = base_game(players)
    s = t.state
    total = sum(s.bag.values()) + sum(len(x) for x in s.spaces) + sum(len(r) for r in s.rows)
    assert total == bag
    assert set(Counter({c: n for c, n in s.bag.items()}).keys()) == {"white", "yellow", "black", "red", "grey", "blue"}
    assert [len(x) for x in s.spaces] == [3] * 5
    assert len(s.rows) == rows and all(len(r) == size for r in s.rows)
    assert sum(s.rewards.values()) == rewards
    per_multiplier = Counter(int(k.split(":")[0]) for k, n in s.rewards.items() for _ in range(n))
    assert set(per_multiplier.values()) == {rewards // 4}
    from engine.nippon import rules

    assert rules.transport_capacity(s) == spaces and rules.city_limit(s) == limit
    assert all(c.tile for c in s.cities) and len({c.tile for c in s.cities}) == 8


def test_every_random_setup_step_is_a_weighted_chance_decision():
    s = GAME.setup({"players": 2}, 7)
    d = GAME.decision(s)
    assert d.seat == CHANCE and isinstance(d.prompt, Msg)
    assert [o.action for o in GAME.chance_outcomes(s)] == [Action("chance", ("seat1",)), Action("chance", ("seat2",))]
    s, _ = GAME.apply(s, Action("chance", ("seat2",)))
    # Reward removal from the 2x pile: weighted by tiles of each bonus in the pile.
    outcomes = GAME.chance_outcomes(s)
    assert {o.action.args[0]: o.weight for o in outcomes} == {"blueprints": 2, "coal": 2, "money": 2}
    s, _ = GAME.apply(s, Action("chance", ("coal",)))
    assert {o.action.args[0]: o.weight for o in GAME.chance_outcomes(s)} == {"blueprints": 2, "coal": 1, "money": 2}
    for _ in range(7):
        s, _ = GAME.apply(s, GAME.chance_outcomes(s)[0].action)
    # Then city tiles (9 choices for the first city) and their orientation.
    assert len(GAME.chance_outcomes(s)) == 9
    s, _ = GAME.apply(s, Action("chance", ("C5",)))
    assert [o.action.args[0] for o in GAME.chance_outcomes(s)] == ["r0", "r1", "r2", "r3"]
    s, _ = GAME.apply(s, Action("chance", ("r3",)))
    assert s.cities[0].tile == "C5" and s.cities[0].rotation == 3
    assert len(GAME.chance_outcomes(s)) == 8  # the used tile is gone


def test_worker_draws_are_weighted_by_the_bag():
    t = new_game(3, chance=setup_chance(3)[:-9 - 15])  # stop before the worker draws
    s = t.state
    # The remaining chance outcomes are sampled; before them, check the weights of the first draw.
    fresh = GAME.setup({"players": 3}, 1)
    for move in setup_chance(3)[: 1 + 4 + 16]:
        fresh, _ = GAME.apply(fresh, GAME.parse_action(fresh, move))
    outcomes = GAME.chance_outcomes(fresh)
    assert {o.action.args[0]: o.weight for o in outcomes} == {c: 7 for c in s.bag}
    assert str(GAME.decision(fresh).prompt) == "Random event: a worker is drawn from the bag."


@pytest.mark.parametrize("options", [{"players": 1}, {"players": 5}, {"players": "3"}, {"players": True},
                                     {"players": 3, "modules": ["goals"]}, {"players": 2, "colour": "red"}])
def test_bad_options_are_refused_with_a_msg(options):
    with pytest.raises(IllegalAction) as info:
        GAME.setup(options, 1)
    assert isinstance(info.value.reason, Msg) and info.value.reason.domain == "nippon"


def test_game_facts_for_hosts():
    assert (GAME.name, GAME.title, GAME.version) == ("nippon", "Nippon", "0.1.0")
    assert GAME.player_counts == (2, 3, 4) and GAME.modules == () and game_info(GAME).solo_levels == ()
    assert GAME.option_warnings({"players": 3}) == []
    # The hosts send first_game for every game: accepted, ignored, with a warning when set.
    assert GAME.setup({"players": 2, "first_game": False, "modules": []}, 1).options.players == 2
    warning = GAME.option_warnings({"players": 2, "first_game": True})
    assert len(warning) == 1 and warning[0].domain == "nippon"
    assert GAME.to_json(GAME.setup({"players": 2, "first_game": True}, 5)) == GAME.to_json(GAME.setup({"players": 2}, 5))
    s = base_game(4).state
    assert GAME.seat_labels(s) == ["yellow", "red", "purple", "blue"]
    assert str(GAME.seat_label_text("purple")) == "Purple"
    from engine.core import get_game

    assert get_game("nippon") is GAME
