"""Krok akcji obszaru (step 3 of the main action) with Szczegółowy opis obszarów: each area's action at the
player's power, and its choices."""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from typing import Any

from engine.core import Action, Event

from ..state import GOODS, Player, YState
from ..tables import LEVELS, tables
from ..words import TECH_NAMES, M, amount, listing
from .basics import (
    GAIN_EFFECT,
    act,
    area_label,
    area_name,
    ev,
    hand_limit,
    in_hand,
    name,
    once,
    owns,
    power,
    tech_name,
)
from .end_of_game import board_full_check, trigger_end
from .rewards import gain, house_price, take_from_warehouse
from .technologies import gain_technology

#: Church payment types: one of each, +1 faith each (Szczegółowy opis obszarów, Kościół).
CHURCH_PAYMENTS = ("copper", "silk", "tea", "fish", "ig", "yen")


def push_area_steps(state: YState, seat: int, area: str, *, main: bool) -> None:
    """Push steps 3–6 for ``area`` (area action, 5-power bonus, build, recovery)."""
    st = state.stack
    st.append({"k": "auto", "what": "recovery", "seat": seat, "area": area})
    st.append({"k": "auto", "what": "build", "seat": seat, "area": area})
    st.append({"k": "auto", "what": "bonus", "seat": seat, "area": area})
    st.append({"k": "auto", "what": "area_action", "seat": seat, "area": area, "main": main})


def area_action(state: YState, seat: int, area: str, events: list[Event] | None) -> None:
    """Step 3 (Krok akcji obszaru): the area's effect at the seat's power; trading-house income."""
    t = tables()
    p = state.players[seat]
    pw = power(state, seat, area)
    state.turn["power"] = pw
    a = state.areas[area]
    effect = t.effects[t.kind(area)]
    if events is not None:
        text = once(("area_action", p.colour, area, tuple(state.boards), pw), lambda: M(
            "{who} takes the action of {area} at power {power}.", who=name(state, seat), area=area_label(state, area),
            power=pw))
        ev(events, "area_action", seat, text, area=area, power=pw)
    # Dom handlowy: its owner (another player) takes 1 yen from the bank (docs/rules-notes.md Y-11: agent actions too).
    if a.house is not None and a.house != seat:
        state.players[a.house].yen += 1
        if events is not None:
            ev(events, "house_income", a.house, M("{who} earns {yen} from the trading house in {area}.",
                                                  who=name(state, a.house), yen=amount("yen", 1),
                                                  area=area_label(state, area)), area=area)
    n = effect.by_power[pw - 1]
    kind = effect.effect
    if kind == GAIN_EFFECT:
        if n:
            # i18n: Where a gain comes from: an area's action at a power ("Fishery, power 4").
            why = once(("area_power", area, tuple(state.boards), pw), lambda: M(
                "{area}, power {power}", area=area_label(state, area), power=pw)) if events is not None else None
            gain(state, p, {effect.good: n}, events, why)  # type: ignore[dict-item]  # a gain area names its good (data check)
    elif kind == "exchange":
        state.stack.append({"k": "exchange", "seat": seat, "area": area, "left": n, "copper": False})
    elif kind == "church":
        state.stack.append({"k": "church", "seat": seat, "area": area, "power": n})
    elif kind == "customs":
        if n:
            state.stack.append({"k": "customs", "seat": seat, "area": area, "power": pw})
    elif kind == "employment":
        if n:
            state.stack.append({"k": "hire", "seat": seat, "area": area, "left": n})
    elif kind == "laboratory":
        state.stack.append({"k": "lab", "seat": seat, "area": area, "power": n})
    elif kind == "port":
        if pw == t.n["max_power"]:
            # Port at power 5: +3 VP as well (docs/rules-notes.md Y-6: also when no card is taken).
            gain(state, p, {"vp": t.n["port_p5_vp"]}, events,
                 M("power 5 in {area}", area=area_label(state, area)) if events is not None else None)
        if n:
            state.stack.append({"k": "port", "seat": seat, "area": area, "power": pw})


def mandatory_area_action(state: YState) -> bool:
    """Whether the game's rules revision makes step 3 (the area action) mandatory: revision 2 on;
    revision 1 (before docs/rules-notes.md Y-22 was settled) lets ``pass`` decline it anywhere."""
    return state.options.rules_revision >= 2


def may_pass(state: YState, f: dict[str, Any], p: Player) -> bool:
    """Whether the player may decline the area action's choice (``pass``; docs/rules-notes.md Y-22).

    Krok akcji obszaru is mandatory (rulebook, Faza akcji głównej,
    p. 6: "Kroki 1, 2, 3 i 6 są obowiązkowe."), and the Church ("Umieść 1 asystenta …"), the
    Customs House ("Zapłać …", "Umieść asystenta …") and the Laboratory ("Otrzymujesz kartę
    technologii.") word their action as an order, while the Port says "Możesz wziąć" (you may
    take; ≈p. 13). So: the Port may always be declined; the Church and the Laboratory only when
    the power alone reaches no space / pays for no card (the rulebook does not say that a player
    must pay goods or yen to make the action possible: engine default); the Customs House, whose
    action *is* the payment, only when no empty space can be paid for. Rules revision 1 (games
    begun before this reading, :func:`mandatory_area_action`) may always pass.
    """
    if not mandatory_area_action(state):
        return True
    k = f["k"]
    # Step 3 (rulebook, p. 6): "Kroki 1, 2, 3 i 6 są obowiązkowe."
    if k == "church":
        # Kościół (≈p. 12): "Umieść 1 asystenta … na polu z liczbą równą albo niższą od wartości zdobytej wiary."
        return not church_unpaid_space(state, f, p)
    if k == "customs":
        # Urząd celny (≈p. 12): "Zapłać 1 …" / "Umieść asystenta … na polu z liczbą równą liczbie wydanych dóbr".
        return not any(a.kind == "customs" for a in customs_choices(state, f, p))
    if k == "lab":
        # Laboratorium (≈p. 13): "Otrzymujesz kartę technologii."
        slots = range(len(state.labs[f["area"]]))
        return not any(tech_unpaid(state, p, f["area"], slot, f["power"]) for slot in slots)
    # Port (≈p. 13): "Możesz wziąć 1 kartę zamówienia za darmo." — taking is optional.
    return True


def exchange_actions(state: YState, f: dict[str, Any], p: Player) -> Iterator[Action]:
    """Chinatown: one exchange with the bank (IG can only be bought), or done."""
    t = tables()
    prices = t.n["chinatown_prices"]
    for g in GOODS:
        if in_hand(p, g) > 0:
            yield act("sell", g)
    for g in GOODS:
        if p.yen >= prices[g]:
            yield act("buy", g)
    if p.yen >= t.n["chinatown_ig_price"]:
        yield act("buy", "ig")
    yield act("done")


def apply_exchange(state: YState, f: dict[str, Any], p: Player, action: Action, events: list[Event] | None) -> None:
    """Chinatown: one exchange (prices from ``rule_numbers``), or done."""
    t = tables()
    if action.kind == "done":
        state.stack.pop()
        return
    good = str(action.args[0])
    who = name(state, p.seat) if events is not None else ""
    if action.kind == "sell":
        price = t.n["chinatown_prices"][good]
        setattr(p, good, in_hand(p, good) - 1)
        p.yen += price
        if events is not None:
            ev(events, "exchange", p.seat, once(("sell", p.colour, good, price), lambda: M(
                "{who} sells {good} for {yen}.", who=who, good=amount(good, 1), yen=amount("yen", price))), sell=good)
    else:
        price = t.n["chinatown_ig_price"] if good == "ig" else t.n["chinatown_prices"][good]
        p.yen -= price
        got = 1
        if good == "copper" and not f["copper"] and owns(p, "mining_technology"):
            # docs/rules-notes.md Y-14: Mining Technology adds 1 copper once per Chinatown action that buys copper.
            got += t.n["mining_extra"]
            f["copper"] = True
        setattr(p, good, in_hand(p, good) + got)
        if events is not None:
            ev(events, "exchange", p.seat, once(("buy", p.colour, good, got, price), lambda: M(
                "{who} buys {good} for {yen}.", who=who, good=amount(good, got), yen=amount("yen", price))), buy=good)
    f["left"] -= 1
    if f["left"] <= 0:
        state.stack.pop()


def assistant_sources(state: YState, p: Player, area: str) -> list[str]:
    """Where the assistant for a Church/Customs space may come from: the area or the hand."""
    out = []
    if state.areas[area].assistants[p.seat] > 0:
        out.append("area")
    if p.hand_assistants > 0:
        out.append("hand")
    return out


def take_assistant(state: YState, p: Player, area: str, src: str) -> None:
    """Take the assistant for a Church/Customs space from the area or the hand."""
    if src == "area":
        state.areas[area].assistants[p.seat] -= 1
    else:
        p.hand_assistants -= 1


def church_actions(state: YState, f: dict[str, Any], p: Player) -> Iterator[Action]:
    """Church: a space whose faith ≤ power + payments (exactly the payments the space needs,
    each type once; rules-notes), with an assistant from the area or the hand; or pass, unless
    a space is within the power's own faith (:func:`may_pass`)."""
    t = tables()
    base = f["power"]
    payable = [c for c in CHURCH_PAYMENTS
               if (p.yen >= t.n["church_pay_yen"] if c == "yen" else in_hand(p, c) >= 1)]
    sources = assistant_sources(state, p, f["area"])
    for i, space in enumerate(t.church):
        if state.church[i] is not None:
            continue
        need = max(0, space.faith - base)
        if need > len(payable):
            continue
        for pays in itertools.combinations(payable, need):
            for src in sources:
                yield act("church", i + 1, src, *pays)
    if may_pass(state, f, p):
        yield act("pass")


def church_unpaid_space(state: YState, f: dict[str, Any], p: Player) -> bool:
    """Whether an empty Church space is within the faith of the power alone (no payment needed)
    and an assistant (from the area or the hand) can go there."""
    return bool(assistant_sources(state, p, f["area"])) and any(
        state.church[i] is None and space.faith <= f["power"] for i, space in enumerate(tables().church))


def apply_church(state: YState, f: dict[str, Any], p: Player, action: Action, events: list[Event] | None) -> None:
    """Church: pay for faith, place an assistant on the space, gain its reward; Winery +3 VP."""
    t = tables()
    state.stack.pop()
    if action.kind == "pass":
        if events is not None:
            ev(events, "pass", p.seat, M("{who} places no assistant in the Church.", who=name(state, p.seat)))
        return
    space, src, pays = int(action.args[0]) - 1, str(action.args[1]), [str(x) for x in action.args[2:]]
    for c in pays:
        if c == "yen":
            p.yen -= t.n["church_pay_yen"]
        else:
            setattr(p, c, in_hand(p, c) - 1)
    take_assistant(state, p, f["area"], src)
    state.church[space] = p.seat
    faith = f["power"] + len(pays)
    why = None
    if events is not None:
        paid = [amount("yen", t.n["church_pay_yen"]) if c == "yen" else amount(c, 1) for c in pays]
        if paid:
            text = M("{who} pays {paid}, reaches {faith} and places an assistant on Church space {space}.",
                     who=name(state, p.seat), paid=listing(paid), faith=amount("faith", faith), space=space + 1)
        else:
            text = M("{who} reaches {faith} and places an assistant on Church space {space}.",
                     who=name(state, p.seat), faith=amount("faith", faith), space=space + 1)
        ev(events, "church", p.seat, text, space=space + 1, paid=pays)
        why = M("Church space {space}", space=space + 1)
    space_reward(state, p, state.church, t.church_reward[space], "winery", t.n["winery_vp"], why, events)


def space_reward(state: YState, p: Player, board: list[int | None], printed: dict[str, int], technology: str,
                 bonus_vp: int, why: str | None, events: list[Event] | None) -> None:
    """The reward of a Church or Customs House space just taken: the ``printed`` reward, plus
    ``bonus_vp`` VP with the matching ``technology`` (Winery at the Church, Brickworks at the
    Customs House; rulebook, Karty technologii), then the end-of-game check of a full ``board``
    (:func:`board_full_check`). ``why`` names the space in the VP line."""
    reward = dict(printed)
    if owns(p, technology):
        reward["vp"] = reward.get("vp", 0) + bonus_vp
        if events is not None:
            why = M("{source} and {technology}", source=why, technology=TECH_NAMES[technology])
    gain(state, p, reward, events, why)
    board_full_check(state, board, events)


def customs_choices(state: YState, f: dict[str, Any], p: Player) -> Iterator[Action]:
    """Customs House spaces the player can pay for: imported goods up to the power's limit
    (docs/rules-notes.md Y-5) for a space needing exactly that many, with an assistant from the
    area or the hand."""
    t = tables()
    limit = min(t.effects["customs_house"].by_power[f["power"] - 1], p.ig)
    sources = assistant_sources(state, p, f["area"])
    for i, space in enumerate(t.customs):
        if state.customs[i] is None and space.ig <= limit:
            for src in sources:
                yield act("customs", i + 1, src)


def customs_actions(state: YState, f: dict[str, Any], p: Player) -> Iterator[Action]:
    """Customs House: a space and its payment; pass only when there is none (:func:`may_pass`), or
    always at rules revision 1."""
    choices = list(customs_choices(state, f, p))
    yield from choices
    if not choices or not mandatory_area_action(state):
        yield act("pass")


def apply_customs(state: YState, f: dict[str, Any], p: Player, action: Action, events: list[Event] | None) -> None:
    """Customs House: pay IG, place an assistant on the space, gain its reward; Brickworks +4 VP."""
    t = tables()
    state.stack.pop()
    if action.kind == "pass":
        if events is not None:
            ev(events, "pass", p.seat, M("{who} places no assistant in the Customs House.", who=name(state, p.seat)))
        return
    space, src = int(action.args[0]) - 1, str(action.args[1])
    ig = t.customs[space].ig
    p.ig -= ig
    take_assistant(state, p, f["area"], src)
    state.customs[space] = p.seat
    if events is not None:
        ev(events, "customs", p.seat, M("{who} pays {ig} and places an assistant on Customs House space {space}.",
                                        who=name(state, p.seat), ig=amount("ig", ig), space=space + 1), space=space + 1)
    why = M("Customs House space {space}", space=space + 1) if events is not None else None
    space_reward(state, p, state.customs, t.customs_reward[space], "brickworks", t.n["brickworks_vp"], why, events)


def hire_actions(state: YState, f: dict[str, Any], p: Player) -> Iterator[Action]:
    """Employment Agency: take one piece from the warehouse (assistant free, shop 2 yen, trading
    house 4/5/6/7 yen), or done."""
    if p.wh_assistants > 0:
        yield act("hire", "assistant")
    if p.wh_shops > 0 and p.yen >= tables().n["shop_cost"]:
        yield act("hire", "shop")
    if p.wh_houses > 0 and p.yen >= house_price(p):
        yield act("hire", "house")
    yield act("done")


def apply_hire(state: YState, f: dict[str, Any], p: Player, action: Action, events: list[Event] | None) -> None:
    """Employment Agency: one piece, or done."""
    if action.kind == "done":
        state.stack.pop()
        return
    take_from_warehouse(state, p, str(action.args[0]), events)
    f["left"] -= 1
    if f["left"] <= 0:
        state.stack.pop()


def tech_unpaid(state: YState, p: Player, lab: str, slot: int, pv_power: int) -> bool:
    """Whether the card on ``slot`` of ``lab`` is paid by the power alone: no yen, no imported
    good, no 4th-card surcharge, and not a name the player owns."""
    t = tables()
    card = state.labs[lab][slot]
    if card is None or owns(p, t.techs[card].name) or len(p.technologies) >= t.n["lab_extra_from_card"] - 1:
        return False
    return t.techs[card].value + t.lab_surcharge[slot] <= min(pv_power, t.n["lab_max_power_pv"])


def tech_payments(state: YState, p: Player, lab: str, slot: int, pv_power: int) -> list[tuple[int, str]]:
    """Ways to pay for the card on ``slot`` of ``lab``: ``(imported goods, surcharge kind)``.

    Laboratorium: cost = printed value + the space's surcharge, paid with power (≤ 5 PV), 2 yen
    per PV and 1 IG per PV; from the 4th card on, 2 yen or 1 IG more. The rest is paid in yen.
    """
    t = tables()
    card = state.labs[lab][slot]
    if card is None or owns(p, t.techs[card].name):
        return []
    need = t.techs[card].value + t.lab_surcharge[slot]
    rem = max(0, need - min(pv_power, t.n["lab_max_power_pv"]))
    extras = ["-"]
    if len(p.technologies) >= t.n["lab_extra_from_card"] - 1:
        extras = []
        if p.yen >= t.n["lab_extra_yen"]:
            extras.append("yen")
        if p.ig >= t.n["lab_extra_ig"]:
            extras.append("ig")
    out = []
    for extra in extras:
        yen = p.yen - (t.n["lab_extra_yen"] if extra == "yen" else 0)
        ig = p.ig - (t.n["lab_extra_ig"] if extra == "ig" else 0)
        for k in range(0, min(ig, rem) + 1):
            if t.n["lab_yen_per_pv"] * (rem - k) <= yen:
                out.append((k, extra))
    return out


def lab_actions(state: YState, f: dict[str, Any], p: Player) -> Iterator[Action]:
    """Laboratory: a card from this Laboratory's board and how to pay for it; or pass, unless
    the power alone pays for a card (:func:`may_pass`)."""
    for slot in range(len(state.labs[f["area"]])):
        for ig, extra in tech_payments(state, p, f["area"], slot, f["power"]):
            yield act("tech", slot + 1, ig, extra)
    if may_pass(state, f, p):
        yield act("pass")


def apply_lab(state: YState, f: dict[str, Any], p: Player, action: Action, events: list[Event] | None) -> None:
    """Laboratory: take the card, pay, slide the row left and draw into the rightmost space."""
    t = tables()
    state.stack.pop()
    if action.kind == "pass":
        if events is not None:
            ev(events, "pass", p.seat, M("{who} takes no technology.", who=name(state, p.seat)))
        return
    lab = f["area"]
    slot, ig, extra = int(action.args[0]) - 1, int(action.args[1]), str(action.args[2])
    card = str(state.labs[lab][slot])
    need = t.techs[card].value + t.lab_surcharge[slot]
    rem = max(0, need - min(f["power"], t.n["lab_max_power_pv"]))
    yen = t.n["lab_yen_per_pv"] * (rem - ig)
    if extra == "yen":
        yen += t.n["lab_extra_yen"]
    elif extra == "ig":
        ig += t.n["lab_extra_ig"]
    p.yen -= yen
    p.ig -= ig
    row = state.labs[lab]
    row[slot] = None
    # Laboratorium: the cards slide left and a new card is drawn into the rightmost space.
    cards = [c for c in row if c is not None]
    state.labs[lab] = cards + [None] * (len(row) - len(cards))
    if state.tech_deck:
        state.stack.append({"k": "chance", "what": "tech", "lab": lab, "slot": len(cards)})
    if events is not None:
        def text() -> str:
            paid = [amount("yen", yen)] if yen else []
            if ig:
                paid.append(amount("ig", ig))
            return M("{who} takes {card} ({value} production value) and pays {paid}.", who=name(state, p.seat),
                     card=tech_name(card), value=t.techs[card].value, paid=listing(paid) if paid else M("nothing"))

        ev(events, "tech", p.seat, once(("tech", p.colour, card, yen, ig), text), card=card)
    gain_technology(state, p, card, events)


def port_level(power_: int) -> int:
    """Highest order level rank (1 low … 3 high) a Port allows at ``power_``; 0 = none."""
    return int(tables().effects["port_a"].by_power[power_ - 1])


def port_actions(state: YState, f: dict[str, Any], p: Player) -> Iterator[Action]:
    """Port: 1 order free, or 2 orders for 2 yen or 1 IG, of the levels the power allows, up to
    the hand limit of 3; or pass (always: "Możesz wziąć", docs/rules-notes.md Y-22)."""
    t = tables()
    level = port_level(f["power"])
    cards = state.ports[f["area"]]
    ok = [i for i, c in enumerate(cards) if c is not None and LEVELS.index(t.orders[c].level) < level]
    room = hand_limit() - len(p.orders)
    if room >= 1:
        for i in ok:
            yield act("port", i + 1)
    if room >= 2:
        pays = [k for k, need in (("yen", t.n["port_two_cost_yen"]), ("ig", t.n["port_two_cost_ig"]))
                if in_hand(p, k) >= need]
        for i, j in itertools.combinations(ok, 2):
            for pay in pays:
                yield act("port", i + 1, j + 1, pay)
    yield act("pass")


def apply_port(state: YState, f: dict[str, Any], p: Player, action: Action, events: list[Event] | None) -> None:
    """Port: take 1 or 2 orders into the hand; slide left; refill from the deck (end trigger if
    the deck cannot fill every space). The public event names no card: hands are hidden."""
    t = tables()
    state.stack.pop()
    if action.kind == "pass":
        if events is not None:
            ev(events, "pass", p.seat, M("{who} takes no order.", who=name(state, p.seat)))
        return
    slots = [int(x) - 1 for x in action.args if isinstance(x, int)]
    if len(slots) == 2:
        pay = str(action.args[2])
        if pay == "yen":
            p.yen -= t.n["port_two_cost_yen"]
        else:
            p.ig -= t.n["port_two_cost_ig"]
    port = f["area"]
    row = state.ports[port]
    for s in slots:
        p.orders.append(str(row[s]))
        row[s] = None
    cards = [c for c in row if c is not None]
    state.ports[port] = cards + [None] * (len(row) - len(cards))
    if events is not None:
        who = name(state, p.seat)
        if len(slots) == 1:
            text = M("{who} takes the order on space {space} of {port} into the hand.", who=who, space=slots[0] + 1,
                     port=area_name(port))
        else:
            paid = amount("yen", t.n["port_two_cost_yen"]) if pay == "yen" else amount("ig", t.n["port_two_cost_ig"])
            text = M("{who} pays {paid} and takes the orders on spaces {first} and {second} of {port} into the hand.",
                     who=who, paid=paid, first=slots[0] + 1, second=slots[1] + 1, port=area_name(port))
        ev(events, "port", p.seat, text, port=port, slots=[s + 1 for s in slots])
    empty = len(row) - len(cards)
    if len(state.order_deck) < empty:
        trigger_end(state, events)
    for s in reversed(range(len(cards), len(cards) + min(empty, len(state.order_deck)))):
        state.stack.append({"k": "chance", "what": "order", "port": port, "slot": s})
