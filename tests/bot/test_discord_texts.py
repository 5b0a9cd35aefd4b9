"""Rules topics, message shortening, mentions and board pictures of the Discord adapter."""

from __future__ import annotations

import re

import discord
import pytest
from discord_fakes import ANN, Commands, make_interaction, private, public, run

from bot.app import compose
from bot.discord_app import pictures
from bot.discord_app.commands import rules_choices
from bot.discord_app.messages import (
    GAME_COMMAND_NAMES,
    SOLO_COMMAND_NAMES,
    code_block,
    first_line,
    fit,
    last_lines,
    mention_text,
)
from bot.discord_app.pictures import MAX_ALT, MAX_UPLOAD, board_file, trim_alt
from bot.discord_app.rules_topics import find_topic, game_topics, search_topics, topic_label, topic_text
from bot.host import Host
from bot.store import Store
from engine.core.i18n import language
from engine.zaibatsu import notation
from engine.zaibatsu.topics import TOPICS

REQUIRED = {
    "turn", "rd", "mining", "factory", "machines", "production", "ships", "trains", "markets",
    "investments", "silk", "departments", "consolidation", "rounds", "scoring", "final", "undo", "notation",
}


# ---------------------------------------------------------------------------------------------
# Rules topics
# ---------------------------------------------------------------------------------------------
def test_every_required_topic_exists_and_cites_a_section() -> None:
    keys = {t.key for t in TOPICS}
    assert keys >= REQUIRED
    assert len(keys) == len(TOPICS)
    for t in TOPICS:
        assert re.match(r"Rulebook: \S", t.section), t.section
        text = topic_text(t)
        assert t.section in text and len(text) <= 2000
        assert t.text.strip() and len(t.title) <= 60
    assert find_topic(TOPICS, "consolidation").section == "Rulebook: Consolidation, p. 17"  # type: ignore[union-attr]


def test_the_adapter_reads_the_topics_from_the_game() -> None:
    assert game_topics("zaibatsu") == TOPICS
    assert game_topics(None) == TOPICS  # the default game
    assert game_topics("dicerace") == ()  # a game without topics
    assert game_topics("no such game") == ()


def test_topic_examples_are_valid_notation() -> None:
    for t in TOPICS:
        for example in t.examples:
            action = notation.parse_action(example)
            assert notation.parse_action(notation.format_action(action)) == action, example


def test_find_and_search_topics() -> None:
    assert find_topic(TOPICS, "R&D").key == "rd"  # type: ignore[union-attr]
    assert find_topic(TOPICS, "  Local   Markets ").key == "markets"  # type: ignore[union-attr]
    assert find_topic(TOPICS, "railways").key == "trains"  # type: ignore[union-attr]
    assert find_topic(TOPICS, "chess") is None
    assert find_topic(TOPICS, "x" * 5000) is None
    assert [t.key for t in search_topics(TOPICS, "consol")] == ["consolidation"]
    assert len(search_topics(TOPICS, "")) == min(25, len(TOPICS))
    assert search_topics(TOPICS, "building a ship")[0].key == "ships"
    assert topic_label(find_topic(TOPICS, "silk")) == "Silk (Rulebook: Note on silk)"


def test_topics_match_their_translated_titles() -> None:
    silk = find_topic(TOPICS, "silk")
    assert silk is not None
    for lang in ("pl", "ru", "de"):
        with language(lang):
            title = str(silk.title.translated())
            assert find_topic(TOPICS, title.upper()) is silk  # whatever the catalogue has (English if none)
            assert silk in search_topics(TOPICS, title.lower())


def test_topic_answers_name_the_front_ends_commands() -> None:
    undo = find_topic(TOPICS, "undo")
    assert undo is not None
    assert "'undo'" in topic_text(undo)  # the terminal's names by default
    text = topic_text(undo, {"undo": "`/game undo`", "log": "`/game log`"})
    assert "`/game undo` takes back your own latest step" in text and "`/game log` shows" in text


def test_rules_command_answers_privately(host: Host) -> None:
    cmds = Commands(host)
    [answer] = private(cmds.as_user("rules", ANN, topic="silk"))
    assert answer.content.startswith("**Silk** — Rulebook: Note on silk")
    [answer] = private(cmds.as_user("rules", ANN, topic="undo"))
    assert "`/game undo` takes back" in answer.content  # the Discord command names
    inter = cmds.as_user("rules", ANN, topic="teleport")
    assert public(inter) == [] and "Try one of" in private(inter)[0].content
    choices = run(rules_choices(cmds.tables, make_interaction(ANN), "ship"))
    assert [c.value for c in choices] == ["ships"]
    assert all(len(c.name) <= 100 for c in run(rules_choices(cmds.tables, make_interaction(ANN), "")))


def test_rules_follow_the_game_of_the_channel(host: Host) -> None:
    from discord_fakes import open_dice

    cmds = Commands(host)
    open_dice(host)  # a dice race has no rules topics
    [answer] = private(cmds.as_user("rules", ANN, topic="silk"))
    assert "no rules topics for dicerace" in answer.content
    assert run(rules_choices(cmds.tables, make_interaction(ANN), "")) == []
    [answer] = private(cmds.as_user("rules", ANN, topic="silk", game="zaibatsu"))  # the option wins
    assert answer.content.startswith("**Silk**")
    inter = make_interaction(ANN)
    inter.namespace.game = "zaibatsu"
    assert [c.value for c in run(rules_choices(cmds.tables, inter, "silk"))] == ["silk"]


# ---------------------------------------------------------------------------------------------
# Messages
# ---------------------------------------------------------------------------------------------
def test_fit_keeps_first_and_last_lines() -> None:
    lines = ["The game has started."] + [f"event {i} " + "x" * 50 for i in range(200)] + ["Bob (green) to play: pick"]
    text = fit("\n".join(lines))
    assert len(text) <= 2000
    assert text.startswith("The game has started.") and text.endswith("Bob (green) to play: pick")
    assert "more lines; see /game log" in text
    assert "more lines; see /solo log" in fit("\n".join(lines), log_hint="/solo log")
    assert fit("short") == "short"
    assert len(fit("y" * 5000)) <= 2000
    assert len(fit("a\n" + "b" * 5000)) <= 2000


def test_last_lines_and_code_block() -> None:
    text = "\n".join(f"#{i} move" for i in range(1000))
    tail = last_lines(text, 300)
    assert len(tail) <= 300 and tail.endswith("#999 move")
    block = code_block(text + "\n```", 500)
    assert block.startswith("```\n") and block.endswith("\n```") and len(block) <= 500
    assert block.count("```") == 2


def test_mentions_and_first_line() -> None:
    assert mention_text(["1001", "1002", "1001", "u3"]) == "<@1001> <@1002>"
    assert first_line("\n\n  hello \nworld") == "hello"


def test_host_names_commands_as_each_front_end_spells_them(store: object) -> None:
    """No regex rewriting: the Host's texts use the command names it is given."""
    plain = Host(store)  # type: ignore[arg-type]  # the terminal's words
    assert "Join it with 'join'; start it with 'start'." in (plain.new_table("t", "u1", "Ann", "dicerace").public or "")
    game = plain.with_command_names(GAME_COMMAND_NAMES)
    solo = plain.with_command_names(SOLO_COMMAND_NAMES)
    assert game.store is plain.store and game.render is plain.render
    assert "Join it with `/game join`; start it with `/game start`." in (
        game.new_table("g", "u1", "Ann", "dicerace").public or ""
    )
    assert game.move("nowhere", "u1", "bank").private == "There is no game in this channel. Open one with `/game new`."
    assert solo.move("nowhere", "u1", "bank").private == "There is no game in this channel. Open one with `/solo new`."
    assert plain.move("nowhere", "u1", "bank").private == "There is no game in this channel. Open one with 'new'."
    assert plain.command_names["new"] == "'new'"  # the siblings did not change the original


# ---------------------------------------------------------------------------------------------
# Pictures
# ---------------------------------------------------------------------------------------------
def test_board_file_has_alt_text_and_respects_the_upload_budget() -> None:
    f = board_file(b"\x89PNG data", "A board")
    assert isinstance(f, discord.File) and f.filename == "board.png" and f.description == "A board"
    assert board_file(b"", "x") is None and board_file(None, "x") is None
    assert board_file(b"0" * (MAX_UPLOAD + 1), "too big") is None
    assert len(board_file(b"png", "d" * 5000).description or "") <= 1024  # type: ignore[union-attr]


def test_trim_alt_keeps_discords_limit_on_a_word_boundary() -> None:
    words = " ".join(f"region{i} has 3 ships" for i in range(200))
    cut = trim_alt(words)
    assert len(cut) <= MAX_ALT and cut.endswith("…") and words.startswith(cut[:-1])
    assert cut[:-1].split()[-1] in words.split()  # no word is cut in half
    assert trim_alt("short  text\n") == "short text"
    assert len(trim_alt("x" * 5000)) == MAX_ALT


def test_discord_limits() -> None:
    assert pictures.MAX_ALT == 1024 and pictures.MAX_UPLOAD < 10 * 1024 * 1024


def test_real_zaibatsu_picture_reaches_discord_with_its_alt_text(store: Store) -> None:
    pytest.importorskip("render.zaibatsu")
    from discord_fakes import BOB, CH, assert_accepted

    host = compose(store=store).host  # the production composition: the renderer meiji run uses
    host.new_table(CH, str(ANN), "Ann", "zaibatsu", {"players": 2}, 4)
    host.join(CH, str(BOB), "Bob")
    message = assert_accepted(Commands(host).as_user("start", ANN))
    [picture] = message.files  # the turn picture: the facts at a glance, with their alt text
    assert picture.filename == "board.png"
    assert picture.description and picture.description.startswith("Nippon: Zaibatsu, Round 1 of 8")
    assert "Scores: Purple 0 VP" in picture.description
    assert len(picture.description) <= MAX_ALT
    # "Full board" under it: the detailed board, only to the clicker, with the board's alt text
    board = host.replay(CH, str(BOB), None, None, board=True)
    assert board.ok and board.png and board.alt and board.alt.startswith("Nippon: Zaibatsu board")
