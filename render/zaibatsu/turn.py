"""The facts of the Nippon: Zaibatsu turn picture (``turn_card``) that :mod:`render.core.cards` lays out."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from engine.core.i18n import Msg, tr
from engine.zaibatsu.tables import tables
from engine.zaibatsu.words import _, _t
from render.core.cards import CARD_WIDTH, Chip, TurnCard, turn_layout_height

from .colours import player_colour
from .focus import DIRECTIONS, _focus, _is_player, _player_seat, _region_name
from .labels import (
    GAME_TITLE,
    ROMAN,
    _cap,
    _decision,
    _initial,
    _period_awards,
    _random_event,
    _result_line,
    _seat_colour,
    _seats,
    _status,
    automa_name,
    player_name,
)

#: Height given to the focus drawing of a turn picture (the drawing gets 8 px less); it is lowered
#: to :data:`FOCUS_FIT` before event lines are dropped to keep the picture landscape, and to
#: :data:`FOCUS_MIN` after (every drawing fits :data:`FOCUS_FIT`; below it they get cramped).
FOCUS_HEIGHT = 200
FOCUS_FIT = 190
FOCUS_MIN = 150
#: The turn picture stays at least this much wider than tall (a landscape picture reads inline).
CARD_ASPECT = 1.3
#: Event kinds a turn picture never lists: random set-up and refills (bag draws …), and the lines it
#: summarises itself (a period's scoring, Takatoshi's turns).
NOISE_EVENTS = frozenset({"draw", "demand", "demand_goods", "factories", "factory_side", "pair", "first", "solo",
                          "scoring", "automa"})


def _worker_colour_name(colour: str) -> str:
    return _t("worker colour", colour)


def _chip(view: dict[str, Any], seat: int) -> Chip:
    """The card chip of a seat (Takatoshi's in a solo game)."""
    seats = _seats(view)
    colour = _seat_colour(view, seat)
    automa = 0 <= seat < len(seats) and bool(seats[seat].get("automa"))
    name = automa_name() if automa else player_name(colour)
    return Chip(player_colour(colour), _initial(view, seat), name)


def _vp_label() -> str:
    # i18n: heading of the score column of the chat pictures: victory points, abbreviated.
    return _("VP")


def _seat_vp(view: dict[str, Any], seat: int) -> int:
    if seat < len(view["players"]):
        return int(view["players"][seat]["vp"])
    return int((view.get("automa") or {}).get("vp", 0))


def _decision_text(view: dict[str, Any], prompt: Any) -> str:
    """The decision prompt without the "Purple: " the engine puts before it (the card shows who)."""
    if isinstance(prompt, Msg) and prompt.msgid == "{who}: {prompt}" and "prompt" in prompt.args:
        return _cap(str(tr(prompt.args["prompt"])))
    text = str(tr(prompt))
    for s in _seats(view):
        for name in {str(s.get("name", "")), player_name(str(s["colour"])), str(s["colour"]).capitalize()}:
            if name and text.startswith(name + ": "):
                return _cap(text[len(name) + 2:])
    return text


def _automa_line(turn: dict[str, Any]) -> str:
    """One of Takatoshi's turns in a few words (the board's panel has the whole sentence)."""
    t = tables()
    who = automa_name()
    # i18n: one of Takatoshi's turns in short, on the turn picture after a solo player's move.
    if turn.get("result") == "built" and turn.get("region") in t.region_by_id:
        return _("{automa} builds a railway in {region}.", automa=who,
                 region=_region_name(str(turn["region"])))
    if turn.get("result") == "placed" and turn.get("market"):
        slot = turn.get("slot")
        return _("{automa} places influence {value} in {market} {slot}.", automa=who, value=turn.get("value"),
                 market=turn["market"], slot=DIRECTIONS[slot] if isinstance(slot, int) and 0 <= slot < 4 else "")
    if turn.get("colour"):
        return _("{automa} returns a {colour} worker from H{space} to the bag.", automa=who,
                 colour=_worker_colour_name(str(turn["colour"])), space=turn.get("space"))
    return _("{automa} reveals an action tile; H{space} is empty.", automa=who, space=turn.get("space"))


def _scoring_line(view: dict[str, Any]) -> str:
    """The last influence scoring in one line: ``Period II scoring: Green +18, Purple +6``."""
    log = view.get("period_log") or []
    period = ROMAN.get(int(log[-1].get("period", 1)), "") if log else ""
    awards = {seat: sum(v) for seat, v in _period_awards(view).items() if sum(v)}
    if not awards:
        # i18n: a period's influence scoring in one line ({period}: I, II, III).
        return _("Period {period} scoring: no VP.", period=period)
    order = sorted(awards, key=lambda s: -awards[s])
    won = ", ".join(f"{_chip(view, s).name} +{awards[s]}" for s in order)
    return _("Period {period} scoring: {awards}.", period=period, awards=won)


def _event_lines(view: dict[str, Any], last: dict[str, Any]) -> list[str]:
    """The texts of the last move's public events that tell what it did: the move's own events
    first, then a period's scoring and Takatoshi's turns in short, then the rest; bag draws and
    other random refills are left out."""
    events = [e for e in last.get("events") or [] if isinstance(e, dict)]
    mover = last.get("seat")
    own, later, rest = [], [], []
    for e in events:
        kind, seat = e.get("kind"), e.get("seat")
        text = str(tr(e.get("text", ""))).strip()
        if kind == "automa" and isinstance((e.get("data") or {}).get("turn"), dict):
            later.append(_automa_line(e["data"]["turn"]))
        elif kind in NOISE_EVENTS or not text or (kind == "common_goal" and seat is not None and seat < 0):
            continue
        elif seat == mover:
            own.append(text)
        elif kind in ("final", "final_score", "solo_goal", "solo_end"):
            later.append(text)
        else:
            rest.append(text)
    if any(e.get("kind") == "scoring" for e in events) and view.get("period_log"):
        later.insert(0, _scoring_line(view))
    return own + later + rest


def _resources(view: dict[str, Any], seat: int) -> list[tuple[str, str]]:
    """What a player checks before moving: money, coal, silk, iron, goods, pieces left."""
    p = view["players"][seat]
    goods = sum(int(f.get("goods", 0)) for f in p.get("factories", [])) + int(p.get("goods_reserve", 0))
    safe = int(p.get("protected_coal", 0)) + sum(int(f.get("coal", 0)) for f in p.get("factories", []))
    coal = str(p.get("coal", 0)) + (f" (+{safe})" if safe else "")
    # i18n: labels of the acting player's resources under the turn picture ("Money 4   Coal 3 …");
    # "Ships left": ships not yet built (of 6).
    return [(_("Money"), str(p.get("money", 0))), (_("Coal"), coal), (_("Silk"), str(p.get("silk", 0))),
            (_("Iron"), str(p.get("iron", 0))), (_("Goods"), str(goods)),
            (_("Ships left"), str(6 - int(p.get("ships", 0)))), (_("Machines left"), str(6 - int(p.get("machines", 0)))),
            (_("Trains left"), str(6 - int(p.get("trains", 0))))]


def turn_card(view: dict[str, Any], last: dict[str, Any] | None) -> TurnCard:
    """The facts of the turn picture of ``view`` (``GAME.view(state, None)``) after the move
    ``last`` (``{"seat", "move", "events"}``, ``None`` at the start or after an undo), in the
    current language (:mod:`render.core.cards` draws it).

    The band names the player to act and their decision (or the random event / the result); the
    scores list every seat with VP (Takatoshi too); the last move shows its notation and the events
    that tell what it did (no bag draws); the focus draws, large, the part of the board it touched
    (hiring space, factory, market, railway, Iwakura destination, tracks, contracts, start tiles,
    or the influence scoring it triggered); the resources are the acting player's (or the last
    mover's while a random event is pending).
    """
    seat, _kind, prompt = _decision(view)
    actor = None
    if view.get("over") or seat is None:
        text = _result_line(view) or _("Game over")
    elif _is_player(view, seat):
        actor = _chip(view, seat)
        text = _decision_text(view, prompt)
    else:
        text = _random_event(prompt)
    scores = [(_chip(view, s), _seat_vp(view, s)) for s in range(len(_seats(view)))]
    mover = _player_seat(view, last.get("seat")) if last else None  # the last mover, when a player
    fields: dict[str, Any] = {}
    if last and last.get("move"):
        fields = {"last_by": _chip(view, mover) if mover is not None else None,
                  "last_move": move_headline(str(last["move"])), "last_lines": _event_lines(view, last)}
        focus = _focus(view, last)
        if focus is not None:
            fields["focus_title"], fields["focus"] = focus
    who = seat if actor is not None else mover if mover is not None and not view.get("over") else None
    if who is not None:
        fields["resources_of"] = _chip(view, who)
        fields["resources"] = _resources(view, who)
    card = TurnCard(title=GAME_TITLE, status=_status(view), actor=actor, prompt=text, scores=scores,
                    score_label=_vp_label(), focus_height=FOCUS_HEIGHT, **fields)
    return _landscape(card)


#: The action kinds of the move notation as the action they belong to (the headline of a move).
_KIND_ACTION = {"rd": "rd", "mining": "mining", "factory": "factory", "machine": "machines", "produce": "production",
                "ship": "ships", "train": "trains", "market": "markets", "invest": "investments"}


def move_headline(move: str) -> str:
    """A move in a few words for the turn picture's "Last move" line, never its notation (which names
    data ids): the action it belongs to ("Build factory"), "Consolidation", or "Choice" for the
    small choices; the event lines below it tell the details. ``move``: the move's notation."""
    from engine.core import IllegalAction
    from engine.zaibatsu import notation, rules

    try:
        action = notation.parse_action(move)
    except IllegalAction:
        return _("Choice")
    if action.kind == "take":
        return str(tr(rules.ACTION_NAMES[str(action.args[1])]))
    if action.kind in _KIND_ACTION:
        return str(tr(rules.ACTION_NAMES[_KIND_ACTION[action.kind]]))
    if action.kind == "consolidate":
        return _("Consolidation")
    if action.kind == "pair":
        return _("Start tiles")
    return _("Choice")


def _landscape(card: TurnCard) -> TurnCard:
    """``card`` made short enough for a landscape picture (:data:`CARD_ASPECT`): a lower focus
    drawing (down to :data:`FOCUS_FIT`), then fewer event lines, then a focus down to
    :data:`FOCUS_MIN`, and only then none."""
    limit = int(CARD_WIDTH / CARD_ASPECT)

    def lower(card: TurnCard, least: int) -> TurnCard:
        over = turn_layout_height(card) - limit
        if over > 0 and card.focus is not None and card.focus_height > least:
            card = replace(card, focus_height=max(least, card.focus_height - over))
        return card

    card = lower(card, FOCUS_FIT)
    shown = len(card.last_lines)
    while turn_layout_height(card) > limit and shown > 1:  # the alt text keeps them all
        shown -= 1
        card = replace(card, shown_lines=shown)
    card = lower(card, FOCUS_MIN)
    if turn_layout_height(card) > limit and card.focus is not None:
        card = replace(card, focus=None, focus_title="")
    return card
