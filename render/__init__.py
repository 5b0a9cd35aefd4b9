"""Pictures of game views: ``view -> PNG bytes`` (DESIGN.md, "Rendering").

:func:`render` and :func:`alt_text` dispatch on the game name to the game's picture package: the
module its :class:`~engine.core.capabilities.Pictures` capability names (``render/<game>/`` for the
shipped games), loaded and checked by :func:`render.core.package.picture_package` against
:class:`~render.core.package.PicturePackage`, so no game is named here; the signature matches
``bot.host.Renderer``. No Discord, no I/O: pure functions of the view.

Three pictures per game (docs/rendering.md):

* the **board** (``render(view)``, ``alt_text(view)``): every detail, opened on demand;
* the **turn picture** (:func:`turn`): the few facts a player needs after a move, legible at
  Discord's inline size — from the package's ``turn_card(view, last) -> TurnCard``;
* the **final-score picture** (:func:`final`): the scoring breakdown — from the package's
  ``final_card(view) -> ScoreCard``.

:data:`PICTURES` bundles the three for :class:`bot.host.Host`.

Pictures and alt texts speak the current language (:func:`engine.core.i18n.current`): callers
draw inside ``with language(lang):`` (the hosts do), or pass ``lang`` to these functions.
"""

from __future__ import annotations

from collections.abc import Sequence
from contextlib import nullcontext
from typing import Any

from engine.core.i18n import language
from render.core.cards import alt_scores, alt_turn, draw_scores, draw_turn
from render.core.draw import KEY_COLOURS, palette_png
from render.core.package import PicturePackage, picture_package

#: Colours and deflate level of the turn and final-score pictures (docs/rendering.md).
CARD_COLOURS = 64
CARD_COMPRESS = 3


def _module(game: str) -> PicturePackage:
    found = picture_package(game)
    if found is None:
        raise ValueError(f"no renderer for game {game!r}")
    return found


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


def turn_of(module: PicturePackage, view: dict[str, Any], last: dict[str, Any] | None = None) -> tuple[bytes, str]:
    """The turn picture ``(png, alt)`` drawn by a picture package (its ``turn_card``) in the
    current language."""
    card = module.turn_card(view, last)
    keep = (*module.KEY_RGB, *KEY_COLOURS)
    return palette_png(draw_turn(card).image, colours=CARD_COLOURS, compress_level=CARD_COMPRESS, keep=keep), alt_turn(card)


def final_of(module: PicturePackage, view: dict[str, Any]) -> tuple[bytes, str]:
    """The final-score picture ``(png, alt)`` drawn by a picture package (its ``final_card``) in
    the current language."""
    card = module.final_card(view)
    keep = (*module.KEY_RGB, *KEY_COLOURS)
    return (palette_png(draw_scores(card).image, colours=CARD_COLOURS, compress_level=CARD_COMPRESS, keep=keep),
            alt_scores(card))


def story(game: str, view: dict[str, Any], told: Any, *, names: Sequence[str], title: str,
          marks: Sequence[str], lang: str | None = None) -> tuple[bytes, str] | None:
    """``(png, alt text)`` of the story chart of a finished game (:mod:`render.core.story_chart`):
    ``view`` is the final spectator view (for the players' colours), ``told`` the
    :class:`engine.core.story.Story`, ``names`` the seats' names, ``title`` and ``marks`` (the
    turning points' lines) already in the reader's language; ``None`` without a renderer. The
    players' colours come from the package's ``seat_colours(view)``."""
    if not has_renderer(game):
        return None
    from render.core.story_chart import StorySeat, story_alt, story_png

    module = _module(game)
    with _in(lang):
        rgb = module.seat_colours(view)
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
    """True when a picture can be drawn for ``game``: a registered game that declares a picture
    package (:class:`~engine.core.capabilities.Pictures`). A declared package that does not import
    or misses a member raises (``ImportError``, ``TypeError``): a broken picture is never silent."""
    return picture_package(game) is not None
