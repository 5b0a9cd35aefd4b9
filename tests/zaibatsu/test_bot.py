"""The Nippon: Zaibatsu evaluation of the bots (engine/zaibatsu/bot.py) and a whole bots' game."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.core import CHANCE, registry, replay, sample_chance
from engine.core.bots import Evaluation, GreedyPolicy, bot_view, bots_supported
from engine.core.i18n import Msg
from engine.core.majority import split_places
from engine.zaibatsu import GAME
from engine.zaibatsu import bot as zbot
from engine.zaibatsu.rules import region_influence
from engine.zaibatsu.tables import tables


def _random_position(seed: int, plies: int, players: int = 4) -> object:
    options = {"players": players}
    if players == 1:
        options["difficulty"] = "medium"
    state = GAME.setup(options, seed)
    rng = random.Random(seed)
    for ply in range(plies):
        d = GAME.decision(state)
        if d.seat is None:
            break
        action = sample_chance(GAME, state, seed, ply) if d.seat == CHANCE else rng.choice(GAME.legal_actions(state))
        GAME.apply_unchecked(state, action)
    return state


def test_zaibatsu_has_bots_and_no_hidden_information() -> None:
    assert bots_supported(GAME)
    assert registry.hidden(GAME) is None  # everything is public (the bag is counts)


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**31), plies=st.integers(0, 700), players=st.sampled_from([1, 2, 3, 4]))
def test_the_evaluation_adds_up_its_translatable_reasons(seed: int, plies: int, players: int) -> None:
    state = _random_position(seed, plies, players)
    for seat in range(len(state.players)):
        ev = GAME.evaluate(state, seat)
        assert isinstance(ev, Evaluation)
        assert abs(ev.score - sum(r.value for r in ev.reasons)) < 1e-6
        for r in ev.reasons:
            assert isinstance(r.text, Msg) and r.text.domain == "zaibatsu"


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**31), plies=st.integers(0, 700), players=st.sampled_from([1, 2, 3, 4]))
def test_influence_and_awards_follow_the_rules(seed: int, plies: int, players: int) -> None:
    """The evaluation's influence per region is the rules' (tokens + trains where a token is, foreign
    companies on the empty slots), and its award of one seat is ``split_places`` of the scoring."""
    state = _random_position(seed, plies, players)
    seats = len(state.players) + (1 if state.automa is not None else 0)
    influence = zbot._influence(state, seats)
    t = tables()
    ladder = [t.periods[1].values[i] for i in t.count(state.options.players).place_values_used]
    for region, row in influence.items():
        assert row[:seats] == [region_influence(state, s, region) for s in range(seats)]
        foreign = sum(t.market_by_id[m.id].printed[i] for m in state.markets if m.region == region
                      for i, s in enumerate(m.slots) if s is None)
        assert row[seats] == foreign
        parts = [(s, v) for s, v in enumerate(row[:seats]) if v > 0] + ([(-1, foreign)] if foreign else [])
        awards = split_places(parts, ladder)
        for s in range(seats):
            assert zbot.award(row, s, ladder) == awards.get(s, 0)


def test_a_finished_game_is_worth_its_final_score() -> None:
    state = _random_position(3, 5000, 3)
    assert state.over
    for p in state.players:
        assert GAME.evaluate(state, p.seat).score == p.vp


def test_more_victory_points_score_higher() -> None:
    state = _random_position(8, 200)
    before = GAME.evaluate(state, 0).score
    state.players[0].vp += 5
    assert GAME.evaluate(state, 0).score == before + 5


def test_a_solo_goal_met_scores_higher() -> None:
    state = _random_position(2, 150, 1)
    goal = next(iter(state.automa.goals.values()))
    low = GAME.evaluate(state, 0).score
    from engine.zaibatsu.automa import goal_progress

    value, target, _ = goal_progress(state, goal)
    measure = next(g for g in tables().data.solo_goals if g.id == goal).measure
    p = state.players[0]
    if measure in ("ships_built", "machines_built", "trains_built"):
        setattr(p, measure.split("_")[0], target)
    elif measure.endswith("_upper"):
        setattr(p, measure.split("_")[0], tables().threshold_space(measure.split("_")[0], "upper"))
    else:
        return  # the other measures need pieces on the board; the weight is the same
    assert GAME.evaluate(state, 0).score > low


@pytest.mark.slow
def test_a_greedy_bots_game_replays_from_its_log() -> None:
    """A whole 4-player game of greedy bots (narrow look-ahead, to keep the test fast), played with
    the checked apply like a host, replays from its notation to the same final state."""
    seed = 20250
    options = {"players": 4}
    state = GAME.setup(options, seed)
    bots = [GreedyPolicy(GAME, seed + i, width=1) for i in range(4)]
    log: list[str] = []
    while (d := GAME.decision(state)).seat is not None:
        if d.seat == CHANCE:
            action = sample_chance(GAME, state, seed, len(log))
        else:
            legal = GAME.legal_actions(state)
            action = bots[d.seat].choose(bot_view(GAME, state, d.seat, len(log)), legal)
            assert action in legal
        log.append(GAME.format_action(state, action))
        state, _ = GAME.apply(state, action)
    assert state.over and GAME.result(state) is not None
    assert GAME.to_json(replay(GAME, options, seed, log)) == GAME.to_json(state)
