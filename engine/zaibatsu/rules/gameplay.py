"""Gameplay (rulebook: a turn takes a worker for an action, or consolidates): the pending decision, the
legal actions, applying one, and the loop that runs automatic frames."""

from __future__ import annotations

from functools import cache, lru_cache
from typing import Any

from engine.core import CHANCE, Action, Decision, Event

from ..data import ACTIONS, COLOURS
from ..state import Player, Worker, ZState
from ..tables import Tables, tables
from ..words import M
from .actions import CAN_ACTIVATE, activations, apply_activation, can_activate, finish_action, new_act_frame
from .basics import ACTION_NAMES, PLAYER_NAMES, TAKATOSHI, WORKER_COLOURS, act, ev, name
from .chance import CHANCE_PROMPTS, apply_chance, apply_in_place_chance_forced, chance_outcomes, forced_chance
from .consolidation import consolidation_step, push_consolidation
from .effects import apply_choice, choice_actions, has_choice, run_next_op
from .end_of_round import end_turn, next_turn
from .game_end import final_scoring
from .starting_conditions import apply_draft

#: What a seat is asked at a choice frame (``what``); completed as "{who}: {prompt}".
CHOICE_PROMPTS = {
    "dept_any": M("choose any department bonus"),
    "dept_choice": M("choose one of the offered department bonuses"),
    "white": M("choose how the white (Innovation) bonus moves your tracks"),
    "spread": M("choose the factories that receive one good each"),
    "trade": M("you may move Finance back 2 to advance Mining 2"),
    "region": M("choose the region whose bonus you gain"),
    "old_side": M("choose the side of your old factory"),
    "a6": M("choose the colour of the worker you take from the bag"),
    "prestige": M("choose a prestige tile and the goal slot for it"),
    "protect": M("choose what to keep from taxes (up to 3 money/coal)"),
    "payday": M("payday: pay (or convert silk to money first)"),
    "final_convert": M("convert silk to money for final scoring, or done"),
    "mod_end": M("choose which factory modifies this action"),
    "reward": M("choose your common-goal reward"),
}


#: Prompts of a free build (``build``) and a paid extra build (``extra``), by the piece built.
BUILD_PROMPTS = {
    "ship": M("choose where the free ship goes"),
    "train": M("choose where the free train goes"),
    "machine": M("choose where the free machine goes"),
    "any": M("choose where the free ship, machine or train goes"),
}


EXTRA_PROMPTS = {
    "ship": M("you may pay for one more ship (or skip)"),
    "train": M("you may pay for one more train (or skip)"),
    "machine": M("you may pay for one more machine (or skip)"),
    "any": M("you may pay for one more ship, machine or train (or skip)"),
}


def choice_prompt(f: dict[str, Any]) -> str:
    """The prompt (without the name) of choice frame ``f``."""
    what = f["what"]
    if what == "build":
        return BUILD_PROMPTS[f.get("what_build", "any")]
    if what == "extra":
        return EXTRA_PROMPTS[f.get("what_build", "any")]
    return CHOICE_PROMPTS[what]


#: The decision once the game is over, and the decision of each kind of random event (decisions
#: are immutable, so :func:`decision` hands out these shared objects).
_OVER = Decision(None, "over", M("The game is over."))


_CHANCE_DECISIONS = {what: Decision(CHANCE, "chance", prompt) for what, prompt in CHANCE_PROMPTS.items()}


def decision(state: ZState) -> Decision:
    """Who acts now and on what (see :class:`engine.core.Decision`); the prompt is a Msg."""
    if state.over or not state.stack:
        return _OVER
    f = state.stack[-1]
    k = f["k"]
    if k == "chance":
        return _CHANCE_DECISIONS[f["what"]]
    seat = f["seat"]
    who = TAKATOSHI if state.automa is not None and seat == 1 else PLAYER_NAMES[state.players[seat].colour]
    if k == "draft":
        return _decision(who, seat, "draft", "draft")
    if k == "turn":
        return _decision(who, seat, "turn", "turn")
    if k == "act":
        return _decision(who, seat, "activation", "act", f["action"], f["n"] + 1)
    if k == "choose":
        return _decision(who, seat, f["what"], "choose", f["what"], f.get("what_build", "any"))
    raise AssertionError(f"frame {k} is not a decision")


@lru_cache(maxsize=2048)
def _decision(who: str, seat: int, kind: str, k: str, what: str = "", extra: Any = None) -> Decision:
    """A player's decision (cached: decisions and their prompts are immutable, and a search asks often)."""
    if k in ("draft", "turn"):
        return Decision(seat, kind, _prompt(who, k))
    return Decision(seat, kind, _prompt(who, k, what, extra))


@lru_cache(maxsize=512)
def _prompt(who: str, k: str, what: str = "", extra: Any = None) -> str:
    """The prompt of a decision frame (cached: a prompt is an immutable Msg, and selfplay asks often)."""
    prompt: str
    if k == "draft":
        prompt = M("choose a start-tile pair")
    elif k == "turn":
        prompt = M("take a worker for an action, or consolidate")
    elif k == "act":
        if extra == 1:
            # The first activation is due: the worker was taken for it, so 'done' is not offered yet.
            prompt = M("{action} — activation {number}", action=ACTION_NAMES[what], number=extra)
        else:
            prompt = M("{action} — activation {number} (or done)", action=ACTION_NAMES[what], number=extra)
    else:
        prompt = choice_prompt({"what": what, "what_build": extra})
    # i18n: A decision: who acts, then what they are asked ("Purple: choose a start-tile pair").
    return M("{who}: {prompt}", who=who, prompt=prompt)


def legal_actions(state: ZState) -> list[Action]:
    """Every legal action at the current decision (chance: every possible outcome)."""
    if state.over or not state.stack:
        return []
    f = state.stack[-1]
    k = f["k"]
    if k == "chance":
        return [o.action for o in chance_outcomes(state)]
    p = state.players[f["seat"]]
    if k == "draft":
        return [act("pair", a, b) for a, b in state.start_pairs]
    if k == "turn":
        return turn_actions(state, p)
    if k == "act":
        acts = activations(state, p, f)
        if f["n"] > 0:
            acts.append(_DONE)
        return acts
    if k == "choose":
        return choice_actions(state, p, f)
    raise AssertionError(k)


#: Actions without arguments (immutable: shared by every list of legal actions).
_DONE = act("done")


_CONSOLIDATE = act("consolidate")


def turn_actions(state: ZState, p: Player) -> list[Action]:
    """Legal turn choices (rulebook: Gameplay): take a worker for an action, or consolidate."""
    t = tables()
    out: list[Action] = []
    if len(p.workforce) < t.workforce_slots:
        probes = _probes(p.seat)
        spaces = t.memo.get("turn_checks") or _turn_checks(t)
        for space, checks in zip(state.hiring, spaces):
            if not space:
                continue
            colours: list[str] | None = None
            for action, check, takes in checks:
                # A fresh frame is below every activation limit; the worker is not placed yet.
                if check(state, p, probes[action], 1, t):
                    if colours is None:
                        colours = sorted(set(space))
                    out.extend(map(takes.__getitem__, colours))
    if p.workforce or (state.options.empty_consolidation and not out):
        # Rulebook: Gameplay (consolidate); rule gap docs/rules-notes.md G-1: with an empty workforce
        # and no legal action the engine allows an (empty) consolidation — a house rule, on by default.
        out.append(_CONSOLIDATE)
    return out


def _turn_checks(t: Tables) -> tuple[tuple[tuple[str, Any, dict[str, Action]], ...], ...]:
    """For each hiring space, its actions as ``(action, existence check, "take" actions by colour)``
    (built once per data set, kept in ``t.memo``)."""
    checks = tuple(
        tuple((action, CAN_ACTIVATE[action], _takes(h + 1, action)) for action in actions)
        for h, actions in enumerate(t.hiring_actions)
    )
    t.memo["turn_checks"] = checks
    return checks


@cache
def _takes(space: int, action: str) -> dict[str, Action]:
    """The actions "take a worker of each colour from hiring ``space`` for ``action``", by colour.

    Actions are immutable and compare by value, so legal-action lists share these objects.
    """
    return {c: Action("take", (space, action, c)) for c in COLOURS}


@cache
def _probe(seat: int, action: str) -> dict[str, Any]:
    """The frame of ``action`` not started yet, to ask :func:`can_activate` whether it may be taken.

    Shared between calls: :func:`can_activate` and :func:`activations` only read their frame.
    """
    return new_act_frame(seat, action, "")


@cache
def _probes(seat: int) -> dict[str, dict[str, Any]]:
    """:func:`_probe` of every action for ``seat``, by action."""
    return {action: _probe(seat, action) for action in ACTIONS}


def apply_in_place(state: ZState, action: Action) -> list[Event]:
    """Apply a legal ``action`` to ``state`` (mutating it). Call only with a legal action."""
    events: list[Event] = []
    apply_quiet(state, action, events)
    return events


def apply_quiet(state: ZState, action: Action, events: list[Event] | None = None) -> None:
    """:func:`apply_in_place` without events (the search hot path): the same new state, but no
    event and none of their texts is built (unless a list to record them in is passed as
    ``events``). Call only with a legal action."""
    f = state.stack[-1]
    k = f["k"]
    if k == "chance":
        state.stack.pop()
        apply_chance(state, f, str(action.args[0]), events)
    elif k == "draft":
        apply_draft(state, f, action, events)
    elif k == "turn":
        if action.kind == "take":
            # The action taken is legal, so its first activation is due: the new frame is the next
            # decision (what :func:`advance` would find at once).
            apply_turn(state, f, action, events)
            return
        apply_turn(state, f, action, events)
    elif k == "act":
        apply_activation(state, f, action, events)
    elif k == "choose":
        apply_choice(state, f, action, events)
    else:
        raise AssertionError(k)
    advance(state, events)


def apply_turn(state: ZState, f: dict[str, Any], action: Action, events: list[Event] | None) -> None:
    """Take a worker and start the action (rulebook: Gameplay, step A), or consolidate."""
    seat = f["seat"]
    p = state.players[seat]
    state.stack[-1] = {"k": "end_turn", "seat": seat}  # in place of the turn frame ``f`` (the top)
    if action.kind == "take":
        h, act, colour = int(action.args[0]), str(action.args[1]), str(action.args[2])
        state.hiring[h - 1].remove(colour)
        p.workforce.append(Worker(colour))
        state.stack.append(new_act_frame(seat, act, colour))
        if events is not None:
            ev(events, "take", seat,
               M("{who} takes a worker ({colour}) from hiring space {space} for {action}.",
                 who=name(state, seat), colour=WORKER_COLOURS[colour], space=h, action=ACTION_NAMES[act]),
               space=h, action=act, colour=colour)
    else:
        if events is not None:
            ev(events, "consolidate", seat, M("{who} consolidates.", who=name(state, seat)))
        push_consolidation(state, seat, final=False)


def advance(state: ZState, events: list[Event] | None) -> None:
    """Run automatic frames until the next decision (or the end of the game)."""
    stack = state.stack
    while stack:
        f = stack[-1]
        k = f["k"]
        # The most frequent frames first.
        if k == "ops":
            run_next_op(state, f, events)
            continue
        if k == "act":
            if can_activate(state, state.players[f["seat"]], f):
                return
            finish_action(state, f, events)
            continue
        if k == "cons":
            consolidation_step(state, f, events)
            continue
        if k == "chance":
            if forced_chance(state, f):  # a forced outcome is no random event
                apply_in_place_chance_forced(state, events)
                continue
            return
        if k == "turn":
            return
        if k == "end_turn":
            stack.pop()
            end_turn(state, f["seat"], events)
            continue
        if k == "next_turn":
            stack.pop()
            next_turn(state, f["seat"], events)
            continue
        if k == "choose":
            if not has_choice(state, f):
                stack.pop()  # an effect with no possible target does nothing
                continue
            return
        if k == "draft":
            return
        if k == "begin_draft":
            state.stack.pop()
            n = len(state.players)
            state.stack.append({"k": "begin_play"})
            order = [(state.first_player - 1 - i) % n for i in range(n)]  # counter-clockwise, first last
            for seat in reversed(order):
                state.stack.append({"k": "draft", "seat": seat})
            continue
        if k == "begin_play":
            state.stack.pop()
            state.current = state.first_player
            state.stack.append({"k": "turn", "seat": state.first_player})
            if events is not None:
                ev(events, "round", None, M("Round {round} begins.", round=1))
            continue
        if k == "final_scoring":
            state.stack.pop()
            final_scoring(state, events)
            continue
        raise AssertionError(k)
