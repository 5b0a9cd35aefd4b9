"""The terminal table driven by scripted input."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest
from fakegame import GAME

from bot.console import CHANNEL, CLEAR_SCREEN, COMMANDS, Console, play_local
from bot.host import Host
from bot.host.data import StatusData
from engine.core import builtin_game_names, register, replay
from tests.robustness.secretgame import GAME as SECRET

register(SECRET)  # a game with hidden information (secret numbers and a hand of cards)

#: The status a console's input handler gets at version 1 of a two-seat table.
WAITING = StatusData(
    table_id=1, game="dicerace", title="dicerace", status="running", version=1, options={"players": 2},
    players=[], moves=0, solo=False, reminder_hours=None, timeout_hours=None, board_url=None, language="en",
    hidden_information=False, to_act="seat1", to_act_seat=0, prompt="", kind="turn",
)


def run(host: Host, script: str, *, players: int = 2, resume: bool = False, seed: int | None = 4, **kw) -> tuple[int, str]:
    out = io.StringIO()
    code = play_local(
        host, "dicerace", players, {"first_game": True}, resume=resume, seed=seed,
        stdin=io.StringIO(script), stdout=out, **kw,
    )
    return code, out.getvalue()


def test_plays_a_whole_game_by_numbers(host: Host) -> None:
    # "1" is "move 1" while pips are left, else "bank": the game always progresses
    code, out = run(host, "1\n" * 2000)
    assert code == 0
    assert "Final result:" in out and "press Enter to leave" in out
    assert "1. Seat" in out
    assert host.status(CHANNEL).data.status == "finished"
    assert "=== Seat" in out and "to play" in out and "Your moves:" in out


def test_shows_turn_text_and_numbered_moves(host: Host) -> None:
    code, out = run(host, "")
    assert code == 0
    assert "Dice race to 10" in out
    assert "   1. move 1 — Move 1 step(s)" in out or "   1. bank — Bank 0" in out
    assert "Saved. Resume with: meiji local --resume" in out


def test_commands_and_rejected_input_are_explained(host: Host, tmp_path: Path) -> None:
    save = tmp_path / "log.json"
    script = "\n".join([
        "help",
        "moves",
        "moves bank",
        "moves zzz",
        "",
        "xyzzy",
        "99",
        "x" * 300,
        "undo",
        "log",
        "log many",
        "save",
        f"save {save}",
        f"/save {tmp_path / 'missing-dir' / 'x.json'}",
        "board",
        "!bank",
        "quit",
    ]) + "\n"
    code, out = run(host, script)
    assert code == 0
    assert "Commands:" in out
    assert "No legal move contains 'zzz'." in out
    assert "Type a move, its number, or 'help'." in out
    assert "Not accepted: Can't read 'xyzzy'" in out
    assert "There is no move number 99" in out
    assert "Not accepted: That move is too long (300 characters; the limit is 200)." in out
    assert "Not accepted: The last entry is a random outcome" in out
    assert out.count("Seat 2 starts.") >= 2  # at the start, then in the log (the turn accounts)
    assert "Usage: log [N]" in out
    assert "Every move is already saved." in out
    assert f"Move log written to {save}" in out
    assert "Can't write" in out
    assert "Seat 2 banked" in out  # the forced move went through (its account)
    exported = json.loads(save.read_text())
    assert exported["game"] == "dicerace" and exported["moves"][0]["kind"] == "chance"
    # the saved log replays
    state = replay(GAME, exported["options"], exported["seed"], [m["notation"] for m in exported["moves"]])
    assert GAME.decision(state).seat is not None


def test_undo_in_console(host: Host) -> None:
    code, out = run(host, "move 1\nundo\nquit\n")
    assert code == 0
    assert "took back 'move 1'" in out


def test_quit_and_resume(host: Host) -> None:
    code, out = run(host, "1\n1\nquit\n")
    assert code == 0 and "Saved. Resume with: meiji local --resume" in out
    moves_before = host.status(CHANNEL).data.moves
    code, out = run(host, "1\n" * 2000, resume=True)
    assert code == 0 and "Resuming" in out and "Final result:" in out
    assert host.status(CHANNEL).data.moves > moves_before


def test_local_without_resume_offers_the_saved_games_and_new_keeps_them(host: Host) -> None:
    run(host, "1\nquit\n")
    table = host.status(CHANNEL).data.table_id
    # EOF at the question: nothing changes
    code, out = run(host, "")
    assert code == 0 and "Type the number of the game to resume, 'new'" in out
    assert f"#{table}  dicerace" in out and "meiji local --resume ID" in out
    assert host.status(CHANNEL).data.table_id == table
    # an unclear answer is asked again, then the game's number resumes it
    code, out = run(host, f"maybe\n{table}\nquit\n")
    assert f"Please type one of the numbers shown ({table})." in out and "Resuming" in out
    # new: another game starts in a channel of its own; the saved one stays
    code, out = run(host, "new\nquit\n")
    assert code == 0 and "abandoned" not in out
    assert host.status(CHANNEL).data.status == "running"
    second = host.status(CHANNEL + "-2").data  # type: ignore[union-attr]
    assert second is not None and second.table_id != table and second.status == "running"
    # both are listed now; --resume ID picks one, an unknown ID lists them and fails
    code, out = run(host, "quit\n", resume=True)
    assert f"#{table}  dicerace" in out and f"#{second.table_id}  dicerace" in out
    code, out = run(host, "quit\n", resume=True, resume_id=second.table_id)
    assert code == 0 and "Resuming" in out and f"#{second.table_id}" in out
    code, out = run(host, "", resume=True, resume_id=999)
    assert code == 2 and "There is no unfinished game #999 here." in out and f"#{table}  dicerace" in out


def test_resume_without_saved_game_starts_new(host: Host) -> None:
    code, out = run(host, "quit\n", resume=True)
    assert code == 0 and "no unfinished terminal game" in out
    assert host.status(CHANNEL).data.status == "running"


def test_bad_new_game_is_explained(host: Host) -> None:
    code, out = run(host, "", players=7)
    assert code == 1 and "Not accepted:" in out and "1 to 4 players" in out


def test_compact_move_list(host: Host) -> None:
    out = io.StringIO()
    console = Console(host, stdin=io.StringIO("moves\nquit\n"), stdout=out, compact_limit=1)
    assert console.open("dicerace", 2, {}, seed=6) == 0
    text = out.getvalue()
    first_turn = text.split("Your moves (")[1]
    assert "type 'moves' to list all" in first_turn
    assert "Your moves:" in text  # the full list after 'moves'


def test_four_player_hot_seat(host: Host) -> None:
    code, out = run(host, "1\n" * 4000, players=4)
    assert code == 0 and "Final result:" in out
    assert all(f"Seat {k}" in out for k in range(1, 5))


def test_a_legal_move_spelled_like_a_console_command_is_played() -> None:
    """A line whose first word starts a legal move goes to the game; '/' makes it a command."""
    from bot.host import Reply

    played: list[str] = []

    class StubHost:
        def with_command_names(self, names: object) -> StubHost:
            return self

        def legal(self, channel: str, user: str, lang: str | None = None) -> Reply:
            return Reply(ok=True, choices=[("log K3 paper", "a move spelled like a command"), ("consolidate", "")])

        def move(self, channel: str, user: str, notation: str, **kw: object) -> Reply:
            played.append(notation)
            return Reply(ok=True, public="played")

    out = io.StringIO()
    console = Console(StubHost(), stdout=out)  # type: ignore[arg-type]
    console._show = lambda reply, **kw: True  # type: ignore[method-assign]
    assert console._handle("Log  K3 paper", WAITING, "seat1")
    assert console._handle("log 5", WAITING, "seat1")  # not legal, but a move: the game refuses it
    assert played == ["Log  K3 paper", "log 5"]
    played.clear()
    console._log = lambda rest: played.append(f"log {rest}")  # type: ignore[method-assign]
    assert console._handle("/log 5", WAITING, "seat1")
    assert played == ["log 5"] and "There is no command" not in out.getvalue()
    assert console._handle("/join", WAITING, "seat1")
    assert "There is no command 'join'; type 'help' for the commands." in out.getvalue()


@pytest.mark.parametrize("game", builtin_game_names())
def test_no_console_command_is_a_word_of_a_games_notation(game: str) -> None:
    """Nippon's 'export K4 silk paper' once wrote a file named 'K4 silk paper': no command word may
    start a move of any game (its keywords and their aliases)."""
    import importlib

    notation = importlib.import_module(f"engine.{game}.notation")
    words = {w.lower() for w in getattr(notation, "KEYWORDS", ())}
    for table in ("ACTION_ALIASES", "ACTIONS"):
        found = getattr(notation, table, None)
        if isinstance(found, dict):
            words |= {str(k).lower() for k in found}
    assert words and not words & set(COMMANDS)


def test_nippon_export_typed_at_the_terminal_is_refused_as_a_move(host: Host, tmp_path: Path, monkeypatch) -> None:
    monkeypatch.chdir(tmp_path)
    out = io.StringIO()
    code = play_local(host, "nippon", 2, {}, seed=7, stdin=io.StringIO("export K4 silk paper\nquit\n"), stdout=out,
                      lang="en")
    text = out.getvalue()
    assert code == 0
    after = text.split("> ", )[-2] if "> " in text else text
    assert "Not accepted:" in after and "Move log written" not in text
    assert not (tmp_path / "K4 silk paper").exists()


# ---------------------------------------------------------------------------------------------
# Hot seat with hidden information (the test-only secretrace game: secret numbers and cards)
# ---------------------------------------------------------------------------------------------
def _secret_console(host: Host, script: str, **kw) -> tuple[int, str]:
    out = io.StringIO()
    code = play_local(host, SECRET.name, 2, {"target": 30, "modules": ["cards"]}, seed=5,
                      stdin=io.StringIO(script), stdout=out, **kw)
    return code, out.getvalue()


def _seat_secrets(host: Host) -> dict[int, tuple[int, ...]]:
    """Seat -> (secret number, card, card), read from the saved log."""
    data = host.export(CHANNEL).data
    assert data is not None
    with host.store.unit_of_work(write=False) as repo:
        table = repo.latest_table(CHANNEL)
        assert table is not None
        deals = [m.notation.split() for m in repo.moves(table.id) if m.notation.startswith("deal ")]
    return {int(w[1]): (int(w[2]), int(w[2]) + 100000, int(w[2]) + 200000) for w in deals}


def test_hidden_information_hands_the_screen_over_between_seats(host: Host) -> None:
    # Enter, seat 1 picks its 2nd card, Enter, seat 2 looks at its hand and picks its 1st card, quit
    code, out = _secret_console(host, "\n2\n\nhand\n1\nquit\n")
    assert code == 0
    secrets = _seat_secrets(host)
    one, two = secrets[0], secrets[1]
    pass_one = out.index("Pass the screen to Seat 1 (red), then press Enter.")
    pass_two = out.index("Pass the screen to Seat 2 (blue), then press Enter.")
    clear = out.index(CLEAR_SCREEN)
    # nothing private before the first hand-over; seat 1's secrets only between its prompt and the clear
    assert not any(str(v) in out[:pass_one] for v in one + two)
    assert pass_one < out.index(str(one[1])) < clear < pass_two
    seat_one = out[pass_one:clear]
    assert "Your cards:" in seat_one and f"pick {one[1]}" in seat_one
    assert not any(str(v) in seat_one for v in two)  # the list of moves is seat 1's own
    # after the clear: only the hand-over prompt; after Enter seat 2 first reads what happened since
    # its last turn (seat 1's public account, never its card), then its own view
    between = out[clear + len(CLEAR_SCREEN):pass_two]
    assert between == ""
    catch_up = out[pass_two:out.index("Dice race to 30", pass_two)]
    assert "Since your last turn:" in catch_up and "Seat 1 picked a card." in catch_up
    assert not any(str(v) in catch_up for v in one + two)
    # seat 2 sees its own cards (also again with 'hand'), never seat 1's
    seat_two = out[pass_two:]
    assert seat_two.count(f"Your cards: {two[1]}, {two[2]}") == 2  # the turn, then 'hand'
    assert "Your turn: Pick one of your cards in secret." in seat_two
    assert not any(str(v) in seat_two for v in one)
    assert out.count(CLEAR_SCREEN) == 2  # before seat 2, and before seat 1's next turn
    # the numbers typed were each seat's own options
    export = host.export(CHANNEL).data
    assert export is not None and [m["notation"] for m in export.moves if m["kind"] == "choice"] == [
        "pick ~", "pick ~"
    ]
    hand_one = host.hand(CHANNEL, "seat1").private or ""
    hand_two = host.hand(CHANNEL, "seat2").private or ""
    assert f"Your pick: {one[2]}" in hand_one and f"Your pick: {two[1]}" in hand_two


def test_the_hand_over_waits_and_quitting_there_saves(host: Host) -> None:
    code, out = _secret_console(host, "")  # end of input at the first hand-over
    assert code == 0 and "Pass the screen to Seat 1 (red)" in out
    assert "Your cards:" not in out and "Saved. Resume with: meiji local --resume" in out
    code, out = _secret_console(host, "quit\n", resume=True)
    assert code == 0 and "Resuming" in out and "Your cards:" not in out


def test_games_without_hidden_information_never_hand_over(host: Host) -> None:
    code, out = run(host, "1\n1\nhand\nquit\n")
    assert code == 0
    assert "Pass the screen" not in out and CLEAR_SCREEN not in out
    assert "Your turn:" in out  # 'hand' shows the seat's view in any game


def test_the_end_is_announced_once(host: Host) -> None:
    code, out = run(host, "1\n" * 2000)
    assert code == 0 and host.status(CHANNEL).data.status == "finished"
    end = out[out.index("Final result:") - 400:]
    lines = [line.strip().lstrip(">").strip() for line in end.splitlines()]
    over = [line for line in lines if "game is over" in line.lower() or line.lower().startswith("game over")]
    assert len(over) <= 1, over
    assert out.count("Final result:") == 1
    # the final board is shown without its status header ("dicerace — finished")
    assert not [line for line in lines if line.endswith("— finished")]


def test_help_placeholders_are_translated(host: Host) -> None:
    from bot.console_view import help_text
    from engine.core.i18n import language

    with language("pl"):
        text = help_text()
    assert "FILE" not in text and "TEXT" not in text
    assert "save PLIK" in text and "moves [TEKST]" in text and "/save PLIK" in text
    with language("de"):
        assert "save DATEI" in help_text()


def test_resume_keeps_the_tables_language_unless_lang_is_given(host: Host) -> None:
    code, out = run(host, "quit\n", lang="pl")
    assert code == 0
    assert host.status(CHANNEL).data.language == "pl"
    # no --lang: the table's stored language (Polish), not the console's default (English)
    code, out = run(host, "quit\n", resume=True, table_language=True)
    assert code == 0 and "Zapisano" in out and "Saved. Resume" not in out
    assert host.status(CHANNEL).data.language == "pl"
    # --lang given: the table switches to it
    code, out = run(host, "quit\n", resume=True, lang="de", table_language=False)
    assert code == 0 and host.status(CHANNEL).data.language == "de"


def _local(host: Host, game: str, script: str, seed: int = 1) -> str:
    out = io.StringIO()
    code = play_local(host, game, 2, {}, seed=seed, stdin=io.StringIO(script), stdout=out)
    assert code == 0
    return out.getvalue()


def test_every_own_step_is_printed_live_when_the_game_merges_steps(host: Host) -> None:
    # Yokohama tells single assistants placed without a fee as one sentence of the turn's account
    # ("places 1 assistant each in A, B, C"): each step still prints its own sentence at once, and
    # the turn's merged sentence is not printed again.
    out = _local(host, "yokohama", "1\n\n" * 12 + "quit\n")
    for area in ("Copper Mine", "Silk Mill", "Bank"):
        assert f"    Blue places 1 assistant in {area}." in out
    own_turn = out[: out.index("Blue moves the president to Copper Mine.")]
    assert "1 assistant each in" not in own_turn  # the next seat's catch-up tells the whole turn
    assert own_turn.count("Blue places 1 assistant in Silk Mill.") == 1
    account = host.accounts(CHANNEL).data.accounts
    assert any("Blue places 1 assistant each in Copper Mine, Silk Mill, Bank." in a["lines"] for a in account)


def test_each_paid_track_step_is_printed_live_in_nippon(host: Host) -> None:
    # Nippon adds up consecutive paid steps on one track in its account; each 'up' prints its own.
    out = _local(host, "nippon", "1\n\n" * 8 + "quit\n")
    for price, space in (("1,000", 2), ("2,000", 3), ("3,000", 4)):
        assert f"Yellow pays {price} yen: knowledge track +1 space (now space {space}," in out
    account = host.accounts(CHANNEL).data.accounts
    assert any("Yellow pays 6,000 yen: knowledge track +3 spaces" in line for a in account for line in a["lines"])
