"""The board picture, its alt text and the terminal text in every language.

Runs against whatever the catalogues hold: with an untranslated catalogue every text falls back to
English (and must still fit); with translations, the picture must change with the language, every
label must still fit its box (no ellipsis, nothing off the picture) and the font must have every
letter. Positions: 2 and 4 players, a draft, a finished 3-player game, solo against Takatoshi and
the two modules (``tests/render/zaibatsu_positions.py``); for Nippon (2015) 2 and 4 players, a
finished 3-player game and a pending random event (``tests/render/nippon_positions.py``).
"""

from __future__ import annotations

import io
import sys
from pathlib import Path
from typing import Any

import pytest
from PIL import Image

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "render"))

from nippon_positions import chance_view, view_at  # noqa: E402
from zaibatsu_positions import play  # noqa: E402

from engine.core import i18n  # noqa: E402
from engine.nippon.words import DOMAIN as NIPPON_DOMAIN  # noqa: E402
from engine.zaibatsu.words import DOMAIN  # noqa: E402
from render import nippon as rn  # noqa: E402
from render import zaibatsu as rz  # noqa: E402

#: Every picture in every language: long (each language renders whole positions); the whole-game
#: language tests and the renderers' own tests cover the short loop.
pytestmark = pytest.mark.slow
from render.core import draw, fonts  # noqa: E402

LANGS = ("en", "pl", "ru", "de")
POSITIONS: dict[str, tuple[Any, int, int, int | None]] = {
    "2p": (2, 3, 250, None),
    "4p": (4, 7, 300, 0),
    "draft": (4, 11, 1, None),
    "over": (3, 5, 100_000, None),
    "solo": ({"players": 1}, 5, 150, 0),
    "solo_over": ({"players": 1, "difficulty": "hard"}, 5, 100_000, 0),
    "modules": ({"players": 4, "modules": ["modern_factories", "common_goals"]}, 5, 200, None),
}


@pytest.fixture(scope="module")
def views() -> dict[str, dict[str, Any]]:
    return {name: play(p, seed, plies, viewer=viewer) for name, (p, seed, plies, viewer) in POSITIONS.items()}


@pytest.fixture(scope="module")
def pictures(views: dict[str, dict[str, Any]]) -> dict[tuple[str, str], tuple[bytes, list[draw.Overflow], str]]:
    """``(png, overflows, alt text)`` of every position in every language (static layers redrawn)."""
    out = {}
    for lang in LANGS:
        with i18n.language(lang):
            for name, view in views.items():
                rz.clear_cache()
                with draw.overflow_probe() as found:
                    png = rz.render(view)
                out[(lang, name)] = (png, list(found), rz.alt_text(view))
    rz.clear_cache()
    return out


def _needs_dejavu() -> None:
    if fonts.is_fallback(fonts.font(18, "condensed")):
        pytest.skip("DejaVu Sans is not installed: widths and glyphs of the fallback font differ")


def _translated(lang: str, msgid: str, context: str | None = None) -> bool:
    """True when the catalogue of ``lang`` has a translation for the id."""
    if lang == "en":
        return False
    _translations, known = i18n._load(DOMAIN.name, lang)
    return (context, msgid) in known


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.slow
def test_no_label_is_cut_or_runs_off_the_picture(lang: str, pictures: dict[Any, Any]) -> None:
    _needs_dejavu()
    problems = [f"{name}: {o.text!r} needs {o.width} px, has {o.room}"
                for (lg, name), (_png, found, _alt) in pictures.items() if lg == lang for o in found]
    assert problems == [], "\n".join(problems)


@pytest.mark.parametrize("lang", LANGS)
def test_pictures_are_pngs_of_the_english_size(lang: str, pictures: dict[Any, Any]) -> None:
    for name in POSITIONS:
        png, _found, _alt = pictures[(lang, name)]
        english = Image.open(io.BytesIO(pictures[("en", name)][0]))
        img = Image.open(io.BytesIO(png))
        assert img.format == "PNG" and img.size == english.size  # geometry never depends on words


@pytest.mark.parametrize("lang", ["pl", "ru", "de"])
def test_picture_and_alt_text_change_with_the_language(lang: str, pictures: dict[Any, Any]) -> None:
    if not _translated(lang, "Hiring spaces (actions · workers)"):
        pytest.skip(f"the {lang} catalogue has no translations yet")
    for name in POSITIONS:
        png, _found, alt = pictures[(lang, name)]
        english_png, _f, english_alt = pictures[("en", name)]
        assert png != english_png, name
        assert alt != english_alt, name


@pytest.mark.parametrize("lang", LANGS)
def test_alt_text_is_one_paragraph_within_discords_limit(lang: str, pictures: dict[Any, Any],
                                                         views: dict[str, dict[str, Any]]) -> None:
    for name, view in views.items():
        alt = pictures[(lang, name)][2]
        assert 0 < len(alt) <= 1000 and "\n" not in alt and "{" not in alt, (name, alt)
        with i18n.language(lang):
            names = [rz.player_name(p["colour"]) for p in view["players"]]
        assert all(n in alt for n in names), (name, alt)


@pytest.mark.parametrize("lang", ["pl", "ru", "de"])
def test_font_has_every_letter_of_the_catalogue(lang: str) -> None:
    """No translated text of the game comes out as boxes: DejaVu draws all of its letters."""
    _font_covers_the_catalogue(lang, DOMAIN)


def _font_covers_the_catalogue(lang: str, domain: Any) -> None:
    if fonts.find_font_file("DejaVuSans.ttf") is None:
        pytest.skip("DejaVu Sans is not installed")
    from babel.messages.pofile import read_po

    path = domain.directory / lang / "LC_MESSAGES" / f"{domain.name}.po"
    if not path.is_file():
        pytest.skip(f"no {lang} catalogue")
    with path.open("rb") as fh:
        catalog = read_po(fh, locale=lang)
    letters = {ch for m in catalog if m.id
               for s in (m.string if isinstance(m.string, tuple) else (m.string,)) if s for ch in s}
    letters |= set({"pl": "ąęłńóśźżĄĘŁŃÓŚŹŻ", "ru": "абвгдеёжзийклмнопрстуфхцчшщъыьэюяЁЖЯ", "de": "äöüßÄÖÜ"}[lang])
    for style in ("regular", "bold", "condensed", "condensed_bold"):
        missing = [ch for ch in sorted(letters) if not ch.isspace() and not fonts.covers(ch, 18, style)]
        assert missing == [], (style, missing)


@pytest.mark.parametrize("lang", ["pl", "ru", "de"])
def test_nippon_font_has_every_letter_of_the_catalogue(lang: str) -> None:
    _font_covers_the_catalogue(lang, NIPPON_DOMAIN)


@pytest.mark.parametrize("lang", LANGS)
def test_text_is_never_smaller_than_18px(lang: str, views: dict[str, dict[str, Any]],
                                         monkeypatch: pytest.MonkeyPatch) -> None:
    sizes: list[int] = []
    real = draw._text_sprite.__wrapped__

    def spy(text: str, size: int, style: str, fill: Any, *rest: Any) -> Image.Image:
        sizes.append(size)
        return real(text, size, style, fill, *rest)

    rz.clear_cache()
    monkeypatch.setattr(draw, "_text_sprite", spy)
    with i18n.language(lang):
        rz.render(views["4p"])
        rz.render(views["solo"])
    monkeypatch.undo()
    rz.clear_cache()
    assert sizes and min(sizes) >= draw.MIN_TEXT


@pytest.mark.parametrize("lang", LANGS)
def test_terminal_text_in_every_language(lang: str) -> None:
    import random

    from engine.core import CHANCE, sample_chance
    from engine.zaibatsu import GAME

    for options in ({"players": 3}, {"players": 1, "difficulty": "hard"}):
        state = GAME.setup(options, 4)
        rng = random.Random(4)
        for ply in range(160):
            d = GAME.decision(state)
            if d.seat is None:
                break
            action = sample_chance(GAME, state, 4, ply) if d.seat == CHANCE else rng.choice(GAME.legal_actions(state))
            state, _ = GAME.apply(state, action)
        with i18n.language(lang):
            text = GAME.text(state, 0)
        with i18n.language("en"):
            english = GAME.text(state, 0)
        assert text.startswith("== Nippon: Zaibatsu") and "\n>> " in text and "{" not in text
        if lang == "en" or not _translated(lang, "Hiring spaces:"):
            assert text.splitlines()[1] == english.splitlines()[1]
        else:
            assert text.splitlines()[1] != "Hiring spaces:"


def test_render_functions_take_the_language(views: dict[str, dict[str, Any]]) -> None:
    import render

    view = views["2p"]
    for lang in LANGS:
        with i18n.language(lang):
            want = rz.alt_text(view)
        assert render.alt_text("zaibatsu", view, lang) == want
        png, alt = render.picture("zaibatsu", view, lang)
        assert alt == want and png.startswith(b"\x89PNG")
    assert i18n.current() == "en"


# -- Nippon (2015) ---------------------------------------------------------------------------------

NIPPON_POSITIONS: dict[str, tuple[int, int, int, int | None]] = {
    "2p": (2, 3, 150, None),
    "4p": (4, 7, 250, 0),
    "over": (3, 5, 100_000, None),
}


@pytest.fixture(scope="module")
def nippon_views() -> dict[str, dict[str, Any]]:
    views = {name: view_at(p, seed, plies, viewer=viewer) for name, (p, seed, plies, viewer) in NIPPON_POSITIONS.items()}
    views["chance"] = chance_view(4, 2)
    return views


@pytest.fixture(scope="module")
def nippon_pictures(nippon_views: dict[str, dict[str, Any]]) -> dict[tuple[str, str], tuple[bytes, list[Any], str]]:
    """``(png, overflows, alt text)`` of every Nippon position in every language (static layers redrawn)."""
    out = {}
    for lang in LANGS:
        with i18n.language(lang):
            for name, view in nippon_views.items():
                rn.clear_cache()
                with draw.overflow_probe() as found:
                    png = rn.render(view)
                out[(lang, name)] = (png, list(found), rn.alt_text(view))
    rn.clear_cache()
    return out


def _nippon_translated(lang: str, msgid: str) -> bool:
    if lang == "en":
        return False
    _translations, known = i18n._load(NIPPON_DOMAIN.name, lang)
    return (None, msgid) in known


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.slow
def test_nippon_no_label_is_cut_or_runs_off_the_picture(lang: str, nippon_pictures: dict[Any, Any]) -> None:
    _needs_dejavu()
    problems = [f"{name}: {o.text!r} needs {o.width} px, has {o.room}"
                for (lg, name), (_png, found, _alt) in nippon_pictures.items() if lg == lang for o in found]
    assert problems == [], "\n".join(problems)


@pytest.mark.parametrize("lang", LANGS)
def test_nippon_pictures_keep_the_english_size_and_name_every_player(
        lang: str, nippon_pictures: dict[Any, Any], nippon_views: dict[str, dict[str, Any]]) -> None:
    for name, view in nippon_views.items():
        png, _found, alt = nippon_pictures[(lang, name)]
        english = Image.open(io.BytesIO(nippon_pictures[("en", name)][0]))
        img = Image.open(io.BytesIO(png))
        assert img.format == "PNG" and img.size == english.size, name
        assert 0 < len(alt) <= rn.ALT_TEXT_LIMIT and "\n" not in alt and "{" not in alt, (name, alt)
        with i18n.language(lang):
            assert all(rn.player_name(p["colour"]) in alt for p in view["players"]), (name, alt)


@pytest.mark.parametrize("lang", ["pl", "ru", "de"])
def test_nippon_picture_and_alt_text_change_with_the_language(lang: str, nippon_pictures: dict[Any, Any]) -> None:
    if not _nippon_translated(lang, "Action spaces (actions · workers)"):
        pytest.skip(f"the {lang} nippon catalogue has no translations yet")
    for name in (*NIPPON_POSITIONS, "chance"):
        png, _found, alt = nippon_pictures[(lang, name)]
        english_png, _f, english_alt = nippon_pictures[("en", name)]
        assert png != english_png, name
        assert alt != english_alt, name
