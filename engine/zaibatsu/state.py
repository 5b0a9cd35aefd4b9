"""State of a Nippon: Zaibatsu game as plain dataclasses (JSON via pydantic).

Units: ``money`` in yen-thousands (the "1000" token = 1), resources and goods in pieces, VP as an
integer (the 0/100 and 200/300 discs are only display). Track positions are space numbers
(space 1 = start). Seats are 0-based; ``CHANCE`` (-1) is the random player.

A turn is a stack of decision *frames* (``ZState.stack``, top = last): plain dicts with a ``k``
(kind) key, so a multi-step turn (take a worker, activations, bonus choices, consolidation steps)
is a sequence of small decisions that serialise with the state.
"""

from __future__ import annotations

import copy
import dataclasses
import marshal
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cache
from types import UnionType
from typing import Any, Union, get_args, get_origin, get_type_hints

from pydantic import TypeAdapter

PLAYER_COLOURS = ("purple", "green", "orange", "pink")


@dataclass
class Worker:
    """A worker (or an expert, when ``expert`` names its Iwakura destination) in a workforce."""

    colour: str
    expert: str | None = None


@dataclass
class Factory:
    """A built factory in a factory slot.

    ``side`` is the factory side id (``cotton1A``) or ``old`` for the start tile A5 old factory.
    ``goods`` counts goods cubes on its goods slots (max 4); ``machines`` is [left, right];
    ``coal`` counts coal stored on it by an effect (protected from taxes).
    """

    side: str
    goods_type: str
    goods: int = 0
    machines: list[bool] = field(default_factory=lambda: [False, False])
    coal: int = 0


@dataclass
class Player:
    """One zaibatsu (player board) and personal supply."""

    seat: int
    colour: str
    money: int = 0
    coal: int = 0
    silk: int = 0
    iron: int = 0
    vp: int = 0
    rd: int = 1
    mining: int = 1
    finance: int = 1
    ships: int = 0  # pieces taken from the ships row (leftmost first)
    machines: int = 0
    trains: int = 0
    machine_reserve: bool = False  # start tile A1
    goods_reserve: int = 0  # start tile A4
    protected_coal: int = 0  # start tile A7: coal on the tile
    factories: list[Factory] = field(default_factory=list)
    contracts: list[str] = field(default_factory=list)  # available
    contracts_done: list[str] = field(default_factory=list)  # contract slots, left to right
    upgraded: list[str] = field(default_factory=list)  # department colours
    workforce: list[Worker] = field(default_factory=list)  # bottom (slot 1) first
    prestige: list[int] = field(default_factory=lambda: [3, 3, 3])  # stack sizes, levels 1..3
    goals: dict[str, int] = field(default_factory=dict)  # goal slot -> prestige level
    tokens: list[int] = field(default_factory=list)  # available influence tokens
    locked: list[int] = field(default_factory=list)
    start_a: str | None = None
    start_b: str | None = None
    last_turn: int = -1  # global turn number of this player's last turn (tie-break)
    final_turns: int = 0


@dataclass
class MarketState:
    """A local market: its demand tile, rotation (quarter turns clockwise) and 4 influence slots.

    ``slots[i]`` is ``[seat, value]`` or ``None`` for slot N, E, S, W (i = 0..3).
    """

    id: str
    region: str
    tile: str | None = None
    rotation: int = 0
    slots: list[list[int] | None] = field(default_factory=lambda: [None, None, None, None])


@dataclass
class AutomaTurn:
    """One of Takatoshi's turns as facts, from which :func:`.automa.narration_text` rebuilds the
    narrated line in any language (rulebook: Solo mode, Gameplay, steps A–C).

    ``tile`` is the revealed action tile, ``space`` the hiring space it pointed to (1-based) and
    ``colour`` the worker he returned to the bag (``None``: the space was empty). ``act`` says what
    followed: ``none`` (not an end space), ``idle`` (a worker tile whose goal slot is empty at this
    difficulty), ``trains`` or ``markets``; ``result`` the outcome of that action: ``built`` /
    ``placed``, or why not (``no_train``, ``no_slot``, ``no_token``, ``no_region``). For a built
    train ``region`` and ``slot`` (1-based train slot); for a placed token ``region``, ``market``,
    ``slot`` (0–3 = N, E, S, W) and ``value``, and ``returned`` your tokens sent back to your
    supply. The region choice: ``priority`` (its rank, 1-based), ``his`` and ``yours`` (influence
    there) and ``trails`` (he had no more influence than you: the first pass of the choice).
    """

    tile: str
    space: int
    colour: str | None = None
    act: str = "none"
    result: str | None = None
    region: str | None = None
    market: str | None = None
    slot: int | None = None
    value: int | None = None
    returned: list[int] = field(default_factory=list)
    priority: int | None = None
    his: int | None = None
    yours: int | None = None
    trails: bool = True


@dataclass
class AutomaState:
    """Takatoshi, the solo opponent (rulebook: Solo mode): his board, action tiles and priority row.

    ``rows[i]`` are the influence tokens left in the row of period ``i + 1`` (leftmost first);
    ``deck`` the action tiles still face down (their order is drawn by chance at each reveal);
    ``priority`` the colours of the priority row, highest first; ``region_colours`` the colour of
    the worker standing in each region; ``goals`` the solo goal tile in each goal slot (by its
    border colour); ``boxed`` his tokens removed from the game; ``narration`` his turns so far, as
    facts (:class:`AutomaTurn`).
    """

    colour: str
    difficulty: str
    rows: list[list[int]] = field(default_factory=list)
    trains: int = 6
    deck: list[str] = field(default_factory=list)
    discard: list[str] = field(default_factory=list)
    priority: list[str] = field(default_factory=list)
    region_colours: dict[str, str] = field(default_factory=dict)
    goals: dict[str, str] = field(default_factory=dict)
    boxed: list[int] = field(default_factory=list)
    vp: int = 0
    final_turns: int = 0
    last_turn: int = -1
    narration: list[AutomaTurn] = field(default_factory=list)


@dataclass
class Options:
    """Validated table options."""

    players: int
    first_game: bool = False
    modules: list[str] = field(default_factory=list)
    difficulty: str | None = None  # solo only: easy | medium | hard
    automa_strict_markets: bool = False  # docs/rules-notes.md D-27: the strict German reading
    empty_consolidation: bool = True  # house rule for rule gap docs/rules-notes.md G-1


@dataclass
class ZState:
    """The whole game state (see module docstring)."""

    options: Options
    seed: int
    players: list[Player]
    bag: dict[str, int]
    hiring: list[list[str]]
    waiting: list[list[str]]
    markets: list[MarketState]
    trains: dict[str, list[int | None]]
    ships: dict[str, list[int]]
    experts: dict[str, bool]
    upgrades: dict[str, int]
    display: list[str] = field(default_factory=list)
    start_pairs: list[list[str]] = field(default_factory=list)
    round: int = 1
    final: bool = False
    marker2: int | None = None
    first_player: int = 0
    current: int = 0
    turn_no: int = 0
    stack: list[dict[str, Any]] = field(default_factory=list)
    over: bool = False
    scores: dict[str, Any] = field(default_factory=dict)  # final scoring breakdown per seat
    period_log: list[dict[str, Any]] = field(default_factory=list)
    automa: AutomaState | None = None
    common_goals: dict[str, list[str]] = field(default_factory=dict)  # period -> goal ids
    solo_result: dict[str, Any] | None = None


STATE_ADAPTER: TypeAdapter[ZState] = TypeAdapter(ZState)


# ------------------------------------------------------------------------------------------------
# Copying (the checked apply copies the state; a search copies it at every node)
# ------------------------------------------------------------------------------------------------

Copier = Callable[[Any, dict[int, Any]], Any]
_ATOMIC = (int, str, bool, float, type(None))


def _copy_any(value: Any, memo: dict[int, Any]) -> Any:
    """Deep copy of plain data (dicts, lists, tuples, scalars) such as the decision frames.

    Containers met twice are copied once and stay shared (``memo``), as a pickle round trip keeps
    them: frames may share a list (``ctx["built"]``) and the copy must behave the same.
    """
    cls: type = type(value)
    if cls in _ATOMIC:
        return value
    done = memo.get(id(value))
    if done is not None:
        return done
    if cls is dict:
        new: Any = {}
        memo[id(value)] = new
        for k, v in value.items():
            new[k] = v if type(v) in _ATOMIC else _copy_any(v, memo)
        return new
    if cls is list:
        new = []
        memo[id(value)] = new
        for v in value:
            new.append(v if type(v) in _ATOMIC else _copy_any(v, memo))
        return new
    if cls is tuple:
        if all(type(v) in _ATOMIC for v in value):
            return value  # immutable all the way down: nothing to copy
        new = tuple(_copy_any(v, memo) for v in value)
        memo[id(value)] = new
        return new
    if dataclasses.is_dataclass(value):
        return _dataclass_copier(cls)(value, memo)
    return copy.deepcopy(value, memo)  # anything else (never met in a state so far)


def _copier(tp: Any) -> Copier | None:
    """How to copy a value annotated ``tp``: ``None`` when it is immutable (shared as it is)."""
    if tp in _ATOMIC:
        return None
    if _holds_any(tp):
        return _copy_any  # plain data (frames, score sheets): copied generically, sharing kept
    origin, args = get_origin(tp), get_args(tp)
    if origin in (Union, UnionType):
        parts = [_copier(a) for a in args if a is not type(None)]
        if all(c is None for c in parts):
            return None
        if parts == [_copy_flat]:
            return _copy_flat_or_none
        if len(parts) == 1:
            inner = parts[0]
            assert inner is not None
            return lambda v, memo: None if v is None else inner(v, memo)
        return _copy_any
    if origin is list and args:
        item = _copier(args[0])
        if item is None:
            return _copy_flat
        if item is _copy_flat:
            return lambda v, memo: [x[:] for x in v]
        if item is _copy_flat_or_none:
            return lambda v, memo: [None if x is None else x[:] for x in v]
        return lambda v, memo: [item(x, memo) for x in v]
    if origin is dict and args:
        value = _copier(args[1])
        if value is None:
            return lambda v, memo: v.copy()
        if value is _copy_flat:
            return lambda v, memo: {k: x[:] for k, x in v.items()}
        return lambda v, memo: {k: value(x, memo) for k, x in v.items()}
    if isinstance(tp, type) and dataclasses.is_dataclass(tp):  # an annotation: a class, never an instance
        return _dataclass_copier(tp)
    return _copy_any  # bare containers: plain data, copied generically


def _copy_flat(value: list[Any], memo: dict[int, Any]) -> list[Any]:
    """Copy of a list of immutable items (the containers of such lists copy them inline)."""
    return value[:]


def _copy_flat_or_none(value: list[Any] | None, memo: dict[int, Any]) -> list[Any] | None:
    """Copy of a list of immutable items, or ``None``."""
    return None if value is None else value[:]


def _holds_any(tp: Any) -> bool:
    """Whether the annotation ``tp`` is or contains ``Any``."""
    return tp is Any or any(_holds_any(a) for a in get_args(tp))


@cache
def _dataclass_copier(cls: type) -> Copier:
    """A copier of dataclass ``cls``: a copy of its ``__dict__`` whose mutable fields are copied in turn.

    Built from the type hints, so a new field is copied by the same rules without further code.
    Fields of plain data (annotations with ``Any``: frames, score sheets) are copied together in
    one :func:`_copy_plain`, so that what they share stays shared.
    """
    hints = get_type_hints(cls)
    flat, typed, plain = [], [], []
    for f in dataclasses.fields(cls):
        c = _copier(hints[f.name])
        if c is _copy_any:
            plain.append(f.name)
        elif c is _copy_flat:
            flat.append(f.name)  # a list of immutable items: copied inline below
        elif c is not None:
            typed.append((f.name, c))
    new_object = object.__new__

    def copy_one(value: Any, memo: dict[int, Any]) -> Any:
        new: Any = new_object(cls)
        d = value.__dict__.copy()
        for name in flat:
            d[name] = d[name][:]
        for name, c in typed:
            d[name] = c(d[name], memo)
        if plain:
            for name, v in zip(plain, _copy_plain(tuple(d[name] for name in plain), memo), strict=True):
                d[name] = v
        new.__dict__ = d
        return new

    return copy_one


def _copy_plain(values: tuple[Any, ...], memo: dict[int, Any]) -> tuple[Any, ...]:
    """Deep copy of plain data: a ``marshal`` round trip (C speed; it keeps shared containers
    shared), or :func:`_copy_any` for anything ``marshal`` does not take."""
    try:
        return marshal.loads(marshal.dumps(values))
    except ValueError:
        return _copy_any(values, memo)


def copy_state(state: ZState) -> ZState:
    """A deep copy of ``state``: equal to a pickle round trip (objects shared inside the state stay
    shared in the copy) and several times faster."""
    return _dataclass_copier(ZState)(state, {})
