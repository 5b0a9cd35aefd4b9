"""Discord shards: which process serves which servers (``meiji run --shards N [--shard-ids …]``).

Discord splits a bot's gateway connections into *shards*; a server (guild) belongs to shard
``(guild_id >> 22) % shard_count`` and direct messages arrive on shard 0 (Discord's developer
documentation, "Gateway → Sharding"). One process can run every shard (discord.py's
``AutoShardedClient``), or several processes each run a disjoint group of shard ids against the
same database.

The database is the only shared truth: moves are checked against the table's version, one open
or running table per channel is a unique index, and a reminder is claimed with a conditional
write before it is sent (:meth:`bot.host.Host.mark_reminded`), so two processes never send the
same reminder. :class:`ShardPlan` additionally lets each process look only at the tables of its
own servers when it checks for due reminders.
"""

from __future__ import annotations

from dataclasses import dataclass

#: Discord's snowflake: the creation timestamp sits above bit 22.
_SNOWFLAKE_SHIFT = 22
#: An upper bound that keeps a typo (``--shards 10000``) from opening thousands of connections.
MAX_SHARDS = 1024


def shard_of(guild: str | int | None, shard_count: int) -> int:
    """The shard (0-based) that serves ``guild``; direct messages (``None``) are shard 0.

    Raises ``ValueError`` for a ``shard_count`` below 1 or a guild id that is not a whole number.
    """
    if shard_count < 1:
        raise ValueError("the shard count must be at least 1")
    if guild is None or guild == "":
        return 0
    return (int(guild) >> _SNOWFLAKE_SHIFT) % shard_count


@dataclass(frozen=True)
class ShardPlan:
    """The shards one process runs: ``count`` in all, ``ids`` of them here (``None``: every one)."""

    count: int
    ids: tuple[int, ...] | None = None

    def __post_init__(self) -> None:
        if not 1 <= self.count <= MAX_SHARDS:
            raise ValueError(f"--shards must be from 1 to {MAX_SHARDS}")
        if self.ids is not None:
            if not self.ids:
                raise ValueError("--shard-ids needs at least one shard id")
            bad = [i for i in self.ids if not 0 <= i < self.count]
            if bad:
                raise ValueError(
                    f"shard ids run from 0 to {self.count - 1} for --shards {self.count}; not {bad[0]}"
                )
            if len(set(self.ids)) != len(self.ids):
                raise ValueError("--shard-ids lists a shard twice")

    @property
    def local_ids(self) -> tuple[int, ...]:
        """The shard ids this process runs."""
        return self.ids if self.ids is not None else tuple(range(self.count))

    def serves(self, guild: str | int | None) -> bool:
        """Whether this process serves ``guild`` (``None``: direct messages, served with shard 0)."""
        return shard_of(guild, self.count) in self.local_ids


def parse_shard_ids(text: str) -> tuple[int, ...]:
    """``"0,1"``, ``"0 1"`` or a range ``"4-7"`` (or a mix) → ``(0, 1)`` / ``(4, 5, 6, 7)``.

    Raises ``ValueError`` with a one-line reason for anything else.
    """
    ids: list[int] = []
    for part in text.replace(",", " ").split():
        lo, dash, hi = part.partition("-")
        try:
            if dash:
                first, last = int(lo), int(hi)
                if last < first:
                    raise ValueError
                ids.extend(range(first, last + 1))
            else:
                ids.append(int(part))
        except ValueError:
            raise ValueError(f"not a shard id or range: {part!r} (use e.g. 0,1 or 4-7)") from None
    if not ids:
        raise ValueError("--shard-ids needs at least one shard id")
    return tuple(ids)
