"""What the win-probability model reads of a Nippon position (:mod:`engine.core.winmodel`).

Every value is public (Nippon has no hidden information): the scoring track, money and coal, the
tracks, pieces left, factories, contracts, influence, workers and achievements of each seat, the
bots' projected final score (:func:`.bot.evaluate_all`, VP) and the seat's place in the turn
order. ``progress`` (0 at the start, 1 at the end) is the share of the game's turns played, with
the turns still to come estimated by :func:`.bot.turns_left`.
"""

from __future__ import annotations

from .state import NState

#: The names of the values :func:`win_features` gives per seat, in order.
FEATURE_NAMES: tuple[str, ...] = (
    "vp", "evaluation", "money", "coal", "knowledge", "money_track", "coal_track", "ship_value",
    "train_value", "pieces_placed", "machines", "factories", "contracts_done", "contracts_held",
    "influence", "workers", "achievements", "turns_left", "to_act",
)


def win_features(state: NState) -> tuple[float, list[list[float]]]:
    """``(progress, rows)``: the share of the game played (0–1) and one row of
    :data:`FEATURE_NAMES` values per seat (VP, thousands of yen, track steps, counts), all public."""
    from .bot import evaluate_all, turns_left

    n = len(state.players)
    scores = evaluate_all(state)
    left = [turns_left(state, p) for p in state.players]
    played = float(state.turn_no)
    progress = 1.0 if state.over else played / max(1.0, played + sum(left))
    rows = []
    for p, score, own in zip(state.players, scores, left):
        rows.append([
            float(p.vp), float(score), float(p.money), float(p.coal), float(p.knowledge_pos),
            float(p.money_pos), float(p.coal_pos), float(p.ship_value), float(p.train_value),
            float(12 - p.ships - p.trains), float(p.machines), float(len(p.factories)),
            float(len(p.contracts_done)), float(len(p.contracts)), float(sum(p.influence)),
            float(len(p.workers)), float(sum(p.achievements.values())), float(own),
            float((p.seat - state.current) % n) / n,
        ])
    return progress, rows
