"""Rules topics of Nippon: short answers for a host's rules command (``/game rules``).

Each topic summarises a section of the rulebook (the section is named by its Polish heading, the
edition this engine follows) plus the move notation of ``docs/notation-nippon.md``. Texts are
``Msg``s of the ``nippon`` domain (titles and sections are terms), so a front end shows them in
any language; the examples are real notation (the tests parse every one of them).
"""

from __future__ import annotations

from engine.core.topics import COMMANDS, Topic

from .words import M, T

TOPICS: tuple[Topic, ...] = (
    Topic(
        "turn",
        T("rules topic", "Taking a turn"),
        T("rules section", "Kolejność rozgrywki (Nippon rulebook)"),
        M(
            "On your turn do exactly one thing: take a worker or consolidate. Take any worker from an "
            "action space that still has workers, put it on your leftmost empty worker space and perform "
            "one action shown under that space. You may only choose an action you can perform in full. "
            "With all 6 worker spaces full you must consolidate. After your turn an emptied action space "
            "takes the workers of the topmost non-empty worker row; when every row is empty, all spaces "
            "and rows are refilled from the bag and the scoring marker moves one space."
        ),
        ("take SPACE ACTION COLOUR", "consolidate"),
        ("take 1 knowledge red", "consolidate"),
        ("worker", "workers"),
    ),
    Topic(
        "invest",
        T("rules topic", "Invest in new industry"),
        T("rules section", "Inwestycje w nowy przemysł (Nippon rulebook)"),
        M(
            "Build one factory from the display for 6,000 yen: a good you do not produce yet (one factory "
            "per good). Silk and paper need knowledge 2, bento and lenses 4, clocks and light bulbs 6; "
            "pay one blueprint per missing level (knowledge is not spent). Stored machinery tiles are "
            "installed at once, then the factory's one-time bonus applies."
        ),
        ("factory TILE",),
        ("take 2 invest red", "factory SI-4"),
        ("factory", "build"),
    ),
    Topic(
        "produce",
        T("rules topic", "Produce goods"),
        T("rules section", "Produkcja Towarów (Nippon rulebook)"),
        M(
            "Run 1 to 3 different factories, one after the other. Each run pays its coal (2 / 3 / 4 by "
            "level, less with some bonuses) and puts 1 good plus its machine's +1 or +2 in its storage; "
            "storage holds 4 and a full factory cannot run. Type `done` to stop after a run."
        ),
        ("produce GOOD", "done"),
        ("take 1 produce red", "produce silk", "done"),
        ("production", "goods"),
    ),
    Topic(
        "mechanize",
        T("rules topic", "Mechanization"),
        T("rules section", "Mechanizacja (Nippon rulebook)"),
        M(
            "Make 1 to 3 upgrades for 5,000 yen each: a new +1 machine on a factory without one, or "
            "turn a +1 to +2. Only when no factory can take an upgrade may you buy a machinery tile for "
            "your supply; it goes onto your next factory at once (a second one makes it +2)."
        ),
        ("machine GOOD", "machine supply", "done"),
        ("take 4 mechanize red", "machine silk", "done"),
        ("machines", "machine"),
    ),
    Topic(
        "knowledge",
        T("rules topic", "Knowledge"),
        T("rules section", "Wiedza (Nippon rulebook)"),
        M(
            "Move your knowledge marker up 1, 2 or 3 spaces for 1,000 / 3,000 / 6,000 yen: each `up` is "
            "one space at its extra price (1,000, then 2,000, then 3,000). The marker never leaves the "
            "track. Your knowledge level is the number at or below the marker; it decides which factories "
            "you may build."
        ),
        ("up", "done"),
        ("take 1 knowledge red", "up", "done"),
        ("research",),
    ),
    Topic(
        "mines",
        T("rules topic", "Mines"),
        T("rules section", "Kopalnie (Nippon rulebook)"),
        M(
            "Move your coal marker up 1, 2 or 3 spaces for 1,000 / 3,000 / 6,000 yen, one `up` per space. "
            "The number at or below the marker is the coal you take at each consolidation."
        ),
        ("up", "done"),
        ("take 3 mines red", "up", "done"),
        ("mine", "mining", "coal"),
    ),
    Topic(
        "trains",
        T("rules topic", "Trains"),
        T("rules section", "Pociągi (Nippon rulebook)"),
        M(
            "Build 1 to 3 trains for 5,000 yen each, taken from the left of your board, each in a different "
            "region with a free train/ship space (8 / 6 / 4 per region at 4 / 3 / 2 players, shared with "
            "ships). At a scoring a train adds its value (+2, or +3) to your influence in its region if you "
            "have an influence tile there. Uncovering a money icon moves your money marker up."
        ),
        ("train REGION", "done"),
        ("take 4 trains red", "train R2", "done"),
        ("train", "railway"),
    ),
    Topic(
        "ships",
        T("rules topic", "Ships"),
        T("rules section", "Statki (Nippon rulebook)"),
        M(
            "Build 1 to 3 ships for 5,000 yen each, taken from the left of your board, each in a different "
            "region with a free train/ship space. At each scoring the players placed 1st and 2nd in a region "
            "also score the VP of their ships there (2, or 3). Uncovering a money icon moves your money "
            "marker up."
        ),
        ("ship REGION", "done"),
        ("take 3 ships red", "ship R3", "done"),
        ("ship", "boat"),
    ),
    Topic(
        "export",
        T("rules topic", "Export"),
        T("rules section", "Eksport (Nippon rulebook)"),
        M(
            "Fulfil 1 to 3 of your face-up contracts: discard all goods a contract shows at once (one good "
            "per cube, its number of each), gain its bonus, move your money marker up as printed and turn "
            "it face down. Name the good for each requirement, largest first."
        ),
        ("export CONTRACT GOOD…", "done"),
        ("take 2 export red", "export K1 silk"),
        ("contracts", "contract"),
    ),
    Topic(
        "market",
        T("rules topic", "Local market"),
        T("rules section", "Rynek lokalny, Dostępność pól Wpływu (Nippon rulebook)"),
        M(
            "Only from the rightmost action space. Place 1 to 3 influence tiles in one region: each time "
            "discard 1–3 goods a city demands and place a tile worth at most the table value (level 1: "
            "1/2/3, level 2: 3/4/5, level 3: 5/6/7) on the space next to that good, then gain the "
            "region's bonus. A space takes a tile only if empty or holding a lower one (which returns to "
            "its owner). With 3 players a city holds 3 tiles, with 2 players 2: a full city takes a tile "
            "on an empty space only if it beats the lowest there, which then returns (`evict SIDE` names "
            "it when several tie)."
        ),
        ("market CITY SIDE GOODS VALUE", "market CITY SIDE GOODS VALUE evict SIDE", "done"),
        ("take 5 market red", "market M3 N 2 2"),
        ("influence", "local market"),
    ),
    Topic(
        "consolidate",
        T("rules topic", "Consolidation"),
        T("rules section", "Konsolidacja (Nippon rulebook)"),
        M(
            "A whole turn. 1: discard your yen and coal and take the money and coal of your tracks. 2: with "
            "3 or more workers take an Emperor's reward tile of the multiplier above your rightmost worker "
            "or lower, gain its bonus and place it on a free achievement space (2x tiles once the reward "
            "area is empty). 3: pay 3,000 yen per worker colour, −2 VP for each colour you cannot pay; "
            "your workers return to the bag."
        ),
        ("consolidate", "reward MULT BONUS", "place ACHIEVEMENT"),
        ("consolidate", "reward 3 coal", "place A4"),
        ("cons", "reward", "payday"),
    ),
    Topic(
        "blueprints",
        T("rules topic", "Blueprints"),
        T("rules section", "Kolejność rozgrywki (Nippon rulebook)"),
        M(
            "At any decision of your own turn you may discard blueprints worth 3 to move your money, coal "
            "or knowledge marker up one space, as often as you like (only if the step you are in can still "
            "be completed). Blueprints also pay missing knowledge levels when you build a factory. They "
            "are counted by value."
        ),
        ("bp TRACK",),
        ("bp knowledge", "bp money"),
        ("bp", "blueprint"),
    ),
    Topic(
        "scoring",
        T("rules topic", "Scoring"),
        T("rules section", "Podliczanie Punktów (Nippon rulebook)"),
        M(
            "The scoring marker moves when all worker rows run dry; crossing each scoring symbol scores "
            "every region: influence tiles plus trains (only with a tile there); the foreign companies "
            "count the printed numbers of the uncovered spaces. 1st, 2nd and 3rd score the printed VP; ties "
            "add their places' VP and split them, rounded down. Players 1st and 2nd also score their ships "
            "there."
        ),
        (),
        (),
        ("influence", "majority"),
    ),
    Topic(
        "final",
        T("rules topic", "Final turns and final scoring"),
        T("rules section", "Pomoc Gracza, Finałowe Podliczanie (Nippon rulebook)"),
        M(
            "When the marker reaches the first golden space every player takes exactly 3 more turns, then "
            "the 3rd scoring. Then everyone's yen is reset to the money track, workers still on boards are "
            "paid (−2 VP per unpaid colour) and the 9 achievements score their base VP times the tile on "
            "them (1x printed on two of them, else 0). Most VP wins; a tie goes to the player who took the "
            "last turn, or sits closest before them."
        ),
        (),
        (),
        ("end", "achievements"),
    ),
    Topic(
        "notation",
        T("rules topic", "Move notation"),
        T("rules section", "docs/notation-nippon.md"),
        M(
            "Every choice has a short text form, case-insensitive, used by {move}, the buttons, the log "
            "and the terminal. A turn is several small steps: `take SPACE ACTION COLOUR` (or "
            "`consolidate`), then each repetition of the action, then `done`. You may also type the "
            "number of a move in the list; {log} shows the moves so far.",
            move=COMMANDS["move"],
            log=COMMANDS["log"],
        ),
        ("take SPACE ACTION COLOUR", "REPETITION …", "done", "N"),
        ("take 5 market blue", "market M2 E 1 1"),
        ("log",),
    ),
    Topic(
        "undo",
        T("rules topic", "Undo"),
        T("rules section", "Meiji Table house rule (not in the rulebook)"),
        M(
            "{undo} takes back your own latest step, but only while it is still your turn: never across "
            "another player's move or a random outcome (a worker drawn from the bag). The undo is written "
            "to the log, so {log} shows what was taken back.",
            undo=COMMANDS["undo"],
            log=COMMANDS["log"],
        ),
        (),
        (),
        ("take back", "mistake"),
    ),
)

#: The topics by key.
BY_KEY: dict[str, Topic] = {t.key: t for t in TOPICS}
