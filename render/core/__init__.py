"""Game-agnostic rendering toolkit: palette, fonts, drawing primitives, layout helpers.

Nothing here knows a game; ``render/<game>.py`` modules combine these pieces into pictures.
"""

from . import fonts, palette
from .draw import MIN_TEXT, Canvas, LayerCache, clear_caches, fit, line_height, text_width, wrap
from .layout import Layout, Rect

__all__ = [
    "MIN_TEXT",
    "Canvas",
    "LayerCache",
    "Layout",
    "Rect",
    "clear_caches",
    "fit",
    "fonts",
    "line_height",
    "palette",
    "text_width",
    "wrap",
]
