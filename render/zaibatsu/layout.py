"""The geometry of the Nippon: Zaibatsu board (sizes, the shape of a view and its layout) and its static
layer, drawn once per shape and language."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from PIL import Image

from engine.core.i18n import tr
from engine.zaibatsu.badges import opponent_badge, player_badge
from engine.zaibatsu.tables import tables
from engine.zaibatsu.words import _, _n, _t
from render.core import MIN_TEXT, Canvas, LayerCache, Layout, Rect, text_width
from render.core import palette as pal
from render.core.widgets import fitted_width, player_header

from .colours import player_colour
from .labels import (
    ACTION_SHORT,
    GAME_TITLE,
    ROMAN,
    TRACKS,
    _cap,
    _is_draft,
    _seats,
    automa_name,
    bonus_text,
    player_name,
    worker_letter,
)

#: Picture width in pixels.
WIDTH = 1400
#: Alpha levels kept at the edges of the board's texts (0, 128, 255): three steps of anti-aliasing
#: look the same as 256 for 18-px text but leave far fewer colours to deflate (the PNG is a
#: quarter smaller).
TEXT_ALPHA_STEPS = 3

M = 10  # outer margin
G = 10  # gap between panels
TITLE_H = 28
HEADER_H = 54
ROW_A_H = 192
IWAKURA_H = 104
REGION_H = 300
PLAYER_H = 378  # the last 2 lines: factory effects
LEGEND_H = 2 * 24 + 6  # up to two lines (long colour names)
LINE = 24  # text line pitch (18 px text)
CELL_W, CELL_H = 54, 48  # market cross cell
TRAIN_W, TRAIN_H = 44, 54  # railway slot cell
TRACK_LABEL_W = 100  # player panel: track label column
TRACK_CELL_W = 26  # player panel: one track space
WF_X = 128  # player panel: first workforce slot centre, from the row's left edge (at least)
GOODS_ORDER = ("cotton", "paper", "bento", "lenses", "bulbs", "clocks")
GOODS_TINT = {1: (253, 248, 228), 2: (240, 246, 252), 3: (250, 236, 242)}

_LAYERS = LayerCache(maxsize=24)  # the static layers, per shape and language


@dataclass(frozen=True)
class Shape:
    """What fixes the geometry and the static layer of a picture (with the language, the cache key
    of that layer)."""

    players: int
    draft: bool
    modern: bool
    common_goals: bool
    colours: tuple[str, ...]  # colour of every seat with pieces (Takatoshi last in solo)

    @classmethod
    def of(cls, view: dict[str, Any]) -> Shape:
        """The shape of the picture of ``view``."""
        modules = (view.get("options") or {}).get("modules") or []
        return cls(
            players=len(view["players"]),
            draft=_is_draft(view),
            modern="modern_factories" in modules,
            common_goals="common_goals" in modules or bool(view.get("common_goals")),
            colours=tuple(str(s["colour"]) for s in _seats(view)),
        )

    def layout(self) -> Layout:
        """The :class:`Layout` of pictures of this shape (shared: never change it)."""
        return _shared_layout(self.players, self.draft, self.modern, self.common_goals)


def _per_goods(players: int, modern: bool) -> int:
    """Display lines per goods type: the normal tiles, plus one modern factory with the module."""
    return tables().count(players).factories_per_type + (1 if modern else 0)


@lru_cache(maxsize=32)
def _shared_layout(players: int, draft: bool, modern: bool, common_goals: bool) -> Layout:
    return layout_for(players, draft, modern=modern, common_goals=common_goals)


def layout_for(players: int, draft: bool = False, *, modern: bool = False, common_goals: bool = False) -> Layout:
    """Geometry of the picture for ``players`` (1 = solo, 2–4) seats.

    ``draft`` adds the start-pair panel, ``modern`` a line per goods type in the factory display
    (Modern Factories module), ``common_goals`` the common-goals panel (Common Goals module).

    Panels (non-overlapping, inside the picture): ``header``, ``hiring``, ``waiting``, ``round``,
    ``iwakura``, ``region:R1``…``region:R4``, ``start_pairs`` (draft only), ``display``,
    ``common_goals`` (module only), ``player:0``…, ``automa`` (solo only), ``legend``. Parts (inside
    panels) include ``hiring/0``…``hiring/4``, ``waiting/row0``…, ``round/space1``…``round/space8``,
    ``iwakura/<destination>``, ``market:<id>/N|E|S|W|C``, ``train:<region>/1``…``/7`` and
    ``player:<seat>/header``.
    """
    t = tables()
    pc = t.count(players)
    inner_w = WIDTH - 2 * M
    y = M
    lay = Layout(WIDTH, 0)
    lay.add("header", Rect(M, y, inner_w, HEADER_H))
    y += HEADER_H + G

    hiring_w, waiting_w = 770, 196
    hiring = lay.add("hiring", Rect(M, y, hiring_w, ROW_A_H))
    waiting = lay.add("waiting", Rect(hiring.x2 + G, y, waiting_w, ROW_A_H))
    rnd = lay.add("round", Rect(waiting.x2 + G, y, WIDTH - M - waiting.x2 - G, ROW_A_H))
    body = Rect(hiring.x + 6, hiring.y + TITLE_H + 6, hiring.w - 12, hiring.h - TITLE_H - 12)
    for i, r in enumerate(body.columns(len(t.hiring), gap=6)):
        lay.part(f"hiring/{i}", r)
    rows = [r for r in t.waiting_rows if r.section in set(pc.waiting_sections)]
    for i in range(len(rows)):
        lay.part(f"waiting/row{i}", Rect(waiting.x + 6, waiting.y + TITLE_H + 8 + i * 31, waiting.w - 12, 30))
    sx = rnd.x + (rnd.w - (8 * 44 + 7 * 4)) // 2
    for s in range(1, 9):
        lay.part(f"round/space{s}", Rect(sx + (s - 1) * 48, rnd.y + TITLE_H + 8, 44, 38))
    y += ROW_A_H + G

    iw = lay.add("iwakura", Rect(M, y, inner_w, IWAKURA_H))
    ib = Rect(iw.x + 6, iw.y + TITLE_H + 5, iw.w - 12, iw.h - TITLE_H - 11)
    for d, r in zip(t.destinations, ib.columns(len(t.destinations), gap=8)):
        lay.part(f"iwakura/{d.id}", r)
    y += IWAKURA_H + G

    for region, r in zip(t.regions, Rect(M, y, inner_w, REGION_H).columns(4, gap=G)):
        lay.add(f"region:{region.id}", r)
        body = Rect(r.x + 1, r.y + TITLE_H, r.w - 2, r.h - TITLE_H - 1)
        lay.part(f"influence:{region.id}", Rect(body.x + 4, body.y + 3, body.w - 8, 26))
        mk_y = body.y + 33
        cross_w = 3 * CELL_W
        gap = max(4, (body.w - 2 * cross_w) // 3)
        markets = [m for m in t.markets if m.region == region.id]
        for j, m in enumerate(markets):
            mx = body.x + gap + j * (cross_w + gap)
            cells = {"N": (1, 0), "W": (0, 1), "C": (1, 1), "E": (2, 1), "S": (1, 2)}
            for k, (cx, cy) in cells.items():
                lay.part(f"market:{m.id}/{k}", Rect(mx + cx * CELL_W, mk_y + cy * CELL_H, CELL_W, CELL_H))
        tr_y = mk_y + 3 * CELL_H + 28
        n = len(t.train_slots)
        tgap = (body.w - n * TRAIN_W) // (n + 1)
        for i, _slot in enumerate(t.train_slots):
            lay.part(f"train:{region.id}/{i + 1}",
                     Rect(body.x + tgap + i * (TRAIN_W + tgap), tr_y, TRAIN_W, TRAIN_H))
    y += REGION_H + G

    if draft:
        h = TITLE_H + 8 + pc.start_pairs * (2 * LINE + 6)
        lay.add("start_pairs", Rect(M, y, inner_w, h))
        y += h + G
    dh = TITLE_H + 10 + 2 * (1 + _per_goods(players, modern)) * LINE
    lay.add("display", Rect(M, y, inner_w, dh))
    y += dh + G
    if common_goals:
        h = TITLE_H + 8 + 3 * LINE
        lay.add("common_goals", Rect(M, y, inner_w, h))
        y += h + G

    pw = (inner_w - G) // 2
    for seat in range(players):
        col, row = seat % 2, seat // 2
        r = lay.add(f"player:{seat}", Rect(M + col * (pw + G), y + row * (PLAYER_H + G), pw, PLAYER_H))
        lay.part(f"player:{seat}/header", Rect(r.x, r.y, r.w, 36))
    if players == 1:
        r = lay.add("automa", Rect(M + pw + G, y, pw, PLAYER_H))
        lay.part("automa/header", Rect(r.x, r.y, r.w, 36))
    y += ((players + 1) // 2) * (PLAYER_H + G)
    lay.add("legend", Rect(M, y, inner_w, LEGEND_H))
    y += LEGEND_H + M
    lay.height = y
    return lay


BAG_LABEL_W = 90  # room of the "Bag" label (six workers with their counts follow it)


def _bag_x(rb: Rect) -> int:
    """x of the first bag worker in the round panel: after the fitted "Bag" label."""
    return rb.x + max(62, 10 + fitted_width(_("Bag"), BAG_LABEL_W) + 8)


@dataclass(frozen=True)
class WorkforceRow:
    """Places in a player's workforce row, which depend on the widths of its two labels."""

    label_room: int  # room of the "Workforce" label at the left
    slot_x: int  # centre of the first of the six workforce slots
    upgraded_x: int  # left of the "Upgraded" label
    upgraded_room: int
    upgrades_x: int  # left of the first upgraded department


def workforce_row(wf: Rect) -> WorkforceRow:
    """Share the room left by the six workforce slots and six upgrades between the two labels."""
    a = text_width(_("Workforce"), MIN_TEXT, "bold")
    b = text_width(_("Upgraded"), MIN_TEXT, "bold")
    # label a · 24 · six slots (first centre .. +216) · label b · 14 · six upgrades (171 px)
    total = wf.w - 24 - 216 - 14 - 171
    if a + b > total:  # share by the condensed widths the labels will be fitted to
        a = text_width(_("Workforce"), MIN_TEXT, "condensed_bold")
        b = text_width(_("Upgraded"), MIN_TEXT, "condensed_bold")
    room_a = a if a + b <= total else max(40, total * a // (a + b))
    slot_x = wf.x + max(WF_X, fitted_width(_("Workforce"), room_a) + 24)
    upgraded_x = slot_x + 216
    upgraded_room = wf.x2 - upgraded_x - 14 - 171
    return WorkforceRow(room_a, slot_x, upgraded_x, upgraded_room,
                        upgraded_x + fitted_width(_("Upgraded"), upgraded_room) + 14)


NAME_ROOM = 200  # room of a player's name in the title strip of their panel


def _name_w(name: str) -> int:
    return fitted_width(name, NAME_ROOM)


def _static(shape: Shape) -> Image.Image:
    t = tables()
    players, draft, colours = shape.players, shape.draft, shape.colours
    pc = t.count(players)
    lay = shape.layout()
    img = Image.new("RGB", (lay.width, lay.height), pal.BACKGROUND)
    c = Canvas(img, text_alpha_steps=TEXT_ALPHA_STEPS)

    # Header frame.
    c.rect(lay.panels["header"], fill=pal.TITLE_BAR)
    c.text(lay.panels["header"].x + 12, lay.panels["header"].cy, GAME_TITLE, size=22, style="bold",
           fill=pal.TITLE_TEXT, anchor="lm")

    # Hiring spaces.
    c.panel(lay.panels["hiring"], _("Hiring spaces (actions · workers)"))
    for h, space in enumerate(t.hiring):
        r = lay.parts[f"hiring/{h}"]
        c.rect(r, fill=pal.PANEL_ALT, outline=pal.GRID)
        c.text(r.x + 6, r.y + 3, f"H{h + 1}", style="bold")
        for j, a in enumerate(space.actions):
            c.text(r.x + 6, r.y + 3 + (j + 1) * 23, tr(ACTION_SHORT[a]), style="condensed_bold", max_width=r.w - 10)

    # Waiting area.
    wr = c.panel(lay.panels["waiting"], _("Waiting rows"))
    rows = [r for r in t.waiting_rows if r.section in set(pc.waiting_sections)]
    for i, row in enumerate(rows):
        r = lay.parts[f"waiting/row{i}"]
        c.text(r.x + 22, r.cy, str(i + 1), style="bold", anchor="mm")
        for k in range(row.cells):
            c.hollow(r.x + 54 + k * 34, r.cy, 28)
    if len(rows) < 5:
        top = lay.parts[f"waiting/row{len(rows) - 1}"].y2 + 2 if rows else wr.y
        note = Rect(wr.x + 4, top, wr.w - 8, wr.y2 - 4 - top)
        c.text_box(note, _("1st row refills an empty hiring space"), style="condensed", fill=pal.MUTED,
                   valign="b", pad=4, line_h=LINE)

    # Round track and periods.
    rb = c.panel(lay.panels["round"], _("Round track & period VP"))
    ladder_idx = pc.place_values_used
    for s in range(1, 9):
        r = lay.parts[f"round/space{s}"]
        final = t.round_space[s].kind == "light"
        c.rect(r, fill=pal.FINAL_ROUND if final else pal.NORMAL_ROUND, outline=pal.BORDER)
        c.text(r.cx, r.cy, str(s), style="bold", fill=pal.INK if final else pal.TITLE_TEXT, anchor="mm")
    for per in t.periods:
        _period_label(c, lay, per.period, ladder_idx, current=False)
    c.text(rb.x + 10, rb.y2 - 22, _("Bag"), style="bold", anchor="lm", max_width=BAG_LABEL_W)

    # Iwakura mission.
    # i18n: "upg" is printed before the number of upgrade tiles left at a destination (very short).
    upg = _("upg")
    c.panel(lay.panels["iwakura"], _("Iwakura mission"),
            title_right=_("diamond = expert waiting · squares = ship slots · {upg} = upgrade tiles left", upg=upg))
    for d in t.destinations:
        r = lay.parts[f"iwakura/{d.id}"]
        c.rect(r, fill=pal.PANEL_ALT, outline=pal.GRID)
        upg_w = c.text(r.x2 - 21, r.y + 3, upg, style="condensed", anchor="rt", max_width=64)
        c.text(r.x + 6, r.y + 3, _t("destination", d.name), style="bold", max_width=r.w - 33 - upg_w)
        for k in range(pc.ship_slots):
            x = r.x2 - 18 - (pc.ship_slots - 1 - k) * 32
            c.hollow(x, r.y2 - 17, 28, 26, shape="square")

    # Regions.
    for region in t.regions:
        pr = lay.panels[f"region:{region.id}"]
        reserve = fitted_width(_("foreign {n}", n=99), pr.w * 2 // 5, style="condensed") + 8
        bonus = bonus_text(region.bonus)
        title = _("{region} · bonus {bonus}", region=region.id, bonus=bonus)
        if text_width(title, MIN_TEXT, "condensed_bold") > pr.w - 16 - reserve:
            title = f"{region.id} · {bonus}"  # the bonus speaks for itself when the words do not fit
        c.panel(pr, title, title_reserve=reserve)  # foreign influence, per view
        for m in (m for m in t.markets if m.region == region.id):
            for side in "NESW":
                c.rect(lay.parts[f"market:{m.id}/{side}"], fill=pal.PANEL, outline=pal.BORDER)
            cr = lay.parts[f"market:{m.id}/C"]
            c.rect(cr, fill=pal.PANEL_ALT, outline=pal.BORDER)
            c.text(cr.cx, cr.y + 3, m.id, style="bold", anchor="mt")
            c.text(cr.cx, cr.y2 - 3, _("max {n}", n=pc.market_limit), style="condensed", fill=pal.MUTED, anchor="mb",
                   max_width=cr.w - 2)
        first = lay.parts[f"train:{region.id}/1"]
        c.text(first.x, first.y - 3, _("Railway slots (bonus)"), style="condensed_bold", anchor="lb",
               max_width=pr.x2 - 6 - first.x)
        # A slot's label may use the gaps beside its cell (1 px stays between two labels).
        room = lay.parts[f"train:{region.id}/2"].x - first.x - 1
        for i, slot in enumerate(t.train_slots):
            r = lay.parts[f"train:{region.id}/{i + 1}"]
            usable = slot.min_players <= players
            c.rect(r, fill=pal.PANEL if usable else pal.UNAVAILABLE, outline=pal.GRID)
            if usable:
                c.text(r.cx, r.y + 1, bonus_text(slot.bonus, short=True), style="condensed", anchor="mt",
                       max_width=room)
                c.hollow(r.cx, r.y2 - 16, 34, 26, shape="square", letter=str(slot.slot))
            else:
                # i18n: a train slot used only from {n} players on; at most about 4 characters.
                c.text(r.cx, r.y + 1, _("{n}p", n=slot.min_players), style="condensed", fill=pal.MUTED,
                       anchor="mt", max_width=room)
                c.line([(r.x + 4, r.y2 - 4), (r.x2 - 5, r.y + 24)], fill=pal.MUTED, width=2)

    # Start pairs / display frames.
    if draft:
        c.panel(lay.panels["start_pairs"], _("Start-tile pairs to draft (A side + B side)"))
    display = lay.panels["display"]
    c.panel(display, _("Factory display"), title_right=_("goods · level · R&D needed · coal per production"))
    cols = _display_columns(display)
    k = _per_goods(players, shape.modern)
    goods = t.goods
    for i, g in enumerate(GOODS_ORDER):
        col = cols[i // 2]
        gy = col.y + (i % 2) * (1 + k) * LINE
        rec = goods[g]
        c.rect(Rect(col.x, gy, col.w, LINE - 1), fill=GOODS_TINT[rec.level])
        name = _cap(_t("goods", g))
        head = _n("{goods} · L{level} · R&D {rd} · {n} coal", "{goods} · L{level} · R&D {rd} · {n} coal",
                  rec.production_coal, goods=name, level=rec.level, rd=rec.rd_required)
        c.text(col.x + 4, gy + LINE / 2, head, style="condensed_bold", anchor="lm", max_width=col.w - 8)

    if shape.common_goals:
        c.panel(lay.panels["common_goals"], _("Common goals (most at period end)"),
                title_right=_("reward: periods I–II one of any dept / R&D +2 / Mining +2 / Finance +2 / 3 VP; "
                              "III 6 VP"))

    # Player panels.
    for seat in range(players):
        _static_player(c, lay, seat, colours[seat] if seat < len(colours) else "purple")
    if "automa" in lay.panels:
        _static_automa(c, lay, colours[1] if len(colours) > 1 else "green")

    _legend(c, lay.panels["legend"], colours, players)
    return img


def _legend(c: Canvas, lg: Rect, colours: tuple[str, ...], players: int) -> None:
    """Shapes, worker and player letters, threshold colour: one line, or two when the words are long."""
    workers = " · ".join(f"{worker_letter(w)} {_t('worker colour', w)}"
                         for w in ("black", "red", "grey", "blue", "white", "yellow"))
    names = [f"{player_badge(col)} {player_name(col)}" for col in colours[:players]]
    if len(colours) > players:
        names += [f"{opponent_badge()} {automa_name()}" for col in colours[players:]]
    items: list[tuple[str, str]] = [("circle", _("worker")), ("diamond", _("expert")), ("square", _("player piece"))]
    items += [("", workers), ("", " · ".join(names)), ("", _("gold = threshold"))]
    sep = "   |   "

    def width(item: tuple[str, str], first: bool) -> int:
        shape, text = item
        if shape:
            return 30 + text_width(text, MIN_TEXT, "condensed") + 16
        return text_width(text if first else sep + text, MIN_TEXT, "condensed")

    room = lg.w - 8
    lines: list[list[tuple[str, str]]] = [[]]
    used = 0
    for item in items:
        w = width(item, not lines[-1])
        if lines[-1] and used + w > room and len(lines) < 2:
            lines.append([])
            used = 0
            w = width(item, True)
        lines[-1].append(item)
        used += w
    ys = [lg.cy] if len(lines) == 1 else [lg.y + 3 + LINE // 2, lg.y + 3 + LINE + LINE // 2]
    for line, cy in zip(lines, ys):
        x = lg.x + 4
        for k, (shape, text) in enumerate(line):
            if shape:
                c.piece(x + 13, cy, 24, fill=pal.PANEL_ALT, shape=shape)
                x += 30
                x += c.text(x, cy, text, style="condensed", anchor="lm", max_width=lg.x2 - 4 - x) + 16
            else:
                shown = text if k == 0 or line[k - 1][0] else sep + text
                x += c.text(x, cy, shown, style="condensed", anchor="lm", max_width=lg.x2 - 4 - x)


def _period_label(c: Canvas, lay: Layout, period: int, ladder_idx: tuple[int, ...], current: bool) -> None:
    """Bracket under a period's round spaces, its name and the VP values used at this player count."""
    t = tables()
    per = t.periods[period - 1]
    first = min(s.space for s in t.round_space.values() if s.period == period)
    a, b = lay.parts[f"round/space{first}"], lay.parts[f"round/space{per.last_space}"]
    py = a.y2 + 6
    if current:
        c.rect(Rect(a.x, py + 2, b.x2 - a.x, 2 * LINE + 2), fill=pal.HIGHLIGHT)
    c.line([(a.x + 2, py + 4), (a.x + 2, py), (b.x2 - 3, py), (b.x2 - 3, py + 4)], fill=pal.BORDER, width=2)
    if period == 3:
        label = _("Period {period} (final)", period=ROMAN[period])
    else:
        label = _("Period {period}", period=ROMAN[period])
    c.text((a.x + b.x2) / 2, py + 4, label, style="condensed_bold" if current else "condensed", anchor="mt",
           max_width=b.x2 - a.x)
    vals = "·".join(str(per.values[i]) for i in ladder_idx)
    c.text((a.x + b.x2) / 2, py + 4 + LINE, vals, style="condensed_bold", anchor="mt", max_width=b.x2 - a.x)


def _player_geometry(lay: Layout, seat: int) -> dict[str, Any]:
    r = lay.panels[f"player:{seat}"]
    x0 = r.x + 8
    y = r.y + 36 + 6
    g: dict[str, Any] = {"res": Rect(x0, y, r.w - 16, LINE)}
    y += LINE + 4
    g["tracks"] = [Rect(x0, y + i * 27, r.w - 16, 26) for i in range(3)]
    y += 3 * 27 + 6
    fw = (r.w - 16 - 5 * 6) // 6
    g["factories"] = [Rect(x0 + i * (fw + 6), y, fw, 70) for i in range(6)]
    y += 70 + 6
    g["workforce"] = Rect(x0, y, r.w - 16, 34)
    y += 34 + 4
    g["line1"] = Rect(x0, y, r.w - 16, LINE)
    y += LINE + 2
    g["line2"] = Rect(x0, y, r.w - 16, LINE)
    y += LINE + 2
    g["line3"] = Rect(x0, y, r.w - 16, 2 * LINE)
    return g


def _static_player(c: Canvas, lay: Layout, seat: int, colour: str) -> None:
    t = tables()
    r = lay.panels[f"player:{seat}"]
    col = player_colour(colour)
    c.rect(r, fill=pal.PANEL, outline=pal.BORDER)
    player_header(c, lay.parts[f"player:{seat}/header"], col, player_badge(colour), player_name(colour),
                  NAME_ROOM)
    g = _player_geometry(lay, seat)
    for (key, label), tr_ in zip(TRACKS, g["tracks"]):
        c.text(tr_.x, tr_.cy, tr(label), style="bold", anchor="lm", max_width=TRACK_LABEL_W - 4)
        for sp in t.track[key]:
            cell = Rect(tr_.x + TRACK_LABEL_W + (sp.space - 1) * TRACK_CELL_W, tr_.y, TRACK_CELL_W + 1, tr_.h)
            c.rect(cell, fill=pal.THRESHOLD if sp.threshold else pal.PANEL, outline=pal.GRID)
            c.text(cell.cx + 1, cell.cy, str(sp.value), style="condensed", fill=pal.MUTED, anchor="mm")
    for i, fr in enumerate(g["factories"]):
        c.rect(fr, fill=pal.PANEL_ALT, outline=pal.GRID)
        c.text(fr.cx, fr.cy, _("slot {n}", n=i + 1), style="condensed", fill=pal.MUTED, anchor="mm",
               max_width=fr.w - 6)
    wf = g["workforce"]
    row = workforce_row(wf)
    c.text(wf.x, wf.cy, _("Workforce"), style="bold", anchor="lm", max_width=row.label_room)
    for i, slot in enumerate(t.workforce):
        x = row.slot_x + i * 36
        if slot.grey:
            c.rect(Rect(x - 17, wf.y, 34, wf.h), fill=pal.UNAVAILABLE)
        c.hollow(x, wf.cy, 28, letter=str(slot.slot))
    c.text(row.upgraded_x, wf.cy, _("Upgraded"), style="bold", anchor="lm", max_width=row.upgraded_room)


def _static_automa(c: Canvas, lay: Layout, colour: str) -> None:
    r = lay.panels["automa"]
    col = player_colour(colour)
    c.rect(r, fill=pal.PANEL, outline=pal.BORDER)
    player_header(c, lay.parts["automa/header"], col, opponent_badge(), automa_name(), NAME_ROOM)


def _display_columns(d: Rect) -> list[Rect]:
    """The three columns of the factory display (two goods types each)."""
    return Rect(d.x + 8, d.y + TITLE_H + 5, d.w - 16, d.h - TITLE_H - 10).columns(3, gap=10)
