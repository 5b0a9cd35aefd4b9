"""State of a Nippon (2015) game as plain dataclasses (JSON via a pydantic ``TypeAdapter``).

Units: ``money`` in thousands of yen (12,000 yen = ``12``), coal and goods in cubes, blueprints by
value (tiles are only change), VP as integers. Track positions (``money_pos`` …) are 0-based space
indexes of the player-board tracks (index 0 = the start space); their values come from
``data/tracks.json``. Seats are 0-based in turn order from the table's seat list; ``CHANCE`` (-1)
is the random player.

A turn is a stack of decision *frames* (``NState.stack``, top = last): plain dicts with a ``k``
(kind) key, so a multi-step turn (take a worker, each repetition of the action, a factory bonus,
the Emperor's reward …) is a sequence of small decisions that serialise with the state.
"""

from __future__ import annotations

import marshal
import pickle
from dataclasses import dataclass, field
from typing import Any

from pydantic import TypeAdapter

#: Player colours by seat (Wstępne Przygotowanie: żółty, czerwony, fioletowy, niebieski).
PLAYER_COLOURS = ("yellow", "red", "purple", "blue")


@dataclass
class Factory:
    """A built factory (front side up). ``machine`` 0 = none, 1 = +1, 2 = +2; ``stored`` goods cubes."""

    tile: str
    goods: str
    machine: int = 0
    stored: int = 0


@dataclass
class Player:
    """One Zaibatsu: player board, budget area and personal supply.

    ``ships``/``trains`` count the tiles still on the player board (taken leftmost first, so spaces
    1..6-ships are empty); ``ship_value``/``train_value`` the side up of those tiles. ``machines`` are
    machinery tiles in the personal supply (stored machines). ``influence`` are the unused influence
    tiles (values). ``workers`` are the worker colours on the worker spaces, left to right.
    ``achievements`` maps an achievement space (``A4``) to the multiplier of the tile on it;
    ``rewards`` lists the reward tiles taken, by stack (``"3:coal"``; ``"x2"`` for a 2x VP
    multiplier tile), placed or discarded.
    """

    seat: int
    colour: str
    vp: int = 0
    money: int = 0
    coal: int = 0
    blueprints: int = 0
    money_pos: int = 0
    coal_pos: int = 0
    knowledge_pos: int = 0
    ships: int = 6
    trains: int = 6
    ship_value: int = 2
    train_value: int = 2
    machines: int = 0
    factories: list[Factory] = field(default_factory=list)
    contracts: list[str] = field(default_factory=list)
    contracts_done: list[str] = field(default_factory=list)
    influence: list[int] = field(default_factory=list)
    workers: list[str] = field(default_factory=list)
    achievements: dict[str, int] = field(default_factory=dict)
    rewards: list[str] = field(default_factory=list)
    last_turn: int = -1
    final_turns: int = 0


@dataclass
class CityState:
    """A city space: its tile, rotation (quarter turns clockwise) and its 4 influence spaces.

    ``slots[i]`` is ``[seat, value]`` or ``None`` for the space on side N, E, S, W (i = 0..3).
    """

    id: str
    region: str
    slots: list[list[int] | None] = field(default_factory=lambda: [None] * 4)
    tile: str | None = None
    rotation: int = 0


@dataclass
class Transport:
    """A ship or train on a region's train/ship spaces: kind, owner seat and value (VP or influence)."""

    kind: str
    seat: int
    value: int


@dataclass
class Options:
    """Validated table options."""

    players: int


@dataclass
class NState:
    """The whole game state (see module docstring).

    ``spaces`` are the 5 action spaces' workers, ``rows`` the worker rows (top first) and
    ``row_short`` the workers still owed to each row after a global refill ran out of workers
    (topped up after a consolidation). ``rewards`` maps a reward stack (``"3:coal"``) to the tiles
    left on it; ``multipliers`` the 2x VP multiplier tiles left. ``display`` holds the factory tiles
    not yet built. ``marker`` is the scoring marker's space; ``final`` is set once it reaches the
    first golden space; ``scorings`` counts the scorings done.
    """

    options: Options
    seed: int
    players: list[Player]
    bag: dict[str, int]
    spaces: list[list[str]]
    rows: list[list[str]]
    row_short: list[int]
    cities: list[CityState]
    transport: dict[str, list[Transport]]
    rewards: dict[str, int]
    multipliers: int
    display: list[str]
    removed_rewards: list[str] = field(default_factory=list)
    marker: int = 0
    final: bool = False
    scorings: int = 0
    first_player: int = 0
    current: int = 0
    turn_no: int = 0
    stack: list[dict[str, Any]] = field(default_factory=list)
    over: bool = False
    scores: dict[str, Any] = field(default_factory=dict)
    scoring_log: list[dict[str, Any]] = field(default_factory=list)


STATE_ADAPTER: TypeAdapter[NState] = TypeAdapter(NState)


_new = object.__new__


def _copy_player(p: Player) -> Player:
    """A deep copy of one player (see :func:`copy_state`)."""
    new = _new(Player)
    d = p.__dict__.copy()
    d["factories"] = [_copy_simple(f) for f in p.factories]
    d["contracts"] = p.contracts[:]
    d["contracts_done"] = p.contracts_done[:]
    d["influence"] = p.influence[:]
    d["workers"] = p.workers[:]
    d["achievements"] = p.achievements.copy()
    d["rewards"] = p.rewards[:]
    new.__dict__ = d
    return new


def _copy_simple(obj: Any) -> Any:
    """A copy of a dataclass whose fields are all immutable (:class:`Factory`, :class:`Transport`,
    :class:`Options`)."""
    new = _new(type(obj))
    new.__dict__ = obj.__dict__.copy()
    return new


def _copy_city(c: CityState) -> CityState:
    """A deep copy of one city (its influence spaces are ``[seat, value]`` lists or ``None``)."""
    new = _new(CityState)
    d = c.__dict__.copy()
    d["slots"] = [None if s is None else s[:] for s in c.slots]
    new.__dict__ = d
    return new


def _copy_plain(values: tuple[Any, ...]) -> tuple[Any, ...]:
    """Deep copy of plain data (the frames, score sheets and scoring log): a ``marshal`` round trip
    (C speed; containers shared inside ``values`` stay shared), else a pickle round trip."""
    try:
        return marshal.loads(marshal.dumps(values))
    except ValueError:
        return pickle.loads(pickle.dumps(values, protocol=pickle.HIGHEST_PROTOCOL))


def copy_state(state: NState) -> NState:
    """A deep copy of ``state``, equal to a pickle round trip and several times faster.

    Field by field: the dataclasses and lists of the board are rebuilt, the plain data of the frame
    stack, the final score sheets and the scoring log are copied together so that what they share
    stays shared. A field added to a dataclass is copied as it is (shared) until it is named here;
    ``tests/nippon/test_search_paths.py`` finds any mutable part the copy shares with the original.
    """
    new = _new(NState)
    d = state.__dict__.copy()
    d["options"] = _copy_simple(state.options)
    d["players"] = [_copy_player(p) for p in state.players]
    d["bag"] = state.bag.copy()
    d["spaces"] = [s[:] for s in state.spaces]
    d["rows"] = [r[:] for r in state.rows]
    d["row_short"] = state.row_short[:]
    d["cities"] = [_copy_city(c) for c in state.cities]
    d["transport"] = {r: [_copy_simple(x) for x in pieces] for r, pieces in state.transport.items()}
    d["rewards"] = state.rewards.copy()
    d["display"] = state.display[:]
    d["removed_rewards"] = state.removed_rewards[:]
    d["stack"], d["scores"], d["scoring_log"] = _copy_plain((state.stack, state.scores, state.scoring_log))
    new.__dict__ = d
    return new
