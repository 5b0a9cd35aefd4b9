"""Whole-game fingerprints: seeded random games of every configuration give exactly the decisions,
legal actions, chance outcomes, events and states they gave when the fingerprints were recorded
(:mod:`tests.zaibatsu.fingerprint`), whichever apply plays them (quiet, with events, checked).

A change that only makes the engine faster must leave every fingerprint as it is; a change of the
rules changes them and must record the new values here, saying why.
"""

from __future__ import annotations

import pytest

from .fingerprint import fingerprint

#: (mode, seeds, fingerprint) recorded before the engine's speed work of 2026-11-28.
FAST = [
    ("quiet", range(0, 3), "fa0d5247a34c837a18782196d778a39a"),
    ("events", range(0, 3), "0bc27682e76701ec9ec79f67090f6d67"),
    ("checked", range(0, 1), "f6c46a3ce90684ebcb569ab862bb362d"),
]

SLOW = [
    ("quiet", range(3, 40), "c236a94d8d39d3098c32abebb114c46d"),
    ("events", range(3, 40), "c7efa8e3c6dadee01db7539a4dc2b24b"),
    ("checked", range(1, 6), "4ba0513af93cd22768a648f9cd06d9da"),
]


@pytest.mark.parametrize(("mode", "seeds", "expected"), FAST, ids=[m for m, _, _ in FAST])
def test_fingerprint_of_a_few_games(mode: str, seeds: range, expected: str) -> None:
    assert fingerprint(seeds, mode) == expected


@pytest.mark.slow
@pytest.mark.parametrize(("mode", "seeds", "expected"), SLOW, ids=[m for m, _, _ in SLOW])
def test_fingerprint_of_many_games(mode: str, seeds: range, expected: str) -> None:
    assert fingerprint(seeds, mode) == expected
