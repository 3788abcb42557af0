"""Two browser tabs on one match (one app process, like two phones at the table): each follows the
other's moves as they are made, with no tap of its own; a new tab opens the match last played."""

from __future__ import annotations

from .conftest import open_ui
from .test_table_journey import start_match


def play(ui, tile: str, spot: str | None = None) -> None:
    ui.tap(f"tile-{tile}")
    if spot:
        ui.expect_text("selection", f"{tile} at 1-4 (low end)")
        ui.tap(spot)
    ui.expect_text("selection", f"{tile} at 1-4 (low end)" if spot else f"Lead {tile}")
    ui.tap("play")
    ui.expect_gone(f"tile-{tile}")


def test_two_tabs_follow_each_other(server, browser):
    a = open_ui(browser, server)
    b = None
    try:
        start_match(a, "horse-race", ["Ann", "Bo"])
        a.tap("starter-0")
        a.expect_text("turn", "Ann leads the round")
        b = open_ui(browser, server)  # a second tab opens the match last played: this one
        b.expect_text("turn", "Ann leads the round")
        play(a, "1-4")  # Ann leads 1-4: 5, +1, and continues (H4)
        b.expect_text("turn", "Ann continues: 1-4 scored")  # no tap in B
        b.expect_text("score-0", "1")
        b.expect_text("end-sum", "End sum: 5")
        b.expect_gone("tile-1-4")
        play(b, "1-1", "spot-1-4-low")  # now B enters Ann's next tile: 1-1 + 4 = 6, no points
        a.expect_text("end-sum", "End sum: 6")
        a.expect_text("explain", "1-4: 4 + 1-1: 2 = 6")
        a.expect_text("turn", "Ann continues: the double 1-1")
        a.tap("undo")
        b.expect_text("end-sum", "End sum: 5")
        b.expect_text("turn", "Ann continues: 1-4 scored")
    finally:
        a.page.context.close()
        if b is not None:
            b.page.context.close()
