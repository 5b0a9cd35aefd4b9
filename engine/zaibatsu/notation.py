"""Text notation for Nippon: Zaibatsu actions (documented in ``docs/notation-zaibatsu.md``).

A move is a keyword followed by space-separated arguments, case-insensitive::

    take 3 factory red        consolidate        done
    rd 2      mine 1          factory cotton1A silk1
    machine 2 L               produce 2 +f3      ship berlin iron
    train R2 3 money          market M3 E 2.2 bonus evict W
    invest 2.2 C7             dept blue          white rd2
    ~red  (a chance outcome)

``format_action`` and ``parse_action`` are exact inverses for every legal action:
``parse_action(state, format_action(a)) == a``. Notation itself is never translated; the reasons
of refused input are Msgs.
"""

from __future__ import annotations

from functools import partial

from engine.core import Action, IllegalAction
from engine.core.notation import NotationWords, canon, need, no_arguments, number

from .data import ACTIONS, COLOURS
from .tables import tables
from .words import M, Mn, T

MAX_LEN = 200

ACTION_ALIASES = {
    "rd": "rd", "r&d": "rd", "research": "rd", "mining": "mining", "mine": "mining",
    "factory": "factory", "machines": "machines", "machine": "machines", "production": "production",
    "produce": "production", "ships": "ships", "ship": "ships", "trains": "trains", "train": "trains",
    "railways": "trains", "railway": "trains", "markets": "markets", "market": "markets",
    "investments": "investments", "investment": "investments", "contracts": "investments", "invest": "investments",
}

EXAMPLES = {
    "take": "take 3 factory red",
    "rd": "rd 2",
    "mine": "mine 1",
    "factory": "factory cotton1A (or: factory cotton1A silk1)",
    "machine": "machine 2 L",
    "produce": "produce 2",
    "ship": "ship berlin iron",
    "train": "train R2 3 money",
    "market": "market M3 E 2.2 bonus",
    "invest": "invest 2.2 finance",
    "dept": "dept blue",
    "white": "white rd",
    "pair": "pair A3 B5",
    "prestige": "prestige 1 rd",
    "convert": "convert 2",
    "keep": "keep 2 1",
    "spread": "spread 1.2.3",
    "trade": "trade yes",
    "region": "region R2",
    "side": "side paper",
    "worker": "worker red",
    "mod": "mod 3",
    "reward": "reward 2",
}
KEYWORDS = sorted({*EXAMPLES, "consolidate", "done", "pay", "skip"})

#: Names of the parts of a move, for refusals ("Unknown {what} …", "{what} must be a number …").
PARTS = {
    "worker colour": T("move part", "worker colour"),
    "factory": T("move part", "factory"),
    "destination": T("move part", "destination"),
    "payment": T("move part", "payment"),
    "region": T("move part", "region"),
    "market": T("move part", "market"),
    "reward": T("move part", "reward"),
    "start tile": T("move part", "start tile"),
    "colour": T("move part", "colour"),
    "choice": T("move part", "choice"),
    "goal slot": T("move part", "goal slot"),
    "answer": T("move part", "answer"),
    "side": T("move part", "side"),
    "The hiring space": T("move part", "The hiring space"),
    "The modifier's factory slot": T("move part", "The modifier's factory slot"),
    "The number of steps": T("move part", "The number of steps"),
    "The silk paid": T("move part", "The silk paid"),
    "The factory slot": T("move part", "The factory slot"),
    "Each goods source (a factory slot)": T("move part", "Each goods source (a factory slot)"),
    "The train slot": T("move part", "The train slot"),
    "The prestige level": T("move part", "The prestige level"),
    "The silk converted": T("move part", "The silk converted"),
    "Money kept": T("move part", "Money kept"),
    "Coal kept": T("move part", "Coal kept"),
    "The reward number": T("move part", "The reward number"),
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
_int = partial(number, WORDS)
_need = partial(need, WORDS)


def _mod(m: object) -> str:
    return f" +f{m}" if m else ""


def format_action(action: Action) -> str:
    """Notation of ``action`` (see module docstring)."""
    k, a = action.kind, action.args
    if k == "chance":
        return f"~{a[0]}"
    if k == "take":
        return f"take {a[0]} {a[1]} {a[2]}"
    if k in ("consolidate", "done", "pay", "skip"):
        return k
    if k == "rd":
        return f"rd {a[0]}{_mod(a[1])}"
    if k == "mining":
        return f"mine {a[0]}{_mod(a[1])}"
    if k == "factory":
        return f"factory {a[0]}" + (f" silk{a[1]}" if a[1] else "")
    if k == "machine":
        return f"machine {a[0]} {a[1]}{_mod(a[2])}"
    if k == "produce":
        return f"produce {a[0]}{_mod(a[1])}"
    if k == "ship":
        return f"ship {a[0]} {a[1]}{_mod(a[2])}"
    if k == "train":
        return f"train {a[0]} {a[1]} {a[2]}{_mod(a[3])}"
    if k == "market":
        return f"market {a[0]} {a[1]} {a[2]} {a[3]}" + (f" evict {a[4]}" if a[4] != "-" else "")
    if k == "invest":
        return f"invest {a[0]} {a[1]}{_mod(a[2])}"
    if k == "pair":
        return f"pair {a[0]} {a[1]}"
    return " ".join([k, *(str(x) for x in a)])


def _split_mod(tokens: list[str], example: str) -> tuple[list[str], int]:
    # Notation is case-insensitive (module docstring): '+F3' is the same modifier as '+f3'.
    if tokens and tokens[-1].lower().startswith("+f"):
        return tokens[:-1], _int(tokens[-1][2:], "The modifier's factory slot", example)
    return tokens, 0


def _sources(value: str, example: str) -> str:
    parts = value.split(".")
    for p in parts:
        _int(p, "Each goods source (a factory slot)", example)
    return ".".join(str(int(p)) for p in parts)


def parse_action(text: str) -> Action:
    """Parse notation into an :class:`Action` (legality is checked by ``apply``).

    Raises :class:`IllegalAction` for oversized or ill-formed text, naming what was expected.
    """
    if len(text) > MAX_LEN:
        raise IllegalAction(M("That move is {length} characters long; moves are at most {most}.", length=len(text),
                              most=MAX_LEN))
    tokens = text.strip().split()
    if not tokens:
        raise IllegalAction(M("Empty move. Type a move such as 'take 3 factory red', or a number from the list."))
    kw, rest = tokens[0].lower(), tokens[1:]
    t = tables()
    if kw.startswith("~"):
        value = kw[1:] if len(tokens[0]) > 1 else (rest[0] if rest else "")
        if not value:
            raise IllegalAction(M("A chance outcome needs a value, e.g. '~red'."))
        return Action("chance", (_chance_canon(tokens[0][1:] or rest[0]),))
    if kw in ("consolidate", "cons", "done", "pay", "skip"):
        no_arguments(WORDS, rest, kw)
        return Action("consolidate" if kw == "cons" else kw)
    if kw == "take":
        _need(rest, 3, "take")
        h = _int(rest[0], "The hiring space", EXAMPLES["take"])
        act = ACTION_ALIASES.get(rest[1].lower())
        if act is None:
            raise IllegalAction(M("Unknown action {action}; actions: {actions}.", action=repr(rest[1]),
                                  actions=", ".join(ACTIONS)))
        colour = _canon(rest[2], list(COLOURS), "worker colour", EXAMPLES["take"])
        return Action("take", (h, act, colour))
    if kw in ("rd", "mine", "mining"):
        key = "rd" if kw == "rd" else "mine"
        rest, mod = _split_mod(rest, EXAMPLES[key])
        _need(rest, 1, key)
        steps = _int(rest[0].lstrip("+"), "The number of steps", EXAMPLES[key])
        return Action("rd" if kw == "rd" else "mining", (steps, mod))
    if kw == "factory":
        if len(rest) not in (1, 2):
            raise IllegalAction(M("'factory' takes a factory and optional silk, e.g. {example}.",
                                  example=repr(EXAMPLES["factory"])))
        side = _canon(rest[0], sorted(t.sides), "factory", EXAMPLES["factory"])
        silk = 0
        if len(rest) == 2:
            if not rest[1].lower().startswith("silk"):
                raise IllegalAction(M("Expected 'silkN' after the factory, e.g. {example}.",
                                      example=repr(EXAMPLES["factory"])))
            silk = _int(rest[1][4:], "The silk paid", EXAMPLES["factory"])
        return Action("factory", (side, silk))
    if kw == "machine":
        rest, mod = _split_mod(rest, EXAMPLES["machine"])
        _need(rest, 2, "machine")
        slot = _int(rest[0], "The factory slot", EXAMPLES["machine"])
        lr = rest[1].upper()
        if lr not in ("L", "R"):
            raise IllegalAction(M("The machine slot is L or R, not {value}.", value=repr(rest[1])))
        return Action("machine", (slot, lr, mod))
    if kw == "produce":
        rest, mod = _split_mod(rest, EXAMPLES["produce"])
        _need(rest, 1, "produce")
        return Action("produce", (_int(rest[0], "The factory slot", EXAMPLES["produce"]), mod))
    if kw == "ship":
        rest, mod = _split_mod(rest, EXAMPLES["ship"])
        _need(rest, 2, "ship")
        dest = _canon(rest[0], [d.id for d in t.destinations], "destination", EXAMPLES["ship"])
        pay = _canon(rest[1], ["iron", "money", "free", "extra"], "payment", EXAMPLES["ship"])
        return Action("ship", (dest, pay, mod))
    if kw == "train":
        rest, mod = _split_mod(rest, EXAMPLES["train"])
        _need(rest, 3, "train")
        region = _canon(rest[0], t.region_ids, "region", EXAMPLES["train"])
        slot = _int(rest[1], "The train slot", EXAMPLES["train"])
        pay = _canon(rest[2], ["iron", "money", "free", "extra"], "payment", EXAMPLES["train"])
        return Action("train", (region, slot, pay, mod))
    if kw == "market":
        if len(rest) not in (4, 6):
            raise IllegalAction(M("'market' takes market, slot, goods sources and reward, e.g. {example}.",
                                  example=repr(EXAMPLES["market"])))
        mid = _canon(rest[0], list(t.market_by_id), "market", EXAMPLES["market"])
        d = rest[1].upper()
        if d not in ("N", "E", "S", "W"):
            raise IllegalAction(M("The influence slot is N, E, S or W, not {value}.", value=repr(rest[1])))
        src = _sources(rest[2], EXAMPLES["market"])
        reward = _canon(rest[3], ["bonus", "vp"], "reward", EXAMPLES["market"])
        evict = "-"
        if len(rest) == 6:
            if rest[4].lower() != "evict" or rest[5].upper() not in ("N", "E", "S", "W"):
                raise IllegalAction(M("Expected 'evict N|E|S|W' after the reward."))
            evict = rest[5].upper()
        return Action("market", (mid, d, src, reward, evict))
    if kw == "invest":
        rest, mod = _split_mod(rest, EXAMPLES["invest"])
        _need(rest, 2, "invest")
        src = _sources(rest[0], EXAMPLES["invest"])
        reward = _canon(rest[1], ["finance", *sorted(t.contracts)], "reward", EXAMPLES["invest"])
        return Action("invest", (src, reward, mod))
    if kw == "pair":
        _need(rest, 2, "pair")
        a = _canon(rest[0], sorted(t.start), "start tile", EXAMPLES["pair"])
        b = _canon(rest[1], sorted(t.start), "start tile", EXAMPLES["pair"])
        return Action("pair", (a, b))
    if kw in ("dept", "worker"):
        _need(rest, 1, kw)
        return Action(kw, (_canon(rest[0], list(COLOURS), "colour", EXAMPLES[kw]),))
    if kw == "white":
        _need(rest, 1, "white")
        return Action("white", (_canon(rest[0], ["rd", "mining", "rd2", "mining2", "both"], "choice", "white rd"),))
    if kw == "prestige":
        _need(rest, 2, "prestige")
        lvl = _int(rest[0], "The prestige level", EXAMPLES["prestige"])
        goal = _canon(rest[1], t.goal_ids, "goal slot", EXAMPLES["prestige"])
        return Action("prestige", (lvl, goal))
    if kw == "convert":
        _need(rest, 1, "convert")
        return Action("convert", (_int(rest[0], "The silk converted", EXAMPLES["convert"]),))
    if kw == "keep":
        _need(rest, 2, "keep")
        return Action("keep", (_int(rest[0], "Money kept", EXAMPLES["keep"]), _int(rest[1], "Coal kept", EXAMPLES["keep"])))
    if kw == "spread":
        _need(rest, 1, "spread")
        return Action("spread", (_sources(rest[0], EXAMPLES["spread"]),))
    if kw == "trade":
        _need(rest, 1, "trade")
        return Action("trade", (_canon(rest[0], ["yes", "no"], "answer", EXAMPLES["trade"]),))
    if kw == "region":
        _need(rest, 1, "region")
        return Action("region", (_canon(rest[0], t.region_ids, "region", EXAMPLES["region"]),))
    if kw == "side":
        _need(rest, 1, "side")
        return Action("side", (_canon(rest[0], ["paper", "cotton"], "side", EXAMPLES["side"]),))
    if kw == "reward":
        _need(rest, 1, "reward")
        return Action("reward", (_int(rest[0], "The reward number", EXAMPLES["reward"]),))
    if kw == "mod":
        _need(rest, 1, "mod")
        return Action("mod", (_int(rest[0], "The factory slot", EXAMPLES["mod"]),))
    raise IllegalAction(M("Unknown word {word}. Moves start with: {keywords}; or type a number from the list.",
                          word=repr(tokens[0]), keywords=", ".join(KEYWORDS)))


def _chance_canon(value: str) -> str:
    t = tables()
    known = [*COLOURS, *sorted(t.demand), *sorted(t.start), "A", "B",
             *(a.id for a in t.data.automa_tiles), *(g.id for g in t.data.solo_goals),
             *(g.id for g in t.data.common_goals)]
    for k in known:
        if k.lower() == value.lower():
            return k
    v = value.lower()
    if v.startswith(("r", "seat")) or "+" in v or v.rstrip("0123456789") in {g.id for g in t.data.goods}:
        return v
    raise IllegalAction(M("Unknown chance outcome {value}.", value=repr(value)))
