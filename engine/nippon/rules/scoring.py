"""Podliczanie Punktów: influence per region, the foreign companies, and the VP of each regional scoring."""

from __future__ import annotations

from typing import Any

from engine.core import Event
from engine.core.majority import rank_groups, split_places

from ..state import NState
from ..tables import tables
from ..words import M, listing
from .basics import ev, name, region_name

FOREIGN = -1


def region_influence(state: NState, seat: int, region: str) -> int:
    """A player's influence in a region (Podliczanie Punktów): tiles + trains if ≥ 1 tile there."""
    tiles = sum(s[1] for c in state.cities if c.region == region for s in c.slots if s is not None and s[0] == seat)
    if tiles == 0:
        return 0
    return tiles + sum(x.value for x in state.transport[region] if x.kind == "train" and x.seat == seat)


def foreign_influence(state: NState, region: str) -> int:
    """The foreign companies' influence: printed numbers of the uncovered influence spaces."""
    t = tables()
    return sum(t.city_by_id[c.id].printed[i] for c in state.cities if c.region == region
               for i, s in enumerate(c.slots) if s is None)


def regional_scoring(state: NState, number: int, events: list[Event] | None) -> None:
    """Score every region: players with influence and the foreign companies (if any uncovered
    value) are ranked; ties split the VP of their places (rounded down; the foreign share is
    discarded); players whose group sits in 1st or 2nd place also score their ships there."""
    t = tables()
    values = t.scoring_values[number]
    record: dict[str, Any] = {"scoring": number, "regions": {}}
    ship_places = t.n["ship_places"]
    for region in t.region_ids:
        parts = [(p.seat, region_influence(state, p.seat, region)) for p in state.players]
        parts = [(s, v) for s, v in parts if v > 0]  # rules-notes N-10: 0 influence scores nothing
        # Podliczanie Punktów (Nippon rulebook): "Spółki Zagraniczne liczą się jako dodatkowy Gracz".
        foreign = foreign_influence(state, region)
        if foreign > 0:
            parts.append((FOREIGN, foreign))
        awards = split_places(parts, values)
        ships: dict[int, int] = {}
        # Podliczanie Punktów, Uwaga (Nippon rulebook): 1st and 2nd place (ties included) score ships.
        for place, group in rank_groups(parts):
            if place < ship_places:
                for s in group:
                    if s != FOREIGN:
                        ships[s] = sum(x.value for x in state.transport[region] if x.kind == "ship" and x.seat == s)
        for s, vp in awards.items():
            if s != FOREIGN:
                state.players[s].vp += vp + ships.get(s, 0)
        record["regions"][region] = {
            "influence": {str(s): v for s, v in parts},
            "awards": {str(s): a for s, a in awards.items()},
            "ships": {str(s): v for s, v in ships.items()},
        }
        if events is not None:
            ev(events, "scoring", None, scoring_text(state, number, region, parts, awards, ships), region=region,
               scoring=number, influence={str(s): v for s, v in parts}, awards={str(s): a for s, a in awards.items()},
               ships={str(s): v for s, v in ships.items()})
    state.scoring_log.append(record)
    state.scorings = number


def scoring_text(state: NState, number: int, region: str, parts: list[tuple[int, int]], awards: dict[int, int],
                 ships: dict[int, int]) -> str:
    """The line of one region's scoring: influence per competitor, then the VP won."""
    # i18n: The foreign companies (the neutral influence printed on the board) in a scoring line.
    foreign = M("foreign companies")
    # i18n: A competitor and their influence in a scoring line ("Red 7").
    shares = [M("{who} {n}", who=foreign if s == FOREIGN else name(state, s), n=v)
              for s, v in sorted(parts, key=lambda x: -x[1])]
    influence = listing(shares) if shares else M("no influence")
    won = []
    for s, a in awards.items():
        if s == FOREIGN or not (a or ships.get(s)):
            continue
        if ships.get(s):
            # i18n: A player's scoring VP and their ships' VP ("Red +11 +2 ships").
            won.append(M("{who} +{n} +{ships} ships", who=name(state, s), n=a, ships=ships[s]))
        else:
            won.append(M("{who} +{n}", who=name(state, s), n=a))
    if not won:
        return M("Scoring {number}, {region}: {influence}; no VP", number=number, region=region_name(region),
                 influence=influence)
    return M("Scoring {number}, {region}: {influence}; VP {awards}", number=number, region=region_name(region),
             influence=influence, awards=listing(won))
