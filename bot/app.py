"""The one composition root: the store, the renderer and the host, built the same way everywhere.

``meiji run`` (the Discord bot), ``meiji local`` (the terminal table), the Discord tests and the
fault tests all build their objects with :func:`compose`, so a feature wired only in tests does not
exist (docs/architecture.md, "Who builds what"). The Discord client is built over a composed
:class:`App` by :func:`bot.discord_app.client.discord_bot`.

Shapes:

* :class:`App` — ``store`` (:class:`~bot.store.Store`), ``renderer`` (the production
  :class:`render.Pictures`, or ``None`` when pictures are off), ``host`` (:class:`~bot.host.Host`
  over both).
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass

from bot.host import GameLookup, Host, Renderer
from bot.store import Store
from engine.core import get_game


@dataclass(frozen=True, slots=True)
class App:
    """What :func:`compose` built: the store, the renderer (``None``: no pictures) and the host."""

    store: Store
    renderer: Renderer | None
    host: Host

    def close(self) -> None:
        """Dispose of the store's connections (the host is unusable afterwards)."""
        self.store.dispose()


def production_renderer() -> Renderer:
    """The renderer every front end uses: :class:`render.Pictures` (board, turn, final, story)."""
    import render

    return render.Pictures()


def compose(
    database_url: str | None = None,
    *,
    store: Store | None = None,
    pictures: bool = True,
    renderer: Renderer | None = None,
    data_dir: str | os.PathLike[str] | None = None,
    bot_time_limit: float | None = None,
    games: GameLookup = get_game,
    command_names: Mapping[str, str] | None = None,
) -> App:
    """Build the store, the renderer and the host.

    ``database_url``: the database to open (``None``: ``DATABASE_URL`` or ``./meiji.db``, as
    :meth:`bot.store.Store.open` decides), unless an open ``store`` is given (tests pass an
    in-memory one). ``pictures=False`` builds a host that draws nothing (``meiji local
    --no-pictures``). ``renderer`` replaces the production renderer — only for test doubles,
    which implement the same :class:`~bot.host.Renderer` Protocol and are named as doubles.
    ``data_dir`` (owners' component corrections, default ``MEIJI_DATA_DIR``), ``bot_time_limit``
    (seconds per bot decision, ``None``: each level's budget), ``games`` and ``command_names`` are
    passed to :class:`~bot.host.Host`. Raises what :meth:`~bot.store.Store.open` raises for an
    unusable database URL.
    """
    opened = store if store is not None else Store.open(database_url)
    chosen: Renderer | None = None
    if pictures:
        chosen = renderer if renderer is not None else production_renderer()
    host = Host(opened, render=chosen, games=games, command_names=command_names, data_dir=data_dir,
                bot_time_limit=bot_time_limit)
    return App(store=opened, renderer=chosen, host=host)
