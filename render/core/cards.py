"""Pictures that read in a chat: the turn picture and the final-score picture of any game.

Discord shows an attached picture inline about :data:`INLINE_WIDTH` px wide. The board picture is a
detailed dashboard (one click away); these two cards carry the few facts a player needs at a
glance, drawn :data:`CARD_WIDTH` px wide (twice the inline width, so they stay sharp when opened)
with every key text at least :data:`KEY_TEXT` px, which is a cap height of at least
:data:`MIN_INLINE_CAP` px once Discord scales the picture to the inline width.

A game builds the facts (:class:`TurnCard`, :class:`ScoreCard`) from its view, in its own words;
this module lays them out the same way for every game and records where every key text went
(:attr:`Drawn.spots`), so tests can check the sizes from the layout rectangles. The labels common
to all games ("Last move", "VP", …) come from the ``pictures`` message domain.

Turn picture, top to bottom: a title bar (game, round); the band of the player to act with what
they must decide; the last move (who, what, its public events) beside every player's score; the
part of the board the last move touched, drawn by the game and outlined (:data:`FOCUS_OUTLINE`);
the acting player's resources.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from PIL import Image

from engine.core.i18n import Domain

from . import fonts
from . import palette as pal
from .draw import Canvas, fit_text, text_width, wrap
from .layout import Rect

DOMAIN = Domain("pictures", Path(__file__).resolve().parent.parent / "locale")
_ = DOMAIN.gettext

#: Width Discord shows an attached picture at, inline in a channel (pixels).
INLINE_WIDTH = 550
#: Width the cards are drawn at (pixels): twice the inline width.
CARD_WIDTH = 1100
#: Smallest cap height (pixels) a key text may have at :data:`INLINE_WIDTH`.
MIN_INLINE_CAP = 11
#: Size (pixels) of every key text on a card: DejaVu Sans' capitals are 0.73 em, so 32 px text
#: keeps 11.7 px capitals at half size.
KEY_TEXT = 32
#: Size of the title bar's text.
TITLE_TEXT = 34
#: Size of the players' names under their squares in the final-score table (a caption: the
#: squares' letters identify the columns, the headline names the winner).
NAME_CAPTION = 26
#: Colour of the outline around what the last move touched: Okabe–Ito vermillion inside a thin
#: black ring (:func:`outline_focus`), so it stands out on any colour, a red piece's included.
FOCUS_OUTLINE: pal.RGB = pal.OKABE_ITO["vermillion"]

M = 16  # outer margin
G = 12  # gap between blocks
LINE = 44  # line pitch of key text
CHIP_W, CHIP_H = 58, 46  # a player's square on a card

#: Draws the part of the board the last move touched inside the given rectangle (game code).
FocusDrawer = Callable[[Canvas, Rect], None]


@dataclass(frozen=True)
class Chip:
    """A player as a card shows them: the piece colour, its letters (``O``, ``Pu``) and the name."""

    colour: pal.RGB
    letters: str
    name: str


@dataclass(frozen=True)
class Spot:
    """Where a key text was drawn: its ``role`` (``title``, ``prompt``, ``move``, ``event``,
    ``score``, ``resource`` …), the box, the text and its font ``size``/``style``."""

    role: str
    rect: Rect
    text: str
    size: int
    style: str


@dataclass
class Drawn:
    """A drawn card: the RGB ``image`` and the :class:`Spot` of every key text."""

    image: Image.Image
    spots: list[Spot] = field(default_factory=list)


@dataclass(frozen=True)
class TurnCard:
    """The facts of a turn picture, in the current language.

    ``title``/``status``: the game's name and where the game stands ("Round 2 of 8 · Period I").
    ``actor``: the player to act (``None`` while a random event is pending or once the game is
    over) and ``prompt`` what they must decide (or the result line). ``last_by``/``last_move``: who
    made the last move and its public notation (``""`` at the start); ``last_lines``: its public
    events, the most telling first (wrapped; the first sentence is always drawn whole, condensed if
    it needs more than :data:`MAX_EVENT_LINES` lines, the others while the lines last; the alt text
    tells them all). ``shown_lines`` draws only the first that many sentences (never fewer than
    one; ``None``: all that fit), so a game keeps a tall card within its height without losing the
    sentence that says what happened. ``focus_alt`` says in words what the drawing shows when its
    labels are shortened there (the alt text adds it). ``scores``: every player with their score
    in seat order; ``score_label`` the unit ("VP"). ``resources_of``/``resources``: the acting
    player's resources as ``(label, value)``. ``focus``: draws what the last move touched (with
    ``focus_title`` naming it), or ``None``.
    """

    title: str
    status: str
    actor: Chip | None
    prompt: str
    scores: Sequence[tuple[Chip, int | str]]
    last_by: Chip | None = None
    last_move: str = ""
    last_lines: Sequence[str] = ()
    score_label: str = "VP"
    resources_of: Chip | None = None
    resources: Sequence[tuple[str, str]] = ()
    focus_title: str = ""
    focus: FocusDrawer | None = None
    focus_height: int = 230
    shown_lines: int | None = None
    focus_alt: str = ""


@dataclass(frozen=True)
class ScoreCard:
    """The facts of a final-score picture, in the current language.

    ``players`` in seat order; ``rows`` are the rulebook's scoring steps as ``(label, value per
    player)`` (values are ints or short texts); ``totals`` the final scores. ``winners`` are the
    indices into ``players`` of the winner(s); ``headline`` says who won ("Orange wins with 138 VP");
    ``tie_break`` explains a tie-break when one was used (else ``""``); ``notes`` are further
    lines (a solo result …).
    """

    title: str
    players: Sequence[Chip]
    rows: Sequence[tuple[str, Sequence[int | str]]]
    totals: Sequence[int | str]
    winners: Sequence[int]
    headline: str
    tie_break: str = ""
    notes: Sequence[str] = ()
    score_label: str = "VP"


MAX_EVENT_LINES = 3


def cap_height(size: int, style: str = "regular") -> int:
    """Height in pixels of a capital ``H`` at ``size`` px in ``style``."""
    f = fonts.font(size, style)
    box = f.getbbox("H")
    return int(box[3] - box[1])


def inline_cap(spot: Spot, width: int = CARD_WIDTH) -> float:
    """Cap height (pixels) of ``spot``'s text once a ``width``-px picture is shown
    :data:`INLINE_WIDTH` px wide."""
    return cap_height(spot.size, spot.style) * INLINE_WIDTH / width


class _Pen:
    """Draws key texts at a fixed size (never smaller) and records their spots."""

    def __init__(self, c: Canvas, spots: list[Spot]) -> None:
        self.c = c
        self.spots = spots

    def text(self, role: str, x: float, y: float, text: str, *, size: int = KEY_TEXT, style: str = "regular",
             fill: pal.RGB = pal.INK, anchor: str = "lm", room: int | None = None) -> int:
        """One line at ``size`` (condensed rather than smaller when ``room`` is short; cut last)."""
        if not text:
            return 0
        if room is not None:
            fitted = fit_text(text, max(1, room), size, style, min_size=size)
            text, style = fitted.text, fitted.style
        w = self.c.text(x, y, text, size=size, style=style, fill=fill, anchor=anchor, record=False)
        h = round(size * 1.2)
        left = x if anchor[0] == "l" else x - w / 2 if anchor[0] == "m" else x - w
        self.spots.append(Spot(role, Rect(round(left), round(y - h / 2), w, h), text, size, style))
        return w

    def lines(self, role: str, r: Rect, text: str, *, max_lines: int, size: int = KEY_TEXT,
              style: str = "regular", fill: pal.RGB = pal.INK) -> int:
        """``text`` wrapped into ``r`` from its top, at most ``max_lines`` (condensed if that
        helps, the rest cut); returns the lines drawn."""
        lines = wrap(text, r.w, size, style)
        if len(lines) > max_lines:
            narrow = "condensed_bold" if style == "bold" else "condensed"
            lines, style = wrap(text, r.w, size, narrow), narrow
        if len(lines) > max_lines:
            lines = lines[: max_lines - 1] + [" ".join(lines[max_lines - 1:])]
        for i, ln in enumerate(lines):
            self.text(role, r.x, r.y + LINE * i + LINE / 2, ln, size=size, style=style, fill=fill, room=r.w)
        return len(lines)


def _chip(c: Canvas, chip: Chip, cx: float, cy: float, w: int = CHIP_W, h: int = CHIP_H) -> None:
    c.piece(cx, cy, w, h, fill=chip.colour, letter=chip.letters, shape="square", size=26)


def _title_bar(pen: _Pen, r: Rect, title: str, status: str) -> None:
    c = pen.c
    c.rect(r, fill=pal.TITLE_BAR)
    w = pen.text("title", r.x + 14, r.cy, title, size=TITLE_TEXT, style="bold", fill=pal.TITLE_TEXT,
                 room=r.w // 2)
    if status:
        pen.text("status", r.x + 14 + w + 28, r.cy, status, size=TITLE_TEXT, fill=pal.TITLE_TEXT,
                 room=r.w - w - 56)


def _band_style(text: str, room: int) -> str:
    """The face of the band's text: bold, or condensed bold when that takes fewer lines."""
    bold = len(wrap(text, room, KEY_TEXT, "bold"))
    return "condensed_bold" if bold > 1 and len(wrap(text, room, KEY_TEXT, "condensed_bold")) < bold else "bold"


def _band_height(text: str, room: int) -> int:
    lines = min(2, len(wrap(text, room, KEY_TEXT, _band_style(text, room))) or 1)
    return LINE * lines + 20


def _band(pen: _Pen, r: Rect, chip: Chip | None, text: str) -> None:
    """The acting player's band: their square and what they must decide (up to two lines)."""
    c = pen.c
    colour = chip.colour if chip else pal.HIGHLIGHT
    c.rect(r, fill=pal.tint(colour, 0.6), outline=pal.BORDER)
    c.rect(Rect(r.x, r.y, 10, r.h), fill=colour)
    x = r.x + 22
    if chip is not None:
        _chip(pen.c, chip, x + CHIP_W / 2, r.cy)
        x += CHIP_W + 14
    room = r.x2 - 14 - x
    style = _band_style(text, room)
    n = min(2, len(wrap(text, room, KEY_TEXT, style)) or 1)
    pen.lines("prompt", Rect(x, r.cy - LINE * n // 2, room, LINE * n), text, max_lines=2, style=style)


def turn_layout_height(card: TurnCard) -> int:
    """Height in pixels of the turn picture of ``card`` (width :data:`CARD_WIDTH`)."""
    return _turn_geometry(card)["height"]


def _band_text(card: TurnCard) -> str:
    if card.actor is None:
        return card.prompt
    return _("{player}: {decision}", player=card.actor.name, decision=card.prompt) if card.prompt else card.actor.name


def _turn_geometry(card: TurnCard) -> dict[str, int]:
    inner = CARD_WIDTH - 2 * M
    band_h = _band_height(_band_text(card), inner - 22 - CHIP_W - 28)
    score_w = _score_width(card)
    left_w = inner - score_w - G
    events = len(_event_lines(card, left_w - 28))
    left_h = 8 + (LINE + 8) + LINE * (1 + events)
    if card.focus is not None:
        left_h += G + LINE * len(_focus_title_lines(card.focus_title, left_w - 28)[0]) + card.focus_height
    score_h = LINE + 8 + len(card.scores) * (CHIP_H + 8) + 8
    mid_h = max(left_h + 16, score_h)
    res_h = 0
    if card.resources:
        room = inner - 22 - CHIP_W - 28
        res_lines = len(_resource_lines(card.resources, room, _resource_style(card.resources, room)))
        res_h = LINE * res_lines + 20
    height = M + 64 + G + band_h + G + mid_h + (G + res_h if res_h else 0) + M
    return {"inner": inner, "band_h": band_h, "score_w": score_w, "left_w": left_w, "mid_h": mid_h,
            "res_h": res_h, "height": height}


#: Width of the score panel, and the most it grows so that a long name beside a long score is never cut.
SCORE_W, SCORE_W_MAX = 380, 460


def _score_width(card: TurnCard) -> int:
    """The score panel's width: :data:`SCORE_W`, wider (up to :data:`SCORE_W_MAX`) when a player's
    name (condensed) and score need it."""
    need = max((text_width(chip.name, KEY_TEXT, "condensed") + text_width(str(score), KEY_TEXT, "bold")
                + CHIP_W + 54 for chip, score in card.scores), default=0)
    return min(SCORE_W_MAX, max(SCORE_W, need))


def _event_lines(card: TurnCard, room: int) -> list[tuple[str, str]]:
    """The last move's event texts wrapped into ``room`` px as ``(line, style)``: the first sentence
    whole (in the condensed face when that takes fewer lines, so it fits above a game's drawing
    more often; never cut), then the next ones while :data:`MAX_EVENT_LINES` lines last (of :attr:`TurnCard.shown_lines`
    sentences); when a sentence is left out the last line ends with " …" (the alt text has it)."""
    if not card.last_move or not card.last_lines:
        return []
    texts = list(card.last_lines)
    if card.shown_lines is not None:
        texts = texts[: max(1, card.shown_lines)]
    first = wrap(texts[0], room, KEY_TEXT, "regular")
    style = "regular"
    narrow = wrap(texts[0], room, KEY_TEXT, "condensed")
    if len(narrow) < len(first):
        first, style = narrow, "condensed"
    out = [(line, style) for line in first]
    told = 1
    for text in texts[1:]:
        lines = wrap(text, room, KEY_TEXT, "regular")
        if len(out) + len(lines) > MAX_EVENT_LINES:
            break
        out += [(line, "regular") for line in lines]
        told += 1
    line, st = out[-1]
    if told < len(card.last_lines) and text_width(line + " …", KEY_TEXT, "condensed") <= room:
        out[-1] = (line + " …", st)  # sentences left out: the picture says there is more
    return out


def _focus_title_lines(title: str, room: int) -> tuple[list[str], str]:
    """The drawing's title in ``room`` px as ``(lines, style)``: one bold line, else condensed bold,
    else two condensed bold lines (a long area name is wrapped, never cut)."""
    for style in ("bold", "condensed_bold"):
        if text_width(title, KEY_TEXT, style) <= room:
            return [title], style
    lines = wrap(title, room, KEY_TEXT, "condensed_bold") or [title]
    return (lines[:1] + [" ".join(lines[1:])] if len(lines) > 2 else lines), "condensed_bold"


def _resource_style(resources: Sequence[tuple[str, str]], room: int) -> tuple[str, str]:
    """``(label style, value style)`` of the resources: the condensed faces when they take fewer
    lines that way (the card stays low enough to keep the move's sentence and drawing)."""
    regular = len(_resource_lines(resources, room))
    if regular > 1 and len(_resource_lines(resources, room, ("condensed", "condensed_bold"))) < regular:
        return "condensed", "condensed_bold"
    return "regular", "bold"


def _resource_lines(resources: Sequence[tuple[str, str]], room: int,
                    styles: tuple[str, str] = ("regular", "bold")) -> list[list[tuple[str, str]]]:
    """``(label, value)`` pairs laid out in lines of at most ``room`` px (labels and values in
    ``styles``)."""
    lines: list[list[tuple[str, str]]] = [[]]
    x = 0
    for label, value in resources:
        w = text_width(f"{label} ", KEY_TEXT, styles[0]) + text_width(str(value), KEY_TEXT, styles[1]) + 30
        if lines[-1] and x + w > room:
            lines.append([])
            x = 0
        lines[-1].append((label, value))
        x += w
    return lines


def draw_turn(card: TurnCard) -> Drawn:
    """The turn picture of ``card``: :data:`CARD_WIDTH` px wide, height by content (about 600–800 px)."""
    geo = _turn_geometry(card)
    img = Image.new("RGB", (CARD_WIDTH, geo["height"]), pal.BACKGROUND)
    c = Canvas(img)
    drawn = Drawn(img)
    pen = _Pen(c, drawn.spots)
    y = M
    _title_bar(pen, Rect(M, y, geo["inner"], 64), card.title, card.status)
    y += 64 + G
    _band(pen, Rect(M, y, geo["inner"], geo["band_h"]), card.actor, _band_text(card))
    y += geo["band_h"] + G
    # Left: the last move and what it touched.
    left = Rect(M, y, geo["left_w"], geo["mid_h"])
    c.rect(left, fill=pal.PANEL, outline=pal.BORDER)
    ly = left.y + 8
    pen.text("heading", left.x + 14, ly + LINE / 2, _("Last move"), style="bold", fill=pal.MUTED, room=left.w - 28)
    ly += LINE + 8
    if card.last_move:
        x = left.x + 14
        if card.last_by is not None:
            _chip(c, card.last_by, x + 22, ly + LINE / 2, 44, 36)
            x += 54
        pen.text("move", x, ly + LINE / 2, card.last_move, style="bold", room=left.x2 - 14 - x)
        ly += LINE
        for line, style in _event_lines(card, left.w - 28):
            pen.text("event", left.x + 14, ly + LINE / 2, line, style=style, room=left.w - 28)
            ly += LINE
    else:
        pen.text("move", left.x + 14, ly + LINE / 2, _("The game has just started."), room=left.w - 28)
        ly += LINE
    if card.focus is not None:
        ly += G
        titles, style = _focus_title_lines(card.focus_title, left.w - 28)
        for title in titles:
            pen.text("focus", left.x + 14, ly + LINE / 2, title, style=style, room=left.w - 28)
            ly += LINE
        box = Rect(left.x + 14, ly, left.w - 28, card.focus_height - 8)
        card.focus(c, box)
    # Right: every player's score.
    right = Rect(left.x2 + G, y, geo["score_w"], geo["mid_h"])
    c.rect(right, fill=pal.PANEL, outline=pal.BORDER)
    pen.text("heading", right.x + 14, right.y + 8 + LINE / 2, card.score_label, style="bold", fill=pal.MUTED,
             room=right.w - 28)
    ry = right.y + 8 + LINE + 8
    for chip, score in card.scores:
        row = Rect(right.x + 6, ry, right.w - 12, CHIP_H + 4)
        if card.actor is not None and chip == card.actor:
            c.rect(row, fill=pal.tint(chip.colour, 0.6))
        _chip(c, chip, row.x + 8 + CHIP_W / 2, row.cy)
        vw = pen.text("score", row.x2 - 10, row.cy, str(score), style="bold", anchor="rm")
        pen.text("name", row.x + 8 + CHIP_W + 12, row.cy, chip.name, room=row.w - CHIP_W - 40 - vw)
        ry += CHIP_H + 8
    y += geo["mid_h"]
    # Bottom: the acting player's resources.
    if geo["res_h"]:
        y += G
        r = Rect(M, y, geo["inner"], geo["res_h"])
        who = card.resources_of or card.actor
        colour = who.colour if who else pal.PANEL_ALT
        c.rect(r, fill=pal.tint(colour, 0.8), outline=pal.BORDER)
        x0 = r.x + 14
        if who is not None:
            _chip(c, who, x0 + CHIP_W / 2, r.cy)
            x0 += CHIP_W + 14
        styles = _resource_style(card.resources, r.x2 - 14 - x0)
        lines = _resource_lines(card.resources, r.x2 - 14 - x0, styles)
        ty = r.cy - LINE * len(lines) / 2
        for resource_line in lines:
            x = x0
            for label, value in resource_line:
                x += pen.text("resource", x, ty + LINE / 2, f"{label} ", style=styles[0])
                x += pen.text("resource", x, ty + LINE / 2, str(value), style=styles[1]) + 30
            ty += LINE
    return drawn


def outline_focus(c: Canvas, r: Rect, width: int = 6) -> None:
    """The outline drawn around what the last move touched: ``width`` px of :data:`FOCUS_OUTLINE`
    growing outwards from ``r``, edged in black on both sides."""
    for i in range(-1, width + 1):
        edge = i in (-1, width)
        c.rect(Rect(r.x - i, r.y - i, r.w + 2 * i, r.h + 2 * i), outline=pal.INK if edge else FOCUS_OUTLINE)


def draw_scores(card: ScoreCard) -> Drawn:
    """The final-score picture of ``card``: :data:`CARD_WIDTH` px wide; a column per player, a row
    per scoring step, the totals, and the winner's column outlined."""
    inner = CARD_WIDTH - 2 * M
    head_lines = [card.headline] + ([card.tie_break] if card.tie_break else []) + list(card.notes)
    head_h = sum(min(2, len(wrap(t, inner - 40, KEY_TEXT, "bold")) or 1) for t in head_lines) * LINE + 20
    row_h = LINE + 6
    table_h = (CHIP_H + 16) + LINE + row_h * (len(card.rows) + 1) + 12
    height = M + 64 + G + head_h + G + table_h + M
    img = Image.new("RGB", (CARD_WIDTH, height), pal.BACKGROUND)
    c = Canvas(img)
    drawn = Drawn(img)
    pen = _Pen(c, drawn.spots)
    _title_bar(pen, Rect(M, M, inner, 64), card.title, _("Final scoring"))
    y = M + 64 + G
    band = Rect(M, y, inner, head_h)
    win_colour = card.players[card.winners[0]].colour if card.winners else pal.HIGHLIGHT
    c.rect(band, fill=pal.tint(win_colour, 0.6), outline=pal.BORDER)
    c.rect(Rect(band.x, band.y, 10, band.h), fill=win_colour)
    ty = band.y + 10
    for i, text in enumerate(head_lines):
        n = pen.lines("headline" if i == 0 else "note", Rect(band.x + 24, ty, band.w - 40, LINE * 2), text,
                      max_lines=2, style="bold" if i == 0 else "regular")
        ty += LINE * n
    y += head_h + G
    table = Rect(M, y, inner, table_h)
    c.rect(table, fill=pal.PANEL, outline=pal.BORDER)
    n = max(1, len(card.players))
    label_w = max(300, inner - n * 170)
    col_w = (inner - label_w) // n
    top = table.y + 8
    for i, chip in enumerate(card.players):
        cx = table.x + label_w + col_w * i + col_w / 2
        _chip(c, chip, cx, top + CHIP_H / 2)
        # the name under the square: a caption (the square's letters are the key), fitted to the column
        c.text(cx, top + CHIP_H + 4 + LINE / 2, chip.name, size=NAME_CAPTION, style="condensed", fill=pal.MUTED,
               anchor="mm", max_width=col_w - 8, record=False)
    ry = top + CHIP_H + 8 + LINE
    rows = list(card.rows) + [(_("Total"), list(card.totals))]
    for k, (label, values) in enumerate(rows):
        last = k == len(rows) - 1
        r = Rect(table.x + 4, ry, table.w - 8, row_h)
        if last:
            c.rect(r, fill=pal.PANEL_ALT)
            c.line([(r.x, r.y), (r.x2, r.y)], fill=pal.BORDER, width=2)
        elif k % 2:
            c.rect(r, fill=pal.tint(pal.PANEL_ALT, 0.5))
        style = "bold" if last else "regular"
        pen.text("row", r.x + 10, r.cy, label, style=style, room=label_w - 20)
        for i, value in enumerate(values):
            cx = table.x + label_w + col_w * i + col_w / 2
            pen.text("value", cx, r.cy, str(value), style="bold" if last else "regular", anchor="mm", room=col_w - 10)
        ry += row_h
    for i in card.winners:
        x = table.x + label_w + col_w * i
        outline_focus(c, Rect(x + 6, top - 4, col_w - 12, ry - top + 6), width=4)
    return drawn


def alt_turn(card: TurnCard) -> str:
    """One paragraph describing the turn picture of ``card`` (≤ 1000 characters)."""
    parts = [f"{card.title}, {card.status}." if card.status else f"{card.title}."]
    parts.append(_("Now: {what}.", what=_band_text(card).rstrip(".")))
    if card.last_move:
        by = f"{card.last_by.name}: " if card.last_by else ""
        parts.append(_("Last move: {move}.", move=by + card.last_move))
        parts.extend(line.rstrip(".") + "." for line in card.last_lines)  # all of them, drawn or not
    if card.focus is not None and card.focus_alt:
        parts.append(card.focus_alt.rstrip(".") + ".")
    parts.append(_("Scores: {scores}.", scores=", ".join(f"{chip.name} {score} {card.score_label}"
                                                         for chip, score in card.scores)))
    if card.resources:
        who = card.resources_of or card.actor
        res = ", ".join(f"{label} {value}" for label, value in card.resources)
        parts.append(f"{who.name}: {res}." if who else f"{res}.")
    return " ".join(parts)[:1000]


def alt_scores(card: ScoreCard) -> str:
    """One paragraph describing the final-score picture of ``card`` (≤ 1000 characters)."""
    parts = [f"{card.title}: {_('Final scoring')}.", card.headline.rstrip(".") + "."]
    if card.tie_break:
        parts.append(card.tie_break.rstrip(".") + ".")
    for i, chip in enumerate(card.players):
        steps = ", ".join(f"{label} {values[i]}" for label, values in card.rows if i < len(values))
        total = card.totals[i] if i < len(card.totals) else ""
        parts.append(f"{chip.name}: {steps}; {_('Total')} {total}.")
    return " ".join(parts)[:1000]
