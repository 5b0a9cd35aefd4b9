"""The Investments & Contracts action (rulebook): goods of a new type each activation, for Finance +2 or a
contract."""

from __future__ import annotations

from typing import Any

from engine.core import Action, Event

from ..data import GOODS
from ..state import Player, ZState
from ..tables import Tables, tables
from ..words import TRACK_NAMES, M, amount, contract_text
from .basics import act, ev, goods_distributions, name, parse_sources, sources_text, take_goods
from .bonuses import bonus_ops, move_track
from .modifiers import mod_variants


def investment_options(state: ZState, p: Player, f: dict[str, Any]) -> list[Action]:
    """Investments & Contracts activations (rulebook: Investments & Contracts action): k goods of a new
    type; Finance +2 or a contract."""
    t = tables()
    k = f["n"] + 1
    out: list[Action] = []
    slots_free = len(p.contracts_done) < t.n["contract_slots"]
    # The modifier variants depend only on whether the activation fulfils a contract.
    mods = {False: mod_variants(p, f, {"contract": False}), True: mod_variants(p, f, {"contract": True})}
    stock: dict[str, int] = {}
    for fac in p.factories:
        stock[fac.goods_type] = stock.get(fac.goods_type, 0) + fac.goods
    for goods in GOODS:
        if goods in f["types"] or stock.get(goods, 0) < k:
            continue  # fewer than k goods of a type: no way to take them (goods_distributions)
        level = t.goods[goods].level
        for src in goods_distributions(p, goods, k):
            rewards: list[str] = ["finance"]
            if slots_free:
                for cid in p.contracts:
                    req = t.contracts[cid].requires_level
                    # docs/rules-notes.md G-11: goods spent in earlier activations of this action
                    # and in this one.
                    if req is None or req in (*f["levels"], level):
                        rewards.append(cid)
            src_text = sources_text(src)
            for r in rewards:
                for m in mods[r != "finance"]:
                    out.append(act("invest", src_text, r, m))
    return out


def can_invest(state: ZState, p: Player, f: dict[str, Any], extra_workers: int,
               t: Tables | None = None) -> bool:
    """Investments: ``n + 1`` goods of a type not invested yet in this action."""
    k = f["n"] + 1
    types = f["types"]
    stock: dict[str, int] = {}
    for fac in p.factories:
        if fac.goods:
            goods = fac.goods_type
            n = stock[goods] = stock.get(goods, 0) + fac.goods
            if n >= k and goods not in types:
                return True
    return False


def apply_investment(state: ZState, f: dict[str, Any], p: Player, action: Action, ops: list[dict[str, Any]],
                     events: list[Event] | None) -> int:
    """An Investments & Contracts activation: goods for Finance +2 or a contract. Returns the modifier used."""
    t = tables()
    seat = p.seat
    who = name(state, seat) if events is not None else ""  # only events name the seat
    src, reward, mod = parse_sources(str(action.args[0])), str(action.args[1]), int(action.args[2])
    goods = p.factories[src[0] - 1].goods_type
    take_goods(p, src)
    f["types"].append(goods)
    f["levels"].append(t.goods[goods].level)
    f["contracts"].append(reward != "finance")
    if reward == "finance":
        ops.extend(move_track(p, "finance", t.n["investment_finance_steps"]))
        if events is not None:
            ev(events, "invest", seat, M("{who} invests {goods}: {track} +{steps}.", who=who,
                                         goods=amount(goods, len(src)), track=TRACK_NAMES["finance"],
                                         steps=t.n["investment_finance_steps"]))
    else:
        p.contracts.remove(reward)
        p.contracts_done.append(reward)
        ops.extend(bonus_ops(t.contracts[reward].bonus))
        if events is not None:
            ev(events, "contract", seat, M("{who} spends {goods} to fulfil contract {contract}.", who=who,
                                           goods=amount(goods, len(src)), contract=contract_text(reward)),
               contract=reward)
    return mod
