"""The geometry of the Nippon board (sizes, colours, pieces, the layout by player count) and its static
layer, drawn once per player count, colours and language."""

from __future__ import annotations

import threading
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from PIL import Image, ImageDraw

from engine.core.i18n import tr
from engine.nippon.badges import PLAYER_BADGES, player_badge, worker_badge
from engine.nippon.tables import tables
from engine.nippon.words import _, _n, _t
from render.core import MIN_TEXT, Canvas, LayerCache, Layout, Rect, fit_text, text_width
from render.core import palette as pal
from render.core.widgets import Marker, fitted_width, legend, player_header

from .colours import player_colour, worker_colour
from .labels import (
    ACHIEVEMENT_SHORT,
    ACTION_SHORT,
    GAME_TITLE,
    TRACK_SHORT,
    _colour_of,
    achievement_label,
    bonus_label,
    bonus_words,
    goods_name,
    player_name,
)

#: Picture width in pixels.
WIDTH = 1400
#: Alpha levels kept at the edges of the board's texts (0, 127, 255): three steps of anti-aliasing
#: look the same as 256 for 18 px text but leave far fewer colours to deflate (a fifth smaller PNG).
TEXT_ALPHA_STEPS = 3

M = 10  # outer margin
G = 10  # gap between panels
TITLE_H = 28
LINE = 24  # text line pitch (18 px text)
HEADER_H = 54
ROW_A_H = 190
REGION_H = TITLE_H + 36 + 4 * 27 + 26 + 28 + 50 + 6
ROW_C_H = TITLE_H + 12 + 10 * LINE
PLAYER_H = 380
REFERENCE_H = TITLE_H + 12 + 5 * LINE
LEGEND_H = 3 * LINE + 6  # three lines: every entry fits in every language, none is left out
CITY_ROW = 27  # an influence space of a city (one row of the city box)
CITY_H = 26 + 4 * CITY_ROW  # a city box: title and the four influence spaces
SLOT_W = 41  # a train/ship space of a region (most: 8 per region)
TRACK_LABEL_W = 112  # player panel: track label column
TRACK_CELL_W = 23  # player panel: one track space
ROW_CELL = 26  # player panel: pitch of the ship and train spaces
ACH_W, ACH_H = 91, 44  # player panel: an achievement space (two lines: what it counts, then the tile)
ROW_PITCH = ACH_H + 2  # player panel: pitch of the workers, contracts and influence rows
ROW_LABEL_W = 100  # player panel: labels of the workers, contracts and influence rows
LEFT_W = 380  # player panel: width of those rows (the achievement grid is right of them)
REWARD_LABEL_W = 128
REWARD_CELL_W = 56
REWARDS_W = 8 + REWARD_LABEL_W + 4 * REWARD_CELL_W + 8
NAME_ROOM = 170  # player panel: room of the player's name
SIDES = "NESW"

#: Badges on the players' pieces as terms (two letters each in every language, ``engine/nippon/badges.py``).
PLAYER_LETTERS = PLAYER_BADGES
#: Background tint of a good by level (1 cream, 2 blue-grey, 3 pink-grey).
LEVEL_TINT: dict[int, pal.RGB] = {1: (253, 248, 228), 2: (240, 246, 252), 3: (250, 236, 242)}
WORKER_ORDER = ("black", "red", "grey", "blue", "white", "yellow")

_LAYERS = LayerCache(maxsize=24)  # the static layers, per player count, colours and language
_SPRITE_LOCK = threading.Lock()


def player_rgb(colour: str) -> pal.RGB:
    """Drawable colour of a player colour name (``KeyError`` for an unknown name)."""
    return player_colour(colour)


def player_letter(colour: str) -> str:
    """The badge printed on a player's pieces in the current language (``Pu`` for purple)."""
    return player_badge(colour)


def worker_letter(colour: str) -> str:
    """The letters printed on a worker in the current language (``K`` for black)."""
    return worker_badge(colour)


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
    c.piece(x, y, d, fill=worker_colour(colour), letter=worker_letter(colour), shape="circle")


def _tile(c: Canvas, view: dict[str, Any], x: float, y: float, seat: int, w: int, h: int, text: str | None = None) -> None:
    colour = _colour_of(view, seat)
    c.piece(x, y, w, h, fill=player_rgb(colour), letter=player_letter(colour) if text is None else text,
            shape="square")


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
        across, down = seat % 2, seat // 2
        r = lay.add(f"player:{seat}", Rect(M + across * (pw + G), y + down * (PLAYER_H + G), pw, PLAYER_H))
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
    dy = (ACH_H - 32) // 2  # the rows are centred on the rows of the achievement grid
    parts["workers"] = Rect(x0, y + dy, LEFT_W, 32)
    parts["contracts"] = Rect(x0, y + ROW_PITCH + dy, LEFT_W, 32)
    parts["influence"] = Rect(x0, y + 2 * ROW_PITCH + dy, LEFT_W, 32)
    for k, cid in enumerate(t.contract_ids):
        parts[f"contract:{cid}"] = Rect(x0 + ROW_LABEL_W + k * 34, y + ROW_PITCH + dy + 2, 32, 28)
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
    for s, track_space in enumerate(t.track_spaces):
        r = lay.parts[f"scoring/space{s}"]
        c.rect(r, fill=pal.THRESHOLD if track_space.golden else pal.NORMAL_ROUND, outline=pal.BORDER)
        c.text(r.cx, r.cy, str(s + 1), style="bold", fill=pal.INK if track_space.golden else pal.TITLE_TEXT,
               anchor="mm")
        if track_space.scoring:
            prev = lay.parts[f"scoring/space{s - 1}"]
            _scoring_symbol(c, (prev.x2 + r.x) / 2, r.cy, track_space.scoring)
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
            for side in SIDES:
                c.rect(lay.parts[f"city:{city.id}/{side}"], fill=pal.PANEL, outline=pal.GRID)
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
    for row_name, label in (("workers", _("Workers")), ("contracts", _("Contracts")), ("influence", _("Influence"))):
        rr = lay.parts[p + row_name]
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
        # i18n: a contract of the reference panel: the goods it asks for → its bonus and money-track spaces.
        text = _("{goods} → {bonus}, money +{steps}", goods=goods, bonus=bonus_words(kind, con.bonus.value()),
                 steps=con.money_steps)
        contract_dots(c, col.x + 12, y + LINE / 2 - 1, con.requires, pal.INK, 4)
        c.text(col.x + 28, y, text, style="condensed", max_width=col.w - 28)
    first = -(-len(t.data.contracts) // n)
    n = 3 if wide else 1
    acols = body.columns(n, gap=12)
    for k, ach in enumerate(t.data.achievements):
        col = acols[k % n]
        y = body.y + (first + k // n) * pitch + (0 if wide else 4)
        head = f"{achievement_label(ach.id)}{' (1x)' if ach.printed_1x else ''}: "
        hw = text_width(head, MIN_TEXT, "condensed_bold")
        c.text(col.x, y, head, style="condensed_bold")
        full = _t("achievement", ach.text)
        room = col.w - hw
        if text_width(full, MIN_TEXT, "condensed") > room and ach.measure in ACHIEVEMENT_SHORT:
            short = _("1 VP per {what}", what=tr(ACHIEVEMENT_SHORT[ach.measure]))
            full = min((full, short), key=lambda s: text_width(s, MIN_TEXT, "condensed"))
        c.text(col.x + hw, y, full, style="condensed", max_width=room)


def _static_legend(c: Canvas, r: Rect, colours: tuple[str, ...]) -> None:
    """Shapes, worker and player letters and the colour conventions, in up to three lines."""

    def shape(kind: str) -> Marker:
        def draw_it(cv: Canvas, x: float, y: float) -> None:
            if kind in ("ship", "train"):
                transport_piece(cv, kind, x, y, 28, 22, pal.PANEL_ALT, "")
            elif kind == "diamond":
                _scoring_symbol(cv, x, y, None)
            else:
                cv.piece(x, y, 24, fill=pal.PANEL_ALT, shape=kind)

        return draw_it

    workers = " · ".join(f"{worker_letter(w)} {_t('worker colour', w)}" for w in WORKER_ORDER)
    names = " · ".join(f"{player_letter(col)} {player_name(col)}" for col in colours)
    entries: list[tuple[Marker | None, str]] = [
        (shape("circle"), _("worker")), (shape("square"), _("influence tile")), (shape("ship"), _("ship (VP)")),
        (shape("train"), _("train (+influence)")), (shape("diamond"), _("scoring")), (None, workers), (None, names),
        (None, _("gold = star or golden space")), (None, _("tint = goods level 1/2/3")),
        # i18n: legend entries: the marker of the worker rows and the money icons of a player board.
        (None, _("▶ next worker row")), (None, _("¥ money icon: money +1 once uncovered")),
    ]
    legend(c, r, entries, max_lines=3, line_h=LINE)


def _display_line(c: Canvas, r: Rect, tile: str, colour: pal.RGB, room_right: int = 0) -> None:
    """One factory tile of the display: its bonus, shortened (tiles carry no printed id)."""
    c.text(r.x + 4, r.cy, "•", style="bold", fill=colour, anchor="lm")
    c.text(r.x + 16, r.cy, bonus_label(tile), style="condensed", fill=colour, anchor="lm",
           max_width=r.w - 16 - room_right)


def _contract(c: Canvas, cell: Rect, cid: str, done: bool) -> None:
    """A contract tile: face up (the goods it asks for, "2+1"), or face down once fulfilled (grey,
    struck through)."""
    requires = tables().contracts[cid].requires
    if done:
        c.rect(cell, fill=pal.UNAVAILABLE, outline=pal.GRID)
        contract_dots(c, cell.cx, cell.cy, requires, pal.MUTED)
        c.line([(cell.x + 3, cell.y2 - 5), (cell.x2 - 4, cell.y + 4)], fill=pal.INK, width=2)
    else:
        c.rect(cell, fill=pal.PANEL, outline=pal.BORDER)
        contract_dots(c, cell.cx, cell.cy, requires, pal.INK)


def contract_dots(c: Canvas, cx: float, cy: float, requires: tuple[int, ...], fill: pal.RGB, dot: int = 5) -> None:
    """A contract's face as the tiles print it: one column of goods cubes per distinct good
    (``(2, 1, 1)``: columns of 2, 1 and 1 squares), centred on ``(cx, cy)``; ``dot`` px squares."""
    step = dot + 2
    x0 = cx - (len(requires) * step - 2) / 2
    for i, n in enumerate(requires):
        y0 = cy - (n * step - 2) / 2
        for k in range(n):
            x, y = x0 + i * step, y0 + k * step
            c.draw.rectangle((x, y, x + dot - 1, y + dot - 1), fill=fill)


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
    fill = pal.INK if mult or printed or vp is not None else pal.MUTED
    half = cell.h / 4
    c.text(cell.x + 5, cell.cy - half, achievement_label(aid), style="condensed", fill=fill, anchor="lm",
           max_width=cell.w - 8)
    runs = [(value, style)] if vp is None else [(value, "condensed"), (f"={vp}", "condensed_bold")]
    c.runs(cell.x + 5, cell.cy + half, runs, anchor_v="m", max_x=cell.x2 - 3, fill=fill)
