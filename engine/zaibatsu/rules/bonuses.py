"""Bonuses (rulebook: on the tracks and between the ships, machines and trains areas) and Department
bonuses (p. 13): track moves, the ops a bonus gives, gains."""

from __future__ import annotations

from typing import Any

from engine.core import Event

from ..state import Player, ZState
from ..tables import tables
from ..words import TRACK_NAMES, M, amount, listing
from .basics import WORKER_COLOURS, department_name, ev, name


def move_track(p: Player, track: str, steps: int) -> list[dict[str, Any]]:
    """Move a track marker by ``steps`` (negative = back; never past either end: rulebook, Basic
    concepts, p. 7).

    Returns the ops of the bonuses reached or passed (forward moves only).
    """
    spaces = tables().track[track]
    old = getattr(p, track)
    new = max(1, min(len(spaces), old + steps))
    setattr(p, track, new)
    ops: list[dict[str, Any]] = []
    for s in spaces[old:new]:  # spaces old+1 .. new
        if s.bonus is not None:
            ops.extend(bonus_ops(s.bonus))
    return ops


#: :func:`bonus_ops` already worked out, by the ``id`` of the bonus: ``(bonus, ops)`` (the bonus is kept
#: so that its ``id`` is never reused; bonuses are read-only component data).
_BONUS_OPS: dict[int, tuple[Any, tuple[dict[str, Any], ...]]] = {}


def bonus_ops(bonus: Any) -> list[dict[str, Any]]:
    """Translate a :class:`~.data.Bonus` into effect ops (fresh dicts: the caller may change them)."""
    known = _BONUS_OPS.get(id(bonus))
    if known is None or known[0] is not bonus:
        known = _BONUS_OPS[id(bonus)] = (bonus, tuple(_bonus_ops(bonus)))
    return [dict(op) for op in known[1]]


def _bonus_ops(bonus: Any) -> list[dict[str, Any]]:
    """:func:`bonus_ops` worked out from the bonus's fields."""
    ops: list[dict[str, Any]] = []
    gains = {k: getattr(bonus, k) for k in ("money", "coal", "silk", "iron", "vp") if getattr(bonus, k)}
    if gains:
        ops.append({"op": "gain", **gains})
    for track in ("rd", "mining", "finance"):
        if getattr(bonus, track):
            ops.append({"op": "track", "track": track, "steps": getattr(bonus, track)})
    if bonus.dept:
        ops.append({"op": "dept", "colour": bonus.dept})
    if bonus.dept_any:
        ops.append({"op": "dept_any"})
    if bonus.unlock:
        ops.append({"op": "unlock", "value": bonus.unlock})
    return ops


def area_bonus_ops(p: Player, before: tuple[int, int, int]) -> list[dict[str, Any]]:
    """Ops of ship/machine/train area bonuses newly uncovered (rulebook: Bonuses: both slots empty)."""
    t = tables()
    after = (p.ships, p.machines, p.trains)
    ops: list[dict[str, Any]] = []
    for col in range(1, 7):
        for between, (a, b) in (("ships-machines", (0, 1)), ("machines-trains", (1, 2))):
            was = before[a] >= col and before[b] >= col
            now = after[a] >= col and after[b] >= col
            if now and not was:
                ops.extend(bonus_ops(t.area_bonus[(between, col)]))
    return ops


def dept_yield(p: Player, colour: str) -> Any:
    """The department's normal or upgraded yield (rulebook: Department bonuses, p. 13)."""
    dep = tables().departments[colour]
    return dep.upgraded if colour in p.upgraded else dep.normal


def dept_ops(state: ZState, p: Player, colour: str, events: list[Event] | None) -> list[dict[str, Any]]:
    """Gain a department's bonus (rulebook: Department bonuses, p. 13): a resource, VP, or the white
    track choice."""
    y = dept_yield(p, colour)
    if y.kind == "white":
        state.stack.append({"k": "choose", "seat": p.seat, "what": "white", "steps": y.steps})
        return []
    if events is not None:
        ev(events, "department", p.seat, M("{who} activates the {department} department ({colour}).",
                                           who=name(state, p.seat), department=department_name(colour),
                                           colour=WORKER_COLOURS[colour]))
    return [{"op": "gain", y.resource: y.amount}]


#: The resources a ``gain`` op may give, in the order they are added.
GAINS = ("money", "coal", "silk", "iron", "vp")


_GAIN_SET = frozenset(GAINS)


def gain(state: ZState, p: Player, op: dict[str, Any], events: list[Event] | None) -> None:
    """Run a ``gain`` op: resources and VP for ``p``."""
    for r, n in op.items():
        if n and r in _GAIN_SET:
            setattr(p, r, getattr(p, r) + n)
    if events is not None:
        gained = [amount(r, op[r]) for r in GAINS if op.get(r)]
        if gained and op.get("why") in TRACK_NAMES:
            # Consolidation step C: income from the Mining (coal) or Finance (money) track.
            ev(events, "income", p.seat, M("{who} takes income: {gains} ({track} track).", who=name(state, p.seat),
                                           gains=listing(gained), track=TRACK_NAMES[op["why"]]))
        elif gained:
            ev(events, "gain", p.seat, M("{who} gains {gains}.", who=name(state, p.seat), gains=listing(gained)))


def thresholds_reached(p: Player, areas: Any, which: str) -> int:
    """Number of prestige thresholds reached in ``areas`` (``which``: lower only, or any = both)."""
    t = tables()
    n = 0
    for a in areas:
        if a in ("ships", "machines", "trains"):
            th = t.area_threshold[a]
            built = getattr(p, a)
            levels = [built >= th.lower, built >= th.upper]
        elif a in ("rd", "mining", "finance"):
            pos = getattr(p, a)
            levels = [pos >= t.threshold_space(a, "lower"), pos >= t.threshold_space(a, "upper")]
        else:
            continue
        n += levels[0] if which == "lower" else sum(levels)
    return n
