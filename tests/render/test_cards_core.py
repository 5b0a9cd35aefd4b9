"""The shared chat pictures (render/core/cards.py): key texts legible at Discord's inline width,
layout inside the picture, palette encoding, alt texts, and the fallback to the board."""

from __future__ import annotations

import io
from types import SimpleNamespace

import pytest
from PIL import Image

from engine.core.i18n import language
from render import CARD_COLOURS, final_of, turn_of
from render.core import palette as pal
from render.core.cards import (
    CARD_WIDTH,
    INLINE_WIDTH,
    MAX_EVENT_LINES,
    MIN_INLINE_CAP,
    Chip,
    ScoreCard,
    TurnCard,
    alt_scores,
    alt_turn,
    cap_height,
    draw_scores,
    draw_turn,
    inline_cap,
    outline_focus,
)
from render.core.draw import Canvas, palette_png
from render.core.layout import Rect
from render.core.package import check_package, colour
from tests.render.golden import differing_share

P = [Chip(pal.OKABE_ITO[c], c[:2].title(), c.title()) for c in ("reddish_purple", "bluish_green", "orange", "vermillion")]
LONG = ("Purple takes a worker (yellow) from hiring space 3 for Build factory and builds paper4A, "
        "which gives one more good whenever it produces.")
#: A first sentence of three lines (a card's first sentence is always drawn whole).
FIRST = "Purple takes a worker (yellow) from hiring space 3 for Build factory and builds paper4A."
focus_rects: list[Rect] = []


def _focus(c: Canvas, r: Rect) -> None:
    focus_rects.append(r)
    c.rect(r, fill=pal.PANEL_ALT)
    outline_focus(c, r.inset(4))


def _card(players: int = 4, *, events: int = 2, focus: bool = True, resources: int = 7, last: bool = True) -> TurnCard:
    return TurnCard(
        title="Nippon: Zaibatsu", status="Round 2 of 8 · Period I", actor=P[2],
        prompt="take a worker for an action, or consolidate",
        scores=[(chip, 10 * i) for i, chip in enumerate(P[:players])],
        last_by=P[0] if last else None, last_move="take 3 factory paper4A" if last else "",
        last_lines=([FIRST] + [LONG] * (events - 1))[:events], resources_of=P[2],
        resources=[(f"Resource{i}", str(i)) for i in range(resources)],
        focus_title="Hiring space 3" if focus else "", focus=_focus if focus else None,
    )


def _score_card(players: int = 4, tie: str = "") -> ScoreCard:
    rows = [("VP during the game", [10, 20, 30, 40][:players]), ("Prestige tiles", [1, 2, 3, 4][:players]),
            ("Money", [0, 1, 0, 1][:players])]
    totals = [sum(r[1][i] for r in rows) for i in range(players)]
    return ScoreCard(title="Nippon: Zaibatsu", players=P[:players], rows=rows, totals=totals,
                     winners=[players - 1], headline=f"{P[players - 1].name} wins with {totals[-1]} VP", tie_break=tie)


@pytest.mark.parametrize("lang", ["en", "pl", "ru", "de"])
@pytest.mark.parametrize("players", [1, 2, 4])
def test_every_key_text_of_a_turn_picture_is_legible_at_the_inline_width(lang: str, players: int) -> None:
    with language(lang):
        drawn = draw_turn(_card(players))
    assert drawn.image.width == CARD_WIDTH
    assert drawn.image.width / drawn.image.height >= 1.3  # landscape: Discord shows it full width
    roles = {s.role for s in drawn.spots}
    assert {"title", "status", "prompt", "heading", "move", "event", "score", "name", "resource", "focus"} <= roles
    for spot in drawn.spots:
        assert inline_cap(spot) >= MIN_INLINE_CAP, spot
        frame = Rect(0, 0, drawn.image.width, drawn.image.height)
        assert frame.contains(spot.rect), spot


def test_cap_height_scale_is_what_discord_shows() -> None:
    # a 32 px DejaVu capital is 23 px high: 11.5 px once the 1100 px picture is shown 550 px wide
    assert cap_height(32) * INLINE_WIDTH / CARD_WIDTH >= MIN_INLINE_CAP
    assert cap_height(20) * INLINE_WIDTH / CARD_WIDTH < MIN_INLINE_CAP  # the old board's 18–20 px text


def test_event_lines_wrap_and_stop_at_the_limit() -> None:
    drawn = draw_turn(_card(events=4))
    events = [s for s in drawn.spots if s.role == "event"]
    assert len(events) == MAX_EVENT_LINES
    assert events[-1].text.endswith("…")
    assert " ".join(s.text for s in events).removesuffix(" …") == FIRST  # the others are in the alt text
    # A first sentence longer than the limit is drawn whole all the same (never cut), the others left out.
    long_first = TurnCard(**{**_card(events=0).__dict__, "last_lines": [LONG, "Purple scores 2 VP."]})
    lines = [s for s in draw_turn(long_first).spots if s.role == "event"]
    assert " ".join(s.text for s in lines).removesuffix(" …") == LONG and lines[-1].text.endswith("…")
    assert "Purple scores 2 VP." in alt_turn(long_first)
    # A game that keeps its card low draws fewer sentences, never none.
    one_only = TurnCard(**{**_card(events=3).__dict__, "shown_lines": 0})
    assert [s.text for s in draw_turn(one_only).spots if s.role == "event"][0].startswith("Purple takes")
    short = TurnCard(**{**_card(events=0).__dict__, "last_lines": ["Purple consolidates."]})
    one = draw_turn(short)
    assert [s.text for s in one.spots if s.role == "event"] == ["Purple consolidates."]
    assert one.image.height < drawn.image.height


def test_the_focus_is_drawn_inside_the_last_move_panel() -> None:
    focus_rects.clear()
    drawn = draw_turn(_card())
    [rect] = focus_rects
    assert rect.x >= 16 and rect.x2 <= CARD_WIDTH - 380 and rect.y2 <= drawn.image.height
    # the outline colour is in the picture
    assert drawn.image.getpixel((rect.x + 4, rect.cy)) == pal.OKABE_ITO["vermillion"]
    no_focus = draw_turn(_card(focus=False))
    assert no_focus.image.height < drawn.image.height and "focus" not in {s.role for s in no_focus.spots}


def test_the_start_of_a_game_says_so_and_the_acting_row_is_marked() -> None:
    drawn = draw_turn(_card(last=False))
    [move] = [s for s in drawn.spots if s.role == "move"]
    assert move.text == "The game has just started."
    scores = [s for s in drawn.spots if s.role == "score"]
    assert [s.text for s in scores] == ["0", "10", "20", "30"]
    acting = scores[2].rect  # Orange acts: its row is tinted in its colour
    assert drawn.image.getpixel((CARD_WIDTH - 26, acting.cy)) == pal.tint(P[2].colour, 0.6)


@pytest.mark.parametrize("lang", ["en", "pl", "ru", "de"])
def test_the_final_score_picture_is_legible_and_totals_every_player(lang: str) -> None:
    with language(lang):
        drawn = draw_scores(_score_card(4, tie="Tie-break: more money"))
    for spot in drawn.spots:
        assert inline_cap(spot) >= MIN_INLINE_CAP, spot
    values = [s.text for s in drawn.spots if s.role == "value"]
    assert values[-4:] == ["11", "23", "33", "45"]
    assert [s.text for s in drawn.spots if s.role == "note"] == ["Tie-break: more money"]
    assert drawn.image.width / drawn.image.height >= 1.3


def test_palette_png_is_small_deterministic_and_faithful() -> None:
    img = draw_turn(_card()).image
    png = palette_png(img, colours=CARD_COLOURS, compress_level=3)
    assert png == palette_png(img, colours=CARD_COLOURS, compress_level=3)
    with Image.open(io.BytesIO(png)) as decoded:
        assert decoded.mode == "P" and len(decoded.getcolors(256) or []) <= CARD_COLOURS
        assert differing_share(decoded.convert("RGB"), img) < 0.01
    assert len(png) < 100 * 1024


def test_alt_texts_carry_the_key_facts() -> None:
    alt = alt_turn(_card())
    assert alt.startswith("Nippon: Zaibatsu, Round 2 of 8")
    assert "Orange: take a worker" in alt and "Purple: take 3 factory paper4A" in alt
    assert "Green 10 VP" in alt and "Resource6 6" in alt and len(alt) <= 1000
    scores = alt_scores(_score_card(2))
    assert "Green wins with 23 VP" in scores and "Purple: VP during the game 10" in scores
    with language("pl"):
        assert "Ostatni ruch" in alt_turn(_card())


def test_a_picture_package_without_cards_is_refused_and_one_with_them_draws_them() -> None:
    """The cards are part of the picture package's contract: a package without them is refused by
    name, never silently drawn as its board."""
    boardonly = SimpleNamespace(render=lambda view: b"board-png", alt_text=lambda view: "board alt",
                                seat_colours=lambda view: [], PLAYER_RGB={}, KEY_RGB=())
    with pytest.raises(TypeError, match="turn_card, final_card"):
        check_package(boardonly, "boardonly")
    carded_double = check_package(SimpleNamespace(
        render=lambda view: b"board-png", alt_text=lambda view: "board alt", seat_colours=lambda view: [],
        PLAYER_RGB={"orange": pal.OKABE_ITO["orange"]}, KEY_RGB=(pal.OKABE_ITO["orange"],),
        turn_card=lambda view, last: _card(), final_card=lambda view: _score_card()), "carded_double")
    png, alt = turn_of(carded_double, {}, None)
    assert png.startswith(b"\x89PNG") and alt == alt_turn(_card())
    png, alt = final_of(carded_double, {})
    assert png.startswith(b"\x89PNG") and alt == alt_scores(_score_card())


def _clear_text_caches() -> None:
    from render.core import cards, draw

    for module in (draw, cards):
        for value in vars(module).values():
            if callable(getattr(value, "cache_clear", None)):
                value.cache_clear()


def test_pictures_draw_with_pillows_bitmap_font(monkeypatch: pytest.MonkeyPatch) -> None:
    """A Pillow built without FreeType falls back to its bitmap default font, which has no
    ``getmetrics``: line heights come from its glyph boxes and the pictures still draw."""
    from PIL import ImageFont

    from render.core import draw, fonts

    bitmap = ImageFont.load_default_imagefont()
    assert not isinstance(bitmap, ImageFont.FreeTypeFont)
    _clear_text_caches()
    monkeypatch.setattr(fonts, "font", lambda size, style="regular": bitmap)
    try:
        left, top, right, bottom = bitmap.getbbox("Agjy|")
        assert draw.line_height(20) == bottom - top > 0
        turn = draw_turn(_card())
        scores = draw_scores(_score_card())
        assert turn.image.width == scores.image.width == CARD_WIDTH
        assert {s.text for s in turn.spots if s.role == "score"} == {"0", "10", "20", "30"}
    finally:
        monkeypatch.undo()
        _clear_text_caches()


def test_an_unknown_colour_is_an_error_not_grey() -> None:
    with pytest.raises(KeyError, match="unknown colour 'teal'"):
        colour({"orange": pal.OKABE_ITO["orange"]}, "teal")


def test_a_long_name_beside_a_long_score_is_not_cut() -> None:
    long = Chip(pal.OKABE_ITO["orange"], "Po", "Pomarańczowy")
    card = TurnCard(**{**_card(3).__dict__, "scores": [(P[0], 57), (P[1], 45), (long, 112)]})
    with language("pl"):
        drawn = draw_turn(card)
    names = [s.text for s in drawn.spots if s.role == "name"]
    assert "Pomarańczowy" in names and not [n for n in names if n.endswith("…")]
    assert drawn.image.width / drawn.image.height >= 1.3
