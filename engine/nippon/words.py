"""Message domain ``nippon``: every player-facing word of the Nippon engine.

The short names follow the extractor's keywords (:data:`engine.core.i18n.EXTRACT_KEYWORDS`):
``M``, ``Mn`` and ``T`` build :class:`~engine.core.i18n.Msg` texts, plurals and terms that a front
end shows in its reader's language later; ``_``, ``_n`` and ``_t`` translate at once into the
current language (terminal text). Catalogues: ``locale/nippon.pot`` and
``locale/<pl|ru|de>/LC_MESSAGES/nippon.po`` (``python -m bot i18n update``).
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache
from pathlib import Path

from engine.core.i18n import Domain, Msg, Number

DOMAIN = Domain("nippon", Path(__file__).with_name("locale"))

#: Msgs: a text, a plural text, a term (context + English name).
M, Mn, T = DOMAIN.msg, DOMAIN.nmsg, DOMAIN.term
#: The same three, translated at once into the current language.
_, _n, _t = DOMAIN.gettext, DOMAIN.ngettext, DOMAIN.pgettext


def terms() -> list[tuple[str, str]]:
    """Every ``(context, English)`` term this game looks up with a variable (names from data).

    The catalogue tool adds them to the extracted ids, so each language must name them all.
    Contexts: ``player`` (a colour as a player's name), ``worker colour``, ``goods``, ``region``,
    ``factory bonus`` (a factory tile's text), ``achievement`` (an achievement space's text).
    Code looks these up as ``T(context, record.name)`` (or ``.text``).
    """
    from .state import PLAYER_COLOURS
    from .tables import tables

    d = tables().data
    out: list[tuple[str, str]] = [("player", c.capitalize()) for c in PLAYER_COLOURS]
    out += [("worker colour", w.colour) for w in d.workers]
    out += [("goods", g.name) for g in d.goods]
    out += [("region", r.name) for r in d.regions]
    out += [("factory bonus", f.text) for f in d.factories]
    out += [("achievement", a.text) for a in d.achievements]
    return list(dict.fromkeys(out))  # each once, in first-seen order


#: The nine actions as terms (Dostępne Akcje).
ACTION_NAMES = {
    "invest": T("action", "Invest in new industry"),
    "produce": T("action", "Produce goods"),
    "mechanize": T("action", "Mechanization"),
    "knowledge": T("action", "Knowledge"),
    "mines": T("action", "Mines"),
    "trains": T("action", "Trains"),
    "ships": T("action", "Ships"),
    "export": T("action", "Export"),
    "market": T("action", "Local market"),
}
#: The player-board tracks as terms.
TRACK_NAMES = {
    "money": T("track", "money track"),
    "coal": T("track", "coal track"),
    "knowledge": T("track", "knowledge track"),
}


def listing(items: Iterable[str]) -> str:
    """``items`` as one comma-separated text (``"a, b, c"``), kept translatable.

    The items (usually :class:`~engine.core.i18n.Msg` terms) nest in ``"{first}, {rest}"`` messages,
    so the list translates with the sentence that holds it. One item is returned as it is; an empty
    list raises ``ValueError``.
    """
    parts = list(items)
    if not parts:
        raise ValueError("an empty list has no listing")
    text = parts[-1]
    for item in reversed(parts[:-1]):
        # i18n: Two or more items of a list ("Red, Blue"); {rest} may itself be such a list.
        text = M("{first}, {rest}", first=item, rest=text)
    return text


@cache
def amount(kind: str, n: int) -> Msg:
    """``n`` of ``money`` (thousand yen, shown as yen), ``coal``, ``blueprints``, ``vp``, ``goods``
    or ``workers``, with the right plural form; raises ``KeyError`` for another kind."""
    if kind == "money":
        # i18n: money is kept in thousands of yen; {yen} is the full amount (12,000).
        return Mn("{yen} yen", "{yen} yen", n * 1000, yen=Number(n * 1000))
    if kind == "coal":
        return Mn("{n} coal", "{n} coal", n)
    if kind == "blueprints":
        return Mn("{n} blueprint", "{n} blueprints", n)
    if kind == "vp":
        return Mn("{n} VP", "{n} VP", n)
    if kind == "goods":
        return Mn("{n} good", "{n} goods", n)
    if kind == "workers":
        return Mn("{n} worker", "{n} workers", n)
    raise KeyError(kind)
