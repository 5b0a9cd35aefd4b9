"""Yokohama's rules revision (table option ``rules_revision``; docs/rules-notes.md, "Readings settled
from the rulebook text", 1): revision 2, the default, makes the area action mandatory (Y-22);
revision 1 is the engine before that reading, where ``pass`` was always legal at the Church,
Customs House, Laboratory and Port. Games begun under revision 1 must keep replaying exactly.

tests/fixtures/legacy/yokohama-4p-rules1.json is tests/fixtures/yokohama-4p.json as it was stored
before the reading (its options name no revision, so revision 1); it passes at the Church at move
595 where revision 2 obliges a space.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from engine.core import IllegalAction, replay
from engine.core.i18n import language, tr
from engine.core.registry import normalise_option_name
from engine.yokohama import GAME
from engine.yokohama.rules import validate_options
from engine.yokohama.state import RULES_REVISION, RULES_REVISIONS

from .make_fixture_logs import FIXTURE_DIR, GAMES, options_of, state_digest
from .test_readings import PURPLE, agent_at, prompt

LEGACY = FIXTURE_DIR / "legacy" / "yokohama-4p-rules1.json"
SCHEMA_DOC = Path(__file__).resolve().parents[2] / "docs" / "yokohama-state.schema.json"
#: The legacy log's pass at the Church that revision 2 refuses (1-based move number).
LEGACY_PASS = 595


def legacy() -> dict:
    stored = json.loads(LEGACY.read_text(encoding="utf-8"))
    players, modules, seed = GAMES["yokohama-4p"]
    pinned = {k: v for k, v in options_of(players, modules).items() if k != "rules_revision"}
    assert (stored["game"], stored["options"], stored["seed"]) == ("yokohama", pinned, seed)
    assert stored["engine_version"] == GAME.version
    assert "rules_revision" not in stored["options"]  # from before revisions: revision 1
    return stored


def at_revision(table, revision: int):
    """``table`` with its game's rules revision set (the scenario helpers start at the default)."""
    table.state.options.rules_revision = revision
    return table


# --- the legacy log --------------------------------------------------------------------------------------


def test_legacy_log_replays_to_its_end_at_revision_1():
    stored = legacy()
    final = replay(GAME, {**stored["options"], "rules_revision": 1}, stored["seed"], stored["moves"])
    ranking = GAME.result(final)
    assert ranking is not None and ranking.solo is None
    assert {str(r.seat): r.score for r in ranking.players} == stored["final"]["scores"]
    # Byte for byte the final state file the engine wrote before revisions existed.
    assert state_digest(final) == stored["final"]["digest"]
    assert final.options.rules_revision == 1
    assert len(stored["moves"]) > 200


def test_legacy_log_is_refused_at_move_595_at_revision_2():
    stored = legacy()
    moves = stored["moves"]
    assert moves[LEGACY_PASS - 1] == "pass"
    for options in ({**stored["options"], "rules_revision": 2}, stored["options"]):  # explicit, and the default
        before = replay(GAME, options, stored["seed"], moves[:LEGACY_PASS - 1])
        assert before.stack[-1]["k"] == "church" and "pass" not in GAME.legal_actions(before)
        with pytest.raises(IllegalAction) as info:
            replay(GAME, options, stored["seed"], moves)
        assert str(info.value.reason).startswith(f"move {LEGACY_PASS} (pass): The area action is mandatory")


# --- pass at revision 1 where revision 2 forbids it ----------------------------------------------------


def test_church_pass_is_legal_at_revision_1_where_revision_2_forbids_it():
    # Power 2 gives faith 2: the first space is free (test_church_space_within_the_power_faith_must_be_taken).
    strict = agent_at("church", 2).give(PURPLE, copper=1, silk=1, yen=2)
    strict.play("agent church")
    assert strict.state.options.rules_revision == 2
    assert "church 1 area" in strict.legal() and "pass" not in strict.legal()
    assert "area action is mandatory" in strict.refuse("pass")

    old = at_revision(agent_at("church", 2).give(PURPLE, copper=1, silk=1, yen=2), 1)
    old.play("agent church")
    assert old.decision.kind == "church"
    assert old.legal() == strict.legal() + ["pass"]
    assert prompt(old).endswith("or pass")
    old.play("pass")
    assert old.state.church == [None] * 8
    assert old.texts("pass") == ["Purple places no assistant in the Church."]
    old.check()


def test_customs_pass_is_legal_at_revision_1_where_revision_2_forbids_it():
    strict = agent_at("customs", 2).give(PURPLE, ig=1)
    strict.play("agent customs")
    assert "pass" not in strict.legal()

    old = at_revision(agent_at("customs", 2).give(PURPLE, ig=1), 1)
    old.play("agent customs")
    assert old.legal() == ["customs 1 area", "customs 1 hand", "customs 2 area", "customs 2 hand", "pass"]
    assert prompt(old).endswith("or pass")
    old.play("pass")
    assert old.p(PURPLE).ig == 1 and old.state.customs == [None] * len(old.state.customs)


def test_laboratory_pass_is_legal_at_revision_1_where_revision_2_forbids_it():
    strict = agent_at("laba", 3).lab_card("laba", 1, "T07").give(PURPLE, yen=0, ig=0)
    strict.play("agent laba")
    assert "tech 1 0 -" in strict.legal() and "pass" not in strict.legal()

    old = at_revision(agent_at("laba", 3).lab_card("laba", 1, "T07").give(PURPLE, yen=0, ig=0), 1)
    old.play("agent laba")
    assert "tech 1 0 -" in old.legal() and "pass" in old.legal()
    assert prompt(old).endswith("or pass")
    old.play("pass")
    assert old.p(PURPLE).technologies == []


# --- the option ------------------------------------------------------------------------------------------


def test_the_default_is_revision_2():
    assert RULES_REVISION == 2 and RULES_REVISIONS == (1, 2)
    assert GAME.rules_revision == 2
    assert validate_options({"players": 3}).rules_revision == 2
    assert GAME.setup({"players": 2}, 7).options.rules_revision == 2
    assert GAME.setup({"players": 4, "modules": ["free-agents"], "rules_revision": 2}, 7).options.rules_revision == 2
    assert GAME.setup({"players": 4, "rules_revision": 1}, 7).options.rules_revision == 1


@pytest.mark.parametrize("bad", [0, 3, -1, "x", "1", 1.0, None, True, False])
def test_invalid_revisions_are_refused(bad):
    with pytest.raises(IllegalAction) as info:
        GAME.setup({"players": 3, "rules_revision": bad}, 0)
    reason = info.value.reason
    assert str(reason) == "Yokohama's rules revision is 1 (before the area action was mandatory) or 2 (the current rules)."
    with language("pl"):
        assert str(tr(reason)).startswith("Wersja zasad Yokohamy to 1")


def test_unknown_options_name_the_rules_revision_among_the_options():
    with pytest.raises(IllegalAction) as info:
        validate_options({"players": 3, "revision": 1})
    assert str(info.value.reason).endswith("the number of players, the modules and the rules revision.")
    with language("de"):
        assert "Regelversion" in str(tr(info.value.reason))


def test_option_name_is_already_normalised_for_hosts():
    # Hosts normalise option keys (bot/host/core.py _normalise_options) before GAME.setup sees them.
    for spelling in ("rules_revision", "rules-revision", "Rules Revision"):
        assert normalise_option_name(spelling) == "rules_revision"


# --- state files -----------------------------------------------------------------------------------------


@pytest.mark.parametrize("revision", [1, 2])
def test_state_files_round_trip_with_the_revision(revision):
    state = GAME.setup({"players": 3, "rules_revision": revision}, 5)
    text = GAME.to_json(state)
    loaded = GAME.from_json(text)
    assert loaded == state and loaded.options.rules_revision == revision and GAME.to_json(loaded) == text
    # Revision 1 is what a file without the field means, so it is left out (files from before stay as they were).
    assert ("rules_revision" in json.loads(text)["options"]) == (revision != 1)


def test_a_state_file_without_a_revision_is_revision_1():
    data = json.loads(GAME.to_json(GAME.setup({"players": 3}, 5)))
    assert data["options"].pop("rules_revision") == 2
    assert GAME.from_json(json.dumps(data)).options.rules_revision == 1
    data["options"]["rules_revision"] = 3
    with pytest.raises(ValueError, match="rules_revision"):
        GAME.from_json(json.dumps(data))


def test_published_schema_names_the_revision():
    published = json.loads(SCHEMA_DOC.read_text(encoding="utf-8"))
    assert published == GAME.json_schema(), "regenerate docs/yokohama-state.schema.json (meiji schema --game yokohama)"
    assert published["$defs"]["Options"]["properties"]["rules_revision"]["enum"] == [1, 2]
