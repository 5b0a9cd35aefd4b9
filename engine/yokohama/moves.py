"""Move labels: what each legal Yokohama action costs and gives, in at most 100 characters.

A label (:func:`describe`) is shown in the ``moves`` list, on Discord buttons and menus and in
autocomplete, whose entries hold at most :data:`LIMIT` characters. Each label is a
:class:`Fitted` text: a few wordings from the fullest to the shortest, of which a reader gets the
first that fits in their language. Labels name components as the rulebook does (area, technology
and country names, an order card by its face), never by a data id.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, cast

from engine.core import Action
from engine.core.i18n import DEFAULT_LANGUAGE, Msg, normalise

from . import notation, rules
from .effects import action_text, area_effect, power_with_president, tech_effect
from .state import YState
from .tables import tables
from .words import COUNTRY_NAMES, TECH_NAMES, M, amount, listing

#: Longest label (Discord's limit for button labels, select options and autocomplete choices).
LIMIT = 100


class Fitted(Msg):
    """A translatable label with shorter fall-backs: in each language the first of ``options``
    (Msgs, fullest first) whose translation holds at most :data:`LIMIT` characters; the last one
    cut to :data:`LIMIT` when none fits."""

    __slots__ = ("options",)

    options: tuple[Msg, ...]

    def __new__(cls, options: Sequence[Msg]) -> Fitted:
        if not options:
            raise ValueError("a fitted label needs at least one wording")
        first = options[0]
        # Msg.__new__ builds an instance of cls (it is annotated as returning a Msg)
        self = cast("Fitted", super().__new__(cls, first.domain, first.msgid, first.args, context=first.context,
                                              plural=first.plural, n=first.n))
        self.options = tuple(options)
        return self

    def __str__(self) -> str:
        return self.translated(DEFAULT_LANGUAGE)

    def __reduce__(self) -> Any:
        return (Fitted, (self.options,))

    def translated(self, lang: str | None = None) -> str:
        """The first wording that fits in ``lang`` (default: the current language)."""
        lang = normalise(lang) if lang else None
        text = ""
        for option in self.options:
            text = option.translated(lang)
            if len(text) <= LIMIT:
                return text
        return text[: LIMIT - 1] + "…"


#: What declining means at each decision (``pass``/``skip``/``done`` by the frame it answers).
DECLINE = {
    ("skip", "place"): M("Skip: place no assistant"),
    ("done", "place_a"): M("Done: place no more assistants"),
    ("done", "telegraph"): M("Done: no Telegraph assistant"),
    ("done", "recall"): M("Done: take no more assistants back"),
    ("done", "exchange"): M("Done: no more exchanges"),
    ("done", "hire"): M("Done: take no more pieces"),
    ("pass", "church"): M("Pass: no Church space"),
    ("pass", "customs"): M("Pass: no Customs House space"),
    ("pass", "lab"): M("Pass: take no technology"),
    ("pass", "port"): M("Pass: take no order"),
    ("skip", "bonus"): M("Skip: leave the 5-power token"),
    ("skip", "build"): M("Skip: build nothing"),
    ("skip", "wh_shop"): M("Skip: take no shop from the warehouse"),
}


def fitted(*options: Msg) -> Fitted:
    """A :class:`Fitted` label of ``options`` (fullest first)."""
    return Fitted(options)


def _seat(state: YState) -> int:
    """The seat deciding now."""
    return int(state.stack[-1]["seat"]) if state.stack and "seat" in state.stack[-1] else int(state.current)


def _order_labels(verb: str, order: str) -> Fitted:
    """An order label: ``verb`` is ``fulfil``, ``keep`` or ``take`` (with its space number)."""
    full, short = rules.order_text(order), rules.order_short(order)
    if verb == "fulfil":
        return fitted(M("Fulfil an order ({order})", order=full),
                      M("Fulfil: pay {goods} → {reward}", goods=rules.order_goods(order),
                        reward=rules.reward_text(tables().order_reward[order])),
                      M("Fulfil an order: {order}", order=short))
    return fitted(M("Keep the order ({order})", order=full), M("Keep: {order}", order=short))


def describe(state: YState, action: Action) -> str:
    """A label (a Msg, at most :data:`LIMIT` characters in every language) for ``action`` at
    ``state``: what it does, what it costs and what it gives at once."""
    k, a = action.kind, action.args
    t = tables()

    def area(i: int) -> str:
        return rules.area_label(state, str(a[i]))

    if k == "chance":
        return M("A random draw")
    if k == "main":
        return M("Go on to the main action")
    if k == "end":
        return M("End the turn")
    if k in ("agent", "free-agent"):
        seat = _seat(state)
        pw = rules.power(state, seat, str(a[0]))
        # The agent's action is steps 3-6 without the president (Faza akcji dodatkowych).
        full, gives = action_text(state, seat, str(a[0]), pw), area_effect(t.kind(str(a[0])), pw, state.players[seat])
        if k == "agent":
            return fitted(M("Use a foreign agent: the action of {area} at power {power}: {effect}", area=area(0),
                            power=pw, effect=full),
                          M("Foreign agent: {area}, power {power}: {effect}", area=area(0), power=pw, effect=full),
                          M("Foreign agent: {area}, power {power}: {effect}", area=area(0), power=pw, effect=gives),
                          M("Foreign agent: {area}, power {power}", area=area(0), power=pw))
        return fitted(M("Use a free agent: the action of {area} at power {power}: {effect}", area=area(0), power=pw,
                        effect=full),
                      M("Free agent: {area}, power {power}: {effect}", area=area(0), power=pw, effect=full),
                      M("Free agent: {area}, power {power}: {effect}", area=area(0), power=pw, effect=gives),
                      M("Free agent: {area}, power {power}", area=area(0), power=pw))
    if k == "achieve":
        tile = str(a[0])
        ach = t.achievements[tile]
        vp = ach.later if state.achievement_spaces.get(tile) else ach.first
        cond = rules.achievement_condition(tile)
        return fitted(M("Fulfil the achievement “{text}”: {vp} for an assistant from your hand", text=cond,
                        vp=amount("vp", vp)),
                      M("Achievement “{text}”: {vp}", text=cond, vp=amount("vp", vp)))
    if k == "order":
        return _order_labels("fulfil", str(a[0]))
    if k == "keep":
        return _order_labels("keep", str(a[0]))
    if k == "university":
        return M("University: 1 yen for an assistant from the warehouse")
    if k == "spin":
        return M("Spinning Mill: 1 raw silk for 2 yen")
    if k in ("put", "double"):
        seat = _seat(state)
        n = t.n["placement_b"] if k == "double" else 1
        fee = rules.placement_fee(state, seat, str(a[0])) * n
        pieces = rules.amount_piece("assistant", n)
        if fee:
            return M("Place {n} in {area} (pay {fee})", n=pieces, area=area(0), fee=amount("yen", fee))
        return M("Place {n} in {area}", n=pieces, area=area(0))
    if k in ("go", "tram", "station") and (k != "station" or not a):
        seat = _seat(state)
        dest = str(a[0]) if a else str(state.station)
        pw = power_with_president(state, seat, dest)
        where = rules.area_label(state, dest)
        if k == "go":
            cost = rules.routes(state, state.players[seat]).get(dest, (0, ()))[0]
        elif k == "tram":
            cost = rules.jump_cost(state, state.players[seat], dest)[0]
        else:
            cost = 0
        how = {"go": M("Move the president"), "tram": M("Tram: move the president"),
               "station": M("Station: move the president")}[k]
        # i18n: the short head of a president's move label ("Go: Silk Mill, power 2: 1 raw silk").
        brief = {"go": M("Go"), "tram": TECH_NAMES["tram"], "station": TECH_NAMES["station"]}[k]
        # What the area action then gives at that power, and whether building follows (Krok budowy).
        full, gives = action_text(state, seat, dest, pw), area_effect(t.kind(dest), pw, state.players[seat])
        if cost:
            toll = amount("yen", cost)
            return fitted(M("{how} to {area} (pay {fee}), action at power {power}: {effect}", how=how, area=where,
                            fee=toll, power=pw, effect=full),
                          M("{how}: {area} (pay {fee}), power {power}: {effect}", how=brief, area=where, fee=toll, power=pw,
                            effect=full),
                          M("{how}: {area} (pay {fee}), power {power}: {effect}", how=brief, area=where, fee=toll,
                            power=pw, effect=gives),
                          M("{how} to {area} (pay {fee}), action at power {power}", how=how, area=where, fee=toll,
                            power=pw))
        return fitted(M("{how} to {area}, action at power {power}: {effect}", how=how, area=where, power=pw,
                        effect=full),
                      M("{how}: {area}, power {power}: {effect}", how=brief, area=where, power=pw, effect=full),
                      M("{how}: {area}, power {power}: {effect}", how=brief, area=where, power=pw, effect=gives),
                      M("{how} to {area}, action at power {power}", how=how, area=where, power=pw))
    if k == "station":
        return M("Put the station token on {area} (+1 power there for everyone)", area=area(0))
    if k == "home":
        return M("Return the president to your hand (no area action)")
    if k == "recall":
        return M("Take an assistant back from {area}", area=area(0))
    if k == "sell":
        price = t.n["chinatown_prices"][str(a[0])]
        return M("Sell {good} for {yen}", good=amount(str(a[0]), 1), yen=amount("yen", price))
    if k == "buy":
        price = t.n["chinatown_ig_price"] if a[0] == "ig" else t.n["chinatown_prices"][str(a[0])]
        return M("Buy {good} for {yen}", good=amount(str(a[0]), 1), yen=amount("yen", price))
    if k == "church":
        return _church(state, action)
    if k == "customs":
        space = int(a[0])
        reward = rules.reward_text(_customs_reward(state, space))
        ig = amount("ig", t.customs[space - 1].ig)
        where = M("from the Customs House area") if a[1] == "area" else M("from your hand")
        return fitted(M("Customs House space {space}: pay {ig}, gain {reward}; assistant {where}", space=space, ig=ig,
                        reward=reward, where=where),
                      M("Customs House {space}: {ig} → {reward}", space=space, ig=ig, reward=reward))
    if k in ("pass", "skip", "done"):
        frame = str(state.stack[-1].get("k")) if state.stack else ""
        return DECLINE.get((k, frame)) or {"pass": M("Pass"), "skip": M("Skip"), "done": M("Done")}[k]
    if k == "hire":
        if a[0] == "assistant":
            return M("Take an assistant from the warehouse (free)")
        if a[0] == "shop":
            return M("Take a shop from the warehouse for {yen}", yen=amount("yen", t.n["shop_cost"]))
        price = rules.house_price(state.players[_seat(state)])
        return M("Take a trading house from the warehouse for {yen}", yen=amount("yen", price))
    if k == "tech":
        return _tech(state, action)
    if k == "port":
        f = state.stack[-1]
        row = state.ports[f["area"]]
        if len(a) == 1:
            order = str(row[int(a[0]) - 1])
            return fitted(M("Take the order on space {space} ({order})", space=a[0], order=rules.order_text(order)),
                          M("Take order {space}: {order}", space=a[0], order=rules.order_short(order)),
                          M("Take the order on space {space}", space=a[0]))
        pay = amount("yen", t.n["port_two_cost_yen"]) if a[2] == "yen" else amount("ig", t.n["port_two_cost_ig"])
        first, second = (rules.order_short(str(row[int(x) - 1])) for x in a[:2])
        return fitted(M("Take orders {first} and {second} for {pay}: {a}; {b}", first=a[0], second=a[1], pay=pay,
                        a=first, b=second),
                      M("Take the orders on spaces {first} and {second}, paying {pay}", first=a[0], second=a[1],
                        pay=pay))
    if k == "token":
        token = state.areas[state.stack[-1]["area"]].token
        return M("Take the 5-power token ({reward})", reward=rules.token_text(str(token)))
    if k == "shop":
        tile = str(state.areas[state.stack[-1]["area"]].tile)
        return M("Build a shop from your hand on space {space} ({reward})", space=a[0],
                 reward=rules.reward_text(_with_lighting(state, t.shop_rewards[tile][int(a[0]) - 1], "gas")))
    if k == "house":
        tile = str(state.areas[state.stack[-1]["area"]].tile)
        return M("Build the trading house from your hand ({reward})",
                 reward=rules.reward_text(_with_lighting(state, t.house_reward[tile], "electric")))
    if k == "leave":
        return M("Leave one assistant in the area (Telephone)")
    if k == "all":
        return M("Take every assistant back")
    if k == "good":
        return M("Take {good}", good=amount(str(a[0]), 1))
    if k == "shift":
        if a[0] == "hand":
            return M("Move an assistant from your hand to {dst}", dst=area(1))
        return M("Move an assistant from {src} to {dst}", src=area(0), dst=area(1))
    if k == "stop":
        return M("Stop moving assistants")
    if k == "take":
        return M("Take a shop from the warehouse for {yen}", yen=amount("yen", t.n["shop_cost"]))
    if k == "reward":
        return M("Take the achievement reward token of {country} and a free agent",
                 country=COUNTRY_NAMES[t.reward_tokens[str(a[0])]])
    return M("Move {move}", move=notation.format_action(action))


def _with_lighting(state: YState, reward: dict[str, int], kind: str) -> dict[str, int]:
    """A building reward with Gas Lighting's (shop) or Electric Lighting's (trading house) VP."""
    t = tables()
    p = state.players[_seat(state)]
    out = dict(reward)
    if kind == "gas" and rules.owns(p, "gas_lighting"):
        out["vp"] = out.get("vp", 0) + t.n["gas_lighting_vp"]
    if kind == "electric" and rules.owns(p, "electric_lighting"):
        out["vp"] = out.get("vp", 0) + t.n["electric_lighting_vp"]
    return {k: out[k] for k in sorted(out, key=_reward_rank)}


def _reward_rank(key: str) -> int:
    from .tables import REWARD_KEYS

    return REWARD_KEYS.index(key) if key in REWARD_KEYS else len(REWARD_KEYS)


def _customs_reward(state: YState, space: int) -> dict[str, int]:
    """A Customs House space's reward with Brickworks' VP."""
    t = tables()
    reward = dict(t.customs_reward[space - 1])
    if rules.owns(state.players[_seat(state)], "brickworks"):
        reward["vp"] = reward.get("vp", 0) + t.n["brickworks_vp"]
    return {k: reward[k] for k in sorted(reward, key=_reward_rank)}


def _church(state: YState, action: Action) -> Fitted:
    """A Church label: the space, what is paid for faith, the reward (with Winery's VP)."""
    t = tables()
    a = action.args
    space = int(a[0])
    reward = dict(t.church_reward[space - 1])
    if rules.owns(state.players[_seat(state)], "winery"):
        reward["vp"] = reward.get("vp", 0) + t.n["winery_vp"]
    gained = rules.reward_text({k: reward[k] for k in sorted(reward, key=_reward_rank)})
    pays = [amount("yen", t.n["church_pay_yen"]) if x == "yen" else amount(str(x), 1) for x in a[2:]]
    paid = listing(pays) if pays else M("nothing")
    where = M("from the Church area") if a[1] == "area" else M("from your hand")
    return fitted(M("Church space {space}: pay {paid}, gain {reward}; assistant {where}", space=space, paid=paid,
                    reward=gained, where=where),
                  M("Church {space}: pay {paid} → {reward}", space=space, paid=paid, reward=gained))


def _tech(state: YState, action: Action) -> Fitted:
    """A Laboratory label: the card, its production value and country, and the whole payment."""
    t = tables()
    a = action.args
    f = state.stack[-1]
    slot = int(a[0]) - 1
    card = str(state.labs[f["area"]][slot])
    tech = t.techs[card]
    need = tech.value + t.lab_surcharge[slot]
    rem = max(0, need - min(int(f["power"]), t.n["lab_max_power_pv"]))
    ig = int(a[1])
    yen = t.n["lab_yen_per_pv"] * (rem - ig)
    if a[2] == "yen":
        yen += t.n["lab_extra_yen"]
    elif a[2] == "ig":
        ig += t.n["lab_extra_ig"]
    paid = [amount("yen", yen)] if yen else []
    if ig:
        paid.append(amount("ig", ig))
    cost = listing(paid) if paid else M("nothing")
    name = rules.tech_name(card)
    country = COUNTRY_NAMES[tech.country]
    effect = tech_effect(tech.name)
    return fitted(M("Take {card} ({country}, production value {value}): pay {paid}; {effect}", card=name,
                    country=country, value=tech.value, paid=cost, effect=effect),
                  M("Take {card} ({value}): pay {paid}; {effect}", card=name, value=tech.value, paid=cost,
                    effect=effect),
                  M("Take {card} ({country}, production value {value}): pay {paid}", card=name, country=country,
                    value=tech.value, paid=cost),
                  M("Take {card} ({value}): pay {paid}", card=name, value=tech.value, paid=cost))
