"""The story of a finished game: every player's victory points and winning chances turn by turn,
and the turns that changed the chances most (the charts posted after the final score).

Everything here is a function of the public record: the move log replayed from the table's options
and seed, the public scores and every seat's winning chance *as a spectator sees it*, from the one
entry point :func:`engine.core.winprob.win_probabilities` (``viewer=None``, ``salt`` = the step
number: in a game with hidden information the hidden cards are re-dealt from the spectator's view
with a generator seeded by that public number only), so the story can never depend on a card
nobody has seen.

Games opt in with two capabilities (:mod:`engine.core.capabilities`, read through the registry):

* :class:`~engine.core.capabilities.Story`: ``public_scores(state) -> list[int]``, every seat's
  victory points on the board now (VP);
* :class:`~engine.core.capabilities.Evaluation`: ``evaluate(state, seat) -> Evaluation``, the bots'
  heuristic (VP; see :mod:`engine.core.bots`);

and may add :class:`~engine.core.capabilities.StoryRounds` (``story_round(state) -> int | None``,
the round a state is in, for the "Round 4: …" labels). Without both a game has no story.

The chances drawn are averaged over one orbit of the table (:func:`_smoothed`); at the end they
are the result itself (a shared first place shares the win). :func:`win_chances` and
:func:`temperature_k` are the calibrated softmax the chances fell back on before a game shipped a
learned model (``engine/core/data/story_calibration.json``).
"""

from __future__ import annotations

import json
import math
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from . import registry
from .game import CHANCE, Action, Game

#: Re-dealt states averaged per evaluation in a game with hidden information.
SAMPLES = 3
#: How many turns a story marks as turning points.
TURNING_POINTS = 3
_CALIBRATION = Path(__file__).with_name("data") / "story_calibration.json"


@dataclass(frozen=True)
class StoryPoint:
    """The table after one turn: ``turn`` counts turns from 1 (0 = the set-up), ``seat`` is who
    played it (``None`` for the set-up), ``first``/``last`` are the turn's 0-based step indices in
    the log (inclusive), ``round`` the game's round if it tells one, ``scores`` every seat's VP and
    ``chances`` every seat's winning chance (0–1, summing to 1) and ``events`` the turn's public
    :class:`~engine.core.game.Event` objects (what the story's lines are told from)."""

    turn: int
    seat: int | None
    first: int
    last: int
    round: int | None
    scores: tuple[int, ...]
    chances: tuple[float, ...]
    events: tuple[Any, ...] = ()


@dataclass(frozen=True)
class Story:
    """A finished game told turn by turn: ``points`` in order (the set-up first) and ``turning``, the
    indices into ``points`` of the turns that moved the chances most (in the order they were played).

    ``spans`` (parallel to ``turning``) are the ``(first, last)`` point indices of the stretch of
    play each turning point stands for: one orbit of the table (a turn of every seat) ending where
    the chances had moved most; the turning point is the turn inside it that moved them most.
    """

    seats: int
    points: tuple[StoryPoint, ...]
    turning: tuple[int, ...]
    spans: tuple[tuple[int, int], ...] = ()

    def moved(self, index: int) -> tuple[int, float, float]:
        """Whose chance moved most at turning point ``points[index]``: ``(seat, before, after)``
        (chances 0–1, the first seat of the largest change), over the point's span when it is one
        of :attr:`turning`, else over the turn alone (``index`` ≥ 1)."""
        first, last = index - 1, index
        if index in self.turning and len(self.spans) == len(self.turning):
            first, last = self.spans[self.turning.index(index)]
        before, after = self.points[first].chances, self.points[last].chances
        seat = max(range(self.seats), key=lambda s: (abs(after[s] - before[s]), -s))
        return seat, before[seat], after[seat]

    def swing(self, index: int) -> float:
        """How much turn ``points[index]`` moved the chances: half the L1 distance (0–1)."""
        if index <= 0:
            return 0.0
        before, after = self.points[index - 1].chances, self.points[index].chances
        return sum(abs(a - b) for a, b in zip(before, after, strict=True)) / 2


def has_story(game: object) -> bool:
    """Whether ``game`` can tell a story (it declares the Story and Evaluation capabilities)."""
    return registry.story(game) is not None and registry.evaluation(game) is not None


@cache
def calibration() -> dict[str, dict[str, Any]]:
    """The fitted temperature constants by game name: ``{"<game>": {"k": 0.2, …}, …}``."""
    data = json.loads(_CALIBRATION.read_text(encoding="utf-8"))
    return {rec["game"]: rec for rec in data["records"]}


def temperature_k(game_name: str) -> float:
    """The constant ``k`` of a game's temperature (the default record when the game has none)."""
    recs = calibration()
    return float(recs.get(game_name, recs["default"])["k"])


def win_chances(values: Sequence[float], temperature: float) -> tuple[float, ...]:
    """Softmax of ``values`` (VP) at ``temperature`` (VP, > 0): each seat's chance to win (sum 1)."""
    top = max(values)
    weights = [math.exp((v - top) / temperature) for v in values]
    total = sum(weights)
    return tuple(w / total for w in weights)


def final_chances(ranks: Sequence[int]) -> tuple[float, ...]:
    """The chances once the game is over: shared equally by the seats ranked first."""
    winners = [r == 1 for r in ranks]
    n = sum(winners) or 1
    return tuple((1.0 / n) if w else 0.0 for w in winners)


def _evaluations(game: Game, state: Any, seats: int, step: int) -> list[float]:
    """Every seat's evaluation (VP) of ``state`` as a spectator sees it (``game`` declares Evaluation)."""
    judge = registry.evaluation(game)
    if judge is None:
        raise ValueError(f"{game.name!r} declares no Evaluation")
    secret = registry.hidden(game)
    if secret is None:
        return [float(judge.evaluate(state, s).score) for s in range(seats)]
    rng = random.Random(step)  # public: the step number only
    total = [0.0] * seats
    for _ in range(SAMPLES):
        sample = secret.sample_hidden(state, None, rng)
        for s in range(seats):
            total[s] += float(judge.evaluate(sample, s).score)
    return [v / SAMPLES for v in total]


_Run = tuple[int | None, int, int, Any, list[Any]]


def _turns(game: Game, options: dict[str, Any], seed: int, moves: Sequence[Action | str]) -> list[_Run]:
    """``(seat, first, last, state after, public events)`` per turn: runs of steps by one seat,
    chance steps inside the run they interrupt; leading chance steps (the set-up) form seat
    ``None``'s run. Private events (``data["private"]``) are left out."""
    state = game.setup(options, seed)
    runs: list[_Run] = [(None, 0, -1, state, [])]
    for index, move in enumerate(moves):
        seat = game.decision(state).seat
        action = game.parse_action(state, move) if isinstance(move, str) else move
        state, events = game.apply(state, action)
        public = [e for e in events if not e.data.get("private")]
        who, first, _last, _state, told = runs[-1]
        if seat in (CHANCE, who):
            runs[-1] = (who, first, index, state, told + public)
        else:
            runs.append((seat, index, index, state, public))
    return runs


#: Every seat's chance to win: ``(game, state, viewer, salt) -> chances`` (0–1 per seat), the shape
#: of :func:`engine.core.winprob.win_probabilities`.
ChanceFn = Callable[[Game, Any, "int | None", int], Sequence[float]]


def game_story(game: Game, options: dict[str, Any], seed: int, moves: Sequence[Action | str], *,
               chance_of: ChanceFn) -> Story:
    """Replay a finished game's log and tell its story (see the module's docstring).

    ``moves`` are the log's actions or notations (chance outcomes included). ``chance_of`` is
    :func:`engine.core.winprob.win_probabilities` (passed in, not imported: that module's fallback
    reads this one's calibrated softmax, and the engine's modules import no circle); it is called
    with ``viewer=None`` (the spectator) and ``salt`` = the step number. Raises ``ValueError``
    when the game has no story hooks or the log does not end the game, and
    :class:`~engine.core.game.IllegalAction` when a move does not apply.
    """
    scorer, judge = registry.story(game), registry.evaluation(game)
    if scorer is None or judge is None:
        raise ValueError(f"{game.name!r} does not tell a story (it declares no Story and Evaluation)")
    runs = _turns(game, options, seed, moves)
    final = runs[-1][3]
    result = game.result(final)
    if result is None:
        raise ValueError("the game is not over")
    seats = len(scorer.public_scores(final))
    ranks = [1] * seats
    for line in result.players:
        if line.seat < seats:
            ranks[line.seat] = line.rank
    rounds = registry.story_rounds(game)
    points: list[StoryPoint] = []
    for turn, (seat, first, last, state, told) in enumerate(runs):
        scores = tuple(int(v) for v in scorer.public_scores(state))
        if turn == len(runs) - 1:
            chances = final_chances(ranks)
        else:
            # The spectator's chances (public information only; hidden cards re-dealt from the step number).
            chances = tuple(float(c) for c in chance_of(game, state, None, last + 1))
        points.append(StoryPoint(turn=turn, seat=seat, first=max(first, 0), last=last,
                                 round=rounds.story_round(state) if rounds else None, scores=scores,
                                 chances=chances,
                                 events=tuple(told)))
    points = _smoothed(points, seats)
    turning = _turning(points, seats)
    return Story(seats=seats, points=tuple(points), turning=tuple(t for t, _span in turning),
                 spans=tuple(span for _t, span in turning))


def _smoothed(points: list[StoryPoint], seats: int) -> list[StoryPoint]:
    """The chances averaged over the last ``seats`` turns (one orbit of the table).

    A seat's evaluation rises right after its own turn (its gains are in, the others' not yet), so
    the raw chances zigzag with whose turn it was; the mean over one orbit compares like with like.
    The set-up and the final point (the result) stay as they are.
    """
    if seats < 2 or len(points) < 3:
        return points
    out = list(points)
    for i in range(1, len(points) - 1):
        window = points[max(1, i - seats + 1):i + 1]
        mean = tuple(sum(p.chances[s] for p in window) / len(window) for s in range(seats))
        out[i] = StoryPoint(turn=points[i].turn, seat=points[i].seat, first=points[i].first, last=points[i].last,
                            round=points[i].round, scores=points[i].scores, chances=mean,
                            events=points[i].events)
    return out


def _turning(points: list[StoryPoint], seats: int) -> tuple[tuple[int, tuple[int, int]], ...]:
    """The :data:`TURNING_POINTS` stretches of one orbit (``seats`` turns) over which the (smoothed)
    chances moved most, not overlapping, in the order played, each as ``(turn, (first, last))``:
    the turn inside the stretch with the largest swing of its own, and the stretch's point indices.
    A long steady rise counts as much as one sudden jump of the same size. The first orbit (the
    smoothing window filling up) and the final point (the scoring, not a move) are left out."""
    if seats < 2:
        return ()

    def swing(a: int, b: int) -> float:
        return sum(abs(x - y) for x, y in zip(points[a].chances, points[b].chances, strict=True)) / 2

    first_move, last_move = seats + 1, len(points) - 2
    spans = [(max(first_move - 1, end - seats), end) for end in range(first_move, last_move + 1)]
    chosen: list[tuple[int, int]] = []
    for start, end in sorted(spans, key=lambda sp: (-swing(sp[0], sp[1]), sp[1])):
        if swing(start, end) <= 0:
            break
        if all(end <= a or start >= b for a, b in chosen):
            chosen.append((start, end))
        if len(chosen) == TURNING_POINTS:
            break
    out = []
    for start, end in sorted(chosen):
        turn = max(range(start + 1, end + 1), key=lambda i: (swing(i - 1, i), -i))
        out.append((turn, (start, end)))
    return tuple(out)
