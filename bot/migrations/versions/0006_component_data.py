"""Component data per game: the digest a table started with, and the data sets by digest.

``game_table`` gains ``data_digest``: the SHA-256 of the canonical component data (tiles, spaces,
tracks, prices …) the game started with (``engine.core.components``). ``NULL`` — every table from
before this revision, and a table not started yet — means the data set the game ships as its
*legacy* data (the data of that time: for Nippon the action-space pairing before its correction).
The new ``component_data`` table keeps each data set a table used, by its SHA-256 (canonical JSON), so a
game in progress and an old replay keep their data after the shipped files or an owner's
correction (``MEIJI_DATA_DIR``) change.

Revision ID: 0006
Revises: 0005
Create Date: 2026-11-29
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = '0006'
down_revision = '0005'
branch_labels = None
depends_on = None


def upgrade() -> None:
    # A nullable column: a plain ALTER TABLE … ADD COLUMN, also on SQLite (no table rebuild).
    op.add_column('game_table', sa.Column('data_digest', sa.String(length=64), nullable=True))
    op.create_table(
        'component_data',
        sa.Column('sha256', sa.String(length=64), nullable=False),
        sa.Column('game', sa.String(length=40), nullable=False),
        sa.Column('data', sa.Text(), nullable=False),
        sa.Column('created_at', sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint('sha256'),
    )


def downgrade() -> None:
    op.drop_table('component_data')
    bind = op.get_bind()
    if bind.dialect.name == "sqlite":
        # In place (SQLite >= 3.35); never a batch rebuild of game_table: with foreign keys on,
        # dropping the old copy would cascade-delete every seat, move and snapshot.
        op.execute("ALTER TABLE game_table DROP COLUMN data_digest")
    else:
        op.drop_column('game_table', 'data_digest')
