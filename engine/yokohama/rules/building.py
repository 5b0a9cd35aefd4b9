"""Steps 4–6 of the main action: Krok premii 5-krotnej siły (the 5-power token), Krok budowania sklepu i
domu towarowego (build) and Krok odzyskania (recovery)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from engine.core import Action, Event

from ..state import Player, YState
from ..tables import tables
from ..words import TECH_NAMES, M
from .basics import act, amount_piece, area_label, ev, houses_built, name, once, owns, shops_built
from .end_of_game import trigger_end
from .rewards import gain


def bonus_actions(state: YState, f: dict[str, Any], p: Player) -> Iterator[Action]:
    """5-power bonus: take the area's token or skip."""
    yield act("token")
    yield act("skip")


def apply_bonus(state: YState, f: dict[str, Any], p: Player, action: Action, events: list[Event] | None) -> None:
    """Weź żeton 5-krotnej siły: take the token and gain its reward."""
    state.stack.pop()
    if action.kind == "skip":
        return
    area = state.areas[f["area"]]
    token = str(area.token)
    area.token = None
    p.power_tokens.append(token)
    if events is not None:
        ev(events, "token", p.seat, M("{who} takes the 5-power token of {area}.", who=name(state, p.seat),
                                      area=area_label(state, area.id)), token=token)
    gain(state, p, tables().token_reward[token], events,
         M("5-power token of {area}", area=area_label(state, area.id)) if events is not None else None)


def build_actions(state: YState, f: dict[str, Any], p: Player) -> Iterator[Action]:
    """Build (power ≥ 4): a shop from the hand on an empty shop space (one per player per tile),
    or the trading house on its empty space; or skip."""
    a = state.areas[f["area"]]
    if p.hand_shops > 0 and p.seat not in a.shops:
        for i, s in enumerate(a.shops):
            if s is None:
                yield act("shop", i + 1)
    if p.hand_houses > 0 and a.house is None and a.tile is not None:
        yield act("house")
    yield act("skip")


def apply_build(state: YState, f: dict[str, Any], p: Player, action: Action, events: list[Event] | None) -> None:
    """Build (power ≥ 4): a shop or a trading house from the hand, with the space's reward;
    Gas Lighting +2 VP, Electric Lighting +3 VP; end triggers 1 and 2."""
    t = tables()
    state.stack.pop()
    if action.kind == "skip":
        return
    area = state.areas[f["area"]]
    who = name(state, p.seat)
    why = None
    if action.kind == "shop":
        i = int(action.args[0]) - 1
        area.shops[i] = p.seat
        p.hand_shops -= 1
        reward = dict(t.shop_rewards[str(area.tile)][i])
        if owns(p, "gas_lighting"):
            reward["vp"] = reward.get("vp", 0) + t.n["gas_lighting_vp"]
        if events is not None:
            ev(events, "build", p.seat, M("{who} builds a shop from the hand on shop space {space} in {area}.", who=who,
                                          space=i + 1, area=area_label(state, area.id)),
               area=area.id, piece="shop", space=i + 1)
        if events is not None:
            why = M("shop space {space} in {area}", space=i + 1, area=area_label(state, area.id))
            if owns(p, "gas_lighting"):
                why = M("{source} and {technology}", source=why, technology=TECH_NAMES["gas_lighting"])
        total = t.n["hand_shops"] + t.n["warehouse_shops"]
        done = shops_built(state, p.seat) >= total
    else:
        area.house = p.seat
        p.hand_houses -= 1
        reward = dict(t.house_reward[str(area.tile)])
        if owns(p, "electric_lighting"):
            reward["vp"] = reward.get("vp", 0) + t.n["electric_lighting_vp"]
        if events is not None:
            ev(events, "build", p.seat, M("{who} builds a trading house from the hand in {area}.", who=who,
                                          area=area_label(state, area.id)), area=area.id, piece="house")
        if events is not None:
            why = M("trading house in {area}", area=area_label(state, area.id))
            if owns(p, "electric_lighting"):
                why = M("{source} and {technology}", source=why, technology=TECH_NAMES["electric_lighting"])
        done = houses_built(state, p.seat) >= t.n["warehouse_trading_houses"]
    gain(state, p, reward, events, why)
    if done:
        trigger_end(state, events)


def recover_actions(state: YState, f: dict[str, Any], p: Player) -> Iterator[Action]:
    """Recovery with Telephone: leave one assistant in the area, or return them all."""
    yield act("leave")
    yield act("all")


def apply_recover(state: YState, f: dict[str, Any], p: Player, action: Action, events: list[Event] | None) -> None:
    """Recovery with Telephone."""
    state.stack.pop()
    recover(state, p, f["area"], leave=1 if action.kind == "leave" else 0, events=events)


def recover(state: YState, p: Player, area: str, leave: int, events: list[Event] | None) -> None:
    """Step 6 (Krok odzyskania): the area's assistants return to the hand (Telephone: one stays)."""
    a = state.areas[area]
    n = a.assistants[p.seat] - leave
    if n > 0:
        a.assistants[p.seat] -= n
        p.hand_assistants += n
        if events is not None:
            text = once(("recover", p.colour, n, area, tuple(state.boards)), lambda: M(
                "{who} takes {n} back from {area}.", who=name(state, p.seat), n=amount_piece("assistant", n),
                area=area_label(state, area)))
            ev(events, "recover", p.seat, text, n=n)
