"""The tile picker: the tiles not on the table, each with its pips (hooks ``tile-<a>-<b>``)."""

from __future__ import annotations

from collections.abc import Callable

import flet as ft

from ..rules.tiles import ALL_TILES, Tile
from .widgets import INK, SPOT_LEGAL, hook, run, tile_id, tile_image

PICKER_CELL = 17


def tile_button(tile: Tile, on_pick: Callable | None, *, selected: bool = False, enabled: bool = True,
                mark: str | None = None) -> ft.Control:
    """One tile of the picker; ``mark`` colours its frame (e.g. the seat holding it)."""
    frame = SPOT_LEGAL if selected else (mark or ft.Colors.TRANSPARENT)
    box = ft.Container(
        content=tile_image(tile, PICKER_CELL, outline=INK if enabled else ft.Colors.GREY_400),
        padding=3, border_radius=6, border=ft.Border.all(3, frame),
        bgcolor=ft.Colors.with_opacity(0.35, SPOT_LEGAL) if selected else None,
        opacity=1.0 if enabled else 0.3,
        on_click=run(on_pick, tile) if (enabled and on_pick) else None)
    return hook(f"tile-{tile_id(tile)}", box, button=enabled)


def tile_picker(tiles: list[Tile], on_pick: Callable, *, selected: set[Tile] | None = None,
                enabled: Callable[[Tile], bool] = lambda tile: True,
                marks: dict[Tile, str] | None = None) -> ft.Control:
    """A wrapping row of ``tiles`` in set order (0-0 … 6-6)."""
    selected = selected or set()
    marks = marks or {}
    order = [tile for tile in ALL_TILES if tile in set(tiles)]
    return ft.Row(wrap=True, spacing=4, run_spacing=4,
                  controls=[tile_button(tile, on_pick, selected=tile in selected, enabled=enabled(tile),
                                        mark=marks.get(tile)) for tile in order])
