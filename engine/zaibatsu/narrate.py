"""Turn accounts of Nippon: Zaibatsu: the events of one turn (or of one run of set-up or round-start
draws) as a few readable sentences.

:func:`account_lines` is the game's ``account_lines`` hook (docs/adding-a-game.md, turn accounts):
the chance draws of the set-up and of each round start — one event per demand tile, factory tile,
factory side and worker — are merged into one sentence per kind ("Round 2: the hiring spaces
receive …"); every other event keeps its own sentence, which already says what was paid and gained.
No fact is dropped: each merged sentence names every drawn component, in draw order.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine.core import Event

from .rules.basics import WORKER_COLOURS
from .rules.chance import demand_slots
from .words import M, factory_name, factory_tile_name, listing

#: Event kinds this module merges; every other event is one sentence as it is.
MERGED = frozenset({"draw", "demand", "demand_goods", "factories", "factory_side"})


def account_lines(events: Sequence[Event]) -> list[str]:
    """The sentences (Msgs, or plain text for unknown events) of one account, in event order.

    ``events``: the public events of one turn or of one run of chance steps, as the rules emitted
    them. Runs of mergeable chance events (:data:`MERGED`) become one sentence per kind at the place
    of the run's first event; all other events give their own text. An empty input gives ``[]``.
    """
    out: list[str] = []
    run: list[Event] = []
    for e in events:
        if e.kind in MERGED:
            run.append(e)
            continue
        if run:
            out.extend(_merged(run))
            run = []
        out.append(e.text)
    if run:
        out.extend(_merged(run))
    return out


def _merged(run: list[Event]) -> list[str]:
    """One sentence per kind of draw in a run: markets, factories on offer, hiring spaces, waiting rows."""
    out: list[str] = []
    markets = _markets(run)
    if markets:
        # i18n: set-up: the goods each market's demand tile asks for at its slots N, E, S, W.
        out.append(M("Demand tiles: {markets}.", markets=listing(markets)))
    offer = _offer(run)
    if offer:
        out.append(M("Factories on offer: {factories}.", factories=listing(offer)))
    draws = [e for e in run if e.kind == "draw"]
    if draws:
        out.extend(_workers(draws))
    return out


def _markets(run: list[Event]) -> list[str]:
    """``"M1 (N cotton, E paper, …)"`` per market whose demand tile was placed and turned in ``run``."""
    out: list[str] = []
    placed: list[str] = []
    for e in run:
        if e.kind == "demand":
            placed.append(str(e.data.get("market", "")))
        elif e.kind == "demand_goods":
            out.append(M("{market} ({slots})", market=e.data["market"], slots=demand_slots(e.data["goods"])))
            if e.data["market"] in placed:
                placed.remove(e.data["market"])
    # A tile placed but not yet turned (the run was cut between the two draws): say where it lies.
    out.extend(M("{market} (not yet turned)", market=m) for m in placed if m)
    return out


def _offer(run: list[Event]) -> list[str]:
    """The factories put on offer in ``run``: full names once their side is known, else the tile."""
    names: list[str] = []
    pending: list[str] = []
    for e in run:
        if e.kind == "factories":
            sides = list(e.data.get("sides") or [])
            if sides:
                names.extend(factory_name(s) for s in sides)
            else:
                pending.extend(str(t) for t in e.data.get("tiles", []))
        elif e.kind == "factory_side":
            side = str(e.data["side"])
            tile = side[:-1]
            if tile in pending:
                pending.remove(tile)
            names.append(factory_name(side))
    names.extend(factory_tile_name(t) for t in pending)
    return names


def _workers(draws: list[Event]) -> list[str]:
    """Worker draws as one sentence for the hiring spaces and one for the waiting area."""
    first = draws[0].data
    hiring = _by_index(d for d in draws if d.data.get("to") == "hiring")
    waiting = _by_index(d for d in draws if d.data.get("to") == "waiting")
    spaces = [M("{space}: {workers}", space=i + 1, workers=listing(c)) for i, c in hiring]
    rows = [M("{row}: {workers}", row=i + 1, workers=listing(c)) for i, c in waiting]
    out: list[str] = []
    if first.get("setup"):
        if spaces:
            out.append(M("Set-up: the hiring spaces receive {spaces}.", spaces=_semicolons(spaces)))
        if rows:
            out.append(M("Set-up: the waiting rows receive {rows}.", rows=_semicolons(rows)))
    else:
        rnd = first.get("round", 1)
        if spaces:
            out.append(M("Round {round}: the hiring spaces receive {spaces}.", round=rnd, spaces=_semicolons(spaces)))
        if rows:
            out.append(M("Round {round}: the waiting rows receive {rows}.", round=rnd, rows=_semicolons(rows)))
    return out


def _by_index(draws: Any) -> list[tuple[int, list[str]]]:
    """Worker colours (terms) per hiring space or waiting row, in the order of the spaces."""
    groups: dict[int, list[str]] = {}
    for d in draws:
        groups.setdefault(int(d.data["index"]), []).append(WORKER_COLOURS[str(d.data["colour"])])
    return sorted(groups.items())


def _semicolons(parts: Sequence[str]) -> str:
    """Groups of a list separated by semicolons ("1: red, blue; 2: black")."""
    out = parts[0]
    for p in parts[1:]:
        # i18n: two groups of a list ("hiring space 1: red, blue; 2: black").
        out = M("{first}; {rest}", first=out, rest=p)
    return out
