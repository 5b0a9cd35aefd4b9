"""The terminal table's set-up: which game and how many play, and opening the table (people, bots,
or one person against the automated opponent or bots) over :class:`~bot.host.Host`.

A mixin of :class:`bot.console.Console` (which owns the reading, printing and the play loop).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any

from engine.core import builtin_game_names, game_info, get_game, registry
from engine.core.bots import bots_supported
from engine.core.i18n import tr

from .host import MAX_SOLO_BOTS, MIN_SOLO_BOTS, Host, Reply
from .words import _


class TableSetup:
    """Choosing a game and opening its table at the terminal (see the module docstring)."""

    host: Host
    channel: str
    lang: str
    bots: int
    bot_level: str

    #: Provided by :class:`bot.console.Console`: write a line, read one after a prompt (``None`` at
    #: end of input) and show a Host reply.
    say: Callable[..., None]
    _read: Callable[[str], str | None]
    _show: Callable[..., bool]

    def _announce(self) -> None:
        """Say the new table's number and how to resume it."""
        found = self.host.status(self.channel, lang=self.lang).data
        table = found.table_id if found is not None else None
        if table is not None:
            self.say(_("This is game #{id}; it is saved after every move (resume with: {command}).",
                       id=table, command=f"meiji local --resume {table}"))

    def _ask_game(self) -> tuple[str, bool] | None:
        """Which game to open and whether solo (numbered menu, Enter takes the first; a game with a
        solo mode is offered once more as solo, a game with bots but no solo mode once more against
        bots); ``None`` at end of input or quit."""
        entries: list[tuple[str, bool, str]] = []
        solos: list[tuple[str, bool, str]] = []
        for name in builtin_game_names():
            game = get_game(name)
            info = game_info(game)
            if any(n > 1 for n in info.player_counts):
                entries.append((name, False, info.title))
            if info.solo_levels:
                solo = registry.solo_opponent(game)
                opponent = solo.solo_opponent if solo is not None else None
                title = (_("{game} — solo against {opponent}", game=info.title, opponent=tr(opponent))
                         if opponent is not None else _("{game} — solo", game=info.title))
                solos.append((name, True, title))
            elif 1 not in info.player_counts and bots_supported(game):
                solos.append((name, True, _("{game} — solo against bots", game=info.title)))
        entries += solos  # the solo games after the others
        if len(entries) == 1:
            return entries[0][0], entries[0][1]
        self.say(_("Which game?"))
        for i, (_name, _solo, title) in enumerate(entries, start=1):
            self.say(f"  {i}. {title}")
        while True:
            answer = self._read(_("game [1-{n}, Enter = 1]> ", n=len(entries)))
            if answer is None or answer.strip().lower() in ("q", "quit", "exit"):
                return None
            answer = answer.strip().lower()
            if not answer:
                return entries[0][0], entries[0][1]
            if answer.isascii() and answer.isdigit() and 1 <= int(answer) <= len(entries):
                return entries[int(answer) - 1][0], entries[int(answer) - 1][1]
            found = [(n, solo) for n, solo, title in entries if answer in (n, title.lower()) and not solo]
            if found:
                return found[0]
            self.say(_("Please type a number from 1 to {n}.", n=len(entries)))

    def _ask_players(self, game: str) -> int | None:
        """How many players (the game's counts; Enter takes the smallest); ``None`` at end of input."""
        counts = [n for n in game_info(get_game(game)).player_counts if n > 1] or [1]
        if len(counts) == 1:
            return counts[0]
        low, high = min(counts), max(counts)
        return self._ask_count(counts, _("players [{low}-{high}, Enter = {low}]> ", low=low, high=high))

    def _ask_bots(self, game: str) -> int | None:
        """How many bots play with the person (those the game's player counts allow, 1–3; Enter takes
        the fewest); ``None`` at end of input or quit."""
        counts = [n - 1 for n in game_info(get_game(game)).player_counts if MIN_SOLO_BOTS <= n - 1 <= MAX_SOLO_BOTS]
        if len(counts) <= 1:
            return counts[0] if counts else MIN_SOLO_BOTS
        low, high = min(counts), max(counts)
        return self._ask_count(counts, _("bots [{low}-{high}, Enter = {low}]> ", low=low, high=high))

    def _ask_count(self, counts: list[int], prompt: str) -> int | None:
        """One of ``counts`` typed at ``prompt`` (Enter takes the smallest), asked again until it is;
        ``None`` at end of input or quit."""
        low, high = min(counts), max(counts)
        while True:
            answer = self._read(prompt)
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
        if not self._show(opened, quiet=True):  # its "join it / start it" is for Discord
            return False
        steps: list[Callable[[], Reply]] = [
            partial(self.host.join, self.channel, f"seat{k}", _("Seat {n}", n=k), lang=lang)
            for k in range(2, people + 1)
        ]
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
        if not self._show(reply, start=True):
            self.host.abandon(self.channel, "seat1", lang=lang)
            return False
        self._announce()
        return True

    def _solo(self, game: str, options: dict[str, Any], seed: int | None) -> bool:
        """Open and start a table of one person (``seat1``) and the console's bots
        (:meth:`bot.host.Host.solo`; their number and level checked there)."""
        bots = self.bots or self._ask_bots(game)
        if bots is None:
            return False
        reply = self.host.solo(self.channel, "seat1", _("Seat {n}", n=1), game, options, seed, language=self.lang,
                               bots=bots, level=self.bot_level, lang=self.lang)
        if not self._show(reply, start=True):
            return False
        self._announce()
        return True
