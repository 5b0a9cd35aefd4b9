"""Keeping the message catalogues in step with the code (``meiji i18n update|check``).

A *domain* is one catalogue family: ``meiji`` (the hosts: ``bot/``) and one per registered game
(``engine/<game>/`` plus the picture package ``render/<game>/``). Its ids come from two places:

* the code, extracted with Babel from calls of the short names in
  :data:`engine.core.i18n.EXTRACT_KEYWORDS` (``M("…")``, ``_("…")``, ``T("goods", "cotton")`` …);
* the game's data (names of tiles, spaces, goals … looked up with a variable), listed by the
  game's ``terms()`` hook as ``(context, English)`` pairs.

``update`` writes ``<domain dir>/<domain>.pot`` and merges it into every language's ``.po``
(new ids arrive untranslated, vanished ones become obsolete); ``check`` reports ids missing from a
catalogue, empty or fuzzy translations and placeholders that differ from the English.
"""

from __future__ import annotations

import importlib
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir, extract_from_file
from babel.messages.pofile import read_po, write_po

from engine.core import game_names, get_game, registry
from engine.core.i18n import EXTRACT_KEYWORDS, LANGUAGES, placeholders

ROOT = Path(__file__).resolve().parent.parent
PROJECT = "Meiji Table"


@dataclass(frozen=True)
class DomainSources:
    """Where one domain's ids come from and where its catalogues live."""

    name: str
    directory: Path
    sources: tuple[Path, ...]
    terms: tuple[tuple[str, str], ...] = ()


def domain_sources() -> list[DomainSources]:
    """The hosts' domain, the shared picture words and one domain per registered game.

    The ``meiji`` domain's terms are the Discord command tree's names, descriptions and choices
    (:func:`bot.discord_app.translator.translatable_strings`).
    """
    from bot.discord_app.translator import translatable_strings

    out = [DomainSources("meiji", ROOT / "bot" / "locale", (ROOT / "bot",), tuple(translatable_strings())),
           # The words every game's chat pictures share (render/core/cards.py).
           DomainSources("pictures", ROOT / "render" / "locale", (ROOT / "render" / "core",))]
    for name in game_names():
        game = get_game(name)
        package = Path(importlib.import_module(type(game).__module__).__file__ or "").resolve().parent
        if package.parent != ROOT / "engine":
            continue  # a game registered from outside the project (e.g. a test double) has no catalogue
        sources = [package]
        picture = ROOT / "render" / name  # the game's picture package (a single module also works)
        if picture.is_dir():
            sources.append(picture)
        elif picture.with_suffix(".py").is_file():
            sources.append(picture.with_suffix(".py"))
        words = registry.catalogue_terms(game)
        terms = tuple(words.terms()) if words is not None else ()
        out.append(DomainSources(name, package / "locale", tuple(sources), terms))
    return out


def _skip(path: str) -> bool:
    return "/locale/" in path.replace("\\", "/") or "/migrations/" in path.replace("\\", "/")


def extract(domain: DomainSources) -> Catalog:
    """A template catalogue of every id the domain's code and data use."""
    catalog = Catalog(project=PROJECT, domain=domain.name, fuzzy=False)
    method_map = [("**.py", "python")]
    for src in domain.sources:
        if src.is_dir():
            found: Iterable[Any] = (
                (str(Path(src.name) / fn), *rest)
                for fn, *rest in extract_from_dir(
                    str(src), method_map, keywords=EXTRACT_KEYWORDS, comment_tags=("i18n:",),
                    strip_comment_tags=True,
                )
                if not _skip(str(Path(src) / fn))
            )
        else:
            found = (
                (src.name, lineno, message, comments, context)
                for lineno, message, comments, context in extract_from_file(
                    "python", str(src), keywords=EXTRACT_KEYWORDS, comment_tags=("i18n:",),
                    strip_comment_tags=True,
                )
            )
        for filename, lineno, message, comments, context in found:
            _add(catalog, message, context, [(filename, lineno)], comments)
    for context, msgid in domain.terms:
        _add(catalog, msgid, context, [("data", 0)], [])
    return catalog


def _add(catalog: Catalog, message: Any, context: str | None, locations: list[Any], comments: list[str]) -> None:
    ids = message if isinstance(message, tuple) else (message,)
    if not ids or not ids[0]:
        return
    msgid: Any = ids if len(ids) > 1 else ids[0]
    flags = ["python-brace-format"] if any(placeholders(i) for i in ids) else []
    existing = catalog.get(ids[0], context=context)
    if existing is not None:
        existing.locations = list(existing.locations) + locations
        return
    catalog.add(msgid, None, locations=locations, flags=flags, auto_comments=comments, context=context)


def _po_path(domain: DomainSources, lang: str) -> Path:
    return domain.directory / lang / "LC_MESSAGES" / f"{domain.name}.po"


def update(write: bool = True, only: str | None = None) -> dict[str, dict[str, int]]:
    """Re-extract every domain (or just the domain named ``only``), write its ``.pot`` and merge it
    into each language's ``.po``.

    Returns ``{domain: {"ids": n, lang: untranslated, …}}``.
    """
    report: dict[str, dict[str, int]] = {}
    for domain in domain_sources():
        if only is not None and domain.name != only:
            continue
        template = extract(domain)
        counts = {"ids": len(template)}
        domain.directory.mkdir(parents=True, exist_ok=True)
        if write:
            with (domain.directory / f"{domain.name}.pot").open("wb") as fh:
                write_po(fh, template, width=0, omit_header=False, sort_output=False, include_lineno=False)
        for lang in LANGUAGES:
            if lang == "en":
                continue
            path = _po_path(domain, lang)
            if path.is_file():
                with path.open("rb") as fh:
                    catalog = read_po(fh, locale=lang, domain=domain.name)
                catalog.update(template, no_fuzzy_matching=True)
            else:
                catalog = Catalog(locale=lang, domain=domain.name, project=PROJECT, fuzzy=False)
                catalog.update(template, no_fuzzy_matching=True)
            catalog.obsolete.clear()
            counts[lang] = sum(1 for m in catalog if m.id and not _translated(m))
            if write:
                path.parent.mkdir(parents=True, exist_ok=True)
                with path.open("wb") as fh:
                    write_po(fh, catalog, width=0, sort_output=False, include_lineno=False)
        report[domain.name] = counts
    return report


def _translated(message: Any) -> bool:
    strings = message.string if isinstance(message.string, tuple) else (message.string,)
    return bool(strings) and all(strings) and not message.fuzzy


def check() -> list[str]:
    """Every problem of every catalogue against the ids the code and data use (empty: all good)."""
    problems: list[str] = []
    for domain in domain_sources():
        template = extract(domain)
        for lang in LANGUAGES:
            if lang == "en":
                continue
            path = _po_path(domain, lang)
            if not path.is_file():
                problems.append(f"{domain.name}/{lang}: no catalogue at {path.relative_to(ROOT)}")
                continue
            with path.open("rb") as fh:
                catalog = read_po(fh, locale=lang, domain=domain.name)
            nplurals = catalog.num_plurals
            for msg in template:
                if not msg.id:
                    continue
                key = msg.id[0] if isinstance(msg.id, tuple) else msg.id
                found = catalog.get(key, context=msg.context)
                where = f"{domain.name}/{lang}: {msg.context + ' | ' if msg.context else ''}{key!r}"
                if found is None:
                    problems.append(f"{where} is missing")
                    continue
                if not _translated(found):
                    problems.append(f"{where} is not translated" + (" (fuzzy)" if found.fuzzy else ""))
                    continue
                english = tuple(msg.id) if isinstance(msg.id, (tuple, list)) else (msg.id,)
                want = set().union(*(placeholders(e) for e in english))
                # translated (checked above): every form is a non-empty string
                strings = tuple(found.string) if isinstance(found.string, (tuple, list)) else (found.string or "",)
                if isinstance(msg.id, tuple) and len(strings) != nplurals:
                    problems.append(f"{where} has {len(strings)} plural forms, {lang} needs {nplurals}")
                for s in strings:
                    try:
                        got = placeholders(s)
                    except ValueError as exc:
                        problems.append(f"{where}: broken braces in {s!r} ({exc})")
                        continue
                    # Plural texts may leave out {n} (a language can spell the one-form out).
                    if got - want or (want - got) - ({"n"} if isinstance(msg.id, tuple) else set()):
                        problems.append(f"{where}: placeholders {sorted(got)} differ from English {sorted(want)}")
    return problems
