"""Alembic environment for Meiji Table (configuration is built in code by ``bot.store.Store``).

``Store.migrate()`` passes its own open connection in ``config.attributes["connection"]``; run
from the alembic command line instead, the URL comes from ``sqlalchemy.url`` or ``DATABASE_URL``.
Batch mode is on so that SQLite can alter tables.
"""

from __future__ import annotations

import os

from alembic import context
from sqlalchemy import Connection

from bot.store import DEFAULT_DATABASE_URL, make_engine, metadata

config = context.config
target_metadata = metadata


def _configure(connection: Connection) -> None:
    context.configure(
        connection=connection,
        target_metadata=target_metadata,
        render_as_batch=True,
        compare_type=True,
    )


def run_migrations_offline() -> None:
    """Emit SQL to stdout instead of running it."""
    url = config.get_main_option("sqlalchemy.url") or os.environ.get("DATABASE_URL") or DEFAULT_DATABASE_URL
    context.configure(
        url=url,
        target_metadata=target_metadata,
        literal_binds=True,
        render_as_batch=True,
        dialect_opts={"paramstyle": "named"},
    )
    with context.begin_transaction():
        context.run_migrations()


def run_migrations_online() -> None:
    """Run against the connection handed over by the store, or a fresh engine."""
    connection = config.attributes.get("connection")
    if connection is not None:
        _configure(connection)
        with context.begin_transaction():
            context.run_migrations()
        return
    url = config.get_main_option("sqlalchemy.url") or os.environ.get("DATABASE_URL") or DEFAULT_DATABASE_URL
    engine = make_engine(url)
    try:
        with engine.begin() as conn:
            _configure(conn)
            with context.begin_transaction():
                context.run_migrations()
    finally:
        engine.dispose()


if context.is_offline_mode():
    run_migrations_offline()
else:
    run_migrations_online()
