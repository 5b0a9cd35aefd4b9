"""The Host in several languages: the caller's language for refusals and private texts, the table's
language for public texts, pictures and reminders; ``set_language``; migration 0004; ``meiji local
--lang``.

Translations come from small in-memory catalogues (:func:`fake_catalogue`) for the ``meiji``
domain and for a test game's own domain, so these tests prove the paths whatever the real
catalogues hold.
"""

from __future__ import annotations

import gettext
import io
import sys
from collections.abc import Iterator, Mapping
from contextlib import ExitStack, contextmanager
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest
from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo
from sqlalchemy import inspect, text

sys.path.append(str(Path(__file__).resolve().parents[1] / "bot"))  # the test game of tests/bot

from fakegame import GAME  # noqa: E402
from renderer_doubles import FunctionRendererDouble

from bot.host import Host, Reply, language_code  # noqa: E402
from bot.store import Store, utcnow  # noqa: E402
from engine.core import CHANCE, Decision, Event, IllegalAction, get_game, i18n  # noqa: E402
from engine.core.capabilities import SeatLabelText  # noqa: E402
from engine.core.i18n import LANGUAGES, Domain, current  # noqa: E402

CH = "chan-lang"
TEST = Domain("hosttest", Path(__file__).with_name("no-such-locale"))
M = TEST.msg
PROMPT, REASON, EVENT, LABEL, BOARD = "Your move.", "Not now.", "Something happened.", "A step", "The board."
GAME_WORDS = {
    "pl": {PROMPT: "Twój ruch.", REASON: "Nie teraz.", EVENT: "Coś się stało.", LABEL: "Krok", BOARD: "Plansza.",
           "Red": "Czerwony", "Blue": "Niebieski"},
    "de": {PROMPT: "Dein Zug.", REASON: "Nicht jetzt.", EVENT: "Etwas geschah.", LABEL: "Ein Schritt",
           BOARD: "Spielplan.", "Red": "Rot", "Blue": "Blau"},
    "ru": {PROMPT: "Ваш ход.", REASON: "Не сейчас.", EVENT: "Что-то случилось.", LABEL: "Шаг", BOARD: "Поле.",
           "Red": "Красный", "Blue": "Синий"},
}
SEATED = "You already have a seat at this table."
JOINED = "{name} joined ({count}/{want})."
HOST_WORDS = {
    "pl": {SEATED: "Masz już miejsce przy tym stole.", JOINED: "{name} dołącza ({count}/{want})."},
    "de": {SEATED: "Du hast schon einen Platz an diesem Tisch.", JOINED: "{name} ist dabei ({count}/{want})."},
}


@contextmanager
def fake_catalogue(domain: str, lang: str, entries: Mapping[str, str]) -> Iterator[None]:
    """Use ``entries`` (English -> translation) as ``domain``'s whole catalogue for ``lang``."""
    catalog = Catalog(locale=lang, domain=domain)
    for msgid, translated in entries.items():
        catalog.add(msgid, translated)
    buffer = io.BytesIO()
    write_mo(buffer, catalog)
    buffer.seek(0)
    key = (domain, lang)
    old = i18n._catalogues.get(key)
    i18n._catalogues[key] = (gettext.GNUTranslations(buffer), frozenset((None, k) for k in entries))
    try:
        yield
    finally:
        if old is None:
            i18n._catalogues.pop(key, None)
        else:
            i18n._catalogues[key] = old


@pytest.fixture(autouse=True)
def catalogues() -> Iterator[None]:
    """The test game's words in pl/de/ru and two host sentences in pl/de."""
    with ExitStack() as stack:
        for lang, words in GAME_WORDS.items():
            stack.enter_context(fake_catalogue(TEST.name, lang, words))
        for lang, words in HOST_WORDS.items():
            stack.enter_context(fake_catalogue("meiji", lang, words))
        yield


class SpeakingRace:
    """The dice race of tests/bot with translatable prompts, refusals, events, labels and text."""

    name = "speakingrace"
    capabilities = (*GAME.capabilities, SeatLabelText)

    def __getattr__(self, attr: str) -> Any:
        return getattr(GAME, attr)

    def decision(self, state: Any) -> Decision:
        d = GAME.decision(state)
        return d if d.seat is None or d.seat == CHANCE else Decision(d.seat, d.kind, M(PROMPT))

    def parse_action(self, state: Any, notation: str) -> Any:
        try:
            return GAME.parse_action(state, notation)
        except IllegalAction:
            raise IllegalAction(M(REASON)) from None

    def apply(self, state: Any, action: Any) -> tuple[Any, list[Event]]:
        seat = GAME.decision(state).seat
        new, events = GAME.apply(state, action)
        if seat is not None and seat != CHANCE:
            events = [*events, Event("note", seat, M(EVENT))]
        return new, events

    def describe(self, state: Any, action: Any) -> str:
        return M(LABEL)

    def text(self, state: Any, seat: int | None) -> str:
        return M(BOARD)

    @staticmethod
    def seat_label_text(label: str) -> str:
        return M(label.capitalize())


SPEAKING = SpeakingRace()


def lookup(name: str) -> Any:
    return SPEAKING if name == SPEAKING.name else get_game(name)


@pytest.fixture
def drawn() -> list[str]:
    """The language the renderer found current at each call."""
    return []


@pytest.fixture
def host(store: Store, drawn: list[str]) -> Host:
    def render(game: str, view: dict[str, Any]) -> tuple[bytes, str]:
        drawn.append(current())
        return b"png", f"alt in {current()}"

    return Host(store, render=FunctionRendererDouble(render), games=lookup)


def german_table(host: Host) -> str:
    """A started two-player German table opened and joined by Polish callers; the user to act."""
    opened = host.new_table(CH, "u1", "Ann", SPEAKING.name, {"players": 2}, 3, language="de", lang="pl")
    assert opened.ok and opened.language == "de" and opened.data["language"] == "de"  # type: ignore[index]
    joined = host.join(CH, "u2", "Bob", lang="pl")
    assert joined.ok and joined.language == "de"
    assert joined.public == "Bob ist dabei (2/2)." + joined.public.split("(2/2).", 1)[1]  # type: ignore[union-attr]
    seated = host.join(CH, "u1", "Ann", lang="pl")  # the same refusal to two callers, in their languages
    assert not seated.ok and seated.language is None and seated.private == HOST_WORDS["pl"][SEATED]
    assert host.join(CH, "u1", "Ann", lang="de-DE").private == HOST_WORDS["de"][SEATED]
    started = host.start(CH, "u1", lang="pl")
    assert started.ok and started.language == "de"
    assert "Dein Zug." in (started.public or "") and "Twój ruch." not in (started.public or "")
    assert "Dein Zug." in started.data["next"]  # type: ignore[index]
    return host.status(CH).data["to_act"]  # type: ignore[index]


# ---------------------------------------------------------------------------------------------
# (a) the caller's language and the table's language
# ---------------------------------------------------------------------------------------------
def test_a_polish_caller_gets_polish_refusals_while_the_german_table_posts_german(
    host: Host, drawn: list[str]
) -> None:
    user = german_table(host)
    other = "u2" if user == "u1" else "u1"
    assert drawn == ["de"]  # the start's picture was drawn in the table's language

    ill = host.move(CH, user, "frobnicate", lang="pl")
    assert not ill.ok and ill.private == "Nie teraz." and ill.language is None
    assert host.move(CH, user, "frobnicate", lang="ru_RU.UTF-8").private == "Не сейчас."
    waiting = host.move(CH, other, "bank", lang="pl")
    assert not waiting.ok and "Twój ruch." in (waiting.private or "")  # the prompt, in the caller's words

    legal = host.legal(CH, user, lang="pl")  # private: the caller's language
    assert legal.private == "Twój ruch." and {label for _n, label in legal.choices} == {"Krok"}
    assert legal.language is None
    turn = host.turn(CH, lang="pl")  # public buttons: the table's language
    assert turn.language == "de" and turn.data["prompt"] == "Dein Zug."  # type: ignore[index]
    assert {label for _n, label in turn.choices} == {"Ein Schritt"}

    board = host.board(CH, user, lang="pl")
    assert board.language == "de" and board.public.endswith("Spielplan.")  # type: ignore[union-attr]
    assert board.alt == "alt in de" and drawn[-1] == "de"

    moved = host.move(CH, user, legal.choices[0][0], lang="pl")
    assert moved.ok and moved.language == "de", moved.private
    assert moved.public.split(":")[0] in ("Ann (Rot)", "Bob (Blau)")  # type: ignore[union-attr]  # seat labels too
    assert "Etwas geschah." in (moved.public or "") and "Coś się stało." not in (moved.public or "")
    assert "Etwas geschah." in [e["text"] for e in moved.data["events"]]  # type: ignore[index]
    assert moved.alt == "alt in de" and drawn[-1] == "de"

    status = host.status(CH, lang="pl")
    assert status.language == "de" and status.data["language"] == "de"  # type: ignore[index]
    assert status.data["prompt"] in (None, "Dein Zug.")  # type: ignore[index]
    for reply in (host.log(CH, lang="pl"), host.set_reminder(CH, user, 2, lang="pl")):
        assert reply.ok and reply.language == "de"

    [due] = host.due_reminders(utcnow() + timedelta(hours=2, minutes=1))
    assert due["language"] == "de" and due["prompt"] == "Dein Zug."


def test_the_default_table_language_is_the_creators_and_private_events_stay_in_the_callers(store: Store) -> None:
    host = Host(store, games=lookup)
    reply = host.solo(CH, "u1", "Ann", SPEAKING.name, {}, 3, lang="ru")
    assert reply.ok and reply.language == "ru"
    assert host.status(CH).data["language"] == "ru"  # type: ignore[index]
    assert "Ваш ход." in (reply.public or "")
    assert host.turn(CH, lang="en").language == "ru"  # a caller's language does not change the table's


def test_lang_none_keeps_the_current_language_and_english_is_the_default(host: Host) -> None:
    opened = host.new_table(CH, "u1", "Ann", SPEAKING.name, {"players": 2}, 3)
    assert opened.ok and opened.language == "en"
    with i18n.language("de"):
        joined = host.join(CH, "u2", "Bob")  # no lang: the context's language (the table stays English)
        refused = host.join(CH, "u2", "Bob")
    assert joined.language == "en" and joined.public.startswith("Bob joined (2/2).")  # type: ignore[union-attr]
    assert refused.private == HOST_WORDS["de"][SEATED]
    started = host.start(CH, "u1")
    assert "Ann (red)" in (started.public or "") or "Bob (blue)" in (started.public or "")  # English: as stored
    rows = host.status(CH, lang="de").data["players"]  # type: ignore[index]
    assert [(r["label"], r["label_text"]) for r in rows] == [("red", "red"), ("blue", "blue")]


# ---------------------------------------------------------------------------------------------
# (b) set_language
# ---------------------------------------------------------------------------------------------
def test_a_player_sets_the_tables_language_and_public_texts_follow(host: Host, drawn: list[str]) -> None:
    user = german_table(host)
    version = host.status(CH).version
    changed = host.set_language(CH, "u2", "pl", lang="de")
    assert changed.ok and changed.language == "pl" and changed.data["language"] == "pl"  # type: ignore[index]
    assert changed.version == version == host.status(CH).version  # unversioned: buttons stay valid
    assert "Polski" in (changed.public or "")
    turn = host.turn(CH, lang="de")
    assert turn.language == "pl" and {label for _n, label in turn.choices} == {"Krok"}
    moved = host.move(CH, user, turn.choices[0][0], lang="de")
    assert moved.ok and moved.language == "pl" and "Coś się stało." in (moved.public or "")
    assert drawn[-1] == "pl"
    # codes, locales and names are understood
    for given, code in (("RU", "ru"), ("de-AT", "de"), ("Deutsch", "de"), ("english", "en"), ("Polski", "pl")):
        reply = host.set_language(CH, "u1", given)
        assert reply.ok and reply.language == code and host.status(CH).data["language"] == code  # type: ignore[index]


def test_set_language_refusals(host: Host) -> None:
    german_table(host)
    outsider = host.set_language(CH, "eve", "pl", lang="pl")
    assert not outsider.ok and outsider.private and outsider.language is None
    assert host.status(CH).data["language"] == "de"  # type: ignore[index]
    assert host.set_language(CH, "eve", "pl", is_admin=True).ok  # an admin may
    for unknown in ("fr", "klingon", "", "x" * 500):
        reply = host.set_language(CH, "u1", unknown)
        assert not reply.ok and reply.private
        assert all(code in reply.private for code in LANGUAGES), reply.private  # the refusal lists them
        assert len(reply.private) < 300
    assert host.status(CH).data["language"] == "pl"  # type: ignore[index]
    assert not host.set_language("empty-channel", "u1", "de").ok  # no table here


def test_language_code() -> None:
    assert [language_code(v) for v in ("pl", "pl_PL.UTF-8", "Русский", "German", "EN-us")] == [
        "pl", "pl", "ru", "de", "en"
    ]
    assert [language_code(v) for v in ("fr", "", None, "C")] == [None, None, None, None]


# ---------------------------------------------------------------------------------------------
# (c) migration 0004
# ---------------------------------------------------------------------------------------------
def _alembic(store: Store, fn: str, revision: str) -> None:
    from alembic import command

    cfg = store.alembic_config()
    with store.engine.begin() as conn:
        cfg.attributes["connection"] = conn
        getattr(command, fn)(cfg, revision)


def test_migration_0004_adds_the_language_and_old_tables_speak_the_callers(tmp_path: Path) -> None:
    from engine.core import register

    register(GAME)
    url = f"sqlite:///{tmp_path / 'old.db'}"
    old = Store(url)
    _alembic(old, "upgrade", "0003")
    with old.engine.begin() as conn:
        assert "language" not in {c["name"] for c in inspect(conn).get_columns("game_table")}
        conn.execute(text(
            "INSERT INTO game_table (channel, guild, game, options, seed, status, version, engine_version, "
            "creator, created_at, updated_at) VALUES ('c', NULL, 'dicerace', '{\"players\": 2}', 7, 'open', 1, "
            "'test-1', 'u1', '2026-01-01 10:00:00', '2026-01-01 10:00:00')"
        ))
        conn.execute(text("INSERT INTO seat (table_id, seat, user_id, user_name) VALUES (1, 0, 'u1', 'Ann')"))
    old.dispose()

    store = Store.open(url)  # upgrade head
    with store.engine.connect() as conn:
        assert "language" in {c["name"] for c in inspect(conn).get_columns("game_table")}
        assert conn.execute(text("SELECT language FROM game_table")).scalar() is None
    with store.unit_of_work(write=False) as repo:
        assert repo.table(1).language is None  # type: ignore[union-attr]
    host = Host(store)
    assert host.status("c", lang="ru").data["language"] == "ru"  # type: ignore[index]
    joined = host.join("c", "u2", "Bob", lang="pl")
    assert joined.ok and joined.language == "pl"  # no language stored: the caller's
    assert host.start("c", "u1").ok
    assert host.set_reminder("c", "u1", 1).ok
    [due] = host.due_reminders(utcnow() + timedelta(hours=2))
    assert due["language"] == "en"  # reminders of an old table: English, as before
    assert host.set_language("c", "u1", "de").ok
    assert host.status("c", lang="ru").data["language"] == "de"  # type: ignore[index]
    store.dispose()


# ---------------------------------------------------------------------------------------------
# (d) meiji local --lang
# ---------------------------------------------------------------------------------------------
def _local(monkeypatch: pytest.MonkeyPatch, tmp_path: Path, *extra: str) -> tuple[int, str]:
    from bot.__main__ import main
    from engine.core import register

    register(GAME)
    out = io.StringIO()
    monkeypatch.setattr(sys, "stdin", io.StringIO("quit\n"))
    monkeypatch.setattr(sys, "stdout", out)
    url = f"sqlite:///{tmp_path / 'local.db'}"
    code = main(["local", "--game", "dicerace", "--players", "2", "--seed", "4", "--no-pictures", "--db", url, *extra])
    return code, out.getvalue()


def _table_language(tmp_path: Path) -> str | None:
    store = Store(f"sqlite:///{tmp_path / 'local.db'}")
    try:
        return Host(store).status("terminal").data["language"]  # type: ignore[index]
    finally:
        store.dispose()


def test_the_terminal_takes_lang(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("LANG", "C.UTF-8")
    code, out = _local(monkeypatch, tmp_path, "--lang", "de")
    assert code == 0 and out
    assert _table_language(tmp_path) == "de"


def test_the_terminal_language_defaults_to_LANG(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("LANG", "ru_RU.UTF-8")
    code, _out = _local(monkeypatch, tmp_path)
    assert code == 0 and _table_language(tmp_path) == "ru"
    # resuming in another language switches the whole table to it
    code, _out = _local(monkeypatch, tmp_path, "--resume", "--lang", "pl")
    assert code == 0 and _table_language(tmp_path) == "pl"


def test_the_terminal_refuses_an_unknown_lang_and_documents_it(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from bot.__main__ import build_parser, main

    assert main(["local", "--lang", "fr"]) == 2
    assert "--lang" in capsys.readouterr().err
    local = build_parser()._subparsers._group_actions[0].choices["local"]  # type: ignore[union-attr]
    help_text = local.format_help()
    assert "--lang" in help_text and "LANG" in help_text
    assert main(["selfplay", "--lang", "pl"]) == 2  # only the terminal table takes --lang


def test_the_console_speaks_its_language(store: Store) -> None:
    from bot.console import play_local

    with fake_catalogue("meiji", "pl", {"Your moves:": "Twoje ruchy:", "Commands:": "Polecenia:"}):
        out = io.StringIO()
        code = play_local(Host(store, games=lookup), SPEAKING.name, 2, {}, seed=4, stdin=io.StringIO("help\nquit\n"),
                          stdout=out, lang="pl")
    text_out = out.getvalue()
    assert code == 0
    assert "Twoje ruchy:" in text_out and "Polecenia:" in text_out and "Twój ruch." in text_out
    assert "Your moves:" not in text_out
    assert Host(store, games=lookup).status("terminal").data["language"] == "pl"  # type: ignore[index]


def test_replies_say_their_language() -> None:
    assert Reply(ok=True).language is None
