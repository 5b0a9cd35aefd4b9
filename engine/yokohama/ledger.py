"""A seat's countable position in Yokohama, for the previews of options (the
:class:`~engine.core.capabilities.Ledger` capability, :mod:`engine.core.preview`).

Terms (in the order a preview lists them): ``yen``, the trade goods ``copper``, ``silk``, ``tea``,
``fish``, imported goods ``ig``, ``vp``; pieces in hand ``assistants``, ``shops``, ``houses`` and
built on the areas ``built.shops``, ``built.houses``; order cards in hand ``orders`` (how many:
which ones stay hidden) and ``fulfilled``; ``technologies``, ``agents`` (foreign agents),
``power_tokens`` and ``achievements``. Draw terms (``draw.order`` …) name the chance decisions an
option leads to.
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.core import Event

from .state import YState
from .words import M, Mn, amount

#: The chance decisions worth naming in a preview, by their frame's ``what`` (set-up draws left out).
_DRAWS = {"order": "draw.order", "tech": "draw.tech", "tile": "draw.tile", "token": "draw.token",
          "board": "draw.board", "deal": "draw.deal"}

def ledger(state: YState, seat: int) -> dict[str, int]:
    """``seat``'s countable position (every count is public; see the module docstring)."""
    p = state.players[seat]
    shops = sum(1 for a in state.areas.values() for s in a.shops if s == seat)
    houses = sum(1 for a in state.areas.values() if a.house == seat)
    return {
        "yen": p.yen, "copper": p.copper, "silk": p.silk, "tea": p.tea, "fish": p.fish, "ig": p.ig, "vp": p.vp,
        "assistants": p.hand_assistants, "shops": p.hand_shops, "houses": p.hand_houses,
        "built.shops": shops, "built.houses": houses, "orders": len(p.orders), "fulfilled": len(p.fulfilled),
        "technologies": len(p.technologies), "agents": len(p.agents) + p.free_agents,
        "power_tokens": len(p.power_tokens), "achievements": len(p.achievements),
    }


def ledger_term(term: str, n: int) -> str:
    """``n`` of ``term`` in the catalogue (a Msg); raises ``KeyError`` for an unknown term."""
    if term in ("yen", "copper", "silk", "tea", "fish", "ig", "vp"):
        return amount(term, n)
    if term == "assistants":
        return Mn("{n} assistant", "{n} assistants", n)
    if term == "shops":
        return Mn("{n} shop", "{n} shops", n)
    if term == "houses":
        return Mn("{n} trading house", "{n} trading houses", n)
    if term == "built.shops":
        return Mn("{n} shop built", "{n} shops built", n)
    if term == "built.houses":
        return Mn("{n} trading house built", "{n} trading houses built", n)
    if term == "orders":
        return Mn("{n} order card in hand", "{n} order cards in hand", n)
    if term == "fulfilled":
        return Mn("{n} fulfilled order", "{n} fulfilled orders", n)
    if term == "technologies":
        return Mn("{n} technology card", "{n} technology cards", n)
    if term == "agents":
        return Mn("{n} foreign agent", "{n} foreign agents", n)
    if term == "power_tokens":
        return Mn("{n} 5-power token", "{n} 5-power tokens", n)
    if term == "achievements":
        return Mn("{n} achievement", "{n} achievements", n)
    if term == "draw.order":
        # i18n: what follows an option: order cards drawn onto a Port board (after "+1 tea; ").
        return Mn("then {n} order card is drawn onto the Port", "then {n} order cards are drawn onto the Port", n)
    if term == "draw.tech":
        return Mn("then {n} technology card is drawn onto the Laboratory",
                  "then {n} technology cards are drawn onto the Laboratory", n)
    if term == "draw.tile":
        return Mn("then {n} building tile is drawn", "then {n} building tiles are drawn", n)
    if term == "draw.token":
        return Mn("then {n} 5-power token is drawn", "then {n} 5-power tokens are drawn", n)
    if term == "draw.board":
        return Mn("then {n} area board is revealed", "then {n} area boards are revealed", n)
    if term == "draw.deal":
        return Mn("then {n} order card is dealt", "then {n} order cards are dealt", n)
    raise KeyError(term)


def ledger_draw(state: YState) -> str | None:
    """The draw term of the pending chance decision, or ``None`` (not a chance decision, or set-up)."""
    if state.over or not state.stack or state.stack[-1].get("k") != "chance":
        return None
    return _DRAWS.get(str(state.stack[-1].get("what")))


def ledger_rules(state: YState, events: Sequence[Event], seat: int) -> list[str]:
    """Rules behind ``seat``'s changes in ``events`` a player may not expect (Msgs).

    The build step (Krok budowy) follows an area action only at power 4 or more: named when the
    player could have built there (a building tile with a free space and a piece in hand)."""
    from .rules.building import build_actions
    from .tables import tables

    need = tables().n["build_min_power"]
    p = state.players[seat]
    for e in events:
        if e.seat != seat or e.kind != "area_action" or int(e.data.get("power", need)) >= need:
            continue
        area = state.areas.get(str(e.data.get("area")))
        if area is not None and area.tile is not None and \
                any(x.kind != "skip" for x in build_actions(state, {"area": area.id}, p)):
            # i18n: a rule named in an option's preview (the build step needs power 4).
            return [M("no building: it needs power {power}", power=need)]
    return []
