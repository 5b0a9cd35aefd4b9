"""Settings and logging."""

from __future__ import annotations

import logging
from pathlib import Path

from bot.config import load_settings, setup_logging
from bot.store import DEFAULT_DATABASE_URL


def test_settings_from_file_do_not_override_environment(monkeypatch, tmp_path: Path) -> None:
    for name in ("DISCORD_TOKEN", "DATABASE_URL", "DEV_GUILD_ID", "LOG_LEVEL"):
        monkeypatch.setenv(name, "")
        monkeypatch.delenv(name)
    env = tmp_path / ".env"
    env.write_text("DISCORD_TOKEN=abc\nDEV_GUILD_ID=123\nLOG_LEVEL=debug\nDATABASE_URL=\n")
    monkeypatch.setenv("LOG_LEVEL", "ERROR")
    settings = load_settings(env)
    assert settings.discord_token == "abc" and settings.dev_guild_id == 123
    assert settings.log_level == "ERROR"  # the real variable wins
    assert settings.database_url == DEFAULT_DATABASE_URL  # empty means default


def test_settings_without_file(monkeypatch) -> None:
    monkeypatch.setenv("DEV_GUILD_ID", "not-a-number")
    monkeypatch.setenv("DISCORD_TOKEN", "  ")
    settings = load_settings(read_env_file=False)
    assert settings.dev_guild_id is None and settings.discord_token is None


def test_log_lines_hide_tracebacks_unless_debug(capsys) -> None:
    setup_logging("WARNING")
    log = logging.getLogger("bot.test")
    try:
        raise RuntimeError("kaput")
    except RuntimeError:
        log.exception("it failed")
    err = capsys.readouterr().err
    assert "it failed [RuntimeError: kaput]" in err and "Traceback" not in err
    setup_logging("DEBUG")
    try:
        raise RuntimeError("kaput")
    except RuntimeError:
        log.exception("it failed")
    assert "Traceback" in capsys.readouterr().err
    setup_logging("nonsense")
    assert logging.getLogger().level == logging.WARNING
    assert sum(1 for h in logging.getLogger().handlers if getattr(h, "_meiji", False)) == 1
