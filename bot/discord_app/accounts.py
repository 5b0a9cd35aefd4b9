"""Turn accounts in Discord messages: the story of the whole turn posted with the turn picture, and
``/game log``.

The Host gives each committed move, bot turn and start its accounts (``Reply.data.account``,
:mod:`bot.host.accounts`): the sentences of the whole turn just played and of the chance runs and
automated turns after it. A turn message is those accounts — each seat's account under its name,
the solo opponent's marked 🤖 — followed by whose turn it is (or the end). Within Discord's
2000-character limit the longest accounts lose their last sentences first; each shortened account
ends with "…and N more, see /game log" and the closing line is always kept. Texts are built in the
current language (the caller sets the table's).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from discord.utils import escape_markdown

from bot.host.data import StepData
from bot.words import _n

from .messages import MESSAGE_LIMIT

#: The mark of an automated opponent's account (the solo opponent).
OPPONENT_MARK = "🤖"


def has_account(reply_data: object) -> bool:
    """True when a reply's data carries turn accounts (a move, a bot turn, a start)."""
    return isinstance(reply_data, StepData) and reply_data.account is not None


def _header(account: dict[str, Any]) -> str | None:
    who = str(account.get("who") or "").strip()
    if not who or account.get("seat") is None:
        return None
    mark = f"{OPPONENT_MARK} " if account.get("automa") else ""
    return f"{mark}**{escape_markdown(who)}**"


def account_text(
    accounts: Sequence[dict[str, Any]],
    tail: Sequence[str] = (),
    *,
    limit: int = MESSAGE_LIMIT,
    log_hint: Any = "/game log",
) -> str:
    """Accounts, then ``tail`` lines (whose turn it is, the result), in at most ``limit`` characters.

    Each account with a seat starts with its player's name in bold (an automated opponent's,
    ``automa``, marked 🤖); its sentences follow,
    one per line. When the whole does not fit, the account with the most sentences left loses its
    last one, again and again, and each shortened account ends with "…and N more, see
    ``log_hint``" (current language); ``tail`` is always kept (cut only if it alone is too long).
    """
    blocks: list[tuple[str | None, list[str]]] = []
    for account in accounts:
        lines = [str(line) for line in account.get("lines") or [] if str(line).strip()]
        if lines:
            blocks.append((_header(account), lines))
    kept = [len(lines) for _h, lines in blocks]
    tail_text = "\n".join(t for t in tail if t)

    def render() -> str:
        parts: list[str] = []
        for (header, lines), n in zip(blocks, kept, strict=True):
            shown = lines[:n]
            if n < len(lines):
                shown.append(_n("…and {n} more, see {command}", "…and {n} more, see {command}", len(lines) - n,
                                command=log_hint))
            parts.append("\n".join(([header] if header else []) + shown))
        return "\n".join([*parts, tail_text] if tail_text else parts)

    text = render()
    while len(text) > limit and any(kept):
        longest = max(range(len(kept)), key=lambda i: (kept[i], -i))
        kept[longest] -= 1
        text = render()
    if len(text) > limit:
        text = text[: limit - 1] + "…"
    return text


def latest_accounts_text(accounts: Sequence[dict[str, Any]], *, limit: int = MESSAGE_LIMIT,
                         log_hint: Any = "/game export") -> str:
    """The latest of ``accounts`` that fit in ``limit`` whole (older ones left out first; the
    oldest kept may be shortened as in :func:`account_text`), for a log."""
    items = list(accounts)
    while len(items) > 1 and len(account_text(items, limit=10**9)) > limit:
        items.pop(0)
    return account_text(items, limit=limit, log_hint=log_hint)
