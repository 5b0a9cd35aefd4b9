"""Fixtures shared by the language tests."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from bot.host import Host
from bot.store import Store


@pytest.fixture
def store() -> Iterator[Store]:
    """A fresh in-memory database."""
    s = Store("sqlite://")
    s.create_all()
    yield s
    s.dispose()


@pytest.fixture
def host(store: Store) -> Host:
    """A host over the in-memory store, without pictures."""
    return Host(store)
