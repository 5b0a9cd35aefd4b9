"""Move notation: every legal action of random games (2, 3 and 4 players, both modules) survives
``parse(format(a)) == a``; ill-formed input is refused with a reason that says what is wrong."""

from __future__ import annotations

import pytest

from engine.core import CHANCE, Action, IllegalAction, RandomPolicy, sample_chance
from engine.yokohama import GAME
from engine.yokohama.notation import format_action, parse_action

from .scenario import BOTH_MODULES, new_game

GAMES = [(2, 1), (2, 2), (3, 3), (3, 4), (4, 5), (4, 6)]


def round_trip_game(players: int, seed: int) -> tuple[int, set[str]]:
    """Play one random game, checking ``parse(format(a)) == a`` for every legal action at every
    decision; returns how many actions were checked and their kinds."""
    state = GAME.setup({"players": players, "modules": list(BOTH_MODULES)}, seed)
    policy = RandomPolicy(seed, GAME.selfplay_weights)
    kinds: set[str] = set()
    checked = ply = 0
    while (seat := GAME.decision(state).seat) is not None:
        legal = GAME.legal_actions(state)
        assert len(set(legal)) == len(legal), "duplicate legal actions"
        for action in legal:
            text = GAME.format_action(state, action)
            assert text.isascii() and text == text.strip() and "  " not in text
            assert GAME.parse_action(state, text) == action, text
            assert GAME.parse_action(state, text.upper()) == action, text
        kinds.update(a.kind for a in legal)
        checked += len(legal)
        action = sample_chance(GAME, state, seed, ply) if seat == CHANCE else policy.choose({}, legal)
        GAME.apply_unchecked(state, action)
        ply += 1
    return checked, kinds


@pytest.fixture(scope="module")
def round_trips() -> list[tuple[int, set[str]]]:
    return [round_trip_game(players, seed) for players, seed in GAMES]


def test_every_legal_action_round_trips(round_trips):
    assert all(checked > 1000 for checked, _ in round_trips)


def test_the_random_games_offered_every_common_kind(round_trips):
    kinds = set().union(*(k for _, k in round_trips))
    assert {"chance", "keep", "main", "end", "put", "double", "skip", "done", "go", "home", "recall", "agent",
            "order", "token", "shop", "house", "port", "tech", "church", "customs", "hire", "sell", "buy", "pass",
            "shift", "stop", "good", "achieve", "free-agent", "leave", "all"} <= kinds


def test_rare_choices_round_trip_too():
    # "take" (a warehouse shop reward, one 5-power token) and "station"/"reward" are rare in random
    # games: their notation is checked directly.
    for text, action in (("take", Action("take")), ("station", Action("station")),
                         ("station laba", Action("station", ("laba",))), ("reward R2", Action("reward", ("R2",))),
                         ("university", Action("university")), ("spin", Action("spin")),
                         ("tram porta", Action("tram", ("porta",)))):
        assert parse_action(text) == action and format_action(action) == text


def test_numbers_choose_from_the_legal_list():
    table = new_game(2)
    table.turn(0, "place")
    legal = GAME.legal_actions(table.state)
    assert GAME.parse_action(table.state, "1") == legal[0]
    assert GAME.parse_action(table.state, str(len(legal))) == legal[-1]
    with pytest.raises(IllegalAction) as info:
        GAME.parse_action(table.state, str(len(legal) + 1))
    assert f"choose 1 to {len(legal)}" in str(info.value.reason)


def refused(text: str) -> str:
    table = new_game(3)
    with pytest.raises(IllegalAction) as info:
        GAME.parse_action(table.state, text)
    return str(info.value.reason)


def test_unknown_word():
    reason = refused("fly bank")
    assert reason.startswith("Unknown word 'fly'") and "put" in reason


def test_wrong_argument_counts():
    assert "'put' takes 1 argument" in refused("put")
    assert "'put' takes 1 argument" in refused("put bank tea1")
    assert "takes no arguments" in refused("main now")
    assert "'tech' takes 3 arguments" in refused("tech 3")
    assert "'port' takes one space" in refused("port 1 2")
    assert "'church' takes a space" in refused("church 3")


def test_non_ascii_and_oversized_and_empty():
    assert "plain ASCII" in refused("put bänk")
    reason = refused("put " + "x" * 300)
    assert "304 characters long" in reason and "at most 200" in reason
    assert "Empty move" in refused("   ")


def test_unknown_area_and_values():
    reason = refused("put nowhere")
    assert "Unknown area 'nowhere'" in reason and "bank" in reason
    assert "Unknown good" in refused("buy gold")
    assert "must be a number" in refused("shop two")
    assert "Unknown chance outcome" in refused("~Z99")


def test_canonical_forms():
    table = new_game(3)
    s = table.state
    assert GAME.parse_action(s, "  PUT   Bank ") == Action("put", ("bank",))
    assert GAME.parse_action(s, "tech 3 0 -") == Action("tech", (3, 0, "-"))
    assert GAME.parse_action(s, "port 1 3 IG") == Action("port", (1, 3, "ig"))
    assert GAME.parse_action(s, "~b05") == Action("chance", ("B05",))
    assert GAME.parse_action(s, "church 3 hand yen copper") == Action("church", (3, "hand", "copper", "yen"))
    assert GAME.parse_action(s, "port 3 1 yen") == Action("port", (1, 3, "yen"))
    assert GAME.parse_action(s, "station") == Action("station")
    assert GAME.parse_action(s, "station laba") == Action("station", ("laba",))
    assert GAME.format_action(s, Action("shift", ("hand", "tea1"))) == "shift hand tea1"
