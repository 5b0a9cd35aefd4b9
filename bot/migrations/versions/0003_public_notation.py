"""The public form of each log entry (hidden information).

A game may give an action a public notation (``Game.public_notation``): a hidden chance outcome,
such as a drawn order card, is logged in full for replay but shown as its public form in
``/game log`` and in exports of running games. ``NULL`` means the notation itself is public.

Revision ID: 0003
Revises: 0002
Create Date: 2026-11-21
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = '0003'
down_revision = '0002'
branch_labels = None
depends_on = None


def upgrade() -> None:
    # A nullable column: a plain ALTER TABLE … ADD COLUMN, also on SQLite (no table rebuild).
    op.add_column('move', sa.Column('public', sa.Text(), nullable=True))


def downgrade() -> None:
    bind = op.get_bind()
    if bind.dialect.name == "sqlite":
        # In place (SQLite >= 3.35); never a batch rebuild of a table others reference.
        op.execute("ALTER TABLE move DROP COLUMN public")
    else:
        op.drop_column('move', 'public')
