"""Chat pictures of Yokohama: the turn picture and the final-score picture (``render/yokohama/``
``turn_card``/``final_card``, laid out by ``render/core/cards.py``) and the size of the full
board's palette PNG.

Positions come from fixed-seed random games (per-kind weights of ``GAME.selfplay_weights``, so the
games end in a realistic number of rounds) replayed the way a host posts them: after every player
move the random draws that follow are applied, and ``last`` carries the move's public notation and
the public events of the move and of those draws (private ones, such as a dealt order, are left
out). Yokohama hides the order cards in hand: the public turn picture is drawn from the spectator's
view and must never name a card ``GAME.hidden_tokens(state, None)`` lists. No network; the golden
pictures need DejaVu Sans, as every picture test does.
"""

from __future__ import annotations

import io
import re
from collections.abc import Iterator
from dataclasses import dataclass, replace
from functools import cache, cached_property
from typing import Any

import pytest
from golden import assert_golden
from PIL import Image

import render
from engine.core import CHANCE, Event, sample_chance
from engine.core.i18n import language, tr
from engine.core.policy import RandomPolicy
from engine.yokohama.game import GAME
from render import yokohama as ry
from render.core import Canvas, Rect, fonts
from render.core.cards import CARD_WIDTH, MIN_INLINE_CAP, alt_turn, draw_scores, draw_turn, inline_cap
from render.yokohama import labels as ry_labels

BOTH = ("achievement_rewards", "free_agents")
LANGS = ("en", "pl", "ru", "de")
#: The turn pictures of these kinds of move are checked (the mover's event kinds).
KINDS = ("place", "move", "church", "customs", "port", "tech", "build", "order", "achieve", "exchange", "hire",
         "shift", "token", "agent")


# -- positions ------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Step:
    """A position as a host shows it: the state and the move that led to it (``raw``: seat, public
    notation and the engine's public events, not yet put into words)."""

    state: Any
    raw: tuple[int | None, str, tuple[Event, ...]] | None

    @cached_property
    def view(self) -> dict[str, Any]:
        """The spectator's view."""
        return GAME.view(self.state, None)

    def last(self) -> dict[str, Any] | None:
        """``last`` as a host passes it, its texts in the current language."""
        if self.raw is None:
            return None
        seat, move, events = self.raw
        return {"seat": seat, "move": move,
                "events": [{"kind": e.kind, "seat": e.seat, "text": str(tr(e.text)), "data": dict(e.data)}
                           for e in events]}

    def kinds(self) -> list[str]:
        """Kinds of the mover's own events (none for a random draw)."""
        if self.raw is None or self.raw[0] == CHANCE:
            return []
        seat, _move, events = self.raw
        return [e.kind for e in events if e.seat == seat]


def _public(events: list[Event]) -> tuple[Event, ...]:
    return tuple(e for e in events if not e.data.get("private"))


def walk(players: int, seed: int, modules: tuple[str, ...] = ()) -> Iterator[Step]:
    """Every position of a seeded random game shown to the channel: the set-up's random draws one
    by one (each its own step), then one step per player move with the draws after it."""
    state = GAME.setup({"players": players, "modules": list(modules)}, seed)
    policy = RandomPolicy(seed, GAME.selfplay_weights)
    ply = 0
    yield Step(state, None)
    while (d := GAME.decision(state)).seat is not None:
        if d.seat == CHANCE:
            action = sample_chance(GAME, state, seed, ply)
            move = GAME.public_notation(state, action) or GAME.format_action(state, action)
            state, events = GAME.apply(state, action)
            ply += 1
            yield Step(state, (CHANCE, move, _public(events)))
            continue
        action = policy.choose({}, GAME.legal_actions(state))
        move = GAME.public_notation(state, action) or GAME.format_action(state, action)
        state, events = GAME.apply(state, action)
        ply += 1
        found = list(_public(events))
        while GAME.decision(state).seat == CHANCE:
            state, more = GAME.apply(state, sample_chance(GAME, state, seed, ply))
            ply += 1
            found += _public(more)
        yield Step(state, (d.seat, move, tuple(found)))


@cache
def game(players: int, seed: int, modules: tuple[str, ...] = ()) -> tuple[Step, ...]:
    """The steps of :func:`walk` (cached: several tests look at one game)."""
    return tuple(walk(players, seed, modules))


def first(steps: tuple[Step, ...], kind: str) -> Step:
    """The first step whose mover had an event of ``kind``."""
    return next(s for s in steps if kind in s.kinds())


@cache
def positions() -> dict[str, Step]:
    """Named positions: the start, a random event pending, each kind of move (4 players, both
    modules), and moves of 2- and 3-player games."""
    four = game(4, 5, BOTH)
    out = {"start": replace(next(s for s in four if s.view["decision"]["kind"] == "turn"), raw=None)}
    out["random"] = next(s for s in four if s.view["decision"]["seat"] == CHANCE and s.raw is not None)
    for kind in KINDS:
        out[kind] = first(four, kind)
    out["final-round"] = next(s for s in four if s.raw and s.raw[0] != CHANCE and s.view.get("final_round") is not None
                              and not s.view["over"] and s.view["rounds"] == s.view["final_round"])
    out["over"] = four[-1]
    out["2p-move"] = first(game(2, 2), "move")
    out["2p-church"] = first(game(2, 2), "church")
    out["3p-build"] = first(game(3, 1), "build")
    out["3p-port"] = first(game(3, 1), "port")
    return out


NAMES = ["start", "random", *KINDS, "final-round", "over", "2p-move", "2p-church", "3p-build", "3p-port"]


def _needs_dejavu() -> None:
    if fonts.is_fallback(fonts.font(18, "condensed")):
        pytest.skip("DejaVu Sans is not installed: widths of the fallback font differ")


class Recorder(Canvas):
    """A canvas that records every text and piece letter drawn on it with its size (the focus
    drawing's words)."""

    def __init__(self, image: Image.Image) -> None:
        super().__init__(image)
        self.words: list[tuple[str, int]] = []
        self.pieces: list[tuple[Any, str]] = []

    def text(self, x: float, y: float, text: str, **kw: Any) -> int:  # type: ignore[override]
        """Record, then draw."""
        if text:
            self.words.append((text, int(kw.get("size", 18))))
        return super().text(x, y, text, **kw)

    def piece(self, cx: float, cy: float, w: int, h: int | None = None, **kw: Any) -> None:  # type: ignore[override]
        """Record the letter, then draw."""
        self.pieces.append((kw.get("fill"), str(kw.get("letter", ""))))
        if kw.get("letter"):
            self.words.append((str(kw["letter"]), int(kw.get("size", 18))))
        super().piece(cx, cy, w, h, **kw)


def focus_words(card: Any) -> Recorder:
    """The focus drawing of ``card`` drawn on its own canvas, its words recorded."""
    c = Recorder(Image.new("RGB", (700, card.focus_height + 20), (255, 255, 255)))
    if card.focus is not None:
        card.focus(c, Rect(10, 10, 648, card.focus_height - 8))
    return c


# -- the turn picture -------------------------------------------------------------------------------


@pytest.mark.parametrize("name", NAMES)
@pytest.mark.slow
def test_turn_picture_reads_at_the_inline_size(name: str, record_property: Any) -> None:
    step = positions()[name]
    card = ry.turn_card(step.view, step.last())
    drawn = draw_turn(card)
    assert drawn.image.width == CARD_WIDTH == 1100
    assert drawn.image.width / drawn.image.height >= 1.3
    small = [(s.role, s.text, round(inline_cap(s), 1)) for s in drawn.spots if inline_cap(s) < MIN_INLINE_CAP]
    assert small == []
    png, alt = render.turn("yokohama", step.view, step.last())
    record_property("png_kb", round(len(png) / 1000, 1))
    img = Image.open(io.BytesIO(png))
    assert img.format == "PNG" and img.mode == "P" and len(img.getcolors(256) or []) <= 256
    assert len(png) <= 100_000 and img.size == drawn.image.size
    assert 0 < len(alt) <= 1000


@pytest.mark.parametrize("name", NAMES)
def test_turn_card_states_the_facts(name: str) -> None:
    step = positions()[name]
    view = step.view
    card = ry.turn_card(view, step.last())
    assert card.title == "Yokohama" and card.status == ry.status(view)
    assert [score for _chip, score in card.scores] == [p["vp"] for p in view["players"]]
    assert [chip.name for chip, _score in card.scores] == [ry.player_name(p["colour"]) for p in view["players"]]
    seat = view["decision"]["seat"]
    if seat is not None and seat >= 0:
        assert card.actor == ry.chip(view, seat) and card.resources_of == card.actor
        assert card.prompt and not card.prompt.startswith(ry.player_name(view["players"][seat]["colour"]) + ":")
    elif view["over"]:
        assert card.actor is None and card.resources == () and card.prompt == ry.result_line(view)
        assert card.status == "Game over"
    else:
        assert card.actor is None and card.prompt.startswith("Random event")
    if card.resources:
        who = next(s for s in range(len(view["players"])) if ry.chip(view, s) == card.resources_of)
        p = view["players"][who]
        facts = dict(card.resources)
        assert facts == {"Yen": str(p["yen"]), "Orders": str(p["orders_in_hand"]), "Copper": str(p["copper"]),
                         "Silk": str(p["silk"]), "Tea": str(p["tea"]), "Fish": str(p["fish"]),
                         "Imported": str(p["ig"]), "Assistants": str(p["hand_assistants"]),
                         "Shops": str(p["hand_shops"]), "Houses": str(p["hand_houses"])}
    if step.raw is None:
        assert card.last_move == "" and card.focus is None
    else:
        assert card.last_move == (ry_labels.move_title(step.raw[1]) if not step.raw[1].startswith("~")
                                  else "Random draw")
        assert card.last_move != step.raw[1] or step.raw[1].split()[0] not in ry_labels.MOVE_TITLES
        texts = [e["text"] for e in step.last()["events"]]
        assert all(line in texts for line in card.last_lines)
        assert card.last_lines or not texts


def _area(step: Step, kind: str, key: str = "area") -> str:
    return next(str(e.data[key]) for e in step.raw[2] if e.kind == kind and key in e.data)


def test_the_focus_is_what_the_move_touched() -> None:
    pos = positions()
    expect = {
        "place": ry.area_title(_area(pos["place"], "place")),
        "move": ry.area_title(_area(pos["move"], "move")),
        "build": ry.area_title(_area(pos["build"], "build")),
        "port": ry.area_title(_area(pos["port"], "port", "port")) + ": orders",
        "tech": "Technology taken: " + ry.tech_name(_area(pos["tech"], "tech", "card")),
        "order": "Order fulfilled",
        "achieve": "Achievement: ",
        "church": f"Church board, space {_area(pos['church'], 'church', 'space')}",
        "customs": f"Customs House board, space {_area(pos['customs'], 'customs', 'space')}",
        "shift": ry.area_title(_area(pos["shift"], "shift", "dst")),
        "hire": "Hand and warehouse",
        "exchange": "Goods and yen",
        "token": "5-power token",
        "random": None,
    }
    for name, title in expect.items():
        card = ry.turn_card(pos[name].view, pos[name].last())
        if title is None:
            continue
        assert card.focus is not None and title in card.focus_title, (name, card.focus_title)
    start = ry.turn_card(pos["start"].view, None)
    assert start.focus is None and start.last_move == ""


def test_the_walk_follows_the_rules_way() -> None:
    """The president's way drawn for a walk is a path of adjacent boards from the start area."""
    step = next(s for s in game(4, 5, BOTH) if "move" in s.kinds() and s.raw[1].startswith("go ")
                and s.view["turn"].get("start") not in (None, _area(s, "move")))
    seat, dest = step.raw[0], _area(step, "move")
    path = ry.president_path(step.view, seat, step.view["turn"]["start"], dest)
    assert path[0] == step.view["turn"]["start"] and path[-1] == dest
    cell = {a: i for i, a in enumerate(step.view["layout"])}
    edges = {frozenset(e) for e in step.view["edges"]}
    assert all(frozenset((cell[a], cell[b])) in edges for a, b in zip(path, path[1:], strict=False))
    card = ry.turn_card(step.view, step.last())
    assert card.focus_title == f"President's way to {ry.area_title(dest)}"


@pytest.mark.parametrize("name", NAMES)
def test_the_focus_drawing_is_large_and_lettered(name: str) -> None:
    step = positions()[name]
    card = ry.turn_card(step.view, step.last())
    rec = focus_words(card)
    assert [w for w, size in rec.words if size < ry.FOCUS_TEXT] == []
    colours = {ry.player_rgb(p["colour"]) for p in step.view["players"]} | {ry.NEUTRAL_RGB}
    assert [fill for fill, letter in rec.pieces if fill in colours and not letter] == []


def _hidden(state: Any) -> re.Pattern[str] | None:
    ids = GAME.hidden_tokens(state, None)
    return re.compile(r"\b(" + "|".join(sorted(ids)) + r")\b") if ids else None


@pytest.mark.parametrize(("players", "seed"), [(2, 2), (3, 1)])
@pytest.mark.slow
def test_no_hidden_card_in_any_public_turn_picture(players: int, seed: int) -> None:
    """Over whole games: the spectator's turn picture (every drawn word, the focus drawing's too)
    and its alt text never name a card of a hand, an opening draw, a removed card or the deck."""
    checked = 0
    for step in game(players, seed):
        pattern = _hidden(step.state)
        if pattern is None:
            continue
        last = step.last()
        card = ry.turn_card(step.view, last)
        words = [s.text for s in draw_turn(card).spots]
        words += [w for w, _size in focus_words(card).words]
        words.append(alt_turn(card))
        leaks = [w for w in words if pattern.search(w)]
        assert leaks == [], (step.raw[1] if step.raw else None, leaks)
        checked += 1
    assert checked > 100


# -- the final-score picture ------------------------------------------------------------------------


@pytest.mark.parametrize(("players", "seed", "modules"), [(2, 5, ()), (3, 1, BOTH), (4, 2, ())])
@pytest.mark.slow
def test_final_rows_add_up_and_name_the_winner(players: int, seed: int, modules: tuple[str, ...]) -> None:
    end = game(players, seed, modules)[-1]
    view = end.view
    assert view["over"]
    card = ry.final_card(view)
    assert [c.name for c in card.players] == [ry.player_name(p["colour"]) for p in view["players"]]
    assert [label for label, _values in card.rows] == [
        "During the game", "Church", "Customs House", "Technologies", "Country sets", "Foreign agents",
        "Imported goods", "Yen", "Trade goods"]
    assert card.notes and card.notes[0].startswith("Leftovers: 1 VP per unused foreign agent")
    for s in range(players):
        assert sum(values[s] for _label, values in card.rows) == card.totals[s] == view["players"][s]["vp"]
    best = GAME.result(end.state).players[0].seat
    assert card.winners == [best]
    assert card.headline == f"{card.players[best].name} wins with {card.totals[best]} VP"
    top = max(card.totals)
    assert bool(card.tie_break) == (card.totals.count(top) > 1)
    png, alt = render.final("yokohama", view)
    img = Image.open(io.BytesIO(png))
    assert img.mode == "P" and len(png) <= 100_000 and img.width == CARD_WIDTH
    assert card.headline in alt
    spots = draw_scores(card).spots
    assert all(inline_cap(s) >= MIN_INLINE_CAP for s in spots)


def test_a_tie_goes_to_the_earliest_in_turn_order() -> None:
    end = game(3, 1, BOTH)[-1]
    view = {**end.view, "players": [dict(p) for p in end.view["players"]],
            "scores": {k: dict(v) for k, v in end.view["scores"].items()}}
    start = view["start_player"]
    later = (start + 1) % 3
    top = max(p["vp"] for p in view["players"]) + 1
    for s in (start, later):  # the start player and the next one tie; the third player is behind
        view["scores"][str(s)]["before"] += top - view["players"][s]["vp"]
        view["scores"][str(s)]["total"] = view["players"][s]["vp"] = top
    card = ry.final_card(view)
    assert card.winners == [start]
    names = {ry.player_name(view["players"][s]["colour"]) for s in (start, later)}
    assert card.tie_break.startswith(f"Tie at {top} VP between ") and all(n in card.tie_break for n in names)
    assert f"{ry.player_name(view['players'][start]['colour'])} wins" in card.tie_break
    for s in range(3):
        assert sum(values[s] for _label, values in card.rows) == card.totals[s]
    assert ry.final_card(end.view).tie_break == ""


# -- every language ---------------------------------------------------------------------------------


@pytest.mark.parametrize("lang", LANGS)
def test_key_texts_are_never_cut_in_any_language(lang: str) -> None:
    _needs_dejavu()
    pos = positions()
    end = game(4, 2)[-1]
    with language(lang):
        for name in ("start", "random", "move", "port", "church", "build", "tech", "order", "final-round", "over",
                     "3p-port"):
            step = pos[name]
            card = ry.turn_card(step.view, step.last())
            drawn = draw_turn(card)
            cut = [s.text for s in drawn.spots if "…" in s.text]
            assert cut == [], (name, cut)
            assert drawn.image.width / drawn.image.height >= 1.3
            roles = {s.role for s in drawn.spots}
            assert {"title", "status", "prompt", "score", "name"} <= roles
            if card.resources:
                shown = " ".join(s.text for s in drawn.spots if s.role == "resource")
                assert all(label in shown for label, _value in card.resources)
            assert "…" not in card.focus_title
            if lang != "en":
                assert "Random draw" not in card.last_move and "Power" not in card.focus_title
        card = ry.final_card(end.view)
        drawn = draw_scores(card)
        # The game's texts (the shared layout fits the names of the player columns).
        assert [s.text for s in drawn.spots if "…" in s.text and s.role in ("row", "value", "headline", "note")] == []
        assert {s.text for s in drawn.spots if s.role == "row"} >= {label for label, _v in card.rows}


# -- the full board ---------------------------------------------------------------------------------


def test_the_full_board_png_is_small(record_property: Any) -> None:
    """4 players, both modules, ten positions spread over a seeded game: a palette PNG ≤ 150 kB."""
    steps = [s for s in game(4, 5, BOTH) if s.raw is not None and s.raw[0] != CHANCE]
    picks = steps[len(steps) // 10::len(steps) // 10][:10]
    sizes = []
    for step in picks:
        png = ry.render(step.view)
        img = Image.open(io.BytesIO(png))
        assert img.mode == "P" and img.size == (1400, ry.layout_for(4).height)
        sizes.append(len(png))
    record_property("board_kb_max", round(max(sizes) / 1000, 1))
    assert max(sizes) <= 150_000


# -- golden pictures --------------------------------------------------------------------------------


def test_golden_turn_picture() -> None:
    _needs_dejavu()
    step = positions()["build"]
    with language("en"):
        assert_golden(draw_turn(ry.turn_card(step.view, step.last())).image, "yokohama-turn-build")


def test_golden_final_picture() -> None:
    _needs_dejavu()
    with language("en"):
        assert_golden(draw_scores(ry.final_card(game(4, 2)[-1].view)).image, "yokohama-final-4p")


def test_golden_full_board() -> None:
    _needs_dejavu()
    step = positions()["port"]
    with language("en"):
        ry.clear_layers()
        assert_golden(ry.render_image(step.view), "yokohama-board-4p")


def test_data_of_the_positions() -> None:
    """The positions are what their names say (a guard for the tests above)."""
    pos = positions()
    assert pos["random"].view["decision"]["seat"] == CHANCE
    assert pos["start"].raw is None and pos["start"].view["decision"]["kind"] == "turn"
    assert len(pos["2p-move"].view["players"]) == 2 and len(pos["3p-port"].view["players"]) == 3
    assert all(kind in pos[kind].kinds() for kind in KINDS)
