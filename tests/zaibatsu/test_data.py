"""Facts about the component data files (engine/zaibatsu/data/*.json)."""

from __future__ import annotations

import json
from collections import Counter

import pytest

from engine.core.components import OTHER_FILES
from engine.zaibatsu.data import COLOURS, DATA_DIR, GOODS, ZaibatsuData, load


def _component_files():
    """The data folder's component files (the learned win model is validated by its own loader)."""
    return [p for p in DATA_DIR.glob("*.json") if p.name not in OTHER_FILES]


@pytest.fixture(scope="module")
def data() -> ZaibatsuData:
    return load()


def all_records(data: ZaibatsuData):
    for name in ZaibatsuData.model_fields:
        for record in getattr(data, name):
            yield name, record


def test_load_succeeds_and_every_field_has_a_file(data):
    files = {p.stem for p in _component_files()}
    assert files == set(ZaibatsuData.model_fields)
    for name in ZaibatsuData.model_fields:
        assert getattr(data, name), f"{name} is empty"


def test_json_files_are_pretty_printed_lists():
    for path in _component_files():
        text = path.read_text(encoding="utf-8")
        assert isinstance(json.loads(text), list), path.name
        assert text.startswith("[\n  {"), f"{path.name}: 2-space indented list of objects"


def test_provenance(data):
    for name, r in all_records(data):
        assert r.confidence in ("confirmed", "likely", "proposed"), name
        assert r.source.strip(), f"{name}: empty source"
        assert "/work" not in r.source and "/tmp" not in r.source, f"{name}: local path in source"
        if r.confidence == "proposed":
            s = r.source
            assert "PROPOSED" in s or "http" in s or "engine proposal" in s, f"{name}: {s}"


# ---------------------------------------------------------------------------------- factories
def test_factory_side_counts(data):
    normal = [f for f in data.factories if not f.modern]
    modern = [f for f in data.factories if f.modern]
    assert len(normal) == 48
    assert len(modern) == 12
    assert len({f.id for f in data.factories}) == 60
    for g in GOODS:
        sides = [f for f in normal if f.goods == g]
        assert len(sides) == 8, g
        assert sorted({f.number for f in sides}) == [1, 2, 3, 4]
        for n in range(1, 5):
            assert sorted(f.side for f in sides if f.number == n) == ["A", "B"]
        assert sorted(f.side for f in modern if f.goods == g) == ["A", "B"]
    assert all(f.number == 5 for f in modern)


def test_factory_ids_match_fields(data):
    for f in data.factories:
        assert f.id == f"{f.goods}{f.number}{f.side}"
        assert f.tile == f"{f.goods}{f.number}"
        assert f.ops, f.id
        assert f.text.strip(), f.id
        if f.kind == "modifier":
            assert f.action and f.trigger, f.id


def test_known_factory_effects(data):
    sides = data.factory_sides()
    cotton1a = sides["cotton1A"]  # example E-4: R&D +2
    assert cotton1a.confidence == "confirmed"
    assert cotton1a.kind == "instant"
    assert [(o.op, o.track, o.steps) for o in cotton1a.ops] == [("track", "rd", 2)]
    paper3a = sides["paper3A"]  # example E-10: Finance +2 once with contracts fulfilled
    assert (paper3a.kind, paper3a.action) == ("modifier", "investments")
    assert [(o.op, o.track, o.steps) for o in paper3a.ops] == [("track", "finance", 2)]


# ---------------------------------------------------------------------------------- board
def test_demand_tiles(data):
    assert len(data.demand_tiles) == 9
    counts = Counter(g for t in data.demand_tiles for g in t.sides)
    assert counts == {g: 6 for g in GOODS}
    for t in data.demand_tiles:
        assert len(set(t.sides)) == 4, t.id


def test_player_counts(data):
    expected = {
        # players: ship slots, train slots, market limit, start pairs, factories/type, upgrades
        1: (2, 3, 2, 2, 2, 1),
        2: (2, 3, 2, 3, 2, 2),
        3: (3, 5, 3, 4, 3, 3),
        4: (4, 7, 4, 5, 4, 4),
    }
    assert sorted(p.players for p in data.player_counts) == [1, 2, 3, 4]
    for players, values in expected.items():
        c = data.count(players)
        got = (c.ship_slots, c.train_slots, c.market_limit, c.start_pairs, c.factories_per_type,
               c.upgrades_per_colour)
        assert got == values, players
    assert data.count(1).modern_factories == 0 and data.count(1).common_goals_per_period == 0
    assert [data.count(p).modern_factories for p in (2, 3, 4)] == [3, 4, 5]
    assert [data.count(p).common_goals_per_period for p in (2, 3, 4)] == [1, 2, 3]
    assert data.count(1).waiting_sections == ("top",)
    assert data.count(2).waiting_sections == ("top",)
    assert data.count(3).waiting_sections == ("top", "middle")
    assert data.count(4).waiting_sections == ("top", "middle", "bottom")
    assert data.count(1).place_values_used == data.count(2).place_values_used == (0, 2, 3)
    assert data.count(3).place_values_used == data.count(4).place_values_used == (0, 1, 2, 3)


def test_train_slots_available_match_player_counts(data):
    for players in (1, 2, 3, 4):
        available = [s for s in data.train_slots if s.min_players <= players]
        assert len(available) == data.count(players).train_slots


def test_hiring_spaces(data):
    by_index = {h.index: h for h in data.hiring_spaces}
    assert "trains" in by_index[0].actions  # S-DE solo step C
    assert by_index[4].actions == ("markets",)
    assert sorted(len(h.actions) for h in data.hiring_spaces) == [1, 2, 2, 2, 2]


def test_waiting_area_rows(data):
    sections = Counter(r.section for r in data.waiting_area)
    assert sections == {"top": 2, "middle": 1, "bottom": 2}
    assert [r.row for r in data.waiting_area] == [1, 2, 3, 4, 5]


def test_round_track_and_periods(data):
    assert [s.kind for s in data.round_track] == ["dark"] * 5 + ["light"] * 3
    assert [p.last_space for p in data.periods] == [2, 5, 8]
    assert data.periods[0].values[1:] == (8, 6, 2)  # example E-12
    for p in data.periods:
        assert list(p.values) == sorted(p.values, reverse=True)


def test_regions_markets(data):
    assert [r.index for r in data.regions] == [0, 1, 2, 3]
    amounts = sorted(sum(v for v in r.bonus.model_dump().values() if isinstance(v, int))
                     for r in data.regions)
    assert amounts == [2, 2, 2, 3]
    per_region = Counter(m.region for m in data.markets)
    assert set(per_region.values()) == {2}


def test_destinations(data):
    by_id = {d.id: d for d in data.destinations}
    assert by_id["berlin"].colour == "white"  # example E-7
    assert by_id["san_francisco"].colour == "red"  # example E-7
    assert sorted(d.colour for d in data.destinations) == sorted(COLOURS)


# ---------------------------------------------------------------------------------- player board
def test_department_yields(data):
    deps = {d.colour: d for d in data.departments}
    assert set(deps) == set(COLOURS)
    for colour, resource, normal, upgraded in [
        ("black", "coal", 2, 3), ("red", "silk", 2, 3), ("grey", "iron", 2, 3),
        ("blue", "money", 3, 5), ("yellow", "vp", 2, 4),
    ]:
        d = deps[colour]
        assert (d.normal.kind, d.normal.resource, d.normal.amount) == ("gain", resource, normal)
        assert (d.upgraded.kind, d.upgraded.resource, d.upgraded.amount) == ("gain", resource, upgraded)
    white = deps["white"]
    assert (white.normal.kind, white.normal.steps) == ("white", 1)
    assert (white.upgraded.kind, white.upgraded.steps) == ("white", 2)


def test_tracks(data):
    rd = data.track("rd")
    assert rd[0].value == 1  # R&D starts at level 1
    assert max(s.value for s in rd) >= 6  # level-3 factories need R&D 6
    assert any(s.bonus and s.bonus.dept == "black" for s in rd if s.value in (2, 3))  # E-4
    assert 12 in [s.value for s in data.track("finance")]  # E-11 finance income 12
    unlocks = sorted(s.bonus.unlock for s in data.tracks if s.bonus and s.bonus.unlock)
    assert unlocks == [3, 5, 7]
    for track in ("rd", "mining", "finance"):
        spaces = data.track(track)
        lower = [s.space for s in spaces if s.threshold == "lower"]
        upper = [s.space for s in spaces if s.threshold == "upper"]
        assert len(lower) == len(upper) == 1 and lower[0] < upper[0], track


def test_workforce_and_prestige(data):
    assert [w.slot for w in data.workforce] == [1, 2, 3, 4, 5, 6]
    assert [w.slot for w in data.workforce if w.grey] == [2, 3]
    assert {w.slot: w.prestige_level for w in data.workforce if w.prestige_level} == {4: 1, 5: 2, 6: 3}
    assert [(p.level, p.tiles, p.lower_vp, p.upper_vp) for p in data.prestige] == [
        (1, 3, 5, 10), (2, 3, 8, 16), (3, 3, 10, 20)]


def test_area_bonuses(data):
    assert len(data.area_bonuses) == 12
    keys = {(a.between, a.column) for a in data.area_bonuses}
    assert len(keys) == 12
    by_key = {(a.between, a.column): a.bonus for a in data.area_bonuses}
    assert by_key[("ships-machines", 1)].finance == 1  # example E-7
    assert by_key[("ships-machines", 2)].dept == "red"  # example E-7


def test_slot_values(data):
    factories = [s for s in data.slot_values if s.area == "factories"]
    contracts = [s for s in data.slot_values if s.area == "contracts"]
    assert [s.slot for s in factories] == list(range(1, 7))
    assert [s.slot for s in contracts] == list(range(1, 9))
    assert any(14 in s.values for s in data.slot_values)  # example E-13


def test_influence(data):
    tokens = sorted(t.value for t in data.influence_tokens)
    assert tokens == [1, 2, 3, 3, 4, 5, 5, 6, 7, 7]
    assert sorted(t.value for t in data.influence_tokens if t.locked) == [3, 5, 7]
    assert [(v.level, v.values) for v in data.influence_values] == [
        (1, (1, 2, 3)), (2, (3, 4, 5)), (3, (5, 6, 7))]
    # the Automa rows hold one full set of 10 tokens
    assert sorted(v for row in data.automa_rows for v in row.values) == tokens


def test_goods(data):
    table = {g.id: (g.level, g.rd_required, g.production_coal) for g in data.goods}
    assert table == {
        "cotton": (1, 2, 2), "paper": (1, 2, 2), "bento": (2, 4, 3), "lenses": (2, 4, 3),
        "bulbs": (3, 6, 4), "clocks": (3, 6, 4),
    }


def test_start_tiles_and_contracts(data):
    a = [t for t in data.start_tiles if t.side == "A"]
    b = [t for t in data.start_tiles if t.side == "B"]
    assert len(a) == len(b) == 8
    assert len({t.effect for t in a}) == 8
    assert all(t.bonus and not t.bonus.is_empty() for t in b)
    assert len(data.contracts) == 8
    assert sorted(c.bonus.dept for c in data.contracts if c.bonus.dept) == sorted(COLOURS)
    special = sorted((c.requires_level, c.bonus.dept_any) for c in data.contracts if c.requires_level)
    assert special == [(2, True), (3, True)]


# ---------------------------------------------------------------------------------- solo / modules
def test_solo_and_modules(data):
    assert len(data.automa_tiles) == 9
    assert sorted(t.space for t in data.automa_tiles if t.kind == "space") == [0, 1, 2, 3, 4]
    assert all(t.arrow and t.border for t in data.automa_tiles if t.kind == "worker")
    assert len(data.solo_goals) == 9
    assert len(data.common_goals) == 9
    assert len({g.measure for g in data.common_goals}) == 9
    assert [(r.min_score, r.name) for r in data.ratings] == [
        (240, "Emperor's Pride"), (210, "Brilliant"), (180, "Remarkable"), (150, "Acceptable"),
        (0, "Mediocre")]
    p3 = [r for r in data.common_goal_rewards if r.period == 3]
    assert sorted(r.slot for r in p3) == [1, 2, 3]


def test_rule_numbers_have_the_shapes_the_rules_are_typed_with(data):
    """``Tables.n`` is typed as :class:`RuleNumbers`: the shipped rule numbers are exactly its keys,
    each value of the declared shape (an int, a tuple of ints or a dict of ints by name)."""
    from typing import get_origin, get_type_hints

    from engine.zaibatsu.data import RuleNumbers
    from engine.zaibatsu.tables import tables

    numbers = {r.id: r.value for r in data.rule_numbers}
    shapes = get_type_hints(RuleNumbers)
    assert set(numbers) == set(shapes)
    for key, value in numbers.items():
        shape = get_origin(shapes[key]) or shapes[key]
        assert type(value) is shape, key
        if shape is tuple:
            assert all(type(v) is int for v in value), key
        elif shape is dict:
            assert all(type(k) is str and type(v) is int for k, v in value.items()), key
    assert tables().n == numbers
