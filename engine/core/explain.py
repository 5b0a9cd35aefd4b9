"""The refusal reasons every game gives the same way (game-agnostic, no game words).

A game's ``reason`` (why an action is not among the legal ones) starts with the same checks: a
chance decision is pending (the table draws it), a chance outcome was played, or the action is of
a kind the pending decision does not take. The checks live here once; their texts stay in each
game's own message domain and are passed in as :class:`RefusalWords`.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from .game import CHANCE, Action, Decision


@dataclass(frozen=True)
class RefusalWords:
    """A game's texts for the shared refusals (Msgs of the game's domain).

    * ``pending``: a chance decision is pending;
    * ``drawn``: chance outcomes are drawn, not played;
    * ``wrong_kind(prompt=, kind=, expected=)``: the decision does not take this kind of action;
    * ``kinds``: decision kind → what it expects (else the legal keywords are listed).
    """

    pending: Any
    drawn: Any
    wrong_kind: Callable[..., Any]
    kinds: Mapping[str, Any]


def chance_refusal(words: RefusalWords, decision: Decision, action: Action) -> Any | None:
    """The refusal when chance is to move or a chance outcome was played, else ``None``."""
    if decision.seat == CHANCE:
        return words.pending
    if action.kind == "chance":
        return words.drawn
    return None


def kind_refusal(words: RefusalWords, decision: Decision, action: Action, kinds: Collection[str],
                 legal: Sequence[Action], format_action: Callable[[Action], str]) -> Any | None:
    """The refusal of an action whose kind is not among the legal ``kinds``, else ``None``."""
    if action.kind in kinds:
        return None
    expected = words.kinds.get(decision.kind) or ", ".join(sorted({format_action(a).split()[0] for a in legal}))
    return words.wrong_kind(prompt=decision.prompt, kind=action.kind, expected=expected)
