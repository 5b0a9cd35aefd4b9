"""Board pictures for Discord: the Host's render callback and the upload of a picture with alt text.

The renderer of a game is its picture package (the module its ``Pictures`` capability names,
checked against ``render.core.package.PicturePackage``: ``render(view) -> bytes``,
``alt_text(view) -> str``, ``turn_card``/``final_card`` for the turn and final-score pictures). :class:`BoardRenderer` is the callback handed to
:class:`bot.host.Host`; it returns ``(png, alt_text)``, so every :class:`~bot.host.Reply` carries
its picture's description in ``Reply.alt`` and the adapter attaches it as
``discord.File(description=…)`` (Discord allows up to :data:`MAX_ALT` characters).
"""

from __future__ import annotations

import io
import logging
import re
import threading
from collections.abc import Callable
from typing import Any

import discord

from bot.words import _
from render import final_of, turn_of
from render.core.package import PicturePackage, picture_package

log = logging.getLogger(__name__)

#: Discord's attachment limit without boosts is 10 MiB; stay well under it.
MAX_UPLOAD = 8 * 1024 * 1024
#: Discord accepts attachment descriptions (alt text) up to 1024 characters.
MAX_ALT = 1024
_GAME_NAME = re.compile(r"^[a-z][a-z0-9_]{0,39}$")

ModuleLoader = Callable[[str], PicturePackage | None]


def load_renderer(game: str) -> PicturePackage | None:
    """The picture package the registered game ``game`` declares; ``None`` for an unknown game, one
    without pictures or a package that fails to import or to implement its Protocol (logged;
    never raises)."""
    if not _GAME_NAME.match(game):
        return None
    try:
        module = picture_package(game)
    except Exception:
        log.exception("the picture package of %s failed to load", game)
        return None
    return module


class BoardRenderer:
    """Render callback for :class:`bot.host.Host`: ``(png, alt_text)`` of a game's view.

    ``BoardRenderer()(game, view)`` returns ``(png, alt)`` (``alt`` is ``None`` when the game's
    renderer has no ``alt_text`` or it fails) or ``None`` when the game has no renderer (the Host
    then sends no picture). Exceptions of ``render`` propagate: the Host logs them and sends the
    move without a picture.
    """

    def __init__(self, loader: ModuleLoader = load_renderer) -> None:
        self._loader = loader
        self._modules: dict[str, PicturePackage | None] = {}
        self._lock = threading.Lock()

    def __call__(self, game: str, view: dict[str, Any]) -> tuple[bytes, str | None] | None:
        """Render ``view`` of ``game`` (runs in the Host's worker thread)."""
        module = self._module(game)
        if module is None:
            return None
        png = module.render(view)
        if not isinstance(png, bytes | bytearray) or not png:
            return None
        alt = None
        try:
            alt = str(module.alt_text(view)) or None
        except Exception:
            log.exception("alt text of the %s board failed", game)
        return bytes(png), alt

    def turn(self, game: str, view: dict[str, Any], last: dict[str, Any] | None = None) -> tuple[bytes, str | None] | None:
        """The turn picture posted after a move (``render.turn``): ``(png, alt)``, the board when the
        game's renderer has no ``turn_card``, ``None`` without a renderer."""
        module = self._module(game)
        if module is None:
            return None
        return turn_of(module, view, last)

    def final(self, game: str, view: dict[str, Any]) -> tuple[bytes, str | None] | None:
        """The final-score picture posted with the result (``render.final``): ``(png, alt)``, the
        board when the game's renderer has no ``final_card``, ``None`` without a renderer."""
        module = self._module(game)
        if module is None:
            return None
        return final_of(module, view)

    def _module(self, game: str) -> PicturePackage | None:
        with self._lock:
            if game in self._modules:
                return self._modules[game]
        module = self._loader(game)
        with self._lock:
            self._modules[game] = module
        return module


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
