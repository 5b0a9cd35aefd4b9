"""The table loader every host service is built with (:class:`TableLoader`): the store, command names,
and the unit-of-work helpers that load a channel's table, its component data and its current state,
and commit version bumps.
"""

from __future__ import annotations

import contextlib
import dataclasses
import os
from collections.abc import Mapping, Sequence
from typing import Any

from engine.core import (
    CHANCE,
    Action,
    Event,
    Game,
    IllegalAction,
    components,
    get_game,
    replay,
    sample_chance,
)
from engine.core.hidden import public_form
from engine.core.i18n import tr
from engine.core.registry import game_names, seat_label_text
from engine.core.revisions import stored_options

from ..store import (
    CHANCE_KIND,
    CHOICE,
    RUNNING,
    SYSTEM,
    UNDO,
    MoveRec,
    Repository,
    SeatRec,
    Store,
    TableRec,
    VersionConflict,
)
from ..words import _
from .core import (
    DEFAULT_COMMAND_NAMES,
    MAX_CHANCE_CHAIN,
    MOVED_ON,
    GameLookup,
    Refusal,
    _reason,
    effective_moves,
    log,
)
from .seats import SeatLabel, _seat_of, _who


class TableLoader:
    """The table loader every service is built with: the store, the game lookup, the front end's
    command names and the component data, and the unit-of-work helpers that find a channel's table,
    select its component data, rebuild its current state and bump its version.

    ``games`` looks a game up by name (default: the registry); ``command_names`` maps the commands
    the texts mention to the front end's spelling (:data:`DEFAULT_COMMAND_NAMES`); ``data_dir`` is
    the owner's component corrections for new games (default: the ``MEIJI_DATA_DIR`` environment
    variable). Every method that takes a ``repo`` runs inside the caller's unit of work.
    """

    def __init__(
        self,
        store: Store,
        *,
        games: GameLookup = get_game,
        command_names: Mapping[str, str] | None = None,
        data_dir: str | os.PathLike[str] | None = None,
    ) -> None:
        self.store = store
        self.lookup = games
        #: The owners' component corrections for new games (``DIR/<game>/<file>.json``; default:
        #: ``MEIJI_DATA_DIR``); a started table keeps the data it started with (:meth:`use_data`).
        self.data_dir = components.override_folder(
            data_dir if data_dir is not None else os.environ.get(components.ENV_VAR))
        self.command_names: dict[str, str] = {**DEFAULT_COMMAND_NAMES, **(command_names or {})}

    def cmd(self, name: str) -> str:
        """How the front end spells command ``name`` (e.g. ``'join'`` or ```/game join```)."""
        return self.command_names.get(name, f"'{name}'")

    def game(self, name: str) -> Game:
        try:
            return self.lookup(name)
        except KeyError:
            if self.lookup is get_game:
                raise Refusal(_("Unknown game '{name}' (known: {known}).", name=name,
                                known=", ".join(game_names()))) from None
            raise Refusal(_("Unknown game '{name}'.", name=name)) from None

    def use_data(self, repo: Repository, table: TableRec) -> None:
        """Select the component data ``table`` started with for the rest of this call: a data set the
        engine knows, else the one kept in the store, else this host's corrections if they are that
        data set; refused when none has it."""
        self.game(table.game)  # loading the game registers its component data (the first call after a start)
        digest = table.data_digest or components.legacy_digest(table.game)
        if digest is None:
            return  # a game without component data
        if not components.available(table.game, digest):
            stored = repo.component_data(digest)
            if stored is None and self.data_dir is not None:
                with contextlib.suppress(components.DataError):  # the owner put the corrections back
                    if components.effective(table.game, self.data_dir).digest == digest:
                        stored = components.get(table.game, digest).to_json()
            if stored is None:
                log.error("table %s: component data %s (%s) is not available", table.id, digest, table.game)
                raise Refusal(_("Table #{table} was started with component data {digest} that is not available "
                                "here, so the game can't be loaded. The bot's owner can restore that data "
                                "(see 'Correcting components' in the hosting guide).",
                                table=table.id, digest=digest[:12]), table.version)
            try:
                components.from_json(table.game, stored, digest)
            except components.DataError as exc:
                log.error("table %s: the stored component data %s does not load: %s", table.id, digest, exc)
                raise Refusal(_("Table #{table}'s component data {digest} no longer loads with this version of "
                                "the bot, so the game can't be loaded (the error is in the bot's log).",
                                table=table.id, digest=digest[:12]), table.version) from None
        components.select(table.game, digest)

    def no_game(self) -> Refusal:
        return Refusal(_("There is no game in this channel. Open one with {new}.", new=self.cmd("new")))

    def active(self, repo: Repository, channel: str) -> TableRec:
        table = repo.active_table(channel)
        if table is None:
            raise self.no_game()
        return table

    def table(self, repo: Repository, channel: str, status: str) -> TableRec:
        table = self.active(repo, channel)
        if table.status != status:
            if status == RUNNING:
                raise Refusal(_("The game hasn't started yet; start it with {start}.", start=self.cmd("start")),
                              table.version)
            raise Refusal(_("The game has already started."), table.version)
        return table

    def latest(self, repo: Repository, channel: str) -> TableRec:
        table = repo.active_table(channel) or repo.latest_table(channel)
        if table is None:
            raise self.no_game()
        return table

    def chosen(self, repo: Repository, channel: str, table_id: int | None, *, active_first: bool = False) -> TableRec:
        """Table ``table_id`` of ``channel``, or by default the channel's latest (with
        ``active_first``: its running table before its latest); refused when there is none or the
        table belongs to another channel."""
        if table_id is None:
            if active_first:
                return self.latest(repo, channel)
            table = repo.latest_table(channel)
            if table is None:
                raise self.no_game()
            return table
        found = repo.table(int(table_id))
        if found is None or found.channel != channel:
            raise Refusal(_("There is no table #{table} in this channel.", table=table_id))
        return found

    @staticmethod
    def bump(repo: Repository, table: TableRec, **changes: Any) -> int:
        try:
            return repo.bump_version(table.id, table.version, **changes)
        except VersionConflict:
            raise Refusal(tr(MOVED_ON)) from None

    def state(
        self, repo: Repository, table: TableRec, game: Game, moves: list[MoveRec] | None = None
    ) -> Any:
        """The current state: the latest snapshot if it is current, else a replay of the log."""
        self.use_data(repo, table)
        snap = repo.latest_snapshot(table.id)
        last = repo.last_seq(table.id, (CHOICE, CHANCE_KIND, UNDO))
        if snap is not None and snap.seq >= last and snap.engine_version == game.version:
            try:
                return game.from_json(snap.state)
            except ValueError:
                log.warning("table %s: snapshot #%s does not load; replaying the log", table.id, snap.seq)
        return self.replay(table, game, effective_moves(moves if moves is not None else repo.moves(table.id)))

    def state_before(
        self, repo: Repository, table: TableRec, game: Game, moves: list[MoveRec], effective: list[MoveRec]
    ) -> Any:
        """The state just before the last effective entry (snapshot if exact, else replay).

        The latest snapshot before that entry is exact when only system notes lie between them.
        """
        self.use_data(repo, table)
        target = effective[-1]
        snap = repo.snapshot_before(table.id, target.seq)
        exact = snap is not None and all(m.kind == SYSTEM for m in moves if snap.seq < m.seq < target.seq)
        if snap is not None and exact and snap.engine_version == game.version:
            try:
                return game.from_json(snap.state)
            except ValueError:
                log.warning("table %s: snapshot #%s does not load; replaying the log", table.id, snap.seq)
        return self.replay(table, game, effective[:-1])

    @staticmethod
    def replay(table: TableRec, game: Game, moves: Sequence[MoveRec]) -> Any:
        return TableLoader.replay_events(table, game, moves, len(moves))[0]

    @staticmethod
    def replay_events(
        table: TableRec, game: Game, moves: Sequence[MoveRec], events_from: int
    ) -> tuple[Any, list[Event]]:
        """The state after ``moves`` and the events of ``moves[events_from:]``; refused when the
        log no longer replays with this engine."""
        try:
            state = replay(game, stored_options(game, table.options), table.seed or 0,
                           [m.notation for m in moves[:events_from]])
            events: list[Event] = []
            for number, m in enumerate(moves[events_from:], start=events_from + 1):
                try:
                    state, step = game.apply(state, game.parse_action(state, m.notation))
                except IllegalAction as exc:
                    raise IllegalAction(f"move {number} ({m.notation}): {exc.reason}") from exc
                events += step
            return state, events
        except (IllegalAction, ValueError) as exc:
            raise Refusal(
                _("This game's log no longer replays with {game} {version} (it was started with {old}): {reason}",
                  game=game.name, version=game.version, old=table.engine_version, reason=_reason(exc)),
                table.version,
            ) from None

    @staticmethod
    def resolve_chance(
        game: Game, state: Any, table_id: int, seed: int, first_seq: int
    ) -> tuple[Any, list[MoveRec], list[Event]]:
        """Sample and apply chance outcomes (ply = each entry's seq) until a player must act."""
        entries: list[MoveRec] = []
        events: list[Event] = []
        seq = first_seq
        while game.decision(state).seat == CHANCE:
            if len(entries) >= MAX_CHANCE_CHAIN:
                raise RuntimeError(f"{game.name}: more than {MAX_CHANCE_CHAIN} chance decisions in a row")
            action: Action = sample_chance(game, state, seed, seq)
            notation = game.format_action(state, action)
            shown = public_form(game, state, action, notation)
            state, evs = game.apply(state, action)
            entries.append(MoveRec(table_id, seq, None, CHANCE, CHANCE_KIND, notation, None, shown))
            events.extend(evs)
            seq += 1
        return state, entries, events

    def my_decision(self, repo: Repository, table: TableRec, user: str) -> tuple[Any, ...]:
        """``(seats, my seat, game, state, decision)`` when ``user`` is seated and must act now;
        otherwise a :class:`Refusal` saying why."""
        seats = repo.seats(table.id)
        me = _seat_of(seats, user)
        if me is None:
            raise Refusal(_("You are not playing at this table."), table.version)
        game = self.game(table.game)
        state = self.state(repo, table, game)
        seats = self.labelled(seats, game)
        me = seats[me.seat] if 0 <= me.seat < len(seats) else me
        decision = game.decision(state)
        if me.bot_level:
            raise Refusal(_("A bot plays your seat now; take it back with {back}.", back=self.cmd("return")),
                          table.version)
        if decision.seat != me.seat:
            raise Refusal(self.not_your_turn(decision.seat, decision.prompt, seats), table.version)
        return seats, me, game, state, decision

    @staticmethod
    def labelled(seats: Sequence[SeatRec], game: Game | None) -> list[SeatRec]:
        """``seats`` whose stored labels carry the game's words for them (see :class:`SeatLabel`).

        A game may name its seat labels with ``seat_label_text(label) -> Msg`` (its SeatLabelText capability; e.g. the
        colour ``purple`` → the term "Purple"); without it labels are shown as stored.
        """
        namer = seat_label_text(game) if game is not None else None
        if namer is None:
            return list(seats)
        out = []
        for s in seats:
            if not s.label or isinstance(s.label, SeatLabel):
                out.append(s)
                continue
            try:
                term = namer.seat_label_text(s.label)
            except Exception:
                log.warning("%s: no words for seat label %r", game.name if game else "?", s.label, exc_info=True)
                out.append(s)
                continue
            out.append(dataclasses.replace(s, label=SeatLabel(s.label, term)))
        return out

    @staticmethod
    def name(seat: int | None, seats: Sequence[SeatRec]) -> str:
        if seat is None:
            return _("nobody")
        if seat == CHANCE:
            return _("chance")
        if 0 <= seat < len(seats):
            return _who(seats[seat])
        return _("seat {n}", n=seat + 1)

    def not_your_turn(self, seat: int | None, prompt: str, seats: Sequence[SeatRec]) -> str:
        if seat is None:
            return _("The game is over.")
        return _("It's not your turn: waiting for {who} ({prompt})", who=self.name(seat, seats), prompt=tr(prompt))
