"""The story chart of a finished game: every player's victory points turn by turn above their
winning chances, the three turns that changed the chances most marked ①②③ and told in one line
each below (from :class:`engine.core.story.Story`).

Drawn with matplotlib's Agg canvas (no display, no pyplot state) :data:`WIDTH` px wide, twice Discord's inline
width, with every text at least :data:`MIN_TEXT_PX` px so it stays readable at 550 px; each player
has a colour *and* a marker shape, so the lines can be told apart without colour vision. The PNG
is palette-quantised to stay well under :data:`MAX_BYTES`.
"""

from __future__ import annotations

import io
import textwrap
from collections.abc import Sequence
from dataclasses import dataclass

from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.figure import Figure
from matplotlib.ticker import FuncFormatter, MaxNLocator
from PIL import Image

from engine.core.story import Story

from .cards import _
from .palette import RGB

#: Width of the chart (pixels): twice Discord's inline width.
WIDTH = 1100
#: Resolution: one point is 100/72 px.
DPI = 100
#: Smallest text on the chart (pixels), 11 px once Discord halves it.
MIN_TEXT_PX = 22
#: The largest PNG the chart may be (bytes).
MAX_BYTES = 150_000
#: Marker shapes by seat: a second cue beside the colour.
MARKERS = ("o", "s", "^", "D", "v", "P")
#: The circled numbers that mark the turning points.
CIRCLED = ("①", "②", "③", "④", "⑤")


@dataclass(frozen=True)
class StorySeat:
    """How one seat appears on the chart: ``name`` (e.g. "Purple"), its line ``colour``."""

    name: str
    colour: RGB


def _pt(px: float) -> float:
    """Pixels to points at :data:`DPI`."""
    return px * 72 / DPI


def _rgb(c: RGB) -> tuple[float, float, float]:
    return (c[0] / 255, c[1] / 255, c[2] / 255)


def _edge(c: RGB) -> tuple[float, float, float]:
    """A dark outline for light colours (yellow, white) so their lines stay visible on white."""
    light = 0.299 * c[0] + 0.587 * c[1] + 0.114 * c[2] > 170
    return (0.25, 0.25, 0.25) if light else _rgb(c)


def story_png(story: Story, seats: Sequence[StorySeat], *, title: str, marks: Sequence[str],
              x_label: str | None = None) -> bytes:
    """The chart as PNG bytes (≤ :data:`MAX_BYTES`).

    ``seats`` gives every seat's name and colour (``len(seats) == story.seats``); ``title`` heads
    the chart; ``marks`` are the turning points' one-line stories, in the order of
    ``story.turning``; ``x_label`` names the horizontal axis (default: "Turn" in the current
    language). All texts are already in the reader's language. With one seat (a solo game) only
    the victory points are drawn. Raises ``ValueError`` if ``seats`` does not match the story.
    """
    if len(seats) != story.seats:
        raise ValueError(f"{len(seats)} seat styles for a story of {story.seats} seats")
    pts = story.points
    xs = [p.turn for p in pts]
    solo = story.seats < 2
    wrapped = [textwrap.fill(f"{CIRCLED[i]} {m}", 62) for i, m in enumerate(marks[:len(CIRCLED)])]
    text_lines = sum(w.count("\n") + 1 for w in wrapped)
    height_in = (6.4 if solo else 10.6) + 0.42 * text_lines + (0.3 if wrapped else 0)
    # The object API with its own Agg canvas (no pyplot state): safe in a worker thread.
    fig = Figure(figsize=(WIDTH / DPI, height_in), dpi=DPI)
    FigureCanvasAgg(fig)
    body = _pt(24)
    small = _pt(MIN_TEXT_PX)
    top = 1 - 1.65 / height_in  # room for the title and the rounds' axis above the first panel
    bottom_text = (0.42 * text_lines + 0.55) / height_in if wrapped else 0.0
    panels = 1 if solo else 2
    grid = fig.add_gridspec(panels, 1, left=0.1, right=0.97, top=top, bottom=bottom_text + 0.75 / height_in,
                            hspace=0.28)
    fig.suptitle(title, fontsize=_pt(32), fontweight="bold", y=1 - 0.25 / height_in)
    ax_vp = fig.add_subplot(grid[0])
    axes = [ax_vp]
    for s, style in enumerate(seats):
        ax_vp.plot(xs, [p.scores[s] for p in pts], color=_rgb(style.colour), lw=3.2,
                   marker=MARKERS[s % len(MARKERS)], markevery=max(1, len(xs) // 12), markersize=11,
                   markeredgecolor=_edge(style.colour), markeredgewidth=1.5, label=style.name)
    ax_vp.set_ylabel(_("Victory points"), fontsize=body)
    starts = _round_starts(story)
    if starts:
        top_axis = ax_vp.secondary_xaxis("top")
        top_axis.set_xticks([t for t, _r in starts], labels=[str(r) for _t, r in starts])
        top_axis.tick_params(labelsize=small)
        top_axis.set_xlabel(_("Round"), fontsize=small)
        for t, _r in starts:
            ax_vp.axvline(t, color=(0.8, 0.8, 0.8), lw=1, zorder=0)
    if not solo:
        ax_ch = fig.add_subplot(grid[1], sharex=ax_vp)
        axes.append(ax_ch)
        for s, style in enumerate(seats):
            ax_ch.plot(xs, [100 * p.chances[s] for p in pts], color=_rgb(style.colour), lw=3.2,
                       marker=MARKERS[s % len(MARKERS)], markevery=max(1, len(xs) // 12), markersize=11,
                       markeredgecolor=_edge(style.colour), markeredgewidth=1.5)
        ax_ch.set_ylim(-3, 103)
        ax_ch.yaxis.set_major_formatter(FuncFormatter(lambda v, _pos: f"{v:.0f} %"))
        ax_ch.set_ylabel(_("Winning chance"), fontsize=body)
        for i, index in enumerate(story.turning[:len(CIRCLED)]):
            p = pts[index]
            ax_ch.axvline(p.turn, color=(0.3, 0.3, 0.3), lw=1.2, ls="--", zorder=0)
            ax_ch.annotate(CIRCLED[i], (p.turn, 101), xycoords="data", ha="center", va="bottom",
                           fontsize=_pt(30), annotation_clip=False)
    axes[-1].set_xlabel(x_label or _("Turn"), fontsize=body)
    for ax in axes:
        ax.tick_params(labelsize=small)
        ax.grid(True, color=(0.85, 0.85, 0.85), lw=0.8)
        ax.xaxis.set_major_locator(MaxNLocator(integer=True, nbins=8))
        ax.set_xlim(xs[0], xs[-1] if len(xs) > 1 else 1)
    # Long names (a bot's level, a Discord name) go one or two per row instead of all in one row.
    width = sum(len(style.name) + 4 for style in seats)
    columns = len(seats) if width <= 56 else (2 if max(len(style.name) for style in seats) <= 26 else 1)
    ax_vp.legend(loc="upper left", fontsize=small, frameon=True, ncol=columns)
    y = bottom_text - 0.2 / height_in
    for w in wrapped:
        fig.text(0.03, y, w, fontsize=small, va="top", ha="left")
        y -= (w.count("\n") + 1) * 0.42 / height_in
    raw = io.BytesIO()
    fig.savefig(raw, format="png", dpi=DPI)
    return _quantised(raw.getvalue())


def story_alt(story: Story, seats: Sequence[StorySeat], *, title: str, marks: Sequence[str]) -> str:
    """The chart's alt text: the title, every player's final VP, and the turning points."""
    last = story.points[-1]
    scores = ", ".join(_("{name} {vp} VP", name=s.name, vp=last.scores[i]) for i, s in enumerate(seats))
    lines = [title + ". " + _("Victory points turn by turn: {scores} at the end.", scores=scores)]
    if story.seats > 1:
        lines.append(_("Winning chances turn by turn, from the bots' evaluation."))
    lines += [f"{CIRCLED[i]} {m}" for i, m in enumerate(marks[:len(CIRCLED)])]
    return " ".join(lines)


def _round_starts(story: Story) -> list[tuple[int, int]]:
    """``(turn, round)`` where each round begins (empty when the game tells no rounds)."""
    out: list[tuple[int, int]] = []
    seen: int | None = None
    for p in story.points:
        if p.round is not None and p.round != seen:
            seen = p.round
            out.append((p.turn, p.round))
    return out


def _quantised(png: bytes) -> bytes:
    """Re-encode a PNG with at most 128 colours (charts are flat colours; antialiasing survives)."""
    image = Image.open(io.BytesIO(png)).convert("RGB")
    out = io.BytesIO()
    image.quantize(colors=128, method=Image.Quantize.MEDIANCUT).save(out, format="PNG", optimize=True)
    return out.getvalue()
