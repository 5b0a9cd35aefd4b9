"""Pomoc Gracza, Finałowe Podliczanie (final scoring): the last payday, the achievements times their
multipliers, and the ranking."""

from __future__ import annotations

from engine.core import Event

from ..state import NState, Player
from ..tables import tables
from ..words import M
from .basics import empty_spaces, ev, name, ops_of, track_value
from .consolidation import payday


def achievement_base(state: NState, p: Player, achievement: str) -> int:
    """Base VP of an achievement space before its multiplier (Pomoc Gracza, Finałowe Podliczanie)."""
    t = tables()
    a = t.achievements[achievement]
    star_tiles = sum(1 for o in ops_of(p, "star") if o.achievement == achievement)
    m = a.measure
    if m == "contracts":
        units = len(p.contracts_done)
    elif m == "knowledge_stars":
        units = t.track_stars["knowledge"][p.knowledge_pos] + star_tiles
    elif m == "coal_stars":
        units = t.track_stars["coal"][p.coal_pos] + star_tiles
    elif m == "big_factories":
        units = sum(1 for f in p.factories if t.goods[f.goods].level >= 2)
    elif m == "machines2":
        units = sum(1 for f in p.factories if f.machine >= t.n["machine_max"])
    elif m == "money":
        units = p.money
    elif m in ("ship_stars", "train_stars"):
        row = "ships" if m == "ship_stars" else "trains"
        units = sum(t.transport_stars[(row, i)] for i in range(1, empty_spaces(p, row) + 1))
    else:  # regions
        units = sum(1 for r in t.region_ids if any(
            s is not None and s[0] == p.seat for c in state.cities if c.region == r for s in c.slots))
    return units // a.per


def multiplier(p: Player, achievement: str) -> int:
    """Multiplier of an achievement space: its tile, else a printed 1x, else 0."""
    if achievement in p.achievements:
        return p.achievements[achievement]
    return 1 if tables().achievements[achievement].printed_1x else 0


def final_scoring(state: NState, events: list[Event] | None) -> None:
    """After the 3rd scoring: money reset to the money track (+ Silk bonus, rules-notes N-12) and a
    last payday for the workers still on the boards, then the nine achievements × multipliers."""
    t = tables()
    for p in state.players:
        before = p.vp
        p.money = track_value(p, "money") + sum(o.money for o in ops_of(p, "consolidation_money"))
        vp_before_payday = p.vp
        payday(state, p, events, final=True)
        lost = vp_before_payday - p.vp
        achievements = {a: achievement_base(state, p, a) * multiplier(p, a) for a in t.achievement_ids}
        p.vp += sum(achievements.values())
        state.scores[str(p.seat)] = {"in_game": before, "money": p.money, "payday_vp": -lost,
                                     "achievements": achievements, "total": p.vp}
        if events is not None:
            ev(events, "final_score", p.seat, M("{who}: {before} VP, payday −{lost}, achievements +{ach} = {total} VP.",
                                                who=name(state, p.seat), before=before, lost=lost,
                                                ach=sum(achievements.values()), total=p.vp),
               achievements=achievements, total=p.vp)
    state.over = True
    state.stack.clear()
    if events is not None:
        ev(events, "game_over", None, M("The game is over."))


def ranking(state: NState) -> list[Player]:
    """Players best first: most VP; a tie goes to the tied player who took the last turn, else the
    one sitting closest counter-clockwise to the last player (Podliczanie Punktów, remis) — the same
    as the later last turn."""
    return sorted(state.players, key=lambda p: (-p.vp, -p.last_turn))
