"""A seat's countable position in Nippon: Zaibatsu, for the previews of options (the
:class:`~engine.core.capabilities.Ledger` capability, :mod:`engine.core.preview`).

Terms (in the order a preview lists them): ``money`` (yen-thousands), ``coal``, ``silk``,
``iron``, ``vp``, the tracks' spaces ``track.rd``, ``track.mining``, ``track.finance``, ``goods``
(cubes on the factories and on start tile A4), ``factories``, ``machines``, ``ships`` and
``trains`` (pieces taken), ``workers`` (the workforce), ``tokens`` (influence tokens in the
supply), ``contracts`` (fulfilled), ``departments`` (upgraded) and ``prestige`` (prestige tiles
placed). Draw terms (``draw.worker`` …) name the chance decisions an option leads to.
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.core import Event
from engine.core.i18n import Msg

from .state import ZState
from .words import TRACK_NAMES, M, Mn, T, amount

#: The chance decisions worth naming in a preview, by their frame's ``what`` (set-up draws left out).
_DRAWS = {"draw": "draw.worker", "demand": "draw.demand", "factories": "draw.factories", "modern": "draw.factories",
          "reveal": "draw.reveal", "common": "draw.common"}


def ledger(state: ZState, seat: int) -> dict[str, int]:
    """``seat``'s countable position (every count is public; see the module docstring)."""
    p = state.players[seat]
    return {
        "money": p.money, "coal": p.coal, "silk": p.silk, "iron": p.iron, "vp": p.vp,
        "track.rd": p.rd, "track.mining": p.mining, "track.finance": p.finance,
        "goods": sum(f.goods for f in p.factories) + p.goods_reserve, "factories": len(p.factories),
        "machines": p.machines, "ships": p.ships, "trains": p.trains, "workers": len(p.workforce),
        "tokens": len(p.tokens), "contracts": len(p.contracts_done), "departments": len(p.upgraded),
        "prestige": len(p.goals),
    }


def ledger_term(term: str, n: int) -> str:
    """``n`` of ``term`` in the catalogue (a Msg); raises ``KeyError`` for an unknown term."""
    if term in ("money", "coal", "silk", "iron", "vp", "goods"):
        return amount(term, n)
    if term.startswith("track."):
        # i18n: steps on a track in an option's preview ("+2 steps on Mining").
        return Mn("{n} step on {track}", "{n} steps on {track}", n, track=TRACK_NAMES[term[6:]])
    if term == "factories":
        return Mn("{n} factory", "{n} factories", n)
    if term == "machines":
        return Mn("{n} machine", "{n} machines", n)
    if term == "ships":
        return Mn("{n} ship", "{n} ships", n)
    if term == "trains":
        return Mn("{n} train", "{n} trains", n)
    if term == "workers":
        return Mn("{n} worker", "{n} workers", n)
    if term == "tokens":
        return Mn("{n} influence token", "{n} influence tokens", n)
    if term == "contracts":
        return Mn("{n} fulfilled contract", "{n} fulfilled contracts", n)
    if term == "departments":
        return Mn("{n} upgraded department", "{n} upgraded departments", n)
    if term == "prestige":
        return Mn("{n} prestige tile", "{n} prestige tiles", n)
    if term == "draw.worker":
        # i18n: what follows an option: workers drawn from the bag (after "+1 coal; ").
        return Mn("then {n} worker is drawn from the bag", "then {n} workers are drawn from the bag", n)
    if term == "draw.demand":
        return Mn("then {n} demand tile is drawn", "then {n} demand tiles are drawn", n)
    if term == "draw.factories":
        return Mn("then new factories are drawn for the display", "then new factories are drawn for the display", n)
    if term == "draw.reveal":
        return Mn("then {name} reveals {n} action tile", "then {name} reveals {n} action tiles", n, name=T("name", "Takatoshi"))
    if term == "draw.common":
        return Mn("then {n} common goal is drawn", "then {n} common goals are drawn", n)
    raise KeyError(term)


def ledger_draw(state: ZState) -> str | None:
    """The draw term of the pending chance decision, or ``None`` (not a chance decision, or set-up)."""
    if state.over or not state.stack or state.stack[-1].get("k") != "chance":
        return None
    return _DRAWS.get(str(state.stack[-1].get("what")))


def ledger_rules(state: ZState, events: Sequence[Event], seat: int) -> list[str]:
    """Rules behind ``seat``'s changes in ``events`` a player may not expect (Msgs).

    Consolidation step B (taxes): money and coal return to the supply. Consolidation step D
    (wages): never your last money; each unpaid money costs 1 VP."""
    notes: list[str] = []
    for e in events:
        if e.seat != seat:
            continue
        if e.kind == "taxes" and isinstance(e.text, Msg):
            # The amounts the taxes event names (its own "2 money" and "4 coal" terms).
            money: Msg | None = e.text.args.get("money")
            coal: Msg | None = e.text.args.get("coal")
            if money is not None and coal is not None and (money.n or coal.n):
                # i18n: a rule named in an option's preview (consolidation step B); {money}, {coal}: "2 money".
                notes.append(M("taxes: {money} and {coal} return to the supply", money=money, coal=coal))
        elif e.kind == "payday" and int(e.data.get("due", 0)) > int(e.data.get("paid", 0)):
            # i18n: a rule named in an option's preview (consolidation step D, wages).
            notes.append(M("wages never take your last money: −1 VP per unpaid money"))
    return notes
