"""Rules topics of Yokohama: short answers for a host's rules command (``/game rules``).

Each topic is a few sentences summarising one section of the published rulebook (the 2024 Polish
edition this engine follows, cited by its heading in the reader's language: "Yokohama rulebook:
President movement rules", in Polish the rulebook's own "Instrukcja: Zasady ruchu prezesa") plus the move notation of the section's choices, so a player can go from "how does this
work?" to the move to type. Texts are ``Msg``s of the ``yokohama`` domain (titles and sections are
terms), so a front end shows them in any language; the examples are real notation (the tests parse
every one of them with the engine).

The numbers are the rulebook's; the tests compare the costs and bonuses named here with the
engine's data (``data/rule_numbers.json``). A topic that names one of the host's commands (``hand``)
takes the front end's spelling with :meth:`Topic.answer`.
"""

from __future__ import annotations

from engine.core.topics import Topic

from .effects import power_table
from .words import M, T

#: How the answers name the private-view command unless a front end gives its own spelling.
HAND_COMMAND = "/game hand"

TOPICS: tuple[Topic, ...] = (
    Topic(
        "turn",
        T("rules topic", "Overview and your turn"),
        T("rules section", "Yokohama rulebook: Course of the game, Course of a turn"),
        M(
            "You are merchants in Meiji-era Yokohama scoring VP with goods, orders, technologies, shops and "
            "trading houses. Play goes clockwise from the start player. Your turn has three phases: "
            "A) additional actions; B) the main action in six steps: 1 placement, 2 movement, 3 area action, "
            "4 5-power bonus (if possible), 5 build a shop or trading house (optional), 6 recovery; C) "
            "additional actions again. Steps 1, 2, 3 and 6 are mandatory, but if step 2 returns your president "
            "to your hand you skip steps 3–6 and go straight to phase C. Type `main` to leave phase A and "
            "`end` to finish your turn in phase C. When an end condition is met the round is finished, one "
            "more full round is played and the final scoring follows."
        ),
        ("main", "end"),
        ("main", "end"),
        ("overview", "turn", "phases", "round"),
    ),
    Topic(
        "additional",
        T("rules topic", "Additional actions and foreign agents"),
        T("rules section", "Yokohama rulebook: Additional action phase"),
        M(
            "In phase A (before the main action) and phase C (after it) you may, in any order: use a foreign "
            "agent, fulfil achievements and fulfil orders (see those topics); University and Spinning Mill are "
            "used here too. A foreign agent may be used only once per turn: if you used one in phase A you "
            "cannot use one in phase C (free agents of the mini-expansions count as agents). Turn the agent "
            "face down and choose an area that holds at least 1 of your assistants and not your president "
            "(other presidents may be there; you pay them nothing). Then do steps 3–6 of the main action "
            "there: the area action at your power (without the president), the 5-power bonus, build and "
            "recovery. A used agent scores nothing at the end; an unused one scores 1 VP."
        ),
        ("agent AREA", "free-agent AREA", "achieve TILE", "order CARD", "main", "end"),
        ("agent copper1", "free-agent bank", "main"),
        ("agent", "agents", "foreign agent", "phase a", "phase c"),
    ),
    Topic(
        "achievements",
        T("rules topic", "Achievements"),
        T("rules section", "Yokohama rulebook: Fulfilling achievements, Achievement tiles"),
        M(
            "Three achievement tiles are in play, one each of A, B and C. In phase A or C, if you meet a tile's "
            "condition, put an assistant from your hand on its leftmost free space and score its VP: the "
            "first player to do it scores the upper value, every later player the lower one. The assistant "
            "stays there for the rest of the game. Nothing is spent: the condition is only checked. Each "
            "player may fulfil each tile once, and may fulfil all three. A tiles: hold the trade goods shown. "
            "B tiles: own the cards or tokens shown (technologies, fulfilled orders, imported goods, 5-power "
            "tokens). C tiles: have built a shop or a trading house in the given numbers of production and "
            "commercial areas; an area counts once even with both."
        ),
        ("achieve TILE",),
        ("achieve A1",),
        ("achievement", "tiles"),
    ),
    Topic(
        "orders",
        T("rules topic", "Orders and country pairs"),
        T("rules section", "Yokohama rulebook: Fulfilling orders, Matching country symbols"),
        M(
            "You hold at most 3 order cards and may never discard one to make room. In phase A or C you may "
            "fulfil an order from your hand: put it face up in front of you, return the trade goods it shows "
            "and take its reward (Ball adds 2 VP, Language School 1 yen). Every technology card, fulfilled "
            "order and achievement reward token shows one country symbol. Each time your symbols make a new "
            "pair of one country (the 2nd, 4th, 6th … symbol of it) you take a foreign agent of that country "
            "from the supply, if one is left: there are 2 American, 1 Dutch, 3 British, 2 French and 2 "
            "German agents. A pair made while that country's agents are gone gives nothing, then or later. "
            "Unfulfilled orders score nothing at the end."
        ),
        ("order CARD",),
        ("order L03",),
        ("order", "country", "countries", "pairs", "symbols"),
    ),
    Topic(
        "placement",
        T("rules topic", "Step 1: placement"),
        T("rules section", "Yokohama rulebook: Placement step, Placement rules"),
        M(
            "Choose one option. A) Place up to 3 assistants from your hand, each in a different area (up to 4 "
            "with Newspaper): `put AREA` for each, then `done`. B) Place 2 assistants from your hand in one "
            "area: `double AREA` (with Telegraph you may then put 1 more in an adjacent area). Assistants "
            "come only from your hand, never from the warehouse or a board. You may place where a president "
            "stands: for each opponent's president in that area pay its owner 1 yen per assistant you place "
            "there; if you cannot pay, you cannot place there. Your own president costs nothing. Nobody "
            "ever places on the Canal. `skip` places no assistant."
        ),
        ("put AREA", "double AREA", "done", "skip"),
        ("put bank", "double tea1", "done"),
        ("place", "assistants", "fees", "newspaper", "telegraph"),
    ),
    Topic(
        "movement",
        T("rules topic", "Step 2: moving the president"),
        T("rules section", "Yokohama rulebook: Movement step, President movement rules"),
        M(
            "Choose one option. A) Move your president to an allowed area: one with at least 1 of your "
            "assistants and no other president. From your hand it goes straight to any allowed area. From the "
            "board it must go to a different allowed area, one adjacent area at a time, as far as you like: "
            "every area it enters must hold your assistant; passing an area with an opponent's president "
            "costs 1 yen to that player; it may not come back to the area it started from this turn. The Canal "
            "is the one exception: you may cross it for 1 yen to the bank but never stop there. `go AREA` "
            "takes the cheapest path and pays for it. If your president cannot move, take option B. B) "
            "`home`: return your president and then any of your assistants on area boards (`recall AREA` "
            "each, then `done`) to your hand, skip steps 3–6 and go to phase C. Tram, Station and Postal "
            "System change these rules (see the technologies)."
        ),
        ("go AREA", "home", "recall AREA", "done", "tram AREA", "station"),
        ("go church", "home", "recall fish1"),
        ("move", "president", "canal", "path"),
    ),
    Topic(
        "power",
        T("rules topic", "Step 3: power and the area action"),
        T("rules section", "Yokohama rulebook: Area action step"),
        M(
            "Take the action of the area where your president stands, at your power there: 1 for each of your "
            "assistants, 1 for your president, 1 for your shop on the area's building tile, 1 for your trading "
            "house there and 1 for the station token (it counts for every player); at most 5, more is "
            "ignored. What each power gives is in the area topics. When you take an area action where another "
            "player owns the trading house, that player takes 1 yen from the bank (never from your own "
            "action). After the action: the 5-power bonus, build and recovery."
        ),
        (),
        (),
        ("area action", "strength", "trading house income"),
    ),
    Topic(
        "production",
        T("rules topic", "What each area gives at each power"),
        T("rules section", "Yokohama rulebook: The areas in detail"),
        # The table is generated from the component data (area_effects.json, rule_numbers.json), so it
        # always agrees with what the area actions do.
        M("Production areas give trade goods, the Bank yen; trade goods, imported goods and yen never run "
          "out. The other areas are explained in their own topics.\n{table}", table=power_table()),
        ("go AREA",),
        ("go silk1", "go porta"),
        ("copper", "fish", "fishery", "silk", "tea", "bank", "goods", "power table", "area effects", "build power"),
    ),
    Topic(
        "chinatown",
        T("rules topic", "Chinatown"),
        T("rules section", "Yokohama rulebook: The areas in detail: Chinatown"),
        M(
            "Make as many exchanges with the bank as your power (1–5), one at a time, so yen from one exchange "
            "can pay for the next: 2 yen for 1 copper or 1 raw silk, or back; 1 yen for 1 tea or 1 fish, or "
            "back; 4 yen for 1 imported good (never back: imported goods cannot be sold). There is no direct "
            "goods-for-goods exchange. Type `done` to stop early. Chinatown is not used with 2 players."
        ),
        ("sell GOOD", "buy GOOD", "done"),
        ("sell tea", "buy ig", "done"),
        ("exchange", "market", "sell", "buy"),
    ),
    Topic(
        "church",
        T("rules topic", "Church"),
        T("rules section", "Yokohama rulebook: The areas in detail: Church"),
        M(
            "Your faith is your power (1–5) plus what you pay, each kind at most once, for 1 faith each: 1 "
            "copper, 1 raw silk, 1 tea, 1 fish, 1 imported good, 2 yen. Place 1 assistant, from the Church area "
            "or from your hand, on an empty space of the Church board whose number is at most your faith, and "
            "gain its reward; leftover faith is lost. The assistant stays there for the rest of the game "
            "(Winery adds 3 VP). Move rewards are taken at once. Write the space, where the assistant comes "
            "from and what you pay; you pay only when you place. The area action is mandatory: `pass` (placing "
            "nothing) is allowed only when no empty space is within the faith of your power alone. At the end "
            "the most assistants on this board score 6 VP, the second most 3 VP."
        ),
        ("church SPACE area|hand PAYMENT…", "pass"),
        ("church 3 hand copper silk", "pass"),
        ("faith",),
    ),
    Topic(
        "customs",
        T("rules topic", "Customs House"),
        T("rules section", "Yokohama rulebook: The areas in detail: Customs House"),
        M(
            "Pay imported goods for a space of the Customs House board: nothing at power 1, up to 1 / 2 / 3 / 4 "
            "imported goods at power 2 / 3 / 4 / 5. Place 1 assistant, from the Customs House area or from your "
            "hand, on an empty space whose number equals the imported goods you pay, and gain its reward "
            "(Brickworks adds 4 VP). The assistant stays there for the rest of the game. The area action is "
            "mandatory: `pass` (placing nothing) is allowed only when you cannot pay for any empty space. At "
            "the end the most assistants on this board score 8 VP, the second most 4 VP."
        ),
        ("customs SPACE area|hand", "pass"),
        ("customs 2 area", "pass"),
        ("imported goods", "ig", "customs house"),
    ),
    Topic(
        "agency",
        T("rules topic", "Employment Agency"),
        T("rules section", "Yokohama rulebook: The areas in detail: Employment Agency"),
        M(
            "Take pieces from your warehouse to your hand: nothing at power 1, up to 1 / 2 / 3 / 4 pieces at "
            "power 2 / 3 / 4 / 5, in any mix. An assistant is free, a shop costs 2 yen, a trading house 4 yen "
            "for your first, then 5, 6 and 7 yen (counting every trading house you ever took out). Only pieces "
            "in your hand can be placed or built. A reward showing the warehouse icon takes that piece the "
            "same way, at the same price. Type `done` to stop early."
        ),
        ("hire assistant|shop|house", "done"),
        ("hire shop", "done"),
        ("employment agency", "warehouse", "hire"),
    ),
    Topic(
        "laboratory",
        T("rules topic", "Laboratory"),
        T("rules section", "Yokohama rulebook: The areas in detail: Laboratory"),
        M(
            "Laboratory A takes cards from the Laboratory A board only, B from B. Choose one technology card "
            "there; its cost is its production value plus the surcharge of its space (the 4 rightmost spaces "
            "cost more). Pay the cost in production value: 1 per power (at most 5 from power), 1 per 2 yen, 1 "
            "per imported good; extra is lost. Your 4th and every later technology also costs 2 yen or 1 "
            "imported good on top. You may never own two cards of the same name. Then check for a country pair. "
            "The cards slide left and a new one is drawn into the rightmost space (it stays empty once the deck "
            "is out). Write the space, the imported goods you pay (the rest is yen) and `-`, `yen` or `ig` for "
            "the 4th-card extra. The area action is mandatory: `pass` (no card) is allowed only when your power "
            "alone pays for no card here."
        ),
        ("tech SPACE IG -|yen|ig", "pass"),
        ("tech 3 0 -", "pass"),
        ("lab", "technology", "research", "production value"),
    ),
    Topic(
        "port",
        T("rules topic", "Port"),
        T("rules section", "Yokohama rulebook: The areas in detail: Port"),
        M(
            "Port A takes cards from the Port A board only, B from B. Take 1 order for free, or pay 2 yen or "
            "1 imported good to take 2. Your power limits the levels: nothing at power 1, low orders at 2, "
            "low or mid at 3, any level at 4 and 5; at power 5 you also score 3 VP. You may never hold more "
            "than 3 orders. The cards slide left and the empty spaces are refilled from the deck; if the deck "
            "cannot fill them all, the end of the game is triggered. `pass` takes nothing."
        ),
        ("port SPACE", "port SPACE SPACE yen|ig", "pass"),
        ("port 1", "port 1 3 yen"),
        ("orders", "docks", "take orders"),
    ),
    Topic(
        "bonus",
        T("rules topic", "Step 4: the 5-power bonus"),
        T("rules section", "Yokohama rulebook: 5-power bonus step"),
        M(
            "If you took the area action at power 5 and the area's 5-power token is still there, you may take "
            "it: keep it face down in front of you and gain its reward at once. Each area has one token and "
            "it is gone once taken. 5-power tokens also count for some B achievements."
        ),
        ("token", "skip"),
        ("token", "skip"),
        ("5-power", "token", "five"),
    ),
    Topic(
        "build",
        T("rules topic", "Step 5: building"),
        T("rules section", "Yokohama rulebook: Building a shop or trading house step"),
        M(
            "If you took the area action at power 4 or more, you may build one piece from your hand (never from "
            "the warehouse) on the area's building tile and gain the reward of its space: a shop on an empty "
            "shop space (at most 1 of your shops per tile), or a trading house on the tile's one trading-house "
            "space if it is empty. Gas Lighting adds 2 VP per shop, Electric Lighting 3 VP per trading house. "
            "Your buildings stay and give you 1 power each in that area; a trading house also earns you 1 yen "
            "whenever another player takes that area's action. Building all 8 shops or all 4 trading houses "
            "triggers the end of the game."
        ),
        ("shop SPACE", "house", "skip"),
        ("shop 2", "house", "skip"),
        ("shop", "shops", "trading house", "building"),
    ),
    Topic(
        "recovery",
        T("rules topic", "Step 6: recovery"),
        T("rules section", "Yokohama rulebook: Recovery step"),
        M(
            "Return all your assistants from the area where you took the action to your hand. Your president, "
            "shops and trading houses stay. With Telephone you may leave 1 assistant there (`leave`) or take "
            "them all (`all`). Assistants on the Church and Customs House boards and on achievement tiles "
            "never come back."
        ),
        ("leave", "all"),
        ("leave", "all"),
        ("recover", "return"),
    ),
    Topic(
        "rewards",
        T("rules topic", "Reward symbols"),
        T("rules section", "Yokohama rulebook: Symbols"),
        M(
            "Rewards on tiles, boards, tokens and cards give VP, yen, trade goods or imported goods. Any trade "
            "good: choose copper, raw silk, tea or fish (`good GOOD`). Move: move 1 of your assistants from an "
            "area or from your hand to any other area (not the Canal), paying no president; several moves are "
            "made one by one and may all go to one area (`shift FROM TO`, `stop` to end early). Warehouse: "
            "take the piece shown from your warehouse to your hand at the Employment Agency price (`take`, or "
            "`skip`)."
        ),
        ("good GOOD", "shift AREA|hand AREA", "stop", "take", "skip"),
        ("good fish", "shift hand bank", "stop", "take"),
        ("symbols", "icons", "moves"),
    ),
    Topic(
        "technologies",
        T("rules topic", "Technologies that change the rules"),
        T("rules section", "Yokohama rulebook: Technology cards"),
        M(
            "Each card shows a production value and a country; you may own any number but never two of one "
            "name.\n"
            "Newspaper: placement option A places up to 4 assistants.\n"
            "Telegraph: after option B place 1 more assistant in an adjacent area (fees as usual).\n"
            "Stagecoach: you pay no president you pass; the Canal still costs 1 yen.\n"
            "Postal System: your president may stand where other presidents are (you pay them).\n"
            "Tram: move your president straight to any area with your assistant and no other president, "
            "no path and no Canal fee (`tram AREA`).\n"
            "Station: when you gain it put the station token on an area but the Canal (+1 power there for "
            "everyone); in movement go straight there if your assistant is there, paying nobody (`station`).\n"
            "Telephone: in recovery leave 1 assistant in the area.\n"
            "University: once per turn pay 1 yen for an assistant from your warehouse (`university`).\n"
            "Spinning Mill: once per turn change 1 raw silk into 2 yen (`spin`).\n"
            "Stock Exchange: with 0 or 1 yen at the start of your turn, take yen up to 2."
        ),
        ("tram AREA", "station", "university", "spin"),
        ("tram porta", "station", "university", "spin"),
        ("tech", "technology", "cards"),
    ),
    Topic(
        "technology-bonuses",
        T("rules topic", "Technologies that pay bonuses"),
        T("rules section", "Yokohama rulebook: Technology cards"),
        M(
            "Ball: 2 VP each time you fulfil an order.\n"
            "Language School: 1 yen each time you fulfil an order.\n"
            "Brickworks: 4 VP each time you place an assistant on the Customs House board.\n"
            "Winery: 3 VP each time you place an assistant on the Church board.\n"
            "Gas Lighting: 2 VP each time you build a shop.\n"
            "Electric Lighting: 3 VP each time you build a trading house.\n"
            "Patent System: 2 VP for every technology you gain after it.\n"
            "Printing: 1 yen for every technology you gain after it.\n"
            "Mining Technology: 1 more copper whenever you gain copper (Copper Mine, Chinatown, tokens, "
            "rewards).\n"
            "Exhibition: 10 VP at once.\n"
            "At the end the highest total production value scores 10 VP, the second 5 VP."
        ),
        (),
        (),
        ("bonuses", "technology bonus"),
    ),
    Topic(
        "end",
        T("rules topic", "End of the game"),
        T("rules section", "Yokohama rulebook: End conditions"),
        M(
            "The end is triggered when a player has built all 4 trading houses, or all 8 shops; when a Port "
            "board cannot be refilled completely; or when the Church board, or the Customs House board, holds "
            "5 / 5 / 6 assistants with 2 / 3 / 4 players (with 2 players the neutral pieces count). The round "
            "is then finished up to the last player in turn order (the one before the start player) and one "
            "more full round is played, so everyone has the same number of turns. Then the final scoring."
        ),
        (),
        (),
        ("game end", "last round", "final round", "trigger"),
    ),
    Topic(
        "scoring",
        T("rules topic", "Final scoring and the winner"),
        T("rules section", "Yokohama rulebook: Final scoring, Victory"),
        M(
            "In this order. 1) Church board: most assistants 6 VP, second most 3 VP; a tie goes to the player "
            "whose assistant lies furthest right; a lone player scores 6 only; neutral pieces never score. 2) "
            "Customs House board: 8 VP and 4 VP the same way. 3) Technologies: the highest total production "
            "value 10 VP, the second 5 VP; a tie goes to the player earlier in turn order from the start "
            "player. 4) Countries: unfulfilled orders are boxed; your country symbols (technologies, fulfilled "
            "orders, reward token) form sets of different countries, each symbol used once: 2 countries 2 VP, "
            "3 countries 4 VP, 4 countries 8 VP, 5 countries 12 VP (the best grouping is used). 5) Leftovers: "
            "1 VP per unused foreign agent, per imported good, per 2 yen and per 3 trade goods of any kinds "
            "(free agents score nothing). The most VP wins; a tie goes to the tied player closest to the "
            "start player's left, the start player first."
        ),
        (),
        (),
        ("final scoring", "points", "winner", "tie", "majority"),
    ),
    Topic(
        "two-player",
        T("rules topic", "Player counts and the 2-player mode"),
        T("rules section", "Yokohama rulebook: Set-up"),
        M(
            "With 2 players Laboratory B, Port B, Chinatown, the Canal and one each of Fishery, Copper Mine, "
            "Silk Mill and Tea Plantation are left out (10 areas) and 16 order cards are removed unseen; "
            "assistants of an unused colour block the marked spaces of the Church and Customs House boards. "
            "These neutral pieces count for the end of the game (5 on a board) but never score. With 3 "
            "players Laboratory B and one each of Copper Mine, Silk Mill and Tea Plantation are left out (14 "
            "areas) and 5 orders are removed. With 4 players all 18 areas are used. The start player begins "
            "with 3 yen, everyone else with 4."
        ),
        (),
        (),
        ("2 players", "two players", "neutral", "setup", "3 players"),
    ),
    Topic(
        "expansions",
        T("rules topic", "The two mini-expansions"),
        T("rules section", "Yokohama rulebook: Mini-expansion 1, Mini-expansion 2"),
        M(
            "Achievement reward tokens (table module achievement_rewards): 4 of the 6 tokens are revealed. "
            "When you have fulfilled all 3 achievements, choose one of them: its country symbol counts for "
            "country pairs and the final country sets, and its free agent is used like a foreign agent in "
            "phase A or C (`free-agent AREA`). Free-agent 5-power tokens (module free_agents): 5 tokens are "
            "shuffled in with the 5-power tokens; when you take one, keep it face up and use it like an agent. "
            "Either way only one agent of any kind per turn."
        ),
        ("reward TOKEN", "free-agent AREA"),
        ("reward R2", "free-agent bank"),
        ("mini-expansion", "modules", "free agent", "reward token"),
    ),
    Topic(
        "hidden",
        T("rules topic", "Hidden information: your orders"),
        T("rules section", "Yokohama rulebook: General rules"),
        M(
            "Everything is public except the order cards in the players' hands. Your orders are private: "
            "{hand} shows your hand and the moves only you should see; the others see how many orders you hold. "
            "At the start you are dealt 2 orders and keep 1 (`keep CARD`); the other leaves the game unseen, "
            "like the orders removed at set-up (16 with 2 players, 5 with 3). The order of the decks is never "
            "shown, only how many cards they hold.",
            hand=HAND_COMMAND,
        ),
        ("keep CARD",),
        ("keep L03",),
        ("hand", "secret", "private", "cards"),
    ),
)

#: The topics by key.
BY_KEY: dict[str, Topic] = {t.key: t for t in TOPICS}
