"""Byte-level dumps of a store's database, to prove that a refused call changed nothing."""

from __future__ import annotations

import sqlite3

from bot.store import Store


def sql_dump(store: Store) -> list[str]:
    """Every schema statement and row of the store's SQLite database (``iterdump``), in order.

    Works for the in-memory database (one shared connection) and for files (a fresh read-only
    connection, so the host's pooled connections are not disturbed).
    """
    if store.memory:
        raw = store.engine.raw_connection()
        try:
            dbapi = raw.driver_connection
            assert isinstance(dbapi, sqlite3.Connection)
            if dbapi.in_transaction:  # pragma: no cover - the host never leaves one open
                raise AssertionError("a transaction was left open on the shared connection")
            return list(dbapi.iterdump())
        finally:
            raw.close()
    database = store.engine.url.database
    assert database, store.url
    conn = sqlite3.connect(f"file:{database}?mode=ro", uri=True)
    try:
        return list(conn.iterdump())
    finally:
        conn.close()
