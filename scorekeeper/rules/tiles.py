"""Tiles of a double-six set (S2) and how they are written.

A tile is a tuple ``(low, high)`` of pip values 0..6 with ``low <= high``;
``(3, 3)`` is a double. The set holds the 28 distinct tiles ``0-0`` … ``6-6``.
Tiles are written ``"low-high"``; ``"4-1"`` and ``"1|4"`` read as ``(1, 4)``.
"""

from __future__ import annotations

from .errors import RuleViolation

Tile = tuple[int, int]

ALL_TILES: tuple[Tile, ...] = tuple((a, b) for a in range(7) for b in range(a, 7))
SET_PIPS = sum(a + b for a, b in ALL_TILES)  # 168 pips in a double-six set

# Every accepted spelling of every tile, so parsing is one dict lookup.
_TILE_BY_TEXT: dict[str, Tile] = {}
for _a, _b in ALL_TILES:
    for _sep in ("-", "|"):
        _TILE_BY_TEXT[f"{_a}{_sep}{_b}"] = (_a, _b)
        _TILE_BY_TEXT[f"{_b}{_sep}{_a}"] = (_a, _b)


def parse_tile(text: object) -> Tile:
    """Read a tile written ``"a-b"``, ``"b-a"`` or ``"a|b"``.

    Returns ``(low, high)``. Raises :class:`RuleViolation` (rule S2) when the
    text is not a tile of the double-six set, e.g. ``"5-7"``.
    """
    tile = _TILE_BY_TEXT.get(text) if isinstance(text, str) else None
    if tile is None:
        raise RuleViolation("S2", "unknown_tile", tile=str(text))
    return tile


def tile_text(tile: Tile) -> str:
    """Write a tile the way the match format does: ``"low-high"``."""
    return f"{tile[0]}-{tile[1]}"


def is_double(tile: Tile) -> bool:
    """True for a double (both halves equal); every double is a spinner (S5)."""
    return tile[0] == tile[1]


def pips(tile: Tile) -> int:
    """Raw pip count of a tile (both halves)."""
    return tile[0] + tile[1]


def fits(tile: Tile, open_mask: int) -> bool:
    """True if either half of ``tile`` matches a value in ``open_mask``.

    ``open_mask`` has bit ``v`` set for each value ``v`` with an open spot.
    """
    return bool(open_mask & ((1 << tile[0]) | (1 << tile[1])))
