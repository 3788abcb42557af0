"""Play shared cases tap by tap in the browser and read the scores from the screen."""

from __future__ import annotations

import json
import re
import tempfile
from pathlib import Path

import pytest

pytest.importorskip("playwright", reason="playwright is not installed (pip install -e '.[test]')")

from playwright.sync_api import expect  # noqa: E402

from tests.served import ServedApp, spot_hook, stock_after_draw, tile_hook  # noqa: E402

from .conftest import open_ui  # noqa: E402

CASES = Path(__file__).resolve().parent.parent / "cases"


def start_match(ui, variant: str, names: list[str], partnerships: bool = False) -> None:
    """From wherever the app opened: home → new match → seats → create."""
    # a fresh start opens the last unfinished match: go home first
    ui.page.wait_for_selector('[flt-semantics-identifier="new-match"], [flt-semantics-identifier="home"]')
    for _ in range(3):  # on a loaded machine Flutter can take a slow tap for a long press: tap again
        if ui.page.locator('[flt-semantics-identifier="new-match"]').count():
            break
        ui.tap("home")
        try:
            ui.page.wait_for_selector('[flt-semantics-identifier="new-match"]', timeout=5_000)
        except Exception:  # noqa: BLE001 - Playwright's TimeoutError; tapped again below
            continue
    ui.tap("new-match")
    ui.tap(f"game-{variant}")
    ui.tap(f"players-{len(names)}")
    for seat, name in enumerate(names):
        ui.fill(f"name-{seat}", name)
        ui.change_sent(name)  # the text field reports its value asynchronously
    if partnerships and variant == "horse-race":  # Exact 61 with 4 is always in partnerships (switch on)
        ui.tap("partnerships")
    ui.tap("create-match")
    ui.expect_text("score-0", "0")


def running_points(report: dict, round_index: int) -> dict[int, list[int]]:
    """Display points per side after each move index that scored (from the case's report)."""
    points = [0] * len(report["sides"])
    after = {}
    for event in report["rounds"][round_index]["events"]:
        if event["kind"] == "play" and event["accepted"]:
            points[event["side"]] += event["points"]
            after[event["move"]] = list(points)
    return after


def play_moves(ui, moves: list[dict], expected_after: dict[int, list[int]], sides: int) -> None:
    """Enter each move as a player would: tile, spot, (drawn), Play; Draw with its count; Pass."""
    previous = None
    for index, move in enumerate(moves):
        if "play" in move:
            tile = tile_hook(move["play"]).removeprefix("tile-")  # "1-4": low first, as the screen writes it
            ui.tap(f"tile-{tile}")
            if "at" in move:
                ui.expect_text("selection", re.compile(f"^{tile}"))
                ui.tap(spot_hook(move["at"]))
                ui.expect_text("selection", re.compile(f"{tile} at "))
            else:
                ui.expect_text("selection", f"Lead {tile}")
            if move.get("drawn") and not (previous and "draw" in previous and previous["player"] == move["player"]):
                ui.tap("drawn")  # the first tile drawn fitted: mark it
                expect(ui.hook("drawn").locator("input, [role=checkbox]").first).to_be_checked(timeout=10_000)
            ui.tap("play")
            ui.expect_gone(f"tile-{tile}")  # on the table now, no longer offered
        elif "draw" in move:
            stock = int(ui.text("stock").split()[-1])
            ui.tap("draw")
            ui.tap(f"draw-count-{move['draw']}")
            ui.expect_text("stock", f"Stock: {stock_after_draw(stock, move['draw'])}")
        else:
            before = ui.text("turn")
            ui.tap("pass")
            # the next player's turn, or the blocked round's end
            ui.page.wait_for_function(
                """before => {
                    const end = document.querySelector('[flt-semantics-identifier="round-end"]');
                    const turn = document.querySelector('[flt-semantics-identifier="turn"]');
                    return end !== null || (turn !== null && turn.innerText !== before);
                }""",
                arg=before,
                timeout=10_000,
            )
        if index in expected_after:
            for side in range(sides):
                ui.expect_text(f"score-{side}", str(expected_after[index][side]))
        previous = move


def enter_hands(ui, hands: dict[str, list[str]], as_totals: tuple[str, ...] = ()) -> None:
    """Tap each player's remaining tiles (or type the pip total for the seats in ``as_totals``), then settle."""
    for seat, tiles in hands.items():
        if not tiles:
            continue
        ui.tap(f"reveal-seat-{seat}")
        if seat in as_totals:
            total = sum(int(v) for tile in tiles for v in tile.split("-"))
            ui.fill(f"pips-{seat}", str(total))
            expect(ui.hook(f"reveal-seat-{seat}")).to_contain_text(f"pip total {total}")
            continue
        for count, tile in enumerate(tiles, start=1):
            ui.tap(tile_hook(tile))
            noun = "tile" if len(tiles) == 1 else "tiles"
            expect(ui.hook(f"reveal-seat-{seat}")).to_contain_text(f"{count} of {len(tiles)} {noun}")
    ui.tap("confirm")


@pytest.mark.parametrize(
    ("case", "as_totals"),
    [
        ("hr-2p-seed-layout", ()),
        ("e61-2p-seed-layout", ()),
        ("hr-pairs-domino-partner7", ()),
        ("hr-4i-block-4-4-4-14", ("3",)),  # a blocked round; one hand entered as a pip total
    ],
)
def test_case_tap_by_tap(ui, case, as_totals):
    doc = json.loads((CASES / f"{case}.json").read_text())
    report = json.loads((CASES / f"{case}.report.json").read_text())
    sides = len(report["sides"])
    start_match(ui, doc["variant"], doc["players"], doc.get("partnerships", False))
    round_ = doc["rounds"][0]
    ui.tap(f"starter-{round_['starter']}")
    ui.expect_text("turn", f"{doc['players'][round_['starter']]} leads the round")
    play_moves(ui, round_["moves"], running_points(report, 0), sides)
    finisher = next((int(seat) for seat, hand in round_["hands"].items() if hand == []), None)
    if finisher is not None:
        ui.expect_text("round-end", f"{doc['players'][finisher]} went out (domino)")
    else:
        ui.expect_text("round-end", "Blocked: everyone passed with the stock empty")
    enter_hands(ui, round_["hands"], as_totals)
    winner = report["rounds"][0]["winners"][0]
    ui.expect_text(f"score-{winner}", str(report["scores"][winner]))
    assert [int(ui.text(f"score-{side}")) for side in range(sides)] == report["scores"]
    expect(ui.hook("settlement")).to_be_visible()
    if finisher is not None:  # S10: the player who went out leads the next round
        expect(ui.hook("start-round")).to_contain_text(doc["players"][finisher])
    else:  # after a block the next starter is chosen by lot (or entered)
        expect(ui.hook("lot")).to_be_visible()


def test_resume_after_the_app_was_closed(browser):
    """Kill the server mid-round, start it again on the same data: the same match, at the same move."""
    data = tempfile.mkdtemp(prefix="scorekeeper-resume-")
    first = ServedApp(data)
    ui = open_ui(browser, first.url)
    try:
        start_match(ui, "exact-61", ["Ann", "Bo"])
        ui.tap("starter-1")
        for tile, spot in (("1-4", None), ("1-1", "spot-1-4-low"), ("4-4", "spot-1-4-high")):
            ui.tap(f"tile-{tile}")
            if spot:
                ui.expect_text("selection", re.compile(f"^{tile}"))
                ui.tap(spot)
            ui.expect_text("selection", re.compile(tile))
            ui.tap("play")
            ui.expect_gone(f"tile-{tile}")
        ui.expect_text("score-1", "3")  # Bo: 1-4 (5) and 4-4 (10)
    finally:
        ui.page.context.close()
        first.stop(kill=True)
    second = ServedApp(data)
    ui = open_ui(browser, second.url)
    try:
        ui.expect_text("turn", "Ann to play: one tile a turn")
        assert ui.text("score-1") == "3" and ui.text("score-0") == "0"
        ui.expect_text("hand-1", "Bo: 3")
        ui.expect_text("end-sum", "End sum: 10")
        ui.expect_gone("tile-4-4")
    finally:
        ui.page.context.close()
        second.stop()
