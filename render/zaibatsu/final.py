"""The facts of the Nippon: Zaibatsu final-score picture (``final_card``) that :mod:`render.core.cards`
lays out."""

from __future__ import annotations

from typing import Any

from engine.core.i18n import tr
from engine.zaibatsu.tables import tables
from engine.zaibatsu.words import SOLO_SLOT_NAMES, _, _t
from render.core.cards import ScoreCard

from .labels import GAME_TITLE, _period_awards, _result_line, _seats
from .turn import _chip, _seat_vp, _vp_label


def _final_rows(view: dict[str, Any]) -> tuple[list[tuple[str, list[int | str]]], list[int]]:
    """The rulebook's final scoring per seat (rulebook: Final scoring, steps A–B, p. 19): influence
    scoring and the other VP of the game, prestige tiles, leftovers, money; and the totals."""
    t = tables()
    seats = range(len(_seats(view)))
    influence = {s: 0 for s in seats}
    for rec in view.get("period_log") or []:
        for s, values in _period_awards(view, rec).items():
            if s in influence:
                influence[s] += sum(values)
    scores = view.get("scores") or {}
    cols: list[list[int | str]] = []
    totals = []
    for s in seats:
        score = scores.get(str(s)) if s < len(view["players"]) else None
        vp = _seat_vp(view, s)
        if score:
            in_game = int(score.get("in_game", 0))
            rest: list[int | str] = [sum(int(v) for v in (score.get("prestige") or {}).values()),
                                     int(score.get("leftovers", 0)), int(score.get("money", 0))]
            total = int(score.get("total", vp))
        else:  # Takatoshi, or a solo game lost before the final scoring: VP of the game only
            in_game, rest, total = vp, ["—", "—", "—"], vp
        cols.append([influence[s], in_game - influence[s], *rest])
        totals.append(total)
    # i18n: rows of the final-score picture (about 20 characters each): influence scoring of the three
    # periods, the other VP won during the game, then the final scoring's steps (rulebook: Final scoring).
    labels = [_("Influence scoring"), _("Other VP in the game"), _("Prestige tiles"),
              _("Leftovers (1 VP per {n})", n=t.n["leftovers_per_vp"]),
              _("Money (1 VP per {n})", n=t.n["money_per_vp"])]
    rows = [(label, [col[i] for col in cols]) for i, label in enumerate(labels)]
    return rows, totals


def final_card(view: dict[str, Any]) -> ScoreCard:
    """The facts of the final-score picture of a finished game's ``view``, in the current language:
    a column per seat (Takatoshi's in solo), a row per step of the final scoring, the totals, the
    winner (tie-break: the tied player who took their last turn later; rulebook: Final scoring,
    p. 19) and, in solo, the goals and the rating."""
    seats = list(range(len(_seats(view))))
    players = [_chip(view, s) for s in seats]
    rows, totals = _final_rows(view)
    notes: list[str] = []
    tie = ""
    solo = view.get("solo_result")
    if solo is not None and len(view["players"]) == 1:
        won = bool(solo.get("won"))
        winners = [0] if won else [1] if len(seats) > 1 else []
        headline = _result_line(view)
        for slot, goal in (solo.get("goals") or {}).items():
            text = goal.get("text", "")
            if "id" in goal:
                from engine.zaibatsu.automa import goal_text

                text = goal_text(goal["id"], goal["value"], goal["target"])
            name = SOLO_SLOT_NAMES.get(slot)
            # i18n: a solo goal on the final-score picture ({slot}: the goal slot's border colour).
            line = _("Goal ({slot}): {goal}", slot=tr(name) if name is not None else slot, goal=tr(text))
            notes.append(line + (" ✓" if goal.get("met") else " ✗"))
        if won and solo.get("rating"):
            notes.append(_("Rating: {rating}", rating=_t("rating", str(solo["rating"]))))
        elif not won:
            notes.append(_("A solo goal is not met: you lose (no final consolidation or scoring)."))
    else:
        order = sorted(range(len(view["players"])), key=lambda s: (-totals[s], -int(view["players"][s].get("last_turn", -1))))
        best = order[0]
        winners = [best]
        headline = _("{name} wins with {vp} VP", name=players[best].name, vp=totals[best])
        tied = [s for s in order[1:] if totals[s] == totals[best]]
        if tied:
            # i18n: the tie-break of the final scoring (rulebook: Final scoring, p. 19).
            tie = _("Tied at {vp} VP with {others}: {name} wins, having taken their last turn later "
                    "(rulebook: Final scoring).", vp=totals[best], others=", ".join(players[s].name for s in tied),
                    name=players[best].name)
    return ScoreCard(title=GAME_TITLE, players=players, rows=rows, totals=totals, winners=winners, headline=headline,
                     tie_break=tie, notes=notes, score_label=_vp_label())
