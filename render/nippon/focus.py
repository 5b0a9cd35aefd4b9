"""The drawings of what a move touched, shown large on the Nippon turn picture."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from engine.core.i18n import tr
from engine.nippon.tables import tables
from engine.nippon.words import _, _t, amount
from render.core import CONDENSED, Canvas, Rect, draw, text_width
from render.core import palette as pal
from render.core.cards import outline_focus

from .colours import worker_colour
from .labels import (
    ACTION_SHORT,
    TRACK_SHORT,
    _colour_of,
    _ordinal_values,
    achievement_label,
    bonus_words,
    contract_label,
    goods_name,
    goods_short,
    player_name,
    yen,
)
from .layout import (
    LEVEL_TINT,
    SIDES,
    contract_dots,
    player_letter,
    player_rgb,
    transport_piece,
    worker_letter,
)
from .touch import Touch, _data

#: Text size of the drawing of what the last move touched (drawn 1100 px wide, shown at 550).
FOCUS_TEXT = 28


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
    c.piece(cx, cy, d, fill=worker_colour(colour), letter=worker_letter(colour), shape="circle",
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
        # i18n: a city's name (its id on the board) and the most influence tiles it may hold.
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
            contract_dots(c, box.cx, box.cy, t.contracts[k].requires, pal.MUTED, 8)
            c.line([(box.x + 5, box.y2 - 8), (box.x2 - 6, box.y + 7)], fill=pal.INK, width=3)
        else:
            c.rect(box, fill=pal.PANEL, outline=pal.BORDER, width=2)
            contract_dots(c, box.cx, box.cy, t.contracts[k].requires, pal.INK, 8)
        if k == cid:
            outline_focus(c, box, 5)
    con = t.contracts[cid]
    text = _("{goods} → {bonus}, money +{steps}", goods=contract_label(cid),
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
    caption = _t("achievement", t.achievements[aid].text) if aid in t.achievements else ""
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
        _ftext(c, cell.x + 8, cell.cy, achievement_label(a), cell.w - 52)
        _ftext(c, cell.x2 - 8, cell.cy, value, 36, style=style, anchor="rm",
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
    top = round(y + size / 2 + 14)  # whole pixels, as the cells above (the card's focus box: size 64, exact)
    below = Rect(r.x + 6, top, r.w - 12, r.y2 - top)
    done = int(view.get("scorings", 0))
    if done < len(t.scoring_values) and below.h >= FOCUS_TEXT + 8:
        values = _ordinal_values(t.scoring_values[done + 1])
        _fwrap(c, below, _("Next: scoring {n}, {values} VP (1st · 2nd · 3rd)", n=done + 1, values=values), max_lines=1)


def _scoring_symbol_big(c: Canvas, x: float, y: float, n: int) -> None:
    c.piece(x, y, 34, 48, fill=pal.INK, letter=str(n), shape="diamond", outline=pal.INK, outline_w=1,
            size=FOCUS_TEXT)
