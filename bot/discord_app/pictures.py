"""Board pictures for Discord: the Host's render callback plus the pictures' alt text.

The renderer of a game lives in ``render/<game>.py`` with ``render(view) -> bytes`` and
``alt_text(view) -> str``. :class:`BoardRenderer` is the callback handed to
:class:`bot.host.Host`; because the Host only passes PNG bytes back in its :class:`Reply`, the
alt text of each picture is remembered here (a small cache keyed by the PNG's digest) so the
adapter can attach it as ``discord.File(description=…)``. The cache is a convenience, never
authoritative: a missing entry only costs a generic description.
"""

from __future__ import annotations

import hashlib
import importlib
import io
import logging
import re
import threading
from collections import OrderedDict
from collections.abc import Callable
from types import ModuleType
from typing import Any

import discord

log = logging.getLogger(__name__)

#: Discord's attachment limit without boosts is 10 MiB; stay well under it.
MAX_UPLOAD = 8 * 1024 * 1024
#: Discord accepts attachment descriptions (alt text) up to 1024 characters.
MAX_ALT = 1024
_GAME_NAME = re.compile(r"^[a-z][a-z0-9_]{0,39}$")

ModuleLoader = Callable[[str], ModuleType | None]


def load_renderer(game: str) -> ModuleType | None:
    """``render.<game>`` if it exists and has ``render``; ``None`` otherwise (never raises)."""
    if not _GAME_NAME.match(game):
        return None
    try:
        module = importlib.import_module(f"render.{game}")
    except ImportError:
        return None
    except Exception:
        log.exception("the renderer module render.%s failed to import", game)
        return None
    return module if callable(getattr(module, "render", None)) else None


class BoardRenderer:
    """Render callback for :class:`bot.host.Host` that remembers each picture's alt text.

    ``BoardRenderer()(game, view)`` returns PNG bytes or ``None`` when the game has no renderer
    (the Host then sends no picture). Exceptions of the renderer propagate: the Host logs them
    and sends the move without a picture.
    """

    def __init__(self, loader: ModuleLoader = load_renderer, cache_size: int = 256) -> None:
        self._loader = loader
        self._modules: dict[str, ModuleType | None] = {}
        self._alt: OrderedDict[str, str] = OrderedDict()
        self._size = cache_size
        self._lock = threading.Lock()

    def __call__(self, game: str, view: dict[str, Any]) -> bytes | None:
        """Render ``view`` of ``game`` (runs in the Host's worker thread)."""
        module = self._module(game)
        if module is None:
            return None
        png = module.render(view)
        if not isinstance(png, bytes | bytearray) or not png:
            return None
        png = bytes(png)
        alt = None
        alt_fn = getattr(module, "alt_text", None)
        if callable(alt_fn):
            try:
                alt = str(alt_fn(view))
            except Exception:
                log.exception("alt text of the %s board failed", game)
        if alt:
            with self._lock:
                key = _digest(png)
                self._alt[key] = alt[:MAX_ALT]
                self._alt.move_to_end(key)
                while len(self._alt) > self._size:
                    self._alt.popitem(last=False)
        return png

    def alt_text(self, png: bytes) -> str | None:
        """The alt text remembered for ``png``, if any."""
        with self._lock:
            return self._alt.get(_digest(png))

    def _module(self, game: str) -> ModuleType | None:
        with self._lock:
            if game in self._modules:
                return self._modules[game]
        module = self._loader(game)
        with self._lock:
            self._modules[game] = module
        return module


def _digest(png: bytes) -> str:
    return hashlib.blake2b(png, digest_size=16).hexdigest()


def board_file(png: bytes | None, alt: str, filename: str = "board.png") -> discord.File | None:
    """A ``discord.File`` for a board picture with ``alt`` as its description (``None`` if unusable)."""
    if not png:
        return None
    if len(png) > MAX_UPLOAD:
        log.warning("board picture of %d bytes is over the upload budget; sent without it", len(png))
        return None
    return discord.File(io.BytesIO(png), filename=filename, description=(alt or "Game board")[:MAX_ALT])
