"""Fixtures for the render tests: positions of fixed-seed random games."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

# This directory is called "render" like the package under test; without an __init__.py pytest
# puts this directory (not tests/) on sys.path, and the project root must be importable so that
# the regular package ``render`` wins over this directory as a namespace portion.
_ROOT = str(Path(__file__).resolve().parents[2])
if _ROOT not in sys.path:
    sys.path.append(_ROOT)

import pytest  # noqa: E402
from zaibatsu_positions import play  # noqa: E402


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
