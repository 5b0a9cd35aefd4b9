"""Text helpers for Discord messages: languages, length limits, mentions and command names.

Languages (docs/i18n.md): an ephemeral answer is in the user's language
(:func:`user_language`, from ``interaction.locale``), a public turn message in the table's
(``Reply.language``), a new table starts in the server's (:func:`server_language`). Texts are
built inside ``with language(code):`` with ``_`` from :mod:`bot.words`.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

import discord

from bot.words import M, T, _n
from engine.core.i18n import Msg, normalise

#: Discord's limit for a message's content.
MESSAGE_LIMIT = 2000
#: Shown to a player when something unexpected failed (details go to the log only).
GENERIC_ERROR = M("Something went wrong; the game is unchanged.")
#: Mentions may ping users, never roles or @everyone (player names are user-chosen text).
USER_MENTIONS = discord.AllowedMentions(everyone=False, roles=False, users=True, replied_user=False)
NO_MENTIONS = discord.AllowedMentions.none()


def user_language(interaction: Any) -> str:
    """The language of the user behind ``interaction`` (their Discord client's locale)."""
    return normalise(_locale(getattr(interaction, "locale", None)))


def server_language(interaction: Any) -> str:
    """The language of the place of ``interaction``: the server's locale, the user's in a DM."""
    if getattr(interaction, "guild_id", None) is not None:
        guild = _locale(getattr(interaction, "guild_locale", None))
        if guild:
            return normalise(guild)
    return user_language(interaction)


def _locale(value: Any) -> str:
    """A locale's code (``discord.Locale`` or a string); '' for anything else."""
    if isinstance(value, discord.Locale):
        return value.value
    return value if isinstance(value, str) else ""


def slash(group: str, command: str | None = None) -> Msg:
    """A slash command's name (``/game join``, ``/move``), shown in the language of its text.

    The names are the localised command names Discord shows to a user of that language.
    """
    if command is None:
        return M("/{command}", command=T("command name", group))
    return M("/{group} {command}", group=T("command name", group), command=T("command name", command))


def code(text: Any) -> Msg:
    """``text`` (a ``Msg`` or a string) as Markdown inline code, translated with its sentence."""
    # i18n: Markdown inline code around a command name; keep the backticks.
    return M("`{text}`", text=text)


def _names(group: str, commands: Iterable[str]) -> dict[str, Msg]:
    return {c: code(slash(group, c)) for c in commands}


#: How the Host's texts name commands in server channels (``/game …``) and for solo games and DMs.
#: The values are ``Msg``s: each Host text names the command in its own language.
GAME_COMMAND_NAMES: Mapping[str, Any] = {
    **_names("game", ("new", "join", "start", "undo", "board", "log", "return", "add-bot", "timeout")),
    "move": code(slash("move")),
    "hint": code(slash("hint")),
}
SOLO_COMMAND_NAMES: Mapping[str, Any] = {
    **GAME_COMMAND_NAMES,  # a /solo command in a server channel may still meet a /game table
    **_names("solo", ("new", "undo", "board", "log")),
}


def fit(text: str, limit: int = MESSAGE_LIMIT, tail_budget: int = 700, log_hint: Any = "/game log") -> str:
    """``text`` shortened to ``limit`` characters, keeping its first and its last lines.

    The end of a Host reply says whose turn it is (or the final result), so up to
    ``tail_budget`` characters of last lines are always kept; lines in between are replaced by a
    note (in the current language) pointing to ``log_hint`` (the log command of the context:
    ``/game log`` or ``/solo log``, a string or a ``Msg``).
    """
    text = text.strip()
    if len(text) <= limit:
        return text
    lines = text.split("\n")
    tail: list[str] = []
    used = 0
    for line in reversed(lines[1:]):
        if used + len(line) + 1 > tail_budget:
            break
        tail.insert(0, line)
        used += len(line) + 1
    head: list[str] = []
    rest = lines[: len(lines) - len(tail)]
    note_room = 80
    for line in rest:
        if sum(len(h) + 1 for h in head) + len(line) + 1 + used + note_room > limit:
            break
        head.append(line)
    skipped = len(rest) - len(head)
    if not head:  # one enormous first line
        head = [rest[0][: max(0, limit - used - note_room - 1)] + "…"] if rest else []
        skipped = max(0, len(rest) - 1)
    note = _n("… ({n} more line; see {command})", "… ({n} more lines; see {command})", skipped, command=log_hint)
    out = "\n".join([*head, note, *tail])
    return out[:limit]


def last_lines(text: str, limit: int = MESSAGE_LIMIT) -> str:
    """The last lines of ``text`` that fit in ``limit`` characters (for logs)."""
    text = text.strip()
    if len(text) <= limit:
        return text
    out: list[str] = []
    used = 0
    for line in reversed(text.split("\n")):
        if used + len(line) + 1 > limit - 2:
            break
        out.insert(0, line)
        used += len(line) + 1
    return "…\n" + "\n".join(out) if out else text[-(limit - 1):]


def code_block(text: str, limit: int = MESSAGE_LIMIT) -> str:
    """``text`` in a Markdown code block that fits in ``limit`` (keeps the last lines)."""
    body = last_lines(text.replace("```", "'''"), limit - 8)
    return f"```\n{body}\n```"


def mention_text(user_ids: Iterable[str]) -> str:
    """``<@id>`` mentions for numeric user ids, space-separated (others are skipped)."""
    return " ".join(f"<@{u}>" for u in dict.fromkeys(user_ids) if str(u).isdigit())


def first_line(text: str | None) -> str:
    """The first non-empty line of ``text`` ('' if none)."""
    for line in (text or "").splitlines():
        if line.strip():
            return line.strip()
    return ""
