"""Yokohama's own wording: components named as the rulebook names them (never a data id), every
event saying what was paid and gained (VP always with its reason), the turn accounts
(``GAME.account_lines``), move labels within Discord's 100 characters, the slips of issue 24 and
the rules answers' headings in the reader's language.

The last tests play whole bot games and scan every text a player reads in all four languages
(:mod:`.wording`); the short one runs in the fast suite, the whole games are marked slow.
"""

from __future__ import annotations

import random
import re

import pytest

from engine.core import CHANCE, Action, sample_chance
from engine.core.i18n import Msg, language, tr
from engine.yokohama import GAME
from engine.yokohama.moves import LIMIT
from engine.yokohama.tables import tables
from engine.yokohama.topics import TOPICS

from .scenario import BOTH_MODULES, new_game
from .wording import LANGS, check_step, data_ids, faults, names_hidden, public_texts, scan_game

WEIGHTS = {**GAME.selfplay_weights, "church": 5.0, "customs": 5.0, "shop": 3.0, "house": 3.0}


def random_steps(players: int, seed: int, modules: tuple[str, ...] = (), plies: int = 600):
    """``(before, action, after, events)`` of each step of a weighted random game."""
    rng = random.Random(seed)
    state = GAME.setup({"players": players, "modules": list(modules)}, seed)
    for ply in range(plies):
        d = GAME.decision(state)
        if d.seat is None:
            return
        if d.seat == CHANCE:
            action = sample_chance(GAME, state, seed, ply)
        else:
            legal = GAME.legal_actions(state)
            action = rng.choices(legal, weights=[WEIGHTS.get(a.kind, 1.0) for a in legal])[0]
        after, events = GAME.apply(state, action)
        yield state, action, after, events
        state = after


def setup_events(players: int = 3, seed: int = 4, modules: tuple[str, ...] = ()):
    """The state after the set-up draws and the events of those draws."""
    events = []
    state = GAME.setup({"players": players, "modules": list(modules)}, seed)
    ply = 0
    while GAME.decision(state).seat == CHANCE:
        state, evs = GAME.apply(state, sample_chance(GAME, state, seed, ply))
        events += evs
        ply += 1
    return state, events


def english(events) -> list[str]:
    return [str(e.text) for e in events if not e.data.get("private")]


# -- 1. components by name, never by id ----------------------------------------------------------


def test_set_up_events_name_no_tile_token_achievement_or_order_id() -> None:
    _state, events = setup_events(3, 4, BOTH_MODULES)
    for text in english(events):
        assert not data_ids().search(text), text
    kinds = {e.kind for e in events}
    assert {"tile", "token", "achievement", "reward_token", "order"} <= kinds
    tile = next(str(e.text) for e in events if e.kind == "tile")
    assert tile.startswith("A building tile goes under ") and "shop spaces" in tile and "trading house" in tile


def test_an_order_is_named_by_its_face() -> None:
    text = str(tr(GAME.describe(GAME.setup({"players": 2}, 1), Action("keep", ("L01",)))))
    assert "L01" not in text and "United Kingdom" in text and "→" in text


def test_the_board_text_names_no_order_achievement_or_reward_token_id() -> None:
    for _before, _a, after, _e in random_steps(3, 9, BOTH_MODULES, 700):
        if any(p.achievements or p.reward_token or p.fulfilled for p in after.players):
            break
    for seat in (None, *range(3)):
        assert not faults(GAME.text(after, seat), "board", notation_brackets=True)
    ach = next(p for p in after.players if p.achievements or p.fulfilled or p.reward_token)
    text = GAME.text(after, ach.seat)
    for tile in ach.achievements:
        assert str(tr(Msg("yokohama", tables().achievements[tile].text, context="achievement"))) in text


def test_cards_are_typed_by_their_position() -> None:
    state, _events = setup_events(2, 4)
    seat = GAME.decision(state).seat
    assert GAME.decision(state).kind == "keep"
    dealt = state.dealt[str(seat)]
    assert GAME.parse_action(state, "keep 2") == Action("keep", (dealt[1],))
    assert GAME.parse_action(state, f"keep {dealt[0]}") == Action("keep", (dealt[0],))


# -- 2. what was paid and gained; VP with a reason -----------------------------------------------


def test_every_gain_says_where_it_comes_from() -> None:
    gains = 0
    for _b, action, _a, events in random_steps(4, 11, BOTH_MODULES, 900):
        for e in events:
            if e.kind == "gain":
                gains += 1
                assert isinstance(e.text, Msg) and "why" in e.text.args, (action, str(e.text))
    assert gains > 20


def test_vp_changes_have_a_reason_line() -> None:
    """Every step that changes a player's VP says so in an event naming the VP and its source."""
    for before, action, after, events in random_steps(3, 2, (), 900):
        for p, q in zip(before.players, after.players, strict=True):
            if q.vp != p.vp:
                texts = [str(e.text) for e in events if e.seat == p.seat]
                assert any("VP" in t and ("(" in t or "achievement" in t or "final scoring" in t) for t in texts), \
                    (str(action), texts)


def test_payments_are_stated() -> None:
    """The Church says what was paid, the two-order Port its price, the warehouse its price."""
    seen = set()
    for _b, _action, _a, events in random_steps(4, 1, (), 1500):
        for e in events:
            text = str(e.text)
            if e.kind == "church" and e.data.get("paid"):
                assert " pays " in text
                seen.add("church")
            if e.kind == "port" and len(e.data["slots"]) == 2:
                assert " pays " in text and "(spaces" not in text
                seen.add("port2")
            if e.kind == "port" and len(e.data["slots"]) == 1:
                assert "(spaces" not in text and "space " in text
            if e.kind == "hire" and e.data["piece"] != "assistant":
                assert re.search(r"pays \d+ yen", text)
                seen.add("hire")
        if {"church", "hire", "port2"} <= seen:
            break
    assert {"church", "hire"} <= seen


def test_the_old_slips_are_gone() -> None:
    state, _events = setup_events(2, 4)
    for piece in ("assistant", "shop", "house"):
        label = str(GAME.describe(state, Action("hire", (piece,))))
        assert "a assistant" not in label and "Take a" in label or "Take an" in label
    assert str(GAME.describe(state, Action("hire", ("assistant",)))) == "Take an assistant from the warehouse (free)"


# -- 3. the accounts -----------------------------------------------------------------------------


def test_the_set_up_account_is_a_few_lines_and_hides_the_hands() -> None:
    state, events = setup_events(4, 7, BOTH_MODULES)
    lines = GAME.account_lines(events)
    assert 8 <= len(lines) <= 14, [str(x) for x in lines]
    for lang in LANGS:
        with language(lang):
            text = "\n".join(str(tr(x)) for x in lines)
            assert not names_hidden(state, text)
            assert not faults(text, lang)
    english_text = "\n".join(map(str, lines))
    assert "is the start player and takes 3 yen" in english_text
    assert "The area boards are laid out: 1. " in english_text
    assert "5-power tokens: " in english_text and "Achievements revealed: " in english_text
    removed = sum(e.kind == "removed" for e in events)
    assert not removed or f"{removed} order cards are removed from the game unseen" in english_text
    assert "Each of Blue, Pink, Purple, Yellow is dealt 2 order cards face down." in english_text
    assert all(str(lab) in english_text for lab in ("Laboratory A", "Laboratory B", "Port A", "Port B"))


def test_private_events_never_reach_an_account() -> None:
    _state, events = setup_events(2, 4)
    private = [e for e in events if e.data.get("private")]
    assert private
    lines = [str(x) for x in GAME.account_lines(events)]
    assert not any(str(e.text) in lines for e in private)
    assert not any("You are dealt" in line for line in lines)


def test_a_turn_account_merges_single_placements_and_keeps_every_fact() -> None:
    table = new_game(4)
    table.events.clear()
    table.play("main", "put bank", "put church", "done")
    lines = [str(x) for x in GAME.account_lines(table.events)]
    assert lines[0] == "Blue places 1 assistant each in Bank, Church." or lines[0].endswith("each in Bank, Church.")
    assert not any("begins the main action" in line for line in lines)


def test_an_area_action_with_a_gain_is_told_once() -> None:
    for _b, _action, _a, events in random_steps(3, 4, (), 400):
        kinds = [e.kind for e in events]
        if "area_action" in kinds and "gain" in kinds:
            lines = [str(x) for x in GAME.account_lines(events)]
            gain = next(str(e.text) for e in events if e.kind == "gain")
            if ", power " in gain:
                assert gain in lines and not any("takes the action of" in line for line in lines)
                return
    pytest.fail("no area action with a gain")


# -- 4. move labels ------------------------------------------------------------------------------


@pytest.mark.parametrize(("players", "seed", "modules"), [(2, 3, ()), (3, 8, BOTH_MODULES), (4, 6, ())])
def test_every_label_fits_discord_and_names_no_id(players: int, seed: int, modules: tuple[str, ...]) -> None:
    checked = 0
    for i, (_b, _action, after, _e) in enumerate(random_steps(players, seed, modules, 900)):
        d = GAME.decision(after)
        if d.seat in (None, CHANCE) or i % 7:
            continue
        for action in GAME.legal_actions(after):
            label = GAME.describe(after, action)
            for lang in LANGS:
                text = str(tr(label, lang))
                assert len(text) <= LIMIT, (lang, text)
                assert not faults(text, lang), (lang, text)
                checked += 1
    assert checked > 400


def test_labels_state_cost_and_gain() -> None:
    seen: dict[str, str] = {}
    for _b, _action, after, _e in random_steps(4, 5, (), 1500):
        d = GAME.decision(after)
        if d.seat in (None, CHANCE):
            continue
        for action in GAME.legal_actions(after):
            seen.setdefault(action.kind, str(GAME.describe(after, action)))
        if {"go", "tech", "port", "church", "shop"} <= set(seen):
            break
    assert "action at power" in seen["go"]
    assert re.search(r"pay .*\d+ (yen|imported good)|pay nothing", seen["tech"])
    assert "→" in seen.get("port", "→") or "order" in seen["port"]
    assert "gain" in seen["church"] or "→" in seen["church"]
    assert re.search(r"\d+ VP|\d+ yen|\d+ ", seen["shop"])


# -- 5. prompts that offer a way out accept it ---------------------------------------------------


def test_every_prompt_offering_done_pass_skip_or_stop_accepts_it() -> None:
    seen = set()
    for _b, _action, after, _e in random_steps(4, 3, BOTH_MODULES, 1200):
        d = GAME.decision(after)
        if d.seat in (None, CHANCE):
            continue
        prompt = str(d.prompt)
        legal = GAME.legal_actions(after)
        for word in ("done", "pass", "skip", "stop"):
            if re.search(rf"\bor {word}\b", prompt):
                seen.add(word)
                assert GAME.parse_action(after, word) in legal, prompt
    assert {"done", "skip"} <= seen


def test_rules_answers_cite_headings_in_the_readers_language() -> None:
    polish = re.compile(r"\b(Krok|Zasady|Faza|Przebieg|Szczegółowy|Wypełnianie|Punktacja|Karty|Opis|Minidodatek|"
                        r"Warunki|Przygotowanie)\b|\(PL\)")
    for topic in TOPICS:
        assert not polish.search(str(topic.section)), str(topic.section)
        for lang in ("ru", "de"):
            text = str(tr(topic.section, lang))
            assert not polish.search(text), (lang, text)
            assert len(f"{tr(topic.title, lang)} ({text})") <= 100
        assert str(tr(topic.section, "pl")).startswith("Instrukcja: ")


# -- 6. the scan ---------------------------------------------------------------------------------


def test_the_scan_finds_an_injected_id() -> None:
    assert faults("Blue builds a shop on B05.", "x") and faults("orders ['L03']", "x")
    assert faults("Blue pays copper×2", "x") and faults("Bank [bank]", "x")
    assert not faults("Bank [bank]", "x", notation_brackets=True) and not faults("Blue gains 2 VP.", "x")
    state, events = setup_events(2, 4)
    hand = state.dealt["0"][0]
    from .wording import face

    injected = f"Blue keeps ({face(hand)})."
    assert names_hidden(state, injected) == [hand] or face(hand) in {face(c) for r in state.ports.values() for c in r}
    with language("en"):
        assert public_texts(events)


@pytest.mark.slow
def test_the_first_steps_of_a_bot_game_say_nothing_internal() -> None:
    assert scan_game(2, 7, cap=90, every=4) == []


@pytest.mark.slow
@pytest.mark.parametrize(("players", "seed", "modules", "cap"),
                         [(2, 5, (), 500), (3, 7, BOTH_MODULES, 1500), (4, 2, (), 1500)])
def test_whole_bot_games_say_nothing_internal(players: int, seed: int, modules: tuple[str, ...], cap: int) -> None:
    # Two greedy bots never finish the 2-player game of seed 5: the step cap ends it.
    assert scan_game(players, seed, modules, cap=cap, every=3 if players < 4 else 6) == []


def test_check_step_reports_a_leak() -> None:
    state, _events = setup_events(2, 4)
    hand = state.dealt["0"][0]
    from engine.core import Event

    from .wording import face

    leak = Event("kept", 0, f"Blue keeps ({face(hand)}).", {})
    public = {face(c) for r in state.ports.values() for c in r if c}
    if face(hand) not in public:
        assert any("names hidden" in f for f in check_step(state, state, [leak], 0, full=False))
