"""Renderer doubles: they implement :class:`bot.host.Renderer` (board, turn, final, story) like the
production :class:`render.Pictures`, and say so in their names. Hosts are built over them with the
production composition (:func:`bot.app.compose` with ``renderer=``)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from bot.app import App, compose
from bot.host import Picture, Renderer
from bot.store import Store
from engine.core.story import Story

#: A tiny valid PNG (1×1, opaque): what the double draws.
PNG = (
    b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\x00\x00\x00\x01\x00\x00\x00\x01\x08\x02\x00\x00\x00\x90wS\xde"
    b"\x00\x00\x00\x0cIDATx\x9cc\xf8\xff\xff?\x00\x05\xfe\x02\xfe\xa7\x9a\xa0\xbd\x00\x00\x00\x00IEND\xaeB`\x82"
)


class FixedPictureRendererDouble:
    """Every picture is ``png`` with the alt text ``alt(kind, view)`` (default: ``"the board"``);
    ``calls`` records ``(kind, game)`` of each drawing."""

    def __init__(self, png: bytes = PNG, alt: str | Callable[[str, dict[str, Any]], str] = "the board") -> None:
        self.png = png
        self._alt = alt
        self.calls: list[tuple[str, str]] = []

    def _draw(self, kind: str, game: str, view: dict[str, Any]) -> Picture:
        self.calls.append((kind, game))
        alt = self._alt(kind, view) if callable(self._alt) else self._alt
        return self.png, alt

    def board(self, game: str, view: dict[str, Any]) -> Picture:
        """The fixed picture (kind ``board``)."""
        return self._draw("board", game, view)

    def turn(self, game: str, view: dict[str, Any], last: dict[str, Any] | None = None) -> Picture:
        """The fixed picture (kind ``turn``)."""
        return self._draw("turn", game, view)

    def final(self, game: str, view: dict[str, Any]) -> Picture:
        """The fixed picture (kind ``final``)."""
        return self._draw("final", game, view)

    def story(self, game: str, view: dict[str, Any], told: Story, *, names: Sequence[str], title: str,
              marks: Sequence[str]) -> Picture:
        """The fixed picture (kind ``story``)."""
        return self._draw("story", game, view)


class FunctionRendererDouble:
    """Every picture (board, turn, final, story) is ``draw(game, view)``: PNG bytes, ``(png, alt)``
    or ``None`` (bytes alone get an empty alt text, which the host treats as none)."""

    def __init__(self, draw: Callable[[str, dict[str, Any]], Any]) -> None:
        self.draw = draw

    def _call(self, game: str, view: dict[str, Any]) -> Picture:
        out = self.draw(game, view)
        if out is None or isinstance(out, tuple):
            return out  # type: ignore[no-any-return]
        return bytes(out), ""

    def board(self, game: str, view: dict[str, Any]) -> Picture:
        """``draw(game, view)``."""
        return self._call(game, view)

    def turn(self, game: str, view: dict[str, Any], last: dict[str, Any] | None = None) -> Picture:
        """``draw(game, view)``."""
        return self._call(game, view)

    def final(self, game: str, view: dict[str, Any]) -> Picture:
        """``draw(game, view)``."""
        return self._call(game, view)

    def story(self, game: str, view: dict[str, Any], told: Story, *, names: Sequence[str], title: str,
              marks: Sequence[str]) -> Picture:
        """``draw(game, view)``."""
        return self._call(game, view)


def composed(store: Store, renderer: Renderer | None = None, **kwargs: Any) -> App:
    """The production composition over ``store`` (the production renderer unless a double is given)."""
    return compose(store=store, renderer=renderer, **kwargs)
