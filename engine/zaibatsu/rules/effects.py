"""Effects: the ops of bonuses and factory effects run one at a time, and the choices they (and
consolidation) ask of a player."""

from __future__ import annotations

import itertools
from typing import Any

from engine.core import Action, Event

from ..data import COLOURS
from ..state import Factory, Player, Worker, ZState
from ..tables import tables
from ..words import GOAL_SLOT_NAMES, TRACK_NAMES, M, Mn, T, amount, bonus_text, listing
from .actions import apply_end_modifier
from .basics import GOODS_NAMES, WORKER_COLOURS, act, ev, name, parse_sources, pay_money, sources_text
from .bonuses import bonus_ops, dept_ops, gain, move_track, thresholds_reached
from .consolidation import payday, prestige_options
from .factories import place_machine, produce
from .hooks import common_goals
from .transport import build_ship, build_train, transport_options


def run_next_op(state: ZState, f: dict[str, Any], events: list[Event] | None) -> None:
    """Execute the next op of an ``ops`` frame (choices push their own frame on top).

    Two shortcuts leave every state at a decision unchanged: gains that an op yields are applied at
    once rather than through a frame of their own (which would run next, before anything else), and
    a frame whose last op pushed nothing is removed now rather than on the next step of
    :func:`.gameplay.advance`.
    """
    stack = state.stack
    if not f["ops"]:
        stack.pop()
        return
    op = f["ops"].pop(0)
    p = state.players[f["seat"]]
    ctx = f["ctx"]
    o = op["op"]
    more: list[dict[str, Any]] = []
    if o == "gain":
        gain(state, p, op, events)
    elif o == "track":
        more = move_track(p, op["track"], op["steps"])
        if events is not None:
            ev(events, "track", p.seat, M("{who}: {track} +{steps} (space {space}).", who=name(state, p.seat),
                                          track=TRACK_NAMES[op["track"]], steps=op["steps"],
                                          space=getattr(p, op["track"])))
    elif o == "dept":
        more = dept_ops(state, p, op["colour"], events)
    elif o == "dept_worker":
        if ctx.get("worker"):
            more = dept_ops(state, p, ctx["worker"], events)
    elif o == "dept_expert":
        if ctx.get("expert"):
            more = dept_ops(state, p, ctx["expert"], events)
    elif o == "dept_any":
        state.stack.append({"k": "choose", "seat": p.seat, "what": "dept_any"})
    elif o == "dept_choice":
        state.stack.append({"k": "choose", "seat": p.seat, "what": "dept_choice", "colours": list(op["colours"])})
    elif o == "unlock":
        if op["value"] in p.locked:
            p.locked.remove(op["value"])
            p.tokens.append(op["value"])
            p.tokens.sort()
            if events is not None:
                ev(events, "unlock", p.seat, M("{who} unlocks influence token {value}.", who=name(state, p.seat),
                                               value=op["value"]))
    elif o == "build":
        count = op.get("count", 1)
        excl = ctx.get("built", []) if op.get("different") else []
        fr = {"k": "choose", "seat": p.seat, "what": "build", "what_build": op.get("what", "any"),
              "double": op.get("double_slot_bonus", False), "exclude": list(excl)}
        if build_options(state, p, fr["what_build"], fr, "free"):
            if count > 1:  # several targets (e.g. machines on 2 different factories): one at a time
                f["ops"].insert(0, {**op, "count": count - 1})
            state.stack.append(fr)
    elif o == "build_extra":
        what = op["what"]
        excl = ctx.get("built", []) if op.get("different") else []
        fr = {"k": "choose", "seat": p.seat, "what": "extra", "what_build": what, "cost": dict(op.get("cost", {})),
              "exclude": list(excl)}
        if build_options(state, p, what, fr, "extra"):
            state.stack.append(fr)
    elif o == "goods_here":
        fac = p.factories[ctx["factory"] - 1]
        fac.goods = min(tables().n["goods_slots"], fac.goods + op["n"])
        if events is not None:
            ev(events, "goods", p.seat, M("{who} puts {goods} on factory {slot}.", who=name(state, p.seat),
                                          goods=amount("goods", op["n"]), slot=ctx["factory"]))
    elif o == "goods_at":
        fac = p.factories[op["slot"] - 1]
        fac.goods = min(tables().n["goods_slots"], fac.goods + op["n"])
    elif o == "goods_spread":
        if p.factories:
            state.stack.append({"k": "choose", "seat": p.seat, "what": "spread", "n": op["n"]})
    elif o == "produce_here":
        made = produce(p, ctx["factory"])
        if events is not None:
            ev(events, "produce", p.seat, M("{who} produces {goods} in factory {slot}.", who=name(state, p.seat),
                                            goods=amount("goods", made), slot=ctx["factory"]))
    elif o == "trade_track":
        if p.finance - op["pay"] >= 1:
            state.stack.append({"k": "choose", "seat": p.seat, "what": "trade", "pay": op["pay"],
                                "steps": op["steps"]})
    elif o == "store_coal_here":
        p.factories[ctx["factory"] - 1].coal += op["n"]
    elif o == "repeat_by_goal":
        times = {int(k): v for k, v in op["times_by_level"].items()}.get(p.goals.get(op["goal"], 0), 0)
        for _ in range(times):
            more.extend(op["ops"])
    elif o == "vp_per_factory_type":
        n = len({fac.goods_type for fac in p.factories})
        more = [{"op": "gain", "vp": op["vp"] * n}]
    elif o == "mining_track_bonuses":
        for s in tables().track["mining"][: p.mining]:
            if s.bonus is not None and (s.bonus.dept or s.bonus.dept_any):
                more.extend(bonus_ops(s.bonus))
    elif o == "money_per_machine":
        more = [{"op": "gain", "money": min(op["max"], op["money"] * p.machines)}]
    elif o == "vp_per_threshold":
        more = [{"op": "gain", "vp": min(op["max"], op["vp"] * thresholds_reached(p, op["areas"], op.get("which", "any")))}]
    elif o in ("protect", "train_influence", "extra_steps", "reduce_production_coal",
               "region_bonus_of_train", "gain_per_produced", "goods_per_produced"):
        pass  # specials and modifier parts read where they apply
    else:
        raise AssertionError(o)
    if stack[-1] is not f:
        if more:
            stack.append({"k": "ops", "seat": p.seat, "ops": more, "ctx": dict(ctx)})
        return
    if more:
        for m in more:
            if m["op"] != "gain":
                stack.append({"k": "ops", "seat": p.seat, "ops": more, "ctx": dict(ctx)})
                return
        for m in more:
            gain(state, p, m, events)
    if not f["ops"]:
        stack.pop()


#: Choices that always offer something (a fixed list, or "skip" / "pay" / "done" among the options).
_ALWAYS_CHOICES = frozenset({"dept_any", "white", "extra", "trade", "old_side", "payday", "final_convert"})


def has_choice(state: ZState, f: dict[str, Any]) -> bool:
    """Whether the choice frame ``f`` on top of the stack offers any action (``bool(legal_actions)``)."""
    if state.over:
        return False
    if f["what"] in _ALWAYS_CHOICES:
        return True
    return bool(choice_actions(state, state.players[f["seat"]], f))


def choice_actions(state: ZState, p: Player, f: dict[str, Any]) -> list[Action]:
    """Legal actions of an effect/consolidation choice frame."""
    what = f["what"]
    if what == "dept_any":
        return [act("dept", c) for c in COLOURS]
    if what == "dept_choice":
        return [act("dept", c) for c in f["colours"]]
    if what == "white":
        if f["steps"] >= 2:
            return [act("white", "rd2"), act("white", "mining2"), act("white", "both")]
        return [act("white", "rd"), act("white", "mining")]
    if what == "build":
        return build_options(state, p, f["what_build"], f, "free")
    if what == "extra":
        return [*build_options(state, p, f["what_build"], f, "extra"), act("skip")]
    if what == "spread":
        k = min(f["n"], len(p.factories))
        return [act("spread", sources_text(c)) for c in itertools.combinations(range(1, len(p.factories) + 1), k)]
    if what == "trade":
        return [act("trade", "yes"), act("trade", "no")]
    if what == "region":
        return [act("region", r) for r in f["regions"]]
    if what == "old_side":
        return [act("side", "paper"), act("side", "cotton")]
    if what == "a6":
        return [act("worker", c) for c in COLOURS if state.bag[c] > 0]
    if what == "prestige":
        return prestige_options(p, f["level"])
    if what == "protect":
        keep = f["max"]
        return [act("keep", m, keep - m) for m in range(keep + 1) if m <= p.money and keep - m <= p.coal]
    if what == "payday":
        return [act("pay"), *[act("convert", n) for n in range(1, p.silk + 1)]]
    if what == "final_convert":
        return [act("done"), *[act("convert", n) for n in range(1, p.silk + 1)]]
    if what == "mod_end":
        return [act("mod", s) for s in f["slots"]]
    if what == "reward":
        return [act("reward", i) for i in range(1, f["choices"] + 1)]
    raise AssertionError(what)


def build_options(state: ZState, p: Player, what: str, f: dict[str, Any], pay: str) -> list[Action]:
    """Placements for a free (``pay='free'``) or paid extra (``pay='extra'``) build effect."""
    out: list[Action] = []
    cost = f.get("cost") or {}
    exclude = tuple(f.get("exclude", ()))
    kinds = ("ship", "machine", "train") if what == "any" else (what,)
    for kind in kinds:
        if kind in ("ship", "train"):
            action = "ships" if kind == "ship" else "trains"
            out.extend(transport_options(state, p, action, None, 0, (pay,), exclude=exclude, cost=cost))
        else:
            if p.machines >= 6:
                continue
            for i, fac in enumerate(p.factories):
                if fac.side == "old" or (i + 1) in exclude:
                    continue
                for lr in (0, 1):
                    if not fac.machines[lr]:
                        out.append(act("machine", i + 1, "LR"[lr], 0))
    return out


def apply_choice(state: ZState, f: dict[str, Any], action: Action, events: list[Event] | None) -> None:
    """Resolve an effect or consolidation choice."""
    t = tables()
    seat = f["seat"]
    p = state.players[seat]
    who = name(state, seat) if events is not None else ""  # only events name the seat
    what = f["what"]
    state.stack.pop()
    ops: list[dict[str, Any]] = []
    if what in ("dept_any", "dept_choice"):
        ops.append({"op": "dept", "colour": str(action.args[0])})
    elif what == "white":
        choice = str(action.args[0])
        steps = {"rd": [("rd", 1)], "mining": [("mining", 1)], "rd2": [("rd", 2)],
                 "mining2": [("mining", 2)], "both": [("rd", 1), ("mining", 1)]}[choice]
        for track, n in steps:
            ops.extend(move_track(p, track, n))
        if events is not None:
            moves = listing([M("{track} +{steps}", track=TRACK_NAMES[track], steps=n) for track, n in steps])
            ev(events, "white", seat, M("{who} takes the white bonus: {moves}.", who=who, moves=moves))
    elif what in ("build", "extra"):
        if action.kind == "skip":
            return
        if what == "extra":
            cost = f.get("cost") or {}
            p.iron -= cost.get("iron", 0)
            pay_money(p, cost.get("money", 0))
            if cost.get("finance"):
                move_track(p, "finance", -cost["finance"])
        ops.extend(resolve_build(state, p, action, f, events))
    elif what == "spread":
        for s in parse_sources(str(action.args[0])):
            fac = p.factories[s - 1]
            fac.goods = min(t.n["goods_slots"], fac.goods + 1)
        if events is not None:
            slots = ", ".join(str(s) for s in parse_sources(str(action.args[0])))
            ev(events, "goods", seat, M("{who} puts one good in factories {factories}.", who=who,
                                        factories=slots))
    elif what == "trade":
        if action.args[0] == "yes":
            move_track(p, "finance", -f["pay"])
            ops.extend(move_track(p, "mining", f["steps"]))
    elif what == "region":
        ops.extend(bonus_ops(t.region_by_id[str(action.args[0])].bonus))
    elif what == "old_side":
        goods = str(action.args[0])
        p.factories.insert(0, Factory(side="old", goods_type=goods, goods=1))
        if events is not None:
            ev(events, "old_factory", seat, M("{who} places the old factory ({goods}) with 1 good.", who=who,
                                              goods=GOODS_NAMES[goods]))
    elif what == "a6":
        colour = str(action.args[0])
        state.bag[colour] -= 1
        p.workforce.insert(0, Worker(colour))
        if events is not None:
            ev(events, "worker", seat, M("{who} takes a {colour} worker from the bag into the workforce.", who=who,
                                         colour=WORKER_COLOURS[colour]))
    elif what == "prestige":
        level, goal = int(action.args[0]), str(action.args[1])
        p.prestige[level - 1] -= 1
        p.goals[goal] = level
        if events is not None:
            ev(events, "prestige", seat, M("{who} places a level-{level} prestige tile on the {goal} goal.", who=who,
                                           level=level, goal=GOAL_SLOT_NAMES[goal]))
    elif what == "protect":
        p.money, p.coal = int(action.args[0]), int(action.args[1])
        if events is not None:
            ev(events, "protect", seat, M("{who} keeps {money} and {coal} from taxes.", who=who,
                                          money=amount("money", p.money), coal=amount("coal", p.coal)))
    elif what == "payday":
        if action.kind == "convert":
            n = int(action.args[0])
            p.silk -= n
            p.money += n
            state.stack.append(f)  # still at payday
            if events is not None:
                ev(events, "convert", seat, Mn("{who} converts {n} silk into money.", "{who} converts {n} silk into money.",
                                               n, who=who))
            return
        payday(state, p, events)
    elif what == "final_convert":
        if action.kind == "convert":
            n = int(action.args[0])
            p.silk -= n
            p.money += n
            if events is not None:
                ev(events, "convert", seat, Mn("{who} converts {n} silk into money.", "{who} converts {n} silk into money.",
                                               n, who=who))
            if p.silk:
                state.stack.append(f)
        return
    elif what == "mod_end":
        apply_end_modifier(state, f["act"], int(action.args[0]), events)
        return
    elif what == "reward":
        bonus = common_goals().reward_choices(f["period"])[int(action.args[0]) - 1]
        ops.extend(bonus_ops(bonus))
        if events is not None:
            common = next(g for g in tables().data.common_goals if g.id == f["goal"])
            ev(events, "common_goal", seat, M("{who} takes the common-goal reward {gain} for: {goal}", who=who,
                                              gain=bonus_text(bonus), goal=T("common goal", common.text)),
               reward=int(action.args[0]), goal=f["goal"])
    if ops:
        state.stack.append({"k": "ops", "seat": seat, "ops": ops, "ctx": f.get("ctx", {})})


def resolve_build(state: ZState, p: Player, action: Action, f: dict[str, Any], events: list[Event] | None) -> list[dict[str, Any]]:
    """Place the piece of a build effect (free or paid extra) and return its bonus ops."""
    ops: list[dict[str, Any]] = []
    below = state.stack[-1] if state.stack and state.stack[-1]["k"] == "ops" else None
    if action.kind == "ship":
        dest = str(action.args[0])
        ops.extend(build_ship(state, p, dest, events))
        if below is not None:
            below["ctx"]["expert"] = tables().dest_by_id[dest].colour
            below["ctx"].setdefault("built", []).append(dest)
    elif action.kind == "train":
        region, slot = str(action.args[0]), int(action.args[1])
        ops.extend(build_train(state, p, region, slot, events, double=bool(f.get("double"))))
        if below is not None:
            below["ctx"].setdefault("built", []).append(region)
    elif action.kind == "machine":
        slot, lr = int(action.args[0]), str(action.args[1])
        ops.extend(place_machine(p, slot, lr))
        if events is not None:
            from .factories import machine_text

            ev(events, "machine", p.seat, machine_text(name(state, p.seat), p, slot, lr), slot=slot)
        if below is not None:
            below["ctx"].setdefault("built", []).append(slot)
    return ops
