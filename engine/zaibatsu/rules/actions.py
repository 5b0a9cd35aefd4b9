"""The Actions (rulebook, pp. 9–16) as a whole: the frame of an action in progress, which activations are
legal, resolving one, and the end of an action."""

from __future__ import annotations

from typing import Any

from engine.core import Action, Event

from ..state import Player, ZState
from ..tables import tables
from ..words import M, factory_name
from .basics import effect_text, ev, name
from .bonuses import bonus_ops
from .factories import (
    apply_production,
    build_factory,
    build_machine,
    can_build_factory,
    can_build_machine,
    can_produce,
    factory_options,
    machine_options,
    production_options,
)
from .investments import apply_investment, can_invest, investment_options
from .markets import can_place_token, market_options, place_token
from .modifiers import modifier_slots
from .rd_mining import apply_steps, can_step, step_options
from .transport import PAYS, apply_transport, can_ship, can_train, transport_options


def new_act_frame(seat: int, action: str, worker: str) -> dict[str, Any]:
    """A fresh frame for an action in progress."""
    return {
        "k": "act", "seat": seat, "action": action, "worker": worker, "n": 0, "used": [],
        "types": [], "levels": [], "contracts": [], "mod": 0, "produced": [], "region": None,
    }


def activations(state: ZState, p: Player, f: dict[str, Any], extra_workers: int = 0) -> list[Action]:
    """Legal activations of the action in frame ``f`` (rulebook: Actions, pp. 9–16). ``extra_workers``
    = 1 when probing whether an action may be taken (the action worker is not placed yet)."""
    t = tables()
    action = f["action"]
    n_done = f["n"]
    limit = 1 if action in ("rd", "mining", "factory") else t.n["activation_limit"]
    if n_done >= limit:
        return []
    if action in ("rd", "mining"):
        return step_options(p, f)
    if action == "factory":
        return factory_options(state, p)
    if action == "machines":
        return machine_options(p, f)
    if action == "production":
        return production_options(p, f)
    if action in ("ships", "trains"):
        return transport_options(state, p, action, f, extra_workers, pay_modes=PAYS)
    if action == "markets":
        return market_options(state, p, f)
    if action == "investments":
        return investment_options(state, p, f)
    raise AssertionError(action)


def can_activate(state: ZState, p: Player, f: dict[str, Any], extra_workers: int = 0) -> bool:
    """Whether :func:`activations` would be non-empty (fast existence checks; same rules).

    Each check stops at the first legal activation it finds; ``tests/zaibatsu/test_fast_paths.py``
    checks that the answer agrees with the full enumeration at every decision of random games.
    """
    action = f["action"]
    t = tables()
    if f["n"] >= t.activation_limit[action]:
        return False
    return CAN_ACTIVATE[action](state, p, f, extra_workers, t)


#: The existence check of each action (:func:`can_activate`, once the activation limit is checked):
#: ``check(state, player, frame, extra_workers, t=None)`` with ``t`` the :class:`..tables.Tables` in
#: use (looked up when ``None``).
CAN_ACTIVATE = {
    "rd": can_step,
    "mining": can_step,
    "factory": can_build_factory,
    "machines": can_build_machine,
    "production": can_produce,
    "ships": can_ship,
    "trains": can_train,
    "markets": can_place_token,
    "investments": can_invest,
}


def apply_activation(state: ZState, f: dict[str, Any], action: Action, events: list[Event] | None) -> None:
    """Resolve one activation of the action in progress (rulebook: Gameplay, step B; Actions, pp. 9–16)."""
    seat = f["seat"]
    p = state.players[seat]
    who = name(state, seat) if events is not None else ""  # only events name the seat
    if action.kind == "done":
        finish_action(state, f, events)
        return
    ops: list[dict[str, Any]] = []
    ctx: dict[str, Any] = {"worker": f["worker"]}
    mod = 0
    kind = action.kind
    if kind in ("rd", "mining"):
        mod = apply_steps(state, p, action, ops, events)
    elif kind == "factory":
        mod = build_factory(state, p, action, ops, ctx, events)
    elif kind == "machine":
        mod = build_machine(state, f, p, action, ops, events)
    elif kind == "produce":
        mod = apply_production(state, f, p, action, events)
    elif kind in ("ship", "train"):
        mod = apply_transport(state, f, p, action, ops, events)
    elif kind == "market":
        mod = 0
        ops.extend(place_token(state, p, action, f, events))
    elif kind == "invest":
        mod = apply_investment(state, f, p, action, ops, events)
    else:
        raise AssertionError(kind)
    f["n"] += 1
    # The activation's own bonuses are pushed first and the modifier's effects on top, so a
    # modifier (e.g. a free ship with its upgrade tile) resolves before the bonuses it could raise.
    if ops:
        state.stack.append({"k": "ops", "seat": seat, "ops": ops, "ctx": ctx})
    if mod:
        f["mod"] = mod
        side = tables().sides[p.factories[mod - 1].side]
        if events is not None:
            ev(events, "modifier", seat, M("{who} uses the modifier of {factory}: {effect}", who=who, factory=factory_name(side.id),
                                           effect=effect_text(side.id)))
        mod_ops = [o.model_dump(exclude_defaults=True) for o in side.ops
                   if o.op not in ("extra_steps", "reduce_production_coal")]
        if mod_ops:
            state.stack.append({"k": "ops", "seat": seat, "ops": mod_ops, "ctx": {**ctx, "factory": mod}})


def finish_action(state: ZState, f: dict[str, Any], events: list[Event] | None) -> None:
    """End the action: apply an ``action_end`` modifier if the action's modifier is still free."""
    state.stack.pop()
    p = state.players[f["seat"]]
    if f["mod"]:
        return
    slots = []
    for s in modifier_slots(p, f["action"]):
        side = tables().sides[p.factories[s - 1].side]
        if side.trigger != "action_end":
            continue
        needs_regions = any(o.op == "region_bonus_of_train" for o in side.ops)
        if (needs_regions and f["action"] == "trains" and f["used"]) or (not needs_regions and f["produced"]):
            slots.append(s)
    if len(slots) == 1:
        apply_end_modifier(state, f, slots[0], events)
    elif slots:
        state.stack.append({"k": "choose", "seat": f["seat"], "what": "mod_end", "slots": slots, "act": f})


def apply_end_modifier(state: ZState, f: dict[str, Any], slot: int, events: list[Event] | None) -> None:
    """Resolve an action-end modifier (per produced factory, region bonus of a train region)."""
    t = tables()
    p = state.players[f["seat"]]
    side = t.sides[p.factories[slot - 1].side]
    if events is not None:
        ev(events, "modifier", p.seat, M("{who} uses the modifier of {factory}: {effect}", who=name(state, p.seat),
                                         factory=factory_name(side.id), effect=effect_text(side.id)))
    ops: list[dict[str, Any]] = []
    for o in side.ops:
        if o.op == "gain_per_produced":
            k = len(f["produced"])
            gains = {r: getattr(o, r) * k for r in ("money", "coal", "silk", "iron", "vp") if getattr(o, r)}
            ops.append({"op": "gain", **gains})
        elif o.op == "goods_per_produced":
            for s in f["produced"]:
                ops.append({"op": "goods_at", "slot": s, "n": o.n})
        elif o.op == "region_bonus_of_train":
            regions = list(f["used"])
            if len(regions) == 1:
                ops.extend(bonus_ops(t.region_by_id[regions[0]].bonus))
            else:
                state.stack.append({"k": "choose", "seat": p.seat, "what": "region", "regions": regions})
    if ops:
        state.stack.append({"k": "ops", "seat": p.seat, "ops": ops, "ctx": {}})
