"""Derived, read-only look-up tables over the Nippon component data (built once per data set from
``data.load()``)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.core import components

from .data import GOODS, TRACKS, ActionRecord, FactoryTile, Goods, NipponData, PlayerCount, WorkerRows


class Tables:
    """Fast views of the component data used by the rules (all numbers come from ``data/*.json``)."""

    def __init__(self, data: NipponData) -> None:
        self.data = data
        self.n = {r.id: r.value for r in data.rule_numbers}
        self.goods: dict[str, Goods] = {g.id: g for g in data.goods}
        self.goods_index = {g: i for i, g in enumerate(GOODS)}
        self.colours = tuple(w.colour for w in data.workers)
        self.colour_count = {w.colour: w.count for w in data.workers}
        self.spaces = sorted(data.action_spaces, key=lambda s: s.index)
        self.actions: dict[str, ActionRecord] = {a.id: a for a in data.actions}
        self.track_spaces = list(data.scoring_track)
        self.golden = [s.space for s in data.scoring_track if s.golden]
        self.scoring_values = {s.scoring: s.values for s in data.scoring_values}
        self.regions = sorted(data.regions, key=lambda r: r.index)
        self.region_ids = [r.id for r in self.regions]
        self.region_by_id = {r.id: r for r in self.regions}
        self.cities = sorted(data.cities, key=lambda c: (self.region_ids.index(c.region), c.index))
        self.city_by_id = {c.id: c for c in self.cities}
        self.city_tiles = {t.id: t.goods for t in data.city_tiles}
        self.factories = {f.id: f for f in data.factories}
        self.factory_ids = [f.id for f in sorted(data.factories, key=lambda f: (self.goods_index[f.goods], f.number))]
        self.contracts = {c.id: c for c in data.contracts}
        self.contract_ids = [c.id for c in data.contracts]
        self.influence_tiles = sorted(t.value for t in data.influence_tiles)
        self.achievements = {a.id: a for a in data.achievements}
        self.achievement_ids = [a.id for a in data.achievements]
        self.worker_levels = {w.index: w.reward_level for w in data.worker_spaces}
        self.money_icons = list(data.money_icons)
        self.transport_stars: dict[tuple[str, int], int] = {(s.row, s.index): s.stars for s in data.transport_spaces}
        self.multipliers = sorted({r.multiplier for r in data.reward_tiles})
        self.reward_kinds = ("blueprints", "coal", "money")
        self.reward_bonus = {(r.multiplier, r.bonus.kind()): r.bonus for r in data.reward_tiles}
        # Track positions -> value (the number at or below) and stars (player board).
        self.track_len: dict[str, int] = {}
        self.track_value: dict[str, list[int]] = {}
        self.track_stars: dict[str, list[int]] = {}  # cumulative stars reached at each index
        for track in TRACKS:
            spaces = sorted((s for s in data.tracks if s.track == track), key=lambda s: s.index)
            values, stars, last, count = [], [], 0, 0
            for s in spaces:
                last = s.number if s.number is not None else last
                count += 1 if s.star else 0
                values.append(last)
                stars.append(count)
            self.track_len[track] = len(spaces)
            self.track_value[track] = values
            self.track_stars[track] = stars
        self._counts = {p.players: p for p in data.player_counts}
        self._rows = {r.players: r for r in data.worker_rows}

    def count(self, players: int) -> PlayerCount:
        """Player-count parameters (2–4)."""
        return self._counts[players]

    def rows(self, players: int) -> WorkerRows:
        """Worker rows used at ``players`` and their size."""
        return self._rows[players]

    def factory(self, tile: str) -> FactoryTile:
        """A factory tile record by id (``SI-3``)."""
        return self.factories[tile]

    def cumulative(self, action: str) -> tuple[int, ...]:
        """Cumulative prices (thousand yen) of 1..n repetitions of ``action``."""
        return self.actions[action].prices


def _build(data: Any) -> Tables:
    """The :class:`Tables` of one data set."""
    return Tables(data)


#: ``tables()``: the :class:`Tables` of the data set in use (the shipped data unless a host selected a
#: table's own with :func:`engine.core.components.using`), built once per data set.
tables: Callable[[], Tables] = components.per_data("nippon", _build)
