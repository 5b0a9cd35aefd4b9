"""Facts about the component data files (engine/yokohama/data/*.json) and their provenance."""

from __future__ import annotations

import json
from collections import Counter, deque

import pydantic
import pytest

from engine.core.components import OTHER_FILES
from engine.yokohama.data import (
    AREA_KINDS,
    COUNTRIES,
    DATA_DIR,
    RULE_KEYS,
    TECHNOLOGY_NAMES,
    Reward,
    YokohamaData,
    load,
    number,
    report,
)

KINDS = list(YokohamaData.model_fields)


def _component_files():
    """The data folder's component files (the learned win model is validated by its own loader)."""
    return [p for p in DATA_DIR.glob("*.json") if p.name not in OTHER_FILES]


@pytest.fixture(scope="module")
def data() -> YokohamaData:
    """The validated component data (loading raises on any invalid record)."""
    return load()


def all_records(data: YokohamaData) -> list[tuple[str, object]]:
    """``(kind, record)`` for every record of every file."""
    return [(kind, record) for kind in KINDS for record in getattr(data, kind)]


def raw(name: str) -> list[dict]:
    """The records of one data file as plain JSON."""
    return json.loads((DATA_DIR / f"{name}.json").read_text(encoding="utf-8"))


# --- files and provenance ---------------------------------------------------------------------------------


def test_one_non_empty_file_per_kind(data):
    assert sorted(p.stem for p in _component_files()) == sorted(KINDS)
    assert all(len(getattr(data, kind)) > 0 for kind in KINDS)


@pytest.mark.parametrize("path", sorted(_component_files()), ids=lambda p: p.stem)
def test_each_file_is_an_indented_list_of_records_with_provenance(path):
    text = path.read_text(encoding="utf-8")
    records = json.loads(text)
    assert type(records) is list and all(type(r) is dict for r in records)
    assert text[:5] == "[\n  {"
    for r in records:
        assert {"source", "confidence"} <= set(r), r
        assert r["confidence"] in ("confirmed", "likely", "proposed")


def test_provenance_is_a_url_or_a_rulebook_section(data):
    for name, r in all_records(data):
        assert r.source.startswith(("http://", "https://", "Yokohama rulebook (PL), ")), (name, r.source)
        if not r.source.startswith("http"):
            section = r.source.removeprefix("Yokohama rulebook (PL), ")
            assert section and "/" not in section and "." not in section, (name, r.source)
        assert r.confidence in ("confirmed", "likely", "proposed")
        if r.confidence == "proposed":
            assert "PROPOSED" in r.note, (name, r)


def test_a_bad_source_is_refused():
    record = raw("agents")[0] | {"source": "somewhere"}
    with pytest.raises(pydantic.ValidationError):
        YokohamaData(**{k: raw(k) for k in KINDS} | {"agents": [record]})


def test_a_proposed_record_without_a_note_is_refused():
    record = {k: v for k, v in raw("port_spaces")[0].items() if k != "note"}
    with pytest.raises(pydantic.ValidationError):
        YokohamaData(**{k: raw(k) for k in KINDS} | {"port_spaces": [record]})


def test_cross_file_inconsistency_raises_value_error():
    files = {k: raw(k) for k in KINDS}
    files["layouts"] = [lay for lay in files["layouts"] if lay["players"] != 3]
    with pytest.raises(ValueError, match="layouts"):
        YokohamaData(**files)


def test_report_counts_every_record(data):
    rows = report()
    assert [r[0] for r in rows] == KINDS
    for kind, c, li, p in rows:
        assert c + li + p == len(getattr(data, kind))
    total = sum(c + li + p for _, c, li, p in rows)
    assert total == sum(len(getattr(data, k)) for k in KINDS) == 256
    assert [sum(row[i] for row in rows) for i in (1, 2, 3)] == [81, 19, 156]
    by_kind = {k: (c, li, p) for k, c, li, p in rows}
    assert by_kind["areas"] == (8, 10, 0)
    assert by_kind["area_effects"] == (11, 2, 0)
    assert by_kind["layouts"] == (0, 3, 0)
    assert by_kind["building_tiles"] == (0, 0, 24)
    assert by_kind["power_tokens"] == (0, 0, 25)
    assert by_kind["technologies"] == (0, 0, 30)
    assert by_kind["orders"] == (0, 1, 35)
    assert by_kind["agents"] == (5, 0, 0)
    assert by_kind["rule_numbers"] == (56, 1, 1)


# --- areas and layouts ------------------------------------------------------------------------------------


def test_eighteen_area_boards_fourteen_kinds(data):
    assert len(data.areas) == 18
    kinds = Counter(a.kind for a in data.areas)
    assert set(kinds) == set(AREA_KINDS)
    assert {k for k, n in kinds.items() if n == 2} == {"copper_mine", "fishery", "silk_mill", "tea_plantation"}
    assert Counter(a.category for a in data.areas) == {"production": 8, "commercial": 9, "none": 1}
    canal = data.area("canal")
    assert (canal.category, canal.building_tile, canal.token_space) == ("none", False, False)
    assert all(a.building_tile and a.token_space for a in data.areas if a.kind != "canal")


def test_areas_by_player_count(data):
    assert {n: len(data.areas_in_play(n)) for n in (2, 3, 4)} == {2: 10, 3: 14, 4: 18}
    assert {a.id for a in data.areas_in_play(2)} == {
        "copper1", "fish1", "silk1", "tea1", "bank", "church", "customs", "agency", "laba", "porta"}
    assert {a.id for a in data.areas_in_play(3)} - {a.id for a in data.areas_in_play(2)} == {
        "fish2", "chinatown", "portb", "canal"}
    assert {a.id for a in data.areas if a.players == (4,)} == {"copper2", "silk2", "tea2", "labb"}


def test_area_effects(data):
    assert len(data.area_effects) == 13
    gains = {e.kind: (e.good, list(e.by_power)) for e in data.area_effects if e.effect == "gain"}
    assert gains == {
        "copper_mine": ("copper", [0, 0, 1, 2, 3]),
        "fishery": ("fish", [1, 2, 3, 4, 5]),
        "silk_mill": ("silk", [0, 1, 2, 3, 4]),
        "tea_plantation": ("tea", [1, 2, 3, 4, 5]),
        "bank": ("yen", [1, 2, 3, 4, 5]),
    }
    assert data.effect("chinatown").effect == "exchange" and data.effect("chinatown").by_power == (1, 2, 3, 4, 5)
    assert data.effect("church").by_power == (1, 2, 3, 4, 5)
    assert data.effect("customs_house").by_power == (0, 1, 2, 3, 4)
    assert data.effect("employment_agency").by_power == (0, 1, 2, 3, 4)
    assert data.effect("laboratory_a").by_power == data.effect("laboratory_b").by_power == (1, 2, 3, 4, 5)
    assert data.effect("port_a").by_power == data.effect("port_b").by_power == (0, 1, 2, 3, 3)
    with pytest.raises(KeyError):
        data.effect("canal")


def test_layouts_give_10_14_18_boards(data):
    assert [(lay.players, lay.rows, len(lay.cells)) for lay in data.layouts] == [
        (2, (4, 3, 2, 1), 10), (3, (5, 4, 3, 2), 14), (4, (6, 5, 4, 3), 18)]
    assert {lay.players: len(lay.edges) for lay in data.layouts} == {2: 18, 3: 28, 4: 38}


@pytest.mark.parametrize("players", [2, 3, 4])
def test_layout_adjacency_is_the_brick_pattern_symmetric_and_connected(data, players):
    lay = data.layout(players)
    index = {cell: k for k, cell in enumerate(lay.cells)}
    expected = set()
    for (r, i), k in index.items():
        for other in ((r, i - 1), (r, i + 1), (r + 1, i - 1), (r + 1, i)):
            if other in index:
                expected.add(tuple(sorted((k, index[other]))))
    assert set(lay.edges) == expected
    assert all(i < j for i, j in lay.edges)
    nb = lay.neighbours()
    assert all(k in nb[j] for k, js in nb.items() for j in js)  # symmetric
    seen, todo = {0}, deque([0])
    while todo:
        for j in nb[todo.popleft()]:
            if j not in seen:
                seen.add(j)
                todo.append(j)
    assert len(seen) == len(lay.cells)
    # 2 players: top-row board 1 touches top-row 0 and 2 and second-row 0 and 1.
    if players == 2:
        assert nb[1] == (0, 2, 4, 5) and nb[9] == (7, 8)


# --- tiles, tokens, achievements --------------------------------------------------------------------------


def test_building_tiles(data):
    assert len(data.building_tiles) == 24
    assert [t.id for t in data.building_tiles] == [f"B{k:02d}" for k in range(1, 25)]
    assert all(len(t.shops) == 3 for t in data.building_tiles)
    b01 = data.building_tiles[0]
    assert [s.as_dict() for s in b01.shops] == [{"vp": 2}, {"copper": 1}, {"yen": 2}]
    assert b01.trading_house.as_dict() == {"vp": 4}
    assert data.building_tiles[3].shops[2].as_dict() == {"wh_assistant": 1}
    copper_shops = sum(1 for t in data.building_tiles for s in t.shops if s.copper)
    assert copper_shops == 9  # Mining Technology counts shop rewards of copper


def test_power_tokens_twenty_plus_five(data):
    base = [t for t in data.power_tokens if t.expansion is None]
    extra = [t for t in data.power_tokens if t.expansion == "free_agents"]
    assert len(base) == 20 and len(extra) == 5
    assert [t.id for t in base] == [f"P{k:02d}" for k in range(1, 21)]
    assert [t.id for t in extra] == [f"X{k:02d}" for k in range(1, 6)]
    assert all(t.reward.as_dict() == {"free_agent": 1} for t in extra)
    assert not any(t.reward.free_agent for t in base)
    assert data.power_tokens[14].reward.as_dict() == {"wh_assistant": 2}
    assert data.power_tokens[15].reward.as_dict() == {"vp": 1, "wh_shop": 1}


def test_achievements_four_per_group(data):
    assert len(data.achievements) == 12
    assert Counter(a.group for a in data.achievements) == {"A": 4, "B": 4, "C": 4}
    a1 = data.achievements[0]
    assert (a1.id, a1.condition.kind, a1.condition.good, a1.condition.n, a1.later) == ("A1", "goods", "copper", 5, 6)
    assert a1.text == "Hold 5 copper" and a1.first == 9 and a1.spaces == 4
    conditions = {a.id: a.condition.model_dump() for a in data.achievements}
    assert conditions["B1"] == {"kind": "technologies", "n": 4}
    assert conditions["B3"] == {"kind": "ig", "n": 3}
    assert conditions["C3"] == {"kind": "buildings", "production": 2, "commercial": 2, "any": 0}
    assert conditions["C4"] == {"kind": "buildings", "production": 0, "commercial": 0, "any": 5}
    assert all(a.spaces == 4 and a.first > a.later for a in data.achievements)


# --- management boards ------------------------------------------------------------------------------------


def test_church_board(data):
    spaces = data.church_spaces
    assert [s.index for s in spaces] == list(range(1, 9))
    assert [s.faith for s in spaces] == [2, 4, 6, 7, 8, 9, 10, 11]
    assert [s.index for s in spaces if s.neutral_2p] == [4]
    assert spaces[2].reward.as_dict() == {"vp": 5, "moves": 2}  # the worked example: faith 6, third space
    assert spaces[7].reward.as_dict() == {"vp": 11}


def test_customs_board(data):
    spaces = data.customs_spaces
    assert [s.index for s in spaces] == list(range(1, 9))
    assert [s.ig for s in spaces] == [1, 1, 2, 2, 3, 3, 4, 4]
    assert [s.index for s in spaces if s.neutral_2p] == [3]
    assert spaces[1].reward == Reward(vp=4, yen=2)  # the worked example: 1 IG, second space
    assert spaces[6].reward.as_dict() == {"vp": 17}


def test_lab_and_port_spaces(data):
    assert [(s.index, s.surcharge) for s in data.lab_spaces] == [(1, 0), (2, 0), (3, 1), (4, 1), (5, 2), (6, 2)]
    assert data.lab_spaces[2].confidence == "confirmed"
    assert [s.index for s in data.port_spaces] == [1, 2, 3, 4]


# --- cards ------------------------------------------------------------------------------------------------


def test_technologies(data):
    techs = data.technologies
    assert len(techs) == 30
    assert [t.id for t in techs] == [f"T{k:02d}" for k in range(1, 31)]
    names = Counter(t.name for t in techs)
    assert set(names) == set(TECHNOLOGY_NAMES) and len(names) == 20
    assert sum(1 for n in names.values() if n == 2) == 10
    assert names["station"] == 1 and names["tram"] == 1
    assert Counter(t.country for t in techs) == {"uk": 9, "us": 6, "fr": 6, "de": 6, "nl": 3}
    assert sum(t.value for t in techs) == 100
    tram = next(t for t in techs if t.name == "tram")
    assert (tram.value, tram.title, tram.polish) == (5, "Tram", "Tramwaj")
    stock = [t for t in techs if t.name == "stock_exchange"]
    assert [(t.id, t.country, t.title, t.polish) for t in stock] == [
        ("T07", "nl", "Stock Exchange", "Giełda"), ("T08", "us", "Stock Exchange", "Giełda")]
    assert next(t for t in techs if t.name == "exhibition").value == 6


def test_orders(data):
    orders = data.orders
    assert len(orders) == 36
    assert Counter(o.level for o in orders) == {"low": 12, "mid": 12, "high": 12}
    assert [o.id for o in orders] == ([f"L{k:02d}" for k in range(1, 13)] + [f"M{k:02d}" for k in range(1, 13)]
                                      + [f"H{k:02d}" for k in range(1, 13)])
    assert Counter(o.country for o in orders) == {"uk": 10, "us": 7, "fr": 7, "de": 7, "nl": 5}
    m10 = next(o for o in orders if o.id == "M10")
    assert (m10.country, m10.goods.as_dict(), m10.reward.as_dict()) == (
        "de", {"copper": 1, "silk": 2, "tea": 2}, {"vp": 6, "yen": 2})
    assert m10.source.startswith("http://bordspellenblog.nl/") and m10.confidence == "likely"
    assert orders[5].reward.as_dict() == {"vp": 2, "wh_assistant": 1}
    assert orders[-1].goods.total() == 7


def test_agents_and_reward_tokens(data):
    assert {a.country: a.count for a in data.agents} == {"us": 2, "nl": 1, "uk": 3, "fr": 2, "de": 2}
    assert sum(a.count for a in data.agents) == 10
    assert [(t.id, t.country) for t in data.reward_tokens] == [
        ("R1", "us"), ("R2", "nl"), ("R3", "uk"), ("R4", "fr"), ("R5", "de"), ("R6", "nl")]
    assert set(COUNTRIES) == {"us", "nl", "uk", "fr", "de"}


# --- rewards and rule numbers -----------------------------------------------------------------------------


def test_reward_lists_only_non_zero_amounts():
    r = Reward(vp=3, yen=2)
    assert r["vp"] == 3 and r.get("ig") == 0 and r.total() == 5 and dict(r.items()) == {"vp": 3, "yen": 2}
    with pytest.raises(pydantic.ValidationError):
        Reward(vp=0)
    with pytest.raises(pydantic.ValidationError):
        Reward(gold=1)
    with pytest.raises(pydantic.ValidationError):
        Reward(vp=-1)


def test_rule_numbers(data):
    keys = [r.key for r in data.rule_numbers]
    assert keys == list(RULE_KEYS)
    assert (number("start_money_first"), number("start_money_other")) == (3, 4)
    assert (number("hand_assistants"), number("warehouse_assistants")) == (8, 12)
    assert (number("hand_shops"), number("warehouse_shops"), number("warehouse_trading_houses")) == (2, 6, 4)
    assert number("orders_removed") == {"2": 16, "3": 5, "4": 0}
    assert number("board_full") == {"2": 5, "3": 5, "4": 6}
    assert number("trading_house_costs") == [4, 5, 6, 7]
    assert number("chinatown_prices") == {"copper": 2, "silk": 2, "tea": 1, "fish": 1}
    assert number("chinatown_ig_price") == 4
    assert (number("church_majority"), number("customs_majority"), number("technology_majority")) == (
        [6, 3], [8, 4], [10, 5])
    assert number("country_sets") == [0, 2, 4, 8, 12]
    assert (number("leftover_agent_vp"), number("leftover_ig_vp"), number("leftover_yen_per_vp"),
            number("leftover_goods_per_vp")) == (1, 1, 2, 3)
    assert (number("lab_yen_per_pv"), number("lab_ig_per_pv"), number("lab_max_power_pv"),
            number("lab_extra_from_card"), number("lab_extra_yen"), number("lab_extra_ig")) == (2, 1, 5, 4, 2, 1)
    assert (number("port_two_cost_yen"), number("port_two_cost_ig"), number("port_p5_vp")) == (2, 1, 3)
    assert (number("max_power"), number("build_min_power")) == (5, 4)
    assert (number("exhibition_vp"), number("free_agent_vp"), number("reward_tokens_revealed")) == (10, 0, 4)
    by_key = {r.key: r for r in data.rule_numbers}
    assert by_key["warehouse_assistants"].confidence == "likely"
    assert by_key["free_agent_vp"].confidence == "proposed"
    with pytest.raises(KeyError):
        number("no_such_rule")


def test_rule_number_lists_are_copies():
    number("country_sets").append(99)
    number("board_full")["5"] = 7
    assert number("country_sets") == [0, 2, 4, 8, 12]
    assert number("board_full") == {"2": 5, "3": 5, "4": 6}
