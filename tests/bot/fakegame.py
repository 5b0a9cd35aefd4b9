"""A small test-only game implementing the full :class:`engine.core.Game` protocol.

Dice race for 1–4 players: a chance decision picks the start player; each turn starts with a
chance die roll (1–6); the player then spends the pips in one or more steps (``move N``), may
``bank`` the steps taken this turn (ending the turn) or, with every pip spent, roll ``again`` (a
roll of 1 then loses the unbanked steps). The first seat to bank ``target`` points wins. One
player is a solo game against a turn limit. The ``peek`` module adds a ``peek`` choice whose event
is an undo barrier (it stands for revealing hidden information); the ``relay`` module adds
``relay``, which hands the unspent die to the next seat without a new roll (a turn change with no
chance outcome in between).

Notation: ``first 2`` (chance: seat 2 starts), ``roll 4`` (chance), ``move 3``, ``bank``,
``again``, ``peek``, ``relay``; a bare number is a 1-based index into the legal actions.
"""

from __future__ import annotations

import dataclasses
import json
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
)
from engine.core.capabilities import Evaluation, StateSchema

COLOURS = ("red", "blue", "green", "yellow")
SOLO_TURNS = 8


@dataclass(frozen=True)
class RaceState:
    """Whole state of a dice race (plain, immutable dataclass)."""

    players: int
    target: int
    scores: tuple[int, ...]
    seat: int = -1
    phase: str = "first"  # first | roll | choose | over
    die: int = 0
    remaining: int = 0
    pending: int = 0
    turn: int = 1
    peek: bool = False
    peeked: bool = False
    relay: bool = False


_ADAPTER = TypeAdapter(RaceState)


class DiceRace:
    """The dice race game object (register it with ``engine.core.register``)."""

    name = "dicerace"
    version = "test-1"
    #: Capabilities beyond the core contract (checked by ``engine.core.register``).
    capabilities: tuple[type, ...] = (Evaluation, StateSchema)

    # --- setup -------------------------------------------------------------------------------
    def setup(self, options: dict[str, Any], seed: int) -> RaceState:
        """Validate options and return the initial state (start player is a chance decision)."""
        known = {"players", "first_game", "modules", "target", "solo"}
        unknown = set(options) - known
        if unknown:
            raise ValueError(f"unknown option(s): {', '.join(sorted(unknown))}")
        players = options.get("players", 2)
        if not isinstance(players, int) or isinstance(players, bool) or not 1 <= players <= 4:
            raise ValueError("Dice race needs 1 to 4 players.")
        modules = list(options.get("modules") or [])
        bad = [m for m in modules if m not in ("peek", "relay")]
        if bad:
            raise ValueError(f"unknown module(s): {', '.join(map(str, bad))}")
        target = options.get("target", 10 if options.get("first_game") else 20)
        if not isinstance(target, int) or not 3 <= target <= 500:
            raise ValueError("target must be a number from 3 to 500")
        return RaceState(
            players=players, target=target, scores=(0,) * players, peek="peek" in modules, relay="relay" in modules
        )

    # --- decisions ---------------------------------------------------------------------------
    def decision(self, state: RaceState) -> Decision:
        """Who acts now."""
        if state.phase == "over":
            return Decision(None, "over", "The game is over.")
        if state.phase == "first":
            return Decision(CHANCE, "start", "Choose the start player.")
        if state.phase == "roll":
            return Decision(CHANCE, "roll", f"Seat {state.seat + 1} rolls the die.")
        # "turn" marks the first decision of a turn (the host never undoes across it)
        kind = "turn" if state.pending == 0 and state.remaining == state.die else "step"
        return Decision(
            state.seat, kind, f"Spend {state.remaining} pip(s), bank {state.pending} or roll again."
        )

    def legal_actions(self, state: RaceState) -> list[Action]:
        """Legal actions now (chance outcomes for chance decisions)."""
        if state.phase == "first":
            return [Action("first", (s,)) for s in range(state.players)]
        if state.phase == "roll":
            return [Action("roll", (d,)) for d in range(1, 7)]
        if state.phase != "choose":
            return []
        acts = [Action("move", (n,)) for n in range(1, state.remaining + 1)]
        acts.append(Action("bank"))
        if state.remaining == 0 and state.pending > 0:
            acts.append(Action("again"))
        if state.peek and not state.peeked:
            acts.append(Action("peek"))
        if state.relay and state.players > 1 and state.pending == 0 and state.remaining > 0:
            acts.append(Action("relay"))
        return acts

    def chance_outcomes(self, state: RaceState) -> list[Outcome]:
        """Uniform outcomes for the start player and the die."""
        if state.phase in ("first", "roll"):
            return [Outcome(a, 1.0) for a in self.legal_actions(state)]
        return []

    # --- apply -------------------------------------------------------------------------------
    def apply(self, state: RaceState, action: Action) -> tuple[RaceState, list[Event]]:
        """Apply ``action``; raise IllegalAction (state untouched) if it is not legal."""
        if action not in self.legal_actions(state):
            if state.phase == "over":
                raise IllegalAction("The game is over.")
            if action.kind == "move":
                raise IllegalAction(f"You have only {state.remaining} pip(s) left to spend.")
            if action.kind == "again":
                raise IllegalAction("Spend every pip (and take at least one step) before rolling again.")
            raise IllegalAction(f"'{self.format_action(state, action)}' is not possible now.")
        rep = dataclasses.replace
        seat = state.seat
        if action.kind == "first":
            start = int(action.args[0])
            return rep(state, seat=start, phase="roll"), [
                Event("start", CHANCE, f"Seat {start + 1} starts.", {"seat": start})
            ]
        if action.kind == "roll":
            die = int(action.args[0])
            if die == 1 and state.pending > 0:
                lost = state.pending
                new = self._next_turn(rep(state, pending=0, remaining=0, die=1))
                return new, [Event("bust", seat, f"Seat {seat + 1} rolled a 1 and lost {lost}.", {"lost": lost})]
            return rep(state, die=die, remaining=die, phase="choose"), [
                Event("roll", seat, f"Seat {seat + 1} rolled a {die}.", {"die": die})
            ]
        if action.kind == "move":
            n = int(action.args[0])
            return rep(state, remaining=state.remaining - n, pending=state.pending + n), [
                Event("move", seat, f"Seat {seat + 1} moved {n}.", {"n": n})
            ]
        if action.kind == "again":
            return rep(state, phase="roll"), [Event("again", seat, f"Seat {seat + 1} rolls again.")]
        if action.kind == "relay":
            nxt = (seat + 1) % state.players
            return rep(state, seat=nxt, turn=state.turn + 1, peeked=False), [
                Event("relay", seat, f"Seat {seat + 1} relayed {state.remaining} pip(s) to seat {nxt + 1}.")
            ]
        if action.kind == "peek":
            return rep(state, peeked=True), [
                Event("peek", seat, f"Seat {seat + 1} peeked.", {"undo_barrier": True})
            ]
        # bank
        scores = list(state.scores)
        scores[seat] += state.pending
        banked = state.pending
        new = rep(state, scores=tuple(scores), pending=0, remaining=0)
        events = [Event("bank", seat, f"Seat {seat + 1} banked {banked} (total {scores[seat]}).", {"n": banked})]
        if scores[seat] >= state.target:
            return rep(new, phase="over"), [*events, Event("end", None, f"Seat {seat + 1} reached the goal.")]
        if state.players == 1 and state.turn >= SOLO_TURNS:
            return rep(new, phase="over"), [*events, Event("end", None, "Out of turns.")]
        return self._next_turn(new), events

    def _next_turn(self, state: RaceState) -> RaceState:
        if state.players == 1 and state.turn >= SOLO_TURNS:
            return dataclasses.replace(state, phase="over")
        return dataclasses.replace(
            state, seat=(state.seat + 1) % state.players, phase="roll", turn=state.turn + 1, peeked=False
        )

    # --- views and results ---------------------------------------------------------------------
    def view(self, state: RaceState, seat: int | None) -> dict[str, Any]:
        """Everything is public in a dice race."""
        return json.loads(self.to_json(state))

    def result(self, state: RaceState) -> Result | None:
        """Ranking by score (ties share a rank); solo: win if the target was reached."""
        if state.phase != "over":
            return None
        order = sorted(range(state.players), key=lambda s: (-state.scores[s], s))
        players = tuple(
            PlayerResult(s, state.scores[s], 1 + sum(1 for o in range(state.players) if state.scores[o] > state.scores[s]))
            for s in order
        )
        solo = None
        if state.players == 1:
            solo = {"win": state.scores[0] >= state.target, "turns": state.turn}
        return Result(players, solo)

    # --- serialisation and notation ------------------------------------------------------------
    def to_json(self, state: RaceState) -> str:
        """State as JSON."""
        return _ADAPTER.dump_json(state).decode()

    def from_json(self, text: str) -> RaceState:
        """Validate and rebuild a state; ValueError if invalid."""
        state = _ADAPTER.validate_json(text)
        problems = self.check_invariants(state)
        if problems:
            raise ValueError("; ".join(problems))
        return state

    def json_schema(self) -> dict[str, Any]:
        """JSON Schema of the state."""
        return _ADAPTER.json_schema()

    def format_action(self, state: RaceState, action: Action) -> str:
        """Notation of an action."""
        if action.kind == "first":
            return f"first {int(action.args[0]) + 1}"
        if action.args:
            return f"{action.kind} {' '.join(str(a) for a in action.args)}"
        return action.kind

    def parse_action(self, state: RaceState, text: str) -> Action:
        """Parse notation or a 1-based index into the legal actions."""
        words = text.strip().lower().split()
        if len(words) == 1 and words[0].isdigit():
            legal = self.legal_actions(state)
            index = int(words[0])
            if not 1 <= index <= len(legal):
                raise IllegalAction(f"There is no move number {index}; choose 1 to {len(legal)}.")
            return legal[index - 1]
        if len(words) == 1 and words[0] in ("bank", "again", "peek", "relay"):
            return Action(words[0])
        if len(words) == 2 and words[0] in ("move", "roll", "first") and words[1].isdigit():
            n = int(words[1])
            return Action("first", (n - 1,)) if words[0] == "first" else Action(words[0], (n,))
        raise IllegalAction(f"Can't read '{text.strip()}': try 'move N', 'bank' or 'again'.")

    def describe(self, state: RaceState, action: Action) -> str:
        """Human label."""
        if action.kind == "move":
            return f"Move {action.args[0]} step(s) (pending {state.pending + int(action.args[0])})"
        if action.kind == "bank":
            return f"Bank {state.pending} point(s) and end the turn"
        if action.kind == "again":
            return "Roll again (a 1 loses the pending points)"
        if action.kind == "peek":
            return "Peek at something secret"
        if action.kind == "relay":
            return "Hand the unspent die to the next player"
        return self.format_action(state, action)

    def text(self, state: RaceState, seat: int | None) -> str:
        """Readable state."""
        lines = [f"Dice race to {state.target} (turn {state.turn})"]
        for s in range(state.players):
            mark = ">" if s == state.seat and state.phase != "over" else " "
            lines.append(f"{mark} Seat {s + 1} ({COLOURS[s]}): {state.scores[s]}")
        if state.phase == "choose":
            lines.append(f"Die {state.die}: {state.remaining} pip(s) left, {state.pending} pending")
        return "\n".join(lines)

    def check_invariants(self, state: RaceState) -> list[str]:
        """Broken invariants of a state."""
        problems = []
        if len(state.scores) != state.players:
            problems.append("one score per player")
        if any(s < 0 for s in state.scores):
            problems.append("negative score")
        if not 0 <= state.remaining <= 6 or state.pending < 0:
            problems.append("pips out of range")
        if state.phase not in ("first", "roll", "choose", "over"):
            problems.append(f"unknown phase {state.phase!r}")
        if state.phase != "first" and not 0 <= state.seat < state.players:
            problems.append("no current seat")
        return problems

    def evaluate(self, state: RaceState, seat: int) -> Any:
        """Bot evaluation: banked points (and steps taken this turn) ahead of the best other seat."""
        from engine.core.bots import Evaluation, Reason

        others = max((v for i, v in enumerate(state.scores) if i != seat), default=0)
        mine = state.scores[seat] + (state.pending if state.seat == seat else 0)
        return Evaluation(float(mine - others), (Reason("points ahead", float(mine - others)),))

    def seat_labels(self, state: RaceState) -> list[str]:
        """Colour per seat."""
        return list(COLOURS[: state.players])


GAME = DiceRace()
