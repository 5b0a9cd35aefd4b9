"""Plays games with bots at every seat and collects every text a player reads, for the scan of
internal words (:mod:`tests.robustness.internal_words`).

:func:`terminal_game` runs the terminal table (``bot.console``) with bots in every seat over a
:class:`~bot.host.Host` whose replies are all recorded, and collects:

``terminal``
    every line the console printed (a move list's notation column, what the player types, is left
    out; its description is kept);
``host.public`` / ``host.private`` / ``host.alt`` / ``host.choice`` / ``host.data``
    the texts of every host reply: channel and private texts, picture alt texts, choice labels and
    the display texts in ``data`` (prompts, board texts, event texts, names);
``picture``
    every string drawn on a picture (``render.core.draw.Canvas.text`` and piece letters, recorded
    while the sampled turn pictures, boards and the final picture are drawn);
``autocomplete``
    the ``/move`` autocomplete labels (the Discord adapter's own formatting) of sampled positions.

:func:`discord_game` drives the real bot under discord.py against the fake Discord of
``tests/bot/discord_wire.py`` (raw INTERACTION_CREATE payloads in, HTTP requests recorded below
the library) and collects message contents, embeds, component labels and attachment
descriptions (``discord.*`` kinds), and checks one answer per interaction and the message links.
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import io
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

from bot.app import compose
from bot.host import Host, Reply
from bot.store import Store

#: Keys of a reply's ``data`` whose string values are shown to players.
DISPLAY_KEYS = frozenset({
    "text", "seat_text", "prompt", "next", "summary", "label_text", "title", "description", "account",
    "narration", "line", "lines", "events", "message", "status_text", "log", "entries", "headline",
})
_MOVE_LINE = re.compile(r"^\s+\d+\.\s(?P<notation>.*?)(?: — (?P<label>.*))?$")
#: A line of the console's help: the command column (typed as is, the same in every language) and
#: its placeholder in capitals, in the reader's language (``FILE``, ``PLIK``, ``ФАЙЛ``).
_HELP_LINE = re.compile(r"^  [a-z]+(?: \[?(?P<placeholder>[^\s\[\]]+)\]?)?\s{2,}(?P<rest>\S.*)$")
_COMPACT = re.compile(r"^\s+\d+\.\s\S.*\s{2,}\d+\.\s")


@dataclass
class Output:
    """One text a player reads: ``kind`` of output (see the module doc) and where it came from."""

    kind: str
    text: str
    where: str = ""


@dataclass
class Collected:
    """Everything collected from one game in one language."""

    game: str
    lang: str
    outputs: list[Output] = field(default_factory=list)
    notations: set[str] = field(default_factory=set)
    names: set[str] = field(default_factory=set)
    problems: list[str] = field(default_factory=list)
    steps: int = 0
    finished: bool = False
    _seen: set[tuple[str, str]] = field(default_factory=set, repr=False)

    def add(self, kind: str, text: Any, where: str = "") -> None:
        """Record ``text`` (ignored unless a non-empty string)."""
        if isinstance(text, str) and text.strip() and (kind, text) not in self._seen:
            self._seen.add((kind, text))
            self.outputs.append(Output(kind, text, where))


# ----------------------------------------------------------------------------------------------
# Pictures
# ----------------------------------------------------------------------------------------------
@contextlib.contextmanager
def drawn_strings(sink: list[str]) -> Iterator[None]:
    """Record every string drawn on a picture (``Canvas.text`` and piece letters) into ``sink``;
    the cached static layers are dropped first and after, so their words are drawn (and seen)."""
    import render.core.draw as draw

    original_text, original_piece = draw.Canvas.text, draw.Canvas.piece

    def text(self: Any, x: float, y: float, text: str, *args: Any, **kwargs: Any) -> int:
        if text:
            sink.append(str(text))
        return original_text(self, x, y, text, *args, **kwargs)

    def piece(self: Any, cx: float, cy: float, w: int, h: int | None = None, **kwargs: Any) -> None:
        if kwargs.get("letter"):
            sink.append(str(kwargs["letter"]))
        return original_piece(self, cx, cy, w, h, **kwargs)

    _clear_picture_caches()
    draw.Canvas.text, draw.Canvas.piece = text, piece  # type: ignore[method-assign]
    try:
        yield
    finally:
        draw.Canvas.text, draw.Canvas.piece = original_text, original_piece  # type: ignore[method-assign]
        _clear_picture_caches()


def _clear_picture_caches() -> None:
    import importlib

    from engine.core import builtin_game_names
    from render.core import draw

    draw.clear_caches()
    for name in builtin_game_names():  # every picture package with cached layers
        with contextlib.suppress(ImportError):
            for module in ("board", "layout", "turn", "final", "labels", "focus"):
                with contextlib.suppress(ImportError):
                    mod = importlib.import_module(f"render.{name}.{module}")
                    for attr in ("clear_cache", "clear_caches"):
                        fn = getattr(mod, attr, None)
                        if callable(fn):
                            fn()


class SampledPicturesRendererDouble:
    """A renderer double (``bot.host.Renderer``) over the production pictures, drawing only every ``every``-th picture (the others: none), the
    final one always (record the strings with :func:`drawn_strings` around the game)."""

    def __init__(self, sink: list[str], every: int) -> None:
        from render import PICTURES

        self.inner, self.sink, self.every, self.calls = PICTURES, sink, max(1, every), 0

    def _due(self) -> bool:
        self.calls += 1
        return self.calls % self.every == 1 or self.every == 1

    def board(self, game: str, view: dict[str, Any]) -> tuple[bytes, str] | None:
        """The board picture, when due."""
        if not self._due():
            return None
        return self.inner.board(game, view)

    def turn(self, game: str, view: dict[str, Any], last: dict[str, Any] | None = None) -> tuple[bytes, str] | None:
        """The turn picture, when due."""
        if not self._due():
            return None
        return self.inner.turn(game, view, last)

    def final(self, game: str, view: dict[str, Any]) -> tuple[bytes, str] | None:
        """The final-score picture (always)."""
        return self.inner.final(game, view)

    def story(self, game: str, view: dict[str, Any], told: Any, *, names: Any, title: str,
              marks: Any) -> tuple[bytes, str] | None:
        """The story chart (always)."""
        return self.inner.story(game, view, told, names=names, title=title, marks=marks)


# ----------------------------------------------------------------------------------------------
# Host replies
# ----------------------------------------------------------------------------------------------
def reply_texts(reply: Reply, sink: Collected, where: str) -> None:
    """Record a reply's player-facing texts (public, private, alt, choice labels, display data)."""
    sink.add("host.public", reply.public, where)
    sink.add("host.private", reply.private, where)
    sink.add("host.alt", reply.alt, where)
    for notation, label in reply.choices:
        sink.notations.add(notation)
        if label and label != notation:
            sink.add("host.choice", label, where)
    if reply.data:
        _data_texts(reply.data, sink, where, shown=False)


def _data_texts(value: Any, sink: Collected, where: str, *, shown: bool) -> None:
    """Record the strings of ``value`` held under a display key (:data:`DISPLAY_KEYS`), directly or
    in a list; ids, kinds and notations held under other keys are data, not display. A typed record
    of ``Reply.data`` (:mod:`bot.host.data`) is walked as the dict of its fields."""
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        value = dataclasses.asdict(value)
    if isinstance(value, dict):
        for key, item in value.items():
            if key in ("notation", "move", "moves", "public_move", "choices"):
                if key == "moves" and isinstance(item, list):
                    for m in item:
                        if isinstance(m, dict) and isinstance(m.get("notation"), str):
                            sink.notations.add(m["notation"])
                continue
            _data_texts(item, sink, f"{where}.{key}", shown=key in DISPLAY_KEYS)
    elif isinstance(value, list | tuple):
        for item in value:
            _data_texts(item, sink, where, shown=shown)
    elif isinstance(value, str) and shown:
        sink.add("host.data", value, where)


class RecordingHost:
    """A proxy of a :class:`Host` recording every reply's texts; ``stop_after`` bot steps end the
    game early (:class:`StopScan`); every ``probe_every`` steps the extra outputs of a player's
    view are collected (status, log, legal moves, autocomplete labels, the board picture)."""

    def __init__(self, host: Host, sink: Collected, *, stop_after: int | None, probe_every: int) -> None:
        self._host, self._sink, self._stop, self._probe = host, sink, stop_after, max(1, probe_every)

    def __getattr__(self, name: str) -> Any:
        attr = getattr(self._host, name)
        if not callable(attr):
            return attr

        def call(*args: Any, **kwargs: Any) -> Any:
            if name == "bot_step" and self._stop is not None and self._sink.steps >= self._stop:
                raise StopScan
            result = attr(*args, **kwargs)
            if isinstance(result, Reply):
                reply_texts(result, self._sink, f"host.{name}")
                if name == "bot_step":
                    self._sink.steps += 1
                    if self._sink.steps % self._probe == 1:
                        probe(self._host, args[0] if args else kwargs["channel"], self._sink, kwargs.get("lang"))
            return result

        return call


class StopScan(Exception):
    """Raised to end a short scan after its number of steps."""


def probe(host: Host, channel: str, sink: Collected, lang: str | None) -> None:
    """Collect the outputs a player asks for: status, the legal moves of the seat to act (labels,
    autocomplete labels), the turn, the board and the hint (the log is typed at the terminal,
    ``log 5``); once the game is over, every player's review."""
    from bot.discord_app.commands.play import _choice_name

    status = host.status(channel, lang=lang)
    reply_texts(status, sink, "host.status")
    data = status.data
    for player in data.players or []:
        if isinstance(player, dict) and player.get("name"):
            sink.names.add(str(player["name"]))
    user = data.to_act
    if user:
        legal = host.legal(channel, user, lang=lang)
        reply_texts(legal, sink, "host.legal")
        for notation, label in legal.choices[:25]:
            name = _choice_name(notation, label)
            shown = name[len(notation):].removeprefix(" — ") if name.startswith(notation) else name
            sink.add("autocomplete", shown, "autocomplete")
        reply_texts(host.turn(channel, lang=lang), sink, "host.turn")
        reply_texts(host.board(channel, user, lang=lang), sink, "host.board")
        hint = host.hint(channel, user, lang=lang)
        if hint.ok:
            reply_texts(hint, sink, "host.hint")
    if data.status == "finished":
        for player in data.players or []:
            if isinstance(player, dict) and player.get("user") and not player.get("bot"):
                reply_texts(host.review(channel, str(player["user"]), lang=lang), sink, "host.review")


# ----------------------------------------------------------------------------------------------
# The terminal table with bots in every seat
# ----------------------------------------------------------------------------------------------
@contextlib.contextmanager
def quick_bots() -> Iterator[None]:
    """Bots choose at random (weighted like selfplay) instead of planning: the texts are the same
    kind, the games much quicker. The host's bot loop, seating and narration stay the real ones."""
    import engine.core.bots as bots
    from bot.selfplay import policy_weights
    from engine.core import RandomPolicy

    original = bots.make_policy

    def make_policy(game: Any, level: str, seed: int = 0, **kwargs: Any) -> Any:
        return RandomPolicy(seed, policy_weights(game))

    bots.make_policy = make_policy  # type: ignore[assignment]
    try:
        yield
    finally:
        bots.make_policy = original  # type: ignore[assignment]


def terminal_lines(text: str, sink: Collected) -> None:
    """Record the console's printed lines; a move list's notation and the help's command column
    (what the player types) are left out, their descriptions kept."""
    for line in text.splitlines():
        if _COMPACT.match(line):
            continue
        help_line = _HELP_LINE.match(line)
        placeholder = help_line.group("placeholder") if help_line is not None else None
        if help_line is not None and (placeholder is None or placeholder.isupper()):
            sink.add("terminal", help_line.group("rest"), "terminal.help")
            continue
        m = _MOVE_LINE.match(line)
        if m is not None:
            sink.notations.add(m.group("notation"))
            sink.add("terminal", m.group("label") or "", "terminal.moves")
            continue
        sink.add("terminal", line, "terminal")


class TypingPlayer(io.TextIOBase):
    """The person at the terminal, as the console's input stream: each line read is a random legal
    move of the seat to act (typed in notation), now and then a command (``board``, ``moves``,
    ``log``, ``help``); before typing it collects the outputs of that position (:func:`probe`).
    After ``limit`` moves (bots' turns included) it ends the input (the console saves and stops)."""

    COMMANDS = ("board", "moves", "log 5", "help", "hand", "log 5")

    def __init__(self, host: Host, sink: Collected, lang: str, seed: int, limit: int | None,
                 probe_every: int) -> None:
        import random

        super().__init__()
        self.host, self.sink, self.lang, self.limit = host, sink, lang, limit
        self.rng, self.probe_every, self.reads = random.Random(seed), max(1, probe_every), 0

    def readable(self) -> bool:
        """A readable stream."""
        return True

    def readline(self, size: int | None = -1) -> str:  # type: ignore[override]
        """The next typed line ('' ends the input)."""
        if self.limit is not None and self.sink.steps >= self.limit:
            return ""
        self.reads += 1
        user = "seat1"  # the console asks only its one person (the bots play at once)
        if self.reads % self.probe_every == 1:
            probe(self.host, "terminal", self.sink, self.lang)
        if self.reads % 7 == 3:
            return self.COMMANDS[(self.reads // 7) % len(self.COMMANDS)] + "\n"
        legal = self.host.legal("terminal", user)
        if not legal.ok or not legal.choices:
            return "help\n"
        choices = legal.choices
        self.sink.steps += 1
        return self.rng.choice(choices)[0] + "\n"


def terminal_game(game: str, lang: str, *, players: int = 2, bots: int = 1, seed: int = 7,
                  steps: int | None = None, picture_every: int = 25, probe_every: int = 15, quick: bool = True,
                  tamper: Callable[[Host], None] | None = None) -> Collected:
    """Play ``game`` at the terminal in ``lang``: ``bots`` of the ``players`` seats are the host's bots
    (``quick``: choosing at random, :func:`quick_bots`), the others a :class:`TypingPlayer`; stop
    after ``steps`` moves (or at the end) and collect every output. ``tamper`` may patch the host
    first (tests of the scan itself)."""
    from bot.console import Console

    sink = Collected(game, lang)
    drawn: list[str] = []
    store = Store.open("sqlite://")
    try:
        host = compose(store=store, renderer=SampledPicturesRendererDouble(drawn, picture_every)).host
        if tamper is not None:
            tamper(host)
        proxy = RecordingHost(host, sink, stop_after=steps, probe_every=probe_every)
        out = io.StringIO()
        typist = TypingPlayer(host, sink, lang, seed, steps, probe_every)
        console = Console(proxy, stdin=typist, stdout=out, lang=lang, bots=bots)  # type: ignore[arg-type]
        with drawn_strings(drawn), quick_bots() if quick else contextlib.nullcontext():
            with contextlib.suppress(StopScan):
                console.open(game, players, {}, seed=seed)
            reply_texts(host.board("terminal", lang=lang), sink, "host.board")
        sink.finished = host.status("terminal").data.status == "finished"
        terminal_lines(out.getvalue(), sink)
        for text in drawn:
            sink.add("picture", text, "picture")
    finally:
        store.dispose()
    return sink


# ----------------------------------------------------------------------------------------------
# Discord, through discord.py's own parsing and HTTP client
# ----------------------------------------------------------------------------------------------
#: The custom id prefix of an option's button (``bot.discord_app.components.ChoiceButton``).
OPTION_PREFIX = "mt:"
_BOLD_HINT = re.compile(r"^\*\*(?P<notation>[^*\n]+)\*\*(?: — (?P<label>.*))?$", re.MULTILINE)
_LINK = re.compile(r"https://(?:ptb\.|canary\.)?discord(?:app)?\.com/channels/([^/\s]+)/(\d+)(?:/(\d+))?")


def payload_texts(payload: dict[str, Any], sink: Collected, where: str) -> None:
    """Record the texts of one message payload: content, embeds, component labels, attachment
    descriptions, autocomplete choices."""
    data = payload.get("data") if isinstance(payload.get("data"), dict) else payload
    content = data.get("content")
    if isinstance(content, str):  # "**notation** — label": the notation is what the player types
        content = _BOLD_HINT.sub(lambda m: m.group("label") or "", content)
    sink.add("discord.content", content, where)
    for embed in data.get("embeds") or []:
        for key in ("title", "description"):
            sink.add("discord.embed", embed.get(key), where)
        for part in ("footer", "author"):
            sink.add("discord.embed", (embed.get(part) or {}).get("text") or (embed.get(part) or {}).get("name"), where)
        for fld in embed.get("fields") or []:
            sink.add("discord.embed", fld.get("name"), where)
            sink.add("discord.embed", fld.get("value"), where)
    for row in data.get("components") or []:
        for comp in row.get("components") or []:
            # An option's button and a menu option's label are its notation (what the player picks,
            # like a move list's left column); their descriptions and every other label are read.
            if not str(comp.get("custom_id") or "").startswith(OPTION_PREFIX):
                sink.add("discord.component", comp.get("label"), where)
            sink.add("discord.component", comp.get("placeholder"), where)
            for option in comp.get("options") or []:
                sink.add("discord.component", option.get("description"), where)
    for attachment in data.get("attachments") or []:
        sink.add("discord.alt", attachment.get("description"), where)
    for choice in data.get("choices") or []:  # autocomplete answers
        name, value = str(choice.get("name") or ""), str(choice.get("value") or "")
        sink.add("discord.autocomplete", name[len(value):].removeprefix(" — ") if name.startswith(value) else name,
                 where)


def discord_checks(fake: Any, guild: int, sink: Collected) -> None:
    """One answer per interaction (exactly one callback; none left "thinking…") and server links
    (``/channels/<guild>/…``, never ``@me``) in every message the bot sent."""
    callbacks: dict[int, int] = {}
    for call in fake.calls:
        if call.kind == "callback" and call.interaction is not None:
            callbacks[call.interaction] = callbacks.get(call.interaction, 0) + 1
    for interaction in fake.by_id:
        count = callbacks.get(interaction, 0)
        if count != 1:
            sink.problems.append(f"interaction {interaction}: {count} answers (callbacks), not 1")
    for answer in fake.loading():
        sink.problems.append(f"interaction {answer.interaction}: left thinking")
    for call in fake.calls:
        for text in _all_strings(call.payload):
            for m in _LINK.finditer(text):
                if m.group(1) != str(guild):
                    sink.problems.append(f"{call.kind}: link {m.group(0)} is not a link of server {guild}")


def _all_strings(value: Any) -> Iterator[str]:
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for item in value.values():
            yield from _all_strings(item)
    elif isinstance(value, list | tuple):
        for item in value:
            yield from _all_strings(item)


def autocomplete_payload(command: str, option: str, current: str, *, user: int, locale: str) -> dict[str, Any]:
    """An INTERACTION_CREATE of autocomplete (type 4) for ``/command option`` with ``current`` typed."""
    import discord_wire as dw

    payload = _localised(dw.command_payload(command, {option: current}, user=user, locale=locale), locale)
    payload["type"] = 4
    payload["data"]["options"][0]["focused"] = True
    return payload


LOCALES = {"en": "en-US", "pl": "pl", "ru": "ru", "de": "de"}


def _localised(payload: dict[str, Any], locale: str) -> dict[str, Any]:
    """``payload`` from a server and a user that both use ``locale``."""
    payload["locale"] = payload["guild_locale"] = locale
    payload["guild"]["locale"] = locale
    return payload


async def _discord_play(host: Host, monkeypatch: Any, game: str, lang: str, moves: int, sink: Collected) -> None:
    import discord_wire as dw

    locale = LOCALES[lang]

    def cmd(name: str, options: dict[str, Any], sub: str | None = None) -> dict[str, Any]:
        return _localised(dw.command_payload(name, options, sub=sub, locale=locale), locale)

    async with dw.wire(host, monkeypatch) as w:
        await w.send(cmd("game", {"game": game, "players": 2}, sub="new"))
        await w.send(cmd("game", {"level": "medium"}, sub="add-bot"))
        await w.send(cmd("game", {}, sub="start"))
        channel = str(dw.CHANNEL)
        for k in range(moves):
            data = host.status(channel).data
            if data.status != "running":
                break
            user = str(data.to_act or "")
            if user != str(dw.ANN):
                await w.settle()
                continue
            legal = [n for n, _label in host.legal(channel, user).choices]
            if not legal:
                break
            if k % 10 == 0:
                await w.send(autocomplete_payload("move", "action", legal[0].split()[0], user=dw.ANN, locale=locale))
                await w.send(cmd("game", {}, sub="status"))
                await w.send(cmd("game", {}, sub="log"))
            await w.send(cmd("move", {"action": legal[k % len(legal)]}))
            sink.steps += 1
        await w.send(cmd("game", {}, sub="board"))
        await w.send(cmd("game", {}, sub="status"))
        for call in w.fake.calls:
            if call.kind in ("callback", "followup", "edit_original", "channel_post"):
                payload_texts(call.payload, sink, f"discord.{call.kind}")
        discord_checks(w.fake, dw.GUILD, sink)


def discord_game(game: str, lang: str, monkeypatch: Any, *, moves: int = 20) -> Collected:
    """Ann (a person, Discord locale of ``lang``) plays ``moves`` of ``game`` against a bot through
    the real discord.py against the fake Discord, checking status and log on the way; returns what
    the bot sent (and the answer and link problems)."""
    import discord_wire as dw

    sink = Collected(game, lang, names=set(dw.NAMES.values()))
    store = Store.open("sqlite://")
    try:
        host = compose(store=store, pictures=False).host
        with quick_bots():
            asyncio.run(_discord_play(host, monkeypatch, game, lang, moves, sink))
    finally:
        store.dispose()
    return sink
