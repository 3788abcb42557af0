"""The tile picker: the tiles not on the table, each with its pips (hooks ``tile-<a>-<b>``)."""

from __future__ import annotations

from collections.abc import Callable

import flet as ft

from ...rules.tiles import ALL_TILES, Tile, tile_text
from .widgets import INK, SPOT_LEGAL, hook, memoized, run, tile_image

PICKER_CELL = 19
TAP_HEIGHT = 44  # px: the least height of a tile's tap target (a finger, not the picture, sets it)


def _pad_y(cell: float, frame: float) -> float:
    """Vertical padding that makes a tile ``cell`` px high (``frame`` px border) :data:`TAP_HEIGHT` high."""
    return max(4 - frame, (TAP_HEIGHT - cell) / 2 - frame)


def tile_button(tile: Tile, on_pick: Callable | None, *, selected: bool = False, enabled: bool = True,
                mark: str | None = None, cell: float = PICKER_CELL, dimmed: bool = False) -> ft.Control:
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
        border_radius=6, border=ft.Border.all(2, frame) if frame else None,
        bgcolor=ft.Colors.with_opacity(0.35, SPOT_LEGAL) if selected else None,
        foreground_decoration=_veil(0.7) if not enabled else _veil(0.45) if dimmed else None,
        on_click=(run(on_pick, tile) if enabled else _ignore) if on_pick else None)
    # always a labelled button, disabled when not offered: Flutter's web accessibility tree
    # does not bring back a node that went from "nothing to say" to a button
    return hook(f"tile-{tile_text(tile)}", box, button=True, label=tile_text(tile), disabled=not enabled)


def _veil(opacity: float) -> ft.BoxDecoration:
    return ft.BoxDecoration(bgcolor=ft.Colors.with_opacity(opacity, ft.Colors.WHITE), border_radius=6)


def _ignore(_e=None) -> None:
    """A tap on a tile not offered now: nothing happens (its hook is disabled)."""


def empty_slot(tile: Tile, cell: float = PICKER_CELL) -> ft.Control:
    """The place of a tile that is not offered (on the table): same size, nothing to tap."""
    return ft.Container(key=f"slot-{tile_text(tile)}", width=2 * cell + 8, height=cell + 2 * _pad_y(cell, 0),
                        border_radius=6, border=ft.Border.all(1, ft.Colors.with_opacity(0.15, INK)))


@memoized
def _place(tile: Tile, offered: bool, selected: bool, enabled: bool, mark: str | None, dimmed: bool,
           cell: float, on_pick: Callable) -> ft.Control:
    """One place of the picker, rendered again only when its own tile's look changes."""
    if not offered:
        return empty_slot(tile, cell)
    return tile_button(tile, on_pick, selected=selected, enabled=enabled, mark=mark, cell=cell, dimmed=dimmed)


@memoized
def _picker(places: tuple, cell: float, on_pick: Callable) -> ft.Control:
    # rows touch: each tap target is 44 px high already, its padding keeps the pictures apart
    return ft.Row(wrap=True, spacing=4, run_spacing=0,
                  controls=[_place(*place, cell, on_pick) for place in places])


def tile_picker(tiles: list[Tile], on_pick: Callable, *, selected: set[Tile] | None = None,
                enabled: Callable[[Tile], bool] = lambda tile: True,
                marks: dict[Tile, str] | None = None, cell: float = PICKER_CELL,
                dimmed: Callable[[Tile], bool] = lambda tile: False) -> ft.Control:
    """All 28 tiles in set order (0-0 … 6-6), each always in the same place; only ``tiles`` are offered.

    Tiles keep fixed places so a player's eye and thumb learn them, and so no
    control moves between updates (Flutter's web accessibility tree loses
    nodes that move, which the browser tests rely on). ``on_pick(tile)`` should
    be the same callable from one render to the next (a bound method, or an
    object with ``==``): the picker is then rebuilt only where a tile's look
    changed. ``dimmed(tile)``: an offered tile shown under a lighter veil (still tappable).
    """
    selected = selected or set()
    marks = marks or {}
    offered = set(tiles)
    places = tuple((tile, True, tile in selected, bool(enabled(tile)), marks.get(tile), bool(dimmed(tile)))
                   if tile in offered else (tile, False, False, False, None, False)
                   for tile in ALL_TILES)
    return _picker(places, cell, on_pick)
