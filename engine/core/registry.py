"""Registry of the games this distribution hosts, by name.

Every sub-package of :mod:`engine` other than ``core`` is a game that registers itself when it is
imported (``engine/<game>/__init__.py`` calls :func:`register`); the registry finds them with
:mod:`pkgutil`, so no shared code names a game. Tests may register more games (doubles).

What a game offers beyond the core contract (:mod:`engine.core.capabilities`) is checked when it is
registered and read only through the typed accessors here (:func:`evaluation`, :func:`story`,
:func:`hidden` …): each returns the game typed as the capability's Protocol, or ``None`` when the
game does not declare it.
"""

from __future__ import annotations

import importlib
import logging
import pkgutil
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, cast

from . import capabilities as caps
from .game import Game

_GAMES: dict[str, Game] = {}
#: Game packages that failed to import (name -> error text); :func:`builtin_game_names` skips them.
BROKEN: dict[str, str] = {}
log = logging.getLogger(__name__)


@dataclass(frozen=True, slots=True)
class GameInfo:
    """What a host needs to offer a game in menus, read from the game object (defaults if absent).

    ``title`` is the published name (a proper name, never translated); ``player_counts`` the seat
    counts of a multiplayer table; ``modules`` the ids of optional modules; ``solo_levels`` the
    difficulty ids of a solo game against an automated opponent (empty: no solo mode);
    ``order`` sorts menus (lower first; the first is the default game); ``hidden_information``
    says that players hold information the others must not see (e.g. a hand of cards), so a
    hot-seat host hides each seat's private view from the next player.
    """

    name: str
    title: str
    player_counts: tuple[int, ...]
    modules: tuple[str, ...]
    solo_levels: tuple[str, ...]
    order: int
    hidden_information: bool = False


def register(game: Game) -> Game:
    """Register ``game`` under ``game.name`` and return it.

    Raises :class:`~engine.core.capabilities.CapabilityError` (a ``TypeError``) when the game's
    ``capabilities`` declaration does not match what it implements
    (:func:`engine.core.capabilities.check_declaration`), and ``TypeError`` when it lacks a
    member of the core :class:`~engine.core.game.Game` contract.
    """
    missing = [m for m, _ in caps.members(Game) if not hasattr(game, m)]
    if missing:
        raise TypeError(f"game {getattr(game, 'name', game)!r} refused: the Game contract needs "
                        f"{', '.join(sorted(set(missing)))}")
    caps.check_declaration(game)
    _GAMES[game.name] = game
    return game


@lru_cache(maxsize=1)
def builtin_game_names() -> tuple[str, ...]:
    """Names of the games shipped in :mod:`engine` (its sub-packages except ``core``), menu order.

    Importing each package registers it. Sorted by :attr:`GameInfo.order`, then name. A package
    that fails to import is logged, listed in :data:`BROKEN` and left out, so one broken game does
    not stop a host from offering the others (a test asserts :data:`BROKEN` stays empty).
    """
    import engine

    names = []
    for module in pkgutil.iter_modules(engine.__path__):
        if not module.ispkg or module.name == "core" or module.name.startswith("_"):
            continue
        try:
            importlib.import_module(f"engine.{module.name}")
        except Exception as exc:  # noqa: BLE001 - any import error of one game package
            BROKEN[module.name] = f"{type(exc).__name__}: {exc}"
            log.error("game package engine.%s failed to import: %s", module.name, exc)
            continue
        if module.name in _GAMES:
            names.append(module.name)
    return tuple(sorted(names, key=lambda n: (game_info(_GAMES[n]).order, n)))


def get_game(name: str) -> Game:
    """Return the registered game called ``name``; raises ``KeyError`` with the known names."""
    builtin_game_names()
    try:
        return _GAMES[name]
    except KeyError:
        known = ", ".join(sorted(_GAMES)) or "none"
        raise KeyError(f"unknown game {name!r} (known: {known})") from None


def game_names() -> list[str]:
    """Names of all registered games (built-in ones and any registered by tests), sorted."""
    builtin_game_names()
    return sorted(_GAMES)


def default_game() -> str:
    """The game a command uses when none is named: the first built-in game in menu order."""
    names = builtin_game_names()
    if not names:
        raise KeyError("no game is installed")
    return names[0]


def game_info(game: Game | Any) -> GameInfo:
    """The menu facts of ``game`` (a game object), with defaults for a game that omits them."""
    counts = tuple(getattr(game, "player_counts", ()) or ())
    return GameInfo(
        name=game.name,
        title=str(getattr(game, "title", game.name)),
        player_counts=counts or (1, 2, 3, 4),
        modules=tuple(getattr(game, "modules", ()) or ()),
        solo_levels=tuple(solo.solo_levels) if (solo := solo_opponent(game)) is not None else (),
        order=int(getattr(game, "order", 100)),
        hidden_information=bool(getattr(game, "hidden_information", False)),
    )


def solo_game() -> str | None:
    """The first built-in game with a solo mode (an automated opponent), or ``None``."""
    return next((n for n in builtin_game_names() if game_info(_GAMES[n]).solo_levels), None)


def normalise_option_name(name: str) -> str:
    """An option or module id as games spell it: lower case, ``-`` and spaces read as ``_``.

    ``common-goals``, ``Common Goals`` and ``common_goals`` are the same module.
    """
    return "_".join(str(name).strip().lower().replace("-", " ").replace("_", " ").split())


# -- capabilities ----------------------------------------------------------------------------------
# One typed accessor per capability Protocol (mypy refuses a Protocol class as a ``type[T]``
# argument, so a generic ``capability(game, Protocol)`` could not be typed).


def declares(game: object, capability: type) -> bool:
    """Whether ``game`` declares ``capability`` (a Protocol of :mod:`engine.core.capabilities`)."""
    return capability in tuple(getattr(game, "capabilities", ()) or ())


def solo_opponent(game: object) -> caps.SoloOpponent | None:
    """The game's automated solo opponent (name, levels, end events), or ``None``."""
    return cast(caps.SoloOpponent, game) if declares(game, caps.SoloOpponent) else None


def evaluation(game: object) -> caps.Evaluation | None:
    """The game's bot heuristic (``evaluate``), or ``None`` (no bots, no story)."""
    return cast(caps.Evaluation, game) if declares(game, caps.Evaluation) else None


def all_seats_evaluation(game: object) -> caps.AllSeatsEvaluation | None:
    """The game's one-pass evaluation of every seat (``evaluate_all``), or ``None``."""
    return cast(caps.AllSeatsEvaluation, game) if declares(game, caps.AllSeatsEvaluation) else None


def in_place_search(game: object) -> caps.InPlaceSearch | None:
    """The game's search hot paths (``copy_state``, ``apply_quiet``, ``apply_unchecked``), or ``None``."""
    return cast(caps.InPlaceSearch, game) if declares(game, caps.InPlaceSearch) else None


def search_kinds(game: object) -> caps.SearchKinds | None:
    """The decision kinds where the game's hard bots search (``bot_search_kinds``), or ``None``."""
    return cast(caps.SearchKinds, game) if declares(game, caps.SearchKinds) else None


def story(game: object) -> caps.Story | None:
    """The game's public scores for a story (``public_scores``), or ``None``."""
    return cast(caps.Story, game) if declares(game, caps.Story) else None


def story_rounds(game: object) -> caps.StoryRounds | None:
    """The game's rounds for a story's labels (``story_round``), or ``None``."""
    return cast(caps.StoryRounds, game) if declares(game, caps.StoryRounds) else None


def hidden(game: object) -> caps.HiddenInformation | None:
    """The game's hidden-information hooks, or ``None`` (everything public)."""
    return cast(caps.HiddenInformation, game) if declares(game, caps.HiddenInformation) else None


def narration(game: object) -> caps.Narration | None:
    """The game's wording of turn accounts (``account_lines``), or ``None`` (one line per event)."""
    return cast(caps.Narration, game) if declares(game, caps.Narration) else None


def rules_topics(game: object) -> caps.RulesTopics | None:
    """The game's short rules answers (``rules_topics``), or ``None``."""
    return cast(caps.RulesTopics, game) if declares(game, caps.RulesTopics) else None


def seat_label_text(game: object) -> caps.SeatLabelText | None:
    """The game's names of seat labels (``seat_label_text``), or ``None``."""
    return cast(caps.SeatLabelText, game) if declares(game, caps.SeatLabelText) else None


def selfplay_weights(game: object) -> dict[str, float]:
    """The game's weights of action kinds for random play (``selfplay_weights``; empty: all 1)."""
    return dict(cast(caps.SelfplayWeights, game).selfplay_weights) if declares(game, caps.SelfplayWeights) else {}


def rules_revision(game: object) -> int | None:
    """The game's current rules revision (``rules_revision``), or ``None`` without revisions."""
    return int(cast(caps.RulesRevisions, game).rules_revision) if declares(game, caps.RulesRevisions) else None


def module_names(game: object) -> caps.ModuleNames | None:
    """The game's names of its optional modules (``module_names``), or ``None``."""
    return cast(caps.ModuleNames, game) if declares(game, caps.ModuleNames) else None


def option_warnings(game: object) -> caps.OptionWarnings | None:
    """The game's advice about table options (``option_warnings``), or ``None``."""
    return cast(caps.OptionWarnings, game) if declares(game, caps.OptionWarnings) else None


def catalogue_terms(game: object) -> caps.CatalogueTerms | None:
    """The game's terms for the message catalogues (``terms``), or ``None``."""
    return cast(caps.CatalogueTerms, game) if declares(game, caps.CatalogueTerms) else None


def menu_order(game: object) -> caps.MenuOrder | None:
    """The game's order of options in menus (``menu_order``), or ``None`` (the legal order)."""
    return cast(caps.MenuOrder, game) if declares(game, caps.MenuOrder) else None


def data_report(game: object) -> caps.DataReport | None:
    """The game's component data report (``data_report``), or ``None``."""
    return cast(caps.DataReport, game) if declares(game, caps.DataReport) else None


def state_schema(game: object) -> caps.StateSchema | None:
    """The JSON schema of the game's state (``json_schema``), or ``None``."""
    return cast(caps.StateSchema, game) if declares(game, caps.StateSchema) else None


def progress(game: object) -> caps.Progress | None:
    """The game's position keys and progress marks for the bots' guard (``position_key``,
    ``progress_marks``), or ``None``."""
    return cast(caps.Progress, game) if declares(game, caps.Progress) else None


def win_features(game: object) -> caps.WinFeatures | None:
    """The game's public features for the learned win-probability model (``win_features``,
    ``win_feature_names``), or ``None`` (the chances stay a softmax of the evaluations)."""
    return cast(caps.WinFeatures, game) if declares(game, caps.WinFeatures) else None


def ledger(game: object) -> caps.Ledger | None:
    """The game's countable positions for option previews (``ledger``, ``ledger_term``,
    ``ledger_draw``), or ``None`` (no previews)."""
    return cast(caps.Ledger, game) if declares(game, caps.Ledger) else None


def picture_package(name: str) -> str | None:
    """The dotted module path of the registered game ``name``'s picture package
    (:class:`~engine.core.capabilities.Pictures`), or ``None`` for an unknown game or one without
    pictures. The renderer imports it (:mod:`render`); the engine never does."""
    try:
        game = get_game(name)
    except KeyError:
        return None
    return str(cast(caps.Pictures, game).picture_package) if declares(game, caps.Pictures) else None
