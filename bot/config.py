"""Settings from the environment (and a ``.env`` file in the working directory or above).

Variables (see ``.env.example``): ``DISCORD_TOKEN``, ``DATABASE_URL`` (default
``sqlite:///./meiji.db``), ``DEV_GUILD_ID``, ``LOG_LEVEL`` (default ``WARNING``) and
``MEIJI_DATA_DIR`` (the owner's component corrections, docs/hosting.md; default: none). Real
environment variables win over the file.
"""

from __future__ import annotations

import logging
import os
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from dotenv import find_dotenv, load_dotenv

from .store import DEFAULT_DATABASE_URL

TOKEN_HELP = (
    "DISCORD_TOKEN is not set: create a bot in the Discord Developer Portal "
    "(Applications → your application → Bot → Reset Token), then put DISCORD_TOKEN=<token> "
    "in the environment or in a .env file."
)


@dataclass(frozen=True)
class Settings:
    """Runtime settings. The token is kept out of ``repr``/``str`` so it never reaches a log."""

    discord_token: str | None = field(repr=False)
    database_url: str
    dev_guild_id: int | None
    log_level: str
    #: The owner's override folder of component data (``MEIJI_DATA_DIR``), or ``None``.
    data_dir: str | None = None


def load_settings(env_file: str | os.PathLike[str] | None = None, *, read_env_file: bool = True) -> Settings:
    """Load ``.env`` (without overriding real variables) and return the settings."""
    if read_env_file:
        path = Path(env_file) if env_file is not None else find_dotenv(usecwd=True)
        if path:
            load_dotenv(path, override=False)
    guild = (os.environ.get("DEV_GUILD_ID") or "").strip()
    return Settings(
        discord_token=(os.environ.get("DISCORD_TOKEN") or "").strip() or None,
        database_url=(os.environ.get("DATABASE_URL") or "").strip() or DEFAULT_DATABASE_URL,
        dev_guild_id=int(guild) if guild.isdigit() else None,
        log_level=(os.environ.get("LOG_LEVEL") or "WARNING").strip().upper(),
        data_dir=(os.environ.get("MEIJI_DATA_DIR") or "").strip() or None,
    )


class _QuietFormatter(logging.Formatter):
    """Leaves tracebacks out of log lines unless the level is DEBUG (users see one line)."""

    def __init__(self, show_tracebacks: bool) -> None:
        super().__init__("%(levelname)s %(name)s: %(message)s")
        self.show_tracebacks = show_tracebacks

    def format(self, record: logging.LogRecord) -> str:
        if self.show_tracebacks or not record.exc_info:
            return super().format(record)
        exc = record.exc_info[1]
        saved = record.exc_info, record.exc_text
        record.exc_info, record.exc_text = None, None
        try:
            line = super().format(record)
        finally:
            record.exc_info, record.exc_text = saved
        return f"{line} [{type(exc).__name__}: {exc}] (set LOG_LEVEL=DEBUG for details)"


class _StderrHandler(logging.StreamHandler[Any]):
    """Writes to whatever ``sys.stderr`` is at the time (it may be replaced, e.g. in tests)."""

    _meiji: bool  # set on the handler :func:`setup_logging` installs (replaced by the next call)

    @property
    def stream(self) -> Any:
        return sys.stderr

    @stream.setter
    def stream(self, value: Any) -> None:
        pass


def setup_logging(level: str = "WARNING") -> None:
    """Configure the root logger on stderr at ``level`` (unknown names fall back to WARNING)."""
    numeric = logging.getLevelName(level.upper()) if level else logging.WARNING
    if not isinstance(numeric, int):
        numeric = logging.WARNING
    handler = _StderrHandler()
    handler.setFormatter(_QuietFormatter(show_tracebacks=numeric <= logging.DEBUG))
    root = logging.getLogger()
    for old in [h for h in root.handlers if getattr(h, "_meiji", False)]:
        root.removeHandler(old)
    handler._meiji = True
    root.addHandler(handler)
    root.setLevel(numeric)
    # alembic announces every migration context at INFO; that is noise unless debugging
    logging.getLogger("alembic").setLevel(logging.DEBUG if numeric <= logging.DEBUG else logging.WARNING)
