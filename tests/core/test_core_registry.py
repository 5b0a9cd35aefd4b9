"""The game registry: games are found as packages, offered by their facts, never named by hosts."""

from __future__ import annotations

import pkgutil
from pathlib import Path

import pytest

import engine
import render
from engine.core import registry
from engine.core.registry import (
    BROKEN,
    builtin_game_names,
    default_game,
    game_info,
    get_game,
    normalise_option_name,
    solo_game,
)

ROOT = Path(__file__).resolve().parents[2]


def test_every_game_package_is_found_and_imports_cleanly() -> None:
    packages = {m.name for m in pkgutil.iter_modules(engine.__path__) if m.ispkg and m.name != "core"}
    assert set(builtin_game_names()) == packages
    assert BROKEN == {}


def test_the_default_game_is_the_first_in_menu_order() -> None:
    names = builtin_game_names()
    orders = [game_info(get_game(n)).order for n in names]
    assert orders == sorted(orders)
    assert default_game() == names[0]


def test_game_info_reads_the_games_facts() -> None:
    for name in builtin_game_names():
        info = game_info(get_game(name))
        assert info.name == name
        assert info.title and info.title != name  # a published title, not the id
        assert set(info.player_counts) <= {1, 2, 3, 4, 5, 6} and info.player_counts
        for module in info.modules:
            assert module == normalise_option_name(module)


def test_game_info_has_defaults_for_a_minimal_game() -> None:
    class Minimal:
        name = "minimal"

    info = game_info(Minimal())
    assert (info.title, info.player_counts, info.modules, info.solo_levels) == ("minimal", (1, 2, 3, 4), (), ())
    assert info.hidden_information is False


def test_game_info_reads_the_hidden_information_fact() -> None:
    class Secretive:
        name = "secretive"
        hidden_information = True

    assert game_info(Secretive()).hidden_information is True


def test_the_solo_game_is_a_game_with_solo_levels() -> None:
    name = solo_game()
    if name is not None:
        assert game_info(get_game(name)).solo_levels


@pytest.mark.parametrize(
    ("typed", "id_"),
    [("common-goals", "common_goals"), ("Common Goals", "common_goals"), ("MODERN_factories", "modern_factories"),
     (" first-game ", "first_game")],
)
def test_option_names_accept_dashes_spaces_and_case(typed: str, id_: str) -> None:
    assert normalise_option_name(typed) == id_


def test_an_unknown_game_names_the_known_ones() -> None:
    with pytest.raises(KeyError, match="known"):
        get_game("no-such-game")


def test_a_broken_game_package_is_left_out_and_reported(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    pkg = tmp_path / "brokengame"
    pkg.mkdir()
    (pkg / "__init__.py").write_text("raise RuntimeError('boom')\n")
    monkeypatch.setattr(engine, "__path__", [*engine.__path__, str(tmp_path)])
    monkeypatch.setattr(registry, "BROKEN", {})
    registry.builtin_game_names.cache_clear()
    try:
        names = registry.builtin_game_names()
        assert "brokengame" not in names
        assert "RuntimeError: boom" in registry.BROKEN["brokengame"]
    finally:
        registry.builtin_game_names.cache_clear()


def test_pictures_are_found_through_the_games_declaration() -> None:
    """Each game names its picture package (its Pictures capability); :mod:`render` loads it from there."""
    for name in builtin_game_names():
        path = registry.picture_package(name)
        assert path is not None and render.has_renderer(name)
        assert path == f"render.{name}"  # the shipped games keep their pictures in render/<game>/
    assert not render.has_renderer("core")
    assert not render.has_renderer("../engine")
    assert registry.picture_package("no_such_game") is None
    assert render.picture("no_such_game", {}) is None
    with pytest.raises(ValueError, match="no renderer"):
        render.render("no_such_game", {})
