"""Text notation for Nippon actions (documented in ``docs/notation-nippon.md``).

A move is a keyword followed by space-separated arguments, ASCII and case-insensitive::

    take 1 knowledge red    consolidate    up    done    bp coal
    factory BE-2            produce silk   machine silk   machine supply
    train R2                ship R3        export K4 silk paper
    market M3 N 2 5         market M3 N 2 5 evict W
    reward 3 coal           place A4
    ~red  ~seat2  ~C4  ~r1  ~coal        (chance outcomes)

``format_action`` and ``parse_action`` are exact inverses for every legal action:
``parse_action(format_action(a)) == a``. Notation is never translated; the reasons of refused
input are Msgs.
"""

from __future__ import annotations

from functools import partial

from engine.core import Action, IllegalAction
from engine.core.notation import NotationWords, canon, need, no_arguments, number, unknown

from .data import ACTIONS, GOODS, TRACKS
from .tables import tables
from .words import M, Mn, T

#: Longest accepted move text (longer input is refused before parsing).
MAX_LEN = 200
SIDES = ("N", "E", "S", "W")

ACTION_ALIASES = {
    "invest": "invest", "investment": "invest", "industry": "invest",
    "produce": "produce", "production": "produce",
    "mechanize": "mechanize", "mechanise": "mechanize", "mechanization": "mechanize", "mechanisation": "mechanize",
    "machines": "mechanize",
    "knowledge": "knowledge",
    "mines": "mines", "mine": "mines", "mining": "mines",
    "trains": "trains", "train": "trains",
    "ships": "ships", "ship": "ships",
    "export": "export", "contracts": "export",
    "market": "market", "local": "market", "localmarket": "market", "local_market": "market",
}
GOODS_ALIASES = {g: g for g in GOODS} | {"bulb": "bulbs", "lightbulbs": "bulbs", "light_bulbs": "bulbs",
                                         "lens": "lenses", "clock": "clocks"}
REWARD_KINDS = ("blueprints", "coal", "money")

EXAMPLES = {
    "take": "take 1 knowledge red",
    "factory": "factory BE-2",
    "produce": "produce silk",
    "machine": "machine silk",
    "train": "train R2",
    "ship": "ship R3",
    "export": "export K4 silk paper",
    "market": "market M3 N 2 5",
    "reward": "reward 3 coal",
    "place": "place A4",
    "bp": "bp knowledge",
}
KEYWORDS = sorted({*EXAMPLES, "consolidate", "done", "up"})

#: Names of the parts of a move, for refusals.
PARTS = {
    "action space": T("move part", "The action space"),
    "worker colour": T("move part", "worker colour"),
    "factory": T("move part", "factory"),
    "good": T("move part", "good"),
    "region": T("move part", "region"),
    "contract": T("move part", "contract"),
    "city": T("move part", "city"),
    "cubes": T("move part", "The number of goods"),
    "value": T("move part", "The influence value"),
    "multiplier": T("move part", "The multiplier"),
    "bonus": T("move part", "reward bonus"),
    "achievement": T("move part", "achievement space"),
    "track": T("move part", "track"),
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
_int = partial(number, WORDS, max_digits=3)  # plain ASCII digits only
_need = partial(need, WORDS)


def format_action(action: Action) -> str:
    """Notation of ``action`` (see module docstring)."""
    k, a = action.kind, action.args
    if k == "chance":
        return f"~{a[0]}"
    if k == "market":
        text = f"market {a[0]} {a[1]} {a[2]} {a[3]}"
        return text + (f" evict {a[4]}" if a[4] != "-" else "")
    return " ".join([k, *(str(x) for x in a)])


def _goods(value: str, example: str) -> str:
    g = GOODS_ALIASES.get(value.lower())
    if g is None:
        raise unknown(WORDS, value, GOODS, "good", example)
    return g


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
                              example=repr(EXAMPLES["take"])))
    tokens = text.strip().split()
    if not tokens:
        raise IllegalAction(M("Empty move. Type a move such as 'take 1 knowledge red', or a number from the list."))
    kw, rest = tokens[0].lower(), tokens[1:]
    t = tables()
    if kw.startswith("~"):
        value = tokens[0][1:] or (rest[0] if rest else "")
        if not value or len(rest) > (0 if tokens[0][1:] else 1):
            raise IllegalAction(M("A chance outcome is one word after '~', e.g. '~red'."))
        return Action("chance", (_chance_canon(value),))
    if kw in ("consolidate", "cons", "done", "up"):
        no_arguments(WORDS, rest, kw)
        return Action("consolidate" if kw == "cons" else kw)
    if kw == "take":
        _need(rest, 3, "take")
        space = _int(rest[0], "action space", EXAMPLES["take"])
        act = ACTION_ALIASES.get(rest[1].lower())
        if act is None:
            raise IllegalAction(M("Unknown action {action}; actions: {actions}.", action=repr(rest[1]),
                                  actions=", ".join(ACTIONS)))
        colour = _canon(rest[2], t.colours, "worker colour", EXAMPLES["take"])
        return Action("take", (space, act, colour))
    if kw in ("factory", "invest"):
        _need(rest, 1, "factory")
        return Action("factory", (_canon(rest[0], t.factory_ids, "factory", EXAMPLES["factory"]),))
    if kw == "produce":
        _need(rest, 1, "produce")
        return Action("produce", (_goods(rest[0], EXAMPLES["produce"]),))
    if kw == "machine":
        _need(rest, 1, "machine")
        if rest[0].lower() == "supply":
            return Action("machine", ("supply",))
        return Action("machine", (_goods(rest[0], EXAMPLES["machine"]),))
    if kw in ("train", "ship"):
        _need(rest, 1, kw)
        return Action(kw, (_canon(rest[0], t.region_ids, "region", EXAMPLES[kw]),))
    if kw == "export":
        if not 2 <= len(rest) <= 4:
            raise IllegalAction(M("'export' takes a contract and the good paying each of its requirements, "
                                  "e.g. {example}.", example=repr(EXAMPLES["export"])))
        cid = _canon(rest[0], t.contract_ids, "contract", EXAMPLES["export"])
        return Action("export", (cid, *(_goods(g, EXAMPLES["export"]) for g in rest[1:])))
    if kw == "market":
        if len(rest) not in (4, 6):
            raise IllegalAction(M("'market' takes city, side, goods and value, e.g. {example}.",
                                  example=repr(EXAMPLES["market"])))
        city = _canon(rest[0], list(t.city_by_id), "city", EXAMPLES["market"])
        side = rest[1].upper()
        if side not in SIDES:
            raise IllegalAction(M("The influence space is N, E, S or W, not {value}.", value=repr(rest[1])))
        cubes = _int(rest[2], "cubes", EXAMPLES["market"])
        token_value = _int(rest[3], "value", EXAMPLES["market"])
        evict = "-"
        if len(rest) == 6:
            if rest[4].lower() != "evict" or rest[5].upper() not in SIDES:
                raise IllegalAction(M("Expected 'evict N|E|S|W' after the value."))
            evict = rest[5].upper()
        return Action("market", (city, side, cubes, token_value, evict))
    if kw == "reward":
        _need(rest, 2, "reward")
        mult = _int(rest[0].lower().rstrip("x"), "multiplier", EXAMPLES["reward"])
        return Action("reward", (mult, _canon(rest[1], REWARD_KINDS, "bonus", EXAMPLES["reward"])))
    if kw == "place":
        _need(rest, 1, "place")
        return Action("place", (_canon(rest[0], t.achievement_ids, "achievement", EXAMPLES["place"]),))
    if kw in ("bp", "blueprint", "blueprints"):
        _need(rest, 1, "bp")
        return Action("bp", (_canon(rest[0], TRACKS, "track", EXAMPLES["bp"]),))
    raise IllegalAction(M("Unknown word {word}. Moves start with: {keywords}; or type a number from the list.",
                          word=repr(tokens[0]), keywords=", ".join(KEYWORDS)))


def _chance_canon(value: str) -> str:
    """The canonical form of a chance outcome (worker colour, ``seatN``, city tile, ``rN``, bonus)."""
    t = tables()
    known = [*t.colours, *t.city_tiles, *REWARD_KINDS, *(f"r{i}" for i in range(4)), *(f"seat{i}" for i in (1, 2, 3, 4))]
    found = {k.lower(): k for k in known}.get(value.lower())
    if found is None:
        raise IllegalAction(M("Unknown chance outcome {value}.", value=repr(value)))
    return found
