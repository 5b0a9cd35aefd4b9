"""Warunki zakończenia, Punktacja końcowa and Zwycięstwo: the end triggers, the final scoring and the
ranking."""

from __future__ import annotations

from collections import Counter

from engine.core import Event

from ..state import COUNTRIES, GOODS, Player, YState
from ..tables import tables
from ..words import M, amount, listing
from .basics import agents_unused, country_count, ev, in_hand, name


def trigger_end(state: YState, events: list[Event] | None) -> None:
    """Warunki zakończenia: finish this round, then play one more full round."""
    if state.end_triggered:
        return
    state.end_triggered = True
    state.final_round = state.rounds + 1
    if events is not None:
        ev(events, "end_triggered", None, M("The end of the game is triggered: this round is finished, then one more "
                                            "full round is played."))


#: The parts of the final scoring (Punktacja końcowa) as named in final-score lines.
FINAL_PARTS = {
    "church": M("Church"), "customs": M("Customs House"), "technology": M("technology"),
    "countries": M("country sets"), "agents": M("agents"), "ig": M("imported goods"), "yen": M("yen"),
    "goods": M("trade goods"),
}


def board_full_check(state: YState, board: list[int | None], events: list[Event] | None) -> None:
    """End trigger 4/5: the Church or Customs House board holds 5/5/6 pieces (2p counts neutral)."""
    need = tables().n["board_full"][str(state.options.players)]
    if sum(1 for s in board if s is not None) >= need:
        trigger_end(state, events)


def turn_position(state: YState, seat: int) -> int:
    """0 for the start player, then clockwise."""
    return (seat - state.start_player) % state.options.players


def board_majority(state: YState, board: list[int | None], values: list[int]) -> dict[int, int]:
    """Church/Customs bonus (Punktacja końcowa 1–2): most pieces first, second next; a tie goes
    to the player whose piece lies furthest right; neutral pieces never score (docs/rules-notes.md Y-7)."""
    count: Counter[int] = Counter(s for s in board if s is not None and s >= 0)
    rightmost = {s: max(i for i, x in enumerate(board) if x == s) for s in count}
    ranked = sorted(count, key=lambda s: (-count[s], -rightmost[s]))
    return {s: values[i] for i, s in enumerate(ranked[:len(values)])}


def country_sets_vp(p: Player) -> int:
    """Punktacja końcowa 4: sets of different countries, built in layers (optimal; the table is convex)."""
    table = tables().n["country_sets"]
    counts = [country_count(p, c) for c in COUNTRIES]
    vp = 0
    for k in range(1, max(counts, default=0) + 1):
        m = sum(1 for c in counts if c >= k)
        if m:
            vp += table[m - 1]
    return vp


def final_scoring(state: YState, events: list[Event] | None) -> None:
    """Punktacja końcowa, in the rulebook's order: Church, Customs House, technology, countries,
    leftovers; then the winner (Zwycięstwo: ties go to the earliest in turn order)."""
    t = tables()
    state.over = True
    state.stack.clear()
    parts: dict[int, dict[str, int]] = {p.seat: {"before": p.vp} for p in state.players}
    for key, board, values in (("church", state.church, t.n["church_majority"]),
                               ("customs", state.customs, t.n["customs_majority"])):
        awards = board_majority(state, board, values)
        for p in state.players:
            parts[p.seat][key] = awards.get(p.seat, 0)
    totals = {p.seat: sum(t.techs[c].value for c in p.technologies) for p in state.players}
    ranked = sorted((s for s in totals if totals[s] > 0), key=lambda s: (-totals[s], turn_position(state, s)))
    tech_values = t.n["technology_majority"]
    for p in state.players:
        parts[p.seat]["technology"] = tech_values[ranked.index(p.seat)] if p.seat in ranked[:len(tech_values)] else 0
        parts[p.seat]["countries"] = country_sets_vp(p)
        parts[p.seat]["agents"] = agents_unused(p) * t.n["leftover_agent_vp"] + \
            (p.free_agents - p.free_agents_used) * t.n["free_agent_vp"]
        parts[p.seat]["ig"] = p.ig * t.n["leftover_ig_vp"]
        parts[p.seat]["yen"] = p.yen // t.n["leftover_yen_per_vp"]
        parts[p.seat]["goods"] = sum(in_hand(p, g) for g in GOODS) // t.n["leftover_goods_per_vp"]
    for p in state.players:
        gained = sum(v for k, v in parts[p.seat].items() if k != "before")
        p.vp += gained
        parts[p.seat]["total"] = p.vp
        state.scores[str(p.seat)] = parts[p.seat]
        scored = [M("{part} {vp}", part=FINAL_PARTS[k], vp=amount("vp", v))
                  for k, v in parts[p.seat].items() if k in FINAL_PARTS and v]
        if scored:
            text = M("{who} scores {vp} in the final scoring ({parts}): {total} in all.", who=name(state, p.seat),
                     vp=amount("vp", gained), parts=listing(scored), total=amount("vp", p.vp))
        else:
            text = M("{who} scores nothing in the final scoring: {total} in all.", who=name(state, p.seat),
                     total=amount("vp", p.vp))
        if events is not None:
            ev(events, "final_score", p.seat, text, **parts[p.seat])
    best = ranking(state)[0]
    if events is not None:
        ev(events, "winner", best.seat, M("{who} wins with {vp}.", who=name(state, best.seat), vp=amount("vp", best.vp)))


def ranking(state: YState) -> list[Player]:
    """Players best first: most VP; a tie goes to the player earliest in turn order from the
    start player (Zwycięstwo)."""
    return sorted(state.players, key=lambda p: (-p.vp, turn_position(state, p.seat)))
