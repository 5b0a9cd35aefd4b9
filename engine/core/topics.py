"""Short rules answers a game offers to a host's rules command (``/game rules``).

A game lists :class:`Topic` objects from its ``rules_topics()`` method; each topic's texts are
``Msg``s of the game's own domain, so a front end shows them in any language, and its examples
are real notation (each game's tests parse them with its engine).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from .i18n import Msg

#: How the answers name the host's commands unless a front end gives its own spelling.
COMMANDS: Mapping[str, str] = {"undo": "'undo'", "log": "'log'", "move": "'move'"}


@dataclass(frozen=True, slots=True)
class Topic:
    """One rules topic.

    ``key`` is its id (stable, English, for autocomplete values), ``title`` and ``section`` (the
    cited rulebook section) are terms, ``text`` the answer (a ``Msg``), ``notation`` the forms of
    the moves it explains, ``examples`` real notation and ``aliases`` other English words a player
    may type for it.
    """

    key: str
    title: Msg
    section: Msg
    text: Msg
    notation: tuple[str, ...] = ()
    examples: tuple[str, ...] = ()
    aliases: tuple[str, ...] = ()

    def answer(self, commands: Mapping[str, str] | None = None) -> Msg:
        """The answer with the commands it names spelled as ``commands`` (a front end's names)."""
        if not commands:
            return self.text
        args = {k: commands.get(k, v) for k, v in self.text.args.items()}
        return Msg(self.text.domain, self.text.msgid, args)
