"""The synced command list is pinned: what Discord receives at ``meiji run --sync``.

``tests/bot/data/command_payload.json`` holds the payload of every command of the tree — names,
descriptions, options, choices, contexts and every name and description localisation as
:class:`~bot.discord_app.translator.MeijiTranslator` renders them from the real catalogues —
exactly as :meth:`discord.app_commands.CommandTree.sync` sends it. A change to the commands or
to their translations shows up here as a difference to review; after a deliberate change,
rewrite the file with ``MEIJI_WRITE_PAYLOAD=1 python3 -m pytest tests/bot/test_discord_command_payload.py``.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

from discord_fakes import run

from bot.discord_app.client import MeijiBot
from bot.discord_app.translator import MeijiTranslator
from bot.host import Host

GOLDEN = Path(__file__).resolve().parent / "data" / "command_payload.json"


def synced_payload(host: Host) -> list[dict[str, Any]]:
    """The JSON of every command of the bot's tree, translated, as ``tree.sync()`` sends it."""

    async def build() -> list[dict[str, Any]]:
        bot = MeijiBot(host)
        translator = MeijiTranslator()
        await bot.tree.set_translator(translator)
        return [await c.get_translated_payload(bot.tree, translator) for c in bot.tree.get_commands()]

    # through JSON, as it goes over the wire (enum values become numbers, tuples lists)
    return json.loads(json.dumps(run(build()), ensure_ascii=False, sort_keys=True))


def test_the_synced_commands_and_localisations_are_unchanged(host: Host) -> None:
    payload = sorted(synced_payload(host), key=lambda command: command["name"])
    if os.environ.get("MEIJI_WRITE_PAYLOAD"):
        GOLDEN.write_text(json.dumps(payload, ensure_ascii=False, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    golden = json.loads(GOLDEN.read_text(encoding="utf-8"))
    assert [c["name"] for c in payload] == [c["name"] for c in golden]
    for now, before in zip(payload, golden, strict=True):
        assert now == before, f"/{before['name']} differs from {GOLDEN.name}"
    assert sum(len(c.get("name_localizations") or {}) for c in golden) >= 3 * 4  # the translations are in it
