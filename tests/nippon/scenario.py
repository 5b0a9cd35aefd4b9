"""Scenario helpers for the Nippon (2015) rules tests.

Everything here drives the engine the way a player or a table host would:

* :func:`new_game` sets a game up and applies moves in **notation** (``GAME.parse_action`` +
  ``GAME.apply``); every random event (a ``CHANCE`` decision) takes the next *forced* outcome
  from a list, or is sampled from the table seed with :func:`engine.core.sample_chance`.
* :func:`position` builds a puzzle position the way a user of a state file would: dump a state
  with ``GAME.to_json``, edit the JSON dict, load it back with ``GAME.from_json`` (which validates
  it and checks the invariants).

The JSON editing helpers below only touch the JSON dict and keep every piece conserved (workers,
influence tiles, ships, trains, factory tiles, reward tiles) so the edited file is a valid state.
No helper calls a rules function; tests assert on state, view, result and events.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Sequence
from typing import Any

from engine.core import CHANCE, Event, sample_chance
from engine.nippon import GAME

COLOURS = ("white", "yellow", "black", "red", "grey", "blue")
SIDES = "NESW"
#: Goods of the city tiles (data/city_tiles.json), clockwise from N at rotation 0.
CITY_TILES = {
    "C1": ("lenses", "paper", "silk", "bulbs"),
    "C2": ("paper", "bento", "lenses", "bulbs"),
    "C3": ("paper", "lenses", "clocks", "bulbs"),
    "C4": ("silk", "paper", "bento", "clocks"),
    "C5": ("silk", "bento", "lenses", "clocks"),
    "C6": ("silk", "bento", "clocks", "bulbs"),
    "C7": ("paper", "bento", "lenses", "clocks"),
    "C8": ("silk", "lenses", "clocks", "bulbs"),
}


class Table:
    """A Nippon game being driven by a test: its state, the notation log and every event seen.

    ``log`` holds every applied move (chance outcomes included), so a table made by
    :func:`new_game` replays with ``engine.core.replay(GAME, table.options, table.seed, table.log)``.
    """

    def __init__(self, state: Any, seed: int = 0, options: dict[str, Any] | None = None) -> None:
        self.state = state
        self.seed = seed
        self.options = dict(options or {})
        self.log: list[str] = []
        self.events: list[Event] = []

    def apply(self, text: str) -> list[Event]:
        """One move in notation, exactly as a player types it (``IllegalAction`` when refused)."""
        action = GAME.parse_action(self.state, text)
        new_state, produced = GAME.apply(self.state, action)
        self.log.append(GAME.format_action(new_state, action))
        self.state = new_state
        self.events += produced
        return produced

    def draw(self, forced: list[str | None]) -> None:
        """Settle pending random events: the next ``forced`` outcome each, sampled once none is left."""
        while GAME.decision(self.state).seat == CHANCE:
            outcome = forced.pop(0) if forced else None
            if outcome is None:
                outcome = GAME.format_action(self.state, sample_chance(GAME, self.state, self.seed, len(self.log)))
            self.apply(outcome)

    def play(self, *moves: str, chance: Iterable[str | None] = ()) -> list[Event]:
        """Several moves; random events before, between and after them are settled by :meth:`draw`."""
        forced = list(chance)
        first_new = len(self.events)
        self.draw(forced)
        for text in moves:
            self.apply(text)
            self.draw(forced)
        return self.events[first_new:]

    @property
    def decision(self) -> Any:
        """The pending decision."""
        return GAME.decision(self.state)

    def legal(self) -> list[str]:
        """The legal moves in notation."""
        return [GAME.format_action(self.state, a) for a in GAME.legal_actions(self.state)]

    def player(self, seat: int) -> Any:
        """A player of the current state."""
        return self.state.players[seat]

    def texts(self, kind: str | None = None) -> list[str]:
        """The English texts of the events seen (of one kind)."""
        return [str(e.text) for e in self.events if kind is None or e.kind == kind]


def new_game(players: int, chance: Sequence[str | None] | None = None, moves: Sequence[str] = (),
             seed: int = 0) -> Table:
    """A new game: random set-up steps take ``chance`` outcomes in order (then sampled), then ``moves``."""
    table = Table(GAME.setup({"players": players}, seed), seed, {"players": players})
    table.play(*moves, chance=list(chance or []))
    return table


BASE_SPACES = (
    ("red", "red", "blue"),
    ("white", "white", "grey"),
    ("black", "yellow", "yellow"),
    ("grey", "blue", "white"),
    ("red", "black", "yellow"),
)
BASE_ROWS = (("blue", "grey", "black"), ("white", "red", "yellow"), ("black", "grey", "blue"),
             ("yellow", "white", "red"))


def setup_chance(players: int, first: int = 1, removed: Sequence[str] | None = None,
                 cities: Sequence[str] = ("C1", "C2", "C3", "C4", "C5", "C6", "C7", "C8"),
                 rotations: Sequence[int] = (0,) * 8, spaces: Sequence[Sequence[str]] = BASE_SPACES,
                 rows: Sequence[Sequence[str]] | None = None) -> list[str | None]:
    """The chance outcomes of a set-up in the order the engine asks for them.

    Order (Wstępne Przygotowanie): first player (1-based); at 2–3 players the reward tiles removed
    per multiplier pile (2x, 3x, 4x, 5x; one or two each); per city M1..M8 its tile then its
    rotation; 3 draws per action space 1..5; then the worker rows top to bottom.
    """
    out: list[str | None] = [f"~seat{first}"]
    per_pile = {2: 2, 3: 1, 4: 0}[players]
    if removed is None:
        removed = ["coal", "money"][:per_pile] * 4
    assert len(removed) == per_pile * 4
    out += [f"~{r}" for r in removed]
    for c, r in zip(cities, rotations, strict=True):
        out += [f"~{c}", f"~r{r}"]
    for space in spaces:
        out += [f"~{c}" for c in space]
    if rows is None:
        size = {2: 2, 3: 3, 4: 3}[players]
        rows = [r[:size] for r in BASE_ROWS[: {2: 2, 3: 3, 4: 4}[players]]]
    for row in rows:
        out += [f"~{c}" for c in row]
    return out


def base_game(players: int = 2, **kw: Any) -> Table:
    """A fully forced game at the first player's first turn (seat 0 starts, cities C1..C8 unturned)."""
    return new_game(players, chance=setup_chance(players, **kw))


# ------------------------------------------------------------------------------------------------
# Puzzle positions: edit the JSON of a state
# ------------------------------------------------------------------------------------------------


def position(base: Table | Any, edit: Callable[[dict[str, Any]], Any]) -> Table:
    """Dump ``base`` with ``GAME.to_json``, let ``edit`` change the dict, load it back.

    ``GAME.from_json`` validates the file and checks the invariants (a broken edit raises
    ``ValueError``). Returns a :class:`Table` over the loaded state (empty log).
    """
    source = base if isinstance(base, Table) else Table(base)
    document = json.loads(GAME.to_json(source.state))
    edit(document)
    loaded = GAME.from_json(json.dumps(document))
    return Table(loaded, source.seed, source.options)


def puzzle(players: int = 2, *edits: Callable[[dict[str, Any]], Any], **kw: Any) -> Table:
    """:func:`base_game` with ``edits`` applied in order to its JSON."""

    def edit(d: dict[str, Any]) -> None:
        for e in edits:
            e(d)

    return position(base_game(players, **kw), edit)


def player(d: dict[str, Any], seat: int, **fields: Any) -> dict[str, Any]:
    """Set plain fields of a player (``money``, ``coal``, ``blueprints``, ``vp``, ``knowledge_pos`` …)."""
    p = d["players"][seat]
    for k, v in fields.items():
        assert k in p, k
        p[k] = v
    return p


def add_factory(d: dict[str, Any], seat: int, tile: str, machine: int = 0, stored: int = 0) -> None:
    """A built factory for ``seat`` (taken from the display)."""
    goods = {"SI": "silk", "PA": "paper", "BE": "bento", "LE": "lenses", "CL": "clocks", "LB": "bulbs"}[tile[:2]]
    d["display"].remove(tile)
    d["players"][seat]["factories"].append({"tile": tile, "goods": goods, "machine": machine, "stored": stored})


def place_tile(d: dict[str, Any], city: str, side: str, seat: int, value: int) -> None:
    """An influence tile of ``seat`` on ``city``'s ``side`` space (taken from the player's supply)."""
    c = next(c for c in d["cities"] if c["id"] == city)
    i = SIDES.index(side)
    assert c["slots"][i] is None
    d["players"][seat]["influence"].remove(value)
    c["slots"][i] = [seat, value]


def add_transport(d: dict[str, Any], region: str, kind: str, seat: int, value: int | None = None) -> None:
    """A ship/train of ``seat`` in ``region`` (the leftmost tile leaves the player board)."""
    p = d["players"][seat]
    key = "ships" if kind == "ship" else "trains"
    p[key] -= 1
    d["transport"][region].append({"kind": kind, "seat": seat, "value": value or p[f"{kind}_value"]})


def give_workers(d: dict[str, Any], seat: int, colours: Sequence[str]) -> None:
    """Workers from the bag onto ``seat``'s worker spaces."""
    for c in colours:
        d["bag"][c] -= 1
        d["players"][seat]["workers"].append(c)


def take_reward(d: dict[str, Any], seat: int, stack: str, achievement: str | None) -> None:
    """A reward tile (``"3:coal"``) taken by ``seat`` and placed on ``achievement`` (or discarded)."""
    d["rewards"][stack] -= 1
    d["players"][seat]["rewards"].append(stack)
    if achievement:
        d["players"][seat]["achievements"][achievement] = int(stack.split(":")[0])


def empty_rewards(d: dict[str, Any]) -> None:
    """Every reward tile left goes to seat 0's discarded tiles (the reward area is empty)."""
    for key, n in d["rewards"].items():
        d["players"][0]["rewards"].extend([key] * n)
        d["rewards"][key] = 0


def set_supply(d: dict[str, Any], spaces: Sequence[Sequence[str]], rows: Sequence[Sequence[str]],
               short: Sequence[int] | None = None) -> None:
    """Return every worker of the action spaces and rows to the bag, then put the given ones out."""
    for group in (d["spaces"], d["rows"]):
        for workers in group:
            for c in workers:
                d["bag"][c] += 1
            workers.clear()
    for target, wanted in ((d["spaces"], spaces), (d["rows"], rows)):
        for i, workers in enumerate(wanted):
            for c in workers:
                d["bag"][c] -= 1
                target[i].append(c)
    d["row_short"] = list(short) if short is not None else [0] * len(d["rows"])


def free_rows(d: dict[str, Any]) -> None:
    """Return the workers of every row to the bag (more workers to hand out in a puzzle)."""
    for row in d["rows"]:
        for c in row:
            d["bag"][c] += 1
        row.clear()
    d["row_short"] = [0] * len(d["rows"])
