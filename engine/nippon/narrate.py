"""Turn accounts of Nippon: the events of one account merged into a few readable sentences.

:func:`account_lines` is the game's ``account_lines`` hook (docs/adding-a-game.md): the set-up
and every refill draw dozens of workers, reward tiles and city tiles one by one; here each run of
draws becomes one sentence ("Action spaces receive from the bag: space 1: blue, grey, grey; …"),
and consecutive spaces bought on one track become one payment. Every other event keeps its own
sentence, so each cost, gain and VP change (with its reason) stays in the account.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from engine.core import Event

from .naming import city_demand, reward_name
from .rules import worker_colour
from .words import TRACK_NAMES, M, amount, listing

#: Event kinds merged with their neighbours of the same kind.
_RUNS = ("draw", "reward_removed", "city", "rotate")


def account_lines(events: Sequence[Event]) -> list[str]:
    """The sentences (Msgs of the ``nippon`` domain) of one account, in event order.

    ``events`` are the public events of one turn or of one run of chance steps; private events
    (``data["private"]``) are left out. Runs of worker draws, removed reward tiles and city tiles
    are summarised; consecutive paid spaces on one track by one player are added up.
    """
    evs = [e for e in events if not (e.data or {}).get("private")]
    lines: list[str] = []
    i = 0
    while i < len(evs):
        e = evs[i]
        if e.kind in _RUNS:
            kinds = ("city", "rotate") if e.kind in ("city", "rotate") else (e.kind,)
            j = _run_end(evs, i, _of_kinds(kinds))
            lines.extend(_summary(e.kind, evs[i:j]))
            i = j
        elif e.kind == "track" and "price" in (e.data or {}):
            j = _run_end(evs, i, _same_track(e))
            lines.append(_track(evs[i:j]))
            i = j
        else:
            lines.append(e.text)
            i += 1
    return lines


def _of_kinds(kinds: tuple[str, ...]) -> Callable[[Event], bool]:
    """Whether an event is of one of ``kinds``."""
    return lambda x: x.kind in kinds


def _same_track(e: Event) -> Callable[[Event], bool]:
    """Whether an event is a paid step on the track of ``e`` by the same player (``e`` has a price)."""
    return lambda x: (x.kind == "track" and "price" in (x.data or {})
                      and x.seat == e.seat and x.data.get("track") == e.data.get("track"))


def _run_end(evs: Sequence[Event], i: int, same: Callable[[Event], bool]) -> int:
    """The index after the run of events from ``i`` for which ``same`` holds."""
    j = i + 1
    while j < len(evs) and same(evs[j]):
        j += 1
    return j


def _summary(kind: str, run: Sequence[Event]) -> list[str]:
    """One or two sentences for a run of draws, removed reward tiles or city tiles."""
    if kind == "draw":
        out: list[str] = []
        spaces = _grouped(run, "space")
        if spaces:
            # i18n: worker draws onto the action spaces, one sentence: "space 1: blue, grey; space 2: …".
            items = [M("space {space}: {colours}", space=k + 1, colours=v) for k, v in spaces]
            out.append(M("Action spaces receive workers from the bag: {list}.", list=_semi(items)))
        rows = _grouped(run, "row")
        if rows:
            items = [M("row {row}: {colours}", row=k + 1, colours=v) for k, v in rows]
            out.append(M("Worker rows receive workers from the bag: {list}.", list=_semi(items)))
        return out
    if kind == "reward_removed":
        tiles = listing([reward_name(str(e.data["stack"])) for e in run])
        return [M("Reward tiles removed from the game: {tiles}.", tiles=tiles)]
    cities: dict[str, Any] = {}
    for e in run:
        if e.kind == "rotate":
            cities[str(e.data["city"])] = city_demand([str(g) for g in e.data["goods"]])
        else:
            cities.setdefault(str(e.data["city"]), None)
    items = [M("{city}: {demand}", city=c, demand=d) for c, d in cities.items() if d is not None]
    lines = [e.text for e in run if e.kind == "city" and cities.get(str(e.data["city"])) is None]
    if items:
        # i18n: the city tiles of the set-up, one sentence; each city lists the good at N, E, S, W.
        lines.append(M("City tiles: {list}.", list=_semi(items)))
    return lines


def _grouped(run: Sequence[Event], to: str) -> list[tuple[int, str]]:
    """Draws of one destination kind grouped by index: ``[(index, colours Msg), …]``."""
    by: dict[int, list[str]] = {}
    for e in run:
        if e.data.get("to") == to:
            by.setdefault(int(e.data["index"]), []).append(worker_colour(str(e.data["colour"])))
    return [(k, listing(v)) for k, v in sorted(by.items())]


def _semi(items: Sequence[str]) -> str:
    """Items joined by semicolons (nested Msgs)."""
    from .naming import chain

    return chain(items)


def _track(run: Sequence[Event]) -> str:
    """Spaces bought one by one on one track, as one payment."""
    if len(run) == 1:
        return run[0].text
    e = run[0]
    who = e.text.args.get("who") if hasattr(e.text, "args") else None
    price = sum(int(x.data["price"]) for x in run)
    value = run[-1].data.get("value")
    space = run[-1].data.get("space")
    if space is None:  # an event recorded before the marker's space was kept
        return M("{who} pays {price}: {track} +{steps} (now {value}).", who=who, price=amount("money", price),
                 track=TRACK_NAMES[str(e.data["track"])], steps=len(run), value=value)
    return M("{who} pays {price}: {track} +{steps} spaces (now space {space}, value {value}).", who=who,
             price=amount("money", price), track=TRACK_NAMES[str(e.data["track"])], steps=len(run), space=space,
             value=value)
