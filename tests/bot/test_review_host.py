"""The post-game review (bot.host.review over engine.core.review) and the hints that say why,
through the composed host and at the terminal."""

from __future__ import annotations

import io
import re

from bot.app import compose
from bot.console import play_local
from bot.host import Host
from bot.store import Store

CH = "review-1"


def _finished(host: Host, lang: str = "en") -> None:
    """Ann (u1) against a medium bot in a dice race to 10, Ann always banking at once (poor play)."""
    assert host.new_table(CH, "u1", "Ann", "dicerace", {"players": 2, "target": 10}, 5, lang=lang).ok
    assert host.add_bot(CH, "u1", "medium").ok
    assert host.start(CH, "u1").ok
    for _step in range(400):
        data = host.status(CH).data
        if data.status != "running":
            return
        if data.to_act == "u1":
            choices = host.legal(CH, "u1").choices
            assert host.move(CH, "u1", choices[-1][0]).ok  # the last choice: bank and end the turn
        else:
            host.play_bots(CH)
    raise AssertionError("the game did not end")


def test_a_player_reviews_their_key_moments_in_their_language() -> None:
    host = _host()
    _finished(host)
    reply = host.review(CH, "u1", lang="en")
    assert reply.ok and reply.public is None, reply.private
    data = reply.data
    assert data.seat == 0 and data.decisions >= len(data.moments) >= 1 and len(data.moments) <= 3
    lines = reply.private.splitlines()
    assert lines[0] == "dicerace: your key moments"
    for n, (line, row) in enumerate(zip(lines[1:-1], data.moments, strict=True), start=1):
        assert line == f"{n}. {row['line']}"
        assert re.fullmatch(r"Move \d+: you chose “.+” \([0-9.]+%\); “.+” was better \([0-9.]+%\), [0-9.]+% more "
                            r"winning chance\.", row["line"]), row["line"]
        assert row["best_chance"] - row["chosen_chance"] == row["loss"] or abs(
            row["best_chance"] - row["chosen_chance"] - row["loss"]) < 1e-3
        assert row["loss"] > 0 and row["chosen"] != row["best"]
    # The moments are in the order played and are the largest losses.
    assert [m["position"] for m in data.moments] == sorted(m["position"] for m in data.moments)
    assert re.fullmatch(r"On average you gave away [0-9.]+% winning chance per decision \(\d+ decisions judged\)\.",
                        lines[-1]), lines[-1]
    assert 0 < data.mean_loss <= max(m["loss"] for m in data.moments)
    # The same review in Polish: the caller's language, the numbers written the Polish way.
    polish = host.review(CH, "u1", lang="pl")
    assert polish.ok and polish.data.moments == [
        {**m, "line": polish.data.moments[i]["line"], "chosen": polish.data.moments[i]["chosen"],
         "best": polish.data.moments[i]["best"]} for i, m in enumerate(data.moments)]
    assert polish.private.splitlines()[0] != lines[0] and "," in polish.private.splitlines()[-1]


def test_the_review_is_refused_to_others_and_before_the_end() -> None:
    host = _host()
    assert host.new_table(CH, "u1", "Ann", "dicerace", {"players": 2, "target": 10}, 5).ok
    assert host.join(CH, "u2", "Bob").ok
    assert host.start(CH, "u1").ok
    early = host.review(CH, "u1")
    assert not early.ok and early.private == "A game is reviewed once it is over."
    outsider = _host()
    _finished(outsider)
    refused = outsider.review(CH, "u9")
    assert not refused.ok and "did not play" in refused.private
    assert not outsider.review("elsewhere", "u1").ok


def _host() -> Host:
    store = Store("sqlite://")
    store.create_all()
    return compose(store=store).host


def test_the_terminal_offers_hint_while_playing_and_review_after_the_end() -> None:
    host = _host()
    out = io.StringIO()

    class Typist(io.StringIO):
        """Asks for a hint, then plays the first move until the game has ended; then 'review'."""

        def __init__(self) -> None:
            super().__init__()
            self.said: list[str] = ["hint"]

        def readline(self, size: int | None = -1) -> str:  # noqa: ARG002 - io's signature
            if self.said:
                return self.said.pop() + "\n"
            if "key moments, or press Enter" in out.getvalue():
                self.said = ["", "review"]
                return self.readline()
            return "1\n"

    play_local(host, "dicerace", 2, {"target": 10}, seed=5, stdin=Typist(), stdout=out)
    text = out.getvalue()
    assert "Suggested: " in text and "winning chance against the next best" in text
    assert "your key moments" in text and "On average you gave away" in text
    assert "'review'" in text  # the end names the command


def test_win_probabilities_rate_every_option_of_the_hint() -> None:
    host = _host()
    assert host.new_table(CH, "u1", "Ann", "dicerace", {"players": 2, "target": 10}, 5).ok
    assert host.add_bot(CH, "u1", "medium").ok
    assert host.start(CH, "u1").ok
    if host.status(CH).data.to_act != "u1":
        host.play_bots(CH)
    reply = host.hint(CH, "u1")
    assert reply.ok, reply.private
    chances = [float(m.group(1)) / 100 for m in re.finditer(r"winning chance ([0-9.]+)%", reply.private)]
    assert chances == sorted(chances, reverse=True) and all(0 <= c <= 1 for c in chances)
