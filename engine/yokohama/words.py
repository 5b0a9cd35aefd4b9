"""Message domain ``yokohama``: every player-facing word of the Yokohama engine.

The short names follow the extractor's keywords (:data:`engine.core.i18n.EXTRACT_KEYWORDS`):
``M``, ``Mn`` and ``T`` build :class:`~engine.core.i18n.Msg` texts, plurals and terms that a front
end shows in its reader's language later; ``_``, ``_n`` and ``_t`` translate at once into the
current language (terminal text). Catalogues: ``locale/yokohama.pot`` and
``locale/<pl|ru|de>/LC_MESSAGES/yokohama.po`` (``python -m bot i18n update``).
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache, lru_cache
from pathlib import Path

from engine.core.i18n import Domain, Msg, Number

DOMAIN = Domain("yokohama", Path(__file__).with_name("locale"))

#: Msgs: a text, a plural text, a term (context + English name).
M, Mn, T = DOMAIN.msg, DOMAIN.nmsg, DOMAIN.term
#: The same three, translated at once into the current language.
_, _n, _t = DOMAIN.gettext, DOMAIN.ngettext, DOMAIN.pgettext

#: Area kinds as terms (Szczegółowy opis obszarów).
AREA_NAMES = {
    "copper_mine": T("area", "Copper Mine"),
    "fishery": T("area", "Fishery"),
    "silk_mill": T("area", "Silk Mill"),
    "tea_plantation": T("area", "Tea Plantation"),
    "bank": T("area", "Bank"),
    "chinatown": T("area", "Chinatown"),
    "church": T("area", "Church"),
    "customs_house": T("area", "Customs House"),
    "employment_agency": T("area", "Employment Agency"),
    "laboratory_a": T("area", "Laboratory A"),
    "laboratory_b": T("area", "Laboratory B"),
    "port_a": T("area", "Port A"),
    "port_b": T("area", "Port B"),
    "canal": T("area", "Canal"),
}
#: Trade goods and imported goods as terms (Dobra handlowe, Dobra importowane).
GOODS_NAMES = {
    "copper": T("goods", "copper"),
    "silk": T("goods", "raw silk"),
    "tea": T("goods", "tea"),
    "fish": T("goods", "fish"),
    "ig": T("goods", "imported good"),
}
#: Country symbols as terms.
COUNTRY_NAMES = {
    "us": T("country", "USA"),
    "nl": T("country", "Netherlands"),
    "uk": T("country", "United Kingdom"),
    "fr": T("country", "France"),
    "de": T("country", "Germany"),
}
#: Order levels as terms.
LEVEL_NAMES = {"low": T("order level", "low"), "mid": T("order level", "mid"), "high": T("order level", "high")}
#: Technologies by name id as terms (Karty technologii).
TECH_NAMES = {
    "ball": T("technology", "Ball"),
    "brickworks": T("technology", "Brickworks"),
    "stagecoach": T("technology", "Stagecoach"),
    "newspaper": T("technology", "Newspaper"),
    "stock_exchange": T("technology", "Stock Exchange"),
    "electric_lighting": T("technology", "Electric Lighting"),
    "gas_lighting": T("technology", "Gas Lighting"),
    "spinning_mill": T("technology", "Spinning Mill"),
    "station": T("technology", "Station"),
    "patent_system": T("technology", "Patent System"),
    "postal_system": T("technology", "Postal System"),
    "language_school": T("technology", "Language School"),
    "mining_technology": T("technology", "Mining Technology"),
    "telephone": T("technology", "Telephone"),
    "telegraph": T("technology", "Telegraph"),
    "tram": T("technology", "Tram"),
    "printing": T("technology", "Printing"),
    "university": T("technology", "University"),
    "winery": T("technology", "Winery"),
    "exhibition": T("technology", "Exhibition"),
}
#: Pieces as terms.
PIECE_NAMES = {
    "assistant": T("piece", "assistant"),
    "shop": T("piece", "shop"),
    "house": T("piece", "trading house"),
    "president": T("piece", "president"),
}


def terms() -> list[tuple[str, str]]:
    """Every ``(context, English)`` term this game looks up with a variable (names from data).

    Contexts: ``player`` (a colour as a player's name) and ``achievement`` (an achievement
    tile's condition). The other terms are written out in this module.
    """
    from .state import PLAYER_COLOURS
    from .tables import tables

    out: list[tuple[str, str]] = [("player", c.capitalize()) for c in PLAYER_COLOURS]
    out += [("achievement", a.text) for a in tables().data.achievements]
    return list(dict.fromkeys(out))  # each once, in first-seen order


def listing(items: Iterable[str]) -> str:
    """``items`` as one comma-separated text, kept translatable; an empty list raises ``ValueError``."""
    parts = list(items)
    if not parts:
        raise ValueError("an empty list has no listing")
    text = parts[-1]
    for item in reversed(parts[:-1]):
        # i18n: Two or more items of a list ("2 VP, 1 yen"); {rest} may itself be such a list.
        text = M("{first}, {rest}", first=item, rest=text)
    return text


@cache
def amount(kind: str, n: int) -> Msg:
    """``n`` of a reward icon or resource (``vp``, ``yen``, a good, ``ig``, ``any_good``, ``moves``,
    ``wh_assistant``, ``wh_shop``, ``free_agent``, ``faith``, ``pv``) with the right plural form.

    Raises ``KeyError`` for another kind.
    """
    if kind == "vp":
        return Mn("{n} VP", "{n} VP", n)
    if kind == "yen":
        return Mn("{yen} yen", "{yen} yen", n, yen=Number(n))
    if kind == "copper":
        return Mn("{n} copper", "{n} copper", n)
    if kind == "silk":
        return Mn("{n} raw silk", "{n} raw silk", n)
    if kind == "tea":
        return Mn("{n} tea", "{n} tea", n)
    if kind == "fish":
        return Mn("{n} fish", "{n} fish", n)
    if kind == "ig":
        return Mn("{n} imported good", "{n} imported goods", n)
    if kind == "any_good":
        return Mn("{n} trade good of your choice", "{n} trade goods of your choice", n)
    if kind == "moves":
        return Mn("{n} assistant move", "{n} assistant moves", n)
    if kind == "wh_assistant":
        return Mn("{n} assistant from the warehouse", "{n} assistants from the warehouse", n)
    if kind == "wh_shop":
        return Mn("{n} shop from the warehouse (2 yen)", "{n} shops from the warehouse (2 yen each)", n)
    if kind == "free_agent":
        return Mn("{n} free agent", "{n} free agents", n)
    if kind == "faith":
        return Mn("{n} faith", "{n} faith", n)
    if kind == "pv":
        return Mn("{n} production value", "{n} production value", n)
    raise KeyError(kind)


def reward_text(reward: dict[str, int]) -> str:
    """A reward (``{icon: n}``) as one translatable text ("2 VP, 1 yen"); "nothing" if empty."""
    return _reward_text(tuple(reward.items()))


@lru_cache(maxsize=4096)
def _reward_text(items: tuple[tuple[str, int], ...]) -> str:
    """:func:`reward_text` of ``dict(items)`` (cached: texts are immutable)."""
    if not items:
        return M("nothing")
    return listing(amount(k, v) for k, v in items)
