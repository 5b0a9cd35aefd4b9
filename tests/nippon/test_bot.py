"""The bots' evaluation of Nippon positions (engine/nippon/bot.py through ``GAME.evaluate``).

Random games at 2, 3 and 4 players give many positions: every evaluation is finite, its reasons
add up to its score and are translatable texts, it leaves the state as it was, and a finished game
scores its final VP. More VP or more money for a seat (the same position otherwise) scores higher.
Nippon has no hidden information, so the game has no ``sample_hidden``; a greedy bot plays a few
decisions through the real policy.
"""

from __future__ import annotations

import math
import pickle

import pytest

from engine.core import CHANCE, sample_chance
from engine.core.bots import Evaluation, bot_view, make_policy
from engine.core.i18n import Msg, tr
from engine.nippon import GAME
from engine.nippon.bot import LABELS, evaluate

from .driver import random_game


def positions(players: int, seed: int, every: int = 9) -> list:
    """Copies of every ``every``-th position of a random game, and its final position."""
    found: list = []

    def keep(state, action, ply: int) -> None:
        if ply % every == 0:
            found.append(pickle.loads(pickle.dumps(state)))

    final, _ = random_game(players, seed, after=keep)
    return [*found, final]


@pytest.fixture(scope="module")
def sample() -> list:
    """Positions of six random games (two per player count)."""
    return [s for players in (2, 3, 4) for seed in (1, 2)
            for s in positions(players, 700 + 10 * players + seed)]


def test_every_position_evaluates_to_a_finite_sum_of_translatable_reasons(sample) -> None:
    for state in sample:
        before = GAME.to_json(state)
        for seat in range(len(state.players)):
            e = GAME.evaluate(state, seat)
            assert isinstance(e, Evaluation) and math.isfinite(e.score)
            assert e.reasons and all(math.isfinite(r.value) for r in e.reasons)
            assert sum(r.value for r in e.reasons) == pytest.approx(e.score)
            assert all(isinstance(r.text, Msg) and r.text.domain == "nippon" for r in e.reasons)
            assert e == evaluate(state, seat)
        assert GAME.to_json(state) == before  # evaluating never changes the position


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


def test_more_vp_or_more_money_scores_higher(sample) -> None:
    running = [s for s in sample if not s.over and s.players[0].vp > 0]
    assert len(running) > 50
    for state in running[::5]:
        for seat in range(len(state.players)):
            base = GAME.evaluate(state, seat).score
            richer = pickle.loads(pickle.dumps(state))
            richer.players[seat].vp += 5
            assert GAME.evaluate(richer, seat).score == pytest.approx(base + 5)
            poorer = pickle.loads(pickle.dumps(state))
            poorer.players[seat].vp -= 3
            assert GAME.evaluate(poorer, seat).score < base
            if not state.final:
                money = pickle.loads(pickle.dumps(state))
                money.players[seat].money += 6
                assert GAME.evaluate(money, seat).score > base


def test_an_opponent_growing_in_a_region_never_raises_the_projection(sample) -> None:
    """Influence is scored by majority (Podliczanie Punktów): an opponent's tile in a region where
    the seat has influence turned into a very strong one never raises the seat's projected regional
    VP, and lowers it somewhere."""
    lowered = 0
    for state in [s for s in sample if not s.over and s.scorings < 3][::3]:
        for seat in range(len(state.players)):
            for region in {c.region for c in state.cities if any(x and x[0] == seat for x in c.slots)}:
                rival = next(((i, j) for i, c in enumerate(state.cities) if c.region == region
                              for j, x in enumerate(c.slots) if x and x[0] != seat), None)
                if rival is None:
                    continue
                stronger = pickle.loads(pickle.dumps(state))
                stronger.cities[rival[0]].slots[rival[1]][1] = 50
                before = projected_regions(state, seat)
                after = projected_regions(stronger, seat)
                assert after <= before + 1e-9
                lowered += after < before
    assert lowered > 0


def projected_regions(state, seat: int) -> float:
    """The seat's projected regional-scoring part of its evaluation (VP)."""
    return next(r.value for r in GAME.evaluate(state, seat).reasons if r.text == LABELS["regions"])


def test_nippon_has_no_hidden_information() -> None:
    assert not hasattr(GAME, "sample_hidden")
    assert not getattr(GAME, "hidden_information", False)


def test_a_greedy_bot_chooses_legal_moves() -> None:
    state = GAME.setup({"players": 3}, 4)
    bots = {seat: make_policy(GAME, "greedy", seed=seat) for seat in range(3)}
    ply = 0
    chosen = 0
    while chosen < 12:
        seat = GAME.decision(state).seat
        legal = GAME.legal_actions(state)
        if seat == CHANCE:
            action = sample_chance(GAME, state, 4, ply)
        else:
            action = bots[seat].choose(bot_view(GAME, state, seat, ply), legal)
            assert action in legal
            chosen += 1
        state = GAME.apply(state, action)[0]
        ply += 1
    assert not GAME.check_invariants(state)
