"""The table screen as Flet renders it in a real session (memoized parts included), tapped hook by hook.

The plain build (``table.view(state)`` outside Flet, as the other tests
walk it) and the live tree must show the same hooks with the same texts and
disabled flags; what a tap did not change must not be rebuilt.
"""

from __future__ import annotations

import asyncio
import dataclasses
import json
from pathlib import Path

import pytest

from scorekeeper.app.navigation import Screen
from scorekeeper.app.parts import layout_view
from scorekeeper.app.store_access import open_app_store
from scorekeeper.rules import parse_spot, parse_tile
from tests.served import spot_hook, tile_hook

from .hooks import hooks, text
from .live import Live

CASES = Path(__file__).resolve().parents[1] / "cases"
TILES = Path(__file__).resolve().parents[2] / "scorekeeper" / "assets" / "tiles"


def plain(state) -> dict[str, tuple[str, bool]]:
    """Hook -> (text, disabled) of the screen built outside Flet."""
    from scorekeeper.app.screens import SCREENS

    return {name: (text(node), bool(node.disabled)) for name, node in hooks(SCREENS[state.screen](state)).items()}


def live_view(live: Live) -> dict[str, tuple[str, bool]]:
    return {name: (text(node), bool(node.disabled)) for name, node in live.hooks().items()}


async def open_match(tmp_path, variant: str, names: list[str]) -> Live:
    live = await Live.open(open_app_store(tmp_path), tmp_path)
    state = live.state
    await state.go(Screen.NEW_MATCH)
    state.setup.set_form(variant=variant, count=len(names))
    for seat, name in enumerate(names):
        state.setup.set_name(seat, name)
    await state.setup.create()
    await live.settle()
    return live


@pytest.mark.slow
@pytest.mark.parametrize("case", ["hr-2p-seed-layout", "hr-4i-block-4-4-4-14"])
def test_live_tree_shows_what_the_plain_build_shows_after_every_tap(tmp_path, case):
    doc = json.loads((CASES / f"{case}.json").read_text())
    report = json.loads((CASES / f"{case}.report.json").read_text())
    round_ = doc["rounds"][0]

    async def scenario():
        live = await open_match(tmp_path, doc["variant"], doc["players"])
        state = live.state
        checked = 0

        async def tap(name):
            nonlocal checked
            await live.tap(name)
            assert state.shell.error is None, state.shell.error
            assert live_view(live) == plain(state), f"after {name}"
            checked += 1

        await tap(f"starter-{round_['starter']}")
        previous = None
        for move in round_["moves"]:
            if "play" in move:
                await tap(tile_hook(move["play"]))
                if "at" in move and state.entry.selected_spot != parse_spot(move["at"]):
                    await tap(spot_hook(move["at"]))
                if move.get("drawn") and not (previous and "draw" in previous):
                    await tap("draw")
                    await tap("draw-count-0")
                await tap("play")
            elif "draw" in move:
                await tap("draw")
                await tap(f"draw-count-{move['draw']}")
            else:
                await tap("pass")
            previous = move
        assert state.table.match.status == "reveal"
        for seat, hand in round_["hands"].items():
            if hand:
                await tap(f"reveal-seat-{seat}")
                for tile in hand:
                    await tap(tile_hook(tile))
        await tap("confirm")
        assert [int(live.texts()[f"score-{side}"]) for side in range(len(report["sides"]))] == report["scores"]
        return checked

    assert asyncio.run(scenario()) > 30


def test_a_tile_pick_rebuilds_neither_the_scoreboard_nor_the_tiles(tmp_path):
    async def scenario():
        live = await open_match(tmp_path, "horse-race", ["Ann", "Bo"])
        state = live.state
        await live.tap("starter-0")
        for tile, spot in (("1-4", None), ("4-4", "spot-1-4-high")):
            await live.tap(f"tile-{tile}")
            if spot and state.entry.selected_spot is None:
                await live.tap(spot)
            await live.tap("play")
        before = live.hooks()
        tiles_before = _tiles_stacks(live)
        await live.tap("tile-1-1")  # fits the 1 end only: its spot is chosen by itself
        after = live.hooks()
        assert live.texts()["selection"].startswith("1-1 at ")
        for kept in ("score-0", "score-1", "end-4-4-double", "turn", "hand-0", "undo", "tile-0-0"):
            assert after[kept] is before[kept], f"{kept} was rebuilt by a tile pick"
        assert after["tile-1-1"] is not before["tile-1-1"]  # now framed as selected
        assert _tiles_stacks(live) == tiles_before  # the very same controls
        # Ann led 1-4 (5: 1 point) and went on (H4), her double 4-4 made 9 and she goes on:
        # 1-1 on the 1 end, 2 + 8 = 10 -> 2 points
        await live.tap("play")
        after_play = live.hooks()
        assert live.texts()["score-0"] == "3" and after_play["score-0"] is not before["score-0"]
        assert after_play["score-1"] is before["score-1"]  # Bo's card did not change
        assert sum(len(stack.controls) for stack in _tiles_stacks(live)) == 3

    asyncio.run(scenario())


def _tiles_stacks(live: Live) -> list:
    """The memoized groups of the tiles layer as rendered (a Stack of pictures each) in the live tree."""
    found = [node._b for node in _components(live.root) if node.fn is layout_view._tiles.__wrapped__]
    assert found
    return found


def _components(root):
    """Every Flet component (memoized part) in a live tree."""
    import dataclasses

    import flet as ft
    from flet.components.component import Component

    stack, found = [root], []
    while stack:
        node = stack.pop()
        if isinstance(node, list):
            stack.extend(node)
        elif isinstance(node, Component):
            found.append(node)
            stack.append(node._b)
        elif isinstance(node, ft.BaseControl):
            stack.extend(
                getattr(node, f.name)
                for f in dataclasses.fields(node)
                if not f.name.startswith("_") and f.name not in ("parent", "page")
            )
    return found


def test_a_tile_not_offered_ignores_a_tap(tmp_path):
    async def scenario():
        live = await open_match(tmp_path, "horse-race", ["Ann", "Bo"])
        state = live.state
        await live.tap("starter-0")
        await live.tap("tile-1-4")
        await live.tap("play")
        assert live.hooks()["tile-2-3"].disabled  # fits neither a 1 nor a 4
        await live.tap("tile-2-3")
        assert state.entry.selected_tile is None and live.texts()["selection"] == plain(state)["selection"][0]

    asyncio.run(scenario())


@pytest.mark.parametrize("tappable", [False, True])
@pytest.mark.parametrize("width", [390, 1280])
def test_the_scaled_tiles_layer_puts_each_tile_where_the_geometry_says(width, tappable):
    """A tile at (left, top) cells from the lead is drawn at origin + (left, top) * cell pixels."""
    from scorekeeper.rules import Draw, Match, Play, StartRound

    doc = json.loads((CASES / "hr-4i-block-4-4-4-14.json").read_text())
    match = Match(doc["variant"], doc["players"], doc["partnerships"])
    match.apply(StartRound(doc["rounds"][0]["starter"]))
    for move in doc["rounds"][0]["moves"][:16]:  # two spinners with branches, a drawn tile
        if "draw" in move:
            match.apply(Draw(move["player"], move["draw"]))
        else:
            match.apply(
                Play(
                    move["player"],
                    parse_tile(move["play"]),
                    parse_spot(move["at"]) if "at" in move else None,
                    bool(move.get("drawn")),
                )
            )
    frame = layout_view.picture_frame(match.round, width * 0.58 - 24 if width >= 900 else width - 20, 280)
    layer = layout_view._tiles_layer(frame, (lambda tile: None) if tappable else None)
    scale = layer.scale.scale
    assert scale == pytest.approx(frame.cell / layout_view.BASE_CELL)
    images = [image for group in layer.content.controls for image in group.controls]
    if tappable:  # each tile a positioned button (hook placed-<a>-<b>) holding its picture
        assert [box.content.identifier for box in images] == [
            f"placed-{min(a, b)}-{max(a, b)}" for a, b, *_ in frame.tiles
        ]
        images = [dataclasses.replace(box.content.content.content, left=box.left, top=box.top) for box in images]
    assert len(images) == len(frame.tiles) == 15
    for image, (_, _, horizontal, _, left, top) in zip(images, frame.tiles, strict=True):
        shown_left = layer.left + image.left * scale  # the layer is scaled about its top-left corner
        shown_top = layer.top + image.top * scale
        assert shown_left == pytest.approx(frame.origin[0] + left * frame.cell)
        assert shown_top == pytest.approx(frame.origin[1] + top * frame.cell)
        assert image.width * scale == pytest.approx((2 if horizontal else 1) * frame.cell)
        assert image.top >= 0 and image.left >= 0 and image.left + image.width <= layer.width


def test_committed_tile_pictures_match_the_drawing():
    from scripts.make_tile_images import tile_picture_svg, whole_tiles

    wanted = set()
    for look, first, second, horizontal in whole_tiles():
        path = TILES / look / f"{'h' if horizontal else 'v'}-{first}-{second}.svg"
        assert path.read_text(encoding="utf-8") == tile_picture_svg(first, second, horizontal, look), path
        wanted.add(path)
    assert set(TILES.rglob("*.svg")) == wanted  # no picture shipped that the app does not show


@pytest.mark.parametrize("variant", ["all-fives", "horse-race"])
def test_a_draw_whose_first_tile_fits_says_so_on_the_turn_line(tmp_path, variant):
    """Draw → "0 did not fit": nothing is recorded yet (the draw goes with the play, S8), and the turn
    line says the drawn tile is to be played instead of the turn's reason before the draw."""

    async def scenario():
        live = await open_match(tmp_path, variant, ["Ann", "Bo"])
        await live.tap("starter-0")
        await live.tap("tile-1-4")
        await live.tap("play")  # Ann leads 1-4 (All Fives: one tile a turn; Horse Race: Ann continues, H4)
        before = live.texts()["turn"]
        await live.tap("draw")
        await live.tap("draw-count-0")
        player = "Bo" if variant == "all-fives" else "Ann"
        assert before != f"{player} drew: play the drawn tile that fits"
        assert live.texts()["turn"] == f"{player} drew: play the drawn tile that fits"
        await live.tap("tile-4-6")
        await live.tap("play")
        assert live.state.table.match.actions[-1].drawn  # recorded as a tile from the stock (S8)
        assert "drew" not in live.texts()["turn"]

    asyncio.run(scenario())
