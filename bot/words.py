"""The hosts' words (Host replies, terminal table, Discord adapter): the ``meiji`` message domain.

Import ``_``/``_n``/``_t`` (texts in the current language) or ``M``/``Mn``/``T`` (texts shown later
in any language); catalogues are in ``bot/locale/<lang>/LC_MESSAGES/meiji.po``.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from engine.core.i18n import Domain, Msg, Number

DOMAIN = Domain("meiji", Path(__file__).with_name("locale"))

#: Placeholders that hold quantities (counts, points, hours, limits): a whole number given for one
#: of them is written by Babel in the reader's style (``1,200`` en, ``1 200`` pl/ru, ``1.200`` de),
#: the one place numbers of this domain are formatted. Identifiers (``{table}``, ``{seq}``,
#: ``{version}``, ``{index}``, ``{rank}``) stay as they are.
QUANTITIES = frozenset({"n", "count", "max", "want", "twice", "score", "missing", "limit", "shown", "hours", "low",
                        "high", "moves"})


def numbers(args: Mapping[str, Any]) -> dict[str, Any]:
    """``args`` with every whole number of a :data:`QUANTITIES` placeholder as a :class:`Number`."""
    return {k: Number(v) if k in QUANTITIES and isinstance(v, int) and not isinstance(v, bool | Number) else v
            for k, v in args.items()}


def M(msgid: str, /, **args: Any) -> Msg:  # noqa: N802 - the extractor's keyword
    """A :class:`Msg` of the ``meiji`` domain (quantities written by Babel when shown)."""
    return DOMAIN.msg(msgid, **numbers(args))


def Mn(singular: str, plural: str, n: int, /, **args: Any) -> Msg:  # noqa: N802 - the extractor's keyword
    """A plural :class:`Msg` of the ``meiji`` domain; ``n`` chooses the form and is ``{n}``."""
    return DOMAIN.nmsg(singular, plural, n, **numbers(args))


def _(msgid: str, /, **args: Any) -> str:
    """``msgid`` in the current language, formatted with ``args`` (quantities written by Babel)."""
    return DOMAIN.gettext(msgid, **numbers(args))


def _n(singular: str, plural: str, n: int, /, **args: Any) -> str:
    """Plural form of :func:`_`; ``n`` chooses the form and is ``{n}``, written by Babel."""
    return DOMAIN.ngettext(singular, plural, Number(n) if isinstance(n, int) and not isinstance(n, bool) else n,
                           **numbers(args))


T = DOMAIN.term
_t = DOMAIN.pgettext
