"""Hidden information, game-agnostically: what a step hides, what it reveals, how its options are offered.

Everything a reader receives must be a function of what that reader may see (docs/architecture.md, "Hidden
information"). Games with hidden information declare the capability
:class:`~engine.core.capabilities.HiddenInformation` (read through
:func:`engine.core.registry.hidden`); hosts call its hooks only through the functions here, so no
host ever needs a game's name:

``public_notation(state, action) -> str | None``
    The text anyone may see of ``action`` played at ``state`` (``"~?"`` for a card drawn into a
    hand); ``None`` or the full notation when nothing is hidden (:func:`public_form`).
``private_choice(state, action) -> bool``
    Whether *offering* ``action`` publicly would name hidden information, e.g. an order card of
    the acting player's hand (:func:`is_private`).
``private_options(state) -> bool``
    Whether the acting player *may* have private options now. It must depend on public
    information only (the decision's kind, how many cards a hand holds), never on which cards:
    it decides between public buttons alone and public buttons plus a private route, and that
    choice is visible to everybody (:func:`private_route`).
``reveals(state, action) -> bool``
    Whether playing ``action`` at ``state`` shows anyone information that was hidden before (a
    fulfilled order card, a card played face up). What was seen can't be unseen, so such a step
    is never taken back (:func:`reveals`); an event with ``data["undo_barrier"]`` says the same
    of the step that produced it.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

from . import registry
from .game import Action, Event, Game


def public_form(game: Game, state: Any, action: Action, notation: str) -> str | None:
    """The public notation of ``action`` at ``state`` when the game hides part of it, else ``None``.

    ``notation`` is the action's full notation (``game.format_action``). The full notation stays
    in the log for replay; the public form is what logs, running exports and public texts show.
    """
    secret = registry.hidden(game)
    if secret is None:
        return None
    shown = secret.public_notation(state, action)
    return None if shown is None or shown == notation else str(shown)


def has_hidden_options(game: Game) -> bool:
    """Whether ``game`` can hide information in its moves at all (it declares HiddenInformation)."""
    return registry.hidden(game) is not None


def is_private(game: Game, state: Any, action: Action) -> bool:
    """Whether ``action`` (a legal action at ``state``) may be offered only to the acting player.

    True when the game's ``private_choice`` says so or when its public form hides something.
    """
    secret = registry.hidden(game)
    if secret is not None and secret.private_choice(state, action):
        return True
    return public_form(game, state, action, game.format_action(state, action)) is not None


def offered(game: Game, state: Any, legal: Sequence[Action] | None = None) -> tuple[list[Action], int]:
    """The legal actions in the order hosts offer them, and how many of them are public.

    Public actions come first, in the game's menu order (:func:`menu_ordered`), then the private ones
    (:func:`is_private`). An index into the public part is therefore the same whatever the
    hidden cards are: a public button's number (which anyone can read in its id) never says how
    many private options precede it. Returns ``(actions, n_public)``; ``legal`` defaults to
    ``game.legal_actions(state)``.
    """
    actions = menu_ordered(game, state, list(game.legal_actions(state) if legal is None else legal))
    if not has_hidden_options(game):
        return actions, len(actions)
    public: list[Action] = []
    private: list[Action] = []
    for action in actions:
        (private if is_private(game, state, action) else public).append(action)
    return public + private, len(public)


def menu_ordered(game: Game, state: Any, actions: list[Action]) -> list[Action]:
    """``actions`` in the game's menu order (:class:`~engine.core.capabilities.MenuOrder`, e.g. a
    dominated variant after the better one), or as they are when the game has none or its hook
    returns anything but a reordering of the same actions."""
    hook = registry.menu_order(game)
    if hook is None:
        return actions
    ordered = list(hook.menu_order(state, actions))
    return ordered if Counter(ordered) == Counter(actions) else actions


def private_route(game: Game, state: Any) -> bool:
    """Whether the acting player is shown a private route to their options (e.g. ``/game hand``).

    Decided from public information only: the game's ``private_options(state)``.
    """
    secret = registry.hidden(game)
    return secret is not None and bool(secret.private_options(state))


def reveals(game: Game, state: Any, action: Action, events: Sequence[Event] = ()) -> bool:
    """Whether playing ``action`` at ``state`` revealed hidden information (so it can't be undone).

    True when the game's ``reveals(state, action)`` says so, or when one of ``events`` (what the
    step produced) carries ``data["undo_barrier"]``.
    """
    secret = registry.hidden(game)
    if secret is not None and secret.reveals(state, action):
        return True
    return any(e.data.get("undo_barrier") for e in events)
