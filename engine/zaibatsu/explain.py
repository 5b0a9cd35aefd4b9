"""Player-readable reasons for refused actions (used by ``rules.check_legal``)."""

from __future__ import annotations

from engine.core import CHANCE, Action

from . import rules
from .notation import format_action
from .state import ZState
from .tables import tables

KIND_WORDS = {
    "turn": "take a worker ('take …') or 'consolidate'",
    "activation": "an activation of your action, or 'done'",
    "draft": "a start-tile pair ('pair …')",
}


def reason(state: ZState, action: Action, legal: list[Action]) -> str:
    """Explain why ``action`` is not among ``legal`` at the current decision."""
    d = rules.decision(state)
    if d.seat == CHANCE:
        return "A random event is pending; it is drawn by the table, not chosen."
    if action.kind == "chance":
        return "Chance outcomes are drawn by the table, not played."
    kinds = {a.kind for a in legal}
    # Moves of the right kind that are merely impossible now: say why instead of listing the kind
    # as both "not possible" and "expected" (§2.3 b: consolidation needs a worker; 'done' ends an
    # action only after its first activation).
    if action.kind == "consolidate" and d.kind == "turn" and "consolidate" not in kinds:
        return "You have no worker in your workforce to consolidate; take a worker for an action."
    if action.kind == "done" and d.kind == "activation" and "done" not in kinds:
        return "Make at least one activation of your action before 'done'."
    if action.kind not in kinds:
        expected = KIND_WORDS.get(d.kind) or ", ".join(sorted({format_action(a).split()[0] for a in legal}))
        return f"Now: {d.prompt}. '{action.kind}' is not possible here; expected {expected}."
    p = state.players[d.seat]  # type: ignore[index]
    t = tables()
    k, a = action.kind, action.args
    if k == "take":
        h, act, colour = int(a[0]), str(a[1]), str(a[2])
        if not 1 <= h <= len(state.hiring):
            return f"There are hiring spaces 1 to {len(state.hiring)}."
        if act not in t.hiring[h - 1].actions:
            names = " or ".join(rules.ACTION_NAMES[x] for x in t.hiring[h - 1].actions)
            return f"Hiring space {h} offers {names}, not {rules.ACTION_NAMES[act]}."
        if colour not in state.hiring[h - 1]:
            have = ", ".join(sorted(set(state.hiring[h - 1]))) or "no workers"
            return f"Hiring space {h} has {have}; no {colour} worker there."
        if len(p.workforce) >= rules.workforce_slots():
            return "Your workforce is full: you must consolidate."
        return f"You cannot activate {rules.ACTION_NAMES[act]} even once now ({why_action(state, p, act)})."
    if k == "consolidate":
        return "You have no worker in your workforce to consolidate."
    if k in ("rd", "mining"):
        costs = t.n["rd_step_costs" if k == "rd" else "mining_step_costs"]
        steps = int(a[0])
        if not 1 <= steps <= len(costs):
            return f"{rules.ACTION_NAMES[k]} moves 1 to {len(costs)} steps."
        if rules.money_like(p) < costs[steps - 1]:
            return f"+{steps} costs {costs[steps - 1]} money; you have {p.money} money and {p.silk} silk."
    if k == "factory":
        side = str(a[0])
        if side not in state.display:
            return f"{side} is not in the factory display."
        need = t.goods[t.sides[side].goods].rd_required
        if p.rd + {0: 0, 1: 1, 3: 2, 6: 3}.get(int(a[1]), 0) < need:
            return f"{side} needs R&D {need}; yours is {p.rd} (silk 1/3/6 adds 1/2/3 for this build)."
        return "You cannot pay for this factory (6 money, or 4 with start tile A8, plus the silk named)."
    if k == "machine":
        slot = int(a[0])
        if slot in rules.top(state).get("used", []):
            return "Each machine of one action goes to a different factory."
        if not 1 <= slot <= len(p.factories):
            return f"You have no factory in slot {slot}."
        return "That machine slot is taken, or you cannot pay (5 money; the right slot also costs 1 iron)."
    if k == "produce":
        slot = int(a[0])
        if slot in rules.top(state).get("used", []):
            return "Each production of one action is in a different factory."
        if not 1 <= slot <= len(p.factories):
            return f"You have no factory in slot {slot}."
        if p.factories[slot - 1].side == "old":
            return "The old factory never produces."
        return f"Not enough coal: production there costs {t.goods[p.factories[slot - 1].goods_type].production_coal}."
    if k == "ship":
        dest = str(a[0])
        if dest in rules.top(state).get("used", []):
            return "Each ship of one action goes to a different destination."
        if not state.experts.get(dest, False):
            return "That destination has no expert now."
        if len(p.workforce) >= rules.workforce_slots():
            return "No free workforce slot for the expert."
        return "No free ship slot there, or you cannot pay (3 iron, or 5 money + 1 iron)."
    if k == "train":
        region = str(a[0])
        if region in rules.top(state).get("used", []):
            return "Each train of one action goes to a different region."
        return "That train slot is taken or not used at this player count, or you cannot pay (3 iron, or 5 money + 1 iron)."
    if k == "market":
        f = rules.top(state)
        market = next((m for m in state.markets if m.id == a[0]), None)
        if market and f.get("region") and market.region != f["region"]:
            return f"All activations of one Local Markets action are in one region ({f['region']})."
        return ("That placement is not allowed: you need the goods shown beside that slot, your token of exactly "
                "the matching value, a strictly higher value to replace a token, and at a full market a value "
                "above its lowest token.")
    if k == "invest":
        f = rules.top(state)
        src = rules.parse_sources(str(a[0]))
        n = f.get("n", 0) + 1
        if len(src) != n:
            return f"Activation {n} of Investments & contracts pays exactly {n} goods."
        slot = src[0]
        if 1 <= slot <= len(p.factories) and p.factories[slot - 1].goods_type in f.get("types", []):
            return "Each activation pays goods of a type not used earlier in this action."
        if str(a[1]) not in ("finance", *p.contracts):
            return f"Contract {a[1]} is not available to you."
        return "You do not have those goods, or the contract's requirement is not met."
    similar = [format_action(x) for x in legal if x.kind == action.kind][:6]
    return f"'{format_action(action)}' is not legal now. Legal moves of this kind: {', '.join(similar)}."


def why_action(state: ZState, p: object, act: str) -> str:
    """A short hint why an action cannot be activated."""
    return {
        "rd": "not enough money, or the R&D marker is at the end",
        "mining": "not enough money, or the Mining marker is at the end",
        "factory": "no affordable factory you have the R&D level for, or no empty factory slot",
        "machines": "no factory with a free machine slot that you can pay for",
        "production": "no factory you can pay the coal for",
        "ships": "no destination with an expert and a free ship slot, no room for the expert, or no iron",
        "trains": "no free train slot you can pay for",
        "markets": "no goods and matching token for any free or beatable influence slot",
        "investments": "no goods to invest",
    }[act]
