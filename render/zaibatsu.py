"""Board picture of Nippon: Zaibatsu: ``render(view) -> PNG bytes`` and ``alt_text(view) -> str``.

The input is the JSON-ready dict of ``engine.zaibatsu.GAME.view(state, seat)``; component data
(hiring actions, region bonuses, printed market values, demand tiles, train-slot bonuses, tracks,
period values) comes from :func:`engine.zaibatsu.tables.tables`. The picture is our own schematic
drawing, :data:`WIDTH` pixels wide, top to bottom:

* header — round, period, and whose decision it is with the prompt;
* hiring spaces (actions + workers) · waiting rows · round track with period VP values and the bag;
* Iwakura mission destinations (expert, upgrade tiles left, ship slots);
* the four regions (two local markets each with goods, printed values and tokens; train slots
  with bonuses, unavailable slots greyed; region bonus; influence per player and foreign);
* start-tile pairs (only while they are drafted) and the factory display;
* the common goals (Common Goals module only);
* one panel per player (and Takatoshi's in a solo game); a legend line.

Everything that does not depend on the view (frames, labels, track scales …) is drawn once per
player count into a cached static layer; a render copies it and draws the pieces and numbers.
"""

from __future__ import annotations

import io
import re
from dataclasses import dataclass
from typing import Any

from PIL import Image

from engine.zaibatsu.data import Bonus
from engine.zaibatsu.tables import tables
from render.core import MIN_TEXT, Canvas, LayerCache, Layout, Rect, clear_caches, text_width, wrap
from render.core import palette as pal

#: Picture width in pixels.
WIDTH = 1400
#: PNG compression level (1–3 keeps encoding fast; ``optimize`` is never used).
PNG_COMPRESS_LEVEL = 1

M = 10  # outer margin
G = 10  # gap between panels
TITLE_H = 28
HEADER_H = 46
ROW_A_H = 192
IWAKURA_H = 104
REGION_H = 300
PLAYER_H = 354
LEGEND_H = 30
LINE = 24  # text line pitch (18 px text)
CELL_W, CELL_H = 54, 48  # market cross cell
TRAIN_W, TRAIN_H = 44, 54  # railway slot cell
TRACK_LABEL_W = 86  # player panel: track label column
TRACK_CELL_W = 27  # player panel: one track space
WF_X = 128  # player panel: first workforce slot centre, from the row's left edge

GOODS_ORDER = ("cotton", "paper", "bento", "lenses", "bulbs", "clocks")
GOODS_SHORT = {"cotton": "Cot", "paper": "Pap", "bento": "Ben", "lenses": "Len", "bulbs": "Bul", "clocks": "Clo"}
GOODS_TINT = {1: (253, 248, 228), 2: (240, 246, 252), 3: (250, 236, 242)}
ACTION_SHORT = {
    "rd": "R&D", "mining": "Mining", "factory": "Factory", "machines": "Machines", "production": "Production",
    "ships": "Ships", "trains": "Railways", "markets": "Markets", "investments": "Investments",
}
ROMAN = {1: "I", 2: "II", 3: "III"}
GOAL_SHORT = {
    "ships": "Ships", "machines": "Mach.", "trains": "Trains", "rd": "R&D", "mining": "Mining", "finance": "Fin.",
    "factories": "Fact.", "contracts": "Contr.",
}
AREAS = (("ships", "Ships"), ("machines", "Machines"), ("trains", "Trains"))
TRACKS = (("rd", "R&D"), ("mining", "Mining"), ("finance", "Finance"))

_LAYERS = LayerCache(maxsize=12)


# ------------------------------------------------------------------------------------------------
# Text helpers
# ------------------------------------------------------------------------------------------------


def _seats(view: dict[str, Any]) -> list[dict[str, Any]]:
    """Every seat with pieces on the board: the players, and Takatoshi (seat 1) in a solo game."""
    seats = view.get("seats")
    if seats:
        return list(seats)
    return [{"seat": i, "colour": p["colour"], "name": str(p["colour"]).title(), "automa": False}
            for i, p in enumerate(view["players"])]


def _seat_colour(view: dict[str, Any], seat: int) -> str:
    seats = _seats(view)
    return str(seats[seat]["colour"]) if 0 <= seat < len(seats) else "?"


def _initial(view: dict[str, Any], seat: int) -> str:
    return pal.player_initial(_seat_colour(view, seat))


def bonus_text(bonus: Bonus, short: bool = False) -> str:
    """A :class:`engine.zaibatsu.data.Bonus` as words (``"2 iron"``, ``"Finance +1"``; ``"—"`` if empty)."""
    parts = []
    for k in ("money", "coal", "silk", "iron", "vp"):
        v = getattr(bonus, k, 0)
        if v:
            name = "VP" if k == "vp" else k
            parts.append(name if short and v == 1 else f"{v} {name}")
    for k, label in (("rd", "R&D"), ("mining", "Mining"), ("finance", "Finance")):
        v = getattr(bonus, k, 0)
        if v:
            parts.append(f"{label} +{v}")
    if getattr(bonus, "dept", None):
        parts.append(f"{bonus.dept} dept")
    if getattr(bonus, "dept_any", False):
        parts.append("any dept")
    if getattr(bonus, "unlock", None):
        parts.append(f"unlock {bonus.unlock}")
    return ", ".join(parts) or "—"


def side_short(side_id: str) -> str:
    """``cotton3A`` -> ``Cot3A``; ``old`` -> ``Old``."""
    m = re.fullmatch(r"([a-z]+)(\d+[AB])", side_id)
    if not m:
        return side_id.title()
    return GOODS_SHORT.get(m.group(1), m.group(1)[:3].title()) + m.group(2)


_EFFECT_RULES: tuple[tuple[str, str], ...] = (
    (r"^Special: ", "Always: "),
    (r"^Instant: ", ""),
    (r"^Machines action: when you put a machine on this factory, ", "Machine here: "),
    (r"^Production action: producing in this factory gives ", "Producing here: "),
    (r"^Production action: ", "Production: "),
    (r"^Investments & Contracts action: ", "Invest: "),
    (r"^Trains action: ", "Railways: "),
    (r"^R&D action: ", "R&D act.: "),
    (r"^Mining action: ", "Mining act.: "),
    (r"gain the department bonus of the colour of the worker you took( for this Factory action)?",
     "dept bonus of taken worker's colour"),
    (r"gain the department bonus of that expert's colour", "dept bonus of that expert's colour"),
    (r"gain the (\w+) or the (\w+) department bonus", r"\1 or \2 dept bonus"),
    (r"if your (\w+|R&D) goal slot holds a level-2 / level-3 prestige tile, gain the (\w+) department bonus 1 / 2 times",
     r"\2 dept ×1/2 if \1 goal prestige L2/3"),
    (r"gain every department bonus on the Mining track spaces you have reached or passed",
     "every dept bonus reached on Mining"),
    (r"department bonus", "dept bonus"),
    (r"you may pay (.+?) to build another (in a different region|at a different destination)",
     r"another elsewhere for \1"),
    (r"you may pay (.+?) to build another", r"another for \1"),
    (r"Finance -2 and 1 iron", "Finance -2, 1 iron"),
    (r"5 money \+ 1 iron", "5 money, 1 iron"),
    (r"^build 1 (ship|train); another (elsewhere )?for (.+?)\.$", r"Build 1 \1 (+1 \2for \3)"),
    (r"you may also move Finance -2 for Mining \+2", "may trade Finance -2 for Mining +2"),
    (r"in consolidation step B keep up to 3 of your money and coal", "keep up to 3 money/coal at taxes"),
    (r"put 3 coal on this factory; they are not discarded in consolidation step B", "3 coal here, safe from taxes"),
    (r"if you fulfil at least 1 contract, ", "≥1 contract fulfilled: "),
    (r"if your 1st activation fulfils a contract, ", "1st act. fulfils contract: "),
    (r"if your first 2 activations fulfil contracts, ", "first 2 act. fulfil contracts: "),
    (r"gain 3 goods, 1 in each of 3 different factories of yours \(each takes its factory's type\)",
     "3 goods, 1 on each of 3 factories"),
    (r"gain the region bonus of one region where you built a train this action",
     "region bonus where you built a train"),
    (r"pay 1 coal less for one production of this action", "1 coal less for one production"),
    (r"gain 1 good per factory produced in this action", "+1 good per factory produced"),
    (r"gain 1 iron per factory you produced in", "1 iron per factory produced"),
    (r"build 1 train and gain that slot's bonus twice", "build 1 train, its slot bonus twice"),
    (r"build 1 machine on each of 2 different factories", "1 machine on each of 2 factories"),
    (r"build 1 machine and produce once in this factory", "1 machine + produce here once"),
    (r"when you put a machine on this factory", "machine here"),
    (r"2 VP per threshold reached in your ship, machine and train rows", "2 VP per ship/machine/train threshold"),
    (r"2 VP per threshold reached on your R&D, Mining and Finance tracks", "2 VP per track threshold"),
    (r"2 VP per lower threshold reached in your six areas", "2 VP per lower threshold"),
    (r"each of your trains gives 3 influence instead of 2", "each train gives 3 influence"),
    (r"^gain ", ""),
    (r": gain ", ": "),
    (r"; gain ", "; "),
    (r" and gain ", ", "),
    (r"\.$", ""),
)


def short_effect(text: str) -> str:
    """A factory side's effect text shortened for the display list (same meaning, fewer words)."""
    for pat, rep in _EFFECT_RULES:
        text = re.sub(pat, rep, text)
    return text[:1].upper() + text[1:]


def _decision(view: dict[str, Any]) -> tuple[int | None, str, str]:
    d = view.get("decision") or {}
    return d.get("seat"), str(d.get("kind", "")), str(d.get("prompt", ""))


def _ranking(view: dict[str, Any]) -> list[tuple[str, int]]:
    """``(name, VP)`` best first (ties: who took their last turn later), Takatoshi included."""
    rows = [(str(p["colour"]).title(), int(p["vp"]), int(p.get("last_turn", -1))) for p in view["players"]]
    a = view.get("automa")
    if a:
        rows.append(("Takatoshi", int(a.get("vp", 0)), int(a.get("last_turn", -1))))
    return [(name, vp) for name, vp, _ in sorted(rows, key=lambda r: (-r[1], -r[2]))]


def _is_draft(view: dict[str, Any]) -> bool:
    return _decision(view)[1] == "draft" or (
        bool(view.get("start_pairs")) and not any(p.get("start_a") for p in view["players"])
    )


@dataclass(frozen=True)
class Shape:
    """What fixes the geometry and the static layer of a picture (the cache key of that layer)."""

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
        """The :class:`Layout` of pictures of this shape."""
        return layout_for(self.players, self.draft, modern=self.modern, common_goals=self.common_goals)


# ------------------------------------------------------------------------------------------------
# Layout
# ------------------------------------------------------------------------------------------------


def _per_goods(players: int, modern: bool) -> int:
    """Display lines per goods type: the normal tiles, plus one modern factory with the module."""
    return tables().count(players).factories_per_type + (1 if modern else 0)


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


# ------------------------------------------------------------------------------------------------
# Static layer (depends only on the player count, the draft flag and the player colours)
# ------------------------------------------------------------------------------------------------


def _static(shape: Shape) -> Image.Image:
    t = tables()
    players, draft, colours = shape.players, shape.draft, shape.colours
    pc = t.count(players)
    lay = shape.layout()
    img = Image.new("RGB", (lay.width, lay.height), pal.BACKGROUND)
    c = Canvas(img)

    # Header frame.
    c.rect(lay.panels["header"], fill=pal.TITLE_BAR)
    c.text(lay.panels["header"].x + 12, lay.panels["header"].cy, "Nippon: Zaibatsu", size=22, style="bold",
           fill=pal.TITLE_TEXT, anchor="lm")

    # Hiring spaces.
    c.panel(lay.panels["hiring"], "Hiring spaces (actions · workers)")
    for h, space in enumerate(t.hiring):
        r = lay.parts[f"hiring/{h}"]
        c.rect(r, fill=pal.PANEL_ALT, outline=pal.GRID)
        c.text(r.x + 6, r.y + 3, f"H{h + 1}", style="bold")
        for j, a in enumerate(space.actions):
            c.text(r.x + 6, r.y + 3 + (j + 1) * 23, ACTION_SHORT[a], style="condensed_bold", max_width=r.w - 10)

    # Waiting area.
    wr = c.panel(lay.panels["waiting"], "Waiting rows")
    rows = [r for r in t.waiting_rows if r.section in set(pc.waiting_sections)]
    for i, row in enumerate(rows):
        r = lay.parts[f"waiting/row{i}"]
        c.text(r.x + 22, r.cy, str(i + 1), style="bold", anchor="mm")
        for k in range(row.cells):
            c.hollow(r.x + 54 + k * 34, r.cy, 28)
    if len(rows) < 5:
        c.text(wr.x + 8, wr.y2 - 6, "empty hiring space", style="condensed", fill=pal.MUTED, anchor="lb")
        c.text(wr.x + 8, wr.y2 - 30, "1st row refills an", style="condensed", fill=pal.MUTED, anchor="lb")

    # Round track and periods.
    rb = c.panel(lay.panels["round"], "Round track & period VP")
    ladder_idx = pc.place_values_used
    for s in range(1, 9):
        r = lay.parts[f"round/space{s}"]
        final = t.round_space[s].kind == "light"
        c.rect(r, fill=pal.FINAL_ROUND if final else pal.NORMAL_ROUND, outline=pal.BORDER)
        c.text(r.cx, r.cy, str(s), style="bold", fill=pal.INK if final else pal.TITLE_TEXT, anchor="mm")
    for per in t.periods:
        _period_label(c, lay, per.period, ladder_idx, current=False)
    c.text(rb.x + 10, rb.y2 - 22, "Bag", style="bold", anchor="lm")

    # Iwakura mission.
    c.panel(lay.panels["iwakura"], "Iwakura mission",
            title_right="diamond = expert waiting · squares = ship slots · upg = upgrade tiles left")
    for d in t.destinations:
        r = lay.parts[f"iwakura/{d.id}"]
        c.rect(r, fill=pal.PANEL_ALT, outline=pal.GRID)
        c.text(r.x + 6, r.y + 3, d.name, style="bold", max_width=r.w - 70)
        c.text(r.x2 - 24, r.y + 3, "upg", style="condensed", anchor="rt")
        for k in range(pc.ship_slots):
            x = r.x2 - 18 - (pc.ship_slots - 1 - k) * 32
            c.hollow(x, r.y2 - 17, 28, 26, shape="square")

    # Regions.
    for region in t.regions:
        pr = lay.panels[f"region:{region.id}"]
        c.panel(pr, f"{region.id} · bonus {bonus_text(region.bonus)}",
                title_reserve=text_width("foreign 99", 18, "condensed") + 8)  # foreign influence, per view
        for m in (m for m in t.markets if m.region == region.id):
            for k in "NESW":
                c.rect(lay.parts[f"market:{m.id}/{k}"], fill=pal.PANEL, outline=pal.BORDER)
            cr = lay.parts[f"market:{m.id}/C"]
            c.rect(cr, fill=pal.PANEL_ALT, outline=pal.BORDER)
            c.text(cr.cx, cr.y + 3, m.id, style="bold", anchor="mt")
            c.text(cr.cx, cr.y2 - 3, f"max {pc.market_limit}", style="condensed", fill=pal.MUTED, anchor="mb")
        first = lay.parts[f"train:{region.id}/1"]
        c.text(first.x, first.y - 3, "Railway slots (bonus)", style="condensed_bold", anchor="lb")
        for i, slot in enumerate(t.train_slots):
            r = lay.parts[f"train:{region.id}/{i + 1}"]
            usable = slot.min_players <= players
            c.rect(r, fill=pal.PANEL if usable else pal.UNAVAILABLE, outline=pal.GRID)
            if usable:
                c.text(r.cx, r.y + 1, bonus_text(slot.bonus, short=True), style="condensed", anchor="mt",
                       max_width=r.w - 2)
                c.hollow(r.cx, r.y2 - 16, 34, 26, shape="square", letter=str(slot.slot))
            else:
                c.text(r.cx, r.y + 1, f"{slot.min_players}p", style="condensed", fill=pal.MUTED, anchor="mt")
                c.line([(r.x + 4, r.y2 - 4), (r.x2 - 5, r.y + 24)], fill=pal.MUTED, width=2)

    # Start pairs / display frames.
    if draft:
        c.panel(lay.panels["start_pairs"], "Start-tile pairs to draft (A side + B side)")
    d = lay.panels["display"]
    c.panel(d, "Factory display", title_right="goods · level · R&D needed · coal per production")
    cols = Rect(d.x + 8, d.y + TITLE_H + 5, d.w - 16, d.h - TITLE_H - 10).columns(3, gap=16)
    k = _per_goods(players, shape.modern)
    goods = t.goods
    for i, g in enumerate(GOODS_ORDER):
        col = cols[i // 2]
        gy = col.y + (i % 2) * (1 + k) * LINE
        rec = goods[g]
        c.rect(Rect(col.x, gy, col.w, LINE - 1), fill=GOODS_TINT[rec.level])
        c.text(col.x + 4, gy + LINE / 2, f"{rec.name} · L{rec.level} · R&D {rec.rd_required} · {rec.production_coal} coal",
               style="condensed_bold", anchor="lm", max_width=col.w - 8)

    if shape.common_goals:
        c.panel(lay.panels["common_goals"], "Common goals (most at period end)",
                title_right="reward: periods I–II one of any dept / R&D +2 / Mining +2 / Finance +2 / 3 VP; III 6 VP")

    # Player panels.
    for seat in range(players):
        _static_player(c, lay, seat, colours[seat] if seat < len(colours) else "purple")
    if "automa" in lay.panels:
        _static_automa(c, lay, colours[1] if len(colours) > 1 else "green")

    # Legend.
    lg = lay.panels["legend"]
    items = [("circle", "worker"), ("diamond", "expert"), ("square", "player piece")]
    x = lg.x + 4
    for shape, label in items:
        c.piece(x + 13, lg.cy, 24, fill=pal.PANEL_ALT, shape=shape)
        x += 30
        x += c.text(x, lg.cy, label, style="condensed", anchor="lm") + 16
    names = [f"{pal.player_initial(col)} {col}" for col in colours[:players]]
    if len(colours) > players:
        names += [f"{pal.player_initial(col)} Takatoshi" for col in colours[players:]]
    text = ("K black · R red · G grey · B blue · W white · Y yellow   |   " + " · ".join(names)
            + "   |   gold = threshold")
    c.text(x, lg.cy, text, style="condensed", anchor="lm", max_width=lg.x2 - x)
    return img


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
    label = f"Period {ROMAN[period]}" + (" (final)" if period == 3 else "")
    c.text((a.x + b.x2) / 2, py + 4, label, style="condensed_bold" if current else "condensed", anchor="mt",
           max_width=b.x2 - a.x)
    vals = "·".join(str(per.values[i]) for i in ladder_idx)
    c.text((a.x + b.x2) / 2, py + 4 + LINE, vals, style="condensed_bold", anchor="mt")


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
    g["line3"] = Rect(x0, y, r.w - 16, LINE)
    return g


def _static_player(c: Canvas, lay: Layout, seat: int, colour: str) -> None:
    t = tables()
    r = lay.panels[f"player:{seat}"]
    col = pal.player_colour(colour)
    c.rect(r, fill=pal.PANEL, outline=pal.BORDER)
    hdr = lay.parts[f"player:{seat}/header"]
    c.rect(hdr, fill=pal.tint(col, 0.6), outline=pal.BORDER)
    c.rect(Rect(hdr.x, hdr.y, 8, hdr.h), fill=col)
    c.piece(hdr.x + 32, hdr.cy, 32, 28, fill=col, letter=pal.player_initial(colour), shape="square")
    c.text(hdr.x + 54, hdr.cy, colour.title(), style="bold", anchor="lm")
    g = _player_geometry(lay, seat)
    for (key, label), tr in zip(TRACKS, g["tracks"]):
        c.text(tr.x, tr.cy, label, style="bold", anchor="lm")
        for sp in t.track[key]:
            cell = Rect(tr.x + TRACK_LABEL_W + (sp.space - 1) * TRACK_CELL_W, tr.y, TRACK_CELL_W + 1, tr.h)
            c.rect(cell, fill=pal.THRESHOLD if sp.threshold else pal.PANEL, outline=pal.GRID)
            c.text(cell.cx + 1, cell.cy, str(sp.value), style="condensed", fill=pal.MUTED, anchor="mm")
    for i, fr in enumerate(g["factories"]):
        c.rect(fr, fill=pal.PANEL_ALT, outline=pal.GRID)
        c.text(fr.cx, fr.cy, f"slot {i + 1}", style="condensed", fill=pal.MUTED, anchor="mm")
    wf = g["workforce"]
    c.text(wf.x, wf.cy, "Workforce", style="bold", anchor="lm")
    for i, slot in enumerate(t.workforce):
        x = wf.x + WF_X + i * 36
        if slot.grey:
            c.rect(Rect(x - 17, wf.y, 34, wf.h), fill=pal.UNAVAILABLE)
        c.hollow(x, wf.cy, 28, letter=str(slot.slot))
    c.text(wf.x + WF_X + 6 * 36, wf.cy, "Upgraded", style="bold", anchor="lm")


def _static_automa(c: Canvas, lay: Layout, colour: str) -> None:
    r = lay.panels["automa"]
    col = pal.player_colour(colour)
    c.rect(r, fill=pal.PANEL, outline=pal.BORDER)
    hdr = lay.parts["automa/header"]
    c.rect(hdr, fill=pal.tint(col, 0.6), outline=pal.BORDER)
    c.rect(Rect(hdr.x, hdr.y, 8, hdr.h), fill=col)
    c.piece(hdr.x + 32, hdr.cy, 32, 28, fill=col, letter=pal.player_initial(colour), shape="square")
    c.text(hdr.x + 54, hdr.cy, "Takatoshi", style="bold", anchor="lm")


# ------------------------------------------------------------------------------------------------
# Dynamic drawing
# ------------------------------------------------------------------------------------------------


def _worker(c: Canvas, x: float, y: float, colour: str, d: int = 28, expert: bool = False) -> None:
    c.piece(x, y, d + (6 if expert else 0), fill=pal.worker_colour(colour), letter=pal.worker_initial(colour),
            shape="diamond" if expert else "circle")


def _player_piece(c: Canvas, view: dict[str, Any], x: float, y: float, seat: int, w: int = 32, h: int = 26,
                  text: str | None = None) -> None:
    colour = _seat_colour(view, seat)
    c.piece(x, y, w, h, fill=pal.player_colour(colour), letter=pal.player_initial(colour) if text is None else text,
            shape="square")


def _draw_header(c: Canvas, lay: Layout, view: dict[str, Any]) -> None:
    t = tables()
    hr = lay.panels["header"]
    rnd = int(view.get("round", 1))
    period = t.period_of_space(min(max(rnd, 1), 8))
    if view.get("over"):
        status = "Game over"
    elif view.get("final"):
        status = f"Final round {rnd - 5} of 3 · Period III"
    else:
        status = f"Round {rnd} of 8 · Period {ROMAN[period]}"
    x = hr.x + 12 + text_width("Nippon: Zaibatsu", 22, "bold") + 24
    w = c.text(x, hr.cy, status, size=20, style="bold", fill=pal.TITLE_TEXT, anchor="lm")
    seat, _kind, prompt = _decision(view)
    box = Rect(x + w + 20, hr.y + 5, hr.x2 - 6 - (x + w + 20), hr.h - 10)
    if view.get("over") or seat is None:
        prompt = _result_line(view) or prompt
        c.rect(box, fill=pal.HIGHLIGHT, outline=pal.PANEL, width=2)
        c.text_in(box, prompt, size=20, style="bold", pad=10)
        return
    if 0 <= seat < len(_seats(view)):
        col = pal.player_colour(_seat_colour(view, seat))
        c.rect(box, fill=pal.tint(col, 0.55), outline=pal.PANEL, width=2)
        _player_piece(c, view, box.x + 24, box.cy, seat, 34, 28)
        c.text_in(Rect(box.x + 44, box.y, box.w - 44, box.h), "▶ " + prompt, size=20, style="bold", pad=6)
    else:
        c.rect(box, fill=pal.PANEL_ALT, outline=pal.PANEL, width=2)
        c.text_in(box, "Random event: " + prompt.removeprefix("random event: "), size=20, style="bold", pad=10)


def _result_line(view: dict[str, Any]) -> str:
    """``Orange wins with 138 VP · Purple 68, …`` (solo: won/lost against Takatoshi)."""
    ranking = _ranking(view)
    if not ranking:
        return ""
    solo = view.get("solo_result")
    if solo is not None:
        me = view["players"][0]
        a = view.get("automa") or {}
        verdict = "wins" if solo.get("won") else "loses"
        return f"{str(me['colour']).title()} {verdict}: {me['vp']} VP vs Takatoshi {a.get('vp', 0)} VP"
    (name, vp), rest = ranking[0], ranking[1:]
    return f"{name} wins with {vp} VP · " + ", ".join(f"{n} {v}" for n, v in rest)


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
    x = rb.x + 62
    y = rb.y2 - 22
    for colour in ("black", "red", "grey", "blue", "white", "yellow"):
        _worker(c, x + 13, y, colour, 26)
        x += 28
        x += c.text(x, y, str(bag.get(colour, 0)), style="bold", anchor="lm") + 10


def _draw_iwakura(c: Canvas, lay: Layout, view: dict[str, Any]) -> None:
    t = tables()
    pc = t.count(len(view["players"]))
    for d in t.destinations:
        r = lay.parts[f"iwakura/{d.id}"]
        if view.get("experts", {}).get(d.id):
            _worker(c, r.x + 22, r.y2 - 17, d.colour, 28, expert=True)
        else:
            c.text(r.x + 6, r.y2 - 17, "hired", style="condensed", fill=pal.MUTED, anchor="lm")
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
                    c.text(cell.cx, cell.y + 2, GOODS_SHORT[goods], style="condensed_bold", anchor="mt")
                occ = slots[i]
                if occ is None:
                    c.text(cell.cx, cell.y2 - 3, f"({m.printed[i]})", style="condensed", fill=pal.MUTED, anchor="mb")
                else:
                    seat, value = int(occ[0]), int(occ[1])
                    _player_piece(c, view, cell.cx, cell.y2 - 13, seat, CELL_W - 4, 23,
                                  text=f"{_initial(view, seat)}{value}")
        pr = lay.panels[f"region:{region.id}"]
        c.text(pr.x2 - 8, pr.y + TITLE_H / 2, f"foreign {foreign}", style="condensed", fill=pal.TITLE_TEXT,
               anchor="rm")
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
        c.text(r.x + 10, y, f"{i + 1}. {a} + {b}", style="bold")
        line_a = f"{a} ({ta.start_vp} VP): {ta.text}" if ta else a
        line_b = f"{b}: {tb.text}" if tb else b
        c.text(r.x + 130, y, line_a, style="condensed", max_width=r.w - 140)
        c.text(r.x + 130, y + LINE, line_b, style="condensed", max_width=r.w - 140)
        y += 2 * LINE + 6


def _draw_display(c: Canvas, lay: Layout, view: dict[str, Any], shape: Shape) -> None:
    t = tables()
    d = lay.panels["display"]
    cols = Rect(d.x + 8, d.y + TITLE_H + 5, d.w - 16, d.h - TITLE_H - 10).columns(3, gap=16)
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
            c.text(col.x + 8, gy + LINE, "(none left)", style="condensed", fill=pal.MUTED)
        for j, side_id in enumerate(sorted(ids, key=lambda i: (t.sides[i].number, i))[:k]):
            side = t.sides[side_id]
            yy = gy + (j + 1) * LINE
            w = c.text(col.x + 4, yy + 1, f"{side.number}{side.side}", style="bold")
            c.text(col.x + 4 + max(w, 26) + 8, yy + 1, short_effect(side.text), style="condensed",
                   max_width=col.w - 4 - max(w, 26) - 10)


def _draw_common_goals(c: Canvas, lay: Layout, view: dict[str, Any]) -> None:
    r = lay.panels.get("common_goals")
    if r is None:
        return
    t = tables()
    texts = {g.id: g.text.rstrip(".") for g in t.data.common_goals}
    rnd = min(max(int(view.get("round", 1)), 1), 8)
    current = t.period_of_space(rnd)
    goals = view.get("common_goals") or {}
    for i in range(3):
        y = r.y + TITLE_H + 4 + i * LINE
        ids = goals.get(str(i + 1), [])
        label = f"Period {ROMAN[i + 1]}"
        if i + 1 == current and not view.get("over"):
            c.rect(Rect(r.x + 6, y, 100, LINE - 1), fill=pal.HIGHLIGHT)
        c.text(r.x + 10, y + 1, label, style="bold")
        line = " · ".join(f"{g} {texts.get(g, '')}" for g in ids) or "—"
        c.text(r.x + 112, y + 1, line, style="condensed", max_width=r.w - 120)


def _draw_automa(c: Canvas, lay: Layout, view: dict[str, Any], acting: bool) -> None:
    """Takatoshi's panel (solo): VP, difficulty, trains left, token rows, priority, goals, last move."""
    r = lay.panels.get("automa")
    a = view.get("automa")
    if r is None or not a:
        return
    t = tables()
    hdr = lay.parts["automa/header"]
    x = hdr.x + 54 + text_width("Takatoshi", 18, "bold") + 14
    x += c.text(x, hdr.cy, f"{a.get('vp', 0)} VP", size=22, style="bold", anchor="lm") + 16
    c.text(x, hdr.cy, f"automa · {a.get('difficulty', '')}", style="condensed", anchor="lm")
    if acting:
        c.rect(r, outline=pal.INK, width=4)
    x0, y = r.x + 8, hdr.y2 + 6
    rows = a.get("rows") or []
    tok = "   ".join(f"{ROMAN.get(i + 1, i + 1)}: {' '.join(map(str, row)) or '—'}" for i, row in enumerate(rows))
    c.runs(x0, y + LINE / 2, [("Trains left ", "regular"), (str(a.get("trains", 0)), "bold"),
                              ("   Tokens by period ", "regular"), (tok, "condensed_bold")],
           anchor_v="m", max_x=r.x2 - 8)
    y += LINE + 8
    c.text(x0, y + 15, "Priority", style="bold", anchor="lm")
    for i, colour in enumerate(a.get("priority") or []):
        _worker(c, x0 + 104 + i * 34, y + 15, colour, 28)
    y += 38
    c.text(x0, y + 15, "Regions", style="bold", anchor="lm")
    xx = x0 + 90
    for region in t.regions:
        colour = (a.get("region_colours") or {}).get(region.id)
        xx += c.text(xx, y + 15, region.id, style="condensed_bold", anchor="lm") + 4
        if colour:
            _worker(c, xx + 14, y + 15, colour, 28)
        xx += 44
    y += 38
    c.runs(x0, y + LINE / 2, [("Action tiles ", "regular"), (f"{len(a.get('deck') or [])} face down", "bold"),
                              (f" · {len(a.get('discard') or [])} revealed", "condensed")],
           anchor_v="m", max_x=r.x2 - 8)
    y += LINE + 4
    solo = view.get("solo_result") or {}
    texts = {g.id: g.text for g in t.data.solo_goals}
    c.text(x0, y, "Your solo goals", style="bold")
    y += LINE
    progress = {g["slot"]: g for g in view.get("solo_goals") or []}
    for border, gid in (a.get("goals") or {}).items():  # slot order: green, yellow, red
        res = (solo.get("goals") or {}).get(border)
        if res:
            text = res["text"] + (" ✓" if res.get("met") else " ✗")
        elif border in progress:
            g = progress[border]
            text = f"{gid}: {g['text']} {g['value']}/{g['target']}" + (" ✓" if g["met"] else "")
        else:
            text = f"{gid}: {texts.get(gid, '')}"
        c.text(x0, y, f"{border}: {text}", style="condensed", max_width=r.w - 16)
        y += LINE
    narration = a.get("narration") or []
    if narration:
        lines = wrap(narration[-1], r.w - 16, MIN_TEXT, "condensed")
        if len(lines) > 2:
            lines = [lines[0], " ".join(lines[1:])]
        y = r.y2 - 6 - (1 + len(lines)) * LINE
        c.text(x0, y, "Last move", style="bold")
        for i, line in enumerate(lines):
            c.text(x0, y + (i + 1) * LINE, line, style="condensed", max_width=r.w - 16)


def _draw_player(c: Canvas, lay: Layout, view: dict[str, Any], seat: int, acting: bool) -> None:
    t = tables()
    p = view["players"][seat]
    r = lay.panels[f"player:{seat}"]
    hdr = lay.parts[f"player:{seat}/header"]
    g = _player_geometry(lay, seat)
    # Header: name (static), VP, start tiles, to-act / viewer flags.
    x = hdr.x + 54 + text_width(p["colour"].title(), 18, "bold") + 14
    x += c.text(x, hdr.cy, f"{p['vp']} VP", size=22, style="bold", anchor="lm") + 16
    starts = "+".join(s for s in (p.get("start_a"), p.get("start_b")) if s)
    if starts:
        x += c.text(x, hdr.cy, f"start {starts}", style="condensed", anchor="lm") + 12
    flags = []
    if view.get("viewer") == seat:
        flags.append("you")
    if seat == view.get("first_player"):
        flags.append("1st player")
    right = hdr.x2 - 8
    if acting:
        label = "▶ TO ACT"
        w = text_width(label, 18, "bold") + 16
        box = Rect(right - w, hdr.y + 5, w, hdr.h - 10)
        c.rect(box, fill=pal.INK)
        c.text_in(box, label, style="bold", fill=pal.TITLE_TEXT, align="m")
        right = box.x - 10
    if flags:
        c.text(right, hdr.cy, " · ".join(flags), style="condensed_bold", anchor="rm", max_width=max(10, right - x))
    if acting:
        c.rect(r, outline=pal.INK, width=4)

    # Resources.
    coal = int(p.get("coal", 0)) + int(p.get("protected_coal", 0)) + sum(int(f.get("coal", 0)) for f in p.get("factories", []))
    parts: list[tuple[str, str]] = [("Money ", "regular"), (str(p.get("money", 0)), "bold"),
                                    ("   Coal ", "regular"), (str(p.get("coal", 0)), "bold")]
    safe = coal - int(p.get("coal", 0))
    if safe:
        parts.append((f" (+{safe} safe)", "condensed"))
    parts += [("   Silk ", "regular"), (str(p.get("silk", 0)), "bold"), ("   Iron ", "regular"), (str(p.get("iron", 0)), "bold")]
    reserve = []
    if p.get("goods_reserve"):
        reserve.append(f"{p['goods_reserve']} goods")
    if p.get("machine_reserve"):
        reserve.append("1 machine")
    if reserve:
        parts += [("   Reserve ", "regular"), (" + ".join(reserve), "condensed_bold")]
    c.runs(g["res"].x, g["res"].cy, parts, anchor_v="m", max_x=g["res"].x2)

    # Tracks and the areas beside them.
    col = pal.player_colour(p["colour"])
    for (key, _label), tr in zip(TRACKS, g["tracks"]):
        pos = int(p.get(key, 1))
        spaces = t.track[key]
        pos = min(max(pos, 1), len(spaces))
        cell = Rect(tr.x + TRACK_LABEL_W + (pos - 1) * TRACK_CELL_W, tr.y, TRACK_CELL_W + 1, tr.h)
        c.rect(cell, fill=col, outline=pal.INK, width=2)
        c.text(cell.cx + 1, cell.cy, str(spaces[pos - 1].value), style="condensed_bold", fill=pal.text_on(col),
               anchor="mm")
    ax = g["tracks"][0].x + TRACK_LABEL_W + 15 * TRACK_CELL_W + 14
    for (key, label), tr in zip(AREAS, g["tracks"]):
        built = int(p.get(key, 0))
        c.runs(ax, tr.cy, [(f"{label} ", "regular"), (str(6 - built), "bold"), (" left", "regular")],
               anchor_v="m", max_x=r.x2 - 6)

    # Factories.
    for i, fr in enumerate(g["factories"]):
        facs = p.get("factories", [])
        if i >= len(facs):
            continue
        f = facs[i]
        c.rect(fr, fill=GOODS_TINT[t.goods[f["goods_type"]].level] if f["goods_type"] in t.goods else pal.PANEL,
               outline=pal.BORDER, width=2)
        name = side_short(f["side"]) if f["side"] != "old" else f"Old {GOODS_SHORT.get(f['goods_type'], '')}"
        c.text(fr.x + 5, fr.y + 2, name, style="condensed_bold", max_width=fr.w - 8)
        goods = int(f.get("goods", 0))
        if f.get("coal"):
            parts = [(str(goods), "bold"), (" gd, ", "condensed"), (str(f["coal"]), "bold"), (" coal", "condensed")]
        else:
            parts = [(str(goods), "bold"), (" goods" if goods != 1 else " good", "condensed")]
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
            c.text(fr.x + 5, yy, "no slots", style="condensed", fill=pal.MUTED, anchor="lm", max_width=fr.w - 8)

    # Workforce and upgraded departments.
    wf = g["workforce"]
    for i, w in enumerate(p.get("workforce", [])[:6]):
        _worker(c, wf.x + WF_X + i * 36, wf.cy, w["colour"], 28, expert=bool(w.get("expert")))
    ux = wf.x + WF_X + 6 * 36 + text_width("Upgraded", 18, "bold") + 20
    ups = p.get("upgraded", [])
    if not ups:
        c.text(ux - 6, wf.cy, "none", style="condensed", fill=pal.MUTED, anchor="lm")
    for i, colour in enumerate(ups[:6]):
        _worker(c, ux + 8 + i * 32, wf.cy, colour, 26)

    # Contracts, tokens, prestige, goals.
    done = p.get("contracts_done", [])
    left = [("Contracts ", "regular"), (" ".join(done) if done else "none", "condensed")]
    c.runs(g["line1"].x, g["line1"].cy, left, anchor_v="m", max_x=g["line1"].x + 300)
    tokens = " ".join(str(v) for v in p.get("tokens", [])) or "none"
    locked = " ".join(str(v) for v in p.get("locked", [])) or "none"
    c.runs(g["line1"].x + 306, g["line1"].cy,
           [("Tokens ", "regular"), (tokens, "condensed_bold"), ("  locked ", "condensed"), (locked, "condensed_bold")],
           anchor_v="m", max_x=g["line1"].x2)
    stacks = p.get("prestige", [0, 0, 0])
    score = (view.get("scores") or {}).get(str(seat))
    if score:
        pres = sum((score.get("prestige") or {}).values())
        line2 = [("Final ", "bold"), (f"{score.get('in_game', 0)} in game + {pres} prestige + "
                                      f"{score.get('leftovers', 0)} leftovers + {score.get('money', 0)} money "
                                      f"= {score.get('total', p['vp'])} VP", "condensed")]
    else:
        goals = p.get("goals", {})
        gtext = " · ".join(f"{GOAL_SHORT.get(k, k)} L{v}" for k, v in goals.items()) or "none"
        line2 = [("Prestige left ", "regular"),
                 (" ".join(f"L{i + 1}:{n}" for i, n in enumerate(stacks)), "condensed_bold"),
                 ("   Goals ", "regular"), (gtext, "condensed_bold")]
    c.runs(g["line2"].x, g["line2"].cy, line2, anchor_v="m", max_x=g["line2"].x2)
    effects = []
    for i, f in enumerate(p.get("factories", [])):
        side = t.sides.get(f["side"])
        if side is not None and side.kind != "instant":
            effects.append(f"{i + 1} {side_short(f['side'])}: {short_effect(side.text)}")
    c.runs(g["line3"].x, g["line3"].cy, [("Effects ", "regular"), (" · ".join(effects) or "none", "condensed")],
           anchor_v="m", max_x=g["line3"].x2)


# ------------------------------------------------------------------------------------------------
# Public API
# ------------------------------------------------------------------------------------------------


def render_image(view: dict[str, Any]) -> Image.Image:
    """The picture of ``view`` as a Pillow RGB image (:data:`WIDTH` px wide; height by player count)."""
    shape = Shape.of(view)
    players = shape.players
    img = _LAYERS.get(shape, lambda: _static(shape))
    lay = shape.layout()
    c = Canvas(img)
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
    """PNG bytes of the board picture of ``view`` (``GAME.view(state, seat)``).

    1400 px wide; 1288 px high for solo and 2 players, 1700 for 3, 1748 for 4 (more while start
    tiles are drafted or with the modules). RGB, compress level :data:`PNG_COMPRESS_LEVEL`;
    typically 250–420 kB.
    """
    buf = io.BytesIO()
    render_image(view).save(buf, format="PNG", compress_level=PNG_COMPRESS_LEVEL)
    return buf.getvalue()


def alt_text(view: dict[str, Any]) -> str:
    """One paragraph describing the picture (for ``discord.File(description=…)``), ≤ 1000 characters.

    Names every player with VP, money and resources, and the current decision.
    """
    t = tables()
    rnd = int(view.get("round", 1))
    period = t.period_of_space(min(max(rnd, 1), 8))
    n = len(view["players"])
    who = "solo against Takatoshi" if view.get("automa") else f"{n} players"
    if view.get("over"):
        head = f"Nippon: Zaibatsu board, game over, {who}."
    elif view.get("final"):
        head = f"Nippon: Zaibatsu board, final round {rnd - 5} of 3, {who}."
    else:
        head = f"Nippon: Zaibatsu board, round {rnd} of 8 (period {ROMAN[period]}), {who}."
    players = []
    for p in view["players"]:
        players.append(
            f"{p['colour'].title()} {p['vp']} VP, money {p.get('money', 0)}, coal {p.get('coal', 0)}, "
            f"silk {p.get('silk', 0)}, iron {p.get('iron', 0)}, {len(p.get('factories', []))} factories"
        )
    a = view.get("automa")
    if a:
        players.append(f"Takatoshi {a.get('vp', 0)} VP, {a.get('trains', 0)} trains left")
    seat, _kind, prompt = _decision(view)
    if view.get("over") or seat is None:
        now = f"Result: {_result_line(view) or 'none'}."
    elif 0 <= seat < len(_seats(view)):
        now = f"To act: {prompt}."
    else:
        now = f"Random event pending: {prompt}."
    hiring = "; ".join(
        f"H{i + 1} {len(w)} worker{'s' if len(w) != 1 else ''}" for i, w in enumerate(view.get("hiring", []))
    )
    text = f"{head} {now} Players: " + "; ".join(players) + f". Hiring spaces: {hiring}."
    if len(text) > 1000:
        short = "; ".join(f"{name} {vp} VP" for name, vp in _ranking(view))
        text = f"{head} {now} Players: {short}."
    return text[:1000]


def clear_cache() -> None:
    """Drop the cached static layers, sprites and fonts (after the font search changes)."""
    _LAYERS.clear()
    clear_caches()
