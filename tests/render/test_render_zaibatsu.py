"""Board picture of Nippon: Zaibatsu: sizes, layout, pixel checks on fixed-seed games, alt text,
font fallback. No network; timing is recorded, never asserted."""

from __future__ import annotations

import io
import time
from typing import Any

import pytest
from picture_checks import PNG_SIGNATURE, count_colour, shouted_polish
from PIL import Image
from zaibatsu_positions import play

import render as render_pkg
from engine.zaibatsu.tables import tables
from render import zaibatsu as rz
from render.core import Layout, Rect, draw, fonts
from render.core import palette as pal
from render.zaibatsu.colours import player_colour, worker_colour


def _image(view: dict[str, Any]) -> Image.Image:
    """The drawn picture before encoding: the PNG is a palette picture whose colours are close to,
    not equal to, the drawn ones (pixel checks compare exact colours)."""
    return rz.render_image(view)


def _layout(view: dict[str, Any]) -> Layout:
    return rz.Shape.of(view).layout()


# -- bytes, sizes ---------------------------------------------------------------------------------


ALL = ["mid4", "mid2", "draft4", "over3", "solo", "modules4"]


@pytest.mark.parametrize("fixture", ALL)
def test_png_signature_size_and_bytes(fixture: str, request: pytest.FixtureRequest,
                                      record_property: Any) -> None:
    view = request.getfixturevalue(fixture)
    t = time.perf_counter()
    png = rz.render(view)
    record_property("render_ms", round((time.perf_counter() - t) * 1000, 1))
    assert png.startswith(PNG_SIGNATURE) and len(png) < 200_000
    img = Image.open(io.BytesIO(png))
    assert img.format == "PNG" and img.mode == "P"  # a palette picture (render/core/draw.palette_png)
    assert img.size == (_layout(view).width, _layout(view).height)
    assert len(img.getcolors(256) or []) <= rz.BOARD_COLOURS
    assert img.width == rz.WIDTH == 1400
    assert 900 <= img.height <= 2300


def test_render_is_deterministic(mid4: dict[str, Any]) -> None:
    assert rz.render(mid4) == rz.render(mid4)


def test_dispatch_by_game_name(mid2: dict[str, Any]) -> None:
    assert render_pkg.render("zaibatsu", mid2) == rz.render(mid2)
    assert render_pkg.alt_text("zaibatsu", mid2) == rz.alt_text(mid2)
    assert render_pkg.has_renderer("zaibatsu") and not render_pkg.has_renderer("chess")
    with pytest.raises(ValueError, match="no renderer"):
        render_pkg.render("chess", mid2)


def test_every_position_of_a_game_renders() -> None:
    """Smoke: positions across a whole 3-player game (setup, draft, rounds, final, over)."""
    for plies in (0, 5, 60, 150, 250, 330, 100_000):
        view = play(3, 2, plies)
        assert rz.render(view).startswith(PNG_SIGNATURE)


# -- layout -----------------------------------------------------------------------------------


@pytest.mark.parametrize("players", [1, 2, 3, 4])
@pytest.mark.parametrize("draft", [False, True])
@pytest.mark.parametrize("modules", [False, True])
def test_layout_panels_inside_picture_and_disjoint(players: int, draft: bool, modules: bool) -> None:
    lay = rz.layout_for(players, draft, modern=modules, common_goals=modules)
    assert lay.problems() == []
    t = tables()
    names = set(lay.panels)
    assert {"header", "hiring", "waiting", "round", "iwakura", "display", "legend"} <= names
    assert {f"region:{r}" for r in t.region_ids} <= names
    assert {f"player:{s}" for s in range(players)} <= names
    assert ("start_pairs" in names) == draft
    assert ("common_goals" in names) == modules
    assert ("automa" in names) == (players == 1)
    for part, rect in lay.parts.items():
        assert any(p.contains(rect) for p in lay.panels.values()), part


# -- pixels on fixed-seed games --------------------------------------------------------------


def test_player_panels_drawn_in_player_colours(mid4: dict[str, Any]) -> None:
    img = _image(mid4)
    lay = _layout(mid4)
    for seat, p in enumerate(mid4["players"]):
        hdr = lay.parts[f"player:{seat}/header"]
        colour = player_colour(p["colour"])
        assert img.getpixel((hdr.x + 6, hdr.cy)) == colour  # colour bar at the left of the header
        assert img.getpixel((hdr.x + 200, hdr.y + 5)) == pal.tint(colour, 0.6)  # tinted header
        assert count_colour(img, hdr, colour) > 250  # the bar and the initials square


def test_acting_player_is_outlined(mid4: dict[str, Any]) -> None:
    img = _image(mid4)
    lay = _layout(mid4)
    seat = mid4["decision"]["seat"]
    assert seat is not None and seat >= 0
    for s in range(len(mid4["players"])):
        r = lay.panels[f"player:{s}"]
        edge = img.getpixel((r.x + 2, r.y2 - 2))  # inside a 4-px outline, outside the 1-px one
        assert (edge == pal.INK) == (s == seat)
    # The header's decision box carries the acting player's colour.
    hdr = lay.panels["header"]
    acting = player_colour(mid4["players"][seat]["colour"])
    assert count_colour(img, hdr, pal.tint(acting, 0.55)) > 1000


def test_regions_markets_and_trains(mid4: dict[str, Any]) -> None:
    t = tables()
    img = _image(mid4)
    lay = _layout(mid4)
    players = mid4["players"]
    for region in t.regions:
        r = lay.panels[f"region:{region.id}"]
        assert img.getpixel((r.x + 4, r.y + 4)) == pal.TITLE_BAR
        for i, seat in enumerate(mid4["trains"][region.id]):
            cell = lay.parts[f"train:{region.id}/{i + 1}"]
            usable = t.train_slots[i].min_players <= len(players)
            if seat is not None:
                assert count_colour(img, cell, player_colour(players[seat]["colour"])) > 150
            elif not usable:
                assert img.getpixel((cell.x + 3, cell.y + 3)) == pal.UNAVAILABLE
    for m in mid4["markets"]:
        for i, k in enumerate("NESW"):
            cell = lay.parts[f"market:{m['id']}/{k}"]
            goods = t.demand[m["tile"]][(i - m["rotation"]) % 4]
            assert img.getpixel((cell.x + 2, cell.y + 2)) == rz.GOODS_TINT[t.goods[goods].level]
            occ = m["slots"][i]
            if occ is not None:
                assert count_colour(img, cell, player_colour(players[occ[0]]["colour"])) > 150


def test_workers_ships_experts_and_round(mid4: dict[str, Any]) -> None:
    t = tables()
    img = _image(mid4)
    lay = _layout(mid4)
    for h, workers in enumerate(mid4["hiring"]):
        box = lay.parts[f"hiring/{h}"]
        for colour in set(workers):
            assert count_colour(img, box, worker_colour(colour)) > 100, (h, colour)
    for d in t.destinations:
        box = lay.parts[f"iwakura/{d.id}"]
        for seat in set(mid4["ships"][d.id]):
            assert count_colour(img, box, player_colour(mid4["players"][seat]["colour"])) > 150
        if d.colour != "white":  # white is also the fill of empty ship slots
            expert_pixels = count_colour(img, box, worker_colour(d.colour))
            assert (expert_pixels > 80) == bool(mid4["experts"][d.id]), d.id
    space = lay.parts[f"round/space{mid4['round']}"]
    assert img.getpixel((space.x + 6, space.y + 6)) == pal.HIGHLIGHT


def test_known_state_pixels() -> None:
    """A fixed position: seed 7, 4 players, 300 plies — round 3, period II highlighted."""
    view = play(4, 7, 300)
    img = _image(view)
    lay = _layout(view)
    assert view["round"] == 3
    for s in range(1, 9):
        r = lay.parts[f"round/space{s}"]
        expected = pal.HIGHLIGHT if s == 3 else pal.NORMAL_ROUND if s <= 5 else pal.FINAL_ROUND
        assert img.getpixel((r.x + 6, r.y + 6)) == expected
    assert img.getpixel((lay.panels["header"].x + 2, lay.panels["header"].y + 2)) == pal.TITLE_BAR
    assert img.getpixel((2, 2)) == pal.BACKGROUND
    for seat, p in enumerate(view["players"]):  # the R&D marker sits in the player's colour
        g = rz._player_geometry(lay, seat)
        tr = g["tracks"][0]
        x = tr.x + rz.TRACK_LABEL_W + (p["rd"] - 1) * rz.TRACK_CELL_W + 4
        assert img.getpixel((x, tr.y + 4)) == player_colour(p["colour"])


def test_draft_shows_start_pairs(draft4: dict[str, Any]) -> None:
    assert draft4["decision"]["kind"] == "draft"
    img = _image(draft4)
    lay = _layout(draft4)
    sp = lay.panels["start_pairs"]
    body = Rect(sp.x + 2, sp.y + rz.TITLE_H + 2, sp.w - 4, sp.h - rz.TITLE_H - 4)
    assert count_colour(img, body, pal.PANEL) < body.w * body.h  # some text was drawn
    assert len(draft4["start_pairs"]) >= 1


def test_text_is_never_smaller_than_18px(mid4: dict[str, Any], drawn_sizes: list[int]) -> None:
    rz.render(mid4)
    assert drawn_sizes and min(drawn_sizes) >= 18


def test_display_effects_fit_their_column() -> None:
    """Every factory side's shortened effect fits the display column (no ellipsis) with DejaVu."""
    if fonts.is_fallback(fonts.font(18, "condensed")):
        pytest.skip("DejaVu Sans Condensed is not installed")
    lay = rz.layout_for(4)
    col_w = (lay.panels["display"].w - 16 - 2 * 16) // 3
    room = col_w - 4 - draw.text_width("4B", 18, "bold") - 10
    for side_id, side in tables().sides.items():
        assert draw.text_width(rz.short_effect(side.text), 18, "condensed") <= room, side_id


# -- alt text ---------------------------------------------------------------------------------


@pytest.mark.parametrize("fixture", ALL)
def test_alt_text_mentions_every_player_and_the_decision(fixture: str, request: pytest.FixtureRequest) -> None:
    view = request.getfixturevalue(fixture)
    text = rz.alt_text(view)
    assert 0 < len(text) <= 1000 and "\n" not in text
    for p in view["players"]:
        assert p["colour"].title() in text
    d = view["decision"]
    if d["seat"] is None:
        assert "game over" in text and "wins" in text
    else:
        assert d["prompt"] in text


# -- fonts ------------------------------------------------------------------------------------


def test_renders_without_dejavu(no_fonts: None, mid4: dict[str, Any]) -> None:
    assert fonts.find_font_file("DejaVuSans.ttf") is None
    assert fonts.is_fallback(fonts.font(18, "bold"))
    png = rz.render(mid4)
    assert png.startswith(PNG_SIGNATURE)
    assert Image.open(io.BytesIO(png)).width == 1400


def test_font_search_finds_files_by_name() -> None:
    fonts.clear_cache()
    path = fonts.find_font_file("DejaVuSans.ttf")
    if path is None:
        pytest.skip("DejaVu Sans is not installed")
    assert path.name == "DejaVuSans.ttf"
    assert any(str(path).startswith(str(d)) for d in fonts.FONT_DIRS)
    assert not fonts.is_fallback(fonts.font(18))


# -- solo and modules ---------------------------------------------------------------------------


def test_solo_shows_takatoshi(solo: dict[str, Any]) -> None:
    assert solo["automa"] is not None
    img = _image(solo)
    lay = _layout(solo)
    automa = lay.panels["automa"]
    green = player_colour(solo["automa"]["colour"])
    assert count_colour(img, lay.parts["automa/header"], green) > 250
    # His tokens and trains (seat 1) are drawn in his colour although he has no player entry.
    for m in solo["markets"]:
        for i, k in enumerate("NESW"):
            occ = m["slots"][i]
            if occ is not None and occ[0] == 1:
                assert count_colour(img, lay.parts[f"market:{m['id']}/{k}"], green) > 150
    assert automa.y == lay.panels["player:0"].y
    assert "Takatoshi" in rz.alt_text(solo)


@pytest.mark.parametrize("lang", ["en", "pl", "ru", "de"])
def test_solo_goals_are_named_by_their_text_not_their_id(solo: dict[str, Any], lang: str) -> None:
    from engine.core.i18n import language
    from engine.zaibatsu.tables import tables
    from render.core import text_probe

    ids = {g.id for g in tables().data.solo_goals}
    with language(lang):
        rz.clear_cache()
        with text_probe() as texts:
            _image(solo)
    rz.clear_cache()
    goal_lines = [t for t in texts if "/" in t and any(ch.isdigit() for ch in t)]
    assert goal_lines and not [t for t in texts for gid in ids if f"{gid}:" in t or t.startswith(gid + " ")]


def test_modules_show_common_goals_and_modern_factories(modules4: dict[str, Any]) -> None:
    lay = _layout(modules4)
    assert "common_goals" in lay.panels
    img = _image(modules4)
    cg = lay.panels["common_goals"]
    body = Rect(cg.x + 120, cg.y + rz.TITLE_H + 2, cg.w - 130, cg.h - rz.TITLE_H - 4)
    assert count_colour(img, body, pal.PANEL) < body.w * body.h  # goal texts drawn
    t = tables()
    modern = [s for s in modules4["display"] if t.sides[s].modern]
    assert modern, "the module puts modern factories in the display"
    per_goods = rz._per_goods(4, True)
    assert per_goods == t.count(4).factories_per_type + 1


# -- fitting text, overflow probe, languages -----------------------------------------------------


def test_fit_text_condenses_then_shrinks_then_cuts() -> None:
    if fonts.is_fallback(fonts.font(18, "condensed")):
        pytest.skip("DejaVu Sans Condensed is not installed")
    word = "Investitionen"
    natural = draw.text_width(word, 20, "bold")
    # Room for it as it is: unchanged.
    assert draw.fit_text(word, natural, 20, "bold") == draw.Fitted(word, 20, "bold", natural, False)
    # A little less room: the condensed face at the same size comes first.
    narrow = draw.text_width(word, 20, "condensed_bold")
    fitted = draw.fit_text(word, narrow, 20, "bold")
    assert (fitted.size, fitted.style, fitted.truncated) == (20, "condensed_bold", False)
    # Less still: smaller, never below MIN_TEXT.
    smaller = draw.fit_text(word, draw.text_width(word, 18, "condensed_bold"), 20, "bold")
    assert smaller.size == 18 and not smaller.truncated
    # No room at the smallest condensed size: cut with an ellipsis.
    cut = draw.fit_text(word, 60, 20, "bold")
    assert cut.truncated and cut.text.endswith(draw.ELLIPSIS) and cut.width <= 60 and cut.size == draw.MIN_TEXT


def test_canvas_records_cut_labels_and_text_off_the_picture() -> None:
    c = draw.Canvas(Image.new("RGB", (300, 100), pal.BACKGROUND))
    with draw.overflow_probe() as found:
        c.text(10, 10, "short", max_width=200)
        assert found == [] and c.overflows == []
        c.text(10, 40, "a label much too long for its little box", max_width=80)
        c.text(290, 70, "off the edge")
    assert [o.text for o in found] == ["a label much too long for its little box", "off the edge"]
    assert c.overflows == found
    assert found[0].shown.endswith(draw.ELLIPSIS) and found[0].room == 80
    # Outside a probe only the canvas keeps them; free text can opt out.
    c.text(10, 40, "another label much too long for its box", max_width=80)
    c.text(10, 40, "a log line much too long for its box", max_width=80, record=False)
    assert len(c.overflows) == 3


def test_runs_condense_before_cutting_and_record_dropped_runs() -> None:
    if fonts.is_fallback(fonts.font(18, "condensed")):
        pytest.skip("DejaVu Sans Condensed is not installed")
    c = draw.Canvas(Image.new("RGB", (600, 40), pal.BACKGROUND))
    parts = [("Money ", "regular"), ("12", "bold"), ("   Coal ", "regular"), ("3", "bold")]
    natural = sum(draw.text_width(t, 18, s) for t, s in parts)
    condensed = sum(draw.text_width(t, 18, draw.CONDENSED[s]) for t, s in parts)
    assert condensed < natural
    end = c.runs(0, 20, parts, anchor_v="m", max_x=condensed)
    assert c.overflows == [] and end <= condensed
    c.runs(0, 20, parts, anchor_v="m", max_x=40)
    assert c.overflows and {o.text for o in c.overflows} <= {t for t, _s in parts}


def test_text_box_prefers_fewer_lines_then_wraps() -> None:
    c = draw.Canvas(Image.new("RGB", (400, 200), pal.BACKGROUND))
    assert c.text_box(Rect(0, 0, 400, 60), "one short line", max_lines=2) == 1
    text = "a sentence that is far too long to stand on a single line of this box"
    assert c.text_box(Rect(0, 0, 200, 60), text, max_lines=2, line_h=24) == 2
    assert c.overflows  # two lines of 192 px cannot hold it: the second line is cut
    c.overflows.clear()
    assert c.text_box(Rect(0, 0, 200, 200), text, line_h=24) >= 3 and c.overflows == []


def test_every_shortened_factory_effect_is_a_term() -> None:
    """The display's short effects are looked up as terms; the literal list must hold them all."""
    ids = {str(t) for t in rz.EFFECT_SHORT}
    missing = {rz.short_effect(s.text) for s in tables().sides.values()} - ids
    assert missing == set()
    assert all(t.context == "factory effect short" for t in rz.EFFECT_SHORT)
    side = next(iter(tables().sides.values()))
    assert rz.effect_label(side.text) == rz.short_effect(side.text)  # English: the id itself


def test_static_layers_are_kept_per_language(mid2: dict[str, Any], monkeypatch: pytest.MonkeyPatch) -> None:
    """A picture in another language never reuses the cached labels of an English one."""
    english, polish, alt, again = shouted_polish(rz, mid2, monkeypatch)
    lay = _layout(mid2)
    title = lay.panels["hiring"].take_top(rz.TITLE_H)[0]  # static label "Hiring spaces …"
    box = (title.x, title.y, title.x2, title.y2)
    assert polish.crop(box).tobytes() != english.crop(box).tobytes()
    assert again.tobytes() == english.tobytes()
    assert "HIRING SPACES" in alt and "Hiring spaces" in rz.alt_text(mid2)


def test_no_label_is_cut_in_english(mid4: dict[str, Any], solo: dict[str, Any], over3: dict[str, Any],
                                    modules4: dict[str, Any], draft4: dict[str, Any]) -> None:
    if fonts.is_fallback(fonts.font(18, "condensed")):
        pytest.skip("DejaVu Sans Condensed is not installed")
    for view in (mid4, solo, over3, modules4, draft4):
        rz.clear_cache()
        with draw.overflow_probe() as found:
            rz.render(view)
        assert found == [], found


def test_dejavu_draws_polish_german_and_russian_letters() -> None:
    if fonts.find_font_file("DejaVuSans.ttf") is None:
        pytest.skip("DejaVu Sans is not installed")
    for style in fonts.FONT_FILES:
        f = fonts.font(18, style)
        for ch in "ąęłńóśźżĄŻäöüßЖжЯяЁёЩщ":
            assert f.getmask(ch).getbbox() is not None, (style, ch)
        assert fonts.covers("Zażółć gęślą jaźń · Съешь же ещё этих мягких булок · Größe", 18, style), style
    assert not fonts.covers("\U0010fffe")  # a code point no font draws


def test_falling_back_to_pillow_font_warns_once(no_fonts: None, caplog: pytest.LogCaptureFixture) -> None:
    with caplog.at_level("WARNING", logger=fonts.__name__):
        fonts.font(18)
        fonts.font(20, "bold")
    warnings = [r for r in caplog.records if r.name == fonts.__name__]
    assert len(warnings) == 1 and "Cyrillic" in warnings[0].getMessage()
