"""The layout drawn as a picture of the real table, with pan and zoom.

Tiles with their pips (doubles crosswise, spinners outlined in blue, the tile
just placed in yellow, a tile played straight from the stock in light blue),
each scoring end marked with its contribution (orange badge), open spots as
hollow dots that can be tapped. Positions come from :mod:`.geometry`.
"""

from __future__ import annotations

import flet as ft

from ..explain import spot_words
from ..rules.moves import Play
from .geometry import end_marker, layout_geometry
from .state import AppState
from .widgets import (
    END_MARK,
    FELT,
    INK,
    SPINNER,
    SPOT,
    SPOT_LEGAL,
    TILE_DRAWN,
    TILE_FACE,
    TILE_LAST,
    hook,
    run,
    tile_face,
    tile_id,
)

MARGIN = 1.6  # cells around the layout, room for the end badges
MIN_CELL, MAX_CELL = 12.0, 38.0


def table_picture(state: AppState, width: float, height: float) -> ft.Control:
    """The picture of the current round's layout in a ``width`` x ``height`` viewport (pixels)."""
    match = state.match
    r = match.round
    layout = r.layout
    t = state.t
    if not layout.tiles:
        text = t("ui.table_empty")
        return ft.Container(width=width, height=min(height, 140), bgcolor=FELT, border_radius=10,
                            alignment=ft.Alignment.CENTER,
                            content=ft.Text(text, color=ft.Colors.WHITE, text_align=ft.TextAlign.CENTER))
    geo = layout_geometry(layout)
    left, top, right, bottom = geo.bounds(layout.open_spots)
    cols, rows = right - left + 2 * MARGIN, bottom - top + 2 * MARGIN
    cell = max(MIN_CELL, min(MAX_CELL, width / cols, height / rows))
    pic_w, pic_h = max(cols * cell, width), max(rows * cell, 160)
    view_h = min(height, pic_h)
    # centre the layout in the picture
    ox = (pic_w - (right - left) * cell) / 2 - left * cell
    oy = (pic_h - (bottom - top) * cell) / 2 - top * cell

    drawn_tiles = {m.tile for m in r.moves if type(m) is Play and m.drawn}
    last = r.layout.tiles[-1]
    children: list[ft.Control] = []
    for placed in geo.tiles:
        face = TILE_LAST if placed.tile == last else TILE_DRAWN if placed.tile in drawn_tiles else TILE_FACE
        left, top, _, _ = placed.box
        first, second = placed.halves[0][2], placed.halves[1][2]
        children.append(tile_face(first, second, cell, horizontal=placed.horizontal, face=face,
                                  outline=SPINNER if placed.double else INK,
                                  outline_width=3 if placed.double else 1.2,
                                  left=ox + left * cell, top=oy + top * cell))

    for end in layout.scoring_ends():
        x, y = end_marker(geo, layout, end.tile, end.side)
        size = max(cell * 0.8, 16)  # readable even when the table is zoomed out
        name = f"end-{tile_id(end.tile)}-{end.side or 'double'}"
        badge = ft.Container(width=size, height=size, bgcolor=END_MARK, border_radius=size / 2,
                             alignment=ft.Alignment.CENTER,
                             content=ft.Text(str(end.value), size=max(10, cell * 0.4), color=ft.Colors.WHITE,
                                             weight=ft.FontWeight.BOLD))
        children.append(ft.Container(left=ox + x * cell - size / 2, top=oy + y * cell - size / 2,
                                     content=hook(name, badge)))

    legal = set(state.legal_spots(state.selected_tile)) if state.selected_tile else None
    if match.status == "move" and match.turn.must != "pass":
        for spot in layout.open_spots:
            if legal is not None and spot not in legal:
                continue  # only the selected tile's legal spots are offered
            port = geo.ports[spot]
            x, y = port.marker
            size = max(cell * 0.72, 12)  # the hollow dot as drawn
            target = max(cell * 1.1, 30)  # the area a finger may hit
            chosen = spot == state.selected_spot
            dot = ft.Container(
                width=size, height=size, border_radius=size / 2,
                border=ft.Border.all(3 if legal else 2, SPOT_LEGAL if legal else SPOT),
                bgcolor=SPOT_LEGAL if chosen else ft.Colors.with_opacity(0.12, ft.Colors.WHITE))
            area = ft.Container(width=target, height=target, alignment=ft.Alignment.CENTER, content=dot,
                                on_click=run(state.pick_spot, spot))
            name = f"spot-{tile_id(spot[0])}-{spot[1]}"
            children.append(ft.Container(left=ox + x * cell - target / 2, top=oy + y * cell - target / 2,
                                         content=hook(name, area, button=True, label=spot_words(t, spot))))

    picture = ft.Stack(width=pic_w, height=pic_h, controls=children)
    viewer = ft.InteractiveViewer(content=picture, constrained=False, min_scale=0.25, max_scale=4,
                                  boundary_margin=ft.Margin.all(cell * 3))
    return hook("table", ft.Container(width=width, height=view_h, bgcolor=FELT, border_radius=10,
                                      clip_behavior=ft.ClipBehavior.HARD_EDGE, content=viewer))
