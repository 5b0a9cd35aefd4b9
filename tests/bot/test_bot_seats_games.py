"""Bots at tables of the real games, through the Host: legal turns, nothing hidden in public, replay."""

from __future__ import annotations

import random
import re

import pytest

from bot.host import Host, effective_moves
from bot.store import Store
from engine.core import builtin_game_names, game_info, get_game, registry, replay
from engine.core.bots import bots_supported

CH = "bots"


def _state(host: Host):  # noqa: ANN202 - the game's own state type
    data = host.status(CH).data or {}
    with host.store.unit_of_work(write=False) as repo:
        snap = repo.latest_snapshot(data["table_id"])
    assert snap is not None
    return get_game(data["game"]).from_json(snap.state)


def _hidden_words(game, state) -> set[str]:  # noqa: ANN001
    """What nobody but its owner may see now (e.g. cards in hands), as words of a text."""
    secret = registry.hidden(game)
    return set(secret.hidden_tokens(state, None)) if secret else set()


@pytest.mark.parametrize(("name", "players", "seed"), [
    (name, 3 if 3 in game_info(get_game(name)).player_counts else max(game_info(get_game(name)).player_counts), 2 + i)
    for i, name in enumerate(builtin_game_names())])
@pytest.mark.slow
def test_greedy_bots_play_legal_turns_and_show_nothing_hidden(store: Store, name: str, players: int, seed: int) -> None:
    game = get_game(name)
    assert bots_supported(game)
    host = Host(store)
    assert host.new_table(CH, "u1", "Ann", name, {"players": players}, seed).ok
    for _bot in range(players - 1):
        assert host.add_bot(CH, "u1", "medium").ok
    assert host.start(CH, "u1").ok
    rng = random.Random(seed)
    bot_turns = 0
    for _step in range(40):
        data = host.status(CH).data or {}
        if data["status"] != "running":
            break
        if data["players"][data["to_act_seat"]]["bot"]:
            hidden = _hidden_words(game, _state(host))
            reply = host.bot_step(CH)
            assert reply.ok, reply.private
            bot_turns += 1
            words = set(re.findall(r"\w+", f"{reply.public} {reply.alt}"))
            # a card in a hand may show only once played (the text names what the move revealed)
            still_hidden = _hidden_words(game, _state(host))
            assert not (hidden & still_hidden & words), (hidden & still_hidden & words)
        else:
            choices = [n for n, _label in host.legal(CH, "u1").choices]
            assert host.move(CH, "u1", rng.choice(choices)).ok
    assert bot_turns >= 3
    with store.unit_of_work(write=False) as repo:
        table = repo.active_table(CH) or repo.latest_table(CH)
        assert table is not None
        moves = repo.moves(table.id)
        snap = repo.latest_snapshot(table.id)
    # the bots' moves replay from the log like any other
    state = replay(game, table.options, table.seed or 0, [m.notation for m in effective_moves(moves)])
    assert snap is not None and game.to_json(state) == game.to_json(game.from_json(snap.state))
    assert any(m.actor == "bot:medium" for m in moves)


def test_a_search_bot_decides_within_its_time_budget(store: Store) -> None:
    import time

    host = Host(store)
    assert host.new_table(CH, "u1", "Ann", "zaibatsu", {"players": 2}, 8).ok
    assert host.add_bot(CH, "u1", "hard").ok
    assert host.start(CH, "u1").ok
    rng = random.Random(8)
    searched = 0
    for _turn in range(80):
        data = host.status(CH).data or {}
        if searched >= 2:
            break
        if data["players"][data["to_act_seat"]]["bot"]:
            searched += 1
            started = time.perf_counter()
            reply = host.bot_step(CH)
            assert reply.ok, reply.private
            steps = len((reply.data or {})["step"].split("; "))
            # at most ~2 s a decision (the search's own cap), generous for a loaded machine
            assert time.perf_counter() - started < steps * 4.0
        else:
            choices = [n for n, _label in host.legal(CH, "u1").choices]
            assert host.move(CH, "u1", rng.choice(choices)).ok
    assert searched == 2
