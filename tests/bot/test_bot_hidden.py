"""Hidden information: ``public_notation`` hides chance outcomes and hidden choices; ``Host.hand`` and ``/game hand``
show each player their own view and options privately."""

from __future__ import annotations

import json
import random
from collections.abc import Iterable
from typing import Any

from discord_fakes import (
    ANN,
    BOB,
    CH,
    DM_ANN,
    EVE,
    Commands,
    assert_accepted,
    assert_refused,
    make_interaction,
    private,
    public,
    run,
)
from fakegame import DiceRace
from hosthelpers import play_to_end, to_act
from renderer_doubles import FunctionRendererDouble

from bot.discord_app.components import ChoiceButton, parse_custom_id
from bot.host import Host, effective_moves
from bot.store import Store
from engine.core import CHANCE, Action, game_info, register, replay
from engine.core.capabilities import HiddenInformation
from tests.robustness.secretgame import GAME as SECRET


class HiddenDice(DiceRace):
    """The dice race, but every die roll is secret (shown as ``~?``)."""

    name = "hiddendice"
    capabilities = (*DiceRace.capabilities, HiddenInformation)

    def public_notation(self, state: Any, action: Action) -> str | None:
        return "~?" if self.decision(state).seat == CHANCE else None

    def private_choice(self, state: Any, action: Action) -> bool:
        return False  # only the rolls are secret: every player option is public

    def private_options(self, state: Any) -> bool:
        return False

    def reveals(self, state: Any, action: Action) -> bool:
        return False

    def hidden_tokens(self, state: Any, seat: int | None) -> set[str]:
        return set()  # a roll is hidden in the log only; the board shows the die

    def sample_hidden(self, state: Any, seat: int | None, rng: random.Random) -> Any:
        return state  # states are immutable and nothing in them is secret


register(HiddenDice())
register(SECRET)


def _open(host: Host, channel: str) -> None:
    assert host.new_table(channel, "u1", "Ann", "hiddendice", {"players": 2}, seed=4).ok
    assert host.join(channel, "u2", "Bob").ok
    assert host.start(channel, "u1").ok


def test_the_log_shows_only_the_public_form_of_hidden_outcomes(store: Store) -> None:
    host = Host(store)
    _open(host, "h")
    for _ in range(6):
        user = to_act(host, "h")
        assert host.move("h", user, host.legal("h", user).choices[0][0]).ok
    log = host.log("h", 200).public or ""
    assert "chance: ~?" in log
    full = [m for m in host.export("h").data["moves"] if m["kind"] == "chance"]
    assert full and all(m["notation"] == "~?" for m in full)  # running: public forms only
    assert host.export("h").data["complete"] is False


def test_a_finished_game_exports_the_full_log_for_replay(store: Store) -> None:
    host = Host(store)
    _open(host, "f")
    play_to_end(host, "f")
    data = host.export("f").data
    assert data["status"] == "finished" and data["complete"] is True
    chance = [m["notation"] for m in data["moves"] if m["kind"] == "chance"]
    assert chance and all(n != "~?" for n in chance)


def test_games_without_hidden_information_log_their_notation_unchanged(store: Store) -> None:
    host = Host(store)
    assert host.new_table("z", "u1", "Ann", "zaibatsu", {"players": 2}, seed=4).ok
    assert host.join("z", "u2", "Bob").ok and host.start("z", "u1").ok
    data = host.export("z").data
    assert data["complete"] is True and any(m["notation"].startswith("~") for m in data["moves"])


# ---------------------------------------------------------------------------------------------
# Hidden choices and the private hand (the test-only ``secretrace`` game, ``cards`` module)
# ---------------------------------------------------------------------------------------------
SEATS = ("ann", "bob", "cat")


def _cards_table(host: Host, channel: str, players: int = 2, seed: int = 5) -> None:
    """A started secretrace table with the cards module: everybody picks a card in secret first."""
    assert host.new_table(channel, "ann", "Ann", SECRET.name,
                          {"players": players, "target": 30, "modules": ["cards"]}, seed).ok
    for user in SEATS[1:players]:
        assert host.join(channel, user, user.title()).ok
    started = host.start(channel, "ann")
    assert started.ok, started.private


def _hands(host: Host, channel: str) -> dict[str, tuple[int, ...]]:
    """Each seat's cards, from the server's state (the secrets are in the stored log)."""
    with host.store.unit_of_work(write=False) as repo:
        table = repo.active_table(channel)
        assert table is not None
        seats = repo.seats(table.id)
        moves = repo.moves(table.id)
    state = replay(SECRET, table.options, table.seed or 0, [m.notation for m in effective_moves(moves)])
    return {s.user_id: (state.secrets[s.seat] + 100000, state.secrets[s.seat] + 200000) for s in seats}


def _found(blob: Any, cards: Iterable[int]) -> list[int]:
    text = blob if isinstance(blob, str) else json.dumps(blob, default=str)
    return [c for c in cards if str(c) in text]


def view_alt(game: str, view: dict[str, Any]) -> tuple[bytes, str]:
    """A renderer whose alt text is the whole view it was given (a leak in the view shows in it)."""
    return b"\x89PNG\r\n\x1a\nfake", json.dumps(view)


def test_a_hidden_decision_offers_no_public_choices(store: Store) -> None:
    host = Host(store)
    _cards_table(host, "pick")
    cards = [c for hand in _hands(host, "pick").values() for c in hand]
    turn = host.turn("pick")
    assert turn.ok and turn.data is not None
    assert turn.data["to_act"] == "ann" and turn.data["hidden_choices"] is True
    assert turn.choices == []
    assert _found([turn.public, turn.data], cards) == []
    # the player to act still gets their options privately (autocomplete, the terminal)
    legal = host.legal("pick", "ann")
    assert [n for n, _label in legal.choices] == [f"pick {c}" for c in _hands(host, "pick")["ann"]]
    # decisions without hidden options keep their public choices
    for user in ("ann", "bob"):
        assert host.move("pick", user, "1").ok
    turn = host.turn("pick")
    assert turn.data is not None and turn.data["hidden_choices"] is False
    assert [n for n, _label in turn.choices] == [n for n, _label in host.legal("pick", turn.data["to_act"]).choices]


def test_a_mixed_decision_lists_its_public_options_first_and_points_to_the_private_route(store: Store) -> None:
    """The notes module mixes a hidden ``note V`` into the public dice moves: the public buttons
    are the dice moves alone, numbered first; the notes are offered privately."""
    host = Host(store)
    assert host.new_table("mix", "ann", "Ann", SECRET.name, {"players": 2, "target": 30, "modules": ["notes"]}, 6).ok
    assert host.join("mix", "bob", "Bob").ok and host.start("mix", "ann").ok
    turn = host.turn("mix")
    assert turn.data is not None and turn.data["hidden_choices"] is True
    public_moves = [n for n, _l in turn.choices]
    assert "bank" in public_moves and not any(n.startswith("note") for n in public_moves)
    legal = host.legal("mix", turn.data["to_act"])
    offered = [n for n, _l in legal.choices]
    assert offered[:len(public_moves)] == public_moves  # the same indices as the public buttons
    assert all(n.startswith("note ") for n in offered[len(public_moves):]) and len(offered) > len(public_moves)
    # a public button plays what it shows
    index = public_moves.index("bank")
    played = host.choose("mix", turn.data["to_act"], turn.data["table_id"], turn.version, index)
    assert played.ok and played.data["step"] == "bank"


def test_hidden_picks_stay_out_of_replies_logs_exports_and_pictures(store: Store) -> None:
    host = Host(store, render=FunctionRendererDouble(view_alt))
    _cards_table(host, "pub")
    hands = _hands(host, "pub")
    every = [c for hand in hands.values() for c in hand]
    played = host.move("pub", "ann", f"pick {hands['ann'][1]}")
    assert played.ok, played.private
    assert str(hands["ann"][1]) in (played.private or "")  # the player is told privately …
    assert _found([played.public, played.data, played.alt], every) == []  # … nobody else
    assert "pick ~" in (played.public or "") and (played.data or {})["step"] == "pick ~"
    # Bob may not undo Ann's step; the refusal names it only in its public form
    refused = host.undo("pub", "bob")
    assert not refused.ok and "pick ~" in (refused.private or "")
    assert _found(refused.private, every) == []
    assert _found([host.log("pub", 200).public, host.export("pub").data], every) == []
    assert host.export("pub").data["complete"] is False
    board = host.board("pub", "eve")
    assert _found([board.public, board.private, board.data, board.alt], every) == []
    assert _found([host.status("pub").public, host.status("pub").data, host.turn("pub").data], every) == []


def test_undoing_a_hidden_pick_shows_only_its_public_form(store: Store) -> None:
    """With the notes module a hidden note is a step of the turn, so its author may take it back."""
    host = Host(store, render=FunctionRendererDouble(view_alt))
    assert host.new_table("und", "ann", "Ann", SECRET.name, {"players": 2, "target": 30, "modules": ["notes"]}, 6).ok
    assert host.join("und", "bob", "Bob").ok and host.start("und", "ann").ok
    user = host.status("und").data["to_act"]
    assert host.move("und", user, "note 700107").ok
    undone = host.undo("und", user)
    assert undone.ok, undone.private
    assert "note ~" in (undone.public or "")
    assert _found([undone.public, undone.data, undone.alt], [700107]) == []


def test_hand_shows_the_owner_their_secret_and_nobody_else(store: Store) -> None:
    host = Host(store, render=FunctionRendererDouble(view_alt))
    _cards_table(host, "hand")
    hands = _hands(host, "hand")
    mine = host.hand("hand", "ann")
    assert mine.ok, mine.private
    assert all(str(c) in (mine.private or "") for c in hands["ann"])
    assert _found([mine.private, mine.alt, mine.choices, mine.data], hands["bob"]) == []
    assert mine.public is None  # nothing for the channel
    assert mine.data is not None and mine.data["to_act"] is True and mine.data["hidden_choices"] is True
    assert mine.choices == [(f"pick {c}", f"Pick your card {c}") for c in hands["ann"]]
    assert all(str(c) in (mine.alt or "") for c in hands["ann"])  # the picture is Ann's view
    # Bob waits: his own cards, no options, whose turn it is
    his = host.hand("hand", "bob")
    assert his.ok and his.choices == [] and his.data["to_act"] is False
    assert all(str(c) in (his.private or "") for c in hands["bob"])
    assert _found([his.private, his.alt, his.data], hands["ann"]) == []
    assert "Ann (red) to play" in (his.private or "")
    # outsiders and empty channels are refused, and nothing is shown
    eve = host.hand("hand", "eve")
    assert not eve.ok and eve.private == "You are not playing at this table."
    assert _found([eve.private, eve.alt, eve.choices, eve.data], hands["ann"] + hands["bob"]) == []
    nobody = host.hand("nowhere", "ann")
    assert not nobody.ok and "no game in this channel" in (nobody.private or "")
    too_long = host.hand("hand", "x" * 500)
    assert not too_long.ok and "too long" in (too_long.private or "")


def test_hand_refuses_a_table_that_has_not_started(store: Store) -> None:
    host = Host(store)
    assert host.new_table("open", "ann", "Ann", SECRET.name, {"players": 2}, 1).ok
    reply = host.hand("open", "ann")
    assert not reply.ok and "hasn't started" in (reply.private or "")


def test_a_choice_from_the_hand_is_played_by_its_index(store: Store) -> None:
    host = Host(store)
    _cards_table(host, "idx")
    hands = _hands(host, "idx")
    mine = host.hand("idx", "ann")
    assert mine.data is not None and mine.version is not None
    played = host.choose("idx", "ann", mine.data["table_id"], mine.version, 1)
    assert played.ok, played.private
    assert f"Your pick: {hands['ann'][1]}" in (host.hand("idx", "ann").private or "")
    # the hand's options belong to its version: an old one is refused
    stale = host.choose("idx", "bob", mine.data["table_id"], mine.version, 0)
    assert not stale.ok and "moved on" in (stale.private or "")


def test_hand_speaks_the_callers_language_and_serves_any_game(store: Store) -> None:
    host = Host(store)
    _cards_table(host, "lang")
    assert host.hand("lang", "ann", lang="pl").private.endswith("Twoja kolej: Pick one of your cards in secret.")
    assert host.hand("lang", "ann", lang="de").data["turn"].startswith("Du bist am Zug:")
    # a game without secrets: the hand is the seat's view with its (public) options
    _open(host, "plain")
    user = to_act(host, "plain")
    reply = host.hand("plain", user)
    assert reply.ok and reply.data["hidden_choices"] is False
    assert reply.choices == host.legal("plain", user).choices == host.turn("plain").choices


def test_games_declare_hidden_information() -> None:
    assert game_info(SECRET).hidden_information is True
    assert game_info(HiddenDice()).hidden_information is False  # the default


# ---------------------------------------------------------------------------------------------
# Discord: /game hand, the public message of a hidden decision, autocomplete
# ---------------------------------------------------------------------------------------------
def _discord_cards_table(host: Host) -> None:
    assert host.new_table(CH, str(ANN), "Ann", SECRET.name, {"players": 2, "target": 30, "modules": ["cards"]}, 5).ok
    assert host.join(CH, str(BOB), "Bob").ok


def test_discord_hidden_decision_posts_no_buttons_but_points_to_game_hand(store: Store) -> None:
    host = Host(store, render=FunctionRendererDouble(view_alt))
    cmds = Commands(host)
    _discord_cards_table(host)
    message = assert_accepted(cmds.as_user("start", ANN))
    hands = _hands(host, CH)
    every = [c for hand in hands.values() for c in hand]
    # no move buttons, no menu under the public message: only "Full board" (shows the spectator's board)
    assert message.view is not None
    assert [type(c).__name__ for c in message.view.children] == ["BoardButton"]
    assert "chooses privately with `/game hand`" in message.content
    assert f"<@{to_act_id(host)}> chooses privately" in message.content
    files = [f.description for f in message.files]
    assert _found([message.content, files], every) == []
    # the board posted again: still no buttons
    board = assert_accepted(cmds.as_user("board", EVE))
    assert board.view is None and "/game hand" in board.content
    assert _found([board.content, [f.description for f in board.files]], every) == []


def test_discord_mixed_decision_posts_the_public_buttons_and_points_to_game_hand(store: Store) -> None:
    """The notes module: the dice moves are buttons; "may also choose privately" names the route."""
    host = Host(store, render=FunctionRendererDouble(view_alt))
    cmds = Commands(host)
    assert host.new_table(CH, str(ANN), "Ann", SECRET.name, {"players": 2, "target": 30, "modules": ["notes"]}, 6).ok
    assert host.join(CH, str(BOB), "Bob").ok
    message = assert_accepted(cmds.as_user("start", ANN))
    [menu] = [c for c in message.view.children if type(c).__name__ == "ChoiceMenu"]
    labels = [o.label for o in menu.item.options]
    assert "bank" in labels and not any(label.startswith("note") for label in labels)
    assert f"<@{to_act_id(host)}> may also choose privately with `/game hand`" in message.content
    assert "7001" not in message.content  # no secret note value (700101 …) in the public message


def to_act_id(host: Host) -> int:
    data = host.status(CH).data
    assert data is not None
    return int(data["to_act"])


def test_discord_game_hand_is_ephemeral_with_buttons_that_play(store: Store) -> None:
    host = Host(store, render=FunctionRendererDouble(view_alt))
    cmds = Commands(host)
    _discord_cards_table(host)
    assert host.start(CH, str(ANN)).ok
    hands = _hands(host, CH)
    actor = to_act_id(host)
    hand = cmds.as_user("hand", actor)
    hand.response.defer.assert_awaited_once_with(ephemeral=True, thinking=True)
    assert public(hand) == []
    [answer] = private(hand)
    assert all(str(c) in answer.content for c in hands[str(actor)])
    assert "Your turn:" in answer.content
    other_cards = [c for user, cards in hands.items() if user != str(actor) for c in cards]
    [picture] = answer.files
    assert all(str(c) in (picture.description or "") for c in hands[str(actor)])  # the seat's own picture
    assert _found([answer.content, picture.description], other_cards) == []
    view = answer.view
    assert view is not None
    buttons = [item for item in view.children if isinstance(item, ChoiceButton)]
    assert len(buttons) == 2 and len(view.children) == 3  # the choices and the "Full board" button
    assert [b.item.label for b in buttons] == [f"pick {c}" for c in hands[str(actor)]]
    parsed = [parse_custom_id(b.custom_id) for b in buttons]
    table_id, version = host.status(CH).data["table_id"], host.status(CH).version
    assert parsed == [(table_id, version, 0), (table_id, version, 1)]
    # a click plays through Host.choose; the public message tells only the public event
    click = make_interaction(actor)
    run(cmds.tables.choose(click, table_id, version, 1))
    message = assert_accepted(click)
    assert "picked a card." in message.content
    assert _found([message.content, [f.description for f in message.files]], every_card(hands)) == []
    assert f"Your pick: {hands[str(actor)][1]}" in (host.hand(CH, str(actor)).private or "")


def every_card(hands: dict[str, tuple[int, ...]]) -> list[int]:
    return [c for cards in hands.values() for c in cards]


def test_discord_game_hand_while_waiting_and_for_outsiders(store: Store) -> None:
    host = Host(store, render=FunctionRendererDouble(view_alt))
    cmds = Commands(host)
    _discord_cards_table(host)
    assert_refused(cmds.as_user("hand", ANN), "hasn't started")
    assert host.start(CH, str(ANN)).ok
    hands = _hands(host, CH)
    waiting = BOB if to_act_id(host) == ANN else ANN
    hand = cmds.as_user("hand", waiting)
    [answer] = private(hand)
    assert public(hand) == [] and answer.view is None  # not your turn: no buttons
    assert all(str(c) in answer.content for c in hands[str(waiting)])
    assert _found(answer.content, [c for u, cs in hands.items() if u != str(waiting) for c in cs]) == []
    text = assert_refused(cmds.as_user("hand", EVE), "not playing")
    assert _found(text, every_card(hands)) == []
    assert_refused(cmds.as_user("hand", ANN, channel_id=4242), "no game")


def test_discord_move_autocomplete_only_for_the_player_to_act(store: Store) -> None:
    host = Host(store)
    cmds = Commands(host)
    _discord_cards_table(host)
    assert host.start(CH, str(ANN)).ok
    hands = _hands(host, CH)
    actor = to_act_id(host)
    waiting = BOB if actor == ANN else ANN
    for user in (waiting, EVE):
        assert run(cmds.tables.move_autocomplete(make_interaction(user), "")) == []
        assert run(cmds.tables.move_autocomplete(make_interaction(user), "pick")) == []
    offered = run(cmds.tables.move_autocomplete(make_interaction(actor), ""))
    assert [c.value for c in offered] == [f"pick {c}" for c in hands[str(actor)]]


def test_discord_solo_hand_answers_in_a_dm(store: Store) -> None:
    host = Host(store)
    cmds = Commands(host)
    assert host.solo(str(DM_ANN), str(ANN), "Ann", SECRET.name, {"target": 30, "modules": ["cards"]}, 3).ok
    hand = cmds.in_dm("solo hand")
    [answer] = private(hand)
    assert public(hand) == [] and "Your cards:" in answer.content and answer.view is not None
