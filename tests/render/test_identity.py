"""Unmistakable identity: badges, legends and the palette of the three games (docs/colours.md).

* Every badge or abbreviation a game's legends explain (players, Takatoshi, the neutral pieces,
  workers, goods; Yokohama's resource icons, country codes and station token) differs from every
  other in each language, also when a Cyrillic letter looks like a Latin one (``Р``/``P``).
* The legends drawn on the boards print those badges, and the pictures and the text use them.
* Takatoshi has one badge everywhere: on the board, the turn picture, the text and the legend.
* The colours of each picture keep the documented CIEDE2000 minimums in normal vision and in
  deuteranopia, protanopia and tritanopia simulations, and still read as their names.
"""

from __future__ import annotations

import random
import re
from typing import Any

import pytest
from coloraide import Color
from zaibatsu_positions import play

import render
from engine.core import CHANCE, sample_chance
from engine.core.i18n import language, tr
from engine.nippon import GAME as NIPPON
from engine.nippon import badges as nb
from engine.nippon.text import GOODS_SHORT as NIPPON_GOODS_TEXT
from engine.yokohama import GAME as YOKOHAMA
from engine.yokohama import badges as yb
from engine.zaibatsu import GAME as ZAIBATSU
from engine.zaibatsu import badges as zb
from engine.zaibatsu.text import GOODS_SHORT as ZAIBATSU_GOODS
from render import nippon as rn
from render import yokohama as ry
from render import zaibatsu as rz
from render.nippon import colours as nc
from render.yokohama.labels import STATION_LETTER
from render.zaibatsu import colours as zc
from tests.render.nippon_positions import view_at
from tests.tools.colour_table import MINIMUM, VISIONS, distances, game_colours, games, pairs

LANGS = ("en", "pl", "ru", "de")

#: Cyrillic letters that look like Latin ones, folded onto them before badges are compared.
LOOKALIKE = str.maketrans("авекмнорстухё", "abekmhopctyxe")


def _same(text: str) -> str:
    """A badge as a reader may take it: case and look-alike letters ignored."""
    return text.strip().casefold().translate(LOOKALIKE)


def _terms(terms: Any) -> list[str]:
    return [str(tr(t)) for t in terms]


def legend_entries(game: str) -> dict[str, str]:
    """Every badge and abbreviation of a game's legends in the current language, by what it stands for."""
    out: dict[str, str] = {}
    if game == "zaibatsu":
        out |= {f"player {c}": zb.player_badge(c) for c in zb.PLAYER_BADGES}
        out["Takatoshi"] = zb.opponent_badge()
        out |= {f"worker {c}": zb.worker_badge(c) for c in zb.WORKER_BADGES}
        out |= {f"goods {g}": str(tr(t)) for g, t in ZAIBATSU_GOODS.items()}
    elif game == "nippon":
        out |= {f"player {c}": nb.player_badge(c) for c in nb.PLAYER_BADGES}
        out |= {f"worker {c}": nb.worker_badge(c) for c in nb.WORKER_BADGES}
        out |= {f"goods {g}": str(tr(t)) for g, t in NIPPON_GOODS_TEXT.items()}
    else:
        out |= {f"player {c}": yb.player_badge(c) for c in yb.PLAYER_BADGES}
        out["neutral"] = yb.neutral_badge()
        out |= {f"icon {k}": str(tr(t)) for k, t in ry.ICON_SHORT.items()}
        out |= {f"country {k}": str(tr(t)) for k, t in ry.COUNTRY_SHORT.items()}
        out["station"] = str(tr(STATION_LETTER))
    return out


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("game", ["zaibatsu", "nippon", "yokohama"])
def test_every_badge_of_a_legend_is_unique(game: str, lang: str) -> None:
    with language(lang):
        entries = legend_entries(game)
    assert all(text.strip() for text in entries.values()), entries
    seen: dict[str, str] = {}
    for what, text in entries.items():
        other = seen.setdefault(_same(text), what)
        assert other == what, f"{game} {lang}: {what} and {other} are both {text!r}"


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("module", [zb, nb, yb])
def test_player_badges_are_two_letters_of_their_language(module: Any, lang: str) -> None:
    """Two letters, so a badge never reads as a worker's single letter; localised (no English
    initials in Polish or Russian); a Red player's badge is never the red worker's letter."""
    with language(lang):
        badges = {c: module.player_badge(c) for c in module.PLAYER_BADGES}
        workers = {c: module.worker_badge(c) for c in getattr(module, "WORKER_BADGES", {})}
    assert all(len(b) == 2 and b.isalpha() for b in badges.values()), badges
    if lang == "ru":
        assert all(re.fullmatch(r"[А-Яа-яЁё]+", b) for b in [*badges.values(), *workers.values()])
    for colour, badge in badges.items():
        assert _same(badge) not in {_same(w) for w in workers.values()}, (colour, badge)


def test_the_reported_collisions_are_gone() -> None:
    """Zaibatsu's grey worker and Green player, Nippon's red worker and Red player, Yokohama's
    Pink and Purple: each pair reads differently in every language."""
    for lang in LANGS:
        with language(lang):
            assert zb.worker_badge("grey") != zb.player_badge("green")
            assert nb.worker_badge("red") != nb.player_badge("red")
            assert nb.worker_badge("yellow") != nb.player_badge("yellow")
            assert _same(yb.player_badge("pink")) != _same(yb.player_badge("purple"))
    with language("pl"):
        assert [zb.player_badge(c) for c in ("purple", "green", "orange", "pink")] == ["Fi", "Zi", "Po", "Ró"]
    with language("ru"):
        assert yb.player_badge("purple") == "Фи" and zb.opponent_badge() == "Ав"


# -- the drawn legends and pieces -----------------------------------------------------------------


def _yokohama_view(players: int, seed: int, plies: int) -> dict[str, Any]:
    state = YOKOHAMA.setup({"players": players}, seed)
    rng = random.Random(seed)
    for ply in range(plies):
        d = YOKOHAMA.decision(state)
        if d.seat is None:
            break
        move = sample_chance(YOKOHAMA, state, seed, ply) if d.seat == CHANCE else rng.choice(
            YOKOHAMA.legal_actions(state))
        state, _events = YOKOHAMA.apply(state, move)
    return YOKOHAMA.view(state, None)


@pytest.fixture(scope="module")
def views() -> dict[str, dict[str, Any]]:
    return {"zaibatsu": play(4, 7, 300), "nippon": view_at(4, 7, 200), "yokohama": _yokohama_view(2, 3, 80),
            "solo": play({"players": 1, "difficulty": "medium"}, 5, 120)}


def _clear() -> None:
    """Forget the static layers (drawn again, so the spy sees their texts) but not the sprite caches
    (the spy of ``drawn_texts`` replaced them)."""
    from render.nippon.layout import _LAYERS as nippon_layers
    from render.yokohama.layout import _LAYERS as yokohama_layers
    from render.yokohama.layout import _MAPS as yokohama_maps
    from render.zaibatsu.layout import _LAYERS as zaibatsu_layers

    for layers in (zaibatsu_layers, nippon_layers, yokohama_layers, yokohama_maps):
        layers.clear()


#: Drawing three boards with every cache cleared takes about 5 s per language: Russian stays in the
#: quick suite, the other languages run with the long tests.
SLOW_LANGS = [lang if lang == "ru" else pytest.param(lang, marks=pytest.mark.slow) for lang in LANGS]


@pytest.mark.parametrize("lang", SLOW_LANGS)
def test_the_drawn_legends_explain_the_badges(views: dict[str, dict[str, Any]], drawn_texts: list[str],
                                              lang: str) -> None:
    _clear()
    for game in ("zaibatsu", "nippon", "yokohama"):
        drawn_texts.clear()
        render.render(game, views[game], lang=lang)
        legend = " | ".join(drawn_texts)
        with language(lang):
            if game == "zaibatsu":
                expected = [f"{zb.player_badge(c)} {rz.player_name(c)}" for c in ("purple", "green", "orange", "pink")]
                workers = [zb.worker_badge(w) for w in zb.WORKER_BADGES]
            elif game == "nippon":
                expected = [f"{nb.player_badge(c)} {rn.player_name(c)}" for c in ("yellow", "red", "purple", "blue")]
                workers = [nb.worker_badge(w) for w in nb.WORKER_BADGES]
            else:
                expected = [f"{yb.player_badge(c)} {ry.player_name(c)}" for c in ("blue", "pink")]
                expected.append(yb.neutral_badge())
                workers = []
        for text in expected:
            assert text in legend, (game, lang, text)
        for letter in workers:
            assert f"{letter} " in legend, (game, lang, letter)
        # The players' pieces carry their badges (influence, tokens, panel headers).
        with language(lang):
            badge = {"zaibatsu": zb.player_badge("purple"), "nippon": nb.player_badge("purple"),
                     "yokohama": yb.player_badge("blue")}[game]
        assert badge in drawn_texts, (game, lang)
    _clear()


# -- Takatoshi: one badge everywhere --------------------------------------------------------------


@pytest.mark.parametrize("lang", SLOW_LANGS)
def test_takatoshi_has_one_badge_everywhere(views: dict[str, dict[str, Any]], drawn_texts: list[str],
                                            lang: str) -> None:
    view = views["solo"]
    _clear()
    render.render("zaibatsu", view, lang=lang)
    board = list(drawn_texts)
    with language(lang):
        mine, green, purple = zb.opponent_badge(), zb.player_badge("green"), zb.player_badge("purple")
        card = rz.turn_card(view, None)
        chips = {chip.letters for chip, _score in card.scores}
    assert mine in board, (lang, mine)
    # his colour is green, but nothing of his reads as a Green player's piece
    assert not [t for t in board if re.fullmatch(re.escape(green) + r"\d*", t)], lang
    assert any(re.fullmatch(re.escape(mine) + r"\d+", t) for t in board), lang  # his tokens on the markets
    assert chips == {purple, mine}
    state = _solo_state()
    with language(lang):
        text = ZAIBATSU.text(state, 0)
    assert f"({mine})" in text and f"({green})" not in text, lang
    _clear()


def _solo_state() -> Any:
    state = ZAIBATSU.setup({"players": 1, "difficulty": "medium"}, 5)
    rng = random.Random(5)
    for ply in range(120):
        d = ZAIBATSU.decision(state)
        if d.seat is None:
            break
        move = sample_chance(ZAIBATSU, state, 5, ply) if d.seat == CHANCE else rng.choice(ZAIBATSU.legal_actions(state))
        state, _events = ZAIBATSU.apply(state, move)
    return state


# -- the text uses the badges ---------------------------------------------------------------------


@pytest.mark.parametrize("lang", LANGS)
def test_the_texts_print_the_badges(lang: str) -> None:
    state = ZAIBATSU.setup({"players": 4}, 7)
    rng = random.Random(7)
    for ply in range(300):
        d = ZAIBATSU.decision(state)
        move = sample_chance(ZAIBATSU, state, 7, ply) if d.seat == CHANCE else rng.choice(ZAIBATSU.legal_actions(state))
        state, _events = ZAIBATSU.apply(state, move)
    with language(lang):
        text = ZAIBATSU.text(state, None)
        badges = {zb.player_badge(c) for c in ("purple", "green", "orange", "pink")}
    regions = [line for line in text.splitlines() if re.match(r"  R\d ", line)]
    trains = [s for line in regions for s in re.search(r"\[([^\]]*)\]", line).group(1).split(",") if s != "."]
    assert trains and set(trains) <= badges, (lang, trains)
    for badge in badges:
        assert f"({badge})" in text
    nstate = NIPPON.setup({"players": 2}, 3)
    with language(lang):
        ntext = NIPPON.text(nstate, None)
        for colour in ("yellow", "red"):
            assert f"({nb.player_badge(colour)})" in ntext


# -- the palette ----------------------------------------------------------------------------------


def test_the_colour_games_are_found() -> None:
    assert set(games()) >= {"zaibatsu", "nippon", "yokohama"}


@pytest.mark.parametrize("game", games())
def test_every_pair_keeps_its_minimum_distance(game: str) -> None:
    """CIEDE2000 in normal vision and the three simulations, at least the documented minimum."""
    found = pairs(game)
    assert {p.kind for p in found} >= {"player–player"}
    low = [(p.a, p.b, p.kind, [round(d, 1) for d in p.distances]) for p in found if p.margin() < 0]
    assert not low, low


def test_the_minimums_are_the_documented_ones() -> None:
    assert MINIMUM["player–player"] == (20, 20, 20, 20)
    assert min(MINIMUM["player–worker"]) >= 15 and MINIMUM["player–worker"][0] == 20
    assert VISIONS == ("normal", "deutan", "protan", "tritan")


def test_the_old_collisions_are_far_apart_now() -> None:
    """Green and grey, Blue and Purple were nearly the same colour in a deuteranopia simulation."""
    d = distances(zc.PLAYER_RGB["green"], zc.WORKER_RGB["grey"])
    assert min(d) >= 15
    d = distances(nc.PLAYER_RGB["purple"], nc.PLAYER_RGB["blue"])
    assert min(d) >= 20
    d = distances(nc.PLAYER_RGB["purple"], nc.WORKER_RGB["blue"])
    assert min(d) >= 15


#: OKLCh hue range (degrees) and lightness range each colour name must keep to read as its name.
NAMES: dict[str, tuple[float, float, float, float]] = {
    "red": (20, 45, 0.4, 0.7), "orange": (55, 85, 0.65, 0.88), "yellow": (90, 115, 0.84, 1.0),
    "green": (130, 175, 0.35, 0.8), "blue": (235, 270, 0.25, 0.65), "purple": (280, 320, 0.3, 0.7),
    "pink": (335, 375, 0.55, 0.9),
}


def _named_colours() -> list[tuple[str, str, tuple[int, int, int]]]:
    """``(game, name, rgb)`` of every player and worker colour each game's pictures draw."""
    out = []
    for game in games():
        players, workers = game_colours(game)
        out += [(game, name, rgb) for name, rgb in [*players.items(), *workers.items()] if name != "neutral"]
    return out


@pytest.mark.parametrize("game", games())
def test_each_game_ships_distinct_player_colours(game: str) -> None:
    players, _workers = game_colours(game)
    assert len(set(players.values())) == len(players) >= 2


@pytest.mark.parametrize(("game", "colour", "rgb"), _named_colours())
def test_colours_read_as_their_names(game: str, colour: str, rgb: tuple[int, int, int]) -> None:
    lightness, chroma, hue = Color("srgb", [v / 255 for v in rgb]).convert("oklch").coords()
    if colour in NAMES:
        lo, hi, lmin, lmax = NAMES[colour]
        hue = hue + 360 if hue < lo else hue
        assert lo <= hue <= hi and lmin <= lightness <= lmax and chroma > 0.1, (colour, rgb)
    elif colour == "black":
        assert lightness < 0.1
    elif colour == "white":
        assert lightness > 0.98
    else:  # grey
        assert chroma < 0.01 and 0.45 < lightness < 0.85, (colour, rgb)
