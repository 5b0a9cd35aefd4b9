"""The terminal text of a Yokohama table (``engine.yokohama.text.render_text``).

Whole random games (2, 3 with both mini-expansions, 4 players) are played; after every step the
text is drawn for a spectator and for every seat: a seat sees the order cards in its own hand (and
the two cards dealt to it at the opening), nobody sees another hand, the cards removed or boxed at
set-up or the order of a deck, and no line is longer than 100 characters. The text also renders in
Polish, Russian and German.
"""

from __future__ import annotations

import random
import re
from functools import cache
from typing import Any

import pytest

from engine.core import CHANCE, sample_chance
from engine.core.i18n import language, tr
from engine.yokohama import GAME, rules
from engine.yokohama.state import YState
from engine.yokohama.text import WIDTH, render_text

#: Random play that still ends in reasonable time: bookkeeping choices less likely, boards filled faster.
WEIGHTS = {**GAME.selfplay_weights, "church": 5.0, "customs": 5.0, "shop": 3.0, "house": 3.0, "recall": 0.3}
GAMES = [
    ({"players": 2}, 2),
    ({"players": 3, "modules": ["achievement_rewards", "free_agents"]}, 9),
    ({"players": 4}, 1),
]
#: Order card ids (``L03``) and technology card ids (``T17``); written without ``\b``, which is slow on
#: long texts (a stray match only makes the check stricter).
ORDER_ID = re.compile(r"[LMH][0-9]{2}(?![0-9])")
TECH_ID = re.compile(r"T[0-9]{2}(?![0-9])")


def step(state: YState, seed: int, ply: int, rng: random.Random) -> YState:
    """Play one step: the table's chance outcome or a weighted random legal move."""
    d = GAME.decision(state)
    if d.seat == CHANCE:
        action = sample_chance(GAME, state, seed, ply)
    else:
        legal = GAME.legal_actions(state)
        action = rng.choices(legal, weights=[WEIGHTS.get(a.kind, 1.0) for a in legal])[0]
    state, _events = GAME.apply(state, action)
    return state


def play(options: dict[str, Any], seed: int, plies: int | None = None) -> YState:
    """The state after ``plies`` steps of a random game (the whole game when ``None``)."""
    rng = random.Random(seed)
    state = GAME.setup(options, seed)
    ply = 0
    while GAME.decision(state).seat is not None and (plies is None or ply < plies):
        state = step(state, seed, ply, rng)
        ply += 1
    return state


@cache
def mid_game(players: int) -> YState:
    """A position well into a game: orders in hands, pieces on the boards."""
    options, seed = next((o, s) for o, s in GAMES if o["players"] == players)
    return play(options, seed, {2: 150, 3: 300, 4: 500}[players])


def face(order: str) -> str:
    """An order card's face in the current language, as the text prints it."""
    return str(tr(rules.order_text(order)))


def shows(text: str, order: str) -> bool:
    """Whether ``text`` prints the face of ``order`` as a whole (not as the start of a longer face)."""
    return re.search(re.escape(face(order)) + r"(?=$| —|\))", text, re.M) is not None


def hidden_faults(state: YState, viewer: int | None, text: str) -> list[str]:
    """What ``text`` (drawn for ``viewer``) shows that it must not, or misses that it must.

    Cards are found by their face (level, country, goods and reward): the text never prints a
    card's data id. A hidden card whose face equals a card the viewer may see cannot be told
    apart and is not counted."""
    faults = []
    if ORDER_ID.search(text):
        faults.append(f"viewer {viewer} sees order card ids: {ORDER_ID.findall(text)[:3]}")
    visible = [c for row in state.ports.values() for c in row if c]
    secret = set(state.removed) | set(state.discarded) | set(state.order_deck)
    for p in state.players:
        hand = set(p.orders) | set(state.dealt.get(str(p.seat), []))
        if p.seat == viewer:
            missing = sorted(o for o in hand if not shows(text, o))
            if missing:
                faults.append(f"seat {viewer} does not see its own {missing}")
            visible += hand
        else:
            secret |= hand
    faces = {face(o) for o in visible}
    leaked = sorted(o for o in secret if face(o) not in faces and shows(text, o))
    if leaked:
        faults.append(f"viewer {viewer} sees hidden {leaked}")
    if TECH_ID.search(text):
        faults.append(f"viewer {viewer} sees technology card ids")
    long = [line for line in text.splitlines() if len(line) > WIDTH]
    if long:
        faults.append(f"viewer {viewer}: {len(long)} lines over {WIDTH}: {long[0]!r}")
    marked = [line for line in text.splitlines() if line.startswith("*")]
    if len(marked) != (viewer is not None):
        faults.append(f"viewer {viewer}: marked blocks {marked}")
    return faults


@pytest.mark.parametrize(("options", "seed"), GAMES, ids=[f"{o['players']}p" for o, _s in GAMES])
@pytest.mark.slow
def test_every_view_of_a_whole_game_keeps_the_hands_hidden(options: dict[str, Any], seed: int) -> None:
    rng = random.Random(seed)
    state = GAME.setup(options, seed)
    viewers = [None, *range(options["players"])]
    faults: list[str] = []
    seen_own = 0
    ply = 0
    while True:
        for viewer in viewers:
            text = render_text(state, viewer)
            faults += [f"ply {ply}: {f}" for f in hidden_faults(state, viewer, text)]
            seen_own += viewer is not None and bool(state.players[viewer].orders)
        if GAME.decision(state).seat is None or len(faults) > 20:
            break
        state = step(state, seed, ply, rng)
        ply += 1
    assert not faults, "\n".join(faults[:20])
    assert state.over and seen_own > ply / 2  # the hands were full most of the game
    assert "Final scoring" in render_text(state, None)


def test_the_owner_sees_its_orders_and_nobody_else_does() -> None:
    state = mid_game(4)
    owners = [p for p in state.players if p.orders]
    assert owners, "the position should have orders in hand"
    spectator = render_text(state, None)
    for p in state.players:
        assert f"orders in hand: {len(p.orders)}" in spectator
    assert "your orders" not in spectator and not any(line.startswith("*") for line in spectator.splitlines())
    for owner in owners:
        mine = render_text(state, owner.seat)
        assert f"*{owner.colour.upper()} " in mine
        assert "your orders in hand" in mine
        ports = {face(c) for row in state.ports.values() for c in row if c}
        for order in owner.orders:
            assert shows(mine, order)
            if face(order) not in ports:
                assert not shows(spectator, order)
                for other in state.players:
                    if other.seat != owner.seat:
                        assert not shows(render_text(state, other.seat), order)
    assert GAME.text(state, 0) == render_text(state, 0)


def test_the_opening_choice_is_shown_to_its_player_only() -> None:
    state = GAME.setup({"players": 2}, 4)
    ply = 0
    while GAME.decision(state).kind != "keep":
        state, _events = GAME.apply(state, sample_chance(GAME, state, 4, ply))
        ply += 1
    chooser = GAME.decision(state).seat
    assert chooser is not None
    dealt = state.dealt[str(chooser)]
    mine = render_text(state, chooser)
    assert "dealt to you" in mine and all(shows(mine, card) for card in dealt)
    spectator = render_text(state, None)
    ports = {face(c) for row in state.ports.values() for c in row if c}
    assert not any(shows(spectator, card) for cards in state.dealt.values() for card in cards
                   if face(card) not in ports)
    assert spectator.count("choosing from 2 dealt orders") == len(state.dealt)
    other = render_text(state, 1 - chooser)
    assert not any(shows(other, card) for card in dealt if face(card) not in ports) and "choosing from 2 dealt orders" in other


def test_the_board_shows_what_gives_power_and_the_management_boards() -> None:
    state = mid_game(4)
    text = render_text(state, None)
    assert text.startswith("== Yokohama — round ")
    assert "Colours: Bl = Blue, Pk = Pink, Pu = Purple, Ye = Yellow" in text
    for board in ("Port A —", "Port B —", "Laboratory A —", "Laboratory B —", "Church board (", "Customs House board ("):
        assert board in text
    assert "Achievements (" in text and "Foreign agents in the supply:" in text
    assert text.splitlines()[-1].startswith(">> ")
    area_lines = [line for line in text.splitlines() if re.match(r"^ {2}[ 1]\d [A-Z].* \[[a-z0-9]+\]", line)]
    assert len(area_lines) == 18
    for p in state.players:
        if p.president is not None:
            code = {"blue": "Bl", "pink": "Pk", "purple": "Pu", "yellow": "Ye"}[p.colour]
            assert re.search(rf"president [A-Za-z ]*{code}", text)


def test_the_two_player_mode_shows_its_neutral_pieces() -> None:
    text = render_text(mid_game(2), 0)
    assert text.count("neutral piece") == 2
    assert "Canal" not in text and "Port B" not in text


@pytest.mark.parametrize("lang", ["pl", "ru", "de"])
@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_text_renders_in_every_language(lang: str, players: int) -> None:
    state = mid_game(players)
    english = render_text(state, 0)
    with language(lang):
        for viewer in (None, 0):
            text = render_text(state, viewer)
            assert text.startswith("== ") and text.splitlines()[-1].startswith(">> ")
            assert max(len(line) for line in text.splitlines()) <= WIDTH
            assert not re.search(r"\{[a-z_]+\}", text), "an unformatted placeholder"
            assert not hidden_faults(state, viewer, text)
    assert render_text(state, 0) == english  # the language was only changed inside the block
