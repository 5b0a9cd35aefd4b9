"""Derived look-up tables over the component data (built once per data set from ``data.load()``)."""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from typing import Any, cast

from engine.core import components

from .data import ACTIONS, AreaThreshold, Bonus, Department, RuleNumbers, ZaibatsuData


class Tables:
    """Fast, read-only views of the component data used by the rules."""

    def __init__(self, data: ZaibatsuData) -> None:
        self.data = data
        self.goods = data.goods_by_id()
        self.sides = data.factory_sides()
        self.hiring = sorted(data.hiring_spaces, key=lambda h: h.index)
        self.hiring_actions = [tuple(h.actions) for h in self.hiring]
        self.regions = sorted(data.regions, key=lambda r: r.index)
        self.region_ids = [r.id for r in self.regions]
        self.region_by_id = {r.id: r for r in self.regions}
        self.markets = sorted(data.markets, key=lambda m: (self.region_ids.index(m.region), m.index))
        self.market_by_id = {m.id: m for m in self.markets}
        self.demand = {t.id: t.sides for t in data.demand_tiles}
        self.destinations = list(data.destinations)
        self.dest_by_id = {d.id: d for d in data.destinations}
        self.dest_ids = [d.id for d in self.destinations]
        self.departments: dict[str, Department] = {d.colour: d for d in data.departments}
        self.track = {t: data.track(t) for t in ("rd", "mining", "finance")}
        self.train_slots = sorted(data.train_slots, key=lambda t: t.slot)
        self.workforce = sorted(data.workforce, key=lambda w: w.slot)
        self.area_bonus: dict[tuple[str, int], Bonus] = {(a.between, a.column): a.bonus for a in data.area_bonuses}
        self.area_threshold: dict[str, AreaThreshold] = {a.row: a for a in data.area_thresholds}
        self.slot_values: dict[tuple[str, int], tuple[int, int, int]] = {
            (s.area, s.slot): s.values for s in data.slot_values
        }
        self.prestige = {p.level: p for p in data.prestige}
        self.influence = {v.level: v.values for v in data.influence_values}
        self.start = {s.id: s for s in data.start_tiles}
        self.contracts = {c.id: c for c in data.contracts}
        self.periods = sorted(data.periods, key=lambda p: p.period)
        self.round_space = {r.space: r for r in data.round_track}
        self.goal_ids = [g.id for g in data.goal_slots]
        self.waiting_rows = sorted(data.waiting_area, key=lambda r: r.row)
        # The shapes are those RuleNumbers declares (a test checks the shipped data against it).
        self.n = cast(RuleNumbers, {r.id: r.value for r in data.rule_numbers})
        self._counts = {p.players: p for p in data.player_counts}
        # Derived look-ups for the rules' hot paths (legal actions, existence checks).
        #: R&D needed to build each factory side (its goods' ``rd_required``).
        self.side_rd = {s.id: self.goods[s.goods].rd_required for s in self.sides.values()}
        #: The action each modifier side modifies (other sides are absent).
        self.modifier_action = {s.id: s.action for s in self.sides.values() if s.kind == "modifier"}
        #: Coal one production costs, by goods type.
        self.production_coal = {g: rec.production_coal for g, rec in self.goods.items()}
        #: Activations per action: one for R&D, Mining and Factory, else the rule number.
        self.activation_limit = {
            a: 1 if a in ("rd", "mining", "factory") else self.n["activation_limit"] for a in ACTIONS
        }
        #: The goods next to each influence slot (N, E, S, W) of a demand tile turned ``rotation`` times.
        self.slot_goods = {
            (tile, rotation): tuple(sides[(slot - rotation) % 4] for slot in range(4))
            for tile, sides in self.demand.items() for rotation in range(4)
        }
        #: The influence token values 1, 2 or 3 goods of a type are worth.
        self.goods_influence = {g: self.influence[rec.level] for g, rec in self.goods.items()}
        #: The cheapest step of the R&D and Mining actions.
        self.min_step_cost = {"rd": min(self.n["rd_step_costs"]), "mining": min(self.n["mining_step_costs"])}
        #: A ship's or train's cost as ``(iron, money)``, paid in iron or in money (and iron).
        self.transport_costs = tuple(
            (c.get("iron", 0), c.get("money", 0))
            for c in (self.n["transport_cost_iron"], self.n["transport_cost_money"])
        )
        #: Silk paid to raise R&D by 0, 1, 2 … steps for one factory build.
        self.silk_boosts = (0, *self.n["silk_boost_costs"])
        #: 0-based indexes of the train slots open at each player count (1 = solo).
        self.open_train_slots = {
            n: tuple(ts.slot - 1 for ts in self.train_slots if ts.min_players <= n) for n in self._counts
        }
        #: Rule numbers the existence checks read at every turn, as attributes.
        self.workforce_slots: int = self.n["workforce_slots"]
        self.factory_slots: int = self.n["factory_slots"]
        self.machine_cost: int = self.n["machine_cost"]
        #: A factory's cost by the player's start tile A (start tile A with ``cheap_factory`` pays
        #: less; any other tile, or none yet, the full cost: look up with ``.get(start_a, factory_cost)``).
        self.factory_cost: int = self.n["factory_cost"]
        self.factory_cost_by_start = {
            s.id: self.factory_cost - self.n["cheap_factory_discount"]
            for s in data.start_tiles if s.effect == "cheap_factory"
        }
        #: Ship slots per destination and tokens per local market, by player count (1 = solo).
        self.ship_slots = {n: c.ship_slots for n, c in self._counts.items()}
        self.market_limit = {n: c.market_limit for n, c in self._counts.items()}
        #: Values the rules derive from this data set on first use (e.g. each hiring space's checks).
        self.memo: dict[str, Any] = {}

    @cache  # noqa: B019 - one Tables object lives for the whole process
    def special_values(self, op_name: str, attr: str) -> dict[str, int]:
        """For each special factory side with ops ``op_name``: the largest ``attr`` among them."""
        out: dict[str, int] = {}
        for side in self.sides.values():
            if side.kind == "special":
                for op in side.ops:
                    if op.op == op_name:
                        value = getattr(op, attr)
                        out[side.id] = max(out[side.id], value) if side.id in out else value
        return out

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


def _build(data: Any) -> Tables:
    """The :class:`Tables` of one data set."""
    return Tables(data)


#: ``tables()``: the :class:`Tables` of the data set in use (the shipped data unless a host selected a
#: table's own with :func:`engine.core.components.using`), built once per data set.
tables: Callable[[], Tables] = components.per_data("zaibatsu", _build)
