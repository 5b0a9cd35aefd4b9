"""Localised slash commands: Discord shows ``/game`` as ``/gra`` to a Polish user.

Discord keeps one name and one description per locale for every command, option and choice,
sent with the command list at sync. :class:`MeijiTranslator` (installed with
``await tree.set_translator(...)`` in ``setup_hook``) answers discord.py's questions from the
``meiji`` catalogue, one gettext context per kind of string (:data:`CONTEXTS`): a command's
English name is looked up as ``pgettext("command name", "game")`` and so on.

Discord's rules are checked here: a name must match ``^[-_\\p{L}\\p{N}]{1,32}$`` and be lowercase,
a description or a choice name must have 1–100 characters. A translation that breaks them is not
sent (Discord then shows the English text) and ``tests/i18n/test_discord_languages.py`` fails.

:func:`translatable_strings` lists every ``(context, English)`` string of the command tree; the
catalogue tool adds them to the ``meiji`` ids (``bot/catalogues.py``).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import discord
from discord import app_commands
from discord.app_commands import TranslationContextLocation as Where

from bot.words import _t
from engine.core.i18n import LANGUAGE_NAMES, language

#: Discord locales with a catalogue, and the catalogue's language.
LOCALES: dict[discord.Locale, str] = {
    discord.Locale.polish: "pl",
    discord.Locale.russian: "ru",
    discord.Locale.german: "de",
}
#: The gettext context of each kind of string in the command tree.
CONTEXTS: dict[Where, str] = {
    Where.command_name: "command name",
    Where.group_name: "command name",
    Where.command_description: "command description",
    Where.group_description: "command description",
    Where.parameter_name: "parameter name",
    Where.parameter_description: "parameter description",
    Where.choice_name: "choice name",
}
#: Contexts whose strings are names (lowercase, no spaces, ≤ 32 characters).
NAME_CONTEXTS = frozenset({"command name", "parameter name"})
NAME_LIMIT = 32
TEXT_LIMIT = 100
#: Choice names never translated: each language's own name (``/game language``).
OWN_NAMES = frozenset(LANGUAGE_NAMES.values())
#: discord.py's description of a parameter nobody described.
NO_DESCRIPTION = "…"


def valid_name(text: str) -> bool:
    """True if ``text`` is a valid Discord command or option name (letters, digits, ``-``, ``_``; lowercase)."""
    return (
        1 <= len(text) <= NAME_LIMIT
        and all(ch.isalnum() or ch in "-_" for ch in text)
        and text == text.lower()
    )


def valid_text(text: str) -> bool:
    """True if ``text`` is a valid Discord description or choice name (1–100 characters)."""
    return 1 <= len(text) <= TEXT_LIMIT and bool(text.strip())


def is_valid(context: str, text: str) -> bool:
    """True if ``text`` obeys Discord's rules for strings of ``context``."""
    return valid_name(text) if context in NAME_CONTEXTS else valid_text(text)


def localise(context: str, english: str, lang: str) -> str | None:
    """``english`` (a string of ``context``) in ``lang``; ``None`` when untranslated or invalid for Discord."""
    if context == "choice name" and english in OWN_NAMES:
        return None
    with language(lang):
        text = _t(context, english)
    if not text or text == english or not is_valid(context, text):
        return None
    return text


class MeijiTranslator(app_commands.Translator):
    """discord.py translator of the command tree from the ``meiji`` catalogue (see the module docstring)."""

    async def translate(
        self, string: app_commands.locale_str, locale: discord.Locale, context: app_commands.TranslationContextTypes
    ) -> str | None:
        """The localisation of ``string`` for ``locale``, or ``None`` (Discord then shows English)."""
        lang = LOCALES.get(locale)
        kind = CONTEXTS.get(context.location)
        if lang is None or kind is None:
            return None
        return localise(kind, string.message, lang)


def tree_strings(commands: Iterable[Any]) -> list[tuple[str, str]]:
    """Every ``(context, English)`` string of ``commands`` (groups, subcommands, options, choices)."""
    out: list[tuple[str, str]] = []

    def walk(items: Iterable[Any]) -> None:
        for cmd in items:
            out.append(("command name", cmd.name))
            out.append(("command description", cmd.description))
            if isinstance(cmd, app_commands.Group):
                walk(cmd.commands)
                continue
            for param in getattr(cmd, "parameters", ()):
                out.append(("parameter name", param.display_name))
                if param.description and param.description != NO_DESCRIPTION:
                    out.append(("parameter description", str(param.description)))
                out.extend(("choice name", c.name) for c in param.choices if c.name not in OWN_NAMES)

    walk(commands)
    return list(dict.fromkeys(out))


def translatable_strings() -> list[tuple[str, str]]:
    """Every ``(context, English)`` string of Meiji Table's command tree, built without a connection."""
    from .commands import TableCommands, command_list

    tables = TableCommands(None)  # type: ignore[arg-type]  # no host: the callbacks are never called here
    return tree_strings(command_list(tables, None))  # type: ignore[arg-type]  # no records service either
