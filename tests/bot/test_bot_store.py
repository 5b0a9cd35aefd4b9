"""Store: SQLite settings, transactions, optimistic versions, migrations.

Every test with a ``store``/``db_url`` runs on SQLite and, when the run has a server, on PostgreSQL
(tests/conftest.py).
"""

from __future__ import annotations

import tomllib
from fnmatch import fnmatch
from pathlib import Path

import pytest
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy import event, inspect, text
from sqlalchemy.exc import IntegrityError

from bot.store import (
    FINISHED,
    MIGRATIONS_DIR,
    MoveRec,
    Store,
    TableRec,
    VersionConflict,
    is_memory_url,
    metadata,
)

ROOT = Path(__file__).resolve().parents[2]
pytestmark = pytest.mark.all_databases


def _table(repo, channel: str = "c") -> TableRec:  # noqa: ANN001
    return repo.create_table(
        channel=channel, guild="g", game="dicerace", options={"players": 2}, seed=5,
        engine_version="test-1", creator="u1",
    )


def test_memory_url_detection() -> None:
    assert is_memory_url("sqlite://") and is_memory_url("sqlite:///:memory:")
    assert not is_memory_url("sqlite:///./meiji.db")
    assert not is_memory_url("postgresql://u@h/db")


def test_file_database_pragmas(tmp_path: Path) -> None:
    store = Store.open(f"sqlite:///{tmp_path / 'p.db'}")
    with store.engine.connect() as conn:
        assert conn.exec_driver_sql("PRAGMA journal_mode").scalar() == "wal"
        assert conn.exec_driver_sql("PRAGMA synchronous").scalar() == 1  # NORMAL
        assert conn.exec_driver_sql("PRAGMA foreign_keys").scalar() == 1
        assert conn.exec_driver_sql("PRAGMA busy_timeout").scalar() >= 1000
    store.dispose()


def test_writes_begin_immediate_and_reads_deferred(store: Store) -> None:
    if store.engine.dialect.name != "sqlite":
        pytest.skip("SQLite's BEGIN modes; PostgreSQL relies on the version compare-and-set (test_concurrency)")
    seen: list[str] = []

    @event.listens_for(store.engine, "before_cursor_execute")
    def record(conn, cursor, statement, *args):  # noqa: ANN001, ANN202
        if statement.startswith("BEGIN"):
            seen.append(statement)

    with store.unit_of_work() as repo:
        _table(repo)
        repo.commit()
    with store.unit_of_work(write=False) as repo:
        repo.active_table("c")
    assert seen == ["BEGIN IMMEDIATE", "BEGIN"]


def test_unit_of_work_rolls_back_without_commit(store: Store) -> None:
    with store.unit_of_work() as repo:
        _table(repo)
    with store.unit_of_work() as repo:
        assert repo.active_table("c") is None
    with pytest.raises(RuntimeError), store.unit_of_work() as repo:
        _table(repo)
        raise RuntimeError("x")
    with store.unit_of_work() as repo:
        assert repo.tables() == []


def test_bump_version_is_optimistic(store: Store) -> None:
    with store.unit_of_work() as repo:
        t = _table(repo)
        repo.commit()
    assert t.version == 1
    with store.unit_of_work() as repo:
        assert repo.bump_version(t.id, 1, status=FINISHED, options={"players": 3}) == 2
        repo.commit()
    with store.unit_of_work() as repo:
        with pytest.raises(VersionConflict):
            repo.bump_version(t.id, 1, status="abandoned")
        with pytest.raises(ValueError):
            repo.bump_version(t.id, 2, channel="elsewhere")
    with store.unit_of_work(write=False) as repo:
        again = repo.table(t.id)
    assert again is not None and again.version == 2 and again.status == FINISHED
    assert again.options == {"players": 3}
    assert again.created_at.tzinfo is not None


def test_one_active_table_per_channel(store: Store) -> None:
    with store.unit_of_work() as repo:
        t = _table(repo)
        repo.commit()
    with pytest.raises(IntegrityError), store.unit_of_work() as repo:
        _table(repo)
    with store.unit_of_work() as repo:
        repo.bump_version(t.id, 1, status=FINISHED)
        _table(repo)  # allowed once the first one is finished
        repo.commit()
        assert [x.status for x in repo.tables()] == [FINISHED, "open"]
        assert repo.latest_table("c").id != t.id  # type: ignore[union-attr]


def test_moves_are_unique_per_seq_and_kind_checked(store: Store) -> None:
    with store.unit_of_work() as repo:
        t = _table(repo)
        repo.append_moves([MoveRec(t.id, 1, None, -1, "chance", "first 1")])
        repo.commit()
    with pytest.raises(IntegrityError), store.unit_of_work() as repo:
        repo.append_moves([MoveRec(t.id, 1, "u1", 0, "choice", "bank")])
    with pytest.raises(ValueError), store.unit_of_work() as repo:
        repo.append_moves([MoveRec(t.id, 2, "u1", 0, "teleport", "x")])
    with store.unit_of_work() as repo:
        assert repo.last_seq(t.id) == 1
        assert repo.last_seq(t.id, ("choice",)) == 0


def test_foreign_keys_are_enforced(store: Store) -> None:
    with pytest.raises(IntegrityError), store.unit_of_work() as repo:
        repo.append_moves([MoveRec(404, 1, None, None, "system", "x")])


def test_snapshots(store: Store) -> None:
    with store.unit_of_work() as repo:
        t = _table(repo)
        for seq in (0, 3, 7):
            repo.save_snapshot(t.id, seq, "test-1", f'{{"seq": {seq}}}')
        repo.commit()
    with store.unit_of_work(write=False) as repo:
        assert repo.latest_snapshot(t.id).seq == 7  # type: ignore[union-attr]
        assert repo.snapshot_before(t.id, 7).seq == 3  # type: ignore[union-attr]
        assert repo.snapshot_before(t.id, 0) is None


def test_migrations_create_the_model_schema(empty_db_url: str) -> None:
    store = Store.open(empty_db_url)
    store.migrate()  # idempotent
    with store.engine.connect() as conn:
        context = MigrationContext.configure(conn)
        head = ScriptDirectory.from_config(store.alembic_config()).get_current_head()
        assert context.get_current_revision() == head
        assert compare_metadata(context, metadata) == []
        names = set(inspect(conn).get_table_names())
    assert {"game_table", "seat", "move", "snapshot", "alembic_version"} <= names
    store.dispose()


def test_migrations_are_packaged() -> None:
    """Every file alembic needs at run time matches pyproject's package-data for ``bot``."""
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())
    globs = config["tool"]["setuptools"]["package-data"]["bot"]
    needed = [MIGRATIONS_DIR / "env.py", *sorted((MIGRATIONS_DIR / "versions").glob("*.py"))]
    assert len(needed) >= 2
    bot_dir = MIGRATIONS_DIR.parent
    for path in needed:
        rel = path.relative_to(bot_dir).as_posix()
        assert any(fnmatch(rel, g) for g in globs), rel


def test_memory_store_uses_create_all() -> None:
    store = Store("sqlite://")
    store.migrate()
    with store.engine.connect() as conn:
        assert "alembic_version" not in inspect(conn).get_table_names()
        assert conn.execute(text("SELECT count(*) FROM game_table")).scalar() == 0
    store.dispose()


def test_database_url_from_environment(monkeypatch, tmp_path: Path) -> None:
    monkeypatch.setenv("DATABASE_URL", f"sqlite:///{tmp_path / 'env.db'}")
    store = Store()
    assert store.url.endswith("env.db") and not store.memory
    store.dispose()


# ---------------------------------------------------------------------------------------------
# Revision 0002: reminder_state, board message columns
# ---------------------------------------------------------------------------------------------
def _alembic(store: Store, fn, revision: str) -> None:  # noqa: ANN001
    from alembic import command

    cfg = store.alembic_config()
    with store.engine.begin() as conn:
        cfg.attributes["connection"] = conn
        getattr(command, fn)(cfg, revision)


def _game_at_0001(url: str) -> str:
    """The empty database ``url`` at revision 0001, holding a running dice race with an old reminder note."""
    from fakegame import GAME

    old = Store(url)
    _alembic(old, "upgrade", "0001")
    with old.engine.connect() as conn:
        assert "reminder_state" not in inspect(conn).get_table_names()
        assert "board_url" not in {c["name"] for c in inspect(conn).get_columns("game_table")}
    # Write through raw SQL only: today's models have columns revision 0001 lacks.
    from engine.core import CHANCE

    state = GAME.setup({"players": 2}, 7)
    chance = []
    while GAME.decision(state).seat == CHANCE:  # the start player and the first roll
        action = GAME.chance_outcomes(state)[-1].action
        chance.append(GAME.format_action(state, action))
        state, _ = GAME.apply(state, action)
    # timestamps are UTC: say so to PostgreSQL (a timestamptz literal); SQLite stores them naive
    utc = "" if old.engine.dialect.name == "sqlite" else "+00"
    with old.engine.begin() as conn:
        conn.execute(text(
            "INSERT INTO game_table (channel, guild, game, options, seed, status, version, engine_version, "
            "creator, created_at, updated_at, reminder_hours) VALUES ('c', 'g', 'dicerace', "
            "'{\"players\": 2}', 7, 'running', 4, 'test-1', 'u1', "
            f"'2026-01-01 10:00:00{utc}', '2026-01-01 10:00:00{utc}', 2)"
        ))
        conn.execute(text("INSERT INTO seat (table_id, seat, user_id, user_name) VALUES (1, 0, 'u1', 'Ann')"))
        conn.execute(text("INSERT INTO seat (table_id, seat, user_id, user_name) VALUES (1, 1, 'u2', 'Bob')"))
        insert = text(
            "INSERT INTO move (table_id, seq, actor, seat, kind, notation, created_at) "
            "VALUES (1, :seq, NULL, :seat, :kind, :notation, :at)"
        )
        for seq, notation in enumerate(chance, start=1):
            conn.execute(insert, {"seq": seq, "seat": -1, "kind": "chance", "notation": notation, "at": f"2026-01-01 10:00:00{utc}"})
        conn.execute(insert, {
            "seq": len(chance) + 1, "seat": None, "kind": "system", "notation": "reminder 1 sent to Ann",
            "at": f"2026-01-01 12:01:00{utc}",
        })
    old.dispose()
    return url


def test_a_0001_database_upgrades_to_head_keeping_every_game(empty_db_url: str) -> None:
    from datetime import UTC, datetime, timedelta

    from bot.host import Host

    url = _game_at_0001(empty_db_url)
    store = Store.open(url)  # what the bot does at start-up: alembic upgrade head
    with store.engine.connect() as conn:
        context = MigrationContext.configure(conn)
        assert context.get_current_revision() == "0007"
        assert compare_metadata(context, metadata) == []
        assert "public" in {c["name"] for c in inspect(conn).get_columns("move")}
        assert "language" in {c["name"] for c in inspect(conn).get_columns("game_table")}
        assert "reminder_state" in inspect(conn).get_table_names()
        columns = {c["name"] for c in inspect(conn).get_columns("game_table")}
        assert {"board_message_id", "board_url"} <= columns
        indexes = {i["name"]: i for i in inspect(conn).get_indexes("game_table")}
        assert indexes["ux_game_table_active_channel"]["unique"]
        assert conn.execute(text("SELECT count(*) FROM seat")).scalar() == 2
    host = Host(store)
    status = host.status("c").data
    assert status is not None and status.status == "running" and status.reminder_hours == 2
    assert status.language == "en"  # an old table has no language: the caller's (English here)
    assert status.board_url is None and len(status.players) == 2
    assert "— reminder 1 sent to Ann" in (host.log("c").public or "")  # the old note is still shown
    # reminders are counted from reminder_state now: the old note does not count
    [due] = host.due_reminders(datetime(2026, 1, 1, 12, 5, tzinfo=UTC))
    assert due["number"] == 1 and due["last_seq"] == 2 and due["to_act"] == status.to_act
    assert due["language"] == "en"
    assert host.mark_reminded(due["table_id"], 2, 1)
    assert host.due_reminders(datetime(2026, 1, 1, 12, 5, tzinfo=UTC) + timedelta(hours=1)) == []
    assert host.set_board_message("c", "42", "https://discord.com/channels/1/2/42").ok
    assert host.move("c", status.to_act, "move 1").ok  # the game carries on
    store.dispose()


def test_0002_downgrade_keeps_the_games(empty_db_url: str) -> None:
    url = _game_at_0001(empty_db_url)
    store = Store.open(url)
    _alembic(store, "downgrade", "0001")
    with store.engine.connect() as conn:
        assert "reminder_state" not in inspect(conn).get_table_names()
        assert "board_url" not in {c["name"] for c in inspect(conn).get_columns("game_table")}
        # dropping the columns must not recreate game_table (foreign keys would cascade)
        assert conn.execute(text("SELECT count(*) FROM seat")).scalar() == 2
        assert conn.execute(text("SELECT count(*) FROM move")).scalar() == 3
        assert {i["name"] for i in inspect(conn).get_indexes("game_table")} >= {"ux_game_table_active_channel"}
    store.migrate()  # and up again
    store.dispose()


def test_0003_downgrade_drops_the_public_column_and_keeps_the_log(empty_db_url: str) -> None:
    url = _game_at_0001(empty_db_url)
    store = Store.open(url)
    _alembic(store, "downgrade", "0002")
    with store.engine.connect() as conn:
        assert "public" not in {c["name"] for c in inspect(conn).get_columns("move")}
        assert conn.execute(text("SELECT count(*) FROM move")).scalar() == 3
        assert conn.execute(text("SELECT count(*) FROM seat")).scalar() == 2
    store.migrate()
    with store.engine.connect() as conn:
        assert "public" in {c["name"] for c in inspect(conn).get_columns("move")}
    store.dispose()


def test_0004_downgrade_drops_the_language_column_and_keeps_the_tables(empty_db_url: str) -> None:
    url = _game_at_0001(empty_db_url)
    store = Store.open(url)
    _alembic(store, "downgrade", "0003")
    with store.engine.connect() as conn:
        assert "language" not in {c["name"] for c in inspect(conn).get_columns("game_table")}
        assert conn.execute(text("SELECT count(*) FROM seat")).scalar() == 2
        assert conn.execute(text("SELECT count(*) FROM move")).scalar() == 3
    store.migrate()
    with store.engine.connect() as conn:
        assert "language" in {c["name"] for c in inspect(conn).get_columns("game_table")}
    store.dispose()


def test_unversioned_fields_and_reminder_compare_and_set(store: Store) -> None:
    with store.unit_of_work() as repo:
        t = _table(repo)
        assert repo.set_fields(t.id, reminder_hours=5, board_message_id="9", board_url="https://x/9")
        assert not repo.set_fields(404, reminder_hours=1)
        with pytest.raises(ValueError):
            repo.set_fields(t.id, status="finished")
        repo.commit()
    with store.unit_of_work() as repo:
        again = repo.table(t.id)
        assert again is not None and again.version == t.version  # no version bump
        assert (again.reminder_hours, again.board_message_id, again.board_url) == (5, "9", "https://x/9")
        assert repo.reminder_state(t.id) is None
        assert repo.record_reminder(t.id, 3, 1, None)
        assert not repo.record_reminder(t.id, 3, 1, None)  # the first row exists: this claim is lost
        first = repo.reminder_state(t.id)
        assert first is not None and (first.last_seq, first.sent) == (3, 1)
        assert repo.record_reminder(t.id, 3, 2, first)
        assert not repo.record_reminder(t.id, 3, 2, first)  # stale "previous": someone else won
        repo.commit()
    with store.unit_of_work(write=False) as repo:
        rec = repo.reminder_state(t.id)
        assert rec is not None and rec.sent == 2 and rec.sent_at.tzinfo is not None


def test_postgresql_runs_when_required(db_backend: str, pytestconfig: pytest.Config) -> None:
    """CI sets MEIJI_REQUIRE_POSTGRES: then this module must also run on PostgreSQL."""
    import os

    from tests.conftest import postgres_setting

    if os.environ.get("MEIJI_REQUIRE_POSTGRES"):
        assert postgres_setting(pytestconfig), "MEIJI_REQUIRE_POSTGRES is set but no PostgreSQL server was given"
    assert db_backend in ("sqlite", "postgresql")


def test_0005_adds_bot_seats_and_the_timeout_and_downgrades_keeping_the_tables(empty_db_url: str) -> None:
    url = _game_at_0001(empty_db_url)
    store = Store.open(url)
    with store.engine.connect() as conn:
        assert "bot_level" in {c["name"] for c in inspect(conn).get_columns("seat")}
        assert "timeout_hours" in {c["name"] for c in inspect(conn).get_columns("game_table")}
    with store.unit_of_work(write=False) as repo:
        seats = repo.seats(1)
        assert [s.bot_level for s in seats] == [None, None]  # old seats are people
        assert repo.table(1).timeout_hours is None  # type: ignore[union-attr]
    _alembic(store, "downgrade", "0004")
    with store.engine.connect() as conn:
        assert "bot_level" not in {c["name"] for c in inspect(conn).get_columns("seat")}
        assert "timeout_hours" not in {c["name"] for c in inspect(conn).get_columns("game_table")}
        assert conn.execute(text("SELECT count(*) FROM seat")).scalar() == 2
        assert conn.execute(text("SELECT count(*) FROM move")).scalar() == 3
    store.migrate()
    store.dispose()
