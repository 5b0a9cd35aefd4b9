"""What the terminal table prints between two prompts: board changes, turn accounts, saved games.

Pure helpers of :mod:`bot.console` (no reading or writing of the terminal):

* :data:`COMMANDS` and :func:`help_text` — the console's command words and its help;
* :func:`sections` / :func:`changed_sections` — a board text cut into sections (a line that
  starts at the left margin opens one; indented lines belong to it) and the sections that differ
  from an earlier board text, so that after a turn only the changed parts are printed;
* :func:`account_lines` — the accounts of a reply (``Reply.data.account`` or
  ``data.accounts``: dicts ``{"seat", "who", "lines"}``) as indented terminal lines;
* :func:`setup_summary` — the one line that stands for a game's set-up draws;
* :func:`saved_games` / :func:`free_channel` — the unfinished terminal games of a store (several
  per folder, one channel each) and a channel for a new one;
* :func:`keep_newest` — the cap on the board pictures kept per game.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .host.data import AccountsData, StepData
from .store import CHOICE, OPEN, RUNNING, Store, TableRec
from .words import _, _n, _t

#: The channel of the terminal table; further unfinished games get ``terminal-2``, ``terminal-3`` …
CHANNEL = "terminal"
#: Board pictures kept per game unless ``--keep-snapshots`` (the newest ones).
SNAPSHOT_CAP = 50
#: The console's commands and their other spellings. None is a word of any game's notation
#: (tests/bot/test_bot_console.py checks every installed game); a leading ``/`` also marks one.
COMMANDS: dict[str, str] = {
    "quit": "quit", "exit": "quit", "q": "quit", "help": "help", "?": "help", "h": "help",
    "moves": "moves", "undo": "undo", "board": "board", "log": "log", "save": "save", "hand": "hand",
    "picture": "picture", "story": "story", "hint": "hint", "review": "review",
}
#: The command words (kept for callers of the old constant).
COMMAND_WORDS = frozenset(COMMANDS)
#: How the host's texts name commands at the terminal (only commands that exist here).
TERMINAL_COMMAND_NAMES = {"new": "'meiji local'", "undo": "'undo'", "board": "'board'", "log": "'log'"}


def help_text() -> str:
    """The console's help in the current language: the command words stay English (they are typed
    as they are), their placeholders (``FILE``, ``TEXT``, ``N``) and descriptions are translated."""
    # i18n: placeholders in the terminal help ("save FILE"): what the player types after the command.
    file, text, n = _t("help placeholder", "FILE"), _t("help placeholder", "TEXT"), _t("help placeholder", "N")
    rows = [
        (f"moves [{text}]", _("list every legal move with its description (only those containing {text})", text=text)),
        ("undo", _("take back your last step in this turn")),
        ("board", _("show the whole board (after a turn only its changes are shown)")),
        ("hand", _("show your own view (your hand) and your moves again")),
        ("hint", _("the suggested move and the winning chance it adds against the next best")),
        (f"log [{n}]", _("what happened in the last {n} turns (default 10)", n=n)),
        (f"save {file}", _("write the move log as JSON (also after the game ends)")),
        (f"picture {file}", _("write the final-score picture as PNG (after the game ends)")),
        (f"story {file}", _("how the game went: VP and winning chances as a PNG chart (after the game ends)")),
        ("review", _("your three key moments: where a better move would have won you the most (after the game ends)")),
        ("help", _("this text")),
        ("quit", _("stop here; the game is saved (resume with: {command})", command="meiji local --resume")),
    ]
    width = max(len(usage) for usage, _text in rows) + 2
    return "\n".join([
        _("Type a move in notation (e.g. what the list shows) or its number from the list."),
        _("Commands:"),
        *(f"  {usage:<{width}}{what}" for usage, what in rows),
        _("Start a line with '/' to make it a command (e.g. '{example}'), with '!' to send it as a move.",
          example=f"/save {file}"),
    ])


def sections(text: str) -> list[str]:
    """``text`` cut into sections: each starts at a line indented by at most one blank (a player's
    row may start with one, a marker's place); lines indented more belong to it; empty lines dropped.

    Returns the sections' texts (lines joined with ``\\n``) in order; ``""`` gives ``[]``.
    """
    out: list[list[str]] = []
    for line in text.splitlines():
        if not line.strip():
            continue
        if not out or len(line) - len(line.lstrip()) <= 1:
            out.append([line])
        else:
            out[-1].append(line)
    return ["\n".join(lines) for lines in out]


def changed_sections(old: str, new: str) -> list[str]:
    """The sections of board text ``new`` that do not appear unchanged in ``old`` (in ``new``'s order)."""
    before = set(sections(old))
    return [s for s in sections(new) if s not in before]


def account_lines(accounts: Iterable[Mapping[str, Any]]) -> list[str]:
    """Terminal lines of turn accounts: ``who:`` then each sentence indented (``who`` may be empty)."""
    out: list[str] = []
    for account in accounts:
        lines = [str(line) for line in account.get("lines") or [] if str(line).strip()]
        if not lines:
            continue
        who = str(account.get("who") or "").strip()
        if who:
            out.append(f"— {who}:")
            out.extend(f"    {line}" for line in lines)
        else:
            out.extend(lines)
    return out


def reply_accounts(data: object) -> list[dict[str, Any]] | None:
    """The accounts a host reply's data carries (:attr:`StepData.account <bot.host.data.StepData>` or
    :attr:`AccountsData.accounts <bot.host.data.AccountsData>`), ``None`` if none."""
    if isinstance(data, StepData) and data.account is not None:
        return [dict(a) for a in data.account]
    if isinstance(data, AccountsData):
        return [dict(a) for a in data.accounts]
    return None


def setup_summary(lines: Sequence[str]) -> str:
    """The one line standing for the ``lines`` of a game's set-up draws (``log`` shows them all)."""
    return _n("Set-up: {n} draw (type 'log' to read it).", "Set-up: {n} draws (type 'log' to read them).",
              len(lines))


@dataclass(frozen=True, slots=True)
class SavedGame:
    """An unfinished terminal game: its table ``id``, ``channel``, ``game`` name, seat count, moves."""

    id: int
    channel: str
    game: str
    players: int
    moves: int
    status: str


def is_terminal_channel(channel: str) -> bool:
    """True for the terminal table's channels (``terminal``, ``terminal-2`` …)."""
    return channel == CHANNEL or (channel.startswith(CHANNEL + "-") and channel[len(CHANNEL) + 1:].isdigit())


def saved_games(store: Store) -> list[SavedGame]:
    """The open or running games of the terminal channels, oldest first (one per channel: its latest)."""
    with store.unit_of_work(write=False) as repo:
        latest: dict[str, TableRec] = {}
        for table in repo.tables():
            if is_terminal_channel(table.channel) and (
                    table.channel not in latest or table.id > latest[table.channel].id):
                latest[table.channel] = table
        out = []
        for table in sorted(latest.values(), key=lambda t: t.id):
            if table.status not in (OPEN, RUNNING):
                continue
            moves = sum(1 for m in repo.moves(table.id) if m.kind == CHOICE)
            out.append(SavedGame(table.id, table.channel, table.game, len(repo.seats(table.id)), moves, table.status))
    return out


def free_channel(store: Store) -> str:
    """A terminal channel without an unfinished game (``terminal`` first, then ``terminal-2`` …)."""
    busy = {g.channel for g in saved_games(store)}
    if CHANNEL not in busy:
        return CHANNEL
    k = 2
    while f"{CHANNEL}-{k}" in busy:
        k += 1
    return f"{CHANNEL}-{k}"


def describe_saved(game: SavedGame, title: str) -> str:
    """One line naming a saved game for the resume menu: ``#ID title — N players, M moves``."""
    return f"#{game.id}  {title} — " + ", ".join([
        _n("{n} player", "{n} players", game.players), _n("{n} move", "{n} moves", game.moves)])


def keep_newest(folder: Path, cap: int | None, pattern: str = "v*.png") -> int:
    """Delete all but the newest ``cap`` files of ``folder`` matching ``pattern`` (by name, which
    holds the zero-padded version); ``None`` keeps all. Returns how many were deleted."""
    if cap is None:
        return 0
    files = sorted(folder.glob(pattern))
    gone = 0
    for path in files[: max(0, len(files) - cap)]:
        try:
            path.unlink()
            gone += 1
        except OSError:
            pass
    return gone
