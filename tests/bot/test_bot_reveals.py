"""Reveals end undo: a step that showed a hidden card is never taken back, and a taken-back step
whose card is hidden again (logs written before this rule) is shown without its notation.

The reproduction of the leak: Yokohama, 2 players, table seed 3, both players keep their first
dealt order; the first player fulfils it (one of each good is enough for M06) and undoes.
"""

from __future__ import annotations

import json

import pytest

from bot.host import HIDDEN_NOTATION, Host, effective_moves
from bot.store import UNDO, MoveRec, Store
from engine.core import Action, builtin_game_names, get_game, registry, replay
from engine.core.hidden import offered, private_route, reveals
from engine.yokohama.rules import order_text

pytestmark = pytest.mark.all_databases

CARD = "M06"


def _fulfilled(host: Host, channel: str = "y") -> None:
    """The reproduction up to the fulfilled order (Ann fulfils M06)."""
    assert host.new_table(channel, "ann", "Ann", "yokohama", {"players": 2}, 3).ok
    assert host.join(channel, "bob", "Bob").ok and host.start(channel, "ann").ok
    for user in ("ann", "bob"):
        first = host.legal(channel, user).choices[0][0]
        assert first.startswith("keep ")
        assert host.move(channel, user, first).ok
    assert host.legal(channel, "ann").choices[-1][0] == f"order {CARD}"
    played = host.move(channel, "ann", f"order {CARD}")
    assert played.ok, played.private
    assert CARD in (played.public or "")  # fulfilling lays the card face up: everybody sees it


def _texts(host: Host, channel: str = "y") -> str:
    """Every public text of the table: log, status, board, turn and the running export."""
    parts = [host.log(channel, 200).public, host.status(channel).public, host.board(channel).public,
             json.dumps(host.turn(channel).data), json.dumps(host.export(channel).data)]
    return "\n".join(p or "" for p in parts)


def test_a_fulfilled_order_is_never_taken_back(store: Store) -> None:
    host = Host(store)
    _fulfilled(host)
    before = host.export("y").data
    refused = host.undo("y", "ann")
    assert not refused.ok
    assert "can't be undone" in (refused.private or "") and f"order {CARD}" in (refused.private or "")
    assert host.export("y").data == before  # nothing was appended
    refused_pl = host.undo("y", "ann", lang="pl")
    assert not refused_pl.ok and "can't be undone" not in (refused_pl.private or "")


def test_the_steps_before_a_reveal_stay_undoable_and_later_ones_too(store: Store) -> None:
    """Only the revealing step is a barrier: a later public step of the same turn can be undone."""
    host = Host(store)
    _fulfilled(host)
    assert host.move("y", "ann", "main").ok
    undone = host.undo("y", "ann")
    assert undone.ok, undone.private
    assert "main" in (undone.public or "")
    assert not host.undo("y", "ann").ok  # back at the fulfilment: the barrier holds


def test_the_game_declares_its_reveals_through_the_core_hook() -> None:
    game = get_game("yokohama")
    state = game.setup({"players": 2}, 3)
    assert reveals(game, state, Action("order", (CARD,)))
    assert not reveals(game, state, Action("keep", (CARD,)))
    assert not reveals(game, state, Action("main"))
    for name in [n for n in builtin_game_names() if registry.hidden(get_game(n)) is None]:  # nothing is private
        other = get_game(name)
        s = other.setup({"players": 2}, 1)
        assert private_route(other, s) is False
        legal = other.legal_actions(s)
        assert offered(other, s) == (legal, len(legal))


def _old_undo(store: Store, channel: str = "y") -> None:
    """Append an undo of the fulfilment directly, as hosts did before reveals ended undo."""
    game = get_game("yokohama")
    with store.unit_of_work() as repo:
        table = repo.active_table(channel)
        assert table is not None
        moves = repo.moves(table.id)
        effective = effective_moves(moves)
        target = effective[-1]
        assert target.notation == f"order {CARD}"
        before = replay(game, table.options, table.seed or 0, [m.notation for m in effective[:-1]])
        seq = repo.last_seq(table.id) + 1
        repo.bump_version(table.id, table.version)
        repo.append_moves([MoveRec(table.id, seq, target.actor, target.seat, UNDO, str(target.seq))])
        repo.save_snapshot(table.id, seq, game.version, game.to_json(before))
        repo.commit()


def test_an_old_taken_back_reveal_names_no_card_in_any_public_output(store: Store) -> None:
    host = Host(store)
    _fulfilled(host)
    _old_undo(store)
    # the card is back in Ann's hidden hand (the board names it by its face, never by its id) …
    assert str(order_text(CARD)) in host.hand("y", "ann").private
    texts = _texts(host)
    assert CARD not in texts  # … and no public output names it
    log_text = host.log("y", 200).public or ""
    assert "(taken back)" in log_text and "a step that showed hidden information" in log_text
    export = host.export("y").data
    assert export["complete"] is False
    assert HIDDEN_NOTATION in [m["notation"] for m in export["moves"]]
    assert CARD not in (host.log("y", 200, lang="ru").public or "")
    # a spectator's replay shows the effective game only
    replayed = host.replay("y", "eve")
    assert replayed.ok and CARD not in (replayed.private or "") + (replayed.alt or "")
    # the game goes on, and once it is over the export is complete again (all cards are public then)
    assert host.legal("y", "ann").ok


def test_a_finished_games_export_keeps_the_full_log(store: Store) -> None:
    """Concealing is for a running game: a finished game's export is the whole truth."""
    host = Host(store)
    _fulfilled(host)
    _old_undo(store)
    with store.unit_of_work() as repo:
        table = repo.active_table("y")
        assert table is not None
        repo.bump_version(table.id, table.version, status="finished")
        repo.commit()
    export = host.export("y").data
    assert f"order {CARD}" in [m["notation"] for m in export["moves"]]
