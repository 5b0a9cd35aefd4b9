"""The Common Goals module (rulebook: Common Goals module, p. 20). Modern Factories need no code of
their own: their tiles join the display at set-up (a chance decision) and their effects are ordinary
factory ops.

This module depends on the rules; the rules reach it only through the hooks of :mod:`.rules.hooks`,
which :mod:`.game` registers."""

from __future__ import annotations

from typing import Any

from engine.core import Event

from .rules import bonus_ops, ev, name
from .state import Player, ZState
from .tables import tables
from .words import M, T, listing


def measure(state: ZState, p: Player, what: str) -> int:
    """A common goal's measure for one player (rulebook: Common Goals module, the goal tiles; data ids
    CG1–CG9).

    Tracks count steps beyond the start space, so a leader "with 0" (docs/rules-notes.md G-7) is excluded
    the same way for every goal.
    """
    if what in ("ships_built", "trains_built"):
        return getattr(p, what.split("_")[0])
    if what == "machines_built":
        # Pieces taken from the machines row (the start-tile A1 machine included), as for the
        # prestige thresholds and the solo goal.
        return p.machines
    if what in ("rd", "mining", "finance"):
        return getattr(p, what) - 1
    if what == "factories_built":
        return len(p.factories)  # the old factory counts as a factory (docs/rules-notes.md D-7)
    if what == "contracts_fulfilled":
        return len(p.contracts_done)
    if what == "tokens_on_board":
        return sum(1 for m in state.markets for s in m.slots if s is not None and s[0] == p.seat)
    raise AssertionError(what)


def leaders(state: ZState, goal_id: str) -> list[int]:
    """Seats leading a goal alone or tied; docs/rules-notes.md G-7: nobody leads with 0."""
    goal = next(g for g in tables().data.common_goals if g.id == goal_id)
    values = {p.seat: measure(state, p, goal.measure) for p in state.players}
    best = max(values.values())
    if best <= 0:
        return []
    return [s for s, v in values.items() if v == best]


def resolve_common_goals(state: ZState, period: int, events: list[Event] | None) -> None:
    """After all regions of a period are scored (rulebook: Common Goals module, step 4b;
    docs/rules-notes.md D-14): reward each goal's leaders.

    Periods I–II: every leader chooses one of the period's rewards (a ``reward`` choice);
    period III: each goal slot gives its own fixed reward. ``events`` is ``None`` in a quiet apply.
    """
    t = tables()
    goals = state.common_goals.get(str(period), [])
    frames: list[dict[str, Any]] = []
    for slot, goal_id in enumerate(goals, start=1):
        goal = next(g for g in t.data.common_goals if g.id == goal_id)
        who = leaders(state, goal_id)
        if events is not None:
            text = T("common goal", goal.text)
            if who:
                line = M("Common goal ({text}): {leaders}.", text=text,
                         leaders=listing([name(state, s) for s in who]))
            else:
                line = M("Common goal ({text}): no leader.", text=text)
            ev(events, "common_goal", None, line, goal=goal_id)
        rewards = [r for r in t.data.common_goal_rewards if r.period == period and r.slot in (None, slot)]
        if not rewards:
            continue
        for seat in who:
            if period < 3:
                frames.append({"k": "choose", "seat": seat, "what": "reward", "period": period, "goal": goal_id,
                               "choices": len(rewards[0].choices)})
            else:
                ops: list[dict[str, Any]] = []
                for bonus in rewards[0].choices:
                    ops.extend(bonus_ops(bonus))
                frames.append({"k": "ops", "seat": seat, "ops": ops, "ctx": {}})
    state.stack.extend(reversed(frames))


def reward_choices(period: int) -> list[Any]:
    """The rewards a period I–II leader chooses from."""
    t = tables()
    rec = next(r for r in t.data.common_goal_rewards if r.period == period and r.slot is None)
    return list(rec.choices)
