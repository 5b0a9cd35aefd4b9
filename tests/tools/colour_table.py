"""The colour-distance table of the pieces' colours (docs/colours.md), and the minimums it must meet.

For every game with pictures, every pair of colours a reader must tell apart in one picture (player
against player, player against a worker of another colour; worker against worker for reference)
and its CIEDE2000 distance in normal vision and in deuteranopia, protanopia and tritanopia
simulations (coloraide's filters ``deutan``, ``protan`` and ``tritan`` at full severity: Viénot for
the first two, Brettel for tritanopia). A game's render package lists its colours as ``PLAYER_RGB``,
``WORKER_RGB`` (if it draws workers) and ``NEUTRAL_RGB`` (neutral pieces, which count as a player).

    python3 -m tests.tools.colour_table            # the Markdown table of docs/colours.md
    python3 -m tests.tools.colour_table --all      # every pair, not only the closest per game
"""

from __future__ import annotations

import argparse
import itertools
from dataclasses import dataclass

from coloraide import Color

from engine.core import builtin_game_names
from render.core.package import picture_package

RGB = tuple[int, int, int]

#: The visions compared: normal, then the three dichromacy simulations.
VISIONS = ("normal", "deutan", "protan", "tritan")
#: The smallest CIEDE2000 distance a pair must keep, per kind of pair and vision (docs/colours.md):
#: players must be told apart by colour alone; a player's square and a worker's circle also differ
#: in shape and letters, and no palette of Nippon: Zaibatsu's ten colours keeps every such pair at
#: 20 in the simulations while each colour still reads as its name (the best found is about 18).
MINIMUM: dict[str, tuple[float, float, float, float]] = {
    "player–player": (20, 20, 20, 20),
    "player–worker": (20, 15, 15, 15),
    "worker–worker": (15, 10, 10, 10),
}


@dataclass(frozen=True)
class Pair:
    """Two colours of one game's pictures and their distances (``VISIONS`` order)."""

    game: str
    kind: str
    a: str
    b: str
    distances: tuple[float, float, float, float]

    def margin(self) -> float:
        """How far the closest vision stays above its minimum (negative: below it)."""
        return min(d - m for d, m in zip(self.distances, MINIMUM[self.kind]))


def _colour(rgb: RGB) -> Color:
    return Color("srgb", [v / 255 for v in rgb])


def distances(a: RGB, b: RGB) -> tuple[float, float, float, float]:
    """CIEDE2000 distance of two sRGB colours in normal vision and the three simulations."""
    ca, cb = _colour(a), _colour(b)
    out = [ca.delta_e(cb, method="2000")]
    for vision in VISIONS[1:]:
        out.append(ca.filter(vision).delta_e(cb.filter(vision), method="2000"))
    return out[0], out[1], out[2], out[3]


def game_colours(game: str) -> tuple[dict[str, RGB], dict[str, RGB]]:
    """``(players, workers)``: the colours a game's pictures give to piece owners and to workers
    (its picture package's ``PLAYER_RGB``, ``NEUTRAL_RGB`` and ``WORKER_RGB`` if it has them)."""
    module = picture_package(game)
    if module is None:
        raise ImportError(f"{game} has no picture package")
    players = dict(getattr(module, "PLAYER_RGB", {}))
    neutral = getattr(module, "NEUTRAL_RGB", None)
    if neutral is not None:
        players["neutral"] = neutral
    return players, dict(getattr(module, "WORKER_RGB", {}))


def pairs(game: str) -> list[Pair]:
    """Every pair of one game's pictures that must be told apart, closest first.

    A player and a worker of the same colour name (Nippon's Red player and red workers) are left
    out: they are the rulebook's same colour, told apart by shape and badge."""
    players, workers = game_colours(game)
    out: list[Pair] = []
    for (a, ra), (b, rb) in itertools.combinations(players.items(), 2):
        out.append(Pair(game, "player–player", a, b, distances(ra, rb)))
    for (a, ra), (b, rb) in itertools.product(players.items(), workers.items()):
        if a != b:
            out.append(Pair(game, "player–worker", a, b, distances(ra, rb)))
    for (a, ra), (b, rb) in itertools.combinations(workers.items(), 2):
        out.append(Pair(game, "worker–worker", a, b, distances(ra, rb)))
    return sorted(out, key=Pair.margin)


def games() -> list[str]:
    """Games whose render package lists its colours."""
    out = []
    for game in builtin_game_names():
        try:
            if game_colours(game)[0]:
                out.append(game)
        except ImportError:
            continue
    return out


def table(every: bool = False, per_kind: int = 4) -> str:
    """The Markdown table: per game and kind, the ``per_kind`` closest pairs (or every pair)."""
    lines = ["| Game | Pair | Kind | " + " | ".join(VISIONS) + " | Minimum |",
             "|---|---|---|" + "---:|" * len(VISIONS) + "---|"]
    for game in games():
        shown: dict[str, int] = {}
        for p in sorted(pairs(game), key=lambda p: list(MINIMUM).index(p.kind)):
            if not every and shown.get(p.kind, 0) >= per_kind:
                continue
            shown[p.kind] = shown.get(p.kind, 0) + 1
            cells = " | ".join(f"{d:.1f}" for d in p.distances)
            minimum = "/".join(f"{m:g}" for m in MINIMUM[p.kind])
            lines.append(f"| {game} | {p.a} – {p.b} | {p.kind} | {cells} | {minimum} |")
    return "\n".join(lines)


def main() -> None:
    """Print the table (``--all``: every pair)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--all", action="store_true", help="every pair, not only the closest ones")
    args = parser.parse_args()
    print(table(every=args.all))


if __name__ == "__main__":
    main()
