"""Nippon: Zaibatsu (CrowD Games, 2025) — rules engine. Registers itself as ``zaibatsu``."""

from engine.core.registry import register

from .game import GAME, ZaibatsuGame

register(GAME)

__all__ = ["GAME", "ZaibatsuGame"]
