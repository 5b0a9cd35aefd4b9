"""A test-only game with hidden information: the dice race where every seat holds a secret number.

Nippon: Zaibatsu has no hidden information (the bag is counts only), and the dice race of
``tests/bot/fakegame.py`` shows everything (its ``peek`` only stands for a reveal). To test the
Host's privacy mechanisms this variant starts with one *chance* decision per seat, ``deal S V``,
that gives seat ``S`` (0-based) a secret number ``V`` (700001 … 700060; six digits, so a leak is
easy to spot in any text). Only the owner may see it: ``view(state, seat)`` and
``text(state, seat)`` show the caller's own number and hide the others (a spectator sees none),
and the deal's :class:`~engine.core.Event` is ``private`` to the receiving seat; the game's
``public_notation`` shows a deal as ``deal S ~``. The ``notes`` module adds a hidden *choice*:
``note V`` (V in 700101 … 700110, once per turn) writes a secret note that only its author sees,
shown publicly as ``note ~``. The ``cards`` module adds a hand of secret cards and a decision
whose every option is hidden: each seat's hand is two cards derived from its secret number
(``V + 100000`` and ``V + 200000``: 800001 … 900060), and after the deals every seat in turn picks
one of its cards, ``pick C`` (shown publicly as ``pick ~``), before the start player is drawn.
The rest of the game is the dice race. The game declares ``hidden_information`` (a hot-seat
terminal hides each seat's screen from the next player).
"""

from __future__ import annotations

import dataclasses
import json
import random
from dataclasses import dataclass
from typing import Any

from fakegame import DiceRace, RaceState
from pydantic import TypeAdapter

from engine.core import CHANCE, Action, Decision, Event, IllegalAction, Outcome
from engine.core.capabilities import HiddenInformation

SECRETS = tuple(range(700001, 700061))
NOTES = tuple(range(700101, 700111))
#: Every card a hand may hold (two per seat, derived from its secret number).
CARDS = tuple(v + 100000 for v in SECRETS) + tuple(v + 200000 for v in SECRETS)


@dataclass(frozen=True)
class SecretState(RaceState):
    """The dice race plus one secret number per seat (dealt by chance before the start)."""

    secrets: tuple[int, ...] = ()
    notes_module: bool = False
    notes: tuple[int, ...] = ()  # the latest note of each seat (0 = none)
    noted: bool = False  # the current seat wrote a note this turn
    cards_module: bool = False
    picks: tuple[int, ...] = ()  # the card each seat picked, in seat order (the pick phase)


_ADAPTER = TypeAdapter(SecretState)


class SecretRace(DiceRace):
    """Dice race with a hidden secret number per seat (name ``secretrace``)."""

    name = "secretrace"
    version = "test-secret-1"
    hidden_information = True
    capabilities = (*DiceRace.capabilities, HiddenInformation)

    def setup(self, options: dict[str, Any], seed: int) -> SecretState:
        """The dice race set-up, starting with the deals."""
        modules = list(options.get("modules") or [])
        notes, cards = "notes" in modules, "cards" in modules
        base = super().setup({**options, "modules": [m for m in modules if m not in ("notes", "cards")]}, seed)
        fields = {f.name: getattr(base, f.name) for f in dataclasses.fields(base)}
        return SecretState(**{**fields, "phase": "deal", "notes_module": notes, "notes": (0,) * base.players,
                              "cards_module": cards})

    @staticmethod
    def hand(state: SecretState, seat: int) -> tuple[int, ...]:
        """The cards ``seat`` holds: two derived from its secret number, less the one it picked."""
        if not state.cards_module or not 0 <= seat < len(state.secrets):
            return ()
        cards = (state.secrets[seat] + 100000, state.secrets[seat] + 200000)
        picked = state.picks[seat] if seat < len(state.picks) else None
        return tuple(c for c in cards if c != picked)

    def decision(self, state: SecretState) -> Decision:  # type: ignore[override]
        """Chance deals the secrets first; with the cards module every seat then picks a card."""
        if state.phase == "deal":
            return Decision(CHANCE, "deal", f"Deal seat {len(state.secrets) + 1} a secret number.")
        if state.phase == "pick":
            return Decision(len(state.picks), "pick", "Pick one of your cards in secret.")
        decision = super().decision(state)
        if state.phase == "choose" and state.noted and decision.kind == "turn":
            return Decision(decision.seat, "step", decision.prompt)  # a note is a step of the turn
        return decision

    def legal_actions(self, state: SecretState) -> list[Action]:  # type: ignore[override]
        """The possible deals, then the dice race's actions."""
        if state.phase == "deal":
            return [Action("deal", (len(state.secrets), v)) for v in SECRETS]
        if state.phase == "pick":
            return [Action("pick", (c,)) for c in self.hand(state, len(state.picks))]
        acts = super().legal_actions(state)
        if state.phase == "choose" and state.notes_module and not state.noted:
            acts += [Action("note", (v,)) for v in NOTES]
        return acts

    def chance_outcomes(self, state: SecretState) -> list[Outcome]:  # type: ignore[override]
        """Uniform deals."""
        if state.phase == "deal":
            return [Outcome(a, 1.0) for a in self.legal_actions(state)]
        return super().chance_outcomes(state)

    def apply(self, state: SecretState, action: Action) -> tuple[SecretState, list[Event]]:  # type: ignore[override]
        """A deal stores the secret (private event for its owner); everything else is the race."""
        if state.phase == "deal":
            if action not in self.legal_actions(state):
                raise IllegalAction("That deal is not possible now.")
            seat, value = int(action.args[0]), int(action.args[1])
            secrets = (*state.secrets, value)
            phase = ("pick" if state.cards_module else "first") if len(secrets) == state.players else "deal"
            new = dataclasses.replace(state, secrets=secrets, phase=phase, seat=0 if phase == "pick" else state.seat)
            return new, [Event("deal", seat, f"Your secret number is {value}.", {"private": True})]
        if state.phase == "pick":
            if action not in self.legal_actions(state):
                raise IllegalAction("Pick one of the cards in your hand.")
            seat, card = len(state.picks), int(action.args[0])
            picks = (*state.picks, card)
            done = len(picks) == state.players
            new = dataclasses.replace(state, picks=picks, phase="first" if done else "pick",
                                      seat=-1 if done else len(picks))
            return new, [Event("pick", seat, f"You picked {card}.", {"private": True}),
                         Event("picked", seat, f"Seat {seat + 1} picked a card.")]
        if action.kind == "note":
            if action not in self.legal_actions(state):
                raise IllegalAction("You can write one note per turn.")
            notes = list(state.notes)
            notes[state.seat] = int(action.args[0])
            new = dataclasses.replace(state, notes=tuple(notes), noted=True)
            return new, [Event("note", state.seat, f"You noted {action.args[0]}.", {"private": True})]
        new, events = super().apply(state, action)
        if new.seat != state.seat or new.turn != state.turn:
            new = dataclasses.replace(new, noted=False)
        return new, events  # type: ignore[return-value]

    def public_notation(self, state: SecretState, action: Action) -> str | None:
        """What anyone may see: deals and notes without their value."""
        if action.kind == "deal":
            return f"deal {int(action.args[0]) + 1} ~"
        if action.kind == "note":
            return "note ~"
        if action.kind == "pick":
            return "pick ~"
        return None

    def private_choice(self, state: SecretState, action: Action) -> bool:
        """No option is private beyond what :meth:`public_notation` hides."""
        return False

    def reveals(self, state: SecretState, action: Action) -> bool:
        """Nothing hidden is ever shown (a ``peek`` says so with its event's undo barrier)."""
        return False

    def hidden_tokens(self, state: SecretState, seat: int | None) -> set[str]:
        """The secret numbers, notes and cards of the seats other than ``seat``, as words."""
        out: set[str] = set()
        for other in range(len(state.secrets)):
            if other == seat:
                continue
            out.add(str(state.secrets[other]))
            if other < len(state.notes) and state.notes[other]:
                out.add(str(state.notes[other]))
            out.update(str(c) for c in (state.secrets[other] + 100000, state.secrets[other] + 200000))
        return out

    def sample_hidden(self, state: SecretState, seat: int | None, rng: random.Random) -> SecretState:
        """``state`` with every other seat's secret (and the cards and picks derived from it)
        re-dealt from the numbers ``seat`` has not seen, and their notes forgotten."""
        own = state.secrets[seat] if seat is not None and 0 <= seat < len(state.secrets) else None
        pool = [v for v in SECRETS if v != own]
        rng.shuffle(pool)
        secrets = tuple(v if s == seat else pool[s] for s, v in enumerate(state.secrets))
        notes = tuple(v if s == seat else 0 for s, v in enumerate(state.notes))
        picks = tuple(v if s == seat else secrets[s] + 100000 for s, v in enumerate(state.picks))
        return dataclasses.replace(state, secrets=secrets, notes=notes, picks=picks)

    def private_options(self, state: SecretState) -> bool:
        """Public information only: the pick phase, and a race turn where a note may still be written."""
        if state.phase == "pick":
            return True
        return state.phase == "choose" and state.notes_module and not state.noted

    def describe(self, state: SecretState, action: Action) -> str:  # type: ignore[override]
        """Labels of the secret choices (they name the secret: shown only to their owner)."""
        if action.kind == "pick":
            return f"Pick your card {action.args[0]}"
        if action.kind == "note":
            return f"Write the secret note {action.args[0]}"
        return super().describe(state, action)

    def parse_action(self, state: SecretState, text: str) -> Action:  # type: ignore[override]
        """``deal S V`` (chance), else the dice race's notation."""
        words = text.strip().lower().split()
        if len(words) == 3 and words[0] == "deal" and words[1].isdigit() and words[2].isdigit():
            return Action("deal", (int(words[1]), int(words[2])))
        if len(words) == 2 and words[0] in ("note", "pick") and words[1].isdigit():
            return Action(words[0], (int(words[1]),))
        return super().parse_action(state, text)

    def view(self, state: SecretState, seat: int | None) -> dict[str, Any]:  # type: ignore[override]
        """Only the viewer's own secret is visible."""
        data = json.loads(self.to_json(state))
        data["secrets"] = [v if s == seat else None for s, v in enumerate(state.secrets)]
        data["notes"] = [v if s == seat else None for s, v in enumerate(state.notes)]
        data["picks"] = [v if s == seat else None for s, v in enumerate(state.picks)]
        data["hand"] = list(self.hand(state, seat)) if seat is not None else None
        return data

    def text(self, state: SecretState, seat: int | None) -> str:  # type: ignore[override]
        """The race, plus the viewer's own secret."""
        out = super().text(state, seat)
        if seat is not None and 0 <= seat < len(state.secrets):
            out += f"\nYour secret number: {state.secrets[seat]}"
        if seat is not None and 0 <= seat < len(state.notes) and state.notes[seat]:
            out += f"\nYour note: {state.notes[seat]}"
        if seat is not None and self.hand(state, seat):
            out += "\nYour cards: " + ", ".join(str(c) for c in self.hand(state, seat))
        if seat is not None and 0 <= seat < len(state.picks):
            out += f"\nYour pick: {state.picks[seat]}"
        return out

    def to_json(self, state: SecretState) -> str:  # type: ignore[override]
        """State as JSON (secrets included: the state is the server's)."""
        return _ADAPTER.dump_json(state).decode()

    def from_json(self, text: str) -> SecretState:  # type: ignore[override]
        """Validate and rebuild a state."""
        state = _ADAPTER.validate_json(text)
        problems = self.check_invariants(state)
        if problems:
            raise ValueError("; ".join(problems))
        return state

    def check_invariants(self, state: RaceState) -> list[str]:
        """The race's invariants (the deal and pick phases come before the race)."""
        if state.phase == "deal":
            return []
        if state.phase == "pick":
            return [] if 0 <= state.seat < state.players else ["no picking seat"]
        return super().check_invariants(state)


GAME = SecretRace()
