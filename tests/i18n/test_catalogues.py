"""Every catalogue has every message id the code and data use, with the English placeholders."""

from __future__ import annotations

import pytest

from bot import catalogues
from engine.core import i18n


def test_every_catalogue_is_complete_and_well_formed() -> None:
    problems = catalogues.check()
    assert problems == [], "\n".join(problems[:40]) + f"\n… {len(problems)} problem(s)"


def test_every_domain_extracts_ids_and_data_terms() -> None:
    found = {d.name: catalogues.extract(d) for d in catalogues.domain_sources()}
    assert set(found) >= {"meiji", "zaibatsu"}
    zaibatsu = found["zaibatsu"]
    assert zaibatsu.get("R&D", context="action") is not None
    assert zaibatsu.get("Berlin", context="destination") is not None  # a data term
    assert len(found["meiji"]) > 50
    nippon = found["nippon"]  # every registered game is a domain of its own
    assert nippon.get("Mines", context="action") is not None
    assert nippon.get("Light bulbs", context="goods") is not None  # a data term


@pytest.mark.parametrize(
    ("code", "lang"),
    [("pl", "pl"), ("en-US", "en"), ("en-GB", "en"), ("ru_RU.UTF-8", "ru"), ("DE", "de"), ("pt-BR", "en"),
     (None, "en"), ("", "en"), ("C", "en")],
)
def test_locale_codes_normalise_to_a_supported_language(code: str | None, lang: str) -> None:
    assert i18n.normalise(code) == lang


def test_plural_forms_follow_each_language() -> None:
    from engine.nippon.words import DOMAIN as NIPPON
    from engine.zaibatsu.words import DOMAIN

    # Polish and Russian have three forms, German two: the compiled catalogues carry the rule.
    for domain in (DOMAIN, NIPPON):
        for lang, n_forms in (("pl", 3), ("ru", 3), ("de", 2)):
            translations, _known = i18n._load(domain.name, lang)
            assert translations.ngettext("x", "y", 1) in ("x", "y")  # compiled catalogue answers
            assert catalogues_num_plurals(lang) == n_forms


def catalogues_num_plurals(lang: str) -> int:
    from babel.messages.catalog import Catalog

    return Catalog(locale=lang).num_plurals


def test_a_msg_translates_later_and_pickles() -> None:
    import pickle

    from engine.zaibatsu.words import M, T

    msg = M("{who} consolidates.", who=T("player", "Purple"))
    assert str(msg) == "Purple consolidates."
    assert i18n.tr(msg, "en") == "Purple consolidates."
    back = pickle.loads(pickle.dumps(msg))
    assert back == msg and back.msgid == msg.msgid and back.args["who"].context == "player"
    with i18n.language("pl"):
        assert i18n.current() == "pl"
        polish = i18n.tr(msg)
    assert i18n.current() == "en"
    assert polish != "Purple consolidates." and "{" not in polish


def test_a_broken_translation_never_raises() -> None:
    # A template whose placeholder is unknown keeps the brace text instead of failing.
    assert i18n._format("{who} and {missing}", {"who": "A"}, "en") == "A and {missing}"


@pytest.mark.parametrize(
    ("lang", "kind", "n", "want"),
    [("pl", "coal", 1, "1 węgiel"), ("pl", "coal", 3, "3 węgle"), ("pl", "blueprints", 5, "5 projektów"),
     ("ru", "blueprints", 2, "2 чертежа"), ("ru", "goods", 5, "5 товаров"), ("de", "blueprints", 2, "2 Baupläne"),
     ("pl", "money", 5, " jenów"), ("ru", "money", 12, " иен"), ("de", "vp", 1, "1 SP")],
)
def test_nippon_amounts_take_the_plural_form_of_each_language(lang: str, kind: str, n: int, want: str) -> None:
    from engine.nippon.words import amount

    text = i18n.tr(amount(kind, n), lang)
    # money: thousands of yen, always the "many" form (the digits' format is the engine's)
    assert text.endswith(want) if kind == "money" else text == want
