"""Small building blocks shared by the screens: test hooks, buttons, tiles with pips.

Every control a test or a user needs to find carries an
``ft.Semantics(identifier=...)`` hook (listed in ``docs/ui-ids.md``); it
appears in the browser as ``flt-semantics-identifier``.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable

import flet as ft
import flet.canvas as cv

from .geometry import PlacedTile

# Pip positions inside a 1 x 1 half, as fractions (x, y).
PIPS: dict[int, tuple[tuple[float, float], ...]] = {
    0: (),
    1: ((0.5, 0.5),),
    2: ((0.27, 0.27), (0.73, 0.73)),
    3: ((0.25, 0.25), (0.5, 0.5), (0.75, 0.75)),
    4: ((0.27, 0.27), (0.73, 0.27), (0.27, 0.73), (0.73, 0.73)),
    5: ((0.25, 0.25), (0.75, 0.25), (0.5, 0.5), (0.25, 0.75), (0.75, 0.75)),
    6: ((0.28, 0.22), (0.28, 0.5), (0.28, 0.78), (0.72, 0.22), (0.72, 0.5), (0.72, 0.78)),
}

FELT = "#2E6B4A"
TILE_FACE = "#FFFDF6"
TILE_DRAWN = "#DCEEFF"
TILE_LAST = "#FFF1B8"
INK = "#1B1B1B"
SPINNER = "#1565C0"
END_MARK = "#E65100"
SPOT = "#FFFFFF"
SPOT_LEGAL = "#FFD54F"


def hook(identifier: str, control: ft.Control, *, button: bool = False, label: str | None = None,
         disabled: bool = False) -> ft.Semantics:
    """Wrap ``control`` with the test hook ``identifier``.

    The hook is also the control's ``key``: Flutter's web engine does not
    update a semantics node's identifier in the DOM when a reused control's
    identifier changes (a picker tile shifting into the place of a played
    one kept its old name), so a different hook must be a different control.
    """
    return ft.Semantics(key=identifier, identifier=identifier, container=True, button=button or None,
                        label=label, disabled=disabled, content=control)


def run(handler: Callable, *args) -> Callable:
    """An event handler that calls ``handler(*args)``, awaiting it when it is a coroutine function."""
    if asyncio.iscoroutinefunction(handler):
        async def on_event(_e=None):
            await handler(*args)
    else:
        def on_event(_e=None):
            handler(*args)
    return on_event


def action_button(identifier: str, label: str, handler: Callable, *args, disabled: bool = False,
                  icon=None, filled: bool = False) -> ft.Semantics:
    """A button with a hook; ``handler(*args)`` runs on click (sync or async)."""
    cls = ft.FilledButton if filled else ft.OutlinedButton
    button = cls(label, icon=icon, on_click=run(handler, *args), disabled=disabled)
    return hook(identifier, button, button=True, label=label, disabled=disabled)


def tile_shapes(placed: PlacedTile, cell: float, origin: tuple[float, float], *, face: str = TILE_FACE,
                outline: str = INK, outline_width: float = 1.2) -> list[cv.Shape]:
    """Canvas shapes for one tile: its face, the line between its halves and its pips.

    ``origin`` is the pixel position of cell (0, 0); ``cell`` the pixel size of a half.
    """
    left, top, right, bottom = placed.box
    x0, y0 = origin[0] + left * cell, origin[1] + top * cell
    w, h = (right - left) * cell, (bottom - top) * cell
    radius = cell * 0.14
    shapes: list[cv.Shape] = [
        cv.Rect(x0, y0, w, h, border_radius=radius, paint=ft.Paint(color=face)),
        cv.Rect(x0, y0, w, h, border_radius=radius,
                paint=ft.Paint(color=outline, style=ft.PaintingStyle.STROKE, stroke_width=outline_width)),
    ]
    if placed.horizontal:
        mid = x0 + w / 2
        shapes.append(cv.Line(mid, y0 + h * 0.12, mid, y0 + h * 0.88,
                              paint=ft.Paint(color=INK, stroke_width=max(1.0, cell * 0.04))))
    else:
        mid = y0 + h / 2
        shapes.append(cv.Line(x0 + w * 0.12, mid, x0 + w * 0.88, mid,
                              paint=ft.Paint(color=INK, stroke_width=max(1.0, cell * 0.04))))
    pip_radius = cell * 0.085
    for hx, hy, value in placed.halves:
        cx0, cy0 = origin[0] + (hx - 0.5) * cell, origin[1] + (hy - 0.5) * cell
        for fx, fy in PIPS[value]:
            if not placed.horizontal:  # keep the 2, 3 and 6 patterns across the tile's short side
                fx, fy = fy, fx
            shapes.append(cv.Circle(cx0 + fx * cell, cy0 + fy * cell, pip_radius, paint=ft.Paint(color=INK)))
    return shapes


def tile_image(tile: tuple[int, int], cell: float, *, horizontal: bool = True, face: str = TILE_FACE,
               outline: str = INK, outline_width: float = 1.2) -> cv.Canvas:
    """A free-standing picture of ``tile`` (for the picker and the hands)."""
    a, b = tile
    if horizontal:
        placed = PlacedTile(tile, (1.0, 0.5), True, ((0.5, 0.5, a), (1.5, 0.5, b)), a == b)
        size = (2 * cell, cell)
    else:
        placed = PlacedTile(tile, (0.5, 1.0), False, ((0.5, 0.5, a), (0.5, 1.5, b)), a == b)
        size = (cell, 2 * cell)
    return cv.Canvas(width=size[0], height=size[1],
                     shapes=tile_shapes(placed, cell, (0, 0), face=face, outline=outline,
                                        outline_width=outline_width))


def tile_id(tile: tuple[int, int]) -> str:
    """``"1-4"``: the tile part of hook names (low first)."""
    return f"{tile[0]}-{tile[1]}"
