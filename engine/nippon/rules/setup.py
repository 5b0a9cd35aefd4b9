"""Wstępne Przygotowanie (set-up): the table options and the initial state, whose random steps are pending
``CHANCE`` decisions."""

from __future__ import annotations

from typing import Any

from engine.core import IllegalAction

from ..state import PLAYER_COLOURS, CityState, NState, Options, Player
from ..tables import tables
from ..words import M
from .basics import stack_key
from .gameplay import advance


def validate_options(options: dict[str, Any]) -> Options:
    """Check table options: ``players`` 2–4. ``modules`` must be empty (Nippon has none) and
    ``first_game`` (a flag a player may set on any game in Discord) is accepted and ignored — Nippon has no
    first-game set-up (see ``NipponGame.option_warnings``). Any other key is refused.

    Raises :class:`~engine.core.IllegalAction` (a ``ValueError``) whose ``reason`` is a Msg.
    """
    if not isinstance(options, dict):
        raise IllegalAction(M("Table options must be a mapping such as {example}.", example="{'players': 3}"))
    players = options.get("players", 2)
    if isinstance(players, bool) or not isinstance(players, int) or players not in (2, 3, 4):
        raise IllegalAction(M("Nippon is played by 2 to 4 players."))
    unknown = sorted(str(k) for k in options if k not in ("players", "modules", "first_game"))
    if unknown:
        raise IllegalAction(M("Nippon has no option {option}; the only option is the number of players.",
                              option=", ".join(unknown)))
    if options.get("modules"):
        raise IllegalAction(M("Nippon has no modules."))
    return Options(players=players)


def setup(options: dict[str, Any], seed: int) -> NState:
    """Build the initial state; every random step is a pending ``CHANCE`` decision.

    Order of the random events (Wstępne Przygotowanie): first player; reward tiles removed at 2–3
    players (per multiplier pile, before the piles are split by bonus); per city space a city tile
    then its orientation; 3 workers per action space, then the worker rows top to bottom.
    Raises :class:`IllegalAction` for invalid options.
    """
    opts = validate_options(options)
    t = tables()
    n = opts.players
    pc = t.count(n)
    # Wstępne Przygotowanie, krok 10-11: 8 workers per colour, minus 1/2 per colour at 3/2 players.
    bag = {c: t.colour_count[c] - pc.workers_removed_per_colour for c in t.colours}
    players = []
    for seat in range(n):
        p = Player(seat=seat, colour=PLAYER_COLOURS[seat])
        p.money = t.n["start_money"]
        p.coal = t.n["start_coal"]
        p.blueprints = t.n["start_blueprints"]
        p.ships = p.trains = t.n["transport_tiles"]
        p.ship_value = t.n["start_ship_value"]
        p.train_value = t.n["start_train_value"]
        p.contracts = list(t.contract_ids)
        p.influence = list(t.influence_tiles)
        players.append(p)
    rewards: dict[str, int] = {}
    for tile in t.data.reward_tiles:
        key = stack_key(tile.multiplier, tile.bonus.kind())
        rewards[key] = rewards.get(key, 0) + 1
    rows = t.rows(n)
    state = NState(
        options=opts,
        seed=seed,
        players=players,
        bag=bag,
        spaces=[[] for _ in t.spaces],
        rows=[[] for _ in range(rows.rows)],
        row_short=[0] * rows.rows,
        cities=[CityState(id=c.id, region=c.region) for c in t.cities],
        transport={r: [] for r in t.region_ids},
        rewards=rewards,
        multipliers=len(t.data.multiplier_tiles),
        display=list(t.factory_ids),
    )
    # Frames are pushed in reverse: the last pushed runs first.
    state.stack.append({"k": "begin"})
    for r in reversed(range(rows.rows)):
        for _ in range(rows.size):
            state.stack.append({"k": "chance", "what": "draw", "to": "row", "index": r})
    for s in reversed(range(len(t.spaces))):
        for _ in range(t.n["workers_per_action_space"]):
            state.stack.append({"k": "chance", "what": "draw", "to": "space", "index": s})
    for c in reversed(range(len(t.cities))):
        state.stack.append({"k": "chance", "what": "rotate", "city": c})
        state.stack.append({"k": "chance", "what": "city", "city": c})
    for m in reversed(t.multipliers):
        for _ in range(pc.rewards_removed_per_pile):
            state.stack.append({"k": "chance", "what": "remove", "multiplier": m})
    state.stack.append({"k": "chance", "what": "first"})
    advance(state, [])
    return state
