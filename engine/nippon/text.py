"""Readable plain-text rendering of a Nippon state (terminal table, status replies).

The text is written in the current language (:func:`engine.core.i18n.current`, set by the caller
with ``with language(lang):``); ids printed on components (``M3``, ``C4``, ``SI-3``, ``K4``, ``A7``)
and the compass letters of influence spaces stay as they are. Money is shown in thousands of yen
(``12k``) to keep lines short.
"""

from __future__ import annotations

from engine.core.i18n import tr

from . import rules
from .badges import player_badge
from .state import NState, Player
from .tables import tables
from .words import ACTION_NAMES, T, _, _t

# i18n: three-letter abbreviations of the goods (city demand, factories: "Sil").
GOODS_SHORT = {
    "silk": T("goods short", "Sil"), "paper": T("goods short", "Pap"), "bento": T("goods short", "Ben"),
    "lenses": T("goods short", "Len"), "clocks": T("goods short", "Clo"), "bulbs": T("goods short", "Bul"),
}


def _colour(c: str) -> str:
    """A worker colour in the current language."""
    return _t("worker colour", c)


def _player(c: str) -> str:
    """A player colour as a name, lower case, in the current language."""
    return _t("player", c.capitalize()).lower()


def _goods(g: str) -> str:
    """A good abbreviated (``"sil"``) in the current language."""
    return str(tr(GOODS_SHORT[g])).lower()


def render_text(state: NState, seat: int | None = None) -> str:
    """The main board and every player board as text; ``seat``'s board is marked with ``*``."""
    t = tables()
    lines: list[str] = []
    head = _("Nippon — scoring marker {space}/{n}, scorings done {done}/3", space=state.marker + 1,
             n=len(t.track_spaces), done=state.scorings)
    if state.final:
        head += " — " + _("final turns")
    lines.append(f"== {head} ==")
    lines.append(_("Action spaces:"))
    for s, space in enumerate(state.spaces):
        acts = " / ".join(str(tr(ACTION_NAMES[a])) for a in t.spaces[s].actions)
        workers = " ".join(_colour(c) for c in space) or _("(empty)")
        lines.append(f"  {s + 1} [{acts}]: {workers}")
    rows = " | ".join(" ".join(_colour(c) for c in r) or "-" for r in state.rows)
    lines.append(_("Worker rows: {rows}", rows=rows))
    lines.append(_("Bag: {workers}", workers=", ".join(f"{_colour(c)} {n}" for c, n in state.bag.items())))
    stacks = " ".join(f"{k}×{v}" for k, v in state.rewards.items() if v)
    lines.append(_("Reward tiles: {stacks}  2x tiles: {n}", stacks=stacks or "-", n=state.multipliers))
    lines.append(_("Regions:"))
    for r in t.regions:
        infl = " ".join(f"{_player(p.colour)}={rules.region_influence(state, p.seat, r.id)}" for p in state.players)
        pieces = ",".join(f"{player_badge(state.players[x.seat].colour)}{'s' if x.kind == 'ship' else 't'}{x.value}"
                          for x in state.transport[r.id]) or "-"
        bonus = str(tr(rules.gain_text(r.bonus.kind(), r.bonus.value())))
        lines.append("  " + _("{region} (bonus {bonus}) foreign {foreign} influence {influence} ships/trains {pieces}",
                                region=r.id, bonus=bonus, foreign=rules.foreign_influence(state, r.id),
                                influence=infl, pieces=pieces))
        for c in state.cities:
            if c.region != r.id or c.tile is None:
                continue
            cells = []
            for i in range(4):
                occ = c.slots[i]
                printed = t.city_by_id[c.id].printed[i]
                who = f"{_player(state.players[occ[0]].colour)}:{occ[1]}" if occ else f"({printed})"
                cells.append(f"{'NESW'[i]} {_goods(rules.city_goods(c, i))} {who}")
            lines.append(f"    {c.id} {c.tile}: " + " | ".join(cells))
    lines.append(_("Factory display: {tiles}", tiles=" ".join(state.display) or "-"))
    for p in state.players:
        lines.extend(_player_lines(state, p, seat))
    d = rules.decision(state)
    lines.append(f">> {tr(d.prompt)}")
    return "\n".join(lines)


def _player_lines(state: NState, p: Player, seat: int | None) -> list[str]:
    """The lines of one player board."""
    mark = "*" if p.seat == seat else " "
    out = [f"{mark}{_player(p.colour).upper()} ({player_badge(p.colour)}) " + _(
        "VP {vp}  yen {money}k  coal {coal}  blueprints {bp}  money track {mt}  coal track {ct}  knowledge {k}",
        vp=p.vp, money=p.money, coal=p.coal, bp=p.blueprints, mt=rules.track_value(p, "money"),
        ct=rules.track_value(p, "coal"), k=rules.track_value(p, "knowledge"))]
    facs = [f"{f.tile}[+{f.machine}] {f.stored} {_goods(f.goods)}" for f in p.factories]
    out.append("   " + _("factories: {list}  stored machines {m}", list="; ".join(facs) or "-", m=p.machines))
    out.append("   " + _("workers: {workers}  ships left {ships} ({sv} VP)  trains left {trains} (+{tv})",
                         workers=" ".join(_colour(c) for c in p.workers) or "-", ships=p.ships, sv=p.ship_value,
                         trains=p.trains, tv=p.train_value))
    ach = " ".join(f"{a}:{m}x" for a, m in sorted(p.achievements.items())) or "-"
    out.append("   " + _("influence tiles {tiles}  contracts open {open}  done {done}  achievements {ach}",
                         tiles=p.influence, open=" ".join(p.contracts) or "-", done=" ".join(p.contracts_done) or "-",
                         ach=ach))
    return out
