"""Yokohama (Hisashi Hayashi; 2024 Polish edition) — rules engine. Registers itself as ``yokohama``."""

from engine.core.registry import register

from .game import GAME, YokohamaGame

register(GAME)

__all__ = ["GAME", "YokohamaGame"]
