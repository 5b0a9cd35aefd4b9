"""Layout helpers: integer pixel rectangles, splitting, and a named layout that can check itself."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field


@dataclass(frozen=True, slots=True)
class Rect:
    """An axis-aligned rectangle in pixels: top-left ``(x, y)``, size ``w`` × ``h`` (exclusive end)."""

    x: int
    y: int
    w: int
    h: int

    @property
    def x2(self) -> int:
        """Right edge (exclusive)."""
        return self.x + self.w

    @property
    def y2(self) -> int:
        """Bottom edge (exclusive)."""
        return self.y + self.h

    @property
    def cx(self) -> int:
        """Horizontal centre."""
        return self.x + self.w // 2

    @property
    def cy(self) -> int:
        """Vertical centre."""
        return self.y + self.h // 2

    @property
    def box(self) -> tuple[int, int, int, int]:
        """``(x0, y0, x1, y1)`` with inclusive ``x1, y1`` as Pillow's drawing calls expect."""
        return (self.x, self.y, self.x2 - 1, self.y2 - 1)

    def inset(self, dx: int, dy: int | None = None) -> Rect:
        """The rectangle shrunk by ``dx`` left/right and ``dy`` (default ``dx``) top/bottom."""
        dy = dx if dy is None else dy
        return Rect(self.x + dx, self.y + dy, max(0, self.w - 2 * dx), max(0, self.h - 2 * dy))

    def take_top(self, h: int) -> tuple[Rect, Rect]:
        """Split into the top ``h`` pixels and the rest."""
        h = min(h, self.h)
        return Rect(self.x, self.y, self.w, h), Rect(self.x, self.y + h, self.w, self.h - h)

    def take_left(self, w: int) -> tuple[Rect, Rect]:
        """Split into the left ``w`` pixels and the rest."""
        w = min(w, self.w)
        return Rect(self.x, self.y, w, self.h), Rect(self.x + w, self.y, self.w - w, self.h)

    def columns(self, n: int, gap: int = 0) -> list[Rect]:
        """``n`` equal columns separated by ``gap`` pixels (left-over pixels go to the last)."""
        return self.split_widths([1] * n, gap)

    def rows(self, n: int, gap: int = 0) -> list[Rect]:
        """``n`` equal rows separated by ``gap`` pixels (left-over pixels go to the last)."""
        total = self.h - gap * (n - 1)
        each = total // n
        out = []
        y = self.y
        for i in range(n):
            h = each if i < n - 1 else self.y2 - y
            out.append(Rect(self.x, y, self.w, h))
            y += h + gap
        return out

    def split_widths(self, weights: Sequence[float], gap: int = 0) -> list[Rect]:
        """Columns with widths proportional to ``weights``, separated by ``gap`` pixels."""
        total = self.w - gap * (len(weights) - 1)
        s = float(sum(weights))
        out = []
        x = self.x
        for i, wgt in enumerate(weights):
            w = int(total * wgt / s) if i < len(weights) - 1 else self.x2 - x
            out.append(Rect(x, self.y, w, self.h))
            x += w + gap
        return out

    def contains(self, other: Rect) -> bool:
        """True when ``other`` lies entirely inside this rectangle."""
        return self.x <= other.x and self.y <= other.y and other.x2 <= self.x2 and other.y2 <= self.y2

    def overlaps(self, other: Rect) -> bool:
        """True when the two rectangles share at least one pixel."""
        return self.x < other.x2 and other.x < self.x2 and self.y < other.y2 and other.y < self.y2


@dataclass
class Layout:
    """Named rectangles of one picture of ``width`` × ``height`` pixels.

    ``panels`` holds the top-level panels (they must not overlap); ``parts`` holds finer
    rectangles inside them (cells, slots), keyed ``"panel/part"``.
    """

    width: int
    height: int
    panels: dict[str, Rect] = field(default_factory=dict)
    parts: dict[str, Rect] = field(default_factory=dict)

    def add(self, name: str, rect: Rect) -> Rect:
        """Register a top-level panel and return it."""
        self.panels[name] = rect
        return rect

    def part(self, name: str, rect: Rect) -> Rect:
        """Register a rectangle inside a panel and return it."""
        self.parts[name] = rect
        return rect

    def __iter__(self) -> Iterator[tuple[str, Rect]]:
        return iter(self.panels.items())

    def problems(self) -> list[str]:
        """Panels outside the picture or overlapping each other (empty list = a sound layout)."""
        out = []
        frame = Rect(0, 0, self.width, self.height)
        items = list(self.panels.items())
        for name, r in items:
            if not frame.contains(r):
                out.append(f"{name} {r} is outside the {self.width}x{self.height} picture")
        for i, (a, ra) in enumerate(items):
            for b, rb in items[i + 1:]:
                if ra.overlaps(rb):
                    out.append(f"{a} overlaps {b}")
        return out
