"""The Discord client of Meiji Table: wiring of Host, command tree, buttons and reminders.

``run_bot(token, database_url, dev_guild_id, sync)`` is what ``meiji run`` calls. The bot needs
no privileged intent. Commands are synced only when asked (``meiji run --sync``), once per start
in ``setup_hook`` — never in ``on_ready``, which fires again on every reconnect. The sync sends
the Polish, Russian and German names and descriptions of every command
(:class:`~bot.discord_app.translator.MeijiTranslator`, installed in ``setup_hook``).
"""

from __future__ import annotations

import asyncio
import logging
from datetime import datetime
from typing import Any

import discord
from discord import app_commands
from discord.ext import tasks

from bot.app import App, compose
from bot.host import Host
from bot.sharding import ShardPlan

from .autoplay import Post
from .commands import MeijiTree, TableCommands, install_commands
from .components import BoardButton, ChoiceButton, ChoiceMenu, ReplayButton, ReviewButton, StoryButton
from .messages import GAME_COMMAND_NAMES, NO_MENTIONS, SOLO_COMMAND_NAMES, USER_MENTIONS
from .reminders import DueReminder
from .translator import MeijiTranslator

log = logging.getLogger(__name__)

#: How often the reminder task looks for waiting players.
REMINDER_CHECK_MINUTES = 5.0


def bot_intents() -> discord.Intents:
    """The default intents without the privileged ones (no message content, no members, no presences)."""
    intents = discord.Intents.default()
    intents.message_content = False
    intents.members = False
    intents.presences = False
    return intents


class MeijiBot(discord.AutoShardedClient):
    """Discord client hosting game tables through a :class:`~bot.host.Host`.

    ``tables`` holds the command handlers (also used by the option buttons), ``tree`` the
    application commands (``/game``, ``/move``, ``/solo``). ``sync`` makes :meth:`setup_hook` sync
    the commands once, to ``dev_guild_id`` if given (instant) or globally.

    An ``AutoShardedClient``: without ``shards`` Discord's recommended shard count is used and this
    process runs every shard; ``ShardPlan(count)`` fixes the count, ``ShardPlan(count, ids)`` runs
    only those shards here (other processes run the rest against the same database) and limits
    the reminder check to this process's servers (:mod:`bot.sharding`).
    """

    def __init__(
        self,
        host: Host,
        *,
        dev_guild_id: int | None = None,
        sync: bool = False,
        shards: ShardPlan | None = None,
    ) -> None:
        if shards is not None and shards.ids is not None:
            super().__init__(intents=bot_intents(), allowed_mentions=USER_MENTIONS, shard_count=shards.count,
                             shard_ids=list(shards.ids))
        else:
            super().__init__(intents=bot_intents(), allowed_mentions=USER_MENTIONS,
                             shard_count=shards.count if shards is not None else None)
        self.shard_plan = shards
        self.host = host
        self.tables = TableCommands(host, client=self)
        self.tree = MeijiTree(self)
        install_commands(self.tree, self.tables)
        self.dev_guild_id = dev_guild_id
        self.sync_on_start = sync

    async def setup_hook(self) -> None:
        """Install the command translator, register the restart-proof buttons, sync if asked, start reminders."""
        await self.tree.set_translator(MeijiTranslator())
        self.add_dynamic_items(ChoiceButton, ChoiceMenu, BoardButton, ReplayButton, StoryButton, ReviewButton)
        plan = self.shard_plan
        if self.sync_on_start and plan is not None and 0 not in plan.local_ids:
            log.warning("--sync ignored: commands are synced by the process that runs shard 0")
        elif self.sync_on_start:
            synced = await sync_commands(self, self.dev_guild_id)
            log.warning("synced %d application commands (%s)", len(synced), self.dev_guild_id or "global")
        self.reminder_loop.start()

    async def on_ready(self) -> None:
        """Log the connection (fires again on every reconnect: never sync commands here)."""
        log.info("connected as %s to %d server(s)", self.user, len(self.guilds))

    async def close(self) -> None:
        """Stop the reminder task and disconnect."""
        self.reminder_loop.cancel()
        await super().close()

    @tasks.loop(minutes=REMINDER_CHECK_MINUTES)
    async def reminder_loop(self) -> None:
        """Every few minutes: DM the players whose decision has waited too long; past twice the
        table's timeout, let a bot take their seat over; deliver the posts held for a permission."""
        try:
            await self.tables.outbox.retry_held()
        except Exception:
            log.exception("delivering the held posts failed; trying again at the next interval")
        try:
            await self.send_reminders()
        except Exception:
            log.exception("the reminder check failed; trying again at the next interval")
        try:
            await self.take_over_absent()
        except Exception:
            log.exception("the timeout check failed; trying again at the next interval")

    def _serves(self) -> Any:
        plan = self.shard_plan
        return plan.serves if plan is not None and plan.ids is not None else None

    async def take_over_absent(self, now: datetime | None = None) -> int:
        """Let bots take over the seats waiting past twice their table's timeout at ``now``.

        Each take-over is claimed in the database (once across processes), announced in the
        table's channel through its outbox (retried with back-off when Discord fails, without
        holding anything up), and the bot's turns follow there at once — they never wait for the
        announcement. Returns how many seats were taken over.
        """
        due = await asyncio.to_thread(self.host.due_takeovers, now, self._serves())
        taken = 0
        for item in due:
            names = SOLO_COMMAND_NAMES if item["guild"] is None else GAME_COMMAND_NAMES
            host = self.host.with_command_names(names)
            reply = await asyncio.to_thread(host.take_over, item["table_id"], item["last_seq"])
            if not reply.ok:
                continue
            taken += 1
            channel, lang = str(item["channel"]), reply.language or item["language"]
            text = reply.public or ""
            def announce(_picture: bool, text: str = text) -> tuple[str, dict[str, Any]]:
                return text, {"allowed_mentions": NO_MENTIONS}

            announcement = Post(announce, f"take-over of table {item['table_id']}", item["table_id"], lang)
            try:
                await self.tables.outbox.post(channel, announcement)
            except Exception:  # never let the announcement keep the bot from playing
                log.exception("announcing the take-over at table %s failed", item["table_id"])
            try:
                await self.tables.play_bots(channel, item["guild"] is None, lang)
            except Exception:
                log.exception("the bot that took over at table %s could not play", item["table_id"])
        return taken

    @reminder_loop.before_loop
    async def _before_reminders(self) -> None:
        await self.wait_until_ready()

    async def send_reminders(self, now: datetime | None = None) -> int:
        """Send every reminder due at ``now`` (recomputed from the database); return how many were sent."""
        due = await asyncio.to_thread(self.host.due_reminders, now, self._serves())
        sent = 0
        for item in due:
            reminder = DueReminder.from_host(item)
            claimed = await asyncio.to_thread(
                self.host.mark_reminded, reminder.table_id, reminder.last_seq, reminder.number
            )
            if not claimed:
                continue
            try:
                user = self.get_user(int(reminder.user_id)) or await self.fetch_user(int(reminder.user_id))
                await user.send(reminder.text(now), allowed_mentions=NO_MENTIONS)
                sent += 1
            except (ValueError, discord.HTTPException) as exc:
                log.warning(
                    "could not DM user %s about table %s: %s", reminder.user_id, reminder.table_id, exc
                )
        return sent


async def sync_commands(client: MeijiBot, guild_id: int | None = None) -> list[app_commands.AppCommand]:
    """Sync the application commands: to one guild (instant, for development) or globally."""
    if guild_id:
        guild = discord.Object(id=guild_id)
        client.tree.copy_global_to(guild=guild)
        return await client.tree.sync(guild=guild)
    return await client.tree.sync()


def discord_bot(
    app: App, *, dev_guild_id: int | None = None, sync: bool = False, shards: ShardPlan | None = None
) -> MeijiBot:
    """The Discord client over a composed :class:`~bot.app.App` (:func:`bot.app.compose`): what
    ``meiji run`` runs and what the Discord tests drive."""
    return MeijiBot(app.host, dev_guild_id=dev_guild_id, sync=sync, shards=shards)


def run_bot(
    token: str, database_url: str | None, dev_guild_id: int | None, sync: bool, *, shards: ShardPlan | None = None
) -> None:
    """Compose the store, renderer and host (:func:`bot.app.compose`) and run the bot until it is
    stopped (blocking).

    ``sync`` syncs the slash commands once at start-up (to ``dev_guild_id`` when given);
    ``shards`` is this process's shard plan (``None``: Discord's recommended count, all here).
    Logging is left as the caller configured it.
    """
    app = compose(database_url)
    bot = discord_bot(app, dev_guild_id=dev_guild_id, sync=sync, shards=shards)
    try:
        bot.run(token, log_handler=None)
    finally:
        app.close()
