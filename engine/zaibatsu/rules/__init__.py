"""The rules of Nippon: Zaibatsu (base game, 2–4 players), one module per chapter of the rulebook.

Rule citations name a section of the published rulebook by its heading, in English, and its page
where the rulebook's own cross-references give one (e.g. "rulebook: Consolidation, step D, p. 17").
Rule gaps and the places where the Polish, Russian and German editions differ are decided in
docs/rules-notes.md and cited by their ids there ("docs/rules-notes.md G-1"). Every number comes
from ``data/*.json`` through :mod:`..tables`.

The chapters (modules of this package), by the rulebook's headings:

* :mod:`.setup` — Common setup, Player setup (table options, the initial state);
* :mod:`.starting_conditions` — Starting conditions (the start-tile pairs);
* :mod:`.basics` — Basic concepts, the Note on silk, the terms used in texts;
* :mod:`.bonuses` — Bonuses (tracks, the ships/machines/trains area) and Department bonuses;
* :mod:`.gameplay` — Gameplay (steps A and B of a turn), the decisions, the frame interpreter;
* :mod:`.rd_mining`, :mod:`.factories`, :mod:`.transport`, :mod:`.markets`,
  :mod:`.investments` — the Actions, pp. 9–16, by family; :mod:`.actions` dispatches an activation
  and :mod:`.modifiers` holds the factories' action modifiers;
* :mod:`.effects` — the effects and choices that bonuses and factories resolve;
* :mod:`.consolidation` — Consolidation, steps A–D, p. 17;
* :mod:`.end_of_round` — End of round (steps 1–5, the final rounds), p. 18;
* :mod:`.scoring` — Influence scoring, p. 18;
* :mod:`.game_end` — Game end, Final consolidation, Final scoring, p. 19;
* :mod:`.chance` — every random draw the rulebook asks for, as a ``CHANCE`` decision;
* :mod:`.hooks` — how the rules reach Solo mode (:mod:`engine.zaibatsu.automa`) and the Common Goals
  module (:mod:`engine.zaibatsu.modules`), which the game registers; the rules never import them.

The engine is a small interpreter over a stack of frames (see :mod:`..state`): decision frames wait
for a seat (or ``CHANCE``); automatic frames (effect lists, consolidation steps, end of turn, round
end) run inside :func:`.gameplay.advance` until the next decision.

Order of simultaneous effects (rulebook: Basic concepts, p. 7: you resolve your effects in the order
of your choice, one at a time): the engine resolves upgrade tiles (including those of ships built
by a modifier or an effect) before any bonus that could use them, an action modifier before the
activation's bonuses, and gains before optional paid follow-ups. All gains commute, an upgrade only
ever raises a yield, and a paid follow-up can only benefit from earlier gains, so this order is
never worse than any other a player could choose (the order of the rulebook's Ships action example
holds by construction).

This package re-exports every name the engine, the hosts and the tests use (``rules.setup``,
``rules.legal_actions`` …); the game's contracts stay in :mod:`engine.zaibatsu.game`.
"""

from __future__ import annotations

from .actions import (
    activations,
    apply_activation,
    apply_end_modifier,
    can_activate,
    finish_action,
    new_act_frame,
)
from .basics import (
    ACTION_NAMES,
    DIRS,
    GOODS_NAMES,
    PLAYER_NAMES,
    WORKER_COLOURS,
    act,
    coal_total,
    department_name,
    destination_name,
    effect_text,
    ev,
    goods_distributions,
    goods_of,
    money_like,
    name,
    parse_sources,
    pay_coal,
    pay_money,
    per_train_influence,
    region_name,
    return_token,
    sources_text,
    special_max,
    start_text,
    take_goods,
    top,
    workforce_slots,
)
from .bonuses import (
    GAINS,
    area_bonus_ops,
    bonus_ops,
    dept_ops,
    dept_yield,
    gain,
    move_track,
    thresholds_reached,
)
from .chance import (
    CHANCE_PROMPTS,
    apply_chance,
    apply_in_place_chance_forced,
    chance_outcomes,
    chance_outcomes_for,
    forced_chance,
)
from .consolidation import (
    consolidation_step,
    has_prestige_option,
    payday,
    prestige_options,
    protect_limit,
    push_consolidation,
)
from .effects import apply_choice, build_options, choice_actions, has_choice, resolve_build, run_next_op
from .end_of_round import end_round, end_turn, next_turn
from .factories import (
    apply_production,
    build_factory,
    build_machine,
    factory_options,
    machine_options,
    place_machine,
    produce,
    production_options,
)
from .game_end import final_scoring, game_end, prestige_value
from .gameplay import (
    BUILD_PROMPTS,
    CHOICE_PROMPTS,
    EXTRA_PROMPTS,
    advance,
    apply_in_place,
    apply_quiet,
    apply_turn,
    choice_prompt,
    decision,
    legal_actions,
    turn_actions,
)
from .hooks import CommonGoals, Solo, register
from .investments import apply_investment, investment_options
from .markets import market_goods, market_options, market_slot_check, place_token
from .modifiers import mod_has, mod_variants, modifier_slots, triggered
from .rd_mining import apply_steps, step_options
from .scoring import period_scoring, region_influence, scoring_text
from .setup import MODULES, SOLO_LEVELS, setup, validate_options
from .starting_conditions import apply_draft, push_build
from .transport import PAYS, apply_transport, build_ship, build_train, transport_options

__all__ = [
    "ACTION_NAMES", "BUILD_PROMPTS", "CHANCE_PROMPTS", "CHOICE_PROMPTS", "CommonGoals", "DIRS",
    "EXTRA_PROMPTS", "GAINS", "GOODS_NAMES", "MODULES", "PAYS", "PLAYER_NAMES", "SOLO_LEVELS", "Solo",
    "WORKER_COLOURS", "act", "activations", "advance", "apply_activation", "apply_chance", "apply_choice",
    "apply_draft", "apply_end_modifier", "apply_in_place", "apply_in_place_chance_forced",
    "apply_investment", "apply_production", "apply_quiet", "apply_steps", "apply_transport", "apply_turn",
    "area_bonus_ops", "bonus_ops", "build_factory", "build_machine", "build_options", "build_ship",
    "build_train", "can_activate", "chance_outcomes", "chance_outcomes_for", "choice_actions",
    "choice_prompt", "coal_total", "consolidation_step", "decision", "department_name", "dept_ops",
    "dept_yield", "destination_name", "effect_text", "end_round", "end_turn", "ev", "factory_options",
    "final_scoring", "finish_action", "forced_chance", "gain", "game_end", "goods_distributions",
    "goods_of", "has_choice", "has_prestige_option", "investment_options", "legal_actions",
    "machine_options", "market_goods", "market_options", "market_slot_check", "mod_has", "mod_variants",
    "modifier_slots", "money_like", "move_track", "name", "new_act_frame", "next_turn", "parse_sources",
    "pay_coal", "pay_money", "payday", "per_train_influence", "period_scoring", "place_machine",
    "place_token", "prestige_options", "prestige_value", "produce", "production_options", "protect_limit",
    "push_build", "push_consolidation", "region_influence", "region_name", "register", "resolve_build",
    "return_token", "run_next_op", "scoring_text", "setup", "sources_text", "special_max", "start_text",
    "step_options", "take_goods", "thresholds_reached", "top", "transport_options", "triggered",
    "turn_actions", "validate_options", "workforce_slots",
]
