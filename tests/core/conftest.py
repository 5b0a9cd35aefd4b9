"""The core tests use the test-only dice race game that lives with the hosting tests."""

from __future__ import annotations

import sys
from pathlib import Path

_FAKE = str(Path(__file__).resolve().parents[1] / "bot")
if _FAKE not in sys.path:
    sys.path.insert(0, _FAKE)
