"""What the win-probability model reads of a Zaibatsu position (:mod:`engine.core.winmodel`).

Every value is public (Zaibatsu has no hidden information): VP, money and goods, the department
tracks, pieces taken, factories and their goods, contracts, upgrades, the workforce, prestige and
influence of each seat, the bots' projected final score (:func:`.bot.evaluate`, VP) and the seat's
place in the turn order. ``progress`` (0 at the start, 1 at the end) is the share of the game's
turns played, the turns still to come estimated as the bots do.
"""

from __future__ import annotations

from .state import ZState

#: The names of the values :func:`win_features` gives per seat, in order.
FEATURE_NAMES: tuple[str, ...] = (
    "vp", "evaluation", "money", "coal", "silk", "iron", "rd", "mining", "finance", "ships",
    "machines", "trains", "factories", "factory_goods", "contracts_done", "contracts_held",
    "upgraded", "workforce", "prestige_left", "goals", "tokens", "turns_left", "to_act",
)


def win_features(state: ZState) -> tuple[float, list[list[float]]]:
    """``(progress, rows)``: the share of the game played (0–1) and one row of
    :data:`FEATURE_NAMES` values per seat (VP, money, track levels, counts), all public."""
    from .bot import _turns_left, evaluate

    n = len(state.players)
    seats = n + (1 if state.automa is not None else 0)
    left = [_turns_left(state, p, seats) for p in state.players]
    played = float(state.turn_no)
    progress = 1.0 if state.over else played / max(1.0, played + sum(left))
    rows = []
    for p, own in zip(state.players, left):
        rows.append([
            float(p.vp), float(evaluate(state, p.seat).score), float(p.money), float(p.coal),
            float(p.silk), float(p.iron), float(p.rd), float(p.mining), float(p.finance), float(p.ships),
            float(p.machines), float(p.trains), float(len(p.factories)),
            float(sum(f.goods for f in p.factories)), float(len(p.contracts_done)), float(len(p.contracts)),
            float(len(p.upgraded)), float(len(p.workforce)), float(sum(p.prestige)), float(len(p.goals)),
            float(len(p.tokens)), float(own), float((p.seat - state.current) % n) / n,
        ])
    return progress, rows
