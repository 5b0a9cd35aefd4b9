"""Zasady ogólne (general rules): the names used in texts, a player's pieces, power and symbols, and the
small helpers every chapter shares."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.core import Action, Event, components

from ..state import PLAYER_COLOURS, Player, YState
from ..tables import tables
from ..words import AREA_NAMES, COUNTRY_NAMES, LEVEL_NAMES, TECH_NAMES, M, Mn, T, amount, listing, reward_text

#: The mini-expansions (modules): 1 achievement reward tokens, 2 free-agent 5-power tokens.
MODULES = ("achievement_rewards", "free_agents")


#: A player's name in texts: their colour as a name ("Blue places …").
PLAYER_NAMES = {c: T("player", c.capitalize()) for c in PLAYER_COLOURS}


#: Kinds of area whose action is a plain gain.
GAIN_EFFECT = "gain"


def name(state: YState, seat: int) -> str:
    """A player's name in texts: their colour (a Msg term)."""
    return PLAYER_NAMES[state.players[seat].colour]


def area_name(area: str) -> str:
    """The name of a board (``copper2`` → "Copper Mine"; the copy number is not printed)."""
    return AREA_NAMES[tables().kind(area)]


#: Event texts already made (:func:`once`), by data set and key; emptied when it grows large.
_TEXTS: dict[tuple[Any, ...], str] = {}


def once(key: tuple[Any, ...], build: Callable[[], str]) -> str:
    """The text ``build()`` (a Msg), made once per ``key`` and data set, then shared: texts are
    immutable, and the same few (a placement, a recall, an area action …) recur in every game.

    ``key`` must hold everything the text depends on (seat colours, numbers, board ids and the
    game's boards for :func:`area_label`), as plain hashable values.
    """
    full = (id(tables()), *key)
    found = _TEXTS.get(full)
    if found is None:
        if len(_TEXTS) >= 50_000:
            _TEXTS.clear()
        found = _TEXTS[full] = build()
    return found


def area_label(state: YState | None, area: str) -> str:
    """A board's name with its copy (``copper2`` → "Copper Mine (2)") where two copies exist."""
    return _area_label(area, tuple(state.boards) if state is not None else None)


@components.data_cached("yokohama", 1024)
def _area_label(area: str, boards: tuple[str, ...] | None) -> str:
    """:func:`area_label` among ``boards`` (``None``: every board); cached, texts are immutable."""
    kind = tables().kind(area)
    copies = [a for a in (boards if boards is not None else tables().area_ids) if tables().kind(a) == kind]
    if area[-1].isdigit() and len(copies) > 1:
        return M("{area} ({copy})", area=AREA_NAMES[kind], copy=int(area[-1]))
    return AREA_NAMES[kind]


@components.data_cached("yokohama", 1024)
def tech_name(card: str) -> str:
    """A technology card's name as a term."""
    return TECH_NAMES[tables().techs[card].name]


@components.data_cached("yokohama", 1024)
def order_text(order: str) -> str:
    """An order card as players see its face (a Msg): level, country, goods and reward ("low, United
    Kingdom: 2 fish, 1 tea → 3 VP, 1 yen"); the card's data id is never part of it."""
    t = tables()
    o = t.orders[order]
    # i18n: An order card's face: its level and country, the goods it asks for → its reward.
    return M("{level}, {country}: {goods} → {reward}", level=LEVEL_NAMES[o.level],
             country=COUNTRY_NAMES[o.country], goods=order_goods(order), reward=reward_text(t.order_reward[order]))


@components.data_cached("yokohama", 1024)
def order_goods(order: str) -> str:
    """The goods an order card asks for ("2 fish, 1 tea"), a Msg."""
    t = tables()
    return listing(amount(g, n) for g, n in t.order_goods[order].items())


@components.data_cached("yokohama", 1024)
def order_short(order: str) -> str:
    """An order card in short (a Msg, for move labels): "2 fish, 1 tea → 3 VP, 1 yen"."""
    # i18n: An order card in short: the goods it asks for → its reward.
    return M("{goods} → {reward}", goods=order_goods(order), reward=reward_text(tables().order_reward[order]))


@components.data_cached("yokohama", 1024)
def token_text(token: str) -> str:
    """A 5-power token's reward as text."""
    return reward_text(tables().token_reward[token])


@components.data_cached("yokohama", 1024)
def achievement_text(tile: str) -> str:
    """An achievement tile's condition (a term) with its upper/lower VP ("Hold 7 tea (9/6 VP)")."""
    a = tables().achievements[tile]
    return M("{condition} ({first}/{later} VP)", condition=T("achievement", a.text), first=a.first, later=a.later)


def achievement_condition(tile: str) -> str:
    """An achievement tile's condition alone (a term: "Hold 7 tea")."""
    return T("achievement", tables().achievements[tile].text)


def country_name(country: str) -> str:
    """A country symbol's name."""
    return COUNTRY_NAMES[country]


def amount_piece(piece: str, n: int) -> str:
    """``n`` pieces (``assistant``/``shop``/``house``) with the right plural."""
    if piece == "assistant":
        return Mn("{n} assistant", "{n} assistants", n)
    if piece == "shop":
        return Mn("{n} shop", "{n} shops", n)
    return Mn("{n} trading house", "{n} trading houses", n)


def amount_order(n: int) -> str:
    """``n`` order cards."""
    return Mn("{n} order", "{n} orders", n)


def ev(events: list[Event] | None, kind: str, seat: int | None, text: str, /, **data: Any) -> None:
    """Append an :class:`Event`; ``text`` is a Msg of the ``yokohama`` domain, ``data`` the facts.

    ``events`` is ``None`` in a quiet apply (:func:`.turn.apply_quiet`): nothing is recorded. The
    rules test ``events is not None`` before they build a text, so a quiet apply builds none.
    """
    if events is not None:
        events.append(Event(kind=kind, seat=seat, text=text, data=data))


def top(state: YState) -> dict[str, Any]:
    """The frame on top of the stack (the current decision once :func:`.turn.advance` has run)."""
    return state.stack[-1]


def owns(p: Player, tech: str, t: Any = None) -> bool:
    """Whether ``p`` owns a technology card named ``tech`` (a name id such as ``tram``); ``t``:
    the :func:`..tables.tables` in use, when the caller has them at hand."""
    if not p.technologies:
        return False
    return tech in map((t or tables()).tech_names.__getitem__, p.technologies)


def presidents_in(state: YState, area: str) -> list[int]:
    """Seats whose president stands on ``area``."""
    return [p.seat for p in state.players if p.president == area]


def other_presidents(state: YState, seat: int) -> list[str]:
    """The areas of the presidents of the players other than ``seat`` on the board (an area appears
    once per president): ``other_presidents(...).count(area)`` players are paid in ``area``."""
    return [q.president for q in state.players if q.seat != seat and q.president is not None]


def power(state: YState, seat: int, area: str) -> int:
    """A seat's power in ``area`` (Krok akcji obszaru): assistants, president, own shop, own
    trading house and the station token, 1 each; at most 5."""
    a = state.areas[area]
    p = state.players[seat]
    n = a.assistants[seat] + (p.president == area) + (seat in a.shops) + (a.house == seat)
    n += state.station == area
    return min(n, tables().n["max_power"])


def shops_built(state: YState, seat: int) -> int:
    """Shops of ``seat`` on building tiles."""
    return sum(a.shops.count(seat) for a in state.areas.values())


def houses_built(state: YState, seat: int) -> int:
    """Trading houses of ``seat`` on building tiles."""
    return sum(1 for a in state.areas.values() if a.house == seat)


def built_areas(state: YState, seat: int) -> list[str]:
    """Areas where ``seat`` has a shop or a trading house (an area counts once)."""
    return [a.id for a in state.areas.values() if seat in a.shops or a.house == seat]


def country_count(p: Player, country: str) -> int:
    """Symbols of ``country`` a player holds: technologies, fulfilled orders, reward token."""
    t = tables()
    n = sum(1 for c in p.technologies if t.techs[c].country == country)
    n += sum(1 for o in p.fulfilled if t.orders[o].country == country)
    n += p.reward_token is not None and t.reward_tokens[p.reward_token] == country
    return n


def in_hand(p: Player, good: str) -> int:
    """How many of ``good`` (a trade good, ``ig`` or ``yen``) the player holds."""
    return int(getattr(p, good))


def agents_unused(p: Player) -> int:
    """Face-up foreign agents of a player."""
    return len(p.agents) - len(p.agents_used)


def hand_limit() -> int:
    """The order hand limit (Zasady ogólne)."""
    return int(tables().n["order_hand_limit"])


def placeable(state: YState, p: Player) -> list[str]:
    """Areas in play where assistants may go (never the Canal), in layout order."""
    return list(tables().placeable(state.layout))


def neighbours(state: YState, area: str) -> list[str]:
    """Boards adjacent to ``area`` in the layout (``data/layouts.json``)."""
    return list(tables().near(state.options.players, state.layout)[area])


#: Action objects already made, by ``(kind, args)``: actions are immutable, so the legal-move lists
#: share them instead of building new ones at every decision.
_ACTIONS: dict[tuple[str, tuple[Any, ...]], Action] = {}


def act(kind: str, *args: Any) -> Action:
    """The (shared, immutable) ``Action(kind, args)``."""
    key = (kind, args)
    found = _ACTIONS.get(key)
    if found is None:
        found = _ACTIONS[key] = Action(kind, args)
    return found


class OneArg(dict[Any, Action]):
    """``OneArg(kind)[x]`` is the shared ``Action(kind, (x,))`` (made on first use): the hot
    legal-move lists look their actions up instead of calling :func:`act`."""

    def __init__(self, kind: str) -> None:
        super().__init__()
        self.kind = kind

    def __missing__(self, arg: Any) -> Action:
        found = self[arg] = act(self.kind, arg)
        return found


#: One-argument actions by kind (``ONE["put"]["silk1"]`` is ``Action("put", ("silk1",))``).
ONE = {k: OneArg(k) for k in ("put", "double", "go", "recall", "agent", "free-agent", "chance")}
