"""Import, match end, export, history and review in the browser, checked against the shared cases."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

pytest.importorskip("playwright", reason="playwright is not installed (pip install -e '.[test]')")

from playwright.sync_api import expect  # noqa: E402

from tests.served import focus_text_field  # noqa: E402

CASES = Path(__file__).resolve().parent.parent / "cases"


def case(name: str) -> dict:
    return json.loads((CASES / f"{name}.json").read_text())


def go_home(ui) -> None:
    ui.page.wait_for_selector('[flt-semantics-identifier="new-match"], [flt-semantics-identifier="home"]')
    if ui.page.locator('[flt-semantics-identifier="history"]').count() == 0:
        ui.tap("home")


def test_import_finish_export_and_review(ui, tmp_path):
    almost = case("hr-2p-instant-win-62")
    winning = almost["rounds"][-1]["moves"].pop()  # Ann's 1-4 that makes 62 (H6) is played on the screen
    assert winning == {"player": 0, "play": "1-4", "at": "1-2:low"}
    (tmp_path / "almost.json").write_text(json.dumps(almost))
    (tmp_path / "seed.json").write_text(json.dumps(case("e61-2p-seed-layout")))
    page = ui.page

    # import two documents through the file chooser
    go_home(ui)
    ui.tap("history")
    ui.expect_text("history-count", re.compile(r"^Matches: \d+$"))
    with page.expect_file_chooser() as chooser:
        ui.tap("import")
    chooser.value.set_files([str(tmp_path / "almost.json"), str(tmp_path / "seed.json")])
    ui.expect_text("notice", "Matches imported: 2")

    # resume the imported match from the history and finish it on the table
    page.locator('[flt-semantics-identifier^="history-item-"]', has_text="Ann 60").first.click()
    ui.expect_text("score-0", "60")
    ui.tap("tile-1-4")
    ui.tap("spot-1-2-low")
    ui.expect_text("selection", re.compile("^1-4 at "))
    ui.tap("play")

    # the match end: winner, final scores, the chart
    ui.expect_text("winners", "Winner: Ann")
    ui.expect_text("final-scores", "Final scores: Ann 62, Bo 0")
    expect(ui.hook("chart")).to_contain_text("Ann 62")
    expect(ui.hook("chart")).to_contain_text("Bo 0")

    # export: the browser downloads the match document
    with page.expect_download() as download:
        ui.tap("export")
    exported = json.loads(Path(download.value.path()).read_text())
    assert exported["rounds"] == case("hr-2p-instant-win-62")["rounds"]
    assert download.value.suggested_filename == f"scorekeeper-{exported['meta']['id']}.json"
    ui.expect_text("notice", f"Saved as the download {download.value.suggested_filename}")

    # the review, round by round then move by move
    ui.tap("review")
    ui.expect_text("review-step", "Round 1 of 3: start")
    ui.tap("review-next-round")
    ui.expect_text("review-step", "Round 2 of 3: start")
    ui.tap("review-next-round")
    ui.expect_text("review-step", "Round 3 of 3: start")
    for move in (1, 2, 3):
        ui.tap("review-next")
        ui.expect_text("review-step", f"Round 3 of 3 · move {move} of 3")
    ui.expect_text("review-move", "Ann plays 1-4 at 1-2 (low end)")
    expect(ui.hook("review-explain")).to_contain_text("= 10 → +2 Ann (62)")  # ends 6 + 4
    ui.expect_text("end-2-6-high", "6")
    ui.expect_text("end-1-4-high", "4")
    ui.expect_text("score-0", "62")
    ui.expect_text("review-turn", "Winner: Ann")
    expect(ui.hook("review-next")).to_be_disabled()
    ui.tap("review-prev")
    ui.expect_text("review-step", "Round 3 of 3 · move 2 of 3")
    ui.expect_text("score-0", "60")
    ui.expect_gone("end-1-4-high")

    # the other import, reviewed from the history: e61-2p-seed-layout at move 6 (Bo's 1-5 on the branch)
    ui.tap("back")
    ui.tap("history-game-exact-61")
    row = page.locator('[flt-semantics-identifier^="history-item-"]', has_text="Ann 9").first
    expect(row).to_contain_text("In progress")
    match_id = row.get_attribute("flt-semantics-identifier").removeprefix("history-item-")
    ui.tap(f"history-review-{match_id}")
    ui.expect_text("review-step", "Round 1 of 1: start")
    for _ in range(6):
        ui.tap("review-next")
    ui.expect_text("review-step", "Round 1 of 1 · move 6 of 9")
    ui.expect_text("review-move", "Bo plays 1-5 at 1-1 (branch A)")
    expect(ui.hook("review-explain")).to_contain_text("= 10 → +2 Bo (3)")
    for end, value in (("end-3-4-low", "3"), ("end-1-2-high", "2"), ("end-1-5-high", "5")):
        ui.expect_text(end, value)
    ui.expect_text("score-0", "4")  # Ann 1 + 2 + 1, Bo 1 + 2: the case's report
    ui.expect_text("score-1", "3")


def test_a_refused_import_says_why_and_changes_nothing(ui, tmp_path):
    (tmp_path / "bad.json").write_text(json.dumps(case("bad-skipped-continuation")))
    go_home(ui)
    ui.tap("history")
    ui.expect_text("history-count", re.compile(r"^Matches: \d+$"))
    before = ui.text("history-count")
    with ui.page.expect_file_chooser() as chooser:
        ui.tap("import")
    chooser.value.set_files(str(tmp_path / "bad.json"))
    expect(ui.hook("notice")).to_contain_text("bad.json refused, nothing imported: round 1, move 6: H4: ")
    assert ui.text("history-count") == before


def test_fast_typing_in_the_history_filters_keeps_every_key(ui, tmp_path):
    """Keys typed 15 ms apart all reach the filter (a re-render per key used to overwrite some of them)."""
    (tmp_path / "pairs.json").write_text(json.dumps(case("hr-pairs-shared-win")))
    go_home(ui)
    ui.tap("history")
    ui.expect_text("history-count", re.compile(r"^Matches: \d+$"))
    with ui.page.expect_file_chooser() as chooser:
        ui.tap("import")
    chooser.value.set_files([str(tmp_path / "pairs.json")])
    ui.expect_text("notice", "Matches imported: 1")
    names = case("hr-pairs-shared-win")["players"]
    for key, text in (("player", "Annabelle Smith-Okonkwo"), ("since", "2026-02-30")):
        field = ui.page.locator(f'[flt-semantics-identifier="history-{key}"] input').first
        focus_text_field(ui.page, field)
        ui.page.keyboard.type(text, delay=15)
        expect(field).to_have_value(text, timeout=10_000)
        ui.page.keyboard.press("Enter")
        if key == "player":  # nobody of that name: no match listed; the text is still all there
            ui.expect_text("history-count", "Matches: 0")
            expect(field).to_have_value(text, timeout=10_000)
            focus_text_field(ui.page, field)
            ui.page.keyboard.type(names[0], delay=15)
            ui.page.keyboard.press("Enter")
            expect(field).to_have_value(names[0], timeout=10_000)
            ui.expect_text("history-count", re.compile(r"^Matches: [1-9]"))
    # the refusal quotes the date as typed, not a truncated one
    expect(ui.hook("message")).to_contain_text("2026-02-30", timeout=10_000)
    expect(ui.page.locator('[flt-semantics-identifier="history-since"] input').first).to_have_value("2026-02-30")
