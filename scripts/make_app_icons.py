"""Write the app's icons, splash and web-app files into ``scorekeeper/assets/`` (the folder Flet serves and packs).

The picture is the app's own double-five tile (``make_tile_images.tile_picture_svg``, the
picker's look) tilted on the table's felt green, drawn as SVG and rendered to PNG
with CairoSVG (``pip install -e '.[icons]'``; only this script needs it). Outputs:

* ``icon.png`` (1024 px, opaque: felt to the edges, the tile inside the 61 % circle
  Android's adaptive icons keep) and ``splash.png`` (the tile on transparent): the
  sources ``flet build`` renders every platform's launcher icon and splash from;
* the web app's files, which flet-web takes from the assets folder before its own
  (``flet_web/fastapi/flet_static_files.py``): ``manifest.json``, ``index.html``
  (flet-web's own page with our name, description and theme colour),
  ``favicon.png``, ``icons/icon-{192,512}.png`` and ``icons/icon.svg`` (a rounded felt
  square), ``icons/icon-maskable-{192,512}.png`` (as ``icon.png``),
  ``icons/apple-touch-icon-192.png`` and ``icons/loading-animation.png`` (the tile
  on the loading screen).

``tests/app/test_web_app_files.py`` checks that ``manifest.json`` and ``index.html``
are what this script writes now. Run it after changing the drawing, the colours, or
upgrading flet-web:

    python scripts/make_app_icons.py
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))  # run from a checkout without installing it

from make_tile_images import tile_picture_svg  # noqa: E402 - next to this script

from scorekeeper.app.parts.widgets import FELT  # noqa: E402
from scorekeeper.serve.web_app_files import ASSETS, index_html, manifest  # noqa: E402

SIZE = 1024  # the drawing's canvas; every PNG is rendered from it
TILT = -18  # degrees: a tile laid down by hand
SHADOW = "#000000"


def tile(half: float, shadow: bool = True) -> str:
    """The double five, ``half`` canvas units per half, tilted about the canvas centre (SVG fragment)."""
    face = tile_picture_svg(5, 5, horizontal=False, look="pick")
    width, height = half, 2 * half
    x, y = (SIZE - width) / 2, (SIZE - height) / 2
    body = face[face.index(">") + 1 : face.rindex("</svg>")]  # drawn in a 100 x 200 box
    nested = f'<svg x="{x:g}" y="{y:g}" width="{width:g}" height="{height:g}" viewBox="0 0 100 200">{body}</svg>'
    drop = ""
    if shadow:  # a solid offset shadow: renders the same in every SVG renderer (no filters)
        offset = half * 0.06
        drop = (
            f'<rect x="{x + offset:g}" y="{y + 1.5 * offset:g}" width="{width:g}" height="{height:g}" '
            f'rx="{half * 0.14:g}" fill="{SHADOW}" fill-opacity="0.28"/>'
        )
    return f'<g transform="rotate({TILT} {SIZE / 2:g} {SIZE / 2:g})">{drop}{nested}</g>'


def svg(body: str) -> str:
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {SIZE} {SIZE}" width="{SIZE}" '
        f'height="{SIZE}">{body}</svg>'
    )


def full_bleed() -> str:
    """Felt to the edges, the tile within the centre circle every mask keeps (Android adaptive: 61 %)."""
    return svg(f'<rect width="{SIZE}" height="{SIZE}" fill="{FELT}"/>{tile(280)}')


def rounded() -> str:
    """A rounded felt square with a larger tile (where no mask is applied: browser tabs, desktops)."""
    return svg(f'<rect width="{SIZE}" height="{SIZE}" rx="{SIZE * 0.2:g}" fill="{FELT}"/>{tile(340)}')


def tile_only() -> str:
    """The tile alone on transparent (the splash, drawn over the felt background colour)."""
    return svg(tile(400))


def render(source: str, path: Path, size: int) -> None:
    import cairosvg  # type: ignore[import-untyped]

    path.parent.mkdir(parents=True, exist_ok=True)
    cairosvg.svg2png(bytestring=source.encode(), write_to=str(path), output_width=size, output_height=size)


def main() -> None:
    pictures = [
        (full_bleed(), "icon.png", 1024),
        (tile_only(), "splash.png", 1024),
        (rounded(), "favicon.png", 32),
        (rounded(), "icons/icon-192.png", 192),
        (rounded(), "icons/icon-512.png", 512),
        (full_bleed(), "icons/icon-maskable-192.png", 192),
        (full_bleed(), "icons/icon-maskable-512.png", 512),
        (full_bleed(), "icons/apple-touch-icon-192.png", 192),
        (tile_only(), "icons/loading-animation.png", 512),
    ]
    for source, name, size in pictures:
        render(source, ASSETS / name, size)
    (ASSETS / "icons" / "icon.svg").write_text(rounded(), encoding="utf-8")
    (ASSETS / "manifest.json").write_text(json.dumps(manifest(), indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
    (ASSETS / "index.html").write_text(index_html(), encoding="utf-8")
    print(f"{len(pictures) + 3} files in {ASSETS}")


if __name__ == "__main__":
    main()
