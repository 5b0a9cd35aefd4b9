"""The end of a turn (rulebook: Gameplay, empty hiring space) and of a round (End of round, steps 1–5 and
the final rounds, p. 18)."""

from __future__ import annotations

from typing import Any

from engine.core import Event
from engine.core.workers import refill_from_top_row

from ..state import ZState
from ..tables import tables
from ..words import M
from .basics import ev, name
from .game_end import game_end
from .scoring import period_scoring


def end_turn(state: ZState, seat: int, events: list[Event] | None) -> None:
    """End-of-turn hiring check (rulebook: Gameplay, empty hiring space), round end and the final rounds
    (rulebook: End of round, p. 18)."""
    p: Any = state.automa if (state.automa is not None and seat == 1) else state.players[seat]
    p.last_turn = state.turn_no
    state.turn_no += 1
    if state.final:
        p.final_turns += 1
    round_over = False
    for space in state.hiring:
        if space:
            continue
        if refill_from_top_row(space, state.waiting) is None and not state.final:
            round_over = True
    if round_over:
        state.stack.append({"k": "next_turn", "seat": seat})
        end_round(state, events)
    else:
        next_turn(state, seat, events)  # what the frame would do next, at once


def end_round(state: ZState, events: list[Event] | None) -> None:
    """End of a normal round (rulebook: End of round, steps 1–5, p. 18): period scoring on a period's
    last space, marker +1, refills."""
    t = tables()
    period = t.period_of_space(state.round)
    if t.periods[period - 1].last_space == state.round:
        period_scoring(state, period, events)
    state.round += 1
    if events is not None:
        ev(events, "round", None, M("Round {round} ends.", round=state.round - 1))
    # Step 3: exactly one worker onto each hiring space holding 2 or fewer; step 4: refill the waiting
    # area. docs/rules-notes.md G-5: when the bag runs short, hiring spaces first (left to right),
    # then rows top-down.
    draws: list[dict[str, Any]] = []
    for h, space in enumerate(state.hiring):
        if len(space) <= t.n["hiring_refill_at_most"]:
            draws.append({"k": "chance", "what": "draw", "to": "hiring", "index": h})
    sections = set(t.count(state.options.players).waiting_sections)
    rows = [r for r in t.waiting_rows if r.section in sections]
    for i, r in enumerate(rows):
        for _ in range(r.cells - len(state.waiting[i])):
            draws.append({"k": "chance", "what": "draw", "to": "waiting", "index": i})
    draws = draws[: sum(state.bag.values())]
    state.stack.extend(reversed(draws))
    if state.round > t.n["normal_rounds"]:
        state.final = True


def next_turn(state: ZState, seat: int, events: list[Event] | None) -> None:
    """Pass the turn to the left; run the final-round bookkeeping and the game end."""
    # Solo: you (seat 0) and Takatoshi (seat 1) alternate, like 2 players.
    n = len(state.players) + (state.automa is not None)
    nxt = (seat + 1) % n
    if state.final:
        t = tables()
        everyone: list[Any] = [*state.players, *([state.automa] if state.automa is not None else [])]
        if state.marker2 is None:
            state.marker2 = nxt  # Rulebook: End of round, final rounds: the next player takes round marker 2
            if events is not None:
                ev(events, "final", None, M("The final rounds begin; {who} takes round marker 2.",
                                            who=name(state, nxt)))
        done = sum(pl.final_turns for pl in everyone)
        state.round = t.n["normal_rounds"] + 1 + min(done // n, t.n["final_turns"] - 1)
        if all(pl.final_turns >= t.n["final_turns"] for pl in everyone):
            game_end(state, events)
            return
    state.current = nxt
    if state.automa is not None and nxt == 1:
        # Takatoshi's turn (rulebook: Solo mode, Gameplay): step A reveals a tile (chance); B–D follow
        # automatically.
        state.stack.append({"k": "end_turn", "seat": nxt})
        state.stack.append({"k": "chance", "what": "reveal"})
        return
    state.stack.append({"k": "turn", "seat": nxt})
