"""What a Zaibatsu player reads: components by the rulebooks' names, costs and reasons in every
event, the turn accounts, move labels with cost and gain, refusals that tell the truth, and a scan
of whole games in four languages for data ids and Python reprs."""

from __future__ import annotations

import random
import re

import pytest

from engine.core import CHANCE, Event, sample_chance
from engine.core.i18n import language, tr
from engine.zaibatsu import GAME
from engine.zaibatsu.narrate import account_lines
from engine.zaibatsu.topics import TOPICS
from engine.zaibatsu.words import factory_name

from .scenario import add_factory, base_game, player_json, puzzle
from .wording_scan import data_ids, leaks

LANGS = ("en", "pl", "ru", "de")
FACTORY = "take 3 factory red"
PRODUCTION = "take 4 production grey"
INVEST = "take 3 investments blue"


def me(**values):
    return lambda d: player_json(d, 0, **values)


def texts(events: list[Event], lang: str = "en") -> list[str]:
    with language(lang):
        return [str(tr(e.text)) for e in events]


# ------------------------------------------------------------------------------------------------
# 1. Components named as each rulebook prints them
# ------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(("lang", "name"), [("en", "Cotton 2B"), ("pl", "Bawełna 2B"), ("ru", "Хлопок 2B"),
                                            ("de", "Baumwolle 2B")])
def test_factory_named_as_the_rulebook(lang: str, name: str) -> None:
    with language(lang):
        assert tr(factory_name("cotton2B")) == name


def test_board_text_names_factories_and_start_tiles_not_ids() -> None:
    t = puzzle(2, me(money=10), lambda d: add_factory(d, 0, "cotton1A", goods=2))
    for lang in LANGS:
        with language(lang):
            text = GAME.text(t.state, 0)
        assert not [ln for ln in text.splitlines() if leaks(ln)], lang
    with language("pl"):
        text = GAME.text(t.state, 0)
    assert "Bawełna 1A (maszyny 0/2; 2 towary (bawełna))" in text
    display = next(ln for ln in text.splitlines() if ln.startswith("Dostępne Fabryki:"))
    assert "Bawełna" in display and "cotton" not in display


def test_events_name_the_factory_and_the_modifier() -> None:
    t = puzzle(2, me(money=10, coal=2), lambda d: add_factory(d, 0, "cotton4B"))
    events = t.play(PRODUCTION, "produce 1")
    with language("pl"):
        line = next(str(tr(e.text)) for e in events if e.kind == "modifier")
    assert "Bawełna 4B" in line and "cotton4B" not in line


# ------------------------------------------------------------------------------------------------
# 2. Every event says what was paid and gained
# ------------------------------------------------------------------------------------------------


def test_factory_build_states_its_cost() -> None:
    t = puzzle(2, me(money=10, rd=2))
    side = t.state.display[0]
    events = t.play(FACTORY, f"factory {side}")
    line = next(x for x in texts(events) if "builds" in x)
    assert line.startswith("Purple pays 6 money and builds ")
    assert t.player(0).money == 4


def test_starting_vp_have_a_reason() -> None:
    # After the draft Purple has 3 VP and Green 8: each has a line saying why.
    t = base_game(2)
    lines = texts(t.events)
    assert [p.vp for p in t.state.players] == [3, 8]
    assert "Purple starts with 3 VP (start tile A)." in lines
    assert "Green starts with 8 VP (start tile A)." in lines
    with language("pl"):
        assert "Zielony zaczyna z 8 PZ (żeton Startowy A)." in [str(tr(e.text)) for e in t.events]


def test_consolidation_steps_each_readable() -> None:
    t = puzzle(2, me(money=5, coal=2, silk=0, mining=2, finance=2),
               lambda d: d["players"][0].update(workforce=[{"colour": "red", "expert": None}]),
               lambda d: d["bag"].update(red=d["bag"]["red"] - 1))
    events = t.play("consolidate")
    while t.decision.seat == 0 and t.decision.kind != "turn":
        events += t.play("pay" if "pay" in t.legal() else t.legal()[0])
    lines = texts(events)
    assert any("pays taxes (consolidation step B): 5 money and 2 coal" in x for x in lines)
    assert any("takes income:" in x and "Mining track" in x for x in lines)
    assert any("takes income:" in x and "Finance track" in x for x in lines)
    assert any(re.search(r"pays \d+ money in wages \(1 worker colour\)", x) for x in lines)


def test_ship_payment_is_stated() -> None:
    t = puzzle(2, me(money=10, iron=3))
    events = t.play("take 1 ships grey", "ship berlin iron")
    assert "Purple pays 3 iron for a ship." in texts(events)


# ------------------------------------------------------------------------------------------------
# 3. account_lines: set-up and round-start draws merged, every fact kept
# ------------------------------------------------------------------------------------------------


def _setup_events(seed: int = 3) -> tuple[object, list[Event]]:
    state = GAME.setup({"players": 2}, seed)
    events: list[Event] = []
    ply = 0
    while GAME.decision(state).seat == CHANCE:
        state, ev = GAME.apply(state, sample_chance(GAME, state, seed, ply))
        events += ev
        ply += 1
    return state, events


def test_setup_account_is_a_few_lines_with_every_fact() -> None:
    state, events = _setup_events()
    assert len(events) > 40
    lines = [str(tr(x)) for x in account_lines(events)]
    assert len(lines) <= 12
    assert lines[0].startswith("Demand tiles: M1 (N ")
    offer = next(x for x in lines if x.startswith("Factories on offer: "))
    for side in state.display:
        assert str(tr(factory_name(side))) in offer
    hiring = next(x for x in lines if x.startswith("Set-up: the hiring spaces receive "))
    drawn = sum(len(h) for h in state.hiring)
    assert sum(hiring.count(c) for c in ("black", "red", "grey", "blue", "white", "yellow")) == drawn
    assert any(x.startswith("Set-up: the waiting rows receive 1: ") for x in lines)
    assert not [x for x in lines if leaks(x)]
    with language("ru"):
        assert str(tr(account_lines(events)[0])).startswith("Жетоны спроса: M1 (N ")


def test_round_start_draws_in_one_sentence() -> None:
    seed, state = 5, GAME.setup({"players": 2}, 5)
    rng = random.Random(seed)
    for ply in range(3000):
        d = GAME.decision(state)
        if d.seat == CHANCE and state.round == 2:
            break
        action = sample_chance(GAME, state, seed, ply) if d.seat == CHANCE else rng.choice(GAME.legal_actions(state))
        state, _ = GAME.apply(state, action)
    events: list[Event] = []
    while GAME.decision(state).seat == CHANCE:
        state, ev = GAME.apply(state, sample_chance(GAME, state, seed, 9999))
        events += ev
    lines = [str(tr(x)) for x in account_lines(events)]
    assert any(x.startswith("Round 2: the hiring spaces receive ") for x in lines)
    with language("pl"):
        assert any(str(tr(x)).startswith("Runda 2: na pola Zatrudnienia trafiają ") for x in account_lines(events))


def test_account_lines_keep_other_events_in_order() -> None:
    events = [Event("take", 0, "A"), Event("draw", CHANCE, "x", {"colour": "red", "to": "hiring", "index": 0,
                                                                  "round": 3, "setup": False}),
              Event("gain", 0, "B")]
    assert [str(tr(x)) for x in account_lines(events)] == ["A", "Round 3: the hiring spaces receive 1: red.", "B"]
    assert account_lines([]) == []


def test_game_class_has_the_hook() -> None:
    _, events = _setup_events()
    assert GAME.account_lines(events) == account_lines(events)


# ------------------------------------------------------------------------------------------------
# 4. Move labels: cost and gain, ≤ 100 characters, no data id
# ------------------------------------------------------------------------------------------------


def test_labels_state_cost_and_gain() -> None:
    t = puzzle(2, me(money=10), lambda d: add_factory(d, 0, "cotton1A", goods=2))
    t.play(INVEST)
    labels = {a: str(tr(GAME.describe(t.state, GAME.parse_action(t.state, a)))) for a in t.legal()}
    assert labels["invest 1 C3"] == "Invest 1 cotton → contract C3: the grey department bonus (2 iron)"
    assert labels["invest 1 finance"] == "Invest 1 cotton → Finance +2"
    t = puzzle(2, me(money=10, rd=2))
    t.play(FACTORY)
    label = str(tr(GAME.describe(t.state, GAME.parse_action(t.state, t.legal()[0]))))
    assert re.match(r"Build \w+ \d[AB] for 6 money: ", label)


def _positions(games: list[tuple[int, dict]], every: int = 7):
    """Player decisions of seeded random games (every ``every``-th ply)."""
    for seed, options in games:
        state = GAME.setup(options, seed)
        rng = random.Random(seed)
        for ply in range(4000):
            d = GAME.decision(state)
            if d.seat is None:
                break
            legal = GAME.legal_actions(state)
            if d.seat != CHANCE and ply % every == 0:
                yield state, legal
            action = sample_chance(GAME, state, seed, ply) if d.seat == CHANCE else rng.choice(legal)
            GAME.apply_unchecked(state, action)


def test_every_label_is_short_and_id_free_in_every_language() -> None:
    games = [(1, {"players": 2}), (2, {"players": 4, "modules": ["modern_factories"]}),
             (3, {"players": 1, "solo": "easy"}), (4, {"players": 3, "modules": ["common_goals"]})]
    bad = []
    for state, legal in _positions(games):
        for lang in LANGS:
            with language(lang):
                for a in legal:
                    label = str(tr(GAME.describe(state, a)))
                    if len(label) > 100 or leaks(label):
                        bad.append((lang, GAME.format_action(state, a), label))
    assert not bad, bad[:5]


# ------------------------------------------------------------------------------------------------
# 5. Compass letters: one legend in every language; the letters are the notation
# ------------------------------------------------------------------------------------------------


def test_compass_letters_explained_in_every_language() -> None:
    t = puzzle(2)
    expected = {"en": "N north", "pl": "N północ", "ru": "N север", "de": "N Norden"}
    for lang, words in expected.items():
        with language(lang):
            assert words in GAME.text(t.state, 0)


# ------------------------------------------------------------------------------------------------
# 6. Refusals that tell the truth
# ------------------------------------------------------------------------------------------------


def test_single_modifier_needs_no_plus_f() -> None:
    # With 2 coal, the only modifier factory makes "produce 1" legal only through it: the notation
    # needs +fN only to choose between modifiers, so "produce 1" means "produce 1 +f1".
    t = puzzle(1 + 1, me(coal=2), lambda d: add_factory(d, 0, "cotton4B"))
    t.play(PRODUCTION)
    assert t.legal() == ["produce 1 +f1"]
    events = t.play("produce 1")
    assert t.log[-1] == "produce 1 +f1"
    assert any(e.kind == "modifier" for e in events)


def test_two_modifiers_refusal_names_them() -> None:
    # When more than one modifier would make the move legal, the refusal names each choice instead
    # of only "not enough coal".
    from engine.core import Action
    from engine.zaibatsu.explain import reason

    t = puzzle(2, me(coal=2), lambda d: add_factory(d, 0, "bento4B"), lambda d: add_factory(d, 0, "cotton4B"))
    t.play(PRODUCTION)
    legal = [Action("produce", (1, 1)), Action("produce", (1, 2)), Action("produce", (2, 0))]
    why = str(tr(reason(t.state, Action("produce", (1, 0)), legal)))
    assert "produce 1 +f1" in why and "produce 1 +f2" in why


def test_first_activation_offers_no_done_and_later_ones_accept_it() -> None:
    t = puzzle(2, me(money=10))
    t.play("take 4 rd black")
    assert "done" not in str(t.decision.prompt) and "done" not in t.legal()
    t = puzzle(2, me(money=10), lambda d: add_factory(d, 0, "cotton1A"), lambda d: add_factory(d, 0, "paper1A"))
    t.play("take 2 machines white", "machine 1 L")
    assert "(or done)" in str(t.decision.prompt) and "done" in t.legal()
    t.play("done")
    assert t.decision.seat == 1


def test_pair_by_number() -> None:
    state, _ = _setup_events()
    pair = state.start_pairs[1]
    assert GAME.parse_action(state, "pair 2").args == tuple(pair)


@pytest.mark.parametrize("lang", ["ru", "de"])
def test_rules_answers_quote_no_polish_heading(lang: str) -> None:
    polish = re.compile(r"Instrukcja|[ąęłńśźż]|Krok ")
    with language(lang):
        for topic in TOPICS:
            for part in (topic.title, topic.section, topic.text):
                assert not polish.search(str(tr(part))), (lang, str(tr(part)))


# ------------------------------------------------------------------------------------------------
# 7. The scan: whole bot games, every step, four languages
# ------------------------------------------------------------------------------------------------


def scan_game(options: dict, seed: int, plies: int = 5000, text_every: int = 15) -> list[tuple[str, str]]:
    """Play a seeded bot game and return every (where, text) with a leak, over all four languages:
    event texts and accounts, labels of the legal actions, prompts, and the board text."""
    from engine.core.bots import bot_view, make_policy

    state = GAME.setup(options, seed)
    policy = make_policy(GAME, "greedy", seed=seed)
    found: list[tuple[str, str]] = []
    for ply in range(plies):
        d = GAME.decision(state)
        if d.seat is None:
            break
        legal = GAME.legal_actions(state)
        for lang in LANGS:
            with language(lang):
                outs = [("prompt", str(tr(d.prompt)))]
                if d.seat != CHANCE:
                    outs += [("label", str(tr(GAME.describe(state, a)))) for a in legal]
                if ply % text_every == 0:
                    outs += [("text", GAME.text(state, 0))]
                found += [(w, x) for w, x in outs if leaks(x)]
        if d.seat == CHANCE:
            action = sample_chance(GAME, state, seed, ply)
        elif len(legal) == 1:
            action = legal[0]
        else:
            action = random.Random(seed * 10007 + ply).choice(legal) if ply % 3 else \
                policy.choose(bot_view(GAME, state, d.seat, seed + ply), legal)
        state, events = GAME.apply(state, action)
        for lang in LANGS:
            with language(lang):
                outs = [("event", str(tr(e.text))) for e in events]
                outs += [("account", str(tr(x))) for x in account_lines(events)]
                found += [(w, x) for w, x in outs if leaks(x)]
    assert GAME.decision(state).seat is None, "the game did not end"
    return found


@pytest.mark.slow
@pytest.mark.parametrize(("options", "seed"), [
    ({"players": 2}, 7),
    ({"players": 1, "solo": "medium"}, 8),
    ({"players": 3, "modules": ["modern_factories", "common_goals"]}, 9),
])
def test_scan_whole_games_for_ids_and_reprs(options: dict, seed: int) -> None:
    found = scan_game(options, seed)
    assert not found, found[:5]


def test_the_scan_can_fail() -> None:
    assert leaks("Fioletowy buduje cotton2B") == ["cotton2B"]
    assert leaks("Żetony Nagrody: 2:coal×2") == ["l×2"]
    assert leaks("kontrakty ['C6']") == ["['"]
    assert leaks("Kafelek Popytu DT9") == ["DT9"]
    assert not leaks("Fioletowy buduje Bawełna 2B (×1/2)")
    assert "cotton2B" in data_ids() and "C3" not in data_ids()
