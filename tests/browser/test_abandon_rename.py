"""Issue 12 item 6 in a browser at phone size: a player's name fixed on the table, then the match abandoned
from the start screen, taken back with the notice's Undo, and abandoned for good."""

from __future__ import annotations

import re

import pytest

pytest.importorskip("playwright", reason="playwright is not installed (pip install -e '.[test]')")

from playwright.sync_api import expect  # noqa: E402

from .test_history_journey import go_home  # noqa: E402
from .test_phone_fit import assert_all_shown  # noqa: E402
from .test_table_journey import start_match  # noqa: E402


def test_rename_a_player_then_abandon_the_match_from_the_start_screen(ui):
    start_match(ui, "horse-race", ["Ярема", "Bo"])
    ui.expect_text("starter-1", re.compile("Bo"))
    ui.tap("sheet-open")  # the names are fixed from the whole score sheet
    ui.tap("rename")
    expect(ui.hook("rename-1")).to_be_visible(timeout=10_000)
    ui.fill("rename-1", "Богдана")
    ui.change_sent("Богдана")  # the text field reports its value asynchronously
    ui.tap("rename-save")
    ui.expect_text("notice", "1 name fixed: Bo → Богдана")
    ui.expect_gone("rename-panel")
    expect(ui.hook("score-sheet")).to_be_visible(timeout=10_000)  # back to the sheet it was opened from
    ui.tap("sheet-open")  # closed: the round's start, with the new name
    ui.expect_text("starter-1", re.compile("Богдана"))

    ui.tap("starter-0")  # the round begins: Ярема leads 1-4 (5 points)
    ui.tap("tile-1-4")
    ui.tap("play")
    ui.expect_text("score-0", "1")

    go_home(ui)
    ui.expect_text("resume-0", re.compile(r"Ярема\s1\s+·\s+Богдана\s0"))
    ui.tap("abandon-0")
    # the notice with a button: Flutter gives its words as the group's label
    expect(ui.hook("notice")).to_have_attribute(
        "aria-label", "Ярема, Богдана: abandoned. It stays in the history as abandoned.", timeout=10_000
    )
    rows = ui.page.locator('[flt-semantics-identifier^="resume-"]', has_text="Богдана")
    expect(rows).to_have_count(0, timeout=10_000)  # gone from the list
    assert_all_shown(ui, ("new-match", "notice", "history"))
    assert_all_shown(ui, ("notice-undo",))  # inside the notice

    ui.tap("notice-undo")
    ui.expect_text("notice", "Ярема, Богдана: back among the unfinished matches.")
    ui.expect_text("resume-0", re.compile("Богдана"))

    ui.tap("abandon-0")  # for good: it stays in the history as abandoned
    expect(ui.hook("notice")).to_have_attribute("aria-label", re.compile("abandoned"), timeout=10_000)
    ui.tap("history")
    row = ui.page.locator('[flt-semantics-identifier^="history-item-"]', has_text="Богдана").first
    expect(row).to_contain_text("Abandoned in round 1", timeout=10_000)
