"""Basic concepts (rulebook, p. 7) and the Note on silk: the terms used in texts and the small helpers
every chapter shares (frames, events, payments, goods)."""

from __future__ import annotations

import itertools
from functools import lru_cache
from typing import Any

from engine.core import Action, Event, components

from ..data import COLOURS, GOODS
from ..state import PLAYER_COLOURS, Player, ZState
from ..tables import tables
from ..words import T

DIRS = "NESW"


def top(state: ZState) -> dict[str, Any]:
    """The frame on top of the stack (the current decision once :func:`.gameplay.advance` has run)."""
    return state.stack[-1]


@lru_cache(maxsize=1 << 16, typed=True)
def act(kind: str, *args: Any) -> Action:
    """The action ``kind`` with ``args``: one shared object per distinct action.

    Actions are immutable and compare by value, so the lists of legal actions may share them;
    building them anew was a large part of listing legal actions. (``typed``: ``1`` and ``True``
    stay distinct arguments.)
    """
    return Action(kind, args)


def ev(events: list[Event] | None, kind: str, seat: int | None, text: str, **data: Any) -> None:
    """Append an :class:`Event`; ``text`` is a :class:`~engine.core.i18n.Msg` of this game's domain.

    ``events`` is ``None`` in a quiet apply (:func:`.gameplay.apply_quiet`): nothing is recorded.
    Callers test ``events is not None`` first, so that a quiet apply does not even build the text.
    """
    if events is not None:
        events.append(Event(kind=kind, seat=seat, text=text, data=data))


#: Worker colours (also department colours) and goods types as terms in texts.
WORKER_COLOURS = {c: T("worker colour", c) for c in COLOURS}


GOODS_NAMES = {g: T("goods", g) for g in GOODS}


#: A player's name in texts: their colour as a name ("Red takes …").
PLAYER_NAMES = {c: T("player", c.capitalize()) for c in PLAYER_COLOURS}


def name(state: ZState, seat: int) -> str:
    """Display name of a seat (its colour, or Takatoshi)."""
    if state.automa is not None and seat == 1:
        return T("name", "Takatoshi")
    return PLAYER_NAMES[state.players[seat].colour]


#: Takatoshi's name (the same term :func:`name` gives; :func:`.gameplay.decision` uses this one object).
TAKATOSHI = T("name", "Takatoshi")


@components.data_cached("zaibatsu")
def region_name(region: str) -> str:
    """A region (by id, ``R1``) as a term."""
    return T("region", tables().region_by_id[region].name)


@components.data_cached("zaibatsu")
def department_name(colour: str) -> str:
    """The department of a worker colour as a term (``black`` → Energy)."""
    return T("department", tables().departments[colour].name)


@components.data_cached("zaibatsu")
def destination_name(dest: str) -> str:
    """An Iwakura Mission destination (by id, ``berlin``) as a term."""
    return T("destination", tables().dest_by_id[dest].name)


@components.data_cached("zaibatsu")
def effect_text(side_id: str) -> str:
    """The effect text of a factory side (by id, ``cotton1A``) as a term."""
    return T("factory effect", tables().sides[side_id].text)


@components.data_cached("zaibatsu")
def start_text(tile: str) -> str:
    """The text of a start tile (by id, ``A3``) as a term."""
    return T("start tile", tables().start[tile].text)


ACTION_NAMES = {
    "rd": T("action", "R&D"),
    "mining": T("action", "Mining"),
    "factory": T("action", "Build factory"),
    "machines": T("action", "Machines"),
    "production": T("action", "Production"),
    "ships": T("action", "Ships"),
    "trains": T("action", "Railways"),
    "markets": T("action", "Local markets"),
    "investments": T("action", "Investments & contracts"),
}


def return_token(state: ZState, seat: int, value: int) -> None:
    """A displaced token goes back to its owner's supply; Takatoshi's goes to the box (rulebook: Solo
    mode, Local Markets action)."""
    if state.automa is not None and seat == 1:
        state.automa.boxed.append(value)
        return
    state.players[seat].tokens.append(value)
    state.players[seat].tokens.sort()


def money_like(p: Player) -> int:
    """Money available for a payment: money plus silk (1 silk → 1 money any time in your turn;
    rulebook: Note on silk)."""
    return p.money + p.silk


def pay_money(p: Player, amount: int) -> int:
    """Pay ``amount`` money, converting silk only for the shortfall. Returns silk converted."""
    use = min(p.money, amount)
    p.money -= use
    rest = amount - use
    p.silk -= rest
    return rest


def coal_total(p: Player) -> int:
    """All coal a player may spend: supply, start tile A7 and coal stored on factories."""
    coal = p.coal + p.protected_coal
    for f in p.factories:
        coal += f.coal
    return coal


def pay_coal(p: Player, amount: int) -> None:
    """Spend coal: unprotected coal first, then A7's coal, then coal stored on factories."""
    use = min(p.coal, amount)
    p.coal -= use
    amount -= use
    use = min(p.protected_coal, amount)
    p.protected_coal -= use
    amount -= use
    for f in p.factories:
        use = min(f.coal, amount)
        f.coal -= use
        amount -= use


def goods_of(p: Player, goods_type: str) -> int:
    """Goods of one type over all of a player's factories of that type."""
    return sum(f.goods for f in p.factories if f.goods_type == goods_type)


def goods_stock(p: Player) -> dict[str, int]:
    """Goods per type over all of a player's factories (:func:`goods_of` of every type at once)."""
    stock = dict.fromkeys(GOODS, 0)
    for fac in p.factories:
        if fac.goods and fac.goods_type in stock:
            stock[fac.goods_type] += fac.goods
    return stock


def special_max(p: Player, op_name: str, attr: str, default: int) -> int:
    """The largest ``attr`` of special-effect ops ``op_name`` on a player's factories (or ``default``)."""
    values = tables().special_values(op_name, attr)
    best = default
    for f in p.factories:
        v = values.get(f.side)
        if v is not None and v > best:
            best = v
    return best


def per_train_influence(p: Player) -> int:
    """Influence per train (2; 3 with a factory special effect ``train_influence``)."""
    return special_max(p, "train_influence", "value", tables().n["train_influence"])


def sources_text(sources: tuple[int, ...]) -> str:
    """Notation for goods sources: factory slot numbers (1-based), one per good, ``2.2.5``."""
    return ".".join(str(s) for s in sources)


def parse_sources(text: str) -> tuple[int, ...]:
    """Inverse of :func:`sources_text`."""
    return tuple(int(x) for x in str(text).split("."))


def goods_distributions(p: Player, goods_type: str, n: int) -> list[tuple[int, ...]]:
    """Ways to take ``n`` goods of one type from a player's factories (docs/rules-notes.md G-3:
    mixing allowed)."""
    stocks = [(i + 1, f.goods) for i, f in enumerate(p.factories) if f.goods_type == goods_type and f.goods]
    out = []
    for combo in itertools.combinations_with_replacement([s for s, _ in stocks], n):
        ok = all(combo.count(s) <= g for s, g in stocks)
        if ok:
            out.append(combo)
    return out


def take_goods(p: Player, sources: tuple[int, ...]) -> None:
    """Remove one good from each listed factory slot (1-based)."""
    for s in sources:
        p.factories[s - 1].goods -= 1


def workforce_slots() -> int:
    """Number of workforce slots on a player board."""
    return tables().n["workforce_slots"]
