"""The terminal table: hot-seat play over the same :class:`~bot.host.Host` as Discord.

The table lives in channel ``"terminal"``; seats are the users ``seat1`` … ``seatN``. Every
accepted move is saved by the host, so quitting (or end of input) loses nothing and
``meiji local --resume`` continues. Input comes from any text stream, which makes the table
scriptable: a move's notation, or its number in the list shown, or one of the commands below.

Several unfinished games can be saved in one folder (one channel each: ``terminal``,
``terminal-2`` …); ``meiji local --resume [ID]`` lists them and picks one, and starting a new game
keeps the others. After each turn the console prints that turn's account (``Reply.data
["account"]``) and only the parts of the board that changed (``board`` prints it all); the set-up
draws stand in one line (``log`` reads them). After the game ends, ``save FILE`` writes the move
log and ``picture FILE`` the final-score picture. Board pictures go to one folder per game, the
newest :data:`~bot.console_view.SNAPSHOT_CAP` kept unless ``keep_snapshots``.

The table speaks one language (``lang``: ``meiji local --lang``): the console's prompts, help and
errors, the host's replies (every host call passes ``lang``) and the table's public language.
The typed commands (``moves``, ``undo`` …) are the same in every language; none is a word of a
game's notation (a test checks), each may be typed with a leading ``/`` (``/save FILE``), and a
line whose first word starts one of the legal moves is sent as a move (its refusal is shown).

Games with hidden information (the game fact ``hidden_information``, e.g. a hand of cards):
before a seat's turn shows anything private, the screen is cleared (when another seat's private
view was on it) and the console asks to pass the screen to that seat and waits for Enter. Only
then does the seat see the public account of every turn since its own last one, the changes of
its own view of the board and its moves; ``hand`` shows them again.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any, TextIO

from engine.core import game_info, get_game, i18n
from engine.core.i18n import tr

from .console_setup import TableSetup
from .console_view import (
    CHANNEL,
    COMMANDS,
    SNAPSHOT_CAP,
    TERMINAL_COMMAND_NAMES,
    SavedGame,
    account_lines,
    changed_sections,
    describe_saved,
    free_channel,
    help_text,
    keep_newest,
    reply_accounts,
    saved_games,
    setup_summary,
)
from .console_view import (
    COMMAND_WORDS as COMMAND_WORDS,  # re-exported for callers of the old constant
)
from .host import STATUS_WORDS, Host, Reply
from .host.data import BoardData, StatusData, StepData, table_of
from .words import _, _n, _t

#: A set-up account longer than this many lines is shown as one line (``log`` reads it all).
SETUP_LINES = 3
#: Beyond this many legal moves the list is shown compactly.
COMPACT_LIMIT = 40
#: Clears a terminal between two seats' private views: blank lines (also for terminals without
#: ANSI support, and scrolling the old screen away), then "erase the screen and its scroll-back,
#: cursor home".
CLEAR_SCREEN = "\n" * 60 + "\x1b[2J\x1b[3J\x1b[H"


#: The help in English (kept for callers of the old constant).
HELP = help_text()


class Console(TableSetup):
    """A hot-seat terminal table reading ``stdin`` and writing ``stdout``, speaking ``lang``.

    ``snapshots``: the folder of board pictures (one sub-folder ``table<ID>`` per game, the newest
    ``keep_snapshots`` pictures kept; ``None`` keeps all).
    """

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
        bot_level: str = "medium",
        keep_snapshots: int | None = SNAPSHOT_CAP,
        table_language: bool = False,
    ) -> None:
        self.table_language = table_language
        self.host = host.with_command_names(TERMINAL_COMMAND_NAMES)
        self.bots = bots
        self.bot_level = bot_level
        self.lang = i18n.normalise(lang)
        self.snapshots = snapshots
        self.keep_snapshots = keep_snapshots
        self._last_actor: str | None = None
        self.channel = channel
        self.stdin = stdin if stdin is not None else sys.stdin
        self.stdout = stdout if stdout is not None else sys.stdout
        self.compact_limit = compact_limit
        self._shown_version: int | None = None
        self._choices: list[tuple[str, str]] = []
        self._choices_for: tuple[str, int | None] | None = None  # (user, version) of ``_choices``
        self._screen_user: str | None = None  # whose private view is on the screen (hidden information)
        self._boards: dict[str | None, str] = {}  # the board text each viewer saw last (None: spectator)
        self._history: list[dict[str, Any]] = []  # the public accounts printed so far
        self._seen: dict[str, int] = {}  # how much of ``_history`` each seat has seen
        self._private_views = False  # each seat has its own view (hidden information)
        self._result: str | None = None  # the final result, printed below the final board

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
        seed: int | None = None, resume_id: int | None = None, solo: bool = False,
    ) -> int:
        """Resume an unfinished terminal game or start a new one, then play; returns an exit code.

        ``resume`` picks a saved game (``resume_id``: that table; else the only one, or the one the
        user picks from a list). Without ``resume`` saved games are offered first; a new game keeps
        them. ``game`` ``None`` asks which game (solo included) and ``players`` ``None`` how many play.
        ``solo``: a game for one person (:meth:`bot.host.Host.solo`): against the game's automated
        opponent, or, with the console's ``bots`` (or for a game without an automated opponent),
        against that many bots of ``bot_level``.
        Exit code 2: ``resume_id`` names no unfinished game here.
        """
        with i18n.language(self.lang):
            return self._open(game, players, options, resume=resume, seed=seed, resume_id=resume_id, solo=solo)

    def _open(
        self, game: str | None, players: int | None, options: dict[str, Any] | None, *, resume: bool,
        seed: int | None, resume_id: int | None = None, solo: bool = False,
    ) -> int:
        saved = saved_games(self.host.store)
        chosen: SavedGame | None = None
        if resume_id is not None:
            chosen = next((g for g in saved if g.id == resume_id), None)
            if chosen is None:
                self.say(_("There is no unfinished game #{id} here.", id=resume_id))
                self._list_saved(saved)
                return 2
        elif resume and not saved:
            self.say(_("There is no unfinished terminal game to resume; starting a new one."))
        elif resume and len(saved) == 1:
            chosen = saved[0]
        elif saved:
            if len(saved) == 1:
                self.say(_("An unfinished game is saved here:"))
            else:
                self.say(_("Unfinished games saved here:"))
            self._list_saved(saved)
            if resume:
                self.say(_("Type the number of the game to resume, or 'quit'."))
            else:
                self.say(_("Type the number of the game to resume, 'new' to start another game (the saved ones "
                           "stay), or 'quit'."))
            self.say(_("(Next time you can use: {command})", command="meiji local --resume ID"))
            while chosen is None:
                answer = self._read(_("game number/new/quit> ") if not resume else _("game number/quit> "))
                if answer is None or answer.strip().lower() in ("q", "quit", "exit"):
                    self.say(_("Nothing changed; the saved games are still there."))
                    return 0
                answer = answer.strip().lower().lstrip("#")
                if answer in ("n", "new") and not resume:
                    break
                if not answer and len(saved) == 1:
                    chosen = saved[0]
                    break
                chosen = next((g for g in saved if answer.isascii() and answer.isdigit() and g.id == int(answer)),
                              None)
                if chosen is None:
                    self.say(_("Please type one of the numbers shown ({numbers}).",
                               numbers=", ".join(str(g.id) for g in saved)))
        if chosen is not None:
            return self._resume(chosen)
        if game is None:
            picked = self._ask_game()
            if picked is None:
                return 0
            game, solo = picked
        options = dict(options or {})
        if solo and (self.bots or not game_info(get_game(game)).solo_levels):
            self.channel = free_channel(self.host.store)
            if not self._solo(game, options, seed):
                return 1
            return self.play()
        if solo:
            players = 1
            levels = game_info(get_game(game)).solo_levels
            options.setdefault("difficulty", levels[len(levels) // 2])
        players = players or self._ask_players(game)
        if players is None:
            return 0
        self.channel = free_channel(self.host.store)
        if not self._new(game, players, options, seed):
            return 1
        return self.play()

    def _list_saved(self, saved: list[SavedGame]) -> None:
        for g in saved:
            self.say("  " + describe_saved(g, game_info(get_game(g.game)).title))

    def _resume(self, chosen: SavedGame) -> int:
        """Continue the saved game ``chosen``: in the language stored with the table when the
        console keeps it (``table_language``: no ``--lang`` given), else in the console's language,
        which then becomes the table's."""
        self.channel = chosen.channel
        status = self.host.status(self.channel, lang=self.lang)
        if self.table_language and status.data is not None and status.data.language:
            self.lang = i18n.normalise(status.data.language)
            with i18n.language(self.lang):
                return self._continue(self.host.status(self.channel, lang=self.lang))
        return self._continue(status)

    def _continue(self, status: Reply[StatusData]) -> int:
        """:meth:`_resume` once the language is settled: the table speaks the console's language."""
        if status.data is None or status.data.language != self.lang:  # the whole table speaks the console's language
            self.host.set_language(self.channel, "seat1", self.lang, is_admin=True, lang=self.lang)
            status = self.host.status(self.channel, lang=self.lang)
        if status.data is not None and status.data.status == "open":
            first = status.data.players[0]["user"]
            if not self._show(self.host.start(self.channel, first, lang=self.lang), start=True):
                return 1
        else:
            self.say(_("Resuming {status}", status=status.public))
        return self.play()

    # ------------------------------------------------------------------------------------------
    def play(self) -> int:
        """The main loop: show the turn, read a line, act on it. Returns an exit code."""
        with i18n.language(self.lang):
            return self._play()

    def _play(self) -> int:
        found = self.host.status(self.channel, lang=self.lang).data
        table = found.table_id if found is not None else None
        saved = _("Saved. Resume with: {command}", command=f"meiji local --resume {table}" if table is not None
                  else "meiji local --resume")
        while True:
            status = self.host.status(self.channel, lang=self.lang)
            if not status.ok or status.data is None:
                self._show(status)
                return 1
            data = status.data
            if data.status != "running" or data.to_act is None or data.to_act_seat is None:
                if data.status == "finished":
                    return self._after_the_end()
                word = STATUS_WORDS.get(data.status)
                self.say(_("The game is {status}.", status=tr(word) if word else data.status))
                return 0
            user = data.to_act
            self._private_views = bool(data.hidden_information)
            seat_name = self._seat_name(data)
            if data.players[data.to_act_seat]["bot"]:
                # A bot's turn: played at once, its account (and its picture).
                reply = self.host.bot_step(self.channel, lang=self.lang)
                if not self._show(reply, turn_follows=True):
                    return 1
                self._write_picture(reply)
                self._shown_version = None
                continue
            if data.hidden_information and user != self._screen_user and not self._pass_screen(user, seat_name):
                self.say(saved)
                return 0
            if self._shown_version != data.version:
                self._show_turn(data, user, seat_name)
            line = self._read(f"{seat_name}> ")
            if line is None:
                self.say(saved)
                return 0
            if not self._handle(line, data, user):
                self.say(saved)
                return 0

    def _after_the_end(self) -> int:
        """The finished game: its final board and result, then ``save``/``picture``/``board``/``log``
        until Enter, ``quit`` or end of input."""
        board = self.host.board(self.channel, lang=self.lang)
        # The board without its status header ("— finished"): the game's own text and the result
        # say that it ended, and the end is announced once.
        shown = board.data.text if isinstance(board.data, BoardData) else board.public
        if shown:
            self.say(shown)
        if self._result:  # the end is announced once: the result's lines the board already says are left out
            said = {line.strip().lstrip(">").strip() for line in (shown or "").splitlines()}
            result = [line for line in self._result.splitlines() if line.strip() not in said]
            if result:
                self.say("\n".join(result))
        file = _t("help placeholder", "FILE")
        self.say(_("Type '{save}' to write the move log, '{picture}' for the final-score picture, '{story}' for "
                   "the chart of how the game went, '{review}' for each player's key moments, or press Enter to "
                   "leave ('{command}' starts a new game).",
                   save=f"save {file}", picture=f"picture {file}", story=f"story {file}", review="review",
                   command="meiji local"))
        while True:
            line = self._read("> ")
            if line is None or not line.strip():
                return 0
            word, _sep, rest = line.strip().lstrip("/").partition(" ")
            command = COMMANDS.get(word.lower())
            if command == "save":
                self._save(rest.strip())
            elif command == "picture":
                self._final_picture(rest.strip())
            elif command == "story":
                self._story(rest.strip())
            elif command == "review":
                self._review()
            elif command == "board":
                self._print_board(None, full=True)
            elif command == "log":
                self._log(rest.strip())
            elif command == "help":
                self.say(help_text())
            else:
                return 0

    def _pass_screen(self, user: str, seat_name: str) -> bool:
        """Hand the screen to ``user`` (hidden information); False when they quit instead.

        Clears the previous seat's private view, asks to pass the screen and waits for Enter.
        Nothing private is shown before that; after it the seat reads what happened since its last
        turn (public accounts only), so the clear never wipes it.
        """
        if self._screen_user is not None:
            self.stdout.write(CLEAR_SCREEN)
            self.stdout.flush()
        self._screen_user = None
        self._choices, self._choices_for = [], None
        answer = self._read(_("Pass the screen to {name}, then press Enter.", name=seat_name) + " ")
        if answer is None or answer.strip().lower() in ("q", "quit", "exit"):
            return False
        self._screen_user = user
        self._shown_version = None  # show the whole turn: the seat's own view and its moves
        self._last_actor = None
        self._catch_up(user)
        return True

    def _catch_up(self, user: str) -> None:
        """The public accounts of every turn since ``user``'s own last one."""
        accounts: list[dict[str, Any]] | None = None
        reply = self.host.accounts(self.channel, user, since_seat_turn=True, lang=self.lang)
        if reply.ok:
            accounts = reply_accounts(reply.data)
        if accounts is None:
            accounts = self._history[self._seen.get(user, 0):]
        first_time = user not in self._seen
        self._seen[user] = len(self._history)
        if any(a.get("lines") for a in accounts):
            self.say(_("Since your last turn:"))
            self._say_accounts(accounts, setup=first_time)

    def _say_accounts(self, accounts: list[dict[str, Any]], *, setup: bool = False) -> None:
        """Print ``accounts``; with ``setup`` the leading ones of the game's own steps (the set-up)
        stand in one line each when the game did not summarise them (``log`` reads them all)."""
        for account in accounts:
            lines = list(account.get("lines") or [])
            if setup and account.get("seat") is None and len(lines) > SETUP_LINES:
                self.say(setup_summary(lines))
                continue
            setup = setup and account.get("seat") is None
            for line in account_lines([account]):
                self.say(line)

    def _seat_name(self, data: StatusData) -> str:
        seat = data.to_act_seat if data.to_act_seat is not None else 0
        player = data.players[seat]
        label = player["label_text"] or player["label"]
        return f"{player['name']} ({label})" if label else player["name"]

    def _show_turn(self, data: StatusData, user: str, seat_name: str) -> None:
        self._shown_version = data.version
        self._seen[user] = len(self._history)
        self.say()
        follow_up = data.kind not in (None, "turn", "draft") and self._last_actor == user
        self._last_actor = user
        if not follow_up:
            self._print_board(user, full=False)
        self.say("=== " + _("{who} to play: {prompt}", who=seat_name, prompt=data.prompt))
        self._list_moves(user, full=False)

    def _print_board(self, user: str | None, *, full: bool) -> None:
        """The board as ``user`` sees it (``None``: the spectator's): whole with ``full`` or the first
        time, else only the sections changed since that viewer last saw it."""
        board = self.host.board(self.channel, user, lang=self.lang)
        if not board.ok or not board.data:
            self._show(board)
            return
        text = str(board.data.seat_text or board.data.text)
        # one screen for everybody, unless each seat has its own (hidden information)
        viewer = user if self._private_views else None
        before = self._boards.get(viewer)
        self._boards[viewer] = text
        if full or before is None:
            self.say(text)
            return
        changed = changed_sections(before, text)
        if changed:
            self.say(_("On the board ('board' shows all of it):"))
            for part in changed:
                self.say(part)

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

    def _handle(self, line: str, data: StatusData, user: str) -> bool:
        """Act on one input line; False means quit.

        ``!TEXT`` is always a move and ``/WORD`` always a command. Otherwise a line whose first word
        starts one of the legal moves (or that is a legal move) goes to the game, so a move's refusal
        is what the player reads; a command word goes to the console; anything else is a move.
        """
        text = line.strip()
        if not text:
            self.say(_("Type a move, its number, or 'help'."))
            return True
        if text.startswith("!"):
            return self._move(text[1:], data, user)
        forced = text.startswith("/")
        if forced:
            text = text[1:].strip()
        word, _sep, rest = text.partition(" ")
        command = COMMANDS.get(word.lower())
        rest = rest.strip()
        if forced and command is None:
            self.say(_("There is no command '{word}'; type 'help' for the commands.", word=word))
            return True
        if command is not None and not forced and self._is_move_word(text, user):
            return self._move(text, data, user)
        if command == "quit":
            return False
        if command == "help":
            self.say(help_text())
        elif command == "moves":
            self._list_moves(user, full=True, needle=rest)
        elif command == "undo":
            self._show(self.host.undo(self.channel, user, lang=self.lang), turn_follows=True)
        elif command == "board":
            self._print_board(user, full=True)
            self.say("=== " + _("{who} to play: {prompt}", who=self._seat_name(data), prompt=data.prompt))
            self._list_moves(user, full=False)
        elif command == "hand":
            self._hand(user)
        elif command == "log":
            self._log(rest)
        elif command == "save":
            self._save(rest)
        elif command == "hint":
            reply = self.host.hint(self.channel, user, lang=self.lang)
            self.say(reply.private or "")
        elif command in ("picture", "story", "review"):
            self.say(_("The final-score picture, the story chart and the review are ready once the game ends."))
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

    def _log(self, rest: str) -> None:
        """``log [N]``: the last N accounts of the table (or log entries where the host has no accounts)."""
        if rest and not (rest.isascii() and rest.isdigit()):
            self.say(_("Usage: {usage} (N from 1 to 200).", usage="log [N]"))
            return
        n = int(rest) if rest else 10
        if 1 <= n <= 200:
            reply = self.host.accounts(self.channel, "seat1", last=n, lang=self.lang)
            accounts = reply_accounts(reply.data) if reply.ok else None
            if accounts is not None:
                for line in account_lines(accounts) or [_("The log is empty.")]:
                    self.say(line)
                return
        self._show(self.host.log(self.channel, n, lang=self.lang))

    def _current_choices(self, user: str, data: StatusData | None = None) -> list[tuple[str, str]]:
        """``user``'s legal moves as numbered last (read again unless they are this seat's, now)."""
        version = data.version if data is not None else None
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

    def _is_move_word(self, text: str, user: str) -> bool:
        """True when ``text`` is one of ``user``'s legal moves (any case) or its first word starts one."""
        self._current_choices(user)
        wanted = " ".join(text.lower().split())
        first = wanted.split(" ", 1)[0]
        return any(" ".join(n.lower().split()) == wanted or n.lower().split(" ", 1)[0] == first
                   for n, _label in self._choices)

    # kept for callers of the old name
    _is_legal = _is_move_word

    def _move(self, notation: str, data: StatusData, user: str) -> bool:
        reply = self.host.move(self.channel, user, notation, expected_version=data.version, lang=self.lang)
        if self._show(reply, turn_follows=True):
            self._choices, self._choices_for = [], None
            self._last_actor = user
            self._seen[user] = len(self._history)  # a seat has seen its own turn
            self._write_picture(reply)
        return True

    def _game_folder(self, table: Any) -> Path | None:
        return None if self.snapshots is None else self.snapshots / f"table{table}"

    def _write_picture(self, reply: Reply) -> None:
        """Write the picture of an accepted move into the game's snapshot folder (if enabled),
        keeping the newest ``keep_snapshots``; the final-score picture is ``final.png``."""
        data = reply.data
        table = table_of(data)
        folder = self._game_folder("game" if table is None else table)
        if folder is None or not reply.png:
            return
        path = folder / ("final.png" if isinstance(data, StepData) and data.finished else f"v{reply.version:04d}.png")
        try:
            folder.mkdir(parents=True, exist_ok=True)
            path.write_bytes(reply.png)
        except OSError as exc:
            self.say(_("(could not write the board picture {path}: {reason})", path=path, reason=exc.strerror or exc))
            return
        keep_newest(folder, self.keep_snapshots)
        self.say(_("Board picture: {path}", path=path))

    def _final_picture(self, name: str) -> None:
        """``picture FILE`` after the end: the final-score picture written as PNG to FILE."""
        host = self.host
        if host.render is None:  # pictures were off during the game: draw this one anyway
            from bot.app import production_renderer

            host = host.with_renderer(production_renderer())
        reply = host.replay(self.channel, "seat1", position=-1, lang=self.lang)
        if not reply.ok or not reply.png:
            self._show(reply) if not reply.ok else self.say(_("This game has no final-score picture."))
            return
        target = self._write_png(reply, name, "final")
        if target is not None:
            self.say(_("Final-score picture written to {name}.", name=target))

    def _write_png(self, reply: Reply, name: str, kind: str) -> Path | None:
        """Write ``reply.png`` to ``name`` (a file or a folder; default ``meiji-<table>-<kind>.png``);
        the path written, or ``None`` after saying why it could not be written."""
        found = table_of(reply.data)
        table = "game" if found is None else found
        target = Path(name).expanduser() if name else Path(f"meiji-{table}-{kind}.png")
        if target.is_dir():
            target = target / f"meiji-{table}-{kind}.png"
        try:
            target.write_bytes(reply.png or b"")
        except OSError as exc:
            self.say(_("Can't write {name}: {reason}", name=target, reason=exc.strerror or exc))
            return None
        return target

    def _story(self, name: str) -> None:
        """``story FILE`` after the end: the story's lines, and its chart written as PNG to FILE."""
        host = self.host
        if host.render is None:  # pictures were off: draw this one anyway
            from bot.app import production_renderer

            host = host.with_renderer(production_renderer())
        reply = host.story(self.channel, "seat1", mine=True, lang=self.lang)
        if not reply.ok or not reply.png:
            self.say(reply.private or "")
            return
        self.say(reply.private or "")
        target = self._write_png(reply, name, "story")
        if target is not None:
            self.say(_("Story chart written to {name}.", name=target))

    def _review(self) -> None:
        """``review`` after the end: every person's key moments at this terminal (each seat played
        here, one after another; the bots' seats are left out)."""
        status = self.host.status(self.channel, lang=self.lang)
        players = status.data.players if status.ok and status.data is not None else []
        people = [p for p in players if not p.get("bot")]
        for player in people:
            reply = self.host.review(self.channel, player["user"], lang=self.lang)
            self.say(f"== {player.get('name') or player['user']} ==")
            self.say(reply.private or "")

    def _save(self, name: str) -> None:
        if not name:
            self.say(_("Every move is already saved. 'save FILE' also writes the move log to FILE as JSON."))
            return
        reply = self.host.export(self.channel, lang=self.lang)
        if not reply.ok or reply.data is None:
            self._show(reply)
            return
        try:
            Path(name).expanduser().write_text(json.dumps(reply.data.as_json(), indent=2) + "\n", encoding="utf-8")
        except OSError as exc:
            self.say(_("Can't write {name}: {reason}", name=name, reason=exc.strerror or exc))
            return
        self.say(_n("Move log written to {name} ({n} entry).", "Move log written to {name} ({n} entries).",
                    len(reply.data.moves), name=name))

    def _show(self, reply: Reply, *, quiet: bool = False, turn_follows: bool = False, start: bool = False) -> bool:
        """Print a reply (refusals are explained); returns ``reply.ok``.

        A reply with accounts (``data.account``) prints them instead of its last step's text
        (and keeps them for the hot-seat catch-up); a finished game's result is printed too. With
        ``turn_follows`` the reply's closing "X to play" line is left out, because the turn header
        shown next says the same. ``start``: the start of a game, whose set-up draws stand in one line.
        """
        if not reply.ok:
            self.say(_("Not accepted: {reason}", reason=reply.private or _("unknown reason")))
            return False
        if quiet:
            return True
        data = reply.data
        step = data if isinstance(data, StepData) else None
        public = reply.public or ""
        nxt = step.next if step is not None else None
        finished = step is not None and step.finished
        if (turn_follows or start) and nxt and not finished and public.endswith(nxt):
            public = public[: -len(nxt)].rstrip("\n")
        accounts = reply_accounts(data)
        if start:
            first, *draws = public.splitlines() or [""]
            self.say(first)
            if accounts:
                self._say_accounts(self._remember(accounts), setup=True)
            elif draws:
                self.say(setup_summary(draws))
        elif accounts:  # the turn's account so far (and any round start after it): what is new in it
            for line in account_lines(self._remember(accounts)):
                self.say(line)
            if finished and nxt:  # the result: printed below the final board
                self._result = nxt
        elif public:  # a step inside a turn (its account follows at the turn's end) or an older host
            if accounts is None:
                self._remember([{"seat": None, "who": "", "lines": public.splitlines()}])
            self.say(public)
        if reply.private:
            self.say(reply.private)
        return True

    def _remember(self, accounts: list[dict[str, Any]]) -> list[dict[str, Any]]:
        """Keep ``accounts`` for the hot-seat catch-up; returns what is new in them: a turn's account
        grows with each of its steps (same ``first`` entry), so only its lines not yet printed
        (with ``who`` left out when the account was already begun). An account begun earlier that
        carries ``new`` (the sentences of the latest change alone) gives those: a game that merges
        steps rewords the account's earlier lines, so its new lines are not what was added at its end."""
        new: list[dict[str, Any]] = []
        for account in accounts:
            first = account.get("first")
            known = next((i for i, a in enumerate(self._history) if first is not None and a.get("first") == first), None)
            if known is None:
                self._history.append(account)
                new.append(account)
                continue
            shown = len(self._history[known].get("lines") or [])
            self._history[known] = account
            rest = list(account.get("lines") or [])[shown:] if account.get("new") is None else list(account["new"])
            if rest:
                new.append({**account, "who": "", "lines": ["    " + line if account.get("who") else line
                                                            for line in rest]})
        return new


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
    bot_level: str = "medium",
    resume_id: int | None = None,
    keep_snapshots: int | None = SNAPSHOT_CAP,
    solo: bool = False,
    table_language: bool = False,
) -> int:
    """Open (or resume) the terminal table and play until the game ends, ``quit`` or end of input.

    ``game``/``players`` ``None`` are asked at the terminal. With ``snapshots`` (a folder) the
    board picture of every accepted move is written to its sub-folder ``table<ID>`` (the newest
    ``keep_snapshots`` kept; ``None`` keeps all). ``resume`` continues a saved game (``resume_id``:
    that table). ``lang`` is the table's language (``en``, ``pl``, ``ru``, ``de``; normalised,
    default English). ``bots`` of the seats (the last ones) are played by bots of ``bot_level``;
    with every seat a bot the game plays to the end unattended. ``solo``: one person against the
    game's automated opponent, or against ``bots`` bots (1–3; a game without an automated opponent:
    1 by default). ``table_language``: a resumed game speaks the language stored with its table
    (``lang`` was not chosen explicitly); else it switches to ``lang``. Returns the exit code.
    """
    console = Console(host, stdin=stdin, stdout=stdout, snapshots=snapshots, lang=lang, bots=bots,
                      bot_level=bot_level, keep_snapshots=keep_snapshots, table_language=table_language)
    return console.open(game, players, options, resume=resume, seed=seed, resume_id=resume_id, solo=solo)
