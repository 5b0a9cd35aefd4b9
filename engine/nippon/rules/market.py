"""Rynek lokalny and Dostępność pól Wpływu: delivering goods to a city and placing an influence tile there."""

from __future__ import annotations

from collections.abc import Iterator

from engine.core import Action, Event
from engine.core.majority import influence_value, placement

from ..state import Factory, NState, Player
from ..tables import tables
from ..words import M
from .basics import (
    SIDES,
    city_goods,
    city_limit,
    ev,
    factory_of,
    gain,
    gain_text,
    goods_name,
    name,
    region_name,
)


def market_options(state: NState, p: Player, region: str | None) -> Iterator[Action]:
    """Influence placements (Rynek lokalny, Dostępność pól Wpływu) for the next tile.

    ``Action("market", (city, side, cubes, value, evict))``: discard ``cubes`` goods of the good
    shown at ``side`` of ``city`` and place a tile of ``value`` ≤ 2 × (level − 1) + cubes there;
    ``evict`` names the lowest tile that returns from a full city (2–3 players) when several tie,
    else ``"-"``. All tiles of one action go to one region.
    """
    t = tables()
    if not p.influence:
        return
    # The factory of each good with goods in storage (at most one factory per good; the first, as
    # factory_of finds it): nothing to deliver without one.
    first: dict[str, Factory] = {}
    for f in p.factories:
        first.setdefault(f.goods, f)
    stocked = {g: f for g, f in first.items() if f.stored}
    if not stocked:
        return
    values = sorted(set(p.influence))
    limit = city_limit(state)
    demands = t.city_tiles
    for city in state.cities:
        if region is not None and city.region != region:
            continue
        demand = demands[city.tile]  # type: ignore[index]  # tiles are dealt at set-up, before any rule
        slot_values = [s[1] if s is not None else None for s in city.slots]
        for side in range(4):
            goods = demand[(side - city.rotation) % 4]  # city_goods(city, side)
            fac = stocked.get(goods)
            if fac is None:
                continue
            level = t.goods[goods].level
            for cubes in range(1, min(3, fac.stored) + 1):
                # Wartość żetonu Wpływu (Nippon rulebook): table value, a lower tile is always allowed.
                top_value = influence_value(level, cubes)
                for value in values:
                    if value > top_value:
                        break
                    # Dostępność pól Wpływu (Nippon rulebook): strictly higher replaces; 2-3 player limit.
                    ok, evictable = placement(slot_values, side, value, limit)
                    if not ok:
                        continue
                    if len(evictable) > 1:
                        for e in evictable:
                            yield Action("market", (city.id, SIDES[side], cubes, value, SIDES[e]))
                    else:
                        yield Action("market", (city.id, SIDES[side], cubes, value, "-"))


def place_influence(state: NState, p: Player, action: Action, events: list[Event] | None) -> None:
    """Rynek lokalny: discard the cubes, place the tile, return a replaced or evicted tile, gain the
    region bonus (one per tile placed)."""
    t = tables()
    cid, side, cubes, value, evict = (str(action.args[0]), SIDES.index(str(action.args[1])), int(action.args[2]),
                                      int(action.args[3]), str(action.args[4]))
    city = next(c for c in state.cities if c.id == cid)
    goods = city_goods(city, side)
    fac = factory_of(p, goods)
    assert fac is not None
    fac.stored -= cubes
    p.influence.remove(value)
    who = name(state, p.seat)
    returned: list[tuple[int, int]] = []
    old = city.slots[side]
    if old is not None:
        returned.append((old[0], old[1]))
    else:
        ok, evictable = placement([s[1] if s else None for s in city.slots], side, value, city_limit(state))
        if evictable:
            e = SIDES.index(evict) if evict != "-" else evictable[0]
            gone = city.slots[e]
            assert gone is not None
            returned.append((gone[0], gone[1]))
            city.slots[e] = None
    city.slots[side] = [p.seat, value]
    if events is not None:
        ev(events, "market", p.seat, M("{who} delivers {goods_n} ({goods}) to city {city} and places influence "
                                       "{value} on its {side} space.", who=who, goods_n=gain_text("goods", cubes),
                                       goods=goods_name(goods), city=cid, value=value, side=SIDES[side]),
           city=cid, side=SIDES[side], cubes=cubes, value=value)
    for seat, v in returned:
        owner = state.players[seat]
        owner.influence.append(v)
        owner.influence.sort()
        if events is not None:
            ev(events, "displaced", seat, M("{owner}'s influence {value} in city {city} returns to {owner}.",
                                            owner=name(state, seat), value=v, city=cid), city=cid, value=v)
    gain(state, p, t.region_by_id[city.region].bonus, events, region_name(city.region))
