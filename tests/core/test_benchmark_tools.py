"""The engine benchmark's side-by-side comparison with a git revision (benchmarks/engine_bench.py
``--baseline``) and the decision-time benchmark's statistics (benchmarks/decision_bench.py)."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

from benchmarks import engine_bench
from benchmarks.decision_bench import quantile, table_specs

ROOT = Path(__file__).resolve().parent.parent.parent


def _in_git_checkout() -> bool:
    try:
        subprocess.run(["git", "-C", str(ROOT), "rev-parse", "HEAD"], check=True, capture_output=True)
    except (OSError, subprocess.CalledProcessError):
        return False
    return True


def test_quantiles_are_nearest_rank_so_a_small_sample_keeps_its_tail() -> None:
    values = [float(i) for i in range(1, 51)]  # 1 … 50
    assert quantile(values, 0.5) == 25.0
    assert quantile(values, 0.99) == 50.0  # p99 of 50 decisions is the slowest
    assert quantile(list(reversed(values)), 0.98) == 49.0
    assert quantile([0.3], 0.99) == 0.3


def test_each_level_sits_in_every_seat_against_easy_bots() -> None:
    specs = table_specs("zaibatsu", "hard", 5, 70, "cpu")
    assert [s["labels"].index("hard") for s in specs] == [0, 1, 2, 3, 0]
    assert all(s["labels"].count("easy") == 3 and s["options"] == {"players": 4} for s in specs)
    assert [s["seed"] for s in specs] == [70, 71, 72, 73, 74]
    assert all(s["labels"] == ["easy"] * 4 for s in table_specs("nippon", "easy", 3, 0, "wall"))


@pytest.mark.skipif(not _in_git_checkout(), reason="needs the git repository")
def test_a_revision_is_exported_and_measured_in_its_own_process(tmp_path: Path) -> None:
    tree = engine_bench.export_revision("HEAD", tmp_path)
    assert (tree / "engine" / "zaibatsu" / "rules" / "gameplay.py").is_file()
    got = engine_bench.measure_tree(tree, "zaibatsu", 2, 1, 0)
    assert got["engine"] == str((tree / "engine").resolve())  # the exported engine was the one measured
    assert got["moves"] > 100 and got["cpu_rate"] > 0
    mine = engine_bench.measure_tree(ROOT, "zaibatsu", 2, 1, 0)
    assert mine["engine"] == str((ROOT / "engine").resolve())
    assert mine["moves"] == got["moves"]  # the same seeded game in both trees


@pytest.mark.skipif(not _in_git_checkout(), reason="needs the git repository")
def test_an_unknown_revision_is_refused(tmp_path: Path) -> None:
    with pytest.raises(subprocess.CalledProcessError):
        engine_bench.export_revision("no-such-revision-anywhere", tmp_path)
