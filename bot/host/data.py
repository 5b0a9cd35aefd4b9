"""The structured facts of a :class:`~bot.host.core.Reply` (``Reply.data``): one typed record per kind
of reply, read by attribute.

Records are frozen dataclasses; the items of their lists (events, accounts, players, log entries …)
are :class:`~typing.TypedDict` rows, plain JSON-ready dicts. Texts are in the language the reply
names (``Reply.language``: the table's; a private answer's in the caller's).
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from typing import Any, NotRequired, TypedDict

from ..records.queries import LeaderRow, UserStats


class EventRow(TypedDict):
    """A public event of a step: its ``kind``, acting ``seat`` (``None``: the game) and ``text``."""

    kind: str
    seat: int | None
    text: str


class ResultPlayer(TypedDict):
    """One player of a final result: ``seat``, ``name``, ``score`` (the game's value) and ``rank`` (1 = first)."""

    seat: int
    name: str
    score: Any
    rank: int


class ResultRow(TypedDict):
    """A final result: ``players`` in rank order and the game's ``solo`` facts (``None``: none)."""

    players: list[ResultPlayer]
    solo: dict[str, Any] | None


class AccountRow(TypedDict):
    """A turn account (:mod:`bot.host.accounts`): the acting ``seat``, ``who`` (``""`` for the game's
    own steps), its sentences ``lines``, ``automa`` (an automated opponent's turn) and the ``seq`` of
    its ``first`` and ``last`` log entries. ``new`` (only in the accounts of a committed change) are the
    sentences of the change's own log entries alone when the account began before it: a game that
    merges steps in its account ("places assistants in A and B") rewords the whole account, so a
    front end that printed the earlier steps prints ``new`` live rather than the account again."""

    seat: int | None
    who: str
    lines: list[str]
    automa: bool
    first: int
    last: int
    new: NotRequired[list[str]]


@dataclass(frozen=True)
class TurnData:
    """The decision a table waits for (:meth:`~bot.host.Host.turn`, and the ``options`` of a step).

    ``to_act`` is the user id of the seat to act (``None`` when no seated player is to act),
    ``to_act_seat`` its seat, ``bot`` the level of the bot playing that seat (``None``: a person),
    ``prompt`` the decision's prompt, ``hidden_choices`` whether the player is pointed to a private
    route for options naming hidden information; ``choices`` are the *public* options as
    ``(notation, label)`` (the indices :meth:`~bot.host.Host.choose` takes) at ``version``.
    """

    table_id: int
    version: int | None
    to_act: str | None = None
    to_act_seat: int | None = None
    bot: str | None = None
    prompt: str | None = None
    hidden_choices: bool = False
    choices: tuple[tuple[str, str], ...] = ()


@dataclass(frozen=True)
class StepData:
    """A start, move, undo or bot turn.

    ``next`` is the closing line (whose turn, or the final result), ``finished`` whether the game is
    over, ``result`` the final result once it is, ``solo`` whether the table has one seat,
    ``events`` the public events in order, ``automa`` the texts of the automated opponent's turns,
    ``step`` the step shown (public form; ``None`` for a start or undo), ``account`` the turn accounts
    of the change (``None`` for an undo; ``[]`` when building them failed), ``options`` the decision that
    follows (``None`` when the game is over or the reply did not compute it). A bot turn has ``bot``
    set, with the bot's ``seat`` and ``level``, and ``stalled`` when it completed a whole round of
    bot turns that changed no score or supply (:mod:`bot.host.stall`); a solo start against bots
    has ``bots`` (how many) and their ``level``.
    """

    table_id: int
    next: str
    finished: bool
    solo: bool
    events: list[EventRow] = field(default_factory=list)
    automa: list[str] = field(default_factory=list)
    result: ResultRow | None = None
    step: str | None = None
    account: list[AccountRow] | None = None
    options: TurnData | None = None
    bot: bool = False
    seat: int | None = None
    level: str | None = None
    bots: int = 0
    stalled: bool = False

    def but(self, **changes: Any) -> StepData:
        """A copy with ``changes`` (:func:`dataclasses.replace`)."""
        return dataclasses.replace(self, **changes)


@dataclass(frozen=True)
class OpenedData:
    """A new table: its id and public ``language``."""

    table_id: int
    language: str


@dataclass(frozen=True)
class BusyData:
    """The refusal of a new table while ``table_id`` (``game``, ``status``) is open or running in the
    channel; ``board_url`` links its latest public board (``None``: none stored)."""

    table_id: int
    game: str
    status: str
    board_url: str | None


@dataclass(frozen=True)
class SeatData:
    """A seat taken (join) or a bot seated (``level``: the bot's canonical level; ``None``: a person)."""

    seat: int
    level: str | None = None


@dataclass(frozen=True)
class IdleData:
    """The refusal of a bot turn when no bot is to act."""

    idle: bool = True


@dataclass(frozen=True)
class BoardData:
    """A board: the ``header`` line, the spectator's ``text``, the caller's own view ``seat_text``
    when it shows more (``None`` otherwise)."""

    table_id: int
    header: str
    text: str
    seat_text: str | None


@dataclass(frozen=True)
class ReplayData:
    """One position of the replay viewer: ``position`` of ``count``, the table's ``status`` and the
    ``move`` shown."""

    table_id: int
    position: int
    count: int
    status: str
    move: str


class PlayerRow(TypedDict):
    """A seat of :class:`StatusData`: ``seat``, ``user`` id, ``name``, stored ``label``, ``bot`` level
    (``None``: a person) and ``label_text`` (the label in the table's language)."""

    seat: int
    user: str
    name: str
    label: str | None
    bot: str | None
    label_text: str | None


@dataclass(frozen=True)
class StatusData:
    """A table's summary (:meth:`~bot.host.Host.status`); see there for the fields."""

    table_id: int
    game: str
    title: str
    status: str
    version: int
    options: dict[str, Any]
    players: list[PlayerRow]
    moves: int
    solo: bool
    reminder_hours: int | None
    timeout_hours: int | None
    board_url: str | None
    language: str
    hidden_information: bool
    to_act: str | None = None
    to_act_seat: int | None = None
    prompt: str | None = None
    kind: str | None = None


@dataclass(frozen=True)
class HandData:
    """The caller's own view (:meth:`~bot.host.Host.hand`): their ``seat``, whether they are
    ``to_act``, the ``prompt``, ``hidden_choices``, the view's ``text`` and the closing ``turn`` line."""

    table_id: int
    seat: int
    to_act: bool
    prompt: str
    hidden_choices: bool
    text: str
    turn: str


class ExportPlayer(TypedDict):
    """A seat of an export: ``seat``, ``user``, ``name``, ``label``, ``bot`` level."""

    seat: int
    user: str
    name: str
    label: str | None
    bot: str | None


class ExportMove(TypedDict):
    """An export's log entry: ``seq``, ``kind``, ``seat``, ``notation`` and the ``bot`` level that chose it."""

    seq: int
    kind: str
    seat: int | None
    notation: str
    bot: str | None


@dataclass(frozen=True)
class ExportData:
    """A table as a JSON-ready move log (docs/hosting.md); :meth:`as_json` gives the document."""

    game: str
    table_id: int
    engine_version: str
    data_digest: str | None
    options: dict[str, Any]
    seed: int | None
    status: str
    players: list[ExportPlayer]
    moves: list[ExportMove]
    complete: bool

    def as_json(self) -> dict[str, Any]:
        """The export as the JSON document front ends save (the fields as keys)."""
        return dataclasses.asdict(self)


@dataclass(frozen=True)
class AccountsData:
    """A table's turn accounts (:meth:`~bot.host.Host.accounts`)."""

    table_id: int
    accounts: list[AccountRow]


@dataclass(frozen=True)
class IntervalData:
    """A table's reminder interval or take-over timeout after a change (hours; ``None``: off);
    the other one is ``None``."""

    reminder_hours: int | None = None
    timeout_hours: int | None = None


@dataclass(frozen=True)
class LanguageData:
    """A table's public language after a change."""

    table_id: int
    language: str


@dataclass(frozen=True)
class BoardMessageData:
    """The stored latest board message's link of a table."""

    table_id: int
    board_url: str


@dataclass(frozen=True)
class TakeOverData:
    """A seat a bot took over: the table, its channel, the ``seat`` and the absent ``user_id``."""

    table_id: int
    channel: str
    seat: int
    user_id: str


@dataclass(frozen=True)
class ReturnData:
    """A seat its player took back from the bot."""

    table_id: int
    seat: int


class TurningRow(TypedDict):
    """A turning point of a story: ``turn``, ``round`` (``None``: a game without rounds), ``seat``, ``line``."""

    turn: int
    round: int | None
    seat: int | None
    line: str


class PointRow(TypedDict):
    """A turn of a story: ``turn``, ``seat``, ``round``, ``scores`` (VP per seat), ``chances`` (0–1 per seat)."""

    turn: int
    seat: int | None
    round: int | None
    scores: list[float]
    chances: list[float]


@dataclass(frozen=True)
class StoryData:
    """The story of a finished table: its ``turning`` points and every turn's ``points``."""

    table_id: int
    turning: list[TurningRow]
    points: list[PointRow]


class MomentRow(TypedDict):
    """A key moment of a review: ``position`` (the replay viewer's position of the board the
    decision was taken on), ``round`` (``None``: a game without rounds), ``chosen``/``best`` (the
    moves in words, the caller's language), ``chosen_chance``/``best_chance`` (0–1) and ``loss``
    (winning chance given away, 0–1), ``line`` (the moment told in one sentence)."""

    position: int
    round: int | None
    chosen: str
    best: str
    chosen_chance: float
    best_chance: float
    loss: float
    line: str


@dataclass(frozen=True)
class ReviewData:
    """A player's review of a finished table: ``table_id``, the reviewed ``seat``, ``decisions``
    judged, ``mean_loss`` (winning chance lost per decision, 0–1) and the key ``moments``."""

    table_id: int
    seat: int
    decisions: int
    mean_loss: float
    moments: list[MomentRow]


@dataclass(frozen=True)
class StatsData:
    """A player's records (:class:`~bot.records.queries.UserStats`)."""

    stats: UserStats


@dataclass(frozen=True)
class LeaderboardData:
    """A leaderboard page: ``page`` of ``pages`` and its ``rows`` (:class:`~bot.records.queries.LeaderRow`)."""

    page: int
    pages: int
    rows: list[LeaderRow]


@dataclass(frozen=True)
class ForgetData:
    """How many rows a ``forget`` deleted."""

    deleted: int


#: Every kind of ``Reply.data``.
ReplyData = (
    StepData | TurnData | OpenedData | BusyData | SeatData | IdleData | BoardData | ReplayData | StatusData
    | HandData | ExportData | AccountsData | IntervalData | LanguageData | BoardMessageData | TakeOverData
    | ReturnData | StoryData | ReviewData | StatsData | LeaderboardData | ForgetData
)


def table_of(data: object) -> int | None:
    """The table a reply's ``data`` is about (``None``: a record that names no table, or no data)."""
    if isinstance(data, StepData | TurnData | OpenedData | BusyData | BoardData | ReplayData | StatusData | HandData
                  | ExportData | AccountsData | LanguageData | BoardMessageData | TakeOverData | ReturnData
                  | StoryData | ReviewData):
        return data.table_id
    return None
