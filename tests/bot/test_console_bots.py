"""Bots at the terminal: ``meiji local --players N --bots K [--bot-level easy|medium|hard]``."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from bot.__main__ import main
from bot.console import CHANNEL, play_local
from bot.host import Host


def _run(host: Host, script: str, players: int, bots: int, level: str = "medium") -> tuple[int, str]:
    out = io.StringIO()
    code = play_local(host, "dicerace", players, {"target": 12}, seed=4, stdin=io.StringIO(script), stdout=out,
                      bots=bots, bot_level=level)
    return code, out.getvalue()


def test_every_seat_a_bot_plays_a_demonstration_game_to_the_end(host: Host) -> None:
    code, text = _run(host, "", players=3, bots=3)
    assert code == 0
    assert host.status(CHANNEL).data.status == "finished"
    assert "press Enter to leave" in text
    for n in (1, 2, 3):
        assert f"Bot {n} (medium)" in text
    players = host.status(CHANNEL).data.players
    assert [p["bot"] for p in players] == ["medium"] * 3 and all(p["user"].startswith("bot:") for p in players)


def test_a_person_plays_against_bots_and_the_bots_answer_at_once(host: Host) -> None:
    code, text = _run(host, "1\n" * 400, players=2, bots=1, level="hard")
    assert code == 0 and "press Enter to leave" in text
    assert "Bot 1 (hard)" in text
    assert host.status(CHANNEL).data.status == "finished"


def test_bad_bot_counts_are_refused(host: Host) -> None:
    code, text = _run(host, "", players=2, bots=3)
    assert code == 1 and "--bots must be from 0 to the number of players" in text
    assert not (host.status(CHANNEL).ok and host.status(CHANNEL).data.status == "running")


@pytest.mark.parametrize(
    ("argv", "words"),
    [
        (["local", "--game", "zaibatsu", "--bots", "2"], "--bots needs --players"),
        (["local", "--game", "zaibatsu", "--players", "2", "--bots", "3"], "--bots must be from 1 to --players"),
        (["local", "--game", "zaibatsu", "--players", "2", "--bot-level", "hard"], "--bot-level applies"),
        (["local", "--solo", "--bots", "4"], "Choose 1 to 3 bots."),
        (["local", "--solo", "--game", "nippon", "--difficulty", "hard"], "--difficulty applies to the game against"),
        (["local", "--solo", "--bot-level", "expert"], "invalid choice"),
        (["local", "--game", "zaibatsu", "--players", "2", "--bots", "1", "--bot-level", "expert"], "invalid choice"),
    ],
)
def test_cli_refuses_bad_bot_flags(argv: list[str], words: str, tmp_path: Path,
                                   capsys: pytest.CaptureFixture[str]) -> None:
    code = main([*argv, "--db", f"sqlite:///{tmp_path / 'x.db'}", "--no-pictures"])
    assert code == 2
    err = capsys.readouterr().err
    assert words in err and "Traceback" not in err
    assert not (tmp_path / "x.db").exists()  # refused before anything was opened


@pytest.mark.parametrize(("level", "stored"), [("greedy", "medium"), ("search", "hard"), ("EASY", "easy")])
def test_cli_bot_levels_and_their_older_names(level: str, stored: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    import io as _io

    from bot.store import Store

    monkeypatch.setattr("sys.stdin", _io.StringIO(""))
    db = f"sqlite:///{tmp_path / 'x.db'}"
    code = main(["local", "--game", "dicerace", "--players", "2", "--bots", "2", "--bot-level", level,
                 "--option", "target=8", "--seed", "3", "--db", db, "--no-pictures"])
    out = capsys.readouterr().out
    assert code == 0 and f"Bot 1 ({stored})" in out and "press Enter to leave" in out
    store = Store.open(db)
    try:
        with store.unit_of_work(write=False) as repo:
            table = repo.latest_table("terminal")
            assert table is not None
            assert [s.bot_level for s in repo.seats(table.id)] == [stored, stored]
    finally:
        store.dispose()


def test_cli_solo_against_bots_of_a_game_and_its_refusal_in_polish(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                                     capsys: pytest.CaptureFixture[str]) -> None:
    import io as _io

    db = f"sqlite:///{tmp_path / 'x.db'}"
    monkeypatch.setattr("sys.stdin", _io.StringIO("bank\n" * 200))
    code = main(["local", "--solo", "--game", "dicerace", "--bots", "2", "--bot-level", "easy", "--option",
                 "target=8", "--seed", "3", "--db", db, "--no-pictures", "--lang", "pl"])
    out = capsys.readouterr().out
    assert code == 0, out[-1500:]
    assert "Bot 1 (łatwy)" in out and "Bot 2 (łatwy)" in out
    code = main(["local", "--solo", "--game", "dicerace", "--bots", "0", "--db", db, "--lang", "pl"])
    assert code == 2 and "Wybierz od 1 do 3 botów." in capsys.readouterr().err


def test_the_game_picker_offers_games_without_a_solo_mode_against_bots(host: Host) -> None:
    out = io.StringIO()
    code = play_local(host, None, None, stdin=io.StringIO("5\n2\nquit\n"), stdout=out, lang="ru", seed=3)
    text = out.getvalue()
    assert code == 0
    assert "5. Nippon — соло против ботов" in text and "боты [1-3, Enter = 1]> " in text
    players = host.status(CHANNEL).data.players
    assert [p["bot"] for p in players] == [None, "medium", "medium"]
