"""The learned win-probability model: public features, the model file and its validation, the
one entry point (engine/core/winprob.py) and the training command's pieces (bot/train_eval.py)."""

from __future__ import annotations

import json
import math
import random
import shutil
from pathlib import Path

import pytest

from engine.core import (
    CHANCE,
    builtin_game_names,
    components,
    get_game,
    registry,
    sample_chance,
    winmodel,
    winprob,
)
from engine.core.capabilities import WinFeatures

GAMES = [n for n in builtin_game_names() if registry.win_features(get_game(n)) is not None]


def _midgame(name: str, players: int, seed: int, plies: int) -> object:
    """A position ``plies`` decisions into a game of seeded random moves (chance from the seed)."""
    game = get_game(name)
    state = game.setup({"players": players}, seed)
    rng = random.Random(seed)
    for ply in range(plies):
        decision = game.decision(state)
        if decision.seat is None:
            break
        if decision.seat == CHANCE:
            action = sample_chance(game, state, seed, ply)
        else:
            action = rng.choice(game.legal_actions(state))
        state, _ = game.apply(state, action)
    return state


def test_every_shipped_game_declares_win_features() -> None:
    assert set(GAMES) == set(builtin_game_names())
    for name in GAMES:
        assert WinFeatures in get_game(name).capabilities


@pytest.mark.parametrize("name", GAMES)
def test_features_have_one_row_per_seat_and_progress_in_range(name: str) -> None:
    game = get_game(name)
    features = registry.win_features(game)
    assert features is not None
    for players in (2, 3, 4):
        for plies in (0, 60, 200):
            progress, rows = features.win_features(_midgame(name, players, 7, plies))
            assert 0.0 <= progress <= 1.0
            assert len(rows) == players
            assert all(len(r) == len(features.win_feature_names) for r in rows)
            assert all(math.isfinite(v) for r in rows for v in r)
    assert features.win_features(_midgame(name, 3, 7, 200))[0] > 0


@pytest.mark.parametrize("name", [n for n in GAMES if registry.hidden(get_game(n)) is not None])
def test_features_never_read_hidden_cards(name: str) -> None:
    """Two states that differ only in hidden cards (re-dealt for a spectator) give equal features,
    and so equal chances for every reader."""
    game = get_game(name)
    features, secret = registry.win_features(game), registry.hidden(game)
    assert features is not None and secret is not None
    checked = 0
    for seed, plies in ((3, 40), (5, 150), (11, 300)):
        state = _midgame(name, 3, seed, plies)
        want = features.win_features(state)
        chances = winprob.win_probabilities(game, state, None, 0)
        for k in range(3):
            other = secret.sample_hidden(state, None, random.Random(k))
            assert features.win_features(other) == want
            if winmodel.model_for(game) is not None:
                assert winprob.win_probabilities(game, other, None, k) == pytest.approx(chances)
                assert winprob.win_probabilities(game, other, 0, k) == pytest.approx(chances)
            checked += 1
    assert checked == 9


# -- the model file ---------------------------------------------------------------------------------
def _record(name: str, weights: list[float] | None = None) -> dict[str, object]:
    features = list(get_game(name).win_feature_names)
    design = winmodel.design_names(features)
    bins = [{"low": i / 10, "high": (i + 1) / 10, "positions": 0, "predicted": None, "observed": None}
            for i in range(10)]
    return {
        "format": 1, "game": name, "kind": "conditional-logit", "source": "a test", "confidence": "proposed",
        "features": features, "design": design,
        "weights": weights if weights is not None else [0.0] * len(design), "intercept": 0.0, "temperature": 1.0,
        "scaler": {"mean": [0.0] * len(design), "scale": [1.0] * len(design)}, "player_counts": [2, 3, 4],
        "provenance": {"command": "a test", "date": "2026-01-01", "code_version": "test", "training_games": 1,
                       "training_positions": 1, "policies": ["easy"], "player_counts": [2], "seeds": "0",
                       "heldout_seeds": "1", "data": "none", "fit": "none"},
        "metrics": {"games": 0, "positions": 0, "log_loss": 0.0, "brier": 0.0, "softmax_log_loss": 0.0,
                    "softmax_brier": 0.0, "reliability": bins, "top_accuracy": [None] * 10,
                    "softmax_top_accuracy": [None] * 10},
    }


@pytest.mark.parametrize("name", GAMES)
def test_shipped_model_loads_and_matches_the_games_features(name: str) -> None:
    game = get_game(name)
    path = winmodel.shipped_path(game)
    if not path.is_file():
        pytest.skip(f"{name} ships no model")
    model = winmodel.load(path, name, list(game.win_feature_names))
    prov = model.record.provenance
    assert prov.training_games > 0 and prov.code_version and prov.date and prov.seeds != prov.heldout_seeds
    assert model.record.metrics.games > 0
    assert model.player_counts == frozenset({2, 3, 4})


@pytest.mark.parametrize(("change", "field"), [
    (lambda r: r.update(weights=r["weights"][:-1]), "weights"),
    (lambda r: r.update(temperature=0), "temperature"),
    (lambda r: r.pop("provenance"), "provenance"),
    (lambda r: r["scaler"].update(scale=[0.0] * len(r["scaler"]["scale"])), "scaler"),
    (lambda r: r.update(game="other"), "game"),
    (lambda r: r.update(features=[*r["features"][1:], "made_up"], design=winmodel.design_names(
        [*r["features"][1:], "made_up"])), "features"),
])
def test_a_broken_model_file_is_refused_naming_the_file_and_field(tmp_path: Path, change, field: str) -> None:
    name = GAMES[0]
    record = _record(name)
    change(record)
    path = tmp_path / "win_model.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    with pytest.raises(components.DataError) as err:
        winmodel.load(path, name, list(get_game(name).win_feature_names))
    assert str(path) in str(err.value) and field in str(err.value)


def test_a_model_file_that_is_not_json_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "win_model.json"
    path.write_text("{not json", encoding="utf-8")
    with pytest.raises(components.DataError, match="not a valid win model file"):
        winmodel.load(path, GAMES[0])


def test_owners_model_in_the_override_folder_wins_and_is_not_component_data(tmp_path: Path, monkeypatch) -> None:
    """A model in MEIJI_DATA_DIR/<game>/ replaces the shipped one (zero weights: every seat equal),
    and the component data loader of that folder does not take it for a data file."""
    name = "nippon"
    game = get_game(name)
    (tmp_path / name).mkdir()
    (tmp_path / name / winmodel.MODEL_FILE).write_text(json.dumps(_record(name)), encoding="utf-8")
    monkeypatch.setenv(components.ENV_VAR, str(tmp_path))
    assert winmodel.model_path(game) == tmp_path / name / winmodel.MODEL_FILE
    state = _midgame(name, 3, 2, 120)
    assert winprob.win_probabilities(game, state) == pytest.approx((1 / 3,) * 3)
    assert components.effective(name, tmp_path).digest == components.shipped(name).digest
    (tmp_path / name / winmodel.MODEL_FILE).write_text("[]", encoding="utf-8")
    with pytest.raises(components.DataError):
        winprob.win_probabilities(game, state)


def test_without_a_model_the_chances_are_the_softmax(tmp_path: Path, monkeypatch) -> None:
    game = get_game("nippon")
    monkeypatch.setattr(winmodel, "shipped_path", lambda g: tmp_path / "none.json")
    monkeypatch.delenv(components.ENV_VAR, raising=False)
    state = _midgame("nippon", 3, 2, 120)
    assert winprob.win_probabilities(game, state) == winprob.softmax_probabilities(game, state)


@pytest.mark.parametrize("name", GAMES)
def test_model_chances_sum_to_one_and_follow_the_weights(name: str, tmp_path: Path, monkeypatch) -> None:
    """With a weight only on "vp - best other", the seat furthest ahead on VP is the favourite."""
    game = get_game(name)
    features = list(game.win_feature_names)
    weights = [0.0] * len(winmodel.design_names(features))
    weights[len(features) + features.index("vp")] = 1.0
    path = tmp_path / "m.json"
    path.write_text(json.dumps(_record(name, weights)), encoding="utf-8")
    monkeypatch.setattr(winmodel, "shipped_path", lambda g: path)
    monkeypatch.delenv(components.ENV_VAR, raising=False)
    state = _midgame(name, 3, 4, 250)
    chances = winprob.win_probabilities(game, state)
    assert sum(chances) == pytest.approx(1.0) and len(chances) == 3
    vp = [row[0] for row in registry.win_features(game).win_features(state)[1]]
    if max(vp) > min(vp):
        assert chances.index(max(chances)) == vp.index(max(vp))


def test_design_rows_compare_each_seat_with_the_best_other() -> None:
    rows = winmodel.design_rows(0.5, [[3.0], [5.0], [5.0], [1.0]])
    assert [r[1] for r in rows] == [-2.0, 0.0, 0.0, -4.0]
    assert rows[0] == [3.0, -2.0, 1.5, -1.0, 0.5, 0.25]
    assert winmodel.design_names(["vp"]) == ["vp", "vp - best other", "vp x progress",
                                             "vp - best other x progress", "progress", "1/players"]


# -- training ---------------------------------------------------------------------------------------
def _synthetic(seed: int, games: int) -> list:
    """Games where the seat with the larger first feature tends to win (noise shrinking with progress)."""
    from bot.train_eval import GameSample, Position

    rng = random.Random(seed)
    k = len(get_game("nippon").win_feature_names)
    out = []
    for g in range(games):
        seats = 2 + g % 3
        strength = [rng.gauss(0, 1) for _ in range(seats)]
        winner = max(range(seats), key=lambda s: strength[s] + rng.gauss(0, 0.7))
        sample = GameSample(seed * 1000 + g, ["easy"] * seats)
        for i in range(20):
            t = i / 20
            rows = [[strength[s] * t + rng.gauss(0, 1 - t)] + [rng.random() for _ in range(k - 1)]
                    for s in range(seats)]
            shares = tuple(1.0 if s == winner else 0.0 for s in range(seats))
            sample.positions.append(Position(t, t, rows, shares, tuple([1 / seats] * seats)))
        out.append(sample)
    return out


def test_fit_measure_and_write_a_model_that_loads_and_predicts_the_same(tmp_path: Path) -> None:
    from bot import train_eval

    game = get_game("nippon")
    train, held = _synthetic(1, 60), _synthetic(2, 20)
    fit = train_eval.fit_model(train, seed=0)
    metrics = train_eval.measure(fit, held)
    assert metrics["log_loss"] < metrics["softmax_log_loss"]  # it learnt something the uniform guess misses
    assert sum(b["positions"] for b in metrics["reliability"]) == sum(len(p.shares) for s in held
                                                                      for p in s.positions)
    record = train_eval.model_record(game, fit, train, held, metrics, "a test", "synthetic")
    path = tmp_path / "win_model.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    loaded = winmodel.load(path, "nippon", list(game.win_feature_names))
    for pos in held[0].positions:
        assert winmodel.chances(loaded, pos.estimate, pos.rows) == pytest.approx(train_eval.predict(fit, pos),
                                                                                 abs=1e-4)
    assert loaded.record.provenance.training_games == 60


def test_measures_on_known_values() -> None:
    from bot import train_eval

    assert train_eval.mean_log_loss([[0.5, 0.5]], [[1.0, 0.0]]) == pytest.approx(math.log(2))
    assert train_eval.mean_log_loss([[0.25, 0.75]], [[0.5, 0.5]]) == pytest.approx(
        -(0.5 * math.log(0.25) + 0.5 * math.log(0.75)))
    assert train_eval.mean_brier([[1.0, 0.0]], [[0.0, 1.0]]) == pytest.approx(2.0)
    table = train_eval.reliability([[0.05, 0.95], [0.15, 0.85]], [[0.0, 1.0], [1.0, 0.0]])
    assert [b["positions"] for b in table] == [1, 1, 0, 0, 0, 0, 0, 0, 1, 1]
    assert table[1]["observed"] == 1.0 and table[9]["observed"] == 1.0
    assert train_eval.top_accuracy([[0.2, 0.8], [0.6, 0.4]], [[0.0, 1.0], [0.0, 1.0]], [0.05, 0.95]) == \
        [1.0] + [None] * 8 + [0.0]


def test_sample_game_replays_a_record_and_labels_the_winner() -> None:
    from bot import train_eval

    game = get_game("nippon")
    record = train_eval.play("nippon", 4, ["easy", "easy"])
    assert record["ended"]
    sample = train_eval.sample_game(game, record, 10, random.Random(0), softmax=True)
    assert 8 <= len(sample.positions) <= 12
    for pos in sample.positions:
        assert sum(pos.shares) == pytest.approx(1.0) and len(pos.rows) == 2
        assert pos.softmax is not None and sum(pos.softmax) == pytest.approx(1.0)
    assert [p.played for p in sample.positions] == sorted(p.played for p in sample.positions)


def test_progress_bar_is_silent_off_a_terminal(capsys) -> None:
    from bot.cli_common import progress_bar

    assert list(progress_bar(range(5), desc="x")) == [0, 1, 2, 3, 4]
    bar = progress_bar(total=3)
    bar.update(3)
    bar.close()
    assert capsys.readouterr().err == ""


def test_train_eval_command_writes_model_plot_and_report(tmp_path: Path, capsys) -> None:
    """The command end to end on a records file of two played games (one held out)."""
    from bot import train_eval
    from bot.__main__ import main

    records = tmp_path / "records.jsonl"
    with records.open("w", encoding="utf-8") as out:
        for seed in (3, 6, 9):
            out.write(json.dumps(train_eval.play("nippon", seed, ["easy", "easy"])) + "\n")
        out.write("{half a line")
    model, picture = tmp_path / "m.json", tmp_path / "r.png"
    code = main(["train-eval", "--game", "nippon", "--records", str(records), "--heldout", "1", "--positions",
                 "15", "--c", "0.1", "--out", str(model), "--plot", str(picture)])
    assert code == 0
    loaded = winmodel.load(model, "nippon", list(get_game("nippon").win_feature_names))
    assert loaded.record.provenance.training_games == 2 and loaded.record.metrics.games == 1
    assert picture.stat().st_size > 1000
    assert "| learned model |" in capsys.readouterr().out
    shutil.rmtree(tmp_path)


def test_chances_at_runtime_need_no_scikit_learn() -> None:
    """Playing and hosting evaluate the model in plain Python: scikit-learn is for training only."""
    import subprocess
    import sys

    code = ("import sys; from engine.core import get_game, winprob; g = get_game('nippon'); "
            "s = g.setup({'players': 3}, 1); winprob.win_probabilities(g, s); "
            "assert not any(m.split('.')[0] in ('sklearn', 'scipy') for m in sys.modules), 'imported'")
    root = Path(__file__).resolve().parents[2]
    subprocess.run([sys.executable, "-c", code], check=True, cwd=root, timeout=120)
