"""The R&D and Mining actions (rulebook: R&D action, Mining action): 1 to 3 steps on the track at their
cost."""

from __future__ import annotations

from typing import Any

from engine.core import Action, Event

from ..state import Player, ZState
from ..tables import Tables, tables
from ..words import M, amount
from .basics import ACTION_NAMES, act, ev, money_like, name, pay_money
from .bonuses import move_track
from .modifiers import mod_has, mod_variants


def step_options(p: Player, f: dict[str, Any]) -> list[Action]:
    """R&D or Mining activations (rulebook: R&D action, Mining action): 1–3 steps at their cost."""
    t = tables()
    action = f["action"]
    out: list[Action] = []
    costs = t.n["rd_step_costs" if action == "rd" else "mining_step_costs"]
    # A marker on the last space stays there (rulebook: Basic concepts, p. 7; German "passiert
    # stattdessen nichts"); the action can still be activated (paying its cost), so it is not
    # excluded here.
    mods = mod_variants(p, f, {})
    money = money_like(p)
    for i, cost in enumerate(costs):
        if money >= cost:
            for m in mods:
                out.append(act(action, i + 1, m))
    return out


def can_step(state: ZState, p: Player, f: dict[str, Any], extra_workers: int,
             t: Tables | None = None) -> bool:
    """R&D or Mining: the cheapest step is affordable (a marker on the last space still activates)."""
    return p.money + p.silk >= (t or tables()).min_step_cost[f["action"]]


def apply_steps(state: ZState, p: Player, action: Action, ops: list[dict[str, Any]], events: list[Event] | None) -> int:
    """An R&D or Mining activation: pay, move the track (a modifier may add steps). Returns the modifier used."""
    t = tables()
    seat = p.seat
    who = name(state, seat) if events is not None else ""  # only events name the seat
    kind = action.kind
    steps, mod = int(action.args[0]), int(action.args[1])
    costs = t.n["rd_step_costs" if kind == "rd" else "mining_step_costs"]
    pay_money(p, costs[steps - 1])
    extra = mod_has(p, mod, "extra_steps")
    total = steps + (extra.steps if extra else 0)
    ops.extend(move_track(p, kind, total))
    if events is not None:
        ev(events, kind, seat, M("{who} pays {money}: {action} +{steps}.", who=who,
                                 money=amount("money", costs[steps - 1]), action=ACTION_NAMES[kind], steps=total),
           steps=total)
    return mod
