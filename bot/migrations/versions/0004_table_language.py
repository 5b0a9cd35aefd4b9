"""The language of each table's public messages.

``game_table`` gains ``language``: the code (``en``, ``pl``, ``ru``, ``de``) in which the host
writes the table's public messages, board pictures and reminders. ``NULL`` (every table from
before this revision) means the caller's language, English for reminders.

Revision ID: 0004
Revises: 0003
Create Date: 2026-11-28
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = '0004'
down_revision = '0003'
branch_labels = None
depends_on = None


def upgrade() -> None:
    # A nullable column: a plain ALTER TABLE … ADD COLUMN, also on SQLite (no table rebuild).
    op.add_column('game_table', sa.Column('language', sa.String(length=16), nullable=True))


def downgrade() -> None:
    bind = op.get_bind()
    if bind.dialect.name == "sqlite":
        # In place (SQLite >= 3.35); never a batch rebuild of game_table: with foreign keys on,
        # dropping the old copy would cascade-delete every seat, move and snapshot.
        op.execute("ALTER TABLE game_table DROP COLUMN language")
    else:
        op.drop_column('game_table', 'language')
