"""Board picture of Nippon (2015): sizes, layout, pixel checks on fixed-seed games, drawn texts, alt
text, every language without a cut label, a whole game. No network; timing is recorded, never asserted."""

from __future__ import annotations

import io
import time
from typing import Any

import pytest
from golden import differing_share
from nippon_positions import chance_view, every_view, view_at
from picture_checks import PNG_SIGNATURE, count_colour, png_image, shouted_polish
from PIL import Image

import render as render_pkg
from engine.core import i18n
from engine.nippon.tables import tables
from render import nippon as rn
from render.core import Layout, draw, fonts
from render.core import palette as pal
from render.nippon.colours import worker_colour

LANGS = ("en", "pl", "ru", "de")


# -- helpers, fixtures --------------------------------------------------------------------------


def _image(view: dict[str, Any]) -> Image.Image:
    """The drawing itself (RGB, exact colours); the PNG holds it in a 64-colour palette."""
    return rn.render_image(view)


def _layout(view: dict[str, Any]) -> Layout:
    return rn.Shape.of(view).layout()


def _rgb(view: dict[str, Any], seat: int) -> tuple[int, int, int]:
    return rn.player_rgb(view["players"][seat]["colour"])


@pytest.fixture(scope="module")
def mid4() -> dict[str, Any]:
    """4 players, seed 7, from move 250 on: the first scoring is done, Yellow to act; seen by seat 0."""
    return view_at(4, 7, 250, viewer=0)


@pytest.fixture(scope="module")
def mid2() -> dict[str, Any]:
    """2 players, seed 3, from move 150 on."""
    return view_at(2, 3, 150)


@pytest.fixture(scope="module")
def mid3() -> dict[str, Any]:
    """3 players, seed 5, from move 200 on."""
    return view_at(3, 5, 200)


@pytest.fixture(scope="module")
def over4() -> dict[str, Any]:
    """A finished 4-player game (seed 7)."""
    return view_at(4, 7, 100_000)


@pytest.fixture(scope="module")
def over3() -> dict[str, Any]:
    """A finished 3-player game (seed 5)."""
    return view_at(3, 5, 100_000)


def _needs_dejavu() -> None:
    if fonts.is_fallback(fonts.font(18, "condensed")):
        pytest.skip("DejaVu Sans is not installed: widths of the fallback font differ")


# -- bytes, sizes, dispatch ----------------------------------------------------------------------


ALL = ["mid4", "mid2", "mid3", "over4", "over3"]


@pytest.mark.parametrize("fixture", ALL)
def test_png_signature_size_and_bytes(fixture: str, request: pytest.FixtureRequest, record_property: Any) -> None:
    view = request.getfixturevalue(fixture)
    t = time.perf_counter()
    png = rn.render(view)
    record_property("render_ms", round((time.perf_counter() - t) * 1000, 1))
    assert png.startswith(PNG_SIGNATURE) and len(png) <= 150_000
    img = Image.open(io.BytesIO(png))
    assert img.format == "PNG" and img.mode == "P" and len(img.getcolors(256) or []) <= rn.PNG_COLOURS
    assert img.size == (_layout(view).width, _layout(view).height)
    assert img.width == rn.WIDTH == 1400


def test_picture_height_by_player_count() -> None:
    heights = {n: rn.layout_for(n).height for n in (2, 3, 4)}
    assert heights == {2: 1504, 3: 1724, 4: 1894}
    four, three = rn.layout_for(4), rn.layout_for(3)
    assert four.panels["player:3"].y == four.panels["player:2"].y  # two player panels per row
    # With 3 players the contract/achievement reference fills the place of a 4th player panel.
    assert three.panels["reference"].y == three.panels["player:2"].y
    assert three.panels["reference"].x > three.panels["player:2"].x2


def test_render_is_deterministic_and_dispatched_by_name(mid2: dict[str, Any]) -> None:
    png = rn.render(mid2)
    assert png == rn.render(mid2)
    assert render_pkg.has_renderer("nippon")
    assert render_pkg.render("nippon", mid2) == png
    assert render_pkg.alt_text("nippon", mid2) == rn.alt_text(mid2)
    assert rn.PNG_COMPRESS_LEVEL <= 5  # deflate stays fast; ``optimize`` is never used


def test_render_image_matches_the_png(mid3: dict[str, Any]) -> None:
    """The PNG is the drawing in a palette: the same size, hardly a pixel far from its colour."""
    drawn, png = rn.render_image(mid3), png_image(rn.render(mid3))
    assert png.size == drawn.size
    assert differing_share(png, drawn, delta=60) < 0.01


# -- layout -------------------------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 4])
def test_layout_panels_inside_the_picture_and_disjoint(players: int) -> None:
    t = tables()
    lay = rn.layout_for(players)
    assert lay.problems() == []
    names = set(lay.panels)
    assert {"header", "actions", "rows", "scoring", "display", "rewards", "reference", "legend"} <= names
    assert {f"region:{r}" for r in t.region_ids} <= names
    assert {f"player:{s}" for s in range(players)} <= names and f"player:{players}" not in names
    for part, rect in lay.parts.items():
        assert any(p.contains(rect) for p in lay.panels.values()), part
    assert len([p for p in lay.parts if p.startswith("rows/row")]) == t.rows(players).rows
    cap = t.count(players).transport_spaces
    for r in t.region_ids:
        assert len([p for p in lay.parts if p.startswith(f"transport:{r}/")]) == cap
    for seat in range(players):
        for aid in t.achievement_ids:
            assert f"player:{seat}/achievement:{aid}" in lay.parts
        for goods in t.goods:
            assert f"player:{seat}/factory:{goods}" in lay.parts


# -- pixels on fixed-seed games -----------------------------------------------------------------


def test_action_spaces_rows_and_bag(mid4: dict[str, Any]) -> None:
    img = _image(mid4)
    lay = _layout(mid4)
    assert len(mid4["spaces"]) == 5
    for i, workers in enumerate(mid4["spaces"]):
        box = lay.parts[f"actions/{i}"]
        for colour in set(workers):
            assert count_colour(img, box, worker_colour(colour)) > 100, (i, colour)
        assert count_colour(img, box, pal.TITLE_BAR) > 200  # the numbered square
    for i, row in enumerate(mid4["rows"]):
        box = lay.parts[f"rows/row{i}"]
        for colour in set(row) - {"white"}:
            assert count_colour(img, box, worker_colour(colour)) > 100, (i, colour)


def test_scoring_track_marker_and_golden_spaces(mid4: dict[str, Any]) -> None:
    t = tables()
    img = _image(mid4)
    lay = _layout(mid4)
    for s, space in enumerate(t.track_spaces):
        r = lay.parts[f"scoring/space{s}"]
        if s == mid4["marker"]:
            expected = pal.HIGHLIGHT
        else:
            expected = pal.THRESHOLD if space.golden else pal.NORMAL_ROUND
        assert img.getpixel((r.x + 6, r.y + 6)) == expected, s


def test_regions_cities_and_transport(mid4: dict[str, Any]) -> None:
    t = tables()
    img = _image(mid4)
    lay = _layout(mid4)
    cities = {c["id"]: c for c in mid4["cities"]}
    seen_tiles = seen_pieces = 0
    for region in t.regions:
        r = lay.panels[f"region:{region.id}"]
        assert img.getpixel((r.x + 4, r.y + 4)) == pal.TITLE_BAR
        infl = lay.parts[f"influence:{region.id}"]
        for seat in range(len(mid4["players"])):  # a square under its two-letter badge
            assert count_colour(img, infl, _rgb(mid4, seat)) > 100
        for city in (c for c in t.cities if c.region == region.id):
            cv = cities[city.id]
            for i, side in enumerate(rn.SIDES):
                cell = lay.parts[f"city:{city.id}/{side}"]
                goods = t.city_tiles[cv["tile"]][(i - cv["rotation"]) % 4]
                assert img.getpixel((cell.x + 3, cell.y + 3)) == rn.LEVEL_TINT[t.goods[goods].level]
                occ = cv["slots"][i]
                if occ is not None:
                    assert count_colour(img, cell, _rgb(mid4, occ[0])) > 150
                    seen_tiles += 1
        for i, piece in enumerate(mid4["transport"][region.id]):
            cell = lay.parts[f"transport:{region.id}/{i + 1}"]
            assert count_colour(img, cell, _rgb(mid4, piece["seat"])) > 150
            seen_pieces += 1
    assert seen_tiles and seen_pieces  # the position really has influence tiles, ships and trains


def test_player_panels_markers_and_acting_player(mid4: dict[str, Any]) -> None:
    t = tables()
    img = _image(mid4)
    lay = _layout(mid4)
    seat = mid4["decision"]["seat"]
    assert seat is not None and seat >= 0
    for s, p in enumerate(mid4["players"]):
        rgb = _rgb(mid4, s)
        hdr = lay.parts[f"player:{s}/header"]
        assert img.getpixel((hdr.x + 4, hdr.cy)) == rgb
        assert img.getpixel((hdr.x + 300, hdr.y + 4)) == pal.tint(rgb, 0.6)
        for track in ("money", "coal", "knowledge"):
            row = lay.parts[f"player:{s}/track:{track}"]
            x = row.x + rn.TRACK_LABEL_W + p[f"{track}_pos"] * rn.TRACK_CELL_W + 5
            assert img.getpixel((x, row.y + 5)) == rgb, (s, track)
        inf = lay.parts[f"player:{s}/influence"]
        assert count_colour(img, inf, rgb) > 150 * len(p["influence"])
        for f in p["factories"]:
            cell = lay.parts[f"player:{s}/factory:{f['goods']}"]
            assert img.getpixel((cell.x + 3, cell.y + 3)) == rn.LEVEL_TINT[t.goods[f["goods"]].level]
        for aid in p["achievements"]:
            cell = lay.parts[f"player:{s}/achievement:{aid}"]
            assert img.getpixel((cell.x + 3, cell.y + 3)) == pal.tint(rgb, 0.55)
        ships = lay.parts[f"player:{s}/ships"]
        assert (count_colour(img, ships, rgb) > 40 * p["ships"]) and (p["ships"] < 6 or count_colour(img, ships, pal.THRESHOLD) == 0)
        r = lay.panels[f"player:{s}"]
        assert (img.getpixel((r.x + 2, r.y2 - 2)) == pal.INK) == (s == seat)  # the acting player's outline
    assert count_colour(img, lay.panels["header"], pal.tint(_rgb(mid4, seat), 0.55)) > 1000


def test_display_greys_built_factories_with_their_owner(mid4: dict[str, Any]) -> None:
    img = _image(mid4)
    lay = _layout(mid4)
    built = [(s, f["tile"]) for s, p in enumerate(mid4["players"]) for f in p["factories"]]
    assert built
    for s, tile in built:
        line = lay.parts[f"display/{tile}"]
        assert count_colour(img, line, _rgb(mid4, s)) > 50  # the owner's tile
        assert count_colour(img, line, pal.INK) < count_colour(img, line, pal.MUTED)
    for tile in mid4["display"]:
        line = lay.parts[f"display/{tile}"]
        assert count_colour(img, line, pal.INK) > 50


def test_reward_stacks(mid4: dict[str, Any]) -> None:
    t = tables()
    img = _image(mid4)
    lay = _layout(mid4)
    for mult in t.multipliers:
        for kind in t.reward_kinds:
            cell = lay.parts[f"rewards/{mult}:{kind}"]
            n = mid4["rewards"][f"{mult}:{kind}"]
            assert (count_colour(img, cell, pal.PANEL_ALT) > 50) == (n > 0), (mult, kind, n)


def test_known_position_texts(drawn_texts: list[str], mid4: dict[str, Any]) -> None:
    """Seed 7, 4 players, move 250: money, VP, status line and prompt of the real position."""
    rn.render(mid4)
    texts = set(drawn_texts)
    assert "Scoring track space 3 of 8" in texts and mid4["marker"] == 2
    assert "▶ Yellow: take a worker for an action, or consolidate" in texts
    for p in mid4["players"]:
        assert f"{p['money'] * 1000:,} yen" in texts
        assert f"{p['vp']} VP" in texts
    purple = mid4["players"][2]
    assert (purple["colour"], purple["money"], purple["vp"]) == ("purple", 6, 12)
    assert "6,000 yen" in texts and "12 VP" in texts and "1st player" in texts and "you" in texts


def test_chance_decision_is_a_grey_random_event() -> None:
    view = chance_view(3, 1)
    img = _image(view)
    lay = _layout(view)
    assert count_colour(img, lay.panels["header"], pal.PANEL_ALT) > 5000
    assert "Random event" in rn.alt_text(view)


def test_final_position_shows_the_result_and_the_scores(drawn_texts: list[str], over4: dict[str, Any]) -> None:
    assert over4["over"] and over4["decision"]["seat"] is None
    img = _image(over4)
    lay = _layout(over4)
    assert count_colour(img, lay.panels["header"], pal.HIGHLIGHT) > 5000
    best = max(over4["players"], key=lambda p: (p["vp"], p["last_turn"]))
    texts = set(drawn_texts)
    assert any(t.startswith(f"{rn.player_name(best['colour'])} wins with {best['vp']} VP") for t in texts)
    for seat, p in enumerate(over4["players"]):
        score = over4["scores"][str(seat)]
        assert score["total"] == p["vp"]
        for aid, vp in score["achievements"].items():
            if aid in p["achievements"]:
                assert f"={vp}" in texts


def test_text_is_never_smaller_than_18px(mid4: dict[str, Any], drawn_sizes: list[int]) -> None:
    rn.render(mid4)
    assert drawn_sizes and min(drawn_sizes) >= draw.MIN_TEXT


# -- alt text -----------------------------------------------------------------------------------


@pytest.mark.parametrize("fixture", ALL)
def test_alt_text_names_every_player_within_discords_limit(fixture: str, request: pytest.FixtureRequest) -> None:
    view = request.getfixturevalue(fixture)
    text = rn.alt_text(view)
    assert 0 < len(text) <= rn.ALT_TEXT_LIMIT == 1000 and "\n" not in text and "{" not in text
    for p in view["players"]:
        assert p["colour"].title() in text
    if view["over"]:
        assert "game over" in text and "wins" in text
    else:
        assert str(view["decision"]["prompt"]).rstrip(".") in text
        assert "Region 1" in text and "foreign" in text


# -- languages, overflow, fonts -------------------------------------------------------------------


@pytest.fixture(scope="module")
def pictures(mid4: dict[str, Any], mid2: dict[str, Any], over3: dict[str, Any]) -> dict[tuple[str, str], Any]:
    """``(png, overflows, alt)`` of three positions in every language (static layers redrawn)."""
    out = {}
    for lang in LANGS:
        with i18n.language(lang):
            for name, view in (("mid4", mid4), ("mid2", mid2), ("over3", over3)):
                rn.clear_cache()
                with draw.overflow_probe() as found:
                    png = rn.render(view)
                out[(lang, name)] = (png, list(found), rn.alt_text(view), view)
    rn.clear_cache()
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
def test_every_language_keeps_the_size_and_names_every_player(lang: str, pictures: dict[Any, Any]) -> None:
    for name in ("mid4", "mid2", "over3"):
        png, _found, alt, view = pictures[(lang, name)]
        english = Image.open(io.BytesIO(pictures[("en", name)][0]))
        assert Image.open(io.BytesIO(png)).size == english.size
        assert 0 < len(alt) <= rn.ALT_TEXT_LIMIT and "\n" not in alt
        with i18n.language(lang):
            assert all(rn.player_name(p["colour"]) in alt for p in view["players"])


def test_static_layers_are_kept_per_language(mid2: dict[str, Any], monkeypatch: pytest.MonkeyPatch) -> None:
    """A picture in another language never reuses the cached labels of an English one."""
    english, polish, alt, again = shouted_polish(rn, mid2, monkeypatch)
    title = _layout(mid2).panels["actions"].take_top(28)[0]
    box = (title.x, title.y, title.x2, title.y2)
    assert polish.crop(box).tobytes() != english.crop(box).tobytes()
    assert again.tobytes() == english.tobytes()
    assert "NIPPON BOARD" in alt


def test_renders_without_any_font_file(no_fonts: None, mid2: dict[str, Any]) -> None:
    assert fonts.is_fallback(fonts.font(18, "bold"))
    png = rn.render(mid2)
    assert png.startswith(PNG_SIGNATURE) and Image.open(io.BytesIO(png)).width == 1400


def test_every_factory_tile_and_action_has_a_short_label() -> None:
    t = tables()
    assert set(rn.BONUS_SHORT) == set(t.factory_ids)
    assert set(rn.ACTION_SHORT) == set(t.actions)
    assert set(rn.GOODS_SHORT) == set(t.goods)
    assert {a.measure for a in t.data.achievements} <= set(rn.ACHIEVEMENT_SHORT)
    assert set(rn.PLAYER_RGB) == set(rn.PLAYER_LETTERS) >= {p for p in ("yellow", "red", "purple", "blue")}


# -- a whole game ---------------------------------------------------------------------------------


@pytest.mark.slow
def test_every_position_of_a_game_renders(record_property: Any) -> None:
    """Smoke: every position of a 3-player game (random events included) draws; some are encoded."""
    views = every_view(3, 2, step=2)
    assert views[0]["decision"]["seat"] == -1 and views[-1]["over"]
    t = time.perf_counter()
    for k, view in enumerate(views):
        img = rn.render_image(view)
        assert img.size == (1400, rn.layout_for(3).height)
        if k % 100 == 0:
            assert rn.render(view).startswith(PNG_SIGNATURE)
        assert len(rn.alt_text(view)) <= rn.ALT_TEXT_LIMIT
    record_property("positions", len(views))
    record_property("ms_per_position", round((time.perf_counter() - t) * 1000 / len(views), 1))


@pytest.mark.parametrize("players", [2, 4])
def test_sampled_positions_of_other_games_render(players: int) -> None:
    for view in every_view(players, 11, step=25):
        assert rn.render_image(view).width == 1400
