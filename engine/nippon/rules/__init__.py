"""The rules of Nippon (What's Your Game?, 2015) for 2–4 players, one module per chapter of the rulebook.

Rule references name the section headings of the Polish rulebook (the seed of this engine), e.g.
``# Konsolidacja, krok 3 (Nippon rulebook)``. Every number comes from ``data/*.json`` through
:mod:`..tables`; gaps and defaults are listed in ``docs/rules-notes.md`` ("Nippon (2015)").

The chapters (modules of this package), by the rulebook's headings:

* :mod:`.setup` — Wstępne Przygotowanie (set-up);
* :mod:`.basics` — the terms used in texts and the helpers every chapter shares (tracks, factory
  bonuses, prices, pieces);
* :mod:`.gameplay` — Kolejność rozgrywki (order of play: take a worker or consolidate, the free
  blueprint conversion), Puste Pole Akcji and Pusty Rząd Robotników (refills, the scoring marker),
  the decisions and the frame interpreter;
* :mod:`.actions` — the action in progress, one repetition at a time, Wiedza and Kopalnie
  (knowledge, mines) and the free builds of factory bonuses; the other actions by family:
  :mod:`.factories` (Inwestycje w nowy przemysł, Produkcja Towarów, Mechanizacja),
  :mod:`.transport` (Pociągi / Statki), :mod:`.export` (Eksport), :mod:`.market` (Rynek lokalny,
  Dostępność pól Wpływu);
* :mod:`.consolidation` — Konsolidacja (income, the Emperor's reward, payday);
* :mod:`.scoring` — Podliczanie Punktów (regional scoring);
* :mod:`.final_scoring` — Pomoc Gracza, Finałowe Podliczanie (achievements), and the ranking;
* :mod:`.chance` — every random draw of the set-up and the refills, as a ``CHANCE`` decision.

The engine is a small interpreter over a stack of frames (see :mod:`..state`): decision frames wait
for a seat (or ``CHANCE``); automatic frames (payday, end of turn, refills, the scoring marker,
the next turn) run inside :func:`.gameplay.advance` until the next decision. A multi-step action is a
sequence of decisions, one repetition at a time, each paid at its marginal price
(1 / 3 / 6 → 1, +2, +3), so "perform in full" is checked step by step: a choice is only offered if
it can be completed.

This package re-exports every name the engine, the hosts and the tests use (``rules.setup``,
``rules.legal_actions`` …); the game's contracts stay in :mod:`engine.nippon.game`.
"""

from __future__ import annotations

from engine.core.majority import influence_value

from .actions import apply_free, apply_repetition, finish_action, free_options, new_act_frame, repetitions
from .basics import (
    PLAYER_NAMES,
    SIDES,
    achievement_text,
    bonus_text,
    city_goods,
    city_limit,
    empty_spaces,
    ev,
    extra_steps,
    factory_of,
    gain,
    gain_text,
    goods_name,
    icon_steps,
    icons_revealed,
    knowledge_short,
    lose_vp,
    marginal,
    move_track,
    name,
    ops_of,
    pos_attr,
    prices_for,
    production_coal,
    production_gain,
    region_name,
    reward_bonus_text,
    room,
    stack_key,
    tile_ops,
    top,
    track_value,
    transport_capacity,
    worker_colour,
)
from .chance import CHANCE_PROMPTS, apply_chance, chance_outcomes, chance_outcomes_for
from .consolidation import consolidate, payday, place_tile, push_place, reward_options, take_reward
from .export import export_options, fulfil_contract
from .factories import build_factory, factory_op, invest_options, machine_options, produce, upgrade
from .final_scoring import achievement_base, final_scoring, multiplier, ranking
from .gameplay import (
    FREE_PROMPTS,
    advance,
    apply_in_place,
    apply_quiet,
    apply_turn,
    blueprint_actions,
    convert_blueprints,
    core_actions,
    decision,
    end_turn,
    legal_actions,
    move_marker,
    next_turn,
    turn_actions,
)
from .market import market_options, place_influence
from .scoring import FOREIGN, foreign_influence, region_influence, regional_scoring, scoring_text
from .setup import setup, validate_options
from .transport import build_transport, transport_options

__all__ = [
    "CHANCE_PROMPTS", "FOREIGN", "FREE_PROMPTS", "PLAYER_NAMES", "SIDES", "achievement_base",
    "achievement_text", "advance", "apply_chance", "apply_free", "apply_in_place", "apply_quiet", "apply_repetition",
    "apply_turn", "blueprint_actions", "bonus_text", "build_factory", "build_transport",
    "chance_outcomes", "chance_outcomes_for", "city_goods", "city_limit", "consolidate",
    "convert_blueprints", "core_actions", "decision", "empty_spaces", "end_turn", "ev", "export_options",
    "extra_steps", "factory_of", "factory_op", "final_scoring", "finish_action", "foreign_influence",
    "free_options", "fulfil_contract", "gain", "gain_text", "goods_name", "icon_steps", "icons_revealed",
    "influence_value", "invest_options", "knowledge_short", "legal_actions", "lose_vp", "machine_options",
    "marginal", "market_options", "move_marker", "move_track", "multiplier", "name", "new_act_frame",
    "next_turn", "ops_of", "payday", "place_influence", "place_tile", "pos_attr", "prices_for", "produce",
    "production_coal", "production_gain", "push_place", "ranking", "region_influence", "region_name",
    "regional_scoring", "repetitions", "reward_bonus_text", "reward_options", "room", "scoring_text",
    "setup", "stack_key", "take_reward", "tile_ops", "top", "track_value", "transport_capacity",
    "transport_options", "turn_actions", "upgrade", "validate_options", "worker_colour",
]
