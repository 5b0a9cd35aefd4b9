"""Pictures of Nippon: Zaibatsu: the board (``render(view) -> PNG bytes``, ``alt_text(view) -> str``)
and the facts of the two chat pictures that :mod:`render.core.cards` draws: ``turn_card(view, last)``
(after every move: who acts and on what, the last move and the part of the board it touched, drawn
large, the scores and the acting player's resources) and ``final_card(view)`` (the final scoring
step by step).

The input is the JSON-ready dict of ``engine.zaibatsu.GAME.view(state, seat)``; component data
(hiring actions, region bonuses, printed market values, demand tiles, train-slot bonuses, tracks,
period values) comes from :func:`engine.zaibatsu.tables.tables`. The picture is our own schematic
drawing, :data:`WIDTH` pixels wide, top to bottom:

* header — round, period, and whose decision it is with the prompt;
* hiring spaces (actions + workers) · waiting rows · round track with period VP values and the bag;
* Iwakura mission destinations (expert, upgrade tiles left, ship slots);
* the four regions (two local markets each with goods, printed values and tokens; train slots
  with bonuses, unavailable slots greyed; region bonus; influence per player and foreign);
* start-tile pairs (only while they are drafted) and the factory display;
* the common goals (Common Goals module only);
* one panel per player (and Takatoshi's in a solo game); a legend line.

Every word is drawn in the current language (:func:`engine.core.i18n.current`, set by the caller
with ``with language(lang):``): labels through the ``zaibatsu`` domain (``_``/``_n``/``_t``), data
names through their terms, engine texts found in the view through :func:`engine.core.i18n.tr`.
Bounded labels are fitted to their box (condensed, smaller, and only then cut, see
:mod:`render.core.draw`), so a long German or Russian word never runs over its neighbour.

Everything that does not depend on the view (frames, labels, track scales …) is drawn once per
shape and language into a cached static layer; a render copies it and draws the pieces and numbers.
The board's texts keep three levels of anti-aliasing (``Canvas(text_alpha_steps=…)``) and the board is sent as
a 256-colour palette PNG: about 125 kB for 4 players instead of 400 kB.

The package holds one module per part, each importing only those before it:
:mod:`~render.zaibatsu.labels` (words, view facts, the alt text) · :mod:`~render.zaibatsu.layout`
(geometry and the static layer) · :mod:`~render.zaibatsu.board` (the board: ``render``,
``render_image``) · :mod:`~render.zaibatsu.focus` (the turn picture's drawing of what a move
touched) · :mod:`~render.zaibatsu.turn` (``turn_card``) · :mod:`~render.zaibatsu.final`
(``final_card``). This module re-exports what the rest of the project uses.
"""

from __future__ import annotations

from typing import Any

from .board import BOARD_COLOURS, PNG_COMPRESS_LEVEL, clear_cache, render, render_image
from .colours import KEY_RGB, PLAYER_RGB, WORKER_RGB, player_colour
from .final import final_card
from .focus import FOCUS_TEXT
from .labels import (
    EFFECT_SHORT,
    _period_awards,
    _seat_colour,
    _seats,
    alt_text,
    effect_label,
    player_name,
    short_effect,
)
from .layout import (
    GOODS_TINT,
    TITLE_H,
    TRACK_CELL_W,
    TRACK_LABEL_W,
    WIDTH,
    Shape,
    _per_goods,
    _player_geometry,
    layout_for,
)
from .turn import CARD_ASPECT, turn_card

__all__ = ["KEY_RGB", "BOARD_COLOURS", "CARD_ASPECT", "EFFECT_SHORT", "FOCUS_TEXT", "GOODS_TINT",
           "PLAYER_RGB", "PNG_COMPRESS_LEVEL", "Shape", "TITLE_H", "TRACK_CELL_W", "TRACK_LABEL_W", "WIDTH", "WORKER_RGB",
           "_per_goods", "_period_awards", "_player_geometry", "_seat_colour", "_seats", "alt_text",
           "clear_cache", "effect_label", "final_card", "layout_for", "player_name", "render",
           "render_image", "short_effect", "turn_card"]


def seat_colours(view: dict[str, Any]) -> list[tuple[int, int, int]]:
    """The drawing colour (RGB) of every player in ``view``, by seat: the story chart's lines
    (:func:`render.story`)."""
    return [player_colour(str(p.get("colour", ""))) for p in view.get("players", [])]
