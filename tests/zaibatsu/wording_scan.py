"""Helpers of the wording tests: the data ids a player must never read, and a scanner."""

from __future__ import annotations

import re
from functools import cache

from engine.zaibatsu.tables import tables


@cache
def data_ids() -> frozenset[str]:
    """Every component id of the data that is not printed on the components: factory sides and tiles,
    demand tiles, start tiles, Takatoshi's action tiles, solo and common goals, destination ids."""
    t = tables()
    d = t.data
    ids: set[str] = set(t.sides) | {s.tile for s in t.sides.values()} | set(t.demand) | set(t.start)
    ids |= {a.id for a in d.automa_tiles} | {g.id for g in d.solo_goals} | {g.id for g in d.common_goals}
    ids |= {x.id for x in d.destinations if x.id != x.name}
    return frozenset(ids)


_TOKEN = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
#: Python reprs (``['C6']``, ``{'a': 1}``, ``None``, ``<… object>``), ``×``-joined tokens (``coal×2``)
#: and chance notation (``~black``). A "×" between words ("×1/2" in an effect) is plain text.
_REPR = re.compile(r"\[['\"]|\{['\"]|<[a-z_.]+ object|\bNone\b|\bTrue\b|\bFalse\b|\w×\w|~\w")


def leaks(text: str) -> list[str]:
    """The data ids, ``×`` tokens and Python reprs found in ``text`` (empty: clean)."""
    ids = data_ids()
    found = [w for w in _TOKEN.findall(text) if w in ids]
    found += [m.group(0) for m in _REPR.finditer(text)]
    return found
