"""Pictures of game views: ``view -> PNG bytes`` (DESIGN.md, "Rendering").

:func:`render` and :func:`alt_text` dispatch on the game name to ``render/<game>.py``; the
signature matches ``bot.host.Renderer``. No Discord, no I/O: pure functions of the view.
"""

from __future__ import annotations

import importlib
from types import ModuleType
from typing import Any

#: Game name -> module under ``render`` that draws it.
RENDERERS: dict[str, str] = {"zaibatsu": "render.zaibatsu"}


def _module(game: str) -> ModuleType:
    try:
        return importlib.import_module(RENDERERS[game])
    except KeyError:
        raise ValueError(f"no renderer for game {game!r}") from None


def render(game: str, view: dict[str, Any]) -> bytes:
    """PNG bytes of ``view`` (a game's JSON-ready view dict) for the game called ``game``."""
    return _module(game).render(view)


def alt_text(game: str, view: dict[str, Any]) -> str:
    """One-paragraph text description of the picture of ``view`` (Discord file description)."""
    return _module(game).alt_text(view)


def picture(game: str, view: dict[str, Any]) -> tuple[bytes, str] | None:
    """``(png, alt text)`` of ``view``, or ``None`` for a game without a renderer.

    Matches ``bot.host.Renderer``: hosts pass this function as their render callback.
    """
    if not has_renderer(game):
        return None
    return render(game, view), alt_text(game, view)


def has_renderer(game: str) -> bool:
    """True when a picture can be drawn for ``game``."""
    return game in RENDERERS
