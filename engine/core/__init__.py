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
from .registry import (
    GameInfo,
    builtin_game_names,
    default_game,
    game_info,
    game_names,
    get_game,
    normalise_option_name,
    register,
    solo_game,
)
from .replay import replay

__all__ = [
    "CHANCE",
    "Action",
    "Decision",
    "Event",
    "Game",
    "GameInfo",
    "IllegalAction",
    "Outcome",
    "PlayerResult",
    "Policy",
    "RandomPolicy",
    "Result",
    "builtin_game_names",
    "default_game",
    "game_info",
    "game_names",
    "get_game",
    "normalise_option_name",
    "register",
    "replay",
    "resolve_chance",
    "rng_for",
    "sample_chance",
    "solo_game",
]
