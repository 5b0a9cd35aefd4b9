"""Influence scoring (rulebook, steps 1–5, p. 18): influence per region and the VP of its places."""

from __future__ import annotations

from typing import Any

from engine.core import Event
from engine.core.majority import split_places

from ..state import ZState
from ..tables import tables
from ..words import M, listing
from .basics import ev, name, per_train_influence, region_name
from .hooks import common_goals, solo


def region_influence(state: ZState, seat: int, region: str) -> int:
    """A player's influence in a region (rulebook: Influence scoring, step 1): tokens + trains if
    ≥ 1 token there."""
    if state.automa is not None and seat == 1:
        return solo().automa_influence(state, region)
    tokens = sum(
        s[1] for m in state.markets if m.region == region for s in m.slots if s is not None and s[0] == seat
    )
    if tokens == 0:
        return 0
    trains = sum(1 for s in state.trains[region] if s == seat)
    return tokens + trains * per_train_influence(state.players[seat])


def period_scoring(state: ZState, period: int, events: list[Event] | None) -> None:
    """Influence scoring of one period (rulebook: Influence scoring, p. 18), regions left to right."""
    t = tables()
    values = t.periods[period - 1].values
    ladder = [values[i] for i in t.count(state.options.players).place_values_used]
    record: dict[str, Any] = {"period": period, "regions": {}}
    for region in t.region_ids:
        parts: list[tuple[int, int]] = []  # (influence, seat or -1 for the foreign companies)
        for seat in range(len(state.players) + (1 if state.automa else 0)):
            v = region_influence(state, seat, region)
            if v > 0:
                parts.append((v, seat))
        foreign = sum(
            t.market_by_id[m.id].printed[i] for m in state.markets if m.region == region
            for i, s in enumerate(m.slots) if s is None
        )
        if foreign > 0:  # docs/rules-notes.md G-12
            parts.append((foreign, -1))
        awards = split_places(((who, v) for v, who in parts), ladder)  # rulebook: Influence scoring, step 4
        for seat, vp in awards.items():
            if seat >= 0 and vp:
                if state.automa is not None and seat == 1:
                    state.automa.vp += vp
                else:
                    state.players[seat].vp += vp
        record["regions"][region] = {"influence": {str(s): v for v, s in parts}, "awards": {str(s): a for s, a in awards.items()}}
        if events is not None:
            ev(events, "scoring", None, scoring_text(state, period, region, parts, awards), region=region)
    state.period_log.append(record)
    if state.common_goals:
        common_goals().resolve(state, period, events)


def scoring_text(state: ZState, period: int, region: str, parts: list[tuple[int, int]],
                 awards: dict[int, int]) -> str:
    """The line of one region's influence scoring: influence per participant, then the VP won."""
    # i18n: The foreign companies (the neutral influence printed on the board) in a scoring line.
    foreign = M("foreign")
    # i18n: A participant and their influence in a scoring line ("Green 7").
    shares = [M("{who} {n}", who=foreign if s < 0 else name(state, s), n=v) for v, s in sorted(parts, reverse=True)]
    influence = listing(shares) if shares else M("no influence")
    # i18n: A participant and the VP they win in a scoring line ("Green +10").
    won = [M("{who} +{n}", who=name(state, s), n=a) for s, a in awards.items() if s >= 0 and a]
    if not won:
        return M("Period {period}, {region}: {influence}; no VP", period=period, region=region_name(region),
                 influence=influence)
    return M("Period {period}, {region}: {influence}; VP {awards}", period=period, region=region_name(region),
             influence=influence, awards=listing(won))
