"""Move labels (``describe``): each legal action with what it costs and what it gives at once.

Labels are shown in ``moves``, Discord buttons, menus and autocomplete, so each must stay within
:data:`LIMIT` characters in every language; components are named as in :mod:`.naming` (never by a
data id). Every label is a :class:`~engine.core.i18n.Msg` of the ``nippon`` domain.
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.core import Action
from engine.core.menus import dominated_last

from . import notation, rules
from .naming import contract_gain, contract_name, factory_name, reward_name, yen_prices
from .state import NState, Player
from .tables import tables
from .words import ACTION_NAMES, TRACK_NAMES, M, amount, listing

#: Discord's limit for a button, select-option or autocomplete label (characters).
LIMIT = 100


def _price(n: int) -> str:
    """A price in thousand yen, or "free"."""
    return amount("money", n) if n else M("free")


def action_summary(state: NState, p: Player, action: str) -> str:
    """What an action gives and costs for player ``p``, in a few words (a Msg)."""
    t = tables()
    if action in ("knowledge", "mines"):
        return M("+1 to +3 spaces for {prices}", prices=yen_prices(rules.prices_for(p, action)))
    if action == "invest":
        return M("a factory for {price}", price=amount("money", t.cumulative("invest")[0]))
    if action == "produce":
        return M("run 1 to 3 factories for coal")
    if action == "mechanize":
        return M("1 to 3 upgrades for {prices}", prices=yen_prices(rules.prices_for(p, action)))
    if action == "trains":
        return M("1 to 3 trains for {prices}", prices=yen_prices(rules.prices_for(p, action)))
    if action == "ships":
        return M("1 to 3 ships for {prices}", prices=yen_prices(rules.prices_for(p, action)))
    if action == "export":
        return M("fulfil 1 to 3 contracts")
    return M("deliver goods for influence in one region")


def _consolidate(state: NState, p: Player) -> str:
    """Consolidation: income now, wages and the Emperor's reward level."""
    t = tables()
    money = rules.track_value(p, "money") + sum(o.money for o in rules.ops_of(p, "consolidation_money"))
    keep = min(p.coal, sum(o.coal for o in rules.ops_of(p, "keep_coal")))
    coal = keep + rules.track_value(p, "coal")
    wages = len(set(p.workers)) * t.n["payday_per_colour"]
    if len(p.workers) >= t.n["emperor_min_workers"]:
        return M("Consolidate: income {money} and {coal}; wages {wages}; reward ≤{level}x",
                 money=amount("money", money), coal=amount("coal", coal), wages=amount("money", wages),
                 level=t.worker_levels[len(p.workers)] or 0)
    return M("Consolidate: income {money} and {coal}; wages {wages}", money=amount("money", money),
             coal=amount("coal", coal), wages=amount("money", wages))


def _market(state: NState, a: tuple) -> str:
    """A Local market placement: the goods paid, the tile placed, the region bonus, a tile returned."""
    t = tables()
    cid, side, cubes, value, evict = str(a[0]), str(a[1]), int(a[2]), int(a[3]), str(a[4])
    city = next(c for c in state.cities if c.id == cid)
    goods = rules.goods_name(rules.city_goods(city, "NESW".index(side)))
    region = t.city_by_id[cid].region
    bonus = t.region_by_id[region].bonus
    gain = amount(bonus.kind(), bonus.value())
    paid = M("{n} {goods}", n=cubes, goods=goods)
    if evict != "-":
        return M("City {city} {side}: {paid} → influence {value}, +{gain}; the tile at {evict} returns",
                 city=cid, side=side, paid=paid, value=value, gain=gain, evict=evict)
    return M("City {city} {side}: {paid} → influence {value}, +{gain}", city=cid, side=side, paid=paid,
             value=value, gain=gain)


def _chance(state: NState, value: str) -> str:
    """A chance outcome in words (the table draws it; shown only in replays and tests)."""
    t = tables()
    f = rules.top(state) if state.stack else {}
    what = f.get("what")
    if what == "draw":
        return M("Draw: a {colour} worker", colour=rules.worker_colour(value))
    if what == "first":
        return M("Draw: {who} plays first", who=rules.PLAYER_NAMES[state.players[int(value[4:]) - 1].colour])
    if what == "remove":
        return M("Draw: remove a reward tile {tile}", tile=reward_name(rules.stack_key(f["multiplier"], value)))
    if what == "city":
        return M("Draw: a city tile ({goods})", goods=listing([rules.goods_name(g) for g in t.city_tiles[value]]))
    return M("Draw: the city tile turned {n} times", n=int(value[1:]))


def menu_order(state: NState, actions: Sequence[Action]) -> list[Action]:
    """``actions`` in the order menus offer them: among the placements on one city space (the same
    city, side and returned tile), one that pays more goods for no more influence, or gets less
    influence for no fewer goods, comes after the better ones (``market M1 W 2 1``, 2 goods for
    influence 1, after ``market M1 W 1 1`` and ``market M1 W 2 2``; rulebook: Local market). The
    set of actions is unchanged (:func:`engine.core.menus.dominated_last`)."""

    def group(a: Action) -> tuple[str, ...] | None:
        return ("market", str(a.args[0]), str(a.args[1]), str(a.args[4])) if a.kind == "market" else None

    # Outcome: fewer goods paid (negated) and a higher influence value are better.
    return dominated_last(actions, group, lambda a: (-int(a.args[2]), int(a.args[3])))


def describe(state: NState, action: Action) -> str:
    """A short label (a Msg, at most :data:`LIMIT` characters) for ``action`` in ``state``: what it
    costs and what it gives at once."""
    k, a = action.kind, action.args
    f = rules.top(state) if state.stack else {}
    p = state.players[f["seat"]] if "seat" in f else None
    if k == "chance":
        return _chance(state, str(a[0]))
    if p is None:
        return M("Move {move}", move=notation.format_action(action))
    if k == "take":
        act = str(a[1])
        return M("Worker ({colour}) from space {space} → {action}: {what}", colour=rules.worker_colour(str(a[2])),
                 space=a[0], action=ACTION_NAMES[act], what=action_summary(state, p, act))
    if k == "consolidate":
        return _consolidate(state, p)
    if k == "done":
        return M("Done")
    if k == "up":
        act = f.get("action", "knowledge")
        track = "knowledge" if act == "knowledge" else "coal"
        price = rules.marginal(rules.prices_for(p, act), f.get("n", 0))
        return M("{track} +1 for {price}", track=TRACK_NAMES[track], price=_price(price))
    if k == "factory":
        tile = str(a[0])
        short = rules.knowledge_short(p, tile)
        cost = amount("money", tables().cumulative("invest")[0])
        if short:
            return M("Build {factory}: {price} + {blueprints}", factory=factory_name(tile), price=cost,
                     blueprints=amount("blueprints", short))
        return M("Build {factory}: {price}", factory=factory_name(tile), price=cost)
    if k == "produce":
        fac = rules.factory_of(p, str(a[0]))
        assert fac is not None
        return M("Produce {goods}: {coal} → {made}", goods=rules.goods_name(fac.goods),
                 coal=amount("coal", rules.production_coal(fac)), made=amount("goods", rules.production_gain(fac)))
    if k == "machine":
        price = rules.marginal(rules.prices_for(p, "mechanize"), f["n"]) if f.get("k") == "act" else 0
        if a[0] == "supply":
            return M("Buy a machinery tile for {price} (goes on your next factory)", price=_price(price))
        fac = rules.factory_of(p, str(a[0]))
        level = (fac.machine if fac else 0) + 1
        return M("Upgrade the {goods} factory to +{level} for {price}", goods=rules.goods_name(str(a[0])),
                 level=level, price=_price(price))
    if k in ("train", "ship"):
        price = rules.marginal(rules.prices_for(p, k + "s"), f["n"]) if f.get("k") == "act" else 0
        region = rules.region_name(str(a[0]))
        if k == "train":
            return M("Build a train (+{value}) in {region} for {price}", value=p.train_value, region=region,
                     price=_price(price))
        return M("Build a ship ({vp}) in {region} for {price}", vp=amount("vp", p.ship_value), region=region,
                 price=_price(price))
    if k == "export":
        cid = str(a[0])
        req = tables().contracts[cid].requires
        goods = listing([M("{n} {goods}", n=n, goods=rules.goods_name(str(g))) for g, n in zip(a[1:], req)])
        return M("Fulfil {contract}: {goods} → {gain}", contract=contract_name(cid), goods=goods,
                 gain=contract_gain(cid))
    if k == "market":
        return _market(state, a)
    if k == "reward":
        return M("Take the reward tile {tile}", tile=reward_name(rules.stack_key(int(a[0]), str(a[1]))))
    if k == "place":
        return M("Put the {mult}x tile on: {text}", mult=f.get("mult", 0), text=rules.achievement_text(str(a[0])))
    if k == "bp":
        return M("Discard 3 blueprints: {track} +1", track=TRACK_NAMES[str(a[0])])
    return M("Move {move}", move=notation.format_action(action))



def move_words(action: Action) -> str:
    """A played move in a few words without its position (a Msg, about 30 characters): what the turn
    picture shows in the place of the notation ("Build a factory: Bento", "Fulfil contract 2+1");
    the turn's account below it gives the details."""
    k, a = action.kind, action.args
    if k == "take":
        return ACTION_NAMES[str(a[1])]  # the worker taken is in the account below the move
    if k == "consolidate":
        return M("Consolidate")
    if k == "done":
        return M("Done")
    if k == "up":
        return M("One space up")
    if k == "factory":
        return M("Build a factory: {goods}", goods=rules.goods_name(tables().factory(str(a[0])).goods))
    if k == "produce":
        return M("Produce: {goods}", goods=rules.goods_name(str(a[0])))
    if k == "machine":
        if a[0] == "supply":
            return M("Buy a machinery tile")
        return M("Upgrade the {goods} factory", goods=rules.goods_name(str(a[0])))
    if k == "train":
        return M("Build a train in {region}", region=rules.region_name(str(a[0])))
    if k == "ship":
        return M("Build a ship in {region}", region=rules.region_name(str(a[0])))
    if k == "export":
        return M("Fulfil {contract}", contract=contract_name(str(a[0])))
    if k == "market":
        return M("City {city} {side}: influence {value}", city=str(a[0]), side=str(a[1]), value=int(a[3]))
    if k == "reward":
        return M("Reward tile {tile}", tile=reward_name(rules.stack_key(int(a[0]), str(a[1]))))
    if k == "place":
        # i18n: a reward tile put on an achievement space (the account below says which).
        return M("Tile on an achievement space")
    if k == "bp":
        return M("3 blueprints: {track} +1", track=TRACK_NAMES[str(a[0])])
    return M("Random event")


def notation_words(text: str) -> str:
    """A move's notation (``"export K4 silk paper"``) in words in the current language; notation
    that does not parse (or a chance outcome) is returned as it is."""
    from engine.core import IllegalAction
    from engine.core.i18n import tr

    try:
        action = notation.parse_action(text)
    except (IllegalAction, ValueError):
        return text
    if action.kind == "chance":
        return text
    return str(tr(move_words(action)))
