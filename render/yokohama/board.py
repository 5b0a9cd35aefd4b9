"""The full Yokohama board: the pieces and numbers of a view drawn on the static layers, as a Pillow image
or a palette PNG."""

from __future__ import annotations

from typing import Any

from PIL import Image

from engine.core.i18n import tr
from engine.yokohama.tables import tables
from engine.yokohama.words import DOMAIN, LEVEL_NAMES, _, _n, _t, amount
from render.core import MIN_TEXT, Canvas, Layout, Rect, clear_caches, palette_png, text_width
from render.core import palette as pal
from render.core.draw import KEY_COLOURS
from render.core.templates import layer_key, rich
from render.core.widgets import badge, fitted_width, prompt_box

from .colours import NEUTRAL_RGB, PLAYER_RGB
from .labels import (
    COUNTRIES,
    GAME_TITLE,
    GOODS,
    _decision,
    _random_event,
    _yen,
    agents_face_up,
    area_title,
    country_code,
    country_symbols,
    dealt_orders,
    hand_orders,
    order_goods_short,
    order_line,
    orders_in_hand,
    player_name,
    result_line,
    short_reward,
    status,
    tech_name,
    yen,
)
from .layout import (
    _LAYERS,
    _MAPS,
    AGENT_FILL,
    CATEGORY_TINT,
    LAND,
    LEVEL_TINT,
    LINE,
    NAME_ROOM,
    PATH,
    TEXT_ALPHA_STEPS,
    TITLE_H,
    TOKEN_GOLD,
    WATER,
    WAVE,
    Shape,
    _agent,
    _assistant,
    _boards_layer,
    _house_sprite,
    _map_key,
    _station,
    _tile_cells,
    _token,
    house_piece,
    player_letter,
    player_rgb,
    seat_piece,
)

#: Colours of the board's palette PNG (:func:`render.core.draw.palette_png`): all 256. Its palette
#: is picked from an 8× smaller copy of the picture, where a piece is a few pixels: with 128 colours
#: and fewer, purple, the gold of the 5-power tokens and the white spaces drift (by 20–60 levels).
PNG_COLOURS = 256
#: Deflate level of the board's PNG: 4 keeps a 4-player board late in a game at about 130 kB, at
#: most ~140 kB in Polish (level 3: up to ~150 kB for ~10 ms less); ``optimize`` is never used.
PNG_COMPRESS_LEVEL = 4
#: Colours the board's palette PNG keeps exactly (:func:`render.core.draw.palette_png`): the shared
#: interface and player colours, and the board's own (map, boards, tokens, tints of the players).
BOARD_COLOURS: tuple[pal.RGB, ...] = tuple(dict.fromkeys((
    *KEY_COLOURS, *PLAYER_RGB.values(), NEUTRAL_RGB, LAND, PATH, WATER, WAVE, TOKEN_GOLD, *CATEGORY_TINT.values(),
    *LEVEL_TINT.values(), AGENT_FILL, *(pal.tint(c, 0.6) for c in PLAYER_RGB.values()),
    *(pal.tint(c, 0.55) for c in PLAYER_RGB.values()),
)))
NEUTRAL = -2  # the seat of the 2-player neutral pieces (engine.yokohama.state.NEUTRAL)


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
    x = r.x + 23
    row_y = r.y + 44
    for seat, n in enumerate(a.get("assistants") or []):
        if n:
            _assistant(c, view, x, row_y, seat, 24)
            x += 19
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
        c.piece(right - 19, by, 38, 28, fill=rgb, letter=letter, shape="diamond")
        right -= 41
    if station:
        _station(c, right - 16, by)
        right -= 36
    token = a.get("token")
    if token:
        _token(c, r.x + 18, by, 24)
        reward = short_reward(t.token_reward.get(str(token), {}))
        c.text(r.x + 34, by, reward, style="condensed_bold", anchor="lm", max_width=max(1, right - r.x - 38))


def _draw_church_customs(c: Canvas, lay: Layout, view: dict[str, Any]) -> None:
    for name in ("church", "customs"):
        for i, occ in enumerate(view.get(name) or []):
            cell = lay.parts.get(f"{name}/{i}")
            if cell is None or occ is None:
                continue
            seat = int(occ)
            _assistant(c, view, cell.x2 - 19, cell.cy, None if seat == NEUTRAL or seat < 0 else seat,
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
            # i18n: first line of an order on a Port board: level, country code.
            head = _("{level} · {country}", level=tr(LEVEL_NAMES[o.level]), country=country_code(o.country))
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
        # i18n: an achievement tile's head: its number (moves: achieve 1) and the VP of the first player / of later
        # players.
        discs = rec.spaces * 31  # room for a two-letter badge on each disc
        c.text(r.x + 6, r.y + 15, _("{n}. {first} / {later} VP", n=i + 1, first=rec.first, later=rec.later),
               style="bold", anchor="lm", max_width=r.w - 16 - discs)
        seats = [int(s) for s in spaces.get(tile) or []]
        for k in range(rec.spaces):
            x = r.x2 - discs - 4 + 16 + k * 31
            if k < len(seats):
                _assistant(c, view, x, r.y + 15, seats[k], 21)
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
        tokens = [f"{i + 1}. {country_code(t.reward_tokens[tok])}"
                  for i, tok in enumerate(view.get("reward_tokens") or []) if tok in t.reward_tokens]
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
    c.piece(x + 4, ln.cy, 38, 26, fill=rgb, letter=player_letter(str(p["colour"])), shape="diamond")
    x += 26
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
        groups.append(rich(_("reward token {token}"), token=(country_code(t.reward_tokens.get(token, "")), "bold")))
    _runs(c, ln, _joined(groups, " · "))

    # 6: fulfilled orders (public, face up).
    done = [str(o) for o in p.get("fulfilled") or []]
    chips = [country_code(t.orders[o].country) for o in done if o in t.orders]
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
            if kind == "house":  # wide enough for a two-letter badge (Russian "Жё" is 31 px)
                house_piece(c, x + 17, ln.cy - 1, 34, 26, rgb, letter)
                x += 36
            else:
                c.piece(x + 15, ln.cy, 30, 24, fill=rgb, letter=letter, shape=kind)
                x += 32
            x += c.text(x, ln.cy, str(int(p.get(key, 0))), style="bold", anchor="lm") + 6
        x += 10
    if int(p.get("wh_houses", 0)) > 0:
        costs = tables().n["trading_house_costs"]
        price = int(costs[min(int(p.get("houses_taken", 0)), len(costs) - 1)])
        # i18n: a player panel, after the trading houses in the warehouse: the price of the next one.
        c.text(x - 13, ln.cy, _("(next {price})", price=yen(price)), style="condensed", fill=pal.MUTED,
               anchor="lm", max_width=max(1, ln.x2 - x + 13))


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

    1400 px wide; 1622 px high for 2 players, 1774 for 3, 1916 for 4 (:func:`layout_for`). A palette
    PNG (:func:`render.core.draw.palette_png`: :data:`PNG_COLOURS` colours, :data:`BOARD_COLOURS`
    kept exact, deflate level :data:`PNG_COMPRESS_LEVEL`; texts with :data:`TEXT_ALPHA_STEPS` levels
    of anti-aliasing): about 120–130 kB at 4 players late in a game, up to ~140 kB in Polish (the RGB
    PNG was 400–470 kB). Use :func:`render_image` for the RGB picture before encoding.
    """
    return palette_png(render_image(view), colours=PNG_COLOURS, compress_level=PNG_COMPRESS_LEVEL, keep=BOARD_COLOURS)


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
