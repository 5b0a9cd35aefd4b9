"""``meiji train-eval``: fit a game's win-probability model on self-play and measure its calibration.

One seeded command (docs/story.md, "Winning chances"):

    meiji train-eval --game G [--games N] [--seed S] [--records FILE] [--heldout M]

1. **Games.** Either it plays ``N + M`` bot games itself (seeds ``S`` … ``S + N + M − 1``; seed
   ``s`` seats ``2 + s mod 3`` bots of level ``easy`` or ``medium`` drawn from the seed, as the
   no-stall sweep does; the last ``M`` seeds are held out), or it reads ``--records FILE``, JSON
   lines of finished games in the sweep's format (``game``, ``seed``, ``labels``, ``ended``,
   ``moves``: notations replayable from ``{"players": len(labels)}`` and ``seed``), of which the
   games of ``M`` seeds drawn with ``S`` are held out (every game of a held-out seed is).
2. **Positions.** Each game is replayed; about ``--positions`` decisions of a player, about
   evenly spaced from a random start, are kept with the game's public features
   (:meth:`~engine.core.capabilities.WinFeatures.win_features`) and its result (the winner 1, a
   shared first place split).
3. **Fit.** A logistic regression (scikit-learn, seeded, L2) on one row per seat and position
   (:func:`engine.core.winmodel.design_rows`); its strength (:data:`C_GRID`) and the temperature
   of the softmax across the seats are picked by the out-of-fold log loss of a cross-validation
   by game (:func:`fit_model`).
4. **Measure** on the held-out games against the softmax the model replaces
   (:func:`engine.core.winprob.softmax_probabilities`): log loss and Brier score, a reliability
   table in 10 bins, the accuracy of "the seat rated most likely wins" by tenth of the game.
5. **Write** the model with its provenance and metrics (``--out``; default the game's
   ``data/win_model.json``), the reliability plot (``--plot``) and a Markdown report (stdout).

scikit-learn is needed here only (the ``train`` extra); the model is evaluated without it.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import subprocess
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from importlib import metadata
from pathlib import Path
from typing import Any

from engine.core import CHANCE, get_game, sample_chance, winmodel, winprob
from engine.core.bots import bot_view, make_policy
from engine.core.game import Game

from .cli_common import CliError, progress_bar

#: The regularisation strengths tried (inverse, scikit-learn's ``C``).
C_GRID = (0.001, 0.01, 0.1)
#: Folds (by game) of the cross-validation that picks ``C`` and the temperature.
FOLDS = 5
#: Tenths of a game for the accuracy table, and bins of the reliability table.
TENTHS = 10
#: A game not over after this many plies is left out (the no-stall sweep's limit).
MAX_PLIES = 6000


# ------------------------------------------------------------------------------------------------
# Games
# ------------------------------------------------------------------------------------------------
def seating(game_name: str, seed: int) -> list[str]:
    """The bot levels of seed ``seed``: ``2 + seed mod 3`` seats of ``easy``/``medium`` drawn from the
    seed (the no-stall sweep's seating, so its records and this command's games agree)."""
    rng = random.Random(f"no-stall:{game_name}:{seed}")
    return [rng.choice(("easy", "medium")) for _ in range(2 + seed % 3)]


def play(game_name: str, seed: int, labels: Sequence[str], *, max_plies: int = MAX_PLIES,
         hard_budget: float | None = None, moves: bool = True) -> dict[str, Any]:
    """One game of bots ``labels`` from ``seed`` as a record of the no-stall sweep's format (the one
    loop both use): ``game``, ``seed``, ``labels``, ``plies`` (decisions and chance draws played),
    ``ended`` (over within ``max_plies``), ``cpu`` (CPU seconds of this process) and, with
    ``moves``, ``moves`` (notations, chance outcomes included, replayable with
    :func:`engine.core.replay` from ``{"players": len(labels)}`` and ``seed``).

    ``easy``/``medium`` bots decide without a time limit, so the game is a pure function of its
    seed; a ``hard`` bot keeps its level's budget on the CPU clock, or ``hard_budget`` CPU seconds.
    Chance is drawn from the seed as a host draws it (:func:`engine.core.sample_chance`).
    """
    game = get_game(game_name)
    cpu = time.process_time()
    hard = {} if hard_budget is None else {"time_limit": hard_budget}
    policies = [make_policy(game, label, seed * 10 + i, clock=time.thread_time,
                            **(hard if label == "hard" else {"time_limit": None}))
                for i, label in enumerate(labels)]
    state = game.setup({"players": len(labels)}, seed)
    fast = getattr(game, "apply_unchecked", None)
    log: list[str] = []
    ended = False
    ply = 0
    for ply in range(max_plies):
        decision = game.decision(state)
        if decision.seat is None:
            ended = True
            break
        if decision.seat == CHANCE:
            action = sample_chance(game, state, seed, ply)
        else:
            view = bot_view(game, state, decision.seat, seed * 100003 + ply)
            action = policies[decision.seat].choose(view, game.legal_actions(state))
        if moves:
            log.append(game.format_action(state, action))
        if fast is not None:
            fast(state, action)
        else:
            state, _ = game.apply(state, action)
    else:
        ended = game.decision(state).seat is None
    record: dict[str, Any] = {"game": game_name, "seed": seed, "labels": list(labels), "plies": ply,
                              "ended": ended, "cpu": round(time.process_time() - cpu, 3)}
    if moves:
        record["moves"] = log
    return record


def read_records(path: Path, game_name: str) -> list[dict[str, Any]]:
    """The finished games of ``game_name`` with a move log in the JSON lines file ``path``, by seed
    (a line that is not JSON, e.g. one being written, is skipped)."""
    out = []
    for line in path.read_text(encoding="utf-8").splitlines():
        try:
            rec = json.loads(line)
        except json.JSONDecodeError:
            continue
        if isinstance(rec, dict) and rec.get("game") == game_name and rec.get("ended") and rec.get("moves"):
            out.append(rec)
    return sorted(out, key=lambda r: (int(r["seed"]), ",".join(r["labels"])))


# ------------------------------------------------------------------------------------------------
# Positions
# ------------------------------------------------------------------------------------------------
@dataclass
class Position:
    """One sampled position: the estimated and the true share of the game played, every seat's
    feature row, the result shares (sum 1) and, for held-out games, the softmax's chances."""

    estimate: float
    played: float
    rows: list[list[float]]
    shares: tuple[float, ...]
    softmax: tuple[float, ...] | None = None


@dataclass
class GameSample:
    """The positions of one game and where it came from."""

    seed: int
    labels: list[str]
    positions: list[Position] = field(default_factory=list)


def sample_game(game: Game, record: dict[str, Any], per_game: int, rng: random.Random,
                softmax: bool = False) -> GameSample:
    """Replay ``record`` and keep about ``per_game`` positions at a player's decision (the first one
    at or after each of evenly spaced steps from a random start), with the result's shares; with
    ``softmax`` also the chances of :func:`engine.core.winprob.softmax_probabilities` (spectator,
    salted by the step)."""
    features = _features(game)
    moves = record["moves"]
    seats = len(record["labels"])
    state = game.setup({"players": seats}, int(record["seed"]))
    total = len(moves)
    step = max(1, total // max(1, per_game))
    start = rng.randrange(step)
    kept: list[tuple[int, float, list[list[float]], tuple[float, ...] | None]] = []
    fast = getattr(game, "apply_unchecked", None)
    due = start
    for index, move in enumerate(moves):
        if index >= due and game.decision(state).seat not in (None, CHANCE):
            estimate, rows = features.win_features(state)
            odds = winprob.softmax_probabilities(game, state, None, index) if softmax else None
            kept.append((index, float(estimate), [list(map(float, r)) for r in rows], odds))
            while due <= index:
                due += step
        action = game.parse_action(state, move)
        if fast is not None:
            fast(state, action)
        else:
            state, _ = game.apply(state, action)
    result = game.result(state)
    if result is None:
        raise ValueError(f"seed {record['seed']}: the move log does not end the game")
    ranks = [99] * seats
    for line in result.players:
        if 0 <= line.seat < seats:
            ranks[line.seat] = line.rank
    winners = sum(r == 1 for r in ranks) or 1
    shares = tuple((1.0 / winners) if r == 1 else 0.0 for r in ranks)
    sample = GameSample(int(record["seed"]), list(record["labels"]))
    for index, estimate, rows, odds in kept:
        sample.positions.append(Position(estimate, index / max(1, total), rows, shares, odds))
    return sample


def _features(game: Game) -> Any:
    from engine.core import registry

    features = registry.win_features(game)
    if features is None:
        raise CliError(f"{game.name} declares no WinFeatures: it has no learned model", 2)
    return features


# ------------------------------------------------------------------------------------------------
# Fit
# ------------------------------------------------------------------------------------------------
def _matrix(samples: Sequence[GameSample]) -> tuple[list[list[float]], list[int], list[float]]:
    """Design rows, targets and weights of every seat of every position (a shared win: a row of
    each target weighted by the share)."""
    x: list[list[float]] = []
    y: list[int] = []
    w: list[float] = []
    for sample in samples:
        for pos in sample.positions:
            for row, share in zip(winmodel.design_rows(pos.estimate, pos.rows), pos.shares, strict=True):
                if share > 0:
                    x.append(row)
                    y.append(1)
                    w.append(share)
                if share < 1:
                    x.append(row)
                    y.append(0)
                    w.append(1.0 - share)
    return x, y, w


@dataclass
class Fitted:
    """A fitted model before it is written: weights, scaler, temperature and the chosen ``C``."""

    weights: list[float]
    intercept: float
    mean: list[float]
    scale: list[float]
    temperature: float
    c: float


def _raw_scores(fit: Fitted, pos: Position) -> list[float]:
    out = []
    for d in winmodel.design_rows(pos.estimate, pos.rows):
        out.append(fit.intercept + sum(wi * (v - m) / s for wi, v, m, s in
                                       zip(fit.weights, d, fit.mean, fit.scale, strict=True)))
    return out


def _softmax(scores: Sequence[float], temperature: float) -> list[float]:
    top = max(scores)
    exps = [math.exp((z - top) / temperature) for z in scores]
    total = sum(exps)
    return [e / total for e in exps]


def _log_loss(chances: Sequence[float], shares: Sequence[float]) -> float:
    return -sum(s * math.log(max(p, 1e-12)) for p, s in zip(chances, shares, strict=True) if s > 0)


def _fit_once(samples: Sequence[GameSample], c: float, seed: int) -> Fitted:
    """The logistic regression on ``samples`` at strength ``c`` (temperature 1)."""
    import numpy as np
    from sklearn.linear_model import LogisticRegression  # type: ignore[import-untyped]  # no type information
    from sklearn.preprocessing import StandardScaler  # type: ignore[import-untyped]  # no type information

    x, y, w = _matrix(samples)
    scaler = StandardScaler().fit(np.asarray(x))
    scale = [float(s) if s > 1e-9 else 1.0 for s in scaler.scale_]
    xs = (np.asarray(x) - scaler.mean_) / np.asarray(scale)
    model = LogisticRegression(C=c, max_iter=2000, random_state=seed)
    model.fit(xs, np.asarray(y), sample_weight=np.asarray(w))
    return Fitted([float(v) for v in model.coef_[0]], float(model.intercept_[0]),
                  [float(v) for v in scaler.mean_], scale, 1.0, c)


def _fit_temperature(scored: Sequence[tuple[list[float], tuple[float, ...]]]) -> tuple[float, float]:
    """``(temperature, log loss)``: the softmax temperature with the least mean log loss over
    ``scored`` (raw seat scores and result shares per position; bounded search, 0.1–20)."""
    from scipy.optimize import minimize_scalar  # type: ignore[import-untyped]  # no stubs installed

    def loss(t: float) -> float:
        return sum(_log_loss(_softmax(z, t), sh) for z, sh in scored) / max(1, len(scored))

    found = minimize_scalar(loss, bounds=(0.1, 20.0), method="bounded", options={"xatol": 1e-3})
    return float(found.x), float(found.fun)


def fit_model(samples: Sequence[GameSample], seed: int, c: float | None = None) -> Fitted:
    """Fit on ``samples`` with cross-validation by game: the games (shuffled with ``seed``) are cut
    into :data:`FOLDS` folds; for each ``C`` of :data:`C_GRID` (or the one given) every fold is scored
    by a fit on the others, and the temperature is fitted on those out-of-fold scores. The ``C``
    whose out-of-fold log loss is least wins; the final weights are fitted on every game at that
    ``C``, with its out-of-fold temperature."""
    order = list(samples)
    random.Random(seed).shuffle(order)
    folds = [order[i::FOLDS] for i in range(min(FOLDS, len(order)))]
    best: tuple[float, float, float] | None = None
    for option in (C_GRID if c is None else (c,)):
        scored: list[tuple[list[float], tuple[float, ...]]] = []
        for i, fold in enumerate(folds):
            rest = [s for j, f in enumerate(folds) if j != i for s in f] or fold
            trial = _fit_once(rest, option, seed)
            scored += [(_raw_scores(trial, pos), pos.shares) for s in fold for pos in s.positions]
        temperature, loss = _fit_temperature(scored)
        if best is None or loss < best[0]:
            best = (loss, option, temperature)
    assert best is not None
    fit = _fit_once(samples, best[1], seed)
    fit.temperature = best[2]
    return fit


def predict(fit: Fitted, pos: Position) -> list[float]:
    """The fitted model's chances at ``pos`` (training-time arithmetic, equal to
    :func:`engine.core.winmodel.chances` of the written file)."""
    return _softmax(_raw_scores(fit, pos), fit.temperature)


# ------------------------------------------------------------------------------------------------
# Measures
# ------------------------------------------------------------------------------------------------
def mean_log_loss(chances: Sequence[Sequence[float]], shares: Sequence[Sequence[float]]) -> float:
    """Mean over positions of −Σ share · ln(chance) (nats; the shares of a shared win split it)."""
    return sum(_log_loss(c, s) for c, s in zip(chances, shares, strict=True)) / max(1, len(chances))


def mean_brier(chances: Sequence[Sequence[float]], shares: Sequence[Sequence[float]]) -> float:
    """Mean over positions of Σ over seats (chance − share)² (0 perfect; 2 sure and wrong)."""
    return sum(sum((p - s) ** 2 for p, s in zip(c, sh, strict=True))
               for c, sh in zip(chances, shares, strict=True)) / max(1, len(chances))


def reliability(chances: Sequence[Sequence[float]], shares: Sequence[Sequence[float]]) -> list[dict[str, Any]]:
    """Every (position, seat) pair binned by its chance into 10 bins of 0.1: per bin the count, the
    mean chance and the observed win rate (mean share)."""
    bins: list[list[tuple[float, float]]] = [[] for _ in range(TENTHS)]
    for c, sh in zip(chances, shares, strict=True):
        for p, s in zip(c, sh, strict=True):
            bins[min(TENTHS - 1, int(p * TENTHS))].append((p, s))
    out = []
    for i, pairs in enumerate(bins):
        n = len(pairs)
        out.append({"low": i / TENTHS, "high": (i + 1) / TENTHS, "positions": n,
                    "predicted": round(sum(p for p, _ in pairs) / n, 4) if n else None,
                    "observed": round(sum(s for _, s in pairs) / n, 4) if n else None})
    return out


def top_accuracy(chances: Sequence[Sequence[float]], shares: Sequence[Sequence[float]],
                 played: Sequence[float]) -> list[float | None]:
    """Per tenth of the game played: the mean share won by the seat rated most likely (ties of the
    rating: the first such seat)."""
    hits: list[list[float]] = [[] for _ in range(TENTHS)]
    for c, sh, t in zip(chances, shares, played, strict=True):
        best = max(range(len(c)), key=c.__getitem__)
        hits[min(TENTHS - 1, int(t * TENTHS))].append(sh[best])
    return [round(sum(h) / len(h), 4) if h else None for h in hits]


def measure(fit: Fitted, heldout: Sequence[GameSample]) -> dict[str, Any]:
    """The metrics of :class:`engine.core.winmodel.Metrics` on the held-out games."""
    positions = [p for s in heldout for p in s.positions]
    model = [predict(fit, p) for p in positions]
    soft = [list(p.softmax or ()) for p in positions]
    shares = [list(p.shares) for p in positions]
    played = [p.played for p in positions]
    return {
        "games": len(heldout), "positions": len(positions),
        "log_loss": round(mean_log_loss(model, shares), 4), "brier": round(mean_brier(model, shares), 4),
        "softmax_log_loss": round(mean_log_loss(soft, shares), 4),
        "softmax_brier": round(mean_brier(soft, shares), 4),
        "reliability": reliability(model, shares),
        "top_accuracy": top_accuracy(model, shares, played),
        "softmax_top_accuracy": top_accuracy(soft, shares, played),
        "_softmax_reliability": reliability(soft, shares),
    }


# ------------------------------------------------------------------------------------------------
# Output
# ------------------------------------------------------------------------------------------------
def code_version() -> str:
    """``git describe --always --dirty`` of the checkout, else the installed package's version."""
    try:
        out = subprocess.run(["git", "describe", "--always", "--dirty"], capture_output=True, text=True,
                             cwd=Path(__file__).resolve().parent, timeout=10, check=True)
        if out.stdout.strip():
            return out.stdout.strip()
    except (OSError, subprocess.SubprocessError):
        pass
    try:
        return "meiji-table " + metadata.version("meiji-table")
    except metadata.PackageNotFoundError:
        return "unknown"


def _seeds_text(seeds: Sequence[int]) -> str:
    seeds = sorted(set(seeds))
    if not seeds:
        return "none"
    if seeds == list(range(seeds[0], seeds[-1] + 1)):
        return f"{seeds[0]}-{seeds[-1]}"
    return ",".join(map(str, seeds))


def model_record(game: Game, fit: Fitted, train: Sequence[GameSample], heldout: Sequence[GameSample],
                 metrics: dict[str, Any], command: str, data: str,
                 names: Sequence[str] | None = None) -> dict[str, Any]:
    """The JSON of the model file (:class:`engine.core.winmodel.WinModelFile`); ``names``: the
    features the model reads (default: every feature of the game, in order)."""
    names = list(names if names is not None else _features(game).win_feature_names)
    counts = sorted({len(s.labels) for s in [*train, *heldout]})
    record = {
        "format": winmodel.FORMAT, "game": game.name, "kind": "conditional-logit",
        "source": f"meiji train-eval ({command})", "confidence": "likely",
        "features": names, "design": winmodel.design_names(names),
        "weights": [round(v, 6) for v in fit.weights], "intercept": round(fit.intercept, 6),
        "temperature": round(fit.temperature, 6),
        "scaler": {"mean": [round(v, 6) for v in fit.mean], "scale": [round(v, 6) for v in fit.scale]},
        "player_counts": counts,
        "provenance": {
            "command": command, "date": winmodel.today(), "code_version": code_version(),
            "training_games": len(train), "training_positions": sum(len(s.positions) for s in train),
            "policies": sorted({label for s in train for label in s.labels}), "player_counts": counts,
            "seeds": _seeds_text([s.seed for s in train]), "heldout_seeds": _seeds_text([s.seed for s in heldout]),
            "data": data,
            "fit": f"scikit-learn {_sklearn_version()} LogisticRegression(C={fit.c}, lbfgs, L2) on standardised "
                   "design rows, one per seat and position (a shared win split by weight); softmax "
                   f"temperature (and C) by the out-of-fold log loss of a {FOLDS}-fold cross-validation by game",
        },
        "metrics": {k: v for k, v in metrics.items() if not k.startswith("_")},
    }
    winmodel.WinModelFile.model_validate(record)  # refuse to write what the loader would refuse
    return record


def _sklearn_version() -> str:
    import sklearn  # type: ignore[import-untyped]  # no type information

    return str(sklearn.__version__)


def report(game: Game, metrics: dict[str, Any], fit: Fitted, command: str) -> str:
    """The held-out figures as Markdown (the tables of docs/story.md)."""
    def pct(v: float | None) -> str:
        return "–" if v is None else f"{100 * v:.0f} %"

    lines = [f"### {game.name}", "", f"`{command}`", "",
             f"Held out: {metrics['games']} games, {metrics['positions']} positions; C = {fit.c}, "
             f"temperature {fit.temperature:.3f}.", "",
             "| | log loss | Brier |", "|---|---|---|",
             f"| learned model | {metrics['log_loss']:.3f} | {metrics['brier']:.3f} |",
             f"| softmax (before) | {metrics['softmax_log_loss']:.3f} | {metrics['softmax_brier']:.3f} |", "",
             "| chance | positions | mean chance | won | softmax: positions | softmax: won |",
             "|---|---|---|---|---|---|"]
    for b, s in zip(metrics["reliability"], metrics["_softmax_reliability"], strict=True):
        lines.append(f"| {b['low']:.1f}–{b['high']:.1f} | {b['positions']} | {pct(b['predicted'])} | "
                     f"{pct(b['observed'])} | {s['positions']} | {pct(s['observed'])} |")
    lines += ["", "| tenth of the game | " + " | ".join(str(i + 1) for i in range(TENTHS)) + " |",
              "|---" * (TENTHS + 1) + "|",
              "| most likely seat won (model) | " + " | ".join(pct(v) for v in metrics["top_accuracy"]) + " |",
              "| most likely seat won (softmax) | " + " | ".join(pct(v) for v in metrics["softmax_top_accuracy"])
              + " |", ""]
    return "\n".join(lines)


def plot(path: Path, game: Game, metrics: dict[str, Any]) -> None:
    """A reliability plot (PNG): observed win rate against the mean chance per bin, model and softmax."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(5.0, 5.0), dpi=110)
    ax.plot([0, 1], [0, 1], color="0.6", linestyle="--", linewidth=1, label="perfect")
    for key, label, colour in (("reliability", "learned model", "#1f77b4"),
                               ("_softmax_reliability", "softmax (before)", "#d62728")):
        pts = [(b["predicted"], b["observed"], b["positions"]) for b in metrics[key] if b["positions"]]
        ax.plot([p[0] for p in pts], [p[1] for p in pts], marker="o", color=colour, label=label)
    ax.set_xlim(0, 1)
    ax.set_ylim(0, 1)
    ax.set_xlabel("rated chance to win (bin mean)")
    ax.set_ylabel("observed win rate")
    ax.set_title(f"{game.name}: held-out games ({metrics['games']}), {metrics['positions']} positions")
    ax.legend(loc="upper left")
    ax.grid(alpha=0.3)
    fig.tight_layout()
    path.parent.mkdir(parents=True, exist_ok=True)
    fig.savefig(path)
    plt.close(fig)


# ------------------------------------------------------------------------------------------------
# The command
# ------------------------------------------------------------------------------------------------
def _split(records: list[dict[str, Any]], heldout: int, seed: int) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    seeds = sorted({int(r["seed"]) for r in records})
    if heldout >= len(seeds):
        raise CliError(f"{len(seeds)} seeds in the records: too few to hold {heldout} out", 2)
    held = set(random.Random(f"heldout:{seed}").sample(seeds, heldout))
    return [r for r in records if int(r["seed"]) not in held], [r for r in records if int(r["seed"]) in held]


def cmd_train_eval(args: argparse.Namespace, settings: Any) -> int:
    """``meiji train-eval`` (module docstring): 0 when the model was written."""
    game = get_game(args.game)
    _features(game)
    command = " ".join(["meiji train-eval", f"--game {game.name}", f"--seed {args.seed}",
                        f"--heldout {args.heldout}", f"--positions {args.positions}"]
                       + ([f"--games {args.games}"] if args.games is not None else [])
                       + (["--records FILE"] if args.records else [])
                       + ([f"--features {args.features}"] if args.features else []))
    if args.records:
        records = read_records(Path(args.records), game.name)
        train, held = _split(records, args.heldout, args.seed)
        if args.games is not None:
            train = train[:args.games]
        data = f"{len(records)} finished games of the no-stall sweep's records (easy/medium bots, 2-4 players)"
    else:
        n = 40 if args.games is None else args.games
        seeds = list(range(args.seed, args.seed + n + args.heldout))
        played = [play(game.name, s, seating(game.name, s))
                  for s in progress_bar(seeds, desc=f"{game.name}: self-play", unit="game")]
        done = [r for r in played if r["ended"]]
        train = [r for r in done if int(r["seed"]) < args.seed + n]
        held = [r for r in done if int(r["seed"]) >= args.seed + n]
        data = f"{len(played)} self-play games played by this command (easy/medium bots, 2-4 players)"
    if not train or not held:
        raise CliError("no finished games to train on or to hold out", 2)
    rng = random.Random(args.seed)
    train_samples = [sample_game(game, r, args.positions, rng)
                     for r in progress_bar(train, desc=f"{game.name}: training positions", unit="game")]
    held_samples = [sample_game(game, r, args.positions, rng, softmax=True)
                    for r in progress_bar(held, desc=f"{game.name}: held-out positions", unit="game")]
    names = list(_features(game).win_feature_names)
    if args.features:
        chosen = [f.strip() for f in args.features.split(",") if f.strip()]
        unknown = [f for f in chosen if f not in names]
        if unknown:
            raise CliError(f"{game.name} has no feature {', '.join(unknown)} (it has: {', '.join(names)})", 2)
        columns = [names.index(f) for f in chosen]
        for sample in [*train_samples, *held_samples]:
            for pos in sample.positions:
                pos.rows = [[r[i] for i in columns] for r in pos.rows]
        names = chosen
    print(f"{game.name}: fitting on {len(train_samples)} games, "
          f"{sum(len(s.positions) for s in train_samples)} positions", file=sys.stderr, flush=True)
    fit = fit_model(train_samples, args.seed, args.c)
    metrics = measure(fit, held_samples)
    record = model_record(game, fit, train_samples, held_samples, metrics, command, data, names)
    out = Path(args.out) if args.out else winmodel.shipped_path(game)
    out.write_text(json.dumps(record, indent=1) + "\n", encoding="utf-8")
    winmodel.load(out, game.name, list(_features(game).win_feature_names))
    if args.plot:
        plot(Path(args.plot), game, metrics)
    print(report(game, metrics, fit, command))
    print(f"model written to {out}", file=sys.stderr)
    return 0


def add_train_parser(sub: Any) -> None:
    """Add ``train-eval`` to the ``meiji`` command line (``sub``: its subparsers)."""
    p = sub.add_parser("train-eval", help="fit a game's win-probability model on self-play and measure it")
    p.add_argument("--game", required=True, help="the game")
    p.add_argument("--games", type=int, default=None,
                   help="training games: played (default 40), or the first N of --records")
    p.add_argument("--seed", type=int, default=0, help="first seed of the games played; seeds the sampling and fit")
    p.add_argument("--records", default=None, metavar="FILE",
                   help="JSON lines of finished games with their moves (the no-stall sweep's --records --moves)")
    p.add_argument("--heldout", type=int, default=20, metavar="M", help="games of M seeds held out (default 20)")
    p.add_argument("--positions", type=int, default=40, help="positions kept per game (default 40)")
    p.add_argument("--features", default=None, metavar="A,B,…",
                   help="the features the model reads (default: every feature the game gives)")
    p.add_argument("--c", type=float, default=None, help=f"regularisation C (default: the best of {C_GRID})")
    p.add_argument("--out", default=None, metavar="FILE", help="model file (default: the game's data/win_model.json)")
    p.add_argument("--plot", default=None, metavar="PNG", help="write the reliability plot here")
    p.set_defaults(func=cmd_train_eval)
