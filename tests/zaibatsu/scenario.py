"""Scenario helpers for the Nippon: Zaibatsu rules tests.

Everything here drives the engine the way a player or a table host would:

* :func:`new_game` sets a game up and applies moves in **notation** (``GAME.parse_action`` +
  ``GAME.apply``); every random event (``CHANCE`` decision) takes the next *forced* outcome from a
  list, or is sampled from the table seed with :func:`engine.core.sample_chance`.
* :func:`position` builds a puzzle position the way a user of ``meiji apply --state STATE.json``
  would: dump a state with ``GAME.to_json``, edit the JSON dict, load it back with
  ``GAME.from_json`` (which validates it and checks the invariants).

The JSON editing helpers below (``blank_player``, ``add_factory`` …) only touch the JSON dict and
keep the pieces conserved (workers, tokens, ships, machines, trains) so the edited file is a valid
state. No helper calls a rules function; tests assert on state, view, result and events.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from engine.core import CHANCE, Event, sample_chance
from engine.zaibatsu import GAME

COLOURS = ("black", "red", "grey", "blue", "white", "yellow")
DIRS = "NESW"


# ------------------------------------------------------------------------------------------------
# Driving a game through notation
# ------------------------------------------------------------------------------------------------


@dataclass
class Table:
    """A game in progress: the state, the notation log that produced it and the events seen.

    ``log`` holds every applied move in notation (chance outcomes included), so
    ``engine.core.replay(GAME, options, seed, log)`` rebuilds ``state`` (when the table was
    created by :func:`new_game`; a :func:`position` table starts with an empty log).
    """

    state: Any
    seed: int = 0
    log: list[str] = field(default_factory=list)
    events: list[Event] = field(default_factory=list)
    options: dict[str, Any] = field(default_factory=dict)

    # -- moves ---------------------------------------------------------------------------------
    def apply(self, text: str) -> list[Event]:
        """Parse one move in notation and apply it (raises ``IllegalAction`` when refused)."""
        action = GAME.parse_action(self.state, text)
        self.state, events = GAME.apply(self.state, action)
        self.log.append(GAME.format_action(self.state, action))
        self.events.extend(events)
        return events

    def resolve_chance(self, chance: list[str | None]) -> None:
        """Apply chance decisions while one is pending: forced outcomes first, then sampled."""
        while GAME.decision(self.state).seat == CHANCE:
            forced = chance.pop(0) if chance else None
            if forced is None:
                action = sample_chance(GAME, self.state, self.seed, len(self.log))
                forced = GAME.format_action(self.state, action)
            self.apply(forced)

    def play(self, *moves: str, chance: Iterable[str | None] = (), auto_chance: bool = True) -> list[Event]:
        """Apply ``moves`` (notation) in order; returns the events they produced.

        Pending chance decisions before and after each move are resolved with the ``chance``
        outcomes (in order; ``None`` = sample) and then by sampling, unless ``auto_chance`` is off.
        """
        queue = list(chance)
        start = len(self.events)
        if auto_chance:
            self.resolve_chance(queue)
        for move in moves:
            self.apply(move)
            if auto_chance:
                self.resolve_chance(queue)
        return self.events[start:]

    # -- views ---------------------------------------------------------------------------------
    @property
    def decision(self):
        return GAME.decision(self.state)

    def legal(self) -> list[str]:
        """The legal moves now, in notation."""
        return [GAME.format_action(self.state, a) for a in GAME.legal_actions(self.state)]

    def player(self, seat: int):
        return self.state.players[seat]

    def json(self) -> str:
        return GAME.to_json(self.state)


def new_game(
    players: int,
    chance: Sequence[str | None] | None = None,
    moves: Sequence[str] = (),
    seed: int = 0,
    first_game: bool = True,
) -> Table:
    """Set up a game and apply ``moves``; chance decisions take ``chance`` outcomes in order.

    A ``None`` outcome (or a used-up list) samples the outcome with
    ``engine.core.sample_chance(GAME, state, seed, ply)`` where ``ply`` is the move number.
    """
    options = {"players": players, "first_game": first_game}
    table = Table(GAME.setup(options, seed), seed=seed, options=options)
    queue = list(chance or [])
    table.resolve_chance(queue)
    for move in moves:
        table.apply(move)
        table.resolve_chance(queue)
    return table


def setup_chance(
    players: int = 2,
    demand: Sequence[str] = ("DT1", "DT2", "DT3", "DT4", "DT5", "DT6", "DT7", "DT8"),
    rotations: Sequence[int] = (0,) * 8,
    factories: dict[str, Sequence[int]] | None = None,
    hiring: Sequence[Sequence[str]] | None = None,
    waiting: Sequence[Sequence[str]] | None = None,
    first: int = 1,
    pairs: Sequence[tuple[str, str]] = (),
) -> list[str | None]:
    """The chance outcomes of a setup, in the order the engine asks for them (§2.2).

    Order: per city (M1..M8) its demand tile then its rotation; per goods type (cotton, paper,
    bento, lenses, bulbs, clocks) the tile numbers in the display (a first game shows side A);
    3 draws per hiring space H1..H5; one draw per waiting-area cell; the first player (1-based);
    the start-tile pairs (A then B). Missing parts are sampled (``None``).
    """
    out: list[str | None] = []
    for d, r in zip(demand, rotations, strict=True):
        out += [f"~{d}", f"~r{r}"]
    per_type = {2: 2, 3: 3, 4: 4}[players]
    factories = factories or {}
    for g in ("cotton", "paper", "bento", "lenses", "bulbs", "clocks"):
        nums = list(factories.get(g, range(1, per_type + 1)))
        if players < 4:  # at 4 players all four tiles are shown: no random event
            out.append("~" + "+".join(f"{g}{n}" for n in sorted(nums)))
    if hiring is None:
        out += [None] * 15
    else:
        for space in hiring:
            out += [f"~{c}" for c in space]
    cells = {2: 6, 3: 9, 4: 15}[players]
    if waiting is None:
        out += [None] * cells
    else:
        for row in waiting:
            out += [f"~{c}" for c in row]
    out.append(f"~seat{first}")
    for a, b in pairs:
        out += [f"~{a}", f"~{b}"]
    return out


BASE_HIRING = (
    ("grey", "red", "blue"),
    ("black", "white", "yellow"),
    ("red", "blue", "white"),
    ("black", "grey", "yellow"),
    ("white", "blue", "red"),
)
BASE_WAITING_2P = (("grey", "black", "yellow"), ("red", "white", "blue"))


def base_game(players: int = 2) -> Table:
    """A fully forced game at the first player's first turn (seat 0 starts; §2.2).

    Start tiles A8/A7/A4 with B1..B3 (no piece leaves the supply), so :func:`blank_player` can
    reset a player to a clean board without breaking piece conservation.
    """
    # Seats n-1 … 0 take pairs[n-1] … pairs[0]; pairs[n] is left over. A8/A7/A4/A1 move no piece
    # onto the main board.
    pairs = [("A8", "B1"), ("A7", "B2"), ("A4", "B3"), ("A1", "B4"), ("A6", "B5")][: players + 1]
    waiting = {
        2: BASE_WAITING_2P,
        3: (*BASE_WAITING_2P, ("yellow", "black", "grey")),
        4: (*BASE_WAITING_2P, ("yellow", "black", "grey"), ("white", "red", "blue"), ("grey", "yellow", "black")),
    }[players]
    chance = setup_chance(players, hiring=BASE_HIRING, waiting=waiting, first=1, pairs=pairs)
    # Draft: counter-clockwise from the first player's right (§2.2.3): seats n-1, …, 1, 0.
    moves = [f"pair {pairs[s][0]} {pairs[s][1]}" for s in range(players - 1, -1, -1)]
    return new_game(players, chance=chance, moves=moves)


# ------------------------------------------------------------------------------------------------
# Puzzle positions: edit the JSON of a state
# ------------------------------------------------------------------------------------------------


def position(base: Table | Any, edit: Callable[[dict[str, Any]], Any]) -> Table:
    """Dump ``base`` with ``GAME.to_json``, let ``edit`` change the dict, load it back.

    ``GAME.from_json`` validates the file and checks the invariants (a broken edit raises
    ``ValueError``). Returns a :class:`Table` over the loaded state (empty log).
    """
    state = base.state if isinstance(base, Table) else base
    seed = base.seed if isinstance(base, Table) else 0
    data = json.loads(GAME.to_json(state))
    edit(data)  # edits the dict in place (its return value is ignored)
    return Table(GAME.from_json(json.dumps(data)), seed=seed)


def puzzle(players: int = 2, *edits: Callable[[dict[str, Any]], Any]) -> Table:
    """:func:`base_game` with both/all boards blanked, then ``edits`` applied in order."""

    def edit(d: dict[str, Any]) -> None:
        for seat in range(players):
            blank_player(d, seat)
        for e in edits:
            e(d)
        rebalance_bag(d)

    return position(base_game(players), edit)


def blank_player(d: dict[str, Any], seat: int) -> dict[str, Any]:
    """Reset a player board in the JSON to a clean start: no resources, VP 0, tracks on 1."""
    p = d["players"][seat]
    fresh = {
        "money": 0, "coal": 0, "silk": 0, "iron": 0, "vp": 0, "rd": 1, "mining": 1, "finance": 1,
        "ships": 0, "machines": 0, "trains": 0, "machine_reserve": False, "goods_reserve": 0,
        "protected_coal": 0, "factories": [], "contracts": [f"C{i}" for i in range(1, 9)],
        "contracts_done": [], "upgraded": [], "workforce": [], "prestige": [3, 3, 3], "goals": {},
        "tokens": [1, 2, 3, 4, 5, 6, 7], "locked": [3, 5, 7], "start_a": None, "start_b": None,
    }
    assert not p["ships"] and not p["trains"] and not p["workforce"], "blank_player: pieces on the board"
    for m in d["markets"]:
        assert all(s is None or s[0] != seat for s in m["slots"]), "blank_player: tokens on the board"
    p.update(fresh)
    return p


def goods_type(side: str) -> str:
    """Goods type of a factory side id (``cotton1A`` → ``cotton``; ``old`` needs an explicit type)."""
    m = re.fullmatch(r"([a-z]+)\d[AB]", side)
    assert m, side
    return m.group(1)


def add_factory(
    d: dict[str, Any], seat: int, side: str, goods: int = 0, machines: tuple[bool, bool] = (False, False),
    goods_kind: str | None = None, coal: int = 0,
) -> int:
    """Put a built factory in the player's next factory slot (taken from the display if there).

    Returns the 1-based factory slot. ``side='old'`` is the start tile A5 old factory
    (``goods_kind`` paper or cotton). Machines placed here count as machines taken from the board.
    """
    p = d["players"][seat]
    if side in d["display"]:
        d["display"].remove(side)
    kind = goods_kind or goods_type(side)
    p["factories"].append({"side": side, "goods_type": kind, "goods": goods, "machines": list(machines), "coal": coal})
    p["machines"] += sum(machines)
    return len(p["factories"])


def set_workforce(d: dict[str, Any], seat: int, colours: Sequence[str]) -> None:
    """Workforce from bottom (slot 1) up; ``colour@dest`` is an expert from Iwakura ``dest``."""
    p = d["players"][seat]
    for w in p["workforce"]:
        if w["expert"]:
            d["experts"][w["expert"]] = True
    p["workforce"] = []
    for c in colours:
        if "@" in c:
            colour, dest = c.split("@")
            assert d["experts"][dest], f"expert of {dest} is not on its destination"
            d["experts"][dest] = False
            p["workforce"].append({"colour": colour, "expert": dest})
        else:
            p["workforce"].append({"colour": c, "expert": None})


def set_hiring(d: dict[str, Any], hiring: Sequence[Sequence[str]], waiting: Sequence[Sequence[str]] | None = None) -> None:
    """Set the hiring spaces (and optionally the waiting rows); call :func:`rebalance_bag` after."""
    d["hiring"] = [list(h) for h in hiring]
    if waiting is not None:
        assert len(waiting) == len(d["waiting"]), "waiting rows per player count are fixed"
        d["waiting"] = [list(r) for r in waiting]


def rebalance_bag(d: dict[str, Any]) -> None:
    """Recompute the bag so every colour keeps its total (8/7/6 per colour for 4/3/2 players)."""
    per = {2: 6, 3: 7, 4: 8}[d["options"]["players"]]
    used = dict.fromkeys(COLOURS, 0)
    for space in d["hiring"]:
        for c in space:
            used[c] += 1
    for row in d["waiting"]:
        for c in row:
            used[c] += 1
    for p in d["players"]:
        for w in p["workforce"]:
            if not w["expert"]:
                used[w["colour"]] += 1
    for c in COLOURS:
        assert used[c] <= per, f"too many {c} workers in play"
        d["bag"][c] = per - used[c]


def place_token(d: dict[str, Any], market: str, slot: str, seat: int, value: int) -> None:
    """Put ``seat``'s available token ``value`` on ``market`` slot ``slot`` (N/E/S/W)."""
    m = next(m for m in d["markets"] if m["id"] == market)
    i = DIRS.index(slot)
    assert m["slots"][i] is None
    d["players"][seat]["tokens"].remove(value)
    m["slots"][i] = [seat, value]


def set_market(d: dict[str, Any], market: str, tile: str, rotation: int = 0) -> None:
    """Put demand tile ``tile`` (turned ``rotation`` quarter turns) on ``market``; swaps if used."""
    other = next((m for m in d["markets"] if m["tile"] == tile), None)
    m = next(m for m in d["markets"] if m["id"] == market)
    if other is not None and other is not m:
        other["tile"] = m["tile"]
    m["tile"] = tile
    m["rotation"] = rotation


def add_ship(d: dict[str, Any], seat: int, dest: str, take_upgrade: bool = False, colour: str | None = None) -> None:
    """A ship of ``seat`` already at ``dest`` (built earlier; its expert is back on the destination)."""
    d["ships"][dest].append(seat)
    d["players"][seat]["ships"] += 1
    if take_upgrade:
        assert colour
        d["upgrades"][dest] -= 1
        d["players"][seat]["upgraded"].append(colour)


def add_train(d: dict[str, Any], seat: int, region: str, slot: int) -> None:
    """A train of ``seat`` already on ``region`` train slot ``slot`` (1-based)."""
    assert d["trains"][region][slot - 1] is None
    d["trains"][region][slot - 1] = seat
    d["players"][seat]["trains"] += 1


def set_turn(d: dict[str, Any], seat: int) -> None:
    """Make it ``seat``'s turn (a fresh turn decision)."""
    d["current"] = seat
    d["stack"] = [{"k": "turn", "seat": seat}]


def player_json(d: dict[str, Any], seat: int, **values: Any) -> dict[str, Any]:
    """Set plain player fields (money=…, coal=…, rd=…) in the JSON and return the player dict."""
    p = d["players"][seat]
    for k, v in values.items():
        assert k in p, k
        p[k] = v
    return p


def final_turn(players: int = 2, *edits: Callable[[dict[str, Any]], Any], last: int | None = None) -> Table:
    """A clean position at the last turn of the game (§2.9.3): the third final round, every player
    has had 3 final turns except the ``last`` seat (default ``players - 1``), whose turn it is. That
    player holds one black worker, so ``consolidate`` is always a legal last move. Round marker 2 is
    with the seat after ``last``.
    """
    last = players - 1 if last is None else last

    def edit(d: dict[str, Any]) -> None:
        d["round"] = 8
        d["final"] = True
        d["marker2"] = (last + 1) % players
        d["turn_no"] = 100
        for seat, p in enumerate(d["players"]):
            p["final_turns"] = 3 if seat != last else 2
            # seats after round marker 2's holder took their last turns in order before ``last``
            p["last_turn"] = 100 - players + (seat - last - 1) % players
        set_workforce(d, last, ["black"])
        set_turn(d, last)
        for e in edits:
            e(d)

    return puzzle(players, edit)


def run_out(table: Table, answer: Callable[[Table], str] | None = None) -> None:
    """Answer the remaining decisions with ``answer`` (default: 'pay' at payday, 'done' when
    converting silk at the end, otherwise the first legal move) until the game is over."""
    while table.decision.seat is not None:
        legal = table.legal()
        move = answer(table) if answer else None
        if move is None:
            move = "pay" if "pay" in legal else "done" if "done" in legal else legal[0]
        table.play(move)
