"""Game-agnostic engine contracts: decisions, actions, events, chance, replay, policies."""

from .chance import resolve_chance, rng_for, sample_chance
from .game import (
    CHANCE,
    Action,
    Decision,
    Event,
    Game,
    IllegalAction,
    Outcome,
    PlayerResult,
    Result,
)
from .policy import Policy, RandomPolicy
from .registry import game_names, get_game, register
from .replay import replay

__all__ = [
    "CHANCE",
    "Action",
    "Decision",
    "Event",
    "Game",
    "IllegalAction",
    "Outcome",
    "PlayerResult",
    "Policy",
    "RandomPolicy",
    "Result",
    "game_names",
    "get_game",
    "register",
    "replay",
    "resolve_chance",
    "rng_for",
    "sample_chance",
]
