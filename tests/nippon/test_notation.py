"""Notation (docs/notation-nippon.md): canonical, ASCII, case-insensitive; parse(format(a)) == a
for every legal action over random games; bad input is refused with a Msg and the state unchanged."""

from __future__ import annotations

import random

import pytest

from engine.core import CHANCE, Action, IllegalAction, sample_chance
from engine.core.i18n import Msg
from engine.nippon import GAME
from engine.nippon.notation import MAX_LEN, format_action, parse_action

from .scenario import add_factory, base_game, player, puzzle

EXAMPLES = [
    ("take 1 knowledge red", Action("take", (1, "knowledge", "red"))),
    ("TAKE 5 Market YELLOW", Action("take", (5, "market", "yellow"))),
    ("take 4 mechanization grey", Action("take", (4, "mechanize", "grey"))),
    ("consolidate", Action("consolidate")),
    ("cons", Action("consolidate")),
    ("up", Action("up")),
    ("done", Action("done")),
    ("factory be-2", Action("factory", ("BE-2",))),
    ("produce Bulbs", Action("produce", ("bulbs",))),
    ("machine supply", Action("machine", ("supply",))),
    ("train r2", Action("train", ("R2",))),
    ("ship R3", Action("ship", ("R3",))),
    ("export k4 silk paper", Action("export", ("K4", "silk", "paper"))),
    ("market m3 n 2 5", Action("market", ("M3", "N", 2, 5, "-"))),
    ("market M1 N 2 4 evict w", Action("market", ("M1", "N", 2, 4, "W"))),
    ("reward 3x coal", Action("reward", (3, "coal"))),
    ("place a4", Action("place", ("A4",))),
    ("bp Knowledge", Action("bp", ("knowledge",))),
    ("~Red", Action("chance", ("red",))),
    ("~ seat2", Action("chance", ("seat2",))),
    ("~c4", Action("chance", ("C4",))),
    ("~r1", Action("chance", ("r1",))),
    ("~coal", Action("chance", ("coal",))),
]


@pytest.mark.parametrize(("text", "action"), EXAMPLES)
def test_parse_examples(text, action):
    assert parse_action(text) == action
    assert parse_action(format_action(action)) == action
    assert format_action(action).isascii()


BAD = ["", "   ", "hello", "take", "take x knowledge red", "take 1 dance red", "take 1 knowledge purple",
       "take 1 knowledge", "up now", "factory XX-9", "produce rice", "machine", "train R9", "ship",
       "export", "export K9 silk", "export K1 silk paper bento clocks", "market M9 N 1 1", "market M1 Q 1 1",
       "market M1 N x 1", "market M1 N 1 1 oust W", "market M1 N 1", "reward x coal", "reward 3 gold",
       "place A10", "bp gold", "~", "~nonsense", "~red blue", "take 1 knowledge réd", "x" * (MAX_LEN + 1),
       "take 99999999999999 knowledge red"]


@pytest.mark.parametrize("text", BAD)
def test_ill_formed_notation_is_refused_with_a_msg(text):
    with pytest.raises(IllegalAction) as info:
        parse_action(text)
    assert isinstance(info.value.reason, Msg) and info.value.reason.domain == "nippon"


def test_move_numbers_and_bad_input_leave_the_state_unchanged():
    t = base_game(3)
    legal = GAME.legal_actions(t.state)
    assert GAME.parse_action(t.state, "1") == legal[0]
    assert GAME.parse_action(t.state, str(len(legal))) == legal[-1]
    before = GAME.to_json(t.state)
    for text in ("0", str(len(legal) + 1), "9" * 5000, "²", "take 1 knowledge red extra"):
        with pytest.raises(IllegalAction) as info:
            GAME.apply(t.state, GAME.parse_action(t.state, text))
        assert isinstance(info.value.reason, Msg)
    assert GAME.to_json(t.state) == before


def test_out_of_turn_and_illegal_choices_are_refused_state_unchanged():
    t = puzzle(3, lambda d: add_factory(d, 0, "SI-1", stored=1), lambda d: player(d, 0, money=3))
    before = GAME.to_json(t.state)
    for move in ("done", "up", "factory SI-2", "reward 2 coal", "place A1", "~red", "take 2 invest white",
                 "take 1 knowledge purple", "take 3 market red", "market M1 S 1 1", "bp coal", "export K1 silk"):
        with pytest.raises(IllegalAction) as info:
            t.apply(move)
        assert isinstance(info.value.reason, Msg) and str(info.value.reason)
        assert GAME.to_json(t.state) == before
    # A chance outcome while a player must decide, and a player move while chance is pending.
    s = GAME.setup({"players": 2}, 3)
    with pytest.raises(IllegalAction):
        GAME.apply(s, Action("consolidate"))
    with pytest.raises(IllegalAction):
        GAME.apply(s, Action("chance", ("seat3",)))


def test_round_trip_for_every_legal_action_in_random_games():
    checked = 0
    for players, seed in ((2, 1), (3, 2), (4, 3)):
        state = GAME.setup({"players": players}, seed)
        rng = random.Random(seed)
        ply = 0
        while GAME.decision(state).seat is not None:
            legal = GAME.legal_actions(state)
            for a in legal:
                text = GAME.format_action(state, a)
                assert GAME.parse_action(state, text) == a, text
                assert GAME.parse_action(state, text.upper()) == a
                checked += 1
            d = GAME.decision(state)
            action = sample_chance(GAME, state, seed, ply) if d.seat == CHANCE else rng.choice(legal)
            GAME.apply_unchecked(state, action)
            ply += 1
    assert checked > 3000
