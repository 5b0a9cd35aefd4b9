"""A throw-away PostgreSQL server for the tests and benchmarks (never for production data).

The server binaries are the distribution's (Debian's ``postgresql`` package puts them in
``/usr/lib/postgresql/<version>/bin``; ``PG_BIN`` names another folder). :func:`start` makes a new
cluster in a temporary folder, starts it bound to 127.0.0.1 on a free port with durability
switched off (``fsync=off``: a crash loses the cluster, which is thrown away anyway) and returns
a :class:`Server` whose ``url`` is a SQLAlchemy URL for the ``postgres`` superuser (trust
authentication, loopback only). PostgreSQL refuses to run as root, so under root every server
command runs as the ``postgres`` system user (``runuser``), which the Debian package creates.

Command line (used by ``.ci/run``)::

    python3 -m tests.pgserver start DIR   # prints the URL; the cluster lives in DIR
    python3 -m tests.pgserver stop DIR

Why not a plugin such as pytest-postgresql: it runs ``initdb`` as the current user, which fails
as root (how CI runs), and the benchmarks need the same server outside pytest.
"""

from __future__ import annotations

import glob
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

#: What the throw-away cluster trades for speed (never use these settings for real data).
FAST_SETTINGS = (
    "fsync=off", "synchronous_commit=off", "full_page_writes=off", "max_connections=300",
    "shared_buffers=128MB",
)


class PostgresUnavailable(RuntimeError):
    """No PostgreSQL server binaries were found (install Debian's ``postgresql`` package)."""


@dataclass(frozen=True)
class Server:
    """A running throw-away cluster: ``url`` of its ``postgres`` database, its folder and port."""

    url: str
    folder: Path
    port: int

    def stop(self) -> None:
        """Stop the server at once and delete its folder."""
        stop(self.folder)


def bin_dir() -> Path:
    """The folder holding ``initdb``/``pg_ctl`` (``PG_BIN``, the newest Debian version, or ``PATH``).

    Raises :class:`PostgresUnavailable` when none is found.
    """
    if os.environ.get("PG_BIN"):
        return Path(os.environ["PG_BIN"])
    versions = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"), key=lambda p: int(Path(p).parts[-3]))
    if versions:
        return Path(versions[-1]).parent
    found = shutil.which("initdb")
    if found:
        return Path(found).parent
    raise PostgresUnavailable("no PostgreSQL server binaries (initdb): install the 'postgresql' package")


def _as_server_user(cmd: list[str]) -> list[str]:
    if os.geteuid() == 0:
        return ["runuser", "-u", "postgres", "--", *cmd]
    return cmd


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def start(folder: str | os.PathLike[str] | None = None, *, timeout: float = 60.0) -> Server:
    """Create a cluster in ``folder`` (default: a new temporary folder) and start it.

    Returns the running :class:`Server`. Raises :class:`PostgresUnavailable` without binaries
    and ``RuntimeError`` (with the server log) when the server does not come up.
    """
    binaries = bin_dir()
    root = Path(folder) if folder else Path(tempfile.mkdtemp(prefix="meiji-pg-"))
    root.mkdir(parents=True, exist_ok=True)
    data, sock = root / "data", root / "sock"
    sock.mkdir(exist_ok=True)
    if os.geteuid() == 0:
        root.chmod(0o755)
        shutil.chown(root, "postgres", "postgres")
        shutil.chown(sock, "postgres", "postgres")
    init = _as_server_user([str(binaries / "initdb"), "-D", str(data), "-U", "postgres", "-A", "trust",
                            "-E", "UTF8", "--no-locale", "--no-sync"])
    done = subprocess.run(init, capture_output=True, text=True)
    if done.returncode != 0:
        raise RuntimeError(f"initdb failed: {done.stdout}{done.stderr}")
    port = _free_port()
    options = " ".join(["-h 127.0.0.1", f"-p {port}", f"-k {sock}"] + [f"-c {s}" for s in FAST_SETTINGS])
    ctl = _as_server_user([str(binaries / "pg_ctl"), "-D", str(data), "-l", str(root / "server.log"),
                           "-o", options, "-w", "-t", str(int(timeout)), "start"])
    done = subprocess.run(ctl, capture_output=True, text=True)
    if done.returncode != 0:
        log = (root / "server.log").read_text(errors="replace") if (root / "server.log").exists() else ""
        raise RuntimeError(f"pg_ctl start failed: {done.stdout}{done.stderr}\n{log}")
    (root / "port").write_text(str(port))
    _wait_accepting(port, timeout)
    return Server(f"postgresql+psycopg://postgres@127.0.0.1:{port}/postgres", root, port)


def _wait_accepting(port: int, timeout: float) -> None:
    deadline = time.monotonic() + timeout
    while True:
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=1):
                return
        except OSError:
            if time.monotonic() > deadline:
                raise RuntimeError(f"PostgreSQL did not accept connections on port {port}") from None
            time.sleep(0.1)


def stop(folder: str | os.PathLike[str]) -> None:
    """Stop the cluster in ``folder`` (immediate shutdown) and delete the folder."""
    root = Path(folder)
    data = root / "data"
    if (data / "postmaster.pid").exists():
        ctl = _as_server_user([str(bin_dir() / "pg_ctl"), "-D", str(data), "-m", "immediate", "-w", "stop"])
        subprocess.run(ctl, capture_output=True, text=True)
    shutil.rmtree(root, ignore_errors=True)


def main(argv: list[str] | None = None) -> int:
    """``start DIR`` prints the URL of a new server in DIR; ``stop DIR`` stops it and deletes DIR."""
    args = list(sys.argv[1:] if argv is None else argv)
    if len(args) != 2 or args[0] not in ("start", "stop"):
        print("usage: python3 -m tests.pgserver start|stop DIR", file=sys.stderr)
        return 2
    if args[0] == "stop":
        stop(args[1])
        return 0
    try:
        server = start(args[1])
    except (PostgresUnavailable, RuntimeError) as exc:
        print(f"pgserver: {exc}", file=sys.stderr)
        return 1
    print(server.url)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
