"""Konsolidacja: income from the tracks, the Emperor's reward tiles and their achievement spaces, and
payday."""

from __future__ import annotations

from typing import Any

from engine.core import Action, Event

from ..state import NState, Player
from ..tables import tables
from ..words import M, Mn, listing
from .basics import achievement_text, ev, gain, gain_text, lose_vp, name, ops_of, stack_key, track_value


def consolidate(state: NState, p: Player, events: list[Event] | None) -> None:
    """A whole turn: budget (krok 1), Emperor's reward (krok 2), workforce (krok 3)."""
    t = tables()
    who = name(state, p.seat)
    if events is not None:
        ev(events, "consolidate", p.seat, M("{who} consolidates.", who=who), workers=len(p.workers))
    # Konsolidacja, krok 1 (Nippon rulebook): discard yen and coal, take income from the tracks.
    keep = min(p.coal, sum(o.coal for o in ops_of(p, "keep_coal")))
    money = track_value(p, "money") + sum(o.money for o in ops_of(p, "consolidation_money"))
    coal = keep + track_value(p, "coal")
    old_money, old_coal = p.money, p.coal - keep
    p.money, p.coal = money, coal
    if events is not None:
        dropped = [gain_text(k, n) for k, n in (("money", old_money), ("coal", old_coal)) if n]
        if dropped:
            text = M("{who} discards {dropped}, then takes {money} and {coal} as income.", who=who,
                     dropped=listing(dropped), money=gain_text("money", money), coal=gain_text("coal", coal))
        else:
            text = M("{who} takes {money} and {coal} as income.", who=who, money=gain_text("money", money),
                     coal=gain_text("coal", coal))
        ev(events, "income", p.seat, text, money=money, coal=coal, kept=keep, discarded_money=old_money,
           discarded_coal=old_coal)
    state.stack.append({"k": "end_turn", "seat": p.seat, "space": None})
    state.stack.append({"k": "payday", "seat": p.seat})
    # Konsolidacja, krok 2: with 3+ workers, a reward tile of the level above the rightmost worker.
    if len(p.workers) < t.n["emperor_min_workers"]:
        return
    level = t.worker_levels[len(p.workers)] or 0
    if any(state.rewards.values()):
        if reward_options(state, p, level):
            state.stack.append({"k": "reward", "seat": p.seat, "level": level})
        elif events is not None:
            ev(events, "reward", p.seat, M("{who} gets no Emperor's reward: every tile left is above {level}x.",
                                           who=who, level=level), level=level)
    elif state.multipliers > 0:
        state.multipliers -= 1
        p.rewards.append("x2")
        if events is not None:
            ev(events, "reward", p.seat, M("{who} takes a 2x VP multiplier tile (the reward area is empty).", who=who),
               multiplier=2)
        push_place(state, p, 2, events)
    elif events is not None:
        ev(events, "reward", p.seat, M("{who} gets no Emperor's reward: no tile is left.", who=who))


def reward_options(state: NState, p: Player, level: int) -> list[Action]:
    """Reward tiles the player may take (Konsolidacja, krok 2): any stack of multiplier ≤ level."""
    t = tables()
    return [Action("reward", (m, kind)) for m in t.multipliers if m <= level for kind in t.reward_kinds
            if state.rewards.get(stack_key(m, kind), 0) > 0]


def take_reward(state: NState, p: Player, mult: int, kind: str, events: list[Event] | None) -> None:
    """Take a reward tile: gain its front bonus now, then place it on an achievement space."""
    key = stack_key(mult, kind)
    state.rewards[key] -= 1
    p.rewards.append(key)
    if events is not None:
        ev(events, "reward", p.seat, M("{who} takes a {mult}x Emperor's reward tile.", who=name(state, p.seat), mult=mult),
           multiplier=mult, bonus=kind)
    gain(state, p, tables().reward_bonus[(mult, kind)], events, M("Emperor's reward"))
    push_place(state, p, mult, events)


def push_place(state: NState, p: Player, mult: int, events: list[Event] | None) -> None:
    """Ask where a taken tile goes; with all 9 achievement spaces occupied it is discarded."""
    if len(p.achievements) >= tables().n["achievement_spaces"]:
        if events is not None:
            ev(events, "discard", p.seat, M("{who}'s achievement spaces are full: the {mult}x tile is discarded.",
                                            who=name(state, p.seat), mult=mult), multiplier=mult)
        return
    state.stack.append({"k": "place", "seat": p.seat, "mult": mult})


def place_tile(state: NState, p: Player, mult: int, achievement: str, events: list[Event] | None) -> None:
    """Place a reward/multiplier tile on an empty achievement space (it never moves again)."""
    p.achievements[achievement] = mult
    if events is not None:
        ev(events, "achievement", p.seat, M("{who} places the {mult}x tile on the achievement space “{text}”.",
                                            who=name(state, p.seat), mult=mult, text=achievement_text(achievement)),
           achievement=achievement, multiplier=mult)


def payday(state: NState, p: Player, events: list[Event] | None, final: bool = False) -> None:
    """Konsolidacja, krok 3: 3,000 yen per distinct worker colour; −2 VP per colour not paid
    (as many colours as money allows are paid, rules-notes N-7). Workers return to the bag unless
    this is the final scoring."""
    t = tables()
    colours = len(set(p.workers))
    per = t.n["payday_per_colour"]
    paid = min(colours, p.money // per)
    p.money -= paid * per
    lost = lose_vp(p, (colours - paid) * t.n["unpaid_colour_vp"])
    who = name(state, p.seat)
    if colours and events is not None:
        if paid < colours:
            text = Mn("{who} pays {paid} for {n} worker colour and loses {vp}.",
                      "{who} pays {paid} for {n} worker colours and loses {vp}.", colours, who=who,
                      paid=gain_text("money", paid * per), vp=gain_text("vp", lost))
        else:
            text = Mn("{who} pays {paid} for {n} worker colour.", "{who} pays {paid} for {n} worker colours.",
                      colours, who=who, paid=gain_text("money", paid * per))
        ev(events, "payday", p.seat, text, colours=colours, paid=paid * per, lost_vp=lost)
    if final:
        return
    for c in p.workers:
        state.bag[c] += 1
    p.workers.clear()
    # Konsolidacja, krok 3: "Jeśli jest to konieczne, należy uzupełnić rzędy Robotników".
    draws: list[dict[str, Any]] = []
    bag = sum(state.bag.values())
    for r, short in enumerate(state.row_short):
        for _ in range(short):
            if len(draws) < bag:
                draws.append({"k": "chance", "what": "draw", "to": "row", "index": r, "topup": True})
    state.stack.extend(reversed(draws))
