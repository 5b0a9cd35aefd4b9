"""One policy interface for selfplay, bot seats, hints and the Automa's helpers (docs/architecture.md, "Policies")."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, Protocol

from .game import Action


class Policy(Protocol):
    """Chooses one of ``legal`` given the acting seat's ``view``."""

    def choose(self, view: dict[str, Any], legal: Sequence[Action]) -> Action:
        """Return one element of ``legal`` (never empty)."""


class RandomPolicy:
    """Uniform random choice with optional per-kind weights.

    ``weights`` maps an action kind to a relative weight (default 1.0); selfplay uses it to keep
    pure bookkeeping moves (such as converting silk) from dominating a random game.
    """

    def __init__(self, seed: int = 0, weights: dict[str, float] | None = None) -> None:
        self.rng = random.Random(seed)
        self.weights = weights or {}

    def choose(self, view: dict[str, Any], legal: Sequence[Action]) -> Action:
        """Pick one legal action at random (weighted by kind)."""
        if not self.weights:
            return self.rng.choice(list(legal))
        w = [self.weights.get(a.kind, 1.0) for a in legal]
        return self.rng.choices(list(legal), weights=w, k=1)[0]
