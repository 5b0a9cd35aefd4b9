"""Player-readable reasons for refused actions, as Msgs, and the legality check of the game's ``apply``
(:func:`check_legal`); this layer sits above the rules, which never import it."""

from __future__ import annotations

from engine.core import Action, IllegalAction
from engine.core.explain import RefusalWords, chance_refusal, kind_refusal

from . import rules
from .notation import format_action
from .state import ZState
from .tables import tables
from .words import M, Mn, alternatives, amount, listing

KIND_WORDS = {
    "turn": M("take a worker ('take …') or 'consolidate'"),
    "activation": M("an activation of your action, or 'done'"),
    "draft": M("a start-tile pair ('pair …')"),
}

#: The texts of the refusals every game shares, in this game's message domain.
WORDS = RefusalWords(
    pending=M("A random event is pending; it is drawn by the table, not chosen."),
    drawn=M("Chance outcomes are drawn by the table, not played."),
    wrong_kind=lambda **a: M("Now: {prompt}. '{kind}' is not possible here; expected {expected}.", **a),
    kinds=KIND_WORDS,
)


def check_legal(state: ZState, action: Action) -> None:
    """Raise :class:`IllegalAction` with a reason unless ``action`` is legal now."""
    if state.over:
        raise IllegalAction(M("The game is over."))
    legal = rules.legal_actions(state)
    if action in legal:
        return
    raise IllegalAction(reason(state, action, legal))


def reason(state: ZState, action: Action, legal: list[Action]) -> str:
    """Explain why ``action`` is not among ``legal`` at the current decision (a Msg)."""
    d = rules.decision(state)
    refusal = chance_refusal(WORDS, d, action)
    if refusal is not None:
        return refusal
    kinds = {a.kind for a in legal}
    # Moves of the right kind that are merely impossible now: say why instead of listing the kind
    # as both "not possible" and "expected" (rulebook: Consolidation, p. 17: consolidation needs a
    # worker; 'done' ends an action only after its first activation).
    if action.kind == "consolidate" and d.kind == "turn" and "consolidate" not in kinds:
        return M("You have no worker in your workforce to consolidate; take a worker for an action.")
    if action.kind == "done" and d.kind == "activation" and "done" not in kinds:
        return M("Make at least one activation of your action before 'done'.")
    refusal = kind_refusal(WORDS, d, action, kinds, legal, format_action)
    if refusal is not None:
        return refusal
    modded = _with_modifier(action, legal)
    if modded:
        # Legal only through a modifier factory, and more than one would do: name the choices.
        return M("That move needs the modifier of a factory; type one of: {moves}.",
                 moves=", ".join(format_action(x) for x in modded))
    p = state.players[d.seat]  # type: ignore[index]  # chance was refused above: a player decides
    t = tables()
    k, a = action.kind, action.args
    if k == "take":
        h, act, colour = int(a[0]), str(a[1]), str(a[2])
        if not 1 <= h <= len(state.hiring):
            return M("There are hiring spaces 1 to {n}.", n=len(state.hiring))
        if act not in t.hiring[h - 1].actions:
            names = alternatives([rules.ACTION_NAMES[x] for x in t.hiring[h - 1].actions])
            return M("Hiring space {space} offers {offered}, not {action}.", space=h, offered=names,
                     action=rules.ACTION_NAMES[act])
        if colour not in state.hiring[h - 1]:
            present = sorted(set(state.hiring[h - 1]))
            if not present:
                return M("Hiring space {space} has no workers; no {colour} worker there.", space=h,
                         colour=rules.WORKER_COLOURS[colour])
            return M("Hiring space {space} has {workers}; no {colour} worker there.", space=h,
                     workers=listing([rules.WORKER_COLOURS[c] for c in present]), colour=rules.WORKER_COLOURS[colour])
        if len(p.workforce) >= rules.workforce_slots():
            return M("Your workforce is full: you must consolidate.")
        return M("You cannot activate {action} even once now ({why}).", action=rules.ACTION_NAMES[act],
                 why=why_action(state, p, act))
    if k == "consolidate":
        return M("You have no worker in your workforce to consolidate.")
    if k in ("rd", "mining"):
        costs = t.n["rd_step_costs" if k == "rd" else "mining_step_costs"]
        steps = int(a[0])
        if not 1 <= steps <= len(costs):
            return M("{action} moves 1 to {n} steps.", action=rules.ACTION_NAMES[k], n=len(costs))
        if rules.money_like(p) < costs[steps - 1]:
            return M("+{steps} costs {cost}; you have {money} and {silk}.", steps=steps,
                     cost=amount("money", costs[steps - 1]), money=amount("money", p.money),
                     silk=amount("silk", p.silk))
    if k == "factory":
        side = str(a[0])
        if side not in state.display:
            return M("{factory} is not in the factory display.", factory=side)
        need = t.goods[t.sides[side].goods].rd_required
        if p.rd + {0: 0, 1: 1, 3: 2, 6: 3}.get(int(a[1]), 0) < need:
            return M("{factory} needs R&D {need}; yours is {rd} (silk 1/3/6 adds 1/2/3 for this build).",
                     factory=side, need=need, rd=p.rd)
        return M("You cannot pay for this factory (6 money, or 4 with start tile A8, plus the silk named).")
    if k == "machine":
        slot = int(a[0])
        if slot in rules.top(state).get("used", []):
            return M("Each machine of one action goes to a different factory.")
        if not 1 <= slot <= len(p.factories):
            return M("You have no factory in slot {slot}.", slot=slot)
        return M("That machine slot is taken, or you cannot pay (5 money; the right slot also costs 1 iron).")
    if k == "produce":
        slot = int(a[0])
        if slot in rules.top(state).get("used", []):
            return M("Each production of one action is in a different factory.")
        if not 1 <= slot <= len(p.factories):
            return M("You have no factory in slot {slot}.", slot=slot)
        if p.factories[slot - 1].side == "old":
            return M("The old factory never produces.")
        coal = t.goods[p.factories[slot - 1].goods_type].production_coal
        return M("Not enough coal: production there costs {coal}.", coal=amount("coal", coal))
    if k == "ship":
        dest = str(a[0])
        if dest in rules.top(state).get("used", []):
            return M("Each ship of one action goes to a different destination.")
        if not state.experts.get(dest, False):
            return M("That destination has no expert now.")
        if len(p.workforce) >= rules.workforce_slots():
            return M("No free workforce slot for the expert.")
        return M("No free ship slot there, or you cannot pay (3 iron, or 5 money + 1 iron).")
    if k == "train":
        region = str(a[0])
        if region in rules.top(state).get("used", []):
            return M("Each train of one action goes to a different region.")
        return M("That train slot is taken or not used at this player count, or you cannot pay "
                 "(3 iron, or 5 money + 1 iron).")
    if k == "market":
        f = rules.top(state)
        market = next((m for m in state.markets if m.id == a[0]), None)
        if market and f.get("region") and market.region != f["region"]:
            return M("All activations of one Local Markets action are in one region ({region}).",
                     region=rules.region_name(f["region"]))
        return M("That placement is not allowed: you need the goods shown beside that slot, your token of exactly "
                 "the matching value, a strictly higher value to replace a token, and at a full market a value "
                 "above its lowest token.")
    if k == "invest":
        f = rules.top(state)
        src = rules.parse_sources(str(a[0]))
        n = f.get("n", 0) + 1
        if len(src) != n:
            return Mn("Activation {n} of {action} pays exactly {n} good.",
                      "Activation {n} of {action} pays exactly {n} goods.", n, action=rules.ACTION_NAMES["investments"])
        slot = src[0]
        if 1 <= slot <= len(p.factories) and p.factories[slot - 1].goods_type in f.get("types", []):
            return M("Each activation pays goods of a type not used earlier in this action.")
        if str(a[1]) not in ("finance", *p.contracts):
            return M("Contract {contract} is not available to you.", contract=str(a[1]))
        return M("You do not have those goods, or the contract's requirement is not met.")
    similar = [format_action(x) for x in legal if x.kind == action.kind]
    shown, more = similar[:SIMILAR_SHOWN], len(similar) - SIMILAR_SHOWN
    if more > 0:  # the list is cut: say how many more there are
        return Mn("'{move}' is not legal now. Legal moves of this kind: {moves} … and {n} more.",
                  "'{move}' is not legal now. Legal moves of this kind: {moves} … and {n} more.", more,
                  move=format_action(action), moves=", ".join(shown))
    return M("'{move}' is not legal now. Legal moves of this kind: {moves}.", move=format_action(action),
             moves=", ".join(shown))


#: How many legal moves of the refused kind a refusal lists (the rest are counted).
SIMILAR_SHOWN = 6


#: Why an action cannot be activated even once, by action id.
WHY_NOT = {
    "rd": M("not enough money, or the R&D marker is at the end"),
    "mining": M("not enough money, or the Mining marker is at the end"),
    "factory": M("no affordable factory you have the R&D level for, or no empty factory slot"),
    "machines": M("no factory with a free machine slot that you can pay for"),
    "production": M("no factory you can pay the coal for"),
    "ships": M("no destination with an expert and a free ship slot, no room for the expert, or no iron"),
    "trains": M("no free train slot you can pay for"),
    "markets": M("no goods and matching token for any free or beatable influence slot"),
    "investments": M("no goods to invest"),
}


def why_action(state: ZState, p: object, act: str) -> str:
    """A short hint (a Msg) why an action cannot be activated."""
    return WHY_NOT[act]


def _with_modifier(action: Action, legal: list[Action]) -> list[Action]:
    """The legal moves that differ from ``action`` (typed without ``+fN``) only by a modifier."""
    if action.kind not in ("rd", "mining", "machine", "produce", "ship", "train", "invest") or not action.args:
        return []
    if action.args[-1] != 0:
        return []
    head = action.args[:-1]
    return [x for x in legal if x.kind == action.kind and x.args[:-1] == head and x.args[-1] != 0]
