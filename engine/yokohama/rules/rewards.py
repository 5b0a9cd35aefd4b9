"""Rewards (Opis symboli: the reward icons) and the choices they ask for, pieces taken from the warehouse,
and a new pair of country symbols (Pasujące symbole krajów)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from engine.core import Action, Event

from ..state import GOODS, Player, YState
from ..tables import REWARD_KEYS, tables
from ..words import M, amount, reward_text
from .basics import act, area_label, country_count, country_name, ev, name, owns, placeable


def gain(state: YState, p: Player, reward: dict[str, int], events: list[Event] | None, why: str | None = None) -> None:
    """Gain a reward: plain icons at once; "any good", moves and a warehouse shop as decisions.

    ``why`` (a Msg naming the source, e.g. "Church space 3") is written after the gain in the
    event's text, so every VP and good a player receives says where it came from.

    Mining Technology: +1 copper whenever copper is gained (docs/rules-notes.md Y-14: once per gain).
    Technologia górnicza (rulebook, ≈p. 15): "Zawsze gdy otrzymujesz miedź,
    otrzymujesz 1 dodatkową miedź." — one extra copper per gain, whatever the number gained.
    """
    t = tables()
    plain: dict[str, int] = {}
    for k, v in reward.items():
        if k in ("vp", "yen", "silk", "tea", "fish", "ig"):
            setattr(p, k, getattr(p, k) + v)
            plain[k] = v
        elif k == "copper":
            v += t.n["mining_extra"] if owns(p, "mining_technology") else 0
            p.copper += v
            plain[k] = v
        elif k == "wh_assistant":
            m = min(v, p.wh_assistants)
            p.wh_assistants -= m
            p.hand_assistants += m
            if m:
                plain[k] = m
        elif k == "free_agent":
            p.free_agents += v
            plain[k] = v
    if plain and events is not None:
        plain = {k: plain[k] for k in REWARD_KEYS if k in plain}
        if why is None:
            text = M("{who} gains {reward}.", who=name(state, p.seat), reward=reward_text(plain))
        else:
            # i18n: A gain and, in brackets, where it comes from ("Blue gains 3 VP (Church space 2).").
            text = M("{who} gains {reward} ({why}).", who=name(state, p.seat), reward=reward_text(plain), why=why)
        ev(events, "gain", p.seat, text, reward=plain)
    # Decisions run in icon order: push in reverse.
    for k in ("wh_shop", "moves", "any_good"):
        if reward.get(k):
            kind = {"any_good": "good", "moves": "shift", "wh_shop": "wh_shop"}[k]
            state.stack.append({"k": kind, "seat": p.seat, "n": reward[k]})


def good_actions(state: YState, f: dict[str, Any], p: Player) -> Iterator[Action]:
    """A reward's "any trade good": choose which."""
    for g in GOODS:
        yield act("good", g)


def apply_good(state: YState, f: dict[str, Any], p: Player, action: Action, events: list[Event] | None) -> None:
    """Any trade good: gain the chosen one (copper counts for Mining Technology)."""
    f["n"] -= 1
    if f["n"] <= 0:
        state.stack.pop()
    # i18n: Where a gain comes from: a reward's "trade good of your choice".
    gain(state, p, {str(action.args[0]): 1}, events, M("a trade good of your choice") if events is not None else None)


def shift_actions(state: YState, f: dict[str, Any], p: Player) -> Iterator[Action]:
    """A reward's assistant move: one assistant (from an area or the hand) to another area (not
    the Canal), no fees; or stop."""
    targets = placeable(state, p)
    sources = [a for a in state.layout if a and state.areas[a].assistants[p.seat] > 0]
    if p.hand_assistants > 0:
        sources.append("hand")
    for src in sources:
        for dst in targets:
            if dst != src:
                yield act("shift", src, dst)
    yield act("stop")


def apply_shift(state: YState, f: dict[str, Any], p: Player, action: Action, events: list[Event] | None) -> None:
    """An assistant move (no fees), or stop."""
    if action.kind == "stop":
        state.stack.pop()
        return
    src, dst = str(action.args[0]), str(action.args[1])
    if src == "hand":
        p.hand_assistants -= 1
    else:
        state.areas[src].assistants[p.seat] -= 1
    state.areas[dst].assistants[p.seat] += 1
    if events is not None:
        if src == "hand":
            text = M("{who} moves an assistant from the hand to {dst} (a reward's assistant move).",
                     who=name(state, p.seat), dst=area_label(state, dst))
        else:
            text = M("{who} moves an assistant from {src} to {dst} (a reward's assistant move).",
                     who=name(state, p.seat), src=area_label(state, src), dst=area_label(state, dst))
        ev(events, "shift", p.seat, text, src=src, dst=dst)
    f["n"] -= 1
    if f["n"] <= 0:
        state.stack.pop()


def wh_shop_actions(state: YState, f: dict[str, Any], p: Player) -> Iterator[Action]:
    """A reward's warehouse shop: take it for 2 yen, or skip."""
    if p.wh_shops > 0 and p.yen >= tables().n["shop_cost"]:
        yield act("take")
    yield act("skip")


def apply_wh_shop(state: YState, f: dict[str, Any], p: Player, action: Action, events: list[Event] | None) -> None:
    """Warehouse shop reward: take one for 2 yen, or skip."""
    f["n"] -= 1
    if f["n"] <= 0 or action.kind == "skip":
        state.stack.pop()
    if action.kind == "take":
        take_from_warehouse(state, p, "shop", events)


def house_price(p: Player) -> int:
    """The price of the next trading house from the warehouse (4, 5, 6, 7 yen; docs/rules-notes.md Y-18)."""
    costs = tables().n["trading_house_costs"]
    return int(costs[min(p.houses_taken, len(costs) - 1)])


def take_from_warehouse(state: YState, p: Player, piece: str, events: list[Event] | None) -> None:
    """Move a piece from the warehouse to the hand at its price (Agencja pracy)."""
    t = tables()
    if piece == "assistant":
        p.wh_assistants -= 1
        p.hand_assistants += 1
        cost = 0
    elif piece == "shop":
        cost = t.n["shop_cost"]
        p.wh_shops -= 1
        p.hand_shops += 1
    else:
        cost = house_price(p)
        p.houses_taken += 1
        p.wh_houses -= 1
        p.hand_houses += 1
    p.yen -= cost
    if events is not None:
        who = name(state, p.seat)
        if piece == "assistant":
            text = M("{who} takes an assistant from the warehouse into the hand (free).", who=who)
        elif piece == "shop":
            text = M("{who} pays {yen} and takes a shop from the warehouse into the hand.", who=who,
                     yen=amount("yen", cost))
        else:
            text = M("{who} pays {yen} and takes a trading house from the warehouse into the hand.", who=who,
                     yen=amount("yen", cost))
        ev(events, "hire", p.seat, text, piece=piece, cost=cost)


def pair_check(state: YState, p: Player, country: str, events: list[Event] | None) -> None:
    """Pasujące symbole krajów: a new pair of ``country`` (count now even) takes a foreign agent
    of that country, if one is left (docs/rules-notes.md Y-9: never later)."""
    if country_count(p, country) % 2 == 0 and state.agent_supply.get(country, 0) > 0:
        state.agent_supply[country] -= 1
        p.agents.append(country)
        if events is not None:
            ev(events, "agent_gained", p.seat, M("{who} completes a pair of {country} symbols and takes a foreign agent.",
                                                 who=name(state, p.seat), country=country_name(country)),
               country=country)
