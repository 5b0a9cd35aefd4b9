"""What a place or a card does, in words derived from the component data: an area's action at a
power, whether building is possible there, and each technology card's effect.

The numbers come from ``data/area_effects.json`` (``by_power``: what each power 1–5 gives) and
``data/rule_numbers.json`` (the technologies' bonuses, the build threshold); the words are ``Msg``s
of the ``yokohama`` domain, so a label, the text board and the rules topics say the
same in every language and cannot disagree with what the rules then do.

Rule sources (Yokohama rulebook (PL)): "Szczegółowy opis obszarów" (the area actions by power),
"Krok budowy" (a shop or trading house needs power 4 or more), "Karty technologii" (the 20
technologies).
"""

from __future__ import annotations

from engine.core.i18n import Msg

from . import rules
from .state import Player, YState
from .tables import LEVELS, tables
from .words import AREA_NAMES, GOODS_NAMES, LEVEL_NAMES, M, Mn, T, amount

#: The Port's highest order level allowed by ``by_power`` (1 low, 2 low or mid, 3 any level).
PORT_LEVELS = {1: M("a low order"), 2: M("a low or mid order"), 3: M("an order of any level")}


def area_effect(kind: str, power: int, owner: Player | None = None) -> Msg:
    """What the action of an area of ``kind`` (``silk_mill``, ``port_a`` …) gives at ``power`` (1–5,
    higher is capped at the maximum): "1 raw silk", "up to 2 exchanges", "nothing" …

    With ``owner``, that player's technologies that change the gain are counted (Mining Technology:
    1 more copper, docs/rules-notes.md Y-14). Raises ``KeyError`` for the Canal or an unknown kind.
    """
    t = tables()
    effect = t.effects[kind]
    power = max(1, min(power, t.n["max_power"]))
    n = effect.by_power[power - 1]
    e = effect.effect
    if e == "gain":
        good = str(effect.good)
        if n and good == "copper" and owner is not None and rules.owns(owner, "mining_technology"):
            n += t.n["mining_extra"]
        return amount(good, n) if n else M("nothing")
    if e == "exchange":
        # Chińska dzielnica: N exchanges at the fixed prices, one by one.
        return Mn("up to {n} exchange in Chinatown", "up to {n} exchanges in Chinatown", n)
    if e == "church":
        # Kościół: faith = power, plus optional payments; then one Church space up to that faith.
        return Mn("{n} faith (pay goods for more) for a Church space", "{n} faith (pay goods for more) for a Church space", n)
    if e == "customs":
        # Urząd celny: pay up to N imported goods for the space of exactly that number.
        if not n:
            return M("nothing")
        return Mn("a Customs House space for up to {n} imported good",
                  "a Customs House space for up to {n} imported goods", n)
    if e == "employment":
        # Agencja pracy: up to N pieces from the warehouse (assistant free, shop 2 yen, trading house 4–7 yen).
        if not n:
            return M("nothing")
        return Mn("up to {n} piece from your warehouse", "up to {n} pieces from your warehouse", n)
    if e == "laboratory":
        # Laboratorium: power pays N production value towards one technology card; the rest in yen or IG.
        return Mn("a technology card; power pays {n} production value", "a technology card; power pays {n} production value", n)
    if e == "port":
        # Port: 1 order free or 2 for 2 yen / 1 IG, of the levels the power allows; power 5 scores 3 VP too.
        if not n:
            return M("nothing")
        orders = PORT_LEVELS[int(n)]
        if power == t.n["max_power"]:
            return M("{orders} and {vp}", orders=orders, vp=amount("vp", t.n["port_p5_vp"]))
        return orders
    raise KeyError(e)


def can_build(power: int) -> bool:
    """Whether a player may build (a shop or trading house) after an area action at ``power``
    (Krok budowy: power 4 or more, ``rule_numbers.json`` ``build_min_power``)."""
    return power >= tables().n["build_min_power"]


def build_note(power: int) -> Msg:
    """"then you may build" or "no building: it needs power 4" for an action at ``power``."""
    need = tables().n["build_min_power"]
    if can_build(power):
        return M("then you may build")
    return M("no building: it needs power {n}", n=need)


def power_with_president(state: YState, seat: int, area: str) -> int:
    """``seat``'s power in ``area`` once its president stands there (Krok akcji obszaru: the
    president counts 1), at most the maximum power."""
    already = state.players[seat].president == area
    return min(rules.power(state, seat, area) + (0 if already else 1), tables().n["max_power"])


def action_text(state: YState, seat: int, area: str, power: int) -> Msg:
    """What ``seat``'s area action in ``area`` gives at ``power``, with the building note and, at the
    maximum power, the area's 5-power token ("1 raw silk; no building: it needs power 4")."""
    t = tables()
    kind = t.kind(area)
    effect = area_effect(kind, power, state.players[seat])
    a = state.areas[area]
    if power >= t.n["max_power"] and a.token is not None:
        effect = M("{effect}, the 5-power token", effect=effect)
    if a.tile is None:  # no building tile (the Canal has none)
        return effect
    return M("{effect}; {build}", effect=effect, build=build_note(power))


def tech_effect(name: str) -> Msg:
    """What a technology (by name id: ``tram``, ``ball`` …) does, with the numbers of
    ``rule_numbers.json`` (Karty technologii). Raises ``KeyError`` for another name."""
    n = tables().n
    vp, yen = (lambda k: amount("vp", n[k])), (lambda k: amount("yen", n[k]))
    texts: dict[str, Msg] = {
        "ball": M("{vp} each time you fulfil an order", vp=vp("ball_vp")),
        "brickworks": M("{vp} each time you place an assistant on the Customs House board", vp=vp("brickworks_vp")),
        # The Canal fee is still paid (docs/rules-notes.md Y-12); the technologies topic says so.
        "stagecoach": M("pay nothing to the presidents you pass"),
        "newspaper": M("placement option A places up to {n} assistants", n=n["newspaper_a_max"]),
        "stock_exchange": M("at the start of your turn, take yen up to {yen} if you have less",
                            yen=yen("stock_exchange_to")),
        "electric_lighting": M("{vp} each time you build a trading house", vp=vp("electric_lighting_vp")),
        "gas_lighting": M("{vp} each time you build a shop", vp=vp("gas_lighting_vp")),
        "spinning_mill": M("once per turn, change 1 raw silk into {yen}", yen=yen("spinning_mill_yen")),
        "station": M("put the station token on an area (+1 power for everyone); move straight there"),
        "patent_system": M("{vp} for each technology you take after this one", vp=vp("patent_vp")),
        "postal_system": M("your president may stop where other presidents are (you pay them)"),
        "language_school": M("{yen} each time you fulfil an order", yen=yen("language_school_yen")),
        "mining_technology": M("{copper} more whenever you gain copper", copper=amount("copper", n["mining_extra"])),
        "telephone": M("in recovery you may leave 1 assistant in the area"),
        "telegraph": M("with placement option B, {n} more assistant in an adjacent area", n=n["telegraph_extra"]),
        "tram": M("move your president straight to any area with your assistant and no other president"),
        "printing": M("{yen} for each technology you take after this one", yen=yen("printing_yen")),
        "university": M("once per turn, pay {yen} for an assistant from your warehouse",
                        yen=yen("university_cost")),
        "winery": M("{vp} each time you place an assistant on the Church board", vp=vp("winery_vp")),
        "exhibition": M("{vp} at once when you take it", vp=vp("exhibition_vp")),
    }
    return texts[name]


def _dash(n: int) -> object:
    """A table cell: the number, or a dash for "nothing at this power"."""
    return n if n else "–"


def _lines(items: list[Msg]) -> Msg:
    """``items`` one per line, kept translatable (an empty list raises ``ValueError``)."""
    if not items:
        raise ValueError("no lines")
    text = items[-1]
    for item in reversed(items[:-1]):
        # i18n: Two or more lines of a rules answer; {rest} may itself hold several lines.
        text = M("{first}\n{rest}", first=item, rest=text)
    return text


def power_table() -> Msg:
    """Every area's action at power 1 to 5, one line per area kind, from ``area_effects.json``,
    then the building threshold and the 5-power bonus (Szczegółowy opis obszarów, Krok budowy,
    Krok premii 5-krotnej siły). Used by the rules topic ``actions``."""
    t = tables()
    out: list[Msg] = []
    for e in t.data.area_effects:
        name = AREA_NAMES[e.kind]
        p = {f"p{i + 1}": _dash(int(n)) for i, n in enumerate(e.by_power)}
        if e.effect == "gain":
            what = GOODS_NAMES[str(e.good)] if e.good in GOODS_NAMES else T("icon meaning", "yen")
            # i18n: One area's gain at power 1 / 2 / 3 / 4 / 5 ("Silk Mill — raw silk: – / 1 / 2 / 3 / 4").
            out.append(M("{area} — {what}: {p1} / {p2} / {p3} / {p4} / {p5}", area=name, what=what, **p))
        elif e.effect == "exchange":
            out.append(M("{area} — exchanges: {p1} / {p2} / {p3} / {p4} / {p5}", area=name, **p))
        elif e.effect == "church":
            out.append(M("{area} — faith (more by paying goods): {p1} / {p2} / {p3} / {p4} / {p5}", area=name, **p))
        elif e.effect == "customs":
            out.append(M("{area} — imported goods paid at most: {p1} / {p2} / {p3} / {p4} / {p5}", area=name, **p))
        elif e.effect == "employment":
            out.append(M("{area} — pieces from the warehouse: {p1} / {p2} / {p3} / {p4} / {p5}", area=name, **p))
        elif e.effect == "laboratory":
            out.append(M("{area} — production value paid by power: {p1} / {p2} / {p3} / {p4} / {p5}", area=name,
                         **p))
        elif e.effect == "port":
            levels = {f"p{i + 1}": LEVEL_NAMES[LEVELS[int(n) - 1]] if n else "–" for i, n in enumerate(e.by_power)}
            out.append(M("{area} — highest order level: {p1} / {p2} / {p3} / {p4} / {p5}; power 5 also scores {vp}",
                         area=name, vp=amount("vp", t.n["port_p5_vp"]), **levels))
    return M("What each area's action gives at power 1 / 2 / 3 / 4 / 5 (– is nothing):\n{lines}\n"
             "A shop or trading house may be built only after an action at power {build} or more; at power 5 "
             "you also take the area's 5-power token if it is still there.",
             lines=_lines(out), build=t.n["build_min_power"])
