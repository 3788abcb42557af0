"""Draw the tile pictures the app shows, into ``scorekeeper/assets/tiles/``.

``{look}/{h|v}-{a}-{b}.svg``: whole tiles (face, outline, pips) for
:func:`scorekeeper.app.parts.widgets.tile_image`: the table's looks
(``face``, ``drawn``, ``last``) in both orientations, the picker's
(``pick``) horizontal with the low half first. The drawing lives here, not
in the app: the app only shows the files.

``tests/app/test_live_session.py`` checks the committed files match. Run after
changing the drawing:

    python scripts/make_tile_images.py
"""

from __future__ import annotations

from pathlib import Path

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

TILE_FACE = "#FFFDF6"
TILE_DRAWN = "#DCEEFF"
TILE_LAST = "#FFF1B8"
INK = "#1B1B1B"
SPINNER = "#1565C0"


def tile_svg(first: int, second: int, horizontal: bool = True) -> str:
    """The pips of a tile as an SVG picture (transparent face): ``first`` is the left (or top) half.

    One half is a 100 x 100 square; the face colour and outline are drawn by
    the container around the picture, so one file per tile and orientation
    serves every highlight. Files: ``assets/tiles/{h|v}-{first}-{second}.svg``
    (``scripts/make_tile_images.py``).
    """
    w, h = (200, 100) if horizontal else (100, 200)
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {w} {h}" width="{w}" height="{h}">']
    if horizontal:
        parts.append('<line x1="100" y1="12" x2="100" y2="88" stroke="#1B1B1B" stroke-width="4"/>')
    else:
        parts.append('<line x1="12" y1="100" x2="88" y2="100" stroke="#1B1B1B" stroke-width="4"/>')
    for index, value in enumerate((first, second)):
        ox, oy = (100 * index, 0) if horizontal else (0, 100 * index)
        for fx, fy in PIPS[value]:
            if not horizontal:  # keep the 2, 3 and 6 patterns across the tile's short side
                fx, fy = fy, fx
            parts.append(f'<circle cx="{ox + fx * 100:g}" cy="{oy + fy * 100:g}" r="9" fill="#1B1B1B"/>')
    parts.append("</svg>")
    return "".join(parts)


# The looks of a whole tile drawn as one picture (face, outline and pips): ``(face, outline, stroke)``,
# the stroke in picture units (a half is 100 x 100), so it scales with the tile as a zoom does.
TILE_LOOKS = {
    "face": (TILE_FACE, INK, 5),  # on the table
    "drawn": (TILE_DRAWN, INK, 5),  # on the table, played straight from the stock
    "last": (TILE_LAST, INK, 5),  # on the table, the tile just placed
    "pick": (TILE_FACE, INK, 6),  # in the picker (a tile not offered now is veiled, not redrawn)
}
SPINNER_STROKE = 11  # a double on the table is outlined in blue (every double is a spinner, S5)


def tile_picture_svg(first: int, second: int, horizontal: bool = True, look: str = "face") -> str:
    """A whole tile as an SVG picture: face, rounded outline, dividing line and pips.

    ``look`` is a key of :data:`TILE_LOOKS`; on the table (``face``,
    ``drawn``, ``last``) a double gets the blue spinner outline. Files:
    ``assets/tiles/{look}/{h|v}-{first}-{second}.svg`` (``scripts/make_tile_images.py``).
    """
    face, outline, stroke = TILE_LOOKS[look]
    if first == second and look in ("face", "drawn", "last"):
        outline, stroke = SPINNER, SPINNER_STROKE
    w, h = (200, 100) if horizontal else (100, 200)
    inner = tile_svg(first, second, horizontal)
    body = inner[inner.index(">") + 1 : inner.rindex("</svg>")]
    frame = (
        f'<rect x="{stroke / 2:g}" y="{stroke / 2:g}" width="{w - stroke:g}" height="{h - stroke:g}" '
        f'rx="14" fill="{face}" stroke="{outline}" stroke-width="{stroke:g}"/>'
    )
    return f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {w} {h}" width="{w}" height="{h}">{frame}{body}</svg>'


TARGET = Path(__file__).resolve().parent.parent / "scorekeeper" / "assets" / "tiles"


def whole_tiles():
    """``(look, first, second, horizontal)`` of every whole-tile picture the app uses."""
    for look in ("face", "drawn", "last"):
        for horizontal in (True, False):
            for first in range(7):
                for second in range(7):
                    yield look, first, second, horizontal
    for first in range(7):
        for second in range(first, 7):
            yield "pick", first, second, True


def main() -> None:
    TARGET.mkdir(parents=True, exist_ok=True)
    count = 0
    for look, first, second, horizontal in whole_tiles():
        folder = TARGET / look
        folder.mkdir(exist_ok=True)
        name = f"{'h' if horizontal else 'v'}-{first}-{second}.svg"
        (folder / name).write_text(tile_picture_svg(first, second, horizontal, look), encoding="utf-8")
        count += 1
    print(f"{count} pictures in {TARGET}")


if __name__ == "__main__":
    main()
