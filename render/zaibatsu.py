"""Pictures of Nippon: Zaibatsu: the board (``render(view) -> PNG bytes``, ``alt_text(view) -> str``)
and the facts of the two chat pictures that :mod:`render.core.cards` draws: ``turn_card(view, last)``
(after every move: who acts and on what, the last move and the part of the board it touched, drawn
large, the scores and the acting player's resources) and ``final_card(view)`` (the final scoring
step by step).

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

Every word is drawn in the current language (:func:`engine.core.i18n.current`, set by the caller
with ``with language(lang):``): labels through the ``zaibatsu`` domain (``_``/``_n``/``_t``), data
names through their terms, engine texts found in the view through :func:`engine.core.i18n.tr`.
Bounded labels are fitted to their box (condensed, smaller, and only then cut, see
:mod:`render.core.draw`), so a long German or Russian word never runs over its neighbour.

Everything that does not depend on the view (frames, labels, track scales …) is drawn once per
shape and language into a cached static layer; a render copies it and draws the pieces and numbers.
The board's texts keep three levels of anti-aliasing (``Canvas(text_alpha_steps=…)``) and the board is sent as
a 256-colour palette PNG: about 125 kB for 4 players instead of 400 kB.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from functools import lru_cache
from typing import Any

from PIL import Image

from engine.core.i18n import Msg, tr
from engine.zaibatsu.data import Bonus
from engine.zaibatsu.tables import tables
from engine.zaibatsu.text import DIFFICULTY, GOODS_SHORT
from engine.zaibatsu.words import DOMAIN, SOLO_SLOT_NAMES, T, _, _n, _t, amount
from render.core import (
    CONDENSED,
    MIN_TEXT,
    Canvas,
    LayerCache,
    Layout,
    Rect,
    clear_caches,
    fit_text,
    palette_png,
    text_width,
    wrap,
)
from render.core import palette as pal
from render.core.cards import (
    CARD_WIDTH,
    Chip,
    FocusDrawer,
    ScoreCard,
    TurnCard,
    outline_focus,
    turn_layout_height,
)
from render.core.templates import layer_key, rich
from render.core.widgets import badge, fitted_width, player_header, prompt_box

#: Picture width in pixels.
WIDTH = 1400
#: Colours of the board PNG (:func:`render.core.draw.palette_png`). Its palette is picked from an
#: 8× smaller copy of the picture, where a worker or a player's square is only a few pixels: with
#: fewer colours a rare player colour (pink, purple) can drop out of the palette and turn grey, so
#: the board keeps the full 256.
BOARD_COLOURS = 256
#: Deflate level of the board PNG: level 3 keeps a 4-player board late in a game under 130 kB
#: (level 1: ~155 kB, level 6: ~95 kB for twice the encoding time); ``optimize`` is never used.
PNG_COMPRESS_LEVEL = 3
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
GAME_TITLE = "Nippon: Zaibatsu"  # the game's name: the same in every language

GOODS_ORDER = ("cotton", "paper", "bento", "lenses", "bulbs", "clocks")
GOODS_TINT = {1: (253, 248, 228), 2: (240, 246, 252), 3: (250, 236, 242)}
# i18n: action names printed on the hiring spaces (about 130 px wide: one short word).
ACTION_SHORT = {
    "rd": T("action short", "R&D"), "mining": T("action short", "Mining"),
    "factory": T("action short", "Factory"), "machines": T("action short", "Machines"),
    "production": T("action short", "Production"), "ships": T("action short", "Ships"),
    "trains": T("action short", "Railways"), "markets": T("action short", "Markets"),
    "investments": T("action short", "Investments"),
}
ROMAN = {1: "I", 2: "II", 3: "III"}
# i18n: personal goal names abbreviated for the player panel ("Goals Mach. L2 · Fin. L1").
GOAL_SHORT = {
    "ships": T("goal short", "Ships"), "machines": T("goal short", "Mach."), "trains": T("goal short", "Trains"),
    "rd": T("goal short", "R&D"), "mining": T("goal short", "Mining"), "finance": T("goal short", "Fin."),
    "factories": T("goal short", "Fact."), "contracts": T("goal short", "Contr."),
}
# i18n: the three tracks of the player board, printed in an 80-px label column (one short word).
TRACKS = (("rd", T("track short", "R&D")), ("mining", T("track short", "Mining")),
          ("finance", T("track short", "Finance")))
# i18n: a resource as a train slot's bonus, printed in a 42-px cell: at most about 4 letters.
RESOURCE_SHORT = {
    "money": T("resource short", "money"), "coal": T("resource short", "coal"),
    "silk": T("resource short", "silk"), "iron": T("resource short", "iron"), "vp": T("resource short", "VP"),
}

# i18n: a common goal in a few words, used when the full goal texts do not fit one line of the
# common-goals panel (the panel's title says "most at period end").
COMMON_GOAL_SHORT = {
    "ships_built": T("common goal short", "Most ships"), "machines_built": T("common goal short", "Most machines"),
    "trains_built": T("common goal short", "Most trains"), "rd": T("common goal short", "Furthest on R&D"),
    "mining": T("common goal short", "Furthest on Mining"), "finance": T("common goal short", "Furthest on Finance"),
    "factories_built": T("common goal short", "Most factories"),
    "contracts_fulfilled": T("common goal short", "Most contracts"),
    "tokens_on_board": T("common goal short", "Most influence tokens"),
}
# i18n: a solo goal in a few words ({n}: its target), used when the full text does not fit one line
# of Takatoshi's panel.
SOLO_GOAL_SHORT = {
    "ships_built": T("solo goal short", "All {n} ships"), "machines_built": T("solo goal short", "All {n} machines"),
    "trains_built": T("solo goal short", "All {n} trains"), "rd_upper": T("solo goal short", "R&D upper threshold"),
    "mining_upper": T("solo goal short", "Mining upper threshold"),
    "finance_upper": T("solo goal short", "Finance upper threshold"),
    "factories_built": T("solo goal short", "All {n} factory slots"),
    "contracts_fulfilled": T("solo goal short", "At least {n} contracts"),
    "regions_with_token": T("solo goal short", "A token in every region"),
}

_LAYERS = LayerCache(maxsize=24)


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


def player_name(colour: str) -> str:
    """A player's colour as their name in the current language (``"purple"`` -> ``"Purple"``)."""
    return _t("player", str(colour).capitalize())


def automa_name() -> str:
    """Takatoshi's name in the current language."""
    return _t("name", "Takatoshi")


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def _fill(template: str, **values: Any) -> str:
    """``template.format(**values)``; a translation with broken placeholders is shown as it is."""
    try:
        return template.format(**values)
    except (KeyError, IndexError, ValueError):
        return template


def number_runs(text: str, n: int, style: str = "regular", number_style: str = "bold") -> list[tuple[str, str]]:
    """Runs of a formatted ``text`` with the first ``n`` in it drawn in ``number_style``
    (for plural texts such as ``_n("{n} good", "{n} goods", n)``)."""
    before, found, after = text.partition(str(n))
    if not found:
        return [(text, style)]
    return [(t, s) for t, s in ((before, style), (found, number_style), (after, style)) if t]


def bonus_text(bonus: Bonus, short: bool = False) -> str:
    """A :class:`engine.zaibatsu.data.Bonus` in words of the current language (``"2 iron"``,
    ``"Finance +1"``; ``"—"`` if empty). ``short``: a lone resource is named by its
    abbreviation (train-slot cells)."""
    parts = []
    for k in ("money", "coal", "silk", "iron", "vp"):
        v = getattr(bonus, k, 0)
        if not v:
            continue
        parts.append(tr(RESOURCE_SHORT[k]) if short and v == 1 else tr(amount(k, v)))
    for k in ("rd", "mining", "finance"):
        v = getattr(bonus, k, 0)
        if not v:
            continue
        if k == "rd":
            parts.append(_("R&D +{n}", n=v))
        elif k == "mining":
            parts.append(_("Mining +{n}", n=v))
        else:
            parts.append(_("Finance +{n}", n=v))
    if getattr(bonus, "dept", None):
        colour = _t("worker colour", str(bonus.dept))
        parts.append(_("{colour} dept bonus", colour=colour))
    if getattr(bonus, "dept_any", False):
        parts.append(_("any dept bonus"))
    if getattr(bonus, "unlock", None):
        parts.append(_("unlock token {value}", value=bonus.unlock))
    return ", ".join(parts) or "—"


def goods_short(goods: str) -> str:
    """Three-letter abbreviation of a goods type in the current language (``cotton`` -> ``Cot``)."""
    term = GOODS_SHORT.get(goods)
    return tr(term) if term is not None else goods[:3].title()


def side_short(side_id: str) -> str:
    """``cotton3A`` -> ``Cot3A`` (goods abbreviated in the current language); ``old`` -> ``Old``."""
    m = re.fullmatch(r"([a-z]+)(\d+[AB])", side_id)
    if not m:
        return side_id.title()
    return goods_short(m.group(1)) + m.group(2)


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


@lru_cache(maxsize=512)
def short_effect(text: str) -> str:
    """A factory side's English effect text shortened for the display list (same meaning, fewer
    words); :func:`effect_label` shows it in the current language. Cached: the data has a few
    dozen effect texts and the rules are 60 regular expressions."""
    for pat, rep in _EFFECT_RULES:
        text = re.sub(pat, rep, text)
    return text[:1].upper() + text[1:]


# i18n: a factory effect shortened for the factory display (one line of about 45 characters) and
# the player panel; keep the meaning of the full effect text ("factory effect"), in fewer words.
#: Every shortened effect of the factory data as a term (a test proves the list is complete).
EFFECT_SHORT = (
    T("factory effect short", "R&D +2"),
    T("factory effect short", "2 money and R&D +1"),
    T("factory effect short", "3 silk"),
    T("factory effect short", "Red or white dept bonus"),
    T("factory effect short", "R&D act.: advance 1 extra R&D step"),
    T("factory effect short", "R&D act.: 2 silk"),
    T("factory effect short", "Machine here: R&D +2"),
    T("factory effect short", "Producing here: +1 good"),
    T("factory effect short", "3 iron and Finance +1"),
    T("factory effect short", "Finance +2"),
    T("factory effect short", "5 money"),
    T("factory effect short", "Dept bonus of taken worker's colour"),
    T("factory effect short", "Invest: ≥1 contract fulfilled: Finance +2 (once)"),
    T("factory effect short", "Always: keep up to 3 money/coal at taxes"),
    T("factory effect short", "Producing here: 2 iron"),
    T("factory effect short", "Production: 1 iron per factory produced"),
    T("factory effect short", "Mining +3"),
    T("factory effect short", "Mining +2; may trade Finance -2 for Mining +2"),
    T("factory effect short", "4 coal"),
    T("factory effect short", "3 coal here, safe from taxes"),
    T("factory effect short", "Mining act.: Mining +1, 1 iron"),
    T("factory effect short", "Mining act.: 2 iron"),
    T("factory effect short", "Machine here: Mining +3"),
    T("factory effect short", "Production: 1 coal less for one production"),
    T("factory effect short", "Build 1 train; Finance +1"),
    T("factory effect short", "Build 1 train, its slot bonus twice"),
    T("factory effect short", "Build 1 train (+1 elsewhere for 5 money, 1 iron)"),
    T("factory effect short", "Build 1 train (+1 elsewhere for Finance -2, 1 iron)"),
    T("factory effect short", "Railways: region bonus where you built a train"),
    T("factory effect short", "Railways: dept bonus of taken worker's colour"),
    T("factory effect short", "Machine here: build 1 train"),
    T("factory effect short", "Invest: first 2 act. fulfil contracts: build 1 train"),
    T("factory effect short", "3 goods, 1 on each of 3 factories"),
    T("factory effect short", "2 goods on this factory"),
    T("factory effect short", "1 machine on each of 2 factories"),
    T("factory effect short", "1 machine + produce here once"),
    T("factory effect short", "Producing here: +2 goods"),
    T("factory effect short", "Production: +1 good per factory produced"),
    T("factory effect short", "Machine here: 4 money"),
    T("factory effect short", "Invest: 1st act. fulfils contract: build 1 machine"),
    T("factory effect short", "Build 1 ship; Finance +3"),
    T("factory effect short", "Build 1 ship, machine or train; Finance +2"),
    T("factory effect short", "Build 1 ship (+1 for 1 iron)"),
    T("factory effect short", "Build 1 ship; dept bonus of that expert's colour"),
    T("factory effect short", "Build 1 ship (+1 elsewhere for 2 money)"),
    T("factory effect short", "Build 1 ship (+1 elsewhere for Finance -2)"),
    T("factory effect short", "Machine here: build 1 ship and Finance +2"),
    T("factory effect short", "Invest: 1st act. fulfils contract: build 1 ship"),
    T("factory effect short", "White dept ×1/2 if R&D goal prestige L2/3"),
    T("factory effect short", "2 VP per different factory type you own"),
    T("factory effect short", "Yellow dept ×1/2 if Finance goal prestige L2/3"),
    T("factory effect short", "Yellow dept ×1/2 if contracts goal prestige L2/3"),
    T("factory effect short", "Every dept bonus reached on Mining"),
    T("factory effect short", "Yellow dept ×1/2 if Mining goal prestige L2/3"),
    T("factory effect short", "Always: each train gives 3 influence"),
    T("factory effect short", "Yellow dept ×1/2 if trains goal prestige L2/3"),
    T("factory effect short", "2 money per machine you have built (max 8)"),
    T("factory effect short", "2 VP per ship/machine/train threshold (max 12)"),
    T("factory effect short", "2 VP per lower threshold (max 12)"),
    T("factory effect short", "2 VP per track threshold (max 12)"),
)
_EFFECT_SHORT_IDS = frozenset(str(t) for t in EFFECT_SHORT)


def effect_label(text: str) -> str:
    """A factory side's effect text (English, from the data) shortened, in the current language."""
    short = short_effect(text)
    if short in _EFFECT_SHORT_IDS:
        return _t("factory effect short", short)
    return _cap(tr(T("factory effect", text)))


def _decision(view: dict[str, Any]) -> tuple[int | None, str, Any]:
    """``(seat, kind, prompt)``; the prompt may be an engine :class:`~engine.core.i18n.Msg`."""
    d = view.get("decision") or {}
    prompt = d.get("prompt", "")
    return d.get("seat"), str(d.get("kind", "")), prompt if prompt is not None else ""


def _ranking(view: dict[str, Any]) -> list[tuple[str, int]]:
    """``(name, VP)`` best first (ties: who took their last turn later), Takatoshi included."""
    rows = [(player_name(p["colour"]), int(p["vp"]), int(p.get("last_turn", -1))) for p in view["players"]]
    a = view.get("automa")
    if a:
        rows.append((automa_name(), int(a.get("vp", 0)), int(a.get("last_turn", -1))))
    return [(name, vp) for name, vp, _ in sorted(rows, key=lambda r: (-r[1], -r[2]))]


def _is_draft(view: dict[str, Any]) -> bool:
    return _decision(view)[1] == "draft" or (
        bool(view.get("start_pairs")) and not any(p.get("start_a") for p in view["players"])
    )


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


# ------------------------------------------------------------------------------------------------
# Layout
# ------------------------------------------------------------------------------------------------


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


# ------------------------------------------------------------------------------------------------
# Static layer (depends only on the shape — player count, draft flag, modules, colours — and the
# language)
# ------------------------------------------------------------------------------------------------


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
            for k in "NESW":
                c.rect(lay.parts[f"market:{m.id}/{k}"], fill=pal.PANEL, outline=pal.BORDER)
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
    d = lay.panels["display"]
    c.panel(d, _("Factory display"), title_right=_("goods · level · R&D needed · coal per production"))
    cols = _display_columns(d)
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
    workers = " · ".join(f"{pal.worker_initial(w)} {_t('worker colour', w)}"
                         for w in ("black", "red", "grey", "blue", "white", "yellow"))
    names = [f"{pal.player_initial(col)} {player_name(col)}" for col in colours[:players]]
    if len(colours) > players:
        names += [f"{pal.player_initial(col)} {automa_name()}" for col in colours[players:]]
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
    col = pal.player_colour(colour)
    c.rect(r, fill=pal.PANEL, outline=pal.BORDER)
    player_header(c, lay.parts[f"player:{seat}/header"], col, pal.player_initial(colour), player_name(colour),
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
    col = pal.player_colour(colour)
    c.rect(r, fill=pal.PANEL, outline=pal.BORDER)
    player_header(c, lay.parts["automa/header"], col, pal.player_initial(colour), automa_name(), NAME_ROOM)


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


def _status(view: dict[str, Any]) -> str:
    """The header's status: round and period, or game over."""
    t = tables()
    rnd = int(view.get("round", 1))
    period = t.period_of_space(min(max(rnd, 1), 8))
    if view.get("over"):
        return _("Game over")
    if view.get("final"):
        return _("Final round {n} of 3 · Period {period}", n=rnd - 5, period=ROMAN[3])
    return _("Round {n} of 8 · Period {period}", n=rnd, period=ROMAN[period])


def _random_event(prompt: Any) -> str:
    """A chance decision's prompt as a header line (engine prompts may already say "Random event")."""
    if str(prompt).lower().startswith("random event"):
        return _cap(str(tr(prompt)))
    return _("Random event: {what}", what=tr(prompt))


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
        col = pal.player_colour(colour)
        prompt_box(c, box, "▶ " + str(tr(prompt)), pal.tint(col, 0.55), piece=(col, pal.player_initial(colour)))
    else:
        prompt_box(c, box, _random_event(prompt), pal.PANEL_ALT)


def _result_line(view: dict[str, Any]) -> str:
    """``Orange wins with 138 VP · Purple 68, …`` (solo: won/lost against Takatoshi)."""
    ranking = _ranking(view)
    if not ranking:
        return ""
    solo = view.get("solo_result")
    if solo is not None:
        me = view["players"][0]
        a = view.get("automa") or {}
        values = {"name": player_name(me["colour"]), "vp": me["vp"], "automa": automa_name(),
                  "automa_vp": a.get("vp", 0)}
        if solo.get("won"):
            return _("{name} wins: {vp} VP vs {automa} {automa_vp} VP", **values)
        return _("{name} loses: {vp} VP vs {automa} {automa_vp} VP", **values)
    (name, vp), rest = ranking[0], ranking[1:]
    others = ", ".join(f"{n} {v}" for n, v in rest)
    if not others:
        return _("{name} wins with {vp} VP", name=name, vp=vp)
    return _("{name} wins with {vp} VP · {others}", name=name, vp=vp, others=others)


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
        c.text(r.x + 10, y, f"{i + 1}. {a} + {b}", style="bold", max_width=116)
        text_a = _t("start tile", ta.text) if ta else ""
        text_b = _t("start tile", tb.text) if tb else ""
        line_a = _("{tile} ({vp} VP): {text}", tile=a, vp=ta.start_vp, text=text_a) if ta else a
        line_b = _("{tile}: {text}", tile=b, text=text_b) if tb else b
        c.text(r.x + 130, y, line_a, style="condensed", max_width=r.w - 140)
        c.text(r.x + 130, y + LINE, line_b, style="condensed", max_width=r.w - 140)
        y += 2 * LINE + 6


def _display_columns(d: Rect) -> list[Rect]:
    """The three columns of the factory display (two goods types each)."""
    return Rect(d.x + 8, d.y + TITLE_H + 5, d.w - 16, d.h - TITLE_H - 10).columns(3, gap=10)


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
    """One line per solo goal of the automa board: slot, goal, progress, met / not met (the goal's
    short name when its full text would not fit ``width`` pixels)."""
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
                text = _("{id}: {goal} {value}/{target}", id=gid, goal=goal, value=g["value"], target=g["target"])
                if met:
                    text += " ✓"
                elif res:
                    text += " ✗"
            elif res:
                text = _("{id}: {goal}", id=gid, goal=goal) + (" ✓" if res.get("met") else " ✗")
            else:
                text = _("{id}: {goal}", id=gid, goal=goal)
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
    starts = "+".join(s for s in (p.get("start_a"), p.get("start_b")) if s)
    right = hdr.x2 - 8
    if acting:
        right = badge(c, hdr, right, _("▶ TO ACT"), 160) - 10
    if starts:
        # i18n: the start tiles a player took ("start A3+B5").
        x += c.text(x, hdr.cy, _("start {tiles}", tiles=starts), style="condensed", anchor="lm",
                    max_width=max(10, right - x)) + 12
    flags = []
    if view.get("viewer") == seat:
        flags.append(_("you"))
    if seat == view.get("first_player"):
        flags.append(_("1st player"))
    if flags:
        c.text(right, hdr.cy, " · ".join(flags), style="condensed_bold", anchor="rm", max_width=max(10, right - x))
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
    col = pal.player_colour(p["colour"])
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
        if f["side"] != "old":
            name = side_short(f["side"])
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


# ------------------------------------------------------------------------------------------------
# Chat pictures: the turn picture and the final-score picture (render/core/cards.py lays them out)
# ------------------------------------------------------------------------------------------------

#: Text size of the focus drawings (pixels at the card's 1100-px width: 14 px once Discord shows it).
FOCUS_TEXT = 28
#: Height given to the focus drawing of a turn picture (the drawing gets 8 px less); it is lowered
#: to :data:`FOCUS_FIT` before event lines are dropped to keep the picture landscape, and to
#: :data:`FOCUS_MIN` after (every drawing fits :data:`FOCUS_FIT`; below it they get cramped).
FOCUS_HEIGHT = 200
FOCUS_FIT = 190
FOCUS_MIN = 150
#: The turn picture stays at least this much wider than tall (a landscape picture reads inline).
CARD_ASPECT = 1.3
#: Event kinds a turn picture never lists: random set-up and refills (bag draws …), and the lines it
#: summarises itself (a period's scoring, Takatoshi's turns).
NOISE_EVENTS = frozenset({"draw", "demand", "factories", "pair", "first", "solo", "scoring", "automa"})
#: The four slots of a local market in the notation's order (north, east, south, west).
DIRECTIONS = "NESW"


def _region_name(region: str) -> str:
    """A region (by id, ``R1``) by its name in the current language."""
    name = tables().region_by_id[region].name
    return _t("region", name)


def _worker_colour_name(colour: str) -> str:
    return _t("worker colour", colour)


def _chip(view: dict[str, Any], seat: int) -> Chip:
    """The card chip of a seat (Takatoshi's in a solo game)."""
    seats = _seats(view)
    colour = _seat_colour(view, seat)
    automa = 0 <= seat < len(seats) and bool(seats[seat].get("automa"))
    if automa:  # his own letters: his colour's initial would read as a player of that colour
        return Chip(pal.player_colour(colour), "Ta", automa_name())
    return Chip(pal.player_colour(colour), pal.player_initial(colour), player_name(colour))


def _vp_label() -> str:
    # i18n: heading of the score column of the chat pictures: victory points, abbreviated.
    return _("VP")


def _seat_vp(view: dict[str, Any], seat: int) -> int:
    if seat < len(view["players"]):
        return int(view["players"][seat]["vp"])
    return int((view.get("automa") or {}).get("vp", 0))


def _is_player(view: dict[str, Any], seat: Any) -> bool:
    return isinstance(seat, int) and 0 <= seat < len(view["players"])


def _decision_text(view: dict[str, Any], prompt: Any) -> str:
    """The decision prompt without the "Purple: " the engine puts before it (the card shows who)."""
    if isinstance(prompt, Msg) and prompt.msgid == "{who}: {prompt}" and "prompt" in prompt.args:
        return _cap(str(tr(prompt.args["prompt"])))
    text = str(tr(prompt))
    for s in _seats(view):
        for name in {str(s.get("name", "")), player_name(str(s["colour"])), str(s["colour"]).capitalize()}:
            if name and text.startswith(name + ": "):
                return _cap(text[len(name) + 2:])
    return text


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
    c.piece(cx, cy, w, h, fill=pal.player_colour(colour), letter=pal.player_initial(colour) if text is None else text,
            shape="square", size=FOCUS_TEXT)


def _fworker(c: Canvas, cx: float, cy: float, colour: str, d: int = 48, expert: bool = False) -> None:
    c.piece(cx, cy, d + (8 if expert else 0), fill=pal.worker_colour(colour), letter=pal.worker_initial(colour),
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
        col = pal.player_colour(p["colour"])
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
                line = _("{tile} ({vp} VP): {text}", tile=tile_id, vp=tile.start_vp, text=text)
            else:
                line = _("{tile}: {text}", tile=tile_id, text=text)
            lines = wrap(line, r.w - 28, FOCUS_TEXT, "condensed")
            if len(lines) > 2:
                lines = lines[:1] + [" ".join(lines[1:])]
            for ln in lines[:2]:
                _ftext(c, r.x + 14, y + 18, ln, style="condensed", room=r.w - 28)
                y += 36
            y += 12
        outline_focus(c, Rect(r.x, r.y, r.w, y - r.y - 4))
    return draw


def _period_awards(view: dict[str, Any], record: dict[str, Any] | None = None) -> dict[int, list[int]]:
    """VP each seat won per region in a period's influence scoring (default: the last period scored)."""
    log = view.get("period_log") or []
    rec = record if record is not None else (log[-1] if log else None)
    out: dict[int, list[int]] = {}
    if not rec:
        return out
    regions = tables().region_ids
    for i, region in enumerate(regions):
        for seat, vp in ((rec.get("regions") or {}).get(region, {}).get("awards") or {}).items():
            s = int(seat)
            if s >= 0:
                out.setdefault(s, [0] * len(regions))[i] += int(vp)
    return out


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
        kind, data, seat = e.get("kind"), e.get("data") or {}, e.get("seat")
        seat = seat if _is_player(view, seat) else mover
        if not _is_player(view, seat):
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


def _automa_line(turn: dict[str, Any]) -> str:
    """One of Takatoshi's turns in a few words (the board's panel has the whole sentence)."""
    t = tables()
    who = automa_name()
    # i18n: one of Takatoshi's turns in short, on the turn picture after a solo player's move.
    if turn.get("result") == "built" and turn.get("region") in t.region_by_id:
        return _("{automa} builds a railway in {region}.", automa=who,
                 region=_region_name(str(turn["region"])))
    if turn.get("result") == "placed" and turn.get("market"):
        slot = turn.get("slot")
        return _("{automa} places influence {value} in {market} {slot}.", automa=who, value=turn.get("value"),
                 market=turn["market"], slot=DIRECTIONS[slot] if isinstance(slot, int) and 0 <= slot < 4 else "")
    if turn.get("colour"):
        return _("{automa} returns a {colour} worker from H{space} to the bag.", automa=who,
                 colour=_worker_colour_name(str(turn["colour"])), space=turn.get("space"))
    return _("{automa} reveals an action tile; H{space} is empty.", automa=who, space=turn.get("space"))


def _scoring_line(view: dict[str, Any]) -> str:
    """The last influence scoring in one line: ``Period II scoring: Green +18, Purple +6``."""
    log = view.get("period_log") or []
    period = ROMAN.get(int(log[-1].get("period", 1)), "") if log else ""
    awards = {seat: sum(v) for seat, v in _period_awards(view).items() if sum(v)}
    if not awards:
        # i18n: a period's influence scoring in one line ({period}: I, II, III).
        return _("Period {period} scoring: no VP.", period=period)
    order = sorted(awards, key=lambda s: -awards[s])
    won = ", ".join(f"{_chip(view, s).name} +{awards[s]}" for s in order)
    return _("Period {period} scoring: {awards}.", period=period, awards=won)


def _event_lines(view: dict[str, Any], last: dict[str, Any]) -> list[str]:
    """The texts of the last move's public events that tell what it did: the move's own events
    first, then a period's scoring and Takatoshi's turns in short, then the rest; bag draws and
    other random refills are left out."""
    events = [e for e in last.get("events") or [] if isinstance(e, dict)]
    mover = last.get("seat")
    own, later, rest = [], [], []
    for e in events:
        kind, seat = e.get("kind"), e.get("seat")
        text = str(tr(e.get("text", ""))).strip()
        if kind == "automa" and isinstance((e.get("data") or {}).get("turn"), dict):
            later.append(_automa_line(e["data"]["turn"]))
        elif kind in NOISE_EVENTS or not text or (kind == "common_goal" and seat is not None and seat < 0):
            continue
        elif seat == mover:
            own.append(text)
        elif kind in ("final", "final_score", "solo_goal", "solo_end"):
            later.append(text)
        else:
            rest.append(text)
    if any(e.get("kind") == "scoring" for e in events) and view.get("period_log"):
        later.insert(0, _scoring_line(view))
    return own + later + rest


def _resources(view: dict[str, Any], seat: int) -> list[tuple[str, str]]:
    """What a player checks before moving: money, coal, silk, iron, goods, pieces left."""
    p = view["players"][seat]
    goods = sum(int(f.get("goods", 0)) for f in p.get("factories", [])) + int(p.get("goods_reserve", 0))
    safe = int(p.get("protected_coal", 0)) + sum(int(f.get("coal", 0)) for f in p.get("factories", []))
    coal = str(p.get("coal", 0)) + (f" (+{safe})" if safe else "")
    # i18n: labels of the acting player's resources under the turn picture ("Money 4   Coal 3 …");
    # "Ships left": ships not yet built (of 6).
    return [(_("Money"), str(p.get("money", 0))), (_("Coal"), coal), (_("Silk"), str(p.get("silk", 0))),
            (_("Iron"), str(p.get("iron", 0))), (_("Goods"), str(goods)),
            (_("Ships left"), str(6 - int(p.get("ships", 0)))), (_("Machines left"), str(6 - int(p.get("machines", 0)))),
            (_("Trains left"), str(6 - int(p.get("trains", 0))))]


def turn_card(view: dict[str, Any], last: dict[str, Any] | None) -> TurnCard:
    """The facts of the turn picture of ``view`` (``GAME.view(state, None)``) after the move
    ``last`` (``{"seat", "move", "events"}``, ``None`` at the start or after an undo), in the
    current language (:mod:`render.core.cards` draws it).

    The band names the player to act and their decision (or the random event / the result); the
    scores list every seat with VP (Takatoshi too); the last move shows its notation and the events
    that tell what it did (no bag draws); the focus draws, large, the part of the board it touched
    (hiring space, factory, market, railway, Iwakura destination, tracks, contracts, start tiles,
    or the influence scoring it triggered); the resources are the acting player's (or the last
    mover's while a random event is pending).
    """
    seat, _kind, prompt = _decision(view)
    actor = None
    if view.get("over") or seat is None:
        text = _result_line(view) or _("Game over")
    elif _is_player(view, seat):
        actor = _chip(view, seat)
        text = _decision_text(view, prompt)
    else:
        text = _random_event(prompt)
    scores = [(_chip(view, s), _seat_vp(view, s)) for s in range(len(_seats(view)))]
    mover = last.get("seat") if last else None
    fields: dict[str, Any] = {}
    if last and last.get("move"):
        fields = {"last_by": _chip(view, mover) if _is_player(view, mover) else None,
                  "last_move": str(last["move"]), "last_lines": _event_lines(view, last)}
        focus = _focus(view, last)
        if focus is not None:
            fields["focus_title"], fields["focus"] = focus
    who = seat if actor is not None else mover if _is_player(view, mover) and not view.get("over") else None
    if who is not None:
        fields["resources_of"] = _chip(view, who)
        fields["resources"] = _resources(view, who)
    card = TurnCard(title=GAME_TITLE, status=_status(view), actor=actor, prompt=text, scores=scores,
                    score_label=_vp_label(), focus_height=FOCUS_HEIGHT, **fields)
    return _landscape(card)


def _landscape(card: TurnCard) -> TurnCard:
    """``card`` made short enough for a landscape picture (:data:`CARD_ASPECT`): a lower focus
    drawing (down to :data:`FOCUS_FIT`), then fewer event lines, then a focus down to
    :data:`FOCUS_MIN`, and only then none."""
    limit = int(CARD_WIDTH / CARD_ASPECT)

    def lower(card: TurnCard, least: int) -> TurnCard:
        over = turn_layout_height(card) - limit
        if over > 0 and card.focus is not None and card.focus_height > least:
            card = replace(card, focus_height=max(least, card.focus_height - over))
        return card

    card = lower(card, FOCUS_FIT)
    while turn_layout_height(card) > limit and len(card.last_lines) > 1:
        card = replace(card, last_lines=card.last_lines[:-1])
    card = lower(card, FOCUS_MIN)
    if turn_layout_height(card) > limit and card.focus is not None:
        card = replace(card, focus=None, focus_title="")
    return card


def _final_rows(view: dict[str, Any]) -> tuple[list[tuple[str, list[int | str]]], list[int]]:
    """The rulebook's final scoring per seat (rulebook: Final scoring, steps A–B, p. 19): influence
    scoring and the other VP of the game, prestige tiles, leftovers, money; and the totals."""
    t = tables()
    seats = range(len(_seats(view)))
    influence = {s: 0 for s in seats}
    for rec in view.get("period_log") or []:
        for s, values in _period_awards(view, rec).items():
            if s in influence:
                influence[s] += sum(values)
    scores = view.get("scores") or {}
    cols: list[list[int | str]] = []
    totals = []
    for s in seats:
        score = scores.get(str(s)) if s < len(view["players"]) else None
        vp = _seat_vp(view, s)
        if score:
            in_game = int(score.get("in_game", 0))
            rest: list[int | str] = [sum(int(v) for v in (score.get("prestige") or {}).values()),
                                     int(score.get("leftovers", 0)), int(score.get("money", 0))]
            total = int(score.get("total", vp))
        else:  # Takatoshi, or a solo game lost before the final scoring: VP of the game only
            in_game, rest, total = vp, ["—", "—", "—"], vp
        cols.append([influence[s], in_game - influence[s], *rest])
        totals.append(total)
    # i18n: rows of the final-score picture (about 20 characters each): influence scoring of the three
    # periods, the other VP won during the game, then the final scoring's steps (rulebook: Final scoring).
    labels = [_("Influence scoring"), _("Other VP in the game"), _("Prestige tiles"),
              _("Leftovers (1 VP per {n})", n=t.n["leftovers_per_vp"]),
              _("Money (1 VP per {n})", n=t.n["money_per_vp"])]
    rows = [(label, [col[i] for col in cols]) for i, label in enumerate(labels)]
    return rows, totals


def final_card(view: dict[str, Any]) -> ScoreCard:
    """The facts of the final-score picture of a finished game's ``view``, in the current language:
    a column per seat (Takatoshi's in solo), a row per step of the final scoring, the totals, the
    winner (tie-break: the tied player who took their last turn later; rulebook: Final scoring,
    p. 19) and, in solo, the goals and the rating."""
    seats = list(range(len(_seats(view))))
    players = [_chip(view, s) for s in seats]
    rows, totals = _final_rows(view)
    notes: list[str] = []
    tie = ""
    solo = view.get("solo_result")
    if solo is not None and len(view["players"]) == 1:
        won = bool(solo.get("won"))
        winners = [0] if won else [1] if len(seats) > 1 else []
        headline = _result_line(view)
        for slot, goal in (solo.get("goals") or {}).items():
            text = goal.get("text", "")
            if "id" in goal:
                from engine.zaibatsu.automa import goal_text

                text = goal_text(goal["id"], goal["value"], goal["target"])
            name = SOLO_SLOT_NAMES.get(slot)
            # i18n: a solo goal on the final-score picture ({slot}: the goal slot's border colour).
            line = _("Goal ({slot}): {goal}", slot=tr(name) if name is not None else slot, goal=tr(text))
            notes.append(line + (" ✓" if goal.get("met") else " ✗"))
        if won and solo.get("rating"):
            notes.append(_("Rating: {rating}", rating=_t("rating", str(solo["rating"]))))
        elif not won:
            notes.append(_("A solo goal is not met: you lose (no final consolidation or scoring)."))
    else:
        order = sorted(range(len(view["players"])), key=lambda s: (-totals[s], -int(view["players"][s].get("last_turn", -1))))
        best = order[0]
        winners = [best]
        headline = _("{name} wins with {vp} VP", name=players[best].name, vp=totals[best])
        tied = [s for s in order[1:] if totals[s] == totals[best]]
        if tied:
            # i18n: the tie-break of the final scoring (rulebook: Final scoring, p. 19).
            tie = _("Tied at {vp} VP with {others}: {name} wins, having taken their last turn later "
                    "(rulebook: Final scoring).", vp=totals[best], others=", ".join(players[s].name for s in tied),
                    name=players[best].name)
    return ScoreCard(title=GAME_TITLE, players=players, rows=rows, totals=totals, winners=winners, headline=headline,
                     tie_break=tie, notes=notes, score_label=_vp_label())


# ------------------------------------------------------------------------------------------------
# Public API
# ------------------------------------------------------------------------------------------------


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
    return palette_png(render_image(view), colours=BOARD_COLOURS, compress_level=PNG_COMPRESS_LEVEL)


def alt_text(view: dict[str, Any]) -> str:
    """One paragraph describing the picture in the current language (for
    ``discord.File(description=…)``), ≤ 1000 characters.

    Names every player with VP, money and resources, and the current decision.
    """
    t = tables()
    rnd = int(view.get("round", 1))
    period = t.period_of_space(min(max(rnd, 1), 8))
    n = len(view["players"])
    if view.get("automa"):
        who = _("solo against {automa}", automa=automa_name())
    else:
        who = _n("{n} player", "{n} players", n)
    if view.get("over"):
        head = _("Nippon: Zaibatsu board, game over, {who}.", who=who)
    elif view.get("final"):
        head = _("Nippon: Zaibatsu board, final round {n} of 3, {who}.", n=rnd - 5, who=who)
    else:
        head = _("Nippon: Zaibatsu board, round {n} of 8 (period {period}), {who}.", n=rnd, period=ROMAN[period],
                 who=who)
    players = []
    for p in view["players"]:
        factories = _n("{n} factory", "{n} factories", len(p.get("factories", [])))
        players.append(_(
            "{name} {vp} VP, money {money}, coal {coal}, silk {silk}, iron {iron}, {factories}",
            name=player_name(p["colour"]), vp=p["vp"], money=p.get("money", 0), coal=p.get("coal", 0),
            silk=p.get("silk", 0), iron=p.get("iron", 0), factories=factories,
        ))
    a = view.get("automa")
    if a:
        trains = _n("{n} train left", "{n} trains left", int(a.get("trains", 0)))
        players.append(_("{name} {vp} VP, {trains}", name=automa_name(), vp=a.get("vp", 0), trains=trains))
    seat, _kind, prompt = _decision(view)
    said = str(tr(prompt)).rstrip(".")
    if view.get("over") or seat is None:
        result = _result_line(view) or _("none")
        now = _("Result: {result}.", result=result)
    elif 0 <= seat < len(_seats(view)):
        now = _("To act: {prompt}.", prompt=said)
    else:
        now = _("Random event pending: {prompt}.", prompt=said)
    hiring = "; ".join(
        _n("{space} {n} worker", "{space} {n} workers", len(w), space=f"H{i + 1}")
        for i, w in enumerate(view.get("hiring", []))
    )
    text = " ".join((head, now, _("Players: {players}.", players="; ".join(players)),
                     _("Hiring spaces: {spaces}.", spaces=hiring)))
    if len(text) > 1000:
        short = "; ".join(_("{name} {vp} VP", name=name, vp=vp) for name, vp in _ranking(view))
        text = " ".join((head, now, _("Players: {players}.", players=short)))
    return text[:1000]


def clear_cache() -> None:
    """Drop the cached static layers, sprites and fonts (after the font search or a catalogue changes)."""
    _LAYERS.clear()
    clear_caches()
