"""Write the story chart of one finished bots' game of each game (the pictures in docs/story.md).

Each game is played to its end through the real :class:`bot.host.Host` (SQLite in a temporary
folder, greedy bots at every seat), then :meth:`~bot.host.Host.story` draws the chart exactly as
Discord posts it after the final score.

    python3 benchmarks/story_charts.py --out docs/story --lang pl
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

import render  # noqa: E402
from bot.host import Host  # noqa: E402
from bot.store import Store  # noqa: E402
from engine.core import builtin_game_names, game_info, get_game  # noqa: E402

#: (game, players, seed) of the games drawn: every installed game, 3 players where it can.
GAMES = tuple((name, 3 if 3 in game_info(get_game(name)).player_counts else max(game_info(get_game(name)).player_counts), 5)
              for name in builtin_game_names())


def story_of(game: str, players: int, seed: int, lang: str, folder: Path) -> tuple[bytes, str, float]:
    """Play one bots' game through a host and return ``(png, text, seconds for the story)``."""
    store = Store.open(f"sqlite:///{folder / f'{game}.db'}")
    host = Host(store, render=render.Pictures())
    ch = f"story-{game}"
    assert host.new_table(ch, "owner", "Owner", game, {"players": players}, seed, lang=lang).ok
    for _ in range(players - 1):
        assert host.add_bot(ch, "owner", "greedy").ok
    assert host.leave(ch, "owner").ok
    assert host.add_bot(ch, "owner", "greedy").ok
    assert host.start(ch, "owner").ok
    host.play_bots(ch, limit=20000)
    started = time.perf_counter()
    reply = host.story(ch, None)
    seconds = time.perf_counter() - started
    if not reply.ok or reply.png is None:
        raise RuntimeError(f"{game}: {reply.private}")
    return reply.png, reply.public or "", seconds


def main() -> None:
    """Command line: ``--out`` folder (default docs/story), ``--lang`` (default pl)."""
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--out", default=str(ROOT / "docs" / "story"))
    ap.add_argument("--lang", default="pl")
    args = ap.parse_args()
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        for game, players, seed in GAMES:
            png, text, seconds = story_of(game, players, seed, args.lang, Path(tmp))
            (out / f"{game}-{args.lang}.png").write_bytes(png)
            print(f"## {game} ({players} players, seed {seed}, {args.lang}): {len(png) / 1000:.1f} kB, "
                  f"story in {seconds:.2f} s\n{text}\n")


if __name__ == "__main__":
    main()
