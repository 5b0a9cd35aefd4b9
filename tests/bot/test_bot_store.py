"""Store: SQLite settings, transactions, optimistic versions, migrations."""

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


def test_migrations_create_the_model_schema(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'm.db'}"
    store = Store.open(url)
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
