"""Worker-supply helpers shared by games that take workers from action spaces fed by rows.

In both Nippon editions an action space emptied by the active player is refilled with *all*
workers of the topmost non-empty worker row ("Wziąć Robotników z najwyższego, niepustego rzędu
Robotników", Nippon rulebook, Puste Pole Akcji). What happens when every row is empty differs per
edition and stays in the game's rules.
"""

from __future__ import annotations

from typing import TypeVar

W = TypeVar("W")


def refill_from_top_row(space: list[W], rows: list[list[W]]) -> int | None:
    """Move every worker of the topmost non-empty row onto ``space`` (in place).

    Returns the index of the row used (0 = top), or ``None`` when every row is empty (nothing
    moves; the caller then applies its own "empty rows" rule).
    """
    for i, row in enumerate(rows):
        if row:
            space.extend(row)
            row.clear()
            return i
    return None
