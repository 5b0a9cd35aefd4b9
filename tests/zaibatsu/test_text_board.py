"""The terminal text board of a Zaibatsu table: Takatoshi's score, token rows and the solo goals
with their progress (no Python reprs), and every track's marker space named apart from its value."""

from __future__ import annotations

import re

import pytest

from engine.core import CHANCE
from engine.core.i18n import language
from engine.zaibatsu import GAME
from engine.zaibatsu.automa import goal_progress
from engine.zaibatsu.tables import tables

LANGS = ("en", "pl", "ru", "de")


def solo_state():  # type: ignore[no-untyped-def]
    """A solo game against Takatoshi played up to the human's first decision."""
    state = GAME.setup({"players": 1, "solo": "medium"}, 7)
    while GAME.decision(state).seat == CHANCE:
        state, _events = GAME.apply(state, GAME.legal_actions(state)[0])
    return state


def test_takatoshi_score_tokens_and_goal_progress_in_text() -> None:
    state = solo_state()
    state.automa.vp = 13
    with language("en"):
        text = GAME.text(state, 0)
    assert "[[" not in text and "]]" not in text  # no Python list
    line = next(ln for ln in text.splitlines() if "TAKATOSHI" in ln)
    assert "VP 13" in line
    assert "tokens by period I: " in line and "III: " in line
    for slot, gid in state.automa.goals.items():
        value, target, _text = goal_progress(state, gid)
        assert re.search(rf"^\s+{slot}: .* — {value}/{target}$", text, re.M), (slot, text)


@pytest.mark.parametrize("lang", LANGS)
def test_solo_text_in_every_language_has_progress_and_no_reprs(lang: str) -> None:
    state = solo_state()
    with language(lang):
        text = GAME.text(state, 0)
    assert "[[" not in text and "SG" not in text
    assert len(re.findall(r" — \d+/\d+", text)) == len(state.automa.goals)


def test_track_space_and_value_named_apart() -> None:
    state = solo_state()
    p = state.players[0]
    p.rd, p.mining, p.finance = 4, 7, 2
    t = tables()
    coal = t.track["mining"][6].value  # space 7 of the Mining track: 5 coal at Consolidation
    money = t.track["finance"][1].value
    assert coal != 7
    with language("en"):
        text = GAME.text(state, 0)
    assert (f"R&D track: space 4, level {t.track['rd'][3].value}  Mining track: space 7, income {coal} coal  "
            f"Finance track: space 2, income {money} money") in text
    assert "Mining 7" not in text
    with language("pl"):
        text = GAME.text(state, 0)
    assert f"{coal} węgl" in text and "tor Górnictwa" in text


def test_a_cut_refusal_list_says_how_many_more_moves_there_are() -> None:
    import random
    from collections import Counter

    from engine.core import Action
    from engine.core.i18n import tr
    from engine.zaibatsu.explain import SIMILAR_SHOWN, reason

    state = GAME.setup({"players": 2}, 3)
    rng = random.Random(1)
    for _ply in range(400):  # the first decision offering more than SIMILAR_SHOWN moves of a kind that reach the list
        d = GAME.decision(state)
        legal = GAME.legal_actions(state)
        if d.seat != CHANCE:
            many = {k: n for k, n in Counter(a.kind for a in legal).items() if n > SIMILAR_SHOWN}
            if "prestige" in many:
                bogus = Action("prestige", ("zz", "zz"))
                more = many["prestige"] - SIMILAR_SHOWN
                with language("en"):
                    text = str(tr(reason(state, bogus, legal)))
                assert text.endswith(f" … and {more} more."), text
                assert text.count(", ") == SIMILAR_SHOWN - 1
                with language("pl"):
                    assert str(tr(reason(state, bogus, legal))).endswith(f"… i jeszcze {more}.")
                with language("de"):
                    assert str(tr(reason(state, bogus, legal))).endswith(f"… und {more} weitere.")
                return
        state, _events = GAME.apply(state, rng.choice(legal))
    raise AssertionError("no decision with a long list of one kind")
