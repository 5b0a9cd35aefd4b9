"""A fourth game that lives only in the test package: Pebbles, to show that a game touches no shared file.

2–3 players share a pile of pebbles (option ``pile``, default 9). Chance picks the start player
(``first S``, 1-based); then each seat in turn takes 1–3 pebbles (``take N``; a bare number is a
1-based index into the legal actions) and scores one point per pebble; whoever takes the last one
scores 2 more. The most points wins (ties share the place).

It declares its capabilities like a shipped game (:mod:`engine.core.capabilities`): bots'
evaluation, a story (public scores), the ledger its options' previews come from and its pictures, the package :mod:`tests.fourthgame.pictures`
(its ``picture_package``), which :mod:`render` finds through the registry like ``render/<game>/``.
Tests register it with :func:`register_fake`; nothing outside ``tests/fourthgame`` names it.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any

from pydantic import TypeAdapter

from engine.core import (
    CHANCE,
    Action,
    Decision,
    Event,
    IllegalAction,
    Outcome,
    PlayerResult,
    Result,
    registry,
)
from engine.core.bots import Evaluation as Value
from engine.core.bots import Reason
from engine.core.capabilities import Evaluation, Ledger, Pictures, Story

COLOURS = ("teal", "plum", "sand")
LAST_BONUS = 2


@dataclass(frozen=True)
class PebbleState:
    """The whole state: the pile, every seat's points, whose turn (``-1`` before the draw)."""

    players: int
    start: int
    pile: int
    points: tuple[int, ...]
    seat: int = -1


_ADAPTER = TypeAdapter(PebbleState)


class FakePebbles:
    """The game object (a complete :class:`engine.core.Game` plus four capabilities)."""

    name = "pebbles"
    title = "Pebbles"
    version = "test-1"
    player_counts = (2, 3)
    picture_package = "tests.fourthgame.pictures"
    capabilities = (Evaluation, Story, Ledger, Pictures)

    def setup(self, options: dict[str, Any], seed: int) -> PebbleState:
        """``{"players": 2..3, "pile": 4..30}``; ``IllegalAction`` for anything else."""
        players, pile = int(options.get("players") or 2), int(options.get("pile") or 9)
        if players not in self.player_counts or not 4 <= pile <= 30:
            raise IllegalAction("Pebbles is for 2 or 3 players and a pile of 4 to 30.")
        return PebbleState(players=players, start=pile, pile=pile, points=(0,) * players)

    def decision(self, state: PebbleState) -> Decision:
        """Chance draws the start player, then the seats take turns until the pile is empty."""
        if state.pile == 0:
            return Decision(None, "over", "The game is over.")
        if state.seat < 0:
            return Decision(CHANCE, "first", "Draw the start player.")
        return Decision(state.seat, "turn", "Take 1 to 3 pebbles.")

    def legal_actions(self, state: PebbleState) -> list[Action]:
        """``first S`` (chance) or ``take N`` for every N the pile allows."""
        d = self.decision(state)
        if d.seat is None:
            return []
        if d.seat == CHANCE:
            return [Action("first", (s,)) for s in range(state.players)]
        return [Action("take", (n,)) for n in range(1, min(3, state.pile) + 1)]

    def chance_outcomes(self, state: PebbleState) -> list[Outcome]:
        """Every seat starts with the same chance."""
        return [Outcome(a, 1.0) for a in self.legal_actions(state)] if state.seat < 0 and state.pile else []

    def apply(self, state: PebbleState, action: Action) -> tuple[PebbleState, list[Event]]:
        """A new state and the step's events; ``IllegalAction`` (state unchanged) for an illegal one."""
        if action not in self.legal_actions(state):
            raise IllegalAction("That is not a legal move now.")
        if action.kind == "first":
            seat = int(action.args[0])
            return dataclasses.replace(state, seat=seat), [Event("first", CHANCE, f"{self._who(seat)} starts.")]
        n = int(action.args[0])
        pile = state.pile - n
        gain = n + (LAST_BONUS if pile == 0 else 0)
        points = tuple(p + (gain if s == state.seat else 0) for s, p in enumerate(state.points))
        new = dataclasses.replace(state, pile=pile, points=points, seat=(state.seat + 1) % state.players)
        return new, [Event("take", state.seat, f"{self._who(state.seat)} takes {n} and scores {gain}.",
                           {"taken": n, "points": gain})]

    def view(self, state: PebbleState, seat: int | None) -> dict[str, Any]:
        """Everything is public: the pile, the players with their colour and points, the decision."""
        d = self.decision(state)
        return {"game": self.name, "viewer": seat, "pile": state.pile, "start": state.start,
                "players": [{"seat": s, "colour": COLOURS[s], "points": p} for s, p in enumerate(state.points)],
                "decision": {"seat": d.seat, "kind": d.kind, "prompt": d.prompt}}

    def result(self, state: PebbleState) -> Result | None:
        """Ranks by points (ties share the place) once the pile is empty."""
        if state.pile:
            return None
        lines = [PlayerResult(seat=s, score=p, rank=1 + sum(q > p for q in state.points))
                 for s, p in enumerate(state.points)]
        return Result(players=tuple(sorted(lines, key=lambda r: (r.rank, r.seat))))

    def to_json(self, state: PebbleState) -> str:
        """The state as JSON."""
        return _ADAPTER.dump_json(state).decode()

    def from_json(self, text: str) -> PebbleState:
        """Validate and rebuild a state; ``ValueError`` for broken data."""
        state = _ADAPTER.validate_json(text)
        if self.check_invariants(state):
            raise ValueError("; ".join(self.check_invariants(state)))
        return state

    def format_action(self, state: PebbleState, action: Action) -> str:
        """``first S`` (1-based) or ``take N``."""
        if action.kind == "first":
            return f"first {int(action.args[0]) + 1}"
        return f"take {action.args[0]}"

    def parse_action(self, state: PebbleState, text: str) -> Action:
        """Notation or a 1-based index into the legal actions; ``IllegalAction`` otherwise."""
        words = text.strip().lower().split()
        legal = self.legal_actions(state)
        if len(words) == 1 and words[0].isdigit() and 1 <= int(words[0]) <= len(legal):
            return legal[int(words[0]) - 1]
        if len(words) == 2 and words[1].isdigit() and words[0] in ("take", "first"):
            value = int(words[1]) - (1 if words[0] == "first" else 0)
            return Action(words[0], (value,))
        raise IllegalAction(f"Write 'take N' or a number from 1 to {len(legal)}.")

    def describe(self, state: PebbleState, action: Action) -> str:
        """A menu label."""
        if action.kind == "first":
            return f"{self._who(int(action.args[0]))} starts"
        return f"Take {action.args[0]} pebble(s)"

    def text(self, state: PebbleState, seat: int | None) -> str:
        """The board as text."""
        scores = " | ".join(f"{self._who(s)} {p}" for s, p in enumerate(state.points))
        return f"== Pebbles ==\nPile: {state.pile}\nPoints: {scores}"

    def check_invariants(self, state: PebbleState) -> list[str]:
        """Pebbles are conserved: taken points plus the pile (and the last-pebble bonus) make the start."""
        bonus = LAST_BONUS if state.pile == 0 else 0
        if sum(state.points) - bonus + state.pile != state.start or state.pile < 0:
            return ["pebbles are not conserved"]
        return []

    def seat_labels(self, state: PebbleState) -> list[str]:
        """Each seat's colour."""
        return list(COLOURS[: state.players])

    # -- capabilities ------------------------------------------------------------------------
    def evaluate(self, state: PebbleState, seat: int) -> Value:
        """Points now plus a fair share of the pile (VP)."""
        share = state.pile / state.players
        return Value(score=state.points[seat] + share,
                     reasons=(Reason("Points", float(state.points[seat])), Reason("Share of the pile", share)))

    def public_scores(self, state: PebbleState) -> list[int]:
        """Every seat's points (everything is public)."""
        return list(state.points)

    def ledger(self, state: PebbleState, seat: int) -> dict[str, int]:
        """A seat's points (the previews of options)."""
        return {"points": state.points[seat]}

    def ledger_term(self, term: str, n: int) -> str:
        """``n`` points (this test game speaks English only)."""
        return f"{n} point" if n == 1 else f"{n} points"

    def ledger_draw(self, state: PebbleState) -> str | None:
        """No draw follows a take."""
        return None

    def ledger_rules(self, state: PebbleState, events: Any, seat: int) -> list[str]:
        """The last-pebble bonus, when a take earns it."""
        return [f"{LAST_BONUS} more for the last pebble"] if state.pile == 0 else []

    @staticmethod
    def _who(seat: int) -> str:
        return COLOURS[seat].capitalize()


GAME = FakePebbles()


def register_fake() -> FakePebbles:
    """Register :data:`GAME` (through the same :func:`engine.core.register` as the shipped games)."""
    registry.register(GAME)
    return GAME


def unregister_fake() -> None:
    """Forget :data:`GAME` again (the registry is process-wide; other tests list the games)."""
    registry._GAMES.pop(GAME.name, None)
