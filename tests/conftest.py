"""Database back ends for the tests: SQLite always, PostgreSQL when a server is given.

``MEIJI_TEST_POSTGRES`` selects PostgreSQL: a SQLAlchemy URL of a server's maintenance database
(``postgresql+psycopg://postgres@127.0.0.1:5432/postgres``; the user must be allowed to create
databases), or ``start`` to start a throw-away server for the session (:mod:`tests.pgserver`).
The same is available as ``pytest --postgres URL|start``. ``.ci/run`` starts a server and sets the
variable, so CI runs the marked tests on both databases.

Tests marked ``slow`` (whole games, soak, long fuzz, multi-process, full-game pictures) are left
out of the default run, the short inner loop of the README; ``pytest --slow`` (or ``MEIJI_SLOW=1``)
runs them too, and ``pytest -m slow`` runs only them. ``.ci/run`` runs both.

Test modules marked ``pytestmark = pytest.mark.all_databases`` run every test that uses the
``db_backend`` fixture (directly, or through ``db_url``/``empty_db_url`` or the hosting tests'
``store``) once per back end: ids end in ``[sqlite]`` and ``[postgresql]``. Every PostgreSQL test
gets a database of its own, dropped afterwards.
"""

from __future__ import annotations

import itertools
import os
from collections.abc import Iterator
from pathlib import Path

import pytest

SQLITE, POSTGRESQL = "sqlite", "postgresql"
_counter = itertools.count(1)
#: The migrated template database; one per pytest-xdist worker (``PYTEST_XDIST_WORKER``: gw0, gw1, …),
#: since each worker makes its own at the start of its session.
TEMPLATE = "meiji_template" + (f"_{os.environ['PYTEST_XDIST_WORKER']}" if os.environ.get("PYTEST_XDIST_WORKER") else "")


def pytest_addoption(parser: pytest.Parser) -> None:
    """``--postgres URL|start``: also run the marked tests on PostgreSQL; ``--slow``: run the slow tests too."""
    parser.addoption(
        "--postgres", default=None, metavar="URL|start",
        help="PostgreSQL server for the all_databases tests (default: MEIJI_TEST_POSTGRES)",
    )
    parser.addoption(
        "--slow", action="store_true", default=False,
        help="also run the tests marked slow (whole games, soak, long fuzz, multi-process; MEIJI_SLOW=1 does the same)",
    )


def pytest_configure(config: pytest.Config) -> None:
    """Register the markers."""
    config.addinivalue_line(
        "markers", "all_databases: run the module's database tests on SQLite and on PostgreSQL (when given)"
    )
    config.addinivalue_line(
        "markers", "slow: a long test (whole games, soak, long fuzz, multi-process): only with --slow or -m slow"
    )


def slow_selected(config: pytest.Config) -> bool:
    """Whether this run includes the slow tests: ``--slow``, ``MEIJI_SLOW=1`` or a ``-m`` naming ``slow``."""
    return bool(config.getoption("--slow") or os.environ.get("MEIJI_SLOW")
                or "slow" in (config.getoption("-m") or ""))


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Leave the tests marked ``slow`` out of the default run (reported as deselected)."""
    if slow_selected(config):
        return
    slow = [item for item in items if item.get_closest_marker("slow")]
    if slow:
        config.hook.pytest_deselected(items=slow)
        items[:] = [item for item in items if not item.get_closest_marker("slow")]


def postgres_setting(config: pytest.Config) -> str | None:
    """The PostgreSQL setting of this run (``--postgres`` or ``MEIJI_TEST_POSTGRES``), or ``None``."""
    value = config.getoption("--postgres") or os.environ.get("MEIJI_TEST_POSTGRES") or ""
    return value.strip() or None


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    """Give each database test of an ``all_databases`` module one run per configured back end."""
    if "db_backend" not in metafunc.fixturenames or not metafunc.definition.get_closest_marker("all_databases"):
        return
    backends = [SQLITE, POSTGRESQL] if postgres_setting(metafunc.config) else [SQLITE]
    metafunc.parametrize("db_backend", backends, indirect=True)


@pytest.fixture(scope="session")
def postgres_admin_url(pytestconfig: pytest.Config) -> Iterator[str | None]:
    """URL of the PostgreSQL maintenance database, or ``None`` when this run has no server.

    With ``start`` a throw-away server runs for the whole session. A migrated template database
    (``meiji_template``) is made once; :func:`db_url` copies it.
    """
    setting = postgres_setting(pytestconfig)
    if not setting:
        yield None
        return
    server = None
    if setting == "start":
        from tests.pgserver import start

        server = start()
        setting = server.url
    from sqlalchemy import create_engine, make_url, text

    from bot.store import Store

    admin = create_engine(setting, isolation_level="AUTOCOMMIT")
    with admin.connect() as conn:
        conn.execute(text(f"DROP DATABASE IF EXISTS {TEMPLATE} WITH (FORCE)"))
        conn.execute(text(f"CREATE DATABASE {TEMPLATE}"))
    template = Store.open(make_url(setting).set(database=TEMPLATE).render_as_string(hide_password=False))
    template.dispose()
    admin.dispose()
    try:
        yield setting
    finally:
        if server is not None:
            server.stop()


@pytest.fixture
def db_backend(request: pytest.FixtureRequest) -> str:
    """``"sqlite"`` or ``"postgresql"`` (parametrised in ``all_databases`` modules)."""
    return getattr(request, "param", SQLITE)


def _postgres_database(admin_url: str, template: str | None) -> Iterator[str]:
    from sqlalchemy import create_engine, make_url, text

    name = f"meiji_t{os.getpid()}_{next(_counter)}"
    admin = create_engine(admin_url, isolation_level="AUTOCOMMIT")
    with admin.connect() as conn:
        conn.execute(text(f"CREATE DATABASE {name}" + (f" TEMPLATE {template}" if template else "")))
    try:
        yield make_url(admin_url).set(database=name).render_as_string(hide_password=False)
    finally:
        with admin.connect() as conn:
            conn.execute(text(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)"))
        admin.dispose()


def _database(db_backend: str, tmp_path: Path, request: pytest.FixtureRequest, migrated: bool) -> Iterator[str]:
    if db_backend == SQLITE:
        yield f"sqlite:///{tmp_path / ('meiji.db' if migrated else 'empty.db')}"
        return
    admin = request.getfixturevalue("postgres_admin_url")
    assert admin, "the postgresql back end needs MEIJI_TEST_POSTGRES or --postgres"
    yield from _postgres_database(admin, TEMPLATE if migrated else None)


@pytest.fixture
def db_url(db_backend: str, tmp_path: Path, request: pytest.FixtureRequest) -> Iterator[str]:
    """A new database of the back end: a SQLite file, or a PostgreSQL database at the newest schema.

    ``Store.open(db_url)`` works on both (on PostgreSQL the migration finds nothing to do).
    """
    yield from _database(db_backend, tmp_path, request, migrated=True)


@pytest.fixture
def empty_db_url(db_backend: str, tmp_path: Path, request: pytest.FixtureRequest) -> Iterator[str]:
    """A new, empty database of the back end (no tables: for migration tests)."""
    yield from _database(db_backend, tmp_path, request, migrated=False)
