"""The words of the Nippon: Zaibatsu pictures: names, short labels and their shortening, the status and
result lines, the facts they read from a view, and the board's alt text."""

from __future__ import annotations

from typing import Any

from engine.core.i18n import tr
from engine.zaibatsu.badges import opponent_badge, player_badge, worker_badge
from engine.zaibatsu.data import Bonus
from engine.zaibatsu.effect_words import EFFECT_SHORT, effect_label, short_effect  # noqa: F401 - re-exported
from engine.zaibatsu.tables import tables
from engine.zaibatsu.text import GOODS_SHORT
from engine.zaibatsu.words import T, _, _n, _t, amount, factory_name

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


def side_short(side_id: str, goods_type: str = "") -> str:
    """A factory side's name as the text and the move labels give it (:func:`~engine.zaibatsu.words.factory_name`:
    ``cotton3A`` -> "Bawełna 3A" in Polish), in the current language; ``old`` -> the old factory."""
    try:
        return str(tr(factory_name(side_id, goods_type)))
    except KeyError:
        return side_id.title()



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
