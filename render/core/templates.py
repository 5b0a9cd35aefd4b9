"""Translated templates as styled text runs, and the identity of a compiled catalogue.

Game pictures draw a translated sentence such as ``_("Money {n}")`` with its numbers in bold:
:func:`rich` splits the template (as the catalogue returns it, without arguments) into
``(text, style)`` runs for :meth:`render.core.draw.Canvas.runs`. A translation with broken braces
is drawn as it is, never raises. :func:`catalogue_token` lets a cache of static layers notice that
the catalogues were reloaded; :func:`layer_key` is the key of a static layer in the current language (and component data).
"""

from __future__ import annotations

import string
from collections.abc import Hashable
from typing import Any

from engine.core import components, i18n
from engine.core.i18n import current, tr

Run = tuple[str, str]


def rich(template: str, style: str = "regular", **values: Any) -> list[Run]:
    """Runs ``(text, style)`` of a translated ``template``: literal text in ``style``, each
    ``{name}`` replaced by ``values[name]`` — a ``(text, style)`` pair, or a text (or
    :class:`~engine.core.i18n.Msg`) drawn in ``style``. Unknown names stay as written."""
    out: list[Run] = []
    try:
        parsed = list(string.Formatter().parse(template))
    except ValueError:  # broken braces in a translation: show it as it is
        return [(template, style)]
    for literal, name, _spec, _conv in parsed:
        if literal:
            out.append((literal, style))
        if name is None:
            continue
        value = values.get(name)
        if value is None:
            out.append(("{" + name + "}", style))
        elif isinstance(value, tuple):
            out.append((str(tr(value[0])), value[1]))
        else:
            out.append((str(tr(value)), style))
    return [(t, s) for t, s in out if t]


def catalogue_token(domain: str, lang: str) -> int:
    """Identity of the compiled catalogue of ``domain`` in ``lang``: it changes when the
    catalogues are reloaded, so a layer cache keyed by it never shows stale labels."""
    try:
        return id(i18n._load(domain, lang)[0])
    except Exception:  # a missing or broken catalogue only means English fallbacks
        return 0


def layer_key(shape: Hashable, domain: str) -> tuple[Hashable, str, int, Hashable]:
    """Key of a static layer of ``shape`` drawn with the words of ``domain`` in the current language
    and the component data in use: a layer is never reused across languages, after the catalogues
    are reloaded, nor for a table that plays with other component data (e.g. an owner's correction)."""
    lang = current()
    return (shape, lang, catalogue_token(domain, lang), components.selection_key())
