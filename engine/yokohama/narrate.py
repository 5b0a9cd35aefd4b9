"""The public account of a Yokohama turn (the ``account_lines`` hook of the Game class).

A host groups the events of a whole turn, or of a run of set-up and refill draws, into one account
(``engine.core.narration``); this module turns the events of one account into a few sentences in
the reader's language (Msgs). Each event already says what was paid and gained and why VP changed;
here runs of similar events are merged so a reader does not scroll through dozens of lines:

* set-up draws become one line each: the layout, the building tiles, the 5-power tokens, the
  achievements, the reward tokens, each Laboratory's technologies, the orders removed unseen, each
  Port's orders, the cards dealt and kept (never naming a card in a hand: the private events are
  left out and the public ones name no card);
* a player's single assistants placed without a fee, and the assistants taken back one at a time,
  become one line; "begins the main action" is left out; an area action followed by its gain is
  told once (the gain names the area and the power).

Every other event keeps its own sentence. The facts come from the events alone (their data and the
arguments of their Msgs); a text that is not a Msg is told as it is.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

from engine.core import CHANCE, Event
from engine.core.i18n import Msg

from .rules import PLAYER_NAMES, amount_piece
from .state import PLAYER_COLOURS
from .words import M, Mn, listing

#: Chance events merged when they follow each other (kind → merge key of the data, or None).
_CHANCE_RUNS: dict[str, str | None] = {"board": None, "tile": None, "token": None, "achievement": None,
                                       "reward_token": None, "tech": "lab", "order": "port"}


def _arg(e: Event, key: str) -> Any:
    """An argument of the event's Msg (``None`` when the text is not a Msg or lacks it)."""
    return e.text.args.get(key) if isinstance(e.text, Msg) else None


def _key(e: Event) -> tuple[Any, ...] | None:
    """The merge key of an event: consecutive events with the same key are told together."""
    if e.seat == CHANCE and e.kind in _CHANCE_RUNS:
        part = _CHANCE_RUNS[e.kind]
        return ("chance", e.kind, e.data.get(part) if part else None)
    if e.kind in ("removed", "dealt_public", "kept"):
        return (e.kind,)
    if e.kind == "place" and e.data.get("n") == 1 and not e.data.get("fee"):
        return ("place", e.seat)
    if e.kind == "recall":
        return ("recall", e.seat)
    return None


def _semis(items: Sequence[Any]) -> str:
    """``items`` joined by semicolons, kept translatable (items may hold commas themselves)."""
    text = items[-1]
    for item in reversed(items[:-1]):
        # i18n: Two or more items of a list whose items hold commas themselves ("Bank: 3 VP; Church: 3 fish").
        text = M("{first}; {rest}", first=item, rest=text)
    return text


def _who(seat: int | None) -> str:
    """A seat's player name (its colour)."""
    return PLAYER_NAMES[PLAYER_COLOURS[int(seat or 0)]]


def _needs(run: Sequence[Event], *keys: str) -> bool:
    """Whether every event of ``run`` carries the Msg arguments ``keys``."""
    return all(_arg(e, k) is not None for e in run for k in keys)


def _chance_line(kind: str, run: Sequence[Event]) -> str | None:
    """One sentence for a run of two or more chance events of ``kind``; ``None`` to tell each."""
    if kind == "board" and _needs(run, "area", "cell"):
        cells = sorted(run, key=lambda e: int(_arg(e, "cell")))
        # i18n: One layout space and the area board revealed on it ("3. Copper Mine").
        return M("The area boards are laid out: {areas}.",
                 areas=listing(M("{cell}. {area}", cell=_arg(e, "cell"), area=_arg(e, "area")) for e in cells))
    if kind == "tile" and _needs(run, "area"):
        return Mn("A building tile goes under {n} area; its shop and trading-house rewards are shown on the board.",
                  "Building tiles go under {n} areas; their shop and trading-house rewards are shown on the board.",
                  len(run))
    if kind == "token" and _needs(run, "area", "reward"):
        return M("5-power tokens: {list}.",
                 list=_semis([M("{area}: {reward}", area=_arg(e, "area"), reward=_arg(e, "reward")) for e in run]))
    if kind == "achievement" and _needs(run, "text"):
        return M("Achievements revealed: {list}.", list=_semis([_arg(e, "text") for e in run]))
    if kind == "reward_token" and _needs(run, "country"):
        return M("Achievement reward tokens revealed: {list}.", list=listing(_arg(e, "country") for e in run))
    if kind == "tech" and _needs(run, "card", "lab"):
        return M("Technology cards drawn onto {lab}: {cards}.", lab=_arg(run[0], "lab"),
                 cards=listing(_arg(e, "card") for e in run))
    if kind == "order" and _needs(run, "order", "port"):
        return M("Orders drawn onto {port}: {orders}.", port=_arg(run[0], "port"),
                 orders=_semis([_arg(e, "order") for e in run]))
    return None


def _run_line(key: tuple[Any, ...], run: Sequence[Event]) -> str | None:
    """One sentence for a run of two or more events with merge key ``key``; ``None`` to tell each."""
    kind = key[0]
    if kind == "chance":
        return _chance_line(str(key[1]), run)
    if kind == "removed":
        return Mn("{n} order card is removed from the game unseen.",
                  "{n} order cards are removed from the game unseen.", len(run))
    if kind == "dealt_public":
        dealt = Counter(int(e.data.get("seat", e.seat or 0)) for e in run)
        if len(set(dealt.values())) != 1:
            return None
        n = next(iter(dealt.values()))
        return Mn("Each of {players} is dealt {n} order card face down.",
                  "Each of {players} is dealt {n} order cards face down.", n,
                  players=listing(_who(s) for s in dealt))
    if kind == "kept":
        return M("{players} each keep one of the two orders dealt; the other leaves the game unseen.",
                 players=listing(_who(e.seat) for e in run))
    if kind == "place" and _needs(run, "area"):
        return M("{who} places 1 assistant each in {areas}.", who=_who(key[1]),
                 areas=listing(_arg(e, "area") for e in run))
    if kind == "recall" and _needs(run, "area"):
        counts: Counter[str] = Counter()
        labels: dict[str, Any] = {}
        for e in run:
            counts[str(e.data.get("area"))] += 1
            labels[str(e.data.get("area"))] = _arg(e, "area")
        parts = [M("{n} from {area}", n=amount_piece("assistant", n), area=labels[a]) for a, n in counts.items()]
        return M("{who} takes assistants back to the hand: {list}.", who=_who(key[1]), list=listing(parts))
    return None


#: Events left out of an account: they add nothing a player needs.
_SILENT = ("main",)


def account_lines(events: Sequence[Event]) -> list[str]:
    """The sentences (Msgs) of one account, from its events; private events are left out.

    ``events`` are the events of one account in play order (a whole turn, or a run of chance
    steps). Returns one Msg per sentence, in order; an empty list for no public event.
    """
    public = [e for e in events if not e.data.get("private") and e.kind not in _SILENT]
    out: list[str] = []
    i = 0
    while i < len(public):
        e = public[i]
        key = _key(e)
        j = i + 1
        if key is not None:
            while j < len(public) and _key(public[j]) == key:
                j += 1
        run = public[i:j]
        line = _run_line(key, run) if key is not None and len(run) > 1 else None
        if line is not None:
            out.append(line)
        elif e.kind == "area_action" and _told_by_gain(e, public[j] if j < len(public) else None):
            pass
        else:
            out.extend(x.text for x in run)
        i = j
    return out


def _told_by_gain(e: Event, after: Event | None) -> bool:
    """Whether an area action is told by the gain that follows it (which names area and power)."""
    return after is not None and after.kind == "gain" and after.seat == e.seat and isinstance(after.text, Msg) \
        and "why" in after.text.args and isinstance(_arg(after, "why"), Msg) \
        and _arg(after, "why").msgid == "{area}, power {power}"

