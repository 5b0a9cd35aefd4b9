"""The fixed choices of the slash commands' options: games, languages and bot levels.

Their names are translated with the command tree (:mod:`bot.discord_app.translator`); the values
are what the Host expects.
"""

from __future__ import annotations

from discord import app_commands

from engine.core import builtin_game_names, game_info, get_game
from engine.core.bots import LEVELS, bots_supported
from engine.core.i18n import LANGUAGE_NAMES, LANGUAGES

#: Games offered by ``/game new`` and ``/game rules``: every installed game under its published
#: title (a proper name), in menu order (the Host decides what it accepts).
GAME_CHOICES = [
    app_commands.Choice(name=game_info(get_game(name)).title, value=name) for name in builtin_game_names()
]

#: Games offered by ``/solo new``: those with an automated opponent or with bot players.
SOLO_GAME_CHOICES = [
    app_commands.Choice(name=game_info(get_game(name)).title, value=name) for name in builtin_game_names()
    if game_info(get_game(name)).solo_levels or bots_supported(get_game(name))
]

#: Languages of ``/game language``, each under its own name (never translated).
LANGUAGE_CHOICES = [app_commands.Choice(name=LANGUAGE_NAMES[lang], value=lang) for lang in LANGUAGES]

#: What each bot level does, as its choice name in /game add-bot and /solo new (translated with the
#: command tree; the value is the level of :data:`engine.core.bots.LEVELS`).
BOT_LEVEL_NAMES = {
    "easy": "easy — looks one step ahead and slips now and then",
    "medium": "medium — plans its whole turn",
    "hard": "hard — searches ahead and thinks longest",
}
BOT_LEVEL_CHOICES = [app_commands.Choice(name=BOT_LEVEL_NAMES.get(level, level), value=level) for level in LEVELS]
