"""What a place or a card does, before it is chosen (issue 32, item 2): the area action at the coming
power in the movement and agent labels and on the text board (with the build threshold, Krok
budowy), each technology's effect in the Laboratory labels, the board and the hand, the orders' still
missing goods, and the rules topic's table of every area by power, in all four languages. The
expected words are the catalogues' own, and the numbers are checked against applying the move."""

from __future__ import annotations

import pytest

from engine.core.i18n import language, tr
from engine.yokohama import GAME
from engine.yokohama.data import TECHNOLOGY_NAMES
from engine.yokohama.effects import area_effect, build_note, power_table, tech_effect
from engine.yokohama.moves import LIMIT
from engine.yokohama.tables import tables
from engine.yokohama.text import render_text
from engine.yokohama.topics import BY_KEY

from .test_areas import PURPLE, agent_at, lab_e10, president_at

#: The Silk Mill at power 2 in each language: the label's words (rulebook terms of each edition).
SILK_AT_TWO = {
    "en": ("power 2: 1 raw silk", "no building: it needs power 4"),
    "pl": ("siłą 2: 1 jedwab", "bez budowy: wymaga siły 4"),
    "ru": ("сила 2: 1 шёлк", "без стройки: нужна сила 4"),
    "de": ("Stärke 2: 1 Seide", "kein Bau: er braucht Stärke 4"),
}


@pytest.mark.parametrize("lang", sorted(SILK_AT_TWO))
def test_the_movement_label_says_what_the_silk_mill_gives_at_power_two(lang: str) -> None:
    table = president_at("silk1", 1)  # 1 assistant + the president = power 2
    label = str(tr(GAME.describe(table.state, GAME.parse_action(table.state, "go silk1")), lang))
    gives, build = SILK_AT_TWO[lang]
    assert gives in label and build in label, label
    assert len(label) <= LIMIT
    # The label agrees with what the move then does: 1 raw silk, and no build step.
    before = table.p(PURPLE).silk
    table.play("go silk1")
    assert table.p(PURPLE).silk == before + 1
    assert all(a.kind not in ("shop", "house") for a in GAME.legal_actions(table.state))


@pytest.mark.parametrize("lang", sorted(SILK_AT_TWO))
def test_the_board_shows_the_action_where_the_player_has_pieces(lang: str) -> None:
    table = president_at("silk1", 1)
    with language(lang):
        text = render_text(table.state, PURPLE)
        words = str(tr(area_effect("silk_mill", 2)))
        build = str(tr(build_note(2)))
    line = next(x for x in text.splitlines() if words in x and build in x)
    assert "2" in line
    # Only the one area holding Purple's assistant gets the line.
    assert sum(1 for x in text.splitlines() if build in x) == 1


def test_power_four_allows_building_and_the_label_says_so() -> None:
    table = president_at("silk1", 3)  # power 4
    label = str(GAME.describe(table.state, GAME.parse_action(table.state, "go silk1")))
    assert "power 4: 3 raw silk; then you may build" in label
    table.play("go silk1")
    assert table.p(PURPLE).silk >= 3


def test_the_agent_label_names_the_action_without_the_president() -> None:
    table = agent_at("tea1", 3)
    label = str(GAME.describe(table.state, GAME.parse_action(table.state, "agent tea1")))
    assert "power 3: 3 tea; no building: it needs power 4" in label, label
    before = table.p(PURPLE).tea
    table.play("agent tea1")
    assert table.p(PURPLE).tea == before + 3


@pytest.mark.parametrize("lang", ["en", "pl", "ru", "de"])
def test_the_laboratory_label_board_and_hand_explain_the_technology(lang: str) -> None:
    table = lab_e10(owned=("ball",))  # Tram on space 3; Purple owns Ball
    tram, ball = str(tr(tech_effect("tram"), lang)), str(tr(tech_effect("ball"), lang))
    labels = {str(table.state.labs["laba"][int(a.args[0]) - 1]): str(tr(GAME.describe(table.state, a), lang))
              for a in GAME.legal_actions(table.state) if a.kind == "tech"}
    # A card's effect is in its label wherever it fits Discord's 100 characters (Spinning Mill's does).
    spin = next(c for c in labels if tables().techs[c].name == "spinning_mill")
    assert str(tr(tech_effect("spinning_mill"), lang)) in labels[spin], labels[spin]
    assert all(len(label) <= LIMIT for label in labels.values())
    with language(lang):
        text = " ".join(render_text(table.state, PURPLE).split())  # the board wraps long lines
    assert tram in text  # on the Laboratory board
    assert ball in text  # Purple's own Ball, with what it does


def test_every_technology_has_an_effect_with_the_rule_numbers() -> None:
    n = tables().n
    for name in TECHNOLOGY_NAMES:
        for lang in ("en", "pl", "ru", "de"):
            assert str(tr(tech_effect(name), lang)).strip()
    assert f"{n['ball_vp']} VP each time you fulfil an order" == str(tech_effect("ball"))
    assert f"{n['exhibition_vp']} VP at once" in str(tech_effect("exhibition"))
    assert f"up to {n['newspaper_a_max']} assistants" in str(tech_effect("newspaper"))


def test_the_production_topic_table_is_the_data_in_every_language() -> None:
    table = power_table()
    for e in tables().data.area_effects:
        shown = [str(v) if v else "–" for v in e.by_power]
        if e.effect != "port":
            assert " / ".join(shown) in str(table), e.kind
    assert str(table) in str(BY_KEY["production"].text)
    de = str(tr(BY_KEY["production"].text, "de"))
    assert "Seidenspinnerei — Seide: – / 1 / 2 / 3 / 4" in de
    assert "Stärke 4 oder mehr" in de
    pl = str(tr(BY_KEY["production"].text, "pl"))
    assert "siłą co najmniej 4" in pl


def test_an_order_in_hand_names_the_goods_still_missing() -> None:
    table = president_at("silk1", 1)
    p = table.p(PURPLE)
    need = tables().order_goods[p.orders[0]]
    for good in need:  # trade goods come from an unlimited supply: none in hand now
        setattr(p, good, 0)
    missing = str(tr(GAME.text(table.state, PURPLE)))
    assert "you still need" in missing
    for good, n in need.items():
        setattr(p, good, n)
    assert "you still need" not in str(tr(GAME.text(table.state, PURPLE)))


@pytest.mark.parametrize("lang", ["en", "pl", "ru", "de"])
def test_the_pictures_alt_text_explains_the_technologies_in_play(lang: str) -> None:
    from render.yokohama import ALT_TEXT_LIMIT, alt_text
    from render.yokohama.labels import technology_words

    table = lab_e10(owned=("ball",))
    view = GAME.view(table.state, PURPLE)
    with language(lang):
        text = alt_text(view)
        every = technology_words(view)
    assert len(text) <= ALT_TEXT_LIMIT
    ball = str(tr(tech_effect("ball"), lang))
    assert ball in text  # an owned technology comes first
    assert str(tr(tech_effect("tram"), lang)) in every  # Tram lies on Laboratory A
    # Only whole entries: the list in the alt text is a prefix of the full one, never cut mid-entry.
    shown = text[text.rindex(every[:every.index(":") + 1]):]
    assert every.startswith(shown.rstrip(".")) and shown.endswith(".")
