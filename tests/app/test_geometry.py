"""The drawn table: positions worked out by hand for the seeds' layout, and properties."""

from __future__ import annotations

import json
import random
from pathlib import Path

from hypothesis import given
from hypothesis import strategies as st

from scorekeeper.app.parts import geometry
from scorekeeper.app.parts.geometry import end_marker, layout_geometry, overlaps
from scorekeeper.rules.layout import Layout
from scorekeeper.rules.tiles import ALL_TILES

CASES = Path(__file__).resolve().parent.parent / "cases"

SEED_MOVES = [
    ((1, 4), None),
    ((1, 1), ((1, 4), "low")),
    ((4, 4), ((1, 4), "high")),
    ((3, 4), ((4, 4), "line-b")),
    ((1, 2), ((1, 1), "line-b")),
    ((1, 5), ((1, 1), "branch-a")),
    ((5, 5), ((1, 5), "high")),
    ((0, 5), ((5, 5), "line-b")),
    ((1, 3), ((1, 1), "branch-b")),
]


def seed_layout() -> Layout:
    layout = Layout()
    for tile, spot in SEED_MOVES:
        layout.place(tile, spot)
    return layout


def test_seed_layout_positions_by_hand():
    geo = layout_geometry(seed_layout())
    by_tile = {p.tile: p for p in geo.tiles}
    # the lead lies horizontally, low half on the left
    assert by_tile[(1, 4)].center == (0.0, 0.0) and by_tile[(1, 4)].horizontal
    assert by_tile[(1, 4)].halves == ((-0.5, 0.0, 1), (0.5, 0.0, 4))
    # doubles on the horizontal line stand crosswise (upright)
    assert by_tile[(1, 1)].center == (-1.5, 0.0) and not by_tile[(1, 1)].horizontal
    assert by_tile[(4, 4)].center == (1.5, 0.0) and not by_tile[(4, 4)].horizontal
    # 3-4 joins 4-4's line B by its 4: the 4 touches the double
    assert by_tile[(3, 4)].halves == ((2.5, 0.0, 4), (3.5, 0.0, 3))
    assert by_tile[(1, 2)].halves == ((-3.5, 0.0, 2), (-2.5, 0.0, 1))
    # branches leave 1-1 at right angles: 1-5 downwards (left of travel westwards), 1-3 upwards
    assert by_tile[(1, 5)].center == (-1.5, 2.0) and not by_tile[(1, 5)].horizontal
    assert by_tile[(1, 5)].halves == ((-1.5, 1.5, 1), (-1.5, 2.5, 5))
    assert by_tile[(1, 3)].halves == ((-1.5, -2.5, 3), (-1.5, -1.5, 1))
    # 5-5 on the vertical branch lies horizontally (crosswise); 0-5 continues its line
    assert by_tile[(5, 5)].center == (-1.5, 3.5) and by_tile[(5, 5)].horizontal
    assert by_tile[(0, 5)].halves == ((-1.5, 4.5, 5), (-1.5, 5.5, 0))
    assert overlaps(geo) == []


def test_open_spots_and_end_markers():
    layout = seed_layout()
    geo = layout_geometry(layout)
    # the open spots are beside the free halves: 2 of 1-2 on the left, 3 of 3-4 on the right
    assert geo.ports[((1, 2), "high")].marker == (-4.5, 0.0)
    assert geo.ports[((3, 4), "low")].marker == (4.5, 0.0)
    assert geo.ports[((1, 3), "high")].marker == (-1.5, -3.5)
    assert geo.ports[((0, 5), "low")].marker == (-1.5, 6.5)
    # every open spot of the engine has a port
    assert set(layout.open_spots) <= set(geo.ports)
    # scoring end markers lie beyond the open spot
    assert end_marker(geo, layout, (3, 4), "low") == (5.45, 0.0)


def test_lone_opening_double_marks_above():
    layout = Layout()
    layout.place((6, 6), None)
    geo = layout_geometry(layout)
    assert geo.tiles[0].halves == ((0.0, -0.5, 6), (0.0, 0.5, 6))
    assert end_marker(geo, layout, (6, 6), None) == (0.0, -1.45)
    assert {s[1] for s in layout.open_spots} == {"line-a", "line-b"}
    assert geo.ports[((6, 6), "line-a")].marker == (-1.0, 0.0)


def random_layout(rng: random.Random, branches: bool) -> Layout:
    layout = Layout()
    tiles = list(ALL_TILES)
    rng.shuffle(tiles)
    layout.place(tiles.pop(), None)
    for _ in range(60):
        rng.shuffle(tiles)
        for tile in tiles:
            spots = [s for s in layout.spots_for(tile) if branches or not s[1].startswith("branch")]
            if spots:
                layout.place(tile, rng.choice(spots))
                tiles.remove(tile)
                break
        else:
            break
    return layout


@given(st.integers(0, 2**32))
def test_lines_never_overlap(seed):
    layout = random_layout(random.Random(seed), branches=False)
    geo = layout_geometry(layout)
    assert overlaps(geo) == []
    # without branches every tile lies on the horizontal line through the lead
    assert all(p.center[1] == 0.0 for p in geo.tiles)


@given(st.integers(0, 2**32))
def test_branches_are_perpendicular_to_their_spinner_line(seed):
    layout = random_layout(random.Random(seed), branches=True)
    geo = layout_geometry(layout)
    by_tile = {p.tile: p for p in geo.tiles}
    for c in layout.connections:
        if not c.side.startswith("branch"):
            continue
        spinner = by_tile[c.target]
        branch = geo.ports[(c.target, c.side)]
        line = geo.ports[(c.target, "line-b")]
        # the branch leaves at a right angle to the spinner's lines...
        assert branch.direction[0] * line.direction[0] + branch.direction[1] * line.direction[1] == 0
        # ...from the middle of the spinner's long side...
        assert branch.anchor == (spinner.center[0] + branch.direction[0], spinner.center[1] + branch.direction[1])
        # ...and the joining half of the tile on it lies right there, straight out from the spinner
        joined = c.tile[0] if c.own_side in ("low", "line-a") else c.tile[1]
        assert (*branch.marker, joined) in by_tile[c.tile].halves or c.tile[0] == c.tile[1]


BLOCKED = [
    ((1, 2), None),
    ((2, 2), ((1, 2), "high")),
    ((1, 1), ((1, 2), "low")),
    ((0, 1), ((1, 1), "line-b")),
    ((2, 4), ((2, 2), "line-b")),
    ((1, 5), ((1, 1), "branch-a")),
    ((5, 5), ((1, 5), "high")),
    ((0, 2), ((0, 1), "low")),
    ((2, 6), ((2, 2), "branch-b")),
    ((2, 5), ((2, 2), "branch-a")),
    ((5, 6), ((5, 5), "line-b")),
    ((0, 5), ((5, 5), "branch-a")),
    ((3, 4), ((2, 4), "high")),
    ((0, 0), ((0, 5), "low")),
]


def test_a_blocked_chain_turns_a_corner_instead_of_overlapping(monkeypatch):
    # two spinners' branches grow towards each other: the last double would land on 2-5 going straight
    layout = Layout()
    for tile, spot in BLOCKED:
        layout.place(tile, spot)
    assert overlaps(layout_geometry(layout)) == []
    monkeypatch.setattr(geometry, "_clear_port", lambda port, placed, double=False, reach=None: port)
    assert overlaps(layout_geometry(layout)) != []  # going straight on, it would


def test_random_full_layouts_rarely_overlap():
    """Rounds played to all 28 tiles with branches: overlaps are rare (nested spinners only)."""
    found = sum(bool(overlaps(layout_geometry(random_layout(random.Random(seed), True)))) for seed in range(400))
    assert found <= 8  # measured: 20 of 2,000 (1 %)


def test_the_phone_picture_takes_the_room_the_rest_leaves():
    from scorekeeper.app.screens.table import PICTURE_MIN, PICTURE_UNMEASURED, picture_room

    assert picture_room(700, 70, 400) == 700 - 70 - 400 - 16  # the column, the scoreboard, the rest, 2 gaps
    assert picture_room(700, 70, 600) == PICTURE_MIN  # the rest does not fit: the screen scrolls instead
    assert picture_room(0, 0, 0) == PICTURE_UNMEASURED  # not laid out yet (no browser)


def test_a_long_line_bends_at_the_table_edge_and_stays_readable():
    """Exact 61 round 1 of e61-pairs-block-draw (21 tiles) on a 370 px phone: no tile below the readable size."""
    from scorekeeper.app.parts.layout_view import READABLE_CELL, picture_frame
    from scorekeeper.rules.document import match_from_document

    doc = json.loads((CASES / "e61-pairs-block-draw.json").read_text())
    doc["rounds"] = doc["rounds"][:1]
    doc["rounds"][0].pop("hands", None)
    match = match_from_document(doc, awaiting_hands=True)
    layout = match.round.layout
    assert len(layout.tiles) == 21
    straight = layout_geometry(layout)
    left, _, right, _ = straight.bounds()
    assert right - left > 30  # straight on, the longest line runs 30+ cells: 12 px per half on a phone
    reach = 370 / READABLE_CELL / 2 - 1.6
    bent = layout_geometry(layout, reach=reach)
    assert overlaps(bent) == []
    # a double crosswise at the edge may stick out by a cell where no turn has room for it
    assert all(-reach - 1 <= p.box[0] and p.box[2] <= reach + 1 for p in bent.tiles)
    assert {p.horizontal for p in bent.tiles} == {True, False}
    frame = picture_frame(match.round, 370, 260)
    assert frame.cell >= 15  # was 12 straight on; pips readable; the picture grows taller (pannable) if it must


def test_a_tall_layout_shrinks_a_little_so_every_open_spot_is_in_view():
    """hr-4i-block-4-4-4-14 after 20 moves (two spinners with branches: 18 cells high) in a phone's
    366 x 240 px picture: at 17 px per half the 3-5 low spot fell below the view (a spot first could not
    be tapped without panning); the picture shrinks to 13.2 px, every open spot in view."""
    from scorekeeper.app.parts.layout_view import FIT_CELL, picture_frame
    from scorekeeper.rules.document import match_from_document

    doc = json.loads((CASES / "hr-4i-block-4-4-4-14.json").read_text())
    doc["rounds"][0]["moves"] = doc["rounds"][0]["moves"][:20]
    doc["rounds"][0].pop("hands", None)
    match = match_from_document(doc, awaiting_hands=True)
    frame = picture_frame(match.round, 366, 240, fill=True)
    assert FIT_CELL <= frame.cell < 14 and frame.height == frame.view_height == 240
    assert all(0 < x < frame.width and 0 < y < frame.view_height for x, y in frame.markers.values())
    assert ((3, 5), "low") in frame.markers


def test_a_squeezed_picture_shrinks_to_show_the_whole_layout_in_its_room():
    """A phone's picture squeezed to 141 px (the hands being entered at a domino: tester's report): every
    tile, end value and open spot is in view (before, the lower part was cut off), and in the room it was
    given: the layout is drawn smaller than FIT_CELL rather than growing the picture, which pushed Settle
    below the fold (issue 21)."""
    from scorekeeper.app.parts.layout_view import FIT_CELL, SQUEEZED_CELL, picture_frame
    from scorekeeper.rules.document import match_from_document

    doc = json.loads((CASES / "hr-4i-block-4-4-4-14.json").read_text())
    doc["rounds"][0]["moves"] = doc["rounds"][0]["moves"][:20]
    doc["rounds"][0].pop("hands", None)
    match = match_from_document(doc, awaiting_hands=True)
    roomy = picture_frame(match.round, 366, 200, fill=True)  # 18.2 cells high: fits 200 px at 11 px a half
    assert SQUEEZED_CELL < roomy.cell < FIT_CELL and roomy.view_height == roomy.height == 200
    frame = picture_frame(match.round, 366, 141, fill=True)  # would be 7.7 px a half: 9, and 164 px high
    assert frame.cell == SQUEEZED_CELL and 141 < frame.view_height == frame.height < 18.3 * SQUEEZED_CELL
    assert frame.view_height < 18.2 * FIT_CELL  # 236 px before: the picture grows the least it can
    assert all(0 < y < frame.view_height for _, y in frame.markers.values())
    assert all(top >= 0 and top + size <= frame.view_height for _, _, _, top, size, _ in frame.badges)
    cell, oy = frame.cell, frame.origin[1]
    for _, _, horizontal, _, _, top in frame.tiles:  # each tile's top and bottom edge inside the view
        assert oy + top * cell >= 0 and oy + (top + (1 if horizontal else 2)) * cell <= frame.view_height + 0.5
