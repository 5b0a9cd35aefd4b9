"""Pictures in Discord: the upload of a picture with its alt text.

The host draws every picture with the one production renderer (:class:`render.Pictures`, built by
:func:`bot.app.compose`), which returns ``(png, alt_text)``, so every :class:`~bot.host.Reply`
carries its picture's description in ``Reply.alt``; this module attaches it as
``discord.File(description=…)`` (Discord allows up to :data:`MAX_ALT` characters).
"""

from __future__ import annotations

import io
import logging

import discord

from bot.words import _

log = logging.getLogger(__name__)

#: Discord's attachment limit without boosts is 10 MiB; stay well under it.
MAX_UPLOAD = 8 * 1024 * 1024
#: Discord accepts attachment descriptions (alt text) up to 1024 characters.
MAX_ALT = 1024


def trim_alt(alt: str | None, limit: int = MAX_ALT) -> str:
    """``alt`` cut to Discord's description limit (on a word boundary, with an ellipsis)."""
    text = " ".join(str(alt or "").split())
    if len(text) <= limit:
        return text
    cut = text[: limit - 1]
    space = cut.rfind(" ")
    if space > limit // 2:
        cut = cut[:space]
    return cut.rstrip(" ,;:") + "…"


def board_file(png: bytes | None, alt: str, filename: str = "board.png") -> discord.File | None:
    """A ``discord.File`` for a board picture with ``alt`` as its description (``None`` if unusable).

    Without ``alt`` the description is "Game board" in the current language.
    """
    if not png:
        return None
    if len(png) > MAX_UPLOAD:
        log.warning("board picture of %d bytes is over the upload budget; sent without it", len(png))
        return None
    return discord.File(io.BytesIO(png), filename=filename, description=trim_alt(alt or _("Game board")))
