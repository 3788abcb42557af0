"""Words and colours of the table and the screens around it (issue 21, section 3 "Wording")."""

from __future__ import annotations

import flet as ft

from scorekeeper.app.models.correction import FixKind
from scorekeeper.app.screens import SCREENS

from .hooks import hooks, walk
from .test_corrections import opened, run


def hook_texts(tab, name: str) -> list[ft.Text]:
    """The Text controls inside the hook ``name`` of the screen shown."""
    found = hooks(SCREENS[tab.screen](tab))[name]
    return [node for node in walk(found) if isinstance(node, ft.Text)]


def test_a_fix_that_changes_nothing_is_said_in_neutral_words_and_a_refused_one_in_red(tmp_path):
    tab = opened(tmp_path)
    tab.correction.open_entry(1, 10)
    [same] = hook_texts(tab, "fix-preview")
    assert same.value == "That is what the record already says"
    assert same.color == ft.Colors.BLUE_GREY_900  # nothing wrong: not the error red it was shown in
    tab.correction.pick_spot(((3, 5), "low"))
    [change] = hook_texts(tab, "fix-preview")
    assert change.value.startswith("Ann & Cy 5 → 14") and change.color == ft.Colors.BLUE_GREY_900
    tab.correction.set_kind(FixKind.PASS)  # the stock had tiles: the engine refuses it
    [refused] = hook_texts(tab, "fix-preview")
    assert refused.value == "This cannot be: S8: pass while the stock has 8 tiles: Bo must draw until a tile fits"
    assert refused.color == ft.Colors.RED_900


def test_a_history_filter_that_finds_nothing_says_so_and_clears(state):
    from scorekeeper.app.navigation import Screen

    from .test_history import import_cases, screen

    run(state.go(Screen.HISTORY))
    assert screen(state)["history-none"] == "No matches yet" and "history-clear" not in screen(state)
    import_cases(state, "hr-2p-seed-layout", "e61-2p-exact-finish")
    run(state.go(Screen.HISTORY))
    assert "history-none" not in screen(state)
    state.history.set_text("player", "Zoe")  # nobody of that name played here
    run(state.history.apply())
    shown = screen(state)
    assert shown["history-count"] == "Matches: 0"
    assert shown["history-none"] == "No match fits the filter"  # not "No matches yet": there are two
    assert shown["history-clear"] == "Clear the filter"
    run(state.history.clear_filter())
    assert len(state.history.items) == 2 and state.history.text("player") == ""
    assert "history-none" not in screen(state) and screen(state)["history-count"] == "Matches: 2"
    run(state.set_language("uk"))
    state.history.set_text("player", "Zoe")
    run(state.history.apply())
    assert screen(state)["history-none"] == "Жодна партія не відповідає фільтру"


def test_a_match_abandoned_during_round_1_is_abandoned_in_round_1_not_after_it(state):
    from scorekeeper.app.navigation import Screen

    from .test_abandon_rename import new_match_state, two_matches
    from .test_history import screen

    during, _ = two_matches(state)  # Ann v Bo: round 1 started, one tile led
    new_match_state(state, "horse-race", ["Zoe", "Yan"])  # no round started yet
    unstarted = state.table.match_id
    run(state.home.abandon(during))
    run(state.home.abandon(unstarted))
    run(state.go(Screen.HISTORY))
    assert screen(state)[f"history-item-{during}"].endswith("Abandoned in round 1")
    assert screen(state)[f"history-item-{unstarted}"].endswith("Abandoned before its first round")


def test_no_ui_words_say_raw():
    """ "raw" is the rules' bookkeeping term (RULES.md defines it; the Rules screen keeps it), not a word for the
    table's messages: they say pips (issue 21). Placeholders (``{raw}``) are the code's names, not words."""
    import json
    import re
    from pathlib import Path

    jargon = {"en": re.compile(r"\braw\b", re.IGNORECASE), "uk": re.compile("вихідн"), "ko": re.compile("원점수")}
    folder = Path(__file__).resolve().parents[2] / "scorekeeper" / "i18n"
    for lang, word in jargon.items():
        catalog = json.loads((folder / f"{lang}.json").read_text(encoding="utf-8"))
        values = [
            (key, v)
            for key, value in catalog.items()
            for v in (value.values() if isinstance(value, dict) else [value])
            if isinstance(v, str)
        ]
        said = [(key, v) for key, v in values if word.search(re.sub(r"\{[^}]*\}", "", v))]
        assert said == [], (lang, said)


def test_the_text_width_estimate_is_the_fonts_advances():
    from scorekeeper.app.parts.fit import em_width, fit_size

    assert em_width("Ann") == (608 + 610 + 610) / 1000 * 1.04  # the font's advances of A, n, n
    assert em_width("경마") == 2 * 0.92 * 1.04  # a Hangul syllable is one square
    # "Horse Race · Round 1" measured 186 px wide at 18 px bold in the browser; the estimate is a little more
    assert 186 <= em_width("Horse Race · Round 1", bold=True) * 18 <= 195
    assert fit_size("Horse Race · Round 1", 210, 18, 14, bold=True) == 18
    assert fit_size("Horse Race · Round 1", 180, 18, 14, bold=True) == 16
    assert fit_size("x" * 200, 100, 18, 14) == 14  # too long at any size: the smallest (the slot cuts it)


def test_titles_stay_on_one_line_on_a_phone_smaller_where_long(tmp_path):
    from scorekeeper.app.navigation import Screen
    from scorekeeper.store import open_store
    from tests.app.tabs import new_tab

    from .test_history import case

    store = open_store(tmp_path)
    doc = case("hr-pairs-shared-win") | {"players": ["Олександра", "Bohdan", "Кирило", "Maria"]}
    [match_id] = store.import_documents([doc])
    tab = new_tab(store, tmp_path)
    run(tab.start())
    run(tab.set_language("uk"))
    run(tab.review.open_review(match_id))
    assert tab.screen == Screen.REVIEW
    title = next(
        node
        for node in walk(SCREENS[tab.screen](tab))
        if isinstance(node, ft.Text) and str(node.value).startswith("Перегляд:")
    )
    assert title.value == "Перегляд: Олександра & Кирило — Bohdan & Maria"
    assert (title.max_lines, title.overflow, title.size) == (1, ft.TextOverflow.ELLIPSIS, 14)
    run(tab.go(Screen.HISTORY))
    short = next(
        node for node in walk(SCREENS[tab.screen](tab)) if isinstance(node, ft.Text) and node.value == "Історія"
    )
    assert (short.max_lines, short.size) == (1, 18)  # a short title keeps its size


def test_the_reviews_counter_names_the_steps_it_counts_beside_the_rounds_moves(tmp_path):
    """e61-pairs-negative: one round, 19 steps (its start, 17 moves, the hands). At move 15 the counter said
    "16 / 19" beside "move 15 of 17": both true (the start is a step, the hands too), read as two move numbers."""
    from scorekeeper.store import open_store
    from tests.app.tabs import new_tab

    from .test_history import case, screen

    store = open_store(tmp_path)
    [match_id] = store.import_documents([case("e61-pairs-negative")])
    tab = new_tab(store, tmp_path)
    run(tab.start())
    run(tab.review.open_review(match_id))
    run(tab.review.go(15))  # the 16th step: the start, then moves 1 … 15
    shown = screen(tab)
    assert shown["review-step"] == "Round 1 of 1 · move 15 of 17"
    assert shown["review-count"] == "step 16 of 19"
    run(tab.review.go(18))
    assert screen(tab)["review-step"] == "Round 1 of 1: hands left and settlement"
    assert screen(tab)["review-count"] == "step 19 of 19"


def test_a_viewers_scoreboard_of_three_sides_fills_its_row():
    """Three sides were two cards and one beside a gap (half a row empty) on a viewer's phone."""
    from scorekeeper.app.parts.watch import watch_board
    from scorekeeper.i18n import Translator

    from .test_history import folded

    for name, per_row in (("hr-3p-openings", 3), ("hr-2p-seed-layout", 2), ("hr-4i-block-4-4-4-14", 2)):
        board = watch_board(Translator("en"), folded(name))
        cards = [node for node in walk(board) if isinstance(node, ft.Container) and node.col]
        assert [card.col["xs"] for card in cards] == [12 / per_row] * len(cards), name
        assert sum(card.col["xs"] for card in cards) % 12 == 0  # every row full


def test_the_rules_index_names_every_rule_in_each_language(state):
    """The index listed bare ids (S1 … R11): each now says its short name, RULES.md's title for the game's
    rules and the option's name (the form's) for a house rule."""
    from scorekeeper.app.navigation import Screen
    from scorekeeper.rulebook import rules_of
    from scorekeeper.rules.variants import EXACT_61, HORSE_RACE

    from .test_history import screen

    run(state.go(Screen.RULES))
    state.rules.choose_game(HORSE_RACE)
    shown = screen(state)
    assert [shown[f"rules-index-{rule}"] for rule in ("S1", "S3", "S8", "H4", "H10", "R1", "R3", "R11")] == [
        "S1 Seats",
        "S3 First starter",
        "S8 Play, draw, pass",
        "H4 Continuation",
        "H10 One settlement",
        "R1 Stuck while continuing",
        "R3 Boneyard reserve",
        "R11 Filling the spinner",
    ]
    state.rules.choose_game(EXACT_61)
    assert screen(state)["rules-index-E8"] == "E8 Result after a block"
    for lang, words in (("uk", "S8 Хід, добір, пропуск"), ("ko", "S8 놓기·뽑기·넘기기")):
        run(state.set_language(lang))
        run(state.go(Screen.RULES))
        shown = screen(state)
        assert shown["rules-index-S8"] == words
        for rule in rules_of(EXACT_61):  # every id with a name after it, none bare
            label = shown[f"rules-index-{rule}"]
            assert label.startswith(f"{rule} ") and len(label) > len(rule) + 1, (lang, label)


def test_a_rule_asked_about_comes_before_the_index(state):
    """A link opens that rule alone: it shows first (the index, now named, is long on a phone), then the rest."""
    from scorekeeper.app.navigation import Screen
    from scorekeeper.app.screens import SCREENS

    run(state.open_rule("S8"))
    assert state.screen == Screen.RULES
    order = list(hooks(SCREENS[state.screen](state)))
    assert order.index("rule-S8") < order.index("rules-all") < order.index("rules-index")


def test_korean_words_are_joined_so_lines_break_only_at_spaces():
    """Flutter's web text layout breaks between any two Hangul syllables (UAX #14) and between a name and its
    particle; a WORD JOINER between them keeps each word whole (checked in Chromium: "놓을 것이", "Ann의")."""
    from scorekeeper.app.parts.fit import WORD_JOINER as J
    from scorekeeper.app.parts.fit import keep_words

    assert keep_words("Bo 차례: Ann의 타일") == f"Bo 차{J}례{J}: Ann{J}의 타{J}일"
    assert keep_words("Bo continues: 1-5 scored") == "Bo continues: 1-5 scored"  # no Hangul: as it was
    assert keep_words("1-5 득점").replace(J, "") == "1-5 득점" and keep_words("1-5 득점").count(" ") == 1


def test_the_korean_turn_line_keeps_its_words_and_reads_without_joiners(state):
    """The table's turn line in Korean: the joiners in what is drawn, none in what a screen reader reads."""
    from scorekeeper.app.parts.fit import WORD_JOINER

    from .test_state import new_match_state

    run(state.set_language("ko"))
    new_match_state(state, "horse-race", ["민준", "Bo"])
    run(state.table.start_round(0))
    [turn] = hook_texts(state, "turn")
    drawn = "".join(span.text for span in turn.spans)
    assert WORD_JOINER in drawn and drawn.replace(WORD_JOINER, "") == "민준 선공"
    assert turn.semantics_label == "민준 선공"
    assert turn.spans[0].style.size >= 22 > turn.spans[1].style.size  # the name large, as on a viewer's phone
