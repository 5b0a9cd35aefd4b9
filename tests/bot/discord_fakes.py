"""Fake Discord interactions for the adapter tests (no gateway, no network, no token).

``spec_set`` mocks of :class:`discord.Interaction` (python-discord/bot style): the response's
``defer``/``send_message`` and the followup's ``send`` are ``AsyncMock``s that record what the
bot answered, and ``is_done`` follows the calls like the real object.
"""

from __future__ import annotations

import asyncio
import itertools
from collections.abc import Coroutine
from dataclasses import dataclass, field
from typing import Any, TypeVar
from unittest.mock import AsyncMock, MagicMock

import discord
from discord import app_commands

from bot.discord_app.commands import GameCommands, SoloCommands, TableCommands
from bot.host import Host
from bot.store import Store

T = TypeVar("T")

GUILD = 777
CHANNEL = 555
#: The DM channel between Ann and the bot, and Bob's (a DM interaction has no guild).
DM_ANN, DM_BOB = 9101, 9102
ANN, BOB, CAT, DAN, EVE = 1001, 1002, 1003, 1004, 1005
NAMES = {ANN: "Ann", BOB: "Bob", CAT: "Cat", DAN: "Dan", EVE: "Eve"}
PNG = b"\x89PNG\r\n\x1a\n" + b"fake-board" * 10

_ids = itertools.count(1)


def run(coro: Coroutine[Any, Any, T]) -> T:
    """Run a coroutine to completion (pytest-asyncio is not used)."""
    return asyncio.run(coro)


@dataclass
class Sent:
    """One message the bot sent through an interaction."""

    content: str
    ephemeral: bool
    kwargs: dict[str, Any] = field(default_factory=dict)

    @property
    def files(self) -> list[discord.File]:
        """Attached files."""
        files = list(self.kwargs.get("files") or [])
        if self.kwargs.get("file") is not None:
            files.append(self.kwargs["file"])
        return files

    @property
    def view(self) -> discord.ui.View | None:
        """Attached view (components), if any."""
        return self.kwargs.get("view")


def make_user(user_id: int = ANN, name: str | None = None) -> MagicMock:
    """A guild member mock."""
    user = MagicMock(spec_set=discord.Member)
    user.id = user_id
    user.name = name or NAMES.get(user_id, f"user{user_id}")
    user.display_name = user.name
    user.mention = f"<@{user_id}>"
    return user


def make_interaction(
    user_id: int = ANN,
    *,
    channel_id: int | None = CHANNEL,
    guild_id: int | None = GUILD,
    manage_channels: bool = False,
    client: Any = None,
    data: dict[str, Any] | None = None,
    locale: discord.Locale | str = discord.Locale.american_english,
    guild_locale: discord.Locale | str | None = discord.Locale.american_english,
) -> MagicMock:
    """A fake interaction of ``user_id`` in ``channel_id``; see :func:`sent` for its answers.

    ``guild_id=None`` makes it a DM with the bot (``channel_id`` is then the DM channel, and the
    interaction has no ``guild_locale``). ``locale`` is the user's Discord language,
    ``guild_locale`` the server's.
    """
    interaction = MagicMock(spec_set=discord.Interaction)
    state = {"done": False}

    async def defer(*, ephemeral: bool = False, thinking: bool = False) -> None:
        if state["done"]:
            raise discord.InteractionResponded(interaction)
        state["done"] = True

    async def send_message(content: str | None = None, **kwargs: Any) -> None:
        if state["done"]:
            raise discord.InteractionResponded(interaction)
        state["done"] = True

    async def followup_send(content: str | None = None, **kwargs: Any) -> MagicMock:
        assert state["done"], "followup before the interaction was deferred"
        assert content is None or len(content) <= 2000, f"message too long ({len(content)})"
        message = MagicMock(spec_set=discord.WebhookMessage)
        message.id = next(_ids)
        message.jump_url = f"https://discord.com/channels/{guild_id or '@me'}/{channel_id}/{message.id}"
        return message

    response = MagicMock(spec_set=discord.InteractionResponse)
    response.defer = AsyncMock(side_effect=defer)
    response.send_message = AsyncMock(side_effect=send_message)
    response.is_done = MagicMock(side_effect=lambda: state["done"])
    followup = MagicMock(spec_set=discord.Webhook)
    followup.send = AsyncMock(side_effect=followup_send)

    interaction.id = next(_ids)
    interaction.response = response
    interaction.followup = followup
    interaction.user = make_user(user_id)
    interaction.channel_id = channel_id
    interaction.guild_id = guild_id
    interaction.permissions = discord.Permissions(manage_channels=manage_channels)
    interaction.client = client
    interaction.data = data or {}
    interaction.command = None
    interaction.locale = discord.Locale(locale) if isinstance(locale, str) else locale
    interaction.guild_locale = (
        None if guild_id is None or guild_locale is None
        else discord.Locale(guild_locale) if isinstance(guild_locale, str) else guild_locale
    )
    interaction.namespace = app_commands.Namespace.__new__(app_commands.Namespace)
    return interaction


def sent(interaction: MagicMock) -> list[Sent]:
    """Everything the bot answered through ``interaction``, in order."""
    calls = [*interaction.response.send_message.call_args_list, *interaction.followup.send.call_args_list]
    out = []
    for call in calls:
        content = call.args[0] if call.args else call.kwargs.get("content")
        out.append(Sent(content or "", bool(call.kwargs.get("ephemeral")), dict(call.kwargs)))
    return out


def public(interaction: MagicMock) -> list[Sent]:
    """Public messages sent through ``interaction``."""
    return [s for s in sent(interaction) if not s.ephemeral]


def private(interaction: MagicMock) -> list[Sent]:
    """Ephemeral messages sent through ``interaction``."""
    return [s for s in sent(interaction) if s.ephemeral]


def assert_refused(interaction: MagicMock, *fragments: str) -> str:
    """Exactly one ephemeral answer and nothing public; returns its text."""
    interaction.response.defer.assert_awaited_once_with(ephemeral=True, thinking=True)
    assert public(interaction) == [], [s.content for s in public(interaction)]
    answers = private(interaction)
    assert len(answers) == 1, [s.content for s in answers]
    text = answers[0].content
    for fragment in fragments:
        assert fragment.lower() in text.lower(), text
    assert "Traceback" not in text
    return text


def assert_accepted(interaction: MagicMock) -> Sent:
    """An ephemeral acknowledgement followed by exactly one public message; returns that message."""
    interaction.response.defer.assert_awaited_once_with(ephemeral=True, thinking=True)
    answers = sent(interaction)
    assert answers and answers[0].ephemeral, [s.content for s in answers]
    messages = public(interaction)
    assert len(messages) == 1, [s.content for s in answers]
    return messages[0]


class Commands:
    """The real app-command callbacks bound to a :class:`TableCommands` over ``host``."""

    def __init__(self, host: Host, tables: TableCommands | None = None) -> None:
        self.host = host
        self.tables = tables or TableCommands(host)
        self.group = GameCommands(self.tables)
        self.move_command, self.hint_command = self.tables.top_level_commands()
        self.solo_group = SoloCommands(self.tables)

    def command(self, name: str) -> Any:
        """The ``/game <name>`` command object (``"move"`` for ``/move``, ``"solo <name>"`` for ``/solo``)."""
        if name == "move":
            return self.move_command
        if name == "hint":
            return self.hint_command
        group = self.group
        if name.startswith("solo "):
            group, name = self.solo_group, name.split(" ", 1)[1]
        cmd = group.get_command(name)
        assert cmd is not None, name
        return cmd

    def invoke(self, name: str, interaction: MagicMock, *args: Any, **kwargs: Any) -> Coroutine[Any, Any, Any]:
        """The command's callback called with ``interaction`` (a coroutine to await or run)."""
        command = self.command(name)
        if command.binding is not None:  # a method of a group or of the handlers it is bound to
            return command.callback(command.binding, interaction, *args, **kwargs)
        return command.callback(interaction, *args, **kwargs)

    def call(self, name: str, interaction: MagicMock, **kwargs: Any) -> MagicMock:
        """Invoke the command's callback with ``interaction``; returns the interaction."""
        run(self.invoke(name, interaction, **kwargs))
        return interaction

    def as_user(self, name: str, user_id: int, **kwargs: Any) -> MagicMock:
        """Invoke ``/game <name>`` as ``user_id`` in the default channel (``locale=…`` sets their language)."""
        keys = ("manage_channels", "channel_id", "locale", "guild_locale")
        interaction_kwargs = {k: kwargs.pop(k) for k in keys if k in kwargs}
        return self.call(name, make_interaction(user_id, **interaction_kwargs), **kwargs)

    def in_dm(self, name: str, user_id: int = ANN, channel_id: int = DM_ANN, **kwargs: Any) -> MagicMock:
        """Invoke a command as ``user_id`` in their DM with the bot (no guild)."""
        return self.call(name, make_interaction(user_id, channel_id=channel_id, guild_id=None), **kwargs)


# ---------------------------------------------------------------------------------------------
# Tables set up directly through the Host (deterministic seeds, numeric Discord-like ids)
# ---------------------------------------------------------------------------------------------
CH = str(CHANNEL)
DICE = "dicerace"


def open_dice(host: Host, players: int = 2, seed: int = 7, channel: str = CH, **options: Any) -> None:
    """An open dice-race table with Ann (creator), Bob, Cat … seated."""
    reply = host.new_table(channel, str(ANN), "Ann", DICE, {"players": players, **options}, seed, guild=str(GUILD))
    assert reply.ok, reply.private
    for uid in (BOB, CAT, DAN)[: players - 1]:
        reply = host.join(channel, str(uid), NAMES[uid])
        assert reply.ok, reply.private


def started_dice(host: Host, players: int = 2, seed: int = 7, channel: str = CH, **options: Any) -> None:
    """A running dice-race table (see :func:`open_dice`)."""
    open_dice(host, players, seed, channel, **options)
    reply = host.start(channel, str(ANN))
    assert reply.ok, reply.private


def to_act(host: Host, channel: str = CH) -> int:
    """The Discord id of the player to act."""
    data = host.status(channel).data
    assert data is not None and data["to_act"] is not None
    return int(data["to_act"])


def other(user_id: int, players: int = 2) -> int:
    """Another seated player than ``user_id``."""
    return next(u for u in (ANN, BOB, CAT, DAN)[:players] if u != user_id)


def fake_png(game: str, view: dict[str, Any]) -> bytes:
    """A Host render callback returning a tiny fake PNG."""
    return PNG


def snapshot_db(store: Store) -> dict[str, list[tuple[Any, ...]]]:
    """Every row of every table (to prove a refusal changed nothing)."""
    from hosthelpers import dump

    return dump(store)
