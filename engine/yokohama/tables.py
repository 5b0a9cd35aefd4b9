"""Derived, read-only look-up tables over the Yokohama component data (built once per data set from
``data.load()``)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.core import components

from .data import AreaEffect, YokohamaData

#: The reward icons in the order they are resolved and printed.
REWARD_KEYS = ("vp", "yen", "copper", "silk", "tea", "fish", "ig", "any_good", "moves", "wh_assistant", "wh_shop",
               "free_agent")
#: Order levels by rank (a Port at power P allows levels up to ``area_effects`` ``by_power``).
LEVELS = ("low", "mid", "high")
#: Most layouts :meth:`Tables.placeable` and :meth:`Tables.near` remember (a game's layout is fixed
#: once revealed, so a few hundred games' worth is plenty).
_CACHE_LIMIT = 4096


def reward_dict(reward: Any) -> dict[str, int]:
    """A reward record as ``{icon: amount}`` without zero icons, in :data:`REWARD_KEYS` order."""
    raw = reward.model_dump() if hasattr(reward, "model_dump") else dict(reward)
    return {k: int(raw[k]) for k in REWARD_KEYS if raw.get(k)}


class Tables:
    """Fast views of the component data used by the rules (every number comes from ``data/*.json``)."""

    def __init__(self, data: YokohamaData) -> None:
        self.data = data
        self.n: dict[str, Any] = {r.key: r.value for r in data.rule_numbers}
        self.areas = {a.id: a for a in data.areas}
        self.area_ids = [a.id for a in data.areas]
        self.effects: dict[str, AreaEffect] = {e.kind: e for e in data.area_effects}
        self.layouts = {lay.players: lay for lay in data.layouts}
        self.adjacency: dict[int, dict[int, tuple[int, ...]]] = {}
        for lay in data.layouts:
            near: dict[int, list[int]] = {i: [] for i in range(len(lay.cells))}
            for a, b in lay.edges:
                near[a].append(b)
                near[b].append(a)
            self.adjacency[lay.players] = {i: tuple(sorted(v)) for i, v in near.items()}
        self.tiles = {t.id: t for t in data.building_tiles}
        self.tile_ids = [t.id for t in data.building_tiles]
        self.shop_rewards = {t.id: [reward_dict(r) for r in t.shops] for t in data.building_tiles}
        self.house_reward = {t.id: reward_dict(t.trading_house) for t in data.building_tiles}
        self.tokens = {t.id: t for t in data.power_tokens}
        self.token_reward = {t.id: reward_dict(t.reward) for t in data.power_tokens}
        self.achievements = {a.id: a for a in data.achievements}
        self.achievement_groups: dict[str, list[str]] = {}
        for achievement in data.achievements:
            self.achievement_groups.setdefault(achievement.group, []).append(achievement.id)
        self.church = sorted(data.church_spaces, key=lambda s: s.index)
        self.church_reward = [reward_dict(s.reward) for s in self.church]
        self.customs = sorted(data.customs_spaces, key=lambda s: s.index)
        self.customs_reward = [reward_dict(s.reward) for s in self.customs]
        self.lab_surcharge = [s.surcharge for s in sorted(data.lab_spaces, key=lambda s: s.index)]
        self.port_slots = len(data.port_spaces)
        self.techs = {t.id: t for t in data.technologies}
        self.tech_ids = [t.id for t in data.technologies]
        self.orders = {o.id: o for o in data.orders}
        self.order_ids = [o.id for o in data.orders]
        self.order_goods = {o.id: {g: int(n) for g, n in _items(o.goods) if n} for o in data.orders}
        self.order_reward = {o.id: reward_dict(o.reward) for o in data.orders}
        self.agents: dict[str, int] = {a.country: a.count for a in data.agents}
        self.reward_tokens = {r.id: r.country for r in data.reward_tokens}
        # Look-ups for the rules' hot paths (legal moves are listed at every decision).
        #: Area kind by board id; the Canal's board ids; technology name id by card id.
        self.kinds: dict[str, str] = {a.id: str(a.kind) for a in data.areas}
        self.canal = frozenset(a for a, k in self.kinds.items() if k == "canal")
        self.categories: dict[str, str] = {a.id: str(a.category) for a in data.areas}
        self.tech_names: dict[str, str] = {t.id: str(t.name) for t in data.technologies}
        self._placeable: dict[tuple[str | None, ...], tuple[str, ...]] = {}
        self._near: dict[tuple[int, tuple[str | None, ...]], dict[str, tuple[str, ...]]] = {}

    def boards(self, players: int) -> list[str]:
        """The area boards in play at ``players`` (Przygotowanie do gry, krok 1)."""
        return [a.id for a in self.data.areas if players in a.players]

    def kind(self, area: str) -> str:
        """The area kind of board ``area`` (``copper1`` → ``copper_mine``)."""
        return self.kinds[area]

    def placeable(self, layout: list[str | None]) -> tuple[str, ...]:
        """The boards of ``layout`` (layout cell order) that take assistants: all but the Canal.
        Cached per layout (a game's layout is fixed once its boards are revealed)."""
        key = tuple(layout)
        found = self._placeable.get(key)
        if found is None:
            if len(self._placeable) >= _CACHE_LIMIT:  # every game has its own layout: keep the cache small
                self._placeable.clear()
            found = self._placeable[key] = tuple(a for a in key if a and a not in self.canal)
        return found

    def near(self, players: int, layout: list[str | None]) -> dict[str, tuple[str, ...]]:
        """``{board: boards adjacent to it}`` for ``layout`` at ``players`` (adjacent cells in
        ascending cell order; cells not yet revealed are left out). Cached per layout."""
        key = (players, tuple(layout))
        found = self._near.get(key)
        if found is None:
            if len(self._near) >= _CACHE_LIMIT:
                self._near.clear()
            adj = self.adjacency[players]
            found = self._near[key] = {a: tuple(b for c in adj[cell] if (b := layout[c]))
                                       for cell, a in enumerate(layout) if a}
        return found

    def category(self, area: str) -> str:
        """``production``, ``commercial`` or ``none`` (the Canal)."""
        return self.categories[area]


def _items(goods: Any) -> list[tuple[str, int]]:
    raw = goods.model_dump() if hasattr(goods, "model_dump") else dict(goods)
    return [(k, int(v)) for k, v in raw.items() if v]


def _build(data: Any) -> Tables:
    """The :class:`Tables` of one data set."""
    return Tables(data)


#: ``tables()``: the :class:`Tables` of the data set in use (the shipped data unless a host selected a
#: table's own with :func:`engine.core.components.using`), built once per data set.
tables: Callable[[], Tables] = components.per_data("yokohama", _build)
