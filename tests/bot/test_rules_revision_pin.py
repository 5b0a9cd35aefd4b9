"""A table keeps the rules revision it started with (engine.core.revisions), generically in the host:
a new table pins the game's current revision, a stored table or export without one is revision 1."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from bot.host import Host
from bot.store import Store
from engine.core import builtin_game_names, get_game, registry, replay
from engine.core.revisions import FIRST, pinned_options, stored_options

pytestmark = pytest.mark.all_databases

LEGACY = Path(__file__).resolve().parents[1] / "fixtures" / "legacy" / "yokohama-4p-rules1.json"


def test_new_tables_pin_the_current_revision_and_old_options_read_as_revision_one() -> None:
    game = get_game("yokohama")
    assert pinned_options(game, {"players": 2}) == {"players": 2, "rules_revision": game.rules_revision}
    assert pinned_options(game, {"players": 2, "rules_revision": 1})["rules_revision"] == 1
    assert stored_options(game, {"players": 2}) == {"players": 2, "rules_revision": FIRST}
    assert stored_options(game, {"players": 2, "rules_revision": 2})["rules_revision"] == 2
    for name in [n for n in builtin_game_names() if registry.rules_revision(get_game(n)) is None]:  # untouched
        other = get_game(name)
        assert pinned_options(other, {"players": 3}) == stored_options(other, {"players": 3}) == {"players": 3}


def test_a_started_table_stores_its_revision_and_exports_it(store: Store) -> None:
    host = Host(store)
    assert host.new_table("c", "ann", "Ann", "yokohama", {"players": 2}, 3).ok
    assert host.join("c", "bob", "Bob").ok and host.start("c", "ann").ok
    export = host.export("c").data
    assert export["options"]["rules_revision"] == get_game("yokohama").rules_revision


def test_a_table_stored_before_revisions_replays_with_the_old_rules(store: Store) -> None:
    """The legacy 4-player log (a pass at the Church that revision 2 forbids, move 595) stored as a
    running table without a revision: the host rebuilds it from the log and the game goes on."""
    data = json.loads(LEGACY.read_text())
    assert "rules_revision" not in data["options"]
    game = get_game("yokohama")
    moves = data["moves"][:700]
    host = Host(store)
    users = ["ann", "bob", "cat", "dan"]
    assert host.new_table("old", users[0], "Ann", "yokohama", dict(data["options"]), data["seed"]).ok
    for user in users[1:]:
        assert host.join("old", user, user.title()).ok
    from bot.store import CHANCE_KIND, CHOICE, MoveRec

    state = replay(game, {**data["options"], "rules_revision": 1}, data["seed"], [])
    with store.unit_of_work() as repo:
        table = repo.active_table("old")
        assert table is not None
        # the table as an old host left it: options without a revision, the log, no snapshot
        repo.bump_version(table.id, table.version, status="running", options=dict(data["options"]),
                          seed=data["seed"])
        entries = []
        for seq, notation in enumerate(moves, start=1):
            seat = game.decision(state).seat
            kind = CHANCE_KIND if seat == -1 else CHOICE
            actor = "chance" if seat == -1 else users[seat]
            entries.append(MoveRec(table.id, seq, actor, seat, kind, notation))
            state, _ = game.apply(state, game.parse_action(state, notation))
        repo.set_seat_labels(table.id, game.seat_labels(state))
        repo.append_moves(entries)
        repo.commit()
    status = host.status("old")
    assert status.ok, status.private
    to_act = status.data["to_act"]
    legal = host.legal("old", to_act)
    assert legal.ok and legal.choices
    assert host.move("old", to_act, legal.choices[0][0]).ok
