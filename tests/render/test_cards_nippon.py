"""Nippon's chat pictures: the turn picture and the final-score picture (render/core/cards.py lays
them out from :func:`render.nippon.turn_card` / :func:`render.nippon.final_card`), and the size of
the full board's palette PNG. Positions come from seeded random games (no machine-dependent input)."""

from __future__ import annotations

import io
import random
from collections.abc import Iterator
from typing import Any

import pytest
from golden import assert_golden
from nippon_positions import every_view, view_at
from PIL import Image

import render
from engine.core import CHANCE, sample_chance
from engine.core.i18n import language, tr
from engine.nippon import GAME
from engine.nippon.menu import notation_words
from engine.nippon.tables import tables
from render import nippon as rn
from render.core import Canvas, Rect, draw, fonts
from render.core import palette as pal
from render.core.cards import (
    CARD_WIDTH,
    MIN_INLINE_CAP,
    draw_scores,
    draw_turn,
    inline_cap,
)
from render.nippon import focus as rn_focus

LANGS = ("en", "pl", "ru", "de")


# -- positions ------------------------------------------------------------------------------------


def _last(seat: int | None, move: str, events: list[Any]) -> dict[str, Any]:
    return {"seat": seat, "move": move,
            "events": [{"kind": e.kind, "seat": e.seat, "text": str(tr(e.text)), "data": dict(e.data)} for e in events]}


def play(players: int, seed: int) -> Iterator[tuple[dict[str, Any], dict[str, Any] | None]]:
    """``(view, last)`` as the host would post them: at the first decision of the game (``last``
    ``None``), then after every player's move with the random draws that followed it, at the next
    player decision — and at a random event that is still pending right after a move."""
    state = GAME.setup({"players": players}, seed)
    pick = random.Random(seed).choice
    last: dict[str, Any] | None = None
    pending_chance = False
    for ply in range(20_000):
        d = GAME.decision(state)
        if d.seat == CHANCE:
            if last is not None and not pending_chance:
                pending_chance = True
                yield GAME.view(state, None), {**last, "events": list(last["events"])}
            state, events = GAME.apply(state, sample_chance(GAME, state, seed, ply))
            if last is not None:
                last["events"] += _last(None, "", events)["events"]
            continue
        yield GAME.view(state, None), last
        if d.seat is None:
            return
        action = pick(GAME.legal_actions(state))
        move = GAME.format_action(state, action)
        state, events = GAME.apply(state, action)
        last, pending_chance = _last(d.seat, move, events), False
    raise AssertionError("a random Nippon game did not end")


@pytest.fixture(scope="module")
def game4() -> list[tuple[dict[str, Any], dict[str, Any] | None]]:
    return list(play(4, 7))


@pytest.fixture(scope="module")
def game3() -> list[tuple[dict[str, Any], dict[str, Any] | None]]:
    return list(play(3, 5))


@pytest.fixture(scope="module")
def game2() -> list[tuple[dict[str, Any], dict[str, Any] | None]]:
    return list(play(2, 3))


def _by_kind(game: list[tuple[dict[str, Any], dict[str, Any] | None]]) -> dict[str, tuple[dict[str, Any], Any]]:
    """The first position after a move of every kind of touch (``start``, ``chance``, ``none`` too)."""
    out: dict[str, tuple[dict[str, Any], Any]] = {}
    for view, last in game:
        if last is None:
            out.setdefault("start", (view, last))
            continue
        if view["decision"]["seat"] == CHANCE:
            out.setdefault("chance", (view, last))
            continue
        if view["over"]:
            out.setdefault("over", (view, last))
            continue
        touch = rn.touched(view, last)
        out.setdefault(touch.kind if touch else "none", (view, last))
    return out


@pytest.fixture(scope="module")
def kinds4(game4: list[Any]) -> dict[str, tuple[dict[str, Any], Any]]:
    return _by_kind(game4)


# -- the turn picture ----------------------------------------------------------------------------

KINDS = ("start", "chance", "over", "space", "track", "factory", "transport", "city", "contract", "reward",
         "achievement", "consolidation", "scoring")


def test_the_game_reaches_every_kind_of_position(kinds4: dict[str, Any]) -> None:
    assert set(KINDS) <= set(kinds4), sorted(set(KINDS) - set(kinds4))


def _check_picture(card: Any) -> Image.Image:
    drawn = draw_turn(card)
    img = drawn.image
    assert img.width == CARD_WIDTH == 1100 and img.width / img.height >= 1.3, img.size
    small = [(s.role, s.text, round(inline_cap(s), 1)) for s in drawn.spots if inline_cap(s) < MIN_INLINE_CAP]
    assert small == []
    return img


@pytest.mark.parametrize("kind", KINDS)
def test_turn_picture_of_every_kind_of_move(kind: str, kinds4: dict[str, Any]) -> None:
    view, last = kinds4[kind]
    card = rn.turn_card(view, last)
    _check_picture(card)
    png, alt = render.turn("nippon", view, last)
    assert len(png) <= 100_000 and 0 < len(alt) <= 1000
    img = Image.open(io.BytesIO(png))
    assert img.format == "PNG" and img.mode == "P" and len(img.getcolors(256) or []) <= 256
    assert (card.focus is None) == (kind == "start") or kind == "chance"


@pytest.mark.parametrize("fixture", ["game2", "game3", "game4"])
def test_turn_picture_facts_at_every_position(fixture: str, request: pytest.FixtureRequest) -> None:
    """Scores, the player to act, their budget and the move, over every position of a game."""
    t = tables()
    for view, last in request.getfixturevalue(fixture)[::3]:
        card = rn.turn_card(view, last)
        players = view["players"]
        assert [score for _chip, score in card.scores] == [p["vp"] for p in players]
        assert [c.name for c, _s in card.scores] == [rn.player_name(p["colour"]) for p in players]
        seat = view["decision"]["seat"]
        if view["over"]:
            assert card.actor is None and card.prompt == rn.result_line(view) and not card.resources
        elif seat == CHANCE:
            assert card.actor is None and card.prompt.startswith("Random event")
        else:
            assert card.actor == rn.chip(view, seat)
            assert card.prompt == str(tr(view["decision"]["prompt"])).split(": ", 1)[1]
            p = players[seat]
            res = dict(card.resources)
            assert res["Money"] == f"{p['money'] * 1000:,} yen" and res["Coal"] == str(p["coal"])
            assert res["Blueprints"] == str(p["blueprints"])
            assert res["Knowledge"] == str(t.track_value["knowledge"][p["knowledge_pos"]])
            assert res["Wages"] == f"{len(set(p['workers'])) * 3000:,} yen"
            assert ("Stored machines" in res) == bool(p["machines"])
        if last is None:
            assert card.last_move == "" and card.last_by is None
        else:
            assert card.last_move == notation_words(last["move"])  # the move in words, never notation
            assert card.last_by == (rn.chip(view, last["seat"]) if last["seat"] is not None else None)
            texts = [e["text"] for e in last["events"]]
            assert all(line in texts or line.startswith("Scoring ") for line in card.last_lines)
            assert not any(line.startswith(("A ", "The game begins")) for line in card.last_lines)  # no draws


def _expected_touch(view: dict[str, Any], last: dict[str, Any]) -> rn.Touch | None:
    """What the move touched, said once more from the rules of :func:`render.nippon.touched`."""
    t = tables()
    seat = last["seat"]
    events = last["events"]
    for e in events:
        if e["kind"] == "scoring":
            return rn.Touch("scoring", None, e["data"]["scoring"])
    mine = {e["kind"]: e["data"] for e in events if e["seat"] == seat}
    if "factory" in mine:
        return rn.Touch("factory", seat, t.factory(mine["factory"]["tile"]).goods, mine["factory"]["tile"])
    for kind in ("produce", "machine"):
        if kind in mine:
            return rn.Touch("factory", seat, mine[kind]["goods"])
    for kind in ("ship", "train"):
        if kind in mine:
            return rn.Touch("transport", seat, mine[kind]["region"], kind)
    if "export" in mine:
        return rn.Touch("contract", seat, mine["export"]["contract"])
    if "market" in mine:
        return rn.Touch("city", seat, mine["market"]["city"], mine["market"]["side"])
    if "achievement" in mine:
        return rn.Touch("achievement", seat, mine["achievement"]["achievement"])
    if "discard" in mine:
        return rn.Touch("achievement", seat, "")
    if "bonus" in mine.get("reward", {}):
        return rn.Touch("reward", seat, f"{mine['reward']['multiplier']}:{mine['reward']['bonus']}")
    if "consolidate" in mine:
        return rn.Touch("consolidation", seat)
    for kind in ("blueprints", "track"):
        if kind in mine:
            return rn.Touch("track", seat, mine[kind]["track"])
    if "take" in mine:
        return rn.Touch("space", seat, (mine["take"]["space"],))
    return "?"  # type: ignore[return-value]


def test_the_focus_is_what_the_move_touched(game4: list[Any], game2: list[Any]) -> None:
    seen = set()
    for view, last in game4 + game2:
        if last is None or not last["events"]:
            continue
        expected = _expected_touch(view, last)
        if expected == "?":
            continue
        assert rn.touched(view, last) == expected, (last["move"], [e["kind"] for e in last["events"]])
        seen.add(expected.kind)
    assert seen >= {"scoring", "factory", "transport", "contract", "city", "achievement", "reward",
                    "consolidation", "track", "space"}


def test_events_without_data_fall_back_to_the_notation(kinds4: dict[str, Any]) -> None:
    for kind in ("space", "transport", "city", "contract", "achievement", "consolidation"):
        view, last = kinds4[kind]
        bare = {**last, "events": [{k: v for k, v in e.items() if k != "data"} for e in last["events"]]}
        touch, again = rn.touched(view, last), rn.touched(view, bare)
        assert again is not None and (again.kind, again.key) == (touch.kind, touch.key), kind


def test_random_events_and_the_start(kinds4: dict[str, Any]) -> None:
    view, last = kinds4["start"]
    card = rn.turn_card(view, None)
    assert card.last_move == "" and card.focus is None and card.actor is not None
    view, last = kinds4["chance"]
    card = rn.turn_card(view, last)
    assert card.actor is None and card.prompt == rn._random_event(view["decision"]["prompt"])
    assert card.resources_of == rn.chip(view, view["current"])


@pytest.fixture
def focus_sizes(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[tuple[str, int]]]:
    """``(text, size)`` of every text drawn meanwhile (fresh sprites)."""
    found: list[tuple[str, int]] = []
    real = draw._text_sprite.__wrapped__

    def spy(text: str, size: int, style: str, fill: Any, *rest: Any) -> Image.Image:
        found.append((text, size))
        return real(text, size, style, fill, *rest)

    monkeypatch.setattr(draw, "_text_sprite", spy)
    draw._piece_sprite.cache_clear()
    rn._transport_sprite.cache_clear()
    yield found
    monkeypatch.undo()
    draw._piece_sprite.cache_clear()
    rn._transport_sprite.cache_clear()


def _focus_outlines(card: Any, monkeypatch: pytest.MonkeyPatch) -> tuple[list[Rect], Canvas]:
    rects: list[Rect] = []
    real = rn_focus.outline_focus  # the focus drawings outline what was touched
    monkeypatch.setattr(rn_focus, "outline_focus", lambda c, r, width=6: (rects.append(r), real(c, r, width))[1])
    img = Image.new("RGB", (CARD_WIDTH, 400), pal.BACKGROUND)
    c = Canvas(img)
    box = Rect(30, 10, 648, card.focus_height - 8)
    with draw.overflow_probe() as cut:
        card.focus(c, box)
    monkeypatch.setattr(rn_focus, "outline_focus", real)
    assert cut == [], [(o.text, o.width, o.room) for o in cut]
    assert all(r.x >= box.x - 4 and r.y >= box.y - 4 and r.x2 <= box.x2 + 4 and r.y2 <= box.y2 + 4 for r in rects)
    return rects, c


@pytest.mark.parametrize("lang", LANGS)
def test_focus_drawings_are_large_outlined_and_uncut(lang: str, kinds4: dict[str, Any], focus_sizes: list[Any],
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    with language(lang):
        for kind in ("space", "track", "factory", "transport", "city", "contract", "reward", "achievement",
                     "consolidation", "scoring"):
            view, last = kinds4[kind]
            card = rn.turn_card(view, last)
            if card.focus is None and lang != "en":
                # the move's first sentence is never dropped: a long one (3 lines) may take the
                # drawing's room, and the picture stays landscape
                assert card.last_lines and card.shown_lines == 1, kind
                continue
            assert card.focus is not None and card.focus_title, kind
            focus_sizes.clear()
            rects, _c = _focus_outlines(card, monkeypatch)
            assert rects, kind  # the touched element is outlined
            small = [(text, size) for text, size in focus_sizes if size < rn.FOCUS_TEXT]
            assert small == [], (kind, small)


@pytest.mark.parametrize("lang", LANGS)
def test_turn_pictures_in_every_language(lang: str, kinds4: dict[str, Any]) -> None:
    """Key texts keep their size and are not cut (only the event lines may end in "…")."""
    with language(lang):
        for kind in KINDS:
            view, last = kinds4[kind]
            card = rn.turn_card(view, last)
            drawn = draw_turn(card)
            assert drawn.image.width / drawn.image.height >= 1.3
            cut = [(s.role, s.text) for s in drawn.spots if s.text.endswith("…") and s.role != "event"]
            assert cut == [], (kind, cut)
            assert all(inline_cap(s) >= MIN_INLINE_CAP for s in drawn.spots)
            names = {c.name for c, _s in card.scores}
            assert names == {rn.player_name(p["colour"]) for p in view["players"]}
            if lang != "en" and card.focus_title:
                with language("en"):
                    english = rn.turn_card(view, last)
                assert card.focus_title != english.focus_title or "{" not in card.focus_title


def test_turn_pictures_at_2_and_3_players(game2: list[Any], game3: list[Any]) -> None:
    for game in (game2, game3):
        kinds = _by_kind(game)
        for kind in ("start", "space", "consolidation", "scoring", "over"):
            if kind in kinds:
                view, last = kinds[kind]
                _check_picture(rn.turn_card(view, last))
                png, _alt = render.turn("nippon", view, last)
                assert len(png) <= 100_000


# -- the final-score picture ---------------------------------------------------------------------


@pytest.fixture(scope="module")
def finished() -> list[dict[str, Any]]:
    return [view_at(players, seed, 100_000) for players, seed in ((2, 3), (3, 5), (4, 7), (4, 11), (3, 8))]


def test_final_rows_sum_to_the_totals(finished: list[dict[str, Any]]) -> None:
    t = tables()
    for view in finished:
        card = rn.final_card(view)
        n = len(view["players"])
        assert card.totals == [p["vp"] for p in view["players"]]
        for s in range(n):
            assert sum(values[s] for _label, values in card.rows) == card.totals[s]
            score = view["scores"][str(s)]
            by_label = {str(tr(rn.ACHIEVEMENT_LABEL[t.achievements[a].measure])): a for a in t.achievement_ids}
            assert dict((by_label[label], values[s]) for label, values in card.rows if label in by_label) \
                == score["achievements"]
        labels = [label for label, _v in card.rows]
        assert labels[:5] == ["VP during the game", "Scoring 1", "Scoring 2", "Scoring 3", "Final wages"]
        assert labels[5:] == [str(tr(rn.ACHIEVEMENT_LABEL[t.achievements[a].measure])) for a in t.achievement_ids]
        best = max(range(n), key=lambda s: (card.totals[s], view["players"][s]["last_turn"]))
        assert card.winners == [best]
        assert card.headline == f"{card.players[best].name} wins with {card.totals[best]} VP"


def test_tie_break_goes_to_the_tied_player_who_took_the_last_turn(finished: list[dict[str, Any]]) -> None:
    view = dict(finished[2])
    players = [dict(p) for p in view["players"]]
    players[0]["vp"] = players[1]["vp"] = max(p["vp"] for p in players) + 5
    players[0]["last_turn"], players[1]["last_turn"] = 500, 501
    view["players"] = players
    card = rn.final_card(view)
    assert card.winners == [1]
    assert card.tie_break.startswith(f"Tied at {players[1]['vp']} VP with Yellow: Red wins")
    players[0]["last_turn"] = 502
    assert rn.final_card(view).winners == [0]
    assert rn.final_card(finished[0]).tie_break == ""


@pytest.mark.parametrize("lang", LANGS)
def test_final_picture_in_every_language(lang: str, finished: list[dict[str, Any]]) -> None:
    with language(lang):
        for view in finished[:3]:
            card = rn.final_card(view)
            drawn = draw_scores(card)
            assert drawn.image.width == CARD_WIDTH
            assert [s for s in drawn.spots if s.text.endswith("…")] == []
            assert all(inline_cap(s) >= MIN_INLINE_CAP for s in drawn.spots)
            png, alt = render.final("nippon", view)
            assert len(png) <= 100_000 and Image.open(io.BytesIO(png)).mode == "P" and alt


# -- the full board ------------------------------------------------------------------------------


@pytest.mark.slow
def test_full_board_is_a_small_palette_png() -> None:
    views = every_view(4, 21, step=1)
    for view in views[len(views) // 2::max(1, len(views) // 16)][:9] + [views[-1]]:
        png = rn.render(view)
        img = Image.open(io.BytesIO(png))
        assert img.mode == "P" and img.size == (1400, 1894)
        assert len(png) <= 150_000, len(png)


# -- golden pictures ----------------------------------------------------------------------------


def test_golden_pictures(kinds4: dict[str, Any], finished: list[dict[str, Any]]) -> None:
    if fonts.is_fallback(fonts.font(18, "condensed")):
        pytest.skip("DejaVu Sans is not installed: the golden pictures were drawn with it")
    view, last = kinds4["city"]
    assert_golden(draw_turn(rn.turn_card(view, last)).image, "nippon-turn")
    assert_golden(draw_scores(rn.final_card(finished[2])).image, "nippon-final")
    assert_golden(rn.render_image(view_at(4, 7, 250)), "nippon-board")
