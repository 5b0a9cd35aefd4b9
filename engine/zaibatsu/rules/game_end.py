"""Game end, Final consolidation and Final scoring (rulebook, p. 19), with the solo game's goals and
rating."""

from __future__ import annotations

from typing import Any

from engine.core import Event

from ..state import Player, ZState
from ..tables import tables
from ..words import SOLO_SLOT_NAMES, M, T
from .basics import ev, name
from .consolidation import push_consolidation
from .hooks import solo
from .scoring import period_scoring


def game_end(state: ZState, events: list[Event] | None) -> None:
    """After the 3rd final round: Period III scoring, final consolidation, final scoring (rulebook:
    Game end, p. 19)."""
    mark = len(state.stack)
    period_scoring(state, 3, events)
    rewards = state.stack[mark:]  # common-goal rewards resolve before the final consolidation
    del state.stack[mark:]
    if state.automa is not None:
        # Solo (rulebook: Solo mode, Influence scoring and game end): check the goals before the final
        # consolidation; any unmet goal loses.
        takatoshi = solo()
        goals: dict[str, Any] = {}
        for slot, goal_id in state.automa.goals.items():
            value, target, _ = takatoshi.goal_progress(state, goal_id)
            ok, text = value >= target, takatoshi.goal_text(goal_id, value, target)
            # The facts stay plain data in the state; ``result()`` turns the text into a Msg again.
            goals[slot] = {"met": ok, "text": str(text), "id": goal_id, "value": value, "target": target}
            if events is not None:
                if ok:
                    line = M("Goal ({slot}): {goal} — met.", slot=SOLO_SLOT_NAMES[slot], goal=text)
                else:
                    line = M("Goal ({slot}): {goal} — NOT met.", slot=SOLO_SLOT_NAMES[slot], goal=text)
                ev(events, "solo_goal", 0, line)
        won = all(g["met"] for g in goals.values())
        state.solo_result = {"won": won, "goals": goals}
        if not won:
            if events is not None:
                ev(events, "solo_end", 0,
                   M("A solo goal is not met: you lose (no final consolidation or scoring)."))
            state.over = True
            return
    state.stack.append({"k": "final_scoring"})
    n = len(state.players)
    order = [(state.first_player + i) % n for i in range(n)]
    for seat in reversed(order):
        push_consolidation(state, seat, final=True)
    state.stack.extend(rewards)
    if events is not None:
        ev(events, "final", None, M("The game ends: final consolidation and final scoring."))


def final_scoring(state: ZState, events: list[Event] | None) -> None:
    """Rulebook: Final scoring, steps A–B, p. 19: prestige tiles, leftovers ÷ 3, money ÷ 5; then the
    game is over."""
    t = tables()
    for p in state.players:
        prestige = {g: prestige_value(p, g, lvl) for g, lvl in p.goals.items()}
        items = p.coal + p.protected_coal + sum(f.coal for f in p.factories) + p.silk + p.iron + sum(
            f.goods for f in p.factories) + p.goods_reserve
        leftovers = items // t.n["leftovers_per_vp"]
        money = p.money // t.n["money_per_vp"]
        before = p.vp
        p.vp += sum(prestige.values()) + leftovers + money
        state.scores[str(p.seat)] = {
            "in_game": before, "prestige": prestige, "leftovers": leftovers, "money": money, "total": p.vp,
        }
        if events is not None:
            ev(events, "final_score", p.seat,
               M("{who}: {before} + prestige {prestige} + leftovers {leftovers} + money {money} = {total} VP.",
                 who=name(state, p.seat), before=before, prestige=sum(prestige.values()), leftovers=leftovers,
                 money=money, total=p.vp))
    if state.automa is not None and state.solo_result is not None:
        state.solo_result["score"] = state.players[0].vp
        state.solo_result["rating"] = solo().rating(state.players[0].vp)
        rating_name = state.solo_result["rating"]
        if events is not None:
            ev(events, "solo_end", 0, M("You win with {vp} VP: {rating}.", vp=state.players[0].vp,
                                        rating=T("rating", rating_name)))
    state.over = True


def prestige_value(p: Player, goal: str, level: int) -> int:
    """VP of a prestige tile of ``level`` on goal slot ``goal`` at final scoring (rulebook: Final scoring,
    step A)."""
    t = tables()
    pr = t.prestige[level]
    if goal in ("ships", "machines", "trains"):
        th = t.area_threshold[goal]
        built = getattr(p, goal)
        return pr.upper_vp if built >= th.upper else pr.lower_vp if built >= th.lower else 0
    if goal in ("rd", "mining", "finance"):
        pos = getattr(p, goal)
        if pos >= t.threshold_space(goal, "upper"):
            return pr.upper_vp
        return pr.lower_vp if pos >= t.threshold_space(goal, "lower") else 0
    filled = len(p.factories) if goal == "factories" else len(p.contracts_done)
    if filled == 0:
        return 0
    return t.slot_values[(goal, filled)][level - 1]
