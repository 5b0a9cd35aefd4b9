"""Time of the story chart: from a game's last move to the chart ready to post.

For each game, plays ``--games`` finished games with greedy bots at every seat (2–4 players,
rotating), then times what the host does after the final move (:meth:`bot.host.Host.story`
without the database read): replay the log and evaluate every turn
(:func:`engine.core.story.game_story`) and draw the chart (:func:`render.story`). Prints p50 / p99 /
max per game and the PNG sizes.

    python3 benchmarks/story_bench.py --games 6
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

import render  # noqa: E402
from engine.core import CHANCE, builtin_game_names, get_game, replay, sample_chance  # noqa: E402
from engine.core.bots import bot_view, make_policy  # noqa: E402
from engine.core.i18n import language  # noqa: E402
from engine.core.story import game_story  # noqa: E402
from engine.core.winprob import win_probabilities  # noqa: E402


def finished_game(name: str, players: int, seed: int) -> list[object] | None:
    """The move log of one greedy game (bots of width 2); ``None`` when it does not end in 8,000
    steps (greedy bots can loop)."""
    game = get_game(name)
    state = game.setup({"players": players}, seed)
    policies = [make_policy(game, "greedy", seed + s, width=2) for s in range(players)]
    moves = []
    for ply in range(1, 8000):
        seat = game.decision(state).seat
        if seat is None:
            return moves
        if seat == CHANCE:
            action = sample_chance(game, state, seed, ply)
        else:
            action = policies[seat].choose(bot_view(game, state, seat, seed + ply), game.legal_actions(state))
        moves.append(action)
        state, _ = game.apply(state, action)
    return None


def percentile(values: list[float], q: float) -> float:
    """The ``q``-th percentile (nearest rank)."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(q / 100 * len(ordered)) - 1))]


def main() -> None:
    """Command line: ``--games N`` per game, ``--game NAME`` (repeatable), ``--lang``."""
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--games", type=int, default=6)
    ap.add_argument("--game", action="append")
    ap.add_argument("--lang", default="pl")
    args = ap.parse_args()
    print("game       games  story p50  p99    max    chart p50  p99    total p50  p99    PNG kB max")
    for name in args.game or builtin_game_names():
        game = get_game(name)
        story_t, chart_t, total_t, sizes = [], [], [], []
        skipped = 0
        for i in range(args.games * 2):
            if len(total_t) == args.games:
                break
            players, seed = 2 + i % 3, 500 + i
            moves = finished_game(name, players, seed)
            if moves is None:
                skipped += 1
                continue
            options = {"players": players}
            started = time.perf_counter()
            told = game_story(game, options, seed, moves, chance_of=win_probabilities)
            middle = time.perf_counter()
            final = replay(game, options, seed, moves)
            with language(args.lang):
                png, _alt = render.story(name, game.view(final, None), told, names=[f"P{s + 1}" for s in range(told.seats)],
                                         title=name, marks=["x" * 90] * len(told.turning))
            done = time.perf_counter()
            story_t.append(middle - started)
            chart_t.append(done - middle)
            total_t.append(done - started)
            sizes.append(len(png) / 1000)

        def fmt(v: list[float]) -> str:
            return f"{percentile(v, 50):5.2f}s {percentile(v, 99):5.2f}s"

        print(f"{name:10} {len(total_t):5}  {fmt(story_t)} {max(story_t):5.2f}s  {fmt(chart_t)}  {fmt(total_t)}  "
              f"{max(sizes):6.1f}" + (f"  ({skipped} games that did not end skipped)" if skipped else ""))


if __name__ == "__main__":
    main()
