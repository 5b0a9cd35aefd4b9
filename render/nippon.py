"""Board picture of Nippon (2015): ``render(view) -> PNG bytes`` and ``alt_text(view) -> str``.

The input is the JSON-ready dict of ``engine.nippon.GAME.view(state, seat)``; component data
(actions per action space, scoring track, region bonuses, printed foreign numbers, city tiles,
factory tiles, tracks, stars, money icons, contracts, achievements) comes from
:func:`engine.nippon.tables.tables`. The picture is our own schematic drawing, :data:`WIDTH` pixels
wide, top to bottom:

* header — scoring-track position (or final turns, game over) and whose decision it is, with the
  prompt (the result once the game is over);
* the five action spaces (actions offered, workers) · the worker rows (▶ = the row that refills
  the next empty action space) · the scoring track (marker, scoring symbols, golden spaces, VP per
  place of each scoring) and the bag;
* the four regions: title with the region bonus and the foreign companies' influence; influence per
  player; both cities with their four influence spaces N, E, S, W top to bottom (the good the city
  tile demands there, tinted by goods level; the printed foreign number while the space is empty,
  else the owner's tile ``Pu5``); the train/ship spaces with their pieces (hull = ship with its
  VP, wagon = train with its +influence);
* the factory display (per good: knowledge needed, coal per production; each tile's bonus, built
  tiles greyed with their owner) · the Emperor's reward area (12 stacks, 2x VP tiles left) and
  the influence-value table;
* one panel per player: VP, money, coal, blueprints, stored machines, wages; money/coal/knowledge
  tracks (gold = star space) with the marker; ships and trains left on the board (stars and money
  icons of the emptied spaces); a factory per good (tile, machine, goods stored n/4); workers on the
  6 worker spaces (reward levels printed); contracts (grey, struck through = fulfilled); influence
  tiles left; the 9 achievement spaces with their tiles (VP scored once the game is over);
* the contract and achievement reference (identical for every player; with 3 players beside the
  last player panel) and a legend.

Every word is drawn in the current language (:func:`engine.core.i18n.current`, set by the caller
with ``with language(lang):``) through the ``nippon`` message domain (``_``/``_n``/``_t``); data
names through their terms; engine prompts of the view through :func:`engine.core.i18n.tr`. Bounded
labels are fitted to their box (condensed, smaller, only then cut; see :mod:`render.core.draw`).
Everything that does not depend on the view is drawn once per player count, colours and language
into a cached static layer; a render copies it and draws pieces and numbers. The board is written as
a palette PNG with three levels of text anti-aliasing (:data:`TEXT_ALPHA_STEPS`), about 130 kB.

The chat pictures (:mod:`render.core.cards` lays them out): :func:`turn_card` — the player to act
and their decision, every player's VP, the last move with its telling events (:func:`event_lines`),
the acting player's budget and a large drawing of what the move touched (:func:`touched`: the action
spaces, a player's tracks, factories, contracts or achievement spaces, a region's train/ship spaces
or cities, the reward area, a consolidation's three steps, a scoring's VP per region, the scoring
track), outlined; :func:`final_card` — a row per step of the final scoring (:func:`final_rows`), the
winner and the tie-break.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from functools import lru_cache
from typing import Any, NamedTuple

from PIL import Image, ImageDraw

from engine.core.i18n import Msg, tr
from engine.nippon import notation
from engine.nippon.tables import tables
from engine.nippon.words import DOMAIN, T, _, _n, _t, amount
from render.core import (
    CONDENSED,
    MIN_TEXT,
    Canvas,
    LayerCache,
    Layout,
    Rect,
    clear_caches,
    draw,
    fit_text,
    palette_png,
    text_width,
)
from render.core import palette as pal
from render.core.cards import Chip, ScoreCard, TurnCard, outline_focus, turn_layout_height
from render.core.templates import layer_key, rich
from render.core.widgets import Marker, badge, fitted_width, legend, player_header, prompt_box

#: Picture width in pixels.
WIDTH = 1400
#: Colours of the board's palette PNG (:func:`render.core.draw.palette_png`, which keeps the
#: player, worker and interface colours exact): 128 — the goods tints and gold stay apart.
PNG_COLOURS = 128
#: Deflate level of the board's PNG: the lowest that keeps a 4-player board late in a game under
#: 140 kB (docs/rendering.md; ``optimize`` is never used).
PNG_COMPRESS_LEVEL = 4
#: Alpha levels kept at the edges of the board's texts (0, 127, 255): three steps of anti-aliasing
#: look the same as 256 for 18 px text but leave far fewer colours to deflate (a fifth smaller PNG).
TEXT_ALPHA_STEPS = 3
#: Discord's limit for a file description (the alt text).
ALT_TEXT_LIMIT = 1000

M = 10  # outer margin
G = 10  # gap between panels
TITLE_H = 28
LINE = 24  # text line pitch (18 px text)
HEADER_H = 54
ROW_A_H = 190
REGION_H = TITLE_H + 36 + 4 * 27 + 26 + 28 + 50 + 6
ROW_C_H = TITLE_H + 12 + 10 * LINE
PLAYER_H = 344
REFERENCE_H = TITLE_H + 12 + 5 * LINE
LEGEND_H = 2 * LINE + 6
CITY_ROW = 27  # an influence space of a city (one row of the city box)
CITY_H = 26 + 4 * CITY_ROW  # a city box: title and the four influence spaces
SLOT_W = 41  # a train/ship space of a region (most: 8 per region)
TRACK_LABEL_W = 112  # player panel: track label column
TRACK_CELL_W = 23  # player panel: one track space
ROW_CELL = 26  # player panel: pitch of the ship and train spaces
ACH_W, ACH_H = 91, 32  # player panel: an achievement space
ROW_LABEL_W = 100  # player panel: labels of the workers, contracts and influence rows
LEFT_W = 380  # player panel: width of those rows (the achievement grid is right of them)
REWARD_LABEL_W = 128
REWARD_CELL_W = 56
REWARDS_W = 8 + REWARD_LABEL_W + 4 * REWARD_CELL_W + 8
NAME_ROOM = 170  # player panel: room of the player's name
GAME_TITLE = "Nippon"  # the game's name: the same in every language
SIDES = "NESW"

#: Player colours (the game's yellow, red, purple and blue) as colour-blind-safe hues.
PLAYER_RGB: dict[str, pal.RGB] = {
    "yellow": pal.OKABE_ITO["yellow"],
    "red": pal.OKABE_ITO["vermillion"],
    "purple": pal.PLAYER_COLOURS["purple"],
    "blue": pal.OKABE_ITO["blue"],
}
#: Letters on the players' pieces (purple takes two, as in Nippon: Zaibatsu).
PLAYER_LETTERS: dict[str, str] = {"yellow": "Y", "red": "R", "purple": "Pu", "blue": "B"}
#: Background tint of a good by level (1 cream, 2 blue-grey, 3 pink-grey).
LEVEL_TINT: dict[int, pal.RGB] = {1: (253, 248, 228), 2: (240, 246, 252), 3: (250, 236, 242)}
WORKER_ORDER = ("black", "red", "grey", "blue", "white", "yellow")

# i18n: a good in one short word (about 90 px): factories of the player panels, and city spaces when the
# full name does not fit.
GOODS_SHORT = {
    "silk": T("goods short name", "Silk"), "paper": T("goods short name", "Paper"), "bento": T("goods short name", "Bento"),
    "lenses": T("goods short name", "Lenses"), "clocks": T("goods short name", "Clocks"), "bulbs": T("goods short name", "Bulbs"),
}
# i18n: an action as printed on an action space (about 120 px, one or two short words).
ACTION_SHORT = {
    "invest": T("action short", "Invest"), "produce": T("action short", "Produce"),
    "mechanize": T("action short", "Mechanization"), "knowledge": T("action short", "Knowledge"),
    "mines": T("action short", "Mines"), "trains": T("action short", "Trains"), "ships": T("action short", "Ships"),
    "export": T("action short", "Export"), "market": T("action short", "Local market"),
}
# i18n: a track of the player board as a label (about 105 px, one short word).
TRACK_SHORT = {"money": T("track short", "Money"), "coal": T("track short", "Coal"),
               "knowledge": T("track short", "Knowledge")}
# i18n: a factory tile's bonus in a few words for the factory display (about 260 px = 30 letters);
# "k yen" = thousand yen, ★ = the tile counts as a star of the achievement.
BONUS_SHORT = {
    "SI-1": T("factory bonus short", "Consolidation: +2,000 yen"),
    "SI-2": T("factory bonus short", "Consolidation: keep 1 coal"),
    "SI-3": T("factory bonus short", "Money icons: money +2"),
    "SI-4": T("factory bonus short", "Gain 6,000 yen now"),
    "PA-1": T("factory bonus short", "Knowledge action: +1 space"),
    "PA-2": T("factory bonus short", "Knowledge 0/2/4k yen; ★"),
    "PA-3": T("factory bonus short", "Knowledge +2 spaces now"),
    "PA-4": T("factory bonus short", "Gain 2 blueprints now"),
    "BE-1": T("factory bonus short", "Produces with 2 coal"),
    "BE-2": T("factory bonus short", "Mines 0/2/4k yen; ★"),
    "BE-3": T("factory bonus short", "Mines action: +1 space"),
    "BE-4": T("factory bonus short", "Coal +2 spaces now"),
    "LE-1": T("factory bonus short", "Produces with 2 coal"),
    "LE-2": T("factory bonus short", "Your ships turn to 3 VP"),
    "LE-3": T("factory bonus short", "Place 2 ships free now"),
    "LE-4": T("factory bonus short", "Ships cost 2/7/12k yen"),
    "CL-1": T("factory bonus short", "Produces with 3 coal"),
    "CL-2": T("factory bonus short", "Your trains turn to +3"),
    "CL-3": T("factory bonus short", "Place 2 trains free now"),
    "CL-4": T("factory bonus short", "Trains cost 2/7/12k yen"),
    "LB-1": T("factory bonus short", "Produces with 3 coal"),
    "LB-2": T("factory bonus short", "2 free upgrades now"),
    "LB-3": T("factory bonus short", "+1 good when producing"),
    "LB-4": T("factory bonus short", "Mechanization 2/7/12k yen"),
}
# i18n: what an achievement space counts, in a few words (after "1 VP per"); used when the full
# achievement text does not fit its column of the reference panel (about 380 px).
ACHIEVEMENT_SHORT = {
    "contracts": T("achievement short", "2 fulfilled contracts"),
    "knowledge_stars": T("achievement short", "★ reached on the knowledge track"),
    "coal_stars": T("achievement short", "★ reached on the coal track"),
    "big_factories": T("achievement short", "factory of level 2 or 3"),
    "machines2": T("achievement short", "factory with a +2 machine"),
    "money": T("achievement short", "6,000 yen"),
    "ship_stars": T("achievement short", "★ on an empty ship space"),
    "train_stars": T("achievement short", "★ on an empty train space"),
    "regions": T("achievement short", "region with your influence tile"),
}

_LAYERS = LayerCache(maxsize=24)
_SPRITE_LOCK = threading.Lock()


# ------------------------------------------------------------------------------------------------
# Names, colours, small texts
# ------------------------------------------------------------------------------------------------


def player_rgb(colour: str) -> pal.RGB:
    """Drawable colour of a player colour name (unknown: mid grey)."""
    return PLAYER_RGB.get(colour, (128, 128, 128))


def player_letter(colour: str) -> str:
    """Letters printed on a player's pieces (``Pu`` for purple)."""
    return PLAYER_LETTERS.get(colour, colour[:2].title() or "?")


def player_name(colour: str) -> str:
    """A player's colour as their name in the current language (``"purple"`` -> ``"Purple"``)."""
    return _t("player", str(colour).capitalize())


def goods_short(goods: str) -> str:
    """A good abbreviated in the current language (``bulbs`` -> ``Bulbs``)."""
    term = GOODS_SHORT.get(goods)
    return tr(term) if term is not None else goods.title()


def goods_name(goods: str) -> str:
    """A good's full name in the current language (``bulbs`` -> ``Light bulbs``)."""
    rec = tables().goods.get(goods)
    return _t("goods", rec.name) if rec is not None else goods


def yen(n: int) -> str:
    """An amount kept in thousands of yen, in words (``12`` -> ``12,000 yen``)."""
    return str(tr(amount("money", int(n))))


def bonus_words(kind: str, value: int) -> str:
    """A bonus (``money``/``coal``/``blueprints``/``vp`` and its amount) in words."""
    return str(tr(amount(kind, int(value))))


def bonus_label(tile: str) -> str:
    """A factory tile's bonus, shortened for the display, in the current language."""
    term = BONUS_SHORT.get(tile)
    if term is not None:
        return str(tr(term))
    rec = tables().factories.get(tile)
    return _t("factory bonus", rec.text) if rec is not None else tile


def _colour_of(view: dict[str, Any], seat: int) -> str:
    players = view.get("players") or []
    return str(players[seat]["colour"]) if 0 <= seat < len(players) else "?"


def _decision(view: dict[str, Any]) -> tuple[int | None, str, Any]:
    """``(seat, kind, prompt)`` of the view; the prompt may be an engine Msg."""
    d = view.get("decision") or {}
    prompt = d.get("prompt")
    return d.get("seat"), str(d.get("kind", "")), "" if prompt is None else prompt


def ranking(view: dict[str, Any]) -> list[tuple[str, int]]:
    """``(name, VP)`` best first; a tie goes to the tied player who took the last turn."""
    rows = sorted(view.get("players") or [], key=lambda p: (-int(p.get("vp", 0)), -int(p.get("last_turn", -1))))
    return [(player_name(p["colour"]), int(p.get("vp", 0))) for p in rows]


def result_line(view: dict[str, Any]) -> str:
    """``Purple wins with 124 VP · Red 61, Yellow 59`` (empty before the end)."""
    order = ranking(view)
    if not order:
        return ""
    (name, vp), rest = order[0], order[1:]
    if not rest:
        return _("{name} wins with {vp} VP", name=name, vp=vp)
    others = ", ".join(f"{n} {v}" for n, v in rest)
    return _("{name} wins with {vp} VP · {others}", name=name, vp=vp, others=others)


def status(view: dict[str, Any]) -> str:
    """The header's status: position on the scoring track, the final turns, or game over."""
    t = tables()
    marker = int(view.get("marker", 0))
    if view.get("over"):
        return _("Game over")
    if view.get("final"):
        golden = t.golden
        n = golden.index(marker) + 1 if marker in golden else len(golden)
        return _("Final turns · golden space {n} of {total}", n=n, total=len(golden))
    return _("Scoring track space {n} of {total}", n=marker + 1, total=len(t.track_spaces))


def _random_event(prompt: Any) -> str:
    """A chance decision's prompt as a line (the engine's prompts already say "Random event: …")."""
    if str(prompt).lower().startswith("random event"):  # the English text of a Msg
        return str(tr(prompt))
    return _("Random event: {what}", what=tr(prompt))


def _ordinal_values(values: tuple[int, ...] | list[int]) -> str:
    return " · ".join(str(v) for v in values)


# ------------------------------------------------------------------------------------------------
# Ship and train pieces (a hull and a wagon; drawn 4x larger once, then scaled down and cached)
# ------------------------------------------------------------------------------------------------


@lru_cache(maxsize=512)
def _transport_sprite(kind: str, w: int, h: int, fill_rgb: pal.RGB, letter: str, size: int = MIN_TEXT) -> Image.Image:
    s = 4
    big = Image.new("RGBA", (w * s, h * s), (*fill_rgb, 0))
    d = ImageDraw.Draw(big)
    W, H = w * s - 1, h * s - 1
    ow = 2 * s
    if kind == "ship":  # a hull: wide deck, narrower keel
        pts = [(0, 0), (W, 0), (W * 0.8, H), (W * 0.2, H)]
        d.polygon(pts, fill=pal.BORDER)
        inner = [(ow * 1.3, ow), (W - ow * 1.3, ow), (W * 0.8 - ow * 0.7, H - ow), (W * 0.2 + ow * 0.7, H - ow)]
        d.polygon(inner, fill=fill_rgb)
    else:  # a wagon on two wheels
        body = H * 0.74
        r = H * 0.16
        for cx in (W * 0.27, W * 0.73):
            d.ellipse((cx - r, H - 2 * r, cx + r, H), fill=pal.BORDER)
        d.rounded_rectangle((0, 0, W, body), radius=H * 0.12, fill=fill_rgb, outline=pal.BORDER, width=ow)
    sprite = big.resize((w, h), Image.Resampling.LANCZOS)
    if letter:
        ty = h / 2 - h * (0.12 if kind == "train" else 0.08)
        Canvas(sprite).text(w / 2, ty, letter, size=size, style="condensed_bold", fill=pal.text_on(fill_rgb),
                            anchor="mm", max_width=w - 2)
    return sprite


def transport_piece(c: Canvas, kind: str, cx: float, cy: float, w: int, h: int, fill_rgb: pal.RGB,
                    letter: str, size: int = MIN_TEXT) -> None:
    """A ship (hull) or train (wagon) centred at ``(cx, cy)`` in ``fill_rgb`` with ``letter`` on it
    (``size`` px)."""
    with _SPRITE_LOCK:
        sprite = _transport_sprite(kind, w, h, fill_rgb, letter, size)
    c.image.paste(sprite, (round(cx - w / 2), round(cy - h / 2)), sprite)


def _worker(c: Canvas, x: float, y: float, colour: str, d: int = 30) -> None:
    c.piece(x, y, d, fill=pal.worker_colour(colour), letter=pal.worker_initial(colour), shape="circle")


def _tile(c: Canvas, view: dict[str, Any], x: float, y: float, seat: int, w: int, h: int, text: str | None = None) -> None:
    colour = _colour_of(view, seat)
    c.piece(x, y, w, h, fill=player_rgb(colour), letter=player_letter(colour) if text is None else text,
            shape="square")


# ------------------------------------------------------------------------------------------------
# Layout
# ------------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Shape:
    """What fixes the geometry and the static layer of a picture (with the language)."""

    players: int
    colours: tuple[str, ...]

    @classmethod
    def of(cls, view: dict[str, Any]) -> Shape:
        """The shape of the picture of ``view``."""
        players = view.get("players") or []
        return cls(len(players), tuple(str(p["colour"]) for p in players))

    def layout(self) -> Layout:
        """The :class:`Layout` of pictures of this shape."""
        return layout_for(self.players)


@lru_cache(maxsize=4)
def layout_for(players: int) -> Layout:
    """Geometry of the picture for 2–4 ``players`` (cached: read it, never change it).

    Panels (non-overlapping, inside the picture): ``header``, ``actions``, ``rows``, ``scoring``,
    ``region:R1``…``region:R4``, ``display``, ``rewards``, ``player:0``…, ``reference``, ``legend``.
    Parts (inside panels) include ``actions/0``…``actions/4``, ``rows/row0``…, ``scoring/space0``…
    ``scoring/space7``, ``influence:R1``…, ``city:<id>/N|E|S|W|C``, ``transport:<region>/1``…,
    ``display/<tile>``, ``rewards/<multiplier>:<bonus>``, ``rewards/x2``, and per seat
    ``player:<s>/header``, ``/res``, ``/track:<track>``, ``/ships``, ``/icons``, ``/trains``,
    ``/factory:<goods>``, ``/workers``, ``/contracts``, ``/influence``, ``/achievement:<id>``.
    """
    t = tables()
    players = min(max(int(players), 2), 4)
    pc = t.count(players)
    inner = WIDTH - 2 * M
    lay = Layout(WIDTH, 0)
    y = M
    lay.add("header", Rect(M, y, inner, HEADER_H))
    y += HEADER_H + G

    # Row A: action spaces · worker rows · scoring track.
    actions = lay.add("actions", Rect(M, y, 770, ROW_A_H))
    rows = lay.add("rows", Rect(actions.x2 + G, y, 176, ROW_A_H))
    scoring = lay.add("scoring", Rect(rows.x2 + G, y, WIDTH - M - rows.x2 - G, ROW_A_H))
    body = Rect(actions.x + 6, actions.y + TITLE_H + 6, actions.w - 12, actions.h - TITLE_H - 12)
    for i, r in enumerate(body.columns(len(t.spaces), gap=6)):
        lay.part(f"actions/{i}", r)
    wr = t.rows(players)
    for i in range(wr.rows):
        lay.part(f"rows/row{i}", Rect(rows.x + 6, rows.y + TITLE_H + 6 + i * 32, rows.w - 12, 30))
    sx = scoring.x + 10
    for s, space in enumerate(t.track_spaces):
        if s:
            sx += 26 if space.scoring else 6  # room for a scoring symbol between two spaces
        lay.part(f"scoring/space{s}", Rect(sx, scoring.y + TITLE_H + 8, 36, 36))
        sx += 36
    y += ROW_A_H + G

    # Regions.
    for region, r in zip(t.regions, Rect(M, y, inner, REGION_H).columns(4, gap=G)):
        lay.add(f"region:{region.id}", r)
        body = Rect(r.x + 1, r.y + TITLE_H, r.w - 2, r.h - TITLE_H - 1)
        lay.part(f"influence:{region.id}", Rect(body.x + 4, body.y + 3, body.w - 8, 28))
        cities = [c for c in t.cities if c.region == region.id]
        for city, cr in zip(cities, Rect(body.x + 6, body.y + 36, body.w - 12, CITY_H).columns(len(cities), gap=10)):
            lay.part(f"city:{city.id}/C", Rect(cr.x, cr.y, cr.w, 26))
            for k, side in enumerate(SIDES):
                lay.part(f"city:{city.id}/{side}", Rect(cr.x, cr.y + 26 + k * CITY_ROW, cr.w, CITY_ROW - 1))
        ty = body.y + 36 + CITY_H + 28
        cap = pc.transport_spaces
        pitch = min(SLOT_W + 2, (body.w - 8) // cap)
        x0 = body.x + (body.w - pitch * cap) // 2 + (pitch - SLOT_W) // 2
        for i in range(cap):
            lay.part(f"transport:{region.id}/{i + 1}", Rect(x0 + i * pitch, ty, SLOT_W, 50))
    y += REGION_H + G

    # Row C: factory display · reward area.
    display = lay.add("display", Rect(M, y, WIDTH - 2 * M - G - REWARDS_W, ROW_C_H))
    rewards = lay.add("rewards", Rect(display.x2 + G, y, WIDTH - M - display.x2 - G, ROW_C_H))
    cols = Rect(display.x + 8, display.y + TITLE_H + 6, display.w - 16, display.h - TITLE_H - 10).columns(3, gap=8)
    by_goods: dict[str, list[str]] = {}
    for fid in t.factory_ids:
        by_goods.setdefault(t.factory(fid).goods, []).append(fid)
    for gi, (goods, ids) in enumerate(by_goods.items()):
        col = cols[gi // 2]
        gy = col.y + (gi % 2) * 5 * LINE
        lay.part(f"display/{goods}", Rect(col.x, gy, col.w, LINE))
        for k, fid in enumerate(ids):
            lay.part(f"display/{fid}", Rect(col.x, gy + (k + 1) * LINE, col.w, LINE))
    gx = rewards.x + 8 + REWARD_LABEL_W
    for i, mult in enumerate(t.multipliers):
        for j, kind in enumerate(t.reward_kinds):
            lay.part(f"rewards/{mult}:{kind}",
                     Rect(gx + i * REWARD_CELL_W, rewards.y + TITLE_H + 6 + LINE + j * 32, REWARD_CELL_W - 4, 30))
    lay.part("rewards/x2", Rect(rewards.x + 8, rewards.y + TITLE_H + 6 + LINE + 3 * 32 + 6, rewards.w - 16, 30))
    y += ROW_C_H + G

    # Player panels, two per row.
    pw = (inner - G) // 2
    for seat in range(players):
        col, row = seat % 2, seat // 2
        r = lay.add(f"player:{seat}", Rect(M + col * (pw + G), y + row * (PLAYER_H + G), pw, PLAYER_H))
        for name, rect in _player_parts(r).items():
            lay.part(f"player:{seat}/{name}", rect)
    y += ((players + 1) // 2) * (PLAYER_H + G)

    if players % 2:  # the free place beside the last player panel holds the reference
        lay.add("reference", Rect(M + pw + G, y - PLAYER_H - G, pw, PLAYER_H))
    else:
        lay.add("reference", Rect(M, y, inner, REFERENCE_H))
        y += REFERENCE_H + G
    lay.add("legend", Rect(M, y, inner, LEGEND_H))
    lay.height = y + LEGEND_H + M
    return lay




def _player_parts(r: Rect) -> dict[str, Rect]:
    """The rectangles of a player panel ``r`` (see :func:`layout_for`)."""
    t = tables()
    x0, w = r.x + 8, r.w - 16
    parts = {"header": Rect(r.x, r.y, r.w, 36), "res": Rect(x0, r.y + 42, w, LINE)}
    y = r.y + 70
    track_w = TRACK_LABEL_W + max(t.track_len.values()) * TRACK_CELL_W
    for i, track in enumerate(("money", "coal", "knowledge")):
        parts[f"track:{track}"] = Rect(x0, y + i * 27, track_w, 26)
    tx = x0 + track_w + 12
    parts["ships"] = Rect(tx, y, x0 + w - tx, 26)
    parts["icons"] = Rect(tx, y + 27, x0 + w - tx, 26)
    parts["trains"] = Rect(tx, y + 54, x0 + w - tx, 26)
    y += 81 + 6
    fw = (w - 5 * 6) // 6
    for i, goods in enumerate(t.goods):
        parts[f"factory:{goods}"] = Rect(x0 + i * (fw + 6), y, fw, 72)
    y += 72 + 8
    parts["workers"] = Rect(x0, y, LEFT_W, 32)
    parts["contracts"] = Rect(x0, y + 34, LEFT_W, 32)
    parts["influence"] = Rect(x0, y + 68, LEFT_W, 32)
    for k, cid in enumerate(t.contract_ids):
        parts[f"contract:{cid}"] = Rect(x0 + ROW_LABEL_W + k * 34, y + 36, 32, 28)
    gx = x0 + w - 3 * ACH_W - 6
    for k, aid in enumerate(t.achievement_ids):
        parts[f"achievement:{aid}"] = Rect(gx + (k % 3) * (ACH_W + 3), y + (k // 3) * (ACH_H + 2), ACH_W, ACH_H)
    return parts


def _row_cells(row: Rect) -> list[Rect]:
    """The six ship or train spaces of a player board row (right-aligned in ``row``)."""
    n = tables().n["transport_tiles"]
    x = row.x2 - n * ROW_CELL
    return [Rect(x + i * ROW_CELL, row.y, ROW_CELL - 1, row.h) for i in range(n)]


def _label_room(row: Rect, first_x: int, gap: int = 8) -> int:
    return max(30, first_x - row.x - gap)


# ------------------------------------------------------------------------------------------------
# Static layer (depends only on the player count, colours and the language)
# ------------------------------------------------------------------------------------------------


def _static(shape: Shape) -> Image.Image:
    t = tables()
    players = min(max(shape.players, 2), 4)
    pc = t.count(players)
    lay = layout_for(players)
    img = Image.new("RGB", (lay.width, lay.height), pal.BACKGROUND)
    c = Canvas(img, text_alpha_steps=TEXT_ALPHA_STEPS)

    hdr = lay.panels["header"]
    c.rect(hdr, fill=pal.TITLE_BAR)
    c.text(hdr.x + 12, hdr.cy, GAME_TITLE, size=22, style="bold", fill=pal.TITLE_TEXT, anchor="lm")

    # Action spaces.
    c.panel(lay.panels["actions"], _("Action spaces (actions · workers)"))
    for i, space in enumerate(t.spaces):
        r = lay.parts[f"actions/{i}"]
        c.rect(r, fill=pal.PANEL_ALT, outline=pal.GRID)
        c.piece(r.x + 16, r.y + 16, 24, 24, fill=pal.TITLE_BAR, letter=str(i + 1), shape="square",
                outline=pal.TITLE_BAR)
        for j, action in enumerate(space.actions):
            if j:
                # i18n: between the two actions of an action space ("Knowledge / or / Produce").
                c.text(r.x + 6, r.y + 33 + j * 46 - 22, _("or"), style="condensed", fill=pal.MUTED,
                       max_width=r.w - 10)
            c.text(r.x + 6, r.y + 32 + j * 46, tr(ACTION_SHORT[action]), style="condensed_bold",
                   max_width=r.w - 10)
        for k in range(t.n["workers_per_action_space"]):
            c.hollow(r.x + 22 + k * 36, r.y2 - 22, 30)

    # Worker rows.
    c.panel(lay.panels["rows"], _("Worker rows"))
    wr = t.rows(players)
    for i in range(wr.rows):
        r = lay.parts[f"rows/row{i}"]
        c.text(r.x + 24, r.cy, str(i + 1), style="bold", anchor="mm")
        for k in range(wr.size):
            c.hollow(r.x + 52 + k * 34, r.cy, 28)

    # Scoring track.
    sb = c.panel(lay.panels["scoring"], _("Scoring track"))
    for s, space in enumerate(t.track_spaces):
        r = lay.parts[f"scoring/space{s}"]
        c.rect(r, fill=pal.THRESHOLD if space.golden else pal.NORMAL_ROUND, outline=pal.BORDER)
        c.text(r.cx, r.cy, str(s + 1), style="bold", fill=pal.INK if space.golden else pal.TITLE_TEXT, anchor="mm")
        if space.scoring:
            prev = lay.parts[f"scoring/space{s - 1}"]
            _scoring_symbol(c, (prev.x2 + r.x) / 2, r.cy, space.scoring)
    last = lay.parts[f"scoring/space{len(t.track_spaces) - 1}"]
    _scoring_symbol(c, last.x2 + 16, last.cy, len(t.scoring_values))
    c.text(sb.x + 8, sb.y2 - 20, _("Bag"), style="bold", anchor="lm", max_width=80)

    # Regions.
    titles = {}
    for region in t.regions:
        bonus = bonus_words(region.bonus.kind(), region.bonus.value())
        titles[region.id] = (_("{region} · bonus {bonus}", region=_t("region", region.name), bonus=bonus),
                             f"{_t('region', region.name)} · {bonus}")
    pr0 = lay.panels[f"region:{t.regions[0].id}"]
    reserve = fitted_width(_("foreign {n}", n=99), pr0.w * 2 // 5, style="condensed") + 8
    # The bonus speaks for itself when the words do not fit (then in every region alike).
    long = all(text_width(a, MIN_TEXT, "condensed_bold") <= pr0.w - 16 - reserve for a, _b in titles.values())
    for region in t.regions:
        pr = lay.panels[f"region:{region.id}"]
        c.panel(pr, titles[region.id][0 if long else 1], title_reserve=reserve)
        for city in (x for x in t.cities if x.region == region.id):
            hr = lay.parts[f"city:{city.id}/C"]
            c.rect(hr, fill=pal.PANEL_ALT, outline=pal.BORDER)
            # i18n: a city's name (its id on the board) and the most influence tiles it may hold.
            c.text(hr.x + 5, hr.cy, _("City {city}", city=city.id), style="condensed_bold", anchor="lm",
                   max_width=hr.w // 2 + 4)
            c.text(hr.x2 - 5, hr.cy, _("max {n}", n=pc.city_limit), style="condensed", fill=pal.MUTED, anchor="rm",
                   max_width=hr.w // 2 - 12)
            for k in SIDES:
                c.rect(lay.parts[f"city:{city.id}/{k}"], fill=pal.PANEL, outline=pal.GRID)
        first = lay.parts[f"transport:{region.id}/1"]
        c.text(pr.x + 8, first.y - 4, _("Train/ship spaces"), style="condensed_bold", anchor="lb",
               max_width=pr.w - 16)
        for i in range(pc.transport_spaces):
            r = lay.parts[f"transport:{region.id}/{i + 1}"]
            c.draw.rounded_rectangle(Rect(r.x + 1, r.y + 2, r.w - 2, 30).box, radius=5, outline=pal.GRID, width=1)

    # Factory display.
    d = lay.panels["display"]
    # i18n: the factory display's title, then what the coloured line of each good says.
    c.panel(d, _("Factory display"), title_right=_("good · knowledge needed · coal per production"))
    for goods, rec in t.goods.items():
        r = lay.parts[f"display/{goods}"]
        c.rect(r, fill=LEVEL_TINT[rec.level])
        head = _n("{goods} · knowledge {k} · {n} coal", "{goods} · knowledge {k} · {n} coal", rec.coal,
                  goods=goods_name(goods), k=rec.knowledge)
        c.text(r.x + 4, r.cy, head, style="condensed_bold", anchor="lm", max_width=r.w - 8)
    for fid in t.factory_ids:
        _display_line(c, lay.parts[f"display/{fid}"], fid, pal.INK, 32)

    # Reward area.
    rb = c.panel(lay.panels["rewards"], _("Emperor's rewards (tiles left)"))
    for mult in t.multipliers:
        cell = lay.parts[f"rewards/{mult}:{t.reward_kinds[0]}"]
        c.text(cell.cx, rb.y + 6 + LINE / 2, f"{mult}x", style="bold", anchor="mm")
    for kind in t.reward_kinds:
        cell = lay.parts[f"rewards/{t.multipliers[0]}:{kind}"]
        value = t.reward_bonus[(t.multipliers[0], kind)].value()
        c.text(rb.x + 8, cell.cy, bonus_words(kind, value), style="condensed", anchor="lm",
               max_width=REWARD_LABEL_W - 8)
    # i18n: the table of influence-tile values for 1/2/3 goods by goods level (reward panel).
    iy = lay.parts["rewards/x2"].y2 + 8
    c.text(rb.x + 8, iy, _("Influence tile for 1 · 2 · 3 goods"), style="condensed_bold", max_width=rb.w - 16)
    boxes = Rect(rb.x + 8, iy + LINE + 2, rb.w - 16, LINE + 4).columns(len(t.data.influence_values), gap=6)
    for v, box in zip(t.data.influence_values, boxes):
        c.rect(box, fill=LEVEL_TINT[v.level], outline=pal.GRID)
        # i18n: a goods level and its influence values for 1/2/3 goods ("L2: 3·4·5"), about 100 px.
        c.text_in(box, _("L{level}: {values}", level=v.level, values="·".join(map(str, v.values))),
                  style="condensed_bold", align="m")
    # i18n: a reminder of the local market rule (reward panel, one line of about 350 px).
    c.text(rb.x + 8, iy + 2 * LINE + 12, _("a lower tile may always be placed"), style="condensed", fill=pal.MUTED,
           max_width=rb.w - 16)

    for seat in range(shape.players):
        colour = shape.colours[seat] if seat < len(shape.colours) else "?"
        _static_player(c, lay, seat, colour)
    _static_reference(c, lay.panels["reference"])
    _static_legend(c, lay.panels["legend"], shape.colours)
    return img


def _scoring_symbol(c: Canvas, x: float, y: float, n: int | None) -> None:
    """The symbol of the ``n``-th scoring: a dark diamond with its number."""
    c.piece(x, y, 22, 30, fill=pal.INK, letter="" if n is None else str(n), shape="diamond", outline=pal.INK,
            outline_w=1)


def _static_player(c: Canvas, lay: Layout, seat: int, colour: str) -> None:
    t = tables()
    r = lay.panels[f"player:{seat}"]
    p = f"player:{seat}/"
    rgb = player_rgb(colour)
    c.rect(r, fill=pal.PANEL, outline=pal.BORDER)
    player_header(c, lay.parts[p + "header"], rgb, player_letter(colour), player_name(colour), NAME_ROOM)

    # Tracks: numbers printed beside the spaces, gold = star.
    for track in ("money", "coal", "knowledge"):
        row = lay.parts[p + f"track:{track}"]
        c.text(row.x, row.cy, tr(TRACK_SHORT[track]), style="bold", anchor="lm", max_width=TRACK_LABEL_W - 6)
        spaces = sorted((s for s in t.data.tracks if s.track == track), key=lambda s: s.index)
        for s in spaces:
            cell = Rect(row.x + TRACK_LABEL_W + s.index * TRACK_CELL_W, row.y, TRACK_CELL_W + 1, row.h)
            c.rect(cell, fill=pal.THRESHOLD if s.star else pal.PANEL, outline=pal.GRID)
            if s.number is not None:
                c.text(cell.cx + 1, cell.cy, str(s.number), style="condensed", fill=pal.MUTED, anchor="mm")

    # Ships and trains rows (labels; the spaces are drawn per view).
    # i18n: the ship and train rows of a player board: one short word each (about 55 px).
    for row_name, label in (("ships", _("Ships")), ("trains", _("Trains"))):
        row = lay.parts[p + row_name]
        first = _row_cells(row)[0]
        room = _label_room(row, first.x)
        if not fit_text(label, room, MIN_TEXT, "bold").truncated:  # else the hulls and wagons speak for themselves
            c.text(row.x, row.cy, label, style="bold", anchor="lm", max_width=room)

    for goods in t.goods:
        fr = lay.parts[p + f"factory:{goods}"]
        c.rect(fr, fill=pal.PANEL_ALT, outline=pal.GRID)

    # i18n: row labels of a player panel: one short word each (about 95 px).
    for row, label in (("workers", _("Workers")), ("contracts", _("Contracts")), ("influence", _("Influence"))):
        rr = lay.parts[p + row]
        c.text(rr.x, rr.cy, label, style="bold", anchor="lm", max_width=ROW_LABEL_W - 4)
    for cid in t.contract_ids:
        _contract(c, lay.parts[p + f"contract:{cid}"], cid, False)
    for aid in t.achievement_ids:
        _achievement(c, lay.parts[p + f"achievement:{aid}"], aid, 0, rgb)


def _static_reference(c: Canvas, r: Rect) -> None:
    """The eight contracts and the nine achievement spaces (the same for every player)."""
    t = tables()
    wide = r.w > 1000  # full width: 4 columns of contracts, 3 of achievements; else 2 and 1
    # i18n: title of the reference panel; "→" separates a contract's goods from its reward.
    title = _("Contracts (goods per factory → bonus, money track) · achievements (1 VP per …)")
    if text_width(title, MIN_TEXT, "condensed_bold") > r.w - 16:
        # i18n: the reference panel's title where the long one does not fit.
        title = _("Contracts · achievements")
    c.panel(r, title)
    body = Rect(r.x + 8, r.y + TITLE_H + 6, r.w - 16, r.h - TITLE_H - 10)
    pitch = LINE if wide else LINE - 1  # 13 lines in the place of a player panel
    n = 4 if wide else 2
    cols = body.columns(n, gap=12)
    for k, con in enumerate(t.data.contracts):
        col = cols[k % n]
        y = body.y + (k // n) * pitch
        goods = "+".join(str(x) for x in con.requires)
        kind = con.bonus.kind()
        text = _("{id}: {goods} → {bonus}, money +{steps}", id=con.id, goods=goods,
                 bonus=bonus_words(kind, con.bonus.value()), steps=con.money_steps)
        c.text(col.x, y, text, style="condensed", max_width=col.w)
    first = -(-len(t.data.contracts) // n)
    n = 3 if wide else 1
    acols = body.columns(n, gap=12)
    for k, ach in enumerate(t.data.achievements):
        col = acols[k % n]
        y = body.y + (first + k // n) * pitch + (0 if wide else 4)
        head = f"{ach.id}{' (1x)' if ach.printed_1x else ''}: "
        hw = text_width(head, MIN_TEXT, "condensed_bold")
        c.text(col.x, y, head, style="condensed_bold")
        full = _t("achievement", ach.text)
        room = col.w - hw
        if text_width(full, MIN_TEXT, "condensed") > room and ach.measure in ACHIEVEMENT_SHORT:
            full = _("1 VP per {what}", what=tr(ACHIEVEMENT_SHORT[ach.measure]))
        c.text(col.x + hw, y, full, style="condensed", max_width=room)


def _static_legend(c: Canvas, r: Rect, colours: tuple[str, ...]) -> None:
    """Shapes, worker and player letters and the colour conventions, in one or two lines."""

    def shape(kind: str) -> Marker:
        def draw_it(cv: Canvas, x: float, y: float) -> None:
            if kind in ("ship", "train"):
                transport_piece(cv, kind, x, y, 28, 22, pal.PANEL_ALT, "")
            elif kind == "diamond":
                _scoring_symbol(cv, x, y, None)
            else:
                cv.piece(x, y, 24, fill=pal.PANEL_ALT, shape=kind)

        return draw_it

    workers = " · ".join(f"{pal.worker_initial(w)} {_t('worker colour', w)}" for w in WORKER_ORDER)
    names = " · ".join(f"{player_letter(col)} {player_name(col)}" for col in colours)
    entries: list[tuple[Marker | None, str]] = [
        (shape("circle"), _("worker")), (shape("square"), _("influence tile")), (shape("ship"), _("ship (VP)")),
        (shape("train"), _("train (+influence)")), (shape("diamond"), _("scoring")), (None, workers), (None, names),
        (None, _("gold = star or golden space")), (None, _("tint = goods level 1/2/3")),
        # i18n: legend entries: the marker of the worker rows and the money icons of a player board.
        (None, _("▶ next worker row")), (None, _("¥ money icon: money +1 once uncovered")),
    ]
    legend(c, r, entries, max_lines=2, line_h=LINE)


# ------------------------------------------------------------------------------------------------
# Dynamic drawing
# ------------------------------------------------------------------------------------------------


def _draw_header(c: Canvas, lay: Layout, view: dict[str, Any]) -> None:
    """Status beside the game's name; the decision (player square + prompt on their colour), a
    random event in grey, or the result."""
    hr = lay.panels["header"]
    x = hr.x + 12 + text_width(GAME_TITLE, 22, "bold") + 24
    x += c.text(x, hr.cy, status(view), size=20, style="bold", fill=pal.TITLE_TEXT, anchor="lm", max_width=400) + 20
    box = Rect(x, hr.y + 5, hr.x2 - 6 - x, hr.h - 10)
    seat, _kind, prompt = _decision(view)
    players = view.get("players") or []
    if view.get("over") or seat is None:
        prompt_box(c, box, result_line(view) or str(tr(prompt)), pal.HIGHLIGHT)
    elif 0 <= seat < len(players):
        colour = _colour_of(view, seat)
        prompt_box(c, box, "▶ " + str(tr(prompt)), pal.tint(player_rgb(colour), 0.55),
                   piece=(player_rgb(colour), player_letter(colour)))
    else:
        prompt_box(c, box, _random_event(prompt), pal.PANEL_ALT)


def _draw_actions(c: Canvas, lay: Layout, view: dict[str, Any]) -> None:
    for i, workers in enumerate(view.get("spaces") or []):
        r = lay.parts.get(f"actions/{i}")
        if r is None:
            continue
        shown = workers[:3]
        for k, colour in enumerate(shown):
            _worker(c, r.x + 22 + k * 36, r.y2 - 22, colour, 30)
        if len(workers) > 3:  # never in a real game; keep the count honest
            c.text(r.x2 - 4, r.y2 - 22, f"+{len(workers) - 3}", style="bold", anchor="rm")


def _draw_rows(c: Canvas, lay: Layout, view: dict[str, Any]) -> None:
    rows = view.get("rows") or []
    short = view.get("row_short") or []
    nxt = next((i for i, row in enumerate(rows) if row), None)
    for i, row in enumerate(rows):
        r = lay.parts.get(f"rows/row{i}")
        if r is None:
            continue
        if i == nxt:
            c.text(r.x + 2, r.cy, "▶", style="bold", anchor="lm")
        for k, colour in enumerate(row[:4]):
            _worker(c, r.x + 52 + k * 34, r.cy, colour, 28)
        owed = int(short[i]) if i < len(short) else 0
        for k in range(len(row), min(len(row) + owed, 4)):  # workers still owed after an empty bag
            c.hollow(r.x + 52 + k * 34, r.cy, 28, letter="?")


def _draw_scoring(c: Canvas, lay: Layout, view: dict[str, Any]) -> None:
    t = tables()
    sb = lay.panels["scoring"]
    marker = min(max(int(view.get("marker", 0)), 0), len(t.track_spaces) - 1)
    r = lay.parts[f"scoring/space{marker}"]
    if not view.get("over"):
        c.rect(r, fill=pal.HIGHLIGHT, outline=pal.INK, width=3)
        c.text(r.cx, r.cy, str(marker + 1), size=22, style="bold", fill=pal.INK, anchor="mm")
    done = int(view.get("scorings", 0))
    y = lay.parts["scoring/space0"].y2 + 8
    x0 = sb.x + 8
    for sv in sorted(t.data.scoring_values, key=lambda s: s.scoring):
        row = Rect(x0, y, sb.w - 16, LINE)
        if sv.scoring == done + 1 and not view.get("over"):
            c.rect(row, fill=pal.HIGHLIGHT)
        _scoring_symbol(c, row.x + 12, row.cy, sv.scoring)
        values = _ordinal_values(sv.values)
        if sv.scoring <= done:
            text = _("Scoring {n}: {values} VP (1st · 2nd · 3rd) ✓", n=sv.scoring, values=values)
        else:
            text = _("Scoring {n}: {values} VP (1st · 2nd · 3rd)", n=sv.scoring, values=values)
        c.text(row.x + 28, row.cy, text, style="condensed", anchor="lm", max_width=row.w - 32,
               fill=pal.MUTED if sv.scoring <= done else pal.INK)
        y += LINE + 2
    bag = view.get("bag") or {}
    x = sb.x + 8 + fitted_width(_("Bag"), 80) + 10
    by = sb.y2 - 20
    for colour in WORKER_ORDER:
        _worker(c, x + 13, by, colour, 26)
        x += 28
        x += c.text(x, by, str(bag.get(colour, 0)), style="bold", anchor="lm") + 9


def _draw_regions(c: Canvas, lay: Layout, view: dict[str, Any]) -> None:
    t = tables()
    players = view.get("players") or []
    cities = {city["id"]: city for city in view.get("cities") or []}
    influence = view.get("influence") or {}
    foreign_v = view.get("foreign") or {}
    for region in t.regions:
        ir = lay.parts[f"influence:{region.id}"]
        infl = influence.get(region.id) or [0] * len(players)
        x = ir.x + 16
        for seat in range(len(players)):
            _tile(c, view, x, ir.cy, seat, 32, 24)
            x += 20
            x += c.text(x, ir.cy, str(infl[seat] if seat < len(infl) else 0), style="bold", anchor="lm") + 24
        foreign = 0
        for city in (x for x in t.cities if x.region == region.id):
            cv = cities.get(city.id) or {}
            slots = cv.get("slots") or [None] * 4
            tile = cv.get("tile")
            foreign += sum(city.printed[i] for i in range(4) if slots[i] is None)
            for i, k in enumerate(SIDES):
                cell = lay.parts[f"city:{city.id}/{k}"]
                right = Rect(cell.x2 - 54, cell.y, 54, cell.h)
                if tile in t.city_tiles:
                    goods = t.city_tiles[tile][(i - int(cv.get("rotation", 0))) % 4]
                    c.rect(Rect(cell.x + 1, cell.y + 1, cell.w - right.w - 1, cell.h - 2),
                           fill=LEVEL_TINT[t.goods[goods].level])
                    name, room = goods_name(goods), cell.w - right.w - 8
                    if text_width(name, MIN_TEXT, "condensed_bold") > room:
                        name = goods_short(goods)
                    c.text(cell.x + 5, cell.cy, name, style="condensed_bold", anchor="lm", max_width=room)
                occ = slots[i] if i < len(slots) else None
                if occ is None:
                    printed = city.printed[i]
                    c.text(right.cx, right.cy, f"({printed})" if printed else "–", style="condensed",
                           fill=pal.MUTED, anchor="mm")
                else:
                    seat, value = int(occ[0]), int(occ[1])
                    _tile(c, view, right.cx, right.cy, seat, right.w - 6, cell.h - 4,
                          text=f"{player_letter(_colour_of(view, seat))}{value}")
        foreign = int(foreign_v.get(region.id, foreign))
        pr = lay.panels[f"region:{region.id}"]
        # i18n: the influence of the foreign companies in a region (printed numbers not covered).
        c.text(pr.x2 - 8, pr.y + TITLE_H / 2, _("foreign {n}", n=foreign), style="condensed", fill=pal.TITLE_TEXT,
               anchor="rm", max_width=pr.w * 2 // 5)
        for i, piece in enumerate((view.get("transport") or {}).get(region.id) or []):
            r = lay.parts.get(f"transport:{region.id}/{i + 1}")
            if r is None:
                continue
            seat, kind, value = int(piece["seat"]), str(piece["kind"]), int(piece["value"])
            colour = _colour_of(view, seat)
            transport_piece(c, kind, r.cx, r.y + 17, 38, 28, player_rgb(colour), player_letter(colour))
            label = f"+{value}" if kind == "train" else str(value)
            c.text(r.cx, r.y2, label, style="condensed_bold", anchor="mb", max_width=r.w)


def _display_line(c: Canvas, r: Rect, tile: str, colour: pal.RGB, room_right: int = 0) -> None:
    """One factory tile of the display: its id and its bonus, shortened."""
    w = max(40, c.text(r.x + 4, r.cy, tile, style="bold", fill=colour, anchor="lm"))
    c.text(r.x + 4 + w + 6, r.cy, bonus_label(tile), style="condensed", fill=colour, anchor="lm",
           max_width=r.w - 4 - w - 6 - room_right)


def _draw_display(c: Canvas, lay: Layout, view: dict[str, Any]) -> None:
    """Greys the built tiles of the display (drawn as available in the static layer), with their owner."""
    t = tables()
    available = set(view.get("display") or [])
    owner = {f["tile"]: seat for seat, p in enumerate(view.get("players") or []) for f in p.get("factories") or []}
    for fid in t.factory_ids:
        if fid in available:
            continue
        r = lay.parts[f"display/{fid}"]
        c.rect(r, fill=pal.PANEL)
        _display_line(c, r, fid, pal.MUTED, 32)
        if fid in owner:
            _tile(c, view, r.x2 - 15, r.cy, owner[fid], 28, 20)


def _draw_rewards(c: Canvas, lay: Layout, view: dict[str, Any]) -> None:
    t = tables()
    stacks = view.get("rewards") or {}
    for mult in t.multipliers:
        for kind in t.reward_kinds:
            cell = lay.parts[f"rewards/{mult}:{kind}"]
            n = int(stacks.get(f"{mult}:{kind}", 0))
            c.draw.rounded_rectangle(cell.box, radius=5, fill=pal.PANEL_ALT if n else pal.PANEL, outline=pal.GRID)
            if n == 0:
                c.text(cell.cx, cell.cy, "0", style="condensed", fill=pal.MUTED, anchor="mm")
            for k in range(min(n, 2)):
                c.piece(cell.x + 14 + k * 25, cell.cy, 24, 24, fill=pal.PANEL, letter=f"{mult}x", shape="square",
                        outline=pal.BORDER, outline_w=1)
            if n > 2:  # never with the printed tiles (2 per stack); keep the count honest
                c.text(cell.x2 - 2, cell.cy, f"×{n}", style="condensed_bold", anchor="rm")
    x2 = lay.parts["rewards/x2"]
    n = int(view.get("multipliers", 0))
    # i18n: the four 2x VP tiles, taken instead of a reward tile once the reward area is empty.
    parts = rich(_("2x VP tiles left: {n}"), "condensed", n=(str(n), "bold"))
    c.runs(x2.x, x2.cy, parts, anchor_v="m", max_x=x2.x2)


def _runs_width(parts: list[tuple[str, str]]) -> int:
    """Width of runs once :meth:`Canvas.runs` has condensed them (it does when they are too wide)."""
    return sum(text_width(t, MIN_TEXT, CONDENSED.get(st, st)) for t, st in parts)


def _joined(groups: list[list[tuple[str, str]]], gap: str = "   ") -> list[tuple[str, str]]:
    out: list[tuple[str, str]] = []
    for k, g in enumerate(groups):
        out += ([(gap, "regular")] if k else []) + g
    return out


def _draw_player(c: Canvas, lay: Layout, view: dict[str, Any], seat: int, acting: bool) -> None:
    t = tables()
    p = view["players"][seat]
    pre = f"player:{seat}/"
    r = lay.panels[f"player:{seat}"]
    rgb = player_rgb(str(p["colour"]))

    # Header: VP, flags.
    hdr = lay.parts[pre + "header"]
    x = hdr.x + 54 + fitted_width(player_name(p["colour"]), NAME_ROOM) + 14
    x += c.text(x, hdr.cy, str(tr(amount("vp", int(p.get("vp", 0))))), size=22, style="bold", anchor="lm") + 16
    right = hdr.x2 - 8
    if acting:
        right = badge(c, hdr, right, _("▶ TO ACT"), 150) - 10
        c.rect(r, outline=pal.INK, width=4)
    flags = []
    if view.get("viewer") == seat:
        flags.append(_("you"))
    if seat == view.get("first_player"):
        flags.append(_("1st player"))
    if view.get("final") and not view.get("over"):
        flags.append(_("final turns {n}/{total}", n=int(p.get("final_turns", 0)), total=len(t.golden)))
    if flags:
        c.text(right, hdr.cy, " · ".join(flags), style="condensed_bold", anchor="rm", max_width=max(10, right - x))

    # Budget area, or the final score once the game is over.
    res = lay.parts[pre + "res"]
    score = (view.get("scores") or {}).get(str(seat))
    if view.get("over") and score:
        ach = sum(int(v) for v in (score.get("achievements") or {}).values())
        parts = [(_("Final") + "  ", "bold")]
        lost = -int(score.get("payday_vp", 0))
        parts += rich(_("{in_game} in game − {lost} for unpaid wages + {achievements} achievements = {total} VP"),
                      "condensed", in_game=(str(score.get("in_game", 0)), "bold"), lost=(str(lost), "bold"),
                      achievements=(str(ach), "bold"), total=(str(score.get("total", p["vp"])), "bold"))
    else:
        colours = len(set(p.get("workers") or []))
        groups = [rich(_("Money {n}"), n=(yen(p.get("money", 0)), "bold")),
                  rich(_("Coal {n}"), n=(str(p.get("coal", 0)), "bold")),
                  rich(_("Blueprints {n}"), n=(str(p.get("blueprints", 0)), "bold"))]
        if p.get("machines"):
            groups.append(rich(_("Stored machines {n}"), n=(str(p["machines"]), "bold")))
        # i18n: what a consolidation would cost now: 3,000 yen per worker colour on the board.
        wages = rich(_("Wages {n}"), "condensed", n=(yen(colours * 3), "bold"))
        parts = _joined(groups + [wages])
        if _runs_width(parts) > res.w:  # long words: the wages are the first to go (they follow from the workers)
            parts = _joined(groups)
    c.runs(res.x, res.cy, parts, anchor_v="m", max_x=res.x2)

    # Track markers.
    for track in ("money", "coal", "knowledge"):
        row = lay.parts[pre + f"track:{track}"]
        pos = min(max(int(p.get(f"{track}_pos", 0)), 0), t.track_len[track] - 1)
        cell = Rect(row.x + TRACK_LABEL_W + pos * TRACK_CELL_W, row.y, TRACK_CELL_W + 1, row.h)
        c.rect(cell, fill=rgb, outline=pal.INK, width=3)
        c.text(cell.cx + 1, cell.cy, str(t.track_value[track][pos]), style="condensed_bold", fill=pal.text_on(rgb),
               anchor="mm")

    # Ships and trains still on the board; stars and money icons of the emptied spaces.
    n_tiles = t.n["transport_tiles"]
    for row_name, kind in (("ships", "ship"), ("trains", "train")):
        row = lay.parts[pre + row_name]
        left = int(p.get(row_name, n_tiles))
        value = int(p.get(f"{kind}_value", 2))
        for i, cell in enumerate(_row_cells(row)):
            if i >= n_tiles - left:
                transport_piece(c, kind, cell.cx, cell.cy, 24, 24, rgb, str(value))
            else:
                stars = t.transport_stars.get((row_name, i + 1), 0)
                c.rect(cell, fill=pal.THRESHOLD if stars else pal.PANEL, outline=pal.GRID)
                if stars:
                    c.text(cell.cx, cell.cy, "★" if stars == 1 else f"{stars}★", style="condensed", anchor="mm",
                           max_width=cell.w)
    icons = lay.parts[pre + "icons"]
    cells = _row_cells(icons)
    empty = {"ships": n_tiles - int(p.get("ships", n_tiles)), "trains": n_tiles - int(p.get("trains", n_tiles))}
    for icon in t.money_icons:
        col = max(idx for _row, idx in icon.covers) - 1
        cell = cells[col]
        shown = all(idx <= empty[row] for row, idx in icon.covers)
        if shown:
            c.rect(Rect(cell.x - 1, cell.y + 2, cell.w + 2, cell.h - 4), fill=pal.THRESHOLD, outline=pal.BORDER)
        c.text(cell.cx, cell.cy, "¥", style="bold" if shown else "condensed", fill=pal.INK if shown else pal.MUTED,
               anchor="mm")

    # Factories, one place per good: tile, machine (+1/+2), goods stored.
    factories = {f["goods"]: f for f in p.get("factories") or []}
    for goods, rec in t.goods.items():
        fr = lay.parts[pre + f"factory:{goods}"]
        f = factories.get(goods)
        if f is None:
            c.text(fr.cx, fr.y + 4, goods_short(goods), style="condensed", fill=pal.MUTED, anchor="mt",
                   max_width=fr.w - 6)
            continue
        c.rect(fr, fill=LEVEL_TINT[rec.level], outline=pal.BORDER, width=2)
        c.text(fr.x + 5, fr.y + 3, goods_short(goods), style="bold", max_width=fr.w - 8)
        machine = int(f.get("machine", 0))
        my = fr.y + 37
        if machine:
            c.piece(fr.x + 20, my, 30, 22, fill=pal.INK, letter=f"+{machine}", shape="square", outline=pal.INK)
        else:
            c.hollow(fr.x + 20, my, 30, 22, shape="square", letter="M")
        stored = int(f.get("stored", 0))
        for k in range(rec.storage):
            box = Rect(fr.x + 42 + k * 15, my - 6, 13, 13)
            c.rect(box, fill=pal.INK if k < stored else pal.PANEL, outline=pal.BORDER)
        c.text(fr.x + 5, fr.y2 - 3, str(f["tile"]), style="condensed", anchor="lb")
        c.text(fr.x2 - 5, fr.y2 - 3, f"{stored}/{rec.storage}", style="condensed_bold",
               fill=pal.INK if stored else pal.MUTED, anchor="rb")

    # Workers on the six worker spaces (reward levels printed on the free ones).
    wf = lay.parts[pre + "workers"]
    workers = list(p.get("workers") or [])
    x = wf.x + ROW_LABEL_W + 14
    for i in range(t.n["worker_slots"]):
        level = t.worker_levels.get(i + 1)
        if i < len(workers):
            _worker(c, x + i * 31, wf.cy, workers[i], 28)
        else:
            c.hollow(x + i * 31, wf.cy, 28, letter=f"{level}x" if level else "")
    level = t.worker_levels.get(len(workers)) if workers else None
    tx = x + t.n["worker_slots"] * 31 - 6
    # i18n: the Emperor's reward a player would take when consolidating now (after the workers).
    text = _("reward ≤{level}x", level=level) if level else _("no reward")
    if text_width(text, MIN_TEXT, "condensed") > wf.x2 - tx:
        # The levels printed on the worker spaces say what it is.
        text = f"≤{level}x" if level else ""
    c.text(tx, wf.cy, text, style="condensed", anchor="lm", max_width=wf.x2 - tx, fill=pal.INK if level else pal.MUTED)

    # Contracts (face up in the static layer): grey and struck through once fulfilled (face down).
    done = set(p.get("contracts_done") or [])
    for cid in t.contract_ids:
        if cid in done:
            _contract(c, lay.parts[pre + f"contract:{cid}"], cid, True)

    # Influence tiles left (in the player's colour) and on the board (hollow).
    inf = lay.parts[pre + "influence"]
    left = sorted(int(v) for v in p.get("influence") or [])
    for k in range(len(t.influence_tiles)):
        cx = inf.x + ROW_LABEL_W + 13 + k * 28
        if k < len(left):
            c.piece(cx, inf.cy, 26, 26, fill=rgb, letter=str(left[k]), shape="square")
        else:
            c.hollow(cx, inf.cy, 26, 26, shape="square")

    # Achievement spaces (printed 1x or empty in the static layer): the tile on each, the VP at the end.
    achieved = p.get("achievements") or {}
    final = ((score or {}).get("achievements") or {}) if view.get("over") else {}
    for aid in t.achievement_ids:
        mult = achieved.get(aid)
        if mult or aid in final:
            _achievement(c, lay.parts[pre + f"achievement:{aid}"], aid, int(mult or 0), rgb, final.get(aid))


def _contract(c: Canvas, cell: Rect, cid: str, done: bool) -> None:
    """A contract tile: face up (its id), or face down once fulfilled (grey, struck through)."""
    if done:
        c.rect(cell, fill=pal.UNAVAILABLE, outline=pal.GRID)
        c.text(cell.cx, cell.cy, cid, style="condensed", fill=pal.MUTED, anchor="mm")
        c.line([(cell.x + 3, cell.y2 - 5), (cell.x2 - 4, cell.y + 4)], fill=pal.INK, width=2)
    else:
        c.rect(cell, fill=pal.PANEL, outline=pal.BORDER)
        c.text(cell.cx, cell.cy, cid, style="condensed_bold", anchor="mm")


def _achievement(c: Canvas, cell: Rect, aid: str, mult: int, rgb: pal.RGB, vp: int | None = None) -> None:
    """An achievement space: the multiplier of the tile on it (else the printed 1x, else –) and,
    after the final scoring, the VP it scored."""
    printed = tables().achievements[aid].printed_1x
    if mult:
        c.rect(cell, fill=pal.tint(rgb, 0.55), outline=pal.BORDER, width=2)
        value, style = f"{mult}x", "bold"
    else:
        c.rect(cell, fill=pal.PANEL_ALT if printed else pal.PANEL, outline=pal.GRID)
        value, style = ("1x" if printed else "–"), "condensed"
    if vp is None:
        runs = [(f"{aid} ", "condensed_bold"), (value, style)]
    else:
        runs = [(f"{aid} ", "condensed"), (value, "condensed"), (f"={vp}", "condensed_bold")]
    c.runs(cell.x + 5, cell.cy, runs, anchor_v="m", max_x=cell.x2 - 3,
           fill=pal.INK if mult or printed or vp is not None else pal.MUTED)


# ------------------------------------------------------------------------------------------------
# Public API
# ------------------------------------------------------------------------------------------------


def render_image(view: dict[str, Any]) -> Image.Image:
    """The picture of ``view`` in the current language as a Pillow RGB image (:data:`WIDTH` px
    wide; the height depends on the player count)."""
    shape = Shape.of(view)
    img = _LAYERS.get(layer_key(shape, DOMAIN.name), lambda: _static(shape))
    lay = shape.layout()
    c = Canvas(img, text_alpha_steps=TEXT_ALPHA_STEPS)
    seat, _kind, _prompt = _decision(view)
    _draw_header(c, lay, view)
    _draw_actions(c, lay, view)
    _draw_rows(c, lay, view)
    _draw_scoring(c, lay, view)
    _draw_regions(c, lay, view)
    _draw_display(c, lay, view)
    _draw_rewards(c, lay, view)
    for s in range(min(shape.players, 4)):
        _draw_player(c, lay, view, s, acting=(s == seat and not view.get("over")))
    return img


def render(view: dict[str, Any]) -> bytes:
    """PNG bytes of the board picture of ``view`` (``GAME.view(state, seat)``) in the current language.

    1400 px wide; 1444 px high for 2 players, 1628 for 3, 1798 for 4 (:func:`layout_for`). A
    palette PNG (:func:`render.core.draw.palette_png`, :data:`PNG_COLOURS` colours, deflate level
    :data:`PNG_COMPRESS_LEVEL`; texts with :data:`TEXT_ALPHA_STEPS` levels of anti-aliasing):
    120–136 kB at 4 players late in a game (the RGB PNG was 330–510 kB).
    """
    return palette_png(render_image(view), colours=PNG_COLOURS, compress_level=PNG_COMPRESS_LEVEL)


def alt_text(view: dict[str, Any]) -> str:
    """One paragraph describing the picture in the current language (for
    ``discord.File(description=…)``), at most :data:`ALT_TEXT_LIMIT` characters.

    Names the scoring-track position, the decision (or the result), every player's VP, money, coal,
    blueprints and factories, the influence per region and the workers per action space.
    """
    t = tables()
    players = view.get("players") or []
    who = _n("{n} player", "{n} players", len(players))
    marker = int(view.get("marker", 0))
    if view.get("over"):
        head = _("Nippon board, game over, {who}.", who=who)
    elif view.get("final"):
        n = t.golden.index(marker) + 1 if marker in t.golden else len(t.golden)
        head = _("Nippon board, final turns on golden space {n} of {total}, {who}.", n=n, total=len(t.golden),
                 who=who)
    else:
        head = _("Nippon board, scoring track space {n} of {total}, {who}.", n=marker + 1,
                 total=len(t.track_spaces), who=who)
    seat, _kind, prompt = _decision(view)
    said = str(tr(prompt)).rstrip(".")
    if view.get("over") or seat is None:
        now = _("Result: {result}.", result=result_line(view) or said)
    elif 0 <= seat < len(players):
        now = _("To act: {prompt}.", prompt=said)
    else:
        now = _random_event(prompt).rstrip(".") + "."
    lines = []
    for p in players:
        factories = _n("{n} factory", "{n} factories", len(p.get("factories") or []))
        lines.append(_("{name} {vp} VP, {money}, {coal}, {blueprints}, {factories}",
                       name=player_name(p["colour"]), vp=p.get("vp", 0), money=yen(p.get("money", 0)),
                       coal=bonus_words("coal", p.get("coal", 0)),
                       blueprints=bonus_words("blueprints", p.get("blueprints", 0)), factories=factories))
    influence = view.get("influence") or {}
    foreign = view.get("foreign") or {}
    regions = []
    for region in t.regions:
        values = influence.get(region.id) or []
        per = ", ".join(f"{player_name(p['colour'])} {values[s] if s < len(values) else 0}"
                        for s, p in enumerate(players))
        regions.append(_("{region}: {players}, foreign {foreign}", region=_t("region", region.name), players=per,
                         foreign=foreign.get(region.id, 0)))
    spaces = "; ".join(_("{space}: {n}", space=i + 1, n=len(w)) for i, w in enumerate(view.get("spaces") or []))
    text = " ".join((head, now, _("Players: {players}.", players="; ".join(lines)),
                     _("Influence: {regions}.", regions="; ".join(regions)),
                     _("Workers per action space {spaces}.", spaces=spaces)))
    if len(text) > ALT_TEXT_LIMIT:
        text = " ".join((head, now, _("Players: {players}.", players="; ".join(lines)),
                         _("Influence: {regions}.", regions="; ".join(regions))))
    if len(text) > ALT_TEXT_LIMIT:
        short = "; ".join(_("{name} {vp} VP", name=name, vp=vp) for name, vp in ranking(view))
        text = " ".join((head, now, _("Players: {players}.", players=short)))
    return text[:ALT_TEXT_LIMIT]


def clear_cache() -> None:
    """Drop the cached static layers, sprites and fonts (after the font search or a catalogue changes)."""
    _LAYERS.clear()
    _transport_sprite.cache_clear()
    clear_caches()



# ------------------------------------------------------------------------------------------------
# Chat pictures: the turn picture and the final-score picture (render/core/cards.py lays them out)
# ------------------------------------------------------------------------------------------------

#: Text size of the drawing of what the last move touched (drawn 1100 px wide, shown at 550).
FOCUS_TEXT = 28
#: Tallest turn picture that stays 1.3 times wider than high (the card is 1100 px wide).
CARD_MAX_H = 846
#: Event kinds never listed under the last move (random draws, the set-up, the end marker).
_QUIET = frozenset({"draw", "begin", "game_over", "first", "city", "reward_removed", "consolidate"})
#: The acting player's events that name what a move touched, most telling first.
_MAIN = ("factory", "produce", "machine", "ship", "train", "export", "market", "achievement", "discard", "reward",
         "consolidate", "blueprints", "track", "take", "icon", "gain", "payday")
# i18n: what an achievement space counts, as one or two words (row labels of the final-score picture,
# after the space's id: "A1 Contracts"; about 240 px at 32 px).
ACHIEVEMENT_LABEL = {
    "contracts": T("achievement label", "Contracts"),
    "knowledge_stars": T("achievement label", "Knowledge ★"),
    "coal_stars": T("achievement label", "Coal ★"),
    "big_factories": T("achievement label", "Big factories"),
    "machines2": T("achievement label", "+2 machines"),
    "money": T("achievement label", "Money"),
    "ship_stars": T("achievement label", "Ship spaces ★"),
    "train_stars": T("achievement label", "Train spaces ★"),
    "regions": T("achievement label", "Regions"),
}


class Touch(NamedTuple):
    """What the last move touched, as :func:`touched` finds it from the events (or the notation).

    ``kind`` is ``space`` (action spaces; ``key`` the 1-based spaces touched), ``track`` (``key``
    the track), ``factory`` (``key`` a good or ``supply``, ``extra`` the tile built), ``transport``
    (``key`` the region, ``extra`` ``ship``/``train``), ``city`` (``key`` the city, ``extra`` the
    side or ``""``), ``contract``, ``reward`` (``key`` the stack ``3:coal``), ``achievement``,
    ``consolidation``, ``scoring`` (``key`` its number) or ``marker``; ``seat`` the player whose
    board it is (``None`` for the main board).
    """

    kind: str
    seat: int | None = None
    key: Any = ""
    extra: str = ""


def chip(view: dict[str, Any], seat: int) -> Chip:
    """The card chip of ``seat``: colour, letters and name as the board shows them."""
    colour = _colour_of(view, seat)
    return Chip(player_rgb(colour), player_letter(colour), player_name(colour))


def _seat_ok(view: dict[str, Any], seat: Any) -> bool:
    return isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < len(view.get("players") or [])


def decision_text(prompt: Any) -> str:
    """A decision prompt without the player's name in front, in the current language
    (``Purple: take a worker …`` -> ``take a worker …``)."""
    if isinstance(prompt, Msg) and prompt.msgid == "{who}: {prompt}" and "prompt" in prompt.args:
        return str(tr(prompt.args["prompt"]))
    text = str(tr(prompt))
    head, sep, rest = text.partition(": ")
    if sep and len(head) <= 20 and " " not in head.strip():
        return rest
    return text


def _events(last: dict[str, Any] | None) -> list[dict[str, Any]]:
    return [e for e in (last or {}).get("events") or [] if isinstance(e, dict)]


def _data(e: dict[str, Any]) -> dict[str, Any]:
    d = e.get("data")
    return d if isinstance(d, dict) else {}


def _from_notation(view: dict[str, Any], seat: int | None, move: str) -> Touch | None:
    """What a move touched, read from its notation (events without ``data``)."""
    try:
        action = notation.parse_action(move)
    except ValueError:
        return None
    k, a = action.kind, action.args
    if k == "take":
        return Touch("space", seat, (int(a[0]),))
    if k == "factory":
        return Touch("factory", seat, tables().factory(str(a[0])).goods, str(a[0]))
    if k in ("produce", "machine"):
        return Touch("factory", seat, str(a[0]))
    if k in ("train", "ship"):
        return Touch("transport", seat, str(a[0]), k)
    if k == "export":
        return Touch("contract", seat, str(a[0]))
    if k == "market":
        return Touch("city", seat, str(a[0]), str(a[1]))
    if k == "reward":
        return Touch("reward", seat, f"{a[0]}:{a[1]}")
    if k == "place":
        return Touch("achievement", seat, str(a[0]))
    if k == "consolidate":
        return Touch("consolidation", seat)
    if k == "bp":
        return Touch("track", seat, str(a[0]))
    return None


def touched(view: dict[str, Any], last: dict[str, Any] | None) -> Touch | None:
    """The part of the board the move ``last`` touched (see :class:`Touch`), or ``None``.

    A scoring outranks everything (it is the news of the move); then the acting player's most
    telling event (:data:`_MAIN`); then the main board's changes (scoring marker, refilled action
    spaces, a city tile, a removed reward tile). Events without ``data`` fall back to the notation.
    """
    events = _events(last)
    if not events and not last:
        return None
    seat = (last or {}).get("seat")
    seat = seat if _seat_ok(view, seat) else None
    kinds = {e.get("kind") for e in events}
    for e in events:
        if e.get("kind") == "scoring" and "scoring" in _data(e):
            return Touch("scoring", None, int(_data(e)["scoring"]))
    mine = [e for e in events if e.get("seat") == seat] if seat is not None else []
    for kind in _MAIN:
        for e in mine:
            if e.get("kind") != kind:
                continue
            d = _data(e)
            if kind == "factory" and d.get("tile") in tables().factories:
                return Touch("factory", seat, tables().factory(d["tile"]).goods, str(d["tile"]))
            if kind in ("produce", "machine") and "goods" in d:
                return Touch("factory", seat, str(d["goods"]))
            if kind in ("ship", "train") and "region" in d:
                return Touch("transport", seat, str(d["region"]), kind)
            if kind == "export" and "contract" in d:
                return Touch("contract", seat, str(d["contract"]))
            if kind == "market" and "city" in d:
                return Touch("city", seat, str(d["city"]), str(d.get("side", "")))
            if kind == "achievement" and "achievement" in d:
                return Touch("achievement", seat, str(d["achievement"]))
            if kind == "discard":
                return Touch("achievement", seat, "")
            if kind == "reward" and "bonus" in d:
                return Touch("reward", seat, f"{d['multiplier']}:{d['bonus']}")
            if kind == "consolidate" or (kind in ("reward", "payday") and "consolidate" in kinds):
                return Touch("consolidation", seat)
            if kind in ("blueprints", "track") and "track" in d:
                return Touch("track", seat, str(d["track"]))
            if kind == "icon":
                return Touch("track", seat, "money")
            if kind == "take" and "space" in d:
                return Touch("space", seat, (int(d["space"]),))
    for e in events:
        d = _data(e)
        if e.get("kind") == "marker" and "space" in d:
            return Touch("marker", None, int(d["space"]))
    spaces = sorted({int(_data(e)["space"]) for e in events if e.get("kind") == "refill" and "space" in _data(e)}
                    | {int(_data(e)["index"]) + 1 for e in events
                       if e.get("kind") == "draw" and _data(e).get("to") == "space" and "index" in _data(e)})
    if spaces or "global_refill" in kinds:
        return Touch("space", None, tuple(spaces))
    for e in events:
        d = _data(e)
        if e.get("kind") == "city" and "city" in d:
            return Touch("city", None, str(d["city"]), "")
        if e.get("kind") == "reward_removed" and "stack" in d:
            return Touch("reward", None, str(d["stack"]))
    if seat is not None and events and any(_data(e) for e in events):
        return None
    return _from_notation(view, seat, str((last or {}).get("move") or "")) if seat is not None else None


def _scoring_line(view: dict[str, Any], events: list[dict[str, Any]]) -> str:
    """One line for a scoring's four region lines: the VP every player won (ships included)."""
    number = 0
    won: dict[int, int] = {}
    for e in events:
        d = _data(e)
        if e.get("kind") != "scoring" or "scoring" not in d:
            continue
        number = int(d["scoring"])
        for s, vp in (d.get("awards") or {}).items():
            if int(s) >= 0:
                won[int(s)] = won.get(int(s), 0) + int(vp)
        for s, vp in (d.get("ships") or {}).items():
            if int(s) >= 0:
                won[int(s)] = won.get(int(s), 0) + int(vp)
    parts = [f"{player_name(_colour_of(view, s))} +{vp}" for s, vp in sorted(won.items(), key=lambda x: -x[1]) if vp]
    if not parts:
        return _("Scoring {n}: no player scores VP", n=number)
    # i18n: a scoring in one line: the VP each player won in all regions ("Red +12, Blue +7").
    return _("Scoring {n}: {awards}", n=number, awards=", ".join(parts))


def event_lines(view: dict[str, Any], last: dict[str, Any] | None) -> list[str]:
    """The texts of ``last``'s events worth reading under the move, most telling first: a
    scoring in one line, the final turns and the scoring marker, then the acting player's events
    (random draws and set-up steps left out)."""
    events = _events(last)
    head: list[str] = []
    if any(e.get("kind") == "scoring" for e in events):
        if any("scoring" in _data(e) for e in events):
            head.append(_scoring_line(view, events))
        else:
            head += [str(e.get("text", "")) for e in events if e.get("kind") == "scoring"]
    head += [str(e.get("text", "")) for e in events if e.get("kind") in ("final", "final_score")]
    marker = [str(e.get("text", "")) for e in events if e.get("kind") == "marker"]
    rest = [str(e.get("text", "")) for e in events
            if e.get("kind") not in _QUIET | {"scoring", "final", "final_score", "marker", "global_refill"}]
    refill = [str(e.get("text", "")) for e in events if e.get("kind") == "global_refill"]
    lines = head + marker + rest + (refill if not marker else [])
    return [t for t in lines if t]


def _resources(view: dict[str, Any], seat: int) -> list[tuple[str, str]]:
    """The acting player's budget as ``(label, value)``: money, coal, knowledge level, blueprints,
    stored machines, the wages of a consolidation now."""
    t = tables()
    p = view["players"][seat]
    knowledge = t.track_value["knowledge"][min(max(int(p.get("knowledge_pos", 0)), 0), t.track_len["knowledge"] - 1)]
    out = [(_("Money"), yen(p.get("money", 0))), (_("Coal"), str(p.get("coal", 0))),
           (_("Knowledge"), str(knowledge)), (_("Blueprints"), str(p.get("blueprints", 0)))]
    if p.get("machines"):
        out.append((_("Stored machines"), str(p["machines"])))
    # i18n: what a consolidation would cost now (3,000 yen per worker colour), on the turn picture.
    out.append((_("Wages"), yen(len(set(p.get("workers") or [])) * t.n["payday_per_colour"])))
    return out


def turn_card(view: dict[str, Any], last: dict[str, Any] | None) -> TurnCard:
    """The facts of the turn picture of ``view`` (``GAME.view(state, None)``) after the move
    ``last`` (``{"seat", "move", "events"}``, ``None`` at the start), in the current language.

    The player to act and their decision (or the random event, or the result), every player's VP,
    the move and its telling events (:func:`event_lines`), the acting player's budget and a drawing
    of what the move touched (:func:`touched`).
    """
    players = view.get("players") or []
    seat, _kind, prompt = _decision(view)
    over = bool(view.get("over"))
    actor = chip(view, seat) if _seat_ok(view, seat) and not over else None
    if over or seat is None:
        text = result_line(view) or str(tr(prompt))
    elif actor is None:
        text = _random_event(prompt)
    else:
        text = decision_text(prompt)
    mover = (last or {}).get("seat")
    last_by = chip(view, mover) if last and _seat_ok(view, mover) else None
    res_seat = seat if actor is not None else view.get("current") if not over else None
    resources = _resources(view, res_seat) if _seat_ok(view, res_seat) else []
    card = TurnCard(
        title=GAME_TITLE, status=status(view), actor=actor, prompt=text,
        scores=[(chip(view, s), int(p.get("vp", 0))) for s, p in enumerate(players)],
        last_by=last_by, last_move=str((last or {}).get("move") or ""), last_lines=event_lines(view, last),
        score_label=_("VP"), resources_of=chip(view, res_seat) if resources else None, resources=resources)
    touch = touched(view, last)
    if touch is None:
        return card
    made = _focus(view, touch, _events(last))
    if made is None:
        return card
    title, drawer, (ideal, least) = made
    # The drawing keeps at least its least height (the focus box is 8 px lower than the focus
    # height): event lines are dropped, the last first, before it would shrink further.
    for lines in range(len(card.last_lines), -1, -1):
        trial = replace(card, last_lines=list(card.last_lines)[:lines], focus_title=title, focus=drawer)
        for h in range(ideal + 8, least + 7, -4):
            sized = replace(trial, focus_height=h)
            if turn_layout_height(sized) <= CARD_MAX_H:
                return sized
    return card


# -- the drawings of what a move touched --------------------------------------------------------


def _ftext(c: Canvas, x: float, y: float, text: str, room: float, *, style: str = "bold", fill: pal.RGB = pal.INK,
           anchor: str = "lm") -> int:
    """A focus text at :data:`FOCUS_TEXT` px (condensed when ``room`` is short)."""
    return c.text(x, y, text, size=FOCUS_TEXT, style=style, fill=fill, anchor=anchor, max_width=max(10, int(room)))


def _fwrap(c: Canvas, r: Rect, text: str, *, max_lines: int = 2, style: str = "regular",
           fill: pal.RGB = pal.INK) -> int:
    """``text`` wrapped into ``r`` at :data:`FOCUS_TEXT` px from its top (condensed if that
    saves a line); returns the lines drawn."""
    pitch = FOCUS_TEXT + 8
    lines = draw.wrap(text, r.w, FOCUS_TEXT, style)
    if len(lines) > max_lines:
        style = CONDENSED.get(style, style)
        lines = draw.wrap(text, r.w, FOCUS_TEXT, style)
    if len(lines) > max_lines:
        lines = lines[: max_lines - 1] + [" ".join(lines[max_lines - 1:])]
    for i, line in enumerate(lines):
        _ftext(c, r.x, r.y + pitch * i + pitch / 2, line, r.w, style=style, fill=fill)
    return len(lines)


def _fworker(c: Canvas, cx: float, cy: float, colour: str, d: int) -> None:
    c.piece(cx, cy, d, fill=pal.worker_colour(colour), letter=pal.worker_initial(colour), shape="circle",
            size=FOCUS_TEXT)


def _ftile(c: Canvas, view: dict[str, Any], cx: float, cy: float, seat: int, w: int, h: int, text: str | None = None) -> None:
    colour = _colour_of(view, seat)
    c.piece(cx, cy, w, h, fill=player_rgb(colour), letter=player_letter(colour) if text is None else text,
            shape="square", size=FOCUS_TEXT)


def _focus(view: dict[str, Any], touch: Touch,
           events: list[dict[str, Any]]) -> tuple[str, Callable[[Canvas, Rect], None], tuple[int, int]] | None:
    """``(title, drawer, (ideal height, least height))`` of the drawing of ``touch`` (``events``: the
    move's), or ``None``."""
    t = tables()
    seat = touch.seat
    who = player_name(_colour_of(view, seat)) if seat is not None else ""
    k = touch.kind
    if k == "space":
        spaces = tuple(int(s) for s in touch.key)
        if seat is not None and len(spaces) == 1 and 1 <= spaces[0] <= len(t.spaces):
            acts = " / ".join(str(tr(ACTION_SHORT[a])) for a in t.spaces[spaces[0] - 1].actions)
            title = _("Action space {n}: {actions}", n=spaces[0], actions=acts)
        else:
            title = _("Action spaces and worker rows")
        return title, lambda c, r: _focus_spaces(c, r, view, spaces, seat), (220, 200)
    if k == "track" and seat is not None:
        return _("{player}: tracks", player=who), lambda c, r: _focus_tracks(c, r, view, seat, str(touch.key)), (260, 100)
    if k == "factory" and seat is not None:
        return (_("{player}: factories", player=who),
                lambda c, r: _focus_factories(c, r, view, seat, str(touch.key), touch.extra),
                (280, 230) if touch.extra or touch.key == "supply" else (200, 196))
    if k == "transport" and touch.key in t.region_by_id:
        region = _t("region", t.region_by_id[touch.key].name)
        return (_("{region}: train/ship spaces", region=region),
                lambda c, r: _focus_transport(c, r, view, str(touch.key), seat, touch.extra), (200, 128))
    if k == "city" and touch.key in t.city_by_id:
        region_id = t.city_by_id[touch.key].region
        region = _t("region", t.region_by_id[region_id].name)
        return (_("{region}: cities", region=region),
                lambda c, r: _focus_cities(c, r, view, str(touch.key), touch.extra), (290, 224))
    if k == "contract" and seat is not None and touch.key in t.contracts:
        return (_("{player}: contracts", player=who),
                lambda c, r: _focus_contracts(c, r, view, seat, str(touch.key)), (170, 128))
    if k == "reward":
        return (_("Emperor's rewards (tiles left)"), lambda c, r: _focus_rewards(c, r, view, str(touch.key)), (210, 192))
    if k == "achievement" and seat is not None:
        return (_("{player}: achievement spaces", player=who),
                lambda c, r: _focus_achievements(c, r, view, seat, str(touch.key)), (230, 216))
    if k == "consolidation" and seat is not None:
        steps = _consolidation_steps(view, seat, events)
        need = 16 + sum(n * (FOCUS_TEXT + 8) + 12 for n in _consolidation_rows(steps, 648)[1]) + 8
        return _("{player} consolidates", player=who), lambda c, r: _focus_consolidation(c, r, steps), (need, need)
    if k == "scoring":
        return (_("Scoring {n}: VP per region", n=int(touch.key)),
                lambda c, r: _focus_scoring(c, r, view, int(touch.key)),
                (64 + 46 * len(view.get("players") or []), 160))
    if k == "marker":
        return _("Scoring track"), lambda c, r: _focus_marker(c, r, view), (170, 120)
    return None


def _focus_spaces(c: Canvas, r: Rect, view: dict[str, Any], spaces: Sequence[int], seat: int | None) -> None:
    """The five action spaces with their workers (the touched ones outlined); below, the acting
    player's six worker spaces, or the worker rows."""
    t = tables()
    gap = 10
    boxes = Rect(r.x + 6, r.y + 6, r.w - 12, 112).columns(len(t.spaces), gap=gap)
    for i, (box, workers) in enumerate(zip(boxes, view.get("spaces") or [])):
        c.rect(box, fill=pal.PANEL_ALT, outline=pal.GRID)
        c.piece(box.x + 24, box.y + 27, 38, 38, fill=pal.TITLE_BAR, letter=str(i + 1), shape="square",
                outline=pal.TITLE_BAR, size=FOCUS_TEXT)
        # Three workers in a triangle beside the number: as large as the box allows.
        d = min(50, (box.w - 14) // 2)
        places = [(box.x2 - 5 - d / 2, box.y + 5 + d / 2), (box.x + 5 + d / 2, box.y2 - 5 - d / 2),
                  (box.x2 - 5 - d / 2, box.y2 - 5 - d / 2)]
        for (cx, cy), colour in zip(places, workers[:3]):
            _fworker(c, cx, cy, colour, d)
        if i + 1 in spaces:
            outline_focus(c, box, 5)
    y = r.y + 6 + 112 + 14
    if r.y2 - y < 60:
        return
    row = Rect(r.x + 6, y, r.w - 12, min(64, r.y2 - y - 4))
    if seat is not None:
        p = view["players"][seat]
        workers = list(p.get("workers") or [])
        x = row.x + 4
        for i in range(t.n["worker_slots"]):
            level = t.worker_levels.get(i + 1)
            cx = x + 26 + i * 54
            if i < len(workers):
                _fworker(c, cx, row.cy, workers[i], 48)
            else:
                c.piece(cx, row.cy, 48, fill=pal.PANEL, letter=f"{level}x" if level else "", shape="circle",
                        outline=pal.MUTED, outline_w=1, letter_fill=pal.MUTED, size=FOCUS_TEXT)
        tx = x + t.n["worker_slots"] * 54 + 12
        level = t.worker_levels.get(len(workers)) if workers else None
        text = _("reward ≤{level}x", level=level) if level else _("no reward")
        _ftext(c, tx, row.cy, text, row.x2 - tx, style="regular", fill=pal.INK if level else pal.MUTED)
        if workers:
            k = len(workers) - 1
            outline_focus(c, Rect(x + 26 + k * 54 - 28, row.cy - 28, 56, 56), 4)
        return
    rows = view.get("rows") or []
    cols = Rect(row.x, row.y, row.w, row.h).columns(max(1, len(rows)), gap=gap)
    for i, (box, workers) in enumerate(zip(cols, rows)):
        c.rect(box, fill=pal.PANEL, outline=pal.GRID)
        w = c.text(box.x + 8, box.cy, str(i + 1), size=FOCUS_TEXT, style="bold", anchor="lm")
        pitch = min(40, (box.w - w - 20) // max(1, t.rows(len(view.get("players") or [2])).size))
        for k, colour in enumerate(workers[:4]):
            _fworker(c, box.x + w + 16 + pitch / 2 + k * pitch, box.cy, colour, pitch - 4)


def _focus_tracks(c: Canvas, r: Rect, view: dict[str, Any], seat: int, touched_track: str) -> None:
    """The player's money, coal and knowledge tracks (only the touched one when room is short):
    the name above, the printed numbers, stars in gold, the marker in the player's colour; the
    touched track outlined."""
    t = tables()
    p = view["players"][seat]
    rgb = player_rgb(_colour_of(view, seat))
    label_h, cells_h = FOCUS_TEXT + 6, 40
    pitch = label_h + cells_h + 4
    tracks = ["money", "coal", "knowledge"]
    if r.h - 12 < 3 * pitch and touched_track in tracks:
        tracks = [touched_track]
    cell_w = (r.w - 16) // max(t.track_len.values())
    for i, track in enumerate(tracks):
        y = r.y + 6 + i * pitch
        row = Rect(r.x + 8, y + label_h, cell_w * t.track_len[track], cells_h)
        _ftext(c, row.x, y + label_h / 2, str(tr(TRACK_SHORT[track])), r.w - 16)
        pos = min(max(int(p.get(f"{track}_pos", 0)), 0), t.track_len[track] - 1)
        for s in sorted((s for s in t.data.tracks if s.track == track), key=lambda s: s.index):
            cell = Rect(row.x + s.index * cell_w, row.y, cell_w + 1, row.h)
            here = s.index == pos
            c.rect(cell, fill=rgb if here else pal.THRESHOLD if s.star else pal.PANEL,
                   outline=pal.INK if here else pal.GRID, width=3 if here else 1)
            number = str(t.track_value[track][pos]) if here else "" if s.number is None else str(s.number)
            if number:
                c.text(cell.cx + 1, cell.cy, number, size=FOCUS_TEXT, style="condensed_bold" if here else "condensed",
                       fill=pal.text_on(rgb) if here else pal.MUTED, anchor="mm")
        if track == touched_track:
            outline_focus(c, Rect(row.x - 3, y, row.w + 7, label_h + cells_h + 3), 4)


def _focus_factories(c: Canvas, r: Rect, view: dict[str, Any], seat: int, goods: str, tile: str) -> None:
    """The player's six factory places (good, machine, goods stored) in two rows, the touched one
    outlined; below, the bonus of a factory just built or the stored machines."""
    t = tables()
    p = view["players"][seat]
    factories = {f["goods"]: f for f in p.get("factories") or []}
    pitch = FOCUS_TEXT + 8
    cell_h = 84
    top = r.y + 6
    if goods == "supply":
        text = _("Stored machines {n}", n=int(p.get("machines", 0)))
        w = _ftext(c, r.x + 14, top + 4 + pitch / 2, text, r.w - 28)
        outline_focus(c, Rect(r.x + 6, top, w + 16, pitch + 8), 4)
        top += pitch + 16
    grid = Rect(r.x + 6, top, r.w - 12, 2 * cell_h + 8)
    cols = Rect(grid.x, grid.y, grid.w, cell_h).columns(3, gap=10)
    for k, (g, rec) in enumerate(t.goods.items()):
        col = cols[k % 3]
        box = Rect(col.x, grid.y + (k // 3) * (cell_h + 8), col.w, cell_h)
        f = factories.get(g)
        name = goods_name(g)
        if text_width(name, FOCUS_TEXT, "condensed_bold") > box.w - 16:
            name = goods_short(g)
        if f is None:
            c.rect(box, fill=pal.PANEL_ALT, outline=pal.GRID)
            _ftext(c, box.x + 8, box.y + 22, name, box.w - 16, style="condensed", fill=pal.MUTED)
        else:
            c.rect(box, fill=LEVEL_TINT[rec.level], outline=pal.BORDER, width=2)
            _ftext(c, box.x + 8, box.y + 22, name, box.w - 16)
            machine = int(f.get("machine", 0))
            my = box.y2 - 24
            if machine:
                c.piece(box.x + 38, my, 58, 38, fill=pal.INK, letter=f"+{machine}", shape="square", outline=pal.INK,
                        size=FOCUS_TEXT)
            else:
                c.piece(box.x + 38, my, 58, 38, fill=pal.PANEL, letter="M", shape="square", outline=pal.MUTED,
                        outline_w=1, letter_fill=pal.MUTED, size=FOCUS_TEXT)
            stored = int(f.get("stored", 0))
            _ftext(c, box.x2 - 10, my, f"{stored}/{rec.storage}", box.w - 90, fill=pal.INK if stored else pal.MUTED,
                   anchor="rm")
        if g == goods:
            outline_focus(c, box, 5)
    below = Rect(r.x + 6, grid.y2 + 8, r.w - 12, r.y2 - grid.y2 - 8)
    if tile and tile in t.factories and below.h >= pitch:
        _fwrap(c, below, f"{tile}: {_t('factory bonus', t.factory(tile).text)}", max_lines=max(1, below.h // pitch))


def _focus_transport(c: Canvas, r: Rect, view: dict[str, Any], region: str, seat: int | None, kind: str) -> None:
    """A region's train/ship spaces with their pieces (the new one outlined) and every player's
    influence there."""
    t = tables()
    players = view.get("players") or []
    cap = t.count(len(players) if 2 <= len(players) <= 4 else 2).transport_spaces
    pieces = (view.get("transport") or {}).get(region) or []
    slots = Rect(r.x + 6, r.y + 6, r.w - 12, 104).columns(cap, gap=6)
    new = max((i for i, x in enumerate(pieces) if x.get("seat") == seat and x.get("kind") == kind), default=None)
    for i, box in enumerate(slots):
        c.draw.rounded_rectangle(Rect(box.x, box.y, box.w, 62).box, radius=6, outline=pal.GRID, width=1)
        if i >= len(pieces):
            continue
        piece = pieces[i]
        colour = _colour_of(view, int(piece["seat"]))
        transport_piece(c, str(piece["kind"]), box.cx, box.y + 31, box.w - 6, 52, player_rgb(colour),
                        player_letter(colour), FOCUS_TEXT)
        value = int(piece["value"])
        _ftext(c, box.cx, box.y2 - 18, f"+{value}" if piece["kind"] == "train" else str(value), box.w, anchor="mm")
        if i == new:
            outline_focus(c, Rect(box.x - 2, box.y - 2, box.w + 4, box.h + 4), 4)
    y = r.y + 6 + 104 + 12
    if r.y2 - y >= 52:
        _focus_influence(c, Rect(r.x + 6, y, r.w - 12, 52), view, region)


def _focus_influence(c: Canvas, row: Rect, view: dict[str, Any], region: str) -> None:
    """Every player's influence in ``region`` (a tile in their colour and the number)."""
    values = (view.get("influence") or {}).get(region) or []
    x = row.x
    for s in range(len(view.get("players") or [])):
        _ftile(c, view, x + 28, row.cy, s, 56, 42)
        x += 64
        x += c.text(x, row.cy, str(values[s] if s < len(values) else 0), size=FOCUS_TEXT, style="bold", anchor="lm") + 22
    foreign = (view.get("foreign") or {}).get(region)
    if foreign is not None and row.x2 - x > 60:
        _ftext(c, x, row.cy, _("foreign {n}", n=foreign), row.x2 - x, style="regular", fill=pal.MUTED)


def _focus_cities(c: Canvas, r: Rect, view: dict[str, Any], city_id: str, side: str) -> None:
    """Both cities of the touched city's region: the good demanded at each influence space (tinted
    by goods level), the tiles on them (``Pu5``) or the printed foreign number; the touched space
    (or city) outlined; every player's influence below when there is room."""
    t = tables()
    region = t.city_by_id[city_id].region
    views = {x["id"]: x for x in view.get("cities") or []}
    cities = [x for x in t.cities if x.region == region]
    rows_h = min(46, (r.h - 12 - 44) // 4)
    boxes = Rect(r.x + 6, r.y + 6, r.w - 12, 44 + 4 * rows_h).columns(len(cities), gap=14)
    for city, box in zip(cities, boxes):
        cv = views.get(city.id) or {}
        slots = cv.get("slots") or [None] * 4
        tile = cv.get("tile")
        head = Rect(box.x, box.y, box.w, 42)
        c.rect(head, fill=pal.PANEL_ALT, outline=pal.BORDER)
        _ftext(c, head.x + 8, head.cy, _("City {city}", city=city.id), head.w - 16)
        for i, k in enumerate(SIDES):
            cell = Rect(box.x, box.y + 44 + i * rows_h, box.w, rows_h - 2)
            right = Rect(cell.x2 - 86, cell.y, 86, cell.h)
            c.rect(cell, fill=pal.PANEL, outline=pal.GRID)
            if tile in t.city_tiles:
                g = t.city_tiles[tile][(i - int(cv.get("rotation", 0))) % 4]
                c.rect(Rect(cell.x + 1, cell.y + 1, cell.w - right.w - 1, cell.h - 2), fill=LEVEL_TINT[t.goods[g].level])
                name, room = goods_name(g), cell.w - right.w - 48
                if text_width(name, FOCUS_TEXT, "condensed_bold") > room:
                    name = goods_short(g)
                _ftext(c, cell.x + 40, cell.cy, name, room, style="condensed_bold")
            _ftext(c, cell.x + 8, cell.cy, k, 30, style="regular", fill=pal.MUTED)
            occ = slots[i] if i < len(slots) else None
            if occ is None:
                printed = city.printed[i]
                _ftext(c, right.cx, right.cy, f"({printed})" if printed else "–", right.w, style="regular",
                       fill=pal.MUTED, anchor="mm")
            else:
                s, value = int(occ[0]), int(occ[1])
                _ftile(c, view, right.cx, right.cy, s, right.w - 8, cell.h - 6,
                       text=f"{player_letter(_colour_of(view, s))}{value}")
            if city.id == city_id and side == k:
                outline_focus(c, Rect(cell.x - 1, cell.y - 1, cell.w + 2, cell.h + 2), 4)
        if city.id == city_id and not side:
            outline_focus(c, box, 4)
    y = boxes[0].y2 + 12
    if r.y2 - y >= 50:
        _focus_influence(c, Rect(r.x + 6, y, r.w - 12, 50), view, region)


def _focus_contracts(c: Canvas, r: Rect, view: dict[str, Any], seat: int, cid: str) -> None:
    """The player's eight contracts (fulfilled ones grey and struck through), the touched one
    outlined; below, what it asked and gave."""
    t = tables()
    p = view["players"][seat]
    done = set(p.get("contracts_done") or [])
    tiles = Rect(r.x + 6, r.y + 6, r.w - 12, 60).columns(len(t.contract_ids), gap=8)
    for k, box in zip(t.contract_ids, tiles):
        if k in done:
            c.rect(box, fill=pal.UNAVAILABLE, outline=pal.GRID)
            _ftext(c, box.cx, box.cy, k, box.w - 4, style="condensed", fill=pal.MUTED, anchor="mm")
            c.line([(box.x + 5, box.y2 - 8), (box.x2 - 6, box.y + 7)], fill=pal.INK, width=3)
        else:
            c.rect(box, fill=pal.PANEL, outline=pal.BORDER, width=2)
            _ftext(c, box.cx, box.cy, k, box.w - 4, anchor="mm")
        if k == cid:
            outline_focus(c, box, 5)
    con = t.contracts[cid]
    text = _("{id}: {goods} → {bonus}, money +{steps}", id=con.id, goods="+".join(str(x) for x in con.requires),
             bonus=bonus_words(con.bonus.kind(), con.bonus.value()), steps=con.money_steps)
    below = Rect(r.x + 6, r.y + 6 + 60 + 16, r.w - 12, r.y2 - (r.y + 82))
    if below.h >= FOCUS_TEXT + 8:
        _fwrap(c, below, text, max_lines=max(1, min(2, below.h // (FOCUS_TEXT + 8))), style="bold")


def _focus_rewards(c: Canvas, r: Rect, view: dict[str, Any], key: str) -> None:
    """The Emperor's reward area: tiles left per multiplier and bonus, the touched stack outlined."""
    t = tables()
    stacks = view.get("rewards") or {}
    labels = {kind: bonus_words(kind, t.reward_bonus[(t.multipliers[0], kind)].value()) for kind in t.reward_kinds}
    label_w = min(230, max(text_width(x, FOCUS_TEXT, "regular") for x in labels.values()) + 16)
    cell_w = (r.w - 12 - label_w) // len(t.multipliers)
    row_h = min(52, (r.h - 12 - 40) // len(t.reward_kinds))
    for i, mult in enumerate(t.multipliers):
        _ftext(c, r.x + 6 + label_w + i * cell_w + cell_w / 2, r.y + 24, f"{mult}x", cell_w, anchor="mm")
    for j, kind in enumerate(t.reward_kinds):
        y = r.y + 6 + 40 + j * row_h
        _ftext(c, r.x + 8, y + row_h / 2, labels[kind], label_w - 12, style="regular")
        for i, mult in enumerate(t.multipliers):
            cell = Rect(r.x + 6 + label_w + i * cell_w, y, cell_w - 8, row_h - 6)
            n = int(stacks.get(f"{mult}:{kind}", 0))
            c.draw.rounded_rectangle(cell.box, radius=6, fill=pal.PANEL_ALT if n else pal.PANEL, outline=pal.GRID)
            _ftext(c, cell.cx, cell.cy, str(n), cell.w, style="bold" if n else "regular",
                   fill=pal.INK if n else pal.MUTED, anchor="mm")
            if f"{mult}:{kind}" == key:
                outline_focus(c, cell, 5)


def _focus_achievements(c: Canvas, r: Rect, view: dict[str, Any], seat: int, aid: str) -> None:
    """The player's nine achievement spaces (multiplier of the tile on each, printed 1x, or –), the
    touched one outlined; below, what it counts."""
    t = tables()
    p = view["players"][seat]
    rgb = player_rgb(_colour_of(view, seat))
    achieved = p.get("achievements") or {}
    pitch = FOCUS_TEXT + 8
    caption = f"{aid}: {_t('achievement', t.achievements[aid].text)}" if aid in t.achievements else ""
    lines = 0 if not caption else 1 if text_width(caption, FOCUS_TEXT, "condensed") <= r.w - 12 else 2
    cell_h = max(44, min(52, (r.h - 18 - lines * pitch) // 3))
    grid = Rect(r.x + 6, r.y + 6, r.w - 12, cell_h * 3)
    cols = grid.columns(3, gap=8)
    for k, a in enumerate(t.achievement_ids):
        col = cols[k % 3]
        cell = Rect(col.x, grid.y + (k // 3) * cell_h, col.w, cell_h - 6)
        mult = achieved.get(a)
        printed = t.achievements[a].printed_1x
        if mult:
            c.rect(cell, fill=pal.tint(rgb, 0.55), outline=pal.BORDER, width=2)
            value, style = f"{mult}x", "bold"
        else:
            c.rect(cell, fill=pal.PANEL_ALT if printed else pal.PANEL, outline=pal.GRID)
            value, style = ("1x" if printed else "–"), "regular"
        _ftext(c, cell.x + 10, cell.cy, a, 60)
        _ftext(c, cell.x2 - 10, cell.cy, value, cell.w - 80, style=style, anchor="rm",
               fill=pal.INK if mult or printed else pal.MUTED)
        if a == aid:
            outline_focus(c, cell, 5)
    below = Rect(r.x + 6, grid.y2 + 2, r.w - 12, r.y2 - grid.y2 - 2)
    if caption and below.h >= pitch:
        _fwrap(c, below, caption, max_lines=min(lines, below.h // pitch))


def _consolidation_steps(view: dict[str, Any], seat: int, events: list[dict[str, Any]]) -> list[tuple[str, str]]:
    """The three steps of a consolidation and what each gave, as ``(step, result)``: the income
    (money and coal reset to the tracks), the Emperor's reward, the wages of the worker colours."""
    t = tables()
    p = view["players"][seat]
    mine = {e.get("kind"): _data(e) for e in events if e.get("seat") == seat}
    income = mine.get("income")
    if income is not None:
        got = [yen(int(income.get("money", 0))), bonus_words("coal", int(income.get("coal", 0)))]
    else:
        got = [yen(p.get("money", 0)), bonus_words("coal", int(p.get("coal", 0)))]
    d = view.get("decision") or {}
    reward = mine.get("reward") or {}
    if d.get("seat") == seat and d.get("kind") == "reward":
        level = t.worker_levels.get(len(p.get("workers") or [])) or 0
        # i18n: consolidation picture: the Emperor's reward tile the player now chooses (multiplier or lower).
        gift = _("a tile up to {level}x: to choose", level=level)
    elif "multiplier" in reward and "bonus" not in reward:
        gift = _("a 2x VP multiplier tile")
    elif "bonus" in reward:
        gift = bonus_words(str(reward["bonus"]), t.reward_bonus[(int(reward["multiplier"]), str(reward["bonus"]))].value())
    elif income is not None and int(mine.get("consolidate", {}).get("workers", 0)) < t.n["emperor_min_workers"]:
        # i18n: consolidation picture: no Emperor's reward (it needs 3 workers or more).
        gift = _("none: fewer than 3 workers")
    else:
        gift = _("none")
    payday = mine.get("payday")
    if payday is not None:
        wages = "−" + yen(int(payday.get("paid", 0)))
        if int(payday.get("lost_vp", 0)):
            wages += " · −" + str(tr(amount("vp", int(payday["lost_vp"]))))
    elif d.get("seat") == seat and d.get("kind") in ("reward", "place"):
        due = len(set(p.get("workers") or [])) * t.n["payday_per_colour"]
        # i18n: consolidation picture: the wages still to pay once the reward tile is placed.
        wages = _("{money} to pay", money=yen(due))
    else:
        wages = "−" + yen(0)
    return [(_("1 Income"), " · ".join(got)), (_("2 Emperor's reward"), gift), (_("3 Wages"), wages)]


def _consolidation_rows(steps: list[tuple[str, str]], width: int) -> tuple[int, list[int]]:
    """``(width of the step column, lines of each row)`` of the consolidation drawing ``width`` px
    wide (a step or its result takes a second line when one line is too short even condensed)."""
    head_w = min((width - 24) * 9 // 20, max(text_width(h, FOCUS_TEXT, "bold") for h, _v in steps) + 24)
    room = width - 24 - head_w

    def lines(text: str, w: int, style: str) -> int:
        return 1 if text_width(text, FOCUS_TEXT, CONDENSED[style]) <= w else 2

    return head_w, [max(lines(h, head_w - 12, "bold"), lines(v, room, "regular")) for h, v in steps]


def _focus_consolidation(c: Canvas, r: Rect, steps: list[tuple[str, str]]) -> None:
    """A consolidation: each step (:func:`_consolidation_steps`) beside its result."""
    pitch = FOCUS_TEXT + 8
    head_w, lines = _consolidation_rows(steps, r.w)
    room = r.w - 24 - head_w
    y = r.y + 8
    for i, ((head, text), n) in enumerate(zip(steps, lines)):
        row = Rect(r.x + 6, y, r.w - 12, n * pitch + 8)
        c.rect(row, fill=pal.PANEL_ALT if i % 2 == 0 else pal.PANEL, outline=pal.GRID)
        _fwrap(c, Rect(row.x + 8, row.y + 4, head_w - 12, n * pitch), head, max_lines=n, style="bold")
        _fwrap(c, Rect(row.x + head_w, row.y + 4, room, n * pitch), text, max_lines=n)
        y += row.h + 4
    outline_focus(c, Rect(r.x + 3, r.y + 3, r.w - 6, y - r.y), 3)


def _focus_scoring(c: Canvas, r: Rect, view: dict[str, Any], number: int) -> None:
    """A scoring's result: per region, the VP each player won (ships included), best first."""
    t = tables()
    log = next((x for x in view.get("scoring_log") or [] if int(x.get("scoring", 0)) == number), None)
    if log is None:
        return
    cols = Rect(r.x + 6, r.y + 6, r.w - 12, r.h - 12).columns(len(t.regions), gap=10)
    for region, box in zip(t.regions, cols):
        rec = (log.get("regions") or {}).get(region.id) or {}
        won: dict[int, int] = {}
        for s, vp in list((rec.get("awards") or {}).items()) + list((rec.get("ships") or {}).items()):
            if int(s) >= 0:
                won[int(s)] = won.get(int(s), 0) + int(vp)
        c.rect(box, fill=pal.PANEL_ALT, outline=pal.GRID)
        head = Rect(box.x, box.y, box.w, 40)
        c.rect(head, fill=pal.TITLE_BAR)
        _ftext(c, head.cx, head.cy, _t("region", region.name), head.w - 8, fill=pal.TITLE_TEXT, anchor="mm")
        y = head.y2 + 8
        rows = sorted(((s, vp) for s, vp in won.items() if vp), key=lambda x: -x[1])
        if not rows:
            _ftext(c, box.cx, y + 22, "–", box.w, style="regular", fill=pal.MUTED, anchor="mm")
        for s, vp in rows:
            if y + 44 > box.y2:
                break
            _ftile(c, view, box.x + 34, y + 22, s, 52, 38)
            _ftext(c, box.x2 - 10, y + 22, f"+{vp}", box.w - 72, anchor="rm")
            y += 46
    outline_focus(c, Rect(r.x + 4, r.y + 4, r.w - 8, r.h - 8), 3)


def _focus_marker(c: Canvas, r: Rect, view: dict[str, Any]) -> None:
    """The scoring track: its spaces (golden ones gold), the scoring symbols, the marker outlined."""
    t = tables()
    marker = min(max(int(view.get("marker", 0)), 0), len(t.track_spaces) - 1)
    n = len(t.track_spaces)
    symbols = sum(1 for s in t.track_spaces if s.scoring) + 1
    size = min(64, (r.w - 12 - symbols * 34) // n)
    x = r.x + 6
    y = r.y + 6 + 40
    for s, space in enumerate(t.track_spaces):
        if s and space.scoring:
            _scoring_symbol_big(c, x + 16, y, space.scoring)
            x += 34
        cell = Rect(x, round(y - size / 2), size, size)
        here = s == marker
        c.rect(cell, fill=pal.HIGHLIGHT if here else pal.THRESHOLD if space.golden else pal.NORMAL_ROUND,
               outline=pal.INK if here else pal.BORDER, width=3 if here else 1)
        _ftext(c, cell.cx, cell.cy, str(s + 1), size, fill=pal.INK if here or space.golden else pal.TITLE_TEXT,
               anchor="mm")
        if here:
            outline_focus(c, cell, 4)
        x += size
    _scoring_symbol_big(c, x + 18, y, len(t.scoring_values))
    below = Rect(r.x + 6, y + size / 2 + 14, r.w - 12, r.y2 - (y + size / 2 + 14))
    done = int(view.get("scorings", 0))
    if done < len(t.scoring_values) and below.h >= FOCUS_TEXT + 8:
        values = _ordinal_values(t.scoring_values[done + 1])
        _fwrap(c, below, _("Next: scoring {n}, {values} VP (1st · 2nd · 3rd)", n=done + 1, values=values), max_lines=1)


def _scoring_symbol_big(c: Canvas, x: float, y: float, n: int) -> None:
    c.piece(x, y, 34, 48, fill=pal.INK, letter=str(n), shape="diamond", outline=pal.INK, outline_w=1,
            size=FOCUS_TEXT)


# -- the final-score picture ---------------------------------------------------------------------


def final_rows(view: dict[str, Any]) -> list[tuple[str, list[int]]]:
    """The final scoring step by step as ``(label, VP per seat)``, in the current language.

    The VP of the game without the scorings, each scoring (regions and ships), the final wages
    (−2 VP per unpaid worker colour) and the nine achievements (base VP × the tile on the space);
    the rows of a seat sum to its final VP. Empty before the end of the game.
    """
    t = tables()
    players = view.get("players") or []
    scores = view.get("scores") or {}
    if not view.get("over") or not scores:
        return []
    n = len(players)
    scorings: dict[int, list[int]] = {}
    for rec in view.get("scoring_log") or []:
        row = scorings.setdefault(int(rec.get("scoring", 0)), [0] * n)
        for region in (rec.get("regions") or {}).values():
            for part in ("awards", "ships"):
                for s, vp in (region.get(part) or {}).items():
                    if 0 <= int(s) < n:
                        row[int(s)] += int(vp)
    def score(s: int) -> dict[str, Any]:
        return scores.get(str(s)) or {}
    in_game = [int(score(s).get("in_game", players[s].get("vp", 0))) for s in range(n)]
    scored = [sum(row[s] for row in scorings.values()) for s in range(n)]
    # i18n: final-score rows: VP won outside the scorings (start VP, bonuses, rewards, minus wages).
    rows = [(_("VP during the game"), [in_game[s] - scored[s] for s in range(n)])]
    for number in sorted(scorings):
        # i18n: final-score row: the VP of a regional scoring (influence places and ships).
        rows.append((_("Scoring {n}", n=number), scorings[number]))
    # i18n: final-score row: VP lost at the final payday (−2 VP per worker colour not paid).
    rows.append((_("Final wages"), [int(score(s).get("payday_vp", 0)) for s in range(n)]))
    for aid in t.achievement_ids:
        label = f"{aid} {tr(ACHIEVEMENT_LABEL[t.achievements[aid].measure])}"
        rows.append((label, [int((score(s).get("achievements") or {}).get(aid, 0)) for s in range(n)]))
    return rows


def winner(view: dict[str, Any]) -> tuple[int | None, bool]:
    """``(seat of the winner, decided by the tie-break)``: most VP; among tied players the one
    who took the last turn (Podliczanie Punktów, remis)."""
    players = view.get("players") or []
    if not players:
        return None, False
    best = max(int(p.get("vp", 0)) for p in players)
    tied = [s for s, p in enumerate(players) if int(p.get("vp", 0)) == best]
    seat = max(tied, key=lambda s: int(players[s].get("last_turn", -1)))
    return seat, len(tied) > 1


def final_card(view: dict[str, Any]) -> ScoreCard:
    """The facts of the final-score picture of a finished game's ``view``, in the current language:
    a row per step of the final scoring (:func:`final_rows`), the totals, the winner and, when
    VP were tied, the tie-break that decided."""
    players = view.get("players") or []
    chips = [chip(view, s) for s in range(len(players))]
    totals = [int(p.get("vp", 0)) for p in players]
    seat, tie = winner(view)
    headline = _("{name} wins with {vp} VP", name=chips[seat].name, vp=totals[seat]) if seat is not None else ""
    tie_break = ""
    if tie and seat is not None:
        others = [chips[s].name for s, p in enumerate(players) if s != seat and totals[s] == totals[seat]]
        # i18n: the tie-break of the rules (Podliczanie Punktów): the tied player who took the last turn wins.
        tie_break = _("Tied at {vp} VP with {others}: {name} wins as the tied player who took the last turn.",
                      vp=totals[seat], others=", ".join(others), name=chips[seat].name)
    # i18n: a note under the headline of the final-score picture.
    notes = [_("Achievements: base VP × the multiplier of their tile.")]
    return ScoreCard(title=GAME_TITLE, players=chips, rows=final_rows(view), totals=totals,
                     winners=[seat] if seat is not None else [], headline=headline, tie_break=tie_break,
                     notes=notes, score_label=_("VP"))
