"""State of a Nippon: Zaibatsu game as plain dataclasses (JSON via pydantic).

Units: ``money`` in yen-thousands (the "1000" token = 1), resources and goods in pieces, VP as an
integer (the 0/100 and 200/300 discs are only display). Track positions are space numbers
(space 1 = start). Seats are 0-based; ``CHANCE`` (-1) is the random player.

A turn is a stack of decision *frames* (``ZState.stack``, top = last): plain dicts with a ``k``
(kind) key, so a multi-step turn (take a worker, activations, bonus choices, consolidation steps)
is a sequence of small decisions that serialise with the state.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

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
