"""Messages that count something say it in the language's plural form (CLDR rules, from Babel).

English: 1 tile, 2 tiles. Ukrainian: 1 плитка, 2–4 плитки, 5–20 плиток,
21 плитка (one / few / many). Korean counts with 개 and has one form.
"""

from __future__ import annotations

import re

import pytest

from scorekeeper.i18n import COUNTED, LANGUAGES, catalog, plural_categories, plural_category, translate

NUMBERS = (1, 2, 5, 21)


def plural_keys() -> list[str]:
    return sorted(key for key, entry in catalog("en").items() if isinstance(entry, dict))


def test_the_rules_are_the_languages():
    assert [plural_category("en", n) for n in NUMBERS] == ["one", "other", "other", "other"]
    assert [plural_category("uk", n) for n in NUMBERS] == ["one", "few", "many", "one"]
    assert [plural_category("ko", n) for n in NUMBERS] == ["other"] * 4
    assert plural_categories("uk") == {"one", "few", "many", "other"}


def test_no_message_writes_a_plural_by_hand():
    """No "tile(s)" nor "match(es)": a count-bearing message is a plural entry."""
    for lang in LANGUAGES:
        for key, entry in catalog(lang).items():
            for text in entry.values() if isinstance(entry, dict) else [entry]:
                assert not re.search(r"\w\((s|es)\)", text), f"{lang}:{key}: {text}"
    assert len(plural_keys()) >= 10


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_plural_entry_has_the_forms_of_its_language(lang):
    """Each plural entry names the same counted parameter in every language and gives every form the
    language's rule can choose for a whole number."""
    wanted = plural_categories(lang)
    for key in plural_keys():
        entry = catalog(lang)[key]
        assert isinstance(entry, dict), f"{lang}:{key} is not a plural entry"
        assert entry.get(COUNTED) == catalog("en")[key].get(COUNTED), f"{lang}:{key} counts another parameter"
        assert wanted <= set(entry) - {COUNTED}, f"{lang}:{key} lacks {wanted - set(entry)}"


@pytest.mark.parametrize("number", NUMBERS)
@pytest.mark.parametrize("lang", LANGUAGES)
def test_each_count_takes_its_form(lang, number):
    for key in plural_keys():
        entry = catalog(lang)[key]
        counted = entry.get(COUNTED, "count")
        params = {name: "x" for name in re.findall(r"\{(\w+)(?::[^}]*)?\}", entry["other"])} | {counted: number}
        params |= {name: 50_000 for name in re.findall(r"\{(\w+):,\}", entry["other"]) if name != counted}  # a number
        text = translate(lang, key, **params)
        form = entry.get(plural_category(lang, number)) or entry["other"]
        assert text == form.format(**params), f"{lang}:{key} for {number}"
        if "{" + counted + "}" in entry["other"]:  # "unknown fields: …" counts without saying the number
            assert str(number) in text
        elif "{" + counted + ":,}" in entry["other"]:  # "1,000,000 documents": grouped as English writes it
            assert f"{number:,}" in text


@pytest.mark.parametrize(
    ("lang", "number", "words"),
    [
        ("en", 1, "Bo: 1 tile to enter"),
        ("en", 2, "Bo: 2 tiles to enter"),
        ("en", 21, "Bo: 21 tiles to enter"),
        ("uk", 1, "Bo: ввести 1 плитку"),
        ("uk", 2, "Bo: ввести 2 плитки"),
        ("uk", 5, "Bo: ввести 5 плиток"),
        ("uk", 21, "Bo: ввести 21 плитку"),
        ("ko", 1, "Bo: 입력할 타일 1개"),
        ("ko", 5, "Bo: 입력할 타일 5개"),
    ],
)
def test_a_hand_to_enter_is_counted_as_people_say_it(lang, number, words):
    assert translate(lang, "ui.hand_entry_none", name="Bo", count=number) == words


def test_the_stock_is_counted_by_its_own_parameter():
    """``pass_with_stock`` counts the stock, not ``count``."""
    assert (
        translate("uk", "error.pass_with_stock", name="Ann", stock=3)
        == "пропуск, коли в запасі ще 3 плитки: Ann має добирати, доки плитка не підійде"
    )
    assert (
        translate("en", "error.pass_with_stock", name="Ann", stock=1)
        == "pass while the stock has 1 tile: Ann must draw until a tile fits"
    )


@pytest.mark.parametrize(
    ("lang", "raw", "words"),
    [
        ("en", 25, "= 25 in pips → +5"),
        ("en", -15, "= -15 in pips → -3"),
        ("uk", 21, "= сума очок 21 → +4"),
        ("uk", 2, "= сума очок 2 → +0"),
        ("ko", 25, "= 점 합계 25 → +5"),
    ],
)
def test_raw_points_are_said_in_pips_the_word_players_count_with(lang, raw, words):
    """A settlement's total before it becomes points is said in pips ("сума очок", "점 합계", as a hand's pip
    total is), not in the jargon "raw" (issue 21; Ukrainian said "вихідні бали", the seed's term)."""
    points = f"{raw // 5:+d}" if raw >= 0 else f"{-(-raw // 5):+d}"
    assert translate(lang, "settle.total", raw=raw, points=points) == words
