"""Write the tile pictures the app draws: ``scorekeeper/assets/tiles/{h|v}-{a}-{b}.svg``.

One picture per ordered pair of halves and orientation (98 files), made by
:func:`scorekeeper.app.widgets.tile_svg`; ``tests/app/test_tile_images.py``
checks the committed files match it. Run after changing the drawing:

    python scripts/make_tile_images.py
"""

from __future__ import annotations

from pathlib import Path

from scorekeeper.app.widgets import tile_svg

TARGET = Path(__file__).resolve().parent.parent / "scorekeeper" / "assets" / "tiles"


def main() -> None:
    TARGET.mkdir(parents=True, exist_ok=True)
    count = 0
    for horizontal in (True, False):
        for first in range(7):
            for second in range(7):
                name = f"{'h' if horizontal else 'v'}-{first}-{second}.svg"
                (TARGET / name).write_text(tile_svg(first, second, horizontal), encoding="utf-8")
                count += 1
    print(f"{count} pictures in {TARGET}")


if __name__ == "__main__":
    main()
