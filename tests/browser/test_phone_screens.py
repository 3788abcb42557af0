"""Every screen on a phone (390 x 844) in the longest languages: what a player needs is in view (issue 12)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

pytest.importorskip("playwright", reason="playwright is not installed (pip install -e '.[test]')")


from .test_history_journey import case, go_home  # noqa: E402
from .test_phone_fit import assert_all_shown  # noqa: E402


def import_cases(ui, tmp_path: Path, *names: str) -> None:
    for name in names:
        (tmp_path / f"{name}.json").write_text(json.dumps(case(name)))
    go_home(ui)
    ui.tap("history")
    ui.expect_text("history-count", re.compile(r"^Matches: \d+$"))
    with ui.page.expect_file_chooser() as chooser:
        ui.tap("import")
    chooser.value.set_files([str(tmp_path / f"{name}.json") for name in names])
    ui.expect_text("notice", re.compile(r"^(Matches imported|Already in the history)"))


def test_after_export_the_notice_and_export_stay_in_view_on_a_phone_review(ui, tmp_path):
    """Issue 12 item 9: the notice of an export pushed the Export button under the fixed step controls."""
    import_cases(ui, tmp_path, "e61-2p-exact-finish")
    ui.page.locator('[flt-semantics-identifier^="history-item-"]').first.click()  # finished: the review
    ui.expect_text("review-step", "Round 1 of 4: start")
    for number in (2, 3):  # round 3, move 7: a layout, a chart and a long explanation (a rejected award)
        ui.tap("review-next-round")
        ui.expect_text("review-step", f"Round {number} of 4: start")
    for move in range(1, 8):
        ui.tap("review-next")
        ui.expect_text("review-step", f"Round 3 of 4 · move {move} of 12")
    with ui.page.expect_download():
        ui.tap("export")
    ui.expect_text("notice", re.compile(r"^Saved"))
    ui.page.wait_for_timeout(800)  # the screen is laid out again with the notice
    assert_all_shown(ui, ("export", "notice", "review-step", "review-move", "review-prev", "review-next"))
