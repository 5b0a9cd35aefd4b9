"""The full Nippon: Zaibatsu board: the pieces and numbers of a view drawn on the static layer, as a
Pillow image or a palette PNG."""

from __future__ import annotations

from typing import Any

from PIL import Image

from engine.core.i18n import tr
from engine.zaibatsu.menu import START_A_SHORT
from engine.zaibatsu.tables import tables
from engine.zaibatsu.text import DIFFICULTY
from engine.zaibatsu.words import DOMAIN, SOLO_SLOT_NAMES, _, _n, _t, amount
from render.core import CONDENSED, MIN_TEXT, Canvas, Layout, Rect, clear_caches, palette_png, text_width, wrap
from render.core import palette as pal
from render.core.draw import KEY_COLOURS
from render.core.templates import layer_key, rich
from render.core.widgets import badge, fitted_width, prompt_box

from .colours import KEY_RGB, player_colour, worker_colour
from .labels import (
    COMMON_GOAL_SHORT,
    GAME_TITLE,
    GOAL_SHORT,
    ROMAN,
    SOLO_GOAL_SHORT,
    TRACKS,
    _decision,
    _fill,
    _initial,
    _random_event,
    _result_line,
    _seat_colour,
    _seats,
    _status,
    automa_name,
    effect_label,
    goods_short,
    number_runs,
    player_name,
    side_short,
    worker_letter,
)
from .layout import (
    _LAYERS,
    CELL_W,
    GOODS_ORDER,
    GOODS_TINT,
    LINE,
    TEXT_ALPHA_STEPS,
    TITLE_H,
    TRACK_CELL_W,
    TRACK_LABEL_W,
    Shape,
    _bag_x,
    _display_columns,
    _name_w,
    _per_goods,
    _period_label,
    _player_geometry,
    _static,
    workforce_row,
)

#: Colours of the board PNG (:func:`render.core.draw.palette_png`). Its palette is picked from an
#: 8× smaller copy of the picture, where a worker or a player's square is only a few pixels: with
#: fewer colours a rare player colour (pink, purple) can drop out of the palette and turn grey, so
#: the board keeps the full 256.
BOARD_COLOURS = 256
#: Deflate level of the board PNG: level 3 keeps a 4-player board late in a game under 130 kB
#: (level 1: ~155 kB, level 6: ~95 kB for twice the encoding time); ``optimize`` is never used.
PNG_COMPRESS_LEVEL = 3


def _worker(c: Canvas, x: float, y: float, colour: str, d: int = 28, expert: bool = False) -> None:
    c.piece(x, y, d + (6 if expert else 0), fill=worker_colour(colour), letter=worker_letter(colour),
            shape="diamond" if expert else "circle")


def _player_piece(c: Canvas, view: dict[str, Any], x: float, y: float, seat: int, w: int = 32, h: int = 26,
                  text: str | None = None) -> None:
    colour = _seat_colour(view, seat)
    c.piece(x, y, w, h, fill=player_colour(colour), letter=_initial(view, seat) if text is None else text,
            shape="square")


def _draw_header(c: Canvas, lay: Layout, view: dict[str, Any]) -> None:
    hr = lay.panels["header"]
    x = hr.x + 12 + text_width(GAME_TITLE, 22, "bold") + 24
    w = c.text(x, hr.cy, _status(view), size=20, style="bold", fill=pal.TITLE_TEXT, anchor="lm", max_width=420)
    seat, _kind, prompt = _decision(view)
    box = Rect(x + w + 20, hr.y + 5, hr.x2 - 6 - (x + w + 20), hr.h - 10)
    if view.get("over") or seat is None:
        prompt_box(c, box, _result_line(view) or str(tr(prompt)), pal.HIGHLIGHT)
    elif 0 <= seat < len(_seats(view)):
        colour = _seat_colour(view, seat)
        col = player_colour(colour)
        prompt_box(c, box, "▶ " + str(tr(prompt)), pal.tint(col, 0.55), piece=(col, _initial(view, seat)))
    else:
        prompt_box(c, box, _random_event(prompt), pal.PANEL_ALT)


def _draw_hiring(c: Canvas, lay: Layout, view: dict[str, Any]) -> None:
    for h, workers in enumerate(view.get("hiring", [])):
        r = lay.parts.get(f"hiring/{h}")
        if r is None:
            continue
        top = r.y + 3 + 3 * 23 + 4
        per_row = max(1, (r.w - 8) // 34)
        cap = per_row * 2
        shown = workers if len(workers) <= cap else workers[: cap - 1]
        for i, colour in enumerate(shown):
            _worker(c, r.x + 23 + (i % per_row) * 34, top + 17 + (i // per_row) * 36, colour, 30)
        if len(workers) > cap:  # never in a real game (at most 3–4 workers); keep the count honest
            c.text(r.x + 23 + (per_row - 1) * 34, top + 17 + 36, f"+{len(workers) - cap + 1}", style="bold",
                   anchor="mm")


def _draw_waiting(c: Canvas, lay: Layout, view: dict[str, Any]) -> None:
    rows = view.get("waiting", [])
    nxt = next((i for i, row in enumerate(rows) if row), None)
    for i, row in enumerate(rows):
        r = lay.parts.get(f"waiting/row{i}")
        if r is None:
            continue
        if i == nxt:
            c.text(r.x + 2, r.cy, "▶", style="bold", anchor="lm")
        for k, colour in enumerate(row[:4]):
            _worker(c, r.x + 54 + k * 34, r.cy, colour, 28)


def _draw_round(c: Canvas, lay: Layout, view: dict[str, Any]) -> None:
    t = tables()
    rnd = min(max(int(view.get("round", 1)), 1), 8)
    r = lay.parts[f"round/space{rnd}"]
    if not view.get("over"):
        c.rect(r, fill=pal.HIGHLIGHT, outline=pal.INK, width=3)
        c.text(r.cx, r.cy, str(rnd), size=22, style="bold", fill=pal.INK, anchor="mm")
        ladder = t.count(max(1, len(view["players"]))).place_values_used
        _period_label(c, lay, t.period_of_space(rnd), ladder, current=True)
    rb = lay.panels["round"]
    bag = view.get("bag", {})
    x = _bag_x(rb)
    y = rb.y2 - 22
    for colour in ("black", "red", "grey", "blue", "white", "yellow"):
        _worker(c, x + 13, y, colour, 26)
        x += 28
        x += c.text(x, y, str(bag.get(colour, 0)), style="bold", anchor="lm") + 7


def _draw_iwakura(c: Canvas, lay: Layout, view: dict[str, Any]) -> None:
    t = tables()
    pc = t.count(len(view["players"]))
    for d in t.destinations:
        r = lay.parts[f"iwakura/{d.id}"]
        if view.get("experts", {}).get(d.id):
            _worker(c, r.x + 22, r.y2 - 17, d.colour, 28, expert=True)
        else:
            # i18n: in place of a destination's expert once a player has taken it.
            c.text(r.x + 6, r.y2 - 17, _("hired"), style="condensed", fill=pal.MUTED, anchor="lm",
                   max_width=r.w - 18 - pc.ship_slots * 32)
        c.text(r.x2 - 6, r.y + 3, str(view.get("upgrades", {}).get(d.id, 0)), style="bold", anchor="rt")
        seats = view.get("ships", {}).get(d.id, [])
        for k, seat in enumerate(seats[: pc.ship_slots]):
            x = r.x2 - 18 - (pc.ship_slots - 1 - k) * 32
            _player_piece(c, view, x, r.y2 - 17, seat, 30, 26)


def _draw_regions(c: Canvas, lay: Layout, view: dict[str, Any]) -> None:
    t = tables()
    n = len(_seats(view))
    markets = {m["id"]: m for m in view.get("markets", [])}
    for region in t.regions:
        # Influence line.
        ir = lay.parts[f"influence:{region.id}"]
        infl = view.get("influence", {}).get(region.id, [0] * n)
        foreign = 0
        x = ir.x + 16
        for seat in range(n):
            _player_piece(c, view, x, ir.cy, seat, 32, 24)
            x += 20
            x += c.text(x, ir.cy, str(infl[seat] if seat < len(infl) else 0), style="bold", anchor="lm") + 26
        for m in t.markets:
            if m.region != region.id:
                continue
            mv = markets.get(m.id)
            slots = (mv or {}).get("slots", [None] * 4)
            foreign += sum(m.printed[i] for i in range(4) if slots[i] is None)
            for i, k in enumerate("NESW"):
                cell = lay.parts[f"market:{m.id}/{k}"]
                if mv and mv.get("tile"):
                    sides = t.demand[mv["tile"]]
                    goods = sides[(i - int(mv.get("rotation", 0))) % 4]
                    level = t.goods[goods].level
                    c.rect(cell.inset(1), fill=GOODS_TINT[level])
                    c.text(cell.cx, cell.y + 2, goods_short(goods), style="condensed_bold", anchor="mt",
                           max_width=cell.w - 4)
                occ = slots[i]
                if occ is None:
                    c.text(cell.cx, cell.y2 - 3, f"({m.printed[i]})", style="condensed", fill=pal.MUTED, anchor="mb")
                else:
                    seat, value = int(occ[0]), int(occ[1])
                    _player_piece(c, view, cell.cx, cell.y2 - 13, seat, CELL_W - 4, 23,
                                  text=f"{_initial(view, seat)}{value}")
        pr = lay.panels[f"region:{region.id}"]
        # i18n: influence of the foreign companies in a region (the printed values not yet covered).
        c.text(pr.x2 - 8, pr.y + TITLE_H / 2, _("foreign {n}", n=foreign), style="condensed", fill=pal.TITLE_TEXT,
               anchor="rm", max_width=pr.w * 2 // 5)
        trains = view.get("trains", {}).get(region.id, [])
        for i, seat in enumerate(trains):
            if seat is None:
                continue
            r = lay.parts.get(f"train:{region.id}/{i + 1}")
            if r is not None:
                _player_piece(c, view, r.cx, r.y2 - 16, int(seat), 36, 28)


def _draw_start_pairs(c: Canvas, lay: Layout, view: dict[str, Any]) -> None:
    t = tables()
    r = lay.panels.get("start_pairs")
    if r is None:
        return
    y = r.y + TITLE_H + 4
    for i, pair in enumerate(view.get("start_pairs", [])):
        a = pair[0] if pair else "?"
        b = pair[1] if len(pair) > 1 else "?"
        ta = t.start.get(a)
        tb = t.start.get(b)
        # i18n: a start-tile pair of the draft by its number ("Pair 1"; the move "pair 1" takes it).
        c.text(r.x + 10, y, _("Pair {n}", n=i + 1), style="bold", max_width=116)
        text_a = _t("start tile", ta.text) if ta else ""
        text_b = _t("start tile", tb.text) if tb else ""
        line_a = _("{tile} ({vp} VP): {text}", tile="A", vp=ta.start_vp, text=text_a) if ta else "A"
        line_b = _("{tile}: {text}", tile="B", text=text_b) if tb else "B"
        c.text(r.x + 130, y, line_a, style="condensed", max_width=r.w - 140)
        c.text(r.x + 130, y + LINE, line_b, style="condensed", max_width=r.w - 140)
        y += 2 * LINE + 6


def _draw_display(c: Canvas, lay: Layout, view: dict[str, Any], shape: Shape) -> None:
    t = tables()
    d = lay.panels["display"]
    cols = _display_columns(d)
    k = _per_goods(shape.players, shape.modern)
    by_goods: dict[str, list[str]] = {}
    for side_id in view.get("display", []):
        side = t.sides.get(side_id)
        if side is not None:
            by_goods.setdefault(side.goods, []).append(side_id)
    for i, g in enumerate(GOODS_ORDER):
        col = cols[i // 2]
        gy = col.y + (i % 2) * (1 + k) * LINE
        ids = by_goods.get(g, [])
        if not ids:
            c.text(col.x + 8, gy + LINE, _("(none left)"), style="condensed", fill=pal.MUTED, max_width=col.w - 12)
        for j, side_id in enumerate(sorted(ids, key=lambda i: (t.sides[i].number, i))[:k]):
            side = t.sides[side_id]
            yy = gy + (j + 1) * LINE
            w = c.text(col.x + 4, yy + 1, f"{side.number}{side.side}", style="bold")
            c.text(col.x + 4 + max(w, 26) + 6, yy + 1, effect_label(side.text), style="condensed",
                   max_width=col.w - 4 - max(w, 26) - 8)


def _draw_common_goals(c: Canvas, lay: Layout, view: dict[str, Any]) -> None:
    r = lay.panels.get("common_goals")
    if r is None:
        return
    t = tables()
    texts = {g.id: g.text for g in t.data.common_goals}
    measures = {g.id: g.measure for g in t.data.common_goals}
    rnd = min(max(int(view.get("round", 1)), 1), 8)
    current_period = t.period_of_space(rnd)
    goals = view.get("common_goals") or {}
    for i in range(3):
        y = r.y + TITLE_H + 4 + i * LINE
        ids = goals.get(str(i + 1), [])
        if i + 1 == current_period and not view.get("over"):
            c.rect(Rect(r.x + 6, y, 112, LINE - 1), fill=pal.HIGHLIGHT)
        c.text(r.x + 10, y + 1, _("Period {period}", period=ROMAN[i + 1]), style="bold", max_width=106)
        line = " · ".join(f"{g} {_t('common goal', texts[g]).rstrip('.')}" if g in texts else g for g in ids) or "—"
        if text_width(line, MIN_TEXT, "condensed") > r.w - 132:  # long goal texts: their short names
            line = " · ".join(f"{g} {tr(COMMON_GOAL_SHORT[measures[g]])}" if measures.get(g) in COMMON_GOAL_SHORT
                              else g for g in ids)
        c.text(r.x + 124, y + 1, line, style="condensed", max_width=r.w - 132)


def _solo_goal_lines(view: dict[str, Any], width: int) -> list[str]:
    """One line per solo goal of the automa board: slot, goal (its text, never its id), progress,
    met / not met (the goal's short name when its full text would not fit ``width`` pixels)."""
    t = tables()
    a = view.get("automa") or {}
    solo = view.get("solo_result") or {}
    goals = {g.id: g for g in t.data.solo_goals}
    progress = {g["slot"]: g for g in view.get("solo_goals") or []}
    lines = []
    for border, gid in (a.get("goals") or {}).items():  # slot order: green, yellow, red
        res = (solo.get("goals") or {}).get(border)
        slot = SOLO_SLOT_NAMES.get(border)
        slot_name = tr(slot) if slot is not None else border
        data = goals.get(gid)
        names = [_t("solo goal", data.text)] if data is not None else [gid]
        if data is not None and data.measure in SOLO_GOAL_SHORT:
            names.append(_fill(tr(SOLO_GOAL_SHORT[data.measure]), n=data.target))
        for goal in names:
            if border in progress:
                g = progress[border]
                met = bool(res.get("met")) if res else bool(g.get("met"))
                # i18n: a solo goal on Takatoshi's board with its progress ("Build all 6 machines: 2/6").
                text = _("{goal}: {value}/{target}", goal=str(goal).rstrip("."), value=g["value"], target=g["target"])
                if met:
                    text += " ✓"
                elif res:
                    text += " ✗"
            elif res:
                text = str(goal) + (" ✓" if res.get("met") else " ✗")
            else:
                text = str(goal)
            line = _("{slot}: {goal}", slot=slot_name, goal=text)
            if text_width(line, MIN_TEXT, "condensed") <= width:
                break
        lines.append(line)
    return lines


def _narration(turn: Any) -> str:
    """One of Takatoshi's turns (facts from the view, or an old plain line) as a sentence."""
    if isinstance(turn, dict):
        from engine.zaibatsu.automa import narration_text

        try:
            return str(tr(narration_text(turn)))
        except (KeyError, StopIteration, TypeError, ValueError):
            return ""
    return str(tr(turn))


def _draw_automa(c: Canvas, lay: Layout, view: dict[str, Any], acting: bool) -> None:
    """Takatoshi's panel (solo): VP, difficulty, trains left, token rows, priority, goals, last move."""
    r = lay.panels.get("automa")
    a = view.get("automa")
    if r is None or not a:
        return
    t = tables()
    hdr = lay.parts["automa/header"]
    x = hdr.x + 54 + _name_w(automa_name()) + 14
    x += c.text(x, hdr.cy, tr(amount("vp", int(a.get("vp", 0)))), size=22, style="bold", anchor="lm") + 16
    difficulty = DIFFICULTY.get(str(a.get("difficulty", "")))
    c.text(x, hdr.cy, _("automa · {difficulty}", difficulty=tr(difficulty) if difficulty else a.get("difficulty", "")),
           style="condensed", anchor="lm", max_width=hdr.x2 - 8 - x)
    if acting:
        c.rect(r, outline=pal.INK, width=4)
    x0, y = r.x + 8, hdr.y2 + 6
    rows = a.get("rows") or []
    tok = "   ".join(f"{ROMAN.get(i + 1, i + 1)}: {' '.join(map(str, row)) or '—'}" for i, row in enumerate(rows))
    parts = rich(_("Trains left {n}"), n=(str(a.get("trains", 0)), "bold")) + [("   ", "regular")]
    parts += rich(_("Tokens by period {tokens}"), tokens=(tok, "condensed_bold"))
    c.runs(x0, y + LINE / 2, parts, anchor_v="m", max_x=r.x2 - 8)
    y += LINE + 8
    room = 150
    c.text(x0, y + 15, _("Priority"), style="bold", anchor="lm", max_width=room)
    px = x0 + max(104, fitted_width(_("Priority"), room) + 22)
    for i, colour in enumerate(a.get("priority") or []):
        _worker(c, px + i * 34, y + 15, colour, 28)
    y += 38
    c.text(x0, y + 15, _("Regions"), style="bold", anchor="lm", max_width=room)
    xx = x0 + max(90, fitted_width(_("Regions"), room) + 8)
    for region in t.regions:
        colour = (a.get("region_colours") or {}).get(region.id)
        xx += c.text(xx, y + 15, region.id, style="condensed_bold", anchor="lm") + 4
        if colour:
            _worker(c, xx + 14, y + 15, colour, 28)
        xx += 44
    y += 38
    parts = rich(_("Action tiles: {down} face down · {up} revealed"), "condensed",
                 down=(str(len(a.get("deck") or [])), "bold"), up=(str(len(a.get("discard") or [])), "bold"))
    c.runs(x0, y + LINE / 2, parts, anchor_v="m", max_x=r.x2 - 8)
    y += LINE + 4
    c.text(x0, y, _("Your solo goals"), style="bold", max_width=r.w - 16)
    y += LINE
    for line in _solo_goal_lines(view, r.w - 16):
        c.text(x0, y, line, style="condensed", max_width=r.w - 16)
        y += LINE
    narration = a.get("narration") or []
    if narration:
        text = _narration(narration[-1])
        lines = wrap(text, r.w - 16, MIN_TEXT, "condensed")
        n = min(2, len(lines))
        y = r.y2 - 6 - (1 + n) * LINE
        c.text(x0, y, _("Last move"), style="bold", max_width=r.w - 16)
        # The last move is a whole sentence of the log: two lines, cut if it is longer (it is in the log).
        box = Rect(x0 - 4, y + LINE, r.w - 8, n * LINE)
        # A long narration is not a label: its cut is no overflow (the whole line is in the log).
        c.text_box(box, text, style="condensed", valign="t", pad=4, max_lines=2, line_h=LINE, record=False)


def _draw_player(c: Canvas, lay: Layout, view: dict[str, Any], seat: int, acting: bool) -> None:
    t = tables()
    p = view["players"][seat]
    r = lay.panels[f"player:{seat}"]
    hdr = lay.parts[f"player:{seat}/header"]
    g = _player_geometry(lay, seat)
    # Header: name (static), VP, start tiles, to-act / viewer flags.
    x = hdr.x + 54 + _name_w(player_name(p["colour"])) + 14
    x += c.text(x, hdr.cy, tr(amount("vp", int(p["vp"]))), size=22, style="bold", anchor="lm") + 16
    start = t.start.get(str(p.get("start_a")))
    starts = tr(START_A_SHORT[str(start.effect)]) if start is not None and start.effect in START_A_SHORT else ""
    right = hdr.x2 - 8
    if acting:
        right = badge(c, hdr, right, _("▶ TO ACT"), 160) - 10
    flags = []
    if view.get("viewer") == seat:
        flags.append(_("you"))
    if seat == view.get("first_player"):
        flags.append(_("1st player"))
    if flags:
        right -= c.text(right, hdr.cy, " · ".join(flags), style="condensed_bold", anchor="rm",
                        max_width=max(10, right - x)) + 12
    if starts:
        # i18n: what the start tile A a player took does ("start: 1 free train").
        label = _("start: {tile}", tile=starts)
        if text_width(label, MIN_TEXT, "condensed") <= right - x:  # only when it fits: the flags matter more
            c.text(x, hdr.cy, label, style="condensed", anchor="lm", max_width=max(10, right - x))
    if acting:
        c.rect(r, outline=pal.INK, width=4)

    # Resources.
    coal = int(p.get("coal", 0)) + int(p.get("protected_coal", 0)) + sum(int(f.get("coal", 0)) for f in p.get("factories", []))
    gap = ("   ", "regular")
    parts = rich(_("Money {n}"), n=(str(p.get("money", 0)), "bold")) + [gap]
    parts += rich(_("Coal {n}"), n=(str(p.get("coal", 0)), "bold"))
    safe = coal - int(p.get("coal", 0))
    if safe:
        # i18n: coal kept safe from taxes (on factories or protected), after the coal count.
        parts += [(" ", "regular")] + rich(_("(+{n} safe)", n=safe), "condensed")
    parts += [gap] + rich(_("Silk {n}"), n=(str(p.get("silk", 0)), "bold"))
    parts += [gap] + rich(_("Iron {n}"), n=(str(p.get("iron", 0)), "bold"))
    reserve = []
    if p.get("goods_reserve"):
        reserve.append(_n("{n} good", "{n} goods", int(p["goods_reserve"])))
    if p.get("machine_reserve"):
        reserve.append(_("1 machine"))
    if reserve:
        parts += [gap] + rich(_("Reserve {items}"), items=(" + ".join(reserve), "condensed_bold"))
    c.runs(g["res"].x, g["res"].cy, parts, anchor_v="m", max_x=g["res"].x2)

    # Tracks and the areas beside them.
    col = player_colour(p["colour"])
    for (key, _label), tr_ in zip(TRACKS, g["tracks"]):
        pos = int(p.get(key, 1))
        spaces = t.track[key]
        pos = min(max(pos, 1), len(spaces))
        cell = Rect(tr_.x + TRACK_LABEL_W + (pos - 1) * TRACK_CELL_W, tr_.y, TRACK_CELL_W + 1, tr_.h)
        c.rect(cell, fill=col, outline=pal.INK, width=2)
        c.text(cell.cx + 1, cell.cy, str(spaces[pos - 1].value), style="condensed_bold", fill=pal.text_on(col),
               anchor="mm")
    ax = g["tracks"][0].x + TRACK_LABEL_W + 15 * TRACK_CELL_W + 10
    areas = (("ships", _("Ships {n} left")), ("machines", _("Machines {n} left")), ("trains", _("Trains {n} left")))
    for (key, template), tr_ in zip(areas, g["tracks"]):
        built = int(p.get(key, 0))
        c.runs(ax, tr_.cy, rich(template, n=(str(6 - built), "bold")), anchor_v="m", max_x=r.x2 - 6)

    # Factories.
    for i, fr in enumerate(g["factories"]):
        facs = p.get("factories", [])
        if i >= len(facs):
            continue
        f = facs[i]
        c.rect(fr, fill=GOODS_TINT[t.goods[f["goods_type"]].level] if f["goods_type"] in t.goods else pal.PANEL,
               outline=pal.BORDER, width=2)
        side = t.sides.get(f["side"])
        if side is not None:
            # The factory's name as the text gives it ("Żarówki 3B"); a name too long for the narrow
            # tile keeps its tile number and side after the abbreviated type ("Glü. 3B").
            name = side_short(f["side"])
            if text_width(name, MIN_TEXT, "condensed_bold") > fr.w - 8:
                name = f"{goods_short(side.goods)}. {side.number}{side.side}"
        else:
            # i18n: the old factory (start tile) and its goods type abbreviated ("Old Cot").
            name = _("Old {goods}", goods=goods_short(f["goods_type"]))
        c.text(fr.x + 5, fr.y + 2, name, style="condensed_bold", max_width=fr.w - 8)
        goods = int(f.get("goods", 0))
        if f.get("coal"):
            # i18n: goods and coal on a factory tile (about 95 px): "gd" abbreviates goods.
            parts = rich(_("{goods} gd, {coal} coal"), "condensed", goods=(str(goods), "bold"),
                         coal=(str(f["coal"]), "bold"))
        else:
            parts = number_runs(_n("{n} good", "{n} goods", goods), goods, "condensed")
        c.runs(fr.x + 5, fr.y + 24, parts, fill=pal.INK if goods or f.get("coal") else pal.MUTED, max_x=fr.x2 - 3)
        yy = fr.y2 - 13
        if f["side"] != "old":
            for k, on in enumerate(f.get("machines", [False, False])):
                x = fr.x + 17 + k * 28
                if on:
                    c.piece(x, yy, 24, 20, fill=pal.INK, letter="M", shape="square", outline=pal.INK)
                else:
                    c.hollow(x, yy, 24, 20, letter="M", shape="square")
        else:
            # i18n: the old factory has no machine slots.
            c.text(fr.x + 5, yy, _("no slots"), style="condensed", fill=pal.MUTED, anchor="lm", max_width=fr.w - 6)

    # Workforce and upgraded departments.
    wf = g["workforce"]
    row = workforce_row(wf)
    for i, w in enumerate(p.get("workforce", [])[:6]):
        _worker(c, row.slot_x + i * 36, wf.cy, w["colour"], 28, expert=bool(w.get("expert")))
    ux = row.upgrades_x
    ups = p.get("upgraded", [])
    if not ups:
        c.text(ux - 6, wf.cy, _("none"), style="condensed", fill=pal.MUTED, anchor="lm", max_width=wf.x2 - ux)
    for i, colour in enumerate(ups[:6]):
        _worker(c, ux + 8 + i * 30, wf.cy, colour, 26)

    # Contracts, tokens, prestige, goals.
    done = p.get("contracts_done", [])
    none = _("none")
    left = rich(_("Contracts {list}"), list=(" ".join(done) if done else none, "condensed"))
    tokens = " ".join(str(v) for v in p.get("tokens", [])) or none
    locked = " ".join(str(v) for v in p.get("locked", [])) or none
    right_parts = rich(_("Tokens {tokens}  locked {locked}"), tokens=(tokens, "condensed_bold"),
                       locked=(locked, "condensed_bold"))
    l1 = g["line1"]
    right_w = sum(text_width(t_, MIN_TEXT, st) for t_, st in right_parts)
    right_x = min(l1.x + 306, l1.x2 - right_w)  # tokens keep their column unless they need more room
    end = c.runs(l1.x, l1.cy, left, anchor_v="m", max_x=max(l1.x + 200, right_x - 16))
    right_x = max(right_x, end + 16)
    c.runs(right_x, l1.cy, right_parts, anchor_v="m", max_x=l1.x2)
    stacks = p.get("prestige", [0, 0, 0])
    score = (view.get("scores") or {}).get(str(seat))
    if score:
        pres = sum((score.get("prestige") or {}).values())
        line2 = [(_("Final") + " ", "bold"),
                 (_("{in_game} in game + {prestige} prestige + {leftovers} leftovers + {money} money = {total} VP",
                    in_game=score.get("in_game", 0), prestige=pres, leftovers=score.get("leftovers", 0),
                    money=score.get("money", 0), total=score.get("total", p["vp"])), "condensed")]
    else:
        goals = p.get("goals", {})
        # i18n: a prestige tile level, abbreviated ("L2"): keep it to one letter and the number.
        level = _("L{level}")
        gtext = " · ".join(f"{tr(GOAL_SHORT[k]) if k in GOAL_SHORT else k} {_fill(level, level=v)}"
                           for k, v in goals.items()) or none
        stacks_text = " ".join(f"{_fill(level, level=i + 1)}:{n}" for i, n in enumerate(stacks))
        line2 = rich(_("Prestige left {stacks}   Goals {goals}"), stacks=(stacks_text, "condensed_bold"),
                     goals=(gtext, "condensed_bold"))
        if sum(text_width(t_, MIN_TEXT, CONDENSED.get(st, st)) for t_, st in line2) > g["line2"].w:
            line2 = rich(_("Goals {goals}"), goals=(gtext, "condensed_bold"))  # many goals: they matter more
    c.runs(g["line2"].x, g["line2"].cy, line2, anchor_v="m", max_x=g["line2"].x2)
    effects = []
    for f in p.get("factories", []):
        side = t.sides.get(f["side"])
        if side is not None and side.kind != "instant":
            effects.append((side_short(f["side"]), effect_label(side.text)))
    l3 = g["line3"]
    lw = c.text(l3.x, l3.y + LINE / 2, _("Effects"), anchor="lm", max_width=140)
    box = Rect(l3.x + lw + 6, l3.y, l3.w - lw - 6, l3.h)
    c.text_box(box, _effects_text(effects, box.w) or _("none"), style="condensed", valign="t", pad=0, max_lines=2,
               line_h=LINE)


def _effects_text(effects: list[tuple[str, str]], width: int) -> str:
    """``"Cot3B: R&D act.: 2 silk · Clo4A: …"`` in at most two lines of ``width`` px; when the
    effects do not fit, the last ones are named by their tile only (``"Clo4A"``)."""
    full = len(effects)
    while True:
        text = " · ".join(f"{tile}: {effect}" if i < full else tile for i, (tile, effect) in enumerate(effects))
        lines = wrap(text, width, MIN_TEXT, "condensed")
        if full == 0 or (len(lines) <= 2 and all(text_width(ln, MIN_TEXT, "condensed") <= width for ln in lines)):
            return text
        full -= 1


def render_image(view: dict[str, Any]) -> Image.Image:
    """The picture of ``view`` in the current language as a Pillow RGB image (:data:`WIDTH` px
    wide; height by player count)."""
    shape = Shape.of(view)
    players = shape.players
    img = _LAYERS.get(layer_key(shape, DOMAIN.name), lambda: _static(shape))
    lay = shape.layout()
    c = Canvas(img, text_alpha_steps=TEXT_ALPHA_STEPS)
    seat, _kind, _prompt = _decision(view)
    _draw_header(c, lay, view)
    _draw_hiring(c, lay, view)
    _draw_waiting(c, lay, view)
    _draw_round(c, lay, view)
    _draw_iwakura(c, lay, view)
    _draw_regions(c, lay, view)
    _draw_start_pairs(c, lay, view)
    _draw_display(c, lay, view, shape)
    _draw_common_goals(c, lay, view)
    for s in range(players):
        _draw_player(c, lay, view, s, acting=(s == seat and not view.get("over")))
    _draw_automa(c, lay, view, acting=(players == 1 and seat == 1 and not view.get("over")))
    return img


def render(view: dict[str, Any]) -> bytes:
    """PNG bytes of the board picture of ``view`` (``GAME.view(state, seat)``) in the current language.

    1400 px wide; about 1500 px high for solo and 2 players, 1780 for 3, 1830 for 4 (more while
    start tiles are drafted or with the modules). A palette PNG (:data:`BOARD_COLOURS` colours,
    deflate level :data:`PNG_COMPRESS_LEVEL`, texts with :data:`TEXT_ALPHA_STEPS` levels of
    anti-aliasing): 90–100 kB for solo and 2 players, at most ~120 kB for 3 and ~130 kB for 4 (up to
    ~145 kB with both modules); ~25 ms of encoding on top of ~10 ms of drawing (the RGB PNG was
    250–420 kB). :func:`render_image` gives the exact RGB picture.
    """
    return palette_png(render_image(view), colours=BOARD_COLOURS, compress_level=PNG_COMPRESS_LEVEL,
                       keep=(*KEY_RGB, *KEY_COLOURS))


def clear_cache() -> None:
    """Drop the cached static layers, sprites and fonts (after the font search or a catalogue changes)."""
    _LAYERS.clear()
    clear_caches()
