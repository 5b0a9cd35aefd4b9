"""Rules topics for ``/game rules topic:…``, read from the game (no game's words live here).

A game that offers short rules answers has a ``rules_topics()`` method returning topic objects
with ``key`` (a stable id, the autocomplete value), ``title`` and ``section`` (the cited rulebook
section; both translatable texts), ``answer(commands)`` (the answer as a translatable text, naming
the host's commands as ``commands`` spells them), ``notation`` and ``examples`` (move notation,
never translated) and ``aliases`` (other English words for the topic); each game keeps its topics
in its own package (``engine/<game>/topics.py``).

Matching is case-insensitive and works in English and in the current language (``title`` and
``section`` are compared in both).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from bot.words import _
from engine.core import default_game, get_game, registry
from engine.core.i18n import tr

#: Longest answer Discord accepts in one message.
MESSAGE_LIMIT = 2000


def game_topics(game: str | None) -> tuple[Any, ...]:
    """The rules topics of ``game`` (default: the default game); ``()`` if it has none or is unknown."""
    try:
        found = get_game(game or default_game())
    except KeyError:
        return ()
    topics = registry.rules_topics(found)
    return tuple(topics.rules_topics()) if topics is not None else ()


def _norm(text: Any) -> str:
    return " ".join(str(text).lower().split())


def _names(topic: Any) -> set[str]:
    """The words a player may type for ``topic``: key, aliases, title (English and translated)."""
    names = {_norm(topic.key), _norm(topic.title), _norm(tr(topic.title))}
    names.update(_norm(a) for a in getattr(topic, "aliases", ()) or ())
    return names


def find_topic(topics: Sequence[Any], text: str) -> Any | None:
    """The topic whose key, title or alias is ``text`` (case-insensitive, English or translated)."""
    wanted = _norm(text)[:100]
    if not wanted:
        return None
    by_key = next((t for t in topics if t.key == wanted), None)
    return by_key or next((t for t in topics if wanted in _names(t)), None)


def search_topics(topics: Sequence[Any], text: str, limit: int = 25) -> list[Any]:
    """Topics matching ``text``: every typed word in the key, title, section or aliases."""
    words = str(text).lower().split()[:10]
    found = []
    for t in topics:
        hay = " ".join([*_names(t), _norm(t.section), _norm(tr(t.section))])
        if all(w in hay for w in words):
            found.append(t)
    return found[:limit]


def topic_label(topic: Any) -> str:
    """``Title (section)`` in the current language, for autocomplete (≤ 100 characters)."""
    label = _("{title} ({section})", title=topic.title, section=topic.section)
    return label if len(label) <= 100 else label[:99] + "…"


def topic_text(topic: Any, commands: Mapping[str, Any] | None = None) -> str:
    """The answer as a Discord message (Markdown) in the current language, citing the section."""
    answer = topic.answer(commands) if callable(getattr(topic, "answer", None)) else topic.answer
    lines = [_("**{title}** — {section}", title=topic.title, section=topic.section), str(tr(answer))]
    if topic.notation:
        lines.append(_("Notation: {forms}", forms=" · ".join(f"`{n}`" for n in topic.notation)))
    if topic.examples:
        lines.append(_("Example: {moves}", moves=", ".join(f"`{e}`" for e in topic.examples)))
    return "\n".join(lines)[:MESSAGE_LIMIT]
