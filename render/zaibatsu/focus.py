"""The drawings of the part of the board a move touched, shown large on the Nippon: Zaibatsu turn picture."""

from __future__ import annotations

from typing import Any

from engine.core.i18n import tr
from engine.zaibatsu.tables import tables
from engine.zaibatsu.words import _, _n, _t, amount
from render.core import Canvas, Rect, fit_text, wrap
from render.core import palette as pal
from render.core.cards import FocusDrawer, outline_focus

from .colours import player_colour, worker_colour
from .labels import (
    ACTION_SHORT,
    ROMAN,
    TRACKS,
    _cap,
    _fill,
    _initial,
    _period_awards,
    _seat_colour,
    _seats,
    bonus_text,
    effect_label,
    goods_short,
    player_name,
    side_short,
    worker_letter,
)
from .layout import GOODS_TINT

#: Text size of the focus drawings (pixels at the card's 1100-px width: 14 px once Discord shows it).
FOCUS_TEXT = 28
#: The four slots of a local market in the notation's order (north, east, south, west).
DIRECTIONS = "NESW"


def _region_name(region: str) -> str:
    """A region (by id, ``R1``) by its name in the current language."""
    name = tables().region_by_id[region].name
    return _t("region", name)


def _is_player(view: dict[str, Any], seat: Any) -> bool:
    return isinstance(seat, int) and 0 <= seat < len(view["players"])


def _player_seat(view: dict[str, Any], seat: Any) -> int | None:
    """``seat`` when it is a player's seat of ``view`` (not Takatoshi, not chance), else ``None``."""
    return seat if _is_player(view, seat) else None


def _ftext(c: Canvas, x: float, y: float, text: str, *, size: int = FOCUS_TEXT, style: str = "regular",
           fill: pal.RGB = pal.INK, anchor: str = "lm", room: float | None = None) -> int:
    """A focus text at ``size`` (condensed, never smaller, when ``room`` is short; cut last)."""
    if not text:
        return 0
    if room is not None:
        fitted = fit_text(text, max(1, int(room)), size, style, min_size=size)
        text, style = fitted.text, fitted.style
    return c.text(x, y, text, size=size, style=style, fill=fill, anchor=anchor)


def _fpiece(c: Canvas, view: dict[str, Any], cx: float, cy: float, seat: int, w: int = 60, h: int = 44,
            text: str | None = None) -> None:
    """A player's square in a focus drawing, its letters at the focus text size."""
    colour = _seat_colour(view, seat)
    c.piece(cx, cy, w, h, fill=player_colour(colour), letter=_initial(view, seat) if text is None else text,
            shape="square", size=FOCUS_TEXT)


def _fworker(c: Canvas, cx: float, cy: float, colour: str, d: int = 48, expert: bool = False) -> None:
    c.piece(cx, cy, d + (8 if expert else 0), fill=worker_colour(colour), letter=worker_letter(colour),
            shape="diamond" if expert else "circle", size=FOCUS_TEXT)


def _influence_line(c: Canvas, view: dict[str, Any], r: Rect, region: str) -> None:
    """Influence of every seat in ``region`` and the foreign companies' (printed values of empty slots)."""
    t = tables()
    infl = view.get("influence", {}).get(region, [])
    x = r.x + 4
    # i18n: before every player's influence in a region (a square and a number each).
    x += _ftext(c, x, r.cy, _("Influence"), style="bold", room=180) + 14
    for seat in range(len(_seats(view))):
        _fpiece(c, view, x + 23, r.cy, seat, 46, 38)
        x += 52
        x += _ftext(c, x, r.cy, str(infl[seat] if seat < len(infl) else 0), style="bold") + 12
    markets = {m["id"]: m for m in view.get("markets", [])}
    foreign = sum(m.printed[i] for m in t.markets if m.region == region
                  for i in range(4) if ((markets.get(m.id) or {}).get("slots") or [None] * 4)[i] is None)
    _ftext(c, x + 6, r.cy, _("foreign {n}", n=foreign), fill=pal.MUTED, room=r.x2 - x - 6)


def _focus_hiring(view: dict[str, Any], space: int, seat: int) -> FocusDrawer:
    """The hiring space a worker was taken from (its actions and the workers left) and the workforce
    the worker joined."""
    def draw(c: Canvas, r: Rect) -> None:
        t = tables()
        workers = (view.get("hiring") or [])[space - 1] if 0 < space <= len(view.get("hiring") or []) else []
        box = Rect(r.x, r.y, r.w, min(118, r.h - 62))
        c.rect(box, fill=pal.PANEL_ALT, outline=pal.GRID)
        w = _ftext(c, box.x + 14, box.y + 24, f"H{space}", size=32, style="bold")
        names = " · ".join(tr(ACTION_SHORT[a]) for a in t.hiring[space - 1].actions) if 0 < space <= len(t.hiring) else ""
        _ftext(c, box.x + 14 + w + 20, box.y + 24, names, style="bold", room=box.w - w - 48)
        wy = box.y2 - 34
        for i, colour in enumerate(workers[:10]):
            _fworker(c, box.x + 40 + i * 58, wy, colour)
        if not workers:
            # i18n: a hiring space after its last worker was taken.
            _ftext(c, box.x + 14, wy, _("no workers left"), fill=pal.MUTED, room=box.w - 28)
        outline_focus(c, box)
        # The workforce the worker joined: the taken worker is the last one.
        row_y = box.y2 + 12 + (r.y2 - box.y2 - 12) // 2
        lw = _ftext(c, r.x + 4, row_y, _("Workforce"), style="bold", room=200)
        force = view["players"][seat].get("workforce", []) if _is_player(view, seat) else []
        x = r.x + 4 + lw + 40
        for i, wk in enumerate(force[:6]):
            if i == len(force) - 1:
                c.rect(Rect(round(x - 30), row_y - 29, 60, 58), fill=pal.HIGHLIGHT)
            _fworker(c, x, row_y, wk["colour"], 44, expert=bool(wk.get("expert")))
            x += 62
    return draw


def _focus_factory(view: dict[str, Any], seat: int, slot: int) -> FocusDrawer:
    """A factory of a player: side, goods type and level, goods, coal, machines, and its effect."""
    def draw(c: Canvas, r: Rect) -> None:
        t = tables()
        f = view["players"][seat]["factories"][slot - 1]
        goods = t.goods.get(f["goods_type"])
        tile = Rect(r.x + 6, r.y + 6, 260, min(176, r.h - 12))
        c.rect(tile, fill=GOODS_TINT[goods.level] if goods else pal.PANEL, outline=pal.BORDER, width=2)
        old = f["side"] == "old"
        name = _("Old {goods}", goods=goods_short(f["goods_type"])) if old else side_short(f["side"])
        _ftext(c, tile.x + 12, tile.y + 22, name, size=32, style="bold", room=tile.w - 24)
        goods_id = str(f["goods_type"])
        kind = _cap(_t("goods", goods_id))
        if goods:
            kind = f"{kind} · {_fill(_('L{level}'), level=goods.level)}"
        _ftext(c, tile.x + 12, tile.y + 58, kind, room=tile.w - 24)
        n = int(f.get("goods", 0))
        line = _n("{n} good", "{n} goods", n)
        if f.get("coal"):
            line += ", " + str(tr(amount("coal", int(f["coal"]))))
        _ftext(c, tile.x + 12, tile.y + 92, line, style="bold", room=tile.w - 24)
        my = tile.y2 - 30
        if old:
            _ftext(c, tile.x + 12, my, _("no slots"), fill=pal.MUTED, room=tile.w - 24)
        else:
            for k, on in enumerate(f.get("machines", [False, False])):
                x = tile.x + 40 + k * 64
                if on:
                    c.piece(x, my, 54, 40, fill=pal.INK, letter="M", shape="square", outline=pal.INK, size=FOCUS_TEXT)
                else:
                    c.piece(x, my, 54, 40, fill=pal.PANEL, letter="M", shape="square", outline=pal.MUTED, outline_w=1,
                            letter_fill=pal.MUTED, size=FOCUS_TEXT)
        outline_focus(c, tile)
        side = t.sides.get(f["side"])
        if side is not None:
            box = Rect(tile.x2 + 24, r.y + 6, r.x2 - tile.x2 - 24, r.h - 12)
            lines = wrap(effect_label(side.text), box.w, FOCUS_TEXT, "condensed")
            most = max(1, box.h // 36)
            if len(lines) > most:
                lines = lines[: most - 1] + [" ".join(lines[most - 1:])]
            y = box.y + 18
            for ln in lines:
                _ftext(c, box.x, y, ln, style="condensed", room=box.w)
                y += 36
    return draw


def _focus_market(view: dict[str, Any], market_id: str, direction: str | None) -> FocusDrawer:
    """A local market: its four slots (goods of the demand tile, printed value or token) and the
    influence in its region; the slot just filled is outlined."""
    def draw(c: Canvas, r: Rect) -> None:
        t = tables()
        m = t.market_by_id[market_id]
        mv = next((x for x in view.get("markets", []) if x["id"] == market_id), None) or {}
        slots = mv.get("slots") or [None] * 4
        label_w = 92
        _ftext(c, r.x + 4, r.y + 34 + 52, market_id, size=32, style="bold", room=label_w - 8)
        cells = Rect(r.x + label_w, r.y + 34, r.w - label_w, min(104, r.h - 34 - 50)).columns(4, gap=10)
        for i, cell in enumerate(cells):
            _ftext(c, cell.cx, r.y + 16, DIRECTIONS[i], style="bold", fill=pal.MUTED, anchor="mm")
            goods = None
            if mv.get("tile"):
                goods = t.demand[mv["tile"]][(i - int(mv.get("rotation", 0))) % 4]
            c.rect(cell, fill=GOODS_TINT[t.goods[goods].level] if goods else pal.PANEL, outline=pal.BORDER)
            if goods:
                _ftext(c, cell.cx, cell.y + 20, goods_short(goods), style="bold", anchor="mm", room=cell.w - 8)
            occ = slots[i] if i < len(slots) else None
            if occ is None:
                _ftext(c, cell.cx, cell.y2 - 26, f"({m.printed[i]})", fill=pal.MUTED, anchor="mm")
            else:
                seat, value = int(occ[0]), int(occ[1])
                _fpiece(c, view, cell.cx, cell.y2 - 27, seat, min(cell.w - 12, 96), 42,
                        text=f"{_initial(view, seat)}{value}")
            if direction == DIRECTIONS[i]:
                outline_focus(c, cell)
        _influence_line(c, view, Rect(r.x, cells[0].y2 + 6, r.w, r.y2 - cells[0].y2 - 6), m.region)
    return draw


def _focus_trains(view: dict[str, Any], region: str, slot: int | None) -> FocusDrawer:
    """A region's railway: the seven train slots (bonus, owner; unavailable slots greyed) and the
    influence there; the slot just built is outlined."""
    def draw(c: Canvas, r: Rect) -> None:
        t = tables()
        players = len(view["players"])
        trains = view.get("trains", {}).get(region, [])
        row = Rect(r.x, r.y + 4, r.w, min(112, r.h - 58))
        for i, (cell, s) in enumerate(zip(row.columns(len(t.train_slots), gap=6), t.train_slots)):
            usable = s.min_players <= players
            c.rect(cell, fill=pal.PANEL if usable else pal.UNAVAILABLE, outline=pal.GRID)
            if usable:
                _ftext(c, cell.cx, cell.y + 20, bonus_text(s.bonus, short=True), style="condensed", anchor="mm",
                       room=cell.w - 4)
                owner = trains[i] if i < len(trains) else None
                if owner is None:
                    c.piece(cell.cx, cell.y2 - 30, 56, 42, fill=pal.PANEL, letter=str(s.slot), shape="square",
                            outline=pal.MUTED, outline_w=1, letter_fill=pal.MUTED, size=FOCUS_TEXT)
                else:
                    _fpiece(c, view, cell.cx, cell.y2 - 30, int(owner), min(cell.w - 10, 64), 44)
            else:
                # i18n: a train slot used only from {n} players on; at most about 4 characters.
                _ftext(c, cell.cx, cell.cy, _("{n}p", n=s.min_players), fill=pal.MUTED, anchor="mm", room=cell.w - 4)
            if slot == s.slot:
                outline_focus(c, cell)
        _influence_line(c, view, Rect(r.x, row.y2 + 6, r.w, r.y2 - row.y2 - 6), region)
    return draw


def _focus_ship(view: dict[str, Any], dest: str) -> FocusDrawer:
    """An Iwakura destination: its expert (waiting or hired), upgrade tiles left and ship slots."""
    def draw(c: Canvas, r: Rect) -> None:
        t = tables()
        d = t.dest_by_id[dest]
        slots = t.count(len(view["players"])).ship_slots
        box = Rect(r.x + 6, r.y + 6, r.w - 12, min(164, r.h - 12))
        c.rect(box, fill=pal.PANEL_ALT, outline=pal.GRID)
        _ftext(c, box.x + 14, box.y + 26, _t("destination", d.name), size=32, style="bold", room=box.w - 28)
        _ftext(c, box.x + 14, box.y + 64, _("upgrade tiles left: {n}", n=view.get("upgrades", {}).get(dest, 0)),
               room=box.w - 28)
        y = box.y2 - 40
        if view.get("experts", {}).get(dest):
            _fworker(c, box.x + 44, y, d.colour, 48, expert=True)
            # i18n: the destination's expert is still there / a player has taken it (with a ship).
            _ftext(c, box.x + 84, y, _("expert waiting"), room=box.w - 100 - slots * 74)
        else:
            _ftext(c, box.x + 14, y, _("expert hired"), fill=pal.MUTED, room=box.w - 40 - slots * 74)
        seats = view.get("ships", {}).get(dest, [])
        for k in range(slots):
            x = box.x2 - 46 - (slots - 1 - k) * 74
            if k < len(seats):
                _fpiece(c, view, x, y, int(seats[k]), 64, 48)
            else:
                c.piece(x, y, 64, 48, fill=pal.PANEL, shape="square", outline=pal.MUTED, outline_w=1)
        outline_focus(c, box)
    return draw


def _focus_tracks(view: dict[str, Any], seat: int, touched: set[str]) -> FocusDrawer:
    """A player's three tracks around their markers (values, thresholds in gold, marker in their
    colour); the tracks the move advanced are outlined."""
    def draw(c: Canvas, r: Rect) -> None:
        t = tables()
        p = view["players"][seat]
        col = player_colour(p["colour"])
        label_w = 170
        rows = Rect(r.x, r.y + 2, r.w, r.h - 4).rows(3, gap=8)
        for (key, label), row in zip(TRACKS, rows):
            _ftext(c, row.x + 4, row.cy, tr(label), style="bold", room=label_w - 12)
            spaces = t.track[key]
            pos = min(max(int(p.get(key, 1)), 1), len(spaces))
            first = min(max(pos - 3, 1), max(1, len(spaces) - 6))
            shown = spaces[first - 1: first + 6]
            cells = Rect(row.x + label_w, row.y, row.w - label_w, row.h).columns(len(shown), gap=0)
            for sp, cell in zip(shown, cells):
                here = sp.space == pos
                fill = col if here else pal.THRESHOLD if sp.threshold else pal.PANEL
                c.rect(cell, fill=fill, outline=pal.INK if here else pal.GRID, width=3 if here else 1)
                _ftext(c, cell.cx, cell.cy, str(sp.value), style="bold" if here else "regular",
                       fill=pal.text_on(col) if here else pal.MUTED, anchor="mm")
            if key in touched:
                outline_focus(c, row, width=4)
    return draw


def _focus_contracts(view: dict[str, Any], seat: int, contract: str) -> FocusDrawer:
    """A player's fulfilled contracts, the new one outlined, and its bonus."""
    def draw(c: Canvas, r: Rect) -> None:
        t = tables()
        p = view["players"][seat]
        y = r.y + 40
        x = r.x + 6
        for cid in p.get("contracts_done", []):
            cell = Rect(x, y - 30, 96, 60)
            c.rect(cell, fill=pal.PANEL_ALT, outline=pal.BORDER, width=2)
            _ftext(c, cell.cx, cell.cy, cid, style="bold", anchor="mm")
            if cid == contract:
                outline_focus(c, cell)
            x += 110
        data = t.contracts.get(contract)
        if data is not None:
            _ftext(c, r.x + 6, y + 66, _("{contract}: {bonus}", contract=contract, bonus=bonus_text(data.bonus)),
                   room=r.w - 12)
        left = " ".join(p.get("contracts", [])) or _("none")
        _ftext(c, r.x + 6, y + 110, _("Contracts left: {list}", list=left), fill=pal.MUTED, room=r.w - 12)
    return draw


def _focus_start(a: str, b: str) -> FocusDrawer:
    """The two start tiles a player drafted, with their texts."""
    def draw(c: Canvas, r: Rect) -> None:
        t = tables()
        y = r.y + 8
        for tile_id in (a, b):
            tile = t.start.get(tile_id)
            if tile is None:
                continue
            text = _t("start tile", tile.text)
            if tile.side == "A":
                line = _("{tile} ({vp} VP): {text}", tile="A", vp=tile.start_vp, text=text)
            else:
                line = _("{tile}: {text}", tile="B", text=text)
            lines = wrap(line, r.w - 28, FOCUS_TEXT, "condensed")
            if len(lines) > 2:
                lines = lines[:1] + [" ".join(lines[1:])]
            for ln in lines[:2]:
                _ftext(c, r.x + 14, y + 18, ln, style="condensed", room=r.w - 28)
                y += 36
            y += 12
        outline_focus(c, Rect(r.x, r.y, r.w, y - r.y - 4))
    return draw


def _focus_scoring(view: dict[str, Any]) -> FocusDrawer:
    """The last influence scoring: VP per region for every seat."""
    def draw(c: Canvas, r: Rect) -> None:
        regions = tables().region_ids
        awards = _period_awards(view)
        seats = list(range(len(_seats(view))))
        label_w = 96
        cols = Rect(r.x + label_w, r.y, r.w - label_w, r.h).columns(len(regions) + 1, gap=6)
        pitch = min(44, (r.h - 36) // max(1, len(seats)))
        for col, head in zip(cols, [*regions, "Σ"]):
            _ftext(c, col.cx, r.y + 18, head, style="bold", fill=pal.MUTED, anchor="mm")
        table = Rect(r.x, r.y + 36, r.w, pitch * len(seats))
        for k, seat in enumerate(seats):
            cy = table.y + k * pitch + pitch // 2
            if k % 2:
                c.rect(Rect(r.x, cy - pitch // 2, r.w, pitch), fill=pal.PANEL_ALT)
            _fpiece(c, view, r.x + 36, cy, seat, 60, min(40, pitch - 2))
            values = awards.get(seat, [0] * len(regions))
            for col, v in zip(cols, [*values, sum(values)]):
                _ftext(c, col.cx, cy, f"+{v}" if v else "—", style="bold" if v else "regular",
                       fill=pal.INK if v else pal.MUTED, anchor="mm")
        outline_focus(c, table, width=4)
    return draw


def _move_tracks(move: str) -> set[str]:
    """The tracks a white-department choice (``white rd2`` …) moved."""
    parts = move.split()
    if len(parts) == 2 and parts[0] == "white":
        return {"rd2": {"rd"}, "mining2": {"mining"}, "both": {"rd", "mining"}}.get(parts[1], {parts[1]})
    return set()


def _focus(view: dict[str, Any], last: dict[str, Any]) -> tuple[str, FocusDrawer] | None:
    """``(title, drawer)`` of the part of the board the last move touched, or ``None``."""
    t = tables()
    events = [e for e in last.get("events") or [] if isinstance(e, dict)]
    mover = last.get("seat")
    if any(e.get("kind") == "scoring" for e in events) and any(sum(v) for v in _period_awards(view).values()):
        period = int(view["period_log"][-1].get("period", 1))
        # i18n: title of the turn picture's drawing of a period's influence scoring ({period}: I, II, III).
        return _("Influence scoring, period {period}", period=ROMAN.get(period, period)), _focus_scoring(view)
    mine = [e for e in events if e.get("seat") == mover or e.get("seat") is None]
    for e in mine:
        kind, data = e.get("kind"), e.get("data") or {}
        seat = _player_seat(view, e.get("seat"))
        if seat is None:
            seat = _player_seat(view, mover)
        if seat is None:
            continue
        who = player_name(view["players"][seat]["colour"])
        factories = view["players"][seat].get("factories", [])
        if kind == "take" and data.get("space"):
            # i18n: titles of the turn picture's drawing of what the last move touched.
            return _("Hiring space {n}", n=data["space"]), _focus_hiring(view, int(data["space"]), seat)
        if kind in ("factory", "machine", "produce") and data.get("slot") and int(data["slot"]) <= len(factories):
            return (_("{player}: factory slot {slot}", player=who, slot=data["slot"]),
                    _focus_factory(view, seat, int(data["slot"])))
        if kind == "old_factory" and factories:
            return _("{player}: factory slot {slot}", player=who, slot=1), _focus_factory(view, seat, 1)
        if kind == "market" and data.get("market") in t.market_by_id:
            m = t.market_by_id[data["market"]]
            return (_("Market {market} in {region}", market=m.id, region=_region_name(m.region)),
                    _focus_market(view, m.id, data.get("slot")))
        if kind == "train" and data.get("region") in t.region_by_id:
            region = data["region"]
            return (_("Railway slots in {region}", region=_region_name(region)),
                    _focus_trains(view, region, data.get("slot")))
        if kind == "ship" and data.get("destination") in t.dest_by_id:
            dest = data["destination"]
            return (_("Iwakura mission: {destination}", destination=_t("destination", t.dest_by_id[dest].name)),
                    _focus_ship(view, dest))
        if kind in ("rd", "mining", "invest", "white"):
            touched = {"invest": {"finance"}, "white": _move_tracks(str(last.get("move", "")))}.get(kind, {kind})
            return _("{player}: tracks", player=who), _focus_tracks(view, seat, touched)
        if kind == "contract" and data.get("contract"):
            return _("{player}: contracts", player=who), _focus_contracts(view, seat, str(data["contract"]))
        if kind == "draft" and data.get("a") and data.get("b"):
            return _("{player}: start tiles", player=who), _focus_start(str(data["a"]), str(data["b"]))
    # Takatoshi's turns after a solo player's move: what he built or where he placed a token.
    for e in reversed(events):
        turn = (e.get("data") or {}).get("turn") if e.get("kind") == "automa" else None
        if not isinstance(turn, dict):
            continue
        if turn.get("result") == "built" and turn.get("region") in t.region_by_id:
            region = turn["region"]
            return (_("Railway slots in {region}", region=_region_name(region)),
                    _focus_trains(view, region, turn.get("slot")))
        if turn.get("result") == "placed" and turn.get("market") in t.market_by_id:
            m = t.market_by_id[turn["market"]]
            slot = turn.get("slot")
            return (_("Market {market} in {region}", market=m.id, region=_region_name(m.region)),
                    _focus_market(view, m.id, DIRECTIONS[slot] if isinstance(slot, int) and 0 <= slot < 4 else None))
    return None
