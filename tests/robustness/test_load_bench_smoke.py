"""The load benchmark (benchmarks/load_bench.py) in miniature: 6 tables, 2 processes, 3 seconds, SQLite.

Its summary line must parse, show accepted moves and no failed move, error or log problem, and one
game played to the end for the size per finished game. The real run (1,000 tables, 4 processes,
SQLite and PostgreSQL) is in docs/performance.md.
"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.slow

SCRIPT = Path(__file__).resolve().parents[2] / "benchmarks" / "load_bench.py"
SUMMARY = re.compile(
    r"load_bench: database=(\w+) tables=(\d+) processes=(\d+) seconds=([\d.]+) moves=(\d+) "
    r"moves_per_s=([\d.]+) move_p50_ms=([\d.]+) move_p99_ms=([\d.]+) conflicts=(\d+) stale=(\d+) "
    r"failed=(\d+) errors=(\d+) log_problems=(\d+) finished_games=(\d+) bytes_per_finished_game=(\d+) "
    r"compacted_bytes_per_finished_game=(\d+)"
)


def test_load_bench_tiny_run_on_sqlite(tmp_path: Path) -> None:
    proc = subprocess.run(
        [sys.executable, str(SCRIPT), "--tables", "6", "--processes", "2", "--seconds", "3", "--database", "sqlite",
         "--finish-games", "1", "--players", "2", "--dir", str(tmp_path), "--json", str(tmp_path / "load.json")],
        capture_output=True, text=True, timeout=300,
    )
    out = proc.stdout + proc.stderr
    found = SUMMARY.search(proc.stdout)
    assert found, out
    (database, tables, processes, seconds, moves, per_s, p50, p99, conflicts, stale, failed, errors, problems,
     finished, per_game, compacted) = found.groups()
    assert (database, tables, processes, float(seconds)) == ("sqlite", "6", "2", 3.0), out
    assert int(moves) > 0 and float(per_s) > 0 and 0 < float(p50) <= float(p99), out
    assert (int(failed), int(errors), int(problems)) == (0, 0, 0), out
    assert int(finished) == 1 and int(per_game) >= int(compacted) > 0, out
    assert proc.returncode == 0, out
    assert "| **moves/s** |" in proc.stdout, out
    assert (tmp_path / "load.json").exists()


def test_load_bench_help() -> None:
    proc = subprocess.run([sys.executable, str(SCRIPT), "--help"], capture_output=True, text=True, timeout=60)
    assert proc.returncode == 0, proc.stderr
    for option in ("--tables", "--processes", "--seconds", "--database", "--url", "--finish-games"):
        assert option in proc.stdout
