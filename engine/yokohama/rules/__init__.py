"""The rules of Yokohama (Hisashi Hayashi; 2024 Polish edition) for 2–4 players, one module per chapter
of the rulebook.

Rule references name the section headings of the Polish rulebook, e.g.
``# Zasady ruchu prezesa (Yokohama rulebook)``. Every number comes from ``data/*.json`` through
:mod:`..tables`; the engine's rulings where the rulebook is silent are listed in
``docs/rules-notes.md`` ("Yokohama").

The chapters (modules of this package), by the rulebook's headings:

* :mod:`.setup` — Przygotowanie do gry (set-up); :mod:`.opening` — its last step, the order kept;
* :mod:`.basics` — Zasady ogólne (general rules), the names used in texts and shared helpers;
* :mod:`.turn` — Przebieg rozgrywki, Przebieg tury (the course of the game and of a turn), the
  decisions and the frame interpreter;
* :mod:`.additional_actions` — Faza akcji dodatkowej (foreign agents, Wypełnianie osiągnięć,
  Wypełnianie zamówień) and Minidodatek 1 (achievement reward tokens);
* the steps of Faza akcji głównej (the main action): :mod:`.placement` (Krok umieszczania, Zasady
  umieszczania), :mod:`.movement` (Krok ruchu, Zasady ruchu prezesa), :mod:`.areas` (Krok akcji
  obszaru with Szczegółowy opis obszarów), :mod:`.building` (Krok premii 5-krotnej siły, Krok
  budowania sklepu i domu towarowego, Krok odzyskania);
* :mod:`.technologies` — Karty technologii (owning a card, the Station token);
* :mod:`.rewards` — Opis symboli (the reward icons), the warehouse, Pasujące symbole krajów;
* :mod:`.end_of_game` — Warunki zakończenia, Punktacja końcowa, Zwycięstwo;
* :mod:`.chance` — every random draw, as a ``CHANCE`` decision.

The engine is a small interpreter over a stack of frames (see :mod:`..state`): decision frames wait
for a seat (or ``CHANCE``); automatic frames (``{"k": "auto", …}``: the area action's steps,
recovery, the end of a turn, refills) run inside :func:`.turn.advance` until the next decision. A turn
is a sequence of single choices: phase A's additional actions one at a time, then placement one
area at a time, the movement, the area action's own choices, the 5-power bonus, build, recovery
and phase C.

This package re-exports every name the engine, the hosts and the tests use (``rules.setup``,
``rules.legal_actions`` …); the game's contracts stay in :mod:`engine.yokohama.game`.
"""

from __future__ import annotations

from ..state import RULES_REVISION
from ..words import reward_text
from .additional_actions import (
    achievement_met,
    apply_phase,
    apply_reward_token,
    fulfil_order,
    phase_actions,
    reward_token_actions,
)
from .areas import (
    CHURCH_PAYMENTS,
    apply_church,
    apply_customs,
    apply_exchange,
    apply_hire,
    apply_lab,
    apply_port,
    area_action,
    assistant_sources,
    church_actions,
    church_unpaid_space,
    customs_actions,
    customs_choices,
    exchange_actions,
    hire_actions,
    lab_actions,
    mandatory_area_action,
    may_pass,
    port_actions,
    port_level,
    push_area_steps,
    take_assistant,
    tech_payments,
    tech_unpaid,
)
from .basics import (
    GAIN_EFFECT,
    MODULES,
    PLAYER_NAMES,
    achievement_condition,
    achievement_text,
    agents_unused,
    amount_order,
    amount_piece,
    area_label,
    area_name,
    built_areas,
    country_count,
    country_name,
    ev,
    hand_limit,
    houses_built,
    in_hand,
    name,
    neighbours,
    order_goods,
    order_short,
    order_text,
    owns,
    placeable,
    power,
    presidents_in,
    shops_built,
    tech_name,
    token_text,
    top,
)
from .building import (
    apply_bonus,
    apply_build,
    apply_recover,
    bonus_actions,
    build_actions,
    recover,
    recover_actions,
)
from .chance import CHANCE_PROMPTS, apply_chance, chance_outcomes, chance_values
from .end_of_game import (
    board_full_check,
    board_majority,
    country_sets_vp,
    final_scoring,
    ranking,
    trigger_end,
    turn_position,
)
from .movement import (
    apply_move,
    apply_recall,
    can_end_at,
    jump_cost,
    move_actions,
    pay_presidents,
    recall_actions,
    routes,
)
from .opening import apply_keep, keep_actions
from .placement import (
    apply_place,
    apply_place_a,
    apply_telegraph,
    begin_movement,
    place_a_actions,
    place_actions,
    place_assistant,
    placement_fee,
    telegraph_actions,
)
from .rewards import (
    apply_good,
    apply_shift,
    apply_wh_shop,
    gain,
    good_actions,
    house_price,
    pair_check,
    shift_actions,
    take_from_warehouse,
    wh_shop_actions,
)
from .setup import setup, validate_options
from .technologies import apply_station, gain_technology, station_actions
from .turn import advance, apply_in_place, apply_quiet, decision, end_turn, legal_actions, start_turn

__all__ = [
    "CHANCE_PROMPTS", "CHURCH_PAYMENTS", "GAIN_EFFECT", "MODULES", "PLAYER_NAMES", "RULES_REVISION",
    "achievement_condition", "achievement_met", "achievement_text", "advance", "agents_unused", "amount_order", "amount_piece",
    "apply_bonus", "apply_build", "apply_chance", "apply_church", "apply_customs", "apply_exchange",
    "apply_good", "apply_hire", "apply_in_place", "apply_keep", "apply_lab", "apply_move", "apply_phase",
    "apply_place", "apply_place_a", "apply_port", "apply_quiet", "apply_recall", "apply_recover", "apply_reward_token",
    "apply_shift", "apply_station", "apply_telegraph", "apply_wh_shop", "area_action", "area_label",
    "area_name", "assistant_sources", "begin_movement", "board_full_check", "board_majority",
    "bonus_actions", "build_actions", "built_areas", "can_end_at", "chance_outcomes", "chance_values",
    "church_actions", "church_unpaid_space", "country_count", "country_name", "country_sets_vp",
    "customs_actions", "customs_choices", "decision", "end_turn", "ev", "exchange_actions",
    "final_scoring", "fulfil_order", "gain", "gain_technology", "good_actions", "hand_limit",
    "hire_actions", "house_price", "houses_built", "in_hand", "jump_cost", "keep_actions", "lab_actions",
    "legal_actions", "mandatory_area_action", "may_pass", "move_actions", "name", "neighbours",
    "order_goods", "order_short", "order_text", "owns", "pair_check", "pay_presidents", "phase_actions",
    "place_a_actions",
    "place_actions", "place_assistant", "placeable", "placement_fee", "port_actions", "port_level",
    "power", "presidents_in", "push_area_steps", "ranking", "recall_actions", "recover",
    "recover_actions", "reward_text", "reward_token_actions", "routes", "setup", "shift_actions",
    "shops_built", "start_turn", "station_actions", "take_assistant", "take_from_warehouse", "tech_name",
    "tech_payments", "tech_unpaid", "telegraph_actions", "token_text", "top", "trigger_end",
    "turn_position", "validate_options", "wh_shop_actions",
]
