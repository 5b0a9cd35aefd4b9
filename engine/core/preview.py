"""Previews of options: what an option gives and costs the player who chooses it, computed by the rules.

A preview is never written per label. For every option offered at a decision, :func:`previews`
applies it to a copy of the position its reader may see and compares the acting seat's
:class:`~engine.core.capabilities.Ledger` (money, goods, resources, VP, track spaces, pieces …)
before and after, so it cannot disagree with what then happens:

* **The reader's position.** In a game with hidden information
  (:class:`~engine.core.capabilities.HiddenInformation`) the cards the reader may not see are
  re-dealt (``sample_hidden(state, viewer, rng)``) with a random generator seeded from a public
  ``salt`` only: a preview is a function of what its reader may see. Public outputs (the option
  buttons under a public message) use the spectator's position (``viewer=None``); the acting
  player's private lists (``hand``, autocomplete, the terminal) use that seat's.
* **One option, one step.** The difference is taken right after the option is applied. A host
  shows every following decision of the same player with its own options and previews, so a
  preview never plays further choices for the player. Where random draws follow (the next
  decisions belong to chance) they are named, not guessed: "then 2 workers are drawn from the
  bag" (the game's ``ledger_draw``), and the draws are played out only to count them.
* **Rules the player may not expect** (wages never take the last money, taxes, a build step that
  needs power 4) are named by the game (``ledger_rules``) from the option's events.

Texts are the games' catalogue terms (``ledger_term``); :meth:`Preview.text` writes them in the
current language (:func:`engine.core.i18n.language`), ``"+3 coal, −2 money; then 1 worker is
drawn from the bag"``. A game without the Ledger capability gets empty previews.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from . import registry
from .game import CHANCE, Action, Game, IllegalAction
from .i18n import tr

#: Between an option's label and its preview in a ``(notation, label)`` pair (:func:`with_preview`).
MARK = " ⇒ "
#: Chance decisions played out after an option at most (to count what is drawn).
MAX_DRAWS = 64
#: Signs of a gain and a cost (the minus sign, not a hyphen).
PLUS, MINUS = "+", "−"


@dataclass(frozen=True, slots=True)
class Preview:
    """The effect of one option on the acting seat's ledger.

    ``changes`` are ``(term, delta, name)`` in the game's ledger order: the term id, the signed
    change and the catalogue's name of ``abs(delta)`` of it (a Msg, ``"3 coal"``). ``draws`` are
    the names (Msgs) of what chance then draws, with counts, in order; ``rules`` the rules the
    game names (Msgs). An empty preview (no change, no draw, no rule) writes as ``""``.
    """

    changes: tuple[tuple[str, int, str], ...] = ()
    draws: tuple[str, ...] = ()
    rules: tuple[str, ...] = ()

    def __bool__(self) -> bool:
        return bool(self.changes or self.draws or self.rules)

    def delta(self) -> dict[str, int]:
        """``{term: signed change}`` of every changed term."""
        return {term: d for term, d, _name in self.changes}

    def parts(self) -> list[str]:
        """The written pieces in the current language: the changes (``"+3 coal"``), then the draws,
        then the rules."""
        out = [f"{PLUS if d > 0 else MINUS}{tr(name)}" for _term, d, name in self.changes]
        return out + [str(tr(x)) for x in self.draws] + [str(tr(x)) for x in self.rules]

    def text(self, limit: int | None = None) -> str:
        """The preview in the current language: changes joined by ``", "``, then draws and rules
        after ``"; "``. With ``limit`` (characters) the changes are kept first (cut with ``"…"`` if
        even they do not fit), draws and rules only when they fit whole."""
        changes = [f"{PLUS if d > 0 else MINUS}{tr(name)}" for _term, d, name in self.changes]
        extra = [str(tr(x)) for x in self.draws] + [str(tr(x)) for x in self.rules]
        text = ", ".join(changes)
        for piece in extra:
            longer = f"{text}; {piece}" if text else piece
            if limit is None or len(longer) <= limit:
                text = longer
        if limit is not None and len(text) > limit:
            text = text[: max(0, limit - 1)].rstrip(", ") + "…"
        return text


EMPTY = Preview()


def reader_position(game: Game, state: Any, viewer: int | None, salt: str = "") -> Any:
    """A full state equal to ``state`` in all ``viewer`` (a seat, ``None``: a spectator) sees, the
    rest re-dealt from ``salt``; ``state`` itself for a game without hidden information (it is
    never changed: ``apply`` copies)."""
    if registry.hidden(game) is None:
        return state
    secret = registry.hidden(game)
    assert secret is not None
    return secret.sample_hidden(state, viewer, random.Random(f"preview:{salt}"))


def previews(game: Game, state: Any, actions: Sequence[Action], viewer: int | None = None,
             salt: str = "") -> list[Preview]:
    """The preview of each of ``actions`` (legal at ``state``) for the reader ``viewer``.

    The hidden part is re-dealt once for all of them (:func:`reader_position`). An action that
    is not legal on the re-dealt position gets an empty preview (it could only name what the
    reader may not see). ``actions`` must be legal at ``state``: a game's in-place search path
    (:class:`~engine.core.capabilities.InPlaceSearch`) applies them unchecked. Empty previews for a game without the Ledger capability or when no player is to act.
    """
    seat = game.decision(state).seat
    if registry.ledger(game) is None or seat is None or seat < 0 or not actions:
        return [EMPTY for _ in actions]
    base = reader_position(game, state, viewer, salt)
    # Legal on the re-dealt position too (an option naming a card the reader cannot see is not).
    allowed = set(game.legal_actions(base)) if base is not state else None
    return [_one(game, base, seat, action, salt) if allowed is None or action in allowed else EMPTY
            for action in actions]


def preview(game: Game, state: Any, action: Action, viewer: int | None = None, salt: str = "") -> Preview:
    """The preview of one legal ``action`` at ``state`` for the reader ``viewer`` (see :func:`previews`)."""
    return previews(game, state, [action], viewer, salt)[0]


def _one(game: Game, base: Any, seat: int, action: Action, salt: str) -> Preview:
    led = registry.ledger(game)
    assert led is not None
    before = led.ledger(base, seat)
    fast = registry.in_place_search(game)
    if fast is not None:  # the search hot path: one copy, the legal action applied unchecked
        after_state = fast.copy_state(base)
        events = fast.apply_unchecked(after_state, action)
    else:
        try:
            after_state, events = game.apply(base, action)
        except IllegalAction:
            return EMPTY
    after = led.ledger(after_state, seat)
    changes = tuple((term, after.get(term, 0) - n, led.ledger_term(term, abs(after.get(term, 0) - n)))
                    for term, n in before.items() if after.get(term, 0) != n)
    rules = tuple(dict.fromkeys(led.ledger_rules(after_state, events, seat)))
    return Preview(changes, _draws(game, after_state, salt), rules)


def _draws(game: Game, state: Any, salt: str) -> tuple[str, ...]:
    """The names of what chance draws before the next player decides (draws of one term counted
    together). The draws are played on a copy, in place where the game offers it (only to count
    them: their outcomes are never shown)."""
    led = registry.ledger(game)
    assert led is not None
    if game.decision(state).seat != CHANCE:
        return ()
    fast = registry.in_place_search(game)
    if fast is not None:
        state = fast.copy_state(state)
    rng = random.Random(f"preview-draws:{salt}")
    counts: dict[str, int] = {}
    for _ in range(MAX_DRAWS):
        if game.decision(state).seat != CHANCE:
            break
        term = led.ledger_draw(state)
        if term is not None:
            counts[term] = counts.get(term, 0) + 1
        outcomes = game.chance_outcomes(state)
        if not outcomes:
            break
        pick = rng.choices([o.action for o in outcomes], weights=[o.weight for o in outcomes])[0]
        if fast is not None:
            fast.apply_quiet(state, pick)
        else:
            state, _events = game.apply(state, pick)
    return tuple(led.ledger_term(term, n) for term, n in counts.items())


def with_preview(label: str, text: str) -> str:
    """An option's label followed by its preview text (:data:`MARK` between), or ``label`` alone
    when ``text`` is empty."""
    return f"{label}{MARK}{text}" if text else label


def fit(label: str, limit: int) -> str:
    """``label`` (maybe :func:`with_preview`'s) in at most ``limit`` characters: the label part is
    shortened first (``"…"``) so the preview stays whole; if the preview alone is too long the
    text is cut at the end with ``"…"``."""
    if len(label) <= limit:
        return label
    head, mark, tail = label.partition(MARK)
    if mark and len(mark) + len(tail) + 2 <= limit:
        room = limit - len(mark) - len(tail) - 1
        return f"{head[:room].rstrip()}…{mark}{tail}"
    return label[: limit - 1].rstrip() + "…"
