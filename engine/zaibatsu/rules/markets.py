"""The Local Markets action (rulebook: Local Markets action, Supplying a local market, p. 14): influence
tokens on the markets' slots."""

from __future__ import annotations

from typing import Any

from engine.core import Action, Event
from engine.core.majority import placement

from ..state import MarketState, Player, ZState
from ..tables import Tables, tables
from ..words import M, amount
from .basics import (
    DIRS,
    act,
    ev,
    goods_distributions,
    name,
    parse_sources,
    return_token,
    sources_text,
    take_goods,
)
from .bonuses import bonus_ops


def market_goods(state: ZState, market: MarketState, slot: int) -> str:
    """Goods type shown next to influence slot ``slot`` (0=N … 3=W) of a market's demand tile."""
    sides = tables().demand[market.tile]  # type: ignore[index]  # tiles are dealt at set-up, before any rule
    return sides[(slot - market.rotation) % 4]


def market_slot_check(state: ZState, market: MarketState, slot: int, value: int) -> tuple[bool, tuple[int, ...]]:
    """Can a token of ``value`` go on ``slot`` of ``market`` (rulebook: Local Markets action, p. 14)?

    Returns ``(ok, evict_choices)``: slots whose (lowest) token the placer may return when the
    market is at its limit (empty when nothing must be returned). The placement rule is the shared
    :func:`engine.core.majority.placement` (replace only a strictly lower token, own tokens included;
    docs/rules-notes.md D-5, D-8: a full market's empty slot must beat the market's lowest token).
    """
    limit = tables().count(state.options.players).market_limit
    return placement([s[1] if s is not None else None for s in market.slots], slot, value, limit)


def market_options(state: ZState, p: Player, f: dict[str, Any]) -> list[Action]:
    """Local Markets activations (rulebook: Local Markets action, p. 14): all in one region, exact token
    value, slot rules (:func:`market_slot_check`, worked out once per market here)."""
    t = tables()
    out: list[Action] = []
    stock: dict[str, int] = {}
    for fac in p.factories:
        if fac.goods:
            stock[fac.goods_type] = stock.get(fac.goods_type, 0) + fac.goods
    if not stock:
        return out
    region = f["region"]
    tokens = p.tokens
    limit = t.market_limit[state.options.players]
    slot_goods, goods_influence = t.slot_goods, t.goods_influence
    sources: dict[tuple[str, int], list[str]] = {}  # (goods, n) -> the ways to take them, as notation
    for market in state.markets:
        if region and market.region != region:
            continue
        slots = market.slots
        placed = [s[1] for s in slots if s is not None]
        full = len(placed) >= limit
        lowest = min(placed) if full else 0
        # (ignored below: every tile is dealt at set-up, before any rule; no check in this loop)
        for slot, goods in enumerate(slot_goods[market.tile, market.rotation % 4]):  # type: ignore[index]
            have = stock.get(goods)
            if not have:
                continue
            values = goods_influence[goods]
            current = slots[slot]
            for n in range(1, min(3, have) + 1):
                value = values[n - 1]
                if value not in tokens:
                    continue
                # engine.core.majority.placement: an occupied slot takes a strictly higher token; an
                # empty one any token below the market's limit, else one above the lowest token,
                # which (one of the lowest, the placer's choice) goes back to its owner.
                evicts: list[Any] = [None]
                if current is not None:
                    if current[1] >= value:
                        continue
                elif full:
                    if value <= lowest:
                        continue
                    evicts = [i for i, s in enumerate(slots) if s is not None and s[1] == lowest]
                srcs = sources.get((goods, n))
                if srcs is None:
                    srcs = sources[goods, n] = [sources_text(src) for src in goods_distributions(p, goods, n)]
                for src_text in srcs:
                    for reward in ("bonus", "vp"):
                        for e in evicts:
                            out.append(act("market", market.id, DIRS[slot], src_text, reward,
                                           DIRS[e] if e is not None else "-"))
    return out


def can_place_token(state: ZState, p: Player, f: dict[str, Any], extra_workers: int,
                    t: Tables | None = None) -> bool:
    """Local Markets: a slot whose goods, token value and placement rule allow an influence token.

    Enough goods of a type always give at least one way to take them (:func:`goods_distributions`),
    so the slot is enough. The placement rule is :func:`market_slot_check`'s, asked only whether.
    """
    stock: dict[str, int] = {}
    for fac in p.factories:
        if fac.goods:
            stock[fac.goods_type] = stock.get(fac.goods_type, 0) + fac.goods
    if not stock:
        return False
    t = t or tables()
    region = f["region"]
    tokens = p.tokens
    limit = t.market_limit[state.options.players]
    slot_goods, goods_influence = t.slot_goods, t.goods_influence
    for market in state.markets:
        if region and market.region != region:
            continue
        slots = market.slots
        placed: list[int] | None = None
        # (ignored below: every tile is dealt at set-up, before any rule; no check in this loop)
        for slot, goods in enumerate(slot_goods[market.tile, market.rotation % 4]):  # type: ignore[index]
            have = stock.get(goods)
            if not have:
                continue
            values = goods_influence[goods]
            current = slots[slot]
            for n in range(min(3, have)):
                value = values[n]
                if value not in tokens:
                    continue
                # engine.core.majority.placement: an occupied slot takes a strictly higher token; an
                # empty one takes any below the market's limit, else one above the lowest token.
                if current is not None:
                    if current[1] < value:
                        return True
                    continue
                if placed is None:
                    placed = [s[1] for s in slots if s is not None]
                if len(placed) < limit or value > min(placed):
                    return True
    return False


def place_token(state: ZState, p: Player, action: Action, f: dict[str, Any], events: list[Event] | None) -> list[dict[str, Any]]:
    """A Local Markets activation (rulebook: Local Markets action, p. 14). Returns the reward ops."""
    t = tables()
    mid, d, src_t, reward, evict = (str(a) for a in action.args)
    market = next(m for m in state.markets if m.id == mid)
    slot = DIRS.index(d)
    src = parse_sources(src_t)
    goods = market_goods(state, market, slot)
    value = t.influence[t.goods[goods].level][len(src) - 1]
    take_goods(p, src)
    p.tokens.remove(value)
    old = market.slots[slot]
    if old is not None:
        return_token(state, old[0], old[1])
    if evict != "-":
        e = DIRS.index(evict)
        gone = market.slots[e]
        assert gone is not None
        return_token(state, gone[0], gone[1])
        market.slots[e] = None
    market.slots[slot] = [p.seat, value]
    f["region"] = market.region
    if events is not None:
        ev(events, "market", p.seat,
           M("{who} pays {goods} and places influence {value} in {market} {slot}.", who=name(state, p.seat),
             goods=amount(goods, len(src)), value=value, market=mid, slot=d),
           market=mid, slot=d, value=value)
    if reward == "vp":
        return [{"op": "gain", "vp": t.n["market_vp"]}]
    return bonus_ops(t.region_by_id[market.region].bonus)
