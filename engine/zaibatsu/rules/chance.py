"""Chance: every random draw of the rulebook (set-up, workers from the bag, Takatoshi's tiles) as a
``CHANCE`` decision and its outcome."""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from functools import lru_cache
from typing import Any

from engine.core import CHANCE, Event, Outcome, components

from ..data import COLOURS
from ..state import ZState
from ..tables import tables
from ..words import SOLO_SLOT_NAMES, M, T, factory_name, factory_tile_name, listing, start_tile_text
from .basics import DIRS, WORKER_COLOURS, act, ev, name, region_name, start_text
from .hooks import solo

#: The prompt of each kind of random event (chance frame ``what``).
CHANCE_PROMPTS = {
    "draw": M("Random event: a worker is drawn from the bag."),
    "demand": M("Random event: a demand tile is drawn for a city."),
    "rotate": M("Random event: a demand tile is turned."),
    "factories": M("Random event: factories are drawn for the display."),
    "side": M("Random event: the side of a factory tile is drawn."),
    "modern": M("Random event: modern factories are drawn for the display."),
    "common": M("Random event: a common goal is drawn."),
    "first": M("Random event: the start player is drawn."),
    "pairA": M("Random event: a start tile A is drawn."),
    "pairB": M("Random event: a start tile B is drawn."),
    "regioncolour": M("Random event: a worker is drawn to mark a region."),
    "priority": M("Random event: a worker is drawn for the priority row."),
    "goal": M("Random event: a solo goal is drawn."),
    "reveal": M("{who} reveals an action tile", who=T("name", "Takatoshi")),
}


def chance_outcomes(state: ZState) -> list[Outcome]:
    """Weighted outcomes of the pending chance decision (empty if not a chance decision)."""
    if state.over or not state.stack or state.stack[-1]["k"] != "chance":
        return []
    f = state.stack[-1]
    what = f["what"]
    if what == "draw":
        return [_outcome(c, n) for c, n in state.bag.items() if n > 0]
    t = tables()
    if what == "demand":
        used = {m.tile for m in state.markets if m.tile}
        return [_outcome(d, 1) for d in sorted(t.demand) if d not in used]
    if what == "rotate":
        return [_outcome(f"r{r}", 1) for r in range(4)]
    if what == "factories":
        return list(_display_draws(f["goods"], t.count(state.options.players).factories_per_type))
    if what == "side":
        return [_outcome(s, 1) for s in ("A", "B")]
    if what == "first":
        return [_outcome(f"seat{i + 1}", 1) for i in range(state.options.players)]
    if what == "regioncolour":
        a = state.automa
        assert a is not None
        return [_outcome(c, 1) for c in COLOURS if c not in a.region_colours.values()]
    if what == "priority":
        a = state.automa
        assert a is not None
        return [_outcome(c, 1) for c in COLOURS if c not in a.priority]
    if what == "goal":
        a = state.automa
        assert a is not None
        return [_outcome(g.id, 1) for g in t.data.solo_goals if g.id not in a.goals.values()]
    if what == "reveal":
        a = state.automa
        assert a is not None
        return [_outcome(tile, 1) for tile in sorted(a.deck)]
    if what == "modern":
        return list(_display_draws(None, t.count(state.options.players).modern_factories))
    if what == "common":
        used = {g for goals in state.common_goals.values() for g in goals}
        return [_outcome(g.id, 1) for g in t.data.common_goals if g.id not in used]
    if what in ("pairA", "pairB"):
        side = what[-1]
        used = {x for pair in state.start_pairs for x in pair}
        ids = sorted(s.id for s in t.data.start_tiles if s.side == side and s.id not in used)
        return [_outcome(i, 1) for i in ids]
    raise AssertionError(what)


@components.data_cached("zaibatsu", 64)
def _display_draws(goods: str | None, k: int) -> tuple[Outcome, ...]:
    """The outcomes of drawing ``k`` factory tiles of ``goods`` (``None``: the modern factories) for
    the display: every combination, equally likely (the same for every game: cached)."""
    if goods is None:
        tiles = sorted({s.tile for s in tables().data.factories if s.modern})
    else:
        tiles = sorted({s.tile for s in tables().data.factories if s.goods == goods and not s.modern})
    return tuple(_outcome("+".join(c), 1) for c in itertools.combinations(tiles, k))


@lru_cache(maxsize=4096, typed=True)
def _outcome(value: str, weight: int) -> Outcome:
    """The chance outcome ``value`` with ``weight`` (outcomes are immutable: one shared object each)."""
    return Outcome(act("chance", value), weight)


def forced_chance(state: ZState, f: dict[str, Any]) -> bool:
    """Whether the chance frame ``f`` on top of the stack has a single outcome (no random event).

    Same answer as ``len(chance_outcomes(state)) == 1`` without building the outcomes of the
    frequent frames (a worker drawn from the bag, a demand tile turned, a factory side).
    """
    if state.over:
        return False  # chance_outcomes offers nothing once the game is over
    what = f["what"]
    if what == "draw":
        colours = 0
        for n in state.bag.values():
            if n > 0:
                colours += 1
                if colours > 1:
                    return False
        return colours == 1
    if what in ("rotate", "side"):
        return False  # always 4 rotations / 2 sides
    return len(chance_outcomes(state)) == 1


def apply_chance(state: ZState, f: dict[str, Any], value: str, events: list[Event] | None) -> None:
    """Apply a chance outcome to the state."""
    what = f["what"]
    if what == "draw":
        state.bag[value] -= 1
        target = state.hiring if f["to"] == "hiring" else state.waiting
        target[f["index"]].append(value)
        if events is not None:
            if f["to"] == "hiring":
                text = M("A {colour} worker is drawn onto hiring space {space}.", colour=WORKER_COLOURS[value],
                         space=f["index"] + 1)
            else:
                text = M("A {colour} worker is drawn onto waiting row {row}.", colour=WORKER_COLOURS[value],
                         row=f["index"] + 1)
            ev(events, "draw", CHANCE, text, colour=value, to=f["to"], index=f["index"], round=state.round,
               setup=all(p.start_a is None for p in state.players))
    elif what == "demand":
        state.markets[f["city"]].tile = value
        if events is not None:
            ev(events, "demand", CHANCE, M("Market {market} receives a demand tile.",
                                           market=state.markets[f["city"]].id),
               tile=value, market=state.markets[f["city"]].id)
    elif what == "rotate":
        m = state.markets[f["city"]]
        m.rotation = int(value[1:])
        if events is not None and m.tile is not None:
            goods = tables().slot_goods[(m.tile, m.rotation)]
            ev(events, "demand_goods", CHANCE,
               M("Market {market} asks for {slots}.", market=m.id, slots=demand_slots(goods)),
               market=m.id, goods=list(goods))
    elif what == "factories":
        picked = value.split("+")
        if state.options.first_game:
            # Rulebook: Common setup, factory display (docs/rules-notes.md D-17): all side A in a first game.
            state.display.extend(f"{tile}A" for tile in picked)
        else:
            for tile in reversed(picked):
                state.stack.append({"k": "chance", "what": "side", "tile": tile})
        if events is not None:
            factories_event(state, picked, events)
    elif what == "side":
        state.display.append(f"{f['tile']}{value}")
        if events is not None:
            side = f"{f['tile']}{value}"
            ev(events, "factory_side", CHANCE, M("{factory} is on offer.", factory=factory_name(side)), side=side)
    elif what == "modern":
        picked = value.split("+")
        if state.options.first_game:
            state.display.extend(f"{tile}A" for tile in picked)  # side A in a first game, like the others
        else:
            for tile in reversed(picked):
                state.stack.append({"k": "chance", "what": "side", "tile": tile})
        if events is not None:
            factories_event(state, picked, events, modern=True)
    elif what == "common":
        state.common_goals.setdefault(str(f["period"]), []).append(value)
        if events is not None:
            goal = next(g for g in tables().data.common_goals if g.id == value)
            ev(events, "common_goal", CHANCE, M("Common goal for period {period}: {goal}", goal=T("common goal", goal.text),
                                                period=f["period"]), goal=value, period=f["period"])
    elif what == "regioncolour":
        assert state.automa is not None
        state.automa.region_colours[f["region"]] = value
        if events is not None:
            ev(events, "solo", CHANCE, M("A {colour} worker marks {region}.", colour=WORKER_COLOURS[value],
                                         region=region_name(f["region"])))
    elif what == "priority":
        assert state.automa is not None
        state.automa.priority.append(value)
        if len(state.automa.priority) == len(COLOURS) and events is not None:
            ev(events, "solo", CHANCE, M("{who}'s priority row: {colours}.", who=T("name", "Takatoshi"),
                                         colours=listing([WORKER_COLOURS[c] for c in state.automa.priority])))
    elif what == "goal":
        a = state.automa
        assert a is not None
        t = tables()
        slots = sorted(t.n["solo_goal_slots"], key=lambda c: t.n["solo_goal_slots"][c])
        slot = slots[len(a.goals)]
        a.goals[slot] = value
        solo_goal = next(g for g in t.data.solo_goals if g.id == value)
        if events is not None:
            ev(events, "solo", CHANCE, M("Solo goal ({slot} slot): {goal}", slot=SOLO_SLOT_NAMES[slot],
                                         goal=T("solo goal", solo_goal.text)))
    elif what == "reveal":
        solo().automa_turn(state, value, events)
    elif what == "first":
        state.first_player = int(value[4:]) - 1
        if events is not None:
            ev(events, "first", CHANCE, M("{who} is the start player.", who=name(state, state.first_player)))
    elif what == "pairA":
        state.start_pairs.append([value])
    elif what == "pairB":
        state.start_pairs[f["pair"]].append(value)
        a, b = state.start_pairs[f["pair"]]
        if events is not None:
            ev(events, "pair", CHANCE, M("Start-tile pair {pair}: A: {a_text} B: {b_text}",
                                         pair=f["pair"] + 1, a_text=start_tile_text(a), b_text=start_text(b)),
               a=a, b=b)


def demand_slots(goods: Sequence[str]) -> str:
    """The goods a demand tile shows at a market's slots N, E, S, W, as one translatable list."""
    # i18n: one slot of a market and the goods it asks for ("N cotton"); the letter stays N/E/S/W.
    return listing([M("{slot} {goods}", slot=d, goods=T("goods", g)) for d, g in zip(DIRS, goods, strict=True)])


def factories_event(state: ZState, picked: list[str], events: list[Event], modern: bool = False) -> None:
    """The event of factory tiles drawn for the display (with their side in a first game, else the
    sides follow as ``factory_side`` events)."""
    if state.options.first_game:
        names = [factory_name(f"{tile}A") for tile in picked]
        sides = [f"{tile}A" for tile in picked]
    else:
        names = [factory_tile_name(tile) for tile in picked]
        sides = []
    if modern:
        text = M("Modern factories drawn for the display: {tiles}.", tiles=listing(names))
    else:
        text = M("Factories drawn for the display: {tiles}.", tiles=listing(names))
    ev(events, "factories", CHANCE, text, tiles=list(picked), sides=sides)


def apply_in_place_chance_forced(state: ZState, events: list[Event] | None) -> None:
    """Apply the only outcome of a chance decision (e.g. all 4 factories of a type at 4 players)."""
    f = state.stack.pop()
    outcome = chance_outcomes_for(state, f)[0]
    apply_chance(state, f, str(outcome.action.args[0]), events)


def chance_outcomes_for(state: ZState, f: dict[str, Any]) -> list[Outcome]:
    """Outcomes of chance frame ``f`` (pushed back temporarily)."""
    state.stack.append(f)
    try:
        return chance_outcomes(state)
    finally:
        state.stack.pop()
