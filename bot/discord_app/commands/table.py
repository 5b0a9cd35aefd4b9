"""The handlers that more than one command, or a button, runs: :class:`TableCommands`."""

from __future__ import annotations

from .play import PlayCommands
from .views import ViewCommands


class TableCommands(ViewCommands, PlayCommands):
    """The handlers behind ``/move``, ``/hint``, the commands ``/game`` and ``/solo`` share and the
    option and picture buttons, over the plumbing of :class:`~bot.discord_app.commands.base.CommandsCore`.

    ``host`` is the table service; each interaction works through :meth:`host_for`, a sibling of
    it whose texts name this context's commands.

    ``client`` (the running bot) gives the routes besides an interaction's own: ``channel.send``
    and direct messages (:class:`~bot.discord_app.delivery.Messenger`), and runs the bots' turns in
    tasks of their own (:class:`~bot.discord_app.autoplay.BotRunner`). Without it (tests with fake
    interactions) bots' turns are played before the handler returns and posted as follow-ups.
    ``messenger`` and ``outbox`` replace the defaults (e.g. with shorter back-off).

    The ``/game`` and ``/solo`` groups (:class:`~bot.discord_app.commands.game_group.GameCommands`,
    :class:`~bot.discord_app.commands.solo_group.SoloCommands`) are built over one of these.
    """
