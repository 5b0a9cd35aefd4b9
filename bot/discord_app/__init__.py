"""Discord adapter of Meiji Table (discord.py 2.x): slash commands, buttons and reminders over the Host.

Only this package knows about discord.py; the rules live in ``engine`` and the tables in
:mod:`bot.host`. Entry point: :func:`run_bot` (used by ``meiji run``); see docs/discord.md.
"""

from __future__ import annotations

from .client import MeijiBot, run_bot, sync_commands

__all__ = ["MeijiBot", "run_bot", "sync_commands"]
