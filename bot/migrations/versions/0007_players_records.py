"""Players' records: results of finished games, ratings per game, forgotten users.

``game_result`` gets one row per seat of every finished game (written with the final move from
now on; ``meiji records backfill`` adds the games finished before this revision, from their logs).
``player_rating`` keeps each player's (and each bot level's) openskill rating per game;
``records_forgotten`` the SHA-256 of each user who asked ``/stats forget`` (so a back-fill does not
bring their results back). Abandoned games stay recorded by their table's status only.

Revision ID: 0007
Revises: 0006
Create Date: 2026-11-28
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = '0007'
down_revision = '0006'
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        'game_result',
        sa.Column('id', sa.Integer(), nullable=False),
        sa.Column('table_id', sa.Integer(), nullable=False),
        sa.Column('seat', sa.Integer(), nullable=False),
        sa.Column('user_id', sa.String(length=100), nullable=False),
        sa.Column('name', sa.String(length=100), nullable=False),
        sa.Column('bot_level', sa.String(length=16), nullable=True),
        sa.Column('game', sa.String(length=40), nullable=False),
        sa.Column('players', sa.Integer(), nullable=False),
        sa.Column('modules', sa.JSON(), nullable=False),
        sa.Column('place', sa.Integer(), nullable=False),
        sa.Column('score', sa.Integer(), nullable=False),
        sa.Column('breakdown', sa.JSON(), nullable=False),
        sa.Column('solo', sa.JSON(), nullable=True),
        sa.Column('guild', sa.String(length=100), nullable=True),
        sa.Column('finished_at', sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(['table_id'], ['game_table.id'], ondelete='CASCADE'),
        sa.PrimaryKeyConstraint('id'),
        sa.UniqueConstraint('table_id', 'seat', name='uq_game_result_table_seat'),
    )
    op.create_index('ix_game_result_leaderboard', 'game_result',
                    ['game', 'guild', 'user_id', 'players', 'place', 'score', 'finished_at', 'name'])
    op.create_index('ix_game_result_user_game', 'game_result', ['user_id', 'game'])
    op.create_table(
        'player_rating',
        sa.Column('game', sa.String(length=40), nullable=False),
        sa.Column('player', sa.String(length=100), nullable=False),
        sa.Column('mu', sa.Float(), nullable=False),
        sa.Column('sigma', sa.Float(), nullable=False),
        sa.Column('games', sa.Integer(), nullable=False),
        sa.Column('updated_at', sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint('game', 'player'),
    )
    op.create_table(
        'records_forgotten',
        sa.Column('user_hash', sa.String(length=64), nullable=False),
        sa.Column('forgotten_at', sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint('user_hash'),
    )


def downgrade() -> None:
    op.drop_table('records_forgotten')
    op.drop_table('player_rating')
    op.drop_index('ix_game_result_user_game', table_name='game_result')
    op.drop_index('ix_game_result_leaderboard', table_name='game_result')
    op.drop_table('game_result')
