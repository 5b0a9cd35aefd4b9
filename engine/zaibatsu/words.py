"""The words of Nippon: Zaibatsu: its message domain and every game term drawn from data.

Modules of this game import ``M``/``Mn``/``T`` (texts and terms shown later in any language) and
``_``/``_n``/``_t`` (texts in the current language) from here; the catalogues are in
``locale/<lang>/LC_MESSAGES/zaibatsu.po`` (see :mod:`engine.core.i18n`).
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from pathlib import Path
from typing import Any

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
    return list(dict.fromkeys(out))  # each once, in first-seen order


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


# ------------------------------------------------------------------------------------------------
# Components by the names the rulebooks print (never by data id)
# ------------------------------------------------------------------------------------------------

# i18n: a factory type by its goods, capitalised, as the first word of a factory's name
# ("Cotton 2B"; Polish "Bawełna 2B", Russian "Хлопок 2B", German "Baumwolle 2B").
FACTORY_TYPES = {
    "cotton": T("factory type", "Cotton"), "paper": T("factory type", "Paper"), "bento": T("factory type", "Bento"),
    "lenses": T("factory type", "Lenses"), "bulbs": T("factory type", "Bulbs"), "clocks": T("factory type", "Clocks"),
}


@lru_cache(maxsize=256)
def factory_name(side_id: str, goods_type: str = "") -> Msg:
    """A factory side as the rulebooks name it: its goods type, tile number and side (a Msg).

    ``side_id`` is a data id (``"cotton2B"`` → "Cotton 2B", Polish "Bawełna 2B") or ``"old"`` for
    the old factory of start tile A5, whose goods type ``goods_type`` then names it ("Old factory
    (paper)"). Text, events, move labels and pictures all name factories through this function.
    Raises ``KeyError`` for an unknown id.
    """
    if side_id == "old":
        if goods_type:
            # i18n: the old factory (start tile A) with the goods type its side shows.
            return M("Old factory ({goods})", goods=T("goods", goods_type))
        return M("Old factory")
    from .tables import tables

    side = tables().sides[side_id]
    # i18n: a factory's name: {type} its goods ("Cotton"), then tile number and side ("2B").
    return M("{type} {number}{side}", type=FACTORY_TYPES[side.goods], number=side.number, side=side.side)


def factory_tile_name(tile: str) -> Msg:
    """A factory tile without its side (``"cotton2"`` → "Cotton 2"), e.g. drawn before its side is known."""
    from .tables import tables

    side = tables().sides.get(f"{tile}A") or tables().sides[f"{tile}B"]
    # i18n: a factory tile before its side is known: {type} its goods ("Cotton"), then its number.
    return M("{type} {number}", type=FACTORY_TYPES[side.goods], number=side.number)


def dept_gain_text(colour: str, upgraded: bool | None = False, short: bool = False) -> Msg:
    """What a department's bonus gives ("2 coal"; the white one "R&D +1 or Mining +1"), from
    ``departments.json`` (rulebook: Department bonuses, p. 13). ``upgraded``: the upgraded yield
    (True), the normal one (False), or both ("2 coal (upgraded: 3 coal)", None). ``short``: the
    white one as "a track +1" (in move labels, where the track names would not fit)."""
    from .tables import tables

    dep = tables().departments[colour]

    def one(y: Any) -> Msg:
        if y.kind == "white":
            if short:
                # i18n: the white department's bonus in short: R&D or Mining (the player chooses) moves on.
                return M("a track +{steps}", steps=y.steps)
            if y.steps == 1:
                return M("{rd} +1 or {mining} +1", rd=TRACK_NAMES["rd"], mining=TRACK_NAMES["mining"])
            return M("{rd} or {mining} +{steps}, or +1 on each", rd=TRACK_NAMES["rd"], mining=TRACK_NAMES["mining"],
                     steps=y.steps)
        return amount(y.resource, y.amount)

    if upgraded is None:
        # i18n: a department's normal yield and, in brackets, its yield once upgraded ("2 coal (upgraded: 3 coal)").
        return M("{normal} (upgraded: {upgraded})", normal=one(dep.normal), upgraded=one(dep.upgraded))
    return one(dep.upgraded if upgraded else dep.normal)


def bonus_text(bonus: Any, player: Any = None, *, with_yield: bool = False) -> Msg | str:
    """What a :class:`~engine.zaibatsu.data.Bonus` gives, as one translatable list ("2 money, R&D +1").

    Empty bonuses give "nothing"; department bonuses name the department's colour and, with
    ``with_yield`` (move labels), what it gives ("the red department bonus (2 silk)": ``player``'s
    yield, upgraded or not; without a player the normal one). Event texts keep the plain form.
    """
    parts: list[str] = []
    for k in ("money", "coal", "silk", "iron", "vp"):
        v = getattr(bonus, k, 0)
        if v:
            parts.append(amount(k, v))
    for k in ("rd", "mining", "finance"):
        v = getattr(bonus, k, 0)
        if v:
            parts.append(M("{track} +{steps}", track=TRACK_NAMES[k], steps=v))
    if getattr(bonus, "dept", None) and not with_yield:
        # i18n: a department bonus of one colour in a list of gains ("the red department bonus").
        parts.append(M("the {colour} department bonus", colour=T("worker colour", bonus.dept)))
    elif getattr(bonus, "dept", None):
        upgraded = player is not None and bonus.dept in player.upgraded
        # i18n: a department bonus of one colour and what it gives, in a list of gains ("the red department bonus (2 silk)").
        parts.append(M("the {colour} department bonus ({gain})", colour=T("worker colour", bonus.dept),
                       gain=dept_gain_text(bonus.dept, upgraded, short=True)))
    if getattr(bonus, "dept_any", False):
        parts.append(M("any department bonus"))
    if getattr(bonus, "unlock", None):
        parts.append(M("influence token {value} unlocked", value=bonus.unlock))
    if not parts:
        return M("nothing")
    return listing(parts)


def start_tile_text(tile: str) -> Msg:
    """A start tile by what it does (its printed text, and tile A's starting VP), never its id."""
    from .tables import tables

    rec = tables().start[tile]
    text = T("start tile", rec.text)
    if rec.side == "A" and rec.start_vp:
        # i18n: a start tile A's text and the victory points a player starts the game with.
        return M("{text} Start with {vp}.", text=text, vp=amount("vp", rec.start_vp))
    return text


def contract_text(contract: str, player: Any = None, *, with_yield: bool = False) -> Msg:
    """A contract (``"C3"``, the id printed in the contract area) with what it gives ("C3: the grey
    department bonus (2 iron)" with ``with_yield``, for ``player``'s department yields)."""
    from .tables import tables

    rec = tables().contracts[contract]
    # i18n: a contract (its printed id, "C3") and what fulfilling it gives.
    return M("{contract}: {gain}", contract=contract, gain=bonus_text(rec.bonus, player, with_yield=with_yield))


#: The compass letters of a market's four influence slots stay N/E/S/W in every language (they are
#: also the move notation: ``market M1 N …``); this legend explains them in text and pictures.
# i18n: legend of the market slots' compass letters, which stay N/E/S/W in every language (they are
# typed in moves); translate the directions only.
COMPASS_LEGEND = M("Market slots: N north, E east, S south, W west (type these letters in moves).")
# i18n: legend of the board labels that moves use as they are (H = hiring space, R = region,
# M = market, C = contract, as on the board picture); translate the names only.
LABEL_LEGEND = M("Labels as on the board picture (type them in moves): H1–H5 hiring spaces, R1–R4 regions, "
                 "M1–M8 markets, C1… contracts.")
