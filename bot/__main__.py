"""Command line of Meiji Table (console script ``meiji``; also ``python -m bot``).

Subcommands: ``run`` (Discord), ``migrate`` (database schema), ``local`` (terminal table),
``selfplay``, ``replay``, ``apply``, ``data-report``, ``data export``, ``i18n`` and ``schema``; see
``meiji --help`` and docs/hosting.md. ``--data DIR`` (default: ``MEIJI_DATA_DIR``) names the owner's
component corrections (``DIR/<game>/<file>.json``) where a command starts or checks games. Without a subcommand
``meiji`` runs the Discord bot if ``DISCORD_TOKEN`` is set, else opens the terminal table.
Errors are printed as one line (details in the log with ``LOG_LEVEL=DEBUG``).
"""

from __future__ import annotations

import argparse
import contextlib
import json
import logging
import os
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from engine.core import (
    IllegalAction,
    builtin_game_names,
    components,
    default_game,
    game_info,
    replay,
    solo_game,
)
from engine.core.bots import LEVEL_ALIASES, LEVELS, level_name
from engine.core.i18n import LANGUAGE_NAMES, LANGUAGES, language, tr
from engine.core.revisions import stored_options

from .cli_common import (
    CliError,
    _check_data,
    _data_folder,
    _game,
    _game_choices,
    _options,
    _read_json,
    _read_text,
    _solo_levels,
    _table_options,
    progress_bar,
)
from .config import TOKEN_HELP, Settings, load_settings, setup_logging
from .words import _, _n

log = logging.getLogger("bot")



# ---------------------------------------------------------------------------------------------
# Subcommands
# ---------------------------------------------------------------------------------------------
def cmd_run(args: argparse.Namespace, settings: Settings) -> int:
    """Run the Discord bot (``DISCORD_TOKEN`` from the environment or ``.env``)."""
    plan = _shard_plan(args)  # a bad --shards/--shard-ids is refused before anything starts
    if not settings.discord_token:
        print(TOKEN_HELP, file=sys.stderr)
        return 1
    folder = _data_folder(args, settings)
    _check_data(folder, builtin_game_names())  # bad corrections are refused before the bot connects
    if folder is not None:
        os.environ[components.ENV_VAR] = str(folder)  # the Discord host's default (bot.host.Host)
    import discord

    from . import discord_app

    extra: dict[str, Any] = {}
    if plan is not None:
        extra["shards"] = plan
    try:
        discord_app.run_bot(
            settings.discord_token, settings.database_url, settings.dev_guild_id, bool(getattr(args, "sync", False)),
            **extra,
        )
    except discord.LoginFailure:
        raise CliError("Discord refused DISCORD_TOKEN (login failed): copy a fresh token from the Developer "
                       "Portal → your application → Bot → Reset Token.") from None
    except discord.PrivilegedIntentsRequired:
        raise CliError("Discord asks for a privileged intent; this bot needs none — check the adapter.") from None
    return 0


def _shard_plan(args: argparse.Namespace) -> Any:
    """The :class:`~bot.sharding.ShardPlan` of ``--shards``/``--shard-ids`` (``None`` without them)."""
    from .sharding import ShardPlan, parse_shard_ids

    count, ids_text = getattr(args, "shards", None), getattr(args, "shard_ids", None)
    if count is None and ids_text is None:
        return None
    if count is None:
        raise CliError("--shard-ids needs --shards N (the bot's total shard count, the same in every process)", 2)
    try:
        ids = parse_shard_ids(ids_text) if ids_text is not None else None
        return ShardPlan(count, ids)
    except ValueError as exc:
        raise CliError(str(exc), 2) from None


def cmd_migrate(args: argparse.Namespace, settings: Settings) -> int:
    """Bring the database (``--db`` or ``DATABASE_URL``) to the newest schema revision and say which."""
    from alembic.migration import MigrationContext
    from sqlalchemy.exc import SQLAlchemyError

    from .store import Store

    url = args.db or settings.database_url
    try:
        store = Store(url)
    except (ImportError, SQLAlchemyError, ValueError) as exc:  # no driver, a malformed URL
        raise CliError(f"cannot open the database: {exc}") from None
    try:
        with store.engine.connect() as conn:
            before = MigrationContext.configure(conn).get_current_revision()
        store.migrate()
        with store.engine.connect() as conn:
            after = MigrationContext.configure(conn).get_current_revision()
    except SQLAlchemyError as exc:
        raise CliError(f"migrating {store.engine.url.render_as_string(hide_password=True)} failed: "
                       f"{type(exc).__name__}: {str(exc).splitlines()[0]}") from None
    finally:
        store.dispose()
    where = store.engine.url.render_as_string(hide_password=True)
    if before == after:
        print(f"{where}: already at revision {after}")
    else:
        print(f"{where}: migrated from {before or 'an empty database'} to revision {after}")
    return 0


def cmd_local(args: argparse.Namespace, settings: Settings) -> int:
    """Hot-seat game at the terminal (resumable), in ``--lang`` (default: from ``LANG``)."""
    from engine.core.i18n import language, normalise

    from .console import play_local
    from .console_view import SNAPSHOT_CAP

    lang = normalise(args.lang or os.environ.get("LANG"))

    options = _table_options(args)
    players = args.players
    game = args.game
    bots = args.bots
    level = level_name(args.bot_level) if args.bot_level else "medium"
    if args.solo:
        game = game or solo_game()
        if game is None:
            raise CliError("no installed game has a solo mode", 2)
        levels = game_info(_game(game)).solo_levels
        if bots is not None or args.bot_level or not levels:  # against bots: checked by the Host (translated)
            if args.difficulty:
                with language(lang):
                    raise CliError(_("{option} applies to the game against the automated opponent, not to bots.",
                                     option="--difficulty"), 2)
            from .host.core import MAX_SOLO_BOTS, MIN_SOLO_BOTS

            if bots is not None and not MIN_SOLO_BOTS <= bots <= MAX_SOLO_BOTS:
                with language(lang):
                    raise CliError(_("Choose {low} to {high} bots.", low=MIN_SOLO_BOTS, high=MAX_SOLO_BOTS), 2)
            bots, players = bots or 1, None
        else:
            players = 1
            options["difficulty"] = args.difficulty or options.get("difficulty") or levels[len(levels) // 2]
    elif args.difficulty:
        with language(lang):
            raise CliError(_("{option} applies to the solo game: add {flag}.", option="--difficulty", flag="--solo"), 2)
    if game is not None:
        _game(game)
    if bots and not args.solo:
        if players is None:
            raise CliError("--bots needs --players N (how many seats, bots included)", 2)
        if not 0 < bots <= players:
            raise CliError(f"--bots must be from 1 to --players ({players})", 2)
        if game is not None:
            from engine.core.bots import bots_supported

            if not bots_supported(_game(game)):
                raise CliError(f"{game} has no bot players yet", 2)
    elif args.bot_level and not args.solo:
        raise CliError("--bot-level applies to bot seats: add --bots N", 2)
    from .app import compose

    resume_id = None
    if args.resume:
        if not (args.resume.isascii() and args.resume.lstrip("#").isdigit()):
            raise CliError(f"--resume takes a game number (as listed by meiji local --resume), not {args.resume!r}", 2)
        resume_id = int(args.resume.lstrip("#"))
    snapshots = None if args.no_pictures else Path(args.snapshots)
    folder = _data_folder(args, settings)
    _check_data(folder, [game] if game is not None else builtin_game_names())
    app = compose(args.db or settings.database_url, pictures=snapshots is not None, data_dir=str(folder or ""))
    try:
        return play_local(app.host, game, players, options, resume=args.resume is not None, seed=args.seed,
                          snapshots=snapshots, lang=lang, bots=bots or 0, bot_level=level, resume_id=resume_id,
                          keep_snapshots=None if args.keep_snapshots else SNAPSHOT_CAP, solo=args.solo,
                          table_language=args.lang is None)
    finally:
        app.close()


def cmd_selfplay(args: argparse.Namespace, settings: Settings) -> int:
    """Random games with invariant checks; exit 1 if any game failed."""
    from .selfplay import run_selfplay

    if args.games < 1:
        raise CliError("--games must be at least 1", 2)
    if args.workers < 1:
        raise CliError("--workers must be at least 1", 2)
    bar = progress_bar(total=args.games, desc="selfplay", unit="game")
    try:
        report = run_selfplay(
            args.game or default_game(),
            players=args.players,
            games=args.games,
            seed=args.seed,
            check=args.check,
            solo=args.solo,
            modules=args.modules or [],
            first_game=args.first_game,
            extra_options=_options(args.option),
            max_moves=args.max_moves,
            workers=args.workers,
            data_dir=_data_folder(args, settings),
            progress=lambda _i, _record: bar.update(1),
        )
    except components.DataError as exc:
        raise CliError(str(exc)) from None
    except KeyError as exc:
        raise CliError(str(exc.args[0] if exc.args else exc)) from None
    except ValueError as exc:
        raise CliError(f"invalid options for {args.game or default_game()}: {exc}", 2) from None
    finally:
        bar.close()
    for line in report.lines():
        print(line)
    return 1 if report.errors or report.leaks else 0


def cmd_replay(args: argparse.Namespace, settings: Settings) -> int:
    """Rebuild a game from an exported move log; print the final text and result."""

    data = _read_json(args.file)
    if not isinstance(data, dict) or not {"game", "options", "seed", "moves"} <= set(data):
        raise CliError(f"{args.file} is not an exported move log (needs game, options, seed, moves)")
    game = _game(str(data["game"]))
    if data.get("engine_version") and data["engine_version"] != game.version:
        print(f"note: exported with {game.name} {data['engine_version']}, replaying with {game.version}")
    digest = _replay_data(game.name, data, args, settings)
    with components.using(game.name, digest) if digest is not None else contextlib.nullcontext():
        return _replay_file(game, data, args)


def _replay_file(game: Any, data: dict[str, Any], args: argparse.Namespace) -> int:
    """:func:`cmd_replay` once the log's component data is selected."""
    from .host import effective_moves

    try:
        moves = effective_moves(data["moves"])
        if args.pictures:
            state = _replay_pictures(game, data, moves, Path(args.pictures))
        else:
            state = replay(game, stored_options(game, dict(data["options"])), int(data["seed"] or 0),
                           [str(m["notation"]) for m in moves])
    except IllegalAction as exc:
        raise CliError(f"the log does not replay: {exc.reason}") from None
    except (KeyError, TypeError, ValueError) as exc:
        raise CliError(f"the log does not replay: {exc}") from None
    with language(getattr(args, "lang", None) or os.environ.get("LANG")):
        print(game.text(state, None))
        for line in replay_outcome(game, state, len(moves), list(data.get("players") or [])):
            print(line)
    return 0


def replay_outcome(game: Any, state: Any, moves: int, players: list[dict[str, Any]]) -> list[str]:
    """The end of ``meiji replay`` in the current language and the players' words: the final result
    as the table gives it (``1. Anna (Purple) — 54 points``) or who is to play after ``moves`` moves (``players``: the
    exported log's seats, ``{"seat", "name", "user", "bot"}``; a seat without one is named by its
    label, e.g. its colour)."""
    from engine.core import CHANCE

    result = game.result(state)
    if result is None:
        decision = game.decision(state)
        if decision.seat is None or decision.seat == CHANCE:
            return [_n("Not finished after {n} move; a random draw is next: {prompt}",
                       "Not finished after {n} moves; a random draw is next: {prompt}", moves,
                       prompt=tr(decision.prompt))]
        return [_n("Not finished after {n} move; {who} to play: {prompt}",
                   "Not finished after {n} moves; {who} to play: {prompt}", moves,
                   who=_replay_seat(game, state, decision.seat, players), prompt=tr(decision.prompt))]
    from .host.seats import format_result
    from .store import SeatRec

    # the result in the table's own words, each seat named as below
    seats = [SeatRec(0, p.seat, "", _replay_seat(game, state, p.seat, players)) for p in result.players]
    return format_result(result, seats).splitlines()


def _replay_seat(game: Any, state: Any, seat: int, players: list[dict[str, Any]]) -> str:
    """Seat ``seat`` as the table showed it: ``Name (label)``, its label alone without a name, and
    "Seat N" (in the current language) without either."""
    from engine.core.registry import seat_label_text

    labels = list(game.seat_labels(state)) if hasattr(game, "seat_labels") else []
    label = labels[seat] if 0 <= seat < len(labels) else None
    naming = seat_label_text(game)
    shown = str(tr(naming.seat_label_text(label))) if label and naming is not None else label
    from .host.seats import seat_name
    from .store import SeatRec

    entry = next((p for p in players if isinstance(p, dict) and p.get("seat") == seat), None)
    name = seat_name(SeatRec(0, seat, str(entry.get("user") or ""), str(entry.get("name") or ""),
                             bot_level=entry.get("bot"))) if entry else ""
    if name and shown:
        return f"{name} ({shown})"
    return name or shown or _("Seat {n}", n=seat + 1)


def _replay_data(name: str, data: dict[str, Any], args: argparse.Namespace, settings: Settings) -> str | None:
    """The digest of the component data an exported log was played with, made available: a data set
    the engine knows (shipped or earlier shipped), the effective data of ``--data``/``MEIJI_DATA_DIR``,
    or one kept in the store (``--db``, else ``DATABASE_URL`` or an existing ``./meiji.db``). A log
    without ``data_digest`` (exported before digests) uses the game's legacy data. ``None`` for a
    game without component data; :class:`CliError` when the data is not available."""
    if not components.has_data(name):
        return None
    digest = data.get("data_digest") or components.legacy_digest(name)
    if not isinstance(digest, str) or not digest:
        raise CliError("the log's data_digest is not a digest")
    if components.available(name, digest):
        return digest
    folder = _data_folder(args, settings)
    if folder is not None and _check_data(folder, [name])[name].digest == digest:
        return digest
    stored = _stored_data(digest, args.db or settings.database_url, explicit=bool(args.db))
    if stored is not None:
        try:
            components.from_json(name, stored, digest)
        except components.DataError as exc:
            raise CliError(str(exc)) from None
        return digest
    raise CliError(_("This log was played with component data {digest} that is not available here, so it "
                     "can't be replayed. Give the database the game was stored in (--db URL) or the "
                     "corrections it was played with (--data DIR).", digest=digest))


def _stored_data(digest: str, url: str, *, explicit: bool) -> str | None:
    """The component data set ``digest`` kept in the database ``url``, if it has one (never creates a
    database: a SQLite file that does not exist is skipped unless named with ``--db``)."""
    from sqlalchemy import make_url
    from sqlalchemy.exc import SQLAlchemyError

    from .store import Store

    try:
        parsed = make_url(url)
        if parsed.get_backend_name() == "sqlite" and not explicit and not Path(parsed.database or "").is_file():
            return None
        store = Store(url)
    except (ImportError, SQLAlchemyError, ValueError) as exc:
        raise CliError(f"cannot open the database: {exc}") from None
    try:
        with store.unit_of_work(write=False) as repo:
            return repo.component_data(digest)
    except SQLAlchemyError:  # no such table (an older schema) or no such database
        log.debug("no component data in %s", url, exc_info=True)
        return None
    finally:
        store.dispose()


def _replay_pictures(game: Any, data: dict[str, Any], moves: list[Any], folder: Path) -> Any:
    """Replay ``moves`` writing, for every position (0 = the set-up, n = after the n-th player
    move and its random draws), ``NNN-board.png`` (the full board) and ``NNN-turn.png`` (the turn
    picture) into ``folder``, and ``final.png`` (the final-score picture) once the game is over.
    Pictures are the spectator's (no hidden information). Returns the last state."""
    from render import PICTURES

    from .store import CHOICE

    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise CliError(f"cannot create {folder}: {exc.strerror or exc}") from None
    state = game.setup(stored_options(game, dict(data["options"])), int(data["seed"] or 0))
    written = 0

    def write(position: int, last: dict[str, Any] | None) -> None:
        nonlocal written
        view = game.view(state, None)
        for name, out in ((f"{position:03d}-board.png", PICTURES.board(game.name, view)),
                          (f"{position:03d}-turn.png", PICTURES.turn(game.name, view, last))):
            if out is not None:
                (folder / name).write_bytes(out[0])
                written += 1

    position, last = 0, None
    for m in progress_bar(moves, desc="pictures", unit="move"):
        if m["kind"] == CHOICE:
            write(position, last)
            position += 1
            last = {"seat": m.get("seat"), "move": str(m["notation"]), "events": []}
        state, events = game.apply(state, game.parse_action(state, str(m["notation"])))
        if last is not None:
            last["events"] += [{"kind": e.kind, "seat": e.seat, "text": str(tr(e.text)), "data": dict(e.data)}
                               for e in events if not e.data.get("private")]
    write(position, last)
    if game.decision(state).seat is None:
        out = PICTURES.final(game.name, game.view(state, None))
        if out is not None:
            (folder / "final.png").write_bytes(out[0])
            written += 1
    print(f"wrote {written} pictures for {position + 1} positions to {folder}")
    return state


def cmd_apply(args: argparse.Namespace, settings: Settings) -> int:
    """Apply moves to a state file; print the new state JSON, or the refusal and the old state."""
    game = _game(args.game or default_game())
    data = _check_data(_data_folder(args, settings), [game.name]).get(game.name)
    with components.using(game.name, data.digest) if data is not None else contextlib.nullcontext():
        return _apply(game, args)


def _apply(game: Any, args: argparse.Namespace) -> int:
    """:func:`cmd_apply` once the component data is selected."""
    raw = sys.stdin.read() if args.state == "-" else _read_text(args.state)
    try:
        original = game.from_json(raw)
    except ValueError as exc:
        first = str(exc).strip().splitlines()
        raise CliError(f"invalid state in {args.state}: {' '.join(first[:3])}") from None
    moves = [m.strip() for m in args.moves.replace("\n", ";").split(";") if m.strip()]
    state = original
    for number, notation in enumerate(moves, start=1):
        if len(notation) > 200:
            return _refuse(game, original, f"move {number} is longer than 200 characters")
        try:
            state, _events = game.apply(state, game.parse_action(state, notation))
        except IllegalAction as exc:
            return _refuse(game, original, f"move {number} ({notation}): {exc.reason}")
        except ValueError as exc:
            return _refuse(game, original, f"move {number} ({notation}): {exc}")
    print(game.to_json(state))
    return 0


def _refuse(game: Any, original: Any, reason: str) -> int:
    print(f"refused: {reason}", file=sys.stderr)
    print(game.to_json(original))
    return 2


def cmd_data_report(args: argparse.Namespace, settings: Settings) -> int:
    """Confidence of every game's component data, per kind (``--game`` for one game), as corrected by
    ``--data``/``MEIJI_DATA_DIR``: the data set's digest, then each overridden record and its source."""
    names = [args.game] if args.game else list(builtin_game_names())
    folder = _data_folder(args, settings)
    for i, name in enumerate(names):
        game = _game(name)
        if i:
            print()
        data = _check_data(folder, [name]).get(name)
        with components.using(name, data.digest) if data is not None else contextlib.nullcontext():
            _data_report(game, name, data, folder)
    return 0


def _data_report(game: Any, name: str, data: components.DataSet | None, folder: Path | None) -> None:
    """One game's part of :func:`cmd_data_report` (its component data selected): records per kind
    and confidence (``*`` marks a kind with overridden records), the data set's digest, and each
    overridden record with its new source."""
    from engine.core.registry import data_report

    reporter = data_report(game)
    print(f"{game_info(game).title} ({name})")
    if reporter is None:
        print("  no component data")
        return
    marked = set(data.overridden) if data is not None else set()
    rows = [(str(k) + ("*" if k in marked else ""), int(c), int(li), int(p)) for k, c, li, p in reporter.data_report()]
    header = ("kind", "confirmed", "likely", "proposed", "total")
    width = max([len(header[0])] + [len(r[0]) for r in rows] + [5])
    print(f"{header[0]:<{width}}  " + "  ".join(f"{h:>9}" for h in header[1:]))
    totals = [0, 0, 0]
    for kind, c, li, p in rows:
        totals = [totals[0] + c, totals[1] + li, totals[2] + p]
        print(f"{kind:<{width}}  {c:>9}  {li:>9}  {p:>9}  {c + li + p:>9}")
    print(f"{'total':<{width}}  " + "  ".join(f"{v:>9}" for v in [*totals, sum(totals)]))
    if data is None:
        return
    overridden = [(kind, key, where) for kind, records in data.overridden.items() for key, where in records.items()]
    if not overridden:
        print(f"data set {data.digest} (the shipped files)")
        return
    print(f"data set {data.digest} (the shipped files corrected by {folder})")
    print(f"* overridden records ({len(overridden)}):")
    for kind, key, where in overridden:
        record = data.record(kind, key) or {}
        print(f"  {kind} [{key}]: source {record.get('source')} ({record.get('confidence')}) — {where}")


def cmd_data(args: argparse.Namespace, settings: Settings) -> int:
    """``data export [--game G] DIR``: write the effective component data files (the shipped ones
    with ``--data``/``MEIJI_DATA_DIR`` applied) as ``DIR/<game>/<file>.json``, an override folder
    to start corrections from."""
    folder = _data_folder(args, settings)
    names = [args.game] if args.game else list(builtin_game_names())
    target = Path(args.dir)
    written = 0
    for name in names:
        _game(name)
        data = _check_data(folder, [name]).get(name)
        if data is None:
            print(f"{name}: no component data")
            continue
        try:
            paths = components.export(name, target, data)
        except OSError as exc:
            raise CliError(f"cannot write {target / name}: {exc.strerror or exc}") from None
        written += len(paths)
        print(f"{name}: {len(paths)} files in {target / name} (data set {data.digest})")
    if written:
        print(f"Edit the records to correct (or delete the files you keep as shipped), then run with "
              f"--data {target} or MEIJI_DATA_DIR={target}.")
    return 0


def cmd_i18n(args: argparse.Namespace, settings: Settings) -> int:
    """``update``: re-extract message ids into every catalogue; ``check``: list what is missing."""
    from . import catalogues

    known = [d.name for d in catalogues.domain_sources()]
    if args.domain is not None and args.domain not in known:
        raise CliError(f"no message domain {args.domain!r}; the domains are: {', '.join(known)}")
    if args.action == "update":
        for domain, counts in catalogues.update(only=args.domain).items():
            rest = ", ".join(f"{lang} {n} untranslated" for lang, n in counts.items() if lang != "ids")
            print(f"{domain}: {counts['ids']} ids; {rest}")
        return 0
    problems = catalogues.check()
    for line in problems:
        print(line)
    print(f"{len(problems)} problem(s)")
    return 1 if problems else 0


def cmd_schema(args: argparse.Namespace, settings: Settings) -> int:
    """Print the JSON Schema of a game's state."""
    game = _game(args.game or default_game())
    from engine.core.registry import state_schema

    schema = state_schema(game)
    if schema is None:
        raise CliError(f"{game.name} does not publish a JSON schema")
    print(json.dumps(schema.json_schema(), indent=2))
    return 0


# ---------------------------------------------------------------------------------------------
# Helpers and parser
# ---------------------------------------------------------------------------------------------
def build_parser() -> argparse.ArgumentParser:
    """The argument parser of ``meiji``."""
    parser = argparse.ArgumentParser(
        prog="meiji", description="Meiji Table: host heavy board games in Discord and at the terminal."
    )
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")

    p = sub.add_parser("run", help="run the Discord bot (needs DISCORD_TOKEN)")
    p.add_argument(
        "--sync", action="store_true",
        help="sync the slash commands with Discord (to DEV_GUILD_ID instantly, else globally) before starting",
    )
    p.add_argument(
        "--shards", type=int, default=None, metavar="N",
        help="the bot's total number of Discord shards (default: Discord's recommendation, all in this process)",
    )
    p.add_argument(
        "--shard-ids", default=None, metavar="IDS",
        help="run only these shards of --shards N here, e.g. 0,1 or 2-3 (other processes run the rest)",
    )
    p.add_argument("--data", default=None, metavar="DIR",
                   help="component corrections: DIR/<game>/<file>.json (default: MEIJI_DATA_DIR; docs/hosting.md)")
    p.set_defaults(func=cmd_run)

    p = sub.add_parser("migrate", help="bring the database schema to the newest revision (then exit)")
    p.add_argument("--db", default=None, metavar="URL", help="database URL (default: DATABASE_URL or ./meiji.db)")
    p.set_defaults(func=cmd_migrate)

    p = sub.add_parser("local", help="play hot-seat at the terminal (saved after every move)")
    p.add_argument("--game", default=None, help=f"game: {_game_choices()} (default: asked)")
    p.add_argument("--players", type=int, default=None, help="number of players (default: asked, else 2)")
    p.add_argument("--first-game", action="store_true", help="the rulebook's first-game setup")
    p.add_argument("--modules", nargs="*", default=[], metavar="MODULE", help="optional modules")
    p.add_argument("--seed", type=int, default=None, help="fixed seed for the random events")
    p.add_argument(
        "--option", action="append", default=[], metavar="KEY=VALUE",
        help="another game option, e.g. difficulty=hard (repeatable)",
    )
    p.add_argument("--solo", action="store_true",
                   help="play alone: against the game's automated opponent, or with --bots N (1-3) against bots "
                        "(a game without an automated opponent: 1 bot by default)")
    p.add_argument("--difficulty", choices=list(_solo_levels()), default=None,
                   help="solo difficulty (default: the middle one)")
    p.add_argument("--resume", nargs="?", const="", default=None, metavar="ID",
                   help="continue an unfinished terminal game: game number ID, else the only one or one picked "
                        "from the list (several games can be saved in one folder)")
    p.add_argument("--bots", type=int, default=None, metavar="N",
                   help="bots play the last N seats (N = every seat: a demonstration game to the end); "
                        "with --solo: N bots play with you")
    p.add_argument("--bot-level", choices=[*LEVELS, *LEVEL_ALIASES], default=None, type=str.lower,
                   metavar="LEVEL",
                   help="how well the bots play: " + ", ".join(LEVELS) + " (default medium; the older names "
                        + " and ".join(f"{old} = {new}" for old, new in LEVEL_ALIASES.items()) + " still work)")
    p.add_argument("--snapshots", default="snapshots", metavar="DIR",
                   help="folder for the board picture written after every move, one sub-folder per game "
                        "(default: %(default)s; the newest 50 pictures of each game are kept)")
    p.add_argument("--keep-snapshots", action="store_true",
                   help="keep every board picture of the game (default: only the newest 50)")
    p.add_argument("--no-pictures", action="store_true", help="do not render board pictures")
    p.add_argument("--db", default=None, metavar="URL", help="database URL (default: DATABASE_URL or ./meiji.db)")
    p.add_argument(
        "--lang", choices=list(LANGUAGES), default=None, type=str.lower,
        help="language of the table: " + ", ".join(f"{c} ({n})" for c, n in LANGUAGE_NAMES.items())
        + " (default: from the LANG environment variable, e.g. LANG=pl_PL.UTF-8; else en)",
    )
    p.add_argument("--data", default=None, metavar="DIR",
                   help="component corrections: DIR/<game>/<file>.json (default: MEIJI_DATA_DIR; docs/hosting.md)")
    p.set_defaults(func=cmd_local)

    p = sub.add_parser("selfplay", help="random games with invariant checks")
    p.add_argument("--game", default=None, help=f"game: {_game_choices()} (default: {default_game()})")
    p.add_argument("--players", type=int, default=2)
    p.add_argument("--games", type=int, default=10)
    p.add_argument("--seed", type=int, default=0, help="seed of the first game (game i uses seed+i)")
    p.add_argument(
        "--check-invariants", dest="check", action="store_true", default=True,
        help="check invariants, notation, JSON and replay (default)",
    )
    p.add_argument("--no-check", dest="check", action="store_false", help="only play (faster)")
    p.add_argument("--solo", action="store_true", help="one player (solo mode)")
    p.add_argument("--first-game", action="store_true")
    p.add_argument("--modules", nargs="*", default=[], metavar="MODULE")
    p.add_argument("--option", action="append", default=[], metavar="KEY=VALUE", help="another game option")
    p.add_argument("--max-moves", type=int, default=100_000, help="a game longer than this is an error")
    p.add_argument("--workers", type=int, default=1, help="play the games in this many processes (default 1)")
    p.add_argument("--data", default=None, metavar="DIR",
                   help="component corrections: DIR/<game>/<file>.json (default: MEIJI_DATA_DIR; docs/hosting.md)")
    p.set_defaults(func=cmd_selfplay)

    p = sub.add_parser("replay", help="rebuild a game from an exported move log")
    p.add_argument("file")
    p.add_argument("--lang", choices=list(LANGUAGES), default=None, type=str.lower,
                   help="language of the board and the result (default: from the LANG environment variable)")
    p.add_argument("--pictures", metavar="DIR", default=None,
                   help="write the board and the turn picture of every position (and the final score) into DIR")
    p.add_argument("--data", default=None, metavar="DIR",
                   help="component corrections: DIR/<game>/<file>.json (default: MEIJI_DATA_DIR; docs/hosting.md)")
    p.add_argument("--db", default=None, metavar="URL",
                   help="database that may keep the log's component data (default: DATABASE_URL or ./meiji.db)")
    p.set_defaults(func=cmd_replay)

    p = sub.add_parser("apply", help="apply moves to a state JSON file")
    p.add_argument("--state", required=True, metavar="STATE.json", help="state file ('-' reads stdin)")
    p.add_argument("--moves", required=True, help='moves in notation separated by ";"')
    p.add_argument("--game", default=None, help=f"game: {_game_choices()} (default: {default_game()})")
    p.add_argument("--data", default=None, metavar="DIR",
                   help="component corrections: DIR/<game>/<file>.json (default: MEIJI_DATA_DIR; docs/hosting.md)")
    p.set_defaults(func=cmd_apply)

    p = sub.add_parser("data-report", help="confidence of each game's component data, and what is corrected")
    p.add_argument("--game", default=None, help=f"one game: {_game_choices()} (default: all)")
    p.add_argument("--data", default=None, metavar="DIR",
                   help="component corrections: DIR/<game>/<file>.json (default: MEIJI_DATA_DIR; docs/hosting.md)")
    p.set_defaults(func=cmd_data_report)

    p = sub.add_parser("data", help="component data: export the files to start corrections from")
    p.add_argument("action", choices=["export"])
    p.add_argument("dir", metavar="DIR", help="the folder to write DIR/<game>/<file>.json into")
    p.add_argument("--game", default=None, help=f"one game: {_game_choices()} (default: all)")
    p.add_argument("--data", default=None, metavar="DIR",
                   help="export the data as corrected by these corrections (default: MEIJI_DATA_DIR)")
    p.set_defaults(func=cmd_data)

    p = sub.add_parser("i18n", help="message catalogues: re-extract ids (update) or list gaps (check)")
    p.add_argument("action", choices=["update", "check"])
    p.add_argument("--domain", default=None, help="update only this domain (meiji, pictures or a game)")
    p.set_defaults(func=cmd_i18n)

    p = sub.add_parser("schema", help="print the JSON Schema of a game's state")
    p.add_argument("--game", default=None, help=f"game: {_game_choices()} (default: {default_game()})")
    p.set_defaults(func=cmd_schema)
    from .records_cli import add_records_parsers

    add_records_parsers(sub)  # stats, records
    from .train_eval import add_train_parser

    add_train_parser(sub)  # train-eval
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point; returns the exit code (0 ok, 1 error, 2 refused/usage)."""
    settings = load_settings()
    setup_logging(settings.log_level)
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
    except SystemExit as exc:  # --help or a usage error (argparse printed it)
        return exc.code if isinstance(exc.code, int) else 2
    try:
        if args.command is None:
            if settings.discord_token:
                return cmd_run(args, settings)
            with language(os.environ.get("LANG")):
                print(_("No DISCORD_TOKEN set: opening the terminal table (meiji local). See 'meiji --help'."))
            args = parser.parse_args(["local"])
        return args.func(args, settings)
    except CliError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return exc.code
    except KeyboardInterrupt:
        print("\ninterrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:  # output piped into a command that stopped reading (e.g. head)
        try:
            devnull = os.open(os.devnull, os.O_WRONLY)
            os.dup2(devnull, sys.stdout.fileno())
        except (OSError, ValueError):
            pass
        return 0
    except Exception as exc:
        log.debug("meiji %s failed", args.command, exc_info=True)
        print(f"error: {type(exc).__name__}: {exc} (set LOG_LEVEL=DEBUG for details)", file=sys.stderr)
        return 1


if __name__ == "__main__":
    sys.exit(main())
