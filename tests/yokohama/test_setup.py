"""Set-up (Przygotowanie do gry): boards per player count, building tiles and 5-power tokens, the
start money, each player's hand and warehouse, the orders removed unseen, the opening keep of one
order out of two, and the 2-player mode's neutral pieces on the Church and Customs House boards."""

from __future__ import annotations

import pytest

from engine.core import CHANCE, IllegalAction, sample_chance
from engine.yokohama import GAME
from engine.yokohama.state import NEUTRAL

from .scenario import BOTH_MODULES, new_game


def random_setup(players: int, seed: int, modules=()):
    """Settle every set-up step at random (keeping the first order dealt); stop at the first turn."""
    state = GAME.setup({"players": players, "modules": list(modules)}, seed)
    ply = 0
    while True:
        d = GAME.decision(state)
        if d.seat == CHANCE:
            action = sample_chance(GAME, state, seed, ply)
        elif d.kind == "keep":
            action = GAME.legal_actions(state)[0]
        else:
            return state
        state, _ = GAME.apply(state, action)
        ply += 1


REMOVED_BOARDS = {
    2: {"labb", "portb", "chinatown", "canal", "fish2", "copper2", "silk2", "tea2"},
    3: {"labb", "copper2", "silk2", "tea2"},
    4: set(),
}
ALL_BOARDS = {"copper1", "copper2", "fish1", "fish2", "silk1", "silk2", "tea1", "tea2", "bank", "chinatown",
              "church", "customs", "agency", "laba", "labb", "porta", "portb", "canal"}


@pytest.mark.parametrize(("players", "boards"), [(2, 10), (3, 14), (4, 18)])
def test_area_boards_by_player_count(players, boards):
    state = random_setup(players, 7)
    assert len(state.areas) == boards
    assert set(state.areas) == ALL_BOARDS - REMOVED_BOARDS[players]
    assert sorted(a for a in state.layout if a) == sorted(state.areas)
    assert len(state.layout) == boards


@pytest.mark.parametrize(("players", "labs", "ports"), [(2, ["laba"], ["porta"]), (3, ["laba"], ["porta", "portb"]),
                                                        (4, ["laba", "labb"], ["porta", "portb"])])
def test_management_boards_by_player_count(players, labs, ports):
    state = random_setup(players, 3)
    assert sorted(state.labs) == labs
    assert sorted(state.ports) == ports
    assert all(len(row) == 6 and None not in row for row in state.labs.values())
    assert all(len(row) == 4 and None not in row for row in state.ports.values())
    assert len(state.church) == 8 and len(state.customs) == 8


@pytest.mark.parametrize(("players", "removed", "deck"), [(2, 16, 36 - 16 - 4 - 4), (3, 5, 36 - 5 - 8 - 6),
                                                          (4, 0, 36 - 8 - 8)])
def test_orders_removed_unseen_by_player_count(players, removed, deck):
    state = random_setup(players, 11)
    assert len(state.removed) == removed
    # Each player was dealt 2 and kept 1: one boxed card per player.
    assert len(state.discarded) == players
    assert len(state.order_deck) == deck
    view = GAME.view(state, 0)
    assert "removed" not in view and "discarded" not in view
    assert view["order_deck"] == deck


def test_removed_and_dealt_cards_are_never_public():
    state = GAME.setup({"players": 2}, 1)
    seen = []
    ply = 0
    while GAME.decision(state).seat == CHANCE:
        f = state.stack[-1]
        action = sample_chance(GAME, state, 1, ply)
        seen.append((f["what"], GAME.public_notation(state, action)))
        state, events = GAME.apply(state, action)
        if f["what"] == "remove":
            assert [str(e.text) for e in events] == ["An order card is removed from the game unseen."]
            assert events[0].data == {}
        ply += 1
    assert sum(1 for what, shown in seen if what == "remove" and shown == "~?") == 16
    assert sum(1 for what, shown in seen if what == "deal" and shown == "~?") == 4
    assert all(shown is None for what, shown in seen if what not in ("remove", "deal"))


@pytest.mark.parametrize("players", [2, 3, 4])
def test_start_money_three_for_the_start_player_four_for_the_others(players):
    for start in range(players):
        table = new_game(players, start=start)
        assert table.state.start_player == start == table.decision.seat
        assert [p.yen for p in table.state.players] == [3 if s == start else 4 for s in range(players)]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_hand_and_warehouse_contents(players):
    state = random_setup(players, 5)
    for p in state.players:
        assert p.president is None
        assert (p.hand_assistants, p.wh_assistants) == (8, 12)
        assert (p.hand_shops, p.wh_shops) == (2, 6)
        assert (p.hand_houses, p.wh_houses, p.houses_taken) == (0, 4, 0)
        assert (p.copper, p.silk, p.tea, p.fish, p.ig, p.vp) == (1, 1, 1, 1, 0, 0)
        assert len(p.orders) == 1 and p.fulfilled == [] and p.technologies == [] and p.agents == []
    assert [p.colour for p in state.players] == ["blue", "pink", "purple", "yellow"][:players]
    assert state.agent_supply == {"us": 2, "nl": 1, "uk": 3, "fr": 2, "de": 2}


def test_two_player_neutral_pieces_block_one_church_and_one_customs_space():
    state = random_setup(2, 9)
    assert state.church == [None, None, None, NEUTRAL, None, None, None, None]
    assert state.customs == [None, None, NEUTRAL, None, None, None, None, None]
    for players in (3, 4):
        state = random_setup(players, 9)
        assert state.church == [None] * 8 and state.customs == [None] * 8


@pytest.mark.parametrize("players", [3, 4])
def test_no_building_tile_or_token_on_the_canal(players):
    for seed in range(4):
        state = random_setup(players, seed)
        canal = state.areas["canal"]
        assert canal.tile is None and canal.token is None and canal.shops == []
        others = [a for a in state.areas.values() if a.id != "canal"]
        assert all(a.tile is not None and len(a.shops) == 3 and a.token is not None for a in others)
        assert len({a.tile for a in others}) == len(others)
        assert len(state.tiles_left) == 24 - len(others)


def test_five_power_token_pool_with_and_without_free_agents():
    plain = random_setup(4, 2)
    assert len(plain.tokens_left) == 20 - 17
    assert all(not a.token.startswith("X") for a in plain.areas.values() if a.token)
    both = random_setup(4, 2, BOTH_MODULES)
    assert len(both.tokens_left) == 25 - 17


def test_one_achievement_per_stack_and_four_reward_tokens_with_the_module():
    state = random_setup(3, 4)
    assert sorted(a[0] for a in state.achievements) == ["A", "B", "C"]
    assert state.reward_tokens == []
    state = random_setup(3, 4, ["achievement-rewards"])
    assert len(state.reward_tokens) == 4 and len(set(state.reward_tokens)) == 4


def test_each_player_keeps_one_of_two_orders_and_boxes_the_other():
    table = new_game(3, dealt={0: ["H01", "M02"], 1: ["L04", "L05"], 2: ["M10", "H12"]}, keep={0: "M02", 2: "M10"})
    assert [p.orders for p in table.state.players] == [["M02"], ["L04"], ["M10"]]
    assert sorted(table.state.discarded) == ["H01", "H12", "L05"]
    assert table.state.dealt == {}


def test_keeping_asks_each_player_in_turn_order_and_hides_the_choice():
    state = GAME.setup({"players": 3}, 2)
    ply = 0
    while GAME.decision(state).seat == CHANCE:
        if state.stack[-1]["what"] == "start":
            state, _ = GAME.apply(state, GAME.parse_action(state, "~seat2"))
        else:
            state, _ = GAME.apply(state, sample_chance(GAME, state, 2, ply))
        ply += 1
    order = []
    while GAME.decision(state).kind == "keep":
        seat = GAME.decision(state).seat
        order.append(seat)
        legal = GAME.legal_actions(state)
        assert [a.args[0] for a in legal] == state.dealt[str(seat)] and len(legal) == 2
        assert GAME.public_notation(state, legal[1]) == "keep ?"
        assert GAME.private_choice(state, legal[1])
        state, _ = GAME.apply(state, legal[1])
        assert len(state.players[seat].orders) == 1
        # Nobody else sees the kept card.
        assert GAME.view(state, (seat + 1) % 3)["players"][seat]["orders"] == []
        assert GAME.view(state, seat)["players"][seat]["orders"] == state.players[seat].orders
    assert order == [1, 2, 0]
    assert GAME.decision(state).kind == "turn" and GAME.decision(state).seat == 1


@pytest.mark.parametrize("options", [{"players": 1}, {"players": 5}, {"players": "3"}, {"players": 3, "x": 1},
                                     {"players": 3, "modules": ["nope"]}])
def test_bad_options_are_refused(options):
    with pytest.raises(IllegalAction):
        GAME.setup(options, 0)


def test_layout_cells_and_first_turn():
    table = new_game(4, layout={0: "canal", 17: "bank"})
    assert table.state.layout[0] == "canal" and table.state.layout[17] == "bank"
    assert table.state.areas["bank"].cell == 17
    assert table.decision.kind == "turn" and table.decision.seat == 0
    assert table.legal() == ["main"]
