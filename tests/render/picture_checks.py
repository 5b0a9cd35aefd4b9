"""Checks shared by the picture tests of every game (imported like ``zaibatsu_positions``)."""

from __future__ import annotations

import io
from types import ModuleType
from typing import Any

import pytest
from PIL import Image

from engine.core import i18n
from render.core import Rect

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


def png_image(png: bytes) -> Image.Image:
    """An encoded picture as an RGB image."""
    return Image.open(io.BytesIO(png)).convert("RGB")


def check_png(png: bytes, size: tuple[int, int]) -> Image.Image:
    """Assert that ``png`` is an RGB PNG of ``size`` under 1 MB; returns the opened picture."""
    assert png.startswith(PNG_SIGNATURE)
    assert len(png) < 1_000_000
    img = Image.open(io.BytesIO(png))
    assert img.format == "PNG" and img.mode == "RGB"
    assert img.size == size
    return img


def count_colour(img: Image.Image, rect: Rect, colour: tuple[int, int, int]) -> int:
    """Pixels of exactly ``colour`` inside ``rect``."""
    crop = img.crop((rect.x, rect.y, rect.x2, rect.y2))
    return sum(n for n, c in crop.getcolors(maxcolors=1 << 16) or [] if c == colour)


def shouted_polish(renderer: ModuleType, view: dict[str, Any],
                   monkeypatch: pytest.MonkeyPatch) -> tuple[Image.Image, Image.Image, str, Image.Image]:
    """``(english, polish, polish alt text, english again)`` pictures of ``view`` by ``renderer``
    (a game's picture module), where "Polish" is every English text in capitals: a picture in
    another language must never reuse the cached static layers of an English one."""
    real = i18n._lookup

    def shouting(domain: str, lang: str, msgid: str, *rest: Any) -> str:
        text = real(domain, "en", msgid, *rest)
        return text.upper() if lang == "pl" else real(domain, lang, msgid, *rest)

    renderer.clear_cache()
    english = png_image(renderer.render(view))
    monkeypatch.setattr(i18n, "_lookup", shouting)
    with i18n.language("pl"):
        polish = png_image(renderer.render(view))
        alt = renderer.alt_text(view)
    again = png_image(renderer.render(view))
    monkeypatch.undo()
    renderer.clear_cache()
    return english, polish, alt, again
