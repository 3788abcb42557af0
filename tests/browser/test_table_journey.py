"""Play a shared case tap by tap in the browser and read the scores from the screen."""

from __future__ import annotations

import json
import re
from pathlib import Path

from playwright.sync_api import expect

CASES = Path(__file__).resolve().parent.parent / "cases"


def start_match(ui, variant: str, names: list[str], partnerships: bool = False) -> None:
    """From wherever the app opened: home → new match → seats → create."""
    # a fresh start opens the last unfinished match: go home first
    ui.page.wait_for_selector('[flt-semantics-identifier="new-match"], [flt-semantics-identifier="home"]')
    if ui.page.locator('[flt-semantics-identifier="new-match"]').count() == 0:
        ui.tap("home")
    ui.tap("new-match")
    ui.tap(f"game-{variant}")
    ui.tap(f"players-{len(names)}")
    for seat, name in enumerate(names):
        ui.fill(f"name-{seat}", name)
    ui.page.wait_for_timeout(500)  # the text field reports its value asynchronously
    if partnerships:
        ui.tap("partnerships")
    ui.tap("create-match")
    ui.expect_text("score-0", "0")


def tile_name(text: str) -> str:
    a, b = sorted(int(v) for v in text.replace("|", "-").split("-"))
    return f"{a}-{b}"


def spot_name(at: str) -> str:
    tile, side = at.split(":")
    return f"spot-{tile_name(tile)}-{side}"


def running_points(report: dict, round_index: int, players: int) -> dict[int, list[int]]:
    """Display points per side after each move index that scored (from the case's report)."""
    points = [0] * players
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
            tile = tile_name(move["play"])
            ui.tap(f"tile-{tile}")
            if "at" in move:
                ui.expect_text("selection", re.compile(f"^{tile}"))
                ui.tap(spot_name(move["at"]))
                ui.expect_text("selection", re.compile(f"{tile} at "))
            else:
                ui.expect_text("selection", f"Lead {tile}")
            if move.get("drawn") and not (previous and "draw" in previous and previous["player"] == move["player"]):
                ui.tap("drawn")  # the first tile drawn fitted: mark it
            ui.tap("play")
            ui.expect_gone(f"tile-{tile}")  # on the table now, no longer offered
        elif "draw" in move:
            stock = int(ui.text("stock").split()[-1])
            ui.tap("draw")
            ui.tap(f"draw-count-{move['draw']}")
            ui.expect_text("stock", f"Stock: {stock - move['draw']}")
        else:
            ui.tap("pass")
        if index in expected_after:
            for side in range(sides):
                ui.expect_text(f"score-{side}", str(expected_after[index][side]))
        previous = move


def test_horse_race_seed_layout_tap_by_tap(ui):
    doc = json.loads((CASES / "hr-2p-seed-layout.json").read_text())
    report = json.loads((CASES / "hr-2p-seed-layout.report.json").read_text())
    start_match(ui, doc["variant"], doc["players"])
    round_ = doc["rounds"][0]
    ui.tap(f"starter-{round_['starter']}")
    ui.expect_text("turn", f"{doc['players'][round_['starter']]} leads the round")
    play_moves(ui, round_["moves"], running_points(report, 0, len(report["sides"])), len(report["sides"]))
    # the last move empties Bo's hand: a domino; enter Ann's tiles by tapping them
    ui.expect_text("round-end", "Bo went out (domino)")
    hand = round_["hands"]["0"]
    for count, tile in enumerate(hand, start=1):
        ui.tap(f"tile-{tile_name(tile)}")
        expect(ui.hook("reveal-seat-0")).to_contain_text(f"{count} of {len(hand)} tiles")
    ui.tap("confirm")
    ui.expect_text("score-1", str(report["scores"][1]))
    assert [int(ui.text(f"score-{side}")) for side in range(2)] == report["scores"]
    expect(ui.hook("settlement")).to_contain_text("Domino for Bo")
    # S10: Bo went out and leads the next round
    expect(ui.hook("start-round")).to_contain_text("Bo")
