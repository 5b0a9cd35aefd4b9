"""The terminal table: hot-seat play over the same :class:`~bot.host.Host` as Discord.

The table lives in channel ``"terminal"``; seats are the users ``seat1`` … ``seatN``. Every
accepted move is saved by the host, so quitting (or end of input) loses nothing and
``meiji local --resume`` continues. Input comes from any text stream, which makes the table
scriptable: a move's notation, or its number in the list shown, or one of the commands below.

The table speaks one language (``lang``: ``meiji local --lang``): the console's prompts, help and
errors, the host's replies (every host call passes ``lang``) and the table's public language.
The typed commands (``moves``, ``undo`` …) are the same in every language.

Games with hidden information (the game fact ``hidden_information``, e.g. a hand of cards):
before a seat's turn shows anything private, the screen is cleared (when another seat's private
view was on it), the shared board is printed — the spectator view, which everybody may see — and
the console asks to pass the screen to that seat and waits for Enter. Only then are the seat's own
view and its moves shown; ``hand`` shows them again.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any, TextIO

from engine.core import builtin_game_names, game_info, get_game, i18n
from engine.core.i18n import tr

from .host import STATUS_WORDS, Host, Reply
from .words import _, _n

CHANNEL = "terminal"
#: The console's command words (a legal move spelled like one of them is still a move).
COMMAND_WORDS = frozenset(
    {"quit", "exit", "q", "help", "?", "h", "moves", "undo", "board", "log", "save", "export", "hand"}
)
#: Beyond this many legal moves the list is shown compactly.
COMPACT_LIMIT = 40
#: Clears a terminal between two seats' private views: blank lines (also for terminals without
#: ANSI support, and scrolling the old screen away), then "erase the screen and its scroll-back,
#: cursor home".
CLEAR_SCREEN = "\n" * 60 + "\x1b[2J\x1b[3J\x1b[H"


def help_text() -> str:
    """The console's help in the current language (the command words stay English)."""
    return "\n".join([
        _("Type a move in notation (e.g. what the list shows) or its number from the list."),
        _("Commands:"),
        "  moves [TEXT]     " + _("list every legal move with its description (only those containing TEXT)"),
        "  undo             " + _("take back your last step in this turn"),
        "  board            " + _("show the board again"),
        "  hand             " + _("show your own view (your hand) and your moves again"),
        "  log [N]          " + _("the last N log entries (default 10)"),
        "  save FILE        " + _("write the move log as JSON (export FILE does the same)"),
        "  help             " + _("this text"),
        "  quit             " + _("stop here; the game is saved (resume with: {command})",
                                  command="meiji local --resume"),
        _("Start a line with '!' to send it as a move even if it looks like a command."),
    ])


#: The help in English (kept for callers of the old constant).
HELP = help_text()


class Console:
    """A hot-seat terminal table reading ``stdin`` and writing ``stdout``, speaking ``lang``."""

    def __init__(
        self,
        host: Host,
        *,
        channel: str = CHANNEL,
        stdin: TextIO | None = None,
        stdout: TextIO | None = None,
        compact_limit: int = COMPACT_LIMIT,
        snapshots: Path | None = None,
        lang: str | None = None,
        bots: int = 0,
        bot_level: str = "greedy",
    ) -> None:
        self.host = host
        self.bots = bots
        self.bot_level = bot_level
        self.lang = i18n.normalise(lang)
        self.snapshots = snapshots
        self._last_actor: str | None = None
        self.channel = channel
        self.stdin = stdin if stdin is not None else sys.stdin
        self.stdout = stdout if stdout is not None else sys.stdout
        self.compact_limit = compact_limit
        self._shown_version: int | None = None
        self._choices: list[tuple[str, str]] = []
        self._choices_for: tuple[str, int | None] | None = None  # (user, version) of ``_choices``
        self._screen_user: str | None = None  # whose private view is on the screen (hidden information)

    # ------------------------------------------------------------------------------------------
    def say(self, text: str = "") -> None:
        """Write a line."""
        print(text, file=self.stdout, flush=True)

    def _read(self, prompt: str) -> str | None:
        self.stdout.write(prompt)
        self.stdout.flush()
        line = self.stdin.readline()
        if not line:
            self.say()
            return None
        return line.rstrip("\r\n")

    # ------------------------------------------------------------------------------------------
    def open(
        self, game: str | None, players: int | None, options: dict[str, Any] | None = None, *, resume: bool = False,
        seed: int | None = None,
    ) -> int:
        """Resume the unfinished terminal game or start a new one, then play; returns an exit code.

        ``game`` ``None`` asks which game (when more than one is installed) and ``players``
        ``None`` asks how many play (else 2).
        """
        with i18n.language(self.lang):
            return self._open(game, players, options, resume=resume, seed=seed)

    def _open(
        self, game: str | None, players: int | None, options: dict[str, Any] | None, *, resume: bool,
        seed: int | None,
    ) -> int:
        status = self.host.status(self.channel, lang=self.lang)
        active = status.ok and status.data is not None and status.data["status"] in ("open", "running")
        if resume and not active:
            self.say(_("There is no unfinished terminal game to resume; starting a new one."))
        elif active and not resume:
            data = status.data or {}
            self.say(_("An unfinished {game} game ({players}, {moves}) is saved here.", game=data.get("title", data["game"]),
                       players=_n("{n} player", "{n} players", len(data["players"])),
                       moves=_n("{n} move", "{n} moves", data["moves"])))
            self.say(_("Type 'resume' to continue it, 'new' to abandon it and start a new game, or 'quit'."))
            self.say(_("(Next time you can use: {command})", command="meiji local --resume"))
            while True:
                answer = self._read("resume/new/quit> ")
                if answer is None or answer.strip().lower() in ("q", "quit", "exit"):
                    self.say(_("Nothing changed; the saved game is still there."))
                    return 0
                answer = answer.strip().lower()
                if answer in ("r", "resume"):
                    resume = True
                    break
                if answer in ("n", "new"):
                    self._show(self.host.abandon(self.channel, "seat1", is_admin=True, lang=self.lang))
                    resume = False
                    break
                self.say(_("Please type 'resume', 'new' or 'quit'."))
        if resume and active:
            if (status.data or {}).get("language") != self.lang:  # the whole table speaks the console's language
                self.host.set_language(self.channel, "seat1", self.lang, is_admin=True, lang=self.lang)
                status = self.host.status(self.channel, lang=self.lang)
            if (status.data or {}).get("status") == "open":
                first = (status.data or {})["players"][0]["user"]
                if not self._show(self.host.start(self.channel, first, lang=self.lang)):
                    return 1
            else:
                self.say(_("Resuming {status}", status=status.public))
        else:
            game = game or self._ask_game()
            if game is None:
                return 0
            players = players or self._ask_players(game)
            if players is None:
                return 0
            if not self._new(game, players, options or {}, seed):
                return 1
        return self.play()

    def _ask_game(self) -> str | None:
        """Which game to open (numbered menu; Enter takes the first); ``None`` at end of input/quit."""
        names = list(builtin_game_names())
        if len(names) == 1:
            return names[0]
        self.say(_("Which game?"))
        for i, name in enumerate(names, start=1):
            self.say(f"  {i}. {game_info(get_game(name)).title}")
        while True:
            answer = self._read(_("game [1-{n}, Enter = 1]> ", n=len(names)))
            if answer is None or answer.strip().lower() in ("q", "quit", "exit"):
                return None
            answer = answer.strip().lower()
            if not answer:
                return names[0]
            if answer.isascii() and answer.isdigit() and 1 <= int(answer) <= len(names):
                return names[int(answer) - 1]
            found = [n for n in names if answer in (n, game_info(get_game(n)).title.lower())]
            if found:
                return found[0]
            self.say(_("Please type a number from 1 to {n}.", n=len(names)))

    def _ask_players(self, game: str) -> int | None:
        """How many players (the game's counts; Enter takes the smallest); ``None`` at end of input."""
        counts = game_info(get_game(game)).player_counts
        if len(counts) == 1:
            return counts[0]
        low, high = min(counts), max(counts)
        while True:
            answer = self._read(_("players [{low}-{high}, Enter = {low}]> ", low=low, high=high))
            if answer is None or answer.strip().lower() in ("q", "quit", "exit"):
                return None
            answer = answer.strip()
            if not answer:
                return low
            if answer.isascii() and answer.isdigit() and int(answer) in counts:
                return int(answer)
            self.say(_("Please type a number from {low} to {high}.", low=low, high=high))

    def _new(self, game: str, players: int, options: dict[str, Any], seed: int | None) -> bool:
        """Open the table: people in seats 1.., then ``self.bots`` bots in the last seats, and start it.

        With every seat a bot (a demonstration game), ``seat1`` opens the table, seats the bots and
        leaves its own seat to the last bot; it stays the table's creator.
        """
        opts = {**options, "players": players}
        lang = self.lang
        if not 0 <= self.bots <= players:
            self.say(_("Not accepted: {reason}", reason=_("--bots must be from 0 to the number of players.")))
            return False
        people = players - self.bots
        opened = self.host.new_table(self.channel, "seat1", _("Seat {n}", n=1), game, opts, seed, language=lang,
                                     lang=lang)
        if not self._show(opened):
            return False
        steps = [lambda k=k: self.host.join(self.channel, f"seat{k}", _("Seat {n}", n=k), lang=lang)
                 for k in range(2, people + 1)]
        steps += [lambda: self.host.add_bot(self.channel, "seat1", self.bot_level, lang=lang)
                  for _bot in range(self.bots - (1 if people == 0 else 0))]
        if people == 0:
            steps += [lambda: self.host.leave(self.channel, "seat1", lang=lang),
                      lambda: self.host.add_bot(self.channel, "seat1", self.bot_level, lang=lang)]
        for step in steps:
            if not self._show(step(), quiet=True):
                self.host.abandon(self.channel, "seat1", is_admin=True, lang=lang)
                return False
        reply = self.host.start(self.channel, "seat1", lang=lang)
        if not self._show(reply):
            self.host.abandon(self.channel, "seat1", lang=lang)
            return False
        return True

    # ------------------------------------------------------------------------------------------
    def play(self) -> int:
        """The main loop: show the turn, read a line, act on it. Returns an exit code."""
        with i18n.language(self.lang):
            return self._play()

    def _play(self) -> int:
        saved = _("Saved. Resume with: {command}", command="meiji local --resume")
        while True:
            status = self.host.status(self.channel, lang=self.lang)
            if not status.ok or status.data is None:
                self._show(status)
                return 1
            data = status.data
            if data["status"] != "running":
                if data["status"] == "finished":
                    board = self.host.board(self.channel, lang=self.lang)
                    if board.public:
                        self.say(board.public)
                    self.say(_("Game over. '{command}' starts a new game.", command="meiji local"))
                else:
                    word = STATUS_WORDS.get(data["status"])
                    self.say(_("The game is {status}.", status=tr(word) if word else data["status"]))
                return 0
            user = data["to_act"]
            seat_name = self._seat_name(data)
            if data["players"][data["to_act_seat"]].get("bot"):
                # A bot's turn: played at once, one line of narration (and its picture).
                reply = self.host.bot_step(self.channel, lang=self.lang)
                if not self._show(reply, turn_follows=True):
                    return 1
                self._write_picture(reply)
                self._shown_version = None
                continue
            if data.get("hidden_information") and user != self._screen_user and not self._pass_screen(user, seat_name):
                self.say(saved)
                return 0
            if self._shown_version != data["version"]:
                self._show_turn(data, user, seat_name)
            line = self._read(f"{seat_name}> ")
            if line is None:
                self.say(saved)
                return 0
            if not self._handle(line, data, user):
                self.say(saved)
                return 0

    def _pass_screen(self, user: str, seat_name: str) -> bool:
        """Hand the screen to ``user`` (hidden information); False when they quit instead.

        Clears the previous seat's private view, prints the shared board (the spectator view),
        asks to pass the screen and waits for Enter. Nothing private is shown before that.
        """
        if self._screen_user is not None:
            self.stdout.write(CLEAR_SCREEN)
            self.stdout.flush()
        self._screen_user = None
        self._choices, self._choices_for = [], None
        board = self.host.board(self.channel, lang=self.lang)  # no user: the spectator view only
        if board.ok and board.public:
            self.say(board.public)
        answer = self._read(_("Pass the screen to {name}, then press Enter.", name=seat_name) + " ")
        if answer is None or answer.strip().lower() in ("q", "quit", "exit"):
            return False
        self._screen_user = user
        self._shown_version = None  # show the whole turn: the seat's own view and its moves
        self._last_actor = None
        return True

    def _seat_name(self, data: dict[str, Any]) -> str:
        seat = data["to_act_seat"]
        player = data["players"][seat]
        label = player.get("label_text") or player.get("label")
        return f"{player['name']} ({label})" if label else player["name"]

    def _show_turn(self, data: dict[str, Any], user: str, seat_name: str) -> None:
        self._shown_version = data["version"]
        self.say()
        self.say("=== " + _("{who} to play: {prompt}", who=seat_name, prompt=data["prompt"]))
        if data.get("kind") not in (None, "turn", "draft") and self._last_actor == user:
            # A follow-up step of the same player's turn: the board was just shown ('board' shows it).
            self._list_moves(user, full=False)
            return
        self._last_actor = user
        board = self.host.board(self.channel, user, lang=self.lang)
        if board.ok and board.data:
            self.say(board.data.get("seat_text") or board.data["text"])
        else:
            self._show(board)
        self._list_moves(user, full=False)

    def _list_moves(self, user: str, *, full: bool, needle: str = "") -> None:
        reply = self.host.legal(self.channel, user, lang=self.lang)
        if not reply.ok:
            self._show(reply)
            return
        self._choices, self._choices_for = reply.choices, (user, reply.version)
        numbered = [(i, n, label) for i, (n, label) in enumerate(reply.choices, start=1)]
        if needle:
            numbered = [t for t in numbered if needle.lower() in f"{t[1]} {t[2]}".lower()]
            if not numbered:
                self.say(_("No legal move contains '{text}'.", text=needle))
                return
        if full or len(numbered) <= self.compact_limit:
            self.say(_("Your moves:"))
            for i, notation, label in numbered:
                extra = f" — {label}" if label and label != notation else ""
                self.say(f"  {i:>3}. {notation}{extra}")
            return
        shown = numbered[: self.compact_limit]
        self.say(_("Your moves ({n}; the first {shown}):", n=len(numbered), shown=len(shown)))
        cells = [f"{i}. {n}" for i, n, _label in shown]
        width = max(len(c) for c in cells) + 2
        per_line = max(1, 96 // width)
        for k in range(0, len(cells), per_line):
            self.say("  " + "".join(c.ljust(width) for c in cells[k : k + per_line]).rstrip())
        self.say("  " + _("… type 'moves' to list all {n} with descriptions, 'moves TEXT' to filter, "
                          "or type any move's notation.", n=len(numbered)))

    def _handle(self, line: str, data: dict[str, Any], user: str) -> bool:
        """Act on one input line; False means quit."""
        text = line.strip()
        if not text:
            self.say(_("Type a move, its number, or 'help'."))
            return True
        if text.startswith("!"):
            return self._move(text[1:], data, user)
        word, _sep, rest = text.partition(" ")
        word = word.lower()
        rest = rest.strip()
        if rest and word in COMMAND_WORDS and self._is_legal(text, user):
            # A game's notation may start with a command word ("export K3 paper" in Nippon):
            # a legal move wins over the console command.
            return self._move(text, data, user)
        if word in ("quit", "exit", "q"):
            return False
        if word in ("help", "?", "h"):
            self.say(help_text())
        elif word == "moves":
            self._list_moves(user, full=True, needle=rest)
        elif word == "undo":
            self._show(self.host.undo(self.channel, user, lang=self.lang), turn_follows=True)
        elif word == "board":
            self._shown_version = None
        elif word == "hand":
            self._hand(user)
        elif word == "log":
            if rest and not rest.isdigit():
                self.say(_("Usage: {usage} (N from 1 to 200).", usage="log [N]"))
            else:
                self._show(self.host.log(self.channel, int(rest) if rest else 10, lang=self.lang))
        elif word in ("save", "export"):
            self._save(rest)
        elif text.isdigit():
            index = int(text)
            self._current_choices(user, data)
            if not 1 <= index <= len(self._choices):
                self.say(_("There is no move number {index}; choose 1 to {n} (or type 'moves').",
                           index=index, n=len(self._choices)))
            else:
                return self._move(self._choices[index - 1][0], data, user)
        else:
            return self._move(text, data, user)
        return True

    def _current_choices(self, user: str, data: dict[str, Any] | None = None) -> list[tuple[str, str]]:
        """``user``'s legal moves as numbered last (read again unless they are this seat's, now)."""
        version = (data or {}).get("version")
        stale = self._choices_for is None or self._choices_for[0] != user or (
            version is not None and self._choices_for[1] not in (None, version))
        if not self._choices or stale:
            reply = self.host.legal(self.channel, user, lang=self.lang)
            self._choices, self._choices_for = (reply.choices, (user, reply.version)) if reply.ok else ([], None)
        return self._choices

    def _hand(self, user: str) -> None:
        """The current seat's own view (its hand, its secrets) and its moves, again."""
        reply = self.host.hand(self.channel, user, lang=self.lang)
        if not reply.ok:
            self._show(reply)
            return
        self.say(reply.private or "")
        self._list_moves(user, full=False)

    def _is_legal(self, text: str, user: str) -> bool:
        """True when ``text`` is the notation of one of ``user``'s legal moves (any case)."""
        self._current_choices(user)
        wanted = " ".join(text.lower().split())
        return any(" ".join(n.lower().split()) == wanted for n, _label in self._choices)

    def _move(self, notation: str, data: dict[str, Any], user: str) -> bool:
        reply = self.host.move(self.channel, user, notation, expected_version=data["version"], lang=self.lang)
        if self._show(reply, turn_follows=True):
            self._choices, self._choices_for = [], None
            self._last_actor = user
            self._write_picture(reply)
        return True

    def _write_picture(self, reply: Reply) -> None:
        """Write the board picture of an accepted move to the snapshots folder (if enabled)."""
        if self.snapshots is None or not reply.png:
            return
        table = (reply.data or {}).get("table_id", "game")
        path = self.snapshots / f"table{table}-v{reply.version:04d}.png"
        try:
            self.snapshots.mkdir(parents=True, exist_ok=True)
            path.write_bytes(reply.png)
        except OSError as exc:
            self.say(_("(could not write the board picture {path}: {reason})", path=path, reason=exc.strerror or exc))
            return
        self.say(_("Board picture: {path}", path=path))

    def _save(self, name: str) -> None:
        if not name:
            self.say(_("Every move is already saved. 'save FILE' also writes the move log to FILE as JSON."))
            return
        reply = self.host.export(self.channel, lang=self.lang)
        if not reply.ok or reply.data is None:
            self._show(reply)
            return
        try:
            Path(name).expanduser().write_text(json.dumps(reply.data, indent=2) + "\n", encoding="utf-8")
        except OSError as exc:
            self.say(_("Can't write {name}: {reason}", name=name, reason=exc.strerror or exc))
            return
        self.say(_n("Move log written to {name} ({n} entry).", "Move log written to {name} ({n} entries).",
                    len(reply.data["moves"]), name=name))

    def _show(self, reply: Reply, *, quiet: bool = False, turn_follows: bool = False) -> bool:
        """Print a reply (refusals are explained); returns ``reply.ok``.

        With ``turn_follows`` the reply's closing "X to play" line is left out, because the turn
        header shown next says the same.
        """
        if not reply.ok:
            self.say(_("Not accepted: {reason}", reason=reply.private or _("unknown reason")))
            return False
        if quiet:
            return True
        public = reply.public or ""
        nxt = (reply.data or {}).get("next")
        if turn_follows and nxt and not (reply.data or {}).get("finished") and public.endswith(nxt):
            public = public[: -len(nxt)].rstrip("\n")
        for text in (public, reply.private):
            if text:
                self.say(text)
        return True


def play_local(
    host: Host,
    game: str | None,
    players: int | None,
    options: dict[str, Any] | None = None,
    *,
    resume: bool = False,
    seed: int | None = None,
    stdin: TextIO | None = None,
    stdout: TextIO | None = None,
    snapshots: Path | None = None,
    lang: str | None = None,
    bots: int = 0,
    bot_level: str = "greedy",
) -> int:
    """Open (or resume) the terminal table and play until the game ends, ``quit`` or end of input.

    ``game``/``players`` ``None`` are asked at the terminal. With ``snapshots`` (a folder) the
    board picture of every accepted move is written there.
    ``lang`` is the table's language (``en``, ``pl``, ``ru``, ``de``; normalised, default English).
    ``bots`` of the seats (the last ones) are played by bots of ``bot_level``; with every seat a
    bot the game plays to the end unattended.
    """
    console = Console(host, stdin=stdin, stdout=stdout, snapshots=snapshots, lang=lang, bots=bots,
                      bot_level=bot_level)
    return console.open(game, players, options, resume=resume, seed=seed)
