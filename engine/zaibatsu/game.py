"""The :class:`engine.core.Game` implementation for Nippon: Zaibatsu."""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Sequence
from typing import Any

from pydantic import ValidationError

from engine.core import Action, Event, IllegalAction, PlayerResult, Result
from engine.core.capabilities import (
    CatalogueTerms,
    DataReport,
    Evaluation,
    InPlaceSearch,
    Ledger,
    MenuOrder,
    ModuleNames,
    Narration,
    OptionWarnings,
    Pictures,
    RulesTopics,
    SeatLabelText,
    SelfplayWeights,
    SoloOpponent,
    StateSchema,
    Story,
    StoryRounds,
    WinFeatures,
)

from . import automa, explain, features, ledger, modules, notation, rules, words
from .menu import describe, menu_order
from .state import STATE_ADAPTER, ZState, copy_state
from .tables import tables
from .words import M, T

#: 0.2.0: Takatoshi's narration is kept as facts (``AutomaTurn``) and solo goal results carry their
#: id and progress, so texts can be shown in any language.
VERSION = "0.2.0"

# The rules reach Takatoshi (solo mode) and the Common Goals module through these hooks; they never
# import them (both depend on the rules).
rules.register(
    solo=rules.Solo(
        new_automa=automa.new_automa, automa_influence=automa.automa_influence, automa_turn=automa.automa_turn,
        goal_progress=automa.goal_progress, goal_text=automa.goal_text, rating=automa.rating,
    ),
    common_goals=rules.CommonGoals(resolve=modules.resolve_common_goals, reward_choices=modules.reward_choices),
)


class ZaibatsuGame:
    """Nippon: Zaibatsu for 2–4 players (engine contract of docs/architecture.md).

    For a search: :meth:`copy_state` once, then ``legal_actions`` and :meth:`apply_quiet` in place
    (no checks, no events), which give exactly the states the checked, copying :meth:`apply` gives
    (``tests/zaibatsu/test_search_paths.py``).
    """

    name = "zaibatsu"
    title = "Nippon: Zaibatsu"
    version = VERSION
    #: Menu facts read by the hosts (:func:`engine.core.registry.game_info`).
    player_counts = (2, 3, 4)
    modules = rules.MODULES
    solo_levels = rules.SOLO_LEVELS
    order = 1
    #: Random play makes the free silk conversion rare, so bookkeeping moves don't dominate.
    selfplay_weights = {"convert": 0.05}
    #: The table option ``first_game`` (the rulebook's first-game set-up) exists.
    first_game_setup = True
    #: The solo opponent's name (a term; the hosts show it in any language).
    solo_opponent = T("name", "Takatoshi")
    #: The engine's own end-of-solo lines (goals met, the final rating): hosts may show their goal
    #: check built from ``Result.solo`` instead.
    solo_end_events = frozenset({"solo_goal", "solo_end"})
    #: Where the game's pictures are drawn (:class:`~engine.core.capabilities.Pictures`).
    picture_package = "render.zaibatsu"
    #: What the game offers beyond the core contract, checked when it is registered
    #: (:mod:`engine.core.capabilities`).
    capabilities = (SoloOpponent, Evaluation, InPlaceSearch, Story, StoryRounds, Narration, RulesTopics,
                    SeatLabelText, SelfplayWeights, ModuleNames, OptionWarnings, CatalogueTerms, DataReport,
                    StateSchema, WinFeatures, Ledger, Pictures, MenuOrder)

    @staticmethod
    def module_names() -> dict[str, str]:
        """Each module id's name as a term (Msg), for menus."""
        return {"modern_factories": T("module", "Modern Factories"), "common_goals": T("module", "Common Goals")}

    @staticmethod
    def data_report() -> list[tuple[str, int, int, int]]:
        """Component data per kind: ``(kind, confirmed, likely, proposed)`` record counts."""
        from . import data

        return [(str(k), int(c), int(li), int(p)) for k, c, li, p in data.report()]

    @staticmethod
    def terms() -> list[tuple[str, str]]:
        """Game terms looked up from data (``(context, English)``), for the message catalogues."""
        return words.terms()

    @staticmethod
    def rules_topics() -> tuple[Any, ...]:
        """Short rules answers (:class:`~engine.zaibatsu.topics.Topic`) for a host's rules command."""
        from .topics import TOPICS

        return TOPICS

    # -- contract ------------------------------------------------------------------------------
    def setup(self, options: dict[str, Any], seed: int) -> ZState:
        """Initial state for ``options`` (``players`` 2–4, ``first_game``); raises ``ValueError``."""
        return rules.setup(options, seed)

    def option_warnings(self, options: dict[str, Any]) -> list[str]:
        """Advice the rulebook gives about a legal combination of options (shown, never refused); Msgs."""
        modules = set(options.get("modules") or [])
        out: list[str] = []
        if {"modern_factories", "common_goals"} <= modules:
            out.append(M("The rulebook does not recommend playing Modern Factories together with Common Goals; "
                         "the table uses both as you asked."))
        if modules and options.get("first_game"):
            out.append(M("The rulebook recommends no modules in a first game."))
        return out

    # The calls a search makes most are the rules' functions themselves (no extra call per move):
    #: ``decision(state)``: who acts now (seat, ``CHANCE``, or ``None`` when over).
    decision = staticmethod(rules.decision)
    #: ``legal_actions(state)``: all legal actions now.
    legal_actions = staticmethod(rules.legal_actions)
    #: ``chance_outcomes(state)``: weighted outcomes of the pending chance decision.
    chance_outcomes = staticmethod(rules.chance_outcomes)

    def apply(self, state: ZState, action: Action) -> tuple[ZState, list[Event]]:
        """Apply ``action`` to a copy of ``state``; raises :class:`IllegalAction` (state unchanged)."""
        explain.check_legal(state, action)
        new = clone(state)
        events = rules.apply_in_place(new, action)
        return new, events

    def apply_unchecked(self, state: ZState, action: Action) -> list[Event]:
        """Apply an action already taken from ``legal_actions`` *in place* (selfplay hot path)."""
        return rules.apply_in_place(state, action)

    #: ``apply_quiet(state, action)``: like :meth:`apply_unchecked` (in place, unchecked) but
    #: without events (search hot path). The state afterwards is exactly the one
    #: :meth:`apply_unchecked` gives; only the events and their texts, which a search never reads,
    #: are not built.
    apply_quiet = staticmethod(rules.apply_quiet)

    def evaluate(self, state: ZState, seat: int) -> Any:
        """Bots' heuristic value (VP) of ``state`` for ``seat`` (:func:`.bot.evaluate`); no hidden
        information, so no ``sample_hidden``."""
        from .bot import evaluate

        return evaluate(state, seat)

    def copy_state(self, state: ZState) -> ZState:
        """A deep copy of ``state`` (a search copies once, then plays :meth:`apply_quiet` in place)."""
        return copy_state(state)

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
                    {"slot": slot, "id": goal_id, "text": T("solo goal", text), "value": value, "target": target,
                     "met": value >= target}
                )
        # Names are terms (Msgs): a front end shows them in its language with ``tr``.
        data["seats"] = [
            {"seat": p.seat, "colour": p.colour, "name": rules.name(state, p.seat), "automa": False}
            for p in state.players
        ]
        if state.automa is not None:
            data["seats"].append({"seat": 1, "colour": state.automa.colour, "name": T("name", "Takatoshi"),
                                  "automa": True})
        # Influence per region for every seat (Takatoshi included); needs "seats" built first
        # (it used to be read before it was set: KeyError on every view).
        data["influence"] = {
            r: [rules.region_influence(state, s, r) for s in range(len(data["seats"]))] for r in tables().region_ids
        }
        return data

    def result(self, state: ZState) -> Result | None:
        """Final ranking (most VP; tie: who took their last turn later wins; rulebook: Final
        scoring, p. 19)."""
        if not state.over:
            return None
        order = sorted(state.players, key=lambda p: (-p.vp, -p.last_turn))
        lines = []
        for rank, p in enumerate(order, start=1):
            lines.append(PlayerResult(seat=p.seat, score=p.vp, rank=rank, details=state.scores.get(str(p.seat), {})))
        return Result(players=tuple(lines), solo=solo_facts(state.solo_result))

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
                raise IllegalAction(M("There is no move number {number}; choose 1 to {n}.", number=i, n=len(legal)))
            return legal[i - 1]
        words_ = s.split()
        if len(words_) == 2 and words_[0].lower() == "pair" and words_[1].isascii() and words_[1].isdigit():
            # "pair N": the N-th start-tile pair on offer, as the pictures number them.
            n = int(words_[1])
            if not 1 <= n <= len(state.start_pairs) or len(state.start_pairs[n - 1]) != 2:
                raise IllegalAction(M("There is no start-tile pair {number}.", number=n))
            a, b = state.start_pairs[n - 1]
            return Action("pair", (a, b))
        return implied_modifier(state, notation.parse_action(s))

    def account_lines(self, events: Any) -> list[str]:
        """The sentences of one turn account from its public events (:func:`.narrate.account_lines`):
        set-up and round-start draws merged into a few lines, every other event as it is."""
        from .narrate import account_lines

        return account_lines(events)

    def menu_order(self, state: ZState, actions: Sequence[Action]) -> list[Action]:
        """``actions`` as menus offer them: a dominated production variant after the better one
        (:func:`.menu.menu_order`); ``legal_actions`` keeps its own order."""
        return menu_order(state, actions)

    def describe(self, state: ZState, action: Action) -> str:
        """Human label for menus (a Msg): the move, what it costs and what it gives at once
        (:func:`.menu.describe`; at most 100 characters in every language)."""
        return describe(state, action)

    def text(self, state: ZState, seat: int | None = None) -> str:
        """Readable multi-line state."""
        from .text import render_text

        return render_text(state, seat)

    # -- previews of options (Ledger) -----------------------------------------------------------
    def ledger(self, state: ZState, seat: int) -> dict[str, int]:
        """``seat``'s countable position for option previews (:func:`.ledger.ledger`)."""
        return ledger.ledger(state, seat)

    def ledger_term(self, term: str, n: int) -> str:
        """``n`` of a ledger term as the catalogue names it (:func:`.ledger.ledger_term`)."""
        return ledger.ledger_term(term, n)

    def ledger_draw(self, state: ZState) -> str | None:
        """The draw term of the pending chance decision (:func:`.ledger.ledger_draw`)."""
        return ledger.ledger_draw(state)

    def ledger_rules(self, state: ZState, events: Sequence[Event], seat: int) -> list[str]:
        """Rules behind ``seat``'s changes a player may not expect (:func:`.ledger.ledger_rules`)."""
        return ledger.ledger_rules(state, events, seat)

    def seat_labels(self, state: ZState) -> list[str]:
        """Player colours by seat: plain colour ids (``purple``), stored by hosts as they are.

        :meth:`seat_label_text` shows one in any language.
        """
        return [p.colour for p in state.players]

    @staticmethod
    def seat_label_text(label: str) -> str:
        """A seat label from :meth:`seat_labels` as a translatable term (``purple`` → "Purple")."""
        return T("player", label.capitalize())

    def readable_ids(self) -> list[str]:
        """Board labels players read and type: hiring spaces ``H1``–``H5``, regions ``R1``–``R4``,
        markets ``M1``–``M8`` and contracts ``C1``… — printed on the board picture and explained in
        every language's legend (:data:`.words.LABEL_LEGEND`); the internal-word scan allows them."""
        from .tables import tables

        t = tables()
        return [h.id for h in t.hiring] + list(t.region_ids) + list(t.market_by_id) + list(t.contracts)

    #: The names of one seat's values in :meth:`win_features` (:mod:`.features`).
    win_feature_names = features.FEATURE_NAMES

    def win_features(self, state: ZState) -> tuple[float, list[list[float]]]:
        """The share of the game played and every seat's public values for the learned
        win-probability model (:func:`.features.win_features`)."""
        return features.win_features(state)

    def public_scores(self, state: ZState) -> list[int]:
        """Every player's victory points on the board now (VP; Takatoshi scores no VP), for the story
        of a finished game (:mod:`engine.core.story`)."""
        return [p.vp for p in state.players]

    def story_round(self, state: ZState) -> int | None:
        """The round (1–8) a state is in, for the story's labels."""
        return min(state.round, 8)

    def check_invariants(self, state: ZState) -> list[str]:
        """Broken invariants (empty list = all hold)."""
        return check_invariants(state)


#: Action kinds whose last argument is the modifier's factory slot (``+fN``; 0: no modifier).
MODIFIED = frozenset({"rd", "mining", "machine", "produce", "ship", "train", "invest"})


def implied_modifier(state: ZState, action: Action) -> Action:
    """``action`` with the only modifier that makes it legal, when it was typed without ``+fN``.

    The notation needs ``+fN`` only to choose between modifiers (docs/notation-zaibatsu.md): when
    the move without a modifier is not legal but exactly one legal move differs from it only by its
    modifier's factory slot, that move is meant. Otherwise ``action`` is returned unchanged.
    """
    if action.kind not in MODIFIED or not action.args or action.args[-1] != 0:
        return action
    legal = rules.legal_actions(state)
    if action in legal:
        return action
    head = action.args[:-1]
    variants = [a for a in legal if a.kind == action.kind and a.args[:-1] == head and a.args[-1] != 0]
    return variants[0] if len(variants) == 1 else action


def clone(state: ZState) -> ZState:
    """Deep copy of a state (:func:`.state.copy_state`: the same copy as a pickle round trip, faster)."""
    return copy_state(state)


def solo_facts(solo: dict[str, Any] | None) -> dict[str, Any] | None:
    """``Result.solo`` from a state's ``solo_result``: the rating and each goal's text as Msgs.

    The state keeps plain data (English texts, the rating's English name); what players read is
    rebuilt here so it shows in any language.
    """
    if solo is None:
        return None
    from .automa import goal_text

    out = dict(solo)
    if "goals" in solo:
        goals = {}
        for slot, goal in solo["goals"].items():
            goal = dict(goal)
            if "id" in goal:
                goal["text"] = goal_text(goal["id"], goal["value"], goal["target"])
            goals[slot] = goal
        out["goals"] = goals
    rating = out.get("rating")
    if rating:
        out["rating"] = T("rating", rating)
    return out


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
    experts_held: Counter[str] = Counter()
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
