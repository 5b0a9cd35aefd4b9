"""Przygotowanie do gry (set-up): the table options and the initial state, whose random steps are pending
``CHANCE`` decisions."""

from __future__ import annotations

from typing import Any, Literal, cast

from engine.core import IllegalAction

from ..state import GOODS, NEUTRAL, PLAYER_COLOURS, RULES_REVISION, RULES_REVISIONS, Options, Player, YState
from ..tables import tables
from ..words import M
from .basics import MODULES
from .turn import advance


def validate_options(options: dict[str, Any]) -> Options:
    """Check table options: ``players`` 2–4; ``modules`` a subset of :data:`MODULES` (``-`` or ``_``);
    ``rules_revision`` one of :data:`RULES_REVISIONS` (an integer; :data:`RULES_REVISION` when absent).

    ``first_game`` (a flag any Discord table may carry) is accepted and ignored. Raises
    :class:`~engine.core.IllegalAction` (a ``ValueError``) whose ``reason`` is a Msg.
    """
    if not isinstance(options, dict):
        raise IllegalAction(M("Table options must be a mapping such as {example}.", example="{'players': 3}"))
    players = options.get("players", 2)
    if isinstance(players, bool) or not isinstance(players, int) or players not in (2, 3, 4):
        raise IllegalAction(M("Yokohama is played by 2 to 4 players."))
    unknown = sorted(str(k) for k in options if k not in ("players", "modules", "rules_revision", "first_game"))
    if unknown:
        raise IllegalAction(M("Yokohama has no option {option}; its options are the number of players, the "
                              "modules and the rules revision.", option=", ".join(unknown)))
    revision = options.get("rules_revision", RULES_REVISION)
    if isinstance(revision, bool) or not isinstance(revision, int) or revision not in RULES_REVISIONS:
        raise IllegalAction(M("Yokohama's rules revision is 1 (before the area action was mandatory) or 2 (the "
                              "current rules)."))
    raw = options.get("modules") or []
    if isinstance(raw, str):
        raw = [raw]
    modules: list[str] = []
    for m in raw:
        key = str(m).strip().lower().replace("-", "_")
        if key not in MODULES:
            raise IllegalAction(M("Yokohama has no module {module}; the modules are {modules}.", module=str(m),
                                  modules=", ".join(MODULES)))
        if key not in modules:
            modules.append(key)
    # the revision is one of RULES_REVISIONS (checked above)
    return Options(players=players, modules=[m for m in MODULES if m in modules],
                   rules_revision=cast(Literal[1, 2], revision))


def setup(options: dict[str, Any], seed: int) -> YState:
    """Build the initial state; every random step is a pending ``CHANCE`` decision.

    Order (Przygotowanie do gry): start player; the area boards into the layout cells; a building
    tile under each board (not the Canal); a 5-power token on each board; one achievement tile of
    A, B and C; (module) 4 reward tokens; technologies onto the Laboratory boards; orders removed
    unseen by player count, then onto the Port boards; 2 orders dealt to each player; then each
    player keeps one. Raises :class:`IllegalAction` for invalid options.
    """
    opts = validate_options(options)
    t = tables()
    n = opts.players
    boards = t.boards(n)
    players = []
    for seat in range(n):
        p = Player(seat=seat, colour=PLAYER_COLOURS[seat])
        p.hand_assistants = t.n["hand_assistants"]
        p.wh_assistants = t.n["warehouse_assistants"]
        p.hand_shops = t.n["hand_shops"]
        p.wh_shops = t.n["warehouse_shops"]
        p.wh_houses = t.n["warehouse_trading_houses"]
        for g in GOODS:
            setattr(p, g, t.n["start_goods_each"])
        players.append(p)
    effect = {b: t.effects[t.kind(b)].effect if t.kind(b) in t.effects else None for b in boards}
    labs: dict[str, list[str | None]] = {b: [None] * len(t.lab_surcharge) for b in boards if effect[b] == "laboratory"}
    ports: dict[str, list[str | None]] = {b: [None] * t.port_slots for b in boards if effect[b] == "port"}
    # 2-player mode: neutral pieces on the marked Church and Customs House spaces.
    church: list[int | None] = [NEUTRAL if (n == 2 and s.neutral_2p) else None for s in t.church]
    customs: list[int | None] = [NEUTRAL if (n == 2 and s.neutral_2p) else None for s in t.customs]
    tokens = [tok.id for tok in t.data.power_tokens
              if tok.expansion is None or tok.expansion in opts.modules]
    state = YState(
        options=opts, seed=seed, players=players, layout=[None] * len(t.layouts[n].cells), areas={},
        boards=boards, tech_deck=list(t.tech_ids), order_deck=list(t.order_ids), labs=labs, ports=ports,
        church=church, customs=customs, agent_supply=dict(t.agents), tiles_left=list(t.tile_ids),
        tokens_left=tokens,
    )
    # Frames are pushed in reverse: the last pushed runs first.
    st = state.stack
    st.append({"k": "auto", "what": "begin"})
    for seat in reversed(range(n)):
        st.append({"k": "auto", "what": "keep", "seat": seat})
    for seat in reversed(range(n)):
        for _ in range(t.n["setup_order_draw"]):
            st.append({"k": "chance", "what": "deal", "seat": seat})
    for port in reversed(sorted(ports)):
        for slot in reversed(range(t.port_slots)):
            st.append({"k": "chance", "what": "order", "port": port, "slot": slot})
    for _ in range(t.n["orders_removed"][str(n)]):
        st.append({"k": "chance", "what": "remove"})
    for lab in reversed(sorted(labs)):
        for slot in reversed(range(len(t.lab_surcharge))):
            st.append({"k": "chance", "what": "tech", "lab": lab, "slot": slot})
    if "achievement_rewards" in opts.modules:
        for _ in range(t.n["reward_tokens_revealed"]):
            st.append({"k": "chance", "what": "reward_token"})
    for group in reversed(sorted(t.achievement_groups)):
        st.append({"k": "chance", "what": "achievement", "group": group})
    st.append({"k": "auto", "what": "tokens"})
    st.append({"k": "auto", "what": "tiles"})
    for cell in reversed(range(len(state.layout))):
        st.append({"k": "chance", "what": "board", "cell": cell})
    st.append({"k": "chance", "what": "start"})
    advance(state, [])
    return state
