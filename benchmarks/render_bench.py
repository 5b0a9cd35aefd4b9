"""Render benchmark for a game's board picture (`--game`, default: the default game).

Plays a seeded random game, keeps ``--n`` views spread over it and renders each one, printing
p50/p99 of the full ``render(view)`` time (draw + PNG encode), the draw-only time, mean/max PNG
bytes, and — measured in the same run — the time Pillow needs to encode a blank PNG of the same
size at the same compress level (the floor no drawing optimisation can go below).

    python benchmarks/render_bench.py                 # 4 players, 200 renders
    python benchmarks/render_bench.py --players 2 --n 500 --seed 3
    python benchmarks/render_bench.py --game nippon --players 4

Target (DESIGN.md): render p99 ≤ 100 ms on 2 cores. Not part of pass/fail.
"""

from __future__ import annotations

import argparse
import io
import os
import random
import statistics
import sys
import time
from collections import Counter
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import importlib  # noqa: E402

from PIL import Image  # noqa: E402

from engine.core import CHANCE, default_game, game_info, get_game, sample_chance  # noqa: E402

#: The game and its picture module (``--game``; set in :func:`main`). A picture module offers
#: ``render(view)``, ``render_image(view)`` and ``PNG_COMPRESS_LEVEL``.
GAME: Any = None
rz: Any = None


def played_views(players: int, seed: int) -> list[dict[str, Any]]:
    """Views (``GAME.view(state, None)``) at every player decision of one seeded random game."""
    state = GAME.setup({"players": players}, seed)
    rng = random.Random(seed)
    views = []
    ply = 0
    while (d := GAME.decision(state)).seat is not None and ply < 3000:
        if d.seat == CHANCE:
            action = sample_chance(GAME, state, seed, ply)
        else:
            views.append(GAME.view(state, None))
            action = rng.choice(GAME.legal_actions(state))
        state, _ = GAME.apply(state, action)
        ply += 1
    views.append(GAME.view(state, None))
    return views


def pct(values: list[float], q: float) -> float:
    """The ``q`` quantile (0–1) of ``values`` by nearest rank."""
    s = sorted(values)
    return s[min(len(s) - 1, max(0, round(q * (len(s) - 1))))]


def main(argv: list[str] | None = None) -> None:
    """Run the benchmark and print a small report (times in ms, sizes in kB)."""
    global GAME, rz
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--game", default=None, help="game name (default: the default game)")
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--n", type=int, default=200, help="number of renders")
    args = ap.parse_args(argv)
    GAME = get_game(args.game or default_game())
    rz = importlib.import_module(f"render.{GAME.name}")

    views = played_views(args.players, args.seed)
    picks = [views[i * len(views) // args.n] for i in range(args.n)] if args.n <= len(views) else \
        [views[i % len(views)] for i in range(args.n)]

    t0 = time.perf_counter()
    first = rz.render(picks[0])  # cold: fonts, static layer, sprites
    cold = (time.perf_counter() - t0) * 1000

    total, cpu, draw, sizes, dims = [], [], [], [], Counter()
    for v in picks:
        c0 = time.thread_time()
        t = time.perf_counter()
        img = rz.render_image(v)
        t1 = time.perf_counter()
        buf = io.BytesIO()
        img.save(buf, format="PNG", compress_level=rz.PNG_COMPRESS_LEVEL)
        t2 = time.perf_counter()
        cpu.append((time.thread_time() - c0) * 1000)
        draw.append((t1 - t) * 1000)
        total.append((t2 - t) * 1000)
        sizes.append(len(buf.getvalue()))
        dims[img.size] += 1

    del first
    (w, h), _ = dims.most_common(1)[0]
    blank = Image.new("RGB", (w, h), (255, 255, 255))
    blank_ms = []
    for _ in range(max(20, args.n // 5)):
        t = time.perf_counter()
        blank.save(io.BytesIO(), format="PNG", compress_level=rz.PNG_COMPRESS_LEVEL)
        blank_ms.append((time.perf_counter() - t) * 1000)

    print(f"{game_info(GAME).title} render benchmark — {args.players} players, seed {args.seed}, "
          f"{len(views)} positions, {args.n} renders, {os.cpu_count()} CPUs")
    others = ", ".join(f"{a} x {b} px ({n})" for (a, b), n in dims.items() if (a, b) != (w, h))
    print(f"picture            {w} x {h} px" + (f"; also {others}" if others else "")
          + f"; PNG compress_level {rz.PNG_COMPRESS_LEVEL}")
    print(f"cold first render  {cold:7.1f} ms")
    print(f"render (draw+PNG)  p50 {pct(total, .5):6.1f} ms   p99 {pct(total, .99):6.1f} ms   "
          f"max {max(total):6.1f} ms")
    print(f"  its CPU time     p50 {pct(cpu, .5):6.1f} ms   p99 {pct(cpu, .99):6.1f} ms   (this thread only)")
    print(f"draw only          p50 {pct(draw, .5):6.1f} ms   p99 {pct(draw, .99):6.1f} ms")
    print(f"blank PNG encode   p50 {pct(blank_ms, .5):6.1f} ms   p99 {pct(blank_ms, .99):6.1f} ms")
    print(f"PNG size           mean {statistics.mean(sizes) / 1024:6.1f} kB   max {max(sizes) / 1024:6.1f} kB")


if __name__ == "__main__":
    main()
