"""The Rules screen (issue 12 item 5): every rule of each game in en/uk/ko, and every rule id a link."""

from __future__ import annotations

import ast
import asyncio
import re
from pathlib import Path

import flet as ft
import pytest

from scorekeeper.app.navigation import Screen
from scorekeeper.i18n import LANGUAGES, catalog
from scorekeeper.rulebook import EXAMPLES, OWN, RULE_ID, SHARED, rule_ids_in, rule_text, rules_of
from scorekeeper.rules.house import house_rule_ids
from scorekeeper.rules.variants import ALL_FIVES, EXACT_61, FIVES_AND_THREES, HORSE_RACE, MERRY_GO_ROUND

from .hooks import hooks, text, walk
from .test_state import new_match_state

ROOT = Path(__file__).resolve().parents[2]
RULES_MD = ROOT.parent / "shared" / "spec" / "RULES.md"
RULES_MD_RULES = set(SHARED) | {f"{p}{n}" for p in "HE" for n in range(1, 11)}
# docs/house-rules.md's, from their homes: the house options' ids and the presets' own rules (rules catalog)
HOUSE_RULES = set(house_rule_ids()) | set(OWN[ALL_FIVES]) | set(OWN[MERRY_GO_ROUND]) | set(OWN[FIVES_AND_THREES])
ALL_RULES = RULES_MD_RULES | HOUSE_RULES  # RULES.md's, then docs/house-rules.md's (house rules and presets)


def run(coro):
    return asyncio.run(coro)


def screen(st):
    from scorekeeper.app.screens import SCREENS

    return SCREENS[st.screen](st)


def test_the_rulebook_has_every_rule_of_rules_md_in_every_language():
    named = (
        set(re.findall(r"^\*\*([SHE]\d+) ", RULES_MD.read_text(encoding="utf-8"), re.M))
        if RULES_MD.exists()
        else RULES_MD_RULES
    )
    assert named == RULES_MD_RULES
    for lang in LANGUAGES:
        for rule in ALL_RULES:
            text = rule_text(lang, rule)
            assert text.title and text.paragraphs, (lang, rule)
            if lang != "en":  # translated, not the English fallback
                assert text.title != rule_text("en", rule).title, (lang, rule)
    assert rules_of(HORSE_RACE)[19] == "H10" and rules_of(EXACT_61)[10] == "E1" and len(rules_of(EXACT_61)) == 35
    assert rules_of("all-fives")[10:17] == ("A1", "A2", "A3", "A4", "A5", "A6", "R1")
    assert rules_of("fives-and-threes")[10:17] == ("F1", "F2", "F3", "F4", "F5", "F6", "R1")
    assert {"R1", "R7", "R11", "R12"} <= HOUSE_RULES and {"A6", "M7", "F6"} <= HOUSE_RULES
    assert rules_of("merry-go-round")[17] == "R1"


def cited_rules() -> set[str]:
    """Every rule id the messages cite: in the catalogs, and as the first argument of the engine's refusals."""
    cited = {
        found
        for lang in LANGUAGES
        for entry in catalog(lang).values()
        for text in (entry.values() if isinstance(entry, dict) else [entry])
        for found in RULE_ID.findall(text)
    }
    for path in (ROOT / "scorekeeper").rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (
                isinstance(node, ast.Call)
                and getattr(node.func, "id", "") == "RuleViolation"
                and node.args
                and isinstance(node.args[0], ast.Constant)
                and node.args[0].value
            ):
                cited.add(node.args[0].value)
    return cited


def test_every_rule_a_message_cites_has_its_text():
    cited = cited_rules()
    assert {"S8", "H4", "E1", "E7", "E8", "S10"} <= cited
    assert cited <= ALL_RULES


def test_rule_ids_are_found_in_a_message_not_in_tiles_or_words():
    assert rule_ids_in("S8: draw (S2, E2); 1-4 HE10 S11 H10.") == [
        ("S8", True),
        (": draw (", False),
        ("S2", True),
        (", ", False),
        ("E2", True),
        ("); 1-4 HE10 S11 ", False),
        ("H10", True),
        (".", False),
    ]


def test_the_rules_of_the_open_match_and_back_to_the_table(state):
    new_match_state(state, "exact-61", ["Ann", "Bo"])
    run(state.go(Screen.RULES))
    shown = hooks(screen(state))
    cards = sorted((name for name in shown if re.fullmatch(r"rule-[SHE]\d+", name)), key=lambda n: (n[5], int(n[6:])))
    assert cards == [f"rule-E{n}" for n in range(1, 11)] + [f"rule-S{n}" for n in range(1, 11)]
    assert text(shown["rule-E3"]).startswith("E3 · Exactly 61 The target is exactly 61 points (305 raw).")
    assert shown["rules-game-exact-61"].selected and not shown["rules-game-horse-race"].selected
    state.rules.choose_game(HORSE_RACE)
    assert "rule-H4" in hooks(screen(state)) and "rule-E3" not in hooks(screen(state))
    run(state.go(state.rules.back))
    assert state.screen == Screen.TABLE


@pytest.mark.parametrize(
    ("lang", "title"),
    [
        ("en", "S8 · Must play, draw, pass"),
        ("uk", "S8 · Зіграти, добрати чи пропустити"),
        ("ko", "S8 · 놓기, 뽑기, 차례 넘기기"),
    ],
)
def test_a_rule_id_in_a_message_links_to_its_rule(state, lang, title):
    """A refusal citing S8 (a pass while the stock has tiles): its "S8" is a link; the Rules screen then
    shows S8 alone, in the match's language, with the way to all the rules and back to the table."""
    state.shell.lang = lang
    new_match_state(state, "horse-race", ["Ann", "Bo"])
    run(state.table.start_round(0))
    state.entry.pick_tile((1, 4))
    run(state.entry.play())
    run(state.entry.pass_turn())  # Bo passes with 14 tiles in the stock: S8
    assert state.shell.error is not None and state.shell.error.rule == "S8"
    message = hooks(screen(state))["message"]
    links = [
        span
        for node in walk(message)
        if isinstance(node, ft.Text)
        for span in node.spans or []
        if span.on_click is not None
    ]
    assert [span.text for span in links] == ["S8"]
    run(links[0].on_click(None))
    assert state.screen == Screen.RULES and state.rules.focus == "S8"
    shown = hooks(screen(state))
    assert text(shown["rule-S8"]).startswith(title)
    assert "rule-S7" not in shown and "rules-all" in shown and shown["rules-index-S8"].selected
    state.rules.show_all()
    assert {"rule-S7", "rule-H4"} <= set(hooks(screen(state)))
    run(state.go(state.rules.back))
    assert state.screen == Screen.TABLE


def test_a_shared_rules_link_opens_it_in_the_matchs_game(state):
    """S8 cited in an Exact 61 match opens Exact 61's rules, whichever game's rules were looked at last
    (it opened Horse Race's after they had been viewed: fresh tester's report)."""
    new_match_state(state, "exact-61", ["Ann", "Bo"])
    state.rules.choose_game(HORSE_RACE)  # the Horse Race rules were looked at before
    run(state.open_rule("S8"))
    assert state.screen == Screen.RULES and state.rules.focus == "S8" and state.rules.game == EXACT_61
    assert hooks(screen(state))["rules-game-exact-61"].selected


def test_the_rules_are_reached_from_the_start_screen_and_the_new_match_form(state):
    """The start screen and the new-match form had no way to the rules (fresh tester's report): each has a
    `rules` button; from the form, the rules of the game chosen there; Back returns to the form."""
    from scorekeeper.app.screens import SCREENS

    run(state.go(Screen.HOME))
    assert "rules" in hooks(SCREENS[Screen.HOME](state))
    run(state.go(Screen.NEW_MATCH))
    state.setup.set_form(variant=EXACT_61)
    state.rules.choose_game(HORSE_RACE)
    assert "rules" in hooks(SCREENS[Screen.NEW_MATCH](state))
    run(state.go(Screen.RULES))
    assert state.rules.game == EXACT_61 and state.rules.back == Screen.NEW_MATCH


def test_rule_ids_inside_a_rule_link_to_their_rules(state):
    run(state.go(Screen.RULES))
    state.rules.choose_game(EXACT_61)
    card = hooks(screen(state))["rule-E4"]  # "… as in S5–S7"
    targets = [
        span.text
        for node in walk(card)
        if isinstance(node, ft.Text)
        for span in node.spans or []
        if span.on_click is not None
    ]
    assert targets == ["S5", "S7"]


def test_worked_examples_are_the_engines_layouts(state):
    run(state.go(Screen.RULES))
    shown = hooks(screen(state))
    assert set(EXAMPLES) == {"S5", "S6", "S7"}
    assert text(shown["rule-S6-example"]) == "After 1-5: 3-4: 3 + 1-2: 2 + 1-5: 5 = 10 → 2 points"
    assert text(shown["rule-S7-example"]) == "After 6-6: 3-6: 3 + 6-6: 12 = 15 → 3 points"
    assert text(shown["rule-S5-example"]) == "After 1-2: 3-4: 3 + 1-2: 2 = 5 → 1 point"
    state.shell.lang = "uk"
    assert text(hooks(screen(state))["rule-S7-example"]) == "Викладено 6-6: 3-6: 3 + 6-6: 12 = 15 → 3 бали"
