"""Chat pictures of Nippon: Zaibatsu: the turn picture and the final-score picture
(``render/zaibatsu/`` ``turn_card``/``final_card``, laid out by ``render/core/cards.py``) and the
size of the full board's palette PNG.

Positions come from fixed-seed random games replayed the way a host posts them: after every player
move the random draws that follow are applied, and ``last`` carries the move's notation and the
public events of the move and of those draws. No network; nothing depends on the machine but the
fonts (the golden pictures need DejaVu Sans, as every picture test does).
"""

from __future__ import annotations

import copy
import io
import random
from dataclasses import dataclass
from functools import cache
from typing import Any

import pytest
from golden import assert_golden
from PIL import Image

import render
from engine.core import CHANCE, sample_chance
from engine.core.i18n import language, tr
from engine.zaibatsu import GAME
from engine.zaibatsu.badges import opponent_badge, player_badge
from engine.zaibatsu.tables import tables
from render import zaibatsu as rz
from render.core import draw, fonts
from render.core import palette as pal
from render.core.cards import CARD_WIDTH, FOCUS_OUTLINE, MIN_INLINE_CAP, draw_scores, draw_turn, inline_cap
from render.zaibatsu import focus as rz_focus
from render.zaibatsu.colours import player_colour

MODULES = ("modern_factories", "common_goals")
LANGS = ("en", "pl", "ru", "de")


@dataclass(frozen=True)
class Step:
    """A position as a host shows it: the spectator's view and the move that led to it."""

    view: dict[str, Any]
    last: dict[str, Any] | None

    def kinds(self) -> list[str]:
        """Kinds of the mover's own events."""
        if not self.last:
            return []
        return [e["kind"] for e in self.last["events"] if e["seat"] == self.last["seat"]]


def _public(events: list[Any]) -> list[dict[str, Any]]:
    return [{"kind": e.kind, "seat": e.seat, "text": str(tr(e.text)), "data": dict(e.data)} for e in events]


@cache
def game(players: int, seed: int, modules: bool = False, settle: bool = True) -> tuple[Step, ...]:
    """Every position of a seeded random game, the set-up's random draws applied first.

    With ``settle`` false the game stops at the first player move that is followed by a random
    event, which is left pending (the last step)."""
    options: dict[str, Any] = {"players": players, **({"modules": list(MODULES)} if modules else {})}
    state = GAME.setup(options, seed)
    rng = random.Random(seed)
    ply = 0

    def chance(st: Any, last: dict[str, Any] | None) -> Any:
        nonlocal ply
        while GAME.decision(st).seat == CHANCE:
            st, events = GAME.apply(st, sample_chance(GAME, st, seed, ply))
            ply += 1
            if last is not None:
                last["events"] += _public(events)
        return st

    state = chance(state, None)
    steps = [Step(GAME.view(state, None), None)]
    while (d := GAME.decision(state)).seat is not None:
        action = rng.choice(GAME.legal_actions(state))
        last = {"seat": d.seat, "move": GAME.format_action(state, action), "events": []}
        state, events = GAME.apply(state, action)
        ply += 1
        last["events"] += _public(events)
        if not settle and GAME.decision(state).seat == CHANCE:
            steps.append(Step(GAME.view(state, None), last))
            break
        state = chance(state, last)
        steps.append(Step(GAME.view(state, None), last))
    return tuple(steps)


def first(steps: tuple[Step, ...], kind: str, after: int = 0) -> Step:
    """The first position (from index ``after``) whose move made an event of ``kind``."""
    return next(s for s in steps[after:] if kind in s.kinds())


def positions() -> dict[str, Step]:
    """The positions the turn picture is checked on."""
    three = game(3, 2)
    solo = game(1, 5)
    return {
        "start": three[0],
        "hire": first(three, "take"),
        "market": first(three, "market"),
        "factory": first(three, "factory"),
        "consolidation": next(s for s in three if s.last and s.last["move"] == "consolidate"),
        "random_event": game(3, 2, settle=False)[-1],
        "solo": next(s for s in solo[20:] if any(e["kind"] == "automa" for e in s.last["events"])),
        "2p": game(2, 3)[60],
        "4p": game(4, 7)[150],
        "modules": first(game(4, 5, True), "market", 100),
        "scoring": next(s for s in game(4, 5, True) if s.last and any(e["kind"] == "scoring" for e in s.last["events"])
                        and any(sum(v) for v in rz._period_awards(s.view).values())),
        "over": game(3, 5)[-1],
    }


#: The names of :func:`positions` (tests are parametrised by name; the games are played once).
POSITIONS = ("start", "hire", "market", "factory", "consolidation", "random_event", "solo", "2p", "4p", "modules",
             "scoring", "over")


@pytest.fixture(scope="module")
def turn_positions() -> dict[str, Step]:
    found = positions()
    assert tuple(found) == POSITIONS
    return found


def chip_of(view: dict[str, Any], seat: int) -> tuple[pal.RGB, str]:
    colour = rz._seat_colour(view, seat)
    seats = rz._seats(view)
    automa = 0 <= seat < len(seats) and bool(seats[seat].get("automa"))
    badge = opponent_badge() if automa else player_badge(colour)  # Takatoshi: his own badge
    return player_colour(colour), badge


# -- turn picture: sizes --------------------------------------------------------------------------


@pytest.mark.parametrize("name", POSITIONS)
def test_turn_picture_is_legible_landscape_and_small(name: str, turn_positions: dict[str, Step]) -> None:
    step = turn_positions[name]
    card = rz.turn_card(step.view, step.last)
    drawn = draw_turn(card)
    small = [(s.role, s.text, round(inline_cap(s), 1)) for s in drawn.spots if inline_cap(s) < MIN_INLINE_CAP]
    assert small == []
    assert drawn.image.width == CARD_WIDTH == 1100
    assert drawn.image.width / drawn.image.height >= rz.CARD_ASPECT
    png, alt = render.turn("zaibatsu", step.view, step.last)
    img = Image.open(io.BytesIO(png))
    assert len(png) <= 100_000 and img.format == "PNG" and img.mode == "P" and len(img.getcolors(256) or []) <= 256
    assert img.size == drawn.image.size
    assert 0 < len(alt) <= 1000


# -- turn picture: facts --------------------------------------------------------------------------


@pytest.mark.parametrize("name", POSITIONS)
def test_turn_card_scores_actor_and_resources(name: str, turn_positions: dict[str, Step]) -> None:
    view, last = turn_positions[name].view, turn_positions[name].last
    card = rz.turn_card(view, last)
    seats = rz._seats(view)
    assert [(c.colour, c.letters) for c, _vp in card.scores] == [chip_of(view, s) for s in range(len(seats))]
    vps = [p["vp"] for p in view["players"]] + ([view["automa"]["vp"]] if view.get("automa") else [])
    assert [vp for _c, vp in card.scores] == vps
    seat = view["decision"]["seat"]
    if view["over"] or seat is None or seat == CHANCE:
        assert card.actor is None and card.prompt
        who = last["seat"] if last and not view["over"] else None
    else:
        assert (card.actor.colour, card.actor.letters) == chip_of(view, seat)
        assert card.actor.name == rz.player_name(view["players"][seat]["colour"])
        assert card.prompt and not card.prompt.startswith(card.actor.name + ":")  # the band names the player
        who = seat
    if who is None:
        assert card.resources == ()
    else:
        p = view["players"][who]
        got = dict(card.resources)
        assert (card.resources_of.colour, card.resources_of.letters) == chip_of(view, who)
        assert got["Money"] == str(p["money"]) and got["Silk"] == str(p["silk"]) and got["Iron"] == str(p["iron"])
        assert got["Coal"].split()[0] == str(p["coal"])
        assert got["Ships left"] == str(6 - p["ships"]) and got["Trains left"] == str(6 - p["trains"])
    if last is None:
        assert card.last_move == "" and card.focus is None
    else:
        # The move in a few words (its action), not its notation with data ids.
        assert card.last_move == rz.turn.move_headline(last["move"])
        assert (card.last_by.colour, card.last_by.letters) == chip_of(view, last["seat"])


def test_random_event_pending_names_the_event(turn_positions: dict[str, Step]) -> None:
    step = turn_positions["random_event"]
    assert step.view["decision"]["seat"] == CHANCE
    card = rz.turn_card(step.view, step.last)
    assert card.actor is None and card.prompt.startswith("Random event")
    assert card.resources_of is not None and card.last_by == card.resources_of  # the last mover's resources


def test_event_lines_leave_out_bag_draws() -> None:
    step = next(s for s in game(3, 2) if s.last and any(e["kind"] == "draw" for e in s.last["events"]))
    lines = rz.turn_card(step.view, step.last).last_lines
    draws = {e["text"] for e in step.last["events"] if e["kind"] == "draw"}
    assert lines and not draws & set(lines)
    assert lines[0] == next(e["text"] for e in step.last["events"] if e["seat"] == step.last["seat"])


def test_solo_card_shows_takatoshi(turn_positions: dict[str, Step]) -> None:
    step = turn_positions["solo"]
    card = rz.turn_card(step.view, step.last)
    assert [c.name for c, _ in card.scores] == ["Purple", "Takatoshi"]
    assert any(line.startswith("Takatoshi ") for line in card.last_lines)


FOCUS_TITLES = {
    "take": lambda d, who: f"Hiring space {d['space']}",
    "factory": lambda d, who: f"{who}: factory slot {d['slot']}",
    "machine": lambda d, who: f"{who}: factory slot {d['slot']}",
    "market": lambda d, who: f"Market {d['market']} in {tables().region_by_id[tables().market_by_id[d['market']].region].name}",
    "train": lambda d, who: f"Railway slots in {tables().region_by_id[d['region']].name}",
    "ship": lambda d, who: f"Iwakura mission: {tables().dest_by_id[d['destination']].name}",
    "rd": lambda d, who: f"{who}: tracks",
    "mining": lambda d, who: f"{who}: tracks",
    "invest": lambda d, who: f"{who}: tracks",
    "contract": lambda d, who: f"{who}: contracts",
    "draft": lambda d, who: f"{who}: start tiles",
}


@pytest.mark.parametrize("kind", list(FOCUS_TITLES))
def test_focus_is_the_touched_element(kind: str) -> None:
    steps = game(3, 2)
    step = next(s for s in steps if s.kinds()[:1] == [kind] and not any(e["kind"] == "scoring" for e in s.last["events"]))
    event = next(e for e in step.last["events"] if e["kind"] == kind)
    who = rz.player_name(step.view["players"][step.last["seat"]]["colour"])
    card = rz.turn_card(step.view, step.last)
    assert card.focus is not None and card.focus_title == FOCUS_TITLES[kind](event["data"], who)
    # The touched element is outlined (in the drawn picture, before the palette).
    img = draw_turn(card).image
    assert sum(n for n, c in img.getcolors(1 << 16) if c == FOCUS_OUTLINE) > 400


def test_consolidation_has_no_focus_and_scoring_shows_the_awards(turn_positions: dict[str, Step]) -> None:
    step = turn_positions["consolidation"]
    assert not any(e["kind"] == "scoring" for e in step.last["events"])
    card = rz.turn_card(step.view, step.last)
    assert card.focus is None and card.last_move == "Consolidation"
    assert card.last_lines[0].endswith(" consolidates.")
    scoring = rz.turn_card(turn_positions["scoring"].view, turn_positions["scoring"].last)
    assert scoring.focus_title.startswith("Influence scoring, period")
    assert any(line.startswith("Period ") and "scoring" in line for line in scoring.last_lines)


def test_takatoshi_s_railway_is_the_focus_when_the_move_touched_nothing_drawable() -> None:
    step = next(s for s in game(1, 5) if s.last and not {"take", "factory", "machine", "produce", "market", "train",
                                                          "ship", "rd", "mining", "invest", "contract", "draft",
                                                          "old_factory", "white"} & set(s.kinds())
                and any((e["data"].get("turn") or {}).get("result") == "built" for e in s.last["events"])
                and not any(e["kind"] == "scoring" for e in s.last["events"]))
    card = rz.turn_card(step.view, step.last)
    assert card.focus_title.startswith("Railway slots in Region")


# -- final-score picture ------------------------------------------------------------------------


#: Finished games: 2, 3 and 4 players, solo lost (seed 5) and won (seed 13), and both modules.
FINISHED = [(2, 3, False), (3, 5, False), (4, 7, False), (1, 5, False), (1, 13, False), (4, 5, True)]


@pytest.mark.parametrize(("players", "seed", "modules"), FINISHED)
def test_final_rows_sum_to_the_totals_and_the_winner_is_right(players: int, seed: int, modules: bool) -> None:
    view = game(players, seed, modules)[-1].view
    assert view["over"]
    card = rz.final_card(view)
    seats = rz._seats(view)
    assert len(card.players) == len(seats) == len(card.totals)
    for i in range(len(seats)):
        assert sum(v[i] for _label, v in card.rows if isinstance(v[i], int)) == card.totals[i]
    vps = [p["vp"] for p in view["players"]] + ([view["automa"]["vp"]] if view.get("automa") else [])
    assert list(card.totals) == vps
    if players == 1:
        won = view["solo_result"]["won"]
        assert card.winners == ([0] if won else [1])
        assert card.headline.startswith("Purple wins" if won else "Purple loses")
        assert len([n for n in card.notes if n.startswith("Goal (")]) == len(view["automa"]["goals"])
    else:
        best = max(range(players), key=lambda s: (view["players"][s]["vp"], view["players"][s]["last_turn"]))
        assert card.winners == [best]
        assert card.headline == f"{card.players[best].name} wins with {vps[best]} VP"
    # The influence row is the sum of the period scorings.
    influence = dict(card.rows)["Influence scoring"]
    for i in range(len(seats)):
        assert influence[i] == sum(int(r["awards"].get(str(i), 0)) for rec in view["period_log"]
                                   for r in rec["regions"].values())
    png, _alt = render.final("zaibatsu", view)
    img = Image.open(io.BytesIO(png))
    assert len(png) <= 100_000 and img.mode == "P" and img.width == CARD_WIDTH
    assert all(inline_cap(s) >= MIN_INLINE_CAP for s in draw_scores(card).spots)


def _tied(view: dict[str, Any], winner: int, other: int) -> dict[str, Any]:
    """``view`` with ``other`` raised to ``winner``'s score (during the game) and ``winner``
    having taken the last turn later."""
    view = copy.deepcopy(view)
    gap = view["players"][winner]["vp"] - view["players"][other]["vp"]
    view["players"][other]["vp"] += gap
    score = view["scores"][str(other)]
    score["in_game"] += gap
    score["total"] += gap
    view["players"][winner]["last_turn"] = 1000
    view["players"][other]["last_turn"] = 999
    return view


def test_tie_break_takes_the_later_last_turn() -> None:
    view = game(3, 5)[-1].view
    order = sorted(range(3), key=lambda s: -view["players"][s]["vp"])
    assert rz.final_card(view).tie_break == ""
    for winner, other in ((order[0], order[1]), (order[1], order[0])):
        tied = _tied(view, winner, other) if winner == order[0] else _tied(_tied(view, order[0], order[1]), winner, other)
        card = rz.final_card(tied)
        assert card.winners == [winner]
        assert card.totals[winner] == card.totals[other]
        name, loser = card.players[winner].name, card.players[other].name
        assert card.tie_break.startswith(f"Tied at {card.totals[winner]} VP with {loser}: {name} wins")
        assert "last turn later" in card.tie_break and "rulebook" in card.tie_break


# -- the full board -------------------------------------------------------------------------------


def test_full_board_is_a_small_palette_png_with_the_player_colours() -> None:
    steps = game(4, 7)
    for step in [steps[i] for i in range(len(steps) // 3, len(steps), len(steps) // 15)][:10]:
        png = rz.render(step.view)
        img = Image.open(io.BytesIO(png))
        assert len(png) <= 150_000, len(png)
        assert img.format == "PNG" and img.mode == "P"
    # Player colours survive the palette: each panel's colour bar within a few levels, all distinct.
    rgb = img.convert("RGB")
    lay = rz.Shape.of(step.view).layout()
    bars = []
    for seat, p in enumerate(step.view["players"]):
        hdr = lay.parts[f"player:{seat}/header"]
        got, want = rgb.getpixel((hdr.x + 6, hdr.cy)), player_colour(p["colour"])
        assert max(abs(a - b) for a, b in zip(got, want)) <= 32, (p["colour"], got, want)
        bars.append(got)
    assert len(set(bars)) == 4


# -- golden pictures ------------------------------------------------------------------------------


def _needs_dejavu() -> None:
    if fonts.is_fallback(fonts.font(18, "condensed")):
        pytest.skip("DejaVu Sans is not installed: the golden pictures are drawn with it")


def test_golden_turn_picture(turn_positions: dict[str, Step]) -> None:
    _needs_dejavu()
    step = turn_positions["market"]
    assert_golden(draw_turn(rz.turn_card(step.view, step.last)).image, "zaibatsu-turn-market")


def test_golden_final_picture() -> None:
    _needs_dejavu()
    assert_golden(draw_scores(rz.final_card(game(4, 7)[-1].view)).image, "zaibatsu-final-4p")


def test_golden_board() -> None:
    _needs_dejavu()
    assert_golden(rz.render_image(game(4, 7)[200].view), "zaibatsu-board-4p")


# -- every language -------------------------------------------------------------------------------

#: Spots whose text must never be cut (event lines may be: the card marks the rest with " …").
WHOLE = {"title", "status", "prompt", "move", "score", "name", "heading", "focus", "resource", "headline", "row",
         "value", "note"}


@pytest.mark.parametrize("lang", LANGS)
def test_cards_fit_in_every_language(lang: str, turn_positions: dict[str, Step],
                                     monkeypatch: pytest.MonkeyPatch) -> None:
    _needs_dejavu()
    cut: list[str] = []
    real = rz_focus.fit_text  # the focus drawings fit their texts

    def spy(text: str, max_width: int, size: int = 18, style: str = "regular", min_size: int = 18) -> draw.Fitted:
        fitted = real(text, max_width, size, style, min_size)
        if fitted.truncated and size >= rz.FOCUS_TEXT:
            cut.append(text)
        return fitted

    monkeypatch.setattr(rz_focus, "fit_text", spy)
    drawn = []
    with language(lang), draw.overflow_probe() as found:
        for name in ("hire", "market", "factory", "solo", "modules", "scoring", "random_event", "over"):
            step = turn_positions[name]
            card = rz.turn_card(step.view, step.last)
            drawn.append((name, draw_turn(card)))
            assert drawn[-1][1].image.width / drawn[-1][1].image.height >= rz.CARD_ASPECT, (name, lang)
        for players, seed, modules in ((3, 5, False), (1, 13, False), (1, 5, False), (4, 5, True)):
            drawn.append((f"final {players}", draw_scores(rz.final_card(game(players, seed, modules)[-1].view))))
    assert found == [] and cut == []
    problems = [(name, s.role, s.text) for name, d in drawn for s in d.spots
                if s.role in WHOLE and s.text.endswith(draw.ELLIPSIS)]
    assert problems == []
    if lang != "en":  # the words are the language's (names and notation stay)
        step = turn_positions["market"]
        with language(lang):
            card = rz.turn_card(step.view, step.last)
        assert card.focus_title != rz.turn_card(step.view, step.last).focus_title
        assert dict(card.resources) != dict(rz.turn_card(step.view, step.last).resources)
