"""On a phone (390 x 844) the table screen shows what a player needs without scrolling (newcomer report)."""

from __future__ import annotations

import re

import pytest

pytest.importorskip("playwright", reason="playwright is not installed (pip install -e '.[test]')")

from playwright.sync_api import expect  # noqa: E402

from .conftest import PHONE  # noqa: E402
from .test_table_journey import start_match  # noqa: E402


def box(ui, name: str) -> dict:
    """The hook's box on the page, in CSS pixels."""
    found = ui.hook(name).bounding_box()
    assert found is not None, f"{name} is not laid out"
    return found


def assert_all_shown(ui, names: tuple[str, ...]) -> None:
    """Each hook lies whole inside the phone's viewport, is not clipped, and covers none of the others.

    Flutter keeps a part scrolled out of a scroll view in its accessibility
    tree at a stale place (over the part that now shows there) or clipped to
    a sliver: an overlap or a sliver means the user cannot see it without scrolling.
    """
    boxes = {name: box(ui, name) for name in names}
    for name, b in boxes.items():
        assert b["y"] >= 0 and b["y"] + b["height"] <= PHONE["height"] + 0.5, (name, b)
        assert b["x"] >= 0 and b["x"] + b["width"] <= PHONE["width"] + 0.5, (name, b)
        assert b["height"] >= 15, (name, b)  # a line of text, a button, a tile: not a clipped sliver
    for first, a in boxes.items():
        for second, b in boxes.items():
            if first < second:
                apart = (
                    a["x"] + a["width"] <= b["x"] + 0.5
                    or b["x"] + b["width"] <= a["x"] + 0.5
                    or a["y"] + a["height"] <= b["y"] + 0.5
                    or b["y"] + b["height"] <= a["y"] + 0.5
                )
                assert apart, (first, a, second, b)


def play(ui, tile: str, spot: str | None) -> None:
    ui.tap(f"tile-{tile}")
    ui.expect_text("selection", re.compile(tile))
    if spot:
        ui.tap(spot)
        ui.expect_text("selection", re.compile(f"{tile} at "))
    ui.tap("play")
    ui.expect_gone(f"tile-{tile}")


def test_three_players_with_the_draw_panel_open_fit_a_phone(ui):
    start_match(ui, "horse-race", ["Ann", "Bo", "Cy"])
    ui.tap("starter-0")
    for tile, spot in (
        ("1-4", None),
        ("1-1", "spot-1-4-low"),
        ("4-4", "spot-1-4-high"),
        ("3-4", "spot-4-4-line-b"),
        ("3-6", "spot-3-4-low"),
    ):
        play(ui, tile, spot)
    ui.expect_text("end-sum", "End sum: 8")
    ui.expect_text("explain", re.compile(r"= 8$"))
    ui.tap("draw")
    expect(ui.hook("draw-count-10")).to_be_visible(timeout=10_000)
    # the question takes the picker's place (issue 21: nothing under it moves when it opens or closes)
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
        "undo",
    )
    ui.still(names)  # the picture gives up its room once the browser reports the new sizes
    assert_all_shown(ui, names)
    ui.tap("draw")  # closed again: the picker is back, in view
    ui.expect_gone("draw-panel")
    ui.settle(ui.hook("tile-6-6"), quiet_ms=400)
    assert_all_shown(ui, ("turn", "stock", "explain", "play", "undo", "tile-0-0", "tile-6-6", "tile-2-5"))
    for tile in ("tile-0-0", "tile-6-6", "tile-2-5"):  # a finger's tap target (newcomer 14: 46 x 27 px)
        assert box(ui, tile)["height"] >= 44 and box(ui, tile)["width"] >= 44, (tile, box(ui, tile))
    ui.tap("draw")
    ui.tap("draw-count-2")
    ui.expect_text("stock", "Stock: 7")  # 10 less the 2 that did not fit and the one that fits, in Cy's hand
    ui.expect_gone("explain")  # a draw ends the last placement's words (every tab shows the same)
    names = (
        "turn",
        "hand-0",
        "hand-1",
        "hand-2",
        "stock",
        "end-sum",
        "end-1-1-double",
        "end-3-6-high",
        "play",
        "tile-6-6",
    )
    ui.still(names)
    assert_all_shown(ui, names)
