"""Helpers shared by the hosting tests."""

from __future__ import annotations

from typing import Any

from fakegame import GAME
from sqlalchemy import select

from bot.host import Host, effective_moves
from bot.store import Store, metadata
from engine.core import replay

CH = "chan-1"


def dump(store: Store) -> dict[str, list[tuple[Any, ...]]]:
    """Every row of every table, in primary-key order (for before/after comparisons)."""
    out: dict[str, list[tuple[Any, ...]]] = {}
    with store.engine.connect() as conn:
        for table in metadata.sorted_tables:
            rows = conn.execute(select(table).order_by(*table.primary_key.columns)).all()
            out[table.name] = [tuple(r) for r in rows]
        conn.rollback()
    return out


def open_table(host: Host, players: int = 2, seed: int | None = 7, channel: str = CH, **options: Any) -> None:
    """Open a table with users u1..uN seated (not started)."""
    reply = host.new_table(channel, "u1", "Ann", GAME.name, {"players": players, **options}, seed)
    assert reply.ok, reply.private
    for k in range(2, players + 1):
        reply = host.join(channel, f"u{k}", f"P{k}")
        assert reply.ok, reply.private


def started(host: Host, players: int = 2, seed: int | None = 7, channel: str = CH, **options: Any) -> None:
    """Open and start a table with users u1..uN."""
    open_table(host, players, seed, channel, **options)
    reply = host.start(channel, "u1")
    assert reply.ok, reply.private


def to_act(host: Host, channel: str = CH) -> str:
    """The user id whose turn it is."""
    data = host.status(channel).data
    assert data is not None and data.to_act is not None
    return data.to_act


def version(host: Host, channel: str = CH) -> int:
    """The table's current version."""
    reply = host.status(channel)
    assert reply.version is not None
    return reply.version


def current_state(host: Host, channel: str = CH) -> Any:
    """The state rebuilt from the exported log (independent of snapshots)."""
    data = host.export(channel).data
    assert data is not None
    moves = [m["notation"] for m in effective_moves(data.moves)]
    return replay(GAME, data.options, data.seed, moves)


def play_to_end(host: Host, channel: str = CH, limit: int = 2000) -> int:
    """Play the table to its end: spend pips one at a time, then bank. Returns moves made."""
    for count in range(limit):
        data = host.status(channel).data
        assert data is not None
        if data.status != "running":
            return count
        user = data.to_act
        choices = [n for n, _ in host.legal(channel, user).choices]
        notation = "move 1" if "move 1" in choices else "bank"
        reply = host.move(channel, user, notation)
        assert reply.ok, reply.private
    raise AssertionError("the game did not end")
