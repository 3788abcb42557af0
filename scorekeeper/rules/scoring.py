"""Arithmetic shared by both games: placement points (S7) and rounding (S9)."""

from __future__ import annotations

RAW_PER_POINT = 5  # S7: display points are raw / 5


def placement_raw(end_sum: int) -> int:
    """Raw points a placement earns from its end sum (S7).

    A positive multiple of 5 earns itself (15 → 15 raw = 3 points); any other
    sum, zero included, earns 0.
    """
    return end_sum if end_sum > 0 and end_sum % 5 == 0 else 0


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
