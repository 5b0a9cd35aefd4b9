"""The words of the Yokohama pictures: names, short labels and icons, the status and result lines, the
facts they read from a view (hands, orders, agents), and the board's alt text and summary."""

from __future__ import annotations

from collections import Counter
from functools import lru_cache
from typing import Any

from engine.core.i18n import current, tr
from engine.yokohama.tables import tables
from engine.yokohama.words import AREA_NAMES, LEVEL_NAMES, TECH_NAMES, T, _, _n, _t, amount
from render.core import MIN_TEXT, fit_text

#: Discord's limit for a file description (the alt text).
ALT_TEXT_LIMIT = 1000
GAME_TITLE = "Yokohama"  # the game's name: the same in every language
GOODS = ("copper", "silk", "tea", "fish")
COUNTRIES = ("us", "nl", "uk", "fr", "de")

# i18n: reward icons, printed right after a number ("2VP", "3¥", "1C") on the map and the boards;
# one to four letters each (about 35 px). The legend explains them.
ICON_SHORT = {
    "vp": T("icon", "VP"), "yen": T("icon", "¥"), "copper": T("icon", "C"), "silk": T("icon", "S"),
    "tea": T("icon", "T"), "fish": T("icon", "F"), "ig": T("icon", "IG"), "any_good": T("icon", "any"),
    "moves": T("icon", "mv"), "wh_assistant": T("icon", "asst"), "wh_shop": T("icon", "shop"),
    "free_agent": T("icon", "FA"),
}
# i18n: a country symbol in two or three letters (orders, technologies, agents; about 30 px).
COUNTRY_SHORT = {"us": T("country code", "US"), "nl": T("country code", "NL"), "uk": T("country code", "UK"),
                 "fr": T("country code", "FR"), "de": T("country code", "DE")}
# i18n: an area's name in one short word, used on a map board only where the full name does not fit
# (about 190 px with the copy number "(2)").
AREA_SHORT = {
    "copper_mine": T("area short", "Copper"), "fishery": T("area short", "Fishery"),
    "silk_mill": T("area short", "Silk"), "tea_plantation": T("area short", "Tea"), "bank": T("area short", "Bank"),
    "chinatown": T("area short", "Chinatown"), "church": T("area short", "Church"),
    "customs_house": T("area short", "Customs"), "employment_agency": T("area short", "Agency"),
    "laboratory_a": T("area short", "Lab A"), "laboratory_b": T("area short", "Lab B"),
    "port_a": T("area short", "Port A"), "port_b": T("area short", "Port B"), "canal": T("area short", "Canal"),
}
# i18n: the letters on the station token of the map (one or two letters).
STATION_LETTER = T("token", "St")
# i18n: short labels of the acting player's stock on the turn picture, each followed by a number
# ("Yen 12  Orders 2  Copper 1 …"): orders in hand, goods, and the pieces in hand (not in the warehouse).
RESOURCE_LABELS = {
    "yen": T("resource", "Yen"), "orders": T("resource", "Orders"),
    "copper": T("resource", "Copper"), "silk": T("resource", "Silk"), "tea": T("resource", "Tea"),
    "fish": T("resource", "Fish"), "ig": T("resource", "Imported"),
    "assistants": T("resource", "Assistants"), "shops": T("resource", "Shops"), "houses": T("resource", "Houses"),
}


def player_name(colour: str) -> str:
    """A player's colour as their name in the current language (``"purple"`` -> ``"Purple"``)."""
    return _t("player", str(colour).capitalize())


def _colour_of(view: dict[str, Any], seat: int) -> str:
    players = view.get("players") or []
    return str(players[seat]["colour"]) if 0 <= seat < len(players) else "?"


def icon(kind: str) -> str:
    """A reward icon's abbreviation in the current language."""
    term = ICON_SHORT.get(kind)
    return str(tr(term)) if term is not None else kind


def short_items(reward: dict[str, int]) -> list[str]:
    """A reward (``{icon: n}``) as short items (``["2VP", "1mv"]``)."""
    return [f"{int(n)}{icon(k)}" for k, n in reward.items() if n]


def short_reward(reward: dict[str, int]) -> str:
    """A reward in one short line (``"2VP 1mv"``; ``"–"`` when empty)."""
    return " ".join(short_items(reward)) or "–"


def country_code(country: str) -> str:
    """A country symbol's short code in the current language (``uk`` -> ``UK``)."""
    term = COUNTRY_SHORT.get(country)
    return str(tr(term)) if term is not None else country.upper()


def area_title(area: str, room: int | None = None, style: str = "bold") -> str:
    """A board's name with its copy where two copies exist (``copper2`` -> ``Copper Mine (2)``);
    its short name (``Copper (2)``) when the full one does not fit ``room`` pixels in ``style``."""
    t = tables()
    rec = t.areas.get(area)
    if rec is None:
        return area
    out = ""
    for names in (AREA_NAMES, AREA_SHORT):
        name = str(tr(names[rec.kind]))
        out = _("{area} ({copy})", area=name, copy=int(area[-1])) if area[-1].isdigit() else name
        if room is None or not fit_text(out, room, MIN_TEXT, style).truncated:
            break
    return out


def tech_name(card: str) -> str:
    """A technology card's name in the current language."""
    rec = tables().techs.get(card)
    return str(tr(TECH_NAMES[rec.name])) if rec is not None else card


def order_goods_short(order: str) -> str:
    """An order's goods in short (``"2F 1T"``)."""
    return short_reward(tables().order_goods.get(order, {}))


def order_line(order: str) -> str:
    """An order card in one line: ``low · UK: 2F 1T → 3VP 1¥`` (never its data id)."""
    t = tables()
    o = t.orders.get(order)
    if o is None:
        return order
    # i18n: an order card in one line: level, country code, goods it needs → its reward.
    return _("{level} · {country}: {goods} → {reward}", level=tr(LEVEL_NAMES[o.level]),
             country=country_code(o.country), goods=order_goods_short(order),
             reward=short_reward(t.order_reward[order]))


def yen(n: int) -> str:
    """An amount of yen in words (``3`` -> ``3 yen``)."""
    return _yen(int(n), current())


@lru_cache(maxsize=512)
def _yen(n: int, lang: str) -> str:
    # Cached per language: the digit grouping goes through Babel, a tenth of a millisecond a call.
    return str(tr(amount("yen", n)))


def _decision(view: dict[str, Any]) -> tuple[int | None, str, Any]:
    """``(seat, kind, prompt)`` of the view; the prompt may be an engine Msg."""
    d = view.get("decision") or {}
    prompt = d.get("prompt")
    return d.get("seat"), str(d.get("kind", "")), "" if prompt is None else prompt


def ranking(view: dict[str, Any]) -> list[tuple[str, int]]:
    """``(name, VP)`` best first; a tie goes to the earlier player in turn order from the start player."""
    players = view.get("players") or []
    n = max(1, len(players))
    start = int(view.get("start_player", 0))
    rows = sorted(players, key=lambda p: (-int(p.get("vp", 0)), (int(p.get("seat", 0)) - start) % n))
    return [(player_name(p["colour"]), int(p.get("vp", 0))) for p in rows]


def result_line(view: dict[str, Any]) -> str:
    """``Blue wins with 118 VP · Pink 101, Purple 75`` (empty without players)."""
    order = ranking(view)
    if not order:
        return ""
    (name, vp), rest = order[0], order[1:]
    if not rest:
        return _("{name} wins with {vp} VP", name=name, vp=vp)
    others = ", ".join(f"{n} {v}" for n, v in rest)
    return _("{name} wins with {vp} VP · {others}", name=name, vp=vp, others=others)


def status(view: dict[str, Any]) -> str:
    """The header's status: set-up, the round (and the last one once the end is triggered), game over."""
    if view.get("over"):
        return _("Game over")
    if not view.get("turn_no"):
        return _("Set-up")
    n = int(view.get("rounds", 0)) + 1
    final = view.get("final_round")
    if final is not None:
        last = int(final) + 1
        if n >= last:
            return _("Round {n} · final round", n=n)
        return _("Round {n} · end triggered, last round {last}", n=n, last=last)
    return _("Round {n}", n=n)


def _random_event(prompt: Any) -> str:
    """A chance decision's prompt as a line (the engine's prompts already say "Random event: …")."""
    if str(prompt).lower().startswith("random event"):  # the English text of a Msg
        return str(tr(prompt))
    return _("Random event: {what}", what=tr(prompt))


def hand_orders(view: dict[str, Any], seat: int) -> list[str]:
    """The order cards of ``seat``'s hand drawn in this view: only in that player's own view."""
    if view.get("viewer") != seat:
        return []
    players = view.get("players") or []
    return [str(o) for o in (players[seat].get("orders") or [])] if 0 <= seat < len(players) else []


def dealt_orders(view: dict[str, Any], seat: int) -> list[str]:
    """The orders dealt to ``seat`` and not yet kept (set-up): only in that player's own view."""
    if view.get("viewer") != seat:
        return []
    return [str(o) for o in (view.get("dealt") or [])]


def orders_in_hand(p: dict[str, Any]) -> int:
    """How many order cards a player holds (the view keeps the count for every seat)."""
    return int(p.get("orders_in_hand", len(p.get("orders") or [])))


def country_symbols(p: dict[str, Any]) -> Counter[str]:
    """Country symbols a player holds: technologies, fulfilled orders, the reward token."""
    t = tables()
    c: Counter[str] = Counter()
    for card in p.get("technologies") or []:
        if card in t.techs:
            c[t.techs[card].country] += 1
    for o in p.get("fulfilled") or []:
        if o in t.orders:
            c[t.orders[o].country] += 1
    token = p.get("reward_token")
    if token in t.reward_tokens:
        c[t.reward_tokens[token]] += 1
    return c


def agents_face_up(p: dict[str, Any]) -> list[str]:
    """Foreign agents not used yet (face up), by country."""
    left = Counter(p.get("agents") or [])
    left.subtract(Counter(p.get("agents_used") or []))
    return [c for c in COUNTRIES for _k in range(max(0, left[c]))]


def _now(view: dict[str, Any]) -> str:
    seat, _kind, prompt = _decision(view)
    said = str(tr(prompt)).rstrip(".")
    players = view.get("players") or []
    if view.get("over") or seat is None:
        return _("Result: {result}.", result=result_line(view) or said)
    if 0 <= seat < len(players):
        return _("To act: {prompt}.", prompt=said)
    return _random_event(prompt).rstrip(".") + "."


def _player_words(view: dict[str, Any], seat: int) -> str:
    p = view["players"][seat]
    goods = ", ".join(str(tr(amount(g, int(p.get(g, 0))))) for g in (*GOODS, "ig"))
    techs = _n("{n} technology", "{n} technologies", len(p.get("technologies") or []))
    done = _n("{n} order fulfilled", "{n} orders fulfilled", len(p.get("fulfilled") or []))
    hand = _n("{n} order in hand", "{n} orders in hand", orders_in_hand(p))
    # i18n: one player in the alt text: name, VP, yen, goods, technologies, fulfilled orders, orders in hand.
    return _("{name} {vp} VP, {yen}, {goods}, {techs}, {done}, {hand}", name=player_name(p["colour"]),
             vp=p.get("vp", 0), yen=yen(p.get("yen", 0)), goods=goods, techs=techs, done=done, hand=hand)


def _own_hand_words(view: dict[str, Any]) -> str:
    viewer = view.get("viewer")
    if not isinstance(viewer, int) or not 0 <= viewer < len(view.get("players") or []):
        return ""
    own = hand_orders(view, viewer) + dealt_orders(view, viewer)
    if not own:
        return ""
    # i18n: the viewer's own order cards (their view only): ids, then each card in short.
    return _("Your orders: {cards}.", cards="; ".join(order_line(o) for o in own))


def alt_text(view: dict[str, Any]) -> str:
    """One paragraph describing the picture in the current language (for
    ``discord.File(description=…)``), at most :data:`ALT_TEXT_LIMIT` characters.

    Names the round, the decision (or the result), every player's VP, yen, goods, technologies,
    fulfilled orders and how many orders they hold; the viewer's own orders only in their view.
    """
    players = view.get("players") or []
    who = _n("{n} player", "{n} players", len(players))
    head = _("Yokohama board, {status}, {who}.", status=status(view), who=who)
    now = _now(view)
    lines = "; ".join(_player_words(view, s) for s in range(len(players)))
    own = _own_hand_words(view)
    text = " ".join(x for x in (head, now, own, _("Players: {players}.", players=lines)) if x)
    if len(text) > ALT_TEXT_LIMIT:
        short = "; ".join(_("{name} {vp} VP", name=name, vp=vp) for name, vp in ranking(view))
        text = " ".join(x for x in (head, now, own, _("Players: {players}.", players=short)) if x)
    # What the technologies on the boards and in the players' hands do (Karty technologii), as long
    # as the whole text fits; the rules topics and the text board always have them.
    techs = technology_words(view, ALT_TEXT_LIMIT - len(text) - 1)
    if techs:
        text = f"{text} {techs}"
    return text[:ALT_TEXT_LIMIT]


def technology_words(view: dict[str, Any], room: int | None = None) -> str:
    """What each technology owned by a player, then on a Laboratory board, does, once per name, in
    the current language ("Technologies: Tram: move your president …; Ball: 2 VP …."): as many
    whole entries as fit in ``room`` characters (all without a limit); "" if none fits."""
    from engine.yokohama.effects import tech_effect

    t = tables()
    cards = [c for p in view.get("players") or [] for c in p.get("technologies") or []]
    cards += [c for row in (view.get("labs") or {}).values() for c in row if c]
    names = list(dict.fromkeys(t.techs[c].name for c in cards if c in t.techs))
    entries = [_("{name}: {effect}", name=tr(TECH_NAMES[n]), effect=tr(tech_effect(n))) for n in names]
    while entries:
        # i18n: the alt text's list of the technologies in play and what each does.
        text = _("Technologies: {list}.", list="; ".join(entries))
        if room is None or len(text) <= room:
            return text
        entries.pop()
    return ""


def summary(view: dict[str, Any]) -> str:
    """A short text summary of the position (several lines) in the current language: status, the
    decision, each player's VP, money and goods, and the viewer's own orders (never another seat's)."""
    players = view.get("players") or []
    out = [f"{GAME_TITLE} · {status(view)}", _now(view)]
    for s in range(len(players)):
        out.append(_player_words(view, s))
    own = _own_hand_words(view)
    if own:
        out.append(own)
    return "\n".join(out)


#: The turn picture's name of a move, by the keyword of its notation (a bare notation such as
#: "done" or "put bank" is never shown to players; the events below it say what happened).
MOVE_TITLES = {
    "main": T("move title", "Main action"), "end": T("move title", "End of the turn"),
    "agent": T("move title", "Foreign agent"), "free-agent": T("move title", "Free agent"),
    "achieve": T("move title", "Achievement fulfilled"), "order": T("move title", "Order fulfilled"),
    "keep": T("move title", "Order kept"), "university": TECH_NAMES["university"],
    "spin": TECH_NAMES["spinning_mill"], "put": T("move title", "Placement"), "double": T("move title", "Placement"),
    "skip": T("move title", "Skipped"), "done": T("move title", "Done"), "go": T("move title", "Movement"),
    "tram": TECH_NAMES["tram"], "station": TECH_NAMES["station"], "home": T("move title", "President back to the hand"),
    "recall": T("move title", "Assistant back to the hand"), "sell": T("move title", "Exchange"),
    "buy": T("move title", "Exchange"), "church": AREA_NAMES["church"], "customs": AREA_NAMES["customs_house"],
    "hire": AREA_NAMES["employment_agency"], "tech": T("move title", "Technology taken"),
    "port": T("move title", "Orders taken"), "pass": T("move title", "Passed"),
    "token": T("move title", "5-power token taken"), "shop": T("move title", "Shop built"),
    "house": T("move title", "Trading house built"), "leave": T("move title", "Recovery"),
    "all": T("move title", "Recovery"), "good": T("move title", "Trade good chosen"),
    "shift": T("move title", "Assistant moved"), "stop": T("move title", "Assistant moves ended"),
    "take": T("move title", "Shop from the warehouse"), "reward": T("move title", "Achievement reward token"),
}


def move_title(move: str) -> str:
    """A move's name for the turn picture, in the current language, from its public notation
    (``"put bank"`` → "Placement"); the notation itself when its keyword is unknown."""
    title = MOVE_TITLES.get(move.split()[0].lower()) if move.split() else None
    return str(tr(title)) if title is not None else move
