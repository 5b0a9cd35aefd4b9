"""Pictures of game views: ``view -> PNG bytes`` (DESIGN.md, "Rendering").

:func:`render` and :func:`alt_text` dispatch on the game name to the package ``render/<game>/``
(found by name, so no game is named here); the signature matches ``bot.host.Renderer``. No
Discord, no I/O: pure functions of the view.

Three pictures per game (docs/rendering.md):

* the **board** (``render(view)``, ``alt_text(view)``): every detail, opened on demand;
* the **turn picture** (:func:`turn`): the few facts a player needs after a move, legible at
  Discord's inline size — from the game's optional ``turn_card(view, last) -> TurnCard``;
* the **final-score picture** (:func:`final`): the scoring breakdown — from the game's optional
  ``final_card(view) -> ScoreCard``.

A game without ``turn_card``/``final_card`` gets its board instead. :data:`PICTURES` bundles the
three for :class:`bot.host.Host`.

Pictures and alt texts speak the current language (:func:`engine.core.i18n.current`): callers
draw inside ``with language(lang):`` (the hosts do), or pass ``lang`` to these functions.
"""

from __future__ import annotations

import importlib
import importlib.util
import re
from collections.abc import Sequence
from contextlib import nullcontext
from types import ModuleType
from typing import Any

from engine.core.i18n import language
from render.core.cards import alt_scores, alt_turn, draw_scores, draw_turn
from render.core.draw import palette_png

#: Colours and deflate level of the turn and final-score pictures (docs/rendering.md).
CARD_COLOURS = 64
CARD_COMPRESS = 3

#: Modules of this package that are drawing tools, not games.
_NOT_GAMES = frozenset({"core", "locale"})


def _module_name(game: str) -> str | None:
    """``render.<game>`` when that package exists (game names are identifiers), else ``None``."""
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


def turn(game: str, view: dict[str, Any], last: dict[str, Any] | None = None,
         lang: str | None = None) -> tuple[bytes, str] | None:
    """``(png, alt text)`` of the turn picture of ``view`` after the move described by ``last``
    (``{"seat": int | None, "move": public notation, "events": [{"kind", "seat", "text", "data"}]}``,
    public events only; ``None`` at the start), in ``lang``; the board when the game has no turn
    card; ``None`` without a renderer."""
    if not has_renderer(game):
        return None
    with _in(lang):
        return turn_of(_module(game), view, last)


def final(game: str, view: dict[str, Any], lang: str | None = None) -> tuple[bytes, str] | None:
    """``(png, alt text)`` of the final-score picture of a finished game's ``view`` in ``lang``;
    the board when the game has no score card; ``None`` without a renderer."""
    if not has_renderer(game):
        return None
    with _in(lang):
        return final_of(_module(game), view)


def turn_of(module: ModuleType, view: dict[str, Any], last: dict[str, Any] | None = None) -> tuple[bytes, str]:
    """The turn picture ``(png, alt)`` drawn by a picture ``module`` (its ``turn_card``; else its
    board) in the current language."""
    builder = getattr(module, "turn_card", None)
    if builder is None:
        return module.render(view), module.alt_text(view)
    card = builder(view, last)
    return palette_png(draw_turn(card).image, colours=CARD_COLOURS, compress_level=CARD_COMPRESS), alt_turn(card)


def final_of(module: ModuleType, view: dict[str, Any]) -> tuple[bytes, str]:
    """The final-score picture ``(png, alt)`` drawn by a picture ``module`` (its ``final_card``;
    else its board) in the current language."""
    builder = getattr(module, "final_card", None)
    if builder is None:
        return module.render(view), module.alt_text(view)
    card = builder(view)
    return palette_png(draw_scores(card).image, colours=CARD_COLOURS, compress_level=CARD_COMPRESS), alt_scores(card)


def story(game: str, view: dict[str, Any], told: Any, *, names: Sequence[str], title: str,
          marks: Sequence[str], lang: str | None = None) -> tuple[bytes, str] | None:
    """``(png, alt text)`` of the story chart of a finished game (:mod:`render.core.story_chart`):
    ``view`` is the final spectator view (for the players' colours), ``told`` the
    :class:`engine.core.story.Story`, ``names`` the seats' names, ``title`` and ``marks`` (the
    turning points' lines) already in the reader's language; ``None`` without a renderer. The players' colours come from the game's
    optional ``seat_colours(view)`` (default: the shared palette)."""
    if not has_renderer(game):
        return None
    from render.core import palette as pal
    from render.core.story_chart import StorySeat, story_alt, story_png

    module = _module(game)
    with _in(lang):
        colours = getattr(module, "seat_colours", None)
        players = view.get("players", [])
        rgb = colours(view) if colours else [pal.player_colour(str(p.get("colour", ""))) for p in players]
        seats = [StorySeat(names[s], rgb[s]) for s in range(told.seats)]
        return story_png(told, seats, title=title, marks=marks), story_alt(told, seats, title=title, marks=marks)


class Pictures:
    """The one renderer of every front end (it implements ``bot.host.Renderer``): :meth:`board` the
    full board, :meth:`turn` the turn picture, :meth:`final` the final-score picture and
    :meth:`story` the story chart (each ``(png, alt)`` or ``None`` for a game without pictures)."""

    def board(self, game: str, view: dict[str, Any]) -> tuple[bytes, str] | None:
        """The board picture of ``view`` in the current language."""
        return picture(game, view)

    def turn(self, game: str, view: dict[str, Any], last: dict[str, Any] | None = None) -> tuple[bytes, str] | None:
        """The turn picture (see :func:`turn`) in the current language."""
        return turn(game, view, last)

    def story(self, game: str, view: dict[str, Any], told: Any, *, names: Sequence[str], title: str,
              marks: Sequence[str]) -> tuple[bytes, str] | None:
        """The story chart of a finished game (see :func:`story`) in the current language."""
        return story(game, view, told, names=names, title=title, marks=marks)

    def final(self, game: str, view: dict[str, Any]) -> tuple[bytes, str] | None:
        """The final-score picture (see :func:`final`) in the current language."""
        return final(game, view)


#: The pictures of every game, as the hosts use them.
PICTURES = Pictures()


def has_renderer(game: str) -> bool:
    """True when a picture can be drawn for ``game`` (the package ``render/<game>/`` exists)."""
    return _module_name(game) is not None
