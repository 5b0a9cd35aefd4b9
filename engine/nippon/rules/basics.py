"""The terms used in texts and the small helpers every chapter shares: names, events, the tracks, factory
bonuses, prices and pieces."""

from __future__ import annotations

from functools import cache
from typing import Any

from engine.core import Event, components

from ..state import PLAYER_COLOURS, CityState, Factory, NState, Player
from ..tables import tables
from ..words import M, T, amount

SIDES = "NESW"


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


def stack_key(multiplier: int, kind: str) -> str:
    """The id of a reward stack: multiplier and bonus kind (``"3:coal"``)."""
    return f"{multiplier}:{kind}"


def reward_bonus_text(key: str) -> str:
    """The front bonus of a reward stack (``"3:coal"`` → "2 coal") as a Msg."""
    m, kind = key.split(":")
    bonus = tables().reward_bonus[(int(m), kind)]
    return gain_text(kind, bonus.value())


def top(state: NState) -> dict[str, Any]:
    """The frame on top of the stack (the current decision once :func:`.gameplay.advance` has run)."""
    return state.stack[-1]


def ev(events: list[Event] | None, kind: str, seat: int | None, text: str, /, **data: Any) -> None:
    """Append an :class:`Event`; ``text`` is a Msg of the ``nippon`` domain, ``data`` the facts.

    ``events`` is ``None`` in a quiet apply (:func:`.gameplay.apply_quiet`): nothing is recorded.
    Callers test ``events is not None`` first, so that a quiet apply does not even build the text.
    """
    if events is not None:
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
    if not p.factories:
        return []
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


def city_goods(city: CityState, side: int) -> str:
    """The good demanded next to influence space ``side`` (0=N … 3=W) of a city's turned tile."""
    # (ignored: every city's tile is dealt at set-up, before any rule; no check on this path)
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


def gain(state: NState, p: Player, bonus: Any, events: list[Event] | None, why: str) -> None:
    """Gain a bonus (:class:`~.data.Amounts`): money, coal, blueprints or VP; one event (none when
    ``events`` is ``None``)."""
    kind = bonus.kind()
    n = bonus.value()
    if kind == "vp":
        p.vp += n
    else:
        setattr(p, kind, getattr(p, kind) + n)
    if events is not None:
        ev(events, "gain", p.seat, M("{who} gains {amount} ({why}).", who=name(state, p.seat),
                                     amount=gain_text(kind, n), why=why), kind=kind, n=n)
