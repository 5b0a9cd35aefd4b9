"""The lobby: opening a table, joining, leaving, starting, a solo game in one call, and abandoning."""

from __future__ import annotations

import json
import random
import secrets
from typing import Any

from sqlalchemy.exc import IntegrityError

from engine.core import Game, IllegalAction, components, i18n, registry
from engine.core.i18n import current, normalise, tr
from engine.core.revisions import pinned_options

from ..records.results import record_finished
from ..store import ABANDONED, FINISHED, OPEN, RUNNING, SYSTEM, MoveRec, TableRec
from ..words import _, _n
from .accounts import AccountService
from .core import (
    ABANDONED_NOTE,
    MAX_SOLO_BOTS,
    MIN_SOLO_BOTS,
    MOVED_ON,
    Refusal,
    Reply,
    _clean,
    _guarded,
    _normalise_options,
    _reason,
    _title,
    bot_level,
    log,
    table_language,
)
from .seats import _seat_of, is_bot_user
from .settings import server_link


class LobbyService(AccountService):
    """Lobby use cases: ``new_table``, ``join``, ``leave``, ``start``, ``solo`` and ``abandon``."""

    @_guarded
    def new_table(
        self,
        channel: str,
        user: str,
        user_name: str,
        game: str,
        options: dict[str, Any] | None = None,
        seed: int | None = None,
        *,
        guild: str | None = None,
        reminder_hours: int | None = None,
        language: str | None = None,
    ) -> Reply:
        """Open a table for ``game`` in ``channel``; the creator takes the first seat.

        ``language`` is the language of the table's public messages (normalised; default: the
        caller's ``lang``). Refused while the channel has an open or running table; that refusal's
        ``data`` holds ``table_id``, ``game``, ``status`` and ``board_url`` (the table's latest
        public board message, if a front end stored one with :meth:`set_board_message`).
        """
        channel, user = _clean(channel, "channel id"), _clean(user, "user id")
        user_name = _clean(user_name, "name")
        g = self._game(_clean(game, "game name", 40))
        self._select_new_data(g)  # the options are checked against the data a game would start with
        options = self._check_options(g, options)
        if seed is not None and (not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed < 2**63):
            raise Refusal(_("The seed must be a whole number from 0 to 2^63 − 1."))
        public_language = normalise(language) if language else current()
        table: TableRec | None = None
        with self.store.unit_of_work() as repo:
            existing = repo.active_table(channel)
            if existing:
                raise self._busy(existing)
            try:
                table = repo.create_table(
                    channel=channel,
                    guild=None if guild is None else str(guild),
                    game=g.name,
                    options=options,
                    seed=seed,
                    engine_version=g.version,
                    creator=user,
                    reminder_hours=reminder_hours,
                    language=public_language,
                )
                repo.add_seat(table.id, user, user_name)
                repo.commit()
            except IntegrityError:
                # One open or running table per channel is a unique index of the database: another
                # process opened one here at the same moment and won (PostgreSQL; SQLite's
                # BEGIN IMMEDIATE queues the second opener behind the first instead).
                table = None
        if table is None:
            with self.store.unit_of_work(write=False) as repo:
                existing = repo.active_table(channel)
            if existing:
                raise self._busy(existing)
            raise Refusal(tr(MOVED_ON))
        want = options.get("players")
        advice = registry.option_warnings(g)
        with i18n.language(public_language):
            if want:
                opened = _n("{name} opened a {game} table for {n} player.", "{name} opened a {game} table for {n} players.",
                            want, name=user_name, game=_title(g.name))
            else:
                opened = _("{name} opened a {game} table.", name=user_name, game=_title(g.name))
            lines = [opened + " " + _("Join it with {join}; start it with {start}.",
                                      join=self._cmd("join"), start=self._cmd("start"))]
            lines += [_("Note: {warning}", warning=tr(w)) for w in (advice.option_warnings(options) if advice else [])]
        return Reply(
            ok=True,
            public="\n".join(lines),
            version=table.version,
            data={"table_id": table.id, "language": public_language},
            language=public_language,
        )

    @_guarded
    def join(self, channel: str, user: str, user_name: str) -> Reply:
        """Take the next free seat at the open table of ``channel``."""
        channel, user = _clean(channel, "channel id"), _clean(user, "user id")
        user_name = _clean(user_name, "name")
        with self.store.unit_of_work() as repo:
            table = self._table(repo, channel, OPEN)
            seats = repo.seats(table.id)
            if _seat_of(seats, user):
                raise Refusal(_("You already have a seat at this table."), table.version)
            want = table.options.get("players")
            if want is not None and len(seats) >= want:
                raise Refusal(_n("The table is full ({n} player).", "The table is full ({n} players).", want),
                              table.version)
            seat = repo.add_seat(table.id, user, user_name)
            version = self._bump(repo, table)
            repo.commit()
        count = len(seats) + 1
        with i18n.language(table_language(table)) as public_language:
            if want:
                text = _("{name} joined ({count}/{want}).", name=user_name, count=count, want=want)
            else:
                text = _("{name} joined ({count} seated).", name=user_name, count=count)
            if want is not None and count == want:
                text += " " + _("The table is full; start the game with {start}.", start=self._cmd("start"))
        return Reply(ok=True, public=text, version=version, data={"seat": seat.seat}, language=public_language)

    @_guarded
    def leave(self, channel: str, user: str) -> Reply:
        """Give up a seat before the game starts (an empty table is abandoned)."""
        channel, user = _clean(channel, "channel id"), _clean(user, "user id")
        with self.store.unit_of_work() as repo:
            table = self._active(repo, channel)
            seats = repo.seats(table.id)
            me = _seat_of(seats, user)
            if me is None:
                raise Refusal(_("You have no seat at this table."), table.version)
            if table.status != OPEN:
                raise Refusal(
                    _("The game has started; you can't leave now (the creator or an admin can abandon it)."),
                    table.version,
                )
            repo.remove_seat(table.id, user)
            rest = [s for s in seats if s.user_id != user]
            people = [s for s in rest if not is_bot_user(s.user_id)]
            changes: dict[str, Any] = {}
            if not rest:
                changes["status"] = ABANDONED
            elif table.creator == user and people:
                changes["creator"] = people[0].user_id
            # (only bots left: the leaving creator stays the creator, and may still start or abandon)
            version = self._bump(repo, table, **changes)
            repo.commit()
        with i18n.language(table_language(table)) as public_language:
            text = _("{name} left the table.", name=me.user_name)
            if not rest:
                text += " " + _("Nobody is left, so the table is closed.")
        return Reply(ok=True, public=text, version=version, language=public_language)

    @_guarded
    def start(self, channel: str, user: str, *, shuffle_seats: bool = False) -> Reply:
        """Start the open table: set up the game and resolve the opening chance decisions.

        With ``shuffle_seats`` the seated players are put in a random order first (derived from the
        table's seed and stored), so colours are random; the start player is the game's own chance.
        """
        channel, user = _clean(channel, "channel id"), _clean(user, "user id")
        with self.store.unit_of_work() as repo:
            table = self._active(repo, channel)
            if table.status != OPEN:
                raise Refusal(_("The game has already started."), table.version)
            seats = repo.seats(table.id)
            if _seat_of(seats, user) is None and user != table.creator:
                raise Refusal(_("Only a seated player can start the game."), table.version)
            want = table.options.get("players")
            if want is not None and len(seats) < want:
                missing = want - len(seats)
                raise Refusal(
                    _n("This table is for {want} players and {n} is seated; waiting for {missing} more.",
                       "This table is for {want} players and {n} are seated; waiting for {missing} more.",
                       len(seats), want=want, missing=missing),
                    table.version,
                )
            game = self._game(table.game)
            # The table keeps the rules it starts with (engine.core.revisions).
            options = pinned_options(game, {**table.options, "players": len(seats)})
            seed = table.seed if table.seed is not None else secrets.randbits(62)
            if shuffle_seats and len(seats) > 1:
                order = [s.user_id for s in seats]
                random.Random(f"seats:{seed}").shuffle(order)
                repo.reorder_seats(table.id, order)
            data = self._select_new_data(game, table.version)  # the table keeps this data set
            try:
                state = game.setup(options, seed)
            except (ValueError, IllegalAction) as exc:
                raise Refusal(_("The game can't start: {reason}", reason=_reason(exc)), table.version) from None
            state, entries, events = self._resolve_chance(game, state, table.id, seed, 1)
            over = game.decision(state).seat is None
            if data is not None:
                repo.save_component_data(data.digest, data.game, data.to_json())
            version = self._bump(
                repo, table, status=FINISHED if over else RUNNING, options=options, seed=seed,
                data_digest=data.digest if data is not None else None,
            )
            repo.set_seat_labels(table.id, game.seat_labels(state))
            repo.append_moves(entries)
            repo.save_snapshot(table.id, entries[-1].seq if entries else 0, game.version, game.to_json(state))
            seats = repo.seats(table.id)
            if over:  # a game over at its start: results and ratings in this transaction
                record_finished(repo, table, game, state)
            repo.commit()
        public_language = table_language(table)
        seats = self._labelled(seats, game)
        with i18n.language(public_language):
            if len(seats) == 1:
                first = _("The {game} solo game has started.", game=_title(game.name))
            else:
                first = _n("The {game} game has started with {n} player.", "The {game} game has started with {n} players.",
                           len(seats), game=_title(game.name))

        def build() -> Reply:
            with i18n.language(public_language):
                next_line = self._next_line(game, state, seats)
                lines = [first, *self._event_lines(events, None)[0], next_line]
                png, alt = self._turn_picture(game, state)
                data = self._step_data(game, state, seats, events, next_line, table)
                data["account"] = self._start_account(game, state, seats, events, len(entries))
            return Reply(
                ok=True,
                public="\n".join(lines),
                png=png,
                alt=alt,
                mention=self._to_mention(game, state, seats, user),
                version=version,
                data=data,
                language=public_language,
            )

        return self._after_commit(build, first, version, public_language)

    @_guarded
    def solo(
        self, channel: str, user: str, user_name: str, game: str, options: dict[str, Any] | None = None,
        seed: int | None = None, *, guild: str | None = None, language: str | None = None,
        bots: int | None = None, level: str | None = None,
    ) -> Reply:
        """Open and start a table for one person in one call (refusals and ``language`` as :meth:`new_table`).

        Without ``bots`` a game with a solo mode (solo levels, or one player among its player
        counts) is played alone or against its automated opponent; a game without one gets one bot (``bots=0`` is refused
        there). With ``bots`` (1 to
        :data:`MAX_SOLO_BOTS`, and one more than that must be a player count of the game) the
        player takes the first seat and ``bots`` bots of ``level`` (``easy``, ``medium`` or
        ``hard``; default ``medium``; older names accepted) the others, then the table starts and
        is played like any table: the bots' turns by :meth:`bot_step` (the front end plays them
        after each move), the result ranks the player among the bots and is recorded (the bots
        as ``bot:<level>``). The game knows nothing of it. A bad ``bots`` or ``level`` is refused
        before anything is saved; a table that can't start is abandoned.
        """
        from engine.core.bots import bots_supported
        from engine.core.registry import game_info

        g = self._game(_clean(game, "game name", 40))
        info = game_info(g)
        counts, alone = info.player_counts, bool(info.solo_levels) or 1 in info.player_counts
        if bots is None and level is not None:
            bots = MIN_SOLO_BOTS
        if bots is None:
            bots = 0 if alone else MIN_SOLO_BOTS
        if bots == 0 and level is None and alone:
            return self._solo_open(channel, user, user_name, g.name, {**(options or {}), "players": 1}, seed,
                                   guild, language, 0, "medium")
        if isinstance(bots, bool) or not isinstance(bots, int) or not MIN_SOLO_BOTS <= bots <= MAX_SOLO_BOTS:
            raise Refusal(_("Choose {low} to {high} bots.", low=MIN_SOLO_BOTS, high=MAX_SOLO_BOTS))
        chosen = bot_level("medium" if level is None else level)
        if not bots_supported(g):
            raise Refusal(_("{game} has no bot players yet.", game=_title(g.name)))
        allowed = [n - 1 for n in counts if MIN_SOLO_BOTS <= n - 1 <= MAX_SOLO_BOTS]
        if bots + 1 not in counts:
            raise Refusal(_("{game} can't be played by {n} players; choose {choices} bots.", game=_title(g.name),
                            n=bots + 1, choices=", ".join(str(n) for n in allowed)))
        opts = {k: v for k, v in (options or {}).items() if k != "difficulty"}
        return self._solo_open(channel, user, user_name, g.name, {**opts, "players": bots + 1}, seed, guild,
                               language, bots, chosen)

    def _solo_open(self, channel: str, user: str, user_name: str, game: str, options: dict[str, Any],
                   seed: int | None, guild: str | None, language: str | None, bots: int, level: str) -> Reply:
        """Open the table, seat ``bots`` bots of ``level`` and start it (abandoned if any step is refused)."""
        lang = current()
        opened = self.new_table(channel, user, user_name, game, options, seed, guild=guild, language=language,
                                lang=lang)
        if not opened.ok:
            return opened
        for _bot in range(bots):
            added = self.add_bot(channel, user, level, lang=lang)
            if not added.ok:
                self.abandon(channel, user, lang=lang)
                return added
        started = self.start(channel, user, lang=lang)
        if not started.ok:
            self.abandon(channel, user, lang=lang)
        elif bots:
            started.data = {**(started.data or {}), "bots": bots, "level": level}
        return started

    @_guarded
    def abandon(self, channel: str, user: str, is_admin: bool = False) -> Reply:
        """Close the channel's open or running table (its creator or an admin only)."""
        channel, user = _clean(channel, "channel id"), _clean(user, "user id")
        with self.store.unit_of_work() as repo:
            table = self._active(repo, channel)
            if user != table.creator and not is_admin:
                creator = _seat_of(repo.seats(table.id), table.creator)
                if creator is None:
                    raise Refusal(_("Only the table's creator or a server admin can abandon this game."),
                                  table.version)
                raise Refusal(
                    _("Only the table's creator ({name}) or a server admin can abandon this game.",
                      name=creator.user_name),
                    table.version,
                )
            version = self._bump(repo, table, status=ABANDONED)
            seq = repo.last_seq(table.id) + 1
            repo.append_moves([MoveRec(table.id, seq, user, None, SYSTEM, ABANDONED_NOTE)])
            repo.commit()
        with i18n.language(table_language(table)) as public_language:
            text = _("The {game} table was abandoned.", game=_title(table.game))
        return Reply(ok=True, public=text, version=version, language=public_language)

    @staticmethod
    def _busy(existing: TableRec) -> Refusal:
        """The refusal of a new table while ``existing`` is open or running in the channel."""
        if existing.status == OPEN:
            busy = _("A {game} game is already open here (table #{table}). Finish or abandon it first.",
                     game=_title(existing.game), table=existing.id)
        else:
            busy = _("A {game} game is already running here (table #{table}). Finish or abandon it first.",
                     game=_title(existing.game), table=existing.id)
        board_url = server_link(existing.board_url, existing.guild) if existing.board_url else None
        if board_url:
            busy += " " + _("Latest board: {url}", url=board_url)
        data = {"table_id": existing.id, "game": existing.game, "status": existing.status,
                "board_url": board_url}
        return Refusal(busy, existing.version, data)

    def _check_options(self, game: Game, options: dict[str, Any] | None) -> dict[str, Any]:
        options = _normalise_options(options)
        try:
            encoded = json.dumps(options)
        except (TypeError, ValueError):
            raise Refusal(_("The options must be plain JSON data.")) from None
        if len(encoded) > 2000:
            raise Refusal(_("The options are too long."))
        players = options.get("players")
        if players is not None and (not isinstance(players, int) or isinstance(players, bool) or players < 1):
            raise Refusal(_("The number of players must be a whole number of at least 1."))
        try:
            game.setup(options, 0)  # validates player count, modules …
        except (ValueError, IllegalAction) as exc:
            raise Refusal(_("Those options don't work for {game}: {reason}", game=_title(game.name),
                                    reason=_reason(exc))) from None
        return options

    def _select_new_data(self, game: Game, version: int | None = None) -> components.DataSet | None:
        """Select (for the rest of this call) and return the component data a game of ``game``
        starts with now: the shipped data with the owner's corrections (:attr:`data_dir`); ``None``
        for a game without component data. Invalid corrections refuse the call (logged in full)."""
        if not components.has_data(game.name):
            return None
        try:
            data = components.effective(game.name, self.data_dir)
        except components.DataError as exc:
            log.error("the component data corrections in %s are invalid: %s", self.data_dir, exc)
            raise Refusal(_("This bot's corrections of the {game} components are invalid, so no {game} game can "
                            "start; the bot's owner has to fix them (the error is in the bot's log).",
                            game=_title(game.name)), version) from None
        components.select(game.name, data.digest)
        return data
