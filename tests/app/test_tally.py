"""E10 paper tally: a stroke is 1 point, a crossed X with four small x is 10."""

from scorekeeper.app.parts.tally import Tally, tally, tally_segments


def test_tally_counts():
    assert tally(0) == Tally(False, 0, 0)
    assert tally(23) == Tally(False, 2, 3)
    assert tally(61) == Tally(False, 6, 1)
    assert tally(-7) == Tally(True, 0, 7)


def test_tally_segments():
    segments, width = tally_segments(23)
    assert len(segments) == 2 * 10 + 3  # two crossed groups of 10 segments, three strokes
    assert abs(width - (2 * 1.25 + 3 * 0.22)) < 1e-9
    # the large X of the first group runs corner to corner
    assert segments[0] == (0.0, 0.0, 1.0, 1.0) and segments[1] == (0.0, 1.0, 1.0, 0.0)
    segments, _ = tally_segments(-1)
    assert len(segments) == 2  # minus sign + one stroke
    assert tally_segments(0) == ([], 0.0)
