"""Every bot game ends (issue 34): Yokohama seed 5 between two medium bots through the Host (it
repeated the same turns for ever), and the host's report of a round of bot turns that changed
nothing (bot.host.stall)."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from bot.__main__ import main
from bot.host import Host
from bot.host.stall import BotWatch, note_bot_turn
from bot.store import Store


def _all_bots(host: Host, channel: str, game: str, seed: int, levels: list[str]) -> None:
    """Open and start a table of bots only, the way ``meiji local --bots N`` does."""
    assert host.new_table(channel, "seat1", "Seat 1", game, {"players": len(levels)}, seed).ok
    for level in levels[:-1]:
        assert host.add_bot(channel, "seat1", level).ok
    assert host.leave(channel, "seat1").ok
    assert host.add_bot(channel, "seat1", levels[-1]).ok
    assert host.start(channel, "seat1").ok


def test_yokohama_seed_5_between_two_medium_bots_reaches_the_final_score(store: Store) -> None:
    # A generous limit that never binds: the bots' choices do not depend on the machine's speed.
    host = Host(store, bot_time_limit=100.0)
    _all_bots(host, "y5", "yokohama", 5, ["medium", "medium"])
    turns = 0
    while host.status("y5").data.status == "running":
        reply = host.bot_step("y5")
        assert reply.ok, reply.private
        turns += 1
        # Before the guard, from turn 50 on: blue placed nothing and "returned" its president from
        # its hand, pink collected income, for ever. A finished 2-player game takes about 75 turns.
        assert turns < 300
    assert host.status("y5").data.status == "finished"


@pytest.mark.slow
def test_meiji_local_yokohama_seed_5_between_two_medium_bots_reaches_the_final_score(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    # The reproduction, word for word: the bots play at their level's budget on the wall
    # clock, so the moves depend on the machine's speed; every game must still end (about 16 CPU s).
    monkeypatch.setattr("sys.stdin", io.StringIO(""))
    code = main(["local", "--game", "yokohama", "--players", "2", "--bots", "2", "--bot-level", "medium",
                 "--seed", "5", "--db", f"sqlite:///{tmp_path / 'y5.db'}", "--no-pictures", "--lang", "en"])
    out = capsys.readouterr().out
    assert code == 0
    assert "Final result:" in out and "Bot 1 (medium)" in out and "Bot 2 (medium)" in out


def test_a_round_of_bot_turns_that_changes_nothing_is_reported_once() -> None:
    watch = BotWatch()
    # Two seats; turns follow each other in the log (each turn's entries end where the next begins).
    assert not note_bot_turn(watch, 10, 14, "a", 2)   # first turn seen: the count starts
    assert not note_bot_turn(watch, 14, 17, "a", 2)   # one turn without change
    assert note_bot_turn(watch, 17, 20, "a", 2)       # a whole round: reported
    assert not note_bot_turn(watch, 20, 23, "a", 2)   # reported once per stall
    assert not note_bot_turn(watch, 23, 26, "b", 2)   # a change starts the count again
    assert not note_bot_turn(watch, 26, 29, "b", 2)
    assert note_bot_turn(watch, 29, 31, "b", 2)
    # A person's move in between (the next bot turn does not start where the last one ended).
    assert not note_bot_turn(watch, 40, 43, "b", 2)
    assert not note_bot_turn(watch, 43, 45, "b", 2)
    assert note_bot_turn(watch, 45, 47, "b", 2)
