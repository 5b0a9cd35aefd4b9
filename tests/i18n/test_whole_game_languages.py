"""A whole game through the host in each language: no English left in what players read.

Two checks over every text a player sees (public and private replies, refusals, prompts, choice
labels, status, logs, alt texts, the terminal state text): no catalogue lookup fell back to
English (:data:`engine.core.i18n.MISSES`), and no common English word remains once notation and
names are taken out. Games: Nippon: Zaibatsu (3 players and solo) and Nippon (2 players).
"""

from __future__ import annotations

import importlib
import random
import re
from typing import Any

import pytest

from bot.app import compose
from bot.host import Host
from bot.store import Store
from engine.core import get_game, i18n

pytestmark = pytest.mark.slow

ENGLISH = re.compile(
    r"\b(the|and|you|your|takes|builds|gains|pays|is|are|with|of|to|has|from|for|turn|round|period|"
    r"worker|workers|player|players|game|table|seated|joined|started|waiting|play|choose|region|factory)\b",
    re.IGNORECASE,
)
NAMES = ("Ania", "Borys", "Celina")


#: Words that are spelt the same in that language ("Region 1" is Polish and German too).
SAME_WORD = {"pl": {"region"}, "de": {"region"}, "ru": set()}
#: Proper names of each game, the same in every language (longest first).
PROPER_NAMES = {"zaibatsu": ("Takatoshi", "Nippon: Zaibatsu", "zaibatsu"), "nippon": ("Nippon",)}


def _scan(texts: list[str], notations: set[str], lang: str, game: str = "zaibatsu") -> list[str]:
    keywords = importlib.import_module(f"engine.{game}.notation").KEYWORDS

    # Notation is canonical in every language: its words may appear wherever a move is quoted.
    vocabulary = {w.lower() for n in notations for w in n.split()} | {k.lower() for k in keywords}
    leftovers = []
    for text in texts:
        if not text:
            continue
        clean = text
        for n in sorted(notations, key=len, reverse=True):
            clean = clean.replace(n, " ")
        for name in (*NAMES, *PROPER_NAMES[game]):
            clean = clean.replace(name, " ")
        found = [w for w in ENGLISH.findall(clean)
                 if w.lower() not in vocabulary and w.lower() not in SAME_WORD[lang]]
        if found:
            leftovers.append(f"{found[:5]} in {text[:160]!r}")
    return leftovers


def _texts(reply) -> list[str]:  # noqa: ANN001
    out = [reply.public or "", reply.private or "", reply.alt or ""]
    out += [label for _n, label in reply.choices]
    return out


#: ``(game, players)``: Zaibatsu with 3 players and solo (Takatoshi), Nippon with 2 players.
GAMES: list[tuple[str, int]] = [("zaibatsu", 3), ("zaibatsu", 1), ("nippon", 2)]


@pytest.mark.parametrize("lang", ["pl", "ru", "de"])
@pytest.mark.parametrize(("game_name", "players"), GAMES, ids=[f"{g}-{p}" for g, p in GAMES])
def test_whole_game_has_no_english(lang: str, game_name: str, players: int) -> None:
    i18n.MISSES.clear()
    rng = random.Random(f"{lang}{players}" if game_name == "zaibatsu" else f"{game_name}{lang}{players}")
    store = Store.open("sqlite://")
    host = Host(store, render=None)
    pictured = compose(store=store).host
    ch = f"chan-{lang}-{players}"
    texts: list[str] = []
    notations: set[str] = set()
    options: dict[str, Any] = {"players": players}
    if players == 1:
        texts += _texts(host.solo(ch, "u1", NAMES[0], game_name, {"difficulty": "hard"}, seed=5, language=lang,
                                  lang=lang))
    else:
        texts += _texts(host.new_table(ch, "u1", NAMES[0], game_name, options, seed=5, language=lang, lang=lang))
        texts += _texts(host.new_table(ch, "u1", NAMES[0], game_name, options, lang=lang))  # refused
        for k in range(1, players):
            texts += _texts(host.join(ch, f"u{k + 1}", NAMES[k], lang=lang))
        texts += _texts(host.start(ch, "u1", lang=lang))
    texts += _texts(pictured.board(ch, "u1", lang=lang))
    moves = 0
    while host.status(ch, lang=lang).data["status"] == "running":
        status = host.status(ch, lang=lang)
        user = status.data["to_act"]
        legal = host.legal(ch, user, lang=lang)
        notations.update(n for n, _label in legal.choices)
        if moves % 25 == 0:
            texts += _texts(status) + _texts(legal) + _texts(host.turn(ch, lang=lang))
            texts += _texts(host.move(ch, "nobody", legal.choices[0][0], lang=lang))  # not a player
            texts += _texts(host.move(ch, user, "frobnicate 7", lang=lang))  # ill-formed
            texts += _texts(host.log(ch, 5, lang=lang))
        if moves % 120 == 0:
            texts += _texts(pictured.board(ch, user, lang=lang))
        reply = host.move(ch, user, rng.choice(legal.choices)[0], lang=lang)
        assert reply.ok, reply.private
        texts += _texts(reply)
        moves += 1
    texts += _texts(host.status(ch, lang=lang)) + _texts(pictured.board(ch, "u1", lang=lang))
    game = get_game(game_name)
    assert moves > 50
    store.dispose()
    misses = sorted((m for m in i18n.MISSES if m[0] == lang), key=str)
    assert misses == [], f"{len(misses)} untranslated: {misses[:20]}"
    leftovers = _scan(texts, notations, lang, game_name)
    assert leftovers == [], "\n".join(leftovers[:20])
    assert game.name == game_name
