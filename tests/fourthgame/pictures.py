"""The picture package of the test game Pebbles (its ``picture_package``): the same contract as
``render/<game>/`` (:class:`render.core.package.PicturePackage`), found through the registry."""

from __future__ import annotations

from typing import Any

from PIL import Image

from render.core import palette as pal
from render.core.cards import Chip, ScoreCard, TurnCard
from render.core.draw import KEY_COLOURS, Canvas, palette_png
from render.core.layout import Rect
from render.core.package import colour

#: The players' colours (the game's own; an unknown name is an error).
PLAYER_RGB: dict[str, pal.RGB] = {"teal": (0, 110, 120), "plum": (140, 40, 120), "sand": (225, 190, 110)}
KEY_RGB: tuple[pal.RGB, ...] = tuple(PLAYER_RGB.values())


def _chip(player: dict[str, Any]) -> Chip:
    name = str(player["colour"]).capitalize()
    return Chip(colour(PLAYER_RGB, str(player["colour"])), name[:2], name)


def seat_colours(view: dict[str, Any]) -> list[pal.RGB]:
    """Every seat's colour, by seat."""
    return [colour(PLAYER_RGB, str(p["colour"])) for p in view["players"]]


def render(view: dict[str, Any]) -> bytes:
    """The board: one bar per player as long as their points, and the pile (a palette PNG)."""
    c = Canvas(Image.new("RGB", (320, 40 + 30 * len(view["players"])), pal.BACKGROUND))
    c.text(10, 8, f"Pile: {view['pile']}", size=18)
    for s, rgb in enumerate(seat_colours(view)):
        c.rect(Rect(10, 40 + 30 * s, 12 * max(1, int(view["players"][s]["points"])), 22), fill=rgb)
    return palette_png(c.image, colours=32, keep=(*KEY_RGB, *KEY_COLOURS))


def alt_text(view: dict[str, Any]) -> str:
    """The board in one sentence."""
    points = ", ".join(f"{str(p['colour']).capitalize()} {p['points']}" for p in view["players"])
    return f"Pebbles: {view['pile']} left; points: {points}."


def turn_card(view: dict[str, Any], last: dict[str, Any] | None) -> TurnCard:
    """Who acts, the scores and the last move."""
    chips = [_chip(p) for p in view["players"]]
    seat = view["decision"]["seat"]
    actor = chips[seat] if isinstance(seat, int) and seat >= 0 else None
    by = last.get("seat") if last else None
    return TurnCard(title="Pebbles", status=f"{view['pile']} left", actor=actor, prompt=str(view["decision"]["prompt"]),
                    scores=[(ch, p["points"]) for ch, p in zip(chips, view["players"], strict=True)],
                    last_by=chips[by] if isinstance(by, int) and by >= 0 else None,
                    last_move=str(last.get("move") or "") if last else "", score_label="points")


def final_card(view: dict[str, Any]) -> ScoreCard:
    """The points and the winner(s)."""
    chips = [_chip(p) for p in view["players"]]
    totals = [int(p["points"]) for p in view["players"]]
    best = max(totals)
    winners = [s for s, t in enumerate(totals) if t == best]
    return ScoreCard(title="Pebbles", players=chips, rows=[("Pebbles", totals)], totals=totals, winners=winners,
                     headline=f"{chips[winners[0]].name} wins with {best} points", score_label="points")
