"""Pictures of game views: ``view -> PNG bytes`` (DESIGN.md, "Rendering").

:func:`render` and :func:`alt_text` dispatch on the game name to ``render/<game>.py``; the
signature matches ``bot.host.Renderer``. No Discord, no I/O: pure functions of the view.

Pictures and alt texts speak the current language (:func:`engine.core.i18n.current`): callers
draw inside ``with language(lang):`` (the hosts do), or pass ``lang`` to these functions.
"""

from __future__ import annotations

import importlib
from contextlib import nullcontext
from types import ModuleType
from typing import Any

from engine.core.i18n import language

#: Game name -> module under ``render`` that draws it.
RENDERERS: dict[str, str] = {"zaibatsu": "render.zaibatsu"}


def _module(game: str) -> ModuleType:
    try:
        return importlib.import_module(RENDERERS[game])
    except KeyError:
        raise ValueError(f"no renderer for game {game!r}") from None


def _in(lang: str | None) -> Any:
    return nullcontext() if lang is None else language(lang)


def render(game: str, view: dict[str, Any], lang: str | None = None) -> bytes:
    """PNG bytes of ``view`` (a game's JSON-ready view dict) for the game called ``game``, in
    ``lang`` (default: the current language)."""
    with _in(lang):
        return _module(game).render(view)


def alt_text(game: str, view: dict[str, Any], lang: str | None = None) -> str:
    """One-paragraph text description of the picture of ``view`` (Discord file description), in
    ``lang`` (default: the current language)."""
    with _in(lang):
        return _module(game).alt_text(view)


def picture(game: str, view: dict[str, Any], lang: str | None = None) -> tuple[bytes, str] | None:
    """``(png, alt text)`` of ``view`` in ``lang`` (default: the current language), or ``None``
    for a game without a renderer.

    Matches ``bot.host.Renderer``: hosts pass this function as their render callback.
    """
    if not has_renderer(game):
        return None
    return render(game, view, lang), alt_text(game, view, lang)


def has_renderer(game: str) -> bool:
    """True when a picture can be drawn for ``game``."""
    return game in RENDERERS
