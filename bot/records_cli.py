"""The terminal's records commands: ``meiji stats`` and ``meiji records backfill|rerate``
(docs/records.md). They work on the database of ``--db`` or ``DATABASE_URL``."""

from __future__ import annotations

import argparse
import os
import re
from typing import Any

from engine.core.i18n import LANGUAGES, language

#: Markdown bold as the Discord texts use it; the terminal shows the words plainly.
_BOLD = re.compile(r"\*\*(.+?)\*\*")


def _service(args: argparse.Namespace, settings: Any) -> Any:
    from .host.records import RecordsService  # the database layers load only when a command runs
    from .store import Store

    return RecordsService(Store.open(args.db or settings.database_url), min_games=args.min_games)


def cmd_stats(args: argparse.Namespace, settings: Any) -> int:
    """``meiji stats``: a player's records (``--user``), or a game's leaderboard (``--leaderboard``)."""
    from .words import _

    records = _service(args, settings)
    lang = args.lang or os.environ.get("LANG")
    if args.leaderboard:
        reply = records.leaderboard(args.game or "", None, args.period, args.page, lang=lang)
    else:
        if not args.user:
            with language(lang):
                print(_("Name the player with --user (their name as the table shows it, or their id), "
                        "or ask for --leaderboard."))
            records.store.dispose()
            return 2
        found = records.resolve_user(args.user)
        if len(found) != 1:
            with language(lang):
                if found:
                    print(_("Several players are called '{name}': give one of their ids with --user: {ids}.",
                            name=args.user, ids=", ".join(found)))
                else:
                    print(_("No player is called '{name}' here.", name=args.user))
            records.store.dispose()
            return 2
        reply = records.stats(found[0], args.game, lang=lang)
    print(_BOLD.sub(r"\1", reply.private or ""))
    records.store.dispose()
    return 0 if reply.ok else 2


def cmd_records(args: argparse.Namespace, settings: Any) -> int:
    """``meiji records backfill`` (results of finished games from their logs) or ``rerate``."""
    records = _service(args, settings)
    try:
        if args.action == "backfill":
            from .cli_common import progress_bar

            bar = progress_bar(desc="records backfill", unit="game")

            def step(n: int) -> None:
                if n >= 0:
                    bar.reset(total=n)
                else:
                    bar.update(1)

            try:
                done, failed = records.backfill(progress=step)
            finally:
                bar.close()
            print(f"results recorded for {done} finished game(s); {failed} could not be read")
            return 0 if not failed else 1
        count = records.rerate(args.game)
        print(f"ratings recomputed from {count} rated game(s)")
        return 0
    finally:
        records.store.dispose()


def add_records_parsers(sub: Any) -> None:
    """Add ``stats`` and ``records`` to the ``meiji`` command line (``sub``: its subparsers)."""
    p = sub.add_parser("stats", help="a player's records, or a game's leaderboard (--leaderboard)")
    p.add_argument("--user", default=None,
                   help="the player: their name as the table shows it (e.g. 'Seat 1'), or their id")
    p.add_argument("--lang", choices=list(LANGUAGES), default=None, type=str.lower,
                   help="language of the answer (default: from the LANG environment variable)")
    p.add_argument("--game", default=None, help="only this game (required with --leaderboard)")
    p.add_argument("--leaderboard", action="store_true", help="the game's leaderboard over every table")
    p.add_argument("--period", default="all", help="all, week, month or year (leaderboard)")
    p.add_argument("--page", type=int, default=1, help="leaderboard page (from 1)")
    p.add_argument("--min-games", type=int, default=None, help="fewest finished games to be listed (default 3)")
    p.add_argument("--db", default=None, help="database URL (default: DATABASE_URL)")
    p.set_defaults(func=cmd_stats)

    p = sub.add_parser("records", help="players' records: back-fill old finished games, or recompute ratings")
    p.add_argument("action", choices=["backfill", "rerate"])
    p.add_argument("--game", default=None, help="rerate only this game")
    p.add_argument("--min-games", type=int, default=None, help=argparse.SUPPRESS)
    p.add_argument("--db", default=None, help="database URL (default: DATABASE_URL)")
    p.set_defaults(func=cmd_records)
