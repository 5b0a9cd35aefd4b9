"""Eksport: fulfilling a contract with goods, its bonus and the money marker."""

from __future__ import annotations

import itertools
from collections.abc import Iterator

from engine.core import Action, Event

from ..naming import contract_name
from ..state import NState, Player
from ..tables import tables
from ..words import TRACK_NAMES, M, listing
from .basics import ev, factory_of, gain, goods_name, move_track, name


def export_options(p: Player) -> Iterator[Action]:
    """Contracts the player can fulfil now (Eksport), with the good paying each requirement.

    Goods are listed in the contract's requirement order (largest first); goods paying equal
    requirements are listed in rulebook goods order, so each way of paying has one notation.
    """
    t = tables()
    stock = {f.goods: f.stored for f in p.factories if f.stored > 0}
    if not stock:
        return
    order = t.goods_index
    for cid in p.contracts:
        req = t.contracts[cid].requires
        if len(req) > len(stock):
            continue
        for combo in itertools.permutations(sorted(stock, key=order.__getitem__), len(req)):
            if any(stock[g] < r for g, r in zip(combo, req)):
                continue
            if any(req[i] == req[i + 1] and order[combo[i]] > order[combo[i + 1]] for i in range(len(req) - 1)):
                continue  # one notation per way of paying (equal requirements in goods order)
            yield Action("export", (cid, *combo))


def fulfil_contract(state: NState, p: Player, cid: str, goods: list[str], events: list[Event] | None) -> None:
    """Eksport: discard the goods in full, gain the bonus, money marker up, contract face down."""
    t = tables()
    c = t.contracts[cid]
    for g, n in zip(goods, c.requires):
        fac = factory_of(p, g)
        assert fac is not None
        fac.stored -= n
    p.contracts.remove(cid)
    p.contracts_done.append(cid)
    who = name(state, p.seat)
    if events is not None:
        paid = listing([M("{n} {goods}", n=n, goods=goods_name(g)) for g, n in zip(goods, c.requires)])
        ev(events, "export", p.seat, M("{who} fulfils a {contract} with {goods}.", who=who, contract=contract_name(cid),
                                       goods=paid), contract=cid, goods=goods)
    gain(state, p, c.bonus, events, contract_name(cid))
    moved = move_track(p, "money", c.money_steps)
    if moved and events is not None:
        ev(events, "track", p.seat, M("{who}: {track} +{steps}.", who=who, track=TRACK_NAMES["money"], steps=moved),
           track="money", steps=moved)
