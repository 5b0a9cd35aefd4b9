"""Indistinguishability: every output a reader receives is the same whatever the hidden cards they cannot see.

For positions of every game that declares hidden information, every seat and the spectator (see
``indistinguishable.py``); and a planted leak (the private-route flag computed from the hand, as it
once was) is caught.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest

from engine.core import builtin_game_names, game_info, get_game
from tests.robustness.indistinguishable import check, check_review, play_position

#: Re-samples per viewer (each compared with the real deal): more in the long runs (MEIJI_SOAK=1).
SAMPLES = 3 if os.environ.get("MEIJI_SOAK") else 1

HIDDEN_GAMES = [name for name in builtin_game_names() if game_info(get_game(name)).hidden_information]

#: (players, table seed, random steps, options): the opening (keep decisions, first turns) and
#: later turns with orders in hand, fulfilled orders and cards on the boards.
POSITIONS = [
    (2, 3, 0, {}),
    pytest.param(2, 3, 9, {}, marks=pytest.mark.slow),
    pytest.param(3, 11, 60, {}, marks=pytest.mark.slow),
    pytest.param(4, 5, 140, {"modules": ["achievement_rewards", "free_agents"]}, marks=pytest.mark.slow),
]


def test_there_is_a_game_with_hidden_information() -> None:
    assert "yokohama" in HIDDEN_GAMES


@pytest.mark.parametrize("game", HIDDEN_GAMES)
@pytest.mark.parametrize(("players", "seed", "steps", "options"), POSITIONS)
def test_outputs_do_not_depend_on_what_the_reader_cannot_see(
    tmp_path: Path, game: str, players: int, seed: int, steps: int, options: dict[str, Any]
) -> None:
    source = tmp_path / "source.db"
    play_position(source, game, players, seed, steps, options, rng_seed=seed + steps)
    assert check(tmp_path, source, samples=SAMPLES, rng_seed=seed) == {}


@pytest.mark.parametrize("game", HIDDEN_GAMES)
@pytest.mark.parametrize(("players", "seed", "steps", "options"), [
    (2, 3, 12, {}),
    pytest.param(3, 11, 60, {}, marks=pytest.mark.slow),
])
def test_a_review_does_not_depend_on_cards_the_reader_never_saw(
    tmp_path: Path, game: str, players: int, seed: int, steps: int, options: dict[str, Any]
) -> None:
    """A seat's own review (its own cards only) and a spectator's review of every seat (public
    information only) are the same whatever the cards that reader never saw."""
    source = tmp_path / "source.db"
    play_position(source, game, players, seed, steps, options, rng_seed=seed + steps)
    assert check_review(tmp_path, source, samples=max(SAMPLES, 2), rng_seed=seed) == {}


def _first_caught(tmp_path: Path) -> dict[str, list[str]]:
    """The first differences found at the first turns of 2-player games (one of each good, so some
    orders can be fulfilled and some not; with these seeds — the first catches a hand-dependent
    output — a re-sample swaps a fulfillable order for one that is not)."""
    for seed in (3, 8, 6):
        source = tmp_path / f"leak-{seed}.db"
        play_position(source, "yokohama", 2, seed, 2, rng_seed=seed)
        caught = check(tmp_path, source, samples=2, rng_seed=seed)
        if caught:
            return caught
    return {}


def _leaky_private_options(self: Any, state: Any) -> bool:
    """The flag as it once was: raised exactly when an order in the hand can be fulfilled now."""
    return any(self.private_choice(state, a) for a in self.legal_actions(state))


def test_a_planted_leak_in_the_private_route_flag_is_caught(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    game = get_game("yokohama")
    monkeypatch.setattr(type(game), "private_options", _leaky_private_options)
    caught = _first_caught(tmp_path)
    assert caught, "the planted leak was not noticed"
    assert all("turn" in outputs for outputs in caught.values()), caught


@pytest.mark.slow
def test_a_planted_leak_in_a_public_text_is_caught(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A status line that counts the fulfillable orders in the acting player's hand."""
    from bot.host.replies import ReplyBuilder

    original = ReplyBuilder.status_line

    def leaky(self: Any, game: Any, state: Any, seats: Any, table: Any) -> str:
        n = sum(1 for a in game.legal_actions(state) if a.kind == "order")
        return f"{original(self, game, state, seats, table)} ({n})"

    monkeypatch.setattr(ReplyBuilder, "status_line", leaky)
    caught = _first_caught(tmp_path)
    assert caught and any("status" in outputs for outputs in caught.values()), caught


def _hand_naming_rules(self: Any, state: Any, events: Any, seat: int) -> list[str]:
    """A careless rule note: it names the order cards in the acting player's hand."""
    return [" ".join(sorted(state.players[seat].orders))]


def _previews_caught(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, *, from_real_state: bool) -> dict[str, list[str]]:
    """The differences found when Yokohama's rule notes name the hand in every option's preview
    (``from_real_state``: and the previews read the real position instead of the reader's)."""
    import engine.core.preview as preview_module

    game = get_game("yokohama")
    monkeypatch.setattr(type(game), "ledger_rules", _hand_naming_rules)
    if from_real_state:
        monkeypatch.setattr(preview_module, "reader_position", lambda _game, state, _viewer, _salt="": state)
    return _first_caught(tmp_path)


def test_previews_are_computed_from_what_the_reader_may_see(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Even a rule note that reads the hand names only re-dealt cards: a preview is a function of
    its reader's view (the unseen cards are re-dealt from a public salt), so no output differs."""
    assert _previews_caught(tmp_path, monkeypatch, from_real_state=False) == {}


def test_a_planted_leak_in_the_previews_is_caught(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Previews read from the real position name the hand under the public message: caught."""
    caught = _previews_caught(tmp_path, monkeypatch, from_real_state=True)
    assert caught and any("turn" in outputs for outputs in caught.values()), caught
