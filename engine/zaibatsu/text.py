"""Readable plain-text rendering of a Zaibatsu state (terminal table, status replies)."""

from __future__ import annotations

from . import rules
from .state import ZState
from .tables import tables

GOODS_SHORT = {"cotton": "cot", "paper": "pap", "bento": "ben", "lenses": "len", "bulbs": "bul", "clocks": "clo"}


def seats(state: ZState) -> list[int]:
    """All seats with pieces on the board (Takatoshi is seat 1 in solo)."""
    return list(range(len(state.players) + (1 if state.automa is not None else 0)))


def seat_colour(state: ZState, seat: int) -> str:
    """Piece colour of a seat (Takatoshi's colour in solo)."""
    if state.automa is not None and seat == 1:
        return state.automa.colour
    return state.players[seat].colour


def render_text(state: ZState, seat: int | None = None) -> str:
    """The board and every player board as text; ``seat``'s board is marked with ``*``."""
    t = tables()
    lines: list[str] = []
    period = t.period_of_space(min(state.round, 8))
    phase = "final round" if state.final else "round"
    lines.append(f"== Nippon: Zaibatsu — {phase} {state.round}/8, period {period} ==")
    lines.append("Hiring spaces:")
    for h, space in enumerate(state.hiring):
        acts = " / ".join(rules.ACTION_NAMES[a] for a in t.hiring[h].actions)
        workers = " ".join(space) or "(empty)"
        lines.append(f"  H{h + 1} [{acts}]: {workers}")
    waiting = " | ".join(" ".join(r) or "-" for r in state.waiting)
    lines.append(f"Waiting area: {waiting}")
    lines.append("Bag: " + ", ".join(f"{c} {n}" for c, n in state.bag.items()))
    lines.append("Iwakura mission:")
    for d in t.destinations:
        ships = ",".join(state.players[s].colour for s in state.ships[d.id]) or "-"
        exp = "expert" if state.experts[d.id] else "no expert"
        lines.append(f"  {d.name:<14} {d.colour:<6} {exp:<9} upgrades {state.upgrades[d.id]}  ships {ships}")
    lines.append("Regions:")
    for r in t.regions:
        infl = " ".join(
            f"{seat_colour(state, s)}={rules.region_influence(state, s, r.id)}" for s in seats(state)
        )
        trains = ",".join("." if s is None else seat_colour(state, s)[0].upper() for s in state.trains[r.id])
        bonus = ", ".join(f"{v} {k}" for k, v in r.bonus.model_dump(exclude_defaults=True).items())
        lines.append(f"  {r.id} (bonus {bonus}) trains [{trains}] influence {infl}")
        for m in state.markets:
            if m.region != r.id or m.tile is None:
                continue
            cells = []
            for i in range(4):
                g = GOODS_SHORT[rules.market_goods(state, m, i)]
                occ = m.slots[i]
                printed = t.market_by_id[m.id].printed[i]
                who = f"{seat_colour(state, occ[0])}:{occ[1]}" if occ else f"({printed})"
                cells.append(f"{'NESW'[i]} {g} {who}")
            lines.append(f"    {m.id}: " + " | ".join(cells))
    lines.append("Factory display: " + (" ".join(state.display) or "(empty)"))
    if state.start_pairs and state.stack and state.stack[-1]["k"] in ("draft", "chance"):
        lines.append("Start-tile pairs: " + "; ".join("+".join(pair) for pair in state.start_pairs))
    for p in state.players:
        mark = "*" if p.seat == seat else " "
        lines.append(
            f"{mark}{p.colour.upper():<7} VP {p.vp}  money {p.money}  coal {rules.coal_total(p)}  silk {p.silk}  "
            f"iron {p.iron}  R&D {p.rd}  Mining {p.mining}  Finance {p.finance}"
        )
        facs = []
        for i, f in enumerate(p.factories):
            m = "".join("M" if x else "." for x in f.machines)
            facs.append(f"{i + 1}:{f.side}[{m}] {f.goods} {GOODS_SHORT[f.goods_type]}")
        lines.append("   factories: " + ("; ".join(facs) or "none"))
        wf = " ".join(w.colour + ("*" if w.expert else "") for w in p.workforce) or "empty"
        lines.append(
            f"   workforce: {wf}   left on board: ships {6 - p.ships} machines {6 - p.machines} trains {6 - p.trains}"
        )
        goals = ", ".join(f"{g}:{lvl}" for g, lvl in p.goals.items()) or "none"
        lines.append(
            f"   tokens {p.tokens} locked {p.locked}  contracts done {p.contracts_done or '-'}  "
            f"upgraded {p.upgraded or '-'}  prestige {goals}"
        )
    a = state.automa
    if a is not None:
        goals = "; ".join(
            f"{slot}: {next(g.text for g in t.data.solo_goals if g.id == gid)}" for slot, gid in a.goals.items()
        )
        lines.append(f" TAKATOSHI ({a.colour}, {a.difficulty}) trains left {a.trains}  tokens by period {a.rows}  "
                     f"priority {' > '.join(a.priority)}")
        lines.append("   region workers: " + ", ".join(f"{r}={c}" for r, c in a.region_colours.items())
                     + f"   action tiles left {len(a.deck)}   goals: {goals}")
        if a.narration:
            lines.append("   last: " + a.narration[-1])
    if state.common_goals:
        lines.append("Common goals: " + "; ".join(f"period {k}: {', '.join(v)}" for k, v in sorted(state.common_goals.items())))
    d = rules.decision(state)
    lines.append(f">> {d.prompt}")
    return "\n".join(lines)
