"""The story chart reads inline (render.core.story_chart): landscape, every drawn text at least 11 px
high once the picture is shown 550 px wide, and nothing cut, over fixture games in every language."""

from __future__ import annotations

import io
import json
from functools import cache
from pathlib import Path

import pytest
from matplotlib.backends.backend_agg import RendererAgg
from matplotlib.text import Text
from matplotlib.transforms import Bbox
from PIL import Image

from bot.host.review import percent
from bot.host.story import _joined, _main
from engine.core import get_game, i18n
from engine.core.narration import account_lines
from engine.core.story import Story, game_story
from engine.core.winprob import win_probabilities
from render.core.story_chart import (
    CIRCLED,
    MAX_BYTES,
    SHOWN_CAP_PX,
    SHOWN_WIDTH,
    StorySeat,
    cap_ratio,
    story_figure,
    story_png,
    wrapped,
)

FIXTURES = Path(__file__).parents[1] / "fixtures"
COLOURS = [(128, 60, 200), (0, 110, 80), (240, 170, 0), (240, 20, 110)]
#: Short fixture logs of every game (2 and 3 players).
GAMES = ["nippon-2p", "zaibatsu-2p", "yokohama-2p", "zaibatsu-3p"]
LANGUAGES = ["en", "pl", "ru", "de"]


@cache
def _story(name: str) -> tuple[str, Story]:
    log = json.loads((FIXTURES / f"{name}.json").read_text(encoding="utf-8"))
    game = get_game(log["game"])
    return log["game"], game_story(game, log["options"], log["seed"], log["moves"],
                                      chance_of=win_probabilities)


def _marks(game_name: str, story: Story) -> list[str]:
    """The turning points told as the host tells them (whose chance moved, from and to, the move)."""
    game = get_game(game_name)
    out = []
    for i in story.turning:
        seat, before, after = story.moved(i)
        what = _joined(_main(account_lines(game, story.points[i].events)))
        out.append(f"Round {story.points[i].round or i}: Seat {seat + 1} {percent(before, digits=0)} → "
                   f"{percent(after, digits=0)} — {what}")
    return out


def _texts(fig) -> list[Text]:  # noqa: ANN001 - a matplotlib Figure
    return [t for t in fig.findobj(Text) if t.get_visible() and t.get_text().strip()]


def _drawn(fig, monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, float, Bbox]]:  # noqa: ANN001 - a Figure
    """Every text the Agg renderer draws when the figure is saved: ``(text, font size px, box)``
    (the box in pixels from the bottom left, from the renderer's own measure; Agg is handed each
    line's baseline measured from the top of the canvas)."""
    calls: list[tuple[str, float, Bbox]] = []
    original = RendererAgg.draw_text

    def record(self, gc, x, y, s, prop, angle, ismath=False, mtext=None):  # noqa: ANN001, ANN202 - Agg's signature
        if s.strip():
            w, h, d = self.get_text_width_height_descent(s, prop, ismath)
            size = prop.get_size_in_points() * self.dpi / 72
            assert not angle, s  # the chart draws no rotated text
            box = Bbox.from_bounds(x, self.height - y - d, w, h)
            calls.append((s, size, box))
        return original(self, gc, x, y, s, prop, angle, ismath, mtext)

    monkeypatch.setattr(RendererAgg, "draw_text", record)
    fig.savefig(io.BytesIO(), format="png", dpi=fig.dpi)
    monkeypatch.undo()
    return calls


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("name", GAMES)
def test_the_chart_is_landscape_readable_at_550_px_and_cuts_nothing(name: str, lang: str,
                                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    game_name, story = _story(name)
    with i18n.language(lang):
        marks = _marks(game_name, story)
        seats = [StorySeat(f"Player {s + 1} (long name)", COLOURS[s]) for s in range(story.seats)]
        fig = story_figure(story, seats, title=f"{game_name}: how the game went", marks=marks)
    width, height = fig.bbox.width, fig.bbox.height
    assert width / height >= 1.5, (width, height)
    renderer = fig.canvas.get_renderer()
    least_cap = SHOWN_CAP_PX * width / SHOWN_WIDTH
    calls = _drawn(fig, monkeypatch)
    assert len(calls) > 10
    for text, size_px, box in calls:
        # Every drawn text: cap height ≥ 11 px at 550 px wide (font size in px × the font's cap ratio).
        assert size_px * cap_ratio() >= least_cap - 0.01, (text, size_px)
        # Nothing cut: every text lies inside the picture.
        assert box.x0 >= -0.5 and box.y0 >= -0.5 and box.x1 <= width + 0.5 and box.y1 <= height + 0.5, (text, box)
    drawn = _texts(fig)
    # Every turning point is drawn whole (wrapped at spaces, never shortened), one text each.
    told = [t.get_text() for t in drawn if t.get_text().startswith(CIRCLED) and len(t.get_text()) > 1]
    assert [" ".join(t.split()) for t in told] == [
        " ".join(f"{CIRCLED[i]} {m}".split()) for i, m in enumerate(marks)]
    assert not any("…" in t for t in told)
    # The turning points' lines do not overlap each other or the panels.
    boxes = [t.get_window_extent(renderer) for t in drawn
             if t.get_text().startswith(CIRCLED) and len(t.get_text()) > 1]
    panels = [ax.get_tightbbox(renderer) for ax in fig.axes]
    for a, b in zip(boxes, boxes[1:], strict=False):
        assert a.y0 >= b.y1 - 1
    assert all(box.y1 <= min(p.y0 for p in panels) + 1 for box in boxes)


def test_the_png_is_the_figure_and_small() -> None:
    game_name, story = _story("zaibatsu-2p")
    seats = [StorySeat(f"P{s}", COLOURS[s]) for s in range(story.seats)]
    png = story_png(story, seats, title="Zaibatsu", marks=_marks(game_name, story))
    image = Image.open(io.BytesIO(png))
    assert image.width / image.height >= 1.5 and len(png) <= MAX_BYTES


def test_the_victory_points_leave_out_the_final_scoring() -> None:
    """The VP panel ends at the turn before the final scoring: a large final scoring squeezes nothing."""
    _game, story = _story("yokohama-2p")
    seats = [StorySeat(f"P{s}", COLOURS[s]) for s in range(story.seats)]
    fig = story_figure(story, seats, title="Yokohama", marks=[])
    vp = fig.axes[0]
    top = max(max(line.get_ydata()) for line in vp.get_lines() if len(line.get_ydata()) > 1)
    assert top == max(max(p.scores) for p in story.points[:-1])
    assert top < max(story.points[-1].scores)
    # The final VP are in the legend.
    legend = [t.get_text() for t in fig.legends[0].get_texts()]
    assert all(str(story.points[-1].scores[s]) in legend[s] for s in range(story.seats))


def test_wrapping_keeps_every_word() -> None:
    text = "Раунд 3: Жёлтый 30 % → 28 % — Розовый ставит в локацию «Порт B»: 1 помощник " * 3
    lines = wrapped(text, 30, 500).split("\n")
    assert len(lines) > 1 and " ".join(lines) == " ".join(text.split())
