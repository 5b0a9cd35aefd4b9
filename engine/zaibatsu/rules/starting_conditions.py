"""Starting conditions (rulebook): taking a start-tile pair, tile A's effect, the starting VP and tile B's
bonuses."""

from __future__ import annotations

from typing import Any

from engine.core import Action, Event

from ..state import ZState
from ..tables import tables
from ..words import M, T, amount
from .basics import ev, name
from .bonuses import area_bonus_ops, bonus_ops
from .effects import build_options


def apply_draft(state: ZState, f: dict[str, Any], action: Action, events: list[Event] | None) -> None:
    """Rulebook: Starting conditions: take a start-tile pair, resolve tile A, starting VP, tile B bonuses."""
    t = tables()
    state.stack.pop()
    p = state.players[f["seat"]]
    a, b = str(action.args[0]), str(action.args[1])
    state.start_pairs = [pair for pair in state.start_pairs if pair != [a, b]]
    p.start_a, p.start_b = a, b
    ta, tb = t.start[a], t.start[b]
    p.vp += ta.start_vp  # Starting conditions (docs/rules-notes.md D-26): the disc starts on tile A's VP.
    if events is not None:
        ev(events, "draft", p.seat, M("{who} takes the start-tile pair A: {a_text} B: {b_text}", who=name(state, p.seat),
                                      a_text=T("start tile", ta.text), b_text=T("start tile", tb.text)), a=a, b=b)
        if ta.start_vp:
            ev(events, "vp", p.seat, M("{who} starts with {vp} (start tile A).", who=name(state, p.seat),
                                       vp=amount("vp", ta.start_vp)), vp=ta.start_vp, total=p.vp)
    ops: list[dict[str, Any]] = []
    if tb.bonus is not None:
        ops.extend(bonus_ops(tb.bonus))
    state.stack.append({"k": "ops", "seat": p.seat, "ops": ops, "ctx": {}})
    eff = ta.effect
    if eff == "machine_reserve":
        before = (p.ships, p.machines, p.trains)
        p.machines += 1
        p.machine_reserve = True
        state.stack[-1]["ops"].extend(area_bonus_ops(p, before))
    elif eff == "ship":
        push_build(state, p.seat, "ship", {})
    elif eff == "train":
        push_build(state, p.seat, "train", {})
    elif eff == "two_goods":
        p.goods_reserve = 2
    elif eff == "old_factory":
        state.stack.append({"k": "choose", "seat": p.seat, "what": "old_side"})
    elif eff == "worker_choice":
        state.stack.append({"k": "choose", "seat": p.seat, "what": "a6"})
    elif eff == "protected_coal":
        p.protected_coal = 3


def push_build(state: ZState, seat: int, what: str, extra: dict[str, Any]) -> bool:
    """Push a free-build choice if any placement exists; returns whether it was pushed."""
    f = {"k": "choose", "seat": seat, "what": "build", "what_build": what, **extra}
    if build_options(state, state.players[seat], what, f, "free"):
        state.stack.append(f)
        return True
    return False
