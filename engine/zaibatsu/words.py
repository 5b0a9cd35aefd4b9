"""The words of Nippon: Zaibatsu: its message domain and every game term drawn from data.

Modules of this game import ``M``/``Mn``/``T`` (texts and terms shown later in any language) and
``_``/``_n``/``_t`` (texts in the current language) from here; the catalogues are in
``locale/<lang>/LC_MESSAGES/zaibatsu.po`` (see :mod:`engine.core.i18n`).
"""

from __future__ import annotations

from pathlib import Path

from engine.core.i18n import Domain

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
