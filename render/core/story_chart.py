"""The story chart of a finished game: every player's victory points and winning chances turn by
turn side by side, the three turns that changed the chances most marked ①②③ and told below
(from :class:`engine.core.story.Story`).

Drawn with matplotlib's Agg canvas (no display, no pyplot state) in landscape, :data:`WIDTH` ×
:data:`HEIGHT` px (3 : 2), because a chat shows an attachment scaled down to its preview box: every
text is drawn with a cap height of at least :data:`MIN_CAP_PX` px, which is 11 px once the picture is
shown :data:`SHOWN_WIDTH` px wide. The turning points' lines are wrapped, never cut. The victory
points are drawn for the game before the final scoring (its result is in the legend: each name with
its final VP), so a large final scoring does not squeeze the rest of the game. Each player has a
colour *and* a marker shape, so the lines can be told apart without colour vision. The PNG is
palette-quantised to stay under :data:`MAX_BYTES`.
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache

from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.figure import Figure
from matplotlib.font_manager import FontProperties
from matplotlib.textpath import TextPath
from matplotlib.ticker import FixedLocator, FuncFormatter, MaxNLocator
from PIL import Image

from engine.core.story import Story

from .cards import _
from .palette import RGB

#: Width of the chart (pixels).
WIDTH = 1100
#: Height of the chart (pixels): landscape, width : height = 3 : 2.
HEIGHT = 733
#: The width a chat shows the picture at (pixels) and the smallest cap height there (pixels).
SHOWN_WIDTH, SHOWN_CAP_PX = 550, 11
#: Smallest cap height drawn (pixels at full size): :data:`SHOWN_CAP_PX` once shown :data:`SHOWN_WIDTH` wide.
MIN_CAP_PX = SHOWN_CAP_PX * WIDTH / SHOWN_WIDTH
#: The least height of a panel's plot (pixels).
MIN_PANEL_PX = 150
#: Resolution: one point is 100/72 px.
DPI = 100
#: The largest PNG the chart may be (bytes).
MAX_BYTES = 150_000
#: Marker shapes by seat: a second cue beside the colour.
MARKERS = ("o", "s", "^", "D", "v", "P")
#: The circled numbers that mark the turning points.
CIRCLED = ("①", "②", "③", "④", "⑤")
#: Line spacing of the turning points' text (times the font size).
LINE_SPACING = 1.22


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


@cache
def cap_ratio() -> float:
    """Cap height of the chart's font as a share of its size (the height of "H" at size 1)."""
    return float(TextPath((0, 0), "H", size=100, prop=FontProperties()).get_extents().height / 100)


def text_px(cap_px: float = MIN_CAP_PX) -> float:
    """The font size (pixels) whose capitals are ``cap_px`` high, rounded up."""
    return float(int(cap_px / cap_ratio()) + 1)


def text_width(text: str, font_px: float) -> float:
    """The drawn width (pixels) of ``text`` in the chart's font at ``font_px``."""
    return float(TextPath((0, 0), text, size=font_px, prop=FontProperties()).get_extents().width)


def wrapped(text: str, font_px: float, width_px: float) -> str:
    """``text`` broken into lines (at spaces) that each fit ``width_px`` at ``font_px``, measured in
    the chart's font; a word longer than a line stays whole on its own line. Nothing is dropped:
    joining the lines with spaces gives ``text`` back (runs of spaces aside)."""
    lines: list[str] = []
    for word in text.split():
        if lines and text_width(f"{lines[-1]} {word}", font_px) <= width_px:
            lines[-1] = f"{lines[-1]} {word}"
        else:
            lines.append(word)
    return "\n".join(lines)


def story_png(story: Story, seats: Sequence[StorySeat], *, title: str, marks: Sequence[str],
              x_label: str | None = None) -> bytes:
    """The chart as PNG bytes (≤ :data:`MAX_BYTES`, :data:`WIDTH` × :data:`HEIGHT`); see
    :func:`story_figure` for the arguments and errors."""
    fig = story_figure(story, seats, title=title, marks=marks, x_label=x_label)
    raw = io.BytesIO()
    fig.savefig(raw, format="png", dpi=DPI)
    return _quantised(raw.getvalue())


def story_figure(story: Story, seats: Sequence[StorySeat], *, title: str, marks: Sequence[str],
                 x_label: str | None = None) -> Figure:
    """The chart as a matplotlib :class:`~matplotlib.figure.Figure` on its own Agg canvas, drawn.

    ``seats`` gives every seat's name and colour (``len(seats) == story.seats``); ``title`` heads
    the chart; ``marks`` are the turning points' lines, in the order of ``story.turning`` (wrapped
    to the width, never cut); ``x_label`` names the horizontal axis (default: "Round" when the game
    tells rounds, else "Turn", in the current language). All texts are already in the reader's
    language. With one seat (a solo game) only the victory points are drawn. Raises ``ValueError``
    if ``seats`` does not match the story.
    """
    if len(seats) != story.seats:
        raise ValueError(f"{len(seats)} seat styles for a story of {story.seats} seats")
    pts = story.points
    solo = story.seats < 2
    # Victory points of the game before the final scoring (the final VP are in the legend).
    before = pts[:-1] if len(pts) > 2 else pts
    small, head = text_px(), text_px(MIN_CAP_PX * 1.2)
    body = small
    # Heights in pixels from the top: title, legend rows, panels, x axis, the turning points.
    marks = list(marks[:len(CIRCLED)])
    told = [wrapped(f"{CIRCLED[i]} {m}", small, WIDTH - 48) for i, m in enumerate(marks)]
    text_lines = sum(w.count("\n") + 1 for w in told)
    line_px = small * LINE_SPACING
    last = pts[-1]
    labels = [_("{name}: {vp} VP at the end", name=style.name, vp=last.scores[i]) for i, style in enumerate(seats)]
    legend_cols, legend_rows = _legend_grid(labels, small)
    title_px = head * 1.4
    legend_px = legend_rows * small * 1.5 + 6
    marks_px = text_lines * line_px + (12 if told else 0)
    axis_px = small * 2.7  # tick labels and the axis label below the panels
    panel_title_px = body * 1.45
    top_px = title_px + legend_px + panel_title_px
    bottom_px = marks_px + axis_px
    # Landscape unless the turning points' lines need more room than the panels leave (never cut).
    height = max(HEIGHT, int(top_px + bottom_px + MIN_PANEL_PX))
    fig = Figure(figsize=(WIDTH / DPI, height / DPI), dpi=DPI)
    FigureCanvasAgg(fig)
    fig.suptitle(title, fontsize=_pt(head), fontweight="bold", y=1 - 6 / height, va="top")
    panels = 1 if solo else 2
    grid = fig.add_gridspec(1, panels, left=text_px() * 3.3 / WIDTH, right=1 - small * 1.3 / WIDTH,
                            top=1 - top_px / height, bottom=bottom_px / height, wspace=0.3)
    ax_vp = fig.add_subplot(grid[0])
    axes = [ax_vp]
    every = max(1, len(pts) // 10)
    handles = []
    for s, style in enumerate(seats):
        (line,) = ax_vp.plot([p.turn for p in before], [p.scores[s] for p in before], color=_rgb(style.colour),
                             lw=3.2, marker=MARKERS[s % len(MARKERS)], markevery=every, markersize=11,
                             markeredgecolor=_edge(style.colour), markeredgewidth=1.5, label=labels[s])
        handles.append(line)
    ax_vp.set_title(_("Victory points"), fontsize=_pt(body), loc="left", pad=8)
    ax_vp.yaxis.set_major_locator(MaxNLocator(integer=True, nbins=4))
    if not solo:
        ax_ch = fig.add_subplot(grid[1], sharex=ax_vp)
        axes.append(ax_ch)
        for s, style in enumerate(seats):
            ax_ch.plot([p.turn for p in pts], [100 * p.chances[s] for p in pts], color=_rgb(style.colour), lw=3.2,
                       marker=MARKERS[s % len(MARKERS)], markevery=every, markersize=11,
                       markeredgecolor=_edge(style.colour), markeredgewidth=1.5)
        ax_ch.set_ylim(-3, 118)
        ax_ch.yaxis.set_major_locator(FixedLocator([0, 50, 100]))
        ax_ch.yaxis.set_major_formatter(FuncFormatter(lambda v, _pos: f"{v:.0f} %"))
        ax_ch.set_title(_("Winning chance"), fontsize=_pt(body), loc="left", pad=8)
        for i, index in enumerate(story.turning[:len(CIRCLED)]):
            p = pts[index]
            ax_ch.axvline(p.turn, color=(0.3, 0.3, 0.3), lw=1.2, ls="--", zorder=0)
            ax_ch.text(p.turn, 108, CIRCLED[i], ha="center", va="center", fontsize=_pt(body),
                       bbox={"boxstyle": "round,pad=0.1", "fc": "white", "ec": "none"})
    starts = _round_starts(story)
    label = x_label or (_("Round") if starts else _("Turn"))
    for ax in axes:
        ax.tick_params(labelsize=_pt(small))
        ax.grid(True, color=(0.85, 0.85, 0.85), lw=0.8)
        ax.set_xlim(pts[0].turn, pts[-1].turn if len(pts) > 1 else 1)
        ax.set_xlabel(label, fontsize=_pt(small), labelpad=2)
        if starts:  # the rounds on the axis: a tick where each round begins, thinned to five
            shown = starts[::max(1, -(-len(starts) // 5))]
            ax.set_xticks([t for t, _r in shown], labels=[str(r) for _t, r in shown])
            for t, _r in starts:
                ax.axvline(t, color=(0.82, 0.82, 0.82), lw=1, zorder=0)
        else:
            ax.xaxis.set_major_locator(MaxNLocator(integer=True, nbins=5))
    fig.legend(handles=handles, loc="upper center", bbox_to_anchor=(0.5, 1 - title_px / height),
                        ncol=legend_cols, fontsize=_pt(small), frameon=False, handlelength=1.6, columnspacing=1.2,
                        borderaxespad=0.2)
    y = 1 - (height - marks_px + 6) / height
    for w in told:
        fig.text(20 / WIDTH, y, w, fontsize=_pt(small), va="top", ha="left", linespacing=LINE_SPACING)
        y -= (w.count("\n") + 1) * line_px / height
    fig.canvas.draw()
    return fig


def _legend_grid(labels: Sequence[str], font_px: float) -> tuple[int, int]:
    """``(columns, rows)`` of the legend: all in one row when it fits the width, else fewer columns."""
    def width(cols: int) -> float:
        rows = [labels[i::cols] for i in range(cols)]
        return sum(max(text_width(x, font_px) for x in col) + 3.4 * font_px for col in rows if col)

    for cols in range(len(labels), 0, -1):
        if width(cols) <= WIDTH - 40:
            return cols, -(-len(labels) // cols)
    return 1, len(labels)


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
