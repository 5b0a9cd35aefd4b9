"""Slash commands of Meiji Table: ``/game …``, ``/move`` and ``/solo …``, thin handlers over :class:`bot.host.Host`.

Every handler follows the same pattern:

1. defer at once, ephemerally and "thinking" (Discord wants an answer within 3 seconds);
2. call the Host in a worker thread (``asyncio.to_thread``): database and rendering never run on
   the event loop;
3. a refusal is one ephemeral followup with the Host's reason; an accepted change gets a short
   ephemeral acknowledgement (plus anything private) and then one public followup: what happened,
   who is next (a mention), the board picture with its alt text (``Reply.alt``), and the options
   of the next decision as buttons or a select menu. The link to that message is stored with
   ``Host.set_board_message``, so "a game is already running here" can link to it after a restart.

Languages (docs/i18n.md): every Host call gets ``lang`` = the user's language (their Discord
locale), so refusals and private texts come back in it, and so does everything the adapter says
ephemerally. Public messages are in the table's language (``Reply.language``): set from the
server's locale (a DM: the user's) by ``/game new`` and ``/solo new``, changed with
``/game language``. The option buttons and menus under a public message use the table's language.

The Host's texts name commands through ``command_names``: ``/game …`` in server channels, ``/solo …``
for the solo commands and in DMs (:meth:`TableCommands.host_for`); each name is shown in the
language of the text it is in. ``/solo`` and ``/move`` are allowed in DMs and private channels;
``/game`` is for servers only.

Each command is declared once, where it is handled:

* :mod:`.game_group` — :class:`GameCommands`, the ``/game`` group (an ``app_commands.Group``
  subclass: one decorated method per subcommand);
* :mod:`.solo_group` — :class:`SoloCommands`, the ``/solo`` group;
* :mod:`.play` — ``/move`` (with its autocomplete) and ``/hint``, the top-level commands of
  :class:`PlayCommands`, plus the option clicks, ``undo`` and ``abandon``;
* :mod:`.views` — ``status``, ``board``, ``replay`` (and its buttons), ``export``, ``hand``, ``log``;
* :mod:`.records` — ``/stats`` and ``/leaderboard``.

:class:`TableCommands` (:mod:`.table`) holds the handlers that more than one command, or a button,
runs, over the shared plumbing of :class:`~bot.discord_app.commands.base.CommandsCore` (deferring,
the Host off the event loop, the public post, the bots' runner); both groups are built over one.
:mod:`.tree` holds the command tree and :func:`install_commands`. Every name other modules use is
importable from :mod:`bot.discord_app.commands`.
"""

from __future__ import annotations

from .base import MAX_AUTOCOMPLETE, MAX_NOTATION, CommandsCore, InteractionGone, Outcome, send_error
from .choices import BOT_LEVEL_CHOICES, GAME_CHOICES, LANGUAGE_CHOICES, SOLO_GAME_CHOICES
from .game_group import GameCommands, modules_choices, rules_choices
from .play import PlayCommands, filter_choices
from .records import RecordsCommands
from .solo_group import SoloCommands
from .table import TableCommands
from .tree import MeijiTree, command_list, install_commands
from .views import ViewCommands

__all__ = [
    "BOT_LEVEL_CHOICES",
    "GAME_CHOICES",
    "LANGUAGE_CHOICES",
    "MAX_AUTOCOMPLETE",
    "MAX_NOTATION",
    "SOLO_GAME_CHOICES",
    "CommandsCore",
    "GameCommands",
    "InteractionGone",
    "MeijiTree",
    "Outcome",
    "PlayCommands",
    "RecordsCommands",
    "SoloCommands",
    "TableCommands",
    "ViewCommands",
    "command_list",
    "filter_choices",
    "install_commands",
    "modules_choices",
    "rules_choices",
    "send_error",
]
