"""What the win-probability model reads of a Yokohama position (:mod:`engine.core.winmodel`).

Only what a spectator sees (the public view): VP, yen and goods, International Goods, assistants,
shops and trading houses built and left, the number of order cards in hand (never which ones),
fulfilled orders, technologies, agents, power tokens and achievements of each seat, the
end-scoring majorities on today's boards (Church, Customs House, technologies: public pieces
only), the bots' projected final score without any order card in hand (:func:`public_evaluation`:
the evaluation reads the seat's own cards, which a spectator does not see) and the seat's place in
the turn order. ``progress`` (0 at the start, 1 at the end) is the rounds played out of
the rounds played plus those still to come, estimated from the end conditions as the bots do
(:func:`.bot.turns_left`).
"""

from __future__ import annotations

import copy
import dataclasses
from typing import Any

from .state import YState

#: The names of the values :func:`win_features` gives per seat, in order.
FEATURE_NAMES: tuple[str, ...] = (
    "vp", "evaluation", "end_majorities", "yen", "goods", "ig", "assistants", "shops_built", "houses_built",
    "orders_in_hand", "orders_fulfilled", "technologies", "agents", "power_tokens", "achievements",
    "president", "turns_left", "to_act",
)


def public_evaluation(state: YState, board: list[dict[str, Any]] | None = None,
                      progress: float | None = None) -> list[float]:
    """Every seat's projected final score (VP, :func:`.bot.evaluate`'s parts) on a copy of ``state``
    whose hands and opening draws of order cards are empty: what a spectator can compute."""
    from .bot import _board, _end_majorities, _parts, _progress

    public = copy.copy(state)
    public.players = [dataclasses.replace(p, orders=[]) for p in state.players]
    public.dealt = {}
    board = board if board is not None else _board(public)
    near = progress if progress is not None else _progress(public, board)
    majorities = _end_majorities(public)
    return [sum(_parts(public, p, maj, spots, near).values())
            for p, maj, spots in zip(public.players, majorities, board)]


def win_features(state: YState) -> tuple[float, list[list[float]]]:
    """``(progress, rows)``: the share of the game played (0–1) and one row of
    :data:`FEATURE_NAMES` values per seat (VP, yen, counts), from public information only."""
    from .bot import _board, _end_majorities, _progress, turns_left

    n = len(state.players)
    board = _board(state)
    near = _progress(state, board)
    majorities = _end_majorities(state)
    scores = [float(p.vp) for p in state.players] if state.over else public_evaluation(state, board, near)
    left = [turns_left(state, p.seat, near) for p in state.players]
    played = float(state.rounds)
    progress = 1.0 if state.over else played / max(1.0, played + max(left))
    rows = []
    for p, spots, maj, own, score in zip(state.players, board, majorities, left, scores):
        rows.append([
            float(p.vp), score, float(maj), float(p.yen), float(p.copper + p.silk + p.tea + p.fish), float(p.ig),
            float(p.hand_assistants + p.wh_assistants), float(spots["shops"]), float(spots["houses"]),
            float(len(p.orders)), float(len(p.fulfilled)), float(len(p.technologies)), float(len(p.agents)),
            float(len(p.power_tokens)), float(len(p.achievements)), float(p.president is not None),
            float(own), float((p.seat - state.current) % n) / n,
        ])
    return progress, rows
