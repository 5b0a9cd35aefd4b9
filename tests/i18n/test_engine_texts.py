"""Every text the Nippon: Zaibatsu engine gives players is a translatable Msg of its domain.

Random games (2–4 players, both modules, solo at every difficulty) are played; every event text,
decision prompt, menu label (``describe``), refusal reason (garbage input, illegal moves that look
legal, bad options) and result text is checked: an :class:`engine.core.i18n.Msg` of the domain
``zaibatsu`` whose arguments are only ``str``/``int``/Msg (nested Msgs checked the same way), whose
English re-formats to itself, and whose id was extracted into the catalogue template (so it can
be translated at all: an id built at run time would never be).
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from functools import cache
from typing import Any

import pytest

from engine.core import CHANCE, Action, IllegalAction, sample_chance
from engine.core.i18n import Msg, tr
from engine.zaibatsu import GAME
from engine.zaibatsu.automa import narration_text

DOMAIN = "zaibatsu"
GARBAGE = ["", "   ", "hello", "take", "take x factory red", "take 3 factory purple", "take 3 dance red",
           "take 9 rd black", "take 5 rd white", "rd two", "rd 9", "mine 1 +fx", "factory nowhere1A",
           "factory cotton1A gold", "machine 1 X", "machine 9 L", "produce 9", "ship mars iron",
           "ship berlin gold", "train R9 1 iron", "train R1 9 iron", "market M9 N 1 vp", "market M1 Q 1 vp",
           "market M1 N 1.x vp", "market M1 N 1 cash", "market M1 N 1 vp evict", "market M1 N 1 vp oust W",
           "market M1 N 1 bonus", "invest 1 C9", "invest 1.1 finance", "invest 1 C1", "consolidate now",
           "consolidate", "done", "pay", "skip", "dept green", "dept blue", "white sideways", "white rd",
           "prestige one rd", "prestige 1 garden", "prestige 3 rd", "convert lots", "convert 99", "keep 9 9",
           "spread 1.2.3", "trade maybe", "trade yes", "region R9", "side wood", "worker purple", "mod 9",
           "reward 99", "pair A1 B9", "pair A1 B1", "~", "~red", "~nonsense", "0", "99999", "x" * 300]
OPTIONS = [
    ({"players": 2}, 11),
    ({"players": 3, "modules": ["modern_factories", "common_goals"]}, 12),
    ({"players": 4, "first_game": True, "modules": ["common_goals"]}, 13),
    ({"players": 1, "difficulty": "hard"}, 14),
    ({"players": 1, "difficulty": "easy"}, 15),
]


@cache
def catalogue_ids() -> frozenset[tuple[str | None, str]]:
    """``(context, msgid)`` of every id the catalogue tool extracts for the game's domain."""
    from bot import catalogues

    source = next(d for d in catalogues.domain_sources() if d.name == DOMAIN)
    template = catalogues.extract(source)
    return frozenset((m.context, m.id[0] if isinstance(m.id, tuple) else m.id) for m in template if m.id)


def problems(text: Any, where: str) -> Iterator[str]:
    """What is wrong with one player-facing text (empty when it is a proper Msg)."""
    if not isinstance(text, Msg):
        yield f"{where}: not a Msg: {text!r}"
        return
    if text.domain != DOMAIN:
        yield f"{where}: domain {text.domain!r}: {text!r}"
    if tr(text, "en") != str(text):
        yield f"{where}: English re-formats differently: {tr(text, 'en')!r} != {str(text)!r}"
    if (text.context, text.msgid) not in catalogue_ids():
        yield f"{where}: id not extracted: {(text.context, text.msgid)!r}"
    if text.plural is not None and text.n is None:
        yield f"{where}: plural without n: {text.msgid!r}"
    for key, value in text.args.items():
        if isinstance(value, Msg):
            yield from problems(value, f"{where} / {key}")
        elif type(value) not in (str, int):
            yield f"{where}: argument {key} is a {type(value).__name__}: {value!r}"


class Collector:
    """Gathers the problems of every checked text, and counts what was checked."""

    def __init__(self) -> None:
        self.found: list[str] = []
        self.checked: dict[str, int] = {}

    def check(self, text: Any, what: str, where: str) -> None:
        self.checked[what] = self.checked.get(what, 0) + 1
        self.found.extend(problems(text, f"{what} at {where}"))

    def refusal(self, state: Any, move: str | Action, where: str) -> None:
        """Try ``move`` (notation or an Action); a refusal's reason is checked, the state kept."""
        before = GAME.to_json(state)
        try:
            action = move if isinstance(move, Action) else GAME.parse_action(state, move)
            GAME.apply(state, action)
        except IllegalAction as exc:
            self.check(exc.reason, "reason", f"{where} {move!s}")
        assert GAME.to_json(state) == before


def near_misses(legal: list[Action], rng: random.Random) -> list[Action]:
    """Moves that look like legal ones with one argument changed (mostly illegal)."""
    out = []
    for action in rng.sample(legal, min(3, len(legal))):
        for i, arg in enumerate(action.args):
            args = list(action.args)
            args[i] = arg + 7 if isinstance(arg, int) else {"L": "R", "R": "L", "N": "S", "bonus": "vp"}.get(arg, arg)
            out.append(Action(action.kind, tuple(args)))
    return out


def play(options: dict[str, Any], seed: int, found: Collector) -> Any:
    """One random game, checking every text on the way; returns the final state."""
    rng = random.Random(seed)
    state = GAME.setup(options, seed)
    ply = 0
    while True:
        d = GAME.decision(state)
        where = f"{options} seed {seed} ply {ply}"
        found.check(d.prompt, "prompt", where)
        if d.seat is None:
            break
        if d.seat == CHANCE:
            if ply % 40 == 0:
                found.refusal(state, "consolidate", where)
                found.refusal(state, "take 1 trains grey", where)
            action = sample_chance(GAME, state, seed, ply)
        else:
            legal = GAME.legal_actions(state)
            for a in rng.sample(legal, min(8, len(legal))):
                found.check(GAME.describe(state, a), "describe", where)
            if ply % 7 == 0:
                for text in rng.sample(GARBAGE, 6):
                    found.refusal(state, text, where)
                for a in near_misses(legal, rng):
                    found.refusal(state, a, where)
            # Converting silk is rare (as in selfplay), so the game moves on.
            moves = [a for a in legal if a.kind != "convert"]
            action = rng.choice(legal if not moves or rng.random() < 0.05 else moves)
        for a in ([action] if d.seat == CHANCE else []):
            found.check(GAME.describe(state, a), "describe", where)
        state, events = GAME.apply(state, action)
        for e in events:
            found.check(e.text, f"event {e.kind}", where)
        ply += 1
    found.refusal(state, "consolidate", f"{options} seed {seed} (over)")
    return state


def check_result(state: Any, found: Collector) -> None:
    """The texts of a final result: a solo game's goal texts and rating."""
    result = GAME.result(state)
    assert result is not None
    if result.solo is None:
        return
    for slot, goal in result.solo.get("goals", {}).items():
        found.check(goal["text"], "solo goal text", slot)
    if "rating" in result.solo:
        found.check(result.solo["rating"], "rating", "result")


def check_narration(state: Any, found: Collector) -> None:
    """Takatoshi's turns are kept as facts; their lines rebuild from the state and from a view."""
    a = state.automa
    if a is None:
        return
    view = json.loads(json.dumps(GAME.view(state, 0)))
    assert len(view["automa"]["narration"]) == len(a.narration) > 0
    for turn, data in zip(a.narration, view["automa"]["narration"], strict=True):
        text = narration_text(turn)
        found.check(text, "narration", turn.tile)
        assert narration_text(data) == text and tr(narration_text(data), "en") == str(text)


@pytest.mark.parametrize(("options", "seed"), OPTIONS, ids=lambda x: json.dumps(x) if isinstance(x, dict) else str(x))
def test_every_engine_text_is_a_translatable_msg(options: dict[str, Any], seed: int) -> None:
    found = Collector()
    state = play(options, seed, found)
    check_result(state, found)
    check_narration(state, found)
    assert found.found == [], "\n".join(found.found[:30])
    assert found.checked["prompt"] > 100 and found.checked["describe"] > 100 and found.checked["reason"] > 50
    assert any(k.startswith("event ") for k in found.checked)


def test_a_won_solo_game_names_its_rating_as_a_term() -> None:
    from tests.zaibatsu.test_solo import play_to_end, won_game

    t = won_game(100)
    found = Collector()
    events = t.play(chance=["~AT2"]) + play_to_end(t)
    for e in events:
        found.check(e.text, f"event {e.kind}", "won solo game")
    check_result(t.state, found)
    assert found.found == [], "\n".join(found.found)
    result = GAME.result(t.state)
    assert result is not None and result.solo is not None and result.solo["won"]
    rating = result.solo["rating"]
    assert isinstance(rating, Msg) and rating.context == "rating"
    assert [e.text for e in events if e.kind == "solo_end"] == [f"You win with {result.solo['score']} VP: {rating}."]
    # The state itself keeps plain data (its JSON is the same whatever the language).
    assert type(t.state.solo_result["rating"]) is str
    assert all(type(g["text"]) is str for g in t.state.solo_result["goals"].values())


@pytest.mark.parametrize("options", [
    {"players": 5}, {"players": "two"}, {"players": 2, "modules": ["dragons"]},
    {"players": 1, "modules": ["common_goals"]}, {"players": 1, "difficulty": "insane"},
    {"players": 3, "difficulty": "hard"},
])
def test_option_refusals_are_msgs(options: dict[str, Any]) -> None:
    with pytest.raises(ValueError) as exc:  # noqa: PT011 - IllegalAction is the ValueError the hosts catch
        GAME.setup(options, 1)
    assert isinstance(exc.value, IllegalAction)
    assert list(problems(exc.value.reason, str(options))) == []


def test_option_warnings_are_msgs() -> None:
    warnings = GAME.option_warnings({"players": 2, "first_game": True, "modules": ["modern_factories", "common_goals"]})
    assert len(warnings) == 2
    assert [p for w in warnings for p in problems(w, "warning")] == []


def test_seat_labels_stay_ids_with_a_term_to_show_them() -> None:
    state = GAME.setup({"players": 3}, 1)
    assert GAME.seat_labels(state) == ["purple", "green", "orange"]
    label = GAME.seat_label_text("green")
    assert list(problems(label, "label")) == [] and label == "Green" and label.context == "player"


def test_view_texts_are_msgs() -> None:
    state = GAME.setup({"players": 1, "difficulty": "medium"}, 3)
    view = GAME.view(state, 0)
    texts = [view["decision"]["prompt"], *(s["name"] for s in view["seats"]),
             *(g["text"] for g in view["solo_goals"])]
    assert [p for t in texts for p in problems(t, "view")] == []


def test_numbers_are_grouped_the_way_each_language_writes_them() -> None:
    from engine.core.i18n import Number

    assert [tr(Number(12000), lang) for lang in ("en", "pl", "ru", "de")] == [
        "12,000", "12\xa0000", "12\xa0000", "12.000"]
    assert tr(Number(500), "pl") == "500"
