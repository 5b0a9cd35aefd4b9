"""Module and option names are accepted with ``-`` or ``_`` (and any case) everywhere."""

from __future__ import annotations

import pytest

from bot.__main__ import main
from bot.host import Host
from bot.selfplay import run_selfplay

CH = "c-opts"


@pytest.mark.parametrize("typed", ["common-goals", "common_goals", "Common-Goals", "COMMON GOALS"])
def test_the_host_accepts_a_module_spelled_with_dashes(host: Host, typed: str) -> None:
    reply = host.new_table(CH, "u1", "Ann", "zaibatsu", {"players": 2, "modules": [typed]}, 3)
    assert reply.ok, reply.private
    status = host.status(CH)
    assert status.data is not None and status.data.options["modules"] == ["common_goals"]


def test_the_host_accepts_option_keys_with_dashes(host: Host) -> None:
    reply = host.new_table(CH, "u1", "Ann", "zaibatsu", {"players": 2, "first-game": True}, 3)
    assert reply.ok, reply.private
    status = host.status(CH)
    assert status.data is not None and status.data.options["first_game"] is True


def test_an_unknown_module_is_still_refused_with_the_known_ones(host: Host) -> None:
    reply = host.new_table(CH, "u1", "Ann", "zaibatsu", {"players": 2, "modules": ["common-goal"]}, 3)
    assert not reply.ok
    assert "common_goal" in (reply.private or "") and "modern_factories" in (reply.private or "")
    assert host.status(CH).data is None or host.status(CH).data.status not in ("open", "running")


def test_selfplay_accepts_dashed_modules() -> None:
    report = run_selfplay("zaibatsu", players=2, games=1, seed=5, modules=["common-goals", "modern-factories"])
    assert not report.errors
    assert report.records[0].moves > 0


def test_cli_selfplay_accepts_dashed_modules(capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["selfplay", "--game", "zaibatsu", "--players", "2", "--games", "1", "--no-check",
                 "--modules", "common-goals"])
    out = capsys.readouterr().out
    assert code == 0, out
    assert "errors: 0" in out and "finished: 1" in out
