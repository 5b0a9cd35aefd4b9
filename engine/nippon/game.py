"""The :class:`engine.core.Game` implementation for Nippon (What's Your Game?, 2015)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

from pydantic import ValidationError

from engine.core import Action, Decision, Event, IllegalAction, Outcome, PlayerResult, Result
from engine.core.capabilities import (
    AllSeatsEvaluation,
    CatalogueTerms,
    DataReport,
    Evaluation,
    InPlaceSearch,
    Ledger,
    MenuOrder,
    Narration,
    OptionWarnings,
    Pictures,
    RulesTopics,
    SeatLabelText,
    StateSchema,
    Story,
    WinFeatures,
)

from . import explain, features, ledger, notation, rules
from .state import PLAYER_COLOURS, STATE_ADAPTER, NState, copy_state
from .tables import tables
from .words import M, T

#: 0.1.0: first version of the engine (data partly PROPOSED, see docs/rules-notes.md).
VERSION = "0.1.0"


class NipponGame:
    """Nippon (2015) for 2–4 players, behind the engine contract of docs/architecture.md.

    The object is stateless: every method takes the state it works on. Rules live in
    :mod:`.rules`; this class adds serialisation, views, labels and the hosts' menu facts.

    For a search: :meth:`copy_state` once, then ``legal_actions`` and :meth:`apply_quiet` in place
    (no checks, no events), which give exactly the states the checked, copying :meth:`apply` gives
    (``tests/nippon/test_search_paths.py``).
    """

    name = "nippon"
    title = "Nippon"
    version = VERSION
    #: Menu facts read by the hosts (:func:`engine.core.registry.game_info`).
    player_counts = (2, 3, 4)
    modules: tuple[str, ...] = ()
    order = 2
    #: Where the game's pictures are drawn (:class:`~engine.core.capabilities.Pictures`).
    picture_package = "render.nippon"
    #: What the game offers beyond the core contract, checked when it is registered
    #: (:mod:`engine.core.capabilities`).
    capabilities = (Evaluation, AllSeatsEvaluation, InPlaceSearch, Story, Narration, RulesTopics, SeatLabelText,
                    OptionWarnings, CatalogueTerms, DataReport, StateSchema, WinFeatures, Ledger, Pictures, MenuOrder)

    # -- states in and out ---------------------------------------------------------------------
    def setup(self, options: dict[str, Any], seed: int) -> NState:
        """A new game for ``{"players": 2..4}``, at its first random set-up step.

        Raises :class:`IllegalAction` (a ``ValueError`` whose reason is a Msg) for other options.
        """
        return rules.setup(options, seed)

    def to_json(self, state: NState) -> str:
        """The state file (JSON text; the schema is :meth:`json_schema`)."""
        return STATE_ADAPTER.dump_json(state).decode()

    def from_json(self, text: str) -> NState:
        """Read a state file: pydantic validation, then :meth:`check_invariants`.

        Raises ``ValueError`` naming the first problem (bad JSON, a wrong field, broken conservation).
        """
        state = _validated(text)
        broken = check_invariants(state)
        if not broken:
            return state
        raise ValueError("Nippon state breaks its invariants: " + "; ".join(broken))

    def json_schema(self) -> dict[str, Any]:
        """The JSON Schema of :meth:`to_json` output (published as docs/nippon-state.schema.json)."""
        return STATE_ADAPTER.json_schema()

    def readable_ids(self) -> list[str]:
        """Board labels players read and type: the cities ``M1``–``M8`` (printed on the board
        picture, explained in every language's legend line); the internal-word scan allows them."""
        from .tables import tables

        return list(tables().city_by_id)

    #: The names of one seat's values in :meth:`win_features` (:mod:`.features`).
    win_feature_names = features.FEATURE_NAMES

    def win_features(self, state: NState) -> tuple[float, list[list[float]]]:
        """The share of the game played and every seat's public values for the learned
        win-probability model (:func:`.features.win_features`)."""
        return features.win_features(state)

    def public_scores(self, state: NState) -> list[int]:
        """Every player's victory points on the scoring track now (VP), for the story of a finished
        game (:mod:`engine.core.story`)."""
        return [p.vp for p in state.players]

    def check_invariants(self, state: NState) -> list[str]:
        """Conservation and bounds problems of ``state``; an empty list when it is sound."""
        return check_invariants(state)

    # -- playing -------------------------------------------------------------------------------
    def apply(self, state: NState, action: Action) -> tuple[NState, list[Event]]:
        """``(next_state, events)``; ``state`` itself is left as it was.

        Raises :class:`IllegalAction` with a reason (a Msg) when ``action`` is not legal now.
        """
        explain.check_legal(state, action)
        after = clone(state)
        return after, rules.apply_in_place(after, action)

    def apply_unchecked(self, state: NState, action: Action) -> list[Event]:
        """Play an action taken from :meth:`legal_actions` directly on ``state`` (no copy, no check)."""
        return rules.apply_in_place(state, action)

    #: ``apply_quiet(state, action)``: like :meth:`apply_unchecked` (in place, unchecked) but
    #: builds no events and none of their texts, and returns ``None`` — the searching bots' path
    #: (``engine.core.bots``). The same new state as :meth:`apply_unchecked`
    #: (tests/nippon/test_search_paths.py).
    apply_quiet = staticmethod(rules.apply_quiet)

    def copy_state(self, state: NState) -> NState:
        """A deep copy of ``state`` (a search copies once, then plays :meth:`apply_quiet` in place)."""
        return copy_state(state)

    def evaluate(self, state: NState, seat: int) -> Any:
        """Bots' heuristic value (VP, an ``engine.core.bots.Evaluation``) of ``state`` for ``seat``
        (:func:`.bot.evaluate`); Nippon has no hidden information, so no ``sample_hidden``."""
        from .bot import evaluate

        return evaluate(state, seat)

    def evaluate_all(self, state: NState) -> list[float]:
        """``evaluate(state, seat).score`` of every seat, by seat (VP), at about the cost of one
        :meth:`evaluate` (:func:`.bot.evaluate_all`: the board is read once, no reasons built)."""
        from .bot import evaluate_all

        return evaluate_all(state)

    def decision(self, state: NState) -> Decision:
        """The pending decision: a seat, ``CHANCE`` for a random event, ``None`` once the game is over."""
        return rules.decision(state)

    def legal_actions(self, state: NState) -> list[Action]:
        """The choices of the pending decision (for ``CHANCE``: every possible outcome)."""
        return rules.legal_actions(state)

    def chance_outcomes(self, state: NState) -> list[Outcome]:
        """Outcomes of a pending random event with their weights (e.g. workers of a colour in the bag)."""
        return rules.chance_outcomes(state)

    def result(self, state: NState) -> Result | None:
        """The final ranking (``None`` while running): most VP; ties go to the later last turn."""
        if state.over:
            ranked = rules.ranking(state)
            return Result(players=tuple(
                PlayerResult(seat=p.seat, score=p.vp, rank=i + 1, details=state.scores.get(str(p.seat), {}))
                for i, p in enumerate(ranked)))
        return None

    # -- what people see -----------------------------------------------------------------------
    def view(self, state: NState, seat: int | None) -> dict[str, Any]:
        """The state as JSON-ready data for ``seat`` (or a spectator): all of Nippon is public.

        Adds ``viewer``, ``decision`` (seat, kind, prompt Msg), ``seats`` (colour and name as a
        term), ``influence`` per region and seat, ``foreign`` influence per region and each seat's
        track values (``tracks``: thousand yen, coal, knowledge level). The frame stack is left out.
        """
        t = tables()
        out = STATE_ADAPTER.dump_python(state, mode="json")
        del out["stack"]
        pending = rules.decision(state)
        out.update(
            viewer=seat,
            decision={"seat": pending.seat, "kind": pending.kind, "prompt": pending.prompt},
            seats=[{"seat": p.seat, "colour": p.colour, "name": rules.name(state, p.seat)} for p in state.players],
            influence={r: [rules.region_influence(state, p.seat, r) for p in state.players] for r in t.region_ids},
            foreign={r: rules.foreign_influence(state, r) for r in t.region_ids},
            tracks=[{k: rules.track_value(p, k) for k in ("money", "coal", "knowledge")} for p in state.players],
        )
        return out

    def text(self, state: NState, seat: int | None = None) -> str:
        """The board as terminal text in the current language (``seat``'s board marked ``*``)."""
        from .text import render_text

        return render_text(state, seat)

    def format_action(self, state: NState | None, action: Action) -> str:
        """The notation of ``action`` (docs/notation-nippon.md); the state is not needed."""
        return notation.format_action(action)

    def parse_action(self, state: NState, text: str) -> Action:
        """Read notation, or the 1-based number of a move in :meth:`legal_actions`.

        Raises :class:`IllegalAction` (reason a Msg) for ill-formed text or a number out of range.
        """
        number = text.strip()
        if not (number.isascii() and number.isdigit() and len(number) <= 6):
            return notation.parse_action(text)
        choices = rules.legal_actions(state)
        if 1 <= int(number) <= len(choices):
            return choices[int(number) - 1]
        raise IllegalAction(M("There is no move number {number}; choose 1 to {n}.", number=int(number),
                              n=len(choices)))

    def account_lines(self, events: Sequence[Event]) -> list[str]:
        """The sentences of one turn account (hook of the turn-account contract): runs of chance draws
        summarised, every cost, gain and VP change kept (:func:`.narrate.account_lines`)."""
        from .narrate import account_lines

        return account_lines(events)

    def describe(self, state: NState, action: Action) -> str:
        """A menu label for ``action`` at ``state`` (a Msg)."""
        return describe(state, action)

    # -- previews of options (Ledger) -----------------------------------------------------------
    def ledger(self, state: NState, seat: int) -> dict[str, int]:
        """``seat``'s countable position for option previews (:func:`.ledger.ledger`)."""
        return ledger.ledger(state, seat)

    def ledger_term(self, term: str, n: int) -> str:
        """``n`` of a ledger term as the catalogue names it (:func:`.ledger.ledger_term`)."""
        return ledger.ledger_term(term, n)

    def ledger_draw(self, state: NState) -> str | None:
        """The draw term of the pending chance decision (:func:`.ledger.ledger_draw`)."""
        return ledger.ledger_draw(state)

    def ledger_rules(self, state: NState, events: Sequence[Event], seat: int) -> list[str]:
        """Rules behind ``seat``'s changes a player may not expect (:func:`.ledger.ledger_rules`)."""
        return ledger.ledger_rules(state, events, seat)

    def menu_order(self, state: NState, actions: Sequence[Action]) -> list[Action]:
        """``actions`` as menus offer them: a dominated market placement after the better ones
        (:func:`.menu.menu_order`); ``legal_actions`` keeps its own order."""
        from .menu import menu_order

        return menu_order(state, actions)

    def seat_labels(self, state: NState) -> list[str]:
        """Each seat's player colour id (``yellow``, ``red``, ``purple``, ``blue``) for hosts to store."""
        return [p.colour for p in state.players]

    @staticmethod
    def seat_label_text(label: str) -> str:
        """The term naming a seat label (``"purple"`` → "Purple", translatable)."""
        return T("player", label.capitalize())

    def option_warnings(self, options: dict[str, Any]) -> list[str]:
        """Advice about accepted options (Msgs, shown, never refused): Nippon has no first-game set-up."""
        if options.get("first_game"):
            return [M("Nippon has no first-game set-up; the table uses the normal set-up.")]
        return []

    # -- facts for the catalogues, rules command and data report -------------------------------
    def terms(self) -> list[tuple[str, str]]:
        """``(context, English)`` terms named from data, for the message catalogues."""
        from .words import terms as data_terms

        return data_terms()

    def rules_topics(self) -> tuple[Any, ...]:
        """The rules topics (:class:`engine.core.topics.Topic`) of the ``/game rules`` command."""
        from .topics import TOPICS

        return TOPICS

    def data_report(self) -> list[tuple[str, int, int, int]]:
        """Per data file: ``(kind, confirmed, likely, proposed)`` record counts (see :mod:`.data`)."""
        from .data import report

        return report()


def _validated(text: str) -> NState:
    """A state parsed and type-checked by pydantic; ``ValueError`` with pydantic's message if not."""
    try:
        return STATE_ADAPTER.validate_json(text)
    except ValidationError as exc:
        raise ValueError(f"not a valid Nippon state file: {exc}") from exc


def clone(state: NState) -> NState:
    """Deep copy of a state (:func:`.state.copy_state`: the same copy as a pickle round trip, faster)."""
    return copy_state(state)


def describe(state: NState, action: Action) -> str:
    """A short label (a Msg, at most 100 characters in every language) for an action in this state:
    what it costs and gives (:func:`.menu.describe`)."""
    from .menu import describe as label

    return label(state, action)


def check_invariants(state: NState) -> list[str]:
    """Pieces conserved and stocks within bounds (used by selfplay and tests after every move)."""
    t = tables()
    problems: list[str] = []
    n = state.options.players
    pc = t.count(n)
    if len(state.players) != n:
        problems.append(f"{len(state.players)} players for a {n}-player game")
    workers = Counter({c: k for c, k in state.bag.items()})
    for space in state.spaces:
        workers.update(space)
    for row in state.rows:
        workers.update(row)
    for p in state.players:
        workers.update(p.workers)
    for c in t.colours:
        expected = t.colour_count[c] - pc.workers_removed_per_colour
        if workers[c] != expected:
            problems.append(f"{c} workers: {workers[c]} in play, expected {expected}")
    if set(workers) - set(t.colours):
        problems.append(f"unknown worker colours {sorted(set(workers) - set(t.colours))}")
    if any(k < 0 for k in state.bag.values()):
        problems.append("negative worker count in the bag")
    if any(len(s) > t.n["workers_per_action_space"] for s in state.spaces):
        problems.append("an action space holds more than 3 workers")
    size = t.rows(n).size
    if len(state.rows) != t.rows(n).rows or any(len(r) > size for r in state.rows):
        problems.append("worker rows malformed")
    if any(s < 0 or s > size for s in state.row_short):
        problems.append(f"row shortfall {state.row_short}")
    tiles = Counter(t.influence_tiles)
    on_board: dict[int, Counter] = {p.seat: Counter() for p in state.players}
    limit = pc.city_limit
    for city in state.cities:
        if sum(1 for s in city.slots if s is not None) > limit:
            problems.append(f"city {city.id} holds more than {limit} tiles")
        for s in city.slots:
            if s is not None:
                if s[0] not in on_board:
                    problems.append(f"city {city.id}: unknown seat {s[0]}")
                    continue
                on_board[s[0]][s[1]] += 1
    built = []
    for p in state.players:
        if Counter(p.influence) + on_board[p.seat] != tiles:
            problems.append(f"seat {p.seat} influence tiles not conserved")
        for attr in ("money", "coal", "blueprints", "vp", "machines"):
            if getattr(p, attr) < 0:
                problems.append(f"seat {p.seat} has {getattr(p, attr)} {attr}")
        for track in ("money", "coal", "knowledge"):
            pos = getattr(p, f"{track}_pos")
            if not 0 <= pos < t.track_len[track]:
                problems.append(f"seat {p.seat} {track} marker at {pos}")
        for piece in ("ships", "trains"):
            on_main = sum(1 for r in state.transport.values() for x in r if x.seat == p.seat and x.kind == piece[:-1])
            if getattr(p, piece) + on_main != t.n["transport_tiles"] or getattr(p, piece) < 0:
                problems.append(f"seat {p.seat} {piece} not conserved")
        goods_seen = set()
        for f in p.factories:
            storage = t.goods[f.goods].storage
            if not 0 <= f.stored <= storage or not 0 <= f.machine <= t.n["machine_max"]:
                problems.append(f"seat {p.seat} factory {f.tile}: {f.stored} goods, machine {f.machine}")
            if f.goods in goods_seen or t.factory(f.tile).goods != f.goods:
                problems.append(f"seat {p.seat}: two {f.goods} factories or wrong good")
            goods_seen.add(f.goods)
            built.append(f.tile)
        if sorted(p.contracts + p.contracts_done) != sorted(t.contract_ids):
            problems.append(f"seat {p.seat} contracts not conserved")
        if len(p.workers) > t.n["worker_slots"]:
            problems.append(f"seat {p.seat} holds {len(p.workers)} workers")
        if len(p.achievements) > t.n["achievement_spaces"] or set(p.achievements) - set(t.achievement_ids):
            problems.append(f"seat {p.seat} achievements {p.achievements}")
    if sorted(built + state.display) != sorted(t.factory_ids):
        problems.append("factory tiles not conserved")
    cap = pc.transport_spaces
    for r, pieces in state.transport.items():
        if len(pieces) > cap:
            problems.append(f"{r} holds {len(pieces)} trains/ships")
    initial = Counter(rules.stack_key(r.multiplier, r.bonus.kind()) for r in t.data.reward_tiles)
    taken = Counter(x for p in state.players for x in p.rewards)
    for key, k in initial.items():
        if state.rewards.get(key, 0) + state.removed_rewards.count(key) + taken[key] != k or state.rewards.get(key, 0) < 0:
            problems.append(f"reward stack {key} not conserved")
    if state.multipliers + taken["x2"] != len(t.data.multiplier_tiles) or state.multipliers < 0:
        problems.append("multiplier tiles not conserved")
    if not 0 <= state.marker < len(t.track_spaces):
        problems.append(f"scoring marker at {state.marker}")
    return problems


GAME = NipponGame()

__all__ = ["GAME", "PLAYER_COLOURS", "NipponGame", "check_invariants", "clone", "describe"]
