"""Security checks: seats, the bot token, oversized input, mentions and hidden information.

* Only seated players act, and only in their own turn (moves, buttons, undo, legal moves); a
  refusal changes nothing in the database. Lobby and table controls (start, abandon, reminders)
  are refused to outsiders.
* The Discord token never appears in logs or output: the ``meiji run`` path is run with a fake
  ``run_bot`` (and once with the real ``run_bot`` and a fake ``discord.Client.run``) at
  ``LOG_LEVEL=DEBUG``, capturing every log record, stdout and stderr. ``repr`` of the settings
  must not show it either.
* Oversized input is refused before it is parsed: ``GAME.parse_action`` is replaced by a spy
  that fails the test when it sees more than 200 characters.
* User-chosen names can't ping ``@everyone`` or roles through the bot's public messages.
* Hidden information, with the test-only ``secretrace`` game (secret numbers dealt by chance):
  public replies, public data, pictures' views, board texts and public Discord messages never
  contain another seat's secret; with the game's ``public_notation`` the log and a running export
  show only public forms (the first version of this suite found the log printing hidden chance
  outcomes verbatim). A hidden *choice* (``note V``) stays out of logs, exports, boards and event
  lists, the public turn message of the move and the public message of its undo. A decision whose
  every option is hidden (``pick C``, a card from a secret hand) offers no public options
  (``Host.turn``), no buttons and no autocomplete to anyone but the player to act; ``Host.hand``
  and ``/game hand`` show each player their own cards only, and refuse everybody else.
"""

from __future__ import annotations

import asyncio
import json
import logging
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import discord
import pytest
from discord_fakes import ANN, BOB, EVE, Commands, make_interaction, private, public

import bot.discord_app as discord_app
from bot.__main__ import main as cli_main
from bot.config import load_settings
from bot.host import MAX_INPUT, Host, Reply
from bot.store import Store
from engine.zaibatsu import GAME as ZAIBATSU

from .dbdump import sql_dump
from .secretgame import CARDS, NOTES, SECRETS

TOKEN = "MTIzNDU2Nzg5MDEyMzQ1Njc4.Gx-SECRET.t0k3n-never-in-logs-9f8e7d"


@pytest.fixture
def mem_store() -> Iterator[Store]:
    store = Store("sqlite://")
    store.create_all()
    yield store
    store.dispose()


def _zaibatsu_table(host: Host, channel: str = "sec") -> None:
    assert host.new_table(channel, "ann", "Ann", "zaibatsu", {"players": 2}, 11).ok
    assert host.join(channel, "bob", "Bob").ok
    assert host.start(channel, "ann").ok


# ---------------------------------------------------------------------------------------------
# Seats and turns
# ---------------------------------------------------------------------------------------------
def test_only_the_seated_player_to_act_may_play(mem_store: Store) -> None:
    host = Host(mem_store)
    _zaibatsu_table(host)
    for _ in range(6):
        status = host.status("sec")
        to_act, version, table_id = status.data["to_act"], status.version, status.data["table_id"]
        waiting = "bob" if to_act == "ann" else "ann"
        notation = host.legal("sec", to_act).choices[0][0]
        before = sql_dump(mem_store)
        attempts = {
            "outsider move": host.move("sec", "eve", notation),
            "outsider move with version": host.move("sec", "eve", notation, version),
            "wrong seat move": host.move("sec", waiting, notation),
            "wrong seat move by number": host.move("sec", waiting, "1"),
            "outsider button": host.choose("sec", "eve", table_id, version, 0),
            "wrong seat button": host.choose("sec", waiting, table_id, version, 0),
            "outsider undo": host.undo("sec", "eve"),
            "wrong seat undo": host.undo("sec", waiting),
            "outsider legal": host.legal("sec", "eve"),
            "wrong seat legal": host.legal("sec", waiting),
            "spoofed user id with spaces": host.move("sec", f" {to_act}x ", notation),
            "outsider abandon": host.abandon("sec", "eve"),
            "outsider reminder": host.set_reminder("sec", "eve", 5),
            "outsider join of a running game": host.join("sec", "eve", "Eve"),
            "player leaves a running game": host.leave("sec", waiting),
        }
        for what, reply in attempts.items():
            assert isinstance(reply, Reply) and not reply.ok, what
            assert reply.private and reply.private.strip(), what
        assert sql_dump(mem_store) == before
        assert host.move("sec", to_act, notation, version).ok


def test_lobby_controls_are_refused_to_outsiders(mem_store: Store) -> None:
    host = Host(mem_store)
    assert host.new_table("lob", "ann", "Ann", "zaibatsu", {"players": 2}, 1).ok
    assert host.join("lob", "bob", "Bob").ok
    before = sql_dump(mem_store)
    for reply in (host.start("lob", "eve"), host.abandon("lob", "eve"), host.abandon("lob", "bob"),
                  host.leave("lob", "eve"), host.set_reminder("lob", "eve", 3)):
        assert not reply.ok and reply.private
    assert sql_dump(mem_store) == before
    assert host.abandon("lob", "eve", is_admin=True).ok  # an admin may


def test_discord_non_player_move_is_refused_privately(mem_store: Store) -> None:
    host = Host(mem_store)
    cmds = Commands(host)
    channel = 6001
    assert host.new_table(str(channel), str(ANN), "Ann", "zaibatsu", {"players": 2}, 2).ok
    assert host.join(str(channel), str(BOB), "Bob").ok
    assert host.start(str(channel), str(ANN)).ok
    to_act = host.status(str(channel)).data["to_act"]
    notation = host.legal(str(channel), to_act).choices[0][0]
    waiting = BOB if int(to_act) == ANN else ANN
    before = sql_dump(mem_store)
    for user in (EVE, waiting):
        interaction = make_interaction(user, channel_id=channel)
        asyncio.run(cmds.invoke("move", interaction, action=notation))
        assert public(interaction) == []
        assert len(private(interaction)) == 1
    assert sql_dump(mem_store) == before


# ---------------------------------------------------------------------------------------------
# The token
# ---------------------------------------------------------------------------------------------
@pytest.fixture
def token_env(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """DISCORD_TOKEN set, DEBUG logging, a database in tmp_path, no stray .env file.

    The CLI configures the root logger; its level and handlers are restored afterwards.
    """
    root = logging.getLogger()
    saved = root.level, list(root.handlers)
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("DISCORD_TOKEN", TOKEN)
    monkeypatch.setenv("LOG_LEVEL", "DEBUG")
    monkeypatch.setenv("DATABASE_URL", f"sqlite:///{tmp_path / 'bot.db'}")
    monkeypatch.setenv("DEV_GUILD_ID", "123")
    yield tmp_path
    root.setLevel(saved[0])
    for handler in [h for h in root.handlers if h not in saved[1]]:
        root.removeHandler(handler)


def _everything(caplog: pytest.LogCaptureFixture, capsys: pytest.CaptureFixture[str]) -> str:
    captured = capsys.readouterr()
    records = "\n".join(
        f"{r.name} {r.levelname} {r.getMessage()} {r.args!r} {r.exc_text or ''}" for r in caplog.records
    )
    return "\n".join([captured.out, captured.err, caplog.text, records])


@pytest.mark.parametrize("outcome", ["returns", "login_failure", "crash"])
def test_the_token_never_reaches_logs_or_output(
    token_env: Path, outcome: str, monkeypatch: pytest.MonkeyPatch,
    caplog: pytest.LogCaptureFixture, capsys: pytest.CaptureFixture[str],
) -> None:
    seen: list[str] = []

    def fake_run_bot(token: str, database_url: str | None, dev_guild_id: int | None, sync: bool) -> None:
        seen.append(token)
        log = logging.getLogger("discord.client")
        log.debug("fake run_bot: database %s, guild %s, sync %s", database_url, dev_guild_id, sync)
        log.info("logging in using static token")
        logging.getLogger("bot.discord_app.client").debug("setup_hook would run now")
        if outcome == "login_failure":
            raise discord.LoginFailure("Improper token has been passed.")
        if outcome == "crash":
            raise RuntimeError("gateway went away")

    monkeypatch.setattr(discord_app, "run_bot", fake_run_bot)
    caplog.set_level(logging.DEBUG)
    code = cli_main(["run"])
    assert seen == [TOKEN]  # the token did reach the bot …
    assert code == {"returns": 0, "login_failure": 1, "crash": 1}[outcome]
    text = _everything(caplog, capsys)
    assert "fake run_bot" in text  # DEBUG records were captured …
    assert TOKEN not in text  # … and none of them (nor stdout/stderr) shows the token
    assert "t0k3n-never-in-logs" not in text


def test_the_real_run_bot_does_not_log_the_token(
    token_env: Path, monkeypatch: pytest.MonkeyPatch,
    caplog: pytest.LogCaptureFixture, capsys: pytest.CaptureFixture[str],
) -> None:
    """``run_bot`` for real (database, migrations, renderer, client), only the gateway is faked."""
    calls: list[str] = []

    def fake_client_run(self: discord.Client, token: str, **kwargs: Any) -> None:
        calls.append(token)
        logging.getLogger("discord.client").debug("fake Client.run with %d intents flags", self.intents.value)

    monkeypatch.setattr(discord.Client, "run", fake_client_run)
    caplog.set_level(logging.DEBUG)
    assert cli_main(["run"]) == 0
    assert calls == [TOKEN]
    text = _everything(caplog, capsys)
    assert "fake Client.run" in text
    assert TOKEN not in text


def test_settings_repr_hides_the_token(monkeypatch: pytest.MonkeyPatch) -> None:
    """``repr(Settings)`` used to show the token (found by this suite; fixed with ``field(repr=False)``)."""
    monkeypatch.setenv("DISCORD_TOKEN", TOKEN)
    settings = load_settings(read_env_file=False)
    assert settings.discord_token == TOKEN
    assert TOKEN not in repr(settings)
    assert TOKEN not in str(settings)


# ---------------------------------------------------------------------------------------------
# Oversized input
# ---------------------------------------------------------------------------------------------
@pytest.fixture
def parse_spy(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Replace Zaibatsu's parse_action; fail the test if it is handed more than 200 characters."""
    original = ZAIBATSU.parse_action
    seen: list[str] = []

    def spy(state: Any, text: str) -> Any:
        seen.append(text)
        if len(text) > MAX_INPUT:
            pytest.fail(f"parse_action was called with {len(text)} characters")
        return original(state, text)

    monkeypatch.setattr(ZAIBATSU, "parse_action", spy)
    return seen


@pytest.mark.parametrize(
    "text",
    ["x" * 5000, "take 1 rd red " * 400, "1" * 5000, " " * 199 + "x" * 2, "é" * 201, "日" * 5000, "\n" * 5000],
)
def test_oversized_moves_are_refused_before_parsing(mem_store: Store, parse_spy: list[str], text: str) -> None:
    host = Host(mem_store)
    _zaibatsu_table(host)
    to_act = host.status("sec").data["to_act"]
    before = sql_dump(mem_store)
    reply = host.move("sec", to_act, text)
    assert not reply.ok and reply.private
    assert "too long" in reply.private
    assert len(reply.private) < 300  # the refusal does not echo the input
    assert parse_spy == []
    assert sql_dump(mem_store) == before


def test_the_limit_itself_is_parsed(mem_store: Store, parse_spy: list[str]) -> None:
    host = Host(mem_store)
    _zaibatsu_table(host)
    to_act = host.status("sec").data["to_act"]
    reply = host.move("sec", to_act, "x" * MAX_INPUT)
    assert not reply.ok
    assert parse_spy == ["x" * MAX_INPUT]


def test_oversized_input_through_discord_and_other_fields(mem_store: Store, parse_spy: list[str]) -> None:
    host = Host(mem_store)
    cmds = Commands(host)
    channel = 6002
    assert host.new_table(str(channel), str(ANN), "Ann", "zaibatsu", {"players": 2}, 2).ok
    assert host.join(str(channel), str(BOB), "Bob").ok
    assert host.start(str(channel), str(ANN)).ok
    to_act = int(host.status(str(channel)).data["to_act"])
    before = sql_dump(mem_store)
    interaction = make_interaction(to_act, channel_id=channel)
    asyncio.run(cmds.invoke("move", interaction, action="take 1 ships red " * 300))
    assert public(interaction) == [] and len(private(interaction)) == 1
    choices = asyncio.run(cmds.tables.move_autocomplete(make_interaction(to_act, channel_id=channel), "t" * 5000))
    assert isinstance(choices, list)
    # names, channels, user ids and game names have limits too
    for reply in (
        host.join(str(channel), "x" * 5000, "Eve"),
        host.new_table("y" * 5000, "u", "Ann", "zaibatsu", {"players": 2}),
        host.new_table("c2", "u", "N" * 5000, "zaibatsu", {"players": 2}),
        host.new_table("c2", "u", "Ann", "z" * 5000, {"players": 2}),
        host.new_table("c2", "u", "Ann", "zaibatsu", {"players": 2, "junk": "j" * 5000}),
        host.log(str(channel), 10**9),
        host.move(str(channel), "u" * 5000, "take"),
    ):
        assert not reply.ok and reply.private and len(reply.private) < 400
    assert parse_spy == []
    assert sql_dump(mem_store) == before


# ---------------------------------------------------------------------------------------------
# Mentions
# ---------------------------------------------------------------------------------------------
def test_user_chosen_names_cannot_mass_mention(mem_store: Store) -> None:
    host = Host(mem_store)
    cmds = Commands(host)
    channel = 6003
    interaction = make_interaction(ANN, channel_id=channel)
    interaction.user.display_name = "@everyone"
    asyncio.run(cmds.invoke("new", interaction, "zaibatsu", 2))
    joiner = make_interaction(BOB, channel_id=channel)
    joiner.user.display_name = "<@&987654321> @here"
    asyncio.run(cmds.invoke("join", joiner))
    messages = public(interaction) + public(joiner)
    assert messages, "the lobby posts public messages"
    for message in messages:
        allowed = message.kwargs.get("allowed_mentions")
        assert isinstance(allowed, discord.AllowedMentions)
        assert allowed.everyone is False and allowed.roles is False


# ---------------------------------------------------------------------------------------------
# Hidden information (secretrace)
# ---------------------------------------------------------------------------------------------
class ViewSpyRendererDouble:
    """A renderer double (``bot.host.Renderer``) that records every view it is given to draw, of
    any picture (and returns a fake PNG)."""

    def __init__(self) -> None:
        self.views: list[dict[str, Any]] = []

    def _draw(self, view: dict[str, Any]) -> tuple[bytes, str]:
        self.views.append(view)
        return b"\x89PNG\r\n\x1a\nfake", ""

    def board(self, game: str, view: dict[str, Any]) -> tuple[bytes, str]:
        return self._draw(view)

    def turn(self, game: str, view: dict[str, Any], last: dict[str, Any] | None = None) -> tuple[bytes, str]:
        return self._draw(view)

    def final(self, game: str, view: dict[str, Any]) -> tuple[bytes, str]:
        return self._draw(view)

    def story(self, game: str, view: dict[str, Any], told: Any, *, names: Any, title: str,
              marks: Any) -> tuple[bytes, str]:
        return self._draw(view)


def _secrets_of(host: Host, channel: str) -> list[int]:
    """The dealt secrets, read from the stored log (the full notation is kept for replay)."""
    with host.store.unit_of_work(write=False) as repo:
        table = repo.active_table(channel) or repo.latest_table(channel)
        assert table is not None
        moves = repo.moves(table.id)
    deals = [m.notation.split() for m in moves if m.notation.startswith("deal ")]
    return [int(words[2]) for words in deals]


def _leaks(text: Any, secrets: list[int]) -> list[int]:
    blob = text if isinstance(text, str) else json.dumps(text, default=str)
    return [s for s in secrets if str(s) in blob]


def _secret_table(host: Host, channel: str, players: int = 2) -> list[int]:
    users = ["ann", "bob", "cat"][:players]
    assert host.new_table(channel, users[0], "Ann", "secretrace", {"players": players, "target": 30}, 5).ok
    for u in users[1:]:
        assert host.join(channel, u, u.title()).ok
    start = host.start(channel, users[0])
    assert start.ok, start.private
    secrets = _secrets_of(host, channel)
    assert len(secrets) == players and all(s in SECRETS for s in secrets)
    assert not _leaks([start.public, start.data, start.alt], secrets)
    return secrets


def test_public_replies_never_show_a_hidden_value(mem_store: Store) -> None:
    spy = ViewSpyRendererDouble()
    host = Host(mem_store, render=spy)
    secrets = _secret_table(host, "hid", players=3)
    users = ["ann", "bob", "cat"]
    for step in range(40):
        status = host.status("hid")
        if status.data["status"] != "running":
            break
        assert not _leaks([status.public, status.data], secrets)
        to_act = status.data["to_act"]
        turn = host.turn("hid")
        assert not _leaks([turn.public, turn.data, turn.choices], secrets)
        legal = host.legal("hid", to_act)
        assert not _leaks([legal.private, legal.choices], secrets)
        choices = [n for n, _ in legal.choices]
        reply = host.move("hid", to_act, "move 1" if "move 1" in choices and step % 3 else "bank")
        assert reply.ok, reply.private
        assert not _leaks([reply.public, reply.data, reply.alt], secrets), reply.public
        for seat, user in enumerate(users):
            board = host.board("hid", user)
            assert not _leaks([board.public, board.data.get("text"), board.data.get("header"), board.alt], secrets)
            own = board.private or ""
            others = [s for i, s in enumerate(secrets) if i != seat]
            assert str(secrets[seat]) in own  # each player sees their own number privately …
            assert not _leaks(own, others)  # … and nobody else's
        spectator = host.board("hid", "eve")
        assert not _leaks([spectator.public, spectator.private, spectator.data], secrets)
    assert spy.views, "the renderer was called"
    assert not _leaks(spy.views, secrets)  # pictures are drawn from the spectator view


def test_public_discord_messages_never_show_a_hidden_value(mem_store: Store) -> None:
    host = Host(mem_store, render=ViewSpyRendererDouble())
    cmds = Commands(host)
    channel = 6004
    assert host.new_table(str(channel), str(ANN), "Ann", "secretrace", {"players": 2, "target": 30}, 8).ok
    assert host.join(str(channel), str(BOB), "Bob").ok
    starter = make_interaction(ANN, channel_id=channel)
    asyncio.run(cmds.invoke("start", starter))
    secrets = _secrets_of(host, str(channel))
    interactions = [starter]
    for _ in range(8):
        to_act = int(host.status(str(channel)).data["to_act"])
        mover = make_interaction(to_act, channel_id=channel)
        asyncio.run(cmds.invoke("move", mover, action="bank"))
        viewer = make_interaction(EVE, channel_id=channel)
        asyncio.run(cmds.tables.board(viewer))
        interactions += [mover, viewer]
    posted = [m for i in interactions for m in public(i)]
    assert len(posted) >= 9
    for message in posted:
        files = [getattr(f, "description", None) for f in message.files]
        assert not _leaks([message.content, files], secrets), message.content


def test_the_log_and_a_running_export_do_not_reveal_hidden_chance_outcomes(mem_store: Store) -> None:
    """``Game.public_notation`` (added after this suite found the log leak) hides the deals."""
    host = Host(mem_store)
    secrets = _secret_table(host, "hidlog")
    for _ in range(4):
        assert host.move("hidlog", host.status("hidlog").data["to_act"], "bank").ok
    log = host.log("hidlog", 200)
    assert log.ok and "deal 1 ~" in log.public
    assert not _leaks(log.public, secrets), log.public
    running = host.export("hidlog").data
    assert running["complete"] is False
    assert not _leaks(running, secrets)
    # once the game is over (here: abandoned) the export is complete, hidden outcomes included
    assert host.abandon("hidlog", "ann").ok
    done = host.export("hidlog").data
    assert done["complete"] is True and sorted(_leaks(done, secrets)) == sorted(secrets)


def _notes_table(host: Host, channel: str) -> None:
    assert host.new_table(channel, "ann", "Ann", "secretrace", {"players": 2, "target": 30, "modules": ["notes"]}, 6).ok
    assert host.join(channel, "bob", "Bob").ok
    assert host.start(channel, "ann").ok


def _write_note(host: Host, channel: str, note: int = NOTES[4]) -> tuple[str, Reply]:
    user = host.status(channel).data["to_act"]
    reply = host.move(channel, user, f"note {note}")
    assert reply.ok, reply.private
    return user, reply


def test_a_hidden_choice_stays_out_of_logs_exports_boards_and_events(mem_store: Store) -> None:
    host = Host(mem_store, render=ViewSpyRendererDouble())
    _notes_table(host, "notes")
    note = NOTES[4]
    user, reply = _write_note(host, "notes", note)
    other = "bob" if user == "ann" else "ann"
    assert str(note) in (reply.private or "")  # the author is told privately
    assert not _leaks([(reply.data or {}).get("events"), reply.alt], [note])
    assert not _leaks(host.log("notes", 200).public, [note])
    assert not _leaks(host.export("notes").data, [note])
    assert not _leaks([host.board("notes", other).public, host.board("notes", other).private], [note])
    assert str(note) in (host.board("notes", user).private or "")
    assert not _leaks([host.status("notes").public, host.turn("notes").data], [note])


def test_a_hidden_choice_stays_out_of_the_public_turn_message(mem_store: Store) -> None:
    host = Host(mem_store)
    _notes_table(host, "notes2")
    _user, reply = _write_note(host, "notes2")
    assert not _leaks([reply.public, (reply.data or {}).get("step")], [NOTES[4]]), reply.public


def test_undoing_a_hidden_choice_does_not_reveal_it(mem_store: Store) -> None:
    host = Host(mem_store)
    _notes_table(host, "notes3")
    user, _reply = _write_note(host, "notes3")
    undone = host.undo("notes3", user)
    assert undone.ok, undone.private
    assert not _leaks([undone.public, undone.data], [NOTES[4]]), undone.public


def _cards_of(host: Host, channel: str) -> dict[str, list[int]]:
    """Each user's two cards (derived from the dealt secrets, in seat order)."""
    secrets = _secrets_of(host, channel)
    users = [p["user"] for p in host.status(channel).data["players"]]
    return {u: [v + 100000, v + 200000] for u, v in zip(users, secrets, strict=True)}


def test_hidden_choices_never_reach_public_texts_buttons_or_other_seats(mem_store: Store) -> None:
    spy = ViewSpyRendererDouble()
    host = Host(mem_store, render=spy)
    private_host = Host(mem_store)  # its pictures are not the public ones
    users = ["ann", "bob", "cat"]
    assert host.new_table("cards", "ann", "Ann", "secretrace", {"players": 3, "target": 30, "modules": ["cards"]}, 9).ok
    assert host.join("cards", "bob", "Bob").ok and host.join("cards", "cat", "Cat").ok
    start = host.start("cards", "ann")
    assert start.ok
    cards = _cards_of(host, "cards")
    every = [c for hand in cards.values() for c in hand]
    assert set(every) <= set(CARDS) and len(set(every)) == 6
    assert not _leaks([start.public, start.data, start.alt], every)
    for step in range(3):  # every seat picks a card, in seat order
        turn = host.turn("cards")
        assert turn.choices == [] and turn.data["hidden_choices"] is True
        to_act = turn.data["to_act"]
        assert to_act == users[step]
        for user in users + ["eve"]:
            legal = host.legal("cards", user)
            hand = private_host.hand("cards", user)
            if user == "eve":
                assert not legal.ok and not hand.ok
                assert not _leaks([legal.private, hand.private, hand.data], every)
                continue
            others = [c for u, hand_cards in cards.items() if u != user for c in hand_cards]
            assert not _leaks([hand.private, hand.choices, hand.data], others)
            assert str(cards[user][1]) in (hand.private or "")
            if user == to_act:
                assert [n for n, _label in legal.choices] == [f"pick {c}" for c in cards[user]]
                assert hand.choices == legal.choices
            else:
                assert not legal.ok and legal.choices == [] and hand.choices == []
                assert not _leaks(legal.private, every)
        before = sql_dump(mem_store)
        assert not host.move("cards", "eve", f"pick {cards[to_act][0]}").ok
        other = users[(step + 1) % 3]
        assert not host.move("cards", other, f"pick {cards[other][0]}").ok
        assert not host.move("cards", to_act, f"pick {cards[other][0]}").ok  # another seat's card
        assert sql_dump(mem_store) == before
        reply = host.move("cards", to_act, f"pick {cards[to_act][0]}")
        assert reply.ok, reply.private
        assert not _leaks([reply.public, reply.data, reply.alt], every), reply.public
        assert str(cards[to_act][0]) in (reply.private or "")
        assert not _leaks(reply.private, [c for u, cs in cards.items() if u != to_act for c in cs])
    assert not _leaks([host.log("cards", 200).public, host.export("cards").data], every)
    for user in users:
        board = host.board("cards", user)
        assert not _leaks([board.public, board.data.get("text"), board.alt], every)
    assert spy.views and not _leaks(spy.views, every)  # every public picture is a spectator view
    assert host.turn("cards").data["hidden_choices"] is False  # the race's dice moves are public


def test_discord_hidden_choices_have_no_public_buttons_and_no_stray_suggestions(mem_store: Store) -> None:
    host = Host(mem_store, render=ViewSpyRendererDouble())
    cmds = Commands(host)
    channel = 6011
    assert host.new_table(str(channel), str(ANN), "Ann", "secretrace",
                          {"players": 2, "target": 30, "modules": ["cards"]}, 8).ok
    assert host.join(str(channel), str(BOB), "Bob").ok
    starter = make_interaction(ANN, channel_id=channel)
    asyncio.run(cmds.invoke("start", starter))
    cards = _cards_of(host, str(channel))
    every = [c for hand in cards.values() for c in hand]
    interactions = [starter]
    for _ in range(2):
        to_act = int(host.status(str(channel)).data["to_act"])
        waiting = BOB if to_act == ANN else ANN
        for user in (waiting, EVE):
            suggestions = asyncio.run(cmds.tables.move_autocomplete(make_interaction(user, channel_id=channel), ""))
            assert suggestions == []
        outsider = make_interaction(EVE, channel_id=channel)
        asyncio.run(cmds.invoke("hand", outsider))
        [refusal] = private(outsider)
        assert "not playing" in refusal.content and not _leaks(refusal.content, every)
        assert public(outsider) == []
        mover = make_interaction(to_act, channel_id=channel)
        asyncio.run(cmds.invoke("move", mover, action=f"pick {cards[str(to_act)][1]}"))
        interactions.append(mover)
    posted = [m for i in interactions for m in public(i)]
    assert len(posted) == 3
    for message in posted[:2]:  # the picks: no move buttons (only "Full board"), a pointer to /game hand
        kinds = [type(c).__name__ for c in message.view.children] if message.view is not None else []
        assert kinds in ([], ["BoardButton"]) and "/game hand" in message.content
    for message in posted:
        files = [getattr(f, "description", None) for f in message.files]
        assert not _leaks([message.content, files], every), message.content
    assert posted[2].view is not None  # the dice race's public options are buttons again
