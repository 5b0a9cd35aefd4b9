"""Bot policies (engine.core.bots): legal choices only, reproducible, hints, and no hidden information.

Every built-in game with an ``evaluate`` hook is checked, plus the test-only dice race (the fake
game's ``evaluate``) and a variant of the secret-number race with ``sample_hidden``, so the
hidden-information checks run even before a built-in game has hidden information with bots.
"""

from __future__ import annotations

import dataclasses
import pickle
import random
import sys
from pathlib import Path
from typing import Any

import pytest
from fakegame import DiceRace
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.core import CHANCE, Action, builtin_game_names, game_info, get_game, registry, sample_chance
from engine.core.bots import (
    LEVEL_BUDGETS,
    LEVELS,
    Evaluation,
    GreedyPolicy,
    Ranked,
    Reason,
    ReasonLine,
    SearchPolicy,
    bot_view,
    bots_supported,
    level_name,
    make_policy,
)
from engine.core.i18n import Msg, tr

_ROBUSTNESS = str(Path(__file__).resolve().parents[1] / "robustness")
if _ROBUSTNESS not in sys.path:
    sys.path.insert(0, _ROBUSTNESS)

from secretgame import NOTES, SECRETS, SecretRace  # noqa: E402


class PeekingSecretRace(SecretRace):
    """The secret-number race with bots: ``sample_hidden`` re-deals the other seats' secrets, cards
    and notes, and ``evaluate`` *reads the other seats' secrets* (a cheating evaluation), so a
    choice that leaked hidden information would show."""

    name = "peekingsecretrace"

    def sample_hidden(self, state: Any, seat: int, rng: random.Random) -> Any:
        """Every other seat's secret, note and picked card re-sampled (uniform, from the seat's view)."""
        secrets = tuple(v if s == seat else rng.choice(SECRETS) for s, v in enumerate(state.secrets))
        notes = tuple(v if s == seat else rng.choice((0, *NOTES)) for s, v in enumerate(state.notes))
        picks = tuple(c if s == seat else secrets[s] + rng.choice((100000, 200000))
                      for s, c in enumerate(state.picks))
        return dataclasses.replace(state, secrets=secrets, notes=notes, picks=picks)

    def evaluate(self, state: Any, seat: int) -> Evaluation:
        """The dice race's evaluation plus a term from the other seats' secrets (see the class)."""
        base = super().evaluate(state, seat)
        peek = sum(v % 7 for s, v in enumerate(state.secrets) if s != seat) / 10
        bias = peek * (state.pending if state.seat == seat else 0)
        return Evaluation(base.score + bias, (*base.reasons, Reason("peek", bias)))


FAKES = [DiceRace(), PeekingSecretRace()]
FAST_SEARCH = {"rollouts": 2, "candidates": 2, "time_limit": 30.0, "search_kinds": None, "rollout_width": 1}
#: Every level with settings that keep the tests quick and reproducible (no time limit reached).
LEVEL_SETTINGS = (("easy", {"time_limit": 30.0}), ("medium", {"time_limit": 30.0}), ("hard", FAST_SEARCH))


def _games() -> list[Any]:
    """Every game whose bots are checked: the built-in ones with ``evaluate`` and the fakes."""
    return [get_game(n) for n in builtin_game_names() if bots_supported(get_game(n))] + FAKES


def _options(game: Any, players: int) -> dict[str, Any]:
    counts = [n for n in game_info(game).player_counts if n > 1] or [2]
    return {"players": counts[players % len(counts)]}


def _position(game: Any, seed: int, plies: int, players: int = 4, options: dict[str, Any] | None = None) -> Any:
    """A position after ``plies`` uniformly random moves (chance from the seed), at a player's
    decision if the game is still running."""
    options = options or _options(game, players)
    state = game.setup(options, seed)
    rng = random.Random(seed)
    search = registry.in_place_search(game)
    fast = search.apply_unchecked if search is not None else None
    for ply in range(plies + 200):
        d = game.decision(state)
        if d.seat is None or (ply >= plies and d.seat != CHANCE):
            break
        action = sample_chance(game, state, seed, ply) if d.seat == CHANCE else rng.choice(game.legal_actions(state))
        if fast is not None:
            fast(state, action)
        else:
            state, _ = game.apply(state, action)
    return state


def test_levels_and_make_policy() -> None:
    game = DiceRace()
    assert LEVELS == ("easy", "medium", "hard")
    easy, medium, hard = (make_policy(game, level, 1) for level in LEVELS)
    assert isinstance(easy, GreedyPolicy) and easy.planner.width == 1 and easy.slip > 0
    assert isinstance(medium, GreedyPolicy) and medium.planner.width > 1 and medium.slip == 0
    assert isinstance(hard, SearchPolicy)
    assert [p.time_limit for p in (easy, medium, hard)] == [LEVEL_BUDGETS[v] for v in LEVELS]
    # The older names keep working, in any case.
    assert isinstance(make_policy(game, "greedy", 1), GreedyPolicy)
    assert isinstance(make_policy(game, "Search", 1, rollouts=2), SearchPolicy)
    assert [level_name(v) for v in ("greedy", "SEARCH", " easy ")] == ["medium", "hard", "easy"]
    for bad in ("expert", "", "random"):
        with pytest.raises(ValueError, match="unknown bot level"):
            make_policy(game, bad)


class FakeClock:
    """A clock that moves ``tick`` seconds each time it is read (a stand-in for a slow machine)."""

    def __init__(self, tick: float) -> None:
        self.now = 0.0
        self.tick = tick
        self.reads = 0

    def __call__(self) -> float:
        self.now += self.tick
        self.reads += 1
        return self.now


@pytest.mark.parametrize("level", LEVELS)
def test_every_level_honours_its_decision_budget(level: str) -> None:
    """With a clock that runs 0.05 s per read, a decision stops thinking once its budget is spent:
    the clock is read only a bounded number of times past the deadline and the choice is legal."""
    game = DiceRace()
    state = _position(game, 11, 3)
    seat = game.decision(state).seat
    legal = game.legal_actions(state)
    clock = FakeClock(0.05)
    policy = make_policy(game, level, 3, clock=clock, time_limit=0.2)
    action = policy.choose(bot_view(game, state, seat, 3), legal)
    assert action in legal
    # A generous clock lets the same policy think much longer: the budget is what stopped it.
    slow = FakeClock(1e-9)
    make_policy(game, level, 3, clock=slow, time_limit=0.2).choose(bot_view(game, state, seat, 3), legal)
    assert clock.now <= 0.2 + 0.05 * 8, f"{level}: thought until {clock.now:.2f} s of a 0.2 s budget"
    assert slow.reads >= clock.reads


def test_bots_need_an_evaluation() -> None:
    class NoEval:
        name = "noeval"

    assert not bots_supported(NoEval())
    assert bots_supported(DiceRace())
    with pytest.raises(ValueError, match="evaluate"):
        GreedyPolicy(NoEval())


def test_a_policy_needs_the_bot_view() -> None:
    game = DiceRace()
    state = _position(game, 3, 2, 2)
    legal = game.legal_actions(state)
    with pytest.raises(ValueError, match="bot_view"):
        GreedyPolicy(game).choose(game.view(state, 0), [*legal, Action("bank")])


@pytest.mark.parametrize("game", _games(), ids=lambda g: g.name)
@settings(max_examples=5, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(seed=st.integers(0, 2**31), plies=st.integers(0, 600), players=st.integers(0, 3))
def test_policies_only_return_legal_actions(game: Any, seed: int, plies: int, players: int) -> None:
    state = _position(game, seed, plies, players)
    d = game.decision(state)
    if d.seat is None or d.seat == CHANCE:
        return
    legal = game.legal_actions(state)
    view = bot_view(game, state, d.seat, seed)
    for level, kwargs in LEVEL_SETTINGS:
        policy = make_policy(game, level, seed, **kwargs)
        assert policy.choose(view, legal) in legal
        ranked = policy.rank(view, legal, n=3)
        assert 1 <= len(ranked) <= min(3, len(legal))
        assert all(isinstance(r, Ranked) and r.action in legal for r in ranked)
        assert len({r.action for r in ranked}) == len(ranked)
        assert all(str(r.reason) for r in ranked)
    # The bots never touch the real state.
    assert game.to_json(state) == game.to_json(_position(game, seed, plies, players))


@pytest.mark.parametrize("game", _games(), ids=lambda g: g.name)
def test_choices_are_reproducible_for_a_seed(game: Any) -> None:
    for seed in (1, 2) if game in FAKES else (2,):
        state = _position(game, seed, 40 * seed)
        d = game.decision(state)
        if d.seat is None or d.seat == CHANCE:
            continue
        legal = game.legal_actions(state)
        for level, kwargs in LEVEL_SETTINGS:
            a = make_policy(game, level, 5, **kwargs)
            b = make_policy(game, level, 5, **kwargs)
            view_a, view_b = bot_view(game, state, d.seat, 9), bot_view(game, state, d.seat, 9)
            assert a.choose(view_a, legal) == b.choose(view_b, legal)
            assert [r.action for r in a.rank(view_a, legal)] == [r.action for r in b.rank(view_b, legal)]
            # A policy instance has no memory: asked again, it answers the same.
            assert a.choose(view_a, legal) == b.choose(view_b, legal)


def test_rank_is_best_first_with_reasons() -> None:
    game = DiceRace()
    state = _position(game, 11, 3, 2)
    d = game.decision(state)
    legal = game.legal_actions(state)
    view = bot_view(game, state, d.seat, 0)
    ranked = GreedyPolicy(game).rank(view, legal, n=10)
    assert len(ranked) == len(legal)
    assert [r.score for r in ranked] == sorted((r.score for r in ranked), reverse=True)
    assert ranked[0].action == GreedyPolicy(game).choose(view, legal)
    assert GreedyPolicy(game).rank(view, legal, n=0) == []


def test_a_reason_line_is_a_translatable_msg() -> None:
    from engine.zaibatsu.bot import R_MAJORITY, R_VP

    line = ReasonLine([(R_MAJORITY, 4.0), (R_VP, -1.5)])
    assert isinstance(line, Msg)
    assert str(line) == "Influence majorities (projected) +4.0, Victory points −1.5"
    assert pickle.loads(pickle.dumps(line)) == line
    assert isinstance(pickle.loads(pickle.dumps(line)), ReasonLine)
    german = tr(line, "de")
    assert "+4,0" in german and "−1,5" in german
    assert tr(ReasonLine([("plain text", 2.0)]), "pl") == "plain text +2,0"


def test_bot_view_is_the_seats_view_and_a_copy_of_the_state() -> None:
    for game in _games():
        state = _position(game, 4, 30)
        d = game.decision(state)
        seat = d.seat if d.seat is not None and d.seat >= 0 else 0
        view = bot_view(game, state, seat, 1)
        assert view["seat"] == seat
        assert view["view"] == game.view(state, seat)
        assert view["state"] is not state
        if registry.hidden(game) is None:
            assert game.to_json(view["state"]) == game.to_json(state)


def _check_hidden(game: Any, state: Any, seat: int, sample_seed: int) -> bool:
    """Two states that differ only in what ``seat`` may not see give the bot the same view, the same
    sampled state and the same choices. Returns whether the two states differed at all."""
    other = game.sample_hidden(state, seat, random.Random(sample_seed))
    assert game.view(state, seat) == game.view(other, seat)
    a, b = bot_view(game, state, seat, 77), bot_view(game, other, seat, 77)
    assert a["view"] == b["view"]
    assert game.to_json(a["state"]) == game.to_json(b["state"])
    if game.decision(state).seat == seat:
        legal = game.legal_actions(state)
        assert game.legal_actions(other) == legal
        for level, kwargs in LEVEL_SETTINGS:
            assert make_policy(game, level, 3, **kwargs).choose(a, legal) == \
                make_policy(game, level, 3, **kwargs).choose(b, legal)
    return game.to_json(state) != game.to_json(other)


def _hidden_games() -> list[Any]:
    return [g for g in _games() if getattr(g, "sample_hidden", None) is not None]


@pytest.mark.parametrize("game", _hidden_games(), ids=lambda g: g.name)
def test_a_bots_choice_depends_only_on_its_seats_view(game: Any) -> None:
    differed = 0
    checked = 0
    for seed in range(6):
        options = {**_options(game, 4), **({"modules": ["notes", "cards"]} if isinstance(game, SecretRace) else {})}
        state = _position(game, seed, 3 + 50 * seed, options=options)
        d = game.decision(state)
        seats = len(game.seat_labels(state))
        for seat in range(seats):
            if d.seat is not None and d.seat >= 0 and seat != d.seat and seed % 2:
                continue
            differed += _check_hidden(game, state, seat, seed)
            checked += 1
    assert checked
    assert differed, "sample_hidden never changed a hidden part: the check proves nothing"


def test_the_cheating_evaluation_only_ever_sees_sampled_secrets() -> None:
    game = PeekingSecretRace()
    state = _position(game, 5, 12, options={"players": 3})
    d = game.decision(state)
    assert d.seat is not None and d.seat >= 0
    view = bot_view(game, state, d.seat, 1)
    true_others = [v for s, v in enumerate(state.secrets) if s != d.seat]
    seen = [v for s, v in enumerate(view["state"].secrets) if s != d.seat]
    own = view["state"].secrets[d.seat]
    assert own == state.secrets[d.seat]
    assert seen != true_others or len(SECRETS) == 1


class LoadedDiceRace(DiceRace):
    """The dice race with a loaded die: every chance decision has one outcome, so a search's rollouts
    are deterministic."""

    name = "loadeddicerace"

    def chance_outcomes(self, state: Any) -> list[Any]:
        """Only the first of the fair outcomes."""
        return super().chance_outcomes(state)[:1]


def _search_position(game: Any) -> tuple[Any, Any, list[Action]]:
    """A decision with at least two legal actions in a 3-player dice race."""
    for seed in range(40):
        state = _position(game, seed, 5, 3, {"players": 3})
        d = game.decision(state)
        if d.seat is not None and d.seat != CHANCE and len(game.legal_actions(state)) >= 2:
            return state, d, game.legal_actions(state)
    raise AssertionError("no decision with a choice found")


def test_a_rollout_without_a_draw_is_exact_and_not_repeated() -> None:
    loaded = LoadedDiceRace()
    state, d, legal = _search_position(loaded)
    search = SearchPolicy(loaded, 3, rollouts=12, candidates=3, margin=1e9, time_limit=30.0, search_kinds=None)
    search.choose(bot_view(loaded, state, d.seat, 0), legal)
    # One rollout per candidate: a second one would replay exactly the same moves.
    assert search.last["candidates"] >= 2
    assert search.last["rollouts"] == search.last["candidates"]

    fair = DiceRace()
    state, d, legal = _search_position(fair)
    search = SearchPolicy(fair, 3, rollouts=12, candidates=3, margin=1e9, time_limit=30.0, search_kinds=None)
    search.choose(bot_view(fair, state, d.seat, 0), legal)
    # With dice in the rollouts every candidate is sampled again, up to the rollout budget.
    assert search.last["candidates"] >= 2
    assert search.last["rollouts"] == 12


def test_the_hard_level_re_deals_the_hidden_cards_for_every_round_of_rollouts() -> None:
    """Information-set sampling: each round of rollouts starts from a fresh re-deal of what the seat
    cannot see, so the cheating evaluation meets several guesses of the other secrets (never a fixed
    one) while the seat's own secret stays its own."""

    class Recording(PeekingSecretRace):
        name = "recordingsecretrace"

        def __init__(self) -> None:
            super().__init__()
            self.seen: set[tuple[int, ...]] = set()

        def evaluate(self, state: Any, seat: int) -> Evaluation:
            self.seen.add(tuple(state.secrets))
            return super().evaluate(state, seat)

    game = Recording()
    state = _position(game, 5, 12, options={"players": 3})
    d = game.decision(state)
    assert d.seat is not None and d.seat >= 0
    legal = game.legal_actions(state)
    assert len(legal) >= 2
    policy = make_policy(game, "hard", 4, rollouts=9, candidates=3, margin=1e9, time_limit=30.0, search_kinds=None)
    policy.choose(bot_view(game, state, d.seat, 1), legal)
    assert policy.last["rollouts"] == 9
    assert len(game.seen) > 2
    assert {secrets[d.seat] for secrets in game.seen} == {state.secrets[d.seat]}


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("name", [n for n in builtin_game_names() if bots_supported(get_game(n))])
def test_a_level_stops_thinking_at_its_budget_in_every_game(name: str, level: str) -> None:
    """With a clock that moves 10 ms at every read, a decision at a busy mid-game position ends soon
    after its budget (the deadline is checked between single moves of the look-ahead)."""
    game = get_game(name)
    for seed in range(20):
        state = _position(game, seed, 150, players=3)
        d = game.decision(state)
        if d.seat is not None and d.seat != CHANCE and len(game.legal_actions(state)) >= 3:
            break
    else:
        pytest.skip("no busy position found")
    legal = game.legal_actions(state)
    clock = FakeClock(0.01)
    policy = make_policy(game, level, 2, clock=clock, time_limit=0.3, search_kinds=None) if level == "hard" \
        else make_policy(game, level, 2, clock=clock, time_limit=0.3)
    assert policy.choose(bot_view(game, state, d.seat, 2), legal) in legal
    # 0.3 s of budget; each read past it is a single move of look-ahead at most.
    assert clock.now <= 0.3 + 0.01 * 60, f"{name} {level}: thought until {clock.now:.2f} s"
    if level == "hard":  # the search would think far longer: the budget is what stopped it
        free = FakeClock(0.01)
        make_policy(game, level, 2, clock=free, time_limit=1000.0, search_kinds=None).choose(
            bot_view(game, state, d.seat, 2), legal)
        assert free.now > 1.0


def test_the_hard_level_scores_rollouts_by_the_seats_chance_to_win() -> None:
    """``leaf="winprob"``: a searched candidate's value is its mean chance to win (percentage points,
    from the bot's own view) plus ``vp_weight`` × the VP value; with ``vp_weight=0`` it lies in
    [0, 100]; the level asks for it by default; an unknown leaf is refused."""
    game = DiceRace()
    state, d, legal = _search_position(game)
    search = SearchPolicy(game, 3, rollouts=8, candidates=3, margin=1e9, time_limit=30.0, search_kinds=None,
                          leaf="winprob", vp_weight=0.0, order=True, prune=100.0)
    ranked = search.rank(bot_view(game, state, d.seat, 0), legal, n=len(legal))
    assert search.last["rollouts"] > 0 and search.last["candidates"] >= 2
    searched = ranked[: search.last["candidates"]]
    assert all(0.0 <= r.score <= 100.0 for r in searched), [r.score for r in searched]
    vp = SearchPolicy(game, 3, rollouts=8, candidates=3, margin=1e9, time_limit=30.0, search_kinds=None)
    assert vp.leaf == "vp" and make_policy(game, "hard", 3).leaf == "winprob"
    with pytest.raises(ValueError):
        SearchPolicy(game, 3, leaf="score")


def test_a_candidate_displaces_greedys_choice_only_when_clearly_better() -> None:
    """Paired rollout values by round: a lead must exceed the margin plus one standard error of the
    paired differences (the margin alone over a single shared round)."""
    from engine.core.bots import _clearly_better

    assert _clearly_better({0: 10.0, 1: 12.0}, {0: 5.0, 1: 6.0}, 0.5)  # +5, +6: clear
    assert _clearly_better({0: 10.0}, {0: 5.0}, 0.5)  # one round: the margin decides
    assert not _clearly_better({0: 5.2}, {0: 5.0}, 0.5)
    assert not _clearly_better({0: 10.0}, {0: 5.0}, 0.5, single=False)  # one guess of hidden hands: no
    assert _clearly_better({0: 10.0, 1: 12.0}, {0: 5.0, 1: 6.0}, 0.5, single=False)
    assert not _clearly_better({0: 20.0, 1: 0.0}, {0: 5.0, 1: 6.0}, 0.5)  # +15, −6: noise
    assert not _clearly_better({0: 5.3, 1: 6.3}, {0: 5.0, 1: 6.0}, 0.5)  # below the margin
    assert not _clearly_better({2: 9.0, 3: 9.0}, {0: 1.0, 1: 1.0}, 0.5)  # no shared round
