"""Every table keeps the component data it started with (docs/hosting.md, "Correcting components").

A started table stores the digest of its component data and the store keeps the data set by digest
(revision 0006); every call that loads the table selects that data again, so an owner's correction
(``MEIJI_DATA_DIR`` / ``--data``) changes new games only. Tables from before digests use the game's
legacy data (Nippon: the action-space pairing before its correction). A table whose data set is
gone is refused with a message saying so. The CLI: ``meiji data-report`` marks overridden records,
``meiji data export`` writes the files to start from, ``meiji replay`` uses an export's digest.

Every test with a ``store``/``db_url`` runs on SQLite and, when the run has a server, on PostgreSQL.
"""

from __future__ import annotations

import json
import os
import random
import re
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import inspect, text

from bot.__main__ import main
from bot.host import Host, effective_moves
from bot.store import Store
from engine.core import builtin_game_names, components, get_game, replay
from engine.nippon.data import LEGACY_DIGEST

pytestmark = pytest.mark.all_databases

NIPPON = get_game("nippon")
SOURCE = "https://example.org/our-checked-copy"


def _override(folder: Path, first: list[str] | None = None, second: list[str] | None = None) -> Path:
    """An override folder that pairs space 2 and 3 as given (default: the old pairing, newly sourced)."""
    records = [
        {"index": 1, "actions": first or ["invest", "mines"], "source": SOURCE, "confidence": "confirmed"},
        {"index": 2, "actions": second or ["export", "ships"], "source": SOURCE, "confidence": "confirmed"},
    ]
    (folder / "nippon").mkdir(parents=True, exist_ok=True)
    (folder / "nippon" / "action_spaces.json").write_text(json.dumps(records, indent=2), encoding="utf-8")
    return folder


def _start(host: Host, channel: str, seed: int, players: int = 2) -> None:
    assert host.new_table(channel, "u1", "Ann", "nippon", {"players": players}, seed).ok
    for k in range(2, players + 1):
        assert host.join(channel, f"u{k}", f"P{k}").ok
    reply = host.start(channel, "u1")
    assert reply.ok, reply.private


def _play(host: Host, channel: str, rng: random.Random, limit: int = 10_000) -> list[str]:
    """Random moves through the host until the game ends or ``limit`` moves; the moves played."""
    played: list[str] = []
    while len(played) < limit and (status := host.status(channel).data).status == "running":
        user = status.to_act
        choices = [n for n, _label in host.legal(channel, user).choices]
        played.append(rng.choice(choices))
        reply = host.move(channel, user, played[-1])
        assert reply.ok, reply.private
    return played


def _final_json(host: Host, channel: str) -> str:
    """The state rebuilt from the table's export with the data the export names."""
    data = host.export(channel).data
    assert data is not None
    with components.using("nippon", data.data_digest):
        state = replay(NIPPON, data.options, data.seed, [m["notation"] for m in effective_moves(data.moves)])
        return NIPPON.to_json(state)


def _table_digest(store: Store, channel: str) -> str | None:
    with store.unit_of_work(write=False) as repo:
        table = repo.latest_table(channel)
        assert table is not None
        return table.data_digest


# -- the digest and the data set are stored --------------------------------------------------------
def test_a_started_table_stores_its_data_digest_and_the_data(store: Store) -> None:
    host = Host(store, data_dir="")
    assert host.new_table("c", "u1", "Ann", "nippon", {"players": 2}, 3).ok
    assert _table_digest(store, "c") is None and host.export("c").data.data_digest is None  # not started
    assert host.join("c", "u2", "Bob").ok and host.start("c", "u1").ok
    shipped = components.shipped("nippon")
    assert _table_digest(store, "c") == shipped.digest
    assert host.export("c").data.data_digest == shipped.digest
    with store.unit_of_work(write=False) as repo:
        assert repo.component_data(shipped.digest) == shipped.to_json()
        assert not repo.save_component_data(shipped.digest, "nippon", shipped.to_json())  # kept once
    _start(host, "d", 4)  # a second table with the same data: one stored data set
    with store.engine.connect() as conn:
        assert conn.execute(text("SELECT count(*) FROM component_data")).scalar() == 1


def test_a_game_without_component_data_stores_no_digest(store: Store) -> None:
    host = Host(store, data_dir="")
    assert host.new_table("c", "u1", "Ann", "dicerace", {"players": 2}, 3).ok
    assert host.join("c", "u2", "Bob").ok and host.start("c", "u1").ok
    assert _table_digest(store, "c") is None and host.export("c").data.data_digest is None
    assert host.board("c").ok


# -- a correction never changes a game in progress or an old replay ------------------------------
@pytest.mark.slow
def test_a_correction_changes_new_games_only(store: Store, tmp_path: Path) -> None:
    before = Host(store, data_dir="")
    _start(before, "done", 11)
    _play(before, "done", random.Random(11))
    final = _final_json(before, "done")
    board = before.board("done").public
    _start(before, "running", 12)
    _play(before, "running", random.Random(12), limit=40)
    shipped = components.shipped("nippon").digest

    after = Host(store, data_dir=_override(tmp_path))
    corrected = components.effective("nippon", after.data_dir)
    assert corrected.digest not in (shipped, LEGACY_DIGEST)
    with store.engine.begin() as conn:  # no snapshot to fall back on: every state is replayed from the log
        conn.execute(text("DELETE FROM snapshot"))
    # the finished game: the same final state, board and replay as before the correction
    assert after.board("done").public == board
    assert _final_json(after, "done") == final and after.export("done").data.data_digest == shipped
    assert after.replay("done", "u1").ok and after.replay("done", "u1", position=5).ok
    # the running game carries on with its own data: the shipped pairing, not the corrected one
    rng = random.Random(99)
    while (status := after.status("running").data).status == "running":
        choices = [n for n, _label in after.legal("running", status.to_act).choices]
        assert not any(c.startswith(("take 2 mines", "take 3 export")) for c in choices)
        assert after.move("running", status.to_act, rng.choice(choices)).ok
    assert _table_digest(store, "running") == shipped
    # a new game plays with the corrected data
    _start(after, "new", 13)
    assert _table_digest(store, "new") == corrected.digest
    with store.unit_of_work(write=False) as repo:
        assert repo.component_data(corrected.digest) == corrected.to_json()
    legal = [n for n, _label in after.legal("new", after.status("new").data.to_act).choices]
    assert any(c.startswith("take 2 mines") for c in legal) and not any(c.startswith("take 2 export") for c in legal)
    assert not any(c.startswith("take 3 mines") for c in legal)
    # … and so does the plain host when it loads that table (the data set is in the store)
    components.forget("nippon", corrected.digest)
    plain = Host(store, data_dir="")
    assert plain.legal("new", plain.status("new").data.to_act).choices == after.legal(
        "new", after.status("new").data.to_act).choices


def test_a_table_whose_data_is_missing_is_refused_with_a_clear_message(store: Store, tmp_path: Path) -> None:
    folder = _override(tmp_path)
    corrected = Host(store, data_dir=folder)
    _start(corrected, "c", 5)
    digest = _table_digest(store, "c")
    assert digest == components.effective("nippon", folder).digest
    with store.engine.begin() as conn:
        conn.execute(text("DELETE FROM component_data"))
    components.forget("nippon", digest)
    host = Host(store, data_dir="")
    for reply in (host.board("c"), host.status("c"), host.legal("c", "u1"), host.move("c", "u1", "consolidate"),
                  host.replay("c", "u1")):
        assert not reply.ok
        assert reply.private == (f"Table #1 was started with component data {digest[:12]} that is not available "
                                 "here, so the game can't be loaded. The bot's owner can restore that data (see "
                                 "'Correcting components' in the hosting guide).")
    polish = host.board("c", lang="pl").private
    assert polish is not None and digest[:12] in polish and "Stół #1" in polish
    assert host.export("c").data.data_digest == digest  # the log can still be exported
    # the owner restores the corrections: the table loads again
    assert Host(store, data_dir=folder).board("c").ok
    assert host.board("c").ok


def test_invalid_corrections_refuse_new_games_and_leave_running_ones_alone(store: Store, tmp_path: Path) -> None:
    plain = Host(store, data_dir="")
    _start(plain, "c", 6)
    bad = _override(tmp_path, first=["invest", "invest"])
    host = Host(store, data_dir=bad)
    refused = host.new_table("d", "u1", "Ann", "nippon", {"players": 2}, 1)
    assert not refused.ok and "corrections of the Nippon components are invalid" in (refused.private or "")
    assert str(bad) not in (refused.private or "")  # no server path in a player's message
    assert _play(host, "c", random.Random(6), limit=5)  # the running game is not affected
    assert host.new_table("z", "u1", "Ann", "zaibatsu", {"players": 2}, 1).ok  # nor the other games


# -- tables from before digests (revision 0005) -------------------------------------------------
def _alembic(store: Store, fn: str, revision: str) -> None:
    from alembic import command

    cfg = store.alembic_config()
    with store.engine.begin() as conn:
        cfg.attributes["connection"] = conn
        getattr(command, fn)(cfg, revision)


def test_a_nippon_game_stored_before_digests_replays_with_the_old_pairing(empty_db_url: str) -> None:
    """A 0005 database with a Nippon game of the old pairing (no snapshot): after the upgrade the
    host replays it with the legacy data set and the game goes on."""
    legacy = json.loads((Path(__file__).resolve().parents[1] / "fixtures" / "legacy" / "nippon-2p.json").read_text())
    old = Store(empty_db_url)
    _alembic(old, "upgrade", "0005")
    utc = "" if old.engine.dialect.name == "sqlite" else "+00"
    entries, state = [], NIPPON.setup(legacy["options"], legacy["seed"])
    with components.using("nippon", LEGACY_DIGEST):
        for notation in legacy["moves"][:70]:
            seat = NIPPON.decision(state).seat
            entries.append((notation, seat))
            state, _events = NIPPON.apply(state, NIPPON.parse_action(state, notation))
        to_act = NIPPON.decision(state).seat
    assert any(n.startswith("take 3 export") for n, _seat in entries)  # the old pairing
    with old.engine.begin() as conn:
        conn.execute(text(
            "INSERT INTO game_table (channel, guild, game, options, seed, status, version, engine_version, "
            f"creator, created_at, updated_at) VALUES ('c', 'g', 'nippon', '{{\"players\": 2}}', {legacy['seed']}, "
            f"'running', 9, '{NIPPON.version}', 'u1', '2026-01-01 10:00:00{utc}', '2026-01-01 10:00:00{utc}')"))
        conn.execute(text("INSERT INTO seat (table_id, seat, user_id, user_name) VALUES (1, 0, 'u1', 'Ann')"))
        conn.execute(text("INSERT INTO seat (table_id, seat, user_id, user_name) VALUES (1, 1, 'u2', 'Bob')"))
        for seq, (notation, seat) in enumerate(entries, start=1):
            conn.execute(text("INSERT INTO move (table_id, seq, actor, seat, kind, notation, created_at) VALUES "
                              "(1, :seq, NULL, :seat, :kind, :notation, :at)"),
                         {"seq": seq, "seat": seat, "kind": "chance" if notation.startswith("~") else "choice",
                          "notation": notation, "at": f"2026-01-01 10:00:00{utc}"})
    old.dispose()

    store = Store.open(empty_db_url)  # upgrade to head
    with store.engine.connect() as conn:
        assert "data_digest" in {c["name"] for c in inspect(conn).get_columns("game_table")}
        assert "component_data" in inspect(conn).get_table_names()
    host = Host(store, data_dir="")
    status = host.status("c").data
    assert status.to_act == f"u{to_act + 1}" and host.board("c").ok
    assert host.export("c").data.data_digest == LEGACY_DIGEST
    assert _play(host, "c", random.Random(1), limit=30)
    assert _table_digest(store, "c") is None  # still the legacy data
    _alembic(store, "downgrade", "0005")
    with store.engine.connect() as conn:
        assert "data_digest" not in {c["name"] for c in inspect(conn).get_columns("game_table")}
        assert "component_data" not in inspect(conn).get_table_names()
        assert conn.execute(text("SELECT count(*) FROM seat")).scalar() == 2
        assert conn.execute(text("SELECT count(*) FROM move")).scalar() > 70
    store.migrate()
    store.dispose()


# -- the command line ---------------------------------------------------------------------------
def test_data_report_marks_overridden_records_and_their_new_source(tmp_path: Path, capsys: Any,
                                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    folder = _override(tmp_path)
    assert main(["data-report", "--game", "nippon", "--data", str(folder)]) == 0
    out = capsys.readouterr().out
    lines = out.splitlines()
    assert any(line.split()[:1] == ["action_spaces*"] for line in lines)
    assert not any(line.split()[:1] == ["factories*"] for line in lines)
    digest = components.effective("nippon", folder).digest
    assert f"data set {digest} (the shipped files corrected by {folder})" in out
    assert "* overridden records (2):" in out
    assert f"  action_spaces [index=1]: source {SOURCE} (confirmed) — {folder / 'nippon' / 'action_spaces.json'}" in lines
    monkeypatch.setenv("MEIJI_DATA_DIR", str(folder))  # the environment variable does the same
    assert main(["data-report", "--game", "nippon"]) == 0
    assert "* overridden records (2):" in capsys.readouterr().out
    monkeypatch.delenv("MEIJI_DATA_DIR")
    assert main(["data-report", "--game", "nippon"]) == 0
    out = capsys.readouterr().out
    assert "overridden" not in out and f"data set {components.shipped('nippon').digest} (the shipped files)" in out


def test_bad_corrections_are_refused_naming_file_record_and_field(tmp_path: Path, capsys: Any) -> None:
    folder = _override(tmp_path, first=["invest", "minez"])
    for argv in (["data-report", "--data", str(folder)], ["selfplay", "--game", "nippon", "--games", "1",
                                                          "--data", str(folder)]):
        assert main(argv) == 1
        err = capsys.readouterr().err
        assert f"{folder / 'nippon' / 'action_spaces.json'}, record index=1, field actions.1" in err
    assert main(["data-report", "--data", str(tmp_path / "missing")]) == 2
    assert "does not exist" in capsys.readouterr().err


def test_the_bot_refuses_to_start_with_bad_corrections(tmp_path: Path, capsys: Any,
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    import bot.discord_app as adapter

    monkeypatch.setenv("DISCORD_TOKEN", "not-a-real-token")
    monkeypatch.setenv(components.ENV_VAR, "")  # none; and whatever `run` sets is undone at the end
    monkeypatch.setattr(adapter, "run_bot", lambda *a, **k: pytest.fail("connected with bad corrections"))
    folder = _override(tmp_path, second=["export", "export"])
    assert main(["run", "--data", str(folder)]) == 1
    assert "every action exactly once" in capsys.readouterr().err
    started: list[str | None] = []
    monkeypatch.setattr(adapter, "run_bot", lambda *a, **k: started.append(os.environ.get(components.ENV_VAR)))
    good = _override(tmp_path / "good")
    assert main(["run", "--data", str(good)]) == 0
    assert started == [str(good)]  # the Discord host reads it (bot.host.Host's default)


def test_data_export_writes_the_files_to_start_from(tmp_path: Path, capsys: Any) -> None:
    assert main(["data", "export", "--game", "nippon", str(tmp_path / "fix")]) == 0
    assert "nippon: 23 files" in capsys.readouterr().out
    exported = json.loads((tmp_path / "fix" / "nippon" / "action_spaces.json").read_text(encoding="utf-8"))
    assert exported == list(components.shipped("nippon").files["action_spaces"])
    # as exported it changes nothing; edited, it is a correction
    assert components.effective("nippon", tmp_path / "fix").digest == components.shipped("nippon").digest
    exported[1] = {**exported[1], "source": SOURCE, "confidence": "confirmed"}
    (tmp_path / "fix" / "nippon" / "action_spaces.json").write_text(json.dumps(exported), encoding="utf-8")
    assert main(["data-report", "--game", "nippon", "--data", str(tmp_path / "fix")]) == 0
    assert "* overridden records (1):" in capsys.readouterr().out
    # exporting the corrected data keeps the correction
    assert main(["data", "export", "--game", "nippon", "--data", str(tmp_path / "fix"), str(tmp_path / "again")]) == 0
    again = json.loads((tmp_path / "again" / "nippon" / "action_spaces.json").read_text(encoding="utf-8"))
    assert again[1]["source"] == SOURCE
    assert main(["data", "export", str(tmp_path / "all")]) == 0  # every game
    assert {p.name for p in (tmp_path / "all").iterdir()} == set(builtin_game_names())


def test_replay_uses_the_data_of_the_exports_digest(tmp_path: Path, capsys: Any) -> None:
    folder = _override(tmp_path / "fix")
    url = f"sqlite:///{tmp_path / 'games.db'}"
    store = Store.open(url)
    host = Host(store, data_dir=folder)
    _start(host, "c", 21)
    _play(host, "c", random.Random(21), limit=60)
    export = host.export("c").data
    store.dispose()
    digest = export.data_digest
    path = tmp_path / "game.json"
    path.write_text(json.dumps(export.as_json()), encoding="utf-8")
    components.forget("nippon", digest)
    assert main(["replay", str(path)]) == 1
    err = capsys.readouterr().err
    assert f"component data {digest} that is not available here" in err and "--db URL" in err
    assert main(["replay", str(path), "--db", url]) == 0  # the store keeps the data set
    out = capsys.readouterr().out
    components.forget("nippon", digest)
    assert main(["replay", str(path), "--data", str(folder)]) == 0  # or the corrections it was played with
    assert capsys.readouterr().out == out
    # an export from before digests replays with the legacy data
    legacy = json.loads((Path(__file__).resolve().parents[1] / "fixtures" / "legacy" / "nippon-2p.json").read_text())
    old = {"game": "nippon", "options": legacy["options"], "seed": legacy["seed"],
           "moves": [{"seq": i, "kind": "chance" if n.startswith("~") else "choice", "notation": n}
                     for i, n in enumerate(legacy["moves"], start=1)]}
    path.write_text(json.dumps(old), encoding="utf-8")
    assert main(["replay", str(path)]) == 0
    scores = sorted(legacy["final"]["scores"].values(), reverse=True)
    out = capsys.readouterr().out  # a log without its players: each seat named by its colour, not "seat 1"
    assert re.search(rf"^1\. [A-Z][a-z]+ — {scores[0]} points$", out, re.M) and "1. seat" not in out, out
