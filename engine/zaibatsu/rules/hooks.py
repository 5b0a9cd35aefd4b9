"""The hooks through which the rules reach Takatoshi (rulebook: Solo mode) and the Common Goals module:
the game registers them, so the rules never import :mod:`engine.zaibatsu.automa` or
:mod:`engine.zaibatsu.modules` (both depend on the rules instead)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from engine.core import Event

from ..state import AutomaState, ZState


@dataclass(frozen=True)
class Solo:
    """What the rules ask of Takatoshi, the solo opponent (:mod:`engine.zaibatsu.automa` answers)."""

    #: His board at set-up, for a difficulty.
    new_automa: Callable[[str], AutomaState]
    #: His influence in a region (trains always count).
    automa_influence: Callable[[ZState, str], int]
    #: Steps B–D of his turn once a tile is revealed (``events`` is ``None`` in a quiet apply).
    automa_turn: Callable[[ZState, str, list[Event] | None], None]
    #: ``(value, target, text)`` of a solo goal for the human player.
    goal_progress: Callable[[ZState, str], tuple[int, int, str]]
    #: A solo goal with its progress, as a Msg.
    goal_text: Callable[[str, int, int], str]
    #: The solo rating of a final score.
    rating: Callable[[int], str]


@dataclass(frozen=True)
class CommonGoals:
    """What the rules ask of the Common Goals module (:mod:`engine.zaibatsu.modules` answers)."""

    #: Reward each goal's leaders after a period's influence scoring.
    resolve: Callable[[ZState, int, list[Event] | None], None]
    #: The rewards a period I–II leader chooses from.
    reward_choices: Callable[[int], list[Any]]


_REGISTERED: dict[str, Any] = {}


def register(*, solo: Solo, common_goals: CommonGoals) -> None:
    """Connect the rules to Takatoshi and the Common Goals module (done by :mod:`engine.zaibatsu.game`)."""
    _REGISTERED["solo"] = solo
    _REGISTERED["common_goals"] = common_goals


def solo() -> Solo:
    """Takatoshi, as registered by the game."""
    try:
        return _REGISTERED["solo"]
    except KeyError:
        raise RuntimeError("Takatoshi is not registered: import engine.zaibatsu (its game registers him)") from None


def common_goals() -> CommonGoals:
    """The Common Goals module, as registered by the game."""
    try:
        return _REGISTERED["common_goals"]
    except KeyError:
        raise RuntimeError("The Common Goals module is not registered: import engine.zaibatsu") from None
