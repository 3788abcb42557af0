"""Every screen on a phone (390 x 844) in the longest languages: what a player needs is in view (issue 12)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

pytest.importorskip("playwright", reason="playwright is not installed (pip install -e '.[test]')")


from playwright.sync_api import expect  # noqa: E402

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
    names = ("export", "notice", "review-step", "review-move", "review-prev", "review-next")
    ui.still(names)  # the screen is laid out again with the notice
    assert_all_shown(ui, names)


def set_language(ui, lang: str) -> None:
    ui.tap("settings")
    ui.tap(f"lang-{lang}")
    ui.tap("back")


@pytest.mark.parametrize("lang", ["uk", "ko"])
def test_the_table_with_the_draw_panel_open_fits_a_phone_in_every_language(ui, lang):
    """Issue 12 item 3: in Ukrainian "Скасувати" (Undo) wrapped onto a line of its own and the picker's
    lower rows fell off the 844-px screen with the draw panel open. Three players, long names, the
    longest words: the move buttons share one row and everything a player needs is in view."""
    from .test_table_journey import start_match

    ui.page.wait_for_selector('[flt-semantics-identifier="new-match"], [flt-semantics-identifier="home"]')
    try:
        set_language(ui, lang)
        start_match(ui, "horse-race", ["Олександра", "Святослав", "Мирослава"])
        ui.tap("starter-0")
        for tile, spot in (
            ("1-4", None),
            ("1-1", "spot-1-4-low"),
            ("4-4", "spot-1-4-high"),
            ("3-4", "spot-4-4-line-b"),
            ("3-6", "spot-3-4-low"),
        ):
            ui.tap(f"tile-{tile}")
            if spot:
                ui.tap(spot)
            ui.tap("play")
            ui.expect_gone(f"tile-{tile}")
        ui.tap("draw")
        expect(ui.hook("draw-count-10")).to_be_visible(timeout=10_000)
        names = (
            "turn",
            "hand-0",
            "hand-1",
            "hand-2",
            "stock",
            "end-sum",
            "explain",
            "draw-count-0",
            "draw-count-10",
            "play",
            "draw",
            "pass",
            "undo",
        )  # the question in the picker's place
        ui.still(names)  # the picture gives up its room once the browser reports the new sizes
        assert_all_shown(ui, names)
        ui.tap("draw")
        ui.expect_gone("draw-panel")
        ui.settle(ui.hook("tile-6-6"), quiet_ms=400)
        assert_all_shown(ui, ("turn", "play", "undo", "tile-0-0", "tile-6-6", "tile-2-5", "tile-0-6"))
        row = {name: ui.hook(name).bounding_box() for name in ("play", "draw", "pass", "undo")}
        assert len({round(box["y"]) for box in row.values()}) == 1, row  # one row: nothing wrapped
    finally:
        set_language(ui, "en")  # the language is saved in the server's data folder: the next tests read English
