"""Everything a reader receives is a function of what that reader may see (docs/architecture.md, "Hidden information").

The check: play a table of a game with hidden information to some position through the Host; for
a viewer (a seat or the spectator), re-sample the hidden part in ways consistent with that
viewer's view, and compare every output the viewer receives at each re-sample. They must be
identical.

A re-sample relabels the card ids the viewer cannot see (the game's ``hidden_tokens(state,
seat)``): a random permutation of that set is applied to every token of every log entry, in a
byte copy of the table's database (so the table's id, version, seed, seats and times stay the
same), and the snapshots are replaced by one of the state rebuilt from the relabelled log. A
hidden card in a hand never constrains a logged move (revealing moves are never undone), so the
relabelled log is a legal game the viewer cannot tell from the real one.

The outputs compared (``observe``): the public turn (buttons, the private-route flag, prompt),
status, the public board (text, picture bytes, alt text), the log, the turn accounts (all and a
seat's catch-up), the running export, the replay
viewer's latest and first positions, the host's review; for a seat also its hand (text, picture, options), its legal
moves (autocomplete), its private board, a refused move naming a card it cannot see, and the undo
(for the player to act: all of it; for everybody else its public part).
"""

from __future__ import annotations

import hashlib
import random
import shutil
import sqlite3
from collections.abc import Callable
from pathlib import Path
from typing import Any

from bot.app import compose
from bot.discord_app.components import option_lines, turn_options
from bot.host import Host, Reply, effective_moves
from bot.store import CHANCE_KIND, CHOICE, UNDO, Store
from engine.core import get_game, registry, replay

CHANNEL = "table"
USERS = ("u1", "u2", "u3", "u4")
OUTSIDER = "watcher"


def play_position(path: Path, game: str, players: int, seed: int, steps: int, options: dict[str, Any] | None = None,
                  rng_seed: int = 0) -> None:
    """A table of ``game`` in a SQLite file at ``path``, started and played ``steps`` random legal
    moves (fewer if the game ends) by users ``u1``…``uN``, without pictures."""
    store = Store(f"sqlite:///{path}")
    store.create_all()
    host = Host(store)
    assert host.new_table(CHANNEL, USERS[0], "Ann", game, {"players": players, **(options or {})}, seed).ok
    for k in range(1, players):
        assert host.join(CHANNEL, USERS[k], f"P{k + 1}").ok
    assert host.start(CHANNEL, USERS[0]).ok
    rng = random.Random(rng_seed)
    for _ in range(steps):
        data = host.status(CHANNEL).data
        if data.status != "running" or not data.to_act:
            break
        user = data.to_act
        legal = host.legal(CHANNEL, user)
        assert legal.ok and legal.choices, legal.private
        reply = host.move(CHANNEL, user, rng.choice(legal.choices)[0])
        assert reply.ok, reply.private
    store.dispose()


def current_state(path: Path) -> tuple[Any, Any, list[str]]:
    """``(game, state, users by seat)`` of the table in the database at ``path``."""
    store = Store(f"sqlite:///{path}")
    host = Host(store)
    status = host.status(CHANNEL)
    assert status.ok, status.private
    data = host.export(CHANNEL).data
    assert data is not None
    with store.unit_of_work(write=False) as repo:
        table = repo.active_table(CHANNEL)
        assert table is not None
        game = get_game(table.game)
        state = host.tables.state(repo, table, game)  # the Host's own state (snapshot or replay)
    store.dispose()
    return game, state, [p["user"] for p in sorted(data.players, key=lambda p: p["seat"])]


def resample(source: Path, target: Path, mapping: dict[str, str]) -> None:
    """A byte copy of ``source`` at ``target`` whose log has every token relabelled by ``mapping``
    (card id → card id) and no snapshots (the Host replays the relabelled log)."""
    shutil.copyfile(source, target)
    db = sqlite3.connect(target)
    try:
        rows = db.execute("SELECT id, notation, public FROM move").fetchall()
        for row_id, notation, public in rows:
            db.execute("UPDATE move SET notation = ?, public = ? WHERE id = ?",
                       (_relabel(notation, mapping), None if public is None else _relabel(public, mapping), row_id))
        db.execute("DELETE FROM snapshot")
        db.commit()
    finally:
        db.close()
    # One snapshot of the relabelled state, rebuilt from the relabelled log, so every Host call
    # does not replay the whole game.
    store = Store(f"sqlite:///{target}")
    try:
        with store.unit_of_work() as repo:
            table = repo.active_table(CHANNEL)
            assert table is not None
            game = get_game(table.game)
            moves = repo.moves(table.id)
            state = replay(game, table.options, table.seed or 0, [m.notation for m in effective_moves(moves)])
            repo.save_snapshot(table.id, repo.last_seq(table.id, (CHOICE, CHANCE_KIND, UNDO)), game.version,
                               game.to_json(state))
            repo.commit()
    finally:
        store.dispose()


def _relabel(text: str, mapping: dict[str, str]) -> str:
    """``text`` with every word (or a chance outcome's ``~word``) that ``mapping`` names replaced."""
    def one(word: str) -> str:
        if word.startswith("~") and word[1:] in mapping:
            return "~" + mapping[word[1:]]
        return mapping.get(word, word)

    return " ".join(one(word) for word in text.split(" "))


def _digest(png: bytes | None) -> str | None:
    return None if png is None else hashlib.sha256(png).hexdigest()


def _reply(reply: Reply, *, private: bool = True) -> dict[str, Any]:
    """A reply as comparable data (pictures by digest); ``private=False`` keeps only what others see."""
    out: dict[str, Any] = {"ok": reply.ok, "public": reply.public, "png": _digest(reply.png), "alt": reply.alt,
                           "version": reply.version, "data": reply.data, "language": reply.language}
    if private:
        out.update(private=reply.private, choices=reply.choices, mention=reply.mention)
    elif not reply.ok:
        out = {"ok": False}  # a refusal goes to the caller alone
    return out


def observe(path: Path, viewer: str | None, probe: str | None = None) -> dict[str, Any]:
    """Every output ``viewer`` (a user id, or ``None`` for a spectator) receives at the table in
    the database at ``path``. ``probe`` is a card id the viewer cannot see: the viewer tries to
    play it (a refusal must read the same whichever hidden card it is). Ends with the undo of the
    player to act, so the table is changed afterwards."""
    store = Store(f"sqlite:///{path}")
    host = compose(store=store).host
    turn = host.turn(CHANNEL)
    options = turn_options(host, CHANNEL)
    out: dict[str, Any] = {
        "turn": _reply(turn),
        "turn_options": None if options is None else (options, option_lines(options)),
        "status": _reply(host.status(CHANNEL)),
        "board": _reply(host.board(CHANNEL)),
        "log": _reply(host.log(CHANNEL, 200)),
        "accounts": _reply(host.accounts(CHANNEL)),
        "export": _reply(host.export(CHANNEL)),
    }
    who = viewer if viewer is not None else OUTSIDER
    for position in (-1, 1):
        out[f"replay {position}"] = _reply(host.replay(CHANNEL, who, position=position))
    if viewer is not None:
        out["hand"] = _reply(host.hand(CHANNEL, viewer))
        out["legal"] = _reply(host.legal(CHANNEL, viewer))
        out["own board"] = _reply(host.board(CHANNEL, viewer))
        out["catch-up"] = _reply(host.accounts(CHANNEL, viewer, since_seat_turn=True))
        if probe is not None:
            for word in ("order", "keep"):
                out[f"probe {word}"] = _reply(host.move(CHANNEL, viewer, f"{word} {probe}"))
    out["host review"] = _reply(host.review(CHANNEL, who))
    to_act = turn.data.to_act
    if to_act:
        out["undo"] = _reply(host.undo(CHANNEL, to_act), private=to_act == viewer)
        out["log after undo"] = _reply(host.log(CHANNEL, 200))
        out["export after undo"] = _reply(host.export(CHANNEL))
    store.dispose()
    return out


def review_of(store: Store, viewer: str | None) -> list[tuple[Any, ...]]:
    """The post-game review of the table's log so far (:func:`engine.core.review.review_game`) as
    ``viewer`` may ask for it: a seat's own review with its own view, or (``None``) a spectator's
    review of every seat; each as comparable data (the moves in words, the chances). At most
    :data:`REVIEW_OPTIONS` moves are rated per decision, so the check stays quick."""
    from engine.core.i18n import tr
    from engine.core.review import review_game

    with store.unit_of_work(write=False) as repo:
        table = repo.active_table(CHANNEL)
        assert table is not None
        seats = repo.seats(table.id)
        notations = [m.notation for m in effective_moves(repo.moves(table.id))]
    game = get_game(table.game)
    if viewer is None:
        asked = [(s.seat, None) for s in seats]
    else:
        asked = [(s.seat, s.seat) for s in seats if s.user_id == viewer]
    out: list[tuple[Any, ...]] = []
    for seat, view in asked:
        review = review_game(game, table.options, table.seed or 0, notations, seat, view, limit=REVIEW_OPTIONS)
        out.append((seat, view, review.decisions, round(review.mean_loss, 9), [
            (m.step, m.position, m.round, str(tr(m.chosen.label)), str(tr(m.best.label)), round(m.chosen.chance, 9),
             round(m.best.chance, 9)) for m in review.moments]))
    return out


#: Moves rated per decision by the review in :func:`observe`.
REVIEW_OPTIONS = 6


def never_seen(game: Any, options: dict[str, Any], seed: int, notations: list[str], seat: int | None) -> list[str]:
    """The tokens hidden from ``seat`` (``None``: a spectator) at every position of the log: the cards
    that reader never saw. A review looks back at every decision, so only these may be relabelled
    for it (a card once in a hand and then shuffled away was seen)."""
    secret = registry.hidden(game)
    assert secret is not None
    state = game.setup(options, seed)
    hidden = set(secret.hidden_tokens(state, seat))
    for move in notations:
        state, _events = game.apply(state, game.parse_action(state, move))
        hidden &= set(secret.hidden_tokens(state, seat))
    return sorted(hidden)


def check_review(workdir: Path, source: Path, samples: int = 2, rng_seed: int = 0) -> dict[str, list[str]]:
    """The review (:func:`review_of`) of the table at ``source`` for every viewer, re-sampled over
    the cards that viewer never saw; ``{viewer: ["review"]}`` for the viewers whose review changed."""
    store = Store(f"sqlite:///{source}")
    with store.unit_of_work(write=False) as repo:
        table = repo.active_table(CHANNEL)
        assert table is not None
        users = [s.user_id for s in sorted(repo.seats(table.id), key=lambda s: s.seat)]
        notations = [m.notation for m in effective_moves(repo.moves(table.id))]
    store.dispose()
    game = get_game(table.game)
    rng = random.Random(rng_seed)
    found: dict[str, list[str]] = {}
    for seat, viewer in [(None, None), *enumerate(users)]:
        hidden = never_seen(game, table.options, table.seed or 0, notations, seat)
        if len(hidden) < 2:
            continue
        baseline: list[tuple[Any, ...]] | None = None
        for k in range(samples + 1):
            shuffled = list(hidden)
            if k:
                rng.shuffle(shuffled)
            copy = workdir / f"review-{seat}-{k}.db"
            resample(source, copy, dict(zip(hidden, shuffled, strict=True)))
            copied = Store(f"sqlite:///{copy}")
            seen = review_of(copied, viewer)
            copied.dispose()
            if baseline is None:
                baseline = seen
            elif seen != baseline:
                found[str(viewer)] = ["review"]
    return found


def differences(a: dict[str, Any], b: dict[str, Any]) -> list[str]:
    """The names of the outputs that differ between two observations."""
    return sorted(k for k in set(a) | set(b) if a.get(k) != b.get(k))


def check(workdir: Path, source: Path, samples: int = 2, rng_seed: int = 0,
          observe_fn: Callable[[Path, str | None, str | None], dict[str, Any]] = observe) -> dict[str, list[str]]:
    """Re-sample the hidden part of the table at ``source`` for every viewer and compare.

    Returns ``{viewer: [differing outputs]}`` for the viewers whose outputs changed with the
    hidden part (empty when everything public is a function of the public view).
    """
    game, state, users = current_state(source)
    secret = registry.hidden(game)
    assert secret is not None, f"{game.name} declares hidden information but not the HiddenInformation capability"
    hook = secret.hidden_tokens
    rng = random.Random(rng_seed)
    found: dict[str, list[str]] = {}
    for seat, viewer in [(None, None), *enumerate(users)]:
        hidden = sorted(hook(state, seat))
        if len(hidden) < 2:
            continue
        probe = hidden[0]
        baseline: dict[str, Any] | None = None
        for k in range(samples + 1):
            shuffled = list(hidden)
            if k:
                rng.shuffle(shuffled)
            copy = workdir / f"sample-{seat}-{k}.db"
            resample(source, copy, dict(zip(hidden, shuffled, strict=True)))
            seen = observe_fn(copy, viewer, probe)
            if baseline is None:
                baseline = seen
                continue
            diff = differences(baseline, seen)
            if diff:
                found.setdefault(str(viewer), sorted(set(found.get(str(viewer), [])) | set(diff)))
    return found
