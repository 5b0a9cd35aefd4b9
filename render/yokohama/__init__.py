"""Pictures of Yokohama: the board (``render(view) -> PNG bytes``, ``alt_text(view) -> str``,
``summary(view) -> str``) and the chat pictures' facts (``turn_card(view, last) -> TurnCard``,
``final_card(view) -> ScoreCard``, drawn by :mod:`render.core.cards`).

The input is the JSON-ready dict of ``engine.yokohama.GAME.view(state, seat)``; component data
(building tiles' shop and trading-house rewards, 5-power tokens, technologies, orders, Church and
Customs House spaces, Laboratory surcharges, achievements) comes from
:func:`engine.yokohama.tables.tables`. The picture is our own schematic drawing, :data:`WIDTH`
pixels wide, top to bottom:

* header — the round (the final round once the end is triggered, or game over) and whose decision
  it is, with the prompt on their colour (random events in grey; the result at the end);
* the map: the area boards in the inverted-triangle brick layout of the player count (rows of
  4/3/2/1, 5/4/3/2 or 6/5/4/3 boards, each row centred under the one above), with the paths
  between adjacent boards; on each board its name, every player's assistants (circles with the
  player's letter and their count), the building tile's shop spaces (squares) and trading-house
  space (house outline) with their owner's piece or their reward, the 5-power token while it is
  there, the station token and the presidents (diamonds). The Canal is water, crossed for a fee.
  The Church and Customs House boards fill the map's lower corners: faith or imported goods per
  space, its reward and the piece on it (the 2-player neutral pieces grey ``N``);
* the Port boards (face-up orders: id, level, country, goods → reward) and the Laboratory boards
  (technologies: surcharge of the space, name, production value, country);
* the achievements in play (condition, VP for the first / later players, who has fulfilled them),
  the foreign agents left per country, the decks and (module) the reward tokens;
* one panel per player: VP, yen, goods, imported goods; pieces in hand and in the warehouse; the
  president; agents (face up / used) and free agents; technologies; symbols per country; 5-power
  tokens, achievements and reward token; fulfilled orders; orders in hand — the card faces only in
  that player's own view (``view["viewer"]``), otherwise only how many (a hand is hidden
  information; no other seat's order id is ever drawn or written); the final score breakdown once
  the game is over;
* a legend (shapes, player letters, abbreviations).

Every word is drawn in the current language (:func:`engine.core.i18n.current`, set by the caller
with ``with language(lang):``) through the ``yokohama`` message domain (``_``/``_n``/``_t``); data
names through their terms; engine prompts through :func:`engine.core.i18n.tr`. Bounded labels are
fitted to their box (condensed, smaller, only then cut; see :mod:`render.core.draw`). What does not
depend on the position (frames, titles, paths, Church and Customs spaces, legend) is drawn once per
player count, colours and language into a cached static layer. The board is saved as a palette PNG
(about 120–140 kB at 4 players late in a game).

The turn picture (:func:`turn_card`) is built from the spectator's view and the public events of
the last move only, so it never names a card of a hand: the player to act and their decision, the
last move with its most telling events, every player's VP, the acting player's yen, goods, pieces in
hand and how many orders they hold, and — drawn large, from the events' data — what the move touched
(an area board with its pieces and power, the president's way, the Church or Customs House board, a
Port or Laboratory, the order or technology taken, an achievement …). The final-score picture
(:func:`final_card`) has one row per step of the rulebook's final scoring.

The package holds one module per part, each importing only those before it:
:mod:`~render.yokohama.labels` (words, view facts, the alt text and summary) ·
:mod:`~render.yokohama.layout` (geometry, pieces and the static layers) ·
:mod:`~render.yokohama.board` (the board: ``render``, ``render_image``) ·
:mod:`~render.yokohama.focus` (the focus drawing's kit and the map's drawings) ·
:mod:`~render.yokohama.focus_panels` (the other boards' drawings) · :mod:`~render.yokohama.turn`
(``turn_card`` and what a move touched) · :mod:`~render.yokohama.final` (``final_card``). This
module re-exports what the rest of the project uses.
"""

from __future__ import annotations

from typing import Any

from .board import PNG_COLOURS, PNG_COMPRESS_LEVEL, clear_cache, clear_layers, render, render_image
from .colours import KEY_RGB, NEUTRAL_RGB, PLAYER_RGB
from .final import final_card
from .focus import FOCUS_TEXT
from .labels import (
    ALT_TEXT_LIMIT,
    AREA_NAMES,
    AREA_SHORT,
    COUNTRY_SHORT,
    ICON_SHORT,
    alt_text,
    area_title,
    player_name,
    result_line,
    status,
    summary,
    tech_name,
)
from .layout import (
    NEUTRAL_LETTER,
    PLAYER_LETTERS,
    WIDTH,
    layout_for,
    management_boards,
    player_rgb,
)
from .turn import chip, decision_text, president_path, turn_card

__all__ = ["KEY_RGB", "ALT_TEXT_LIMIT", "AREA_NAMES", "AREA_SHORT", "COUNTRY_SHORT", "FOCUS_TEXT",
           "ICON_SHORT", "NEUTRAL_LETTER", "NEUTRAL_RGB", "PLAYER_LETTERS", "PLAYER_RGB",
           "PNG_COLOURS", "PNG_COMPRESS_LEVEL", "WIDTH", "alt_text", "area_title", "chip",
           "clear_cache", "clear_layers", "decision_text", "final_card", "layout_for",
           "management_boards", "player_name", "player_rgb", "president_path", "render",
           "render_image", "result_line", "status", "summary", "tech_name", "turn_card"]


def seat_colours(view: dict[str, Any]) -> list[tuple[int, int, int]]:
    """The drawing colour (RGB) of every player in ``view``, by seat: the story chart's lines
    (:func:`render.story`)."""
    from .layout import player_rgb

    return [player_rgb(str(p.get("colour", ""))) for p in view.get("players", [])]
