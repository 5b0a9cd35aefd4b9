"""Factory effects in a few words: the data's effect texts shortened for the factory display, the
player panel and move labels (same meaning, fewer words), as terms of this game's domain."""

from __future__ import annotations

import re
from functools import lru_cache

from engine.core.i18n import tr

from .words import T, _t


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


_EFFECT_RULES: tuple[tuple[str, str], ...] = (
    (r"^Special: ", "Always: "),
    (r"^Instant: ", ""),
    (r"^Machines action: when you put a machine on this factory, ", "Machine here: "),
    (r"^Production action: producing in this factory gives ", "Producing here: "),
    (r"^Production action: ", "Production: "),
    (r"^Investments & Contracts action: ", "Invest: "),
    (r"^Trains action: ", "Railways: "),
    (r"^R&D action: ", "R&D act.: "),
    (r"^Mining action: ", "Mining act.: "),
    (r"gain the department bonus of the colour of the worker you took( for this Factory action)?",
     "dept bonus of taken worker's colour"),
    (r"gain the department bonus of that expert's colour", "dept bonus of that expert's colour"),
    (r"gain the (\w+) or the (\w+) department bonus", r"\1 or \2 dept bonus"),
    (r"if your (\w+|R&D) goal slot holds a level-2 / level-3 prestige tile, gain the (\w+) department bonus 1 / 2 times",
     r"\2 dept ×1/2 if \1 goal prestige L2/3"),
    (r"gain every department bonus on the Mining track spaces you have reached or passed",
     "every dept bonus reached on Mining"),
    (r"department bonus", "dept bonus"),
    (r"you may pay (.+?) to build another (in a different region|at a different destination)",
     r"another elsewhere for \1"),
    (r"you may pay (.+?) to build another", r"another for \1"),
    (r"Finance -2 and 1 iron", "Finance -2, 1 iron"),
    (r"5 money \+ 1 iron", "5 money, 1 iron"),
    (r"^build 1 (ship|train); another (elsewhere )?for (.+?)\.$", r"Build 1 \1 (+1 \2for \3)"),
    (r"you may also move Finance -2 for Mining \+2", "may trade Finance -2 for Mining +2"),
    (r"in consolidation step B keep up to 3 of your money and coal", "keep up to 3 money/coal at taxes"),
    (r"put 3 coal on this factory; they are not discarded in consolidation step B", "3 coal here, safe from taxes"),
    (r"if you fulfil at least 1 contract, ", "≥1 contract fulfilled: "),
    (r"if your 1st activation fulfils a contract, ", "1st act. fulfils contract: "),
    (r"if your first 2 activations fulfil contracts, ", "first 2 act. fulfil contracts: "),
    (r"gain 3 goods, 1 in each of 3 different factories of yours \(each takes its factory's type\)",
     "3 goods, 1 on each of 3 factories"),
    (r"gain the region bonus of one region where you built a train this action",
     "region bonus where you built a train"),
    (r"pay 1 coal less for one production of this action", "1 coal less for one production"),
    (r"gain 1 good per factory produced in this action", "+1 good per factory produced"),
    (r"gain 1 iron per factory you produced in", "1 iron per factory produced"),
    (r"build 1 train and gain that slot's bonus twice", "build 1 train, its slot bonus twice"),
    (r"build 1 machine on each of 2 different factories", "1 machine on each of 2 factories"),
    (r"build 1 machine and produce once in this factory", "1 machine + produce here once"),
    (r"when you put a machine on this factory", "machine here"),
    (r"2 VP per threshold reached in your ship, machine and train rows", "2 VP per ship/machine/train threshold"),
    (r"2 VP per threshold reached on your R&D, Mining and Finance tracks", "2 VP per track threshold"),
    (r"2 VP per lower threshold reached in your six areas", "2 VP per lower threshold"),
    (r"each of your trains gives 3 influence instead of 2", "each train gives 3 influence"),
    (r"^gain ", ""),
    (r": gain ", ": "),
    (r"; gain ", "; "),
    (r" and gain ", ", "),
    (r"\.$", ""),
)


@lru_cache(maxsize=512)
def short_effect(text: str) -> str:
    """A factory side's English effect text shortened for the display list (same meaning, fewer
    words); :func:`effect_label` shows it in the current language. Cached: the data has a few
    dozen effect texts and the rules are 60 regular expressions."""
    for pat, rep in _EFFECT_RULES:
        text = re.sub(pat, rep, text)
    return text[:1].upper() + text[1:]


# i18n: a factory effect shortened for the factory display (one line of about 45 characters) and
# the player panel; keep the meaning of the full effect text ("factory effect"), in fewer words.
#: Every shortened effect of the factory data as a term (a test proves the list is complete).
EFFECT_SHORT = (
    T("factory effect short", "R&D +2"),
    T("factory effect short", "2 money and R&D +1"),
    T("factory effect short", "3 silk"),
    T("factory effect short", "Red or white dept bonus"),
    T("factory effect short", "R&D act.: advance 1 extra R&D step"),
    T("factory effect short", "R&D act.: 2 silk"),
    T("factory effect short", "Machine here: R&D +2"),
    T("factory effect short", "Producing here: +1 good"),
    T("factory effect short", "3 iron and Finance +1"),
    T("factory effect short", "Finance +2"),
    T("factory effect short", "5 money"),
    T("factory effect short", "Dept bonus of taken worker's colour"),
    T("factory effect short", "Invest: ≥1 contract fulfilled: Finance +2 (once)"),
    T("factory effect short", "Always: keep up to 3 money/coal at taxes"),
    T("factory effect short", "Producing here: 2 iron"),
    T("factory effect short", "Production: 1 iron per factory produced"),
    T("factory effect short", "Mining +3"),
    T("factory effect short", "Mining +2; may trade Finance -2 for Mining +2"),
    T("factory effect short", "4 coal"),
    T("factory effect short", "3 coal here, safe from taxes"),
    T("factory effect short", "Mining act.: Mining +1, 1 iron"),
    T("factory effect short", "Mining act.: 2 iron"),
    T("factory effect short", "Machine here: Mining +3"),
    T("factory effect short", "Production: 1 coal less for one production"),
    T("factory effect short", "Build 1 train; Finance +1"),
    T("factory effect short", "Build 1 train, its slot bonus twice"),
    T("factory effect short", "Build 1 train (+1 elsewhere for 5 money, 1 iron)"),
    T("factory effect short", "Build 1 train (+1 elsewhere for Finance -2, 1 iron)"),
    T("factory effect short", "Railways: region bonus where you built a train"),
    T("factory effect short", "Railways: dept bonus of taken worker's colour"),
    T("factory effect short", "Machine here: build 1 train"),
    T("factory effect short", "Invest: first 2 act. fulfil contracts: build 1 train"),
    T("factory effect short", "3 goods, 1 on each of 3 factories"),
    T("factory effect short", "2 goods on this factory"),
    T("factory effect short", "1 machine on each of 2 factories"),
    T("factory effect short", "1 machine + produce here once"),
    T("factory effect short", "Producing here: +2 goods"),
    T("factory effect short", "Production: +1 good per factory produced"),
    T("factory effect short", "Machine here: 4 money"),
    T("factory effect short", "Invest: 1st act. fulfils contract: build 1 machine"),
    T("factory effect short", "Build 1 ship; Finance +3"),
    T("factory effect short", "Build 1 ship, machine or train; Finance +2"),
    T("factory effect short", "Build 1 ship (+1 for 1 iron)"),
    T("factory effect short", "Build 1 ship; dept bonus of that expert's colour"),
    T("factory effect short", "Build 1 ship (+1 elsewhere for 2 money)"),
    T("factory effect short", "Build 1 ship (+1 elsewhere for Finance -2)"),
    T("factory effect short", "Machine here: build 1 ship and Finance +2"),
    T("factory effect short", "Invest: 1st act. fulfils contract: build 1 ship"),
    T("factory effect short", "White dept ×1/2 if R&D goal prestige L2/3"),
    T("factory effect short", "2 VP per different factory type you own"),
    T("factory effect short", "Yellow dept ×1/2 if Finance goal prestige L2/3"),
    T("factory effect short", "Yellow dept ×1/2 if contracts goal prestige L2/3"),
    T("factory effect short", "Every dept bonus reached on Mining"),
    T("factory effect short", "Yellow dept ×1/2 if Mining goal prestige L2/3"),
    T("factory effect short", "Always: each train gives 3 influence"),
    T("factory effect short", "Yellow dept ×1/2 if trains goal prestige L2/3"),
    T("factory effect short", "2 money per machine you have built (max 8)"),
    T("factory effect short", "2 VP per ship/machine/train threshold (max 12)"),
    T("factory effect short", "2 VP per lower threshold (max 12)"),
    T("factory effect short", "2 VP per track threshold (max 12)"),
)
_EFFECT_SHORT_IDS = frozenset(str(t) for t in EFFECT_SHORT)


def effect_label(text: str) -> str:
    """A factory side's effect text (English, from the data) shortened, in the current language."""
    short = short_effect(text)
    if short in _EFFECT_SHORT_IDS:
        return _t("factory effect short", short)
    return _cap(tr(T("factory effect", text)))


def effect_term(side_id: str) -> str:
    """A factory side's effect in a few words, as a term (a Msg shown later in any language).

    ``side_id``: a factory side id (``"cotton1A"``); raises ``KeyError`` for an unknown id. The
    full effect text is the fallback when no shortened form exists.
    """
    from .tables import tables

    text = tables().sides[side_id].text
    short = short_effect(text)
    if short in _EFFECT_SHORT_IDS:
        return T("factory effect short", short)
    return T("factory effect", text)
