"""Readable plain-text rendering of a Zaibatsu state (terminal table, status replies).

The text is written in the current language (:func:`engine.core.i18n.current`, set by the caller
with ``with language(lang):``); ids printed on components (``H1``, ``M3``, ``C2``)
and compass letters of market slots stay as they are (a legend explains the letters); factories are
named as the rulebooks print them (:func:`.words.factory_name`).
"""

from __future__ import annotations

from typing import Any

from engine.core.i18n import tr

from . import rules
from .badges import opponent_badge, player_badge
from .rules.basics import start_text
from .state import ZState
from .tables import tables
from .words import (
    COMPASS_LEGEND,
    GOAL_SLOT_NAMES,
    LABEL_LEGEND,
    SOLO_SLOT_NAMES,
    T,
    _,
    _t,
    amount,
    contract_text,
    dept_gain_text,
    factory_name,
    start_tile_text,
)

# i18n: three-letter abbreviations of the goods types (market cells, factory names: "Cot3A").
GOODS_SHORT = {
    "cotton": T("goods short", "Cot"), "paper": T("goods short", "Pap"), "bento": T("goods short", "Ben"),
    "lenses": T("goods short", "Len"), "bulbs": T("goods short", "Bul"), "clocks": T("goods short", "Clo"),
}
# i18n: the difficulty of the solo opponent.
DIFFICULTY = {"easy": T("difficulty", "easy"), "medium": T("difficulty", "medium"), "hard": T("difficulty", "hard")}


def seats(state: ZState) -> list[int]:
    """All seats with pieces on the board (Takatoshi is seat 1 in solo)."""
    return list(range(len(state.players) + (1 if state.automa is not None else 0)))


def seat_colour(state: ZState, seat: int) -> str:
    """Piece colour of a seat (Takatoshi's colour in solo)."""
    if state.automa is not None and seat == 1:
        return state.automa.colour
    return state.players[seat].colour


def seat_badge(state: ZState, seat: int) -> str:
    """A seat's badge in the current language (``Pu``; Takatoshi's own, ``Ta``, in solo)."""
    if state.automa is not None and seat == 1:
        return opponent_badge()
    return player_badge(state.players[seat].colour)


def _seat_name(state: ZState, seat: int) -> str:
    """A seat's player colour, lower case (Takatoshi's name in solo), in the current language."""
    if state.automa is not None and seat == 1:
        return _t("name", "Takatoshi")
    return _player(state.players[seat].colour)


def _colour(c: str) -> str:
    """A worker colour (``"red"``) in the current language."""
    return _t("worker colour", c)


def _player(c: str) -> str:
    """A player colour as a name (``"purple"``), lower case, in the current language."""
    return _t("player", c.capitalize()).lower()


def _goods(g: str) -> str:
    """A goods type abbreviated, lower case (``"cot"``), in the current language."""
    term = GOODS_SHORT.get(g)
    return tr(term).lower() if term is not None else g[:3]


def _numbers(items: list[int]) -> str:
    """Numbers as a plain list (``1, 2, 5``), or ``-`` for none."""
    return ", ".join(str(i) for i in items) or "-"


def _bonus(values: dict[str, Any]) -> str:
    parts = []
    for k, v in values.items():
        try:
            parts.append(str(tr(amount(k, v))))
        except KeyError:
            parts.append(f"{v} {k}")
    return ", ".join(parts)


def render_text(state: ZState, seat: int | None = None) -> str:
    """The board and every player board as text; ``seat``'s board is marked with ``*``."""
    t = tables()
    lines: list[str] = []
    period = t.period_of_space(min(state.round, 8))
    if state.final:
        head = _("Nippon: Zaibatsu — final round {round}/8, period {period}", round=state.round, period=period)
    else:
        head = _("Nippon: Zaibatsu — round {round}/8, period {period}", round=state.round, period=period)
    lines.append(f"== {head} ==")
    lines.append(_("Hiring spaces:"))
    for h, space in enumerate(state.hiring):
        acts = " / ".join(tr(rules.ACTION_NAMES[a]) for a in t.hiring[h].actions)
        workers = " ".join(_colour(c) for c in space) or _("(empty)")
        lines.append(f"  H{h + 1} [{acts}]: {workers}")
    waiting = " | ".join(" ".join(_colour(c) for c in r) or "-" for r in state.waiting)
    lines.append(_("Waiting area: {rows}", rows=waiting))
    lines.append(_("Bag: {workers}", workers=", ".join(f"{_colour(c)} {n}" for c, n in state.bag.items())))
    lines.append(_("Iwakura mission:"))
    for d in t.destinations:
        ships = ",".join(_player(state.players[s].colour) for s in state.ships[d.id]) or "-"
        exp = _("expert") if state.experts[d.id] else _("no expert")
        where = f"{_t('destination', d.name):<14} {_colour(d.colour):<6} {exp:<9}"
        lines.append(f"  {where} " + _("upgrades {n}  ships {ships}", n=state.upgrades[d.id], ships=ships))
    lines.append(_("Regions:"))
    lines.append("  " + tr(COMPASS_LEGEND))
    lines.append("  " + tr(LABEL_LEGEND))
    for r in t.regions:
        infl = " ".join(
            f"{_seat_name(state, s)}={rules.region_influence(state, s, r.id)}" for s in seats(state)
        )
        trains = ",".join("." if s is None else seat_badge(state, s) for s in state.trains[r.id])
        bonus = _bonus(r.bonus.model_dump(exclude_defaults=True))
        lines.append("  " + _("{region} (bonus {bonus}) trains [{trains}] influence {influence}", region=r.id,
                                bonus=bonus, trains=trains, influence=infl))
        for m in state.markets:
            if m.region != r.id or m.tile is None:
                continue
            cells = []
            for i in range(4):
                g = _goods(rules.market_goods(state, m, i))
                occ = m.slots[i]
                printed = t.market_by_id[m.id].printed[i]
                who = f"{_player(seat_colour(state, occ[0]))}:{occ[1]}" if occ else f"({printed})"
                cells.append(f"{'NESW'[i]} {g} {who}")
            lines.append(f"    {m.id}: " + " | ".join(cells))
    empty = _("(empty)")
    lines.append(_("Factory display: {tiles}", tiles=", ".join(tr(factory_name(f)) for f in state.display) or empty))
    if state.start_pairs and state.stack and state.stack[-1]["k"] in ("draft", "chance"):
        lines.append(_("Start-tile pairs:"))
        for n, pair in enumerate(state.start_pairs, start=1):
            if len(pair) == 2:  # numbered as the move "pair N" takes them
                lines.append(f"  {n}. " + _("A: {a} / B: {b}", a=tr(start_tile_text(pair[0])),
                                            b=tr(start_text(pair[1]))))
    # Rulebook: Department bonuses, p. 13: what each department gives, normal and upgraded.
    depts = "; ".join(_("{colour} {department}: {gain}", colour=_colour(d.colour), department=_t("department", d.name),
                        gain=tr(dept_gain_text(d.colour, None))) for d in t.data.departments)
    lines.append(_("Departments and what they give: {list}", list=depts))
    for p in state.players:
        mark = "*" if p.seat == seat else " "
        lines.append(f"{mark}{_player(p.colour).upper()} ({player_badge(p.colour)}) " + _(
            "VP {vp}  money {money}  coal {coal}  silk {silk}  iron {iron}", vp=p.vp, money=p.money,
            coal=rules.coal_total(p), silk=p.silk, iron=p.iron))
        lines.append("   " + track_positions(p.rd, p.mining, p.finance))
        facs = []
        for i, f in enumerate(p.factories):
            stock = tr(amount(f.goods_type, f.goods))
            if f.coal:
                stock = _("{goods}, {coal} stored", goods=stock, coal=tr(amount("coal", f.coal)))
            facs.append(_("{slot}: {factory} (machines {machines}/2; {goods})", slot=i + 1,
                          factory=tr(factory_name(f.side, f.goods_type)), machines=sum(f.machines), goods=stock))
        none = _("none")
        lines.append("   " + _("factories: {list}", list="; ".join(facs) or none))
        wf = " ".join(_colour(w.colour) + ("*" if w.expert else "") for w in p.workforce) or _("empty")
        lines.append("   " + _("workforce: {workers}   left on board: ships {ships} machines {machines} trains {trains}",
                                workers=wf, ships=6 - p.ships, machines=6 - p.machines, trains=6 - p.trains))
        # i18n: a prestige tile on a goal slot: the goal, the tile's level and the VP it scores at the end as things stand.
        if p.contracts:
            # Rulebook: Investments & Contracts action: what each contract still open gives.
            lines.append("   " + _("open contracts: {list}", list="; ".join(
                tr(contract_text(c, p, with_yield=True)) for c in p.contracts)))
        goals = ", ".join(_("{goal}:{level} ({vp} now)", goal=tr(GOAL_SLOT_NAMES[g]) if g in GOAL_SLOT_NAMES else g,
                            level=lvl, vp=tr(amount("vp", rules.prestige_value(p, g, lvl))))
                          for g, lvl in p.goals.items()) or _("none")
        lines.append("   " + _(
            "tokens {tokens} locked {locked}  contracts done {contracts}  upgraded {upgraded}  prestige {goals}",
            tokens=_numbers(p.tokens), locked=_numbers(p.locked), contracts=", ".join(p.contracts_done) or "-",
            upgraded=", ".join(_colour(c) for c in p.upgraded) or "-", goals=goals))
    a = state.automa
    if a is not None:
        difficulty = tr(DIFFICULTY[a.difficulty]) if a.difficulty in DIFFICULTY else a.difficulty
        name = f"{_t('name', 'Takatoshi').upper()} ({opponent_badge()})"
        lines.append(" " + _(
            "{name} ({colour}, {difficulty}) VP {vp}  trains left {trains}  tokens by period {rows}  "
            "priority {priority}", name=name, colour=_player(a.colour), difficulty=difficulty, vp=a.vp,
            trains=a.trains, rows=token_rows(a.rows), priority=" > ".join(_colour(c) for c in a.priority)))
        lines.append("   " + _("region workers: {workers}   action tiles left {n}",
                                workers=", ".join(f"{r}={_colour(c)}" for r, c in a.region_colours.items()),
                                n=len(a.deck)))
        lines.append("   " + _("Your solo goals:"))
        lines.extend("     " + line for line in solo_goal_lines(state))
        if a.narration:
            lines.append("   " + _("last: {move}", move=_last_move(a.narration[-1])))
    if state.common_goals:
        texts = {g.id: g.text for g in t.data.common_goals}
        lines.append(_("Common goals:"))
        for k, v in sorted(state.common_goals.items()):
            goals = " ".join(_t("common goal", texts[g]) if g in texts else g for g in v)
            lines.append("  " + _("period {n}: {goals}", n=k, goals=goals))
    decision = rules.decision(state)
    lines.append(f">> {tr(decision.prompt)}")
    return "\n".join(lines)


#: Roman numerals of the periods (Takatoshi's token rows).
PERIODS = {1: "I", 2: "II", 3: "III"}


def track_value(track: str, space: int) -> int:
    """The value printed on ``space`` (1 = start) of ``track`` (``rd``: R&D level, ``mining``: coal
    income, ``finance``: money income; Zaibatsu rulebook, Player board). KeyError: no such track."""
    spaces = tables().track[track]
    return spaces[max(0, min(space, len(spaces)) - 1)].value


def track_positions(rd: int, mining: int, finance: int) -> str:
    """The three track markers as one line, each space apart from the value printed on it
    (``R&D track: space 3, level 3 …``; Mining and Finance: the income at Consolidation), in the
    current language."""
    return _("R&D track: space {rd}, level {rd_value}  Mining track: space {mining}, income {coal}  "
             "Finance track: space {finance}, income {money}", rd=rd, rd_value=track_value("rd", rd),
             mining=mining, coal=tr(amount("coal", track_value("mining", mining))), finance=finance,
             money=tr(amount("money", track_value("finance", finance))))


def token_rows(rows: list[list[int]]) -> str:
    """Takatoshi's influence tokens left per period (``I: 3 · II: 4, 5 · III: 5, 6, 7, 7``; ``-``: none)."""
    return " · ".join(f"{PERIODS.get(i, str(i))}: {_numbers(row)}" for i, row in enumerate(rows, start=1)) or "-"


def solo_goal_lines(state: ZState) -> list[str]:
    """One line per solo goal (slot order): slot, the goal's text and the player's progress
    (``green: Build all 6 machines. — 0/6``), met (``✓``) or, once the game is over, missed (``✗``).
    Empty outside solo games. Zaibatsu solo rules, Solo goals."""
    from .automa import goal_progress

    a = state.automa
    if a is None:
        return []
    texts = {g.id: g.text for g in tables().data.solo_goals}
    out = []
    for slot, gid in a.goals.items():
        slot_name = tr(SOLO_SLOT_NAMES[slot]) if slot in SOLO_SLOT_NAMES else slot
        goal = _t("solo goal", texts[gid]) if gid in texts else gid
        value, target, _text = goal_progress(state, gid)
        mark = " ✓" if value >= target else (" ✗" if state.over else "")
        out.append(_("{slot}: {goal} — {value}/{target}", slot=slot_name, goal=goal, value=value,
                     target=target) + mark)
    return out


def _last_move(turn: Any) -> str:
    """Takatoshi's last turn (kept as facts, or an old plain line) as a sentence."""
    if isinstance(turn, str):
        return str(tr(turn))
    from .automa import narration_text

    return str(tr(narration_text(turn)))
