"""Player-readable reasons for refused Yokohama actions, as Msgs, and the legality check
of the game's ``apply`` (:func:`check_legal`); this layer sits above the rules, which never import it."""

from __future__ import annotations

from engine.core import Action, IllegalAction
from engine.core.explain import RefusalWords, chance_refusal, kind_refusal

from . import rules
from .notation import format_action
from .state import YState
from .tables import LEVELS, tables
from .words import LEVEL_NAMES, M, amount

KIND_WORDS = {
    "turn": M("an additional action (agent, achieve, order), or 'main'"),
    "phase": M("an additional action (agent, achieve, order), or 'main' / 'end'"),
    "keep": M("the order to keep ('keep …')"),
    "place": M("'put <area>', 'double <area>' or 'skip'"),
    "place_a": M("'put <area>' or 'done'"),
    "move": M("'go <area>', 'home' (or 'tram' / 'station' with those technologies)"),
}

#: The texts of the refusals every game shares, in this game's message domain.
WORDS = RefusalWords(
    pending=M("A random event is pending; it is drawn by the table, not chosen."),
    drawn=M("Chance outcomes are drawn by the table, not played."),
    wrong_kind=lambda **a: M("Now: {prompt}. '{kind}' is not possible here; expected {expected}.", **a),
    kinds=KIND_WORDS,
)


#: The action kinds each decision frame deals in: a refused action of one of these kinds gets a
#: specific reason below even when no action of its kind is legal now (a second agent, a full hand
#: at the Port …); other kinds get the shared wrong-kind refusal.
FRAME_ACTIONS = {
    "phase": ("agent", "free-agent", "achieve", "order", "university", "spin"),
    "place": ("put", "double"), "place_a": ("put",), "telegraph": ("put",),
    "move": ("go", "tram", "station"), "recall": ("recall",), "exchange": ("sell", "buy"),
    "church": ("church", "pass"), "customs": ("customs", "pass"), "hire": ("hire",), "lab": ("tech", "pass"),
    "port": ("port",),
    "build": ("shop", "house"), "shift": ("shift",),
}


def check_legal(state: YState, action: Action) -> None:
    """Pass if ``action`` is one of the legal actions now; else raise :class:`IllegalAction`
    whose reason (a Msg, from :func:`reason`) says why."""
    choices = [] if state.over else rules.legal_actions(state)
    if action not in choices:
        raise IllegalAction(M("The game is over.") if state.over else reason(state, action, choices))


def reason(state: YState, action: Action, legal: list[Action]) -> str:
    """Why ``action`` is not one of the ``legal`` choices of the pending decision, as a Msg."""
    d = rules.decision(state)
    refusal = chance_refusal(WORDS, d, action)
    if refusal is not None:
        return refusal
    f = rules.top(state)
    if action.kind not in FRAME_ACTIONS.get(f["k"], ()):
        refusal = kind_refusal(WORDS, d, action, {a.kind for a in legal}, legal, format_action)
        if refusal is not None:
            return refusal
    t = tables()
    p = state.players[f["seat"]]
    k, a = action.kind, action.args
    if a and k in ("put", "double", "go", "tram", "shift", "agent", "free-agent", "recall") \
            and str(a[-1]) in t.areas and str(a[-1]) not in state.areas:
        return M("{area} is not in play in this game.", area=rules.area_label(state, str(a[-1])))
    if k in ("put", "double") and a and str(a[0]) in t.areas:
        area = str(a[0])
        if t.kind(area) == "canal":
            return M("No assistant may ever be placed on the Canal.")
        if k == "put" and area in f.get("areas", []):
            return M("With option A each assistant goes to a different area.")
        if f["k"] == "place_a":
            limit = t.n["newspaper_a_max"] if rules.owns(p, "newspaper") else t.n["placement_a_max"]
            if len(f["areas"]) >= limit:
                return M("Option A places at most {n} assistants.", n=limit)
        n = t.n["placement_b"] if k == "double" else 1
        if p.hand_assistants < n:
            return M("You have {have} in hand.", have=rules.amount_piece("assistant", p.hand_assistants))
        fee = rules.placement_fee(state, p.seat, area) * n
        if fee > p.yen:
            return M("Placing there costs {fee} for the presidents in {area}; you have {have}.",
                     fee=amount("yen", fee), area=rules.area_label(state, area), have=amount("yen", p.yen))
        if f["k"] == "telegraph":
            return M("Telegraph's assistant goes to an area next to {area}.", area=rules.area_label(state, f["area"]))
        return M("Option A places at most {n} assistants.", n=t.n["placement_a_max"])
    if k == "station" and f["k"] == "station":
        return M("The station token goes on any area but the Canal.")
    if k == "tram" and not rules.owns(p, "tram"):
        return M("Only the Tram technology lets the president jump to any area.")
    if k == "station" and not rules.owns(p, "station"):
        return M("Only the owner of the Station technology may move straight to the station.")
    if k == "station":
        return M("A move to the station needs the station token on another area that holds your assistant.")
    if k in ("go", "tram") and a and str(a[0]) in state.areas:
        area = str(a[0])
        if t.kind(area) == "canal":
            return M("The president may cross the Canal (1 yen) but never stop on it.")
        if area == p.president or area == state.turn.get("start"):
            return M("The president must move to a different area than the one it started from.")
        if state.areas[area].assistants[p.seat] < 1:
            return M("The president may only stop in an area that holds one of your assistants.")
        if any(s != p.seat for s in rules.presidents_in(state, area)) and not rules.owns(p, "postal_system"):
            return M("Another president stands in {area}; only the Postal System lets you stop there.",
                     area=rules.area_label(state, area))
        return M("There is no way there: every area on the way needs your assistant (or is the Canal), and "
                 "you must be able to pay the fees.")
    if k in ("agent", "free-agent"):
        if state.turn.get("agent"):
            return M("You may use only one agent per turn.")
        if k == "agent" and rules.agents_unused(p) < 1:
            return M("You have no unused foreign agent.")
        if k == "free-agent" and p.free_agents <= p.free_agents_used:
            return M("You have no unused free agent.")
        return M("An agent acts in an area that holds your assistant but not your president.")
    if k == "university":
        if not rules.owns(p, "university"):
            return M("You do not own the University.")
        if state.turn.get("university"):
            return M("The University may be used once per turn.")
        return M("The University needs 1 yen and an assistant in your warehouse.")
    if k == "spin":
        if not rules.owns(p, "spinning_mill"):
            return M("You do not own the Spinning Mill.")
        if state.turn.get("spinning"):
            return M("The Spinning Mill may be used once per turn.")
        return M("The Spinning Mill needs 1 raw silk.")
    if k == "recall" and a:
        return M("You have no assistant in {area} to take back.", area=rules.area_label(state, str(a[0])))
    if k == "shift" and a:
        if t.kind(str(a[1])) == "canal":
            return M("No assistant may ever be placed on the Canal.")
        return M("Move one of your assistants (from an area or your hand) to another area.")
    if k == "achieve" and a:
        tile = str(a[0])
        if tile not in state.achievements:
            return M("That achievement is not in play.")
        if p.seat in state.achievement_spaces[tile]:
            return M("You have already fulfilled the achievement “{text}”.", text=rules.achievement_condition(tile))
        if p.hand_assistants < 1:
            return M("Fulfilling an achievement needs an assistant in your hand.")
        return M("You do not meet the condition of the achievement: {text}.", text=rules.achievement_text(tile))
    if k == "order" and a:
        if str(a[0]) not in p.orders:
            return M("That order is not in your hand.")
        return M("You do not have the goods that order needs.")
    if k == "pass":
        # Step 3 (Krok akcji obszaru) is mandatory: docs/rules-notes.md Y-22.
        if f["k"] == "church":
            return M("The area action is mandatory: an empty Church space is within the faith of your power "
                     "alone, so you must place an assistant there.")
        if f["k"] == "customs":
            return M("The area action is mandatory: you can pay imported goods for an empty Customs House space, "
                     "so you must take one.")
        return M("The area action is mandatory: your power alone pays for a technology here, so you must take "
                 "one.")
    if k == "church":
        return M("Church: pick an empty space whose faith you reach with your power plus exactly the payments it "
                 "needs (each of copper, raw silk, tea, fish, imported good and 2 yen at most once), and an "
                 "assistant from the Church area or your hand.")
    if k == "customs":
        limit = t.effects["customs_house"].by_power[f["power"] - 1]
        return M("Customs House: at power {power} you may pay up to {limit} for an empty space needing exactly that "
                 "many; you have {have}.", power=f["power"], limit=amount("ig", limit), have=amount("ig", p.ig))
    if k == "tech" and a:
        slot = int(a[0]) - 1
        cards = state.labs[f["area"]]
        if not 0 <= slot < len(cards) or cards[slot] is None:
            return M("There is no technology card on that space.")
        if rules.owns(p, t.techs[str(cards[slot])].name):
            return M("You already own a technology with that name.")
        if len(p.technologies) >= t.n["lab_extra_from_card"] - 1 and str(a[2]) == "-":
            return M("Your 4th and later technology costs 2 yen or 1 imported good more ('yen' or 'ig').")
        if len(p.technologies) < t.n["lab_extra_from_card"] - 1 and str(a[2]) != "-":
            return M("Your first three technologies cost no surcharge (write '-').")
        return M("You cannot pay that: power gives at most 5 production value, then 2 yen or 1 imported good "
                 "each.")
    if k == "port" and a:
        room = rules.hand_limit() - len(p.orders)
        n = 2 if len(a) == 3 else 1
        if n > room:
            return M("You may hold at most 3 orders; you hold {n}.", n=len(p.orders))
        cards = state.ports[f["area"]]
        slots = [int(x) - 1 for x in a if isinstance(x, int)]
        if any(not 0 <= s < len(cards) or cards[s] is None for s in slots):
            return M("There is no order card on that space.")
        if len(set(slots)) < len(slots):
            return M("Two orders are two different cards.")
        level = rules.port_level(f["power"])
        if any(LEVELS.index(t.orders[str(cards[s])].level) >= level for s in slots):
            return M("At power {power} the Port offers orders up to level {level}.", power=f["power"],
                     level=LEVEL_NAMES[LEVELS[max(level, 1) - 1]])
        return M("Two orders cost 2 yen or 1 imported good.")
    if k == "shop":
        if p.seat in state.areas[f["area"]].shops:
            return M("You already have a shop on this building tile.")
        if p.hand_shops < 1:
            return M("You have no shop in your hand.")
        return M("That shop space is not empty.")
    if k == "house":
        if p.hand_houses < 1:
            return M("You have no trading house in your hand.")
        return M("The trading house space of this building tile is taken.")
    if k == "hire":
        return M("Your warehouse has none of those, or you cannot pay for it.")
    if k in ("sell", "buy"):
        return M("You cannot make that exchange (imported goods are never sold).")
    return M("That move is not possible now ({prompt}).", prompt=d.prompt)
