"""Progress of a game between bots: position keys, the bots' repetition guard and the progress marks.

A bot game must end. Two things can keep one going for ever: a bot that plays a turn which changes
nothing (or returns to a position it has produced before) while something else was possible, and
a table where every seat is a bot and none of them changes anything that leads to the end.

* :func:`position_key` is a short hash of what one seat sees of a position, leaving out who is
  to act and the turn's bookkeeping when the game says how (its optional hook
  ``position_key(state, seat) -> JSON-ready data``); without the hook it is the seat's ``view``
  without the views' turn counters. Positions a turn that changed nothing leads back to have the key they started with.
  The key reads only what the seat sees, so a bot's choice never depends on another seat's secrets.
* :class:`RepetitionGuard` is what every bot policy (``engine.core.bots``) consults before it
  plays: the end-of-turn positions of its ranked candidates are checked against the positions the
  policy has decided at in this game, and the best candidate that leads somewhere new is played; only when every candidate repeats is the best one played as ranked.
* :func:`progress_marks` is what a host compares over a round of bot turns (the game's optional
  hook ``progress_marks(state) -> JSON-ready data``, e.g. scores and supplies; without it the
  spectator's position key): equal marks a whole round apart mean the table is stalled.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Sequence
from typing import Any, TypeVar

from . import registry

T = TypeVar("T")


def _digest(data: Any) -> str:
    """A stable hex hash of JSON-ready ``data`` (sorted keys; anything else by ``str``)."""
    text = json.dumps(data, sort_keys=True, default=str, separators=(",", ":"))
    return hashlib.blake2b(text.encode(), digest_size=12).hexdigest()


#: Keys of a game's ``view`` that only say whose turn it is or count turns (the views' shared
#: convention): :func:`position_key` leaves them out by default.
TURN_KEYS = ("viewer", "decision", "current", "turn_no", "round", "rounds", "stack")
#: Keys of each ``view["players"]`` row that count turns.
PLAYER_TURN_KEYS = ("last_turn",)


def _without_turn(view: dict[str, Any]) -> dict[str, Any]:
    """``view`` without :data:`TURN_KEYS` and each player's :data:`PLAYER_TURN_KEYS` (a shallow copy)."""
    out = {k: v for k, v in view.items() if k not in TURN_KEYS}
    players = out.get("players")
    if isinstance(players, list):
        out["players"] = [{k: v for k, v in row.items() if k not in PLAYER_TURN_KEYS} if isinstance(row, dict)
                          else row for row in players]
    return out


def position_key(game: Any, state: Any, seat: int | None) -> str:
    """A hash of the position ``state`` as ``seat`` sees it (``None``: a spectator).

    Uses the game's :class:`~engine.core.capabilities.Progress` ``position_key(state, seat)`` (JSON-ready data without whose turn it is
    and without anything the seat cannot see), else ``game.view(state, seat)`` without the views'
    turn bookkeeping (:data:`TURN_KEYS`, :data:`PLAYER_TURN_KEYS`). Two positions with the same key
    are the same position for the repetition guard: a turn that changed nothing leads back to the
    key it started from. Raises what the hook raises.
    """
    declared = registry.progress(game)
    if declared is not None:
        return _digest(declared.position_key(state, seat))
    return _digest(_without_turn(game.view(state, seat)))


def progress_marks(game: Any, state: Any) -> str:
    """A hash of what shows a game's progress towards its end (scores, supplies, end conditions).

    Uses the game's :class:`~engine.core.capabilities.Progress` ``progress_marks(state)`` (JSON-ready data, public information only), else
    the spectator's :func:`position_key`. A host compares marks a round apart
    (``bot.host.stall``): equal marks mean nothing that leads to the end changed in that round.
    """
    declared = registry.progress(game)
    return _digest(declared.progress_marks(state)) if declared is not None else position_key(game, state, None)


def table_marks(game: Any, state: Any) -> str:
    """A hash of what a host watches over a round of bot turns: the :func:`progress_marks` and every
    seat's public score (the game's :class:`~engine.core.capabilities.Story` ``public_scores``,
    VP, when it declares it). Unchanged over a whole round means no score and no supply moved
    (``bot.host.stall``). The bots' own guard reads :func:`progress_marks` alone: a game may pay VP
    turn after turn without ever coming nearer its end, which is a bot's stall but not a dead table.
    """
    scorer = registry.story(game)
    scores = list(scorer.public_scores(state)) if scorer is not None else []
    return _digest([progress_marks(game, state), scores])


#: The bot's own turns in a row without any change of the progress marks after which it prefers a
#: move that changes them (two whole rounds).
PATIENCE = 2
#: The bot's own turns in a row without any change of the progress marks after which, when no
#: candidate changes them within the turn, it explores: it plays its candidates in turn (a different
#: one at each stalled turn) instead of the best, so a change that takes more than one turn to set up
#: (an assistant placed this turn, used the next) is eventually played.
EXPLORE_AFTER = 6


class RepetitionGuard:
    """A bot's memory of one game, and its choice of a candidate that makes progress.

    ``seen`` holds the :func:`position_key` of every position the bot decided at (its own seat's
    view: nothing hidden from it). :meth:`pick` plays the best ranked candidate whose end-of-turn
    position is new to the bot, so a turn that changes nothing, or that leads back to where the bot
    has been, loses to any other. A policy created for a single decision still knows the position
    it decides at, so a turn that changes nothing is always recognised.

    A policy kept for the whole game (benchmarks, selfplay, a host's bot seat) also counts its turns
    since the :func:`progress_marks` last changed (``still``): after ``patience`` of its turns in a
    row without any change of score, buildings or supplies at the table, it plays the best
    candidate that changes them, if one exists (positions that only grow in yen or goods would
    otherwise never repeat and never end the game).
    """

    def __init__(self, game: Any, patience: int = PATIENCE, explore_after: int = EXPLORE_AFTER) -> None:
        self.game = game
        self.patience = int(patience)
        self.explore_after = int(explore_after)
        self.seen: set[str] = set()
        #: The progress marks at the bot's last turn start, and its turns since they last changed.
        self.marks: str | None = None
        self.still = 0

    def key(self, state: Any, seat: int) -> str:
        """The :func:`position_key` of ``state`` for ``seat``."""
        return position_key(self.game, state, seat)

    def stalled(self) -> bool:
        """Whether ``patience`` turns of this bot in a row began with unchanged progress marks."""
        return self.patience > 0 and self.still >= self.patience

    def note(self, state: Any, seat: int, *, turn_start: bool = False) -> None:
        """Remember the position ``state`` ``seat`` decides at; at a turn start (``turn_start``) also
        count the turn towards :meth:`stalled` if the progress marks are those of the last one."""
        self.seen.add(self.key(state, seat))
        if turn_start:
            marks = progress_marks(self.game, state)
            self.still = self.still + 1 if marks == self.marks else 0
            self.marks = marks

    def pick(self, state: Any, seat: int, ranked: Sequence[T], end_state: Callable[[T], Any]) -> T:
        """The candidate of ``ranked`` (best first, never empty) to play.

        ``end_state(candidate)`` is the position its turn ends in (``None``: unknown, never
        preferred). When the table is :meth:`stalled`, the first candidate whose end changes the
        :func:`progress_marks`; if none does and the stall has lasted ``explore_after`` of the bot's
        turns, the candidates whose ends are new to the bot are played in turn (the one at the
        stall's length modulo their number), so a cycle the one-turn look-ahead cannot break (income
        turn after turn while building needs a move set up one turn and used the next) is left;
        else the first whose end is new to this bot; else the first of ``ranked``. ``state`` is the position decided at, already passed to
        :meth:`note` (a policy notes it before it ranks: a stalled bot ranks every legal action).
        The chosen candidate's end is not remembered: the next decision of the same turn goes on
        towards it.
        """
        if len(ranked) < 2:
            return ranked[0]
        ends = [end_state(c) for c in ranked]
        if self.stalled():
            now = progress_marks(self.game, state)
            for candidate, end in zip(ranked, ends, strict=True):
                if end is not None and progress_marks(self.game, end) != now:
                    return candidate
        if self.stalled() and 0 < self.explore_after <= self.still:
            fresh = [c for c, end in zip(ranked, ends, strict=True)
                     if end is not None and self.key(end, seat) not in self.seen]
            if fresh:
                return fresh[(self.still - self.explore_after) % len(fresh)]
        for candidate, end in zip(ranked, ends, strict=True):
            if end is not None and self.key(end, seat) not in self.seen:
                return candidate
        return ranked[0]
