"""The full Nippon board: the pieces and numbers of a view drawn on the static layer, as a Pillow image or
a palette PNG."""

from __future__ import annotations

from typing import Any

from PIL import Image

from engine.core.i18n import tr
from engine.nippon.tables import tables
from engine.nippon.words import DOMAIN, _, amount
from render.core import CONDENSED, MIN_TEXT, Canvas, Layout, Rect, clear_caches, palette_png, text_width
from render.core import palette as pal
from render.core.draw import KEY_COLOURS
from render.core.templates import layer_key, rich
from render.core.widgets import badge, fitted_width, prompt_box

from .colours import KEY_RGB
from .labels import (
    GAME_TITLE,
    _colour_of,
    _decision,
    _ordinal_values,
    _random_event,
    goods_name,
    goods_short,
    player_name,
    result_line,
    status,
    yen,
)
from .layout import (
    _LAYERS,
    LEVEL_TINT,
    LINE,
    NAME_ROOM,
    ROW_LABEL_W,
    SIDES,
    TEXT_ALPHA_STEPS,
    TITLE_H,
    TRACK_CELL_W,
    TRACK_LABEL_W,
    WORKER_ORDER,
    Shape,
    _achievement,
    _contract,
    _display_line,
    _row_cells,
    _scoring_symbol,
    _static,
    _tile,
    _transport_sprite,
    _worker,
    player_letter,
    player_rgb,
    transport_piece,
)

#: Colours of the board's palette PNG (:func:`render.core.draw.palette_png`, which keeps the
#: player, worker and interface colours exact): 128 — the goods tints and gold stay apart.
PNG_COLOURS = 128
#: Deflate level of the board's PNG: the lowest that keeps a 4-player board late in a game under
#: 140 kB (docs/rendering.md; ``optimize`` is never used).
PNG_COMPRESS_LEVEL = 4


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
    tiles_left = sorted(int(v) for v in p.get("influence") or [])
    for k in range(len(t.influence_tiles)):
        cx = inf.x + ROW_LABEL_W + 13 + k * 28
        if k < len(tiles_left):
            c.piece(cx, inf.cy, 26, 26, fill=rgb, letter=str(tiles_left[k]), shape="square")
        else:
            c.hollow(cx, inf.cy, 26, 26, shape="square")

    # Achievement spaces (printed 1x or empty in the static layer): the tile on each, the VP at the end.
    achieved = p.get("achievements") or {}
    final = ((score or {}).get("achievements") or {}) if view.get("over") else {}
    for aid in t.achievement_ids:
        mult = achieved.get(aid)
        if mult or aid in final:
            _achievement(c, lay.parts[pre + f"achievement:{aid}"], aid, int(mult or 0), rgb, final.get(aid))


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

    1400 px wide; 1504 px high for 2 players, 1724 for 3, 1894 for 4 (:func:`layout_for`). A
    palette PNG (:func:`render.core.draw.palette_png`, :data:`PNG_COLOURS` colours, deflate level
    :data:`PNG_COMPRESS_LEVEL`; texts with :data:`TEXT_ALPHA_STEPS` levels of anti-aliasing):
    120–136 kB at 4 players late in a game (the RGB PNG was 330–510 kB).
    """
    return palette_png(render_image(view), colours=PNG_COLOURS, compress_level=PNG_COMPRESS_LEVEL,
                       keep=(*KEY_RGB, *KEY_COLOURS))


def clear_cache() -> None:
    """Drop the cached static layers, sprites and fonts (after the font search or a catalogue changes)."""
    _LAYERS.clear()
    _transport_sprite.cache_clear()
    clear_caches()
