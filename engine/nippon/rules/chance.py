"""Chance: every random draw of the set-up and of the refills (first player, reward tiles removed, city
tiles, workers from the bag) as a ``CHANCE`` decision and its outcome."""

from __future__ import annotations

from typing import Any

from engine.core import CHANCE, Action, Event, Outcome

from ..state import NState
from ..tables import tables
from ..words import M, listing
from .basics import ev, goods_name, name, reward_bonus_text, stack_key, top, worker_colour

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


def apply_chance(state: NState, f: dict[str, Any], value: str, events: list[Event]) -> None:
    """Apply a chance outcome (``value`` as in the notation without ``~``)."""
    what = f["what"]
    if what == "draw":
        state.bag[value] -= 1
        if f["to"] == "space":
            state.spaces[f["index"]].append(value)
            text = M("A {colour} worker is drawn onto action space {space}.", colour=worker_colour(value),
                     space=f["index"] + 1)
        else:
            state.rows[f["index"]].append(value)
            if f.get("topup"):
                state.row_short[f["index"]] -= 1
            text = M("A {colour} worker is drawn onto worker row {row}.", colour=worker_colour(value),
                     row=f["index"] + 1)
        ev(events, "draw", CHANCE, text, colour=value, to=f["to"], index=f["index"])
    elif what == "first":
        state.first_player = int(value[4:]) - 1
        # Wstępne Przygotowanie, krok 3: VP 10/11/12/13 in turn order from the first player.
        n = len(state.players)
        start = tables().count(n).start_vp
        for i in range(n):
            state.players[(state.first_player + i) % n].vp = start[i]
        ev(events, "first", CHANCE, M("{who} is the first player.", who=name(state, state.first_player)),
           first=state.first_player)
    elif what == "remove":
        key = stack_key(f["multiplier"], value)
        state.rewards[key] -= 1
        state.removed_rewards.append(key)
        ev(events, "reward_removed", CHANCE, M("A {mult}x reward tile ({bonus}) is removed from the game.",
                                               mult=f["multiplier"], bonus=reward_bonus_text(key)), stack=key)
    elif what == "city":
        city = state.cities[f["city"]]
        city.tile = value
        goods = listing([goods_name(g) for g in tables().city_tiles[value]])
        ev(events, "city", CHANCE, M("City tile {tile} ({goods}) goes to city {city}.", tile=value, goods=goods,
                                     city=city.id), city=city.id, tile=value)
    elif what == "rotate":
        state.cities[f["city"]].rotation = int(value[1:])
    else:  # pragma: no cover - frames are built by this module
        raise AssertionError(what)
