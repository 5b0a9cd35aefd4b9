"""The words of Nippon: Zaibatsu: its message domain and every game term drawn from data.

Modules of this game import ``M``/``Mn``/``T`` (texts and terms shown later in any language) and
``_``/``_n``/``_t`` (texts in the current language) from here; the catalogues are in
``locale/<lang>/LC_MESSAGES/zaibatsu.po`` (see :mod:`engine.core.i18n`).
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from pathlib import Path

from engine.core.i18n import Domain, Msg

DOMAIN = Domain("zaibatsu", Path(__file__).with_name("locale"))

M = DOMAIN.msg
Mn = DOMAIN.nmsg
T = DOMAIN.term
_ = DOMAIN.gettext
_n = DOMAIN.ngettext
_t = DOMAIN.pgettext


def terms() -> list[tuple[str, str]]:
    """Every ``(context, English)`` term this game looks up with a variable (names from data).

    The catalogue tool adds them to the extracted ids, so each language must name them all.
    Contexts: ``name`` (Takatoshi), ``player`` (a colour as a player's name), ``worker colour``,
    ``goods`` (goods type id), ``destination``, ``region``, ``department``, ``factory effect``
    (a factory side's text), ``start tile`` (its text), ``solo goal``, ``common goal``, ``rating``.
    Code looks these up as ``T(context, record.name)`` (or ``.text``).
    """
    from .data import COLOURS, GOODS
    from .state import PLAYER_COLOURS
    from .tables import tables

    d = tables().data
    out: list[tuple[str, str]] = [("name", "Takatoshi")]
    out += [("player", c.capitalize()) for c in PLAYER_COLOURS]
    out += [("worker colour", c) for c in COLOURS]
    out += [("goods", g) for g in GOODS]
    out += [("destination", x.name) for x in d.destinations]
    out += [("region", x.name) for x in d.regions]
    out += [("department", x.name) for x in d.departments]
    out += [("factory effect", x.text) for x in d.factories]
    out += [("start tile", x.text) for x in d.start_tiles]
    out += [("solo goal", x.text) for x in d.solo_goals]
    out += [("common goal", x.text) for x in d.common_goals]
    out += [("rating", x.name) for x in d.ratings]
    seen: set[tuple[str, str]] = set()
    return [t for t in out if not (t in seen or seen.add(t))]


# ------------------------------------------------------------------------------------------------
# Helpers for engine texts (the pieces stay Msgs, so a whole sentence translates later)
# ------------------------------------------------------------------------------------------------

#: Tracks of a player board (R&D, Mining, Finance) as terms.
TRACK_NAMES = {
    "rd": T("track", "R&D"),
    "mining": T("track", "Mining"),
    "finance": T("track", "Finance"),
}
#: The personal goal slots (where prestige tiles go) as terms, by goal slot id.
GOAL_SLOT_NAMES = {
    "ships": T("goal slot", "Ships"),
    "machines": T("goal slot", "Machines"),
    "trains": T("goal slot", "Trains"),
    "rd": T("goal slot", "R&D"),
    "mining": T("goal slot", "Mining"),
    "finance": T("goal slot", "Finance"),
    "factories": T("goal slot", "Factories"),
    "contracts": T("goal slot", "Contracts"),
}
#: Solo goal slots by their border colour (also the border of Takatoshi's worker action tiles).
SOLO_SLOT_NAMES = {
    "green": T("solo goal slot", "green"),
    "yellow": T("solo goal slot", "yellow"),
    "red": T("solo goal slot", "red"),
}


def listing(items: Sequence[str]) -> str:
    """``items`` as one comma-separated text (``"a, b, c"``), kept translatable.

    The items (usually :class:`~engine.core.i18n.Msg` terms or names) are nested in
    ``"{first}, {rest}"`` messages, so the list is translated with the sentence that holds it.
    A single item is returned as it is; an empty list raises ``ValueError``.
    """
    items = list(items)
    if not items:
        raise ValueError("listing() of nothing")
    if len(items) == 1:
        return items[0]
    # i18n: Two or more items of a list ("Green, Orange"); {rest} may itself be such a list.
    return M("{first}, {rest}", first=items[0], rest=listing(items[1:]))


def alternatives(items: Sequence[str]) -> str:
    """``items`` as ``"a, b or c"`` (one of them), kept translatable; like :func:`listing`."""
    items = list(items)
    if not items:
        raise ValueError("alternatives() of nothing")
    if len(items) == 1:
        return items[0]
    if len(items) == 2:
        # i18n: The last two of a list of alternatives ("R&D or Mining").
        return M("{first} or {last}", first=items[0], last=items[1])
    return M("{first}, {rest}", first=items[0], rest=alternatives(items[1:]))


@lru_cache(maxsize=1024)
def amount(kind: str, n: int) -> Msg:
    """``n`` of a resource (``money``, ``coal``, ``silk``, ``iron``, ``vp``), of a goods type
    (``cotton`` …) or of goods in general (``goods``), with the right plural form."""
    if kind == "money":
        return Mn("{n} money", "{n} money", n)
    if kind == "coal":
        return Mn("{n} coal", "{n} coal", n)
    if kind == "silk":
        return Mn("{n} silk", "{n} silk", n)
    if kind == "iron":
        return Mn("{n} iron", "{n} iron", n)
    if kind == "vp":
        return Mn("{n} VP", "{n} VP", n)
    if kind == "cotton":
        return Mn("{n} cotton", "{n} cotton", n)
    if kind == "paper":
        return Mn("{n} paper", "{n} paper", n)
    if kind == "bento":
        return Mn("{n} bento", "{n} bento", n)
    if kind == "lenses":
        return Mn("{n} lenses", "{n} lenses", n)
    if kind == "bulbs":
        return Mn("{n} bulbs", "{n} bulbs", n)
    if kind == "clocks":
        return Mn("{n} clocks", "{n} clocks", n)
    if kind == "goods":
        return Mn("{n} good", "{n} goods", n)
    raise KeyError(kind)
