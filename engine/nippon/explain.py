"""Player-readable reasons for refused actions, as Msgs, and the legality check
of the game's ``apply`` (:func:`check_legal`); this layer sits above the rules, which never import it."""

from __future__ import annotations

from engine.core import Action, IllegalAction
from engine.core.explain import RefusalWords, chance_refusal, kind_refusal

from . import rules
from .naming import achievement_name, contract_need, factory_name
from .notation import format_action
from .state import NState, Player
from .tables import tables
from .words import ACTION_NAMES, TRACK_NAMES, M, amount, listing

KIND_WORDS = {
    "turn": M("take a worker ('take …') or 'consolidate'"),
    "action": M("a repetition of your action, or 'done'"),
    "free": M("a free piece from your factory bonus, or 'done'"),
    "reward": M("a reward tile ('reward …')"),
    "place": M("an achievement space ('place …')"),
}

#: The texts of the refusals every game shares, in this game's message domain.
WORDS = RefusalWords(
    pending=M("A random event is pending; it is drawn by the table, not chosen."),
    drawn=M("Chance outcomes are drawn by the table, not played."),
    wrong_kind=lambda **a: M("Now: {prompt}. '{kind}' is not possible here; expected {expected}.", **a),
    kinds=KIND_WORDS,
)


def check_legal(state: NState, action: Action) -> None:
    """Pass if ``action`` is one of the legal actions now; else raise :class:`IllegalAction`
    whose reason (a Msg, from :func:`reason`) says why."""
    choices = [] if state.over else rules.legal_actions(state)
    if action not in choices:
        raise IllegalAction(M("The game is over.") if state.over else reason(state, action, choices))


def reason(state: NState, action: Action, legal: list[Action]) -> str:
    """Why ``action`` is not one of the ``legal`` choices of the pending decision, as a Msg."""
    d = rules.decision(state)
    refusal = chance_refusal(WORDS, d, action)
    if refusal is not None:
        return refusal
    p = state.players[d.seat]  # type: ignore[index]  # chance was refused above: a player decides
    kinds = {a.kind for a in legal}
    if action.kind == "bp":
        return _blueprints(p, action)
    if action.kind == "done" and d.kind == "action":
        return M("Make at least one repetition of your action before 'done'.")
    refusal = kind_refusal(WORDS, d, action, kinds, legal, format_action)
    if refusal is not None:
        return refusal
    k, a = action.kind, action.args
    if k == "take":
        return _take(state, p, a)
    f = rules.top(state)
    if k == "factory":
        return _factory(state, p, str(a[0]))
    if k == "produce":
        fac = rules.factory_of(p, str(a[0]))
        if fac is None:
            return M("You have no {goods} factory.", goods=_goods(str(a[0])))
        if str(a[0]) in f.get("used", []):
            return M("Each factory produces at most once per turn.")
        if p.coal < rules.production_coal(fac):
            return M("The {goods} factory needs {coal}; you have {have}.", goods=_goods(fac.goods),
                     coal=amount("coal", rules.production_coal(fac)), have=amount("coal", p.coal))
        return M("The storage of the {goods} factory is full.", goods=_goods(fac.goods))
    if k == "machine":
        return M("Upgrade a factory that can take one (no machine, or +1); a machinery tile for the supply only "
                 "when no factory can, and only if you can pay.")
    if k in ("train", "ship"):
        return _transport(state, p, f, k, str(a[0]))
    if k == "export":
        cid = str(a[0])
        if cid in p.contracts_done:
            return M("Contract {contract} is already fulfilled.", contract=contract_need(cid))
        req = tables().contracts[cid].requires
        return M("Contract {contract} needs {need} of distinct goods (largest first, equal amounts in goods "
                 "order); name one good per requirement from your storage.", contract=contract_need(cid),
                 need=" + ".join(str(r) for r in req))
    if k == "market":
        return _market(state, p, f, a)
    if k == "reward":
        return M("Take a tile of multiplier {level}x or lower from a stack that still has tiles.",
                 level=f.get("level", 0))
    if k == "place":
        # i18n: a quoted text (an achievement space's text), with the language's quotation marks.
        quoted = M("“{text}”", text=achievement_name(str(a[0])))
        return M("Achievement space {achievement} already holds a tile.", achievement=quoted)
    return M("That move is not possible now ({prompt}).", prompt=d.prompt)


def _goods(goods: str) -> str:
    return rules.goods_name(goods)


def _blueprints(p: Player, action: Action) -> str:
    t = tables()
    cost = t.n["blueprint_conversion"]
    if p.blueprints < cost:
        return M("Converting needs {need}; you have {have}.", need=amount("blueprints", cost),
                 have=amount("blueprints", p.blueprints))
    track = str(action.args[0])
    if rules.room(p, track) < 1:
        return M("Your marker is at the top of the {track}.", track=TRACK_NAMES[track])
    return M("After that conversion you could not complete the step you are in.")


def _take(state: NState, p: Player, a: tuple) -> str:
    t = tables()
    s, act, colour = int(a[0]), str(a[1]), str(a[2])
    if not 1 <= s <= len(state.spaces):
        return M("There are action spaces 1 to {n}.", n=len(state.spaces))
    if act not in t.spaces[s - 1].actions:
        offered = listing([ACTION_NAMES[x] for x in t.spaces[s - 1].actions])
        return M("Action space {space} offers {offered}, not {action}.", space=s, offered=offered,
                 action=ACTION_NAMES[act])
    if colour not in state.spaces[s - 1]:
        return M("Action space {space} has no {colour} worker.", space=s, colour=rules.worker_colour(colour))
    if len(p.workers) >= t.n["worker_slots"]:
        return M("All your worker spaces are full: you must consolidate.")
    return M("You cannot perform {action} in full now ({why}).", action=ACTION_NAMES[act], why=_why(state, p, act))


def _why(state: NState, p: Player, act: str) -> str:
    """Why an action cannot even start (the first repetition)."""
    if act in ("knowledge", "mines"):
        track = "knowledge" if act == "knowledge" else "coal"
        if rules.room(p, track) < 1:
            return M("your marker is at the top of the {track}", track=TRACK_NAMES[track])
        return M("you cannot pay {price}", price=amount("money", rules.marginal(rules.prices_for(p, act), 0)))
    if act == "invest":
        return M("no factory you may build: 6,000 yen, knowledge or blueprints, one factory per good")
    if act == "produce":
        return M("no factory with enough coal and a free storage space")
    if act in ("mechanize", "trains", "ships"):
        return M("you cannot pay {price}, or there is nowhere to build",
                 price=amount("money", rules.marginal(rules.prices_for(p, act), 0)))
    if act == "export":
        return M("no contract you can fulfil with your goods")
    return M("no influence tile you can place with your goods")


def _factory(state: NState, p: Player, tile: str) -> str:
    t = tables()
    if tile not in state.display:
        return M("Factory {tile} is already built.", tile=factory_name(tile))
    goods = t.factory(tile).goods
    if rules.factory_of(p, goods) is not None:
        return M("You already have a {goods} factory (one factory per good).", goods=_goods(goods))
    cost = t.cumulative("invest")[0]
    if p.money < cost:
        return M("A factory costs {cost}; you have {have}.", cost=amount("money", cost), have=amount("money", p.money))
    short = rules.knowledge_short(p, tile)
    return M("Factory {tile} needs {short} more knowledge levels, paid with blueprints; you have {have}.",
             tile=factory_name(tile), short=short, have=amount("blueprints", p.blueprints))


def _transport(state: NState, p: Player, f: dict, piece: str, region: str) -> str:
    if (p.ships if piece == "ship" else p.trains) <= 0:
        return M("You have no {piece} tile left.", piece=ACTION_NAMES[piece + "s"])
    if region in f.get("used", []):
        return M("Pieces built in one action go to different regions.")
    if len(state.transport[region]) >= rules.transport_capacity(state):
        return M("Every train/ship space of {region} is taken.", region=rules.region_name(region))
    return M("You cannot pay for that.")


def _market(state: NState, p: Player, f: dict, a: tuple) -> str:
    t = tables()
    city_id, side, cubes, value = str(a[0]), str(a[1]), int(a[2]), int(a[3])
    region = t.city_by_id[city_id].region
    if f.get("region") not in (None, region):
        return M("All influence tiles of one action go to one region ({region}).",
                 region=rules.region_name(f["region"]))
    city = next(c for c in state.cities if c.id == city_id)
    goods = rules.city_goods(city, "NESW".index(side))
    fac = rules.factory_of(p, goods)
    if not 1 <= cubes <= 3:
        return M("Deliver 1, 2 or 3 goods per influence tile.")
    if fac is None or fac.stored < cubes:
        return M("That space of city {city} wants {goods}; you do not have {n} of them.", city=city_id,
                 goods=_goods(goods), n=amount("goods", cubes))
    if value not in p.influence:
        return M("You have no unused influence tile of value {value}.", value=value)
    top_value = rules.influence_value(t.goods[goods].level, cubes)
    if value > top_value:
        return M("With {n} of {goods} you may place a tile of value {top} at most.", n=amount("goods", cubes),
                 goods=_goods(goods), top=top_value)
    return M("That influence space is not available: it needs a strictly higher tile, and a full city only "
             "takes a tile higher than its lowest (name the one that returns with 'evict').")
