"""The tables of players' records (revision 0007), on the store's SQLModel metadata.

``game_result`` holds one row per seat of every finished game; ``player_rating`` one row per
(game, player) with the openskill rating; ``records_forgotten`` the SHA-256 of every user who
asked to be forgotten (with the time), so a later back-fill does not bring their old results back.
Abandoned games are never here: the table's status (``abandoned``) records them.

Imports nothing from :mod:`bot.store` (the store imports this module to register the tables).
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import JSON, Column, DateTime, Float, ForeignKey, Index, Integer, String, UniqueConstraint
from sqlmodel import Field, SQLModel

from engine.core.bots import LEVEL_ALIASES

#: The rating key of a bot level (``bot:medium``); human players are keyed by their user id.
BOT_KEY = "bot:"


def canonical_key(key: str) -> str:
    """A results or ratings key with a bot level under its canonical name: rows written under an
    older name (``bot:greedy``, ``bot:search``) read as ``bot:medium`` and ``bot:hard``
    (:data:`engine.core.bots.LEVEL_ALIASES`); every other key unchanged."""
    if key.startswith(BOT_KEY):
        level = key[len(BOT_KEY):]
        return BOT_KEY + LEVEL_ALIASES.get(level, level)
    return key


class GameResult(SQLModel, table=True):
    """One seat's result in one finished game.

    ``user_id`` is the player's id, or ``bot:<level>`` for a bot added to the table (a seat a bot
    took over keeps its player's id, with ``bot_level`` set). ``place`` is 1 for the winner (the
    game's own tie-breaks decide); ``breakdown`` the game's score details (JSON); ``solo`` the
    solo facts against an automa (``won``, ``difficulty``, ``rating``) or ``NULL``.
    """

    __tablename__ = "game_result"
    __table_args__ = (
        UniqueConstraint("table_id", "seat", name="uq_game_result_table_seat"),
        # covers the leaderboard's aggregate (an index-only scan of one game and server)
        Index("ix_game_result_leaderboard", "game", "guild", "user_id", "players", "place", "score", "finished_at",
              "name"),
        Index("ix_game_result_user_game", "user_id", "game"),
    )

    id: int | None = Field(default=None, primary_key=True)
    table_id: int = Field(
        sa_column=Column(Integer, ForeignKey("game_table.id", ondelete="CASCADE"), nullable=False)
    )
    seat: int = Field(sa_column=Column(Integer, nullable=False))
    user_id: str = Field(sa_column=Column(String(100), nullable=False))
    name: str = Field(sa_column=Column(String(100), nullable=False))
    bot_level: str | None = Field(default=None, sa_column=Column(String(16), nullable=True))
    game: str = Field(sa_column=Column(String(40), nullable=False))
    players: int = Field(sa_column=Column(Integer, nullable=False))
    modules: list[str] = Field(default_factory=list, sa_column=Column(JSON, nullable=False))
    place: int = Field(sa_column=Column(Integer, nullable=False))
    score: int = Field(sa_column=Column(Integer, nullable=False))
    breakdown: dict[str, Any] = Field(default_factory=dict, sa_column=Column(JSON, nullable=False))
    solo: dict[str, Any] | None = Field(default=None, sa_column=Column(JSON, nullable=True))
    guild: str | None = Field(default=None, sa_column=Column(String(100), nullable=True))
    finished_at: datetime = Field(sa_column=Column(DateTime(timezone=True), nullable=False))


class PlayerRating(SQLModel, table=True):
    """A player's (or a bot level's) openskill rating in one game: ``mu`` and ``sigma``."""

    __tablename__ = "player_rating"

    game: str = Field(sa_column=Column(String(40), primary_key=True))
    player: str = Field(sa_column=Column(String(100), primary_key=True))
    mu: float = Field(sa_column=Column(Float, nullable=False))
    sigma: float = Field(sa_column=Column(Float, nullable=False))
    games: int = Field(sa_column=Column(Integer, nullable=False))
    updated_at: datetime = Field(sa_column=Column(DateTime(timezone=True), nullable=False))


class RecordsForgotten(SQLModel, table=True):
    """A user who asked to be forgotten: the SHA-256 of their id and when (never the id itself)."""

    __tablename__ = "records_forgotten"

    user_hash: str = Field(sa_column=Column(String(64), primary_key=True))
    forgotten_at: datetime = Field(sa_column=Column(DateTime(timezone=True), nullable=False))
