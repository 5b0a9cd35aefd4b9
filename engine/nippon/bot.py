"""A heuristic evaluation of Nippon (2015) positions for the bot policies and hints.

:func:`evaluate` scores a state for one seat in **victory points** (VP), as its projected final
score: what the seat has now, what the remaining scorings would give it if the board stayed as it
is, and the worth of the resources it can still turn into VP (the policies compare the seats). The
greedy policy calls it on the state after every candidate action and the search policy at the end
of every truncated rollout (``engine.core.bots``), so it only reads the state (no copy, no
legal-action enumeration) and stays far below a millisecond. :func:`evaluate_all` gives every
seat's score at once (the bots' optional hook): the board is read once for all seats.

Speed (docs/performance.md, issue 25): static look-ups are built once per data set
(:class:`_Static`), the board once per call (:class:`_Board`), and the majorities are ranked from a
precomputed table of tie shares instead of the generic :mod:`engine.core.majority` helpers; every
value is the same float, summed in the same order, as the straightforward version kept in
``tests/nippon/reference_evaluation.py`` (``tests/nippon/test_bot_speed.py`` compares them).

Nippon has no hidden information (every piece, track and worker is public; chance draws are
decisions of the ``CHANCE`` seat), so the game needs no ``sample_hidden``.

The rules behind each part (section headings of the Polish rulebook, as in :mod:`.rules`):

* *Podliczanie Punktów*: each of the remaining scorings (1–3, values from ``scoring_values``)
  scored on today's influence, foreign companies included; 1st and 2nd place score their ships.
* *Pomoc Gracza, Finałowe Podliczanie*: the nine achievements × their multipliers on today's
  holdings; the money achievement counts the money the final scoring will reset to (the money
  track, Silk SI-1 bonus) after the final payday of the workers still on the board.
* *Konsolidacja*: cash and coal are discarded at a consolidation, so they are worth what they buy
  before it; the money and coal tracks pay at every consolidation still to come; the workers taken
  cost 3,000 yen per colour (or 2 VP) and, from 3 workers on, bring an Emperor's reward tile whose
  multiplier goes on an achievement space.
* *Tempo*: the value of everything that is not yet VP shrinks with the turns the seat has left
  (estimated from the workers left in the current segment of the scoring track and the segments
  still to come; exactly 3 final turns once the marker reaches the golden spaces).

Weights are VP per unit and were set by hand (money: VP per thousand yen); they only need to rank
positions sensibly, not to predict the final score exactly.
"""

from __future__ import annotations

from engine.core import components
from engine.core.bots import Evaluation, Reason
from engine.core.majority import influence_value, split_places

from .rules import (
    extra_steps,
    knowledge_short,
    marginal,
    prices_for,
    production_coal,
    production_gain,
)
from .state import NState, Player
from .tables import Tables, tables
from .words import M

#: The parts of an evaluation, shown in hints next to their value in VP ("Goods in storage +1.5").
LABELS = {
    # i18n: Parts of a bot's evaluation, shown in hints ("Regional scorings (projected) +4.0").
    "vp": M("Victory points"),
    "regions": M("Regional scorings (projected)"),
    "achievements": M("Achievements (projected)"),
    "workers": M("Workers: payday and Emperor's reward"),
    "money": M("Money and income"),
    "production": M("Factories, coal and knowledge"),
    "goods": M("Goods in storage"),
    "pending": M("Action in progress"),
}

#: VP per thousand yen of cash spent before the next consolidation (Konsolidacja, krok 1).
CASH_VP = 0.15
#: VP per thousand yen of income at each consolidation still to come.
INCOME_VP = 0.1
#: VP per coal cube held (discarded at the next consolidation) and per coal of coal-track income.
COAL_VP = 0.3
COAL_INCOME_VP = 0.2
#: VP per blueprint (3 convert into a track step; each covers a missing knowledge level).
BLUEPRINT_VP = 0.4
#: VP per knowledge level (levels 2/4/6 open the goods levels, Inwestycje w nowy przemysł).
KNOWLEDGE_VP = 0.5
#: A factory: base VP, VP per goods level, VP per machine level; a stored machinery tile.
FACTORY_VP, FACTORY_LEVEL_VP, MACHINE_VP, STORED_MACHINE_VP = 2.0, 1.0, 1.5, 1.0
#: A stored goods cube: base VP + VP per goods level (its influence value grows with the level).
GOODS_VP, GOODS_LEVEL_VP = 0.5, 0.4
#: A stored cube that can only pay for a contract (no influence tile left that it could place).
CONTRACT_CUBE_VP = 0.4
#: Weight of a later scoring relative to the next one (the board will change before it).
LATER_SCORING = 0.8
#: An Emperor's reward tile: the expected base VP of the achievement space it will cover at least,
#: the value of its front bonus and the discount for being paid only at the next consolidation.
REWARD_BASE_VP, REWARD_BONUS_VP, REWARD_DISCOUNT = 3.0, 1.0, 0.7
#: With fewer than 3 workers the reward counts by the share of the workers taken times this weight.
FEW_WORKERS = 0.8
#: A free ship/train/upgrade of a factory bonus still to place; a ship or train bought (before its
#: effect on the regions shows); VP per influence point per scoring still to come (Rynek lokalny).
FREE_PIECE_VP, TRANSPORT_VP, INFLUENCE_VP = 1.0, 1.5, 0.8
#: Player turns per consolidation (about 4 actions, then a consolidation).
TURNS_PER_CONSOLIDATION = 5.0
#: Turns a player takes per worker drawn in a segment (actions plus their share of consolidations).
TURNS_PER_WORKER = 1.25


def evaluate(state: NState, seat: int) -> Evaluation:
    """The value of ``state`` for ``seat`` in VP: its projected final score (module docstring).

    The reasons are its parts (VP now, projected scorings and achievements, workers, money,
    production, goods, the action under way), in VP; they add up to ``score``. A finished game
    scores its final VP. The opponents enter through the majorities of the regional scorings; the
    policies compare seats themselves (``engine.core.bots``).
    """
    p = state.players[seat]
    if state.over:
        return Evaluation(score=float(p.vp), reasons=(_reason(LABELS["vp"], float(p.vp)),))
    st = _static()
    parts = _seat_parts(state, p, st, _Board(state, st))
    return Evaluation(score=sum(parts), reasons=tuple(map(_reason, _PART_LABELS, parts)))


def evaluate_all(state: NState) -> list[float]:
    """``evaluate(state, seat).score`` of every seat, by seat (VP), at about the cost of one call:
    the board (majorities, turns left) is read once and no reason is built. The bots' optional hook
    (docs/adding-a-game.md)."""
    if state.over:
        return [float(p.vp) for p in state.players]
    st = _static()
    board = _Board(state, st)
    return [sum(_seat_parts(state, p, st, board)) for p in state.players]


#: The labels of :func:`_seat_parts`' values, in their order.
_PART_LABELS = tuple(LABELS[k] for k in ("vp", "regions", "achievements", "workers", "money", "production",
                                         "goods", "pending"))
_new = object.__new__
_set = object.__setattr__


def _reason(text: str, value: float) -> Reason:
    """``Reason(text, value)``, built the way its frozen dataclass ``__init__`` builds it, minus
    the call overhead (eight of them per evaluation; the tests compare them with ``Reason(…)``)."""
    r = _new(Reason)
    _set(r, "text", text)
    _set(r, "value", value)
    return r


class _Static:
    """Look-ups of one data set that the evaluation reads (built once per data set, :func:`_static`)."""

    def __init__(self, t: Tables) -> None:
        n = t.n
        self.final_turns = n["final_turns"]
        self.spaces_workers = len(t.spaces) * n["workers_per_action_space"]
        self.golden0 = t.golden[0]
        self.scorings = n["scorings"]
        self.ship_places = n["ship_places"]
        self.per_colour = n["payday_per_colour"]
        self.unpaid_vp = n["unpaid_colour_vp"]
        self.machine_max = n["machine_max"]
        self.achievement_spaces = n["achievement_spaces"]
        self.emperor_min = n["emperor_min_workers"]
        self.transport_tiles = n["transport_tiles"]
        self.region_ids = list(t.region_ids)
        index = {r: i for i, r in enumerate(self.region_ids)}
        #: city id -> (region index, printed values of its influence spaces, their sum).
        self.cities = {c.id: (index[c.region], tuple(c.printed), sum(c.printed)) for c in t.cities}
        #: scorings done -> [place][size of the tie group] -> ((weight, VP of each in the group), …)
        #: for every scoring still to come (the next one weighs 1, later ones :data:`LATER_SCORING`);
        #: a group shares the values of the places it covers, rounded down (split_places).
        #: Empty once no scoring is left. Up to 4 seats and the foreign companies compete.
        most = max(c.players for c in t.data.player_counts) + 1
        self.shares: dict[int, list[list[tuple[tuple[float, int], ...]]]] = {}
        for done in range(self.scorings + 1):
            coming = [(t.scoring_values[number], 1.0 if i == 0 else LATER_SCORING)
                      for i, number in enumerate(range(done + 1, self.scorings + 1))]
            self.shares[done] = [[tuple((weight, split_places([(k, 1) for k in range(size)], values[place:])[0])
                                        for values, weight in coming) if size else ()
                                  for size in range(most + 1)] for place in range(most)] if coming else []
        self.money_values = t.track_value["money"]
        self.coal_values = t.track_value["coal"]
        self.knowledge_values = t.track_value["knowledge"]
        self.knowledge_stars = t.track_stars["knowledge"]
        self.coal_stars = t.track_stars["coal"]
        self.ship_stars = _prefix([t.transport_stars[("ships", i)] for i in range(1, self.transport_tiles + 1)])
        self.train_stars = _prefix([t.transport_stars[("trains", i)] for i in range(1, self.transport_tiles + 1)])
        self.goods_level = {g: rec.level for g, rec in t.goods.items()}
        #: goods level -> the influence value 3 cubes of it pay for (Wartość żetonu Wpływu).
        self.three_cubes = {lv: influence_value(lv, 3) for lv in set(self.goods_level.values())}
        #: factory tile -> money of its consolidation bonus, achievements its stars count towards.
        self.tile_money = {f: sum(o.money for o in rec.ops if o.op == "consolidation_money")
                           for f, rec in t.factories.items()}
        self.tile_stars = {f: tuple(o.achievement for o in rec.ops if o.op == "star")
                           for f, rec in t.factories.items()}
        measures = ("contracts", "knowledge_stars", "coal_stars", "big_factories", "machines2", "money",
                    "ship_stars", "train_stars", "regions")
        #: (achievement id, index of its measure in :data:`measures`, units per VP, printed 1x).
        self.achievements = tuple((a, measures.index(t.achievements[a].measure), t.achievements[a].per,
                                   1 if t.achievements[a].printed_1x else 0) for a in t.achievement_ids)
        self.worker_levels = t.worker_levels
        self.per_segment = {c.players: self.spaces_workers + t.rows(c.players).rows * t.rows(c.players).size
                            for c in t.data.player_counts}


def _prefix(values: list[int]) -> tuple[int, ...]:
    """Running sums ``(0, v0, v0 + v1, …)``."""
    out = [0]
    for v in values:
        out.append(out[-1] + v)
    return tuple(out)


#: ``_static()``: the :class:`_Static` of the data set in use.
_static = components.per_data("nippon", lambda _data: _Static(tables()))

#: Reward stack id (``"3:coal"``) -> its multiplier.
_STACK_MULTIPLIER: dict[str, int] = {}


class _Board:
    """What every seat's evaluation reads from the board, read once per state: influence per region
    and seat (tiles, and trains where the seat has a tile), ships, the competitors' influence
    (foreign companies included), the turns left before the final turns, the seats inside a
    consolidation and the decision on top."""

    __slots__ = ("consolidating", "foreign", "left", "regions", "tiles", "top", "transport")

    def __init__(self, state: NState, st: _Static) -> None:
        n = len(state.players)
        nr = len(st.region_ids)
        tiles = [[0] * n for _ in range(nr)]
        foreign = [0] * nr
        cities = st.cities
        for c in state.cities:
            ri, printed, full = cities[c.id]
            slots = c.slots
            if slots == _NO_TILES:
                foreign[ri] += full
                continue
            row = tiles[ri]
            for s, value in zip(slots, printed):
                if s is None:
                    foreign[ri] += value
                else:
                    row[s[0]] += s[1]
        self.tiles = tiles
        self.foreign = foreign
        self.transport = state.transport
        #: Per region, worked out when a seat with influence there asks (:meth:`region`).
        self.regions: list[tuple[list[int], list[int], list[int]] | None] = [None] * nr
        self.left = None if state.final else (
            (sum(map(len, state.spaces)) + sum(map(len, state.rows))
             + max(0, st.golden0 - 1 - state.marker) * st.per_segment[n]) / n * TURNS_PER_WORKER + st.final_turns)
        self.consolidating = {f.get("seat") for f in state.stack if f.get("k") == "payday"}
        self.top = state.stack[-1] if state.stack else {}

    def region(self, ri: int, region: str) -> tuple[list[int], list[int], list[int]]:
        """Region ``ri`` (id ``region``): influence by seat (tiles, and trains where the seat has a
        tile), ships by seat, and every competitor's influence (the foreign companies' last)."""
        row = self.tiles[ri]
        influence = row[:]
        ships = [0] * len(row)
        for x in self.transport[region]:
            if x.kind == "train":
                if row[x.seat]:
                    influence[x.seat] += x.value
            else:
                ships[x.seat] += x.value
        foreign = self.foreign[ri]
        out = self.regions[ri] = (influence, ships, influence + [foreign] if foreign > 0 else influence)
        return out


#: A city without influence tiles.
_NO_TILES = [None] * 4


def turns_left(state: NState, p: Player) -> float:
    """Estimated turns ``p`` still takes (Dobranie Robotnika, Pusty Rząd Robotników).

    In the final turns exactly 3 − turns taken; before them, the workers left on the action spaces
    and rows of this segment plus a full refill per segment until the first golden space, shared by
    the players, times the turns per worker drawn, plus the 3 final turns.
    """
    st = _static()
    if state.final:
        return float(max(0, st.final_turns - p.final_turns))
    n = len(state.players)
    left = sum(len(s) for s in state.spaces) + sum(len(r) for r in state.rows)
    segments = max(0, st.golden0 - 1 - state.marker)
    return (left + segments * st.per_segment[n]) / n * TURNS_PER_WORKER + st.final_turns


def _projected_regions(state: NState, st: _Static, board: _Board, seat: int) -> float:
    """VP of ``seat`` from the scorings still to come on today's board (Podliczanie Punktów).

    Influence per region is the seat's tiles plus its trains there if it has a tile (rules-notes
    N-10: no influence, no VP); the foreign companies compete with the printed values of the
    uncovered spaces and their share is discarded; the 1st and 2nd places (ties included) also
    score their ships. The next scoring counts in full, later ones by :data:`LATER_SCORING`. Ties
    share the values of the places they occupy, rounded down (as
    :func:`engine.core.majority.split_places`, from the table :attr:`_Static.shares`): the seat's
    place is the number of competitors above it, its group the competitors level with it.
    """
    table = st.shares[state.scorings]
    out = 0.0
    if not table:
        return out
    ship_places = st.ship_places
    regions = board.regions
    for ri, row in enumerate(board.tiles):
        if not row[seat]:
            continue  # no tile, no influence (trains count only with a tile)
        influence, ships, competitors = regions[ri] or board.region(ri, st.region_ids[ri])
        v = influence[seat]
        if v <= 0:
            continue
        place = size = 0
        for w in competitors:
            if w > v:
                place += 1
            elif w == v:
                size += 1
        ship = ships[seat] if place < ship_places else 0
        for weight, share in table[place][size]:
            out += weight * (share + ship)
    return out


def _reward_multiplier(state: NState, level: int) -> int:
    """The best multiplier an Emperor's reward of ``level`` would bring now (Konsolidacja, krok 2):
    the highest stack ≤ ``level`` with a tile left, a 2x tile once the reward area is empty, else 0."""
    best = 0
    some = False
    multipliers = _STACK_MULTIPLIER
    for key, left in state.rewards.items():
        if left:
            some = True
            if left > 0:
                m = multipliers.get(key)
                if m is None:
                    m = multipliers[key] = int(key.split(":")[0])
                if best < m <= level:
                    best = m
    if some:
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
        top_level = max(levels, default=0)
        return (FACTORY_VP + FACTORY_LEVEL_VP * top_level) * use["build"] - price * cash if top_level else 0.0
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


def _seat_parts(state: NState, p: Player, st: _Static, board: _Board) -> tuple[float, ...]:
    """One seat's projected total, by part (VP, in the order of :data:`_PART_LABELS`; see the module
    docstring): VP now, regions, achievements, workers, money, production, goods, pending."""
    seat = p.seat
    left = board.left if board.left is not None else float(max(0, st.final_turns - p.final_turns))
    cash_use, goods_use, build_use = min(1.0, left / 4.0), min(1.0, left / 3.0), min(1.0, left / 15.0)
    consolidations = left / TURNS_PER_CONSOLIDATION
    factories = p.factories
    # The factories: their consolidation money (Silk SI-1), and for the achievements the big
    # factories, those with a +2 machine and the stars of their bonuses.
    machine_max, levels, tile_money, tile_stars = st.machine_max, st.goods_level, st.tile_money, st.tile_stars
    bonus_money = big = machines2 = 0
    stars: dict[str | None, int] = {}  # achievement id (a star op always names one) -> stars
    for f in factories:
        bonus_money += tile_money[f.tile]
        if levels[f.goods] >= 2:
            big += 1
        if f.machine >= machine_max:
            machines2 += 1
        for a in tile_stars[f.tile]:
            stars[a] = stars.get(a, 0) + 1
    income = st.money_values[p.money_pos] + bonus_money

    # Workers (Konsolidacja, krok 3): each distinct worker colour costs 3,000 yen, paid from the
    # income just taken (inside a consolidation: from the cash already reset to it), or 2 VP if it
    # cannot be paid. The final payday (Finałowe Podliczanie) pays out of the money the final
    # scoring resets to, so it lowers the money achievement instead of the cash.
    per_colour = st.per_colour
    colours = len(set(p.workers))
    inside = seat in board.consolidating
    paid = min(colours, (p.money if inside else income) // per_colour)
    workers = -float((colours - paid) * st.unpaid_vp)
    final_money = income
    if state.final and not inside:
        final_money -= paid * per_colour
    else:
        workers -= paid * per_colour * CASH_VP

    # Achievements (Pomoc Gracza, Finałowe Podliczanie): base VP of each space on today's holdings.
    measured = (len(p.contracts_done), st.knowledge_stars[p.knowledge_pos], st.coal_stars[p.coal_pos], big,
                machines2, final_money, st.ship_stars[st.transport_tiles - p.ships],
                st.train_stars[st.transport_tiles - p.trains], _held(board.tiles, seat))
    held = p.achievements
    achieved = 0
    free: list[int] = []
    for a, measure, per, printed in st.achievements:
        units = (measured[measure] + stars.get(a, 0)) // per if stars else measured[measure] // per
        if a in held:
            achieved += units * held[a]
        else:
            achieved += units * printed
            free.append(units)
    achievements = float(achieved)
    workers += _reward(state, p, st, board, free, left)

    money = p.money * CASH_VP * cash_use + income * INCOME_VP * consolidations
    production = (p.coal * COAL_VP * goods_use + st.coal_values[p.coal_pos] * COAL_INCOME_VP * consolidations
                  + (p.blueprints * BLUEPRINT_VP + min(st.knowledge_values[p.knowledge_pos], 6) * KNOWLEDGE_VP
                     + p.machines * STORED_MACHINE_VP) * build_use)
    goods = 0.0
    lowest = min(p.influence) if p.influence else None
    three_cubes = st.three_cubes
    for f in factories:
        lv = levels[f.goods]
        production += (FACTORY_VP + FACTORY_LEVEL_VP * lv + MACHINE_VP * f.machine) * build_use
        # A cube pays for influence while a tile 3 such cubes can place is left (see _cube_vp).
        if lowest is not None and lowest <= three_cubes[lv]:
            goods += f.stored * ((GOODS_VP + GOODS_LEVEL_VP * lv) * goods_use)
        else:
            goods += f.stored * (CONTRACT_CUBE_VP * goods_use)
    top = board.top
    pending = 0.0
    if top.get("seat") == seat and (top.get("k") == "free" or (top.get("k") == "act" and top.get("n") == 0)):
        pending = _pending(state, p, _use(state, left))
    return (float(p.vp), _projected_regions(state, st, board, seat), achievements, workers, money, production,
            goods, pending)


def _held(tiles: list[list[int]], seat: int) -> int:
    """The number of regions where ``seat`` has an influence tile (every tile is worth 1 or more)."""
    k = 0
    for row in tiles:
        if row[seat]:
            k += 1
    return k


def _reward(state: NState, p: Player, st: _Static, board: _Board, free: list[int], left: float) -> float:
    """The Emperor's reward part (VP): the multiplier tile the workers will bring times the base of
    the best free achievement space (``free``: their base VP; at least :data:`REWARD_BASE_VP`), plus
    the tile's bonus.

    Konsolidacja, krok 2: 3+ workers bring a tile of the level above the rightmost worker (2x … 5x).
    Outside a consolidation it is discounted by :data:`REWARD_DISCOUNT` (fewer than 3 workers: in
    proportion to the workers taken, times :data:`FEW_WORKERS`), inside one it counts in full while
    the tile is still to be chosen or placed.
    """
    if len(p.achievements) >= st.achievement_spaces:
        return 0.0
    base = max([REWARD_BASE_VP, *free])
    if p.seat in board.consolidating:
        top = board.top
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
    need = st.emperor_min
    level = st.worker_levels.get(max(k, need)) or 0
    mult = _reward_multiplier(state, level)
    value = REWARD_DISCOUNT * (mult * base + REWARD_BONUS_VP) if mult else 0.0
    return value if k >= need else value * k / need * FEW_WORKERS


__all__ = ["LABELS", "evaluate", "evaluate_all", "turns_left"]
