"""Time of one win-probability evaluation (engine/core/winprob.py), per game, on one core.

For each game, collects ``--positions`` positions from seeded games of random moves (2–4 players,
every tenth of a game), then times, per position:

* **model**: the learned model alone on the position's features (:func:`engine.core.winmodel.chances`);
* **features + model**: :func:`engine.core.winprob.win_probabilities` as the bots, the hints and the
  story call it (the game's public features, then the model);
* **softmax**: the fallback without a model (:func:`engine.core.winprob.softmax_probabilities`,
  re-deals included in a game with hidden information), for comparison.

Prints p50 / p99 / max in microseconds. The target (issue 33): one evaluation ≤ 200 µs at p99.

    python3 benchmarks/winprob_bench.py --positions 300
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from engine.core import CHANCE, builtin_game_names, get_game, registry, sample_chance, winmodel, winprob  # noqa: E402


def positions(name: str, count: int, seed: int) -> list[object]:
    """``count`` positions of seeded random games of ``name`` (a player to move, game not over)."""
    game = get_game(name)
    out: list[object] = []
    rng = random.Random(seed)
    g = 0
    while len(out) < count:
        players = 2 + g % 3
        state = game.setup({"players": players}, seed + g)
        keep = {rng.randrange(40, 400) for _ in range(8)}
        for ply in range(max(keep) + 1):
            decision = game.decision(state)
            if decision.seat is None:
                break
            if ply in keep and decision.seat != CHANCE:
                out.append(game.from_json(game.to_json(state)))
            action = (sample_chance(game, state, seed + g, ply) if decision.seat == CHANCE
                      else rng.choice(game.legal_actions(state)))
            state, _ = game.apply(state, action)
        g += 1
    return out[:count]


def timed(fn, states: list[object], repeat: int = 3) -> list[float]:
    """Microseconds of ``fn(state)`` per state (the best of ``repeat`` calls each)."""
    out = []
    for state in states:
        best = float("inf")
        for _ in range(repeat):
            t = time.perf_counter()
            fn(state)
            best = min(best, time.perf_counter() - t)
        out.append(best * 1e6)
    return sorted(out)


def _row(label: str, us: list[float]) -> str:
    p50, p99 = us[len(us) // 2], us[min(len(us) - 1, int(len(us) * 0.99))]
    return f"| {label} | {p50:.0f} | {p99:.0f} | {us[-1]:.0f} |"


def _rows(game: Any, model: winmodel.LoadedModel, features: Any, states: list[object]) -> list[str]:
    """The three timing lines of one game."""
    name = game.name
    feats = {id(s): features.win_features(s) for s in states}
    return [
        _row(f"{name}: model", timed(lambda s: winmodel.chances(model, *feats[id(s)]), states)),
        _row(f"{name}: features + model", timed(lambda s: winprob.win_probabilities(game, s), states)),
        _row(f"{name}: softmax (before)",
             timed(lambda s: winprob.softmax_probabilities(game, s, None, 1), states[:100], repeat=1)),
    ]


def main(argv: list[str] | None = None) -> int:
    """Time every game with a model (module docstring); print a Markdown table."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", nargs="+", default=None)
    ap.add_argument("--positions", type=int, default=300)
    ap.add_argument("--seed", type=int, default=500)
    args = ap.parse_args(argv)
    print("| game: evaluation | p50 µs | p99 µs | max µs |\n|---|---|---|---|")
    for name in args.games or builtin_game_names():
        game = get_game(name)
        model, features = winmodel.model_for(game), registry.win_features(game)
        if model is None or features is None:
            print(f"| {name}: no learned model | – | – | – |")
            continue
        states = positions(name, args.positions, args.seed)
        for row in _rows(game, model, features, states):
            print(row)
    return 0


if __name__ == "__main__":
    sys.exit(main())
