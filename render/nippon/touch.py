"""What the last Nippon move touched (:class:`Touch`), found from its public events or else from its
notation."""

from __future__ import annotations

from typing import Any, NamedTuple

from engine.nippon import notation
from engine.nippon.tables import tables

#: The acting player's events that name what a move touched, most telling first.
_MAIN = ("factory", "produce", "machine", "ship", "train", "export", "market", "achievement", "discard", "reward",
         "consolidate", "blueprints", "track", "take", "icon", "gain", "payday")


class Touch(NamedTuple):
    """What the last move touched, as :func:`touched` finds it from the events (or the notation).

    ``kind`` is ``space`` (action spaces; ``key`` the 1-based spaces touched), ``track`` (``key``
    the track), ``factory`` (``key`` a good or ``supply``, ``extra`` the tile built), ``transport``
    (``key`` the region, ``extra`` ``ship``/``train``), ``city`` (``key`` the city, ``extra`` the
    side or ``""``), ``contract``, ``reward`` (``key`` the stack ``3:coal``), ``achievement``,
    ``consolidation``, ``scoring`` (``key`` its number) or ``marker``; ``seat`` the player whose
    board it is (``None`` for the main board).
    """

    kind: str
    seat: int | None = None
    key: Any = ""
    extra: str = ""


def _seat_ok(view: dict[str, Any], seat: Any) -> bool:
    return isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < len(view.get("players") or [])


def _player_seat(view: dict[str, Any], seat: Any) -> int | None:
    """``seat`` when it is a player's seat of ``view``, else ``None``."""
    return seat if _seat_ok(view, seat) else None


def _events(last: dict[str, Any] | None) -> list[dict[str, Any]]:
    return [e for e in (last or {}).get("events") or [] if isinstance(e, dict)]


def _data(e: dict[str, Any]) -> dict[str, Any]:
    d = e.get("data")
    return d if isinstance(d, dict) else {}


def _from_notation(view: dict[str, Any], seat: int | None, move: str) -> Touch | None:
    """What a move touched, read from its notation (events without ``data``)."""
    try:
        action = notation.parse_action(move)
    except ValueError:
        return None
    k, a = action.kind, action.args
    if k == "take":
        return Touch("space", seat, (int(a[0]),))
    if k == "factory":
        return Touch("factory", seat, tables().factory(str(a[0])).goods, str(a[0]))
    if k in ("produce", "machine"):
        return Touch("factory", seat, str(a[0]))
    if k in ("train", "ship"):
        return Touch("transport", seat, str(a[0]), k)
    if k == "export":
        return Touch("contract", seat, str(a[0]))
    if k == "market":
        return Touch("city", seat, str(a[0]), str(a[1]))
    if k == "reward":
        return Touch("reward", seat, f"{a[0]}:{a[1]}")
    if k == "place":
        return Touch("achievement", seat, str(a[0]))
    if k == "consolidate":
        return Touch("consolidation", seat)
    if k == "bp":
        return Touch("track", seat, str(a[0]))
    return None


def touched(view: dict[str, Any], last: dict[str, Any] | None) -> Touch | None:
    """The part of the board the move ``last`` touched (see :class:`Touch`), or ``None``.

    A scoring outranks everything (it is the news of the move); then the acting player's most
    telling event (:data:`_MAIN`); then the main board's changes (scoring marker, refilled action
    spaces, a city tile, a removed reward tile). Events without ``data`` fall back to the notation.
    """
    events = _events(last)
    if not events and not last:
        return None
    seat = (last or {}).get("seat")
    seat = seat if _seat_ok(view, seat) else None
    kinds = {e.get("kind") for e in events}
    for e in events:
        if e.get("kind") == "scoring" and "scoring" in _data(e):
            return Touch("scoring", None, int(_data(e)["scoring"]))
    mine = [e for e in events if e.get("seat") == seat] if seat is not None else []
    for kind in _MAIN:
        for e in mine:
            if e.get("kind") != kind:
                continue
            d = _data(e)
            if kind == "factory" and d.get("tile") in tables().factories:
                return Touch("factory", seat, tables().factory(d["tile"]).goods, str(d["tile"]))
            if kind in ("produce", "machine") and "goods" in d:
                return Touch("factory", seat, str(d["goods"]))
            if kind in ("ship", "train") and "region" in d:
                return Touch("transport", seat, str(d["region"]), kind)
            if kind == "export" and "contract" in d:
                return Touch("contract", seat, str(d["contract"]))
            if kind == "market" and "city" in d:
                return Touch("city", seat, str(d["city"]), str(d.get("side", "")))
            if kind == "achievement" and "achievement" in d:
                return Touch("achievement", seat, str(d["achievement"]))
            if kind == "discard":
                return Touch("achievement", seat, "")
            if kind == "reward" and "bonus" in d:
                return Touch("reward", seat, f"{d['multiplier']}:{d['bonus']}")
            if kind == "consolidate" or (kind in ("reward", "payday") and "consolidate" in kinds):
                return Touch("consolidation", seat)
            if kind in ("blueprints", "track") and "track" in d:
                return Touch("track", seat, str(d["track"]))
            if kind == "icon":
                return Touch("track", seat, "money")
            if kind == "take" and "space" in d:
                return Touch("space", seat, (int(d["space"]),))
    for e in events:
        d = _data(e)
        if e.get("kind") == "marker" and "space" in d:
            return Touch("marker", None, int(d["space"]))
    spaces = sorted({int(_data(e)["space"]) for e in events if e.get("kind") == "refill" and "space" in _data(e)}
                    | {int(_data(e)["index"]) + 1 for e in events
                       if e.get("kind") == "draw" and _data(e).get("to") == "space" and "index" in _data(e)})
    if spaces or "global_refill" in kinds:
        return Touch("space", None, tuple(spaces))
    for e in events:
        d = _data(e)
        if e.get("kind") == "city" and "city" in d:
            return Touch("city", None, str(d["city"]), "")
        if e.get("kind") == "reward_removed" and "stack" in d:
            return Touch("reward", None, str(d["stack"]))
    if seat is not None and events and any(_data(e) for e in events):
        return None
    return _from_notation(view, seat, str((last or {}).get("move") or "")) if seat is not None else None
