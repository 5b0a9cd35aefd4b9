"""Pociągi / Statki: trains and ships into a region's free spaces, and the money icons their tiles uncover."""

from __future__ import annotations

from collections.abc import Iterator

from engine.core import Action, Event

from ..state import NState, Player, Transport
from ..tables import tables
from ..words import M
from .basics import (
    ev,
    gain_text,
    icon_steps,
    icons_revealed,
    move_track,
    name,
    region_name,
    transport_capacity,
)


def transport_options(state: NState, p: Player, piece: str, used: list[str]) -> Iterator[Action]:
    """Regions where the next train/ship may go: a free train/ship space, not yet used by this action."""
    left = p.ships if piece == "ship" else p.trains
    if left <= 0:
        return
    cap = transport_capacity(state)
    for r in tables().region_ids:
        if r not in used and len(state.transport[r]) < cap:
            yield Action(piece, (r,))


def build_transport(state: NState, p: Player, piece: str, region: str, price: int, events: list[Event] | None) -> None:
    """Pociągi / Statki: the leftmost tile leaves the board for a train/ship space of ``region``;
    each money icon this uncovers completely moves the money marker up (Statki, symbol)."""
    before = {i.id for i in icons_revealed(p)}
    if piece == "ship":
        p.ships -= 1
        value = p.ship_value
    else:
        p.trains -= 1
        value = p.train_value
    state.transport[region].append(Transport(kind=piece, seat=p.seat, value=value))
    who = name(state, p.seat)
    if events is not None:
        if piece == "ship" and price:
            text = M("{who} builds a ship ({vp}) in {region} for {price}.", who=who, vp=gain_text("vp", value),
                     region=region_name(region), price=gain_text("money", price))
        elif piece == "ship":
            text = M("{who} places a free ship ({vp}) in {region} (factory bonus).", who=who,
                     vp=gain_text("vp", value), region=region_name(region))
        elif price:
            text = M("{who} builds a train (+{value}) in {region} for {price}.", who=who, value=value,
                     region=region_name(region), price=gain_text("money", price))
        else:
            text = M("{who} places a free train (+{value}) in {region} (factory bonus).", who=who, value=value,
                     region=region_name(region))
        ev(events, piece, p.seat, text, region=region, value=value, price=price)
    for icon in icons_revealed(p):
        if icon.id in before:
            continue
        moved = move_track(p, "money", icon_steps(p, icon))
        if events is not None:
            ev(events, "icon", p.seat, M("{who} uncovers a money icon: money track +{steps}.", who=who, steps=moved),
               icon=icon.id, steps=moved)
