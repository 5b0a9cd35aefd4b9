"""A game's learned win-probability model: its file, its validation and its evaluation.

A game that declares :class:`~engine.core.capabilities.WinFeatures` may ship a model fitted on
self-play (``meiji train-eval``, :mod:`bot.train_eval`) as ``engine/<game>/data/win_model.json``;
an owner may put another one in the override folder (``MEIJI_DATA_DIR/<game>/win_model.json``),
which then wins. :func:`model_for` reads and validates it (pydantic, like the component data: a
broken file raises :class:`~engine.core.components.DataError` naming the file and the field) and
:func:`chances` evaluates it; :mod:`engine.core.winprob` is the one caller players see.

**The model** is a conditional logit. Each seat's row of public values ``x`` (the game's
``win_features``, from public information only) is widened into a *design row*
(:func:`design_names`): the values, each value minus the best of the other seats' values, both
again multiplied by the share of the game played ``t`` (so the weights can sharpen as the game
advances), ``t`` and ``1 / players``. A seat's score is ``z = (w · (d − mean) / scale + b) / T``
and the chances are the softmax of the seats' scores (summing to 1). ``w`` and ``b`` are fitted by
a logistic regression on one row per seat and position (winner 1, a shared first place counted
as a share), ``T`` (the temperature) by the log loss of the softmax on the training positions.

Evaluation is plain Python (no numpy, no scikit-learn): the scaler is folded into the weights
when the file is loaded, so one evaluation is a dot product per seat and one softmax.
"""

from __future__ import annotations

import datetime as dt
import json
import math
import operator
import os
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator

from . import components, registry
from .game import Game

#: The file name of a game's model (in its data folder and in an override folder's game folder).
MODEL_FILE = "win_model.json"
#: The format version this module reads.
FORMAT = 1

Confidence = Literal["confirmed", "likely", "proposed"]


class _Strict(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class Scaler(_Strict):
    """The standardisation of the design values: ``(d - mean) / scale`` per design column."""

    mean: list[float]
    scale: list[float]

    @model_validator(mode="after")
    def _positive(self) -> Scaler:
        if len(self.mean) != len(self.scale):
            raise ValueError(f"scaler: {len(self.mean)} means but {len(self.scale)} scales")
        if any(not math.isfinite(v) for v in self.mean) or any(not (math.isfinite(v) and v > 0) for v in self.scale):
            raise ValueError("scaler: every mean must be a finite number and every scale a positive one")
        return self


class ReliabilityBin(_Strict):
    """One bin of a reliability table: predictions in ``[low, high)``, their count, mean and the
    observed win rate (0–1)."""

    low: float
    high: float
    positions: int = Field(ge=0)
    predicted: float | None
    observed: float | None


class Metrics(_Strict):
    """How the model did on held-out games (seeds never used in training), against the softmax it
    replaces (:func:`engine.core.winprob.softmax_probabilities`)."""

    games: int = Field(ge=0)
    positions: int = Field(ge=0)
    log_loss: float
    brier: float
    softmax_log_loss: float
    softmax_brier: float
    reliability: list[ReliabilityBin]
    #: Share of positions (per tenth of the game played) where the seat rated most likely won.
    top_accuracy: list[float | None]
    softmax_top_accuracy: list[float | None]


class Provenance(_Strict):
    """Where a model comes from: the command, its training games and the code that fitted it."""

    command: str = Field(min_length=3)
    date: str
    code_version: str
    training_games: int = Field(ge=1)
    training_positions: int = Field(ge=1)
    policies: list[str]
    player_counts: list[int]
    seeds: str
    heldout_seeds: str
    data: str
    fit: str


class WinModelFile(_Strict):
    """The JSON file of a learned model (``engine/<game>/data/win_model.json``)."""

    format: Literal[1]
    game: str
    kind: Literal["conditional-logit"]
    source: str = Field(min_length=3)
    confidence: Confidence
    features: list[str] = Field(min_length=1)
    design: list[str]
    weights: list[float]
    intercept: float
    temperature: float = Field(gt=0)
    scaler: Scaler
    player_counts: list[int] = Field(min_length=1)
    provenance: Provenance
    metrics: Metrics

    @model_validator(mode="after")
    def _shapes(self) -> WinModelFile:
        want = design_names(self.features)
        if self.design != want:
            raise ValueError(f"design: the columns must be design_names(features) ({len(want)} names)")
        for name, values in (("weights", self.weights), ("scaler.mean", self.scaler.mean)):
            if len(values) != len(want):
                raise ValueError(f"{name}: {len(values)} values for {len(want)} design columns")
        if not all(math.isfinite(v) for v in [*self.weights, self.intercept, self.temperature]):
            raise ValueError("weights, intercept and temperature must be finite numbers")
        if any(n < 2 for n in self.player_counts):
            raise ValueError("player_counts: a win model compares at least 2 seats")
        return self


@dataclass(frozen=True)
class LoadedModel:
    """A validated model ready to evaluate: the scaler folded into ``weights`` and ``bias``
    (``z = bias + weights · d``, already divided by the temperature), its file and its record."""

    path: Path
    record: WinModelFile
    weights: tuple[float, ...]
    bias: float
    player_counts: frozenset[int]
    #: The positions of the model's features in the game's rows (``None``: every value, in order).
    columns: tuple[int, ...] | None = None


def design_names(features: Sequence[str]) -> list[str]:
    """The columns of a design row built from a seat's values named ``features`` (module docstring)."""
    base = list(features) + [f"{f} - best other" for f in features]
    return base + [f"{n} x progress" for n in base] + ["progress", "1/players"]


def design_rows(progress: float, rows: Sequence[Sequence[float]]) -> list[list[float]]:
    """Every seat's design row (:func:`design_names` order) from the share of the game played
    ``progress`` (0–1) and the seats' value rows (one per seat, equal lengths, at least 2 seats)."""
    n = len(rows)
    k = len(rows[0])
    first = [max(r[i] for r in rows) for i in range(k)]
    # The best of the *other* seats: the top value, or the second one for the seat holding the top.
    second = []
    for i in range(k):
        col = sorted((r[i] for r in rows), reverse=True)
        second.append(col[1] if n > 1 else col[0])
    out = []
    inv = 1.0 / n
    for r in rows:
        rel = [r[i] - (second[i] if r[i] >= first[i] else first[i]) for i in range(k)]
        base = [*r, *rel]
        out.append([*base, *(v * progress for v in base), progress, inv])
    return out


def chances(model: LoadedModel, progress: float, rows: Sequence[Sequence[float]]) -> tuple[float, ...]:
    """Every seat's chance to win (0–1, summing to 1) under ``model`` for the seats' value ``rows``
    at ``progress`` (the game's ``win_features``): the softmax of ``bias + weights · design row``,
    computed without building the design rows (the progress terms folded into the weights)."""
    if model.columns is not None:
        rows = [[r[i] for i in model.columns] for r in rows]
    k = len(rows[0])
    w = model.weights
    t = progress
    on_x = [a + t * b for a, b in zip(w[:k], w[2 * k:3 * k])]
    on_rel = [a + t * b for a, b in zip(w[k:2 * k], w[3 * k:4 * k])]
    const = model.bias + w[4 * k] * t + w[4 * k + 1] / len(rows)
    columns = list(zip(*rows))
    tops = []
    for col in columns:
        first = second = -math.inf
        for v in col:
            if v > first:
                first, second = v, first
            elif v > second:
                second = v
        tops.append((first, second))
    scores = []
    for r in rows:
        z = const + math.fsum(map(operator.mul, on_x, r))
        for v, a, (first, second) in zip(r, on_rel, tops):
            z += a * (v - (second if v >= first else first))
        scores.append(z)
    top = max(scores)
    exps = [math.exp(z - top) for z in scores]
    total = sum(exps)
    return tuple(e / total for e in exps)


def shipped_path(game: Game) -> Path:
    """Where ``game`` ships its model: ``data/win_model.json`` next to the game's package."""
    package = type(game).__module__.rpartition(".")[0] or type(game).__module__
    module = sys.modules.get(package) or sys.modules[type(game).__module__]
    return Path(module.__file__ or ".").parent / "data" / MODEL_FILE


def model_path(game: Game) -> Path | None:
    """The model file ``game`` uses: the owner's (``MEIJI_DATA_DIR/<game>/win_model.json``) when
    there is one, else the shipped one, else ``None`` (no model: the chances stay a softmax)."""
    folder = os.environ.get(components.ENV_VAR, "").strip()
    if folder:
        own = Path(folder).expanduser() / game.name / MODEL_FILE
        if own.is_file():
            return own
    shipped = shipped_path(game)
    return shipped if shipped.is_file() else None


_CACHE: dict[tuple[str, str], tuple[int, LoadedModel]] = {}


def model_for(game: Game) -> LoadedModel | None:
    """``game``'s validated model (re-read when its file changes), or ``None`` when the game
    declares no WinFeatures or has no model file. Raises
    :class:`~engine.core.components.DataError` when the file is broken (not JSON, a field missing
    or wrong, columns that do not match, another game's model or features the game does not give)."""
    features = registry.win_features(game)
    if features is None:
        return None
    path = model_path(game)
    if path is None:
        return None
    key = (game.name, str(path))
    try:
        stamp = path.stat().st_mtime_ns
    except OSError:
        return None
    hit = _CACHE.get(key)
    if hit is not None and hit[0] == stamp:
        return hit[1]
    loaded = load(path, game.name, tuple(features.win_feature_names))
    _CACHE[key] = (stamp, loaded)
    return loaded


def load(path: Path, game: str, features: Sequence[str] | None = None) -> LoadedModel:
    """Read and validate the model file ``path`` for ``game`` (whose rows are named ``features``,
    if given: the model may read some of them, in any order); raises :class:`~engine.core.components.DataError` naming the file and the field."""
    try:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise components.DataError("file not found", game=game, file=str(path)) from None
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
        where = f" (line {exc.lineno}: {exc.msg})" if isinstance(exc, json.JSONDecodeError) else ""
        raise components.DataError(f"not a valid win model file{where}", game=game, file=str(path)) from None
    try:
        record = WinModelFile.model_validate(data)
    except ValidationError as exc:
        first = exc.errors(include_url=False)[0]
        field = ".".join(str(p) for p in first.get("loc", ())) or None
        more = len(exc.errors()) - 1
        message = str(first.get("msg", "invalid")).removeprefix("Value error, ")
        raise components.DataError(message + (f" (and {more} more problem(s))" if more else ""), game=game,
                                   file=str(path), field=field) from None
    if record.game != game:
        raise components.DataError(f"this is a model of {record.game!r}", game=game, file=str(path), field="game")
    columns: tuple[int, ...] | None = None
    if features is not None:
        unknown = [f for f in record.features if f not in features]
        if unknown:
            raise components.DataError(f"the game gives no feature {', '.join(unknown)} (retrain the model with "
                                       "meiji train-eval)", game=game, file=str(path), field="features")
        if list(features) != record.features:
            columns = tuple(list(features).index(f) for f in record.features)
    w = [wi / si / record.temperature for wi, si in zip(record.weights, record.scaler.scale, strict=True)]
    bias = record.intercept / record.temperature - math.fsum(wi * mi for wi, mi in zip(w, record.scaler.mean))
    return LoadedModel(path=Path(path), record=record, weights=tuple(w), bias=bias,
                       player_counts=frozenset(record.player_counts), columns=columns)


def today() -> str:
    """Today's date (UTC, ISO 8601) for a model's provenance."""
    return dt.datetime.now(dt.UTC).date().isoformat()
