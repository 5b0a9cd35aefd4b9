"""The facts of the Nippon turn picture (``turn_card``) that :mod:`render.core.cards` lays out."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from engine.core.i18n import Msg, tr
from engine.nippon.menu import notation_words
from engine.nippon.tables import tables
from engine.nippon.words import _
from render.core.cards import Chip, TurnCard, turn_layout_height

from .focus import _focus
from .labels import GAME_TITLE, _colour_of, _decision, _random_event, player_name, result_line, status, yen
from .layout import player_letter, player_rgb
from .touch import _data, _events, _player_seat, touched

#: Tallest turn picture that stays 1.3 times wider than high (the card is 1100 px wide).
CARD_MAX_H = 846
#: Event kinds never listed under the last move (random draws, the set-up, the end marker).
_QUIET = frozenset({"draw", "begin", "game_over", "first", "city", "reward_removed", "consolidate"})


def chip(view: dict[str, Any], seat: int) -> Chip:
    """The card chip of ``seat``: colour, letters and name as the board shows them."""
    colour = _colour_of(view, seat)
    return Chip(player_rgb(colour), player_letter(colour), player_name(colour))


def decision_text(prompt: Any) -> str:
    """A decision prompt without the player's name in front, in the current language
    (``Purple: take a worker …`` -> ``take a worker …``)."""
    if isinstance(prompt, Msg) and prompt.msgid == "{who}: {prompt}" and "prompt" in prompt.args:
        return str(tr(prompt.args["prompt"]))
    text = str(tr(prompt))
    head, sep, rest = text.partition(": ")
    if sep and len(head) <= 20 and " " not in head.strip():
        return rest
    return text


def _scoring_line(view: dict[str, Any], events: list[dict[str, Any]]) -> str:
    """One line for a scoring's four region lines: the VP every player won (ships included)."""
    number = 0
    won: dict[int, int] = {}
    for e in events:
        d = _data(e)
        if e.get("kind") != "scoring" or "scoring" not in d:
            continue
        number = int(d["scoring"])
        for s, vp in (d.get("awards") or {}).items():
            if int(s) >= 0:
                won[int(s)] = won.get(int(s), 0) + int(vp)
        for s, vp in (d.get("ships") or {}).items():
            if int(s) >= 0:
                won[int(s)] = won.get(int(s), 0) + int(vp)
    parts = [f"{player_name(_colour_of(view, s))} +{vp}" for s, vp in sorted(won.items(), key=lambda x: -x[1]) if vp]
    if not parts:
        return _("Scoring {n}: no player scores VP", n=number)
    # i18n: a scoring in one line: the VP each player won in all regions ("Red +12, Blue +7").
    return _("Scoring {n}: {awards}", n=number, awards=", ".join(parts))


def event_lines(view: dict[str, Any], last: dict[str, Any] | None) -> list[str]:
    """The texts of ``last``'s events worth reading under the move, most telling first: a
    scoring in one line, the final turns and the scoring marker, then the acting player's events
    (random draws and set-up steps left out)."""
    events = _events(last)
    head: list[str] = []
    if any(e.get("kind") == "scoring" for e in events):
        if any("scoring" in _data(e) for e in events):
            head.append(_scoring_line(view, events))
        else:
            head += [str(e.get("text", "")) for e in events if e.get("kind") == "scoring"]
    head += [str(e.get("text", "")) for e in events if e.get("kind") in ("final", "final_score")]
    marker = [str(e.get("text", "")) for e in events if e.get("kind") == "marker"]
    rest = [str(e.get("text", "")) for e in events
            if e.get("kind") not in _QUIET | {"scoring", "final", "final_score", "marker", "global_refill"}]
    refill = [str(e.get("text", "")) for e in events if e.get("kind") == "global_refill"]
    lines = head + marker + rest + (refill if not marker else [])
    return [t for t in lines if t]


def _resources(view: dict[str, Any], seat: int) -> list[tuple[str, str]]:
    """The acting player's budget as ``(label, value)``: money, coal, knowledge level, blueprints,
    stored machines, the wages of a consolidation now."""
    t = tables()
    p = view["players"][seat]
    knowledge = t.track_value["knowledge"][min(max(int(p.get("knowledge_pos", 0)), 0), t.track_len["knowledge"] - 1)]
    out = [(_("Money"), yen(p.get("money", 0))), (_("Coal"), str(p.get("coal", 0))),
           (_("Knowledge"), str(knowledge)), (_("Blueprints"), str(p.get("blueprints", 0)))]
    if p.get("machines"):
        out.append((_("Stored machines"), str(p["machines"])))
    # i18n: what a consolidation would cost now (3,000 yen per worker colour), on the turn picture.
    out.append((_("Wages"), yen(len(set(p.get("workers") or [])) * t.n["payday_per_colour"])))
    return out


def turn_card(view: dict[str, Any], last: dict[str, Any] | None) -> TurnCard:
    """The facts of the turn picture of ``view`` (``GAME.view(state, None)``) after the move
    ``last`` (``{"seat", "move", "events"}``, ``None`` at the start), in the current language.

    The player to act and their decision (or the random event, or the result), every player's VP,
    the move and its telling events (:func:`event_lines`), the acting player's budget and a drawing
    of what the move touched (:func:`touched`).
    """
    players = view.get("players") or []
    seat, _kind, prompt = _decision(view)
    over = bool(view.get("over"))
    acting = _player_seat(view, seat)
    actor = chip(view, acting) if acting is not None and not over else None
    if over or seat is None:
        text = result_line(view) or str(tr(prompt))
    elif actor is None:
        text = _random_event(prompt)
    else:
        text = decision_text(prompt)
    mover = _player_seat(view, (last or {}).get("seat"))
    last_by = chip(view, mover) if last and mover is not None else None
    res_seat = _player_seat(view, seat if actor is not None else view.get("current") if not over else None)
    resources = _resources(view, res_seat) if res_seat is not None else []
    card = TurnCard(
        title=GAME_TITLE, status=status(view), actor=actor, prompt=text,
        scores=[(chip(view, s), int(p.get("vp", 0))) for s, p in enumerate(players)],
        last_by=last_by, last_move=notation_words(str((last or {}).get("move") or "")), last_lines=event_lines(view, last),
        score_label=_("VP"), resources_of=chip(view, res_seat) if resources and res_seat is not None else None,
        resources=resources)
    touch = touched(view, last)
    if touch is None:
        return card
    made = _focus(view, touch, _events(last))
    if made is None:
        return card
    title, drawer, (ideal, least) = made
    # The drawing keeps at least its least height (the focus box is 8 px lower than the focus
    # height): event sentences are left out of the drawing (the alt text keeps them), the last
    # first, before it would shrink further; the first sentence, what happened, always stays, and
    # the drawing gives way when even that does not fit.
    for lines in range(len(card.last_lines), 0, -1):
        trial = replace(card, shown_lines=lines, focus_title=title, focus=drawer)
        for h in range(ideal + 8, least + 7, -4):
            sized = replace(trial, focus_height=h)
            if turn_layout_height(sized) <= CARD_MAX_H:
                return sized
    if not card.last_lines:
        sized = replace(card, focus_title=title, focus=drawer, focus_height=least + 8)
        if turn_layout_height(sized) <= CARD_MAX_H:
            return sized
    return replace(card, shown_lines=1)
