"""The homes of the rule facts agree (issue 22 item 2): the house options (rules/house.py), the games
(rules/variants.py), the rules catalogs (i18n/rules_*.json, the texts), the words catalogs (i18n/*.json) and
docs/house-rules.md's table. Every list of rule ids (the Rules screen's, the rule links') is derived from
them (scorekeeper/rulebook.py), so a fact missing from one home is said here, by name, not by a screen
that quietly leaves a rule out."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from scorekeeper.i18n import LANGUAGES, catalog
from scorekeeper.rulebook import (
    GAME_OF_LETTER,
    HOUSE_LETTER,
    OWN,
    SHARED,
    SHARED_LETTER,
    _texts,
    all_rules,
    letter_of,
    rules_of,
)
from scorekeeper.rules.house import OPTION_BY_NAME, OPTIONS, house_rule_ids, option_words_keys
from scorekeeper.rules.variants import GAMES, HORSE_RACE, get_variant

HOUSE_RULES_MD = Path(__file__).resolve().parents[2] / "docs" / "house-rules.md"


def numbered(letter: str, count: int) -> tuple[str, ...]:
    return tuple(f"{letter}{n}" for n in range(1, count + 1))


def test_the_lists_are_what_the_homes_hold():
    """The derived lists, as the catalogs and options stand: RULES.md's S1–S10, H1–H10, E1–E10, the presets'
    A1–A6, M1–M7, F1–F6, and the house options' R1–R13 first (a house rule added later follows them)."""
    assert tuple(SHARED) == numbered("S", 10)
    assert dict(OWN) == {
        "horse-race": numbered("H", 10),
        "exact-61": numbered("E", 10),
        "all-fives": numbered("A", 6),
        "merry-go-round": numbered("M", 7),
        "fives-and-threes": numbered("F", 6),
    }
    assert house_rule_ids()[:13] == numbered("R", 13)
    assert rules_of(HORSE_RACE) == numbered("S", 10) + numbered("H", 10) + house_rule_ids()
    assert all_rules() == {*SHARED, *(rule for own in OWN.values() for rule in own), *house_rule_ids()}


def test_every_game_has_a_letter_of_its_own():
    """A game's own rules are those of its letter (its players rule's): two games with one letter, or a game
    with the shared or the house rules' letter, would mix their rules."""
    assert sorted(GAME_OF_LETTER.values()) == sorted(GAMES)
    assert SHARED_LETTER not in GAME_OF_LETTER and HOUSE_LETTER not in GAME_OF_LETTER
    for game in GAMES:
        variant = get_variant(game)
        assert {letter_of(rule) for rule in variant.ids.values()} == {letter_of(variant.players_rule)}, game


@pytest.mark.parametrize("game", GAMES)
def test_every_rule_a_game_names_has_its_text(game):
    """The ids a game's refusals and events name (its players, deal, target… rule) are among its own."""
    variant = get_variant(game)
    assert set(variant.ids.values()) <= set(OWN[game]), game
    assert OWN[game] == numbered(letter_of(variant.players_rule), len(OWN[game])), "numbered from 1, no gap"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_rules_catalog_has_the_text_of_every_rule_and_no_other(lang):
    """Each rules catalog holds every rule there is (the shared, each game's own, every house option's), with
    a title and a text, and nothing else: a text with no home (an R12 without its option) is no rule."""
    texts = _texts(lang)
    assert set(texts) == all_rules(), lang
    for rule, entry in texts.items():
        assert entry["title"].strip() and entry["text"] and all(p.strip() for p in entry["text"]), (lang, rule)


def test_every_house_option_has_its_id():
    """R1, R2, … in option order, without a gap; options of one rule side by side (R7: target, target mode)."""
    ids = [option.rule for option in OPTIONS]
    assert all(re.fullmatch(rf"{HOUSE_LETTER}[1-9][0-9]*", rule) for rule in ids), ids
    assert house_rule_ids() == numbered(HOUSE_LETTER, len(house_rule_ids()))
    assert [rule for n, rule in enumerate(ids) if n == 0 or ids[n - 1] != rule] == list(house_rule_ids())
    assert list(OPTION_BY_NAME) == [option.name for option in OPTIONS]


@pytest.mark.parametrize("game", GAMES)
def test_every_game_has_its_own_value_of_every_house_option(game):
    """A game's own rules are one value of each option (variants.py's ``_BASE_OPTIONS``, a preset's own):
    one missing, and the game's house-rules form and every check of a match's house rules fail."""
    options = get_variant(game).options
    assert set(options) == set(OPTION_BY_NAME), game
    for name, value in options.items():
        assert OPTION_BY_NAME[name].allowed(value), (game, name, value)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_house_option_has_its_words(lang):
    """``house.<name>`` and one line per value (``house.<name>.<value>``, ``house.<name>.number``) in every
    words catalog: the form, the house-rules line and the history say them."""
    words = catalog(lang)
    missing = [
        key
        for option in OPTIONS
        for key in (option_words_keys(option)[0], *option_words_keys(option)[1].values())
        if key not in words
    ]
    assert missing == [], lang


def test_the_house_rules_table_in_the_docs_lists_every_option():
    """docs/house-rules.md's table of options: each option's id and name, in option order."""
    rows = re.findall(r"^\| (R\d+) \| `(\w+)` \|", HOUSE_RULES_MD.read_text(encoding="utf-8"), re.M)
    assert rows == [(option.rule, option.name) for option in OPTIONS]
