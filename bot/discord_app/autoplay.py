"""The bots' own loop and the channels' outboxes: bot seats play whatever Discord does.

A bot's turn is committed by :meth:`bot.host.Host.bot_step`; posting it is a separate matter.
:class:`BotRunner` plays every bot turn due at a table — after a player's move, a take-over, a
``/game start`` — in a task of its own (one per channel, never two at once), so the bots do not
depend on the interaction that woke them: its token may expire halfway through a chain of bot
turns without any harm. Each turn's message goes to the channel's :class:`Outbox`.

The outbox posts in order, channel first (``channel.send`` with a nonce Discord enforces, so a
repeated try never posts twice), falling back to the latest interaction of that channel whose
token is still valid. A post that fails in a way that may pass (5xx, rate limit) is retried with
back-off in the background: the bots go on playing meanwhile, and later posts queue behind it.
A post that never gets through is given up with a warning, and the players it would have pinged
get a direct message instead.

A post refused for a missing permission is not lost: the outbox holds it (the same message, with
the same nonce) and delivers it once the permission is back — before the next post of that
channel, or at the next reminder tick (:meth:`Outbox.retry_held`). Every bot turn is one
:class:`Post` whose ``key`` names the committed step (table and version): the outbox never takes a
second post with a key it holds, queues or delivered, so a bot turn reaches the channel once.

:class:`BotRunner` knows the command handlers only through :class:`BotTurns`, the three calls it
makes back (play a bot turn, build its message, post the story); it imports nothing of
:mod:`bot.discord_app.commands`.
"""

from __future__ import annotations

import asyncio
import logging
from collections import OrderedDict, deque
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, Generic, Protocol, TypeVar

from bot.host import Reply

from .delivery import RETRY_DELAYS, Build, Messenger, Posted, Sleep, new_nonce

log = logging.getLogger(__name__)

#: How many posts refused for permissions a channel's outbox holds for later (the oldest go first).
MAX_HELD = 20
#: How many delivered post keys the outbox remembers (a repeated key is not posted again).
KEYS_REMEMBERED = 4096

#: Called with ``(channel, message, item)`` after an outbox post got through.
OnPosted = Callable[[str, Any, "Post"], Awaitable[None]]
#: Called with ``(channel, item, posted)`` when an outbox post is given up.
OnFailed = Callable[[str, "Post", Posted], Awaitable[None]]


@dataclass(slots=True)
class Post:
    """One public message waiting in an outbox: how to build it and what it is about."""

    build: Build
    what: str
    table_id: int | None = None
    lang: str = "en"
    mention: Sequence[str] = ()
    #: What the post carries, e.g. ``bot step of table 3 at version 17`` (``None``: not deduplicated).
    key: str | None = None
    nonce: str = field(default_factory=new_nonce)
    tries: int = 0
    #: Set once the post was given up and its players were told by direct message.
    told: bool = False


class Outbox:
    """Public posts per channel, in order, retried with back-off without blocking whoever posts.

    ``messenger`` does one round of routes per try (channel first); ``delays`` are the waits
    between tries. ``recent`` gives the latest interaction of a channel (the fall-back route).
    A post refused for permissions is held and delivered later (:meth:`retry_held`); a post whose
    ``key`` is held, queued or delivered already is not taken again.
    """

    def __init__(self, messenger: Messenger, *, recent: Callable[[str], Any] | None = None,
                 delays: Sequence[float] = RETRY_DELAYS, sleep: Sleep | None = None,
                 on_posted: OnPosted | None = None, on_failed: OnFailed | None = None) -> None:
        self.messenger = messenger
        self.recent = recent or (lambda channel: None)
        self.delays = tuple(delays)
        self.sleep: Sleep = sleep or asyncio.sleep
        self.on_posted = on_posted
        self.on_failed = on_failed
        self._queues: dict[str, deque[Post]] = {}
        self._workers: dict[str, asyncio.Task[None]] = {}
        self._held: dict[str, deque[Post]] = {}
        self._keys: OrderedDict[str, None] = OrderedDict()

    def pending(self, channel: str | None = None) -> int:
        """How many posts wait (in ``channel``, or everywhere); held posts are not counted."""
        if channel is not None:
            return len(self._queues.get(channel, ()))
        return sum(len(q) for q in self._queues.values())

    def held(self, channel: str | None = None) -> int:
        """How many posts refused for permissions are held for later (in ``channel``, or everywhere)."""
        if channel is not None:
            return len(self._held.get(channel, ()))
        return sum(len(q) for q in self._held.values())

    async def post(self, channel: str, item: Post) -> Any:
        """Post ``item`` now if nothing waits before it in ``channel`` (returns the message), else
        queue it; a failed first try is queued for the background retries (returns ``None``).

        Posts held for ``channel`` go first (they are older). An ``item`` whose ``key`` was taken
        already is dropped (returns ``None``): one step, one message.
        """
        if item.key is not None:
            if item.key in self._keys:
                log.info("%s in channel %s was posted or queued already", item.what, channel)
                return None
            self._remember(item.key)
        queue = self._queues.setdefault(channel, deque())
        held = self._held.pop(channel, None)
        if held:
            queue.extend(held)
        if not queue:
            posted = await self._try(channel, item)
            if posted.ok:
                return posted.message
            if not self._retry_worthy(posted) or not self.delays:
                await self._give_up(channel, item, posted)
                return None
        queue.append(item)
        self._start(channel)
        return None

    async def retry_held(self, channel: str | None = None) -> int:
        """Queue the held posts again (of ``channel``, or of every channel), in their order and with
        their nonces: delivered once the permission is back, held again if it is not. Returns how
        many were queued."""
        channels = [channel] if channel is not None else list(self._held)
        queued = 0
        for name in channels:
            held = self._held.pop(name, None)
            if not held:
                continue
            self._queues.setdefault(name, deque()).extend(held)
            queued += len(held)
            self._start(name)
        return queued

    def _start(self, channel: str) -> None:
        worker = self._workers.get(channel)
        if self._queues.get(channel) and (worker is None or worker.done()):
            self._workers[channel] = asyncio.create_task(self._work(channel), name=f"meiji-outbox-{channel}")

    def _remember(self, key: str) -> None:
        self._keys[key] = None
        while len(self._keys) > KEYS_REMEMBERED:
            self._keys.popitem(last=False)

    async def drain(self, timeout: float | None = None) -> None:
        """Wait until every queued post was sent or given up (for shutdown and tests)."""
        workers = [w for w in self._workers.values() if not w.done()]
        if workers:
            await asyncio.wait(workers, timeout=timeout)

    async def _work(self, channel: str) -> None:
        queue = self._queues[channel]
        while queue:
            item = queue[0]
            posted = Posted()
            while item.tries <= len(self.delays):
                await self.sleep(self.delays[min(item.tries - 1, len(self.delays) - 1)] if item.tries else 0)
                posted = await self._try(channel, item)
                if posted.ok or not self._retry_worthy(posted):
                    break
            queue.popleft()
            if not posted.ok:
                await self._give_up(channel, item, posted)

    async def _try(self, channel: str, item: Post) -> Posted:
        item.tries += 1
        interaction = self.recent(channel)
        if interaction is not None and not self.messenger.usable(interaction):
            interaction = None
        try:
            posted = await self.messenger.public(interaction, channel, item.build, nonce=item.nonce, channel_first=True)
        except Exception:  # a bug in building the message: never let it stop the outbox
            log.exception("building %s for channel %s failed", item.what, channel)
            return Posted()
        if posted.ok and self.on_posted is not None:
            try:
                await self.on_posted(channel, posted.message, item)
            except Exception:
                log.exception("after posting %s in channel %s", item.what, channel)
        return posted

    @staticmethod
    def _retry_worthy(posted: Posted) -> bool:
        note = posted.note()
        return note is None or note.kind in ("server", "rate", "other", "token")

    async def _give_up(self, channel: str, item: Post, posted: Posted) -> None:
        note = posted.note()
        if note is not None and note.kind == "permissions":
            held = self._held.setdefault(channel, deque())
            held.append(item)  # delivered when the permission is back (retry_held or the next post)
            if len(held) > MAX_HELD:
                dropped = held.popleft()
                log.warning("dropped %s held in channel %s (more than %d held)", dropped.what, channel, MAX_HELD)
            if item.told:
                return
            log.warning("holding %s in channel %s after %d tries (permissions: %s)", item.what, channel,
                        item.tries, ", ".join(note.missing))
        else:
            log.warning("gave up posting %s in channel %s after %d tries (%s)", item.what, channel, item.tries,
                        note.kind if note else "?")
            if item.told:
                return
        item.told = True
        if self.on_failed is not None:
            try:
                await self.on_failed(channel, item, posted)
            except Exception:
                log.exception("after giving up %s in channel %s", item.what, channel)


class Played(Protocol):
    """A committed bot turn as :class:`BotTurns` gives it: its Host reply (and whatever else the
    message needs)."""

    @property
    def reply(self) -> Reply:
        """The Host's reply of the bot turn."""
        ...


P = TypeVar("P", bound=Played)


class BotTurns(Protocol[P]):
    """What :class:`BotRunner` calls back on the command handlers (and nothing else)."""

    async def bot_turn(self, channel: str, lang: str) -> P | None:
        """Play and commit the turn of the bot to act at ``channel``'s table (``None``: no bot is to act)."""
        ...

    def public_message(self, outcome: P, solo: bool, lang: str, *, picture: bool = True) -> tuple[str, dict[str, Any]]:
        """The public message of ``outcome`` in ``lang``: its text and ``send`` keyword arguments."""
        ...

    async def post_story(self, channel: str, table_id: Any, lang: str) -> None:
        """Post the story chart of the finished table ``table_id`` after its final score."""
        ...


def step_key(table_id: int | None, reply: Reply) -> str | None:
    """The identity of a committed step, ``bot step of table 3 at version 17`` (``None`` when the
    reply names no table or version): the outbox posts one message per key."""
    if table_id is None or reply.version is None:
        return None
    return f"bot step of table {table_id} at version {reply.version}"


class BotRunner(Generic[P]):
    """Plays the bot seats of a channel's table until a person is to act, posting through the outbox.

    ``tables`` plays and builds each turn (:class:`BotTurns`). ``background`` runs each channel's
    play in a task of its own (the live bot); without it :meth:`kick` plays before returning (the
    adapter tests with fake interactions).
    """

    def __init__(self, tables: BotTurns[P], outbox: Outbox, *, background: bool = True) -> None:
        self.tables = tables
        self.outbox = outbox
        self.background = background
        self._locks: dict[str, asyncio.Lock] = {}
        self._tasks: dict[str, asyncio.Task[int]] = {}
        self._again: set[str] = set()

    async def kick(self, channel: str, solo: bool, lang: str) -> None:
        """Let the bots of ``channel`` play what is due (in the background when so configured)."""
        if not self.background:
            await self.play(channel, solo, lang)
            return
        task = self._tasks.get(channel)
        if task is not None and not task.done():
            self._again.add(channel)  # the running loop looks once more when it is done
            return
        self._tasks[channel] = asyncio.create_task(self._loop(channel, solo, lang), name=f"meiji-bots-{channel}")

    async def _loop(self, channel: str, solo: bool, lang: str) -> int:
        played = 0
        while True:
            self._again.discard(channel)
            try:
                played += await self.play(channel, solo, lang)
            except Exception:
                log.exception("the bots of channel %s stopped", channel)
                return played
            if channel not in self._again:
                return played

    async def play(self, channel: str, solo: bool, lang: str, *, limit: int = 1000) -> int:
        """Play and post every bot turn due now at the channel's table; returns how many were played."""
        lock = self._locks.setdefault(channel, asyncio.Lock())
        async with lock:
            played = 0
            for _turn in range(limit):
                outcome = await self.tables.bot_turn(channel, lang)
                if outcome is None:
                    break
                played += 1
                reply = outcome.reply
                data = reply.data or {}
                table_id = data.get("table_id") if isinstance(data.get("table_id"), int) else None
                post_lang = reply.language or lang

                def build(picture: bool, outcome: P = outcome, post_lang: str = post_lang) -> tuple[str, dict[str, Any]]:
                    return self.tables.public_message(outcome, solo, post_lang, picture=picture)

                await self.outbox.post(channel, Post(build, f"bot turn of table {table_id}", table_id, post_lang,
                                                     tuple(reply.mention), key=step_key(table_id, reply)))
                if data.get("finished"):
                    await self.tables.post_story(channel, table_id, post_lang)
                    break
            return played

    async def idle(self, timeout: float | None = None) -> None:
        """Wait until no channel's bots are playing and every outbox is empty (shutdown, tests)."""
        for _round in range(100):
            tasks = [t for t in self._tasks.values() if not t.done()]
            if tasks:
                await asyncio.wait(tasks, timeout=timeout)
            await self.outbox.drain(timeout)
            if not any(not t.done() for t in self._tasks.values()) and not self.outbox.pending():
                return
