"""JSON round trips, replay from the notation log (in this process and in a fresh one), and the
validation of state files (docs/architecture.md, "Chance and the move log": the move log is the source of truth)."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path

import pytest

from engine.core import replay
from engine.zaibatsu import GAME

from .scenario import base_game, new_game, puzzle

ROOT = Path(__file__).resolve().parents[2]


def random_table(players, seed, max_moves=None):
    """A random game played through notation (Table.play), chance sampled from ``seed``."""
    t = new_game(players, seed=seed, first_game=seed % 2 == 0)
    rng = random.Random(seed * 7 + 1)
    n = 0
    while not t.state.over and (max_moves is None or n < max_moves):
        t.play(rng.choice(t.legal()))
        n += 1
    return t


@pytest.mark.parametrize(("players", "seed"), [(2, 1), (3, 2), (4, 3)])
def test_json_round_trip_at_many_points(players, seed):
    t = new_game(players, seed=seed)
    rng = random.Random(seed)
    checked = 0
    while not t.state.over:
        if rng.random() < 0.15 or checked == 0:
            text = GAME.to_json(t.state)
            back = GAME.from_json(text)
            assert back == t.state
            assert GAME.to_json(back) == text
            assert GAME.legal_actions(back) == GAME.legal_actions(t.state)
            checked += 1
        t.play(rng.choice(t.legal()))
    text = GAME.to_json(t.state)
    assert GAME.to_json(GAME.from_json(text)) == text
    assert checked > 20


@pytest.mark.parametrize(("players", "seed"), [(2, 11), (3, 12), (4, 13)])
def test_replay_rebuilds_identical_state(players, seed):
    t = random_table(players, seed)
    assert t.state.over
    rebuilt = replay(GAME, t.options, seed, t.log)
    assert GAME.to_json(rebuilt) == GAME.to_json(t.state)
    # a prefix of the log replays to the state at that point
    half = len(t.log) // 2
    t2 = random_table(players, seed, max_moves=None)
    assert GAME.to_json(replay(GAME, t.options, seed, t2.log)) == GAME.to_json(t.state)
    prefix = replay(GAME, t.options, seed, t.log[:half])
    assert GAME.check_invariants(prefix) == []


def test_replay_names_the_bad_move():
    t = base_game(2)
    log = [*t.log, "take 9 rd black"]
    from engine.core import IllegalAction

    with pytest.raises(IllegalAction) as exc:
        replay(GAME, t.options, 0, log)
    assert f"move {len(log)}" in exc.value.reason


REPLAY_SCRIPT = """
import json, sys
from engine.core import replay
from engine.zaibatsu import GAME
job = json.load(open(sys.argv[1]))
state = replay(GAME, job["options"], job["seed"], job["log"])
sys.stdout.write(GAME.to_json(state))
"""


def test_replay_in_a_fresh_process(tmp_path):
    t = random_table(3, 5)
    job = tmp_path / "game.json"
    job.write_text(json.dumps({"options": t.options, "seed": t.seed, "log": t.log}))
    out = subprocess.run([sys.executable, "-c", REPLAY_SCRIPT, str(job)], cwd=ROOT, capture_output=True,
                         text=True, timeout=120, env={"PYTHONPATH": str(ROOT), "PATH": ""}, check=False)
    assert out.returncode == 0, out.stderr
    assert out.stdout == GAME.to_json(t.state)


def test_apply_does_not_change_its_argument():
    t = base_game(3)
    rng = random.Random(3)
    state = t.state
    for _ in range(200):
        if state.over:
            break
        before = GAME.to_json(state)
        action = rng.choice(GAME.legal_actions(state))
        new, _ = GAME.apply(state, action)
        assert GAME.to_json(state) == before
        state = new


def test_view_is_json():
    t = random_table(4, 8, max_moves=150)
    for seat in (None, 0, 3):
        view = GAME.view(t.state, seat)
        text = json.dumps(view)
        assert json.loads(text)["viewer"] == seat
        assert "stack" not in view


@pytest.mark.parametrize(("edit", "message"), [
    (lambda d: d.pop("players"), "invalid"),
    (lambda d: d["players"][0].update(money="lots"), "invalid"),
    (lambda d: d["hiring"][0].append("red"), "inconsistent"),  # a worker out of nowhere
    (lambda d: d["players"][0].update(money=-1), "inconsistent"),
    (lambda d: d["players"][0]["tokens"].append(7), "inconsistent"),
    (lambda d: d["players"][0].update(ships=2), "inconsistent"),
    (lambda d: d["experts"].update(berlin=False), "inconsistent"),
])
def test_from_json_rejects_bad_files(edit, message):
    t = puzzle(2)
    d = json.loads(t.json())
    edit(d)
    with pytest.raises(ValueError) as exc:
        GAME.from_json(json.dumps(d))
    assert message in str(exc.value)


def test_from_json_rejects_non_json():
    with pytest.raises(ValueError):
        GAME.from_json("{not json")
