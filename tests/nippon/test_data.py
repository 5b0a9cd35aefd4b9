"""Facts about the component data files (engine/nippon/data/*.json) and their provenance."""

from __future__ import annotations

import json
from collections import Counter

import pytest

from engine.core.components import OTHER_FILES
from engine.core.majority import influence_value
from engine.nippon import GAME
from engine.nippon.data import DATA_DIR, GOODS, NipponData, load, report

KINDS = list(NipponData.model_fields)


def _component_files():
    """The data folder's component files (the learned win model is validated by its own loader)."""
    return [p for p in DATA_DIR.glob("*.json") if p.name not in OTHER_FILES]


@pytest.fixture(scope="module")
def data() -> NipponData:
    """The validated component data (loading raises on any invalid record)."""
    return load()


def all_records(data: NipponData) -> list[tuple[str, object]]:
    """``(kind, record)`` for every record of every file."""
    return [(kind, record) for kind in KINDS for record in getattr(data, kind)]


def test_one_non_empty_file_per_kind(data):
    assert sorted(p.stem for p in _component_files()) == sorted(KINDS)
    assert all(len(getattr(data, kind)) > 0 for kind in KINDS)


@pytest.mark.parametrize("path", sorted(_component_files()), ids=lambda p: p.stem)
def test_each_file_is_an_indented_list_of_records(path):
    raw = path.read_text(encoding="utf-8")
    records = json.loads(raw)
    assert type(records) is list and all(type(r) is dict for r in records)
    assert raw[:5] == "[\n  {"


def test_provenance_is_a_url_or_a_rulebook_section(data):
    for name, r in all_records(data):
        assert r.source.startswith(("http://", "https://", "Nippon rulebook (PL), ")), (name, r.source)
        assert "/work" not in r.source and "/tmp" not in r.source and ".txt" not in r.source, name
        assert r.confidence in ("confirmed", "likely", "proposed")


def test_report_counts_every_record(data):
    rows = report()
    assert [r[0] for r in rows] == list(NipponData.model_fields)
    for kind, c, li, p in rows:
        assert c + li + p == len(getattr(data, kind))
    assert GAME.data_report() == rows
    proposed = {k: p for k, _, _, p in rows}
    # The digest's UNKNOWN values are data, marked proposed.
    assert proposed["contracts"] == 8 and proposed["influence_tiles"] == 10 and proposed["regions"] == 4
    assert proposed["money_icons"] == 3 and proposed["transport_spaces"] == 12


def test_factories_24_four_per_good_with_bonuses(data):
    assert len(data.factories) == 24
    for g in GOODS:
        tiles = [f for f in data.factories if f.goods == g]
        assert sorted(f.number for f in tiles) == [1, 2, 3, 4]
    ops = Counter(o.op for f in data.factories for o in f.ops)
    assert ops["production_coal"] == 4 and ops["prices"] == 5 and ops["star"] == 2
    timing = Counter(f.timing for f in data.factories)
    assert timing == {"permanent": 15, "one_time": 9}


def test_goods_levels_knowledge_coal(data):
    assert [(g.id, g.level, g.knowledge, g.coal, g.storage) for g in data.goods] == [
        ("silk", 1, 2, 2, 4), ("paper", 1, 2, 2, 4), ("bento", 2, 4, 3, 4), ("lenses", 2, 4, 3, 4),
        ("clocks", 3, 6, 4, 4), ("bulbs", 3, 6, 4, 4)]


def test_city_tiles_each_good_six_times(data):
    assert len(data.city_tiles) == 9
    count = Counter(g for t in data.city_tiles for g in t.goods)
    assert set(count.values()) == {6}
    assert data.city_tiles[0].goods == ("lenses", "paper", "silk", "bulbs")  # the rulebook's example city


def test_influence_table_is_the_shared_formula(data):
    for v in data.influence_values:
        assert list(v.values) == [influence_value(v.level, c) for c in (1, 2, 3)]
    assert sorted(t.value for t in data.influence_tiles) == [1, 2, 3, 3, 4, 5, 5, 6, 7, 7]


def test_reward_tiles_six_per_multiplier_two_per_bonus(data):
    assert Counter(r.multiplier for r in data.reward_tiles) == {2: 6, 3: 6, 4: 6, 5: 6}
    assert set(Counter((r.multiplier, r.bonus.kind()) for r in data.reward_tiles).values()) == {2}
    assert [m.multiplier for m in data.multiplier_tiles] == [2, 2, 2, 2]


def test_achievements_two_printed_1x(data):
    assert [a.id for a in data.achievements] == [f"A{i}" for i in range(1, 10)]
    assert [a.id for a in data.achievements if a.printed_1x] == ["A2", "A6"]


def test_scoring_values_and_track(data):
    assert [tuple(s.values) for s in data.scoring_values] == [(10, 7, 5), (15, 11, 8), (20, 14, 10)]
    assert len(data.scoring_track) == 8
    assert [s.space for s in data.scoring_track if s.golden] == [5, 6, 7]
    assert [(s.space, s.scoring) for s in data.scoring_track if s.scoring] == [(2, 1), (4, 2)]


def test_player_count_parameters(data):
    pc = {p.players: p for p in data.player_counts}
    assert (pc[2].transport_spaces, pc[3].transport_spaces, pc[4].transport_spaces) == (4, 6, 8)
    assert (pc[2].city_limit, pc[3].city_limit, pc[4].city_limit) == (2, 3, 4)
    rows = {r.players: (r.rows, r.size) for r in data.worker_rows}
    assert rows == {2: (2, 2), 3: (3, 3), 4: (4, 3)}


def test_invalid_source_is_refused():
    from engine.nippon.data import Goods

    with pytest.raises(ValueError):
        Goods(id="silk", name="Silk", level=1, knowledge=2, coal=2, storage=4, source="some file.txt",
              confidence="confirmed")


PLAYER_AID = ("https://github.com/crustymonkey/playeraid_modules/blob/09646d17126535f84ab01e46c561b52101218a75/"
              "nippon/en/playeraid.yaml")


def test_action_spaces_follow_the_slots_the_player_aid_names(data):
    """Slot 1 Knowledge/Produce, 2 Export/Invest, 3 Mines/Ships, 4 Machinery/Trains, 5 Local Market
    (the aid's "Export (Slot 2, Top)" …); docs/rules-notes.md, "Correction: the action spaces"."""
    spaces = {s.index: s for s in data.action_spaces}
    assert {i: s.actions for i, s in spaces.items()} == {
        0: ("knowledge", "produce"), 1: ("export", "invest"), 2: ("mines", "ships"), 3: ("mechanize", "trains"),
        4: ("market",),
    }
    for i in range(4):
        assert (spaces[i].source, spaces[i].confidence) == (PLAYER_AID, "likely")
        assert "Slot" in (spaces[i].note or "")
    assert spaces[4].confidence == "confirmed"
    assert GAME.parse_action(GAME.setup({"players": 2}, 1), "take 2 export white").args == (2, "export", "white")


def test_the_data_of_games_from_before_the_correction_is_kept():
    from engine.core import components
    from engine.nippon.data import LEGACY_DIGEST

    assert components.legacy_digest("nippon") == LEGACY_DIGEST != components.shipped("nippon").digest
    old = components.get("nippon", LEGACY_DIGEST)
    assert [tuple(s["actions"]) for s in old.files["action_spaces"]] == [
        ("knowledge", "produce"), ("invest", "mines"), ("export", "ships"), ("mechanize", "trains"), ("market",)]
    # the correction changed only the action spaces
    new = components.shipped("nippon")
    assert [k for k in new.files if new.files[k] != old.files[k]] == ["action_spaces"]
