"""Every worked example of RULES.md (from the seeds) with its numbers."""

from __future__ import annotations

import pytest

from scorekeeper.rules.layout import Layout, parse_spot
from scorekeeper.rules.scoring import placement_raw, round_to_five
from scorekeeper.rules.settlement import (
    exact61_block,
    exact61_settlement,
    horse_race_block,
    horse_race_domino,
)
from scorekeeper.rules.tiles import parse_tile


def ends(layout: Layout) -> list[tuple[str, int]]:
    return sorted((f"{e.tile[0]}-{e.tile[1]}", e.value) for e in layout.scoring_ends())


# (tile, spot, expected scoring ends, end sum, raw points) — the seeds' nine positions.
SEED_LAYOUT = [
    ("1-4", None, [("1-4", 1), ("1-4", 4)], 5, 5),
    ("1-1", "1-4:low", [("1-1", 2), ("1-4", 4)], 6, 0),
    ("4-4", "1-4:high", [("1-1", 2), ("4-4", 8)], 10, 10),
    ("3-4", "4-4:line-b", [("1-1", 2), ("3-4", 3)], 5, 5),
    ("1-2", "1-1:line-b", [("1-2", 2), ("3-4", 3)], 5, 5),
    ("1-5", "1-1:branch-a", [("1-2", 2), ("1-5", 5), ("3-4", 3)], 10, 10),
    ("5-5", "1-5:high", [("1-2", 2), ("3-4", 3), ("5-5", 10)], 15, 15),
    ("0-5", "5-5:line-b", [("0-5", 0), ("1-2", 2), ("3-4", 3)], 5, 5),
    ("1-3", "1-1:branch-b", [("0-5", 0), ("1-2", 2), ("1-3", 3), ("3-4", 3)], 8, 0),
]


def test_seed_layout_positions():
    layout = Layout()
    for tile, spot, expected_ends, end_sum, raw in SEED_LAYOUT:
        got = layout.place(parse_tile(tile), parse_spot(spot) if spot else None)
        assert got == end_sum == layout.end_sum, tile
        assert ends(layout) == expected_ends, tile
        assert sum(v for _, v in expected_ends) == end_sum
        assert placement_raw(got) == raw, tile


def test_seed_layout_open_spots_after_1_3():
    """The seed lists the open spots after 1-3 (with their values)."""
    layout = Layout()
    for tile, spot, *_ in SEED_LAYOUT:
        layout.place(parse_tile(tile), parse_spot(spot) if spot else None)
    spots = sorted((f"{t[0]}-{t[1]}:{s}", v) for (t, s), v in layout.open_spots.items())
    assert spots == [
        ("0-5:low", 0),
        ("1-2:high", 2),
        ("1-3:high", 3),
        ("3-4:low", 3),
        ("4-4:branch-a", 4),
        ("4-4:branch-b", 4),
        ("5-5:branch-a", 5),
        ("5-5:branch-b", 5),
    ]


def test_open_spot_is_not_a_scoring_end():
    """1-1 with one line filled: one open spot (line B) but counts both halves (S6)."""
    layout = Layout()
    layout.place((1, 4), None)
    layout.place((1, 1), parse_spot("1-4:low"))
    assert [s for s in layout.open_spots if s[0] == (1, 1)] == [((1, 1), "line-b")]
    assert ends(layout) == [("1-1", 2), ("1-4", 4)]


@pytest.mark.parametrize("tile,end_sum,raw", [("2-2", 4, 0), ("0-0", 0, 0)])
def test_opening_doubles(tile, end_sum, raw):
    layout = Layout()
    assert layout.place(parse_tile(tile), None) == end_sum
    assert placement_raw(end_sum) == raw
    assert len(layout.open_spots) == 2  # both lines open (S5)


def test_six_six_on_three_six():
    layout = Layout()
    layout.place((3, 6), None)
    assert layout.place((6, 6), parse_spot("3-6:high")) == 15
    assert placement_raw(15) == 15  # 3 points
    assert ends(layout) == [("3-6", 3), ("6-6", 12)]


def test_five_five_position_counts_15():
    layout = Layout()
    for tile, spot, *_ in SEED_LAYOUT[:6]:
        layout.place(parse_tile(tile), parse_spot(spot) if spot else None)
    assert layout.place((5, 5), parse_spot("1-5:high")) == 2 + 10 + 3


@pytest.mark.parametrize("end_sum,raw", [(15, 15), (12, 0), (17, 0), (20, 20), (0, 0), (5, 5)])
def test_placement_points(end_sum, raw):
    assert placement_raw(end_sum) == raw


@pytest.mark.parametrize(
    "total,rounded",
    [
        (17, 15),
        (18, 20),
        (22, 20),
        (20, 20),
        (0, 0),
        (1, 0),
        (3, 5),
        (34, 35),
        (93, 95),
        (98, 100),
        (111, 110),
        (118, 120),
    ],
)
def test_rounding(total, rounded):
    assert round_to_five(total) == rounded


def test_h8_opponents_17():
    award = horse_race_domino(0, [0, 17], [0, 1])
    assert (award.side, award.raw) == (0, 15)


def test_h8_partner_not_counted():
    # Ann (seat 0) goes out; partner Cy holds 7, opponents Bo 9 and Di 8.
    award = horse_race_domino(0, [0, 9, 7, 8], [0, 1, 0, 1])
    assert (award.side, award.raw) == (0, 15)


def test_h8_blocked_partnerships_seed_numbers():
    # 1 + 17 = 18 against 5 + 6 = 11: the second partnership wins 18 → 20 → 4 points.
    winners, awards = horse_race_block([1, 5, 17, 6], [0, 1, 0, 1])
    assert winners == [1]
    assert [(a.side, a.raw) for a in awards] == [(1, 20)]


def test_h9_four_individuals_4_4_4_14():
    winners, awards = horse_race_block([4, 4, 4, 14], [0, 1, 2, 3])
    assert winners == [0, 1, 2]
    assert [(a.side, a.raw) for a in awards] == [(0, 20), (1, 20), (2, 20)]  # 22 → 20 each


def test_h9_partnerships_12_12():
    winners, awards = horse_race_block([4, 5, 8, 7], [0, 1, 0, 1])
    assert winners == [0, 1]
    assert [(a.side, a.raw) for a in awards] == [(0, 10), (1, 10)]


def test_e6_pairs_settlement_25():
    # Ann out with a 20 placement; Bo 4, Di 5 (→ 9 → 10); partner Cy 7 → 5.
    award = exact61_settlement(0, 20, [0, 4, 7, 5], [0, 1, 0, 1])
    assert award.parts == {"play": 20, "opponents": 10, "partner": -5}
    assert award.raw == 25


def test_e6_negative_settlement():
    award = exact61_settlement(0, 0, [0, 0, 13, 1], [0, 1, 0, 1])
    assert award.parts == {"play": 0, "opponents": 0, "partner": -15}
    assert award.raw == -15


def test_e7_pairs_block_order_and_differentials():
    # Ann 8, Bo 3, Cy 3, Di 14; starter Cy (seat 2): the tie goes Cy before Bo.
    result, winners, awards = exact61_block([8, 3, 3, 14], [0, 1, 0, 1], starter=2)
    assert (result, winners) == ("draw", [])
    assert [(a.hand, a.side, a.raw) for a in awards] == [(2, 0, 10), (1, 1, 5), (0, 0, 5)]
    assert awards[0].detail["differences"] == {3: 11}


def test_e7_three_players_tie():
    result, winners, awards = exact61_block([12, 3, 3], [0, 1, 2], starter=2)
    assert result == "draw"
    assert [(a.hand, a.raw) for a in awards] == [(2, 10), (1, 10)]


def test_e8_partners_share_lowest():
    result, winners, _ = exact61_block([3, 8, 3, 10], [0, 1, 0, 1], starter=0)
    assert (result, winners) == ("block", [0])
