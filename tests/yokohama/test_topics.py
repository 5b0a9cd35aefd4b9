"""The rules topics of Yokohama (``/game rules``): complete, citing the rulebook, true to the data.

Every topic has a key, a title, a rulebook section and a text, all translatable ``yokohama`` Msgs
that the catalogue tool extracts; a citation names the published rulebook by its heading in the
reader's language (in Polish, as printed) and
never an outside summary, a file or a section number; the examples are real notation; the numbers
the texts name agree with ``data/rule_numbers.json``; the answer fits one Discord message.
"""

from __future__ import annotations

import re
from functools import cache

import pytest

from engine.core.i18n import Msg, tr
from engine.core.topics import Topic
from engine.yokohama import GAME
from engine.yokohama.tables import tables
from engine.yokohama.topics import BY_KEY, HAND_COMMAND, TOPICS
from engine.yokohama.words import AREA_NAMES, TECH_NAMES

DOMAIN = "yokohama"
CITATION = "Yokohama rulebook: "
#: What a citation of anything but the published rulebook looks like.
FORBIDDEN = re.compile(r"seed|digest|reference|§|\.(md|txt|json|py)\b|shared/|docs/|\b00\d_|rules-notes|\bR\d+\b",
                       re.IGNORECASE)
#: The subjects the rules command must answer.
REQUIRED = {"turn", "additional", "achievements", "orders", "placement", "movement", "power", "production",
            "chinatown", "church", "customs", "agency", "laboratory", "port", "bonus", "build", "recovery",
            "technologies", "technology-bonuses", "end", "scoring", "two-player", "expansions", "hidden"}


@cache
def extracted() -> frozenset[tuple[str | None, str]]:
    """``(context, msgid)`` of every id ``python -m bot i18n update`` would extract for ``yokohama``."""
    from bot import catalogues

    (domain,) = [d for d in catalogues.domain_sources() if d.name == DOMAIN]
    return frozenset((m.context, m.id if isinstance(m.id, str) else m.id[0])
                     for m in catalogues.extract(domain) if m.id)


def text_of(topic: Topic) -> str:
    return "\n".join(str(part) for part in (topic.title, topic.section, topic.text))


def test_the_game_offers_these_topics() -> None:
    assert GAME.rules_topics() is TOPICS
    keys = [t.key for t in TOPICS]
    assert len(keys) == len(set(keys)) == len(BY_KEY)
    assert set(keys) >= REQUIRED
    assert len(TOPICS) <= 25  # a Discord choice list shows at most 25


@pytest.mark.parametrize("topic", TOPICS, ids=lambda t: t.key)
def test_every_topic_has_a_key_title_text_and_citation(topic: Topic) -> None:
    assert re.fullmatch(r"[a-z][a-z0-9-]*", topic.key)
    for part, context in ((topic.title, "rules topic"), (topic.section, "rules section"), (topic.text, None)):
        assert type(part) is Msg and part.domain == DOMAIN and part.context == context, part
        assert str(part).strip() and (part.context, part.msgid) in extracted(), part.msgid
        assert tr(part, "en") == str(part)
    assert str(topic.section).startswith(CITATION) and len(str(topic.section)) > len(CITATION) + 3
    assert not FORBIDDEN.search(text_of(topic)), FORBIDDEN.search(text_of(topic))
    assert not re.search(r"\{[a-z_]+\}", str(topic.text))
    assert len(f"{topic.title} ({topic.section})") <= 100  # the autocomplete label
    assert len(text_of(topic)) + sum(len(n) + 4 for n in (*topic.notation, *topic.examples)) <= 1900
    assert all(a == a.lower() for a in topic.aliases)


@pytest.mark.parametrize("topic", TOPICS, ids=lambda t: t.key)
def test_the_examples_are_real_notation(topic: Topic) -> None:
    state = GAME.setup({"players": 4}, 1)
    for example in topic.examples:
        action = GAME.parse_action(state, example)
        assert GAME.format_action(state, action) == example


def test_the_forbidden_citations_are_caught() -> None:
    for bad in ("see the seed", "rules digest", "reference §2.6", "§ 2", "shared/notes/game.md",
                "S-PL 002_…", "notes.txt", "docs/rules-notes.md", "ruling R7"):
        assert FORBIDDEN.search(bad), bad
    for good in ("Yokohama rulebook: President movement rules", "Ball: 2 VP each time you fulfil an order."):
        assert not FORBIDDEN.search(good), good


def test_the_hand_command_takes_the_front_ends_spelling() -> None:
    topic = BY_KEY["hidden"]
    assert HAND_COMMAND in str(topic.answer())
    assert "`hand`" in str(topic.answer({"hand": "`hand`"}))
    assert "/game hand" in str(topic.answer({"undo": "'undo'"}))


def test_every_technology_and_area_is_explained() -> None:
    techs = "\n".join(str(BY_KEY[k].text) for k in ("technologies", "technology-bonuses"))
    for name in TECH_NAMES.values():
        assert f"{name}:" in techs, name
    assert techs.count("\n") + 1 == len(TECH_NAMES) + 2  # one line per technology, plus two general lines
    everything = " ".join(str(t.title) + " " + str(t.text) for t in TOPICS)
    for kind, name in AREA_NAMES.items():
        plain = re.sub(r" [AB]$", "", str(name))
        assert plain in everything, kind


def test_the_numbers_agree_with_the_data() -> None:
    n = tables().n
    topic = {t.key: str(t.text) for t in TOPICS}
    church, customs, tech = n["church_majority"], n["customs_majority"], n["technology_majority"]
    expected = {
        "scoring": [f"most assistants {church[0]} VP, second most {church[1]} VP", f"{customs[0]} VP and {customs[1]} VP",
                    f"value {tech[0]} VP, the second {tech[1]} VP",
                    *(f"{k} countries {vp} VP" for k, vp in enumerate(n["country_sets"], start=1) if k > 1),
                    f"per {n['leftover_yen_per_vp']} yen and per {n['leftover_goods_per_vp']} trade goods"],
        "church": [f"score {church[0]} VP, the second most {church[1]} VP", f"{n['church_pay_yen']} yen",
                   f"Winery adds {n['winery_vp']} VP"],
        "customs": [f"score {customs[0]} VP, the second most {customs[1]} VP", f"Brickworks adds {n['brickworks_vp']}"],
        "orders": [f"at most {n['order_hand_limit']} order cards", f"Ball adds {n['ball_vp']} VP",
                   f"Language School {n['language_school_yen']} yen"],
        "agency": [f"a shop costs {n['shop_cost']} yen", "{} yen for your first, then {}, {} and {} yen".format(
            *n["trading_house_costs"])],
        "port": [f"pay {n['port_two_cost_yen']} yen or {n['port_two_cost_ig']} imported good",
                 f"at power 5 you also score {n['port_p5_vp']} VP"],
        "laboratory": [f"at most {n['lab_max_power_pv']} from power", f"1 per {n['lab_yen_per_pv']} yen",
                       f"Your {n['lab_extra_from_card']}th and every later technology also costs "
                       f"{n['lab_extra_yen']} yen or {n['lab_extra_ig']} imported good"],
        "chinatown": ["{} yen for 1 copper or 1 raw silk".format(n["chinatown_prices"]["copper"]),
                      "{} yen for 1 tea or 1 fish".format(n["chinatown_prices"]["tea"]),
                      f"{n['chinatown_ig_price']} yen for 1 imported good"],
        "placement": [f"Place up to {n['placement_a_max']} assistants", f"up to {n['newspaper_a_max']} with Newspaper",
                      f"Place {n['placement_b']} assistants", f"pay its owner {n['placement_fee']} yen per assistant"],
        "movement": [f"costs {n['passing_fee']} yen to that player", f"cross it for {n['canal_fee']} yen"],
        "end": ["{} / {} / {} assistants with 2 / 3 / 4 players".format(*(n["board_full"][k] for k in "234")),
                f"all {n['warehouse_trading_houses']} trading houses",
                f"all {n['hand_shops'] + n['warehouse_shops']} shops"],
        "two-player": [f"{n['orders_removed']['2']} order cards are removed", f"{n['orders_removed']['3']} orders",
                       f"begins with {n['start_money_first']} yen, everyone else with {n['start_money_other']}"],
        "hidden": [f"dealt {n['setup_order_draw']} orders"],
        "technology-bonuses": [f"Gas Lighting: {n['gas_lighting_vp']} VP", f"Electric Lighting: {n['electric_lighting_vp']} VP",
                               f"Patent System: {n['patent_vp']} VP", f"Printing: {n['printing_yen']} yen",
                               f"Exhibition: {n['exhibition_vp']} VP", f"scores {tech[0]} VP, the second {tech[1]} VP"],
        "technologies": [f"up to {n['newspaper_a_max']} assistants", f"pay {n['university_cost']} yen",
                         f"into {n['spinning_mill_yen']} yen", f"take yen up to {n['stock_exchange_to']}"],
        "additional": [f"an unused one scores {n['leftover_agent_vp']} VP"],
    }
    for key, phrases in expected.items():
        for phrase in phrases:
            assert phrase in topic[key], (key, phrase)
    agents = tables().agents
    assert (f"{agents['us']} American, {agents['nl']} Dutch, {agents['uk']} British, {agents['fr']} French and "
            f"{agents['de']} German") in topic["orders"]
    effects = {e.kind: list(e.by_power) for e in tables().data.area_effects}
    # The production topic's table is generated from the data: one line per area, power 1 to 5.
    assert effects["copper_mine"] == [0, 0, 1, 2, 3] and "Copper Mine — copper: – / – / 1 / 2 / 3" in topic["production"]
    assert effects["silk_mill"] == [0, 1, 2, 3, 4] and "Silk Mill — raw silk: – / 1 / 2 / 3 / 4" in topic["production"]
    assert "Port A — highest order level: – / low / mid / high / high; power 5 also scores 3 VP" in topic["production"]
    assert f"only after an action at power {n['build_min_power']} or more" in topic["production"]
    assert effects["fishery"] == effects["tea_plantation"] == effects["bank"] == [1, 2, 3, 4, 5]
    assert effects["customs_house"] == effects["employment_agency"] == [0, 1, 2, 3, 4]
    assert effects["port_a"] == [0, 1, 2, 3, 3]
