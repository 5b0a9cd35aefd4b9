"""The Ships and Railways actions (rulebook: Building a ship, p. 12; Building a train, p. 13), also for the
ships and trains that effects build."""

from __future__ import annotations

from typing import Any

from engine.core import Action, Event

from ..state import Player, Worker, ZState
from ..tables import Tables, tables
from ..words import M, amount, listing
from .basics import (
    WORKER_COLOURS,
    act,
    department_name,
    destination_name,
    ev,
    money_like,
    name,
    pay_money,
    region_name,
    workforce_slots,
)
from .bonuses import area_bonus_ops, bonus_ops
from .modifiers import mod_variants

PAYS = ("iron", "money")


def _can_pay_transport(t: Tables, p: Player) -> bool:
    """Whether a ship or train of the Ships/Railways action is affordable (in iron, or money and iron)."""
    money = p.money + p.silk
    for iron, cost in t.transport_costs:  # noqa: SIM110 - a loop: cheaper than any() in this hot path
        if p.iron >= iron and money >= cost:
            return True
    return False


def can_ship(state: ZState, p: Player, f: dict[str, Any], extra_workers: int,
             t: Tables | None = None) -> bool:
    """Ships: affordable, a ship and a workforce slot (for the expert) left, a destination open."""
    t = t or tables()
    if p.ships >= 6 or len(p.workforce) + extra_workers >= t.workforce_slots or not _can_pay_transport(t, p):
        return False
    used = f["used"]
    limit = t.ship_slots[state.options.players]
    experts, ships = state.experts, state.ships
    for dest in t.dest_ids:  # noqa: SIM110 - a loop: cheaper than any() in this hot path
        if experts[dest] and len(ships[dest]) < limit and dest not in used:
            return True
    return False


def can_train(state: ZState, p: Player, f: dict[str, Any], extra_workers: int,
              t: Tables | None = None) -> bool:
    """Railways: affordable, a train left, an open train slot in a region not used by this action."""
    t = t or tables()
    if p.trains >= 6 or not _can_pay_transport(t, p):
        return False
    used = f["used"]
    slots = t.open_train_slots[state.options.players]
    for r in t.region_ids:
        if r not in used:
            row = state.trains[r]
            for i in slots:
                if row[i] is None:
                    return True
    return False


def transport_options(
    state: ZState, p: Player, action: str, f: dict[str, Any] | None, extra_workers: int,
    pay_modes: tuple[str, ...], exclude: tuple[str, ...] = (), cost: dict[str, int] | None = None,
) -> list[Action]:
    """Ship or train placements (rulebook: Building a ship, p. 12; Building a train, p. 13) for an
    activation or a free/extra build.

    ``pay_modes``: ``iron``/``money`` (action costs), ``free`` or ``extra`` (effect costs in ``cost``).
    """
    t = tables()
    pc = t.count(state.options.players)
    out: list[Action] = []
    used = (f["used"] if f else []) + list(exclude)
    pays = []
    for mode in pay_modes:
        if mode in ("iron", "money"):
            c = t.n["transport_cost_iron" if mode == "iron" else "transport_cost_money"]
            if p.iron >= c.get("iron", 0) and money_like(p) >= c.get("money", 0):
                pays.append(mode)
        elif mode == "extra":
            c = cost or {}
            if (p.iron >= c.get("iron", 0) and money_like(p) >= c.get("money", 0)
                    and p.finance - c.get("finance", 0) >= 1):
                pays.append(mode)
        else:
            pays.append(mode)
    if not pays:
        return out
    if action == "ships":
        if p.ships >= 6 or len(p.workforce) + extra_workers >= workforce_slots():
            return out  # Rulebook: Building a ship, p. 12: the expert needs a free workforce slot.
        mods = mod_variants(p, f, {}) if f else [0]
        for d in t.destinations:
            if d.id in used or not state.experts[d.id] or len(state.ships[d.id]) >= pc.ship_slots:
                continue
            for pay in pays:
                for m in mods:
                    out.append(act("ship", d.id, pay, m))
        return out
    if p.trains >= 6:
        return out
    mods = mod_variants(p, f, {}) if f else [0]
    open_slots = t.open_train_slots[state.options.players]
    for r in t.region_ids:
        if r in used:
            continue
        row = state.trains[r]
        for i in open_slots:
            if row[i] is not None:
                continue
            for pay in pays:
                for m in mods:
                    out.append(act("train", r, i + 1, pay, m))
    return out


def apply_transport(state: ZState, f: dict[str, Any], p: Player, action: Action, ops: list[dict[str, Any]],
                    events: list[Event] | None) -> int:
    """A Ships or Railways activation (rulebook: Building a ship, p. 12; Building a train, p. 13). Returns the
    modifier used."""
    t = tables()
    kind = action.kind
    mod = int(action.args[-1])
    pay = str(action.args[-2])
    c = t.n["transport_cost_iron" if pay == "iron" else "transport_cost_money"]
    p.iron -= c.get("iron", 0)
    pay_money(p, c.get("money", 0))
    if events is not None:
        paid = [amount(r, c[r]) for r in ("money", "iron") if c.get(r)]
        if kind == "ship":
            text = M("{who} pays {paid} for a ship.", who=name(state, p.seat), paid=listing(paid))
        else:
            text = M("{who} pays {paid} for a train.", who=name(state, p.seat), paid=listing(paid))
        ev(events, "pay", p.seat, text, money=c.get("money", 0), iron=c.get("iron", 0))
    if kind == "ship":
        dest = str(action.args[0])
        ops.extend(build_ship(state, p, dest, events))
        f["used"].append(dest)
    else:
        region, slot = str(action.args[0]), int(action.args[1])
        ops.extend(build_train(state, p, region, slot, events, double=False))
        f["used"].append(region)
    return mod


def build_ship(state: ZState, p: Player, dest: str, events: list[Event] | None) -> list[dict[str, Any]]:
    """Place a ship at ``dest`` and take its expert and upgrade tile (rulebook: Building a ship, p. 12).
    Returns bonus ops."""
    t = tables()
    before = (p.ships, p.machines, p.trains)
    p.ships += 1
    state.ships[dest].append(p.seat)
    colour = t.dest_by_id[dest].colour
    state.experts[dest] = False
    p.workforce.append(Worker(colour, expert=dest))
    upgrade = colour not in p.upgraded and state.upgrades[dest] > 0
    if upgrade:
        state.upgrades[dest] -= 1
        p.upgraded.append(colour)  # the upgrade before the bonuses (module docstring).
    if events is not None:
        who, where = name(state, p.seat), destination_name(dest)
        if upgrade:
            text = M("{who} sends a ship to {destination}, takes the {colour} expert and upgrades the "
                     "{department} department.", who=who, destination=where, colour=WORKER_COLOURS[colour],
                     department=department_name(colour))
        else:
            text = M("{who} sends a ship to {destination}, takes the {colour} expert.", who=who, destination=where,
                     colour=WORKER_COLOURS[colour])
        ev(events, "ship", p.seat, text, destination=dest, colour=colour)
    return area_bonus_ops(p, before)


def build_train(state: ZState, p: Player, region: str, slot: int, events: list[Event] | None, double: bool) -> list[dict[str, Any]]:
    """Place a train on a region's slot and gain the slot bonus (rulebook: Building a train, p. 13).
    Returns bonus ops."""
    t = tables()
    before = (p.ships, p.machines, p.trains)
    p.trains += 1
    state.trains[region][slot - 1] = p.seat
    ops = area_bonus_ops(p, before)
    bonus = t.train_slots[slot - 1].bonus
    for _ in range(2 if double else 1):
        ops.extend(bonus_ops(bonus))
    if events is not None:
        ev(events, "train", p.seat, M("{who} builds a railway in {region} (slot {slot}).", who=name(state, p.seat),
                                      region=region_name(region), slot=slot),
           region=region, slot=slot)
    return ops
