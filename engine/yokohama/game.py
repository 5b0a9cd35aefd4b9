"""The :class:`engine.core.Game` implementation for Yokohama (Hisashi Hayashi; 2024 Polish edition)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

from pydantic import ValidationError

from engine.core import Action, Decision, Event, IllegalAction, Outcome, PlayerResult, Result
from engine.core.capabilities import (
    CatalogueTerms,
    DataReport,
    Evaluation,
    HiddenInformation,
    InPlaceSearch,
    Ledger,
    ModuleNames,
    Narration,
    OptionWarnings,
    Pictures,
    Progress,
    RulesRevisions,
    RulesTopics,
    SearchKinds,
    SeatLabelText,
    SelfplayWeights,
    StateSchema,
    Story,
    StoryRounds,
    WinFeatures,
)

from . import explain, features, ledger, notation, rules
from .moves import describe
from .state import GOODS, NEUTRAL, PLAYER_COLOURS, STATE_ADAPTER, YState, clone, copy_state
from .tables import tables
from .words import M, T

#: 0.1.0: first version of the engine (data partly PROPOSED, see docs/rules-notes.md).
VERSION = "0.1.0"
#: Chance frames whose outcome nobody (``remove``) or only one seat (``deal``) may see.
HIDDEN_CHANCE = ("remove", "deal")


class YokohamaGame:
    """Yokohama for 2–4 players with its 2-player mode and two mini-expansions, behind the engine
    contract of docs/architecture.md.

    The object is stateless: every method takes the state it works on. Rules live in
    :mod:`.rules`; this class adds serialisation, views (hidden hands), labels and the hosts' facts.

    For a search: :meth:`copy_state` once, then ``legal_actions`` and :meth:`apply_quiet` in place
    (no checks, no events), which give exactly the states the checked, copying :meth:`apply` gives
    (``tests/yokohama/test_search_paths.py``).
    """

    name = "yokohama"
    title = "Yokohama"
    version = VERSION
    #: The rules revision new games are played with (option ``rules_revision``: 1 = pass always legal at
    #: the Church, Customs House and Laboratory; 2 = the area action is mandatory, docs/rules-notes.md Y-22).
    rules_revision = rules.RULES_REVISION
    #: Menu facts read by the hosts (:func:`engine.core.registry.game_info`).
    player_counts = (2, 3, 4)
    modules: tuple[str, ...] = rules.MODULES
    #: Where the hard bot level searches (engine.core.bots): the first decision of a turn (an
    #: additional action, two or three options) and the placement of assistants, the turn's main
    #: choice (about 30 options: Faza główna, Krok umieszczania).
    bot_search_kinds = ("turn", "place")
    order = 3
    #: Order cards in hand are hidden (hosts hide choices and pass the screen at a hot seat).
    hidden_information = True
    #: Random play: declining (pass, skip, home) is rare, so random games build and end in a
    #: realistic number of rounds; the many single assistant moves share one small weight.
    selfplay_weights = {"pass": 0.05, "home": 0.05, "skip": 0.05, "shift": 0.02, "recall": 0.3, "sell": 0.3,
                        "tech": 2.0, "port": 0.5, "order": 3.0, "achieve": 3.0, "hire": 3.0, "customs": 3.0,
                        "double": 6.0, "put": 0.5, "done": 3.0, "house": 5.0, "shop": 5.0}
    #: Where the game's pictures are drawn (:class:`~engine.core.capabilities.Pictures`).
    picture_package = "render.yokohama"
    #: What the game offers beyond the core contract, checked when it is registered
    #: (:mod:`engine.core.capabilities`).
    capabilities = (Evaluation, InPlaceSearch, SearchKinds, Story, StoryRounds, HiddenInformation, Narration,
                    RulesTopics, SeatLabelText, SelfplayWeights, RulesRevisions, ModuleNames, OptionWarnings,
                    CatalogueTerms, DataReport, StateSchema, Progress, WinFeatures, Ledger, Pictures)

    @staticmethod
    def module_names() -> dict[str, str]:
        """Each module id's name as a term (Msg), for menus."""
        return {"achievement_rewards": T("module", "Achievement reward tokens"),
                "free_agents": T("module", "Free-agent 5-power tokens")}

    # -- states in and out ---------------------------------------------------------------------
    def setup(self, options: dict[str, Any], seed: int) -> YState:
        """A new game for ``{"players": 2..4, "modules": [...]}``, at its first random set-up step.

        Raises :class:`IllegalAction` (a ``ValueError`` whose reason is a Msg) for other options.
        """
        return rules.setup(options, seed)

    def to_json(self, state: YState) -> str:
        """The state file (JSON text; the schema is :meth:`json_schema`). It holds every hand: a
        host keeps it private (running exports show only public notation)."""
        return STATE_ADAPTER.dump_json(state).decode()

    def from_json(self, text: str) -> YState:
        """Read a state file: pydantic validation, then :meth:`check_invariants`.

        Raises ``ValueError`` naming the first problem (bad JSON, a wrong field, broken conservation).
        """
        try:
            state = STATE_ADAPTER.validate_json(text)
        except ValidationError as exc:
            raise ValueError(f"not a valid Yokohama state file: {exc}") from exc
        broken = check_invariants(state)
        if broken:
            raise ValueError("Yokohama state breaks its invariants: " + "; ".join(broken))
        return state

    def json_schema(self) -> dict[str, Any]:
        """The JSON Schema of :meth:`to_json` output (published as docs/yokohama-state.schema.json)."""
        return STATE_ADAPTER.json_schema()

    def readable_ids(self) -> list[str]:
        """The area words moves use (``silk1``, ``church`` …), printed in brackets after each area's
        name and explained by the board's legend line; the internal-word scan allows them there."""
        from .tables import tables

        return list(tables().area_ids)

    #: The names of one seat's values in :meth:`win_features` (:mod:`.features`).
    win_feature_names = features.FEATURE_NAMES

    def win_features(self, state: YState) -> tuple[float, list[list[float]]]:
        """The share of the game played and every seat's public values for the learned
        win-probability model (:func:`.features.win_features`)."""
        return features.win_features(state)

    def public_scores(self, state: YState) -> list[int]:
        """Every player's victory points on the scoring track now (VP), for the story of a finished
        game (:mod:`engine.core.story`)."""
        return [p.vp for p in state.players]

    def story_round(self, state: YState) -> int | None:
        """The round a state is in (finished rounds + 1), for the story's labels."""
        return state.rounds + 1

    def check_invariants(self, state: YState) -> list[str]:
        """Conservation and bounds problems of ``state``; an empty list when it is sound."""
        return check_invariants(state)

    # -- playing -------------------------------------------------------------------------------
    def apply(self, state: YState, action: Action) -> tuple[YState, list[Event]]:
        """``(next_state, events)``; ``state`` itself is left as it was.

        Raises :class:`IllegalAction` with a reason (a Msg) when ``action`` is not legal now.
        """
        explain.check_legal(state, action)
        after = clone(state)
        return after, rules.apply_in_place(after, action)

    def apply_unchecked(self, state: YState, action: Action) -> list[Event]:
        """Play an action taken from :meth:`legal_actions` directly on ``state`` (no copy, no check)."""
        return rules.apply_in_place(state, action)

    #: ``apply_quiet(state, action)``: like :meth:`apply_unchecked` (in place, unchecked) but
    #: without events (search hot path). The state afterwards is exactly the one
    #: :meth:`apply_unchecked` gives; only the events and their texts, which a search never reads,
    #: are not built.
    apply_quiet = staticmethod(rules.apply_quiet)

    def copy_state(self, state: YState) -> YState:
        """A deep copy of ``state`` (a search copies once, then plays :meth:`apply_quiet` in place);
        equal to a pickle round trip and several times faster (:func:`.state.copy_state`)."""
        return copy_state(state)

    def evaluate(self, state: YState, seat: int) -> Any:
        """Bots' heuristic value (VP, an ``engine.core.bots.Evaluation``) of ``state`` for ``seat``
        (:func:`.bot.evaluate`); of the hidden cards it reads only the seat's own."""
        from .bot import evaluate

        return evaluate(state, seat)

    def position_key(self, state: YState, seat: int | None) -> dict[str, Any]:
        """The position ``seat`` sees, without whose turn it is, for the bots' repetition guard
        (:func:`.bot.position_key`, ``engine.core.progress``)."""
        from .bot import position_key

        return position_key(state, seat)

    def progress_marks(self, state: YState) -> list[Any]:
        """Scores, buildings, boards and decks: what a host compares over a round of bot turns
        (:func:`.bot.progress_marks`, ``engine.core.progress``)."""
        from .bot import progress_marks

        return progress_marks(state)

    def decision(self, state: YState) -> Decision:
        """The pending decision: a seat, ``CHANCE`` for a random event, ``None`` once the game is over."""
        return rules.decision(state)

    def legal_actions(self, state: YState) -> list[Action]:
        """The choices of the pending decision (for ``CHANCE``: every possible outcome)."""
        return rules.legal_actions(state)

    def chance_outcomes(self, state: YState) -> list[Outcome]:
        """Outcomes of a pending random event (all equally likely: the cards left, the boards left …)."""
        return rules.chance_outcomes(state)

    def result(self, state: YState) -> Result | None:
        """The final ranking (``None`` while running): most VP; ties go to the earlier turn order."""
        if not state.over:
            return None
        ranked = rules.ranking(state)
        return Result(players=tuple(
            PlayerResult(seat=p.seat, score=p.vp, rank=i + 1, details=state.scores.get(str(p.seat), {}))
            for i, p in enumerate(ranked)))

    # -- hidden information --------------------------------------------------------------------
    def public_notation(self, state: YState, action: Action) -> str | None:
        """The notation others may see: a dealt or removed card and the order kept are hidden.

        ``state`` is the state *before* ``action``. Returns ``None`` when nothing is hidden.
        """
        if state.stack and not state.over:
            f = state.stack[-1]
            if action.kind == "chance" and f["k"] == "chance" and f["what"] in HIDDEN_CHANCE:
                return "~?"
        if action.kind == "keep":
            return "keep ?"
        return None

    def hidden_tokens(self, state: YState, seat: int | None) -> set[str]:
        """The card ids ``seat`` (``None``: a spectator) may not see now: other players' hands and
        opening draws, the cards removed or boxed unseen, and the cards still in the order deck."""
        hidden = set(state.order_deck) | set(state.removed) | set(state.discarded)
        for p in state.players:
            if p.seat != seat:
                hidden.update(p.orders)
                hidden.update(state.dealt.get(str(p.seat), []))
        return hidden

    def sample_hidden(self, state: YState, seat: int | None, rng: Any) -> YState:
        """A new state that ``seat`` cannot tell from ``state``: the order cards it cannot see
        re-dealt at random into the same places (:func:`.bot.sample_hidden`), for the bots' search."""
        from .bot import sample_hidden

        return sample_hidden(state, seat, rng)

    def private_choice(self, state: YState, action: Action) -> bool:
        """Whether offering ``action`` reveals the acting player's hand (an order id in hand)."""
        return action.kind in ("keep", "order")

    def private_options(self, state: YState) -> bool:
        """Whether the player to act *may* have private options, from public information only.

        The opening choice of which dealt order to keep is always private; in the additional-action
        phases (Faza dodatkowej akcji, before and after the main action) a player holding any order
        card may fulfil one. How many cards a hand holds is public; which cards, and whether one
        can be fulfilled, is not, so it never decides the route (engine.core.hidden).
        """
        if state.over or not state.stack:
            return False
        frame = rules.top(state)
        if frame["k"] == "keep":
            return True
        if frame["k"] != "phase":
            return False
        return len(state.players[frame["seat"]].orders) > 0

    def reveals(self, state: YState, action: Action) -> bool:
        """Whether ``action`` shows everybody a card that was hidden: fulfilling an order lays the
        card from the hand face up (Faza dodatkowej akcji, c), so that step is never undone."""
        return action.kind == "order"

    # -- what people see -----------------------------------------------------------------------
    def view(self, state: YState, seat: int | None) -> dict[str, Any]:
        """The state as JSON-ready data for ``seat`` (or a spectator, ``None``).

        Every player's ``orders`` are replaced by their count (``orders_in_hand``) except the
        viewer's own; the decks are counts; removed and boxed cards are left out. Adds ``viewer``,
        ``decision`` (seat, kind, prompt Msg), ``seats`` (colour and name as a term), ``power``
        (per area, per seat), and the layout's ``rows``, ``cells`` and ``edges``. The seed, the
        boxed tiles and tokens and the unseen cards are left out.
        """
        t = tables()
        out = STATE_ADAPTER.dump_python(state, mode="json")
        # The seed would let anyone recompute every hidden draw: never in a view.
        for key in ("seed", "stack", "removed", "discarded", "dealt", "tiles_left", "tokens_left"):
            out.pop(key, None)
        out["tech_deck"] = len(state.tech_deck)
        out["order_deck"] = len(state.order_deck)
        for p, row in zip(state.players, out["players"], strict=True):
            row["orders_in_hand"] = len(p.orders)
            if p.seat != seat:
                row["orders"] = []
        if seat is not None and 0 <= seat < len(state.players):
            out["dealt"] = list(state.dealt.get(str(seat), []))
        pending = rules.decision(state)
        lay = t.layouts[state.options.players]
        out.update(
            viewer=seat,
            decision={"seat": pending.seat, "kind": pending.kind, "prompt": pending.prompt},
            seats=[{"seat": p.seat, "colour": p.colour, "name": rules.name(state, p.seat)} for p in state.players],
            power={a: [rules.power(state, p.seat, a) for p in state.players] for a in state.areas},
            rows=list(lay.rows),
            cells=[list(c) for c in lay.cells],
            edges=[list(e) for e in lay.edges],
            neutral=NEUTRAL,
        )
        return out

    def account_lines(self, events: Sequence[Event]) -> list[str]:
        """The public account of one turn (or one run of draws) from its events: a few sentences
        (Msgs) saying what was paid and gained and why VP changed; private events are left out
        (:func:`.narrate.account_lines`)."""
        from .narrate import account_lines

        return account_lines(events)

    def text(self, state: YState, seat: int | None = None) -> str:
        """The board as terminal text in the current language; ``seat``'s own hand is shown."""
        from .text import render_text

        return render_text(state, seat)

    def format_action(self, state: YState | None, action: Action) -> str:
        """The notation of ``action`` (docs/notation-yokohama.md); the state is not needed."""
        return notation.format_action(action)

    def parse_action(self, state: YState, text: str) -> Action:
        """Read notation, or the 1-based number of a move in :meth:`legal_actions`.

        Raises :class:`IllegalAction` (reason a Msg) for ill-formed text or a number out of range.
        """
        number = text.strip()
        if not (number.isascii() and number.isdigit() and len(number) <= 6):
            action = notation.parse_action(_by_position(state, text))
            if action.kind == "church" and len(action.args) > 3:
                # Church payments may be written in any order; the legal action lists them in
                # the rulebook's order (copper, silk, tea, fish, imported good, 2 yen).
                pays = sorted(action.args[2:], key=lambda x: rules.CHURCH_PAYMENTS.index(str(x)))
                action = Action("church", (*action.args[:2], *pays))
            if action.kind == "port" and len(action.args) == 3 and int(action.args[0]) > int(action.args[1]):
                # Two orders may be named in any order; the legal action lists the left one first.
                action = Action("port", (action.args[1], action.args[0], action.args[2]))
            return action
        choices = rules.legal_actions(state)
        if 1 <= int(number) <= len(choices):
            return choices[int(number) - 1]
        raise IllegalAction(M("There is no move number {number}; choose 1 to {n}.", number=int(number),
                              n=len(choices)))

    def describe(self, state: YState, action: Action) -> str:
        """A menu label for ``action`` at ``state`` (a Msg)."""
        return describe(state, action)

    # -- previews of options (Ledger) -----------------------------------------------------------
    def ledger(self, state: YState, seat: int) -> dict[str, int]:
        """``seat``'s countable position for option previews (:func:`.ledger.ledger`)."""
        return ledger.ledger(state, seat)

    def ledger_term(self, term: str, n: int) -> str:
        """``n`` of a ledger term as the catalogue names it (:func:`.ledger.ledger_term`)."""
        return ledger.ledger_term(term, n)

    def ledger_draw(self, state: YState) -> str | None:
        """The draw term of the pending chance decision (:func:`.ledger.ledger_draw`)."""
        return ledger.ledger_draw(state)

    def ledger_rules(self, state: YState, events: Sequence[Event], seat: int) -> list[str]:
        """Rules behind ``seat``'s changes a player may not expect (:func:`.ledger.ledger_rules`)."""
        return ledger.ledger_rules(state, events, seat)

    def seat_labels(self, state: YState) -> list[str]:
        """Each seat's player colour id (``blue``, ``pink``, ``purple``, ``yellow``) for hosts to store."""
        return [p.colour for p in state.players]

    @staticmethod
    def seat_label_text(label: str) -> str:
        """The term naming a seat label (``"pink"`` → "Pink", translatable)."""
        return T("player", label.capitalize())

    def option_warnings(self, options: dict[str, Any]) -> list[str]:
        """Advice about accepted options (Msgs): Yokohama has no first-game set-up."""
        if options.get("first_game"):
            return [M("Yokohama has no first-game set-up; the table uses the normal set-up.")]
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

        return [(str(k), int(c), int(li), int(p)) for k, c, li, p in report()]


def _by_position(state: YState, text: str) -> str:
    """``text`` with a card named by its position rewritten to its notation id: ``order 2`` (the
    2nd order in your hand), ``keep 1`` (the 1st order dealt to you), ``achieve 3`` (the 3rd
    achievement on the board), ``reward 1`` (the 1st reward token on offer), as the board text and
    the move labels number them. Other text is returned unchanged; a position out of range is left
    for the parser to refuse."""
    words = text.split()
    if len(words) != 2 or not (words[1].isascii() and words[1].isdigit()) or state.over or not state.stack:
        return text
    kw, n = words[0].lower(), int(words[1])
    seat = state.stack[-1].get("seat", state.current)
    if kw == "order":
        cards = state.players[seat].orders if isinstance(seat, int) and seat >= 0 else []
    elif kw == "keep":
        cards = state.dealt.get(str(seat), [])
    elif kw == "achieve":
        cards = state.achievements
    elif kw == "reward":
        cards = state.reward_tokens
    else:
        return text
    return f"{kw} {cards[n - 1]}" if 1 <= n <= len(cards) else text


def check_invariants(state: YState) -> list[str]:
    """Pieces conserved per colour, cards conserved, stocks within bounds (selfplay and tests)."""
    t = tables()
    problems: list[str] = []
    n = state.options.players
    if len(state.players) != n:
        problems.append(f"{len(state.players)} players for a {n}-player game")
    assistants = t.n["hand_assistants"] + t.n["warehouse_assistants"]
    shops = t.n["hand_shops"] + t.n["warehouse_shops"]
    houses = t.n["warehouse_trading_houses"]
    for p in state.players:
        s = p.seat
        on_board = sum(a.assistants[s] for a in state.areas.values())
        on_board += state.church.count(s) + state.customs.count(s)
        on_board += sum(seats.count(s) for seats in state.achievement_spaces.values())
        if p.hand_assistants + p.wh_assistants + on_board != assistants:
            problems.append(f"seat {s} assistants not conserved")
        if p.hand_shops + p.wh_shops + rules.shops_built(state, s) != shops:
            problems.append(f"seat {s} shops not conserved")
        if p.hand_houses + p.wh_houses + rules.houses_built(state, s) != houses:
            problems.append(f"seat {s} trading houses not conserved")
        if p.houses_taken != houses - p.wh_houses:
            problems.append(f"seat {s} trading houses taken miscounted")
        if len(p.orders) > rules.hand_limit():
            problems.append(f"seat {s} holds {len(p.orders)} orders")
        for attr in ("vp", "yen", *GOODS, "ig", "hand_assistants", "hand_shops", "hand_houses", "wh_assistants",
                     "wh_shops", "wh_houses"):
            if getattr(p, attr) < 0:
                problems.append(f"seat {s} has {getattr(p, attr)} {attr}")
        names = [t.techs[c].name for c in p.technologies]
        if len(names) != len(set(names)):
            problems.append(f"seat {s} owns two technologies of one name")
        if len(p.agents_used) > len(p.agents) or p.free_agents_used > p.free_agents:
            problems.append(f"seat {s} used more agents than owned")
        if p.president is not None and p.president not in state.areas:
            problems.append(f"seat {s} president on {p.president}")
        if p.president is not None and t.kind(p.president) == "canal":
            problems.append(f"seat {s} president on the Canal")
    for a in state.areas.values():
        if t.kind(a.id) == "canal" and sum(a.assistants) != 0:
            problems.append("assistants on the Canal")
        if any(x < 0 for x in a.assistants):
            problems.append(f"negative assistants in {a.id}")
        built = [s for s in a.shops if s is not None]
        if len(built) != len(set(built)):
            problems.append(f"two shops of one player on {a.id}")
    agents = Counter(state.agent_supply)
    for p in state.players:
        agents.update(p.agents)
    if dict(agents) != t.agents and not all(agents[c] == t.agents[c] for c in t.agents):
        problems.append("foreign agents not conserved")
    if any(v < 0 for v in state.agent_supply.values()):
        problems.append("negative foreign agent supply")
    orders = list(state.order_deck) + list(state.removed) + list(state.discarded)
    orders += [c for row in state.ports.values() for c in row if c]
    orders += [c for cards in state.dealt.values() for c in cards]
    for p in state.players:
        orders += p.orders + p.fulfilled
    if sorted(orders) != sorted(t.order_ids):
        problems.append("order cards not conserved")
    techs = list(state.tech_deck) + [c for row in state.labs.values() for c in row if c]
    for p in state.players:
        techs += p.technologies
    if sorted(techs) != sorted(t.tech_ids):
        problems.append("technology cards not conserved")
    full = t.n["board_full"][str(n)]
    for label, board in (("church", state.church), ("customs", state.customs)):
        if any(x is not None and x != NEUTRAL and not 0 <= x < n for x in board):
            problems.append(f"{label} board holds an unknown seat")
        if sum(1 for x in board if x is not None) > len(board):
            problems.append(f"{label} board overfull (trigger {full})")
    if state.station is not None and state.station not in state.areas:
        problems.append("station token off the board")
    return problems


GAME = YokohamaGame()

__all__ = ["GAME", "PLAYER_COLOURS", "YokohamaGame", "check_invariants", "clone", "describe"]
