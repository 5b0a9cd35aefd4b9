"""State of a Yokohama game as plain dataclasses (JSON via a pydantic ``TypeAdapter``).

Units: ``yen`` in yen, trade goods (``copper``, ``silk``, ``tea``, ``fish``) and imported goods
(``ig``) in tokens, VP as integers. Seats are 0-based in seating order; ``CHANCE`` (-1) is the
random player. Areas are named by board id (``copper1``, ``porta`` …, see ``data/areas.json``);
``layout[i]`` is the board on layout cell ``i`` (``data/layouts.json``).

Hidden information (Yokohama rulebook (PL), Zasady ogólne): the order cards in a hand
(``Player.orders``), the cards removed unseen at set-up (``removed``), the cards boxed at the
opening draw (``discarded``) and the order of both decks. A deck is kept as the *set* of cards
left in it: every draw is a ``CHANCE`` decision over that set, so no hidden order is stored.

A turn is a stack of decision *frames* (``YState.stack``, top = last): plain dicts with a ``k``
(kind) key, so a turn (phase A, placement, movement, the area action and its sub-choices,
5-power bonus, build, recovery, phase C) is a sequence of small decisions that serialise with
the state.
"""

from __future__ import annotations

import marshal
import pickle
from dataclasses import dataclass, field
from typing import Any, Literal

from pydantic import SerializerFunctionWrapHandler, TypeAdapter, model_serializer

#: Player colours by seat (Elementy gracza: niebieski, różowy, fioletowy, żółty).
PLAYER_COLOURS = ("blue", "pink", "purple", "yellow")
#: The 2-player mode's neutral pieces on the Church and Customs House boards.
NEUTRAL = -2
#: Trade goods in rulebook order.
GOODS = ("copper", "silk", "tea", "fish")
#: Country symbols (USA, Holandia, Wielka Brytania, Francja, Niemcy).
COUNTRIES = ("us", "nl", "uk", "fr", "de")
#: The rules revisions (table option ``rules_revision``): 1 = before the mandatory area action
#: (``pass`` always legal at the Church, Customs House, Laboratory and Port), 2 = step 3 of the main
#: action is mandatory (docs/rules-notes.md Y-22, "Readings settled from the rulebook text").
RULES_REVISIONS = (1, 2)
#: The revision a new game is played with when its options name none.
RULES_REVISION = 2


@dataclass
class Player:
    """One merchant: hand and warehouse pools, VP, cards and tokens.

    ``president`` is the area of the president, ``None`` while it is in hand. ``hand_*`` and
    ``wh_*`` count pieces in hand and in the warehouse; ``houses_taken`` counts trading houses
    ever taken out of the warehouse (the Employment Agency price index). ``orders`` is the hidden
    hand of order cards; ``fulfilled`` the face-up fulfilled orders. ``agents`` are foreign agents
    by country, ``agents_used`` the face-down ones; ``free_agents`` / ``free_agents_used`` count
    the mini-expansions' free agents. ``power_tokens`` are the 5-power tokens taken,
    ``achievements`` the achievement tiles fulfilled, ``reward_token`` the mini-expansion 1 token.
    """

    seat: int
    colour: str
    vp: int = 0
    yen: int = 0
    copper: int = 0
    silk: int = 0
    tea: int = 0
    fish: int = 0
    ig: int = 0
    president: str | None = None
    hand_assistants: int = 0
    hand_shops: int = 0
    hand_houses: int = 0
    wh_assistants: int = 0
    wh_shops: int = 0
    wh_houses: int = 0
    houses_taken: int = 0
    orders: list[str] = field(default_factory=list)
    fulfilled: list[str] = field(default_factory=list)
    technologies: list[str] = field(default_factory=list)
    agents: list[str] = field(default_factory=list)
    agents_used: list[str] = field(default_factory=list)
    free_agents: int = 0
    free_agents_used: int = 0
    power_tokens: list[str] = field(default_factory=list)
    achievements: list[str] = field(default_factory=list)
    reward_token: str | None = None


@dataclass
class Area:
    """An area board in play: its building tile, 5-power token and the pieces on it.

    ``shops`` holds the seat on each shop space of the building tile (``None`` = empty),
    ``house`` the seat of the trading house; ``assistants[seat]`` counts each player's assistants.
    """

    id: str
    cell: int
    tile: str | None = None
    shops: list[int | None] = field(default_factory=list)
    house: int | None = None
    token: str | None = None
    assistants: list[int] = field(default_factory=list)


@dataclass
class Options:
    """Validated table options: player count, the mini-expansions (``modules``) and the rules
    revision the game is played with (:data:`RULES_REVISIONS`).

    A state file without ``rules_revision`` was written before revisions existed and is revision
    1; revision 1 is therefore left out of the file, so such a game's state files stay byte for
    byte what they were. New games get :data:`RULES_REVISION` (``rules.validate_options``).
    """

    players: int
    modules: list[str] = field(default_factory=list)
    rules_revision: Literal[1, 2] = 1

    @model_serializer(mode="wrap")
    def _dump(self, handler: SerializerFunctionWrapHandler) -> dict[str, Any]:
        """The fields, without ``rules_revision`` when it is 1 (the meaning of its absence)."""
        out = handler(self)
        if out.get("rules_revision") == 1:
            del out["rules_revision"]
        return out


@dataclass
class YState:
    """The whole game state (see the module docstring).

    ``layout`` maps layout cells to board ids (``None`` until revealed); ``areas`` are keyed by
    board id. ``labs``/``ports`` hold the card on each management-board space (``None`` = empty).
    ``church``/``customs`` hold the seat (or :data:`NEUTRAL`) on each board space.
    ``achievement_spaces`` maps each achievement tile in play to the seats on it, left to right.
    ``agent_supply`` counts foreign agents left per country. ``turn`` holds the current turn's
    flags (agent used, University/Spinning Mill used, the president's start area, …).
    ``final_round`` is the last round once the end is triggered; ``rounds`` counts finished rounds.
    """

    options: Options
    seed: int
    players: list[Player]
    layout: list[str | None]
    areas: dict[str, Area]
    boards: list[str]
    tech_deck: list[str]
    order_deck: list[str]
    labs: dict[str, list[str | None]]
    ports: dict[str, list[str | None]]
    church: list[int | None]
    customs: list[int | None]
    achievements: list[str] = field(default_factory=list)
    achievement_spaces: dict[str, list[int]] = field(default_factory=dict)
    reward_tokens: list[str] = field(default_factory=list)
    agent_supply: dict[str, int] = field(default_factory=dict)
    tiles_left: list[str] = field(default_factory=list)
    tokens_left: list[str] = field(default_factory=list)
    removed: list[str] = field(default_factory=list)
    discarded: list[str] = field(default_factory=list)
    dealt: dict[str, list[str]] = field(default_factory=dict)
    station: str | None = None
    end_triggered: bool = False
    final_round: int | None = None
    rounds: int = 0
    start_player: int = 0
    current: int = 0
    turn_no: int = 0
    turn: dict[str, Any] = field(default_factory=dict)
    stack: list[dict[str, Any]] = field(default_factory=list)
    over: bool = False
    scores: dict[str, Any] = field(default_factory=dict)


STATE_ADAPTER: TypeAdapter[YState] = TypeAdapter(YState)


#: List fields of :class:`Player` (lists of strings: copied flat).
_PLAYER_LISTS = ("orders", "fulfilled", "technologies", "agents", "agents_used", "power_tokens", "achievements")
#: Fields of :class:`YState` holding lists of immutable items (copied flat).
_STATE_LISTS = ("layout", "boards", "tech_deck", "order_deck", "church", "customs", "achievements", "reward_tokens",
                "tiles_left", "tokens_left", "removed", "discarded")
#: Fields of :class:`YState` mapping keys to lists of immutable items.
_STATE_DICTS_OF_LISTS = ("labs", "ports", "achievement_spaces", "dealt")
#: Fields of :class:`YState` holding free-form plain data (the turn's flags, the decision frames, the
#: final score sheet): copied together, so that a list two frames share stays shared.
_STATE_PLAIN = ("turn", "stack", "scores")
#: Every field :func:`copy_state` copies (the rest are immutable: numbers, strings, ``None``).
COPIED_FIELDS = {"options", "players", "areas", "agent_supply", *_STATE_LISTS, *_STATE_DICTS_OF_LISTS,
                 *_STATE_PLAIN}


def _copy_player(p: Player) -> Player:
    """A copy of a player whose lists are new lists."""
    d = p.__dict__.copy()
    for name in _PLAYER_LISTS:
        d[name] = d[name][:]
    new = object.__new__(Player)
    new.__dict__ = d
    return new


def _copy_area(a: Area) -> Area:
    """A copy of an area board whose ``shops`` and ``assistants`` are new lists."""
    d = a.__dict__.copy()
    d["shops"] = d["shops"][:]
    d["assistants"] = d["assistants"][:]
    new = object.__new__(Area)
    new.__dict__ = d
    return new


def copy_state(state: YState) -> YState:
    """A deep copy of ``state``, equal to a pickle round trip (values and types; no mutable part
    shared with ``state``; lists shared inside the free-form frames stay shared) and several times
    faster. Used by :meth:`YokohamaGame.apply` and by searching bots (``GAME.copy_state``)."""
    d = state.__dict__.copy()
    options = object.__new__(Options)
    options.__dict__ = {**state.options.__dict__, "modules": state.options.modules[:]}
    d["options"] = options
    d["players"] = [_copy_player(p) for p in state.players]
    d["areas"] = {k: _copy_area(a) for k, a in state.areas.items()}
    d["agent_supply"] = state.agent_supply.copy()
    for name in _STATE_LISTS:
        d[name] = d[name][:]
    for name in _STATE_DICTS_OF_LISTS:
        d[name] = {k: v[:] for k, v in d[name].items()}
    try:
        d["turn"], d["stack"], d["scores"] = marshal.loads(marshal.dumps((d["turn"], d["stack"], d["scores"])))
    except ValueError:  # pragma: no cover - frames hold plain data only
        d["turn"], d["stack"], d["scores"] = pickle.loads(pickle.dumps((d["turn"], d["stack"], d["scores"])))
    new = object.__new__(YState)
    new.__dict__ = d
    return new


def clone(state: YState) -> YState:
    """Deep copy of a state (:func:`copy_state`; the same copy as a pickle round trip, faster)."""
    return copy_state(state)
