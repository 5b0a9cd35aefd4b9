"""Reminder bookkeeping (reminder_state) and each table's latest public board message.

Reminders used to be recorded as ``system`` entries of the move log; from this revision they are
counted in ``reminder_state`` (old entries stay in the log and are shown, but no longer counted).
``game_table`` gains ``board_message_id`` and ``board_url`` so a front end can link to a running
game after a restart.

Revision ID: 0002
Revises: 0001
Create Date: 2026-11-21
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = '0002'
down_revision = '0001'
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table('reminder_state',
    sa.Column('table_id', sa.Integer(), nullable=False),
    sa.Column('last_seq', sa.Integer(), nullable=False),
    sa.Column('sent', sa.Integer(), nullable=False),
    sa.Column('sent_at', sa.DateTime(timezone=True), nullable=False),
    sa.ForeignKeyConstraint(['table_id'], ['game_table.id'], ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('table_id')
    )
    # Batch mode; adding nullable columns is a plain ALTER TABLE … ADD COLUMN even on SQLite (the
    # table is not recreated, so no row of a referencing table is touched).
    with op.batch_alter_table('game_table', schema=None) as batch_op:
        batch_op.add_column(sa.Column('board_message_id', sa.String(length=100), nullable=True))
        batch_op.add_column(sa.Column('board_url', sa.String(length=300), nullable=True))


def downgrade() -> None:
    bind = op.get_bind()
    if bind.dialect.name == "sqlite":
        # Never let batch mode recreate game_table here: with foreign keys on, dropping the old
        # copy would cascade-delete every seat, move and snapshot. SQLite >= 3.35 drops a plain
        # column in place.
        op.execute("ALTER TABLE game_table DROP COLUMN board_url")
        op.execute("ALTER TABLE game_table DROP COLUMN board_message_id")
    else:
        op.drop_column('game_table', 'board_url')
        op.drop_column('game_table', 'board_message_id')
    op.drop_table('reminder_state')
