"""A finished table's story and review asked first thing after the bot starts (a fresh process).

The engine registers a game's component data when the game is loaded; a host call that selects a
table's data before loading its game failed with "'nippon' has no component data" in a process
that had not played that game yet (the first ``/game review`` after a restart).
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

ASK = """
import sys
from bot.app import compose
app = compose(database_url="sqlite:///" + sys.argv[1])
review = app.host.review("terminal", "seat1", lang="en")
story = app.host.story("terminal", "seat1", lang="en")
print("STORY", story.ok, (story.public or story.private or "").splitlines()[0])
print("REVIEW", review.ok, (review.private or review.public or "").splitlines()[0])
"""


@pytest.mark.slow
def test_story_and_review_are_the_first_calls_of_a_fresh_process(tmp_path: Path) -> None:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    lines = "\n".join(["1"] * 700) + "\n"
    subprocess.run([sys.executable, "-m", "bot", "local", "--game", "nippon", "--players", "2", "--bots", "1",
                    "--seed", "3", "--no-pictures", "--lang", "en"], input=lines, text=True, cwd=tmp_path,
                   env=env, capture_output=True, timeout=600, check=True)
    db = tmp_path / "meiji.db"
    assert db.exists()
    out = subprocess.run([sys.executable, "-c", ASK, str(db)], text=True, cwd=tmp_path, env=env,
                         capture_output=True, timeout=300, check=True).stdout
    assert "STORY True" in out, out
    assert "REVIEW True Nippon: your key moments" in out, out
