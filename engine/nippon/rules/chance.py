"""Chance: every random draw of the set-up and of the refills (first player, reward tiles removed, city
tiles, workers from the bag) as a ``CHANCE`` decision and its outcome."""

from __future__ import annotations

from typing import Any

from engine.core import CHANCE, Action, Event, Outcome

from ..naming import city_demand
from ..state import NState
from ..tables import tables
from ..words import M, amount, listing
from .basics import city_goods, ev, goods_name, name, reward_bonus_text, stack_key, top, worker_colour

#: The prompt of each kind of random event (chance frame ``what``).
CHANCE_PROMPTS = {
    "first": M("Random event: the first player is drawn."),
    "remove": M("Random event: a reward tile is removed from the game."),
    "city": M("Random event: a city tile is drawn for a city space."),
    "rotate": M("Random event: the orientation of a city tile is drawn."),
    "draw": M("Random event: a worker is drawn from the bag."),
}


def chance_outcomes(state: NState) -> list[Outcome]:
    """Weighted outcomes of the pending chance decision (empty if not a chance decision)."""
    if state.over or not state.stack or top(state)["k"] != "chance":
        return []
    return chance_outcomes_for(state, top(state))


def chance_outcomes_for(state: NState, f: dict[str, Any]) -> list[Outcome]:
    """Outcomes of chance frame ``f`` (weights are piece counts; uniform otherwise)."""
    t = tables()
    what = f["what"]
    if what == "draw":
        return [Outcome(Action("chance", (c,)), n) for c, n in state.bag.items() if n > 0]
    if what == "first":
        return [Outcome(Action("chance", (f"seat{i + 1}",)), 1) for i in range(state.options.players)]
    if what == "remove":
        m = f["multiplier"]
        return [Outcome(Action("chance", (kind,)), state.rewards[stack_key(m, kind)])
                for kind in t.reward_kinds if state.rewards.get(stack_key(m, kind), 0) > 0]
    if what == "city":
        used = {c.tile for c in state.cities if c.tile}
        return [Outcome(Action("chance", (tile,)), 1) for tile in t.city_tiles if tile not in used]
    if what == "rotate":
        return [Outcome(Action("chance", (f"r{r}",)), 1) for r in range(4)]
    raise AssertionError(what)


def apply_chance(state: NState, f: dict[str, Any], value: str, events: list[Event] | None) -> None:
    """Apply a chance outcome (``value`` as in the notation without ``~``)."""
    what = f["what"]
    if what == "draw":
        state.bag[value] -= 1
        if f["to"] == "space":
            state.spaces[f["index"]].append(value)
        else:
            state.rows[f["index"]].append(value)
            if f.get("topup"):
                state.row_short[f["index"]] -= 1
        if events is not None:
            if f["to"] == "space":
                text = M("A {colour} worker is drawn onto action space {space}.", colour=worker_colour(value),
                         space=f["index"] + 1)
            else:
                text = M("A {colour} worker is drawn onto worker row {row}.", colour=worker_colour(value),
                         row=f["index"] + 1)
            ev(events, "draw", CHANCE, text, colour=value, to=f["to"], index=f["index"])
    elif what == "first":
        state.first_player = int(value[4:]) - 1
        # Wstępne Przygotowanie, krok 3: VP 10/11/12/13 in turn order from the first player.
        n = len(state.players)
        start = tables().count(n).start_vp
        order = [(state.first_player + i) % n for i in range(n)]
        for i, seat in enumerate(order):
            state.players[seat].vp = start[i]
        if events is not None:
            # i18n: a player and their VP ("Red 10"), in the list of starting VP.
            vps = listing([M("{who} {vp}", who=name(state, s), vp=amount("vp", start[i]))
                           for i, s in enumerate(order)])
            ev(events, "first", CHANCE, M("{who} is the first player; starting VP in turn order: {vps}.",
                                          who=name(state, state.first_player), vps=vps),
               first=state.first_player, vp={str(s): start[i] for i, s in enumerate(order)})
    elif what == "remove":
        key = stack_key(f["multiplier"], value)
        state.rewards[key] -= 1
        state.removed_rewards.append(key)
        if events is not None:
            ev(events, "reward_removed", CHANCE, M("A {mult}x reward tile ({bonus}) is removed from the game.",
                                                   mult=f["multiplier"], bonus=reward_bonus_text(key)), stack=key)
    elif what == "city":
        city = state.cities[f["city"]]
        city.tile = value
        if events is not None:
            goods = listing([goods_name(g) for g in tables().city_tiles[value]])
            ev(events, "city", CHANCE, M("City {city} receives a city tile ({goods}).", goods=goods, city=city.id),
               city=city.id, tile=value)
    elif what == "rotate":
        city = state.cities[f["city"]]
        city.rotation = int(value[1:])
        if events is not None:
            demand = [city_goods(city, side) for side in range(4)]
            ev(events, "rotate", CHANCE, M("City {city} demands {demand}.", city=city.id,
                                           demand=city_demand(demand)), city=city.id, goods=demand)
    else:  # pragma: no cover - frames are built by this module
        raise AssertionError(what)
