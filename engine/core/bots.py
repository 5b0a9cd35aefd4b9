"""Bot policies behind the one policy interface (docs/bots.md; docs/architecture.md, "Policies"): ``greedy`` and ``search``.

A bot seat is a :class:`~engine.core.policy.Policy`: ``choose(view, legal)`` returns one of the
legal actions. Its ``view`` is what :func:`bot_view` builds for the seat, and nothing else:

* ``view["view"]`` is ``game.view(state, seat)``, what a human in that seat sees;
* ``view["state"]`` is a full state the bot may search: a *copy* of the real state for a game
  without hidden information, or, for a game with hidden information, the game's
  ``sample_hidden(state, seat, rng)``: equal to the real state in everything the seat sees, with
  every other hand, the deck order and the cards removed unseen re-dealt at random. The sample
  depends only on what the seat sees, so a bot can never act on information it does not have.

Chance inside a bot's look-ahead is sampled from ``game.chance_outcomes`` with the policy's own
random generator, never with the table's seed (``engine.core.sample_chance`` would reveal the
table's future draws). Each decision's generator is seeded from the policy's seed and the seat's
view, so a choice is a pure function of ``(seed, view, legal)`` and of the positions the policy
decided at before in this game (its repetition guard, below): the same bot in the same position
with the same memory chooses the same action, after a restart too.

Every policy plays through a :class:`~engine.core.progress.RepetitionGuard` (issue 34: every bot
game ends): of its ranked candidates it plays the best whose end-of-turn position it has not
decided at before (so never a turn that changes nothing when another move exists), and after
several of its turns in a row in which no score, building or supply changed at the table, the best
that changes one. Positions are compared by what the seat sees only.

Games opt in with capabilities (:mod:`engine.core.capabilities`, read through the registry):

* :class:`~engine.core.capabilities.Evaluation`, ``evaluate(state, seat) -> Evaluation``: the heuristic value of a full state for ``seat``
  (higher is better; the unit is the game's victory points), as a sum of named
  :class:`Reason` components that hints show;
* :class:`~engine.core.capabilities.HiddenInformation`'s ``sample_hidden(state, seat, rng) -> state``
  (games with hidden information only);
* optionally :class:`~engine.core.capabilities.InPlaceSearch` (copy once, apply in place),
  :class:`~engine.core.capabilities.AllSeatsEvaluation` and
  :class:`~engine.core.capabilities.SearchKinds`.

**Greedy** (:class:`GreedyPolicy`) scores every legal action by the evaluation of the position it
leads to. A turn is usually several small decisions of the same seat, so the best ``width``
actions by that one-step score are each followed by a greedy continuation to the end of the seat's
turn (until another seat, chance, nobody or the seat's next turn decides), and the action whose
*end of turn* scores best is chosen. **Search** (:class:`SearchPolicy`) is flat Monte-Carlo over
the greedy ranking's best candidates at the turn's main choice: each rollout goes on from the
candidate's greedily finished turn (hidden cards re-dealt each round), lets every other seat play
its turn greedily (chance sampled from the bot's own generator), then plays the bot's next turn,
and scores its chance to win (``engine.core.winprob``, ``leaf``). Candidates share their rollouts' random
numbers (common random numbers); a rollout that drew nothing is exact and is not repeated;
greedy's own choice is only overridden by a clear lead. The levels (:data:`LEVELS`): ``easy`` and
``medium`` are greedy, ``hard`` is the search, each within its budget per decision
(:data:`LEVEL_BUDGETS`, on a clock the policy is given). Measured strength: docs/bots.md.
"""

from __future__ import annotations

import hashlib
import json
import pickle
import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, cast

from . import registry
from .chance import pick_outcome
from .game import CHANCE, Action, Outcome
from .i18n import Msg, tr
from .progress import RepetitionGuard

#: Bot levels players choose, weakest first (docs/bots.md, "Levels").
LEVELS = ("easy", "medium", "hard")
#: Older level names that keep working: the policy names of the first bot levels.
LEVEL_ALIASES = {"greedy": "medium", "search": "hard"}
#: Each level's thinking budget per decision (seconds on one core): the policy stops looking further
#: ahead when it is spent, so a decision takes about this long at most (docs/bots.md, "Decision times").
LEVEL_BUDGETS = {"easy": 0.3, "medium": 0.6, "hard": 0.85}
#: The ``hard`` level's search settings (docs/bots.md, "How the hard level was tuned"): candidates
#: ordered by the chance to win, the better half searched further each round, cheap rollouts (the
#: others' turns by a 2-line greedy) scored by the chance to win, greedy's choice a small head start.
HARD_SETTINGS = {"rollouts": 48, "candidates": 6, "margin": 20.0, "switch_margin": 1.0, "halving": True,
                 "rollout_width": 2, "leaf": "winprob", "order": True, "prune": 30.0, "widen": True}
#: The ``easy`` level's chance per decision of playing the second or third best action.
EASY_SLIP = 0.35
#: Decision kind of the first decision of a player's turn (the hosts' convention).
TURN_START = "turn"
#: What a search rollout's last position is scored by (``SearchPolicy(leaf=…)``): ``"vp"`` the bot's
#: evaluation minus the others' mean (VP), ``"winprob"`` the bot's chance to win in percentage points
#: (``engine.core.winprob.win_probabilities`` from the bot's own view) plus ``vp_weight`` × the VP
#: value, which only breaks ties where the chance is flat (a seat far ahead or far behind).
LEAVES = ("vp", "winprob")


@dataclass(frozen=True)
class Reason:
    """One component of an evaluation, for hints: ``text`` names it (a translatable
    :class:`~engine.core.i18n.Msg` of the game's domain, or a ``str``) and ``value`` is its share of
    the score (victory points)."""

    text: Any
    value: float


@dataclass(frozen=True)
class Evaluation:
    """The heuristic value of a position for one seat: ``score`` (higher is better, in victory
    points) and the ``reasons`` that add up to it (largest first is fine)."""

    score: float
    reasons: tuple[Reason, ...] = ()


@dataclass(frozen=True)
class Ranked:
    """A candidate action with its score (the policy's value, VP) and a one-line ``reason``.

    ``reason`` is a :class:`ReasonLine` (a Msg: English as a ``str``, any language with
    :func:`~engine.core.i18n.tr`) naming the evaluation components the action changes most, or a
    plain ``str`` when the game gives no components.
    """

    action: Action
    score: float
    reason: Any


class ReasonLine(Msg):
    """A hint's reason: the components an action changes most and by how much (VP), e.g.
    ``"Influence majorities +4.0, Money −1.5"``.

    A :class:`~engine.core.i18n.Msg`, so it is a ``str`` (English) and :func:`~engine.core.i18n.tr`
    shows it in any language: each component's text is translated by its own domain and each number
    is written the reader's way. ``parts`` keeps the ``(text, change)`` pairs for richer displays.
    """

    __slots__ = ("parts",)
    parts: tuple[tuple[Any, float], ...]

    def __new__(cls, parts: Sequence[tuple[Any, float]]) -> ReasonLine:
        """A line of ``parts``: ``(text, change in VP)`` pairs, biggest first."""
        parts = tuple((text, float(value)) for text, value in parts)
        domain = next((t.domain for t, _ in parts if isinstance(t, Msg)), "meiji")
        english = _reason_text(parts, "en")
        self = cast(ReasonLine, Msg.__new__(cls, domain, english))
        self.parts = parts
        return self

    def __reduce__(self) -> Any:
        return (ReasonLine, (self.parts,))

    def translated(self, lang: str | None = None) -> str:
        """The line in ``lang`` (default: the current language)."""
        return _reason_text(self.parts, lang)


def _reason_text(parts: Sequence[tuple[Any, float]], lang: str | None) -> str:
    """``"text +1.5, text −2.0"`` with each text translated and numbers in ``lang``'s format."""
    from babel.numbers import format_decimal

    from .i18n import current, normalise

    locale = normalise(lang) if lang else current()
    out = []
    for text, value in parts:
        number = format_decimal(abs(value), format="0.0", locale=locale)
        out.append(f"{tr(text, locale)} {'+' if value >= 0 else '−'}{number}")
    return ", ".join(out)


# ------------------------------------------------------------------------------------------------
# What a bot is given
# ------------------------------------------------------------------------------------------------


def bots_supported(game: object) -> bool:
    """Whether ``game`` can seat bots: it declares the Evaluation capability."""
    return registry.evaluation(game) is not None


def copy_state(game: Any, state: Any) -> Any:
    """A deep copy of ``state`` (a pickle round trip; a JSON round trip if it does not pickle)."""
    try:
        return pickle.loads(pickle.dumps(state, protocol=pickle.HIGHEST_PROTOCOL))
    except (pickle.PicklingError, TypeError, AttributeError):
        return game.from_json(game.to_json(state))


def sample_state(game: Any, state: Any, seat: int, rng: random.Random) -> Any:
    """A full state consistent with what ``seat`` sees: ``game.sample_hidden(state, seat, rng)``, or a
    copy of ``state`` for a game without hidden information."""
    secret = registry.hidden(game)
    if secret is not None:
        return secret.sample_hidden(state, seat, rng)
    return copy_state(game, state)


def bot_view(game: Any, state: Any, seat: int, seed: int) -> dict[str, Any]:
    """What a bot in ``seat`` is given to decide: ``{"seat", "view", "state"}``.

    ``view`` is ``game.view(state, seat)``; ``state`` is :func:`sample_state` with
    ``random.Random(seed)`` (the hidden parts re-sampled, so it carries nothing the seat may not
    see). Hosts pass the real state; the policies only ever read this dict.
    """
    return {"seat": seat, "view": game.view(state, seat), "state": sample_state(game, state, seat, random.Random(seed))}


def _view_digest(view: dict[str, Any]) -> int:
    """A stable number from the seat's view (what the seat sees, not the sampled state)."""
    text = json.dumps(view.get("view"), sort_keys=True, default=str, separators=(",", ":"))
    return int.from_bytes(hashlib.blake2b(text.encode(), digest_size=8).digest(), "big")


def _decision_rng(seed: int, view: dict[str, Any], salt: int = 0) -> random.Random:
    """The generator of one decision: from the policy's seed and the seat's view."""
    digest = hashlib.blake2b(f"{seed}:{_view_digest(view)}:{salt}".encode(), digest_size=8).digest()
    return random.Random(int.from_bytes(digest, "big"))


def _unpack(view: dict[str, Any]) -> tuple[int, Any]:
    """``(seat, state)`` of a :func:`bot_view` dict; ``ValueError`` for anything else."""
    if not isinstance(view, dict) or "state" not in view or "seat" not in view:
        raise ValueError("a bot policy needs the dict of engine.core.bots.bot_view (seat, view, state)")
    return int(view["seat"]), view["state"]


# ------------------------------------------------------------------------------------------------
# Simulation helpers
# ------------------------------------------------------------------------------------------------


class _Sim:
    """Fast access to a game for look-ahead: snapshots, in-place moves, sampled chance, values."""

    def __init__(self, game: Any) -> None:
        judge = registry.evaluation(game)
        if judge is None:
            raise ValueError(f"{game.name!r} declares no Evaluation (evaluate(state, seat)): no bots")
        self.game = game
        self.evaluate: Callable[[Any, int], Evaluation] = judge.evaluate
        fast = registry.in_place_search(game)
        self._in_place: Callable[[Any, Action], Any] | None = fast.apply_quiet if fast is not None else None
        #: The game's own deep copy (cheaper than a pickle round trip), if it has one.
        self._copy: Callable[[Any], Any] | None = fast.copy_state if fast is not None else None
        self._pickles = True
        #: The game's optional ``evaluate_all(state) -> [score per seat]`` (equal to ``evaluate``).
        every = registry.all_seats_evaluation(game)
        self._all: Callable[[Any], Sequence[float]] | None = every.evaluate_all if every is not None else None

    def freeze(self, state: Any) -> Any:
        """A snapshot of ``state`` that :meth:`thaw` turns into independent copies."""
        if self._copy is not None:
            return _Frozen(self._copy(state))
        if self._pickles:
            try:
                return pickle.dumps(state, protocol=pickle.HIGHEST_PROTOCOL)
            except (pickle.PicklingError, TypeError, AttributeError):
                self._pickles = False
        return self.game.to_json(state)

    def thaw(self, blob: Any) -> Any:
        """A new state from a :meth:`freeze` snapshot."""
        if isinstance(blob, _Frozen):
            assert self._copy is not None
            return self._copy(blob.state)
        if isinstance(blob, bytes):
            return pickle.loads(blob)
        return self.game.from_json(blob)

    def step(self, state: Any, action: Action) -> Any:
        """Play a legal ``action``: in place when the game can (returns the state either way)."""
        if self._in_place is not None:
            self._in_place(state, action)
            return state
        return self.game.apply(state, action)[0]

    def chance(self, state: Any, rng: random.Random, outcomes: Sequence[Outcome] | None = None) -> Action:
        """A chance outcome sampled with ``rng`` (the bot's own generator, never the table's seed) from
        ``outcomes`` (default: the game's ``chance_outcomes(state)``)."""
        if outcomes is None:
            outcomes = self.game.chance_outcomes(state)
        if len(outcomes) == 1:
            return outcomes[0].action
        return pick_outcome(outcomes, rng)

    def seats(self, state: Any) -> int:
        """Number of player seats."""
        return len(self.game.seat_labels(state))

    def scores(self, state: Any, seats: int) -> list[float]:
        """Every seat's evaluation (VP): the game's ``evaluate_all(state)`` when it has one (one pass
        for all seats), else ``evaluate`` per seat."""
        if self._all is not None:
            return list(self._all(state))
        return [self.evaluate(state, s).score for s in range(seats)]

    def value(self, state: Any, seat: int, seats: int, rivalry: float) -> float:
        """The evaluation of ``seat`` minus ``rivalry`` × the best other seat's (VP)."""
        mine = self.evaluate(state, seat).score
        if rivalry and seats > 1:
            best = max(self.evaluate(state, s).score for s in range(seats) if s != seat)
            return mine - rivalry * best
        return mine


@dataclass(frozen=True)
class _Frozen:
    """A snapshot taken with the game's own ``copy_state`` (never played on: only copied from)."""

    state: Any


@dataclass
class _Line:
    """One candidate of a ranking: its action, one-step score, and end-of-turn score and state."""

    index: int
    action: Action
    first: float
    state: Any
    score: float | None = None


class _Planner:
    """Greedy turn planning shared by both policies (see the module docstring)."""

    def __init__(self, sim: _Sim, *, width: int, rivalry: float, sample: int = 0, max_steps: int = 40,
                 clock: Callable[[], float] = time.perf_counter) -> None:
        self.sim = sim
        self.clock = clock
        #: Whether a step drew its actions at random (``sample``) since the flag was last cleared.
        self.sampled = False
        self.width = width
        self.rivalry = rivalry
        self.sample = sample
        self.max_steps = max_steps

    def one_step(self, state: Any, seat: int, legal: Sequence[Action], seats: int,
                 deadline: float | None = None, rng: random.Random | None = None) -> list[_Line]:
        """Every action (or, with ``sample`` and ``rng``, that many drawn at random) applied to its own
        copy of ``state`` and scored at once; best first."""
        sim = self.sim
        blob = sim.freeze(state)
        lines = []
        indexes: Sequence[int] = range(len(legal))
        if self.sample and rng is not None and len(legal) > self.sample:
            indexes = sorted(rng.sample(range(len(legal)), self.sample))
            self.sampled = True
        for i in indexes:
            action = legal[i]
            after = sim.step(sim.thaw(blob), action)
            lines.append(_Line(i, action, sim.value(after, seat, seats, self.rivalry), after))
            if deadline is not None and self.clock() > deadline and len(lines) >= 1:
                break
        lines.sort(key=lambda x: (-x.first, x.index))
        return lines

    def finish_turn(self, state: Any, seat: int, seats: int, rng: random.Random | None = None,
                    epsilon: float = 0.0, deadline: float | None = None) -> tuple[Any, float]:
        """Play ``seat``'s following decisions greedily (one step each) until another seat, chance
        or nobody decides; returns the final state and its value. Past ``deadline`` (of the
        planner's clock) each step takes the first action it scored."""
        sim, game = self.sim, self.sim.game
        for _ in range(self.max_steps):
            d = game.decision(state)
            if d.seat != seat or d.kind == TURN_START:
                break
            legal = game.legal_actions(state)
            if len(legal) == 1:
                state = sim.step(state, legal[0])
                continue
            if epsilon and rng is not None and rng.random() < epsilon:
                state = sim.step(state, rng.choice(legal))
                continue
            state = self.one_step(state, seat, legal, seats, deadline, rng)[0].state
        return state, sim.value(state, seat, seats, self.rivalry)

    def plan(self, state: Any, seat: int, legal: Sequence[Action], seats: int, width: int | None = None,
             rng: random.Random | None = None, epsilon: float = 0.0,
             deadline: float | None = None) -> list[_Line]:
        """Rank ``legal``: one step for all, then the best ``width`` finished to the end of the turn.

        Returns the finished lines best first (their ``score`` and end ``state`` set).
        """
        width = self.width if width is None else width
        lines = self.one_step(state, seat, legal, seats, deadline, rng)
        if rng is not None and epsilon and len(lines) > width and rng.random() < epsilon:
            # Exploration in rollouts: one line beyond the greedy shortlist.
            extra = lines[rng.randrange(width, len(lines))]
            lines = [*lines[: width - 1], extra]
        finished = lines[:width]
        for line in finished:
            line.state, line.score = self.finish_turn(line.state, seat, seats, rng, epsilon, deadline)
            if deadline is not None and self.clock() > deadline:
                finished = [x for x in finished if x.score is not None]
                break
        finished.sort(key=lambda x: (-(x.score if x.score is not None else float("-inf")), x.index))
        return finished


def _note(guard: RepetitionGuard, game: Any, view: dict[str, Any]) -> None:
    """Let ``guard`` remember the position of ``view`` (and count it if it starts a turn)."""
    seat, state = _unpack(view)
    guard.note(state, seat, turn_start=_turn_start(game, state))


def _width(guard: RepetitionGuard, legal: Sequence[Action]) -> int | None:
    """The planning width: every legal action when the guard sees a stalled table (a move that makes
    progress may rank low), else the policy's own (``None``)."""
    return len(legal) if guard.stalled() else None


def _turn_start(game: Any, state: Any) -> bool:
    """Whether ``state`` is at the first decision of a turn (kind :data:`TURN_START`)."""
    return bool(game.decision(state).kind == TURN_START)


def _line_end(line: _Line) -> Any:
    """The position a ranked line's turn ends in (``None`` if it was never finished)."""
    return line.state if line.score is not None else None


def _reason_line(sim: _Sim, before: Any, after: Any, seat: int) -> Any:
    """The one-line reason of a move: the evaluation components it changes most (up to two)."""
    old = sim.evaluate(before, seat)
    new = sim.evaluate(after, seat)
    changes: dict[str, list[Any]] = {}
    for r in old.reasons:
        changes.setdefault(str(r.text), [r.text, 0.0])[1] -= r.value
    for r in new.reasons:
        entry = changes.setdefault(str(r.text), [r.text, 0.0])
        entry[0] = r.text
        entry[1] += r.value
    ranked = sorted((v for v in changes.values() if abs(v[1]) >= 0.05), key=lambda v: -v[1])
    gains = [v for v in ranked if v[1] > 0][:2]
    chosen = gains or ranked[:1]
    if not chosen:
        if new.reasons:
            top = max(new.reasons, key=lambda r: r.value)
            return ReasonLine([(top.text, top.value)])
        return ""
    return ReasonLine([(t, v) for t, v in chosen])


# ------------------------------------------------------------------------------------------------
# Policies
# ------------------------------------------------------------------------------------------------


class GreedyPolicy:
    """The fast heuristic player: the action whose end of turn the game's evaluation likes best.

    ``width`` actions (best by one-step score) are finished to the end of the turn; ``rivalry``
    subtracts that share of the best other seat's evaluation (0: only the bot's own).
    ``time_limit`` (seconds of ``clock``, default none) caps a decision: past it no further action
    is scored or finished (the best finished so far is played). ``slip`` (0–1) is the ``easy``
    level's chance of playing the second or third best action instead of the best, drawn from the
    decision's own generator (so still a pure function of ``(seed, view, legal)``).
    """

    def __init__(self, game: Any, seed: int = 0, *, width: int = 8, rivalry: float = 0.0,
                 time_limit: float | None = None, slip: float = 0.0,
                 clock: Callable[[], float] = time.perf_counter, guard: RepetitionGuard | None = None) -> None:
        self.game = game
        self.seed = int(seed)
        self.sim = _Sim(game)
        self.clock = clock
        self.time_limit = time_limit
        self.slip = float(slip)
        self.planner = _Planner(self.sim, width=width, rivalry=rivalry, clock=clock)
        #: The positions this policy decided at and the table's progress (engine.core.progress);
        #: a host that re-creates the policy every turn passes the seat's own ``guard`` to keep it.
        self.guard = guard if guard is not None else RepetitionGuard(game)

    def _lines(self, view: dict[str, Any], legal: Sequence[Action]) -> tuple[int, Any, list[_Line]]:
        seat, state = _unpack(view)
        legal = list(legal)
        if not legal:
            raise ValueError("no legal action to choose from")
        seats = self.sim.seats(state)
        deadline = None if self.time_limit is None else self.clock() + self.time_limit
        return seat, state, self.planner.plan(state, seat, legal, seats, _width(self.guard, legal), deadline=deadline)

    def choose(self, view: dict[str, Any], legal: Sequence[Action]) -> Action:
        """The legal action with the best end-of-turn evaluation (ties: the first legal one); with
        ``slip``, sometimes the second or third best."""
        if len(legal) == 1:
            _note(self.guard, self.game, view)
            return legal[0]
        _note(self.guard, self.game, view)
        seat, state, lines = self._lines(view, legal)
        if self.slip and len(lines) > 1:
            rng = _decision_rng(self.seed, view, 7)
            if rng.random() < self.slip:
                slipped = rng.randrange(1, min(3, len(lines)))
                lines = [lines[slipped], *lines[:slipped], *lines[slipped + 1:]]
        # The repetition guard: a line ending where this bot has already been loses to the best one
        # that does not (engine.core.progress).
        return self.guard.pick(state, seat, lines, _line_end).action

    def rank(self, view: dict[str, Any], legal: Sequence[Action], n: int = 3) -> list[Ranked]:
        """The ``n`` best legal actions, best first, each with its score and a one-line reason."""
        seat, state, lines = self._lines(view, legal)
        return [Ranked(x.action, float(x.score or 0.0), _reason_line(self.sim, state, x.state, seat))
                for x in lines[: max(0, n)]]


class SearchPolicy:
    """The stronger player (the ``hard`` level): flat Monte-Carlo over the greedy ranking's best
    candidates, with information-set sampling for hidden cards.

    It searches at the first decision of a turn (kind ``"turn"``, the hosts' convention), or at the
    decision kinds the game names in its optional ``bot_search_kinds`` (the turn's main choice where
    it is not the first one), or at the kinds given in ``search_kinds`` (``None``: every decision
    with a choice). There the greedy ranking's best ``candidates`` actions within ``margin`` VP of
    the best are played out in rounds of rollouts, up to ``rollouts`` in all: the candidate's turn
    as greedy finished it, then every other seat's turn played by the greedy player
    (``rollout_width`` lines per turn, ``rollout_sample`` actions drawn per step if set; chance from
    the bot's own generator), then (``next_turn``) the bot's own next turn. A game with
    ``sample_hidden`` has what the seat cannot see re-dealt at the start of each round. A rollout
    scores the bot's evaluation minus ``rivalry`` × the mean of the others' (VP); the candidates of a
    round share its random numbers, so their values are paired. With ``halving`` only the better half
    of the candidates (and greedy's own choice, the baseline) go on to the next round. A candidate
    whose rollout drew nothing (no chance, no re-deal, no sample) is exact and not played again.
    ``leaf`` (:data:`LEAVES`) scores a rollout's end: ``"winprob"`` by the bot's chance to win from
    its own view (``engine.core.winprob``). With ``order`` the shortlist after greedy's choice is
    ordered by that chance at each line's end of turn (lines ``prune`` points below the best are
    dropped); with ``widen``, once every candidate is exact and time is left, the next line joins.

    A candidate displaces greedy's choice only when it leads over the rounds both were played in by
    more than ``switch_margin`` (in the leaf's unit) plus one standard error of the paired
    differences (by the margin alone over a single round, unless the rounds re-deal hidden cards);
    else greedy's choice is played. The steps inside a turn take the greedy choice. ``time_limit`` (seconds of ``clock``)
    caps a decision: no rollout starts after 85 % of it and one under way is dropped at its next move
    past that point. With the rollout count ending the search, the choice is a pure function of
    ``(seed, view, legal)``.
    """

    def __init__(self, game: Any, seed: int = 0, *, rollouts: int = 8, time_limit: float = 1.8,
                 candidates: int = 4, margin: float = 10.0, width: int = 8, rollout_width: int = 8,
                 search_kinds: tuple[str, ...] | None | str = "game", horizon: int = 400,
                 rivalry: float = 1.0, next_turn: bool = True, rollout_sample: int = 0,
                 switch_margin: float = 3.0, halving: bool = False, leaf: str = "vp", order: bool = False,
                 prune: float | None = None, vp_weight: float = 0.02, widen: bool = False,
                 clock: Callable[[], float] = time.perf_counter, guard: RepetitionGuard | None = None) -> None:
        if leaf not in LEAVES:
            raise ValueError(f"unknown leaf evaluation {leaf!r} (known: {', '.join(LEAVES)})")
        self.game = game
        self.seed = int(seed)
        self.leaf = leaf
        self.order = bool(order)
        self.prune = None if prune is None else float(prune)
        self.vp_weight = float(vp_weight)
        self.widen = bool(widen)
        self.rollouts = max(0, int(rollouts))
        self.time_limit = float(time_limit)
        self.candidates = max(1, int(candidates))
        self.margin = float(margin)
        if search_kinds == "game":
            # The game's own main decisions (``bot_search_kinds``), else the first decision of a turn.
            kinds = registry.search_kinds(game)
            search_kinds = tuple(kinds.bot_search_kinds) if kinds is not None else (TURN_START,)
        self.search_kinds = search_kinds
        self.sim = _Sim(game)
        self.clock = clock
        self.greedy = _Planner(self.sim, width=width, rivalry=0.0, clock=clock)
        self.fast = _Planner(self.sim, width=rollout_width, rivalry=0.0, sample=rollout_sample, clock=clock)
        self.switch_margin = float(switch_margin)
        self.horizon = horizon
        self.rivalry = float(rivalry)
        self.next_turn = bool(next_turn)
        self.halving = bool(halving)
        #: The game's ``sample_hidden`` (games with hidden information): each round of rollouts
        #: re-deals what the seat cannot see (information-set sampling), so no candidate is judged on
        #: one guess of the other hands.
        secret = registry.hidden(game)
        self._resample = secret.sample_hidden if secret is not None else None
        #: Facts of the last decision (for benchmarks): rollouts run, candidates, seconds.
        self.last: dict[str, Any] = {}
        #: The positions this policy decided at and the table's progress (engine.core.progress);
        #: a host that re-creates the policy every turn passes the seat's own ``guard`` to keep it.
        self.guard = guard if guard is not None else RepetitionGuard(game)

    def _search(self, view: dict[str, Any], legal: Sequence[Action]) -> tuple[int, Any, list[tuple[float, _Line]]]:
        start = self.clock()
        # Rollouts stop starting new turns at 85 % of the limit: the turn under way still ends.
        deadline = start + self.time_limit * 0.85
        seat, state = _unpack(view)
        legal = list(legal)
        if not legal:
            raise ValueError("no legal action to choose from")
        seats = self.sim.seats(state)
        lines = self.greedy.plan(state, seat, legal, seats, _width(self.guard, legal),
                                 deadline=start + self.time_limit * 0.4)
        kind = self.game.decision(state).kind
        searched = self.search_kinds is None or kind in self.search_kinds
        best = lines[0].score or 0.0
        pool = [x for x in lines if (x.score or 0.0) >= best - self.margin] if searched else []
        if self.order and len(pool) > 2 and seats > 1:
            # Order (and prune) the shortlist by the bot's chance to win at each line's end of turn:
            # greedy's own choice stays first (the baseline), the others follow by that chance, and
            # lines more than ``prune`` points below the best chance are not searched.
            salt = _decision_rng(self.seed, view, 0).getrandbits(32)
            chance = {id(x): self._chance(x.state, seat, salt) for x in pool}
            top = max(chance.values())
            after = sorted(pool[1:], key=lambda x: (-chance[id(x)], x.index))
            if self.prune is not None:
                after = [x for x in after if chance[id(x)] >= top - self.prune]
            pool = [pool[0], *after]
        pool, reserve = pool[: self.candidates], pool[self.candidates:] if self.widen else []
        totals = [0.0] * len(pool)
        counts = [0] * len(pool)
        exact = [False] * len(pool)
        #: Each candidate's rollout value per round (rounds share their random numbers: paired).
        rounds: list[dict[int, float]] = [{} for _ in pool]
        done = 0
        if len(pool) > 1:
            # Each candidate's turn is already finished greedily (its line's state): rollouts go on
            # from there. A rollout that drew no chance outcome is exact (every policy in it is
            # deterministic), so the candidate needs no second one.
            blobs = [self.sim.freeze(line.state) for line in pool]
            active = list(range(len(pool)))
            round_no = 0
            while done < self.rollouts and self.clock() < deadline:
                if all(exact):
                    if not reserve:
                        break
                    # Progressive widening: every candidate is settled and time is left, so the next
                    # line of the shortlist joins (played with the first round's numbers, paired).
                    pool.append(reserve.pop(0))
                    blobs.append(self.sim.freeze(pool[-1].state))
                    totals.append(0.0)
                    counts.append(0)
                    exact.append(False)
                    rounds.append({})
                    active.append(len(pool) - 1)
                for i in active:
                    if exact[i]:
                        continue
                    if done >= self.rollouts or self.clock() >= deadline:
                        break
                    r = 0 if not counts[i] and round_no and all(exact[:i]) else round_no
                    rng = _decision_rng(self.seed, view, r + 1)  # the same numbers for every candidate
                    salt = rng.getrandbits(32)  # the leaf's re-deals: shared by the round's candidates
                    start_state = self.sim.thaw(blobs[i])
                    if self._resample is not None:
                        start_state = self._resample(start_state, seat, rng)
                    outcome = self._rollout(start_state, seat, seats, rng, deadline, salt)
                    if outcome is None:
                        break  # cut short by the time limit: not comparable, dropped
                    value, drew = outcome
                    rounds[i][r] = value
                    totals[i] += value
                    counts[i] += 1
                    # Exact: no chance drawn, no hidden cards re-dealt, no actions sampled.
                    exact[i] = not drew and self._resample is None
                    done += 1
                round_no += 1
                if self.halving and len(active) > 2 and all(counts[i] == round_no for i in active):
                    # Successive halving: the better half of the candidates gets the next rollouts
                    # (greedy's own choice, the baseline every other is compared with, stays).
                    rest = sorted((i for i in active if i != 0), key=lambda i: -totals[i] / counts[i])
                    active = sorted({0, *rest[: max(1, len(active) // 2)]})
        results = []
        if any(counts):
            for i, line in enumerate(pool):
                results.append((totals[i] / counts[i] if counts[i] else float("-inf"), line))
            # A candidate displaces greedy's choice only when it beats it over the rounds both were
            # played in (paired: the same random numbers): by more than ``switch_margin`` VP plus one
            # standard error of the paired difference (by the margin alone over a single round, unless
            # the rounds re-deal hidden cards: one guess of the other hands says too little).
            # Otherwise greedy's choice stays first.
            single = self._resample is None
            beaten = {i for i in range(1, len(pool))
                      if _clearly_better(rounds[i], rounds[0], self.switch_margin, single)}
            results.sort(key=lambda r: (0 if pool.index(r[1]) in beaten else 1 if r[1] is pool[0] else 2,
                                        -r[0], r[1].index))
        chosen = {id(line) for _, line in results}
        results += [(float(x.score or 0.0), x) for x in lines if id(x) not in chosen]
        self.last = {"rollouts": done, "candidates": len(pool), "seconds": self.clock() - start}
        return seat, state, results

    def _chance(self, state: Any, seat: int, salt: int) -> float:
        """The bot's chance to win from ``state`` in percentage points (0–100), from its own view
        (:func:`engine.core.winprob.win_probabilities` with ``viewer=seat``; ``salt`` seeds the
        re-deals of what the seat cannot see)."""
        from .winprob import win_probabilities  # the one entry point for chances to win

        return 100.0 * float(win_probabilities(self.game, state, viewer=seat, salt=salt)[seat])

    def _rollout(self, state: Any, seat: int, seats: int, rng: random.Random,
                 deadline: float, salt: int = 0) -> tuple[float, bool] | None:
        """From the end of the bot's turn: the others' turns, then the bot's next turn.

        Returns ``(value, drew)``: the leaf's value (:data:`LEAVES`: the bot's value minus
        ``rivalry`` × the others' mean in VP, or its chance to win in points plus ``vp_weight`` × that
        VP value), and whether a chance outcome (or a random sample of actions) was drawn on the way
        (``None`` when the time limit cut the rollout short).
        """
        sim, game = self.sim, self.sim.game
        others = False
        drew = False
        self.fast.sampled = False
        for _ in range(self.horizon):
            d = game.decision(state)
            if d.seat is None:
                break
            if d.seat == CHANCE:
                outcomes = game.chance_outcomes(state)
                drew = drew or len(outcomes) > 1
                state = sim.step(state, sim.chance(state, rng, outcomes))
                others = others or seats == 1  # solo: the automated opponent plays through chance
                continue
            mine = d.seat == seat
            if mine and others and not self.next_turn:
                break
            legal = game.legal_actions(state)
            if len(legal) == 1:
                state = sim.step(state, legal[0])
            elif self.clock() > deadline:
                return None
            else:
                state = self.fast.plan(state, d.seat, legal, seats, rng=rng, deadline=deadline)[0].state
            if mine and others:
                break  # the bot's next turn is played
            others = others or not mine
        if seats <= 1:
            return sim.value(state, seat, seats, 0.0), drew or self.fast.sampled
        scores = sim.scores(state, seats)
        value = scores[seat] - self.rivalry * (sum(scores) - scores[seat]) / (seats - 1)
        if self.leaf == "winprob":
            value = self._chance(state, seat, salt) + self.vp_weight * value
        return value, drew or self.fast.sampled

    def choose(self, view: dict[str, Any], legal: Sequence[Action]) -> Action:
        """The candidate with the best mean rollout value (ties and other decisions: greedy's choice)."""
        if len(legal) == 1:
            self.last = {"rollouts": 0, "candidates": 1, "seconds": 0.0}
            _note(self.guard, self.game, view)
            return legal[0]
        _note(self.guard, self.game, view)
        seat, state, results = self._search(view, legal)
        # The repetition guard (engine.core.progress): the best candidate not ending where this bot
        # has already been.
        return self.guard.pick(state, seat, results, lambda r: _line_end(r[1]))[1].action

    def rank(self, view: dict[str, Any], legal: Sequence[Action], n: int = 3) -> list[Ranked]:
        """The ``n`` best legal actions (searched candidates first), each with a one-line reason."""
        seat, state, results = self._search(view, legal)
        return [Ranked(line.action, float(score), _reason_line(self.sim, state, line.state, seat))
                for score, line in results[: max(0, n)]]


def _clearly_better(mine: dict[int, float], base: dict[int, float], margin: float, single: bool = True) -> bool:
    """Whether rollout values ``mine`` beat ``base`` (both by round) by more than ``margin`` plus one
    standard error of their paired differences; over one shared round (an exact rollout, or the only
    one the budget allowed), by more than ``margin`` if ``single`` allows one round at all."""
    diffs = [mine[r] - base[r] for r in mine if r in base]
    if not diffs or (len(diffs) < 2 and not single):
        return False
    mean = sum(diffs) / len(diffs)
    if len(diffs) < 2:
        return mean > margin
    var = sum((d - mean) ** 2 for d in diffs) / (len(diffs) - 1)
    return bool(mean - (var / len(diffs)) ** 0.5 > margin)


def level_name(level: str) -> str:
    """The level of :data:`LEVELS` that ``level`` names (an older name of :data:`LEVEL_ALIASES`, any
    case); ``ValueError`` for an unknown name."""
    key = str(level).strip().lower()
    key = LEVEL_ALIASES.get(key, key)
    if key not in LEVELS:
        raise ValueError(f"unknown bot level {level!r} (known: {', '.join(LEVELS)})")
    return key


def make_policy(game: Any, level: str, seed: int = 0, **kwargs: Any) -> GreedyPolicy | SearchPolicy:
    """The policy of bot ``level`` for ``game``: ``easy`` (greedy one step ahead, with slips),
    ``medium`` (greedy to the end of the turn), ``hard`` (search); the older names ``greedy`` and
    ``search`` are ``medium`` and ``hard``. ``kwargs`` override the level's settings (a ``clock`` or a
    ``time_limit`` in seconds, for instance; the default limit is :data:`LEVEL_BUDGETS`).
    ``ValueError`` for an unknown level."""
    level = level_name(level)
    kwargs.setdefault("time_limit", LEVEL_BUDGETS[level])
    if level == "easy":
        kwargs.setdefault("width", 1)
        kwargs.setdefault("slip", EASY_SLIP)
        return GreedyPolicy(game, seed, **kwargs)
    if level == "medium":
        return GreedyPolicy(game, seed, **kwargs)
    for key, value in HARD_SETTINGS.items():
        kwargs.setdefault(key, value)
    return SearchPolicy(game, seed, **kwargs)
