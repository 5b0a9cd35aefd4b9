"""Game-agnostic engine contracts (DESIGN.md, "Engine contracts").

A game is a module-like object implementing :class:`Game`. Everything a game needs to expose to
the hosts (terminal table, Discord, selfplay) lives here: decisions, actions, events, the
``CHANCE`` seat and the error raised for an illegal action.

Chance is a player: every random event (a bag draw, a shuffle, a tile side …) is a decision of the
seat :data:`CHANCE`; its legal actions are the possible outcomes, weighted by
:meth:`Game.chance_outcomes`. A driver samples one outcome from the table's seed and applies it
like any other action, so the move log alone rebuilds a game and no replay ever needs an RNG.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Protocol, runtime_checkable

#: The seat number of the chance player (random events).
CHANCE = -1

Scalar = str | int


@dataclass(frozen=True, slots=True)
class Action:
    """One choice at one decision point.

    ``kind`` names the choice (``"take"``, ``"consolidate"``, ``"chance"`` …) and ``args`` holds its
    parameters as a tuple of ``str``/``int``. Actions are hashable and compare by value, so
    ``parse(format(a)) == a`` is a meaningful check. Each game's ``notation`` module prints and
    parses them.
    """

    kind: str
    args: tuple[Scalar, ...] = ()


@dataclass(frozen=True, slots=True)
class Decision:
    """Who must act now and what kind of choice it is.

    ``seat`` is a player seat (0-based), :data:`CHANCE` for a random event, or ``None`` once the
    game is over. ``kind`` is a short machine name (``"turn"``, ``"activation"`` …) and ``prompt``
    a sentence for humans: a translatable :class:`~engine.core.i18n.Msg` (a ``str`` whose value is
    English; front ends show it with :func:`~engine.core.i18n.tr`).
    """

    seat: int | None
    kind: str
    prompt: str


@dataclass(frozen=True, slots=True)
class Event:
    """A structured fact produced by :meth:`Game.apply`.

    ``kind`` is a machine name (``"worker_taken"``), ``seat`` the acting seat (or ``None`` /
    :data:`CHANCE`), ``text`` a ready sentence — a :class:`~engine.core.i18n.Msg`, English as a
    ``str`` and any language through :func:`~engine.core.i18n.tr` — and ``data`` the facts behind it.
    """

    kind: str
    seat: int | None
    text: str
    data: dict[str, Any] = field(default_factory=dict)


class IllegalAction(ValueError):
    """Raised by ``apply`` (and by notation parsers) with a reason a player understands.

    ``reason`` is a :class:`~engine.core.i18n.Msg` for games with a message catalogue (a ``str``
    whose value is English; show it with :func:`~engine.core.i18n.tr`). A game's ``setup`` may also
    raise it for invalid options (it is a ``ValueError``). The state passed to ``apply`` is never
    changed when this is raised.
    """

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


@dataclass(frozen=True, slots=True)
class Outcome:
    """A possible chance outcome and its relative weight (any positive number)."""

    action: Action
    weight: float


@dataclass(frozen=True, slots=True)
class PlayerResult:
    """One seat's line in a final result: score, rank (1 = winner) and free-form details.

    ``details`` are facts (numbers, ids); any text in them is a :class:`~engine.core.i18n.Msg`.
    """

    seat: int
    score: int
    rank: int
    details: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class Result:
    """Outcome of a finished game: one :class:`PlayerResult` per seat, best first.

    ``solo`` carries solo-mode facts (win/loss, rating) and is ``None`` in multiplayer games; its
    texts (a rating's name, a goal's text) are :class:`~engine.core.i18n.Msg` terms and sentences.
    """

    players: tuple[PlayerResult, ...]
    solo: dict[str, Any] | None = None


@runtime_checkable
class Game(Protocol):
    """The contract every game implements (DESIGN.md, Engine contracts).

    States are plain dataclasses; ``apply`` returns a *new* state and leaves its argument intact.
    """

    name: str
    version: str

    def setup(self, options: dict[str, Any], seed: int) -> Any:
        """Validate ``options`` and return the initial state (usually a chance decision first).

        Raises ``ValueError`` for invalid options (an :class:`IllegalAction`, whose ``reason`` is a
        translatable Msg, where the game has a catalogue). ``seed`` is stored for the host's sampler.
        """

    def decision(self, state: Any) -> Decision:
        """Return who must act now (seat, ``CHANCE`` or ``None`` when over) and the choice kind."""

    def legal_actions(self, state: Any) -> list[Action]:
        """Every legal action at the current decision (for ``CHANCE``: every possible outcome)."""

    def chance_outcomes(self, state: Any) -> list[Outcome]:
        """Weighted outcomes of the current chance decision; empty if the decision is not chance."""

    def apply(self, state: Any, action: Action) -> tuple[Any, list[Event]]:
        """Return ``(new_state, events)``; raise :class:`IllegalAction` and change nothing if illegal."""

    def view(self, state: Any, seat: int | None) -> dict[str, Any]:
        """What ``seat`` (or a spectator for ``None``) may see, as JSON-ready data."""

    def result(self, state: Any) -> Result | None:
        """Final scores and ranking, or ``None`` while the game is running."""

    def to_json(self, state: Any) -> str:
        """Serialise a state to JSON (pydantic)."""

    def from_json(self, text: str) -> Any:
        """Validate and rebuild a state from JSON; raises ``ValueError`` on invalid data."""

    def format_action(self, state: Any, action: Action) -> str:
        """Notation of ``action`` (the same text the log and the terminal use)."""

    def parse_action(self, state: Any, text: str) -> Action:
        """Parse notation (or a 1-based index into ``legal_actions``); raises ``IllegalAction``."""

    def describe(self, state: Any, action: Action) -> str:
        """A human label for ``action`` in this state (for menus and autocomplete); a Msg."""

    def text(self, state: Any, seat: int | None) -> str:
        """The state as readable multi-line text for ``seat`` (terminal table, status replies)."""

    def check_invariants(self, state: Any) -> list[str]:
        """Return broken invariants (pieces conserved, no negative stock …); empty when all hold."""

    def seat_labels(self, state: Any) -> list[str]:
        """A short label per seat (e.g. the player colour) for hosts."""

    # What a game offers beyond this contract (hidden information, bots' evaluation, a story,
    # a solo opponent, pictures …) it declares as capabilities: engine/core/capabilities.py.
