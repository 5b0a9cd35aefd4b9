"""Rules topics of Nippon: Zaibatsu: short answers for a host's rules command (``/game rules``).

Each topic is a few sentences summarising one section of the published rulebook plus the move
notation of docs/notation-zaibatsu.md, so a player can go from "how does this work?" to the move to
type. Texts are ``Msg``s of the ``zaibatsu`` domain (titles and sections are terms), so a front end
shows them in any language; the examples are real notation (the tests parse every one of them with
the engine).

A topic's ``section`` cites the rulebook a player owns: "Rulebook: " and the section's heading, with
the page where the rulebook's own cross-references give one (all editions share one layout), e.g.
"Rulebook: Consolidation, p. 17". The English heading renders the one the Polish, Russian and German
editions print; each language's catalogue uses that edition's printed heading ("Instrukcja:
Konsolidacja, str. 17", "Правила: Консолидация, с. 17", "Spielanleitung: Konsolidieren, S. 17").
Rules the rulebook does not cover say so ("Rulebook: not covered (Meiji Table house rule)").

A front end reads them through :meth:`engine.zaibatsu.game.ZaibatsuGame.rules_topics`; a topic
that names one of the host's commands (``undo``, ``log``, ``move``) takes the front end's spelling
with :meth:`Topic.answer`.
"""

from __future__ import annotations

from collections.abc import Mapping

from engine.core.topics import COMMANDS, Topic

from .words import M, T

TOPICS: tuple[Topic, ...] = (
    Topic(
        "turn",
        T("rules topic", "Your turn"),
        T("rules section", "Rulebook: Gameplay"),
        M(
            "On your turn do exactly one thing. Either take a worker (any colour) from a hiring "
            "space that still has workers, put it in the lowest empty slot of your workforce and "
            "perform one of the two actions printed under that space (usually 1–3 activations, then "
            "`done`); or consolidate. You can't take an action with a full workforce (6 workers) or "
            "one you can't activate at least once; if no action is legal you must consolidate. "
            "After your turn an empty hiring space is refilled from the top row of the waiting area."
        ),
        ("take H ACTION COLOUR", "consolidate", "done"),
        ("take 4 rd red", "rd 1"),
        (),
    ),
    Topic(
        "setup",
        T("rules topic", "Start tiles (draft)"),
        T("rules section", "Rulebook: Starting conditions"),
        M(
            "The start player is chosen at random. P+1 random pairs of one A and one B start tile "
            "are laid out; starting with the player to the right of the start player and going "
            "counter-clockwise (the start player picks last) each player takes a pair: resolve the "
            "effect of tile A, set your starting VP from it, and gain everything printed on tile B."
        ),
        ("pair A B", "side paper|cotton", "worker COLOUR"),
        ("pair A3 B5",),
        ("draft", "start tiles"),
    ),
    Topic(
        "rd",
        T("rules topic", "R&D"),
        T("rules section", "Rulebook: R&D action"),
        M(
            "One activation: pay 1 / 3 / 6 money to advance R&D +1 / +2 / +3, collecting every "
            "track bonus you reach or pass. Your R&D level decides which factories you may build: "
            "level-1 goods (cotton, paper) need R&D 2, level 2 (bento, lenses) R&D 4, level 3 "
            "(light bulbs, clocks) R&D 6."
        ),
        ("rd N",),
        ("take 4 rd red", "rd 1"),
        ("r&d", "research"),
    ),
    Topic(
        "mining",
        T("rules topic", "Mining"),
        T("rules section", "Rulebook: Mining action"),
        M(
            "One activation: pay 1 / 3 / 6 money to advance Mining +1 / +2 / +3 (bonuses reached or "
            "passed are collected). Your Mining position sets the coal you gain at each "
            "consolidation."
        ),
        ("mine N",),
        ("take 2 mining blue", "mine 2"),
        ("mine",),
    ),
    Topic(
        "factory",
        T("rules topic", "Build factory"),
        T("rules section", "Rulebook: Factory action, Building a factory, p. 10"),
        M(
            "One activation: pay 6 money (4 with start tile A8) and build one factory from the "
            "display, on the side shown. Your R&D level (plus a silk boost) must reach the "
            "factory's level requirement. It goes in your leftmost empty factory slot and its "
            "instant effect, if any, applies at once. Several factories of the same type are "
            "allowed."
        ),
        ("factory SIDE [silkS]",),
        ("take 3 factory white", "factory cotton1A silk1"),
        (),
    ),
    Topic(
        "machines",
        T("rules topic", "Machines"),
        T("rules section", "Rulebook: Machines action"),
        M(
            "1–3 activations, each on a different factory: pay 5 money and put your leftmost "
            "machine into an empty machine slot. The left slot costs nothing extra; the right slot "
            "costs 1 extra (proposed: 1 iron). Every machine adds 1 good to that factory's "
            "production."
        ),
        ("machine F L", "machine F R", "done"),
        ("take 2 machines grey", "machine 1 L", "done"),
        ("machine",),
    ),
    Topic(
        "production",
        T("rules topic", "Production"),
        T("rules section", "Rulebook: Production action"),
        M(
            "1–3 activations, each on a different factory (never the old factory): pay 2 / 3 / 4 "
            "coal for a level 1 / 2 / 3 factory and put 1 + (its machines) goods into its 4 goods "
            "slots. Goods that don't fit are lost; goods never move between factories."
        ),
        ("produce F",),
        ("take 4 production red", "produce 1"),
        ("produce",),
    ),
    Topic(
        "ships",
        T("rules topic", "Ships (Iwakura Mission)"),
        T("rules section", "Rulebook: Ships action, Building a ship, p. 12"),
        M(
            "1–3 activations, each to a different destination: pay 3 iron or 5 money + 1 iron. The "
            "destination must still have its expert and a free ship slot. Place your leftmost ship, "
            "put the expert in your lowest empty workforce slot (so you need a free slot after the "
            "action worker) and take the destination's upgrade tile for that department (once). The "
            "expert counts as a worker of its colour and goes home after your consolidation."
        ),
        ("ship DEST iron", "ship DEST money", "done"),
        ("take 1 ships yellow", "ship berlin iron", "ship san_francisco iron", "done"),
        ("ship", "iwakura"),
    ),
    Topic(
        "trains",
        T("rules topic", "Railways (trains)"),
        T("rules section", "Rulebook: Trains action, Building a train, p. 13"),
        M(
            "1–3 activations, each in a different region: pay 3 iron or 5 money + 1 iron, put your "
            "leftmost train on a free train slot of the region and gain the slot's bonus (it can "
            "pay for the next activation). At period scoring each train adds +2 influence in its "
            "region, but only if you also have an influence token there."
        ),
        ("train R S iron", "train R S money", "done"),
        ("take 1 trains black", "train R1 1 iron", "train R2 2 money", "done"),
        ("train", "railways"),
    ),
    Topic(
        "markets",
        T("rules topic", "Local markets"),
        T("rules section", "Rulebook: Local Markets action, p. 14"),
        M(
            "1–3 activations, all in one region. Each: choose an influence slot, pay 1–3 goods of "
            "the type shown on the adjacent side of the demand tile, and place your token of "
            "exactly the matching value (level 1 goods: 1/2/3, level 2: 3/4/5, level 3: 5/6/7 for "
            "1/2/3 goods). An occupied slot can only be taken by a strictly higher token (the old "
            "one goes back). Each market holds 2/3/4 tokens for 2/3/4 players. Then take the region "
            "bonus or 2 VP."
        ),
        ("market M D SRC bonus", "market M D SRC vp", "evict D2"),
        ("take 5 markets blue", "market M1 N 1 bonus"),
        ("market", "local markets"),
    ),
    Topic(
        "investments",
        T("rules topic", "Investments & contracts"),
        T("rules section", "Rulebook: Investments & Contracts action"),
        M(
            "1–3 activations in order: the first pays 1 good, the second 2 goods of another type, "
            "the third 3 goods of a third type. Each gives Finance +2 or fulfils one of your "
            "contracts (gain its bonus; it goes in the leftmost empty contract slot). The two "
            "special contracts need a level-2 / level-3 good among the goods spent in this action."
        ),
        ("invest SRC finance", "invest SRC Cn", "done"),
        ("take 3 investments red", "invest 2 finance", "invest 1.1 C7"),
        ("contracts", "invest"),
    ),
    Topic(
        "silk",
        T("rules topic", "Silk"),
        T("rules section", "Rulebook: Note on silk"),
        M(
            "When you build a factory you may pay 1 / 3 / 6 silk to count your R&D level as +1 / +2 "
            "/ +3 for that build only (the marker does not move). At any moment of your own turn, "
            "also in your final consolidation, you may turn 1 silk into 1 money, as often as you "
            "like: the table converts silk automatically when a money payment falls short."
        ),
        ("factory SIDE silkS", "convert N"),
        ("factory cotton1A silk1", "convert 2"),
        (),
    ),
    Topic(
        "departments",
        T("rules topic", "Departments"),
        T("rules section", "Rulebook: Department bonuses, p. 13"),
        M(
            "Six departments, one per worker colour; activating one gives its normal yield, or the "
            "upgraded yield once you hold its upgrade tile (from the Iwakura Mission). Black "
            "Energy: 2 coal (3). Red Prospecting: 2 silk (3). Grey Transport: 2 iron (3). Blue "
            "Finance: 3 money (5). White Innovation: R&D +1 or Mining +1 (+2 on one, or +1 on "
            "each). Yellow Foreign Affairs: 2 VP (4). Bonuses come from consolidation, tracks, your "
            "board, contracts and factories."
        ),
        ("dept COLOUR", "white rd", "white mining", "white both"),
        ("dept blue", "white rd"),
        ("department",),
    ),
    Topic(
        "consolidation",
        T("rules topic", "Consolidation"),
        T("rules section", "Rulebook: Consolidation, p. 17"),
        M(
            "Allowed with at least 1 worker in your workforce. A: prestige tile — if your topmost "
            "worker is in slot 4/5/6 take a level 1/2/3 tile (or one from a lower stack) onto an "
            "empty goal slot. B: taxes — lose all money and coal (protected coal excepted). C: gain "
            "the bottom worker's department bonus; with 4+ workers and different top/bottom colours "
            "also the top worker's; then coal from Mining and money from Finance. D: payday — 3 "
            "money per distinct colour, never your last money, −1 VP per money you can't pay; "
            "experts go home, workers back to the bag."
        ),
        ("consolidate", "prestige L GOAL", "keep M C", "pay"),
        ("consolidate", "prestige 1 rd", "white mining", "pay"),
        ("consolidate",),
    ),
    Topic(
        "rounds",
        T("rules topic", "Hiring refills and rounds"),
        T("rules section", "Rulebook: End of round, p. 18"),
        M(
            "At the end of every turn an empty hiring space takes all workers of the topmost "
            "non-empty waiting row; if the waiting area is empty the round ends: score influence if "
            "the period ends, advance the round marker, add 1 worker to every hiring space with 2 "
            "or fewer and refill the waiting area. Turn order just continues. After 5 normal rounds "
            "come 3 final rounds: every player takes exactly 3 more turns, with no refills."
        ),
        (),
        (),
        ("hiring", "round"),
    ),
    Topic(
        "scoring",
        T("rules topic", "Periods and influence scoring"),
        T("rules section", "Rulebook: Influence scoring, p. 18"),
        M(
            "At the end of each of the 3 periods every region is scored, left to right. Your "
            "influence is the sum of your tokens in its two markets plus 2 per train there (trains "
            "count only with a token). The foreign companies have the printed values of the "
            "uncovered slots. Places 1st–4th earn the period's VP values; tied participants share "
            "the values of the places they occupy (rounded down). With 2 players the 2nd value is "
            "skipped."
        ),
        (),
        (),
        ("periods", "influence"),
    ),
    Topic(
        "final",
        T("rules topic", "Game end and final scoring"),
        T("rules section", "Rulebook: Game end, p. 19"),
        M(
            "After the third final round (and Period III scoring) everyone consolidates once more, "
            "even with an empty workforce. Then score prestige tiles (tracks, "
            "ships/machines/trains, factories, contracts: 5/8/10 or 10/16/20 VP by level and "
            "threshold), 1 VP per 3 coal + silk + iron + goods, and 1 VP per 5 money. Most VP wins; "
            "on a tie the player who took their last turn later wins."
        ),
        ("convert N", "pay"),
        (),
        ("end",),
    ),
    Topic(
        "undo",
        T("rules topic", "Undo"),
        T("rules section", "Rulebook: not covered (Meiji Table house rule)"),
        M(
            "{undo} takes back your own latest step, but only while it is still your turn: never "
            "across another player's move, a random outcome (a worker drawn from the bag, a tile) "
            "or a step that revealed information. The undo is written to the log, so {log} shows "
            "what was taken back.",
            undo=COMMANDS["undo"],
            log=COMMANDS["log"],
        ),
        (),
        (),
        (),
    ),
    Topic(
        "notation",
        T("rules topic", "Move notation"),
        T("rules section", "Rulebook: Gameplay (notation: docs/notation-zaibatsu.md)"),
        M(
            "Every choice has a short text form, case-insensitive, used by {move}, the buttons, the "
            "log and the terminal. A turn is several small steps: `take H ACTION COLOUR` (or "
            "`consolidate`), then the activations one by one, then `done`. Bonus choices come up as "
            "they happen. You may also type the number of a move in the list; {move} autocomplete "
            "shows every legal move with its label.",
            move=COMMANDS["move"],
        ),
        ("take H ACTION COLOUR", "ACTIVATION …", "done", "N"),
        ("take 5 markets blue", "market M2 E 2 bonus"),
        (),
    ),
)

#: The topics by key.
BY_KEY: Mapping[str, Topic] = {t.key: t for t in TOPICS}
