"""A mistake several moves back fixed in the browser in three taps (issue 9).

The shared case ``e61-pairs-settlement`` entered tap by tap with one mistake:
Bo's 3-4 (move 10) put at the 4-4's branch A instead of the 3-5's low end,
then three more moves. From the score sheet: the move (1), the right spot on
the picture of the table as it was (2), Save (3). The rest of the round is
entered as played, and the scores on the screen are the case's report.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

pytest.importorskip("playwright", reason="playwright is not installed (pip install -e '.[test]')")

from playwright.sync_api import expect  # noqa: E402

from .test_table_journey import enter_hands, play_moves, start_match  # noqa: E402

CASES = Path(__file__).resolve().parent.parent / "cases"


def test_a_wrong_spot_three_moves_back_is_fixed_from_the_score_sheet_in_three_taps(ui):
    doc = json.loads((CASES / "e61-pairs-settlement.json").read_text())
    report = json.loads((CASES / "e61-pairs-settlement.report.json").read_text())
    moves = doc["rounds"][0]["moves"]
    wrong = [dict(move) for move in moves]
    assert wrong[9] == {"player": 1, "play": "3-4", "at": "3-5:low"}
    wrong[9]["at"] = "4-4:branch-a"
    start_match(ui, doc["variant"], doc["players"], doc["partnerships"])
    ui.tap(f"starter-{doc['rounds'][0]['starter']}")
    play_moves(ui, wrong[:13], {}, 2)  # the mistake at move 10, then three more moves
    ui.expect_text("sheet-1-10", "10 Bo 3-4")

    taps = 0
    for hook in ("sheet-1-10", "spot-3-5-low", "fix-save"):
        if hook == "spot-3-5-low":  # before saving, the effect is shown
            ui.expect_text("fix-title", "Fix round 1, move 10: Bo plays 3-4 at 4-4 (branch A)")
        if hook == "fix-save":
            expect(ui.hook("fix-preview")).to_have_text("Ann & Cy 4 → 6; 3 later moves re-checked", timeout=10_000)
        ui.tap(hook)
        taps += 1
    assert taps == 3
    expect(ui.hook("notice")).to_contain_text("Fixed: ", timeout=10_000)
    ui.expect_gone("fix-panel")

    play_moves(ui, moves[13:], {}, 2)
    enter_hands(ui, doc["rounds"][0]["hands"])
    for side in range(2):
        ui.expect_text(f"score-{side}", str(report["scores"][side]))
    assert [int(ui.text(f"score-{side}")) for side in range(2)] == report["scores"] == [14, 0]
