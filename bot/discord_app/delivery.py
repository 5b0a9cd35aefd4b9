"""Getting messages to Discord when Discord fails: routes, fall-backs, permissions and honest notes.

A change is committed in the database before anything is posted, so once the Host said yes, no
failure below may tell the player "nothing changed". This module is what the command handlers
and the bots' loop post through:

* :class:`Messenger` posts a public message by the first route that works: the interaction's
  follow-up (it looks like the answer to the command), else ``channel.send`` (the bot's own REST
  route, used when the interaction token expired or is gone — 401 50027, 404 10015/10062 — or the
  follow-up was refused), else the same text without its picture. A follow-up that got a 5xx may
  have been created anyway (Discord answered after writing it): it is never retried blindly — the
  channel's latest messages are checked for it first. ``channel.send`` carries a nonce that
  Discord enforces (``enforce_nonce``), so retrying it can never post twice.
* :func:`missing_permissions` reads the bot's permissions in the channel from the interaction
  (``app_permissions``) and :class:`Problem` names what failed — the exact permission and channel
  after a 403, a server error, a rate limit — in the reader's language.
* :func:`log_failure` logs expected Discord errors (10062 unknown interaction, 10008 unknown
  message, 10015 unknown webhook, 50027 invalid webhook token) without a traceback; refusals and
  server errors as one warning line; anything else as an error with its traceback.
* :class:`GoneTokens` remembers the interactions whose token Discord refused (401 50027, 404
  10015/10062): their follow-up and edit routes are not tried again — the channel or a direct
  message carries the answer — and each is logged once, not once per try.
"""

from __future__ import annotations

import asyncio
import logging
import secrets
from collections import OrderedDict
from collections.abc import Awaitable, Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

import aiohttp
import discord

from bot.words import T, _, _n
from engine.core.i18n import Msg, tr

from .messages import NO_MENTIONS

log = logging.getLogger(__name__)

# Discord's JSON error codes (https://discord.com/developers/docs/topics/opcodes-and-status-codes).
UNKNOWN_MESSAGE = 10008
UNKNOWN_WEBHOOK = 10015
UNKNOWN_INTERACTION = 10062
MISSING_ACCESS = 50001
CANNOT_DM = 50007
MISSING_PERMISSIONS = 50013
INVALID_WEBHOOK_TOKEN = 50027
#: Errors that are part of normal life on Discord: logged without a traceback.
EXPECTED_CODES = frozenset({UNKNOWN_MESSAGE, UNKNOWN_WEBHOOK, UNKNOWN_INTERACTION, INVALID_WEBHOOK_TOKEN})
#: The interaction's token can no longer be used: post through the channel instead.
TOKEN_GONE_CODES = frozenset({UNKNOWN_WEBHOOK, UNKNOWN_INTERACTION, INVALID_WEBHOOK_TOKEN})

#: The permissions the bot uses, in the order they are named, with Discord's own names for them.
PERMISSION_NAMES: dict[str, Msg] = {
    "view_channel": T("permission", "View Channels"),
    "send_messages": T("permission", "Send Messages"),
    "send_messages_in_threads": T("permission", "Send Messages in Threads"),
    "attach_files": T("permission", "Attach Files"),
    "embed_links": T("permission", "Embed Links"),
    "read_message_history": T("permission", "Read Message History"),
    "use_external_emojis": T("permission", "Use External Emojis"),
    "use_application_commands": T("permission", "Use Application Commands"),
}
#: What the invite URL grants (docs/discord.md): every permission above but *Use External Emojis*
#: (named when Discord asks for it, not used by the bot's own messages).
BOT_PERMISSIONS = discord.Permissions(**dict.fromkeys((n for n in PERMISSION_NAMES if n != "use_external_emojis"), True))
#: Seconds to wait before each further try of a post that failed in a way that may pass.
RETRY_DELAYS: tuple[float, ...] = (1.0, 2.0, 4.0, 8.0, 16.0)
#: How many of the channel's latest messages are read to find a follow-up of unknown fate.
HISTORY_CHECK = 15

Build = Callable[[bool], tuple[str, dict[str, Any]]]
Sleep = Callable[[float], Awaitable[Any]]


class AmbiguousPost(Exception):
    """A message-creating POST answered a 5xx: Discord may or may not have created the message."""

    def __init__(self, status: int, data: Any) -> None:
        super().__init__(f"{status}: {data!r}"[:300])
        self.status = status
        self.data = data


# ----------------------------------------------------------------------------------------------
# Errors
# ----------------------------------------------------------------------------------------------
def error_code(exc: BaseException) -> int | None:
    """Discord's JSON error code of ``exc`` (``None`` for other errors)."""
    code = getattr(exc, "code", None) if isinstance(exc, discord.HTTPException) else None
    return code if isinstance(code, int) and code else None


def http_status(exc: BaseException) -> int | None:
    """The HTTP status of ``exc`` (429 for a refused rate limit; ``None`` for other errors)."""
    if isinstance(exc, AmbiguousPost):
        return exc.status
    if isinstance(exc, discord.RateLimited):
        return 429
    status = getattr(exc, "status", None) if isinstance(exc, discord.HTTPException) else None
    return status if isinstance(status, int) else None


def is_expected(exc: BaseException) -> bool:
    """True for Discord errors that are part of normal life (an expired interaction, a deleted message)."""
    return error_code(exc) in EXPECTED_CODES


def token_gone(exc: BaseException) -> bool:
    """True when the interaction's token can no longer be used (expired, unknown, invalid)."""
    return error_code(exc) in TOKEN_GONE_CODES or (http_status(exc) == 401 and isinstance(exc, discord.HTTPException))


def is_transient(exc: BaseException) -> bool:
    """True for failures that may pass by themselves: 5xx, rate limits, a dropped connection."""
    status = http_status(exc)
    if status is not None:
        return status >= 500 or status == 429
    return isinstance(exc, aiohttp.ClientError | asyncio.TimeoutError | ConnectionError)


def delivery_errors() -> tuple[type[BaseException], ...]:
    """The exceptions a post can fail with (what the fall-backs catch)."""
    return (discord.HTTPException, discord.RateLimited, AmbiguousPost, aiohttp.ClientError, asyncio.TimeoutError,
            ConnectionError)


def log_failure(logger: logging.Logger, what: str, exc: BaseException) -> None:
    """Log a failed Discord call: expected errors at INFO, HTTP refusals and outages as one WARNING
    line, anything else (a bug) as an ERROR with its traceback."""
    code, status = error_code(exc), http_status(exc)
    if is_expected(exc):
        logger.info("%s: Discord error %s (%s)", what, code, status)
    elif status is not None or isinstance(exc, delivery_errors()):
        logger.warning("%s: %s %s %s", what, status or type(exc).__name__, code or "", str(exc)[:200])
    else:
        logger.error("%s failed", what, exc_info=(type(exc), exc, exc.__traceback__))


# ----------------------------------------------------------------------------------------------
# Permissions
# ----------------------------------------------------------------------------------------------
def known_permissions(interaction: Any) -> discord.Permissions | None:
    """The bot's permissions in the interaction's channel, when Discord gave them (else ``None``)."""
    perms = getattr(interaction, "app_permissions", None)
    return perms if isinstance(perms, discord.Permissions) and perms.value else None


def in_thread(interaction: Any) -> bool:
    """True when the interaction comes from a thread (posting there needs *Send Messages in Threads*)."""
    kind = getattr(getattr(interaction, "channel", None), "type", None)
    return kind in (discord.ChannelType.public_thread, discord.ChannelType.private_thread,
                    discord.ChannelType.news_thread)


def needed_permissions(*, files: bool = True, channel_post: bool = True, thread: bool = False) -> list[str]:
    """The permissions a post needs: ``channel_post`` for ``channel.send`` (a follow-up needs only
    those of its content), ``files`` for a picture."""
    names = ["view_channel", "send_messages_in_threads" if thread else "send_messages"] if channel_post else []
    if files:
        names.append("attach_files")
    return names


def missing_permissions(interaction: Any, *, files: bool = True, channel_post: bool = True) -> list[str]:
    """The permissions of :func:`needed_permissions` that the interaction says the bot lacks
    (none when Discord did not say)."""
    perms = known_permissions(interaction)
    if perms is None:
        return []
    wanted = needed_permissions(files=files, channel_post=channel_post, thread=in_thread(interaction))
    return [name for name in wanted if not getattr(perms, name, False)]


def permission_list(names: Iterable[str]) -> str:
    """The permissions' names in the current language, bold and comma-separated."""
    return ", ".join(f"**{tr(PERMISSION_NAMES.get(n, n))}**" for n in names)


def channel_mention(channel: str | int | None) -> str:
    """``<#id>`` for a channel id, else the words "this channel" (current language)."""
    text = str(channel or "")
    return f"<#{text}>" if text.isdigit() else _("this channel")


def permission_sentence(names: Sequence[str], channel: str | int | None) -> str:
    """"I need the X permission in #channel." (current language)."""
    return _n("I need the {permissions} permission in {channel}.", "I need the {permissions} permissions in {channel}.",
              len(names), permissions=permission_list(names), channel=channel_mention(channel))


# ----------------------------------------------------------------------------------------------
# What failed, in words
# ----------------------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Problem:
    """Why a message did not reach the channel.

    ``kind`` is ``permissions`` (``missing`` names them), ``server`` (Discord answered 5xx),
    ``rate`` (rate limited), ``uncertain`` (a 5xx after which the message could not be looked
    for), ``token`` (the interaction expired and the channel could not be reached either) or
    ``other`` (``status``/``code`` say more).
    """

    kind: str
    channel: str | None = None
    missing: tuple[str, ...] = ()
    status: int | None = None
    code: int | None = None

    def text(self) -> str:
        """The reason in one sentence, in the current language."""
        if self.kind == "permissions":
            return permission_sentence(self.missing, self.channel)
        if self.kind == "server":
            return _("Discord's servers answered with an error ({status}).", status=self.status or "5xx")
        if self.kind == "rate":
            return _("Discord is limiting how fast I can post right now.")
        if self.kind == "uncertain":
            return _("Discord answered with an error, and I could not check whether the message arrived.")
        if self.kind == "token":
            return _("Discord no longer accepts answers to this command, and {channel} could not be reached.",
                     channel=channel_mention(self.channel))
        return _("Discord refused the message ({status} {code}).", status=self.status or "?", code=self.code or "")


def problem_of(exc: BaseException, channel: str | None, *, interaction: Any = None, files: bool = True,
               channel_post: bool = False) -> Problem:
    """The :class:`Problem` behind ``exc`` for a post to ``channel``.

    After a 403 the missing permissions are those the interaction says the bot lacks; when it
    does not say, those the post needed (``files``: a picture; ``channel_post``: ``channel.send``).
    """
    status, code = http_status(exc), error_code(exc)
    if status == 403 and code in (MISSING_PERMISSIONS, MISSING_ACCESS, None):
        thread = in_thread(interaction)
        wanted = needed_permissions(files=files, channel_post=channel_post or code == MISSING_ACCESS, thread=thread)
        lacking = missing_permissions(interaction, files=files, channel_post=True) if interaction is not None else []
        if code == MISSING_ACCESS:
            lacking = [n for n in ("view_channel", "send_messages_in_threads" if thread else "send_messages")
                       if n in lacking] or ["view_channel"]
        return Problem("permissions", channel, tuple(lacking or wanted), status, code)
    if isinstance(exc, AmbiguousPost) or (status is not None and status >= 500):
        return Problem("server", channel, status=status, code=code)
    if status == 429:
        return Problem("rate", channel, status=status, code=code)
    if token_gone(exc):
        return Problem("token", channel, status=status, code=code)
    return Problem("other", channel, status=status, code=code)


# ----------------------------------------------------------------------------------------------
# Follow-ups that are never retried blindly
# ----------------------------------------------------------------------------------------------
class _OnceRequest:
    """``session.request(...)`` whose 5xx answer raises :class:`AmbiguousPost` instead of being returned."""

    def __init__(self, context: Any) -> None:
        self._context = context
        self._response: Any = None

    async def __aenter__(self) -> Any:
        response = await self._context.__aenter__()
        if response.status >= 500:
            try:
                data: Any = await response.text()
            except Exception:  # the body is only for the log
                data = None
            await self._context.__aexit__(None, None, None)
            raise AmbiguousPost(response.status, data)
        self._response = response
        return response

    async def __aexit__(self, *exc: Any) -> Any:
        return await self._context.__aexit__(*exc)


class _OnceSession:
    """An aiohttp session whose message-creating POSTs are not retried after a 5xx (see :class:`AmbiguousPost`)."""

    def __init__(self, session: Any) -> None:
        self._session = session

    def request(self, method: str, url: Any, **kwargs: Any) -> _OnceRequest:
        return _OnceRequest(self._session.request(method, url, **kwargs))

    def __getattr__(self, name: str) -> Any:
        return getattr(self._session, name)


def _single_shot_adapter() -> Any:
    """A webhook adapter that hands a follow-up's 5xx to us instead of retrying it (``None`` if
    this discord.py has no adapter context)."""
    try:
        from discord.webhook.async_ import AsyncWebhookAdapter
    except ImportError:  # pragma: no cover - discord.py without the async webhook module
        return None

    class SingleShotAdapter(AsyncWebhookAdapter):
        """Creating POSTs (follow-ups) go through :class:`_OnceSession`; everything else as usual."""

        def request(self, route: Any, session: Any, **kwargs: Any) -> Any:
            if getattr(route, "method", "") == "POST" and "/callback" not in str(getattr(route, "url", "")):
                session = _OnceSession(session)
            return super().request(route, session, **kwargs)

    return SingleShotAdapter()  # type: ignore[no-untyped-call]  # discord.py's adapter __init__ has no hints


_SINGLE_SHOT = _single_shot_adapter()


async def single_shot(call: Callable[[], Awaitable[Any]]) -> Any:
    """Run a follow-up ``call`` whose 5xx raises :class:`AmbiguousPost` rather than being retried."""
    try:
        from discord.webhook.async_ import async_context
    except ImportError:  # pragma: no cover
        return await call()
    if _SINGLE_SHOT is None:  # pragma: no cover
        return await call()
    token = async_context.set(_SINGLE_SHOT)
    try:
        return await call()
    finally:
        async_context.reset(token)


def new_nonce() -> str:
    """A nonce for ``channel.send``: Discord returns the first message for a repeated one."""
    return str(secrets.randbits(62))


# ----------------------------------------------------------------------------------------------
# Routes
# ----------------------------------------------------------------------------------------------
@dataclass(slots=True)
class Posted:
    """The result of a public post: the message (``None`` if none got through), whether its picture
    was left out, and the problems met on the way (in order)."""

    message: Any = None
    without_picture: bool = False
    problems: list[Problem] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        """True when the message (maybe without its picture) reached the channel."""
        return self.message is not None

    def note(self) -> Problem | None:
        """The problem to tell the player about (``None`` when the full message got through)."""
        if self.message is not None and not self.without_picture:
            return None
        for problem in self.problems:
            if problem.kind in ("permissions", "uncertain"):
                return problem
        return self.problems[-1] if self.problems else Problem("other")


class GoneTokens:
    """The interactions whose token Discord no longer accepts, by id (the latest ``limit``).

    :meth:`add` logs the first refusal of each at INFO (what failed, the code, where the answer
    goes instead); later refusals of the same token are not logged again.
    """

    def __init__(self, limit: int = 1024) -> None:
        self.limit = limit
        self._ids: OrderedDict[int, None] = OrderedDict()

    def __contains__(self, interaction: object) -> bool:
        key = getattr(interaction, "id", None)
        return isinstance(key, int) and key in self._ids

    def add(self, interaction: Any, what: str, exc: BaseException) -> None:
        """Remember that ``interaction``'s token was refused with ``exc`` while ``what``."""
        key = getattr(interaction, "id", None)
        if not isinstance(key, int) or key in self._ids:
            return
        self._ids[key] = None
        while len(self._ids) > self.limit:
            self._ids.popitem(last=False)
        log.info("%s: the token of interaction %s is no longer valid (Discord error %s, %s); its answers go "
                 "through the channel or a direct message", what, key, error_code(exc), http_status(exc))


def interaction_expired(interaction: Any) -> bool:
    """True when the interaction's 15-minute token has run out (follow-ups would fail)."""
    check = getattr(interaction, "is_expired", None)
    try:
        return callable(check) and check() is True
    except Exception:
        return False


class Messenger:
    """Posts through whatever route works (follow-up, channel, direct message) with short retries.

    ``client`` resolves channels and users (``None``: only the interaction's own routes, as in the
    adapter tests with fake interactions). ``sleep`` and ``delays`` are the back-off between tries.
    """

    def __init__(self, client: Any = None, *, sleep: Sleep | None = None,
                 delays: Sequence[float] = RETRY_DELAYS[:2], gone: GoneTokens | None = None) -> None:
        self.client = client
        self.sleep: Sleep = sleep or asyncio.sleep
        self.delays = tuple(delays)
        #: Interactions whose token was refused (shared with the outbox's messenger).
        self.gone = gone if gone is not None else GoneTokens()

    def usable(self, interaction: Any) -> bool:
        """True when ``interaction``'s follow-ups may still work (not expired, not refused before)."""
        return interaction is not None and not interaction_expired(interaction) and interaction not in self.gone

    # -- where ----------------------------------------------------------------------------------
    def channel(self, channel_id: str | int | None, interaction: Any = None) -> Any:
        """Something with ``send``/``history`` for ``channel_id`` (``None`` without a client)."""
        client = self.client if self.client is not None else getattr(interaction, "client", None)
        if not isinstance(client, discord.Client) or not str(channel_id or "").isdigit():
            return None
        number = int(str(channel_id))
        return client.get_channel(number) or client.get_partial_messageable(number)

    # -- public ---------------------------------------------------------------------------------
    async def public(self, interaction: Any, channel_id: str | None, build: Build, *,
                     nonce: str | None = None, channel_first: bool = False) -> Posted:
        """Post the public message ``build(with_picture)`` in ``channel_id``; never raises for a
        Discord failure.

        Routes, in order (``channel_first`` swaps the first two): the interaction's follow-up
        (skipped when ``interaction`` is ``None`` or its token expired; a 5xx is checked against
        the channel's latest messages before anything is tried again), ``channel.send`` with
        ``nonce`` (idempotent), then both again without the picture when one refused it for
        permissions.
        """
        posted = Posted()
        nonce = nonce or new_nonce()
        channel = self.channel(channel_id, interaction)
        has_picture = bool(build(True)[1].get("files"))
        routes = ("channel", "followup") if channel_first else ("followup", "channel")
        for picture in ((True, False) if has_picture else (False,)):
            for route in routes:
                if route == "followup" and self.usable(interaction):
                    message = await self._followup(interaction, channel, channel_id, build, picture, posted)
                elif route == "channel" and channel is not None:
                    message = await self._channel_send(channel, channel_id, build, picture, nonce, posted, interaction)
                else:
                    continue
                if message is not None:
                    posted.message, posted.without_picture = message, has_picture and not picture
                    return posted
                if posted.problems and posted.problems[-1].kind == "uncertain":
                    return posted  # it may be there already: never post it a second time
            # nothing got through with the picture: the text alone still tells who is next
        return posted

    async def _followup(self, interaction: Any, channel: Any, channel_id: str | None, build: Build, picture: bool,
                        posted: Posted) -> Any:
        content, kwargs = build(picture)
        for attempt in range(len(self.delays) + 1):
            async def send(c: str = content, k: dict[str, Any] = kwargs) -> Any:
                return await interaction.followup.send(c, ephemeral=False, **k)

            try:
                return await single_shot(send)
            except AmbiguousPost as exc:
                log_failure(log, f"follow-up in channel {channel_id}", exc)
                found, checked = await self._find(channel, interaction, content)
                if found is not None:
                    return found
                if not checked:
                    posted.problems.append(Problem("uncertain", channel_id, status=exc.status))
                    return None
                posted.problems.append(problem_of(exc, channel_id))
            except delivery_errors() as exc:
                if token_gone(exc):
                    self.gone.add(interaction, f"follow-up in channel {channel_id}", exc)
                    return None  # the channel route takes over
                log_failure(log, f"follow-up in channel {channel_id}", exc)
                posted.problems.append(problem_of(exc, channel_id, interaction=interaction, files=picture))
                if not is_transient(exc):
                    return None
            if attempt < len(self.delays):
                await self.sleep(self.delays[attempt])
            content, kwargs = build(picture)
        return None

    async def _find(self, channel: Any, interaction: Any, content: str) -> tuple[Any, bool]:
        """``(message, checked)``: the follow-up of ``interaction`` with ``content`` among the
        channel's latest messages (``None`` if absent); ``checked`` is False when the channel could
        not be read."""
        if channel is None:
            return None, False
        try:
            async for message in channel.history(limit=HISTORY_CHECK):
                meta = getattr(message, "interaction_metadata", None)
                if meta is not None and getattr(meta, "id", None) == interaction.id and message.content == content:
                    return message, True
        except delivery_errors() as exc:
            log_failure(log, "reading the channel to find a follow-up", exc)
            return None, False
        return None, True

    async def _channel_send(self, channel: Any, channel_id: str | None, build: Build, picture: bool, nonce: str,
                            posted: Posted, interaction: Any = None) -> Any:
        for attempt in range(len(self.delays) + 1):
            content, kwargs = build(picture)
            kwargs.pop("ephemeral", None)
            try:
                return await channel.send(content, nonce=nonce, **kwargs)
            except delivery_errors() as exc:
                log_failure(log, f"posting in channel {channel_id}", exc)
                posted.problems.append(problem_of(exc, channel_id, interaction=interaction, files=picture,
                                                  channel_post=True))
                if not is_transient(exc):
                    return None
            if attempt < len(self.delays):
                await self.sleep(self.delays[attempt])
        return None

    # -- private --------------------------------------------------------------------------------
    async def private(self, interaction: Any, text: str, *, edit_first: bool = False) -> bool:
        """Tell the interaction's user ``text`` ephemerally: a follow-up, else by editing the
        command's own (first) answer. ``edit_first`` tries the edit first (to correct an
        acknowledgement). False when neither got through."""
        if interaction in self.gone:
            return False  # its token was refused before: the caller sends a direct message
        routes = ("edit", "followup") if edit_first else ("followup", "edit")
        for route in routes:
            try:
                if route == "followup":
                    await interaction.followup.send(text, ephemeral=True, allowed_mentions=NO_MENTIONS)
                else:
                    await interaction.edit_original_response(content=text, allowed_mentions=NO_MENTIONS)
                return True
            except delivery_errors() as exc:
                if token_gone(exc):
                    self.gone.add(interaction, f"answering interaction {getattr(interaction, 'id', '?')} ({route})",
                                  exc)
                    return False
                log_failure(log, f"answering interaction {getattr(interaction, 'id', '?')} ({route})", exc)
            except (TypeError, AttributeError):  # a test double without that route
                continue
        return False

    async def dm(self, user_id: str | int | None, text: str) -> bool:
        """A direct message to ``user_id`` (False when there is no client, or it fails: 50007 …)."""
        client = self.client
        if not isinstance(client, discord.Client) or not str(user_id or "").isdigit():
            return False
        try:
            user = client.get_user(int(str(user_id))) or await client.fetch_user(int(str(user_id)))
            await user.send(text, allowed_mentions=NO_MENTIONS)
            return True
        except delivery_errors() as exc:
            log_failure(log, f"direct message to user {user_id}", exc)
            return False
