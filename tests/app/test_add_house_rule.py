"""The recipe "add a house rule" (docs/house-rules.md, issue 22 item 2): a house option registered here only,
in memory — its entry in the options table, its own value in every game, its words and its rule's text in
every catalog, as the recipe's files would hold them — appears everywhere with no other edit: in the Rules
screen's list and index, as a rule link in a text that names it, in the new-match form's house rules, and in
the table's house-rules line (a link to its rule)."""

from __future__ import annotations

import asyncio
from dataclasses import replace
from types import MappingProxyType

import flet as ft

from scorekeeper import rulebook
from scorekeeper.app.navigation import Screen
from scorekeeper.i18n import LANGUAGES, catalog
from scorekeeper.rulebook import rule_ids_in, rules_of
from scorekeeper.rules import house, variants
from scorekeeper.rules.house import HouseRule
from scorekeeper.rules.variants import EXACT_61, GAMES, HORSE_RACE

from .hooks import hooks, text, walk

# Step 1 of the recipe: the option, with the next free id
ID = f"R{len(house.house_rule_ids()) + 1}"
THROWAWAY = HouseRule("throwaway", ID, ("off", "on"), "a throwaway option: registered by this test only")
OWN_VALUE = "off"  # step 2: every game's own value (variants.py's _BASE_OPTIONS)
WORDS = {  # step 4: the option's name and a line per value (i18n/<lang>.json)
    "en": {"house.throwaway": "Throwaway", "house.throwaway.off": "off", "house.throwaway.on": "on"},
    "uk": {"house.throwaway": "Одноразове", "house.throwaway.off": "вимкнено", "house.throwaway.on": "увімкнено"},
    "ko": {"house.throwaway": "일회용", "house.throwaway.off": "꺼짐", "house.throwaway.on": "켜짐"},
}
TEXTS = {  # step 5: its rule's text, titled with the option's name (i18n/rules_<lang>.json)
    lang: {"title": words["house.throwaway"], "text": [f"{words['house.throwaway.on']}: S8."]}
    for lang, words in WORDS.items()
}


def run(coro):
    return asyncio.run(coro)


def screen(st):
    from scorekeeper.app.screens import SCREENS

    return SCREENS[st.screen](st)


def register(monkeypatch) -> None:
    """What the recipe's edits would give, in memory and for this test only (monkeypatch undoes it)."""
    monkeypatch.setattr(house, "OPTIONS", (*house.OPTIONS, THROWAWAY))
    monkeypatch.setitem(house.OPTION_BY_NAME, THROWAWAY.name, THROWAWAY)
    for name, game in variants._GAMES.items():  # the games are built at import from _BASE_OPTIONS
        options = MappingProxyType({**game.options, THROWAWAY.name: OWN_VALUE})
        monkeypatch.setitem(variants._GAMES, name, replace(game, options=options))
    for lang in LANGUAGES:
        for key, words in WORDS[lang].items():
            monkeypatch.setitem(catalog(lang), key, words)
        monkeypatch.setitem(rulebook._texts(lang), ID, TEXTS[lang])


def links(control) -> list[ft.TextSpan]:
    return [
        span
        for node in walk(control)
        if isinstance(node, ft.Text)
        for span in node.spans or []
        if span.on_click is not None
    ]


def test_an_unregistered_id_is_no_rule():
    """Without the option its id is plain text and no game lists it (so the test below can fail)."""
    assert ID == "R16"
    assert rule_ids_in(f"see {ID}.") == [(f"see {ID}.", False)]
    assert all(ID not in rules_of(game) for game in GAMES)


def test_a_house_option_registered_in_the_tables_alone_appears_everywhere(state, monkeypatch):
    register(monkeypatch)

    # the Rules screen's list: every game's ends with it; its card and its index entry by its name
    assert all(rules_of(game)[-1] == ID for game in GAMES)
    run(state.go(Screen.RULES))
    state.rules.choose_game(EXACT_61)
    shown = hooks(screen(state))
    assert text(shown[f"rule-{ID}"]) == f"{ID} · Throwaway on: S8."
    assert text(shown[f"rules-index-{ID}"]) == f"{ID} Throwaway"

    # a rule link in a text that names it
    assert rule_ids_in(f"see {ID}, and S8.") == [
        ("see ", False),
        (ID, True),
        (", and ", False),
        ("S8", True),
        (".", False),
    ]

    # the new-match form offers it, the game's own value marked; chosen, the fold says so
    run(state.go(Screen.NEW_MATCH))
    state.setup.set_form(variant=HORSE_RACE, count=2)
    state.setup.toggle_house()
    shown = hooks(screen(state))
    assert text(shown["house-throwaway-off"]) == "off (the game's)" and text(shown["house-throwaway-on"]) == "on"
    assert f"house-rule-{THROWAWAY.name}" in shown
    run(state.setup.set_house(THROWAWAY.name, "on"))
    assert state.shell.error is None and state.setup.in_effect() == {THROWAWAY.name: "on"}
    assert text(hooks(screen(state))["house-rules"]) == f"House rules: {ID} Throwaway: on"

    # the match is created with it; the table's house-rules line names it, its id a link to its rule
    for seat, name in enumerate(["Ann", "Bo"]):
        state.setup.set_name(seat, name)
    run(state.setup.create())
    assert state.shell.error is None and state.screen == Screen.TABLE
    assert state.table.match.house_rules == {THROWAWAY.name: "on"}
    line = hooks(screen(state))["house-rules-on"]
    assert text(line) == f"House rules: {ID} Throwaway: on"
    [link] = links(line)
    assert link.text == ID
    run(link.on_click(None))
    assert state.screen == Screen.RULES and state.rules.focus == ID and state.rules.game == HORSE_RACE
    assert text(hooks(screen(state))[f"rule-{ID}"]).startswith(f"{ID} · Throwaway")

    # in Ukrainian too: its words, from the catalogs alone
    state.shell.lang = "uk"
    assert text(hooks(screen(state))[f"rule-{ID}"]) == f"{ID} · Одноразове увімкнено: S8."
