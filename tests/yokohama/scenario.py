"""Scenario helpers for the Yokohama rules tests.

:func:`new_game` sets a game up with ``GAME.setup`` and settles every random set-up step with a
*chosen* outcome (a layout, building tiles, 5-power tokens, achievement tiles, technology and order
cards), so a test knows the position it starts from. The :class:`Table` then edits the state the way
a puzzle would be laid out on the table: pieces move between hand, warehouse and board (never created
or destroyed), cards move between decks, boards and players, and the decision stack is replaced by
the frame the test wants to start from. :meth:`Table.check` asserts ``check_invariants(state) == []``.

Moves are played in notation through the checked ``GAME.apply`` (:meth:`Table.play`); random refills
that follow take the first outcome offered (or a forced one). :meth:`Table.refuse` returns the reason
of a refused move.

Layout cells (4 players): row 0 = cells 0-5, row 1 = 6-10, row 2 = 11-14, row 3 = 15-17; a cell
touches its row neighbours and the two cells below/above it that overlap it (the layout data).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

import pytest

from engine.core import CHANCE, Action, Event, IllegalAction
from engine.yokohama import GAME
from engine.yokohama.game import check_invariants
from engine.yokohama.state import GOODS, NEUTRAL, YState
from engine.yokohama.tables import tables

BOTH_MODULES = ("achievement_rewards", "free_agents")


def boards_for(players: int) -> list[str]:
    """The area boards in play at ``players`` (data order)."""
    return tables().boards(players)


def layout_for(players: int, placed: Mapping[int, str] | Sequence[str] | None = None) -> list[str]:
    """A full layout: ``placed`` cells as given (a mapping cell → board, or a list from cell 0),
    the other cells filled with the remaining boards in data order."""
    boards = boards_for(players)
    n = len(tables().layouts[players].cells)
    if placed is None:
        placed = {}
    if not isinstance(placed, Mapping):
        placed = dict(enumerate(placed))
    rest = [b for b in boards if b not in placed.values()]
    return [placed[c] if c in placed else rest.pop(0) for c in range(n)]


class Table:
    """A Yokohama game driven by a test: its state, and the events seen since it was made."""

    def __init__(self, state: YState, forced: Iterable[str] = ()) -> None:
        self.state = state
        self.events: list[Event] = []
        self.forced = list(forced)

    # -- playing -------------------------------------------------------------------------------
    def settle(self) -> None:
        """Settle pending random refills: a forced outcome (if one is queued and possible), else
        the first one offered."""
        while GAME.decision(self.state).seat == CHANCE:
            values = [a.args[0] for a in GAME.legal_actions(self.state)]
            pick = values[0]
            if self.forced and self.forced[0] in values:
                pick = self.forced.pop(0)
            self.state, evs = GAME.apply(self.state, Action("chance", (pick,)))
            self.events += evs

    def play(self, *moves: str) -> list[Event]:
        """Moves in notation, each checked by ``GAME.apply``; refills are settled after each."""
        first = len(self.events)
        for text in moves:
            action = GAME.parse_action(self.state, text)
            self.state, evs = GAME.apply(self.state, action)
            self.events += evs
            self.settle()
        return self.events[first:]

    def refuse(self, text: str) -> str:
        """The reason a move is refused (the state stays as it was)."""
        before = GAME.to_json(self.state)
        with pytest.raises(IllegalAction) as info:
            self.play(text)
        assert GAME.to_json(self.state) == before
        return str(info.value.reason)

    def legal(self) -> list[str]:
        """The legal moves now, in notation."""
        return [GAME.format_action(self.state, a) for a in GAME.legal_actions(self.state)]

    def texts(self, kind: str | None = None) -> list[str]:
        """English texts of the events seen (of one kind)."""
        return [str(e.text) for e in self.events if kind is None or e.kind == kind]

    @property
    def decision(self) -> Any:
        return GAME.decision(self.state)

    def p(self, seat: int) -> Any:
        """A player of the current state."""
        return self.state.players[seat]

    def check(self) -> None:
        """The position is sound (pieces and cards conserved)."""
        assert check_invariants(self.state) == []

    # -- the decision stack --------------------------------------------------------------------
    def turn(self, seat: int, step: str = "A") -> Table:
        """Make it ``seat``'s turn at ``step``: ``A`` (phase A, fresh turn), ``C`` (phase C), ``place``
        (placement, phase C next), ``move`` (movement, phase C next)."""
        s = self.state
        s.current = seat
        s.turn = {}
        if step == "A":
            s.stack = [{"k": "phase", "seat": seat, "phase": "A", "fresh": True}]
        elif step == "C":
            s.stack = [{"k": "phase", "seat": seat, "phase": "C"}]
        elif step == "place":
            s.stack = [{"k": "phase", "seat": seat, "phase": "C"}, {"k": "place", "seat": seat}]
        elif step == "move":
            s.stack = [{"k": "phase", "seat": seat, "phase": "C"}, {"k": "move", "seat": seat}]
            s.turn["start"] = s.players[seat].president
        else:  # pragma: no cover - test helper misuse
            raise ValueError(step)
        return self

    # -- pieces --------------------------------------------------------------------------------
    def give(self, seat: int, **amounts: int) -> Table:
        """Set a player's yen, VP, trade goods or imported goods (``yen=2, copper=5``)."""
        p = self.state.players[seat]
        for k, v in amounts.items():
            assert k in ("yen", "vp", "ig", *GOODS), k
            setattr(p, k, v)
        return self

    def _from_hand(self, seat: int, n: int) -> None:
        """Take ``n`` assistants out of the hand, topping the hand up from the warehouse first."""
        p = self.state.players[seat]
        while p.hand_assistants < n:
            assert p.wh_assistants > 0, "no assistant left"
            p.wh_assistants -= 1
            p.hand_assistants += 1
        p.hand_assistants -= n

    def hand(self, seat: int, assistants: int) -> Table:
        """Set the number of assistants in hand (the difference goes to / comes from the warehouse)."""
        p = self.state.players[seat]
        total = p.hand_assistants + p.wh_assistants
        assert 0 <= assistants <= total
        p.hand_assistants, p.wh_assistants = assistants, total - assistants
        return self

    def assistants(self, seat: int, area: str, n: int) -> Table:
        """Set ``seat``'s assistants in ``area`` to ``n`` (from / back to the hand)."""
        a = self.state.areas[area]
        diff = n - a.assistants[seat]
        if diff > 0:
            self._from_hand(seat, diff)
        else:
            self.state.players[seat].hand_assistants -= diff
        a.assistants[seat] = n
        return self

    def president(self, seat: int, area: str | None) -> Table:
        """Put ``seat``'s president on ``area`` (``None``: in hand)."""
        self.state.players[seat].president = area
        return self

    def shop(self, seat: int, area: str, space: int | None = None) -> Table:
        """Build a shop of ``seat`` in ``area`` (first free space, or ``space`` 1-based), from the hand
        or else the warehouse; no reward."""
        p = self.state.players[seat]
        a = self.state.areas[area]
        i = a.shops.index(None) if space is None else space - 1
        assert a.shops[i] is None and seat not in a.shops
        if p.hand_shops:
            p.hand_shops -= 1
        else:
            p.wh_shops -= 1
        a.shops[i] = seat
        return self

    def house(self, seat: int, area: str) -> Table:
        """Build ``seat``'s trading house in ``area`` (from the hand, or else taken from the warehouse)."""
        p = self.state.players[seat]
        a = self.state.areas[area]
        assert a.house is None
        if p.hand_houses:
            p.hand_houses -= 1
        else:
            p.wh_houses -= 1
            p.houses_taken += 1
        a.house = seat
        return self

    def hand_pieces(self, seat: int, shops: int | None = None, houses: int | None = None) -> Table:
        """Set shops / trading houses in hand (moved from / to the warehouse; houses count as taken)."""
        p = self.state.players[seat]
        if shops is not None:
            total = p.hand_shops + p.wh_shops
            p.hand_shops, p.wh_shops = shops, total - shops
        if houses is not None:
            total = p.hand_houses + p.wh_houses
            p.hand_houses, p.wh_houses = houses, total - houses
            p.houses_taken = 4 - p.wh_houses
        return self

    def church(self, space: int, seat: int) -> Table:
        """An assistant of ``seat`` (from hand / warehouse) on Church space ``space`` (1-based)."""
        assert self.state.church[space - 1] is None
        if seat != NEUTRAL:
            self._from_hand(seat, 1)
        self.state.church[space - 1] = seat
        return self

    def customs(self, space: int, seat: int) -> Table:
        """An assistant of ``seat`` (from hand / warehouse) on Customs House space ``space`` (1-based)."""
        assert self.state.customs[space - 1] is None
        if seat != NEUTRAL:
            self._from_hand(seat, 1)
        self.state.customs[space - 1] = seat
        return self

    def achieved(self, tile: str, seat: int) -> Table:
        """``seat`` has fulfilled achievement ``tile`` (an assistant from hand on its next space)."""
        self._from_hand(seat, 1)
        self.state.achievement_spaces[tile].append(seat)
        self.state.players[seat].achievements.append(tile)
        return self

    def agent(self, seat: int, country: str, used: bool = False) -> Table:
        """A foreign agent of ``country`` from the supply to ``seat`` (face down if ``used``)."""
        assert self.state.agent_supply[country] > 0
        self.state.agent_supply[country] -= 1
        p = self.state.players[seat]
        p.agents.append(country)
        if used:
            p.agents_used.append(country)
        return self

    def station(self, area: str) -> Table:
        """The station token on ``area``."""
        self.state.station = area
        return self

    def token(self, area: str, token: str | None) -> Table:
        """Put 5-power token ``token`` on ``area`` (swapped with the unused tokens), or remove it."""
        s = self.state
        a = s.areas[area]
        old = a.token
        a.token = None
        if token is not None:
            holder = next((b for b in s.areas.values() if b.token == token), None)
            if holder is not None:
                holder.token, old = old, None
            else:
                s.tokens_left.remove(token)
        if old is not None:
            s.tokens_left.append(old)
        a.token = token
        return self

    # -- cards ---------------------------------------------------------------------------------
    def _take_tech(self, card: str) -> None:
        """Remove ``card`` from the deck or a Laboratory row (the row gets a deck card instead)."""
        s = self.state
        if card in s.tech_deck:
            s.tech_deck.remove(card)
            return
        for row in s.labs.values():
            if card in row:
                i = row.index(card)
                row[i] = s.tech_deck.pop(0) if s.tech_deck else None
                return
        raise AssertionError(f"{card} is not free")

    def tech(self, seat: int, *cards: str) -> Table:
        """``seat`` owns technology cards ``cards`` (card ids, or names: the first free card of it)."""
        t = tables()
        for c in cards:
            card = c if c in t.techs else self.free_tech(c)
            self._take_tech(card)
            self.state.players[seat].technologies.append(card)
        return self

    def free_tech(self, name: str) -> str:
        """The first technology card named ``name`` in the deck or on a Laboratory board."""
        t = tables()
        pool = list(self.state.tech_deck) + [c for row in self.state.labs.values() for c in row if c]
        return next(c for c in sorted(pool) if t.techs[c].name == name)

    def lab_card(self, lab: str, space: int, card: str) -> Table:
        """Put technology ``card`` on ``lab``'s space ``space`` (1-based); the card there goes back to
        the deck."""
        s = self.state
        row = s.labs[lab]
        old = row[space - 1]
        self._take_tech(card)
        row = s.labs[lab]
        if old is not None and row[space - 1] == old:
            s.tech_deck.append(old)
        row[space - 1] = card
        return self

    def lab_empty(self, lab: str, space: int) -> Table:
        """Empty a Laboratory space (its card back to the deck)."""
        row = self.state.labs[lab]
        if row[space - 1] is not None:
            self.state.tech_deck.append(row[space - 1])
        row[space - 1] = None
        return self

    def _take_order(self, card: str) -> None:
        """Remove order ``card`` from wherever it is free (deck, removed, boxed, a Port row)."""
        s = self.state
        for pile in (s.order_deck, s.removed, s.discarded):
            if card in pile:
                pile.remove(card)
                return
        for row in s.ports.values():
            if card in row:
                row[row.index(card)] = s.order_deck.pop(0) if s.order_deck else None
                return
        for p in s.players:
            if card in p.orders:
                p.orders.remove(card)
                return
        raise AssertionError(f"{card} is not free")

    def orders(self, seat: int, *cards: str) -> Table:
        """``seat``'s hand of orders is exactly ``cards`` (the old ones go back into the deck)."""
        p = self.state.players[seat]
        self.state.order_deck.extend(p.orders)
        p.orders = []
        for c in cards:
            self._take_order(c)
            p.orders.append(c)
        return self

    def fulfilled(self, seat: int, *cards: str) -> Table:
        """``seat`` has fulfilled orders ``cards`` (face up in front of them)."""
        for c in cards:
            self._take_order(c)
            self.state.players[seat].fulfilled.append(c)
        return self

    def port_cards(self, port: str, cards: Sequence[str | None]) -> Table:
        """Port ``port``'s row is exactly ``cards`` (``None`` = empty); its old cards go to the deck."""
        s = self.state
        s.order_deck.extend(c for c in s.ports[port] if c)
        s.ports[port] = [None] * len(s.ports[port])
        for c in cards:
            if c is not None:
                self._take_order(c)
        s.ports[port] = list(cards) + [None] * (len(s.ports[port]) - len(cards))
        return self

    def order_deck(self, cards: Sequence[str]) -> Table:
        """The order deck holds exactly ``cards``; every other deck card leaves the game unseen."""
        s = self.state
        for c in list(s.order_deck):
            if c not in cards:
                s.order_deck.remove(c)
                s.removed.append(c)
        for c in cards:
            if c not in s.order_deck:
                self._take_order(c)
                s.order_deck.append(c)
        return self


def new_game(players: int, modules: Sequence[str] = (), *, layout: Mapping[int, str] | Sequence[str] | None = None,
             start: int = 0, tiles: Mapping[str, str] | None = None, tokens: Mapping[str, str] | None = None,
             achievements: Sequence[str] = ("A1", "B1", "C1"), techs: Sequence[str] = (),
             ports: Sequence[str] = (), dealt: Mapping[int, Sequence[str]] | None = None,
             keep: Mapping[int, str] | None = None, seed: int = 0) -> Table:
    """A game at the start player's first turn, every random set-up step chosen:

    ``layout`` (cells → boards, see :func:`layout_for`), ``start`` (the start player's seat),
    ``tiles`` / ``tokens`` (area → building tile / 5-power token; otherwise the first unreserved one),
    ``achievements`` (one tile per group), ``techs`` (Laboratory cards in draw order: Laboratory A
    left to right, then B), ``ports`` (Port cards in draw order), ``dealt`` (seat → the 2 orders dealt)
    and ``keep`` (seat → the order kept; else the first dealt). Unrequested draws take the first card
    not requested elsewhere.
    """
    cells = layout_for(players, layout)
    tiles = dict(tiles or {})
    tokens = dict(tokens or {})
    dealt = {s: list(v) for s, v in (dealt or {}).items()}
    keep = dict(keep or {})
    tech_queue = list(techs)
    port_queue = list(ports)
    reserved = set(tiles.values()) | set(tokens.values()) | set(tech_queue) | set(port_queue)
    reserved |= {c for v in dealt.values() for c in v}
    state = GAME.setup({"players": players, "modules": list(modules)}, seed)

    def first_free(values: list[str]) -> str:
        return next(v for v in values if v not in reserved)

    while True:
        d = GAME.decision(state)
        if d.seat == CHANCE:
            f = state.stack[-1]
            values = [a.args[0] for a in GAME.legal_actions(state)]
            what = f["what"]
            if what == "start":
                pick = f"seat{start + 1}"
            elif what == "board":
                pick = cells[f["cell"]]
            elif what == "tile":
                pick = tiles.get(f["area"]) or first_free(values)
            elif what == "token":
                pick = tokens.get(f["area"]) or first_free(values)
            elif what == "achievement":
                pick = next(a for a in achievements if a in values)
            elif what == "tech":
                pick = tech_queue.pop(0) if tech_queue else first_free(values)
            elif what == "order":
                pick = port_queue.pop(0) if port_queue else first_free(values)
            elif what == "deal":
                mine = dealt.get(f["seat"])
                pick = mine.pop(0) if mine else first_free(values)
            elif what == "remove":
                pick = next(v for v in reversed(values) if v not in reserved)
            else:
                pick = values[0]
            state, _ = GAME.apply(state, Action("chance", (pick,)))
        elif d.kind == "keep":
            seat = d.seat
            mine = state.dealt[str(seat)]
            state, _ = GAME.apply(state, Action("keep", (keep.get(seat, mine[0]),)))
        else:
            break
    table = Table(state)
    table.check()
    return table


#: A random game takes a few hundred (2 players) to a few thousand (4 players) plies; the bound
#: only stops a hang.
PLY_LIMIT = 20_000


def random_game(players: int, seed: int, modules: Sequence[str] = (), *, copying: bool = False,
                after: Any = None) -> tuple[YState, list[str]]:
    """Play a whole game: chance sampled as a table does (``sample_chance``), players from a weighted
    ``RandomPolicy`` (``GAME.selfplay_weights``). ``copying`` plays through the checked ``GAME.apply``;
    ``after(state, action, ply)`` runs after every move. Returns the final state and the notation log."""
    from engine.core import RandomPolicy, sample_chance

    state = GAME.setup({"players": players, "modules": list(modules)}, seed)
    policy = RandomPolicy(seed, GAME.selfplay_weights)
    log: list[str] = []
    while (seat := GAME.decision(state).seat) is not None:
        ply = len(log)
        assert ply < PLY_LIMIT, f"game {seed}: still running after {PLY_LIMIT} plies"
        if seat == CHANCE:
            action = sample_chance(GAME, state, seed, ply)
        else:
            legal = GAME.legal_actions(state)
            assert legal, f"game {seed} ply {ply}: no legal move"
            action = policy.choose({}, legal)
        log.append(GAME.format_action(state, action))
        if copying:
            state = GAME.apply(state, action)[0]
        else:
            GAME.apply_unchecked(state, action)
        if after is not None:
            after(state, action, ply)
    return state, log
