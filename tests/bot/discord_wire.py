"""A fake Discord on 127.0.0.1 for running the real bot under discord.py, with faults injected.

The network under aiohttp is replaced by a local aiohttp server: discord.py's REST routes
(``Route.BASE`` of the HTTP client and of the webhook adapter) point at it, and its gateway is a
websocket on the same server (``/gateway/bot`` hands out its address). Everything above the socket
is the real library: gateway frames are parsed by ``DiscordWebSocket.received_message``,
interactions by ``ConnectionState.parse_interaction_create`` and the command tree, requests go
through ``HTTPClient.request`` and ``AsyncWebhookAdapter.request`` with their own retry logic.

The server keeps a small model of what people see, so a test can assert on outcomes rather than
on calls: the messages of each channel (a non-ephemeral follow-up included), what each user was
told ephemerally and by direct message, which deferred answers are still "thinking…". It mimics
the Discord behaviour that matters here: the first follow-up after a deferral edits the deferred
answer (and keeps its ephemeral flag); ``enforce_nonce`` returns the earlier message for a
repeated nonce; an expired interaction answers 401 50027 to its webhook and 404 10062 to its
callback.

Faults (:class:`Fault`) are chosen per request kind: a status and Discord error code, on some or
all matching requests, optionally *after* doing the work (an ambiguous 5xx), a 429 with or
without the ``Via`` header. Gateway faults: close codes, op 7 RECONNECT, an invalid session,
events held back until a RESUME. No real time passes: discord.py's sleeps are made instant
(:func:`fast_sleeps`) and recorded.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import json
import types
from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

import discord
import discord.client
import discord.gateway
import discord.http
import discord.shard
import discord.webhook.async_
import pytest
import yarl
from aiohttp import web

APP_ID = 4242
GUILD = 777
CHANNEL = 555
ANN, BOB, CAT = 1001, 1002, 1003
NAMES = {ANN: "Ann", BOB: "Bob", CAT: "Cat"}
#: Every permission the bot asks for (what a well-set-up channel gives).
ALL_PERMISSIONS = discord.Permissions(
    view_channel=True, send_messages=True, send_messages_in_threads=True, attach_files=True, embed_links=True,
    read_message_history=True, use_external_emojis=True, use_application_commands=True,
)
_counter = itertools.count(1)


def snowflake() -> int:
    """A fresh id made of the current time, as Discord's are (an interaction's age comes from it)."""
    millis = int(datetime.now(UTC).timestamp() * 1000) - 1_420_070_400_000
    return (millis << 22) + (next(_counter) % (1 << 22))


def user_payload(user_id: int) -> dict[str, Any]:
    """A Discord user object."""
    name = NAMES.get(user_id, "Meiji Table" if user_id == APP_ID else f"user{user_id}")
    return {"id": str(user_id), "username": name, "discriminator": "0", "global_name": name, "avatar": None,
            "bot": user_id == APP_ID}


def _now() -> str:
    return datetime.now(UTC).isoformat()


# ----------------------------------------------------------------------------------------------
# Faults
# ----------------------------------------------------------------------------------------------
@dataclass
class Fault:
    """An error answer for matching requests.

    ``kind`` is the request kind (``callback``, ``followup``, ``edit_original``, ``channel_post``,
    ``history``, ``dm_open``); ``files``/``ephemeral``/``channel``/``interaction`` narrow it.
    The first ``skip`` matching requests pass; then ``times`` are answered with the error
    (``None``: all); ``after_create``
    does the work first and answers the error anyway (Discord created the message, the answer got
    lost). A 429 carries ``retry_after`` and the ``Via`` proxy header unless ``via`` is false.
    """

    kind: str
    status: int
    code: int = 0
    times: int | None = None
    files: bool | None = None
    ephemeral: bool | None = None
    channel: int | None = None
    interaction: int | None = None
    after_create: bool = False
    via: bool = True
    retry_after: float = 0.25
    skip: int = 0
    hits: int = 0
    seen: int = 0

    def matches(self, call: Call) -> bool:
        """Whether this fault answers ``call`` (and has answers left); the first ``skip`` matching
        requests pass untouched."""
        if self.times is not None and self.hits >= self.times:
            return False
        if not self._fits(call):
            return False
        self.seen += 1
        return self.seen > self.skip

    def _fits(self, call: Call) -> bool:
        return (self.kind == call.kind and (self.files is None or self.files == bool(call.files))
                and (self.ephemeral is None or self.ephemeral == call.ephemeral)
                and (self.channel is None or self.channel == call.channel)
                and (self.interaction is None or self.interaction == call.interaction))

    def response(self) -> web.Response:
        """The error response."""
        if self.status == 429:
            body: dict[str, Any] = {"message": "You are being rate limited.", "retry_after": self.retry_after,
                                    "global": False}
            headers = {"Retry-After": str(self.retry_after)}
            if self.via:
                headers["Via"] = "1.1 google"
            return _json(body, 429, headers)
        if self.status >= 500 and not self.code:
            return web.Response(status=self.status, text="upstream connect error", content_type="text/plain")
        return _json({"message": f"fault {self.code}", "code": self.code}, self.status)


def _json(data: Any, status: int = 200, headers: dict[str, str] | None = None) -> web.Response:
    # discord.py reads JSON only with exactly this content type (no charset)
    return web.Response(body=json.dumps(data).encode(), status=status,
                        headers={"Content-Type": "application/json", **(headers or {})})


@dataclass
class Call:
    """One request the bot made, and the status it got."""

    method: str
    path: str
    kind: str
    payload: dict[str, Any]
    files: list[str]
    channel: int | None = None
    interaction: int | None = None
    ephemeral: bool = False
    status: int = 0


@dataclass
class Answer:
    """The state of one interaction's answer as the user sees it."""

    interaction: int
    token: str
    user: int
    channel: int
    deferred: bool = False
    ephemeral: bool = False
    loading: bool = False
    message_id: int = 0
    expired: bool = False
    #: what only the user saw (the deferred answer's text and ephemeral follow-ups)
    private: list[str] = field(default_factory=list)


# ----------------------------------------------------------------------------------------------
# The fake Discord
# ----------------------------------------------------------------------------------------------
class FakeDiscord:
    """REST and gateway of a fake Discord, with faults, on 127.0.0.1."""

    def __init__(self) -> None:
        self.faults: list[Fault] = []
        self.calls: list[Call] = []
        self.channels: dict[int, list[dict[str, Any]]] = {}
        self.answers: dict[str, Answer] = {}
        self.by_id: dict[int, Answer] = {}
        self.dms: dict[int, list[str]] = {}
        self._dm_channels: dict[int, int] = {}
        self._nonces: dict[tuple[int, str], dict[str, Any]] = {}
        self.deleted: set[int] = set()
        self.inflight = 0
        # gateway
        self.ws: web.WebSocketResponse | None = None
        self.session_id: str | None = None
        self.seq = 0
        self.held: list[dict[str, Any]] = []
        self.resumable = True
        self.identifies = 0
        self.resumes = 0
        self.connected = asyncio.Event()
        self._runner: web.AppRunner | None = None
        self.port = 0

    # -- life -----------------------------------------------------------------------------------
    @property
    def base(self) -> str:
        """The REST base URL (``Route.BASE``)."""
        return f"http://127.0.0.1:{self.port}/api/v10"

    @property
    def gateway_url(self) -> str:
        """The gateway's websocket URL."""
        return f"ws://127.0.0.1:{self.port}/gateway"

    async def start(self) -> None:
        """Listen on a free port of 127.0.0.1."""
        app = web.Application()
        app.router.add_get("/gateway", self._gateway)
        app.router.add_route("*", "/api/v10/{tail:.*}", self._rest)
        self._runner = web.AppRunner(app, handle_signals=False)
        await self._runner.setup()
        site = web.TCPSite(self._runner, "127.0.0.1", 0)
        await site.start()
        self.port = site._server.sockets[0].getsockname()[1]  # type: ignore[union-attr]

    async def stop(self) -> None:
        """Close the gateway and stop the server."""
        if self.ws is not None and not self.ws.closed:
            await self.ws.close(code=1000)
        if self._runner is not None:
            await self._runner.cleanup()

    def fail(self, kind: str, status: int, code: int = 0, **kwargs: Any) -> Fault:
        """Add a :class:`Fault` (see there) and return it."""
        fault = Fault(kind, status, code, **kwargs)
        self.faults.append(fault)
        return fault

    def expire(self, interaction_id: int) -> None:
        """The interaction's token runs out: its webhook answers 401 50027, its callback 404 10062."""
        self.by_id[interaction_id].expired = True

    # -- what people see ------------------------------------------------------------------------
    def public(self, channel: int = CHANNEL) -> list[dict[str, Any]]:
        """The messages everybody sees in ``channel``, oldest first."""
        return [m for m in self.channels.get(channel, []) if not m["flags"] & 64 and int(m["id"]) not in self.deleted]

    def texts(self, channel: int = CHANNEL) -> list[str]:
        """The contents of :meth:`public`."""
        return [m["content"] for m in self.public(channel)]

    def loading(self) -> list[Answer]:
        """Deferred answers still "thinking…"."""
        return [a for a in self.answers.values() if a.deferred and a.loading]

    def told(self, user: int) -> list[str]:
        """Everything only ``user`` was told: ephemeral answers and direct messages."""
        out = [t for a in self.answers.values() if a.user == user for t in a.private]
        return out + self.dms.get(user, [])

    # -- gateway --------------------------------------------------------------------------------
    async def _gateway(self, request: web.Request) -> web.WebSocketResponse:
        ws = web.WebSocketResponse(autoping=True)
        await ws.prepare(request)
        await ws.send_json({"op": 10, "d": {"heartbeat_interval": 45000}})
        async for msg in ws:
            try:
                frame = json.loads(msg.data)
            except (TypeError, ValueError):
                continue
            op = frame.get("op")
            if op == 1:
                await ws.send_json({"op": 11})
            elif op == 2:
                self.identifies += 1
                self.session_id, self.seq, self.resumable, self.held = f"s{snowflake()}", 0, True, []
                self.ws = ws
                await self._send("READY", {
                    "v": 10, "user": user_payload(APP_ID), "guilds": [], "session_id": self.session_id,
                    "resume_gateway_url": self.gateway_url, "shard": [0, 1],
                    "application": {"id": str(APP_ID), "flags": 0},
                })
                self.connected.set()
            elif op == 6:
                data = frame.get("d") or {}
                if not self.resumable or data.get("session_id") != self.session_id:
                    await ws.send_json({"op": 9, "d": False})
                    continue
                self.resumes += 1
                self.ws = ws
                held, self.held = self.held, []
                for event in held:
                    await ws.send_json(event)
                self.seq += 1
                await ws.send_json({"op": 0, "t": "RESUMED", "s": self.seq, "d": {}})
                self.connected.set()
        if self.ws is ws:
            self.ws = None
            self.connected.clear()
        return ws

    async def _send(self, event: str, data: dict[str, Any]) -> None:
        self.seq += 1
        frame = {"op": 0, "t": event, "s": self.seq, "d": data}
        if self.ws is None or self.ws.closed:
            self.held.append(frame)
        else:
            await self.ws.send_json(frame)

    async def close_gateway(self, code: int, *, resumable: bool = True) -> None:
        """Close the gateway connection with ``code``; ``resumable=False`` refuses the RESUME (op 9)."""
        ws, self.ws = self.ws, None
        self.connected.clear()
        self.resumable = resumable
        if ws is not None:
            await ws.close(code=code)

    async def reconnect_op(self) -> None:
        """Send op 7 RECONNECT (the client closes and resumes)."""
        ws, self.ws = self.ws, None
        self.connected.clear()
        if ws is not None:
            await ws.send_json({"op": 7, "d": None})

    # -- interactions ---------------------------------------------------------------------------
    async def interact(self, data: dict[str, Any]) -> Answer:
        """Deliver an INTERACTION_CREATE (held back while the gateway is down, until a RESUME)."""
        answer = Answer(int(data["id"]), data["token"], int(data["member"]["user"]["id"] if "member" in data
                                                            else data["user"]["id"]), int(data["channel_id"]))
        self.answers[answer.token] = answer
        self.by_id[answer.interaction] = answer
        await self._send("INTERACTION_CREATE", data)
        return answer

    # -- REST -----------------------------------------------------------------------------------
    async def _rest(self, request: web.Request) -> web.Response:
        self.inflight += 1
        try:
            return await self._handle(request)
        finally:
            self.inflight -= 1

    async def _handle(self, request: web.Request) -> web.Response:
        path = "/" + request.match_info["tail"]
        parts = path.strip("/").split("/")
        payload, files = await _body(request)
        call = Call(request.method, path, _kind(request.method, parts), payload, files)
        if call.kind in ("callback", "followup", "edit_original", "get_original"):
            token = parts[2] if call.kind == "callback" else parts[2]
            answer = self.answers.get(token)
            call.interaction = answer.interaction if answer else None
            call.channel = answer.channel if answer else None
        elif parts[0] == "channels" and len(parts) > 1 and parts[1].isdigit():
            call.channel = int(parts[1])
        call.ephemeral = bool(int(payload.get("flags") or (payload.get("data") or {}).get("flags") or 0) & 64)
        self.calls.append(call)
        response = await self._answer(call, parts, payload, request)
        call.status = response.status
        return response

    async def _answer(self, call: Call, parts: list[str], payload: dict[str, Any], request: web.Request) -> web.Response:
        expired = self._expired(call)
        if expired is not None:
            return expired
        fault = next((f for f in self.faults if f.matches(call)), None)
        if fault is not None:
            fault.hits += 1
            if not fault.after_create:
                return fault.response()
        result = self._do(call, parts, payload, request)
        return fault.response() if fault is not None else result

    def _expired(self, call: Call) -> web.Response | None:
        answer = self.by_id.get(call.interaction or 0)
        if answer is None or not answer.expired:
            return None
        if call.kind == "callback":
            return _json({"message": "Unknown interaction", "code": 10062}, 404)
        return _json({"message": "Invalid Webhook Token", "code": 50027}, 401)

    def _do(self, call: Call, parts: list[str], payload: dict[str, Any], request: web.Request) -> web.Response:
        kind = call.kind
        if kind == "me":
            return _json(user_payload(APP_ID))
        if kind == "application":
            return _json({"id": str(APP_ID), "name": "Meiji Table", "icon": None, "description": "",
                          "bot_public": True, "bot_require_code_grant": False, "owner": user_payload(ANN),
                          "summary": "", "verify_key": "0" * 64, "flags": 0, "team": None})
        if kind == "gateway":
            return _json({"url": self.gateway_url, "shards": 1,
                          "session_start_limit": {"total": 1000, "remaining": 1000, "reset_after": 0,
                                                  "max_concurrency": 1}})
        if kind == "callback":
            return self._callback(call, payload)
        if kind == "followup":
            return _json(self._followup(call, payload))
        if kind == "edit_original":
            return self._edit_original(call, parts, payload)
        if kind == "channel_post":
            return self._channel_post(call, payload)
        if kind == "history":
            limit = int(request.query.get("limit", "50"))
            messages = [m for m in self.channels.get(call.channel or 0, []) if not m["flags"] & 64]
            return _json(list(reversed(messages))[:limit])
        if kind == "get_channel":
            return _json(_channel_payload(int(parts[1])))
        if kind == "dm_open":
            user = int(payload["recipient_id"])
            channel = self._dm_channels.setdefault(user, snowflake())
            return _json({"id": str(channel), "type": 1, "last_message_id": None,
                          "recipients": [user_payload(user)]})
        if kind == "get_user":
            return _json(user_payload(int(parts[1])))
        return _json({"message": "404: Not Found", "code": 0}, 404)

    def _callback(self, call: Call, payload: dict[str, Any]) -> web.Response:
        answer = self.by_id.get(call.interaction or 0)
        if answer is None:
            return _json({"message": "Unknown interaction", "code": 10062}, 404)
        kind = int(payload.get("type", 0))
        data = payload.get("data") or {}
        flags = int(data.get("flags") or 0)
        if kind == 5:  # deferred channel message: "thinking…"
            answer.deferred, answer.loading, answer.ephemeral = True, True, bool(flags & 64)
            answer.message_id = snowflake()
        elif kind == 4:
            answer.message_id = snowflake()
            message = self._message(answer.channel, data.get("content") or "", flags, answer, [], answer.message_id)
            if flags & 64:
                answer.private.append(message["content"])
        # kind 6 (deferred update of a component's message) shows nothing
        resource = {"type": kind}
        return _json({"interaction": {"id": str(answer.interaction), "type": 2,
                                      "response_message_loading": kind == 5,
                                      "response_message_ephemeral": bool(flags & 64)}, "resource": resource})

    def _followup(self, call: Call, payload: dict[str, Any]) -> dict[str, Any]:
        answer = self.by_id[call.interaction or 0]
        content = payload.get("content") or ""
        flags = int(payload.get("flags") or 0)
        if answer.loading:  # the first follow-up after a deferral edits the deferred answer
            answer.loading = False
            flags = 64 if answer.ephemeral else 0
            message = self._message(answer.channel, content, flags, answer, call.files, answer.message_id)
        else:
            message = self._message(answer.channel, content, flags, answer, call.files)
        if flags & 64:
            answer.private.append(content)
        return message

    def _edit_original(self, call: Call, parts: list[str], payload: dict[str, Any]) -> web.Response:
        answer = self.by_id[call.interaction or 0]
        target = parts[-1]
        if target != "@original":
            return _json({"message": "Unknown Message", "code": 10008}, 404)
        if not answer.deferred:  # a component's message (replay viewer): edit that message
            message_id = answer.message_id
            if message_id in self.deleted or not message_id:
                return _json({"message": "Unknown Message", "code": 10008}, 404)
            return _json(self._message(answer.channel, payload.get("content") or "", 64, answer, call.files,
                                       message_id, store=False))
        was_loading, answer.loading = answer.loading, False
        content = payload.get("content") or ""
        flags = 64 if answer.ephemeral else 0
        if flags & 64:
            if was_loading or not answer.private:
                answer.private.append(content)
            else:
                answer.private[0] = content
        return _json(self._message(answer.channel, content, flags, answer, call.files, answer.message_id,
                                   store=was_loading))

    def _channel_post(self, call: Call, payload: dict[str, Any]) -> web.Response:
        channel = call.channel or 0
        nonce = payload.get("nonce")
        if nonce is not None and payload.get("enforce_nonce"):
            earlier = self._nonces.get((channel, str(nonce)))
            if earlier is not None:  # Discord: the same nonce returns the first message
                return _json(earlier)
        message = self._message(channel, payload.get("content") or "", 0, None, call.files)
        message["nonce"] = nonce
        if nonce is not None:
            self._nonces[(channel, str(nonce))] = message
        dm_user = next((u for u, c in self._dm_channels.items() if c == channel), None)
        if dm_user is not None:
            self.dms.setdefault(dm_user, []).append(message["content"])
        return _json(message)

    def _message(self, channel: int, content: str, flags: int, answer: Answer | None, files: list[str],
                 message_id: int | None = None, store: bool = True) -> dict[str, Any]:
        message: dict[str, Any] = {
            "id": str(message_id or snowflake()), "channel_id": str(channel), "author": user_payload(APP_ID),
            "content": content, "timestamp": _now(), "edited_timestamp": None, "tts": False,
            "mention_everyone": False, "mentions": [], "mention_roles": [], "embeds": [], "pinned": False,
            "type": 0 if answer is None else 20, "flags": flags, "components": [],
            "attachments": [{"id": str(snowflake()), "filename": f, "size": 10, "url": f"https://cdn/{f}",
                             "proxy_url": f"https://cdn/{f}"} for f in files],
        }
        if answer is not None:
            message["webhook_id"] = str(APP_ID)
            message["application_id"] = str(APP_ID)
            message["interaction_metadata"] = {"id": str(answer.interaction), "type": 2,
                                               "user": user_payload(answer.user),
                                               "authorizing_integration_owners": {"0": str(GUILD)}}
        if store:
            existing = self.channels.setdefault(channel, [])
            same = next((i for i, m in enumerate(existing) if m["id"] == message["id"]), None)
            if same is None:
                existing.append(message)
            else:
                existing[same] = message
        return message


def _kind(method: str, parts: list[str]) -> str:
    head = parts[0] if parts else ""
    if head == "users" and parts[1:] == ["@me"]:
        return "me"
    if head == "users" and parts[1:] == ["@me", "channels"]:
        return "dm_open"
    if head == "users":
        return "get_user"
    if head == "oauth2":
        return "application"
    if head == "gateway":
        return "gateway"
    if head == "interactions":
        return "callback"
    if head == "webhooks":
        if len(parts) == 3 and method == "POST":
            return "followup"
        if len(parts) >= 5 and method == "PATCH":
            return "edit_original"
        return "get_original"
    if head == "channels" and parts[2:3] == ["messages"] and len(parts) == 3:
        return "channel_post" if method == "POST" else "history"
    if head == "channels" and len(parts) == 2:
        return "get_channel"
    return "other"


async def _body(request: web.Request) -> tuple[dict[str, Any], list[str]]:
    if request.content_type.startswith("multipart/"):
        form = await request.post()
        payload = json.loads(str(form.get("payload_json") or "{}"))
        files = [getattr(v, "filename", "file") for k, v in form.items() if k.startswith("files[")]
        return payload, files
    if request.can_read_body:
        try:
            return await request.json(), []
        except ValueError:
            return {}, []
    return {}, []


def _channel_payload(channel: int) -> dict[str, Any]:
    return {"id": str(channel), "type": 0, "guild_id": str(GUILD), "name": "games", "position": 0,
            "permission_overwrites": [], "nsfw": False, "parent_id": None, "topic": None,
            "last_message_id": None, "rate_limit_per_user": 0}


# ----------------------------------------------------------------------------------------------
# Payloads
# ----------------------------------------------------------------------------------------------
def command_payload(name: str, options: dict[str, Any] | None = None, *, sub: str | None = None, user: int = ANN,
                    channel: int = CHANNEL, permissions: discord.Permissions | None = ALL_PERMISSIONS,
                    locale: str = "en-US") -> dict[str, Any]:
    """An INTERACTION_CREATE of ``/name [sub] options…`` by ``user`` in a server channel.

    ``permissions`` is the bot's permissions there (``app_permissions``); ``None`` leaves it out.
    """
    types_ = {bool: 5, int: 4, str: 3}
    opts = [{"name": k, "type": types_[type(v)], "value": v} for k, v in (options or {}).items()]
    data: dict[str, Any] = {"id": str(snowflake()), "name": name, "type": 1,
                            "options": [{"name": sub, "type": 1, "options": opts}] if sub else opts}
    return _interaction(2, data, user, channel, permissions, locale)


def click_payload(custom_id: str, message: dict[str, Any], *, user: int = ANN, channel: int = CHANNEL,
                  permissions: discord.Permissions | None = ALL_PERMISSIONS) -> dict[str, Any]:
    """An INTERACTION_CREATE of a click on the button ``custom_id`` under ``message`` (the button is
    put on the message: discord.py rebuilds the clicked item from it)."""
    payload = _interaction(3, {"custom_id": custom_id, "component_type": 2}, user, channel, permissions, "en-US")
    button = {"type": 2, "style": 2, "label": "button", "custom_id": custom_id}
    payload["message"] = {**message, "components": [{"type": 1, "components": [button]}]}
    return payload


def _interaction(kind: int, data: dict[str, Any], user: int, channel: int, permissions: discord.Permissions | None,
                 locale: str) -> dict[str, Any]:
    payload: dict[str, Any] = {
        "id": str(snowflake()), "application_id": str(APP_ID), "type": kind, "token": f"tok{snowflake()}",
        "version": 1, "guild_id": str(GUILD), "channel_id": str(channel), "channel": _channel_payload(channel),
        "member": {"user": user_payload(user), "roles": [], "joined_at": _now(), "deaf": False, "mute": False,
                   "permissions": str(discord.Permissions.all().value), "flags": 0},
        "locale": locale, "guild_locale": "en-US", "entitlements": [],
        "authorizing_integration_owners": {"0": str(GUILD)}, "context": 0, "data": data,
        "attachment_size_limit": 10 * 1024 * 1024,
        "guild": {"id": str(GUILD), "locale": "en-US", "features": []},
    }
    if permissions is not None:
        payload["app_permissions"] = str(permissions.value)
    return payload


# ----------------------------------------------------------------------------------------------
# Running the bot against it
# ----------------------------------------------------------------------------------------------
class _FastAsyncio(types.ModuleType):
    """``asyncio`` for discord.py's modules, with ``sleep`` instant (and recorded)."""

    def __init__(self, delays: list[float]) -> None:
        super().__init__("asyncio")
        self._delays = delays

    def __getattr__(self, name: str) -> Any:
        return getattr(asyncio, name)

    async def sleep(self, delay: float, result: Any = None) -> Any:
        """Record ``delay`` and only yield to the loop."""
        if delay:
            self._delays.append(float(delay))
        return await _REAL_SLEEP(0, result)


_REAL_SLEEP = asyncio.sleep


def fast_sleeps(monkeypatch: pytest.MonkeyPatch) -> list[float]:
    """Make discord.py's sleeps (retries, back-off, rate limits) instant; returns the recorded delays."""
    delays: list[float] = []
    fast = _FastAsyncio(delays)
    for module in (discord.http, discord.webhook.async_, discord.shard, discord.client, discord.gateway):
        monkeypatch.setattr(module, "asyncio", fast)
    return delays


@dataclass
class Wire:
    """A running bot connected to a :class:`FakeDiscord`."""

    fake: FakeDiscord
    bot: Any
    delays: list[float]

    async def send(self, payload: dict[str, Any]) -> Answer:
        """Deliver an interaction and wait until the bot (and its bots' loop) is done with it."""
        answer = await self.fake.interact(payload)
        await self.settle()
        return answer

    async def settle(self, rounds: int = 400) -> None:
        """Wait until no command, component, bots' loop or outbox task runs and no request is open."""
        quiet = 0
        for _ in range(rounds):
            busy = [t for t in asyncio.all_tasks() if not t.done() and t.get_name().startswith(
                ("CommandTree", "discord-ui", "meiji-"))]
            if busy:
                quiet = 0
                await asyncio.wait(busy, timeout=10)
                continue
            if self.fake.inflight:
                quiet = 0
                await _REAL_SLEEP(0.001)
                continue
            quiet += 1
            if quiet >= 5:
                return
            await _REAL_SLEEP(0.002)
        raise AssertionError("the bot did not settle")

    async def wait_connected(self) -> None:
        """Wait until the gateway session is up again (after a reconnect)."""
        await asyncio.wait_for(self.fake.connected.wait(), timeout=10)
        await self.settle()


@contextlib.asynccontextmanager
async def wire(built: Any, monkeypatch: pytest.MonkeyPatch) -> AsyncIterator[Wire]:
    """Start a :class:`FakeDiscord` and the real bot connected to it, built as ``meiji run`` builds
    it (:func:`bot.discord_app.client.discord_bot`) over ``built``: a composed
    :class:`bot.app.App`, or the host of one (:func:`bot.app.compose`)."""
    from bot.app import App
    from bot.discord_app.client import discord_bot
    from bot.host import Host

    delays = fast_sleeps(monkeypatch)
    fake = FakeDiscord()
    await fake.start()
    monkeypatch.setattr(discord.http.Route, "BASE", fake.base)
    monkeypatch.setattr(discord.webhook.async_.Route, "BASE", fake.base)
    monkeypatch.setattr(discord.gateway.DiscordWebSocket, "DEFAULT_GATEWAY", yarl.URL(fake.gateway_url))
    app = built if isinstance(built, App) else App(store=built.store, renderer=built.render, host=built)
    assert isinstance(app.host, Host)
    bot = discord_bot(app)
    bot._connection.guild_ready_timeout = 0.01
    tables = bot.tables

    async def instant(delay: float, result: Any = None) -> Any:
        delays.append(float(delay))
        return await _REAL_SLEEP(0, result)

    outbox = getattr(tables, "outbox", None)
    for part in (getattr(tables, "messenger", None), outbox, getattr(outbox, "messenger", None)):
        if part is not None:  # the back-off of the bot's own retries
            part.sleep = instant
    runner: asyncio.Task[None] | None = None
    try:
        await bot.login("fake-token")
        bot.reminder_loop.cancel()  # the tests run the reminder and timeout checks themselves
        runner = asyncio.create_task(bot.connect(reconnect=True), name="bot-connect")
        await asyncio.wait_for(fake.connected.wait(), timeout=10)
        yield Wire(fake, bot, delays)
    finally:
        await bot.close()
        if runner is not None:
            runner.cancel()
            with contextlib.suppress(BaseException):
                await runner
        await fake.stop()
