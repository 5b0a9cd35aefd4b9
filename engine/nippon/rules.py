"""The rules of Nippon (What's Your Game?, 2015) for 2–4 players.

Rule references name the section headings of the Polish rulebook (the seed of this engine), e.g.
``# Konsolidacja, krok 3 (Nippon rulebook)``. Every number comes from ``data/*.json`` through :mod:`.tables`; gaps and defaults are listed in
``docs/rules-notes.md`` ("Nippon (2015)").

The engine is a small interpreter over a stack of frames (see :mod:`.state`): decision frames wait
for a seat (or ``CHANCE``); automatic frames (payday, end of turn, refills, the scoring marker,
the next turn) run inside :func:`advance` until the next decision. A multi-step action is a
sequence of decisions, one repetition at a time, each paid at its marginal price
(1 / 3 / 6 → 1, +2, +3), so "perform in full" is checked step by step: a choice is only offered if
it can be completed.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from functools import cache, lru_cache
from typing import Any

from engine.core import CHANCE, Action, Decision, Event, IllegalAction, Outcome, components
from engine.core.majority import influence_value, placement, rank_groups, split_places
from engine.core.workers import refill_from_top_row

from .data import TRACKS
from .state import PLAYER_COLOURS, CityState, Factory, NState, Options, Player, Transport
from .tables import tables
from .words import ACTION_NAMES, TRACK_NAMES, M, Mn, T, amount, listing

SIDES = "NESW"

# ------------------------------------------------------------------------------------------------
# Terms used in texts
# ------------------------------------------------------------------------------------------------

#: A player's name in texts: their colour as a name ("Red takes …").
PLAYER_NAMES = {c: T("player", c.capitalize()) for c in PLAYER_COLOURS}


@components.data_cached("nippon")
def goods_name(goods: str) -> str:
    """A good (by id, ``bulbs``) as a term (its English name from data)."""
    return T("goods", tables().goods[goods].name)


@cache
def worker_colour(colour: str) -> str:
    """A worker colour as a term."""
    return T("worker colour", colour)


@components.data_cached("nippon")
def region_name(region: str) -> str:
    """A region (by id, ``R1``) as a term."""
    return T("region", tables().region_by_id[region].name)


@components.data_cached("nippon")
def bonus_text(tile: str) -> str:
    """The bonus text of a factory tile (by id, ``SI-3``) as a term."""
    return T("factory bonus", tables().factory(tile).text)


@components.data_cached("nippon")
def achievement_text(achievement: str) -> str:
    """The text of an achievement space (by id, ``A4``) as a term."""
    return T("achievement", tables().achievements[achievement].text)


def name(state: NState, seat: int) -> str:
    """Display name of a seat: its colour as a term."""
    return PLAYER_NAMES[state.players[seat].colour]


def gain_text(kind: str, n: int) -> str:
    """An amount of money/coal/blueprints/VP as a Msg."""
    return amount(kind, n)


# ------------------------------------------------------------------------------------------------
# Setup (Wstępne Przygotowanie)
# ------------------------------------------------------------------------------------------------


def validate_options(options: dict[str, Any]) -> Options:
    """Check table options: ``players`` 2–4. ``modules`` must be empty (Nippon has none) and
    ``first_game`` (a flag a player may set on any game in Discord) is accepted and ignored — Nippon has no
    first-game set-up (see ``NipponGame.option_warnings``). Any other key is refused.

    Raises :class:`~engine.core.IllegalAction` (a ``ValueError``) whose ``reason`` is a Msg.
    """
    if not isinstance(options, dict):
        raise IllegalAction(M("Table options must be a mapping such as {example}.", example="{'players': 3}"))
    players = options.get("players", 2)
    if isinstance(players, bool) or not isinstance(players, int) or players not in (2, 3, 4):
        raise IllegalAction(M("Nippon is played by 2 to 4 players."))
    unknown = sorted(str(k) for k in options if k not in ("players", "modules", "first_game"))
    if unknown:
        raise IllegalAction(M("Nippon has no option {option}; the only option is the number of players.",
                              option=", ".join(unknown)))
    if options.get("modules"):
        raise IllegalAction(M("Nippon has no modules."))
    return Options(players=players)


def setup(options: dict[str, Any], seed: int) -> NState:
    """Build the initial state; every random step is a pending ``CHANCE`` decision.

    Order of the random events (Wstępne Przygotowanie): first player; reward tiles removed at 2–3
    players (per multiplier pile, before the piles are split by bonus); per city space a city tile
    then its orientation; 3 workers per action space, then the worker rows top to bottom.
    Raises :class:`IllegalAction` for invalid options.
    """
    opts = validate_options(options)
    t = tables()
    n = opts.players
    pc = t.count(n)
    # Wstępne Przygotowanie, krok 10-11: 8 workers per colour, minus 1/2 per colour at 3/2 players.
    bag = {c: t.colour_count[c] - pc.workers_removed_per_colour for c in t.colours}
    players = []
    for seat in range(n):
        p = Player(seat=seat, colour=PLAYER_COLOURS[seat])
        p.money = t.n["start_money"]
        p.coal = t.n["start_coal"]
        p.blueprints = t.n["start_blueprints"]
        p.ships = p.trains = t.n["transport_tiles"]
        p.ship_value = t.n["start_ship_value"]
        p.train_value = t.n["start_train_value"]
        p.contracts = list(t.contract_ids)
        p.influence = list(t.influence_tiles)
        players.append(p)
    rewards: dict[str, int] = {}
    for r in t.data.reward_tiles:
        key = stack_key(r.multiplier, r.bonus.kind())
        rewards[key] = rewards.get(key, 0) + 1
    rows = t.rows(n)
    state = NState(
        options=opts,
        seed=seed,
        players=players,
        bag=bag,
        spaces=[[] for _ in t.spaces],
        rows=[[] for _ in range(rows.rows)],
        row_short=[0] * rows.rows,
        cities=[CityState(id=c.id, region=c.region) for c in t.cities],
        transport={r: [] for r in t.region_ids},
        rewards=rewards,
        multipliers=len(t.data.multiplier_tiles),
        display=list(t.factory_ids),
    )
    # Frames are pushed in reverse: the last pushed runs first.
    state.stack.append({"k": "begin"})
    for r in reversed(range(rows.rows)):
        for _ in range(rows.size):
            state.stack.append({"k": "chance", "what": "draw", "to": "row", "index": r})
    for s in reversed(range(len(t.spaces))):
        for _ in range(t.n["workers_per_action_space"]):
            state.stack.append({"k": "chance", "what": "draw", "to": "space", "index": s})
    for c in reversed(range(len(t.cities))):
        state.stack.append({"k": "chance", "what": "rotate", "city": c})
        state.stack.append({"k": "chance", "what": "city", "city": c})
    for m in reversed(t.multipliers):
        for _ in range(pc.rewards_removed_per_pile):
            state.stack.append({"k": "chance", "what": "remove", "multiplier": m})
    state.stack.append({"k": "chance", "what": "first"})
    advance(state, [])
    return state


def stack_key(multiplier: int, kind: str) -> str:
    """The id of a reward stack: multiplier and bonus kind (``"3:coal"``)."""
    return f"{multiplier}:{kind}"


# ------------------------------------------------------------------------------------------------
# Small helpers: tracks, factories, prices, pieces
# ------------------------------------------------------------------------------------------------


def top(state: NState) -> dict[str, Any]:
    """The frame on top of the stack (the current decision once :func:`advance` has run)."""
    return state.stack[-1]


def ev(events: list[Event], kind: str, seat: int | None, text: str, /, **data: Any) -> None:
    """Append an :class:`Event`; ``text`` is a Msg of the ``nippon`` domain, ``data`` the facts."""
    events.append(Event(kind=kind, seat=seat, text=text, data=data))


def pos_attr(track: str) -> str:
    """The :class:`Player` attribute holding the marker of ``track``."""
    return f"{track}_pos"


def track_value(p: Player, track: str) -> int:
    """The number at or below the marker of ``track`` (money in thousand yen, coal cubes, knowledge level)."""
    return tables().track_value[track][getattr(p, pos_attr(track))]


def room(p: Player, track: str) -> int:
    """Spaces left above the marker of ``track`` (markers never pass the top, Wstępne Przygotowanie)."""
    return tables().track_len[track] - 1 - getattr(p, pos_attr(track))


def move_track(p: Player, track: str, steps: int) -> int:
    """Move the marker of ``track`` up ``steps`` spaces, stopping at the top. Returns spaces moved."""
    # Wstępne Przygotowanie, krok 5, Uwaga (Nippon rulebook): markers never go past the top.
    moved = max(0, min(steps, room(p, track)))
    setattr(p, pos_attr(track), getattr(p, pos_attr(track)) + moved)
    return moved


def factory_of(p: Player, goods: str) -> Factory | None:
    """The player's factory of ``goods`` (at most one per good), or ``None``."""
    for f in p.factories:
        if f.goods == goods:
            return f
    return None


def ops_of(p: Player, op: str) -> list[Any]:
    """Bonus ops named ``op`` on the player's factories (one-time and permanent)."""
    t = tables()
    return [o for f in p.factories for o in t.factory(f.tile).ops if o.op == op]


@components.data_cached("nippon", 64)
def tile_ops(tile: str, op: str) -> tuple[Any, ...]:
    """Ops named ``op`` printed on factory tile ``tile``."""
    return tuple(o for o in tables().factory(tile).ops if o.op == op)


def prices_for(p: Player, action: str) -> tuple[int, ...]:
    """Cumulative prices (thousand yen) for 1..3 repetitions of ``action``, factory bonuses included."""
    for o in ops_of(p, "prices"):
        if o.action == action:
            return o.prices
    return tables().cumulative(action)


def marginal(cumulative: tuple[int, ...], done: int) -> int:
    """Price of repetition ``done + 1`` given cumulative prices (1/3/6 → 1, 2, 3)."""
    return cumulative[done] - (cumulative[done - 1] if done else 0)


def extra_steps(p: Player, action: str) -> int:
    """Extra track spaces per Knowledge/Mines action from a factory bonus (0 without one)."""
    return sum(o.steps for o in ops_of(p, "extra_steps") if o.action == action)


def production_coal(f: Factory) -> int:
    """Coal one run of factory ``f`` needs (its good's coal, or less with its own bonus)."""
    own = tile_ops(f.tile, "production_coal")
    return own[0].coal if own else tables().goods[f.goods].coal


def production_gain(f: Factory) -> int:
    """Goods one run of ``f`` makes: 1 + machine + its own extra-good bonus, capped by free storage."""
    extra = sum(o.n for o in tile_ops(f.tile, "extra_good"))
    free = tables().goods[f.goods].storage - f.stored
    return min(1 + f.machine + extra, free)


def knowledge_short(p: Player, tile: str) -> int:
    """Knowledge levels missing to build ``tile`` (paid with 1 blueprint each)."""
    need = tables().goods[tables().factory(tile).goods].knowledge
    return max(0, need - track_value(p, "knowledge"))


def empty_spaces(p: Player, row: str) -> int:
    """How many leftmost spaces of the ships/trains row are empty (tiles are taken leftmost first)."""
    n = tables().n["transport_tiles"]
    return n - (p.ships if row == "ships" else p.trains)


def icons_revealed(p: Player) -> list[Any]:
    """The money icons whose covering spaces are all empty."""
    return [i for i in tables().money_icons if all(idx <= empty_spaces(p, row) for row, idx in i.covers)]


def icon_steps(p: Player, icon: Any) -> int:
    """Money-track spaces an uncovered icon gives: printed steps, or the Silk bonus' (2)."""
    boost = [o.steps for o in ops_of(p, "icon_steps")]
    return max([icon.steps, *boost])


def region_influence(state: NState, seat: int, region: str) -> int:
    """A player's influence in a region (Podliczanie Punktów): tiles + trains if ≥ 1 tile there."""
    tiles = sum(s[1] for c in state.cities if c.region == region for s in c.slots if s is not None and s[0] == seat)
    if tiles == 0:
        return 0
    return tiles + sum(x.value for x in state.transport[region] if x.kind == "train" and x.seat == seat)


def foreign_influence(state: NState, region: str) -> int:
    """The foreign companies' influence: printed numbers of the uncovered influence spaces."""
    t = tables()
    return sum(t.city_by_id[c.id].printed[i] for c in state.cities if c.region == region
               for i, s in enumerate(c.slots) if s is None)


def city_goods(city: CityState, side: int) -> str:
    """The good demanded next to influence space ``side`` (0=N … 3=W) of a city's turned tile."""
    return tables().city_tiles[city.tile][(side - city.rotation) % 4]  # type: ignore[index]


def city_limit(state: NState) -> int:
    """Most influence tiles one city may hold at this player count (Dostępność pól Wpływu)."""
    return tables().count(state.options.players).city_limit


def transport_capacity(state: NState) -> int:
    """Train/ship spaces per region at this player count."""
    return tables().count(state.options.players).transport_spaces


def lose_vp(p: Player, n: int) -> int:
    """Lose up to ``n`` VP (never below 0, rules-notes N-9). Returns the VP actually lost."""
    lost = min(n, p.vp)
    p.vp -= lost
    return lost


def gain(state: NState, p: Player, bonus: Any, events: list[Event], why: str) -> None:
    """Gain a bonus (:class:`~.data.Amounts`): money, coal, blueprints or VP; one event."""
    kind = bonus.kind()
    n = bonus.value()
    if kind == "vp":
        p.vp += n
    else:
        setattr(p, kind, getattr(p, kind) + n)
    ev(events, "gain", p.seat, M("{who} gains {amount} ({why}).", who=name(state, p.seat), amount=gain_text(kind, n),
                                 why=why), kind=kind, n=n)


# ------------------------------------------------------------------------------------------------
# Decisions and prompts
# ------------------------------------------------------------------------------------------------

#: The prompt of each kind of random event (chance frame ``what``).
CHANCE_PROMPTS = {
    "first": M("Random event: the first player is drawn."),
    "remove": M("Random event: a reward tile is removed from the game."),
    "city": M("Random event: a city tile is drawn for a city space."),
    "rotate": M("Random event: the orientation of a city tile is drawn."),
    "draw": M("Random event: a worker is drawn from the bag."),
}
FREE_PROMPTS = {
    "ship": M("place a free ship (or done)"),
    "train": M("place a free train (or done)"),
    "machine": M("make a free factory upgrade (or done)"),
}


def decision(state: NState) -> Decision:
    """The pending decision: seat (or ``CHANCE``/``None``), its kind and a prompt (a Msg)."""
    frame = state.stack[-1] if state.stack and not state.over else None
    if frame is None:
        return Decision(None, "over", M("The game is over."))
    if frame["k"] == "chance":
        return Decision(CHANCE, "chance", CHANCE_PROMPTS[frame["what"]])
    f, k, seat = frame, frame["k"], frame["seat"]
    who = name(state, seat)
    if k == "turn":
        return Decision(seat, "turn", _prompt(who, "turn"))
    if k == "act":
        return Decision(seat, "action", _prompt(who, "act", f["action"], f["n"] + 1))
    if k == "free":
        return Decision(seat, "free", _prompt(who, "free", f["piece"]))
    if k == "reward":
        return Decision(seat, "reward", _prompt(who, "reward", "", f["level"]))
    if k == "place":
        return Decision(seat, "place", _prompt(who, "place", "", f["mult"]))
    raise AssertionError(f"frame {k} is not a decision")


@lru_cache(maxsize=512)
def _prompt(who: str, k: str, what: str = "", extra: Any = None) -> str:
    """The prompt of a decision frame (cached: prompts are immutable Msgs)."""
    if k == "turn":
        prompt = M("take a worker for an action, or consolidate")
    elif k == "act":
        if extra == 1:
            prompt = M("{action} — choose the first repetition", action=ACTION_NAMES[what])
        else:
            prompt = M("{action} — repetition {number} (or done)", action=ACTION_NAMES[what], number=extra)
    elif k == "free":
        prompt = FREE_PROMPTS[what]
    elif k == "reward":
        prompt = M("choose an Emperor's reward tile of multiplier {level}x or lower", level=extra)
    else:
        prompt = M("choose the achievement space for your {mult}x tile", mult=extra)
    # i18n: A decision: who acts, then what they are asked ("Red: take a worker …").
    return M("{who}: {prompt}", who=who, prompt=prompt)


# ------------------------------------------------------------------------------------------------
# Chance
# ------------------------------------------------------------------------------------------------


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


def reward_bonus_text(key: str) -> str:
    """The front bonus of a reward stack (``"3:coal"`` → "2 coal") as a Msg."""
    m, kind = key.split(":")
    bonus = tables().reward_bonus[(int(m), kind)]
    return gain_text(kind, bonus.value())


# ------------------------------------------------------------------------------------------------
# Legal actions
# ------------------------------------------------------------------------------------------------


def legal_actions(state: NState) -> list[Action]:
    """Every legal action at the current decision (chance: every possible outcome)."""
    if state.over or not state.stack:
        return []
    f = top(state)
    if f["k"] == "chance":
        return [o.action for o in chance_outcomes(state)]
    acts = core_actions(state)
    acts.extend(blueprint_actions(state))
    return acts


def core_actions(state: NState) -> list[Action]:
    """Legal actions of the current decision frame, without the free blueprint conversions."""
    f = top(state)
    k = f["k"]
    p = state.players[f["seat"]]
    if k == "turn":
        return turn_actions(state, p)
    if k == "act":
        acts = list(repetitions(state, p, f))
        if f["n"] > 0:
            acts.append(Action("done"))
        return acts
    if k == "free":
        acts = list(free_options(state, p, f))
        acts.append(Action("done"))
        return acts
    if k == "reward":
        return reward_options(state, p, f["level"])
    if k == "place":
        return [Action("place", (a,)) for a in tables().achievement_ids if a not in p.achievements]
    raise AssertionError(k)


def blueprint_actions(state: NState) -> list[Action]:
    """The free conversion (Kolejność rozgrywki): discard 3 blueprints, one marker +1 space.

    Offered at every decision of your own turn, but only if the decision can still be completed
    afterwards (e.g. not when the blueprints are needed for the factory you are about to build).
    """
    t = tables()
    f = top(state)
    p = state.players[f["seat"]]
    cost = t.n["blueprint_conversion"]
    if p.blueprints < cost:
        return []
    out = []
    for track in TRACKS:
        if room(p, track) < 1:
            continue
        if f["k"] == "turn" or (f["k"] == "act" and f["n"] > 0):
            out.append(Action("bp", (track,)))  # consolidation / 'done' always completes these
            continue
        attr = pos_attr(track)
        p.blueprints -= cost
        setattr(p, attr, getattr(p, attr) + 1)
        try:
            ok = bool(core_actions(state))
        finally:
            p.blueprints += cost
            setattr(p, attr, getattr(p, attr) - 1)
        if ok:
            out.append(Action("bp", (track,)))
    return out


def turn_actions(state: NState, p: Player) -> list[Action]:
    """Legal turn choices (Kolejność rozgrywki): take a worker for an action, or consolidate.

    A worker may be taken only onto an empty worker space, and only for an action the player can
    perform in full (at least its first repetition; "Ważne: … tylko taką Akcję, którą jest w stanie
    wykonać w całości"). Consolidation is always allowed, also with no worker (rules-notes N-8).
    """
    t = tables()
    out: list[Action] = []
    if len(p.workers) < t.n["worker_slots"]:
        possible: dict[str, bool] = {}
        for s, space in enumerate(state.spaces):
            if not space:
                continue
            colours = sorted(set(space), key=t.colours.index)
            for action in t.spaces[s].actions:
                if action not in possible:
                    probe = new_act_frame(p.seat, action, s)
                    possible[action] = next(repetitions(state, p, probe), None) is not None
                if possible[action]:
                    out.extend(Action("take", (s + 1, action, c)) for c in colours)
    out.append(Action("consolidate"))
    return out


def new_act_frame(seat: int, action: str, space: int) -> dict[str, Any]:
    """A fresh frame for an action in progress (``n`` repetitions done, ``used`` ids this action)."""
    return {"k": "act", "seat": seat, "action": action, "space": space, "n": 0, "used": [], "region": None}


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


def invest_options(state: NState, p: Player) -> Iterator[Action]:
    """Factories the player may build now (Inwestycje w nowy przemysł): any tile in the display of a
    good they do not own, 6,000 yen, and a blueprint per missing knowledge level."""
    t = tables()
    if p.money < t.cumulative("invest")[0]:
        return
    owned = {f.goods for f in p.factories}
    for tile in state.display:
        if t.factory(tile).goods in owned:
            continue
        if knowledge_short(p, tile) <= p.blueprints:
            yield Action("factory", (tile,))


def machine_options(p: Player) -> Iterator[Action]:
    """Upgrades (Mechanizacja): install +1 on a factory without a machine or flip +1 to +2; only
    when no factory can take one, a machinery tile may be bought into the personal supply."""
    t = tables()
    upgradable = [f for f in p.factories if f.machine < t.n["machine_max"]]
    if upgradable:
        for fac in upgradable:
            yield Action("machine", (fac.goods,))
    else:
        yield Action("machine", ("supply",))


def transport_options(state: NState, p: Player, piece: str, used: list[str]) -> Iterator[Action]:
    """Regions where the next train/ship may go: a free train/ship space, not yet used by this action."""
    left = p.ships if piece == "ship" else p.trains
    if left <= 0:
        return
    cap = transport_capacity(state)
    for r in tables().region_ids:
        if r not in used and len(state.transport[r]) < cap:
            yield Action(piece, (r,))


def export_options(p: Player) -> Iterator[Action]:
    """Contracts the player can fulfil now (Eksport), with the good paying each requirement.

    Goods are listed in the contract's requirement order (largest first); goods paying equal
    requirements are listed in rulebook goods order, so each way of paying has one notation.
    """
    t = tables()
    stock = {f.goods: f.stored for f in p.factories if f.stored > 0}
    if not stock:
        return
    order = t.goods_index
    for cid in p.contracts:
        req = t.contracts[cid].requires
        if len(req) > len(stock):
            continue
        for combo in itertools.permutations(sorted(stock, key=order.__getitem__), len(req)):
            if any(stock[g] < r for g, r in zip(combo, req)):
                continue
            if any(req[i] == req[i + 1] and order[combo[i]] > order[combo[i + 1]] for i in range(len(req) - 1)):
                continue  # one notation per way of paying (equal requirements in goods order)
            yield Action("export", (cid, *combo))


def market_options(state: NState, p: Player, region: str | None) -> Iterator[Action]:
    """Influence placements (Rynek lokalny, Dostępność pól Wpływu) for the next tile.

    ``Action("market", (city, side, cubes, value, evict))``: discard ``cubes`` goods of the good
    shown at ``side`` of ``city`` and place a tile of ``value`` ≤ 2 × (level − 1) + cubes there;
    ``evict`` names the lowest tile that returns from a full city (2–3 players) when several tie,
    else ``"-"``. All tiles of one action go to one region.
    """
    t = tables()
    if not p.influence:
        return
    values = sorted(set(p.influence))
    limit = city_limit(state)
    for city in state.cities:
        if region is not None and city.region != region:
            continue
        slot_values = [s[1] if s is not None else None for s in city.slots]
        for side in range(4):
            goods = city_goods(city, side)
            fac = factory_of(p, goods)
            if fac is None or fac.stored == 0:
                continue
            level = t.goods[goods].level
            for cubes in range(1, min(3, fac.stored) + 1):
                # Wartość żetonu Wpływu (Nippon rulebook): table value, a lower tile is always allowed.
                top_value = influence_value(level, cubes)
                for value in values:
                    if value > top_value:
                        break
                    # Dostępność pól Wpływu (Nippon rulebook): strictly higher replaces; 2-3 player limit.
                    ok, evictable = placement(slot_values, side, value, limit)
                    if not ok:
                        continue
                    if len(evictable) > 1:
                        for e in evictable:
                            yield Action("market", (city.id, SIDES[side], cubes, value, SIDES[e]))
                    else:
                        yield Action("market", (city.id, SIDES[side], cubes, value, "-"))


def free_options(state: NState, p: Player, f: dict[str, Any]) -> Iterator[Action]:
    """Choices of a free factory bonus (Lenses/Clocks: place a free ship/train; Light bulbs: upgrade)."""
    if f["left"] <= 0:
        return
    if f["piece"] == "machine":
        yield from machine_options(p)
    else:
        yield from transport_options(state, p, f["piece"], f["used"])


def reward_options(state: NState, p: Player, level: int) -> list[Action]:
    """Reward tiles the player may take (Konsolidacja, krok 2): any stack of multiplier ≤ level."""
    t = tables()
    return [Action("reward", (m, kind)) for m in t.multipliers if m <= level for kind in t.reward_kinds
            if state.rewards.get(stack_key(m, kind), 0) > 0]


# ------------------------------------------------------------------------------------------------
# Applying actions
# ------------------------------------------------------------------------------------------------


def apply_in_place(state: NState, action: Action) -> list[Event]:
    """Apply ``action`` (assumed legal) to ``state`` in place and run automatic frames."""
    events: list[Event] = []
    f = top(state)
    k = f["k"]
    if action.kind == "chance":
        apply_chance(state, state.stack.pop(), str(action.args[0]), events)
    elif action.kind == "bp":
        convert_blueprints(state, state.players[f["seat"]], str(action.args[0]), events)
    elif k == "turn":
        apply_turn(state, f, action, events)
    elif k == "act":
        apply_repetition(state, f, action, events)
    elif k == "free":
        apply_free(state, f, action, events)
    elif k == "reward":
        state.stack.pop()
        take_reward(state, state.players[f["seat"]], int(action.args[0]), str(action.args[1]), events)
    elif k == "place":
        state.stack.pop()
        place_tile(state, state.players[f["seat"]], f["mult"], str(action.args[0]), events)
    else:  # pragma: no cover
        raise AssertionError(k)
    advance(state, events)
    return events


def convert_blueprints(state: NState, p: Player, track: str, events: list[Event]) -> None:
    """Kolejność rozgrywki: discard 3 blueprints (by value) to move one marker up one space."""
    cost = tables().n["blueprint_conversion"]
    p.blueprints -= cost
    move_track(p, track, 1)
    ev(events, "blueprints", p.seat, M("{who} discards {blueprints}: {track} +1.", who=name(state, p.seat),
                                       blueprints=gain_text("blueprints", cost), track=TRACK_NAMES[track]),
       track=track)


def apply_turn(state: NState, f: dict[str, Any], action: Action, events: list[Event]) -> None:
    """Take a worker (Dobranie Robotnika) or consolidate (Konsolidacja)."""
    p = state.players[f["seat"]]
    state.stack.pop()
    if action.kind == "consolidate":
        consolidate(state, p, events)
        return
    space, act, colour = int(action.args[0]) - 1, str(action.args[1]), str(action.args[2])
    # Kolejność rozgrywki: the worker goes to the leftmost empty worker space of the player board.
    state.spaces[space].remove(colour)
    p.workers.append(colour)
    ev(events, "take", p.seat, M("{who} takes a {colour} worker from action space {space}: {action}.",
                                 who=name(state, p.seat), colour=worker_colour(colour), space=space + 1,
                                 action=ACTION_NAMES[act]), space=space + 1, action=act, colour=colour)
    state.stack.append(new_act_frame(p.seat, act, space))


def apply_repetition(state: NState, f: dict[str, Any], action: Action, events: list[Event]) -> None:
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
        ev(events, "track", p.seat, M("{who} pays {price}: {track} +1 (now {value}).", who=who,
                                      price=gain_text("money", price), track=TRACK_NAMES[track],
                                      value=track_value(p, track)), track=track, price=price)
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


def finish_action(state: NState, f: dict[str, Any], events: list[Event]) -> None:
    """End of an action: the +1 extra space of Paper/Bento bonuses, then the end of the turn."""
    p = state.players[f["seat"]]
    act = f["action"]
    if act in ("knowledge", "mines") and f["n"] > 0:
        steps = extra_steps(p, act)
        if steps:
            track = "knowledge" if act == "knowledge" else "coal"
            moved = move_track(p, track, steps)
            ev(events, "track", p.seat, M("{who}'s factory bonus: {track} +{steps} extra.",
                                          who=name(state, p.seat), track=TRACK_NAMES[track], steps=moved),
               track=track, extra=moved)
    state.stack.append({"k": "end_turn", "seat": p.seat, "space": f["space"]})


def build_factory(state: NState, p: Player, tile: str, events: list[Event]) -> None:
    """Inwestycje w nowy przemysł: pay 6,000 yen and a blueprint per missing knowledge level; place
    the factory; install stored machines; resolve the tile's one-time bonus."""
    t = tables()
    rec = t.factory(tile)
    short = knowledge_short(p, tile)
    cost = t.cumulative("invest")[0]
    # Inwestycje w nowy przemysł (Nippon rulebook): knowledge is not spent, blueprints cover the gap.
    p.money -= cost
    p.blueprints -= short
    state.display.remove(tile)
    fac = Factory(tile=tile, goods=rec.goods)
    p.factories.append(fac)
    ev(events, "factory", p.seat, M("{who} builds factory {tile} ({goods}) for {price}: {bonus}.",
                                    who=name(state, p.seat), tile=tile, goods=goods_name(rec.goods),
                                    price=gain_text("money", cost), bonus=bonus_text(tile)),
       tile=tile, blueprints=short)
    # Mechanizacja, Uwaga: stored machinery tiles must be installed at once, the second upgrades it.
    # Order (rules-notes N-6): stored machines before the one-time bonus.
    while p.machines and fac.machine < t.n["machine_max"]:
        p.machines -= 1
        fac.machine += 1
        ev(events, "machine", p.seat, M("{who} installs a stored machine: {goods} factory +{level}.",
                                        who=name(state, p.seat), goods=goods_name(rec.goods), level=fac.machine),
           goods=rec.goods, level=fac.machine, stored=True)
    for op in rec.ops:
        factory_op(state, p, tile, op, events)


def factory_op(state: NState, p: Player, tile: str, op: Any, events: list[Event]) -> None:
    """The immediate part of a factory bonus when it is built (Pomoc Gracza, Żetony Fabryk)."""
    who = name(state, p.seat)
    if op.op == "gain":
        kind = "money" if op.money else "blueprints" if op.blueprints else "coal"
        n = op.money or op.blueprints or op.coal
        setattr(p, kind, getattr(p, kind) + n)
        ev(events, "gain", p.seat, M("{who} gains {amount} ({why}).", who=who, amount=gain_text(kind, n),
                                     why=bonus_text(tile)), kind=kind, n=n)
    elif op.op == "track":
        moved = move_track(p, op.track, op.steps)
        ev(events, "track", p.seat, M("{who}'s factory bonus: {track} +{steps}.", who=who,
                                      track=TRACK_NAMES[op.track], steps=moved), track=op.track, steps=moved)
    elif op.op == "flip":
        if op.piece == "ship":
            p.ship_value = op.value
        else:
            p.train_value = op.value
        ev(events, "flip", p.seat, M("{who}'s factory bonus: {bonus}.", who=who, bonus=bonus_text(tile)),
           piece=op.piece, value=op.value)
    elif op.op == "free_build":
        state.stack.append({"k": "free", "seat": p.seat, "piece": op.piece, "left": op.count, "used": []})
    elif op.op == "free_upgrades":
        state.stack.append({"k": "free", "seat": p.seat, "piece": "machine", "left": op.count, "used": []})
    elif op.op == "icon_steps":
        # SI-3 applies retroactively: icons uncovered before the factory was built pay the difference.
        extra = sum(max(0, op.steps - i.steps) for i in icons_revealed(p))
        if extra:
            moved = move_track(p, "money", extra)
            ev(events, "icon", p.seat, M("{who}'s factory bonus: money track +{steps} for icons already "
                                         "uncovered.", who=who, steps=moved), steps=moved)


def produce(state: NState, p: Player, goods: str, events: list[Event]) -> None:
    """Produkcja Towarów: pay the factory's coal; 1 good + machine (+ bonus), up to free storage."""
    fac = factory_of(p, goods)
    assert fac is not None
    coal = production_coal(fac)
    made = production_gain(fac)
    p.coal -= coal
    fac.stored += made
    ev(events, "produce", p.seat, M("{who} pays {coal} and produces {goods_n} in the {goods} factory.",
                                    who=name(state, p.seat), coal=gain_text("coal", coal),
                                    goods_n=gain_text("goods", made), goods=goods_name(goods)),
       goods=goods, coal=coal, made=made)


def upgrade(state: NState, p: Player, target: str, price: int, events: list[Event]) -> None:
    """Mechanizacja: install +1, flip +1 to +2, or buy a machinery tile for the personal supply."""
    who = name(state, p.seat)
    if target == "supply":
        p.machines += 1
        ev(events, "machine", p.seat, M("{who} buys a machinery tile for {price} and keeps it for the next "
                                        "factory.", who=who, price=gain_text("money", price)),
           goods="supply", price=price)
        return
    fac = factory_of(p, target)
    assert fac is not None
    fac.machine += 1
    ev(events, "machine", p.seat, M("{who} upgrades the {goods} factory to +{level} ({price}).", who=who,
                                    goods=goods_name(target), level=fac.machine, price=gain_text("money", price)),
       goods=target, level=fac.machine, price=price)


def build_transport(state: NState, p: Player, piece: str, region: str, price: int, events: list[Event]) -> None:
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
    if piece == "ship":
        text = M("{who} builds a ship ({vp}) in {region} for {price}.", who=who, vp=gain_text("vp", value),
                 region=region_name(region), price=gain_text("money", price))
    else:
        text = M("{who} builds a train (+{value}) in {region} for {price}.", who=who, value=value,
                 region=region_name(region), price=gain_text("money", price))
    ev(events, piece, p.seat, text, region=region, value=value, price=price)
    for icon in icons_revealed(p):
        if icon.id in before:
            continue
        moved = move_track(p, "money", icon_steps(p, icon))
        ev(events, "icon", p.seat, M("{who} uncovers a money icon: money track +{steps}.", who=who, steps=moved),
           icon=icon.id, steps=moved)


def fulfil_contract(state: NState, p: Player, cid: str, goods: list[str], events: list[Event]) -> None:
    """Eksport: discard the goods in full, gain the bonus, money marker up, contract face down."""
    t = tables()
    c = t.contracts[cid]
    for g, n in zip(goods, c.requires):
        fac = factory_of(p, g)
        assert fac is not None
        fac.stored -= n
    p.contracts.remove(cid)
    p.contracts_done.append(cid)
    who = name(state, p.seat)
    paid = listing([M("{n} {goods}", n=n, goods=goods_name(g)) for g, n in zip(goods, c.requires)])
    ev(events, "export", p.seat, M("{who} fulfils contract {contract} with {goods}.", who=who, contract=cid,
                                   goods=paid), contract=cid, goods=goods)
    gain(state, p, c.bonus, events, M("contract {contract}", contract=cid))
    moved = move_track(p, "money", c.money_steps)
    if moved:
        ev(events, "track", p.seat, M("{who}: {track} +{steps}.", who=who, track=TRACK_NAMES["money"], steps=moved),
           track="money", steps=moved)


def place_influence(state: NState, p: Player, action: Action, events: list[Event]) -> None:
    """Rynek lokalny: discard the cubes, place the tile, return a replaced or evicted tile, gain the
    region bonus (one per tile placed)."""
    t = tables()
    cid, side, cubes, value, evict = (str(action.args[0]), SIDES.index(str(action.args[1])), int(action.args[2]),
                                      int(action.args[3]), str(action.args[4]))
    city = next(c for c in state.cities if c.id == cid)
    goods = city_goods(city, side)
    fac = factory_of(p, goods)
    assert fac is not None
    fac.stored -= cubes
    p.influence.remove(value)
    who = name(state, p.seat)
    returned: list[tuple[int, int]] = []
    old = city.slots[side]
    if old is not None:
        returned.append((old[0], old[1]))
    else:
        ok, evictable = placement([s[1] if s else None for s in city.slots], side, value, city_limit(state))
        if evictable:
            e = SIDES.index(evict) if evict != "-" else evictable[0]
            gone = city.slots[e]
            assert gone is not None
            returned.append((gone[0], gone[1]))
            city.slots[e] = None
    city.slots[side] = [p.seat, value]
    ev(events, "market", p.seat, M("{who} delivers {goods_n} of {goods} to city {city} and places influence "
                                   "{value} on its {side} space.", who=who, goods_n=gain_text("goods", cubes),
                                   goods=goods_name(goods), city=cid, value=value, side=SIDES[side]),
       city=cid, side=SIDES[side], cubes=cubes, value=value)
    for seat, v in returned:
        owner = state.players[seat]
        owner.influence.append(v)
        owner.influence.sort()
        ev(events, "displaced", seat, M("{owner}'s influence {value} in city {city} returns to {owner}.",
                                        owner=name(state, seat), value=v, city=cid), city=cid, value=v)
    gain(state, p, t.region_by_id[city.region].bonus, events, region_name(city.region))


def apply_free(state: NState, f: dict[str, Any], action: Action, events: list[Event]) -> None:
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


# ------------------------------------------------------------------------------------------------
# Consolidation (Konsolidacja)
# ------------------------------------------------------------------------------------------------


def consolidate(state: NState, p: Player, events: list[Event]) -> None:
    """A whole turn: budget (krok 1), Emperor's reward (krok 2), workforce (krok 3)."""
    t = tables()
    who = name(state, p.seat)
    ev(events, "consolidate", p.seat, M("{who} consolidates.", who=who), workers=len(p.workers))
    # Konsolidacja, krok 1 (Nippon rulebook): discard yen and coal, take income from the tracks.
    keep = min(p.coal, sum(o.coal for o in ops_of(p, "keep_coal")))
    money = track_value(p, "money") + sum(o.money for o in ops_of(p, "consolidation_money"))
    coal = keep + track_value(p, "coal")
    p.money, p.coal = money, coal
    ev(events, "income", p.seat, M("{who} takes {money} and {coal} as income.", who=who,
                                   money=gain_text("money", money), coal=gain_text("coal", coal)),
       money=money, coal=coal, kept=keep)
    state.stack.append({"k": "end_turn", "seat": p.seat, "space": None})
    state.stack.append({"k": "payday", "seat": p.seat})
    # Konsolidacja, krok 2: with 3+ workers, a reward tile of the level above the rightmost worker.
    if len(p.workers) < t.n["emperor_min_workers"]:
        return
    level = t.worker_levels[len(p.workers)] or 0
    if any(state.rewards.values()):
        if reward_options(state, p, level):
            state.stack.append({"k": "reward", "seat": p.seat, "level": level})
        else:
            ev(events, "reward", p.seat, M("{who} gets no Emperor's reward: every tile left is above {level}x.",
                                           who=who, level=level), level=level)
    elif state.multipliers > 0:
        state.multipliers -= 1
        p.rewards.append("x2")
        ev(events, "reward", p.seat, M("{who} takes a 2x VP multiplier tile (the reward area is empty).", who=who),
           multiplier=2)
        push_place(state, p, 2, events)
    else:
        ev(events, "reward", p.seat, M("{who} gets no Emperor's reward: no tile is left.", who=who))


def take_reward(state: NState, p: Player, mult: int, kind: str, events: list[Event]) -> None:
    """Take a reward tile: gain its front bonus now, then place it on an achievement space."""
    key = stack_key(mult, kind)
    state.rewards[key] -= 1
    p.rewards.append(key)
    ev(events, "reward", p.seat, M("{who} takes a {mult}x Emperor's reward tile.", who=name(state, p.seat), mult=mult),
       multiplier=mult, bonus=kind)
    gain(state, p, tables().reward_bonus[(mult, kind)], events, M("Emperor's reward"))
    push_place(state, p, mult, events)


def push_place(state: NState, p: Player, mult: int, events: list[Event]) -> None:
    """Ask where a taken tile goes; with all 9 achievement spaces occupied it is discarded."""
    if len(p.achievements) >= tables().n["achievement_spaces"]:
        ev(events, "discard", p.seat, M("{who}'s achievement spaces are full: the {mult}x tile is discarded.",
                                        who=name(state, p.seat), mult=mult), multiplier=mult)
        return
    state.stack.append({"k": "place", "seat": p.seat, "mult": mult})


def place_tile(state: NState, p: Player, mult: int, achievement: str, events: list[Event]) -> None:
    """Place a reward/multiplier tile on an empty achievement space (it never moves again)."""
    p.achievements[achievement] = mult
    ev(events, "achievement", p.seat, M("{who} places the {mult}x tile on achievement {achievement}: {text}.",
                                        who=name(state, p.seat), mult=mult, achievement=achievement,
                                        text=achievement_text(achievement)), achievement=achievement, multiplier=mult)


def payday(state: NState, p: Player, events: list[Event], final: bool = False) -> None:
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
    if colours:
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
    draws = []
    bag = sum(state.bag.values())
    for r, short in enumerate(state.row_short):
        for _ in range(short):
            if len(draws) < bag:
                draws.append({"k": "chance", "what": "draw", "to": "row", "index": r, "topup": True})
    state.stack.extend(reversed(draws))


# ------------------------------------------------------------------------------------------------
# Automatic frames: end of turn, refills, scoring marker, next turn
# ------------------------------------------------------------------------------------------------


def advance(state: NState, events: list[Event]) -> None:
    """Run automatic frames until the next decision (or the end of the game)."""
    while state.stack:
        f = top(state)
        k = f["k"]
        if k == "chance":
            outcomes = chance_outcomes_for(state, f)
            if len(outcomes) == 1:  # a forced outcome is no random event
                state.stack.pop()
                apply_chance(state, f, str(outcomes[0].action.args[0]), events)
                continue
            return
        if k == "turn":
            return
        if k == "act":
            p = state.players[f["seat"]]
            if next(repetitions(state, p, f), None) is not None:
                return
            state.stack.pop()
            finish_action(state, f, events)
            continue
        if k == "free":
            p = state.players[f["seat"]]
            if f["left"] > 0 and next(free_options(state, p, f), None) is not None:
                return
            state.stack.pop()
            continue
        if k in ("reward", "place"):
            return
        state.stack.pop()
        if k == "payday":
            payday(state, state.players[f["seat"]], events)
        elif k == "end_turn":
            end_turn(state, f, events)
        elif k == "marker":
            move_marker(state, events)
        elif k == "next_turn":
            next_turn(state, f["seat"], events)
        elif k == "begin":
            state.current = state.first_player
            state.stack.append({"k": "turn", "seat": state.first_player})
            ev(events, "begin", None, M("The game begins; {who} plays first.", who=name(state, state.first_player)))
        else:  # pragma: no cover
            raise AssertionError(k)


def end_turn(state: NState, f: dict[str, Any], events: list[Event]) -> None:
    """End of a turn: the tie-break clock, final-turn count, and the refill of an emptied space.

    Puste Pole Akcji: the emptied action space takes every worker of the topmost non-empty row.
    Pusty Rząd Robotników: with every row empty, top every action space up to 3 from the bag, fill
    every row (top first; as many as the bag holds, the rest owed until workers return), then move
    the scoring marker one space (not during the final turns, rules-notes N-3).
    """
    t = tables()
    seat = f["seat"]
    p = state.players[seat]
    p.last_turn = state.turn_no
    state.turn_no += 1
    if state.final:
        p.final_turns += 1
    state.stack.append({"k": "next_turn", "seat": seat})
    s = f["space"]
    if s is None or state.spaces[s]:  # only the space the worker came from can be empty
        return
    r = refill_from_top_row(state.spaces[s], state.rows)
    if r is not None:
        state.row_short[r] = 0
        ev(events, "refill", None, M("Action space {space} takes the workers of row {row}.", space=s + 1, row=r + 1),
           space=s + 1, row=r + 1)
        return
    # Pusty Rząd Robotników, kroki 1-3 (Nippon rulebook); the marker frame runs after the draws.
    ev(events, "global_refill", None, M("Every worker row is empty: action spaces and rows are refilled from the bag."))
    state.stack.append({"k": "marker"})
    draws: list[dict[str, Any]] = []
    for i, space in enumerate(state.spaces):
        draws += [{"k": "chance", "what": "draw", "to": "space", "index": i}] * (
            t.n["workers_per_action_space"] - len(space))
    size = t.rows(state.options.players).size
    for i in range(len(state.rows)):
        draws += [{"k": "chance", "what": "draw", "to": "row", "index": i}] * size
    bag = sum(state.bag.values())
    planned = draws[:bag]
    for i in range(len(state.rows)):
        state.row_short[i] = size - sum(1 for d in planned if d["to"] == "row" and d["index"] == i)
    state.stack.extend(dict(d) for d in reversed(planned))


def move_marker(state: NState, events: list[Event]) -> None:
    """Pusty Rząd Robotników, krok 3: the scoring marker moves one space right; crossing a scoring
    symbol scores at once; reaching the first golden space starts the final turns."""
    t = tables()
    if state.final:
        return
    state.marker = min(state.marker + 1, len(t.track_spaces) - 1)
    space = t.track_spaces[state.marker]
    ev(events, "marker", None, M("The scoring marker moves to space {space}.", space=state.marker + 1),
       space=state.marker)
    if space.scoring:
        regional_scoring(state, space.scoring, events)
    if space.golden:
        state.final = True
        ev(events, "final", None, M("The scoring marker reaches the first golden space: every player has exactly "
                                    "{n} more turns.", n=t.n["final_turns"]))


def next_turn(state: NState, seat: int, events: list[Event]) -> None:
    """Pass the turn clockwise; during the final turns move the marker after each full round and end
    the game after everyone's third final turn (Dobranie Robotnika, złote pola)."""
    t = tables()
    n = len(state.players)
    if state.final:
        done = sum(p.final_turns for p in state.players)
        state.marker = t.golden[min(done // n, len(t.golden) - 1)]
        if all(p.final_turns >= t.n["final_turns"] for p in state.players):
            regional_scoring(state, t.n["scorings"], events)
            final_scoring(state, events)
            return
    nxt = (seat + 1) % n
    state.current = nxt
    state.stack.append({"k": "turn", "seat": nxt})


# ------------------------------------------------------------------------------------------------
# Scoring (Podliczanie Punktów) and final scoring (Pomoc Gracza, Finałowe Podliczanie)
# ------------------------------------------------------------------------------------------------

FOREIGN = -1


def regional_scoring(state: NState, number: int, events: list[Event]) -> None:
    """Score every region: players with influence and the foreign companies (if any uncovered
    value) are ranked; ties split the VP of their places (rounded down; the foreign share is
    discarded); players whose group sits in 1st or 2nd place also score their ships there."""
    t = tables()
    values = t.scoring_values[number]
    record: dict[str, Any] = {"scoring": number, "regions": {}}
    ship_places = t.n["ship_places"]
    for region in t.region_ids:
        parts = [(p.seat, region_influence(state, p.seat, region)) for p in state.players]
        parts = [(s, v) for s, v in parts if v > 0]  # rules-notes N-10: 0 influence scores nothing
        # Podliczanie Punktów (Nippon rulebook): "Spółki Zagraniczne liczą się jako dodatkowy Gracz".
        foreign = foreign_influence(state, region)
        if foreign > 0:
            parts.append((FOREIGN, foreign))
        awards = split_places(parts, values)
        ships: dict[int, int] = {}
        # Podliczanie Punktów, Uwaga (Nippon rulebook): 1st and 2nd place (ties included) score ships.
        for place, group in rank_groups(parts):
            if place < ship_places:
                for s in group:
                    if s != FOREIGN:
                        ships[s] = sum(x.value for x in state.transport[region] if x.kind == "ship" and x.seat == s)
        for s, vp in awards.items():
            if s != FOREIGN:
                state.players[s].vp += vp + ships.get(s, 0)
        record["regions"][region] = {
            "influence": {str(s): v for s, v in parts},
            "awards": {str(s): a for s, a in awards.items()},
            "ships": {str(s): v for s, v in ships.items()},
        }
        ev(events, "scoring", None, scoring_text(state, number, region, parts, awards, ships), region=region,
           scoring=number, influence={str(s): v for s, v in parts}, awards={str(s): a for s, a in awards.items()},
           ships={str(s): v for s, v in ships.items()})
    state.scoring_log.append(record)
    state.scorings = number


def scoring_text(state: NState, number: int, region: str, parts: list[tuple[int, int]], awards: dict[int, int],
                 ships: dict[int, int]) -> str:
    """The line of one region's scoring: influence per competitor, then the VP won."""
    # i18n: The foreign companies (the neutral influence printed on the board) in a scoring line.
    foreign = M("foreign companies")
    # i18n: A competitor and their influence in a scoring line ("Red 7").
    shares = [M("{who} {n}", who=foreign if s == FOREIGN else name(state, s), n=v)
              for s, v in sorted(parts, key=lambda x: -x[1])]
    influence = listing(shares) if shares else M("no influence")
    won = []
    for s, a in awards.items():
        if s == FOREIGN or not (a or ships.get(s)):
            continue
        if ships.get(s):
            # i18n: A player's scoring VP and their ships' VP ("Red +11 +2 ships").
            won.append(M("{who} +{n} +{ships} ships", who=name(state, s), n=a, ships=ships[s]))
        else:
            won.append(M("{who} +{n}", who=name(state, s), n=a))
    if not won:
        return M("Scoring {number}, {region}: {influence}; no VP", number=number, region=region_name(region),
                 influence=influence)
    return M("Scoring {number}, {region}: {influence}; VP {awards}", number=number, region=region_name(region),
             influence=influence, awards=listing(won))


def achievement_base(state: NState, p: Player, achievement: str) -> int:
    """Base VP of an achievement space before its multiplier (Pomoc Gracza, Finałowe Podliczanie)."""
    t = tables()
    a = t.achievements[achievement]
    star_tiles = sum(1 for o in ops_of(p, "star") if o.achievement == achievement)
    m = a.measure
    if m == "contracts":
        units = len(p.contracts_done)
    elif m == "knowledge_stars":
        units = t.track_stars["knowledge"][p.knowledge_pos] + star_tiles
    elif m == "coal_stars":
        units = t.track_stars["coal"][p.coal_pos] + star_tiles
    elif m == "big_factories":
        units = sum(1 for f in p.factories if t.goods[f.goods].level >= 2)
    elif m == "machines2":
        units = sum(1 for f in p.factories if f.machine >= t.n["machine_max"])
    elif m == "money":
        units = p.money
    elif m in ("ship_stars", "train_stars"):
        row = "ships" if m == "ship_stars" else "trains"
        units = sum(t.transport_stars[(row, i)] for i in range(1, empty_spaces(p, row) + 1))
    else:  # regions
        units = sum(1 for r in t.region_ids if any(
            s is not None and s[0] == p.seat for c in state.cities if c.region == r for s in c.slots))
    return units // a.per


def multiplier(p: Player, achievement: str) -> int:
    """Multiplier of an achievement space: its tile, else a printed 1x, else 0."""
    if achievement in p.achievements:
        return p.achievements[achievement]
    return 1 if tables().achievements[achievement].printed_1x else 0


def final_scoring(state: NState, events: list[Event]) -> None:
    """After the 3rd scoring: money reset to the money track (+ Silk bonus, rules-notes N-12) and a
    last payday for the workers still on the boards, then the nine achievements × multipliers."""
    t = tables()
    for p in state.players:
        before = p.vp
        p.money = track_value(p, "money") + sum(o.money for o in ops_of(p, "consolidation_money"))
        vp_before_payday = p.vp
        payday(state, p, events, final=True)
        lost = vp_before_payday - p.vp
        achievements = {a: achievement_base(state, p, a) * multiplier(p, a) for a in t.achievement_ids}
        p.vp += sum(achievements.values())
        state.scores[str(p.seat)] = {"in_game": before, "money": p.money, "payday_vp": -lost,
                                     "achievements": achievements, "total": p.vp}
        ev(events, "final_score", p.seat, M("{who}: {before} VP, payday −{lost}, achievements +{ach} = {total} VP.",
                                            who=name(state, p.seat), before=before, lost=lost,
                                            ach=sum(achievements.values()), total=p.vp),
           achievements=achievements, total=p.vp)
    state.over = True
    state.stack.clear()
    ev(events, "game_over", None, M("The game is over."))


def ranking(state: NState) -> list[Player]:
    """Players best first: most VP; a tie goes to the tied player who took the last turn, else the
    one sitting closest counter-clockwise to the last player (Podliczanie Punktów, remis) — the same
    as the later last turn."""
    return sorted(state.players, key=lambda p: (-p.vp, -p.last_turn))


# ------------------------------------------------------------------------------------------------
# Legality check for apply()
# ------------------------------------------------------------------------------------------------


def check_legal(state: NState, action: Action) -> None:
    """Pass if ``action`` is one of the legal actions now; else raise :class:`IllegalAction`
    whose reason (a Msg, from :mod:`.explain`) says why."""
    choices = [] if state.over else legal_actions(state)
    if action not in choices:
        from .explain import reason

        raise IllegalAction(M("The game is over.") if state.over else reason(state, action, choices))

