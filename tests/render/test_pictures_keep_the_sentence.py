"""Turn pictures never drop or cut what happened: over positions of the stored fixture games of every
game, in the four languages, the words a turn picture draws (recorded with
:func:`render.core.draw.text_probe`) hold the first sentence of the move's account whole (possibly
over wrapped lines), the alt text holds it too, and a text cut with "…" has its full form in the alt
text."""

from __future__ import annotations

import json
from collections.abc import Iterator
from functools import cache
from importlib import import_module
from pathlib import Path
from typing import Any

import pytest

from engine.core import CHANCE, Event, get_game
from engine.core.i18n import language, tr
from engine.core.narration import account_lines
from render.core.cards import alt_turn, draw_turn
from render.core.draw import ELLIPSIS, text_probe

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"
LANGS = ("en", "pl", "ru", "de")
#: Fixture games and how many of their player moves are looked at (evenly spread).
GAMES = {"nippon-3p": 26, "nippon-4p": 26, "yokohama-3p": 20, "zaibatsu-3p": 20}
#: The marker a picture puts after its last drawn sentence when it leaves sentences out.
MORE = " " + ELLIPSIS


@cache
def steps(fixture: str) -> list[tuple[str, Any, int, str, tuple[Event, ...]]]:
    """``(game, state after, seat, move, public events)`` of evenly spread player moves of a stored
    fixture game, each with the random draws that followed it (as the host posts a step)."""
    stored = json.loads((FIXTURES / f"{fixture}.json").read_text(encoding="utf-8"))
    game = get_game(stored["game"])
    state = game.setup(stored["options"], stored["seed"])
    moves: list[str] = stored["moves"]
    found = []
    i = 0
    while i < len(moves):
        seat = game.decision(state).seat
        action = game.parse_action(state, moves[i])
        shown = game.format_action(state, action)
        state, events = game.apply(state, action)
        i += 1
        if seat == CHANCE or seat is None:
            continue
        evs = list(events)
        while i < len(moves) and game.decision(state).seat == CHANCE:
            state, more = game.apply(state, game.parse_action(state, moves[i]))
            evs += more
            i += 1
        found.append((stored["game"], state, seat, shown, tuple(e for e in evs if not e.data.get("private"))))
    every = max(1, len(found) // GAMES[fixture])
    return found[::every]


def cases() -> Iterator[tuple[str, int]]:
    for fixture, count in GAMES.items():
        for k in range(count):
            yield fixture, k


def _flat(text: str) -> str:
    """``text`` with every run of white space (no-break spaces too) as one space: wrapped lines joined."""
    return " ".join(text.split())


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("fixture", sorted(GAMES))
def test_the_turn_picture_keeps_the_first_sentence_whole(fixture: str, lang: str) -> None:
    dropped, cut, not_told = [], [], []
    for name, state, seat, move, events in steps(fixture):
        game = get_game(name)
        view = game.view(state, None)
        with language(lang):
            last = {"seat": seat, "move": move,
                    "events": [{"kind": e.kind, "seat": e.seat, "text": str(tr(e.text)), "data": dict(e.data)}
                               for e in events]}
            card = import_module(f"render.{name}").turn_card(view, last)
            with text_probe() as texts:
                draw_turn(card)
            alt = alt_turn(card)
            told = {_flat(line) for line in account_lines(game, events)} | {_flat(e["text"]) for e in last["events"]}
        drawn = _flat(" ".join(texts))
        if card.last_lines:
            first = _flat(card.last_lines[0])
            # the picture's first sentence is a sentence of the move's account (or one of its events)
            if first not in told:
                not_told.append((move, first))
            if first not in drawn or first not in _flat(alt):
                dropped.append((move, first))
        for text in texts:
            if text.endswith(ELLIPSIS) and not text.endswith(MORE) and text != ELLIPSIS:
                head = _flat(text[: -len(ELLIPSIS)])
                if not any(head in _flat(part) for part in alt.split(". ")) or head + ELLIPSIS in _flat(alt):
                    cut.append((move, text))
    assert not_told == [], not_told[:5]
    assert dropped == [], dropped[:5]
    assert cut == [], cut[:5]


def test_the_positions_have_sentences_to_keep() -> None:
    with language("en"):
        for fixture in GAMES:
            told = [import_module(f"render.{name}").turn_card(get_game(name).view(state, None), {
                "seat": seat, "move": move,
                "events": [{"kind": e.kind, "seat": e.seat, "text": str(tr(e.text)), "data": dict(e.data)}
                           for e in events]}).last_lines for name, state, seat, move, events in steps(fixture)]
            assert len(told) >= GAMES[fixture] and sum(1 for lines in told if lines) >= len(told) // 2, fixture
