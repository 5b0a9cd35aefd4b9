"""Readable plain-text rendering of a Yokohama state (terminal table, status replies).

The text is written in the current language (:func:`engine.core.i18n.current`, set by the caller
with ``with language(lang):``); components are named as the rulebook names them, never by a data
id: order cards by their face, achievements by their condition, reward tokens by their country. The
orders in a hand, the orders dealt, the achievements and the reward tokens are numbered, and a move
may name them by that number (``order 2``, ``keep 1``, ``achieve 3``, ``reward 1``); an area is
named in moves by the notation word printed in brackets after its name. Pieces on the area
boards are written with a short colour code per player (``Bl2`` = two blue assistants) that the
text explains in its legend line.

Hidden information (Yokohama rulebook (PL), Zasady ogólne): only ``seat`` sees the order cards in
its own hand and the cards dealt to it at the opening; everyone else (and a spectator, ``seat``
``None``) sees how many orders each player holds. Removed and boxed cards and the decks' contents
are never shown, only how many cards each deck holds.
"""

from __future__ import annotations

import textwrap
from collections.abc import Iterable
from functools import lru_cache

from engine.core import components
from engine.core.i18n import current, tr

from . import rules
from .badges import PLAYER_BADGES
from .effects import action_text, power_with_president, tech_effect
from .state import COUNTRIES, GOODS, NEUTRAL, PLAYER_COLOURS, Player, YState
from .tables import tables
from .words import COUNTRY_NAMES, GOODS_NAMES, _, _n, amount, reward_text

#: Longest line of the text (longer lines are wrapped with an indent).
WIDTH = 100
#: Separator of the parts of one line.
SEP = " · "

#: Short codes of the player colours on the area lines ("Bl2" = two blue assistants): their badges.
COLOUR_SHORT = PLAYER_BADGES


def _code(state: YState, seat: int) -> str:
    """A seat's short colour code (``Bl``) in the current language."""
    return str(tr(COLOUR_SHORT[state.players[seat].colour]))


def _who(state: YState, seat: int) -> str:
    """A seat's colour as a player name ("Blue") in the current language."""
    return str(tr(rules.name(state, seat)))


def _occupant(state: YState, seat: int | None) -> str:
    """Who holds a board space: a colour code, the 2-player mode's neutral piece, or free."""
    if seat is None:
        # i18n: An empty space of the Church or Customs House board.
        return _("free")
    if seat == NEUTRAL:
        return _("neutral piece")
    return _code(state, seat)


def _text(msg: object) -> str:
    """A Msg (or plain text) in the current language."""
    return str(tr(msg))


def _reward(reward: dict[str, int]) -> str:
    """A reward ("2 VP, 1 yen") in the current language."""
    return _reward_in(tuple(reward.items()), current())


@lru_cache(maxsize=1024)
def _reward_in(items: tuple[tuple[str, int], ...], lang: str) -> str:
    """A reward in ``lang`` (cached: a table's board is redrawn after every move)."""
    return str(tr(reward_text(dict(items)), lang))


@components.data_cached("yokohama", 1024)
def _order_in(order: str, lang: str) -> str:
    """An order card's text in ``lang`` (cached)."""
    return str(tr(rules.order_text(order), lang))


@components.data_cached("yokohama", 1024)
def _name_in(kind: str, key: str, lang: str) -> str:
    """The name of a component in ``lang`` (cached): ``area`` (with its copy number), ``kind`` (an
    area's name without it), ``token`` (a 5-power token's reward), ``tech`` (a technology card's
    name), ``country``."""
    if kind == "area":
        msg = rules.area_label(None, key)
    elif kind == "kind":
        msg = rules.area_name(key)
    elif kind == "token":
        msg = rules.token_text(key)
    elif kind == "tech":
        msg = rules.tech_name(key)
    else:
        msg = COUNTRY_NAMES[key]
    return str(tr(msg, lang))


@lru_cache(maxsize=1024)
def _amount_in(kind: str, n: int, lang: str) -> str:
    """``n`` of a resource ("3 yen") in ``lang`` (cached)."""
    return str(tr(amount(kind, n), lang))


def _amount(kind: str, n: int) -> str:
    """``n`` of a resource (``vp``, ``yen``, a good, ``ig`` …) with its plural form."""
    return _amount_in(kind, n, current())


def _area_name(state: YState, area: str) -> str:
    """A board's name, with its copy number ("Copper Mine (2)") only where two copies are in play."""
    t = tables()
    kind = t.kind(area)
    if sum(1 for b in state.boards if t.kind(b) == kind) > 1:
        return _name_in("area", area, current())
    return _name_in("kind", area, current())


def _country(country: str) -> str:
    """A country's name ("United Kingdom")."""
    return _name_in("country", country, current())


def _tech(card: str) -> str:
    """A technology card's name ("Tram")."""
    return _name_in("tech", card, current())


def _order(order: str) -> str:
    """An order card's face ("low, United Kingdom: 1 copper, 1 raw silk → 3 VP, 1 yen")."""
    return _order_in(order, current())


def _fit(line: str, indent: str) -> list[str]:
    """``line`` wrapped to :data:`WIDTH` characters; continuation lines start with ``indent``."""
    if len(line) <= WIDTH:
        return [line]
    return textwrap.wrap(line, WIDTH, subsequent_indent=indent, break_on_hyphens=False) or [line]


def _lines(first: str, parts: Iterable[str], indent: str = "      ", sep: str = SEP) -> list[str]:
    """``first`` and ``parts`` joined by ``sep``, a new line (with ``indent``) where the next part
    would pass :data:`WIDTH`; a single over-long part is wrapped inside."""
    out: list[str] = []
    line = first
    for part in parts:
        if not part:
            continue
        candidate = f"{line}{sep}{part}"
        if len(candidate) <= WIDTH:
            line = candidate
        else:
            out.extend(_fit(line + ("," if sep == ", " else ""), indent))
            line = indent + part
    out.extend(_fit(line, indent))
    return out


def _listing(label: str, items: list[str], indent: str = "      ") -> list[str]:
    """``label`` then ``items`` separated by commas, wrapped between items."""
    out: list[str] = []
    line = label
    for i, item in enumerate(items):
        candidate = f"{line}{' ' if i == 0 else ', '}{item}"
        if len(candidate) <= WIDTH:
            line = candidate
        else:
            out.extend(_fit(line if i == 0 else line + ",", indent))
            line = indent + item
    out.extend(_fit(line, indent))
    return out


def render_text(state: YState, seat: int | None = None) -> str:
    """The whole table as text; ``seat``'s block is marked with ``*`` and shows its hand."""
    if seat is not None and not 0 <= seat < len(state.players):
        seat = None
    lines: list[str] = []
    lines += _header(state)
    lines += _layout(state, seat)
    lines += _ports(state)
    lines += _labs(state, seat)
    lines += _church_and_customs(state)
    lines += _achievements(state)
    lines += _supply(state)
    for p in state.players:
        lines += _player(state, p, seat)
    if state.over:
        lines += _final(state)
    lines += _fit(f">> {_text(rules.decision(state).prompt)}", "   ")
    return "\n".join(lines)


# ------------------------------------------------------------------------------------------------
# Head: round, turn, end of the game
# ------------------------------------------------------------------------------------------------


def _header(state: YState) -> list[str]:
    chosen = not any(f.get("what") == "start" for f in state.stack)
    if state.over:
        head = _("Yokohama — game over after {rounds} rounds", rounds=state.rounds)
    elif not state.turn_no:
        head = _("Yokohama — setting up the game")
    else:
        head = _("Yokohama — round {round}, turn {turn}", round=state.rounds + 1, turn=state.turn_no)
    out = [f"== {head} =="]
    parts = []
    if state.turn_no and not state.over:
        parts.append(_("{who} to play", who=_who(state, state.current)))
    if chosen:
        parts.append(_("Start player: {who}", who=_who(state, state.start_player)))
    if state.final_round is not None and not state.over:
        last = state.final_round + 1
        if state.rounds + 1 >= last:
            parts.append(_("The end is triggered: this is the last round"))
        else:
            parts.append(_("The end is triggered: round {round} is the last round", round=last))
    if parts:
        out += _lines(parts[0], parts[1:], "   ")
    legend = [f"{_code(state, p.seat)} = {_who(state, p.seat)}" for p in state.players]
    out += _listing(_("Colours:"), legend, "   ")
    return out


# ------------------------------------------------------------------------------------------------
# Area boards
# ------------------------------------------------------------------------------------------------


def _layout(state: YState, seat: int | None = None) -> list[str]:
    """A map of the layout cells (touching numbers are adjacent areas), then one entry per area with
    what its action gives ``seat`` (default: the player to play) there."""
    lay = tables().layouts[state.options.players]
    out = _fit(_("Areas (touching numbers are adjacent; moves name an area by the word in brackets):"), "   ")
    start = 0
    for r, width in enumerate(lay.rows):
        cells = "".join(f"{i + 1:>4}" for i in range(start, start + width))
        out.append("  " + " " * (2 * r) + cells)
        start += width
    out += _fit("  " + _("Power in an area: 1 for each of your assistants, your president, your shop, your "
                         "trading house and the station token; at most 5."), "  ")
    # Krok budowy: building a shop or trading house follows an area action at power 4 or more.
    out += _fit("  " + _("Building a shop or trading house needs power {n} or more in the area.",
                         n=tables().n["build_min_power"]), "  ")
    who = seat if seat is not None else (state.current if state.turn_no and not state.over else None)
    for cell, area in enumerate(state.layout):
        label = f"{cell + 1:>2}"
        if area is None:
            out.append(f"  {label} " + _("(not revealed yet)"))
            continue
        out += _area(state, area, label, who)
    return out


def _area(state: YState, area_id: str, label: str, seat: int | None = None) -> list[str]:
    """The lines of one area: its pieces and power, what its action gives ``seat`` there (with
    the president; only where ``seat`` has an assistant or the president), then its building tile
    and 5-power token."""
    t = tables()
    a = state.areas[area_id]
    name = _area_name(state, area_id)
    first = f"  {label} {name} [{area_id}]"
    if t.kind(area_id) == "canal":
        fee = _amount("yen", t.n["canal_fee"])
        return _lines(first, [_("no assistants and no stopping; a president may cross it for {fee}", fee=fee)])
    parts = []
    helpers = " ".join(f"{_code(state, s)}{n}" for s, n in enumerate(a.assistants) if n)
    parts.append(_("assistants {list}", list=helpers) if helpers else _("no assistants"))
    presidents = rules.presidents_in(state, area_id)
    if presidents:
        parts.append(_n("president {list}", "presidents {list}", len(presidents),
                        list=" ".join(_code(state, s) for s in presidents)))
    if state.station == area_id:
        parts.append(_("station token (+1 power for everyone)"))
    powers = [(s, rules.power(state, s, area_id)) for s in range(len(state.players))]
    shown = " ".join(f"{_code(state, s)}{pw}" for s, pw in powers if pw and (a.assistants[s] or s in presidents
                                                                              or s in a.shops or a.house == s))
    if shown:
        parts.append(_("power {list}", list=shown))
    if a.token is not None:
        parts.append(_("5-power token: {reward}", reward=_name_in("token", a.token, current())))
    if seat is not None and (a.assistants[seat] or state.players[seat].president == area_id):
        pw = power_with_president(state, seat, area_id)
        # i18n: What the area's action gives a player whose president stands there ("Blue here: power 2 → 1 raw silk").
        parts.append(_("{who} here: power {power} → {effect}", who=_who(state, seat), power=pw,
                       effect=_text(action_text(state, seat, area_id, pw))))
    out = _lines(first, parts, "       ")
    if a.tile is not None:
        out += _tile_lines(a.tile, tuple(a.shops), a.house, current())
    return out


@components.data_cached("yokohama", 4096)
def _tile_lines(tile: str, shops: tuple[int | None, ...], house: int | None, lang: str) -> tuple[str, ...]:
    """A building tile's line(s): who holds each shop space and the trading-house space, and the
    reward of each free space (cached: tiles change only when someone builds)."""
    t = tables()
    cells = []
    for i, s in enumerate(shops):
        if s is None:
            # i18n: An empty shop space of a building tile and the reward for building there.
            cells.append(_("{space} free ({reward})", space=i + 1, reward=_reward(t.shop_rewards[tile][i])))
        else:
            cells.append(f"{i + 1} {tr(COLOUR_SHORT[PLAYER_COLOURS[s]])}")
    parts = [_("shops: {list}", list=", ".join(cells))]
    if house is None:
        parts.append(_("trading house: free ({reward})", reward=_reward(t.house_reward[tile])))
    else:
        parts.append(_("trading house: {who}", who=tr(COLOUR_SHORT[PLAYER_COLOURS[house]])))
    return tuple(_lines("       " + parts[0], parts[1:], "       "))


# ------------------------------------------------------------------------------------------------
# Management boards
# ------------------------------------------------------------------------------------------------


def _ports(state: YState) -> list[str]:
    # Wypełnianie zamówień: an order is fulfilled by handing in its goods; its reward and its country
    # symbol (pairs give foreign agents, sets score at the end) are gained.
    out = _fit(_("An order card reads: level, country: the goods you hand in to fulfil it → what you gain. Its "
                 "country symbol counts for foreign agents and the final country sets."), "   ")
    for port in sorted(state.ports):
        out.append(_("{port} — orders (power 2: low; 3: low or mid; 4–5: any level; power 5 also scores {vp}):",
                     port=_text(rules.area_name(port)), vp=_amount("vp", tables().n["port_p5_vp"])))
        for i, card in enumerate(state.ports[port]):
            text = _order(card) if card else _("(empty)")
            out += _fit(f"  {i + 1}. {text}", "       ")
    return out


def _labs(state: YState, seat: int | None) -> list[str]:
    """The Laboratory boards; for ``seat``, the cards it may not take (a name it owns) are marked."""
    t = tables()
    viewer = state.players[seat] if seat is not None else None
    out = []
    for lab in sorted(state.labs):
        out.append(_("{lab} — technologies (cost = production value + surcharge of the space):",
                     lab=_text(rules.area_name(lab))))
        for i, card in enumerate(state.labs[lab]):
            if card is None:
                text = _("(empty)")
            else:
                tech = t.techs[card]
                name, country = _tech(card), _country(tech.country)
                extra = t.lab_surcharge[i]
                if extra:
                    text = _("{name} ({country}): value {value} + {extra} = {cost}", name=name, country=country,
                             value=tech.value, extra=extra, cost=tech.value + extra)
                else:
                    text = _("{name} ({country}): value {value}", name=name, country=country, value=tech.value)
                # Karty technologii: what the card does once owned.
                text += SEP + _text(tech_effect(tech.name))
                if viewer is not None and rules.owns(viewer, tech.name):
                    text += SEP + _("you own this technology")
            out += _fit(f"  {i + 1}. {text}", "       ")
    return out


def _church_and_customs(state: YState) -> list[str]:
    t = tables()
    full = t.n["board_full"][str(state.options.players)]
    out = []
    taken = sum(1 for s in state.church if s is not None)
    out += _fit(_("Church board ({taken} of {spaces} spaces taken, the end is triggered at {full}) — faith "
                  "needed → reward:", taken=taken, spaces=len(state.church), full=full), "   ")
    for i, space in enumerate(t.church):
        text = _("{faith} faith → {reward}: {who}", faith=space.faith, reward=_reward(t.church_reward[i]),
                 who=_occupant(state, state.church[i]))
        out += _fit(f"  {i + 1}. {text}", "       ")
    taken = sum(1 for s in state.customs if s is not None)
    out += _fit(_("Customs House board ({taken} of {spaces} spaces taken, the end is triggered at {full}) — "
                  "imported goods paid → reward:", taken=taken, spaces=len(state.customs), full=full), "   ")
    for i, customs in enumerate(t.customs):
        text = _("{ig} → {reward}: {who}", ig=_amount("ig", customs.ig), reward=_reward(t.customs_reward[i]),
                 who=_occupant(state, state.customs[i]))
        out += _fit(f"  {i + 1}. {text}", "       ")
    return out


def _achievements(state: YState) -> list[str]:
    if not state.achievements:
        return []
    out = [_("Achievements (the first player scores the higher VP, later players the lower):")]
    for i, tile in enumerate(state.achievements):
        seats = state.achievement_spaces.get(tile, [])
        who = ", ".join(_who(state, s) for s in seats) if seats else _("nobody yet")
        text = _("{text}: {who}", text=_text(rules.achievement_text(tile)), who=who)
        out += _fit(f"  {i + 1}. {text}", "     ")
    if "achievement_rewards" in state.options.modules:
        tokens = [f"{i + 1}. {_country(tables().reward_tokens[r])}" for i, r in enumerate(state.reward_tokens)]
        out += _listing("  " + _("Reward tokens (for all 3 achievements; each is a country symbol and a free "
                                 "agent):"), tokens or [_("none left")], "     ")
    return out


def _supply(state: YState) -> list[str]:
    agents = ", ".join(f"{_country(c)} {state.agent_supply.get(c, 0)}" for c in COUNTRIES)
    decks = _("Decks: {techs}, {orders}",
              techs=_n("{n} technology card", "{n} technology cards", len(state.tech_deck)),
              orders=_n("{n} order card", "{n} order cards", len(state.order_deck)))
    return _fit(_("Foreign agents in the supply: {list}", list=agents), "   ") + [decks]


# ------------------------------------------------------------------------------------------------
# Players
# ------------------------------------------------------------------------------------------------


def _player(state: YState, p: Player, seat: int | None) -> list[str]:
    """One player's block; the hand's order cards only for ``seat`` itself."""
    t = tables()
    mark = "*" if p.seat == seat else " "
    goods = ", ".join(f"{_text(GOODS_NAMES[g])} {rules.in_hand(p, g)}" for g in GOODS)
    head = f"{mark}{_who(state, p.seat).upper()} ({_code(state, p.seat)})"
    if p.seat == seat:
        head += " — " + _("you")
    out = _lines(head, [_amount("vp", p.vp), _amount("yen", p.yen), goods, _amount("ig", p.ig)],
                 "    ")
    where = _area_name(state, p.president) if p.president else _("in hand")
    hand = [_n("{n} assistant", "{n} assistants", p.hand_assistants),
            _n("{n} shop", "{n} shops", p.hand_shops),
            _n("{n} trading house", "{n} trading houses", p.hand_houses)]
    out += _lines("    " + _("in hand: {pieces}", pieces=", ".join(hand)), [_("president: {where}", where=where)])
    store = [_n("{n} assistant", "{n} assistants", p.wh_assistants),
             _n("{n} shop", "{n} shops", p.wh_shops),
             _n("{n} trading house", "{n} trading houses", p.wh_houses)]
    parts = []
    if p.wh_houses:
        parts.append(_("next trading house costs {yen}", yen=_amount("yen", rules.house_price(p))))
    out += _lines("    " + _("in the warehouse: {pieces}", pieces=", ".join(store)), parts)
    built = [_n("{n} shop", "{n} shops", rules.shops_built(state, p.seat)),
             _n("{n} trading house", "{n} trading houses", rules.houses_built(state, p.seat))]
    out += _fit("    " + _("built: {pieces}", pieces=", ".join(built)), "      ")
    if p.technologies:
        # i18n: An owned technology card: name, country, production value and what it does.
        techs = [_("{name} ({country}, {value}): {effect}", name=_tech(c), country=_country(t.techs[c].country),
                   value=t.techs[c].value, effect=_text(tech_effect(t.techs[c].name)))
                 for c in p.technologies]
        total = sum(t.techs[c].value for c in p.technologies)
        out += _listing("    " + _("technologies (production value {total}):", total=total), techs)
    if p.fulfilled:
        done = [_country(t.orders[o].country) for o in p.fulfilled]
        out += _listing("    " + _("fulfilled orders (their countries):"), done)
    symbols = [f"{_country(c)} {n}" for c in COUNTRIES if (n := rules.country_count(p, c))]
    if symbols:
        out += _listing("    " + _("country symbols:"), symbols)
    extras = []
    if p.agents:
        unused = list(p.agents)
        for c in p.agents_used:
            unused.remove(c)
        agents = [_country(c) for c in unused]
        agents += [_("{country} (used)", country=_country(c)) for c in p.agents_used]
        extras.append(_("foreign agents: {list}", list=", ".join(agents)))
    if p.free_agents:
        extras.append(_("free agents: {left} unused, {used} used", left=p.free_agents - p.free_agents_used,
                        used=p.free_agents_used))
    if p.power_tokens:
        extras.append(_("5-power tokens: {n}", n=len(p.power_tokens)))
    if p.achievements:
        extras.append(_("achievements: {list}", list=", ".join(_text(rules.achievement_condition(a))
                                                                for a in p.achievements)))
    if p.reward_token:
        extras.append(_("achievement reward token: {country}", country=_country(t.reward_tokens[p.reward_token])))
    if extras:
        out += _lines("    " + extras[0], extras[1:], "    ")
    dealt = state.dealt.get(str(p.seat), [])
    if p.seat == seat:
        if p.orders:
            out.append("    " + _("your orders in hand ({n} of {most}):", n=len(p.orders), most=rules.hand_limit()))
            for i, o in enumerate(p.orders):
                missing = {g: n - rules.in_hand(p, g) for g, n in t.order_goods[o].items() if rules.in_hand(p, g) < n}
                if missing:
                    # i18n: An order in the reader's hand and the goods they still lack to fulfil it.
                    text = _("{order} — you still need {goods}", order=_order(o), goods=_reward(missing))
                else:
                    text = _("{order} — you have the goods", order=_order(o))
                out += _fit(f"      {i + 1}. {text}", "         ")
        else:
            out.append("    " + _("your orders in hand: none"))
        if dealt:
            out.append("    " + _("dealt to you — keep one, the other leaves the game unseen:"))
            out += [line for i, o in enumerate(dealt) for line in _fit(f"      {i + 1}. {_order(o)}", "         ")]
    else:
        text = _("orders in hand: {n}", n=len(p.orders))
        if dealt:
            text += SEP + _n("choosing from {n} dealt order", "choosing from {n} dealt orders", len(dealt))
        out.append("    " + text)
    return out


def _final(state: YState) -> list[str]:
    """The final scoring of a finished game, best player first."""
    names = {
        "church": _("Church"), "customs": _("Customs House"), "technology": _("technology"),
        "countries": _("country sets"), "agents": _("agents"), "ig": _("imported goods"), "yen": _("yen"),
        "goods": _("trade goods"),
    }
    out = [_("Final scoring (VP before the end, then each bonus):")]
    for rank, p in enumerate(rules.ranking(state), start=1):
        parts = state.scores.get(str(p.seat), {})
        bonuses = ", ".join(f"{label} {parts.get(key, 0)}" for key, label in names.items())
        text = _("{rank}. {who}: {before} + {bonuses} = {total}", rank=rank, who=_who(state, p.seat),
                 before=parts.get("before", 0), bonuses=bonuses, total=_amount("vp", p.vp))
        out += _fit("  " + text, "     ")
    return out
