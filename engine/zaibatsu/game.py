"""The :class:`engine.core.Game` implementation for Nippon: Zaibatsu."""

from __future__ import annotations

import json
import pickle
from collections import Counter
from typing import Any

from pydantic import ValidationError

from engine.core import Action, Decision, Event, IllegalAction, Outcome, PlayerResult, Result

from . import notation, rules, words
from .state import STATE_ADAPTER, ZState
from .tables import tables

VERSION = "0.1.0"


class ZaibatsuGame:
    """Nippon: Zaibatsu for 2–4 players (engine contract of DESIGN.md)."""

    name = "zaibatsu"
    title = "Nippon: Zaibatsu"
    version = VERSION

    @staticmethod
    def terms() -> list[tuple[str, str]]:
        """Game terms looked up from data (``(context, English)``), for the message catalogues."""
        return words.terms()

    # -- contract ------------------------------------------------------------------------------
    def setup(self, options: dict[str, Any], seed: int) -> ZState:
        """Initial state for ``options`` (``players`` 2–4, ``first_game``); raises ``ValueError``."""
        return rules.setup(options, seed)

    def option_warnings(self, options: dict[str, Any]) -> list[str]:
        """Advice the rulebook gives about a legal combination of options (shown, never refused)."""
        modules = set(options.get("modules") or [])
        out = []
        if {"modern_factories", "common_goals"} <= modules:
            out.append("The rulebook does not recommend playing Modern Factories together with Common Goals; "
                       "the table uses both as you asked.")
        if modules and options.get("first_game"):
            out.append("The rulebook recommends no modules in a first game.")
        return out

    def decision(self, state: ZState) -> Decision:
        """Who acts now (seat, ``CHANCE``, or ``None`` when over)."""
        return rules.decision(state)

    def legal_actions(self, state: ZState) -> list[Action]:
        """All legal actions now."""
        return rules.legal_actions(state)

    def chance_outcomes(self, state: ZState) -> list[Outcome]:
        """Weighted outcomes of the pending chance decision."""
        return rules.chance_outcomes(state)

    def apply(self, state: ZState, action: Action) -> tuple[ZState, list[Event]]:
        """Apply ``action`` to a copy of ``state``; raises :class:`IllegalAction` (state unchanged)."""
        rules.check_legal(state, action)
        new = clone(state)
        events = rules.apply_in_place(new, action)
        return new, events

    def apply_unchecked(self, state: ZState, action: Action) -> list[Event]:
        """Apply an action already taken from ``legal_actions`` *in place* (selfplay hot path)."""
        return rules.apply_in_place(state, action)

    def view(self, state: ZState, seat: int | None) -> dict[str, Any]:
        """Everything is public in Zaibatsu (the bag is counts only); adds the decision and scores."""
        data = STATE_ADAPTER.dump_python(state, mode="json")
        d = rules.decision(state)
        data["viewer"] = seat
        data["decision"] = {"seat": d.seat, "kind": d.kind, "prompt": d.prompt}
        data.pop("stack", None)
        if state.automa is not None:
            from .automa import goal_progress

            data["solo_goals"] = []
            for slot, goal_id in state.automa.goals.items():
                value, target, text = goal_progress(state, goal_id)
                data["solo_goals"].append(
                    {"slot": slot, "id": goal_id, "text": text, "value": value, "target": target, "met": value >= target}
                )
        data["seats"] = [
            {"seat": p.seat, "colour": p.colour, "name": p.colour.capitalize(), "automa": False} for p in state.players
        ]
        if state.automa is not None:
            data["seats"].append({"seat": 1, "colour": state.automa.colour, "name": "Takatoshi", "automa": True})
        # Influence per region for every seat (Takatoshi included); needs "seats" built first
        # (it used to be read before it was set: KeyError on every view).
        data["influence"] = {
            r: [rules.region_influence(state, s, r) for s in range(len(data["seats"]))] for r in tables().region_ids
        }
        return data

    def result(self, state: ZState) -> Result | None:
        """Final ranking (most VP; tie: who took their last turn later wins, §2.11 step 3)."""
        if not state.over:
            return None
        order = sorted(state.players, key=lambda p: (-p.vp, -p.last_turn))
        lines = []
        for rank, p in enumerate(order, start=1):
            lines.append(PlayerResult(seat=p.seat, score=p.vp, rank=rank, details=state.scores.get(str(p.seat), {})))
        return Result(players=tuple(lines), solo=state.solo_result)

    def to_json(self, state: ZState) -> str:
        """State as JSON text."""
        return STATE_ADAPTER.dump_json(state).decode()

    def from_json(self, text: str) -> ZState:
        """Validate JSON into a state; raises ``ValueError`` naming the problem."""
        try:
            state = STATE_ADAPTER.validate_json(text)
        except ValidationError as exc:
            raise ValueError(f"invalid Zaibatsu state: {exc}") from exc
        problems = self.check_invariants(state)
        if problems:
            raise ValueError("inconsistent Zaibatsu state: " + "; ".join(problems))
        return state

    def json_schema(self) -> dict[str, Any]:
        """JSON Schema of a state file."""
        return STATE_ADAPTER.json_schema()

    def format_action(self, state: ZState | None, action: Action) -> str:
        """Notation of ``action``."""
        return notation.format_action(action)

    def parse_action(self, state: ZState, text: str) -> Action:
        """Parse notation, or a 1-based number into ``legal_actions``; raises :class:`IllegalAction`."""
        s = text.strip()
        # Only short ASCII digit strings are move numbers: str.isdigit() also accepts '²' (which
        # int() rejects) and a 5,000-digit string exceeds int()'s digit limit; both used to escape
        # as a bare ValueError instead of IllegalAction. Anything else goes to the notation parser,
        # which refuses over-long text with a clear reason.
        if s.isascii() and s.isdigit() and len(s) <= notation.MAX_LEN:
            legal = rules.legal_actions(state)
            i = int(s)
            if not 1 <= i <= len(legal):
                raise IllegalAction(f"There is no move number {i}; choose 1 to {len(legal)}.")
            return legal[i - 1]
        return notation.parse_action(s)

    def describe(self, state: ZState, action: Action) -> str:
        """Human label for menus."""
        return describe(state, action)

    def text(self, state: ZState, seat: int | None = None) -> str:
        """Readable multi-line state."""
        from .text import render_text

        return render_text(state, seat)

    def seat_labels(self, state: ZState) -> list[str]:
        """Player colours by seat."""
        return [p.colour for p in state.players]

    def check_invariants(self, state: ZState) -> list[str]:
        """Broken invariants (empty list = all hold)."""
        return check_invariants(state)


def clone(state: ZState) -> ZState:
    """Deep copy of a state (pickle round-trip: much faster than ``copy.deepcopy``)."""
    return pickle.loads(pickle.dumps(state, protocol=pickle.HIGHEST_PROTOCOL))


def describe(state: ZState, action: Action) -> str:
    """A short English label for an action in this state."""
    t = tables()
    k, a = action.kind, action.args
    if k == "take":
        return f"Take a {a[2]} worker from hiring space {a[0]} → {rules.ACTION_NAMES[str(a[1])]}"
    if k == "consolidate":
        return "Consolidate (prestige, taxes, departments, income, payday)"
    if k in ("rd", "mining"):
        cost = t.n["rd_step_costs" if k == "rd" else "mining_step_costs"][int(a[0]) - 1]
        return f"{rules.ACTION_NAMES[k]} +{a[0]} for {cost} money"
    if k == "factory":
        side = t.sides[str(a[0])]
        return f"Build {a[0]} ({side.text})" + (f", paying {a[1]} silk for R&D" if a[1] else "")
    if k == "machine":
        return f"Machine on factory {a[0]} ({'left' if a[1] == 'L' else 'right'} slot)"
    if k == "produce":
        return f"Produce in factory {a[0]}"
    if k == "ship":
        return f"Ship to {t.dest_by_id[str(a[0])].name} ({a[1]})"
    if k == "train":
        return f"Railway in {a[0]}, slot {a[1]} ({a[2]})"
    if k == "market":
        return f"Influence in {a[0]} {a[1]} with goods from factories {a[2]}, take {'region bonus' if a[3] == 'bonus' else '2 VP'}"
    if k == "invest":
        return f"Invest goods from factories {a[0]} → {'Finance +2' if a[1] == 'finance' else 'contract ' + str(a[1])}"
    if k == "pair":
        return f"Start tiles {a[0]} ({t.start[str(a[0])].text}) + {a[1]} ({t.start[str(a[1])].text})"
    if k == "chance":
        return f"Random outcome {a[0]}"
    return notation.format_action(action)


def check_invariants(state: ZState) -> list[str]:
    """Pieces conserved and stocks non-negative (used by selfplay and tests after every move)."""
    t = tables()
    problems: list[str] = []
    pc = t.count(state.options.players)
    workers = Counter(state.bag)
    for space in state.hiring:
        workers.update(space)
    for row in state.waiting:
        workers.update(row)
    experts_held = Counter()
    for p in state.players:
        for w in p.workforce:
            if w.expert:
                experts_held[w.expert] += 1
            else:
                workers[w.colour] += 1
    per = pc.bag // 6
    for c in ("black", "red", "grey", "blue", "white", "yellow"):
        if workers[c] != per:
            problems.append(f"{c} workers: {workers[c]} in play, expected {per}")
    for d, present in state.experts.items():
        held = experts_held[d]
        if held + (1 if present else 0) != 1:
            problems.append(f"expert of {d} counted {held + present} times")
    for c, n in state.bag.items():
        if n < 0:
            problems.append(f"bag has {n} {c}")
    token_set = Counter(tok.value for tok in t.data.influence_tokens)
    on_board: dict[int, Counter] = {p.seat: Counter() for p in state.players}
    if state.automa is not None:
        a = state.automa
        on_board[1] = Counter()
        for m in state.markets:
            for s in m.slots:
                if s is not None and s[0] == 1:
                    on_board[1][s[1]] += 1
        mine = Counter(v for row in a.rows for v in row) + Counter(a.boxed) + on_board[1]
        if mine != token_set:
            problems.append(f"Takatoshi's influence tokens {sorted(mine.elements())}")
        if a.trains + sum(v.count(1) for v in state.trains.values()) != 6:
            problems.append("Takatoshi's trains not conserved")
        if len(a.deck) + len(a.discard) != len(t.data.automa_tiles):
            problems.append("Takatoshi's action tiles not conserved")
    for m in state.markets:
        for s in m.slots:
            if s is not None and s[0] < len(state.players):
                on_board[s[0]][s[1]] += 1
    for p in state.players:
        tokens = Counter(p.tokens) + Counter(p.locked) + on_board[p.seat]
        if tokens != token_set:
            problems.append(f"seat {p.seat} influence tokens {sorted(tokens.elements())}")
        for attr in ("money", "coal", "silk", "iron", "protected_coal", "goods_reserve"):
            if getattr(p, attr) < 0:
                problems.append(f"seat {p.seat} has {getattr(p, attr)} {attr}")
        for f in p.factories:
            if not 0 <= f.goods <= t.n["goods_slots"] or f.coal < 0:
                problems.append(f"seat {p.seat} factory {f.side} holds {f.goods} goods / {f.coal} coal")
        if len(p.workforce) > t.n["workforce_slots"]:
            problems.append(f"seat {p.seat} workforce of {len(p.workforce)}")
        if p.ships != sum(v.count(p.seat) for v in state.ships.values()):
            problems.append(f"seat {p.seat} ships off board mismatch")
        if p.trains != sum(v.count(p.seat) for v in state.trains.values()):
            problems.append(f"seat {p.seat} trains off board mismatch")
        machines = sum(sum(f.machines) for f in p.factories) + (1 if p.machine_reserve else 0)
        if p.machines != machines:
            problems.append(f"seat {p.seat} machines {p.machines} vs placed {machines}")
        for attr in ("ships", "machines", "trains"):
            if not 0 <= getattr(p, attr) <= 6:
                problems.append(f"seat {p.seat} {attr} {getattr(p, attr)}")
        if len(set(p.contracts) | set(p.contracts_done)) != len(t.contracts):
            problems.append(f"seat {p.seat} contracts lost")
    for d, seats in state.ships.items():
        if len(seats) > pc.ship_slots:
            problems.append(f"{d} holds {len(seats)} ships")
    return problems


def dumps_view(view: dict[str, Any]) -> str:
    """Compact JSON of a view (for hosts)."""
    return json.dumps(view, separators=(",", ":"))


GAME = ZaibatsuGame()
