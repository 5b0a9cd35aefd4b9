"""Component data of Yokohama (2024 Polish edition), loaded from ``engine/yokohama/data/*.json``.

Every record carries ``source`` (a URL, or ``"Yokohama rulebook (PL), <section heading>"``) and
``confidence`` (``confirmed`` | ``likely`` | ``proposed``); an optional ``note`` says why. The rulebook
text lost every value printed as an icon (building tiles, 5-power tokens, achievements, the Church and
Customs boards, technology costs and countries, orders): those values are a proposal consistent with
every rule and worked example and stay ``proposed`` (their note starts with ``PROPOSED``), so a checked
physical copy corrects them here, in one place. Nothing here is a rule: the rules read these records.

Units: money in yen (``3`` = 3 yen), VP as integers, trade goods (copper, silk, tea, fish) and imported
goods (IG) in tokens, production value (PV) of technologies as integers, power 1..5. Lists indexed by
power hold 5 values, for power 1..5. Board spaces are numbered from 1 (1 = leftmost).

A reward (:class:`Reward`) lists only its non-zero amounts: ``vp``, ``yen``, ``copper``, ``silk``,
``tea``, ``fish``, ``ig``, ``any_good`` (one trade good of the player's choice each), ``moves``
(assistant moves), ``wh_assistant`` (an assistant from the warehouse to hand, free), ``wh_shop`` (a shop
from the warehouse to hand, paying the shop price) and ``free_agent`` (a free agent token).

The files are validated with pydantic when loaded (:mod:`engine.core.components` raises ``DataError``
naming the file, the record and the field). :func:`load` gives the data set *in use*: the shipped files,
or the data set a host selected for a table (a table keeps the data it started with; owners' corrections
in ``MEIJI_DATA_DIR`` apply to new tables). Data sets shipped before are kept in ``data/history``
(``LEGACY_DIGEST``: the data of tables stored before their data hash was kept, revision 0006).
"""

from __future__ import annotations

import json
from collections import Counter, deque
from collections.abc import Iterator
from pathlib import Path
from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from engine.core import components

Confidence = Literal["confirmed", "likely", "proposed"]
Country = Literal["us", "nl", "uk", "fr", "de"]
GoodId = Literal["copper", "silk", "tea", "fish"]
Level = Literal["low", "mid", "high"]
Category = Literal["production", "commercial", "none"]
AreaKind = Literal["copper_mine", "fishery", "silk_mill", "tea_plantation", "bank", "chinatown", "church",
                   "customs_house", "employment_agency", "laboratory_a", "laboratory_b", "port_a", "port_b",
                   "canal"]
Effect = Literal["gain", "exchange", "church", "customs", "employment", "laboratory", "port"]
TechnologyName = Literal["ball", "brickworks", "stagecoach", "newspaper", "stock_exchange", "electric_lighting",
                         "gas_lighting", "spinning_mill", "station", "patent_system", "postal_system",
                         "language_school", "mining_technology", "telephone", "telegraph", "tram", "printing",
                         "university", "winery", "exhibition"]

#: Trade goods (miedź, jedwab, herbata, ryby).
GOODS: tuple[str, ...] = ("copper", "silk", "tea", "fish")
#: Countries in the order of the foreign-agent list (Amerykanie, Holender, Brytyjczycy, Francuzi, Niemcy).
COUNTRIES: tuple[str, ...] = ("us", "nl", "uk", "fr", "de")
#: Order levels, lowest first; a Port effect value is the index + 1 of the highest level allowed.
LEVELS: tuple[str, ...] = ("low", "mid", "high")
#: The 14 different area boards.
AREA_KINDS: tuple[str, ...] = ("copper_mine", "fishery", "silk_mill", "tea_plantation", "bank", "chinatown",
                               "church", "customs_house", "employment_agency", "laboratory_a", "laboratory_b",
                               "port_a", "port_b", "canal")
PRODUCTION_KINDS: tuple[str, ...] = ("copper_mine", "fishery", "silk_mill", "tea_plantation")
#: The 20 technology names (30 cards).
TECHNOLOGY_NAMES: tuple[str, ...] = ("ball", "brickworks", "stagecoach", "newspaper", "stock_exchange",
                                     "electric_lighting", "gas_lighting", "spinning_mill", "station",
                                     "patent_system", "postal_system", "language_school", "mining_technology",
                                     "telephone", "telegraph", "tram", "printing", "university", "winery",
                                     "exhibition")
#: Player counts.
PLAYER_COUNTS: tuple[int, ...] = (2, 3, 4)
#: The keys every rule_numbers.json must hold.
RULE_KEYS: tuple[str, ...] = (
    "start_money_first", "start_money_other", "hand_assistants", "warehouse_assistants", "hand_shops",
    "warehouse_shops", "warehouse_trading_houses", "start_goods_each", "orders_removed", "setup_order_draw",
    "order_hand_limit", "placement_a_max", "newspaper_a_max", "placement_b", "telegraph_extra", "max_power",
    "build_min_power", "placement_fee", "passing_fee", "canal_fee", "shop_cost", "trading_house_costs",
    "port_two_cost_yen", "port_two_cost_ig", "port_p5_vp", "lab_yen_per_pv", "lab_ig_per_pv", "lab_max_power_pv",
    "lab_extra_from_card", "lab_extra_yen", "lab_extra_ig", "church_pay_yen", "chinatown_prices",
    "chinatown_ig_price", "church_majority", "customs_majority", "technology_majority", "country_sets",
    "leftover_agent_vp", "leftover_ig_vp", "leftover_yen_per_vp", "leftover_goods_per_vp", "board_full",
    "ball_vp", "brickworks_vp", "electric_lighting_vp", "gas_lighting_vp", "winery_vp", "patent_vp",
    "printing_yen", "language_school_yen", "stock_exchange_to", "spinning_mill_yen", "university_cost",
    "exhibition_vp", "mining_extra", "reward_tokens_revealed", "free_agent_vp")
#: Where the JSON files live (one file per component kind, named as the YokohamaData fields).
DATA_DIR = Path(__file__).parent / "data"

RuleValue = int | list[int] | dict[str, int]


class Record(BaseModel):
    """What every data record carries: how sure the value is, where it comes from, and why."""

    model_config = ConfigDict(frozen=True, extra="forbid")
    confidence: Confidence
    source: str = Field(min_length=3)
    note: str | None = None

    @model_validator(mode="after")
    def _source_form(self) -> Record:
        s = self.source
        if not (s.startswith(("http://", "https://")) or s.startswith("Yokohama rulebook (PL), ")):
            raise ValueError(f"source must be a URL or 'Yokohama rulebook (PL), <section>': {s!r}")
        if self.confidence == "proposed" and "PROPOSED" not in (self.note or ""):
            raise ValueError("a proposed record needs a note saying what is PROPOSED")
        return self


class _Amounts(BaseModel):
    """Named non-negative amounts; the JSON lists only non-zero ones (an explicit 0 is refused)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    @model_validator(mode="after")
    def _no_zero(self) -> _Amounts:
        for name in self.model_fields_set:
            if getattr(self, name) == 0:
                raise ValueError(f"{name}: omit zero amounts")
        return self

    def as_dict(self) -> dict[str, int]:
        """The non-zero amounts, in field order."""
        return {k: v for k in type(self).model_fields if (v := getattr(self, k))}

    def items(self) -> Iterator[tuple[str, int]]:
        """``(name, amount)`` of the non-zero amounts."""
        return iter(self.as_dict().items())

    def __getitem__(self, key: str) -> int:
        if key not in type(self).model_fields:
            raise KeyError(key)
        return int(getattr(self, key))

    def get(self, key: str, default: int = 0) -> int:
        """The amount of ``key`` (``default`` for an unknown key)."""
        return int(getattr(self, key)) if key in type(self).model_fields else default

    def total(self) -> int:
        """The sum of all amounts."""
        return sum(self.as_dict().values())


class Reward(_Amounts):
    """What a space, tile, token or card gives (see the module docstring for the keys)."""

    vp: int = Field(0, ge=0)
    yen: int = Field(0, ge=0)
    copper: int = Field(0, ge=0)
    silk: int = Field(0, ge=0)
    tea: int = Field(0, ge=0)
    fish: int = Field(0, ge=0)
    ig: int = Field(0, ge=0)
    any_good: int = Field(0, ge=0)
    moves: int = Field(0, ge=0)
    wh_assistant: int = Field(0, ge=0)
    wh_shop: int = Field(0, ge=0)
    free_agent: int = Field(0, ge=0)


class Goods(_Amounts):
    """Trade goods demanded by an order."""

    copper: int = Field(0, ge=0)
    silk: int = Field(0, ge=0)
    tea: int = Field(0, ge=0)
    fish: int = Field(0, ge=0)


class Area(Record):
    """A physical area board (18): its kind, category and the player counts that use it."""

    id: str
    kind: AreaKind
    category: Category
    players: tuple[int, ...] = Field(min_length=1)
    building_tile: bool
    token_space: bool


class AreaEffect(Record):
    """What an area kind does at power 1..5 (``by_power[p - 1]``); ``good`` for ``gain`` areas.

    gain: goods (or yen) gained · exchange: Chinatown exchanges · church: faith from power · customs: most IG
    payable · employment: pieces from the warehouse · laboratory: PV from power · port: highest order level
    allowed (0 none, 1 low, 2 mid, 3 high).
    """

    kind: AreaKind
    effect: Effect
    by_power: tuple[int, int, int, int, int]
    good: Literal["copper", "fish", "silk", "tea", "yen"] | None = None


class Layout(Record):
    """The area layout for a player count: boards per row (top first), cells (row, col) in row-major
    order, and adjacent cell pairs ``(i, j)`` with ``i < j`` (indexes into ``cells``), sorted."""

    players: int = Field(ge=2, le=4)
    rows: tuple[int, ...]
    cells: tuple[tuple[int, int], ...]
    edges: tuple[tuple[int, int], ...]

    @model_validator(mode="after")
    def _shape(self) -> Layout:
        if list(self.cells) != [(r, i) for r, n in enumerate(self.rows) for i in range(n)]:
            raise ValueError(f"layout {self.players}: cells must list every (row, col) in row-major order")
        if list(self.edges) != sorted(set(self.edges)):
            raise ValueError(f"layout {self.players}: edges sorted and distinct")
        for i, j in self.edges:
            if not 0 <= i < j < len(self.cells):
                raise ValueError(f"layout {self.players}: bad edge {(i, j)}")
        return self

    def neighbours(self) -> dict[int, tuple[int, ...]]:
        """Adjacent cell indexes of every cell index."""
        out: dict[int, list[int]] = {k: [] for k in range(len(self.cells))}
        for i, j in self.edges:
            out[i].append(j)
            out[j].append(i)
        return {k: tuple(sorted(v)) for k, v in out.items()}


class BuildingTile(Record):
    """A building tile: the reward of each shop space (left to right) and of the trading-house space."""

    id: str
    shops: tuple[Reward, ...] = Field(min_length=1)
    trading_house: Reward


class PowerToken(Record):
    """A 5-power token and its reward; ``expansion="free_agents"`` for mini-expansion 2 tokens."""

    id: str
    reward: Reward
    expansion: Literal["free_agents"] | None = None


class GoodsCondition(BaseModel):
    """Hold ``n`` of a trade good."""

    model_config = ConfigDict(frozen=True, extra="forbid")
    kind: Literal["goods"]
    good: GoodId
    n: int = Field(ge=1)


class CountCondition(BaseModel):
    """Own ``n`` technologies / fulfilled orders / imported goods / 5-power tokens."""

    model_config = ConfigDict(frozen=True, extra="forbid")
    kind: Literal["technologies", "orders", "ig", "power_tokens"]
    n: int = Field(ge=1)


class BuildingsCondition(BaseModel):
    """Have a building (shop or trading house) in that many different production areas, commercial areas
    and further areas of any category."""

    model_config = ConfigDict(frozen=True, extra="forbid")
    kind: Literal["buildings"]
    production: int = Field(ge=0)
    commercial: int = Field(ge=0)
    any: int = Field(ge=0)


Condition = Annotated[GoodsCondition | CountCondition | BuildingsCondition, Field(discriminator="kind")]


class Achievement(Record):
    """An achievement tile: its condition, VP for the first and for later players, spaces, English text."""

    id: str
    group: Literal["A", "B", "C"]
    condition: Condition
    first: int = Field(ge=0)
    later: int = Field(ge=0)
    spaces: int = Field(ge=1)
    text: str


class ChurchSpace(Record):
    """A Church board space (1 = leftmost): faith needed (at most), reward, blocked in 2-player games."""

    index: int = Field(ge=1)
    faith: int = Field(ge=1)
    reward: Reward
    neutral_2p: bool


class CustomsSpace(Record):
    """A Customs board space (1 = leftmost): imported goods paid (exactly), reward, blocked in 2-player games."""

    index: int = Field(ge=1)
    ig: int = Field(ge=1)
    reward: Reward
    neutral_2p: bool


class LabSpace(Record):
    """A Laboratory board space (1 = leftmost) and the PV surcharge of a card lying on it."""

    index: int = Field(ge=1)
    surcharge: int = Field(ge=0)


class PortSpace(Record):
    """An order space of a Port board (1 = leftmost)."""

    index: int = Field(ge=1)


class Technology(Record):
    """A technology card: name id, printed production value, country, English title, Polish name."""

    id: str
    name: TechnologyName
    value: int = Field(ge=1)
    country: Country
    title: str
    polish: str


class Order(Record):
    """An order card: level, country, trade goods to spend, reward."""

    id: str
    level: Level
    country: Country
    goods: Goods
    reward: Reward


class Agents(Record):
    """How many foreign agent tokens of a country the supply holds."""

    country: Country
    count: int = Field(ge=1)


class RewardToken(Record):
    """An achievement reward token (mini-expansion 1): its country symbol (each also gives a free agent)."""

    id: str
    country: Country


class RuleNumber(Record):
    """A number of the rules (costs, sizes, start values, scoring tables)."""

    key: str
    value: RuleValue


class YokohamaData(BaseModel):
    """All component data, validated. Attribute names match the JSON file names."""

    model_config = ConfigDict(frozen=True)
    areas: tuple[Area, ...]
    area_effects: tuple[AreaEffect, ...]
    layouts: tuple[Layout, ...]
    building_tiles: tuple[BuildingTile, ...]
    power_tokens: tuple[PowerToken, ...]
    achievements: tuple[Achievement, ...]
    church_spaces: tuple[ChurchSpace, ...]
    customs_spaces: tuple[CustomsSpace, ...]
    lab_spaces: tuple[LabSpace, ...]
    port_spaces: tuple[PortSpace, ...]
    technologies: tuple[Technology, ...]
    orders: tuple[Order, ...]
    agents: tuple[Agents, ...]
    reward_tokens: tuple[RewardToken, ...]
    rule_numbers: tuple[RuleNumber, ...]

    @model_validator(mode="after")
    def _consistent(self) -> YokohamaData:
        self._check_rule_numbers()
        self._check_areas()
        self._check_layouts()
        self._check_boards()
        self._check_cards()
        return self

    def _check_areas(self) -> None:
        ids = [a.id for a in self.areas]
        if len(ids) != len(set(ids)):
            raise ValueError("areas: duplicate id")
        if {a.kind for a in self.areas} != set(AREA_KINDS):
            raise ValueError("areas: every one of the 14 kinds")
        for a in self.areas:
            if not set(a.players) <= set(PLAYER_COUNTS):
                raise ValueError(f"area {a.id}: players among 2, 3, 4")
            if 4 not in a.players or list(a.players) != sorted(set(a.players)):
                raise ValueError(f"area {a.id}: players sorted, always including 4")
            production = a.kind in PRODUCTION_KINDS
            if a.kind == "canal":
                if a.category != "none" or a.building_tile or a.token_space:
                    raise ValueError("area canal: no category, no building tile, no token space")
            elif a.category != ("production" if production else "commercial") or not a.building_tile:
                raise ValueError(f"area {a.id}: category and building tile")
        effects = [e.kind for e in self.area_effects]
        if sorted(effects) != sorted(k for k in AREA_KINDS if k != "canal"):
            raise ValueError("area_effects: one record per area kind except the canal")
        for e in self.area_effects:
            if (e.effect == "gain") != (e.good is not None):
                raise ValueError(f"area_effects {e.kind}: a good exactly for gain effects")
            if e.effect == "port" and max(e.by_power) > len(LEVELS):
                raise ValueError(f"area_effects {e.kind}: port level above high")
        tiles_needed = sum(1 for a in self.areas if a.building_tile)
        if len(self.building_tiles) < tiles_needed:
            raise ValueError("building_tiles: fewer than the areas holding one")
        tokens_needed = sum(1 for a in self.areas if a.token_space)
        if sum(1 for t in self.power_tokens if t.expansion is None) < tokens_needed:
            raise ValueError("power_tokens: fewer base tokens than token spaces")

    def _check_layouts(self) -> None:
        if sorted(lay.players for lay in self.layouts) != list(PLAYER_COUNTS):
            raise ValueError("layouts: one per player count 2, 3, 4")
        for lay in self.layouts:
            in_play = sum(1 for a in self.areas if lay.players in a.players)
            if len(lay.cells) != in_play:
                raise ValueError(f"layout {lay.players}: {len(lay.cells)} cells for {in_play} area boards")
            nb = lay.neighbours()
            seen, todo = {0}, deque([0])
            while todo:
                for j in nb[todo.popleft()]:
                    if j not in seen:
                        seen.add(j)
                        todo.append(j)
            if len(seen) != len(lay.cells):
                raise ValueError(f"layout {lay.players}: not connected")

    def _check_boards(self) -> None:
        full = self.number("board_full")
        need = max(full.values()) if isinstance(full, dict) else 0
        extra = self.number("lab_extra_from_card")
        if not isinstance(extra, int):
            raise ValueError("rule_numbers lab_extra_from_card: an integer")
        for name, spaces in (("church_spaces", self.church_spaces), ("customs_spaces", self.customs_spaces)):
            if [s.index for s in spaces] != list(range(1, len(spaces) + 1)):
                raise ValueError(f"{name}: indexes 1..n in order")
            if len(spaces) < need:
                raise ValueError(f"{name}: fewer spaces than the end condition counts")
            if not any(s.neutral_2p for s in spaces):
                raise ValueError(f"{name}: the 2-player mode blocks at least one space")
        faith = [s.faith for s in self.church_spaces]
        if faith != sorted(faith):
            raise ValueError("church_spaces: faith thresholds rise left to right")
        ig = [s.ig for s in self.customs_spaces]
        max_ig = max(e.by_power[-1] for e in self.area_effects if e.effect == "customs")
        if ig != sorted(ig) or max(ig) > max_ig:
            raise ValueError("customs_spaces: imported goods rise left to right, at most the power-5 amount")
        for name, indexed in (("lab_spaces", self.lab_spaces), ("port_spaces", self.port_spaces)):
            if [s.index for s in indexed] != list(range(1, len(indexed) + 1)):
                raise ValueError(f"{name}: indexes 1..n in order")
        surcharged = [s.surcharge > 0 for s in self.lab_spaces]
        if len(surcharged) < extra or surcharged != [False] * (len(surcharged) - extra) + [True] * extra:
            raise ValueError("lab_spaces: exactly the last 4 spaces carry a surcharge")

    def _check_cards(self) -> None:
        for name in ("building_tiles", "power_tokens", "achievements", "technologies", "orders", "reward_tokens"):
            ids = [r.id for r in getattr(self, name)]
            if len(ids) != len(set(ids)):
                raise ValueError(f"{name}: duplicate id")
        for t in self.power_tokens:
            base = t.expansion is None
            if base != t.id.startswith("P") or (t.reward.free_agent > 0) == base:
                raise ValueError(f"power token {t.id}: P tokens are base, X tokens give a free agent")
        for a in self.achievements:
            expected = {"A": ("goods",), "B": ("technologies", "orders", "ig", "power_tokens"), "C": ("buildings",)}
            if not a.id.startswith(a.group) or a.condition.kind not in expected[a.group]:
                raise ValueError(f"achievement {a.id}: condition does not fit group {a.group}")
            if a.later > a.first:
                raise ValueError(f"achievement {a.id}: the first player scores at least as much as later ones")
        if set(Counter(t.name for t in self.technologies)) != set(TECHNOLOGY_NAMES):
            raise ValueError("technologies: every one of the 20 names")
        for o in self.orders:
            if o.id[0] != o.level[0].upper() or not o.goods.total():
                raise ValueError(f"order {o.id}: id letter must match the level, goods not empty")
        if sorted(a.country for a in self.agents) != sorted(COUNTRIES):
            raise ValueError("agents: one record per country")

    def _check_rule_numbers(self) -> None:
        keys = [r.key for r in self.rule_numbers]
        if len(keys) != len(set(keys)):
            raise ValueError("rule_numbers: duplicate key")
        missing = set(RULE_KEYS) - set(keys)
        if missing:
            raise ValueError(f"rule_numbers: missing {sorted(missing)}")
        for key in ("orders_removed", "board_full"):
            value = self.number(key)
            if not isinstance(value, dict) or sorted(value) != [str(n) for n in PLAYER_COUNTS]:
                raise ValueError(f"rule_numbers {key}: one value per player count '2', '3', '4'")
        sets = self.number("country_sets")
        if not isinstance(sets, list) or len(sets) != len(COUNTRIES):
            raise ValueError("rule_numbers country_sets: VP for 1..5 different countries")
        prices = self.number("chinatown_prices")
        if not isinstance(prices, dict) or sorted(prices) != sorted(GOODS):
            raise ValueError("rule_numbers chinatown_prices: one price per trade good")

    def number(self, key: str) -> RuleValue:
        """The value of rule number ``key`` (a copy for lists and dicts); raises ``KeyError``."""
        for r in self.rule_numbers:
            if r.key == key:
                v = r.value
                return list(v) if isinstance(v, list) else dict(v) if isinstance(v, dict) else v
        raise KeyError(key)

    def area(self, area_id: str) -> Area:
        """The area board ``area_id``; raises ``KeyError``."""
        for a in self.areas:
            if a.id == area_id:
                return a
        raise KeyError(area_id)

    def effect(self, kind: str) -> AreaEffect:
        """The effect of area kind ``kind``; raises ``KeyError`` (the canal has none)."""
        for e in self.area_effects:
            if e.kind == kind:
                return e
        raise KeyError(kind)

    def layout(self, players: int) -> Layout:
        """The layout for ``players`` players; raises ``KeyError``."""
        for lay in self.layouts:
            if lay.players == players:
                return lay
        raise KeyError(players)

    def areas_in_play(self, players: int) -> tuple[Area, ...]:
        """The area boards used with ``players`` players, in file order."""
        return tuple(a for a in self.areas if players in a.players)


def _read(name: str) -> list[dict[str, object]]:
    """The records of the shipped ``data/<name>.json``."""
    return json.loads((DATA_DIR / f"{name}.json").read_text(encoding="utf-8"))


#: Earlier shipped data sets (``<hash>.json.gz``), so games played with them still replay.
HISTORY_DIR = DATA_DIR / "history"
#: The data set of tables stored before their data hash was kept (the data shipped then).
LEGACY_DIGEST = "8b31ec246ee9353e24506126b5f6b82f040065e3b9c6f30d9b368597f852c486"
#: The fields that identify a record, for files whose records have no ``id``.
RECORD_KEYS: dict[str, tuple[str, ...]] = {
    "area_effects": ("kind", "effect"), "layouts": ("players",), "church_spaces": ("index",),
    "customs_spaces": ("index",), "lab_spaces": ("index",), "port_spaces": ("index",), "agents": ("country",),
    "rule_numbers": ("key",),
}
SOURCE = components.register_source("yokohama", DATA_DIR, YokohamaData, keys=RECORD_KEYS, history=HISTORY_DIR,
                                    legacy=LEGACY_DIGEST)


def load() -> YokohamaData:
    """The component data in use (validated): the data set selected for this game
    (:func:`engine.core.components.using`), by default the shipped files. Raises
    ``engine.core.components.DataError`` naming the first invalid record."""
    return components.model("yokohama")  # type: ignore[return-value]  # SOURCE validates into YokohamaData


def number(key: str) -> RuleValue:
    """The value of rule number ``key`` from rule_numbers.json (lists and dicts are copies); raises
    ``KeyError``."""
    return load().number(key)


def report() -> list[tuple[str, int, int, int]]:
    """Record counts per confidence, per component kind: ``(kind, confirmed, likely, proposed)``."""
    data = load()
    rows = []
    for name in YokohamaData.model_fields:
        c = Counter(r.confidence for r in getattr(data, name))
        rows.append((name, c["confirmed"], c["likely"], c["proposed"]))
    return rows
