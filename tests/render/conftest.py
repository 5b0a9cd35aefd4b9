"""Fixtures for the render tests: positions of fixed-seed random games, fonts and drawn texts."""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

# This directory is called "render" like the package under test; without an __init__.py pytest
# puts this directory (not tests/) on sys.path, and the project root must be importable so that
# the regular package ``render`` wins over this directory as a namespace portion.
_ROOT = str(Path(__file__).resolve().parents[2])
if _ROOT not in sys.path:
    sys.path.append(_ROOT)

import pytest  # noqa: E402
from PIL import Image  # noqa: E402
from zaibatsu_positions import play  # noqa: E402

from render import nippon, zaibatsu  # noqa: E402
from render.core import draw, fonts  # noqa: E402


def _clear_pictures() -> None:
    for renderer in (zaibatsu, nippon):
        renderer.clear_cache()


@pytest.fixture
def no_fonts(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """No system font can be found (every render falls back to Pillow's default font)."""
    _clear_pictures()
    monkeypatch.setattr(fonts, "find_font_file", lambda name: None)
    yield
    monkeypatch.undo()
    _clear_pictures()


def _spy_on_texts(monkeypatch: pytest.MonkeyPatch, record: Callable[[str, int], None]) -> Iterator[None]:
    """Call ``record(text, size)`` for every text drawn meanwhile (static layers redrawn)."""
    real = draw._text_sprite.__wrapped__

    def spy(text: str, size: int, style: str, fill: Any, *rest: Any) -> Image.Image:
        record(text, size)
        return real(text, size, style, fill, *rest)

    _clear_pictures()
    monkeypatch.setattr(draw, "_text_sprite", spy)
    yield
    monkeypatch.undo()
    _clear_pictures()


@pytest.fixture
def drawn_texts(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[str]]:
    """Every text drawn by the renders inside the test (static layers redrawn)."""
    texts: list[str] = []
    for _ in _spy_on_texts(monkeypatch, lambda text, size: texts.append(text)):
        yield texts


@pytest.fixture
def drawn_sizes(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[int]]:
    """The size of every text drawn by the renders inside the test (static layers redrawn)."""
    sizes: list[int] = []
    for _ in _spy_on_texts(monkeypatch, lambda text, size: sizes.append(size)):
        yield sizes


@pytest.fixture(scope="session")
def mid4() -> dict[str, Any]:
    """A 4-player game in round 3 (seed 7, 300 plies), seen by seat 0."""
    return play(4, 7, 300, viewer=0)


@pytest.fixture(scope="session")
def mid2() -> dict[str, Any]:
    """A 2-player game in round 5 (seed 3, 250 plies)."""
    return play(2, 3, 250)


@pytest.fixture(scope="session")
def draft4() -> dict[str, Any]:
    """A 4-player game while the start-tile pairs are drafted."""
    return play(4, 11, 1)


@pytest.fixture(scope="session")
def over3() -> dict[str, Any]:
    """A finished 3-player game (seed 5)."""
    return play(3, 5, 100_000)


@pytest.fixture(scope="session")
def solo() -> dict[str, Any]:
    """A solo game against Takatoshi in round 3 (seed 5, 150 plies)."""
    return play({"players": 1}, 5, 150, viewer=0)


@pytest.fixture(scope="session")
def modules4() -> dict[str, Any]:
    """A 4-player game with the Modern Factories and Common Goals modules (seed 5, 200 plies)."""
    return play({"players": 4, "modules": ["modern_factories", "common_goals"]}, 5, 200)
