"""Text notation for Yokohama actions (documented in ``docs/notation-yokohama.md``).

A move is a keyword followed by space-separated arguments, ASCII and case-insensitive::

    main   end   agent copper1   free-agent bank   achieve A2   order L03   university   spin
    put bank   double tea1   skip   done
    go church   tram porta   station   home   recall fish2
    sell tea   buy copper   buy ig
    church 3 hand copper silk yen   customs 2 area   hire house   tech 3 1 yen   port 1 3 ig
    pass   token   shop 2   house   leave   all   keep L03   good fish   shift hand bank   stop
    take   station laba   reward R2
    ~seat2  ~copper1  ~B05  ~P12  ~A3  ~R4  ~T17  ~M05        (chance outcomes)

``format_action`` and ``parse_action`` are exact inverses for every legal action:
``parse_action(format_action(a)) == a``. Notation is never translated; the reasons of refused
input are Msgs.
"""

from __future__ import annotations

from functools import partial

from engine.core import Action, IllegalAction
from engine.core.notation import NotationWords, canon, need, number

from .state import GOODS
from .tables import tables
from .words import M, Mn, T

#: Longest accepted move text (longer input is refused before parsing).
MAX_LEN = 200
PIECES = ("assistant", "shop", "house")
SOURCES = ("area", "hand")
PAYMENTS = ("copper", "silk", "tea", "fish", "ig", "yen")
EXTRAS = ("-", "yen", "ig")

EXAMPLES = {
    "agent": "agent copper1", "free-agent": "free-agent bank", "achieve": "achieve A1", "order": "order L03",
    "put": "put bank", "double": "double tea1", "go": "go church", "tram": "tram porta", "recall": "recall fish1",
    "sell": "sell tea", "buy": "buy copper", "church": "church 3 hand copper silk", "customs": "customs 2 area",
    "hire": "hire shop", "tech": "tech 3 0 -", "port": "port 1 3 yen", "shop": "shop 2", "keep": "keep L03",
    "good": "good fish", "shift": "shift hand bank", "station": "station", "reward": "reward R2",
}
#: Keywords without arguments.
BARE = ("main", "end", "university", "spin", "skip", "done", "home", "pass", "token", "house", "leave", "all",
        "stop", "take")
KEYWORDS = sorted({*EXAMPLES, *BARE})

PARTS = {
    "area": T("move part", "area"),
    "tile": T("move part", "achievement tile"),
    "order": T("move part", "order card"),
    "good": T("move part", "good"),
    "space": T("move part", "The space"),
    "source": T("move part", "assistant source"),
    "payment": T("move part", "payment"),
    "piece": T("move part", "piece"),
    "number": T("move part", "The number"),
    "surcharge": T("move part", "surcharge payment"),
    "token": T("move part", "reward token"),
}

#: The refusal texts of the shared notation checks, in this game's message domain.
WORDS = NotationWords(
    parts=PARTS,
    examples=EXAMPLES,
    unknown=lambda **a: M("Unknown {what} {value}; expected one of: {known} (e.g. {example}).", **a),
    not_number=lambda **a: M("{what} must be a number, not {value} (e.g. {example}).", **a),
    arguments=lambda n, **a: Mn("{keyword} takes {n} argument, e.g. {example}.",
                                "{keyword} takes {n} arguments, e.g. {example}.", n, **a),
    no_arguments=lambda **a: M("{keyword} takes no arguments.", **a),
)
_canon = partial(canon, WORDS)
_int = partial(number, WORDS, max_digits=2)
_need = partial(need, WORDS)


def format_action(action: Action) -> str:
    """Notation of ``action`` (see module docstring)."""
    if action.kind == "chance":
        return f"~{action.args[0]}"
    return " ".join([action.kind, *(str(x) for x in action.args)])


def parse_action(text: str) -> Action:
    """Parse notation into an :class:`Action` (legality is checked by ``apply``).

    Raises :class:`IllegalAction` for oversized, non-ASCII or ill-formed text, naming what was
    expected.
    """
    if len(text) > MAX_LEN:
        raise IllegalAction(M("That move is {length} characters long; moves are at most {most}.", length=len(text),
                              most=MAX_LEN))
    if not text.isascii():
        raise IllegalAction(M("Moves are written in plain ASCII letters and digits, e.g. {example}.",
                              example=repr(EXAMPLES["put"])))
    tokens = text.strip().split()
    if not tokens:
        raise IllegalAction(M("Empty move. Type a move such as 'put bank', or a number from the list."))
    kw, rest = tokens[0].lower(), tokens[1:]
    t = tables()
    areas = t.area_ids
    if kw.startswith("~"):
        value = tokens[0][1:] or (rest[0] if rest else "")
        if not value or len(rest) > (0 if tokens[0][1:] else 1):
            raise IllegalAction(M("A chance outcome is one word after '~', e.g. '~B05'."))
        return Action("chance", (_chance_canon(value),))
    if kw in BARE:
        if rest:
            raise IllegalAction(WORDS.no_arguments(keyword=repr(kw)))
        return Action(kw)
    if kw == "station":
        if not rest:
            return Action("station")
        _need(rest, 1, kw)
        return Action("station", (_canon(rest[0], areas, "area", EXAMPLES["go"]),))
    if kw in ("agent", "free-agent", "put", "double", "go", "tram", "recall"):
        _need(rest, 1, kw)
        return Action(kw, (_canon(rest[0], areas, "area", EXAMPLES[kw]),))
    if kw == "achieve":
        _need(rest, 1, kw)
        return Action(kw, (_canon(rest[0], list(t.achievements), "tile", EXAMPLES[kw]),))
    if kw in ("order", "keep"):
        _need(rest, 1, kw)
        return Action(kw, (_canon(rest[0], t.order_ids, "order", EXAMPLES[kw]),))
    if kw in ("sell", "buy", "good"):
        _need(rest, 1, kw)
        known = [*GOODS, "ig"] if kw == "buy" else list(GOODS)
        return Action(kw, (_canon(rest[0], known, "good", EXAMPLES[kw]),))
    if kw == "church":
        if len(rest) < 2:
            raise IllegalAction(M("'church' takes a space, 'area' or 'hand', then what you pay, e.g. {example}.",
                                  example=repr(EXAMPLES["church"])))
        space = _int(rest[0], "space", EXAMPLES[kw])
        src = _canon(rest[1], SOURCES, "source", EXAMPLES[kw])
        pays = tuple(_canon(x, PAYMENTS, "payment", EXAMPLES[kw]) for x in rest[2:])
        return Action(kw, (space, src, *pays))
    if kw == "customs":
        _need(rest, 2, kw)
        return Action(kw, (_int(rest[0], "space", EXAMPLES[kw]), _canon(rest[1], SOURCES, "source", EXAMPLES[kw])))
    if kw == "hire":
        _need(rest, 1, kw)
        return Action(kw, (_canon(rest[0], PIECES, "piece", EXAMPLES[kw]),))
    if kw == "tech":
        _need(rest, 3, kw)
        return Action(kw, (_int(rest[0], "space", EXAMPLES[kw]), _int(rest[1], "number", EXAMPLES[kw]),
                           _canon(rest[2], EXTRAS, "surcharge", EXAMPLES[kw])))
    if kw == "port":
        if len(rest) == 1:
            return Action(kw, (_int(rest[0], "space", EXAMPLES[kw]),))
        if len(rest) != 3:
            raise IllegalAction(M("'port' takes one space (one order), or two spaces and 'yen' or 'ig' "
                                  "(two orders), e.g. {example}.", example=repr(EXAMPLES["port"])))
        return Action(kw, (_int(rest[0], "space", EXAMPLES[kw]), _int(rest[1], "space", EXAMPLES[kw]),
                           _canon(rest[2], ("yen", "ig"), "payment", EXAMPLES[kw])))
    if kw == "shop":
        _need(rest, 1, kw)
        return Action(kw, (_int(rest[0], "space", EXAMPLES[kw]),))
    if kw == "shift":
        _need(rest, 2, kw)
        return Action(kw, (_canon(rest[0], [*areas, "hand"], "area", EXAMPLES[kw]),
                           _canon(rest[1], areas, "area", EXAMPLES[kw])))
    if kw == "reward":
        _need(rest, 1, kw)
        return Action(kw, (_canon(rest[0], list(t.reward_tokens), "token", EXAMPLES[kw]),))
    raise IllegalAction(M("Unknown word {word}. Moves start with: {keywords}; or type a number from the list.",
                          word=repr(tokens[0]), keywords=", ".join(KEYWORDS)))


def _chance_canon(value: str) -> str:
    """The canonical form of a chance outcome (``seatN``, a board, tile, token, card id)."""
    t = tables()
    known = [*(f"seat{i}" for i in (1, 2, 3, 4)), *t.area_ids, *t.tile_ids, *t.tokens, *t.achievements,
             *t.reward_tokens, *t.tech_ids, *t.order_ids]
    found = {k.lower(): k for k in known}.get(value.lower())
    if found is None:
        raise IllegalAction(M("Unknown chance outcome {value}.", value=repr(value)))
    return found
