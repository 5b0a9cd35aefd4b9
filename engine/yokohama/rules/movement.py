"""Krok ruchu and Zasady ruchu prezesa (step 2 of the main action): the president's walk, Tram, Station or
return to the hand, and option B's recall."""

from __future__ import annotations

import heapq
import itertools
from typing import Any

from engine.core import Action, Event

from ..state import Player, YState
from ..tables import tables
from ..words import M, amount, listing
from .areas import push_area_steps
from .basics import ONE, act, area_label, ev, name, once, other_presidents, owns, placeable, presidents_in


def can_end_at(state: YState, p: Player, area: str) -> bool:
    """A legal end of a president move: not the Canal, ≥1 own assistant, and no other president
    unless Postal System (Zasady ruchu prezesa)."""
    if area in tables().canal or state.areas[area].assistants[p.seat] < 1:
        return False
    return owns(p, "postal_system") or area not in other_presidents(state, p.seat)


def routes(state: YState, p: Player) -> dict[str, tuple[int, tuple[int, ...]]]:
    """Cheapest walk to each legal destination: ``{area: (yen, payee seats)}``.

    Zasady ruchu prezesa: every entered area must hold the player's assistant, except the Canal
    (1 yen to the bank to cross, never an end); entering an area with other presidents pays each
    1 yen (not with Stagecoach); the start area may not be entered again. From the hand the
    president goes straight to the area (only Postal System's payments apply). Where several
    cheapest walks pay different players, the engine takes the first found (rules-notes).

    The answer is shared between calls with the same inputs (listing the moves, checking and
    applying one ask the same question): callers must not change it.
    """
    t = tables()
    seat, areas = p.seat, state.areas
    key = (id(t), state.options.players, seat, p.yen, tuple(state.layout), tuple([q.president for q in state.players]),
           tuple([areas[a].assistants[seat] for a in state.layout if a]), owns(p, "stagecoach", t),
           owns(p, "postal_system", t))
    found = _ROUTES.get(key)
    if found is None:
        if len(_ROUTES) >= 20_000:
            _ROUTES.clear()
        found = _ROUTES[key] = _routes(state, p, t)
    return found


#: :func:`routes` answers by their inputs (data set, players, seat, yen, layout, presidents, the seat's
#: assistants per area, Stagecoach, Postal System).
_ROUTES: dict[tuple[Any, ...], dict[str, tuple[int, tuple[int, ...]]]] = {}


def _routes(state: YState, p: Player, t: Any) -> dict[str, tuple[int, tuple[int, ...]]]:
    """:func:`routes`, computed (``t``: the tables)."""
    seat, yen, areas, canal = p.seat, p.yen, state.areas, t.canal
    fee, canal_fee = t.n["passing_fee"], t.n["canal_fee"]
    # The seats whose presidents stand in each area (other players only, in seat order).
    others: dict[str, tuple[int, ...]] = {}
    for q in state.players:
        if q.seat != seat and q.president is not None:
            others[q.president] = (*others.get(q.president, ()), q.seat)
    pay = {} if owns(p, "stagecoach", t) else others
    postal = owns(p, "postal_system", t)
    # The areas a walk may enter or end in: the Canal, and areas holding the player's assistant.
    mine = {a for a in state.layout if a and (a in canal or areas[a].assistants[seat] >= 1)}
    ends = {a for a in mine if a not in canal and (postal or a not in others)}
    out: dict[str, tuple[int, tuple[int, ...]]] = {}
    if p.president is None:
        for a in t.placeable(state.layout):
            if a in ends:
                payees = pay.get(a, ())
                cost = fee * len(payees)
                if cost <= yen:
                    out[a] = (cost, payees)
        return out
    near = t.near(state.options.players, state.layout)
    start = p.president
    best: dict[str, tuple[int, tuple[int, ...]]] = {start: (0, ())}
    heap: list[tuple[int, int, str]] = [(0, 0, start)]
    counter = itertools.count(1)
    pop, push = heapq.heappop, heapq.heappush
    while heap:
        cost, _, here = pop(heap)
        if cost > best[here][0]:
            continue
        for nxt in near[here]:
            if nxt == start or nxt not in mine:
                continue
            payees = pay.get(nxt, ())
            total = cost + (canal_fee if nxt in canal else 0) + fee * len(payees)
            if total > yen:
                continue
            if nxt not in best or total < best[nxt][0]:
                best[nxt] = (total, best[here][1] + payees)
                push(heap, (total, next(counter), nxt))
    for a, route in best.items():
        if a != start and a in ends:
            out[a] = route
    return out


def jump_cost(state: YState, p: Player, area: str) -> tuple[int, tuple[int, ...]]:
    """Yen and payees of a Tram jump into ``area`` (docs/rules-notes.md Y-15/docs/rules-notes.md Y-19: no Canal or passing fees; Postal
    System's presidents are paid unless Stagecoach)."""
    if owns(p, "stagecoach"):
        return 0, ()
    payees = tuple(s for s in presidents_in(state, area) if s != p.seat)
    return tables().n["passing_fee"] * len(payees), payees


def move_actions(state: YState, f: dict[str, Any], p: Player) -> list[Action]:
    """Movement: ``go`` to a legal area (walk), ``tram``, ``station``, or ``home`` (option B)."""
    t = tables()
    walks = routes(state, p)
    go = ONE["go"]
    out = [go[a] for a in state.layout if a in walks]
    if owns(p, "tram", t) and p.president is not None:
        for a in placeable(state, p):
            if a != p.president and can_end_at(state, p, a) and jump_cost(state, p, a)[0] <= p.yen:
                out.append(act("tram", a))
    # Stacja (rulebook, ≈p. 14; docs/rules-notes.md Y-13): the card waives the
    # walk, the other presidents and their fees, not the "co najmniej 1 twój asystent" of a legal area
    # (Krok ruchu, p. 7), so the station's area must hold your assistant.
    if owns(p, "station", t) and state.station and state.station != p.president \
            and state.areas[state.station].assistants[p.seat] > 0:
        out.append(act("station"))
    out.append(act("home"))
    return out


def recall_actions(state: YState, f: dict[str, Any], p: Player) -> list[Action]:
    """Movement option B: return assistants from any areas, one at a time, then done."""
    seat, areas = p.seat, state.areas
    recall = ONE["recall"]
    out = [recall[a] for a in state.layout if a and areas[a].assistants[seat] > 0]
    out.append(act("done"))
    return out


def pay_presidents(state: YState, p: Player, payees: tuple[int, ...]) -> None:
    """Pay 1 yen to the owner of each president in ``payees`` (a seat may repeat)."""
    fee = tables().n["passing_fee"]
    for s in payees:
        p.yen -= fee
        state.players[s].yen += fee


def apply_move(state: YState, f: dict[str, Any], p: Player, action: Action, events: list[Event] | None) -> None:
    """Movement (Zasady ruchu prezesa): walk, Tram, Station, or home (option B)."""
    state.stack.pop()
    who = name(state, p.seat)
    k = action.kind
    if k == "home":
        if p.president is not None:
            p.president = None
        if events is not None:
            ev(events, "home", p.seat, once(("home", p.colour), lambda: M(
                "{who} returns the president to the hand (no area action this turn).", who=who)))
        state.stack.append({"k": "recall", "seat": p.seat})
        return
    bank = 0
    if k == "go":
        dest = str(action.args[0])
        cost, payees = routes(state, p)[dest]
        bank = cost - tables().n["passing_fee"] * len(payees)
        p.yen -= bank
        pay_presidents(state, p, payees)
    elif k == "tram":
        dest = str(action.args[0])
        cost, payees = jump_cost(state, p, dest)
        pay_presidents(state, p, payees)
    else:  # station
        dest = str(state.station)
        payees = ()
    if events is not None:
        if k == "go":
            text = once(("go", p.colour, dest, tuple(state.boards)), lambda: M(
                "{who} moves the president to {area}.", who=who, area=area_label(state, dest)))
            if bank:
                # i18n: The Canal's crossing fee, added to a president's move.
                text = M("{text} Pays {fee} to cross the Canal.", text=text, fee=amount("yen", bank))
        elif k == "tram":
            text = M("{who} takes the Tram to {area}.", who=who, area=area_label(state, dest))
        else:
            text = M("{who} moves the president straight to the Station in {area}.", who=who,
                     area=area_label(state, dest))
        if payees:
            text = M("{text} Pays {fee} to {payees} for passing their presidents.", text=text,
                     fee=amount("yen", len(payees) * tables().n["passing_fee"]),
                     payees=listing(name(state, s) for s in payees))
        ev(events, "move", p.seat, text, area=dest, payees=list(payees))
    p.president = dest
    push_area_steps(state, p.seat, dest, main=True)


def apply_recall(state: YState, f: dict[str, Any], p: Player, action: Action, events: list[Event] | None) -> None:
    """Option B: one assistant back to the hand, or done (phase C follows)."""
    if action.kind == "recall":
        area = str(action.args[0])
        state.areas[area].assistants[p.seat] -= 1
        p.hand_assistants += 1
        if events is not None:
            text = once(("recall", p.colour, area, tuple(state.boards)), lambda: M(
                "{who} takes an assistant back from {area}.", who=name(state, p.seat), area=area_label(state, area)))
            ev(events, "recall", p.seat, text, area=area)
        return
    state.stack.pop()
