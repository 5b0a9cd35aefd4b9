"""The opening (Przygotowanie do gry, last step): each player keeps one of the two orders dealt, the other
leaves the game unseen."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from engine.core import Action, Event

from ..state import Player, YState
from ..words import M
from .basics import act, ev, name, order_text


def keep_actions(state: YState, f: dict[str, Any], p: Player) -> Iterator[Action]:
    """Opening: keep one of the two orders dealt."""
    for card in state.dealt.get(str(p.seat), []):
        yield act("keep", card)


def apply_keep(state: YState, f: dict[str, Any], p: Player, action: Action, events: list[Event] | None) -> None:
    """Opening: keep one order face down, box the other unseen."""
    state.stack.pop()
    card = str(action.args[0])
    dealt = state.dealt.pop(str(p.seat))
    p.orders.append(card)
    state.discarded.extend(c for c in dealt if c != card)
    if events is not None:
        ev(events, "keep", p.seat, M("You keep the order ({order}).", order=order_text(card)), private=True)
    if events is not None:
        ev(events, "kept", p.seat, M("{who} keeps one of the two orders; the other leaves the game unseen.",
                                     who=name(state, p.seat)))
