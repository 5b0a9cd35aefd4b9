"""The hosts' words (Host replies, terminal table, Discord adapter): the ``meiji`` message domain.

Import ``_``/``_n``/``_t`` (texts in the current language) or ``M``/``Mn``/``T`` (texts shown later
in any language); catalogues are in ``bot/locale/<lang>/LC_MESSAGES/meiji.po``.
"""

from __future__ import annotations

from pathlib import Path

from engine.core.i18n import Domain

DOMAIN = Domain("meiji", Path(__file__).with_name("locale"))

M = DOMAIN.msg
Mn = DOMAIN.nmsg
T = DOMAIN.term
_ = DOMAIN.gettext
_n = DOMAIN.ngettext
_t = DOMAIN.pgettext
