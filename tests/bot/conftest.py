"""Fixtures for the hosting tests: the test-only dice race game and in-memory stores."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path

# This directory is called "bot" like the package under test. If pytest puts tests/ on sys.path
# (it does for test packages with an __init__.py) and the project root is not on it (an
# installed-package run), "import bot" could resolve to this directory as a namespace package.
# A regular package anywhere on sys.path wins over a namespace portion, so make sure the root is.
_ROOT = str(Path(__file__).resolve().parents[2])
if _ROOT not in sys.path:
    sys.path.append(_ROOT)

import pytest  # noqa: E402
from fakegame import GAME  # noqa: E402

from bot.app import compose  # noqa: E402
from bot.host import Host  # noqa: E402
from bot.store import Store  # noqa: E402
from engine.core import register  # noqa: E402

register(GAME)


@pytest.fixture
def store(db_backend: str, request: pytest.FixtureRequest) -> Iterator[Store]:
    """A fresh database: in-memory SQLite, or (in ``all_databases`` modules) also PostgreSQL."""
    if db_backend == "sqlite":
        s = Store("sqlite://")
        s.create_all()
    else:
        s = Store.open(request.getfixturevalue("db_url"))
    yield s
    s.dispose()


@pytest.fixture
def host(store: Store) -> Host:
    """A host over the in-memory store, built by the production composition with pictures off."""
    return compose(store=store, pictures=False).host
