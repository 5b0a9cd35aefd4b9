"""Rules revisions: a table keeps the rules it started with.

A game whose reading of a rule changed after games were stored declares the capability
:class:`~engine.core.capabilities.RulesRevisions` (``rules_revision``, an ``int``, the current
revision) and accepts the option ``rules_revision``. A new table pins
the current revision in its stored options (:func:`pinned_options`); a stored table or an
exported log without one predates revisions and is revision 1 (:func:`stored_options`), so an
old game always replays under the rules it was played with. Games without revisions are passed
through unchanged.
"""

from __future__ import annotations

from typing import Any

from . import registry

#: The option that names a table's rules revision.
OPTION = "rules_revision"
#: The revision of every game, and of every log stored before the game declared revisions.
FIRST = 1


def pinned_options(game: object, options: dict[str, Any]) -> dict[str, Any]:
    """``options`` as a new table stores them: with the game's current ``rules_revision`` unless
    one is given (a new dict; unchanged for games without revisions)."""
    current = registry.rules_revision(game)
    if current is None or OPTION in options:
        return dict(options)
    return {**options, OPTION: current}


def stored_options(game: object, options: dict[str, Any]) -> dict[str, Any]:
    """The options to rebuild a stored table or an exported log with: a game with revisions and no
    revision in ``options`` is revision :data:`FIRST` (the log predates revisions). A new dict."""
    if registry.rules_revision(game) is None or OPTION in options:
        return dict(options)
    return {**options, OPTION: FIRST}
