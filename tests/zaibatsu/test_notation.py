"""Notation (engine/zaibatsu/notation.py): parse(format(a)) == a for every legal action, and every
bad input is refused with IllegalAction and a clear reason, leaving the state unchanged."""

from __future__ import annotations

import random

import pytest

from engine.core import CHANCE, IllegalAction, sample_chance
from engine.zaibatsu import GAME

from .scenario import add_factory, new_game, player_json, puzzle, set_workforce, setup_chance


def random_states(players, seed, every=1):
    """Yield the states of a random game (chance sampled from ``seed``, players uniform)."""
    state = GAME.setup({"players": players, "first_game": seed % 2 == 0}, seed)
    rng = random.Random(seed)
    ply = 0
    while GAME.decision(state).seat is not None:
        if ply % every == 0:
            yield state
        if GAME.decision(state).seat == CHANCE:
            action = sample_chance(GAME, state, seed, ply)
        else:
            action = rng.choice(GAME.legal_actions(state))
        GAME.apply_unchecked(state, action)
        ply += 1
    yield state


@pytest.mark.parametrize(("players", "seed"), [(2, 1), (3, 2), (4, 3), (2, 4), (4, 5)])
def test_parse_format_round_trip_every_legal_action(players, seed):
    seen = set()
    for state in random_states(players, seed):
        legal = GAME.legal_actions(state)
        for action in legal:
            text = GAME.format_action(state, action)
            assert GAME.parse_action(state, text) == action, text
            # case-insensitive and surrounding blanks ignored
            assert GAME.parse_action(state, f"  {text.upper()}  ") == action, text
            seen.add(action.kind)
            assert GAME.describe(state, action)
        if legal and GAME.decision(state).seat != CHANCE:
            # a 1-based number picks from the legal list
            assert GAME.parse_action(state, "1") == legal[0]
            assert GAME.parse_action(state, str(len(legal))) == legal[-1]
    assert {"chance", "take", "consolidate", "pay"} <= seen


def test_text_and_view_for_every_player_decision():
    for state in random_states(3, 7, every=5):
        view = GAME.view(state, 1)
        assert "stack" not in view and view["decision"]["seat"] == GAME.decision(state).seat
        if GAME.decision(state).seat != CHANCE:
            assert GAME.text(state, 0)


def test_text_during_setup_draws():
    # The readable board works at every point, including a half-drawn start-tile pair.
    for state in random_states(2, 7):
        text = GAME.text(state, None)
        assert "Hiring spaces:" in text and ">>" in text


@pytest.fixture
def turn():
    """Purple's turn with money for R&D/Mining and goods for nothing: a plain turn decision."""
    return puzzle(2, lambda d: player_json(d, 0, money=3), lambda d: add_factory(d, 0, "cotton1A"))


BAD = [
    ("", "Empty move"),
    ("   ", "Empty move"),
    ("fly 3", "Unknown word"),
    ("²", "Unknown word"),
    ("x" * 5000, "at most 200"),
    ("1" * 5000, "at most 200"),
    ("take 3 factory red " + "x" * 300, "at most 200"),
    ("0", "no move number"),
    ("999", "no move number"),
    ("take x factory red", "must be a number"),
    ("take 3 factory purple", "Unknown worker colour"),
    ("take 3 dance red", "Unknown action"),
    ("take 3 factory", "takes 3 arguments"),
    ("take 9 rd black", "hiring spaces 1 to 5"),
    ("take 5 rd white", "offers Local markets"),
    ("take 4 rd white", "no white worker"),
    ("take 5 markets white", "even once"),
    ("rd two", "must be a number"),
    ("rd 1", "not possible here"),
    ("mine 1 +fx", "must be a number"),
    ("factory nowhere1A", "Unknown factory"),
    ("factory cotton1A gold", "silkN"),
    ("machine 1 X", "L or R"),
    ("ship mars iron", "Unknown destination"),
    ("ship berlin gold", "Unknown payment"),
    ("train R9 1 iron", "Unknown region"),
    ("market M9 N 1 vp", "Unknown market"),
    ("market M1 Q 1 vp", "N, E, S or W"),
    ("market M1 N 1.x vp", "must be a number"),
    ("market M1 N 1 cash", "Unknown reward"),
    ("market M1 N 1 vp evict", "market"),
    ("market M1 N 1 vp oust W", "evict"),
    ("invest 1 C9", "Unknown reward"),
    ("consolidate now", "takes no arguments"),
    ("pay", "not possible here"),
    ("dept green", "Unknown colour"),
    ("white sideways", "Unknown choice"),
    ("prestige one rd", "must be a number"),
    ("prestige 1 garden", "Unknown goal slot"),
    ("convert lots", "must be a number"),
    ("~", "needs a value"),
    ("~red", "drawn by the table"),
    ("~nonsense", "Unknown chance outcome"),
]


@pytest.mark.parametrize(("text", "reason"), BAD)
def test_bad_input_refused_state_unchanged(turn, text, reason):
    before = GAME.to_json(turn.state)
    with pytest.raises(IllegalAction) as exc:
        action = GAME.parse_action(turn.state, text)
        GAME.apply(turn.state, action)
    assert reason in exc.value.reason, exc.value.reason
    assert 0 < len(exc.value.reason) < 1000
    assert GAME.to_json(turn.state) == before


def test_move_for_the_wrong_seat_or_decision():
    # Green holds a worker and could consolidate; it is Purple's turn and Purple has none.
    t = puzzle(2, lambda d: player_json(d, 0, money=3), lambda d: set_workforce(d, 1, ["red"]))
    before = t.json()
    with pytest.raises(IllegalAction) as exc:
        t.apply("consolidate")
    assert "no worker in your workforce" in exc.value.reason
    assert t.json() == before
    # a choice of another decision kind (a draft pair during a turn)
    with pytest.raises(IllegalAction) as exc:
        t.apply("pair A8 B1")
    assert "not possible here" in exc.value.reason
    assert t.json() == before


def test_player_move_during_a_chance_decision():
    state = GAME.setup({"players": 2}, 0)
    assert GAME.decision(state).seat == CHANCE
    before = GAME.to_json(state)
    for text in ("consolidate", "take 1 trains grey", "pair A1 B1"):
        with pytest.raises(IllegalAction) as exc:
            GAME.apply(state, GAME.parse_action(state, text))
        assert "random event is pending" in exc.value.reason
    # a chance outcome that is not possible now (a demand tile is asked for, not a colour)
    with pytest.raises(IllegalAction):
        GAME.apply(state, GAME.parse_action(state, "~red"))
    assert GAME.to_json(state) == before


def test_draft_pair_not_offered():
    g = new_game(2, chance=setup_chance(2, pairs=[("A1", "B1"), ("A2", "B2"), ("A3", "B3")]))
    assert g.decision.kind == "draft"
    before = g.json()
    with pytest.raises(IllegalAction):
        g.apply("pair A1 B2")  # not one of the laid-out pairs
    assert g.json() == before
    g.apply("pair A1 B1")
    assert g.player(1).start_a == "A1"


def test_activation_reasons(turn):
    turn.play("take 4 rd black")
    before = turn.json()
    with pytest.raises(IllegalAction) as exc:
        turn.apply("rd 3")
    assert "costs 6 money" in exc.value.reason
    with pytest.raises(IllegalAction) as exc:
        turn.apply("rd 4")
    assert "1 to 3 steps" in exc.value.reason
    with pytest.raises(IllegalAction) as exc:
        turn.apply("done")  # nothing activated yet
    assert exc.value.reason
    assert turn.json() == before


WORDS = ["take", "rd", "mine", "factory", "machine", "produce", "ship", "train", "market", "invest", "dept", "white",
         "pair", "prestige", "convert", "keep", "spread", "trade", "region", "side", "worker", "mod", "consolidate",
         "done", "pay", "skip", "~red", "~DT1", "~r1", "~seat1", "~A1", "cons", "TAKE", "Market"]
ARGS = ["1", "2", "3", "0", "-1", "99", "L", "R", "x", "berlin", "iron", "money", "free", "extra", "R1", "R9", "M1",
        "N", "E", "S", "W", "1.1", "2.2.2", "1.x", "bonus", "vp", "evict", "C7", "C9", "finance", "blue", "rd",
        "mining", "rd2", "both", "cotton1A", "silk1", "silk3", "+f1", "+F9", "yes", "no", "paper", "A1", "B1",
        "1.2.3", "trains", "ships", "markets", "red", "grey", "", "½", "٣"]


@pytest.mark.parametrize(("players", "seed"), [(2, 21), (4, 22)])
def test_fuzzed_text_never_escapes_as_another_error(players, seed):
    # Random word salad at many decisions: either a legal move, or IllegalAction with the state
    # unchanged — never another exception.
    rng = random.Random(seed)
    for state in random_states(players, seed, every=4):
        if GAME.decision(state).seat is None:
            continue
        before = GAME.to_json(state)
        for _ in range(15):
            text = " ".join([rng.choice(WORDS)] + [rng.choice(ARGS) for _ in range(rng.randint(0, 5))])
            try:
                GAME.apply(state, GAME.parse_action(state, text))
            except IllegalAction as exc:
                assert exc.reason
            assert GAME.to_json(state) == before, text
