"""The terminal table with the real games: the board at every prompt, what is printed between two
prompts (set-up in one line, turn accounts, board changes only), several saved games, the end of
the game (save, final-score picture) and the board pictures kept per game."""

from __future__ import annotations

import io
from pathlib import Path
from typing import Any

import pytest
from fakegame import GAME

from bot.console import CHANNEL, Console, play_local
from bot.console_view import account_lines, changed_sections, keep_newest, sections
from bot.host import Host
from bot.host.data import StepData
from engine.core import builtin_game_names

FOLLOW_UPS = ("turn", "draft", None)
PNG = b"\x89PNG\r\n\x1a\n" + b"0" * 16


class ConstantRendererDouble:
    """A renderer double (``bot.host.Renderer``) drawing a constant PNG for every picture."""

    def board(self, game: str, view: Any) -> tuple[bytes, str]:
        return PNG, ""

    def story(self, game: str, view: Any, told: Any, *, names: Any, title: str, marks: Any) -> tuple[bytes, str]:
        return PNG, "story"

    def turn(self, game: str, view: Any, last: Any = None) -> tuple[bytes, str]:
        return PNG, "turn"

    def final(self, game: str, view: Any) -> tuple[bytes, str]:
        return PNG, "final"


def _console(host: Host, script: str, **kw: Any) -> tuple[Console, io.StringIO]:
    out = io.StringIO()
    return Console(host, stdin=io.StringIO(script), stdout=out, **kw), out


def _to_follow_up(host: Host, game: str, lang: str = "en") -> dict[str, Any]:
    """Open ``game`` for 2 at the terminal and play the first legal moves until a seat is inside its
    turn (a follow-up decision of the same seat); returns that status."""
    console, _out = _console(host, "quit\n", lang=lang)
    assert console.open(game, 2, {}, seed=7) == 0
    previous = None
    for _step in range(60):
        status = host.status(CHANNEL).data
        if status.kind not in FOLLOW_UPS and previous == status.to_act:
            return status
        previous = status.to_act
        choices = host.legal(CHANNEL, status.to_act).choices
        assert host.move(CHANNEL, status.to_act, choices[0][0]).ok
    raise AssertionError(f"{game}: no decision inside a turn in 60 steps")


@pytest.mark.parametrize("game", builtin_game_names())
def test_board_inside_a_turn_prints_the_board(host: Host, game: str) -> None:
    """'board' at a follow-up prompt (after 'pair A3 B5', Nippon's 'take 1 knowledge grey', Yokohama's
    'main' …) once only reprinted the prompt."""
    status = _to_follow_up(host, game)
    user = status.to_act
    board = host.board(CHANNEL, user).data
    text = str(board.seat_text or board.text)
    enter = "\n" if status.hidden_information else ""  # the hand-over asks for Enter first
    console, out = _console(host, enter + "board\nquit\n", lang="en")
    console._last_actor = user  # the seat has just played the first step of its turn
    console._boards[user if status.hidden_information else None] = text
    assert console.open(None, None, resume=True, resume_id=status.table_id) == 0
    after = out.getvalue().split("> ", 1)[1]  # what 'board' printed
    assert sections(text)[0] in after and len(sections(text)) > 3
    assert all(part in after for part in sections(text))
    assert "to play:" in after  # the prompt again, below the board


def test_setup_draws_stand_in_one_line_and_the_board_changes_are_printed(host: Host) -> None:
    console, out = _console(host, "1\n1\nquit\n", lang="pl")
    assert console.open("zaibatsu", 2, {}, seed=3) == 0
    text = out.getvalue()
    head = text.split("\n=== ", 1)[0]
    assert "trafia z woreczka" not in head  # the 36 worker draws of the set-up are not listed
    assert "Przygotowanie:" in head and "'log'" in head
    # the whole board once; after the next seat's first move only what changed
    assert text.count("Pola Zatrudnienia:") == 1
    assert "Na planszy ('board' pokazuje całą):" in text


def test_board_text_sections_and_their_changes() -> None:
    old = "== Game ==\nWorkers:\n  H1 red\n  H2 blue\nBag: 3\n*RED 0\n   x\n BLUE 0\n"
    new = "== Game ==\nWorkers:\n  H1 red\n  H2 -\nBag: 3\n RED 0\n   x\n*BLUE 0\n"
    assert sections(old)[1] == "Workers:\n  H1 red\n  H2 blue"
    assert changed_sections(old, new) == ["Workers:\n  H1 red\n  H2 -", " RED 0\n   x", "*BLUE 0"]
    assert changed_sections(new, new) == []
    assert account_lines([{"seat": 0, "who": "Red", "lines": ["takes 2 coal.", "gains 1 VP (contract)."]},
                          {"seat": None, "who": "", "lines": ["Round 2 starts."]}]) == [
        "— Red:", "    takes 2 coal.", "    gains 1 VP (contract).", "Round 2 starts."]


def test_accounts_of_a_reply_are_printed_instead_of_its_last_step(host: Host) -> None:
    from bot.host import Reply

    console, out = _console(host, "")
    reply = Reply(ok=True, public="Red pays 3 of 3 in wages\nBlue to play", data=StepData(
        table_id=1, next="Blue to play", finished=False, solo=False,
        account=[{"seat": 0, "who": "Red", "lines": ["Red consolidates: pays 3 wages."], "automa": False, "first": 1,
                  "last": 1}]))
    assert console._show(reply, turn_follows=True)
    assert out.getvalue() == "— Red:\n    Red consolidates: pays 3 wages.\n"
    assert console._history[-1]["who"] == "Red"  # kept for the hot-seat catch-up


def test_the_host_texts_never_name_a_command_the_terminal_lacks(host: Host) -> None:
    _code, out = 0, io.StringIO()
    play_local(host, "dicerace", 2, {}, seed=4, stdin=io.StringIO("quit\n"), stdout=out)
    assert "'join'" not in out.getvalue() and "'start'" not in out.getvalue()


def test_a_finished_game_can_be_saved_and_its_final_picture_written(host: Host, tmp_path: Path) -> None:
    log = tmp_path / "game.json"
    picture = tmp_path / "final.png"
    script = "1\n" * 2000
    out = io.StringIO()
    # the game ends inside the script: what follows the end goes to the end-of-game prompt
    code = play_local(host, "dicerace", 2, {}, seed=4, stdin=io.StringIO(script), stdout=out)
    assert code == 0 and "press Enter to leave" in out.getvalue() and "'save FILE'" in out.getvalue()
    story = tmp_path / "story.png"
    console, out = _console(Host(host.store, render=ConstantRendererDouble()), f"save {log}\npicture {picture}\nstory {story}\n\n")
    console.channel = CHANNEL
    assert console.play() == 0
    text = out.getvalue()
    assert f"Move log written to {log}" in text and log.read_text().startswith("{")
    assert f"Final-score picture written to {picture}." in text
    assert picture.read_bytes() == PNG
    # A game without the story hooks says so and writes nothing.
    assert "This game does not tell its story in a chart." in text and not story.exists()


@pytest.mark.slow
def test_a_finished_game_tells_its_story_at_the_terminal(tmp_path: Path) -> None:
    from bot.store import Store

    store = Store.open(f"sqlite:///{tmp_path / 'story.db'}")
    host = Host(store)
    assert host.new_table(CHANNEL, "seat1", "Ann", "nippon", {"players": 2}, 4, lang="pl").ok
    assert host.add_bot(CHANNEL, "seat1", "medium").ok
    assert host.leave(CHANNEL, "seat1").ok
    assert host.add_bot(CHANNEL, "seat1", "medium").ok
    assert host.start(CHANNEL, "seat1").ok
    host.play_bots(CHANNEL, limit=5000)
    chart = tmp_path / "story.png"
    console, out = _console(host, f"story {chart}\n\n", lang="pl")
    console.channel = CHANNEL
    assert console.play() == 0
    text = out.getvalue()
    assert "Nippon: historia partii" in text and f"Wykres historii partii zapisano w {chart}." in text
    assert chart.read_bytes().startswith(b"\x89PNG")


def test_board_pictures_go_to_one_folder_per_game_and_only_the_newest_are_kept(host: Host, tmp_path: Path) -> None:
    drawn = Host(host.store, render=ConstantRendererDouble())
    out = io.StringIO()
    play_local(drawn, "dicerace", 2, {}, seed=4, stdin=io.StringIO("1\n" * 30 + "quit\n"), stdout=out,
               snapshots=tmp_path, keep_snapshots=5)
    folders = list(tmp_path.iterdir())
    assert [f.name for f in folders] == ["table1"]
    kept = sorted(p.name for p in folders[0].glob("v*.png"))
    assert len(kept) == 5 and kept[-1] > kept[0]
    assert keep_newest(folders[0], None) == 0 and keep_newest(folders[0], 2) == 3


def test_cli_resume_id_and_keep_snapshots(tmp_path: Path, monkeypatch, capsys) -> None:
    from bot.__main__ import main

    monkeypatch.setenv("DATABASE_URL", f"sqlite:///{tmp_path / 'd.db'}")
    monkeypatch.setattr("sys.stdin", io.StringIO("quit\n"))
    assert main(["local", "--game", GAME.name, "--players", "2", "--no-pictures"]) == 0
    monkeypatch.setattr("sys.stdin", io.StringIO("new\nquit\n"))
    assert main(["local", "--game", GAME.name, "--players", "2", "--no-pictures"]) == 0
    capsys.readouterr()
    monkeypatch.setattr("sys.stdin", io.StringIO("quit\n"))
    assert main(["local", "--resume", "2", "--no-pictures", "--keep-snapshots"]) == 0
    assert "Resuming" in capsys.readouterr().out
    assert main(["local", "--resume", "x", "--no-pictures"]) == 2
    assert main(["local", "--resume", "9", "--no-pictures"]) == 2
    assert "There is no unfinished game #9 here." in capsys.readouterr().out


def test_solo_is_offered_in_the_picker(host: Host) -> None:
    import re

    console, out = _console(host, "")
    assert console.open(None, None, {}, seed=2) == 0
    found = re.search(r"(\d+)\. Nippon: Zaibatsu — solo against Takatoshi", out.getvalue())
    assert found is not None
    console, out = _console(host, f"{found.group(1)}\nquit\n")
    assert console.open(None, None, {}, seed=2) == 0
    status = host.status(CHANNEL).data
    assert status.solo and status.game == "zaibatsu"


def test_yokohama_hand_over_shows_the_others_turns_but_never_their_order_cards(host: Host) -> None:
    """After the pass-the-screen prompt the next seat reads what the others did since its last turn;
    the order card a seat kept stays hidden (the account says only that it kept one)."""
    from bot.console import CLEAR_SCREEN

    out = io.StringIO()
    code = play_local(host, "yokohama", 2, {}, seed=5, lang="en", stdin=io.StringIO("\n1\n\n1\n\nquit\n"),
                      stdout=out)
    text = out.getvalue()
    assert code == 0 and text.count(CLEAR_SCREEN) == 2
    seat_one, seat_two, back_to_one = text.split(CLEAR_SCREEN)
    kept = seat_one.split("    1. keep ", 1)[1].split(" ", 1)[0]  # seat 1's first option: the card it keeps
    assert f"keep {kept}" in seat_one
    catch_up = seat_two.split("Since your last turn:", 1)[1].split("==", 1)[0]
    assert "Blue keeps one of the two orders" in catch_up
    assert kept not in seat_two  # never on the other seat's screen
    assert kept in back_to_one  # its own view, after the next hand-over


def test_polish_and_german_command_names_keep_their_accents() -> None:
    """Polish 'powrot' and 'podpowiedz' once lost their accents while 'dołącz' or 'cofnij' kept them."""
    from bot.words import _t
    from engine.core.i18n import language

    with language("pl"):
        assert (_t("command name", "return"), _t("command name", "hint")) == ("powrót", "podpowiedź")
        assert _t("command name", "join") == "dołącz"
    with language("de"):
        assert (_t("command name", "return"), _t("command name", "add-bot")) == ("zurück", "bot-hinzufügen")
