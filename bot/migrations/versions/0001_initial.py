"""Initial schema: game_table, seat, move (append-only log), snapshot.

Revision ID: 0001
Revises:
Create Date: 2026-11-21
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = '0001'
down_revision = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table('game_table',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('channel', sa.String(length=100), nullable=False),
    sa.Column('guild', sa.String(length=100), nullable=True),
    sa.Column('game', sa.String(length=40), nullable=False),
    sa.Column('options', sa.JSON(), nullable=False),
    sa.Column('seed', sa.BigInteger(), nullable=True),
    sa.Column('status', sa.String(length=16), nullable=False),
    sa.Column('version', sa.Integer(), nullable=False),
    sa.Column('engine_version', sa.String(length=40), nullable=False),
    sa.Column('creator', sa.String(length=100), nullable=False),
    sa.Column('created_at', sa.DateTime(timezone=True), nullable=False),
    sa.Column('updated_at', sa.DateTime(timezone=True), nullable=False),
    sa.Column('reminder_hours', sa.Integer(), nullable=True),
    sa.PrimaryKeyConstraint('id')
    )
    with op.batch_alter_table('game_table', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_game_table_channel'), ['channel'], unique=False)
        batch_op.create_index('ux_game_table_active_channel', ['channel'], unique=True, sqlite_where=sa.text("status IN ('open', 'running')"), postgresql_where=sa.text("status IN ('open', 'running')"))

    op.create_table('move',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('table_id', sa.Integer(), nullable=False),
    sa.Column('seq', sa.Integer(), nullable=False),
    sa.Column('actor', sa.String(length=100), nullable=True),
    sa.Column('seat', sa.Integer(), nullable=True),
    sa.Column('kind', sa.String(length=16), nullable=False),
    sa.Column('notation', sa.Text(), nullable=False),
    sa.Column('created_at', sa.DateTime(timezone=True), nullable=False),
    sa.ForeignKeyConstraint(['table_id'], ['game_table.id'], ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id'),
    sa.UniqueConstraint('table_id', 'seq', name='uq_move_table_seq')
    )
    with op.batch_alter_table('move', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_move_table_id'), ['table_id'], unique=False)

    op.create_table('seat',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('table_id', sa.Integer(), nullable=False),
    sa.Column('seat', sa.Integer(), nullable=False),
    sa.Column('user_id', sa.String(length=100), nullable=False),
    sa.Column('user_name', sa.String(length=100), nullable=False),
    sa.Column('label', sa.String(length=40), nullable=True),
    sa.ForeignKeyConstraint(['table_id'], ['game_table.id'], ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id'),
    sa.UniqueConstraint('table_id', 'seat', name='uq_seat_table_seat'),
    sa.UniqueConstraint('table_id', 'user_id', name='uq_seat_table_user')
    )
    with op.batch_alter_table('seat', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_seat_table_id'), ['table_id'], unique=False)

    op.create_table('snapshot',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('table_id', sa.Integer(), nullable=False),
    sa.Column('seq', sa.Integer(), nullable=False),
    sa.Column('engine_version', sa.String(length=40), nullable=False),
    sa.Column('state', sa.Text(), nullable=False),
    sa.Column('created_at', sa.DateTime(timezone=True), nullable=False),
    sa.ForeignKeyConstraint(['table_id'], ['game_table.id'], ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id'),
    sa.UniqueConstraint('table_id', 'seq', name='uq_snapshot_table_seq')
    )
    with op.batch_alter_table('snapshot', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_snapshot_table_id'), ['table_id'], unique=False)



def downgrade() -> None:
    with op.batch_alter_table('snapshot', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_snapshot_table_id'))

    op.drop_table('snapshot')
    with op.batch_alter_table('seat', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_seat_table_id'))

    op.drop_table('seat')
    with op.batch_alter_table('move', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_move_table_id'))

    op.drop_table('move')
    with op.batch_alter_table('game_table', schema=None) as batch_op:
        batch_op.drop_index('ux_game_table_active_channel', sqlite_where=sa.text("status IN ('open', 'running')"), postgresql_where=sa.text("status IN ('open', 'running')"))
        batch_op.drop_index(batch_op.f('ix_game_table_channel'))

    op.drop_table('game_table')
