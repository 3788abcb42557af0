"""Typing into every text field of the app keeps every key (usability issue, item 1).

A field's text lives in the browser while the user types; the server learns
it a key at a time. Before the fix, any re-render that reached the server
between a key and its change event (a filter being applied, another field's
change, a pip total re-rendering the round-end panel per key) sent the
server's older text back and the browser replaced what was typed ("Cy"
became "CCy", "2026-12-01" became "2026-122026-12-0101"). Each field is
typed into 20 times at 30 ms a key, right after something else made the
screen render, and must end up holding exactly what was typed.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

pytest.importorskip("playwright", reason="playwright is not installed (pip install -e '.[test]')")

from playwright.sync_api import expect  # noqa: E402

from tests.served import focus_text_field  # noqa: E402

from .conftest import open_ui  # noqa: E402
from .test_history_journey import go_home  # noqa: E402

CASES = Path(__file__).resolve().parent.parent / "cases"
TRIES = 20
DELAY = 30  # ms between keys


def field(ui, name: str):
    return ui.page.locator(f'[flt-semantics-identifier="{name}"] input').first


def type_into(ui, name: str, text: str) -> None:
    """Take the field as a user does (tap, Flutter has it, its text selected) and type ``text`` over it,
    a key every 30 ms."""
    focus_text_field(ui.page, field(ui, name))
    ui.page.keyboard.type(text, delay=DELAY)


def test_new_match_names_keep_every_key(ui):
    go_home(ui)
    ui.tap("new-match")
    ui.tap("players-4")
    expected = {}
    for attempt in range(TRIES):
        for seat in range(4):
            # a tap that re-renders the form; once it shows (as a user sees the game chosen), the next name
            game = ui.hook(f"game-{'exact-61' if (attempt + seat) % 2 else 'horse-race'}")
            game.click()
            expect(game).to_have_attribute("aria-current", "true", timeout=10_000)
            expected[seat] = f"Ann{attempt}-{seat}й"
            type_into(ui, f"name-{seat}", expected[seat])
        for seat, text in expected.items():
            expect(field(ui, f"name-{seat}")).to_have_value(text, timeout=10_000)
    ui.change_sent(expected[3])  # the last field's last change event has gone to the server
    ui.tap("create-match")
    for seat, text in expected.items():  # the match has the names as typed: the starter buttons name them
        expect(ui.hook(f"starter-{seat}")).to_contain_text(text, timeout=10_000)


def test_history_filters_keep_every_key(ui, tmp_path):
    doc = json.loads((CASES / "hr-pairs-shared-win.json").read_text())
    doc["players"] = ["Quill", "Reno", "Sabe", "Tove"]  # a match of its own: the other tests import the case too
    (tmp_path / "pairs.json").write_text(json.dumps(doc))
    go_home(ui)
    ui.tap("history")
    ui.expect_text("history-count", re.compile(r"^Matches: \d+$"))
    with ui.page.expect_file_chooser() as chooser:
        ui.tap("import")
    chooser.value.set_files([str(tmp_path / "pairs.json")])
    ui.expect_text("notice", "Matches imported: 1")
    player = doc["players"][0]
    for attempt in range(TRIES):
        texts = {
            "player": player if attempt % 2 else f"Nobody{attempt}",
            "since": "2020-01-01",
            "until": f"2099-12-{10 + attempt}",
        }
        for key in ("player", "since", "until"):
            # Enter applies the filter (the list is read again and the screen re-rendered) while the next
            # field is already being typed into
            type_into(ui, f"history-{key}", texts[key])
            ui.page.keyboard.press("Enter")
        for key, text in texts.items():
            expect(field(ui, f"history-{key}")).to_have_value(text, timeout=10_000)
        ui.expect_text("history-count", re.compile("^Matches: [1-9]" if attempt % 2 else "^Matches: 0$"))


def test_pip_totals_keep_every_key(ui, tmp_path):
    doc = json.loads((CASES / "hr-4i-block-4-4-4-14.json").read_text())
    del doc["rounds"][0]["hands"]  # the round waits for the hands: the pip totals are typed on the screen
    doc["players"] = ["Tari", "Uma", "Vik", "Wen"]
    (tmp_path / "waiting.json").write_text(json.dumps(doc))
    go_home(ui)
    ui.tap("history")
    with ui.page.expect_file_chooser() as chooser:
        ui.tap("import")
    chooser.value.set_files([str(tmp_path / "waiting.json")])
    ui.expect_text("notice", "Matches imported: 1")
    ui.page.locator('[flt-semantics-identifier^="history-item-"]', has_text="Tari").first.click()
    ui.expect_text("round-end", re.compile("Blocked"))
    for attempt in range(TRIES):
        seat = attempt % 4
        ui.tap(f"reveal-seat-{seat}")  # the panel shows that seat's field
        total = str(1000 + attempt * 37)
        type_into(ui, f"pips-{seat}", total)  # each key re-renders the panel (the seat's words)
        expect(field(ui, f"pips-{seat}")).to_have_value(total, timeout=10_000)
        expect(ui.hook(f"reveal-seat-{seat}")).to_contain_text(f"pip total {total}", timeout=10_000)


def expect_words(ui, name: str, words: str) -> None:
    """Wait until the group ``name`` says ``words``: in its label (``aria-label``) or its text, as Flutter
    chose to write them."""
    ui.page.wait_for_function(
        """([name, words]) => {
        const el = document.querySelector(`[flt-semantics-identifier="${name}"]`);
        return el !== null && ((el.getAttribute("aria-label") || "") + el.innerText).includes(words);
    }""",
        arg=[name, words],
        timeout=10_000,
    )


def test_a_typed_target_keeps_every_key(server, browser):
    """Issue 13: the new-match form's target (R7, any of 1 to 999) typed 20 times: a tap that re-renders the
    form (the target mode chosen), a target the engine refuses (its message shown), then a good one, whose
    first key drops the message (the form re-rendered while the next keys are typed), applied with Enter;
    the match is created with the last one. A phone's width, tall enough for the whole House rules
    section: what is tested is the typing, not the scrolling."""
    ui = open_ui(browser, server, {"width": 390, "height": 2000})
    try:
        go_home(ui)
        ui.tap("new-match")
        ui.tap("game-horse-race")
        ui.tap("house-rules")
        target = ""
        for attempt in range(TRIES):
            mode = f"house-target_mode-{'at-least' if attempt % 2 else 'exactly'}"  # each tap a change
            ui.tap(mode)
            expect(ui.hook(mode)).to_have_attribute("aria-current", "true", timeout=10_000)
            bad = str(1000 + attempt)
            type_into(ui, "house-target-field", bad)
            ui.page.keyboard.press("Enter")
            expect_words(ui, "message", f'Target "{bad}": a target is a whole number of points from 1 to 999')
            target = str(100 + attempt * 41)  # 100 … 879: none of the targets a tap away
            type_into(ui, "house-target-field", target)
            ui.page.keyboard.press("Enter")
            expect(field(ui, "house-target-field")).to_have_value(target, timeout=10_000)
            expect_words(ui, "house-rules", f"R7 Target: {target} points")
        ui.tap("create-match")
        expect_words(ui, "house-rules-on", f"R7 Target: {target} points")
    finally:
        ui.page.context.close()
