"""The soak (benchmarks/soak.py) in short: 60 random full games, every move checked.

Runs the script as CI would run it by hand (``--games 60 --workers 2``): 2/3/4 players with
each module set, solo at every difficulty; invariants after every move, notation round trips and
a replay of every game's log compared with the final state. The long run (10,000 games) is in
docs/performance.md.
"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.slow

SCRIPT = Path(__file__).resolve().parents[2] / "benchmarks" / "soak.py"


def test_short_soak_finds_no_violation() -> None:
    proc = subprocess.run(
        [sys.executable, str(SCRIPT), "--games", "60", "--workers", "2", "--seed", "1000"],
        capture_output=True, text=True, timeout=300,
    )
    out = proc.stdout
    summary = re.search(
        r"soak: games=(\d+) moves=(\d+) violations=(\d+) replay_mismatches=(\d+) "
        r"notation_mismatches=(\d+) errors=(\d+)",
        out,
    )
    assert summary, out + proc.stderr
    games, moves, violations, replays, notations, errors = map(int, summary.groups())
    assert (games, violations, replays, notations, errors) == (60, 0, 0, 0, 0), out
    assert moves > 60 * 200
    # every configuration was played: 12 multiplayer (players x module sets) and 3 solo
    assert all(name in out for name in ("2p+mf+cg", "3p+cg", "4p+mf", "solo-easy", "solo-medium", "solo-hard"))
    assert proc.returncode == 0


def test_soak_help() -> None:
    proc = subprocess.run([sys.executable, str(SCRIPT), "--help"], capture_output=True, text=True, timeout=60)
    assert proc.returncode == 0 and "--games" in proc.stdout and "--workers" in proc.stdout
