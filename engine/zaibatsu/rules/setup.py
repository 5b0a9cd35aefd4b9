"""Common setup and Player setup (rulebook: Setup): the table options and the initial state, whose random
steps are pending ``CHANCE`` decisions."""

from __future__ import annotations

from typing import Any

from engine.core import IllegalAction

from ..data import COLOURS, GOODS
from ..state import PLAYER_COLOURS, MarketState, Options, Player, ZState
from ..tables import tables
from ..words import M, T
from .gameplay import advance
from .hooks import solo

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
        state.automa = solo().new_automa(opts.difficulty or "medium")
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
