"""Takatoshi, the solo opponent (reference §2.12; S-DE pp. 20–23, S-PL/S-RU "Automa").

Takatoshi sits in seat :data:`AUTOMA` (1); the human is seat 0 and always starts. His turn is
automatic: the only random step — which action tile is revealed — is a ``CHANCE`` decision, as are
the re-randomised priority row and the set-up draws. Everything else follows the rulebook's
procedure exactly and is narrated in one line per turn.
"""

from __future__ import annotations

from typing import Any

from engine.core import Event

from .state import PLAYER_COLOURS, AutomaState, ZState
from .tables import tables

AUTOMA = 1
HUMAN = 0
NAME = "Takatoshi"


def new_automa(difficulty: str) -> AutomaState:
    """Takatoshi's board at set-up (§2.12.1 Automa set-up steps 1–3; the random parts are chance)."""
    t = tables()
    rows = [list(r.values) for r in sorted(t.data.automa_rows, key=lambda r: r.period)]
    return AutomaState(colour=PLAYER_COLOURS[AUTOMA], difficulty=difficulty, rows=rows,
                       deck=[a.id for a in t.data.automa_tiles])


def is_automa(state: ZState, seat: int) -> bool:
    """True when ``seat`` is Takatoshi's."""
    return state.automa is not None and seat == AUTOMA


def seat_name(state: ZState, seat: int) -> str:
    """Display name for any seat, Takatoshi included."""
    if is_automa(state, seat):
        return NAME
    return state.players[seat].colour.capitalize()


def automa_influence(state: ZState, region: str) -> int:
    """Takatoshi's influence in a region: his tokens + 2 per train, trains always count (§2.12.4)."""
    t = tables()
    tokens = sum(s[1] for m in state.markets if m.region == region for s in m.slots if s is not None and s[0] == AUTOMA)
    trains = sum(1 for s in state.trains[region] if s == AUTOMA)
    return tokens + trains * t.n["automa_train_influence"]


def region_order(state: ZState) -> list[str]:
    """Regions by priority: the colour of each region's worker, ranked by the priority row (§2.12.3)."""
    a = state.automa
    assert a is not None
    rank = {c: i for i, c in enumerate(a.priority)}
    return sorted(a.region_colours, key=lambda r: rank.get(a.region_colours[r], 99))


def choose_region(state: ZState, possible: dict[str, Any]) -> tuple[str | None, str]:
    """Two passes (D-3): the first region by priority where his influence ≤ yours and the action is
    possible; else the first where it is possible. Returns ``(region, reason)``."""
    from .rules import region_influence

    order = region_order(state)
    for r in order:
        if possible.get(r):
            his, yours = automa_influence(state, r), region_influence(state, HUMAN, r)
            if his <= yours:
                return r, f"priority {order.index(r) + 1}, his influence {his} ≤ your {yours}"
    for r in order:
        if possible.get(r):
            his, yours = automa_influence(state, r), region_influence(state, HUMAN, r)
            return r, f"priority {order.index(r) + 1}, no region where he trails (his {his} > your {yours})"
    return None, "no region where it is possible"


def hiring_space(state: ZState, tile_id: str) -> int:
    """Step B: the hiring space (0-based) a tile points to (§2.12.2)."""
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
    the bag. G-8: an empty space gives no worker (step C still applies)."""
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
    the per-market limit with displacement), but he never removes his own token (D-27: the narrow
    S-PL/S-RU reading by default; ``automa_strict_markets`` makes a whole market unavailable, S-DE).
    """
    from .rules import market_goods, market_slot_check

    t = tables()
    order = t.n["slot_reading_order"]
    out: list[tuple[int, int, int | None]] = []
    for mi, market in enumerate(state.markets):
        if market.region != region:
            continue
        market_out = []
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
    """Slot choice (§2.12.5 step 3; S-DE p.21 a/b).

    (a) A placement that replaces or removes one of your tokens, taking your highest-valued token
    that any placement can displace (the reading "hurt you most": S-DE "dein Einflussmarker mit dem
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


def automa_turn(state: ZState, tile_id: str, events: list[Event]) -> None:
    """Steps B–D of Takatoshi's turn after tile ``tile_id`` was revealed (step A, a chance outcome)."""
    from .rules import ev

    t = tables()
    a = state.automa
    assert a is not None
    a.deck.remove(tile_id)
    a.discard.append(tile_id)
    tile = next(x for x in t.data.automa_tiles if x.id == tile_id)
    h = hiring_space(state, tile_id)
    colour = take_worker(state, h)
    desc = f"{tile_id} ({'hiring space ' + str(h + 1) if tile.kind == 'space' else 'worker ' + ('←' if tile.arrow == 'left' else '→') + ', ' + str(tile.border) + ' border'})"
    line = f"{NAME} reveals {desc}: " + (f"returns a {colour} worker from H{h + 1} to the bag" if colour else f"H{h + 1} is empty")
    acted = ""
    if h in (0, len(state.hiring) - 1):
        if not tile_acts(state, tile_id):
            acted = f"; no goal in the {tile.border} slot, so he does not act"
        elif h == 0:
            acted = "; " + automa_trains(state, events)
        else:
            acted = "; " + automa_markets(state, events)
    line += acted + "."
    a.narration.append(line)
    ev(events, "automa", AUTOMA, line, tile=tile_id, space=h + 1, colour=colour)
    if not a.deck:
        # Step D: re-randomise the priority row and reshuffle all 9 tiles (set-up steps 4 and 5).
        a.deck = list(a.discard)
        a.discard = []
        old = list(a.priority)
        a.priority = []
        for _ in old:
            state.stack.append({"k": "chance", "what": "priority"})


def automa_trains(state: ZState, events: list[Event]) -> str:
    """His Railways action (§2.12.4): topmost empty available slot of the chosen region, no cost, no bonus."""
    a = state.automa
    assert a is not None
    if a.trains <= 0:
        return "he has no train left"
    slots = train_possible(state)
    region, why = choose_region(state, slots)
    if region is None:
        return "no region has a free train slot"
    slot = slots[region]
    assert slot is not None
    state.trains[region][slot - 1] = AUTOMA
    a.trains -= 1
    return f"builds a railway in {region} slot {slot} ({why})"


def automa_markets(state: ZState, events: list[Event]) -> str:
    """His Local Markets action (§2.12.5)."""
    t = tables()
    a = state.automa
    assert a is not None
    picked = token_to_place(state)
    if picked is None:
        return "he has no influence token left for this period"
    row, value = picked
    level = sorted(t.data.automa_rows, key=lambda r: r.period)[row].goods_level
    possible = {r: placements(state, r, value, level) for r in t.region_ids}
    region, why = choose_region(state, possible)
    if region is None:
        return f"no region can take his token {value}"
    mi, slot, evict = choose_slot(state, region, possible[region])
    a.rows[row].pop(0)
    market = state.markets[mi]
    text = ""
    for s in ([slot] + ([evict] if evict is not None else [])):
        occ = market.slots[s]
        if occ is not None:
            state.players[occ[0]].tokens.append(occ[1])  # your token returns to your supply
            state.players[occ[0]].tokens.sort()
            text += f", your {occ[1]} returns to your supply"
            market.slots[s] = None
    market.slots[slot] = [AUTOMA, value]
    return f"places influence {value} in {market.id} {'NESW'[slot]} ({why}){text}"


def goal_met(state: ZState, goal_id: str) -> tuple[bool, str]:
    """Is a solo goal met by the human (checked at game end, before the final consolidation)?

    Returns ``(met, text)`` where the text shows the progress, e.g. ``"Build all 6 trains. (2/6)"``.
    """
    value, target, text = goal_progress(state, goal_id)
    return value >= target, f"{text} ({value}/{target})"


def goal_progress(state: ZState, goal_id: str) -> tuple[int, int, str]:
    """``(value, target, text)`` of a solo goal for the human player right now."""
    from .rules import thresholds_reached

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
    """The solo rating for a final score (§2.12.6)."""
    for r in sorted(tables().data.ratings, key=lambda r: -r.min_score):
        if score >= r.min_score:
            return r.name
    return "Mediocre"
