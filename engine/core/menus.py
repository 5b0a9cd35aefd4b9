"""Menu order, game-agnostically: a dominated variant of an action after the better ones.

A game's :class:`~engine.core.capabilities.MenuOrder` hook decides which actions are variants of one
another (``group``: the same production in the same factory, the same city space …) and what each
variant immediately yields (``outcome``: a tuple of numbers, higher is better in every place: more
goods, less coal as a negative number …). :func:`dominated_last` then moves every variant whose
outcome is no better anywhere and worse somewhere than another variant's after the undominated ones,
keeping the legal order otherwise. Only the order of the offered options changes, never the set.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from typing import TypeVar

A = TypeVar("A")


def dominates(a: Sequence[int], b: Sequence[int]) -> bool:
    """Whether outcome ``a`` is at least ``b`` in every place and more in one (same length)."""
    return tuple(a) != tuple(b) and all(x >= y for x, y in zip(a, b, strict=True))


def dominated_last(actions: Sequence[A], group: Callable[[A], Hashable | None],
                   outcome: Callable[[A], Sequence[int]]) -> list[A]:
    """``actions`` with, inside each group of variants (``group(action)``; ``None``: not a variant
    of anything), the dominated ones after the others; each group keeps the places it had, and
    variants dominated by as many others keep their legal order. ``outcome`` is called once per
    variant of a group of two or more."""
    out = list(actions)
    groups: dict[Hashable, list[int]] = {}
    for i, action in enumerate(out):
        key = group(action)
        if key is not None:
            groups.setdefault(key, []).append(i)
    for places in groups.values():
        if len(places) < 2:
            continue
        result = {i: tuple(outcome(out[i])) for i in places}
        beaten = {i: sum(1 for j in places if j != i and dominates(result[j], result[i])) for i in places}
        moved = [out[i] for i in sorted(places, key=lambda i: beaten[i])]  # stable
        for i, action in zip(places, moved, strict=True):
            out[i] = action
    return out
