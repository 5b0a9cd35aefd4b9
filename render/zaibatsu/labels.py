"""The words of the Nippon: Zaibatsu pictures: names, short labels and their shortening, the status and
result lines, the facts they read from a view, and the board's alt text."""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Any

from engine.core.i18n import tr
from engine.zaibatsu.badges import opponent_badge, player_badge, worker_badge
from engine.zaibatsu.data import Bonus
from engine.zaibatsu.tables import tables
from engine.zaibatsu.text import GOODS_SHORT
from engine.zaibatsu.words import T, _, _n, _t, amount

GAME_TITLE = "Nippon: Zaibatsu"  # the game's name: the same in every language

# i18n: action names printed on the hiring spaces (about 130 px wide: one short word).
ACTION_SHORT = {
    "rd": T("action short", "R&D"), "mining": T("action short", "Mining"),
    "factory": T("action short", "Factory"), "machines": T("action short", "Machines"),
    "production": T("action short", "Production"), "ships": T("action short", "Ships"),
    "trains": T("action short", "Railways"), "markets": T("action short", "Markets"),
    "investments": T("action short", "Investments"),
}
ROMAN = {1: "I", 2: "II", 3: "III"}
# i18n: personal goal names abbreviated for the player panel ("Goals Mach. L2 · Fin. L1").
GOAL_SHORT = {
    "ships": T("goal short", "Ships"), "machines": T("goal short", "Mach."), "trains": T("goal short", "Trains"),
    "rd": T("goal short", "R&D"), "mining": T("goal short", "Mining"), "finance": T("goal short", "Fin."),
    "factories": T("goal short", "Fact."), "contracts": T("goal short", "Contr."),
}
# i18n: the three tracks of the player board, printed in an 80-px label column (one short word).
TRACKS = (("rd", T("track short", "R&D")), ("mining", T("track short", "Mining")),
          ("finance", T("track short", "Finance")))
# i18n: a resource as a train slot's bonus, printed in a 42-px cell: at most about 4 letters.
RESOURCE_SHORT = {
    "money": T("resource short", "money"), "coal": T("resource short", "coal"),
    "silk": T("resource short", "silk"), "iron": T("resource short", "iron"), "vp": T("resource short", "VP"),
}

# i18n: a common goal in a few words, used when the full goal texts do not fit one line of the
# common-goals panel (the panel's title says "most at period end").
COMMON_GOAL_SHORT = {
    "ships_built": T("common goal short", "Most ships"), "machines_built": T("common goal short", "Most machines"),
    "trains_built": T("common goal short", "Most trains"), "rd": T("common goal short", "Furthest on R&D"),
    "mining": T("common goal short", "Furthest on Mining"), "finance": T("common goal short", "Furthest on Finance"),
    "factories_built": T("common goal short", "Most factories"),
    "contracts_fulfilled": T("common goal short", "Most contracts"),
    "tokens_on_board": T("common goal short", "Most influence tokens"),
}
# i18n: a solo goal in a few words ({n}: its target), used when the full text does not fit one line
# of Takatoshi's panel.
SOLO_GOAL_SHORT = {
    "ships_built": T("solo goal short", "All {n} ships"), "machines_built": T("solo goal short", "All {n} machines"),
    "trains_built": T("solo goal short", "All {n} trains"), "rd_upper": T("solo goal short", "R&D upper threshold"),
    "mining_upper": T("solo goal short", "Mining upper threshold"),
    "finance_upper": T("solo goal short", "Finance upper threshold"),
    "factories_built": T("solo goal short", "All {n} factory slots"),
    "contracts_fulfilled": T("solo goal short", "At least {n} contracts"),
    "regions_with_token": T("solo goal short", "A token in every region"),
}


def _seats(view: dict[str, Any]) -> list[dict[str, Any]]:
    """Every seat with pieces on the board: the players, and Takatoshi (seat 1) in a solo game."""
    seats = view.get("seats")
    if seats:
        return list(seats)
    return [{"seat": i, "colour": p["colour"], "name": str(p["colour"]).title(), "automa": False}
            for i, p in enumerate(view["players"])]


def _seat_colour(view: dict[str, Any], seat: int) -> str:
    seats = _seats(view)
    return str(seats[seat]["colour"]) if 0 <= seat < len(seats) else "?"


def _is_automa(view: dict[str, Any], seat: int) -> bool:
    seats = _seats(view)
    return 0 <= seat < len(seats) and bool(seats[seat].get("automa"))


def _initial(view: dict[str, Any], seat: int) -> str:
    """The badge of a seat in the current language (Takatoshi's own in a solo game: ``Ta``)."""
    return opponent_badge() if _is_automa(view, seat) else player_badge(_seat_colour(view, seat))


def worker_letter(colour: str) -> str:
    """The letters on a worker of ``colour`` in the current language (``K`` for black)."""
    return worker_badge(colour)


def player_name(colour: str) -> str:
    """A player's colour as their name in the current language (``"purple"`` -> ``"Purple"``)."""
    return _t("player", str(colour).capitalize())


def automa_name() -> str:
    """Takatoshi's name in the current language."""
    return _t("name", "Takatoshi")


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def _fill(template: str, **values: Any) -> str:
    """``template.format(**values)``; a translation with broken placeholders is shown as it is."""
    try:
        return template.format(**values)
    except (KeyError, IndexError, ValueError):
        return template


def number_runs(text: str, n: int, style: str = "regular", number_style: str = "bold") -> list[tuple[str, str]]:
    """Runs of a formatted ``text`` with the first ``n`` in it drawn in ``number_style``
    (for plural texts such as ``_n("{n} good", "{n} goods", n)``)."""
    before, found, after = text.partition(str(n))
    if not found:
        return [(text, style)]
    return [(t, s) for t, s in ((before, style), (found, number_style), (after, style)) if t]


def bonus_text(bonus: Bonus, short: bool = False) -> str:
    """A :class:`engine.zaibatsu.data.Bonus` in words of the current language (``"2 iron"``,
    ``"Finance +1"``; ``"—"`` if empty). ``short``: a lone resource is named by its
    abbreviation (train-slot cells)."""
    parts = []
    for k in ("money", "coal", "silk", "iron", "vp"):
        v = getattr(bonus, k, 0)
        if not v:
            continue
        parts.append(tr(RESOURCE_SHORT[k]) if short and v == 1 else tr(amount(k, v)))
    for k in ("rd", "mining", "finance"):
        v = getattr(bonus, k, 0)
        if not v:
            continue
        if k == "rd":
            parts.append(_("R&D +{n}", n=v))
        elif k == "mining":
            parts.append(_("Mining +{n}", n=v))
        else:
            parts.append(_("Finance +{n}", n=v))
    if getattr(bonus, "dept", None):
        colour = _t("worker colour", str(bonus.dept))
        parts.append(_("{colour} dept bonus", colour=colour))
    if getattr(bonus, "dept_any", False):
        parts.append(_("any dept bonus"))
    if getattr(bonus, "unlock", None):
        parts.append(_("unlock token {value}", value=bonus.unlock))
    return ", ".join(parts) or "—"


def goods_short(goods: str) -> str:
    """Three-letter abbreviation of a goods type in the current language (``cotton`` -> ``Cot``)."""
    term = GOODS_SHORT.get(goods)
    return tr(term) if term is not None else goods[:3].title()


def side_short(side_id: str) -> str:
    """``cotton3A`` -> ``Cot3A`` (goods abbreviated in the current language); ``old`` -> ``Old``."""
    m = re.fullmatch(r"([a-z]+)(\d+[AB])", side_id)
    if not m:
        return side_id.title()
    return goods_short(m.group(1)) + m.group(2)


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


def _decision(view: dict[str, Any]) -> tuple[int | None, str, Any]:
    """``(seat, kind, prompt)``; the prompt may be an engine :class:`~engine.core.i18n.Msg`."""
    d = view.get("decision") or {}
    prompt = d.get("prompt", "")
    return d.get("seat"), str(d.get("kind", "")), prompt if prompt is not None else ""


def _ranking(view: dict[str, Any]) -> list[tuple[str, int]]:
    """``(name, VP)`` best first (ties: who took their last turn later), Takatoshi included."""
    rows = [(player_name(p["colour"]), int(p["vp"]), int(p.get("last_turn", -1))) for p in view["players"]]
    a = view.get("automa")
    if a:
        rows.append((automa_name(), int(a.get("vp", 0)), int(a.get("last_turn", -1))))
    return [(name, vp) for name, vp, _ in sorted(rows, key=lambda r: (-r[1], -r[2]))]


def _is_draft(view: dict[str, Any]) -> bool:
    return _decision(view)[1] == "draft" or (
        bool(view.get("start_pairs")) and not any(p.get("start_a") for p in view["players"])
    )


def _status(view: dict[str, Any]) -> str:
    """The header's status: round and period, or game over."""
    t = tables()
    rnd = int(view.get("round", 1))
    period = t.period_of_space(min(max(rnd, 1), 8))
    if view.get("over"):
        return _("Game over")
    if view.get("final"):
        return _("Final round {n} of 3 · Period {period}", n=rnd - 5, period=ROMAN[3])
    return _("Round {n} of 8 · Period {period}", n=rnd, period=ROMAN[period])


def _random_event(prompt: Any) -> str:
    """A chance decision's prompt as a header line (engine prompts may already say "Random event")."""
    if str(prompt).lower().startswith("random event"):
        return _cap(str(tr(prompt)))
    return _("Random event: {what}", what=tr(prompt))


def _result_line(view: dict[str, Any]) -> str:
    """``Orange wins with 138 VP · Purple 68, …`` (solo: won/lost against Takatoshi)."""
    ranking = _ranking(view)
    if not ranking:
        return ""
    solo = view.get("solo_result")
    if solo is not None:
        me = view["players"][0]
        a = view.get("automa") or {}
        values = {"name": player_name(me["colour"]), "vp": me["vp"], "automa": automa_name(),
                  "automa_vp": a.get("vp", 0)}
        if solo.get("won"):
            return _("{name} wins: {vp} VP vs {automa} {automa_vp} VP", **values)
        return _("{name} loses: {vp} VP vs {automa} {automa_vp} VP", **values)
    (name, vp), rest = ranking[0], ranking[1:]
    others = ", ".join(f"{n} {v}" for n, v in rest)
    if not others:
        return _("{name} wins with {vp} VP", name=name, vp=vp)
    return _("{name} wins with {vp} VP · {others}", name=name, vp=vp, others=others)


def _period_awards(view: dict[str, Any], record: dict[str, Any] | None = None) -> dict[int, list[int]]:
    """VP each seat won per region in a period's influence scoring (default: the last period scored)."""
    log = view.get("period_log") or []
    rec = record if record is not None else (log[-1] if log else None)
    out: dict[int, list[int]] = {}
    if not rec:
        return out
    regions = tables().region_ids
    for i, region in enumerate(regions):
        for seat, vp in ((rec.get("regions") or {}).get(region, {}).get("awards") or {}).items():
            s = int(seat)
            if s >= 0:
                out.setdefault(s, [0] * len(regions))[i] += int(vp)
    return out


def alt_text(view: dict[str, Any]) -> str:
    """One paragraph describing the picture in the current language (for
    ``discord.File(description=…)``), ≤ 1000 characters.

    Names every player with VP, money and resources, and the current decision.
    """
    t = tables()
    rnd = int(view.get("round", 1))
    period = t.period_of_space(min(max(rnd, 1), 8))
    n = len(view["players"])
    if view.get("automa"):
        who = _("solo against {automa}", automa=automa_name())
    else:
        who = _n("{n} player", "{n} players", n)
    if view.get("over"):
        head = _("Nippon: Zaibatsu board, game over, {who}.", who=who)
    elif view.get("final"):
        head = _("Nippon: Zaibatsu board, final round {n} of 3, {who}.", n=rnd - 5, who=who)
    else:
        head = _("Nippon: Zaibatsu board, round {n} of 8 (period {period}), {who}.", n=rnd, period=ROMAN[period],
                 who=who)
    players = []
    for p in view["players"]:
        factories = _n("{n} factory", "{n} factories", len(p.get("factories", [])))
        players.append(_(
            "{name} {vp} VP, money {money}, coal {coal}, silk {silk}, iron {iron}, {factories}",
            name=player_name(p["colour"]), vp=p["vp"], money=p.get("money", 0), coal=p.get("coal", 0),
            silk=p.get("silk", 0), iron=p.get("iron", 0), factories=factories,
        ))
    a = view.get("automa")
    if a:
        trains = _n("{n} train left", "{n} trains left", int(a.get("trains", 0)))
        players.append(_("{name} {vp} VP, {trains}", name=automa_name(), vp=a.get("vp", 0), trains=trains))
    seat, _kind, prompt = _decision(view)
    said = str(tr(prompt)).rstrip(".")
    if view.get("over") or seat is None:
        result = _result_line(view) or _("none")
        now = _("Result: {result}.", result=result)
    elif 0 <= seat < len(_seats(view)):
        now = _("To act: {prompt}.", prompt=said)
    else:
        now = _("Random event pending: {prompt}.", prompt=said)
    hiring = "; ".join(
        _n("{space} {n} worker", "{space} {n} workers", len(w), space=f"H{i + 1}")
        for i, w in enumerate(view.get("hiring", []))
    )
    text = " ".join((head, now, _("Players: {players}.", players="; ".join(players)),
                     _("Hiring spaces: {spaces}.", spaces=hiring)))
    if len(text) > 1000:
        short = "; ".join(_("{name} {vp} VP", name=name, vp=vp) for name, vp in _ranking(view))
        text = " ".join((head, now, _("Players: {players}.", players=short)))
    return text[:1000]
