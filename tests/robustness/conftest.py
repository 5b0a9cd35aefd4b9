"""Shared set-up of the robustness tests: the test-only dice race game and database dumps.

The dice race game and the Discord fakes live with the hosting tests in ``tests/bot``; that
directory is named like the ``bot`` package, so it is put on ``sys.path`` (for ``fakegame``,
``hosthelpers`` and ``discord_fakes``) *after* the project root, which keeps ``import bot``
resolving to the real package.
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
for path in (str(ROOT), str(ROOT / "tests" / "bot")):
    if path not in sys.path:
        sys.path.append(path)

from fakegame import GAME as DICE_GAME  # noqa: E402

from engine.core import register  # noqa: E402

from .secretgame import GAME as SECRET_GAME  # noqa: E402

register(DICE_GAME)
register(SECRET_GAME)
