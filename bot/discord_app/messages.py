"""Text helpers for Discord messages: length limits, mentions and the command names the Host uses."""

from __future__ import annotations

from collections.abc import Iterable

import discord

#: Discord's limit for a message's content.
MESSAGE_LIMIT = 2000
#: Shown to a player when something unexpected failed (details go to the log only).
GENERIC_ERROR = "Something went wrong; the game is unchanged."
#: Mentions may ping users, never roles or @everyone (player names are user-chosen text).
USER_MENTIONS = discord.AllowedMentions(everyone=False, roles=False, users=True, replied_user=False)
NO_MENTIONS = discord.AllowedMentions.none()

#: How the Host's texts name commands in server channels (``/game …``) and for solo games and DMs.
GAME_COMMAND_NAMES = {
    "new": "`/game new`",
    "join": "`/game join`",
    "start": "`/game start`",
    "undo": "`/game undo`",
    "board": "`/game board`",
    "log": "`/game log`",
}
SOLO_COMMAND_NAMES = {
    **GAME_COMMAND_NAMES,  # a /solo command in a server channel may still meet a /game table
    "new": "`/solo new`",
    "undo": "`/solo undo`",
    "board": "`/solo board`",
    "log": "`/solo log`",
}


def fit(text: str, limit: int = MESSAGE_LIMIT, tail_budget: int = 700, log_hint: str = "/game log") -> str:
    """``text`` shortened to ``limit`` characters, keeping its first and its last lines.

    The end of a Host reply says whose turn it is (or the final result), so up to
    ``tail_budget`` characters of last lines are always kept; lines in between are replaced by a
    note pointing to ``log_hint`` (the log command of the context: ``/game log`` or ``/solo log``).
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
    note_room = 60
    for line in rest:
        if sum(len(h) + 1 for h in head) + len(line) + 1 + used + note_room > limit:
            break
        head.append(line)
    skipped = len(rest) - len(head)
    if not head:  # one enormous first line
        head = [rest[0][: max(0, limit - used - note_room - 1)] + "…"] if rest else []
        skipped = max(0, len(rest) - 1)
    note = f"… ({skipped} more line{'s' if skipped != 1 else ''}; see {log_hint})"
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
