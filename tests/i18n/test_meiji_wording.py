"""The hosts' wording slips reported in the catalogues of the ``meiji`` domain, and its numbers."""

from __future__ import annotations

from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from bot.discord_app.translator import localise, valid_name
from bot.words import _, _n
from engine.core.i18n import language

ROOT = Path(__file__).resolve().parents[2]
TAKEOVER = ("{name} has not moved for {n} hour: a bot plays their seat now. {name} can take it back with {back}.",
            "{name} has not moved for {n} hours: a bot plays their seat now. {name} can take it back with {back}.")


@pytest.mark.parametrize(("hours", "words"), [(1, "hat seit 1 Stunde keinen Zug gemacht"),
                                               (6, "hat seit 6 Stunden keinen Zug gemacht")])
def test_german_says_who_has_made_no_move(hours: int, words: str) -> None:
    with language("de"):
        text = _n(*TAKEOVER, hours, name="Ann", back="/spiel zurück")
    assert words in text and "gezogen" not in text


def test_polish_says_the_game_ended_in_one_wording_across_catalogues() -> None:
    found = {}
    for po in [ROOT / "bot/locale/pl/LC_MESSAGES/meiji.po", *ROOT.glob("engine/*/locale/pl/LC_MESSAGES/*.po")]:
        with po.open("rb") as handle:
            catalogue = read_po(handle)
        message = catalogue.get("The game is over.")
        if message is not None and message.string:
            found[po.parent.parent.parent.parent.name] = message.string
        assert not any(isinstance(m.string, str) and "skończył" in m.string for m in catalogue), po
    assert found and set(found.values()) == {"Gra się zakończyła."}, found


@pytest.mark.parametrize(("lang", "english", "name"), [
    ("pl", "return", "powrót"), ("pl", "hint", "podpowiedź"), ("pl", "leave", "opuść"),
    ("de", "return", "zurück"), ("de", "add-bot", "bot-hinzufügen"), ("de", "undo", "zurücknehmen"),
])
def test_localised_command_names_keep_their_letters(lang: str, english: str, name: str) -> None:
    # Discord allows any Unicode letter in a localised name (lower case, no spaces, ≤ 32 characters)
    assert valid_name(name)
    assert localise("command name", english, lang) == name


def test_quantities_are_written_by_babel_and_identifiers_are_not() -> None:
    moves = ("Players: {players} · {n} move", "Players: {players} · {n} moves")
    expected = {"en": "12,345", "pl": "12\xa0345", "ru": "12\xa0345", "de": "12.345"}
    for lang, number in expected.items():
        with language(lang):
            assert number in _n(*moves, 12345, players="Ann")
            # a table's number is a name, not a quantity
            assert "#12345" in _("A {game} game is already running here (table #{table}). Finish or abandon it "
                                  "first.", game="Nippon", table=12345).replace("nr ", "#").replace("№", "#")


@pytest.mark.parametrize(("lang", "sign", "avoid"), [("pl", "#{table}", ("nr {table}", "Turze", "Tura", "Twojego", "zaczęła;")),
                                                     ("ru", "№{table}", ("#{table}", "На этом канале")),
                                                     ("de", "#{table}", ("Nr. {table}", "Spielbrett"))])
def test_one_word_for_each_thing_in_a_catalogue(lang: str, sign: str, avoid: tuple[str, ...]) -> None:
    # a table's number is written one way, the board has one name, one address form per language
    with (ROOT / f"bot/locale/{lang}/LC_MESSAGES/meiji.po").open("rb") as handle:
        catalogue = read_po(handle)
    texts = [s for m in catalogue if m.id for s in ([m.string] if isinstance(m.string, str) else m.string)]
    assert any(sign in t for t in texts)
    slips = [t for t in texts for word in avoid if word in t]
    assert not slips, slips
