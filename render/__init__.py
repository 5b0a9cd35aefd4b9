"""Pictures of game views: ``view -> PNG bytes`` (DESIGN.md, "Rendering").

:func:`render` and :func:`alt_text` dispatch on the game name to ``render/<game>.py`` (found by
name, so no game is named here); the signature matches ``bot.host.Renderer``. No Discord, no
I/O: pure functions of the view.

Pictures and alt texts speak the current language (:func:`engine.core.i18n.current`): callers
draw inside ``with language(lang):`` (the hosts do), or pass ``lang`` to these functions.
"""

from __future__ import annotations

import importlib
import importlib.util
import re
from contextlib import nullcontext
from types import ModuleType
from typing import Any

from engine.core.i18n import language

#: Modules of this package that are drawing tools, not games.
_NOT_GAMES = frozenset({"core"})


def _module_name(game: str) -> str | None:
    """``render.<game>`` when that module exists (game names are identifiers), else ``None``."""
    if not re.fullmatch(r"[a-z][a-z0-9_]*", str(game)) or game in _NOT_GAMES:
        return None
    name = f"{__name__}.{game}"
    return name if importlib.util.find_spec(name) is not None else None


def _module(game: str) -> ModuleType:
    name = _module_name(game)
    if name is None:
        raise ValueError(f"no renderer for game {game!r}")
    return importlib.import_module(name)


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
    """True when a picture can be drawn for ``game`` (``render/<game>.py`` exists)."""
    return _module_name(game) is not None
