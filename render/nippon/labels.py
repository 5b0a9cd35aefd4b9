"""The words of the Nippon pictures: names, short labels, the status and result lines, the facts they read
from a view, and the board's alt text."""

from __future__ import annotations

from typing import Any

from engine.core.i18n import tr
from engine.nippon.tables import tables
from engine.nippon.words import T, _, _n, _t, amount

#: Discord's limit for a file description (the alt text).
ALT_TEXT_LIMIT = 1000
GAME_TITLE = "Nippon"  # the game's name: the same in every language

# i18n: a good in one short word (about 90 px): factories of the player panels, and city spaces when the
# full name does not fit.
GOODS_SHORT = {
    "silk": T("goods short name", "Silk"), "paper": T("goods short name", "Paper"), "bento": T("goods short name", "Bento"),
    "lenses": T("goods short name", "Lenses"), "clocks": T("goods short name", "Clocks"), "bulbs": T("goods short name", "Bulbs"),
}
# i18n: an action as printed on an action space (about 120 px, one or two short words).
ACTION_SHORT = {
    "invest": T("action short", "Invest"), "produce": T("action short", "Produce"),
    "mechanize": T("action short", "Mechanization"), "knowledge": T("action short", "Knowledge"),
    "mines": T("action short", "Mines"), "trains": T("action short", "Trains"), "ships": T("action short", "Ships"),
    "export": T("action short", "Export"), "market": T("action short", "Local market"),
}
# i18n: a track of the player board as a label (about 105 px, one short word).
TRACK_SHORT = {"money": T("track short", "Money"), "coal": T("track short", "Coal"),
               "knowledge": T("track short", "Knowledge")}
# i18n: a factory tile's bonus in a few words for the factory display (about 260 px = 30 letters);
# "k yen" = thousand yen, ★ = the tile counts as a star of the achievement.
BONUS_SHORT = {
    "SI-1": T("factory bonus short", "Consolidation: +2,000 yen"),
    "SI-2": T("factory bonus short", "Consolidation: keep 1 coal"),
    "SI-3": T("factory bonus short", "Money icons: money +2"),
    "SI-4": T("factory bonus short", "Gain 6,000 yen now"),
    "PA-1": T("factory bonus short", "Knowledge action: +1 space"),
    "PA-2": T("factory bonus short", "Knowledge 0/2/4k yen; ★"),
    "PA-3": T("factory bonus short", "Knowledge +2 spaces now"),
    "PA-4": T("factory bonus short", "Gain 2 blueprints now"),
    "BE-1": T("factory bonus short", "Produces with 2 coal"),
    "BE-2": T("factory bonus short", "Mines 0/2/4k yen; ★"),
    "BE-3": T("factory bonus short", "Mines action: +1 space"),
    "BE-4": T("factory bonus short", "Coal +2 spaces now"),
    "LE-1": T("factory bonus short", "Produces with 2 coal"),
    "LE-2": T("factory bonus short", "Your ships turn to 3 VP"),
    "LE-3": T("factory bonus short", "Place 2 ships free now"),
    "LE-4": T("factory bonus short", "Ships cost 2/7/12k yen"),
    "CL-1": T("factory bonus short", "Produces with 3 coal"),
    "CL-2": T("factory bonus short", "Your trains turn to +3"),
    "CL-3": T("factory bonus short", "Place 2 trains free now"),
    "CL-4": T("factory bonus short", "Trains cost 2/7/12k yen"),
    "LB-1": T("factory bonus short", "Produces with 3 coal"),
    "LB-2": T("factory bonus short", "2 free upgrades now"),
    "LB-3": T("factory bonus short", "+1 good when producing"),
    "LB-4": T("factory bonus short", "Mechanization 2/7/12k yen"),
}
# i18n: what an achievement space counts, as one or two words (row labels of the final-score picture,
# also the label of an achievement space on the board; about 240 px at 32 px).
ACHIEVEMENT_LABEL = {
    "contracts": T("achievement label", "Contracts"),
    "knowledge_stars": T("achievement label", "Knowledge ★"),
    "coal_stars": T("achievement label", "Coal ★"),
    "big_factories": T("achievement label", "Big factories"),
    "machines2": T("achievement label", "+2 machines"),
    "money": T("achievement label", "Money"),
    "ship_stars": T("achievement label", "Ship spaces ★"),
    "train_stars": T("achievement label", "Train spaces ★"),
    "regions": T("achievement label", "Regions"),
}


# i18n: what an achievement space counts, in a few words (after "1 VP per"); used when the full
# achievement text does not fit its column of the reference panel (about 380 px).
ACHIEVEMENT_SHORT = {
    "contracts": T("achievement short", "2 fulfilled contracts"),
    "knowledge_stars": T("achievement short", "★ on the knowledge track"),
    "coal_stars": T("achievement short", "★ on the coal track"),
    "big_factories": T("achievement short", "factory of level 2 or 3"),
    "machines2": T("achievement short", "factory with a +2 machine"),
    "money": T("achievement short", "6,000 yen"),
    "ship_stars": T("achievement short", "★ on an empty ship space"),
    "train_stars": T("achievement short", "★ on an empty train space"),
    "regions": T("achievement short", "region with your influence tile"),
}


def player_name(colour: str) -> str:
    """A player's colour as their name in the current language (``"purple"`` -> ``"Purple"``)."""
    return _t("player", str(colour).capitalize())


def goods_short(goods: str) -> str:
    """A good abbreviated in the current language (``bulbs`` -> ``Bulbs``)."""
    term = GOODS_SHORT.get(goods)
    return tr(term) if term is not None else goods.title()


def goods_name(goods: str) -> str:
    """A good's full name in the current language (``bulbs`` -> ``Light bulbs``)."""
    rec = tables().goods.get(goods)
    return _t("goods", rec.name) if rec is not None else goods


def yen(n: int) -> str:
    """An amount kept in thousands of yen, in words (``12`` -> ``12,000 yen``)."""
    return str(tr(amount("money", int(n))))


def bonus_words(kind: str, value: int) -> str:
    """A bonus (``money``/``coal``/``blueprints``/``vp`` and its amount) in words."""
    return str(tr(amount(kind, int(value))))


# i18n: an achievement space abbreviated to fit its cell on a player board (one line of about 80 px at the
# smallest text size, above the multiplier "2x"); the reference panel repeats it before the space's full text.
ACHIEVEMENT_CELL = {
    "contracts": T("achievement cell", "Contr."),
    "knowledge_stars": T("achievement cell", "Know.★"),
    "coal_stars": T("achievement cell", "Coal★"),
    "big_factories": T("achievement cell", "Fact.2–3"),
    "machines2": T("achievement cell", "Mach.+2"),
    "money": T("achievement cell", "Money"),
    "ship_stars": T("achievement cell", "Ships★"),
    "train_stars": T("achievement cell", "Trains★"),
    "regions": T("achievement cell", "Regions"),
}


def achievement_label(aid: str) -> str:
    """An achievement space (by id) abbreviated for its cell, in the current language ("Contr.")."""
    return str(tr(ACHIEVEMENT_CELL[tables().achievements[aid].measure]))


def contract_label(cid: str) -> str:
    """A contract (by id) as its face shows it: the goods per distinct good ("2+1")."""
    return "+".join(str(n) for n in tables().contracts[cid].requires)


def bonus_label(tile: str) -> str:
    """A factory tile's bonus, shortened for the display, in the current language."""
    term = BONUS_SHORT.get(tile)
    if term is not None:
        return str(tr(term))
    rec = tables().factories.get(tile)
    return _t("factory bonus", rec.text) if rec is not None else tile


def _colour_of(view: dict[str, Any], seat: int) -> str:
    players = view.get("players") or []
    return str(players[seat]["colour"]) if 0 <= seat < len(players) else "?"


def _decision(view: dict[str, Any]) -> tuple[int | None, str, Any]:
    """``(seat, kind, prompt)`` of the view; the prompt may be an engine Msg."""
    d = view.get("decision") or {}
    prompt = d.get("prompt")
    return d.get("seat"), str(d.get("kind", "")), "" if prompt is None else prompt


def ranking(view: dict[str, Any]) -> list[tuple[str, int]]:
    """``(name, VP)`` best first; a tie goes to the tied player who took the last turn."""
    rows = sorted(view.get("players") or [], key=lambda p: (-int(p.get("vp", 0)), -int(p.get("last_turn", -1))))
    return [(player_name(p["colour"]), int(p.get("vp", 0))) for p in rows]


def result_line(view: dict[str, Any]) -> str:
    """``Purple wins with 124 VP · Red 61, Yellow 59`` (empty before the end)."""
    order = ranking(view)
    if not order:
        return ""
    (name, vp), rest = order[0], order[1:]
    if not rest:
        return _("{name} wins with {vp} VP", name=name, vp=vp)
    others = ", ".join(f"{n} {v}" for n, v in rest)
    return _("{name} wins with {vp} VP · {others}", name=name, vp=vp, others=others)


def status(view: dict[str, Any]) -> str:
    """The header's status: position on the scoring track, the final turns, or game over."""
    t = tables()
    marker = int(view.get("marker", 0))
    if view.get("over"):
        return _("Game over")
    if view.get("final"):
        golden = t.golden
        n = golden.index(marker) + 1 if marker in golden else len(golden)
        return _("Final turns · golden space {n} of {total}", n=n, total=len(golden))
    return _("Scoring track space {n} of {total}", n=marker + 1, total=len(t.track_spaces))


def _random_event(prompt: Any) -> str:
    """A chance decision's prompt as a line (the engine's prompts already say "Random event: …")."""
    if str(prompt).lower().startswith("random event"):  # the English text of a Msg
        return str(tr(prompt))
    return _("Random event: {what}", what=tr(prompt))


def _ordinal_values(values: tuple[int, ...] | list[int]) -> str:
    return " · ".join(str(v) for v in values)


def alt_text(view: dict[str, Any]) -> str:
    """One paragraph describing the picture in the current language (for
    ``discord.File(description=…)``), at most :data:`ALT_TEXT_LIMIT` characters.

    Names the scoring-track position, the decision (or the result), every player's VP, money, coal,
    blueprints and factories, the influence per region and the workers per action space.
    """
    t = tables()
    players = view.get("players") or []
    who = _n("{n} player", "{n} players", len(players))
    marker = int(view.get("marker", 0))
    if view.get("over"):
        head = _("Nippon board, game over, {who}.", who=who)
    elif view.get("final"):
        n = t.golden.index(marker) + 1 if marker in t.golden else len(t.golden)
        head = _("Nippon board, final turns on golden space {n} of {total}, {who}.", n=n, total=len(t.golden),
                 who=who)
    else:
        head = _("Nippon board, scoring track space {n} of {total}, {who}.", n=marker + 1,
                 total=len(t.track_spaces), who=who)
    seat, _kind, prompt = _decision(view)
    said = str(tr(prompt)).rstrip(".")
    if view.get("over") or seat is None:
        now = _("Result: {result}.", result=result_line(view) or said)
    elif 0 <= seat < len(players):
        now = _("To act: {prompt}.", prompt=said)
    else:
        now = _random_event(prompt).rstrip(".") + "."
    lines = []
    for p in players:
        factories = _n("{n} factory", "{n} factories", len(p.get("factories") or []))
        lines.append(_("{name} {vp} VP, {money}, {coal}, {blueprints}, {factories}",
                       name=player_name(p["colour"]), vp=p.get("vp", 0), money=yen(p.get("money", 0)),
                       coal=bonus_words("coal", p.get("coal", 0)),
                       blueprints=bonus_words("blueprints", p.get("blueprints", 0)), factories=factories))
    influence = view.get("influence") or {}
    foreign = view.get("foreign") or {}
    regions = []
    for region in t.regions:
        values = influence.get(region.id) or []
        per = ", ".join(f"{player_name(p['colour'])} {values[s] if s < len(values) else 0}"
                        for s, p in enumerate(players))
        regions.append(_("{region}: {players}, foreign {foreign}", region=_t("region", region.name), players=per,
                         foreign=foreign.get(region.id, 0)))
    spaces = "; ".join(_("{space}: {n}", space=i + 1, n=len(w)) for i, w in enumerate(view.get("spaces") or []))
    text = " ".join((head, now, _("Players: {players}.", players="; ".join(lines)),
                     _("Influence: {regions}.", regions="; ".join(regions)),
                     _("Workers per action space {spaces}.", spaces=spaces)))
    if len(text) > ALT_TEXT_LIMIT:
        text = " ".join((head, now, _("Players: {players}.", players="; ".join(lines)),
                         _("Influence: {regions}.", regions="; ".join(regions))))
    if len(text) > ALT_TEXT_LIMIT:
        short = "; ".join(_("{name} {vp} VP", name=name, vp=vp) for name, vp in ranking(view))
        text = " ".join((head, now, _("Players: {players}.", players=short)))
    return text[:ALT_TEXT_LIMIT]
