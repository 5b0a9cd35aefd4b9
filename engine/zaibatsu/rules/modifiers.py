"""Action modifiers (rulebook: Factory action, factory effects; docs/rules-notes.md D-12): which factory
modifies an activation and when it triggers."""

from __future__ import annotations

from typing import Any

from ..state import Player
from ..tables import tables


def modifier_slots(p: Player, action: str) -> list[int]:
    """1-based factory slots whose side is an action modifier of ``action``."""
    out: list[int] = []
    if not p.factories:
        return out
    modifier_action = tables().modifier_action
    for i, f in enumerate(p.factories):  # a loop: cheaper than a comprehension in this hot path
        if modifier_action.get(f.side) == action:
            out.append(i + 1)
    return out


def triggered(p: Player, frame: dict[str, Any], slot: int, trigger_ctx: dict[str, Any]) -> bool:
    """Does the modifier of factory ``slot`` trigger in this activation (``trigger_ctx``)?"""
    side = tables().sides[p.factories[slot - 1].side]
    trig = side.trigger
    n = frame["n"]
    if trig == "activation":
        return True
    if trig in ("machine_here", "produce_here"):
        return trigger_ctx.get("factory") == slot
    contract = trigger_ctx.get("contract", False)
    if trig == "contract":
        return contract
    if trig == "first_contract":
        return contract and n == 0
    if trig == "first_two_contracts":
        return contract and n == 1 and bool(frame["contracts"]) and frame["contracts"][0]
    return False  # action_end: resolved when the action ends


def mod_variants(p: Player, frame: dict[str, Any], trigger_ctx: dict[str, Any]) -> list[int]:
    """Modifier choices for one activation: 0 = none, else the factory slot used now.

    One modifier per action (rulebook: Factory action, factory effects; docs/rules-notes.md D-12).
    With a single modifier factory for this action its effect is always applied when it triggers (it
    only ever gains); with several, the player chooses which one to use now, or none to keep the
    action's modifier for later.
    """
    if frame["mod"]:
        return [0]
    slots = modifier_slots(p, frame["action"])
    now = [s for s in slots if triggered(p, frame, s, trigger_ctx)]
    if not now:
        return [0]
    if len(slots) == 1:
        return now
    return [0, *now]


def mod_has(p: Player, slot: int, op: str) -> Any:
    """The op ``op`` of factory ``slot``'s side, or ``None``."""
    if not slot:
        return None
    for o in tables().sides[p.factories[slot - 1].side].ops:
        if o.op == op:
            return o
    return None
