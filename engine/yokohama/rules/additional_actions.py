"""Faza akcji dodatkowej (phases A and C): foreign and free agents, Wypełnianie osiągnięć, Wypełnianie
zamówień, the University and Spinning Mill, and Minidodatek 1's reward tokens."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from engine.core import Action, Event

from ..state import Player, YState
from ..tables import tables
from ..words import TECH_NAMES, M, T, amount, listing
from .areas import push_area_steps
from .basics import (
    ONE,
    act,
    agents_unused,
    area_label,
    country_name,
    ev,
    in_hand,
    name,
    once,
    order_goods,
    order_text,
    owns,
)
from .rewards import gain, pair_check


def phase_actions(state: YState, f: dict[str, Any], p: Player) -> list[Action]:
    """Phase A / C (Faza dodatkowej akcji): agent, achievement, order, University, Spinning Mill."""
    t = tables()
    turn = state.turn
    out: list[Action] = []
    if not turn.get("agent"):
        agent, free = agents_unused(p) > 0, p.free_agents > p.free_agents_used
        if agent or free:
            seat, areas, president = p.seat, state.areas, p.president
            targets = [a for a in state.layout if a and areas[a].assistants[seat] > 0 and president != a]
            if agent:
                out += map(ONE["agent"].__getitem__, targets)
            if free:
                out += map(ONE["free-agent"].__getitem__, targets)
    if p.hand_assistants > 0:
        for tile in state.achievements:
            seats = state.achievement_spaces[tile]
            if p.seat not in seats and len(seats) < t.achievements[tile].spaces and achievement_met(state, p, tile, t):
                out.append(act("achieve", tile))
    if p.orders:
        for order in sorted(p.orders):
            if all(in_hand(p, g) >= n for g, n in t.order_goods[order].items()):
                out.append(act("order", order))
    # Uniwersytet / Przędzalnia: "Raz na turę możesz …" (rulebook, ≈p. 14–15) names
    # no step; the rulebook is silent on the moment, the engine offers them in phases A and C
    # (docs/rules-notes.md Y-23).
    if p.technologies:
        if owns(p, "university", t) and not turn.get("university") and p.yen >= t.n["university_cost"] \
                and p.wh_assistants > 0:
            out.append(act("university"))
        if owns(p, "spinning_mill", t) and not turn.get("spinning") and p.silk > 0:
            out.append(act("spin"))
    out.append(act("main" if f["phase"] == "A" else "end"))
    return out


def achievement_met(state: YState, p: Player, tile: str, t: Any = None) -> bool:
    """Whether ``p`` meets an achievement tile's condition now (Płytki osiągnięć; nothing is spent);
    ``t``: the tables in use, when the caller has them at hand."""
    t = t or tables()
    c = t.achievements[tile].condition
    kind = c.kind
    if kind == "goods":
        return in_hand(p, c.good) >= c.n
    if kind == "technologies":
        return len(p.technologies) >= c.n
    if kind == "orders":
        return len(p.fulfilled) >= c.n
    if kind == "ig":
        return p.ig >= c.n
    if kind == "power_tokens":
        return len(p.power_tokens) >= c.n
    if kind == "buildings":
        seat, categories = p.seat, t.categories
        built = [categories[a.id] for a in state.areas.values() if seat in a.shops or a.house == seat]
        return built.count("production") >= c.production and built.count("commercial") >= c.commercial \
            and len(built) >= c.any
    raise AssertionError(kind)  # pragma: no cover - validated data


def apply_phase(state: YState, f: dict[str, Any], p: Player, action: Action, events: list[Event] | None) -> None:
    """Phase A / C actions (Faza akcji dodatkowej)."""
    t = tables()
    k, a = action.kind, action.args
    f["fresh"] = False
    who = name(state, p.seat) if events is not None else ""
    if k == "main":
        state.stack.pop()
        state.stack.append({"k": "phase", "seat": p.seat, "phase": "C"})
        state.stack.append({"k": "place", "seat": p.seat})
        if events is not None:
            ev(events, "main", p.seat, once(("main", p.colour), lambda: M("{who} begins the main action.", who=who)))
    elif k == "end":
        state.stack.pop()
        state.stack.append({"k": "auto", "what": "end_turn", "seat": p.seat})
    elif k in ("agent", "free-agent"):
        area = str(a[0])
        state.turn["agent"] = True
        if k == "agent":
            country = next(c for c in p.agents if p.agents.count(c) > p.agents_used.count(c))
            p.agents_used.append(country)
        else:
            p.free_agents_used += 1
        if events is not None:
            if k == "agent":
                text = M("{who} uses a foreign agent in {area}.", who=who, area=area_label(state, area))
            else:
                text = M("{who} uses a free agent in {area}.", who=who, area=area_label(state, area))
            ev(events, "agent", p.seat, text, area=area, free=k == "free-agent")
        # Faza akcji dodatkowej, a): steps 3–6 of the main action in that area.
        push_area_steps(state, p.seat, area, main=False)
    elif k == "achieve":
        tile = str(a[0])
        seats = state.achievement_spaces[tile]
        ach = t.achievements[tile]
        vp = ach.first if not seats else ach.later
        seats.append(p.seat)
        p.achievements.append(tile)
        p.hand_assistants -= 1
        p.vp += vp
        if events is not None:
            ev(events, "achieve", p.seat, M("{who} fulfils the achievement “{text}”, places an assistant from the hand on "
                                            "it and scores {vp}.", who=who, text=T("achievement", ach.text),
                                            vp=amount("vp", vp)), tile=tile, vp=vp)
        # Minidodatek 1: all three achievements done → choose a reward token.
        if "achievement_rewards" in state.options.modules and len(p.achievements) == len(state.achievements) \
                and state.reward_tokens and p.reward_token is None:
            state.stack.append({"k": "reward_token", "seat": p.seat})
    elif k == "order":
        fulfil_order(state, p, str(a[0]), events)
    elif k == "university":
        state.turn["university"] = True
        p.yen -= t.n["university_cost"]
        p.wh_assistants -= 1
        p.hand_assistants += 1
        if events is not None:
            ev(events, "university", p.seat, M("{who} uses the University: {cost} for an assistant from the warehouse.",
                                               who=who, cost=amount("yen", t.n["university_cost"])))
    elif k == "spin":
        state.turn["spinning"] = True
        p.silk -= 1
        p.yen += t.n["spinning_mill_yen"]
        if events is not None:
            ev(events, "spin", p.seat, M("{who} uses the Spinning Mill: 1 raw silk for {yen}.", who=who,
                                         yen=amount("yen", t.n["spinning_mill_yen"])))
    else:  # pragma: no cover
        raise AssertionError(k)


def fulfil_order(state: YState, p: Player, order: str, events: list[Event] | None) -> None:
    """Fulfil an order from the hand: pay its goods, gain its reward; Ball +2 VP, Language School
    +1 yen; then the country-pair check (Faza akcji dodatkowej, c)."""
    t = tables()
    p.orders.remove(order)
    p.fulfilled.append(order)
    for g, n in t.order_goods[order].items():
        setattr(p, g, in_hand(p, g) - n)
    if events is not None:
        ev(events, "order", p.seat, M("{who} fulfils an order ({order}) and pays {goods}.", who=name(state, p.seat),
                                      order=order_text(order), goods=order_goods(order)), order=order)
    extra: dict[str, int] = {}
    if owns(p, "ball"):
        extra["vp"] = t.n["ball_vp"]
    if owns(p, "language_school"):
        extra["yen"] = t.n["language_school_yen"]
    if extra:
        techs = [TECH_NAMES[k] for k in ("ball", "language_school") if owns(p, k)]
        gain(state, p, extra, events, listing(techs) if events is not None else None)
    gain(state, p, t.order_reward[order], events, M("the order") if events is not None else None)
    pair_check(state, p, t.orders[order].country, events)


def reward_token_actions(state: YState, f: dict[str, Any], p: Player) -> Iterator[Action]:
    """Mini-expansion 1: one of the revealed achievement reward tokens."""
    for r in state.reward_tokens:
        yield act("reward", r)


def apply_reward_token(state: YState, f: dict[str, Any], p: Player, action: Action, events: list[Event] | None) -> None:
    """Minidodatek 1: take a reward token (a country symbol and a free agent)."""
    state.stack.pop()
    token = str(action.args[0])
    state.reward_tokens.remove(token)
    p.reward_token = token
    p.free_agents += 1
    country = tables().reward_tokens[token]
    if events is not None:
        ev(events, "reward_token", p.seat, M("{who} takes the achievement reward token of {country} (a country symbol) "
                                             "and a free agent.", who=name(state, p.seat), country=country_name(country)),
           token=token)
    pair_check(state, p, country, events)
