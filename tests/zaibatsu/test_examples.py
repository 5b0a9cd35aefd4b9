"""The rulebook's worked examples E-1 … E-10 (reference §5), with their exact numbers.

E-11 (consolidation) is in test_consolidation.py, E-12 and E-13 (scoring) in test_scoring.py.
Values marked *(data)* in the reference come from the PROPOSED data files and are cited here.
"""

from __future__ import annotations

import pytest

from engine.core import IllegalAction

from .scenario import add_factory, add_ship, player_json, puzzle, set_market, set_turn, set_workforce

PURPLE, GREEN, ORANGE, PINK = 0, 1, 2, 3


def refused(t, move):
    before = t.json()
    with pytest.raises(IllegalAction) as exc:
        t.apply(move)
    assert t.json() == before
    return exc.value.reason


def test_e1_taking_a_worker():
    # E-1: the hiring space holds one worker fewer; the worker stands in the lowest empty
    # workforce slot; then the action is resolved.
    t = puzzle(2, lambda d: player_json(d, 0, money=1), lambda d: set_workforce(d, 0, ["red"]))
    assert t.state.hiring[3] == ["black", "grey", "yellow"]
    t.play("take 4 rd yellow")
    assert t.state.hiring[3] == ["black", "grey"]
    assert [w.colour for w in t.player(0).workforce] == ["red", "yellow"]
    assert t.decision.kind == "activation"
    t.play("rd 1")
    assert t.player(0).rd == 2


def test_e2_rd():
    # E-2: pay 1 money, R&D s → s+1.
    t = puzzle(2, lambda d: player_json(d, 0, money=4, rd=1))
    t.play("take 4 rd black", "rd 1")
    p = t.player(0)
    assert (p.money, p.rd) == (3, 2)


def test_e3_mining():
    # E-3: pay 3 money, Mining s → s+2 (here 1 → 3, passing the grey bonus on space 3 *(data)*).
    t = puzzle(2, lambda d: player_json(d, 0, money=4, mining=1))
    t.play("take 2 mining black", "mine 2")
    p = t.player(0)
    assert (p.money, p.mining) == (1, 3)
    assert p.iron == 2  # grey department bonus (data: tracks.json, Mining space 3)


def test_e4_factory_with_silk_boost():
    # E-4: money 6, silk 1, R&D 1, Cotton 1A displayed: pay 6 money and 1 silk (R&D counts as 2);
    # Cotton 1A in factory slot 1; R&D +2 → 3; the black bonus on R&D 3 *(data)* → coal +2.
    e4 = [lambda d: player_json(d, 0, money=6, silk=1, rd=1)]
    t = puzzle(2, *e4)
    assert "cotton1A" in t.state.display
    t.play("take 3 factory red", "factory cotton1A silk1")
    p = t.player(0)
    assert (p.money, p.silk, p.rd, p.coal) == (0, 0, 3, 2)
    assert [f.side for f in p.factories] == ["cotton1A"]
    assert "cotton1A" not in t.state.display
    # Negative: the same state without silk → no cotton factory (not even the Factory action).
    t2 = puzzle(2, lambda d: player_json(d, 0, money=6, rd=1))
    assert "take 3 factory red" not in t2.legal()
    assert "Build factory even once" in refused(t2, "take 3 factory red")


@pytest.mark.parametrize("with_ship", [False, True])
def test_e5_machines(with_ship):
    # E-5: 1 activation, left slot: money −5, a machine leaves the board (5 left), the factory has
    # 1 machine on its left slot; with a ship built, the ship/machine column-1 bonus (Finance +1,
    # *(data)*) is gained because both slots are now empty.
    def edit(d):
        player_json(d, 0, money=5)
        add_factory(d, 0, "cotton1A")
        if with_ship:
            add_ship(d, 0, "london")
    t = puzzle(2, edit)
    t.play("take 2 machines white", "machine 1 L")
    p = t.player(0)
    assert p.money == 0 and p.machines == 1 and 6 - p.machines == 5
    assert p.factories[0].machines == [True, False]
    assert p.finance == (2 if with_ship else 1)


def test_e6_production():
    # E-6: a cotton factory with 1 machine and empty goods slots; coal 2 → 2 cotton.
    t = puzzle(2, lambda d: player_json(d, 0, coal=2), lambda d: add_factory(d, 0, "cotton1A", machines=(True, False)))
    t.play("take 4 production grey", "produce 1")
    p = t.player(0)
    assert p.coal == 0 and p.factories[0].goods == 2


def e7_position(**orange):
    def edit(d):
        set_turn(d, ORANGE)
        player_json(d, ORANGE, **{"iron": 6, **orange})
        add_factory(d, ORANGE, "cotton1A", machines=(True, True))  # 2 machines built
        set_workforce(d, PINK, ["blue@new_york"])  # another player holds the New York expert
    return puzzle(4, edit)


def test_e7_ships():
    # E-7 (4 players): Orange builds ships to Berlin (white) and San Francisco (red).
    t = e7_position()
    t.play("take 1 ships grey")
    assert not [m for m in t.legal() if "new_york" in m]  # (1) New York has no expert
    assert "no expert" in refused(t, "ship new_york iron")
    t.play("ship berlin iron")
    p = t.player(ORANGE)
    assert t.state.ships["berlin"] == [ORANGE]
    assert [(w.colour, w.expert) for w in p.workforce] == [("grey", None), ("white", "berlin")]
    assert "white" in p.upgraded
    assert p.finance == 2  # column 1: Finance +1 *(data)*
    t.play("ship san_francisco iron")
    p = t.player(ORANGE)
    # column 2: the red department bonus, resolved after the red upgrade → 3 silk (ordering test)
    assert "red" in p.upgraded and p.silk == 3
    assert p.iron == 0 and p.finance == 2
    assert [(w.colour, w.expert) for w in p.workforce] == [
        ("grey", None), ("white", "berlin"), ("red", "san_francisco")]
    assert 6 - p.ships == 4
    assert not t.state.experts["berlin"] and not t.state.experts["san_francisco"]
    assert t.state.upgrades["berlin"] == 3 and t.state.upgrades["san_francisco"] == 3  # 4 at 4 players
    assert t.decision.seat == PINK  # no iron left: the action ends


def test_e7_optional_third_ship_paid_with_silk_as_money():
    # With 2 money and 1 more iron: convert the 3 silk → money, pay 5 money + 1 iron.
    t = e7_position(iron=7, money=2)
    t.play("take 1 ships grey", "ship berlin iron", "ship san_francisco iron")
    assert "ship paris money" in t.legal()
    t.play("ship paris money")
    p = t.player(ORANGE)
    assert (p.money, p.silk, p.iron, p.ships) == (0, 0, 0, 3)


def test_e8_trains():
    # E-8: iron 3, money 5: train in R1 on the "1 iron" slot (3 iron), then in R2 on the "1 silk"
    # slot paying the gained iron + 5 money *(data: train slots 1 and 2)*.
    def edit(d):
        set_turn(d, GREEN)
        player_json(d, GREEN, iron=3, money=5)
    t = puzzle(2, edit)
    t.play("take 1 trains grey", "train R1 1 iron")
    assert t.player(GREEN).iron == 1
    assert "different region" in refused(t, "train R1 2 money")  # negative: same region again
    t.play("train R2 2 money")
    p = t.player(GREEN)
    assert (p.iron, p.money, p.silk, p.trains) == (0, 0, 1, 2)
    assert t.state.trains["R1"][0] == GREEN and t.state.trains["R2"][1] == GREEN


def test_e9_local_markets():
    # E-9 (Pink): region R1 = M1 (DT1: paper beside S) + M2 (DT5: lenses beside E); region bonus
    # 2 iron *(data)*. Paper factory (slot 1) with 3 paper, lenses factory (slot 2) with 1 lens.
    def edit(d):
        set_turn(d, PINK)
        set_market(d, "M1", "DT1")
        set_market(d, "M2", "DT5")
        add_factory(d, PINK, "paper1A", goods=3)
        add_factory(d, PINK, "lenses1A", goods=1)
    t = puzzle(4, edit)
    t.play("take 5 markets white", "market M1 S 1 bonus")
    assert t.state.markets[0].slots[2] == [PINK, 1]
    refused(t, "market M1 S 1 bonus")  # token 1 again (equal): illegal
    assert "one region" in refused(t, "market M3 S 1.1 bonus")
    t.play("market M1 S 1.1 bonus")  # token 2 replaces Pink's own token 1
    t.play("market M2 E 2 bonus")  # 1 lens → token 3
    p = t.player(PINK)
    assert [f.goods for f in p.factories] == [0, 0]
    assert t.state.markets[0].slots[2] == [PINK, 2] and t.state.markets[1].slots[1] == [PINK, 3]
    assert p.tokens == [1, 4, 5, 6, 7]
    assert p.iron == 6


def test_e10_investments_and_contracts():
    # E-10 (Pink): 1 lens → Finance +2; 2 paper → C7 (the lens counts), blue upgraded → 5 money;
    # 3 cotton → C6 (yellow normal → 2 VP); Paper 3A's modifier once: Finance +2.
    def edit(d):
        set_turn(d, PINK)
        player_json(d, PINK, finance=5, upgraded=["blue"])
        add_factory(d, PINK, "paper3A", goods=4)  # slot 1
        add_factory(d, PINK, "lenses1A", goods=3)  # slot 2
        add_factory(d, PINK, "cotton1A", goods=3)  # slot 3
        add_factory(d, PINK, "paper1A", goods=2)  # slot 4: more paper, for the negative test
    t = puzzle(4, edit)
    t.play("take 3 investments blue", "invest 2 finance")
    assert t.player(PINK).finance == 7
    assert "type not used" in refused(t, "invest 2.2 C7 +f1")  # lenses again
    t.play("invest 1.1 C7 +f1")
    assert t.decision.kind == "dept_any"
    t.play("dept blue")
    assert "type not used" in refused(t, "invest 1.1.4 C6")  # paper again (3 paper are there)
    refused(t, "invest 3.3.3 C8")  # no level-3 good spent in this action
    assert "invest 3.3.3 C6" in t.legal() and "invest 3.3.3 C6 +f1" not in t.legal()  # once
    t.play("invest 3.3.3 C6")
    p = t.player(PINK)
    assert p.finance == 5 + 2 + 2
    assert (p.money, p.vp) == (5, 2)
    assert p.contracts_done == ["C7", "C6"]
    assert [f.goods for f in p.factories] == [2, 2, 0, 2]  # 6 goods spent
    assert p.tokens.count(7) == 2  # Finance space 7 unlocks token 7 *(data)*
