"""Arithmetic shared by every game: placement points (S7; R12 Fives and Threes) and rounding (S9).

The engine counts in raw points, five to a display point (S7: a Fives end
sum of 15 is 15 raw, 3 points). House rule R12 ``scoring`` chooses what an
end sum earns: ``fives`` (S7, every RULES.md game) or ``fives-and-threes``
(one point per 5 and one per 3 the sum is a multiple of: 15 → 3 + 5 = 8
points). Fives and Threes counts in points directly; the engine keeps its
one unit, so such a placement's raw is its points × 5 (8 points = 40 raw)
and :func:`to_points` stays the one place raw becomes points.
"""

from __future__ import annotations

RAW_PER_POINT = 5  # S7: display points are raw / 5

FIVES, FIVES_AND_THREES = "fives", "fives-and-threes"  # R12's values
SCORINGS = (FIVES, FIVES_AND_THREES)
GO_POINTS = 1  # R12 fives-and-threes: going out ("chipping out") scores 1 point, a blocked round none


def placement_raw(end_sum: int, scoring: str = FIVES) -> int:
    """Raw points a placement earns from its end sum (S7; R12).

    ``fives`` (S7): a positive multiple of 5 earns itself (15 → 15 raw = 3
    points); any other sum, zero included, earns 0. ``fives-and-threes``
    (R12): :func:`fives_and_threes_points` × 5 (15 → 8 points = 40 raw).
    Raises ``ValueError`` for another ``scoring``.
    """
    if scoring == FIVES:
        return end_sum if end_sum > 0 and end_sum % 5 == 0 else 0
    if scoring == FIVES_AND_THREES:
        return fives_and_threes_points(end_sum) * RAW_PER_POINT
    raise ValueError(f"R12: unknown scoring {scoring!r}")


def threes_and_fives(end_sum: int) -> tuple[int, int]:
    """R12 ``fives-and-threes``: ``(threes, fives)``, how many 3s and how many 5s ``end_sum`` is a
    multiple of (0 for one it is no multiple of, and both 0 for a sum ≤ 0): 15 → (5, 3), 6 → (2, 0),
    10 → (0, 2), 7 → (0, 0). The two parts every account shows ("15: 5 × 3 + 3 × 5 → 8")."""
    if end_sum <= 0:
        return 0, 0
    return (end_sum // 3 if end_sum % 3 == 0 else 0), (end_sum // 5 if end_sum % 5 == 0 else 0)


def fives_and_threes_points(end_sum: int) -> int:
    """R12 ``fives-and-threes``: the points an end sum scores, one per 3 and one per 5 it is a
    multiple of: 3 → 1, 5 → 1, 6 → 2, 9 → 3, 10 → 2, 12 → 4, 15 → 5 + 3 = 8, 30 → 10 + 6 = 16,
    7 → 0; 0 scores nothing."""
    threes, fives = threes_and_fives(end_sum)
    return threes + fives


def round_to_five(raw: int) -> int:
    """Round a raw pip total to the nearest multiple of 5 (S9).

    A remainder of 1 or 2 rounds down, 3 or 4 up; exact multiples stay:
    17 → 15, 18 → 20, 22 → 20. Round a combined total once, never its parts.
    Negative totals are not rounded by the rules (pip totals are never
    negative); passing one raises ``ValueError``.
    """
    if raw < 0:
        raise ValueError(f"S9 rounds pip totals, which are never negative (got {raw})")
    remainder = raw % 5
    return raw - remainder if remainder <= 2 else raw + 5 - remainder


def to_points(raw: int) -> int:
    """Display points from raw points (S7: raw / 5): 15 raw → 3 points, −5 → −1.

    The one place raw becomes points. Every award is a multiple of 5 raw, so
    the division is exact (a score may be negative in Exact 61, E6).
    """
    return raw // RAW_PER_POINT
