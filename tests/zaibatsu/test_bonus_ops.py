"""Bonus ops are worked out once per bonus (engine/zaibatsu/rules/bonuses.py): the same ops as from
the bonus's fields, and every call hands out fresh dicts that the rules may change."""

from __future__ import annotations

from engine.zaibatsu.rules.bonuses import _bonus_ops, bonus_ops
from engine.zaibatsu.tables import tables


def _every_bonus() -> list[object]:
    t = tables()
    bonuses: list[object] = [s.bonus for spaces in t.track.values() for s in spaces if s.bonus is not None]
    bonuses += [r.bonus for r in t.regions]
    bonuses += [c.bonus for c in t.contracts.values()]
    bonuses += list(t.area_bonus.values())
    return bonuses


def test_every_bonus_gives_the_ops_of_its_fields() -> None:
    bonuses = _every_bonus()
    assert len(bonuses) > 20
    for bonus in bonuses:
        assert bonus_ops(bonus) == _bonus_ops(bonus)
        assert bonus_ops(bonus) == _bonus_ops(bonus)  # the remembered ops, the second time


def test_changing_the_ops_handed_out_leaves_the_next_call_alone() -> None:
    bonus = next(b for b in _every_bonus() if _bonus_ops(b))
    first = bonus_ops(bonus)
    first[0]["why"] = "changed"
    first.append({"op": "extra"})
    assert bonus_ops(bonus) == _bonus_ops(bonus)
    assert all(a is not b for a, b in zip(bonus_ops(bonus), bonus_ops(bonus)))
