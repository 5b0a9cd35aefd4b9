"""Area-majority arithmetic shared by the Nippon games (game-agnostic, no game data).

Both *Nippon* (2015) and *Nippon: Zaibatsu* (2025) score regions the same way and place influence
tiles under the same rules; the mechanisms that are identical live here once:

* :func:`rank_groups` / :func:`split_places` — rank competitors by influence; tied competitors add
  the VP of the places they occupy and split them equally, rounding down ("W przypadku remisu, PZ
  za remisujące pozycje są dodawane i dzielone pomiędzy remisujących graczy (zaokrąglając w dół)",
  Nippon rulebook, Podliczanie Punktów). A neutral competitor (the foreign companies) is just
  another key whose share the caller discards.
* :func:`influence_value` — the printed value table of an influence tile: delivering ``cubes``
  (1–3) goods of level ``level`` (1–3) entitles to a tile of value ``2 × (level − 1) + cubes``.
* :func:`placement` — availability of an influence space: empty, or holding a strictly lower tile
  (any owner); with a per-city tile limit (2/3-player games) an empty space of a full city only
  takes a tile higher than the city's lowest, which then returns to its owner.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Sequence
from typing import TypeVar

K = TypeVar("K", bound=Hashable)


def rank_groups(scores: Iterable[tuple[K, int]]) -> list[tuple[int, list[K]]]:
    """Group competitors by equal score, best first.

    ``scores`` are ``(key, score)`` pairs (keys in any order; ties keep the input order).
    Returns ``[(place, [keys…]), …]`` where ``place`` is the 0-based place the group starts at
    (a two-way tie for 1st is ``(0, [a, b])`` and the next group starts at place 2).
    """
    ordered = sorted(scores, key=lambda kv: -kv[1])
    groups: list[tuple[int, list[K]]] = []
    place = 0
    i = 0
    while i < len(ordered):
        j = i
        while j < len(ordered) and ordered[j][1] == ordered[i][1]:
            j += 1
        groups.append((place, [k for k, _ in ordered[i:j]]))
        place += j - i
        i = j
    return groups


def split_places(scores: Iterable[tuple[K, int]], place_values: Sequence[int]) -> dict[K, int]:
    """VP per competitor: each tie group shares the values of the places it occupies.

    ``place_values[i]`` is the VP of place ``i`` (0 = 1st); places beyond the list are worth 0.
    A group of ``g`` competitors starting at place ``p`` each gets
    ``sum(place_values[p:p+g]) // g`` (rounded down). Every key appears in the result (0 if out of
    the places).
    """
    out: dict[K, int] = {}
    for place, keys in rank_groups(scores):
        total = sum(place_values[q] for q in range(place, place + len(keys)) if q < len(place_values))
        for key in keys:
            out[key] = total // len(keys)
    return out


def influence_value(level: int, cubes: int) -> int:
    """The influence value a delivery entitles to: ``2 × (level − 1) + cubes``.

    ``level`` is the goods level (1–3) and ``cubes`` the goods discarded for this tile (1–3);
    raises ``ValueError`` outside those ranges. A tile of lower value may always be placed
    instead (Nippon rulebook, Wartość żetonu Wpływu).
    """
    if not (1 <= level <= 3 and 1 <= cubes <= 3):
        raise ValueError(f"influence_value: level {level}, cubes {cubes} out of range 1..3")
    return 2 * (level - 1) + cubes


def placement(slots: Sequence[int | None], index: int, value: int, limit: int) -> tuple[bool, tuple[int, ...]]:
    """Can a tile of ``value`` go on influence space ``index`` of a city?

    ``slots`` are the values of the tiles on the city's influence spaces (``None`` = empty) and
    ``limit`` the most tiles one city may hold (4 = no limit at 4 spaces). Returns
    ``(placeable, evictable)``:

    * an occupied space takes only a strictly higher tile (the lower one returns to its owner,
      the count is unchanged): ``(slot < value, ())``;
    * an empty space of a city below its limit: ``(True, ())``;
    * an empty space of a full city: only a tile higher than the city's lowest tile, and then one
      of the lowest tiles (their space indexes in ``evictable``; the placing player chooses)
      returns to its owner.
    """
    current = slots[index]
    if current is not None:
        return current < value, ()
    placed = [v for v in slots if v is not None]
    if len(placed) < limit:
        return True, ()
    lowest = min(placed)
    if value <= lowest:
        return False, ()
    return True, tuple(i for i, v in enumerate(slots) if v == lowest)
