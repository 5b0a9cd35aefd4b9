"""Chance: every random draw (set-up, Laboratory and Port refills, orders dealt) as a ``CHANCE`` decision
and its outcome."""

from __future__ import annotations

from typing import Any

from engine.core import CHANCE, Event, Outcome

from ..state import Area, YState
from ..tables import tables
from ..words import M, amount, listing, reward_text
from .basics import (
    achievement_text,
    act,
    area_label,
    area_name,
    country_name,
    ev,
    name,
    order_text,
    tech_name,
    token_text,
    top,
)

CHANCE_PROMPTS = {
    "start": M("Random event: the start player is drawn."),
    "board": M("Random event: an area board is revealed into the layout."),
    "tile": M("Random event: a building tile is drawn for an area."),
    "token": M("Random event: a 5-power token is drawn for an area."),
    "achievement": M("Random event: an achievement tile is revealed."),
    "reward_token": M("Random event: an achievement reward token is revealed."),
    "tech": M("Random event: a technology card is drawn onto a Laboratory board."),
    "remove": M("Random event: an order card is removed from the game unseen."),
    "order": M("Random event: an order card is drawn onto a Port board."),
    "deal": M("Random event: an order card is dealt to a player."),
}


def chance_outcomes(state: YState) -> list[Outcome]:
    """Weighted outcomes of the pending chance decision (empty if not a chance decision)."""
    if state.over or not state.stack or top(state)["k"] != "chance":
        return []
    return [_outcome(v) for v in chance_values(state, top(state))]


#: Outcome objects already made, by value (outcomes are immutable; every one weighs 1).
_OUTCOMES: dict[str, Outcome] = {}


def _outcome(value: str) -> Outcome:
    """The (shared, immutable) outcome ``~value`` of weight 1."""
    found = _OUTCOMES.get(value)
    if found is None:
        found = _OUTCOMES[value] = Outcome(act("chance", value), 1)
    return found


def chance_values(state: YState, f: dict[str, Any]) -> list[str]:
    """The possible outcomes of chance frame ``f`` (all equally likely)."""
    t = tables()
    what = f["what"]
    if what == "start":
        return [f"seat{i + 1}" for i in range(state.options.players)]
    if what == "board":
        return [b for b in state.boards if b not in state.layout]
    if what == "tile":
        return list(state.tiles_left)
    if what == "token":
        return list(state.tokens_left)
    if what == "achievement":
        return [a for a in t.achievement_groups[f["group"]] if a not in state.achievements]
    if what == "reward_token":
        return [r for r in t.reward_tokens if r not in state.reward_tokens]
    if what == "tech":
        return list(state.tech_deck)
    if what in ("remove", "order", "deal"):
        return list(state.order_deck)
    raise AssertionError(what)


def apply_chance(state: YState, f: dict[str, Any], value: str, events: list[Event] | None) -> None:
    """Apply a chance outcome (``value`` as in the notation without ``~``)."""
    t = tables()
    what = f["what"]
    if what == "start":
        state.start_player = state.current = int(value[4:]) - 1
        # Przygotowanie do gry: the start player takes 3 yen, every other player 4 yen.
        for p in state.players:
            p.yen = t.n["start_money_first"] if p.seat == state.start_player else t.n["start_money_other"]
        if events is not None:
            ev(events, "start", CHANCE, M("{who} is the start player and takes {first}; every other player takes "
                                          "{other}.", who=name(state, state.start_player),
                                          first=amount("yen", t.n["start_money_first"]),
                                          other=amount("yen", t.n["start_money_other"])),
               start=state.start_player)
    elif what == "board":
        state.layout[f["cell"]] = value
        state.areas[value] = Area(id=value, cell=f["cell"], assistants=[0] * state.options.players)
        if events is not None:
            ev(events, "board", CHANCE, M("{area} is revealed on layout space {cell}.", area=area_label(state, value),
                                          cell=f["cell"] + 1), area=value, cell=f["cell"])
    elif what == "tile":
        area = state.areas[f["area"]]
        area.tile = value
        area.shops = [None] * len(t.shop_rewards[value])
        state.tiles_left.remove(value)
        if events is not None:
            shops = listing(reward_text(r) for r in t.shop_rewards[value])
            ev(events, "tile", CHANCE, M("A building tile goes under {area}: shop spaces {shops}; trading house {house}.",
                                         area=area_label(state, area.id), shops=shops,
                                         house=reward_text(t.house_reward[value])), area=area.id, tile=value)
    elif what == "token":
        state.areas[f["area"]].token = value
        state.tokens_left.remove(value)
        if events is not None:
            ev(events, "token", CHANCE, M("A 5-power token goes on {area}: {reward}.",
                                          reward=token_text(value), area=area_label(state, f["area"])),
               area=f["area"], token=value)
    elif what == "achievement":
        state.achievements.append(value)
        state.achievement_spaces[value] = []
        if events is not None:
            ev(events, "achievement", CHANCE, M("An achievement is revealed: {text}.", text=achievement_text(value)),
               tile=value)
    elif what == "reward_token":
        state.reward_tokens.append(value)
        if events is not None:
            ev(events, "reward_token", CHANCE, M("An achievement reward token of {country} is revealed.",
                                                 country=country_name(t.reward_tokens[value])),
               token=value)
    elif what == "tech":
        state.tech_deck.remove(value)
        state.labs[f["lab"]][f["slot"]] = value
        if events is not None:
            ev(events, "tech", CHANCE, M("{card} is drawn onto {lab}.", card=tech_name(value), lab=area_name(f["lab"])),
               card=value, lab=f["lab"], slot=f["slot"])
    elif what == "remove":
        # Hidden from everyone: the event names no card (Przygotowanie do gry: removed unseen).
        state.order_deck.remove(value)
        state.removed.append(value)
        if events is not None:
            ev(events, "removed", CHANCE, M("An order card is removed from the game unseen."))
    elif what == "order":
        state.order_deck.remove(value)
        state.ports[f["port"]][f["slot"]] = value
        if events is not None:
            ev(events, "order", CHANCE, M("An order is drawn onto {port} ({order}).", order=order_text(value),
                                          port=area_name(f["port"])), order=value, port=f["port"], slot=f["slot"])
    elif what == "deal":
        seat = f["seat"]
        state.order_deck.remove(value)
        state.dealt.setdefault(str(seat), []).append(value)
        # Only the receiving player sees the card (a private event); the public one names no card.
        if events is not None:
            ev(events, "dealt", seat, M("You are dealt an order ({order}).", order=order_text(value)), private=True,
               undo_barrier=True)
        if events is not None:
            ev(events, "dealt_public", CHANCE, M("{who} is dealt an order card.", who=name(state, seat)), seat=seat)
    else:  # pragma: no cover - frames are built by this module
        raise AssertionError(what)
