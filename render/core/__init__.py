"""Game-agnostic rendering toolkit: palette, fonts, drawing primitives, layout helpers.

Nothing here knows a game; the ``render/<game>/`` packages combine these pieces into pictures.
Labels are translated, so bounded texts are fitted (:func:`fit_text`) and every cut is recorded
(:class:`Overflow`, :func:`overflow_probe`) for the tests that check each language.
"""

from . import fonts, palette
from .draw import (
    CONDENSED,
    MIN_TEXT,
    Canvas,
    Fitted,
    LayerCache,
    Overflow,
    clear_caches,
    fit,
    fit_text,
    line_height,
    overflow_probe,
    palette_png,
    png_bytes,
    text_probe,
    text_width,
    wrap,
)
from .layout import Layout, Rect

__all__ = [
    "CONDENSED",
    "MIN_TEXT",
    "Canvas",
    "Fitted",
    "LayerCache",
    "Layout",
    "Overflow",
    "Rect",
    "clear_caches",
    "fit",
    "fit_text",
    "fonts",
    "line_height",
    "overflow_probe",
    "palette",
    "palette_png",
    "png_bytes",
    "text_probe",
    "text_width",
    "wrap",
]
