"""Turn accounts: the public, readable story of each whole turn (docs/architecture.md, "Hosting").

An *account* is the list of sentences telling what one player did in one whole turn (every step,
what it cost and gave, the chance draws it caused), or what the game itself did between turns
(set-up, the draws at the start of a round, an automated opponent's turn). Accounts are built by
the text layer from the engine's :class:`~engine.core.Event` s of the logged steps; a rules engine
keeps no wording beyond the event texts it already emits.

Grouping (:func:`group_accounts`): a turn is a maximal run of consecutive logged steps by the same
seat, cut where a step starts a new turn (the host's ``"turn"`` decision, e.g. a solo player's next
turn); chance steps inside a turn (followed by another step of the same seat) belong to it; chance
steps between turns (set-up, a round start, the draws after a turn's last step) form their own
account with ``seat=None``. Events of kind :data:`AUTOMA_EVENT` (an automated solo opponent's turn)
form an account of their own under the event's seat. Events whose ``data`` has ``private: True``
are left out: accounts are public.

Wording: a game may declare the capability :class:`~engine.core.capabilities.Narration`, whose
``account_lines(events) -> list[Msg | str]`` turns the public events of one account into sentences — merging a run of draws
into one line, say — keeping every fact a player needs. Without it each event text is one line.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from . import registry
from .game import CHANCE, Event
from .i18n import tr

#: Event kind of an automated solo opponent's turn (one line per turn; its own account).
AUTOMA_EVENT = "automa"

#: One logged step for :func:`group_accounts`: ``(seat, events)`` or ``(seat, events, starts_turn)``.
#: ``seat`` is the acting seat, or ``None`` / :data:`~engine.core.CHANCE` for a chance step;
#: ``starts_turn`` (default ``False``) marks the first step of a player's turn.
Step = tuple[Any, ...]


@dataclass
class Account:
    """The public story of one turn or of one run of chance/set-up steps.

    ``seat`` is the acting seat (0-based), or ``None`` for the game's own chance/set-up steps;
    ``first`` and ``last`` are the 0-based indices (inclusive) of its steps in the sequence given to
    :func:`group_accounts` (the effective move log); ``lines`` are sentences in the language current
    when it was built. ``events`` keeps the public events it was built from and ``origins`` the
    index (in the same sequence) of the step each of them came from, so the sentences of the account's
    latest steps alone can be told (:func:`account_lines` over the events of those steps).
    """

    seat: int | None
    first: int
    last: int
    lines: list[str] = field(default_factory=list)
    events: list[Event] = field(default_factory=list, repr=False)
    origins: list[int] = field(default_factory=list, repr=False)

    def events_from(self, index: int) -> list[Event]:
        """The public events of this account's steps from step ``index`` on (an index of the
        sequence given to :func:`group_accounts`), in order."""
        return [e for e, i in zip(self.events, self.origins, strict=True) if i >= index]


def public_events(events: Sequence[Event]) -> list[Event]:
    """``events`` without the private ones (``data["private"]``), in order."""
    return [e for e in events if not (e.data or {}).get("private")]


def account_lines(game: Any, events: Sequence[Event]) -> list[str]:
    """Sentences for the public ``events`` of one account, in the current language.

    Uses the game's ``account_lines`` (its Narration capability) when it has one (its answer translated with
    :func:`~engine.core.i18n.tr`; a failing hook falls back to the default), else one line per
    event text. Private events are dropped first; empty lines are left out.
    """
    shown = public_events(events)
    teller = registry.narration(game) if game is not None else None
    lines: list[Any] | None = None
    if teller is not None and shown:
        try:
            lines = list(teller.account_lines(shown))
        except Exception:  # a broken hook must not cost the account: fall back to the event texts
            lines = None
    if lines is None:
        lines = [e.text for e in shown]
    out = []
    for line in lines:
        text = str(tr(line)).strip() if line is not None else ""
        if text:
            out.append(text)
    return out


def _unpack(step: Step) -> tuple[int | None, list[Event], bool]:
    seat = step[0]
    events = list(step[1]) if len(step) > 1 else []
    starts = bool(step[2]) if len(step) > 2 else False
    if seat is not None and seat < 0:
        seat = None  # CHANCE
    return seat, events, starts


def group_accounts(game: Any, steps: Sequence[Step]) -> list[Account]:
    """Group logged steps into accounts and word them (see the module docstring).

    ``steps``: one ``(seat, events[, starts_turn])`` per effective log entry, in order (``seat``
    ``None`` or :data:`~engine.core.CHANCE` for chance steps). Returns the accounts in order; an
    account whose events are all private or silent still appears (with no lines) when it is a
    player's turn, while silent chance runs are left out. Lines are in the current language.
    """
    items = [_unpack(s) for s in steps]
    # Each step's owner: its seat, or for a chance step the seat whose turn it is inside (the seat
    # of the preceding player step when the next player step is by that seat and does not start
    # a new turn), else None.
    owners: list[int | None] = [None] * len(items)
    last_seat: int | None = None
    pending: list[int] = []
    for i, (seat, _events, starts) in enumerate(items):
        if seat is None:
            pending.append(i)
            continue
        if last_seat is not None and seat == last_seat and not starts:
            for j in pending:
                owners[j] = seat
        pending = []
        owners[i] = seat
        last_seat = seat
    accounts: list[Account] = []
    splits: set[int] = set()  # ids of the accounts that continue a turn after an automa account
    current: Account | None = None
    for i, (seat, events, starts) in enumerate(items):
        owner = owners[i]
        new = current is None or owner != current.seat or (seat is not None and starts)
        if new:
            current = Account(seat=owner, first=i, last=i)
            accounts.append(current)
        assert current is not None
        current.last = i
        for event in public_events(events):
            if event.kind == AUTOMA_EVENT:
                automa_seat = event.seat if event.seat is not None and event.seat != CHANCE else None
                accounts.append(Account(seat=automa_seat, first=i, last=i, events=[event], origins=[i]))
                current = Account(seat=owner, first=i, last=i)  # what follows is a new account
                accounts.append(current)
                splits.add(id(current))
            else:
                current.events.append(event)
                current.origins.append(i)
    kept = [a for a in accounts
            if a.events or (a.seat is not None and id(a) not in splits
                            and any(items[k][0] == a.seat for k in range(a.first, a.last + 1)))]
    for account in kept:
        account.lines = account_lines(game, account.events)
    return kept

