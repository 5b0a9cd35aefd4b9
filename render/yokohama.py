"""Board picture of Yokohama: ``render(view) -> PNG bytes``, ``alt_text(view) -> str`` and
``summary(view) -> str``.

The input is the JSON-ready dict of ``engine.yokohama.GAME.view(state, seat)``; component data
(building tiles' shop and trading-house rewards, 5-power tokens, technologies, orders, Church and
Customs House spaces, Laboratory surcharges, achievements) comes from
:func:`engine.yokohama.tables.tables`. The picture is our own schematic drawing, :data:`WIDTH`
pixels wide, top to bottom:

* header — the round (the final round once the end is triggered, or game over) and whose decision
  it is, with the prompt on their colour (random events in grey; the result at the end);
* the map: the area boards in the inverted-triangle brick layout of the player count (rows of
  4/3/2/1, 5/4/3/2 or 6/5/4/3 boards, each row centred under the one above), with the paths
  between adjacent boards; on each board its name, every player's assistants (circles with the
  player's letter and their count), the building tile's shop spaces (squares) and trading-house
  space (house outline) with their owner's piece or their reward, the 5-power token while it is
  there, the station token and the presidents (diamonds). The Canal is water, crossed for a fee.
  The Church and Customs House boards fill the map's lower corners: faith or imported goods per
  space, its reward and the piece on it (the 2-player neutral pieces grey ``N``);
* the Port boards (face-up orders: id, level, country, goods → reward) and the Laboratory boards
  (technologies: surcharge of the space, name, production value, country);
* the achievements in play (condition, VP for the first / later players, who has fulfilled them),
  the foreign agents left per country, the decks and (module) the reward tokens;
* one panel per player: VP, yen, goods, imported goods; pieces in hand and in the warehouse; the
  president; agents (face up / used) and free agents; technologies; symbols per country; 5-power
  tokens, achievements and reward token; fulfilled orders; orders in hand — the card faces only in
  that player's own view (``view["viewer"]``), otherwise only how many (a hand is hidden
  information; no other seat's order id is ever drawn or written); the final score breakdown once
  the game is over;
* a legend (shapes, player letters, abbreviations).

Every word is drawn in the current language (:func:`engine.core.i18n.current`, set by the caller
with ``with language(lang):``) through the ``yokohama`` message domain (``_``/``_n``/``_t``); data
names through their terms; engine prompts through :func:`engine.core.i18n.tr`. Bounded labels are
fitted to their box (condensed, smaller, only then cut; see :mod:`render.core.draw`). What does not
depend on the position (frames, titles, paths, Church and Customs spaces, legend) is drawn once per
player count, colours and language into a cached static layer.
"""

from __future__ import annotations

import threading
from collections import Counter
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from PIL import Image, ImageDraw

from engine.core.i18n import tr
from engine.yokohama.tables import tables
from engine.yokohama.words import (
    AREA_NAMES,
    COUNTRY_NAMES,
    DOMAIN,
    GOODS_NAMES,
    LEVEL_NAMES,
    TECH_NAMES,
    T,
    _,
    _n,
    _t,
    amount,
)
from render.core import (
    MIN_TEXT,
    Canvas,
    LayerCache,
    Layout,
    Rect,
    clear_caches,
    fit_text,
    png_bytes,
    text_width,
)
from render.core import palette as pal
from render.core.templates import layer_key, rich
from render.core.widgets import Marker, badge, fitted_width, legend, player_header, prompt_box

#: Picture width in pixels.
WIDTH = 1400
#: PNG compression level (1–3 keeps encoding fast; ``optimize`` is never used).
PNG_COMPRESS_LEVEL = 1
#: Discord's limit for a file description (the alt text).
ALT_TEXT_LIMIT = 1000

M = 10  # outer margin
G = 10  # gap between panels
TITLE_H = 28
LINE = 26  # text line pitch in the player panels
HEADER_H = 54
BOARD_H = 152  # an area board of the map
GAP_X, GAP_Y = 20, 20  # gaps between area boards (the paths cross them)
MAP_PAD = 8
MGMT_H = TITLE_H + 6 + 4 * 50 + 6  # a Port or Laboratory panel
ORDER_ROW = 50  # a Port's order space (two lines)
ACH_H = TITLE_H + 8 + 26 + 4 * 22 + 8
PLAYER_H = 36 + 8 + 9 * LINE + 6
LEGEND_LINE = 24
NAME_ROOM = 130
GAME_TITLE = "Yokohama"  # the game's name: the same in every language
GOODS = ("copper", "silk", "tea", "fish")
COUNTRIES = ("us", "nl", "uk", "fr", "de")
NEUTRAL = -2

#: Player colours of the game (blue, pink, purple, yellow) as colour-blind-safe hues.
PLAYER_RGB: dict[str, pal.RGB] = {
    "blue": pal.OKABE_ITO["blue"],
    "pink": pal.OKABE_ITO["reddish_purple"],
    "purple": pal.PLAYER_COLOURS["purple"],
    "yellow": pal.OKABE_ITO["yellow"],
}
#: Letters on the players' pieces: pink is P, so purple takes U.
PLAYER_LETTERS: dict[str, str] = {"blue": "B", "pink": "P", "purple": "U", "yellow": "Y"}
NEUTRAL_RGB: pal.RGB = (150, 150, 150)
NEUTRAL_LETTER = "N"

LAND: pal.RGB = (233, 228, 214)  # the map's background
PATH: pal.RGB = (176, 150, 104)  # paths between adjacent boards
WATER: pal.RGB = (168, 212, 238)  # the Canal
WAVE: pal.RGB = (70, 140, 190)
TOKEN_GOLD: pal.RGB = (255, 210, 90)
CATEGORY_TINT: dict[str, pal.RGB] = {"production": (214, 236, 204), "commercial": (220, 228, 244),
                                     "none": WATER}
LEVEL_TINT: dict[str, pal.RGB] = {"low": (250, 246, 228), "mid": (236, 244, 250), "high": (248, 234, 240)}

# i18n: reward icons, printed right after a number ("2VP", "3¥", "1C") on the map and the boards;
# one to four letters each (about 35 px). The legend explains them.
ICON_SHORT = {
    "vp": T("icon", "VP"), "yen": T("icon", "¥"), "copper": T("icon", "C"), "silk": T("icon", "S"),
    "tea": T("icon", "T"), "fish": T("icon", "F"), "ig": T("icon", "IG"), "any_good": T("icon", "any"),
    "moves": T("icon", "mv"), "wh_assistant": T("icon", "asst"), "wh_shop": T("icon", "shop"),
    "free_agent": T("icon", "FA"),
}
# i18n: a country symbol in two or three letters (orders, technologies, agents; about 30 px).
COUNTRY_SHORT = {"us": T("country code", "US"), "nl": T("country code", "NL"), "uk": T("country code", "UK"),
                 "fr": T("country code", "FR"), "de": T("country code", "DE")}
# i18n: an area's name in one short word, used on a map board only where the full name does not fit
# (about 190 px with the copy number "(2)").
AREA_SHORT = {
    "copper_mine": T("area short", "Copper"), "fishery": T("area short", "Fishery"),
    "silk_mill": T("area short", "Silk"), "tea_plantation": T("area short", "Tea"), "bank": T("area short", "Bank"),
    "chinatown": T("area short", "Chinatown"), "church": T("area short", "Church"),
    "customs_house": T("area short", "Customs"), "employment_agency": T("area short", "Agency"),
    "laboratory_a": T("area short", "Lab A"), "laboratory_b": T("area short", "Lab B"),
    "port_a": T("area short", "Port A"), "port_b": T("area short", "Port B"), "canal": T("area short", "Canal"),
}
# i18n: the letters on the station token of the map (one or two letters).
STATION_LETTER = T("token", "St")

_LAYERS = LayerCache(maxsize=12)  # per player count, colours and language
_MAPS = LayerCache(maxsize=32)  # the same with a game's area boards and building tiles
_SPRITE_LOCK = threading.Lock()


# ------------------------------------------------------------------------------------------------
# Names, colours, small texts
# ------------------------------------------------------------------------------------------------


def player_rgb(colour: str) -> pal.RGB:
    """Drawable colour of a player colour name (unknown: mid grey)."""
    return PLAYER_RGB.get(colour, (128, 128, 128))


def player_letter(colour: str) -> str:
    """The letter printed on a player's pieces (``U`` for purple)."""
    return PLAYER_LETTERS.get(colour, colour[:1].upper() or "?")


def player_name(colour: str) -> str:
    """A player's colour as their name in the current language (``"purple"`` -> ``"Purple"``)."""
    return _t("player", str(colour).capitalize())


def _colour_of(view: dict[str, Any], seat: int) -> str:
    players = view.get("players") or []
    return str(players[seat]["colour"]) if 0 <= seat < len(players) else "?"


def seat_piece(view: dict[str, Any], seat: int | None) -> tuple[pal.RGB, str]:
    """``(colour, letter)`` of a seat's pieces (the neutral pieces of the 2-player mode: grey ``N``)."""
    if seat is None or seat < 0:
        return NEUTRAL_RGB, NEUTRAL_LETTER
    colour = _colour_of(view, seat)
    return player_rgb(colour), player_letter(colour)


def icon(kind: str) -> str:
    """A reward icon's abbreviation in the current language."""
    term = ICON_SHORT.get(kind)
    return str(tr(term)) if term is not None else kind


def short_items(reward: dict[str, int]) -> list[str]:
    """A reward (``{icon: n}``) as short items (``["2VP", "1mv"]``)."""
    return [f"{int(n)}{icon(k)}" for k, n in reward.items() if n]


def short_reward(reward: dict[str, int]) -> str:
    """A reward in one short line (``"2VP 1mv"``; ``"–"`` when empty)."""
    return " ".join(short_items(reward)) or "–"


def country_code(country: str) -> str:
    """A country symbol's short code in the current language (``uk`` -> ``UK``)."""
    term = COUNTRY_SHORT.get(country)
    return str(tr(term)) if term is not None else country.upper()


def area_title(area: str, room: int | None = None, style: str = "bold") -> str:
    """A board's name with its copy where two copies exist (``copper2`` -> ``Copper Mine (2)``);
    its short name (``Copper (2)``) when the full one does not fit ``room`` pixels in ``style``."""
    t = tables()
    rec = t.areas.get(area)
    if rec is None:
        return area
    out = ""
    for names in (AREA_NAMES, AREA_SHORT):
        name = str(tr(names[rec.kind]))
        out = _("{area} ({copy})", area=name, copy=int(area[-1])) if area[-1].isdigit() else name
        if room is None or not fit_text(out, room, MIN_TEXT, style).truncated:
            break
    return out


def tech_name(card: str) -> str:
    """A technology card's name in the current language."""
    rec = tables().techs.get(card)
    return str(tr(TECH_NAMES[rec.name])) if rec is not None else card


def order_goods_short(order: str) -> str:
    """An order's goods in short (``"2F 1T"``)."""
    return short_reward(tables().order_goods.get(order, {}))


def order_line(order: str) -> str:
    """An order card in one line: ``L12 · low · UK: 2F 1T → 3VP 1¥``."""
    t = tables()
    o = t.orders.get(order)
    if o is None:
        return order
    # i18n: an order card in one line: id, level, country code, goods it needs → its reward.
    return _("{id} · {level} · {country}: {goods} → {reward}", id=order, level=tr(LEVEL_NAMES[o.level]),
             country=country_code(o.country), goods=order_goods_short(order),
             reward=short_reward(t.order_reward[order]))


def yen(n: int) -> str:
    """An amount of yen in words (``3`` -> ``3 yen``)."""
    return str(tr(amount("yen", int(n))))


def _decision(view: dict[str, Any]) -> tuple[int | None, str, Any]:
    """``(seat, kind, prompt)`` of the view; the prompt may be an engine Msg."""
    d = view.get("decision") or {}
    prompt = d.get("prompt")
    return d.get("seat"), str(d.get("kind", "")), "" if prompt is None else prompt


def ranking(view: dict[str, Any]) -> list[tuple[str, int]]:
    """``(name, VP)`` best first; a tie goes to the earlier player in turn order from the start player."""
    players = view.get("players") or []
    n = max(1, len(players))
    start = int(view.get("start_player", 0))
    rows = sorted(players, key=lambda p: (-int(p.get("vp", 0)), (int(p.get("seat", 0)) - start) % n))
    return [(player_name(p["colour"]), int(p.get("vp", 0))) for p in rows]


def result_line(view: dict[str, Any]) -> str:
    """``Blue wins with 118 VP · Pink 101, Purple 75`` (empty without players)."""
    order = ranking(view)
    if not order:
        return ""
    (name, vp), rest = order[0], order[1:]
    if not rest:
        return _("{name} wins with {vp} VP", name=name, vp=vp)
    others = ", ".join(f"{n} {v}" for n, v in rest)
    return _("{name} wins with {vp} VP · {others}", name=name, vp=vp, others=others)


def status(view: dict[str, Any]) -> str:
    """The header's status: set-up, the round (and the last one once the end is triggered), game over."""
    if view.get("over"):
        return _("Game over")
    if not view.get("turn_no"):
        return _("Set-up")
    n = int(view.get("rounds", 0)) + 1
    final = view.get("final_round")
    if final is not None:
        last = int(final) + 1
        if n >= last:
            return _("Round {n} · final round", n=n)
        return _("Round {n} · end triggered, last round {last}", n=n, last=last)
    return _("Round {n}", n=n)


def _random_event(prompt: Any) -> str:
    """A chance decision's prompt as a line (the engine's prompts already say "Random event: …")."""
    if str(prompt).lower().startswith("random event"):  # the English text of a Msg
        return str(tr(prompt))
    return _("Random event: {what}", what=tr(prompt))


def hand_orders(view: dict[str, Any], seat: int) -> list[str]:
    """The order cards of ``seat``'s hand drawn in this view: only in that player's own view."""
    if view.get("viewer") != seat:
        return []
    players = view.get("players") or []
    return [str(o) for o in (players[seat].get("orders") or [])] if 0 <= seat < len(players) else []


def dealt_orders(view: dict[str, Any], seat: int) -> list[str]:
    """The orders dealt to ``seat`` and not yet kept (set-up): only in that player's own view."""
    if view.get("viewer") != seat:
        return []
    return [str(o) for o in (view.get("dealt") or [])]


def orders_in_hand(p: dict[str, Any]) -> int:
    """How many order cards a player holds (the view keeps the count for every seat)."""
    return int(p.get("orders_in_hand", len(p.get("orders") or [])))


def country_symbols(p: dict[str, Any]) -> Counter[str]:
    """Country symbols a player holds: technologies, fulfilled orders, the reward token."""
    t = tables()
    c: Counter[str] = Counter()
    for card in p.get("technologies") or []:
        if card in t.techs:
            c[t.techs[card].country] += 1
    for o in p.get("fulfilled") or []:
        if o in t.orders:
            c[t.orders[o].country] += 1
    token = p.get("reward_token")
    if token in t.reward_tokens:
        c[t.reward_tokens[token]] += 1
    return c


def agents_face_up(p: dict[str, Any]) -> list[str]:
    """Foreign agents not used yet (face up), by country."""
    left = Counter(p.get("agents") or [])
    left.subtract(Counter(p.get("agents_used") or []))
    return [c for c in COUNTRIES for _k in range(max(0, left[c]))]


# ------------------------------------------------------------------------------------------------
# Pieces: a trading house (house outline), drawn 4x larger once, scaled down and cached
# ------------------------------------------------------------------------------------------------


@lru_cache(maxsize=256)
def _house_sprite(w: int, h: int, fill: pal.RGB, outline: pal.RGB, letter: str, letter_fill: pal.RGB,
                  outline_w: int) -> Image.Image:
    s = 4
    big = Image.new("RGBA", (w * s, h * s), (*fill, 0))
    d = ImageDraw.Draw(big)
    W, H = w * s - 1, h * s - 1
    roof = H * 0.38
    pts = [(W / 2, 0), (W, roof), (W, H), (0, H), (0, roof)]
    d.polygon(pts, fill=outline)
    o = outline_w * s * 1.2
    inner = [(W / 2, o * 1.4), (W - o, roof + o * 0.45), (W - o, H - o), (o, H - o), (o, roof + o * 0.45)]
    d.polygon(inner, fill=fill)
    sprite = big.resize((w, h), Image.Resampling.LANCZOS)
    if letter:
        Canvas(sprite).text(w / 2, h * 0.62, letter, style="condensed_bold", fill=letter_fill, anchor="mm",
                            max_width=w - 2)
    return sprite


def house_piece(c: Canvas, cx: float, cy: float, w: int, h: int, fill: pal.RGB, letter: str = "",
                outline: pal.RGB = pal.BORDER, outline_w: int = 2, letter_fill: pal.RGB | None = None) -> None:
    """A trading house (a house outline) centred at ``(cx, cy)`` with ``letter`` on it."""
    lf = pal.text_on(fill) if letter_fill is None else letter_fill
    with _SPRITE_LOCK:
        sprite = _house_sprite(w, h, fill, outline, letter, lf, outline_w)
    c.image.paste(sprite, (round(cx - w / 2), round(cy - h / 2)), sprite)


def _assistant(c: Canvas, view: dict[str, Any], x: float, y: float, seat: int | None, d: int = 24) -> None:
    rgb, letter = seat_piece(view, seat)
    c.piece(x, y, d, fill=rgb, letter=letter, shape="circle")


def _token(c: Canvas, x: float, y: float, d: int = 24, text: str = "5") -> None:
    """A 5-power token (a gold disc with a 5)."""
    c.piece(x, y, d, fill=TOKEN_GOLD, letter=text, shape="circle", outline=pal.INK, outline_w=1)


def _station(c: Canvas, x: float, y: float, w: int = 30, h: int = 22) -> None:
    """The station token (a black square with its letters)."""
    c.piece(x, y, w, h, fill=pal.INK, letter=str(tr(STATION_LETTER)), shape="square", outline=pal.INK)


def _agent(c: Canvas, x: float, y: float, country: str, used: bool = False, w: int = 34, h: int = 22) -> None:
    """A foreign agent token: its country code; grey when used (face down)."""
    if used:
        c.piece(x, y, w, h, fill=pal.UNAVAILABLE, letter=country_code(country), shape="square",
                outline=pal.GRID, outline_w=1, letter_fill=pal.MUTED)
    else:
        c.piece(x, y, w, h, fill=(250, 250, 250), letter=country_code(country), shape="square",
                outline=pal.INK, outline_w=2, letter_fill=pal.INK)


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
        return cls(min(max(len(players), 2), 4), tuple(str(p["colour"]) for p in players))

    def layout(self) -> Layout:
        """The :class:`Layout` of pictures of this shape."""
        return layout_for(self.players)


def management_boards(players: int) -> tuple[list[str], list[str]]:
    """``(ports, laboratories)``: the board ids with a Port / Laboratory board at ``players``."""
    t = tables()
    ports, labs = [], []
    for b in t.boards(players):
        kind = t.kind(b)
        if kind in t.effects and t.effects[kind].effect == "port":
            ports.append(b)
        elif kind in t.effects and t.effects[kind].effect == "laboratory":
            labs.append(b)
    return sorted(ports), sorted(labs)


def _board_w(players: int) -> int:
    rows = tables().layouts[players].rows
    return (WIDTH - 2 * M - 2 * MAP_PAD - (rows[0] - 1) * GAP_X) // rows[0]


def layout_for(players: int) -> Layout:
    """Geometry of the picture for 2–4 ``players``.

    Panels (non-overlapping, inside the picture): ``header``, ``map``, ``port:<id>``…, ``lab:<id>``…,
    ``achievements``, ``supply``, ``player:0``…, ``legend``. Parts: ``map/cell<i>`` per layout
    cell, ``map/church`` and ``map/customs`` (the lower corners of the map), ``church/<i>`` and
    ``customs/<i>`` per space, ``port:<id>/<i>``, ``lab:<id>/<i>`` per space, ``achievement/<i>``,
    and per seat ``player:<s>/header`` and ``player:<s>/line<k>``.
    """
    t = tables()
    players = min(max(int(players), 2), 4)
    lay_data = t.layouts[players]
    inner = WIDTH - 2 * M
    lay = Layout(WIDTH, 0)
    y = M
    lay.add("header", Rect(M, y, inner, HEADER_H))
    y += HEADER_H + G

    # The map: rows of boards, each row shifted by half a board.
    bw = _board_w(players)
    rows = lay_data.rows
    map_h = 2 * MAP_PAD + len(rows) * BOARD_H + (len(rows) - 1) * GAP_Y
    mp = lay.add("map", Rect(M, y, inner, map_h))
    x0 = mp.x + (mp.w - rows[0] * bw - (rows[0] - 1) * GAP_X) // 2
    for i, (r, col) in enumerate(lay_data.cells):
        x = x0 + r * (bw + GAP_X) // 2 + col * (bw + GAP_X)
        lay.part(f"map/cell{i}", Rect(x, mp.y + MAP_PAD + r * (BOARD_H + GAP_Y), bw, BOARD_H))
    # The lower corners (beside rows 2 and 3) hold the Church and Customs House boards.
    low = len(rows) - 2
    first = lay.parts[f"map/cell{sum(rows[:low])}"]
    cw = first.x - GAP_X - x0
    ch = 2 * BOARD_H + GAP_Y
    church = lay.part("map/church", Rect(x0, first.y, cw, ch))
    customs = lay.part("map/customs", Rect(mp.x2 - (x0 - mp.x) - cw, first.y, cw, ch))
    for name, r, spaces in (("church", church, t.church), ("customs", customs, t.customs)):
        top = r.y + TITLE_H + 4 + 22
        pitch = min(30, (r.h - TITLE_H - 4 - 22 - 50) // len(spaces))
        for i in range(len(spaces)):
            lay.part(f"{name}/{i}", Rect(r.x + 6, top + i * pitch, r.w - 12, pitch - 2))
    y += map_h + G

    # Port and Laboratory boards in one row.
    ports, labs = management_boards(players)
    boards = [f"port:{b}" for b in ports] + [f"lab:{b}" for b in labs]
    for name, r in zip(boards, Rect(M, y, inner, MGMT_H).columns(len(boards), gap=G), strict=True):
        lay.add(name, r)
        body = Rect(r.x + 6, r.y + TITLE_H + 6, r.w - 12, r.h - TITLE_H - 12)
        if name.startswith("port:"):
            for i in range(t.port_slots):
                lay.part(f"{name}/{i}", Rect(body.x, body.y + i * ORDER_ROW, body.w, ORDER_ROW - 4))
        else:
            n = len(t.lab_surcharge)
            pitch = body.h // n
            for i in range(n):
                lay.part(f"{name}/{i}", Rect(body.x, body.y + i * pitch, body.w, pitch - 3))
    y += MGMT_H + G

    # Achievements · supply.
    ach = lay.add("achievements", Rect(M, y, 860, ACH_H))
    lay.add("supply", Rect(ach.x2 + G, y, WIDTH - M - ach.x2 - G, ACH_H))
    for i, r in enumerate(Rect(ach.x + 6, ach.y + TITLE_H + 6, ach.w - 12, ach.h - TITLE_H - 10).columns(3, gap=8)):
        lay.part(f"achievement/{i}", r)
    y += ACH_H + G

    # Player panels, two per row.
    pw = (inner - G) // 2
    for seat in range(players):
        col, row = seat % 2, seat // 2
        r = lay.add(f"player:{seat}", Rect(M + col * (pw + G), y + row * (PLAYER_H + G), pw, PLAYER_H))
        lay.part(f"player:{seat}/header", Rect(r.x, r.y, r.w, 36))
        for k in range(9):
            lay.part(f"player:{seat}/line{k}", Rect(r.x + 8, r.y + 42 + k * LINE, r.w - 16, LINE))
    y += ((players + 1) // 2) * (PLAYER_H + G)

    legend_h = 4 * LEGEND_LINE + 12
    if players % 2:  # the free place beside the last player panel holds the legend
        lay.add("legend", Rect(M + pw + G, y - PLAYER_H - G, pw, PLAYER_H))
        lay.height = y - G + M
    else:
        lay.add("legend", Rect(M, y, inner, legend_h))
        lay.height = y + legend_h + M
    return lay


# ------------------------------------------------------------------------------------------------
# Static layer (depends only on the player count, colours and the language)
# ------------------------------------------------------------------------------------------------


def _static(shape: Shape) -> Image.Image:
    t = tables()
    players = shape.players
    lay = layout_for(players)
    img = Image.new("RGB", (lay.width, lay.height), pal.BACKGROUND)
    c = Canvas(img)

    hdr = lay.panels["header"]
    c.rect(hdr, fill=pal.TITLE_BAR)
    c.text(hdr.x + 12, hdr.cy, GAME_TITLE, size=22, style="bold", fill=pal.TITLE_TEXT, anchor="lm")

    # The map: land, paths between adjacent boards (drawn under the boards), corners.
    mp = lay.panels["map"]
    c.rect(mp, fill=LAND, outline=pal.BORDER)
    lay_data = t.layouts[players]
    for a, b in lay_data.edges:
        ra, rb = lay.parts[f"map/cell{a}"], lay.parts[f"map/cell{b}"]
        c.line([(ra.cx, ra.cy), (rb.cx, rb.cy)], fill=PATH, width=9)
    for i in range(len(lay_data.cells)):
        r = lay.parts[f"map/cell{i}"]
        c.rect(Rect(r.x - 2, r.y - 2, r.w + 4, r.h + 4), fill=LAND)
    _static_church(c, lay, players)
    _static_customs(c, lay, players)

    ports, labs = management_boards(players)
    for b in ports:
        # i18n: title of a Port board's panel: its face-up orders (id · level · country, goods → reward).
        c.panel(lay.panels[f"port:{b}"], _("{board}: orders", board=area_title(b)))
    for b in labs:
        # i18n: title of a Laboratory board's panel: its technology cards, each with the space's surcharge.
        c.panel(lay.panels[f"lab:{b}"], _("{board}: technologies", board=area_title(b)))
        for i, extra in enumerate(t.lab_surcharge):
            cell = lay.parts[f"lab:{b}/{i}"]
            c.rect(cell, fill=pal.PANEL_ALT if extra else pal.PANEL, outline=pal.GRID)
            c.text(cell.x + 17, cell.cy, f"+{extra}", style="condensed_bold", fill=pal.INK if extra else pal.MUTED,
                   anchor="mm")

    # i18n: title of the achievements panel: the achievement tiles in play and who fulfilled them.
    c.panel(lay.panels["achievements"], _("Achievements (VP for the first player / later players)"))
    # i18n: title of the supply panel: the foreign agents left per country (first line), decks, tokens.
    c.panel(lay.panels["supply"], _("Supply: foreign agents left, decks"))

    for seat in range(players):
        colour = shape.colours[seat] if seat < len(shape.colours) else "?"
        r = lay.panels[f"player:{seat}"]
        c.rect(r, fill=pal.PANEL, outline=pal.BORDER)
        player_header(c, lay.parts[f"player:{seat}/header"], player_rgb(colour), player_letter(colour),
                      player_name(colour), NAME_ROOM)
    _static_legend(c, lay.panels["legend"], shape.colours, players)
    return img


def _space_title(c: Canvas, r: Rect, title: str, head: str) -> None:
    c.panel(r, title)
    c.text(r.x + 8, r.y + TITLE_H + 4 + 10, head, style="condensed", fill=pal.MUTED, anchor="lm",
           max_width=r.w - 16)


def _static_church(c: Canvas, lay: Layout, players: int) -> None:
    t = tables()
    r = lay.parts["map/church"]
    # i18n: column heads of the Church board: faith needed, the reward, the piece on the space.
    _space_title(c, r, str(tr(AREA_NAMES["church"])), _("faith · reward · piece"))
    for i, s in enumerate(t.church):
        _space_row(c, lay.parts[f"church/{i}"], str(s.faith), t.church_reward[i])
    _board_foot(c, r, players, t.n["church_majority"])


def _static_customs(c: Canvas, lay: Layout, players: int) -> None:
    t = tables()
    r = lay.parts["map/customs"]
    # i18n: column heads of the Customs House board: imported goods paid, the reward, the piece there.
    _space_title(c, r, str(tr(AREA_NAMES["customs_house"])), _("{ig} · reward · piece", ig=icon("ig")))
    for i, s in enumerate(t.customs):
        _space_row(c, lay.parts[f"customs/{i}"], f"{s.ig}{icon('ig')}", t.customs_reward[i])
    _board_foot(c, r, players, t.n["customs_majority"])


def _space_row(c: Canvas, cell: Rect, need: str, reward: dict[str, int]) -> None:
    c.rect(cell, fill=pal.PANEL, outline=pal.GRID)
    c.rect(Rect(cell.x, cell.y, 42, cell.h), fill=pal.PANEL_ALT, outline=pal.GRID)
    c.text(cell.x + 21, cell.cy, need, style="condensed_bold", anchor="mm", max_width=38)
    c.text(cell.x + 48, cell.cy, short_reward(reward), style="condensed", anchor="lm", max_width=cell.w - 48 - 30)


def _board_foot(c: Canvas, r: Rect, players: int, values: list[int]) -> None:
    full = tables().n["board_full"][str(players)]
    # i18n: under the Church / Customs House board: the game ends when it holds this many pieces; the
    # end-of-game bonus for the most and the second most pieces (wrapped over two lines of about 200 px).
    text = _("end at {n} pieces; most {first} VP, 2nd {second} VP", n=full, first=values[0], second=values[1])
    c.text_box(Rect(r.x + 4, r.y2 - 50, r.w - 8, 46), text, style="condensed", max_lines=2, line_h=21)


def _static_legend(c: Canvas, r: Rect, colours: tuple[str, ...], players: int) -> None:
    """Shapes, player letters and the abbreviations."""

    def mark(kind: str) -> Marker:
        def draw_it(cv: Canvas, x: float, y: float) -> None:
            if kind == "house":
                house_piece(cv, x, y, 24, 24, pal.PANEL_ALT)
            elif kind == "token":
                _token(cv, x, y, 24)
            elif kind == "station":
                _station(cv, x, y)
            elif kind == "agent":
                _agent(cv, x, y, "uk")
            else:
                cv.piece(x, y, 24, fill=pal.PANEL_ALT, shape=kind)

        return draw_it

    names = " · ".join(f"{player_letter(col)} {player_name(col)}" for col in colours)
    if players == 2:
        # i18n: legend: the grey pieces of the 2-player mode on the Church and Customs House boards.
        names += " · " + _("{letter} neutral", letter=NEUTRAL_LETTER)
    icons = [f"{icon(k)} = {tr(n)}" for k, n in (
        ("vp", T("icon meaning", "victory points")), ("yen", T("icon meaning", "yen")),
        ("copper", GOODS_NAMES["copper"]), ("silk", GOODS_NAMES["silk"]), ("tea", GOODS_NAMES["tea"]),
        ("fish", GOODS_NAMES["fish"]), ("ig", GOODS_NAMES["ig"]),
        ("any_good", T("icon meaning", "trade good of your choice")),
        ("moves", T("icon meaning", "assistant move")),
        ("wh_assistant", T("icon meaning", "assistant from the warehouse")),
        ("wh_shop", T("icon meaning", "shop from the warehouse")),
        ("free_agent", T("icon meaning", "free agent")))]
    countries = [f"{country_code(k)} = {tr(COUNTRY_NAMES[k])}" for k in COUNTRIES]
    entries: list[tuple[Marker | None, str]] = [
        (mark("circle"), _("assistant (count beside)")), (mark("diamond"), _("president")),
        (mark("square"), _("shop")), (mark("house"), _("trading house")), (mark("token"), _("5-power token")),
        (mark("station"), _("station token")), (mark("agent"), _("foreign agent")), (None, names),
        *((None, x) for x in icons), *((None, x) for x in countries),
        # i18n: legend: the surcharge printed on a Laboratory space, added to the card's production value.
        (None, _("+N Laboratory surcharge (production value)")),
    ]
    lines = max(3, (r.h - 8) // LEGEND_LINE)
    legend(c, r, entries, max_lines=lines, line_h=LEGEND_LINE)


# ------------------------------------------------------------------------------------------------
# Dynamic drawing
# ------------------------------------------------------------------------------------------------


def _draw_header(c: Canvas, lay: Layout, view: dict[str, Any]) -> None:
    hr = lay.panels["header"]
    x = hr.x + 12 + text_width(GAME_TITLE, 22, "bold") + 24
    x += c.text(x, hr.cy, status(view), size=20, style="bold", fill=pal.TITLE_TEXT, anchor="lm", max_width=330) + 20
    box = Rect(x, hr.y + 5, hr.x2 - 6 - x, hr.h - 10)
    seat, _kind, prompt = _decision(view)
    players = view.get("players") or []
    if view.get("over") or seat is None:
        prompt_box(c, box, result_line(view) or str(tr(prompt)), pal.HIGHLIGHT)
    elif 0 <= seat < len(players):
        rgb, letter = seat_piece(view, seat)
        prompt_box(c, box, "▶ " + str(tr(prompt)), pal.tint(rgb, 0.55), piece=(rgb, letter))
    else:
        prompt_box(c, box, _random_event(prompt), pal.PANEL_ALT)


def _map_key(view: dict[str, Any]) -> tuple[tuple[str | None, str | None], ...]:
    """What the board layer of the map depends on: each layout cell's board and building tile."""
    areas = view.get("areas") or {}
    out = []
    for area in view.get("layout") or []:
        a = areas.get(area) if area else None
        out.append((str(area) if a is not None else None, str(a["tile"]) if a and a.get("tile") else None))
    return tuple(out)


def _boards_layer(shape: Shape, boards: tuple[tuple[str | None, str | None], ...]) -> Image.Image:
    """The static layer plus the area boards of the layout: frames, names, the Canal, building tiles
    with the reward of every space (pieces are drawn over them per render)."""
    img = _LAYERS.get(layer_key(shape, DOMAIN.name), lambda: _static(shape))
    c = Canvas(img)
    lay = shape.layout()
    for i, (area, tile) in enumerate(boards):
        r = lay.parts.get(f"map/cell{i}")
        if r is None:
            continue
        if area is None:
            c.draw.rounded_rectangle(r.box, radius=8, fill=pal.PANEL_ALT, outline=pal.GRID, width=2)
            c.text(r.cx, r.cy, "?", size=28, style="bold", fill=pal.MUTED, anchor="mm")
            continue
        _board_static(c, r, area, tile)
    return img


def _tile_cells(r: Rect, tile: str) -> tuple[list[Rect], Rect]:
    """The shop spaces and the trading-house space of the building tile on board ``r``."""
    n = len(tables().shop_rewards[tile]) + 1
    gap, y, h = 3, r.y + 62, 52
    sw = (r.w - 8 - (n - 1) * gap) // n
    shops = [Rect(r.x + 4 + k * (sw + gap), y, sw, h) for k in range(n - 1)]
    hx = r.x + 4 + (n - 1) * (sw + gap)
    return shops, Rect(hx, y, r.x2 - 4 - hx, h)


def _board_static(c: Canvas, r: Rect, area: str, tile: str | None) -> None:
    t = tables()
    rec = t.areas.get(area)
    category = rec.category if rec is not None else "commercial"
    canal = rec is not None and rec.kind == "canal"
    c.draw.rounded_rectangle(r.box, radius=8, fill=WATER if canal else pal.PANEL, outline=pal.BORDER, width=2)
    bar = Rect(r.x + 2, r.y + 2, r.w - 4, 26)
    c.rect(bar, fill=WAVE if canal else CATEGORY_TINT.get(category, pal.PANEL_ALT))
    c.text(bar.x + 6, bar.cy, area_title(area, bar.w - 12), style="bold", fill=pal.TITLE_TEXT if canal else pal.INK,
           anchor="lm", max_width=bar.w - 12)
    if canal:
        for k in range(3):
            y = r.y + 48 + k * 18
            pts = [(r.x + 14 + j * 8, y + (4 if j % 2 else -4)) for j in range(int((r.w - 28) / 8) + 1)]
            c.line(pts, fill=WAVE, width=3)
        # i18n: on the Canal board: presidents may cross it for a fee but never stop there.
        c.text_box(Rect(r.x + 6, r.y + 102, r.w - 12, 46), _("crossing {fee}, never a stop", fee=yen(t.n["canal_fee"])),
                   style="condensed_bold", max_lines=2, line_h=21)
        return
    if tile not in t.tiles:
        c.rect(Rect(r.x + 4, r.y + 62, r.w - 8, 52), fill=pal.PANEL_ALT, outline=pal.GRID)
        return
    # The building tile: shop spaces (squares) and the trading-house space (house outline).
    shops, house = _tile_cells(r, tile)
    for cell, reward in zip(shops, t.shop_rewards[tile], strict=True):
        c.rect(cell, fill=pal.PANEL, outline=pal.BORDER)
        _reward_in(c, cell, reward)
    house_piece(c, house.cx, house.cy, house.w, house.h, pal.PANEL_ALT, outline=pal.BORDER, outline_w=1)
    _reward_in(c, Rect(house.x, house.y + 12, house.w, house.h - 12), t.house_reward[tile])


def _draw_map(c: Canvas, lay: Layout, view: dict[str, Any]) -> None:
    """The pieces on the boards (the boards themselves are in the cached layer)."""
    layout = view.get("layout") or []
    areas = view.get("areas") or {}
    presidents: dict[str, list[int]] = {}
    for s, p in enumerate(view.get("players") or []):
        if p.get("president"):
            presidents.setdefault(str(p["president"]), []).append(s)
    for i, area in enumerate(layout):
        r = lay.parts.get(f"map/cell{i}")
        if r is None or not area or area not in areas:
            continue
        _board_pieces(c, view, r, str(area), areas[area], presidents.get(str(area), []), view.get("station") == area)


def _board_pieces(c: Canvas, view: dict[str, Any], r: Rect, area: str, a: dict[str, Any], presidents: list[int],
                  station: bool) -> None:
    t = tables()
    rec = t.areas.get(area)
    if rec is not None and rec.kind == "canal":
        return
    # Assistants per player (circle with the letter, count beside).
    x = r.x + 18
    row_y = r.y + 44
    for seat, n in enumerate(a.get("assistants") or []):
        if n:
            _assistant(c, view, x, row_y, seat, 24)
            x += 14
            x += c.text(x, row_y, str(n), style="bold", anchor="lm") + 18

    # Buildings over the spaces of the building tile.
    tile = a.get("tile")
    if tile in t.tiles:
        cells, hcell = _tile_cells(r, tile)
        for cell, occ in zip(cells, a.get("shops") or [], strict=False):
            if occ is not None:
                c.rect(cell, fill=pal.PANEL_ALT, outline=pal.BORDER)
                rgb, letter = seat_piece(view, int(occ))
                c.piece(cell.cx, cell.cy, min(34, cell.w - 8), 30, fill=rgb, letter=letter, shape="square")
        house = a.get("house")
        if house is not None:
            c.rect(hcell, fill=pal.PANEL)
            rgb, letter = seat_piece(view, int(house))
            house_piece(c, hcell.cx, hcell.cy, min(hcell.w, 44), hcell.h - 4, rgb, letter)

    # Bottom row: 5-power token and its reward, station token, presidents.
    by = r.y2 - 18
    right = r.x2 - 8
    for seat in reversed(presidents):
        rgb, letter = seat_piece(view, seat)
        c.piece(right - 13, by, 26, 26, fill=rgb, letter=letter, shape="diamond")
        right -= 29
    if station:
        _station(c, right - 16, by)
        right -= 36
    token = a.get("token")
    if token:
        _token(c, r.x + 18, by, 24)
        reward = short_reward(t.token_reward.get(str(token), {}))
        c.text(r.x + 34, by, reward, style="condensed_bold", anchor="lm", max_width=max(1, right - r.x - 38))


def _reward_in(c: Canvas, cell: Rect, reward: dict[str, int]) -> None:
    """A space's reward, one short item per line (at most two)."""
    items = short_items(reward) or ["–"]
    if len(items) > 2:
        items = [items[0], " ".join(items[1:])]
    pitch = 20
    room = cell.w - 4
    style = "condensed_bold" if all(text_width(i, MIN_TEXT, "condensed_bold") <= room for i in items) else "condensed"
    if len(items) == 1 and text_width(items[0], MIN_TEXT, style) > room:
        # One item too wide for the space: its number above its icon.
        kind, n = next((k, v) for k, v in reward.items() if v)
        items = [str(int(n)), icon(kind)]
    y0 = cell.cy - (len(items) - 1) * pitch / 2
    for k, item in enumerate(items):
        c.text(cell.cx, y0 + k * pitch, item, style=style, anchor="mm", max_width=room)


def _draw_church_customs(c: Canvas, lay: Layout, view: dict[str, Any]) -> None:
    for name in ("church", "customs"):
        for i, occ in enumerate(view.get(name) or []):
            cell = lay.parts.get(f"{name}/{i}")
            if cell is None or occ is None:
                continue
            seat = int(occ)
            _assistant(c, view, cell.x2 - 14, cell.cy, None if seat == NEUTRAL or seat < 0 else seat,
                       min(24, cell.h))


def _draw_ports(c: Canvas, lay: Layout, view: dict[str, Any]) -> None:
    t = tables()
    for port, cards in (view.get("ports") or {}).items():
        for i, card in enumerate(cards):
            cell = lay.parts.get(f"port:{port}/{i}")
            if cell is None:
                continue
            if card is None or card not in t.orders:
                c.rect(cell, fill=pal.PANEL, outline=pal.GRID)
                c.text(cell.cx, cell.cy, "–", style="bold", fill=pal.MUTED, anchor="mm")
                continue
            o = t.orders[card]
            c.rect(cell, fill=LEVEL_TINT.get(o.level, pal.PANEL), outline=pal.GRID)
            # i18n: first line of an order on a Port board: id, level, country code.
            head = _("{id} · {level} · {country}", id=card, level=tr(LEVEL_NAMES[o.level]),
                     country=country_code(o.country))
            c.text(cell.x + 6, cell.y + 12, head, style="condensed_bold", anchor="lm", max_width=cell.w - 12)
            line = f"{order_goods_short(card)} → {short_reward(t.order_reward[card])}"
            c.text(cell.x + 6, cell.y + 34, line, style="condensed", anchor="lm", max_width=cell.w - 12)


def _draw_labs(c: Canvas, lay: Layout, view: dict[str, Any]) -> None:
    t = tables()
    for lab, cards in (view.get("labs") or {}).items():
        for i, card in enumerate(cards):
            cell = lay.parts.get(f"lab:{lab}/{i}")
            if cell is None:
                continue
            if card is None or card not in t.techs:
                c.text(cell.cx, cell.cy, "–", style="bold", fill=pal.MUTED, anchor="mm")
                continue
            rec = t.techs[card]
            code = country_code(rec.country)
            cw = max(34, text_width(code, MIN_TEXT, "condensed_bold") + 8)
            # i18n: a technology's production value on a Laboratory board ("5 PV").
            value = _("{n} PV", n=rec.value)
            vw = text_width(value, MIN_TEXT, "condensed_bold") + 6
            c.text(cell.x2 - 4, cell.cy, code, style="condensed_bold", anchor="rm")
            c.text(cell.x2 - 4 - cw, cell.cy, value, style="condensed_bold", anchor="rm")
            c.text(cell.x + 38, cell.cy, tech_name(card), style="bold", anchor="lm",
                   max_width=cell.w - 40 - cw - vw)


def _draw_achievements(c: Canvas, lay: Layout, view: dict[str, Any]) -> None:
    t = tables()
    spaces = view.get("achievement_spaces") or {}
    for i, tile in enumerate((view.get("achievements") or [])[:3]):
        r = lay.parts[f"achievement/{i}"]
        rec = t.achievements.get(tile)
        if rec is None:
            continue
        c.rect(r, fill=pal.PANEL_ALT, outline=pal.GRID)
        # i18n: an achievement tile's head: its id and the VP of the first player / of later players.
        discs = rec.spaces * 27
        c.text(r.x + 6, r.y + 15, _("{id} · {first} / {later} VP", id=tile, first=rec.first, later=rec.later),
               style="bold", anchor="lm", max_width=r.w - 16 - discs)
        seats = [int(s) for s in spaces.get(tile) or []]
        for k in range(rec.spaces):
            x = r.x2 - discs - 4 + 13 + k * 27
            if k < len(seats):
                _assistant(c, view, x, r.y + 15, seats[k], 25)
            else:
                c.hollow(x, r.y + 15, 25, letter=str(rec.first if k == 0 else rec.later))
        c.text_box(Rect(r.x + 2, r.y + 30, r.w - 4, 4 * 22), _t("achievement", rec.text), style="condensed",
                   max_lines=4, line_h=22, pad=4, valign="t")


def _draw_supply(c: Canvas, lay: Layout, view: dict[str, Any]) -> None:
    r = lay.panels["supply"]
    x0, y = r.x + 8, r.y + TITLE_H + 8
    supply = view.get("agent_supply") or {}
    x = x0
    for country in COUNTRIES:
        _agent(c, x + 17, y + 12, country)
        x += 36
        x += c.text(x, y + 12, f"×{int(supply.get(country, 0))}", style="bold", anchor="lm") + 12
    y += 30
    parts = rich(_("Technology deck {tech} · order deck {orders}"), "condensed",
                 tech=(str(view.get("tech_deck", 0)), "bold"), orders=(str(view.get("order_deck", 0)), "bold"))
    c.runs(x0, y + 12, parts, anchor_v="m", max_x=r.x2 - 8)
    y += 28
    modules = (view.get("options") or {}).get("modules") or []
    if "achievement_rewards" in modules:
        t = tables()
        tokens = [f"{tok} {country_code(t.reward_tokens[tok])}" for tok in view.get("reward_tokens") or []
                  if tok in t.reward_tokens]
        # i18n: the supply panel: the achievement reward tokens still to take (module), or none.
        text = _("Reward tokens: {tokens}", tokens=", ".join(tokens) if tokens else "–")
        c.text(x0, y + 12, text, style="condensed", anchor="lm", max_width=r.w - 16)
        y += 28
    station = view.get("station")
    if station:
        text = _("Station token: {area}", area=area_title(str(station)))
    else:
        # i18n: the supply panel: the station token is not on the map yet.
        text = _("Station token: not placed")
    c.text(x0, y + 12, text, style="condensed", anchor="lm", max_width=r.w - 16)


def _draw_player(c: Canvas, lay: Layout, view: dict[str, Any], seat: int, acting: bool) -> None:
    t = tables()
    p = view["players"][seat]
    pre = f"player:{seat}/"
    r = lay.panels[f"player:{seat}"]
    rgb = player_rgb(str(p["colour"]))
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
    if seat == view.get("start_player") and view.get("turn_no"):
        flags.append(_("start player"))
    if flags:
        c.text(right, hdr.cy, " · ".join(flags), style="condensed_bold", anchor="rm", max_width=max(10, right - x))

    line = [lay.parts[pre + f"line{k}"] for k in range(9)]

    # 0: yen, goods, imported goods.
    groups = [rich("{n}", n=(yen(p.get("yen", 0)), "bold"))]
    for g in (*GOODS, "ig"):
        groups.append(rich("{n}", n=(str(tr(amount(g, int(p.get(g, 0))))), "regular")))
    _runs(c, line[0], _joined(groups, " · "))

    # 1: pieces in hand and in the warehouse.
    _draw_pieces(c, line[1], p, rgb, player_letter(str(p["colour"])))

    # 2: president, agents, free agents.
    ln = line[2]
    # i18n: a player panel: where the president stands (an area or "in hand").
    label = _("President:")
    x = ln.x + c.text(ln.x, ln.cy, label, style="bold", anchor="lm", max_width=110) + 18
    c.piece(x, ln.cy, 24, 24, fill=rgb, letter=player_letter(str(p["colour"])), shape="diamond")
    x += 18
    where = area_title(str(p["president"])) if p.get("president") else _("in hand")
    x += c.text(x, ln.cy, where, style="condensed", anchor="lm", max_width=190) + 16
    # i18n: a player panel: foreign agents (face up, then the used ones in grey).
    x += c.text(x, ln.cy, _("Agents:"), style="bold", anchor="lm", max_width=90) + 6
    end = ln.x2
    fa, fa_used = int(p.get("free_agents", 0)), int(p.get("free_agents_used", 0))
    if fa or "free_agents" in ((view.get("options") or {}).get("modules") or []):
        # i18n: a player panel: free agents (module) still to use, and how many they had.
        text = _("free agents {left}/{all}", left=fa - fa_used, all=fa)
        end -= c.text(ln.x2, ln.cy, text, style="condensed", anchor="rm", max_width=max(10, ln.x2 - x - 84)) + 10
    up = agents_face_up(p)
    used = [str(a) for a in p.get("agents_used") or []]
    shown = [(a, False) for a in up] + [(a, True) for a in used]
    for k, (country, is_used) in enumerate(shown):
        if x + 37 + (34 if k < len(shown) - 1 else 0) > end:
            c.text(x, ln.cy, f"+{len(shown) - k}", style="bold", anchor="lm")
            break
        _agent(c, x + 17, ln.cy, country, used=is_used, w=34)
        x += 37
    if not shown:
        c.text(x, ln.cy, "–", style="condensed", anchor="lm")

    # 3–4: technologies (name, production value, country).
    techs = [str(card) for card in p.get("technologies") or []]
    pv = sum(t.techs[card].value for card in techs if card in t.techs)
    # i18n: a player panel: technologies owned and their production value in all.
    head = _("Technologies ({pv} PV):", pv=pv) if techs else _("Technologies: none")
    chips = [f"{tech_name(card)} {t.techs[card].value}·{country_code(t.techs[card].country)}"
             for card in techs if card in t.techs]
    _chips(c, line[3], line[4], head, chips)

    # 5: country symbols, 5-power tokens, reward token (the achievements panel shows who fulfilled what).
    ln = line[5]
    sym = country_symbols(p)
    # i18n: a player panel: the country symbols held per country ("US 1  NL 0 …").
    groups = [rich(_("Countries {list}"), "regular",
                   list=("  ".join(f"{country_code(k)} {sym[k]}" for k in COUNTRIES), "condensed_bold"))]
    tokens = [str(x) for x in p.get("power_tokens") or []]
    groups.append(rich(_("5-power tokens {n}"), n=(str(len(tokens)), "bold")))
    token = p.get("reward_token")
    if token:
        groups.append(rich(_("reward token {token}"), token=(f"{token} {country_code(t.reward_tokens.get(token, ''))}",
                                                            "bold")))
    _runs(c, ln, _joined(groups, " · "))

    # 6: fulfilled orders (public, face up).
    done = [str(o) for o in p.get("fulfilled") or []]
    chips = [f"{o}·{country_code(t.orders[o].country)}" for o in done if o in t.orders]
    # i18n: a player panel: fulfilled orders (face up), with their count.
    head = _("Fulfilled orders ({n}):", n=len(done)) if done else _("Fulfilled orders: none")
    _chips(c, line[6], None, head, chips)

    # 7–8: orders in hand: faces only in this player's own view; else only the count.
    own = hand_orders(view, seat)
    dealt = dealt_orders(view, seat)
    n_hand = orders_in_hand(p)
    score = (view.get("scores") or {}).get(str(seat)) if view.get("over") else None
    box = Rect(line[7].x, line[7].y, line[7].w, 2 * LINE)
    if score:  # after the game: the final scoring (orders left in hand score nothing)
        c.text_box(box, _final_line(score, p), style="condensed_bold", max_lines=2, line_h=LINE - 2, pad=0)
        return
    texts = []
    if own:
        cards = "; ".join(order_line(o) for o in own)
        # i18n: a player panel in that player's own view only: the order cards in their hand.
        texts.append(_n("Your order in hand: {cards}", "Your {n} orders in hand: {cards}", len(own), cards=cards))
    elif n_hand or not dealt:
        texts.append(_n("{n} order in hand", "{n} orders in hand", n_hand))
    if dealt:
        # i18n: a player panel in that player's own view only (set-up): the two orders dealt, one to keep.
        texts.append(_("Dealt, keep one: {cards}", cards="; ".join(order_line(o) for o in dealt)))
    if len(texts) == 1:
        c.text_box(box, texts[0], style="condensed", max_lines=2, line_h=LINE - 2, pad=0)
    else:
        for k, text in enumerate(texts[:2]):
            c.text(box.x, box.y + LINE / 2 + k * LINE, text, style="condensed", anchor="lm", max_width=box.w)


def _final_line(score: dict[str, Any], p: dict[str, Any]) -> str:
    # i18n: a player panel after the game: VP before the final scoring, each final bonus, the total.
    return _("Final: {before} + Church {church} + Customs {customs} + technology {tech} + countries {countries} + "
             "agents {agents} + imported goods {ig} + yen {yen} + goods {goods} = {total} VP",
             before=score.get("before", 0), church=score.get("church", 0), customs=score.get("customs", 0),
             tech=score.get("technology", 0), countries=score.get("countries", 0), agents=score.get("agents", 0),
             ig=score.get("ig", 0), yen=score.get("yen", 0), goods=score.get("goods", 0),
             total=score.get("total", p.get("vp", 0)))


def _draw_pieces(c: Canvas, ln: Rect, p: dict[str, Any], rgb: pal.RGB, letter: str) -> None:
    """``Hand ●5 ■2 ⌂0   Warehouse ●12 ■6 ⌂4 (next trading house 5 yen)``."""
    x = ln.x
    for label, keys in ((_("Hand"), ("hand_assistants", "hand_shops", "hand_houses")),
                        (_("Warehouse"), ("wh_assistants", "wh_shops", "wh_houses"))):
        x += c.text(x, ln.cy, label, style="bold", anchor="lm", max_width=120) + 8
        for kind, key in zip(("circle", "square", "house"), keys, strict=True):
            if kind == "house":
                house_piece(c, x + 11, ln.cy, 22, 22, rgb, letter)
            else:
                c.piece(x + 11, ln.cy, 22, 22, fill=rgb, letter=letter, shape=kind)
            x += 24
            x += c.text(x, ln.cy, str(int(p.get(key, 0))), style="bold", anchor="lm") + 12
        x += 16
    if int(p.get("wh_houses", 0)) > 0:
        costs = tables().n["trading_house_costs"]
        price = int(costs[min(int(p.get("houses_taken", 0)), len(costs) - 1)])
        # i18n: a player panel, after the trading houses in the warehouse: the price of the next one.
        c.text(x - 22, ln.cy, _("(next {price})", price=yen(price)), style="condensed", fill=pal.MUTED,
               anchor="lm", max_width=max(1, ln.x2 - x + 22))


def _chips(c: Canvas, first: Rect, second: Rect | None, head: str, chips: list[str]) -> None:
    """A bold head, then boxed chips flowing over one or two lines (``+n`` when more do not fit)."""
    x = first.x + c.text(first.x, first.cy, head, style="bold", anchor="lm", max_width=first.w) + 8
    rows = [first] + ([second] if second is not None else [])
    k, row = 0, 0
    while k < len(chips) and row < len(rows):
        ln = rows[row]
        w = text_width(chips[k], MIN_TEXT, "condensed") + 10
        rest = len(chips) - k - 1
        reserve = (text_width(f"+{rest}", MIN_TEXT, "bold") + 6) if rest and row == len(rows) - 1 else 0
        if x + w > ln.x2 - reserve:
            if x == ln.x or (row == 0 and x == first.x):
                w = ln.x2 - reserve - x  # a chip wider than a line: fitted
            else:
                row += 1
                x = rows[row].x if row < len(rows) else x
                continue
        box = Rect(x, ln.y + 2, w, ln.h - 4)
        c.rect(box, fill=pal.PANEL_ALT, outline=pal.GRID)
        c.text(box.x + 5, box.cy, chips[k], style="condensed", anchor="lm", max_width=box.w - 8)
        x += w + 5
        k += 1
    if k < len(chips):
        ln = rows[-1]
        c.text(ln.x2, ln.cy, f"+{len(chips) - k}", style="bold", anchor="rm")


def _runs(c: Canvas, ln: Rect, parts: list[tuple[str, str]]) -> None:
    c.runs(ln.x, ln.cy, parts, anchor_v="m", max_x=ln.x2)


def _joined(groups: list[list[tuple[str, str]]], gap: str = "   ") -> list[tuple[str, str]]:
    out: list[tuple[str, str]] = []
    for k, g in enumerate(groups):
        out += ([(gap, "regular")] if k else []) + g
    return out


# ------------------------------------------------------------------------------------------------
# Public API
# ------------------------------------------------------------------------------------------------


def render_image(view: dict[str, Any]) -> Image.Image:
    """The picture of ``view`` in the current language as a Pillow RGB image (:data:`WIDTH` px
    wide; the height depends on the player count, see :func:`layout_for`)."""
    shape = Shape.of(view)
    boards = _map_key(view)
    img = _MAPS.get((layer_key(shape, DOMAIN.name), boards), lambda: _boards_layer(shape, boards))
    lay = shape.layout()
    c = Canvas(img)
    seat, _kind, _prompt = _decision(view)
    _draw_header(c, lay, view)
    _draw_map(c, lay, view)
    _draw_church_customs(c, lay, view)
    _draw_ports(c, lay, view)
    _draw_labs(c, lay, view)
    _draw_achievements(c, lay, view)
    _draw_supply(c, lay, view)
    for s in range(min(len(view.get("players") or []), shape.players)):
        _draw_player(c, lay, view, s, acting=(s == seat and not view.get("over")))
    return img


def render(view: dict[str, Any]) -> bytes:
    """PNG bytes of the board picture of ``view`` (``GAME.view(state, seat)``) in the current language.

    1400 px wide (:func:`layout_for` gives the height per player count). RGB, compress level
    :data:`PNG_COMPRESS_LEVEL`.
    """
    return png_bytes(render_image(view), PNG_COMPRESS_LEVEL)


def _now(view: dict[str, Any]) -> str:
    seat, _kind, prompt = _decision(view)
    said = str(tr(prompt)).rstrip(".")
    players = view.get("players") or []
    if view.get("over") or seat is None:
        return _("Result: {result}.", result=result_line(view) or said)
    if 0 <= seat < len(players):
        return _("To act: {prompt}.", prompt=said)
    return _random_event(prompt).rstrip(".") + "."


def _player_words(view: dict[str, Any], seat: int) -> str:
    p = view["players"][seat]
    goods = ", ".join(str(tr(amount(g, int(p.get(g, 0))))) for g in (*GOODS, "ig"))
    techs = _n("{n} technology", "{n} technologies", len(p.get("technologies") or []))
    done = _n("{n} order fulfilled", "{n} orders fulfilled", len(p.get("fulfilled") or []))
    hand = _n("{n} order in hand", "{n} orders in hand", orders_in_hand(p))
    # i18n: one player in the alt text: name, VP, yen, goods, technologies, fulfilled orders, orders in hand.
    return _("{name} {vp} VP, {yen}, {goods}, {techs}, {done}, {hand}", name=player_name(p["colour"]),
             vp=p.get("vp", 0), yen=yen(p.get("yen", 0)), goods=goods, techs=techs, done=done, hand=hand)


def _own_hand_words(view: dict[str, Any]) -> str:
    viewer = view.get("viewer")
    if not isinstance(viewer, int) or not 0 <= viewer < len(view.get("players") or []):
        return ""
    own = hand_orders(view, viewer) + dealt_orders(view, viewer)
    if not own:
        return ""
    # i18n: the viewer's own order cards (their view only): ids, then each card in short.
    return _("Your orders: {cards}.", cards="; ".join(order_line(o) for o in own))


def alt_text(view: dict[str, Any]) -> str:
    """One paragraph describing the picture in the current language (for
    ``discord.File(description=…)``), at most :data:`ALT_TEXT_LIMIT` characters.

    Names the round, the decision (or the result), every player's VP, yen, goods, technologies,
    fulfilled orders and how many orders they hold; the viewer's own orders only in their view.
    """
    players = view.get("players") or []
    who = _n("{n} player", "{n} players", len(players))
    head = _("Yokohama board, {status}, {who}.", status=status(view), who=who)
    now = _now(view)
    lines = "; ".join(_player_words(view, s) for s in range(len(players)))
    own = _own_hand_words(view)
    text = " ".join(x for x in (head, now, own, _("Players: {players}.", players=lines)) if x)
    if len(text) > ALT_TEXT_LIMIT:
        short = "; ".join(_("{name} {vp} VP", name=name, vp=vp) for name, vp in ranking(view))
        text = " ".join(x for x in (head, now, own, _("Players: {players}.", players=short)) if x)
    return text[:ALT_TEXT_LIMIT]


def summary(view: dict[str, Any]) -> str:
    """A short text summary of the position (several lines) in the current language: status, the
    decision, each player's VP, money and goods, and the viewer's own orders (never another seat's)."""
    players = view.get("players") or []
    out = [f"{GAME_TITLE} · {status(view)}", _now(view)]
    for s in range(len(players)):
        out.append(_player_words(view, s))
    own = _own_hand_words(view)
    if own:
        out.append(own)
    return "\n".join(out)


def clear_layers() -> None:
    """Drop the cached layers only (the next render draws every label again)."""
    _LAYERS.clear()
    _MAPS.clear()


def clear_cache() -> None:
    """Drop the cached static layers, sprites and fonts (after the font search or a catalogue changes)."""
    clear_layers()
    _house_sprite.cache_clear()
    clear_caches()


__all__ = ["PNG_COMPRESS_LEVEL", "WIDTH", "alt_text", "clear_cache", "clear_layers", "layout_for", "render",
           "render_image", "summary"]
