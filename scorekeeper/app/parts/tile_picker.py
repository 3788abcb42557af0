"""The tile picker: the 28 tiles by suit, those not on the table offered (hooks ``tile-<a>-<b>``)."""

from __future__ import annotations

from collections.abc import Callable

import flet as ft

from ...rules.tiles import ALL_TILES, Tile, tile_text
from ..models.shell import WIDE
from .widgets import INK, SPOT_LEGAL, hook, kept, memoized, run, tile_image

PICKER_CELL = 19
TAP_HEIGHT = 44  # px: the least height of a tile's tap target (a finger, not the picture, sets it)


def _pad_y(cell: float, frame: float) -> float:
    """Vertical padding that makes a tile ``cell`` px high (``frame`` px border) :data:`TAP_HEIGHT` high."""
    return max(4 - frame, (TAP_HEIGHT - cell) / 2 - frame)


def tile_button(
    tile: Tile,
    on_pick: Callable | None,
    *,
    selected: bool = False,
    enabled: bool = True,
    mark: str | None = None,
    cell: float = PICKER_CELL,
    dimmed: bool = False,
) -> ft.Control:
    """One tile of the picker; ``mark`` colours its frame (e.g. the seat holding it).

    ``dimmed``: offered and tappable, but under a lighter veil (it does not
    fit the spot chosen first; tapping it chooses it instead).

    A tile not offered now is veiled (a translucent white layer painted over
    it) rather than drawn with another picture or at a lower opacity, and
    keeps a click handler that does nothing: when a placement changes which
    tiles fit, the browser then repaints the veils instead of loading
    pictures, compositing offscreen layers and rebuilding gesture detectors
    for half the picker.
    """
    frame = SPOT_LEGAL if selected else mark
    box = ft.Container(
        content=tile_image(tile[0], tile[1], cell, look="pick"),
        # a frame only where it shows (selected, or marked): same size either way, fewer controls per tap
        padding=ft.Padding.symmetric(horizontal=2 if frame else 4, vertical=_pad_y(cell, 2 if frame else 0)),
        border_radius=6,
        border=ft.Border.all(2, frame) if frame else None,
        bgcolor=ft.Colors.with_opacity(0.35, SPOT_LEGAL) if selected else None,
        foreground_decoration=_veil(0.7) if not enabled else _veil(0.45) if dimmed else None,
        on_click=(run(on_pick, tile) if enabled else _ignore) if on_pick else None,
    )
    # always a labelled button, disabled when not offered: Flutter's web accessibility tree
    # does not bring back a node that went from "nothing to say" to a button
    return hook(f"tile-{tile_text(tile)}", box, button=True, label=tile_text(tile), disabled=not enabled)


def _veil(opacity: float) -> ft.BoxDecoration:
    return ft.BoxDecoration(bgcolor=ft.Colors.with_opacity(opacity, ft.Colors.WHITE), border_radius=6)


def _ignore(_e=None) -> None:
    """A tap on a tile not offered now: nothing happens (its hook is disabled)."""


def empty_slot(tile: Tile, cell: float = PICKER_CELL) -> ft.Control:
    """The place of a tile that is not offered (on the table): same size, nothing to tap."""
    return ft.Container(
        key=f"slot-{tile_text(tile)}",
        width=2 * cell + 8,
        height=cell + 2 * _pad_y(cell, 0),
        border_radius=6,
        border=ft.Border.all(1, ft.Colors.with_opacity(0.15, INK)),
    )


def _place(
    tile: Tile,
    offered: bool,
    selected: bool,
    enabled: bool,
    mark: str | None,
    dimmed: bool,
    cell: float,
    on_pick: Callable,
) -> ft.Control:
    """One place of the picker (kept by its row while its own tile's look is the same: :func:`kept`)."""
    if not offered:
        return empty_slot(tile, cell)
    return tile_button(tile, on_pick, selected=selected, enabled=enabled, mark=mark, cell=cell, dimmed=dimmed)


Suits = tuple[tuple[Tile, ...], ...]  # one row of the picker: its suits, each from the double up

SUIT_GAP = 7  # px between two suits sharing a row (a thin line in the middle)
GAP = 3  # px between two tiles of a suit


def suit(value: int) -> tuple[Tile, ...]:
    """The tiles of suit ``value`` from its double up, as a set is sorted: ``3-3 3-4 3-5 3-6``."""
    return tuple((value, other) for other in range(value, 7))


TRIANGLE: tuple[Suits, ...] = tuple((suit(value),) for value in range(7))
"""Seven rows, as people sort a set: ``0-0 … 0-6`` / ``1-1 … 1-6`` / … / ``6-6`` (a wide window)."""

FOLDED: tuple[Suits, ...] = ((suit(0),), (suit(1), suit(6)), (suit(2), suit(5)), (suit(3), suit(4)))
"""The triangle folded into four rows of seven (a phone): ``0-0 … 0-6`` / ``1-1 … 1-6 | 6-6`` /
``2-2 … 2-6 | 5-5 5-6`` / ``3-3 … 3-6 | 4-4 4-5 4-6``: each row starts with a double, no suit is split."""


def picker_cell(width: float) -> float:
    """Pixel size of a tile half in the picker for a window ``width`` px wide.

    A phone: 19 px (a tile and its padding 46 px wide: seven, their gaps and a suit gap in 347 px),
    18 from 360 px down to 355 px wide (44 px: the least tap target); narrower still, the tiles narrow
    to fit (17 px at 340, down to 15) and keep their 44 px height. A wide window: the tiles grow with
    the table's right column (``0.42 × width − 14`` px, see ``screens/table.py``), from 20 px to 30 px.
    """
    if width >= WIDE:
        column = 0.42 * width - 14
        return float(max(20, min(30, int((column - 6 * GAP - 7 * 8) // 14))))
    room = width - 20  # the page's padding
    return float(max(15, min(19, int((room - 6 * GAP - SUIT_GAP - 7 * 8) // 14))))


def picker_height(width: float) -> float:
    """The picker's height in px in a window ``width`` px wide: its rows of :data:`TAP_HEIGHT` px each."""
    cell = picker_cell(width)
    return len(picker_rows(width)) * (cell + 2 * _pad_y(cell, 0))


def picker_rows(width: float) -> tuple[Suits, ...]:
    """The picker's rows for a window ``width`` px wide: :data:`TRIANGLE` where there is room, else :data:`FOLDED`."""
    return TRIANGLE if width >= WIDE else FOLDED


def _divider(cell: float) -> ft.Control:
    return ft.Container(
        width=SUIT_GAP,
        height=cell + 2 * _pad_y(cell, 0),
        alignment=ft.Alignment.CENTER,
        content=ft.Container(width=1, height=cell + 8, bgcolor=ft.Colors.with_opacity(0.25, INK)),
    )


INDEX = {tile: n for n, tile in enumerate(ALL_TILES)}


@memoized
def _picker(places: tuple, rows: tuple[Suits, ...], cell: float, on_pick: Callable) -> ft.Control:
    # rows touch: each tap target is 44 px high already, its padding keeps the pictures apart; one memoized
    # row per line, given only its own tiles' places: a tap that changes two tiles rebuilds their rows only
    return ft.Column(
        [_row(tuple(tuple(places[INDEX[tile]] for tile in tiles) for tiles in suits), cell, on_pick) for suits in rows],
        spacing=0,
        tight=True,
    )


@memoized
def _row(suits: tuple[tuple[tuple, ...], ...], cell: float, on_pick: Callable) -> ft.Control:
    """One line of the picker: its suits' places (:func:`_place`'s arguments but the last two), a thin line
    between two suits."""
    row: list[ft.Control] = []
    for number, places in enumerate(suits):
        if number:
            row.append(kept(_divider, cell))
        row += [kept(_place, *place, cell, on_pick) for place in places]
    return ft.Row(row, spacing=GAP, tight=True)


def tile_picker(
    tiles: list[Tile],
    on_pick: Callable,
    *,
    selected: set[Tile] | None = None,
    enabled: Callable[[Tile], bool] = lambda tile: True,
    marks: dict[Tile, str] | None = None,
    width: float = 390,
    dimmed: Callable[[Tile], bool] = lambda tile: False,
) -> ft.Control:
    """All 28 tiles by suit, each always in the same place; only ``tiles`` are offered.

    The rows are the suits from their doubles up, as a set is sorted on the table: a triangle on a wide
    window, folded into four rows of seven on a phone (:func:`picker_rows`), the tiles sized to the window
    (:func:`picker_cell`, every tap target at least 44 px). Tiles keep fixed places so a player's eye and
    thumb learn them, and so no control moves between updates (Flutter's web accessibility tree loses
    nodes that move, which the browser tests rely on). ``on_pick(tile)`` should be the same callable
    from one render to the next (a bound method, or an object with ``==``): the picker is then rebuilt
    only where a tile's look changed. ``dimmed(tile)``: an offered tile shown under a lighter veil (still
    tappable). ``width``: the window's width in px.
    """
    selected = selected or set()
    marks = marks or {}
    offered = set(tiles)
    places = tuple(
        (tile, True, tile in selected, bool(enabled(tile)), marks.get(tile), bool(dimmed(tile)))
        if tile in offered
        else (tile, False, False, False, None, False)
        for tile in ALL_TILES
    )
    # keyed: a panel whose other parts come and go (a pass's turn has no selection line) keeps its picker
    return _picker(places, picker_rows(width), picker_cell(width), on_pick, key="picker")
