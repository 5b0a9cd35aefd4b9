"""The bots' hooks for Yokohama (engine/yokohama/bot.py through ``GAME.evaluate`` and
``GAME.sample_hidden``).

Evaluation: finite on many random positions (2–4 players, with and without the mini-expansions),
reasons that add up to the score and translate, no change to the position, the final VP once the
game is over, more VP or yen scoring higher, and no dependence on cards the seat cannot see.

Sampling the hidden cards: the seat's view is unchanged, so are every count (hands, opening draws,
removed and boxed cards, the deck), the invariants hold, different generators deal differently,
equal generators deal equally, two positions that differ only in cards the seat cannot see sample
identically, the seed is reset, and random play goes on from a sampled position to the end.
"""

from __future__ import annotations

import math
import pickle
import random

import pytest

from engine.core import CHANCE, RandomPolicy
from engine.core.bots import Evaluation, bot_view, make_policy
from engine.core.i18n import Msg, tr
from engine.yokohama import GAME
from engine.yokohama.bot import LABELS, evaluate, hidden_slots, sample_hidden

from .scenario import BOTH_MODULES, random_game


def copy(state):
    return pickle.loads(pickle.dumps(state))


def positions(players: int, seed: int, modules: tuple[str, ...] = (), every: int = 23) -> list:
    """Copies of every ``every``-th position of a random game, and its final position."""
    found: list = []

    def keep(state, action, ply: int) -> None:
        if ply % every == 0:
            found.append(copy(state))

    final, _ = random_game(players, seed, modules, after=keep)
    return [*found, final]


@pytest.fixture(scope="module")
def sample() -> list:
    """Positions of six random games (two per player count, one with both mini-expansions)."""
    out = []
    for players in (2, 3, 4):
        out += positions(players, 900 + players)
        out += positions(players, 950 + players, BOTH_MODULES)
    return out


def counts(state) -> dict:
    """Every count a seat sees of the order cards: hands, opening draws, removed, boxed, deck."""
    return {"hands": [len(p.orders) for p in state.players],
            "dealt": {k: len(v) for k, v in state.dealt.items()},
            "removed": len(state.removed), "discarded": len(state.discarded), "deck": len(state.order_deck),
            "ports": {k: list(v) for k, v in state.ports.items()},
            "fulfilled": [list(p.fulfilled) for p in state.players]}


def hidden_cards(state, seat: int) -> list:
    """The hidden cards, place by place (see ``hidden_slots``)."""
    out = []
    for p in state.players:
        if p.seat != seat:
            out.append(sorted(p.orders))
            out.append(sorted(state.dealt.get(str(p.seat), [])))
    return [*out, sorted(state.removed), sorted(state.discarded), sorted(state.order_deck)]


# ------------------------------------------------------------------------------------------------
# Evaluation
# ------------------------------------------------------------------------------------------------


def test_every_position_evaluates_to_a_finite_sum_of_translatable_reasons(sample) -> None:
    for state in sample:
        before = GAME.to_json(state)
        for seat in range(len(state.players)):
            e = GAME.evaluate(state, seat)
            assert isinstance(e, Evaluation) and math.isfinite(e.score)
            assert e.reasons and all(math.isfinite(r.value) for r in e.reasons)
            assert sum(r.value for r in e.reasons) == pytest.approx(e.score)
            assert all(isinstance(r.text, Msg) and r.text.domain == "yokohama" for r in e.reasons)
            assert e == evaluate(state, seat)
        assert GAME.to_json(state) == before


def test_reason_texts_translate() -> None:
    for label in LABELS.values():
        for lang in ("pl", "ru", "de"):
            assert tr(label, lang) and tr(label, lang) != str(label)


def test_a_finished_game_scores_its_final_vp(sample) -> None:
    finals = [s for s in sample if s.over]
    assert len(finals) >= 6
    for state in finals:
        for p in state.players:
            assert GAME.evaluate(state, p.seat).score == p.vp


def test_more_vp_or_more_yen_scores_higher(sample) -> None:
    running = [s for s in sample if not s.over and s.stack and s.stack[-1]["k"] != "chance"]
    assert len(running) > 50
    for state in running[::6]:
        for seat in range(len(state.players)):
            base = GAME.evaluate(state, seat).score
            richer = copy(state)
            richer.players[seat].vp += 5
            assert GAME.evaluate(richer, seat).score == pytest.approx(base + 5)
            poorer = copy(state)
            poorer.players[seat].vp -= 3
            assert GAME.evaluate(poorer, seat).score < base
            yen = copy(state)
            yen.players[seat].yen += 4
            assert GAME.evaluate(yen, seat).score > base


def test_the_evaluation_ignores_cards_the_seat_cannot_see(sample) -> None:
    for state in [s for s in sample if not s.over][::5]:
        for seat in range(len(state.players)):
            other = sample_hidden(state, seat, random.Random(seat))
            assert GAME.evaluate(other, seat) == GAME.evaluate(state, seat)


# ------------------------------------------------------------------------------------------------
# Sampling the hidden cards
# ------------------------------------------------------------------------------------------------


def test_a_sample_looks_the_same_to_the_seat_and_keeps_every_count(sample) -> None:
    for state in sample[::4]:
        for seat in range(len(state.players)):
            got = GAME.sample_hidden(state, seat, random.Random(17))
            assert got is not state
            assert GAME.view(got, seat) == GAME.view(state, seat)
            assert counts(got) == counts(state)
            assert GAME.check_invariants(got) == []
            assert got.players[seat].orders == state.players[seat].orders
            assert got.dealt.get(str(seat)) == state.dealt.get(str(seat))
            assert got.seed == 0
            assert GAME.decision(got) == GAME.decision(state)
            assert GAME.legal_actions(got) == GAME.legal_actions(state) or GAME.decision(state).seat != seat


def test_a_spectator_sample_re_deals_every_hand() -> None:
    state = mid_game(3, 31)
    got = GAME.sample_hidden(state, None, random.Random(1))
    assert GAME.view(got, None) == GAME.view(state, None)
    assert counts(got) == counts(state)
    assert len(hidden_slots(state, None)) == len(hidden_slots(state, 0)) + 1 + (str(0) in state.dealt)


def test_different_generators_deal_differently_and_equal_ones_equally(sample) -> None:
    rich = [s for s in sample if not s.over
            and sum(1 for slot, size in hidden_slots(s, 0) if size) >= 2 and len(s.order_deck) >= 5]
    assert rich
    for state in rich[::5]:
        seat = GAME.decision(state).seat
        seat = 0 if seat is None or seat < 0 else seat
        deals = {GAME.to_json(GAME.sample_hidden(state, seat, random.Random(k))) for k in range(6)}
        assert len(deals) > 1
        assert len({tuple(map(tuple, hidden_cards(GAME.sample_hidden(state, seat, random.Random(k)), seat)))
                    for k in range(6)}) > 1
        again = GAME.sample_hidden(state, seat, random.Random(3))
        assert GAME.to_json(again) == GAME.to_json(GAME.sample_hidden(state, seat, random.Random(3)))


def test_the_sample_depends_only_on_what_the_seat_sees() -> None:
    state = mid_game(3, 41)
    seat = 0
    opponent = next(p for p in state.players if p.seat != seat and p.orders)
    swapped = copy(state)
    theirs = swapped.players[opponent.seat].orders[0]
    deck = sorted(swapped.order_deck)[0]
    swapped.players[opponent.seat].orders[0] = deck
    swapped.order_deck[swapped.order_deck.index(deck)] = theirs
    swapped.removed.reverse()
    swapped.seed = 12345
    assert GAME.view(swapped, seat) == GAME.view(state, seat)
    assert hidden_cards(swapped, seat) != hidden_cards(state, seat)
    for k in range(4):
        a = GAME.sample_hidden(state, seat, random.Random(k))
        b = GAME.sample_hidden(swapped, seat, random.Random(k))
        assert GAME.to_json(a) == GAME.to_json(b)
    # What the seat does see matters: its own hand changes the sample.
    mine = copy(state)
    own = mine.players[seat].orders
    if own:
        card = sorted(mine.order_deck)[0]
        mine.order_deck[mine.order_deck.index(card)] = own[0]
        own[0] = card
        assert GAME.view(mine, seat) != GAME.view(state, seat)


def test_the_opening_draws_of_the_others_are_hidden_too() -> None:
    state = GAME.setup({"players": 4}, 8)
    rng = random.Random(8)
    while GAME.decision(state).kind != "keep":
        state = GAME.apply(state, rng.choice(GAME.legal_actions(state)))[0]
    seat = GAME.decision(state).seat
    assert all(len(v) == 2 for v in state.dealt.values())
    got = GAME.sample_hidden(state, seat, random.Random(2))
    assert got.dealt[str(seat)] == state.dealt[str(seat)]
    assert counts(got) == counts(state) and GAME.check_invariants(got) == []
    assert GAME.view(got, seat) == GAME.view(state, seat)
    seen = {GAME.to_json(GAME.sample_hidden(state, seat, random.Random(k))) for k in range(4)}
    assert len(seen) > 1


def test_random_play_goes_on_from_a_sampled_position() -> None:
    for players, seed in ((2, 61), (3, 62), (4, 63)):
        state = mid_game(players, seed)
        seat = 1
        sampled = GAME.sample_hidden(state, seat, random.Random(seed))
        rng = random.Random(seed)
        policy = RandomPolicy(seed, GAME.selfplay_weights)
        plies = 0
        while GAME.decision(sampled).seat is not None:
            assert plies < 5000
            if GAME.decision(sampled).seat == CHANCE:
                outcomes = GAME.chance_outcomes(sampled)
                action = rng.choices([o.action for o in outcomes], [o.weight for o in outcomes])[0]
            else:
                action = policy.choose({}, GAME.legal_actions(sampled))
            GAME.apply_unchecked(sampled, action)
            plies += 1
            if plies % 25 == 0:
                assert GAME.check_invariants(sampled) == []
        assert sampled.over and GAME.result(sampled) is not None


def test_a_greedy_bot_chooses_legal_moves_from_its_own_view() -> None:
    state = mid_game(3, 71)
    bots = {seat: make_policy(GAME, "greedy", seed=seat, width=2) for seat in range(3)}
    chosen = 0
    ply = 0
    while chosen < 8 and GAME.decision(state).seat is not None:
        seat = GAME.decision(state).seat
        legal = GAME.legal_actions(state)
        if seat == CHANCE:
            action = random.Random(ply).choice(legal)
        else:
            view = bot_view(GAME, state, seat, ply)
            assert GAME.view(view["state"], seat) == GAME.view(state, seat)
            action = bots[seat].choose(view, legal)
            assert action in legal
            chosen += 1
        state = GAME.apply(state, action)[0]
        ply += 1


def mid_game(players: int, seed: int, plies: int = 150):
    """A random game's position after ``plies`` moves (orders in hands, cards in every pile)."""
    state = GAME.setup({"players": players}, seed)
    rng = random.Random(seed)
    policy = RandomPolicy(seed, GAME.selfplay_weights)
    for _ in range(plies):
        if GAME.decision(state).seat is None:
            break
        legal = GAME.legal_actions(state)
        action = rng.choice(legal) if GAME.decision(state).seat == CHANCE else policy.choose({}, legal)
        GAME.apply_unchecked(state, action)
    return state
