"""A detector of internal words in player-facing text (issue: no internal word reaches a player).

:class:`Detector` scans one string a player reads and returns every offending substring as a
:class:`Finding` (the rule, the substring, where it was found and its context). The rules:

``id``
    A component id of the game: every identifier-like value of the game's component data
    (``engine.core.components``: each record's key fields and every one-word string value, e.g.
    ``cotton2B``, ``SI-1``, ``DT5``, ``san_francisco``), found generically from the data set, plus
    what the game's optional ``internal_ids()`` hook adds (ids that live in code, not in data),
    minus what its optional ``readable_ids()`` hook allows (labels printed on the board that the
    notation also uses and each language's legend explains). Pure one-word values (``cotton``,
    ``black``) are words, not ids: they are caught by the ``english`` rule where they are foreign.
``repr``
    Python's printing of values: ``['C6']``, ``{'a': 1}``, ``('x',)``, ``[]``, ``None``, ``True``.
``token``
    ``×``-joined internal tokens: ``coal×2``, ``2×money``.
``chance``
    The log's chance notation: ``~black``, ``~DT5``, ``~?``.
``notation``
    A bare move-notation line: after an optional ``Name (…):`` prefix, ``;``-separated segments
    that each start with a notation keyword and hold only notation tokens (``take 2 invest white;
    factory SI-1``). Notation is fine where it is what the player types (a move list's left column,
    an autocomplete value), which the caller leaves out.
``english``
    In Polish, Russian and German text: common English words and the game's one-word data values
    (``paper``, ``black``); in Russian any Latin word of three letters or more. Quoted spans
    (``'resume'``, ``"join"``), which echo what a player types, and links are skipped, and a small
    per-language allowlist keeps words spelt alike (``Region``, ``Bonus``) and proper names.

The detector is a test helper: it knows no game by name, only the component data and hooks.
"""

from __future__ import annotations

import functools
import importlib
import re
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from engine.core import components, get_game

#: Fields of component records holding prose or provenance, not identifiers.
PROSE_FIELDS = frozenset({"source", "confidence", "text", "note", "name", "title", "polish", "condition"})
_TOKEN = re.compile(r"[A-Za-z0-9_\-]+")
_CODED = re.compile(r"[0-9_]|[a-z][A-Z]")

#: Common English words that never belong in Polish, Russian or German text.
ENGLISH_WORDS = frozenset(re.findall(r"\w+", """
the and you your takes take builds build gains gain pays pay is are with of to has from for turn round
period worker workers player players game table seated joined started waiting play choose factory
factories money coal iron silk paper ships trains machines free done pass choose move moves board log
undo wins won score scores points left right top bottom space spaces slot slots good goods order orders
none yes no not this that which when then now back next first last each every may must can cannot
"""))

#: Small words that occur in English prose but in no game's notation.
PROSE_WORDS = frozenset({"no", "more", "back", "the", "a", "an", "of", "to", "any", "all", "and", "or", "not", "with",
                         "your", "its", "their", "this", "that", "for", "from", "into", "on", "at"})
#: Words spelt the same in that language (or proper names everybody keeps), per language.
ALLOWED = {
    "pl": frozenset({"region", "bonus", "start", "bot", "to", "no", "bento", "nippon", "zaibatsu", "yokohama", "takatoshi", "meiji",
                     "discord", "local", "json", "png", "pz", "top"}),
    "de": frozenset({"region", "bonus", "start", "bot", "nippon", "zaibatsu", "yokohama", "takatoshi", "meiji",
                     "discord", "local", "json", "png", "export", "name", "in", "so", "also", "hand", "bank",
                     "man", "will", "was", "wo", "die", "den", "an", "um", "bei", "mit", "fort", "halt"}),
    "ru": frozenset({"nippon", "zaibatsu", "yokohama", "takatoshi", "meiji", "discord", "local", "json", "png",
                     "bot", "enter"}),  # "нажмите Enter": the key's printed name
}

_REPR = re.compile(
    r"[\[({]\s*['\"][^'\"\n]{0,40}['\"]\s*[,:\])}]"  # ['C6'] {'a': ('x',
    r"|\[\]|\{\}|\(\)"  # empty containers
    r"|\b(?:None|True|False)\b(?!\s+[a-z])"  # None / True / False (not "None of the …")
)
_TIMES = re.compile(r"[A-Za-z_][A-Za-z_0-9]*×\d+|\d+×[A-Za-z_]+")
_CHANCE = re.compile(r"(?<![\w~])~(?:\?|[A-Za-z_][\w\-]*)")
_URL = re.compile(r"https?://\S+")
_QUOTED = re.compile(r"'[^'\n]*'|\"[^\"\n]*\"|`[^`\n]*`|„[^”\n]*”|«[^»\n]*»|“[^”\n]*”")
_BRACKETED = re.compile(r"\[([A-Za-z0-9_]+)\]")
_LATIN = re.compile(r"(?<![\w-])[A-Za-z][a-z]+(?![\w-])")
_NAME_PREFIX = re.compile(r"^\s*[^:;\n]{1,80}?:\s+(?=\S)")
_NOTATION_TOKEN = re.compile(r"[A-Za-z0-9.+\-_/]+")


@dataclass(frozen=True)
class Finding:
    """One offending substring: ``rule`` (see the module doc), the ``word``, its ``start`` offset in
    ``text`` and ``where`` it was found (e.g. ``"zaibatsu/pl/terminal"``)."""

    rule: str
    word: str
    start: int
    text: str
    where: str = ""

    def context(self, width: int = 80) -> str:
        """About ``width`` characters of ``text`` around the word, on one line."""
        half = max(0, (width - len(self.word)) // 2)
        lo = max(0, self.start - half)
        hi = min(len(self.text), lo + width)
        snippet = self.text[lo:hi].replace("\n", " ⏎ ")
        return ("…" if lo else "") + snippet + ("…" if hi < len(self.text) else "")

    def __str__(self) -> str:
        return f"{self.where}: {self.rule} {self.word!r} in {self.context()!r}"


def _tokens_of(value: Any, field: str | None, out: set[str]) -> None:
    if isinstance(value, str):
        if field not in PROSE_FIELDS and _TOKEN.fullmatch(value) and not value.isdigit():
            out.add(value)
    elif isinstance(value, list | tuple):
        for item in value:
            _tokens_of(item, field, out)
    elif isinstance(value, dict):
        for key, item in value.items():
            _tokens_of(item, key, out)


@functools.cache
def data_tokens(game: str) -> tuple[frozenset[str], frozenset[str]]:
    """``(ids, words)`` of ``game``'s shipped component data: one-word string values with a digit,
    an underscore or an inner capital (``cotton2B``, ``SI-1``, ``new_york``), and the plain
    lower-case words (``cotton``, ``black``; three letters or more). Empty for a game without data."""
    if not components.has_data(game):
        return frozenset(), frozenset()
    found: set[str] = set()
    for records in components.shipped(game).files.values():
        for record in records:
            _tokens_of(dict(record), None, found)
    ids = {t for t in found if _CODED.search(t) and len(t) >= 2}
    words = {t for t in found - ids if t.islower() and t.isalpha() and len(t) >= 3}
    return frozenset(ids), frozenset(words)


def internal_ids(game: str) -> frozenset[str]:
    """Every id of ``game`` that must not reach a player: :func:`data_tokens`' ids, plus the game's
    ``internal_ids()`` hook, minus its ``readable_ids()`` hook (both optional, iterables of str)."""
    obj = get_game(game)
    ids = set(data_tokens(game)[0])
    ids |= set(getattr(obj, "internal_ids", lambda: ())())
    ids -= set(getattr(obj, "readable_ids", lambda: ())())
    return frozenset(ids)


def notation_keywords(game: str) -> frozenset[str]:
    """The first words of ``game``'s notation: its notation module's ``KEYWORDS`` when it has one."""
    try:
        module = importlib.import_module(f"{type(get_game(game)).__module__.rsplit('.', 1)[0]}.notation")
    except ImportError:
        return frozenset()
    return frozenset(str(k).lower() for k in getattr(module, "KEYWORDS", ()))


class Detector:
    """Finds internal words in the texts of one game in one language.

    ``ids``/``words`` default to the game's (:func:`internal_ids`, :func:`data_tokens`);
    ``keywords`` are the notation's first words (:func:`notation_keywords` plus any given);
    ``names`` are proper names allowed in any language (players' names).
    """

    def __init__(self, game: str, lang: str, *, ids: Iterable[str] | None = None,
                 words: Iterable[str] | None = None, keywords: Iterable[str] = (),
                 names: Iterable[str] = ()) -> None:
        self.game, self.lang = game, lang
        self.ids = frozenset(internal_ids(game) if ids is None else ids)
        self.words = frozenset(data_tokens(game)[1] if words is None else words)
        self.keywords = notation_keywords(game) | {k.lower() for k in keywords}
        self.names = frozenset(n.lower() for n in names)
        # Notation words a game prints in brackets after a name and explains in its legend
        # (``Kościół [church]``): readable there, and only there.
        self.bracketed = frozenset(getattr(get_game(game), "readable_ids", lambda: ())())
        ordered = sorted(self.ids, key=len, reverse=True)
        self._ids = re.compile(r"(?<![\w-])(?:" + "|".join(map(re.escape, ordered)) + r")(?![\w-])") if ordered else None

    def scan(self, text: str, where: str = "") -> list[Finding]:
        """Every finding in ``text`` (empty when it is clean), in order of position."""
        if not text:
            return []
        out: list[Finding] = []

        def add(rule: str, match: re.Match[str]) -> None:
            out.append(Finding(rule, match.group(0), match.start(), text, where))

        if self._ids is not None:
            for m in self._ids.finditer(text):
                add("id", m)
        for m in _REPR.finditer(text):
            add("repr", m)
        for m in _TIMES.finditer(text):
            add("token", m)
        for m in _CHANCE.finditer(text):
            add("chance", m)
        offset = 0
        for line in text.split("\n"):
            found = self._notation_line(line)
            if found is not None:
                out.append(Finding("notation", found[1], offset + found[0], text, where))
            offset += len(line) + 1
        if self.lang != "en":
            out += self._english(text, where)
        # A word inside a larger finding (an id in a notation line, "coal" in "coal×2") is that finding.
        spans = [(f.start, f.start + len(f.word)) for f in out if f.rule in ("notation", "token", "chance")]
        out = [f for f in out if f.rule in ("notation", "token", "chance", "repr")
               or not any(lo <= f.start < hi for lo, hi in spans)]
        out.sort(key=lambda f: (f.start, f.rule))
        return out

    def _notation_line(self, line: str) -> tuple[int, str] | None:
        """``(offset, notation)`` when ``line`` is bare notation (after an optional name prefix)."""
        body, start = line, 0
        prefix = _NAME_PREFIX.match(line)
        if prefix is not None:
            body, start = line[prefix.end():], prefix.end()
        stripped = body.strip()
        if not stripped or stripped[-1] in ".!?":
            return None
        segments = [segment.split() for segment in stripped.split(";")]
        for words in segments:
            if not words or words[0] not in self.keywords:  # notation is lower case ("Reward tile" is prose)
                return None
            if not all(_NOTATION_TOKEN.fullmatch(w) for w in words):
                return None
            if all(w in self.words or w.isdigit() for w in words):
                return None  # plain words of the game ("white red": a list of colours)
            if any(w.lower() in PROSE_WORDS for w in words[1:]):
                return None  # English prose that starts like a move ("take no more assistants back")
        if prefix is None and len(segments) == 1 and not any(c.isdigit() for c in stripped):
            return None  # one bare word or two: too little to tell from prose
        return start + (len(body) - len(body.lstrip())), stripped

    def _english(self, text: str, where: str) -> list[Finding]:
        allowed = ALLOWED.get(self.lang, frozenset()) | self.names
        masked = _QUOTED.sub(lambda m: " " * len(m.group(0)), _URL.sub(lambda m: " " * len(m.group(0)), text))
        masked = _BRACKETED.sub(lambda m: " " * len(m.group(0)) if m.group(1) in self.bracketed else m.group(0), masked)
        out: list[Finding] = []
        for m in _LATIN.finditer(masked):
            word = m.group(0)
            low = word.lower()
            if low in allowed:
                continue
            if self.lang == "ru":
                hit = len(word) >= 3
            else:
                hit = low in ENGLISH_WORDS or word in self.words
            if hit:
                out.append(Finding("english", word, m.start(), text, where))
        return out


def summary(findings: Iterable[Finding], limit: int = 40) -> list[str]:
    """Distinct ``(where, rule, word)`` with their count, most frequent first, one context each."""
    groups: dict[tuple[str, str, str], list[Finding]] = {}
    for f in findings:
        groups.setdefault((f.where, f.rule, f.word), []).append(f)
    ranked = sorted(groups.items(), key=lambda kv: (-len(kv[1]), kv[0]))
    return [f"{where}: {rule} {word!r} ×{len(fs)} e.g. {fs[0].context()!r}"
            for (where, rule, word), fs in ranked[:limit]]
