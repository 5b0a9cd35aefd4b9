"""Readable plain-text rendering of a Nippon state (terminal table, status replies).

The text is written in the current language (:func:`engine.core.i18n.current`, set by the caller
with ``with language(lang):``). Components are named as the rulebook shows them (a factory by its
good and bonus, a contract by the goods it asks for, see :mod:`.naming`); only the cities' board
labels (``M3``) and the compass letters of influence spaces, which the notation uses, stay as they
are. Amounts come from :func:`.words.amount` (digits grouped by Babel).
"""

from __future__ import annotations

from engine.core.i18n import tr

from . import rules
from .badges import player_badge
from .naming import achievement_name, contract_need, factory_bonus, reward_name
from .state import NState, Player, Transport
from .tables import tables
from .words import ACTION_NAMES, T, _, _t, amount

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


def _t_amount(kind: str, n: int) -> str:
    """An amount (money in thousand yen) in the current language."""
    return str(tr(amount(kind, n)))


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
    # i18n: one stack of Emperor's reward tiles and how many tiles it still holds ("3x: 2 coal (2)").
    stacks = ", ".join(_("{tile} ({n})", tile=tr(reward_name(k)), n=v) for k, v in state.rewards.items() if v)
    lines.append(_("Reward tiles left: {stacks}; 2x VP tiles: {n}", stacks=stacks or "-", n=state.multipliers))
    lines.append(_("Regions:"))
    # i18n: legend of the city labels (M1–M8, as on the board picture) and the compass letters of a
    # city tile's four demand spaces, both typed in moves as they are; translate the words only.
    lines.append("  " + _("Cities M1–M8 as on the board picture; demand spaces N north, E east, S south, W west "
                          "(type these labels in moves)."))
    for r in t.regions:
        infl = ", ".join(f"{_player(p.colour)} {rules.region_influence(state, p.seat, r.id)}" for p in state.players)
        pieces = ", ".join(_piece(state, x) for x in state.transport[r.id]) or "-"
        bonus = str(tr(rules.gain_text(r.bonus.kind(), r.bonus.value())))
        lines.append("  " + _("{region} (bonus {bonus}): foreign companies {foreign}; influence {influence}; "
                              "trains and ships: {pieces}",
                              region=_t("region", r.name), bonus=bonus, foreign=rules.foreign_influence(state, r.id),
                              influence=infl, pieces=pieces))
        for c in state.cities:
            if c.region != r.id or c.tile is None:
                continue
            cells = []
            for i in range(4):
                occ = c.slots[i]
                printed = t.city_by_id[c.id].printed[i]
                who = f"{_player(state.players[occ[0]].colour)} {occ[1]}" if occ else f"({printed})"
                cells.append(f"{'NESW'[i]} {_goods(rules.city_goods(c, i))} {who}")
            lines.append(f"    {c.id}: " + " | ".join(cells))
    lines.append(_("Factory display:"))
    for g in t.goods:
        offered = [str(tr(factory_bonus(tile))) for tile in state.display if t.factory(tile).goods == g]
        if offered:
            lines.append(f"  {_t('goods', t.goods[g].name)}: " + " | ".join(offered))
    for p in state.players:
        lines.extend(_player_lines(state, p, seat))
    d = rules.decision(state)
    lines.append(f">> {tr(d.prompt)}")
    return "\n".join(lines)


def _piece(state: NState, x: Transport) -> str:
    """A train or ship on the main board: its owner and value."""
    who = _player(state.players[x.seat].colour)
    if x.kind == "ship":
        return _("{who} ship {vp}", who=who, vp=_t_amount("vp", x.value))
    return _("{who} train +{value}", who=who, value=x.value)


def _player_lines(state: NState, p: Player, seat: int | None) -> list[str]:
    """The lines of one player board."""
    t = tables()
    mark = "*" if p.seat == seat else " "
    out = [f"{mark}{_player(p.colour).upper()} ({player_badge(p.colour)}) " + _(
        "VP {vp}; {money}; {coal}; {bp}", vp=p.vp, money=_t_amount("money", p.money),
        coal=_t_amount("coal", p.coal), bp=_t_amount("blueprints", p.blueprints))]
    out.append("   " + _(
        "money track: space {ms}, {mt}; coal track: space {cs}, {ct}; knowledge track: space {ks}, level {k}",
        ms=p.money_pos + 1, mt=_t_amount("money", rules.track_value(p, "money")), cs=p.coal_pos + 1,
        ct=_t_amount("coal", rules.track_value(p, "coal")), ks=p.knowledge_pos + 1,
        k=rules.track_value(p, "knowledge")))
    facs = [_("{goods} +{machine}, goods {stored}/{storage} ({bonus})", goods=_t("goods", t.goods[f.goods].name),
              machine=f.machine, stored=f.stored, storage=t.goods[f.goods].storage, bonus=tr(factory_bonus(f.tile)))
            for f in p.factories]
    out.append("   " + _("factories: {list}; machinery tiles kept: {m}", list="; ".join(facs) or "-", m=p.machines))
    out.append("   " + _("workers: {workers}; ships left {ships} ({sv} VP each); trains left {trains} (+{tv} each)",
                         workers=" ".join(_colour(c) for c in p.workers) or "-", ships=p.ships, sv=p.ship_value,
                         trains=p.trains, tv=p.train_value))
    ach = "; ".join(f"{m}x {tr(achievement_name(a))}" for a, m in sorted(p.achievements.items())) or "-"
    out.append("   " + _("influence tiles {tiles}; contracts open {open}; fulfilled {done}",
                         tiles=" ".join(str(v) for v in p.influence) or "-",
                         open=", ".join(contract_need(c) for c in p.contracts) or "-",
                         done=", ".join(contract_need(c) for c in p.contracts_done) or "-"))
    out.append("   " + _("achievement tiles: {ach}", ach=ach))
    return out
