"""Position evaluation of Nippon: Zaibatsu for the bots (:mod:`engine.core.bots`).

:func:`evaluate` estimates, in victory points, how a position will end for one seat: the VP it
has, plus what the rules will still pay (rulebook: Influence scoring, p. 18; Final scoring, steps
A–B, p. 19) and what its pieces are worth as means to more VP. Every component is a
:class:`~engine.core.bots.Reason` whose text is a translatable message of this game's domain, so a
hint can say *why* a move is good.

Units: VP (money in yen-thousands, coal/silk/iron/goods in pieces are converted to VP). Turns are
the seat's own turns; "consolidations" its consolidations (rulebook: Consolidation, p. 17). The
weights are hand-set estimates, checked by play (benchmarks/strength_bench.py, docs/bots.md):

* money and coal are taxed at each consolidation (step B), so what is on hand is worth only what
  the seat can still spend before its workforce is full; silk (1 silk = 1 money any time) and iron
  are not taxed; leftovers score 1 VP per 3 items and money 1 VP per 5 at the end (step B);
* income (Finance: money, Mining: coal, paid in consolidation step C) is worth its value times the
  consolidations left;
* influence majorities are projected from the current influence of every seat and the foreign
  companies in each region, with the period values still to score (the current period's counts
  most; later ones are discounted because tokens can be displaced);
* prestige tiles (final scoring step A) count their value at the progress reached so far plus the
  chance of reaching the next threshold in the turns left; a workforce of 4–6 workers will claim a
  tile of level 1–3 at the next consolidation (step A), and later consolidations claim more;
* wages (step D: 3 money per worker colour, −1 VP per unpaid money) and the department bonuses of
  the bottom and top workers (step C) are counted before the consolidation pays them;
* solo (rulebook: Solo mode): an unmet solo goal at the end loses the game, so each goal weighs
  heavily, by its progress.
"""

from __future__ import annotations

from typing import Any

from engine.core import components
from engine.core.bots import Evaluation, Reason

from .state import Player, ZState
from .tables import tables
from .words import M

# i18n: Parts of a bot's evaluation, shown in hints ("Influence majorities +4.0").
R_VP = M("Victory points")
R_MAJORITY = M("Influence majorities (projected)")
R_PRESTIGE = M("Prestige tiles (projected)")
R_CLAIM = M("Prestige tiles still to claim")
R_RESOURCES = M("Money, coal, silk and iron")
R_GOODS = M("Goods to sell or invest")
R_INCOME = M("Income (Finance and Mining)")
R_ENGINE = M("Factories, machines and R&D")
R_WORKFORCE = M("Workforce (wages and department bonuses)")
R_ACTION = M("Action in progress")
R_SOLO = M("Solo goals")
R_TOKENS = M("Influence tokens left")
R_TEMPO = M("Actions still to take")

#: VP per unit spent well in the middle of the game (before taxes): money, coal, silk, iron.
MONEY_VP = 0.30
COAL_VP = 0.28
SILK_VP = 0.33
IRON_VP = 0.45
#: VP of one good by goods level (1–3) while it can still be sold or invested.
GOOD_VP = {1: 1.3, 2: 2.0, 3: 2.8}
#: Share of the projected influence VP of the period being played, and of each later period.
MAJORITY_NOW = 0.85
MAJORITY_LATER = 0.55
#: A player's own turns per normal round, divided by the workers left per seat (not every turn
#: takes a worker: consolidations don't).
TURNS_PER_WORKER = 1.3
#: Actions a player takes before consolidating (a workforce of 5 claims a level-2 prestige tile).
FILL = 5
#: Share of the value of the prestige tiles later consolidations may claim.
FUTURE_CLAIM = 0.6
#: VP an action turn still to come is worth beyond what the position holds (compares consolidating
#: now with acting first).
ACTION_TURN_VP = 3.0
#: Steps (track) or pieces (ships, machines, trains, factories) a player gains per own turn when
#: aiming at them (for the chance of reaching a threshold).
PROGRESS_PER_TURN = 0.45
#: VP of a met solo goal (solo mode: all must be met to win), and of the progress towards it.
SOLO_GOAL_VP = 40.0
SOLO_PROGRESS_VP = 30.0
#: Estimated VP of the first activation of an action just taken (one-step look-ahead only; the
#: bots finish the turn before they compare).
ACTION_VP = {"rd": 1.0, "mining": 1.0, "factory": 3.5, "machines": 2.5, "production": 2.5, "ships": 3.0,
             "trains": 3.0, "markets": 3.5, "investments": 3.0}


#: Calibration of the projected components (weight = a + b × h, h = own turns left / 35, clipped
#: to 1; at least 0.05): a ridge regression of the final score less the VP already held on the
#: components at 24,216 turn starts of 40 four-player games between greedy bots (docs/bots.md,
#: "How the evaluation was calibrated"). Early majority projections turn out worth little (tokens
#: get outbid), income and money more than the first estimates.
CALIBRATION = {
    R_TEMPO: (0.723, 0.069),
    R_ENGINE: (0.212, 1.683),
    R_GOODS: (0.936, 0.096),
    R_INCOME: (1.863, 0.765),
    R_MAJORITY: (1.263, -1.360),
    R_TOKENS: (0.934, -0.127),
    R_RESOURCES: (1.384, 0.341),
    R_PRESTIGE: (1.093, 0.151),
    R_CLAIM: (0.867, 0.565),
    R_WORKFORCE: (0.539, 0.167),
}
#: Own turns at the start of a 4-player game (the calibration's time scale).
CALIBRATION_TURNS = 35.0


@components.data_cached("zaibatsu")
def _consts(players: int) -> dict[str, Any]:
    """Player-count constants: workers drawn per normal round, place values, thresholds."""
    t = tables()
    pc = t.count(players)
    sections = set(pc.waiting_sections)
    cells = sum(r.cells for r in t.waiting_rows if r.section in sections)
    ladders = [[p.values[i] for i in pc.place_values_used] for p in t.periods]
    printed = {m.id: t.market_by_id[m.id].printed for m in t.markets}
    return {"round_workers": cells + len(t.hiring), "ladders": ladders, "printed": printed}


@components.data_cached("zaibatsu")
def _track_tables() -> dict[str, Any]:
    """Per track: income by space, and the lower/upper threshold spaces."""
    t = tables()
    out: dict[str, Any] = {}
    for track in ("rd", "mining", "finance"):
        out[track] = {
            "value": [s.value for s in t.track[track]],
            "lower": t.threshold_space(track, "lower"),
            "upper": t.threshold_space(track, "upper"),
            "last": len(t.track[track]),
        }
    return out


def _dept_vp(p: Player, colour: str) -> float:
    """VP of one department bonus of ``colour`` for ``p`` (rulebook: Department bonuses, p. 13)."""
    dep = tables().departments[colour]
    y = dep.upgraded if colour in p.upgraded else dep.normal
    if y.kind == "white":
        return 1.1 * y.steps
    # A "gain" yield always names its resource (departments.json); the bot's evaluation checks nothing here.
    per = {"coal": COAL_VP, "silk": SILK_VP, "iron": IRON_VP, "money": MONEY_VP, "vp": 1.0}[y.resource]  # type: ignore[index]
    return per * y.amount


def _reach(need: float, turns: float) -> float:
    """Chance (0–1) of gaining ``need`` more steps or pieces in ``turns`` own turns."""
    if need <= 0:
        return 1.0
    capacity = PROGRESS_PER_TURN * turns
    if capacity <= 0:
        return 0.0
    return max(0.0, min(1.0, 1.0 - (need - 1) / (capacity + 1.0))) * min(1.0, capacity / need)


def _goal_value(p: Player, goal: str, level: int, turns: float) -> float:
    """Expected VP of a level-``level`` prestige tile on ``goal`` (final scoring, step A)."""
    if goal == "factories":
        have = len(p.factories)
    elif goal == "contracts":
        have = len(p.contracts_done)
    else:
        have = getattr(p, goal)
    return _goal_value_at(goal, level, have, turns)


@components.data_cached("zaibatsu", 65536)
def _goal_value_at(goal: str, level: int, have: int, turns: float) -> float:
    """:func:`_goal_value` for a seat holding ``have`` of the goal's measure (filled slots for
    factories and contracts, steps or pieces otherwise); a pure function, so cached."""
    t = tables()
    pr = t.prestige[level]
    if goal in ("factories", "contracts"):
        limit = t.n["factory_slots"] if goal == "factories" else t.n["contract_slots"]
        now = t.slot_values[(goal, have)][level - 1] if have else 0
        more = min(limit, have + int(PROGRESS_PER_TURN * 0.6 * turns))
        later = t.slot_values[(goal, more)][level - 1] if more else 0
        return now + 0.5 * (later - now)
    if goal in ("ships", "machines", "trains"):
        th = t.area_threshold[goal]
        lower, upper = th.lower, th.upper
    else:
        tt = _track_tables()[goal]
        lower, upper = tt["lower"], tt["upper"]
    return pr.lower_vp * _reach(lower - have, turns) + (pr.upper_vp - pr.lower_vp) * _reach(upper - have, turns)


def _turns_left(state: ZState, p: Any, seats: int) -> float:
    """Estimated own turns left for ``p`` (a player or Takatoshi) before the game ends."""
    t = tables()
    final_left = max(0, t.n["final_turns"] - p.final_turns)
    if state.final:
        return float(final_left)
    supply = sum(len(h) for h in state.hiring) + sum(len(w) for w in state.waiting)
    rounds_after = max(0, t.n["normal_rounds"] - state.round)
    workers = supply + rounds_after * _consts(state.options.players)["round_workers"]
    return workers / seats * TURNS_PER_WORKER + final_left


def _influence(state: ZState, seats: int) -> dict[str, list[int]]:
    """Influence per region: a list by seat (Takatoshi too), the foreign companies last (rulebook:
    Influence scoring, step 1; docs/rules-notes.md G-12)."""
    t = tables()
    printed = _consts(state.options.players)["printed"]
    index = {r: i for i, r in enumerate(t.region_ids)}
    rows = [[0] * (seats + 1) for _ in t.region_ids]
    for m in state.markets:
        row = rows[index[m.region]]
        pr = printed[m.id]
        for i, s in enumerate(m.slots):
            if s is None:
                row[seats] += pr[i]
            else:
                row[s[0]] += s[1]
    solo = state.automa is not None
    per_train = [_per_train(state, seat, solo) for seat in range(seats)]
    for r, row in zip(t.region_ids, rows):
        for x in state.trains[r]:
            if x is not None and (row[x] or (solo and x == 1)):
                row[x] += per_train[x]
    return dict(zip(t.region_ids, rows))


def _per_train(state: ZState, seat: int, solo: bool) -> int:
    """Influence of one train of ``seat`` where it has a token (2; 3 with Lenses 5A; Takatoshi's
    trains count anywhere: rulebook, Solo mode, Trains action)."""
    t = tables()
    if solo and seat == 1:
        return t.n["automa_train_influence"]
    best = t.n["train_influence"]
    for f in state.players[seat].factories:
        side = t.sides.get(f.side)
        if side is not None and side.kind == "special":
            for op in side.ops:
                if op.op == "train_influence":
                    best = max(best, op.value)
    return best


def _majority(state: ZState, seat: int, seats: int) -> float:
    """Projected influence VP of ``seat``: for each period still to score, the place its current
    influence takes in each region (ties share the places' VP, rounded down: rulebook, Influence
    scoring, step 4), the period being played weighted :data:`MAJORITY_NOW`, later ones
    :data:`MAJORITY_LATER`."""
    scored = len(state.period_log)
    if scored >= 3:
        return 0.0
    ladders = _consts(state.options.players)["ladders"]
    total = 0.0
    for row in _influence(state, seats).values():
        if not row[seat]:
            continue
        for period in range(scored, 3):
            total += award(row, seat, ladders[period]) * (MAJORITY_NOW if period == scored else MAJORITY_LATER)
    return total


def award(row: list[int], seat: int, ladder: list[int]) -> int:
    """The VP ``seat`` wins in one region whose influence per competitor is ``row`` (0 = none):
    tied competitors share the VP of the places they occupy, rounded down (rulebook: Influence
    scoring, step 4; the same as :func:`engine.core.majority.split_places` for one competitor)."""
    mine = row[seat]
    if mine <= 0:
        return 0
    above = tied = 0
    for v in row:
        if v > mine:
            above += 1
        elif v == mine:
            tied += 1
    return sum(ladder[q] for q in range(above, min(len(ladder), above + tied))) // tied


def _cycle(state: ZState, p: Player, seats: int) -> dict[str, float]:
    """The consolidation cycle ahead of ``p`` (own turns): actions before the next consolidation,
    whether that consolidation is the final one, the workforce it will hold, the full cycles
    (:data:`FILL` actions and a consolidation) after it and the action turns left in all."""
    t = tables()
    turns = _turns_left(state, p, seats)
    k = len(p.workforce)
    now = max(0, FILL - k) if k < t.n["workforce_slots"] else 0
    if turns <= now + 1:
        # The game ends first: every turn left is an action; the final consolidation is free.
        acts = max(0.0, min(turns, t.n["workforce_slots"] - k))
        return {"turns": turns, "now": acts, "fill": k + acts, "final": 1.0, "cycles": 0.0, "actions": acts}
    cycles = (turns - now - 1) / (FILL + 1)
    return {"turns": turns, "now": float(now), "fill": float(max(k, FILL)), "final": 0.0, "cycles": cycles,
            "actions": now + cycles * FILL}


def evaluate(state: ZState, seat: int) -> Evaluation:
    """The heuristic value (VP) of ``state`` for player ``seat``: VP now plus projections (module
    docstring); an exact final score once the game is over."""
    p = state.players[seat]
    parts: list[tuple[Any, float]]
    if state.over:
        parts = [(R_VP, float(p.vp))]
        if state.automa is not None:
            won = bool(state.solo_result and state.solo_result.get("won"))
            parts.append((R_SOLO, (SOLO_GOAL_VP + SOLO_PROGRESS_VP) * len(state.automa.goals)
                                * (1.0 if won else -1.0)))
        return _done(parts)
    t = tables()
    seats = len(state.players) + (1 if state.automa is not None else 0)
    cyc = _cycle(state, p, seats)
    turns = cyc["turns"]
    late = max(0.0, min(1.0, cyc["actions"] / 4.0))  # 1 while there are actions to use things in
    end_item = 1.0 / t.n["leftovers_per_vp"]
    end_money = 1.0 / t.n["money_per_vp"]
    parts = [(R_VP, float(p.vp))]

    parts.append((R_MAJORITY, _majority(state, seat, seats)))

    # Prestige tiles placed (final scoring, step A) and tiles still to claim (consolidation step A):
    # the next consolidation's (by the workforce it will hold) and one per later cycle.
    placed = sum(_goal_value(p, g, lvl, turns) for g, lvl in p.goals.items())
    parts.append((R_PRESTIGE, placed))
    open_goals = [g for g in t.goal_ids if g not in p.goals]
    claim = 0.0
    if open_goals and sum(p.prestige):
        values = sorted(((_goal_value(p, g, 2, turns), g) for g in open_goals), reverse=True)
        fill = int(min(t.n["workforce_slots"], cyc["fill"]))
        level = t.workforce[fill - 1].prestige_level if fill else None
        used = 0
        if level:
            have = [x for x in (1, 2, 3) if x <= level and p.prestige[x - 1] > 0]
            if have:
                claim += max(_goal_value(p, g, have[-1], turns) for g in open_goals)
                used = 1
        future = min(len(values) - used, sum(p.prestige) - used, cyc["cycles"])
        whole = int(future)
        claim += FUTURE_CLAIM * (sum(v for v, _ in values[used:used + whole])
                                 + (future - whole) * (values[used + whole][0] if used + whole < len(values) else 0))
    parts.append((R_CLAIM, claim))

    # Money and coal on hand are taxed at the next consolidation (step B): worth what the actions
    # before it can spend. Silk and iron are kept; at the end 1 VP per 3 leftovers (step B).
    spend = min(1.0, cyc["now"] / 2.0)
    money_vp = MONEY_VP * spend
    coal_vp = (COAL_VP if p.factories else 0.1) * spend
    safe_coal = p.protected_coal + sum(f.coal for f in p.factories)
    resources = (p.money * money_vp + p.coal * coal_vp + safe_coal * max(end_item, COAL_VP * late)
                 + p.silk * max(end_item, SILK_VP * late) + p.iron * max(end_item, IRON_VP * late))
    parts.append((R_RESOURCES, resources))

    goods = p.goods_reserve * max(end_item, GOOD_VP[1] * late)
    for f in p.factories:
        if f.goods:
            goods += f.goods * max(end_item, GOOD_VP[t.goods[f.goods_type].level] * late)
    parts.append((R_GOODS, goods))

    # Income (step C) of the next consolidation and of one per later cycle; the final one's money
    # and coal only count at the end rates (1 VP per 5 money, per 3 coal).
    tt = _track_tables()
    money_in = tt["finance"]["value"][p.finance - 1]
    coal_in = tt["mining"]["value"][p.mining - 1]
    per_cycle = money_in * MONEY_VP + coal_in * COAL_VP
    at_end = money_in * end_money + coal_in * end_item
    income = (1.0 - cyc["final"]) * per_cycle + cyc["cycles"] * per_cycle + at_end
    parts.append((R_INCOME, income))

    # The turns still to come: each action turn is worth about ACTION_TURN_VP beyond what the
    # position already holds.
    parts.append((R_TEMPO, ACTION_TURN_VP * cyc["actions"]))

    # The engine: factories produce 1 + machines goods per production; R&D opens better factories.
    productions = cyc["actions"] / 7.0
    engine = 0.0
    for f in p.factories:
        if f.side == "old":
            continue
        level = t.goods[f.goods_type].level
        engine += 1.0 * late + (1 + sum(f.machines)) * productions * GOOD_VP[level] * 0.35
        if t.sides[f.side].kind != "instant":
            engine += 2.0 * late
    engine += min(p.rd, 6) * 0.5 * late
    parts.append((R_ENGINE, engine))

    # Wages due at the next consolidation (step D) and its department bonuses (step C).
    workforce = 0.0
    if p.workforce:
        colours = len({w.colour for w in p.workforce})
        due = t.n["payday_per_colour"] * colours
        unpaid = max(0, due - (money_in - 1 + p.silk))
        workforce -= (due - unpaid) * MONEY_VP + unpaid
        bottom, top_c = p.workforce[0].colour, p.workforce[-1].colour
        workforce += _dept_vp(p, bottom)
        if len(p.workforce) >= t.n["consolidation_top_min_workers"] and top_c != bottom:
            workforce += _dept_vp(p, top_c)
    parts.append((R_WORKFORCE, workforce))

    parts.append((R_TOKENS, 0.25 * late * sum(p.tokens) / max(1, len(p.tokens) + len(p.locked))
                        * len(p.tokens)))

    pending = _pending_action(state, seat)
    if pending:
        parts.append((R_ACTION, pending))

    h = min(1.0, turns / CALIBRATION_TURNS)
    parts = [_calibrated(text, value, h) for text, value in parts]
    if state.automa is not None:
        parts.append((R_SOLO, _solo(state, turns)))
    return _done(parts)


def _calibrated(text: Any, value: float, h: float) -> tuple[Any, float]:
    """``(text, value)`` weighted by :data:`CALIBRATION` at time ``h`` (VP and the others unchanged)."""
    ab = CALIBRATION.get(text)
    if ab is None:
        return text, value
    return text, value * max(0.05, ab[0] + ab[1] * h)


def _pending_action(state: ZState, seat: int) -> float:
    """An action just taken whose first activation is still to choose (its frame on top, no
    activation yet): its estimated value (:data:`ACTION_VP`), so that one step of look-ahead can
    tell the actions apart. Zero otherwise."""
    if not state.stack:
        return 0.0
    f = state.stack[-1]
    if f.get("k") != "act" or f.get("seat") != seat or f.get("n"):
        return 0.0
    return ACTION_VP.get(f["action"], 0.0)


def _solo(state: ZState, turns: float) -> float:
    """Solo goals (rulebook: Solo mode; an unmet goal at the end loses): each goal is worth
    :data:`SOLO_GOAL_VP` when met and a share of :data:`SOLO_PROGRESS_VP` by the progress made (for
    a track's upper threshold, the steps from space 1), less a penalty growing as the turns left to
    meet it run out."""
    from .automa import goal_progress

    assert state.automa is not None
    t = tables()
    p = state.players[0]
    total = 0.0
    for goal_id in state.automa.goals.values():
        value, target, _ = goal_progress(state, goal_id)
        if value >= target:
            total += SOLO_GOAL_VP + SOLO_PROGRESS_VP
            continue
        measure = next(g.measure for g in t.data.solo_goals if g.id == goal_id)
        if measure.endswith("_upper"):
            track = measure.split("_")[0]
            upper = t.threshold_space(track, "upper")
            done, need = (getattr(p, track) - 1) / (upper - 1), upper - getattr(p, track)
        else:
            done, need = value / target, target - value
        total += SOLO_PROGRESS_VP * done + SOLO_GOAL_VP * _reach(need, turns) * 0.5
    return total


def _done(parts: list[tuple[Any, float]]) -> Evaluation:
    """An :class:`Evaluation` from its ``(text, VP)`` parts, largest first."""
    parts.sort(key=lambda r: -abs(r[1]))
    return Evaluation(score=sum(v for _, v in parts), reasons=tuple(Reason(t, v) for t, v in parts))


__all__ = ["evaluate"]
