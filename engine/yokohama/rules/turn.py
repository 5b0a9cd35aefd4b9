"""Przebieg rozgrywki and Przebieg tury: the pending decision, the legal actions, applying one, the start
and end of a turn, and the loop that runs automatic frames."""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from engine.core import CHANCE, Action, Decision, Event

from ..state import YState
from ..tables import tables
from ..words import M, amount
from .additional_actions import apply_phase, apply_reward_token, phase_actions, reward_token_actions
from .areas import (
    apply_church,
    apply_customs,
    apply_exchange,
    apply_hire,
    apply_lab,
    apply_port,
    area_action,
    church_actions,
    customs_actions,
    exchange_actions,
    hire_actions,
    lab_actions,
    may_pass,
    port_actions,
)
from .basics import ONE, area_name, ev, name, owns, top
from .building import (
    apply_bonus,
    apply_build,
    apply_recover,
    bonus_actions,
    build_actions,
    recover,
    recover_actions,
)
from .chance import CHANCE_PROMPTS, apply_chance, chance_values
from .end_of_game import final_scoring
from .movement import apply_move, apply_recall, move_actions, recall_actions
from .opening import apply_keep, keep_actions
from .placement import (
    apply_place,
    apply_place_a,
    apply_telegraph,
    place_a_actions,
    place_actions,
    telegraph_actions,
)
from .rewards import apply_good, apply_shift, apply_wh_shop, good_actions, shift_actions, wh_shop_actions
from .technologies import apply_station, station_actions


def decision(state: YState) -> Decision:
    """The pending decision: seat (or ``CHANCE``/``None``), its kind and a prompt (a Msg)."""
    frame = state.stack[-1] if state.stack and not state.over else None
    if frame is None:
        return Decision(None, "over", M("The game is over."))
    if frame["k"] == "chance":
        return Decision(CHANCE, "chance", CHANCE_PROMPTS[frame["what"]])
    k, seat = frame["k"], frame["seat"]
    kind = "turn" if k == "phase" and frame.get("fresh") else k
    return _decision(seat, kind, name(state, seat), k, _prompt_extra(state, frame))


@lru_cache(maxsize=4096)
def _decision(seat: int, kind: str, who: str, k: str, extra: Any) -> Decision:
    """A player's decision (cached: decisions are immutable, and a game asks the same few again and again)."""
    return Decision(seat, kind, _prompt(who, k, extra))


def _prompt_extra(state: YState, f: dict[str, Any]) -> Any:
    k = f["k"]
    if k == "phase":
        return f["phase"]
    if k in ("exchange", "hire", "good", "shift", "wh_shop"):
        return f.get("left", f.get("n"))
    if k in ("church", "customs", "lab"):
        # The prompt offers "or pass" only when passing is legal (docs/rules-notes.md Y-22).
        return f["area"], may_pass(state, f, state.players[f["seat"]])
    if k in ("port", "bonus", "build", "recover", "telegraph"):
        return f["area"]
    return None


@lru_cache(maxsize=1024)
def _prompt(who: str, k: str, extra: Any = None) -> str:
    """The prompt of a decision frame (cached: prompts are immutable Msgs)."""
    if k == "phase":
        if extra == "A":
            prompt = M("additional actions (agent, achievement, order), then the main action")
        else:
            prompt = M("additional actions (agent, achievement, order), then end the turn")
    elif k == "keep":
        prompt = M("choose which of your two orders to keep (the other leaves the game unseen)")
    elif k == "place":
        prompt = M("placement: one assistant into up to 3 different areas, or 2 into one area")
    elif k == "place_a":
        prompt = M("placement: another assistant into a different area, or done")
    elif k == "telegraph":
        prompt = M("Telegraph: one more assistant into an area next to {area}, or done", area=area_name(extra))
    elif k == "move":
        prompt = M("move your president to an area with your assistant, or return it to your hand")
    elif k == "recall":
        prompt = M("return assistants from the board to your hand, one at a time, or done")
    elif k == "exchange":
        prompt = M("Chinatown: make an exchange ({n} left), or done", n=extra)
    elif k == "church":
        if extra[1]:
            prompt = M("Church: choose a space (and what you pay for faith), or pass")
        else:
            prompt = M("Church: choose a space (and what you pay for faith)")
    elif k == "customs":
        if extra[1]:
            prompt = M("Customs House: pay imported goods for a space, or pass")
        else:
            prompt = M("Customs House: pay imported goods for a space")
    elif k == "hire":
        prompt = M("Employment Agency: take a piece from your warehouse ({n} left), or done", n=extra)
    elif k == "lab":
        if extra[1]:
            prompt = M("{area}: choose a technology and how to pay, or pass", area=area_name(extra[0]))
        else:
            prompt = M("{area}: choose a technology and how to pay", area=area_name(extra[0]))
    elif k == "port":
        prompt = M("{area}: take 1 order, or 2 for a payment, or pass", area=area_name(extra))
    elif k == "bonus":
        prompt = M("power 5: take the 5-power token of {area}, or skip", area=area_name(extra))
    elif k == "build":
        prompt = M("power 4 or more: build a shop or a trading house in {area}, or skip", area=area_name(extra))
    elif k == "recover":
        prompt = M("Telephone: leave one assistant in {area}, or return them all", area=area_name(extra))
    elif k == "good":
        prompt = M("choose a trade good")
    elif k == "shift":
        prompt = M("move an assistant to another area ({n} left), or stop", n=extra)
    elif k == "wh_shop":
        prompt = M("take a shop from your warehouse for 2 yen, or skip")
    elif k == "station":
        prompt = M("Station: place the station token on an area")
    elif k == "reward_token":
        prompt = M("all three achievements done: choose an achievement reward token")
    else:  # pragma: no cover - frames are built by this module
        raise AssertionError(k)
    # i18n: A decision: who acts, then what they are asked ("Blue: move your president …").
    return M("{who}: {prompt}", who=who, prompt=prompt)


def legal_actions(state: YState) -> list[Action]:
    """Every legal action at the current decision (chance: every possible outcome)."""
    if state.over or not state.stack:
        return []
    f = top(state)
    k = f["k"]
    if k == "chance":
        return list(map(ONE["chance"].__getitem__, chance_values(state, f)))
    found = _LEGAL[k](state, f, state.players[f["seat"]])
    return found if type(found) is list else list(found)


_LEGAL = {
    "phase": phase_actions, "place": place_actions, "place_a": place_a_actions, "telegraph": telegraph_actions,
    "move": move_actions, "recall": recall_actions, "exchange": exchange_actions, "church": church_actions,
    "customs": customs_actions, "hire": hire_actions, "lab": lab_actions, "port": port_actions,
    "bonus": bonus_actions, "build": build_actions, "recover": recover_actions, "keep": keep_actions,
    "good": good_actions, "shift": shift_actions, "wh_shop": wh_shop_actions, "station": station_actions,
    "reward_token": reward_token_actions,
}


def apply_in_place(state: YState, action: Action) -> list[Event]:
    """Apply ``action`` (assumed legal) to ``state`` in place and run automatic frames."""
    events: list[Event] = []
    _apply(state, action, events)
    return events


def apply_quiet(state: YState, action: Action) -> None:
    """Like :func:`apply_in_place` but without events: no text is built (a searching bot's path;
    the state left is the same, tests/yokohama/test_search_paths.py)."""
    _apply(state, action, None)


def _apply(state: YState, action: Action, events: list[Event] | None) -> None:
    """Apply ``action`` in place, recording events into ``events`` unless it is ``None``."""
    f = top(state)
    if action.kind == "chance":
        apply_chance(state, state.stack.pop(), str(action.args[0]), events)
    else:
        _APPLY[f["k"]](state, f, state.players[f["seat"]], action, events)
    advance(state, events)


_APPLY = {
    "phase": apply_phase, "place": apply_place, "place_a": apply_place_a, "telegraph": apply_telegraph,
    "move": apply_move, "recall": apply_recall, "exchange": apply_exchange, "church": apply_church,
    "customs": apply_customs, "hire": apply_hire, "lab": apply_lab, "port": apply_port, "bonus": apply_bonus,
    "build": apply_build, "recover": apply_recover, "keep": apply_keep, "good": apply_good, "shift": apply_shift,
    "wh_shop": apply_wh_shop, "station": apply_station, "reward_token": apply_reward_token,
}


def advance(state: YState, events: list[Event] | None) -> None:
    """Run automatic frames until a decision (or chance) frame is on top, or the game is over."""
    stack = state.stack
    if stack and stack[-1]["k"] not in ("auto", "wh_shop"):
        return  # the usual case: a decision is pending already
    t = tables()
    while stack and not state.over:
        f = stack[-1]
        if f["k"] != "auto":
            # A decision with nothing to decide is skipped (e.g. a move with no assistant anywhere).
            if f["k"] in ("wh_shop",) and not (state.players[f["seat"]].wh_shops > 0
                                                and state.players[f["seat"]].yen >= t.n["shop_cost"]):
                stack.pop()
                continue
            return
        stack.pop()
        what = f["what"]
        if what == "tiles":
            for area in state.layout:
                if area and t.areas[area].building_tile:
                    state.stack.append({"k": "chance", "what": "tile", "area": area})
            _reverse_new(state, "tile")
        elif what == "tokens":
            for area in state.layout:
                if area and t.areas[area].token_space:
                    state.stack.append({"k": "chance", "what": "token", "area": area})
            _reverse_new(state, "token")
        elif what == "keep":
            state.stack.append({"k": "keep", "seat": (state.start_player + f["seat"]) % state.options.players})
        elif what == "begin":
            state.current = state.start_player
            start_turn(state, events)
        elif what == "area_action":
            area_action(state, f["seat"], f["area"], events)
        elif what == "bonus":
            a = state.areas[f["area"]]
            if state.turn.get("power") == t.n["max_power"] and a.token is not None:
                state.stack.append({"k": "bonus", "seat": f["seat"], "area": f["area"]})
        elif what == "build":
            p = state.players[f["seat"]]
            a = state.areas[f["area"]]
            if state.turn.get("power", 0) >= t.n["build_min_power"] and a.tile is not None and \
                    any(x.kind != "skip" for x in build_actions(state, f, p)):
                state.stack.append({"k": "build", "seat": f["seat"], "area": f["area"]})
        elif what == "recovery":
            p = state.players[f["seat"]]
            if owns(p, "telephone") and state.areas[f["area"]].assistants[p.seat] > 0:
                state.stack.append({"k": "recover", "seat": p.seat, "area": f["area"]})
            else:
                recover(state, p, f["area"], 0, events)
        elif what == "end_turn":
            end_turn(state, events)
        else:  # pragma: no cover
            raise AssertionError(what)


def _reverse_new(state: YState, what: str) -> None:
    """Reverse the run of just-pushed chance frames of kind ``what`` so they run in layout order."""
    i = len(state.stack)
    while i > 0 and state.stack[i - 1].get("what") == what and state.stack[i - 1]["k"] == "chance":
        i -= 1
    state.stack[i:] = list(reversed(state.stack[i:]))


def start_turn(state: YState, events: list[Event] | None) -> None:
    """A player's turn begins: Stock Exchange, then phase A."""
    t = tables()
    seat = state.current
    p = state.players[seat]
    state.turn = {}
    state.turn_no += 1
    # Giełda: at the start of the turn, 0 or 1 yen is topped up to 2 yen.
    if owns(p, "stock_exchange") and p.yen < t.n["stock_exchange_to"]:
        got = t.n["stock_exchange_to"] - p.yen
        p.yen += got
        if events is not None:
            ev(events, "stock_exchange", seat, M("{who} takes {yen} from the Stock Exchange.", who=name(state, seat),
                                                 yen=amount("yen", got)))
    state.stack.append({"k": "phase", "seat": seat, "phase": "A", "fresh": True})


def end_turn(state: YState, events: list[Event] | None) -> None:
    """After phase C: the next player; a new round at the start player; the end after the final round."""
    n = state.options.players
    state.current = (state.current + 1) % n
    if state.current == state.start_player:
        state.rounds += 1
        if state.final_round is not None and state.rounds > state.final_round:
            final_scoring(state, events)
            return
    start_turn(state, events)
