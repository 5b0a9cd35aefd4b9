"""The evaluation of Nippon positions as it was before it was made faster (engine/nippon/bot.py
before issue 25), kept only to prove the fast one gives exactly the same scores and reasons
(tests/nippon/test_bot_speed.py). Weights and labels come from the engine, so tuning a weight
keeps the two in step; a change of the formulas must be made in both.
"""

from __future__ import annotations

from engine.core.bots import Evaluation, Reason
from engine.core.majority import influence_value, rank_groups, split_places
from engine.nippon.bot import (
    BLUEPRINT_VP,
    CASH_VP,
    COAL_INCOME_VP,
    COAL_VP,
    CONTRACT_CUBE_VP,
    FACTORY_LEVEL_VP,
    FACTORY_VP,
    FEW_WORKERS,
    FREE_PIECE_VP,
    GOODS_LEVEL_VP,
    GOODS_VP,
    INCOME_VP,
    INFLUENCE_VP,
    KNOWLEDGE_VP,
    LABELS,
    LATER_SCORING,
    MACHINE_VP,
    REWARD_BASE_VP,
    REWARD_BONUS_VP,
    REWARD_DISCOUNT,
    STORED_MACHINE_VP,
    TRANSPORT_VP,
    TURNS_PER_CONSOLIDATION,
    TURNS_PER_WORKER,
)
from engine.nippon.rules import (
    FOREIGN,
    extra_steps,
    knowledge_short,
    marginal,
    ops_of,
    prices_for,
    production_coal,
    production_gain,
    track_value,
)
from engine.nippon.state import NState, Player
from engine.nippon.tables import tables


def evaluate(state: NState, seat: int) -> Evaluation:
    """The value of ``state`` for ``seat`` in VP: its projected final score (module docstring).

    The reasons are its parts (VP now, projected scorings and achievements, workers, money,
    production, goods, the action under way), in VP; they add up to ``score``. A finished game
    scores its final VP. The opponents enter through the majorities of the regional scorings; the
    policies compare seats themselves (``engine.core.bots``).
    """
    p = state.players[seat]
    if state.over:
        return Evaluation(score=float(p.vp), reasons=(Reason(LABELS["vp"], float(p.vp)),))
    parts = _parts(state, p, _projected_regions(state)[seat])
    reasons = tuple(Reason(LABELS[k], v) for k, v in parts.items())
    return Evaluation(score=sum(parts.values()), reasons=reasons)


def turns_left(state: NState, p: Player) -> float:
    """Estimated turns ``p`` still takes (Dobranie Robotnika, Pusty Rząd Robotników).

    In the final turns exactly 3 − turns taken; before them, the workers left on the action spaces
    and rows of this segment plus a full refill per segment until the first golden space, shared by
    the players, times the turns per worker drawn, plus the 3 final turns.
    """
    t = tables()
    final_turns = t.n["final_turns"]
    if state.final:
        return float(max(0, final_turns - p.final_turns))
    n = len(state.players)
    rows = t.rows(n)
    per_segment = len(t.spaces) * t.n["workers_per_action_space"] + rows.rows * rows.size
    left = sum(len(s) for s in state.spaces) + sum(len(r) for r in state.rows)
    segments = max(0, t.golden[0] - 1 - state.marker)
    return (left + segments * per_segment) / n * TURNS_PER_WORKER + final_turns


def _projected_regions(state: NState) -> list[float]:
    """VP per seat from the scorings still to come on today's board (Podliczanie Punktów).

    Influence per region is the seat's tiles plus its trains there if it has a tile (rules-notes
    N-10: no influence, no VP); the foreign companies compete with the printed values of the
    uncovered spaces and their share is discarded; the 1st and 2nd places (ties included) also
    score their ships. The next scoring counts in full, later ones by :data:`LATER_SCORING`.
    """
    t = tables()
    n = len(state.players)
    out = [0.0] * n
    remaining = range(state.scorings + 1, t.n["scorings"] + 1)
    if not remaining:
        return out
    weights = [(t.scoring_values[s], 1.0 if i == 0 else LATER_SCORING) for i, s in enumerate(remaining)]
    ship_places = t.n["ship_places"]
    tiles: dict[str, list[int]] = {r: [0] * n for r in t.region_ids}
    foreign: dict[str, int] = dict.fromkeys(t.region_ids, 0)
    for c in state.cities:
        printed = t.city_by_id[c.id].printed
        row = tiles[c.region]
        for i, s in enumerate(c.slots):
            if s is None:
                foreign[c.region] += printed[i]
            else:
                row[s[0]] += s[1]
    for region in t.region_ids:
        influence = list(tiles[region])
        ships = [0] * n
        for x in state.transport[region]:
            if x.kind == "train":
                if tiles[region][x.seat]:
                    influence[x.seat] += x.value
            else:
                ships[x.seat] += x.value
        parts: list[tuple[int, int]] = [(s, v) for s, v in enumerate(influence) if v > 0]
        if not parts:
            continue
        if foreign[region] > 0:
            parts.append((FOREIGN, foreign[region]))
        shipping = {s for place, group in rank_groups(parts) if place < ship_places
                    for s in group if s != FOREIGN}
        for values, weight in weights:
            for s, vp in split_places(parts, values).items():
                if s != FOREIGN:
                    out[s] += weight * (vp + (ships[s] if s in shipping else 0))
    return out


def _achievement_units(state: NState, p: Player, final_money: int) -> dict[str, int]:
    """Base VP of each achievement space on today's holdings (Pomoc Gracza, Finałowe Podliczanie),
    the money space counting ``final_money`` (thousand yen) instead of the cash in hand."""
    t = tables()
    stars: dict[str, int] = {}
    for o in ops_of(p, "star"):
        stars[o.achievement] = stars.get(o.achievement, 0) + 1
    empty_ships = t.n["transport_tiles"] - p.ships
    empty_trains = t.n["transport_tiles"] - p.trains
    regions = {c.region for c in state.cities for s in c.slots if s is not None and s[0] == p.seat}
    units = {
        "contracts": len(p.contracts_done),
        "knowledge_stars": t.track_stars["knowledge"][p.knowledge_pos],
        "coal_stars": t.track_stars["coal"][p.coal_pos],
        "big_factories": sum(1 for f in p.factories if t.goods[f.goods].level >= 2),
        "machines2": sum(1 for f in p.factories if f.machine >= t.n["machine_max"]),
        "money": final_money,
        "ship_stars": sum(t.transport_stars[("ships", i)] for i in range(1, empty_ships + 1)),
        "train_stars": sum(t.transport_stars[("trains", i)] for i in range(1, empty_trains + 1)),
        "regions": len(regions),
    }
    out = {}
    for a in t.achievement_ids:
        rec = t.achievements[a]
        out[a] = (units[rec.measure] + stars.get(a, 0)) // rec.per
    return out


def _multiplier(p: Player, achievement: str) -> int:
    """The multiplier of an achievement space: its tile, else a printed 1x, else 0."""
    if achievement in p.achievements:
        return p.achievements[achievement]
    return 1 if tables().achievements[achievement].printed_1x else 0


def _reward_multiplier(state: NState, level: int) -> int:
    """The best multiplier an Emperor's reward of ``level`` would bring now (Konsolidacja, krok 2):
    the highest stack ≤ ``level`` with a tile left, a 2x tile once the reward area is empty, else 0."""
    if any(state.rewards.values()):
        best = 0
        for key, left in state.rewards.items():
            m = int(key.split(":")[0])
            if left > 0 and m <= level:
                best = max(best, m)
        return best
    return 2 if state.multipliers > 0 else 0


def _use(state: NState, left: float) -> dict[str, float]:
    """How much of their value resources keep with ``left`` turns to go (the tempo factors, 0–1):
    cash and coal (spent within ~4 turns), goods (~3 turns), factories, knowledge and blueprints
    (paying off over ~15 turns); the consolidations still to come; the weighted count of the
    scorings still to come (Podliczanie Punktów)."""
    remaining = tables().n["scorings"] - state.scorings
    return {"cash": min(1.0, left / 4.0), "goods": min(1.0, left / 3.0), "build": min(1.0, left / 15.0),
            "consolidations": left / TURNS_PER_CONSOLIDATION,
            "scorings": (1.0 + LATER_SCORING * (remaining - 1)) if remaining > 0 else 0.0}


def _consolidating(state: NState, seat: int) -> bool:
    """Whether ``seat`` is inside its consolidation: its payday frame waits under a reward decision."""
    return any(f.get("k") == "payday" and f.get("seat") == seat for f in state.stack)


def _workers(state: NState, p: Player, income: int) -> tuple[float, int]:
    """The workers part (VP) without the Emperor's reward, and the money (thousand yen) the final
    scoring will count for the money achievement. ``income`` is the next consolidation's money
    (thousand yen: the money track plus the Silk SI-1 bonus).

    Konsolidacja, krok 3: each distinct worker colour costs 3,000 yen, paid from the income just
    taken (inside a consolidation: from the cash already reset to it), or 2 VP if it cannot be paid.
    The final payday (Finałowe Podliczanie) pays out of the money the final scoring resets to, so it
    lowers the money achievement instead of the cash.
    """
    t = tables()
    per_colour = t.n["payday_per_colour"]
    colours = len(set(p.workers))
    inside = _consolidating(state, p.seat)
    purse = p.money if inside else income
    paid = min(colours, purse // per_colour)
    value = -float((colours - paid) * t.n["unpaid_colour_vp"])
    final_money = income
    if state.final and not inside:
        final_money -= paid * per_colour
    else:
        value -= paid * per_colour * CASH_VP
    return value, final_money


def _reward(state: NState, p: Player, units: dict[str, int], left: float) -> float:
    """The Emperor's reward part (VP): the multiplier tile the workers will bring times the base of
    the best free achievement space (at least :data:`REWARD_BASE_VP`), plus the tile's bonus.

    Konsolidacja, krok 2: 3+ workers bring a tile of the level above the rightmost worker (2x … 5x).
    Outside a consolidation it is discounted by :data:`REWARD_DISCOUNT` (fewer than 3 workers: in
    proportion to the workers taken, times :data:`FEW_WORKERS`), inside one it counts in full while
    the tile is still to be chosen or placed.
    """
    t = tables()
    if len(p.achievements) >= t.n["achievement_spaces"]:
        return 0.0
    free = [units[a] for a in t.achievement_ids if a not in p.achievements]
    base = max([REWARD_BASE_VP, *free])
    top = state.stack[-1] if state.stack else {}
    if _consolidating(state, p.seat):
        if top.get("seat") != p.seat:
            return 0.0
        if top.get("k") == "place":
            return float(top["mult"] * base)
        if top.get("k") == "reward":
            return _reward_multiplier(state, top["level"]) * base + REWARD_BONUS_VP
        return 0.0
    if left < 1:
        return 0.0
    k = len(p.workers)
    need = t.n["emperor_min_workers"]
    level = t.worker_levels.get(max(k, need)) or 0
    mult = _reward_multiplier(state, level)
    value = REWARD_DISCOUNT * (mult * base + REWARD_BONUS_VP) if mult else 0.0
    return value if k >= need else value * k / need * FEW_WORKERS


def _pending(state: NState, p: Player, use: dict[str, float]) -> float:
    """The value (VP) of a decision ``p`` is in the middle of: the first repetition of the action of
    a worker just taken (Kolejność rozgrywki: it must be performed), or free pieces of a factory
    bonus still to place. Estimated from the best first repetition, net of its price, without
    enumerating the legal moves. 0 for any other decision."""
    top = state.stack[-1] if state.stack else {}
    if top.get("seat") != p.seat:
        return 0.0
    if top.get("k") == "free":
        return FREE_PIECE_VP * top.get("left", 0)
    if top.get("k") != "act" or top.get("n") != 0:
        return 0.0
    t = tables()
    action = top["action"]
    cash = CASH_VP * use["cash"]
    price = marginal(prices_for(p, action), 0) if t.cumulative(action) else 0
    if action == "knowledge":
        return KNOWLEDGE_VP * use["build"] * (1 + extra_steps(p, action)) - price * cash
    if action == "mines":
        return COAL_INCOME_VP * use["consolidations"] * (1 + extra_steps(p, action)) / 2 - price * cash
    if action == "mechanize":
        return MACHINE_VP * use["build"] - price * cash
    if action in ("trains", "ships"):
        return TRANSPORT_VP - price * cash
    if action == "invest":
        owned = {f.goods for f in p.factories}
        levels = [t.goods[t.factory(tile).goods].level for tile in state.display
                  if t.factory(tile).goods not in owned and knowledge_short(p, tile) <= p.blueprints]
        best = max(levels, default=0)
        return (FACTORY_VP + FACTORY_LEVEL_VP * best) * use["build"] - price * cash if best else 0.0
    if action == "produce":
        coal, value = p.coal, 0.0
        for f in sorted(p.factories, key=lambda f: -t.goods[f.goods].level):
            need = production_coal(f)
            if coal >= need:
                coal -= need
                value += production_gain(f) * _cube_vp(p, t.goods[f.goods].level, use)
                value -= need * COAL_VP * use["goods"]
        return value
    if action == "export":
        best = 0.0
        for cid in p.contracts:
            c = t.contracts[cid]
            have = sorted((f.stored for f in p.factories if f.stored), reverse=True)
            if len(have) >= len(c.requires) and all(h >= r for h, r in zip(have, c.requires)):
                b = c.bonus
                gain = (b.vp + b.money * cash + b.coal * COAL_VP + b.blueprints * BLUEPRINT_VP
                        + c.money_steps * INCOME_VP * use["consolidations"])
                best = max(best, gain - sum(c.requires) * CONTRACT_CUBE_VP * use["goods"])
        return best
    if action == "market":
        best = 0.0
        for f in p.factories:
            if f.stored:
                level = t.goods[f.goods].level
                cubes = min(3, f.stored)
                tile = max((v for v in p.influence if v <= influence_value(level, cubes)), default=0)
                gain = tile * INFLUENCE_VP * use["scorings"] - cubes * _cube_vp(p, level, use)
                best = max(best, gain)
        return best
    return 0.0


def _cube_vp(p: Player, level: int, use: dict[str, float]) -> float:
    """VP of one stored goods cube of ``level``: it pays for influence later (Rynek lokalny) while
    the seat still holds an influence tile that 3 such cubes can place (Wartość żetonu Wpływu),
    else only for a contract (Eksport, :data:`CONTRACT_CUBE_VP`)."""
    if p.influence and min(p.influence) <= influence_value(level, 3):
        return (GOODS_VP + GOODS_LEVEL_VP * level) * use["goods"]
    return CONTRACT_CUBE_VP * use["goods"]


def _parts(state: NState, p: Player, regions: float) -> dict[str, float]:
    """One seat's projected total, by part (VP; see the module docstring)."""
    t = tables()
    left = turns_left(state, p)
    use = _use(state, left)
    cash_use, goods_use, build_use = use["cash"], use["goods"], use["build"]
    consolidations = use["consolidations"]
    bonus_money = sum(o.money for o in ops_of(p, "consolidation_money"))
    income = track_value(p, "money") + bonus_money
    workers, final_money = _workers(state, p, income)
    units = _achievement_units(state, p, final_money)
    achievements = float(sum(units[a] * _multiplier(p, a) for a in t.achievement_ids))
    workers += _reward(state, p, units, left)
    money = p.money * CASH_VP * cash_use + income * INCOME_VP * consolidations
    production = (p.coal * COAL_VP * goods_use + track_value(p, "coal") * COAL_INCOME_VP * consolidations
                  + (p.blueprints * BLUEPRINT_VP + min(track_value(p, "knowledge"), 6) * KNOWLEDGE_VP
                     + p.machines * STORED_MACHINE_VP) * build_use)
    goods = 0.0
    for f in p.factories:
        lv = t.goods[f.goods].level
        production += (FACTORY_VP + FACTORY_LEVEL_VP * lv + MACHINE_VP * f.machine) * build_use
        goods += f.stored * _cube_vp(p, lv, use)
    return {"vp": float(p.vp), "regions": regions, "achievements": achievements, "workers": workers,
            "money": money, "production": production, "goods": goods, "pending": _pending(state, p, use)}
