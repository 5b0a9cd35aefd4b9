"""The rules of Nippon: Zaibatsu (base game, 2–4 players).

Rule citations name a section of the published rulebook by its heading, in English, and its page
where the rulebook's own cross-references give one (e.g. "rulebook: Consolidation, step D, p. 17").
Rule gaps and the places where the Polish, Russian and German editions differ are decided in
docs/rules-notes.md and cited by their ids there ("docs/rules-notes.md G-1"). Every number comes
from ``data/*.json`` through :mod:`.tables`.

The engine is a small interpreter over a stack of frames (see :mod:`.state`): decision frames wait
for a seat (or ``CHANCE``); automatic frames (effect lists, consolidation steps, end of turn, round
end) run inside :func:`advance` until the next decision.

Order of simultaneous effects (rulebook: Basic concepts, p. 7: you resolve your effects in the order
of your choice, one at a time): the engine resolves upgrade tiles (including those of ships built
by a modifier or an effect) before any bonus that could use them, an action modifier before the
activation's bonuses, and gains before optional paid follow-ups. All gains commute, an upgrade only
ever raises a yield, and a paid follow-up can only benefit from earlier gains, so this order is
never worse than any other a player could choose (the order of the rulebook's Ships action example
holds by construction).
"""

from __future__ import annotations

import itertools
from functools import cache, lru_cache
from typing import Any

from engine.core import CHANCE, Action, Decision, Event, IllegalAction, Outcome, components
from engine.core.majority import placement, split_places
from engine.core.workers import refill_from_top_row

from .data import COLOURS, GOODS
from .state import (
    PLAYER_COLOURS,
    Factory,
    MarketState,
    Options,
    Player,
    Worker,
    ZState,
)
from .tables import Tables, tables
from .words import GOAL_SLOT_NAMES, SOLO_SLOT_NAMES, TRACK_NAMES, M, Mn, T, amount, listing

DIRS = "NESW"
PAYS = ("iron", "money")

# ------------------------------------------------------------------------------------------------
# Setup
# ------------------------------------------------------------------------------------------------


#: Optional modules (ids as table options spell them).
MODULES = ("modern_factories", "common_goals")
#: Solo difficulties against Takatoshi (1/2/3 solo goal tiles).
SOLO_LEVELS = ("easy", "medium", "hard")


def validate_options(options: dict[str, Any]) -> Options:
    """Check table options: ``players`` 2–4, ``first_game`` bool, ``modules`` (none in the base game).

    Raises :class:`~engine.core.IllegalAction` (a ``ValueError``) whose ``reason`` is a
    player-readable :class:`~engine.core.i18n.Msg`.
    """
    players = options.get("players", 2)
    if not isinstance(players, int) or players not in (1, 2, 3, 4):
        raise IllegalAction(M("Nippon: Zaibatsu is played by 2 to 4 players, or solo (1) against {automa}.",
                              automa=T("name", "Takatoshi")))
    modules = list(dict.fromkeys(options.get("modules") or []))
    known = MODULES
    for m in modules:
        if m not in known:
            raise IllegalAction(M("Unknown module {module}; known modules: {known}.", module=repr(m),
                                  known=", ".join(known)))
    difficulty = options.get("difficulty")
    if players == 1:
        if modules:
            raise IllegalAction(M("Modules are not used in the solo game (rulebook, solo set-up)."))
        difficulty = difficulty or "medium"
        if difficulty not in SOLO_LEVELS:
            raise IllegalAction(M("Solo difficulty is easy, medium or hard."))
    elif difficulty is not None:
        raise IllegalAction(M("Difficulty only applies to the solo game."))
    return Options(
        players=players,
        first_game=bool(options.get("first_game", False)),
        modules=modules,
        difficulty=difficulty,
        empty_consolidation=bool(options.get("empty_consolidation", True)),
        automa_strict_markets=bool(options.get("automa_strict_markets", False)),
    )


def setup(options: dict[str, Any], seed: int) -> ZState:
    """Build the initial state (rulebook: Setup); random setup steps are pending ``CHANCE`` decisions."""
    opts = validate_options(options)
    t = tables()
    n = opts.players
    pc = t.count(n)
    # Rulebook: Common setup, filling the bag: 36/42/48 workers (8 per colour, minus 2/1/0 per colour).
    per_colour = pc.bag // len(COLOURS)
    bag = {c: per_colour for c in COLOURS}
    sections = set(pc.waiting_sections)
    waiting_rows = [r for r in t.waiting_rows if r.section in sections]
    players = []
    for seat in range(n):
        p = Player(seat=seat, colour=PLAYER_COLOURS[seat])
        # Rulebook: Player setup, steps 3–5: locked tokens on the flag, the others available; 8 contracts.
        p.tokens = sorted(tok.value for tok in t.data.influence_tokens if not tok.locked)
        p.locked = sorted(tok.value for tok in t.data.influence_tokens if tok.locked)
        p.contracts = [c.id for c in t.data.contracts]
        p.prestige = [t.prestige[lvl].tiles for lvl in (1, 2, 3)]
        players.append(p)
    state = ZState(
        options=opts,
        seed=seed,
        players=players,
        bag=bag,
        hiring=[[] for _ in t.hiring],
        waiting=[[] for _ in waiting_rows],
        markets=[MarketState(id=m.id, region=m.region) for m in t.markets],
        trains={r: [None] * len(t.train_slots) for r in t.region_ids},
        ships={d.id: [] for d in t.destinations},
        experts={d.id: True for d in t.destinations},
        upgrades={d.id: pc.upgrades_per_colour for d in t.destinations},
    )
    # Frames are pushed in reverse: the last pushed runs first.
    state.stack.append({"k": "begin_draft"})
    for i in reversed(range(pc.start_pairs)):
        state.stack.append({"k": "chance", "what": "pairB", "pair": i})
        state.stack.append({"k": "chance", "what": "pairA", "pair": i})
    if n == 1:
        # Solo (rulebook: Solo mode, Setup changes): you are always the first player; Takatoshi's
        # set-up draws.
        from .automa import new_automa

        state.automa = new_automa(opts.difficulty or "medium")
        for _ in range(t.n["solo_goal_tiles"][state.automa.difficulty]):
            state.stack.append({"k": "chance", "what": "goal"})
        for _ in COLOURS:
            state.stack.append({"k": "chance", "what": "priority"})
        for r in reversed(t.region_ids):
            state.stack.append({"k": "chance", "what": "regioncolour", "region": r})
    else:
        state.stack.append({"k": "chance", "what": "first"})
    if "common_goals" in opts.modules:
        for period in (3, 2, 1):
            for _ in range(pc.common_goals_per_period):
                state.stack.append({"k": "chance", "what": "common", "period": period})
    if "modern_factories" in opts.modules:
        state.stack.append({"k": "chance", "what": "modern"})
    for row in reversed(range(len(waiting_rows))):
        for _ in range(waiting_rows[row].cells):
            state.stack.append({"k": "chance", "what": "draw", "to": "waiting", "index": row})
    for h in reversed(range(len(t.hiring))):
        for _ in range(t.n["hiring_setup_workers"]):
            state.stack.append({"k": "chance", "what": "draw", "to": "hiring", "index": h})
    for g in reversed(GOODS):
        state.stack.append({"k": "chance", "what": "factories", "goods": g})
    for city in reversed(range(len(t.markets))):
        state.stack.append({"k": "chance", "what": "rotate", "city": city})
        state.stack.append({"k": "chance", "what": "demand", "city": city})
    advance(state, [])
    return state


# ------------------------------------------------------------------------------------------------
# Small helpers
# ------------------------------------------------------------------------------------------------


def top(state: ZState) -> dict[str, Any]:
    """The frame on top of the stack (the current decision once :func:`advance` has run)."""
    return state.stack[-1]


@lru_cache(maxsize=1 << 16, typed=True)
def act(kind: str, *args: Any) -> Action:
    """The action ``kind`` with ``args``: one shared object per distinct action.

    Actions are immutable and compare by value, so the lists of legal actions may share them;
    building them anew was a large part of listing legal actions. (``typed``: ``1`` and ``True``
    stay distinct arguments.)
    """
    return Action(kind, args)


def ev(events: list[Event] | None, kind: str, seat: int | None, text: str, **data: Any) -> None:
    """Append an :class:`Event`; ``text`` is a :class:`~engine.core.i18n.Msg` of this game's domain.

    ``events`` is ``None`` in a quiet apply (:func:`apply_quiet`): nothing is recorded. Callers test
    ``events is not None`` first, so that a quiet apply does not even build the text.
    """
    if events is not None:
        events.append(Event(kind=kind, seat=seat, text=text, data=data))


#: Worker colours (also department colours) and goods types as terms in texts.
WORKER_COLOURS = {c: T("worker colour", c) for c in COLOURS}
GOODS_NAMES = {g: T("goods", g) for g in GOODS}
#: A player's name in texts: their colour as a name ("Red takes …").
PLAYER_NAMES = {c: T("player", c.capitalize()) for c in PLAYER_COLOURS}


def name(state: ZState, seat: int) -> str:
    """Display name of a seat (its colour, or Takatoshi)."""
    if state.automa is not None and seat == 1:
        return T("name", "Takatoshi")
    return PLAYER_NAMES[state.players[seat].colour]


#: Takatoshi's name (the same term :func:`name` gives; :func:`decision` uses this one object).
_TAKATOSHI = T("name", "Takatoshi")


@components.data_cached("zaibatsu")
def region_name(region: str) -> str:
    """A region (by id, ``R1``) as a term."""
    return T("region", tables().region_by_id[region].name)


@components.data_cached("zaibatsu")
def department_name(colour: str) -> str:
    """The department of a worker colour as a term (``black`` → Energy)."""
    return T("department", tables().departments[colour].name)


@components.data_cached("zaibatsu")
def destination_name(dest: str) -> str:
    """An Iwakura Mission destination (by id, ``berlin``) as a term."""
    return T("destination", tables().dest_by_id[dest].name)


@components.data_cached("zaibatsu")
def effect_text(side_id: str) -> str:
    """The effect text of a factory side (by id, ``cotton1A``) as a term."""
    return T("factory effect", tables().sides[side_id].text)


@components.data_cached("zaibatsu")
def start_text(tile: str) -> str:
    """The text of a start tile (by id, ``A3``) as a term."""
    return T("start tile", tables().start[tile].text)


def return_token(state: ZState, seat: int, value: int) -> None:
    """A displaced token goes back to its owner's supply; Takatoshi's goes to the box (rulebook: Solo
    mode, Local Markets action)."""
    if state.automa is not None and seat == 1:
        state.automa.boxed.append(value)
        return
    state.players[seat].tokens.append(value)
    state.players[seat].tokens.sort()


def money_like(p: Player) -> int:
    """Money available for a payment: money plus silk (1 silk → 1 money any time in your turn;
    rulebook: Note on silk)."""
    return p.money + p.silk


def pay_money(p: Player, amount: int) -> int:
    """Pay ``amount`` money, converting silk only for the shortfall. Returns silk converted."""
    use = min(p.money, amount)
    p.money -= use
    rest = amount - use
    p.silk -= rest
    return rest


def coal_total(p: Player) -> int:
    """All coal a player may spend: supply, start tile A7 and coal stored on factories."""
    coal = p.coal + p.protected_coal
    for f in p.factories:
        coal += f.coal
    return coal


def pay_coal(p: Player, amount: int) -> None:
    """Spend coal: unprotected coal first, then A7's coal, then coal stored on factories."""
    use = min(p.coal, amount)
    p.coal -= use
    amount -= use
    use = min(p.protected_coal, amount)
    p.protected_coal -= use
    amount -= use
    for f in p.factories:
        use = min(f.coal, amount)
        f.coal -= use
        amount -= use


def goods_of(p: Player, goods_type: str) -> int:
    """Goods of one type over all of a player's factories of that type."""
    return sum(f.goods for f in p.factories if f.goods_type == goods_type)


def special_max(p: Player, op_name: str, attr: str, default: int) -> int:
    """The largest ``attr`` of special-effect ops ``op_name`` on a player's factories (or ``default``)."""
    values = tables().special_values(op_name, attr)
    best = default
    for f in p.factories:
        v = values.get(f.side)
        if v is not None and v > best:
            best = v
    return best


def per_train_influence(p: Player) -> int:
    """Influence per train (2; 3 with a factory special effect ``train_influence``)."""
    return special_max(p, "train_influence", "value", tables().n["train_influence"])


def market_goods(state: ZState, market: MarketState, slot: int) -> str:
    """Goods type shown next to influence slot ``slot`` (0=N … 3=W) of a market's demand tile."""
    sides = tables().demand[market.tile]
    return sides[(slot - market.rotation) % 4]


def region_influence(state: ZState, seat: int, region: str) -> int:
    """A player's influence in a region (rulebook: Influence scoring, step 1): tokens + trains if
    ≥ 1 token there."""
    if state.automa is not None and seat == 1:
        from .automa import automa_influence

        return automa_influence(state, region)
    tokens = sum(
        s[1] for m in state.markets if m.region == region for s in m.slots if s is not None and s[0] == seat
    )
    if tokens == 0:
        return 0
    trains = sum(1 for s in state.trains[region] if s == seat)
    return tokens + trains * per_train_influence(state.players[seat])


def sources_text(sources: tuple[int, ...]) -> str:
    """Notation for goods sources: factory slot numbers (1-based), one per good, ``2.2.5``."""
    return ".".join(str(s) for s in sources)


def parse_sources(text: str) -> tuple[int, ...]:
    """Inverse of :func:`sources_text`."""
    return tuple(int(x) for x in str(text).split("."))


def goods_distributions(p: Player, goods_type: str, n: int) -> list[tuple[int, ...]]:
    """Ways to take ``n`` goods of one type from a player's factories (docs/rules-notes.md G-3:
    mixing allowed)."""
    stocks = [(i + 1, f.goods) for i, f in enumerate(p.factories) if f.goods_type == goods_type and f.goods]
    out = []
    for combo in itertools.combinations_with_replacement([s for s, _ in stocks], n):
        ok = all(combo.count(s) <= g for s, g in stocks)
        if ok:
            out.append(combo)
    return out


def take_goods(p: Player, sources: tuple[int, ...]) -> None:
    """Remove one good from each listed factory slot (1-based)."""
    for s in sources:
        p.factories[s - 1].goods -= 1


def workforce_slots() -> int:
    """Number of workforce slots on a player board."""
    return tables().n["workforce_slots"]


# ------------------------------------------------------------------------------------------------
# Tracks, bonuses, departments
# ------------------------------------------------------------------------------------------------


def move_track(p: Player, track: str, steps: int) -> list[dict[str, Any]]:
    """Move a track marker by ``steps`` (negative = back; never past either end: rulebook, Basic
    concepts, p. 7).

    Returns the ops of the bonuses reached or passed (forward moves only).
    """
    spaces = tables().track[track]
    old = getattr(p, track)
    new = max(1, min(len(spaces), old + steps))
    setattr(p, track, new)
    ops: list[dict[str, Any]] = []
    for s in spaces[old:new]:  # spaces old+1 .. new
        if s.bonus is not None:
            ops.extend(bonus_ops(s.bonus))
    return ops


def bonus_ops(bonus: Any) -> list[dict[str, Any]]:
    """Translate a :class:`~.data.Bonus` into effect ops."""
    ops: list[dict[str, Any]] = []
    gains = {k: getattr(bonus, k) for k in ("money", "coal", "silk", "iron", "vp") if getattr(bonus, k)}
    if gains:
        ops.append({"op": "gain", **gains})
    for track in ("rd", "mining", "finance"):
        if getattr(bonus, track):
            ops.append({"op": "track", "track": track, "steps": getattr(bonus, track)})
    if bonus.dept:
        ops.append({"op": "dept", "colour": bonus.dept})
    if bonus.dept_any:
        ops.append({"op": "dept_any"})
    if bonus.unlock:
        ops.append({"op": "unlock", "value": bonus.unlock})
    return ops


def area_bonus_ops(p: Player, before: tuple[int, int, int]) -> list[dict[str, Any]]:
    """Ops of ship/machine/train area bonuses newly uncovered (rulebook: Bonuses: both slots empty)."""
    t = tables()
    after = (p.ships, p.machines, p.trains)
    ops: list[dict[str, Any]] = []
    for col in range(1, 7):
        for between, (a, b) in (("ships-machines", (0, 1)), ("machines-trains", (1, 2))):
            was = before[a] >= col and before[b] >= col
            now = after[a] >= col and after[b] >= col
            if now and not was:
                ops.extend(bonus_ops(t.area_bonus[(between, col)]))
    return ops


def dept_yield(p: Player, colour: str) -> Any:
    """The department's normal or upgraded yield (rulebook: Department bonuses, p. 13)."""
    dep = tables().departments[colour]
    return dep.upgraded if colour in p.upgraded else dep.normal


# ------------------------------------------------------------------------------------------------
# Decisions
# ------------------------------------------------------------------------------------------------

ACTION_NAMES = {
    "rd": T("action", "R&D"),
    "mining": T("action", "Mining"),
    "factory": T("action", "Build factory"),
    "machines": T("action", "Machines"),
    "production": T("action", "Production"),
    "ships": T("action", "Ships"),
    "trains": T("action", "Railways"),
    "markets": T("action", "Local markets"),
    "investments": T("action", "Investments & contracts"),
}

#: What a seat is asked at a choice frame (``what``); completed as "{who}: {prompt}".
CHOICE_PROMPTS = {
    "dept_any": M("choose any department bonus"),
    "dept_choice": M("choose one of the offered department bonuses"),
    "white": M("choose how the white (Innovation) bonus moves your tracks"),
    "spread": M("choose the factories that receive one good each"),
    "trade": M("you may move Finance back 2 to advance Mining 2"),
    "region": M("choose the region whose bonus you gain"),
    "old_side": M("choose the side of your old factory"),
    "a6": M("choose the colour of the worker you take from the bag"),
    "prestige": M("choose a prestige tile and the goal slot for it"),
    "protect": M("choose what to keep from taxes (up to 3 money/coal)"),
    "payday": M("payday: pay (or convert silk to money first)"),
    "final_convert": M("convert silk to money for final scoring, or done"),
    "mod_end": M("choose which factory modifies this action"),
    "reward": M("choose your common-goal reward"),
}
#: Prompts of a free build (``build``) and a paid extra build (``extra``), by the piece built.
BUILD_PROMPTS = {
    "ship": M("choose where the free ship goes"),
    "train": M("choose where the free train goes"),
    "machine": M("choose where the free machine goes"),
    "any": M("choose where the free ship, machine or train goes"),
}
EXTRA_PROMPTS = {
    "ship": M("you may pay for one more ship (or skip)"),
    "train": M("you may pay for one more train (or skip)"),
    "machine": M("you may pay for one more machine (or skip)"),
    "any": M("you may pay for one more ship, machine or train (or skip)"),
}
#: The prompt of each kind of random event (chance frame ``what``).
CHANCE_PROMPTS = {
    "draw": M("Random event: a worker is drawn from the bag."),
    "demand": M("Random event: a demand tile is drawn for a city."),
    "rotate": M("Random event: a demand tile is turned."),
    "factories": M("Random event: factories are drawn for the display."),
    "side": M("Random event: the side of a factory tile is drawn."),
    "modern": M("Random event: modern factories are drawn for the display."),
    "common": M("Random event: a common goal is drawn."),
    "first": M("Random event: the start player is drawn."),
    "pairA": M("Random event: a start tile A is drawn."),
    "pairB": M("Random event: a start tile B is drawn."),
    "regioncolour": M("Random event: a worker is drawn to mark a region."),
    "priority": M("Random event: a worker is drawn for the priority row."),
    "goal": M("Random event: a solo goal is drawn."),
    "reveal": M("{who} reveals an action tile", who=T("name", "Takatoshi")),
}


def choice_prompt(f: dict[str, Any]) -> str:
    """The prompt (without the name) of choice frame ``f``."""
    what = f["what"]
    if what == "build":
        return BUILD_PROMPTS[f.get("what_build", "any")]
    if what == "extra":
        return EXTRA_PROMPTS[f.get("what_build", "any")]
    return CHOICE_PROMPTS[what]


#: The decision once the game is over, and the decision of each kind of random event (decisions
#: are immutable, so :func:`decision` hands out these shared objects).
_OVER = Decision(None, "over", M("The game is over."))
_CHANCE_DECISIONS = {what: Decision(CHANCE, "chance", prompt) for what, prompt in CHANCE_PROMPTS.items()}


def decision(state: ZState) -> Decision:
    """Who acts now and on what (see :class:`engine.core.Decision`); the prompt is a Msg."""
    if state.over or not state.stack:
        return _OVER
    f = state.stack[-1]
    k = f["k"]
    if k == "chance":
        return _CHANCE_DECISIONS[f["what"]]
    seat = f["seat"]
    who = _TAKATOSHI if state.automa is not None and seat == 1 else PLAYER_NAMES[state.players[seat].colour]
    if k == "draft":
        return _decision(who, seat, "draft", "draft")
    if k == "turn":
        return _decision(who, seat, "turn", "turn")
    if k == "act":
        return _decision(who, seat, "activation", "act", f["action"], f["n"] + 1)
    if k == "choose":
        return _decision(who, seat, f["what"], "choose", f["what"], f.get("what_build", "any"))
    raise AssertionError(f"frame {k} is not a decision")


@lru_cache(maxsize=2048)
def _decision(who: str, seat: int, kind: str, k: str, what: str = "", extra: Any = None) -> Decision:
    """A player's decision (cached: decisions and their prompts are immutable, and a search asks often)."""
    if k in ("draft", "turn"):
        return Decision(seat, kind, _prompt(who, k))
    return Decision(seat, kind, _prompt(who, k, what, extra))


@lru_cache(maxsize=512)
def _prompt(who: str, k: str, what: str = "", extra: Any = None) -> str:
    """The prompt of a decision frame (cached: a prompt is an immutable Msg, and selfplay asks often)."""
    if k == "draft":
        prompt = M("choose a start-tile pair")
    elif k == "turn":
        prompt = M("take a worker for an action, or consolidate")
    elif k == "act":
        prompt = M("{action} — activation {number} (or done)", action=ACTION_NAMES[what], number=extra)
    else:
        prompt = choice_prompt({"what": what, "what_build": extra})
    # i18n: A decision: who acts, then what they are asked ("Purple: choose a start-tile pair").
    return M("{who}: {prompt}", who=who, prompt=prompt)


# ------------------------------------------------------------------------------------------------
# Chance
# ------------------------------------------------------------------------------------------------


def chance_outcomes(state: ZState) -> list[Outcome]:
    """Weighted outcomes of the pending chance decision (empty if not a chance decision)."""
    if state.over or not state.stack or state.stack[-1]["k"] != "chance":
        return []
    t = tables()
    f = state.stack[-1]
    what = f["what"]
    if what == "draw":
        out = []
        for c, n in state.bag.items():
            if n > 0:
                out.append(_outcome(c, n))
        return out
    if what == "demand":
        used = {m.tile for m in state.markets if m.tile}
        return [_outcome(d, 1) for d in sorted(t.demand) if d not in used]
    if what == "rotate":
        return [_outcome(f"r{r}", 1) for r in range(4)]
    if what == "factories":
        return list(_display_draws(f["goods"], t.count(state.options.players).factories_per_type))
    if what == "side":
        return [_outcome(s, 1) for s in ("A", "B")]
    if what == "first":
        return [_outcome(f"seat{i + 1}", 1) for i in range(state.options.players)]
    if what == "regioncolour":
        a = state.automa
        assert a is not None
        return [_outcome(c, 1) for c in COLOURS if c not in a.region_colours.values()]
    if what == "priority":
        a = state.automa
        assert a is not None
        return [_outcome(c, 1) for c in COLOURS if c not in a.priority]
    if what == "goal":
        a = state.automa
        assert a is not None
        return [_outcome(g.id, 1) for g in t.data.solo_goals if g.id not in a.goals.values()]
    if what == "reveal":
        a = state.automa
        assert a is not None
        return [_outcome(tile, 1) for tile in sorted(a.deck)]
    if what == "modern":
        return list(_display_draws(None, t.count(state.options.players).modern_factories))
    if what == "common":
        used = {g for goals in state.common_goals.values() for g in goals}
        return [_outcome(g.id, 1) for g in t.data.common_goals if g.id not in used]
    if what in ("pairA", "pairB"):
        side = what[-1]
        used = {x for pair in state.start_pairs for x in pair}
        ids = sorted(s.id for s in t.data.start_tiles if s.side == side and s.id not in used)
        return [_outcome(i, 1) for i in ids]
    raise AssertionError(what)


@components.data_cached("zaibatsu", 64)
def _display_draws(goods: str | None, k: int) -> tuple[Outcome, ...]:
    """The outcomes of drawing ``k`` factory tiles of ``goods`` (``None``: the modern factories) for
    the display: every combination, equally likely (the same for every game: cached)."""
    if goods is None:
        tiles = sorted({s.tile for s in tables().data.factories if s.modern})
    else:
        tiles = sorted({s.tile for s in tables().data.factories if s.goods == goods and not s.modern})
    return tuple(_outcome("+".join(c), 1) for c in itertools.combinations(tiles, k))


@lru_cache(maxsize=4096, typed=True)
def _outcome(value: str, weight: int) -> Outcome:
    """The chance outcome ``value`` with ``weight`` (outcomes are immutable: one shared object each)."""
    return Outcome(act("chance", value), weight)


def forced_chance(state: ZState, f: dict[str, Any]) -> bool:
    """Whether the chance frame ``f`` on top of the stack has a single outcome (no random event).

    Same answer as ``len(chance_outcomes(state)) == 1`` without building the outcomes of the
    frequent frames (a worker drawn from the bag, a demand tile turned, a factory side).
    """
    if state.over:
        return False  # chance_outcomes offers nothing once the game is over
    what = f["what"]
    if what == "draw":
        colours = 0
        for n in state.bag.values():
            if n > 0:
                colours += 1
                if colours > 1:
                    return False
        return colours == 1
    if what in ("rotate", "side"):
        return False  # always 4 rotations / 2 sides
    return len(chance_outcomes(state)) == 1


def apply_chance(state: ZState, f: dict[str, Any], value: str, events: list[Event] | None) -> None:
    """Apply a chance outcome to the state."""
    t = tables()
    what = f["what"]
    if what == "draw":
        state.bag[value] -= 1
        target = state.hiring if f["to"] == "hiring" else state.waiting
        target[f["index"]].append(value)
        if events is not None:
            if f["to"] == "hiring":
                text = M("A {colour} worker is drawn onto hiring space {space}.", colour=WORKER_COLOURS[value],
                         space=f["index"] + 1)
            else:
                text = M("A {colour} worker is drawn onto waiting row {row}.", colour=WORKER_COLOURS[value],
                         row=f["index"] + 1)
            ev(events, "draw", CHANCE, text, colour=value, to=f["to"], index=f["index"])
    elif what == "demand":
        state.markets[f["city"]].tile = value
        if events is not None:
            ev(events, "demand", CHANCE, M("Demand tile {tile} goes to market {market}.", tile=value,
                                           market=state.markets[f["city"]].id))
    elif what == "rotate":
        state.markets[f["city"]].rotation = int(value[1:])
    elif what == "factories":
        picked = value.split("+")
        if state.options.first_game:
            # Rulebook: Common setup, factory display (docs/rules-notes.md D-17): all side A in a first game.
            state.display.extend(f"{tile}A" for tile in picked)
        else:
            for tile in reversed(picked):
                state.stack.append({"k": "chance", "what": "side", "tile": tile})
        if events is not None:
            ev(events, "factories", CHANCE, M("Factories in the display: {tiles}.", tiles=", ".join(picked)))
    elif what == "side":
        state.display.append(f"{f['tile']}{value}")
    elif what == "modern":
        picked = value.split("+")
        if state.options.first_game:
            state.display.extend(f"{tile}A" for tile in picked)  # side A in a first game, like the others
        else:
            for tile in reversed(picked):
                state.stack.append({"k": "chance", "what": "side", "tile": tile})
        if events is not None:
            ev(events, "factories", CHANCE, M("Modern factories in the display: {tiles}.",
                                              tiles=", ".join(picked)))
    elif what == "common":
        state.common_goals.setdefault(str(f["period"]), []).append(value)
        if events is not None:
            ev(events, "common_goal", CHANCE, M("Common goal {goal} for period {period}.", goal=value,
                                                period=f["period"]))
    elif what == "regioncolour":
        assert state.automa is not None
        state.automa.region_colours[f["region"]] = value
        if events is not None:
            ev(events, "solo", CHANCE, M("A {colour} worker marks {region}.", colour=WORKER_COLOURS[value],
                                         region=region_name(f["region"])))
    elif what == "priority":
        assert state.automa is not None
        state.automa.priority.append(value)
        if len(state.automa.priority) == len(COLOURS) and events is not None:
            ev(events, "solo", CHANCE, M("{who}'s priority row: {colours}.", who=T("name", "Takatoshi"),
                                         colours=listing([WORKER_COLOURS[c] for c in state.automa.priority])))
    elif what == "goal":
        a = state.automa
        assert a is not None
        slots = sorted(t.n["solo_goal_slots"], key=lambda c: t.n["solo_goal_slots"][c])
        slot = slots[len(a.goals)]
        a.goals[slot] = value
        goal = next(g for g in t.data.solo_goals if g.id == value)
        if events is not None:
            ev(events, "solo", CHANCE, M("Solo goal ({slot} slot): {goal}", slot=SOLO_SLOT_NAMES[slot],
                                         goal=T("solo goal", goal.text)))
    elif what == "reveal":
        from .automa import automa_turn

        automa_turn(state, value, events)
    elif what == "first":
        state.first_player = int(value[4:]) - 1
        if events is not None:
            ev(events, "first", CHANCE, M("{who} is the start player.", who=name(state, state.first_player)))
    elif what == "pairA":
        state.start_pairs.append([value])
    elif what == "pairB":
        state.start_pairs[f["pair"]].append(value)
        a, b = state.start_pairs[f["pair"]]
        if events is not None:
            ev(events, "pair", CHANCE, M("Start-tile pair {pair}: {a} ({a_text}) + {b} ({b_text})",
                                         pair=f["pair"] + 1, a=a, a_text=start_text(a), b=b, b_text=start_text(b)))


# ------------------------------------------------------------------------------------------------
# Legal actions
# ------------------------------------------------------------------------------------------------


def legal_actions(state: ZState) -> list[Action]:
    """Every legal action at the current decision (chance: every possible outcome)."""
    if state.over or not state.stack:
        return []
    f = state.stack[-1]
    k = f["k"]
    if k == "chance":
        return [o.action for o in chance_outcomes(state)]
    p = state.players[f["seat"]]
    if k == "draft":
        return [act("pair", a, b) for a, b in state.start_pairs]
    if k == "turn":
        return turn_actions(state, p)
    if k == "act":
        acts = activations(state, p, f)
        if f["n"] > 0:
            acts.append(_DONE)
        return acts
    if k == "choose":
        return choice_actions(state, p, f)
    raise AssertionError(k)


#: Actions without arguments (immutable: shared by every list of legal actions).
_DONE = act("done")
_CONSOLIDATE = act("consolidate")


def turn_actions(state: ZState, p: Player) -> list[Action]:
    """Legal turn choices (rulebook: Gameplay): take a worker for an action, or consolidate."""
    t = tables()
    out: list[Action] = []
    if len(p.workforce) < t.n["workforce_slots"]:
        for h, space in enumerate(state.hiring):
            if not space:
                continue
            colours: list[str] | None = None
            for action in t.hiring_actions[h]:
                # A fresh frame is below every activation limit; the worker is not placed yet.
                if _CAN_ACTIVATE[action](state, p, _probe(p.seat, action), 1):
                    if colours is None:
                        colours = sorted(set(space))
                    out.extend(map(_takes(h + 1, action).__getitem__, colours))
    if p.workforce or (state.options.empty_consolidation and not out):
        # Rulebook: Gameplay (consolidate); rule gap docs/rules-notes.md G-1: with an empty workforce
        # and no legal action the engine allows an (empty) consolidation — a house rule, on by default.
        out.append(_CONSOLIDATE)
    return out


@cache
def _takes(space: int, action: str) -> dict[str, Action]:
    """The actions "take a worker of each colour from hiring ``space`` for ``action``", by colour.

    Actions are immutable and compare by value, so legal-action lists share these objects.
    """
    return {c: Action("take", (space, action, c)) for c in COLOURS}


@cache
def _probe(seat: int, action: str) -> dict[str, Any]:
    """The frame of ``action`` not started yet, to ask :func:`can_activate` whether it may be taken.

    Shared between calls: :func:`can_activate` and :func:`activations` only read their frame.
    """
    return new_act_frame(seat, action, "")


def new_act_frame(seat: int, action: str, worker: str) -> dict[str, Any]:
    """A fresh frame for an action in progress."""
    return {
        "k": "act", "seat": seat, "action": action, "worker": worker, "n": 0, "used": [],
        "types": [], "levels": [], "contracts": [], "mod": 0, "produced": [], "region": None,
    }


def modifier_slots(p: Player, action: str) -> list[int]:
    """1-based factory slots whose side is an action modifier of ``action``."""
    modifier_action = tables().modifier_action
    out = []
    for i, f in enumerate(p.factories):  # a loop: cheaper than a comprehension in this hot path
        if modifier_action.get(f.side) == action:
            out.append(i + 1)
    return out


def triggered(p: Player, frame: dict[str, Any], slot: int, trigger_ctx: dict[str, Any]) -> bool:
    """Does the modifier of factory ``slot`` trigger in this activation (``trigger_ctx``)?"""
    side = tables().sides[p.factories[slot - 1].side]
    trig = side.trigger
    n = frame["n"]
    if trig == "activation":
        return True
    if trig in ("machine_here", "produce_here"):
        return trigger_ctx.get("factory") == slot
    contract = trigger_ctx.get("contract", False)
    if trig == "contract":
        return contract
    if trig == "first_contract":
        return contract and n == 0
    if trig == "first_two_contracts":
        return contract and n == 1 and bool(frame["contracts"]) and frame["contracts"][0]
    return False  # action_end: resolved when the action ends


def mod_variants(p: Player, frame: dict[str, Any], trigger_ctx: dict[str, Any]) -> list[int]:
    """Modifier choices for one activation: 0 = none, else the factory slot used now.

    One modifier per action (rulebook: Factory action, factory effects; docs/rules-notes.md D-12).
    With a single modifier factory for this action its effect is always applied when it triggers (it
    only ever gains); with several, the player chooses which one to use now, or none to keep the
    action's modifier for later.
    """
    if frame["mod"]:
        return [0]
    slots = modifier_slots(p, frame["action"])
    now = [s for s in slots if triggered(p, frame, s, trigger_ctx)]
    if not now:
        return [0]
    if len(slots) == 1:
        return now
    return [0, *now]


def mod_has(p: Player, slot: int, op: str) -> Any:
    """The op ``op`` of factory ``slot``'s side, or ``None``."""
    if not slot:
        return None
    for o in tables().sides[p.factories[slot - 1].side].ops:
        if o.op == op:
            return o
    return None


def activations(state: ZState, p: Player, f: dict[str, Any], extra_workers: int = 0) -> list[Action]:
    """Legal activations of the action in frame ``f`` (rulebook: Actions, pp. 9–16). ``extra_workers``
    = 1 when probing whether an action may be taken (the action worker is not placed yet)."""
    t = tables()
    action = f["action"]
    n_done = f["n"]
    limit = 1 if action in ("rd", "mining", "factory") else t.n["activation_limit"]
    if n_done >= limit:
        return []
    out: list[Action] = []
    if action in ("rd", "mining"):
        costs = t.n["rd_step_costs" if action == "rd" else "mining_step_costs"]
        # A marker on the last space stays there (rulebook: Basic concepts, p. 7; German "passiert
        # stattdessen nichts"); the action can still be activated (paying its cost), so it is not
        # excluded here.
        mods = mod_variants(p, f, {})
        for i, cost in enumerate(costs):
            if money_like(p) >= cost:
                for m in mods:
                    out.append(act(action, i + 1, m))
        return out
    if action == "factory":
        if len(p.factories) >= t.n["factory_slots"]:
            return []  # docs/rules-notes.md G-2: no empty factory slot, no Factory action.
        cost = t.n["factory_cost"]
        if p.start_a and t.start[p.start_a].effect == "cheap_factory":
            cost -= t.n["cheap_factory_discount"]
        boosts = [0, *t.n["silk_boost_costs"]]
        for side_id in state.display:
            need = t.goods[t.sides[side_id].goods].rd_required
            for steps, silk in enumerate(boosts):
                if p.rd + steps >= need and p.silk >= silk and p.money + p.silk - silk >= cost:
                    out.append(act("factory", side_id, silk))
        return out
    if action == "machines":
        if p.machines >= 6:
            return []
        extra = t.n["machine_right_slot_extra"]
        for i, fac in enumerate(p.factories):
            slot = i + 1
            if fac.side == "old" or slot in f["used"]:
                continue  # docs/rules-notes.md G-10: the old factory has no machine slots.
            for lr in (0, 1):
                if fac.machines[lr]:
                    continue
                iron = extra.get("iron", 0) if lr == 1 else 0
                money = t.n["machine_cost"] + (extra.get("money", 0) if lr == 1 else 0)
                if money_like(p) >= money and p.iron >= iron:
                    for m in mod_variants(p, f, {"factory": slot}):
                        out.append(act("machine", slot, "LR"[lr], m))
        return out
    if action == "production":
        for i, fac in enumerate(p.factories):
            slot = i + 1
            if fac.side == "old" or slot in f["used"]:
                continue  # Rulebook: Start tiles A, A5: the old factory never produces.
            base = t.goods[fac.goods_type].production_coal
            for m in mod_variants(p, f, {"factory": slot}):
                red = mod_has(p, m, "reduce_production_coal")
                cost = max(0, base - (red.n if red else 0))
                if coal_total(p) >= cost:
                    out.append(act("produce", slot, m))
        return out
    if action in ("ships", "trains"):
        return transport_options(state, p, action, f, extra_workers, pay_modes=PAYS)
    if action == "markets":
        return market_options(state, p, f)
    if action == "investments":
        return investment_options(state, p, f)
    raise AssertionError(action)


def can_activate(state: ZState, p: Player, f: dict[str, Any], extra_workers: int = 0) -> bool:
    """Whether :func:`activations` would be non-empty (fast existence checks; same rules).

    Each check stops at the first legal activation it finds; ``tests/zaibatsu/test_fast_paths.py``
    checks that the answer agrees with the full enumeration at every decision of random games.
    """
    action = f["action"]
    if f["n"] >= tables().activation_limit[action]:
        return False
    return _CAN_ACTIVATE[action](state, p, f, extra_workers)


def _can_step(state: ZState, p: Player, f: dict[str, Any], extra_workers: int) -> bool:
    """R&D or Mining: the cheapest step is affordable (a marker on the last space still activates)."""
    return p.money + p.silk >= tables().min_step_cost[f["action"]]


def _can_pay_transport(t: Tables, p: Player) -> bool:
    """Whether a ship or train of the Ships/Railways action is affordable (in iron, or money and iron)."""
    money = p.money + p.silk
    for iron, cost in t.transport_costs:  # noqa: SIM110 - a loop: cheaper than any() in this hot path
        if p.iron >= iron and money >= cost:
            return True
    return False


def _can_ship(state: ZState, p: Player, f: dict[str, Any], extra_workers: int) -> bool:
    """Ships: affordable, a ship and a workforce slot (for the expert) left, a destination open."""
    t = tables()
    if p.ships >= 6 or len(p.workforce) + extra_workers >= t.n["workforce_slots"] or not _can_pay_transport(t, p):
        return False
    used = f["used"]
    limit = t.count(state.options.players).ship_slots
    experts, ships = state.experts, state.ships
    for dest in t.dest_ids:  # noqa: SIM110 - a loop: cheaper than any() in this hot path
        if experts[dest] and len(ships[dest]) < limit and dest not in used:
            return True
    return False


def _can_train(state: ZState, p: Player, f: dict[str, Any], extra_workers: int) -> bool:
    """Railways: affordable, a train left, an open train slot in a region not used by this action."""
    t = tables()
    if p.trains >= 6 or not _can_pay_transport(t, p):
        return False
    used = f["used"]
    slots = t.open_train_slots[state.options.players]
    for r in t.region_ids:
        if r not in used:
            row = state.trains[r]
            for i in slots:
                if row[i] is None:
                    return True
    return False


def _can_invest(state: ZState, p: Player, f: dict[str, Any], extra_workers: int) -> bool:
    """Investments: ``n + 1`` goods of a type not invested yet in this action."""
    k = f["n"] + 1
    types = f["types"]
    for goods, n in _goods_stock(p).items():  # noqa: SIM110 - a loop: cheaper than any() in this hot path
        if n >= k and goods not in types:
            return True
    return False


def _goods_stock(p: Player) -> dict[str, int]:
    """Goods per type over all of a player's factories (:func:`goods_of` of every type at once)."""
    stock = dict.fromkeys(GOODS, 0)
    for fac in p.factories:
        if fac.goods and fac.goods_type in stock:
            stock[fac.goods_type] += fac.goods
    return stock


@components.data_cached("zaibatsu", 256)
def _easiest_factory(display: tuple[str, ...]) -> int:
    """The least R&D any factory side of ``display`` needs (the display changes rarely: cached)."""
    side_rd = tables().side_rd
    return min(side_rd[side_id] for side_id in display)


def _can_build_factory(state: ZState, p: Player, f: dict[str, Any], extra_workers: int) -> bool:
    """Factory: a free factory slot and a side of the display within (silk-boosted) R&D and money."""
    t = tables()
    if len(p.factories) >= t.n["factory_slots"] or not state.display:
        return False
    cost = t.n["factory_cost"]
    if p.start_a and t.start[p.start_a].effect == "cheap_factory":
        cost -= t.n["cheap_factory_discount"]
    # The side needing the least R&D is the easiest one; silk may raise R&D for this build.
    need = _easiest_factory(tuple(state.display))
    for steps, silk in enumerate(t.silk_boosts):
        if p.rd + steps >= need and p.silk >= silk and p.money + p.silk - silk >= cost:
            return True
    return False


def _can_build_machine(state: ZState, p: Player, f: dict[str, Any], extra_workers: int) -> bool:
    """Machines: a machine left and an affordable free machine slot on an unused factory."""
    if p.machines >= 6:
        return False
    t = tables()
    extra = t.n["machine_right_slot_extra"]
    cost = t.n["machine_cost"]
    left = p.money + p.silk >= cost and p.iron >= 0
    right = p.money + p.silk >= cost + extra.get("money", 0) and p.iron >= extra.get("iron", 0)
    if not (left or right):
        return False
    used = f["used"]
    for i, fac in enumerate(p.factories):
        if fac.side == "old" or i + 1 in used:
            continue
        if (left and not fac.machines[0]) or (right and not fac.machines[1]):
            return True  # every machine slot offers at least one modifier variant
    return False


def _can_produce(state: ZState, p: Player, f: dict[str, Any], extra_workers: int) -> bool:
    """Production: an unused factory (not the old one) whose coal cost, with a modifier, is payable."""
    t = tables()
    coal = coal_total(p)
    # Without a modifier factory for production (or with the action's modifier used) the only
    # variant is "no modifier", at the full coal cost.
    plain = bool(f["mod"]) or not modifier_slots(p, "production")
    used = f["used"]
    for i, fac in enumerate(p.factories):
        slot = i + 1
        if fac.side == "old" or slot in used:
            continue
        base = t.production_coal[fac.goods_type]
        if plain:
            if coal >= max(0, base):
                return True
            continue
        for m in mod_variants(p, f, {"factory": slot}):
            red = mod_has(p, m, "reduce_production_coal")
            if coal >= max(0, base - (red.n if red else 0)):
                return True
    return False


def _can_place_token(state: ZState, p: Player, f: dict[str, Any], extra_workers: int) -> bool:
    """Local Markets: a slot whose goods, token value and placement rule allow an influence token.

    Enough goods of a type always give at least one way to take them (:func:`goods_distributions`),
    so the slot is enough.
    """
    stock = _goods_stock(p)
    if not any(stock.values()):
        return False
    t = tables()
    region = f["region"]
    tokens = p.tokens
    for market in state.markets:
        if region and market.region != region:
            continue
        for slot, goods in enumerate(t.slot_goods[market.tile, market.rotation % 4]):
            have = stock[goods]
            if not have:
                continue
            values = t.goods_influence[goods]
            for n in range(min(3, have)):
                value = values[n]
                if value in tokens and market_slot_check(state, market, slot, value)[0]:
                    return True
    return False


#: The existence check of each action (:func:`can_activate`, once the activation limit is checked).
_CAN_ACTIVATE = {
    "rd": _can_step,
    "mining": _can_step,
    "factory": _can_build_factory,
    "machines": _can_build_machine,
    "production": _can_produce,
    "ships": _can_ship,
    "trains": _can_train,
    "markets": _can_place_token,
    "investments": _can_invest,
}


def transport_options(
    state: ZState, p: Player, action: str, f: dict[str, Any] | None, extra_workers: int,
    pay_modes: tuple[str, ...], exclude: tuple[str, ...] = (), cost: dict[str, int] | None = None,
) -> list[Action]:
    """Ship or train placements (rulebook: Building a ship, p. 12; Building a train, p. 13) for an
    activation or a free/extra build.

    ``pay_modes``: ``iron``/``money`` (action costs), ``free`` or ``extra`` (effect costs in ``cost``).
    """
    t = tables()
    pc = t.count(state.options.players)
    out: list[Action] = []
    used = (f["used"] if f else []) + list(exclude)
    pays = []
    for mode in pay_modes:
        if mode in ("iron", "money"):
            c = t.n["transport_cost_iron" if mode == "iron" else "transport_cost_money"]
            if p.iron >= c.get("iron", 0) and money_like(p) >= c.get("money", 0):
                pays.append(mode)
        elif mode == "extra":
            c = cost or {}
            if (p.iron >= c.get("iron", 0) and money_like(p) >= c.get("money", 0)
                    and p.finance - c.get("finance", 0) >= 1):
                pays.append(mode)
        else:
            pays.append(mode)
    if not pays:
        return out
    if action == "ships":
        if p.ships >= 6 or len(p.workforce) + extra_workers >= workforce_slots():
            return out  # Rulebook: Building a ship, p. 12: the expert needs a free workforce slot.
        mods = mod_variants(p, f, {}) if f else [0]
        for d in t.destinations:
            if d.id in used or not state.experts[d.id] or len(state.ships[d.id]) >= pc.ship_slots:
                continue
            for pay in pays:
                for m in mods:
                    out.append(act("ship", d.id, pay, m))
        return out
    if p.trains >= 6:
        return out
    mods = mod_variants(p, f, {}) if f else [0]
    open_slots = t.open_train_slots[state.options.players]
    for r in t.region_ids:
        if r in used:
            continue
        row = state.trains[r]
        for i in open_slots:
            if row[i] is not None:
                continue
            for pay in pays:
                for m in mods:
                    out.append(act("train", r, i + 1, pay, m))
    return out


def market_slot_check(state: ZState, market: MarketState, slot: int, value: int) -> tuple[bool, tuple[int, ...]]:
    """Can a token of ``value`` go on ``slot`` of ``market`` (rulebook: Local Markets action, p. 14)?

    Returns ``(ok, evict_choices)``: slots whose (lowest) token the placer may return when the
    market is at its limit (empty when nothing must be returned). The placement rule is the shared
    :func:`engine.core.majority.placement` (replace only a strictly lower token, own tokens included;
    docs/rules-notes.md D-5, D-8: a full market's empty slot must beat the market's lowest token).
    """
    limit = tables().count(state.options.players).market_limit
    return placement([s[1] if s is not None else None for s in market.slots], slot, value, limit)


def market_options(state: ZState, p: Player, f: dict[str, Any]) -> list[Action]:
    """Local Markets activations (rulebook: Local Markets action, p. 14): all in one region, exact token
    value, slot rules."""
    t = tables()
    out: list[Action] = []
    stock = _goods_stock(p)
    if not any(stock.values()):
        return out
    sources: dict[tuple[str, int], list[str]] = {}  # (goods, n) -> the ways to take them, as notation
    for market in state.markets:
        if f["region"] and market.region != f["region"]:
            continue
        for slot, goods in enumerate(t.slot_goods[market.tile, market.rotation % 4]):
            if not stock[goods]:
                continue
            values = t.goods_influence[goods]
            for n in (1, 2, 3):
                value = values[n - 1]
                if n > stock[goods] or value not in p.tokens:
                    continue
                ok, evicts = market_slot_check(state, market, slot, value)
                if not ok:
                    continue
                srcs = sources.get((goods, n))
                if srcs is None:
                    srcs = sources[goods, n] = [sources_text(src) for src in goods_distributions(p, goods, n)]
                for src_text in srcs:
                    for reward in ("bonus", "vp"):
                        for e in evicts or [None]:
                            out.append(act("market", market.id, DIRS[slot], src_text, reward,
                                           DIRS[e] if e is not None else "-"))
    return out


def investment_options(state: ZState, p: Player, f: dict[str, Any]) -> list[Action]:
    """Investments & Contracts activations (rulebook: Investments & Contracts action): k goods of a new
    type; Finance +2 or a contract."""
    t = tables()
    k = f["n"] + 1
    out: list[Action] = []
    slots_free = len(p.contracts_done) < t.n["contract_slots"]
    # The modifier variants depend only on whether the activation fulfils a contract.
    mods = {False: mod_variants(p, f, {"contract": False}), True: mod_variants(p, f, {"contract": True})}
    for goods in GOODS:
        if goods in f["types"]:
            continue
        level = t.goods[goods].level
        for src in goods_distributions(p, goods, k):
            rewards: list[str] = ["finance"]
            if slots_free:
                for cid in p.contracts:
                    req = t.contracts[cid].requires_level
                    # docs/rules-notes.md G-11: goods spent in earlier activations of this action
                    # and in this one.
                    if req is None or req in (*f["levels"], level):
                        rewards.append(cid)
            src_text = sources_text(src)
            for r in rewards:
                for m in mods[r != "finance"]:
                    out.append(act("invest", src_text, r, m))
    return out


#: Choices that always offer something (a fixed list, or "skip" / "pay" / "done" among the options).
_ALWAYS_CHOICES = frozenset({"dept_any", "white", "extra", "trade", "old_side", "payday", "final_convert"})


def has_choice(state: ZState, f: dict[str, Any]) -> bool:
    """Whether the choice frame ``f`` on top of the stack offers any action (``bool(legal_actions)``)."""
    if state.over:
        return False
    if f["what"] in _ALWAYS_CHOICES:
        return True
    return bool(choice_actions(state, state.players[f["seat"]], f))


def choice_actions(state: ZState, p: Player, f: dict[str, Any]) -> list[Action]:
    """Legal actions of an effect/consolidation choice frame."""
    what = f["what"]
    if what == "dept_any":
        return [act("dept", c) for c in COLOURS]
    if what == "dept_choice":
        return [act("dept", c) for c in f["colours"]]
    if what == "white":
        if f["steps"] >= 2:
            return [act("white", "rd2"), act("white", "mining2"), act("white", "both")]
        return [act("white", "rd"), act("white", "mining")]
    if what == "build":
        return build_options(state, p, f["what_build"], f, "free")
    if what == "extra":
        return [*build_options(state, p, f["what_build"], f, "extra"), act("skip")]
    if what == "spread":
        k = min(f["n"], len(p.factories))
        return [act("spread", sources_text(c)) for c in itertools.combinations(range(1, len(p.factories) + 1), k)]
    if what == "trade":
        return [act("trade", "yes"), act("trade", "no")]
    if what == "region":
        return [act("region", r) for r in f["regions"]]
    if what == "old_side":
        return [act("side", "paper"), act("side", "cotton")]
    if what == "a6":
        return [act("worker", c) for c in COLOURS if state.bag[c] > 0]
    if what == "prestige":
        return prestige_options(p, f["level"])
    if what == "protect":
        keep = f["max"]
        return [act("keep", m, keep - m) for m in range(keep + 1) if m <= p.money and keep - m <= p.coal]
    if what == "payday":
        return [act("pay"), *[act("convert", n) for n in range(1, p.silk + 1)]]
    if what == "final_convert":
        return [act("done"), *[act("convert", n) for n in range(1, p.silk + 1)]]
    if what == "mod_end":
        return [act("mod", s) for s in f["slots"]]
    if what == "reward":
        return [act("reward", i) for i in range(1, f["choices"] + 1)]
    raise AssertionError(what)


def prestige_options(p: Player, level: int) -> list[Action]:
    """Prestige tiles a player may take with the topmost worker beside a level-``level`` stack."""
    t = tables()
    out = []
    for lvl in range(1, level + 1):
        if p.prestige[lvl - 1] <= 0:
            continue
        for g in t.goal_ids:
            if g not in p.goals:
                out.append(act("prestige", lvl, g))
    return out


def has_prestige_option(p: Player, level: int) -> bool:
    """Whether :func:`prestige_options` offers anything: a tile of level ≤ ``level`` and a free goal slot."""
    goals = p.goals
    return any(n > 0 for n in p.prestige[:level]) and any(g not in goals for g in tables().goal_ids)


def build_options(state: ZState, p: Player, what: str, f: dict[str, Any], pay: str) -> list[Action]:
    """Placements for a free (``pay='free'``) or paid extra (``pay='extra'``) build effect."""
    out: list[Action] = []
    cost = f.get("cost") or {}
    exclude = tuple(f.get("exclude", ()))
    kinds = ("ship", "machine", "train") if what == "any" else (what,)
    for kind in kinds:
        if kind in ("ship", "train"):
            action = "ships" if kind == "ship" else "trains"
            out.extend(transport_options(state, p, action, None, 0, (pay,), exclude=exclude, cost=cost))
        else:
            if p.machines >= 6:
                continue
            for i, fac in enumerate(p.factories):
                if fac.side == "old" or (i + 1) in exclude:
                    continue
                for lr in (0, 1):
                    if not fac.machines[lr]:
                        out.append(act("machine", i + 1, "LR"[lr], 0))
    return out


# ------------------------------------------------------------------------------------------------
# Apply
# ------------------------------------------------------------------------------------------------


def apply_in_place(state: ZState, action: Action) -> list[Event]:
    """Apply a legal ``action`` to ``state`` (mutating it). Call only with a legal action."""
    events: list[Event] = []
    apply_quiet(state, action, events)
    return events


def apply_quiet(state: ZState, action: Action, events: list[Event] | None = None) -> None:
    """:func:`apply_in_place` without events (the search hot path): the same new state, but no
    event and none of their texts is built (unless a list to record them in is passed as
    ``events``). Call only with a legal action."""
    f = state.stack[-1]
    k = f["k"]
    if k == "chance":
        state.stack.pop()
        apply_chance(state, f, str(action.args[0]), events)
    elif k == "draft":
        apply_draft(state, f, action, events)
    elif k == "turn":
        apply_turn(state, f, action, events)
    elif k == "act":
        apply_activation(state, f, action, events)
    elif k == "choose":
        apply_choice(state, f, action, events)
    else:
        raise AssertionError(k)
    advance(state, events)


def apply_draft(state: ZState, f: dict[str, Any], action: Action, events: list[Event] | None) -> None:
    """Rulebook: Starting conditions: take a start-tile pair, resolve tile A, starting VP, tile B bonuses."""
    t = tables()
    state.stack.pop()
    p = state.players[f["seat"]]
    a, b = str(action.args[0]), str(action.args[1])
    state.start_pairs = [pair for pair in state.start_pairs if pair != [a, b]]
    p.start_a, p.start_b = a, b
    ta, tb = t.start[a], t.start[b]
    p.vp += ta.start_vp  # Starting conditions (docs/rules-notes.md D-26): the disc starts on tile A's VP.
    if events is not None:
        ev(events, "draft", p.seat, M("{who} takes start tiles {a} and {b}.", who=name(state, p.seat), a=a, b=b), a=a, b=b)
    ops: list[dict[str, Any]] = []
    if tb.bonus is not None:
        ops.extend(bonus_ops(tb.bonus))
    state.stack.append({"k": "ops", "seat": p.seat, "ops": ops, "ctx": {}})
    eff = ta.effect
    if eff == "machine_reserve":
        before = (p.ships, p.machines, p.trains)
        p.machines += 1
        p.machine_reserve = True
        state.stack[-1]["ops"].extend(area_bonus_ops(p, before))
    elif eff == "ship":
        push_build(state, p.seat, "ship", {})
    elif eff == "train":
        push_build(state, p.seat, "train", {})
    elif eff == "two_goods":
        p.goods_reserve = 2
    elif eff == "old_factory":
        state.stack.append({"k": "choose", "seat": p.seat, "what": "old_side"})
    elif eff == "worker_choice":
        state.stack.append({"k": "choose", "seat": p.seat, "what": "a6"})
    elif eff == "protected_coal":
        p.protected_coal = 3
    # cheap_factory (A8) is read when building.


def push_build(state: ZState, seat: int, what: str, extra: dict[str, Any]) -> bool:
    """Push a free-build choice if any placement exists; returns whether it was pushed."""
    f = {"k": "choose", "seat": seat, "what": "build", "what_build": what, **extra}
    if build_options(state, state.players[seat], what, f, "free"):
        state.stack.append(f)
        return True
    return False


def apply_turn(state: ZState, f: dict[str, Any], action: Action, events: list[Event] | None) -> None:
    """Take a worker and start the action (rulebook: Gameplay, step A), or consolidate."""
    seat = f["seat"]
    p = state.players[seat]
    state.stack.pop()
    state.stack.append({"k": "end_turn", "seat": seat})
    if action.kind == "take":
        h, act, colour = int(action.args[0]), str(action.args[1]), str(action.args[2])
        state.hiring[h - 1].remove(colour)
        p.workforce.append(Worker(colour))
        state.stack.append(new_act_frame(seat, act, colour))
        if events is not None:
            ev(events, "take", seat,
               M("{who} takes a worker ({colour}) from hiring space {space} for {action}.",
                 who=name(state, seat), colour=WORKER_COLOURS[colour], space=h, action=ACTION_NAMES[act]),
               space=h, action=act, colour=colour)
    else:
        if events is not None:
            ev(events, "consolidate", seat, M("{who} consolidates.", who=name(state, seat)))
        push_consolidation(state, seat, final=False)


def push_consolidation(state: ZState, seat: int, final: bool) -> None:
    """Push the consolidation steps A–D (rulebook: Consolidation, p. 17) for ``seat``."""
    state.stack.append({"k": "cons", "seat": seat, "step": "A", "final": final})


def apply_activation(state: ZState, f: dict[str, Any], action: Action, events: list[Event] | None) -> None:
    """Resolve one activation of the action in progress (rulebook: Gameplay, step B; Actions, pp. 9–16)."""
    t = tables()
    seat = f["seat"]
    p = state.players[seat]
    who = name(state, seat)
    if action.kind == "done":
        finish_action(state, f, events)
        return
    ops: list[dict[str, Any]] = []
    ctx: dict[str, Any] = {"worker": f["worker"]}
    mod = 0
    kind = action.kind
    if kind in ("rd", "mining"):
        steps, mod = int(action.args[0]), int(action.args[1])
        costs = t.n["rd_step_costs" if kind == "rd" else "mining_step_costs"]
        pay_money(p, costs[steps - 1])
        extra = mod_has(p, mod, "extra_steps")
        total = steps + (extra.steps if extra else 0)
        ops.extend(move_track(p, kind, total))
        if events is not None:
            ev(events, kind, seat, M("{who} pays {money}: {action} +{steps}.", who=who,
                                     money=amount("money", costs[steps - 1]), action=ACTION_NAMES[kind], steps=total),
               steps=total)
    elif kind == "factory":
        side_id, silk = str(action.args[0]), int(action.args[1])
        cost = t.n["factory_cost"]
        if p.start_a and t.start[p.start_a].effect == "cheap_factory":
            cost -= t.n["cheap_factory_discount"]
        p.silk -= silk  # Rulebook: Note on silk: 1/3/6 silk raise R&D by 1/2/3 for this build only.
        pay_money(p, cost)
        state.display.remove(side_id)
        side = t.sides[side_id]
        fac = Factory(side=side_id, goods_type=side.goods)
        first = not any(x.side != "old" for x in p.factories)
        p.factories.append(fac)
        slot = len(p.factories)
        if first and p.machine_reserve:  # start tile A1
            fac.machines[0] = True
            p.machine_reserve = False
        if first and p.goods_reserve:  # start tile A4
            fac.goods = min(t.n["goods_slots"], p.goods_reserve)
            p.goods_reserve = 0
        if events is not None:
            ev(events, "factory", seat, M("{who} builds {factory} ({effect}) in factory slot {slot}.", who=who,
                                          factory=side_id, effect=effect_text(side_id), slot=slot),
               side=side_id, slot=slot, silk=silk)
        if side.kind == "instant":
            ops.extend(op.model_dump(exclude_defaults=True) for op in side.ops)
            ctx["factory"] = slot
    elif kind == "machine":
        slot, lr, mod = int(action.args[0]), str(action.args[1]), int(action.args[2])
        extra = t.n["machine_right_slot_extra"]
        pay_money(p, t.n["machine_cost"] + (extra.get("money", 0) if lr == "R" else 0))
        if lr == "R":
            p.iron -= extra.get("iron", 0)
        ops.extend(place_machine(p, slot, lr))
        f["used"].append(slot)
        if events is not None:
            ev(events, "machine", seat, M("{who} builds a machine on factory {slot} ({side}).", who=who, slot=slot,
                                          side=lr), slot=slot)
    elif kind == "produce":
        slot, mod = int(action.args[0]), int(action.args[1])
        fac = p.factories[slot - 1]
        red = mod_has(p, mod, "reduce_production_coal")
        cost = max(0, t.goods[fac.goods_type].production_coal - (red.n if red else 0))
        pay_coal(p, cost)
        made = produce(p, slot)
        f["used"].append(slot)
        f["produced"].append(slot)
        if events is not None:
            ev(events, "produce", seat, M("{who} pays {coal} and produces {goods} in factory {slot}.", who=who,
                                          coal=amount("coal", cost), goods=amount(fac.goods_type, made), slot=slot),
               slot=slot, goods=made)
    elif kind in ("ship", "train"):
        mod = int(action.args[-1])
        pay = str(action.args[-2])
        c = t.n["transport_cost_iron" if pay == "iron" else "transport_cost_money"]
        p.iron -= c.get("iron", 0)
        pay_money(p, c.get("money", 0))
        if kind == "ship":
            dest = str(action.args[0])
            ops.extend(build_ship(state, p, dest, events))
            f["used"].append(dest)
        else:
            region, slot = str(action.args[0]), int(action.args[1])
            ops.extend(build_train(state, p, region, slot, events, double=False))
            f["used"].append(region)
    elif kind == "market":
        mod = 0
        ops.extend(place_token(state, p, action, f, events))
    elif kind == "invest":
        src, reward, mod = parse_sources(str(action.args[0])), str(action.args[1]), int(action.args[2])
        goods = p.factories[src[0] - 1].goods_type
        take_goods(p, src)
        f["types"].append(goods)
        f["levels"].append(t.goods[goods].level)
        f["contracts"].append(reward != "finance")
        if reward == "finance":
            ops.extend(move_track(p, "finance", t.n["investment_finance_steps"]))
            if events is not None:
                ev(events, "invest", seat, M("{who} invests {goods}: {track} +{steps}.", who=who,
                                             goods=amount(goods, len(src)), track=TRACK_NAMES["finance"],
                                             steps=t.n["investment_finance_steps"]))
        else:
            p.contracts.remove(reward)
            p.contracts_done.append(reward)
            ops.extend(bonus_ops(t.contracts[reward].bonus))
            if events is not None:
                ev(events, "contract", seat, M("{who} spends {goods} to fulfil contract {contract}.", who=who,
                                               goods=amount(goods, len(src)), contract=reward),
                   contract=reward)
    else:
        raise AssertionError(kind)
    f["n"] += 1
    # The activation's own bonuses are pushed first and the modifier's effects on top, so a
    # modifier (e.g. a free ship with its upgrade tile) resolves before the bonuses it could raise.
    if ops:
        state.stack.append({"k": "ops", "seat": seat, "ops": ops, "ctx": ctx})
    if mod:
        f["mod"] = mod
        side = t.sides[p.factories[mod - 1].side]
        if events is not None:
            ev(events, "modifier", seat, M("{who} uses the modifier of {factory}: {effect}", who=who, factory=side.id,
                                           effect=effect_text(side.id)))
        mod_ops = [o.model_dump(exclude_defaults=True) for o in side.ops
                   if o.op not in ("extra_steps", "reduce_production_coal")]
        if mod_ops:
            state.stack.append({"k": "ops", "seat": seat, "ops": mod_ops, "ctx": {**ctx, "factory": mod}})


def finish_action(state: ZState, f: dict[str, Any], events: list[Event] | None) -> None:
    """End the action: apply an ``action_end`` modifier if the action's modifier is still free."""
    t = tables()
    state.stack.pop()
    p = state.players[f["seat"]]
    if f["mod"]:
        return
    slots = []
    for s in modifier_slots(p, f["action"]):
        side = t.sides[p.factories[s - 1].side]
        if side.trigger != "action_end":
            continue
        needs_regions = any(o.op == "region_bonus_of_train" for o in side.ops)
        if (needs_regions and f["action"] == "trains" and f["used"]) or (not needs_regions and f["produced"]):
            slots.append(s)
    if len(slots) == 1:
        apply_end_modifier(state, f, slots[0], events)
    elif slots:
        state.stack.append({"k": "choose", "seat": f["seat"], "what": "mod_end", "slots": slots, "act": f})


def apply_end_modifier(state: ZState, f: dict[str, Any], slot: int, events: list[Event] | None) -> None:
    """Resolve an action-end modifier (per produced factory, region bonus of a train region)."""
    t = tables()
    p = state.players[f["seat"]]
    side = t.sides[p.factories[slot - 1].side]
    if events is not None:
        ev(events, "modifier", p.seat, M("{who} uses the modifier of {factory}: {effect}", who=name(state, p.seat),
                                         factory=side.id, effect=effect_text(side.id)))
    ops: list[dict[str, Any]] = []
    for o in side.ops:
        if o.op == "gain_per_produced":
            k = len(f["produced"])
            gains = {r: getattr(o, r) * k for r in ("money", "coal", "silk", "iron", "vp") if getattr(o, r)}
            ops.append({"op": "gain", **gains})
        elif o.op == "goods_per_produced":
            for s in f["produced"]:
                ops.append({"op": "goods_at", "slot": s, "n": o.n})
        elif o.op == "region_bonus_of_train":
            regions = list(f["used"])
            if len(regions) == 1:
                ops.extend(bonus_ops(t.region_by_id[regions[0]].bonus))
            else:
                state.stack.append({"k": "choose", "seat": p.seat, "what": "region", "regions": regions})
    if ops:
        state.stack.append({"k": "ops", "seat": p.seat, "ops": ops, "ctx": {}})


def place_machine(p: Player, slot: int, lr: str) -> list[dict[str, Any]]:
    """Take the leftmost machine from the board onto a factory machine slot; area bonus ops."""
    before = (p.ships, p.machines, p.trains)
    p.machines += 1
    p.factories[slot - 1].machines["LR".index(lr)] = True
    return area_bonus_ops(p, before)


def produce(p: Player, slot: int) -> int:
    """Produce in a factory: 1 + machines goods, surplus over 4 lost (rulebook: Production action).
    Returns goods made."""
    t = tables()
    fac = p.factories[slot - 1]
    made = t.n["production_goods_base"] + sum(fac.machines)
    fac.goods = min(t.n["goods_slots"], fac.goods + made)
    return made


def build_ship(state: ZState, p: Player, dest: str, events: list[Event] | None) -> list[dict[str, Any]]:
    """Place a ship at ``dest`` and take its expert and upgrade tile (rulebook: Building a ship, p. 12).
    Returns bonus ops."""
    t = tables()
    before = (p.ships, p.machines, p.trains)
    p.ships += 1
    state.ships[dest].append(p.seat)
    colour = t.dest_by_id[dest].colour
    state.experts[dest] = False
    p.workforce.append(Worker(colour, expert=dest))
    upgrade = colour not in p.upgraded and state.upgrades[dest] > 0
    if upgrade:
        state.upgrades[dest] -= 1
        p.upgraded.append(colour)  # the upgrade before the bonuses (module docstring).
    if events is not None:
        who, where = name(state, p.seat), destination_name(dest)
        if upgrade:
            text = M("{who} sends a ship to {destination}, takes the {colour} expert and upgrades the "
                     "{department} department.", who=who, destination=where, colour=WORKER_COLOURS[colour],
                     department=department_name(colour))
        else:
            text = M("{who} sends a ship to {destination}, takes the {colour} expert.", who=who, destination=where,
                     colour=WORKER_COLOURS[colour])
        ev(events, "ship", p.seat, text, destination=dest, colour=colour)
    return area_bonus_ops(p, before)


def build_train(state: ZState, p: Player, region: str, slot: int, events: list[Event] | None, double: bool) -> list[dict[str, Any]]:
    """Place a train on a region's slot and gain the slot bonus (rulebook: Building a train, p. 13).
    Returns bonus ops."""
    t = tables()
    before = (p.ships, p.machines, p.trains)
    p.trains += 1
    state.trains[region][slot - 1] = p.seat
    ops = area_bonus_ops(p, before)
    bonus = t.train_slots[slot - 1].bonus
    for _ in range(2 if double else 1):
        ops.extend(bonus_ops(bonus))
    if events is not None:
        ev(events, "train", p.seat, M("{who} builds a railway in {region} (slot {slot}).", who=name(state, p.seat),
                                      region=region_name(region), slot=slot),
           region=region, slot=slot)
    return ops


def place_token(state: ZState, p: Player, action: Action, f: dict[str, Any], events: list[Event] | None) -> list[dict[str, Any]]:
    """A Local Markets activation (rulebook: Local Markets action, p. 14). Returns the reward ops."""
    t = tables()
    mid, d, src_t, reward, evict = (str(a) for a in action.args)
    market = next(m for m in state.markets if m.id == mid)
    slot = DIRS.index(d)
    src = parse_sources(src_t)
    goods = market_goods(state, market, slot)
    value = t.influence[t.goods[goods].level][len(src) - 1]
    take_goods(p, src)
    p.tokens.remove(value)
    old = market.slots[slot]
    if old is not None:
        return_token(state, old[0], old[1])
    if evict != "-":
        e = DIRS.index(evict)
        gone = market.slots[e]
        assert gone is not None
        return_token(state, gone[0], gone[1])
        market.slots[e] = None
    market.slots[slot] = [p.seat, value]
    f["region"] = market.region
    if events is not None:
        ev(events, "market", p.seat,
           M("{who} pays {goods} and places influence {value} in {market} {slot}.", who=name(state, p.seat),
             goods=amount(goods, len(src)), value=value, market=mid, slot=d),
           market=mid, slot=d, value=value)
    if reward == "vp":
        return [{"op": "gain", "vp": t.n["market_vp"]}]
    return bonus_ops(t.region_by_id[market.region].bonus)


def apply_choice(state: ZState, f: dict[str, Any], action: Action, events: list[Event] | None) -> None:
    """Resolve an effect or consolidation choice."""
    t = tables()
    seat = f["seat"]
    p = state.players[seat]
    who = name(state, seat)
    what = f["what"]
    state.stack.pop()
    ops: list[dict[str, Any]] = []
    if what in ("dept_any", "dept_choice"):
        ops.append({"op": "dept", "colour": str(action.args[0])})
    elif what == "white":
        choice = str(action.args[0])
        steps = {"rd": [("rd", 1)], "mining": [("mining", 1)], "rd2": [("rd", 2)],
                 "mining2": [("mining", 2)], "both": [("rd", 1), ("mining", 1)]}[choice]
        for track, n in steps:
            ops.extend(move_track(p, track, n))
        if events is not None:
            moves = listing([M("{track} +{steps}", track=TRACK_NAMES[track], steps=n) for track, n in steps])
            ev(events, "white", seat, M("{who} takes the white bonus: {moves}.", who=who, moves=moves))
    elif what in ("build", "extra"):
        if action.kind == "skip":
            return
        if what == "extra":
            cost = f.get("cost") or {}
            p.iron -= cost.get("iron", 0)
            pay_money(p, cost.get("money", 0))
            if cost.get("finance"):
                move_track(p, "finance", -cost["finance"])
        ops.extend(resolve_build(state, p, action, f, events))
    elif what == "spread":
        for s in parse_sources(str(action.args[0])):
            fac = p.factories[s - 1]
            fac.goods = min(t.n["goods_slots"], fac.goods + 1)
        if events is not None:
            slots = ", ".join(str(s) for s in parse_sources(str(action.args[0])))
            ev(events, "goods", seat, M("{who} puts one good in factories {factories}.", who=who,
                                        factories=slots))
    elif what == "trade":
        if action.args[0] == "yes":
            move_track(p, "finance", -f["pay"])
            ops.extend(move_track(p, "mining", f["steps"]))
    elif what == "region":
        ops.extend(bonus_ops(t.region_by_id[str(action.args[0])].bonus))
    elif what == "old_side":
        goods = str(action.args[0])
        p.factories.insert(0, Factory(side="old", goods_type=goods, goods=1))
        if events is not None:
            ev(events, "old_factory", seat, M("{who} places the old factory ({goods}) with 1 good.", who=who,
                                              goods=GOODS_NAMES[goods]))
    elif what == "a6":
        colour = str(action.args[0])
        state.bag[colour] -= 1
        p.workforce.insert(0, Worker(colour))
        if events is not None:
            ev(events, "worker", seat, M("{who} takes a {colour} worker from the bag into the workforce.", who=who,
                                         colour=WORKER_COLOURS[colour]))
    elif what == "prestige":
        level, goal = int(action.args[0]), str(action.args[1])
        p.prestige[level - 1] -= 1
        p.goals[goal] = level
        if events is not None:
            ev(events, "prestige", seat, M("{who} places a level-{level} prestige tile on the {goal} goal.", who=who,
                                           level=level, goal=GOAL_SLOT_NAMES[goal]))
    elif what == "protect":
        p.money, p.coal = int(action.args[0]), int(action.args[1])
        if events is not None:
            ev(events, "protect", seat, M("{who} keeps {money} and {coal} from taxes.", who=who,
                                          money=amount("money", p.money), coal=amount("coal", p.coal)))
    elif what == "payday":
        if action.kind == "convert":
            n = int(action.args[0])
            p.silk -= n
            p.money += n
            state.stack.append(f)  # still at payday
            if events is not None:
                ev(events, "convert", seat, Mn("{who} converts {n} silk into money.", "{who} converts {n} silk into money.",
                                               n, who=who))
            return
        payday(state, p, events)
    elif what == "final_convert":
        if action.kind == "convert":
            n = int(action.args[0])
            p.silk -= n
            p.money += n
            if events is not None:
                ev(events, "convert", seat, Mn("{who} converts {n} silk into money.", "{who} converts {n} silk into money.",
                                               n, who=who))
            if p.silk:
                state.stack.append(f)
        return
    elif what == "mod_end":
        apply_end_modifier(state, f["act"], int(action.args[0]), events)
        return
    elif what == "reward":
        from .modules import reward_choices

        bonus = reward_choices(f["period"])[int(action.args[0]) - 1]
        ops.extend(bonus_ops(bonus))
        if events is not None:
            ev(events, "common_goal", seat, M("{who} takes common-goal reward {reward} for {goal}.", who=who,
                                              reward=int(action.args[0]), goal=f["goal"]))
    if ops:
        state.stack.append({"k": "ops", "seat": seat, "ops": ops, "ctx": f.get("ctx", {})})


def resolve_build(state: ZState, p: Player, action: Action, f: dict[str, Any], events: list[Event] | None) -> list[dict[str, Any]]:
    """Place the piece of a build effect (free or paid extra) and return its bonus ops."""
    ops: list[dict[str, Any]] = []
    below = state.stack[-1] if state.stack and state.stack[-1]["k"] == "ops" else None
    if action.kind == "ship":
        dest = str(action.args[0])
        ops.extend(build_ship(state, p, dest, events))
        if below is not None:
            below["ctx"]["expert"] = tables().dest_by_id[dest].colour
            below["ctx"].setdefault("built", []).append(dest)
    elif action.kind == "train":
        region, slot = str(action.args[0]), int(action.args[1])
        ops.extend(build_train(state, p, region, slot, events, double=bool(f.get("double"))))
        if below is not None:
            below["ctx"].setdefault("built", []).append(region)
    elif action.kind == "machine":
        slot, lr = int(action.args[0]), str(action.args[1])
        ops.extend(place_machine(p, slot, lr))
        if events is not None:
            ev(events, "machine", p.seat, M("{who} builds a machine on factory {slot} ({side}).", who=name(state, p.seat),
                                            slot=slot, side=lr))
        if below is not None:
            below["ctx"].setdefault("built", []).append(slot)
    return ops


# ------------------------------------------------------------------------------------------------
# Automatic frames
# ------------------------------------------------------------------------------------------------


def advance(state: ZState, events: list[Event] | None) -> None:
    """Run automatic frames until the next decision (or the end of the game)."""
    stack = state.stack
    while stack:
        f = stack[-1]
        k = f["k"]
        # The most frequent frames first.
        if k == "ops":
            run_next_op(state, f, events)
            continue
        if k == "act":
            if can_activate(state, state.players[f["seat"]], f):
                return
            finish_action(state, f, events)
            continue
        if k == "cons":
            consolidation_step(state, f, events)
            continue
        if k == "chance":
            if forced_chance(state, f):  # a forced outcome is no random event
                apply_in_place_chance_forced(state, events)
                continue
            return
        if k == "turn":
            return
        if k == "end_turn":
            stack.pop()
            end_turn(state, f["seat"], events)
            continue
        if k == "next_turn":
            stack.pop()
            next_turn(state, f["seat"], events)
            continue
        if k == "choose":
            if not has_choice(state, f):
                stack.pop()  # an effect with no possible target does nothing
                continue
            return
        if k == "draft":
            return
        if k == "begin_draft":
            state.stack.pop()
            n = len(state.players)
            state.stack.append({"k": "begin_play"})
            order = [(state.first_player - 1 - i) % n for i in range(n)]  # counter-clockwise, first last
            for seat in reversed(order):
                state.stack.append({"k": "draft", "seat": seat})
            continue
        if k == "begin_play":
            state.stack.pop()
            state.current = state.first_player
            state.stack.append({"k": "turn", "seat": state.first_player})
            if events is not None:
                ev(events, "round", None, M("Round {round} begins.", round=1))
            continue
        if k == "final_scoring":
            state.stack.pop()
            final_scoring(state, events)
            continue
        raise AssertionError(k)


def apply_in_place_chance_forced(state: ZState, events: list[Event] | None) -> None:
    """Apply the only outcome of a chance decision (e.g. all 4 factories of a type at 4 players)."""
    f = state.stack.pop()
    outcome = chance_outcomes_for(state, f)[0]
    apply_chance(state, f, str(outcome.action.args[0]), events)


def chance_outcomes_for(state: ZState, f: dict[str, Any]) -> list[Outcome]:
    """Outcomes of chance frame ``f`` (pushed back temporarily)."""
    state.stack.append(f)
    try:
        return chance_outcomes(state)
    finally:
        state.stack.pop()


def run_next_op(state: ZState, f: dict[str, Any], events: list[Event] | None) -> None:
    """Execute the next op of an ``ops`` frame (choices push their own frame on top).

    Two shortcuts leave every state at a decision unchanged: gains that an op yields are applied at
    once rather than through a frame of their own (which would run next, before anything else), and
    a frame whose last op pushed nothing is removed now rather than on the next step of
    :func:`advance`.
    """
    stack = state.stack
    if not f["ops"]:
        stack.pop()
        return
    op = f["ops"].pop(0)
    p = state.players[f["seat"]]
    ctx = f["ctx"]
    o = op["op"]
    t = tables()
    more: list[dict[str, Any]] = []
    if o == "gain":
        gain(state, p, op, events)
    elif o == "track":
        more = move_track(p, op["track"], op["steps"])
        if events is not None:
            ev(events, "track", p.seat, M("{who}: {track} +{steps} (space {space}).", who=name(state, p.seat),
                                          track=TRACK_NAMES[op["track"]], steps=op["steps"],
                                          space=getattr(p, op["track"])))
    elif o == "dept":
        more = dept_ops(state, p, op["colour"], events)
    elif o == "dept_worker":
        if ctx.get("worker"):
            more = dept_ops(state, p, ctx["worker"], events)
    elif o == "dept_expert":
        if ctx.get("expert"):
            more = dept_ops(state, p, ctx["expert"], events)
    elif o == "dept_any":
        state.stack.append({"k": "choose", "seat": p.seat, "what": "dept_any"})
    elif o == "dept_choice":
        state.stack.append({"k": "choose", "seat": p.seat, "what": "dept_choice", "colours": list(op["colours"])})
    elif o == "unlock":
        if op["value"] in p.locked:
            p.locked.remove(op["value"])
            p.tokens.append(op["value"])
            p.tokens.sort()
            if events is not None:
                ev(events, "unlock", p.seat, M("{who} unlocks influence token {value}.", who=name(state, p.seat),
                                               value=op["value"]))
    elif o == "build":
        count = op.get("count", 1)
        excl = ctx.get("built", []) if op.get("different") else []
        fr = {"k": "choose", "seat": p.seat, "what": "build", "what_build": op.get("what", "any"),
              "double": op.get("double_slot_bonus", False), "exclude": list(excl)}
        if build_options(state, p, fr["what_build"], fr, "free"):
            if count > 1:  # several targets (e.g. machines on 2 different factories): one at a time
                f["ops"].insert(0, {**op, "count": count - 1})
            state.stack.append(fr)
    elif o == "build_extra":
        what = op["what"]
        excl = ctx.get("built", []) if op.get("different") else []
        fr = {"k": "choose", "seat": p.seat, "what": "extra", "what_build": what, "cost": dict(op.get("cost", {})),
              "exclude": list(excl)}
        if build_options(state, p, what, fr, "extra"):
            state.stack.append(fr)
    elif o == "goods_here":
        fac = p.factories[ctx["factory"] - 1]
        fac.goods = min(t.n["goods_slots"], fac.goods + op["n"])
        if events is not None:
            ev(events, "goods", p.seat, M("{who} puts {goods} on factory {slot}.", who=name(state, p.seat),
                                          goods=amount("goods", op["n"]), slot=ctx["factory"]))
    elif o == "goods_at":
        fac = p.factories[op["slot"] - 1]
        fac.goods = min(t.n["goods_slots"], fac.goods + op["n"])
    elif o == "goods_spread":
        if p.factories:
            state.stack.append({"k": "choose", "seat": p.seat, "what": "spread", "n": op["n"]})
    elif o == "produce_here":
        made = produce(p, ctx["factory"])
        if events is not None:
            ev(events, "produce", p.seat, M("{who} produces {goods} in factory {slot}.", who=name(state, p.seat),
                                            goods=amount("goods", made), slot=ctx["factory"]))
    elif o == "trade_track":
        if p.finance - op["pay"] >= 1:
            state.stack.append({"k": "choose", "seat": p.seat, "what": "trade", "pay": op["pay"],
                                "steps": op["steps"]})
    elif o == "store_coal_here":
        p.factories[ctx["factory"] - 1].coal += op["n"]
    elif o == "repeat_by_goal":
        times = {int(k): v for k, v in op["times_by_level"].items()}.get(p.goals.get(op["goal"], 0), 0)
        for _ in range(times):
            more.extend(op["ops"])
    elif o == "vp_per_factory_type":
        n = len({fac.goods_type for fac in p.factories})
        more = [{"op": "gain", "vp": op["vp"] * n}]
    elif o == "mining_track_bonuses":
        for s in t.track["mining"][: p.mining]:
            if s.bonus is not None and (s.bonus.dept or s.bonus.dept_any):
                more.extend(bonus_ops(s.bonus))
    elif o == "money_per_machine":
        more = [{"op": "gain", "money": min(op["max"], op["money"] * p.machines)}]
    elif o == "vp_per_threshold":
        more = [{"op": "gain", "vp": min(op["max"], op["vp"] * thresholds_reached(p, op["areas"], op.get("which", "any")))}]
    elif o in ("protect", "train_influence", "extra_steps", "reduce_production_coal",
               "region_bonus_of_train", "gain_per_produced", "goods_per_produced"):
        pass  # specials and modifier parts read where they apply
    else:
        raise AssertionError(o)
    if stack[-1] is not f:
        if more:
            stack.append({"k": "ops", "seat": p.seat, "ops": more, "ctx": dict(ctx)})
        return
    if more:
        if any(m["op"] != "gain" for m in more):
            stack.append({"k": "ops", "seat": p.seat, "ops": more, "ctx": dict(ctx)})
            return
        for m in more:
            gain(state, p, m, events)
    if not f["ops"]:
        stack.pop()


#: The resources a ``gain`` op may give, in the order they are added.
GAINS = ("money", "coal", "silk", "iron", "vp")


def gain(state: ZState, p: Player, op: dict[str, Any], events: list[Event] | None) -> None:
    """Run a ``gain`` op: resources and VP for ``p``."""
    for r in GAINS:
        if op.get(r):
            setattr(p, r, getattr(p, r) + op[r])
    if events is not None:
        gained = [amount(r, op[r]) for r in GAINS if op.get(r)]
        if gained:
            ev(events, "gain", p.seat, M("{who} gains {gains}.", who=name(state, p.seat), gains=listing(gained)))


def thresholds_reached(p: Player, areas: Any, which: str) -> int:
    """Number of prestige thresholds reached in ``areas`` (``which``: lower only, or any = both)."""
    t = tables()
    n = 0
    for a in areas:
        if a in ("ships", "machines", "trains"):
            th = t.area_threshold[a]
            built = getattr(p, a)
            levels = [built >= th.lower, built >= th.upper]
        elif a in ("rd", "mining", "finance"):
            pos = getattr(p, a)
            levels = [pos >= t.threshold_space(a, "lower"), pos >= t.threshold_space(a, "upper")]
        else:
            continue
        n += levels[0] if which == "lower" else sum(levels)
    return n


def dept_ops(state: ZState, p: Player, colour: str, events: list[Event] | None) -> list[dict[str, Any]]:
    """Gain a department's bonus (rulebook: Department bonuses, p. 13): a resource, VP, or the white
    track choice."""
    y = dept_yield(p, colour)
    if y.kind == "white":
        state.stack.append({"k": "choose", "seat": p.seat, "what": "white", "steps": y.steps})
        return []
    if events is not None:
        ev(events, "department", p.seat, M("{who} activates the {department} department ({colour}).",
                                           who=name(state, p.seat), department=department_name(colour),
                                           colour=WORKER_COLOURS[colour]))
    return [{"op": "gain", y.resource: y.amount}]


# ------------------------------------------------------------------------------------------------
# Consolidation (rulebook p. 17), end of turn and rounds (Gameplay; End of round, p. 18), influence
# scoring (p. 18), game end (p. 19)
# ------------------------------------------------------------------------------------------------


def consolidation_step(state: ZState, f: dict[str, Any], events: list[Event] | None) -> None:
    """Advance one consolidation step A → B → C → D → cleanup."""
    t = tables()
    p = state.players[f["seat"]]
    step = f["step"]
    if step == "A":
        f["step"] = "B"
        top_slot = len(p.workforce)
        level = t.workforce[top_slot - 1].prestige_level if top_slot else None
        if level and has_prestige_option(p, level):
            state.stack.append({"k": "choose", "seat": p.seat, "what": "prestige", "level": level})
        return
    if step == "B":
        f["step"] = "C"
        if events is not None:
            ev(events, "taxes", p.seat, M("{who} pays taxes: {money} and {coal} return to the supply.",
                                          who=name(state, p.seat), money=amount("money", p.money),
                                          coal=amount("coal", p.coal)))
        # B. Taxes: all money and coal return to the supply; A7's coal and coal stored on a factory
        # stay. A special effect (Paper 3B) keeps up to 3 of your money/coal: you choose which.
        keep = min(protect_limit(p), p.money + p.coal)
        choices = [(m, keep - m) for m in range(keep + 1) if m <= p.money and keep - m <= p.coal] if keep else []
        if len(choices) > 1:
            state.stack.append({"k": "choose", "seat": p.seat, "what": "protect", "max": keep})
        else:
            p.money, p.coal = choices[0] if choices else (0, 0)
        return
    if step == "C":
        f["step"] = "D"
        ops: list[dict[str, Any]] = []
        if p.workforce:
            bottom = p.workforce[0].colour
            ops.append({"op": "dept", "colour": bottom})
            topc = p.workforce[-1].colour
            if len(p.workforce) >= t.n["consolidation_top_min_workers"] and topc != bottom:
                ops.append({"op": "dept", "colour": topc})
        ops.append({"op": "gain", "coal": t.track["mining"][p.mining - 1].value})
        ops.append({"op": "gain", "money": t.track["finance"][p.finance - 1].value})
        state.stack.append({"k": "ops", "seat": p.seat, "ops": ops, "ctx": {}})
        return
    if step == "D":
        f["step"] = "E"
        state.stack.append({"k": "choose", "seat": p.seat, "what": "payday"})
        return
    if step == "E":
        state.stack.pop()
        for w in p.workforce:
            if w.expert:
                state.experts[w.expert] = True  # D3: experts back to their destinations
            else:
                state.bag[w.colour] += 1  # D4: workers back to the bag
        p.workforce = []
        if f["final"] and p.silk:
            state.stack.append({"k": "choose", "seat": p.seat, "what": "final_convert"})
        return
    raise AssertionError(step)


def protect_limit(p: Player) -> int:
    """How many money/coal a special effect protects from taxes (0 without one)."""
    return special_max(p, "protect", "max", 0)


def payday(state: ZState, p: Player, events: list[Event] | None) -> None:
    """D1–D2: pay 3 per distinct colour, never the last money; −1 VP per unpaid money."""
    t = tables()
    colours = len({w.colour for w in p.workforce})
    due = t.n["payday_per_colour"] * colours
    payable = max(0, p.money - 1)
    paid = min(due, payable)
    p.money -= paid
    p.vp -= due - paid
    if events is not None:
        who = name(state, p.seat)
        if due > paid:
            text = M("{who} pays {paid} of {due} in wages and loses {vp}.", who=who, paid=paid, due=due,
                     vp=amount("vp", due - paid))
        else:
            text = M("{who} pays {paid} of {due} in wages.", who=who, paid=paid, due=due)
        ev(events, "payday", p.seat, text, due=due, paid=paid)


def end_turn(state: ZState, seat: int, events: list[Event] | None) -> None:
    """End-of-turn hiring check (rulebook: Gameplay, empty hiring space), round end and the final rounds
    (rulebook: End of round, p. 18)."""
    p: Any = state.automa if (state.automa is not None and seat == 1) else state.players[seat]
    p.last_turn = state.turn_no
    state.turn_no += 1
    if state.final:
        p.final_turns += 1
    round_over = False
    for space in state.hiring:
        if space:
            continue
        if refill_from_top_row(space, state.waiting) is None and not state.final:
            round_over = True
    state.stack.append({"k": "next_turn", "seat": seat})
    if round_over:
        end_round(state, events)


def end_round(state: ZState, events: list[Event] | None) -> None:
    """End of a normal round (rulebook: End of round, steps 1–5, p. 18): period scoring on a period's
    last space, marker +1, refills."""
    t = tables()
    period = t.period_of_space(state.round)
    if t.periods[period - 1].last_space == state.round:
        period_scoring(state, period, events)
    state.round += 1
    if events is not None:
        ev(events, "round", None, M("Round {round} ends.", round=state.round - 1))
    # Step 3: exactly one worker onto each hiring space holding 2 or fewer; step 4: refill the waiting
    # area. docs/rules-notes.md G-5: when the bag runs short, hiring spaces first (left to right),
    # then rows top-down.
    draws: list[dict[str, Any]] = []
    for h, space in enumerate(state.hiring):
        if len(space) <= t.n["hiring_refill_at_most"]:
            draws.append({"k": "chance", "what": "draw", "to": "hiring", "index": h})
    sections = set(t.count(state.options.players).waiting_sections)
    rows = [r for r in t.waiting_rows if r.section in sections]
    for i, r in enumerate(rows):
        for _ in range(r.cells - len(state.waiting[i])):
            draws.append({"k": "chance", "what": "draw", "to": "waiting", "index": i})
    draws = draws[: sum(state.bag.values())]
    state.stack.extend(reversed(draws))
    if state.round > t.n["normal_rounds"]:
        state.final = True


def next_turn(state: ZState, seat: int, events: list[Event] | None) -> None:
    """Pass the turn to the left; run the final-round bookkeeping and the game end."""
    t = tables()
    everyone: list[Any] = [*state.players, *([state.automa] if state.automa is not None else [])]
    n = len(everyone)  # solo: you (seat 0) and Takatoshi (seat 1) alternate, like 2 players
    nxt = (seat + 1) % n
    if state.final:
        if state.marker2 is None:
            state.marker2 = nxt  # Rulebook: End of round, final rounds: the next player takes round marker 2
            if events is not None:
                ev(events, "final", None, M("The final rounds begin; {who} takes round marker 2.",
                                            who=name(state, nxt)))
        done = sum(pl.final_turns for pl in everyone)
        state.round = t.n["normal_rounds"] + 1 + min(done // n, t.n["final_turns"] - 1)
        if all(pl.final_turns >= t.n["final_turns"] for pl in everyone):
            game_end(state, events)
            return
    state.current = nxt
    if state.automa is not None and nxt == 1:
        # Takatoshi's turn (rulebook: Solo mode, Gameplay): step A reveals a tile (chance); B–D follow
        # automatically.
        state.stack.append({"k": "end_turn", "seat": nxt})
        state.stack.append({"k": "chance", "what": "reveal"})
        return
    state.stack.append({"k": "turn", "seat": nxt})


def period_scoring(state: ZState, period: int, events: list[Event] | None) -> None:
    """Influence scoring of one period (rulebook: Influence scoring, p. 18), regions left to right."""
    t = tables()
    values = t.periods[period - 1].values
    ladder = [values[i] for i in t.count(state.options.players).place_values_used]
    record: dict[str, Any] = {"period": period, "regions": {}}
    for region in t.region_ids:
        parts: list[tuple[int, int]] = []  # (influence, seat or -1 for the foreign companies)
        for seat in range(len(state.players) + (1 if state.automa else 0)):
            v = region_influence(state, seat, region)
            if v > 0:
                parts.append((v, seat))
        foreign = sum(
            t.market_by_id[m.id].printed[i] for m in state.markets if m.region == region
            for i, s in enumerate(m.slots) if s is None
        )
        if foreign > 0:  # docs/rules-notes.md G-12
            parts.append((foreign, -1))
        awards = split_places(((who, v) for v, who in parts), ladder)  # rulebook: Influence scoring, step 4
        for seat, vp in awards.items():
            if seat >= 0 and vp:
                if state.automa is not None and seat == 1:
                    state.automa.vp += vp
                else:
                    state.players[seat].vp += vp
        record["regions"][region] = {"influence": {str(s): v for v, s in parts}, "awards": {str(s): a for s, a in awards.items()}}
        if events is not None:
            ev(events, "scoring", None, scoring_text(state, period, region, parts, awards), region=region)
    state.period_log.append(record)
    if state.common_goals:
        from .modules import resolve_common_goals

        resolve_common_goals(state, period, events)


def scoring_text(state: ZState, period: int, region: str, parts: list[tuple[int, int]],
                 awards: dict[int, int]) -> str:
    """The line of one region's influence scoring: influence per participant, then the VP won."""
    # i18n: The foreign companies (the neutral influence printed on the board) in a scoring line.
    foreign = M("foreign")
    # i18n: A participant and their influence in a scoring line ("Green 7").
    shares = [M("{who} {n}", who=foreign if s < 0 else name(state, s), n=v) for v, s in sorted(parts, reverse=True)]
    influence = listing(shares) if shares else M("no influence")
    # i18n: A participant and the VP they win in a scoring line ("Green +10").
    won = [M("{who} +{n}", who=name(state, s), n=a) for s, a in awards.items() if s >= 0 and a]
    if not won:
        return M("Period {period}, {region}: {influence}; no VP", period=period, region=region_name(region),
                 influence=influence)
    return M("Period {period}, {region}: {influence}; VP {awards}", period=period, region=region_name(region),
             influence=influence, awards=listing(won))


def game_end(state: ZState, events: list[Event] | None) -> None:
    """After the 3rd final round: Period III scoring, final consolidation, final scoring (rulebook:
    Game end, p. 19)."""
    mark = len(state.stack)
    period_scoring(state, 3, events)
    rewards = state.stack[mark:]  # common-goal rewards resolve before the final consolidation
    del state.stack[mark:]
    if state.automa is not None:
        # Solo (rulebook: Solo mode, Influence scoring and game end): check the goals before the final
        # consolidation; any unmet goal loses.
        from .automa import goal_progress, goal_text

        goals: dict[str, Any] = {}
        for slot, goal_id in state.automa.goals.items():
            value, target, _ = goal_progress(state, goal_id)
            ok, text = value >= target, goal_text(goal_id, value, target)
            # The facts stay plain data in the state; ``result()`` turns the text into a Msg again.
            goals[slot] = {"met": ok, "text": str(text), "id": goal_id, "value": value, "target": target}
            if events is not None:
                if ok:
                    line = M("Goal ({slot}): {goal} — met.", slot=SOLO_SLOT_NAMES[slot], goal=text)
                else:
                    line = M("Goal ({slot}): {goal} — NOT met.", slot=SOLO_SLOT_NAMES[slot], goal=text)
                ev(events, "solo_goal", 0, line)
        won = all(g["met"] for g in goals.values())
        state.solo_result = {"won": won, "goals": goals}
        if not won:
            if events is not None:
                ev(events, "solo_end", 0,
                   M("A solo goal is not met: you lose (no final consolidation or scoring)."))
            state.over = True
            return
    state.stack.append({"k": "final_scoring"})
    n = len(state.players)
    order = [(state.first_player + i) % n for i in range(n)]
    for seat in reversed(order):
        push_consolidation(state, seat, final=True)
    state.stack.extend(rewards)
    if events is not None:
        ev(events, "final", None, M("The game ends: final consolidation and final scoring."))


def final_scoring(state: ZState, events: list[Event] | None) -> None:
    """Rulebook: Final scoring, steps A–B, p. 19: prestige tiles, leftovers ÷ 3, money ÷ 5; then the
    game is over."""
    t = tables()
    for p in state.players:
        prestige = {g: prestige_value(p, g, lvl) for g, lvl in p.goals.items()}
        items = p.coal + p.protected_coal + sum(f.coal for f in p.factories) + p.silk + p.iron + sum(
            f.goods for f in p.factories) + p.goods_reserve
        leftovers = items // t.n["leftovers_per_vp"]
        money = p.money // t.n["money_per_vp"]
        before = p.vp
        p.vp += sum(prestige.values()) + leftovers + money
        state.scores[str(p.seat)] = {
            "in_game": before, "prestige": prestige, "leftovers": leftovers, "money": money, "total": p.vp,
        }
        if events is not None:
            ev(events, "final_score", p.seat,
               M("{who}: {before} + prestige {prestige} + leftovers {leftovers} + money {money} = {total} VP.",
                 who=name(state, p.seat), before=before, prestige=sum(prestige.values()), leftovers=leftovers,
                 money=money, total=p.vp))
    if state.automa is not None and state.solo_result is not None:
        from .automa import rating

        state.solo_result["score"] = state.players[0].vp
        state.solo_result["rating"] = rating(state.players[0].vp)
        rating_name = state.solo_result["rating"]
        if events is not None:
            ev(events, "solo_end", 0, M("You win with {vp} VP: {rating}.", vp=state.players[0].vp,
                                        rating=T("rating", rating_name)))
    state.over = True


def prestige_value(p: Player, goal: str, level: int) -> int:
    """VP of a prestige tile of ``level`` on goal slot ``goal`` at final scoring (rulebook: Final scoring,
    step A)."""
    t = tables()
    pr = t.prestige[level]
    if goal in ("ships", "machines", "trains"):
        th = t.area_threshold[goal]
        built = getattr(p, goal)
        return pr.upper_vp if built >= th.upper else pr.lower_vp if built >= th.lower else 0
    if goal in ("rd", "mining", "finance"):
        pos = getattr(p, goal)
        if pos >= t.threshold_space(goal, "upper"):
            return pr.upper_vp
        return pr.lower_vp if pos >= t.threshold_space(goal, "lower") else 0
    filled = len(p.factories) if goal == "factories" else len(p.contracts_done)
    if filled == 0:
        return 0
    return t.slot_values[(goal, filled)][level - 1]


def check_legal(state: ZState, action: Action) -> None:
    """Raise :class:`IllegalAction` with a reason unless ``action`` is legal now."""
    if state.over:
        raise IllegalAction(M("The game is over."))
    legal = legal_actions(state)
    if action in legal:
        return
    raise IllegalAction(explain(state, action, legal))


def explain(state: ZState, action: Action, legal: list[Action]) -> str:
    """A player-readable reason (a :class:`~engine.core.i18n.Msg`) why ``action`` is not legal now."""
    from .explain import reason

    return reason(state, action, legal)

