"""What a Yokohama player reads, checked for internal words: data ids, ``×``-joined tokens, Python
reprs, labels over Discord's 100 characters, and order cards still in a hand named in public.

:func:`faults` checks one text; :func:`scan_game` plays a bot game (the greedy bots of
``engine.core.bots`` at every seat, capped at a number of steps) and checks, after every step and in
every language, the public event texts, the account lines, the board text (spectator's and the
acting seat's), the prompt and the label of every legal action.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from functools import cache

from engine.core import CHANCE, Event, sample_chance
from engine.core.bots import bot_view, make_policy
from engine.core.i18n import current, language, tr
from engine.yokohama import GAME, rules
from engine.yokohama.moves import LIMIT
from engine.yokohama.state import YState
from engine.yokohama.tables import tables

LANGS = ("en", "pl", "ru", "de")
#: Python reprs and other programmer's notation: a list or dict literal of strings, None, a class repr.
REPR = re.compile(r"\[['\"]|\{['\"]|\bNone\b|\bMsg\(|\bAction\(|<[a-z_.]+ object")
#: ``×``-joined internal tokens ("coal×2").
TIMES = re.compile(r"[A-Za-z_]×|×[A-Za-z_]|\d× ")


@cache
def data_ids() -> re.Pattern[str]:
    """Every data id of the component tables, as one whole-word pattern (case-sensitive)."""
    t = tables()
    ids = {*t.order_ids, *t.tech_ids, *t.tile_ids, *t.tokens, *t.achievements, *t.reward_tokens, *t.area_ids}
    return re.compile(r"(?<![\w-])(" + "|".join(sorted(map(re.escape, ids), key=len, reverse=True)) + r")(?![\w-])")


def faults(text: str, where: str, *, notation_brackets: bool = False) -> list[str]:
    """The internal words ``text`` shows (``where`` names the text in the messages).

    ``notation_brackets``: the board text prints each area's move word in brackets after its name
    ("Bank [bank]", explained in its legend), which is allowed there only.
    """
    checked = re.sub(r"\[[a-z0-9]+\]", "", text) if notation_brackets else text
    out = []
    if m := data_ids().search(checked):
        out.append(f"{where}: data id {m.group(0)!r} in {text[max(0, m.start() - 60):m.end() + 20]!r}")
    if m := REPR.search(text):
        out.append(f"{where}: Python repr {m.group(0)!r} in {text[max(0, m.start() - 60):m.end() + 20]!r}")
    if m := TIMES.search(text):
        out.append(f"{where}: ×-joined token in {text[max(0, m.start() - 30):m.end() + 30]!r}")
    return out


def face(order: str) -> str:
    """An order card's face in the current language (level, country, goods → reward)."""
    return _face(order, current())


@cache
def _face(order: str, lang: str) -> str:
    return str(tr(rules.order_text(order), lang))


def hidden_cards(state: YState) -> set[str]:
    """Order cards nobody but their holder may see: hands, opening draws, removed, boxed, the deck."""
    out = set(state.order_deck) | set(state.removed) | set(state.discarded)
    for p in state.players:
        out |= set(p.orders) | set(state.dealt.get(str(p.seat), []))
    return out


def names_hidden(state: YState, text: str) -> list[str]:
    """Hidden order cards whose face ``text`` prints (a face shared with a card on a Port board
    cannot be told apart and is not counted)."""
    public = {face(c) for row in state.ports.values() for c in row if c}
    return sorted(o for o in hidden_cards(state) if face(o) not in public
                  and re.search(re.escape(face(o)) + r"(?=$|\)|;|\.| —)", text, re.M))


def public_texts(events: Iterable[Event]) -> list[str]:
    """The public events' texts and account lines in the current language."""
    public = [e for e in events if not e.data.get("private")]
    return [str(tr(e.text)) for e in public] + [str(tr(line)) for line in GAME.account_lines(public)]


def check_step(before: YState, after: YState, events: list[Event], ply: int, full: bool = True) -> list[str]:
    """Every fault of one step in every language: its public texts (and no hidden card in them) and
    the prompt; with ``full`` also the boards and the labels of the legal actions of ``after``."""
    out: list[str] = []
    d = GAME.decision(after)
    full = full and d.seat != CHANCE
    legal = GAME.legal_actions(after) if full and d.seat is not None else []
    for lang in LANGS:
        with language(lang):
            texts = public_texts(events)
            for text in texts:
                out += faults(text, f"ply {ply} {lang} event")
            joined = "\n".join(texts)
            out += [f"ply {ply} {lang}: a public text names hidden {o}: {joined!r}"
                    for o in names_hidden(before, joined) if o in hidden_cards(after)]
            out += faults(str(tr(d.prompt)), f"ply {ply} {lang} prompt")
            if not full:
                continue
            board = GAME.text(after, None)
            out += faults(board, f"ply {ply} {lang} board", notation_brackets=True)
            if d.seat not in (None, CHANCE):
                out += faults(GAME.text(after, d.seat), f"ply {ply} {lang} own board", notation_brackets=True)
            for action in legal:
                label = str(tr(GAME.describe(after, action)))
                out += faults(label, f"ply {ply} {lang} label of {GAME.format_action(after, action)}")
                if len(label) > LIMIT:
                    out.append(f"ply {ply} {lang}: label over {LIMIT} characters: {label!r}")
    return out


def scan_game(players: int, seed: int, modules: tuple[str, ...] = (), cap: int = 400, every: int = 1) -> list[str]:
    """Play a game of greedy bots (at most ``cap`` steps) and return the faults found; the boards
    and the labels are checked at every ``every``-th step that waits for a player, the events and
    prompts at every step."""
    state = GAME.setup({"players": players, "modules": list(modules)}, seed)
    bots = [make_policy(GAME, "greedy", seed + s, width=2) for s in range(players)]
    found: list[str] = []
    waits = 0
    for ply in range(cap):
        d = GAME.decision(state)
        if d.seat is None:
            break
        if d.seat == CHANCE:
            action = sample_chance(GAME, state, seed, ply)
        else:
            legal = GAME.legal_actions(state)
            action = bots[d.seat].choose(bot_view(GAME, state, d.seat, seed), legal)
        after, events = GAME.apply(state, action)
        waits += GAME.decision(after).seat != CHANCE
        found += check_step(state, after, events, ply, full=waits % every == 0)
        if len(found) > 30:
            break
        state = after
    return found
