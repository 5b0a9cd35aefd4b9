"""Nippon's own wording: components named as the rulebook prints them, every cost and gain said,
numbers grouped one way per language, move labels within Discord's 100 characters, readable turn
accounts, and rules answers that cite their sections in the reader's language."""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from functools import cache
from typing import Any

import pytest

from engine.core import CHANCE, sample_chance
from engine.core.bots import bot_view, make_policy
from engine.core.i18n import LANGUAGES, language, tr
from engine.nippon import GAME
from engine.nippon.menu import LIMIT
from engine.nippon.naming import ids

from .scenario import base_game, player, puzzle

#: ``×`` between two tokens ("coal×2"); "2× Jedwab" (amount, space, good) is the glossary's form.
JOINED = re.compile(r"\S×\S")
#: Python reprs and object dumps.
REPRS = re.compile(r"\[['\"]|\{['\"]|\bNone\b|\bTrue\b|\bFalse\b|<\w+[. ]|\bMsg\(")
#: A thousands group written differently from Babel's style for the language.
WRONG_GROUPING = {"pl": re.compile(r"\d[.,]\d{3}\b"), "ru": re.compile(r"\d[.,]\d{3}\b|\b\d{4,5}\b (?:иен|иена)"),
                  "de": re.compile(r"\d[, \u00a0]\d{3}\b"), "en": re.compile(r"\d[. \u00a0]\d{3}\b")}


@cache
def _ids() -> re.Pattern[str]:
    """One pattern matching any data id as a whole token."""
    alternatives = "|".join(re.escape(i) for i in sorted(ids(), key=len, reverse=True))
    return re.compile(rf"(?<![\w:])(?:{alternatives})(?![\w])")


def problems(text: str, lang: str = "en") -> list[str]:
    """What in ``text`` must not reach a player: data ids, ``×``-joined tokens, Python reprs,
    thousands grouped against the language's style."""
    found = [f"id {m}" for m in _ids().findall(text)]
    found += [f"joined {m}" for m in JOINED.findall(text)]
    found += [f"repr {m}" for m in REPRS.findall(text)]
    found += [f"grouping {m}" for m in WRONG_GROUPING[lang].findall(text)]
    return found


def test_the_scan_finds_a_planted_id_and_a_token():
    assert problems("Żetony Nagrody: 2:coal×2 SI-4", "pl")
    assert problems("builds cotton K4")
    assert problems("money ['C6']")
    assert problems("6 000 jenów … 2.000 jenów", "pl")
    assert problems("Miasto M1 N: 2× Jedwab → Wpływ 3, +5\u00a0000 jenów", "pl") == []


def test_reward_line_names_the_tiles_not_their_stack_ids():
    t = base_game(2)
    for lang in LANGUAGES:
        with language(lang):
            text = GAME.text(t.state, 0)
        reward = next(line for line in text.splitlines() if "2x" in line and "(" in line)
        assert problems(text, lang) == [], (lang, problems(text, lang))
        assert ":coal" not in reward and "×" not in reward
    with language("pl"):
        text = GAME.text(t.state, 0)
    assert "Pozostałe żetony Nagrody: 2x: 2 projekty (2), 2x: 2 węgle (1), 2x: 5\u00a0000 jenów (1)," in text


def _build(tile: str, blueprints: int, knowledge_pos: int) -> Any:
    t = puzzle(4, lambda d: player(d, 0, money=10, blueprints=blueprints, knowledge_pos=knowledge_pos))
    t.apply("take 2 invest white")
    return t, t.apply(f"factory {tile}")


def test_factory_event_names_the_blueprint_spent_and_no_id():
    _, events = _build("BE-1", 2, 3)
    built = next(e for e in events if e.kind == "factory")
    assert str(built.text) == ("Yellow builds a factory for 6,000 yen and 1 blueprint (missing knowledge): "
                               "Bento (production needs only 2 coal).")
    assert tr(built.text, "pl") == ("Żółty buduje fabrykę za 6\u00a0000 jenów i 1 projekt (brakująca Wiedza): "
                                    "Bento (produkcja tylko za 2 węgle).")
    assert built.data["blueprints"] == 1 and built.data["price"] == 6
    for lang in LANGUAGES:
        assert problems(tr(built.text, lang), lang) == []


def test_one_number_style_in_a_line():
    # SI-1's bonus printed "2.000" next to Babel's "6 000" in Polish.
    _, events = _build("SI-1", 2, 11)
    built = next(e for e in events if e.kind == "factory")
    assert tr(built.text, "pl") == ("Żółty buduje fabrykę za 6\u00a0000 jenów: "
                                    "Jedwab (Konsolidacja: +2\u00a0000 jenów).")
    assert tr(built.text, "de") == "Gelb baut eine Fabrik für 6.000 Yen: Seide (Konsolidieren: +2.000 Yen)."
    for topic in GAME.rules_topics():
        for lang in LANGUAGES:
            assert problems(str(tr(topic.text, lang)), lang) == [], (topic.key, lang)


def test_vp_changes_have_their_reason():
    t = base_game(3)
    first = next(e for e in t.events if e.kind == "first")
    assert str(first.text) == "Yellow is the first player; starting VP in turn order: Yellow 10 VP, Red 11 VP, Purple 12 VP."


def test_setup_account_is_a_few_lines_with_every_draw():
    t = base_game(3)
    lines = GAME.account_lines(t.events)
    draws = [e for e in t.events if e.kind == "draw"]
    assert len(draws) == 24 and len(lines) <= 7
    english = [str(x) for x in lines]
    spaces = next(x for x in english if x.startswith("Action spaces receive"))
    assert spaces == ("Action spaces receive workers from the bag: space 1: red, red, blue; space 2: white, white, "
                      "grey; space 3: black, yellow, yellow; space 4: grey, blue, white; space 5: red, black, yellow.")
    rows = next(x for x in english if x.startswith("Worker rows"))
    assert rows.count(",") + rows.count(";") + 1 == 9
    cities = next(x for x in english if x.startswith("City tiles"))
    assert cities.startswith("City tiles: M1: N Lenses, E Paper, S Silk, W Light bulbs; M2: N Paper")
    assert any("Reward tiles removed" in x for x in english) and any("first player" in x for x in english)
    for lang in LANGUAGES:
        for line in lines:
            assert problems(tr(line, lang), lang) == []


def test_account_adds_up_spaces_bought_on_one_track():
    t = puzzle(4, lambda d: player(d, 0, money=10))
    events = t.play("take 1 knowledge red", "up", "up", "done")
    lines = [str(x) for x in GAME.account_lines(events)]
    # Spaces and the value printed on the space are named apart (the knowledge track repeats its values).
    assert "Yellow pays 3,000 yen: knowledge track +2 spaces (now space 3, value 2)." in lines
    assert lines[0].startswith("Yellow takes a red worker")


def _positions(seeds: tuple[int, ...] = (11, 12, 13)) -> Iterator[Any]:
    """States at decisions of seeded random games (every 3rd decision)."""
    for n, seed in zip((2, 3, 4), seeds):
        state = GAME.setup({"players": n}, seed)
        chooser = random.Random(seed)
        ply = 0
        while (seat := GAME.decision(state).seat) is not None:
            if seat == CHANCE:
                action = sample_chance(GAME, state, seed, ply)
            else:
                if ply % 9 == 0:
                    yield state
                action = chooser.choice(GAME.legal_actions(state))
            GAME.apply_unchecked(state, action)
            ply += 1


def test_every_move_label_states_its_cost_within_100_characters_and_no_id():
    kinds: set[str] = set()
    for state in _positions():
        for action in GAME.legal_actions(state):
            label = GAME.describe(state, action)
            kinds.add(action.kind)
            for lang in LANGUAGES:
                text = tr(label, lang)
                assert len(text) <= LIMIT, (lang, text)
                assert problems(text, lang) == [], (lang, text)
    assert {"take", "consolidate", "factory", "export", "market", "up"} <= kinds


def test_labels_say_cost_and_gain():
    t = puzzle(4, lambda d: player(d, 0, money=10, blueprints=2, knowledge_pos=3))
    labels = {m: str(GAME.describe(t.state, GAME.parse_action(t.state, m))) for m in t.legal()}
    assert labels["take 2 invest white"] == "Worker (white) from space 2 → Invest in new industry: a factory for 6,000 yen"
    assert labels["consolidate"].startswith("Consolidate: income 12,000 yen and 2 coal; wages 0 yen")
    t.apply("take 2 invest white")
    label = str(GAME.describe(t.state, GAME.parse_action(t.state, "factory BE-1")))
    assert label == "Build Bento (production needs only 2 coal): 6,000 yen + 1 blueprint"


def test_rules_answers_cite_sections_in_the_readers_language():
    polish = ("Kolejność", "Inwestycje", "Produkcja", "Mechanizacja", "Wiedza", "Kopalnie", "Pociągi", "Statki",
              "Eksport", "Rynek", "Konsolidacja", "Podliczanie", "Pomoc Gracza")
    for topic in GAME.rules_topics():
        for lang in ("ru", "de"):
            section = str(tr(topic.section, lang))
            assert not any(word in section for word in polish), (lang, section)
    knowledge = next(t for t in GAME.rules_topics() if t.key == "knowledge")
    assert tr(knowledge.section, "ru") == "Правила Nippon (польское издание), раздел «Знания»"


def test_no_awkward_entitle():
    from engine.nippon import explain

    with open(explain.__file__, encoding="utf-8") as fh:
        assert "entitle" not in fh.read()


@pytest.mark.slow
@pytest.mark.parametrize("players,seed", [(2, 21), (3, 22), (4, 23)])
def test_bot_games_show_no_internal_word_in_any_language(players: int, seed: int):
    """Greedy bots at every seat; every step in every language: event texts, account lines, move
    labels, the board text and the prompt carry no data id, ``×``-token or Python repr."""
    state = GAME.setup({"players": players}, seed)
    policy = make_policy(GAME, "greedy", seed)
    ply = 0
    while (seat := GAME.decision(state).seat) is not None:
        if seat == CHANCE:
            action = sample_chance(GAME, state, seed, ply)
        else:
            legal = GAME.legal_actions(state)
            action = policy.choose(bot_view(GAME, state, seat, seed), legal)
            labels = [GAME.describe(state, a) for a in legal]
        state, events = GAME.apply(state, action)
        texts = [e.text for e in events] + list(GAME.account_lines(events)) + [GAME.decision(state).prompt]
        if seat != CHANCE:
            texts += labels
        for lang in LANGUAGES:
            for text in texts:
                shown = tr(text, lang)
                assert problems(shown, lang) == [], (ply, lang, shown)
            if ply % 25 == 0 or GAME.decision(state).seat is None:
                with language(lang):
                    board = GAME.text(state, 0)
                assert problems(board, lang) == [], (ply, lang, problems(board, lang))
        ply += 1


def test_turn_picture_names_the_move_in_words_not_notation():
    from engine.nippon.menu import notation_words

    from .driver import random_game

    with language("pl"):
        assert notation_words("export K4 silk paper") == "Wypełnienie: kontrakt 2+1"
        assert notation_words("factory SI-4") == "Budowa fabryki: Jedwab"
        assert notation_words("take 2 invest white") == "Inwestycje w nowy przemysł"
    _, log = random_game(2, 5)
    moves = sorted({m for m in log if not m.startswith("~")})
    for lang in LANGUAGES:
        with language(lang):
            for move in moves:
                words = notation_words(move)
                assert words != move and problems(words, lang) == [], (lang, move, words)
