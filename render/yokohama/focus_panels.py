"""The focus drawings of the Yokohama boards beside the map: the Church and Customs House spaces,
technologies, laboratories, ports, orders, achievements, tokens, goods and pieces."""

from __future__ import annotations

from typing import Any

from engine.core.i18n import tr
from engine.yokohama.tables import tables
from engine.yokohama.words import COUNTRY_NAMES, LEVEL_NAMES, _, _n, _t, amount, listing, reward_text
from render.core import Canvas, Rect, text_width
from render.core import palette as pal
from render.core.cards import outline_focus

from .focus import (
    FOCUS_LINE,
    FOCUS_PIECE,
    FOCUS_TEXT,
    Focus,
    _centred_lines,
    _fhouse,
    _flines,
    _fpiece,
    _ftext,
    _ftoken,
    _icon_key,
)
from .labels import (
    GOODS,
    RESOURCE_LABELS,
    country_code,
    country_symbols,
    icon,
    order_goods_short,
    short_reward,
    tech_name,
)
from .layout import AGENT_FILL, LEVEL_TINT, seat_piece


def _spaces_drawer(view: dict[str, Any], which: str, space: int) -> Focus:
    """The Church or Customs House board: every space's need and piece, the space taken outlined."""

    def paint(c: Canvas, r: Rect) -> None:
        t = tables()
        # What each space asks for: faith (Church) or imported goods (Customs House).
        needs = ([str(s.faith) for s in t.church] if which == "church"
                 else [f"{s.ig}{icon('ig')}" for s in t.customs])
        rewards = t.church_reward if which == "church" else t.customs_reward
        board = view.get(which) or []
        n = len(needs)
        gap = 6
        w = (r.w - (n - 1) * gap) // n
        h = min(r.h - FOCUS_LINE - 14, 2 * FOCUS_PIECE + 20)
        target = r
        for i, need in enumerate(needs):
            cell = Rect(r.x + i * (w + gap), r.y + 4, w, h)
            c.rect(cell, fill=pal.PANEL, outline=pal.BORDER, width=2)
            head = Rect(cell.x, cell.y, cell.w, FOCUS_TEXT + 12)
            c.rect(head, fill=pal.PANEL_ALT, outline=pal.BORDER, width=2)
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
            head = _("{level} · {country}", level=tr(LEVEL_NAMES[o.level]), country=country_code(o.country))
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
        head = _("{level} · {country}", level=tr(LEVEL_NAMES[o.level]), country=tr(COUNTRY_NAMES[o.country]))
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
        _ftext(c, box.x + 14, head_y, _("{first} / {later} VP", first=rec.first, later=rec.later),
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
