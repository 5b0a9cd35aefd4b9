"""Nippon (What's Your Game?, 2015) — rules engine. Registers itself as ``nippon``."""

from engine.core.registry import register

from .game import GAME, NipponGame

register(GAME)

__all__ = ["GAME", "NipponGame"]
