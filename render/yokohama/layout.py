"""The geometry of the Yokohama board (sizes, colours, pieces, the layout by player count) and its static
layers: the frames per player count and language, and the map of a game's area boards."""

from __future__ import annotations

import threading
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from PIL import Image, ImageDraw

from engine.core.i18n import tr
from engine.yokohama.badges import NEUTRAL_BADGE, PLAYER_BADGES, neutral_badge, player_badge
from engine.yokohama.tables import tables
from engine.yokohama.words import AREA_NAMES, COUNTRY_NAMES, DOMAIN, GOODS_NAMES, T, _
from render.core import MIN_TEXT, Canvas, LayerCache, Layout, Rect, text_width
from render.core import palette as pal
from render.core.templates import layer_key
from render.core.widgets import Marker, legend, player_header

from .colours import NEUTRAL_RGB, player_colour
from .labels import (
    COUNTRIES,
    GAME_TITLE,
    STATION_LETTER,
    _colour_of,
    area_title,
    country_code,
    icon,
    player_name,
    short_items,
    short_reward,
    yen,
)

#: Picture width in pixels.
WIDTH = 1400
#: Alpha levels kept at the edges of the board's texts (0, 128, 255): three steps of anti-aliasing
#: look the same as 256 for 18 px text but leave far fewer colours to deflate (the PNG is about a
#: sixth smaller).
TEXT_ALPHA_STEPS = 3

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
#: Lines of the legend under the player panels (an even player count): every entry fits, none is left out.
LEGEND_LINES = 5
NAME_ROOM = 130

#: Badges on the players' pieces as terms (two letters each in every language, ``engine/yokohama/badges.py``).
PLAYER_LETTERS = PLAYER_BADGES
#: The neutral pieces' letter as a term (``N``; their colour is ``NEUTRAL_RGB``).
NEUTRAL_LETTER = NEUTRAL_BADGE

LAND: pal.RGB = (233, 228, 214)  # the map's background
PATH: pal.RGB = (176, 150, 104)  # paths between adjacent boards
WATER: pal.RGB = (168, 212, 238)  # the Canal
WAVE: pal.RGB = (70, 140, 190)
TOKEN_GOLD: pal.RGB = (255, 210, 90)
CATEGORY_TINT: dict[str, pal.RGB] = {"production": (214, 236, 204), "commercial": (220, 228, 244),
                                     "none": WATER}
LEVEL_TINT: dict[str, pal.RGB] = {"low": (250, 246, 228), "mid": (236, 244, 250), "high": (248, 234, 240)}
AGENT_FILL: pal.RGB = (250, 250, 250)

_LAYERS = LayerCache(maxsize=12)  # per player count, colours and language
_MAPS = LayerCache(maxsize=32)  # the same with a game's area boards and building tiles
_SPRITE_LOCK = threading.Lock()


def player_rgb(colour: str) -> pal.RGB:
    """Drawable colour of a player colour name (``KeyError`` for an unknown name)."""
    return player_colour(colour)


def player_letter(colour: str) -> str:
    """The badge printed on a player's pieces in the current language (``Pu`` for purple)."""
    return player_badge(colour)


def seat_piece(view: dict[str, Any], seat: int | None) -> tuple[pal.RGB, str]:
    """``(colour, letter)`` of a seat's pieces (the neutral pieces of the 2-player mode: grey ``N``)."""
    if seat is None or seat < 0:
        return NEUTRAL_RGB, neutral_badge()
    colour = _colour_of(view, seat)
    return player_rgb(colour), player_letter(colour)


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
    """An assistant (a circle ``d`` px high, wider for a two-letter badge) centred at ``(x, y)``."""
    rgb, letter = seat_piece(view, seat)
    c.piece(x, y, d + 10 if len(letter) > 1 else d, d, fill=rgb, letter=letter, shape="circle")


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
    for i, (line, col) in enumerate(lay_data.cells):
        x = x0 + line * (bw + GAP_X) // 2 + col * (bw + GAP_X)
        lay.part(f"map/cell{i}", Rect(x, mp.y + MAP_PAD + line * (BOARD_H + GAP_Y), bw, BOARD_H))
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

    legend_h = LEGEND_LINES * LEGEND_LINE + 12
    if players % 2:  # the free place beside the last player panel holds the legend
        lay.add("legend", Rect(M + pw + G, y - PLAYER_H - G, pw, PLAYER_H))
        lay.height = y - G + M
    else:
        lay.add("legend", Rect(M, y, inner, legend_h))
        lay.height = y + legend_h + M
    return lay


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
    for cell_a, cell_b in lay_data.edges:
        ra, rb = lay.parts[f"map/cell{cell_a}"], lay.parts[f"map/cell{cell_b}"]
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
        names += " · " + _("{letter} neutral", letter=neutral_badge())
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
        # i18n: legend: the abbreviation after a technology's production value on the boards ("5 PV").
        (None, _("PV = production value")),
    ]
    lines = max(3, (r.h - 8) // LEGEND_LINE)
    legend(c, r, entries, max_lines=lines, line_h=LEGEND_LINE)


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
