"""Random selfplay: many complete games with checks after every move (a smoke test of a game).

Players choose with :class:`~engine.core.RandomPolicy`, weighting action kinds as the game's
``selfplay_weights`` asks (e.g. pure bookkeeping moves made rare so they don't dominate); chance decisions are sampled with
:func:`~engine.core.sample_chance` from the game's seed at ply = move number, exactly as the host
does. With checks on, every move is also checked for a notation round trip and the invariants,
and every finished game for a result, a JSON round trip and a replay of its log.
"""

from __future__ import annotations

import logging
import time
import traceback
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from engine.core import CHANCE, Game, RandomPolicy, get_game, normalise_option_name, replay, sample_chance

log = logging.getLogger(__name__)



def policy_weights(game: Game) -> dict[str, float]:
    """Relative weights of action kinds for random play: the game's ``selfplay_weights`` (default 1)."""
    return dict(getattr(game, "selfplay_weights", None) or {})

DEFAULT_MAX_MOVES = 100_000


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
            f"games: {len(self.records)}  finished: {len(self.finished)}  errors: {len(self.errors)}",
            f"mean moves: {self.mean_moves:.1f}",
            f"mean final score: {overall:.1f} (by seat: {by_seat or '-'})",
        ]
        solos = [r.solo for r in self.finished if r.solo is not None]
        if solos and any("win" in s or "won" in s for s in solos):
            wins = sum(1 for s in solos if s.get("win", s.get("won")))
            out.append(f"solo wins: {wins}/{len(solos)}")
        out.append(f"games/s: {self.games_per_second:.2f}")
        out += [f"error: {e}" for e in self.errors[:20]]
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
                action = policy.choose(game.view(state, decision.seat), legal)
            notation = game.format_action(state, action)
            where = f"move {ply} ({notation})"
            if check:
                parsed = game.parse_action(state, notation)
                if parsed != action:
                    raise SelfplayError(f"move {ply}: notation {notation!r} parses to {parsed}, not {action}")
            state, _events = game.apply(state, action)
            moves.append(notation)
            if check:
                _invariants(game, state, f"after move {ply} ({notation})")
        where = "the end of the game"
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
        return GameRecord(seed, len(moves), scores, dict(result.solo) if result.solo else None)
    except Exception as exc:  # any failure of the engine is a finding, not a crash
        log.debug("selfplay game with seed %s failed", seed, exc_info=True)
        if isinstance(exc, SelfplayError):
            return GameRecord(seed, len(moves), error=f"seed {seed}: {exc}")
        return GameRecord(seed, len(moves), error=f"seed {seed}, {where}: {type(exc).__name__}: {exc}{_origin(exc)}")


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
) -> SelfplayReport:
    """Play ``games`` random games (game ``i`` uses seed ``seed + i``) and report.

    ``solo`` means one player; ``extra_options`` are added to the game's options (e.g. a solo
    difficulty). Raises ``KeyError`` for an unknown game and ``ValueError`` for options the game
    rejects (checked once, before playing).
    """
    game = get_game(game_name)
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
    for i in range(games):
        record = play_one(game, options, seed + i, check=check, max_moves=max_moves)
        records.append(record)
        if progress is not None:
            progress(i, record)
    return SelfplayReport(game.name, count, records, time.perf_counter() - start)
