"""Pictures of Yokohama: the board (``render(view) -> PNG bytes``, ``alt_text(view) -> str``,
``summary(view) -> str``) and the chat pictures' facts (``turn_card(view, last) -> TurnCard``,
``final_card(view) -> ScoreCard``, drawn by :mod:`render.core.cards`).

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
player count, colours and language into a cached static layer. The board is saved as a palette PNG
(about 120–140 kB at 4 players late in a game).

The turn picture (:func:`turn_card`) is built from the spectator's view and the public events of
the last move only, so it never names a card of a hand: the player to act and their decision, the
last move with its most telling events, every player's VP, the acting player's yen, goods, pieces in
hand and how many orders they hold, and — drawn large, from the events' data — what the move touched
(an area board with its pieces and power, the president's way, the Church or Customs House board, a
Port or Laboratory, the order or technology taken, an achievement …). The final-score picture
(:func:`final_card`) has one row per step of the rulebook's final scoring.
"""

from __future__ import annotations

import heapq
import itertools
import threading
from collections import Counter
from dataclasses import dataclass, replace
from functools import lru_cache
from typing import Any

from PIL import Image, ImageDraw

from engine.core.i18n import Msg, current, tr
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
    listing,
    reward_text,
)
from render.core import (
    MIN_TEXT,
    Canvas,
    LayerCache,
    Layout,
    Rect,
    clear_caches,
    fit_text,
    palette_png,
    text_width,
    wrap,
)
from render.core import palette as pal
from render.core.cards import (
    CARD_WIDTH,
    KEY_TEXT,
    Chip,
    FocusDrawer,
    ScoreCard,
    TurnCard,
    outline_focus,
    turn_layout_height,
)
from render.core.draw import KEY_COLOURS
from render.core.templates import layer_key, rich
from render.core.widgets import Marker, badge, fitted_width, legend, player_header, prompt_box

#: Picture width in pixels.
WIDTH = 1400
#: Colours of the board's palette PNG (:func:`render.core.draw.palette_png`): all 256. Its palette
#: is picked from an 8× smaller copy of the picture, where a piece is a few pixels: with 128 colours
#: and fewer, purple, the gold of the 5-power tokens and the white spaces drift (by 20–60 levels).
PNG_COLOURS = 256
#: Deflate level of the board's PNG: 4 keeps a 4-player board late in a game at about 130 kB, at
#: most ~140 kB in Polish (level 3: up to ~150 kB for ~10 ms less); ``optimize`` is never used.
PNG_COMPRESS_LEVEL = 4
#: Alpha levels kept at the edges of the board's texts (0, 128, 255): three steps of anti-aliasing
#: look the same as 256 for 18 px text but leave far fewer colours to deflate (the PNG is about a
#: sixth smaller).
TEXT_ALPHA_STEPS = 3
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
AGENT_FILL: pal.RGB = (250, 250, 250)
#: Colours the board's palette PNG keeps exactly (:func:`render.core.draw.palette_png`): the shared
#: interface and player colours, and the board's own (map, boards, tokens, tints of the players).
BOARD_COLOURS: tuple[pal.RGB, ...] = tuple(dict.fromkeys((
    *KEY_COLOURS, *PLAYER_RGB.values(), NEUTRAL_RGB, LAND, PATH, WATER, WAVE, TOKEN_GOLD, *CATEGORY_TINT.values(),
    *LEVEL_TINT.values(), AGENT_FILL, *(pal.tint(c, 0.6) for c in PLAYER_RGB.values()),
    *(pal.tint(c, 0.55) for c in PLAYER_RGB.values()),
)))

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
    return _yen(int(n), current())


@lru_cache(maxsize=512)
def _yen(n: int, lang: str) -> str:
    # Cached per language: the digit grouping goes through Babel, a tenth of a millisecond a call.
    return str(tr(amount("yen", n)))


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
        c.piece(x, y, w, h, fill=AGENT_FILL, letter=country_code(country), shape="square",
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
    c = Canvas(img, text_alpha_steps=TEXT_ALPHA_STEPS)

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
    c = Canvas(img, text_alpha_steps=TEXT_ALPHA_STEPS)
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
    c = Canvas(img, text_alpha_steps=TEXT_ALPHA_STEPS)
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

    1400 px wide; 1598 px high for 2 players, 1774 for 3, 1892 for 4 (:func:`layout_for`). A palette
    PNG (:func:`render.core.draw.palette_png`: :data:`PNG_COLOURS` colours, :data:`BOARD_COLOURS`
    kept exact, deflate level :data:`PNG_COMPRESS_LEVEL`; texts with :data:`TEXT_ALPHA_STEPS` levels
    of anti-aliasing): about 120–130 kB at 4 players late in a game, up to ~140 kB in Polish (the RGB
    PNG was 400–470 kB). Use :func:`render_image` for the RGB picture before encoding.
    """
    return palette_png(render_image(view), colours=PNG_COLOURS, compress_level=PNG_COMPRESS_LEVEL, keep=BOARD_COLOURS)


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


# ------------------------------------------------------------------------------------------------
# Chat pictures: the turn picture and the final-score picture (render.core.cards)
# ------------------------------------------------------------------------------------------------

#: Smallest text of the turn picture's focus drawing (px at :data:`render.core.cards.CARD_WIDTH`;
#: 14 px once Discord shows the card 550 px wide).
FOCUS_TEXT = 28
#: Pieces of the focus drawing (px), each with its letter at :data:`FOCUS_TEXT`.
FOCUS_PIECE = 46
#: Line pitch of focus text.
FOCUS_LINE = 36
#: The turn picture keeps an aspect of at least 1.3 (width / height), so it reads at Discord's
#: inline size: it is never taller than this.
CARD_MAX_HEIGHT = CARD_WIDTH * 10 // 13
#: Room (px) of one line of the last move's events on the turn picture (its left column).
EVENT_ROOM = 640
#: Focus height the turn picture aims at, and the least it is given before fewer event lines are shown.
FOCUS_HEIGHT, FOCUS_MIN_HEIGHT = 250, 180

# i18n: short labels of the acting player's stock on the turn picture, each followed by a number
# ("Yen 12  Orders 2  Copper 1 …"): orders in hand, goods, and the pieces in hand (not in the warehouse).
RESOURCE_LABELS = {
    "yen": T("resource", "Yen"), "orders": T("resource", "Orders"),
    "copper": T("resource", "Copper"), "silk": T("resource", "Silk"), "tea": T("resource", "Tea"),
    "fish": T("resource", "Fish"), "ig": T("resource", "Imported"),
    "assistants": T("resource", "Assistants"), "shops": T("resource", "Shops"), "houses": T("resource", "Houses"),
}
# i18n: the rows of the final-score picture (each a short label beside the players' VP, about 280 px),
# in the rulebook's order (Punktacja końcowa): VP scored during the game, the Church and Customs House
# majorities, the technology majority, country sets, then the leftovers.
SCORE_ROWS = (
    ("before", T("final scoring", "During the game")),
    ("church", T("final scoring", "Church")),
    ("customs", T("final scoring", "Customs House")),
    ("technology", T("final scoring", "Technologies")),
    ("countries", T("final scoring", "Country sets")),
    ("agents", T("final scoring", "Foreign agents")),
    ("ig", T("final scoring", "Imported goods")),
    ("yen", T("final scoring", "Yen")),
    ("goods", T("final scoring", "Trade goods")),
)

# Importance of a move's events for the turn picture's "last move" lines (lower first).
_LINE_RANK = {
    "winner": 0, "end_triggered": 1, "order": 2, "achieve": 2, "tech": 2, "port": 2, "church": 2, "customs": 2,
    "build": 2, "move": 2, "place": 2, "shift": 2, "exchange": 2, "hire": 2, "agent": 2, "recall": 2, "home": 2,
    "pass": 2, "place_none": 2, "kept": 2, "university": 2, "spin": 2, "station": 2, "board": 2, "tile": 2,
    "start": 2, "achievement": 2, "removed": 3, "dealt_public": 3, "token": 3, "reward_token": 3,
    "area_action": 3, "agent_gained": 3, "gain": 4, "house_income": 4, "recover": 5, "stock_exchange": 5, "main": 6,
    "final_score": 9,
}
_UNSHOWN = 9  # each player's final scoring: the final-score picture shows it


def chip(view: dict[str, Any], seat: int) -> Chip:
    """A player as the chat pictures show them: colour, letter and name."""
    colour = _colour_of(view, seat)
    return Chip(player_rgb(colour), player_letter(colour), player_name(colour))


def _seat(view: dict[str, Any], seat: Any) -> int | None:
    """``seat`` when it is a player's seat of ``view`` (not chance, not the end), else ``None``."""
    n = len(view.get("players") or [])
    return seat if isinstance(seat, int) and 0 <= seat < n else None


def decision_text(view: dict[str, Any]) -> str:
    """What the player to act must decide, without their name (the picture shows it beside)."""
    seat, _kind, prompt = _decision(view)
    if isinstance(prompt, Msg) and prompt.msgid == "{who}: {prompt}" and "prompt" in prompt.args:
        return str(tr(prompt.args["prompt"]))
    text = str(tr(prompt))
    who = _seat(view, seat)
    if who is not None:  # a view read back from JSON holds the English text "Blue: …"
        colour = _colour_of(view, who)
        for name in (player_name(colour), colour.capitalize()):
            if text.startswith(f"{name}: "):
                return text[len(name) + 2:]
    return text


def _pick_lines(events: list[dict[str, Any]], most: int = 3) -> list[str]:
    """The texts of the events that tell most about a move, in their order, in at most ``most``
    wrapped lines of the turn picture."""
    texts = [(i, str(e.get("text") or ""), _LINE_RANK.get(str(e.get("kind")), 4)) for i, e in enumerate(events)]
    texts = [x for x in texts if x[1] and x[2] < _UNSHOWN]
    chosen: list[tuple[int, str]] = []
    used = 0
    for i, text, _rank in sorted(texts, key=lambda x: (x[2], x[0])):
        n = len(wrap(text, EVENT_ROOM, KEY_TEXT, "regular"))
        if used + n > (most if chosen else 3):  # the most telling event is shown even in three lines
            continue
        chosen.append((i, text))
        used += n
    return [text for _i, text in sorted(chosen)]


def _resources(view: dict[str, Any], seat: int) -> list[tuple[str, str]]:
    p = view["players"][seat]
    values = {"yen": p.get("yen", 0), "orders": orders_in_hand(p), **{g: p.get(g, 0) for g in (*GOODS, "ig")},
              "assistants": p.get("hand_assistants", 0), "shops": p.get("hand_shops", 0),
              "houses": p.get("hand_houses", 0)}
    return [(str(tr(RESOURCE_LABELS[k])), str(int(v))) for k, v in values.items()]


def turn_card(view: dict[str, Any], last: dict[str, Any] | None) -> TurnCard:
    """The facts of the turn picture after the move ``last`` (``None`` at the start or after an
    undo), in the current language.

    ``view`` is the spectator view (or the seat's own when a player asks privately); ``last`` is
    ``{"seat", "move" (public notation), "events": [{"kind", "seat", "text", "data"}]}`` with the
    public events only. Nothing here names a card of a hand: resources count the orders held, the
    focus draws what the move touched from the events' data (an area, the president's way, a
    management board, a fulfilled order …) with the view's public facts.
    """
    players = view.get("players") or []
    seat, _kind, prompt = _decision(view)
    actor = None if view.get("over") else _seat(view, seat)
    if view.get("over"):
        prompt_text = result_line(view) or str(tr(prompt))
    elif actor is None:
        prompt_text = _random_event(prompt)
    else:
        prompt_text = decision_text(view)
    scores = [(chip(view, s), int(p.get("vp", 0))) for s, p in enumerate(players)]
    last = last or {}
    by = _seat(view, last.get("seat"))
    move = str(last.get("move") or "")
    if move.startswith("~"):
        # i18n: the turn picture's last move when it was a random draw (the events say what was drawn).
        move = _("Random draw")
    events = [e for e in last.get("events") or [] if isinstance(e, dict)]
    focus = _focus(view, last, events) if move else None
    lines = _pick_lines(events, 2 if focus else 3) if move else []
    whose = actor
    if whose is None and not view.get("over") and view.get("turn_no"):
        whose = _seat(view, view.get("current"))
    card = TurnCard(
        title=GAME_TITLE, status=status(view), actor=chip(view, actor) if actor is not None else None,
        prompt=prompt_text, scores=scores, last_by=chip(view, by) if by is not None else None, last_move=move,
        last_lines=lines, score_label=icon("vp"),
        resources_of=chip(view, whose) if whose is not None else None,
        resources=_resources(view, whose) if whose is not None else (),
        focus_title=focus[0] if focus else "", focus=focus[1] if focus else None,
        focus_height=focus[1].height if focus else FOCUS_HEIGHT,
    )
    return _fit_card(card)


def _fit_card(card: TurnCard) -> TurnCard:
    """``card`` no taller than :data:`CARD_MAX_HEIGHT`: a lower focus, then fewer event lines."""
    extra = turn_layout_height(card) - CARD_MAX_HEIGHT
    if extra <= 0:
        return card
    if card.focus is not None:
        card = replace(card, focus_height=max(min(card.focus_height, FOCUS_MIN_HEIGHT), card.focus_height - extra))
    while turn_layout_height(card) > CARD_MAX_HEIGHT and len(card.last_lines) > 1:
        card = replace(card, last_lines=card.last_lines[:-1])
    extra = turn_layout_height(card) - CARD_MAX_HEIGHT
    if extra > 0 and card.focus is not None:
        card = replace(card, focus_height=max(min(card.focus_height, 140), card.focus_height - extra))
    return card


# -- what the last move touched --------------------------------------------------------------------


def _first(events: list[dict[str, Any]], kind: str, chance: bool | None = None) -> dict[str, Any] | None:
    """The first event of ``kind`` (``chance``: only random ones / only a player's; ``None``: any)."""
    for e in events:
        if e.get("kind") != kind:
            continue
        random_event = not isinstance(e.get("seat"), int) or e.get("seat") < 0
        if chance is None or chance == random_event:
            return e
    return None


def _data(e: dict[str, Any] | None) -> dict[str, Any]:
    return (e or {}).get("data") or {}


def _focus(view: dict[str, Any], last: dict[str, Any], events: list[dict[str, Any]]) -> tuple[str, Focus] | None:
    """``(title, drawer)`` of what the move ``last`` touched, from its events' data; ``None`` when
    it touched nothing on the table (ending a turn, a hidden choice …)."""
    t = tables()
    areas = view.get("areas") or {}
    seat = _seat(view, last.get("seat"))
    move = str(last.get("move") or "")

    def area_focus(area: Any, **kw: Any) -> tuple[str, Focus] | None:
        if str(area) not in areas:
            return None
        return area_title(str(area)), _area_drawer(view, str(area), seat, **kw)

    if (e := _first(events, "order", chance=False)) and _data(e).get("order") in t.orders:
        order = str(_data(e)["order"])
        # i18n: the turn picture's focus title: the order card just fulfilled.
        return _("Order {id} fulfilled", id=order), _order_drawer(view, order, seat)
    if (e := _first(events, "achieve", chance=False)) and _data(e).get("tile") in t.achievements:
        tile = str(_data(e)["tile"])
        # i18n: the turn picture's focus title: an achievement tile.
        return _("Achievement {tile}", tile=tile), _achievement_drawer(view, tile)
    if (e := _first(events, "tech", chance=False)) and _data(e).get("card") in t.techs:
        card = str(_data(e)["card"])
        # i18n: the turn picture's focus title: the technology card just taken.
        return _("Technology taken: {card}", card=tech_name(card)), _tech_drawer(view, card, seat)
    if (e := _first(events, "port", chance=False)) and _data(e).get("port") in (view.get("ports") or {}):
        port = str(_data(e)["port"])
        new = [str(_data(x).get("order")) for x in events if x.get("kind") == "order" and _data(x).get("port")]
        return _("{board}: orders", board=area_title(port)), _port_drawer(view, port, new)
    for which in ("church", "customs"):
        if (e := _first(events, which, chance=False)) and isinstance(_data(e).get("space"), int):
            space = int(_data(e)["space"])
            name = str(tr(AREA_NAMES["church" if which == "church" else "customs_house"]))
            # i18n: the turn picture's focus title: the Church or Customs House board and the space just taken.
            return _("{board} board, space {space}", board=name, space=space), _spaces_drawer(view, which, space)
    if (e := _first(events, "build", chance=False)) and _data(e).get("area") in areas:
        d = _data(e)
        return area_focus(d["area"], built=(str(d.get("piece")), d.get("space")),
                          power=(view.get("turn") or {}).get("power"))
    if (e := _first(events, "token", chance=False)) and _data(e).get("token") in t.token_reward:
        return _("5-power token"), _token_drawer(str(_data(e)["token"]))
    if (e := _first(events, "reward_token")) and _data(e).get("token") in t.reward_tokens:
        token = str(_data(e)["token"])
        # i18n: the turn picture's focus title: an achievement reward token (mini-expansion 1).
        return _("Achievement reward token {token}", token=token), _reward_token_drawer(token)
    if (e := _first(events, "station", chance=False)) and _data(e).get("area") in areas:
        return area_focus(_data(e)["area"])
    if (e := _first(events, "move", chance=False)) and _data(e).get("area") in areas:
        dest = str(_data(e)["area"])
        start = (view.get("turn") or {}).get("start")
        power = _data(_first(events, "area_action")).get("power")
        if seat is None or not start or start not in areas or start == dest:
            return area_focus(dest, power=power)
        walk = move.split(" ", 1)[0] == "go"
        path = president_path(view, seat, str(start), dest) if walk else [str(start), dest]
        # i18n: the turn picture's focus title: the way the president just went.
        return _("President's way to {area}", area=area_title(dest)), _path_drawer(view, path, seat, power)
    for kind in ("agent", "area_action", "place", "recall"):
        if (e := _first(events, kind, chance=False)) and _data(e).get("area") in areas:
            power = _data(_first(events, "area_action")).get("power")
            return area_focus(_data(e)["area"], power=power)
    if (e := _first(events, "shift", chance=False)) and _data(e).get("dst") in areas:
        src, dst = str(_data(e).get("src")), str(_data(e)["dst"])
        # i18n: the turn picture's focus title: an assistant just moved (a reward's assistant move).
        return _("Assistant moved to {area}", area=area_title(dst)), _path_drawer(view, [src, dst], seat, None)
    if seat is not None and (_first(events, "exchange", chance=False) or _first(events, "spin", chance=False)):
        traded = {str(v) for e in events if e.get("kind") == "exchange" for k, v in _data(e).items()
                  if k in ("sell", "buy")}
        if _first(events, "spin"):
            traded |= {"silk", "yen"}
        # i18n: the turn picture's focus title: a player's money and goods after an exchange.
        return _("Goods and yen"), _goods_drawer(view, seat, traded)
    if seat is not None and (_first(events, "hire", chance=False) or _first(events, "university", chance=False)):
        # i18n: the turn picture's focus title: a player's pieces in hand and in the warehouse.
        return _("Hand and warehouse"), _pieces_drawer(view, seat)
    # Random draws.
    if (e := _first(events, "tech", chance=True)) and _data(e).get("lab") in (view.get("labs") or {}):
        lab = str(_data(e)["lab"])
        new = [str(_data(x).get("card")) for x in events if x.get("kind") == "tech"]
        return _("{board}: technologies", board=area_title(lab)), _lab_drawer(view, lab, new)
    if (e := _first(events, "order", chance=True)) and _data(e).get("port") in (view.get("ports") or {}):
        port = str(_data(e)["port"])
        new = [str(_data(x).get("order")) for x in events if x.get("kind") == "order"]
        return _("{board}: orders", board=area_title(port)), _port_drawer(view, port, new)
    for kind in ("tile", "token", "board"):
        if (e := _first(events, kind, chance=True)) and _data(e).get("area") in areas:
            return area_focus(_data(e)["area"])
    if (e := _first(events, "achievement", chance=True)) and _data(e).get("tile") in t.achievements:
        tile = str(_data(e)["tile"])
        return _("Achievement {tile}", tile=tile), _achievement_drawer(view, tile)
    return None


def president_path(view: dict[str, Any], seat: int, start: str, dest: str) -> list[str]:
    """The areas a president walked from ``start`` to ``dest``, both included: the cheapest walk
    as the rules find it (Zasady ruchu prezesa: through areas with the player's assistant or the
    Canal, paying presidents met, the Canal's fee; the first found among equal ones), recomputed
    from the view after the move. ``[start, dest]`` when no walk is found."""
    t = tables()
    layout = [str(a) if a else None for a in view.get("layout") or []]
    areas = view.get("areas") or {}
    players = view.get("players") or []
    near: dict[int, list[int]] = {i: [] for i in range(len(layout))}
    for a, b in view.get("edges") or t.layouts[len(players)].edges:
        near[int(a)].append(int(b))
        near[int(b)].append(int(a))
    techs = players[seat].get("technologies") or []
    stagecoach = any(t.techs[c].name == "stagecoach" for c in techs if c in t.techs)
    others: dict[str, int] = Counter(str(p["president"]) for s, p in enumerate(players)
                                     if s != seat and p.get("president"))
    cell = {a: i for i, a in enumerate(layout) if a}
    if start not in cell or dest not in cell:
        return [start, dest]

    def entry(area: str) -> int:
        canal = t.n["canal_fee"] if t.kind(area) == "canal" else 0
        return canal + (0 if stagecoach else t.n["passing_fee"] * others[area])

    best: dict[str, tuple[int, list[str]]] = {start: (0, [start])}
    heap: list[tuple[int, int, str]] = [(0, 0, start)]
    counter = itertools.count(1)
    while heap:
        cost, _n, here = heapq.heappop(heap)
        if cost > best[here][0]:
            continue
        if here == dest:
            break
        for c in sorted(near[cell[here]]):
            nxt = layout[c]
            if nxt is None or nxt == start:
                continue
            here_now = (areas.get(nxt) or {}).get("assistants") or []
            if nxt != dest and t.kind(nxt) != "canal" and (seat >= len(here_now) or int(here_now[seat]) < 1):
                continue
            total = cost + entry(nxt)
            if nxt not in best or total < best[nxt][0]:
                best[nxt] = (total, best[here][1] + [nxt])
                heapq.heappush(heap, (total, next(counter), nxt))
    return best[dest][1] if dest in best else [start, dest]


# -- focus drawings (every text at least FOCUS_TEXT px, every piece with its letter) ---------------


@dataclass(frozen=True)
class Focus:
    """A focus drawing (:data:`render.core.cards.FocusDrawer`) and the height it wants on the card."""

    paint: FocusDrawer
    height: int = FOCUS_HEIGHT

    def __call__(self, c: Canvas, r: Rect) -> None:
        """Draw into ``r``."""
        self.paint(c, r)


def _ftext(c: Canvas, x: float, y: float, text: str, room: float, *, size: int = FOCUS_TEXT,
           style: str = "regular", fill: pal.RGB = pal.INK, anchor: str = "lm") -> int:
    """One line of focus text in ``room`` px: condensed rather than smaller, never below
    :data:`FOCUS_TEXT` (cut with an ellipsis last); returns its width."""
    if not text:
        return 0
    f = fit_text(text, max(1, int(room)), size, style, min_size=min(size, FOCUS_TEXT))
    return c.text(x, y, f.text, size=f.size, style=f.style, fill=fill, anchor=anchor)


def _flines(c: Canvas, r: Rect, text: str, *, max_lines: int = 2, size: int = FOCUS_TEXT, style: str = "regular",
            fill: pal.RGB = pal.INK, pitch: int = FOCUS_LINE) -> int:
    """``text`` wrapped into ``r`` from its top (condensed when that saves a line); returns the lines."""
    lines = wrap(text, r.w, size, style)
    narrow = "condensed_bold" if style == "bold" else "condensed"
    if len(lines) > max_lines or len(lines) > len(wrap(text, r.w, size, narrow)):
        lines, style = wrap(text, r.w, size, narrow), narrow
    if len(lines) > max_lines:
        lines = lines[: max_lines - 1] + [" ".join(lines[max_lines - 1:])]
    for i, line in enumerate(lines):
        _ftext(c, r.x, r.y + pitch * i + pitch / 2, line, r.w, size=size, style=style, fill=fill)
    return len(lines)


def _centred_lines(c: Canvas, r: Rect, text: str) -> None:
    """Bold ``text`` in at most two lines, centred in ``r``'s height."""
    n = min(2, len(wrap(text, r.w, FOCUS_TEXT, "bold")) or 1)
    _flines(c, Rect(r.x, round(r.cy - n * FOCUS_LINE / 2), r.w, n * FOCUS_LINE), text, style="bold")


def _fpiece(c: Canvas, view: dict[str, Any], cx: float, cy: float, seat: int | None, shape: str = "circle",
            d: int = FOCUS_PIECE) -> None:
    rgb, letter = seat_piece(view, seat)
    c.piece(cx, cy, d, d, fill=rgb, letter=letter, shape=shape, size=FOCUS_TEXT)


def _ftoken(c: Canvas, cx: float, cy: float, d: int) -> None:
    """A 5-power token (a gold disc with a 5) for the focus drawing."""
    c.piece(cx, cy, d, d, fill=TOKEN_GOLD, letter="5", shape="circle", outline=pal.INK, outline_w=1, size=FOCUS_TEXT)


def _fhouse(c: Canvas, cx: float, cy: float, w: int, h: int, fill: pal.RGB, letter: str = "") -> None:
    """A trading house for the focus drawing, its letter at :data:`FOCUS_TEXT`."""
    house_piece(c, cx, cy, w, h, fill, outline=pal.BORDER, outline_w=2)
    if letter:
        c.text(cx, cy + h * 0.14, letter, size=FOCUS_TEXT + 2, style="bold", fill=pal.text_on(fill), anchor="mm")


#: What a reward icon means, for the focus drawing's key line (VP and ¥ need none).
ICON_MEANING = {
    "copper": GOODS_NAMES["copper"], "silk": GOODS_NAMES["silk"], "tea": GOODS_NAMES["tea"],
    "fish": GOODS_NAMES["fish"], "ig": GOODS_NAMES["ig"], "any_good": T("icon meaning", "trade good of your choice"),
    "moves": T("icon meaning", "assistant move"), "wh_assistant": T("icon meaning", "assistant from the warehouse"),
    "wh_shop": T("icon meaning", "shop from the warehouse"), "free_agent": T("icon meaning", "free agent"),
}


def _icon_key(c: Canvas, r: Rect, rewards: list[dict[str, int]]) -> None:
    """One line naming the icons of ``rewards`` ("C = copper · any = trade good of your choice"),
    as many as fit ``r`` at :data:`FOCUS_TEXT`."""
    kinds = [k for k in ICON_MEANING if any(rw.get(k) for rw in rewards)]
    entries = [f"{icon(k)} = {tr(ICON_MEANING[k])}" for k in kinds]
    while entries:
        text = " · ".join(entries)
        if not fit_text(text, r.w, FOCUS_TEXT, "regular", min_size=FOCUS_TEXT).truncated:
            _ftext(c, r.x, r.cy, text, r.w, fill=pal.MUTED)
            return
        entries.pop()


def _reward_lines(c: Canvas, cell: Rect, reward: dict[str, int]) -> None:
    """A space's reward in short (one item per line, at most two) at :data:`FOCUS_TEXT`."""
    items = short_items(reward) or ["–"]
    if len(items) > 2:
        items = [items[0], " ".join(items[1:])]
    pitch = FOCUS_TEXT + 4
    y0 = cell.cy - (len(items) - 1) * pitch / 2
    for k, item in enumerate(items):
        _ftext(c, cell.cx, y0 + k * pitch, item, cell.w - 6, style="bold", anchor="mm")


def _players_row(c: Canvas, r: Rect, view: dict[str, Any], area: str) -> None:
    """Each player's assistants (circle, count) and president (diamond) in ``area``, left to right."""
    a = (view.get("areas") or {}).get(area) or {}
    x = r.x
    for s, p in enumerate(view.get("players") or []):
        here = a.get("assistants") or []
        n = int(here[s]) if s < len(here) else 0
        president = p.get("president") == area
        if not n and not president:
            continue
        if x + FOCUS_PIECE > r.x2:
            break
        if n:
            _fpiece(c, view, x + FOCUS_PIECE / 2, r.cy, s)
            x += FOCUS_PIECE + 4
            x += _ftext(c, x, r.cy, f"×{n}", r.x2 - x, style="bold") + 12
        if president and x + FOCUS_PIECE <= r.x2:
            _fpiece(c, view, x + FOCUS_PIECE / 2, r.cy, s, shape="diamond")
            x += FOCUS_PIECE
        x += 22
    if x == r.x:
        # i18n: the turn picture's focus: an area with nobody's pieces in it.
        _ftext(c, x, r.cy, _("no pieces"), r.w, fill=pal.MUTED)


def _area_drawer(view: dict[str, Any], area: str, seat: int | None, power: Any = None,
                 built: tuple[str, Any] | None = None) -> Focus:
    """An area board: the pieces on it, its building tile (the space just built outlined), its
    5-power token and the station; the power of the move's player (or of everyone present)."""

    def paint(c: Canvas, r: Rect) -> None:
        t = tables()
        a = (view.get("areas") or {}).get(area) or {}
        rec = t.areas.get(area)
        canal = rec is not None and rec.kind == "canal"
        tint = WATER if canal else CATEGORY_TINT.get(rec.category if rec else "commercial", pal.PANEL_ALT)
        c.draw.rounded_rectangle(r.box, radius=10, fill=pal.PANEL, outline=pal.BORDER, width=2)
        c.rect(Rect(r.x + 2, r.y + 2, 12, r.h - 4), fill=tint)
        inner = Rect(r.x + 24, r.y + 8, r.w - 34, r.h - 16)
        if canal:
            _flines(c, Rect(inner.x, inner.cy - FOCUS_LINE, inner.w, 2 * FOCUS_LINE),
                    _("crossing {fee}, never a stop", fee=yen(t.n["canal_fee"])), style="bold")
            outline_focus(c, r)
            return
        # Row 1: everybody's pieces; the 5-power token and the station at the right.
        top = Rect(inner.x, inner.y, inner.w, FOCUS_PIECE + 6)
        right = top.x2
        if view.get("station") == area:
            c.piece(right - 32, top.cy, 64, FOCUS_PIECE - 6, fill=pal.INK, letter=str(tr(STATION_LETTER)),
                    shape="square", outline=pal.INK, size=FOCUS_TEXT)
            right -= 76
        token = a.get("token")
        if token:
            text = short_reward(t.token_reward.get(str(token), {}))
            tw = min(text_width(text, FOCUS_TEXT, "bold"), 170)
            _ftext(c, right - tw, top.cy, text, tw, style="bold")
            _ftoken(c, right - tw - 8 - FOCUS_PIECE / 2, top.cy, FOCUS_PIECE)
            right -= tw + FOCUS_PIECE + 24
        _players_row(c, Rect(top.x, top.y, right - top.x, top.h), view, area)
        body = Rect(inner.x, top.y2 + 8, inner.w, inner.y2 - top.y2 - 8)
        # The key to the icons of the tile and the token, at the bottom when there is room.
        tile = a.get("tile")
        shown_rewards = ([*t.shop_rewards[tile], t.house_reward[tile]] if tile in t.tiles else []) + \
            ([t.token_reward.get(str(token), {})] if token else [])
        if body.h - FOCUS_LINE >= 84 and any(k in ICON_MEANING for rw in shown_rewards for k in rw):
            _icon_key(c, Rect(inner.x, inner.y2 - FOCUS_LINE, inner.w, FOCUS_LINE), shown_rewards)
            body = Rect(body.x, body.y, body.w, body.h - FOCUS_LINE)
        # Right column: the power of the move's player, else of everyone with power here.
        col_w = 160
        col = Rect(body.x2 - col_w, body.y, col_w, body.h)
        # i18n: the turn picture's focus: the power in the area (a label over a piece and a number).
        _ftext(c, col.x, col.y + FOCUS_TEXT / 2 + 2, _("Power"), col.w, style="bold", fill=pal.MUTED)
        powers = [int(x) for x in (view.get("power") or {}).get(area) or []]
        shown = [(seat, int(power))] if seat is not None and power is not None else \
            [(s, pw) for s, pw in enumerate(powers) if pw > 0]
        py = col.y + FOCUS_TEXT + 8
        for k, (s, pw) in enumerate(shown[:4]):
            cx = col.x + (k % 2) * 80
            cy = py + (k // 2) * 42 + 20
            if cy + 19 > col.y2 + 4:
                break
            _fpiece(c, view, cx + 19, cy, s, shape="square", d=38)
            _ftext(c, cx + 44, cy, str(pw), 34, style="bold", size=32)
        if not shown:
            _ftext(c, col.x, py + 22, "–", col.w, fill=pal.MUTED)
        # The building tile: shop spaces and the trading-house space.
        room = Rect(body.x, body.y, body.w - col_w - 12, body.h)
        target: Rect | None = None
        if tile in t.tiles:
            rewards = t.shop_rewards[tile]
            n = len(rewards) + 1
            side = max(40, min(room.h, (room.w - (n - 1) * 8) // n, 118))
            shops = a.get("shops") or []
            for k in range(n):
                cell = Rect(room.x + k * (side + 8), room.y + (room.h - side) // 2, side, side)
                if k < n - 1:
                    occ = shops[k] if k < len(shops) else None
                    c.rect(cell, fill=pal.PANEL if occ is None else pal.PANEL_ALT, outline=pal.BORDER, width=2)
                    if occ is None:
                        _reward_lines(c, cell, rewards[k])
                    else:
                        rgb, letter = seat_piece(view, int(occ))
                        c.piece(cell.cx, cell.cy, side - 24, side - 24, fill=rgb, letter=letter, shape="square",
                                size=FOCUS_TEXT + 4)
                    if built and built[0] == "shop" and built[1] == k + 1:
                        target = cell
                else:
                    house = a.get("house")
                    if house is None:
                        _fhouse(c, cell.cx, cell.cy, side, side, pal.PANEL_ALT)
                        _reward_lines(c, Rect(cell.x, cell.y + side // 4, cell.w, cell.h - side // 4),
                                      t.house_reward[tile])
                    else:
                        rgb, letter = seat_piece(view, int(house))
                        _fhouse(c, cell.cx, cell.cy, side, side, rgb, letter)
                    if built and built[0] == "house":
                        target = cell
        else:
            # i18n: the turn picture's focus: an area board without a building tile.
            _ftext(c, room.x, room.cy, _("no building tile"), room.w, fill=pal.MUTED)
        outline_focus(c, target if target is not None else r)

    return Focus(paint, FOCUS_HEIGHT)


def _path_drawer(view: dict[str, Any], path: list[str], seat: int | None, power: Any) -> Focus:
    """The president's way (or an assistant's move) as a chain of boxes, the destination outlined;
    under it the destination's pieces."""

    def paint(c: Canvas, r: Rect) -> None:
        nodes = path if len(path) <= 8 else path[:3] + ["…"] + path[-4:]
        per_row = min(4, len(nodes))
        rows = [nodes[i:i + per_row] for i in range(0, len(nodes), per_row)]
        arrow = 34
        box_w = (r.w - (per_row - 1) * arrow) // per_row
        box_h = 62
        colour = seat_piece(view, seat)[0] if seat is not None else pal.HIGHLIGHT
        y = r.y + 4
        target = r
        for row in rows:
            for k, node in enumerate(row):
                box = Rect(r.x + k * (box_w + arrow), y, box_w, box_h)
                last = node is nodes[-1] and row is rows[-1] and k == len(row) - 1
                canal = node in tables().areas and tables().kind(node) == "canal"
                fill = pal.tint(colour, 0.55) if last else WATER if canal else pal.PANEL_ALT
                c.draw.rounded_rectangle(box.box, radius=8, fill=fill, outline=pal.BORDER, width=2)
                if node == "hand":
                    name = _("Hand")
                elif node in tables().areas:
                    name = _fit_area_name(node, box.w - 12)
                else:
                    name = node
                _ftext(c, box.cx, box.cy, name, box.w - 12, style="bold", anchor="mm")
                if k < len(row) - 1:
                    ax = box.x2 + 4
                    c.line([(ax, box.cy), (ax + arrow - 12, box.cy)], fill=pal.INK, width=4)
                    c.draw.polygon([(ax + arrow - 8, box.cy), (ax + arrow - 18, box.cy - 9),
                                    (ax + arrow - 18, box.cy + 9)], fill=pal.INK)
                if last:
                    target = box
            y += box_h + 14
        dest = path[-1]
        rest = Rect(r.x, y, r.w, r.y2 - y)
        if dest in (view.get("areas") or {}) and rest.h >= FOCUS_PIECE:
            row = Rect(rest.x, rest.y, rest.w, FOCUS_PIECE + 4)
            x = row.x
            if power is not None:
                # i18n: the turn picture's focus: the acting player's power in the area just reached.
                x += _ftext(c, x, row.cy, _("power {n}", n=int(power)), 180, style="bold") + 20
            _players_row(c, Rect(x, row.y, row.x2 - x, row.h), view, dest)
        outline_focus(c, target)

    rows = (min(len(path), 8) + 3) // 4
    return Focus(paint, 76 * rows + 74)


def _fit_area_name(area: str, room: int) -> str:
    """An area's name (its short name when the full one does not fit ``room`` at :data:`FOCUS_TEXT`)."""
    full = area_title(area)
    if not fit_text(full, max(1, room), FOCUS_TEXT, "bold", min_size=FOCUS_TEXT).truncated:
        return full
    t = tables()
    rec = t.areas[area]
    short = str(tr(AREA_SHORT[rec.kind]))
    return _("{area} ({copy})", area=short, copy=int(area[-1])) if area[-1].isdigit() else short


def _spaces_drawer(view: dict[str, Any], which: str, space: int) -> Focus:
    """The Church or Customs House board: every space's need and piece, the space taken outlined."""

    def paint(c: Canvas, r: Rect) -> None:
        t = tables()
        spaces = t.church if which == "church" else t.customs
        rewards = t.church_reward if which == "church" else t.customs_reward
        board = view.get(which) or []
        n = len(spaces)
        gap = 6
        w = (r.w - (n - 1) * gap) // n
        h = min(r.h - FOCUS_LINE - 14, 2 * FOCUS_PIECE + 20)
        target = r
        for i, s in enumerate(spaces):
            cell = Rect(r.x + i * (w + gap), r.y + 4, w, h)
            c.rect(cell, fill=pal.PANEL, outline=pal.BORDER, width=2)
            head = Rect(cell.x, cell.y, cell.w, FOCUS_TEXT + 12)
            c.rect(head, fill=pal.PANEL_ALT, outline=pal.BORDER, width=2)
            need = str(s.faith) if which == "church" else f"{s.ig}{icon('ig')}"
            _ftext(c, head.cx, head.cy, need, head.w - 4, style="bold", anchor="mm")
            occ = board[i] if i < len(board) else None
            py = (head.y2 + cell.y2) / 2
            if occ is None:
                c.piece(cell.cx, py, 40, fill=pal.PANEL, outline=pal.MUTED, outline_w=1)
            else:
                _fpiece(c, view, cell.cx, py, None if int(occ) < 0 else int(occ), d=min(FOCUS_PIECE, w - 8))
            if i + 1 == space:
                target = cell
        if 1 <= space <= n:
            y = r.y + 4 + h + 8
            # i18n: the turn picture's focus: the reward of the Church / Customs House space just taken.
            text = _("Space {space}: {reward}", space=space, reward=tr(reward_text(rewards[space - 1])))
            _flines(c, Rect(r.x, y, r.w, r.y2 - y), text, max_lines=1)
        outline_focus(c, target)

    return Focus(paint, 178)


def _tech_drawer(view: dict[str, Any], card: str, seat: int | None) -> Focus:
    """The technology card just taken (name, production value, country), beside its new owner's
    technologies in all (the technology bonus goes by their production value)."""

    def paint(c: Canvas, r: Rect) -> None:
        t = tables()
        rec = t.techs[card]
        box = Rect(r.x, r.y + 4, min(330, r.w // 2 + 6), min(r.h - 8, 4 * FOCUS_LINE + 20))
        c.draw.rounded_rectangle(box.box, radius=10, fill=LEVEL_TINT["mid"], outline=pal.BORDER, width=2)
        inner = Rect(box.x + 14, box.y + 8, box.w - 28, box.h - 16)
        y = inner.y + FOCUS_LINE * _flines(c, Rect(inner.x, inner.y, inner.w, 2 * FOCUS_LINE), tech_name(card),
                                           style="bold", size=30)
        for text in (str(tr(amount("pv", rec.value))), str(tr(COUNTRY_NAMES[rec.country]))):
            room = (inner.y2 - y) // FOCUS_LINE
            if room < 1:
                break
            y += FOCUS_LINE * _flines(c, Rect(inner.x, y, inner.w, room * FOCUS_LINE), text, max_lines=min(2, room))
        outline_focus(c, box)
        if seat is None:
            return
        p = view["players"][seat]
        own = [x for x in p.get("technologies") or [] if x in t.techs]
        x0 = box.x2 + 30
        room = r.x2 - x0
        cy = box.y + FOCUS_PIECE / 2 + 4
        _fpiece(c, view, x0 + FOCUS_PIECE / 2, cy, seat, shape="square")
        _ftext(c, x0 + FOCUS_PIECE + 10, cy, _n("{n} technology", "{n} technologies", len(own)),
               room - FOCUS_PIECE - 10, style="bold")
        y = round(cy + FOCUS_PIECE / 2 + 8)
        for text in (str(tr(amount("pv", sum(t.techs[x].value for x in own)))),
                     _("Countries {list}", list=f"{country_code(rec.country)} {country_symbols(p)[rec.country]}")):
            lines = (box.y2 - y) // FOCUS_LINE
            if lines < 1:
                break
            y += FOCUS_LINE * _flines(c, Rect(x0, y, room, lines * FOCUS_LINE), text, max_lines=min(2, lines))

    return Focus(paint, 176)


def _lab_drawer(view: dict[str, Any], lab: str, new: list[str]) -> Focus:
    """A Laboratory board: every space's surcharge and card, the cards just drawn outlined."""

    def paint(c: Canvas, r: Rect) -> None:
        t = tables()
        cards = (view.get("labs") or {}).get(lab) or []
        n = len(t.lab_surcharge)
        cols = 1 if r.h >= n * 40 + 8 else 2
        per = (n + cols - 1) // cols
        cw = (r.w - (cols - 1) * 10) // cols
        pitch = min(44, (r.h - 8) // per)
        for i, extra in enumerate(t.lab_surcharge):
            cell = Rect(r.x + (i // per) * (cw + 10), r.y + 4 + (i % per) * pitch, cw, pitch - 3)
            card = cards[i] if i < len(cards) else None
            c.rect(cell, fill=pal.PANEL_ALT if extra else pal.PANEL, outline=pal.GRID)
            _ftext(c, cell.x + 6, cell.cy, f"+{extra}", 44, style="bold")
            if card in t.techs:
                rec = t.techs[card]
                tail = f"{rec.value}·{country_code(rec.country)}"
                tw = _ftext(c, cell.x2 - 6, cell.cy, tail, 90, style="bold", anchor="rm")
                _ftext(c, cell.x + 56, cell.cy, tech_name(card), cell.w - 56 - tw - 16)
                if card in new:
                    outline_focus(c, cell)
            else:
                _ftext(c, cell.x + 56, cell.cy, "–", 40, fill=pal.MUTED)

    return Focus(paint, 170)


def _port_drawer(view: dict[str, Any], port: str, new: list[str]) -> Focus:
    """A Port board's orders (id, level, country; goods → reward), the cards just drawn outlined
    (or the whole board when none was drawn)."""

    def paint(c: Canvas, r: Rect) -> None:
        t = tables()
        cards = (view.get("ports") or {}).get(port) or []
        orders = [o for o in cards if o in t.orders]
        rewards = [t.order_goods[o] for o in orders] + [t.order_reward[o] for o in orders]
        key = r.h >= 2 * 72 + 14 + FOCUS_LINE
        cw, ch = (r.w - 10) // 2, min(2 * FOCUS_LINE + 12, (r.h - 14 - (FOCUS_LINE if key else 0)) // 2)
        if key:
            _icon_key(c, Rect(r.x, r.y + 4 + 2 * ch + 10, r.w, FOCUS_LINE), rewards)
        marked = False
        for i in range(t.port_slots):
            cell = Rect(r.x + (i % 2) * (cw + 10), r.y + 4 + (i // 2) * (ch + 6), cw, ch)
            card = cards[i] if i < len(cards) else None
            if card not in t.orders:
                c.rect(cell, fill=pal.PANEL, outline=pal.GRID)
                _ftext(c, cell.cx, cell.cy, "–", 40, style="bold", fill=pal.MUTED, anchor="mm")
                continue
            o = t.orders[card]
            c.rect(cell, fill=LEVEL_TINT.get(o.level, pal.PANEL), outline=pal.GRID)
            head = _("{id} · {level} · {country}", id=card, level=tr(LEVEL_NAMES[o.level]),
                     country=country_code(o.country))
            _ftext(c, cell.x + 8, cell.y + ch / 4 + 2, head, cell.w - 16, style="bold")
            line = f"{order_goods_short(card)} → {short_reward(t.order_reward[card])}"
            _ftext(c, cell.x + 8, cell.y + ch * 3 / 4 - 2, line, cell.w - 16)
            if card in new:
                outline_focus(c, cell)
                marked = True
        if not marked:
            outline_focus(c, Rect(r.x, r.y + 4, r.w, 2 * ch + 6))

    return Focus(paint, 216)


def _order_drawer(view: dict[str, Any], order: str, seat: int | None) -> Focus:
    """The order card just fulfilled: id, level, country; the goods paid and the reward, in words."""

    def paint(c: Canvas, r: Rect) -> None:
        t = tables()
        o = t.orders[order]
        box = Rect(r.x, r.y + 4, r.w, min(r.h - 8, 4 * FOCUS_LINE + 20))
        c.draw.rounded_rectangle(box.box, radius=10, fill=LEVEL_TINT.get(o.level, pal.PANEL), outline=pal.BORDER,
                                 width=2)
        x, w = box.x + 16, box.w - 32
        head = _("{id} · {level} · {country}", id=order, level=tr(LEVEL_NAMES[o.level]),
                 country=tr(COUNTRY_NAMES[o.country]))
        y = box.y + 10 + FOCUS_LINE / 2
        _ftext(c, x, y, head, w, style="bold", size=30)
        goods = listing(amount(g, n) for g, n in t.order_goods[order].items())
        # i18n: the turn picture's focus: the goods an order card asks for.
        _ftext(c, x, y + FOCUS_LINE, _("Goods: {goods}", goods=tr(goods)), w)
        # i18n: the turn picture's focus: what an order card gives.
        _ftext(c, x, y + 2 * FOCUS_LINE, _("Reward: {reward}", reward=tr(reward_text(t.order_reward[order]))), w)
        if seat is not None and box.h >= 4 * FOCUS_LINE + 10:
            p = view["players"][seat]
            done = len(p.get("fulfilled") or [])
            text = _n("{n} order fulfilled", "{n} orders fulfilled", done)
            symbols = f"{country_code(o.country)} {country_symbols(p)[o.country]}"
            text += " · " + _("Countries {list}", list=symbols)
            _ftext(c, x, y + 3 * FOCUS_LINE, text, w, fill=pal.MUTED)
        outline_focus(c, box)

    return Focus(paint, 176)


def _achievement_drawer(view: dict[str, Any], tile: str) -> Focus:
    """An achievement tile: VP for the first / later players, its condition, who fulfilled it."""

    def paint(c: Canvas, r: Rect) -> None:
        t = tables()
        rec = t.achievements[tile]
        box = Rect(r.x, r.y + 4, r.w, min(r.h - 8, FOCUS_PIECE + 2 * FOCUS_LINE + 36))
        c.rect(box, fill=pal.PANEL_ALT, outline=pal.BORDER, width=2)
        seats = [int(s) for s in (view.get("achievement_spaces") or {}).get(tile) or []]
        discs = rec.spaces * (FOCUS_PIECE + 6)
        head_y = box.y + 8 + FOCUS_PIECE / 2
        _ftext(c, box.x + 14, head_y, _("{id} · {first} / {later} VP", id=tile, first=rec.first, later=rec.later),
               box.w - 40 - discs, style="bold", size=30)
        for k in range(rec.spaces):
            x = box.x2 - discs - 8 + k * (FOCUS_PIECE + 6) + FOCUS_PIECE / 2
            if k < len(seats):
                _fpiece(c, view, x, head_y, seats[k])
            else:
                c.piece(x, head_y, FOCUS_PIECE - 4, fill=pal.PANEL, letter=str(rec.first if k == 0 else rec.later),
                        outline=pal.MUTED, outline_w=1, letter_fill=pal.MUTED, size=FOCUS_TEXT)
        _flines(c, Rect(box.x + 14, box.y + FOCUS_PIECE + 16, box.w - 28, 2 * FOCUS_LINE), _t("achievement", rec.text))
        outline_focus(c, box)

    return Focus(paint, 166)


def _token_drawer(token: str) -> Focus:
    """A 5-power token and its reward in words."""

    def paint(c: Canvas, r: Rect) -> None:
        reward = tables().token_reward.get(token, {})
        box = Rect(r.x, r.y + 4, r.w, min(r.h - 8, 2 * FOCUS_LINE + 40))
        c.rect(box, fill=pal.PANEL, outline=pal.BORDER, width=2)
        _ftoken(c, box.x + 16 + 30, box.cy, 60)
        _centred_lines(c, Rect(box.x + 96, box.y, box.w - 110, box.h), str(tr(reward_text(reward))))
        outline_focus(c, box)

    return Focus(paint, 124)


def _reward_token_drawer(token: str) -> Focus:
    """An achievement reward token: its country (a symbol) and the free agent it brings."""

    def paint(c: Canvas, r: Rect) -> None:
        country = tables().reward_tokens[token]
        box = Rect(r.x, r.y + 4, r.w, min(r.h - 8, 2 * FOCUS_LINE + 40))
        c.rect(box, fill=pal.PANEL, outline=pal.BORDER, width=2)
        c.piece(box.x + 16 + 34, box.cy, 68, 48, fill=AGENT_FILL, letter=country_code(country), shape="square",
                outline=pal.INK, size=FOCUS_TEXT)
        text = f"{tr(COUNTRY_NAMES[country])} · {tr(amount('free_agent', 1))}"
        _centred_lines(c, Rect(box.x + 100, box.y, box.w - 114, box.h), text)
        outline_focus(c, box)

    return Focus(paint, 124)


def _goods_drawer(view: dict[str, Any], seat: int, traded: set[str]) -> Focus:
    """A player's yen, trade goods and imported goods, the ones just traded outlined."""

    def paint(c: Canvas, r: Rect) -> None:
        p = view["players"][seat]
        kinds = ("yen", *GOODS, "ig")
        cw, ch = (r.w - 20) // 3, min(FOCUS_PIECE + 40, (r.h - 14) // 2)
        for i, kind in enumerate(kinds):
            cell = Rect(r.x + (i % 3) * (cw + 10), r.y + 4 + (i // 3) * (ch + 6), cw, ch)
            c.rect(cell, fill=pal.PANEL, outline=pal.GRID, width=2)
            w = _ftext(c, cell.x + 12, cell.cy, str(int(p.get(kind, 0))), 70, size=34, style="bold")
            _ftext(c, cell.x + 24 + w, cell.cy, str(tr(RESOURCE_LABELS[kind])), cell.w - 36 - w)
            if kind in traded:
                outline_focus(c, cell)

    return Focus(paint, 196)


def _pieces_drawer(view: dict[str, Any], seat: int) -> Focus:
    """A player's assistants, shops and trading houses in hand and in the warehouse."""

    def paint(c: Canvas, r: Rect) -> None:
        p = view["players"][seat]
        rgb, letter = seat_piece(view, seat)
        pitch = min(FOCUS_PIECE + 20, (r.h - 8) // 2)
        label_w = 0
        rows = ((_("Hand"), ("hand_assistants", "hand_shops", "hand_houses")),
                (_("Warehouse"), ("wh_assistants", "wh_shops", "wh_houses")))
        label_w = min(230, max(text_width(label, FOCUS_TEXT, "bold") for label, _keys in rows) + 16)
        for k, (label, keys) in enumerate(rows):
            cy = r.y + 4 + k * pitch + pitch / 2
            _ftext(c, r.x, cy, label, label_w - 10, style="bold")
            x = r.x + label_w
            for kind, key in zip(("circle", "square", "house"), keys, strict=True):
                if kind == "house":
                    _fhouse(c, x + FOCUS_PIECE / 2, cy, FOCUS_PIECE, FOCUS_PIECE, rgb, letter)
                else:
                    c.piece(x + FOCUS_PIECE / 2, cy, FOCUS_PIECE, FOCUS_PIECE, fill=rgb, letter=letter, shape=kind,
                            size=FOCUS_TEXT)
                x += FOCUS_PIECE + 6
                x += _ftext(c, x, cy, f"×{int(p.get(key, 0))}", 80, style="bold") + 26
        outline_focus(c, Rect(r.x - 4, r.y + 4, r.w + 4, pitch))

    return Focus(paint, 150)


# -- the final-score picture -----------------------------------------------------------------------


def final_card(view: dict[str, Any]) -> ScoreCard:
    """The facts of the final-score picture of a finished game, in the current language: one row per
    step of the rulebook's final scoring (Punktacja końcowa: VP during the game, the Church and
    Customs House bonuses, the technology bonus, country sets, then the leftovers: foreign agents,
    imported goods, yen, trade goods), the totals, the winner and, when VP tie, the tie-break by
    turn order (Zwycięstwo)."""
    players = view.get("players") or []
    scores = view.get("scores") or {}
    n = len(players)
    chips = [chip(view, s) for s in range(n)]
    parts = [scores.get(str(s)) or {} for s in range(n)]
    rows = [(str(tr(label)), [int(parts[s].get(key, 0)) for s in range(n)]) for key, label in SCORE_ROWS]
    totals = [int(parts[s].get("total", players[s].get("vp", 0))) for s in range(n)]
    start = int(view.get("start_player", 0))
    order = sorted(range(n), key=lambda s: (-totals[s], (s - start) % max(1, n)))
    winners = order[:1]
    headline = _("{name} wins with {vp} VP", name=chips[order[0]].name, vp=totals[order[0]]) if order else ""
    tie_break = ""
    tied = [s for s in order if totals[s] == totals[order[0]]]
    if len(tied) > 1:
        # i18n: the final-score picture when the best players tie on VP (Zwycięstwo: the tie goes to the
        # tied player earliest in turn order, the start player first).
        tie_break = _("Tie at {vp} VP between {players}: {name} wins, earliest in turn order (start player: "
                      "{start}).", vp=totals[order[0]], players=", ".join(chips[s].name for s in tied),
                      name=chips[order[0]].name, start=chips[start].name if 0 <= start < n else "?")
    n_ = tables().n
    # i18n: a note under the final-score picture's headline: how the leftovers (the last four rows) score.
    note = _("Leftovers: {agent} VP per unused foreign agent, {ig} VP per imported good, 1 VP per {yen} yen, "
             "1 VP per {goods} trade goods.", agent=n_["leftover_agent_vp"], ig=n_["leftover_ig_vp"],
             yen=n_["leftover_yen_per_vp"], goods=n_["leftover_goods_per_vp"])
    return ScoreCard(title=GAME_TITLE, players=chips, rows=rows, totals=totals, winners=winners, headline=headline,
                     tie_break=tie_break, notes=(note,), score_label=icon("vp"))


def clear_layers() -> None:
    """Drop the cached layers only (the next render draws every label again)."""
    _LAYERS.clear()
    _MAPS.clear()


def clear_cache() -> None:
    """Drop the cached static layers, sprites and fonts (after the font search or a catalogue changes)."""
    clear_layers()
    _house_sprite.cache_clear()
    _yen.cache_clear()
    clear_caches()


__all__ = ["PNG_COMPRESS_LEVEL", "WIDTH", "alt_text", "chip", "clear_cache", "clear_layers", "decision_text",
           "final_card", "layout_for", "president_path", "render", "render_image", "summary", "turn_card"]
