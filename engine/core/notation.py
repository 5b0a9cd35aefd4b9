"""Parsing helpers shared by the games' text notations (game-agnostic, no game words).

Every game reads a move as a keyword followed by space-separated arguments and refuses ill-formed
input with the same kinds of reasons: a wrong number of arguments, an unknown word among known
ones, a part that must be a number. The checks live here once; the *texts* of the refusals stay in
each game's own message domain (so their ids, catalogues and translations stay the game's): a game
passes them in as :class:`NotationWords`, built from its own ``M``/``Mn`` calls.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from .game import IllegalAction


@dataclass(frozen=True)
class NotationWords:
    """A game's refusal texts for the shared checks (each returns a Msg of the game's domain).

    * ``parts``: part key → the Msg naming that part of a move (``{what}`` in the refusals);
    * ``examples``: keyword → an example move (``{example}`` of :func:`need`);
    * ``unknown(what=, value=, known=, example=)``: a word not among the known ones;
    * ``not_number(what=, value=, example=)``: a part that must be a number;
    * ``arguments(n, keyword=, example=)``: the keyword takes ``n`` arguments (plural by ``n``);
    * ``no_arguments(keyword=)``: the keyword takes none.
    """

    parts: Mapping[str, Any]
    examples: Mapping[str, str]
    unknown: Callable[..., Any]
    not_number: Callable[..., Any]
    arguments: Callable[..., Any]
    no_arguments: Callable[..., Any]


def unknown(words: NotationWords, value: str, known: Sequence[str], what: str, example: str) -> IllegalAction:
    """The refusal of ``value``, not one of ``known`` (to raise)."""
    return IllegalAction(words.unknown(what=words.parts[what], value=repr(value), known=", ".join(known),
                                       example=repr(example)))


def canon(words: NotationWords, value: str, known: Sequence[str], what: str, example: str) -> str:
    """The spelling of ``value`` in ``known`` (case-insensitive; the first match), else a refusal."""
    for k in known:
        if k.lower() == value.lower():
            return k
    raise unknown(words, value, known, what, example)


def number(words: NotationWords, value: str, what: str, example: str, *, max_digits: int | None = None) -> int:
    """``value`` as a whole number, else a refusal naming part ``what``.

    With ``max_digits`` only plain ASCII digits are read (at most that many); without, whatever
    Python's ``int`` reads (a sign, surrounding blanks).
    """
    if max_digits is None:
        try:
            return int(value)
        except ValueError:
            pass
    elif value.isascii() and value.isdigit() and len(value) <= max_digits:
        return int(value)
    raise IllegalAction(words.not_number(what=words.parts[what], value=repr(value), example=repr(example)))


def need(words: NotationWords, tokens: Sequence[str], n: int, keyword: str) -> None:
    """Refuse unless ``tokens`` (the arguments of ``keyword``) are exactly ``n``."""
    if len(tokens) != n:
        raise IllegalAction(words.arguments(n, keyword=repr(keyword), example=repr(words.examples[keyword])))


def no_arguments(words: NotationWords, tokens: Sequence[str], keyword: str) -> None:
    """Refuse arguments after a keyword that takes none."""
    if tokens:
        raise IllegalAction(words.no_arguments(keyword=repr(keyword)))
