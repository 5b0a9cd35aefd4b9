"""The rules of Yokohama (Hisashi Hayashi; 2024 Polish edition) for 2–4 players.

Rule references name the section headings of the Polish rulebook, e.g.
``# Zasady ruchu prezesa (Yokohama rulebook)``. Every number comes from ``data/*.json`` through
:mod:`.tables`; the engine's rulings where the rulebook is silent are listed in
``docs/rules-notes.md`` ("Yokohama").

The engine is a small interpreter over a stack of frames (see :mod:`.state`): decision frames wait
for a seat (or ``CHANCE``); automatic frames (``{"k": "auto", …}``: the area action's steps,
recovery, the end of a turn, refills) run inside :func:`advance` until the next decision. A turn
is a sequence of single choices: phase A's additional actions one at a time, then placement one
area at a time, the movement, the area action's own choices, the 5-power bonus, build, recovery
and phase C.
"""

from __future__ import annotations

import heapq
import itertools
from collections import Counter
from collections.abc import Iterator
from functools import lru_cache
from typing import Any

from engine.core import CHANCE, Action, Decision, Event, IllegalAction, Outcome

from .state import (
    COUNTRIES,
    GOODS,
    NEUTRAL,
    PLAYER_COLOURS,
    RULES_REVISION,
    RULES_REVISIONS,
    Area,
    Options,
    Player,
    YState,
)
from .tables import LEVELS, tables
from .words import AREA_NAMES, LEVEL_NAMES, PIECE_NAMES, TECH_NAMES, M, T, amount, listing, reward_text

#: The mini-expansions (modules): 1 achievement reward tokens, 2 free-agent 5-power tokens.
MODULES = ("achievement_rewards", "free_agents")
#: A player's name in texts: their colour as a name ("Blue places …").
PLAYER_NAMES = {c: T("player", c.capitalize()) for c in PLAYER_COLOURS}
#: Church payment types: one of each, +1 faith each (Szczegółowy opis obszarów, Kościół).
CHURCH_PAYMENTS = ("copper", "silk", "tea", "fish", "ig", "yen")
#: Kinds of area whose action is a plain gain.
GAIN_EFFECT = "gain"


# ------------------------------------------------------------------------------------------------
# Names and small helpers
# ------------------------------------------------------------------------------------------------


def name(state: YState, seat: int) -> str:
    """A player's name in texts: their colour (a Msg term)."""
    return PLAYER_NAMES[state.players[seat].colour]


def area_name(area: str) -> str:
    """The name of a board (``copper2`` → "Copper Mine"; the copy number is not printed)."""
    return AREA_NAMES[tables().kind(area)]


def area_label(state: YState | None, area: str) -> str:
    """A board's name with its copy (``copper2`` → "Copper Mine (2)") where two copies exist."""
    kind = tables().kind(area)
    copies = [a for a in (state.boards if state is not None else tables().area_ids) if tables().kind(a) == kind]
    if area[-1].isdigit() and len(copies) > 1:
        return M("{area} ({copy})", area=AREA_NAMES[kind], copy=int(area[-1]))
    return AREA_NAMES[kind]


def tech_name(card: str) -> str:
    """A technology card's name as a term."""
    return TECH_NAMES[tables().techs[card].name]


def order_text(order: str) -> str:
    """An order card: level, country, goods and reward ("low, UK: 2 fish, 1 tea → 3 VP, 1 yen")."""
    t = tables()
    o = t.orders[order]
    from .words import COUNTRY_NAMES

    goods = listing(amount(g, n) for g, n in t.order_goods[order].items())
    return M("{id} ({level}, {country}): {goods} → {reward}", id=order, level=LEVEL_NAMES[o.level],
             country=COUNTRY_NAMES[o.country], goods=goods, reward=reward_text(t.order_reward[order]))


def ev(events: list[Event], kind: str, seat: int | None, text: str, /, **data: Any) -> None:
    """Append an :class:`Event`; ``text`` is a Msg of the ``yokohama`` domain, ``data`` the facts."""
    events.append(Event(kind=kind, seat=seat, text=text, data=data))


def top(state: YState) -> dict[str, Any]:
    """The frame on top of the stack (the current decision once :func:`advance` has run)."""
    return state.stack[-1]


def owns(p: Player, tech: str) -> bool:
    """Whether ``p`` owns a technology card named ``tech`` (a name id such as ``tram``)."""
    techs = tables().techs
    return any(techs[c].name == tech for c in p.technologies)


def presidents_in(state: YState, area: str) -> list[int]:
    """Seats whose president stands on ``area``."""
    return [p.seat for p in state.players if p.president == area]


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


# ------------------------------------------------------------------------------------------------
# Set-up
# ------------------------------------------------------------------------------------------------


def validate_options(options: dict[str, Any]) -> Options:
    """Check table options: ``players`` 2–4; ``modules`` a subset of :data:`MODULES` (``-`` or ``_``);
    ``rules_revision`` one of :data:`RULES_REVISIONS` (an integer; :data:`RULES_REVISION` when absent).

    ``first_game`` (a flag any Discord table may carry) is accepted and ignored. Raises
    :class:`~engine.core.IllegalAction` (a ``ValueError``) whose ``reason`` is a Msg.
    """
    if not isinstance(options, dict):
        raise IllegalAction(M("Table options must be a mapping such as {example}.", example="{'players': 3}"))
    players = options.get("players", 2)
    if isinstance(players, bool) or not isinstance(players, int) or players not in (2, 3, 4):
        raise IllegalAction(M("Yokohama is played by 2 to 4 players."))
    unknown = sorted(str(k) for k in options if k not in ("players", "modules", "rules_revision", "first_game"))
    if unknown:
        raise IllegalAction(M("Yokohama has no option {option}; its options are the number of players, the "
                              "modules and the rules revision.", option=", ".join(unknown)))
    revision = options.get("rules_revision", RULES_REVISION)
    if isinstance(revision, bool) or not isinstance(revision, int) or revision not in RULES_REVISIONS:
        raise IllegalAction(M("Yokohama's rules revision is 1 (before the area action was mandatory) or 2 (the "
                              "current rules)."))
    raw = options.get("modules") or []
    if isinstance(raw, str):
        raw = [raw]
    modules: list[str] = []
    for m in raw:
        key = str(m).strip().lower().replace("-", "_")
        if key not in MODULES:
            raise IllegalAction(M("Yokohama has no module {module}; the modules are {modules}.", module=str(m),
                                  modules=", ".join(MODULES)))
        if key not in modules:
            modules.append(key)
    return Options(players=players, modules=[m for m in MODULES if m in modules], rules_revision=revision)


def setup(options: dict[str, Any], seed: int) -> YState:
    """Build the initial state; every random step is a pending ``CHANCE`` decision.

    Order (Przygotowanie do gry): start player; the area boards into the layout cells; a building
    tile under each board (not the Canal); a 5-power token on each board; one achievement tile of
    A, B and C; (module) 4 reward tokens; technologies onto the Laboratory boards; orders removed
    unseen by player count, then onto the Port boards; 2 orders dealt to each player; then each
    player keeps one. Raises :class:`IllegalAction` for invalid options.
    """
    opts = validate_options(options)
    t = tables()
    n = opts.players
    boards = t.boards(n)
    players = []
    for seat in range(n):
        p = Player(seat=seat, colour=PLAYER_COLOURS[seat])
        p.hand_assistants = t.n["hand_assistants"]
        p.wh_assistants = t.n["warehouse_assistants"]
        p.hand_shops = t.n["hand_shops"]
        p.wh_shops = t.n["warehouse_shops"]
        p.wh_houses = t.n["warehouse_trading_houses"]
        for g in GOODS:
            setattr(p, g, t.n["start_goods_each"])
        players.append(p)
    effect = {b: t.effects[t.kind(b)].effect if t.kind(b) in t.effects else None for b in boards}
    labs = {b: [None] * len(t.lab_surcharge) for b in boards if effect[b] == "laboratory"}
    ports = {b: [None] * t.port_slots for b in boards if effect[b] == "port"}
    # 2-player mode: neutral pieces on the marked Church and Customs House spaces.
    church: list[int | None] = [NEUTRAL if (n == 2 and s.neutral_2p) else None for s in t.church]
    customs: list[int | None] = [NEUTRAL if (n == 2 and s.neutral_2p) else None for s in t.customs]
    tokens = [tok.id for tok in t.data.power_tokens
              if tok.expansion is None or tok.expansion in opts.modules]
    state = YState(
        options=opts, seed=seed, players=players, layout=[None] * len(t.layouts[n].cells), areas={},
        boards=boards, tech_deck=list(t.tech_ids), order_deck=list(t.order_ids), labs=labs, ports=ports,
        church=church, customs=customs, agent_supply=dict(t.agents), tiles_left=list(t.tile_ids),
        tokens_left=tokens,
    )
    # Frames are pushed in reverse: the last pushed runs first.
    st = state.stack
    st.append({"k": "auto", "what": "begin"})
    for seat in reversed(range(n)):
        st.append({"k": "auto", "what": "keep", "seat": seat})
    for seat in reversed(range(n)):
        for _ in range(t.n["setup_order_draw"]):
            st.append({"k": "chance", "what": "deal", "seat": seat})
    for port in reversed(sorted(ports)):
        for slot in reversed(range(t.port_slots)):
            st.append({"k": "chance", "what": "order", "port": port, "slot": slot})
    for _ in range(t.n["orders_removed"][str(n)]):
        st.append({"k": "chance", "what": "remove"})
    for lab in reversed(sorted(labs)):
        for slot in reversed(range(len(t.lab_surcharge))):
            st.append({"k": "chance", "what": "tech", "lab": lab, "slot": slot})
    if "achievement_rewards" in opts.modules:
        for _ in range(t.n["reward_tokens_revealed"]):
            st.append({"k": "chance", "what": "reward_token"})
    for group in reversed(sorted(t.achievement_groups)):
        st.append({"k": "chance", "what": "achievement", "group": group})
    st.append({"k": "auto", "what": "tokens"})
    st.append({"k": "auto", "what": "tiles"})
    for cell in reversed(range(len(state.layout))):
        st.append({"k": "chance", "what": "board", "cell": cell})
    st.append({"k": "chance", "what": "start"})
    advance(state, [])
    return state


# ------------------------------------------------------------------------------------------------
# Decisions and prompts
# ------------------------------------------------------------------------------------------------

CHANCE_PROMPTS = {
    "start": M("Random event: the start player is drawn."),
    "board": M("Random event: an area board is revealed into the layout."),
    "tile": M("Random event: a building tile is drawn for an area."),
    "token": M("Random event: a 5-power token is drawn for an area."),
    "achievement": M("Random event: an achievement tile is revealed."),
    "reward_token": M("Random event: an achievement reward token is revealed."),
    "tech": M("Random event: a technology card is drawn onto a Laboratory board."),
    "remove": M("Random event: an order card is removed from the game unseen."),
    "order": M("Random event: an order card is drawn onto a Port board."),
    "deal": M("Random event: an order card is dealt to a player."),
}


def decision(state: YState) -> Decision:
    """The pending decision: seat (or ``CHANCE``/``None``), its kind and a prompt (a Msg)."""
    frame = state.stack[-1] if state.stack and not state.over else None
    if frame is None:
        return Decision(None, "over", M("The game is over."))
    if frame["k"] == "chance":
        return Decision(CHANCE, "chance", CHANCE_PROMPTS[frame["what"]])
    k, seat = frame["k"], frame["seat"]
    kind = "turn" if k == "phase" and frame.get("fresh") else k
    return Decision(seat, kind, _prompt(name(state, seat), k, _prompt_extra(state, frame)))


def _prompt_extra(state: YState, f: dict[str, Any]) -> Any:
    k = f["k"]
    if k == "phase":
        return f["phase"]
    if k in ("exchange", "hire", "good", "shift", "wh_shop"):
        return f.get("left", f.get("n"))
    if k in ("church", "customs", "lab"):
        # The prompt offers "or pass" only when passing is legal (docs/rules-notes.md Y-22).
        return f["area"], may_pass(state, f, state.players[f["seat"]])
    if k in ("port", "bonus", "build", "recover", "telegraph"):
        return f["area"]
    return None


@lru_cache(maxsize=1024)
def _prompt(who: str, k: str, extra: Any = None) -> str:
    """The prompt of a decision frame (cached: prompts are immutable Msgs)."""
    if k == "phase":
        if extra == "A":
            prompt = M("additional actions (agent, achievement, order), then 'main' for the main action")
        else:
            prompt = M("additional actions (agent, achievement, order), then 'end' to end the turn")
    elif k == "keep":
        prompt = M("choose which of your two orders to keep (the other leaves the game unseen)")
    elif k == "place":
        prompt = M("placement: one assistant into up to 3 different areas, or 2 into one area")
    elif k == "place_a":
        prompt = M("placement: another assistant into a different area, or done")
    elif k == "telegraph":
        prompt = M("Telegraph: one more assistant into an area next to {area}, or done", area=area_name(extra))
    elif k == "move":
        prompt = M("move your president to an area with your assistant, or return it to your hand")
    elif k == "recall":
        prompt = M("return assistants from the board to your hand, one at a time, or done")
    elif k == "exchange":
        prompt = M("Chinatown: make an exchange ({n} left), or done", n=extra)
    elif k == "church":
        if extra[1]:
            prompt = M("Church: choose a space (and what you pay for faith), or pass")
        else:
            prompt = M("Church: choose a space (and what you pay for faith)")
    elif k == "customs":
        if extra[1]:
            prompt = M("Customs House: pay imported goods for a space, or pass")
        else:
            prompt = M("Customs House: pay imported goods for a space")
    elif k == "hire":
        prompt = M("Employment Agency: take a piece from your warehouse ({n} left), or done", n=extra)
    elif k == "lab":
        if extra[1]:
            prompt = M("{area}: choose a technology and how to pay, or pass", area=area_name(extra[0]))
        else:
            prompt = M("{area}: choose a technology and how to pay", area=area_name(extra[0]))
    elif k == "port":
        prompt = M("{area}: take 1 order, or 2 for a payment, or pass", area=area_name(extra))
    elif k == "bonus":
        prompt = M("power 5: take the 5-power token of {area}, or skip", area=area_name(extra))
    elif k == "build":
        prompt = M("power 4 or more: build a shop or a trading house in {area}, or skip", area=area_name(extra))
    elif k == "recover":
        prompt = M("Telephone: leave one assistant in {area}, or return them all", area=area_name(extra))
    elif k == "good":
        prompt = M("choose a trade good")
    elif k == "shift":
        prompt = M("move an assistant to another area ({n} left), or stop", n=extra)
    elif k == "wh_shop":
        prompt = M("take a shop from your warehouse for 2 yen, or skip")
    elif k == "station":
        prompt = M("Station: place the station token on an area")
    elif k == "reward_token":
        prompt = M("all three achievements done: choose an achievement reward token")
    else:  # pragma: no cover - frames are built by this module
        raise AssertionError(k)
    # i18n: A decision: who acts, then what they are asked ("Blue: move your president …").
    return M("{who}: {prompt}", who=who, prompt=prompt)


# ------------------------------------------------------------------------------------------------
# Chance
# ------------------------------------------------------------------------------------------------


def chance_outcomes(state: YState) -> list[Outcome]:
    """Weighted outcomes of the pending chance decision (empty if not a chance decision)."""
    if state.over or not state.stack or top(state)["k"] != "chance":
        return []
    return [Outcome(Action("chance", (v,)), 1) for v in chance_values(state, top(state))]


def chance_values(state: YState, f: dict[str, Any]) -> list[str]:
    """The possible outcomes of chance frame ``f`` (all equally likely)."""
    t = tables()
    what = f["what"]
    if what == "start":
        return [f"seat{i + 1}" for i in range(state.options.players)]
    if what == "board":
        return [b for b in state.boards if b not in state.layout]
    if what == "tile":
        return list(state.tiles_left)
    if what == "token":
        return list(state.tokens_left)
    if what == "achievement":
        return [a for a in t.achievement_groups[f["group"]] if a not in state.achievements]
    if what == "reward_token":
        return [r for r in t.reward_tokens if r not in state.reward_tokens]
    if what == "tech":
        return list(state.tech_deck)
    if what in ("remove", "order", "deal"):
        return list(state.order_deck)
    raise AssertionError(what)


def apply_chance(state: YState, f: dict[str, Any], value: str, events: list[Event]) -> None:
    """Apply a chance outcome (``value`` as in the notation without ``~``)."""
    t = tables()
    what = f["what"]
    if what == "start":
        state.start_player = state.current = int(value[4:]) - 1
        # Przygotowanie do gry: the start player takes 3 yen, every other player 4 yen.
        for p in state.players:
            p.yen = t.n["start_money_first"] if p.seat == state.start_player else t.n["start_money_other"]
        ev(events, "start", CHANCE, M("{who} is the start player.", who=name(state, state.start_player)),
           start=state.start_player)
    elif what == "board":
        state.layout[f["cell"]] = value
        state.areas[value] = Area(id=value, cell=f["cell"], assistants=[0] * state.options.players)
        ev(events, "board", CHANCE, M("{area} is revealed on layout space {cell}.", area=area_label(state, value),
                                      cell=f["cell"] + 1), area=value, cell=f["cell"])
    elif what == "tile":
        area = state.areas[f["area"]]
        area.tile = value
        area.shops = [None] * len(t.shop_rewards[value])
        state.tiles_left.remove(value)
        ev(events, "tile", CHANCE, M("Building tile {tile} goes under {area}.", tile=value,
                                     area=area_label(state, area.id)), area=area.id, tile=value)
    elif what == "token":
        state.areas[f["area"]].token = value
        state.tokens_left.remove(value)
        ev(events, "token", CHANCE, M("5-power token {token} ({reward}) goes on {area}.", token=value,
                                      reward=token_text(value), area=area_label(state, f["area"])),
           area=f["area"], token=value)
    elif what == "achievement":
        state.achievements.append(value)
        state.achievement_spaces[value] = []
        ev(events, "achievement", CHANCE, M("Achievement {tile} is revealed: {text}.", tile=value,
                                            text=achievement_text(value)), tile=value)
    elif what == "reward_token":
        state.reward_tokens.append(value)
        ev(events, "reward_token", CHANCE, M("Achievement reward token {token} ({country}) is revealed.",
                                             token=value, country=country_name(t.reward_tokens[value])),
           token=value)
    elif what == "tech":
        state.tech_deck.remove(value)
        state.labs[f["lab"]][f["slot"]] = value
        ev(events, "tech", CHANCE, M("{card} is drawn onto {lab}.", card=tech_name(value), lab=area_name(f["lab"])),
           card=value, lab=f["lab"], slot=f["slot"])
    elif what == "remove":
        # Hidden from everyone: the event names no card (Przygotowanie do gry: removed unseen).
        state.order_deck.remove(value)
        state.removed.append(value)
        ev(events, "removed", CHANCE, M("An order card is removed from the game unseen."))
    elif what == "order":
        state.order_deck.remove(value)
        state.ports[f["port"]][f["slot"]] = value
        ev(events, "order", CHANCE, M("Order {order} is drawn onto {port}.", order=order_text(value),
                                      port=area_name(f["port"])), order=value, port=f["port"], slot=f["slot"])
    elif what == "deal":
        seat = f["seat"]
        state.order_deck.remove(value)
        state.dealt.setdefault(str(seat), []).append(value)
        # Only the receiving player sees the card (a private event); the public one names no card.
        ev(events, "dealt", seat, M("You are dealt order {order}.", order=order_text(value)), private=True,
           undo_barrier=True)
        ev(events, "dealt_public", CHANCE, M("{who} is dealt an order card.", who=name(state, seat)), seat=seat)
    else:  # pragma: no cover - frames are built by this module
        raise AssertionError(what)


def token_text(token: str) -> str:
    """A 5-power token's reward as text."""
    return reward_text(tables().token_reward[token])


def achievement_text(tile: str) -> str:
    """An achievement tile's condition (a term) with its upper/lower VP."""
    a = tables().achievements[tile]
    return M("{condition} ({first}/{later} VP)", condition=T("achievement", a.text), first=a.first, later=a.later)


def country_name(country: str) -> str:
    """A country symbol's name."""
    from .words import COUNTRY_NAMES

    return COUNTRY_NAMES[country]


# ------------------------------------------------------------------------------------------------
# Legal actions
# ------------------------------------------------------------------------------------------------


def legal_actions(state: YState) -> list[Action]:
    """Every legal action at the current decision (chance: every possible outcome)."""
    if state.over or not state.stack:
        return []
    f = top(state)
    k = f["k"]
    if k == "chance":
        return [Action("chance", (v,)) for v in chance_values(state, f)]
    p = state.players[f["seat"]]
    return list(_LEGAL[k](state, f, p))


def phase_actions(state: YState, f: dict[str, Any], p: Player) -> Iterator[Action]:
    """Phase A / C (Faza dodatkowej akcji): agent, achievement, order, University, Spinning Mill."""
    t = tables()
    turn = state.turn
    if not turn.get("agent"):
        targets = [a for a in state.layout if a and state.areas[a].assistants[p.seat] > 0 and p.president != a]
        if agents_unused(p) > 0:
            yield from (Action("agent", (a,)) for a in targets)
        if p.free_agents > p.free_agents_used:
            yield from (Action("free-agent", (a,)) for a in targets)
    if p.hand_assistants > 0:
        for tile in state.achievements:
            seats = state.achievement_spaces[tile]
            if p.seat not in seats and len(seats) < t.achievements[tile].spaces and achievement_met(state, p, tile):
                yield Action("achieve", (tile,))
    for order in sorted(p.orders):
        if all(in_hand(p, g) >= n for g, n in t.order_goods[order].items()):
            yield Action("order", (order,))
    # Uniwersytet / Przędzalnia: "Raz na turę możesz …" (rulebook, ≈p. 14–15) names
    # no step; the rulebook is silent on the moment, the engine offers them in phases A and C
    # (docs/rules-notes.md Y-23).
    if owns(p, "university") and not turn.get("university") and p.yen >= t.n["university_cost"] \
            and p.wh_assistants > 0:
        yield Action("university")
    if owns(p, "spinning_mill") and not turn.get("spinning") and p.silk > 0:
        yield Action("spin")
    yield Action("main" if f["phase"] == "A" else "end")


def achievement_met(state: YState, p: Player, tile: str) -> bool:
    """Whether ``p`` meets an achievement tile's condition now (Płytki osiągnięć; nothing is spent)."""
    t = tables()
    c = t.achievements[tile].condition
    kind = c.kind
    if kind == "goods":
        return in_hand(p, c.good) >= c.n
    if kind == "technologies":
        return len(p.technologies) >= c.n
    if kind == "orders":
        return len(p.fulfilled) >= c.n
    if kind == "ig":
        return p.ig >= c.n
    if kind == "power_tokens":
        return len(p.power_tokens) >= c.n
    if kind == "buildings":
        areas = built_areas(state, p.seat)
        prod = sum(1 for a in areas if t.category(a) == "production")
        comm = sum(1 for a in areas if t.category(a) == "commercial")
        return prod >= c.production and comm >= c.commercial and len(areas) >= c.any
    raise AssertionError(kind)  # pragma: no cover - validated data


def placement_fee(state: YState, seat: int, area: str) -> int:
    """Yen per assistant placed in ``area``: 1 to each opponent's president there (Zasady umieszczania)."""
    return sum(tables().n["placement_fee"] for s in presidents_in(state, area) if s != seat)


def placeable(state: YState, p: Player) -> list[str]:
    """Areas in play where assistants may go (never the Canal)."""
    return [a for a in state.layout if a and tables().kind(a) != "canal"]


def place_actions(state: YState, f: dict[str, Any], p: Player) -> Iterator[Action]:
    """Placement (Zasady umieszczania): option A's first area, option B's area, or nothing (docs/rules-notes.md Y-1).

    Step 1 (rulebook, p. 6): "A) Umieść do 3 asystentów z ręki na różnych
    obszarach" sets a maximum and no minimum, so option A with no assistant (``skip``) is legal.
    """
    for a in placeable(state, p):
        fee = placement_fee(state, p.seat, a)
        if p.hand_assistants >= 1 and p.yen >= fee:
            yield Action("put", (a,))
    for a in placeable(state, p):
        fee = placement_fee(state, p.seat, a)
        if p.hand_assistants >= tables().n["placement_b"] and p.yen >= tables().n["placement_b"] * fee:
            yield Action("double", (a,))
    yield Action("skip")


def place_a_actions(state: YState, f: dict[str, Any], p: Player) -> Iterator[Action]:
    """Option A after the first area: another, different area, up to 3 (Newspaper: 4)."""
    t = tables()
    limit = t.n["newspaper_a_max"] if owns(p, "newspaper") else t.n["placement_a_max"]
    if len(f["areas"]) < limit and p.hand_assistants > 0:
        for a in placeable(state, p):
            if a not in f["areas"] and p.yen >= placement_fee(state, p.seat, a):
                yield Action("put", (a,))
    yield Action("done")


def telegraph_actions(state: YState, f: dict[str, Any], p: Player) -> Iterator[Action]:
    """Telegraph: one more assistant in an area adjacent to option B's area (never the Canal)."""
    if p.hand_assistants > 0:
        for a in neighbours(state, f["area"]):
            if tables().kind(a) != "canal" and p.yen >= placement_fee(state, p.seat, a):
                yield Action("put", (a,))
    yield Action("done")


def neighbours(state: YState, area: str) -> list[str]:
    """Boards adjacent to ``area`` in the layout (``data/layouts.json``)."""
    adj = tables().adjacency[state.options.players]
    return [b for c in adj[state.areas[area].cell] if (b := state.layout[c])]


def can_end_at(state: YState, p: Player, area: str) -> bool:
    """A legal end of a president move: not the Canal, ≥1 own assistant, and no other president
    unless Postal System (Zasady ruchu prezesa)."""
    if tables().kind(area) == "canal" or state.areas[area].assistants[p.seat] < 1:
        return False
    return owns(p, "postal_system") or not any(s != p.seat for s in presidents_in(state, area))


def routes(state: YState, p: Player) -> dict[str, tuple[int, tuple[int, ...]]]:
    """Cheapest walk to each legal destination: ``{area: (yen, payee seats)}``.

    Zasady ruchu prezesa: every entered area must hold the player's assistant, except the Canal
    (1 yen to the bank to cross, never an end); entering an area with other presidents pays each
    1 yen (not with Stagecoach); the start area may not be entered again. From the hand the
    president goes straight to the area (only Postal System's payments apply). Where several
    cheapest walks pay different players, the engine takes the first found (rules-notes).
    """
    t = tables()
    stagecoach = owns(p, "stagecoach")
    fee = t.n["passing_fee"]

    def entry(area: str) -> tuple[int, tuple[int, ...]]:
        payees = () if stagecoach else tuple(s for s in presidents_in(state, area) if s != p.seat)
        bank = t.n["canal_fee"] if t.kind(area) == "canal" else 0
        return bank + fee * len(payees), payees

    out: dict[str, tuple[int, tuple[int, ...]]] = {}
    if p.president is None:
        for a in placeable(state, p):
            if can_end_at(state, p, a):
                cost, payees = entry(a)
                if cost <= p.yen:
                    out[a] = (cost, payees)
        return out
    start = p.president
    best: dict[str, tuple[int, tuple[int, ...]]] = {start: (0, ())}
    heap: list[tuple[int, int, str]] = [(0, 0, start)]
    counter = itertools.count(1)
    while heap:
        cost, _, here = heapq.heappop(heap)
        if cost > best[here][0]:
            continue
        for nxt in neighbours(state, here):
            if nxt == start:
                continue
            if t.kind(nxt) != "canal" and state.areas[nxt].assistants[p.seat] < 1:
                continue
            step, payees = entry(nxt)
            total = cost + step
            if total > p.yen:
                continue
            if nxt not in best or total < best[nxt][0]:
                best[nxt] = (total, best[here][1] + payees)
                heapq.heappush(heap, (total, next(counter), nxt))
    for a, route in best.items():
        if a != start and can_end_at(state, p, a):
            out[a] = route
    return out


def jump_cost(state: YState, p: Player, area: str) -> tuple[int, tuple[int, ...]]:
    """Yen and payees of a Tram jump into ``area`` (docs/rules-notes.md Y-15/docs/rules-notes.md Y-19: no Canal or passing fees; Postal
    System's presidents are paid unless Stagecoach)."""
    if owns(p, "stagecoach"):
        return 0, ()
    payees = tuple(s for s in presidents_in(state, area) if s != p.seat)
    return tables().n["passing_fee"] * len(payees), payees


def move_actions(state: YState, f: dict[str, Any], p: Player) -> Iterator[Action]:
    """Movement: ``go`` to a legal area (walk), ``tram``, ``station``, or ``home`` (option B)."""
    walks = routes(state, p)
    for a in state.layout:
        if a in walks:
            yield Action("go", (a,))
    if owns(p, "tram") and p.president is not None:
        for a in placeable(state, p):
            if a != p.president and can_end_at(state, p, a) and jump_cost(state, p, a)[0] <= p.yen:
                yield Action("tram", (a,))
    # Stacja (rulebook, ≈p. 14; docs/rules-notes.md Y-13): the card waives the
    # walk, the other presidents and their fees, not the "co najmniej 1 twój asystent" of a legal area
    # (Krok ruchu, p. 7), so the station's area must hold your assistant.
    if owns(p, "station") and state.station and state.station != p.president \
            and state.areas[state.station].assistants[p.seat] > 0:
        yield Action("station")
    yield Action("home")


def recall_actions(state: YState, f: dict[str, Any], p: Player) -> Iterator[Action]:
    """Movement option B: return assistants from any areas, one at a time, then done."""
    for a in state.layout:
        if a and state.areas[a].assistants[p.seat] > 0:
            yield Action("recall", (a,))
    yield Action("done")


def exchange_actions(state: YState, f: dict[str, Any], p: Player) -> Iterator[Action]:
    """Chinatown: one exchange with the bank (IG can only be bought), or done."""
    t = tables()
    prices = t.n["chinatown_prices"]
    for g in GOODS:
        if in_hand(p, g) > 0:
            yield Action("sell", (g,))
    for g in GOODS:
        if p.yen >= prices[g]:
            yield Action("buy", (g,))
    if p.yen >= t.n["chinatown_ig_price"]:
        yield Action("buy", ("ig",))
    yield Action("done")


def assistant_sources(state: YState, p: Player, area: str) -> list[str]:
    """Where the assistant for a Church/Customs space may come from: the area or the hand."""
    out = []
    if state.areas[area].assistants[p.seat] > 0:
        out.append("area")
    if p.hand_assistants > 0:
        out.append("hand")
    return out


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
                yield Action("church", (i + 1, src, *pays))
    if may_pass(state, f, p):
        yield Action("pass")


def church_unpaid_space(state: YState, f: dict[str, Any], p: Player) -> bool:
    """Whether an empty Church space is within the faith of the power alone (no payment needed)
    and an assistant (from the area or the hand) can go there."""
    return bool(assistant_sources(state, p, f["area"])) and any(
        state.church[i] is None and space.faith <= f["power"] for i, space in enumerate(tables().church))


def tech_unpaid(state: YState, p: Player, lab: str, slot: int, pv_power: int) -> bool:
    """Whether the card on ``slot`` of ``lab`` is paid by the power alone: no yen, no imported
    good, no 4th-card surcharge, and not a name the player owns."""
    t = tables()
    card = state.labs[lab][slot]
    if card is None or owns(p, t.techs[card].name) or len(p.technologies) >= t.n["lab_extra_from_card"] - 1:
        return False
    return t.techs[card].value + t.lab_surcharge[slot] <= min(pv_power, t.n["lab_max_power_pv"])


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
                yield Action("customs", (i + 1, src))


def customs_actions(state: YState, f: dict[str, Any], p: Player) -> Iterator[Action]:
    """Customs House: a space and its payment; pass only when there is none (:func:`may_pass`), or
    always at rules revision 1."""
    choices = list(customs_choices(state, f, p))
    yield from choices
    if not choices or not mandatory_area_action(state):
        yield Action("pass")


def house_price(p: Player) -> int:
    """The price of the next trading house from the warehouse (4, 5, 6, 7 yen; docs/rules-notes.md Y-18)."""
    costs = tables().n["trading_house_costs"]
    return int(costs[min(p.houses_taken, len(costs) - 1)])


def hire_actions(state: YState, f: dict[str, Any], p: Player) -> Iterator[Action]:
    """Employment Agency: take one piece from the warehouse (assistant free, shop 2 yen, trading
    house 4/5/6/7 yen), or done."""
    if p.wh_assistants > 0:
        yield Action("hire", ("assistant",))
    if p.wh_shops > 0 and p.yen >= tables().n["shop_cost"]:
        yield Action("hire", ("shop",))
    if p.wh_houses > 0 and p.yen >= house_price(p):
        yield Action("hire", ("house",))
    yield Action("done")


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
            yield Action("tech", (slot + 1, ig, extra))
    if may_pass(state, f, p):
        yield Action("pass")


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
            yield Action("port", (i + 1,))
    if room >= 2:
        pays = [k for k, need in (("yen", t.n["port_two_cost_yen"]), ("ig", t.n["port_two_cost_ig"]))
                if in_hand(p, k) >= need]
        for i, j in itertools.combinations(ok, 2):
            for pay in pays:
                yield Action("port", (i + 1, j + 1, pay))
    yield Action("pass")


def bonus_actions(state: YState, f: dict[str, Any], p: Player) -> Iterator[Action]:
    """5-power bonus: take the area's token or skip."""
    yield Action("token")
    yield Action("skip")


def build_actions(state: YState, f: dict[str, Any], p: Player) -> Iterator[Action]:
    """Build (power ≥ 4): a shop from the hand on an empty shop space (one per player per tile),
    or the trading house on its empty space; or skip."""
    a = state.areas[f["area"]]
    if p.hand_shops > 0 and p.seat not in a.shops:
        for i, s in enumerate(a.shops):
            if s is None:
                yield Action("shop", (i + 1,))
    if p.hand_houses > 0 and a.house is None and a.tile is not None:
        yield Action("house")
    yield Action("skip")


def recover_actions(state: YState, f: dict[str, Any], p: Player) -> Iterator[Action]:
    """Recovery with Telephone: leave one assistant in the area, or return them all."""
    yield Action("leave")
    yield Action("all")


def keep_actions(state: YState, f: dict[str, Any], p: Player) -> Iterator[Action]:
    """Opening: keep one of the two orders dealt."""
    for card in state.dealt.get(str(p.seat), []):
        yield Action("keep", (card,))


def good_actions(state: YState, f: dict[str, Any], p: Player) -> Iterator[Action]:
    """A reward's "any trade good": choose which."""
    for g in GOODS:
        yield Action("good", (g,))


def shift_actions(state: YState, f: dict[str, Any], p: Player) -> Iterator[Action]:
    """A reward's assistant move: one assistant (from an area or the hand) to another area (not
    the Canal), no fees; or stop."""
    targets = placeable(state, p)
    sources = [a for a in state.layout if a and state.areas[a].assistants[p.seat] > 0]
    if p.hand_assistants > 0:
        sources.append("hand")
    for src in sources:
        for dst in targets:
            if dst != src:
                yield Action("shift", (src, dst))
    yield Action("stop")


def wh_shop_actions(state: YState, f: dict[str, Any], p: Player) -> Iterator[Action]:
    """A reward's warehouse shop: take it for 2 yen, or skip."""
    if p.wh_shops > 0 and p.yen >= tables().n["shop_cost"]:
        yield Action("take")
    yield Action("skip")


def station_actions(state: YState, f: dict[str, Any], p: Player) -> Iterator[Action]:
    """Station: the station token goes on any area except the Canal (docs/rules-notes.md Y-13)."""
    for a in placeable(state, p):
        yield Action("station", (a,))


def reward_token_actions(state: YState, f: dict[str, Any], p: Player) -> Iterator[Action]:
    """Mini-expansion 1: one of the revealed achievement reward tokens."""
    for r in state.reward_tokens:
        yield Action("reward", (r,))


_LEGAL = {
    "phase": phase_actions, "place": place_actions, "place_a": place_a_actions, "telegraph": telegraph_actions,
    "move": move_actions, "recall": recall_actions, "exchange": exchange_actions, "church": church_actions,
    "customs": customs_actions, "hire": hire_actions, "lab": lab_actions, "port": port_actions,
    "bonus": bonus_actions, "build": build_actions, "recover": recover_actions, "keep": keep_actions,
    "good": good_actions, "shift": shift_actions, "wh_shop": wh_shop_actions, "station": station_actions,
    "reward_token": reward_token_actions,
}


# ------------------------------------------------------------------------------------------------
# Applying actions
# ------------------------------------------------------------------------------------------------


def check_legal(state: YState, action: Action) -> None:
    """Pass if ``action`` is one of the legal actions now; else raise :class:`IllegalAction`
    whose reason (a Msg, from :mod:`.explain`) says why."""
    choices = [] if state.over else legal_actions(state)
    if action not in choices:
        from .explain import reason

        raise IllegalAction(M("The game is over.") if state.over else reason(state, action, choices))


def apply_in_place(state: YState, action: Action) -> list[Event]:
    """Apply ``action`` (assumed legal) to ``state`` in place and run automatic frames."""
    events: list[Event] = []
    f = top(state)
    if action.kind == "chance":
        apply_chance(state, state.stack.pop(), str(action.args[0]), events)
    else:
        _APPLY[f["k"]](state, f, state.players[f["seat"]], action, events)
    advance(state, events)
    return events


def apply_phase(state: YState, f: dict[str, Any], p: Player, action: Action, events: list[Event]) -> None:
    """Phase A / C actions (Faza akcji dodatkowej)."""
    t = tables()
    k, a = action.kind, action.args
    f["fresh"] = False
    who = name(state, p.seat)
    if k == "main":
        state.stack.pop()
        state.stack.append({"k": "phase", "seat": p.seat, "phase": "C"})
        state.stack.append({"k": "place", "seat": p.seat})
        ev(events, "main", p.seat, M("{who} begins the main action.", who=who))
    elif k == "end":
        state.stack.pop()
        state.stack.append({"k": "auto", "what": "end_turn", "seat": p.seat})
    elif k in ("agent", "free-agent"):
        area = str(a[0])
        state.turn["agent"] = True
        if k == "agent":
            country = next(c for c in p.agents if p.agents.count(c) > p.agents_used.count(c))
            p.agents_used.append(country)
            text = M("{who} uses a foreign agent in {area}.", who=who, area=area_label(state, area))
        else:
            p.free_agents_used += 1
            text = M("{who} uses a free agent in {area}.", who=who, area=area_label(state, area))
        ev(events, "agent", p.seat, text, area=area, free=k == "free-agent")
        # Faza akcji dodatkowej, a): steps 3–6 of the main action in that area.
        push_area_steps(state, p.seat, area, main=False)
    elif k == "achieve":
        tile = str(a[0])
        seats = state.achievement_spaces[tile]
        ach = t.achievements[tile]
        vp = ach.first if not seats else ach.later
        seats.append(p.seat)
        p.achievements.append(tile)
        p.hand_assistants -= 1
        p.vp += vp
        ev(events, "achieve", p.seat, M("{who} fulfils achievement {tile} ({text}): {vp}.", who=who, tile=tile,
                                        text=T("achievement", ach.text), vp=amount("vp", vp)), tile=tile, vp=vp)
        # Minidodatek 1: all three achievements done → choose a reward token.
        if "achievement_rewards" in state.options.modules and len(p.achievements) == len(state.achievements) \
                and state.reward_tokens and p.reward_token is None:
            state.stack.append({"k": "reward_token", "seat": p.seat})
    elif k == "order":
        fulfil_order(state, p, str(a[0]), events)
    elif k == "university":
        state.turn["university"] = True
        p.yen -= t.n["university_cost"]
        p.wh_assistants -= 1
        p.hand_assistants += 1
        ev(events, "university", p.seat, M("{who} uses the University: {cost} for an assistant from the warehouse.",
                                           who=who, cost=amount("yen", t.n["university_cost"])))
    elif k == "spin":
        state.turn["spinning"] = True
        p.silk -= 1
        p.yen += t.n["spinning_mill_yen"]
        ev(events, "spin", p.seat, M("{who} uses the Spinning Mill: 1 raw silk for {yen}.", who=who,
                                     yen=amount("yen", t.n["spinning_mill_yen"])))
    else:  # pragma: no cover
        raise AssertionError(k)


def fulfil_order(state: YState, p: Player, order: str, events: list[Event]) -> None:
    """Fulfil an order from the hand: pay its goods, gain its reward; Ball +2 VP, Language School
    +1 yen; then the country-pair check (Faza akcji dodatkowej, c)."""
    t = tables()
    p.orders.remove(order)
    p.fulfilled.append(order)
    for g, n in t.order_goods[order].items():
        setattr(p, g, in_hand(p, g) - n)
    ev(events, "order", p.seat, M("{who} fulfils order {order}.", who=name(state, p.seat), order=order_text(order)),
       order=order)
    extra: dict[str, int] = {}
    if owns(p, "ball"):
        extra["vp"] = t.n["ball_vp"]
    if owns(p, "language_school"):
        extra["yen"] = t.n["language_school_yen"]
    if extra:
        gain(state, p, extra, events)
    gain(state, p, t.order_reward[order], events)
    pair_check(state, p, t.orders[order].country, events)


def pair_check(state: YState, p: Player, country: str, events: list[Event]) -> None:
    """Pasujące symbole krajów: a new pair of ``country`` (count now even) takes a foreign agent
    of that country, if one is left (docs/rules-notes.md Y-9: never later)."""
    if country_count(p, country) % 2 == 0 and state.agent_supply.get(country, 0) > 0:
        state.agent_supply[country] -= 1
        p.agents.append(country)
        ev(events, "agent_gained", p.seat, M("{who} completes a pair of {country} symbols and takes a foreign agent.",
                                             who=name(state, p.seat), country=country_name(country)),
           country=country)


def place_assistant(state: YState, p: Player, area: str, n: int, events: list[Event]) -> None:
    """Put ``n`` assistants from the hand into ``area``, paying each opponent's president there
    1 yen per assistant (Zasady umieszczania)."""
    per = tables().n["placement_fee"]
    paid = []
    for s in presidents_in(state, area):
        if s != p.seat:
            p.yen -= per * n
            state.players[s].yen += per * n
            paid.append(name(state, s))
    p.hand_assistants -= n
    state.areas[area].assistants[p.seat] += n
    who = name(state, p.seat)
    if paid:
        text = M("{who} places {n} in {area}, paying {fee} to {payees}.", who=who, n=amount_piece("assistant", n),
                 area=area_label(state, area), fee=amount("yen", per * n), payees=listing(paid))
    else:
        text = M("{who} places {n} in {area}.", who=who, n=amount_piece("assistant", n), area=area_label(state, area))
    ev(events, "place", p.seat, text, area=area, n=n)


def amount_piece(piece: str, n: int) -> str:
    """``n`` pieces (``assistant``/``shop``/``house``) with the right plural."""
    from .words import Mn

    if piece == "assistant":
        return Mn("{n} assistant", "{n} assistants", n)
    if piece == "shop":
        return Mn("{n} shop", "{n} shops", n)
    return Mn("{n} trading house", "{n} trading houses", n)


def apply_place(state: YState, f: dict[str, Any], p: Player, action: Action, events: list[Event]) -> None:
    """Placement, first choice: option A's first area, option B, or no assistant."""
    state.stack.pop()
    if action.kind == "put":
        place_assistant(state, p, str(action.args[0]), 1, events)
        state.stack.append({"k": "place_a", "seat": p.seat, "areas": [str(action.args[0])]})
    elif action.kind == "double":
        area = str(action.args[0])
        place_assistant(state, p, area, tables().n["placement_b"], events)
        if owns(p, "telegraph"):
            state.stack.append({"k": "telegraph", "seat": p.seat, "area": area})
        else:
            begin_movement(state, p)
    else:
        ev(events, "place_none", p.seat, M("{who} places no assistant.", who=name(state, p.seat)))
        begin_movement(state, p)


def apply_place_a(state: YState, f: dict[str, Any], p: Player, action: Action, events: list[Event]) -> None:
    """Option A: another area, or done."""
    if action.kind == "put":
        place_assistant(state, p, str(action.args[0]), 1, events)
        f["areas"].append(str(action.args[0]))
        return
    state.stack.pop()
    begin_movement(state, p)


def apply_telegraph(state: YState, f: dict[str, Any], p: Player, action: Action, events: list[Event]) -> None:
    """Telegraph's extra assistant, or done."""
    state.stack.pop()
    if action.kind == "put":
        place_assistant(state, p, str(action.args[0]), 1, events)
    begin_movement(state, p)


def begin_movement(state: YState, p: Player) -> None:
    """Step 2: the movement decision."""
    state.turn["start"] = p.president
    state.stack.append({"k": "move", "seat": p.seat})


def pay_presidents(state: YState, p: Player, payees: tuple[int, ...]) -> None:
    """Pay 1 yen to the owner of each president in ``payees`` (a seat may repeat)."""
    fee = tables().n["passing_fee"]
    for s in payees:
        p.yen -= fee
        state.players[s].yen += fee


def apply_move(state: YState, f: dict[str, Any], p: Player, action: Action, events: list[Event]) -> None:
    """Movement (Zasady ruchu prezesa): walk, Tram, Station, or home (option B)."""
    state.stack.pop()
    who = name(state, p.seat)
    k = action.kind
    if k == "home":
        if p.president is not None:
            p.president = None
        ev(events, "home", p.seat, M("{who} returns the president to the hand (no area action this turn).", who=who))
        state.stack.append({"k": "recall", "seat": p.seat})
        return
    if k == "go":
        dest = str(action.args[0])
        cost, payees = routes(state, p)[dest]
        bank = cost - tables().n["passing_fee"] * len(payees)
        p.yen -= bank
        pay_presidents(state, p, payees)
        text = M("{who} moves the president to {area}.", who=who, area=area_label(state, dest))
    elif k == "tram":
        dest = str(action.args[0])
        cost, payees = jump_cost(state, p, dest)
        pay_presidents(state, p, payees)
        text = M("{who} takes the Tram to {area}.", who=who, area=area_label(state, dest))
    else:  # station
        dest = str(state.station)
        text = M("{who} moves the president straight to the Station in {area}.", who=who,
                 area=area_label(state, dest))
        payees = ()
    p.president = dest
    if payees:
        text = M("{text} Paid {fee} to {payees}.", text=text, fee=amount("yen", len(payees)),
                 payees=listing(name(state, s) for s in payees))
    ev(events, "move", p.seat, text, area=dest, payees=list(payees))
    push_area_steps(state, p.seat, dest, main=True)


def apply_recall(state: YState, f: dict[str, Any], p: Player, action: Action, events: list[Event]) -> None:
    """Option B: one assistant back to the hand, or done (phase C follows)."""
    if action.kind == "recall":
        area = str(action.args[0])
        state.areas[area].assistants[p.seat] -= 1
        p.hand_assistants += 1
        ev(events, "recall", p.seat, M("{who} takes an assistant back from {area}.", who=name(state, p.seat),
                                       area=area_label(state, area)), area=area)
        return
    state.stack.pop()


def push_area_steps(state: YState, seat: int, area: str, *, main: bool) -> None:
    """Push steps 3–6 for ``area`` (area action, 5-power bonus, build, recovery)."""
    st = state.stack
    st.append({"k": "auto", "what": "recovery", "seat": seat, "area": area})
    st.append({"k": "auto", "what": "build", "seat": seat, "area": area})
    st.append({"k": "auto", "what": "bonus", "seat": seat, "area": area})
    st.append({"k": "auto", "what": "area_action", "seat": seat, "area": area, "main": main})


def area_action(state: YState, seat: int, area: str, events: list[Event]) -> None:
    """Step 3 (Krok akcji obszaru): the area's effect at the seat's power; trading-house income."""
    t = tables()
    p = state.players[seat]
    pw = power(state, seat, area)
    state.turn["power"] = pw
    a = state.areas[area]
    effect = t.effects[t.kind(area)]
    ev(events, "area_action", seat, M("{who} takes the action of {area} at power {power}.", who=name(state, seat),
                                      area=area_label(state, area), power=pw), area=area, power=pw)
    # Dom handlowy: its owner (another player) takes 1 yen from the bank (docs/rules-notes.md Y-11: agent actions too).
    if a.house is not None and a.house != seat:
        state.players[a.house].yen += 1
        ev(events, "house_income", a.house, M("{who} earns {yen} from the trading house in {area}.",
                                              who=name(state, a.house), yen=amount("yen", 1),
                                              area=area_label(state, area)), area=area)
    n = effect.by_power[pw - 1]
    kind = effect.effect
    if kind == GAIN_EFFECT:
        if n:
            gain(state, p, {effect.good: n}, events)
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
            gain(state, p, {"vp": t.n["port_p5_vp"]}, events)
        if n:
            state.stack.append({"k": "port", "seat": seat, "area": area, "power": pw})


def gain(state: YState, p: Player, reward: dict[str, int], events: list[Event]) -> None:
    """Gain a reward: plain icons at once; "any good", moves and a warehouse shop as decisions.

    Mining Technology: +1 copper whenever copper is gained (docs/rules-notes.md Y-14: once per gain).
    Technologia górnicza (rulebook, ≈p. 15): "Zawsze gdy otrzymujesz miedź,
    otrzymujesz 1 dodatkową miedź." — one extra copper per gain, whatever the number gained.
    """
    t = tables()
    plain: dict[str, int] = {}
    for k, v in reward.items():
        if k in ("vp", "yen", "silk", "tea", "fish", "ig"):
            setattr(p, k, getattr(p, k) + v)
            plain[k] = v
        elif k == "copper":
            v += t.n["mining_extra"] if owns(p, "mining_technology") else 0
            p.copper += v
            plain[k] = v
        elif k == "wh_assistant":
            m = min(v, p.wh_assistants)
            p.wh_assistants -= m
            p.hand_assistants += m
            if m:
                plain[k] = m
        elif k == "free_agent":
            p.free_agents += v
            plain[k] = v
    if plain:
        ev(events, "gain", p.seat, M("{who} gains {reward}.", who=name(state, p.seat), reward=reward_text(plain)),
           reward=plain)
    # Decisions run in icon order: push in reverse.
    for k in ("wh_shop", "moves", "any_good"):
        if reward.get(k):
            kind = {"any_good": "good", "moves": "shift", "wh_shop": "wh_shop"}[k]
            state.stack.append({"k": kind, "seat": p.seat, "n": reward[k]})


def apply_exchange(state: YState, f: dict[str, Any], p: Player, action: Action, events: list[Event]) -> None:
    """Chinatown: one exchange (prices from ``rule_numbers``), or done."""
    t = tables()
    if action.kind == "done":
        state.stack.pop()
        return
    good = str(action.args[0])
    who = name(state, p.seat)
    if action.kind == "sell":
        price = t.n["chinatown_prices"][good]
        setattr(p, good, in_hand(p, good) - 1)
        p.yen += price
        ev(events, "exchange", p.seat, M("{who} sells {good} for {yen}.", who=who, good=amount(good, 1),
                                         yen=amount("yen", price)), sell=good)
    else:
        price = t.n["chinatown_ig_price"] if good == "ig" else t.n["chinatown_prices"][good]
        p.yen -= price
        got = 1
        if good == "copper" and not f["copper"] and owns(p, "mining_technology"):
            # docs/rules-notes.md Y-14: Mining Technology adds 1 copper once per Chinatown action that buys copper.
            got += t.n["mining_extra"]
            f["copper"] = True
        setattr(p, good, in_hand(p, good) + got)
        ev(events, "exchange", p.seat, M("{who} buys {good} for {yen}.", who=who, good=amount(good, got),
                                         yen=amount("yen", price)), buy=good)
    f["left"] -= 1
    if f["left"] <= 0:
        state.stack.pop()


def board_full_check(state: YState, board: list[int | None], events: list[Event]) -> None:
    """End trigger 4/5: the Church or Customs House board holds 5/5/6 pieces (2p counts neutral)."""
    need = tables().n["board_full"][str(state.options.players)]
    if sum(1 for s in board if s is not None) >= need:
        trigger_end(state, events)


def apply_church(state: YState, f: dict[str, Any], p: Player, action: Action, events: list[Event]) -> None:
    """Church: pay for faith, place an assistant on the space, gain its reward; Winery +3 VP."""
    t = tables()
    state.stack.pop()
    if action.kind == "pass":
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
    ev(events, "church", p.seat, M("{who} reaches {faith} and places an assistant on Church space {space}.",
                                   who=name(state, p.seat), faith=amount("faith", faith), space=space + 1),
       space=space + 1, paid=pays)
    reward = dict(t.church_reward[space])
    if owns(p, "winery"):
        reward["vp"] = reward.get("vp", 0) + t.n["winery_vp"]
    gain(state, p, reward, events)
    board_full_check(state, state.church, events)


def take_assistant(state: YState, p: Player, area: str, src: str) -> None:
    """Take the assistant for a Church/Customs space from the area or the hand."""
    if src == "area":
        state.areas[area].assistants[p.seat] -= 1
    else:
        p.hand_assistants -= 1


def apply_customs(state: YState, f: dict[str, Any], p: Player, action: Action, events: list[Event]) -> None:
    """Customs House: pay IG, place an assistant on the space, gain its reward; Brickworks +4 VP."""
    t = tables()
    state.stack.pop()
    if action.kind == "pass":
        ev(events, "pass", p.seat, M("{who} places no assistant in the Customs House.", who=name(state, p.seat)))
        return
    space, src = int(action.args[0]) - 1, str(action.args[1])
    ig = t.customs[space].ig
    p.ig -= ig
    take_assistant(state, p, f["area"], src)
    state.customs[space] = p.seat
    ev(events, "customs", p.seat, M("{who} pays {ig} and places an assistant on Customs House space {space}.",
                                    who=name(state, p.seat), ig=amount("ig", ig), space=space + 1), space=space + 1)
    reward = dict(t.customs_reward[space])
    if owns(p, "brickworks"):
        reward["vp"] = reward.get("vp", 0) + t.n["brickworks_vp"]
    gain(state, p, reward, events)
    board_full_check(state, state.customs, events)


def take_from_warehouse(state: YState, p: Player, piece: str, events: list[Event]) -> None:
    """Move a piece from the warehouse to the hand at its price (Agencja pracy)."""
    t = tables()
    if piece == "assistant":
        p.wh_assistants -= 1
        p.hand_assistants += 1
        cost = 0
    elif piece == "shop":
        cost = t.n["shop_cost"]
        p.wh_shops -= 1
        p.hand_shops += 1
    else:
        cost = house_price(p)
        p.houses_taken += 1
        p.wh_houses -= 1
        p.hand_houses += 1
    p.yen -= cost
    ev(events, "hire", p.seat, M("{who} takes a {piece} from the warehouse for {yen}.", who=name(state, p.seat),
                                 piece=PIECE_NAMES[piece], yen=amount("yen", cost)), piece=piece, cost=cost)


def apply_hire(state: YState, f: dict[str, Any], p: Player, action: Action, events: list[Event]) -> None:
    """Employment Agency: one piece, or done."""
    if action.kind == "done":
        state.stack.pop()
        return
    take_from_warehouse(state, p, str(action.args[0]), events)
    f["left"] -= 1
    if f["left"] <= 0:
        state.stack.pop()


def apply_lab(state: YState, f: dict[str, Any], p: Player, action: Action, events: list[Event]) -> None:
    """Laboratory: take the card, pay, slide the row left and draw into the rightmost space."""
    t = tables()
    state.stack.pop()
    if action.kind == "pass":
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
    paid = [amount("yen", yen)] if yen else []
    if ig:
        paid.append(amount("ig", ig))
    ev(events, "tech", p.seat, M("{who} takes {card} ({value} production value) and pays {paid}.",
                                 who=name(state, p.seat), card=tech_name(card), value=t.techs[card].value,
                                 paid=listing(paid) if paid else M("nothing")), card=card)
    gain_technology(state, p, card, events)


def gain_technology(state: YState, p: Player, card: str, events: list[Event]) -> None:
    """Own a technology card: Patent System / Printing for earlier-owned cards, Exhibition's
    10 VP, Station's token; then the country-pair check (Karty technologii)."""
    t = tables()
    bonus: dict[str, int] = {}
    if owns(p, "patent_system"):
        bonus["vp"] = t.n["patent_vp"]
    if owns(p, "printing"):
        bonus["yen"] = t.n["printing_yen"]
    p.technologies.append(card)
    tech = t.techs[card].name
    if tech == "exhibition":
        bonus["vp"] = bonus.get("vp", 0) + t.n["exhibition_vp"]
    if bonus:
        gain(state, p, bonus, events)
    if tech == "station" and state.station is None:
        state.stack.append({"k": "station", "seat": p.seat})
    pair_check(state, p, t.techs[card].country, events)


def apply_port(state: YState, f: dict[str, Any], p: Player, action: Action, events: list[Event]) -> None:
    """Port: take 1 or 2 orders into the hand; slide left; refill from the deck (end trigger if
    the deck cannot fill every space). The public event names no card: hands are hidden."""
    t = tables()
    state.stack.pop()
    if action.kind == "pass":
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
    ev(events, "port", p.seat, M("{who} takes {n} from {port} (spaces {spaces}).", who=name(state, p.seat),
                                 n=amount_order(len(slots)), port=area_name(port),
                                 spaces=", ".join(str(s + 1) for s in slots)), port=port, slots=[s + 1 for s in slots])
    empty = len(row) - len(cards)
    if len(state.order_deck) < empty:
        trigger_end(state, events)
    for s in reversed(range(len(cards), len(cards) + min(empty, len(state.order_deck)))):
        state.stack.append({"k": "chance", "what": "order", "port": port, "slot": s})


def amount_order(n: int) -> str:
    """``n`` order cards."""
    from .words import Mn

    return Mn("{n} order", "{n} orders", n)


def apply_bonus(state: YState, f: dict[str, Any], p: Player, action: Action, events: list[Event]) -> None:
    """Weź żeton 5-krotnej siły: take the token and gain its reward."""
    state.stack.pop()
    if action.kind == "skip":
        return
    area = state.areas[f["area"]]
    token = str(area.token)
    area.token = None
    p.power_tokens.append(token)
    ev(events, "token", p.seat, M("{who} takes the 5-power token of {area}.", who=name(state, p.seat),
                                  area=area_label(state, area.id)), token=token)
    gain(state, p, tables().token_reward[token], events)


def apply_build(state: YState, f: dict[str, Any], p: Player, action: Action, events: list[Event]) -> None:
    """Build (power ≥ 4): a shop or a trading house from the hand, with the space's reward;
    Gas Lighting +2 VP, Electric Lighting +3 VP; end triggers 1 and 2."""
    t = tables()
    state.stack.pop()
    if action.kind == "skip":
        return
    area = state.areas[f["area"]]
    who = name(state, p.seat)
    if action.kind == "shop":
        i = int(action.args[0]) - 1
        area.shops[i] = p.seat
        p.hand_shops -= 1
        reward = dict(t.shop_rewards[str(area.tile)][i])
        if owns(p, "gas_lighting"):
            reward["vp"] = reward.get("vp", 0) + t.n["gas_lighting_vp"]
        ev(events, "build", p.seat, M("{who} builds a shop in {area}.", who=who, area=area_label(state, area.id)),
           area=area.id, piece="shop", space=i + 1)
        total = t.n["hand_shops"] + t.n["warehouse_shops"]
        done = shops_built(state, p.seat) >= total
    else:
        area.house = p.seat
        p.hand_houses -= 1
        reward = dict(t.house_reward[str(area.tile)])
        if owns(p, "electric_lighting"):
            reward["vp"] = reward.get("vp", 0) + t.n["electric_lighting_vp"]
        ev(events, "build", p.seat, M("{who} builds a trading house in {area}.", who=who,
                                      area=area_label(state, area.id)), area=area.id, piece="house")
        done = houses_built(state, p.seat) >= t.n["warehouse_trading_houses"]
    gain(state, p, reward, events)
    if done:
        trigger_end(state, events)


def apply_recover(state: YState, f: dict[str, Any], p: Player, action: Action, events: list[Event]) -> None:
    """Recovery with Telephone."""
    state.stack.pop()
    recover(state, p, f["area"], leave=1 if action.kind == "leave" else 0, events=events)


def recover(state: YState, p: Player, area: str, leave: int, events: list[Event]) -> None:
    """Step 6 (Krok odzyskania): the area's assistants return to the hand (Telephone: one stays)."""
    a = state.areas[area]
    n = a.assistants[p.seat] - leave
    if n > 0:
        a.assistants[p.seat] -= n
        p.hand_assistants += n
        ev(events, "recover", p.seat, M("{who} takes {n} back from {area}.", who=name(state, p.seat),
                                        n=amount_piece("assistant", n), area=area_label(state, area)), n=n)


def apply_keep(state: YState, f: dict[str, Any], p: Player, action: Action, events: list[Event]) -> None:
    """Opening: keep one order face down, box the other unseen."""
    state.stack.pop()
    card = str(action.args[0])
    dealt = state.dealt.pop(str(p.seat))
    p.orders.append(card)
    state.discarded.extend(c for c in dealt if c != card)
    ev(events, "keep", p.seat, M("You keep order {order}.", order=order_text(card)), private=True)
    ev(events, "kept", p.seat, M("{who} keeps one order.", who=name(state, p.seat)))


def apply_good(state: YState, f: dict[str, Any], p: Player, action: Action, events: list[Event]) -> None:
    """Any trade good: gain the chosen one (copper counts for Mining Technology)."""
    f["n"] -= 1
    if f["n"] <= 0:
        state.stack.pop()
    gain(state, p, {str(action.args[0]): 1}, events)


def apply_shift(state: YState, f: dict[str, Any], p: Player, action: Action, events: list[Event]) -> None:
    """An assistant move (no fees), or stop."""
    if action.kind == "stop":
        state.stack.pop()
        return
    src, dst = str(action.args[0]), str(action.args[1])
    if src == "hand":
        p.hand_assistants -= 1
        where = PIECE_NAMES["assistant"]
    else:
        state.areas[src].assistants[p.seat] -= 1
        where = area_label(state, src)
    state.areas[dst].assistants[p.seat] += 1
    ev(events, "shift", p.seat, M("{who} moves an assistant from {src} to {dst}.", who=name(state, p.seat),
                                  src=M("the hand") if src == "hand" else where, dst=area_label(state, dst)),
       src=src, dst=dst)
    f["n"] -= 1
    if f["n"] <= 0:
        state.stack.pop()


def apply_wh_shop(state: YState, f: dict[str, Any], p: Player, action: Action, events: list[Event]) -> None:
    """Warehouse shop reward: take one for 2 yen, or skip."""
    f["n"] -= 1
    if f["n"] <= 0 or action.kind == "skip":
        state.stack.pop()
    if action.kind == "take":
        take_from_warehouse(state, p, "shop", events)


def apply_station(state: YState, f: dict[str, Any], p: Player, action: Action, events: list[Event]) -> None:
    """Station: place the token (it adds 1 power for every player acting there)."""
    state.stack.pop()
    state.station = str(action.args[0])
    ev(events, "station", p.seat, M("{who} places the station token on {area}.", who=name(state, p.seat),
                                    area=area_label(state, state.station)), area=state.station)


def apply_reward_token(state: YState, f: dict[str, Any], p: Player, action: Action, events: list[Event]) -> None:
    """Minidodatek 1: take a reward token (a country symbol and a free agent)."""
    state.stack.pop()
    token = str(action.args[0])
    state.reward_tokens.remove(token)
    p.reward_token = token
    p.free_agents += 1
    country = tables().reward_tokens[token]
    ev(events, "reward_token", p.seat, M("{who} takes achievement reward token {token} ({country}) and a free agent.",
                                         who=name(state, p.seat), token=token, country=country_name(country)),
       token=token)
    pair_check(state, p, country, events)


_APPLY = {
    "phase": apply_phase, "place": apply_place, "place_a": apply_place_a, "telegraph": apply_telegraph,
    "move": apply_move, "recall": apply_recall, "exchange": apply_exchange, "church": apply_church,
    "customs": apply_customs, "hire": apply_hire, "lab": apply_lab, "port": apply_port, "bonus": apply_bonus,
    "build": apply_build, "recover": apply_recover, "keep": apply_keep, "good": apply_good, "shift": apply_shift,
    "wh_shop": apply_wh_shop, "station": apply_station, "reward_token": apply_reward_token,
}


# ------------------------------------------------------------------------------------------------
# Automatic frames and the flow of turns
# ------------------------------------------------------------------------------------------------


def trigger_end(state: YState, events: list[Event]) -> None:
    """Warunki zakończenia: finish this round, then play one more full round."""
    if state.end_triggered:
        return
    state.end_triggered = True
    state.final_round = state.rounds + 1
    ev(events, "end_triggered", None, M("The end of the game is triggered: this round is finished, then one more "
                                        "full round is played."))


def advance(state: YState, events: list[Event]) -> None:
    """Run automatic frames until a decision (or chance) frame is on top, or the game is over."""
    t = tables()
    while state.stack and not state.over:
        f = top(state)
        if f["k"] != "auto":
            # A decision with nothing to decide is skipped (e.g. a move with no assistant anywhere).
            if f["k"] in ("wh_shop",) and not (state.players[f["seat"]].wh_shops > 0
                                                and state.players[f["seat"]].yen >= t.n["shop_cost"]):
                state.stack.pop()
                continue
            return
        state.stack.pop()
        what = f["what"]
        if what == "tiles":
            for area in state.layout:
                if area and t.areas[area].building_tile:
                    state.stack.append({"k": "chance", "what": "tile", "area": area})
            _reverse_new(state, "tile")
        elif what == "tokens":
            for area in state.layout:
                if area and t.areas[area].token_space:
                    state.stack.append({"k": "chance", "what": "token", "area": area})
            _reverse_new(state, "token")
        elif what == "keep":
            state.stack.append({"k": "keep", "seat": (state.start_player + f["seat"]) % state.options.players})
        elif what == "begin":
            state.current = state.start_player
            start_turn(state, events)
        elif what == "area_action":
            area_action(state, f["seat"], f["area"], events)
        elif what == "bonus":
            a = state.areas[f["area"]]
            if state.turn.get("power") == t.n["max_power"] and a.token is not None:
                state.stack.append({"k": "bonus", "seat": f["seat"], "area": f["area"]})
        elif what == "build":
            p = state.players[f["seat"]]
            a = state.areas[f["area"]]
            if state.turn.get("power", 0) >= t.n["build_min_power"] and a.tile is not None and \
                    any(x.kind != "skip" for x in build_actions(state, f, p)):
                state.stack.append({"k": "build", "seat": f["seat"], "area": f["area"]})
        elif what == "recovery":
            p = state.players[f["seat"]]
            if owns(p, "telephone") and state.areas[f["area"]].assistants[p.seat] > 0:
                state.stack.append({"k": "recover", "seat": p.seat, "area": f["area"]})
            else:
                recover(state, p, f["area"], 0, events)
        elif what == "end_turn":
            end_turn(state, events)
        else:  # pragma: no cover
            raise AssertionError(what)


def _reverse_new(state: YState, what: str) -> None:
    """Reverse the run of just-pushed chance frames of kind ``what`` so they run in layout order."""
    i = len(state.stack)
    while i > 0 and state.stack[i - 1].get("what") == what and state.stack[i - 1]["k"] == "chance":
        i -= 1
    state.stack[i:] = list(reversed(state.stack[i:]))


def start_turn(state: YState, events: list[Event]) -> None:
    """A player's turn begins: Stock Exchange, then phase A."""
    t = tables()
    seat = state.current
    p = state.players[seat]
    state.turn = {}
    state.turn_no += 1
    # Giełda: at the start of the turn, 0 or 1 yen is topped up to 2 yen.
    if owns(p, "stock_exchange") and p.yen < t.n["stock_exchange_to"]:
        got = t.n["stock_exchange_to"] - p.yen
        p.yen += got
        ev(events, "stock_exchange", seat, M("{who} takes {yen} from the Stock Exchange.", who=name(state, seat),
                                             yen=amount("yen", got)))
    state.stack.append({"k": "phase", "seat": seat, "phase": "A", "fresh": True})


def end_turn(state: YState, events: list[Event]) -> None:
    """After phase C: the next player; a new round at the start player; the end after the final round."""
    n = state.options.players
    state.current = (state.current + 1) % n
    if state.current == state.start_player:
        state.rounds += 1
        if state.final_round is not None and state.rounds > state.final_round:
            final_scoring(state, events)
            return
    start_turn(state, events)


# ------------------------------------------------------------------------------------------------
# Final scoring
# ------------------------------------------------------------------------------------------------


def turn_position(state: YState, seat: int) -> int:
    """0 for the start player, then clockwise."""
    return (seat - state.start_player) % state.options.players


def board_majority(state: YState, board: list[int | None], values: list[int]) -> dict[int, int]:
    """Church/Customs bonus (Punktacja końcowa 1–2): most pieces first, second next; a tie goes
    to the player whose piece lies furthest right; neutral pieces never score (docs/rules-notes.md Y-7)."""
    count: Counter[int] = Counter(s for s in board if s is not None and s >= 0)
    rightmost = {s: max(i for i, x in enumerate(board) if x == s) for s in count}
    ranked = sorted(count, key=lambda s: (-count[s], -rightmost[s]))
    return {s: values[i] for i, s in enumerate(ranked[:len(values)])}


def country_sets_vp(p: Player) -> int:
    """Punktacja końcowa 4: sets of different countries, built in layers (optimal; the table is convex)."""
    table = tables().n["country_sets"]
    counts = [country_count(p, c) for c in COUNTRIES]
    vp = 0
    for k in range(1, max(counts, default=0) + 1):
        m = sum(1 for c in counts if c >= k)
        if m:
            vp += table[m - 1]
    return vp


def final_scoring(state: YState, events: list[Event]) -> None:
    """Punktacja końcowa, in the rulebook's order: Church, Customs House, technology, countries,
    leftovers; then the winner (Zwycięstwo: ties go to the earliest in turn order)."""
    t = tables()
    state.over = True
    state.stack.clear()
    parts: dict[int, dict[str, int]] = {p.seat: {"before": p.vp} for p in state.players}
    for key, board, values in (("church", state.church, t.n["church_majority"]),
                               ("customs", state.customs, t.n["customs_majority"])):
        awards = board_majority(state, board, values)
        for p in state.players:
            parts[p.seat][key] = awards.get(p.seat, 0)
    totals = {p.seat: sum(t.techs[c].value for c in p.technologies) for p in state.players}
    ranked = sorted((s for s in totals if totals[s] > 0), key=lambda s: (-totals[s], turn_position(state, s)))
    tech_values = t.n["technology_majority"]
    for p in state.players:
        parts[p.seat]["technology"] = tech_values[ranked.index(p.seat)] if p.seat in ranked[:len(tech_values)] else 0
        parts[p.seat]["countries"] = country_sets_vp(p)
        parts[p.seat]["agents"] = agents_unused(p) * t.n["leftover_agent_vp"] + \
            (p.free_agents - p.free_agents_used) * t.n["free_agent_vp"]
        parts[p.seat]["ig"] = p.ig * t.n["leftover_ig_vp"]
        parts[p.seat]["yen"] = p.yen // t.n["leftover_yen_per_vp"]
        parts[p.seat]["goods"] = sum(in_hand(p, g) for g in GOODS) // t.n["leftover_goods_per_vp"]
    for p in state.players:
        gained = sum(v for k, v in parts[p.seat].items() if k != "before")
        p.vp += gained
        parts[p.seat]["total"] = p.vp
        state.scores[str(p.seat)] = parts[p.seat]
        ev(events, "final_score", p.seat, M("{who} scores {vp} at the end: {total} in all.", who=name(state, p.seat),
                                            vp=amount("vp", gained), total=amount("vp", p.vp)), **parts[p.seat])
    best = ranking(state)[0]
    ev(events, "winner", best.seat, M("{who} wins with {vp}.", who=name(state, best.seat), vp=amount("vp", best.vp)))


def ranking(state: YState) -> list[Player]:
    """Players best first: most VP; a tie goes to the player earliest in turn order from the
    start player (Zwycięstwo)."""
    return sorted(state.players, key=lambda p: (-p.vp, turn_position(state, p.seat)))
