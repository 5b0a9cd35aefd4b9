"""A finished game reviewed for one player: the decisions where the chosen move lost the most
winning chance against the best alternative (the chess sites' "game review", for any game).

Game-agnostic: positions come from replaying the move log, chances from
:func:`engine.core.winprob.win_probabilities` and the words for a move from the game's own
``describe`` (a :class:`~engine.core.i18n.Msg`, shown later in any language).

One step ahead: at each decision of the reviewed seat, every legal move (at most
:data:`MAX_OPTIONS`, see :func:`option_chances`) is applied to the position and the resulting
position rated by ``win_probabilities(game, after, viewer, salt=step)``; the move's value is the
reviewed seat's chance there. What the chosen move lost is the best value minus the chosen one
(0–1, never negative: the chosen move is always among those rated).

Hidden information: a seat's review (``viewer == seat``) rates positions with that seat's view
only (its own hidden cards, never another's: ``win_probabilities`` re-deals everything else from
``salt``, a public number). A spectator's review (``viewer=None``) first re-deals every hidden card
from the spectator's view (seeded by the step number only), so its legal moves, chances and words
are functions of the public record; a decision whose move hides something (a private choice, or a
public notation that differs from the move's) or is not legal in the re-dealt position is not
judged.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from . import registry
from .game import CHANCE, Action, Game
from .winprob import win_probabilities

#: How many moments a review names.
KEY_MOMENTS = 3
#: The most legal moves rated at one decision (the chosen move is always one of them).
MAX_OPTIONS = 24
#: Decisions whose best and chosen values differ by less than this (0–1) count as no loss.
EPSILON = 1e-9


@dataclass(frozen=True)
class OptionChance:
    """One legal move one step ahead: ``action``, ``label`` (the game's ``describe``: a Msg) and
    ``chance``, the reviewed seat's chance to win once it is played (0–1)."""

    action: Action
    label: Any
    chance: float


@dataclass(frozen=True)
class Moment:
    """One judged decision of the reviewed seat.

    ``step`` is the decision's 0-based index in the move log (chance outcomes included),
    ``position`` the number of player moves before it (the replay viewer's position of the board
    the decision was taken on), ``round`` the game's round when it tells one (StoryRounds), else
    ``None``. ``chosen``/``best`` are the move played and the best move found (:class:`OptionChance`);
    ``loss`` = ``best.chance − chosen.chance`` (0–1).
    """

    step: int
    position: int
    round: int | None
    chosen: OptionChance
    best: OptionChance

    @property
    def loss(self) -> float:
        """Winning chance the chosen move gave away against the best one (0–1)."""
        return max(0.0, self.best.chance - self.chosen.chance)


@dataclass(frozen=True)
class Review:
    """A reviewed seat's decisions: ``seat``, ``viewer`` (the seat whose view was used, ``None``
    for a spectator), ``decisions`` (how many were judged), ``mean_loss`` (mean winning chance
    lost per judged decision, 0–1) and ``moments``: the :data:`KEY_MOMENTS` largest losses (> 0),
    in the order they were played."""

    seat: int
    viewer: int | None
    decisions: int
    mean_loss: float
    moments: tuple[Moment, ...]


def option_chances(game: Game, state: Any, seat: int, viewer: int | None, salt: int,
                   legal: Sequence[Action] | None = None, *, must: Action | None = None,
                   limit: int = MAX_OPTIONS) -> list[OptionChance]:
    """Every legal move of ``state`` (``legal``, default ``game.legal_actions(state)``) rated one step
    ahead: ``seat``'s chance to win after it, as ``viewer`` may see it (``win_probabilities`` with
    ``salt``), best first (ties in the order of ``legal``).

    With more than ``limit`` moves, ``limit`` of them are rated: ``must`` (e.g. the move played)
    and an even spread over the list (a deterministic choice, the same for the same list).
    Raises ``ValueError`` when the game declares no Evaluation.
    """
    moves = list(game.legal_actions(state) if legal is None else legal)
    if len(moves) > limit:
        stride = len(moves) / limit
        picked = [moves[int(i * stride)] for i in range(limit)]
        if must is not None and must not in picked:
            picked[-1] = must
        moves = picked
    rated: list[OptionChance] = []
    for action in moves:
        after, _events = game.apply(state, action)
        chances = win_probabilities(game, after, viewer, salt)
        rated.append(OptionChance(action=action, label=game.describe(state, action), chance=float(chances[seat])))
    order = sorted(range(len(rated)), key=lambda i: (-rated[i].chance, i))
    return [rated[i] for i in order]


def review_game(game: Game, options: dict[str, Any], seed: int, moves: Sequence[Action | str], seat: int,
                viewer: int | None | str = "seat", *, limit: int = MAX_OPTIONS,
                progress: Callable[[int, int], None] | None = None, budget: float | None = None) -> Review:
    """Replay ``moves`` (a log's actions or notations, chance outcomes included; the game need not
    be over) and review ``seat``'s decisions (see the module's docstring).

    ``viewer`` is the view used: ``"seat"`` (default) the reviewed seat's own, ``None`` a
    spectator's. ``progress(done, total)`` is called after each judged decision; ``budget`` (seconds)
    stops judging once spent (the decisions judged so far, spread over the whole game, make the
    review). Raises
    :class:`~engine.core.game.IllegalAction` when a move does not apply and ``ValueError`` when the
    game declares no Evaluation.
    """
    who: int | None = seat if viewer == "seat" else (viewer if isinstance(viewer, int) else None)
    rounds = registry.story_rounds(game)
    secret = registry.hidden(game)
    state = game.setup(options, seed)
    # The seat's decisions first (a replay), then judged in a spread order, so a budget cut leaves
    # decisions from the whole game rather than only its beginning.
    mine: list[tuple[int, int, Any, Action]] = []
    position = 0
    for step, move in enumerate(moves):
        decision = game.decision(state)
        action = game.parse_action(state, move) if isinstance(move, str) else move
        if decision.seat == seat:
            mine.append((step, position, state, action))
        if decision.seat != CHANCE:
            position += 1
        state, _events = game.apply(state, action)
    judged: list[Moment] = []
    started = time.monotonic()
    for done, index in enumerate(spread_order(len(mine))):
        if budget is not None and time.monotonic() - started >= budget:
            break
        step, position, before, action = mine[index]
        moment = _judge(game, before, action, seat, who, step, position, rounds, secret, limit)
        if moment is not None:
            judged.append(moment)
        if progress is not None:
            progress(done + 1, len(mine))
    worst = sorted(judged, key=lambda m: (-m.loss, m.step))[:KEY_MOMENTS]
    key = tuple(sorted((m for m in worst if m.loss > EPSILON), key=lambda m: m.step))
    mean = sum(m.loss for m in judged) / len(judged) if judged else 0.0
    return Review(seat=seat, viewer=who, decisions=len(judged), mean_loss=mean, moments=key)


def spread_order(n: int) -> list[int]:
    """``0 … n−1`` in an order that covers the range evenly at every prefix (bit-reversed):
    ``spread_order(8) == [0, 4, 2, 6, 1, 5, 3, 7]``."""
    bits = max(1, (n - 1).bit_length())
    order = (int(format(i, f"0{bits}b")[::-1], 2) for i in range(1 << bits))
    return [i for i in order if i < n]


def _judge(game: Game, state: Any, action: Action, seat: int, viewer: int | None, step: int, position: int,
           rounds: Any, secret: Any, limit: int) -> Moment | None:
    """The :class:`Moment` of one decision, or ``None`` when it offers no choice or (spectator)
    cannot be judged from public information."""
    if viewer is None and secret is not None:
        # A spectator judges only moves told in full, on a position re-dealt from the public view.
        if secret.private_choice(state, action) or secret.public_notation(state, action) is not None:
            return None
        state = secret.sample_hidden(state, None, random.Random(step))  # public: the step number only
        legal = game.legal_actions(state)
        if action not in legal:
            return None
    else:
        legal = game.legal_actions(state)
    if len(legal) < 2:
        return None
    rated = option_chances(game, state, seat, viewer, step, legal, must=action, limit=limit)
    chosen = next((r for r in rated if r.action == action), None)
    if chosen is None:
        return None
    return Moment(step=step, position=position, round=rounds.story_round(state) if rounds else None,
                  chosen=chosen, best=rated[0])
