"""Languages: translatable texts and the message catalogues (DESIGN.md, "Languages").

Every player-facing word goes through a gettext catalogue (``.po`` files read with Babel and
compiled in memory on first use). English is the source language: a message id *is* its English
text, written with Python brace placeholders (``"{who} builds a ship to {destination}."``), and
Polish, Russian and German live in ``<domain dir>/<lang>/LC_MESSAGES/<domain>.po``. A game keeps
its own domain next to its rules (``engine/<game>/locale``); the hosts keep theirs
(``bot/locale``). ``meiji i18n update`` re-extracts the ids and merges them into every catalogue.

Two ways of writing a text:

* :meth:`Domain.msg` (imported as ``M``) makes a :class:`Msg`: a ``str`` whose value is the
  English sentence, carrying the id and the arguments so that a front end can show it in another
  language later with :func:`tr`. The engine uses it for events, prompts and refusals, so a
  stored log reads in any language and every engine test keeps comparing English.
* :meth:`Domain.gettext` (imported as ``_``) translates at once into the language of the current
  context (:func:`language`), for texts built where the reader is known (host replies, the
  terminal, picture labels).

Game terms (goods, actions, regions …) are :meth:`Domain.term` messages with a gettext context
(``msgctxt``) naming the kind of term, so "Red" the colour and "Red" a department never clash.
Plural texts use :meth:`Domain.nmsg` / :meth:`Domain.ngettext` and each language's plural rule
(Polish and Russian have three forms).
"""

from __future__ import annotations

import gettext as _gettext
import io
import string
import threading
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from contextvars import ContextVar
from pathlib import Path
from typing import Any

#: Languages with a catalogue, English (the source) first.
LANGUAGES: tuple[str, ...] = ("en", "pl", "ru", "de")
#: The language used when none is known or the asked one has no catalogue.
DEFAULT_LANGUAGE = "en"
#: Each language's own name (for menus such as ``/game language``).
LANGUAGE_NAMES: Mapping[str, str] = {"en": "English", "pl": "Polski", "ru": "Русский", "de": "Deutsch"}

_current: ContextVar[str] = ContextVar("meiji_language", default=DEFAULT_LANGUAGE)
_domains: dict[str, Path] = {}
_catalogues: dict[tuple[str, str], tuple[_gettext.NullTranslations, frozenset[Any]]] = {}
_lock = threading.Lock()
#: Lookups of a non-English text that found no translation: ``(lang, domain, context, msgid)``.
#: Tests read it after a whole game to prove that no English was left over.
MISSES: set[tuple[str, str, str | None, str]] = set()


def normalise(code: str | None) -> str:
    """The supported language for a locale code, else :data:`DEFAULT_LANGUAGE`.

    Accepts Discord locales (``"pl"``, ``"en-US"``, ``"pt-BR"``), POSIX ``LANG`` values
    (``"ru_RU.UTF-8"``) and plain codes, case-insensitively.
    """
    if not code:
        return DEFAULT_LANGUAGE
    base = str(code).strip().lower().replace("_", "-").split(".")[0].split("@")[0].split("-")[0]
    return base if base in LANGUAGES else DEFAULT_LANGUAGE


def current() -> str:
    """The language of the current context (see :func:`language`)."""
    return _current.get()


@contextmanager
def language(code: str | None) -> Iterator[str]:
    """Make ``code`` (normalised) the language of texts built inside the ``with`` block."""
    lang = normalise(code)
    token = _current.set(lang)
    try:
        yield lang
    finally:
        _current.reset(token)


def _load(domain: str, lang: str) -> tuple[_gettext.NullTranslations, frozenset[Any]]:
    """Compile ``domain``'s catalogue for ``lang`` (cached); missing files give no translations."""
    key = (domain, lang)
    found = _catalogues.get(key)
    if found is not None:
        return found
    with _lock:
        found = _catalogues.get(key)
        if found is not None:
            return found
        path = _domains[domain] / lang / "LC_MESSAGES" / f"{domain}.po"
        translations: _gettext.NullTranslations = _gettext.NullTranslations()
        known: set[Any] = set()
        if path.is_file():
            from babel.messages.mofile import write_mo
            from babel.messages.pofile import read_po

            with path.open("rb") as fh:
                catalog = read_po(fh, locale=lang, domain=domain)
            buffer = io.BytesIO()
            write_mo(buffer, catalog, use_fuzzy=False)
            buffer.seek(0)
            translations = _gettext.GNUTranslations(buffer)
            for message in catalog:
                if not message.id or message.fuzzy:
                    continue
                strings = message.string if isinstance(message.string, tuple) else (message.string,)
                if all(strings):
                    msgid = message.id[0] if isinstance(message.id, tuple) else message.id
                    known.add((message.context, msgid))
        found = (translations, frozenset(known))
        _catalogues[key] = found
        return found


def _lookup(domain: str, lang: str, msgid: str, context: str | None, plural: str | None, n: int | None) -> str:
    """The template of ``msgid`` in ``lang`` (English falls back to the id itself)."""
    if lang == DEFAULT_LANGUAGE:
        if plural is not None and n is not None and n != 1:
            return plural
        return msgid
    translations, known = _load(domain, lang)
    if (context, msgid) not in known:
        MISSES.add((lang, domain, context, msgid))
    if plural is not None and n is not None:
        if context is not None:
            return translations.npgettext(context, msgid, plural, n)
        return translations.ngettext(msgid, plural, n)
    if context is not None:
        return translations.pgettext(context, msgid)
    return translations.gettext(msgid)


def _format(template: str, args: Mapping[str, Any], lang: str) -> str:
    if not args:
        return template
    values = {k: tr(v, lang) for k, v in args.items()}
    try:
        return template.format(**values)
    except (KeyError, IndexError, ValueError):
        # A broken translation must never cost a player the message: fall back to English.
        return template.format_map(_Keep(values))


class _Keep(dict[str, Any]):
    def __missing__(self, key: str) -> str:
        return "{" + key + "}"


class Msg(str):
    """A translatable text: its ``str`` value is English, :func:`tr` shows it in another language.

    ``domain`` names the catalogue, ``msgid`` the English template, ``args`` its placeholders
    (values may be :class:`Msg` themselves and are translated with it), ``context`` the gettext
    context of a term and ``plural``/``n`` a plural template and its count.
    """

    __slots__ = ("domain", "msgid", "args", "context", "plural", "n")

    domain: str
    msgid: str
    args: dict[str, Any]
    context: str | None
    plural: str | None
    n: int | None

    def __new__(
        cls,
        domain: str,
        msgid: str,
        args: Mapping[str, Any] | None = None,
        *,
        context: str | None = None,
        plural: str | None = None,
        n: int | None = None,
    ) -> Msg:
        values = dict(args or {})
        english = _format(plural if plural is not None and n is not None and n != 1 else msgid, values,
                          DEFAULT_LANGUAGE)
        self = super().__new__(cls, english)
        self.domain, self.msgid, self.args = domain, msgid, values
        self.context, self.plural, self.n = context, plural, n
        return self

    def __reduce__(self) -> Any:
        return (_rebuild, (self.domain, self.msgid, self.args, self.context, self.plural, self.n))

    def translated(self, lang: str | None = None) -> str:
        """This text in ``lang`` (default: the current context's language)."""
        lang = normalise(lang) if lang else current()
        template = _lookup(self.domain, lang, self.msgid, self.context, self.plural, self.n)
        return _format(template, self.args, lang)


def _rebuild(domain: str, msgid: str, args: dict[str, Any], context: str | None, plural: str | None,
             n: int | None) -> Msg:
    return Msg(domain, msgid, args, context=context, plural=plural, n=n)


class Number(int):
    """A whole number shown with the reader's digit grouping: ``12,000`` (en), ``12 000`` (pl, ru),
    ``12.000`` (de) — Babel's CLDR number format. Pass it as a :class:`Msg` argument."""

    __slots__ = ()

    def localised(self, lang: str | None = None) -> str:
        """The number written for ``lang`` (default: the current language)."""
        from babel.numbers import format_decimal

        return format_decimal(int(self), locale=normalise(lang or current()))


def tr(text: Any, lang: str | None = None) -> Any:
    """``text`` in ``lang`` (default: the current language) if it is a :class:`Msg` (or a
    :class:`Number`, written with that language's digit grouping).

    Plain strings (notation, player names) and other values are returned unchanged, so any text a
    front end receives can be passed through.
    """
    if isinstance(text, Msg):
        return text.translated(lang)
    if isinstance(text, Number):
        return text.localised(lang)
    return text


def join(parts: Any, sep: str = ", ", lang: str | None = None) -> str:
    """``sep.join`` of the translated ``parts``."""
    return sep.join(str(tr(p, lang)) for p in parts)


def placeholders(template: str) -> set[str]:
    """The placeholder names of a brace-format template (``"{who} pays {n}"`` → ``{"who", "n"}``)."""
    names: set[str] = set()
    for _literal, field, _spec, _conv in string.Formatter().parse(template):
        if field is not None:
            names.add(field.split(".")[0].split("[")[0])
    return names


class Domain:
    """One message catalogue (a game's or the hosts'), found under ``directory``.

    The bound methods are what modules import under the short names the extractor knows
    (``M``, ``Mn``, ``T``, ``_``, ``_n``; see :data:`EXTRACT_KEYWORDS`).
    """

    def __init__(self, name: str, directory: str | Path) -> None:
        self.name = name
        self.directory = Path(directory)
        _domains[name] = self.directory

    def msg(self, msgid: str, /, **args: Any) -> Msg:
        """A :class:`Msg` of this domain (English now, any language later)."""
        return Msg(self.name, msgid, args)

    def nmsg(self, singular: str, plural: str, n: int, /, **args: Any) -> Msg:
        """A plural :class:`Msg`; ``n`` chooses the form and is also the ``{n}`` placeholder."""
        return Msg(self.name, singular, {"n": n, **args}, plural=plural, n=n)

    def term(self, context: str, msgid: str) -> Msg:
        """A game term: ``msgid`` (its English name) in gettext context ``context``."""
        return Msg(self.name, msgid, context=context)

    def gettext(self, msgid: str, /, **args: Any) -> str:
        """``msgid`` translated into the current language and formatted with ``args``."""
        lang = current()
        return _format(_lookup(self.name, lang, msgid, None, None, None), args, lang)

    def ngettext(self, singular: str, plural: str, n: int, /, **args: Any) -> str:
        """Plural form of :meth:`gettext`; ``n`` is also the ``{n}`` placeholder."""
        lang = current()
        return _format(_lookup(self.name, lang, singular, None, plural, n), {"n": n, **args}, lang)

    def pgettext(self, context: str, msgid: str) -> str:
        """A term in the current language (see :meth:`term`)."""
        return _lookup(self.name, current(), msgid, context, None, None)


#: Call names the extractor collects (Babel keyword specs): ``M``/``_`` take the id,
#: ``Mn``/``_n`` singular and plural, ``T``/``_t`` a context then the id.
EXTRACT_KEYWORDS: dict[str, Any] = {
    "M": None,
    "_": None,
    "Mn": (1, 2),
    "_n": (1, 2),
    "T": ((1, "c"), 2),
    "_t": ((1, "c"), 2),
}


def domains() -> dict[str, Path]:
    """Registered domains and their catalogue folders."""
    return dict(_domains)
