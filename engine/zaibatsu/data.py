"""Component data of Nippon: Zaibatsu, loaded from ``engine/zaibatsu/data/*.json``.

Every record carries ``source`` (where the value comes from: a rulebook section or example, the
research note it was collected in, or a URL) and ``confidence`` (``confirmed`` | ``likely`` |
``proposed``). Values no rulebook states (lost icons, component data the rules do not print) carry
a proposed value that agrees with every rule and worked example, and stay ``proposed``. Nothing
here is a rule: the rules live in the engine modules and read these records.

The files are validated with pydantic when loaded (:mod:`engine.core.components` raises
``DataError`` naming the file, the record and the field). :func:`load` gives the data set *in use*:
the shipped files, or the data set a host selected for a table (a table keeps the data it started
with; owners' corrections in ``MEIJI_DATA_DIR`` apply to new tables). Data sets shipped before are
kept in ``data/history`` (``LEGACY_DIGEST``: the data of tables stored before their data hash was
kept, revision 0006).
"""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path
from typing import Any, Literal, TypedDict

from pydantic import BaseModel, ConfigDict, Field, model_validator

from engine.core import components
from engine.core.majority import influence_value

Confidence = Literal["confirmed", "likely", "proposed"]
Colour = Literal["black", "red", "grey", "blue", "white", "yellow"]
GoodsType = Literal["cotton", "paper", "bento", "lenses", "bulbs", "clocks"]
ActionId = Literal[
    "rd", "mining", "factory", "machines", "production", "ships", "trains", "markets", "investments"
]
TrackId = Literal["rd", "mining", "finance"]
AreaRow = Literal["ships", "machines", "trains"]
GoalSlot = Literal["ships", "machines", "trains", "rd", "mining", "finance", "factories", "contracts"]

COLOURS: tuple[str, ...] = ("black", "red", "grey", "blue", "white", "yellow")
GOODS: tuple[str, ...] = ("cotton", "paper", "bento", "lenses", "bulbs", "clocks")
ACTIONS: tuple[str, ...] = (
    "rd", "mining", "factory", "machines", "production", "ships", "trains", "markets", "investments"
)
DATA_DIR = Path(__file__).parent / "data"


class Record(BaseModel):
    """Base of every data record: provenance is mandatory."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    source: str = Field(min_length=3)
    confidence: Confidence


# ---------------------------------------------------------------------------------------------
# Effects: a small closed vocabulary interpreted by engine/zaibatsu/effects.py.
# ---------------------------------------------------------------------------------------------
class Op(BaseModel):
    """One effect operation. ``op`` selects the meaning; the other fields are its parameters.

    ops: gain (money/coal/silk/iron/vp amounts) · track (track, steps) · dept (colour) · dept_any ·
    dept_choice (colours) · dept_worker · dept_expert · unlock (value) · build (what, count,
    different, double_slot_bonus) · build_extra (what, cost, different) · goods_here (n) ·
    goods_spread (n) · produce_here · trade_track (pay_track, pay, track, steps) · store_coal_here (n)
    · protect (max, items) · train_influence (value) · extra_steps (steps) ·
    reduce_production_coal (n) · region_bonus_of_train · gain_per_produced (amounts) ·
    goods_per_produced (n) · repeat_by_goal (goal, times_by_level, ops) · vp_per_factory_type (vp) ·
    mining_track_bonuses · money_per_machine (money, max) · vp_per_threshold (areas, which, vp, max)
    """

    model_config = ConfigDict(extra="forbid", frozen=True)
    op: Literal[
        "gain", "track", "dept", "dept_any", "dept_choice", "dept_worker", "dept_expert", "unlock",
        "build", "build_extra", "goods_here", "goods_spread", "produce_here", "trade_track",
        "store_coal_here", "protect", "train_influence", "extra_steps", "reduce_production_coal",
        "region_bonus_of_train", "gain_per_produced", "goods_per_produced", "repeat_by_goal",
        "vp_per_factory_type", "mining_track_bonuses", "money_per_machine", "vp_per_threshold",
    ]
    money: int = 0
    coal: int = 0
    silk: int = 0
    iron: int = 0
    vp: int = 0
    track: TrackId | None = None
    steps: int = 0
    colour: Colour | None = None
    colours: tuple[Colour, ...] = ()
    value: int = 0
    what: Literal["ship", "train", "machine", "any"] | None = None
    count: int = 1
    different: bool = False
    double_slot_bonus: bool = False
    cost: dict[Literal["money", "iron", "finance"], int] = Field(default_factory=dict)
    n: int = 0
    pay_track: TrackId | None = None
    pay: int = 0
    max: int = 0
    items: tuple[Literal["money", "coal"], ...] = ()
    goal: GoalSlot | None = None
    times_by_level: dict[int, int] = Field(default_factory=dict)
    ops: tuple[Op, ...] = ()
    areas: tuple[Literal["ships", "machines", "trains", "rd", "mining", "finance", "factories", "contracts"], ...] = ()
    which: Literal["lower", "any"] = "any"


class Bonus(BaseModel):
    """A bonus icon on a track space, an area column, a train slot, a region or a start tile B.

    Fields add up: resources, VP, Finance steps, a department bonus (``dept`` colour or
    ``dept_any``), a locked influence token to unlock, track steps.
    """

    model_config = ConfigDict(extra="forbid", frozen=True)
    money: int = 0
    coal: int = 0
    silk: int = 0
    iron: int = 0
    vp: int = 0
    finance: int = 0
    rd: int = 0
    mining: int = 0
    dept: Colour | None = None
    dept_any: bool = False
    unlock: int | None = None

    def is_empty(self) -> bool:
        """True when the bonus gives nothing."""
        return not (self.money or self.coal or self.silk or self.iron or self.vp or self.finance
                    or self.rd or self.mining or self.dept or self.dept_any or self.unlock)


# ---------------------------------------------------------------------------------------------
# Records
# ---------------------------------------------------------------------------------------------
class PlayerCount(Record):
    """Parameters that depend on the number of players (rulebook: Setup; Solo mode, Setup changes).
    ``players`` 1 = solo."""

    players: int = Field(ge=1, le=4)
    bag: int
    waiting_sections: tuple[Literal["top", "middle", "bottom"], ...]
    factories_per_type: int
    modern_factories: int
    upgrades_per_colour: int
    ship_slots: int
    train_slots: int
    market_limit: int
    start_pairs: int
    common_goals_per_period: int
    place_values_used: tuple[int, ...]  # indexes into a period's 4 VP values, in place order


class HiringSpace(Record):
    """A hiring space (H1 leftmost … H5 rightmost) and the actions printed under it."""

    id: str
    index: int = Field(ge=0, le=4)
    actions: tuple[ActionId, ...]


class WaitingRow(Record):
    """One row of the waiting area, top to bottom; ``cells`` workers fill it."""

    section: Literal["top", "middle", "bottom"]
    row: int = Field(ge=1)
    cells: int = Field(ge=1)


class RoundSpace(Record):
    """One space of the round track: rounds 1–5 dark (normal), 6–8 light (final)."""

    space: int = Field(ge=1)
    kind: Literal["dark", "light"]
    period: int = Field(ge=1, le=3)


class Period(Record):
    """A period: the round-track space that ends it and its four place values (1st–4th) in VP."""

    period: int = Field(ge=1, le=3)
    last_space: int
    values: tuple[int, int, int, int]


class Region(Record):
    """A region (R1 leftmost … R4) and its region bonus."""

    id: str
    index: int = Field(ge=0, le=3)
    name: str
    bonus: Bonus


class Market(Record):
    """A local market (city space). ``printed`` are the foreign influence values of slots N,E,S,W."""

    id: str
    region: str
    index: int = Field(ge=0, le=1)
    printed: tuple[int, int, int, int]


class TrainSlot(Record):
    """A train slot of every region, top (1) to bottom (7); usable from ``min_players`` players."""

    slot: int = Field(ge=1, le=7)
    min_players: int = Field(ge=1, le=4)
    bonus: Bonus


class DemandTile(Record):
    """A demand tile: the goods shown on its sides N, E, S, W (clockwise)."""

    id: str
    sides: tuple[GoodsType, GoodsType, GoodsType, GoodsType]


class Destination(Record):
    """An Iwakura mission destination with the colour of its expert and upgrade tiles."""

    id: str
    name: str
    colour: Colour
    ship_slots: int = 4


class DepartmentYield(BaseModel):
    """A department yield: a resource amount, VP, or the white track choice with ``steps``."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    kind: Literal["gain", "white"]
    resource: Literal["coal", "silk", "iron", "money", "vp"] | None = None
    amount: int = 0
    steps: int = 0


class Department(Record):
    """A department of the player board with its normal and upgraded yield."""

    colour: Colour
    name: str
    normal: DepartmentYield
    upgraded: DepartmentYield


class TrackSpace(Record):
    """One space of the R&D, Mining or Finance track (space 1 = start).

    ``value`` is the R&D level, the coal income or the money income of that space.
    """

    track: TrackId
    space: int = Field(ge=1)
    value: int
    bonus: Bonus | None = None
    threshold: Literal["lower", "upper"] | None = None


class WorkforceSlot(Record):
    """A workforce slot (1 = bottom). Grey slots give no department bonus; some show a prestige stack."""

    slot: int = Field(ge=1, le=6)
    grey: bool
    prestige_level: int | None = None


class AreaBonus(Record):
    """A bonus between the ship and machine rows (``ships-machines``) or machine and train rows."""

    between: Literal["ships-machines", "machines-trains"]
    column: int = Field(ge=1, le=6)
    bonus: Bonus


class AreaThreshold(Record):
    """Prestige thresholds of a ship/machine/train row: reached when that many pieces are built."""

    row: AreaRow
    lower: int
    upper: int


class SlotValues(Record):
    """Final-scoring values printed at a factory or contract slot, for prestige levels 1/2/3."""

    area: Literal["factories", "contracts"]
    slot: int = Field(ge=1)
    values: tuple[int, int, int]


class GoalSlotRecord(Record):
    """A personal-goals slot beside one area of the player board."""

    id: GoalSlot


class PrestigeLevel(Record):
    """Prestige tiles of one level: how many per player and their VP at the lower/upper threshold."""

    level: int = Field(ge=1, le=3)
    tiles: int
    lower_vp: int
    upper_vp: int


class InfluenceToken(Record):
    """One of a player's 10 influence tokens; ``locked`` ones start on the flag."""

    value: int = Field(ge=1, le=7)
    locked: bool


class InfluenceValue(Record):
    """Token value placed for 1, 2 or 3 goods of a goods level (printed on the board)."""

    level: int = Field(ge=1, le=3)
    values: tuple[int, int, int]


class Goods(Record):
    """A goods type: level, R&D level needed to build its factory, coal to produce."""

    id: GoodsType
    name: str
    level: int = Field(ge=1, le=3)
    rd_required: int
    production_coal: int


class FactorySide(Record):
    """One side (A or B) of a factory tile with its effect.

    ``kind``: instant (applied once when built), modifier (of ``action``, at ``trigger``), special
    (permanent). ``trigger`` for modifiers: activation (the action's first activation),
    machine_here, produce_here, action_end, contract (first contract fulfilled in the action),
    first_contract (the 1st activation fulfils a contract), first_two_contracts.
    """

    id: str  # e.g. "cotton1A"
    tile: str  # e.g. "cotton1"
    goods: GoodsType
    number: int = Field(ge=1, le=5)
    side: Literal["A", "B"]
    modern: bool = False
    kind: Literal["instant", "modifier", "special"]
    action: ActionId | None = None
    trigger: Literal[
        "activation", "machine_here", "produce_here", "action_end", "contract", "first_contract",
        "first_two_contracts",
    ] | None = None
    ops: tuple[Op, ...]
    text: str

    @model_validator(mode="after")
    def _modifier_fields(self) -> FactorySide:
        if self.kind == "modifier" and (self.action is None or self.trigger is None):
            raise ValueError(f"{self.id}: a modifier needs action and trigger")
        return self


class StartTile(Record):
    """A start tile side: A (effect + starting VP) or B (bonus)."""

    id: str  # A1..A8, B1..B8
    side: Literal["A", "B"]
    effect: Literal[
        "machine_reserve", "ship", "train", "two_goods", "old_factory", "worker_choice",
        "protected_coal", "cheap_factory",
    ] | None = None
    start_vp: int = 0
    bonus: Bonus | None = None
    text: str


class Contract(Record):
    """A contract tile: its bonus and, for special contracts, the goods level it requires."""

    id: str
    requires_level: int | None = None
    bonus: Bonus


class AutomaTile(Record):
    """A solo action tile: a hiring space's actions, or a worker tile with arrow and border."""

    id: str
    kind: Literal["space", "worker"]
    space: int | None = None
    arrow: Literal["left", "right"] | None = None
    border: Literal["green", "yellow", "red"] | None = None


class AutomaRow(Record):
    """A row of Takatoshi's influence tokens, used in ``period`` (values left to right)."""

    period: int = Field(ge=1, le=3)
    goods_level: int = Field(ge=1, le=3)
    values: tuple[int, ...]


class SoloGoal(Record):
    """A solo goal tile: the measure and the target to reach at game end."""

    id: str
    measure: str
    target: int
    text: str


class CommonGoal(Record):
    """A common goal tile of the module: the measure compared between players."""

    id: str
    measure: str
    text: str


class CommonGoalReward(Record):
    """Rewards of the common goals board: choices for periods I–II, fixed per slot in period III."""

    period: int = Field(ge=1, le=3)
    slot: int | None = None
    choices: tuple[Bonus, ...]


class Rating(Record):
    """A row of the solo rating table (minimum score and its name)."""

    min_score: int
    name: str


class RuleNumber(Record):
    """A number printed on the board or cards that the rules use (costs, sizes, rates)."""

    id: str
    value: int | tuple[int, ...] | dict[str, int]


class RuleNumbers(TypedDict):
    """The rule numbers by id with the shape each one has (``rule_numbers.json``): what
    ``Tables.n`` holds. Costs are money unless the name or a dict names the resources; steps,
    slots and rounds are counts."""

    rd_step_costs: tuple[int, ...]  # money for 1, 2, 3 steps in all
    mining_step_costs: tuple[int, ...]
    silk_boost_costs: tuple[int, ...]  # silk for 1, 2, 3 more R&D steps in all
    factory_cost: int
    cheap_factory_discount: int
    machine_cost: int
    machine_right_slot_extra: dict[str, int]
    transport_cost_iron: dict[str, int]
    transport_cost_money: dict[str, int]
    production_goods_base: int
    investment_finance_steps: int
    market_vp: int
    train_influence: int
    payday_per_colour: int
    consolidation_top_min_workers: int
    leftovers_per_vp: int
    money_per_vp: int
    goods_slots: int
    factory_slots: int
    contract_slots: int
    workforce_slots: int
    activation_limit: int
    final_turns: int
    normal_rounds: int
    hiring_refill_at_most: int
    hiring_setup_workers: int
    slot_reading_order: tuple[int, ...]  # 0-based slots in reading order
    solo_goal_slots: dict[str, int]
    solo_goal_tiles: dict[str, int]
    automa_train_influence: int


class ZaibatsuData(BaseModel):
    """All component data, validated. Attribute names match the JSON file names."""

    model_config = ConfigDict(frozen=True)
    player_counts: tuple[PlayerCount, ...]
    hiring_spaces: tuple[HiringSpace, ...]
    waiting_area: tuple[WaitingRow, ...]
    round_track: tuple[RoundSpace, ...]
    periods: tuple[Period, ...]
    regions: tuple[Region, ...]
    markets: tuple[Market, ...]
    train_slots: tuple[TrainSlot, ...]
    demand_tiles: tuple[DemandTile, ...]
    destinations: tuple[Destination, ...]
    departments: tuple[Department, ...]
    tracks: tuple[TrackSpace, ...]
    workforce: tuple[WorkforceSlot, ...]
    area_bonuses: tuple[AreaBonus, ...]
    area_thresholds: tuple[AreaThreshold, ...]
    slot_values: tuple[SlotValues, ...]
    goal_slots: tuple[GoalSlotRecord, ...]
    prestige: tuple[PrestigeLevel, ...]
    influence_tokens: tuple[InfluenceToken, ...]
    influence_values: tuple[InfluenceValue, ...]
    goods: tuple[Goods, ...]
    factories: tuple[FactorySide, ...]
    start_tiles: tuple[StartTile, ...]
    contracts: tuple[Contract, ...]
    automa_tiles: tuple[AutomaTile, ...]
    automa_rows: tuple[AutomaRow, ...]
    solo_goals: tuple[SoloGoal, ...]
    common_goals: tuple[CommonGoal, ...]
    common_goal_rewards: tuple[CommonGoalReward, ...]
    ratings: tuple[Rating, ...]
    rule_numbers: tuple[RuleNumber, ...]

    @model_validator(mode="after")
    def _consistent(self) -> ZaibatsuData:
        if sorted(h.index for h in self.hiring_spaces) != [0, 1, 2, 3, 4]:
            raise ValueError("hiring_spaces: need indexes 0-4")
        acts = Counter(a for h in self.hiring_spaces for a in h.actions)
        if set(acts) != set(ACTIONS) or max(acts.values()) != 1:
            raise ValueError("hiring_spaces: every action exactly once")
        if len(self.regions) != 4 or len(self.markets) != 8:
            raise ValueError("need 4 regions and 8 markets")
        region_ids = {r.id for r in self.regions}
        for m in self.markets:
            if m.region not in region_ids:
                raise ValueError(f"market {m.id}: unknown region {m.region}")
        if len(self.demand_tiles) != 9 or len(self.destinations) != 6:
            raise ValueError("need 9 demand tiles and 6 destinations")
        if sorted(d.colour for d in self.destinations) != sorted(COLOURS):
            raise ValueError("destinations: one per colour")
        for track in ("rd", "mining", "finance"):
            spaces = sorted(t.space for t in self.tracks if t.track == track)
            if spaces != list(range(1, len(spaces) + 1)) or not spaces:
                raise ValueError(f"track {track}: spaces must be 1..n")
        normal = [f for f in self.factories if not f.modern]
        if len(normal) != 48 or len({f.id for f in self.factories}) != len(self.factories):
            raise ValueError("factories: need 48 distinct normal sides")
        if len(self.influence_tokens) != 10:
            raise ValueError("need 10 influence tokens")
        for v in self.influence_values:
            if list(v.values) != [influence_value(v.level, c) for c in (1, 2, 3)]:
                raise ValueError(f"influence_values level {v.level}: not the printed 2 x (level - 1) + cubes")
        return self

    # Convenience look-ups -------------------------------------------------------------------
    def count(self, players: int) -> PlayerCount:
        """Player-count parameters for 1 (solo) to 4 players."""
        return next(p for p in self.player_counts if p.players == players)

    def number(self, key: str) -> Any:
        """The value of the rule number ``key`` (see rule_numbers.json)."""
        for r in self.rule_numbers:
            if r.id == key:
                return r.value
        raise KeyError(key)

    def goods_by_id(self) -> dict[str, Goods]:
        """Goods records by id."""
        return {g.id: g for g in self.goods}

    def factory_sides(self) -> dict[str, FactorySide]:
        """Factory sides by id (``cotton1A``)."""
        return {f.id: f for f in self.factories}

    def track(self, track: str) -> list[TrackSpace]:
        """Spaces of one track in order (index 0 = space 1)."""
        return sorted((t for t in self.tracks if t.track == track), key=lambda t: t.space)


def _read(name: str) -> Any:
    """The records of the shipped ``data/<name>.json``."""
    return json.loads((DATA_DIR / f"{name}.json").read_text(encoding="utf-8"))


#: Earlier shipped data sets (``<hash>.json.gz``), so games played with them still replay.
HISTORY_DIR = DATA_DIR / "history"
#: The data set of tables stored before their data hash was kept (the data shipped then).
LEGACY_DIGEST = "4451c1a69593b5d62d74b8177f79bc426bac604efe0ab86e9c5d3ef04823872a"
#: The fields that identify a record, for files whose records have no ``id``.
RECORD_KEYS: dict[str, tuple[str, ...]] = {
    "player_counts": ("players",), "waiting_area": ("section", "row"), "round_track": ("space",),
    "periods": ("period",), "train_slots": ("slot",), "departments": ("colour",), "tracks": ("track", "space"),
    "workforce": ("slot",), "area_bonuses": ("between", "column"), "area_thresholds": ("row",),
    "slot_values": ("area", "slot"), "prestige": ("level",), "influence_tokens": ("value", "locked"),
    "influence_values": ("level",), "automa_rows": ("period",), "common_goal_rewards": ("period", "slot"),
    "ratings": ("min_score",),
}
SOURCE = components.register_source("zaibatsu", DATA_DIR, ZaibatsuData, keys=RECORD_KEYS, history=HISTORY_DIR,
                                    legacy=LEGACY_DIGEST)


def load() -> ZaibatsuData:
    """The component data in use (validated): the data set selected for this game
    (:func:`engine.core.components.using`), by default the shipped files. Raises
    ``engine.core.components.DataError`` naming the first invalid record."""
    return components.model("zaibatsu")  # type: ignore[return-value]  # SOURCE validates into ZaibatsuData


def report() -> list[tuple[str, int, int, int]]:
    """Record counts per confidence, per component kind: ``(kind, confirmed, likely, proposed)``."""
    data = load()
    rows = []
    for name in ZaibatsuData.model_fields:
        records = getattr(data, name)
        c = Counter(r.confidence for r in records)
        rows.append((name, c["confirmed"], c["likely"], c["proposed"]))
    return rows
