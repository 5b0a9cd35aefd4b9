"""Pictures of Nippon (2015): the board (``render(view) -> PNG bytes``, ``alt_text(view) -> str``)
and the facts of the turn and final-score pictures (``turn_card``, ``final_card``).

The input is the JSON-ready dict of ``engine.nippon.GAME.view(state, seat)``; component data
(actions per action space, scoring track, region bonuses, printed foreign numbers, city tiles,
factory tiles, tracks, stars, money icons, contracts, achievements) comes from
:func:`engine.nippon.tables.tables`. The picture is our own schematic drawing, :data:`WIDTH` pixels
wide, top to bottom:

* header — scoring-track position (or final turns, game over) and whose decision it is, with the
  prompt (the result once the game is over);
* the five action spaces (actions offered, workers) · the worker rows (▶ = the row that refills
  the next empty action space) · the scoring track (marker, scoring symbols, golden spaces, VP per
  place of each scoring) and the bag;
* the four regions: title with the region bonus and the foreign companies' influence; influence per
  player; both cities with their four influence spaces N, E, S, W top to bottom (the good the city
  tile demands there, tinted by goods level; the printed foreign number while the space is empty,
  else the owner's tile ``Pu5``); the train/ship spaces with their pieces (hull = ship with its
  VP, wagon = train with its +influence);
* the factory display (per good: knowledge needed, coal per production; each tile's bonus, built
  tiles greyed with their owner) · the Emperor's reward area (12 stacks, 2x VP tiles left) and
  the influence-value table;
* one panel per player: VP, money, coal, blueprints, stored machines, wages; money/coal/knowledge
  tracks (gold = star space) with the marker; ships and trains left on the board (stars and money
  icons of the emptied spaces); a factory per good (tile, machine, goods stored n/4); workers on the
  6 worker spaces (reward levels printed); contracts (grey, struck through = fulfilled); influence
  tiles left; the 9 achievement spaces with their tiles (VP scored once the game is over);
* the contract and achievement reference (identical for every player; with 3 players beside the
  last player panel) and a legend.

Every word is drawn in the current language (:func:`engine.core.i18n.current`, set by the caller
with ``with language(lang):``) through the ``nippon`` message domain (``_``/``_n``/``_t``); data
names through their terms; engine prompts of the view through :func:`engine.core.i18n.tr`. Bounded
labels are fitted to their box (condensed, smaller, only then cut; see :mod:`render.core.draw`).
Everything that does not depend on the view is drawn once per player count, colours and language
into a cached static layer; a render copies it and draws pieces and numbers. The board is written as
a palette PNG with three levels of text anti-aliasing (:data:`.layout.TEXT_ALPHA_STEPS`), about
130 kB.

The chat pictures (:mod:`render.core.cards` lays them out): :func:`turn_card` — the player to act
and their decision, every player's VP, the last move with its telling events
(:func:`.turn.event_lines`), the acting player's budget and a large drawing of what the move touched
(:func:`touched`: the action spaces, a player's tracks, factories, contracts or achievement spaces,
a region's train/ship spaces or cities, the reward area, a consolidation's three steps, a scoring's
VP per region, the scoring track), outlined; :func:`final_card` — a row per step of the final
scoring (:func:`.final.final_rows`), the winner and the tie-break.

The package holds one module per part, each importing only those before it:
:mod:`~render.nippon.labels` (words, view facts, the alt text) · :mod:`~render.nippon.layout`
(geometry, pieces and the static layer) · :mod:`~render.nippon.board` (the board: ``render``,
``render_image``) · :mod:`~render.nippon.touch` (what a move touched) ·
:mod:`~render.nippon.focus` (its drawing) · :mod:`~render.nippon.turn` (``turn_card``) ·
:mod:`~render.nippon.final` (``final_card``). This module re-exports what the rest of the project
uses.
"""

from __future__ import annotations

from typing import Any

from .board import PNG_COLOURS, PNG_COMPRESS_LEVEL, clear_cache, render, render_image
from .colours import KEY_RGB, PLAYER_RGB, WORKER_RGB
from .final import final_card
from .focus import FOCUS_TEXT
from .labels import (
    ACHIEVEMENT_LABEL,
    ACHIEVEMENT_SHORT,
    ACTION_SHORT,
    ALT_TEXT_LIMIT,
    BONUS_SHORT,
    GOODS_SHORT,
    _random_event,
    alt_text,
    player_name,
    result_line,
)
from .layout import (
    LEVEL_TINT,
    PLAYER_LETTERS,
    SIDES,
    TRACK_CELL_W,
    TRACK_LABEL_W,
    WIDTH,
    Shape,
    _transport_sprite,
    layout_for,
    player_rgb,
)
from .touch import Touch, touched
from .turn import chip, turn_card

__all__ = ["KEY_RGB", "ACHIEVEMENT_LABEL", "ACHIEVEMENT_SHORT", "ACTION_SHORT", "ALT_TEXT_LIMIT", "BONUS_SHORT", "FOCUS_TEXT",
           "GOODS_SHORT", "LEVEL_TINT", "PLAYER_LETTERS", "PLAYER_RGB", "PNG_COLOURS",
           "PNG_COMPRESS_LEVEL", "SIDES", "Shape", "TRACK_CELL_W", "TRACK_LABEL_W", "Touch",
           "WIDTH", "WORKER_RGB", "_random_event", "_transport_sprite", "alt_text", "chip", "clear_cache",
           "final_card", "layout_for", "player_name", "player_rgb", "render", "render_image",
           "result_line", "touched", "turn_card"]


def seat_colours(view: dict[str, Any]) -> list[tuple[int, int, int]]:
    """The drawing colour (RGB) of every player in ``view``, by seat: the story chart's lines
    (:func:`render.story`)."""
    from .layout import player_rgb

    return [player_rgb(str(p.get("colour", ""))) for p in view.get("players", [])]
