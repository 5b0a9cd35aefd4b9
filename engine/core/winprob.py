"""Every seat's chance to win from a position, as one reader may see it (the one entry point).

The story chart, the hints, the post-game review and the hard bot all ask this module, never a
game's evaluation directly:

* :func:`win_probabilities` ``(game, state, viewer=None, salt=0) -> tuple[float, ...]``: one chance
  per seat (0–1, summing to 1). ``viewer`` is the seat whose view counts (its own hidden cards may
  be used) or ``None`` for a spectator (public information only). In a game with hidden
  information (the HiddenInformation capability) the chance is the mean over :data:`SAMPLES`
  states re-dealt from that view with a generator seeded by ``salt`` only, so the number can never
  depend on a card the reader has not seen.

A finished game's chances are its result (a shared first place shares the win).

A game that ships a learned model (``engine/<game>/data/win_model.json``, or the owner's in
``MEIJI_DATA_DIR/<game>/``; :mod:`engine.core.winmodel`) for the table's player count is asked that
model: its features are public information only (the WinFeatures capability), so every re-deal
gives the same features and the chance is the same for every reader (a seat's own cards are not
used). Otherwise the chances are :func:`softmax_probabilities`: a softmax of the bots' evaluations
(VP) at the game's calibrated temperature (``engine/core/data/story_calibration.json``) scaled by
the leader's evaluation, averaged over the re-deals.
"""

from __future__ import annotations

import random
from typing import Any

from . import registry, winmodel
from .game import Game

#: Re-dealt states averaged per call in a game with hidden information.
SAMPLES = 3


def _result_chances(game: Game, state: Any, seats: int) -> tuple[float, ...] | None:
    result = game.result(state)
    if result is None:
        return None
    ranks = [99] * seats
    for line in result.players:
        if 0 <= line.seat < seats:
            ranks[line.seat] = line.rank
    winners = [r == 1 for r in ranks]
    n = sum(winners) or 1
    return tuple((1.0 / n) if w else 0.0 for w in winners)


def _softmax_chances(game: Game, states: list[Any], seats: int) -> tuple[float, ...]:
    from .story import temperature_k, win_chances  # the calibrated softmax of the story chart

    judge = registry.evaluation(game)
    if judge is None:
        raise ValueError(f"{game.name!r} declares no Evaluation")
    total = [0.0] * seats
    for state in states:
        values = [float(judge.evaluate(state, s).score) for s in range(seats)]
        scale = max(1.0, max(values))
        for s, p in enumerate(win_chances(values, max(1.0, temperature_k(game.name) * scale))):
            total[s] += p
    return tuple(v / len(states) for v in total)


def seat_count(game: Game, state: Any) -> int:
    """How many seats ``state`` has (the length of the game's seat labels)."""
    return len(game.seat_labels(state))


def win_probabilities(game: Game, state: Any, viewer: int | None = None, salt: int = 0) -> tuple[float, ...]:
    """Every seat's chance to win from ``state`` as ``viewer`` (a seat, or ``None``: a spectator)
    may see it: a tuple of one float (0–1) per seat, summing to 1.

    ``salt`` seeds the re-deals of hidden cards (pass something public, e.g. the step number).
    Raises ``ValueError`` when ``game`` declares no Evaluation and has no learned model, and
    :class:`~engine.core.components.DataError` when its model file is broken.
    """
    seats = seat_count(game, state)
    done = _result_chances(game, state, seats)
    if done is not None:
        return done
    model = winmodel.model_for(game)
    features = registry.win_features(game)
    if model is not None and features is not None and seats in model.player_counts:
        progress, rows = features.win_features(state)
        if len(rows) == seats:  # a solo table's automated opponent has no row: the softmax
            return winmodel.chances(model, progress, rows)
    return softmax_probabilities(game, state, viewer, salt)


def softmax_probabilities(game: Game, state: Any, viewer: int | None = None, salt: int = 0) -> tuple[float, ...]:
    """The chances without a learned model (the module's docstring): a softmax of every seat's
    evaluation, averaged over :data:`SAMPLES` re-deals seeded by ``salt`` in a game with hidden
    information; a finished game's result. Same arguments, result and errors as
    :func:`win_probabilities`."""
    seats = seat_count(game, state)
    done = _result_chances(game, state, seats)
    if done is not None:
        return done
    secret = registry.hidden(game)
    if secret is None:
        states = [state]
    else:
        rng = random.Random(salt)
        states = [secret.sample_hidden(state, viewer, rng) for _ in range(SAMPLES)]
    return _softmax_chances(game, states, seats)
