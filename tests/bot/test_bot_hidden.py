"""Hidden information: a game's ``public_notation`` hides chance outcomes in logs and running exports."""

from __future__ import annotations

from typing import Any

from fakegame import DiceRace
from hosthelpers import play_to_end, to_act

from bot.host import Host
from bot.store import Store
from engine.core import CHANCE, Action, register


class HiddenDice(DiceRace):
    """The dice race, but every die roll is secret (shown as ``~?``)."""

    name = "hiddendice"

    def public_notation(self, state: Any, action: Action) -> str | None:
        return "~?" if self.decision(state).seat == CHANCE else None


register(HiddenDice())


def _open(host: Host, channel: str) -> None:
    assert host.new_table(channel, "u1", "Ann", "hiddendice", {"players": 2}, seed=4).ok
    assert host.join(channel, "u2", "Bob").ok
    assert host.start(channel, "u1").ok


def test_the_log_shows_only_the_public_form_of_hidden_outcomes(store: Store) -> None:
    host = Host(store)
    _open(host, "h")
    for _ in range(6):
        user = to_act(host, "h")
        assert host.move("h", user, host.legal("h", user).choices[0][0]).ok
    log = host.log("h", 200).public or ""
    assert "chance: ~?" in log
    full = [m for m in host.export("h").data["moves"] if m["kind"] == "chance"]
    assert full and all(m["notation"] == "~?" for m in full)  # running: public forms only
    assert host.export("h").data["complete"] is False


def test_a_finished_game_exports_the_full_log_for_replay(store: Store) -> None:
    host = Host(store)
    _open(host, "f")
    play_to_end(host, "f")
    data = host.export("f").data
    assert data["status"] == "finished" and data["complete"] is True
    chance = [m["notation"] for m in data["moves"] if m["kind"] == "chance"]
    assert chance and all(n != "~?" for n in chance)


def test_games_without_hidden_information_log_their_notation_unchanged(store: Store) -> None:
    host = Host(store)
    assert host.new_table("z", "u1", "Ann", "zaibatsu", {"players": 2}, seed=4).ok
    assert host.join("z", "u2", "Bob").ok and host.start("z", "u1").ok
    data = host.export("z").data
    assert data["complete"] is True and any(m["notation"].startswith("~") for m in data["moves"])
