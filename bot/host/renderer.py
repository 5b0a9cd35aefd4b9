"""The renderer the host draws with: one Protocol, one production implementation (:class:`render.Pictures`).

Every picture the host posts comes from an object of this shape, handed to :class:`bot.host.Host`
by the composition root (:func:`bot.app.compose`). Each method returns ``(png, alt_text)`` — PNG
bytes and a one-paragraph description in the current language (:func:`engine.core.i18n.current`)
— or ``None`` when no picture can be drawn for that game. A failing method raises; the host logs
it and sends its reply without the picture. Test doubles implement this same Protocol and are
named as doubles.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol, runtime_checkable

from engine.core.story import Story

#: ``(png, alt_text)`` of one picture, or ``None`` (no renderer for that game).
Picture = tuple[bytes, str] | None


@runtime_checkable
class Renderer(Protocol):
    """What the host draws: the board, the turn picture, the final-score picture, the story chart."""

    def board(self, game: str, view: dict[str, Any]) -> Picture:
        """The full board of ``view`` (a game's JSON-ready view dict, spectator's or one seat's)."""
        ...

    def turn(self, game: str, view: dict[str, Any], last: dict[str, Any] | None = None) -> Picture:
        """The turn picture after the move ``last`` (``{"seat", "move", "events"}``, public events
        only; ``None`` at the start of the game)."""
        ...

    def final(self, game: str, view: dict[str, Any]) -> Picture:
        """The final-score picture of a finished game's spectator ``view``."""
        ...

    def story(self, game: str, view: dict[str, Any], told: Story, *, names: Sequence[str], title: str,
              marks: Sequence[str]) -> Picture:
        """The story chart of a finished game: ``told`` its story, ``names`` the seats' names,
        ``title`` and ``marks`` (the turning points' lines) already in the reader's language."""
        ...
