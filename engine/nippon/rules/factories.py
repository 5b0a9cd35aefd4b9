"""The factory actions: Inwestycje w nowy przemysł (build a factory and its bonus), Produkcja Towarów
(produce) and Mechanizacja (machines)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from engine.core import Action, Event

from ..naming import factory_bonus, factory_name
from ..state import Factory, NState, Player
from ..tables import tables
from ..words import TRACK_NAMES, M
from .basics import (
    ev,
    factory_of,
    gain_text,
    goods_name,
    icons_revealed,
    knowledge_short,
    move_track,
    name,
    production_coal,
    production_gain,
)


def invest_options(state: NState, p: Player) -> Iterator[Action]:
    """Factories the player may build now (Inwestycje w nowy przemysł): any tile in the display of a
    good they do not own, 6,000 yen, and a blueprint per missing knowledge level."""
    t = tables()
    if p.money < t.cumulative("invest")[0]:
        return
    owned = {f.goods for f in p.factories}
    for tile in state.display:
        if t.factory(tile).goods in owned:
            continue
        if knowledge_short(p, tile) <= p.blueprints:
            yield Action("factory", (tile,))


def build_factory(state: NState, p: Player, tile: str, events: list[Event] | None) -> None:
    """Inwestycje w nowy przemysł: pay 6,000 yen and a blueprint per missing knowledge level; place
    the factory; install stored machines; resolve the tile's one-time bonus."""
    t = tables()
    rec = t.factory(tile)
    short = knowledge_short(p, tile)
    cost = t.cumulative("invest")[0]
    # Inwestycje w nowy przemysł (Nippon rulebook): knowledge is not spent, blueprints cover the gap.
    p.money -= cost
    p.blueprints -= short
    state.display.remove(tile)
    fac = Factory(tile=tile, goods=rec.goods)
    p.factories.append(fac)
    who = name(state, p.seat)
    if events is not None:
        if short:
            text = M("{who} builds a factory for {price} and {blueprints} (missing knowledge): {factory}.",
                     who=who, factory=factory_name(tile), price=gain_text("money", cost),
                     blueprints=gain_text("blueprints", short))
        else:
            text = M("{who} builds a factory for {price}: {factory}.", who=who, factory=factory_name(tile),
                     price=gain_text("money", cost))
        ev(events, "factory", p.seat, text, tile=tile, blueprints=short, price=cost)
    # Mechanizacja, Uwaga: stored machinery tiles must be installed at once, the second upgrades it.
    # Order (rules-notes N-6): stored machines before the one-time bonus.
    while p.machines and fac.machine < t.n["machine_max"]:
        p.machines -= 1
        fac.machine += 1
        if events is not None:
            ev(events, "machine", p.seat, M("{who} installs a stored machine: {goods} factory +{level}.",
                                            who=name(state, p.seat), goods=goods_name(rec.goods), level=fac.machine),
               goods=rec.goods, level=fac.machine, stored=True)
    for op in rec.ops:
        factory_op(state, p, tile, op, events)


def factory_op(state: NState, p: Player, tile: str, op: Any, events: list[Event] | None) -> None:
    """The immediate part of a factory bonus when it is built (Pomoc Gracza, Żetony Fabryk)."""
    who = name(state, p.seat)
    if op.op == "gain":
        kind = "money" if op.money else "blueprints" if op.blueprints else "coal"
        n = op.money or op.blueprints or op.coal
        setattr(p, kind, getattr(p, kind) + n)
        if events is not None:
            ev(events, "gain", p.seat, M("{who} gains {amount} ({why}).", who=who, amount=gain_text(kind, n),
                                         why=M("factory bonus")), kind=kind, n=n)
    elif op.op == "track":
        moved = move_track(p, op.track, op.steps)
        if events is not None:
            ev(events, "track", p.seat, M("{who}'s factory bonus: {track} +{steps}.", who=who,
                                          track=TRACK_NAMES[op.track], steps=moved), track=op.track, steps=moved)
    elif op.op == "flip":
        if op.piece == "ship":
            p.ship_value = op.value
        else:
            p.train_value = op.value
        if events is not None:
            ev(events, "flip", p.seat, M("{who}'s factory bonus: {bonus}.", who=who, bonus=factory_bonus(tile)),
               piece=op.piece, value=op.value)
    elif op.op == "free_build":
        state.stack.append({"k": "free", "seat": p.seat, "piece": op.piece, "left": op.count, "used": []})
    elif op.op == "free_upgrades":
        state.stack.append({"k": "free", "seat": p.seat, "piece": "machine", "left": op.count, "used": []})
    elif op.op == "icon_steps":
        # SI-3 applies retroactively: icons uncovered before the factory was built pay the difference.
        extra = sum(max(0, op.steps - i.steps) for i in icons_revealed(p))
        if extra:
            moved = move_track(p, "money", extra)
            if events is not None:
                ev(events, "icon", p.seat, M("{who}'s factory bonus: money track +{steps} for icons already "
                                             "uncovered.", who=who, steps=moved), steps=moved)


def produce(state: NState, p: Player, goods: str, events: list[Event] | None) -> None:
    """Produkcja Towarów: pay the factory's coal; 1 good + machine (+ bonus), up to free storage."""
    fac = factory_of(p, goods)
    assert fac is not None
    coal = production_coal(fac)
    made = production_gain(fac)
    p.coal -= coal
    fac.stored += made
    if events is not None:
        ev(events, "produce", p.seat, M("{who} pays {coal} and produces {goods_n} in the {goods} factory.",
                                        who=name(state, p.seat), coal=gain_text("coal", coal),
                                        goods_n=gain_text("goods", made), goods=goods_name(goods)),
           goods=goods, coal=coal, made=made)


def machine_options(p: Player) -> Iterator[Action]:
    """Upgrades (Mechanizacja): install +1 on a factory without a machine or flip +1 to +2; only
    when no factory can take one, a machinery tile may be bought into the personal supply."""
    t = tables()
    upgradable = [f for f in p.factories if f.machine < t.n["machine_max"]]
    if upgradable:
        for fac in upgradable:
            yield Action("machine", (fac.goods,))
    else:
        yield Action("machine", ("supply",))


def upgrade(state: NState, p: Player, target: str, price: int, events: list[Event] | None) -> None:
    """Mechanizacja: install +1, flip +1 to +2, or buy a machinery tile for the personal supply."""
    who = name(state, p.seat)
    if target == "supply":
        p.machines += 1
        if events is not None:
            ev(events, "machine", p.seat, M("{who} buys a machinery tile for {price} and keeps it for the next "
                                            "factory.", who=who, price=gain_text("money", price)),
               goods="supply", price=price)
        return
    fac = factory_of(p, target)
    assert fac is not None
    fac.machine += 1
    if events is not None:
        if price:
            text = M("{who} upgrades the {goods} factory to +{level} for {price}.", who=who, goods=goods_name(target),
                     level=fac.machine, price=gain_text("money", price))
        else:
            text = M("{who} upgrades the {goods} factory to +{level} for free (factory bonus).", who=who,
                     goods=goods_name(target), level=fac.machine)
        ev(events, "machine", p.seat, text, goods=target, level=fac.machine, price=price)
