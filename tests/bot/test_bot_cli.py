"""The ``meiji`` command line, called as ``main([...])``."""

from __future__ import annotations

import io
import json
import re
from pathlib import Path

import pytest
from fakegame import GAME, DiceRace

import bot.__main__ as cli
from bot.__main__ import main
from engine.core import register, sample_chance


@pytest.fixture(autouse=True)
def _clean_env(monkeypatch, tmp_path: Path) -> None:
    """No .env, token or database from the developer's environment leaks into these tests."""
    monkeypatch.chdir(tmp_path)
    for name in ("DISCORD_TOKEN", "DATABASE_URL", "DEV_GUILD_ID", "LOG_LEVEL"):
        monkeypatch.setenv(name, "")  # recorded, so values loaded from a .env are undone later
        monkeypatch.delenv(name)


def _opening_state():
    """A dice race state where seat 1 is to move with a 3 rolled."""
    state = GAME.setup({"players": 2}, 1)
    for notation in ("first 1", "roll 3"):
        state, _ = GAME.apply(state, GAME.parse_action(state, notation))
    return state


# --- selfplay ---------------------------------------------------------------------------------
def test_selfplay_reports_and_exits_zero(capsys) -> None:
    code = main(["selfplay", "--game", "dicerace", "--players", "3", "--games", "6", "--seed", "4"])
    out = capsys.readouterr().out
    assert code == 0, out
    assert "games: 6  finished: 6  errors: 0" in out
    assert "mean moves:" in out and "mean final score:" in out and "games/s:" in out


def test_selfplay_solo_and_no_check(capsys) -> None:
    assert main(["selfplay", "--game", "dicerace", "--solo", "--games", "4", "--no-check"]) == 0
    out = capsys.readouterr().out
    assert "1 player(s)" in out and "solo wins:" in out


def test_selfplay_with_modules(capsys) -> None:
    assert main(["selfplay", "--game", "dicerace", "--games", "3", "--modules", "peek", "relay"]) == 0


def test_selfplay_finds_broken_invariants(capsys) -> None:
    class Broken(DiceRace):
        name = "brokenrace"

        def check_invariants(self, state):  # noqa: ANN001, ANN201
            return ["scores exploded"] if max(state.scores) > 5 else []

    register(Broken())
    code = main(["selfplay", "--game", "brokenrace", "--games", "3"])
    out = capsys.readouterr().out
    assert code == 1
    assert "errors: 3" in out and "invariant broken: scores exploded" in out


def test_selfplay_unknown_game_and_bad_options(capsys) -> None:
    assert main(["selfplay", "--game", "chess"]) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "unknown game 'chess'" in err
    assert main(["selfplay", "--game", "dicerace", "--players", "9"]) == 2
    assert "1 to 4 players" in capsys.readouterr().err
    assert main(["selfplay", "--game", "dicerace", "--games", "0"]) == 2


# --- apply ------------------------------------------------------------------------------------
def test_apply_prints_new_state(tmp_path: Path, capsys) -> None:
    path = tmp_path / "state.json"
    path.write_text(GAME.to_json(_opening_state()))
    code = main(["apply", "--game", "dicerace", "--state", str(path), "--moves", "move 2; move 1 ;bank"])
    out = capsys.readouterr().out
    assert code == 0
    state = GAME.from_json(out)
    assert state.scores == (3, 0) and state.phase == "roll"


def test_apply_refusal_prints_reason_and_unchanged_state(tmp_path: Path, capsys) -> None:
    original = GAME.to_json(_opening_state())
    path = tmp_path / "state.json"
    path.write_text(original)
    code = main(["apply", "--game", "dicerace", "--state", str(path), "--moves", "move 2; move 5"])
    captured = capsys.readouterr()
    assert code == 2
    assert "refused: move 2 (move 5): You have only 1 pip(s) left to spend." in captured.err
    assert captured.out.strip() == original
    code = main(["apply", "--game", "dicerace", "--state", str(path), "--moves", "jump"])
    assert code == 2 and "Can't read 'jump'" in capsys.readouterr().err


def test_apply_reads_stdin_and_validates(tmp_path: Path, capsys, monkeypatch) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO(GAME.to_json(_opening_state())))
    assert main(["apply", "--game", "dicerace", "--state", "-", "--moves", "bank"]) == 0
    capsys.readouterr()
    bad = tmp_path / "bad.json"
    bad.write_text('{"players": 2, "target": "lots"}')
    assert main(["apply", "--game", "dicerace", "--state", str(bad), "--moves", "bank"]) == 1
    err = capsys.readouterr().err
    assert err.startswith("error: invalid state") and "Traceback" not in err
    assert main(["apply", "--game", "dicerace", "--state", str(tmp_path / "nope.json"), "--moves", "x"]) == 1
    assert "can't read" in capsys.readouterr().err


# --- replay, export round trip ----------------------------------------------------------------
def test_replay_of_exported_console_game(tmp_path: Path, capsys, monkeypatch) -> None:
    db = f"sqlite:///{tmp_path / 'local.db'}"
    save = tmp_path / "game.json"
    script = "move 1\nundo\n" + "1\n" * 30 + f"save {save}\nquit\n"
    monkeypatch.setattr("sys.stdin", io.StringIO(script))
    assert main(["local", "--game", "dicerace", "--players", "2", "--seed", "8", "--db", db]) == 0
    out = capsys.readouterr().out
    assert "Move log written to" in out
    assert main(["replay", str(save)]) == 0
    replayed = capsys.readouterr().out
    assert "Dice race to 20" in replayed and "Not finished after" in replayed
    # in the players' words: the name the table showed, not "seat 1"
    assert re.search(r"Not finished after \d+ moves; Seat [12]( \(.+\))? to play: ", replayed), replayed
    assert "seat 1 to play" not in replayed and "seat 2 to play" not in replayed
    assert main(["replay", str(save), "--lang", "pl"]) == 0
    polish = capsys.readouterr().out  # the sentence in Polish, the name as the table stored it
    assert "Not finished" not in polish and re.search(r"Seat [12]( \(.+\))? ", polish), polish

    # play it to the end through --resume, export again and replay the finished game
    monkeypatch.setattr("sys.stdin", io.StringIO("1\n" * 3000))
    assert main(["local", "--game", "dicerace", "--resume", "--db", db]) == 0
    assert "Final result:" in capsys.readouterr().out
    from bot.host import Host
    from bot.store import Store

    store = Store.open(db)
    data = Host(store).export("terminal").data
    store.dispose()
    save.write_text(json.dumps(data.as_json()))
    assert main(["replay", str(save)]) == 0
    final = capsys.readouterr().out
    assert re.search(r"^1\. Seat [12]( \(.+\))? — \d+ points?$", final, re.M), final
    assert "1. seat" not in final


def test_replay_rejects_bad_files(tmp_path: Path, capsys) -> None:
    path = tmp_path / "x.json"
    path.write_text("{not json")
    assert main(["replay", str(path)]) == 1
    assert "not valid JSON" in capsys.readouterr().err
    path.write_text('{"game": "dicerace"}')
    assert main(["replay", str(path)]) == 1
    assert "not an exported move log" in capsys.readouterr().err
    path.write_text(json.dumps({"game": "dicerace", "options": {"players": 2}, "seed": 1,
                                "moves": [{"seq": 1, "kind": "choice", "seat": 0, "notation": "bank"}]}))
    assert main(["replay", str(path)]) == 1
    assert "does not replay: move 1 (bank)" in capsys.readouterr().err


def test_replay_uses_chance_entries_not_the_rng(tmp_path: Path, capsys) -> None:
    state = GAME.setup({"players": 2}, 5)
    moves = []
    for seq in (1, 2):
        action = sample_chance(GAME, state, 5, seq)
        moves.append({"seq": seq, "kind": "chance", "seat": -1, "notation": GAME.format_action(state, action)})
        state, _ = GAME.apply(state, action)
    path = tmp_path / "x.json"
    path.write_text(json.dumps({"game": "dicerace", "engine_version": "old", "options": {"players": 2},
                                "seed": 123456, "moves": moves}))
    assert main(["replay", str(path)]) == 0
    out = capsys.readouterr().out
    assert "note: exported with dicerace old" in out
    assert f"Die {state.die}" in out


# --- schema, data-report, run, defaults --------------------------------------------------------
def test_schema(capsys) -> None:
    assert main(["schema", "--game", "dicerace"]) == 0
    schema = json.loads(capsys.readouterr().out)
    assert "scores" in schema["properties"]


def test_data_report(capsys, monkeypatch) -> None:
    from engine.zaibatsu import data

    monkeypatch.setattr(data, "report", lambda: [("factories", 10, 2, 1), ("goals", 0, 3, 4)])
    assert main(["data-report", "--game", "zaibatsu"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == "Nippon: Zaibatsu (zaibatsu)"
    assert lines[1].split() == ["kind", "confirmed", "likely", "proposed", "total"]
    assert lines[2].split() == ["factories", "10", "2", "1", "13"]
    assert lines[-2].split() == ["total", "10", "5", "5", "20"]
    assert lines[-1].startswith("data set ") and lines[-1].endswith("(the shipped files)")  # no corrections


def test_data_report_covers_every_game(capsys) -> None:
    from engine.core import builtin_game_names, game_info, get_game

    assert main(["data-report"]) == 0
    out = capsys.readouterr().out
    for name in builtin_game_names():
        assert f"{game_info(get_game(name)).title} ({name})" in out
    assert out.count("\ntotal ") + out.startswith("total ") == len(builtin_game_names())


def test_run_without_token_names_the_variable(capsys) -> None:
    assert main(["run"]) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1
    assert "DISCORD_TOKEN" in err and "Discord Developer Portal" in err and "Bot" in err


def test_run_with_token_starts_the_discord_adapter(monkeypatch) -> None:
    import bot.discord_app as adapter

    calls: list[tuple] = []
    monkeypatch.setattr(adapter, "run_bot", lambda *a: calls.append(a))
    monkeypatch.setenv("DISCORD_TOKEN", "x.y.z")
    monkeypatch.setenv("DEV_GUILD_ID", "1234")
    assert main(["run", "--sync"]) == 0
    assert calls[-1][0] == "x.y.z" and calls[-1][2] == 1234 and calls[-1][3] is True
    assert main([]) == 0  # no subcommand + token: run (without syncing)
    assert calls[-1][3] is False


def test_run_with_a_rejected_token_prints_one_line(capsys, monkeypatch) -> None:
    import discord

    import bot.discord_app as adapter

    def refuse(*a: object) -> None:
        raise discord.LoginFailure("Improper token has been passed.")

    monkeypatch.setattr(adapter, "run_bot", refuse)
    monkeypatch.setenv("DISCORD_TOKEN", "bad")
    assert main(["run"]) == 1
    err = capsys.readouterr().err
    assert "DISCORD_TOKEN" in err and "Traceback" not in err


def test_token_from_dotenv_file(monkeypatch, tmp_path: Path) -> None:
    import bot.discord_app as adapter

    calls: list[tuple] = []
    monkeypatch.setattr(adapter, "run_bot", lambda *a: calls.append(a))
    (tmp_path / ".env").write_text("DISCORD_TOKEN=from-file\n")
    assert main(["run"]) == 0
    assert calls and calls[0][0] == "from-file"


def test_no_subcommand_without_token_opens_local(capsys, monkeypatch, tmp_path: Path) -> None:
    monkeypatch.setenv("DATABASE_URL", f"sqlite:///{tmp_path / 'd.db'}")
    # The table asks for the game (when several are installed: "1" is the first, the default
    # game) and the number of players ("1" is refused, "2" taken), then "quit" saves.
    monkeypatch.setattr("sys.stdin", io.StringIO("1\n2\nquit\n"))
    assert main([]) == 0
    out = capsys.readouterr().out
    assert "No DISCORD_TOKEN set: opening the terminal table" in out
    assert "players [2-4, Enter = 2]> " in out
    assert "Saved. Resume with: meiji local --resume" in out
    assert (tmp_path / "d.db").exists()


def test_local_asks_which_game_when_several_are_installed(capsys, monkeypatch, tmp_path: Path) -> None:
    import bot.console_setup as console_setup

    monkeypatch.setattr(console_setup, "builtin_game_names", lambda: ("zaibatsu", "dicerace"))
    monkeypatch.setenv("DATABASE_URL", f"sqlite:///{tmp_path / 'd.db'}")
    monkeypatch.setattr("sys.stdin", io.StringIO("7\n2\n3\nquit\n"))
    assert main(["local", "--no-pictures"]) == 0
    out = capsys.readouterr().out
    assert "Which game?" in out and "1. Nippon: Zaibatsu" in out and "2. dicerace" in out
    assert "3. Nippon: Zaibatsu — solo against Takatoshi" in out  # solo is offered in the picker
    assert "Please type a number from 1 to 3." in out
    assert "dicerace" in out.split("players [")[0]


def test_usage_errors_and_help_do_not_raise(capsys) -> None:
    assert main(["selfplay", "--games", "many"]) == 2
    assert "invalid int value" in capsys.readouterr().err
    assert main(["--help"]) == 0
    assert "selfplay" in capsys.readouterr().out


def test_unexpected_errors_are_one_line(capsys, monkeypatch) -> None:
    def boom(args, settings):  # noqa: ANN001, ANN202
        raise RuntimeError("disk on fire")

    monkeypatch.setattr(cli, "cmd_schema", boom)
    assert main(["schema", "--game", "dicerace"]) == 1
    err = capsys.readouterr().err
    assert "Traceback" not in err and "disk on fire" in err and err.count("\n") == 1
