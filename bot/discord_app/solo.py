"""Solo games in Discord: the turn message against the automated opponent and the goal check.

A solo table has one seat; the game's automated opponent moves through chance
decisions that the Host resolves inside the player's move. The public message of a solo step is
built from the structured facts of the Host's reply (``Reply.data``):

* the player's step and its effects (the game's own event lines);
* one line per opponent turn (events of kind ``automa``, marked 🤖);
* then whose turn is next — or, when the game is over, the goal check (every goal met or not)
  and, on a win, the score and the rating from ``Result.solo``.

Random refills (worker draws, new factories …) are left out of the message: the board picture
shows them and ``/solo log`` lists every outcome. The message is built in the current language
(the caller sets the table's); the engine's lines come from the Host already translated.
"""

from __future__ import annotations

from typing import Any

from discord import app_commands

from bot.host import AUTOMA_EVENT, Reply
from bot.words import T, _, _n
from engine.core import CHANCE, game_info, get_game, registry, solo_game
from engine.core.i18n import Msg, tr

#: The game ``/solo new`` opens: the first installed game with a solo mode (``None``: no ``/solo``).
SOLO_GAME = solo_game()
#: Its solo opponent as the game declares it (name, levels, end events; ``None``: no ``/solo``).
SOLO = registry.solo_opponent(get_game(SOLO_GAME)) if SOLO_GAME else None
#: Its difficulty ids (``GameInfo.solo_levels``), easiest first.
DIFFICULTIES: tuple[str, ...] = game_info(get_game(SOLO_GAME)).solo_levels if SOLO_GAME else ()
DIFFICULTY_CHOICES = [app_commands.Choice(name=d.capitalize(), value=d) for d in DIFFICULTIES]
#: Names of the usual difficulty ids in sentences (``Your solo game against … (hard) …``); other
#: ids are shown as they are.
DIFFICULTY_NAMES: dict[str, Msg] = {
    "easy": T("difficulty", "easy"),
    "medium": T("difficulty", "medium"),
    "hard": T("difficulty", "hard"),
}


def opponent_name() -> str:
    """The solo opponent's name (the game's ``solo_opponent`` term) or a generic name, as a text."""
    return SOLO.solo_opponent if SOLO is not None else _("the automated opponent")
#: The engine's own end-of-solo lines (the game's ``solo_end_events``); the goal check built from
#: ``Result.solo`` replaces them.
ENGINE_SOLO_END_KINDS: frozenset[str] = frozenset(SOLO.solo_end_events) if SOLO is not None else frozenset()
OPPONENT_MARK = "🤖"


def is_solo_step(reply: Reply) -> bool:
    """True for the reply of a move (or option click) at a one-player table."""
    data = reply.data or {}
    return bool(data.get("solo")) and "step" in data and isinstance(data.get("events"), list)


def solo_message(reply: Reply) -> str:
    """The public text of a solo step: the step, the opponent's turns, then the next turn or the end."""
    data = reply.data or {}
    lines = [(reply.public or "").split("\n", 1)[0]]
    finished = bool(data.get("finished"))
    for event in data.get("events") or []:
        kind, seat, text = event.get("kind"), event.get("seat"), str(tr(event.get("text") or ""))
        if not text:
            continue
        if kind == AUTOMA_EVENT:
            lines.append(f"{OPPONENT_MARK} {text}")
        elif seat == CHANCE or (finished and kind in ENGINE_SOLO_END_KINDS):
            continue
        else:
            lines.append(text)
    if finished:
        lines.extend(goal_check(data.get("result")))
    elif data.get("next"):
        lines.append(str(data["next"]))
    return "\n".join(line for line in lines if line)


def goal_check(result: dict[str, Any] | None) -> list[str]:
    """The end of a solo game: each goal met or not, then the outcome (score and rating on a win)."""
    if not result:
        return [_("The game is over.")]
    solo = result.get("solo") or {}
    lines = ["**" + _("The game is over.") + "**"]
    goals = solo.get("goals") or {}
    if goals:
        lines.append(_("Solo goals:"))
        for slot, goal in goals.items():
            met, text = _goal(slot, goal)
            if met:
                lines.append("✅ " + _("{goal} — met", goal=text))
            else:
                lines.append("❌ " + _("{goal} — not met", goal=text))
    if solo.get("won"):
        score = solo.get("score")
        if score is None:
            score = next((p.get("score") for p in result.get("players") or [] if p.get("seat") == 0), None)
        rating = solo.get("rating")
        if not isinstance(score, int):
            score = None
        if score is not None and rating:
            won = _n("You win with {n} point — rating: {rating}.", "You win with {n} points — rating: {rating}.",
                     int(score), rating=f"**{tr(rating)}**")
        elif score is not None:
            won = _n("You win with {n} point.", "You win with {n} points.", int(score))
        elif rating:
            won = _("You win — rating: {rating}.", rating=f"**{tr(rating)}**")
        else:
            won = _("You win.")
        lines.append("🏆 " + won)
    elif "won" in solo:
        lines.append(_("You lose: not every solo goal was met."))
    else:  # a solo game without goals: the plain final result
        for player in result.get("players") or []:
            rank, name, points = player.get("rank"), player.get("name"), player.get("score")
            if isinstance(points, int):
                lines.append(_n("{rank}. {name} — {n} point", "{rank}. {name} — {n} points", points, rank=rank,
                                name=name))
            else:
                lines.append(_("{rank}. {name} — {score} points", rank=rank, name=name, score=points))
    return lines


def _goal(slot: Any, goal: Any) -> tuple[bool, str]:
    """``(met, "slot: text")`` of one goal (``goal`` is ``{"met", "text"}`` or a bare bool)."""
    if isinstance(goal, dict):
        text = str(tr(goal.get("text") or "")).strip()
        return bool(goal.get("met")), _("{slot}: {goal}", slot=slot, goal=text) if text else str(slot)
    return bool(goal), str(slot)
