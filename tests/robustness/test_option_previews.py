"""Every option says what it does: the previews of options against what applying them then does.

Walks positions of seeded games of every game that declares the Ledger capability, and at each
player decision checks every legal option in the four languages:

* an option whose preview is empty while applying it changes the acting player's ledger fails;
* so does a preview that disagrees with what applying the option to the real position then does
  (the preview is computed from what the player may see; in a game with hidden information the
  unseen cards are re-dealt, and the acting player's own hand, the only hidden part their options
  touch, stays as it is, so the effect is still deterministic);
* every changed term is named in the text of every language, and no lookup fell back to English;
* a public preview (the spectator's position) never differs from the acting player's own for an
  option offered publicly, so the buttons under a public message name nothing hidden.

A few positions run in the quick suite, whole games in the slow tests. The Discord select
descriptions and autocomplete names built from these labels stay within 100 characters.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest

from bot.discord_app.commands.play import _choice_name
from bot.discord_app.components import DESCRIPTION_LIMIT
from bot.host.replies import ReplyBuilder
from engine.core import CHANCE, builtin_game_names, get_game, i18n, registry
from engine.core.hidden import offered
from engine.core.preview import MARK, Preview, fit, previews

LEDGER_GAMES = [name for name in builtin_game_names() if registry.ledger(get_game(name)) is not None]


def test_every_builtin_game_declares_the_ledger() -> None:
    assert set(LEDGER_GAMES) >= {"nippon", "yokohama", "zaibatsu"}


def positions(name: str, players: int, seed: int, every: int, limit: int | None = None) -> Iterator[tuple[Any, Any]]:
    """``(game, state)`` at every ``every``-th player decision of a seeded random game (at most
    ``limit`` positions)."""
    game = get_game(name)
    state = game.setup({"players": players}, seed)
    rng = random.Random(seed)
    found = decisions = 0
    for _ in range(20000):
        decision = game.decision(state)
        if decision.seat is None:
            return
        if decision.seat == CHANCE:
            outcomes = game.chance_outcomes(state)
            action = rng.choices([o.action for o in outcomes], weights=[o.weight for o in outcomes])[0]
        else:
            if decisions % every == 0:
                yield game, state
                found += 1
                if limit is not None and found >= limit:
                    return
            decisions += 1
            action = rng.choice(game.legal_actions(state))
        state, _events = game.apply(state, action)


def check_position(game: Any, state: Any) -> list[str]:
    """Every problem of the previews of every legal option at ``state`` (empty: all good)."""
    led = registry.ledger(game)
    assert led is not None
    seat = game.decision(state).seat
    actions, n_public = offered(game, state)
    own = previews(game, state, actions, seat)
    public = previews(game, state, actions[:n_public], None)
    problems: list[str] = []
    for k, (action, shown) in enumerate(zip(actions, own, strict=True)):
        notation = game.format_action(state, action)
        after, _events = game.apply(state, action)
        before_ledger, after_ledger = led.ledger(state, seat), led.ledger(after, seat)
        real = {t: after_ledger[t] - n for t, n in before_ledger.items() if after_ledger[t] != n}
        if real and not shown:
            problems.append(f"{notation}: empty preview, but it changes {real}")
        if shown.delta() != real:
            problems.append(f"{notation}: preview {shown.delta()} but applying it gives {real}")
        if k < n_public and public[k] != shown:
            problems.append(f"{notation}: the public preview differs from the player's own")
        problems += check_texts(notation, shown)
    return problems


def check_texts(notation: str, shown: Preview) -> list[str]:
    """Problems of ``shown``'s text in the four languages (empty when all changes are named)."""
    problems = []
    for lang in i18n.LANGUAGES:
        with i18n.language(lang):
            text = shown.text()
            if bool(text) != bool(shown):
                problems.append(f"{notation} ({lang}): text {text!r} for {shown}")
            for _term, delta, name in shown.changes:
                if str(i18n.tr(name)) not in text or str(delta) in ("", "0"):
                    problems.append(f"{notation} ({lang}): {name!r} is not named in {text!r}")
    return problems


QUICK = [(name, 3, 5, 40, 3) for name in LEDGER_GAMES]


@pytest.mark.parametrize(("name", "players", "seed", "every", "limit"), QUICK, ids=[q[0] for q in QUICK])
def test_previews_say_what_options_do_at_sampled_positions(name: str, players: int, seed: int, every: int,
                                                          limit: int) -> None:
    i18n.MISSES.clear()
    checked = 0
    for game, state in positions(name, players, seed, every, limit):
        assert check_position(game, state) == []
        checked += 1
    assert checked == limit
    assert [m for m in i18n.MISSES if m[2] is None and m[3].startswith(("then ", "{n} "))] == []


WHOLE = [(name, players, seed) for name in LEDGER_GAMES for players, seed in ((2, 11), (4, 12))]


@pytest.mark.slow
@pytest.mark.parametrize(("name", "players", "seed"), WHOLE, ids=[f"{w[0]}-{w[1]}" for w in WHOLE])
def test_previews_say_what_options_do_in_whole_games(name: str, players: int, seed: int) -> None:
    i18n.MISSES.clear()
    problems: list[str] = []
    checked = 0
    for game, state in positions(name, players, seed, 1):
        problems += check_position(game, state)
        checked += 1
    assert checked > 100
    assert problems == [], "\n".join(problems[:20])
    assert not i18n.MISSES, sorted(i18n.MISSES, key=str)[:20]


def test_a_preview_names_gains_costs_draws_and_rules() -> None:
    """Zaibatsu's consolidation: the taxes rule is named with the money and coal it changes."""
    found = False
    for game, state in positions("zaibatsu", 3, 5, 1):
        actions = game.legal_actions(state)
        if any(game.format_action(state, a) == "consolidate" for a in actions):
            action = next(a for a in actions if game.format_action(state, a) == "consolidate")
            [shown] = previews(game, state, [action], game.decision(state).seat)
            with i18n.language("pl"):
                assert "podatki" in shown.text()
            found = True
            break
    assert found


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
@pytest.mark.parametrize("name", LEDGER_GAMES)
def test_discord_descriptions_and_autocomplete_stay_within_100_characters(name: str, lang: str) -> None:
    for game, state in positions(name, 4, 9, 25, 4):
        with i18n.language(lang):
            labelled = ReplyBuilder.choices(game, state, offered(game, state)[0], game.decision(state).seat)
        for notation, label in labelled:
            description = fit(label, DESCRIPTION_LIMIT)
            assert len(description) <= DESCRIPTION_LIMIT
            assert len(_choice_name(notation, label)) <= 100
            _head, mark, tail = label.partition(MARK)
            if mark and len(tail) <= DESCRIPTION_LIMIT - len(MARK) - 2:
                assert description.endswith(tail), (description, tail)  # the preview is kept whole


def test_fit_shortens_the_label_before_the_preview() -> None:
    label = "x" * 120 + MARK + "+3 coal"
    assert fit(label, 40) == "x" * (40 - len(MARK) - 7 - 1) + "…" + MARK + "+3 coal"
    assert len(fit("y" * 300, 100)) == 100
    assert fit("short", 100) == "short"


def test_text_keeps_the_changes_first_and_draws_and_rules_when_they_fit() -> None:
    from engine.zaibatsu.ledger import ledger_term

    shown = Preview((("coal", 3, ledger_term("coal", 3)), ("money", -2, ledger_term("money", 2))),
                    (ledger_term("draw.worker", 2),), ())
    with i18n.language("en"):
        assert shown.text() == "+3 coal, −2 money; then 2 workers are drawn from the bag"
        assert shown.text(20) == "+3 coal, −2 money"
        assert shown.text(10) == "+3 coal…"
    with i18n.language("pl"):
        assert shown.text().startswith("+3 węgle, −2 monety; ")
    assert not Preview() and Preview().text() == ""
