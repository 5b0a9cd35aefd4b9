"""Bot seats and the take-over timeout.

``seat`` gains ``bot_level`` (``greedy`` or ``search``): a seat with a level is played by a bot —
a bot added before the start (its ``user_id`` starts with ``bot:``), or a player's seat taken over
after the table's timeout (the player's own ``user_id`` stays; ``/game return`` clears the level).
``game_table`` gains ``timeout_hours``: after that long without a move the waiting player is
reminded, after twice that long a bot takes the seat over. ``NULL`` means no bot and no timeout.

Revision ID: 0005
Revises: 0004
Create Date: 2026-11-27
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = '0005'
down_revision = '0004'
branch_labels = None
depends_on = None


def upgrade() -> None:
    # Nullable columns: plain ALTER TABLE … ADD COLUMN, also on SQLite (no table rebuild).
    op.add_column('seat', sa.Column('bot_level', sa.String(length=16), nullable=True))
    op.add_column('game_table', sa.Column('timeout_hours', sa.Integer(), nullable=True))


def downgrade() -> None:
    bind = op.get_bind()
    if bind.dialect.name == "sqlite":
        # In place (SQLite >= 3.35); never a batch rebuild: with foreign keys on, dropping the old
        # copy of game_table would cascade-delete every seat, move and snapshot.
        op.execute("ALTER TABLE game_table DROP COLUMN timeout_hours")
        op.execute("ALTER TABLE seat DROP COLUMN bot_level")
    else:
        op.drop_column('game_table', 'timeout_hours')
        op.drop_column('seat', 'bot_level')
