"""A seat's countable position in Nippon, for the previews of options (the
:class:`~engine.core.capabilities.Ledger` capability, :mod:`engine.core.preview`).

Terms (in the order a preview lists them): ``money`` (thousands of yen, shown as yen), ``coal``,
``blueprints``, ``vp``, ``goods`` (cubes on the factories), ``machines`` (stored machinery),
``factories`` (built), ``ships`` and ``trains`` (taken from the player board), ``influence``
(unused influence tiles), ``contracts`` (fulfilled), ``workers`` (on the worker spaces) and the
three tracks' spaces ``track.money``, ``track.coal``, ``track.knowledge``. Draw terms
(``draw.worker``, ``draw.city``) name the chance decisions an option leads to.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine.core import CHANCE, Event

from .state import NState
from .words import TRACK_NAMES, M, Mn, amount, listing

#: The chance decisions worth naming in a preview, by their frame's ``what`` (set-up draws left out).
_DRAWS = {"draw": "draw.worker", "city": "draw.city"}


def ledger(state: NState, seat: int) -> dict[str, int]:
    """``seat``'s countable position (every count is public; see the module docstring)."""
    p = state.players[seat]
    return {
        "money": p.money, "coal": p.coal, "blueprints": p.blueprints, "vp": p.vp,
        "goods": sum(f.stored for f in p.factories), "machines": p.machines, "factories": len(p.factories),
        "ships": 6 - p.ships, "trains": 6 - p.trains, "influence": len(p.influence),
        "contracts": len(p.contracts_done), "workers": len(p.workers),
        "track.money": p.money_pos, "track.coal": p.coal_pos, "track.knowledge": p.knowledge_pos,
    }


def ledger_term(term: str, n: int) -> str:
    """``n`` of ``term`` in the catalogue (a Msg); raises ``KeyError`` for an unknown term."""
    if term in ("money", "coal", "blueprints", "vp", "goods", "workers"):
        return amount(term, n)
    if term == "machines":
        return Mn("{n} machine", "{n} machines", n)
    if term == "factories":
        return Mn("{n} factory", "{n} factories", n)
    if term == "ships":
        return Mn("{n} ship", "{n} ships", n)
    if term == "trains":
        return Mn("{n} train", "{n} trains", n)
    if term == "influence":
        return Mn("{n} influence tile", "{n} influence tiles", n)
    if term == "contracts":
        return Mn("{n} fulfilled contract", "{n} fulfilled contracts", n)
    if term.startswith("track."):
        # i18n: steps on a track in an option's preview ("+2 steps on the coal track").
        return Mn("{n} step on the {track}", "{n} steps on the {track}", n, track=TRACK_NAMES[term[6:]])
    if term == "draw.worker":
        # i18n: what follows an option: workers drawn from the bag (after "+1 coal; ").
        return Mn("then {n} worker is drawn from the bag", "then {n} workers are drawn from the bag", n)
    if term == "draw.city":
        return Mn("then {n} city tile is drawn", "then {n} city tiles are drawn", n)
    raise KeyError(term)


def ledger_draw(state: NState) -> str | None:
    """The draw term of the pending chance decision, or ``None`` (not a chance decision, or set-up)."""
    if state.over or not state.stack or state.stack[-1].get("k") != "chance":
        return None
    return _DRAWS.get(str(state.stack[-1].get("what")))


def ledger_rules(state: NState, events: Sequence[Event], seat: int) -> list[str]:
    """Rules behind ``seat``'s changes in ``events`` a player may not expect (Msgs).

    Consolidation step 1 (Nippon rulebook, Konsolidacja): yen and coal left over are discarded
    before the income is taken. A train counts for influence in its region only where the player
    has an influence tile (Podliczanie Punktów)."""
    from .rules import region_influence, region_name

    notes: list[str] = []
    for e in events:
        if e.seat != seat or e.seat == CHANCE:
            continue
        data: dict[str, Any] = e.data
        dropped = [amount(k, int(data.get(f"discarded_{k}") or 0)) for k in ("money", "coal")
                   if e.kind == "income" and data.get(f"discarded_{k}")]
        if dropped:
            # i18n: a rule named in an option's preview (Nippon, consolidation step 1): {dropped} is
            # "11,000 yen and 2 coal" or one of them.
            notes.append(M("{dropped} left over are discarded before the income", dropped=listing(dropped)))
        if e.kind == "train" and data.get("region") and region_influence(state, seat, str(data["region"])) == 0:
            # i18n: a rule named in an option's preview (Nippon, scoring): a train adds influence only
            # next to an influence tile of its owner in the region.
            notes.append(M("trains count for influence in {region} only with your influence tile there",
                           region=region_name(str(data["region"]))))
    return notes
