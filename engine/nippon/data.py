"""Component data of Nippon (2015), loaded from ``engine/nippon/data/*.json``.

Every record carries ``source`` (a URL, or ``"Nippon rulebook (PL), <section name>"``) and
``confidence`` (``confirmed`` | ``likely`` | ``proposed``); an optional ``note`` says why. Values no
source confirms (the rulebook text lost its icons) are a proposal consistent with every rule and
example and stay ``proposed`` (they are all in these files, so a checked physical copy corrects
them in one place). Nothing here is a rule: the
rules live in :mod:`engine.nippon.rules` and read these records through :mod:`.tables`.

Units: money in thousands of yen (``12`` = 12,000 yen), coal and goods in cubes, VP as integers,
track positions as 0-based space indexes (index 0 = start space).

The files are validated with pydantic when loaded (:mod:`engine.core.components` raises
``DataError`` naming the file, the record and the field). :func:`load` gives the data set *in use*:
the shipped files, or the data set a host selected for a table (a table keeps the data it started
with; owners' corrections in ``MEIJI_DATA_DIR`` apply to new tables). Data sets shipped before are
kept in ``data/history``; ``LEGACY_DIGEST`` is the data of tables stored before their data hash
was kept (revision 0006), which still pairs Invest with Mines and Export with Ships (corrected
since; docs/rules-notes.md).
"""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from engine.core import components
from engine.core.majority import influence_value

Confidence = Literal["confirmed", "likely", "proposed"]
GoodsId = Literal["silk", "paper", "bento", "lenses", "clocks", "bulbs"]
ActionId = Literal["invest", "produce", "mechanize", "knowledge", "mines", "trains", "ships", "export", "market"]
TrackId = Literal["money", "coal", "knowledge"]

#: Goods in rulebook order (Jedwab, Papier, Bento, Lupy, Zegary, Żarówki).
GOODS: tuple[str, ...] = ("silk", "paper", "bento", "lenses", "clocks", "bulbs")
#: The nine actions (Dostępne Akcje).
ACTIONS: tuple[str, ...] = ("invest", "produce", "mechanize", "knowledge", "mines", "trains", "ships", "export",
                            "market")
TRACKS: tuple[str, ...] = ("money", "coal", "knowledge")
#: Where the JSON files live (one file per component kind, named as the NipponData fields).
DATA_DIR = Path(__file__).parent / "data"


class Record(BaseModel):
    """What every data record carries: how sure the value is, where it comes from, and why."""

    model_config = ConfigDict(frozen=True, extra="forbid")
    confidence: Confidence
    source: str = Field(min_length=3)
    note: str | None = None

    @model_validator(mode="after")
    def _source_form(self) -> Record:
        s = self.source
        if not (s.startswith(("http://", "https://")) or s.startswith("Nippon rulebook (PL), ")):
            raise ValueError(f"source must be a URL or 'Nippon rulebook (PL), <section>': {s!r}")
        return self


class Amounts(BaseModel):
    """Gains (or a bonus): thousand yen, coal cubes, blueprint value, VP."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    money: int = 0
    coal: int = 0
    blueprints: int = 0
    vp: int = 0

    def kind(self) -> str:
        """The single non-zero field (``money``/``coal``/``blueprints``/``vp``); raises if not exactly one."""
        kinds = [k for k in ("money", "coal", "blueprints", "vp") if getattr(self, k)]
        if len(kinds) != 1:
            raise ValueError(f"expected exactly one amount, got {kinds}")
        return kinds[0]

    def value(self) -> int:
        """The amount of :meth:`kind`."""
        return int(getattr(self, self.kind()))


class PlayerCount(Record):
    """Parameters by player count (Wstępne Przygotowanie, blue boxes)."""

    players: int = Field(ge=2, le=4)
    workers_removed_per_colour: int = Field(ge=0)
    rewards_removed_per_pile: int = Field(ge=0)
    transport_spaces: int = Field(ge=1)
    city_limit: int = Field(ge=1, le=4)
    start_vp: tuple[int, ...]


class WorkerRows(Record):
    """The worker rows used at a player count and the workers drawn onto each."""

    players: int = Field(ge=2, le=4)
    rows: int = Field(ge=1)
    size: int = Field(ge=1)


class WorkerColour(Record):
    """One worker colour and how many workers of it the game has."""

    colour: str
    count: int = Field(ge=1)


class ActionSpace(Record):
    """An action space (index 0 = leftmost) and the actions printed under it."""

    index: int = Field(ge=0, le=4)
    actions: tuple[ActionId, ...]


class ActionRecord(Record):
    """An action: most repetitions per action and cumulative prices (thousand yen) for 1..n."""

    id: ActionId
    max_repeats: int = Field(ge=1, le=3)
    prices: tuple[int, ...]


class TrackSpace(Record):
    """A scoring-track space (0 = start). ``scoring``: the scoring whose symbol is crossed on entering."""

    space: int = Field(ge=0)
    golden: bool
    scoring: int | None = None


class ScoringValues(Record):
    """VP for 1st, 2nd and 3rd place at one of the three scorings."""

    scoring: int = Field(ge=1, le=3)
    values: tuple[int, int, int]


class Region(Record):
    """A region (index 0 = leftmost) and the bonus gained per influence tile placed there."""

    id: str
    index: int = Field(ge=0, le=3)
    name: str
    bonus: Amounts


class City(Record):
    """A city space: its region and the foreign values printed at its influence spaces N, E, S, W."""

    id: str
    region: str
    index: int = Field(ge=0, le=1)
    printed: tuple[int, int, int, int]


class CityTile(Record):
    """A city tile: the goods demanded on its sides, clockwise from the top."""

    id: str
    goods: tuple[GoodsId, GoodsId, GoodsId, GoodsId]


class Goods(Record):
    """A good: level, knowledge to build its factory, coal per run, storage spaces."""

    id: GoodsId
    name: str
    level: int = Field(ge=1, le=3)
    knowledge: int
    coal: int
    storage: int


class PlayerTrack(Record):
    """One space of a player-board track. ``number`` is printed beside it (``None``: unnumbered,
    the nearest number below counts)."""

    track: TrackId
    index: int = Field(ge=0)
    number: int | None = None
    star: bool = False


class TransportSpace(Record):
    """A ship or train space of the player board (1 = leftmost) and the stars printed on it."""

    row: Literal["ships", "trains"]
    index: int = Field(ge=1, le=6)
    stars: int = Field(ge=0)


class MoneyIcon(Record):
    """A money icon of the player board: revealed when all ``covers`` (row, space) are empty."""

    id: str
    covers: tuple[tuple[Literal["ships", "trains"], int], ...]
    steps: int = Field(ge=1)


class WorkerSpace(Record):
    """A worker space of the player board (1 = leftmost) and the reward level printed above it."""

    index: int = Field(ge=1, le=6)
    reward_level: int | None = None


class Achievement(Record):
    """An achievement space: what it counts, per how many units one VP, and a printed 1x."""

    id: str
    measure: Literal["contracts", "knowledge_stars", "coal_stars", "big_factories", "machines2", "money",
                     "ship_stars", "train_stars", "regions"]
    per: int = Field(ge=1)
    printed_1x: bool
    text: str


class Op(BaseModel):
    """One factory bonus operation (a closed vocabulary interpreted by :mod:`.rules`).

    ops: consolidation_money (money) · keep_coal (coal) · icon_steps (steps) · gain (amounts) ·
    track (track, steps) · production_coal (coal) · flip (piece, value) · free_build (piece, count)
    · free_upgrades (count) · prices (action, prices) · extra_steps (action, steps) · extra_good (n)
    · star (achievement)
    """

    model_config = ConfigDict(extra="forbid", frozen=True)
    op: Literal["consolidation_money", "keep_coal", "icon_steps", "gain", "track", "production_coal", "flip",
                "free_build", "free_upgrades", "prices", "extra_steps", "extra_good", "star"]
    money: int = 0
    coal: int = 0
    blueprints: int = 0
    steps: int = 0
    track: TrackId | None = None
    piece: Literal["ship", "train"] | None = None
    value: int = 0
    count: int = 0
    action: ActionId | None = None
    prices: tuple[int, ...] = ()
    n: int = 0
    achievement: str | None = None


class FactoryTile(Record):
    """A factory tile: its good, number (1–4 within the good), bonus timing, ops and text."""

    id: str
    goods: GoodsId
    number: int = Field(ge=1, le=4)
    timing: Literal["one_time", "permanent"]
    ops: tuple[Op, ...]
    text: str


class Contract(Record):
    """A contract: goods per distinct good required (largest first), bonus and money-track steps."""

    id: str
    requires: tuple[int, ...]
    bonus: Amounts
    money_steps: int = Field(ge=0, le=3)


class InfluenceTile(Record):
    """One of a player's 10 influence tiles."""

    id: str
    value: int = Field(ge=1, le=7)


class InfluenceValue(Record):
    """Highest tile value allowed for 1, 2 or 3 goods of a goods level (table on the main board)."""

    level: int = Field(ge=1, le=3)
    values: tuple[int, int, int]


class RewardTile(Record):
    """An Emperor's reward tile: bonus on the front, VP multiplier on the back."""

    id: str
    multiplier: int = Field(ge=2, le=5)
    bonus: Amounts


class MultiplierTile(Record):
    """A VP multiplier tile (2x on both sides)."""

    id: str
    multiplier: int


class RuleNumber(Record):
    """A number of the rules (costs, sizes, start values)."""

    id: str
    value: int


class NipponData(BaseModel):
    """All component data, validated. Attribute names match the JSON file names."""

    model_config = ConfigDict(frozen=True)
    player_counts: tuple[PlayerCount, ...]
    worker_rows: tuple[WorkerRows, ...]
    workers: tuple[WorkerColour, ...]
    action_spaces: tuple[ActionSpace, ...]
    actions: tuple[ActionRecord, ...]
    scoring_track: tuple[TrackSpace, ...]
    scoring_values: tuple[ScoringValues, ...]
    regions: tuple[Region, ...]
    cities: tuple[City, ...]
    city_tiles: tuple[CityTile, ...]
    goods: tuple[Goods, ...]
    tracks: tuple[PlayerTrack, ...]
    transport_spaces: tuple[TransportSpace, ...]
    money_icons: tuple[MoneyIcon, ...]
    worker_spaces: tuple[WorkerSpace, ...]
    achievements: tuple[Achievement, ...]
    factories: tuple[FactoryTile, ...]
    contracts: tuple[Contract, ...]
    influence_tiles: tuple[InfluenceTile, ...]
    influence_values: tuple[InfluenceValue, ...]
    reward_tiles: tuple[RewardTile, ...]
    multiplier_tiles: tuple[MultiplierTile, ...]
    rule_numbers: tuple[RuleNumber, ...]

    @model_validator(mode="after")
    def _consistent(self) -> NipponData:
        if sorted(p.players for p in self.player_counts) != [2, 3, 4]:
            raise ValueError("player_counts: need 2, 3 and 4 players")
        if sorted(r.players for r in self.worker_rows) != [2, 3, 4]:
            raise ValueError("worker_rows: need 2, 3 and 4 players")
        if sorted(s.index for s in self.action_spaces) != [0, 1, 2, 3, 4]:
            raise ValueError("action_spaces: need indexes 0-4")
        offered = Counter(a for s in self.action_spaces for a in s.actions)
        if set(offered) != set(ACTIONS) or max(offered.values()) != 1:
            raise ValueError("action_spaces: every action exactly once")
        for a in self.actions:
            if a.prices and len(a.prices) != a.max_repeats:
                raise ValueError(f"actions {a.id}: one cumulative price per repetition")
        if {a.id for a in self.actions} != set(ACTIONS):
            raise ValueError("actions: all nine")
        if [t.space for t in self.scoring_track] != list(range(len(self.scoring_track))):
            raise ValueError("scoring_track: spaces 0..n in order")
        if sorted(s.scoring for s in self.scoring_values) != [1, 2, 3]:
            raise ValueError("scoring_values: three scorings")
        region_ids = {r.id for r in self.regions}
        if len(self.regions) != 4 or len(self.cities) != 8 or len(self.city_tiles) != 9:
            raise ValueError("need 4 regions, 8 cities and 9 city tiles")
        for c in self.cities:
            if c.region not in region_ids:
                raise ValueError(f"city {c.id}: unknown region {c.region}")
        for t in self.city_tiles:
            if len(set(t.goods)) != 4:
                raise ValueError(f"city tile {t.id}: four distinct goods")
        if [g.id for g in self.goods] != list(GOODS):
            raise ValueError("goods: the six goods in rulebook order")
        for track in TRACKS:
            spaces = sorted((s for s in self.tracks if s.track == track), key=lambda s: s.index)
            if [s.index for s in spaces] != list(range(len(spaces))) or spaces[0].number is None:
                raise ValueError(f"track {track}: indexes 0..n, start numbered")
        if len(self.factories) != 24 or len({f.id for f in self.factories}) != 24:
            raise ValueError("factories: 24 distinct tiles")
        for g in GOODS:
            if sorted(f.number for f in self.factories if f.goods == g) != [1, 2, 3, 4]:
                raise ValueError(f"factories: four tiles of {g}")
        if len(self.influence_tiles) != 10:
            raise ValueError("influence_tiles: 10 per player")
        for v in self.influence_values:
            if list(v.values) != [influence_value(v.level, c) for c in (1, 2, 3)]:
                raise ValueError(f"influence_values level {v.level}: not the printed 2 x (level - 1) + cubes")
        if len(self.reward_tiles) != 24 or len(self.worker_spaces) != 6 or len(self.achievements) != 9:
            raise ValueError("need 24 reward tiles, 6 worker spaces, 9 achievements")
        for contract in self.contracts:
            if list(contract.requires) != sorted(contract.requires, reverse=True):
                raise ValueError(f"contract {contract.id}: requirements largest first")
            contract.bonus.kind()
        for tile in self.reward_tiles:
            tile.bonus.kind()
        for region in self.regions:
            region.bonus.kind()
        return self

    def number(self, key: str) -> int:
        """The value of rule number ``key`` (rule_numbers.json); raises ``KeyError``."""
        for r in self.rule_numbers:
            if r.id == key:
                return r.value
        raise KeyError(key)


def _read(name: str) -> list[dict[str, object]]:
    """The records of the shipped ``data/<name>.json``."""
    return json.loads((DATA_DIR / f"{name}.json").read_text(encoding="utf-8"))


#: Earlier shipped data sets (``<hash>.json.gz``), so games played with them still replay.
HISTORY_DIR = DATA_DIR / "history"
#: The data set of tables stored before their data hash was kept: the data shipped before the
#: action-space correction (Invest with Mines, Export with Ships).
LEGACY_DIGEST = "35892ebe7ee206f4312e6743ce8e4e1e17d61f166b8462ef3fc42570edaea034"
#: The fields that identify a record, for files whose records have no ``id``.
RECORD_KEYS: dict[str, tuple[str, ...]] = {
    "player_counts": ("players",), "worker_rows": ("players",), "workers": ("colour",),
    "action_spaces": ("index",), "scoring_track": ("space",), "scoring_values": ("scoring",),
    "tracks": ("track", "index"), "transport_spaces": ("row", "index"), "worker_spaces": ("index",),
    "influence_values": ("level",),
}
SOURCE = components.register_source("nippon", DATA_DIR, NipponData, keys=RECORD_KEYS, history=HISTORY_DIR,
                                    legacy=LEGACY_DIGEST)


def load() -> NipponData:
    """The component data in use (validated): the data set selected for this game
    (:func:`engine.core.components.using`), by default the shipped files. Raises
    ``engine.core.components.DataError`` naming the first invalid record."""
    return components.model("nippon")  # type: ignore[return-value]  # SOURCE validates into NipponData


def report() -> list[tuple[str, int, int, int]]:
    """Record counts per confidence, per component kind: ``(kind, confirmed, likely, proposed)``."""
    data = load()
    rows = []
    for name in NipponData.model_fields:
        c = Counter(r.confidence for r in getattr(data, name))
        rows.append((name, c["confirmed"], c["likely"], c["proposed"]))
    return rows
