"""Render benchmark for a game's pictures (`--game`, default: the default game).

Plays a seeded random game, keeps ``--n`` positions spread over it and draws, for each, the three
pictures a player sees (docs/rendering.md): the **board** (``render(view)``, the full board behind
"Full board" and ``/game board``), the **turn picture** (``render.turn``: posted after every move)
and — at the end of the game — the **final-score picture** (``render.final``). Prints p50/p99 of
draw + encode, the draw-only time of the board, mean/max bytes and the colours of the PNGs, and —
measured in the same run — the time Pillow needs to encode a blank RGB PNG of the board's size
(compress level 1), with the board's ratio to it.

    python benchmarks/render_bench.py                 # 4 players, 200 positions
    python benchmarks/render_bench.py --players 2 --n 500 --seed 3
    python benchmarks/render_bench.py --game nippon --players 4

Targets (issue 11): board ≤ 150 kB, p50 ≤ 30 ms and ≤ 1.5 × the blank RGB encode; turn picture
≤ 100 kB and p50 ≤ 20 ms. Not part of pass/fail: the figures go to docs/performance.md.
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

import render  # noqa: E402
from engine.core import CHANCE, default_game, game_info, get_game, sample_chance  # noqa: E402
from engine.core.i18n import tr  # noqa: E402

#: The game and its picture module (``--game``; set in :func:`main`). A picture module offers
#: ``render(view)``, ``render_image(view)`` and ``PNG_COMPRESS_LEVEL``.
GAME: Any = None
rz: Any = None


def played_views(players: int, seed: int) -> list[tuple[dict[str, Any], dict[str, Any] | None]]:
    """``(view, last)`` at every player decision of one seeded random game: the spectator's view
    and the move that led there with its public events (``render.turn``'s ``last``)."""
    state = GAME.setup({"players": players}, seed)
    rng = random.Random(seed)
    views: list[tuple[dict[str, Any], dict[str, Any] | None]] = []
    last: dict[str, Any] | None = None
    ply = 0
    while (d := GAME.decision(state)).seat is not None and ply < 5000:
        if d.seat == CHANCE:
            action = sample_chance(GAME, state, seed, ply)
        else:
            views.append((GAME.view(state, None), last))
            action = rng.choice(GAME.legal_actions(state))
            last = {"seat": d.seat, "move": GAME.format_action(state, action), "events": []}
        state, events = GAME.apply(state, action)
        if last is not None:
            last["events"] += [{"kind": e.kind, "seat": e.seat, "text": str(tr(e.text)), "data": dict(e.data)}
                               for e in events if not e.data.get("private")]
        ply += 1
    views.append((GAME.view(state, None), last))
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
    rz.render(picks[0][0])  # cold: fonts, static layer, sprites
    render.turn(GAME.name, *picks[0])
    cold = (time.perf_counter() - t0) * 1000

    board_ms, cpu, draw, board_kb, board_colours, dims = [], [], [], [], [], Counter()
    turn_ms, turn_kb, turn_colours, turn_dims = [], [], [], Counter()
    for view, last in picks:
        c0 = time.thread_time()
        t = time.perf_counter()
        img = rz.render_image(view)
        t1 = time.perf_counter()
        png = rz.render(view)
        t2 = time.perf_counter()
        cpu.append((time.thread_time() - c0) * 1000)
        draw.append((t1 - t) * 1000)
        board_ms.append((t2 - t1) * 1000)  # render() draws again and encodes: the real cost
        board_kb.append(len(png) / 1024)
        board_colours.append(colours(png))
        dims[img.size] += 1
        t = time.perf_counter()
        out = render.turn(GAME.name, view, last)
        turn_ms.append((time.perf_counter() - t) * 1000)
        assert out is not None
        turn_kb.append(len(out[0]) / 1024)
        turn_colours.append(colours(out[0]))
        with Image.open(io.BytesIO(out[0])) as im:
            turn_dims[im.size] += 1
    final_view = views[-1][0]
    final_ms = []
    final_png = b""
    for _ in range(10):
        t = time.perf_counter()
        final_png = (render.final(GAME.name, final_view) or (b"", ""))[0]
        final_ms.append((time.perf_counter() - t) * 1000)

    (w, h), _ = dims.most_common(1)[0]
    blank = Image.new("RGB", (w, h), (255, 255, 255))
    blank_ms = []
    for _ in range(max(20, args.n // 5)):
        t = time.perf_counter()
        blank.save(io.BytesIO(), format="PNG", compress_level=1)
        blank_ms.append((time.perf_counter() - t) * 1000)

    print(f"{game_info(GAME).title} render benchmark — {args.players} players, seed {args.seed}, "
          f"{len(views)} positions, {args.n} pictures each, {os.cpu_count()} CPUs, load {os.getloadavg()[0]:.1f}")
    others = ", ".join(f"{a} x {b} px ({n})" for (a, b), n in dims.items() if (a, b) != (w, h))
    print(f"board              {w} x {h} px" + (f"; also {others}" if others else "")
          + f"; palette PNG, compress_level {rz.PNG_COMPRESS_LEVEL}")
    print(f"cold first pictures {cold:6.1f} ms")
    print(f"board draw+encode  p50 {pct(board_ms, .5):6.1f} ms   p99 {pct(board_ms, .99):6.1f} ms   "
          f"max {max(board_ms):6.1f} ms")
    print(f"  draw only        p50 {pct(draw, .5):6.1f} ms   p99 {pct(draw, .99):6.1f} ms")
    print(f"blank RGB encode   p50 {pct(blank_ms, .5):6.1f} ms   p99 {pct(blank_ms, .99):6.1f} ms   "
          f"(board p50 = {pct(board_ms, .5) / pct(blank_ms, .5):.2f} x)")
    print(f"board size         mean {statistics.mean(board_kb):6.1f} kB   max {max(board_kb):6.1f} kB   "
          f"colours ≤ {max(board_colours)}")
    (tw, th), _ = turn_dims.most_common(1)[0]
    print(f"turn picture       {tw} x {th} px (most common); p50 {pct(turn_ms, .5):6.1f} ms   "
          f"p99 {pct(turn_ms, .99):6.1f} ms")
    print(f"turn size          mean {statistics.mean(turn_kb):6.1f} kB   max {max(turn_kb):6.1f} kB   "
          f"colours ≤ {max(turn_colours)}")
    if final_png:
        print(f"final-score        p50 {pct(final_ms, .5):6.1f} ms   {len(final_png) / 1024:6.1f} kB")


def colours(png: bytes) -> int:
    """How many colours a PNG uses."""
    with Image.open(io.BytesIO(png)) as im:
        found = im.getcolors(1 << 16)
        return len(found) if found is not None else 1 << 16


if __name__ == "__main__":
    main()
