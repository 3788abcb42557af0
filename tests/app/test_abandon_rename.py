"""Issue 12 item 6 in the app: an unfinished match abandoned from the start screen (an Undo in the notice),
the players' names fixed on the table screen (the scoreboard, the history, the statistics and the review
follow; Undo takes the fix back)."""

from __future__ import annotations

import flet as ft
import pytest

from scorekeeper.app.navigation import Screen
from scorekeeper.app.screens import SCREENS
from scorekeeper.app.store_access import open_app_store
from scorekeeper.rules import Play
from tests.app.hooks import hooks, text, walk
from tests.app.tabs import new_tab

from .test_state import new_match_state, run, shown


def screen_text(tab) -> str:
    return text(SCREENS[tab.screen](tab))


def hook_names(tab) -> set[str]:
    """The hooks on the screen (with the whole sheet open on a phone its entries are also the strip's
    chips: the same hook twice, which ``shown`` refuses)."""
    return {
        node.identifier for node in walk(SCREENS[tab.screen](tab)) if isinstance(node, ft.Semantics) and node.identifier
    }


def two_matches(tab) -> tuple[str, str]:
    """Ann v Bo (Horse Race, round 1 started, Ann led 1-3) and, started later, Cy v Di (Exact 61)."""
    new_match_state(tab, "horse-race", ["Ann", "Bo"])
    first = tab.table.match_id
    run(tab.table.start_round(0))
    tab.entry.pick_tile((1, 3))
    run(tab.entry.play())
    new_match_state(tab, "exact-61", ["Cy", "Di"])
    return first, tab.table.match_id


def test_an_unfinished_match_is_abandoned_from_the_start_screen_and_the_notice_undoes_it(state, tmp_path):
    first, second = two_matches(state)
    run(state.go(Screen.HOME))
    found = shown(state)
    assert {"resume-0", "resume-1", "abandon-0", "abandon-1"} <= found.keys()
    assert "Ann" in found["resume-1"] and "Cy" in found["resume-0"]  # newest first
    assert [s.id for s in state.home.unfinished] == [second, first]

    run(state.home.abandon(first))
    assert state.shell.error is None
    assert [s.id for s in state.home.unfinished] == [second]
    found = shown(state)
    assert found["notice"] == "Ann, Bo: abandoned. It stays in the history as abandoned."
    assert "notice-undo" in found and "resume-1" not in found
    assert state.services.store.summary(first).status == "abandoned"
    # a new tab on the same folder resumes the other match, and lists only it
    again = new_tab(open_app_store(tmp_path), str(tmp_path))
    run(again.start())
    assert again.table.match_id == second and [s.id for s in again.home.unfinished] == [second]
    # the history shows it abandoned; a tap reviews it
    run(state.go(Screen.HISTORY))
    row = shown(state)[f"history-item-{first}"]
    assert "Abandoned in round 1" in row  # given up during its first round
    run(state.history.open_item(first, "abandoned"))
    assert state.screen == Screen.REVIEW

    run(state.go(Screen.HOME))
    run(state.home.abandon(second))
    assert state.home.unfinished == []
    notice = state.shell.notice
    run(state.home.undo_abandon(*notice.undo))
    assert state.shell.error is None and [s.id for s in state.home.unfinished] == [second]
    assert shown(state)["notice"] == "Cy, Di: back among the unfinished matches."
    assert state.services.store.summary(second).status == "in-progress"


def test_the_notices_undo_after_the_match_changed_elsewhere_writes_nothing(state):
    first, _ = two_matches(state)
    run(state.go(Screen.HOME))
    run(state.home.abandon(first))
    undo = state.shell.notice.undo
    store = state.services.store
    store.undo(first)  # another tab took it back, and went on
    store.record(first, Play(1, (3, 4), ((1, 3), "high")))
    version = store.version(first)
    run(state.home.undo_abandon(*undo))
    assert state.shell.error is not None and state.shell.error.code == "ui_stale_view"
    assert store.version(first) == version and store.summary(first).status == "in-progress"


def test_an_abandoned_match_opened_on_the_table_offers_only_undo(state):
    first, _ = two_matches(state)
    run(state.go(Screen.HOME))
    run(state.home.abandon(first))
    run(state.table.open_match(first))
    found = shown(state)
    assert "abandoned" in found and "abandoned-undo" in found
    assert "This match was abandoned" in found["abandoned"]
    state.correction.show_sheet()
    found = hook_names(state)
    assert "play" not in found and "rename" not in found  # no entry, no names to fix
    run(state.table.undo())
    found = hook_names(state)
    assert "abandoned" not in found and "rename" in found and state.table.abandoned is False


def test_the_names_are_fixed_on_the_table_and_everything_follows(state):
    first, second = two_matches(state)
    run(state.table.open_match(first))
    assert "rename" not in shown(state)  # on a phone: in the whole score sheet, beside its title
    state.correction.show_sheet()
    assert "rename" in hook_names(state)
    state.names.start()
    found = shown(state)
    assert {"rename-panel", "rename-0", "rename-1", "rename-save", "rename-cancel"} <= found.keys()
    assert "play" not in found and "score-sheet" not in found  # the panel takes the sheet's place
    state.names.close()
    assert "score-sheet" in hook_names(state)  # back to the sheet
    state.correction.show_sheet()
    state.names.start()
    assert "play" not in shown(state)  # the sheet closed: the panel takes the entry's place
    state.names.set_name(1, " Bohdan ")
    run(state.names.save())
    assert state.shell.error is None and not state.names.open
    assert state.table.match.players == ["Ann", "Bohdan"]
    words = screen_text(state)
    assert "Bohdan" in words and "1 name fixed: Bo → Bohdan" in words
    assert "play" in shown(state)  # the entry is back

    store = state.services.store
    assert store.summary(first).players == ("Ann", "Bohdan")
    run(state.go(Screen.HISTORY))
    assert "Bohdan" in shown(state)[f"history-item-{first}"]
    names = {p.name for group in state.history.stats for p in group.players}
    assert names >= {"Ann", "Bohdan"} and "Bo" not in names
    run(state.review.open_review(first))
    assert "Bohdan" in screen_text(state)

    run(state.table.open_match(first))
    run(state.table.undo())  # the rename is the last change: Undo takes it back
    assert state.table.match.players == ["Ann", "Bo"] and store.summary(first).players == ("Ann", "Bo")
    assert store.summary(second).players == ("Cy", "Di")


@pytest.mark.parametrize(("names", "code"), [(["Ann", "ann"], "same_names"), (["Ann", "B\no"], "name_character")])
def test_a_refused_name_is_a_message_and_writes_nothing(state, names, code):
    first, _ = two_matches(state)
    run(state.table.open_match(first))
    version = state.services.store.version(first)
    state.names.start()
    for seat, name in enumerate(names):
        state.names.set_name(seat, name)
    run(state.names.save())
    assert state.shell.error is not None and state.shell.error.code == code
    assert "message" in shown(state) and state.names.open  # the panel stays, with what was typed
    assert state.services.store.version(first) == version


def test_saving_unchanged_names_only_closes_the_panel(state):
    first, _ = two_matches(state)
    run(state.table.open_match(first))
    version = state.services.store.version(first)
    state.names.start()
    run(state.names.save())
    assert not state.names.open and state.shell.error is None and state.services.store.version(first) == version


@pytest.mark.parametrize(
    ("lang", "count", "words"),
    [
        ("uk", 1, "Виправлено 1 ім'я: Ann → Anna"),
        ("uk", 2, "Виправлено 2 імені: Ann → Anna, Bo → Bohdan"),
        ("ko", 2, "이름 2개를 고쳤습니다: Ann → Anna, Bo → Bohdan"),
        ("en", 2, "2 names fixed: Ann → Anna, Bo → Bohdan"),
    ],
)
def test_the_rename_notice_is_counted_in_each_language(state, lang, count, words):
    first, _ = two_matches(state)
    run(state.set_language(lang))
    run(state.table.open_match(first))
    state.names.start()
    for seat, name in enumerate(["Anna", "Bohdan"][:count]):
        state.names.set_name(seat, name)
    run(state.names.save())
    assert shown(state)["notice"] == words


@pytest.mark.parametrize(
    ("lang", "rounds", "words"),
    [
        ("en", 1, "Abandoned in round 1"),
        ("en", 2, "Abandoned in round 2"),
        ("uk", 1, "Покинуто в раунді 1"),
        ("uk", 5, "Покинуто в раунді 5"),
        ("ko", 2, "2라운드 중 포기함"),
    ],
)
def test_an_abandoned_matchs_status_is_counted_in_each_language(lang, rounds, words):
    from scorekeeper.i18n import translate

    assert translate(lang, "ui.status_abandoned", rounds=rounds) == words


def test_on_a_wide_window_the_names_are_beside_the_sheet_always_shown(tmp_path):
    tab = new_tab(open_app_store(tmp_path), str(tmp_path), width=1280)
    run(tab.start())
    new_match_state(tab, "horse-race", ["Ann", "Bo"])
    assert {"rename", "score-sheet", "starter-0"} <= shown(tab).keys()
    tab.names.start()
    found = shown(tab)
    assert "rename-panel" in found and "rename" not in found and "starter-0" not in found


def test_another_tab_on_the_table_follows_an_abandon(state, tmp_path):
    first, _ = two_matches(state)
    other = new_tab(state.services.store, str(tmp_path))
    run(other.start())
    run(other.table.open_match(first))
    run(state.go(Screen.HOME))
    run(state.home.abandon(first))
    run(other.table.follow(first, state.services.store.version(first)))
    assert "abandoned" in shown(other) and hooks(SCREENS[other.screen](other)).get("play") is None
