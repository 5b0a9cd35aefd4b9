"""Crash recovery (benchmarks/crash_recovery.py) in short: 5 SIGKILLs of a process playing through the Host.

Runs on SQLite and, when the run has a server, on PostgreSQL (``all_databases``). After every
kill: the database's own check passes (SQLite ``integrity_check``, PostgreSQL ``amcheck``), every acknowledged move is in the database
exactly once and in order, ``seq`` numbers are contiguous, a move in flight is all-or-nothing
and the latest snapshot equals the replay of the log. The long run (100 kills) is in
docs/performance.md.
"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

SCRIPT = Path(__file__).resolve().parents[2] / "benchmarks" / "crash_recovery.py"

pytestmark = [pytest.mark.skipif(sys.platform == "win32", reason="needs SIGKILL"), pytest.mark.all_databases, pytest.mark.slow]


def test_five_kills_lose_nothing(tmp_path: Path, db_backend: str, empty_db_url: str) -> None:
    url = ["--url", empty_db_url] if db_backend != "sqlite" else []
    proc = subprocess.run(
        [sys.executable, str(SCRIPT), "--kills", "5", "--seed", "7", "--dir", str(tmp_path), *url],
        capture_output=True, text=True, timeout=300,
    )
    out = proc.stdout + proc.stderr
    summary = re.search(r"crash_recovery: kills=(\d+) .*acknowledged=(\d+) lost=(\d+) duplicated=(\d+) problems=(\d+)",
                        proc.stdout)
    assert summary, out
    kills, acknowledged, lost, duplicated, problems = map(int, summary.groups())
    assert (kills, lost, duplicated, problems) == (5, 0, 0, 0), out
    assert acknowledged > 0, out
    assert proc.returncode == 0, out
    assert (tmp_path / "crash.db").exists() == (db_backend == "sqlite")


def test_crash_recovery_help() -> None:
    proc = subprocess.run([sys.executable, str(SCRIPT), "--help"], capture_output=True, text=True, timeout=60)
    assert proc.returncode == 0 and "--kills" in proc.stdout
