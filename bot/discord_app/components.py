"""Buttons and select menus for the current decision, as restart-proof ``DynamicItem``s.

A turn message offers the options of the decision that follows it: up to 5 as buttons, up to
25 in a select menu (more: ``/move`` with autocomplete). Their custom ids carry everything needed
to act on a click — ``mt:{table}:{version}:{index}`` for a button and ``mt:{table}:{version}:menu``
for a menu whose option values are the indices — so a click still works after the bot restarts
(nothing is kept in memory), and a click on an outdated board is refused: ``Host.choose`` resolves
the index against the legal actions at that version and plays it in one transaction.

The options sit under a public message, so their labels, the menu's hint and descriptions are
in the table's language (:func:`turn_options` asks the Host in it; :func:`turn_view` is built
inside ``with language(table_language)``). Button labels are notation, never translated.

Options that hide information (a card picked from a secret hand) never go under a public
message: ``/game hand`` shows them to their player alone, as the same buttons on an ephemeral
message (in the player's language), and a click plays them through the same ``Host.choose``.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol

import discord

from bot.host.data import TurnData
from bot.words import _
from engine.core.preview import fit

if TYPE_CHECKING:
    from bot.host import Host

log = logging.getLogger(__name__)

#: At most this many options become buttons; more (up to :data:`MAX_MENU`) a select menu.
MAX_BUTTONS = 5
#: Discord's limit of options in one select menu.
MAX_MENU = 25
#: Discord's limit on a select option's description (characters): the label with its preview.
DESCRIPTION_LIMIT = 100
CUSTOM_ID_LIMIT = 100
PREFIX = "mt"


class ChoiceHandler(Protocol):
    """What a click needs from the command layer (``MeijiBot.tables`` implements it)."""

    async def choose(self, interaction: discord.Interaction, table_id: int, version: int, index: int) -> None:
        """Play option ``index`` of table ``table_id`` at ``version`` for the clicking user."""

    async def story(self, interaction: discord.Interaction, table_id: int) -> None:
        """Show the clicking user the story chart of finished table ``table_id`` (ephemeral)."""

    async def review(self, interaction: discord.Interaction, table_id: int | None) -> None:
        """Show the clicking user their review of finished table ``table_id`` (ephemeral)."""

    async def report_error(self, interaction: discord.Interaction, error: BaseException, where: str) -> None:
        """Log ``error`` with context and tell the user that nothing changed."""


@dataclass(frozen=True, slots=True)
class TurnOptions:
    """The current decision of a running table: who acts and their options ``(notation, label)``.

    ``hidden`` marks a decision whose options hide information (``Host.turn``'s
    ``hidden_choices``): ``choices`` is then empty and the player chooses privately (``/game hand``).
    """

    table_id: int
    version: int
    user_id: str
    prompt: str | None
    choices: tuple[tuple[str, str], ...]
    hidden: bool = False


def button_id(table_id: int, version: int, index: int) -> str:
    """Custom id of option ``index`` (0-based) at ``version`` of table ``table_id``."""
    custom_id = f"{PREFIX}:{int(table_id)}:{int(version)}:{int(index)}"
    if len(custom_id) > CUSTOM_ID_LIMIT:  # pragma: no cover - needs ids of ~30 digits
        raise ValueError("custom id too long")
    return custom_id


def menu_id(table_id: int, version: int) -> str:
    """Custom id of the select menu of table ``table_id`` at ``version``."""
    return f"{PREFIX}:{int(table_id)}:{int(version)}:menu"


def parse_custom_id(custom_id: str) -> tuple[int, int, int | None] | None:
    """``(table, version, index)`` of a button id, ``(table, version, None)`` of a menu id, else ``None``."""
    match = ChoiceButton.__discord_ui_compiled_template__.fullmatch(custom_id)
    if match:
        return int(match["table"]), int(match["version"]), int(match["index"])
    match = ChoiceMenu.__discord_ui_compiled_template__.fullmatch(custom_id)
    if match:
        return int(match["table"]), int(match["version"]), None
    return None


def _handler(interaction: discord.Interaction) -> ChoiceHandler | None:
    return getattr(interaction.client, "tables", None)


async def _dispatch(interaction: discord.Interaction, table_id: int, version: int, index: int) -> None:
    handler = _handler(interaction)
    if handler is None:
        log.error("a game button was clicked but the client has no table commands (%r)", interaction.client)
        return
    try:
        await handler.choose(interaction, table_id, version, index)
    except Exception as exc:  # the library would only log it; tell the player as well
        await handler.report_error(interaction, exc, f"button {table_id}:{version}:{index}")


class ChoiceButton(
    discord.ui.DynamicItem[discord.ui.Button[discord.ui.View]],
    template=r"mt:(?P<table>[0-9]{1,18}):(?P<version>[0-9]{1,18}):(?P<index>[0-9]{1,3})",
):
    """One option of the current decision as a button."""

    def __init__(self, table_id: int, version: int, index: int, label: str = "", *, primary: bool = True) -> None:
        self.table_id, self.version, self.index = int(table_id), int(version), int(index)
        super().__init__(
            discord.ui.Button(
                label=(label or str(index + 1))[:80],
                style=discord.ButtonStyle.primary if primary else discord.ButtonStyle.secondary,
                custom_id=button_id(table_id, version, index),
            )
        )

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> ChoiceButton:
        """Rebuild the button from its custom id (after a restart, too)."""
        label = getattr(item, "label", None) or ""
        return cls(int(match["table"]), int(match["version"]), int(match["index"]), label)

    async def callback(self, interaction: discord.Interaction) -> None:
        """Play the option for the clicking user (the Host checks seat, turn and version)."""
        await _dispatch(interaction, self.table_id, self.version, self.index)


class ChoiceMenu(
    discord.ui.DynamicItem[discord.ui.Select[discord.ui.View]],
    template=r"mt:(?P<table>[0-9]{1,18}):(?P<version>[0-9]{1,18}):menu",
):
    """The options of the current decision as a select menu (values are 0-based indices)."""

    def __init__(
        self, table_id: int, version: int, options: Sequence[discord.SelectOption] | None = None,
        hint: str | None = None,
    ) -> None:
        self.table_id, self.version = int(table_id), int(version)
        super().__init__(
            discord.ui.Select(
                custom_id=menu_id(table_id, version),
                placeholder=(hint or _("Choose your move…"))[:150],  # discord.py's name for the menu's grey hint text
                min_values=1,
                max_values=1,
                options=list(options or [discord.SelectOption(label="…", value="0")]),
            )
        )

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> ChoiceMenu:
        """Rebuild the menu from its custom id (after a restart, too)."""
        options = list(getattr(item, "options", None) or [])
        return cls(int(match["table"]), int(match["version"]), options or None)

    def selected_index(self, interaction: discord.Interaction) -> int | None:
        """The chosen option's index (``None`` if the payload holds no valid index)."""
        values: list[str] = list(self.item.values or [])
        raw = interaction.data.get("values") if not values and isinstance(interaction.data, dict) else None
        if isinstance(raw, list):
            values = [str(v) for v in raw]
        if len(values) != 1 or not str(values[0]).isdigit() or len(str(values[0])) > 3:
            return None
        return int(values[0])

    async def callback(self, interaction: discord.Interaction) -> None:
        """Play the chosen option for the user (the Host checks seat, turn and version)."""
        index = self.selected_index(interaction)
        await _dispatch(interaction, self.table_id, self.version, -1 if index is None else index)


def turn_options(host: Host, channel: str, language: str | None = None) -> TurnOptions | None:
    """The channel's current decision with its options (one Host read; blocking: use a worker thread).

    ``language`` is the table's (the options go under a public message). ``None`` when no game
    runs there, the game is over, no seated player is to act or a bot plays the seat to act (its
    turn follows at once: no buttons, no pointer to a private route). Hidden options never come back
    from the Host: then ``choices`` is empty and ``hidden`` is set.
    """
    turn = host.turn(channel, lang=language)
    return options_of(turn.data) if turn.ok else None


def options_of(turn: TurnData | None) -> TurnOptions | None:
    """The options of a decision the Host described (``Host.turn``'s data, or the ``options`` a move
    or a start carries: no further read); ``None`` as for :func:`turn_options`."""
    if turn is None or not turn.to_act or turn.version is None or turn.bot:
        return None
    return TurnOptions(
        table_id=turn.table_id,
        version=turn.version,
        user_id=turn.to_act,
        prompt=turn.prompt,
        choices=turn.choices,
        hidden=turn.hidden_choices,
    )


def option_lines(options: TurnOptions, limit: int = 160) -> list[str]:
    """One line per option (``**notation** — label``) for a message that carries buttons."""
    lines = []
    for notation, label in options.choices:
        if label in ("", notation):
            lines.append(fit(f"**{notation}**", limit))
        else:  # the label is shortened first: the option's preview stays whole
            lines.append(f"**{notation}** — {fit(label, max(limit - len(notation) - 7, 20))}")
    return lines


def turn_view(options: TurnOptions | None) -> discord.ui.View | None:
    """Buttons (≤ 5 options) or a select menu (≤ 25) for ``options``; ``None`` otherwise.

    Must be called inside the event loop (views need one); the menu's default hint is in the
    current language.
    """
    if options is None or not options.choices or len(options.choices) > MAX_MENU:
        return None
    view = discord.ui.View(timeout=None)
    if len(options.choices) <= MAX_BUTTONS:
        for index, (notation, _label) in enumerate(options.choices):
            view.add_item(ChoiceButton(options.table_id, options.version, index, notation, primary=index == 0))
        return view
    select_options = [
        discord.SelectOption(
            label=notation[:100],
            value=str(index),
            description=(fit(label, DESCRIPTION_LIMIT) if label and label != notation else None),
        )
        for index, (notation, label) in enumerate(options.choices)
    ]
    view.add_item(ChoiceMenu(options.table_id, options.version, select_options, options.prompt))
    return view


# ----------------------------------------------------------------------------------------------
# The full board and the replay viewer
# ----------------------------------------------------------------------------------------------
class ViewerHandler(Protocol):
    """What the picture buttons need from the command layer (``MeijiBot.tables`` implements it)."""

    async def full_board(self, interaction: discord.Interaction, table_id: int) -> None:
        """Show the clicking user the full board of table ``table_id`` (ephemeral)."""

    async def replay_step(self, interaction: discord.Interaction, table_id: int, position: int, board: bool) -> None:
        """Show position ``position`` of table ``table_id`` in the clicked replay message."""

    async def report_error(self, interaction: discord.Interaction, error: BaseException, where: str) -> None:
        """Log ``error`` with context and tell the user that nothing changed."""


async def _viewer(interaction: discord.Interaction, where: str, call: Any) -> None:
    handler = _handler(interaction)
    if handler is None:
        log.error("a picture button was clicked but the client has no table commands (%r)", interaction.client)
        return
    try:
        await call(handler)
    except Exception as exc:
        await handler.report_error(interaction, exc, where)


class BoardButton(discord.ui.DynamicItem[discord.ui.Button[discord.ui.View]], template=r"mt:board:(?P<table>[0-9]{1,18})"):
    """"Full board" under a turn picture: the detailed board of that table, only to the clicker."""

    def __init__(self, table_id: int) -> None:
        self.table_id = int(table_id)
        super().__init__(
            discord.ui.Button(label=_("Full board")[:80], style=discord.ButtonStyle.secondary,
                              custom_id=f"{PREFIX}:board:{self.table_id}")
        )

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> BoardButton:
        """Rebuild the button from its custom id (after a restart, too)."""
        return cls(int(match["table"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        """Show the clicker the full board (ephemeral, in their language)."""
        await _viewer(interaction, f"board {self.table_id}", lambda h: h.full_board(interaction, self.table_id))


class ReplayButton(
    discord.ui.DynamicItem[discord.ui.Button[discord.ui.View]],
    template=r"mt:rp:(?P<table>[0-9]{1,18}):(?P<position>-?[0-9]{1,6}):(?P<board>[01]):(?P<key>[a-z]{1,5})",
):
    """One step button of the replay viewer: show ``position`` (``-1`` = the latest) of a table,
    as the turn picture or (``board``) the full board. ``key`` keeps the custom ids of one message
    distinct (two buttons may lead to the same position)."""

    def __init__(self, table_id: int, position: int, board: bool, key: str, label: str = "",
                 disabled: bool = False) -> None:
        self.table_id, self.position, self.board = int(table_id), int(position), bool(board)
        super().__init__(
            discord.ui.Button(
                label=(label or key)[:80], style=discord.ButtonStyle.secondary, disabled=disabled,
                custom_id=f"{PREFIX}:rp:{self.table_id}:{self.position}:{int(self.board)}:{key}",
            )
        )

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> ReplayButton:
        """Rebuild the button from its custom id (after a restart, too)."""
        return cls(int(match["table"]), int(match["position"]), match["board"] == "1", match["key"],
                   getattr(item, "label", None) or "")

    async def callback(self, interaction: discord.Interaction) -> None:
        """Show the chosen position in the replay message."""
        await _viewer(interaction, f"replay {self.table_id}:{self.position}",
                      lambda h: h.replay_step(interaction, self.table_id, self.position, self.board))


class StoryButton(discord.ui.DynamicItem[discord.ui.Button[discord.ui.View]], template=r"mt:story:(?P<table>[0-9]{1,18})"):
    """"How the game went" in the replay viewer of a finished game: its story chart, only to the
    clicker."""

    def __init__(self, table_id: int) -> None:
        self.table_id = int(table_id)
        super().__init__(
            discord.ui.Button(label=_("How the game went")[:80], style=discord.ButtonStyle.secondary,
                              custom_id=f"{PREFIX}:story:{self.table_id}")
        )

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> StoryButton:
        """Rebuild the button from its custom id (after a restart, too)."""
        return cls(int(match["table"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        """Show the clicker the story chart (ephemeral, in their language)."""
        await _viewer(interaction, f"story {self.table_id}", lambda h: h.story(interaction, self.table_id))


class ReviewButton(discord.ui.DynamicItem[discord.ui.Button[discord.ui.View]],
                   template=r"mt:review:(?P<table>[0-9]{1,18})"):
    """"Your key moments" in the replay viewer of a finished game: the clicker's review (their
    three costliest decisions), only to the clicker."""

    def __init__(self, table_id: int) -> None:
        self.table_id = int(table_id)
        super().__init__(
            discord.ui.Button(label=_("Your key moments")[:80], style=discord.ButtonStyle.secondary,
                              custom_id=f"{PREFIX}:review:{self.table_id}")
        )

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> ReviewButton:
        """Rebuild the button from its custom id (after a restart, too)."""
        return cls(int(match["table"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        """Show the clicker their review (ephemeral, in their language)."""
        await _viewer(interaction, f"review {self.table_id}", lambda h: h.review(interaction, self.table_id))


#: The circled numbers of a review's key moments (its buttons and lines).
MOMENT_MARKS = ("①", "②", "③", "④", "⑤")
#: The replay viewer's button keys of a review's moments.
MOMENT_KEYS = ("ma", "mb", "mc", "md", "me")


def review_view(table_id: int, moments: Sequence[tuple[int, str]]) -> discord.ui.View | None:
    """A review's buttons: one per key moment ``(position, label)``, each opening the replay viewer
    at the board the decision was taken on (in the same message). ``None`` without moments. Must
    be called inside the event loop, in the user's language."""
    if not moments:
        return None
    view = discord.ui.View(timeout=None)
    for i, (position, label) in enumerate(moments[:len(MOMENT_KEYS)]):
        view.add_item(ReplayButton(table_id, position, False, MOMENT_KEYS[i], f"{MOMENT_MARKS[i]} {label}"))
    return view


def with_board_button(view: discord.ui.View | None, table_id: int) -> discord.ui.View:
    """``view`` (or a new one) with a "Full board" button on a row of its own."""
    view = view if view is not None else discord.ui.View(timeout=None)
    button = BoardButton(table_id)
    button.item.row = 4  # the last of Discord's five rows: below the move buttons or menu
    view.add_item(button)
    return view


#: The replay viewer's steps: (key, label, move) — ``move`` is added to the shown position.
REPLAY_STEPS: tuple[tuple[str, str, int | None], ...] = (
    ("f", "⏮", None), ("bb", "−10", -10), ("b", "◀ −1", -1), ("n", "+1 ▶", 1), ("nn", "+10", 10), ("l", "⏭", None),
)


def replay_view(table_id: int, position: int, count: int, board: bool = False, *,
                finished: bool = False) -> discord.ui.View:
    """The replay viewer's buttons for ``position`` of ``count``: first / −10 / −1 / +1 / +10 /
    last (disabled where they lead nowhere), a switch between the turn picture and the full
    board and, for a ``finished`` game, "How the game went" (its story chart) and "Your key moments"
    (the clicker's review, :func:`review_view`). Must be called
    inside the event loop, in the user's language."""
    view = discord.ui.View(timeout=None)
    for i, (key, label, step) in enumerate(REPLAY_STEPS):
        if step is None:  # the latest is looked up at the click (a running game goes on)
            target, disabled = (0, position == 0) if key == "f" else (-1, position >= count)
        else:
            target = min(count, max(0, position + step))
            disabled = target == position
        item = ReplayButton(table_id, target, board, key, label, disabled=disabled)
        item.item.row = 0 if i < 3 else 1
        view.add_item(item)
    switch = ReplayButton(table_id, position, not board, "v",
                          _("Turn picture") if board else _("Full board"))
    switch.item.row = 2
    view.add_item(switch)
    if finished:
        story = StoryButton(table_id)
        story.item.row = 2
        view.add_item(story)
        review = ReviewButton(table_id)
        review.item.row = 2
        view.add_item(review)
    return view
