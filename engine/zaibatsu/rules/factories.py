"""The Factory, Machines and Production actions (rulebook: Building a factory, p. 10; Building a machine;
Production)."""

from __future__ import annotations

from typing import Any

from engine.core import Action, Event

from ..state import Factory, Player, ZState
from ..tables import Tables, tables
from ..words import M, amount, factory_name, listing
from .basics import act, coal_total, effect_text, ev, money_like, name, pay_coal, pay_money
from .bonuses import area_bonus_ops
from .modifiers import mod_has, mod_variants, modifier_slots


def factory_options(state: ZState, p: Player) -> list[Action]:
    """Factory activations (rulebook: Building a factory, p. 10): a side of the display within
    (silk-boosted) R&D and money, with a free factory slot."""
    t = tables()
    out: list[Action] = []
    if len(p.factories) >= t.n["factory_slots"]:
        return []  # docs/rules-notes.md G-2: no empty factory slot, no Factory action.
    cost = t.factory_cost_by_start.get(p.start_a, t.factory_cost) if p.start_a else t.factory_cost
    rd, silk_held, money = p.rd, p.silk, p.money + p.silk
    side_rd = t.side_rd
    for side_id in state.display:
        need = side_rd[side_id]
        for steps, silk in enumerate(t.silk_boosts):
            if rd + steps >= need and silk_held >= silk and money - silk >= cost:
                out.append(act("factory", side_id, silk))
    return out


def can_build_factory(state: ZState, p: Player, f: dict[str, Any], extra_workers: int,
                      t: Tables | None = None) -> bool:
    """Factory: a free factory slot and a side of the display within (silk-boosted) R&D and money."""
    t = t or tables()
    display = state.display
    if not display or len(p.factories) >= t.factory_slots:
        return False
    cost = t.factory_cost_by_start.get(p.start_a, t.factory_cost) if p.start_a else t.factory_cost
    # The most R&D this build can reach: silk may raise it (Note on silk) if money still covers the cost.
    silk, money = p.silk, p.money + p.silk
    reach = -1
    for steps, boost in enumerate(t.silk_boosts):
        if silk >= boost and money - boost >= cost:
            reach = steps
    if reach < 0:
        return False
    reach += p.rd
    side_rd = t.side_rd
    for side_id in display:  # noqa: SIM110 - a loop: cheaper than any() in this hot path
        if side_rd[side_id] <= reach:
            return True
    return False


def build_factory(state: ZState, p: Player, action: Action, ops: list[dict[str, Any]], ctx: dict[str, Any],
                  events: list[Event] | None) -> int:
    """A Factory activation (rulebook: Building a factory, p. 10). Returns the modifier used (none)."""
    t = tables()
    seat = p.seat
    who = name(state, seat) if events is not None else ""  # only events name the seat
    side_id, silk = str(action.args[0]), int(action.args[1])
    cost = t.n["factory_cost"]
    if p.start_a and t.start[p.start_a].effect == "cheap_factory":
        cost -= t.n["cheap_factory_discount"]
    p.silk -= silk  # Rulebook: Note on silk: 1/3/6 silk raise R&D by 1/2/3 for this build only.
    pay_money(p, cost)
    state.display.remove(side_id)
    side = t.sides[side_id]
    fac = Factory(side=side_id, goods_type=side.goods)
    first = not any(x.side != "old" for x in p.factories)
    p.factories.append(fac)
    slot = len(p.factories)
    if first and p.machine_reserve:  # start tile A1
        fac.machines[0] = True
        p.machine_reserve = False
    if first and p.goods_reserve:  # start tile A4
        fac.goods = min(t.n["goods_slots"], p.goods_reserve)
        p.goods_reserve = 0
    if events is not None:
        paid = amount("money", cost)
        if silk:
            # i18n: {paid} money for the factory, {silk} silk to raise R&D for this build only.
            paid = M("{paid} and {silk} (for R&D)", paid=paid, silk=amount("silk", silk))
        ev(events, "factory", seat, M("{who} pays {paid} and builds {factory} ({effect}) in factory slot {slot}.",
                                      who=who, paid=paid, factory=factory_name(side_id), effect=effect_text(side_id),
                                      slot=slot),
           side=side_id, slot=slot, silk=silk, money=cost)
    if side.kind == "instant":
        ops.extend(op.model_dump(exclude_defaults=True) for op in side.ops)
        ctx["factory"] = slot
    return 0


def machine_options(p: Player, f: dict[str, Any]) -> list[Action]:
    """Machines activations (rulebook: Building a machine): a free machine slot of a factory not
    used by this action, paid in money (and iron for the right slot)."""
    t = tables()
    out: list[Action] = []
    if p.machines >= 6:
        return []
    extra = t.n["machine_right_slot_extra"]
    for i, fac in enumerate(p.factories):
        slot = i + 1
        if fac.side == "old" or slot in f["used"]:
            continue  # docs/rules-notes.md G-10: the old factory has no machine slots.
        for lr in (0, 1):
            if fac.machines[lr]:
                continue
            iron = extra.get("iron", 0) if lr == 1 else 0
            money = t.n["machine_cost"] + (extra.get("money", 0) if lr == 1 else 0)
            if money_like(p) >= money and p.iron >= iron:
                for m in mod_variants(p, f, {"factory": slot}):
                    out.append(act("machine", slot, "LR"[lr], m))
    return out


def can_build_machine(state: ZState, p: Player, f: dict[str, Any], extra_workers: int,
                      t: Tables | None = None) -> bool:
    """Machines: a machine left and an affordable free machine slot on an unused factory."""
    if p.machines >= 6:
        return False
    t = t or tables()
    extra = t.n["machine_right_slot_extra"]
    cost = t.n["machine_cost"]
    left = p.money + p.silk >= cost and p.iron >= 0
    right = p.money + p.silk >= cost + extra.get("money", 0) and p.iron >= extra.get("iron", 0)
    if not (left or right):
        return False
    used = f["used"]
    for i, fac in enumerate(p.factories):
        if fac.side == "old" or i + 1 in used:
            continue
        if (left and not fac.machines[0]) or (right and not fac.machines[1]):
            return True  # every machine slot offers at least one modifier variant
    return False


def build_machine(state: ZState, f: dict[str, Any], p: Player, action: Action, ops: list[dict[str, Any]],
                  events: list[Event] | None) -> int:
    """A Machines activation (rulebook: Building a machine). Returns the modifier used."""
    t = tables()
    seat = p.seat
    who = name(state, seat) if events is not None else ""  # only events name the seat
    slot, lr, mod = int(action.args[0]), str(action.args[1]), int(action.args[2])
    extra = t.n["machine_right_slot_extra"]
    money = t.n["machine_cost"] + (extra.get("money", 0) if lr == "R" else 0)
    iron = extra.get("iron", 0) if lr == "R" else 0
    pay_money(p, money)
    p.iron -= iron
    ops.extend(place_machine(p, slot, lr))
    f["used"].append(slot)
    if events is not None:
        paid = listing([amount("money", money)] + ([amount("iron", iron)] if iron else []))
        ev(events, "machine", seat, machine_text(who, p, slot, lr, paid), slot=slot, money=money, iron=iron)
    return mod


def machine_text(who: str, p: Player, slot: int, lr: str, paid: str | None = None) -> str:
    """The sentence of a machine built on factory ``slot`` (1-based) in slot ``lr`` (``L``/``R``),
    with what was paid (``None``: free)."""
    factory = factory_name(p.factories[slot - 1].side, p.factories[slot - 1].goods_type)
    if paid is None:
        if lr == "L":
            return M("{who} builds a machine for free on factory {slot} ({factory}), left slot.", who=who, slot=slot,
                     factory=factory)
        return M("{who} builds a machine for free on factory {slot} ({factory}), right slot.", who=who, slot=slot,
                 factory=factory)
    if lr == "L":
        return M("{who} pays {paid} and builds a machine on factory {slot} ({factory}), left slot.", who=who,
                 paid=paid, slot=slot, factory=factory)
    return M("{who} pays {paid} and builds a machine on factory {slot} ({factory}), right slot.", who=who,
             paid=paid, slot=slot, factory=factory)


def place_machine(p: Player, slot: int, lr: str) -> list[dict[str, Any]]:
    """Take the leftmost machine from the board onto a factory machine slot; area bonus ops."""
    before = (p.ships, p.machines, p.trains)
    p.machines += 1
    p.factories[slot - 1].machines["LR".index(lr)] = True
    return area_bonus_ops(p, before)


def production_options(p: Player, f: dict[str, Any]) -> list[Action]:
    """Production activations (rulebook: Production action): a factory not used by this action
    whose coal cost, with a modifier, is payable."""
    t = tables()
    out: list[Action] = []
    coal = coal_total(p)
    used = f["used"]
    # Without a modifier factory for production (or with the action's modifier used) the only
    # variant is "no modifier" (:func:`mod_variants`), at the full coal cost.
    plain = bool(f["mod"]) or not modifier_slots(p, "production")
    for i, fac in enumerate(p.factories):
        slot = i + 1
        if fac.side == "old" or slot in used:
            continue  # Rulebook: Start tiles A, A5: the old factory never produces.
        base = t.production_coal[fac.goods_type]
        if plain:
            if coal >= max(0, base):
                out.append(act("produce", slot, 0))
            continue
        for m in mod_variants(p, f, {"factory": slot}):
            red = mod_has(p, m, "reduce_production_coal")
            cost = max(0, base - (red.n if red else 0))
            if coal >= cost:
                out.append(act("produce", slot, m))
    return out


def can_produce(state: ZState, p: Player, f: dict[str, Any], extra_workers: int,
                t: Tables | None = None) -> bool:
    """Production: an unused factory (not the old one) whose coal cost, with a modifier, is payable."""
    factories = p.factories
    if not factories:
        return False
    t = t or tables()
    coal = p.coal + p.protected_coal  # coal_total, inline in this hot path
    for fac in factories:
        coal += fac.coal
    # Without a modifier factory for production (or with the action's modifier used) the only
    # variant is "no modifier", at the full coal cost.
    plain = True
    if not f["mod"]:
        modifier_action = t.modifier_action
        for fac in factories:
            if modifier_action.get(fac.side) == "production":
                plain = False
                break
    used = f["used"]
    production_coal = t.production_coal
    for i, fac in enumerate(factories):
        slot = i + 1
        if fac.side == "old" or slot in used:
            continue
        base = production_coal[fac.goods_type]
        if plain:
            if coal >= max(0, base):
                return True
            continue
        for m in mod_variants(p, f, {"factory": slot}):
            red = mod_has(p, m, "reduce_production_coal")
            if coal >= max(0, base - (red.n if red else 0)):
                return True
    return False


def apply_production(state: ZState, f: dict[str, Any], p: Player, action: Action, events: list[Event] | None) -> int:
    """A Production activation (rulebook: Production action). Returns the modifier used."""
    t = tables()
    seat = p.seat
    who = name(state, seat) if events is not None else ""  # only events name the seat
    slot, mod = int(action.args[0]), int(action.args[1])
    fac = p.factories[slot - 1]
    red = mod_has(p, mod, "reduce_production_coal")
    cost = max(0, t.goods[fac.goods_type].production_coal - (red.n if red else 0))
    pay_coal(p, cost)
    made = produce(p, slot)
    f["used"].append(slot)
    f["produced"].append(slot)
    if events is not None:
        ev(events, "produce", seat, M("{who} pays {coal} and produces {goods} in factory {slot}.", who=who,
                                      coal=amount("coal", cost), goods=amount(fac.goods_type, made), slot=slot),
           slot=slot, goods=made)
    return mod


def produce(p: Player, slot: int) -> int:
    """Produce in a factory: 1 + machines goods, surplus over 4 lost (rulebook: Production action).
    Returns goods made."""
    t = tables()
    fac = p.factories[slot - 1]
    made = t.n["production_goods_base"] + sum(fac.machines)
    fac.goods = min(t.n["goods_slots"], fac.goods + made)
    return made
