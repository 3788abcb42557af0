"""Write the tile pictures the app draws, in ``scorekeeper/assets/tiles/``.

* ``{h|v}-{a}-{b}.svg``: the pips only, one per ordered pair of halves and
  orientation (98 files, :func:`scorekeeper.app.widgets.tile_svg`), for
  :func:`~scorekeeper.app.widgets.tile_face` (face and outline drawn around it);
* ``{look}/{h|v}-{a}-{b}.svg``: whole tiles (face, outline, pips) for
  :func:`~scorekeeper.app.widgets.tile_image`: the table's looks (``face``,
  ``drawn``, ``last``) in both orientations, the picker's (``pick``)
  horizontal with the low half first.

``tests/app/test_live_session.py`` checks the committed files match. Run after
changing the drawing:

    python scripts/make_tile_images.py
"""

from __future__ import annotations

from pathlib import Path

from scorekeeper.app.widgets import tile_picture_svg, tile_svg

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
    for horizontal in (True, False):
        for first in range(7):
            for second in range(7):
                name = f"{'h' if horizontal else 'v'}-{first}-{second}.svg"
                (TARGET / name).write_text(tile_svg(first, second, horizontal), encoding="utf-8")
                count += 1
    for look, first, second, horizontal in whole_tiles():
        folder = TARGET / look
        folder.mkdir(exist_ok=True)
        name = f"{'h' if horizontal else 'v'}-{first}-{second}.svg"
        (folder / name).write_text(tile_picture_svg(first, second, horizontal, look), encoding="utf-8")
        count += 1
    print(f"{count} pictures in {TARGET}")


if __name__ == "__main__":
    main()
