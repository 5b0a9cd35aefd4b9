"""The facts of the Yokohama turn picture (``turn_card``) that :mod:`render.core.cards` lays out, and what
the last move touched."""

from __future__ import annotations

import heapq
import itertools
from collections import Counter
from dataclasses import replace
from typing import Any

from engine.core.i18n import Msg, tr
from engine.yokohama.tables import tables
from engine.yokohama.words import AREA_NAMES, COUNTRY_NAMES, _, _t
from render.core import wrap
from render.core.cards import CARD_WIDTH, KEY_TEXT, Chip, TurnCard, turn_layout_height

from .focus import FOCUS_HEIGHT, FOCUS_MIN_HEIGHT, Focus, _area_drawer, _path_drawer
from .focus_panels import (
    _achievement_drawer,
    _goods_drawer,
    _lab_drawer,
    _order_drawer,
    _pieces_drawer,
    _port_drawer,
    _reward_token_drawer,
    _spaces_drawer,
    _tech_drawer,
    _token_drawer,
)
from .labels import (
    GAME_TITLE,
    GOODS,
    RESOURCE_LABELS,
    _colour_of,
    _decision,
    _random_event,
    area_title,
    icon,
    move_title,
    orders_in_hand,
    player_name,
    result_line,
    status,
    tech_name,
)
from .layout import player_letter, player_rgb

#: The turn picture keeps an aspect of at least 1.3 (width / height), so it reads at Discord's
#: inline size: it is never taller than this.
CARD_MAX_HEIGHT = CARD_WIDTH * 10 // 13
#: Room (px) of one line of the last move's events on the turn picture (its left column).
EVENT_ROOM = 640

# Importance of a move's events for the turn picture's "last move" lines (lower first).
_LINE_RANK = {
    "winner": 0, "end_triggered": 1, "order": 2, "achieve": 2, "tech": 2, "port": 2, "church": 2, "customs": 2,
    "build": 2, "move": 2, "place": 2, "shift": 2, "exchange": 2, "hire": 2, "agent": 2, "recall": 2, "home": 2,
    "pass": 2, "place_none": 2, "kept": 2, "university": 2, "spin": 2, "station": 2, "board": 2, "tile": 2,
    "start": 2, "achievement": 2, "removed": 3, "dealt_public": 3, "token": 3, "reward_token": 3,
    "area_action": 3, "agent_gained": 3, "gain": 4, "house_income": 4, "recover": 5, "stock_exchange": 5, "main": 6,
    "final_score": 9,
}
_UNSHOWN = 9  # each player's final scoring: the final-score picture shows it


def chip(view: dict[str, Any], seat: int) -> Chip:
    """A player as the chat pictures show them: colour, letter and name."""
    colour = _colour_of(view, seat)
    return Chip(player_rgb(colour), player_letter(colour), player_name(colour))


def _seat(view: dict[str, Any], seat: Any) -> int | None:
    """``seat`` when it is a player's seat of ``view`` (not chance, not the end), else ``None``."""
    n = len(view.get("players") or [])
    return seat if isinstance(seat, int) and 0 <= seat < n else None


def decision_text(view: dict[str, Any]) -> str:
    """What the player to act must decide, without their name (the picture shows it beside)."""
    seat, _kind, prompt = _decision(view)
    if isinstance(prompt, Msg) and prompt.msgid == "{who}: {prompt}" and "prompt" in prompt.args:
        return str(tr(prompt.args["prompt"]))
    text = str(tr(prompt))
    who = _seat(view, seat)
    if who is not None:  # a view read back from JSON holds the English text "Blue: …"
        colour = _colour_of(view, who)
        for name in (player_name(colour), colour.capitalize()):
            if text.startswith(f"{name}: "):
                return text[len(name) + 2:]
    return text


def _pick_lines(events: list[dict[str, Any]], most: int = 3) -> list[str]:
    """The texts of the events that tell most about a move, in their order, in at most ``most``
    wrapped lines of the turn picture."""
    texts = [(i, str(e.get("text") or ""), _LINE_RANK.get(str(e.get("kind")), 4)) for i, e in enumerate(events)]
    texts = [x for x in texts if x[1] and x[2] < _UNSHOWN]
    chosen: list[tuple[int, str]] = []
    used = 0
    for i, text, _rank in sorted(texts, key=lambda x: (x[2], x[0])):
        n = len(wrap(text, EVENT_ROOM, KEY_TEXT, "regular"))
        if used + n > (most if chosen else 3):  # the most telling event is shown even in three lines
            continue
        chosen.append((i, text))
        used += n
    return [text for _i, text in sorted(chosen)]


def _resources(view: dict[str, Any], seat: int) -> list[tuple[str, str]]:
    p = view["players"][seat]
    values = {"yen": p.get("yen", 0), "orders": orders_in_hand(p), **{g: p.get(g, 0) for g in (*GOODS, "ig")},
              "assistants": p.get("hand_assistants", 0), "shops": p.get("hand_shops", 0),
              "houses": p.get("hand_houses", 0)}
    return [(str(tr(RESOURCE_LABELS[k])), str(int(v))) for k, v in values.items()]


def turn_card(view: dict[str, Any], last: dict[str, Any] | None) -> TurnCard:
    """The facts of the turn picture after the move ``last`` (``None`` at the start or after an
    undo), in the current language.

    ``view`` is the spectator view (or the seat's own when a player asks privately); ``last`` is
    ``{"seat", "move" (public notation), "events": [{"kind", "seat", "text", "data"}]}`` with the
    public events only. Nothing here names a card of a hand: resources count the orders held, the
    focus draws what the move touched from the events' data (an area, the president's way, a
    management board, a fulfilled order …) with the view's public facts.
    """
    players = view.get("players") or []
    seat, _kind, prompt = _decision(view)
    actor = None if view.get("over") else _seat(view, seat)
    if view.get("over"):
        prompt_text = result_line(view) or str(tr(prompt))
    elif actor is None:
        prompt_text = _random_event(prompt)
    else:
        prompt_text = decision_text(view)
    scores = [(chip(view, s), int(p.get("vp", 0))) for s, p in enumerate(players)]
    last = last or {}
    by = _seat(view, last.get("seat"))
    move = str(last.get("move") or "")
    if move.startswith("~"):
        # i18n: the turn picture's last move when it was a random draw (the events say what was drawn).
        move = _("Random draw")
    elif move:
        move = move_title(move)
    events = [e for e in last.get("events") or [] if isinstance(e, dict)]
    focus = _focus(view, last, events) if move else None
    lines = _pick_lines(events, 2 if focus else 3) if move else []
    whose = actor
    if whose is None and not view.get("over") and view.get("turn_no"):
        whose = _seat(view, view.get("current"))
    card = TurnCard(
        title=GAME_TITLE, status=status(view), actor=chip(view, actor) if actor is not None else None,
        prompt=prompt_text, scores=scores, last_by=chip(view, by) if by is not None else None, last_move=move,
        last_lines=lines, score_label=icon("vp"),
        resources_of=chip(view, whose) if whose is not None else None,
        resources=_resources(view, whose) if whose is not None else (),
        focus_title=focus[0] if focus else "", focus=focus[1] if focus else None,
        focus_height=focus[1].height if focus else FOCUS_HEIGHT, focus_alt=focus[1].alt if focus else "",
    )
    return _fit_card(card)


def _fit_card(card: TurnCard) -> TurnCard:
    """``card`` no taller than :data:`CARD_MAX_HEIGHT`: a lower focus, then fewer event lines."""
    extra = turn_layout_height(card) - CARD_MAX_HEIGHT
    if extra <= 0:
        return card
    if card.focus is not None:
        card = replace(card, focus_height=max(min(card.focus_height, FOCUS_MIN_HEIGHT), card.focus_height - extra))
    shown = len(card.last_lines)
    while turn_layout_height(card) > CARD_MAX_HEIGHT and shown > 1:  # the alt text keeps them all
        shown -= 1
        card = replace(card, shown_lines=shown)
    extra = turn_layout_height(card) - CARD_MAX_HEIGHT
    if extra > 0 and card.focus is not None:
        card = replace(card, focus_height=max(min(card.focus_height, 140), card.focus_height - extra))
    return card


def _first(events: list[dict[str, Any]], kind: str, chance: bool | None = None) -> dict[str, Any] | None:
    """The first event of ``kind`` (``chance``: only random ones / only a player's; ``None``: any)."""
    for e in events:
        if e.get("kind") != kind:
            continue
        seat = e.get("seat")
        random_event = not isinstance(seat, int) or seat < 0
        if chance is None or chance == random_event:
            return e
    return None


def _data(e: dict[str, Any] | None) -> dict[str, Any]:
    return (e or {}).get("data") or {}


def _focus(view: dict[str, Any], last: dict[str, Any], events: list[dict[str, Any]]) -> tuple[str, Focus] | None:
    """``(title, drawer)`` of what the move ``last`` touched, from its events' data; ``None`` when
    it touched nothing on the table (ending a turn, a hidden choice …)."""
    t = tables()
    areas = view.get("areas") or {}
    seat = _seat(view, last.get("seat"))
    move = str(last.get("move") or "")

    def area_focus(area: Any, **kw: Any) -> tuple[str, Focus] | None:
        if str(area) not in areas:
            return None
        return area_title(str(area)), _area_drawer(view, str(area), seat, **kw)

    if (e := _first(events, "order", chance=False)) and _data(e).get("order") in t.orders:
        order = str(_data(e)["order"])
        # i18n: the turn picture's focus title: the order card just fulfilled.
        return _("Order fulfilled"), _order_drawer(view, order, seat)
    if (e := _first(events, "achieve", chance=False)) and _data(e).get("tile") in t.achievements:
        tile = str(_data(e)["tile"])
        # i18n: the turn picture's focus title: an achievement tile and its condition.
        return _("Achievement: {condition}", condition=_t("achievement", t.achievements[tile].text)), \
            _achievement_drawer(view, tile)
    if (e := _first(events, "tech", chance=False)) and _data(e).get("card") in t.techs:
        card = str(_data(e)["card"])
        # i18n: the turn picture's focus title: the technology card just taken.
        return _("Technology taken: {card}", card=tech_name(card)), _tech_drawer(view, card, seat)
    if (e := _first(events, "port", chance=False)) and _data(e).get("port") in (view.get("ports") or {}):
        port = str(_data(e)["port"])
        new = [str(_data(x).get("order")) for x in events if x.get("kind") == "order" and _data(x).get("port")]
        return _("{board}: orders", board=area_title(port)), _port_drawer(view, port, new)
    for which in ("church", "customs"):
        if (e := _first(events, which, chance=False)) and isinstance(_data(e).get("space"), int):
            space = int(_data(e)["space"])
            name = str(tr(AREA_NAMES["church" if which == "church" else "customs_house"]))
            # i18n: the turn picture's focus title: the Church or Customs House board and the space just taken.
            return _("{board} board, space {space}", board=name, space=space), _spaces_drawer(view, which, space)
    if (e := _first(events, "build", chance=False)) and _data(e).get("area") in areas:
        d = _data(e)
        return area_focus(d["area"], built=(str(d.get("piece")), d.get("space")),
                          power=(view.get("turn") or {}).get("power"))
    if (e := _first(events, "token", chance=False)) and _data(e).get("token") in t.token_reward:
        return _("5-power token"), _token_drawer(str(_data(e)["token"]))
    if (e := _first(events, "reward_token")) and _data(e).get("token") in t.reward_tokens:
        token = str(_data(e)["token"])
        # i18n: the turn picture's focus title: an achievement reward token (mini-expansion 1).
        return _("Achievement reward token: {country}", country=tr(COUNTRY_NAMES[t.reward_tokens[token]])), \
            _reward_token_drawer(token)
    if (e := _first(events, "station", chance=False)) and _data(e).get("area") in areas:
        return area_focus(_data(e)["area"])
    if (e := _first(events, "move", chance=False)) and _data(e).get("area") in areas:
        dest = str(_data(e)["area"])
        start = (view.get("turn") or {}).get("start")
        power = _data(_first(events, "area_action")).get("power")
        if seat is None or not start or start not in areas or start == dest:
            return area_focus(dest, power=power)
        walk = move.split(" ", 1)[0] == "go"
        path = president_path(view, seat, str(start), dest) if walk else [str(start), dest]
        # i18n: the turn picture's focus title: the way the president just went.
        return _("President's way to {area}", area=area_title(dest)), _path_drawer(view, path, seat, power)
    for kind in ("agent", "area_action", "place", "recall"):
        if (e := _first(events, kind, chance=False)) and _data(e).get("area") in areas:
            power = _data(_first(events, "area_action")).get("power")
            return area_focus(_data(e)["area"], power=power)
    if (e := _first(events, "shift", chance=False)) and _data(e).get("dst") in areas:
        src, dst = str(_data(e).get("src")), str(_data(e)["dst"])
        # i18n: the turn picture's focus title: an assistant just moved (a reward's assistant move).
        return _("Assistant moved to {area}", area=area_title(dst)), _path_drawer(view, [src, dst], seat, None)
    if seat is not None and (_first(events, "exchange", chance=False) or _first(events, "spin", chance=False)):
        traded = {str(v) for e in events if e.get("kind") == "exchange" for k, v in _data(e).items()
                  if k in ("sell", "buy")}
        if _first(events, "spin"):
            traded |= {"silk", "yen"}
        # i18n: the turn picture's focus title: a player's money and goods after an exchange.
        return _("Goods and yen"), _goods_drawer(view, seat, traded)
    if seat is not None and (_first(events, "hire", chance=False) or _first(events, "university", chance=False)):
        # i18n: the turn picture's focus title: a player's pieces in hand and in the warehouse.
        return _("Hand and warehouse"), _pieces_drawer(view, seat)
    # Random draws.
    if (e := _first(events, "tech", chance=True)) and _data(e).get("lab") in (view.get("labs") or {}):
        lab = str(_data(e)["lab"])
        new = [str(_data(x).get("card")) for x in events if x.get("kind") == "tech"]
        return _("{board}: technologies", board=area_title(lab)), _lab_drawer(view, lab, new)
    if (e := _first(events, "order", chance=True)) and _data(e).get("port") in (view.get("ports") or {}):
        port = str(_data(e)["port"])
        new = [str(_data(x).get("order")) for x in events if x.get("kind") == "order"]
        return _("{board}: orders", board=area_title(port)), _port_drawer(view, port, new)
    for kind in ("tile", "token", "board"):
        if (e := _first(events, kind, chance=True)) and _data(e).get("area") in areas:
            return area_focus(_data(e)["area"])
    if (e := _first(events, "achievement", chance=True)) and _data(e).get("tile") in t.achievements:
        tile = str(_data(e)["tile"])
        return _("Achievement: {condition}", condition=_t("achievement", t.achievements[tile].text)), \
            _achievement_drawer(view, tile)
    return None


def president_path(view: dict[str, Any], seat: int, start: str, dest: str) -> list[str]:
    """The areas a president walked from ``start`` to ``dest``, both included: the cheapest walk
    as the rules find it (Zasady ruchu prezesa: through areas with the player's assistant or the
    Canal, paying presidents met, the Canal's fee; the first found among equal ones), recomputed
    from the view after the move. ``[start, dest]`` when no walk is found."""
    t = tables()
    layout = [str(a) if a else None for a in view.get("layout") or []]
    areas = view.get("areas") or {}
    players = view.get("players") or []
    near: dict[int, list[int]] = {i: [] for i in range(len(layout))}
    for a, b in view.get("edges") or t.layouts[len(players)].edges:
        near[int(a)].append(int(b))
        near[int(b)].append(int(a))
    techs = players[seat].get("technologies") or []
    stagecoach = any(t.techs[c].name == "stagecoach" for c in techs if c in t.techs)
    others: dict[str, int] = Counter(str(p["president"]) for s, p in enumerate(players)
                                     if s != seat and p.get("president"))
    cell = {a: i for i, a in enumerate(layout) if a}
    if start not in cell or dest not in cell:
        return [start, dest]

    def entry(area: str) -> int:
        canal = t.n["canal_fee"] if t.kind(area) == "canal" else 0
        return canal + (0 if stagecoach else t.n["passing_fee"] * others[area])

    best: dict[str, tuple[int, list[str]]] = {start: (0, [start])}
    heap: list[tuple[int, int, str]] = [(0, 0, start)]
    counter = itertools.count(1)
    while heap:
        cost, _n, here = heapq.heappop(heap)
        if cost > best[here][0]:
            continue
        if here == dest:
            break
        for c in sorted(near[cell[here]]):
            nxt = layout[c]
            if nxt is None or nxt == start:
                continue
            here_now = (areas.get(nxt) or {}).get("assistants") or []
            if nxt != dest and t.kind(nxt) != "canal" and (seat >= len(here_now) or int(here_now[seat]) < 1):
                continue
            total = cost + entry(nxt)
            if nxt not in best or total < best[nxt][0]:
                best[nxt] = (total, best[here][1] + [nxt])
                heapq.heappush(heap, (total, next(counter), nxt))
    return best[dest][1] if dest in best else [start, dest]
