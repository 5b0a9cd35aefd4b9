"""What a game may offer beyond the core :class:`~engine.core.game.Game` contract, as Protocols.

A game declares the capabilities it implements in its class attribute ``capabilities`` (a tuple of
the Protocol classes below)::

    class MyGame:
        name = "mygame"
        capabilities = (Evaluation, Story, Narration, Pictures)
        picture_package = "render.mygame"
        def evaluate(self, state, seat): ...

:func:`engine.core.registry.register` checks the declaration: a game that declares a capability
and misses one of its members, or that has a capability's member without declaring it (a
misspelt capability name, a forgotten declaration), is refused with a :class:`CapabilityError`
naming what is wrong. Shared code reads a capability only through the registry's typed accessors
(:func:`engine.core.registry.evaluation`, :func:`~engine.core.registry.hidden` …), which return
the game typed as the Protocol, or ``None`` when the game does not declare it; so a feature is
either on and checked, or visibly off.

States are the game's own objects (``Any`` here); texts are :class:`~engine.core.i18n.Msg` terms
and sentences (a ``str`` whose value is English).
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any, Protocol

from .game import Action, Event


class CapabilityError(TypeError):
    """A game's capability declaration does not match what the game implements."""


class SoloOpponent(Protocol):
    """An automated opponent for a one-player table.

    ``solo_opponent`` is its name (a term); ``solo_levels`` the difficulty ids, easiest first;
    ``solo_end_events`` the kinds of the events the engine emits when a solo game ends (its own
    goal lines), which a host may replace by a goal check built from ``Result.solo``.
    """

    solo_opponent: str
    solo_levels: tuple[str, ...]
    solo_end_events: frozenset[str]


class Evaluation(Protocol):
    """The bots' heuristic: a game with it can seat bots and (with :class:`Story`) tell a story."""

    def evaluate(self, state: Any, seat: int) -> Any:
        """The value (victory points) of a full ``state`` for ``seat``: an object with ``score``
        (a float) and ``reasons`` (:class:`engine.core.bots.Evaluation`)."""
        ...


class AllSeatsEvaluation(Protocol):
    """Every seat's evaluation in one pass (equal to ``evaluate`` seat by seat, cheaper)."""

    def evaluate_all(self, state: Any) -> Sequence[float]:
        """``[evaluate(state, seat).score for every seat]`` (VP)."""
        ...


class InPlaceSearch(Protocol):
    """Search hot paths: a deep copy once, then unchecked moves applied in place."""

    def copy_state(self, state: Any) -> Any:
        """A deep copy of ``state``."""
        ...

    def apply_quiet(self, state: Any, action: Action) -> Any:
        """Apply a legal ``action`` to ``state`` in place, unchecked, building no events."""
        ...

    def apply_unchecked(self, state: Any, action: Action) -> list[Event]:
        """Apply a legal ``action`` to ``state`` in place, unchecked; returns the events."""
        ...


class SearchKinds(Protocol):
    """The decision kinds where the hard level searches (default: the first decision of a turn)."""

    bot_search_kinds: tuple[str, ...]


class Story(Protocol):
    """The public scores a story chart draws (:mod:`engine.core.story`, with :class:`Evaluation`)."""

    def public_scores(self, state: Any) -> list[int]:
        """Every seat's victory points on the board now (VP)."""
        ...


class StoryRounds(Protocol):
    """The round a state is in, for a story's "Round 4: …" labels."""

    def story_round(self, state: Any) -> int | None:
        """The current round (1-based), or ``None`` outside the rounds."""
        ...


class HiddenInformation(Protocol):
    """Hooks of a game whose players hold information the others must not see (:mod:`engine.core.hidden`)."""

    def public_notation(self, state: Any, action: Action) -> str | None:
        """The text anyone may see of ``action`` at ``state``; ``None`` when nothing is hidden."""
        ...

    def private_choice(self, state: Any, action: Action) -> bool:
        """Whether offering ``action`` publicly would name hidden information."""
        ...

    def private_options(self, state: Any) -> bool:
        """Whether the acting player may have private options now (public information only)."""
        ...

    def reveals(self, state: Any, action: Action) -> bool:
        """Whether playing ``action`` at ``state`` shows information that was hidden (no undo)."""
        ...

    def hidden_tokens(self, state: Any, seat: int | None) -> set[str]:
        """The words (card ids) ``seat`` (``None``: a spectator) must not read in public output."""
        ...

    def sample_hidden(self, state: Any, seat: int | None, rng: random.Random) -> Any:
        """A full state equal to ``state`` in all ``seat`` sees, the rest re-dealt with ``rng``."""
        ...


class Narration(Protocol):
    """The wording of a turn's account (:mod:`engine.core.narration`)."""

    def account_lines(self, events: Sequence[Event]) -> list[str]:
        """Sentences (Msgs) telling the public ``events`` of one account."""
        ...


class RulesTopics(Protocol):
    """Short rules answers for a host's rules command (:mod:`engine.core.topics`)."""

    def rules_topics(self) -> tuple[Any, ...]:
        """The game's :class:`~engine.core.topics.Topic` objects."""
        ...


class SeatLabelText(Protocol):
    """Names of stored seat labels in the reader's language."""

    def seat_label_text(self, label: str) -> str:
        """The name (a Msg) of the seat label ``label`` (e.g. a player colour)."""
        ...


class SelfplayWeights(Protocol):
    """Relative weights of action kinds for random play (default 1)."""

    selfplay_weights: Mapping[str, float]


class RulesRevisions(Protocol):
    """A game whose reading of a rule changed after games were stored (:mod:`engine.core.revisions`)."""

    rules_revision: int


class ModuleNames(Protocol):
    """Names of the game's optional modules for menus."""

    def module_names(self) -> dict[str, str]:
        """Each module id's name as a term (Msg)."""
        ...


class OptionWarnings(Protocol):
    """Advice about a legal combination of table options (shown, never refused)."""

    def option_warnings(self, options: dict[str, Any]) -> list[str]:
        """Warnings (Msgs) about ``options``."""
        ...


class CatalogueTerms(Protocol):
    """Game terms looked up from data, for the message catalogues."""

    def terms(self) -> list[tuple[str, str]]:
        """``(context, English)`` pairs."""
        ...


class DataReport(Protocol):
    """The game's component data report (``meiji data report``)."""

    def data_report(self) -> list[tuple[str, int, int, int]]:
        """``(kind, confirmed, likely, proposed)`` record counts per component kind."""
        ...


class StateSchema(Protocol):
    """The JSON schema of the game's stored state (``meiji data schema``)."""

    def json_schema(self) -> dict[str, Any]:
        """The JSON schema of a stored state."""
        ...


class Progress(Protocol):
    """What the bots' repetition guard and the host's stall check read of a position
    (:mod:`engine.core.progress`); without it they use the seat's view without turn counters and
    the spectator's view."""

    def position_key(self, state: Any, seat: int | None) -> Any:
        """JSON-ready data that tells positions apart as ``seat`` sees them (``None``: a spectator),
        leaving out counters that change every turn."""
        ...

    def progress_marks(self, state: Any) -> Any:
        """JSON-ready data that changes when the game moves towards its end (scores, supplies,
        end conditions)."""
        ...


class WinFeatures(Protocol):
    """What the learned win-probability model reads of a position (:mod:`engine.core.winmodel`).

    ``win_feature_names`` names the values of one seat's row, in order (the shipped model's
    ``features`` must equal them).
    """

    win_feature_names: tuple[str, ...]

    def win_features(self, state: Any) -> tuple[float, list[list[float]]]:
        """``(progress, rows)``: the share of the game played (0 at the start, 1 at the end) and one
        row of ``win_feature_names`` values per seat, computed from public information only (two
        states that differ only in hidden cards give equal results)."""


class Ledger(Protocol):
    """A seat's countable position, for the previews of options (:mod:`engine.core.preview`).

    The preview of an option is the difference of ``ledger`` before and after applying it to a
    copy of the position its reader may see, so what an option gives and costs is computed by the
    rules themselves and can never disagree with what then happens.
    """

    def ledger(self, state: Any, seat: int) -> Mapping[str, int]:
        """``seat``'s countable position: term id -> count, in the order a preview lists them
        (``"money"``, ``"coal"``, ``"vp"``, ``"track.mining"`` for a track's space, ``"workers"``
        …). Only counts every player may know (a hand's size, never which cards)."""
        ...

    def ledger_term(self, term: str, n: int) -> str:
        """``n`` (> 0) of ``term`` as the game's catalogue names it, with the right plural form
        (a Msg: ``"3 coal"``, ``"2 steps on Mining"``). Draw terms (:meth:`ledger_draw`) name
        what is drawn (``"then 2 workers are drawn from the bag"``)."""
        ...

    def ledger_draw(self, state: Any) -> str | None:
        """The draw term of the pending chance decision of ``state`` (``"draw.worker"``), or
        ``None`` when it is not worth naming in a preview (set-up draws)."""
        ...

    def ledger_rules(self, state: Any, events: Sequence[Event], seat: int) -> list[str]:
        """Rules behind ``seat``'s changes in ``events`` (applying an option, reaching ``state``)
        that a player may not expect, as short Msgs (``"wages never take your last money"``);
        empty when none applies."""
        ...


class Pictures(Protocol):
    """The game's picture package: the importable module that draws its views.

    ``picture_package`` is a dotted module path (``"render.<game>"`` for the shipped games, any
    importable module for a game installed elsewhere); :mod:`render` loads it and checks it
    against ``render.PicturePackage`` (board, alt text, colours, optional turn and score cards).
    """

    picture_package: str


class MenuOrder(Protocol):
    """The order a game's options are offered in menus (Discord select menus, buttons, the terminal's
    move list), e.g. a dominated variant of an action after the better one.

    ``menu_order`` returns the same actions as ``actions`` (legal at ``state``), only reordered;
    it never adds or removes one (:func:`engine.core.hidden.offered` ignores a result that is not
    a permutation), and it may use only what the acting player sees. ``legal_actions`` keeps its
    own order (bots, replays and seeded tests read that one).
    """

    def menu_order(self, state: Any, actions: Sequence[Action]) -> list[Action]:
        """``actions`` in the order menus offer them."""
        ...


#: Every capability a game may declare.
CAPABILITIES: tuple[type, ...] = (
    SoloOpponent, Evaluation, AllSeatsEvaluation, InPlaceSearch, SearchKinds, Story, StoryRounds,
    HiddenInformation, Narration, RulesTopics, SeatLabelText, SelfplayWeights, RulesRevisions,
    ModuleNames, OptionWarnings, CatalogueTerms, DataReport, StateSchema, Progress, WinFeatures, Ledger, Pictures,
    MenuOrder,
)


def members(capability: type) -> tuple[tuple[str, bool], ...]:
    """``(name, is_method)`` of every member a capability Protocol asks for, in declaration order."""
    out: list[tuple[str, bool]] = [(n, False) for n in getattr(capability, "__annotations__", {})]
    out += [(n, True) for n, v in vars(capability).items() if callable(v) and not n.startswith("_")]
    return tuple(out)


def check_declaration(game: object) -> tuple[type, ...]:
    """The capabilities ``game`` declares, checked; raises :class:`CapabilityError` when the game
    declares something that is not a capability, misses a member of a declared capability (a
    method that is not callable counts as missing) or has a capability's member without declaring
    that capability."""
    name = getattr(game, "name", game)
    declared = tuple(getattr(game, "capabilities", ()))
    problems: list[str] = []
    for cap in declared:
        if cap not in CAPABILITIES:
            problems.append(f"{cap!r} is not a capability (engine.core.capabilities.CAPABILITIES)")
    for cap in CAPABILITIES:
        wanted = members(cap)
        if cap in declared:
            for member, method in wanted:
                value = getattr(game, member, None)
                if value is None or (method and not callable(value)):
                    problems.append(f"declares {cap.__name__} but has no {'method' if method else 'attribute'} "
                                    f"{member!r}")
        else:
            present = [m for m, _ in wanted if getattr(game, m, None) is not None]
            if present:
                problems.append(f"has {', '.join(present)} but does not declare {cap.__name__} "
                                "in its capabilities")
    if problems:
        raise CapabilityError(f"game {name!r} refused: " + "; ".join(problems))
    return declared
