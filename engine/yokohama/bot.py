"""Heuristic evaluation and hidden-card sampling of Yokohama positions for the bot policies.

:func:`evaluate` scores a state for one seat in **victory points** (VP), as its projected final
score: what the seat has now, the end scoring it would get if the game ended with today's holdings,
and the worth of what it can still turn into VP (the policies compare the seats). The greedy policy
calls it on the state after every candidate action and the search policy at the end of every
truncated rollout (``engine.core.bots``), so it only reads the state and stays far below a
millisecond. Of the hidden cards it reads only the seat's own hand and opening draw.

:func:`sample_hidden` re-deals the order cards the seat cannot see (Yokohama rulebook (PL), Zasady
ogólne: the hands are hidden; Przygotowanie do gry: cards removed unseen, the opening draws of two
cards of which one is boxed unseen) so that a search can play on from a position the seat could be
in.

The rules behind each part (section headings of the Polish rulebook, as in :mod:`.rules`):

* *Punktacja końcowa*: Church and Customs House majorities (6/3 and 8/4 VP), the technology
  majority (10/5 VP, production values), sets of different countries (0/2/4/8/12 VP per layer),
  and the leftovers (1 VP per unused foreign agent and per imported good, 1 VP per 2 yen and per
  3 trade goods), all on today's holdings.
* *Wypełnianie zamówień*: an order in hand is worth its reward plus a country symbol, net of the
  goods it needs, discounted by the goods still missing and the turns left.
* *Wypełnianie osiągnięć*: an achievement tile not yet claimed is worth its VP (upper space if no
  one has claimed it yet) times how close the seat is to its condition.
* *Budowanie*: shops and trading houses in hand are ready to build (power 4+); built ones add power
  and a trading house earns 1 yen whenever another player acts in its area.
* *Tempo*: everything that is not yet VP loses value with the turns the seat has left, estimated
  from the end conditions (Warunki zakończenia: shops or trading houses all built, Church or Customs
  House board full, the order deck unable to refill a Port) or counted exactly once the end is
  triggered (this round, then one more).

Weights are VP per unit and were set by hand (yen: VP per yen); they only need to rank positions
sensibly, not to predict the final score exactly.
"""

from __future__ import annotations

import random
from typing import Any

from engine.core.bots import Evaluation, Reason

from .rules import board_majority, hand_limit, owns, turn_position
from .state import COUNTRIES, GOODS, Area, Player, YState, clone
from .tables import LEVELS, tables
from .words import M

#: The parts of an evaluation, shown in hints next to their value in VP ("Orders in hand +2.5").
LABELS = {
    # i18n: Parts of a bot's evaluation, shown in hints ("End scoring (projected) +4.0").
    "vp": M("Victory points"),
    "end": M("End scoring (projected)"),
    "orders": M("Orders in hand"),
    "achievements": M("Achievements within reach"),
    "buildings": M("Shops and trading houses"),
    "supplies": M("Goods, imported goods and yen"),
    "assistants": M("Assistants"),
    "cards": M("Technologies and foreign agents"),
    "pending": M("Action in progress"),
}

#: VP per unit during the game (the end-scoring value is blended in as the turns run out).
GOODS_VP = {"copper": 0.8, "silk": 0.8, "tea": 0.6, "fish": 0.6}
IG_VP, YEN_VP = 1.8, 0.55
#: Tokens of one trade good worth their in-game value (the rest count at their end value).
GOODS_FULL = 5
#: VP per unit at the end (Punktacja końcowa 5: 1 VP per 3 goods, per imported good, per 2 yen).
END_GOODS_VP, END_IG_VP, END_YEN_VP = 1 / 3, 1.0, 0.5
#: A foreign agent (an extra area action; 1 VP at the end if unused), a free agent (0 VP at the end).
AGENT_VP, FREE_AGENT_VP = 2.5, 2.5
#: Assistants in hand (the first :data:`HAND_FEW` are worth more: without them no placement), in the
#: warehouse.
HAND_ASSISTANT_VP, HAND_FEW_VP, HAND_FEW, WAREHOUSE_ASSISTANT_VP = 0.4, 1.0, 3, 0.15
#: Assistants on the board are worth the area action they allow (Krok akcji obszaru): the best area
#: counts in full, every other one by this share (one main action a turn, agents for the others).
OTHER_AREAS = 0.3
#: Share kept by assistants in the area the seat's president stands on (Zasady ruchu prezesa: the
#: president must move on, so only an agent can use them).
PRESIDENT_AREA = 0.3
#: VP per Chinatown exchange, per faith payment (a good or 2 yen given for +1 faith).
EXCHANGE_VP, FAITH_PAYMENT_VP = 0.2, 0.6
#: Shops and trading houses in hand, in the warehouse and built (power, income per opponent).
HAND_SHOP_VP, WAREHOUSE_SHOP_VP, BUILT_SHOP_VP = 1.6, 0.3, 1.0
HAND_HOUSE_VP, WAREHOUSE_HOUSE_VP, BUILT_HOUSE_VP, HOUSE_INCOME_VP = 3.0, 0.6, 1.0, 0.4
#: A technology's lasting effect; a country symbol gained with an order.
TECH_VP, SYMBOL_VP = 1.2, 1.0
#: An order whose goods are all in hand keeps this share of its net value.
READY_ORDER = 0.9
#: The main action still to come this turn (phase A, placement or movement under way).
MAIN_ACTION_VP = 2.0
#: Icons of a reward without a fixed VP worth (VP each, scaled by the tempo where they pay later).
ICON_VP = {"any_good": 0.7, "moves": 0.4, "wh_assistant": 0.45, "wh_shop": 0.5}
#: Rounds a game lasts from the start until the end is triggered (to turn progress into turns).
ROUNDS_TO_TRIGGER = 14.0


def evaluate(state: YState, seat: int) -> Evaluation:
    """The value of ``state`` for ``seat`` in VP: its projected final score (module docstring).

    The reasons are its parts (VP now, end scoring, orders, achievements, buildings, supplies,
    assistants, cards, the action under way), in VP; they add up to ``score``. A finished game
    scores its final VP. The opponents enter through the end-scoring majorities; the policies
    compare seats themselves (``engine.core.bots``). Only the seat's own order cards are read.
    """
    p = state.players[seat]
    if state.over:
        return Evaluation(score=float(p.vp), reasons=(Reason(LABELS["vp"], float(p.vp)),))
    board = _board(state)
    parts = _parts(state, p, _end_majorities(state)[seat], board[seat], _progress(state, board))
    reasons = tuple(Reason(LABELS[k], v) for k, v in parts.items())
    return Evaluation(score=sum(parts.values()), reasons=reasons)


# ------------------------------------------------------------------------------------------------
# The board and the tempo
# ------------------------------------------------------------------------------------------------


def _board(state: YState) -> list[dict[str, Any]]:
    """Per seat, in one pass over the areas: shops and trading houses built, the areas holding its
    assistants (``spots``: area and count) and the production, commercial and any areas with one of
    its buildings (Płytki osiągnięć C)."""
    t = tables()
    n = len(state.players)
    spots: list[list[tuple[str, int]]] = [[] for _ in range(n)]
    shops = [0] * n
    houses = [0] * n
    built: list[set[str]] = [set() for _ in range(n)]
    for a in state.areas.values():
        for s, k in enumerate(a.assistants):
            if k:
                spots[s].append((a.id, k))
        for owner in a.shops:
            if owner is not None:
                shops[owner] += 1
                built[owner].add(a.id)
        if a.house is not None:
            houses[a.house] += 1
            built[a.house].add(a.id)
    out = []
    for s in range(n):
        categories = [t.areas[x].category for x in built[s]]
        out.append({"shops": shops[s], "houses": houses[s], "spots": spots[s], "any": len(built[s]),
                    "production": categories.count("production"),
                    "commercial": categories.count("commercial")})
    return out


def _progress(state: YState, board: list[dict[str, Any]]) -> float:
    """How close the end trigger is (0 at the start, 1 when triggered), the nearest of the end
    conditions (Warunki zakończenia): a player's shops or trading houses all built, the Church or
    Customs House board full (2 players: neutral pieces count), the order deck used up."""
    t = tables()
    if state.end_triggered:
        return 1.0
    n = state.options.players
    shops = t.n["hand_shops"] + t.n["warehouse_shops"]
    houses = t.n["warehouse_trading_houses"]
    built = max((max(row["shops"] / shops, row["houses"] / houses) for row in board), default=0.0)
    full = t.n["board_full"][str(n)]
    filled = max(sum(1 for s in spaces if s is not None) for spaces in (state.church, state.customs))
    boards = filled / full
    start_deck = len(t.order_ids) - t.n["orders_removed"][str(n)] - t.port_slots * len(state.ports) \
        - t.n["setup_order_draw"] * n
    deck = 1.0 - len(state.order_deck) / start_deck if start_deck > 0 else 0.0
    return max(0.0, min(1.0, max(built, boards, deck)))


def turns_left(state: YState, seat: int, progress: float | None = None) -> float:
    """Estimated turns ``seat`` still takes, its current turn included.

    Once the end is triggered (Warunki zakończenia: the round is finished, then one more full round)
    the count is exact; before, the rounds to the trigger are estimated from :func:`_progress`.
    """
    played = turn_position(state, seat) < turn_position(state, state.current)
    if state.end_triggered and state.final_round is not None:
        return float(max(0, state.final_round - state.rounds + (0 if played else 1)))
    if progress is None:
        progress = _progress(state, _board(state))
    return (1.0 - progress) * ROUNDS_TO_TRIGGER + 1.0 + (0 if played else 1)


# ------------------------------------------------------------------------------------------------
# The parts
# ------------------------------------------------------------------------------------------------


def _end_majorities(state: YState) -> list[float]:
    """VP per seat of the end-scoring majorities on today's boards (Punktacja końcowa 1–3):
    Church, Customs House (neutral pieces never score) and the technology production values
    (ties to the earlier turn order)."""
    t = tables()
    n = len(state.players)
    out = [0.0] * n
    for board, values in ((state.church, t.n["church_majority"]), (state.customs, t.n["customs_majority"])):
        for s, vp in board_majority(state, board, values).items():
            out[s] += vp
    totals = {p.seat: sum(t.techs[c].value for c in p.technologies) for p in state.players}
    ranked = sorted((s for s in totals if totals[s] > 0), key=lambda s: (-totals[s], turn_position(state, s)))
    for i, s in enumerate(ranked[:len(t.n["technology_majority"])]):
        out[s] += t.n["technology_majority"][i]
    return out


def _country_sets(p: Player) -> int:
    """Punktacja końcowa 4: VP of the sets of different country symbols (technologies, fulfilled
    orders, reward token), built in layers as :func:`.rules.country_sets_vp` does, in one pass."""
    t = tables()
    counts = dict.fromkeys(COUNTRIES, 0)
    for c in p.technologies:
        counts[t.techs[c].country] += 1
    for o in p.fulfilled:
        counts[t.orders[o].country] += 1
    if p.reward_token is not None:
        counts[t.reward_tokens[p.reward_token]] += 1
    table = t.n["country_sets"]
    vp = 0
    for k in range(1, max(counts.values()) + 1):
        m = sum(1 for c in counts.values() if c >= k)
        if m:
            vp += table[m - 1]
    return vp


def reward_value(reward: dict[str, int], use: float) -> float:
    """VP worth of a reward (Ikony nagród): VP as they are, yen and goods at their in-game worth,
    the icons that pay later (any good, moves, warehouse pieces, free agents) scaled by ``use``."""
    value = 0.0
    for k, v in reward.items():
        if k == "vp":
            value += v
        elif k == "yen":
            value += v * YEN_VP
        elif k in GOODS_VP:
            value += v * GOODS_VP[k]
        elif k == "ig":
            value += v * IG_VP
        elif k == "free_agent":
            value += v * FREE_AGENT_VP * use
        else:
            value += v * ICON_VP.get(k, 0.0) * use
    return value


def _goods_cost(need: dict[str, int]) -> float:
    """The in-game worth (VP) of the trade goods ``need`` (an order's requirement)."""
    return sum(GOODS_VP[g] * k for g, k in need.items())


def _goods_value(n: int, each: float) -> float:
    """VP of ``n`` tokens of one trade good worth ``each``: beyond :data:`GOODS_FULL` of a kind (more
    than orders and achievements usually need) a token keeps only its end-scoring worth."""
    full = min(n, GOODS_FULL)
    return full * each + (n - full) * min(each, END_GOODS_VP)


def _blend(in_game: float, at_end: float, use: float) -> float:
    """A unit's worth: its end-scoring worth, rising to its in-game worth while turns remain."""
    return at_end + (in_game - at_end) * use


def _parts(state: YState, p: Player, majorities: float, board: dict[str, Any],
           progress: float) -> dict[str, float]:
    """The seat's projected total by part (VP; see the module docstring)."""
    left = turns_left(state, p.seat, progress)
    fut = min(1.0, left / 6.0)
    soon = min(1.0, left / 2.0)
    supplies = sum(_goods_value(getattr(p, g), _blend(GOODS_VP[g], END_GOODS_VP, soon)) for g in GOODS)
    supplies += p.ig * _blend(IG_VP, END_IG_VP, soon) + p.yen * _blend(YEN_VP, END_YEN_VP, soon)
    unused = len(p.agents) - len(p.agents_used)
    cards = unused * _blend(AGENT_VP, 1.0, fut) + (p.free_agents - p.free_agents_used) * FREE_AGENT_VP * fut
    cards += len(p.technologies) * TECH_VP * fut
    end = majorities + _country_sets(p)
    n = len(state.players)
    shops = p.hand_shops * HAND_SHOP_VP + p.wh_shops * WAREHOUSE_SHOP_VP + board["shops"] * BUILT_SHOP_VP
    houses = (p.hand_houses * HAND_HOUSE_VP + p.wh_houses * WAREHOUSE_HOUSE_VP
              + board["houses"] * (BUILT_HOUSE_VP + HOUSE_INCOME_VP * (n - 1)))
    buildings = fut * (shops + houses)
    few = min(p.hand_assistants, HAND_FEW)
    assistants = fut * (few * HAND_FEW_VP + (p.hand_assistants - few) * HAND_ASSISTANT_VP
                        + p.wh_assistants * WAREHOUSE_ASSISTANT_VP)
    assistants += _presence(state, p, board["spots"], left, fut)
    orders = _orders(p, p.orders, state.dealt.get(str(p.seat), []), left, fut)
    return {"vp": float(p.vp), "end": float(end), "orders": orders,
            "achievements": _achievements(state, p, board, fut), "buildings": buildings, "supplies": supplies,
            "assistants": assistants, "cards": cards, "pending": _pending(state, p, left, fut)}


def _presence(state: YState, p: Player, spots: list[tuple[str, int]], left: float, fut: float) -> float:
    """VP of the seat's assistants on the board: the area action each area would give at the power
    the seat would have there with its president (Krok akcji obszaru: assistants, president, own shop
    and trading house, the station token), the best area in full and the others by
    :data:`OTHER_AREAS`; assistants under the president count by :data:`PRESIDENT_AREA`."""
    t = tables()
    limit = t.n["max_power"]
    values = []
    for area_id, k in spots:
        a = state.areas[area_id]
        here = p.president == area_id
        power = min(limit, k + (p.seat in a.shops) + (a.house == p.seat) + (state.station == area_id) + 1)
        value = _area_value(state, p, a, power, left, fut)
        values.append(value * (PRESIDENT_AREA if here else 1.0))
    values.sort(reverse=True)
    return sum(v * (1.0 if i == 0 else OTHER_AREAS) for i, v in enumerate(values) if v > 0)


def _area_value(state: YState, p: Player, a: Area, power: int, left: float, fut: float) -> float:
    """VP of the area action of ``a`` for ``p`` at ``power`` (Szczegółowy opis obszarów), with the
    building (power 4+) and the 5-power token that follow it; estimated, no legal moves listed."""
    t = tables()
    kind = t.kind(a.id)
    if kind not in t.effects:
        return 0.0
    effect = t.effects[kind]
    n = effect.by_power[power - 1]
    soon = min(1.0, left / 2.0)
    value = 0.0
    if effect.effect == "gain" and n:
        if effect.good == "yen":
            value = n * YEN_VP
        else:
            if effect.good == "copper" and owns(p, "mining_technology"):
                n += t.n["mining_extra"]
            good: str = effect.good  # type: ignore[assignment]  # a gain area names its good (data check)
            have = getattr(p, good)
            each = _blend(GOODS_VP[good], END_GOODS_VP, soon)
            value = _goods_value(have + n, each) - _goods_value(have, each)
    elif effect.effect == "exchange":
        value = n * EXCHANGE_VP
    elif effect.effect == "church":
        value = _church_value(state, p, n, fut)
    elif effect.effect == "customs":
        value = _customs_value(state, p, n, fut)
    elif effect.effect == "employment":
        value = _hire_value(p, n, fut)
    elif effect.effect == "laboratory":
        value = _lab_value(state, p, a.id, n, fut)
    elif effect.effect == "port":
        value = _port_value(state, p, a.id, n, left, fut)
        if power == t.n["max_power"]:
            value += t.n["port_p5_vp"]
    if power >= t.n["build_min_power"]:
        value += _build_value(p, a, fut)
    if power == t.n["max_power"] and a.token is not None:
        value += reward_value(t.token_reward[a.token], fut)
    return value


def _hire_value(p: Player, n: int, fut: float) -> float:
    """Agencja pracy: ``n`` assistants from the warehouse into the hand (the cheapest useful pieces)."""
    moved = min(n, p.wh_assistants)
    few = max(0, min(moved, HAND_FEW - p.hand_assistants))
    return fut * (few * HAND_FEW_VP + (moved - few) * HAND_ASSISTANT_VP - moved * WAREHOUSE_ASSISTANT_VP)


def _church_value(state: YState, p: Player, faith: int, fut: float) -> float:
    """Kościół: the best free space within ``faith`` plus one payment of each kind the seat holds."""
    t = tables()
    payable = sum(1 for g in (*GOODS, "ig") if getattr(p, g) > 0) + (p.yen >= t.n["church_pay_yen"])
    winery = t.n["winery_vp"] if owns(p, "winery") else 0
    best = 0.0
    for i, space in enumerate(t.church):
        need = max(0, space.faith - faith)
        if state.church[i] is None and need <= payable:
            best = max(best, reward_value(t.church_reward[i], fut) + winery - need * FAITH_PAYMENT_VP)
    return best


def _customs_value(state: YState, p: Player, most: int, fut: float) -> float:
    """Urząd celny: the best free space paid with at most ``most`` imported goods the seat holds."""
    t = tables()
    limit = min(most, p.ig)
    brickworks = t.n["brickworks_vp"] if owns(p, "brickworks") else 0
    best = 0.0
    for i, space in enumerate(t.customs):
        if state.customs[i] is None and space.ig <= limit:
            best = max(best, reward_value(t.customs_reward[i], fut) + brickworks - space.ig * IG_VP)
    return best


def _lab_value(state: YState, p: Player, lab: str, pv: int, fut: float) -> float:
    """Laboratorium: the best card of ``lab`` the seat does not own, its lasting effect net of the
    yen still to pay after ``pv`` production value of power (imported goods not used here)."""
    t = tables()
    best = 0.0
    for slot, card in enumerate(state.labs.get(lab, [])):
        if card is None or owns(p, t.techs[card].name):
            continue
        rem = max(0, t.techs[card].value + t.lab_surcharge[slot] - min(pv, t.n["lab_max_power_pv"]))
        yen = t.n["lab_yen_per_pv"] * rem
        if yen <= p.yen:
            best = max(best, TECH_VP * fut + 1.0 - yen * YEN_VP)
    return best


def _port_value(state: YState, p: Player, port: str, level: int, left: float, fut: float) -> float:
    """Port: the order of ``port`` up to ``level`` that adds most to the seat's orders in hand, if
    the hand has room for it."""
    t = tables()
    if not level or len(p.orders) >= hand_limit():
        return 0.0
    ok = [c for c in state.ports.get(port, []) if c is not None and LEVELS.index(t.orders[c].level) < level]
    if not ok:
        return 0.0
    now = _orders(p, p.orders, [], left, fut)
    return max(0.0, max(_orders(p, [*p.orders, c], [], left, fut) - now for c in ok))


def _orders(p: Player, hand: list[str], dealt: list[str], left: float, fut: float) -> float:
    """The seat's own orders ``hand`` (Wypełnianie zamówień): each worth its reward, a country symbol
    and the Ball/Language School extras, net of its goods at their in-game worth; the goods in hand are
    assigned to the best orders first; an order with goods missing is discounted per good missing
    and by the turns left. At the opening the better of the two cards dealt counts (one is kept)."""
    t = tables()
    extra = (t.n["ball_vp"] if owns(p, "ball") else 0) + (t.n["language_school_yen"] * YEN_VP
                                                           if owns(p, "language_school") else 0)
    nets = []
    for order in hand:
        need = t.order_goods[order]
        nets.append((reward_value(t.order_reward[order], fut) + SYMBOL_VP + extra - _goods_cost(need), need))
    if dealt:
        best = max(dealt, key=lambda o: reward_value(t.order_reward[o], fut))
        need = t.order_goods[best]
        nets.append((reward_value(t.order_reward[best], fut) + SYMBOL_VP - _goods_cost(need), need))
    have = {g: getattr(p, g) for g in GOODS}
    value = 0.0
    for net, need in sorted(nets, key=lambda x: -x[0]):
        if net <= 0:
            continue
        short = sum(max(0, k - have[g]) for g, k in need.items())
        if short == 0:
            for g, k in need.items():
                have[g] -= k
            value += READY_ORDER * net if left >= 1 else 0.0
        else:
            value += net * 0.75 * 0.8 ** short * min(1.0, max(0.0, left - short / 3) / 2)
    return value


def _achievements(state: YState, p: Player, board: dict[str, Any], fut: float) -> float:
    """Achievement tiles still open to the seat (Wypełnianie osiągnięć): the VP of the next space
    (upper if nobody has claimed the tile yet) times the progress towards the condition; a met
    condition counts 0.8 of it if an assistant in hand can claim it at once."""
    t = tables()
    value = 0.0
    for tile in state.achievements:
        seats = state.achievement_spaces[tile]
        a = t.achievements[tile]
        if p.seat in seats or len(seats) >= a.spaces:
            continue
        vp = a.first if not seats else a.later
        c = a.condition
        if c.kind == "goods":
            q = getattr(p, c.good) / c.n
        elif c.kind == "technologies":
            q = len(p.technologies) / c.n
        elif c.kind == "orders":
            q = len(p.fulfilled) / c.n
        elif c.kind == "ig":
            q = p.ig / c.n
        elif c.kind == "power_tokens":
            q = len(p.power_tokens) / c.n
        else:
            needs = (("production", c.production), ("commercial", c.commercial), ("any", c.any))
            ratios = [min(1.0, board[key] / need) for key, need in needs if need]
            q = sum(ratios) / len(ratios) if ratios else 1.0
        if q >= 1:
            value += vp * (0.8 if p.hand_assistants > 0 else 0.6 * fut)
        else:
            value += vp * 0.5 * q * q * fut
    return value


def _pending(state: YState, p: Player, left: float, fut: float) -> float:
    """What ``p`` is in the middle of (VP): the main action still to come this turn, and the best
    choice of each step of an area action still waiting on the stack (Church, Customs House,
    Laboratory, Port, Employment Agency, the 5-power token, building), estimated without
    enumerating the legal moves."""
    return sum(_frame_value(state, p, f, left, fut) for f in state.stack if f.get("seat") == p.seat)


def _frame_value(state: YState, p: Player, f: dict[str, Any], left: float, fut: float) -> float:
    """The value (VP) of one frame of ``p``'s turn still to be played (see :func:`_pending`)."""
    t = tables()
    k = f.get("k")
    if k == "auto":
        # Kroki 4–5: the 5-power token and the building follow the area action at its power.
        power = state.turn.get("power", 0)
        area = state.areas.get(f.get("area", ""))
        if area is None:
            return 0.0
        if f["what"] == "bonus" and power == t.n["max_power"] and area.token is not None:
            return reward_value(t.token_reward[area.token], fut)
        if f["what"] == "build" and power >= t.n["build_min_power"]:
            return _build_value(p, area, fut)
        return 0.0
    if k == "phase":
        return MAIN_ACTION_VP if f.get("phase") == "A" else 0.0
    if k in ("place", "place_a", "telegraph", "move"):
        return MAIN_ACTION_VP
    if k == "church":
        return _church_value(state, p, f["power"], fut)
    if k == "customs":
        return _customs_value(state, p, t.effects["customs_house"].by_power[f["power"] - 1], fut)
    if k == "lab":
        return _lab_value(state, p, f["area"], f["power"], fut)
    if k == "port":
        return _port_value(state, p, f["area"], t.effects["port_a"].by_power[f["power"] - 1], left, fut)
    if k == "hire":
        return _hire_value(p, f["left"], fut)
    if k == "bonus":
        token = state.areas[f["area"]].token
        return reward_value(t.token_reward[token], fut) if token else 0.0
    if k == "build":
        return _build_value(p, state.areas[f["area"]], fut)
    if k == "good":
        return f.get("n", 1) * ICON_VP["any_good"]
    return 0.0


def _build_value(p: Player, area: Area, fut: float) -> float:
    """The best building ``p`` can put up in ``area`` now (Budowanie): the reward of a free shop
    space or of the trading house, net of the piece's worth in hand becoming its worth built."""
    t = tables()
    if area.tile is None:
        return 0.0
    best = 0.0
    if p.hand_shops and p.seat not in area.shops:
        for i, s in enumerate(area.shops):
            if s is None:
                gain = reward_value(t.shop_rewards[area.tile][i], fut) + (BUILT_SHOP_VP - HAND_SHOP_VP) * fut
                best = max(best, gain)
    if p.hand_houses and area.house is None:
        gain = reward_value(t.house_reward[area.tile], fut) + (BUILT_HOUSE_VP - HAND_HOUSE_VP) * fut
        best = max(best, gain)
    return best


# ------------------------------------------------------------------------------------------------
# Hidden information
# ------------------------------------------------------------------------------------------------


def hidden_slots(state: YState, seat: int | None) -> list[tuple[str, int]]:
    """The places holding order cards ``seat`` (``None``: a spectator) cannot see, in a fixed order,
    with the number of cards in each: the other players' hands (``hand:<seat>``) and opening draws
    (``dealt:<seat>``), the cards removed unseen (``removed``), the cards boxed at the opening draw
    (``discarded``; the game's views do not keep a boxed card even for the player who boxed it) and
    the order deck (``deck``)."""
    slots: list[tuple[str, int]] = []
    for p in state.players:
        if p.seat != seat:
            slots.append((f"hand:{p.seat}", len(p.orders)))
            if str(p.seat) in state.dealt:
                slots.append((f"dealt:{p.seat}", len(state.dealt[str(p.seat)])))
    slots += [("removed", len(state.removed)), ("discarded", len(state.discarded)),
              ("deck", len(state.order_deck))]
    return slots


def _slot_cards(state: YState, slot: str) -> list[str]:
    """The cards in one hidden slot (see :func:`hidden_slots`)."""
    kind, _, seat = slot.partition(":")
    if kind == "hand":
        return state.players[int(seat)].orders
    if kind == "dealt":
        return state.dealt[seat]
    if kind == "removed":
        return state.removed
    if kind == "discarded":
        return state.discarded
    return state.order_deck


def sample_hidden(state: YState, seat: int | None, rng: random.Random) -> YState:
    """A new state equal to ``state`` in everything ``seat`` may see, with the order cards it cannot
    see re-dealt uniformly at random into the same places and numbers (see :func:`hidden_slots`).

    The pool is sorted before it is shuffled and only the slot sizes are used, so two states that
    look the same to ``seat`` (equal ``view``) give equal results for an equal ``rng`` state. The
    seat's own hand and opening draw, the fulfilled orders and the Port cards stay. The decks are
    written in card-data order (a deck is a set, every draw a ``CHANCE`` decision), the technology
    deck, the boxed building tiles and 5-power tokens too (they follow from what is on the table),
    and the table seed is reset to 0 so that nothing downstream can recompute a hidden draw from it.
    """
    t = tables()
    slots = hidden_slots(state, seat)
    pool = sorted(card for slot, _ in slots for card in _slot_cards(state, slot))
    rng.shuffle(pool)
    out = clone(state)
    at = 0
    for slot, size in slots:
        cards = pool[at:at + size]
        at += size
        target = _slot_cards(out, slot)
        if slot == "deck":
            cards.sort(key=_order_index().__getitem__)
        target[:] = cards
    out.tech_deck.sort(key=_index(tuple(t.tech_ids)).__getitem__)
    out.tiles_left.sort(key=_index(tuple(t.tile_ids)).__getitem__)
    out.tokens_left.sort(key=_index(tuple(t.tokens)).__getitem__)
    out.seed = 0
    return out


def _order_index() -> dict[str, int]:
    """Card-data position of each order card."""
    return _index(tuple(tables().order_ids))


_INDEXES: dict[tuple[str, ...], dict[str, int]] = {}


def _index(ids: tuple[str, ...]) -> dict[str, int]:
    """Position of each id in ``ids`` (cached)."""
    found = _INDEXES.get(ids)
    if found is None:
        found = _INDEXES[ids] = {x: i for i, x in enumerate(ids)}
    return found


__all__ = ["LABELS", "evaluate", "hidden_slots", "reward_value", "sample_hidden", "turns_left"]


# ------------------------------------------------------------------------------------------------
# Progress: the position a seat sees and what moves the game towards its end
# ------------------------------------------------------------------------------------------------

#: Fields of the state that only say whose turn it is and how far the turn has gone (the repetition
#: guard leaves them out, so a turn that changes nothing leads back to the position it started in).
_TURN_FIELDS = ("current", "turn_no", "turn", "stack", "rounds")
#: Fields nobody sees or that never change in play (the seed would reveal every hidden draw).
_HIDDEN_FIELDS = ("seed", "removed", "discarded", "dealt", "tiles_left", "tokens_left", "scores")


def position_key(state: YState, seat: int | None) -> dict[str, Any]:
    """The position as ``seat`` sees it, without whose turn it is (``engine.core.progress``).

    JSON-ready: the state's fields but the turn's bookkeeping (current seat, turn number, the
    turn's flags and decision frames, the rounds played) and what the seat cannot see (Zasady
    ogólne: the order cards in other hands; the decks' contents, given as counts; the cards removed
    or boxed unseen). Two positions a turn that changed nothing (placing no assistant, president
    back to the hand while it is in the hand, nothing recalled) lies between have the same key.
    """
    from .state import STATE_ADAPTER

    out = STATE_ADAPTER.dump_python(state, mode="json")
    for key in (*_TURN_FIELDS, *_HIDDEN_FIELDS):
        out.pop(key, None)
    out["tech_deck"] = len(state.tech_deck)
    out["order_deck"] = len(state.order_deck)
    for p, row in zip(state.players, out["players"], strict=True):
        if p.seat != seat:
            row["orders"] = len(p.orders)
    return out


def progress_marks(state: YState) -> list[Any]:
    """What moves a Yokohama game towards its end, public only (``engine.core.progress``).

    Each seat's buildings, orders and cards taken (fulfilled orders, technologies, achievements),
    the Church and Customs House boards, the cards left in the decks and on the management boards,
    and whether the end is triggered (Warunki zakończenia gry: the shops or trading houses all
    built, the Church or Customs House full, a Port that cannot be refilled). Yen, trade goods and
    VP are left out: an income turn after turn that builds nothing never ends the game, and neither
    do the VP a seat's own shops pay each time it visits their areas (two bots did that for
    thousands of plies, one at 331 VP, in the no-stall sweep).
    """
    seats = [[p.hand_shops, p.wh_shops, p.hand_houses, p.wh_houses, len(p.orders), len(p.fulfilled),
              len(p.technologies), len(p.achievements), len(p.agents_used)] for p in state.players]
    built = sorted((a, list(area.shops), area.house) for a, area in state.areas.items())
    return [seats, built, list(state.church), list(state.customs), len(state.order_deck), len(state.tech_deck),
            {k: list(v) for k, v in state.labs.items()}, {k: list(v) for k, v in state.ports.items()},
            state.end_triggered, state.over]
