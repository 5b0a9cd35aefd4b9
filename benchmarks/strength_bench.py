"""Bot strength: win rates of the bot levels against each other, with 95 % confidence intervals.

Run:  python benchmarks/strength_bench.py [--game NAME] [--games 200] [--workers 2]
          [--rollouts 24] [--time-limit 0.85] [--matchups medium-random hard-medium hard-solo]
          [--timing-games 0] [--seed 0] [--json FILE] [--records FILE]
      python benchmarks/strength_bench.py --sprt [--game NAME] [--matchups hard-medium] --records FILE
          [--games N] [--max-games 2000] [--s0 0.55] [--s1 0.65] [--alpha 0.05] [--beta 0.05]
      python benchmarks/strength_bench.py --solo [--matchups hard-solo] --records FILE [--games N]

``--sprt`` runs a sequential probability ratio test per match-up (``benchmarks/sprt.py``: the
generalised SPRT of fishtest on each game's head-to-head rate of the lone bot) from ``--seed`` on:
it stops as soon as H0 (``--s0``) or H1 (``--s1``) is accepted, appends every game to ``--records``
and, run again with the same command, resumes after the games already there (``--games N`` plays at
most N games in this part). ``--solo`` plays the lone bot (default ``hard``) against the solo
opponent the same way, in parts, and reports its wins with the 95 % Wilson interval.

Match-ups (``--matchups``), each ``LONE-OTHERS`` of the labels ``random``, ``easy``, ``medium``,
``hard`` (the bot levels of ``engine.core.bots.LEVELS``; ``greedy`` and ``search`` are the older
names of medium and hard):

* ``LONE-OTHERS``, e.g. ``hard-medium``: one bot of level LONE and three of OTHERS at a 4-player
  table (``random`` is ``RandomPolicy`` with the game's ``selfplay_weights``);
* ``LONE-solo``, e.g. ``hard-solo``: the LONE bot alone against the game's automated solo opponent
  at the middle difficulty (the first solo game if ``--game`` has no solo mode); a win is the
  game's solo verdict (``Result.solo["won"]``).

Budgets and decision times are counted on ``--clock``: ``cpu`` (default) is the deciding thread's
CPU time, so a 0.85 s budget is 0.85 s of one core however busy the machine is (the benchmark's
own workers included); ``wall`` counts wall-clock seconds (hosts do: a player waits for those).
``--time-limit`` and ``--rollouts`` change the lone bot's budget only; every other bot plays at its
level's own budget (``LEVEL_BUDGETS``). ``--records FILE`` appends one JSON line per finished game
(so a long run can be summarised while it goes on: ``--summarise FILE``).

At a 4-player table the lone bot sits in each seat equally often (game ``i`` puts it in seat
``i mod 4``; use a multiple of 4 games). A game's winners are the seats ranked 1 by the game's
result (its own tie-break); a shared first place is split. Chance is sampled from each game's
seed like a host does (``engine.core.sample_chance``); bots get ``engine.core.bots.bot_view``.
Reports, per policy: wins (the lone bot's share of games), the 95 % Wilson interval, mean score,
the lone bot's *head-to-head* rate (the share of its pairings with an opponent seat in which it
finished ahead, ties one half; 50 % for an equal player, whereas an equal lone bot wins only 25 %
of 4-player games), and decision time p50/p99/max per level over the decisions with a choice (≥ 2 legal actions). Not a
test: figures go into docs/bots.md.
"""

from __future__ import annotations

import argparse
import json
import math
import multiprocessing
import os
import random
import statistics
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks import sprt as sprt_test  # noqa: E402  (the SPRT's statistics)
from engine.core import (  # noqa: E402
    CHANCE,
    RandomPolicy,
    default_game,
    game_info,
    get_game,
    registry,
    sample_chance,
    solo_game,
)
from engine.core.bots import bot_view, make_policy  # noqa: E402

#: The clocks a bot's budget and the decision times can be measured with (``--clock``): ``cpu`` is
#: the deciding thread's CPU time (one core's worth of thinking whatever else the machine runs),
#: ``wall`` the wall clock (what a player waits on an otherwise idle machine).
CLOCKS = {"cpu": time.thread_time, "wall": time.perf_counter}
#: Hard stop for a runaway game (plies, chance included).
MAX_PLIES = 20000


@dataclass
class GameRecord:
    """One finished game: the policy label per seat, scores, the winners' shares and timings."""

    matchup: str
    seed: int
    labels: list[str]
    scores: list[int]
    shares: list[float]
    ranks: list[int] = field(default_factory=list)
    times: dict[str, list[float]] = field(default_factory=dict)
    solo: dict[str, Any] | None = None
    seconds: float = 0.0
    #: Rollouts and candidates of each searched decision (turn starts) of a search policy.
    searched: list[list[int]] = field(default_factory=list)
    #: Plies played (decisions and chance draws; the ply limit for a game that did not end).
    plies: int = 0


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval (95 % for ``z`` = 1.96) of a proportion ``wins / n``."""
    if n <= 0:
        return 0.0, 1.0
    p = wins / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return max(0.0, centre - half), min(1.0, centre + half)


def _policy(game: Any, label: str, seed: int, budget: dict[str, Any]) -> Any:
    """The policy of ``label`` (``random`` or a bot level) with its own seed; ``budget`` overrides
    the level's settings (the lone bot's)."""
    if label == "random":
        return RandomPolicy(seed, weights=registry.selfplay_weights(game))
    return make_policy(game, label, seed, **budget)


def play_game(spec: dict[str, Any]) -> GameRecord:
    """Play one game described by ``spec`` (game, options, seed, labels, budget, optionally
    ``max_plies``: the game is cut there, default :data:`MAX_PLIES`); the record."""
    game = get_game(spec["game"])
    seed = int(spec["seed"])
    labels: list[str] = spec["labels"]
    lone = [i for i, label in enumerate(labels) if labels.count(label) == 1]
    clock = {"clock": CLOCKS[spec.get("clock", "cpu")]}
    policies = [_policy(game, label, seed * 10 + i, {**clock, **(spec["budget"] if i in lone else {})})
                for i, label in enumerate(labels)]
    state = game.setup(dict(spec["options"]), seed)
    search = registry.in_place_search(game)
    fast = search.apply_unchecked if search is not None else None
    times: dict[str, list[float]] = {}
    searched: list[list[int]] = []
    start = time.perf_counter()
    plies = limit = int(spec.get("max_plies", MAX_PLIES))
    for ply in range(limit):
        decision = game.decision(state)
        if decision.seat is None:
            plies = ply
            break
        if decision.seat == CHANCE:
            action = sample_chance(game, state, seed, ply)
        else:
            legal = game.legal_actions(state)
            label = labels[decision.seat]
            policy = policies[decision.seat]
            t0 = CLOCKS[spec.get("clock", "cpu")]()
            if label == "random":
                action = policy.choose(game.view(state, decision.seat), legal)
            else:
                view = bot_view(game, state, decision.seat, seed * 100003 + ply)
                action = policy.choose(view, legal)
            if len(legal) > 1:
                times.setdefault(label, []).append(CLOCKS[spec.get("clock", "cpu")]() - t0)
                last = getattr(policy, "last", None)
                if last and last.get("candidates", 0) > 1:
                    searched.append([int(last["rollouts"]), int(last["candidates"])])
        if fast is not None:
            fast(state, action)
        else:
            state, _ = game.apply(state, action)
    result = game.result(state)
    n = len(labels)
    scores = [0] * n
    shares = [0.0] * n
    ranks = [n] * n
    solo = None
    if result is not None:
        for pr in result.players:
            scores[pr.seat] = pr.score
            ranks[pr.seat] = pr.rank
        winners = [pr.seat for pr in result.players if pr.rank == 1]
        for s in winners:
            shares[s] = 1.0 / len(winners)
        if result.solo is not None:
            solo = {"won": bool(result.solo.get("won")), "rating": str(result.solo.get("rating", ""))}
            shares = [1.0 if solo["won"] else 0.0]
    return GameRecord(spec["matchup"], seed, labels, scores, shares, ranks, times, solo, time.perf_counter() - start,
                      searched, plies)


def specs(matchup: str, game_name: str, games: int, seed: int, budget: dict[str, Any],
          clock: str = "cpu") -> list[dict[str, Any]]:
    """The games of one match-up, the lone bot rotated through the seats."""
    out = []
    bot, rest = matchup.split("-", 1)
    for i in range(games):
        if rest == "solo":
            game = get_game(game_name)
            levels = game_info(game).solo_levels
            options = {"players": 1, "difficulty": levels[len(levels) // 2]}
            labels = [bot]
        else:
            labels = [rest] * 4
            labels[i % 4] = bot
            options = {"players": 4}
        out.append({"matchup": matchup, "game": game_name, "options": options, "seed": seed + i,
                    "labels": labels, "budget": budget, "clock": clock})
    return out


def run(specs_: list[dict[str, Any]], workers: int, records_file: str | None = None) -> list[GameRecord]:
    """Play every game, in ``workers`` processes; progress on stderr; each finished game appended to
    ``records_file`` (one JSON line) when given."""
    records: list[GameRecord] = []
    if workers <= 1:
        iterator: Any = map(play_game, specs_)
        pool = None
    else:
        pool = multiprocessing.get_context("spawn").Pool(workers)
        iterator = pool.imap_unordered(play_game, specs_)
    try:
        for rec in iterator:
            records.append(rec)
            if records_file:
                with open(records_file, "a", encoding="utf-8") as out:
                    out.write(_record_line(rec, specs_[0]["game"]) + "\n")
            if len(records) % 10 == 0 or len(records) == len(specs_):
                print(f"  {rec.matchup}: {len(records)}/{len(specs_)} games", file=sys.stderr, flush=True)
    finally:
        if pool is not None:
            pool.close()
            pool.join()
    records.sort(key=lambda r: r.seed)
    return records


def _quantile(values: list[float], q: float) -> float:
    """The ``q`` quantile (0–1) of ``values`` (nearest rank)."""
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, math.ceil(q * len(ordered)) - 1))]


def game_score(rec: GameRecord) -> float | None:
    """One game's score of the lone bot, 0–1: its head-to-head rate (the share of its pairings with
    the other seats in which it finished ahead by the game's ranking, a shared place one half); in a
    solo game 1 for a win and 0 for a loss. ``None`` when no seat is alone with its label."""
    if rec.solo is not None:
        return 1.0 if rec.solo.get("won") else 0.0
    labels = rec.labels
    lone = [s for s, label in enumerate(labels) if labels.count(label) == 1]
    if len(labels) < 2 or len(lone) != 1:
        return None
    me = lone[0]
    ahead = [1.0 if rec.ranks[me] < rec.ranks[o] else 0.5 if rec.ranks[me] == rec.ranks[o] else 0.0
             for o in range(len(labels)) if o != me]
    return sum(ahead) / len(ahead)


def head_to_head(records: list[GameRecord]) -> dict[str, Any] | None:
    """The lone bot against each other seat: the share of (lone bot, other seat) pairs in which it
    finished ahead by the game's ranking (a shared place counts one half), per game averaged over
    its pairs; the 95 % interval is the normal one over games (pairs of one game are not
    independent). ``None`` for solo games."""
    per_game = []
    for rec in records:
        score = game_score(rec) if rec.solo is None else None
        if score is None:
            return None
        per_game.append(score)
    if not per_game:
        return None
    mean = statistics.mean(per_game)
    half = 1.96 * statistics.pstdev(per_game) / math.sqrt(len(per_game)) if len(per_game) > 1 else 1.0
    return {"rate": mean, "ci95": [max(0.0, mean - half), min(1.0, mean + half)], "games": len(per_game)}


def summarise(matchup: str, records: list[GameRecord]) -> dict[str, Any]:
    """Wins with Wilson intervals, mean scores and decision times per policy of one match-up."""
    n = len(records)
    per: dict[str, dict[str, Any]] = {}
    for rec in records:
        for seat, label in enumerate(rec.labels):
            entry = per.setdefault(label, {"seats": 0, "wins": 0.0, "scores": [], "times": []})
            entry["seats"] += 1
            entry["wins"] += rec.shares[seat] if seat < len(rec.shares) else 0.0
            entry["scores"].append(rec.scores[seat])
        for label, ts in rec.times.items():
            per[label]["times"].extend(ts)
    rows = []
    for label, e in per.items():
        lo, hi = wilson(e["wins"], n)
        rows.append({
            "policy": label, "seats_per_game": e["seats"] / n if n else 0, "games": n, "wins": e["wins"],
            "win_rate": e["wins"] / n if n else 0.0, "ci95": [lo, hi],
            "mean_score": statistics.mean(e["scores"]) if e["scores"] else float("nan"),
            "decisions": len(e["times"]), "p50_s": _quantile(e["times"], 0.5), "p99_s": _quantile(e["times"], 0.99),
            "max_s": max(e["times"]) if e["times"] else float("nan"),
        })
    h2h = head_to_head(records)
    if h2h is not None:
        for row in rows:
            if row["seats_per_game"] == 1:
                row["head_to_head"] = h2h
    searched = [x for r in records for x in r.searched]
    out: dict[str, Any] = {"matchup": matchup, "games": n, "rows": rows,
                           "searched": {"decisions": len(searched),
                                        "mean_rollouts": statistics.mean(x[0] for x in searched) if searched else 0.0,
                                        "mean_candidates": statistics.mean(x[1] for x in searched) if searched else 0.0},
                           "wall_s_mean_game": statistics.mean(r.seconds for r in records) if records else 0.0}
    if records and records[0].solo is not None:
        ratings: dict[str, int] = {}
        for r in records:
            if r.solo and r.solo["won"]:
                ratings[r.solo["rating"]] = ratings.get(r.solo["rating"], 0) + 1
        out["ratings"] = ratings
    return out


def print_summary(summary: dict[str, Any]) -> None:
    """A markdown table of one match-up."""
    print(f"\n### {summary['matchup']} ({summary['games']} games, {summary['wall_s_mean_game']:.0f} s per game)\n")
    print("| policy | seats/game | wins | win rate | 95 % CI | mean score | decisions | p50 (s) | p99 (s) | max (s) |")
    print("|---|---|---|---|---|---|---|---|---|---|")
    for r in sorted(summary["rows"], key=lambda r: r["seats_per_game"]):
        lo, hi = r["ci95"]
        print(f"| {r['policy']} | {r['seats_per_game']:.0f} | {r['wins']:.1f} | {r['win_rate']:.1%} | "
              f"{lo:.1%}–{hi:.1%} | {r['mean_score']:.1f} | {r['decisions']} | {r['p50_s']:.3f} | "
              f"{r['p99_s']:.3f} | {r['max_s']:.3f} |")
    for r in summary["rows"]:
        if "head_to_head" in r:
            h = r["head_to_head"]
            print(f"\nhead to head: the lone {r['policy']} bot finished ahead of an opponent in {h['rate']:.1%} of "
                  f"pairs (95 % CI {h['ci95'][0]:.1%}–{h['ci95'][1]:.1%}, {h['games']} games)")
    found = summary.get("searched") or {}
    if found.get("decisions"):
        print(f"\nsearched decisions: {found['decisions']}, mean {found['mean_rollouts']:.1f} rollouts over "
              f"{found['mean_candidates']:.1f} candidates")
    if "ratings" in summary:
        print(f"\nsolo ratings of the won games: {summary['ratings']}")


LABELS = ("random", "easy", "medium", "hard", "greedy", "search")


def matchup_arg(text: str) -> str:
    """``LONE-OTHERS`` or ``LONE-solo`` of :data:`LABELS` (argparse type)."""
    lone, _, rest = text.partition("-")
    if lone not in LABELS or lone == "random" or (rest not in LABELS and rest != "solo"):
        raise argparse.ArgumentTypeError(f"{text!r}: LONE-OTHERS of {', '.join(LABELS)} (LONE a bot level), "
                                         "or LONE-solo")
    return text


def summarise_file(path: str) -> None:
    """Print the summaries of a ``--records`` file (games finished so far), per game and match-up, with
    the SPRT's state over them in seed order (H0 55 % against H1 65 %, α = β = 0.05)."""
    groups: dict[tuple[str, str], list[GameRecord]] = {}
    for line in Path(path).read_text(encoding="utf-8").splitlines():
        if line.strip():
            data = json.loads(line)
            game = data.pop("game", "?")
            rec = GameRecord(**data)
            groups.setdefault((game, rec.matchup), []).append(rec)
    for (game, matchup), records in sorted(groups.items()):
        print(f"\n## {game}")
        print_summary(summarise(matchup, records))
        scores = [x for x in (game_score(r) for r in sorted(records, key=lambda r: r.seed)) if x is not None]
        state = sprt_test.sprt(scores)
        print(f"\nSPRT (H0 55 % against H1 65 %): {state.decision or 'not decided'}, LLR {state.llr:.3f} "
              f"({state.lower:.3f}, {state.upper:.3f}) after {state.games} of {len(scores)} games")


def _record_line(rec: GameRecord, game_name: str) -> str:
    """One ``--records`` line: the game's record and its game's name."""
    return json.dumps({**rec.__dict__, "game": game_name}, default=str)


def load_records(path: str | None, game_name: str, matchup: str) -> list[GameRecord]:
    """The records of ``game_name`` and ``matchup`` in the ``--records`` file ``path`` (none if it is
    missing), one per seed (the first kept), in seed order."""
    if not path or not Path(path).exists():
        return []
    out: dict[int, GameRecord] = {}
    for line in Path(path).read_text(encoding="utf-8").splitlines():
        if not line.strip():
            continue
        data = json.loads(line)
        if data.pop("game", None) != game_name or data.get("matchup") != matchup:
            continue
        rec = GameRecord(**data)
        out.setdefault(rec.seed, rec)
    return [out[k] for k in sorted(out)]


def run_sprt(game_name: str, matchup: str, first_seed: int, budget: dict[str, Any], clock: str, *,
             records_file: str | None, games: int | None, max_games: int, workers: int = 1,
             s0: float = 0.55, s1: float = 0.65, alpha: float = 0.05, beta: float = 0.05,
             stop: bool = True) -> tuple[list[GameRecord], sprt_test.Verdict]:
    """A sequential test of ``matchup`` (benchmarks/sprt.py): games from seed ``first_seed`` on (game
    ``i`` is seed ``first_seed + i``, the lone bot in seat ``i mod 4``), each appended to
    ``records_file`` as it ends; the games already there (same game, match-up and seed) are not
    played again, so a run goes on where the last one stopped. Plays at most ``games`` games in this
    part (``None``: no limit) and at most ``max_games`` in all; with ``stop`` it ends as soon as the
    SPRT decides. Returns the match-up's records from ``first_seed`` on (seed order) and the verdict
    over them (each game's score: :func:`game_score`)."""
    done = [r for r in load_records(records_file, game_name, matchup) if r.seed >= first_seed]
    have = {r.seed for r in done}

    def verdict() -> sprt_test.Verdict:
        scores = [x for x in (game_score(r) for r in sorted(done, key=lambda r: r.seed)) if x is not None]
        return sprt_test.sprt(scores, s0, s1, alpha, beta)

    todo = [sp for sp in specs(matchup, game_name, max_games, first_seed, budget, clock) if sp["seed"] not in have]
    if games is not None:
        todo = todo[: max(0, games)]
    print(f"{game_name} {matchup}: {len(done)} games in the records, up to {len(todo)} to play", file=sys.stderr,
          flush=True)
    state = verdict()
    if (stop and state.decision) or not todo:
        return sorted(done, key=lambda r: r.seed), state
    pool = multiprocessing.get_context("spawn").Pool(workers) if workers > 1 else None
    iterator: Any = pool.imap(play_game, todo) if pool is not None else map(play_game, todo)
    try:
        for rec in iterator:
            done.append(rec)
            if records_file:
                with open(records_file, "a", encoding="utf-8") as out:
                    out.write(_record_line(rec, game_name) + "\n")
            state = verdict()
            print(f"  {matchup} seed {rec.seed}: score {game_score(rec)}, LLR {state.llr:.3f} "
                  f"({state.lower:.3f}, {state.upper:.3f}) after {state.games} games", file=sys.stderr, flush=True)
            if stop and state.decision:
                break
    finally:
        if pool is not None:
            pool.terminate()
            pool.join()
    return sorted(done, key=lambda r: r.seed), state


def print_sprt(game_name: str, matchup: str, records: list[GameRecord], state: sprt_test.Verdict,
               s0: float, s1: float) -> None:
    """The verdict of one sequential test and the games' summary (markdown)."""
    outcome = {"H1": f"H1 accepted (head to head ≥ {s1:.0%})", "H0": f"H0 accepted (head to head ≤ {s0:.0%})",
               None: "not decided yet (go on with the same command)"}[state.decision]
    seeds = f"seeds {records[0].seed}–{records[-1].seed}" if records else "no games"
    print(f"\n## {game_name}: SPRT of {matchup}, H0 {s0:.0%} against H1 {s1:.0%}\n")
    print(f"{outcome}: LLR {state.llr:.3f} within ({state.lower:.3f}, {state.upper:.3f}) after {state.games} games "
          f"({seeds}), mean score {state.mean:.1%}")
    if records:
        print_summary(summarise(matchup, records))


def print_solo(game_name: str, records: list[GameRecord]) -> None:
    """Wins of the lone bot against the solo opponent with the 95 % Wilson interval (markdown)."""
    wins = sum(1 for r in records if r.solo and r.solo.get("won"))
    lo, hi = wilson(wins, len(records))
    seeds = f"seeds {records[0].seed}–{records[-1].seed}" if records else "no games"
    print(f"\n## {game_name}: solo, {wins} of {len(records)} games won ({wins / max(1, len(records)):.1%}, "
          f"95 % Wilson interval {lo:.1%}–{hi:.1%}; {seeds})")
    if records:
        print_summary(summarise(records[0].matchup, records))


def main() -> None:
    """Parse the options, play the match-ups, print the tables (and write ``--json``)."""
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--game", default=None, help="game name (default: the default game)")
    ap.add_argument("--games", type=int, default=200, help="games per match-up (a multiple of 4)")
    ap.add_argument("--workers", type=int, default=1, help="processes")
    ap.add_argument("--rollouts", type=int, default=None, help="the lone bot's rollouts per decision")
    ap.add_argument("--time-limit", type=float, default=None, help="the lone bot's seconds per decision")
    ap.add_argument("--matchups", nargs="*", type=matchup_arg, default=["medium-random", "hard-medium", "hard-solo"],
                    help="LONE-OTHERS match-ups (see above)")
    ap.add_argument("--seed", type=int, default=0, help="seed of the first game")
    ap.add_argument("--clock", choices=sorted(CLOCKS), default="cpu",
                    help="what the bots' budgets and the decision times count: cpu (default) or wall seconds")
    ap.add_argument("--json", default=None, help="write the summaries to this file")
    ap.add_argument("--records", default=None, help="append one JSON line per finished game to this file")
    ap.add_argument("--summarise", default=None, metavar="FILE", help="only summarise a --records file")
    ap.add_argument("--sprt", action="store_true",
                    help="sequential test of each match-up (default hard-medium): H0 --s0 against H1 --s1 of the "
                         "lone bot's per-game head-to-head rate; stops when decided, resumes from --records")
    ap.add_argument("--solo", action="store_true",
                    help="the lone bot (default hard) against the solo opponent: wins with the 95 %% Wilson "
                         "interval; resumes from --records")
    ap.add_argument("--max-games", type=int, default=2000, help="--sprt/--solo: games of a match-up in all")
    ap.add_argument("--s0", type=float, default=0.55, help="--sprt: H0's head-to-head rate")
    ap.add_argument("--s1", type=float, default=0.65, help="--sprt: H1's head-to-head rate")
    ap.add_argument("--alpha", type=float, default=0.05, help="--sprt: chance of accepting H1 when H0 holds")
    ap.add_argument("--beta", type=float, default=0.05, help="--sprt: chance of accepting H0 when H1 holds")
    args = ap.parse_args()
    if args.summarise:
        summarise_file(args.summarise)
        return
    name = args.game or default_game()
    budget: dict[str, Any] = {}
    if args.rollouts is not None:
        budget["rollouts"] = args.rollouts
    if args.time_limit is not None:
        budget["time_limit"] = args.time_limit
    explicit = "--matchups" in sys.argv
    if args.sprt or args.solo:
        # In parts: --games is this part's games (default: until decided, or --max-games).
        part = args.games if "--games" in sys.argv else None
        if args.solo:
            matchups = args.matchups if explicit else ["hard-solo"]
            for matchup in matchups:
                game_name = name if game_info(get_game(name)).solo_levels else (solo_game() or name)
                records, _ = run_sprt(game_name, matchup, args.seed, budget, args.clock, records_file=args.records,
                                      games=part if part is not None else args.max_games,
                                      max_games=args.max_games, workers=args.workers, stop=False)
                print_solo(game_name, records)
            return
        for matchup in args.matchups if explicit else ["hard-medium"]:
            records, state = run_sprt(name, matchup, args.seed, budget, args.clock, records_file=args.records,
                                      games=part, max_games=args.max_games, workers=args.workers,
                                      s0=args.s0, s1=args.s1, alpha=args.alpha, beta=args.beta)
            print_sprt(name, matchup, records, state, args.s0, args.s1)
        return
    print(f"{name}: lone bot's budget {budget or 'the level defaults'}, {args.clock} clock, {args.workers} worker(s), "
          f"load average {os.getloadavg()[0]:.1f}")
    summaries = []
    for matchup in args.matchups:
        game_name = name
        if matchup.endswith("-solo") and not game_info(get_game(name)).solo_levels:
            game_name = solo_game() or name
        t0 = time.perf_counter()
        records = run(specs(matchup, game_name, args.games, args.seed, budget, args.clock), args.workers, args.records)
        summary = summarise(matchup, records)
        summary["game"] = game_name
        summary["budget"] = budget
        summary["wall_s"] = time.perf_counter() - t0
        summaries.append(summary)
        print_summary(summary)
    if args.json:
        Path(args.json).write_text(json.dumps(summaries, indent=1, default=str), encoding="utf-8")


if __name__ == "__main__":
    random.seed(0)
    main()
