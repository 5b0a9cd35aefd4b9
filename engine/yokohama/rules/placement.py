"""Krok umieszczania and Zasady umieszczania (step 1 of the main action): assistants from the hand into
areas, the fees to other presidents, and the Telegraph's extra assistant."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from engine.core import Action, Event

from ..state import Player, YState
from ..tables import tables
from ..words import M, amount, listing
from .basics import (
    ONE,
    act,
    amount_piece,
    area_label,
    ev,
    name,
    neighbours,
    once,
    other_presidents,
    owns,
    presidents_in,
)


def placement_fee(state: YState, seat: int, area: str) -> int:
    """Yen per assistant placed in ``area``: 1 to each opponent's president there (Zasady umieszczania)."""
    return tables().n["placement_fee"] * other_presidents(state, seat).count(area)


def place_actions(state: YState, f: dict[str, Any], p: Player) -> list[Action]:
    """Placement (Zasady umieszczania): option A's first area, option B's area, or nothing (docs/rules-notes.md Y-1).

    Step 1 (rulebook, p. 6): "A) Umieść do 3 asystentów z ręki na różnych
    obszarach" sets a maximum and no minimum, so option A with no assistant (``skip``) is legal.
    """
    t = tables()
    areas = t.placeable(state.layout)
    per, double = t.n["placement_fee"], t.n["placement_b"]
    others = other_presidents(state, p.seat)
    yen = p.yen
    out: list[Action] = []
    if p.hand_assistants >= 1:
        put = ONE["put"]
        out = [put[a] for a in areas if yen >= per * others.count(a)] if others else [put[a] for a in areas]
    if p.hand_assistants >= double:
        two = ONE["double"]
        out += [two[a] for a in areas if yen >= double * per * others.count(a)] if others else [two[a] for a in areas]
    out.append(act("skip"))
    return out


def place_a_actions(state: YState, f: dict[str, Any], p: Player) -> list[Action]:
    """Option A after the first area: another, different area, up to 3 (Newspaper: 4)."""
    t = tables()
    limit = t.n["newspaper_a_max"] if owns(p, "newspaper", t) else t.n["placement_a_max"]
    out = []
    if len(f["areas"]) < limit and p.hand_assistants > 0:
        done, per, others, yen = f["areas"], t.n["placement_fee"], other_presidents(state, p.seat), p.yen
        put = ONE["put"]
        out = [put[a] for a in t.placeable(state.layout) if a not in done and yen >= per * others.count(a)]
    out.append(act("done"))
    return out


def telegraph_actions(state: YState, f: dict[str, Any], p: Player) -> Iterator[Action]:
    """Telegraph: one more assistant in an area adjacent to option B's area (never the Canal)."""
    if p.hand_assistants > 0:
        for a in neighbours(state, f["area"]):
            if tables().kind(a) != "canal" and p.yen >= placement_fee(state, p.seat, a):
                yield act("put", a)
    yield act("done")


def place_assistant(state: YState, p: Player, area: str, n: int, events: list[Event] | None) -> None:
    """Put ``n`` assistants from the hand into ``area``, paying each opponent's president there
    1 yen per assistant (Zasady umieszczania)."""
    per = tables().n["placement_fee"]
    paid = []
    for s in presidents_in(state, area):
        if s != p.seat:
            p.yen -= per * n
            state.players[s].yen += per * n
            paid.append(name(state, s))
    p.hand_assistants -= n
    state.areas[area].assistants[p.seat] += n
    if events is not None:
        who = name(state, p.seat)
        if paid:
            payees = tuple(state.players[s].colour for s in presidents_in(state, area) if s != p.seat)
            text = once(("place_fee", p.colour, n, area, tuple(state.boards), per, payees), lambda: M(
                "{who} places {n} in {area}, paying {fee} to {payees}.", who=who, n=amount_piece("assistant", n),
                area=area_label(state, area), fee=amount("yen", per * n), payees=listing(paid)))
        else:
            text = once(("place", p.colour, n, area, tuple(state.boards)), lambda: M(
                "{who} places {n} in {area}.", who=who, n=amount_piece("assistant", n), area=area_label(state, area)))
        ev(events, "place", p.seat, text, area=area, n=n, fee=per * n * len(paid))


def apply_place(state: YState, f: dict[str, Any], p: Player, action: Action, events: list[Event] | None) -> None:
    """Placement, first choice: option A's first area, option B, or no assistant."""
    state.stack.pop()
    if action.kind == "put":
        place_assistant(state, p, str(action.args[0]), 1, events)
        state.stack.append({"k": "place_a", "seat": p.seat, "areas": [str(action.args[0])]})
    elif action.kind == "double":
        area = str(action.args[0])
        place_assistant(state, p, area, tables().n["placement_b"], events)
        if owns(p, "telegraph"):
            state.stack.append({"k": "telegraph", "seat": p.seat, "area": area})
        else:
            begin_movement(state, p)
    else:
        if events is not None:
            ev(events, "place_none", p.seat, M("{who} places no assistant.", who=name(state, p.seat)))
        begin_movement(state, p)


def apply_place_a(state: YState, f: dict[str, Any], p: Player, action: Action, events: list[Event] | None) -> None:
    """Option A: another area, or done."""
    if action.kind == "put":
        place_assistant(state, p, str(action.args[0]), 1, events)
        f["areas"].append(str(action.args[0]))
        return
    state.stack.pop()
    begin_movement(state, p)


def apply_telegraph(state: YState, f: dict[str, Any], p: Player, action: Action, events: list[Event] | None) -> None:
    """Telegraph's extra assistant, or done."""
    state.stack.pop()
    if action.kind == "put":
        place_assistant(state, p, str(action.args[0]), 1, events)
    begin_movement(state, p)


def begin_movement(state: YState, p: Player) -> None:
    """Step 2: the movement decision."""
    state.turn["start"] = p.president
    state.stack.append({"k": "move", "seat": p.seat})
