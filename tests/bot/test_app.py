"""The one composition root (:mod:`bot.app`): what ``meiji run``, ``meiji local`` and the tests build."""

from __future__ import annotations

import inspect
import io
from typing import Any

import pytest

import render
from bot import app as app_module
from bot.app import App, compose
from bot.host import Host, Renderer
from bot.store import Store

#: The methods of the Renderer Protocol (board, turn, final, story).
PROTOCOL_METHODS = sorted(
    name for name, value in vars(Renderer).items() if callable(value) and not name.startswith("_"))


def test_the_protocol_names_every_picture() -> None:
    assert PROTOCOL_METHODS == ["board", "final", "story", "turn"]


def test_the_production_renderer_implements_every_method_of_the_protocol(store: Store) -> None:
    built = compose(store=store)
    renderer = built.renderer
    assert isinstance(renderer, render.Pictures) and isinstance(renderer, Renderer)
    assert built.host.render is renderer and built.host.store is store
    for name in PROTOCOL_METHODS:
        wanted = inspect.signature(getattr(Renderer, name))
        got = inspect.signature(getattr(type(renderer), name))
        assert list(got.parameters) == list(wanted.parameters), name
        assert [p.kind for p in got.parameters.values()] == [p.kind for p in wanted.parameters.values()], name


def test_pictures_off_builds_a_host_that_draws_nothing(store: Store) -> None:
    built = compose(store=store, pictures=False)
    assert built.renderer is None and built.host.render is None


def test_a_double_replaces_only_the_renderer(store: Store) -> None:
    from renderer_doubles import FixedPictureRendererDouble

    double = FixedPictureRendererDouble()
    built = compose(store=store, renderer=double, bot_time_limit=0.5)
    assert isinstance(double, Renderer)
    assert built.host.render is double and built.host.bot_time_limit == 0.5


def test_compose_opens_the_database_it_is_given(tmp_path: Any) -> None:
    built = compose(f"sqlite:///{tmp_path / 'app.db'}")
    try:
        assert isinstance(built, App) and isinstance(built.host, Host)
        assert (tmp_path / "app.db").exists()
    finally:
        built.close()


def test_meiji_run_and_meiji_local_build_through_compose(monkeypatch: pytest.MonkeyPatch, tmp_path: Any) -> None:
    from bot.__main__ import main
    from bot.discord_app import client

    built: list[tuple[Any, dict[str, Any]]] = []
    real = app_module.compose

    def spy(database_url: str | None = None, **kwargs: Any) -> App:
        made = real(database_url, **kwargs)
        built.append((made, kwargs))
        return made

    monkeypatch.setattr(app_module, "compose", spy)
    monkeypatch.setattr(client, "compose", spy)
    monkeypatch.setattr(client.MeijiBot, "run", lambda self, token, **kw: None)
    client.run_bot("not-a-token", f"sqlite:///{tmp_path / 'run.db'}", None, False)
    assert len(built) == 1 and isinstance(built[0][0].renderer, render.Pictures)
    monkeypatch.setattr("sys.stdin", io.StringIO("quit\n"))
    code = main(["local", "--game", "dicerace", "--players", "2", "--db", f"sqlite:///{tmp_path / 'local.db'}",
                 "--snapshots", str(tmp_path / "snaps")])
    assert code == 0 and len(built) == 2 and isinstance(built[1][0].renderer, render.Pictures)


def test_siblings_share_the_bots_memory_and_a_renderer_sibling_leaves_the_host_alone(store: Store) -> None:
    from renderer_doubles import FixedPictureRendererDouble

    host = compose(store=store, pictures=False).host
    named = host.with_command_names({"join": "/game join"})
    drawn = host.with_renderer(FixedPictureRendererDouble())
    assert named.bot_service.watches is host.bot_service.watches is drawn.bot_service.watches
    assert host.render is None and named.render is None and isinstance(drawn.render, FixedPictureRendererDouble)
    assert host.command_names["join"] != "/game join" and named.command_names["join"] == "/game join"
