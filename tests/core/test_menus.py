"""Menu order (engine.core.menus and engine.core.hidden.menu_ordered): a dominated variant of an
action is offered after the better ones, the set of options never changes, and a game hook that
returns anything but a reordering is ignored."""

from __future__ import annotations

from engine.core import Action
from engine.core.capabilities import MenuOrder
from engine.core.hidden import menu_ordered
from engine.core.menus import dominated_last, dominates


def test_dominates_needs_at_least_as_much_everywhere_and_more_somewhere() -> None:
    assert dominates((3, -2), (2, -2)) and dominates((2, -1), (2, -2))
    assert not dominates((2, -2), (2, -2)) and not dominates((3, -3), (2, -2))


def test_dominated_variants_move_after_the_better_ones_inside_their_group() -> None:
    # (name, group, goods made, coal paid as a negative number)
    acts = [("x", None, 0, 0), ("p1", "f1", 2, -2), ("other", None, 0, 0), ("p1+f1", "f1", 3, -2),
            ("p2", "f2", 1, -2), ("p2+f2", "f2", 1, -1), ("p3", "f3", 2, -2), ("p3+f3", "f3", 1, -1)]
    out = dominated_last(acts, lambda a: a[1], lambda a: (a[2], a[3]))
    assert [a[0] for a in out] == ["x", "p1+f1", "other", "p1", "p2+f2", "p2", "p3", "p3+f3"]
    # Neither of f3's variants is better in everything: their legal order stays.
    assert sorted(out) == sorted(acts)


class MenuOrderDouble:
    """A game double declaring MenuOrder; its hook reverses the options, or drops one when broken."""

    name = "menu-order-double"
    capabilities = (MenuOrder,)

    def __init__(self, broken: bool = False) -> None:
        self.broken = broken

    def menu_order(self, state: object, actions: list[Action]) -> list[Action]:
        return list(actions)[1:] if self.broken else list(reversed(actions))


def test_the_hosts_order_is_the_hooks_only_when_it_is_a_reordering() -> None:
    actions = [Action("a", ()), Action("b", ()), Action("c", ())]
    assert menu_ordered(MenuOrderDouble(), None, list(actions)) == actions[::-1]  # type: ignore[arg-type]
    assert menu_ordered(MenuOrderDouble(broken=True), None, list(actions)) == actions  # type: ignore[arg-type]
