"""The layout drawn as a picture of the real table, with pan and zoom.

Tiles with their pips (doubles crosswise, spinners outlined in blue, the tile
just placed in yellow, a tile played straight from the stock in light blue;
each tile one picture, :func:`.widgets.tile_image`),
each scoring end marked with its contribution (orange badge), open spots as
hollow dots that can be tapped. Positions come from :mod:`.geometry`.

Speed: the tiles are drawn once at a fixed size (:data:`BASE_CELL` pixels per
half, positions in cells from the lead) and the whole layer is scaled and
moved to fit the viewport. When a placement makes the layout grow, only that
layer's transform changes: no tile is rebuilt, compared, sent or laid out
again, only the new one. The layer is memoized (:func:`.widgets.memoized`)
on the tiles and their looks; the end badges and the open spots (a few
controls that keep a readable size at any zoom) are memoized layers in
pixels, rebuilt when the layout or the selection changes. The geometry of a
layout is computed once per placement and size (kept by the picture's own
component, so each tab keeps its own).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import flet as ft
from flet.components.utils import _CURRENT_RENDERER  # semi-internal: Flet is pinned exactly

from ...explain import spot_words
from ...i18n import Translator
from ...rules import Status
from ...rules.moves import Play
from ...rules.tiles import Tile, tile_text
from ..models.position import Position
from .geometry import end_marker, layout_geometry
from .widgets import END_MARK, FELT, SPOT, SPOT_LEGAL, hook, kept, memoized, run, tile_image

MARGIN = 1.6  # cells around the layout, room for the end badges
MIN_CELL, MAX_CELL = 12.0, 38.0
READABLE_CELL = 17.0  # px per half: pips still easy to count at arm's length; lines bend to keep it
FIT_CELL = 13.0  # px per half the picture may shrink to so that the whole layout (every open spot) is in view
SQUEEZED_CELL = 9.0  # px per half a phone's picture may shrink to, so that what is under it stays in view
BASE_CELL = MAX_CELL  # px per half at which the tiles layer is drawn before it is scaled to fit
PAN_MARGIN = 60  # px the picture may be panned beyond its edges (constant: a new value rebuilds the viewer)
CHUNK = 6  # tiles per memoized group of the tiles layer
ANCHOR = 60  # cells from the tiles layer's corner to the lead: room for a whole set laid in one line


@dataclass(frozen=True, slots=True)
class Frame:
    """A layout placed in a viewport: what the picture draws, as plain values.

    ``cell`` px per half; ``origin``: ``(x, y)`` px of the lead's centre in
    the picture; ``tiles``: ``(first, second, horizontal, look, left, top)``
    per tile, the corner in cells from the lead's centre (``look`` as in
    :func:`.widgets.tile_image`); other positions in px: ``badges``:
    ``(hook, value, left, top, size, font)`` per scoring end; ``markers``:
    ``{spot: (x, y)}`` the centre of each open spot.
    """

    cell: float
    width: float
    height: float
    view_height: float
    origin: tuple
    tiles: tuple
    badges: tuple
    markers: dict


def placements(r) -> tuple:
    """What the picture of round ``r`` depends on: each placement's tile, spot and drawn mark, in order."""
    return tuple((m.tile, m.spot, m.drawn) for m in r.moves if type(m) is Play)


def picture_frame(r, width: float, height: float, fill: bool = False, held: bool = False) -> Frame:
    """Round ``r``'s layout scaled to fit a ``width`` x ``height`` viewport (pixels).

    The viewport is as high as the layout needs, at most ``height``; with
    ``fill`` it is ``height`` high (a phone gives the picture the room left).
    A layout that does not fit ``height`` even at :data:`FIT_CELL` gets a
    taller viewport (the screen then scrolls): the whole layout stays in view.
    A phone's picture (``fill``) shrinks further, to :data:`SQUEEZED_CELL`, first:
    the room it is given is what the controls under it leave on the screen, and
    a player must not have to scroll to them (issue 21); it can be zoomed.
    ``held`` (with ``fill``: the hands being entered, nothing on the picture to tap): the viewport is never
    taller than ``height``; what does not fit at :data:`SQUEEZED_CELL` is panned to.
    """
    layout = r.layout
    placed = placements(r)
    # the lines bend where a table this wide, drawn at a readable size, ends (the lead sits mid-table)
    geo = layout_geometry(layout, reach=max(width / READABLE_CELL / 2 - MARGIN, 6.0))
    left, top, right, bottom = geo.bounds(layout.open_spots)
    cols, rows = right - left + 2 * MARGIN, bottom - top + 2 * MARGIN
    if fill:  # a phone: what is left of the screen, down to SQUEEZED_CELL, then taller (the screen scrolls)
        cell = max(SQUEEZED_CELL, min(MAX_CELL, width / cols, height / rows))
    else:
        cell = max(MIN_CELL, min(MAX_CELL, width / cols, height / rows))
        # for want of height, shrink to FIT_CELL at most (every open spot in view, pips still countable);
        # below that the picture grows taller and is panned instead
        cell = max(cell, min(FIT_CELL, width / cols))
    pic_w, pic_h = max(cols * cell, width), max(rows * cell, height if fill else 160)
    # centre the layout in the picture
    ox = (pic_w - (right - left) * cell) / 2 - left * cell
    oy = (pic_h - (bottom - top) * cell) / 2 - top * cell

    drawn_tiles = {tile for tile, _, drawn in placed if drawn}
    last = layout.tiles[-1]
    tiles = []
    for tile in geo.tiles:
        look = "last" if tile.tile == last else "drawn" if tile.tile in drawn_tiles else "face"
        box_left, box_top, _, _ = tile.box
        tiles.append((tile.halves[0][2], tile.halves[1][2], tile.horizontal, look, box_left, box_top))
    badges = []
    for end in layout.scoring_ends():
        x, y = end_marker(geo, layout, end.tile, end.side)
        size = max(cell * 0.8, 16)  # readable even when the table is zoomed out
        badges.append(
            (
                f"end-{tile_text(end.tile)}-{end.side or 'double'}",
                end.value,
                ox + x * cell - size / 2,
                oy + y * cell - size / 2,
                size,
                max(10, cell * 0.4),
            )
        )
    markers = {
        spot: (ox + geo.ports[spot].marker[0] * cell, oy + geo.ports[spot].marker[1] * cell)
        for spot in layout.open_spots
    }
    # never shorter than the layout at that size: a tile, an end's value or a spot out of view is missed
    # by the players (a phone's picture squeezed by a long hand entry hid the tile just played)
    view_h = height if fill and held else max(min(height, pic_h), rows * cell)
    return Frame(cell, pic_w, pic_h, view_h, (ox, oy), tuple(tiles), tuple(badges), markers)


def _tiles_layer(frame: Frame, on_tile: Callable[[Tile], Any] | None) -> ft.Control:
    """The tiles, drawn at :data:`BASE_CELL` and scaled to ``frame.cell``; moving it rebuilds no tile.
    ``on_tile(tile)``: a tap on a placed tile (``None``: tiles are not tapped)."""
    return _tiles_layer_of(frame.tiles, frame.origin, frame.cell, on_tile)


@memoized
def _tiles_layer_of(tiles: tuple, origin: tuple, cell: float, on_tile: Callable[[Tile], Any] | None) -> ft.Control:
    # memoized: a tile or a spot picked changes the spots only, not this layer (nor its groups to compare)
    scale = cell / BASE_CELL
    size = 2 * ANCHOR * BASE_CELL
    # in groups of CHUNK tiles in play order: a placement changes the last group only (the new tile, and
    # the one before it that is no longer "last"), so the others are not rebuilt or compared
    chunks = [tiles[i : i + CHUNK] for i in range(0, len(tiles), CHUNK)]
    return ft.Container(
        left=origin[0] - ANCHOR * cell,
        top=origin[1] - ANCHOR * cell,
        width=size,
        height=size,
        scale=ft.Scale(scale, alignment=ft.Alignment.TOP_LEFT),
        content=ft.Stack(width=size, height=size, controls=[_tiles(chunk, size, on_tile) for chunk in chunks]),
    )


@memoized
def _tiles(tiles: tuple, size: float, on_tile: Callable[[Tile], Any] | None) -> ft.Control:
    """One picture per tile at :data:`BASE_CELL` px per half; rebuilt when one of them changes. With
    ``on_tile`` each tile is a button (hook ``placed-<a>-<b>``) that opens the fix of its move."""
    # each tile kept while it looks the same (a placement changes two: the new one, and the one before it that
    # is no longer the last), the group's other tiles not rebuilt
    controls = [kept(_placed, *tile, on_tile) for tile in tiles]
    return ft.Stack(width=size, height=size, controls=controls)


def _placed(
    first: int, second: int, horizontal: bool, look: str, left: float, top: float, on_tile: Callable[[Tile], Any] | None
) -> ft.Control:
    """One tile of :func:`_tiles`, positioned in the layer (corner ``left``, ``top`` in cells from the lead)."""
    x, y = (left + ANCHOR) * BASE_CELL, (top + ANCHOR) * BASE_CELL
    if on_tile is None:
        return tile_image(first, second, BASE_CELL, horizontal=horizontal, look=look, left=x, top=y)
    tile = (min(first, second), max(first, second))
    image = tile_image(first, second, BASE_CELL, horizontal=horizontal, look=look)
    # positioned: a direct child of the Stack (Flet's client places only those); the hook inside it
    button = ft.Container(on_click=run(on_tile, tile), content=image)
    return ft.Container(
        left=x, top=y, content=hook(f"placed-{tile_text(tile)}", button, button=True, label=tile_text(tile))
    )


@memoized
def _badges_layer(badges: tuple, width: float, height: float) -> ft.Control:
    """Each scoring end's contribution (``end-…`` hooks), in pixels so it stays readable when zoomed out."""
    # each badge kept while its end, value and place stay (a placement changes one or two ends)
    return ft.Stack(width=width, height=height, controls=[kept(_badge, *badge) for badge in badges])


def _badge(name: str, value: int, left: float, top: float, size: float, font: float) -> ft.Control:
    value_text = ft.Text(str(value), size=font, color=ft.Colors.WHITE, weight=ft.FontWeight.BOLD)
    # one positioned disc around its hooked value (three controls: every device redraws them on each
    # placement); keyed by the end: when the ends change, Flet moves the badges that stay
    return ft.Container(
        key=f"at-{name}",
        left=left,
        top=top,
        width=size,
        height=size,
        bgcolor=END_MARK,
        border_radius=size / 2,
        alignment=ft.Alignment.CENTER,
        content=hook(name, value_text),
    )


@memoized
def _spots_layer(spots: tuple, width: float, height: float, on_pick) -> ft.Control:
    """The open spots offered (``spot-…`` hooks): ``(spot, label, x, y, size, target, legal, chosen)`` each."""
    children: list[ft.Control] = []
    for spot, label, x, y, size, target, legal, chosen in spots:
        dot = ft.Container(
            width=size,
            height=size,
            border_radius=size / 2,
            border=ft.Border.all(3 if legal else 2, SPOT_LEGAL if legal else SPOT),
            bgcolor=SPOT_LEGAL if chosen else ft.Colors.with_opacity(0.12, ft.Colors.WHITE),
        )
        area = ft.Container(
            width=target, height=target, alignment=ft.Alignment.CENTER, content=dot, on_click=run(on_pick, spot)
        )
        name = f"spot-{tile_text(spot[0])}-{spot[1]}"
        # keyed by the spot: a placement or a selection moves the spots that stay instead of rewriting them
        children.append(
            ft.Container(
                key=f"at-{name}",
                left=x - target / 2,
                top=y - target / 2,
                content=hook(name, area, button=True, label=label),
            )
        )
    return ft.Stack(width=width, height=height, controls=children)


def table_picture(
    t: Translator,
    position: Position,
    width: float,
    height: float,
    fill: bool = False,
    on_tile: Callable[[Tile], Any] | None = None,
    entering: bool = True,
) -> ft.Control:
    """The picture of ``position``'s round layout in a ``width`` x ``height`` viewport (pixels).

    ``fill``: the felt is ``height`` high even when the layout needs less (see :func:`picture_frame`).
    ``on_tile(tile)``: what a tap on a placed tile does (the live table: open the fix of its move).
    Open spots are offered while a move is entered (only the selected tile's legal spots once a tile
    is selected); a tap on one calls ``position.pick_spot``. ``entering`` False (a viewer's phone): no spots.
    """
    match = position.match
    r = match.round
    assert r is not None, "a picture of no round"
    layout = r.layout
    if not layout.tiles:
        return ft.Container(
            width=width,
            height=height if fill else min(height, 140),
            bgcolor=FELT,
            border_radius=10,
            alignment=ft.Alignment.CENTER,
            content=ft.Text(t("ui.table_empty"), color=ft.Colors.WHITE, text_align=ft.TextAlign.CENTER),
        )
    tile = position.selected_tile
    legal = tuple(position.legal_spots(tile)) if tile else None
    offered = entering and match.status == Status.MOVE and match.turn is not None and match.turn.must != "pass"
    words = {spot: spot_words(t, spot, layout.is_spinner(spot[0])) for spot in layout.open_spots} if offered else {}
    on_pick = position.pick_spot if offered else None  # None: no spots layer (a viewer's phone, a pass)
    held = match.status == Status.REVEAL  # the hands are entered: the screen keeps its room for them
    args = (
        r,
        placements(r),
        words,
        legal,
        position.selected_spot,
        on_pick,
        width,
        height,
        fill,
        t("ui.table_label", count=len(layout.tiles)),
        on_tile,
        held,
    )
    if _CURRENT_RENDERER.get() is None:
        return _picture(picture_frame(r, width, height, fill, held), *args[2:-1])
    return _Picture(*args)


@ft.component
def _Picture(
    r,
    placed: tuple,
    words: dict,
    legal: tuple | None,
    chosen,
    on_pick,
    width: float,
    height: float,
    fill: bool,
    label: str,
    on_tile: Callable[[Tile], Any] | None,
    held: bool = False,
) -> ft.Control:
    # the frame is kept while the placements and the viewport stay (the tab's copy of the match is changed
    # in place by each move it records, so the key is the placements, not the layout object)
    frame = ft.use_memo(lambda: picture_frame(r, width, height, fill, held), [placed, width, height, fill, held])
    return _picture(frame, words, legal, chosen, on_pick, width, height, fill, label, on_tile)


def _picture(
    frame: Frame,
    words: dict,
    legal: tuple | None,
    chosen,
    on_pick,
    width: float,
    height: float,
    fill: bool,
    label: str,
    on_tile: Callable[[Tile], Any] | None,
) -> ft.Control:
    cell = frame.cell
    spots = []
    for spot, spoken in words.items():
        if legal is not None and spot not in legal:
            continue  # only the selected tile's legal spots are offered
        x, y = frame.markers[spot]
        size = max(cell * 0.72, 12)  # the hollow dot as drawn
        target = max(cell * 1.1, 30)  # the area a finger may hit
        spots.append((spot, spoken, x, y, size, target, legal is not None, spot == chosen))
    layers = [_tiles_layer(frame, on_tile), _badges_layer(frame.badges, frame.width, frame.height)]
    if on_pick is not None:
        layers.append(_spots_layer(tuple(spots), frame.width, frame.height, on_pick))
    picture = ft.Stack(width=frame.width, height=frame.height, controls=layers)
    viewer = ft.InteractiveViewer(
        content=picture, constrained=False, min_scale=0.25, max_scale=4, boundary_margin=ft.Margin.all(PAN_MARGIN)
    )
    # a label keeps the node in Flutter's accessibility tree (an unlabelled one is dropped after a re-render)
    return hook(
        "table",
        ft.Container(
            width=width,
            height=frame.view_height,
            bgcolor=FELT,
            border_radius=10,
            clip_behavior=ft.ClipBehavior.HARD_EDGE,
            content=viewer,
        ),
        label=label,
    )
