"""Where each tile of a layout lies on the drawn table (pure, no Flet).

Units are *cells*: a half of a tile is a 1 x 1 square, so a non-double is
2 x 1 and a double, placed crosswise (S5), is 1 x 2 across the line it sits
on. ``x`` grows to the right and ``y`` downwards (screen coordinates). The
lead is centred on ``(0, 0)``: a non-double lies horizontally with its low
half on the left; an opening double stands upright with ``line-a`` to the
left, ``line-b`` to the right, ``branch-a`` up and ``branch-b`` down.

Every side of every tile is a :class:`Port`: the point on the tile's edge
where a joining tile touches, and the outward direction it grows in. A tile
joined to a port continues straight along that direction, so lines never
bend; a double's branches leave at right angles to the line it sits on
(``branch-a`` to the left of the direction of travel, ``branch-b`` to the
right). Where the way straight on is taken by another tile, a chain turns a
corner, as players do (:func:`_clear_port`). The engine's
:class:`~scorekeeper.rules.layout.Layout` says which
tile joined which spot (``connections``); this module only places them.
"""

from __future__ import annotations

from dataclasses import dataclass

from ...rules.layout import BRANCH_A, BRANCH_B, HIGH, LINE_A, LINE_B, LOW, Layout, Spot
from ...rules.tiles import Tile

Vec = tuple[float, float]


@dataclass(frozen=True, slots=True)
class Port:
    """One side of a placed tile: ``anchor`` on its edge, ``direction`` outwards (unit, axis-aligned)."""

    spot: Spot
    anchor: Vec
    direction: Vec

    @property
    def marker(self) -> Vec:
        """Centre of the cell a joining tile's first half would cover (where an open spot is drawn)."""
        return (self.anchor[0] + self.direction[0] * 0.5, self.anchor[1] + self.direction[1] * 0.5)


@dataclass(frozen=True, slots=True)
class PlacedTile:
    """A tile on the drawn table.

    ``center`` in cells; ``horizontal`` when its long side runs along x;
    ``halves`` the centre and pip value of each half; ``double`` marks a
    spinner (every double is one, S5).
    """

    tile: Tile
    center: Vec
    horizontal: bool
    halves: tuple[tuple[float, float, int], tuple[float, float, int]]
    double: bool

    @property
    def box(self) -> tuple[float, float, float, float]:
        """``(left, top, right, bottom)`` in cells."""
        x, y = self.center
        half_w, half_h = (1.0, 0.5) if self.horizontal else (0.5, 1.0)
        return (x - half_w, y - half_h, x + half_w, y + half_h)


@dataclass(slots=True)
class TableGeometry:
    """Positions of every tile and port of a layout, in play order."""

    tiles: list[PlacedTile]
    ports: dict[Spot, Port]

    def bounds(self, spots=None) -> tuple[float, float, float, float]:
        """``(left, top, right, bottom)`` around every tile and the markers of ``spots`` (default: all ports)."""
        if not self.tiles:
            return (-1.0, -0.5, 1.0, 0.5)
        xs, ys = [], []
        for placed in self.tiles:
            left, top, right, bottom = placed.box
            xs += [left, right]
            ys += [top, bottom]
        for port in self.ports.values():
            if spots is not None and port.spot not in spots:
                continue
            mx, my = port.marker
            xs += [mx - 0.5, mx + 0.5]
            ys += [my - 0.5, my + 0.5]
        return (min(xs), min(ys), max(xs), max(ys))


def _left(d: Vec) -> Vec:
    """The direction 90 degrees to the left of ``d`` on screen (y down)."""
    return (d[1], -d[0])


def _right(d: Vec) -> Vec:
    return (-d[1], d[0])


def _add(p: Vec, d: Vec, k: float = 1.0) -> Vec:
    return (p[0] + d[0] * k, p[1] + d[1] * k)


def _neg(d: Vec) -> Vec:
    return (-d[0], -d[1])


def _place_double(tile: Tile, anchor: Vec, d: Vec, ports: dict[Spot, Port]) -> PlacedTile:
    """A double joining at ``anchor`` while travelling along ``d``: crosswise, line A at the anchor."""
    v = tile[0]
    center = _add(anchor, d, 0.5)
    left, right = _left(d), _right(d)
    ports[(tile, LINE_A)] = Port((tile, LINE_A), anchor, _neg(d))
    ports[(tile, LINE_B)] = Port((tile, LINE_B), _add(anchor, d), d)
    ports[(tile, BRANCH_A)] = Port((tile, BRANCH_A), _add(center, left), left)
    ports[(tile, BRANCH_B)] = Port((tile, BRANCH_B), _add(center, right), right)
    a, b = _add(center, left, 0.5), _add(center, right, 0.5)
    first, second = sorted((a, b))
    return PlacedTile(tile, center, horizontal=d[0] == 0, halves=((*first, v), (*second, v)), double=True)


def _place_single(tile: Tile, own_side: str, anchor: Vec, d: Vec, ports: dict[Spot, Port]) -> PlacedTile:
    """A non-double joining by ``own_side`` at ``anchor``: it runs along ``d``."""
    low, high = tile
    joined, free = (low, high) if own_side == LOW else (high, low)
    free_side = HIGH if own_side == LOW else LOW
    ports[(tile, own_side)] = Port((tile, own_side), anchor, _neg(d))
    ports[(tile, free_side)] = Port((tile, free_side), _add(anchor, d, 2), d)
    near, far = _add(anchor, d, 0.5), _add(anchor, d, 1.5)
    halves = sorted([(*near, joined), (*far, free)])
    center = _add(anchor, d, 1.0)
    return PlacedTile(tile, center, horizontal=d[1] == 0, halves=(halves[0], halves[1]), double=False)


def _place_lead(tile: Tile, ports: dict[Spot, Port]) -> PlacedTile:
    low, high = tile
    if low == high:  # an opening double stands upright, both lines open (S5)
        ports[(tile, LINE_A)] = Port((tile, LINE_A), (-0.5, 0.0), (-1.0, 0.0))
        ports[(tile, LINE_B)] = Port((tile, LINE_B), (0.5, 0.0), (1.0, 0.0))
        ports[(tile, BRANCH_A)] = Port((tile, BRANCH_A), (0.0, -1.0), (0.0, -1.0))
        ports[(tile, BRANCH_B)] = Port((tile, BRANCH_B), (0.0, 1.0), (0.0, 1.0))
        return PlacedTile(tile, (0.0, 0.0), False, ((0.0, -0.5, low), (0.0, 0.5, low)), True)
    ports[(tile, LOW)] = Port((tile, LOW), (-1.0, 0.0), (-1.0, 0.0))
    ports[(tile, HIGH)] = Port((tile, HIGH), (1.0, 0.0), (1.0, 0.0))
    return PlacedTile(tile, (0.0, 0.0), True, ((-0.5, 0.0, low), (0.5, 0.0, high)), False)


def _boxes_overlap(a: tuple[float, float, float, float], b: tuple[float, float, float, float]) -> bool:
    eps = 1e-9
    return a[0] < b[2] - eps and b[0] < a[2] - eps and a[1] < b[3] - eps and b[1] < a[3] - eps


def _footprint(port: Port, double: bool = False) -> tuple[float, float, float, float]:
    """The box a tile joining ``port`` would cover: two cells straight out, or a double's one across."""
    (ax, ay), (dx, dy) = port.anchor, port.direction
    along, across = (1.0, 1.0) if double else (2.0, 0.5)
    x1, y1, x2, y2 = ax, ay, ax + along * dx, ay + along * dy
    if dx == 0:  # travelling vertically
        return (ax - across, min(y1, y2), ax + across, max(y1, y2))
    return (min(x1, x2), ay - across, max(x1, x2), ay + across)


def _outside(box: tuple[float, float, float, float], reach: float | None) -> bool:
    """True when ``box`` crosses the table's left or right edge, ``reach`` cells from the lead's centre."""
    return reach is not None and (box[0] < -reach - 1e-9 or box[2] > reach + 1e-9)


def _clear_port(port: Port, placed: list[PlacedTile], double: bool = False, reach: float | None = None) -> Port:
    """``port``, or the same end turned a corner when the way straight on is taken or leaves the table.

    On a crowded table a chain that would run into another tile turns 90
    degrees, as players do at a table's edge (left of the direction of
    travel first): at the corner of a non-double's free half, or after the
    joining half of the new tile (so a branch still leaves its spinner at a
    right angle, S5, and only bends after its first half).
    """
    tile, side = port.spot

    def free(candidate: Port) -> bool:
        box = _footprint(candidate, double)
        return not _outside(box, reach) and not any(_boxes_overlap(box, p.box) for p in placed)

    if free(port):
        return port
    candidates = []
    for turn in (_left(port.direction), _right(port.direction)):
        if tile[0] != tile[1]:  # turn at the corner of the target's free half
            half = _add(port.anchor, port.direction, -0.5)
            candidates.append(Port(port.spot, _add(half, turn, 0.5), turn))
    for turn in (_left(port.direction), _right(port.direction)):
        # or the joining half sits straight on and the rest of the tile turns
        candidates.append(Port(port.spot, _add(_add(port.anchor, port.direction, 0.5), turn, -0.5), turn))
    for turned in candidates:
        if free(turned):
            return turned
    if reach is not None:  # no turn stays on the table: never overlap, even past the edge
        return _clear_port(port, placed, double)
    return port


def layout_geometry(layout: Layout, reach: float | None = None) -> TableGeometry:
    """Place every tile of ``layout`` (its ``tiles`` and ``connections``).

    ``reach``: cells from the lead's centre to the table's left and right
    edges; a line that would cross one bends (up at the right edge, down at
    the left), as players do on a real table, so a long layout stays as wide
    as the screen at a readable size. ``None``: lines run straight on.
    Returns a :class:`TableGeometry` in cells; an empty layout gives no tiles.
    The ports of open spots are those a joining tile would use (turned at a
    corner where the straight way is taken).
    """
    ports: dict[Spot, Port] = {}
    placed: list[PlacedTile] = []
    if not layout.tiles:
        return TableGeometry(placed, ports)
    placed.append(_place_lead(layout.tiles[0], ports))
    for connection in layout.connections:
        double = connection.tile[0] == connection.tile[1]
        target = _clear_port(ports[(connection.target, connection.side)], placed, double, reach)
        if connection.tile[0] == connection.tile[1]:
            placed.append(_place_double(connection.tile, target.anchor, target.direction, ports))
        else:
            placed.append(_place_single(connection.tile, connection.own_side, target.anchor, target.direction, ports))
    for spot in layout.open_spots:
        ports[spot] = _clear_port(ports[spot], placed, reach=reach)
    return TableGeometry(placed, ports)


def end_marker(geometry: TableGeometry, layout: Layout, tile: Tile, side: str | None) -> Vec:
    """Where to draw the contribution of a scoring end (S6), in cells.

    A non-double's free half is marked just beyond its open spot; an end
    double beyond its open line (or above it when both lines are open, the
    lone opening double).
    """
    if side is not None:
        return _add(geometry.ports[(tile, side)].marker, geometry.ports[(tile, side)].direction, 0.95)
    open_lines = [s for s in (LINE_B, LINE_A) if (tile, s) in layout.open_spots]
    if len(open_lines) == 1:
        port = geometry.ports[(tile, open_lines[0])]
        return _add(port.marker, port.direction, 0.95)
    port = geometry.ports[(tile, BRANCH_A)]
    return _add(port.anchor, port.direction, 0.45)


def overlaps(geometry: TableGeometry) -> list[tuple[Tile, Tile]]:
    """Pairs of tiles whose drawn rectangles overlap (share more than an edge)."""
    found = []
    tiles = geometry.tiles
    for i, a in enumerate(tiles):
        al, at, ar, ab = a.box
        for b in tiles[i + 1 :]:
            bl, bt, br, bb = b.box
            if al < br - 1e-9 and bl < ar - 1e-9 and at < bb - 1e-9 and bt < ab - 1e-9:
                found.append((a.tile, b.tile))
    return found
