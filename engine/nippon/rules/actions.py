"""An action in progress, one repetition at a time (Kolejność rozgrywki): which repetitions are legal,
resolving one (Wiedza and Kopalnie here, the other actions by family), the end of the action, and the
free builds of factory bonuses."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from engine.core import Action, Event

from ..state import NState, Player
from ..tables import tables
from ..words import TRACK_NAMES, M
from .basics import (
    ev,
    extra_steps,
    gain_text,
    marginal,
    move_track,
    name,
    pos_attr,
    prices_for,
    production_coal,
    production_gain,
    room,
    track_value,
    transport_capacity,
)
from .export import export_options, fulfil_contract
from .factories import build_factory, invest_options, machine_options, produce, upgrade
from .market import market_options, place_influence
from .transport import build_transport, transport_options


def new_act_frame(seat: int, action: str, space: int) -> dict[str, Any]:
    """A fresh frame for an action in progress (``n`` repetitions done, ``used`` ids this action)."""
    return {"k": "act", "seat": seat, "action": action, "space": space, "n": 0, "used": [], "region": None}


def can_start(state: NState, p: Player, action: str, space: int) -> bool:
    """Whether ``p`` can perform ``action`` in full (Kolejność rozgrywki, "Ważne"): its first
    repetition exists. The same answer as ``next(repetitions(state, p, new_act_frame(p.seat,
    action, space)), None) is not None`` (a test checks it at every turn of random games), found
    without building a frame or an action where a price or a count decides."""
    t = tables()
    if t.actions[action].max_repeats <= 0:
        return False
    if action in ("knowledge", "mines"):
        track = "knowledge" if action == "knowledge" else "coal"
        return room(p, track) >= 1 and p.money >= marginal(prices_for(p, action), 0)
    if action == "mechanize":
        return p.money >= marginal(prices_for(p, action), 0)  # an upgrade, else a machine for the supply
    if action in ("trains", "ships"):
        if p.money < marginal(prices_for(p, action), 0) or (p.ships if action == "ships" else p.trains) <= 0:
            return False
        cap = transport_capacity(state)
        return any(len(state.transport[r]) < cap for r in t.region_ids)
    if action == "produce":
        return any(p.coal >= production_coal(f) and production_gain(f) > 0 for f in p.factories)
    return next(repetitions(state, p, new_act_frame(p.seat, action, space)), None) is not None


def repetitions(state: NState, p: Player, f: dict[str, Any]) -> Iterator[Action]:
    """Yield the legal next repetitions of the action in frame ``f``.

    Each yielded :class:`Action` can be completed on its own (its price is the marginal price of
    repetition ``f["n"] + 1``), so the first one found proves the action can be performed in full.
    """
    t = tables()
    action = f["action"]
    n = f["n"]
    if n >= t.actions[action].max_repeats:
        return
    if action in ("knowledge", "mines"):
        # Wiedza / Kopalnie: 1-3 spaces for 1/3/6 thousand yen; the marker never leaves the track.
        track = "knowledge" if action == "knowledge" else "coal"
        if room(p, track) >= 1 and p.money >= marginal(prices_for(p, action), n):
            yield Action("up")
    elif action == "invest":
        yield from invest_options(state, p)
    elif action == "produce":
        for fac in p.factories:
            if fac.goods not in f["used"] and p.coal >= production_coal(fac) and production_gain(fac) > 0:
                yield Action("produce", (fac.goods,))
    elif action == "mechanize":
        if p.money >= marginal(prices_for(p, action), n):
            yield from machine_options(p)
    elif action in ("trains", "ships"):
        if p.money >= marginal(prices_for(p, action), n):
            yield from transport_options(state, p, action[:-1], f["used"])
    elif action == "export":
        yield from export_options(p)
    elif action == "market":
        yield from market_options(state, p, f["region"])
    else:  # pragma: no cover
        raise AssertionError(action)


def apply_repetition(state: NState, f: dict[str, Any], action: Action, events: list[Event] | None) -> None:
    """One repetition of the action in frame ``f`` (paid at its marginal price), or ``done``."""
    p = state.players[f["seat"]]
    if action.kind == "done":
        state.stack.pop()
        finish_action(state, f, events)
        return
    act = f["action"]
    n = f["n"]
    who = name(state, p.seat)
    if act in ("knowledge", "mines"):
        price = marginal(prices_for(p, act), n)
        track = "knowledge" if act == "knowledge" else "coal"
        p.money -= price
        move_track(p, track, 1)
        if events is not None:
            space = getattr(p, pos_attr(track)) + 1
            ev(events, "track", p.seat, M("{who} pays {price}: {track} +1 space (now space {space}, value {value}).",
                                          who=who, price=gain_text("money", price), track=TRACK_NAMES[track],
                                          space=space, value=track_value(p, track)), track=track, price=price,
               value=track_value(p, track), space=space)
    elif act == "invest":
        build_factory(state, p, str(action.args[0]), events)
    elif act == "produce":
        produce(state, p, str(action.args[0]), events)
        f["used"].append(str(action.args[0]))
    elif act == "mechanize":
        price = marginal(prices_for(p, act), n)
        p.money -= price
        upgrade(state, p, str(action.args[0]), price, events)
    elif act in ("trains", "ships"):
        price = marginal(prices_for(p, act), n)
        p.money -= price
        region = str(action.args[0])
        build_transport(state, p, act[:-1], region, price, events)
        f["used"].append(region)
    elif act == "export":
        fulfil_contract(state, p, str(action.args[0]), [str(g) for g in action.args[1:]], events)
    elif act == "market":
        place_influence(state, p, action, events)
        f["region"] = tables().city_by_id[str(action.args[0])].region
    f["n"] = n + 1


def finish_action(state: NState, f: dict[str, Any], events: list[Event] | None) -> None:
    """End of an action: the +1 extra space of Paper/Bento bonuses, then the end of the turn."""
    p = state.players[f["seat"]]
    act = f["action"]
    if act in ("knowledge", "mines") and f["n"] > 0:
        steps = extra_steps(p, act)
        if steps:
            track = "knowledge" if act == "knowledge" else "coal"
            moved = move_track(p, track, steps)
            if events is not None:
                ev(events, "track", p.seat, M("{who}'s factory bonus: {track} +{steps} extra.",
                                              who=name(state, p.seat), track=TRACK_NAMES[track], steps=moved),
                   track=track, extra=moved)
    state.stack.append({"k": "end_turn", "seat": p.seat, "space": f["space"]})


def free_options(state: NState, p: Player, f: dict[str, Any]) -> Iterator[Action]:
    """Choices of a free factory bonus (Lenses/Clocks: place a free ship/train; Light bulbs: upgrade)."""
    if f["left"] <= 0:
        return
    if f["piece"] == "machine":
        yield from machine_options(p)
    else:
        yield from transport_options(state, p, f["piece"], f["used"])


def apply_free(state: NState, f: dict[str, Any], action: Action, events: list[Event] | None) -> None:
    """A free ship/train (Lenses/Clocks) or upgrade (Light bulbs) from a factory bonus, or ``done``."""
    p = state.players[f["seat"]]
    if action.kind == "done":
        state.stack.pop()
        return
    if f["piece"] == "machine":
        upgrade(state, p, str(action.args[0]), 0, events)
    else:
        region = str(action.args[0])
        build_transport(state, p, f["piece"], region, 0, events)
        f["used"].append(region)
    f["left"] -= 1
