"""What a department, a contract, a train slot and a prestige tile give, before they are chosen
(issue 32, item 2), and a dominated variant of an action offered after the better one (item 2's last
point): the labels in all four languages against the catalogues' words, each checked against what
playing the move then does; the menu order only permutes the legal actions and leaves
``legal_actions`` (bots, replays, seeded tests) as it was."""

from __future__ import annotations

import pytest

from engine.core.hidden import menu_ordered, offered
from engine.core.i18n import language, tr
from engine.zaibatsu import GAME
from engine.zaibatsu.tables import tables

from .scenario import add_factory, puzzle
from .test_actions import INVEST, PRODUCTION, RD, TRAINS, me
from .test_consolidation import workforce

#: "2 coal" (the black department's normal yield) in each language, as the catalogues write it.
TWO_COAL = {"en": "2 coal", "pl": "2 węgle", "ru": "2 угля", "de": "2 Kohle"}


def _labels(t, lang: str = "en") -> dict[str, str]:
    return {GAME.format_action(t.state, a): str(tr(GAME.describe(t.state, a), lang)) for a in GAME.legal_actions(t.state)}


@pytest.mark.parametrize("lang", sorted(TWO_COAL))
def test_a_department_label_names_its_yield(lang: str) -> None:
    t = puzzle(2, me(money=10, rd=5))
    t.play(RD, "rd 2")  # R&D space 7: any department bonus
    assert t.decision.kind == "dept_any"
    label = _labels(t, lang)["dept black"]
    assert TWO_COAL[lang] in label, label
    assert len(label) <= 100
    coal = t.player(0).coal
    t.play("dept black")
    assert t.player(0).coal == coal + 2


def test_an_upgraded_department_label_names_the_upgraded_yield() -> None:
    t = puzzle(2, me(money=10, rd=5))
    t.state.players[0].upgraded.append("blue")
    t.play(RD, "rd 2")
    assert _labels(t)["dept blue"].endswith("→ 5 money")
    money = t.player(0).money
    t.play("dept blue")
    assert t.player(0).money == money + 5


def test_a_contract_label_names_the_department_yield() -> None:
    t = puzzle(2, me(money=10), lambda d: add_factory(d, 0, "cotton1A", goods=2))
    t.play(INVEST)
    pl = _labels(t, "pl")["invest 1 C3"]
    assert "(2 żelaza)" in pl, pl  # the grey department: 2 iron
    iron = t.player(0).iron
    t.play("invest 1 C3")
    assert t.player(0).iron == iron + 2


@pytest.mark.parametrize(("lang", "words"), [("en", "nothing, +2 influence"), ("pl", "nic, +2 Wpływu"),
                                             ("ru", "ничего, +2 влияния"), ("de", "nichts, +2 Einfluss")])
def test_a_train_slot_without_bonus_still_says_what_the_train_gives(lang: str, words: str) -> None:
    t = puzzle(2, me(iron=3))
    t.play(TRAINS)
    label = _labels(t, lang)["train R2 3 iron"]
    assert words in label, label
    assert tables().n["train_influence"] == 2


def test_a_prestige_label_names_its_vp_now_and_at_best() -> None:
    t = puzzle(2, workforce("grey", "red", "red", "black"))
    t.play("consolidate")
    labels = _labels(t)
    label = labels["prestige 1 ships"]
    assert "→ 0 VP now, at most 10 VP" in label, label  # no ship built: no threshold reached
    assert all("now, at most" in x for m, x in labels.items() if m.startswith("prestige"))
    best = max(v[0] for (goal, _n), v in tables().slot_values.items() if goal == "factories")
    assert f"→ 0 VP now, at most {best} VP" in labels["prestige 1 factories"]  # level 1 of the slot values
    ru = _labels(t, "ru")["prestige 1 ships"]
    assert "сейчас 0 ПО, максимум 10 ПО" in ru, ru


def _two_variants():
    def edit(d):
        add_factory(d, 0, "cotton4B")  # Production modifier: +1 good here
        add_factory(d, 0, "paper4A")
    t = puzzle(2, me(coal=4), edit)
    t.play(PRODUCTION)
    return t


def test_a_dominated_production_variant_is_offered_after_the_better_one() -> None:
    t = _two_variants()
    legal = GAME.legal_actions(t.state)
    names = [GAME.format_action(t.state, a) for a in legal]
    assert names.index("produce 1") < names.index("produce 1 +f1")  # the rules' own order is kept
    shown = [GAME.format_action(t.state, a) for a in offered(GAME, t.state)[0]]
    assert shown.index("produce 1 +f1") < shown.index("produce 1")
    assert sorted(shown) == sorted(names)
    labels = _labels(t)
    assert "→ 2 cotton" in labels["produce 1 +f1"] and "→ 1 cotton" in labels["produce 1"]
    # The order agrees with what the two variants then do.
    better, worse = (GAME.apply(t.state, GAME.parse_action(t.state, m))[0] for m in ("produce 1 +f1", "produce 1"))
    assert better.players[0].factories[0].goods > worse.players[0].factories[0].goods


def test_the_menu_order_only_permutes() -> None:
    t = _two_variants()
    legal = GAME.legal_actions(t.state)
    ordered = menu_ordered(GAME, t.state, list(legal))
    assert sorted(map(repr, ordered)) == sorted(map(repr, legal)) and ordered != legal



def test_the_board_names_department_and_open_contract_yields() -> None:
    t = puzzle(2, me(money=10), lambda d: add_factory(d, 0, "cotton1A", goods=2))
    assert "C3" in t.player(0).contracts
    with language("pl"):
        pl = str(tr(GAME.text(t.state, 0)))
    assert "szary Transport: 2 żelaza (ulepszony: 3 żelaza)" in pl
    assert "C3: bonus: szary Departament (2 żelaza)" in pl
    en = str(GAME.text(t.state, 0))
    assert "yellow Foreign Affairs: 2 VP (upgraded: 4 VP)" in en
