"""Kolejność rozgrywki (order of play): the pending decision, the legal actions, applying one, the end of a
turn with its refills (Puste Pole Akcji, Pusty Rząd Robotników) and the loop that runs automatic frames."""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from engine.core import CHANCE, Action, Decision, Event
from engine.core.workers import refill_from_top_row

from ..data import TRACKS
from ..state import NState, Player
from ..tables import tables
from ..words import ACTION_NAMES, TRACK_NAMES, M
from .actions import (
    apply_free,
    apply_repetition,
    can_start,
    finish_action,
    free_options,
    new_act_frame,
    repetitions,
)
from .basics import ev, gain_text, move_track, name, pos_attr, room, top, worker_colour
from .chance import CHANCE_PROMPTS, apply_chance, chance_outcomes, chance_outcomes_for
from .consolidation import consolidate, payday, place_tile, reward_options, take_reward
from .final_scoring import final_scoring
from .scoring import regional_scoring

FREE_PROMPTS = {
    "ship": M("place a free ship (or done)"),
    "train": M("place a free train (or done)"),
    "machine": M("make a free factory upgrade (or done)"),
}


def decision(state: NState) -> Decision:
    """The pending decision: seat (or ``CHANCE``/``None``), its kind and a prompt (a Msg)."""
    frame = state.stack[-1] if state.stack and not state.over else None
    if frame is None:
        return Decision(None, "over", M("The game is over."))
    if frame["k"] == "chance":
        return Decision(CHANCE, "chance", CHANCE_PROMPTS[frame["what"]])
    f, k, seat = frame, frame["k"], frame["seat"]
    who = name(state, seat)
    if k == "turn":
        return Decision(seat, "turn", _prompt(who, "turn"))
    if k == "act":
        return Decision(seat, "action", _prompt(who, "act", f["action"], f["n"] + 1))
    if k == "free":
        return Decision(seat, "free", _prompt(who, "free", f["piece"]))
    if k == "reward":
        return Decision(seat, "reward", _prompt(who, "reward", "", f["level"]))
    if k == "place":
        return Decision(seat, "place", _prompt(who, "place", "", f["mult"]))
    raise AssertionError(f"frame {k} is not a decision")


@lru_cache(maxsize=512)
def _prompt(who: str, k: str, what: str = "", extra: Any = None) -> str:
    """The prompt of a decision frame (cached: prompts are immutable Msgs)."""
    if k == "turn":
        prompt = M("take a worker for an action, or consolidate")
    elif k == "act":
        if extra == 1:
            prompt = M("{action} — choose the first repetition", action=ACTION_NAMES[what])
        else:
            prompt = M("{action} — repetition {number} (or done)", action=ACTION_NAMES[what], number=extra)
    elif k == "free":
        prompt = FREE_PROMPTS[what]
    elif k == "reward":
        prompt = M("choose an Emperor's reward tile of multiplier {level}x or lower", level=extra)
    else:
        prompt = M("choose the achievement space for your {mult}x tile", mult=extra)
    # i18n: A decision: who acts, then what they are asked ("Red: take a worker …").
    return M("{who}: {prompt}", who=who, prompt=prompt)


def legal_actions(state: NState) -> list[Action]:
    """Every legal action at the current decision (chance: every possible outcome)."""
    if state.over or not state.stack:
        return []
    f = top(state)
    if f["k"] == "chance":
        return [o.action for o in chance_outcomes(state)]
    acts = core_actions(state)
    acts.extend(blueprint_actions(state))
    return acts


def core_actions(state: NState) -> list[Action]:
    """Legal actions of the current decision frame, without the free blueprint conversions."""
    f = top(state)
    k = f["k"]
    p = state.players[f["seat"]]
    if k == "turn":
        return turn_actions(state, p)
    if k == "act":
        acts = list(repetitions(state, p, f))
        if f["n"] > 0:
            acts.append(Action("done"))
        return acts
    if k == "free":
        acts = list(free_options(state, p, f))
        acts.append(Action("done"))
        return acts
    if k == "reward":
        return reward_options(state, p, f["level"])
    if k == "place":
        return [Action("place", (a,)) for a in tables().achievement_ids if a not in p.achievements]
    raise AssertionError(k)


def blueprint_actions(state: NState) -> list[Action]:
    """The free conversion (Kolejność rozgrywki): discard 3 blueprints, one marker +1 space.

    Offered at every decision of your own turn, but only if the decision can still be completed
    afterwards (e.g. not when the blueprints are needed for the factory you are about to build).
    """
    t = tables()
    f = top(state)
    p = state.players[f["seat"]]
    cost = t.n["blueprint_conversion"]
    if p.blueprints < cost:
        return []
    out = []
    for track in TRACKS:
        if room(p, track) < 1:
            continue
        if f["k"] == "turn" or (f["k"] == "act" and f["n"] > 0):
            out.append(Action("bp", (track,)))  # consolidation / 'done' always completes these
            continue
        attr = pos_attr(track)
        p.blueprints -= cost
        setattr(p, attr, getattr(p, attr) + 1)
        try:
            ok = bool(core_actions(state))
        finally:
            p.blueprints += cost
            setattr(p, attr, getattr(p, attr) - 1)
        if ok:
            out.append(Action("bp", (track,)))
    return out


def turn_actions(state: NState, p: Player) -> list[Action]:
    """Legal turn choices (Kolejność rozgrywki): take a worker for an action, or consolidate.

    A worker may be taken only onto an empty worker space, and only for an action the player can
    perform in full (at least its first repetition; "Ważne: … tylko taką Akcję, którą jest w stanie
    wykonać w całości"). Consolidation is always allowed, also with no worker (rules-notes N-8).
    """
    t = tables()
    out: list[Action] = []
    if len(p.workers) < t.n["worker_slots"]:
        possible: dict[str, bool] = {}
        for s, space in enumerate(state.spaces):
            if not space:
                continue
            colours = sorted(set(space), key=t.colours.index)
            for action in t.spaces[s].actions:
                if action not in possible:
                    possible[action] = can_start(state, p, action, s)
                if possible[action]:
                    out.extend(Action("take", (s + 1, action, c)) for c in colours)
    out.append(Action("consolidate"))
    return out


def apply_in_place(state: NState, action: Action) -> list[Event]:
    """Apply ``action`` (assumed legal) to ``state`` in place and run automatic frames."""
    events: list[Event] = []
    apply_quiet(state, action, events)
    return events


def apply_quiet(state: NState, action: Action, events: list[Event] | None = None) -> None:
    """:func:`apply_in_place` without events (the search hot path): the same new state, but no
    event and none of their texts is built (unless a list to record them in is passed as
    ``events``). Call only with a legal action."""
    f = state.stack[-1]
    k = f["k"]
    if action.kind == "chance":
        apply_chance(state, state.stack.pop(), str(action.args[0]), events)
    elif action.kind == "bp":
        convert_blueprints(state, state.players[f["seat"]], str(action.args[0]), events)
    elif k == "turn":
        apply_turn(state, f, action, events)
    elif k == "act":
        apply_repetition(state, f, action, events)
    elif k == "free":
        apply_free(state, f, action, events)
    elif k == "reward":
        state.stack.pop()
        take_reward(state, state.players[f["seat"]], int(action.args[0]), str(action.args[1]), events)
    elif k == "place":
        state.stack.pop()
        place_tile(state, state.players[f["seat"]], f["mult"], str(action.args[0]), events)
    else:  # pragma: no cover
        raise AssertionError(k)
    advance(state, events)


def convert_blueprints(state: NState, p: Player, track: str, events: list[Event] | None) -> None:
    """Kolejność rozgrywki: discard 3 blueprints (by value) to move one marker up one space."""
    cost = tables().n["blueprint_conversion"]
    p.blueprints -= cost
    move_track(p, track, 1)
    if events is not None:
        ev(events, "blueprints", p.seat, M("{who} discards {blueprints}: {track} +1.", who=name(state, p.seat),
                                           blueprints=gain_text("blueprints", cost), track=TRACK_NAMES[track]),
           track=track)


def apply_turn(state: NState, f: dict[str, Any], action: Action, events: list[Event] | None) -> None:
    """Take a worker (Dobranie Robotnika) or consolidate (Konsolidacja)."""
    p = state.players[f["seat"]]
    state.stack.pop()
    if action.kind == "consolidate":
        consolidate(state, p, events)
        return
    space, act, colour = int(action.args[0]) - 1, str(action.args[1]), str(action.args[2])
    # Kolejność rozgrywki: the worker goes to the leftmost empty worker space of the player board.
    state.spaces[space].remove(colour)
    p.workers.append(colour)
    if events is not None:
        ev(events, "take", p.seat, M("{who} takes a {colour} worker from action space {space}: {action}.",
                                     who=name(state, p.seat), colour=worker_colour(colour), space=space + 1,
                                     action=ACTION_NAMES[act]), space=space + 1, action=act, colour=colour)
    state.stack.append(new_act_frame(p.seat, act, space))


def advance(state: NState, events: list[Event] | None) -> None:
    """Run automatic frames until the next decision (or the end of the game)."""
    while state.stack:
        f = top(state)
        k = f["k"]
        if k == "chance":
            outcomes = chance_outcomes_for(state, f)
            if len(outcomes) == 1:  # a forced outcome is no random event
                state.stack.pop()
                apply_chance(state, f, str(outcomes[0].action.args[0]), events)
                continue
            return
        if k == "turn":
            return
        if k == "act":
            p = state.players[f["seat"]]
            if next(repetitions(state, p, f), None) is not None:
                return
            state.stack.pop()
            finish_action(state, f, events)
            continue
        if k == "free":
            p = state.players[f["seat"]]
            if f["left"] > 0 and next(free_options(state, p, f), None) is not None:
                return
            state.stack.pop()
            continue
        if k in ("reward", "place"):
            return
        state.stack.pop()
        if k == "payday":
            payday(state, state.players[f["seat"]], events)
        elif k == "end_turn":
            end_turn(state, f, events)
        elif k == "marker":
            move_marker(state, events)
        elif k == "next_turn":
            next_turn(state, f["seat"], events)
        elif k == "begin":
            state.current = state.first_player
            state.stack.append({"k": "turn", "seat": state.first_player})
            if events is not None:
                ev(events, "begin", None, M("The game begins; {who} plays first.", who=name(state, state.first_player)))
        else:  # pragma: no cover
            raise AssertionError(k)


def end_turn(state: NState, f: dict[str, Any], events: list[Event] | None) -> None:
    """End of a turn: the tie-break clock, final-turn count, and the refill of an emptied space.

    Puste Pole Akcji: the emptied action space takes every worker of the topmost non-empty row.
    Pusty Rząd Robotników: with every row empty, top every action space up to 3 from the bag, fill
    every row (top first; as many as the bag holds, the rest owed until workers return), then move
    the scoring marker one space (not during the final turns, rules-notes N-3).
    """
    t = tables()
    seat = f["seat"]
    p = state.players[seat]
    p.last_turn = state.turn_no
    state.turn_no += 1
    if state.final:
        p.final_turns += 1
    state.stack.append({"k": "next_turn", "seat": seat})
    s = f["space"]
    if s is None or state.spaces[s]:  # only the space the worker came from can be empty
        return
    r = refill_from_top_row(state.spaces[s], state.rows)
    if r is not None:
        state.row_short[r] = 0
        if events is not None:
            ev(events, "refill", None, M("Action space {space} takes the workers of row {row}.", space=s + 1, row=r + 1),
               space=s + 1, row=r + 1)
        return
    # Pusty Rząd Robotników, kroki 1-3 (Nippon rulebook); the marker frame runs after the draws.
    if events is not None:
        ev(events, "global_refill", None, M("Every worker row is empty: action spaces and rows are refilled from the bag."))
    state.stack.append({"k": "marker"})
    draws: list[dict[str, Any]] = []
    for i, space in enumerate(state.spaces):
        draws += [{"k": "chance", "what": "draw", "to": "space", "index": i}] * (
            t.n["workers_per_action_space"] - len(space))
    size = t.rows(state.options.players).size
    for i in range(len(state.rows)):
        draws += [{"k": "chance", "what": "draw", "to": "row", "index": i}] * size
    bag = sum(state.bag.values())
    planned = draws[:bag]
    for i in range(len(state.rows)):
        state.row_short[i] = size - sum(1 for d in planned if d["to"] == "row" and d["index"] == i)
    state.stack.extend(dict(d) for d in reversed(planned))


def move_marker(state: NState, events: list[Event] | None) -> None:
    """Pusty Rząd Robotników, krok 3: the scoring marker moves one space right; crossing a scoring
    symbol scores at once; reaching the first golden space starts the final turns."""
    t = tables()
    if state.final:
        return
    state.marker = min(state.marker + 1, len(t.track_spaces) - 1)
    space = t.track_spaces[state.marker]
    if events is not None:
        ev(events, "marker", None, M("The scoring marker moves to space {space}.", space=state.marker + 1),
           space=state.marker)
    if space.scoring:
        regional_scoring(state, space.scoring, events)
    if space.golden:
        state.final = True
        if events is not None:
            ev(events, "final", None, M("The scoring marker reaches the first golden space: every player has exactly "
                                        "{n} more turns.", n=t.n["final_turns"]))


def next_turn(state: NState, seat: int, events: list[Event] | None) -> None:
    """Pass the turn clockwise; during the final turns move the marker after each full round and end
    the game after everyone's third final turn (Dobranie Robotnika, złote pola)."""
    t = tables()
    n = len(state.players)
    if state.final:
        done = sum(p.final_turns for p in state.players)
        state.marker = t.golden[min(done // n, len(t.golden) - 1)]
        if all(p.final_turns >= t.n["final_turns"] for p in state.players):
            regional_scoring(state, t.n["scorings"], events)
            final_scoring(state, events)
            return
    nxt = (seat + 1) % n
    state.current = nxt
    state.stack.append({"k": "turn", "seat": nxt})
