"""The paper tally of E10, as numbers and as strokes to draw (pure, no Flet).

A stroke is 5 raw (1 point); a large X with a small x in each of its four
gaps is 50 raw (10 points). A negative score (possible in Exact 61, E6) is
drawn as the tally of its absolute value behind a minus sign.
"""

from __future__ import annotations

from dataclasses import dataclass

Segment = tuple[float, float, float, float]  # x1, y1, x2, y2 in units of the tally's height


@dataclass(frozen=True, slots=True)
class Tally:
    """``tens`` crossed groups and ``strokes`` single strokes; ``negative`` for a score below 0."""

    negative: bool
    tens: int
    strokes: int


def tally(points: int) -> Tally:
    """The E10 tally of display ``points`` (e.g. 23 → 2 crossed groups and 3 strokes)."""
    tens, strokes = divmod(abs(points), 10)
    return Tally(points < 0, tens, strokes)


def tally_segments(points: int) -> tuple[list[Segment], float]:
    """Line segments drawing the tally, in units of its height (1.0), and its total width.

    Each group of ten is a large X (2 segments) and a small x in each of its
    four gaps (2 segments each): 10 segments, 1.0 wide. Each point is one
    vertical stroke, 0.22 apart. A minus sign (1 segment) leads a negative score.
    """
    t = tally(points)
    segments: list[Segment] = []
    x = 0.0
    if t.negative:
        segments.append((0.05, 0.5, 0.35, 0.5))
        x = 0.5
    for _ in range(t.tens):
        segments += [(x, 0.0, x + 1.0, 1.0), (x, 1.0, x + 1.0, 0.0)]
        for cx, cy in ((0.5, 0.16), (0.84, 0.5), (0.5, 0.84), (0.16, 0.5)):  # top, right, bottom, left gaps
            s = 0.09
            segments += [(x + cx - s, cy - s, x + cx + s, cy + s), (x + cx - s, cy + s, x + cx + s, cy - s)]
        x += 1.25
    for _ in range(t.strokes):
        segments.append((x + 0.05, 0.05, x + 0.05, 0.95))
        x += 0.22
    return segments, x
