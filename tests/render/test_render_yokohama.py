"""Board picture of Yokohama: sizes, layout, every language without a cut label (also with longer
words), hidden order cards (never drawn nor written for another seat), alt text and summary, a whole
game. No network; timing is recorded, never asserted."""

from __future__ import annotations

import io
import json
import random
import re
import time
from collections.abc import Iterator
from typing import Any

import pytest
from golden import differing_share
from picture_checks import PNG_SIGNATURE, count_colour, png_image
from PIL import Image

import render as render_pkg
from engine.core import CHANCE, i18n, sample_chance
from engine.yokohama.game import GAME
from engine.yokohama.tables import tables
from render import yokohama as ry
from render.core import Rect, draw, fonts
from render.yokohama import layout as ry_layout
from render.yokohama.labels import order_goods_short, order_line, short_reward

LANGS = ("en", "pl", "ru", "de")
ORDER_ID = re.compile(r"\b[LMH]\d\d\b")


def check_png(png: bytes, size: tuple[int, int]) -> Image.Image:
    """Assert that ``png`` is the board's palette PNG of ``size``, at most 150 kB; returns it opened."""
    assert png.startswith(PNG_SIGNATURE) and len(png) <= 150_000
    img = Image.open(io.BytesIO(png))
    assert img.format == "PNG" and img.mode == "P" and len(img.getcolors(256) or []) <= ry.PNG_COLOURS
    assert img.size == size
    return img


# -- positions ------------------------------------------------------------------------------------


def walk(options: dict[str, Any], seed: int) -> Iterator[tuple[int, Any]]:
    """``(ply, state)`` before every move of one seeded random game, then its final state."""
    state = GAME.setup(options, seed)
    pick = random.Random(seed).choice
    for ply in range(20_000):
        seat = GAME.decision(state).seat
        yield ply, state
        if seat is None:
            return
        move = sample_chance(GAME, state, seed, ply) if seat == CHANCE else pick(GAME.legal_actions(state))
        state, _events = GAME.apply(state, move)
    raise AssertionError("a random Yokohama game did not end in 20,000 moves")


def state_at(players: int, seed: int, plies: int, modules: tuple[str, ...] = ()) -> Any:
    """The state at the first player decision from move ``plies`` on (or at the end of the game)."""
    for ply, state in walk({"players": players, "modules": list(modules)}, seed):
        seat = GAME.decision(state).seat
        if seat is None or (ply >= plies and seat != CHANCE):
            return state
    raise AssertionError("unreachable")


def first_turn(players: int, seed: int) -> Any:
    """The state at the first turn: every player holds the order card they kept."""
    for _ply, state in walk({"players": players}, seed):
        if GAME.decision(state).kind == "turn":
            assert all(p.orders for p in state.players)
            return state
    raise AssertionError("no turn")


@pytest.fixture(scope="module")
def mid4() -> dict[str, Any]:
    """4 players with both modules, seed 7, from move 300 on, seen by seat 1."""
    return GAME.view(state_at(4, 7, 300, ("achievement_rewards", "free_agents")), 1)


@pytest.fixture(scope="module")
def mid3() -> dict[str, Any]:
    """3 players with the reward tokens, seed 5, from move 300 on (the public view)."""
    return GAME.view(state_at(3, 5, 300, ("achievement_rewards",)), None)


@pytest.fixture(scope="module")
def mid2() -> dict[str, Any]:
    """2 players, seed 3, from move 300 on, seen by seat 0."""
    return GAME.view(state_at(2, 3, 300), 0)


@pytest.fixture(scope="module")
def over4() -> dict[str, Any]:
    """A finished 4-player game (seed 11), seen by seat 2."""
    return GAME.view(state_at(4, 11, 10**6), 2)


@pytest.fixture(scope="module")
def over2() -> dict[str, Any]:
    """A finished 2-player game (seed 5), the public view."""
    return GAME.view(state_at(2, 5, 10**6), None)


@pytest.fixture(scope="module")
def setup4() -> dict[str, Any]:
    """A 4-player game during set-up (boards still being revealed, a random event pending)."""
    for ply, state in walk({"players": 4}, 2):
        if ply == 10:
            return GAME.view(state, None)
    raise AssertionError("unreachable")


ALL = ["mid4", "mid3", "mid2", "over4", "over2", "setup4"]


def _needs_dejavu() -> None:
    if fonts.is_fallback(fonts.font(18, "condensed")):
        pytest.skip("DejaVu Sans is not installed: widths of the fallback font differ")


@pytest.fixture
def texts(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[str]]:
    """Every text drawn by the Yokohama renders inside the test (cached layers redrawn)."""
    found: list[str] = []
    real = draw._text_sprite.__wrapped__

    def spy(text: str, size: int, style: str, fill: Any, *rest: Any) -> Image.Image:
        found.append(text)
        return real(text, size, style, fill, *rest)

    ry.clear_cache()
    monkeypatch.setattr(draw, "_text_sprite", spy)
    yield found
    monkeypatch.undo()
    ry.clear_cache()


# -- bytes, sizes, dispatch ----------------------------------------------------------------------


@pytest.mark.parametrize("fixture", ALL)
@pytest.mark.slow
def test_png_signature_size_and_bytes(fixture: str, request: pytest.FixtureRequest, record_property: Any) -> None:
    view = request.getfixturevalue(fixture)
    t = time.perf_counter()
    png = ry.render(view)
    record_property("render_ms", round((time.perf_counter() - t) * 1000, 1))
    lay = ry.layout_for(len(view["players"]))
    img = check_png(png, (lay.width, lay.height))
    assert img.width == ry.WIDTH == 1400


def test_picture_height_by_player_count() -> None:
    heights = {n: ry.layout_for(n).height for n in (2, 3, 4)}
    assert heights == {2: 1622, 3: 1774, 4: 1916}
    four, three = ry.layout_for(4), ry.layout_for(3)
    assert four.panels["player:3"].y == four.panels["player:2"].y  # two player panels per row
    # With 3 players the legend fills the place of a 4th player panel.
    assert three.panels["legend"].y == three.panels["player:2"].y
    assert three.panels["legend"].x > three.panels["player:2"].x2


def test_render_is_deterministic_and_dispatched_by_name(mid2: dict[str, Any]) -> None:
    png = ry.render(mid2)
    assert png == ry.render(mid2)
    assert render_pkg.has_renderer("yokohama")
    assert render_pkg.render("yokohama", mid2) == png
    assert render_pkg.alt_text("yokohama", mid2) == ry.alt_text(mid2)
    assert render_pkg.picture("yokohama", mid2) == (png, ry.alt_text(mid2))
    assert ry.PNG_COMPRESS_LEVEL <= 4  # deflate stays fast; ``optimize`` is never used


def test_render_image_matches_the_png(mid3: dict[str, Any]) -> None:
    """The PNG is the drawing in a palette: the same size, hardly a pixel far from its colour."""
    drawn, png = ry.render_image(mid3), png_image(ry.render(mid3))
    assert png.size == drawn.size
    assert differing_share(png, drawn, delta=60) < 0.01


def test_a_view_read_back_from_json_draws_the_same(mid4: dict[str, Any]) -> None:
    """Prompts become plain strings in JSON; the picture is the same (in English)."""
    assert ry.render(json.loads(json.dumps(mid4))) == ry.render(mid4)


# -- layout ---------------------------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 4])
def test_layout_panels_inside_the_picture_and_disjoint(players: int) -> None:
    t = tables()
    lay = ry.layout_for(players)
    assert lay.problems() == []
    ports, labs = ry.management_boards(players)
    assert {"header", "map", "achievements", "supply", "legend"} <= set(lay.panels)
    assert {f"port:{b}" for b in ports} | {f"lab:{b}" for b in labs} <= set(lay.panels)
    assert {f"player:{s}" for s in range(players)} <= set(lay.panels) and f"player:{players}" not in lay.panels
    for part, rect in lay.parts.items():
        assert any(p.contains(rect) for p in lay.panels.values()), part
    rows = t.layouts[players].rows
    assert tuple(rows) == {2: (4, 3, 2, 1), 3: (5, 4, 3, 2), 4: (6, 5, 4, 3)}[players]
    cells = [lay.parts[f"map/cell{i}"] for i in range(sum(rows))]
    for a, b in zip(cells, cells[1:], strict=False):
        assert not a.overlaps(b)
    for r, n in enumerate(rows):  # each row centred under the one above (brick layout)
        row = cells[sum(rows[:r]):sum(rows[:r]) + n]
        assert abs((row[0].x + row[-1].x2) / 2 - lay.panels["map"].cx) <= 1
    for corner in ("map/church", "map/customs"):
        assert not any(lay.parts[corner].overlaps(c) for c in cells)


# -- what is drawn ----------------------------------------------------------------------------------


def test_pieces_and_the_acting_player_are_drawn(mid4: dict[str, Any]) -> None:
    img = ry.render_image(mid4)  # the drawing's exact colours (the PNG holds them in a palette)
    lay = ry.layout_for(4)
    for seat, p in enumerate(mid4["players"]):
        rgb = ry.player_rgb(p["colour"])
        assert count_colour(img, lay.parts[f"player:{seat}/header"], rgb) > 100
        on_map = sum(a["assistants"][seat] for a in mid4["areas"].values())
        if on_map:
            assert count_colour(img, lay.panels["map"], rgb) > 50
    seat = mid4["decision"]["seat"]
    r = lay.panels[f"player:{seat}"]
    assert count_colour(img, Rect(r.x, r.y + 40, 3, r.h - 80), (20, 20, 20)) > 100  # thick outline


def test_texts_of_a_known_position(texts: list[str], mid4: dict[str, Any]) -> None:
    t = tables()
    ry.render(mid4)
    drawn = " ".join(texts)
    assert "Yokohama" in texts
    for area in (a for a in mid4["layout"] if a):
        kind = t.kind(area)
        assert str(i18n.tr(ry.AREA_NAMES[kind])) in drawn
    for cards in mid4["labs"].values():
        for card in cards:
            if card:
                assert ry.tech_name(card) in texts
    for cards in mid4["ports"].values():
        for card in cards:
            if card:
                line = f"{order_goods_short(card)} → {short_reward(t.order_reward[card])}"
                assert line in texts, card
    for i, _tile in enumerate(mid4["achievements"]):
        assert any(x.startswith(f"{i + 1}. ") for x in texts)
    ids = {*t.order_ids, *t.tech_ids, *t.achievements, *t.tile_ids, *t.tokens, *t.reward_tokens}
    assert not [x for x in texts if set(re.findall(r"[A-Z][0-9]{1,2}", x)) & ids]
    assert "Canal" in texts and "Church" in drawn and "Customs House" in drawn


def test_final_position_shows_the_result_and_the_scores(texts: list[str], over4: dict[str, Any]) -> None:
    ry.render(over4)
    best = max(over4["players"], key=lambda p: p["vp"])
    assert any(x.startswith(f"{ry.player_name(best['colour'])} wins with {best['vp']} VP") for x in texts)
    assert any(x.startswith("Final:") or "Final:" in x for x in texts)


def test_text_is_never_smaller_than_18px(mid4: dict[str, Any], monkeypatch: pytest.MonkeyPatch) -> None:
    sizes: list[int] = []
    real = draw._text_sprite.__wrapped__

    def spy(text: str, size: int, style: str, fill: Any, *rest: Any) -> Image.Image:
        sizes.append(size)
        return real(text, size, style, fill, *rest)

    ry.clear_cache()
    monkeypatch.setattr(draw, "_text_sprite", spy)
    ry.render(mid4)
    monkeypatch.undo()
    ry.clear_cache()
    assert sizes and min(sizes) >= draw.MIN_TEXT


@pytest.mark.slow
def test_the_legend_leaves_out_no_entry(monkeypatch: pytest.MonkeyPatch) -> None:
    seen: list[tuple[int, int]] = []
    real = ry_layout.legend  # the static layer draws the legend

    def spy(c: Any, r: Any, entries: Any, **kw: Any) -> int:
        drawn = real(c, r, entries, **kw)
        seen.append((drawn, len(entries)))
        return drawn

    monkeypatch.setattr(ry_layout, "legend", spy)
    for players in (2, 3, 4):
        for lang in LANGS:
            with i18n.language(lang):
                ry.clear_cache()
                ry.render(GAME.view(first_turn(players, 1), None))
    ry.clear_cache()
    assert seen and all(drawn == total for drawn, total in seen)


# -- hidden orders ----------------------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 4])
def test_another_seats_orders_are_never_drawn_nor_written(players: int, texts: list[str]) -> None:
    state = first_turn(players, 3)
    hands = {p.seat: set(p.orders) for p in state.players}
    assert all(hands.values())
    for viewer in [None, *range(players)]:
        view = GAME.view(state, viewer)
        texts.clear()
        ry.clear_layers()
        png = ry.render(view)
        drawn = " ".join(texts)
        words = " ".join((ry.alt_text(view), ry.summary(view)))
        public = {order_line(o) for row in state.ports.values() for o in row if o}
        for seat, ids in hands.items():
            for order in ids:
                line = order_line(order)
                assert order not in drawn and order not in words, (viewer, order)  # never the data id
                if seat == viewer:
                    assert line in drawn and line in words, (viewer, order)
                elif line not in public:
                    assert line not in drawn and line not in words, (viewer, seat, order)
        n = len(state.players[0].orders)
        if viewer != 0:
            assert f"{n} order in hand" in drawn or f"{n} orders in hand" in drawn
        assert png.startswith(PNG_SIGNATURE)


def test_orders_the_view_leaks_for_another_seat_are_still_not_drawn(texts: list[str], mid2: dict[str, Any]) -> None:
    """Defence in depth: only the viewer's own hand is drawn, even if a view carried another's."""
    public = " ".join(str(x) for x in (mid2["ports"], [p["fulfilled"] for p in mid2["players"]]))
    secret = next(o for o in tables().order_ids if o not in public)
    view = dict(mid2, players=[dict(p) for p in mid2["players"]], viewer=0, dealt=[])
    view["players"][1]["orders"] = [secret]
    view["players"][1]["orders_in_hand"] = 1
    ry.render(view)
    public_lines = {order_line(o) for row in mid2["ports"].values() for o in row if o}
    assert order_line(secret) not in public_lines
    assert order_line(secret) not in " ".join(texts) + ry.alt_text(view) + ry.summary(view)


# -- alt text and summary ---------------------------------------------------------------------------


@pytest.mark.parametrize("fixture", ALL)
def test_alt_text_names_the_player_to_act_within_discords_limit(fixture: str, request: pytest.FixtureRequest) -> None:
    view = request.getfixturevalue(fixture)
    text = ry.alt_text(view)
    assert 0 < len(text) <= ry.ALT_TEXT_LIMIT == 1000 and "\n" not in text and "{" not in text
    for p in view["players"]:
        assert ry.player_name(p["colour"]) in text
    seat = view["decision"]["seat"]
    if view["over"]:
        assert "Game over" in text and "wins" in text
    elif seat == CHANCE:
        assert "Random event" in text
    else:
        who = ry.player_name(view["players"][seat]["colour"])
        assert f"To act: {who}:" in text
    summary = ry.summary(view)
    assert summary.splitlines()[0].startswith("Yokohama") and "{" not in summary


def test_alt_text_and_summary_list_no_order_id_of_the_public_view(mid3: dict[str, Any]) -> None:
    hidden = set(ORDER_ID.findall(ry.alt_text(mid3) + ry.summary(mid3)))
    assert hidden == set()


# -- languages, overflow, fonts -------------------------------------------------------------------


@pytest.fixture(scope="module")
def pictures(mid4: dict[str, Any], mid3: dict[str, Any], mid2: dict[str, Any], over4: dict[str, Any],
             setup4: dict[str, Any]) -> dict[tuple[str, str], Any]:
    """``(png, overflows, alt, view)`` of five positions in every language (cached layers redrawn)."""
    out = {}
    for lang in LANGS:
        with i18n.language(lang):
            for name, view in (("mid4", mid4), ("mid3", mid3), ("mid2", mid2), ("over4", over4), ("setup4", setup4)):
                ry.clear_cache()
                with draw.overflow_probe() as found:
                    png = ry.render(view)
                out[(lang, name)] = (png, list(found), ry.alt_text(view), view)
    ry.clear_cache()
    return out


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.slow
def test_no_label_is_cut_in_any_language(lang: str, pictures: dict[Any, Any]) -> None:
    """Uses whatever catalogue exists (English fallbacks while a language is untranslated)."""
    _needs_dejavu()
    problems = [f"{name}: {o.text!r} needs {o.width} px, has {o.room}"
                for (lg, name), (_png, found, _alt, _v) in pictures.items() if lg == lang for o in found]
    assert problems == [], "\n".join(problems)


@pytest.mark.parametrize("lang", LANGS)
def test_every_language_keeps_the_size_and_names_the_player_to_act(lang: str, pictures: dict[Any, Any]) -> None:
    for name in ("mid4", "mid3", "mid2", "over4", "setup4"):
        png, _found, alt, view = pictures[(lang, name)]
        lay = ry.layout_for(len(view["players"]))
        check_png(png, (lay.width, lay.height))
        assert 0 < len(alt) <= ry.ALT_TEXT_LIMIT and "\n" not in alt
        with i18n.language(lang):
            assert all(ry.player_name(p["colour"]) in alt for p in view["players"])
            seat = view["decision"]["seat"]
            if seat is not None and seat >= 0:
                assert ry.player_name(view["players"][seat]["colour"]) in alt


def _shouting(monkeypatch: pytest.MonkeyPatch) -> None:
    """Polish becomes English in capitals (placeholders kept): wider words, as translations are."""
    real = i18n._lookup

    def shout(domain: str, lang: str, msgid: str, *rest: Any) -> str:
        if lang != "pl":
            return real(domain, lang, msgid, *rest)
        text = real(domain, "en", msgid, *rest)
        return re.sub(r"(^|\})([^{}]*)", lambda m: m.group(1) + m.group(2).upper(), text)

    monkeypatch.setattr(i18n, "_lookup", shout)


@pytest.mark.parametrize("fixture", ALL)
def test_longer_words_still_fit(fixture: str, request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> None:
    """Every label in capitals (about a quarter wider) still fits its box: no cut, nothing off the picture."""
    _needs_dejavu()
    view = request.getfixturevalue(fixture)
    _shouting(monkeypatch)
    with i18n.language("pl"):
        ry.clear_cache()
        with draw.overflow_probe() as found:
            png = ry.render(view)
        alt = ry.alt_text(view)
    monkeypatch.undo()
    ry.clear_cache()
    assert [f"{o.text!r} needs {o.width} px, has {o.room}" for o in found] == []
    lay = ry.layout_for(len(view["players"]))
    assert Image.open(io.BytesIO(png)).size == (lay.width, lay.height)
    assert "YOKOHAMA BOARD" in alt


def test_cached_layers_are_kept_per_language(mid2: dict[str, Any], monkeypatch: pytest.MonkeyPatch) -> None:
    ry.clear_cache()
    english = png_image(ry.render(mid2))
    _shouting(monkeypatch)
    with i18n.language("pl"):
        polish = png_image(ry.render(mid2))
    monkeypatch.undo()
    again = png_image(ry.render(mid2))
    ry.clear_cache()
    title = ry.layout_for(2).panels["achievements"].take_top(28)[0]
    box = (title.x, title.y, title.x2, title.y2)
    assert polish.crop(box).tobytes() != english.crop(box).tobytes()
    assert again.tobytes() == english.tobytes()


def test_renders_without_any_font_file(mid2: dict[str, Any], monkeypatch: pytest.MonkeyPatch) -> None:
    ry.clear_cache()
    monkeypatch.setattr(fonts, "find_font_file", lambda name: None)
    try:
        assert fonts.is_fallback(fonts.font(18, "bold"))
        png = ry.render(mid2)
        assert png.startswith(PNG_SIGNATURE) and Image.open(io.BytesIO(png)).width == 1400
    finally:
        monkeypatch.undo()
        ry.clear_cache()


def test_every_kind_has_its_words() -> None:
    t = tables()
    assert set(ry.AREA_SHORT) == {a.kind for a in t.data.areas}
    from engine.yokohama.tables import REWARD_KEYS

    assert set(REWARD_KEYS) <= set(ry.ICON_SHORT)
    assert set(ry.COUNTRY_SHORT) == set(t.agents)
    assert set(ry.PLAYER_RGB) == set(ry.PLAYER_LETTERS) == {"blue", "pink", "purple", "yellow"}
    assert len(set(ry.PLAYER_LETTERS.values()) | {ry.NEUTRAL_LETTER}) == 5


# -- whole games ------------------------------------------------------------------------------------


@pytest.mark.slow
def test_every_position_of_a_game_renders(record_property: Any) -> None:
    """Smoke: positions of a 2-player game (set-up and random events included) draw; some are encoded."""
    n = 0
    t = time.perf_counter()
    last = None
    for ply, state in walk({"players": 2}, 2):
        last = state
        if ply % 3:
            continue
        view = GAME.view(state, ply % 2 if ply % 4 else None)
        img = ry.render_image(view)
        assert img.size == (1400, ry.layout_for(2).height)
        if ply % 150 == 0:
            assert ry.render(view).startswith(PNG_SIGNATURE)
        assert len(ry.alt_text(view)) <= ry.ALT_TEXT_LIMIT
        n += 1
    assert last is not None and last.over
    record_property("positions", n)
    record_property("ms_per_position", round((time.perf_counter() - t) * 1000 / n, 1))


@pytest.mark.parametrize("players", [3, 4])
@pytest.mark.slow
def test_sampled_positions_of_other_games_render(players: int) -> None:
    modules = ["achievement_rewards", "free_agents"]
    for ply, state in walk({"players": players, "modules": modules}, 13):
        if ply % 97 == 0 or state.over:
            assert ry.render_image(GAME.view(state, None)).width == 1400
