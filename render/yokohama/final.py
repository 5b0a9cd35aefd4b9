"""The facts of the Yokohama final-score picture (``final_card``) that :mod:`render.core.cards` lays out."""

from __future__ import annotations

from typing import Any

from engine.core.i18n import tr
from engine.yokohama.tables import tables
from engine.yokohama.words import T, _
from render.core.cards import ScoreCard

from .labels import GAME_TITLE, icon
from .turn import chip

# i18n: the rows of the final-score picture (each a short label beside the players' VP, about 280 px),
# in the rulebook's order (Punktacja końcowa): VP scored during the game, the Church and Customs House
# majorities, the technology majority, country sets, then the leftovers.
SCORE_ROWS = (
    ("before", T("final scoring", "During the game")),
    ("church", T("final scoring", "Church")),
    ("customs", T("final scoring", "Customs House")),
    ("technology", T("final scoring", "Technologies")),
    ("countries", T("final scoring", "Country sets")),
    ("agents", T("final scoring", "Foreign agents")),
    ("ig", T("final scoring", "Imported goods")),
    ("yen", T("final scoring", "Yen")),
    ("goods", T("final scoring", "Trade goods")),
)


def final_card(view: dict[str, Any]) -> ScoreCard:
    """The facts of the final-score picture of a finished game, in the current language: one row per
    step of the rulebook's final scoring (Punktacja końcowa: VP during the game, the Church and
    Customs House bonuses, the technology bonus, country sets, then the leftovers: foreign agents,
    imported goods, yen, trade goods), the totals, the winner and, when VP tie, the tie-break by
    turn order (Zwycięstwo)."""
    players = view.get("players") or []
    scores = view.get("scores") or {}
    n = len(players)
    chips = [chip(view, s) for s in range(n)]
    parts = [scores.get(str(s)) or {} for s in range(n)]
    rows = [(str(tr(label)), [int(parts[s].get(key, 0)) for s in range(n)]) for key, label in SCORE_ROWS]
    totals = [int(parts[s].get("total", players[s].get("vp", 0))) for s in range(n)]
    start = int(view.get("start_player", 0))
    order = sorted(range(n), key=lambda s: (-totals[s], (s - start) % max(1, n)))
    winners = order[:1]
    headline = _("{name} wins with {vp} VP", name=chips[order[0]].name, vp=totals[order[0]]) if order else ""
    tie_break = ""
    tied = [s for s in order if totals[s] == totals[order[0]]]
    if len(tied) > 1:
        # i18n: the final-score picture when the best players tie on VP (Zwycięstwo: the tie goes to the
        # tied player earliest in turn order, the start player first).
        tie_break = _("Tie at {vp} VP between {players}: {name} wins, earliest in turn order (start player: "
                      "{start}).", vp=totals[order[0]], players=", ".join(chips[s].name for s in tied),
                      name=chips[order[0]].name, start=chips[start].name if 0 <= start < n else "?")
    n_ = tables().n
    # i18n: a note under the final-score picture's headline: how the leftovers (the last four rows) score.
    note = _("Leftovers: {agent} VP per unused foreign agent, {ig} VP per imported good, 1 VP per {yen} yen, "
             "1 VP per {goods} trade goods.", agent=n_["leftover_agent_vp"], ig=n_["leftover_ig_vp"],
             yen=n_["leftover_yen_per_vp"], goods=n_["leftover_goods_per_vp"])
    return ScoreCard(title=GAME_TITLE, players=chips, rows=rows, totals=totals, winners=winners, headline=headline,
                     tie_break=tie_break, notes=(note,), score_label=icon("vp"))
