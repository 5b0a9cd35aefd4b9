"""Karty technologii: owning a technology card (Patent System, Printing, Exhibition) and placing the
Station token."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from engine.core import Action, Event

from ..state import Player, YState
from ..tables import tables
from ..words import TECH_NAMES, M, listing
from .basics import act, area_label, ev, name, owns, placeable
from .rewards import gain, pair_check


def gain_technology(state: YState, p: Player, card: str, events: list[Event] | None) -> None:
    """Own a technology card: Patent System / Printing for earlier-owned cards, Exhibition's
    10 VP, Station's token; then the country-pair check (Karty technologii)."""
    t = tables()
    bonus: dict[str, int] = {}
    sources = []
    if owns(p, "patent_system"):
        bonus["vp"] = t.n["patent_vp"]
        sources.append(TECH_NAMES["patent_system"])
    if owns(p, "printing"):
        bonus["yen"] = t.n["printing_yen"]
        sources.append(TECH_NAMES["printing"])
    p.technologies.append(card)
    tech = t.techs[card].name
    if tech == "exhibition":
        bonus["vp"] = bonus.get("vp", 0) + t.n["exhibition_vp"]
    if bonus:
        if tech == "exhibition":
            sources.append(TECH_NAMES["exhibition"])
        gain(state, p, bonus, events, listing(sources) if events is not None else None)
    if tech == "station" and state.station is None:
        state.stack.append({"k": "station", "seat": p.seat})
    pair_check(state, p, t.techs[card].country, events)


def station_actions(state: YState, f: dict[str, Any], p: Player) -> Iterator[Action]:
    """Station: the station token goes on any area except the Canal (docs/rules-notes.md Y-13)."""
    for a in placeable(state, p):
        yield act("station", a)


def apply_station(state: YState, f: dict[str, Any], p: Player, action: Action, events: list[Event] | None) -> None:
    """Station: place the token (it adds 1 power for every player acting there)."""
    state.stack.pop()
    state.station = str(action.args[0])
    if events is not None:
        ev(events, "station", p.seat, M("{who} places the station token on {area}.", who=name(state, p.seat),
                                        area=area_label(state, state.station)), area=state.station)
