"""How texts name Nippon's components: as the rulebook shows them, never by their data ids.

Factory tiles, contracts, achievement spaces, city tiles and reward tiles carry no printed id: a
factory tile is known by its good and its bonus, a contract by the goods it asks for and what it
gives, an achievement space by what it counts, a reward tile by its multiplier and bonus. The ids
(``SI-4``, ``K4``, ``A7``, ``C3``, ``3:coal``) stay in the notation and the state file. Cities keep the
board label of the pictures (``M1`` … ``M8``), which the notation also uses.

Every function returns a :class:`~engine.core.i18n.Msg` of the ``nippon`` domain (shown later in the
reader's language); amounts come from :func:`.words.amount`, so digits are grouped by Babel.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any, TypeVar

from engine.core import components
from engine.core.i18n import Number

from .tables import tables
from .words import ACTION_NAMES, TRACK_NAMES, M, Mn, T, amount, listing

#: A part of :func:`chain`: a text or a number.
_Part = TypeVar("_Part", str, int)


def _goods(goods: str) -> str:
    """A good (by id) as a term."""
    return T("goods", tables().goods[goods].name)


def chain(parts: Iterable[_Part], sep: str = ";") -> str | _Part:
    """Parts (texts, or numbers such as :class:`Number`) joined by ``"; "`` (``sep=";"``) or ``" / "``
    (``sep="/"``) as nested Msgs; a single part is returned as it is.

    Raises ``ValueError`` for an empty sequence.
    """
    items = list(parts)
    if not items:
        raise ValueError("nothing to chain")
    text: str | _Part = items[-1]
    for item in reversed(items[:-1]):
        if sep == "/":
            # i18n: Alternatives or a price list ("1,000 / 3,000"); {rest} may itself be such a list.
            text = M("{first} / {rest}", first=item, rest=text)
        else:
            # i18n: Several effects of one thing ("income +2,000 yen; keep 1 coal").
            text = M("{first}; {rest}", first=item, rest=text)
    return text


def yen_prices(cumulative: Sequence[int]) -> str:
    """Prices in thousand yen as one amount list ("0 / 2,000 / 4,000 yen").

    ``cumulative`` is a non-empty sequence of thousand-yen prices.
    """
    numbers = [Number(v * 1000) for v in cumulative]
    last = cumulative[-1]
    # i18n: a list of prices in yen; {prices} is e.g. "1,000 / 3,000 / 6,000".
    return Mn("{prices} yen", "{prices} yen", last * 1000, prices=chain(numbers, "/"))


def _op_text(op: Any) -> str:
    """One operation of a factory bonus, short."""
    t = tables()
    kind = op.op
    o = op
    if kind == "consolidation_money":
        return M("consolidation: +{amount}", amount=amount("money", o.money))
    if kind == "keep_coal":
        return M("consolidation: keep {coal}", coal=amount("coal", o.coal))
    if kind == "icon_steps":
        return M("money icons: money track +{steps}", steps=o.steps)
    if kind == "gain":
        which = "money" if o.money else "blueprints" if o.blueprints else "coal"
        return M("gain {amount} now", amount=amount(which, getattr(o, which)))
    if kind == "track":
        return M("{track} +{steps} now", track=TRACK_NAMES[o.track], steps=o.steps)
    if kind == "production_coal":
        return M("production needs only {coal}", coal=amount("coal", o.coal))
    if kind == "flip":
        if o.piece == "ship":
            return M("ships worth {vp}", vp=amount("vp", o.value))
        return M("trains +{value} influence", value=o.value)
    if kind == "free_build":
        if o.piece == "ship":
            return Mn("{n} free ship now", "{n} free ships now", o.count)
        return Mn("{n} free train now", "{n} free trains now", o.count)
    if kind == "free_upgrades":
        return Mn("{n} free upgrade now", "{n} free upgrades now", o.count)
    if kind == "prices":
        return M("{action}: {prices}", action=ACTION_NAMES[o.action],
                 prices=yen_prices(o.prices))
    if kind == "extra_steps":
        return M("{action}: +{steps} extra space", action=ACTION_NAMES[o.action],
                 steps=o.steps)
    if kind == "extra_good":
        return Mn("production: +{n} good", "production: +{n} goods", o.n)
    if kind == "star":
        measure = t.achievements[o.achievement].measure
        if measure == "coal_stars":
            return M("+1 coal star")
        return M("+1 knowledge star")
    raise ValueError(f"unknown factory op {kind}")


@components.data_cached("nippon")
def factory_bonus(tile: str) -> str:
    """The bonus of factory tile ``tile`` (by id) in a few words (a Msg)."""
    return chain(_op_text(o) for o in tables().factory(tile).ops)


@components.data_cached("nippon")
def factory_name(tile: str) -> str:
    """A factory tile as a player knows it: its good and its bonus ("Silk (gain 6,000 yen now)")."""
    # i18n: a factory tile: its good, then its bonus in a few words.
    return M("{goods} ({bonus})", goods=_goods(tables().factory(tile).goods), bonus=factory_bonus(tile))


def contract_need(cid: str) -> str:
    """What contract ``cid`` asks for, as printed: goods per distinct good ("2+1")."""
    return "+".join(str(n) for n in tables().contracts[cid].requires)


@components.data_cached("nippon")
def contract_gain(cid: str) -> str:
    """What fulfilling contract ``cid`` gives: its bonus and the money-track spaces (a Msg)."""
    c = tables().contracts[cid]
    kind = c.bonus.kind()
    parts = [amount(kind, c.bonus.value())]
    if c.money_steps:
        parts.append(M("{track} +{steps}", track=TRACK_NAMES["money"], steps=c.money_steps))
    return listing(parts)


@components.data_cached("nippon")
def contract_name(cid: str) -> str:
    """A contract as a player knows it: the goods it asks for ("contract 2+1")."""
    # i18n: a contract tile named by the goods it asks for: {need} is e.g. "2+1" (2 of one good, 1 of another).
    return M("contract {need}", need=contract_need(cid))


def reward_name(key: str) -> str:
    """A reward stack (``"3:coal"``) as printed: multiplier and front bonus ("3x: 2 coal")."""
    m, kind = key.split(":")
    bonus = tables().reward_bonus[(int(m), kind)]
    # i18n: an Emperor's reward tile: its multiplier (back) and bonus (front), "3x: 2 coal".
    return M("{mult}x: {bonus}", mult=int(m), bonus=amount(kind, bonus.value()))


def achievement_name(aid: str) -> str:
    """An achievement space by what it counts (its printed text), as a term."""
    return T("achievement", tables().achievements[aid].text)


def city_demand(goods: Sequence[str], sides: str = "NESW") -> str:
    """The goods a city tile demands at each influence space ("N Silk, E Paper, …")."""
    # i18n: one influence space of a city and the good it demands ("N Silk"); N/E/S/W are the board's letters.
    return listing([M("{side} {goods}", side=s, goods=_goods(g)) for s, g in zip(sides, goods)])


def ids() -> frozenset[str]:
    """Every data id that must not reach a player (factory tiles, contracts, achievement spaces,
    city tiles, reward, multiplier, influence tiles, money icons, regions); the cities' board
    labels ``M1`` … ``M8`` are not among them."""
    d = tables().data
    out: set[str] = set()
    for records in (d.factories, d.contracts, d.achievements, d.city_tiles, d.reward_tiles,
                    d.multiplier_tiles, d.influence_tiles, d.money_icons, d.regions):
        out.update(r.id for r in records)
    out.update(f"{m}:{k}" for m in tables().multipliers for k in tables().reward_kinds)
    return frozenset(out)
