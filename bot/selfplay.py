"""Random selfplay: many complete games with checks after every move (a smoke test of a game).

Players choose with :class:`~engine.core.RandomPolicy`, weighting action kinds as the game's
``selfplay_weights`` asks (e.g. pure bookkeeping moves made rare so they don't dominate); chance decisions are sampled with
:func:`~engine.core.sample_chance` from the game's seed at ply = move number, exactly as the host
does. With checks on, every move is also checked for a notation round trip and the invariants,
and every finished game for a result, a JSON round trip and a replay of its log.

Games with hidden information provide ``hidden_tokens(state, seat)``: the words (card ids) that
``seat`` (``None``: a spectator) must not see. With checks on, every move's public notation and
public events and the spectator's ``view`` are searched for them after every move, each seat's
``view`` every :data:`SEAT_VIEW_EVERY` moves and the ``text`` boards every :data:`TEXT_EVERY`
moves and at the end (building views and text is the slow part); each hit is a *leak* (a finding
like an error, counted separately).
"""

from __future__ import annotations

import json
import logging
import re
import time
import traceback
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from engine.core import (
    CHANCE,
    Game,
    RandomPolicy,
    components,
    get_game,
    normalise_option_name,
    registry,
    replay,
    sample_chance,
)
from engine.core.i18n import tr

log = logging.getLogger(__name__)



def policy_weights(game: Game) -> dict[str, float]:
    """Relative weights of action kinds for random play: the game's ``selfplay_weights`` (default 1)."""
    return registry.selfplay_weights(game)

DEFAULT_MAX_MOVES = 100_000
#: With hidden information, the seats' views are searched for leaks every this many moves …
SEAT_VIEW_EVERY = 5
#: … and the text boards every this many moves.
TEXT_EVERY = 25


class SelfplayError(Exception):
    """A broken rule found while playing (message says where)."""


@dataclass
class GameRecord:
    """One finished (or failed) selfplay game."""

    seed: int
    moves: int
    scores: list[int] = field(default_factory=list)
    solo: dict[str, Any] | None = None
    error: str | None = None
    leaks: list[str] = field(default_factory=list)


@dataclass
class SelfplayReport:
    """Totals of a selfplay run."""

    game: str
    players: int
    records: list[GameRecord]
    seconds: float

    @property
    def errors(self) -> list[str]:
        """One line per failed game."""
        return [r.error for r in self.records if r.error]

    @property
    def leaks(self) -> list[str]:
        """One line per hidden word found in an output it must not reach (all games)."""
        return [f"seed {r.seed}: {leak}" for r in self.records for leak in r.leaks]

    @property
    def finished(self) -> list[GameRecord]:
        """Games that ended without an error."""
        return [r for r in self.records if not r.error]

    @property
    def mean_moves(self) -> float:
        """Mean number of log entries (choices and chance outcomes) per finished game."""
        done = self.finished
        return sum(r.moves for r in done) / len(done) if done else 0.0

    def mean_scores(self) -> list[float]:
        """Mean final score per seat over the finished games."""
        done = [r for r in self.finished if r.scores]
        if not done:
            return []
        seats = len(done[0].scores)
        return [sum(r.scores[s] for r in done if len(r.scores) > s) / len(done) for s in range(seats)]

    @property
    def games_per_second(self) -> float:
        """Throughput."""
        return len(self.records) / self.seconds if self.seconds > 0 else 0.0

    def lines(self) -> list[str]:
        """The report as printable lines."""
        scores = self.mean_scores()
        overall = sum(scores) / len(scores) if scores else 0.0
        by_seat = ", ".join(f"{i + 1}: {v:.1f}" for i, v in enumerate(scores))
        out = [
            f"selfplay {self.game}: {len(self.records)} games, {self.players} player(s)",
            f"games: {len(self.records)}  finished: {len(self.finished)}  errors: {len(self.errors)}  "
            f"leaks: {len(self.leaks)}",
            f"mean moves: {self.mean_moves:.1f}",
            f"mean final score: {overall:.1f} (by seat: {by_seat or '-'})",
        ]
        solos = [r.solo for r in self.finished if r.solo is not None]
        if solos and any("win" in s or "won" in s for s in solos):
            wins = sum(1 for s in solos if s.get("win", s.get("won")))
            out.append(f"solo wins: {wins}/{len(solos)}")
        out.append(f"games/s: {self.games_per_second:.2f}")
        out += [f"error: {e}" for e in self.errors[:20]]
        out += [f"leak: {e}" for e in self.leaks[:20]]
        if len(self.errors) > 20:
            out.append(f"… and {len(self.errors) - 20} more errors")
        return out


def play_one(
    game: Game,
    options: dict[str, Any],
    seed: int,
    *,
    check: bool = True,
    max_moves: int = DEFAULT_MAX_MOVES,
    weights: dict[str, float] | None = None,
) -> GameRecord:
    """Play one random game; never raises (errors land in ``GameRecord.error``).

    ``weights`` (action kind -> relative weight) default to the game's :func:`policy_weights`.
    """
    policy = RandomPolicy(seed, policy_weights(game) if weights is None else weights)
    moves: list[str] = []
    leaks: list[str] = []
    hidden = registry.hidden(game) if check else None
    seats = int(options.get("players") or 1)
    where = "setup"
    try:
        state = game.setup(options, seed)
        if check:
            _invariants(game, state, "after setup")
        while True:
            decision = game.decision(state)
            if decision.seat is None:
                break
            if len(moves) >= max_moves:
                raise SelfplayError(f"no end after {max_moves} moves")
            ply = len(moves) + 1
            where = f"move {ply} (seat {decision.seat + 1 if decision.seat >= 0 else 'chance'}, {decision.kind})"
            if decision.seat == CHANCE:
                action = sample_chance(game, state, seed, ply)
            else:
                legal = game.legal_actions(state)
                if not legal:
                    raise SelfplayError(f"move {ply}: seat {decision.seat + 1} has no legal action ({decision.kind})")
                # The random policy never reads the view: skip building it (it is the slow part).
                action = policy.choose({"seat": decision.seat}, legal)
            notation = game.format_action(state, action)
            where = f"move {ply} ({notation})"
            if check:
                parsed = game.parse_action(state, notation)
                if parsed != action:
                    raise SelfplayError(f"move {ply}: notation {notation!r} parses to {parsed}, not {action}")
            before = state
            state, events = game.apply(state, action)
            moves.append(notation)
            if check:
                _invariants(game, state, f"after move {ply} ({notation})")
            if hidden is not None:
                leaks += find_leaks(game, before, action, notation, state, events, ply,
                                    seats=seats if ply % SEAT_VIEW_EVERY == 0 else 0,
                                    with_text=ply % TEXT_EVERY == 0)
        where = "the end of the game"
        if hidden is not None:
            leaks += _view_leaks(game, state, len(moves), seats=seats, with_text=True)
        result = game.result(state)
        if result is None:
            raise SelfplayError("the game ended but result() is None")
        players = options.get("players")
        if isinstance(players, int) and len(result.players) != players:
            raise SelfplayError(f"result() ranks {len(result.players)} seats, not {players}")
        if check:
            text = game.to_json(state)
            if game.to_json(game.from_json(text)) != text:
                raise SelfplayError("the final state does not survive a JSON round trip")
            if game.to_json(replay(game, options, seed, moves)) != text:
                raise SelfplayError("replaying the log does not rebuild the final state")
        scores = [0] * len(result.players)
        for p in result.players:
            if 0 <= p.seat < len(scores):
                scores[p.seat] = p.score
        return GameRecord(seed, len(moves), scores, dict(result.solo) if result.solo else None, leaks=leaks)
    except Exception as exc:  # any failure of the engine is a finding, not a crash
        log.debug("selfplay game with seed %s failed", seed, exc_info=True)
        if isinstance(exc, SelfplayError):
            return GameRecord(seed, len(moves), error=f"seed {seed}: {exc}")
        return GameRecord(seed, len(moves), error=f"seed {seed}, {where}: {type(exc).__name__}: {exc}{_origin(exc)}")


_WORD = re.compile(r"\w+")


def _found(words: set[str], text: str) -> list[str]:
    """The ``words`` that occur in ``text`` as whole words (hidden words are single tokens)."""
    if not words or not text:
        return []
    # A substring test first (fast), then whole-word confirmation for the few candidates.
    candidates = [w for w in words if w in text]
    if not candidates:
        return []
    return sorted(set(candidates).intersection(_WORD.findall(text)))


def find_leaks(game: Game, before: Any, action: Any, notation: str, after: Any, events: Sequence[Any], ply: int,
               *, seats: int, with_text: bool = False) -> list[str]:
    """Hidden words (``game.hidden_tokens``) in the public outputs of one move, as report lines.

    Searched: the move's public notation and public events against what a spectator may see
    after it; each private event against its own seat; every viewer's ``view`` (and, with
    ``with_text``, ``text``) of ``after`` (a spectator and seats ``0..seats-1``).
    """
    secret = registry.hidden(game)
    if secret is None:
        return []
    hook = secret.hidden_tokens
    spectator = set(hook(after, None))
    out: list[str] = []
    public = secret.public_notation(before, action) or notation
    for word in _found(spectator, public):
        out.append(f"move {ply}: public notation {public!r} shows {word}")
    for e in events:
        if e.data.get("private"):
            seat = e.seat if isinstance(e.seat, int) and e.seat >= 0 else None
            words = set(hook(after, seat)) if seat is not None else spectator
            where = f"private event {e.kind} of seat {seat}"
        else:
            words, where = spectator, f"public event {e.kind}"
        text = str(tr(e.text)) + " " + json.dumps(e.data, default=str)
        out += [f"move {ply}: {where} shows {w}" for w in _found(words, text)]
    return out + _view_leaks(game, after, ply, seats=seats, with_text=with_text)


def _view_leaks(game: Game, state: Any, ply: int, *, seats: int, with_text: bool) -> list[str]:
    """Hidden words in each viewer's view (and text board) of ``state``."""
    secret = registry.hidden(game)
    if secret is None:
        return []
    hook = secret.hidden_tokens
    out: list[str] = []
    for viewer in (None, *range(seats)):
        words = set(hook(state, viewer))
        if not words:
            continue
        data = json.dumps(game.view(state, viewer), default=str)
        who = "spectator" if viewer is None else f"seat {viewer}"
        out += [f"move {ply}: the view of {who} shows {w}" for w in _found(words, data)]
        if with_text:
            board = str(tr(game.text(state, viewer)))
            out += [f"move {ply}: the text board of {who} shows {w}" for w in _found(words, board)]
    return out


def _origin(exc: BaseException) -> str:
    """Where an exception was raised, as `` [file:line in function]`` (innermost frame)."""
    frames = traceback.extract_tb(exc.__traceback__)
    if not frames:
        return ""
    last = frames[-1]
    parts = Path(last.filename).parts
    short = "/".join(parts[-3:])
    return f" [{short}:{last.lineno} in {last.name}]"


def _invariants(game: Game, state: Any, where: str) -> None:
    problems = game.check_invariants(state)
    if problems:
        raise SelfplayError(f"{where}: invariant broken: {'; '.join(map(str, problems))}")


def run_selfplay(
    game_name: str,
    *,
    players: int = 2,
    games: int = 10,
    seed: int = 0,
    check: bool = True,
    solo: bool = False,
    modules: Sequence[str] = (),
    first_game: bool = False,
    extra_options: dict[str, Any] | None = None,
    max_moves: int = DEFAULT_MAX_MOVES,
    progress: Callable[[int, GameRecord], None] | None = None,
    workers: int = 1,
    data_dir: str | Path | None = None,
) -> SelfplayReport:
    """Play ``games`` random games (game ``i`` uses seed ``seed + i``) and report.

    ``workers`` > 1 plays the games in that many processes (the records keep seed order).
    ``data_dir`` is an override folder of component data (:mod:`engine.core.components`): the
    games play with the shipped data corrected by it (raises its ``DataError`` when invalid).

    ``solo`` means one player; ``extra_options`` are added to the game's options (e.g. a solo
    difficulty). Raises ``KeyError`` for an unknown game and ``ValueError`` for options the game
    rejects (checked once, before playing).
    """
    game = get_game(game_name)
    if components.has_data(game.name):
        data = components.effective(game.name, data_dir)
        with components.using(game.name, data.digest):
            return _run(game, players=players, games=games, seed=seed, check=check, solo=solo, modules=modules,
                        first_game=first_game, extra_options=extra_options, max_moves=max_moves, progress=progress,
                        workers=workers, data_dir=data_dir)
    return _run(game, players=players, games=games, seed=seed, check=check, solo=solo, modules=modules,
                first_game=first_game, extra_options=extra_options, max_moves=max_moves, progress=progress,
                workers=workers, data_dir=None)


def _run(game: Game, *, players: int, games: int, seed: int, check: bool, solo: bool, modules: Sequence[str],
         first_game: bool, extra_options: dict[str, Any] | None, max_moves: int,
         progress: Callable[[int, GameRecord], None] | None, workers: int,
         data_dir: str | Path | None) -> SelfplayReport:
    """:func:`run_selfplay` with the game looked up and its component data selected."""
    count = 1 if solo else players
    # Only the options asked for: a game without modules or a first-game set-up refuses them.
    options: dict[str, Any] = {"players": count}
    if first_game:
        options["first_game"] = True
    if modules:
        options["modules"] = [normalise_option_name(m) for item in modules for m in str(item).split(",") if m.strip()]
    options.update({normalise_option_name(k): v for k, v in (extra_options or {}).items()})
    game.setup(options, seed)  # invalid options: fail once, clearly
    records: list[GameRecord] = []
    start = time.perf_counter()
    if workers > 1:
        from concurrent.futures import ProcessPoolExecutor

        with ProcessPoolExecutor(max_workers=workers) as pool:
            folder = str(data_dir) if data_dir is not None else None
            jobs = [(game.name, options, seed + i, check, max_moves, folder) for i in range(games)]
            for i, record in enumerate(pool.map(_play_job, jobs, chunksize=4)):
                records.append(record)
                if progress is not None:
                    progress(i, record)
        return SelfplayReport(game.name, count, records, time.perf_counter() - start)
    for i in range(games):
        record = play_one(game, options, seed + i, check=check, max_moves=max_moves)
        records.append(record)
        if progress is not None:
            progress(i, record)
    return SelfplayReport(game.name, count, records, time.perf_counter() - start)


def _play_job(job: tuple[str, dict[str, Any], int, bool, int, str | None]) -> GameRecord:
    """One game in a worker process: ``(game name, options, seed, check, max moves, override folder)``."""
    name, options, seed, check, max_moves, data_dir = job
    game = get_game(name)
    if not components.has_data(game.name):
        return play_one(game, options, seed, check=check, max_moves=max_moves)
    with components.using(game.name, components.effective(game.name, data_dir).digest):
        return play_one(game, options, seed, check=check, max_moves=max_moves)
