"""Game capabilities: declared by the game, checked when it is registered, read through the registry."""

from __future__ import annotations

import random
from typing import Any

import pytest

from engine.core import registry
from engine.core.capabilities import (
    CAPABILITIES,
    CapabilityError,
    Evaluation,
    HiddenInformation,
    Story,
    check_declaration,
    members,
)
from engine.core.game import Game
from engine.core.registry import builtin_game_names, get_game, register


class FakeCoreGame:
    """The core contract only (every method refuses: these tests never play it)."""

    name = "fake_capabilities"
    version = "test"

    def _no(self, *args: Any) -> Any:
        raise AssertionError("not played in these tests")

    setup = decision = legal_actions = chance_outcomes = apply = view = result = _no
    to_json = from_json = format_action = parse_action = describe = text = check_invariants = seat_labels = _no


class FakeEvaluatingGame(FakeCoreGame):
    """Declares Evaluation and implements it."""

    capabilities = (Evaluation,)

    def evaluate(self, state: Any, seat: int) -> Any:
        return seat


@pytest.fixture(autouse=True)
def _forget_fakes() -> Any:
    yield
    registry._GAMES.pop(FakeCoreGame.name, None)


def test_every_shipped_game_declares_what_it_implements() -> None:
    for name in builtin_game_names():
        game = get_game(name)
        declared = check_declaration(game)
        assert declared and len(set(declared)) == len(declared)
        for cap in declared:
            for member, method in members(cap):
                assert (callable if method else (lambda v: v is not None))(getattr(game, member)), (name, member)


def test_a_declared_capability_is_read_through_the_registry() -> None:
    game = register(FakeEvaluatingGame())
    judge = registry.evaluation(game)
    assert judge is not None and judge.evaluate(None, 2) == 2
    assert registry.story(game) is None and registry.hidden(game) is None
    assert registry.selfplay_weights(game) == {} and registry.rules_revision(game) is None


def test_a_misspelt_method_is_refused_by_name() -> None:
    class Misspelt(FakeCoreGame):
        capabilities = (Evaluation,)

        def evalute(self, state: Any, seat: int) -> float:
            return 0.0

    with pytest.raises(CapabilityError, match="declares Evaluation but has no method 'evaluate'"):
        register(Misspelt())
    assert FakeCoreGame.name not in registry._GAMES


def test_a_hook_without_its_declaration_is_refused() -> None:
    class Undeclared(FakeCoreGame):
        def public_scores(self, state: Any) -> list[int]:
            return []

    with pytest.raises(CapabilityError, match="has public_scores but does not declare Story"):
        register(Undeclared())


def test_a_partial_capability_and_a_non_capability_are_refused() -> None:
    class Partial(FakeCoreGame):
        capabilities = (HiddenInformation, int)

        def public_notation(self, state: Any, action: Any) -> str | None:
            return None

        def sample_hidden(self, state: Any, seat: int | None, rng: random.Random) -> Any:
            return state

    with pytest.raises(CapabilityError) as refused:
        register(Partial())
    text = str(refused.value)
    assert "is not a capability" in text
    for missing in ("private_choice", "private_options", "reveals", "hidden_tokens"):
        assert f"has no method {missing!r}" in text
    assert "'public_notation'" not in text


def test_an_attribute_that_is_not_callable_does_not_count_as_a_method() -> None:
    class NotCallable(FakeCoreGame):
        capabilities = (Story,)
        public_scores = (1, 2)

    with pytest.raises(CapabilityError, match="no method 'public_scores'"):
        register(NotCallable())


def test_a_game_missing_part_of_the_core_contract_is_refused() -> None:
    methods = {m: FakeCoreGame._no for m, method in members(Game) if method and m != "view"}
    no_view = type("FakeWithoutView", (), {"name": FakeCoreGame.name, "version": "test", **methods})
    with pytest.raises(TypeError, match="the Game contract needs view"):
        register(no_view())


def test_every_capability_has_members_and_a_docstring() -> None:
    for cap in CAPABILITIES:
        assert members(cap) and cap.__doc__, cap
