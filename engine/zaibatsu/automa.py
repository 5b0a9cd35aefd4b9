"""Takatoshi, the solo opponent (rulebook: Solo mode, pp. 20–23; the Polish and Russian editions call
him "Automa").

Takatoshi sits in seat :data:`AUTOMA` (1); the human is seat 0 and always starts. His turn is
automatic: the only random step — which action tile is revealed — is a ``CHANCE`` decision, as are
the re-randomised priority row and the set-up draws. Everything else follows the rulebook's
procedure exactly and is narrated in one line per turn: the facts of each turn are kept in the
state (:class:`~.state.AutomaTurn`) and :func:`narration_text` turns them into a translatable line.

This module depends on the rules; the rules reach it only through the hooks of :mod:`.rules.hooks`,
which :mod:`.game` registers.
"""

from __future__ import annotations

from dataclasses import asdict
from typing import Any

from engine.core import Event

from .rules import (
    WORKER_COLOURS,
    ev,
    market_goods,
    market_slot_check,
    region_influence,
    region_name,
    thresholds_reached,
)
from .state import PLAYER_COLOURS, AutomaState, AutomaTurn, ZState
from .tables import tables
from .words import SOLO_SLOT_NAMES, M, T, listing

AUTOMA = 1
HUMAN = 0
NAME = "Takatoshi"


def new_automa(difficulty: str) -> AutomaState:
    """Takatoshi's board at set-up (rulebook: Solo mode, Takatoshi's setup, steps 1–3; the random parts
    are chance)."""
    t = tables()
    rows = [list(r.values) for r in sorted(t.data.automa_rows, key=lambda r: r.period)]
    return AutomaState(colour=PLAYER_COLOURS[AUTOMA], difficulty=difficulty, rows=rows,
                       deck=[a.id for a in t.data.automa_tiles])


def is_automa(state: ZState, seat: int) -> bool:
    """True when ``seat`` is Takatoshi's."""
    return state.automa is not None and seat == AUTOMA


def seat_name(state: ZState, seat: int) -> str:
    """Display name (a term) for any seat, Takatoshi included."""
    if is_automa(state, seat):
        return T("name", NAME)
    return T("player", state.players[seat].colour.capitalize())


def automa_influence(state: ZState, region: str) -> int:
    """Takatoshi's influence in a region: his tokens + 2 per train, trains always count (rulebook:
    Solo mode, Trains action)."""
    t = tables()
    tokens = sum(s[1] for m in state.markets if m.region == region for s in m.slots if s is not None and s[0] == AUTOMA)
    trains = sum(1 for s in state.trains[region] if s == AUTOMA)
    return tokens + trains * t.n["automa_train_influence"]


def region_order(state: ZState) -> list[str]:
    """Regions by priority: the colour of each region's worker, ranked by the priority row (rulebook:
    Solo mode, Choosing a region, p. 22)."""
    a = state.automa
    assert a is not None
    rank = {c: i for i, c in enumerate(a.priority)}
    return sorted(a.region_colours, key=lambda r: rank.get(a.region_colours[r], 99))


def choose_region(state: ZState, possible: dict[str, Any]) -> tuple[str | None, dict[str, Any]]:
    """Two passes (rulebook: Solo mode, Choosing a region, p. 22, as the German edition words it; the
    Polish and Russian checks 1–5 choose the same region; docs/rules-notes.md D-3): the first region
    by priority where his influence ≤ yours and the action is possible; else the first where it is
    possible. Returns ``(region, why)``: ``why`` holds the facts of the choice (``priority``,
    ``his``, ``yours``, ``trails``; see :class:`~.state.AutomaTurn`), empty when no region is
    possible."""
    order = region_order(state)
    for r in order:
        if possible.get(r):
            his, yours = automa_influence(state, r), region_influence(state, HUMAN, r)
            if his <= yours:
                return r, {"priority": order.index(r) + 1, "his": his, "yours": yours, "trails": True}
    for r in order:
        if possible.get(r):
            his, yours = automa_influence(state, r), region_influence(state, HUMAN, r)
            return r, {"priority": order.index(r) + 1, "his": his, "yours": yours, "trails": False}
    return None, {}


def hiring_space(state: ZState, tile_id: str) -> int:
    """Step B: the hiring space (0-based) a tile points to (rulebook: Solo mode, Gameplay, step B)."""
    tile = next(a for a in tables().data.automa_tiles if a.id == tile_id)
    if tile.kind == "space":
        return int(tile.space or 0)
    counts = [len(s) for s in state.hiring]
    most = max(counts)
    tied = [i for i, c in enumerate(counts) if c == most]
    return tied[0] if tile.arrow == "left" else tied[-1]


def tile_acts(state: ZState, tile_id: str) -> bool:
    """Step C condition: action tiles always act; worker tiles only if the goal slot of their border
    colour holds a goal tile at this difficulty."""
    tile = next(a for a in tables().data.automa_tiles if a.id == tile_id)
    if tile.kind == "space":
        return True
    a = state.automa
    assert a is not None
    return tile.border in a.goals


def take_worker(state: ZState, h: int) -> str | None:
    """Step B: return one worker of the highest-priority colour present from hiring space ``h`` to
    the bag. docs/rules-notes.md G-8: an empty space gives no worker (step C still applies)."""
    a = state.automa
    assert a is not None
    space = state.hiring[h]
    for colour in a.priority:
        if colour in space:
            space.remove(colour)
            state.bag[colour] += 1
            return colour
    return None


def train_possible(state: ZState) -> dict[str, int | None]:
    """Per region, the topmost empty available train slot (1-based) if he still has a train."""
    t = tables()
    a = state.automa
    assert a is not None
    out: dict[str, int | None] = {}
    for r in t.region_ids:
        slot = None
        if a.trains > 0:
            for ts in t.train_slots:
                if ts.min_players <= state.options.players and state.trains[r][ts.slot - 1] is None:
                    slot = ts.slot
                    break
        out[r] = slot
    return out


def token_to_place(state: ZState) -> tuple[int, int] | None:
    """Local Markets step 1: ``(row index, value)`` of the leftmost token of the current period's row,
    or of the next later row when it is empty (never an earlier row)."""
    t = tables()
    a = state.automa
    assert a is not None
    period = t.period_of_space(min(state.round, len(t.round_space)))
    for i in range(period - 1, len(a.rows)):
        if a.rows[i]:
            return i, a.rows[i][0]
    return None


def placements(state: ZState, region: str, value: int, level: int) -> list[tuple[int, int, int | None]]:
    """Legal placements of his token in a region: ``(market index, slot, evicted slot or None)``.

    The slot must touch a good of the row's level; the usual rules apply (strictly higher to replace,
    the per-market limit with displacement), but he never removes his own token (docs/rules-notes.md
    D-27: the narrow Polish/Russian reading by default; ``automa_strict_markets`` makes the whole
    market unavailable, as the German edition words it).
    """
    t = tables()
    order = t.n["slot_reading_order"]
    out: list[tuple[int, int, int | None]] = []
    for mi, market in enumerate(state.markets):
        if market.region != region:
            continue
        market_out: list[tuple[int, int, int | None]] = []
        blocked = False
        for slot in order:
            if t.goods[market_goods(state, market, slot)].level != level:
                continue
            occ = market.slots[slot]
            ok, evicts = market_slot_check(state, market, slot, value)
            if not ok:
                continue
            if occ is not None and occ[0] == AUTOMA:
                blocked = True
                continue
            if evicts:
                # (ignored: an evicted slot holds a token)
                human = [e for e in evicts if market.slots[e][0] != AUTOMA]  # type: ignore[index]
                if not human:
                    blocked = True
                    continue
                market_out.append((mi, slot, human[0]))
            else:
                market_out.append((mi, slot, None))
        if blocked and state.options.automa_strict_markets:
            continue
        out.extend(market_out)
    return out


def choose_slot(state: ZState, region: str, options: list[tuple[int, int, int | None]]) -> tuple[int, int, int | None]:
    """Slot choice (rulebook: Solo mode, Local Markets action, step 3; rules a/b of the German edition).

    (a) A placement that replaces or removes one of your tokens, taking your highest-valued token
    that any placement can displace (the reading "hurt you most": German "dein Einflussmarker mit dem
    höchsten Wert ersetzt oder entfernt"), leftmost on ties; else (b) the highest printed value
    (none = 0), leftmost. ``options`` are already in left-to-right order.
    """
    t = tables()

    def displaced(o: tuple[int, int, int | None]) -> int:
        m = state.markets[o[0]]
        occ = m.slots[o[1]]
        if occ is not None and occ[0] == HUMAN:
            return occ[1]
        removed = m.slots[o[2]] if o[2] is not None else None
        if removed is not None and removed[0] == HUMAN:
            return removed[1]
        return 0

    best = max((displaced(o) for o in options), default=0)
    if best > 0:
        return next(o for o in options if displaced(o) == best)

    def printed(o: tuple[int, int, int | None]) -> int:
        return t.market_by_id[state.markets[o[0]].id].printed[o[1]]

    top = max(printed(o) for o in options)
    return next(o for o in options if printed(o) == top)


def automa_turn(state: ZState, tile_id: str, events: list[Event] | None) -> None:
    """Steps B–D of Takatoshi's turn after tile ``tile_id`` was revealed (step A, a chance outcome).

    ``events`` is ``None`` in a quiet apply (no narration event is built).
    """
    a = state.automa
    assert a is not None
    a.deck.remove(tile_id)
    a.discard.append(tile_id)
    h = hiring_space(state, tile_id)
    colour = take_worker(state, h)
    turn = AutomaTurn(tile=tile_id, space=h + 1, colour=colour)
    if h in (0, len(state.hiring) - 1):
        if not tile_acts(state, tile_id):
            turn.act = "idle"
        elif h == 0:
            turn.act = "trains"
            automa_trains(state, turn)
        else:
            turn.act = "markets"
            automa_markets(state, turn)
    a.narration.append(turn)
    if events is not None:
        ev(events, "automa", AUTOMA, narration_text(turn), tile=tile_id, space=h + 1, colour=colour,
           turn=asdict(turn))
    if not a.deck:
        # Step D: re-randomise the priority row and reshuffle all 9 tiles (set-up steps 4 and 5).
        a.deck = list(a.discard)
        a.discard = []
        old = list(a.priority)
        a.priority = []
        for _ in old:
            state.stack.append({"k": "chance", "what": "priority"})


def automa_trains(state: ZState, turn: AutomaTurn) -> None:
    """His Railways action (rulebook: Solo mode, Trains action): topmost empty available slot of the
    chosen region, no cost, no bonus. Records what happened in ``turn``."""
    a = state.automa
    assert a is not None
    if a.trains <= 0:
        turn.result = "no_train"
        return
    slots = train_possible(state)
    region, why = choose_region(state, slots)
    if region is None:
        turn.result = "no_slot"
        return
    slot = slots[region]
    assert slot is not None
    state.trains[region][slot - 1] = AUTOMA
    a.trains -= 1
    turn.result, turn.region, turn.slot = "built", region, slot
    _record_why(turn, why)


def automa_markets(state: ZState, turn: AutomaTurn) -> None:
    """His Local Markets action (rulebook: Solo mode, Local Markets action). Records what happened in
    ``turn``."""
    t = tables()
    a = state.automa
    assert a is not None
    picked = token_to_place(state)
    if picked is None:
        turn.result = "no_token"
        return
    row, value = picked
    turn.value = value
    level = sorted(t.data.automa_rows, key=lambda r: r.period)[row].goods_level
    possible = {r: placements(state, r, value, level) for r in t.region_ids}
    region, why = choose_region(state, possible)
    if region is None:
        turn.result = "no_region"
        return
    mi, slot, evict = choose_slot(state, region, possible[region])
    a.rows[row].pop(0)
    market = state.markets[mi]
    for s in ([slot] + ([evict] if evict is not None else [])):
        occ = market.slots[s]
        if occ is not None:
            state.players[occ[0]].tokens.append(occ[1])  # your token returns to your supply
            state.players[occ[0]].tokens.sort()
            turn.returned.append(occ[1])
            market.slots[s] = None
    market.slots[slot] = [AUTOMA, value]
    turn.result, turn.region, turn.market, turn.slot = "placed", region, market.id, slot
    _record_why(turn, why)


def _record_why(turn: AutomaTurn, why: dict[str, Any]) -> None:
    turn.priority, turn.his, turn.yours, turn.trails = why["priority"], why["his"], why["yours"], why["trails"]


def narration_text(turn: AutomaTurn | dict[str, Any]) -> str:
    """The narrated line of one of Takatoshi's turns, as a :class:`~engine.core.i18n.Msg`.

    ``turn`` is an :class:`~.state.AutomaTurn` or its JSON form (an entry of ``automa.narration``
    in a view), e.g. "Takatoshi reveals an action tile (hiring space 1): returns a red worker from H1 to the
    bag; builds a railway in Region 3 slot 1 (priority 1, his influence 0 ≤ your 0)."
    """
    f = asdict(turn) if isinstance(turn, AutomaTurn) else dict(turn)
    t = tables()
    tile = next(x for x in t.data.automa_tiles if x.id == f["tile"])
    space = f["space"]
    if tile.kind == "space":
        desc = M("an action tile (hiring space {space})", space=space)
    elif tile.arrow == "left":
        desc = M("an action tile (worker ←, {border} border)", border=SOLO_SLOT_NAMES[str(tile.border)])
    else:
        desc = M("an action tile (worker →, {border} border)", border=SOLO_SLOT_NAMES[str(tile.border)])
    if f.get("colour"):
        step = M("returns a {colour} worker from H{space} to the bag", colour=WORKER_COLOURS[f["colour"]], space=space)
    else:
        step = M("H{space} is empty", space=space)
    who = T("name", NAME)
    act, result = f.get("act") or "none", f.get("result")
    if act == "none":
        return M("{who} reveals {tile}: {step}.", who=who, tile=desc, step=step)
    why = None
    if f.get("priority") is not None:
        if f.get("trails", True):
            why = M("priority {rank}, his influence {his} ≤ your {yours}", rank=f["priority"], his=f["his"],
                    yours=f["yours"])
        else:
            why = M("priority {rank}, no region where he trails (his {his} > your {yours})", rank=f["priority"],
                    his=f["his"], yours=f["yours"])
    if act == "idle":
        action = M("no goal in the {border} slot, so he does not act", border=SOLO_SLOT_NAMES[str(tile.border)])
    elif result == "no_train":
        action = M("he has no train left")
    elif result == "no_slot":
        action = M("no region has a free train slot")
    elif result == "built":
        action = M("builds a railway in {region} slot {slot} ({why})", region=region_name(f["region"]),
                   slot=f["slot"], why=why)
    elif result == "no_token":
        action = M("he has no influence token left for this period")
    elif result == "no_region":
        action = M("no region can take his token {value}", value=f["value"])
    else:
        action = M("places influence {value} in {market} {slot} ({why})", value=f["value"], market=f["market"],
                   slot="NESW"[f["slot"]], why=why)
        if f.get("returned"):
            back = [M("your {value} returns to your supply", value=v) for v in f["returned"]]
            action = M("{action}, {returned}", action=action, returned=listing(back))
    return M("{who} reveals {tile}: {step}; {action}.", who=who, tile=desc, step=step, action=action)


def goal_text(goal_id: str, value: int, target: int) -> str:
    """A solo goal with its progress, as a Msg: ``"Build all 6 trains. (2/6)"``."""
    goal = next(g for g in tables().data.solo_goals if g.id == goal_id)
    # i18n: A solo goal's text and the progress towards it.
    return M("{goal} ({value}/{target})", goal=T("solo goal", goal.text), value=value, target=target)


def goal_progress(state: ZState, goal_id: str) -> tuple[int, int, str]:
    """``(value, target, text)`` of a solo goal for the human player right now."""
    t = tables()
    goal = next(g for g in t.data.solo_goals if g.id == goal_id)
    p = state.players[HUMAN]
    m = goal.measure
    if m in ("ships_built", "machines_built", "trains_built"):
        value = getattr(p, m.split("_")[0])
    elif m in ("rd_upper", "mining_upper", "finance_upper"):
        track = m.split("_")[0]
        value = 1 if thresholds_reached(p, [track], "any") >= 2 else 0
    elif m == "factories_built":
        value = len(p.factories)
    elif m == "contracts_fulfilled":
        value = len(p.contracts_done)
    elif m == "regions_with_token":
        value = sum(
            1 for r in t.region_ids
            if any(s is not None and s[0] == HUMAN for mk in state.markets if mk.region == r for s in mk.slots)
        )
    else:
        raise AssertionError(m)
    return value, goal.target, goal.text


def rating(score: int) -> str:
    """The solo rating for a final score (rulebook: Solo mode, Influence scoring and game end)."""
    for r in sorted(tables().data.ratings, key=lambda r: -r.min_score):
        if score >= r.min_score:
            return r.name
    return "Mediocre"
