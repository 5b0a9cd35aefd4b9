"""The Discord adapter in several languages: localised commands, private and public texts.

* every localised command, option and choice name of the real catalogues obeys Discord's rules
  (names: ``^[-_\\p{L}\\p{N}]{1,32}$``, lowercase, unique among siblings; descriptions and choice
  names 1–100 characters);
* an ephemeral answer is in the user's language (``interaction.locale``), passed to the Host as
  ``lang``; a public message in the table's language (``Reply.language``); a new table takes the
  server's language;
* ``/game language`` changes the table's language; ``/move`` autocomplete matches localised labels.

Texts whose real translation may still be missing are checked with a small in-memory catalogue
(:func:`fake_catalogue`), so these tests prove the paths, not the translators' words.
"""

from __future__ import annotations

import gettext
import io
import sys
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import discord
import pytest
from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo

sys.path.append(str(Path(__file__).resolve().parents[1] / "bot"))  # the Discord fakes of tests/bot

from discord_fakes import (  # noqa: E402
    ANN,
    BOB,
    CH,
    DM_ANN,
    EVE,
    GUILD,
    Commands,
    assert_accepted,
    assert_refused,
    make_interaction,
    private,
    public,
    run,
)
from renderer_doubles import FunctionRendererDouble

from bot.discord_app.client import MeijiBot  # noqa: E402
from bot.discord_app.commands import rules_choices  # noqa: E402
from bot.discord_app.reminders import DueReminder  # noqa: E402
from bot.discord_app.translator import (  # noqa: E402
    CONTEXTS,
    LOCALES,
    NAME_CONTEXTS,
    MeijiTranslator,
    is_valid,
    localise,
    translatable_strings,
    valid_name,
)
from bot.host import Host, Reply  # noqa: E402
from bot.store import Store, utcnow  # noqa: E402
from bot.words import _t  # noqa: E402
from engine.core import i18n  # noqa: E402
from engine.core.i18n import language  # noqa: E402

TARGETS = ("pl", "ru", "de")


@contextmanager
def fake_catalogue(domain: str, lang: str, entries: Mapping[tuple[str | None, str], str]) -> Iterator[None]:
    """Use ``entries`` (``(context, English) -> translation``) as ``domain``'s catalogue for ``lang``."""
    catalog = Catalog(locale=lang, domain=domain)
    for (context, msgid), text in entries.items():
        catalog.add(msgid, text, context=context)
    buffer = io.BytesIO()
    write_mo(buffer, catalog)
    buffer.seek(0)
    key = (domain, lang)
    old = i18n._catalogues.get(key)
    i18n._catalogues[key] = (gettext.GNUTranslations(buffer), frozenset(entries))
    try:
        yield
    finally:
        if old is None:
            i18n._catalogues.pop(key, None)
        else:
            i18n._catalogues[key] = old


def spy(monkeypatch: pytest.MonkeyPatch, host: Host, name: str) -> list[dict[str, Any]]:
    """Record the keyword arguments of every call of ``host.<name>`` (the call still happens)."""
    calls: list[dict[str, Any]] = []
    real = getattr(host, name)

    def wrapper(*args: Any, **kwargs: Any) -> Any:
        calls.append(kwargs)
        return real(*args, **kwargs)

    monkeypatch.setattr(host, name, wrapper)  # Host siblings (with_command_names) copy it
    return calls


# ---------------------------------------------------------------------------------------------
# Localised commands (real catalogues)
# ---------------------------------------------------------------------------------------------
def test_the_command_tree_strings_are_listed_and_valid_in_english() -> None:
    strings = translatable_strings()
    assert ("command name", "game") in strings and ("command name", "move") in strings
    assert ("parameter name", "language") in strings and ("choice name", "Hard") in strings
    assert ("command description", "Play a board game at a table in this channel") in strings
    assert not any(text in ("Polski", "Русский", "Deutsch", "English") for _c, text in strings)  # own names
    assert {c for c, _t in strings} == set(CONTEXTS.values())
    for context, english in strings:
        assert is_valid(context, english), (context, english)


def test_the_catalogue_extraction_includes_the_command_strings() -> None:
    from bot import catalogues

    meiji = next(d for d in catalogues.domain_sources() if d.name == "meiji")
    extracted = catalogues.extract(meiji)
    for context, english in translatable_strings():
        assert extracted.get(english, context=context) is not None, (context, english)


@pytest.mark.parametrize("lang", TARGETS)
def test_every_translated_command_string_obeys_discords_rules(lang: str) -> None:
    bad = []
    for context, english in translatable_strings():
        with language(lang):
            text = _t(context, english)
        if text == english:
            continue  # not translated (yet): Discord shows the English name
        if not is_valid(context, text):
            bad.append(f"{context} {english!r} -> {text!r}")
        else:
            assert localise(context, english, lang) == text
    assert bad == [], "invalid for Discord (lowercase letters, digits, - and _, ≤ 32; texts ≤ 100):\n" + "\n".join(bad)


def _payloads(host: Host) -> list[dict[str, Any]]:
    async def build() -> list[dict[str, Any]]:
        bot = MeijiBot(host)
        translator = MeijiTranslator()
        await bot.tree.set_translator(translator)
        return [await c.get_translated_payload(bot.tree, translator) for c in bot.tree.get_commands()]

    return run(build())


def _check_level(items: list[dict[str, Any]], where: str, problems: list[str]) -> None:
    """Names unique among siblings in every locale; every localisation valid."""
    for locale in ("", *(loc.value for loc in LOCALES)):
        names = [(item.get("name_localizations") or {}).get(locale, item["name"]) if locale else item["name"]
                 for item in items]
        if len(set(names)) != len(names):
            problems.append(f"{where}: duplicate names in {locale or 'en'}: {sorted(names)}")
    for item in items:
        for locale, text in (item.get("name_localizations") or {}).items():
            # a choice ("value") has a free-text name; commands, groups and options have Discord names
            ok = 1 <= len(text) <= 100 if "value" in item else valid_name(text)
            if not ok:
                problems.append(f"{where}/{item['name']}: bad {locale} name {text!r}")
        for locale, text in (item.get("description_localizations") or {}).items():
            if not 1 <= len(text) <= 100:
                problems.append(f"{where}/{item['name']}: bad {locale} description {text!r}")
        _check_level(item.get("options") or [], f"{where}/{item['name']}", problems)
        if item.get("choices"):
            _check_level(item["choices"], f"{where}/{item['name']}:choices", problems)


def test_the_synced_payload_has_valid_unique_localisations(host: Host) -> None:
    payloads = _payloads(host)
    assert sorted(p["name"] for p in payloads) == ["game", "hint", "leaderboard", "move", "solo", "stats"]
    problems: list[str] = []
    _check_level(payloads, "", problems)
    assert problems == [], "\n".join(problems)
    game = next(p for p in payloads if p["name"] == "game")
    language_command = next(o for o in game["options"] if o["name"] == "language")
    choices = language_command["options"][0]["choices"]
    assert [c["value"] for c in choices] == ["en", "pl", "ru", "de"]
    assert [c["name"] for c in choices] == ["English", "Polski", "Русский", "Deutsch"]
    assert all(not c.get("name_localizations") for c in choices)  # each language's own name


def test_translator_answers_from_the_catalogue_and_refuses_invalid_names() -> None:
    entries = {
        ("command name", "game"): "gra",
        ("command name", "join"): "Dołącz Teraz",  # a space and capitals: not a Discord name
        ("command description", "Take a seat at the open table"): "Zajmij miejsce przy otwartym stole",
        ("parameter name", "players"): "x" * 33,  # too long
        ("choice name", "Hard"): "Trudny",  # choice names may have capitals and spaces
    }
    from discord.app_commands import TranslationContext, locale_str
    from discord.app_commands import TranslationContextLocation as Where

    async def ask(text: str, where: Where, locale: discord.Locale = discord.Locale.polish) -> str | None:
        return await MeijiTranslator().translate(locale_str(text), locale, TranslationContext(where, None))

    with fake_catalogue("meiji", "pl", entries):
        assert run(ask("game", Where.group_name)) == "gra"
        assert run(ask("game", Where.command_name)) == "gra"
        assert run(ask("join", Where.command_name)) is None  # invalid: Discord keeps "join"
        assert run(ask("Take a seat at the open table", Where.command_description)) == (
            "Zajmij miejsce przy otwartym stole"
        )
        assert run(ask("players", Where.parameter_name)) is None
        assert run(ask("Hard", Where.choice_name)) == "Trudny"
        assert run(ask("Polski", Where.choice_name)) is None  # a language's own name
        assert run(ask("game", Where.command_name, discord.Locale.french)) is None  # no catalogue
        assert run(ask("game", Where.other)) is None
    assert "command name" in NAME_CONTEXTS and not valid_name("Gra") and valid_name("pierwsza_gra")
    assert valid_name("присоединиться") and valid_name("zurück") and not valid_name("a b")


# ---------------------------------------------------------------------------------------------
# Texts: the user's language in private, the table's in public
# ---------------------------------------------------------------------------------------------
def test_a_polish_user_gets_the_hosts_refusal_in_polish(host: Host, monkeypatch: pytest.MonkeyPatch) -> None:
    calls = spy(monkeypatch, host, "join")
    cmds = Commands(host)
    text = assert_refused(cmds.as_user("join", ANN, locale="pl"))
    assert calls == [{"lang": "pl"}]  # the Host is asked in the user's language
    assert text == host.join(CH, str(ANN), "Ann", lang="pl").private  # … and its answer is passed on
    english = assert_refused(cmds.as_user("join", ANN))
    assert calls[-1] == {"lang": "en"} and "no game in this channel" in english


def test_every_host_call_of_a_command_carries_the_users_language(
    host: Host, monkeypatch: pytest.MonkeyPatch
) -> None:
    names = ("new_table", "join", "leave", "start", "status", "board", "accounts", "undo", "abandon", "set_reminder",
             "set_language", "move", "legal", "turn", "set_board_message", "hand")
    calls = {n: spy(monkeypatch, host, n) for n in names}
    cmds = Commands(host)
    ru = {"locale": "ru"}
    cmds.as_user("new", ANN, game="zaibatsu", players=2, **ru)
    cmds.as_user("join", BOB, **ru)
    cmds.as_user("status", EVE, **ru)
    cmds.as_user("language", ANN, language="de", **ru)
    cmds.as_user("remind", ANN, hours=2, **ru)
    cmds.as_user("start", ANN, **ru)
    cmds.as_user("board", EVE, **ru)
    cmds.as_user("hand", ANN, **ru)
    cmds.as_user("log", EVE, n=3, **ru)
    run(cmds.tables.move_autocomplete(make_interaction(ANN, locale="ru"), ""))
    cmds.call("move", make_interaction(ANN, locale="ru"), action="bogus")
    cmds.as_user("undo", ANN, **ru)
    cmds.as_user("leave", ANN, **ru)
    cmds.as_user("abandon", ANN, **ru)
    for name in names:
        if name == "turn":  # the options under a public message: the table's language
            assert calls[name] and all(c.get("lang") == "de" for c in calls[name]), calls[name]
            continue
        assert calls[name], name
        assert all(c.get("lang") == "ru" for c in calls[name]), (name, calls[name])


def test_new_tables_take_the_servers_language_and_solo_in_a_dm_the_users(
    host: Host, monkeypatch: pytest.MonkeyPatch
) -> None:
    new_calls = spy(monkeypatch, host, "new_table")
    solo_calls = spy(monkeypatch, host, "solo")
    cmds = Commands(host)
    message = assert_accepted(cmds.as_user("new", ANN, game="zaibatsu", players=2, locale="pl", guild_locale="de"))
    assert new_calls[0]["language"] == "de" and new_calls[0]["lang"] == "pl"
    assert host.status(CH).data["language"] == "de"  # type: ignore[index]
    assert message.content
    assert_accepted(cmds.in_dm("solo new", difficulty="easy"))
    dm = make_interaction(ANN, channel_id=DM_ANN + 1, guild_id=None, locale="ru")
    assert_accepted(cmds.call("solo new", dm, difficulty="hard"))
    assert solo_calls[-1]["language"] == "ru" and solo_calls[-1]["lang"] == "ru"


def test_private_acknowledgement_in_the_users_language_public_message_in_the_tables(store: Store) -> None:
    from discord_fakes import PNG

    host = Host(store, render=FunctionRendererDouble(lambda game, view: PNG))  # a picture without alt text
    cmds = Commands(host)
    polish = {(None, "Your table is open."): "Twój stół jest otwarty.", (None, "Game board. {summary}"): "Plansza. {summary}"}
    german = {(None, "Your table is open."): "Dein Tisch ist offen.", (None, "Game board. {summary}"): "Spielplan. {summary}"}
    with fake_catalogue("meiji", "pl", polish), fake_catalogue("meiji", "de", german):
        inter = cmds.as_user("new", ANN, game="zaibatsu", players=2, locale="pl", guild_locale="de")
        message = assert_accepted(inter)
        assert private(inter)[0].content == "Twój stół jest otwarty."  # the user's language
        assert message.content
        host.join(CH, str(BOB), "Bob")
        message = assert_accepted(cmds.as_user("start", ANN, locale="pl", guild_locale="pl"))
        [picture] = message.files
        assert picture.description and picture.description.startswith("Spielplan. ")  # the table's language


def test_public_texts_of_the_adapter_follow_the_table_language(host: Host) -> None:
    cmds = Commands(host)
    host.new_table(CH, str(ANN), "Ann", "zaibatsu", {"players": 2}, 4, guild=str(GUILD), language="pl")
    host.join(CH, str(BOB), "Bob")
    assert host.start(CH, str(ANN)).ok
    entries = {
        (None, "(The board as text is attached.)"): "(Plansza jako tekst w załączniku.)",
        (None, "Here is the board."): "Oto plansza.",
    }
    with fake_catalogue("meiji", "pl", entries):
        inter = cmds.as_user("board", EVE)  # an English user asks; the table is Polish
    message = assert_accepted(inter)
    assert "(Plansza jako tekst w załączniku.)" in message.content
    assert private(inter)[0].content.startswith("Here is the board.")


def test_game_language_changes_the_tables_language(host: Host, monkeypatch: pytest.MonkeyPatch) -> None:
    cmds = Commands(host)
    assert_refused(cmds.as_user("language", ANN, language="pl"), "no game")
    host.new_table(CH, str(ANN), "Ann", "zaibatsu", {"players": 2}, 4, guild=str(GUILD), language="en")
    host.join(CH, str(BOB), "Bob")
    assert_refused(cmds.as_user("language", EVE, language="pl"))  # not a player, not an admin
    assert public(cmds.as_user("language", EVE, language="pl")) == []
    assert host.status(CH).data["language"] == "en"  # type: ignore[index]
    message = assert_accepted(cmds.as_user("language", BOB, language="pl"))
    assert host.status(CH).data["language"] == "pl"  # type: ignore[index]
    assert message.content == host.set_language(CH, str(BOB), "pl").public  # the Host's public text
    assert_accepted(cmds.as_user("language", EVE, language="ru", manage_channels=True))  # an admin
    assert host.status(CH).data["language"] == "ru"  # type: ignore[index]
    turns = spy(monkeypatch, host, "turn")
    assert host.start(CH, str(ANN)).ok
    assert_accepted(cmds.as_user("board", ANN))
    assert turns and turns[-1]["lang"] == "ru"  # the buttons under the board: the table's language


def test_move_autocomplete_matches_the_localised_label(host: Host, monkeypatch: pytest.MonkeyPatch) -> None:
    labels = {"pl": "Weź robotnika → Badania i Rozwój", "ru": "Взять рабочего → Наука", "en": "Take a worker → R&D"}

    def legal(channel: str, user: str, lang: str | None = None) -> Reply:
        return Reply(ok=True, choices=[("take 4 rd red", labels[lang or "en"]), ("consolidate", "Consolidate")])

    monkeypatch.setattr(host, "legal", legal)
    cmds = Commands(host)
    polish = run(cmds.tables.move_autocomplete(make_interaction(ANN, locale="pl"), "BADANIA"))
    assert [c.value for c in polish] == ["take 4 rd red"] and "Badania i Rozwój" in polish[0].name
    russian = run(cmds.tables.move_autocomplete(make_interaction(ANN, locale="ru"), "НАУКА"))
    assert [c.value for c in russian] == ["take 4 rd red"]
    assert run(cmds.tables.move_autocomplete(make_interaction(ANN, locale="en-GB"), "badania")) == []
    notation = run(cmds.tables.move_autocomplete(make_interaction(ANN, locale="pl"), "take 4"))
    assert [c.value for c in notation] == ["take 4 rd red"]  # the notation still matches


def test_rules_answer_in_the_users_language(host: Host) -> None:
    cmds = Commands(host)
    zaibatsu = {
        ("rules topic", "Silk"): "Jedwab",
        ("rules section", "Rulebook: Note on silk"): "Instrukcja: Uwaga dotycząca Jedwabiu",
    }
    meiji = {(None, "**{title}** — {section}"): "**{title}** — {section}"}
    with fake_catalogue("zaibatsu", "pl", zaibatsu), fake_catalogue("meiji", "pl", meiji):
        [answer] = private(cmds.as_user("rules", ANN, topic="jedwab", locale="pl"))
        choices = run(rules_choices(cmds.tables, make_interaction(ANN, locale="pl"), "JEDW"))
    assert answer.content.startswith("**Jedwab** — Instrukcja: Uwaga dotycząca Jedwabiu")
    assert [c.value for c in choices] == ["silk"] and choices[0].name.startswith("Jedwab")
    [english] = private(cmds.as_user("rules", ANN, topic="silk"))
    assert english.content.startswith("**Silk** — Rulebook: Note on silk")


def test_errors_and_reminders_in_the_right_language(host: Host) -> None:
    from discord import app_commands

    entries = {
        (None, "Use this command in a server channel."): "Użyj tego polecenia na kanale serwera.",
        (None, "in our direct messages"): "w naszych wiadomościach prywatnych",
    }

    async def build() -> MeijiBot:
        return MeijiBot(host)

    bot = run(build())
    inter = make_interaction(ANN, locale="pl")
    with fake_catalogue("meiji", "pl", entries):
        run(bot.tree.on_error(inter, app_commands.NoPrivateMessage()))
        due = DueReminder(7, "9001", None, "zaibatsu", "1001", "Ann", "Fioletowy: weź robotnika", utcnow(), 1, 12,
                          language="pl")
        text = due.text()
    assert inter.response.send_message.call_args.args[0] == "Użyj tego polecenia na kanale serwera."
    assert "w naszych wiadomościach prywatnych" in text and "Fioletowy: weź robotnika" in text
    item = {"table_id": 1, "channel": "1", "guild": None, "game": "zaibatsu", "to_act": "2", "user_name": "Ann",
            "prompt": None, "since": utcnow(), "number": 1, "last_seq": 3, "language": "ru-RU"}
    assert DueReminder.from_host(item).language == "ru"
