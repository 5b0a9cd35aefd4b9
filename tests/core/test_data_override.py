"""Component data sets (engine/core/components.py): digests, owners' overrides and their validation,
the data set in use per context, the earlier data sets kept in each game's history.

The override folder holds the shipped files' layout, ``DIR/<game>/<file>.json``; a file may list only
the records that change (matched by their key); every error names the file, the record and the field.
"""

from __future__ import annotations

import contextvars
import gzip
import hashlib
import json
import threading
from pathlib import Path

import pytest

import engine.nippon
import engine.yokohama
import engine.zaibatsu
from engine.core import builtin_game_names, components, get_game, registry, replay
from engine.core.components import DataError, DataUnavailable
from engine.nippon import GAME as NIPPON
from engine.nippon.data import LEGACY_DIGEST
from engine.nippon.tables import tables as nippon_tables

#: Every game with component data (its DataReport capability).
GAMES = [n for n in builtin_game_names() if registry.data_report(get_game(n)) is not None]
SLOT2 = "https://example.org/checked-copy"


def _write(folder: Path, game: str, name: str, records: object) -> Path:
    path = folder / game / f"{name}.json"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(records, indent=2), encoding="utf-8")
    return path


def _space(index: int, actions: list[str], source: str = SLOT2) -> dict[str, object]:
    return {"index": index, "actions": actions, "source": source, "confidence": "confirmed"}


# -- digests and the shipped data ---------------------------------------------------------------
@pytest.mark.parametrize("game", GAMES)
def test_the_shipped_data_has_a_canonical_digest_and_every_record_a_unique_key(game: str) -> None:
    data = components.shipped(game)
    assert data.digest == hashlib.sha256(data.to_json().encode()).hexdigest()
    assert data.digest == components.digest_of(game, json.loads(data.to_json())["files"])
    src = components.source(game)
    for name in src.files:
        keys = [src.key_of(name, r) for r in data.files[name]]
        assert len(keys) == len(set(keys)), name


def test_the_digest_depends_on_the_content_not_on_key_order_or_spacing() -> None:
    a = {"goods": [{"id": "silk", "level": 1}]}
    b = json.loads('{"goods": [{"level": 1,   "id": "silk"}]}')
    assert components.digest_of("nippon", a) == components.digest_of("nippon", b)
    assert components.digest_of("nippon", a) != components.digest_of("zaibatsu", a)
    assert components.digest_of("nippon", a) != components.digest_of("nippon", {"goods": [{"id": "silk", "level": 2}]})


@pytest.mark.parametrize("game", GAMES)
def test_data_export_writes_loadable_files_that_change_nothing(game: str, tmp_path: Path) -> None:
    written = components.export(game, tmp_path)
    src = components.source(game)
    assert sorted(p.stem for p in written) == sorted(src.files)
    assert components.digest_of(game, components.read_folder(game, tmp_path / game)) == components.shipped(game).digest
    assert (tmp_path / game / f"{src.files[0]}.json").read_text(encoding="utf-8").startswith("[\n  {")
    same = components.effective(game, tmp_path)  # the export used as an override folder
    assert same.digest == components.shipped(game).digest and not same.overridden


# -- overrides ------------------------------------------------------------------------------------
def test_a_partial_override_replaces_only_the_records_it_names(tmp_path: Path) -> None:
    path = _write(tmp_path, "nippon", "action_spaces", [_space(1, ["invest", "mines"]), _space(2, ["export", "ships"])])
    data = components.effective("nippon", tmp_path)
    shipped = components.shipped("nippon")
    assert data.digest != shipped.digest and components.available("nippon", data.digest)
    assert data.overridden == {"action_spaces": {"index=1": str(path), "index=2": str(path)}}
    assert data.record("action_spaces", "index=1") == _space(1, ["invest", "mines"])
    assert data.files["action_spaces"][0] == shipped.files["action_spaces"][0]  # not named: as shipped
    assert all(data.files[k] == shipped.files[k] for k in shipped.files if k != "action_spaces")
    with components.using("nippon", data.digest):
        assert nippon_tables().spaces[1].actions == ("invest", "mines")
        assert engine.nippon.data.load().action_spaces[2].source == SLOT2
        report = dict((k, (c, li, p)) for k, c, li, p in NIPPON.data_report())
        assert report["action_spaces"] == (3, 2, 0)  # two records now "confirmed"
    assert nippon_tables().spaces[1].actions == ("export", "invest")  # outside: the shipped data


def test_an_override_that_restores_the_old_records_gives_the_old_data_set(tmp_path: Path) -> None:
    old = components.get("nippon", LEGACY_DIGEST).files["action_spaces"]
    _write(tmp_path, "nippon", "action_spaces", list(old))
    assert components.effective("nippon", tmp_path).digest == LEGACY_DIGEST


def test_an_override_is_read_again_when_its_file_changes(tmp_path: Path) -> None:
    _write(tmp_path, "nippon", "action_spaces", [_space(1, ["invest", "mines"]), _space(2, ["export", "ships"])])
    first = components.effective("nippon", tmp_path)
    assert components.effective("nippon", tmp_path) is first  # cached while nothing changed
    _write(tmp_path, "nippon", "action_spaces", [_space(1, ["invest", "mines"], "https://example.org/v2"),
                                                  _space(2, ["export", "ships"])])
    assert components.effective("nippon", tmp_path).digest != first.digest


def test_a_folder_without_the_game_changes_nothing(tmp_path: Path) -> None:
    _write(tmp_path, "zaibatsu", "goods", [])
    assert components.effective("nippon", tmp_path).digest == components.shipped("nippon").digest
    assert components.effective("nippon", None) is components.shipped("nippon")


def _error(folder: Path, game: str = "nippon") -> DataError:
    with pytest.raises(DataError) as caught:
        components.effective(game, folder)
    return caught.value


def test_a_bad_value_names_the_file_the_record_and_the_field(tmp_path: Path) -> None:
    path = _write(tmp_path, "nippon", "action_spaces", [_space(1, ["invest", "mining"])])
    err = _error(tmp_path)
    assert (err.file, err.record, err.field) == (str(path), "index=1", "actions.1")
    assert str(path) in str(err) and "record index=1" in str(err) and "field actions.1" in str(err)


def test_a_missing_field_and_an_extra_field_are_named(tmp_path: Path) -> None:
    record = _space(2, ["mines", "ships"])
    del record["source"]
    path = _write(tmp_path, "nippon", "action_spaces", [record])
    assert (_error(tmp_path).record, _error(tmp_path).field, _error(tmp_path).file) == ("index=2", "source", str(path))
    _write(tmp_path, "nippon", "action_spaces", [{**_space(2, ["mines", "ships"]), "colour": "red"}])
    assert (_error(tmp_path).record, _error(tmp_path).field) == ("index=2", "colour")


def test_a_record_matching_no_shipped_record_is_refused(tmp_path: Path) -> None:
    path = _write(tmp_path, "nippon", "factories", [{"id": "SI-9"}])
    err = _error(tmp_path)
    assert (err.file, err.record) == (str(path), "SI-9") and "no shipped record" in err.reason


def test_a_record_without_its_key_or_given_twice_is_refused(tmp_path: Path) -> None:
    path = _write(tmp_path, "nippon", "tracks", [{"track": "coal", "number": 3}])
    err = _error(tmp_path)
    assert (err.file, err.record, err.field) == (str(path), "#1", "index")
    _write(tmp_path, "nippon", "action_spaces", [_space(1, ["export", "invest"]), _space(1, ["export", "invest"])])
    assert _error(tmp_path).record == "index=1" and "twice" in _error(tmp_path).reason


def test_a_rule_across_records_names_the_override_file(tmp_path: Path) -> None:
    path = _write(tmp_path, "nippon", "action_spaces", [_space(1, ["invest", "invest"])])
    err = _error(tmp_path)
    assert err.file == str(path) and "every action exactly once" in err.reason


def test_unknown_files_and_broken_json_are_named(tmp_path: Path) -> None:
    stray = _write(tmp_path, "nippon", "bonus_tiles", [])
    assert _error(tmp_path).file == str(stray) and "action_spaces" in _error(tmp_path).reason
    stray.unlink()
    broken = tmp_path / "nippon" / "goods.json"
    broken.write_text('[{"id": "silk",}]', encoding="utf-8")
    err = _error(tmp_path)
    assert err.file == str(broken) and "line 1" in err.reason
    broken.write_text('{"id": "silk"}', encoding="utf-8")
    assert "list" in _error(tmp_path).reason
    with pytest.raises(DataError) as caught:
        components.effective("nippon", tmp_path / "nowhere")
    assert caught.value.file == str(tmp_path / "nowhere")


@pytest.mark.parametrize(("game", "name", "record", "key"), [
    ("zaibatsu", "tracks", {"track": "rd", "space": 3, "value": "x"}, "track=rd,space=3"),
    ("yokohama", "rule_numbers", {"key": "shop_cost", "source": "x", "confidence": "sure"}, "key=shop_cost"),
])
def test_other_games_name_their_records_by_their_keys(tmp_path: Path, game: str, name: str, record: dict,
                                                      key: str) -> None:
    path = _write(tmp_path, game, name, [record])
    err = _error(tmp_path, game)
    assert (err.file, err.record) == (str(path), key) and err.field


# -- the data set in use ------------------------------------------------------------------------
def test_selection_is_per_context_and_caches_are_per_data_set(tmp_path: Path) -> None:
    _write(tmp_path, "nippon", "action_spaces", [_space(1, ["invest", "mines"]), _space(2, ["export", "ships"])])
    data = components.effective("nippon", tmp_path)
    shipped_tables = nippon_tables()
    seen: dict[str, object] = {}

    def other_thread() -> None:
        seen["tables"] = nippon_tables()

    with components.using("nippon", data.digest) as selected:
        assert selected is data and components.selected("nippon") == data.digest
        assert components.active("nippon") is data
        mine = nippon_tables()
        assert mine is not shipped_tables and mine is nippon_tables()
        thread = threading.Thread(target=other_thread)
        thread.start()
        thread.join()
        from render.core.templates import layer_key

        inside = layer_key("shape", "nippon")
    assert seen["tables"] is shipped_tables  # a thread does not see this context's choice
    assert components.selected("nippon") is None and nippon_tables() is shipped_tables
    assert layer_key("shape", "nippon") != inside  # a picture's static layer is per data set too

    ctx = contextvars.copy_context()
    ctx.run(components.select, "nippon", data.digest)
    assert ctx.run(nippon_tables) is mine and nippon_tables() is shipped_tables


def test_data_cached_functions_keep_one_result_per_data_set(tmp_path: Path) -> None:
    calls = []

    @components.data_cached("nippon")
    def pairing(space: int) -> tuple[str, ...]:
        calls.append(space)
        return nippon_tables().spaces[space].actions

    _write(tmp_path, "nippon", "action_spaces", [_space(1, ["invest", "mines"]), _space(2, ["export", "ships"])])
    data = components.effective("nippon", tmp_path)
    assert pairing(1) == ("export", "invest")
    with components.using("nippon", data.digest):
        assert pairing(1) == ("invest", "mines") and pairing(1) == ("invest", "mines")
    assert pairing(1) == ("export", "invest") and calls == [1, 1]


def test_an_unknown_data_set_is_refused_clearly() -> None:
    missing = "0" * 64
    assert not components.available("nippon", missing)
    with pytest.raises(DataUnavailable) as caught, components.using("nippon", missing):
        pass
    assert caught.value.digest == missing and missing in str(caught.value)
    with pytest.raises(DataUnavailable):
        components.select("nippon", missing)


def test_a_stored_data_set_is_checked_against_its_digest(tmp_path: Path) -> None:
    _write(tmp_path, "nippon", "action_spaces", [_space(1, ["invest", "mines"]), _space(2, ["export", "ships"])])
    data = components.effective("nippon", tmp_path)
    text = data.to_json()
    components.forget("nippon", data.digest)
    assert not components.available("nippon", data.digest)
    with pytest.raises(DataError):
        components.from_json("nippon", text, "f" * 64)
    assert components.from_json("nippon", text, data.digest).digest == data.digest
    assert components.available("nippon", data.digest)
    with pytest.raises(DataError):
        components.from_json("zaibatsu", text)


# -- history: the data sets shipped before ------------------------------------------------------
@pytest.mark.parametrize("game", GAMES)
def test_each_history_file_holds_the_data_set_it_is_named_after(game: str) -> None:
    src = components.source(game)
    digests = components.history(game)
    assert src.legacy in digests  # tables stored before digests replay with it
    for digest in digests:
        text = gzip.decompress((src.history / f"{digest}.json.gz").read_bytes()).decode("utf-8")
        assert hashlib.sha256(text.encode("utf-8")).hexdigest() == digest
        assert components.available(game, digest)


def test_a_log_of_the_old_pairing_replays_only_with_its_data_set() -> None:
    stored = json.loads((Path(__file__).resolve().parents[1] / "fixtures" / "legacy" / "nippon-2p.json").read_text())
    moves = stored["moves"]
    with components.using("nippon", components.legacy_digest("nippon")):
        final = replay(NIPPON, stored["options"], stored["seed"], moves)
        assert NIPPON.result(final) is not None
    with pytest.raises(ValueError, match="Action space 3 offers Mines, Ships, not Export"):
        replay(NIPPON, stored["options"], stored["seed"], moves)


def test_write_history_keeps_a_data_set_that_then_loads(tmp_path: Path) -> None:
    data = components.shipped("zaibatsu")
    path = components.write_history(data, tmp_path)
    assert path.name == f"{data.digest}.json.gz"
    assert path.read_bytes() == components.write_history(data, tmp_path).read_bytes()  # reproducible bytes
    assert json.loads(gzip.decompress(path.read_bytes()))["game"] == "zaibatsu"
    assert engine.zaibatsu.data.LEGACY_DIGEST and engine.yokohama.data.LEGACY_DIGEST


@pytest.mark.parametrize("game", GAMES)
def test_the_history_is_packaged(game: str) -> None:
    """An installed package has the earlier data sets too (pyproject's package-data: one wildcard
    entry for every game package)."""
    import tomllib
    from fnmatch import fnmatch

    root = Path(__file__).resolve().parents[2]
    globs = tomllib.loads((root / "pyproject.toml").read_text())["tool"]["setuptools"]["package-data"]["engine"]
    src = components.source(game)
    for digest in components.history(game):
        rel = (src.history / f"{digest}.json.gz").relative_to(root / "engine").as_posix()
        assert any(fnmatch(rel, g) for g in globs), rel
