"""Consolidation (rulebook, steps A–D, p. 17): prestige tile, taxes, departments and income, payday and
cleanup."""

from __future__ import annotations

from typing import Any

from engine.core import Action, Event

from ..state import Player, ZState
from ..tables import tables
from ..words import M, Mn, amount
from .basics import act, ev, name, special_max


def push_consolidation(state: ZState, seat: int, final: bool) -> None:
    """Push the consolidation steps A–D (rulebook: Consolidation, p. 17) for ``seat``."""
    state.stack.append({"k": "cons", "seat": seat, "step": "A", "final": final})


def consolidation_step(state: ZState, f: dict[str, Any], events: list[Event] | None) -> None:
    """Advance one consolidation step A → B → C → D → cleanup."""
    p = state.players[f["seat"]]
    step = f["step"]
    if step == "A":
        f["step"] = "B"
        top_slot = len(p.workforce)
        level = tables().workforce[top_slot - 1].prestige_level if top_slot else None
        if level and has_prestige_option(p, level):
            state.stack.append({"k": "choose", "seat": p.seat, "what": "prestige", "level": level})
        return
    if step == "B":
        f["step"] = "C"
        if events is not None:
            ev(events, "taxes", p.seat, M("{who} pays taxes (consolidation step B): {money} and {coal} return to the supply.",
                                          who=name(state, p.seat), money=amount("money", p.money),
                                          coal=amount("coal", p.coal)))
        # B. Taxes: all money and coal return to the supply; A7's coal and coal stored on a factory
        # stay. A special effect (Paper 3B) keeps up to 3 of your money/coal: you choose which.
        keep = min(protect_limit(p), p.money + p.coal)
        choices = [(m, keep - m) for m in range(keep + 1) if m <= p.money and keep - m <= p.coal] if keep else []
        if len(choices) > 1:
            state.stack.append({"k": "choose", "seat": p.seat, "what": "protect", "max": keep})
        else:
            p.money, p.coal = choices[0] if choices else (0, 0)
        return
    if step == "C":
        f["step"] = "D"
        t = tables()
        ops: list[dict[str, Any]] = []
        if p.workforce:
            bottom = p.workforce[0].colour
            ops.append({"op": "dept", "colour": bottom})
            topc = p.workforce[-1].colour
            if len(p.workforce) >= t.n["consolidation_top_min_workers"] and topc != bottom:
                ops.append({"op": "dept", "colour": topc})
        ops.append({"op": "gain", "coal": t.track["mining"][p.mining - 1].value, "why": "mining"})
        ops.append({"op": "gain", "money": t.track["finance"][p.finance - 1].value, "why": "finance"})
        state.stack.append({"k": "ops", "seat": p.seat, "ops": ops, "ctx": {}})
        return
    if step == "D":
        f["step"] = "E"
        state.stack.append({"k": "choose", "seat": p.seat, "what": "payday"})
        return
    if step == "E":
        state.stack.pop()
        for w in p.workforce:
            if w.expert:
                state.experts[w.expert] = True  # D3: experts back to their destinations
            else:
                state.bag[w.colour] += 1  # D4: workers back to the bag
        p.workforce = []
        if f["final"] and p.silk:
            state.stack.append({"k": "choose", "seat": p.seat, "what": "final_convert"})
        return
    raise AssertionError(step)


def protect_limit(p: Player) -> int:
    """How many money/coal a special effect protects from taxes (0 without one)."""
    return special_max(p, "protect", "max", 0)


def payday(state: ZState, p: Player, events: list[Event] | None) -> None:
    """D1–D2: pay 3 per distinct colour, never the last money; −1 VP per unpaid money."""
    t = tables()
    colours = len({w.colour for w in p.workforce})
    due = t.n["payday_per_colour"] * colours
    payable = max(0, p.money - 1)
    paid = min(due, payable)
    p.money -= paid
    p.vp -= due - paid
    if events is not None:
        who = name(state, p.seat)
        if due > paid:
            text = M("{who} pays {paid} of the {due} wages for {colours} worker colours and loses {vp}.", who=who,
                     paid=amount("money", paid), due=amount("money", due), colours=colours,
                     vp=amount("vp", due - paid))
        else:
            text = Mn("{who} pays {paid} in wages ({n} worker colour).",
                      "{who} pays {paid} in wages ({n} worker colours).", colours, who=who,
                      paid=amount("money", paid))
        ev(events, "payday", p.seat, text, due=due, paid=paid)


def prestige_options(p: Player, level: int) -> list[Action]:
    """Prestige tiles a player may take with the topmost worker beside a level-``level`` stack."""
    t = tables()
    out = []
    for lvl in range(1, level + 1):
        if p.prestige[lvl - 1] <= 0:
            continue
        for g in t.goal_ids:
            if g not in p.goals:
                out.append(act("prestige", lvl, g))
    return out


def has_prestige_option(p: Player, level: int) -> bool:
    """Whether :func:`prestige_options` offers anything: a tile of level ≤ ``level`` and a free goal slot."""
    goals = p.goals
    return any(n > 0 for n in p.prestige[:level]) and any(g not in goals for g in tables().goal_ids)
