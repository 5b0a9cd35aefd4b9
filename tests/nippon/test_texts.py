"""Every text the Nippon engine gives players is a translatable Msg of the ``nippon`` domain.

Random games (2–4 players) are played; every event text, decision prompt, menu label
(``describe``), refusal reason (garbage input, near-miss moves, bad options) and rules topic is
checked: a :class:`engine.core.i18n.Msg` of the domain ``nippon`` whose arguments are only
``str``/``int``/Msg, whose English re-formats to itself, and whose id the catalogue tool extracts.
The terminal text renders in English and every topic example is real notation.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from functools import lru_cache

import pytest

from engine.core import CHANCE, Action, IllegalAction, sample_chance
from engine.core.i18n import Msg, Number, tr
from engine.nippon import GAME

from .scenario import base_game

DOMAIN = "nippon"
GARBAGE = ["", "hello", "take", "take 9 knowledge red", "take 1 market red", "take 1 knowledge purple", "up",
           "done", "factory SI-1", "factory LB-4", "produce silk", "machine supply", "train R1", "ship R4",
           "export K8 silk paper", "market M1 N 1 1", "market M1 N 1 1 evict W", "reward 5 coal", "place A1",
           "bp money", "consolidate", "~red", "0", "99999", "x" * 300]


@lru_cache(maxsize=1)
def extracted() -> frozenset[tuple[str | None, str]]:
    """``(context, msgid)`` of every id ``python -m bot i18n update`` would extract for ``nippon``."""
    from bot import catalogues

    (domain,) = [d for d in catalogues.domain_sources() if d.name == DOMAIN]
    ids = set()
    for message in catalogues.extract(domain):
        if message.id:
            ids.add((message.context, message.id if isinstance(message.id, str) else message.id[0]))
    return frozenset(ids)


def faults(text: object, where: str) -> Iterator[str]:
    """What keeps ``text`` from being a proper, translatable ``nippon`` Msg (nothing if it is one)."""
    if type(text) is not Msg:
        yield f"{where}: {text!r} is a plain {type(text).__name__}"
        return
    assert isinstance(text, Msg)
    if (text.context, text.msgid) not in extracted():
        yield f"{where}: {text.msgid!r} (context {text.context!r}) is not in the catalogue template"
    if text.domain != DOMAIN or tr(text, "en") != str(text):
        yield f"{where}: domain {text.domain!r} / English {str(text)!r} does not re-format"
    for key, arg in text.args.items():
        if isinstance(arg, Msg):
            yield from faults(arg, f"{where}.{key}")
        elif type(arg) not in (int, str, Number):  # Number: digits grouped per language
            yield f"{where}: argument {key} is {type(arg).__name__}"


class Audit:
    """Counts the texts looked at and keeps the faults found."""

    def __init__(self) -> None:
        self.faults: list[str] = []
        self.seen: dict[str, int] = {}

    def look(self, text: object, what: str, where: str) -> None:
        self.seen[what] = 1 + self.seen.get(what, 0)
        self.faults += list(faults(text, f"{what} ({where})"))

    def refuse(self, state: object, move: str | Action, where: str) -> None:
        """Try ``move``; when refused its reason is audited; the state must not change either way."""
        snapshot = GAME.to_json(state)
        try:
            GAME.apply(state, GAME.parse_action(state, move) if isinstance(move, str) else move)
        except IllegalAction as refusal:
            self.look(refusal.reason, "reason", f"{where}: {move}")
        assert GAME.to_json(state) == snapshot


def near_misses(legal: list[Action], rng: random.Random) -> list[Action]:
    """Legal-looking moves with one argument changed."""
    swapped = {"N": "S", "silk": "bulbs", "R1": "R2"}
    out = []
    for action in rng.sample(legal, min(3, len(legal))):
        for i, arg in enumerate(action.args):
            changed = arg + 3 if isinstance(arg, int) else swapped.get(arg, arg)
            out.append(Action(action.kind, action.args[:i] + (changed,) + action.args[i + 1:]))
    return out


@pytest.mark.parametrize(("players", "seed"), [(2, 31), (3, 32), (4, 33)])
def test_every_engine_text_is_a_translatable_msg(players, seed):
    found = Audit()
    rng = random.Random(seed)
    state = GAME.setup({"players": players}, seed)
    ply = 0
    while True:
        d = GAME.decision(state)
        where = f"{players}p seed {seed} ply {ply}"
        found.look(d.prompt, "prompt", where)
        if d.seat is None:
            break
        if d.seat == CHANCE:
            action = sample_chance(GAME, state, seed, ply)
            found.look(GAME.describe(state, action), "describe", where)
        else:
            legal = GAME.legal_actions(state)
            for a in rng.sample(legal, min(8, len(legal))):
                found.look(GAME.describe(state, a), "describe", where)
            if ply % 5 == 0:
                for text in rng.sample(GARBAGE, 6):
                    found.refuse(state, text, where)
                for a in near_misses(legal, rng):
                    found.refuse(state, a, where)
            action = rng.choice(legal)
        state, events = GAME.apply(state, action)
        for e in events:
            found.look(e.text, f"event {e.kind}", where)
        ply += 1
    found.refuse(state, "consolidate", "over")
    assert found.faults == [], "\n".join(found.faults[:30])
    assert found.seen["reason"] > 50 and found.seen["describe"] > 200
    assert {"event take", "event consolidate", "event scoring", "event final_score"} <= set(found.seen)


def test_option_refusals_topics_and_terms_are_msgs():
    found = Audit()
    for options in ({"players": 7}, {"players": 2, "modules": ["x"]}, {"players": 2, "colour": "red"}):
        try:
            GAME.setup(options, 1)
        except IllegalAction as exc:
            found.look(exc.reason, "option", str(options))
    for warning in GAME.option_warnings({"players": 2, "first_game": True}):
        found.look(warning, "option warning", "first_game")
    state = base_game(2).state
    for topic in GAME.rules_topics():
        for part in (topic.title, topic.section, topic.text):
            found.look(part, "topic", topic.key)
        for example in topic.examples:
            GAME.parse_action(state, example)  # real notation
    for seat_label in GAME.seat_labels(state):
        found.look(GAME.seat_label_text(seat_label), "seat label", seat_label)
    assert found.faults == [], "\n".join(found.faults)
    assert {t.key for t in GAME.rules_topics()} >= {"turn", "invest", "produce", "mechanize", "knowledge", "mines",
                                                      "trains", "ships", "export", "market", "consolidate",
                                                      "blueprints", "scoring", "final", "undo", "notation"}
    ids = extracted()
    for context, msgid in GAME.terms():
        assert (context, msgid) in ids


def test_terminal_text_and_view_names():
    t = base_game(4)
    text = GAME.text(t.state, 0)
    assert text.startswith("== Nippon") and "*YELLOW" in text and ">> Yellow:" in text
    assert "M1: N len (0) | E pap (1) | S sil (2) | W bul (3)" in text
