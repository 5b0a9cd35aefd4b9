"""Move labels of Nippon: Zaibatsu: each legal action as a short phrase naming what it costs and what
it gives at once (``moves``, Discord buttons, menus and autocomplete show them).

Labels are Msgs (translated when shown) and stay within Discord's 100-character limit in every
language (tests/zaibatsu/test_wording.py). Components are named as the rulebooks print them
(:func:`.words.factory_name`), never by data id; ids printed on the board (hiring spaces, markets
``M1``, contracts ``C3``, regions) and the market slots' compass letters stay.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine.core import Action
from engine.core.menus import dominated_last

from . import modules, notation, rules, words
from .effect_words import effect_term
from .state import Player, ZState, copy_state
from .tables import tables
from .words import GOAL_SLOT_NAMES, TRACK_NAMES, M, T

#: How a free or extra ship or train is paid, in menu labels.
PAYMENTS = {
    "free": T("payment", "free"),
    "extra": T("payment", "extra"),
}

# i18n: what a start tile A does, in a few words (move labels of the start-tile draft).
START_A_SHORT = {
    "machine_reserve": T("start tile short", "free machine on your first factory"),
    "ship": T("start tile short", "1 free ship"),
    "train": T("start tile short", "1 free train"),
    "two_goods": T("start tile short", "2 goods for your first factory"),
    "old_factory": T("start tile short", "the old factory"),
    "worker_choice": T("start tile short", "a worker of your choice"),
    "protected_coal": T("start tile short", "3 coal safe from taxes"),
    "cheap_factory": T("start tile short", "factories cost 2 money less"),
}


def describe(state: ZState, action: Action) -> str:
    """A short label (a Msg) for ``action`` in ``state``: what it costs and what it gives at once."""
    t = tables()
    k, a = action.kind, action.args
    p = _actor(state)
    if k == "take":
        return M("Take a {colour} worker from hiring space {space} → {action}", colour=rules.WORKER_COLOURS[str(a[2])],
                 space=a[0], action=rules.ACTION_NAMES[str(a[1])])
    if k == "consolidate":
        return M("Consolidate (prestige, taxes, departments, income, payday)")
    if k in ("rd", "mining"):
        cost = t.n["rd_step_costs" if k == "rd" else "mining_step_costs"][int(a[0]) - 1]
        return _with_mod(p, int(a[1]), M("{action} +{steps} for {cost}", action=rules.ACTION_NAMES[k], steps=a[0],
                                          cost=words.amount("money", cost)))
    if k == "factory":
        return _factory(p, str(a[0]), int(a[1]))
    if k == "machine":
        if state.stack and state.stack[-1].get("what") == "build":  # a free machine from an effect
            return _free_machine(p, int(a[0]), str(a[1]))
        return _with_mod(p, int(a[2]), _machine(p, int(a[0]), str(a[1])))
    if k == "produce":
        return _produce(p, int(a[0]), int(a[1]))
    if k == "ship":
        return _with_mod(p, int(a[2]) if len(a) > 2 else 0, _ship(state, p, str(a[0]), str(a[1])))
    if k == "train":
        return _with_mod(p, int(a[3]) if len(a) > 3 else 0, _train(p, str(a[0]), int(a[1]), str(a[2])))
    if k == "market":
        return _market(state, p, action)
    if k == "invest":
        return _with_mod(p, int(a[2]), _invest(p, str(a[0]), str(a[1])))
    if k == "pair":
        return M("A: {a} + B: {b}", a=_start_a(str(a[0])), b=words.bonus_text(t.start[str(a[1])].bonus, p, with_yield=True))
    if k == "chance":
        return M("Random outcome")
    return _describe_choice(state, p, action)


def _actor(state: ZState) -> Player | None:
    """The player deciding now (``None`` for chance and Takatoshi)."""
    if not state.stack or "seat" not in state.stack[-1]:
        return None
    seat = state.stack[-1]["seat"]
    return state.players[seat] if 0 <= seat < len(state.players) else None


def _fname(p: Player | None, slot: int) -> str:
    """The name of the factory in ``slot`` (1-based) of ``p``, or the slot number alone."""
    if p is None or not 1 <= slot <= len(p.factories):
        return str(slot)
    f = p.factories[slot - 1]
    return M("{slot} ({factory})", slot=slot, factory=words.factory_name(f.side, f.goods_type))


def _with_mod(p: Player | None, mod: int, label: str, here: int = 0) -> str:
    """``label`` followed by the modifier factory it uses (``+fN``), if any; ``here``: the factory
    slot the label already names (its modifier is then "its modifier")."""
    if not mod or p is None or not 1 <= mod <= len(p.factories):
        return label
    if mod == here:
        return M("{label}, with its modifier", label=label)
    f = p.factories[mod - 1]
    return M("{label}, using {factory}", label=label, factory=words.factory_name(f.side, f.goods_type))


def _factory(p: Player | None, side_id: str, silk: int) -> str:
    t = tables()
    cost = t.n["factory_cost"]
    if p is not None and p.start_a and t.start[p.start_a].effect == "cheap_factory":
        cost -= t.n["cheap_factory_discount"]
    name = words.factory_name(side_id)
    if silk:
        return M("Build {factory} for {money} + {silk}: {effect}", factory=name, money=words.amount("money", cost),
                 silk=words.amount("silk", silk), effect=effect_term(side_id))
    return M("Build {factory} for {money}: {effect}", factory=name, money=words.amount("money", cost),
             effect=effect_term(side_id))


def _machine(p: Player | None, slot: int, lr: str) -> str:
    t = tables()
    money = t.n["machine_cost"]
    iron = 0
    if lr == "R":
        extra = t.n["machine_right_slot_extra"]
        money += extra.get("money", 0)
        iron = extra.get("iron", 0)
    cost = words.listing([words.amount("money", money)] + ([words.amount("iron", iron)] if iron else []))
    if lr == "L":
        return M("Machine on factory {factory}, left slot, for {cost}", factory=_fname(p, slot), cost=cost)
    return M("Machine on factory {factory}, right slot, for {cost}", factory=_fname(p, slot), cost=cost)


def _free_machine(p: Player | None, slot: int, lr: str) -> str:
    if lr == "L":
        return M("Free machine on factory {factory}, left slot", factory=_fname(p, slot))
    return M("Free machine on factory {factory}, right slot", factory=_fname(p, slot))


#: Where an action's modifier factory (``+fN``, 0 for none) is in its arguments.
MOD_ARG = {"rd": 1, "mining": 1, "produce": 1, "machine": 2, "ship": 2, "train": 3, "invest": 2}


def menu_order(state: ZState, actions: Sequence[Action]) -> list[Action]:
    """``actions`` in the order menus offer them: among the variants of one action that differ
    only in the modifier factory used (``produce 1`` and ``produce 1 +f1``), a variant whose
    immediate outcome for the acting player is strictly worse than another's (no more of
    anything, less of something: ``produce 1`` makes 1 good, ``produce 1 +f1`` 2) comes after the
    better ones (:func:`engine.core.menus.dominated_last`). Each variant's outcome is found by
    applying it to a copy of the position (the rules themselves, so the order cannot disagree with
    what then happens). The other actions keep their places; the set of actions is unchanged."""
    p = _actor(state)
    if p is None:
        return list(actions)
    seat = p.seat

    def group(a: Action) -> tuple[Any, ...] | None:
        at = MOD_ARG.get(a.kind)
        return None if at is None else (a.kind, *a.args[:at], *a.args[at + 1:])

    return dominated_last(actions, group, lambda a: _outcome(state, seat, a))


def _outcome(state: ZState, seat: int, action: Action) -> tuple[int, ...]:
    """What the acting player holds right after ``action`` (applied to a copy): VP, money, coal,
    silk, iron, the three tracks, goods in factories, ships, machines, trains."""
    after = copy_state(state)
    rules.apply_quiet(after, action)
    q = after.players[seat]
    return (q.vp, q.money, rules.coal_total(q), q.silk, q.iron, q.rd, q.mining, q.finance,
            sum(f.goods for f in q.factories), q.ships, q.machines, q.trains)


def _production(p: Player, slot: int, mod: int) -> tuple[int, int]:
    """``(coal, goods)`` of producing in factory ``slot`` (1-based) with modifier factory ``mod``
    (0: none): the coal paid and the goods made (rulebook: Production action; modifiers)."""
    t = tables()
    f = p.factories[slot - 1]
    coal = t.production_coal.get(f.goods_type, 0)
    goods = 1 + sum(f.machines)
    if mod and 1 <= mod <= len(p.factories):
        for op in t.sides[p.factories[mod - 1].side].ops:
            if op.op == "reduce_production_coal":
                coal = max(0, coal - int(getattr(op, "n", 1) or 1))
            elif op.op == "goods_here" and mod == slot:
                goods += int(getattr(op, "n", 1) or 1)
    return coal, min(goods, t.n["goods_slots"] - f.goods)


def _produce(p: Player | None, slot: int, mod: int) -> str:
    if p is None or not 1 <= slot <= len(p.factories):
        return M("Produce in factory {slot}", slot=slot)
    f = p.factories[slot - 1]
    coal, goods = _production(p, slot, mod)
    label = M("Produce in factory {factory}: {coal} → {goods}", factory=_fname(p, slot),
              coal=words.amount("coal", coal), goods=words.amount(f.goods_type, goods))
    return _with_mod(p, mod, label, here=slot)


def _ship(state: ZState, p: Player | None, dest: str, pay: str) -> str:
    t = tables()
    colour = t.dest_by_id[dest].colour
    where = rules.destination_name(dest)
    if pay in PAYMENTS:
        return M("Ship to {destination} ({payment}) → {colour} expert", destination=where, payment=PAYMENTS[pay],
                 colour=rules.WORKER_COLOURS[colour])
    cost = _transport_cost(pay)
    if state.upgrades.get(dest, 0) > 0 and (p is None or colour not in p.upgraded):
        return M("Ship to {destination} for {cost} → {colour} expert, department upgrade", destination=where,
                 cost=cost, colour=rules.WORKER_COLOURS[colour])
    return M("Ship to {destination} for {cost} → {colour} expert", destination=where, cost=cost,
             colour=rules.WORKER_COLOURS[colour])


def _train(p: Player | None, region: str, slot: int, pay: str) -> str:
    t = tables()
    bonus = words.bonus_text(t.train_slots[slot - 1].bonus, p, with_yield=True)
    where = rules.region_name(region)
    # Rulebook: Trains action and Influence scoring: besides the slot's bonus, a train adds influence
    # in its region at each period scoring, but only while you have an influence token there.
    n = rules.per_train_influence(p) if p is not None else t.n["train_influence"]
    # i18n: a train's gain: its slot's bonus (maybe "nothing") and the influence it adds in its region.
    gain = M("{bonus}, +{n} influence", bonus=bonus, n=n)
    if pay in PAYMENTS:
        return M("Railway in {region}, slot {slot} ({payment}) → {gain}", region=where, slot=slot,
                 payment=PAYMENTS[pay], gain=gain)
    return M("Railway in {region}, slot {slot} for {cost} → {gain}", region=where, slot=slot,
             cost=_transport_cost(pay), gain=gain)


def _transport_cost(pay: str) -> str:
    """A ship's or train's price paid in iron or in money (and iron), as one list."""
    c = tables().n["transport_cost_iron" if pay == "iron" else "transport_cost_money"]
    return words.listing([words.amount(r, c[r]) for r in ("money", "iron") if c.get(r)])


def _market(state: ZState, p: Player | None, action: Action) -> str:
    t = tables()
    mid, d, src, reward = str(action.args[0]), str(action.args[1]), str(action.args[2]), str(action.args[3])
    market = next(m for m in state.markets if m.id == mid)
    goods = rules.market_goods(state, market, "NESW".index(d))
    n = len(rules.parse_sources(src))
    value = t.influence[t.goods[goods].level][n - 1]
    paid = words.amount(goods, n)
    if reward == "bonus":
        gain = words.bonus_text(t.region_by_id[market.region].bonus, p, with_yield=True)
    else:
        gain = words.amount("vp", t.n["market_vp"])
    return M("Influence {value} in {market} {slot} for {goods} → {gain}", value=value, market=mid, slot=d,
             goods=paid, gain=gain)


def _invest(p: Player | None, src: str, reward: str) -> str:
    t = tables()
    slots = rules.parse_sources(src)
    kind = p.factories[slots[0] - 1].goods_type if p is not None and 1 <= slots[0] <= len(p.factories) else "goods"
    paid = words.amount(kind, len(slots))
    if reward == "finance":
        return M("Invest {goods} → {track} +{steps}", goods=paid, track=TRACK_NAMES["finance"],
                 steps=t.n["investment_finance_steps"])
    return M("Invest {goods} → contract {contract}", goods=paid, contract=words.contract_text(reward, p, with_yield=True))


def _start_a(tile: str) -> str:
    rec = tables().start[tile]
    what = START_A_SHORT.get(str(rec.effect), T("start tile", rec.text))
    return M("{effect}, {vp}", effect=what, vp=words.amount("vp", rec.start_vp))


def _describe_choice(state: ZState, p: Player | None, action: Action) -> str:
    """Labels of the small choices (bonuses, consolidation steps, payments …)."""
    k, a = action.kind, action.args
    if k == "done":
        return M("Done")
    if k == "pay":
        return M("Pay the wages")
    if k == "skip":
        return M("Skip")
    if k == "dept":
        # Rulebook: Department bonuses, p. 13: the normal yield, or the upgraded one with its upgrade tile.
        colour = str(a[0])
        gain = words.dept_gain_text(colour, p is not None and colour in p.upgraded)
        return M("The {department} department bonus ({colour}) → {gain}", department=rules.department_name(colour),
                 colour=rules.WORKER_COLOURS[colour], gain=gain)
    if k == "white":
        choice = {"rd": [("rd", 1)], "mining": [("mining", 1)], "rd2": [("rd", 2)], "mining2": [("mining", 2)],
                  "both": [("rd", 1), ("mining", 1)]}[str(a[0])]
        return words.listing([M("{track} +{steps}", track=TRACK_NAMES[tr], steps=n) for tr, n in choice])
    if k == "spread":
        return M("One good in each of factories {factories}", factories=_slots(a[0]))
    if k == "trade":
        if a[0] == "yes":
            return M("Yes: {finance} −2, {mining} +2", finance=TRACK_NAMES["finance"], mining=TRACK_NAMES["mining"])
        return M("No")
    if k == "region":
        return M("The bonus of {region} → {gain}", region=rules.region_name(str(a[0])),
                 gain=words.bonus_text(tables().region_by_id[str(a[0])].bonus, p, with_yield=True))
    if k == "side":
        return M("Old factory: {goods}", goods=rules.GOODS_NAMES[str(a[0])])
    if k == "worker":
        return M("A {colour} worker from the bag", colour=rules.WORKER_COLOURS[str(a[0])])
    if k == "prestige":
        return _prestige(p, int(a[0]), str(a[1]))
    if k == "keep":
        return M("Keep {money} and {coal}", money=words.amount("money", int(a[0])), coal=words.amount("coal", int(a[1])))
    if k == "convert":
        return M("Convert {silk} into money", silk=words.amount("silk", int(a[0])))
    if k == "mod":
        if p is not None and 1 <= int(a[0]) <= len(p.factories):
            side = p.factories[int(a[0]) - 1].side
            if side in tables().sides:
                return M("The modifier of {factory}: {effect}", factory=_fname(p, int(a[0])), effect=effect_term(side))
        return M("The modifier of factory {slot}", slot=a[0])
    if k == "reward":
        top = state.stack[-1] if state.stack else {}
        choices = modules.reward_choices(int(top["period"])) if "period" in top else []
        if 1 <= int(a[0]) <= len(choices):
            return M("Common-goal reward: {gain}", gain=words.bonus_text(choices[int(a[0]) - 1], p, with_yield=True))
        return M("Common-goal reward {number}", number=a[0])
    return M("Move {move}", move=notation.format_action(action))


def _prestige(p: Player | None, level: int, goal: str) -> str:
    """A prestige tile's label: what it would score at the final scoring as things stand now, and
    at best (rulebook: Final scoring, step A; the VP of prestige.json and slot_values.json)."""
    name = GOAL_SLOT_NAMES[goal]
    if p is None:
        return M("Level-{level} prestige tile on the {goal} goal", level=level, goal=name)
    now, best = rules.prestige_value(p, goal, level), prestige_best(goal, level)
    # i18n: a prestige tile: its VP at the final scoring if the game ended now, and the most it can score.
    return M("Level-{level} prestige tile on the {goal} goal → {now} now, at most {best}",
             level=level, goal=name, now=words.amount("vp", now), best=words.amount("vp", best))


def prestige_best(goal: str, level: int) -> int:
    """The most VP a prestige tile of ``level`` on ``goal`` can score (its upper threshold, or the
    best value of the factory/contract slot row)."""
    t = tables()
    if goal in ("factories", "contracts"):
        return max(v[level - 1] for (g, _n), v in t.slot_values.items() if g == goal)
    return int(t.prestige[level].upper_vp)


def _slots(sources: Any) -> str:
    """Goods sources ``2.2.5`` as a plain list of factory slots ``2, 2, 5``."""
    return ", ".join(str(s) for s in rules.parse_sources(str(sources)))
