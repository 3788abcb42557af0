"""House rules in the app, in-process: the new-match form's House rules section (asked of the engine),
the favourite set remembered per game, the table showing which are on, the Rules screen's R texts,
the presets offered as games, and a house-rule match kept whole through the store."""

from __future__ import annotations

import asyncio

import flet as ft

from scorekeeper.app.navigation import Screen
from scorekeeper.app.screens import SCREENS, new_match, rules
from scorekeeper.rules import Pass, Play, StartRound, parse_spot
from scorekeeper.store import open_store
from tests.app.tabs import new_tab

from .hooks import hooks, text, walk


def run(coro):
    return asyncio.run(coro)


def shown(st) -> dict[str, str]:
    return {name: text(node) for name, node in hooks(SCREENS[st.screen](st)).items()}


def test_the_section_offers_the_games_options_and_says_what_is_on(state):
    run(state.go(Screen.NEW_MATCH))
    ids = shown(state)
    assert ids["house-rules"] == "House rules: the game's own rules"
    assert "house-continuation-stop" not in ids  # folded
    state.setup.toggle_house()
    ids = shown(state)
    assert ids["house-continuation-draw"] == "draw as usual (the game's)"
    assert {
        "house-continuation-stop",
        "house-reserve-2",
        "house-spinners-first",
        "house-target-31",
        "house-rule-continuation",
        "house-lead-double",
    } <= set(ids)
    assert "house-reset" not in ids
    run(state.setup.set_house("continuation", "stop"))
    run(state.setup.set_house("reserve", 2))
    assert state.setup.house == {"continuation": "stop", "reserve": 2}
    ids = shown(state)
    assert ids["house-rules"] == (
        "House rules: R1 Stuck while continuing: the turn simply ends; R3 Boneyard reserve: the last 2 tiles stay"
    )
    assert "house-reset" in ids
    run(state.setup.set_house("reserve", 0))  # the game's own value: no house rule
    assert state.setup.house == {"continuation": "stop"}
    state.setup.set_form(variant="exact-61")  # no continuation in a game of one tile a turn (E4)
    assert state.setup.house == {}
    assert "house-continuation-stop" not in shown(state)
    assert shown(state)["house-target_mode-exactly"].endswith("(the game's)")


def test_a_contradiction_is_refused_naming_its_rule_and_changes_nothing(state):
    run(state.go(Screen.NEW_MATCH))
    state.setup.toggle_house()
    run(state.setup.set_house("spinners", "none"))
    run(state.setup.set_house("spinner_fill", "all-four-first"))
    assert state.shell.error.rule == "R11" and state.setup.house == {"spinners": "none"}
    assert "R11" in shown(state)["message"]


def test_a_house_rule_match_is_created_shown_refereed_and_remembered(state, tmp_path):
    run(state.go(Screen.NEW_MATCH))
    run(state.setup.set_house("continuation", "stop"))
    state.setup.set_name(0, "Ann")
    state.setup.set_name(1, "Bo")
    run(state.setup.create())
    assert state.screen == Screen.TABLE and state.shell.error is None
    match = state.table.match
    assert match.house_rules == {"continuation": "stop"}
    on = shown(state)["house-rules-on"]
    assert on == "House rules: R1 Stuck while continuing: the turn simply ends"
    # the engine referees it: a continuing player with nothing to play passes (R1)
    store = state.services.store
    match_id = state.table.match_id
    for action in (StartRound(0), Play(0, (1, 4)), Play(0, (1, 1), parse_spot("1-4:low")), Pass(0)):
        store.record(match_id, action)
    assert store.open_match(match_id).turn.seat == 1
    assert store.export_document(match_id)["house_rules"] == {"continuation": "stop"}
    [summary] = store.list_matches()
    assert summary.house_rules == {"continuation": "stop"}
    # a new tab on the same folder offers the same set for Horse Race (the table's favourite)
    other = new_tab(open_store(tmp_path / "other"), str(tmp_path), lang="en", width=390)
    run(other.start())
    run(other.go(Screen.NEW_MATCH))
    assert other.setup.house == {"continuation": "stop"}
    assert shown(other)["house-rules"].startswith("House rules: R1 ")
    other.setup.set_form(variant="exact-61")
    assert other.setup.house == {}


def test_the_rules_screen_has_the_house_rules_and_the_presets(state):
    run(state.open_rule("R1"))
    assert state.screen == Screen.RULES
    ids = shown(state)
    assert "rule-R1" in ids and "the turn simply ends" in ids["rule-R1"]
    run(state.open_rule("M4"))
    assert state.rules.game == "merry-go-round"
    assert {"rules-index-M4", "rules-index-R11", "rules-game-all-fives"} <= set(shown(state))
    assert rules.view(state) is not None


def test_presets_are_offered_as_games_and_played(state):
    run(state.go(Screen.NEW_MATCH))
    assert {"game-all-fives", "game-merry-go-round"} <= set(hooks(new_match.view(state)))
    state.setup.set_form(variant="all-fives")
    state.setup.set_name(0, "Ann")
    state.setup.set_name(1, "Bo")
    run(state.setup.create())
    assert state.screen == Screen.TABLE and state.table.match.variant == "all-fives"
    assert "house-rules-on" not in shown(state)  # a preset is the game's own rules


def test_the_turn_says_what_a_house_rule_allows():
    from scorekeeper.explain import turn_words
    from scorekeeper.i18n import Translator
    from scorekeeper.rules import Draw, Match

    t = Translator("en")
    match = Match("horse-race", ["Ann", "Bo"], house_rules={"continuation": "stop"})
    match.apply(StartRound(0))
    match.apply(Play(0, (1, 1)))
    assert turn_words(t, match, match.turn) == (
        "Ann continues: the double 1-1 — with nothing to play, a pass ends the turn (R1)"
    )
    match = Match("exact-61", ["Ann", "Bo"], house_rules={"lead": "double", "draw_when_able": "allowed"})
    match.apply(StartRound(1))
    assert turn_words(t, match, match.turn) == (
        "Bo leads the round with a double; without one, draw until one comes (R10)"
    )
    match.apply(Play(1, (0, 0)))
    match.apply(Draw(0, 18))
    assert turn_words(t, match, match.turn).endswith("none fits: pass — or play a tile from hand (R2)")
    for lang in ("uk", "ko"):
        assert "(R2)" in turn_words(Translator(lang), match, match.turn)


def test_a_continuation_that_stops_is_said_so_on_the_sheet_in_the_fix_and_in_the_review(state):
    """hr-2p-continuation-stop (R1 stop): move 3, Ann's pass after the double 1-1 with 14 tiles in the stock,
    ended her turn; the score sheet, the fix panel's title and the review name R1 as the replay account
    does, instead of a plain "Ann passes" (the engine's ``Round.stops``)."""
    import json
    from pathlib import Path

    doc = json.loads((Path(__file__).resolve().parents[1] / "house_cases" / "hr-2p-continuation-stop.json").read_text())
    [match_id] = state.services.store.import_documents([doc])
    stop = "Ann passes: nothing to play from hand, the turn ends (R1)"
    run(state.table.open(match_id))
    ids = shown(state)
    assert ids["sheet-1-3"] == f"3 {stop}"  # the phone's strip
    assert ids["sheet-1-4"] == "4 Bo 3-4 +1"  # a plain play beside it
    state.shell.width = 1280  # the whole sheet beside the table
    ids = shown(state)
    assert ids["sheet-1-3"] == f"3. {stop}"
    state.correction.open_entry(1, 3)
    assert shown(state)["fix-title"] == f"Fix round 1, move 3: {stop}"
    state.correction.close()
    run(state.review.open(match_id, 3))  # start, 1-4, 1-1, the pass
    assert shown(state)["review-move"] == stop
    assert shown(state)["review-turn"].startswith("Bo")
    run(state.set_language("uk"))
    assert shown(state)["review-move"] == "Ann пропускає: з руки нічим ходити, хід закінчується (R1)"


def test_the_statistics_keep_house_rules_and_presets_apart(state):
    """hr-2p-instant-win-62 (Ann 62 in 3 rounds, Bo 0) with the game's own rules and played to 62 (R7), and
    an All Fives match in progress: three tables, each headed by its game and house rules as the history
    row names them, so a club's points per round compare like with like."""
    import json
    from pathlib import Path

    win = json.loads((Path(__file__).resolve().parents[1] / "cases" / "hr-2p-instant-win-62.json").read_text())
    store = state.services.store
    store.import_documents(
        [
            win | {"meta": {"started": "2025-06-13T16:30:00Z"}},
            win | {"house_rules": {"target": 62}, "meta": {"started": "2025-06-14T16:30:00Z"}},
        ]
    )
    store.create_match("all-fives", ["Ann", "Bo"], False)
    run(state.go(Screen.HISTORY))
    state.history.show_tab("stats")
    ids = shown(state)
    assert ids["stats"].startswith("Players Counted apart for each game and each set of house rules")
    assert [ids[k] for k in sorted(k for k in ids if k.startswith("stats-rules-"))] == [
        "Horse Race",
        "Horse Race · R7 Target: 62 points",
        "All Fives",
    ]
    assert [ids["stats-0-0"], ids["stats-0-1"]] == ["Ann 1 1 20.7 0", "Bo 1 0 0.0 0"]
    assert [ids["stats-1-0"], ids["stats-1-1"]] == ["Ann 1 1 20.7 0", "Bo 1 0 0.0 0"]
    assert [ids["stats-2-0"], ids["stats-2-1"]] == ["Ann 0 0 — 1", "Bo 0 0 — 1"]
    run(state.set_language("ko"))
    ids = shown(state)
    assert [ids["stats-rules-0"], ids["stats-rules-1"]] == ["경마", "경마 · R7 목표: 62점"]


def target_field(st) -> str:
    """What the form's target field is given to hold (R7)."""
    return hooks(SCREENS[st.screen](st))["house-target-field"].content.value


def test_any_target_the_engine_takes_can_be_typed(state):
    """R7: the form's taps offer 31, 61, 101, 121 and 151; any other of 1 to 999 is typed (a document or the
    CLI may name it too). A text that is no such number is refused with a message and changes nothing; a
    target typed and not yet applied is applied by Create (a bad one creates nothing)."""
    run(state.go(Screen.NEW_MATCH))
    state.setup.toggle_house()
    assert target_field(state) == "61"  # the game's own, until something is typed
    state.setup.set_target_text("75")
    run(state.setup.apply_target())  # Enter, or leaving the field
    assert state.setup.house == {"target": 75} and state.shell.error is None
    assert shown(state)["house-rules"] == "House rules: R7 Target: 75 points"
    for typed in ("0", "1000", "abc", "-5", "6.5"):
        state.setup.set_target_text(typed)
        run(state.setup.apply_target())
        assert state.shell.error.code == "ui_bad_target" and state.setup.house == {"target": 75}, typed
        assert target_field(state) == typed  # kept in the field, to be corrected
    assert shown(state)["message"] == 'Target "6.5": a target is a whole number of points from 1 to 999 (R7)'
    # said under the field too (on a phone the screen's message is far below it)
    field = hooks(SCREENS[state.screen](state))["house-target-field"].content
    assert field.error == 'Target "6.5": a target is a whole number of points from 1 to 999 (R7)'
    run(state.setup.set_house("target", 101))  # a tap replaces what was typed, and the message with it
    assert state.shell.error is None and target_field(state) == "101"
    assert hooks(SCREENS[state.screen](state))["house-target-field"].content.error is None
    state.setup.set_target_text("1")
    run(state.setup.apply_target())
    assert shown(state)["house-rules"] == "House rules: R7 Target: 1 point"  # one point, said as such
    state.setup.set_target_text("  ")  # emptied: the target in effect stays and is shown again
    run(state.setup.apply_target())
    assert state.setup.house == {"target": 1} and target_field(state) == "1"
    state.setup.set_target_text("x1")
    run(state.setup.create())  # typed, not applied: Create refuses it and creates nothing
    assert state.shell.error.code == "ui_bad_target" and state.screen == Screen.NEW_MATCH
    assert state.services.store.list_matches() == []
    state.setup.set_target_text("250")
    run(state.setup.create())
    assert state.screen == Screen.TABLE and state.table.match.house_rules == {"target": 250}
    assert state.table.match.rules.target_raw == 250 * 5


def test_the_target_is_said_in_each_languages_plural_form():
    from scorekeeper.explain import house_rules_words
    from scorekeeper.i18n import Translator

    words = {
        lang: [house_rules_words(Translator(lang), {"target": n}).split(": ")[-1] for n in (1, 2, 5, 21, 62)]
        for lang in ("en", "uk", "ko")
    }
    assert words == {
        "en": ["1 point", "2 points", "5 points", "21 points", "62 points"],
        "uk": ["1 бал", "2 бали", "5 балів", "21 бал", "62 бали"],
        "ko": ["1점", "2점", "5점", "21점", "62점"],
    }
    uk = Translator("uk")
    from scorekeeper.app.problems import Problem
    from scorekeeper.explain import problem_words

    assert (
        problem_words(uk, Problem("ui_bad_target", {"value": "0", "min": 1, "max": 999}), sentence=True)
        == "Мета «0»: мета — ціле число балів від 1 до 999 (R7)"
    )


def test_a_house_target_reached_is_said_as_that_target():
    """R7 target 4: Ann's 5-5 lead (10: 2 points) and 0-5 on its line (10: 2 more) reach it. The card and
    the chart's caption say 4, not the game's 61 (a fresh tester saw "61 reached" beside "4 to go")."""
    from scorekeeper.app.parts.chart import score_chart
    from scorekeeper.app.parts.scoreboard import distance_words
    from scorekeeper.i18n import Translator
    from scorekeeper.rules import Match

    match = Match("horse-race", ["Ann", "Bo"], house_rules={"target": 4})
    for action in (StartRound(0), Play(0, (5, 5)), Play(0, (0, 5), parse_spot("5-5:line-a"))):
        match.apply(action)
    assert match.points == [4, 0] and match.status == "finished"
    said = {
        lang: (distance_words(Translator(lang), match, 0), distance_words(Translator(lang), match, 1))
        for lang in ("en", "uk", "ko")
    }
    assert said == {"en": ("4 reached", "4 to go"), "uk": ("4 досягнуто", "ще 4"), "ko": ("4 도달", "4 남음")}
    chart = score_chart(Translator("en"), match, 320)
    assert "Points after every move; round numbers below; dashed line: 4" in [
        node.value for node in walk(chart) if isinstance(node, ft.Text)
    ]


def test_fives_and_threes_is_offered_shows_its_two_parts_and_its_rules(state):
    """The preset follows from the data (GAMES, its F rules, R12): offered on the form, played with the
    end sum's two parts in the table's explanation, its rules and R12 on the Rules screen; R12 on a
    RULES.md game is a house rule the form offers and the table's line names."""
    run(state.go(Screen.NEW_MATCH))
    assert "game-fives-and-threes" in hooks(new_match.view(state))
    state.setup.toggle_house()
    assert {"house-scoring-fives", "house-scoring-fives-and-threes", "house-reserve-all"} <= set(shown(state))
    run(state.setup.set_house("scoring", "fives-and-threes"))
    assert shown(state)["house-rules"] == (
        "House rules: R12 Scoring the ends: a point per 3 and per 5 (Fives and Threes: 15 → 8)"
    )
    run(state.setup.set_house("scoring", "fives"))
    state.setup.set_form(variant="fives-and-threes")
    state.setup.set_name(0, "Ann")
    state.setup.set_name(1, "Bo")
    run(state.setup.create())
    assert state.screen == Screen.TABLE and state.table.match.variant == "fives-and-threes"
    import json
    from pathlib import Path

    doc = json.loads((Path(__file__).resolve().parents[1] / "house_cases" / "f3-2p-ends-go-block.json").read_text())
    [match_id] = state.services.store.import_documents([doc])
    run(state.review.open(match_id, 7))  # start, then m1 … m7: Ann's 0-3 makes 15
    assert shown(state)["review-explain"] == "6-6: 12 + 0-3: 3 = 15; 15: 5 × 3 + 3 × 5 → 8 → +8 Ann (16)"
    run(state.review.open(match_id, 14))  # round 1's hands: the go joins the last tile
    assert "Settlement for Ann: last tile +2 + the go +1 → +3 (R12)" in shown(state)["review-explain"]
    run(state.set_language("uk"))
    assert "вихід +1 → +3 (R12)" in shown(state)["review-explain"]
    run(state.set_language("en"))
    run(state.open_rule("F5"))
    assert state.rules.game == "fives-and-threes"
    ids = shown(state)
    assert {"rules-index-F5", "rules-index-R12", "rule-F5", "rules-game-fives-and-threes"} <= set(ids)
    assert "15 → 5 + 3 = 8" in ids["rule-F5"]
