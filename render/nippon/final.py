"""The facts of the Nippon final-score picture (``final_card``) that :mod:`render.core.cards` lays out."""

from __future__ import annotations

from typing import Any

from engine.core.i18n import tr
from engine.nippon.tables import tables
from engine.nippon.words import _
from render.core.cards import ScoreCard

from .labels import ACHIEVEMENT_LABEL, GAME_TITLE
from .turn import chip


def final_rows(view: dict[str, Any]) -> list[tuple[str, list[int]]]:
    """The final scoring step by step as ``(label, VP per seat)``, in the current language.

    The VP of the game without the scorings, each scoring (regions and ships), the final wages
    (−2 VP per unpaid worker colour) and the nine achievements (base VP × the tile on the space);
    the rows of a seat sum to its final VP. Empty before the end of the game.
    """
    t = tables()
    players = view.get("players") or []
    scores = view.get("scores") or {}
    if not view.get("over") or not scores:
        return []
    n = len(players)
    scorings: dict[int, list[int]] = {}
    for rec in view.get("scoring_log") or []:
        row = scorings.setdefault(int(rec.get("scoring", 0)), [0] * n)
        for region in (rec.get("regions") or {}).values():
            for part in ("awards", "ships"):
                for s, vp in (region.get(part) or {}).items():
                    if 0 <= int(s) < n:
                        row[int(s)] += int(vp)
    def score(s: int) -> dict[str, Any]:
        return scores.get(str(s)) or {}
    in_game = [int(score(s).get("in_game", players[s].get("vp", 0))) for s in range(n)]
    scored = [sum(row[s] for row in scorings.values()) for s in range(n)]
    # i18n: final-score rows: VP won outside the scorings (start VP, bonuses, rewards, minus wages).
    rows = [(_("VP during the game"), [in_game[s] - scored[s] for s in range(n)])]
    for number in sorted(scorings):
        # i18n: final-score row: the VP of a regional scoring (influence places and ships).
        rows.append((_("Scoring {n}", n=number), scorings[number]))
    # i18n: final-score row: VP lost at the final payday (−2 VP per worker colour not paid).
    rows.append((_("Final wages"), [int(score(s).get("payday_vp", 0)) for s in range(n)]))
    for aid in t.achievement_ids:
        label = str(tr(ACHIEVEMENT_LABEL[t.achievements[aid].measure]))
        rows.append((label, [int((score(s).get("achievements") or {}).get(aid, 0)) for s in range(n)]))
    return rows


def winner(view: dict[str, Any]) -> tuple[int | None, bool]:
    """``(seat of the winner, decided by the tie-break)``: most VP; among tied players the one
    who took the last turn (Podliczanie Punktów, remis)."""
    players = view.get("players") or []
    if not players:
        return None, False
    best = max(int(p.get("vp", 0)) for p in players)
    tied = [s for s, p in enumerate(players) if int(p.get("vp", 0)) == best]
    seat = max(tied, key=lambda s: int(players[s].get("last_turn", -1)))
    return seat, len(tied) > 1


def final_card(view: dict[str, Any]) -> ScoreCard:
    """The facts of the final-score picture of a finished game's ``view``, in the current language:
    a row per step of the final scoring (:func:`final_rows`), the totals, the winner and, when
    VP were tied, the tie-break that decided."""
    players = view.get("players") or []
    chips = [chip(view, s) for s in range(len(players))]
    totals = [int(p.get("vp", 0)) for p in players]
    seat, tie = winner(view)
    headline = _("{name} wins with {vp} VP", name=chips[seat].name, vp=totals[seat]) if seat is not None else ""
    tie_break = ""
    if tie and seat is not None:
        others = [chips[s].name for s, p in enumerate(players) if s != seat and totals[s] == totals[seat]]
        # i18n: the tie-break of the rules (Podliczanie Punktów): the tied player who took the last turn wins.
        tie_break = _("Tied at {vp} VP with {others}: {name} wins as the tied player who took the last turn.",
                      vp=totals[seat], others=", ".join(others), name=chips[seat].name)
    # i18n: a note under the headline of the final-score picture.
    notes = [_("Achievements: base VP × the multiplier of their tile.")]
    return ScoreCard(title=GAME_TITLE, players=chips, rows=final_rows(view), totals=totals,
                     winners=[seat] if seat is not None else [], headline=headline, tie_break=tie_break,
                     notes=notes, score_label=_("VP"))
