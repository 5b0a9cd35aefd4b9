"""Derived look-up tables over the component data (built once from ``data.load()``)."""

from __future__ import annotations

from functools import cache
from typing import Any

from .data import ZaibatsuData, load


class Tables:
    """Fast, read-only views of the component data used by the rules."""

    def __init__(self, data: ZaibatsuData) -> None:
        self.data = data
        self.goods = data.goods_by_id()
        self.sides = data.factory_sides()
        self.hiring = sorted(data.hiring_spaces, key=lambda h: h.index)
        self.regions = sorted(data.regions, key=lambda r: r.index)
        self.region_ids = [r.id for r in self.regions]
        self.region_by_id = {r.id: r for r in self.regions}
        self.markets = sorted(data.markets, key=lambda m: (self.region_ids.index(m.region), m.index))
        self.market_by_id = {m.id: m for m in self.markets}
        self.demand = {t.id: t.sides for t in data.demand_tiles}
        self.destinations = list(data.destinations)
        self.dest_by_id = {d.id: d for d in data.destinations}
        self.departments = {d.colour: d for d in data.departments}
        self.track = {t: data.track(t) for t in ("rd", "mining", "finance")}
        self.train_slots = sorted(data.train_slots, key=lambda t: t.slot)
        self.workforce = sorted(data.workforce, key=lambda w: w.slot)
        self.area_bonus = {(a.between, a.column): a.bonus for a in data.area_bonuses}
        self.area_threshold = {a.row: a for a in data.area_thresholds}
        self.slot_values = {(s.area, s.slot): s.values for s in data.slot_values}
        self.prestige = {p.level: p for p in data.prestige}
        self.influence = {v.level: v.values for v in data.influence_values}
        self.start = {s.id: s for s in data.start_tiles}
        self.contracts = {c.id: c for c in data.contracts}
        self.periods = sorted(data.periods, key=lambda p: p.period)
        self.round_space = {r.space: r for r in data.round_track}
        self.goal_ids = [g.id for g in data.goal_slots]
        self.waiting_rows = sorted(data.waiting_area, key=lambda r: r.row)
        self.n = {r.id: r.value for r in data.rule_numbers}
        self._counts = {p.players: p for p in data.player_counts}

    def count(self, players: int) -> Any:
        """Player-count parameters (1 = solo)."""
        return self._counts[players]

    def threshold_space(self, track: str, which: str) -> int:
        """Space number of the lower/upper threshold of a track."""
        for s in self.track[track]:
            if s.threshold == which:
                return s.space
        raise KeyError((track, which))

    def period_of_space(self, space: int) -> int:
        """Period (1..3) that a round-track space belongs to."""
        return self.round_space[space].period


@cache
def tables() -> Tables:
    """The shared :class:`Tables` instance."""
    return Tables(load())
