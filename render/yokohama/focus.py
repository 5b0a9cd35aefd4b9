"""The focus drawing of the Yokohama turn picture: its record, its drawing kit (texts, pieces, the icon
key) and the drawings of the map (an area board, a path)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine.core.i18n import tr
from engine.yokohama.tables import tables
from engine.yokohama.words import GOODS_NAMES, T, _
from render.core import Canvas, Rect, fit_text, text_width, wrap
from render.core import palette as pal
from render.core.cards import FocusDrawer, outline_focus

from .labels import AREA_SHORT, STATION_LETTER, area_title, icon, short_items, short_reward, yen
from .layout import CATEGORY_TINT, TOKEN_GOLD, WATER, house_piece, seat_piece

#: Smallest text of the turn picture's focus drawing (px at :data:`render.core.cards.CARD_WIDTH`;
#: 14 px once Discord shows the card 550 px wide).
FOCUS_TEXT = 28
#: Pieces of the focus drawing (px), each with its letter at :data:`FOCUS_TEXT`.
FOCUS_PIECE = 46
#: Line pitch of focus text.
FOCUS_LINE = 36
#: Focus height the turn picture aims at, and the least it is given before fewer event lines are shown.
FOCUS_HEIGHT, FOCUS_MIN_HEIGHT = 250, 180
#: Height of a box of the president's way (two lines of :data:`FOCUS_TEXT` fit in it).
PATH_BOX_H = 72


@dataclass(frozen=True)
class Focus:
    """A focus drawing (:data:`render.core.cards.FocusDrawer`) and the height it wants on the card."""

    paint: FocusDrawer
    height: int = FOCUS_HEIGHT
    #: What the drawing shows in words when it shortens names (for the alt text), else "".
    alt: str = ""

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
    w = round(d * 1.3) if shape == "diamond" and len(letter) > 1 else d  # room for a two-letter badge
    c.piece(cx, cy, w, d, fill=rgb, letter=letter, shape=shape, size=FOCUS_TEXT)


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
        if president and x + FOCUS_PIECE * 1.3 <= r.x2:
            _fpiece(c, view, x + FOCUS_PIECE * 0.65, r.cy, s, shape="diamond")
            x += round(FOCUS_PIECE * 1.3)
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
                    # i18n: on the Canal board: presidents may cross it for a fee but never stop there.
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
        box_h = PATH_BOX_H
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
                lines = _box_lines(node, box.w - 12)
                for i, line in enumerate(lines):
                    _ftext(c, box.cx, box.cy + (i - (len(lines) - 1) / 2) * (FOCUS_TEXT + 4), line, box.w - 12,
                           style="bold", anchor="mm")
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
            strip = Rect(rest.x, rest.y, rest.w, FOCUS_PIECE + 4)
            x = strip.x
            if power is not None:
                # i18n: the turn picture's focus: the acting player's power in the area just reached.
                x += _ftext(c, x, strip.cy, _("power {n}", n=int(power)), 180, style="bold") + 20
            _players_row(c, Rect(x, strip.y, strip.x2 - x, strip.h), view, dest)
        outline_focus(c, target)

    rows = (min(len(path), 8) + 3) // 4
    # i18n: the alt text of the turn picture: the way the president (or an assistant) went, "A → B → C".
    alt = _("Way: {areas}", areas=" → ".join(_node_name(node) for node in path))
    return Focus(paint, (PATH_BOX_H + 14) * rows + 74, alt)


def _node_name(node: str) -> str:
    """A node of a way: an area's full name, the hand, or the node as it is."""
    if node == "hand":
        return _("Hand")
    return area_title(node) if node in tables().areas else node


def _box_lines(node: str, room: int) -> list[str]:
    """A node's name in a box of ``room`` px of the way: the full name on one line, or on two
    (condensed); the area's short name (the alt text names it in full) when a word of the full
    name is wider than the box."""
    names = [_node_name(node)]
    if node in tables().areas:
        rec = tables().areas[node]
        short = str(tr(AREA_SHORT[rec.kind]))
        names.append(_("{area} ({copy})", area=short, copy=int(node[-1])) if node[-1].isdigit() else short)
    for name in names:
        if not fit_text(name, max(1, room), FOCUS_TEXT, "bold", min_size=FOCUS_TEXT).truncated:
            return [name]
        lines = wrap(name, room, FOCUS_TEXT, "condensed_bold")
        if len(lines) <= 2 and all(text_width(line, FOCUS_TEXT, "condensed_bold") <= room for line in lines):
            return lines
    return [names[-1]]
